//! `Game::window_only_plays` (ruling R-WINDOW-ONLY): the plays a reaction window offers that
//! no later decision of the player offers before the moment they are for.

use fief::rules::{Action, Game, PromptKind, WindowAt};
use serde_json::{json, Value};

const PLAYERS: [&str; 4] = ["Grady", "David", "Kirsten", "Gunter"];

/// Kirsten attacks Gunter at Charolles; David, with Troops and a Lord there, joins her side.
/// `hands`: the cards each player holds.
fn battle(hands: Value) -> Game {
    let sc = json!({
        "players": PLAYERS,
        "seed": 3,
        "position": {
            "first": "Grady",
            "phase": "battles",
            "villages": {
                "charolles": {
                    "troops": { "Gunter": [0, 2], "Kirsten": [0, 2], "David": [1, 0] },
                    "controller": "Gunter"
                }
            },
            "lords": [
                { "name": "Gauvain", "owner": "Gunter", "village": "charolles" },
                { "name": "Eric", "owner": "Kirsten", "village": "charolles" },
                { "name": "Quentin", "owner": "David", "village": "charolles" }
            ],
            "turn": "Kirsten",
            "players": hands
        },
        "script": [["Kirsten", "battle charolles gunter"], ["David", "side attack"]]
    });
    let out = fief::scenario::run(&sc.to_string()).expect("a valid position");
    assert!(out.error.is_none(), "{:?}", out.error);
    out.game
}

fn who(name: &str) -> u8 {
    PLAYERS.iter().position(|p| *p == name).unwrap() as u8
}

fn window_before_roll(g: &Game) -> bool {
    matches!(
        g.prompt().map(|p| p.kind),
        Some(PromptKind::Window {
            at: WindowAt::BattleRoll(_)
        })
    )
}

#[test]
fn an_ally_who_does_not_lead_his_side_has_only_the_window_for_his_ambush() {
    let g = battle(json!({ "David": { "hand": ["ambush"] } }));
    let david = who("David");
    assert!(window_before_roll(&g), "{:?}", g.prompt());
    assert_eq!(g.to_act(), Some(david));
    // Kirsten leads the attack (more Strength Points): David decides nothing before the roll.
    assert_ne!(g.side_leader(0), Some(david));
    let only = g.window_only_plays(david);
    assert!(!only.is_empty());
    assert!(only.iter().all(|a| matches!(a, Action::PlayAmbush(_))));
    let legal = g.legal_actions(david);
    assert!(only.iter().all(|a| legal.contains(a)), "{only:?} {legal:?}");
    // Nobody else is asked about it, and once he passed the window no longer waits on him.
    assert!(g.window_only_plays(who("Kirsten")).is_empty());
    let mut after = g.clone();
    after.apply(david, Action::Pass).unwrap();
    assert!(after.window_only_plays(david).is_empty());
}

#[test]
fn a_sides_leader_plays_his_ambush_at_his_own_choice_before_the_roll() {
    let g = battle(json!({ "Kirsten": { "hand": ["ambush"] } }));
    let kirsten = who("Kirsten");
    assert!(window_before_roll(&g), "{:?}", g.prompt());
    assert_eq!(g.to_act(), Some(kirsten));
    assert!(g.window_only_plays(kirsten).is_empty());
    // Passed, the window gives way to her choice as the attackers' leader, where the same
    // Ambush is offered (R-WINDOWS).
    let mut after = g.clone();
    after.apply(kirsten, Action::Pass).unwrap();
    assert!(matches!(
        after.prompt().map(|p| p.kind),
        Some(PromptKind::BattleChoice { side: 0, .. })
    ));
    assert!(after
        .legal_actions(kirsten)
        .iter()
        .any(|a| matches!(a, Action::PlayAmbush(_))));
}
