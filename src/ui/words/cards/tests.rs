//! Each card's words against what the engine does when the card is in play: the text on the
//! card must promise what happens (2.3, 2.4). The games are small scenario positions; the
//! words are the English ones (no translation is loaded in tests). Pure: no display needed.

use super::*;
use serde_json::{json, Value};

/// A game at Blaye (Bishopric 1), David's Village with `mills` Mills and his Lord Thierry
/// with Troops: `lying` are the cards already on Bishopric 1, `hand` David's cards, `script`
/// what he plays (Play Cards when he plays something, else straight to Income).
fn blaye(mills: u8, lying: &[&str], hand: &[&str], script: &[&str]) -> Value {
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
fn money(s: &Value) -> i64 {
    s["players"]["David"]["money"].as_i64().expect("money")
}

/// 2.4.2 and 2.4.3: a Bountiful Harvest or Good Weather played on a Bishopric gives what its
/// text says, a Denier more for each Mill there, and nothing for the Village itself.
#[test]
fn the_harvest_and_good_weather_give_what_their_text_says() {
    for (card, key, verb) in [
        (Card::Harvest, "harvest", "harvest"),
        (Card::GoodWeather, "good_weather", "good-weather"),
    ] {
        let text = card_effect(card);
        assert!(
            text.contains("Each Mill") && text.contains("+1 Denier"),
            "{text}"
        );
        for mills in [1u8, 2] {
            let without = money(&blaye(mills, &[], &[], &[]));
            let with = money(&blaye(mills, &[], &[key], &[&format!("{verb} 1")]));
            assert_eq!(with - without, i64::from(mills), "{key} with {mills} Mills");
        }
    }
}

/// 2.4.2, 2.4.3: each cancels the Disaster its text names (both cards discarded, no bonus),
/// and may not be played on the one its text excludes.
#[test]
fn the_harvest_and_good_weather_cancel_and_avoid_what_their_text_names() {
    for (card, key, verb, cancels, barred) in [
        (
            Card::Harvest,
            "harvest",
            "harvest",
            Card::Famine,
            Card::HeavyRain,
        ),
        (
            Card::GoodWeather,
            "good_weather",
            "good-weather",
            Card::HeavyRain,
            Card::Famine,
        ),
    ] {
        let text = card_effect(card);
        assert!(
            text.contains(&card_name(cancels)) && text.contains("cancels"),
            "{text}"
        );
        assert!(
            text.contains(&format!("not in {}", card_name(barred))),
            "{text}"
        );
        let (cancels, barred) = (cancels.key(), barred.key());
        let (cancels, barred) = (cancels.as_str(), barred.as_str());
        let s = blaye(1, &[cancels], &[key], &[&format!("{verb} 1")]);
        assert_eq!(s["bishoprics"]["1"], json!([]), "{key} on {cancels}");
        let discards = s["discards"]["fortune"].to_string();
        assert!(
            discards.contains(cancels) && discards.contains(key),
            "{discards}"
        );
        let sc = json!({
            "players": ["Grady", "David", "Kirsten", "Gunter"],
            "position": {
                "first": "David",
                "phase": "play_cards",
                "bishoprics": {"1": [barred]},
                "villages": {"blaye": {"troops": {"David": [2, 1]}}},
                "lords": [{"name": "Thierry", "owner": "David", "village": "blaye"}],
                "players": {"David": {"hand": [key]}}
            },
            "script": [["David", format!("{verb} 1")]],
        });
        let out = fief::scenario::run(&sc.to_string()).unwrap();
        assert!(out.error.is_some(), "{key} played on {barred}");
    }
}

/// 2.3.2: under Famine the Mills earn nothing, as its text says, and the Village still pays.
#[test]
fn a_famine_stops_the_mills_income_only() {
    assert!(card_effect(Card::Famine).contains("Mills of the Bishopric earn nothing"));
    let plain = money(&blaye(2, &[], &[], &[]));
    let famine = money(&blaye(2, &["famine"], &[], &[]));
    let village_only = money(&blaye(0, &[], &[], &[]));
    assert!(plain > village_only);
    assert_eq!(famine, village_only);
}

/// 2.3.1: under Heavy Rain there is no movement, as its text says (the rulebook case of
/// tests/scenarios, whose Move is refused for the Heavy Rain).
#[test]
fn heavy_rain_stops_movement() {
    assert!(card_effect(Card::HeavyRain).contains("No movement and no battle"));
    let out = fief::scenario::run(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/heavy_rain_stops_movement.json"
    )))
    .unwrap();
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    let (_, why) = out.error.expect("the Move is refused");
    assert!(why.contains("Heavy Rain"), "{why}");
}
