//! 5.0–5.2: a Move carried out: Lords, Troops and Captives go along the road; control, the
//! entry road, Captives and engines left behind, and the Plague (2.3.3) are settled, and the
//! Move is told in the log.

use super::cards::{lord_name, Card, LordId};
use super::events::{n_, Arg};
use super::state::moves::{LordMove, TroopGroup};
use super::state::phase::Pending;
use super::state::*;
use crate::map::VillageId;

impl Game {
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
}
