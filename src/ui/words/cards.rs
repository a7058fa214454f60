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
        Card::Cardinal => tr("A Bishop becomes Cardinal (with the consent of a Pope of another family)."),
        Card::Darc => tr("An unmarried Lady becomes d'ARC: 3 Moves, +1 Battle Die, +1 SP; she may never marry."),
        Card::Harvest => tr("Each Mill of a Bishopric: +1 Denier this round; or cancels a Famine there (not in Heavy Rain)."),
        Card::GoodWeather => tr("Each Mill of a Bishopric: +1 Denier this round; or cancels Heavy Rain there (not in Famine)."),
        Card::Taxes => tr("A titled Lord raises Tallage on a Fief or Tithe on a Bishopric."),
        Card::Uprising => tr("Peasants rise against the Troops in a Village of a taxed Fief or Bishopric, or under Famine."),
        Card::SecretPassage => {
            tr("Move without permission, ignore fortifications, or escape a trap.")
        }
        Card::Assassination => tr("A Lord dies on a roll of 1 to 3; one of your Lords, the sponsor, takes an Assassin marker."),
        Card::Justice => tr("A Lord who carries an Assassin marker is executed (not the King, Queen, Crown Prince or Pope)."),
        Card::Ambush => tr("In a battle, take a Lord of the other side captive."),
        Card::HeavyRain => tr("No movement and no battle in the Bishopric this round."),
        Card::Famine => tr("The Mills of the Bishopric earn nothing this round."),
        Card::Plague => tr("Each Lord in the Bishopric dies on 1–3 and each army loses half its Troops, newcomers too."),
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

#[cfg(test)]
mod tests;
