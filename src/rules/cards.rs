//! The card catalogue (Components; 2.4, 9.0, 10.0) and the named Lords (ruling R-COMPONENTS).

use serde::{Deserialize, Serialize};

/// A seat at the table, 0 to 5 in seat order.
pub type PlayerId = u8;

pub(crate) use crate::map::fold_name as fold;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

/// The 18 Lord cards (ruling R-COMPONENTS). The names printed in the rulebook come first; the rest are our own
/// period names (12 male and 6 female in all, as the tokens say).
pub const LORDS: [(&str, Sex); 18] = [
    ("François", Sex::Male),
    ("Quentin", Sex::Male),
    ("Philippe", Sex::Male),
    ("Beaudoin", Sex::Male),
    ("Thierry", Sex::Male),
    ("Gauvain", Sex::Male),
    ("Eric", Sex::Male),
    ("Charles", Sex::Male),
    ("Guillaume", Sex::Male),
    ("Enguerrand", Sex::Male),
    ("Arnaud", Sex::Male),
    ("Raoul", Sex::Male),
    ("Jeanne", Sex::Female),
    ("Blanche", Sex::Female),
    ("Mireille", Sex::Female),
    ("Isabeau", Sex::Female),
    ("Yolande", Sex::Female),
    ("Marguerite", Sex::Female),
];

pub type LordId = u8;

pub fn lord_name(l: LordId) -> &'static str {
    LORDS.get(l as usize).map(|x| x.0).unwrap_or("?")
}

pub fn lord_sex(l: LordId) -> Sex {
    LORDS.get(l as usize).map(|x| x.1).unwrap_or(Sex::Male)
}

/// Finds a Lord by name, ignoring case and accents on the first letters people type.
pub fn find_lord(s: &str) -> Option<LordId> {
    let want = fold(s.trim());
    LORDS
        .iter()
        .position(|(n, _)| fold(n) == want)
        .map(|i| i as LordId)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// A named Lord card (2.4.1).
    Lord(LordId),
    /// Opportunity card of the Lords deck (9.2).
    Cardinal,
    /// Opportunity card of the Lords deck (9.1).
    Darc,
    Harvest,
    GoodWeather,
    Taxes,
    Uprising,
    SecretPassage,
    Assassination,
    Justice,
    Ambush,
    HeavyRain,
    Famine,
    Plague,
}

impl Card {
    pub fn is_disaster(self) -> bool {
        matches!(self, Card::HeavyRain | Card::Famine | Card::Plague)
    }
    pub fn is_lords_deck(self) -> bool {
        matches!(self, Card::Lord(_) | Card::Cardinal | Card::Darc)
    }
    /// Opportunity cards (green lightning): any time except the Draw step (2.4).
    pub fn is_opportunity(self) -> bool {
        matches!(
            self,
            Card::Cardinal
                | Card::Darc
                | Card::Uprising
                | Card::SecretPassage
                | Card::Assassination
                | Card::Justice
                | Card::Ambush
        )
    }

    pub fn name(self) -> String {
        match self {
            Card::Lord(l) => format!("Lord {}", lord_name(l)),
            Card::Cardinal => "Cardinal".into(),
            Card::Darc => "d'ARC".into(),
            Card::Harvest => "Bountiful Harvest".into(),
            Card::GoodWeather => "Good Weather".into(),
            Card::Taxes => "Taxes".into(),
            Card::Uprising => "Uprising".into(),
            Card::SecretPassage => "Secret Passage".into(),
            Card::Assassination => "Assassination".into(),
            Card::Justice => "Justice".into(),
            Card::Ambush => "Ambush".into(),
            Card::HeavyRain => "Heavy Rain".into(),
            Card::Famine => "Famine".into(),
            Card::Plague => "Plague".into(),
        }
    }

    /// Short stable notation used in scenario files and action notation.
    pub fn key(self) -> String {
        match self {
            Card::Lord(l) if (l as usize) < LORDS.len() => format!("lord:{}", fold(lord_name(l))),
            Card::Lord(l) => format!("lord:#{l}"),
            Card::Cardinal => "cardinal".into(),
            Card::Darc => "darc".into(),
            Card::Harvest => "harvest".into(),
            Card::GoodWeather => "good_weather".into(),
            Card::Taxes => "taxes".into(),
            Card::Uprising => "uprising".into(),
            Card::SecretPassage => "secret_passage".into(),
            Card::Assassination => "assassination".into(),
            Card::Justice => "justice".into(),
            Card::Ambush => "ambush".into(),
            Card::HeavyRain => "heavy_rain".into(),
            Card::Famine => "famine".into(),
            Card::Plague => "plague".into(),
        }
    }

    pub fn parse(s: &str) -> Option<Card> {
        let s = s.trim();
        if let Some(name) = s.strip_prefix("lord:").or_else(|| s.strip_prefix("Lord ")) {
            return find_lord(name).map(Card::Lord);
        }
        let f = fold(s);
        ALL_KINDS
            .iter()
            .copied()
            .find(|c| fold(&c.key()) == f || fold(&c.name()) == f)
    }
}

const ALL_KINDS: [Card; 13] = [
    Card::Cardinal,
    Card::Darc,
    Card::Harvest,
    Card::GoodWeather,
    Card::Taxes,
    Card::Uprising,
    Card::SecretPassage,
    Card::Assassination,
    Card::Justice,
    Card::Ambush,
    Card::HeavyRain,
    Card::Famine,
    Card::Plague,
];

/// A deck or a discard pile, held in place (no pile is larger than the Fortune deck's 35
/// cards): a copy of the game copies its four piles as plain bytes, with nothing to allocate.
pub type Pile = smallvec::SmallVec<[Card; 35]>;

/// The 22 cards of the Lords deck (Components).
pub fn lords_deck() -> Pile {
    let mut d: Pile = (0..18).map(Card::Lord).collect();
    d.extend([Card::Cardinal; 3]);
    d.push(Card::Darc);
    d
}

/// The 35 cards of the Fortune & Disaster deck (Components).
pub fn fortune_deck() -> Pile {
    let mut d = Pile::new();
    for (card, n) in [
        (Card::Harvest, 5),
        (Card::GoodWeather, 5),
        (Card::Taxes, 5),
        (Card::Uprising, 4),
        (Card::SecretPassage, 3),
        (Card::Assassination, 1),
        (Card::Justice, 1),
        (Card::Ambush, 1),
        (Card::HeavyRain, 4),
        (Card::Famine, 4),
        (Card::Plague, 2),
    ] {
        d.extend(std::iter::repeat_n(card, n));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn decks_have_the_rulebook_counts() {
        assert_eq!(lords_deck().len(), 22);
        assert_eq!(fortune_deck().len(), 35);
        assert_eq!(
            fortune_deck().iter().filter(|c| c.is_disaster()).count(),
            10
        );
        assert_eq!(LORDS.iter().filter(|l| l.1 == Sex::Female).count(), 6);
        for c in fortune_deck().into_iter().chain(lords_deck()) {
            assert_eq!(Card::parse(&c.key()), Some(c));
        }
        assert_eq!(Card::parse("Lord François"), Some(Card::Lord(0)));
    }
}
