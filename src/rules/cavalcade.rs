//! 5.2 the Cavalcade: a victorious army that goes on, or whose movement ends.

use super::actions::LordList;
use super::cards::LordId;
use super::state::*;
use crate::map::VillageId;

impl Game {
    /// A Cavalcade has been fought (5.2, ruling R-CAVALCADE): it goes on only if every
    /// defending Troop is gone and one of its Lords is still free; otherwise its movement ends.
    pub(crate) fn cavalcade_over(
        &mut self,
        p: PlayerId,
        v: VillageId,
        lords: Vec<LordId>,
        onward: Option<MoveOrder>,
        won: bool,
    ) {
        let alive: Vec<LordId> = lords
            .iter()
            .copied()
            .filter(|l| {
                self.lord(*l)
                    .is_some_and(|x| x.captor.is_none() && x.village == v)
            })
            .collect();
        if !won || alive.is_empty() {
            for l in &alive {
                self.note_done(*l);
            }
            say!(
                self,
                "5.2",
                msg!("The Cavalcade is stopped; its movement ends here."),
            );
            return;
        }
        match onward {
            Some(mut o) => {
                let t = self.troops_for_army(p, v, &alive);
                o.lords = LordList::from_vec(alive);
                o.maa = 0;
                o.knights = o.knights.min(t.knights);
                o.captives.retain(|c| {
                    self.lord(*c)
                        .is_some_and(|x| x.captor == Some(p) && x.village == v)
                });
                if self.rain(o.to) {
                    for l in &o.lords {
                        self.note_done(*l);
                    }
                    return;
                }
                say!(self, "5.2", msg!("The Cavalcade wins and rides on."));
                self.do_move(p, v, &o);
            }
            None => {
                say!(
                    self,
                    "5.2",
                    msg!("The Cavalcade wins and must ride on; it may leave Knights behind."),
                );
                self.moves.onward = Some((alive, v));
            }
        }
    }

    fn note_done(&mut self, l: LordId) {
        self.lord_move_mut(l).done = true;
    }

    /// A victorious Cavalcade that cannot go on anywhere (every road closed) stops.
    pub(crate) fn settle_onward(&mut self) -> bool {
        let Some((ls, at)) = self.moves.onward.clone() else {
            return false;
        };
        let Some(p) = ls.first().and_then(|l| self.lord(*l)).map(|l| l.owner) else {
            self.moves.onward = None;
            return true;
        };
        let alive: Vec<LordId> = ls
            .iter()
            .copied()
            .filter(|l| {
                self.lord(*l)
                    .is_some_and(|x| x.captor.is_none() && x.village == at)
            })
            .collect();
        let can_go = !alive.is_empty()
            && self.map.villages[at as usize].neighbours.iter().any(|&w| {
                [MoveHow::Normal, MoveHow::Passage].iter().any(|&how| {
                    self.check_move(
                        p,
                        &MoveOrder {
                            lords: LordList::from_slice(&alive),
                            to: w,
                            maa: 0,
                            knights: 0,
                            captives: LordList::new(),
                            how,
                        },
                    )
                    .is_ok()
                })
            });
        if can_go && alive.len() == ls.len() {
            return false;
        }
        if can_go {
            self.moves.onward = Some((alive, at));
            return true;
        }
        self.moves.onward = None;
        for l in alive {
            self.note_done(l);
        }
        say!(
            self,
            "5.2",
            msg!("The Cavalcade has no road left open and stops."),
        );
        true
    }
}
