//! The decisions a session takes for a human because his preferences ask for it
//! (src/session/for_him.rs): battles rolled to their end, casualties taken as the engine
//! proposes, reaction windows passed unless they give a play only they give.

use fief::bots::{Budget, Level};
use fief::rules::{Action, Game, PromptKind, WindowAt};
use fief::session::{fight_stop, Autosave, Next, Seat, Session, Settings};
use serde_json::{json, Value};
use std::time::Duration;

const PLAYERS: [&str; 4] = ["Grady", "David", "Kirsten", "Gunter"];

/// Kirsten attacks Gunter at Charolles; David, there too, may join a side.
fn battle(troops: Value, hands: Value, script: Value) -> Game {
    let sc = json!({
        "players": PLAYERS,
        "seed": 5,
        "position": {
            "first": "Grady",
            "phase": "battles",
            "villages": { "charolles": { "troops": troops, "controller": "Gunter" } },
            "lords": [
                { "name": "Gauvain", "owner": "Gunter", "village": "charolles" },
                { "name": "Eric", "owner": "Kirsten", "village": "charolles" },
                { "name": "Quentin", "owner": "David", "village": "charolles" }
            ],
            "turn": "Kirsten",
            "players": hands
        },
        "script": script
    });
    let out = fief::scenario::run(&sc.to_string()).expect("a valid position");
    assert!(out.error.is_none(), "{:?}", out.error);
    out.game
}

fn session(g: Game, human: u8, settings: Settings) -> Session {
    let seats = (0..4)
        .map(|p| {
            if p == human {
                Seat::Human
            } else {
                Seat::Bot(Level::Normal)
            }
        })
        .collect();
    Session::new(g, seats, settings, Autosave::Off).unwrap()
}

fn for_him() -> Settings {
    Settings {
        hard_budget: Budget::Iterations(4),
        skip_idle: true,
        roll_for_me: true,
        losses_for_me: true,
        ..Settings::default()
    }
}

/// Plays the bots until the human decides; his questions (a truce) answered "no".
fn to_human(s: &mut Session) -> Option<PromptKind> {
    for _ in 0..500 {
        match s.next_turn() {
            Next::Bot(req) => {
                s.answer(req.run(Duration::ZERO));
            }
            Next::Human(p) => {
                let kind = s.game().prompt()?.kind;
                if kind.is_question() {
                    s.submit(p, Action::Refuse).unwrap();
                    continue;
                }
                return Some(kind);
            }
            _ => return None,
        }
    }
    None
}

/// Gunter, human, holds Charolles with 6 Knights against Kirsten's 2 Men-at-Arms: the
/// battle is rolled to its end for him, his losses taken, without a decision of his.
#[test]
fn a_battle_won_comfortably_rolls_to_its_end_by_itself() {
    let g = battle(
        json!({ "Gunter": [0, 6], "Kirsten": [2, 0] }),
        json!({}),
        json!([["Kirsten", "battle charolles gunter"]]),
    );
    let gunter = 3;
    let mut s = session(g.clone(), gunter, for_him());
    let asked = to_human(&mut s);
    let g2 = s.game();
    // The battle is over before he is asked anything, or he is asked past it.
    assert!(
        g2.battle.is_none(),
        "asked {asked:?} in the battle: {:?}",
        g2.battle
    );
    assert!(g2
        .history
        .since(g.history.len())
        .any(|(p, a)| *p == gunter && *a == Action::Fight));
    // Without the preference, his first choice in the battle is his.
    let mut settings = for_him();
    settings.roll_for_me = false;
    let mut s = session(g, gunter, settings);
    assert!(matches!(
        to_human(&mut s),
        Some(PromptKind::BattleChoice { side: 1, .. })
    ));
}

/// Kirsten, human, attacks 6 Knights with 2 Men-at-Arms and her Lord: her first roll is
/// made for her (she saw the odds when she declared it); after it, the dice are left to
/// her once a stop holds (her Lord exposed, the odds against her), and the reason told.
#[test]
fn the_dice_are_left_to_him_when_the_odds_turn_or_a_lord_is_at_stake() {
    let g = battle(
        json!({ "Gunter": [0, 6], "Kirsten": [2, 0] }),
        json!({}),
        json!([]),
    );
    let kirsten = 2;
    let mut s = session(g, kirsten, for_him());
    s.submit(
        kirsten,
        Action::parse("battle charolles gunter", s.game()).unwrap(),
    )
    .unwrap();
    let asked = to_human(&mut s);
    let g = s.game().clone();
    let g = &g;
    if let Some(b) = &g.battle {
        // Asked in the battle: only where a stop holds, and never at her first roll.
        assert!(matches!(
            asked,
            Some(PromptKind::BattleChoice { side: 0, .. })
        ));
        assert!(b.rolls > 0);
        assert!(fight_stop(g, kirsten, 1.0).is_some());
        assert!(s.take_fight_stop().is_some(), "the reason is told");
    }
    // Her first roll was made for her: she declared the attack.
    assert!(g
        .history
        .iter()
        .any(|(p, a)| *p == kirsten && *a == Action::Fight));
}

/// David joins Kirsten's attack holding an Ambush: the window before the roll is the
/// only moment he can play it (he leads no side), so it waits on him; Kirsten, who leads
/// the attack, has her window passed and is asked at her own choice, where her Ambush is
/// offered beside the roll.
#[test]
fn a_window_waits_only_for_a_play_it_alone_gives() {
    let script = json!([
        ["Kirsten", "battle charolles gunter"],
        ["David", "side attack"]
    ]);
    let troops = json!({ "Gunter": [0, 2], "Kirsten": [0, 2], "David": [1, 0] });
    let g = battle(
        troops.clone(),
        json!({ "David": { "hand": ["ambush"] } }),
        script.clone(),
    );
    let mut s = session(g, 1, for_him());
    assert!(matches!(
        to_human(&mut s),
        Some(PromptKind::Window {
            at: WindowAt::BattleRoll(_)
        })
    ));
    let g = battle(troops, json!({ "Kirsten": { "hand": ["ambush"] } }), script);
    assert!(matches!(
        g.prompt().map(|p| p.kind),
        Some(PromptKind::Window { .. })
    ));
    let mut s = session(g, 2, for_him());
    assert!(matches!(
        to_human(&mut s),
        Some(PromptKind::BattleChoice { side: 0, .. })
    ));
    assert!(s.legal().iter().any(|a| matches!(a, Action::PlayAmbush(_))));
    // With the window passed, her card is still in her hand.
    assert!(s.game().players[2]
        .hand
        .contains(&fief::rules::Card::Ambush));
}

/// The stops the rolls made for a player leave him the dice for: no dice always; the odds
/// only once he is likelier to lose than to win by five points (a battle shown as "win
/// 35%, lose 35%" is not one that turned); a Lord exposed only when his loss is likely.
#[test]
fn only_a_stop_worth_it_leaves_him_the_dice() {
    use fief::session::{worth_asking, FightStop, LORD_RISK, ODDS_MARGIN};
    let g = battle(
        json!({ "Gunter": [0, 6], "Kirsten": [2, 0] }),
        json!({}),
        json!([["Kirsten", "battle charolles gunter"]]),
    );
    assert!(worth_asking(&g, 2, &FightStop::NoDice));
    let even = FightStop::OddsTurned {
        win: 0.35,
        lose: 0.352,
    };
    assert!(!worth_asking(&g, 2, &even));
    let turned = FightStop::OddsTurned {
        win: 0.30,
        lose: 0.30 + ODDS_MARGIN + 0.01,
    };
    assert!(worth_asking(&g, 2, &turned));
    // Kirsten's two Men-at-Arms against six Knights' dice: Eric's loss is likely.
    assert!(fief::session::lord_risk(&g, 2) >= LORD_RISK);
    assert!(worth_asking(&g, 2, &FightStop::LordsExposed));
    // Gunter's 18 hits of Knights against two Men-at-Arms' dice: his Lord is safe.
    assert!(fief::session::lord_risk(&g, 3) < LORD_RISK);
    assert!(!worth_asking(&g, 3, &FightStop::LordsExposed));
}
