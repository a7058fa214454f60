//! 6.2.3 Captives (guarded, freed, taken at once: ruling R-LONE-LORD) and 6.2.4 their
//! ransoms (ruling R-RANSOM).

use super::cards::{self, lord_name, LordId};
use super::prompt::{Asked, PromptKind};
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse_with, Action, RuleError};
use crate::map::VillageId;
use smallvec::SmallVec;

impl Game {
    /// 6.2.3: a Captive stays captive only while his captor has units with him.
    pub(crate) fn check_captives(&mut self, v: VillageId) {
        let freed: Vec<LordId> = self
            .lords
            .iter()
            .filter(|l| l.village == v)
            .filter_map(|l| l.captor.filter(|&c| !self.has_units(c, v)).map(|_| l.id))
            .collect();
        for l in freed {
            if let Some(lord) = self.lord_mut(l) {
                lord.captor = None;
            }
            say!(
                self,
                "6.2.3",
                msg!(
                    "{lord} is no longer guarded and goes free.",
                    lord = cards::lord_name(l)
                ),
            );
            self.refresh_control(v);
            self.place_freed_lord(l);
        }
    }

    /// FAQ 6.0, ruling R-LONE-LORD: a Lord without Troops is captured at once whenever an
    /// opposing player has Troops and a free Lord in his Village.
    pub(crate) fn check_lone_lords(&mut self, v: VillageId) {
        let vs = &self.villages[v as usize];
        // Held in place: this runs after every move.
        let armed: SmallVec<[PlayerId; MAX_PLAYERS]> = (0..self.n())
            .map(|i| self.in_turn(i))
            .filter(|&p| {
                vs.troops[p as usize].count() > 0
                    && self
                        .lords
                        .iter()
                        .any(|l| l.owner == p && l.village == v && l.captor.is_none())
            })
            .collect();
        let controller = vs.controller;
        let victims: SmallVec<[(LordId, PlayerId); 4]> = self
            .lords
            .iter()
            .filter(|l| {
                l.village == v && l.captor.is_none() && vs.troops[l.owner as usize].count() == 0
            })
            .filter_map(|l| {
                let foes: SmallVec<[PlayerId; MAX_PLAYERS]> = armed
                    .iter()
                    .copied()
                    .filter(|&q| q != l.owner && self.ally(l.owner) != Some(q))
                    .collect();
                let captor = controller
                    .filter(|c| foes.contains(c))
                    .or(foes.first().copied())?;
                Some((l.id, captor))
            })
            .collect();
        for (l, captor) in victims {
            say!(
                self,
                "6.0",
                msg!(
                    "{lord} has no Troops to protect them and is captured at once.",
                    lord = cards::lord_name(l)
                ),
            );
            self.capture(l, captor);
        }
    }

    // ----- 6.2.4 Ransom -----

    /// 6.2.4: the captive's owner offers a ransom of up to its price.
    pub(crate) fn ransom_offer_prompt(&self, lord: LordId) -> Option<Asked> {
        let l = self.lord(lord)?;
        Some((
            l.owner,
            PromptKind::RansomOffer {
                lord,
                price: self.ransom_price(lord),
            },
            "6.2.4",
        ))
    }

    /// 6.2.4: every offer from nothing to the price, as far as the owner's Deniers go, or none.
    pub(crate) fn ransom_offer_candidates(&self, p: PlayerId, price: u32, out: &mut Vec<Action>) {
        let money = self.players[p as usize].money;
        out.extend((0..=price.min(money)).map(|amount| Action::OfferRansom { amount }));
        out.push(Action::NoRansom);
    }

    /// ruling R-RANSOM: 2 Deniers + 2 per title counter or marker the Captive holds.
    pub fn ransom_price(&self, l: LordId) -> u32 {
        let t = &self.titles;
        let mut n = self.fief_titles_of(l).len() as u32;
        n += self.is_bishop(l) as u32 + self.is_cardinal(l) as u32;
        n += [t.pope, t.king, t.queen, t.crown_prince, t.darc]
            .iter()
            .filter(|x| **x == Some(l))
            .count() as u32;
        2 + 2 * n
    }

    /// Opens the next Captive's ransom, or the purchases once all are settled.
    pub(crate) fn next_ransom(&mut self) {
        let done = &self.ransomed;
        let next = (0..self.n())
            .map(|i| self.in_turn(i))
            .flat_map(|p| {
                self.family(p)
                    .filter(|l| l.captor.is_some())
                    .map(|l| l.id)
                    .collect::<Vec<_>>()
            })
            .find(|l| !done.contains(l));
        match next {
            Some(l) => self.pending.push(Pending::RansomOffer { lord: l }),
            None => {
                self.ransomed.clear();
                self.phase = Phase::Purchase {
                    idx: 0,
                    placed: vec![],
                };
            }
        }
    }

    pub(crate) fn exec_ransom_offer(&mut self, amount: u32) {
        let Some(Pending::RansomOffer { lord }) = self.pending.pop() else {
            return;
        };
        let price = self.ransom_price(lord);
        let Some(l) = self.lord(lord).cloned() else {
            return;
        };
        self.ransomed.push(lord);
        if amount >= price {
            self.pay_ransom(lord, price);
        } else {
            say!(
                self,
                "6.2.4",
                msgn!(
                    "{p} offers {n} Denier for {lord} (full price {price}).",
                    "{p} offers {n} Deniers for {lord} (full price {price}).",
                    amount,
                    p = self.pname(l.owner),
                    lord = lord_name(lord),
                    price = price
                ),
            );
            self.pending.push(Pending::RansomAnswer { lord, amount });
        }
    }

    pub(crate) fn exec_ransom_answer(&mut self, lord: LordId, amount: u32, yes: bool) {
        let Some(l) = self.lord(lord).cloned() else {
            return;
        };
        if yes {
            self.pay_ransom(lord, amount);
            return;
        }
        let price = self.ransom_price(lord);
        if let Some(c) = l.captor {
            say!(
                self,
                "6.2.4",
                msg!("{p} refuses the offer.", p = self.pname(c))
            );
        }
        // 6.2.4: paying the full price is compulsory when the owner can.
        if self.players[l.owner as usize].money >= price {
            self.pay_ransom(lord, price);
        } else {
            say!(
                self,
                "6.2.4",
                msg!(
                    "{p} cannot pay the full {price} Deniers; {lord} stays captive.",
                    p = self.pname(l.owner),
                    price = price,
                    lord = lord_name(lord)
                ),
            );
        }
    }

    pub(crate) fn pay_ransom(&mut self, lord: LordId, amount: u32) {
        let Some(l) = self.lord(lord).cloned() else {
            return;
        };
        let Some(captor) = l.captor else { return };
        self.players[l.owner as usize].money -= amount;
        self.players[captor as usize].money += amount;
        if let Some(x) = self.lord_mut(lord) {
            x.captor = None;
        }
        say!(
            self,
            "6.2.4",
            msg!(
                "{p} pays {amount} Deniers to {captor}; {lord} is freed.",
                p = self.pname(l.owner),
                amount = amount,
                captor = self.pname(captor),
                lord = lord_name(lord)
            ),
        );
        self.place_freed_lord(lord);
    }

    /// 6.2.4: an offer of `amount` for a captive whose ransom is `price` (no more than the
    /// price, no more than the owner has), or none at all, which is allowed only to an owner
    /// who cannot pay the price.
    pub(crate) fn check_ransom_offer(
        &self,
        player: PlayerId,
        price: u32,
        a: &Action,
    ) -> Result<(), RuleError> {
        let money = self.players[player as usize].money;
        match *a {
            Action::OfferRansom { amount } if amount > price => refuse_with("6.2.4", || {
                msg!(
                    "the ransom is {price}; no need to offer {amount}",
                    price = price,
                    amount = amount
                )
            }),
            Action::OfferRansom { amount } if amount > money => refuse_with("6.2.4", || {
                msgn!(
                    "you have only {n} Denier",
                    "you have only {n} Deniers",
                    money
                )
            }),
            Action::NoRansom if money >= price => refuse_with("6.2.4", || {
                msg!(
                    "paying the ransom of {price} is compulsory when you can afford it",
                    price = price
                )
            }),
            _ => Ok(()),
        }
    }

    /// 6.2.4: no ransom is offered: the captive stays captive, settled for this round, and the
    /// owner goes on to his purchases (the same captive was asked about again and again
    /// before).
    pub(crate) fn exec_no_ransom(&mut self) {
        if let Some(Pending::RansomOffer { lord }) = self.pending.pop() {
            self.ransomed.push(lord);
            say!(
                self,
                "6.2.4",
                msg!(
                    "{lord} stays captive: no ransom is paid.",
                    lord = lord_name(lord)
                ),
            );
        }
    }
}
