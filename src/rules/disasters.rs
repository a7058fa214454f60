//! 2.3 Disasters: the track resolved space by space, and the Plague.

use super::cards::{Card, LordId};
use super::events::n_;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse_with, RuleError};
use crate::map::{BishopricId, VillageId};

impl Game {
    // ----- 2.3 Disasters -----

    /// 2.3: resolve one track space (in order 1, 2, 3: ruling R-DISASTER-ORDER).
    pub(crate) fn resolve_disaster_slot(&mut self, slot: u8) {
        if slot >= 3 {
            self.phase = Phase::PlayCards { idx: 0 };
            return;
        }
        self.phase = Phase::Disasters { slot: slot + 1 };
        let Some(card) = self.track[slot as usize].take() else {
            return;
        };
        // 2.3 note (optional): in the first round the Disasters are discarded unresolved.
        if self.options.gentle_start && self.round == 1 {
            self.fortune_discard.push(card);
            say!(
                self,
                "2.3",
                msg!(
                    "First round: {card} from track space {slot} is discarded unresolved.",
                    card = Game::card_arg(card),
                    slot = slot + 1
                ),
            );
            return;
        }
        loop {
            let roll = self.rng.d6();
            if roll == 6 {
                self.fortune_discard.push(card);
                say!(
                    self,
                    "2.3",
                    msg!(
                        "{card} from track space {slot}: rolled 6, a false alarm; discarded.",
                        card = Game::card_arg(card),
                        slot = slot + 1
                    ),
                );
                return;
            }
            let b = roll - 1;
            let bc = &self.bishopric_cards[b as usize];
            let already = match card {
                Card::HeavyRain => bc.heavy_rain,
                Card::Famine => bc.famine,
                _ => bc.plague,
            };
            if already {
                say!(self,
                    "2.3",
                    msg!(
                        "{card}: rolled {roll}, but Bishopric {roll} already has one; rolling again.",
                        card = Game::card_arg(card),
                        roll = roll
                    ),
                );
                continue;
            }
            say!(
                self,
                "2.3",
                msg!(
                    "{card} from track space {slot} strikes Bishopric {roll}.",
                    card = Game::card_arg(card),
                    slot = slot + 1,
                    roll = roll
                ),
            );
            let bc = &mut self.bishopric_cards[b as usize];
            match card {
                Card::HeavyRain => bc.heavy_rain = true,
                Card::Famine => bc.famine = true,
                _ => {
                    bc.plague = true;
                    self.plague_strikes(b);
                }
            }
            return;
        }
    }

    /// 2.3.3: each Lord in the Bishopric rolls (1–3 dies; captives too, ruling R-PLAGUE);
    /// each army loses half its Troop counters, rounded down, chosen by the owner.
    fn plague_strikes(&mut self, b: BishopricId) {
        let mut victims: Vec<(PlayerId, LordId)> = Vec::new();
        for i in 0..self.n() {
            let p = self.in_turn(i);
            for l in self.family(p) {
                if self.bishopric_of(l.village) == b {
                    victims.push((p, l.id));
                }
            }
        }
        let base = self.pending.len();
        for (_, l) in victims {
            // 2.3.3: a Lord who rolled here does not roll again on coming back this round.
            self.moves.plague_rolled.push((l, b));
            self.roll_for_life(l, "2.3.3", n_("against the Plague"));
        }
        // The armies are halved once every death is settled: a Lord at death's door (11.1.1)
        // is asked about first.
        if self.pending.len() > base {
            self.pending
                .insert(base, Pending::PlagueStrike { bishopric: b });
        } else {
            self.plague_halves(b);
        }
    }

    /// 2.3.3: each army in Bishopric `b` loses half its Troop counters, rounded down, chosen
    /// by its owner when there is a choice.
    pub(crate) fn plague_halves(&mut self, b: BishopricId) {
        let villages = self.map.bishoprics[b as usize].villages.clone();
        let mut choices = Vec::new();
        for v in villages {
            for i in 0..self.n() {
                let p = self.in_turn(i);
                let t = self.villages[v as usize].troops[p as usize];
                let losses = t.count() / 2;
                if losses == 0 {
                    continue;
                }
                let min_k = losses.saturating_sub(t.maa);
                let max_k = losses.min(t.knights);
                if min_k == max_k {
                    self.plague_loss(p, v, losses, min_k);
                } else {
                    choices.push(Pending::PlagueLosses {
                        player: p,
                        village: v,
                        losses,
                    });
                }
            }
        }
        // The last pending decision is answered first: push in reverse to keep turn order.
        self.pending.extend(choices.into_iter().rev());
    }

    pub(crate) fn plague_loss(&mut self, p: PlayerId, v: VillageId, losses: u8, knights: u8) {
        let maa = losses - knights;
        let t = &mut self.villages[v as usize].troops[p as usize];
        t.maa -= maa;
        t.knights -= knights;
        let pl = &mut self.players[p as usize];
        pl.stock_maa += maa;
        pl.stock_knights += knights;
        let full = msg!(
            "The Plague takes {maa} and {knights} of {p} in {v}.",
            maa = msgn!("{n} Man-at-Arms", "{n} Men-at-Arms", maa),
            knights = msgn!("{n} Knight", "{n} Knights", knights),
            p = self.pname(p),
            v = self.vname(v)
        );
        if self.options.fog_of_war {
            // 11.2: the others learn how many Troops died, not which.
            let public = msgn!(
                "The Plague takes {n} Troop of {p} in {v}.",
                "The Plague takes {n} Troops of {p} in {v}.",
                maa + knights,
                p = self.pname(p),
                v = self.vname(v)
            );
            say_private!(self, "2.3.3", p, full, public);
        } else {
            say!(self, "2.3.3", full);
        }
        self.refresh_village(v);
    }

    pub(crate) fn check_plague_loss(
        &self,
        p: PlayerId,
        v: VillageId,
        losses: u8,
        knights: u8,
    ) -> Result<(), RuleError> {
        let t = self.villages[v as usize].troops[p as usize];
        if knights > t.knights || losses.saturating_sub(knights) > t.maa || knights > losses {
            return refuse_with("2.3.3", || {
                msg!(
                    "{losses} counters must go, from {maa} MaA and {knights} Knights",
                    losses = losses,
                    maa = t.maa,
                    knights = t.knights
                )
            });
        }
        Ok(())
    }

    pub(crate) fn exec_plague_loss(&mut self, knights: u8) {
        if let Some(Pending::PlagueLosses {
            player,
            village,
            losses,
        }) = self.pending.pop()
        {
            self.plague_loss(player, village, losses, knights);
        }
    }
}
