//! Actions held against the game they are for: every id in range (`Action::ids_in_range`,
//! before any rule reads the action) and the one listed form of an action that may be written
//! several ways (`Game::normalised`).

use super::actions::*;
use super::cards::{fold, Card, LordId, LORDS};
use super::state::{Game, PlayerId};
use super::{refuse_with, RuleError};
use crate::map::{BishopricId, FiefId, VillageId, BISHOPRIC_COUNT};

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
}

impl Action {
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
