//! 6.4 Sieges: laying and lifting them, Siege Engines (ruling R-ENGINES-FREE).

use super::state::phase::Phase;
use super::state::*;
use super::{refuse, RuleError};
use crate::map::VillageId;

impl Game {
    pub(crate) fn check_siege(&self, p: PlayerId, v: VillageId) -> Result<(), RuleError> {
        let vs = &self.villages[v as usize];
        if vs.troops[p as usize].count() == 0 {
            return refuse("6.4", "a siege needs your Troops in the Village");
        }
        let holder = match (vs.fort, vs.controller) {
            (Fort::None, _) | (_, None) => {
                return refuse(
                    "6.4",
                    "there is no Stronghold or Fortified City held by another player there",
                );
            }
            (_, Some(c)) => c,
        };
        if holder == p {
            return refuse("6.4", "you hold that fortification yourself");
        }
        if vs.engines[p as usize] > 0 {
            return refuse("6.4", "you are already besieging it");
        }
        if self.players[p as usize].stock_engines == 0 {
            return refuse("6.4", "both your Siege Engines are in use");
        }
        if let Some(b) = vs.besieger {
            if b != p && self.ally(b) != Some(p) {
                return refuse(
                    "6.4",
                    "another player is besieging it; only his ally may join",
                );
            }
        }
        Ok(())
    }

    pub(crate) fn exec_siege(&mut self, p: PlayerId, v: VillageId) {
        let round = self.round;
        let vs = &mut self.villages[v as usize];
        vs.engines[p as usize] = 1;
        vs.engine_round[p as usize] = round;
        vs.besieger.get_or_insert(p);
        self.players[p as usize].stock_engines -= 1;
        if let Phase::Battles { sieged, .. } = &mut self.phase {
            *sieged = true;
        }
        say!(
            self,
            "6.4",
            msg!(
                "{p} lays siege to {v}: a Siege Engine goes beside the Troops, 1-die side up.",
                p = self.pname(p),
                v = self.vname(v)
            ),
        );
    }

    /// 6.4.1: the besieger ends the siege; every engine in the Village is removed.
    pub(crate) fn end_siege(&mut self, v: VillageId) {
        for q in 0..self.n() as usize {
            let e = &mut self.villages[v as usize].engines[q];
            if *e > 0 {
                *e = 0;
                self.players[q].stock_engines += 1;
            }
        }
        if self.villages[v as usize].besieger.take().is_some() {
            say!(
                self,
                "6.4.1",
                msg!("The siege of {v} ends.", v = self.vname(v))
            );
        }
    }

    /// 6.4.2: an engine goes when its owner has no Troops left there; a siege ends when the
    /// fortification is gone or falls to a besieger.
    pub(crate) fn check_engines(&mut self, v: VillageId) {
        let vs = self.villages[v as usize];
        if vs.besieger.is_none() && vs.engines.iter().all(|e| *e == 0) {
            return;
        }
        let over = vs.fort == Fort::None
            || vs.controller.is_none()
            || vs
                .controller
                .is_some_and(|c| vs.engines[c as usize] > 0 || Some(c) == vs.besieger);
        if over {
            self.end_siege(v);
            return;
        }
        for q in 0..self.n() as usize {
            if vs.engines[q] > 0 && vs.troops[q].count() == 0 {
                self.villages[v as usize].engines[q] = 0;
                self.players[q].stock_engines += 1;
            }
        }
        let vs = &mut self.villages[v as usize];
        if vs.besieger.is_some_and(|b| vs.engines[b as usize] == 0) {
            vs.besieger = (0..MAX_PLAYERS as u8).find(|&q| vs.engines[q as usize] > 0);
            if vs.besieger.is_none() {
                say!(
                    self,
                    "6.4.2",
                    msg!(
                        "The besiegers of {v} are gone; the siege ends.",
                        v = self.vname(v)
                    ),
                );
            }
        }
    }

    /// 6.4.1: the besieger may end his siege at any time.
    pub(crate) fn check_end_siege(&self, p: PlayerId, v: VillageId) -> Result<(), RuleError> {
        if self.villages[v as usize].engines[p as usize] == 0 {
            refuse("6.4.1", "you are not besieging that Village")
        } else {
            Ok(())
        }
    }

    /// 6.4.1
    pub(crate) fn exec_end_siege(&mut self, p: PlayerId, v: VillageId) {
        say!(
            self,
            "6.4.1",
            msg!("{p} ends the siege.", p = self.pname(p))
        );
        self.end_siege(v);
    }
}
