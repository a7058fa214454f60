//! Phase 2: discard and draw (2.1, 2.2), the Disaster track (2.3) and Play Cards (2.4).

use super::cards::{lord_name, lord_sex, Card, LordId, Sex};
use super::events::Arg;
use super::state::lords::Lord;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse, refuse_with, Action, RuleError};
use crate::map::{BishopricId, VillageId};

/// 2.1, ruling R-HAND-LIMIT: the hand limit.
pub const HAND_LIMIT: usize = 3;

impl Game {
    // ----- 2.1 Discard and draw -----

    /// 2.1: a card of the hand to discard (each kind once), a draw from either deck, or done.
    pub(crate) fn discard_draw_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        // Discarding comes before drawing (`check_draw`).
        if !matches!(self.phase, Phase::Draw { drawing: true, .. }) {
            let mut hand = self.players[p as usize].hand.clone();
            hand.sort();
            hand.dedup();
            out.extend(hand.into_iter().map(Action::Discard));
        }
        out.extend([Action::DrawFortune, Action::DrawLord, Action::EndDraw]);
    }

    pub(crate) fn check_draw(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        let Phase::Draw {
            fortune,
            lord,
            drawing,
            ..
        } = self.phase
        else {
            return refuse("2.1", "not the draw step");
        };
        let hand = &self.players[p as usize].hand;
        match a {
            Action::Discard(c) => {
                if drawing {
                    return refuse("2.1", "discarding comes before drawing");
                }
                if !hand.contains(c) {
                    return refuse_with("2.1", || {
                        msg!("you hold no {card} card", card = Game::card_arg(*c))
                    });
                }
                Ok(())
            }
            Action::DrawFortune | Action::DrawLord => {
                if fortune + lord >= 2 {
                    return refuse("2.1", "you have drawn your 2 cards");
                }
                if hand.len() >= HAND_LIMIT {
                    return refuse("2.1", "your hand holds 3 cards, the limit");
                }
                if *a == Action::DrawLord {
                    if lord > 0 {
                        return refuse("2.1", "never 2 Lord cards in one draw");
                    }
                    if self.lords_deck.is_empty() && self.lords_discard.is_empty() {
                        return refuse("2.2", "no Lord card is left to draw");
                    }
                } else if !self
                    .fortune_deck
                    .iter()
                    .chain(&self.fortune_discard)
                    .any(|c| !c.is_disaster())
                {
                    return refuse("2.2", "no Fortune card is left to draw");
                }
                Ok(())
            }
            Action::EndDraw => Ok(()),
            _ => refuse("2.1", "not a draw action"),
        }
    }

    pub(crate) fn exec_draw(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::Discard(c) => {
                let hand = &mut self.players[p as usize].hand;
                if let Some(i) = hand.iter().position(|x| *x == c) {
                    hand.remove(i);
                }
                if c.is_lords_deck() {
                    self.lords_discard.push(c);
                } else {
                    self.fortune_discard.push(c);
                }
                say!(
                    self,
                    "2.1",
                    msg!(
                        "{p} discards {card}.",
                        p = self.pname(p),
                        card = Game::card_arg(c)
                    ),
                );
            }
            Action::DrawLord => {
                if self.lords_deck.is_empty() {
                    self.reshuffle(true);
                }
                if let Some(c) = self.lords_deck.pop() {
                    self.players[p as usize].hand.push(c);
                    say_private!(
                        self,
                        "2.1",
                        p,
                        msg!(
                            "{p} draws {card}.",
                            p = self.pname(p),
                            card = Game::card_arg(c)
                        ),
                        msg!("{p} draws a Lord card.", p = self.pname(p)),
                    );
                }
                self.mark_drawn(false);
            }
            Action::DrawFortune => {
                self.draw_fortune(p);
                self.mark_drawn(true);
            }
            Action::EndDraw => {
                if let Phase::Draw {
                    idx,
                    fortune,
                    lord,
                    drawing,
                } = &mut self.phase
                {
                    *idx += 1;
                    *fortune = 0;
                    *lord = 0;
                    *drawing = false;
                }
            }
            _ => {}
        }
    }

    fn mark_drawn(&mut self, fortune_card: bool) {
        if let Phase::Draw {
            fortune,
            lord,
            drawing,
            ..
        } = &mut self.phase
        {
            *drawing = true;
            if fortune_card {
                *fortune += 1;
            } else {
                *lord += 1;
            }
        }
    }

    /// 2.2: an empty deck is rebuilt from its shuffled discard pile.
    fn reshuffle(&mut self, lords: bool) {
        let mut pile = std::mem::take(if lords {
            &mut self.lords_discard
        } else {
            &mut self.fortune_discard
        });
        self.rng.shuffle(&mut pile);
        if lords {
            self.lords_deck = pile;
        } else {
            self.fortune_deck = pile;
        }
        say!(
            self,
            "2.2",
            if lords {
                msg!("The Lords discard pile is shuffled into a new deck.")
            } else {
                msg!("The Fortune & Disaster discard pile is shuffled into a new deck.")
            },
        );
    }

    /// 2.1: draw through Disasters (face down onto the track, or discarded when it is full)
    /// until a Fortune card comes up.
    fn draw_fortune(&mut self, p: PlayerId) {
        loop {
            if self.fortune_deck.is_empty() {
                if !self.fortune_discard.iter().any(|c| !c.is_disaster()) {
                    say!(self, "2.2", msg!("No Fortune card is left to draw."));
                    return;
                }
                self.reshuffle(false);
            }
            let Some(c) = self.fortune_deck.pop() else {
                return;
            };
            if c.is_disaster() {
                if let Some(slot) = self.track.iter().position(|s| s.is_none()) {
                    self.track[slot] = Some(c);
                    say!(
                        self,
                        "2.1",
                        msg!(
                            "{p} turns up a Disaster: it goes face down on track space {slot}.",
                            p = self.pname(p),
                            slot = slot + 1
                        ),
                    );
                } else {
                    self.fortune_discard.push(c);
                    say!(
                        self,
                        "2.1",
                        msg!(
                            "{p} turns up {card}; the track is full, so it is discarded.",
                            p = self.pname(p),
                            card = Game::card_arg(c)
                        ),
                    );
                }
                continue;
            }
            self.players[p as usize].hand.push(c);
            say_private!(
                self,
                "2.1",
                p,
                msg!(
                    "{p} draws {card}.",
                    p = self.pname(p),
                    card = Game::card_arg(c)
                ),
                msg!("{p} draws a Fortune card.", p = self.pname(p)),
            );
            return;
        }
    }

    // ----- 2.4 Play cards -----

    pub(crate) fn play_card_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let mut hand = self.players[p as usize].hand.clone();
        hand.sort();
        hand.dedup();
        for c in hand {
            match c {
                Card::Lord(l) => {
                    let mut places = self.placement_villages(p);
                    places.extend(self.placement_with_leave(p));
                    for v in places {
                        out.push(Action::PlayLord {
                            lord: l,
                            village: v,
                            crown_prince: false,
                        });
                        if self.may_name_crown_prince(p, l) {
                            out.push(Action::PlayLord {
                                lord: l,
                                village: v,
                                crown_prince: true,
                            });
                        }
                    }
                }
                Card::Harvest => out.extend((0..5).map(Action::PlayHarvest)),
                Card::GoodWeather => out.extend((0..5).map(Action::PlayGoodWeather)),
                // 2.4.5, 2.4.6: a Tallage or a Tithe only where the Lord has the right to
                // raise it (`tallage_role`, `tithe_role`; `check_play` says the rest).
                Card::Taxes => {
                    for l in self.family(p) {
                        for f in 0..self.map.fiefs.len() as u8 {
                            if self.tallage_role(l.id, f).is_ok() {
                                out.push(Action::PlayTallage {
                                    lord: l.id,
                                    fief: f,
                                });
                            }
                        }
                        for b in (0..5).map(Some).chain([None]) {
                            if self.tithe_role(p, l.id, b).is_ok() {
                                out.push(Action::PlayTithe {
                                    lord: l.id,
                                    bishopric: b,
                                });
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out.push(Action::EndPlayCards);
    }

    /// 1.8.2, ruling R-CROWN-PRINCE: the Queen's family may name a new male Lord Crown Prince.
    fn may_name_crown_prince(&self, p: PlayerId, l: LordId) -> bool {
        lord_sex(l) == Sex::Male
            && self.titles.king.is_some()
            && self.titles.crown_prince.is_none()
            && self
                .titles
                .queen
                .and_then(|q| self.lord(q))
                .is_some_and(|q| q.owner == p && q.captor.is_none())
    }

    /// The player must hold the card he plays (2.4; 9.0 and 10.0 for Opportunity cards).
    pub(crate) fn holds(&self, p: PlayerId, c: Card) -> Result<(), RuleError> {
        if self.players[p as usize].hand.contains(&c) {
            Ok(())
        } else {
            let section = match c {
                Card::Cardinal | Card::Darc => "9.0",
                Card::Lord(_) | Card::Harvest | Card::GoodWeather | Card::Taxes => "2.4",
                _ => "10.0",
            };
            refuse_with(section, || {
                msg!("you hold no {card} card", card = Game::card_arg(c))
            })
        }
    }

    pub(crate) fn check_play(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        match *a {
            Action::EndPlayCards => Ok(()),
            Action::PlayLord {
                lord,
                village,
                crown_prince,
            } => {
                self.holds(p, Card::Lord(lord))?;
                if self.lord(lord).is_some() {
                    return refuse_with("2.2", || {
                        msg!("{lord} is already in play", lord = lord_name(lord))
                    });
                }
                if self.family(p).count() >= 4 {
                    return refuse("2.4.1", "a family holds at most 4 Lords, Captives included");
                }
                if !self.placement_villages(p).contains(&village)
                    && !self.placement_with_leave(p).contains(&village)
                {
                    return refuse_with("2.4.1", || {
                        msg!(
                            "a new Lord must go to the first available placement, not {v}",
                            v = self.vname(village)
                        )
                    });
                }
                if crown_prince && !self.may_name_crown_prince(p, lord) {
                    return refuse("1.8.2", "only a new male Lord of the free Queen's family, while the King lives and there is no Crown Prince");
                }
                Ok(())
            }
            Action::PlayHarvest(b) => {
                self.holds(p, Card::Harvest)?;
                let bc = self
                    .bishopric_cards
                    .get(b as usize)
                    .ok_or_else(|| super::RuleError::new("2.4.2", "no such Bishopric"))?;
                if bc.heavy_rain {
                    return refuse(
                        "2.4.2",
                        "Bountiful Harvest may not be played where there is Heavy Rain",
                    );
                }
                if bc.harvest && !bc.famine {
                    return refuse(
                        "2.4.7",
                        "a Bountiful Harvest already lies on that Bishopric",
                    );
                }
                Ok(())
            }
            Action::PlayGoodWeather(b) => {
                self.holds(p, Card::GoodWeather)?;
                let bc = self
                    .bishopric_cards
                    .get(b as usize)
                    .ok_or_else(|| super::RuleError::new("2.4.3", "no such Bishopric"))?;
                if bc.famine {
                    return refuse(
                        "2.4.3",
                        "Good Weather may not be played where there is Famine",
                    );
                }
                if bc.good_weather && !bc.heavy_rain {
                    return refuse("2.4.7", "Good Weather already lies on that Bishopric");
                }
                Ok(())
            }
            Action::PlayTallage { lord, fief } => {
                self.check_tax_basics(p, lord)?;
                if fief as usize >= self.map.fiefs.len() {
                    return refuse("2.4.5", "no such Fief");
                }
                if self
                    .taxes
                    .iter()
                    .any(|t| t.target == TaxTarget::Tallage(fief))
                {
                    return refuse("2.4.5", "that Fief is already taxed this round");
                }
                self.tallage_role(lord, fief).map(|_| ())
            }
            Action::PlayTithe { lord, bishopric } => {
                self.check_tax_basics(p, lord)?;
                self.tithe_role(p, lord, bishopric).map(|_| ())
            }
            _ => refuse("2.4", "not a card play"),
        }
    }

    fn check_tax_basics(&self, p: PlayerId, lord: LordId) -> Result<(), RuleError> {
        self.holds(p, Card::Taxes)?;
        if self.players[p as usize].tax_markers == 0 {
            return refuse("2.4.4", "all 3 of your Tax markers are in use");
        }
        if self.lord(lord).map(|l| l.owner) != Some(p) {
            return refuse("2.4.4", "tax in the name of one of your own Lords");
        }
        Ok(())
    }

    /// 2.4.5: a Fief Lord on his own Fief, or the King (Queen Regent) on an ungoverned Fief.
    fn tallage_role(&self, lord: LordId, fief: u8) -> Result<TaxRole, RuleError> {
        if self.titles.fief[fief as usize] == Some(lord) {
            return Ok(TaxRole::FiefLord);
        }
        let royal = self.titles.king == Some(lord)
            || (self.titles.regent && self.titles.queen == Some(lord));
        if royal && !self.fief_governed(fief) {
            return Ok(TaxRole::King);
        }
        if royal {
            refuse("2.4.5", "the King may Tallage only an ungoverned Fief")
        } else {
            refuse_with("2.4.5", || {
                msg!(
                    "{lord} is neither Lord of that Fief nor the King",
                    lord = lord_name(lord)
                )
            })
        }
    }

    /// 2.4.6: a Bishop in his own Bishopric, a Cardinal on one governed Bishopric, the Pope on all.
    fn tithe_role(
        &self,
        p: PlayerId,
        lord: LordId,
        b: Option<BishopricId>,
    ) -> Result<TaxRole, RuleError> {
        match b {
            None => {
                if self.titles.pope != Some(lord) {
                    return refuse("2.4.6", "only the Pope tithes all Bishoprics with one card");
                }
                if !self.titles.bishop.iter().any(|x| x.is_some()) {
                    return refuse("2.4.6", "no Bishopric is governed");
                }
                if self
                    .taxes
                    .iter()
                    .any(|t| t.player == p && t.role == TaxRole::Pope)
                {
                    return refuse("2.4.6", "the Pope's Tithe is already placed");
                }
                Ok(TaxRole::Pope)
            }
            Some(b) => {
                if b as usize >= self.titles.bishop.len() {
                    return refuse("2.4.6", "no such Bishopric");
                }
                if self
                    .taxes
                    .iter()
                    .any(|t| t.player == p && t.target == TaxTarget::Tithe(b))
                {
                    return refuse("2.4.6", "you already tithe that Bishopric");
                }
                if self.titles.bishop[b as usize] == Some(lord) {
                    Ok(TaxRole::Bishop)
                } else if self.is_cardinal(lord) && self.titles.bishop[b as usize].is_some() {
                    Ok(TaxRole::Cardinal)
                } else if self.is_cardinal(lord) {
                    refuse("2.4.6", "a Cardinal tithes only a governed Bishopric")
                } else {
                    refuse_with("2.4.6", || {
                        msg!(
                            "{lord} is not the Bishop of Bishopric {b} nor a Cardinal",
                            lord = lord_name(lord),
                            b = b + 1
                        )
                    })
                }
            }
        }
    }

    fn take_card(&mut self, p: PlayerId, c: Card) {
        let hand = &mut self.players[p as usize].hand;
        if let Some(i) = hand.iter().position(|x| *x == c) {
            hand.remove(i);
        }
    }

    /// 2.4.1: the new Lord joins the family in `village`.
    pub(crate) fn play_lord(
        &mut self,
        p: PlayerId,
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
    ) {
        self.take_card(p, Card::Lord(lord));
        self.lords.push(Lord::new(lord, p, village));
        say!(
            self,
            "2.4.1",
            msg!(
                "{p} plays {lord}, who joins the family in {v}.",
                p = self.pname(p),
                lord = lord_name(lord),
                v = self.vname(village)
            ),
        );
        // 5.1: in an empty Village (even one an ally holds by a title) the new Lord
        // takes control; an ally with units there keeps it.
        self.refresh_control(village);
        if crown_prince {
            self.titles.crown_prince = Some(lord);
            say!(
                self,
                "1.8.2",
                msg!("{lord} is the Crown Prince.", lord = lord_name(lord)),
            );
        }
        self.reclaim_titles(p, lord);
        // ruling R-LONE-LORD: placed alone among an opponent's army, he is captured at once.
        self.check_lone_lords(village);
    }

    /// ruling R-NEWLORD-LEAVE: the host's answer to a new Lord's placement in his Village.
    pub(crate) fn exec_placement_leave(
        &mut self,
        p: PlayerId,
        host: PlayerId,
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
        yes: bool,
    ) {
        if !yes {
            self.memory.refused_placements.push((p, village));
            say!(
                self,
                "2.4.1",
                msg!(
                    "{host} refuses to take in {lord} at {v}.",
                    host = self.pname(host),
                    lord = lord_name(lord),
                    v = self.vname(village)
                ),
            );
            return;
        }
        // The situation may have changed while the question was asked.
        let still = self.players[p as usize].hand.contains(&Card::Lord(lord))
            && self.lord(lord).is_none()
            && self.family(p).count() < 4;
        if still {
            self.play_lord(p, lord, village, crown_prince);
        }
    }

    pub(crate) fn exec_play(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::EndPlayCards => {
                if let Phase::PlayCards { idx } = &mut self.phase {
                    *idx += 1;
                }
            }
            Action::PlayLord {
                lord,
                village,
                crown_prince,
            } => {
                if !self.placement_villages(p).contains(&village) {
                    // ruling R-NEWLORD-LEAVE: another player's Village, with his leave.
                    let host = self.villages[village as usize].controller.unwrap_or(p);
                    say!(
                        self,
                        "2.4.1",
                        msg!(
                            "{p} asks {host} for leave to place {lord} in {v}.",
                            p = self.pname(p),
                            host = self.pname(host),
                            lord = lord_name(lord),
                            v = self.vname(village)
                        ),
                    );
                    self.pending.push(Pending::PlacementLeave {
                        player: p,
                        host,
                        lord,
                        village,
                        crown_prince,
                    });
                    return;
                }
                self.play_lord(p, lord, village, crown_prince);
            }
            Action::PlayHarvest(b) => {
                self.take_card(p, Card::Harvest);
                let bc = &mut self.bishopric_cards[b as usize];
                if bc.famine {
                    bc.famine = false;
                    self.fortune_discard.extend([Card::Famine, Card::Harvest]);
                    say!(self,
                        "2.4.2",
                        msg!(
                            "{p}'s Bountiful Harvest ends the Famine in Bishopric {b}; both cards are discarded.",
                            p = self.pname(p),
                            b = b + 1
                        ),
                    );
                } else {
                    bc.harvest = true;
                    say!(
                        self,
                        "2.4.2",
                        msg!(
                            "{p} plays Bountiful Harvest on Bishopric {b}: +1 per Mill there.",
                            p = self.pname(p),
                            b = b + 1
                        ),
                    );
                }
            }
            Action::PlayGoodWeather(b) => {
                self.take_card(p, Card::GoodWeather);
                let bc = &mut self.bishopric_cards[b as usize];
                if bc.heavy_rain {
                    bc.heavy_rain = false;
                    self.fortune_discard
                        .extend([Card::HeavyRain, Card::GoodWeather]);
                    say!(self,
                        "2.4.3",
                        msg!(
                            "{p}'s Good Weather ends the Heavy Rain in Bishopric {b}; both cards are discarded.",
                            p = self.pname(p),
                            b = b + 1
                        ),
                    );
                } else {
                    bc.good_weather = true;
                    say!(
                        self,
                        "2.4.3",
                        msg!(
                            "{p} plays Good Weather on Bishopric {b}: +1 per Mill there.",
                            p = self.pname(p),
                            b = b + 1
                        ),
                    );
                }
            }
            Action::PlayTallage { lord, fief } => {
                let Ok(role) = self.tallage_role(lord, fief) else {
                    return;
                };
                self.take_card(p, Card::Taxes);
                self.fortune_discard.push(Card::Taxes);
                self.players[p as usize].tax_markers -= 1;
                self.taxes.push(Tax {
                    player: p,
                    lord,
                    role,
                    target: TaxTarget::Tallage(fief),
                });
                say!(
                    self,
                    "2.4.5",
                    if role == TaxRole::King {
                        msg!(
                            "{p} raises a Royal Tallage on the {fief} in the name of {lord}.",
                            p = self.pname(p),
                            fief = self.fief_arg(fief),
                            lord = lord_name(lord)
                        )
                    } else {
                        msg!(
                            "{p} raises a Tallage on the {fief} in the name of {lord}.",
                            p = self.pname(p),
                            fief = self.fief_arg(fief),
                            lord = lord_name(lord)
                        )
                    },
                );
            }
            Action::PlayTithe { lord, bishopric } => {
                let Ok(role) = self.tithe_role(p, lord, bishopric) else {
                    return;
                };
                self.take_card(p, Card::Taxes);
                self.fortune_discard.push(Card::Taxes);
                self.players[p as usize].tax_markers -= 1;
                let targets: Vec<BishopricId> = match bishopric {
                    Some(b) => vec![b],
                    None => (0..5)
                        .filter(|&b| self.titles.bishop[b as usize].is_some())
                        .collect(),
                };
                for b in &targets {
                    self.taxes.push(Tax {
                        player: p,
                        lord,
                        role,
                        target: TaxTarget::Tithe(*b),
                    });
                }
                say!(
                    self,
                    "2.4.6",
                    msgn!(
                        "{p} raises a Tithe on Bishopric {list} in the name of {lord}.",
                        "{p} raises a Tithe on Bishoprics {list} in the name of {lord}.",
                        targets.len(),
                        p = self.pname(p),
                        list = targets.iter().map(|b| Arg::from(b + 1)).collect::<Vec<_>>(),
                        lord = lord_name(lord)
                    ),
                );
            }
            _ => {}
        }
    }

    /// 4.3.1: a family whose unmarried last Lord died gets its titles back free with a new Lord,
    /// provided it still controls the Fortified City.
    fn reclaim_titles(&mut self, p: PlayerId, lord: LordId) {
        for f in 0..self.map.fiefs.len() {
            if self.titles.fief_reclaim[f] != Some(p) || self.titles.fief[f].is_some() {
                continue;
            }
            let city = self.map.fiefs[f]
                .villages
                .iter()
                .copied()
                .find(|&v| self.villages[v as usize].fort == Fort::City);
            if city.is_some_and(|c| self.villages[c as usize].controller == Some(p))
                && self.fief_titles_of(lord).len() < 2
            {
                self.titles.fief[f] = Some(lord);
                self.titles.fief_reclaim[f] = None;
                say!(
                    self,
                    "4.3.1",
                    msg!(
                        "{lord} takes back the title of the {fief}.",
                        lord = lord_name(lord),
                        fief = self.fief_arg(f as crate::map::FiefId)
                    ),
                );
            }
        }
    }

    /// 1.5, 4.4, 9.2: a Cardinal (bought, or the Cardinal card played) goes on a Bishop; a Pope of another family must consent. The
    /// Bishop may be of any family (ruling R-CARDINAL-ANY-BISHOP).
    pub(crate) fn check_cardinal_target(&self, lord: LordId) -> Result<(), RuleError> {
        let Some(l) = self.lord(lord) else {
            return refuse("1.5", "that Lord is not in play");
        };
        if !self.is_bishop(lord) {
            return refuse_with("1.5", || {
                msg!("{lord} is not a Bishop", lord = lord_name(lord))
            });
        }
        if self.is_cardinal(lord) {
            return refuse_with("1.2", || {
                msg!("{lord} is already a Cardinal", lord = lord_name(lord))
            });
        }
        if l.excommunicated {
            return refuse("1.7", "an excommunicated Lord cannot become Cardinal");
        }
        // 1.7, ruling R-ASK-ONCE: as with a refused marriage proposal (1.1), a request the Pope refused
        // is not made again in the same round; otherwise it could be asked for ever.
        if self.memory.refused_cardinals.contains(&lord) {
            return refuse_with("1.7", || {
                msg!(
                    "the Pope refused to make {lord} a Cardinal this round",
                    lord = lord_name(lord)
                )
            });
        }
        Ok(())
    }

    /// 9.2, 4.4: the Cardinal card played or the title bought, asking the Pope of another
    /// family for his consent first (1.7).
    pub(crate) fn request_cardinal(&mut self, p: PlayerId, lord: LordId, purchased: bool) {
        let pope_owner = self.titles.pope.and_then(|x| self.lord(x)).map(|x| x.owner);
        match pope_owner {
            Some(po) if po != p => {
                say!(
                    self,
                    "1.7",
                    msg!(
                        "{p} asks the Pope's consent to make {lord} a Cardinal.",
                        p = self.pname(p),
                        lord = lord_name(lord)
                    ),
                );
                self.pending.push(Pending::CardinalConsent {
                    player: p,
                    lord,
                    purchased,
                });
            }
            _ => self.exec_cardinal_consent(p, lord, purchased, true),
        }
    }

    pub(crate) fn exec_cardinal_consent(
        &mut self,
        p: PlayerId,
        lord: LordId,
        purchased: bool,
        yes: bool,
    ) {
        if !yes {
            self.memory.refused_cardinals.push(lord);
            say!(
                self,
                "1.7",
                msg!(
                    "The Pope refuses to make {lord} a Cardinal.",
                    lord = lord_name(lord)
                ),
            );
            return;
        }
        let source = if purchased {
            self.players[p as usize].money -= super::purchase::CARDINAL_COST;
            CardinalSource::Purchased
        } else {
            self.take_card(p, Card::Cardinal);
            CardinalSource::Card
        };
        self.titles.cardinals.push((lord, source));
        say!(
            self,
            "1.5",
            if purchased {
                msg!(
                    "{p} buys the Cardinal's Biretta for {lord}, now a Cardinal.",
                    p = self.pname(p),
                    lord = lord_name(lord)
                )
            } else {
                msg!(
                    "{p} plays a Cardinal card on {lord}, now a Cardinal.",
                    p = self.pname(p),
                    lord = lord_name(lord)
                )
            },
        );
    }
}
