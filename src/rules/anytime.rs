//! What may be done "at any time" (digest §10): the Opportunity cards (9.0–10.5), the Pope's
//! powers (1.7), Diplomacy (8.0) and handing over control (5.1).
//!
//! Timing (design.md, reaction windows): these actions are offered to a player whenever he
//! has a turn-like decision (Marriages, Play Cards, Purchase, Movement, Battles, Pillage, a
//! battle's choices) and in reaction windows, which the engine opens at the start of Phases 1,
//! 3, 4, 5, 6 and 7 and before every battle roll. A window asks, in turn order, each player
//! who holds an Opportunity card he could play then. Never during the Draw step (2.1 FAQ).

use super::actions::{Action, PassageUse};
use super::battle::best_loss;
use super::cards::{lord_name, Card, LordId};
use super::events::{n_, term, Arg};
use super::state::*;
use super::{refuse, RuleError};
use crate::map::VillageId;

const CARD_ACTIONS: [Card; 7] = [
    Card::Cardinal,
    Card::Darc,
    Card::Uprising,
    Card::SecretPassage,
    Card::Assassination,
    Card::Justice,
    Card::Ambush,
];

impl Game {
    pub(crate) fn open_window(&mut self, phase: u8) {
        self.pending.push(Pending::Window {
            at: WindowAt::Phase(phase),
            idx: 0,
        });
    }

    /// Whether `p` holds an Opportunity card he could play now.
    pub fn has_reaction(&self, p: PlayerId) -> bool {
        let hand = &self.players[p as usize].hand;
        if !hand.iter().any(|c| CARD_ACTIONS.contains(c)) {
            return false;
        }
        let mut out = Vec::new();
        self.card_candidates(p, &mut out);
        out.iter().any(|a| self.check_free(p, a).is_ok())
    }

    /// Candidate plays of Opportunity cards.
    fn card_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let mut hand = self.players[p as usize].hand.clone();
        hand.sort();
        hand.dedup();
        for c in hand {
            match c {
                Card::Cardinal => out.extend(
                    self.titles
                        .bishop
                        .iter()
                        .flatten()
                        .map(|l| Action::PlayCardinal { lord: *l }),
                ),
                Card::Darc => {
                    out.extend(self.lords.iter().map(|l| Action::PlayDarc { lady: l.id }))
                }
                Card::Uprising => {
                    for v in 0..self.map.villages.len() as VillageId {
                        if self.uprising_grounds(p, v).is_ok() {
                            out.push(Action::PlayUprising {
                                village: v,
                                first: None,
                            });
                            for q in 0..self.n() {
                                if self.villages[v as usize].troops[q as usize].count() > 0 {
                                    out.push(Action::PlayUprising {
                                        village: v,
                                        first: Some(q),
                                    });
                                }
                            }
                        }
                    }
                }
                Card::SecretPassage => {
                    out.push(Action::SecretPassage(PassageUse::Battle));
                    let caps: Vec<LordId> = self
                        .family(p)
                        .filter(|l| l.captor.is_some())
                        .map(|l| l.id)
                        .collect();
                    if caps.len() > 1 {
                        out.push(Action::SecretPassage(PassageUse::Escape(caps.clone())));
                    }
                    out.extend(
                        caps.iter()
                            .map(|l| Action::SecretPassage(PassageUse::Escape(vec![*l]))),
                    );
                }
                Card::Assassination => {
                    let own: Vec<LordId> = self.family(p).map(|l| l.id).collect();
                    for t in &self.lords {
                        for s in &own {
                            out.push(Action::PlayAssassination {
                                target: t.id,
                                sponsor: *s,
                            });
                        }
                    }
                }
                Card::Justice => out.extend(
                    self.lords
                        .iter()
                        .filter(|l| l.assassin)
                        .map(|l| Action::PlayJustice(l.id)),
                ),
                Card::Ambush => {
                    if let Some(b) = &self.battle {
                        out.extend(
                            self.lords
                                .iter()
                                .filter(|l| l.village == b.village && l.captor.is_none())
                                .map(|l| Action::PlayAmbush(l.id)),
                        );
                    }
                }
                _ => {}
            }
        }
    }

    /// Every "any time" action `p` might take now (a superset; `check_free` filters).
    pub(crate) fn free_candidates(&self, p: PlayerId, coarse: bool, out: &mut Vec<Action>) {
        self.card_candidates(p, out);
        if self.pope_player() == Some(p) {
            for l in &self.lords {
                out.push(Action::Excommunicate(l.id));
                if l.excommunicated {
                    out.push(Action::LiftExcommunication(l.id));
                }
            }
        }
        if self.titles.pope.is_some() {
            out.extend(
                self.family(p)
                    .filter(|l| l.spouse.is_some())
                    .map(|l| Action::RequestAnnulment(l.id)),
            );
        }
        for q in 0..self.n() {
            if q == p {
                continue;
            }
            // 8.0: 1 to 3 Deniers; 11.3: with Open Diplomacy any sum the giver has (a bot
            // weighs only 1 to 3).
            let most = |giver: PlayerId| {
                if self.options.open_diplomacy && !coarse {
                    self.players[giver as usize].money.clamp(3, u8::MAX as u32) as u8
                } else {
                    3
                }
            };
            for amount in 1..=most(p) {
                out.push(Action::OfferDeniers { to: q, amount });
            }
            for amount in 1..=most(q) {
                out.push(Action::AskDeniers { from: q, amount });
            }
            // 8.0: one marker may bring one or more cards: every set of cards in hand.
            let hand = &self.players[p as usize].hand;
            let mut sets: Vec<Vec<Card>> = (1u32..1 << hand.len().min(3))
                .map(|bits| {
                    let mut set: Vec<Card> = (0..hand.len())
                        .filter(|i| bits & (1 << i) != 0)
                        .map(|i| hand[i])
                        .collect();
                    set.sort();
                    set
                })
                .collect();
            sets.sort();
            sets.dedup();
            out.extend(
                sets.into_iter()
                    .map(|cards| Action::OfferCard { to: q, cards }),
            );
        }
        for v in 0..self.map.villages.len() as VillageId {
            if self.villages[v as usize].controller == Some(p) {
                for q in 0..self.n() {
                    if q != p && self.has_units(q, v) {
                        out.push(Action::HandControl { village: v, to: q });
                    }
                }
            }
        }
        for v in 0..self.map.villages.len() as VillageId {
            if self.villages[v as usize].engines[p as usize] > 0 {
                out.push(Action::EndSiege(v));
            }
        }
        self.relic_candidates(p, out);
    }

    pub fn pope_player(&self) -> Option<PlayerId> {
        self.titles.pope.and_then(|l| self.lord(l)).map(|l| l.owner)
    }

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

    pub(crate) fn check_free(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        match a {
            Action::PlayCardinal { lord } => {
                self.holds(p, Card::Cardinal)?;
                self.check_cardinal_target(*lord)
            }
            Action::PlayDarc { lady } => {
                self.holds(p, Card::Darc)?;
                self.check_darc(*lady)
            }
            Action::PlayUprising { village, first } => {
                self.holds(p, Card::Uprising)?;
                if self
                    .pending
                    .iter()
                    .any(|x| matches!(x, Pending::Uprising { .. }))
                {
                    return refuse("10.1", "an Uprising is already being resolved");
                }
                if let Some(q) = first {
                    if *q >= self.n()
                        || self.villages[*village as usize].troops[*q as usize].count() == 0
                    {
                        return refuse("10.1", "that player has no Troops there");
                    }
                }
                self.uprising_grounds(p, *village)
            }
            Action::SecretPassage(PassageUse::Battle) => {
                self.holds(p, Card::SecretPassage)?;
                let Some(b) = &self.battle else {
                    return refuse("10.2.2", "no battle is being fought");
                };
                if !b.sides[0].contains(&p) {
                    return refuse(
                        "10.2.2",
                        "only the attacker uses a Secret Passage in a battle",
                    );
                }
                if b.passage || self.fortress_penalty() == 0 {
                    return refuse("10.2.2", "there is no fortification penalty to avoid");
                }
                Ok(())
            }
            Action::SecretPassage(PassageUse::Escape(ls)) => {
                self.holds(p, Card::SecretPassage)?;
                if ls.is_empty() {
                    return refuse("10.2.3", "name the Captives who escape");
                }
                for (i, l) in ls.iter().enumerate() {
                    let ok = self
                        .lord(*l)
                        .is_some_and(|x| x.owner == p && x.captor.is_some());
                    if !ok || ls[..i].contains(l) {
                        return refuse(
                            "10.2.3",
                            msg!(
                                "{lord} is not one of your captive Lords",
                                lord = lord_name(*l)
                            ),
                        );
                    }
                }
                Ok(())
            }
            Action::SecretPassage(_) => refuse("10.2", "not a use of the Secret Passage now"),
            Action::PlayAssassination { target, sponsor } => {
                self.holds(p, Card::Assassination)?;
                let Some(t) = self.lord(*target) else {
                    return refuse("10.3", "that Lord is not in play");
                };
                if t.owner == p {
                    return refuse("10.3", "you may never target your own Lord");
                }
                if self.lord(*sponsor).map(|s| s.owner) != Some(p) {
                    return refuse("10.3", "the sponsor must be one of your own Lords");
                }
                Ok(())
            }
            Action::PlayJustice(l) => {
                self.holds(p, Card::Justice)?;
                let Some(t) = self.lord(*l) else {
                    return refuse("10.4", "that Lord is not in play");
                };
                if !t.assassin {
                    return refuse("10.4", "Justice targets a Lord with an Assassin marker");
                }
                let royal = [
                    self.titles.king,
                    self.titles.queen,
                    self.titles.crown_prince,
                    self.titles.pope,
                ];
                if royal.contains(&Some(*l)) {
                    return refuse(
                        "10.4",
                        "the King, the Queen, the Crown Prince and the Pope are immune to Justice",
                    );
                }
                Ok(())
            }
            Action::PlayAmbush(l) => {
                self.holds(p, Card::Ambush)?;
                let Some(b) = &self.battle else {
                    return refuse("10.5", "Ambush is played during a battle");
                };
                let Some(my) = (0..2).find(|&s| b.sides[s].contains(&p)) else {
                    return refuse("10.5", "you are not taking part in this battle");
                };
                if self.free_lords_at(p, b.village).is_empty() {
                    return refuse("10.5", "you need a Lord taking part in the battle");
                }
                let ok = self.lord(*l).is_some_and(|t| {
                    t.village == b.village
                        && t.captor.is_none()
                        && b.sides[1 - my].contains(&t.owner)
                });
                if !ok {
                    return refuse("10.5", "choose an opposing Lord in this battle");
                }
                Ok(())
            }
            Action::Excommunicate(l) => {
                if self.pope_player() != Some(p) {
                    return refuse("1.7", "only the Pope excommunicates");
                }
                if self.excommunicated_this_round {
                    return refuse("1.7", "the Pope excommunicates at most once per round");
                }
                if self.lords.iter().any(|x| x.excommunicated) {
                    return refuse("1.7", "only one Lord may be excommunicated at a time");
                }
                if self.titles.pope == Some(*l) || self.lord(*l).is_none() {
                    return refuse("1.7", "the Pope cannot excommunicate that Lord");
                }
                Ok(())
            }
            Action::LiftExcommunication(l) => {
                if self.pope_player() != Some(p) {
                    return refuse("1.7", "only the Pope lifts an excommunication");
                }
                if !self.lord(*l).is_some_and(|x| x.excommunicated) {
                    return refuse("1.7", "that Lord is not excommunicated");
                }
                Ok(())
            }
            Action::RequestAnnulment(l) => {
                let Some(x) = self.lord(*l) else {
                    return refuse("1.7", "that Lord is not in play");
                };
                if x.owner != p || x.spouse.is_none() {
                    return refuse("1.7", "ask for the annulment of your own Lord's marriage");
                }
                if self.titles.pope.is_none() {
                    return refuse("1.7", "only a Pope annuls a marriage");
                }
                let royal = [self.titles.king, self.titles.queen].contains(&Some(*l));
                if royal && self.titles.crown_prince.is_some() {
                    return refuse(
                        "1.7",
                        "a royal marriage cannot be annulled once there is a Crown Prince",
                    );
                }
                if self.asked_annulments.contains(l) {
                    return refuse("1.7", "you have already asked this round");
                }
                Ok(())
            }
            Action::OfferDeniers { to, amount } | Action::AskDeniers { from: to, amount } => {
                let (giver, receiver) = if matches!(a, Action::OfferDeniers { .. }) {
                    (p, *to)
                } else {
                    (*to, p)
                };
                if *to == p || *to >= self.n() {
                    return refuse("8.0", "choose another player");
                }
                // 11.3: with Open Diplomacy any sum changes hands; otherwise 1 to 3 (8.0).
                if *amount == 0 || (!self.options.open_diplomacy && *amount > 3) {
                    return refuse("8.0", "a Diplomacy marker moves 1 to 3 Deniers");
                }
                if self.players[giver as usize].money < *amount as u32 {
                    return refuse(
                        "8.0",
                        msg!("{p} has too little money", p = self.pname(giver)),
                    );
                }
                self.check_deal(&DealOffer {
                    giver,
                    receiver,
                    deniers: *amount,
                    cards: Vec::new(),
                    relic: None,
                })
            }
            Action::OfferCard { to, cards } => {
                if *to == p || *to >= self.n() {
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
                if self.players[*to as usize].hand.len() + cards.len() > 3 {
                    return refuse("8.0", "the receiver's hand would hold more than 3 cards");
                }
                self.check_deal(&DealOffer {
                    giver: p,
                    receiver: *to,
                    deniers: 0,
                    cards: cards.clone(),
                    relic: None,
                })
            }
            Action::HandControl { village, to } => {
                if self.villages[*village as usize].controller != Some(p) {
                    return refuse("5.1", "you do not control that Village");
                }
                if *to == p || *to >= self.n() || !self.has_units(*to, *village) {
                    return refuse("5.1", "control goes to a player with units in the Village");
                }
                if self.handed.contains(village) {
                    return refuse(
                        "5.1",
                        "control of that Village has already changed hands this round",
                    );
                }
                Ok(())
            }
            Action::EndSiege(v) => {
                if self.villages[*v as usize].engines[p as usize] == 0 {
                    refuse("6.4.1", "you are not besieging that Village")
                } else {
                    Ok(())
                }
            }
            Action::TakeRelic { lord, relic } => {
                if self
                    .prompt()
                    .is_none_or(|pr| pr.kind != super::PromptKind::Movement)
                {
                    return refuse("11.1", "a relic is taken during its taker's Movement");
                }
                self.check_take_relic(p, *lord, *relic)
            }
            Action::OfferRelic { relic, to, lord } => self.check_offer_relic(p, *relic, *to, *lord),
            _ => refuse("", "not an action that may be taken at any time"),
        }
    }

    /// 8.0: the receiver has a marker to spend (unless Open Diplomacy, 11.3), and this very
    /// offer has not been made this round (a new offer may always be made).
    pub(crate) fn check_deal(&self, offer: &DealOffer) -> Result<(), RuleError> {
        if !self.options.open_diplomacy && self.players[offer.receiver as usize].diplomacy == 0 {
            return refuse(
                "8.0",
                msg!(
                    "{p} has no Diplomacy marker left",
                    p = self.pname(offer.receiver)
                ),
            );
        }
        if self.asked_deals.contains(offer) {
            return refuse("8.0", "that very offer has already been made this round");
        }
        Ok(())
    }

    pub(crate) fn check_darc(&self, lady: LordId) -> Result<(), RuleError> {
        let Some(l) = self.lord(lady) else {
            return refuse("9.1", "that Lady is not in play");
        };
        if super::cards::lord_sex(lady) != super::cards::Sex::Female || l.spouse.is_some() {
            return refuse("9.1", "d'ARC goes to an unmarried Lady");
        }
        if self.titles.darc.is_some() {
            return refuse("9.1", "there is already a d'ARC");
        }
        Ok(())
    }

    pub(crate) fn exec_free(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::TakeRelic { lord, relic } => self.exec_take_relic(p, lord, relic),
            Action::OfferRelic { relic, to, lord } => self.exec_offer_relic(p, relic, to, lord),
            Action::PlayCardinal { lord } => self.request_cardinal(p, lord, false),
            Action::PlayDarc { lady } => {
                let hand = &mut self.players[p as usize].hand;
                if let Some(i) = hand.iter().position(|c| *c == Card::Darc) {
                    hand.remove(i);
                }
                self.titles.darc = Some(lady);
                say!(
                    self,
                    "9.1",
                    msg!(
                        "{p} plays d'ARC: {lady} becomes {lady} d'ARC.",
                        p = self.pname(p),
                        lady = lord_name(lady)
                    ),
                );
            }
            Action::PlayUprising { village, first } => {
                self.discard_fortune(p, Card::Uprising);
                say!(
                    self,
                    "10.1",
                    msg!(
                        "{p} raises an Uprising in {v}.",
                        p = self.pname(p),
                        v = self.vname(village)
                    ),
                );
                self.pending.push(Pending::Uprising {
                    village,
                    first,
                    cards: vec![p],
                    passage: false,
                    step: UprisingStep::Join(0),
                    stoppers: vec![],
                });
            }
            Action::SecretPassage(PassageUse::Battle) => {
                self.discard_fortune(p, Card::SecretPassage);
                if let Some(b) = &mut self.battle {
                    b.passage = true;
                }
                say!(self,
                    "10.2.2",
                    msg!(
                        "{p} attacks through a Secret Passage: no fortification penalty in this battle.",
                        p = self.pname(p)
                    ),
                );
            }
            Action::SecretPassage(PassageUse::Escape(ls)) => {
                self.discard_fortune(p, Card::SecretPassage);
                for l in ls {
                    if let Some(x) = self.lord_mut(l) {
                        x.captor = None;
                    }
                    say!(
                        self,
                        "10.2.3",
                        msg!(
                            "{lord} escapes through a Secret Passage.",
                            lord = lord_name(l)
                        ),
                    );
                    self.place_freed_lord(l);
                }
            }
            Action::PlayAssassination { target, sponsor } => {
                self.discard_fortune(p, Card::Assassination);
                if let Some(s) = self.lord_mut(sponsor) {
                    s.assassin = true;
                }
                say!(self,
                    "10.3",
                    msg!(
                        "{p} sends an assassin after {target}; {sponsor} takes the Assassin marker.",
                        p = self.pname(p),
                        target = lord_name(target),
                        sponsor = lord_name(sponsor)
                    ),
                );
                self.pending.push(Pending::Targeted {
                    card: Card::Assassination,
                    by: p,
                    target,
                });
            }
            Action::PlayJustice(l) => {
                self.discard_fortune(p, Card::Justice);
                say!(
                    self,
                    "10.4",
                    msg!(
                        "{p} plays Justice: {lord} is executed.",
                        p = self.pname(p),
                        lord = lord_name(l)
                    ),
                );
                self.kill_lord(l);
            }
            Action::PlayAmbush(l) => {
                self.discard_fortune(p, Card::Ambush);
                say!(
                    self,
                    "10.5",
                    msg!(
                        "{p} springs an Ambush on {lord}.",
                        p = self.pname(p),
                        lord = lord_name(l)
                    ),
                );
                self.pending.push(Pending::Targeted {
                    card: Card::Ambush,
                    by: p,
                    target: l,
                });
            }
            Action::Excommunicate(l) => {
                self.excommunicated_this_round = true;
                if let Some(x) = self.lord_mut(l) {
                    x.excommunicated = true;
                }
                say!(
                    self,
                    "1.7",
                    msg!("The Pope excommunicates {lord}.", lord = lord_name(l)),
                );
                // 1.7, digest §12.2 item 10: church titles are lost as on death (1.6).
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
            Action::LiftExcommunication(l) => {
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
            Action::RequestAnnulment(l) => {
                self.asked_annulments.push(l);
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
            Action::OfferDeniers { to, amount } => self.propose_deal(p, to, amount, Vec::new(), to),
            Action::AskDeniers { from, amount } => {
                self.propose_deal(from, p, amount, Vec::new(), from)
            }
            Action::OfferCard { to, cards } => self.propose_deal(p, to, 0, cards, to),
            Action::HandControl { village, to } => {
                self.handed.push(village);
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
            Action::EndSiege(v) => {
                say!(
                    self,
                    "6.4.1",
                    msg!("{p} ends the siege.", p = self.pname(p))
                );
                self.end_siege(v);
            }
            _ => {}
        }
    }

    /// 8.0: a transfer proposed; `answerer` (the other party) accepts or refuses it.
    fn propose_deal(
        &mut self,
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: Vec<Card>,
        answerer: PlayerId,
    ) {
        self.asked_deals.push(DealOffer {
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

    /// 2.3.3, 10.3: the Lord's side rolls 1D6; on 1–3 he dies.
    pub(crate) fn roll_for_life(&mut self, l: LordId, section: &str, against: &str) {
        let roll = self.rng.d6();
        let dies = roll <= 3;
        say!(
            self,
            section,
            if dies {
                msg!(
                    "{lord} rolls {roll} {against} and dies.",
                    lord = lord_name(l),
                    roll = roll,
                    against = term(against)
                )
            } else {
                msg!(
                    "{lord} rolls {roll} {against} and lives.",
                    lord = lord_name(l),
                    roll = roll,
                    against = term(against)
                )
            },
        );
        if dies {
            self.kill_lord(l);
        }
    }

    /// 1.7: the marriage ends, and so does the alliance; a royal marriage costs the Queen her
    /// title (digest §12.2 item 11).
    fn annul(&mut self, l: LordId) {
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
            say!(
                self,
                "8.0",
                msg!("{p} declines the deal.", p = self.pname(answerer)),
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

    // ----- targeted cards: Assassination and Ambush (10.3, 10.5, 10.2.3) -----

    /// The owner of the targeted Lord may answer only with a Secret Passage in hand.
    pub(crate) fn settle_targeted(&mut self) -> bool {
        let Some(Pending::Targeted { target, .. }) = self.pending.last() else {
            return false;
        };
        let owner = self.lord(*target).map(|l| l.owner);
        match owner {
            Some(o) if self.players[o as usize].hand.contains(&Card::SecretPassage) => false,
            _ => {
                self.resolve_targeted(false);
                true
            }
        }
    }

    pub(crate) fn resolve_targeted(&mut self, passage: bool) {
        let Some(Pending::Targeted { card, by, target }) = self.pending.pop() else {
            return;
        };
        let Some(t) = self.lord(target).cloned() else {
            return;
        };
        if passage {
            self.discard_fortune(t.owner, Card::SecretPassage);
            say!(
                self,
                "10.2.3",
                msg!(
                    "{lord} slips away through a Secret Passage: the {card} fails.",
                    lord = lord_name(target),
                    card = Game::card_arg(card)
                ),
            );
            return;
        }
        match card {
            Card::Assassination => self.roll_for_life(target, "10.3", n_("against the assassin")),
            _ => {
                // 10.5: one opposing Lord in the battle is captured.
                if t.captor.is_some() {
                    return;
                }
                self.capture(target, by);
                let last = self.battle.as_ref().is_some_and(|b| {
                    !self
                        .lords
                        .iter()
                        .any(|l| l.village == b.village && l.captor.is_none() && l.owner == t.owner)
                });
                if last && self.battle.is_some() {
                    self.pending.push(Pending::AmbushGoOn { player: by });
                }
            }
        }
    }

    pub(crate) fn exec_ambush_go_on(&mut self, yes: bool) {
        self.pending.pop();
        if !yes {
            say!(self, "10.5", msg!("The ambusher ends the battle."));
            if let Some(b) = &mut self.battle {
                b.sides[1].clear();
            }
        }
    }

    // ----- 10.1 Uprising -----

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
                self.seat(i),
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
    fn uprising_penalty(&self, v: VillageId) -> u32 {
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
                    stoppers.retain(|x| self.lord(*x).is_some());
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
                    // digest §12.2 item 24: the Bishop first, then each Cardinal in turn order.
                    let b = self.bishopric_of(village);
                    let mut list: Vec<LordId> =
                        self.titles.bishop[b as usize].into_iter().collect();
                    for k in 0..self.n() {
                        let q = self.seat(k);
                        for (c, _) in &self.titles.cardinals {
                            if self.lord(*c).is_some_and(|x| x.owner == q) && !list.contains(c) {
                                list.push(*c);
                            }
                        }
                    }
                    put(self, UprisingStep::Stop(0), list);
                    return true;
                }
                let p = self.seat(i);
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
                // digest §12.2 item 23: victims in the order chosen, leftover hits carry over.
                let mut order: Vec<PlayerId> = first.into_iter().collect();
                for k in 0..self.n() {
                    let q = self.seat(k);
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

    /// A reaction window moves past players who have nothing to play.
    pub(crate) fn settle_window(&mut self) -> bool {
        let Some(Pending::Window { at, idx }) = self.pending.last().cloned() else {
            return false;
        };
        if idx >= self.n() {
            self.pending.pop();
            return true;
        }
        if !self.has_reaction(self.seat(idx)) {
            self.pending.pop();
            self.pending.push(Pending::Window { at, idx: idx + 1 });
            return true;
        }
        false
    }

    pub(crate) fn exec_window_pass(&mut self) {
        if let Some(Pending::Window { idx, .. }) = self.pending.last_mut() {
            *idx += 1;
        }
    }
}
