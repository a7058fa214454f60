//! The quick reference of the rules window: a round phase by phase, prices, strength and
//! dice, votes, titles and victory, with the figures taken from the engine itself.

use crate::ui::{tr, trf};
use fief::rules::battle::dice_for_sp;
use fief::rules::purchase::*;

/// The reference as (heading, lines) sections.
pub fn sections() -> Vec<(String, Vec<String>)> {
    let dice = |lo: u32, hi: Option<u32>| {
        let d = dice_for_sp(lo);
        match hi {
            Some(h) => crate::ui::trnf(
                "{lo}–{hi} SP: {n} die",
                "{lo}–{hi} SP: {n} dice",
                d,
                &[("lo", &lo.to_string()), ("hi", &h.to_string())],
            ),
            None => crate::ui::trnf(
                "{lo} SP or more: {n} die",
                "{lo} SP or more: {n} dice",
                d,
                &[("lo", &lo.to_string())],
            ),
        }
    };
    vec![
        (
            tr("A round, phase by phase"),
            vec![
                tr("1. Hear Ye (1.0): marriages are proposed, then Bishops, the Pope and the King are elected when their conditions are met."),
                tr("2. Cards (2.0): each player discards and draws up to 3 cards; Disasters on the track strike; Lords and Fortune cards are played."),
                tr("3. Income (3.0): Villages, Mills and taxes pay everyone at once."),
                tr("4. Purchase (4.0): ransoms first; then Troops, Mills, Strongholds, Fief Titles and the Biretta, in turn order."),
                tr("5. Movement (5.0): each player moves all his Lords; Troops move only with a Lord."),
                tr("6. Battles (6.0): attacks, then sieges; when every battle is over, Mills may be pillaged."),
                tr("7. End of round (7.0): Disasters leave the map, victory is checked, the First Player card passes on."),
            ],
        ),
        (
            tr("Prices (4.0)"),
            vec![
                trf("Man-at-Arms: {n} Denier", &[("n", &MAA_COST.to_string())]),
                trf("Knight: {n} Deniers", &[("n", &KNIGHT_COST.to_string())]),
                trf("Mill: {n} Deniers", &[("n", &MILL_COST.to_string())]),
                trf("Stronghold: {n} Deniers", &[("n", &STRONGHOLD_COST.to_string())]),
                tr("Fief Title: 4 (Barony), 6 (County) or 8 Deniers (Duchy)"),
                trf("The Biretta (a Cardinal): {n} Deniers", &[("n", &CARDINAL_COST.to_string())]),
                trf(
                    "At most {n} new Troops in one Village per round",
                    &[("n", &NEW_TROOPS_PER_VILLAGE.to_string())],
                ),
            ],
        ),
        (
            tr("Strength and dice (6.2)"),
            vec![
                tr("A Man-at-Arms is 1 SP, a Knight 3 SP, a male Lord 1 SP, a titled Lady 1 SP."),
                dice(1, Some(6)),
                dice(7, Some(12)),
                dice(13, None),
                tr("A Stronghold costs the attacker 1 die, a Fortified City 2; Siege Engines give them back."),
                tr("A hit kills a Man-at-Arms or a Lord; a Knight needs 3 hits."),
            ],
        ),
        (
            tr("Votes (1.3–1.8)"),
            vec![
                tr("Bishop of a Bishopric: 2 for its Principal Village, 1 per other Village held there, 2 per Bishop held since the round began, 3 per Cardinal, 3 for the Pope."),
                tr("Pope: 1 per Cardinal; more than half of the votes cast wins."),
                tr("King: 1 per titled Lord; at least 3 votes, including 2 Bishops, a Cardinal or the Pope."),
                tr("Only the FOR marker counts; the DECOY hides your choice."),
            ],
        ),
        (
            tr("Titles (1.2)"),
            vec![
                tr("Baron, Count, Duke (Fiefs of 2, 3, 4 Villages): 1 VP each; at most 2 per Lord."),
                tr("Bishop: elected; Tithes his Bishopric; 2 votes for Bishops, 1 for the King."),
                tr("Cardinal: a card or the Biretta; Tithes one Bishopric; votes for the Pope; 3 votes for Bishops."),
                tr("Pope: 1 VP; excommunicates, annuls, Tithes every Bishopric; 3 votes for Bishops."),
                tr("King: 1 VP; grants Fief Titles, Tallages an ungoverned Fief; immune to Justice."),
                tr("Queen: 2 Deniers each Income, no VP; Queen Regent when the King dies without heir."),
            ],
        ),
        (
            tr("Victory (7.0)"),
            vec![
                tr("1 VP per Fief Title, 1 for the King, 1 for the Pope."),
                tr("3 VP alone, or 4 VP for two families allied by marriage, win at the end of a round."),
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_takes_its_figures_from_the_engine() {
        let s = sections();
        let all: String = s
            .iter()
            .flat_map(|x| x.1.clone())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(all.contains("Stronghold: 10 Deniers"), "{all}");
        assert!(all.contains("7–12 SP: 2 dice"), "{all}");
        assert!(all.contains("13 SP or more: 3 dice"), "{all}");
    }
}
