//! The Fortune cards of Phase 2 and the Disasters: each card's text against what the engine
//! does when it is played or strikes.

use super::*;
use serde_json::json;

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
    let text = card_effect(Card::Famine);
    assert!(
        text.contains("Mills of the Bishopric earn nothing"),
        "{text}"
    );
    // Its other promise, Uprisings there, is played in `an_uprising_hits_as_its_text_says`.
    assert!(text.contains("open to Uprisings"), "{text}");
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
    let text = card_effect(Card::HeavyRain);
    assert!(
        text.contains("No movement into, out of or within the Bishopric")
            && text.contains("no battle there"),
        "{text}"
    );
    let out = fief::scenario::run(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/heavy_rain_stops_movement.json"
    )))
    .unwrap();
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    let (_, why) = out.error.expect("the Move is refused");
    assert!(why.contains("Heavy Rain"), "{why}");
}

// ----- the other cards, each against a scenario that plays it -----

/// A Tithe's position at Blaye (Bishopric 1): David's Thierry, its Bishop, holds Blaye; Grady
/// holds Mazilles and its Mill; David plays `script`.
fn tithe_game(script: &[&str]) -> Value {
    json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "David",
            "phase": if script.is_empty() { "income" } else { "play_cards" },
            "villages": {
                "blaye": {"troops": {"David": [2, 1]}},
                "mazilles": {"troops": {"Grady": [1, 0]}, "mills": 1}
            },
            "lords": [
                {"name": "Thierry", "owner": "David", "village": "blaye", "titles": ["bishop 1"]},
                {"name": "Philippe", "owner": "Grady", "village": "mazilles"}
            ],
            "players": {
                "David": {"money": 0, "hand": ["taxes"]},
                "Grady": {"money": 0}
            }
        },
        "script": script.iter().map(|s| json!(["David", s])).collect::<Vec<_>>(),
    })
}

/// 2.4.4, 2.4.5, 2.4.6: a Tallage pays its taxer 2 Deniers for each Village of the Fief
/// (the King's on the ungoverned Duchy of Bourg, 4 Villages: 8), a Tithe takes the Mill
/// income of the Bishopric; a Lord without the title the text asks for may not raise one.
#[test]
fn taxes_pay_what_their_text_says() {
    let text = card_effect(Card::Taxes);
    assert!(
        text.contains("Tallage (2 Deniers per Village of a Fief)")
            && text.contains("Tithe (a Bishopric's Mill income)"),
        "{text}"
    );
    // Tallage: Kirsten's King on Bourg gets 8, and 1 for her own Village (the rulebook case).
    let royal = case("t14_royal_tallage");
    let s = played(&royal);
    assert_eq!(s["players"]["Kirsten"]["money"], 2 * 4 + 1);
    assert_eq!(
        s["players"]["Grady"]["money"], 3,
        "the controllers still earn"
    );
    // Tithe: the Mill's 2 Deniers go from Grady to David.
    let before = fief::scenario::summary(
        &fief::scenario::run(&tithe_game(&[]).to_string())
            .unwrap()
            .game,
    );
    let after = played(&tithe_game(&["tithe thierry 1"]));
    let gain = |p: &str| {
        after["players"][p]["money"].as_i64().unwrap()
            - before["players"][p]["money"].as_i64().unwrap()
    };
    assert_eq!((gain("David"), gain("Grady")), (2, -2));
    // Without the title: Charles, no longer King, may not Tallage Bourg (Kirsten holds a
    // Harvest too, so that her Play Cards turn is not passed for want of a play).
    let mut sc = royal;
    sc["position"]["lords"][0]["titles"] = json!([]);
    sc["position"]["players"]["Kirsten"]["hand"] = json!(["taxes", "harvest"]);
    sc["expect"] = json!([]);
    let why = refused(&sc);
    assert!(
        why.contains("neither Lord of that Fief nor the King"),
        "{why}"
    );
    // Nor Thierry Tithe a Bishopric that is not his.
    let why = refused(&tithe_game(&["tithe thierry 2"]));
    assert!(why.contains("not the Bishop of Bishopric 2"), "{why}");
}

/// 2.3.3: when the Plague strikes, each Lord in its Bishopric dies on 1–3 (and lives on 4–6)
/// and each army loses half its Troops (5 counters lose 2); newcomers too: a Lord moving in
/// rolls and the Troops with him are halved; but a Lord newly played there does not roll.
#[test]
fn the_plague_strikes_as_its_text_says() {
    let text = card_effect(Card::Plague);
    assert!(
        text.contains("Each Lord in the Bishopric dies on 1–3")
            && text.contains("each army loses half its Troops")
            && text.contains("newcomers too"),
        "{text}"
    );
    // Track space 1 rolls 4: Bishopric 4, Gauvain in Cuisery with 3 MaA and 2 Knights.
    for roll in 1..=6 {
        let mut sc = case("t11_plague_kills_on_1_to_3");
        sc["dice"] = json!([4, roll]);
        sc["expect"] = json!([]);
        let s = played(&sc);
        let dead = s["players"]["Gunter"]["lords"] == json!([]);
        assert_eq!(dead, roll <= 3, "roll {roll}");
        let t = &s["villages"]["cuisery"]["troops"]["Gunter"];
        let left = t["maa"].as_u64().unwrap() + t["knights"].as_u64().unwrap();
        assert_eq!(left, 5 - 5 / 2, "roll {roll}");
    }
    // Newcomers: Beaudoin rolls 2 and dies, Quentin 5 and lives; 4 MaA come in as 2.
    played(&case("plague_on_entry"));
    // A Lord played from hand into the Plague's Bishopric does not roll (the die would kill).
    let sc = json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "Gunter",
            "phase": "play_cards",
            "villages": {"cuisery": {"troops": {"Gunter": [3, 2]}, "fort": "stronghold"}},
            "bishoprics": {"4": ["plague"]},
            "players": {"Gunter": {"hand": ["lord:quentin"]}}
        },
        "dice": [1],
        "script": [["Gunter", "play-lord quentin cuisery"]],
    });
    let s = played(&sc);
    assert_eq!(s["players"]["Gunter"]["lords"], json!(["Quentin"]));
    assert!(!logged(&s, "against the Plague"), "{}", s["log"]);
}
