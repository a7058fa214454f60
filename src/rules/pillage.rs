//! 6.5 Pillage.

use super::actions::Action;
use super::state::phase::Phase;
use super::state::*;
use super::{refuse, RuleError};
use crate::map::VillageId;

impl Game {
    pub(crate) fn pillage_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        for v in 0..self.map.villages.len() as VillageId {
            let vs = &self.villages[v as usize];
            if vs.mills > 0 && (vs.controller == Some(p) || vs.engines[p as usize] > 0) {
                out.push(Action::Pillage(v));
            }
        }
        out.push(Action::EndPillage);
    }

    pub(crate) fn check_pillage(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        match *a {
            Action::EndPillage => Ok(()),
            Action::Pillage(v) => {
                let vs = &self.villages[v as usize];
                if vs.mills == 0 {
                    refuse("6.5", "there is no Mill there")
                } else if vs.controller != Some(p) && vs.engines[p as usize] == 0 {
                    refuse(
                        "6.5",
                        "you may pillage only Villages you control or besiege",
                    )
                } else {
                    Ok(())
                }
            }
            _ => refuse("6.5", "pillage or end"),
        }
    }

    pub(crate) fn exec_pillage(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::Pillage(v) => {
                self.villages[v as usize].mills -= 1;
                self.players[p as usize].money += 1;
                say!(
                    self,
                    "6.5",
                    msg!(
                        "{p} pillages a Mill in {v} and takes 1 Denier.",
                        p = self.pname(p),
                        v = self.vname(v)
                    ),
                );
            }
            _ => {
                if let Phase::Pillage { idx } = &mut self.phase {
                    *idx += 1;
                }
            }
        }
    }
}
