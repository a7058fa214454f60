//! Optional rule 11.1: the Holy Relics. Five relics start on the five principal Villages; a
//! church Lord there may take one (the Bishop of that Bishopric, any Cardinal, the Pope), with
//! the permission of another player who controls and occupies the Village; a relic then travels
//! with its holder, can be sold or given for a Diplomacy marker, and lies where its holder
//! died, for any Lord to take. Effects (11.1.1): the Holy Grail (defence: each enemy die one hit
//! less), the Eyes of Saint Roseline (end of Play Cards: move Heavy Rain), the Teeth of Saint
//! Géronce (once, a death cancelled), the Holy Spear (attack: one hit more a roll), the Bone of
//! Saint Rhadegund (end of Play Cards: Famine removed on 4–6).
//!
//! Settled readings (rulings R-RELIC-TAKE, R-RELIC-FALL, R-RELIC-TEETH): a relic is taken
//! during its taker's Movement turn, at no cost; when a Lord of the holder's family or of his
//! ally's (never the holder himself) is about to die, the holder's player is asked whether the
//! Teeth save him.

use super::cards::{lord_name, LordId};
use super::events::term;
use super::state::lords::Lord;
use super::state::memory::DealOffer;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse, Action, RuleError};
use crate::map::{BishopricId, VillageId};

pub use super::pieces::{Relic, RelicAt, RelicState};

impl Game {
    /// 11.1 setup: the five relics at random, one on each principal Village.
    pub(crate) fn place_relics(&mut self) {
        let mut relics = Relic::ALL.to_vec();
        self.rng.shuffle(&mut relics);
        self.relics = relics
            .into_iter()
            .zip(self.map.bishoprics.iter().map(|b| b.principal))
            .map(|(relic, v)| RelicState {
                relic,
                at: RelicAt::Village(v),
                claimed: false,
            })
            .collect();
    }

    pub fn relic_state(&self, r: Relic) -> Option<&RelicState> {
        self.relics.iter().find(|s| s.relic == r)
    }

    /// The Lord carrying `r`, if any.
    pub fn relic_holder(&self, r: Relic) -> Option<LordId> {
        match self.relic_state(r)?.at {
            RelicAt::Lord(l) => Some(l),
            _ => None,
        }
    }

    /// Where `r` is on the map (its holder's Village when carried).
    pub fn relic_village(&self, r: Relic) -> Option<VillageId> {
        match self.relic_state(r)?.at {
            RelicAt::Village(v) => Some(v),
            RelicAt::Lord(l) => self.lord(l).map(|l| l.village),
            RelicAt::Gone => None,
        }
    }

    /// The relics a Lord carries.
    pub fn relics_of(&self, l: LordId) -> Vec<Relic> {
        self.relics
            .iter()
            .filter(|s| s.at == RelicAt::Lord(l))
            .map(|s| s.relic)
            .collect()
    }

    fn set_relic(&mut self, r: Relic, at: RelicAt) {
        if let Some(s) = self.relics.iter_mut().find(|s| s.relic == r) {
            s.at = at;
            if matches!(at, RelicAt::Lord(_)) {
                s.claimed = true;
            }
        }
    }

    /// 11.1.1: whether `r`'s holder fights, free, on `side` of the battle under way.
    pub(crate) fn relic_on_side(&self, r: Relic, side: usize) -> bool {
        let (Some(b), Some(h)) = (&self.battle, self.relic_holder(r)) else {
            return false;
        };
        self.lord(h).is_some_and(|l| {
            l.village == b.village && l.captor.is_none() && b.sides[side].contains(&l.owner)
        })
    }

    // ----- taking a relic (11.1) -----

    /// May `lord` of `p` take `r` now (his Movement turn, the relic lying where he stands)?
    pub(crate) fn check_take_relic(
        &self,
        p: PlayerId,
        lord: LordId,
        r: Relic,
    ) -> Result<(), RuleError> {
        if !self.options.relics {
            return refuse("11.1", "the Holy Relics are not in this game");
        }
        if !matches!(self.phase, Phase::Movement { .. }) {
            return refuse("11.1", "a relic is taken during its taker's Movement");
        }
        let Some(l) = self.lord(lord).filter(|l| l.owner == p) else {
            return refuse("11.1", "take it with one of your own Lords");
        };
        if l.captor.is_some() {
            return refuse("6.2.3", "a Captive cannot take a relic");
        }
        let Some(s) = self.relic_state(r) else {
            return refuse("11.1", "no such relic");
        };
        if s.at != RelicAt::Village(l.village) {
            return refuse("11.1", "the relic does not lie where this Lord stands");
        }
        if !s.claimed {
            // 11.1: the first taker is a church Lord: this Bishopric's Bishop, a Cardinal or
            // the Pope.
            let b = self.bishopric_of(l.village) as usize;
            let church = self.titles.bishop.get(b) == Some(&Some(lord))
                || self.is_cardinal(lord)
                || self.titles.pope == Some(lord);
            if !church {
                return refuse(
                    "11.1",
                    "only this Bishopric's Bishop, a Cardinal or the Pope may take a relic first",
                );
            }
        }
        if self.memory.relic_asks.contains(&(lord, r)) {
            return refuse("11.1", "permission was refused this round");
        }
        Ok(())
    }

    /// The player whose permission the taking needs: another player who controls the Village
    /// and has units there (11.1).
    fn relic_permission_from(&self, p: PlayerId, v: VillageId) -> Option<PlayerId> {
        self.villages[v as usize]
            .controller
            .filter(|&c| c != p && self.has_units(c, v))
    }

    pub(crate) fn exec_take_relic(&mut self, p: PlayerId, lord: LordId, r: Relic) {
        let Some(v) = self.lord(lord).map(|l| l.village) else {
            return;
        };
        if let Some(owner) = self.relic_permission_from(p, v) {
            self.memory.relic_asks.push((lord, r));
            say!(
                self,
                "11.1",
                msg!(
                    "{p} asks {owner} for leave to take the {relic} in {v}.",
                    p = self.pname(p),
                    owner = self.pname(owner),
                    relic = term(r.name()),
                    v = self.vname(v)
                )
            );
            self.pending.push(Pending::RelicPermission {
                player: p,
                lord,
                relic: r,
                answerer: owner,
            });
            return;
        }
        self.take_relic(lord, r);
    }

    fn take_relic(&mut self, lord: LordId, r: Relic) {
        self.set_relic(r, RelicAt::Lord(lord));
        say!(
            self,
            "11.1",
            msg!(
                "{lord} takes the {relic}.",
                lord = lord_name(lord),
                relic = term(r.name())
            )
        );
    }

    pub(crate) fn exec_relic_permission(&mut self, yes: bool) {
        let Some(Pending::RelicPermission {
            lord,
            relic,
            answerer,
            ..
        }) = self.pending.pop()
        else {
            return;
        };
        if yes {
            say!(
                self,
                "11.1",
                msg!("{p} gives leave.", p = self.pname(answerer))
            );
            self.take_relic(lord, relic);
        } else {
            say!(
                self,
                "11.1",
                msg!("{p} refuses to let the relic go.", p = self.pname(answerer))
            );
        }
    }

    // ----- selling or giving a relic (11.1, 8.0) -----

    pub(crate) fn check_offer_relic(
        &self,
        p: PlayerId,
        r: Relic,
        to: PlayerId,
        lord: LordId,
    ) -> Result<(), RuleError> {
        if self
            .relic_holder(r)
            .and_then(|h| self.lord(h))
            .is_none_or(|h| h.owner != p)
        {
            return refuse("11.1", "you do not hold that relic");
        }
        if to == p || to >= self.n() {
            return refuse("8.0", "choose another player");
        }
        if self.lord(lord).is_none_or(|l| l.owner != to) {
            return refuse("11.1", "the relic goes to one of that player's Lords");
        }
        // 8.0: the same conditions as any transfer (a marker unless Open Diplomacy; the same
        // offer once a round).
        self.check_deal(&Self::relic_offer(p, to, r))
    }

    /// The Diplomacy offer of relic `r` from `p` to `to` (8.0, 11.1).
    fn relic_offer(p: PlayerId, to: PlayerId, r: Relic) -> DealOffer {
        DealOffer {
            giver: p,
            receiver: to,
            deniers: 0,
            cards: Vec::new(),
            relic: Some(r),
        }
    }

    pub(crate) fn exec_offer_relic(&mut self, p: PlayerId, r: Relic, to: PlayerId, lord: LordId) {
        self.memory.asked_deals.push(Self::relic_offer(p, to, r));
        self.pending.push(Pending::RelicOffer {
            giver: p,
            relic: r,
            lord,
            answerer: to,
        });
    }

    pub(crate) fn exec_relic_offer_answer(&mut self, yes: bool) {
        let Some(Pending::RelicOffer {
            giver,
            relic,
            lord,
            answerer,
        }) = self.pending.pop()
        else {
            return;
        };
        if !yes {
            say!(
                self,
                "8.0",
                msg!("{p} declines the deal.", p = self.pname(answerer))
            );
            return;
        }
        let still = self
            .relic_holder(relic)
            .and_then(|h| self.lord(h))
            .is_some_and(|h| h.owner == giver)
            && self.lord(lord).is_some()
            && (self.options.open_diplomacy || self.players[answerer as usize].diplomacy > 0);
        if !still {
            say!(self, "8.0", msg!("The deal can no longer be carried out."));
            return;
        }
        if !self.options.open_diplomacy {
            self.players[answerer as usize].diplomacy -= 1;
        }
        self.set_relic(relic, RelicAt::Lord(lord));
        say!(
            self,
            "11.1",
            msg!(
                "{from} hands the {relic} to {lord}.",
                from = self.pname(giver),
                relic = term(relic.name()),
                lord = lord_name(lord)
            )
        );
    }

    // ----- the end of Play Cards: the Eyes and the Bone (11.1.1) -----

    /// Asks the holders of the Eyes (if Heavy Rain lies on the map) and of the Bone (if a
    /// Famine does) whether to roll, in turn order. Says whether anyone is asked.
    pub(crate) fn start_relic_uses(&mut self) -> bool {
        if !self.options.relics || self.relic_round == self.round {
            return false;
        }
        self.relic_round = self.round;
        let mut asks = Vec::new();
        for idx in 0..self.n() {
            let p = self.in_turn(idx);
            for r in [Relic::Eyes, Relic::Bone] {
                let holder = self.relic_holder(r).and_then(|h| self.lord(h));
                if holder.is_some_and(|h| h.owner == p) && !self.relic_targets(r).is_empty() {
                    asks.push(Pending::RelicUse {
                        player: p,
                        relic: r,
                        tried: Vec::new(),
                    });
                }
            }
        }
        let any = !asks.is_empty();
        // The first in turn order decides first: it goes on top of the stack.
        self.pending.extend(asks.into_iter().rev());
        any
    }

    /// The Bishoprics where `r` may be tried: Heavy Rain for the Eyes, Famine for the Bone.
    pub fn relic_targets(&self, r: Relic) -> Vec<BishopricId> {
        (0..self.bishopric_cards.len() as BishopricId)
            .filter(|&b| {
                let c = &self.bishopric_cards[b as usize];
                match r {
                    Relic::Eyes => c.heavy_rain,
                    Relic::Bone => c.famine,
                    _ => false,
                }
            })
            .collect()
    }

    pub(crate) fn check_relic_roll(&self, r: Relic, b: BishopricId) -> Result<(), RuleError> {
        let Some(Pending::RelicUse { relic, tried, .. }) = self.pending.last() else {
            return refuse("11.1.1", "no relic is being used now");
        };
        if *relic != r {
            return refuse("11.1.1", "another relic is being used now");
        }
        if tried.contains(&b) || !self.relic_targets(r).contains(&b) {
            return refuse(
                "11.1.1",
                "choose a Bishopric with that Disaster, each card once",
            );
        }
        Ok(())
    }

    /// 11.1.1: the holder lets the relic rest this round.
    pub(crate) fn exec_relic_pass(&mut self) {
        self.pending.pop();
    }

    pub(crate) fn exec_relic_roll(&mut self, r: Relic, b: BishopricId) {
        if let Some(Pending::RelicUse { tried, .. }) = self.pending.last_mut() {
            tried.push(b);
        }
        let roll = self.rng.d6();
        let here = b + 1;
        match r {
            Relic::Eyes => {
                // 11.1.1: its own number or a 6 and the rain stays; otherwise it moves, and is
                // discarded if that Bishopric already has Heavy Rain.
                if roll == 6 || roll == here {
                    say!(
                        self,
                        "11.1.1",
                        msg!(
                            "The Eyes of Saint Roseline: rolled {roll}; the Heavy Rain stays on Bishopric {b}.",
                            roll = roll,
                            b = here
                        )
                    );
                    return;
                }
                let to = roll - 1;
                self.bishopric_cards[b as usize].heavy_rain = false;
                if self.bishopric_cards[to as usize].heavy_rain {
                    self.fortune_discard.push(super::Card::HeavyRain);
                    say!(
                        self,
                        "11.1.1",
                        msg!(
                            "The Eyes of Saint Roseline: rolled {roll}; Bishopric {to} already has Heavy Rain, so the card moved is discarded.",
                            roll = roll,
                            to = roll
                        )
                    );
                } else {
                    self.bishopric_cards[to as usize].heavy_rain = true;
                    say!(
                        self,
                        "11.1.1",
                        msg!(
                            "The Eyes of Saint Roseline: rolled {roll}; the Heavy Rain moves from Bishopric {b} to Bishopric {to}.",
                            roll = roll,
                            b = here,
                            to = roll
                        )
                    );
                }
            }
            Relic::Bone => {
                if roll >= 4 {
                    self.bishopric_cards[b as usize].famine = false;
                    self.fortune_discard.push(super::Card::Famine);
                    say!(
                        self,
                        "11.1.1",
                        msg!(
                            "The Bone of Saint Rhadegund: rolled {roll}; the Famine leaves Bishopric {b}.",
                            roll = roll,
                            b = here
                        )
                    );
                } else {
                    say!(
                        self,
                        "11.1.1",
                        msg!(
                            "The Bone of Saint Rhadegund: rolled {roll}; the Famine stays on Bishopric {b}.",
                            roll = roll,
                            b = here
                        )
                    );
                }
            }
            _ => {}
        }
        // Nothing left to try: the holder is done.
        if let Some(Pending::RelicUse { relic, tried, .. }) = self.pending.last() {
            let left = self
                .relic_targets(*relic)
                .into_iter()
                .any(|b| !tried.contains(&b));
            if !left {
                self.pending.pop();
            }
        }
    }

    pub(crate) fn relic_use_candidates(&self, out: &mut Vec<Action>) {
        if let Some(Pending::RelicUse { relic, tried, .. }) = self.pending.last() {
            for b in self.relic_targets(*relic) {
                if !tried.contains(&b) {
                    out.push(Action::RelicRoll {
                        relic: *relic,
                        bishopric: b,
                    });
                }
            }
            out.push(Action::Pass);
        }
    }

    /// Relics that a player's Lords in the Movement phase may take now, for the candidates.
    pub(crate) fn relic_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        if !self.options.relics {
            return;
        }
        for s in &self.relics {
            if let RelicAt::Village(v) = s.at {
                for l in self.family(p).filter(|l| l.village == v) {
                    out.push(Action::TakeRelic {
                        lord: l.id,
                        relic: s.relic,
                    });
                }
            }
            if let RelicAt::Lord(h) = s.at {
                if self.lord(h).is_some_and(|h| h.owner == p) {
                    for l in self.lords.iter().filter(|l| l.owner != p) {
                        out.push(Action::OfferRelic {
                            relic: s.relic,
                            to: l.owner,
                            lord: l.id,
                        });
                    }
                }
            }
        }
    }

    // ----- deaths (11.1, 11.1.1; rulings R-RELIC-TEETH, R-RELIC-FALL) -----

    /// 11.1.1: the Lord carrying the Teeth of Saint Géronce and his player, if the Teeth
    /// could save `l`: carried by another Lord of `l`'s family or of its ally's.
    pub(crate) fn teeth_for(&self, l: LordId) -> Option<(LordId, PlayerId)> {
        if !self.options.relics {
            return None;
        }
        let h = self.relic_holder(Relic::Teeth)?;
        let (dying, holder) = (self.lord(l)?, self.lord(h)?);
        let friend = dying.owner == holder.owner || self.ally(holder.owner) == Some(dying.owner);
        (h != l && friend && !self.at_deaths_door(h)).then_some((h, holder.owner))
    }

    /// Whether `l` is at death's door: his death waits for the Teeth's holder (11.1.1).
    pub fn at_deaths_door(&self, l: LordId) -> bool {
        self.pending
            .iter()
            .any(|p| matches!(p, Pending::Teeth { lord } if *lord == l))
    }

    /// 11.1.1: a Lord at death's door is answered for before anything else: his question is
    /// brought to the top of the stack; if the Teeth can no longer save him (their holder
    /// died meanwhile), he dies now. Says whether anything changed.
    pub(crate) fn teeth_first(&mut self) -> bool {
        let Some(i) = self
            .pending
            .iter()
            .rposition(|p| matches!(p, Pending::Teeth { .. }))
        else {
            return false;
        };
        let Pending::Teeth { lord } = self.pending[i] else {
            return false;
        };
        let holder = self.relic_holder(Relic::Teeth).and_then(|h| self.lord(h));
        let friend = holder.zip(self.lord(lord)).is_some_and(|(h, d)| {
            h.id != lord && (h.owner == d.owner || self.ally(h.owner) == Some(d.owner))
        });
        if !friend {
            self.pending.remove(i);
            self.lord_dies(lord);
            return true;
        }
        if i + 1 == self.pending.len() {
            return false;
        }
        let q = self.pending.remove(i);
        self.pending.push(q);
        true
    }

    /// 11.1.1: the holder's answer: the Teeth save the Lord and leave the game, or he dies.
    pub(crate) fn exec_teeth_answer(&mut self, yes: bool) {
        let Some(Pending::Teeth { lord }) = self.pending.pop() else {
            return;
        };
        if yes {
            self.teeth_save(lord);
        } else {
            self.lord_dies(lord);
        }
    }

    /// The Teeth of Saint Géronce cancel `l`'s death: they are used and leave the game.
    fn teeth_save(&mut self, l: LordId) {
        let Some(h) = self.relic_holder(Relic::Teeth) else {
            return;
        };
        self.set_relic(Relic::Teeth, RelicAt::Gone);
        say!(
            self,
            "11.1.1",
            msg!(
                "The Teeth of Saint Géronce, held by {holder}, bring {lord} back: the death is cancelled, and the relic leaves the game.",
                holder = lord_name(h),
                lord = lord_name(l)
            )
        );
    }

    /// A dead Lord's relics: in a battle, to a Lord of the alliance still fighting if none of
    /// his own family's is; otherwise they lie where he fell.
    pub(crate) fn drop_relics(&mut self, dead: &Lord) {
        for r in self.relics_of(dead.id) {
            let heir = self
                .battle
                .as_ref()
                .filter(|b| b.village == dead.village)
                .and_then(|b| {
                    let side = b.sides.iter().find(|s| s.contains(&dead.owner))?;
                    let own_left = self
                        .family(dead.owner)
                        .any(|l| l.id != dead.id && l.village == b.village && l.captor.is_none());
                    if own_left {
                        return None;
                    }
                    let ally = self.ally(dead.owner).filter(|a| side.contains(a))?;
                    self.family(ally)
                        .find(|l| l.village == b.village && l.captor.is_none())
                        .map(|l| l.id)
                });
            match heir {
                Some(h) => {
                    self.set_relic(r, RelicAt::Lord(h));
                    say!(
                        self,
                        "11.1",
                        msg!(
                            "The {relic} passes at once to {lord}, of the alliance.",
                            relic = term(r.name()),
                            lord = lord_name(h)
                        )
                    );
                }
                None => {
                    self.set_relic(r, RelicAt::Village(dead.village));
                    say!(
                        self,
                        "11.1",
                        msg!(
                            "The {relic} lies in {v}.",
                            relic = term(r.name()),
                            v = self.vname(dead.village)
                        )
                    );
                }
            }
        }
    }
}
