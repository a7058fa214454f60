//! 5.0: the Moves a player may make, listed for the prompt and the bots.

use super::actions::{Action, LordList};
use super::cards::{Card, LordId};
use super::state::*;
use crate::map::VillageId;
use smallvec::SmallVec;

/// The troop counts from `lo` to `hi` a Move may take; with `for_bots`, only the ends, their
/// neighbours and the middle (see `Game::bot_actions`).
fn counts(lo: u8, hi: u8, for_bots: bool) -> SmallVec<[u8; 16]> {
    if hi < lo {
        return SmallVec::new();
    }
    if for_bots {
        // None (or the least), one more, about half, all but one, all.
        let mut v: SmallVec<[u8; 16]> = SmallVec::from_slice(&[
            lo,
            (lo + 1).min(hi),
            lo + (hi - lo) / 2,
            hi.saturating_sub(1).max(lo),
            hi,
        ]);
        v.sort_unstable();
        v.dedup();
        v
    } else {
        (lo..=hi).collect()
    }
}

impl Game {
    /// Moves most often legal when any is: each free Lord alone, without Troops, along each
    /// road (for telling quickly whether a player has anything to move at all).
    pub(crate) fn likely_moves(&self, p: PlayerId) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        for l in &self.lords {
            if l.owner != p || l.captor.is_some() || self.moves_left(l.id, true) == 0 {
                continue;
            }
            for &w in &self.map.villages[l.village as usize].neighbours {
                out.push(Action::Move(MoveOrder {
                    lords: LordList::from_slice(&[l.id]),
                    to: w,
                    maa: 0,
                    knights: 0,
                    captives: LordList::new(),
                    how: MoveHow::Normal,
                }));
            }
        }
        out
    }

    pub(crate) fn movement_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        // The lists below are held in place: a family has few Lords.
        let mut villages: SmallVec<[VillageId; 8]> = self
            .lords
            .iter()
            .filter(|l| l.owner == p && l.captor.is_none())
            .map(|l| l.village)
            .collect();
        villages.sort_unstable();
        villages.dedup();
        let passage = self.players[p as usize].hand.contains(&Card::SecretPassage);
        for v in villages {
            // In the order they came into play, as every listed (normalised) action names them.
            let free: SmallVec<[LordId; 8]> = self
                .free_lords_at(p, v)
                .filter(|l| self.moves_left(*l, true) > 0)
                .collect();
            if free.is_empty() {
                continue;
            }
            // Every army of these Lords: every non-empty subset (a family has at most 4).
            let armies: SmallVec<[LordList; 15]> = (1u32..(1 << free.len()))
                .map(|mask| {
                    (0..free.len())
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| free[i])
                        .collect()
                })
                .collect();
            let captives: SmallVec<[LordId; 8]> = self
                .lords
                .iter()
                .filter(|l| l.captor == Some(p) && l.village == v)
                .map(|l| l.id)
                .collect();
            // 6.2.3: any of them may go with the army (a bot weighs all or none).
            let captive_sets: SmallVec<[LordList; 2]> = if for_bots {
                let mut cs = SmallVec::new();
                cs.push(LordList::new());
                if !captives.is_empty() {
                    cs.push(LordList::from_slice(&captives));
                }
                cs
            } else {
                (0u32..(1 << captives.len().min(12)))
                    .map(|mask| {
                        (0..captives.len())
                            .filter(|i| mask & (1 << i) != 0)
                            .map(|i| captives[i])
                            .collect()
                    })
                    .collect()
            };
            for army in armies {
                if let Some((ls, _)) = &self.moves.onward {
                    if ls.len() != army.len() {
                        continue;
                    }
                }
                let t = self.troops_for_army(p, v, &army);
                for &w in &self.map.villages[v as usize].neighbours {
                    let rain = self.rain(v) || self.rain(w);
                    let blockers = self.move_blockers(p, v, w, &army);
                    let mut hows: SmallVec<[MoveHow; 8]> = SmallVec::new();
                    if !rain {
                        hows.push(MoveHow::Normal);
                        // 5.0, 8.0: passage may be asked with a toll where someone is asked
                        // (tolls the mover cannot pay are left out; `check_toll` says why).
                        if !blockers.is_empty() {
                            let most = self.most_listed(
                                self.players[p as usize].money / blockers.len() as u32,
                                for_bots,
                            );
                            hows.extend((1..=most).map(MoveHow::Toll));
                        }
                        // 5.2: a Cavalcade needs Knights and someone's Troops to fight (here
                        // or on the way); `check_move` says the rest.
                        let fight_here = blockers
                            .iter()
                            .any(|&q| self.villages[v as usize].troops[q as usize].count() > 0);
                        if t.knights > 0 && (fight_here || !self.cavalcade_foes(p, w).is_empty()) {
                            hows.push(MoveHow::Cavalcade);
                        }
                    }
                    if passage && (rain || !blockers.is_empty()) {
                        hows.push(MoveHow::Passage);
                    }
                    for how in hows {
                        let (maas, first_knight) = if how == MoveHow::Cavalcade {
                            (SmallVec::from_slice(&[0]), 1)
                        } else {
                            (counts(0, t.maa, for_bots), 0)
                        };
                        let knight_counts = counts(first_knight, t.knights, for_bots);
                        for maa in maas {
                            for &knights in &knight_counts {
                                for c in &captive_sets {
                                    // Copied as slices: a LordList's own clone goes
                                    // Lord by Lord.
                                    out.push(Action::Move(MoveOrder {
                                        lords: LordList::from_slice(&army),
                                        to: w,
                                        maa,
                                        knights,
                                        captives: LordList::from_slice(c),
                                        how,
                                    }));
                                }
                            }
                        }
                    }
                }
            }
        }
        out.push(Action::EndMovement);
    }
}
