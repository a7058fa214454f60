//! 5.0: passage through another player's Village: whose permission a Move needs, the toll
//! offered for it (8.0), and the answer.

use super::cards::LordId;
use super::diplomacy::Unpayable;
use super::movement::Blockers;
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::VillageId;

impl Game {
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

    /// 5.0 with 8.0: a toll of 1 to 3 Deniers to each player asked for passage, who must be
    /// able to take it (a Diplomacy marker each), and that the mover can pay them all. Under
    /// Open Diplomacy (11.3) no marker is needed and the toll has no cap.
    pub(super) fn check_toll(
        &self,
        p: PlayerId,
        n: u8,
        blockers: &[PlayerId],
    ) -> Result<(), RuleError> {
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
}
