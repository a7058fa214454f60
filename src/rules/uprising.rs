//! 10.1 Uprising: the card's play, the attempts to stop it (ruling R-UPRISING-STOP), the
//! joiners and the victims (rulings R-UPRISING-DICE, R-UPRISING-VICTIMS).

use super::actions::{Action, PassageUse};
use super::battle::best_loss;
use super::cards::{lord_name, Card, LordId};
use super::state::phase::{Pending, UprisingStep};
use super::state::*;
use super::{refuse, RuleError};
use crate::map::VillageId;

impl Game {
    /// 10.1: the Village lies in a taxed Fief or Bishopric (a tax raised by someone else), or
    /// in a Bishopric with Famine.
    pub fn uprising_grounds(&self, p: PlayerId, v: VillageId) -> Result<(), RuleError> {
        let f = self.map.villages[v as usize].fief;
        let b = self.bishopric_of(v);
        let famine = self.bishopric_cards[b as usize].famine;
        let taxed_by_other = self.taxes.iter().any(|t| {
            t.player != p
                && match t.target {
                    TaxTarget::Tallage(tf) => tf == f,
                    TaxTarget::Tithe(tb) => tb == b,
                }
        });
        let taxed_by_self = self.taxes.iter().any(|t| {
            t.player == p
                && match t.target {
                    TaxTarget::Tallage(tf) => tf == f,
                    TaxTarget::Tithe(tb) => tb == b,
                }
        });
        if famine || taxed_by_other {
            Ok(())
        } else if taxed_by_self {
            refuse(
                "10.1",
                "you may not use a tax you raised yourself to justify an Uprising",
            )
        } else {
            refuse(
                "10.1",
                "an Uprising needs a taxed Fief or Bishopric, or a Famine there",
            )
        }
    }

    pub(crate) fn uprising_prompt(&self) -> Option<(PlayerId, super::PromptKind)> {
        let Some(Pending::Uprising {
            village,
            step,
            stoppers,
            ..
        }) = self.pending.last()
        else {
            return None;
        };
        match *step {
            UprisingStep::Join(i) => Some((
                self.in_turn(i),
                super::PromptKind::UprisingJoin { village: *village },
            )),
            UprisingStep::Stop(i) => {
                let l = *stoppers.get(i as usize)?;
                Some((
                    self.lord(l)?.owner,
                    super::PromptKind::UprisingStop {
                        village: *village,
                        lord: l,
                    },
                ))
            }
            _ => None,
        }
    }

    /// 10.1: the penalty the Uprising's dice suffer against a fortification.
    pub(crate) fn uprising_penalty(&self, v: VillageId) -> u32 {
        match self.villages[v as usize].fort {
            Fort::None => 0,
            Fort::Stronghold => 1,
            Fort::City => 2,
        }
    }

    pub(crate) fn check_uprising_action(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        let Some(Pending::Uprising {
            village,
            passage,
            step,
            stoppers,
            ..
        }) = self.pending.last()
        else {
            return refuse("10.1", "no Uprising is being resolved");
        };
        match (step, a) {
            (_, Action::Pass) => Ok(()),
            (UprisingStep::Join(_), Action::JoinUprising) => {
                self.holds(p, Card::Uprising)?;
                self.uprising_grounds(p, *village)
            }
            (UprisingStep::Join(_), Action::SecretPassage(PassageUse::Uprising)) => {
                self.holds(p, Card::SecretPassage)?;
                if *passage || self.uprising_penalty(*village) == 0 {
                    refuse("10.1", "there is no fortification penalty to cancel")
                } else {
                    Ok(())
                }
            }
            (UprisingStep::Stop(i), Action::TryStop { pay }) => {
                let Some(&l) = stoppers.get(*i as usize) else {
                    return refuse("10.1", "nobody may try now");
                };
                if *pay {
                    if !self.is_cardinal(l) {
                        return refuse("1.5", "only a Cardinal pays to stop an Uprising");
                    }
                    if self.players[p as usize].money < 3 {
                        return refuse("1.5", "stopping an Uprising costs a Cardinal 3 Deniers");
                    }
                } else if self.titles.bishop[self.bishopric_of(*village) as usize] != Some(l) {
                    return refuse("1.4", "only the Bishop of that Bishopric tries for free");
                }
                Ok(())
            }
            _ => refuse("10.1", "not a way to take part in this Uprising"),
        }
    }

    pub(crate) fn uprising_candidates(&self, out: &mut Vec<Action>) {
        out.extend([
            Action::JoinUprising,
            Action::SecretPassage(PassageUse::Uprising),
            Action::TryStop { pay: true },
            Action::TryStop { pay: false },
            Action::Pass,
        ]);
    }

    pub(crate) fn exec_uprising_action(&mut self, p: PlayerId, a: Action) {
        let Some(Pending::Uprising {
            village,
            first,
            mut cards,
            mut passage,
            mut step,
            mut stoppers,
        }) = self.pending.pop()
        else {
            return;
        };
        match a {
            Action::JoinUprising => {
                self.discard_fortune(p, Card::Uprising);
                cards.push(p);
                say!(
                    self,
                    "10.1",
                    msg!("{p} joins the Uprising.", p = self.pname(p))
                );
            }
            Action::SecretPassage(PassageUse::Uprising) => {
                self.discard_fortune(p, Card::SecretPassage);
                passage = true;
                say!(
                    self,
                    "10.1",
                    msg!(
                        "{p} opens a Secret Passage for the rebels: no fortification penalty.",
                        p = self.pname(p)
                    ),
                );
            }
            Action::TryStop { pay } => {
                let l = stoppers[match step {
                    UprisingStep::Stop(i) => i as usize,
                    _ => 0,
                }];
                if pay {
                    self.players[p as usize].money -= 3;
                }
                let roll = self.rng.d6();
                if roll <= 4 {
                    say!(
                        self,
                        "1.5",
                        msg!(
                            "{lord} stops the Uprising (roll {roll}); its cards are discarded.",
                            lord = lord_name(l),
                            roll = roll
                        ),
                    );
                    return;
                }
                if pay {
                    say!(
                        self,
                        "1.5",
                        msg!(
                            "{lord} fails to stop the Uprising (roll {roll}).",
                            lord = lord_name(l),
                            roll = roll
                        ),
                    );
                } else {
                    say!(self,
                        "1.4",
                        msg!(
                            "{lord} fails to stop the Uprising (roll {roll}) and is stoned to death.",
                            lord = lord_name(l),
                            roll = roll
                        ),
                    );
                    self.kill_lord(l);
                    stoppers.retain(|x| self.lord(*x).is_some() && !self.at_deaths_door(*x));
                    self.pending.push(Pending::Uprising {
                        village,
                        first,
                        cards,
                        passage,
                        step,
                        stoppers,
                    });
                    return;
                }
                if let UprisingStep::Stop(i) = &mut step {
                    *i += 1;
                }
            }
            _ => match &mut step {
                UprisingStep::Join(i) | UprisingStep::Stop(i) => *i += 1,
                _ => {}
            },
        }
        self.pending.push(Pending::Uprising {
            village,
            first,
            cards,
            passage,
            step,
            stoppers,
        });
    }

    /// The automatic steps of an Uprising.
    pub(crate) fn advance_uprising(&mut self) -> bool {
        let Some(Pending::Uprising {
            village,
            first,
            cards,
            passage,
            step,
            stoppers,
        }) = self.pending.last().cloned()
        else {
            return false;
        };
        let put = |g: &mut Game, step: UprisingStep, stoppers: Vec<LordId>| {
            g.pending.pop();
            g.pending.push(Pending::Uprising {
                village,
                first,
                cards: cards.clone(),
                passage,
                step,
                stoppers,
            });
        };
        match step {
            UprisingStep::Join(i) => {
                if i >= self.n() {
                    // ruling R-UPRISING-STOP: the Bishop first, then each Cardinal in turn order.
                    let b = self.bishopric_of(village);
                    let mut list: Vec<LordId> =
                        self.titles.bishop[b as usize].into_iter().collect();
                    for k in 0..self.n() {
                        let q = self.in_turn(k);
                        for (c, _) in &self.titles.cardinals {
                            if self.lord(*c).is_some_and(|x| x.owner == q) && !list.contains(c) {
                                list.push(*c);
                            }
                        }
                    }
                    put(self, UprisingStep::Stop(0), list);
                    return true;
                }
                let p = self.in_turn(i);
                let mut c = Vec::new();
                self.uprising_candidates(&mut c);
                let any = c
                    .iter()
                    .any(|a| *a != Action::Pass && self.check_uprising_action(p, a).is_ok());
                if !any {
                    put(self, UprisingStep::Join(i + 1), stoppers);
                    return true;
                }
                false
            }
            UprisingStep::Stop(i) => {
                if i as usize >= stoppers.len() {
                    put(self, UprisingStep::Resolve, stoppers);
                    return true;
                }
                let p = self.lord(stoppers[i as usize]).map(|l| l.owner);
                let any = p.is_some_and(|p| {
                    [
                        Action::TryStop { pay: true },
                        Action::TryStop { pay: false },
                    ]
                    .iter()
                    .any(|a| self.check_uprising_action(p, a).is_ok())
                });
                if !any {
                    put(self, UprisingStep::Stop(i + 1), stoppers);
                    return true;
                }
                false
            }
            UprisingStep::Resolve => {
                // 10.1: dice added up, then the penalty; +1 hit per die rolled.
                let mut dice = cards.len() as u32;
                if !passage {
                    dice = dice.saturating_sub(self.uprising_penalty(village));
                }
                let mut hits = 0;
                for _ in 0..dice {
                    hits += self.options.battle_die[(self.rng.d6() - 1) as usize] as u32;
                }
                hits += dice;
                self.pending.pop();
                if dice == 0 {
                    say!(
                        self,
                        "10.1",
                        msg!("The fortification leaves the Uprising no die: it fails."),
                    );
                    return true;
                }
                say!(
                    self,
                    "10.1",
                    msgn!(
                        "The Uprising in {v} rolls {n} die for {hits} hits.",
                        "The Uprising in {v} rolls {n} dice for {hits} hits.",
                        dice,
                        v = self.vname(village),
                        hits = hits
                    ),
                );
                self.pending.push(Pending::Uprising {
                    village,
                    first,
                    cards: cards.clone(),
                    passage,
                    step: UprisingStep::Aftermath,
                    stoppers,
                });
                // 10.1, ruling R-UPRISING-VICTIMS: victims in the order chosen, leftover hits carry over.
                let mut order: Vec<PlayerId> = first.into_iter().collect();
                for k in 0..self.n() {
                    let q = self.in_turn(k);
                    if !order.contains(&q) {
                        order.push(q);
                    }
                }
                let mut losses = Vec::new();
                for q in order {
                    if cards.contains(&q) {
                        continue;
                    }
                    let t = self.villages[village as usize].troops[q as usize];
                    let cost = best_loss(t.maa as u32, t.knights as u32, hits);
                    hits -= cost;
                    if cost > 0 {
                        losses.push(Pending::Losses {
                            chooser: q,
                            village,
                            players: vec![q],
                            cost,
                            lords: 0,
                        });
                    }
                }
                self.pending.extend(losses.into_iter().rev());
                true
            }
            UprisingStep::Aftermath => {
                self.pending.pop();
                let vs = &self.villages[village as usize];
                if vs.troops.iter().all(|t| t.count() == 0) {
                    // 10.1: every Troop gone: Lords die, Mills and a Stronghold are destroyed.
                    let dead: Vec<LordId> = self
                        .lords
                        .iter()
                        .filter(|l| l.village == village)
                        .map(|l| l.id)
                        .collect();
                    for l in dead {
                        say!(
                            self,
                            "10.1",
                            msg!("The rebels kill {lord}.", lord = lord_name(l))
                        );
                        self.kill_lord(l);
                    }
                    let vs = &mut self.villages[village as usize];
                    let mills = std::mem::take(&mut vs.mills);
                    let stronghold = vs.fort == Fort::Stronghold;
                    if stronghold {
                        vs.fort = Fort::None;
                    }
                    if mills > 0 || stronghold {
                        say!(
                            self,
                            "10.1",
                            match (mills > 0, stronghold) {
                                (true, true) => msgn!(
                                    "The rebels burn {n} Mill and the Stronghold.",
                                    "The rebels burn {n} Mills and the Stronghold.",
                                    mills
                                ),
                                (true, false) => msgn!(
                                    "The rebels burn {n} Mill.",
                                    "The rebels burn {n} Mills.",
                                    mills
                                ),
                                _ => msg!("The rebels burn the Stronghold."),
                            },
                        );
                    }
                }
                self.refresh_village(village);
                true
            }
        }
    }
}
