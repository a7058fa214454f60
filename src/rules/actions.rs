//! Every choice a player can make, with a stable text notation used by scenario files,
//! the command line and replays.

use super::cards::{fold, lord_name, Card, LordId, LORDS};
use super::state::{Game, MoveHow, MoveOrder, PlayerId};
use super::{refuse_with, RuleError};
use crate::map::{BishopricId, FiefId, VillageId, BISHOPRIC_COUNT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: the starting Village.
    ChooseStart(VillageId),
    /// 1.1.
    ProposeMarriage {
        groom: LordId,
        bride: LordId,
        /// 1.1 with 8.0: Deniers (0 to 3) the proposer gives with the proposal if it is
        /// accepted; the other player takes them with a Diplomacy marker.
        #[serde(default, skip_serializing_if = "super::state::is_zero")]
        dowry: u8,
    },
    EndMarriages,
    /// Yes to the question asked (a marriage, a lower ransom, the King's price, a Cardinal).
    Accept,
    /// No to the question asked.
    Refuse,
    /// 1.3 step 1.
    Nominate(LordId),
    NoCandidate,
    /// 1.3 step 2: FOR and DECOY markers, face down.
    Vote {
        for_lord: Option<LordId>,
        decoy: Option<LordId>,
    },
    /// 2.1.
    Discard(Card),
    DrawFortune,
    DrawLord,
    EndDraw,
    /// 2.3.3: how many of the Plague's losses are Knights (the rest are MaA).
    PlagueLoss {
        knights: u8,
    },
    /// 4.3.1: the Lord who takes a Fief Title.
    ChooseHeir(LordId),
    /// 2.4.1: where a freed Lord is placed.
    PlaceLord(VillageId),
    /// 2.4.1, 1.8.2.
    PlayLord {
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
    },
    /// 9.2.
    PlayCardinal {
        lord: LordId,
    },
    /// 9.1.
    PlayDarc {
        lady: LordId,
    },
    /// 2.4.2.
    PlayHarvest(BishopricId),
    /// 2.4.3.
    PlayGoodWeather(BishopricId),
    /// 2.4.5.
    PlayTallage {
        lord: LordId,
        fief: FiefId,
    },
    /// 2.4.6: `None` is the Pope's Tithe on every governed Bishopric.
    PlayTithe {
        lord: LordId,
        bishopric: Option<BishopricId>,
    },
    EndPlayCards,
    /// 6.2.4: the owner's offer; the full price is paid at once.
    OfferRansom {
        amount: u32,
    },
    /// 6.2.4: only when the full price cannot be paid.
    NoRansom,
    /// 4.1.
    BuyMaa(VillageId),
    BuyKnight(VillageId),
    /// 4.2.
    BuyMill(VillageId),
    BuyStronghold(VillageId),
    /// 4.3: buy the title for one of one's Lords, turning `city` into the Fortified City.
    BuyTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
    },
    /// 4.3, 1.8: the King's (or Queen Regent's) free title, with an optional price (FAQ, ruling R-KINGS-GRANT).
    GrantTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
        price: u32,
        village: Option<VillageId>,
    },
    /// 4.3: hand a Fief Title to another Lord of the family.
    PassTitle {
        fief: FiefId,
        to: LordId,
    },
    /// 4.4.
    BuyCardinal {
        lord: LordId,
    },
    EndPurchase,
    /// 5.0: one Move of an army along one road.
    Move(MoveOrder),
    EndMovement,
    /// 6.0: attack `against` in `village`.
    DeclareBattle {
        village: VillageId,
        against: PlayerId,
    },
    /// 6.0: with 3 or more players, take a side (0 attack, 1 defend) or stay out.
    JoinSide(Option<u8>),
    /// 6.1: roll (again).
    Fight,
    /// 6.3: the attacker of a fortification stops after a roll.
    EndBattle,
    /// 6.3: the side's Troops are disbanded and its Lords captured.
    Surrender,
    /// 6.3: ask every other player in the battle for a truce.
    ProposeTruce,
    /// 6.3, 8.0: ask for a truce offering each player of the other side 1 to 3 Deniers,
    /// taken with a Diplomacy marker when everyone has agreed.
    BuyTruce(u8),
    /// 6.2.2, 10.1: remove one casualty.
    Casualty(Casualty),
    /// 6.4.
    DeclareSiege(VillageId),
    /// 6.4.1: the besieger ends his siege (any time).
    EndSiege(VillageId),
    EndBattles,
    /// 6.5: remove one Mill for 1 Denier.
    Pillage(VillageId),
    /// 11.1: take a relic lying where the Lord stands (in one's Movement turn).
    TakeRelic {
        lord: LordId,
        relic: super::relics::Relic,
    },
    /// 11.1, 8.0: offer a relic one holds to another player's Lord.
    OfferRelic {
        relic: super::relics::Relic,
        to: PlayerId,
        lord: LordId,
    },
    /// 11.1.1: roll the Eyes (Heavy Rain) or the Bone (Famine) for one Bishopric's card.
    RelicRoll {
        relic: super::relics::Relic,
        bishopric: BishopricId,
    },
    EndPillage,
    /// Nothing to play in a reaction window; no Secret Passage against a targeted card;
    /// no attempt to stop an Uprising.
    Pass,
    /// 10.1: `first` names whose Troops are hit first (ruling R-UPRISING-VICTIMS).
    PlayUprising {
        village: VillageId,
        first: Option<PlayerId>,
    },
    /// 10.1: add one's own Uprising card to the one being played.
    JoinUprising,
    /// 1.4, 1.5: try to stop the Uprising (a Cardinal pays 3 Deniers; a Bishop at home is free).
    TryStop {
        pay: bool,
    },
    /// 10.2.
    SecretPassage(PassageUse),
    /// 10.3.
    PlayAssassination {
        target: LordId,
        sponsor: LordId,
    },
    /// 10.4.
    PlayJustice(LordId),
    /// 10.5.
    PlayAmbush(LordId),
    /// 1.7.
    Excommunicate(LordId),
    LiftExcommunication(LordId),
    /// 1.7: ask the Pope to annul this Lord's marriage.
    RequestAnnulment(LordId),
    /// 8.0: offer up to 3 Deniers; the receiver spends a Diplomacy marker to accept.
    OfferDeniers {
        to: PlayerId,
        amount: u8,
    },
    /// 8.0: offer one or more cards (in card order); the receiver spends one Diplomacy
    /// marker to accept them all. Saves of format 3 and before name a single `card`.
    OfferCard {
        to: PlayerId,
        #[serde(alias = "card", deserialize_with = "one_or_more_cards")]
        cards: Vec<Card>,
    },
    /// 8.0: spend a Diplomacy marker to take up to 3 Deniers, if the giver agrees.
    AskDeniers {
        from: PlayerId,
        amount: u8,
    },
    /// 5.1: hand control of a Village to another player with units there.
    HandControl {
        village: VillageId,
        to: PlayerId,
    },
}

/// A casualty of a battle or Uprising (6.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Casualty {
    Maa(PlayerId),
    Knight(PlayerId),
    Lord(LordId),
}

/// The uses of a Secret Passage card outside movement (10.2.2, 10.2.3, 10.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PassageUse {
    /// The attacker ignores every fortification penalty for the whole battle.
    Battle,
    /// Cancels the penalty an Uprising suffers against a fortification.
    Uprising,
    /// Cancels the Assassination or Ambush that targets one's Lord.
    Cancel,
    /// One's Captives escape without ransom.
    Escape(Vec<LordId>),
}

fn lord_key(l: LordId) -> String {
    if (l as usize) < LORDS.len() {
        fold(lord_name(l))
    } else {
        format!("lord#{l}")
    }
}

/// The kind of id an action names that is out of range (see [`Action::ids_in_range`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadId {
    Village,
    Lord,
    Player,
    Card,
    Fief,
    Bishopric,
    /// A list of Lords longer than the Lords there are.
    TooManyLords,
    /// A battle side other than 0 (attack) and 1 (defence).
    Side,
}

/// Range checks of one id each: `Some(kind)` when it is out of range. Plain comparisons, no
/// allocation (they run on every `Game::check`, which bots call constantly).
struct Ids<'a>(&'a Game);

impl Ids<'_> {
    fn village(&self, v: VillageId) -> Option<BadId> {
        ((v as usize) >= self.0.map.villages.len()).then_some(BadId::Village)
    }
    fn lord(&self, l: LordId) -> Option<BadId> {
        ((l as usize) >= LORDS.len()).then_some(BadId::Lord)
    }
    fn lords(&self, ls: &[LordId]) -> Option<BadId> {
        if ls.len() > LORDS.len() {
            return Some(BadId::TooManyLords);
        }
        ls.iter().find_map(|&l| self.lord(l))
    }
    fn player(&self, p: PlayerId) -> Option<BadId> {
        ((p as usize) >= self.0.players.len()).then_some(BadId::Player)
    }
    fn fief(&self, f: FiefId) -> Option<BadId> {
        ((f as usize) >= self.0.map.fiefs.len()).then_some(BadId::Fief)
    }
    fn bishopric(&self, b: BishopricId) -> Option<BadId> {
        ((b as usize) >= BISHOPRIC_COUNT.min(self.0.map.bishoprics.len()))
            .then_some(BadId::Bishopric)
    }
    fn card(&self, c: Card) -> Option<BadId> {
        match c {
            Card::Lord(l) => self.lord(l).map(|_| BadId::Card),
            Card::Cardinal
            | Card::Darc
            | Card::Harvest
            | Card::GoodWeather
            | Card::Taxes
            | Card::Uprising
            | Card::SecretPassage
            | Card::Assassination
            | Card::Justice
            | Card::Ambush
            | Card::HeavyRain
            | Card::Famine
            | Card::Plague => None,
        }
    }
}

fn lords_key(ls: &[LordId]) -> String {
    ls.iter()
        .map(|l| lord_key(*l))
        .collect::<Vec<_>>()
        .join("+")
}

/// A player by name (as in the options), colour or seat number.
pub fn find_player(g: &Game, s: &str) -> Option<PlayerId> {
    let want = fold(s);
    (0..g.n())
        .find(|&p| fold(&g.options.player_name(p)) == want)
        .or_else(|| (0..g.n()).find(|&p| fold(super::state::COLOURS[p as usize]) == want))
        .or_else(|| s.parse::<u8>().ok().filter(|&p| p < g.n()))
}

impl Action {
    /// The first id this action names that is out of range in `g`: a Village, Lord, player,
    /// card, Fief or Bishopric that does not exist, a list of more Lords than there are, a
    /// battle side that is neither attack nor defence. Relics and the other enums are checked
    /// by their type. Exhaustive over the actions (no catch-all), so that a new action cannot
    /// forget its ids.
    pub fn bad_id(&self, g: &Game) -> Option<BadId> {
        let ids = Ids(g);
        let opt_lord = |l: &Option<LordId>| l.and_then(|l| ids.lord(l));
        match self {
            Action::ChooseStart(v)
            | Action::PlaceLord(v)
            | Action::BuyMaa(v)
            | Action::BuyKnight(v)
            | Action::BuyMill(v)
            | Action::BuyStronghold(v)
            | Action::DeclareSiege(v)
            | Action::EndSiege(v)
            | Action::Pillage(v) => ids.village(*v),
            Action::ProposeMarriage { groom, bride, .. } => ids.lord(*groom).or(ids.lord(*bride)),
            Action::Nominate(l)
            | Action::ChooseHeir(l)
            | Action::PlayCardinal { lord: l }
            | Action::PlayDarc { lady: l }
            | Action::BuyCardinal { lord: l }
            | Action::PlayJustice(l)
            | Action::PlayAmbush(l)
            | Action::Excommunicate(l)
            | Action::LiftExcommunication(l)
            | Action::RequestAnnulment(l)
            | Action::TakeRelic { lord: l, relic: _ } => ids.lord(*l),
            Action::Vote { for_lord, decoy } => opt_lord(for_lord).or(opt_lord(decoy)),
            Action::Discard(c) => ids.card(*c),
            Action::PlayLord {
                lord,
                village,
                crown_prince: _,
            } => ids.lord(*lord).or(ids.village(*village)),
            Action::PlayHarvest(b) | Action::PlayGoodWeather(b) => ids.bishopric(*b),
            Action::PlayTallage { lord, fief } => ids.lord(*lord).or(ids.fief(*fief)),
            Action::PlayTithe { lord, bishopric } => {
                ids.lord(*lord).or(bishopric.and_then(|b| ids.bishopric(b)))
            }
            Action::BuyTitle { fief, lord, city } => {
                ids.fief(*fief).or(ids.lord(*lord)).or(ids.village(*city))
            }
            Action::GrantTitle {
                fief,
                lord,
                city,
                price: _,
                village,
            } => ids
                .fief(*fief)
                .or(ids.lord(*lord))
                .or(ids.village(*city))
                .or(village.and_then(|v| ids.village(v))),
            Action::PassTitle { fief, to } => ids.fief(*fief).or(ids.lord(*to)),
            Action::Move(MoveOrder {
                lords,
                to,
                maa: _,
                knights: _,
                captives,
                how: _,
            }) => ids
                .lords(lords)
                .or_else(|| ids.village(*to))
                .or_else(|| ids.lords(captives)),
            Action::DeclareBattle { village, against } => {
                ids.village(*village).or(ids.player(*against))
            }
            Action::JoinSide(side) => side.filter(|&s| s > 1).map(|_| BadId::Side),
            Action::Casualty(c) => match c {
                Casualty::Maa(p) | Casualty::Knight(p) => ids.player(*p),
                Casualty::Lord(l) => ids.lord(*l),
            },
            Action::OfferRelic { relic: _, to, lord } => ids.player(*to).or(ids.lord(*lord)),
            Action::RelicRoll {
                relic: _,
                bishopric,
            } => ids.bishopric(*bishopric),
            Action::PlayUprising { village, first } => {
                ids.village(*village).or(first.and_then(|p| ids.player(p)))
            }
            Action::SecretPassage(u) => match u {
                PassageUse::Battle | PassageUse::Uprising | PassageUse::Cancel => None,
                PassageUse::Escape(ls) => ids.lords(ls),
            },
            Action::PlayAssassination { target, sponsor } => {
                ids.lord(*target).or(ids.lord(*sponsor))
            }
            Action::OfferDeniers { to: p, amount: _ }
            | Action::AskDeniers { from: p, amount: _ } => ids.player(*p),
            Action::OfferCard { to, cards } => ids
                .player(*to)
                .or(cards.iter().find_map(|c| ids.card(*c)))
                .or((cards.len() > 3).then_some(BadId::Card)),
            Action::HandControl { village, to } => ids.village(*village).or(ids.player(*to)),
            Action::EndMarriages
            | Action::Accept
            | Action::Refuse
            | Action::NoCandidate
            | Action::DrawFortune
            | Action::DrawLord
            | Action::EndDraw
            | Action::PlagueLoss { knights: _ }
            | Action::EndPlayCards
            | Action::OfferRansom { amount: _ }
            | Action::NoRansom
            | Action::EndPurchase
            | Action::EndMovement
            | Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::EndBattles
            | Action::EndPillage
            | Action::Pass
            | Action::JoinUprising
            | Action::TryStop { pay: _ } => None,
        }
    }

    /// Refuses an action that names an id out of range (see [`Action::bad_id`]), naming the
    /// action. `Game::check` calls it before any rule reads the action, so that no rule ever
    /// indexes with an id from a file or a command line that it has not been checked.
    pub fn ids_in_range(&self, g: &Game) -> Result<(), RuleError> {
        let Some(bad) = self.bad_id(g) else {
            return Ok(());
        };
        let mut action = self.notation(g);
        // A list of ten thousand Lords from a file is not repeated whole in a message.
        if let Some((cut, _)) = action.char_indices().nth(80) {
            action.truncate(cut);
            action.push('…');
        }
        match bad {
            BadId::Village => refuse_with("", || {
                msg!(
                    "'{action}' names a Village that is not on the board",
                    action = action
                )
            }),
            BadId::Lord => refuse_with("", || {
                msg!(
                    "'{action}' names a Lord who does not exist",
                    action = action
                )
            }),
            BadId::Player => refuse_with("", || {
                msg!(
                    "'{action}' names a player who is not in the game",
                    action = action
                )
            }),
            BadId::Card => refuse_with("", || {
                msg!(
                    "'{action}' names a card that does not exist",
                    action = action
                )
            }),
            BadId::Fief => refuse_with("", || {
                msg!(
                    "'{action}' names a Fief that is not on the board",
                    action = action
                )
            }),
            BadId::Bishopric => refuse_with("", || {
                msg!(
                    "'{action}' names a Bishopric that does not exist",
                    action = action
                )
            }),
            BadId::TooManyLords => refuse_with("", || {
                msg!(
                    "'{action}' names more Lords than there are",
                    action = action
                )
            }),
            BadId::Side => refuse_with("", || {
                msg!(
                    "'{action}' names a side that is neither attack nor defence",
                    action = action
                )
            }),
        }
    }

    /// The stable notation, e.g. `buy-maa st_medard` or `vote for=francois decoy=-`.
    pub fn notation(&self, g: &Game) -> String {
        let v = |v: &VillageId| {
            g.map
                .villages
                .get(*v as usize)
                .map(|x| x.key.clone())
                .unwrap_or_else(|| format!("village#{v}"))
        };
        let f = |f: &FiefId| {
            g.map
                .fiefs
                .get(*f as usize)
                .map(|x| x.key.clone())
                .unwrap_or_else(|| format!("fief#{f}"))
        };
        let opt = |o: &Option<LordId>| o.map(lord_key).unwrap_or_else(|| "-".into());
        let pk = |p: PlayerId| {
            if p < g.n() {
                fold(&g.options.player_name(p))
            } else {
                format!("player#{p}")
            }
        };
        match self {
            Action::ChooseStart(x) => format!("start {}", v(x)),
            Action::ProposeMarriage {
                groom,
                bride,
                dowry,
            } => {
                let mut s = format!("propose {} {}", lord_key(*groom), lord_key(*bride));
                if *dowry > 0 {
                    s += &format!(" dowry={dowry}");
                }
                s
            }
            Action::EndMarriages => "end-marriages".into(),
            Action::Accept => "accept".into(),
            Action::Refuse => "refuse".into(),
            Action::Nominate(l) => format!("nominate {}", lord_key(*l)),
            Action::NoCandidate => "no-candidate".into(),
            Action::Vote { for_lord, decoy } => {
                format!("vote for={} decoy={}", opt(for_lord), opt(decoy))
            }
            Action::Discard(c) => format!("discard {}", c.key()),
            Action::DrawFortune => "draw-fortune".into(),
            Action::DrawLord => "draw-lord".into(),
            Action::EndDraw => "end-draw".into(),
            Action::PlagueLoss { knights } => format!("plague-loss knights={knights}"),
            Action::ChooseHeir(l) => format!("heir {}", lord_key(*l)),
            Action::PlaceLord(x) => format!("place {}", v(x)),
            Action::PlayLord {
                lord,
                village,
                crown_prince,
            } => format!(
                "play-lord {} {}{}",
                lord_key(*lord),
                v(village),
                if *crown_prince { " crown-prince" } else { "" }
            ),
            Action::PlayCardinal { lord } => format!("play-cardinal {}", lord_key(*lord)),
            Action::PlayDarc { lady } => format!("play-darc {}", lord_key(*lady)),
            Action::PlayHarvest(b) => format!("harvest {}", *b as u16 + 1),
            Action::PlayGoodWeather(b) => format!("good-weather {}", *b as u16 + 1),
            Action::PlayTallage { lord, fief } => {
                format!("tallage {} {}", lord_key(*lord), f(fief))
            }
            Action::PlayTithe { lord, bishopric } => format!(
                "tithe {} {}",
                lord_key(*lord),
                bishopric
                    .map(|b| (b as u16 + 1).to_string())
                    .unwrap_or_else(|| "all".into())
            ),
            Action::EndPlayCards => "end-play".into(),
            Action::OfferRansom { amount } => format!("ransom {amount}"),
            Action::NoRansom => "no-ransom".into(),
            Action::BuyMaa(x) => format!("buy-maa {}", v(x)),
            Action::BuyKnight(x) => format!("buy-knight {}", v(x)),
            Action::BuyMill(x) => format!("buy-mill {}", v(x)),
            Action::BuyStronghold(x) => format!("buy-stronghold {}", v(x)),
            Action::BuyTitle { fief, lord, city } => {
                format!("buy-title {} {} {}", f(fief), lord_key(*lord), v(city))
            }
            Action::GrantTitle {
                fief,
                lord,
                city,
                price,
                village,
            } => {
                let mut s = format!("grant {} {} {}", f(fief), lord_key(*lord), v(city));
                if *price > 0 {
                    s += &format!(" price={price}");
                }
                if let Some(x) = village {
                    s += &format!(" village={}", v(x));
                }
                s
            }
            Action::PassTitle { fief, to } => format!("pass-title {} {}", f(fief), lord_key(*to)),
            Action::BuyCardinal { lord } => format!("buy-cardinal {}", lord_key(*lord)),
            Action::EndPurchase => "end-purchase".into(),
            Action::Move(m) => {
                let mut s = format!("move {} {}", lords_key(&m.lords), v(&m.to));
                if m.maa > 0 {
                    s += &format!(" maa={}", m.maa);
                }
                if m.knights > 0 {
                    s += &format!(" knights={}", m.knights);
                }
                if !m.captives.is_empty() {
                    s += &format!(" captives={}", lords_key(&m.captives));
                }
                match m.how {
                    MoveHow::Normal => {}
                    MoveHow::Passage => s += " passage",
                    MoveHow::Cavalcade => s += " cavalcade",
                    MoveHow::Toll(n) => s += &format!(" toll={n}"),
                }
                s
            }
            Action::EndMovement => "end-move".into(),
            Action::DeclareBattle { village, against } => {
                format!("battle {} {}", v(village), pk(*against))
            }
            Action::JoinSide(side) => match side {
                Some(0) => "side attack".into(),
                Some(1) => "side defend".into(),
                Some(s) => format!("side #{s}"),
                None => "side out".into(),
            },
            Action::Fight => "fight".into(),
            Action::EndBattle => "end-battle".into(),
            Action::Surrender => "surrender".into(),
            Action::ProposeTruce => "truce".into(),
            Action::BuyTruce(n) => format!("truce price={n}"),
            Action::Casualty(c) => match c {
                Casualty::Maa(p) => format!("lose maa {}", pk(*p)),
                Casualty::Knight(p) => format!("lose knight {}", pk(*p)),
                Casualty::Lord(l) => format!("lose lord {}", lord_key(*l)),
            },
            Action::DeclareSiege(x) => format!("siege {}", v(x)),
            Action::EndSiege(x) => format!("end-siege {}", v(x)),
            Action::EndBattles => "end-battles".into(),
            Action::Pillage(x) => format!("pillage {}", v(x)),
            Action::TakeRelic { lord, relic } => {
                format!("take-relic {} {}", lord_key(*lord), relic.key())
            }
            Action::OfferRelic { relic, to, lord } => {
                format!("give-relic {} {} {}", relic.key(), pk(*to), lord_key(*lord))
            }
            Action::RelicRoll { relic, bishopric } => {
                format!("relic-roll {} {}", relic.key(), *bishopric as u16 + 1)
            }
            Action::EndPillage => "end-pillage".into(),
            Action::Pass => "pass".into(),
            Action::PlayUprising { village, first } => match first {
                Some(p) => format!("uprising {} first={}", v(village), pk(*p)),
                None => format!("uprising {}", v(village)),
            },
            Action::JoinUprising => "join-uprising".into(),
            Action::TryStop { pay } => {
                format!("stop-uprising {}", if *pay { "pay" } else { "free" })
            }
            Action::SecretPassage(u) => match u {
                PassageUse::Battle => "passage battle".into(),
                PassageUse::Uprising => "passage uprising".into(),
                PassageUse::Cancel => "passage cancel".into(),
                PassageUse::Escape(ls) => format!("passage escape {}", lords_key(ls)),
            },
            Action::PlayAssassination { target, sponsor } => format!(
                "assassinate {} sponsor={}",
                lord_key(*target),
                lord_key(*sponsor)
            ),
            Action::PlayJustice(l) => format!("justice {}", lord_key(*l)),
            Action::PlayAmbush(l) => format!("ambush {}", lord_key(*l)),
            Action::Excommunicate(l) => format!("excommunicate {}", lord_key(*l)),
            Action::LiftExcommunication(l) => format!("lift {}", lord_key(*l)),
            Action::RequestAnnulment(l) => format!("annul {}", lord_key(*l)),
            Action::OfferDeniers { to, amount } => format!("give-deniers {} {amount}", pk(*to)),
            Action::OfferCard { to, cards } => format!(
                "give-card {} {}",
                pk(*to),
                cards.iter().map(|c| c.key()).collect::<Vec<_>>().join("+")
            ),
            Action::AskDeniers { from, amount } => format!("ask-deniers {} {amount}", pk(*from)),
            Action::HandControl { village, to } => {
                format!("hand-control {} {}", v(village), pk(*to))
            }
        }
    }

    /// Parses the notation. Names may be keys or printed names without spaces
    /// (`st_medard`, `StMédard`); Bishoprics are numbers 1–5.
    pub fn parse(s: &str, g: &Game) -> Result<Action, String> {
        let mut words = s.split_whitespace();
        let verb = words.next().ok_or("empty action")?;
        let args: Vec<&str> = words.collect();
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| format!("'{verb}' needs more words"))
        };
        let find_village = |a: &str| {
            g.map
                .find_village(a)
                .ok_or_else(|| format!("no village called '{a}'"))
        };
        let village = |i: usize| -> Result<VillageId, String> { find_village(arg(i)?) };
        let lord = |i: usize| -> Result<LordId, String> {
            let a = arg(i)?;
            super::cards::find_lord(a).ok_or_else(|| format!("no Lord called '{a}'"))
        };
        let fief = |i: usize| -> Result<FiefId, String> {
            let a = arg(i)?;
            g.map
                .find_fief(a)
                .ok_or_else(|| format!("no fief called '{a}'"))
        };
        let bishopric = |i: usize| -> Result<BishopricId, String> {
            let a = arg(i)?;
            match a.parse::<u8>() {
                Ok(n) if (1..=5).contains(&n) => Ok(n - 1),
                _ => Err(format!("'{a}' is not a Bishopric number 1 to 5")),
            }
        };
        let relic = |i: usize| -> Result<super::relics::Relic, String> {
            let a = arg(i)?;
            super::relics::Relic::parse(a).ok_or_else(|| format!("no relic called '{a}'"))
        };
        let player = |i: usize| -> Result<PlayerId, String> {
            let a = arg(i)?;
            find_player(g, a).ok_or_else(|| format!("no player called '{a}'"))
        };
        let kv = |key: &str| {
            args.iter()
                .find_map(|a| a.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        };
        let opt_lord = |key: &str| -> Result<Option<LordId>, String> {
            match kv(key) {
                None | Some("-") | Some("none") => Ok(None),
                Some(n) => super::cards::find_lord(n)
                    .map(Some)
                    .ok_or_else(|| format!("no Lord called '{n}'")),
            }
        };
        Ok(match verb {
            "start" => Action::ChooseStart(village(0)?),
            "propose" => Action::ProposeMarriage {
                groom: lord(0)?,
                bride: lord(1)?,
                dowry: match kv("dowry") {
                    None => 0,
                    Some(n) => n.parse().map_err(|_| format!("bad number '{n}'"))?,
                },
            },
            "end-marriages" => Action::EndMarriages,
            "accept" => Action::Accept,
            "refuse" => Action::Refuse,
            "nominate" => Action::Nominate(lord(0)?),
            "no-candidate" => Action::NoCandidate,
            "vote" => Action::Vote {
                for_lord: opt_lord("for")?,
                decoy: opt_lord("decoy")?,
            },
            "discard" => Action::Discard(
                Card::parse(arg(0)?).ok_or_else(|| format!("no card called '{}'", args[0]))?,
            ),
            "draw-fortune" => Action::DrawFortune,
            "draw-lord" => Action::DrawLord,
            "end-draw" => Action::EndDraw,
            "plague-loss" => Action::PlagueLoss {
                knights: kv("knights")
                    .and_then(|n| n.parse().ok())
                    .ok_or("plague-loss needs knights=N")?,
            },
            "heir" => Action::ChooseHeir(lord(0)?),
            "place" => Action::PlaceLord(village(0)?),
            "play-lord" => Action::PlayLord {
                lord: lord(0)?,
                village: village(1)?,
                crown_prince: args.get(2) == Some(&"crown-prince"),
            },
            "play-cardinal" => Action::PlayCardinal { lord: lord(0)? },
            "play-darc" => Action::PlayDarc { lady: lord(0)? },
            "harvest" => Action::PlayHarvest(bishopric(0)?),
            "good-weather" => Action::PlayGoodWeather(bishopric(0)?),
            "tallage" => Action::PlayTallage {
                lord: lord(0)?,
                fief: fief(1)?,
            },
            "tithe" => Action::PlayTithe {
                lord: lord(0)?,
                bishopric: if arg(1)? == "all" {
                    None
                } else {
                    Some(bishopric(1)?)
                },
            },
            "end-play" => Action::EndPlayCards,
            "ransom" => Action::OfferRansom {
                amount: arg(0)?
                    .parse()
                    .map_err(|_| format!("'{}' is not an amount", args[0]))?,
            },
            "no-ransom" => Action::NoRansom,
            "buy-maa" => Action::BuyMaa(village(0)?),
            "buy-knight" => Action::BuyKnight(village(0)?),
            "buy-mill" => Action::BuyMill(village(0)?),
            "buy-stronghold" => Action::BuyStronghold(village(0)?),
            "buy-title" => Action::BuyTitle {
                fief: fief(0)?,
                lord: lord(1)?,
                city: village(2)?,
            },
            "grant" => Action::GrantTitle {
                fief: fief(0)?,
                lord: lord(1)?,
                city: village(2)?,
                price: kv("price")
                    .map(|p| p.parse().map_err(|_| format!("bad price '{p}'")))
                    .transpose()?
                    .unwrap_or(0),
                village: kv("village").map(find_village).transpose()?,
            },
            "pass-title" => Action::PassTitle {
                fief: fief(0)?,
                to: lord(1)?,
            },
            "buy-cardinal" => Action::BuyCardinal { lord: lord(0)? },
            "end-purchase" => Action::EndPurchase,
            "move" => {
                let flag = |f: &str| args.contains(&f);
                let lords = arg(0)?
                    .split('+')
                    .map(|n| {
                        super::cards::find_lord(n).ok_or_else(|| format!("no Lord called '{n}'"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let captives = match kv("captives") {
                    None => Vec::new(),
                    Some(c) => c
                        .split('+')
                        .map(|n| {
                            super::cards::find_lord(n)
                                .ok_or_else(|| format!("no Lord called '{n}'"))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                };
                let num = |k: &str| -> Result<u8, String> {
                    kv(k)
                        .map(|n| n.parse().map_err(|_| format!("bad number '{n}'")))
                        .transpose()
                        .map(|x| x.unwrap_or(0))
                };
                Action::Move(MoveOrder {
                    lords,
                    to: village(1)?,
                    maa: num("maa")?,
                    knights: num("knights")?,
                    captives,
                    how: if flag("passage") {
                        MoveHow::Passage
                    } else if flag("cavalcade") {
                        MoveHow::Cavalcade
                    } else if num("toll")? > 0 {
                        MoveHow::Toll(num("toll")?)
                    } else {
                        MoveHow::Normal
                    },
                })
            }
            "end-move" => Action::EndMovement,
            "battle" => Action::DeclareBattle {
                village: village(0)?,
                against: player(1)?,
            },
            "side" => Action::JoinSide(match arg(0)? {
                "attack" => Some(0),
                "defend" => Some(1),
                "out" => None,
                o => return Err(format!("'{o}' is not attack, defend or out")),
            }),
            "fight" => Action::Fight,
            "end-battle" => Action::EndBattle,
            "surrender" => Action::Surrender,
            "truce" => match kv("price") {
                Some(n) => Action::BuyTruce(n.parse().map_err(|_| format!("bad price '{n}'"))?),
                None => Action::ProposeTruce,
            },
            "lose" => Action::Casualty(match arg(0)? {
                "maa" => Casualty::Maa(player(1)?),
                "knight" => Casualty::Knight(player(1)?),
                "lord" => Casualty::Lord(lord(1)?),
                o => return Err(format!("'{o}' is not maa, knight or lord")),
            }),
            "siege" => Action::DeclareSiege(village(0)?),
            "end-siege" => Action::EndSiege(village(0)?),
            "end-battles" => Action::EndBattles,
            "pillage" => Action::Pillage(village(0)?),
            "take-relic" => Action::TakeRelic {
                lord: lord(0)?,
                relic: relic(1)?,
            },
            "give-relic" => Action::OfferRelic {
                relic: relic(0)?,
                to: player(1)?,
                lord: lord(2)?,
            },
            "relic-roll" => Action::RelicRoll {
                relic: relic(0)?,
                bishopric: bishopric(1)?,
            },
            "end-pillage" => Action::EndPillage,
            "pass" => Action::Pass,
            "uprising" => Action::PlayUprising {
                village: village(0)?,
                first: kv("first")
                    .map(|n| find_player(g, n).ok_or_else(|| format!("no player called '{n}'")))
                    .transpose()?,
            },
            "join-uprising" => Action::JoinUprising,
            "stop-uprising" => Action::TryStop {
                pay: arg(0)? == "pay",
            },
            "passage" => Action::SecretPassage(match arg(0)? {
                "battle" => PassageUse::Battle,
                "uprising" => PassageUse::Uprising,
                "cancel" => PassageUse::Cancel,
                "escape" => PassageUse::Escape(
                    arg(1)?
                        .split('+')
                        .map(|n| {
                            super::cards::find_lord(n)
                                .ok_or_else(|| format!("no Lord called '{n}'"))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                ),
                o => return Err(format!("'{o}' is not battle, uprising, cancel or escape")),
            }),
            "assassinate" => Action::PlayAssassination {
                target: lord(0)?,
                sponsor: opt_lord("sponsor")?.ok_or("assassinate needs sponsor=LORD")?,
            },
            "justice" => Action::PlayJustice(lord(0)?),
            "ambush" => Action::PlayAmbush(lord(0)?),
            "excommunicate" => Action::Excommunicate(lord(0)?),
            "lift" => Action::LiftExcommunication(lord(0)?),
            "annul" => Action::RequestAnnulment(lord(0)?),
            "give-deniers" => Action::OfferDeniers {
                to: player(0)?,
                amount: arg(1)?.parse().map_err(|_| "bad amount".to_string())?,
            },
            "give-card" => Action::OfferCard {
                to: player(0)?,
                cards: arg(1)?
                    .split('+')
                    .map(|c| Card::parse(c).ok_or_else(|| format!("no card called '{c}'")))
                    .collect::<Result<_, _>>()?,
            },
            "ask-deniers" => Action::AskDeniers {
                from: player(0)?,
                amount: arg(1)?.parse().map_err(|_| "bad amount".to_string())?,
            },
            "hand-control" => Action::HandControl {
                village: village(0)?,
                to: player(1)?,
            },
            other => return Err(format!("unknown action '{other}'")),
        })
    }
}

impl Action {
    /// Whether the action closes a step or a reaction window ("Done", "Pass").
    pub fn ends_step(&self) -> bool {
        matches!(
            self,
            Action::EndMarriages
                | Action::EndDraw
                | Action::EndPlayCards
                | Action::EndPurchase
                | Action::EndMovement
                | Action::EndBattles
                | Action::EndPillage
                | Action::Pass
        )
    }

    /// The Deniers a truce proposal offers each player of the other side (0 for a free one);
    /// `None` for any other action.
    pub fn truce_price(&self) -> Option<u8> {
        match self {
            Action::ProposeTruce => Some(0),
            Action::BuyTruce(n) => Some(*n),
            _ => None,
        }
    }

    /// The Village where the action takes place, if it names one (a Move: where its army
    /// sets out from, its Lords' Village).
    pub fn village(&self, g: &Game) -> Option<VillageId> {
        Some(match self {
            Action::ChooseStart(v)
            | Action::PlaceLord(v)
            | Action::BuyMaa(v)
            | Action::BuyKnight(v)
            | Action::BuyMill(v)
            | Action::BuyStronghold(v)
            | Action::DeclareSiege(v)
            | Action::EndSiege(v)
            | Action::Pillage(v) => *v,
            Action::PlayLord { village, .. }
            | Action::DeclareBattle { village, .. }
            | Action::PlayUprising { village, .. }
            | Action::HandControl { village, .. } => *village,
            Action::BuyTitle { city, .. } => *city,
            Action::Move(m) => g.lord(*m.lords.first()?)?.village,
            _ => return None,
        })
    }
}

impl Action {
    /// The card an action plays, discards or offers, if any (an offer of several cards:
    /// the first of them).
    pub fn card(&self) -> Option<Card> {
        Some(match self {
            Action::Discard(c) => *c,
            // An offer of several cards is listed under the first of them.
            Action::OfferCard { cards, .. } => *cards.first()?,
            Action::PlayLord { lord, .. } => Card::Lord(*lord),
            Action::PlayCardinal { .. } => Card::Cardinal,
            Action::PlayDarc { .. } => Card::Darc,
            Action::PlayHarvest(_) => Card::Harvest,
            Action::PlayGoodWeather(_) => Card::GoodWeather,
            Action::PlayTallage { .. } | Action::PlayTithe { .. } => Card::Taxes,
            Action::PlayUprising { .. } | Action::JoinUprising => Card::Uprising,
            Action::SecretPassage(
                PassageUse::Battle | PassageUse::Uprising | PassageUse::Escape(_),
            )
            | Action::SecretPassage(PassageUse::Cancel) => Card::SecretPassage,
            Action::PlayAssassination { .. } => Card::Assassination,
            Action::PlayJustice(_) => Card::Justice,
            Action::PlayAmbush(_) => Card::Ambush,
            _ => return None,
        })
    }
}

impl Game {
    /// Where a Lord comes in the order `legal_actions` names Lords: the order they came
    /// into play (every build has listed them so, and saves replay in it).
    fn lord_rank(&self, l: LordId) -> usize {
        self.lords
            .iter()
            .position(|x| x.id == l)
            .unwrap_or(usize::MAX)
    }

    /// Whether `a` is in the one form `legal_actions` lists: a Move's Lords and Captives, and
    /// the Lords escaping by a Secret Passage, in the order they came into play; the cards of
    /// an offer in card order.
    pub fn is_normalised(&self, a: &Action) -> bool {
        let ranked = |ls: &[LordId]| ls.is_sorted_by_key(|l| self.lord_rank(*l));
        match a {
            Action::Move(o) => ranked(&o.lords) && ranked(&o.captives),
            Action::SecretPassage(PassageUse::Escape(ls)) => ranked(ls),
            Action::OfferCard { cards, .. } => cards.is_sorted(),
            _ => true,
        }
    }

    /// `a` in the form `legal_actions` lists (see [`Game::is_normalised`]).
    pub fn normalised(&self, a: &Action) -> Action {
        let mut a = a.clone();
        match &mut a {
            Action::Move(o) => {
                o.lords.sort_by_key(|l| self.lord_rank(*l));
                o.captives.sort_by_key(|l| self.lord_rank(*l));
            }
            Action::SecretPassage(PassageUse::Escape(ls)) => ls.sort_by_key(|l| self.lord_rank(*l)),
            Action::OfferCard { cards, .. } => cards.sort_unstable(),
            _ => {}
        }
        a
    }
}

/// Reads the cards of an `OfferCard`: a list, or the single card of older saves.
fn one_or_more_cards<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Card>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMore {
        One(Card),
        More(Vec<Card>),
    }
    Ok(match OneOrMore::deserialize(d)? {
        OneOrMore::One(c) => vec![c],
        OneOrMore::More(cs) => cs,
    })
}
