//! 8.0 Diplomacy: offers of Deniers and cards, each accepted by spending a Diplomacy marker
//! (or freely under Open Diplomacy, 11.3).

use super::cards::Card;
use super::draw::HAND_LIMIT;
use super::events::Arg;
use super::state::memory::DealOffer;
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, refuse_with, RuleError};

/// 8.0: why Deniers offered with a deal (a toll, a truce's price) cannot be paid.
pub(crate) enum Unpayable {
    /// This receiver has no Diplomacy marker left to take them with.
    NoMarker(PlayerId),
    /// The payer has less than this total.
    Short(u32),
}

/// FAQ, ruling R-HIDDEN-ASK: the most Deniers one deal may ask of a purse the asker cannot see
/// (under Open Diplomacy; the cap of 3 comes first otherwise).
pub const HIDDEN_ASK_MOST: u8 = 20;

impl Game {
    /// 8.0: the most Deniers one deal carries: a Diplomacy marker moves 1 to 3. 11.3: under
    /// Open Diplomacy the markers leave the game and with them the cap (None): any sum the
    /// payer has may change hands, in a dowry, a toll, a truce's price or the King's price.
    pub fn deniers_cap(&self) -> Option<u8> {
        (!self.options.open_diplomacy).then_some(3)
    }

    /// Whether `n` Deniers are more than one deal may carry (8.0, 11.3).
    pub(crate) fn over_cap(&self, n: impl Into<u32>) -> bool {
        let n = n.into();
        self.deniers_cap().is_some_and(|cap| n > u32::from(cap))
    }

    /// The largest sum listed for a deal whose payer can pay `afford` Deniers: up to the cap
    /// (8.0); under Open Diplomacy (11.3) all he can pay, though a bot (`for_bots`) weighs 1 to
    /// 3 only.
    pub(crate) fn most_listed(&self, afford: u32, for_bots: bool) -> u8 {
        let cap = match self.deniers_cap() {
            Some(cap) => cap,
            None if for_bots => 3,
            None => u8::MAX,
        };
        afford.min(cap as u32) as u8
    }

    /// 8.0: whether `p` can pay `each` Deniers to every one of `receivers`, each taking them
    /// with a Diplomacy marker (none needed under Open Diplomacy, 11.3).
    pub(crate) fn unpayable(
        &self,
        p: PlayerId,
        receivers: &[PlayerId],
        each: u8,
    ) -> Option<Unpayable> {
        let open = self.options.open_diplomacy;
        if let Some(&q) = receivers
            .iter()
            .find(|&&q| !open && self.players[q as usize].diplomacy == 0)
        {
            return Some(Unpayable::NoMarker(q));
        }
        let due = each as u32 * receivers.len() as u32;
        (self.players[p as usize].money < due).then_some(Unpayable::Short(due))
    }

    /// 8.0: the receiver has a marker to spend (unless Open Diplomacy, 11.3), and this very
    /// offer has not been made this round (a new offer may always be made).
    pub(crate) fn check_deal(&self, offer: &DealOffer) -> Result<(), RuleError> {
        self.check_deal_of(
            offer.giver,
            offer.receiver,
            offer.deniers,
            &offer.cards,
            offer.relic,
        )
    }

    /// `check_deal` of the offer made of these parts (nothing copied to build it).
    fn check_deal_of(
        &self,
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: &[Card],
        relic: Option<Relic>,
    ) -> Result<(), RuleError> {
        if !self.options.open_diplomacy && self.players[receiver as usize].diplomacy == 0 {
            return refuse_with("8.0", || {
                msg!("{p} has no Diplomacy marker left", p = self.pname(receiver))
            });
        }
        // Every field named, so that a field added to `DealOffer` must be compared here too.
        let same = |d: &DealOffer| {
            let DealOffer {
                giver: g,
                receiver: r,
                deniers: n,
                cards: c,
                relic: x,
            } = d;
            (*g, *r, *n, c.as_slice(), *x) == (giver, receiver, deniers, cards, relic)
        };
        if self.memory.asked_deals.iter().any(same) {
            return refuse("8.0", "that very offer has already been made this round");
        }
        Ok(())
    }

    /// 8.0: `to` takes `n` Deniers from `from` with a Diplomacy marker (none under Open
    /// Diplomacy, 11.3), a toll or a dowry agreed to; `false`, and nothing changes, when `from`
    /// no longer has them or `to` has no marker left.
    pub(crate) fn take_with_marker(&mut self, from: PlayerId, to: PlayerId, n: u8) -> bool {
        let open = self.options.open_diplomacy;
        if self.players[from as usize].money < n as u32
            || (!open && self.players[to as usize].diplomacy == 0)
        {
            return false;
        }
        if !open {
            self.players[to as usize].diplomacy -= 1;
        }
        self.players[from as usize].money -= n as u32;
        self.players[to as usize].money += n as u32;
        true
    }

    /// 8.0: a transfer proposed; `answerer` (the other party) accepts or refuses it.
    pub(crate) fn propose_deal(
        &mut self,
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: Vec<Card>,
        answerer: PlayerId,
    ) {
        self.memory.asked_deals.push(DealOffer {
            giver,
            receiver,
            deniers,
            cards: cards.clone(),
            relic: None,
        });
        self.pending.push(Pending::Deal {
            giver,
            receiver,
            deniers,
            cards,
            answerer,
        });
    }

    pub(crate) fn exec_deal_answer(&mut self, yes: bool) {
        let Some(Pending::Deal {
            giver,
            receiver,
            deniers,
            cards,
            answerer,
        }) = self.pending.pop()
        else {
            return;
        };
        if !yes {
            // What was offered or asked, as the others may know it (cards by their number).
            let mut what: Vec<Arg> = Vec::new();
            if deniers > 0 {
                what.push(msgn!("{n} Denier", "{n} Deniers", deniers).into());
            }
            if !cards.is_empty() {
                what.push(msgn!("{n} card", "{n} cards", cards.len()).into());
            }
            let what = Arg::List(what);
            say!(
                self,
                "8.0",
                if answerer == receiver {
                    msg!(
                        "{p} declines {what} from {giver}.",
                        p = self.pname(answerer),
                        what = what,
                        giver = self.pname(giver)
                    )
                } else {
                    msg!(
                        "{p} refuses to give {what} to {receiver}.",
                        p = self.pname(answerer),
                        what = what,
                        receiver = self.pname(receiver)
                    )
                },
            );
            return;
        }
        // The situation may have changed since the offer: check again.
        let open = self.options.open_diplomacy;
        let ok = (open || self.players[receiver as usize].diplomacy > 0)
            && self.players[giver as usize].money >= deniers as u32
            && self.players[receiver as usize].hand.len() + cards.len() <= 3
            && cards.iter().all(|c| {
                let copies = |h: &[Card]| h.iter().filter(|x| *x == c).count();
                copies(&self.players[giver as usize].hand) >= copies(&cards)
            });
        if !ok {
            say!(self, "8.0", msg!("The deal can no longer be carried out."));
            return;
        }
        // 11.3: with Open Diplomacy no marker is spent.
        if !open {
            self.players[receiver as usize].diplomacy -= 1;
        }
        if deniers > 0 {
            self.players[giver as usize].money -= deniers as u32;
            self.players[receiver as usize].money += deniers as u32;
            let (p, from) = (self.pname(receiver), self.pname(giver));
            say!(
                self,
                "8.0",
                if open {
                    msgn!(
                        "{p} receives {n} Denier from {from}.",
                        "{p} receives {n} Deniers from {from}.",
                        deniers,
                        p = p,
                        from = from
                    )
                } else {
                    msgn!(
                        "{p} spends a Diplomacy marker and receives {n} Denier from {from}.",
                        "{p} spends a Diplomacy marker and receives {n} Deniers from {from}.",
                        deniers,
                        p = p,
                        from = from
                    )
                },
            );
        }
        if !cards.is_empty() {
            for c in &cards {
                let hand = &mut self.players[giver as usize].hand;
                if let Some(i) = hand.iter().position(|x| x == c) {
                    hand.remove(i);
                }
                self.players[receiver as usize].hand.push(*c);
            }
            let (p, from) = (self.pname(receiver), self.pname(giver));
            let n = cards.len();
            let named = Arg::List(cards.iter().map(|c| Game::card_arg(*c)).collect());
            // The receiver knows what he got; the others see only how many cards changed hands.
            let (public, text) = if open {
                (
                    msgn!(
                        "{p} receives a card from {from}.",
                        "{p} receives {n} cards from {from}.",
                        n,
                        p = p.clone(),
                        from = from.clone()
                    ),
                    msg!(
                        "{p} receives {card} from {from}.",
                        p = p,
                        card = named,
                        from = from
                    ),
                )
            } else {
                (
                    msgn!(
                        "{p} spends a Diplomacy marker and receives a card from {from}.",
                        "{p} spends a Diplomacy marker and receives {n} cards from {from}.",
                        n,
                        p = p.clone(),
                        from = from.clone()
                    ),
                    msg!(
                        "{p} spends a Diplomacy marker and receives {card} from {from}.",
                        p = p,
                        card = named,
                        from = from
                    ),
                )
            };
            say_private!(self, "8.0", receiver, text, public);
        }
    }

    /// 8.0: 1 to 3 Deniers (any sum under Open Diplomacy, 11.3) offered to `to`, or asked of
    /// him (`offer` false); the receiver spends the marker (`check_deal`).
    pub(crate) fn check_deniers_offer(
        &self,
        p: PlayerId,
        to: PlayerId,
        amount: u8,
        offer: bool,
    ) -> Result<(), RuleError> {
        let (giver, receiver) = if offer { (p, to) } else { (to, p) };
        if to == p || to >= self.n() {
            return refuse("8.0", "choose another player");
        }
        // 11.3: with Open Diplomacy any sum changes hands; otherwise 1 to 3 (8.0).
        if amount == 0 || self.over_cap(amount) {
            return refuse("8.0", "a Diplomacy marker moves 1 to 3 Deniers");
        }
        // FAQ, ruling R-HIDDEN-ASK: Deniers are asked of a hidden purse whatever it holds (the
        // answer settles it), up to a sum a list can hold.
        if !offer && self.money_hidden(Some(p), giver) {
            if u32::from(amount) > HIDDEN_ASK_MOST.into() {
                return refuse_with("8.0", || {
                    msgn!(
                        "at most {n} Denier may be asked of a hidden purse",
                        "at most {n} Deniers may be asked of a hidden purse",
                        HIDDEN_ASK_MOST
                    )
                });
            }
        } else if self.players[giver as usize].money < amount as u32 {
            return refuse_with("8.0", || {
                msg!("{p} has too little money", p = self.pname(giver))
            });
        }
        self.check_deal_of(giver, receiver, amount, &[], None)
    }

    /// 8.0: cards of one's hand offered to another player, whose hand holds at most 3.
    pub(crate) fn check_card_offer(
        &self,
        p: PlayerId,
        to: PlayerId,
        cards: &[Card],
    ) -> Result<(), RuleError> {
        if to == p || to >= self.n() {
            return refuse("8.0", "choose another player");
        }
        if cards.is_empty() {
            return refuse("8.0", "name the cards offered");
        }
        for (i, c) in cards.iter().enumerate() {
            self.holds(p, *c)?;
            let copies = |h: &[Card]| h.iter().filter(|x| *x == c).count();
            if copies(&cards[..=i]) > copies(&self.players[p as usize].hand) {
                return refuse("8.0", "you hold fewer copies of that card");
            }
        }
        if self.players[to as usize].hand.len() + cards.len() > HAND_LIMIT {
            return refuse("8.0", "the receiver's hand would hold more than 3 cards");
        }
        self.check_deal_of(p, to, 0, cards, None)
    }
}
