//! Which "any time" plays a reaction window offers that no later decision of the same player
//! would offer again in time (ruling R-WINDOW-ONLY): a pure query for the programs that pass
//! windows for a player, never a change to what may be played.

use super::actions::{Action, PassageUse};
use super::state::phase::{Pending, WindowAt};
use super::state::*;

impl Game {
    /// The plays `p` may make in the reaction window that waits on him now and could not make
    /// again before the moment they are for (ruling R-WINDOW-ONLY). Only the window before a
    /// battle roll has such plays: an Ambush (10.5) or an attacker's Secret Passage (10.2.2)
    /// are for the battle under way, and a player of the battle who will not lead a side
    /// through its choices before this roll (6.0: a side's leader decides for it; a side
    /// without Troops gets no choice, R-WINDOWS) has no other decision before the dice fall.
    /// A side's leader is asked next, and the window's plays are his there too
    /// (`PromptKind::allows_any_time`). Empty when the window is not his or not before a
    /// roll; the cards he passes stay in his hand for his next decision.
    pub fn window_only_plays(&self, p: PlayerId) -> Vec<Action> {
        let before_roll = matches!(
            self.pending.last(),
            Some(Pending::Window {
                at: WindowAt::BattleRoll(_),
                ..
            })
        );
        if !before_roll || self.to_act() != Some(p) {
            return Vec::new();
        }
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let choices_come = (0..2).all(|s| self.side_troop_hits(s) > 0);
        let leads = (0..2).any(|s| self.side_leader(s) == Some(p));
        if choices_come && leads && b.sides.iter().any(|side| side.contains(&p)) {
            return Vec::new();
        }
        self.legal_actions(p)
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::PlayAmbush(_) | Action::SecretPassage(PassageUse::Battle)
                )
            })
            .collect()
    }
}
