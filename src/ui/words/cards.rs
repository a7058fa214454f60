//! The words of the cards: their names, what each does, a list of cards, and the tooltip of
//! a card laid on a Bishopric.

use super::names::{bishopric, lord};
use crate::ui::{tr, trf};
use fief::rules::{Card, Game};

/// The name printed on a card.
pub fn card_name(c: Card) -> String {
    match c {
        Card::Lord(l) => trf("Lord {name}", &[("name", &lord(l))]),
        Card::Cardinal => tr("Cardinal"),
        Card::Darc => tr("d'ARC"),
        Card::Harvest => tr("Bountiful Harvest"),
        Card::GoodWeather => tr("Good Weather"),
        Card::Taxes => tr("Taxes"),
        Card::Uprising => tr("Uprising"),
        Card::SecretPassage => tr("Secret Passage"),
        Card::Assassination => tr("Assassination"),
        Card::Justice => tr("Justice"),
        Card::Ambush => tr("Ambush"),
        Card::HeavyRain => tr("Heavy Rain"),
        Card::Famine => tr("Famine"),
        Card::Plague => tr("Plague"),
    }
}

/// A card's effect in a line, as printed on the card face in the hand.
pub fn card_effect(c: Card) -> String {
    match c {
        Card::Lord(l) => match fief::rules::cards::lord_sex(l) {
            fief::rules::Sex::Female => tr("A Lady joins your family in a Village you hold."),
            fief::rules::Sex::Male => tr("A Lord joins your family in a Village you hold."),
        },
        Card::Cardinal => tr("Make one of your Lords a Cardinal (the Pope consents)."),
        Card::Darc => tr("Your Lady becomes d'ARC: +1 die and +1 Move to her army."),
        Card::Harvest => tr("Income +1 Denier per Village of a Bishopric, cancels Famine."),
        Card::GoodWeather => tr("Cancels Heavy Rain in a Bishopric."),
        Card::Taxes => tr("A titled Lord raises Tallage on a Fief or Tithe on a Bishopric."),
        Card::Uprising => tr("Peasants rise against the Troops in a Village."),
        Card::SecretPassage => {
            tr("Move without permission, ignore fortifications, or escape a trap.")
        }
        Card::Assassination => tr("An assassin kills a Lord (a die roll decides)."),
        Card::Justice => tr("Releases a captive Lord without ransom."),
        Card::Ambush => tr("In a battle, take a Lord of the other side captive."),
        Card::HeavyRain => tr("No Movement in the Bishopric this round."),
        Card::Famine => tr("No income from the Bishopric this round."),
        Card::Plague => tr("Troops in the Bishopric may die."),
    }
}

/// Cards named one after another ("Taxes and Uprising").
pub fn cards_list(cs: &[Card]) -> String {
    cs.iter()
        .map(|c| card_name(*c))
        .collect::<Vec<_>>()
        .join(&tr(" and "))
}

/// What a card lying on a Bishopric does there, for its tag's tooltip: "Heavy Rain on the
/// Bishopric of Sigy (5): no Movement in the Bishopric this round (2.3.1)."
pub fn card_tag_tooltip(g: &Game, b: fief::map::BishopricId, c: Card) -> String {
    let section = match c {
        Card::HeavyRain => "2.3.1",
        Card::Famine => "2.3.2",
        Card::Plague => "2.3.3",
        Card::Harvest => "2.4.2",
        Card::GoodWeather => "2.4.3",
        _ => "",
    };
    trf(
        "{card} on the {bishopric}: {effect} (rule {s})",
        &[
            ("card", &card_name(c)),
            ("bishopric", &bishopric(g, b)),
            ("effect", &card_effect(c)),
            ("s", section),
        ],
    )
}
