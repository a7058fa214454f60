//! The words of the cards, from one table (`card_text`): for each kind of card the rule it
//! comes from, its name, the line printed on its face in the hand and the longer text of its
//! tooltip. Also a list of cards, and the tooltip of a card laid on a Bishopric.

use super::names::{bishopric, lord};
use crate::ui::{tr, trf};
use fief::rules::events::n_;
use fief::rules::{Card, Game};

/// One kind of card's words, beside the rule section they come from.
pub struct CardText {
    /// The rule section that says what the card does ("2.4.2").
    pub section: &'static str,
    /// The name printed on the card.
    pub name: String,
    /// Its effect in a line, printed on the card face in the hand (the English msgid:
    /// translated where it is shown, so that asking a card's name translates nothing else).
    pub short: &'static str,
    /// The longer text of its tooltip: when it is played and what it does (a msgid too).
    pub tooltip: &'static str,
}

fn text(
    section: &'static str,
    name: String,
    short: &'static str,
    tooltip: &'static str,
) -> CardText {
    CardText {
        section,
        name,
        short,
        tooltip,
    }
}

/// Every kind of card's words: one arm per card, each beside its rule section. Each text is
/// checked against the engine playing the card in words/cards/tests.rs.
pub fn card_text(c: Card) -> CardText {
    match c {
        // 2.4.1
        Card::Lord(l) => text(
            "2.4.1",
            match fief::rules::cards::lord_sex(l) {
                fief::rules::Sex::Female => trf("Lady {name}", &[("name", &lord(l))]),
                fief::rules::Sex::Male => trf("Lord {name}", &[("name", &lord(l))]),
            },
            match fief::rules::cards::lord_sex(l) {
                fief::rules::Sex::Female => n_("A Lady joins your family (at most 4): in your fortress, beside your Lords, or your Village."),
                fief::rules::Sex::Male => n_("A Lord joins your family (at most 4): in your fortress, beside your Lords, or your Village."),
            },
            n_("Played only in the Play Cards step. The card's Lord joins your family, which holds at most 4 Lords, Captives included. The new Lord goes to the first of these that exists: a Stronghold or Fortified City you control; a Village where another of your Lords stands; a Village you control; an empty uncontrolled Village or one your ally controls. The new Lord may act at once."),
        ),
        // 9.2, 1.5
        Card::Cardinal => text(
            "9.2",
            tr("Cardinal"),
            n_("A Bishop becomes Cardinal (with the consent of a Pope of another family)."),
            n_("Played at any time (not in the Draw step) on a Bishop of any family who is neither a Cardinal yet nor excommunicated. He becomes a Cardinal at once: 3 votes more in Bishop elections, a vote for the Pope, a Tithe on any one governed Bishopric, and 3 Deniers to try to stop an Uprising anywhere. A Pope of another family must consent first; if he refuses, the card stays in your hand."),
        ),
        // 9.1
        Card::Darc => text(
            "9.1",
            tr("d'ARC"),
            n_("An unmarried Lady becomes d'ARC: 3 Moves, +1 Battle Die, +1 SP; she may never marry."),
            n_("Played at any time (not in the Draw step) on an unmarried Lady of any family, while nobody else is d'ARC. She has 3 Moves, and so have those travelling with her; her side rolls one more die in every battle; she counts 1 SP like a titled Lady; she may never marry. When she dies the card is discarded."),
        ),
        // 2.4.2
        Card::Harvest => text(
            "2.4.2",
            tr("Bountiful Harvest"),
            n_("Each Mill of a Bishopric: +1 Denier this round; or cancels a Famine there (not in Heavy Rain)."),
            n_("Played only in the Play Cards step, on a Bishopric without Heavy Rain. On a Famine it cancels the Famine, and both cards are discarded. Otherwise it stays there, and each Mill of the Bishopric earns 1 Denier more at Income this round, whoever owns it; a second Bountiful Harvest may not join it."),
        ),
        // 2.4.3
        Card::GoodWeather => text(
            "2.4.3",
            tr("Good Weather"),
            n_("Each Mill of a Bishopric: +1 Denier this round; or cancels Heavy Rain there (not in Famine)."),
            n_("Played only in the Play Cards step, on a Bishopric without Famine. On Heavy Rain it cancels the rain, and both cards are discarded. Otherwise it stays there, and each Mill of the Bishopric earns 1 Denier more at Income this round, whoever owns it; a second Good Weather may not join it."),
        ),
        // 2.4.4, 2.4.5, 2.4.6
        Card::Taxes => text(
            "2.4.4",
            tr("Taxes"),
            n_("Raise a Tallage (2 Deniers per Village of a Fief) or a Tithe (a Bishopric's Mill income)."),
            n_("Played only in the Play Cards step, in the name of one of your Lords (a Captive too), with one of your 3 Tax markers. Tallage: a Fief's Lord on his Fief, or the King (or Queen Regent) on one ungoverned Fief; at Income you receive 2 Deniers for each of its Villages, and their controllers still earn theirs. Tithe: a Bishop on his Bishopric, a Cardinal on one governed Bishopric, the Pope on all of them with one card; at Income you take the Mill income there instead of the Mills' owners (its Bishop first, then the first Cardinal, then the Pope). A taxed Fief or Bishopric may be struck by an Uprising."),
        ),
        // 10.1
        Card::Uprising => text(
            "10.1",
            tr("Uprising"),
            n_("1 die + 1 hit against the Troops in a Village taxed by another player or under Famine."),
            n_("Played at any time (not in the Draw step) on a Village of a Fief or Bishopric taxed by another player, or of a Bishopric under Famine. Others may add their own Uprisings; then the Bishop there (free, but he dies on 5–6) and each Cardinal (for 3 Deniers) may try to stop it on 1–4. The rebels roll 1 die per card, 1 less against a Stronghold and 2 less against a Fortified City unless a Secret Passage is played, and score 1 hit more per die rolled, on the Troops of the players who played no Uprising. If no Troops are left, every Lord there dies and the Village's Mills and any Stronghold burn."),
        ),
        // 10.2
        Card::SecretPassage => text(
            "10.2",
            tr("Secret Passage"),
            n_("Move unasked or in Heavy Rain, no fortress penalty, foil Assassin or Ambush, free Captives."),
            n_("Played at any time (not in the Draw step), then discarded. In movement: one Move of your army where someone's leave would be needed (out of a besieged Stronghold or City, through an occupied Village) or into, out of or within Heavy Rain. In a battle you attack: no penalty for a Stronghold or Fortified City; in an Uprising, none for the rebels. When an Assassination (before its roll) or an Ambush targets your Lord: it fails. Or any of your captive Lords escape without ransom."),
        ),
        // 10.3
        Card::Assassination => text(
            "10.3",
            tr("Assassination"),
            n_("Another family's Lord dies on 1 to 3; your sponsoring Lord takes an Assassin marker."),
            n_("Played at any time (not in the Draw step) on any Lord but your own: an ally's, a Captive, the King or the Pope too. Name one of your Lords as the sponsor: he takes an Assassin marker whatever happens, and Justice may then be played on him. The target's player may cancel it with a Secret Passage; otherwise a die is rolled and on 1 to 3 the target dies."),
        ),
        // 10.4
        Card::Justice => text(
            "10.4",
            tr("Justice"),
            n_("A Lord who carries an Assassin marker is executed (not the King, Queen, Crown Prince or Pope)."),
            n_("Played at any time (not in the Draw step) on a Lord of any family who carries an Assassin marker: he is executed at once. The King, the Queen, the Crown Prince and the Pope are immune."),
        ),
        // 10.5
        Card::Ambush => text(
            "10.5",
            tr("Ambush"),
            n_("In a battle with one of your Lords, capture an opposing Lord there (a Secret Passage foils it)."),
            n_("Played during a battle in which you take a side and have a free Lord in its Village: a free Lord of the other side there becomes your Captive, unless his player answers with a Secret Passage. If he was that player's last free Lord there, you decide whether the battle goes on."),
        ),
        // 2.3.1
        Card::HeavyRain => text(
            "2.3.1",
            tr("Heavy Rain"),
            n_("No movement into, out of or within the Bishopric, and no battle there, this round."),
            n_("A Disaster: placed on a Bishopric by a die after the Draw step (a 6 is a false alarm), until the end of the round. Nothing moves into, out of or within the Bishopric and no battle is fought there, Cavalcades included. Good Weather cancels it; Bountiful Harvest may not be played there. Uprisings ignore it, and a Secret Passage allows one Move."),
        ),
        // 2.3.2
        Card::Famine => text(
            "2.3.2",
            tr("Famine"),
            n_("The Mills of the Bishopric earn nothing this round; its Villages are open to Uprisings."),
            n_("A Disaster: placed on a Bishopric by a die after the Draw step (a 6 is a false alarm), until the end of the round. The Bishopric's Mills earn nothing at Income, and any player may raise an Uprising in its Villages. Bountiful Harvest cancels it; Good Weather may not be played there."),
        ),
        // 2.3.3
        Card::Plague => text(
            "2.3.3",
            tr("Plague"),
            n_("Each Lord in the Bishopric dies on 1–3 and each army loses half its Troops, newcomers too."),
            n_("A Disaster: placed on a Bishopric by a die after the Draw step (a 6 is a false alarm); it strikes at once. Each Lord there rolls a die, Captives too: on 1 to 3 he dies. In each Village each player's army loses half its Troops, rounded down, the owner choosing which; Siege Engines are spared. Until the end of the round a Lord entering the Bishopric rolls the same way, once, and Troops entering it lose half; Lords newly played there and Troops bought there are spared."),
        ),
    }
}

/// The name printed on a card.
pub fn card_name(c: Card) -> String {
    card_text(c).name
}

/// A card's effect in a line, as printed on the card face in the hand.
pub fn card_effect(c: Card) -> String {
    tr(card_text(c).short)
}

/// A card's tooltip in the hand: when it is played and what it does, and its rule.
pub fn card_tooltip(c: Card) -> String {
    let t = card_text(c);
    trf(
        "{text} (rule {s})",
        &[("text", &tr(t.tooltip)), ("s", t.section)],
    )
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
    let t = card_text(c);
    trf(
        "{card} on the {bishopric}: {effect} (rule {s})",
        &[
            ("card", &t.name),
            ("bishopric", &bishopric(g, b)),
            ("effect", &tr(t.short)),
            ("s", t.section),
        ],
    )
}

#[cfg(test)]
mod tests;
