//! Each card's words against what the engine does when the card is in play: the text on the
//! card and its tooltip must promise what happens (2.3, 2.4, 9.0, 10.0), and where they name a
//! limit the engine must refuse what lies outside it. The games are small scenario positions
//! (docs/scenarios.md), some of them the rulebook cases of tests/scenarios; the words are the
//! English ones (no translation is loaded in tests). Pure: no display needed.

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

/// A scenario of tests/scenarios, as JSON to run as it is or to change.
fn case(name: &str) -> Value {
    let path = format!("{}/tests/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("a scenario in JSON")
}

/// Runs a scenario whose script must be played through, every expectation it states holding;
/// its result.
fn played(sc: &Value) -> Value {
    let out = fief::scenario::run(&sc.to_string()).expect("a valid scenario");
    assert_eq!(out.error, None, "{}", sc["description"]);
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    fief::scenario::summary(&out.game)
}

/// Runs a scenario whose last action must be refused: the engine's reason (its expectations
/// are not checked: the caller says what the refusal must be).
fn refused(sc: &Value) -> String {
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
fn logged(s: &Value, what: &str) -> bool {
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
        assert!(card_tooltip(c).contains(&t.tooltip) && card_tooltip(c).contains(t.section));
    }
}

/// 2.4.1: a Lord card adds the Lord to the family in the first placement its text names (a
/// Stronghold one controls before a Village with one's Lords), only in the Play Cards step,
/// and never a fifth Lord.
#[test]
fn a_lord_card_places_its_lord_as_its_text_says() {
    let philippe = fief::rules::cards::find_lord("Philippe").expect("Philippe");
    let text = card_effect(Card::Lord(philippe));
    assert!(
        text.contains("A Lord joins your family (at most 4)") && text.contains("in your fortress"),
        "{text}"
    );
    let tip = card_text(Card::Lord(philippe)).tooltip;
    assert!(tip.contains("only in the Play Cards step"), "{tip}");
    // Grady holds the Stronghold of Bourg and has Charles at Blaye: Philippe goes to Bourg.
    let mut sc = case("lord_placement_order");
    sc["script"] = json!([["Grady", "play-lord philippe bourg"]]);
    sc["expect_error"] = Value::Null;
    let s = played(&sc);
    assert_eq!(
        s["players"]["Grady"]["lords"],
        json!(["Charles", "Philippe"])
    );
    assert_eq!(s["lords"]["Philippe"]["village"], "bourg");
    // Not beside Charles while the fortress is there (the case as written).
    let why = refused(&case("lord_placement_order"));
    assert!(why.contains("first available placement"), "{why}");
    // Not a fifth Lord, a Captive counting.
    assert!(refused(&case("family_of_four")).contains("at most 4 Lords"));
    // Not outside the Play Cards step.
    let mut sc = case("lord_placement_order");
    sc["position"]["phase"] = json!("purchase");
    sc["script"] = json!([["Grady", "play-lord philippe bourg"]]);
    let why = refused(&sc);
    assert!(why.contains("not a purchase"), "{why}");
}

/// A Cardinal card's position: Grady's Philippe is Bishop of 2, David's Eric the Pope (and a
/// Cardinal), and Grady holds the card. `pope_owner` owns Eric.
fn cardinal_game(pope_owner: &str, script: Value) -> Value {
    json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "Grady",
            "phase": "play_cards",
            "villages": {
                "bourg": {"troops": {"Grady": [2, 1]}},
                "tournus": {"troops": {pope_owner: [2, 1]}}
            },
            "lords": [
                {"name": "Philippe", "owner": "Grady", "village": "bourg", "titles": ["bishop 2"]},
                {"name": "Eric", "owner": pope_owner, "village": "tournus",
                 "titles": ["bishop 4", "cardinal", "pope"]}
            ],
            "players": {"Grady": {"hand": ["cardinal"]}}
        },
        "script": script,
    })
}

/// 9.2, 1.5: a Cardinal card makes a Bishop a Cardinal, with the consent of a Pope of another
/// family as its text says (his refusal leaves the card in hand), without asking a Pope of
/// one's own; never a Lord who is not a Bishop.
#[test]
fn a_cardinal_card_needs_what_its_text_says() {
    let text = card_effect(Card::Cardinal);
    assert!(
        text.contains("A Bishop becomes Cardinal")
            && text.contains("consent of a Pope of another family"),
        "{text}"
    );
    // No Pope (the rulebook case): at once.
    let s = played(&case("t06_cardinal_by_card"));
    assert_eq!(s["titles"]["cardinals"], json!(["François"]));
    // David's Pope refuses: no Cardinal, the card kept.
    let s = played(&cardinal_game(
        "David",
        json!([["Grady", "play-cardinal philippe"], ["David", "refuse"]]),
    ));
    assert_eq!(s["titles"]["cardinals"], json!(["Eric"]));
    assert_eq!(s["players"]["Grady"]["hand"], json!(["cardinal"]));
    // He consents: Philippe is a Cardinal, the card spent.
    let s = played(&cardinal_game(
        "David",
        json!([["Grady", "play-cardinal philippe"], ["David", "accept"]]),
    ));
    assert!(s["lords"]["Philippe"]["titles"]
        .as_array()
        .unwrap()
        .contains(&json!("cardinal")));
    assert_eq!(s["players"]["Grady"]["hand"], json!([]));
    // Grady's own Pope is not asked.
    let s = played(&cardinal_game(
        "Grady",
        json!([["Grady", "play-cardinal philippe"]]),
    ));
    assert!(s["lords"]["Philippe"]["titles"]
        .as_array()
        .unwrap()
        .contains(&json!("cardinal")));
    // Only a Bishop.
    assert!(refused(&case("t06_cardinal_needs_a_bishop")).contains("not a Bishop"));
}

/// 9.1: d'ARC goes on an unmarried Lady, another player's too; she then has 3 Moves, her side
/// a die more (her 1 SP with 1 MaA makes 2 SP, 2 dice), and she may never marry; a married
/// Lady may not take it.
#[test]
fn darc_gives_what_its_text_says() {
    let text = card_effect(Card::Darc);
    for promise in [
        "An unmarried Lady",
        "3 Moves",
        "+1 Battle Die",
        "+1 SP",
        "never marry",
    ] {
        assert!(text.contains(promise), "{text}");
    }
    let s = played(&case("t37_darc_on_another_players_lady"));
    assert_eq!(s["lords"]["Mireille"]["titles"], json!(["darc"]));
    assert_eq!(s["titles"]["darc"], "Mireille");
    // 3 Moves, for those travelling with her too.
    played(&case("t37_darc_three_moves"));
    // One die more: 1 MaA and Mireille roll 2 dice (the case's expectation).
    played(&case("t37_darc_extra_die"));
    // Never marry afterwards.
    let sc = json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "Gunter",
            "phase": "marriage",
            "villages": {
                "blaye": {"troops": {"Grady": [1, 0]}},
                "beaujeu": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Mireille", "owner": "Grady", "village": "blaye", "titles": ["darc"]},
                {"name": "Gauvain", "owner": "Gunter", "village": "beaujeu"}
            ]
        },
        "script": [["Gunter", "propose gauvain mireille"]],
    });
    let why = refused(&sc);
    assert!(why.contains("may never marry"), "{why}");
    // Not on a married Lady.
    assert!(refused(&case("t37_darc_never_marries")).contains("unmarried Lady"));
}

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

/// An Uprising's position: David's Quentin and 2 MaA in Mazilles with its Mill (Bishopric 1),
/// Grady's card; `taxes` and `cards` say what lies there. Kirsten's Eric, at Tournus, is
/// the Bishop of 1 (asked whether he tries to stop it).
fn uprising_game(taxes: Value, cards: &[&str], script: Value) -> Value {
    json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "Grady",
            "phase": "income",
            "villages": {
                "mazilles": {"troops": {"David": [2, 0]}, "mills": 1},
                "blaye": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}}
            },
            "lords": [
                {"name": "Quentin", "owner": "David", "village": "mazilles"},
                {"name": "Philippe", "owner": "Grady", "village": "blaye"},
                {"name": "Eric", "owner": "Kirsten", "village": "tournus", "titles": ["bishop 1"]}
            ],
            "players": {"Grady": {"hand": ["uprising"]}},
            "bishoprics": {"1": cards},
            "taxes": taxes
        },
        "dice": [1],
        "script": script,
    })
}

/// 10.1: an Uprising in a Village taxed by another player, or under Famine, hits the Troops
/// with 1 die + 1 hit (a roll of 1: 2 hits, David's 2 MaA); with none left, the Lord there
/// dies and the Mill burns. Not on the strength of one's own tax, nor without grounds.
#[test]
fn an_uprising_hits_as_its_text_says() {
    let text = card_effect(Card::Uprising);
    assert!(
        text.contains("1 die + 1 hit")
            && text.contains("taxed by another player")
            && text.contains("Famine"),
        "{text}"
    );
    let tip = card_text(Card::Uprising).tooltip;
    assert!(
        tip.contains("every Lord there dies") && tip.contains("Mills and any Stronghold burn"),
        "{tip}"
    );
    let kirstens_tithe = json!([{"player": "Kirsten", "lord": "Eric", "tithe": 1}]);
    let script = json!([["Grady", "uprising mazilles"], ["Kirsten", "pass"]]);
    for (taxes, cards) in [(kirstens_tithe, &[][..]), (json!([]), &["famine"][..])] {
        let s = played(&uprising_game(taxes, cards, script.clone()));
        assert!(logged(&s, "rolls 1 die for 2 hits"), "{}", s["log"]);
        assert_eq!(s["villages"]["mazilles"]["troops"], json!({}));
        assert_eq!(s["players"]["David"]["lords"], json!([]));
        assert_eq!(s["villages"]["mazilles"]["mills"], 0);
    }
    // Grady's own Tithe is no ground for him (the rulebook case).
    let why = refused(&case("t38_no_uprising_on_own_tithe"));
    assert!(why.contains("you raised yourself"), "{why}");
    // No tax and no Famine: none.
    let why = refused(&uprising_game(
        json!([]),
        &[],
        json!([["Grady", "uprising mazilles"]]),
    ));
    assert!(why.contains("needs a taxed Fief or Bishopric"), "{why}");
}

/// 10.2: a Secret Passage does each thing its text lists: a Move without asking and one in
/// Heavy Rain (10.2.1), an attack with no fortification penalty (10.2.2), an Assassination
/// foiled and Captives escaping (10.2.3); on an open road it is not spent.
#[test]
fn a_secret_passage_does_what_its_text_lists() {
    let text = card_effect(Card::SecretPassage);
    for promise in [
        "Move unasked",
        "in Heavy Rain",
        "no fortress penalty",
        "foil an Assassination or Ambush",
        "your Captives escape",
    ] {
        assert!(text.contains(promise), "{text}");
    }
    // Through David's Charolles without asking; into and out of Heavy Rain.
    let s = played(&case("secret_passage_in_movement"));
    assert_eq!(s["lords"]["Beaudoin"]["village"], "lepervier");
    let rain = case("heavy_rain_secret_passage");
    let s = played(&rain);
    assert_eq!(s["lords"]["Beaudoin"]["village"], "charolles");
    // Against the Stronghold, Kirsten's 5 SP roll 1 die instead of none.
    let s = played(&case("t41_secret_passage_against_a_stronghold"));
    assert!(logged(&s, "Kirsten rolls 1 die"), "{}", s["log"]);
    // The Assassination fails though its die shows 1.
    let s = played(&case("assassination_cancelled_by_secret_passage"));
    assert_eq!(s["players"]["David"]["lords"], json!(["Quentin"]));
    // David's captive Quentin escapes home, without ransom.
    let s = played(&case("secret_passage_escape"));
    assert_eq!(s["lords"]["Quentin"]["captor"], Value::Null);
    // An open road needs no passage: refused, the card kept.
    let mut sc = rain;
    sc["position"]["bishoprics"] = json!({});
    sc["expect"] = json!([]);
    let why = refused(&sc);
    assert!(why.contains("this road is open"), "{why}");
}

/// 10.3: the target dies on a roll of 1 to 3 and lives on 4 to 6, and the sponsor takes the
/// Assassin marker either way; never one's own Lord.
#[test]
fn an_assassination_kills_on_the_rolls_its_text_names() {
    let text = card_effect(Card::Assassination);
    assert!(
        text.contains("Another family's Lord dies on a roll of 1 to 3")
            && text.contains("the sponsor, takes an Assassin marker"),
        "{text}"
    );
    for roll in 1..=6 {
        let mut sc = case("assassination");
        sc["dice"] = json!([roll]);
        sc["expect"] = json!([]);
        let s = played(&sc);
        let dead = s["players"]["David"]["lords"] == json!([]);
        assert_eq!(dead, roll <= 3, "roll {roll}");
        assert_eq!(s["lords"]["Philippe"]["assassin"], true, "roll {roll}");
    }
    let why = refused(&case("assassination_never_own_lord"));
    assert!(why.contains("never target your own"), "{why}");
}

/// 10.4: Justice executes a Lord with an Assassin marker (his card discarded); the King and
/// the Pope its text names are immune, and a Lord without the marker may not be its target.
#[test]
fn justice_executes_whom_its_text_says() {
    let text = card_effect(Card::Justice);
    assert!(
        text.contains("carries an Assassin marker is executed")
            && text.contains("not the King, Queen, Crown Prince or Pope"),
        "{text}"
    );
    let s = played(&case("justice"));
    assert_eq!(s["players"]["David"]["lords"], json!([]));
    assert!(logged(&s, "Quentin is executed"), "{}", s["log"]);
    assert!(s["discards"]["lords"]
        .as_array()
        .unwrap()
        .contains(&json!("lord:quentin")));
    // The King (the case) and the Pope are immune.
    assert!(refused(&case("justice_immunity")).contains("immune to Justice"));
    let mut sc = case("justice_immunity");
    sc["position"]["lords"][1]["titles"] = json!(["bishop 2", "cardinal", "pope"]);
    assert!(refused(&sc).contains("immune to Justice"));
    // No marker, no Justice.
    let mut sc = case("justice");
    sc["position"]["lords"][1]["assassin"] = json!(false);
    sc["expect"] = json!([]);
    let why = refused(&sc);
    assert!(why.contains("Assassin marker"), "{why}");
}

/// 10.5: in a battle where her Lord stands, Kirsten's Ambush takes Gunter's Lord captive (the
/// rulebook case, where she lets the battle go on); his Secret Passage foils it, as the text
/// says; and outside a battle there is no Ambush.
#[test]
fn an_ambush_captures_as_its_text_says() {
    let text = card_effect(Card::Ambush);
    assert!(
        text.contains("In a battle with one of your Lords")
            && text.contains("capture an opposing Lord")
            && text.contains("a Secret Passage foils it"),
        "{text}"
    );
    let s = played(&case("ambush"));
    assert_eq!(s["lords"]["Gauvain"]["captor"], "Kirsten");
    // Gunter answers with a Secret Passage: Gauvain stays free, both cards are spent.
    let mut sc = case("ambush");
    sc["position"]["players"]["Gunter"] = json!({"hand": ["secret_passage"]});
    sc["script"] = json!([
        ["Kirsten", "battle charolles gunter"],
        ["Kirsten", "ambush gauvain"],
        ["Gunter", "passage cancel"]
    ]);
    sc["expect"] = json!([]);
    let s = played(&sc);
    assert_eq!(s["lords"]["Gauvain"]["captor"], Value::Null);
    assert_eq!(s["players"]["Gunter"]["hand"], json!([]));
    assert_eq!(s["players"]["Kirsten"]["hand"], json!([]));
    // Before the battle is declared: refused.
    let mut sc = case("ambush");
    sc["script"] = json!([["Kirsten", "ambush gauvain"]]);
    let why = refused(&sc);
    assert!(why.contains("during a battle"), "{why}");
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
