//! Each card's words against what the engine does when the card is in play: the text on the
//! card and its tooltip must promise what happens (2.3, 2.4, 9.0, 10.0), and where they name a
//! limit the engine must refuse what lies outside it. The games are small scenario positions
//! (docs/scenarios.md), some of them the rulebook cases of tests/scenarios; the words are the
//! English ones (no translation is loaded in tests). Pure: no display needed.

use super::*;
use serde_json::{json, Value};

/// The Fortune cards played in Phase 2 and the Disasters (2.3, 2.4).
mod fortune;
/// The Lord cards and the Opportunity cards (2.4.1, 9, 10).
mod opportunity;

/// A game at Blaye (Bishopric 1), David's Village with `mills` Mills and his Lord Thierry
/// with Troops: `lying` are the cards already on Bishopric 1, `hand` David's cards, `script`
/// what he plays (Play Cards when he plays something, else straight to Income).
pub(super) fn blaye(mills: u8, lying: &[&str], hand: &[&str], script: &[&str]) -> Value {
    let phase = if script.is_empty() {
        "income"
    } else {
        "play_cards"
    };
    let sc = json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "David",
            "phase": phase,
            "bishoprics": {"1": lying},
            "villages": {"blaye": {"troops": {"David": [2, 1]}, "mills": mills}},
            "lords": [{"name": "Thierry", "owner": "David", "village": "blaye"}],
            "players": {"David": {"money": 0, "hand": hand}}
        },
        "script": script.iter().map(|s| json!(["David", s])).collect::<Vec<_>>(),
    });
    let out = fief::scenario::run(&sc.to_string()).expect("a valid scenario");
    assert_eq!(out.error, None);
    fief::scenario::summary(&out.game)
}

/// David's Deniers after the Income phase.
pub(super) fn money(s: &Value) -> i64 {
    s["players"]["David"]["money"].as_i64().expect("money")
}

/// A scenario of tests/scenarios, as JSON to run as it is or to change.
pub(super) fn case(name: &str) -> Value {
    let path = format!("{}/tests/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("a scenario in JSON")
}

/// Runs a scenario whose script must be played through, every expectation it states holding;
/// its result.
pub(super) fn played(sc: &Value) -> Value {
    let out = fief::scenario::run(&sc.to_string()).expect("a valid scenario");
    assert_eq!(out.error, None, "{}", sc["description"]);
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    fief::scenario::summary(&out.game)
}

/// Runs a scenario whose last action must be refused: the engine's reason (its expectations
/// are not checked: the caller says what the refusal must be).
pub(super) fn refused(sc: &Value) -> String {
    let out = fief::scenario::run(&sc.to_string()).expect("a valid scenario");
    let (step, why) = out.error.expect("the last action is refused");
    assert_eq!(
        step,
        sc["script"].as_array().map_or(0, Vec::len),
        "refused too early: {why}"
    );
    why
}

/// Whether the result's log has a line containing `s`.
pub(super) fn logged(s: &Value, what: &str) -> bool {
    s["log"]
        .as_array()
        .expect("a log")
        .iter()
        .any(|l| l.as_str().is_some_and(|l| l.contains(what)))
}

/// Each card's entry in the table names a section of the in-app rulebook, the one titled with
/// the card's name (the Lord cards' is "Lord cards"), and a tooltip longer than its face.
#[test]
fn every_card_names_its_rule_and_says_more_in_its_tooltip() {
    let all = crate::ui::rulebook::sections::sections();
    let mut kinds: Vec<Card> = fief::rules::cards::lords_deck()
        .into_iter()
        .chain(fief::rules::cards::fortune_deck())
        .collect();
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds.len(), 18 + 13);
    for c in kinds {
        let t = card_text(c);
        let i = crate::ui::rulebook::sections::find(&all, t.section)
            .unwrap_or_else(|| panic!("{} cites {}", t.name, t.section));
        assert_eq!(all[i].number, t.section, "{}", t.name);
        if !matches!(c, Card::Lord(_)) {
            assert_eq!(all[i].title, t.name, "{}", t.section);
        }
        assert!(
            !t.short.is_empty() && t.tooltip.len() > t.short.len(),
            "{}",
            t.name
        );
        assert_eq!(card_name(c), t.name);
        assert_eq!(card_effect(c), t.short);
        assert!(card_tooltip(c).contains(t.tooltip) && card_tooltip(c).contains(t.section));
    }
}
