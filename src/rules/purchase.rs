//! Phase 4: Ransoms first (6.2.4), then purchases in turn order (4.0–4.4).

use super::cards::{lord_name, LordId};
use super::events::Arg;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse, refuse_with, Action, RuleError};
use crate::map::{FiefId, VillageId};

pub const MAA_COST: u32 = 1;
pub const KNIGHT_COST: u32 = 3;
pub const MILL_COST: u32 = 3;
pub const STRONGHOLD_COST: u32 = 10;
pub const CARDINAL_COST: u32 = 5;
/// 4.1: at most 4 newly bought Troops per Village in one Purchase phase.
pub const NEW_TROOPS_PER_VILLAGE: u8 = 4;
/// Components, FAQ: nothing is bought once its counters are gone.
pub const MILLS_SUPPLY: u8 = 15;
pub const FORTS_SUPPLY: u8 = 12;

impl Game {
    // ----- 4.1–4.4 Purchase -----

    /// 4.1: where `p` may place newly bought Troops.
    pub fn troop_villages(&self, p: PlayerId) -> Vec<VillageId> {
        // The Villages where a free Lord of his stands, found in one pass (a map has at most
        // 64 Villages).
        let mut lords = 0u64;
        for l in &self.lords {
            if l.owner == p && l.captor.is_none() && l.village < 64 {
                lords |= 1 << l.village;
            }
        }
        (0..self.map.villages.len() as VillageId)
            .filter(|&v| self.takes_new_troops(p, v, lords & (1 << v) != 0))
            .collect()
    }

    /// Whether new Troops of `p` may go in `v` (one of `troop_villages`; `v` in range).
    fn is_troop_village(&self, p: PlayerId, v: VillageId) -> bool {
        let lord_here = self
            .lords
            .iter()
            .any(|l| l.owner == p && l.village == v && l.captor.is_none());
        self.takes_new_troops(p, v, lord_here)
    }

    /// `is_troop_village`, knowing whether a free Lord of `p` stands in `v`.
    fn takes_new_troops(&self, p: PlayerId, v: VillageId, lord_here: bool) -> bool {
        let vs = &self.villages[v as usize];
        let own_fort = vs.controller == Some(p) && vs.fort != Fort::None;
        // Never into a Stronghold or City that an enemy besieges.
        let besieged = own_fort && vs.besieger.is_some_and(|b| b != p);
        !besieged && (own_fort || lord_here)
    }

    fn placed_in(&self, v: VillageId) -> u8 {
        match &self.phase {
            Phase::Purchase { placed, .. } => {
                placed.iter().find(|x| x.0 == v).map(|x| x.1).unwrap_or(0)
            }
            _ => 0,
        }
    }

    pub fn mills_on_map(&self) -> u8 {
        self.villages.iter().map(|v| v.mills).sum()
    }

    pub fn forts_on_map(&self) -> u8 {
        self.villages
            .iter()
            .filter(|v| v.fort != Fort::None)
            .count() as u8
    }

    /// The Troops `p` might buy now, Village by Village (a Man-at-Arms, then a Knight): only
    /// what he can pay for and still has in his stockpile (4.0; `check_purchase` says the
    /// rest).
    pub(crate) fn troop_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = &self.players[p as usize];
        let maa = self.afford(p, MAA_COST).is_ok() && pl.stock_maa > 0;
        let knight = self.afford(p, KNIGHT_COST).is_ok() && pl.stock_knights > 0;
        if maa || knight {
            for v in self.troop_villages(p) {
                if maa {
                    out.push(Action::BuyMaa(v));
                }
                if knight {
                    out.push(Action::BuyKnight(v));
                }
            }
        }
    }

    pub(crate) fn purchase_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        // Only what the player can pay for and what the supply still holds (4.0, 4.2, 4.4):
        // `check_purchase` refuses the rest, and most purchases a playout weighs are past its
        // purse. The same conditions, asked of the same functions, in the check's order.
        let can = |cost: u32| self.afford(p, cost).is_ok();
        self.troop_candidates(p, out);
        let mill = can(MILL_COST) && self.mills_on_map() < MILLS_SUPPLY;
        let stronghold = can(STRONGHOLD_COST) && self.forts_on_map() < FORTS_SUPPLY;
        if mill || stronghold {
            for (v, vs) in self.villages.iter().enumerate() {
                let v = v as VillageId;
                if vs.controller == Some(p) {
                    if mill && vs.mills < 2 {
                        out.push(Action::BuyMill(v));
                    }
                    if stronghold && vs.fort == Fort::None {
                        out.push(Action::BuyStronghold(v));
                    }
                }
            }
        }
        let royal = self.royal_lord(p).is_some();
        for (f, fief) in self.map.fiefs.iter().enumerate() {
            let f = f as FiefId;
            if self.titles.fief[f as usize].is_none() {
                // 4.3: a title (bought or granted) goes to a Lord of the family that controls
                // every Village of the Fief, so no other Lord's candidate is listed.
                let Some(sole) = self.sole_controller(f) else {
                    continue;
                };
                let cities: Vec<VillageId> = fief
                    .villages
                    .iter()
                    .copied()
                    .filter(|&v| self.villages[v as usize].fort != Fort::None)
                    .collect();
                for &city in &cities {
                    if sole == p && can(fief.title_price()) {
                        for l in self.family(p) {
                            out.push(Action::BuyTitle {
                                fief: f,
                                lord: l.id,
                                city,
                            });
                        }
                    }
                    if royal {
                        for l in self.lords.iter().filter(|l| l.owner == sole) {
                            out.push(Action::GrantTitle {
                                fief: f,
                                lord: l.id,
                                city,
                                price: 0,
                                village: None,
                            });
                            if l.owner != p {
                                // FAQ, ruling R-KINGS-GRANT: a price of up to 3 Deniers (one Diplomacy transfer)
                                // and/or one Village handed over.
                                let villages: Vec<Option<VillageId>> = std::iter::once(None)
                                    .chain(
                                        (0..self.map.villages.len() as VillageId)
                                            .filter(|&v| {
                                                self.villages[v as usize].controller
                                                    == Some(l.owner)
                                                    && self.has_units(p, v)
                                            })
                                            .map(Some),
                                    )
                                    .collect();
                                // 11.3: any price under Open Diplomacy (a bot weighs 0 to 3).
                                let money = self.players[l.owner as usize].money;
                                for price in 0..=u32::from(self.most_listed(money.max(3), for_bots))
                                {
                                    for &village in &villages {
                                        if price > 0 || village.is_some() {
                                            out.push(Action::GrantTitle {
                                                fief: f,
                                                lord: l.id,
                                                city,
                                                price,
                                                village,
                                            });
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            } else if let Some(holder) = self.titles.fief[f as usize] {
                // Ruling R-BOT-MANNERS (not a rule: 4.3 lets a title change hands as often as
                // the family likes): a bot hands each title on once a round at most, so that
                // it never passes one back and forth for ever.
                if for_bots && self.memory.passed_titles.contains(&f) {
                    continue;
                }
                // 4.3: a title passes only within its holder's family, from a Lord who keeps
                // another (`check_purchase` says which).
                if self.lord(holder).map(|l| l.owner) != Some(p)
                    || self.fief_titles_of(holder).len() < 2
                {
                    continue;
                }
                for l in self.family(p) {
                    if l.id != holder {
                        out.push(Action::PassTitle { fief: f, to: l.id });
                    }
                }
            }
        }
        let biretta = can(CARDINAL_COST)
            && !self
                .titles
                .cardinals
                .iter()
                .any(|c| c.1 == CardinalSource::Purchased);
        if biretta {
            for l in &self.lords {
                if self.is_bishop(l.id) {
                    out.push(Action::BuyCardinal { lord: l.id });
                }
            }
        }
        out.push(Action::EndPurchase);
    }

    /// The player who controls every Village of Fief `f`, if one does (4.3).
    fn sole_controller(&self, f: FiefId) -> Option<PlayerId> {
        let mut villages = self.map.fiefs.get(f as usize)?.villages.iter();
        let first = self.villages[*villages.next()? as usize].controller?;
        villages
            .all(|&v| self.villages[v as usize].controller == Some(first))
            .then_some(first)
    }

    fn afford(&self, p: PlayerId, cost: u32) -> Result<(), RuleError> {
        let m = self.players[p as usize].money;
        if m < cost {
            refuse_with("4.0", || {
                msgn!(
                    "that costs {n} Denier and you have {m}",
                    "that costs {n} Deniers and you have {m}",
                    cost,
                    m = m
                )
            })
        } else {
            Ok(())
        }
    }

    /// 4.3: the conditions for holding a Fief's title: all its Villages controlled by `p`,
    /// a Stronghold (or the Fortified City) at `city`, and room on the Lord.
    fn check_title_conditions(
        &self,
        p: PlayerId,
        fief: FiefId,
        lord: LordId,
        city: VillageId,
    ) -> Result<(), RuleError> {
        let Some(f) = self.map.fiefs.get(fief as usize) else {
            return refuse("4.3", "no such Fief");
        };
        if self.titles.fief[fief as usize].is_some() {
            return refuse_with("4.3", || {
                msg!(
                    "the title of the {fief} is already held",
                    fief = self.fief_arg(fief)
                )
            });
        }
        if let Some(v) = f
            .villages
            .iter()
            .find(|&&v| self.villages[v as usize].controller != Some(p))
        {
            return refuse_with("4.3", || {
                msg!(
                    "you must control every Village of the {fief}; {v} is not yours",
                    fief = self.fief_arg(fief),
                    v = self.vname(*v)
                )
            });
        }
        if !f.villages.contains(&city) {
            return refuse_with("4.3", || {
                msg!(
                    "{v} is not in the {fief}",
                    v = self.vname(city),
                    fief = self.fief_arg(fief)
                )
            });
        }
        let existing = f
            .villages
            .iter()
            .copied()
            .find(|&v| self.villages[v as usize].fort == Fort::City);
        match existing {
            Some(c) if c != city => return refuse("4.3", "a Fief never has more than one Fortified City; the title goes with the existing one"),
            Some(_) => {}
            None if self.villages[city as usize].fort != Fort::Stronghold => {
                return refuse_with("4.3", || msg!("{v} has no Stronghold to become the Fortified City", v = self.vname(city)))
            }
            None => {}
        }
        let Some(l) = self.lord(lord) else {
            return refuse("4.3", "that Lord is not in play");
        };
        if l.owner != p {
            return refuse_with("4.3", || {
                msg!("{lord} is not in that family", lord = lord_name(lord))
            });
        }
        if self.fief_titles_of(lord).len() >= 2 {
            return refuse_with("4.3", || {
                msg!(
                    "{lord} already holds 2 Fief Titles, the limit",
                    lord = lord_name(lord)
                )
            });
        }
        Ok(())
    }

    pub(crate) fn check_purchase(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        let nv = self.map.villages.len();
        let village_ok = |v: &VillageId| {
            if (*v as usize) < nv {
                Ok(())
            } else {
                refuse("4.0", "no such Village")
            }
        };
        let pl = &self.players[p as usize];
        match a {
            Action::EndPurchase => Ok(()),
            Action::BuyMaa(v) | Action::BuyKnight(v) => {
                village_ok(v)?;
                let knight = matches!(a, Action::BuyKnight(_));
                self.afford(p, if knight { KNIGHT_COST } else { MAA_COST })?;
                if (knight && pl.stock_knights == 0) || (!knight && pl.stock_maa == 0) {
                    return refuse("4.0", "none of those counters are left in your stockpile");
                }
                if !self.is_troop_village(p, *v) {
                    let vs = &self.villages[*v as usize];
                    if vs.controller == Some(p) && vs.fort != Fort::None && vs.besieger.is_some() {
                        return refuse(
                            "4.1",
                            "new Troops may never be placed in a besieged Stronghold or City",
                        );
                    }
                    return refuse("4.1", "new Troops go where you have an uncaptured Lord, or in a Stronghold or City you control");
                }
                if self.placed_in(*v) >= NEW_TROOPS_PER_VILLAGE {
                    return refuse("4.1", "at most 4 newly bought Troops per Village");
                }
                Ok(())
            }
            Action::BuyMill(v) => {
                village_ok(v)?;
                self.afford(p, MILL_COST)?;
                if self.villages[*v as usize].controller != Some(p) {
                    return refuse("4.2", "a Mill goes on a Village you control");
                }
                if self.villages[*v as usize].mills >= 2 {
                    return refuse("4.2", "at most 2 Mills per Village");
                }
                if self.mills_on_map() >= MILLS_SUPPLY {
                    return refuse("4.2", "all 15 Mills are on the map");
                }
                Ok(())
            }
            Action::BuyStronghold(v) => {
                village_ok(v)?;
                self.afford(p, STRONGHOLD_COST)?;
                if self.villages[*v as usize].controller != Some(p) {
                    return refuse("4.2", "a Stronghold goes on a Village you control");
                }
                if self.villages[*v as usize].fort != Fort::None {
                    return refuse("4.2", "at most 1 Stronghold per Village");
                }
                if self.forts_on_map() >= FORTS_SUPPLY {
                    return refuse("4.2", "all 12 Stronghold counters are on the map");
                }
                Ok(())
            }
            Action::BuyTitle { fief, lord, city } => {
                village_ok(city)?;
                self.check_title_conditions(p, *fief, *lord, *city)?;
                self.afford(p, self.map.fiefs[*fief as usize].title_price())
            }
            Action::GrantTitle {
                fief,
                lord,
                city,
                price,
                village,
            } => {
                village_ok(city)?;
                if self.royal_lord(p).is_none() {
                    return refuse(
                        "4.3",
                        "only the King or the Queen Regent grants free titles",
                    );
                }
                let Some(owner) = self.lord(*lord).map(|l| l.owner) else {
                    return refuse("4.3", "that Lord is not in play");
                };
                self.check_title_conditions(owner, *fief, *lord, *city)?;
                if owner == p && (*price > 0 || village.is_some()) {
                    return refuse("4.3", "no price between a family and itself");
                }
                if self.over_cap(*price) {
                    return refuse("8.0", "a Diplomacy transfer is at most 3 Deniers");
                }
                // 8.0: the King receives the money, so he spends the Diplomacy marker (none
                // under Open Diplomacy, 11.3).
                if *price > 0
                    && !self.options.open_diplomacy
                    && self.players[p as usize].diplomacy == 0
                {
                    return refuse(
                        "8.0",
                        "asking a price needs one of your Diplomacy markers, and you have none left",
                    );
                }
                // 11.3: above the usual 3, a price the Lord's player could pay (the listed
                // prices go up to what he has).
                if *price > 3 && *price > self.players[owner as usize].money {
                    return refuse_with("11.3", || {
                        msg!("{p} does not have that many Deniers", p = self.pname(owner))
                    });
                }
                if self.memory.grant_offers.contains(&(*fief, *lord)) {
                    return refuse("4.3", "that offer was already made this round");
                }
                if let Some(v) = village {
                    village_ok(v)?;
                    if self.villages[*v as usize].controller != Some(owner) {
                        return refuse(
                            "4.3",
                            "the Village asked for must be one the Lord's family controls",
                        );
                    }
                    // 5.1, ruling R-HAND-CONTROL: control goes only to a player with units there.
                    if !self.has_units(p, *v) {
                        return refuse(
                            "5.1",
                            "control of a Village goes only to a player with units there",
                        );
                    }
                    if self.map.fiefs[*fief as usize].villages.contains(v) {
                        return refuse(
                            "4.3",
                            "the Village asked for cannot be in the granted Fief",
                        );
                    }
                }
                Ok(())
            }
            Action::PassTitle { fief, to } => {
                let Some(from) = self.titles.fief.get(*fief as usize).copied().flatten() else {
                    return refuse("4.3", "nobody holds that title");
                };
                if self.lord(from).map(|l| l.owner) != Some(p) {
                    return refuse("4.3", "that title is not in your family");
                }
                if self.lord(*to).map(|l| l.owner) != Some(p) || *to == from {
                    return refuse("4.3", "titles pass only to another Lord of the same family");
                }
                if self.fief_titles_of(*to).len() >= 2 {
                    return refuse_with("4.3", || {
                        msg!("{lord} already holds 2 Fief Titles", lord = lord_name(*to))
                    });
                }
                let held = self.fief_titles_of(from);
                if held.len() < 2 {
                    return refuse_with("4.3", || {
                        msg!("{lord} must keep his largest title", lord = lord_name(from))
                    });
                }
                // Keep the largest; with two of the same size either may go (ruling R-TITLE-TIE).
                let size = |f: FiefId| self.map.fiefs[f as usize].villages.len();
                let largest = held.iter().map(|&f| size(f)).max().unwrap_or(0);
                let others_as_large = held
                    .iter()
                    .filter(|&&f| f != *fief && size(f) == largest)
                    .count();
                if size(*fief) == largest && others_as_large == 0 {
                    return refuse_with("4.3", || {
                        msg!("{lord} must keep his largest title", lord = lord_name(from))
                    });
                }
                Ok(())
            }
            Action::BuyCardinal { lord } => {
                self.afford(p, CARDINAL_COST)?;
                if self
                    .titles
                    .cardinals
                    .iter()
                    .any(|c| c.1 == CardinalSource::Purchased)
                {
                    return refuse("4.4", "the purchasable Biretta is already in play");
                }
                self.check_cardinal_target(*lord)
            }
            _ => refuse_with("4.0", || msg!("{what} is not a purchase", what = a.what())),
        }
    }

    pub(crate) fn exec_purchase(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::EndPurchase => {
                if let Phase::Purchase { idx, placed } = &mut self.phase {
                    *idx += 1;
                    placed.clear();
                }
            }
            Action::BuyMaa(v) | Action::BuyKnight(v) => {
                let knight = matches!(a, Action::BuyKnight(_));
                let pl = &mut self.players[p as usize];
                let t = &mut self.villages[v as usize].troops[p as usize];
                if knight {
                    pl.money -= KNIGHT_COST;
                    pl.stock_knights -= 1;
                    t.knights += 1;
                } else {
                    pl.money -= MAA_COST;
                    pl.stock_maa -= 1;
                    t.maa += 1;
                }
                if let Phase::Purchase { placed, .. } = &mut self.phase {
                    match placed.iter_mut().find(|x| x.0 == v) {
                        Some(x) => x.1 += 1,
                        None => placed.push((v, 1)),
                    }
                }
                if self.villages[v as usize].controller.is_none() {
                    self.set_controller(v, Some(p));
                }
                // A bot's game keeps no log: the words are not even put together.
                if !self.quiet {
                    let full = if knight {
                        msg!(
                            "{p} buys a Knight in {v}.",
                            p = self.pname(p),
                            v = self.vname(v)
                        )
                    } else {
                        msg!(
                            "{p} buys a Man-at-Arms in {v}.",
                            p = self.pname(p),
                            v = self.vname(v)
                        )
                    };
                    if self.options.fog_of_war {
                        // 11.2: purchases are announced, but not where they go.
                        let public = if knight {
                            msg!("{p} buys a Knight.", p = self.pname(p))
                        } else {
                            msg!("{p} buys a Man-at-Arms.", p = self.pname(p))
                        };
                        self.say_private("4.1", p, full, public);
                    } else {
                        self.say("4.1", full);
                    }
                }
                self.check_lone_lords(v);
            }
            Action::BuyMill(v) => {
                self.players[p as usize].money -= MILL_COST;
                self.villages[v as usize].mills += 1;
                say!(
                    self,
                    "4.2",
                    msg!(
                        "{p} builds a Mill in {v}.",
                        p = self.pname(p),
                        v = self.vname(v)
                    ),
                );
            }
            Action::BuyStronghold(v) => {
                self.players[p as usize].money -= STRONGHOLD_COST;
                self.villages[v as usize].fort = Fort::Stronghold;
                say!(
                    self,
                    "4.2",
                    msg!(
                        "{p} builds a Stronghold in {v}.",
                        p = self.pname(p),
                        v = self.vname(v)
                    ),
                );
            }
            Action::BuyTitle { fief, lord, city } => {
                self.players[p as usize].money -= self.map.fiefs[fief as usize].title_price();
                self.take_title(fief, lord, city);
                say!(
                    self,
                    "4.3",
                    msg!(
                        "{p} buys the title of the {fief} for {lord}.",
                        p = self.pname(p),
                        fief = self.fief_arg(fief),
                        lord = lord_name(lord)
                    ),
                );
            }
            Action::GrantTitle {
                fief,
                lord,
                city,
                price,
                village,
            } => {
                self.memory.grant_offers.push((fief, lord));
                let owner = self.lord(lord).map(|l| l.owner).unwrap_or(p);
                if owner == p {
                    self.take_title(fief, lord, city);
                    say!(
                        self,
                        "4.3",
                        msg!(
                            "{p}'s King grants the title of the {fief} to {lord}.",
                            p = self.pname(p),
                            fief = self.fief_arg(fief),
                            lord = lord_name(lord)
                        ),
                    );
                } else {
                    let mut ask: Vec<Arg> = Vec::new();
                    if price > 0 {
                        ask.push(msgn!("{n} Denier", "{n} Deniers", price).into());
                    }
                    if let Some(v) = village {
                        ask.push(msg!("the Village of {v}", v = self.vname(v)).into());
                    }
                    let ask: Arg = if ask.is_empty() {
                        msg!("nothing in return").into()
                    } else {
                        Arg::List(ask)
                    };
                    say!(
                        self,
                        "4.3",
                        msg!(
                            "{p} offers the title of the {fief} to {lord} for {ask}.",
                            p = self.pname(p),
                            fief = self.fief_arg(fief),
                            lord = lord_name(lord),
                            ask = ask.clone()
                        ),
                    );
                    self.pending.push(Pending::GrantAnswer {
                        king_player: p,
                        fief,
                        lord,
                        city,
                        price,
                        village,
                    });
                }
            }
            Action::PassTitle { fief, to } => {
                self.titles.fief[fief as usize] = Some(to);
                self.memory.passed_titles.push(fief);
                say!(
                    self,
                    "4.3",
                    msg!(
                        "{p} hands the title of the {fief} to {lord}.",
                        p = self.pname(p),
                        fief = self.fief_arg(fief),
                        lord = lord_name(to)
                    ),
                );
            }
            Action::BuyCardinal { lord } => self.request_cardinal(p, lord, true),
            // Not purchases: `Game::exec` never routes them here.
            Action::ChooseStart(..)
            | Action::ProposeMarriage { .. }
            | Action::EndMarriages
            | Action::Accept
            | Action::Refuse
            | Action::Nominate(..)
            | Action::NoCandidate
            | Action::Vote { .. }
            | Action::Discard(..)
            | Action::DrawFortune
            | Action::DrawLord
            | Action::EndDraw
            | Action::PlagueLoss { .. }
            | Action::ChooseHeir(..)
            | Action::PlaceLord(..)
            | Action::PlayLord { .. }
            | Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::PlayHarvest(..)
            | Action::PlayGoodWeather(..)
            | Action::PlayTallage { .. }
            | Action::PlayTithe { .. }
            | Action::EndPlayCards
            | Action::OfferRansom { .. }
            | Action::NoRansom
            | Action::Move(..)
            | Action::EndMovement
            | Action::DeclareBattle { .. }
            | Action::JoinSide(..)
            | Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::Casualty(..)
            | Action::DeclareSiege(..)
            | Action::EndSiege(..)
            | Action::EndBattles
            | Action::Pillage(..)
            | Action::TakeRelic { .. }
            | Action::OfferRelic { .. }
            | Action::RelicRoll { .. }
            | Action::EndPillage
            | Action::Pass
            | Action::PlayUprising { .. }
            | Action::JoinUprising
            | Action::TryStop { .. }
            | Action::SecretPassage(..)
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(..)
            | Action::PlayAmbush(..)
            | Action::Excommunicate(..)
            | Action::LiftExcommunication(..)
            | Action::RequestAnnulment(..)
            | Action::OfferDeniers { .. }
            | Action::OfferCard { .. }
            | Action::AskDeniers { .. }
            | Action::HandControl { .. } => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn exec_grant_answer(
        &mut self,
        king_player: PlayerId,
        fief: FiefId,
        lord: LordId,
        city: VillageId,
        price: u32,
        village: Option<VillageId>,
        yes: bool,
    ) {
        let Some(owner) = self.lord(lord).map(|l| l.owner) else {
            return;
        };
        if !yes {
            say!(
                self,
                "4.3",
                msg!("{p} declines the King's offer.", p = self.pname(owner)),
            );
            return;
        }
        if price > 0 {
            // 8.0: the King, who receives the money, spends a marker (none under Open
            // Diplomacy, 11.3).
            self.players[owner as usize].money -= price;
            let king = &mut self.players[king_player as usize];
            king.money += price;
            if !self.options.open_diplomacy {
                king.diplomacy -= 1;
            }
        }
        self.take_title(fief, lord, city);
        say!(
            self,
            "4.3",
            msg!(
                "{p} accepts: {lord} receives the title of the {fief}.",
                p = self.pname(owner),
                lord = lord_name(lord),
                fief = self.fief_arg(fief)
            ),
        );
        if let Some(v) = village {
            // ruling R-KINGS-GRANT: control passes when both agree.
            self.set_controller(v, Some(king_player));
            say!(
                self,
                "4.3",
                msg!(
                    "{p} hands control of {v} to {king}.",
                    p = self.pname(owner),
                    v = self.vname(v),
                    king = self.pname(king_player)
                ),
            );
        }
    }

    /// 4.3: the crown goes above the Lord's card, the Fief is Governed and one Stronghold
    /// becomes its Fortified City.
    fn take_title(&mut self, fief: FiefId, lord: LordId, city: VillageId) {
        self.titles.fief[fief as usize] = Some(lord);
        self.titles.fief_reclaim[fief as usize] = None;
        self.villages[city as usize].fort = Fort::City;
    }

    /// 4.3 FAQ, 8.0: a yes to the King's priced offer needs the price and, without Open
    /// Diplomacy, a Diplomacy marker to pay it with.
    pub(crate) fn check_grant_answer(
        &self,
        king_player: PlayerId,
        lord: LordId,
        price: u32,
        answer: &Action,
    ) -> Result<(), RuleError> {
        let owner = self.lord(lord).map(|l| l.owner).unwrap_or(king_player);
        if matches!(answer, Action::Accept) && price > 0 {
            let pl = &self.players[owner as usize];
            if pl.money < price {
                return refuse_with("8.0", || {
                    msgn!(
                        "you have only {n} Denier",
                        "you have only {n} Deniers",
                        pl.money
                    )
                });
            }
            if !self.options.open_diplomacy && self.players[king_player as usize].diplomacy == 0 {
                return refuse(
                    "8.0",
                    "the King has no Diplomacy marker left to take the price with",
                );
            }
        }
        Ok(())
    }
}
