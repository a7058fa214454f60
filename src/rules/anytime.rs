//! What may be done "at any time" (ruling R-WINDOWS): which of these actions are offered, checked
//! and carried out, and the targeted cards (Assassination, Ambush: 10.3, 10.5, 10.2.3). The
//! rules behind them have files of their own: uprising.rs (10.1), diplomacy.rs (8.0),
//! pope.rs (1.7), reactions.rs (the reaction windows), control.rs (5.1), siege.rs (6.4.1).
//!
//! Timing (ruling R-WINDOWS): these actions are offered to a player whenever he
//! has a turn-like decision (Marriages, Play Cards, Purchase, Movement, Battles, Pillage, a
//! battle's choices) and in reaction windows, which the engine opens at the start of Phases 1,
//! 3, 4, 5, 6 and 7 and before every battle roll. A window asks, in turn order, each player
//! who holds an Opportunity card he could play then. Never during the Draw step (2.1 FAQ).

use super::actions::{Action, CardList, PassageUse};
use super::cards::{lord_name, Card, LordId};
use super::diplomacy::HIDDEN_ASK_MOST;
use super::draw::HAND_LIMIT;
use super::events::{n_, term};
use super::state::phase::{Pending, UprisingStep};
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::VillageId;
use smallvec::SmallVec;

pub(crate) const CARD_ACTIONS: [Card; 7] = [
    Card::Cardinal,
    Card::Darc,
    Card::Uprising,
    Card::SecretPassage,
    Card::Assassination,
    Card::Justice,
    Card::Ambush,
];

/// Every action that is not an "any time" action (`is_any_time_action`), as one pattern: the
/// any-time dispatchers below name every action, so that a new one must be placed.
macro_rules! not_any_time {
    () => {
        Action::ChooseStart(_)
            | Action::ProposeMarriage { .. }
            | Action::EndMarriages
            | Action::Accept
            | Action::Refuse
            | Action::Nominate(_)
            | Action::NoCandidate
            | Action::Vote { .. }
            | Action::Discard(_)
            | Action::DrawFortune
            | Action::DrawLord
            | Action::EndDraw
            | Action::PlagueLoss { .. }
            | Action::ChooseHeir(_)
            | Action::PlaceLord(_)
            | Action::PlayLord { .. }
            | Action::PlayHarvest(_)
            | Action::PlayGoodWeather(_)
            | Action::PlayTallage { .. }
            | Action::PlayTithe { .. }
            | Action::EndPlayCards
            | Action::OfferRansom { .. }
            | Action::NoRansom
            | Action::BuyMaa(_)
            | Action::BuyKnight(_)
            | Action::BuyMill(_)
            | Action::BuyStronghold(_)
            | Action::BuyTitle { .. }
            | Action::GrantTitle { .. }
            | Action::PassTitle { .. }
            | Action::BuyCardinal { .. }
            | Action::EndPurchase
            | Action::Move(_)
            | Action::EndMovement
            | Action::DeclareBattle { .. }
            | Action::JoinSide(..)
            | Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::Casualty(_)
            | Action::DeclareSiege(_)
            | Action::EndBattles
            | Action::Pillage(_)
            | Action::RelicRoll { .. }
            | Action::EndPillage
            | Action::Pass
            | Action::JoinUprising
            | Action::TryStop { .. }
    };
}

impl Game {
    /// Candidate plays of Opportunity cards.
    pub(crate) fn card_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
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
                    // 10.2.3: one or more of them escape: every set, in the family's order.
                    out.extend((1u32..1 << caps.len().min(4)).map(|mask| {
                        Action::SecretPassage(PassageUse::Escape(
                            (0..caps.len())
                                .filter(|i| mask & (1 << i) != 0)
                                .map(|i| caps[i])
                                .collect(),
                        ))
                    }));
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

    /// Every "any time" action `p` might take now (a superset; `check_any_time` filters).
    pub(crate) fn any_time_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        self.card_candidates(p, out);
        if self.pope_player() == Some(p) {
            // 1.7: Lords to excommunicate only while the Pope may (`check_excommunicate`).
            let excommunicate = self.check_excommunicate_now(p).is_ok();
            for l in &self.lords {
                if excommunicate {
                    out.push(Action::Excommunicate(l.id));
                }
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
        // 8.0: one marker may bring one or more cards: every set of cards in hand.
        // Held in place: at most 7 sets of at most 3 cards.
        let hand = &self.players[p as usize].hand;
        let mut sets: SmallVec<[CardList; 7]> = (1u32..1 << hand.len().min(3))
            .map(|bits| {
                let mut set: CardList = (0..hand.len())
                    .filter(|i| bits & (1 << i) != 0)
                    .map(|i| hand[i])
                    .collect();
                set.sort();
                set
            })
            .collect();
        sets.sort();
        sets.dedup();
        // 8.0: the receiver spends a Diplomacy marker (11.3: none needed); offers that
        // `check_deal` would refuse for want of one are not listed.
        let receives =
            |r: PlayerId| self.options.open_diplomacy || self.players[r as usize].diplomacy > 0;
        for q in 0..self.n() {
            if q == p {
                continue;
            }
            // 8.0: 1 to 3 Deniers; 11.3: with Open Diplomacy any sum the giver has (a bot
            // weighs only 1 to 3).
            let most =
                |giver: PlayerId| self.most_listed(self.players[giver as usize].money, for_bots);
            if receives(q) {
                for amount in 1..=most(p) {
                    out.push(Action::OfferDeniers { to: q, amount });
                }
                // 8.0: only as many cards as the receiver's hand has room for
                // (`check_card_offer`).
                let room = HAND_LIMIT.saturating_sub(self.players[q as usize].hand.len());
                out.extend(
                    sets.iter()
                        .filter(|cards| cards.len() <= room)
                        .map(|cards| Action::OfferCard {
                            to: q,
                            cards: cards.clone(),
                        }),
                );
            }
            if receives(p) {
                // FAQ, ruling R-HIDDEN-ASK: a purse the asker cannot see is asked of whatever
                // it holds; the answer settles it.
                let most = if self.money_hidden(Some(p), q) {
                    self.most_listed(HIDDEN_ASK_MOST.into(), for_bots)
                } else {
                    most(q)
                };
                for amount in 1..=most {
                    out.push(Action::AskDeniers { from: q, amount });
                }
            }
        }
        // 5.1: to another player with units in a Village this one controls (`has_units`,
        // its Lords found for the whole map in one pass), once a round a Village.
        let lords_at = self.free_lord_players(None);
        for (v, vs) in self.villages.iter().enumerate() {
            if vs.controller == Some(p) && !self.memory.handed.contains(&(v as VillageId)) {
                for q in 0..self.n() {
                    let lord = lords_at.get(v).is_some_and(|m| m & (1 << q) != 0);
                    if q != p && (vs.troops[q as usize].count() > 0 || lord) {
                        out.push(Action::HandControl {
                            village: v as VillageId,
                            to: q,
                        });
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

    /// Whether `p` may take an "any time" action now (`is_any_time_action`): each is routed to
    /// the check that sits beside its effect, here for the Opportunity cards, in its rule's file
    /// for the rest. An exhaustive match: a new action must be placed here.
    pub(crate) fn check_any_time(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
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
                self.check_uprising_card(p, *village, *first)
            }
            Action::SecretPassage(PassageUse::Battle) => self.check_passage_in_battle(p),
            Action::SecretPassage(PassageUse::Escape(ls)) => self.check_escape(p, ls),
            Action::SecretPassage(PassageUse::Cancel | PassageUse::Uprising) => {
                refuse("10.2", "not a use of the Secret Passage now")
            }
            Action::PlayAssassination { target, sponsor } => {
                self.check_assassination(p, *target, *sponsor)
            }
            Action::PlayJustice(l) => self.check_justice(p, *l),
            Action::PlayAmbush(l) => self.check_ambush(p, *l),
            Action::Excommunicate(l) => self.check_excommunicate(p, *l),
            Action::LiftExcommunication(l) => self.check_lift_excommunication(p, *l),
            Action::RequestAnnulment(l) => self.check_annulment_request(p, *l),
            Action::OfferDeniers { to, amount } => self.check_deniers_offer(p, *to, *amount, true),
            Action::AskDeniers { from, amount } => {
                self.check_deniers_offer(p, *from, *amount, false)
            }
            Action::OfferCard { to, cards } => self.check_card_offer(p, *to, cards),
            Action::HandControl { village, to } => self.check_hand_control(p, *village, *to),
            Action::EndSiege(v) => self.check_end_siege(p, *v),
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
            // The rest are not "any time" actions (`is_any_time_action` keeps them away).
            not_any_time!() => refuse("", "not an action that may be taken at any time"),
        }
    }

    /// Carries out an "any time" action `check_any_time` allowed.
    pub(crate) fn exec_any_time(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::TakeRelic { lord, relic } => self.exec_take_relic(p, lord, relic),
            Action::OfferRelic { relic, to, lord } => self.exec_offer_relic(p, relic, to, lord),
            Action::PlayCardinal { lord } => self.request_cardinal(p, lord, false),
            Action::PlayDarc { lady } => self.exec_darc(p, lady),
            Action::PlayUprising { village, first } => self.exec_uprising_card(p, village, first),
            Action::SecretPassage(PassageUse::Battle) => self.exec_passage_in_battle(p),
            Action::SecretPassage(PassageUse::Escape(ls)) => self.exec_escape(p, ls),
            Action::PlayAssassination { target, sponsor } => {
                self.exec_assassination(p, target, sponsor)
            }
            Action::PlayJustice(l) => self.exec_justice(p, l),
            Action::PlayAmbush(l) => self.exec_ambush(p, l),
            Action::Excommunicate(l) => self.excommunicate(l),
            Action::LiftExcommunication(l) => self.lift_excommunication(l),
            Action::RequestAnnulment(l) => self.exec_annulment_request(p, l),
            Action::OfferDeniers { to, amount } => self.propose_deal(p, to, amount, Vec::new(), to),
            Action::AskDeniers { from, amount } => {
                self.propose_deal(from, p, amount, Vec::new(), from)
            }
            Action::OfferCard { to, cards } => self.propose_deal(p, to, 0, cards.to_vec(), to),
            Action::HandControl { village, to } => self.exec_hand_control(p, village, to),
            Action::EndSiege(v) => self.exec_end_siege(p, v),
            // Refused by `check_any_time`.
            Action::SecretPassage(PassageUse::Cancel | PassageUse::Uprising) | not_any_time!() => {}
        }
    }

    // ----- 9.1 d'ARC -----

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

    /// 9.1: the card makes an unmarried Lady d'ARC.
    fn exec_darc(&mut self, p: PlayerId, lady: LordId) {
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

    // ----- 10.1 the Uprising card (the Uprising itself: uprising.rs) -----

    /// 10.1: an Uprising may be raised where the card's holder has grounds, one at a time.
    fn check_uprising_card(
        &self,
        p: PlayerId,
        village: VillageId,
        first: Option<PlayerId>,
    ) -> Result<(), RuleError> {
        self.holds(p, Card::Uprising)?;
        if self
            .pending
            .iter()
            .any(|x| matches!(x, Pending::Uprising { .. }))
        {
            return refuse("10.1", "an Uprising is already being resolved");
        }
        if let Some(q) = first {
            if q >= self.n() || self.villages[village as usize].troops[q as usize].count() == 0 {
                return refuse("10.1", "that player has no Troops there");
            }
        }
        self.uprising_grounds(p, village)
    }

    /// 10.1: the card is discarded and the Uprising begins.
    fn exec_uprising_card(&mut self, p: PlayerId, village: VillageId, first: Option<PlayerId>) {
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

    // ----- 10.2 Secret Passage (in movement: movement.rs; against a card: below) -----

    /// 10.2.2: the attacker avoids the fortification penalty for the whole battle.
    fn check_passage_in_battle(&self, p: PlayerId) -> Result<(), RuleError> {
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

    /// 10.2.2
    fn exec_passage_in_battle(&mut self, p: PlayerId) {
        self.discard_fortune(p, Card::SecretPassage);
        if let Some(b) = &mut self.battle {
            b.passage = true;
        }
        say!(
            self,
            "10.2.2",
            msg!(
                "{p} attacks through a Secret Passage: no fortification penalty in this battle.",
                p = self.pname(p)
            ),
        );
    }

    /// 10.2.3: one's Captives escape without ransom.
    fn check_escape(&self, p: PlayerId, ls: &[LordId]) -> Result<(), RuleError> {
        self.holds(p, Card::SecretPassage)?;
        if ls.is_empty() {
            return refuse("10.2.3", "name the Captives who escape");
        }
        for (i, l) in ls.iter().enumerate() {
            let ok = self
                .lord(*l)
                .is_some_and(|x| x.owner == p && x.captor.is_some());
            if !ok || ls[..i].contains(l) {
                return refuse_with("10.2.3", || {
                    msg!(
                        "{lord} is not one of your captive Lords",
                        lord = lord_name(*l)
                    )
                });
            }
        }
        Ok(())
    }

    /// 10.2.3
    fn exec_escape(&mut self, p: PlayerId, ls: Vec<LordId>) {
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

    // ----- 10.3 Assassination, 10.4 Justice, 10.5 Ambush -----

    /// 10.3: a rival's Lord, with one of one's own Lords as the sponsor.
    fn check_assassination(
        &self,
        p: PlayerId,
        target: LordId,
        sponsor: LordId,
    ) -> Result<(), RuleError> {
        self.holds(p, Card::Assassination)?;
        let Some(t) = self.lord(target) else {
            return refuse("10.3", "that Lord is not in play");
        };
        if t.owner == p {
            return refuse("10.3", "you may never target your own Lord");
        }
        if self.lord(sponsor).map(|s| s.owner) != Some(p) {
            return refuse("10.3", "the sponsor must be one of your own Lords");
        }
        Ok(())
    }

    /// 10.3: the sponsor takes the Assassin marker; the target's owner may answer (below).
    fn exec_assassination(&mut self, p: PlayerId, target: LordId, sponsor: LordId) {
        self.discard_fortune(p, Card::Assassination);
        if let Some(s) = self.lord_mut(sponsor) {
            s.assassin = true;
        }
        say!(
            self,
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

    /// 10.4: a Lord with an Assassin marker, unless royal or the Pope.
    fn check_justice(&self, p: PlayerId, l: LordId) -> Result<(), RuleError> {
        self.holds(p, Card::Justice)?;
        let Some(t) = self.lord(l) else {
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
        if royal.contains(&Some(l)) {
            return refuse(
                "10.4",
                "the King, the Queen, the Crown Prince and the Pope are immune to Justice",
            );
        }
        Ok(())
    }

    /// 10.4: the Lord is executed.
    fn exec_justice(&mut self, p: PlayerId, l: LordId) {
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

    /// 10.5: an opposing Lord in the battle one's own Lord takes part in.
    fn check_ambush(&self, p: PlayerId, l: LordId) -> Result<(), RuleError> {
        self.holds(p, Card::Ambush)?;
        let Some(b) = &self.battle else {
            return refuse("10.5", "Ambush is played during a battle");
        };
        let Some(my) = (0..2).find(|&s| b.sides[s].contains(&p)) else {
            return refuse("10.5", "you are not taking part in this battle");
        };
        if self.free_lords_at(p, b.village).next().is_none() {
            return refuse("10.5", "you need a Lord taking part in the battle");
        }
        let ok = self.lord(l).is_some_and(|t| {
            t.village == b.village && t.captor.is_none() && b.sides[1 - my].contains(&t.owner)
        });
        if !ok {
            return refuse("10.5", "choose an opposing Lord in this battle");
        }
        Ok(())
    }

    /// 10.5: the target's owner may answer (below).
    fn exec_ambush(&mut self, p: PlayerId, l: LordId) {
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

    /// 2.3.3, 10.3: the Lord's side rolls 1D6; on 1–3 he dies.
    pub(crate) fn roll_for_life(&mut self, l: LordId, section: &'static str, against: &str) {
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

    /// 10.2.3: a Secret Passage card cancels the card played against one's Lord.
    pub(crate) fn check_passage_cancel(&self, player: PlayerId) -> Result<(), RuleError> {
        if self.players[player as usize]
            .hand
            .contains(&Card::SecretPassage)
        {
            Ok(())
        } else {
            refuse("10.2.3", "you hold no Secret Passage card")
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
}
