//! 5.1 Control of Villages, and 4.3: whoever holds the Fortified City holds the Fief Title.

use super::state::phase::Pending;
use super::state::*;
use super::{refuse, RuleError};
use crate::map::{FiefId, VillageId};

impl Game {
    /// 5.1: recompute who controls `v` after units left or changed hands.
    pub(crate) fn refresh_control(&mut self, v: VillageId) {
        let vi = v as usize;
        if let Some(c) = self.villages[vi].controller {
            if self.has_units(c, v) {
                return;
            }
        }
        let first = (0..self.n())
            .map(|i| self.in_turn(i))
            .find(|&p| self.has_units(p, v));
        let new = match first {
            Some(p) => {
                self.villages[vi].entry[p as usize] = None;
                Some(p)
            }
            // 5.1: an empty Village of a Governed Fief is controlled by its Titled Lord.
            None => self.title_holder_player(self.map.villages[vi].fief),
        };
        self.set_controller(v, new);
    }

    /// Changes a Village's controller; with a Fortified City the Fief Title follows (4.3).
    pub(crate) fn set_controller(&mut self, v: VillageId, new: Option<PlayerId>) {
        let vi = v as usize;
        if self.villages[vi].controller == new {
            return;
        }
        self.villages[vi].controller = new;
        // 6.4: a fortification that falls to (or is handed to) a besieger is no longer besieged.
        self.check_engines(v);
        if self.villages[vi].fort == Fort::City {
            let f = self.map.villages[vi].fief;
            // 4.3: whoever takes the Fortified City takes the Fief Title with it, from its
            // holder or from the map (4.3.1: a title back on the map is won so).
            if let Some(p) = new {
                if self.title_holder_player(f) != Some(p) {
                    self.titles.fief[f as usize] = None;
                    self.refresh_fief_empties(f);
                    say!(self,
                        "4.3",
                        msg!(
                            "Whoever holds the Fortified City holds the title: the {fief} changes hands.",
                            fief = self.fief_arg(f)
                        ),
                    );
                    self.give_fief_title(p, f);
                }
            }
        }
    }

    /// 5.1: the empty Villages of a Fief belong to its Titled Lord's player, or to nobody.
    pub(crate) fn refresh_fief_empties(&mut self, f: FiefId) {
        let holder = self.title_holder_player(f);
        for v in self.map.fiefs[f as usize].villages.clone() {
            if !self.occupied(v) {
                self.villages[v as usize].controller = holder;
            }
        }
    }

    /// A player receives a Fief Title (an heir, or whoever took the Fortified City): he picks
    /// the Lord (ruling R-HEIR-CHOICE); with one or no Lord with room, the choice settles itself.
    pub(crate) fn give_fief_title(&mut self, p: PlayerId, f: FiefId) {
        self.pending
            .push(Pending::ChooseHeir { player: p, fief: f });
    }

    /// 5.1, ruling R-HAND-CONTROL: control handed to a player with units there, once a round.
    pub(crate) fn check_hand_control(
        &self,
        p: PlayerId,
        village: VillageId,
        to: PlayerId,
    ) -> Result<(), RuleError> {
        if self.villages[village as usize].controller != Some(p) {
            return refuse("5.1", "you do not control that Village");
        }
        if to == p || to >= self.n() || !self.has_units(to, village) {
            return refuse("5.1", "control goes to a player with units in the Village");
        }
        if self.memory.handed.contains(&village) {
            return refuse(
                "5.1",
                "control of that Village has already changed hands this round",
            );
        }
        Ok(())
    }

    /// 5.1
    pub(crate) fn exec_hand_control(&mut self, p: PlayerId, village: VillageId, to: PlayerId) {
        self.memory.handed.push(village);
        self.villages[village as usize].entry[to as usize] = None;
        say!(
            self,
            "5.1",
            msg!(
                "{p} hands control of {v} to {to}.",
                p = self.pname(p),
                v = self.vname(village),
                to = self.pname(to)
            ),
        );
        self.set_controller(village, Some(to));
    }
}
