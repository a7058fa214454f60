//! 6.2.2 (and 10.1) casualties: who loses what, chosen by the side that takes the hits.

use super::actions::{Action, Casualty};
use super::battle::feasible;
use super::cards::{lord_name, LordId};
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, RuleError};
use crate::map::VillageId;

/// A choice of casualties taken at once (6.2.2): what the decision may take, and what the
/// engine proposes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LossChoice {
    /// The Village of the battle.
    pub village: VillageId,
    /// Each kind of casualty this decision may take, with the most of it there is (the
    /// Troops there, a Lord once), in the order of `proposed`'s preference.
    pub kinds: Vec<(Casualty, u8)>,
    /// The proposed choice: how many of each kind are lost, every loss counted, those the
    /// rules then force included. Men-at-Arms go before Knights, the chooser's own before a
    /// partner's, and Lords last, the least titled first (ruling R-LOSSES).
    pub proposed: Vec<(Casualty, u8)>,
}

impl Game {
    /// 6.2.2: the casualties `p` is asked to choose now, if he is, and the choice the engine
    /// proposes (ruling R-LOSSES): each step takes the first casualty in the order of
    /// preference among those the rules allow, until no loss is asked any more.
    pub fn loss_choice(&self, p: PlayerId) -> Option<LossChoice> {
        let asked = |g: &Game| match g.prompt() {
            Some(pr) if pr.player == p => match pr.kind {
                super::PromptKind::Losses { village, .. } => Some(village),
                _ => None,
            },
            _ => None,
        };
        let village = asked(self)?;
        let rank = |g: &Game, c: &Casualty| match *c {
            Casualty::Maa(q) => (0, u8::from(q != p), 0),
            Casualty::Knight(q) => (1, u8::from(q != p), 0),
            Casualty::Lord(l) => (
                2,
                u8::from(g.lord(l).is_some_and(|x| x.owner != p)),
                g.title_count(l),
            ),
        };
        let troops = |g: &Game, q: PlayerId| g.villages[village as usize].troops[q as usize];
        let mut h = self.clone_lean();
        h.quiet = true;
        let mut kinds: Vec<(Casualty, u8)> = Vec::new();
        let mut taken: Vec<Casualty> = Vec::new();
        // Each step takes one casualty; a battle holds at most 6 x 21 Troops and 24 Lords.
        for _ in 0..256 {
            if asked(&h) != Some(village) {
                break;
            }
            let mut allowed = Vec::new();
            h.casualty_candidates(&mut allowed);
            let mut allowed: Vec<Casualty> = allowed
                .into_iter()
                .filter_map(|a| match a {
                    Action::Casualty(c) => Some(c),
                    _ => None,
                })
                .collect();
            for c in &allowed {
                if !kinds.iter().any(|(k, _)| k == c) {
                    let most = match *c {
                        Casualty::Maa(q) => troops(self, q).maa,
                        Casualty::Knight(q) => troops(self, q).knights,
                        Casualty::Lord(_) => 1,
                    };
                    kinds.push((*c, most));
                }
            }
            allowed.sort_by_key(|c| rank(&h, c));
            let Some(c) = allowed.first().copied() else {
                break;
            };
            if h.apply(p, Action::Casualty(c)).is_err() {
                break;
            }
            taken.push(c);
        }
        kinds.sort_by_key(|(c, _)| rank(self, c));
        // What the proposal lost, counted on the board: the losses the rules forced too.
        let lost = |c: Casualty| match c {
            Casualty::Maa(q) => troops(self, q).maa.saturating_sub(troops(&h, q).maa),
            Casualty::Knight(q) => troops(self, q)
                .knights
                .saturating_sub(troops(&h, q).knights),
            Casualty::Lord(l) => u8::from(self.lord(l).is_some() && h.lord(l).is_none()),
        };
        let proposed = kinds
            .iter()
            .map(|(c, _)| (*c, lost(*c)))
            .filter(|(_, n)| *n > 0)
            .collect();
        Some(LossChoice {
            village,
            kinds,
            proposed,
        })
    }

    /// How many titles Lord `l` holds (King, Queen, Crown Prince, Pope, Cardinal, Bishop,
    /// Fief Titles, d'ARC).
    pub fn title_count(&self, l: LordId) -> usize {
        let t = &self.titles;
        [t.king, t.queen, t.crown_prince, t.pope, t.darc]
            .iter()
            .filter(|x| **x == Some(l))
            .count()
            + usize::from(self.is_cardinal(l))
            + t.bishop.iter().filter(|b| **b == Some(l)).count()
            + self.fief_titles_of(l).len()
    }

    // ----- casualties (6.2.2, 10.1) -----

    pub(crate) fn casualty_candidates(&self, out: &mut Vec<Action>) {
        let Some(Pending::Losses {
            village,
            players,
            cost,
            lords,
            ..
        }) = self.pending.last()
        else {
            return;
        };
        let (v, cost) = (*village, *cost);
        let (m, k) = players.iter().fold((0u32, 0u32), |a, &q| {
            let t = self.villages[v as usize].troops[q as usize];
            (a.0 + t.maa as u32, a.1 + t.knights as u32)
        });
        if cost > 0 {
            for &q in players {
                let t = self.villages[v as usize].troops[q as usize];
                if t.maa > 0 && feasible(cost - 1, m - 1, k) {
                    out.push(Action::Casualty(Casualty::Maa(q)));
                }
                if t.knights > 0 && cost >= 3 && feasible(cost - 3, m, k - 1) {
                    out.push(Action::Casualty(Casualty::Knight(q)));
                }
            }
        } else if *lords > 0 {
            out.extend(
                self.lords
                    .iter()
                    .filter(|l| l.village == v && l.captor.is_none() && players.contains(&l.owner))
                    .map(|l| Action::Casualty(Casualty::Lord(l.id))),
            );
        }
    }

    /// Whether the casualties are forced: one way to make up the Troop hits, within one
    /// player's Troops, and as many Lords to lose as there are (6.2.2).
    pub(crate) fn only_one_allocation(
        &self,
        v: VillageId,
        players: &[PlayerId],
        cost: u32,
        lords: u8,
    ) -> bool {
        let armed: Vec<PlayerId> = players
            .iter()
            .copied()
            .filter(|&q| self.villages[v as usize].troops[q as usize].count() > 0)
            .collect();
        if cost > 0 {
            if armed.len() != 1 {
                return false;
            }
            let t = self.villages[v as usize].troops[armed[0] as usize];
            let ways = (0..=(t.knights as u32).min(cost / 3))
                .filter(|k| cost - 3 * k <= t.maa as u32)
                .count();
            return ways == 1;
        }
        let free = self
            .lords
            .iter()
            .filter(|l| l.village == v && l.captor.is_none() && players.contains(&l.owner))
            .count();
        lords as usize >= free
    }

    pub(crate) fn check_casualty(&self, a: &Action) -> Result<(), RuleError> {
        let mut c = Vec::new();
        self.casualty_candidates(&mut c);
        if c.contains(a) {
            Ok(())
        } else {
            refuse(
                "6.2.2",
                "casualties must remove as many SP as the hits allow: Troops first (a Knight takes 3 hits), Lords only when every Troop is dead",
            )
        }
    }

    /// 6.2.2: casualties whose allocation is only one of order, or that have one way or none
    /// left, are taken at once (`advance`).
    pub(crate) fn settle_losses(&mut self) -> bool {
        let Some(Pending::Losses {
            village,
            players,
            cost,
            lords,
            ..
        }) = self.pending.last().cloned()
        else {
            return false;
        };
        let mut c = Vec::new();
        self.casualty_candidates(&mut c);
        if self.only_one_allocation(village, &players, cost, lords) {
            // The choice is only one of order: take the casualties at once.
            if let Some(Action::Casualty(x)) = c.first() {
                self.exec_casualty(*x);
            } else {
                self.pending.pop();
            }
            return true;
        }
        match c.len() {
            0 => {
                // Nothing left to remove (the units are gone).
                self.pending.pop();
                true
            }
            1 => {
                if let Action::Casualty(x) = c[0] {
                    self.exec_casualty(x);
                }
                true
            }
            _ => false,
        }
    }

    pub(crate) fn exec_casualty(&mut self, c: Casualty) {
        let Some(Pending::Losses {
            chooser,
            village,
            players,
            mut cost,
            mut lords,
        }) = self.pending.pop()
        else {
            return;
        };
        let v = village as usize;
        match c {
            Casualty::Maa(q) => {
                self.villages[v].troops[q as usize].maa -= 1;
                self.players[q as usize].stock_maa += 1;
                cost -= 1;
                say!(
                    self,
                    "6.2.2",
                    msg!("{p} loses a Man-at-Arms.", p = self.pname(q))
                );
            }
            Casualty::Knight(q) => {
                self.villages[v].troops[q as usize].knights -= 1;
                self.players[q as usize].stock_knights += 1;
                cost -= 3;
                say!(
                    self,
                    "6.2.2",
                    msg!("{p} loses a Knight.", p = self.pname(q))
                );
            }
            Casualty::Lord(l) => {
                lords -= 1;
                say!(
                    self,
                    "6.2.2",
                    msg!("{lord} falls in battle.", lord = lord_name(l)),
                );
                self.kill_lord(l);
            }
        }
        self.refresh_village(village);
        if cost > 0 || lords > 0 {
            self.pending.push(Pending::Losses {
                chooser,
                village,
                players,
                cost,
                lords,
            });
        }
    }
}
