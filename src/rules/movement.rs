//! Phase 5: Movement (5.0–5.2), with Heavy Rain (2.3.1) and the Plague (2.3.3) on the way.

use super::actions::{Action, LordList};
use super::cards::{lord_name, Card, LordId};
use super::diplomacy::Unpayable;
use super::events::{n_, Arg};
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::VillageId;
use smallvec::SmallVec;

/// The troop counts from `lo` to `hi` a Move may take; with `coarse`, only the ends, their
/// neighbours and the middle (see `Game::bot_actions`).
fn counts(lo: u8, hi: u8, coarse: bool) -> SmallVec<[u8; 16]> {
    if hi < lo {
        return SmallVec::new();
    }
    if coarse {
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
    fn moves_left(&self, l: LordId, army_has_darc: bool) -> u8 {
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

    /// The players whose permission a Move from `from` to `to` needs (5.0, FAQ, 6.4.1).
    pub fn move_blockers(
        &self,
        p: PlayerId,
        from: VillageId,
        to: VillageId,
        lords: &[LordId],
    ) -> Blockers {
        let vs = &self.villages[from as usize];
        let mut out = Blockers::new();
        // 6.4.1: units inside a besieged fortification leave only with the besieger's leave.
        let ctrl = vs.controller;
        if vs.fort != Fort::None
            && ctrl.is_some_and(|c| c == p || self.ally(c) == Some(p))
            && vs.besieger.is_some()
        {
            for q in 0..self.n() {
                if q != p && vs.engines[q as usize] > 0 {
                    out.push(q);
                }
            }
        }
        // 5.0: passing through a Village occupied by another player needs his permission,
        // except to go back where the army came from.
        let came_from = lords.first().and_then(|l| {
            self.moves
                .lords
                .iter()
                .find(|m| m.lord == *l)
                .and_then(|m| m.came_from)
        });
        if let (Some(back), Some(c)) = (came_from, ctrl) {
            if back != to && c != p && self.has_units(c, from) {
                out.push(c);
            }
        }
        // 5.0 FAQ: whoever sits on the road out must agree.
        for q in 0..self.n() {
            if q != p && vs.entry[q as usize] == Some(to) && self.has_units(q, from) {
                out.push(q);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The players a Cavalcade into `to` would fight: everyone else with Troops there but
    /// the mover's ally (5.2).
    fn cavalcade_foes(&self, p: PlayerId, v: VillageId) -> Vec<PlayerId> {
        (0..self.n())
            .map(|i| self.seat(i))
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

    /// 5.0 with 8.0: a toll of 1 to 3 Deniers to each player asked for passage, who must be
    /// able to take it (a Diplomacy marker each), and that the mover can pay them all. Under
    /// Open Diplomacy (11.3) no marker is needed and the toll has no cap.
    fn check_toll(&self, p: PlayerId, n: u8, blockers: &[PlayerId]) -> Result<(), RuleError> {
        if n == 0 {
            return refuse("5.0", "a toll is at least 1 Denier");
        }
        if self.over_cap(n) {
            return refuse("8.0", "a toll for passage is 1 to 3 Deniers");
        }
        if blockers.is_empty() {
            return refuse(
                "8.0",
                "nobody needs to be asked on this road: there is no toll to pay",
            );
        }
        match self.unpayable(p, blockers, n) {
            Some(Unpayable::NoMarker(q)) => refuse_with("8.0", || {
                msg!(
                    "{p} has no Diplomacy marker left to take a toll",
                    p = self.pname(q)
                )
            }),
            Some(Unpayable::Short(due)) => refuse_with("8.0", || {
                msgn!(
                    "the toll comes to {n} Denier and you have less",
                    "the toll comes to {n} Deniers and you have less",
                    due
                )
            }),
            None => Ok(()),
        }
    }

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

    pub(crate) fn movement_candidates(&self, p: PlayerId, coarse: bool, out: &mut Vec<Action>) {
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
            let captive_sets: SmallVec<[LordList; 2]> = if coarse {
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
                                coarse,
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
                            (counts(0, t.maa, coarse), 0)
                        };
                        let knight_counts = counts(first_knight, t.knights, coarse);
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

    pub(crate) fn exec_move(&mut self, p: PlayerId, o: MoveOrder) {
        let Some(from) = o
            .lords
            .first()
            .and_then(|l| self.lord(*l))
            .map(|l| l.village)
        else {
            return;
        };
        let blockers = self.move_blockers(p, from, o.to, &o.lords);
        match o.how {
            MoveHow::Normal | MoveHow::Toll(_) if !blockers.is_empty() => {
                let toll = o.how.toll();
                say!(
                    self,
                    "5.0",
                    if toll == 0 {
                        msg!(
                            "{p} asks {them} for permission to move from {from} to {to}.",
                            p = self.pname(p),
                            them = self.pnames(blockers.iter().copied()),
                            from = self.vname(from),
                            to = self.vname(o.to)
                        )
                    } else if blockers.len() == 1 {
                        msgn!(
                            "{p} asks {them} for permission to move from {from} to {to}, offering a toll of {n} Denier.",
                            "{p} asks {them} for permission to move from {from} to {to}, offering a toll of {n} Deniers.",
                            toll,
                            p = self.pname(p),
                            them = self.pnames(blockers.iter().copied()),
                            from = self.vname(from),
                            to = self.vname(o.to)
                        )
                    } else {
                        msgn!(
                            "{p} asks {them} for permission to move from {from} to {to}, offering each a toll of {n} Denier.",
                            "{p} asks {them} for permission to move from {from} to {to}, offering each a toll of {n} Deniers.",
                            toll,
                            p = self.pname(p),
                            them = self.pnames(blockers.iter().copied()),
                            from = self.vname(from),
                            to = self.vname(o.to)
                        )
                    },
                );
                let mut askees = blockers.to_vec();
                askees.reverse();
                self.pending.push(Pending::Permission {
                    mover: p,
                    from,
                    order: o,
                    askees,
                    agreed: Vec::new(),
                });
            }
            MoveHow::Normal | MoveHow::Toll(_) => self.do_move(p, from, &o),
            MoveHow::Passage => {
                self.discard_fortune(p, Card::SecretPassage);
                say!(
                    self,
                    "10.2.1",
                    msg!("{p} uses a Secret Passage.", p = self.pname(p)),
                );
                self.do_move(p, from, &o);
            }
            MoveHow::Cavalcade => {
                let here: Vec<PlayerId> = blockers
                    .into_iter()
                    .filter(|&q| self.villages[from as usize].troops[q as usize].count() > 0)
                    .collect();
                if !here.is_empty() {
                    // 5.2 FAQ: breaking out of a siege, or through the road's holders: the
                    // battle is the first Move, and a victorious army must then go on.
                    let darc = self.titles.darc.is_some_and(|d| o.lords.contains(&d));
                    for l in &o.lords {
                        self.note_move(*l, darc, None);
                    }
                    say!(
                        self,
                        "5.2",
                        msg!(
                            "{p}'s Cavalcade attacks in {v} to get out.",
                            p = self.pname(p),
                            v = self.vname(from)
                        ),
                    );
                    self.start_battle(from, p, here, Some((o.lords.to_vec(), Some(o))));
                } else {
                    let to = o.to;
                    self.do_move(p, from, &o);
                    let lords: Vec<LordId> = o
                        .lords
                        .iter()
                        .copied()
                        .filter(|l| self.lord(*l).is_some_and(|x| x.village == to))
                        .collect();
                    let foes = self.cavalcade_foes(p, to);
                    if lords.is_empty() || foes.is_empty() {
                        return;
                    }
                    say!(
                        self,
                        "5.2",
                        msg!(
                            "{p}'s Cavalcade attacks in {v}.",
                            p = self.pname(p),
                            v = self.vname(to)
                        ),
                    );
                    self.start_battle(to, p, foes, Some((lords, None)));
                }
            }
        }
    }

    /// This phase's movement record of a Lord, begun on first use.
    pub(super) fn lord_move_mut(&mut self, l: LordId) -> &mut LordMove {
        let i = match self.moves.lords.iter().position(|m| m.lord == l) {
            Some(i) => i,
            None => {
                self.moves.lords.push(LordMove {
                    lord: l,
                    used: 0,
                    with_darc: true,
                    came_from: None,
                    done: false,
                });
                self.moves.lords.len() - 1
            }
        };
        &mut self.moves.lords[i]
    }

    fn note_move(&mut self, l: LordId, darc: bool, came_from: Option<VillageId>) {
        let m = self.lord_move_mut(l);
        m.used += 1;
        m.with_darc &= darc;
        if came_from.is_some() {
            m.came_from = came_from;
        }
    }

    /// Carries out one Move: Lords, Troops and Captives go along the road; control, the entry
    /// road, Captives and engines left behind, and the Plague are settled (5.0, 5.1, 2.3.3).
    pub(crate) fn do_move(&mut self, p: PlayerId, from: VillageId, o: &MoveOrder) {
        let to = o.to;
        let darc = self.titles.darc.is_some_and(|d| o.lords.contains(&d));
        let had_units = self.has_units(p, to);
        for l in &o.lords {
            self.note_move(*l, darc, Some(from));
            if let Some(x) = self.lord_mut(*l) {
                x.village = to;
            }
        }
        for c in &o.captives {
            if let Some(x) = self.lord_mut(*c) {
                x.village = to;
            }
        }
        // Troops: first those already travelling with these Lords, then fresh ones.
        let mut need = Troops {
            maa: o.maa,
            knights: o.knights,
        };
        for g in &mut self.moves.groups {
            if g.village == from && g.player == p && o.lords.contains(&g.lord) {
                let m = need.maa.min(g.troops.maa);
                let k = need.knights.min(g.troops.knights);
                g.troops.maa -= m;
                g.troops.knights -= k;
                need.maa -= m;
                need.knights -= k;
            }
        }
        self.moves.groups.retain(|g| g.troops.count() > 0);
        let moving = Troops {
            maa: o.maa,
            knights: o.knights,
        };
        {
            let t = &mut self.villages[from as usize].troops[p as usize];
            t.maa -= moving.maa;
            t.knights -= moving.knights;
            let t = &mut self.villages[to as usize].troops[p as usize];
            t.maa += moving.maa;
            t.knights += moving.knights;
        }
        if moving.count() > 0 {
            let lead = o.lords[0];
            match self
                .moves
                .groups
                .iter_mut()
                .find(|g| g.village == to && g.player == p && g.lord == lead)
            {
                Some(g) => {
                    g.troops.maa += moving.maa;
                    g.troops.knights += moving.knights;
                }
                None => self.moves.groups.push(TroopGroup {
                    village: to,
                    player: p,
                    lord: lead,
                    troops: moving,
                }),
            }
        }
        // A bot's game keeps no log: the words are not even put together.
        if !self.quiet {
            self.tell_move(p, from, o, moving);
        }
        // 5.1: control of the Village entered; otherwise the road in is recorded.
        if !had_units {
            let c = self.villages[to as usize].controller;
            if c.is_none() || c.is_some_and(|c| c == p || !self.has_units(c, to)) {
                self.villages[to as usize].entry[p as usize] = None;
                self.set_controller(to, Some(p));
            } else {
                self.villages[to as usize].entry[p as usize] = Some(from);
            }
        }
        // The Village left behind.
        self.refresh_village(from);
        // ruling R-LONE-LORD: a Lord without Troops among an opponent's army is captured at
        // once, on either side of the road (an army passing through takes him).
        self.check_lone_lords(to);
        self.check_lone_lords(from);
        // 2.3.3: the Plague strikes those who enter its Bishopric.
        let (bf, bt) = (self.bishopric_of(from), self.bishopric_of(to));
        let plagued = |b| self.bishopric_cards[b as usize].plague;
        if plagued(bt) && bf != bt && !plagued(bf) {
            let mut rollers: Vec<LordId> = o.lords.to_vec();
            rollers.extend(o.captives.iter().copied());
            let base = self.pending.len();
            for l in rollers {
                if self.moves.plague_rolled.contains(&(l, bt)) {
                    continue;
                }
                self.moves.plague_rolled.push((l, bt));
                self.roll_for_life(l, "2.3.3", n_("on entering the Plague"));
            }
            // The group is halved once every death is settled: a Lord at death's door
            // (11.1.1) is asked about first.
            if self.pending.len() > base {
                let entry = Pending::PlagueEntry {
                    player: p,
                    village: to,
                    group: moving,
                };
                self.pending.insert(base, entry);
            } else {
                self.plague_entry(p, to, moving);
            }
        }
        if let Some((ls, at)) = &self.moves.onward {
            if *at == from && o.lords.iter().all(|l| ls.contains(l)) {
                self.moves.onward = None;
            }
        }
    }

    /// The log entry of a move made by `do_move` (`moving`: the Troops that went).
    fn tell_move(&mut self, p: PlayerId, from: VillageId, o: &MoveOrder, moving: Troops) {
        let to = o.to;
        let mut what: Vec<Arg> = o.lords.iter().map(|l| lord_name(*l).into()).collect();
        // 11.2: under Fog of War the others see how many Troops move, not which.
        let mut seen = what.clone();
        if moving.count() > 0 {
            seen.push(msgn!("{n} Troop", "{n} Troops", moving.count()).into());
        }
        if moving.maa > 0 {
            what.push(msgn!("{n} Man-at-Arms", "{n} Men-at-Arms", moving.maa).into());
        }
        if moving.knights > 0 {
            what.push(msgn!("{n} Knight", "{n} Knights", moving.knights).into());
        }
        if !o.captives.is_empty() {
            let cs: Vec<Arg> = o.captives.iter().map(|c| lord_name(*c).into()).collect();
            let captives: Arg = msg!("the Captive {lords}", lords = Arg::List(cs)).into();
            what.push(captives.clone());
            seen.push(captives);
        }
        let told = |what: Vec<Arg>| {
            msgn!(
                "{p}: {what} moves from {from} to {to}.",
                "{p}: {what} move from {from} to {to}.",
                what.len(),
                p = self.pname(p),
                what = Arg::List(what),
                from = self.vname(from),
                to = self.vname(to)
            )
        };
        if self.options.fog_of_war {
            let (full, public) = (told(what), told(seen));
            self.say_private("5.0", p, full, public);
        } else {
            let full = told(what);
            self.say("5.0", full);
        }
    }

    /// 2.3.3: the Troops of `p` who entered the Plague's Bishopric at `to` lose half their
    /// counters, rounded down.
    pub(crate) fn plague_entry(&mut self, p: PlayerId, to: VillageId, moving: Troops) {
        // The entering group as it still stands (a Lord's death may have moved Troops: a
        // spouse inherits a Fortified City's garrison, 4.3.1).
        let here = self.villages[to as usize].troops[p as usize];
        let group = Troops {
            maa: moving.maa.min(here.maa),
            knights: moving.knights.min(here.knights),
        };
        let losses = group.count() / 2;
        if losses > 0 {
            let min_k = losses.saturating_sub(group.maa);
            let max_k = losses.min(group.knights);
            if min_k == max_k {
                self.plague_loss(p, to, losses, min_k);
            } else {
                self.pending.push(Pending::PlagueLosses {
                    player: p,
                    village: to,
                    losses,
                });
            }
        }
    }

    /// 5.0: the answer to a request for permission.
    pub(crate) fn exec_permission(&mut self, yes: bool) {
        let Some(Pending::Permission {
            mover,
            from,
            order,
            mut askees,
            mut agreed,
        }) = self.pending.pop()
        else {
            return;
        };
        let who = askees.pop().unwrap_or(mover);
        if !yes {
            self.moves.refused.push((mover, from, order.to));
            if order.how.toll() > 0 {
                self.moves
                    .refused_tolls
                    .push((mover, from, order.to, order.how.toll()));
            }
            say!(
                self,
                "5.0",
                msg!(
                    "{p} refuses {mover} passage from {from} to {to}.",
                    p = self.pname(who),
                    mover = self.pname(mover),
                    from = self.vname(from),
                    to = self.vname(order.to)
                ),
            );
            return;
        }
        let toll = order.how.toll();
        if toll > 0 {
            say!(
                self,
                "5.0",
                msgn!(
                    "{p} agrees to let {mover} pass for a toll of {n} Denier.",
                    "{p} agrees to let {mover} pass for a toll of {n} Deniers.",
                    toll,
                    p = self.pname(who),
                    mover = self.pname(mover)
                ),
            );
            agreed.push(who);
        } else {
            say!(
                self,
                "5.0",
                msg!(
                    "{p} lets {mover} pass.",
                    p = self.pname(who),
                    mover = self.pname(mover)
                ),
            );
        }
        if !askees.is_empty() {
            self.pending.push(Pending::Permission {
                mover,
                from,
                order,
                askees,
                agreed,
            });
            return;
        }
        // The army may have changed while the question was asked (a Lord died).
        if !self.check_move_now(mover, from, &order) {
            return;
        }
        // 8.0, ruling R-PRICED-DEALS: the tolls are taken only once everyone asked has agreed,
        // each with a Diplomacy marker; the situation may have changed since they were offered.
        if toll > 0 {
            if self.unpayable(mover, &agreed, toll).is_some() {
                self.moves.refused.push((mover, from, order.to));
                say!(
                    self,
                    "8.0",
                    msg!(
                        "The toll can no longer be paid: {mover} may not pass.",
                        mover = self.pname(mover)
                    ),
                );
                return;
            }
            for q in agreed {
                self.take_with_marker(mover, q, toll);
                say!(
                    self,
                    "8.0",
                    msgn!(
                        "{p} takes a toll of {n} Denier from {mover} and lets the army pass.",
                        "{p} takes a toll of {n} Deniers from {mover} and lets the army pass.",
                        toll,
                        p = self.pname(q),
                        mover = self.pname(mover)
                    ),
                );
            }
        }
        self.do_move(mover, from, &order);
    }

    /// Whether a Move checked when passage was asked can still be made once it is granted:
    /// its Lords are free and still where it starts, and its Troops are still there (an
    /// Uprising or a death may have changed the army meanwhile).
    fn check_move_now(&self, p: PlayerId, from: VillageId, o: &MoveOrder) -> bool {
        let lords_there = o.lords.iter().all(|l| {
            self.lord(*l)
                .is_some_and(|x| x.owner == p && x.captor.is_none() && x.village == from)
        });
        let t = self.troops_for_army(p, from, &o.lords);
        lords_there && o.maa <= t.maa && o.knights <= t.knights
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
