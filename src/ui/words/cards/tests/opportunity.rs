//! The Lord cards and the Opportunity cards: each card's text against what the engine does
//! when it is played.

use super::*;
use serde_json::json;

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
        "foil Assassin or Ambush",
        "free Captives",
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
        text.contains("Another family's Lord dies on 1 to 3")
            && text.contains("your sponsoring Lord takes an Assassin marker"),
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
