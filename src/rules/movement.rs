//! Phase 5: Movement (5.0–5.2), with Heavy Rain (2.3.1) and the Plague (2.3.3) on the way:
//! its start and end, the Moves each Lord has left, and the checks of a Move. The Moves listed
//! are in `move_candidates`, a Move carried out in `move_exec`, passage asked and answered in
//! `permission`.

use super::cards::{lord_name, Card, LordId};
use super::events::Arg;
use super::state::phase::Phase;
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::VillageId;
use smallvec::SmallVec;

/// The players a Move needs permission from (`Game::move_blockers`): held in place.
pub type Blockers = SmallVec<[PlayerId; MAX_PLAYERS]>;

/// Which checks of a Move `Game::check_move_parts` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveParts {
    /// Every check, in the rulebook's order.
    All,
    /// What the Lords, the road and the way decide.
    Route,
    /// What the Troops and Captives taken along decide.
    Loads,
}

impl Game {
    /// Phase 5 begins: the First Player moves first (5.0).
    pub(crate) fn start_movement(&mut self) {
        self.moves.lords.clear();
        self.moves.groups.clear();
        self.moves.refused.clear();
        self.moves.refused_tolls.clear();
        self.moves.onward = None;
        self.phase = Phase::Movement { idx: 0 };
    }

    /// 5.0, 9.1: a Lord has 2 Moves; the d'ARC Lady 3, and so has whoever travels with her
    /// for every Move he makes.
    pub(super) fn moves_left(&self, l: LordId, army_has_darc: bool) -> u8 {
        let darc = self.titles.darc;
        let m = self.moves.lords.iter().find(|m| m.lord == l);
        if m.is_some_and(|m| m.done) {
            return 0;
        }
        let used = m.map_or(0, |m| m.used);
        let with = m.is_none_or(|m| m.with_darc) && army_has_darc;
        let limit: u8 = if darc == Some(l) || with { 3 } else { 2 };
        limit.saturating_sub(used)
    }

    /// Free (uncaptured) Lords of `p` in `v`, in the order they came into play.
    pub fn free_lords_at(&self, p: PlayerId, v: VillageId) -> impl Iterator<Item = LordId> + '_ {
        self.lords
            .iter()
            .filter(move |l| l.owner == p && l.village == v && l.captor.is_none())
            .map(|l| l.id)
    }

    /// Troops of `p` in `v` that may travel with an army of `lords` (5.0: Troops that already
    /// moved with another Lord this phase stay with him).
    pub fn troops_for_army(&self, p: PlayerId, v: VillageId, lords: &[LordId]) -> Troops {
        let mut t = self.villages[v as usize].troops[p as usize];
        for g in &self.moves.groups {
            if g.village == v && g.player == p && !lords.contains(&g.lord) {
                t.maa -= g.troops.maa.min(t.maa);
                t.knights -= g.troops.knights.min(t.knights);
            }
        }
        t
    }

    /// The players a Cavalcade into `to` would fight: everyone else with Troops there but
    /// the mover's ally (5.2).
    pub(super) fn cavalcade_foes(&self, p: PlayerId, v: VillageId) -> Vec<PlayerId> {
        (0..self.n())
            .map(|i| self.in_turn(i))
            .filter(|&q| {
                q != p
                    && self.ally(p) != Some(q)
                    && self.villages[v as usize].troops[q as usize].count() > 0
            })
            .collect()
    }

    pub(super) fn rain(&self, v: VillageId) -> bool {
        self.bishopric_cards[self.bishopric_of(v) as usize].heavy_rain
    }

    pub(crate) fn check_move(&self, p: PlayerId, o: &MoveOrder) -> Result<(), RuleError> {
        self.check_move_parts(p, o, MoveParts::All)
    }

    /// `check_move`, or one of its two halves: what the Move's Lords, road and way decide
    /// (`MoveParts::Route`, the same whatever Troops and Captives go with them), and what its
    /// Troops and Captives decide (`MoveParts::Loads`, for a Move whose route is legal). A
    /// Move is legal when both halves are; `All` checks them in the rulebook's order, so that
    /// a refusal names the first rule broken.
    pub(crate) fn check_move_parts(
        &self,
        p: PlayerId,
        o: &MoveOrder,
        parts: MoveParts,
    ) -> Result<(), RuleError> {
        let route = parts != MoveParts::Loads;
        let loads = parts != MoveParts::Route;
        let Some(first) = o.lords.first() else {
            return refuse("5.0", "a Move needs a Lord: Troops move only with a Lord");
        };
        let Some(from) = self.lord(*first).map(|l| l.village) else {
            return refuse("5.0", "that Lord is not in play");
        };
        for (i, l) in o.lords.iter().enumerate().filter(|_| route) {
            let Some(lord) = self.lord(*l) else {
                return refuse_with("5.0", || {
                    msg!("{lord} is not in play", lord = lord_name(*l))
                });
            };
            if lord.owner != p {
                return refuse_with("5.0", || {
                    msg!("{lord} is not your Lord", lord = lord_name(*l))
                });
            }
            if lord.captor.is_some() {
                return refuse_with("6.2.3", || {
                    msg!("{lord} is a Captive", lord = lord_name(*l))
                });
            }
            if lord.village != from {
                return refuse("5.0", "an army's Lords must start in the same Village");
            }
            if o.lords[..i].contains(l) {
                return refuse("5.0", "a Lord is named twice");
            }
        }
        if let Some((ls, at)) = self.moves.onward.as_ref().filter(|_| route) {
            let mut a = ls.clone();
            let mut b = o.lords.clone();
            a.sort_unstable();
            b.sort_unstable();
            if a[..] != b[..] || *at != from {
                return refuse(
                    "5.2",
                    "the victorious Cavalcade must go on first, with all its Lords",
                );
            }
        }
        if route && !self.map.adjacent(from, o.to) {
            return refuse_with("5.0", || {
                msg!(
                    "no road from {from} to {to}",
                    from = self.vname(from),
                    to = self.vname(o.to)
                )
            });
        }
        let darc = self.titles.darc.is_some_and(|d| o.lords.contains(&d));
        let need = if o.how == MoveHow::Cavalcade { 2 } else { 1 };
        for l in o.lords.iter().filter(|_| route) {
            if self.moves_left(*l, darc) < need {
                return refuse_with(if need == 2 { "5.2" } else { "5.0" }, || {
                    if need == 2 {
                        msg!(
                            "{lord} needs a Move left after a Cavalcade: no Cavalcade on the last Move",
                            lord = lord_name(*l)
                        )
                    } else {
                        msg!("{lord} has no Move left", lord = lord_name(*l))
                    }
                });
            }
        }
        // The Troops the army may take: counted only for a Move's load (a route's check, made
        // once for every load listed with it, needs them not).
        if loads {
            let t = self.troops_for_army(p, from, &o.lords);
            if o.maa > t.maa || o.knights > t.knights {
                return refuse_with("5.0", || {
                    msg!(
                        "only {maa} Men-at-Arms and {knights} Knights may travel with this army (Troops that moved with another Lord stay with him)",
                        maa = t.maa,
                        knights = t.knights
                    )
                });
            }
        }
        for (i, c) in o.captives.iter().enumerate().filter(|_| loads) {
            let Some(cl) = self.lord(*c) else {
                return refuse("6.2.3", "that Captive is not in play");
            };
            if cl.captor != Some(p) || cl.village != from || o.captives[..i].contains(c) {
                return refuse_with("6.2.3", || {
                    msg!("{lord} is not your Captive here", lord = lord_name(*c))
                });
            }
        }
        // 5.0: after a refusal the army goes back or stays; its Lords may not walk away from
        // the Troops they brought into the Village, leaving them stranded there.
        if loads && self.moves.refused.iter().any(|r| r.0 == p && r.1 == from) {
            let stays = self.free_lords_at(p, from).any(|l| !o.lords.contains(&l));
            let brought = self
                .moves
                .groups
                .iter()
                .filter(|g| g.village == from && g.player == p)
                .fold(Troops::default(), |t, g| Troops {
                    maa: t.maa + g.troops.maa,
                    knights: t.knights + g.troops.knights,
                });
            if !stays && (o.maa < brought.maa || o.knights < brought.knights) {
                let mut what: Vec<Arg> = Vec::new();
                if brought.maa > 0 {
                    what.push(msgn!("{n} Man-at-Arms", "{n} Men-at-Arms", brought.maa).into());
                }
                if brought.knights > 0 {
                    what.push(msgn!("{n} Knight", "{n} Knights", brought.knights).into());
                }
                return refuse_with("5.0", || {
                    msg!(
                        "refused passage, the army leaves only with the Troops it brought: {what}",
                        what = Arg::List(what)
                    )
                });
            }
        }
        // 2.3.1: no movement into, out of or inside a Heavy Rain Bishopric, but one Move by
        // Secret Passage (10.2.1).
        if route && (self.rain(from) || self.rain(o.to)) && o.how != MoveHow::Passage {
            return refuse(
                "2.3.1",
                "Heavy Rain: no movement into, out of or inside that Bishopric without a Secret Passage",
            );
        }
        let blockers = if route {
            self.move_blockers(p, from, o.to, &o.lords)
        } else {
            Blockers::new()
        };
        match o.how {
            MoveHow::Passage | MoveHow::Normal | MoveHow::Toll(_) if !route => {}
            MoveHow::Passage => {
                if !self.players[p as usize].hand.contains(&Card::SecretPassage) {
                    return refuse("10.2.1", "you hold no Secret Passage card");
                }
                // 10.2.1: the card opens a road closed by Heavy Rain or by another player;
                // on an open road it is not spent.
                if blockers.is_empty() && !self.rain(from) && !self.rain(o.to) {
                    return refuse(
                        "10.2.1",
                        "this road is open: a Secret Passage is not needed",
                    );
                }
            }
            MoveHow::Normal | MoveHow::Toll(_) => {
                if !blockers.is_empty() && self.moves.refused.contains(&(p, from, o.to)) {
                    // 5.0, 8.0: asked again only for a higher toll than any refused.
                    let refused_toll = self
                        .moves
                        .refused_tolls
                        .iter()
                        .filter(|r| (r.0, r.1, r.2) == (p, from, o.to))
                        .map(|r| r.3)
                        .max()
                        .unwrap_or(0);
                    if o.how.toll() <= refused_toll {
                        return refuse_with("5.0", || {
                            if self.over_cap(refused_toll.saturating_add(1)) {
                                msg!("permission was refused: go back, stay, or use a Secret Passage or a Cavalcade")
                            } else {
                                msgn!(
                                    "permission was refused: offer a toll of more than {n} Denier, go back, stay, or use a Secret Passage or a Cavalcade",
                                    "permission was refused: offer a toll of more than {n} Deniers, go back, stay, or use a Secret Passage or a Cavalcade",
                                    refused_toll
                                )
                            }
                        });
                    }
                }
                if let MoveHow::Toll(n) = o.how {
                    self.check_toll(p, n, &blockers)?;
                }
            }
            MoveHow::Cavalcade => {
                // 5.2: only Lords and Knights; any MaA in the army rules it out. A battle
                // needs Troops (6.0), so at least one Knight rides with it.
                if loads && o.maa > 0 {
                    return refuse("5.2", "a Cavalcade is made of Lords and Knights only");
                }
                if loads && o.knights == 0 {
                    return refuse("5.2", "a Cavalcade needs Knights: Lords alone cannot fight");
                }
                if !route {
                    return Ok(());
                }
                let fight_here = blockers
                    .iter()
                    .any(|&q| self.villages[from as usize].troops[q as usize].count() > 0);
                if !fight_here {
                    let foes = self.cavalcade_foes(p, o.to);
                    if foes.is_empty() {
                        return refuse(
                            "5.2",
                            "a Cavalcade fights its way through opposing Troops; there are none",
                        );
                    }
                    let tv = &self.villages[o.to as usize];
                    if tv.fort != Fort::None && tv.controller.is_some_and(|c| c != p) {
                        return refuse(
                            "5.2",
                            "a Cavalcade may not pass through a Stronghold or Fortified City",
                        );
                    }
                }
            }
        }
        Ok(())
    }

    /// 5.2: the Movement turn ends only once a victorious Cavalcade went on.
    pub(crate) fn check_end_movement(&self) -> Result<(), RuleError> {
        if self.moves.onward.is_some() {
            refuse("5.2", "the victorious Cavalcade must go on first")
        } else {
            Ok(())
        }
    }

    pub(crate) fn exec_end_movement(&mut self, p: PlayerId) {
        // ruling R-LONE-LORD: captures are made as each Move ends; this sweep is a last
        // guard for Lords left alone by anything else in the turn (a death, the Plague).
        for v in 0..self.map.villages.len() as VillageId {
            self.check_lone_lords(v);
        }
        say!(
            self,
            "5.0",
            msg!("{p} has finished moving.", p = self.pname(p))
        );
        if let Phase::Movement { idx } = &mut self.phase {
            *idx += 1;
        }
    }

    /// Discards a Fortune card from a hand to its discard pile.
    pub(crate) fn discard_fortune(&mut self, p: PlayerId, c: Card) {
        let hand = &mut self.players[p as usize].hand;
        if let Some(i) = hand.iter().position(|x| *x == c) {
            hand.remove(i);
            self.fortune_discard.push(c);
        }
    }

    /// After units left or died in `v`: control (5.1), Captives (6.2.3), engines (6.4.2).
    pub(crate) fn refresh_village(&mut self, v: VillageId) {
        self.check_captives(v);
        self.refresh_control(v);
        self.check_engines(v);
    }
}
