//! The reaction windows (ruling R-WINDOWS): opened at the start of Phases 1, 3, 4, 5, 6 and 7 and
//! before every battle roll, asking in turn order each player who holds an Opportunity card
//! he could play then.

use super::anytime::CARD_ACTIONS;
use super::state::phase::{Pending, WindowAt};
use super::state::*;

impl Game {
    pub(crate) fn open_window(&mut self, phase: u8) {
        self.pending.push(Pending::Window {
            at: WindowAt::Phase(phase),
            idx: 0,
        });
    }

    /// Whether `p` holds an Opportunity card he could play now.
    pub fn has_reaction(&self, p: PlayerId) -> bool {
        let hand = &self.players[p as usize].hand;
        if !hand.iter().any(|c| CARD_ACTIONS.contains(c)) {
            return false;
        }
        let mut out = Vec::new();
        self.card_candidates(p, &mut out);
        // Only whether one is allowed counts: the refusals are not put into words.
        let _terse = super::Terse::new();
        out.iter().any(|a| self.check_any_time(p, a).is_ok())
    }

    /// A reaction window moves past players who have nothing to play.
    pub(crate) fn settle_window(&mut self) -> bool {
        let Some(Pending::Window { at, idx }) = self.pending.last().cloned() else {
            return false;
        };
        if idx >= self.n() {
            self.pending.pop();
            return true;
        }
        if !self.has_reaction(self.in_turn(idx)) {
            self.pending.pop();
            self.pending.push(Pending::Window { at, idx: idx + 1 });
            return true;
        }
        false
    }

    pub(crate) fn exec_window_pass(&mut self) {
        if let Some(Pending::Window { idx, .. }) = self.pending.last_mut() {
            *idx += 1;
        }
    }
}
