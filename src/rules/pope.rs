//! 1.7 The Pope's powers: who holds them, excommunication (ruling R-EXCOMMUNICATION) and
//! annulments (ruling R-ANNULMENT).

use super::cards::{lord_name, LordId};
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, RuleError};

impl Game {
    /// 1.7: whether `p`, the Pope's player, may excommunicate Lord `l`: once a round, one
    /// Lord at a time, never the Pope himself (ruling R-EXCOMMUNICATION).
    pub(crate) fn check_excommunicate(&self, p: PlayerId, l: LordId) -> Result<(), RuleError> {
        self.check_excommunicate_now(p)?;
        if self.titles.pope == Some(l) || self.lord(l).is_none() {
            return refuse("1.7", "the Pope cannot excommunicate that Lord");
        }
        Ok(())
    }

    /// 1.7: whether `p` may excommunicate anyone now, whichever Lord (the first conditions of
    /// `check_excommunicate`).
    pub(crate) fn check_excommunicate_now(&self, p: PlayerId) -> Result<(), RuleError> {
        if self.pope_player() != Some(p) {
            return refuse("1.7", "only the Pope excommunicates");
        }
        if self.memory.excommunicated {
            return refuse("1.7", "the Pope excommunicates at most once per round");
        }
        if self.lords.iter().any(|x| x.excommunicated) {
            return refuse("1.7", "only one Lord may be excommunicated at a time");
        }
        Ok(())
    }

    /// 1.7: whether `p`, the Pope's player, may lift the excommunication of `l`.
    pub(crate) fn check_lift_excommunication(
        &self,
        p: PlayerId,
        l: LordId,
    ) -> Result<(), RuleError> {
        if self.pope_player() != Some(p) {
            return refuse("1.7", "only the Pope lifts an excommunication");
        }
        if !self.lord(l).is_some_and(|x| x.excommunicated) {
            return refuse("1.7", "that Lord is not excommunicated");
        }
        Ok(())
    }

    /// 1.7: the Pope excommunicates `l`, who loses his church titles as on a death (1.6).
    pub(crate) fn excommunicate(&mut self, l: LordId) {
        self.memory.excommunicated = true;
        if let Some(x) = self.lord_mut(l) {
            x.excommunicated = true;
        }
        say!(
            self,
            "1.7",
            msg!("The Pope excommunicates {lord}.", lord = lord_name(l)),
        );
        // 1.7, ruling R-EXCOMMUNICATION: church titles are lost as on death (1.6).
        for b in 0..self.titles.bishop.len() {
            if self.titles.bishop[b] == Some(l) {
                self.titles.bishop[b] = None;
                say!(
                    self,
                    "1.7",
                    msg!(
                        "{lord} loses the Staff of Bishopric {b}.",
                        lord = lord_name(l),
                        b = b + 1
                    ),
                );
            }
        }
        if self.is_cardinal(l) {
            self.drop_cardinal(l);
            say!(
                self,
                "1.7",
                msg!("{lord} loses the Cardinal's Biretta.", lord = lord_name(l)),
            );
        }
    }

    /// 1.7: the Pope lifts the excommunication of `l`.
    pub(crate) fn lift_excommunication(&mut self, l: LordId) {
        if let Some(x) = self.lord_mut(l) {
            x.excommunicated = false;
        }
        say!(
            self,
            "1.7",
            msg!(
                "The Pope lifts the excommunication of {lord}.",
                lord = lord_name(l)
            ),
        );
    }

    pub fn pope_player(&self) -> Option<PlayerId> {
        self.titles.pope.and_then(|l| self.lord(l)).map(|l| l.owner)
    }

    /// 1.7: the marriage ends, and so does the alliance; a royal marriage costs the Queen her
    /// title (ruling R-ANNULMENT).
    pub(crate) fn annul(&mut self, l: LordId) {
        let Some(s) = self.lord(l).and_then(|x| x.spouse) else {
            return;
        };
        for x in [l, s] {
            if let Some(y) = self.lord_mut(x) {
                y.spouse = None;
            }
        }
        say!(
            self,
            "1.7",
            msg!(
                "The Pope annuls the marriage of {a} and {b}.",
                a = lord_name(l),
                b = lord_name(s)
            ),
        );
        if let Some(q) = self.titles.queen {
            if q == l || q == s {
                self.titles.queen = None;
                self.titles.regent = false;
                say!(
                    self,
                    "1.8.1",
                    msg!("{lord} is no longer Queen.", lord = lord_name(q)),
                );
            }
        }
    }

    pub(crate) fn exec_annulment_answer(&mut self, yes: bool) {
        if let Some(Pending::Annulment { lord, .. }) = self.pending.pop() {
            if yes {
                self.annul(lord);
            } else {
                say!(self, "1.7", msg!("The Pope refuses the annulment."));
            }
        }
    }

    /// 1.7: a player asks the Pope to annul his own Lord's marriage, once a round.
    pub(crate) fn check_annulment_request(&self, p: PlayerId, l: LordId) -> Result<(), RuleError> {
        let Some(x) = self.lord(l) else {
            return refuse("1.7", "that Lord is not in play");
        };
        if x.owner != p || x.spouse.is_none() {
            return refuse("1.7", "ask for the annulment of your own Lord's marriage");
        }
        if self.titles.pope.is_none() {
            return refuse("1.7", "only a Pope annuls a marriage");
        }
        let royal = [self.titles.king, self.titles.queen].contains(&Some(l));
        if royal && self.titles.crown_prince.is_some() {
            return refuse(
                "1.7",
                "a royal marriage cannot be annulled once there is a Crown Prince",
            );
        }
        if self.memory.asked_annulments.contains(&l) {
            return refuse("1.7", "you have already asked this round");
        }
        Ok(())
    }

    /// 1.7: the Pope answers (his own request is granted at once).
    pub(crate) fn exec_annulment_request(&mut self, p: PlayerId, l: LordId) {
        self.memory.asked_annulments.push(l);
        if self.pope_player() == Some(p) {
            self.annul(l);
        } else {
            say!(
                self,
                "1.7",
                msg!(
                    "{p} asks the Pope to annul the marriage of {lord}.",
                    p = self.pname(p),
                    lord = lord_name(l)
                ),
            );
            self.pending.push(Pending::Annulment {
                requester: p,
                lord: l,
            });
        }
    }
}
