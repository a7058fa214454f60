//! Random-play fuzzer: whole seeded games with random legal choices, invariants checked
//! after every action (anchor: Rally the Troops' fuzzer).

use fief::rules::rng::Rng;
use fief::rules::{Action, Card, Fort, Game, Options, Phase};

fn cards_in_game(g: &Game) -> (usize, usize) {
    let mut lords = g.lords_deck.len() + g.lords_discard.len() + g.lords.len();
    lords += g
        .titles
        .cardinals
        .iter()
        .filter(|c| c.1 == fief::rules::CardinalSource::Card)
        .count();
    lords += g.titles.darc.is_some() as usize;
    let mut fortune =
        g.fortune_deck.len() + g.fortune_discard.len() + g.track.iter().flatten().count();
    for bc in &g.bishopric_cards {
        fortune += [
            bc.harvest,
            bc.good_weather,
            bc.heavy_rain,
            bc.famine,
            bc.plague,
        ]
        .iter()
        .filter(|x| **x)
        .count();
    }
    for p in &g.players {
        lords += p.hand.iter().filter(|c| c.is_lords_deck()).count();
        fortune += p.hand.iter().filter(|c| !c.is_lords_deck()).count();
    }
    (lords, fortune)
}

fn check_invariants(g: &Game, context: &str) {
    if !g.is_over() {
        let p = g
            .to_act()
            .unwrap_or_else(|| panic!("{context}: nobody to act in {:?}", g.phase));
        assert!(
            !g.legal_actions(p).is_empty(),
            "{context}: dead end for player {p} in {:?}, pending {:?}",
            g.phase,
            g.pending
        );
    }
    for (i, p) in g.players.iter().enumerate() {
        let (maa, kn) = g.villages.iter().fold((0u32, 0u32), |a, v| {
            (
                a.0 + v.troops[i].maa as u32,
                a.1 + v.troops[i].knights as u32,
            )
        });
        assert_eq!(
            maa + p.stock_maa as u32,
            13,
            "{context}: MaA counters of player {i} do not add up"
        );
        assert_eq!(
            kn + p.stock_knights as u32,
            8,
            "{context}: Knight counters of player {i} do not add up"
        );
        assert!(p.hand.len() <= 3, "{context}: hand over the limit");
        assert!(
            p.hand.iter().all(|c| !c.is_disaster()),
            "{context}: a Disaster in a hand"
        );
        assert!(g.family(i as u8).count() <= 4, "{context}: family over 4");
    }
    if !matches!(g.phase, Phase::Setup { .. }) {
        assert_eq!(
            cards_in_game(g),
            (22, 35),
            "{context}: cards lost or duplicated"
        );
    }
    let mut mills = 0;
    for (v, vs) in g.villages.iter().enumerate() {
        assert!(vs.mills <= 2);
        mills += vs.mills;
        if g.occupied(v as u8) {
            assert!(
                vs.controller.is_some(),
                "{context}: occupied village {v} without controller"
            );
        }
    }
    assert!(mills <= 15);
    assert!(g.villages.iter().filter(|v| v.fort != Fort::None).count() <= 12);
    for l in &g.lords {
        assert!(g.fief_titles_of(l.id).len() <= 2);
    }
    for h in g.titles.fief.iter().flatten() {
        assert!(
            g.lord(*h).is_some(),
            "{context}: a title held by a Lord not in play"
        );
    }
}

/// Plays one game with random legal choices; returns it.
fn random_game(players: u8, seed: u64, round_cap: u16, check: bool) -> Game {
    let mut g = Game::new(Options {
        players,
        seed,
        round_cap: Some(round_cap),
        ..Options::default()
    })
    .unwrap();
    play_randomly(
        &mut g,
        seed.wrapping_mul(31).wrapping_add(7),
        check,
        &format!("seed {seed}"),
    );
    g
}

/// Plays `g` to its end with random legal choices drawn from their own generator.
fn play_randomly(g: &mut Game, chooser_seed: u64, check: bool, label: &str) {
    let mut chooser = Rng::new(chooser_seed);
    let mut steps = 0;
    while let Some(p) = g.to_act() {
        let legal = g.legal_actions(p);
        let a = legal[chooser.below(legal.len() as u32) as usize].clone();
        let context = format!(
            "{label}, step {steps}, {} plays {}",
            g.name(p),
            a.notation(g)
        );
        g.apply(p, a)
            .unwrap_or_else(|e| panic!("{context}: a legal action was refused: {e}"));
        if check {
            check_invariants(g, &context);
        }
        steps += 1;
        assert!(steps < 200_000, "{label}: the game does not end");
    }
}

#[test]
fn two_hundred_random_games_without_panic_or_dead_end() {
    for seed in 0..200u64 {
        let players = 3 + (seed % 4) as u8;
        let g = random_game(players, seed, 6, true);
        assert!(g.is_over());
        assert!(g.outcome.is_some());
    }
}

#[test]
fn same_seed_same_game() {
    let a = random_game(4, 7, 5, false);
    let b = random_game(4, 7, 5, false);
    assert_eq!(a.history, b.history);
    assert_eq!(a.log, b.log);
    let c = random_game(4, 8, 5, false);
    assert_ne!(a.log, c.log);
}

#[test]
fn replaying_the_history_reproduces_the_game() {
    let a = random_game(5, 21, 4, false);
    let mut b = Game::new(a.options.clone()).unwrap();
    for (p, action) in &a.history {
        b.apply(*p, action.clone()).unwrap();
    }
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::to_value(&b).unwrap()
    );
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut g = Game::new(Options {
        players: 4,
        seed: 5,
        ..Options::default()
    })
    .unwrap();
    let mut chooser = Rng::new(99);
    let probes = [
        Action::EndPurchase,
        Action::DrawLord,
        Action::BuyKnight(3),
        Action::Vote {
            for_lord: Some(0),
            decoy: None,
        },
        Action::PlayHarvest(2),
        Action::ChooseStart(200),
        Action::Accept,
        Action::Discard(Card::Plague),
    ];
    for _ in 0..3000 {
        let Some(p) = g.to_act() else { break };
        let before = serde_json::to_value(&g).unwrap();
        for probe in &probes {
            let legal = g.legal_actions(p);
            for who in 0..6u8 {
                if who == p && legal.contains(probe) {
                    continue;
                }
                let err = g
                    .apply(who, probe.clone())
                    .expect_err("an illegal action was accepted");
                assert!(!err.reason.is_empty());
            }
        }
        assert_eq!(
            before,
            serde_json::to_value(&g).unwrap(),
            "a refused action changed the state"
        );
        let legal = g.legal_actions(p);
        let a = legal[chooser.below(legal.len() as u32) as usize].clone();
        g.apply(p, a).unwrap();
    }
}

/// A developed position (whole Fiefs held, Bishoprics filled with villages, money to spend)
/// so that random play reaches elections, titles, the King, Cardinals, the Pope and taxes.
const RICH: &str = r#"{
 "players": ["Grady", "David", "Kirsten", "Gunter"],
 "position": {"first": "Grady", "phase": "marriage",
  "villages": {
   "louhans": {"troops": {"Grady": [2, 0]}}, "tournus": {"troops": {"Grady": [3, 1]}, "fort": "stronghold"}, "sennecey": {"troops": {"Grady": [1, 0]}},
   "romenay": {"troops": {"Grady": [1, 0]}}, "cuisery": {"troops": {"Grady": [1, 0]}}, "matour": {"troops": {"Grady": [1, 0]}},
   "st_medard": {"troops": {"David": [1, 0]}}, "marcigny": {"troops": {"David": [1, 0]}}, "semur": {"troops": {"David": [1, 0]}}, "bourg": {"troops": {"David": [3, 1]}, "fort": "stronghold"},
   "lugny": {"troops": {"David": [1, 0]}}, "salornay": {"troops": {"David": [1, 0]}},
   "lepervier": {"troops": {"Kirsten": [1, 0]}}, "st_paul": {"troops": {"Kirsten": [1, 0]}}, "sigy": {"troops": {"Kirsten": [3, 1]}, "fort": "stronghold"}, "st_ciers": {"troops": {"Kirsten": [1, 0]}},
   "beaujeu": {"troops": {"Gunter": [3, 1]}, "fort": "stronghold"}, "givry": {"troops": {"Gunter": [1, 0]}}, "st_gerome": {"troops": {"Gunter": [1, 0]}},
   "buxy": {"troops": {"Gunter": [1, 0]}}, "dompierre": {"troops": {"Gunter": [1, 0]}}, "trivy": {"troops": {"Gunter": [1, 0]}}, "pont_de_veyle": {"troops": {"Gunter": [1, 0]}}
  },
  "lords": [
   {"name": "Charles", "owner": "Grady", "village": "tournus"}, {"name": "Philippe", "owner": "Grady", "village": "tournus"},
   {"name": "Quentin", "owner": "David", "village": "bourg"}, {"name": "Jeanne", "owner": "David", "village": "bourg"},
   {"name": "Eric", "owner": "Kirsten", "village": "sigy"}, {"name": "Blanche", "owner": "Kirsten", "village": "sigy"},
   {"name": "Gauvain", "owner": "Gunter", "village": "beaujeu"}, {"name": "Mireille", "owner": "Gunter", "village": "beaujeu"}
  ],
  "players": {"Grady": {"money": 30}, "David": {"money": 30}, "Kirsten": {"money": 30}, "Gunter": {"money": 30}}
 }
}"#;

#[test]
fn random_games_from_a_developed_position() {
    let mut titles_seen = 0;
    for seed in 0..60u64 {
        let mut g = fief::scenario::run(RICH).unwrap().game;
        g.options.round_cap = Some(8);
        g.rng = Rng::new(seed);
        play_randomly(&mut g, seed + 1000, true, &format!("rich seed {seed}"));
        titles_seen +=
            g.titles.fief.iter().flatten().count() + g.titles.bishop.iter().flatten().count();
        assert!(g.is_over());
    }
    // The position is rich enough that titles are actually taken in random play.
    assert!(titles_seen > 60, "only {titles_seen} titles over 60 games");
}
