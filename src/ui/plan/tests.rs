//! Tests of the plan: every legal action of played games reached by clicks, the clicks on Villages, the cards' selections, the Move composer's warnings (pure: no display needed).

use super::clicks::*;
use super::moves::*;
use fief::rules::{Action, Card, Game, MoveHow, Options};

/// Every action reachable by clicks from `legal`, following the rules of this module.
fn reachable(g: &Game, legal: &[Action]) -> Vec<Action> {
    let mut out = listed(g, legal, &Selection::None);
    let mut sels = vec![Selection::None];
    for c in playable_cards(legal) {
        sels.push(Selection::Card(c));
        out.extend(listed(g, legal, &Selection::Card(c)));
    }
    for sel in sels {
        for v in highlights(g, legal, &sel) {
            match click(g, legal, &sel, v) {
                Click::Apply(a) => out.push(a),
                Click::Select(s) => {
                    out.extend(listed(g, legal, &s));
                    for w in highlights(g, legal, &s) {
                        if let Click::Select(Selection::MoveTo(from, to)) = click(g, legal, &s, w) {
                            // The composer may produce any Move within its options.
                            for a in legal {
                                if let Action::Move(m) = a {
                                    if m.to != to || move_from(g, m) != Some(from) {
                                        continue;
                                    }
                                    let o = move_options(g, legal, from, to, &m.lords, m.how);
                                    assert!(m.maa <= o.max_maa && m.knights <= o.max_knights);
                                    let d = MoveDraft {
                                        to,
                                        lords: m.lords.to_vec(),
                                        maa: m.maa,
                                        knights: m.knights,
                                        captives: !m.captives.is_empty(),
                                        how: m.how,
                                    };
                                    if let Some(x) = draft_legal(g, legal, from, &d) {
                                        out.push(x);
                                        out.push(a.clone());
                                    }
                                }
                            }
                        }
                    }
                }
                Click::Ignore => panic!("a highlighted Village ignores the click"),
            }
        }
    }
    out
}

#[test]
fn every_legal_action_can_be_reached_by_clicks() {
    for seed in 1..6 {
        // The last games are played with every optional rule (relics among them).
        let all = seed >= 4;
        let options = Options {
            seed,
            relics: all,
            fog_of_war: all,
            open_diplomacy: all,
            hidden_money: all,
            gentle_start: all,
            ..Options::default()
        };
        let mut steps = 0;
        crate::ui::play_until_with(options, fief::bots::Level::Normal, 1500, |g, p| {
            let legal = g.legal_actions(p);
            let reached = reachable(g, &legal);
            for a in &legal {
                if matches!(a, Action::Vote { .. }) {
                    continue; // the election dialog offers every ballot
                }
                assert!(
                    reached.contains(a),
                    "cannot reach {a:?} in {}",
                    g.phase_name()
                );
            }
            steps += 1;
            false
        });
        assert!(steps > 100);
    }
}

#[test]
fn clicking_a_start_village_applies_it_and_others_are_ignored() {
    let g = Game::new(Options::default()).unwrap();
    let p = g.to_act().unwrap();
    let legal = g.legal_actions(p);
    let hl = highlights(&g, &legal, &Selection::None);
    assert!(!hl.is_empty());
    assert_eq!(
        click(&g, &legal, &Selection::None, hl[0]),
        Click::Apply(Action::ChooseStart(hl[0]))
    );
}

#[test]
fn a_lone_lord_moving_beside_an_army_is_foreseen_captured() {
    // FAQ 6.0: Grady's Beaudoin, alone, goes to Charolles where David has Troops and
    // Jeanne: he is captured on arrival. With a Man-at-Arms he is not.
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "Grady",
            "phase": "movement",
            "villages": {
                "charolles": {"troops": {"David": [2, 0]}, "controller": "David"},
                "blaye": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                {"name": "Jeanne", "owner": "David", "village": "charolles"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        },
        "script": [],
    });
    let g = fief::scenario::run(&sc.to_string()).unwrap().game;
    let legal = g.legal_actions(0);
    let (blaye, charolles) = (
        g.map.find_village("blaye").unwrap(),
        g.map.find_village("charolles").unwrap(),
    );
    let beaudoin = g.lords.iter().find(|l| l.owner == 0).unwrap().id;
    let mut d = MoveDraft {
        to: charolles,
        lords: vec![beaudoin],
        maa: 0,
        knights: 0,
        captives: false,
        how: MoveHow::Normal,
    };
    let alone = draft_legal(&g, &legal, blaye, &d).expect("a legal Move alone");
    assert_eq!(captured_on_arrival(&g, 0, &alone), vec![beaudoin]);
    d.maa = 1;
    let guarded = draft_legal(&g, &legal, blaye, &d).expect("a legal Move with a MaA");
    assert!(captured_on_arrival(&g, 0, &guarded).is_empty());
}

#[test]
fn handing_over_a_village_takes_its_own_button() {
    // 5.1: the only action at a lit Village is handing it to another player; the click
    // selects the Village, and the hand-over is a button of the selection.
    let g = Game::new(Options::default()).unwrap();
    let hand = Action::HandControl { village: 3, to: 1 };
    let legal = vec![hand.clone(), Action::EndMovement];
    assert!(highlights(&g, &legal, &Selection::None).contains(&3));
    let sel = Selection::Village(3);
    assert_eq!(
        click(&g, &legal, &Selection::None, 3),
        Click::Select(sel.clone())
    );
    assert_eq!(listed(&g, &legal, &sel), vec![hand]);
}

#[test]
fn a_card_selection_lights_up_its_villages() {
    // Play Cards with a Lord card in hand: the card lights up the player's Villages, and
    // playing a Lord is never offered through a Village alone.
    let found = crate::ui::play_until(fief::bots::Level::Normal, 0, 3000, |g, p| {
        let legal = g.legal_actions(p);
        let Some(Action::PlayLord { lord, village, .. }) = legal
            .iter()
            .find(|a| matches!(a, Action::PlayLord { .. }))
            .cloned()
        else {
            return false;
        };
        let sel = Selection::Card(Card::Lord(lord));
        assert!(highlights(g, &legal, &sel).contains(&village));
        assert!(!highlights(g, &legal, &Selection::None).iter().any(|v| {
            listed(g, &legal, &Selection::Village(*v))
                .iter()
                .any(|a| matches!(a, Action::PlayLord { .. }))
        }));
        true
    });
    assert!(found, "no Lord card was ever playable");
}

#[test]
fn the_composer_offers_the_same_troops_whatever_order_the_lords_are_ticked_in() {
    // Two Lords in Blaye with 4 Men-at-Arms and 2 Knights: ticked in either order, they may
    // take them all (a Lord ticked again comes last in the draft; the engine lists each army
    // once, in its own order). Unticked, the counts are held by the engine's rule.
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "Grady",
            "phase": "movement",
            "villages": {
                "blaye": {"troops": {"Grady": [4, 2]}},
                "tournus": {"troops": {"David": [1, 0]}},
                "bourg": {"troops": {"Kirsten": [1, 0]}},
                "semur": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                {"name": "Guillaume", "owner": "Grady", "village": "blaye"},
                {"name": "Charles", "owner": "David", "village": "tournus"},
                {"name": "Eric", "owner": "Kirsten", "village": "bourg"},
                {"name": "Raoul", "owner": "Gunter", "village": "semur"},
            ],
        },
        "script": [],
    });
    let g = fief::scenario::run(&sc.to_string()).unwrap().game;
    let legal = g.legal_actions(0);
    let (blaye, montrevel) = (
        g.map.find_village("blaye").unwrap(),
        g.map.find_village("montrevel").unwrap(),
    );
    let lords: Vec<_> = g
        .lords
        .iter()
        .filter(|l| l.owner == 0)
        .map(|l| l.id)
        .collect();
    for order in [vec![lords[0], lords[1]], vec![lords[1], lords[0]]] {
        let o = move_options(&g, &legal, blaye, montrevel, &order, MoveHow::Normal);
        assert_eq!((o.max_maa, o.max_knights), (4, 2), "{order:?}");
    }
    let none = move_options(&g, &legal, blaye, montrevel, &[], MoveHow::Normal);
    assert_eq!((none.max_maa, none.max_knights), (0, 0));
    assert_eq!((none.road_maa, none.road_knights), (4, 2));
    let d = MoveDraft {
        to: montrevel,
        lords: Vec::new(),
        maa: 0,
        knights: 0,
        captives: false,
        how: MoveHow::Normal,
    };
    let e = more_refused(&g, 0, blaye, &d, false, 0).unwrap_err();
    assert_eq!(e.section, "5.0");
    assert!(
        e.reason().contains("Troops move only with a Lord"),
        "{}",
        e.reason()
    );
}

#[test]
fn an_army_splits_in_half_or_leaves_one_behind() {
    assert_eq!(split(4, 2, true), Some((2, 1)));
    // Both odd: the Man-at-Arms rounds up, so that one of two Troops goes.
    assert_eq!(split(1, 1, true), Some((1, 0)));
    assert_eq!(split(3, 3, true), Some((2, 1)));
    assert_eq!(split(0, 3, true), Some((0, 1)));
    assert_eq!(split(1, 0, true), None);
    assert_eq!(split(4, 2, false), Some((3, 2)));
    assert_eq!(split(0, 2, false), Some((0, 1)));
    assert_eq!(split(0, 0, false), None);
}
