//! The bots: the Normal heuristics' decisions in small positions, determinism, what a bot may
//! see, and a short arena run (no strength asserted here: `fief-cli arena` measures that).

use fief::arena::{self, play_game, ArenaConfig, Seat};
use fief::bots::{new_bot, Bot, Budget, Hard, Level, Normal};
use fief::rules::rng::Rng;
use fief::rules::{Action, Card, Game, MoveHow, Options, PlayerId};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;

/// The game after a scenario (docs/scenarios.md) built from `position` and `script`.
fn position(position: Value, script: Value) -> Game {
    let sc = json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": position,
        "script": script,
    });
    let out = fief::scenario::run(&sc.to_string()).expect("a valid position");
    assert!(out.error.is_none(), "{:?}", out.error);
    out.game
}

fn normal_choice(g: &Game) -> (PlayerId, Action) {
    let p = g.to_act().expect("someone must decide");
    let never = AtomicBool::new(false);
    let a = Normal::new(5)
        .choose(&g.bot_view(p), &never)
        .expect("a choice");
    assert!(g.legal_actions(p).contains(&a), "{a:?} is not legal");
    (p, a)
}

/// A Hard bot on a small, machine-independent budget.
fn small_hard(seed: u64, iterations: u32, playout_actions: u32) -> Hard {
    Hard::new(
        seed,
        fief::bots::ismcts::Settings {
            budget: Budget::Iterations(iterations),
            playout_actions,
            ..Default::default()
        },
    )
}

fn troops(who: &str, maa: u8, knights: u8) -> Value {
    json!({ "troops": { who: [maa, knights] } })
}

/// Blue's Quentin (King and Baron of Beaujeu, 2 VP, when `blue_titled`) proposes to Magenta's
/// Jeanne, who holds the titles of `magenta_fiefs`.
fn marriage_offer(blue_titled: bool, magenta_fiefs: &[&str]) -> Game {
    marriage_position(
        blue_titled,
        magenta_fiefs,
        json!([["David", "propose quentin jeanne"]]),
    )
}

/// The position of [`marriage_offer`] before anyone proposes, then `script`; David has 5 Deniers.
fn marriage_position(blue_titled: bool, magenta_fiefs: &[&str], script: Value) -> Game {
    let mut villages = serde_json::Map::new();
    for v in ["beaujeu", "givry"] {
        villages.insert(v.into(), troops("David", 1, 0));
    }
    villages.insert(
        "beaujeu".into(),
        json!({"troops": {"David": [1, 0]}, "fort": if blue_titled { "city" } else { "none" }}),
    );
    let fiefs: &[(&str, &[&str], &str)] = &[
        ("sigy", &["lepervier", "st_paul", "sigy"], "sigy"),
        ("tournus", &["louhans", "tournus", "sennecey"], "tournus"),
    ];
    for (f, vs, city) in fiefs {
        if magenta_fiefs.contains(f) {
            for v in *vs {
                let mut t = troops("Kirsten", 1, 0);
                if v == city {
                    t["fort"] = json!("city");
                }
                villages.insert((*v).into(), t);
            }
        }
    }
    villages.insert("bourg".into(), troops("Kirsten", 1, 0));
    villages.insert("tournus".into(), {
        let mut t = troops("Kirsten", 1, 0);
        if magenta_fiefs.contains(&"tournus") {
            t["fort"] = json!("city");
        }
        t
    });
    villages.insert("cuisery".into(), troops("Grady", 1, 0));
    villages.insert("trivy".into(), troops("Gunter", 1, 0));
    let jeanne_titles: Vec<String> = magenta_fiefs.iter().map(|f| format!("fief {f}")).collect();
    position(
        json!({
            "first": "David",
            "phase": "marriage",
            "players": {"David": {"money": 5}},
            "villages": villages,
            "lords": [
                {"name": "Quentin", "owner": "David", "village": "beaujeu",
                 "titles": if blue_titled { json!(["fief beaujeu", "king"]) } else { json!([]) }},
                {"name": "Jeanne", "owner": "Kirsten", "village": "bourg", "titles": jeanne_titles},
                {"name": "Thierry", "owner": "Grady", "village": "cuisery"},
                {"name": "Eric", "owner": "Gunter", "village": "trivy"},
            ],
        }),
        script,
    )
}

#[test]
fn normal_accepts_a_marriage_that_gives_its_alliance_four_vp() {
    let g = marriage_offer(true, &["sigy", "tournus"]);
    assert_eq!(g.vp(1), 2);
    assert_eq!(g.vp(2), 2);
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 2, "Kirsten answers");
    assert_eq!(a, Action::Accept);
}

#[test]
fn normal_refuses_a_marriage_that_only_helps_the_other_family() {
    // Kirsten alone (2 VP) needs 1 more; allied with an untitled family the two would need 2.
    let g = marriage_offer(false, &["sigy", "tournus"]);
    assert_eq!((g.vp(1), g.vp(2)), (0, 2));
    assert_eq!(normal_choice(&g), (2, Action::Refuse));
    // With 1 VP she needs 2 alone and 1 together with the King's family: she accepts.
    let g = marriage_offer(true, &["sigy"]);
    assert_eq!(normal_choice(&g), (2, Action::Accept));
}

/// Grady's Beaudoin goes from Blaye into David's Charolles with `grady` troops and asks to go
/// on to Lépervier, through David's Village (5.0).
fn passage(grady: (u8, u8), married: bool) -> Game {
    passage_for(grady, married, 0)
}

/// [`passage`], the second Move offering `toll` Deniers (Grady has 6).
fn passage_for(grady: (u8, u8), married: bool, toll: u8) -> Game {
    let second = format!(
        "move beaudoin lepervier maa={} knights={}{}",
        grady.0,
        grady.1,
        if toll > 0 {
            format!(" toll={toll}")
        } else {
            String::new()
        }
    );
    passage_script(grady, married, Some(second))
}

/// Beaudoin's Move into Charolles, then `second` if any.
fn passage_script(grady: (u8, u8), married: bool, second: Option<String>) -> Game {
    let mut beaudoin = json!({"name": "Beaudoin", "owner": "Grady", "village": "blaye"});
    let mut jeanne = json!({"name": "Jeanne", "owner": "David", "village": "charolles"});
    if married {
        beaudoin["spouse"] = json!("Jeanne");
        jeanne["spouse"] = json!("Beaudoin");
    }
    position(
        json!({
            "first": "Grady",
            "phase": "movement",
            "players": {"Grady": {"money": 6}},
            "villages": {
                "charolles": {"troops": {"David": [2, 0]}, "controller": "David"},
                "blaye": {"troops": {"Grady": [grady.0 + 1, grady.1]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                beaudoin, jeanne,
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        {
            let mut script = vec![json!([
                "Grady",
                format!(
                    "move beaudoin charolles maa={} knights={}",
                    grady.0, grady.1
                )
            ])];
            script.extend(second.map(|m| json!(["Grady", m])));
            Value::Array(script)
        },
    )
}

#[test]
fn normal_refuses_passage_to_a_stronger_rival() {
    let g = passage((8, 4), false);
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 1, "David is asked");
    assert_eq!(a, Action::Refuse);
}

#[test]
fn normal_lets_its_ally_pass() {
    let g = passage((8, 4), true);
    assert_eq!(normal_choice(&g), (1, Action::Accept));
}

#[test]
fn normal_votes_for_its_own_candidate() {
    // T05's Bishop of Sigy election: David votes with 3 votes and has Quentin standing.
    let g = position(
        json!({
            "first": "Grady",
            "phase": "elections",
            "villages": {
                "st_paul": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"David": [2, 1]}},
                "st_ciers": {"troops": {"Grady": [2, 0]}},
                "beaujeu": {"troops": {"Grady": [1, 0]}},
                "bourg": {"troops": {"Kirsten": [2, 1]}},
                "tournus": {"troops": {"Gunter": [2, 1]}},
            },
            "lords": [
                {"name": "François", "owner": "Grady", "village": "st_ciers"},
                {"name": "Quentin", "owner": "David", "village": "sigy"},
                {"name": "Charles", "owner": "Kirsten", "village": "bourg", "titles": ["bishop 2"]},
                {"name": "Blanche", "owner": "Gunter", "village": "tournus"},
            ],
        }),
        json!([
            ["Grady", "nominate francois"],
            ["David", "nominate quentin"],
            ["Grady", "vote for=francois decoy=-"],
        ]),
    );
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 1);
    let quentin = fief::rules::cards::find_lord("quentin");
    match a {
        Action::Vote { for_lord, .. } => assert_eq!(for_lord, quentin),
        other => panic!("expected a vote, got {other:?}"),
    }
}

/// Battles: Grady's Thierry with `maa` MaA stands in Beaujeu, held by David with 1 MaA and,
/// when `city`, as the Fortified City of his Barony.
fn attack(maa: u8, city: bool) -> Game {
    let mut beaujeu = json!({"troops": {"David": [1, 0], "Grady": [maa, 0]}, "controller": "David",
                             "entry": {"Grady": "st_paul"}});
    let mut quentin = json!({"name": "Quentin", "owner": "David", "village": "givry"});
    if city {
        beaujeu["fort"] = json!("city");
        quentin["titles"] = json!(["fief beaujeu"]);
    }
    position(
        json!({
            "first": "Grady",
            "phase": "battles",
            "villages": {
                "beaujeu": beaujeu,
                "givry": {"troops": {"David": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                {"name": "Thierry", "owner": "Grady", "village": "beaujeu"},
                quentin,
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        json!([]),
    )
}

#[test]
fn normal_does_not_attack_a_fortified_city_at_zero_dice() {
    // 5 SP roll one die; the Fortified City takes two away (6.2.1).
    let g = attack(4, true);
    let beaujeu = fief::map::Map::builtin().find_village("beaujeu").unwrap();
    let declare = Action::DeclareBattle {
        village: beaujeu,
        against: 1,
    };
    assert!(g.legal_actions(0).contains(&declare), "the attack is legal");
    // It lays a siege instead (6.4: the engine will cancel the penalty), or stops.
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 0);
    assert!(
        a == Action::EndBattles || a == Action::DeclareSiege(beaujeu),
        "{a:?}"
    );
    // In the open, 5 SP against 1 is worth a battle.
    let g = attack(4, false);
    assert_eq!(normal_choice(&g), (0, declare));
}

#[test]
fn the_same_seed_gives_the_same_choices() {
    let options = Options {
        players: 4,
        seed: 11,
        round_cap: Some(3),
        ..Options::default()
    };
    let run = || {
        let bots: Vec<Box<dyn Bot>> = vec![
            Box::new(small_hard(1, 6, 20)),
            new_bot(Level::Normal, 2, Budget::Iterations(1)),
            new_bot(Level::Easy, 3, Budget::Iterations(1)),
            new_bot(Level::Normal, 4, Budget::Iterations(1)),
        ];
        // The first 150 decisions (the Hard bot searches in each of its own), played
        // through a session as the app plays them.
        let g = Game::new(options.clone()).unwrap();
        let mut s = fief::session::Session::bots_only(g, bots).unwrap();
        s.play(150, |_| false).unwrap();
        s.game().history.clone()
    };
    let a = run();
    assert!(a.len() >= 100);
    let b = run();
    if let Some(i) = (0..a.len().min(b.len())).find(|&i| a[i] != b[i]) {
        panic!("choice {i} differs: {:?} against {:?}", a[i], b[i]);
    }
    assert_eq!(a, b);
}

#[test]
fn a_bot_sees_no_hidden_card() {
    // Two games that differ only in the cards an opponent holds and the deck's order give
    // the same view to player 0, and so the same sampled games and the same bot choices.
    let mut g = Game::new(Options {
        players: 4,
        seed: 5,
        ..Options::default()
    })
    .unwrap();
    let mut easy = new_bot(Level::Easy, 9, Budget::Iterations(1));
    while g.round < 2 || g.to_act() != Some(0) {
        let p = g.to_act().unwrap();
        fief::bots::bot_move(&mut g, p, easy.as_mut()).unwrap();
    }
    let mut h = g.clone();
    // Swap an opponent's hand with the top of the Fortune deck and reverse the decks.
    let others: Vec<Card> = std::mem::take(&mut h.players[2].hand).to_vec();
    let n = others.len();
    let mut taken: Vec<Card> = Vec::new();
    for c in others {
        if c.is_lords_deck() {
            h.lords_deck.push(c);
            taken.push(h.lords_deck.remove(0));
        } else {
            h.fortune_deck.push(c);
            let i = h
                .fortune_deck
                .iter()
                .position(|c| !c.is_disaster())
                .unwrap();
            taken.push(h.fortune_deck.remove(i));
        }
    }
    assert_eq!(taken.len(), n);
    h.players[2].hand = taken.into();
    h.fortune_deck.reverse();
    h.lords_deck.reverse();
    h.rng = Rng::new(12345);
    let (vg, vh) = (g.bot_view(0), h.bot_view(0));
    let (sg, sh) = (&vg.sample(&mut Rng::new(1)), &vh.sample(&mut Rng::new(1)));
    assert_eq!(sg.players[2].hand, sh.players[2].hand);
    assert_eq!(sg.fortune_deck, sh.fortune_deck);
    let never = AtomicBool::new(false);
    assert_eq!(
        Normal::new(3).choose(&vg, &never),
        Normal::new(3).choose(&vh, &never)
    );
    // And the sample keeps every count the view shows.
    for q in 0..4 {
        assert_eq!(sg.players[q].hand.len(), g.players[q].hand.len());
    }
    assert_eq!(sg.fortune_deck.len(), g.fortune_deck.len());
    assert_eq!(sg.lords_deck.len(), g.lords_deck.len());
}

#[test]
fn bots_only_games_end() {
    // Every level finishes a game (Hard on a small budget), with a result.
    let g = Game::new(Options {
        players: 4,
        seed: 21,
        round_cap: Some(4),
        ..Options::default()
    })
    .unwrap();
    let bots: Vec<Box<dyn Bot>> = vec![
        new_bot(Level::Easy, 1, Budget::Iterations(2)),
        new_bot(Level::Normal, 2, Budget::Iterations(2)),
        Box::new(small_hard(3, 3, 15)),
        new_bot(Level::Normal, 4, Budget::Iterations(2)),
    ];
    let (g, played) = play_game(g, bots);
    assert!(played.unwrap() > 100);
    assert!(g.outcome.is_some());
}

#[test]
fn a_short_arena_run() {
    let cfg = ArenaConfig {
        players: 4,
        levels: vec![
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Easy),
        ],
        games: 4,
        seed: 1,
        first: 0,
        round_cap: Some(30),
        hard: fief::bots::ismcts::Settings {
            budget: Budget::Iterations(1),
            ..Default::default()
        },
        jobs: 2,
    };
    let results = arena::run(&cfg, &|_| {});
    assert_eq!(results.len(), 4);
    assert!(results.iter().all(|r| r.error.is_none()));
    let stats = arena::stats(&results);
    let seat_games: u32 = stats.iter().map(|s| s.seat_games).sum();
    assert_eq!(seat_games, 16);
    let text = arena::report(&cfg, &results);
    assert!(text.contains("normal") && text.contains("95% CI"), "{text}");
    // Seats rotate: the Normal bot sat in every seat once.
    let seats: Vec<usize> = results
        .iter()
        .map(|r| {
            r.seats
                .iter()
                .position(|l| *l == Seat::Bot(Level::Normal))
                .unwrap()
        })
        .collect();
    assert_eq!(seats, vec![0, 3, 2, 1]);
    // Played in two parts (--first-game), the series is the same games.
    let part = |first: u32, games: u32| {
        let cfg = ArenaConfig {
            first,
            games,
            ..cfg.clone()
        };
        arena::run(&cfg, &|_| {})
    };
    let games = |rs: &[arena::GameResult]| -> Vec<_> {
        rs.iter()
            .map(|r| {
                (
                    r.index,
                    r.seed,
                    r.seats.clone(),
                    r.winners.clone(),
                    r.rounds,
                )
            })
            .collect()
    };
    let parts = [part(0, 1), part(1, 3)].concat();
    assert_eq!(games(&parts), games(&results));
}

#[test]
fn cancelling_stops_a_search() {
    let g = Game::new(Options {
        players: 4,
        seed: 2,
        ..Options::default()
    })
    .unwrap();
    let p = g.to_act().unwrap();
    let cancel = AtomicBool::new(true);
    let mut hard = Hard::new(
        1,
        fief::bots::ismcts::Settings {
            budget: Budget::Time(std::time::Duration::from_secs(3600)),
            ..Default::default()
        },
    );
    // Cancelled before it starts: each tree answers after its first iteration.
    let a = hard.choose(&g.bot_view(p), &cancel).unwrap();
    assert!(g.legal_actions(p).contains(&a));
    assert!(hard.last_trees >= 1);
    assert_eq!(hard.last_iterations as usize, hard.last_trees);
}

#[test]
fn hard_grows_the_same_trees_on_every_machine() {
    // Under an iteration budget, the number of trees, their seeds and their shares do not
    // depend on the cores: the same view gives the same choice, whatever the threads did.
    let g = Game::new(Options {
        players: 4,
        seed: 9,
        ..Options::default()
    })
    .unwrap();
    let p = g.to_act().unwrap();
    let view = g.bot_view(p);
    let never = AtomicBool::new(false);
    let choose = || {
        let mut hard = small_hard(4, 42, 20);
        let a = hard.choose(&view, &never).unwrap();
        (a, hard.last_trees, hard.last_iterations)
    };
    let first = choose();
    assert_eq!(
        (first.1, first.2),
        (fief::bots::ismcts::REPRODUCIBLE_TREES, 42)
    );
    for _ in 0..3 {
        assert_eq!(choose(), first);
    }
}

#[test]
fn hard_answers_a_decision_with_one_sensible_answer_without_searching() {
    // A step of the game with a single choice beside "any time" actions (Diplomacy offers,
    // cards): the Normal policy answers, and no tree is grown.
    let mut g = Game::new(Options {
        players: 4,
        seed: 5,
        ..Options::default()
    })
    .unwrap();
    let mut rng = Rng::new(1);
    let never = AtomicBool::new(false);
    let mut hard = small_hard(2, 50, 20);
    let mut seen = 0;
    while let Some(p) = g.to_act() {
        let legal = g.bot_actions(p);
        let steps = legal
            .iter()
            .filter(|a| !fief::rules::is_any_time_action(a))
            .count();
        if legal.len() > 1 && steps == 1 {
            let a = hard.choose(&g.bot_view(p), &never).unwrap();
            assert!(legal.contains(&a));
            assert_eq!((hard.last_trees, hard.last_iterations), (0, 0));
            seen += 1;
            if seen == 5 {
                return;
            }
        }
        let a = legal[rng.below(legal.len() as u32) as usize].clone();
        g.apply(p, a).unwrap();
    }
    panic!("only {seen} such decisions in a whole game");
}

#[test]
fn normal_buys_a_title_when_it_can() {
    // Grady holds both Villages of the Barony of Beaujeu, with a Stronghold in Beaujeu, and
    // has the 4 Deniers of its title (4.3): the title is a Victory Point.
    let g = position(
        json!({
            "first": "Grady",
            "phase": "purchase",
            "turn": "Grady",
            "players": {"Grady": {"money": 4}},
            "villages": {
                "beaujeu": {"troops": {"Grady": [2, 0]}, "fort": "stronghold"},
                "givry": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
                "sigy": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Thierry", "owner": "Grady", "village": "beaujeu"},
                {"name": "Quentin", "owner": "David", "village": "sigy"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        json!([]),
    );
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 0);
    assert!(matches!(a, Action::BuyTitle { .. }), "{a:?}");
}

#[test]
fn normal_bots_games_keep_every_invariant() {
    // Bots reach positions random play rarely does (titles, sieges, Kings); the engine's
    // invariants hold after every action of theirs too.
    for seed in 0..4u64 {
        let g = Game::new(Options {
            players: 3 + (seed % 4) as u8,
            seed: 500 + seed,
            round_cap: Some(20),
            ..Options::default()
        })
        .unwrap();
        let bots: Vec<Box<dyn Bot>> = (0..g.n())
            .map(|p| new_bot(Level::Normal, seed * 10 + p as u64, Budget::Iterations(1)))
            .collect();
        // Played through a session, as the app plays; the invariants are checked before
        // every decision and at the end.
        let mut s = fief::session::Session::bots_only(g, bots).unwrap();
        let check = |g: &Game| {
            if let Err(e) = fief::fuzz::check_invariants(g) {
                panic!("seed {}: {e}", 500 + seed);
            }
            false
        };
        let end = s.play(1_000_000, check).unwrap();
        assert_eq!(end, fief::session::Played::Over);
        check(s.game());
        assert!(s.game().outcome.is_some());
    }
}

#[test]
fn every_level_rides_on_after_a_victorious_cavalcade() {
    // T24: Beaudoin's Cavalcade won in Charolles and must go on (5.2): only Cavalcade Moves
    // are legal. Every bot answers with one of them.
    let text = std::fs::read_to_string(format!(
        "{}/tests/scenarios/t24_cavalcade_must_go_on.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut sc: Value = serde_json::from_str(&text).unwrap();
    sc["script"].as_array_mut().unwrap().pop();
    sc.as_object_mut().unwrap().remove("expect_error");
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    assert!(out.error.is_none(), "{:?}", out.error);
    let g = out.game;
    let legal = g.bot_actions(0);
    assert!(!legal.contains(&Action::EndMovement));
    assert!(legal.len() > 1);
    let never = AtomicBool::new(false);
    for mut bot in [
        new_bot(Level::Easy, 1, Budget::Iterations(1)),
        new_bot(Level::Normal, 1, Budget::Iterations(1)),
        Box::new(small_hard(1, 8, 20)) as Box<dyn Bot>,
    ] {
        let a = bot.choose(&g.bot_view(0), &never).unwrap();
        assert!(legal.contains(&a), "{:?} chose {a:?}", bot.level());
    }
}

/// An arena of `games` games around `seats`, stopped after round 41, and what each game
/// came to.
fn uncapped(seats: Vec<Seat>, games: u32) -> Vec<arena::GameResult> {
    let cfg = ArenaConfig {
        players: seats.len() as u8,
        levels: seats,
        games,
        seed: 1,
        first: 0,
        // A guard, not a cap: a game still going after round 40 has failed already.
        round_cap: Some(41),
        hard: fief::bots::ismcts::Settings {
            budget: Budget::Iterations(1),
            ..Default::default()
        },
        jobs: 2,
    };
    arena::run(&cfg, &|_| {})
}

#[test]
fn games_of_normal_bots_end_by_a_victory_without_a_round_cap() {
    // Issue 17: no stalemate of garrisons, allies who cannot complete a Fief, or families of
    // one Lord who may never hold a third title: every game is won, by round 40. The same
    // around a seat that ends every step at once (a human who hesitates).
    let normal = Seat::Bot(Level::Normal);
    for seats in [
        vec![normal; 4],
        vec![normal, normal, normal, Seat::Passive],
        vec![normal, normal, Seat::Passive],
    ] {
        for r in uncapped(seats.clone(), 100) {
            assert!(
                r.error.is_none(),
                "{seats:?} seed {}: {:?}",
                r.seed,
                r.error
            );
            assert!(
                !r.capped && !r.winners.is_empty() && r.rounds <= 40,
                "{seats:?} seed {}: {:?} after {} rounds",
                r.seed,
                r.reason,
                r.rounds
            );
        }
    }
}

#[test]
fn allies_gather_a_fief_in_the_hand_of_the_one_who_holds_more_of_it() {
    // The County of Sigy: Grady holds L'Épervier and St Paul, his ally David holds Sigy, where
    // Grady's Troops stand too. David hands Sigy over, so that Grady may take the title.
    let g = position(
        json!({
            "first": "David",
            "phase": "movement",
            "round": 14,
            "villages": {
                "lepervier": {"troops": {"Grady": [2, 0]}},
                "st_paul": {"troops": {"Grady": [1, 0]}, "fort": "stronghold"},
                "sigy": {"controller": "David", "troops": {"David": [1, 0], "Grady": [1, 0]},
                         "entry": {"Grady": "lepervier"}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "lepervier", "spouse": "Jeanne"},
                {"name": "Jeanne", "owner": "David", "village": "sigy", "spouse": "Beaudoin"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        json!([]),
    );
    let sigy = g.map.find_village("sigy").unwrap();
    assert_eq!(
        normal_choice(&g),
        (
            1,
            Action::HandControl {
                village: sigy,
                to: 0
            }
        )
    );
}

/// Four families of one Lord each, Grady's in Blaye with `grady` (MaA, Knights), the others
/// with one Man-at-Arms: `first` to play in `phase` of `round`, with `players`' details.
fn four_lords(first: &str, phase: &str, round: u16, grady: (u8, u8), players: Value) -> Game {
    position(
        json!({
            "first": first,
            "phase": phase,
            "round": round,
            "players": players,
            "villages": {
                "blaye": {"troops": {"Grady": [grady.0, grady.1]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
                "charolles": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                {"name": "Jeanne", "owner": "David", "village": "charolles"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        json!([]),
    )
}

#[test]
fn a_family_of_one_lord_makes_room_for_a_lord_card() {
    // 2.1, 4.3: one Lord holds two Fief titles at most; with a full hand, Grady discards his
    // least useful card so as to draw a Lord.
    let hand = json!({"Grady": {"hand": ["uprising", "harvest", "secret_passage"]}});
    let g = four_lords("Grady", "draw", 1, (2, 0), hand);
    assert_eq!(normal_choice(&g), (0, Action::Discard(Card::Harvest)));
}

#[test]
fn a_campaign_marches_on_a_village_its_army_can_take() {
    // Grady's Lord and 6 Knights in Blaye march one road nearer to a Village they can take,
    // leaving one Man-at-Arms to hold Blaye; before the campaigns' round, they do not.
    use fief::bots::heuristic::campaign::{campaign_move, CAMPAIGN_FROM};
    let at = |round: u16| four_lords("Grady", "movement", round, (1, 6), json!({}));
    let g = at(CAMPAIGN_FROM);
    let dist = fief::bots::eval::distances(&g);
    let legal = g.bot_actions(0);
    let Some(Action::Move(o)) = campaign_move(&g, 0, &legal, &dist) else {
        panic!("no campaign")
    };
    assert_eq!((o.maa, o.knights), (0, 6), "{o:?}");
    let blaye = g.map.find_village("blaye").unwrap() as usize;
    let nearer = (0..g.villages.len()).any(|v| {
        g.villages[v].controller.is_some_and(|c| c != 0) && dist[o.to as usize][v] < dist[blaye][v]
    });
    assert!(nearer, "{o:?} goes towards no one");
    let early = at(CAMPAIGN_FROM - 1);
    assert_eq!(campaign_move(&early, 0, &early.bot_actions(0), &dist), None);
}

/// The reason Normal gives for its answer now, in English.
fn normal_reason(g: &Game) -> String {
    let p = g.to_act().expect("someone must decide");
    let mut bot = Normal::new(5);
    bot.choose(&g.bot_view(p), &AtomicBool::new(false));
    bot.reason().expect("a reason").english()
}

#[test]
fn a_toll_buys_the_passage_a_rival_refuses_for_nothing() {
    // 5.0, 8.0: Grady is as far on as David and stronger: David lets him pass for 2 Deniers.
    let g = passage_for((8, 4), false, 1);
    assert_eq!(normal_choice(&g), (1, Action::Refuse));
    assert!(
        normal_reason(&g).contains("toll of 2 Deniers"),
        "{}",
        normal_reason(&g)
    );
    // Refused at 1 Denier, the request may be made again only for a higher toll.
    let mut refused = passage_for((8, 4), false, 1);
    refused.apply(1, Action::Refuse).unwrap();
    let ask = |toll: u8| {
        Action::parse(
            &format!("move beaudoin lepervier maa=8 knights=4 toll={toll}"),
            &refused,
        )
        .unwrap()
    };
    let legal = refused.legal_actions(0);
    assert!(!legal.contains(&ask(0)) && !legal.contains(&ask(1)));
    assert!(legal.contains(&ask(2)) && legal.contains(&ask(3)));
    let e = refused.check(0, &ask(1)).unwrap_err();
    assert!(e.to_string().contains("more than 1 Denier"), "{e}");
    let mut g = passage_for((8, 4), false, 2);
    let (p, a) = normal_choice(&g);
    assert_eq!((p, &a), (1, &Action::Accept));
    let (money, markers) = (g.players[1].money, g.players[1].diplomacy);
    g.apply(p, a).unwrap();
    assert_eq!(g.players[0].money, 4, "Grady paid the toll");
    assert_eq!(g.players[1].money, money + 2);
    assert_eq!(g.players[1].diplomacy, markers - 1, "taken with a marker");
    let beaudoin = g.lords.iter().find(|l| l.owner == 0).unwrap();
    assert_eq!(g.map.village_name(beaudoin.village), "L'Épervier");
}

#[test]
fn normal_offers_the_toll_its_host_would_take() {
    // Grady in Charolles: the plain Move on to Lépervier would be refused; Normal offers the
    // toll David takes, and nothing to an ally.
    for (married, want) in [(false, MoveHow::Toll(2)), (true, MoveHow::Normal)] {
        let g = passage_script((8, 4), married, None);
        let legal = g.bot_actions(0);
        let plain = legal
            .iter()
            .find(|a| {
                matches!(a, Action::Move(o) if o.how == MoveHow::Normal
                    && g.map.village_name(o.to) == "L'Épervier" && o.maa == 8 && o.knights == 4)
            })
            .expect("the plain Move is listed")
            .clone();
        let asked = fief::bots::bargain::with_toll(&g, 0, plain, &legal);
        match asked {
            Action::Move(o) => assert_eq!(o.how, want, "married: {married}"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_dowry_wins_a_marriage_refused_for_nothing() {
    // 1.1, 8.0: Kirsten (2 VP) gains nothing by an alliance with an untitled family, but a
    // dowry of 2 Deniers makes up for it; Normal David proposes with that dowry.
    let g = marriage_position(false, &["sigy", "tournus"], json!([]));
    assert_eq!(
        normal_choice(&g),
        (
            1,
            Action::ProposeMarriage {
                groom: fief::rules::cards::find_lord("quentin").unwrap(),
                bride: fief::rules::cards::find_lord("jeanne").unwrap(),
                dowry: 2
            }
        )
    );
    let mut g = marriage_position(
        false,
        &["sigy", "tournus"],
        json!([["David", "propose quentin jeanne dowry=2"]]),
    );
    assert_eq!(normal_choice(&g), (2, Action::Accept));
    assert!(normal_reason(&g).contains("dowry of 2 Deniers"));
    let before = g.players[2].money;
    g.apply(2, Action::Accept).unwrap();
    assert_eq!((g.players[1].money, g.players[2].money), (3, before + 2));
    assert_eq!(g.ally(1), Some(2));
    // Without the dowry she refuses, and says why.
    let g = marriage_offer(false, &["sigy", "tournus"]);
    assert!(
        normal_reason(&g).contains("against 1 alone"),
        "{}",
        normal_reason(&g)
    );
}

#[test]
fn normal_weighs_deals_by_their_worth_to_it_and_its_ally() {
    // 8.0: a rival asking for Deniers is refused; a gift is taken while a marker is worth
    // less than it, and refused with the last marker.
    let players = |grady_markers: u8| json!({"Grady": {"money": 9, "diplomacy": grady_markers}, "David": {"money": 9}});
    let mut g = four_lords("David", "movement", 1, (2, 0), players(3));
    g.apply(1, Action::parse("ask-deniers grady 2", &g).unwrap())
        .unwrap();
    assert_eq!(normal_choice(&g), (0, Action::Refuse));
    assert!(
        normal_reason(&g).contains("is a rival"),
        "{}",
        normal_reason(&g)
    );
    for (markers, want) in [(3, Action::Accept), (1, Action::Refuse)] {
        let mut g = four_lords("David", "movement", 1, (2, 0), players(markers));
        g.apply(1, Action::parse("give-deniers grady 1", &g).unwrap())
            .unwrap();
        assert_eq!(normal_choice(&g), (0, want), "with {markers} markers");
    }
}

#[test]
fn normal_takes_a_lower_ransom_only_from_who_cannot_pay() {
    // 6.2.4: Grady holds David's Jeanne (price 2). Paying in full is compulsory when David can:
    // a lower offer is then refused; when he cannot, half the price or more is taken.
    for (david_money, offer, want) in [(9, 1, Action::Refuse), (1, 1, Action::Accept)] {
        let g = position(
            json!({
                "first": "David",
                "phase": "purchase",
                "players": {"David": {"money": david_money}},
                "villages": {
                    "blaye": {"troops": {"Grady": [2, 0]}},
                    "tournus": {"troops": {"Kirsten": [1, 0]}},
                    "bourg": {"troops": {"Gunter": [1, 0]}},
                    "charolles": {"troops": {"David": [1, 0]}},
                },
                "lords": [
                    {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                    {"name": "Jeanne", "owner": "David", "village": "blaye", "captor": "Grady"},
                    {"name": "Quentin", "owner": "David", "village": "charolles"},
                    {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                    {"name": "Eric", "owner": "Gunter", "village": "bourg"},
                ],
            }),
            json!([]),
        );
        let mut g = g;
        let p = g.to_act().unwrap();
        assert_eq!(p, 1, "David offers a ransom first");
        g.apply(1, Action::OfferRansom { amount: offer }).unwrap();
        assert_eq!(normal_choice(&g), (0, want), "David has {david_money}");
    }
}

#[test]
fn a_bot_answering_a_human_says_why_and_a_save_keeps_it() {
    use fief::session::{Autosave, Next, Seat as Sitting, Session, Settings};
    // Grady (a human) asks David (Normal) for passage with too small a toll.
    let g = passage_for((8, 4), false, 1);
    let seats = vec![
        Sitting::Human,
        Sitting::Bot(Level::Normal),
        Sitting::Bot(Level::Easy),
        Sitting::Bot(Level::Easy),
    ];
    let settings = Settings {
        hard_budget: Budget::Iterations(4),
        auto_pass: true,
        ..Settings::default()
    };
    let mut s = Session::new(g, seats, settings, Autosave::Off).unwrap();
    match s.next_turn() {
        Next::Bot(req) => {
            s.answer(req.run(std::time::Duration::ZERO));
        }
        other => panic!("David should be asked: {other:?}"),
    }
    let texts = |g: &Game| g.log.iter().map(|e| e.text()).collect::<Vec<_>>();
    let log = texts(s.game());
    let n = log.len();
    // The reason comes just before the answer, ahead of anything the answer sets off.
    assert!(log[n - 1].contains("refuses Grady passage"), "{log:?}");
    assert_eq!(
        log[n - 2],
        "David explains: Grady would have to offer a toll of 2 Deniers."
    );
    let remark = s.game().remarks[0].clone();
    assert_eq!(
        (remark.player, remark.at),
        (1, s.game().history.len() as u32 - 1)
    );
    // A bot's answer to another bot is not explained.
    let mut g = passage_for((8, 4), false, 1);
    let before = g.log.len();
    let (p, a) = normal_choice(&g);
    g.apply(p, a).unwrap();
    assert!(g
        .log
        .iter()
        .skip(before)
        .all(|e| !e.text().contains("explains")));
}

#[test]
fn a_save_keeps_the_remarks_in_their_place_and_refuses_hostile_ones() {
    use fief::rules::events::{Arg, Msg};
    use fief::session::Seat as Sitting;
    let mut g = Game::new(Options {
        seed: 3,
        ..Options::default()
    })
    .unwrap();
    let mut rng = Rng::new(1);
    let mut step = |g: &mut Game, n: usize| {
        for _ in 0..n {
            let p = g.to_act().unwrap();
            let legal = g.legal_actions(p);
            g.apply(p, legal[rng.below(legal.len() as u32) as usize].clone())
                .unwrap();
        }
    };
    step(&mut g, 20);
    let why = Msg::new(
        "a toll of {n} Denier is worth the passage.",
        Some("a toll of {n} Deniers is worth the passage."),
        2,
        vec![("n", Arg::Num(2))],
    );
    g.remark(1, "5.0", why);
    step(&mut g, 20);
    let texts = |g: &Game| g.log.iter().map(|e| e.text()).collect::<Vec<_>>();
    let log = texts(&g);
    assert!(log.contains(&"Blue explains: a toll of 2 Deniers is worth the passage.".to_string()));
    let seats = vec![Sitting::Bot(Level::Easy); 4];
    let text = fief::save::to_json(&seats, &g).unwrap();
    let back = fief::save::from_json(&text).unwrap();
    assert_eq!(texts(&back.game), log, "the remark is back in its place");
    // From a file, a remark is a short clause said by a player within the history.
    let saved: Value = serde_json::from_str(&text).unwrap();
    let nested = json!({"id": "{a}{a}{a}", "args": [["a", {"Msg": {"id": "{b}{b}"}}]]});
    for (field, bad) in [
        ("why", nested),
        ("player", json!(7)),
        ("at", json!(100_000)),
    ] {
        let mut v = saved.clone();
        v["remarks"][0][field] = bad;
        let e = fief::save::from_json(&v.to_string()).expect_err(field);
        assert!(e.to_string().contains("remark"), "{field}: {e}");
    }
}

/// Gunter's Eric holds Bourg as King (Gunter leads); Grady raises an Uprising in Bourg, and
/// David, an Uprising card in hand, is asked whether to add his (10.1).
fn uprising_against_the_leader(david_troops_in_bourg: bool, king: bool) -> Game {
    let mut bourg = json!({"troops": {"Gunter": [2, 0]}, "controller": "Gunter"});
    if david_troops_in_bourg {
        bourg["troops"]["David"] = json!([1, 0]);
    }
    position(
        json!({
            "first": "Grady",
            "phase": "movement",
            "players": {"Grady": {"hand": ["uprising"]}, "David": {"hand": ["uprising"]}},
            // 10.1: an Uprising needs a Famine (or taxes) where it is raised.
            "bishoprics": {"2": ["famine"]},
            "villages": {
                "blaye": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": bourg,
                "charolles": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                {"name": "Jeanne", "owner": "David", "village": "charolles"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg",
                 "titles": if king { json!(["king"]) } else { json!([]) }},
            ],
        }),
        json!([["Grady", "uprising bourg"]]),
    )
}

#[test]
fn normal_joins_an_uprising_against_the_leader_that_spares_its_own_troops() {
    let g = uprising_against_the_leader(false, true);
    assert!(g.vp(3) > g.vp(1), "Gunter leads");
    assert_eq!(normal_choice(&g), (1, Action::JoinUprising));
    // Its own Troops in Bourg would be hit too: it stays out.
    let g = uprising_against_the_leader(true, true);
    assert_eq!(normal_choice(&g), (1, Action::Pass));
    // Gunter no further on than David: no reason to spend the card.
    let g = uprising_against_the_leader(false, false);
    assert_eq!(normal_choice(&g), (1, Action::Pass));
}

/// Grady attacks Gunter in Bourg, where David's Jeanne stands with 3 MaA; Gunter leads as
/// King when `king`. David is asked which side he takes (6.0).
fn battle_in_bourg(king: bool) -> Game {
    position(
        json!({
            "first": "Grady",
            "phase": "battles",
            "villages": {
                "blaye": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [2, 0], "Grady": [3, 1], "David": [3, 0]},
                          "controller": "Gunter"},
                "charolles": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Beaudoin", "owner": "Grady", "village": "bourg"},
                {"name": "Jeanne", "owner": "David", "village": "bourg"},
                {"name": "Quentin", "owner": "David", "village": "charolles"},
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg",
                 "titles": if king { json!(["king"]) } else { json!([]) }},
            ],
        }),
        json!([["Grady", "battle bourg gunter"]]),
    )
}

#[test]
fn normal_takes_a_side_against_the_leader_when_the_odds_are_good() {
    let g = battle_in_bourg(true);
    assert_eq!(normal_choice(&g), (1, Action::JoinSide(Some(0))));
    let g = battle_in_bourg(false);
    assert_eq!(normal_choice(&g), (1, Action::JoinSide(None)));
}

#[test]
fn a_hint_is_worked_out_from_the_players_own_view_with_its_reason() {
    use fief::bots::hint::suggest;
    let never = AtomicBool::new(false);
    // David is asked to let Grady pass for a toll of 2: the hint says yes, and why.
    let g = passage_for((8, 4), false, 2);
    let h = suggest(&g.bot_view(1), Budget::Iterations(40), 1, &never).expect("a hint");
    assert_eq!(h.action, Action::Accept);
    assert!(
        h.why.english().contains("toll of 2 Deniers"),
        "{}",
        h.why.english()
    );
    // David joins the battle against the leader: the odds are the reason; Bourg is shown.
    let g = battle_in_bourg(true);
    let h = suggest(&g.bot_view(1), Budget::Iterations(40), 1, &never).expect("a hint");
    assert_eq!(h.villages, vec![g.map.find_village("bourg").unwrap()]);
    if let Action::JoinSide(Some(_)) = h.action {
        assert!(
            h.why.english().contains("% of the time"),
            "{}",
            h.why.english()
        );
    }
    // Which card another holds, unseen by David, does not change it: the hint reads only
    // David's view (the number of cards in each hand is public).
    let hint_with = |card: Card| {
        let mut g = battle_in_bourg(true);
        g.players[2].hand = [card].into_iter().collect();
        suggest(&g.bot_view(1), Budget::Iterations(40), 1, &never).unwrap()
    };
    assert_eq!(hint_with(Card::SecretPassage), hint_with(Card::Uprising));
}

/// Grady buys first; David holds all of Sigy with a Stronghold but lacks 2 Deniers of the
/// title's price; the two are married when `married`.
fn short_of_a_title(married: bool) -> Game {
    let mut beaudoin = json!({"name": "Beaudoin", "owner": "Grady", "village": "blaye"});
    let mut jeanne = json!({"name": "Jeanne", "owner": "David", "village": "sigy"});
    if married {
        beaudoin["spouse"] = json!("Jeanne");
        jeanne["spouse"] = json!("Beaudoin");
    }
    let mut g = position(
        json!({
            "first": "Grady",
            "phase": "purchase",
            "players": {"Grady": {"money": 9}},
            "villages": {
                "blaye": {"troops": {"Grady": [1, 0]}},
                "lepervier": {"troops": {"David": [1, 0]}},
                "st_paul": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"David": [1, 0]}, "fort": "stronghold"},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": [
                beaudoin, jeanne,
                {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                {"name": "Eric", "owner": "Gunter", "village": "bourg"},
            ],
        }),
        json!([]),
    );
    let sigy = g.map.find_village("sigy").unwrap();
    let price = g.map.fiefs[g.map.villages[sigy as usize].fief as usize].title_price();
    g.players[1].money = price - 2;
    g
}

#[test]
fn normal_gives_its_ally_the_deniers_that_complete_a_title() {
    // 8.0, 4.3: Grady offers his ally the 2 Deniers, and David takes them.
    let mut g = short_of_a_title(true);
    assert_eq!(g.ally(0), Some(1));
    let (p, a) = normal_choice(&g);
    assert_eq!((p, &a), (0, &Action::OfferDeniers { to: 1, amount: 2 }));
    g.apply(p, a).unwrap();
    assert_eq!(normal_choice(&g), (1, Action::Accept));
    assert!(
        normal_reason(&g).contains("Fief Title"),
        "{}",
        normal_reason(&g)
    );
    // To a rival, nothing is given.
    let g = short_of_a_title(false);
    assert!(!matches!(normal_choice(&g).1, Action::OfferDeniers { .. }));
}

/// 6.3: Kirsten's Eric with `maa` MaA attacks Gunter's Gauvain and 3 Knights in Charolles;
/// Kirsten has `money` Deniers (the scenario of tests/fixtures/outmatched.json, changed).
fn outmatched(maa: u8, money: u32) -> Game {
    let mut sc: Value = serde_json::from_str(include_str!("fixtures/outmatched.json")).unwrap();
    sc["position"]["villages"]["charolles"]["troops"]["Kirsten"] = json!([maa, 0]);
    sc["position"]["players"]["Kirsten"]["money"] = json!(money);
    let out = fief::scenario::run(&sc.to_string()).expect("a valid position");
    assert!(out.error.is_none(), "{:?}", out.error);
    out.game
}

#[test]
fn normal_buys_a_truce_the_stronger_side_takes_and_says_why() {
    // 6.3, 8.0: Kirsten is outmatched; she offers the smallest price Gunter takes.
    let mut g = outmatched(7, 6);
    let odds = fief::bots::bargain::side_odds(&g, 2);
    assert!(odds < 0.3, "Kirsten's odds {odds}");
    let (p, a) = normal_choice(&g);
    assert_eq!(p, 2);
    let Action::BuyTruce(price) = a else {
        panic!("expected a truce for a price, got {a:?}")
    };
    assert!((1..=3).contains(&price));
    g.apply(2, a).unwrap();
    // Gunter takes it, and says the Deniers are worth more than the battle.
    assert_eq!(normal_choice(&g), (3, Action::Accept));
    let why = normal_reason(&g);
    assert!(
        why.contains("are worth more than a battle") || why.contains("is worth more than a battle"),
        "{why}"
    );
    g.apply(3, Action::Accept).unwrap();
    assert!(g.battle.is_none(), "the truce ends the battle");
    assert_eq!(g.players[2].money, 6 - price as u32);
    assert_eq!(
        g.players[3].diplomacy, 2,
        "the price is taken with a marker"
    );
    // One Denier less is refused, and the refusal names the price that would do; Kirsten
    // may then raise her offer in the same roll (not repeat it), and Normal does so.
    assert!(price > 1);
    let mut g = outmatched(7, 6);
    g.apply(2, Action::BuyTruce(price - 1)).unwrap();
    assert_eq!(normal_choice(&g), (3, Action::Refuse));
    let why = normal_reason(&g);
    assert!(
        why.ends_with(&format!("a truce would take {price} Deniers.")),
        "{why}"
    );
    g.apply(3, Action::Refuse).unwrap();
    let legal = g.legal_actions(2);
    assert!(
        !legal.contains(&Action::BuyTruce(price - 1)) && !legal.contains(&Action::ProposeTruce)
    );
    assert!(legal.contains(&Action::BuyTruce(price)));
    assert_eq!(normal_choice(&g), (2, Action::BuyTruce(price)));
}

#[test]
fn hard_does_not_give_away_a_battle_it_is_likely_to_win() {
    // 6.3: Gunter, defending with the better odds, is offered no truce, break-off or
    // surrender by the search, whatever it finds in a few iterations.
    let mut g = outmatched(7, 6);
    g.apply(2, Action::Fight).unwrap();
    assert_eq!(g.to_act(), Some(3));
    assert!(fief::bots::bargain::side_odds(&g, 3) > 0.5);
    assert!(g.legal_actions(3).contains(&Action::ProposeTruce));
    let never = AtomicBool::new(false);
    for seed in 0..8 {
        let a = small_hard(seed, 40, 5)
            .choose(&g.bot_view(3), &never)
            .unwrap();
        assert_eq!(a, Action::Fight, "seed {seed}");
    }
}

#[test]
fn normal_without_the_price_fights_on_or_asks_for_nothing() {
    // No Deniers: Kirsten cannot buy a truce. With almost no chance she asks one for
    // nothing; Gunter, far stronger, refuses it.
    let mut g = outmatched(1, 0);
    assert!(fief::bots::bargain::side_odds(&g, 2) < 0.12);
    assert!(!g
        .legal_actions(2)
        .iter()
        .any(|a| matches!(a, Action::BuyTruce(_))));
    assert_eq!(normal_choice(&g), (2, Action::ProposeTruce));
    g.apply(2, Action::ProposeTruce).unwrap();
    assert_eq!(normal_choice(&g), (3, Action::Refuse));
    assert!(
        normal_reason(&g).contains("wins the battle"),
        "{}",
        normal_reason(&g)
    );
}

#[test]
fn a_hint_suggests_no_truce_the_other_side_would_refuse() {
    use fief::bots::hint::suggest;
    use fief::bots::ismcts::Settings;
    let never = AtomicBool::new(false);
    // 6.3, 8.0: Kirsten, outmatched with 6 Deniers, may ask a truce for nothing or for 1 to
    // 3 Deniers; Gunter takes only a price. Asking for nothing first costs her nothing but
    // a step, so the search itself often picks the free truce; the hint never suggests a
    // truce Gunter would refuse, and says why the one it suggests would be taken.
    let g = outmatched(6, 6);
    assert!(!fief::bots::bargain::truce_taken(&g, 2, 0));
    let taken = (1..=3).find(|&n| fief::bots::bargain::truce_taken(&g, 2, n));
    assert!(taken.is_some());
    let budget = Budget::Iterations(2000);
    let mut searched_refused = 0;
    for seed in 0..3 {
        let view = g.bot_view(2);
        let settings = Settings {
            budget,
            ..Default::default()
        };
        let searched = Hard::new(seed, settings).choose(&view, &never).unwrap();
        if searched
            .truce_price()
            .is_some_and(|n| !fief::bots::bargain::truce_taken(&g, 2, n))
        {
            searched_refused += 1;
        }
        let h = suggest(&view, budget, seed, &never).expect("a hint");
        if let Some(n) = h.action.truce_price() {
            assert!(
                fief::bots::bargain::truce_taken(&g, 2, n),
                "seed {seed}: {n}"
            );
            let why = h.why.english();
            assert!(
                why.contains("the other side would take a truce for"),
                "{why}"
            );
        }
    }
    assert!(
        searched_refused > 0,
        "the search never chose a refused truce"
    );
    // Penniless and hopeless, she can only fight on or ask for nothing: the hint says fight,
    // and why the truce is no way out. Her chances are said as the battle page says them,
    // a win and a draw apart.
    let g = outmatched(1, 0);
    let legal = g.legal_actions(2);
    assert!(legal.contains(&Action::ProposeTruce) && legal.contains(&Action::Fight));
    let c = fief::bots::bargain::side_chances(&g, 2);
    let pr = fief::bots::odds::battle_prospect(&g).unwrap();
    assert_eq!((c.win, c.draw), (pr.chances.win, pr.chances.draw));
    for seed in 0..4 {
        let h = suggest(&g.bot_view(2), Budget::Iterations(200), seed, &never).unwrap();
        assert_eq!(h.action, Action::Fight, "seed {seed}");
        let why = h.why.english();
        assert!(
            why.contains("with a draw")
                && why.ends_with("but the other side would refuse a truce."),
            "{why}"
        );
    }
}

#[test]
fn an_ally_evens_out_money_but_does_not_pay_it_back() {
    // 8.0: David (9 Deniers) is asked 2 by his ally Grady: yes while Grady stays the poorer,
    // no when Grady would end up richer (a dowry is not handed back on request).
    for (gradys, yes) in [(1, true), (4, true), (6, false)] {
        let mut g = short_of_a_title(true);
        g.players[0].money = gradys;
        g.players[1].money = 9;
        g.apply(0, Action::parse("ask-deniers david 2", &g).unwrap())
            .unwrap();
        let want = if yes { Action::Accept } else { Action::Refuse };
        assert_eq!(normal_choice(&g), (1, want), "Grady has {gradys}");
        if !yes {
            let why = normal_reason(&g);
            assert!(why.contains("would then hold more Deniers than"), "{why}");
        }
    }
}

/// The bots' manners with marriages: at most `BOT_PROPOSALS_A_ROUND` proposals a round each,
/// and none again to a family it already exchanged a proposal with that round (a human's
/// summary would otherwise fill with refusals).
#[test]
fn bots_propose_a_few_marriages_a_round_and_none_again_to_a_family_that_refused() {
    use fief::rules::BOT_PROPOSALS_A_ROUND;
    for (seed, level) in [(4, Level::Normal), (8, Level::Hard), (5, Level::Easy)] {
        let g = Game::new(Options {
            players: 6,
            seed,
            round_cap: Some(8),
            ..Options::default()
        })
        .unwrap();
        let bots = (0..6)
            .map(|p| new_bot(level, seed + p as u64, Budget::Iterations(30)))
            .collect();
        let mut s = fief::session::Session::bots_only(g, bots).unwrap();
        s.play(200_000, |_| false).unwrap();
        // Replay the game, noting each proposal's round, proposer and the family asked.
        let end = s.game().clone();
        let mut g = Game::new((*end.options).clone()).unwrap();
        let mut made: Vec<(u16, PlayerId, PlayerId)> = Vec::new();
        let mut proposals = 0;
        for (p, a) in end.history.iter() {
            if let Action::ProposeMarriage { groom, bride, .. } = a {
                let (gr, br) = (g.lord(*groom).unwrap().owner, g.lord(*bride).unwrap().owner);
                let other = if gr == *p { br } else { gr };
                let key = (g.round, *p, other);
                assert!(
                    !made.contains(&key),
                    "{level:?} seat {p} asked seat {other} twice in round {}",
                    g.round
                );
                made.push(key);
                let this_round = made
                    .iter()
                    .filter(|(r, q, _)| *r == g.round && q == p)
                    .count();
                assert!(this_round <= BOT_PROPOSALS_A_ROUND, "{level:?}: {made:?}");
                proposals += 1;
            }
            g.apply(*p, a.clone()).unwrap();
        }
        eprintln!("{level:?}: {proposals} proposals in {} rounds", end.round);
    }
}

/// Every choice a hint may suggest has a reason of its own that says what it gains or
/// answers: the reasons of every legal action of random games are never empty, and none is
/// the old "strongest by the computer's measure".
#[test]
fn every_hint_names_what_its_choice_gains() {
    use fief::bots::hint::explain;
    for seed in 1..4 {
        let mut g = Game::new(Options {
            players: 3 + (seed % 3) as u8,
            seed,
            round_cap: Some(6),
            ..Options::default()
        })
        .unwrap();
        let mut rng = Rng::new(seed);
        let mut n = 0;
        while let Some(p) = g.to_act() {
            let legal = g.legal_actions(p);
            for a in legal.iter().step_by(3) {
                let why = explain(&g, p, a);
                assert!(!why.id.is_empty(), "{a:?}");
                assert!(!why.id.contains("computer's measure"), "{a:?}: {}", why.id);
                n += 1;
            }
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).unwrap();
        }
        assert!(n > 100);
    }
}

/// The position of a Movement phase: Jehan's Gauvain in Louhans with 3 Men-at-Arms and a
/// Knight; Clovis holds Tournus, next door, with 2 Men-at-Arms behind a Stronghold when
/// `walled`.
fn march_on_tournus(walled: bool) -> Game {
    let fort = if walled { "stronghold" } else { "none" };
    let sc = json!({
        "players": ["Jehan", "Anselm", "Berthe", "Clovis"],
        "position": {
            "first": "Jehan", "phase": "movement", "turn": "Jehan",
            "villages": {
                "louhans": {"troops": {"Jehan": [3, 1]}},
                "tournus": {"troops": {"Clovis": [2, 0]}, "fort": fort},
                "bourg": {"troops": {"Anselm": [2, 0]}},
                "charolles": {"troops": {"Berthe": [2, 0]}}
            },
            "lords": [
                {"name": "Gauvain", "owner": "Jehan", "village": "louhans"},
                {"name": "Raoul", "owner": "Clovis", "village": "tournus"},
                {"name": "Quentin", "owner": "Anselm", "village": "bourg"},
                {"name": "Jeanne", "owner": "Berthe", "village": "charolles"}
            ]
        }
    });
    fief::scenario::run(&sc.to_string()).unwrap().game
}

/// A hint for a Move names the facts that decide it: into a rival's Village, the odds of
/// the attack it prepares and, behind walls, that a siege may be laid instead; elsewhere,
/// how many of the Fief's Villages are still to win for its title.
#[test]
fn a_moves_hint_names_the_odds_the_walls_and_the_villages_still_to_win() {
    use fief::bots::hint::explain;
    for walled in [false, true] {
        let g = march_on_tournus(walled);
        let a = Action::parse("move gauvain tournus maa=3 knights=1", &g).unwrap();
        let why = explain(&g, 0, &a).english();
        assert!(
            why.contains("Tournus from Clovis") && why.contains("% of the time"),
            "{why}"
        );
        assert_eq!(why.contains("walls"), walled, "{why}");
        assert_eq!(why.contains("siege"), walled, "{why}");
    }
    let g = march_on_tournus(false);
    let a = Action::parse("move gauvain romenay maa=3 knights=1", &g).unwrap();
    let why = explain(&g, 0, &a).english();
    assert!(
        why.contains("Romenay")
            && why.contains("Bresse")
            && why.contains("3 of its Villages are still to win"),
        "{why}"
    );
}

/// A hint to a question another player asks gives the answer its own figures support (the
/// bargaining rule's, with its odds, price or Victory Points), never the opposite answer
/// with "it did better when played out": every question of random games is checked.
#[test]
fn a_hint_to_a_question_never_goes_against_its_own_figures() {
    use fief::bots::bargain;
    use fief::bots::hint::suggest;
    let never = AtomicBool::new(false);
    let mut asked = 0;
    for seed in 1..4 {
        let mut g = Game::new(Options {
            seed,
            round_cap: Some(8),
            ..Options::default()
        })
        .unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|p| new_bot(Level::Normal, p, Budget::Iterations(1)))
            .collect();
        while let Some(p) = g.to_act() {
            let pr = g.prompt().unwrap();
            if pr.kind.is_question() {
                if let Some(rule) = bargain::answer(&g, p, &pr.kind) {
                    let h = suggest(&g.bot_view(p), Budget::Iterations(30), seed, &never).unwrap();
                    let want = if rule.yes {
                        Action::Accept
                    } else {
                        Action::Refuse
                    };
                    assert_eq!(h.action, want, "{:?}: {}", pr.kind, h.why.english());
                    assert_eq!(h.why, rule.why);
                    assert!(!h.why.english().contains("did better"));
                    asked += 1;
                }
            }
            let a = bots[p as usize].choose(&g.bot_view(p), &never).unwrap();
            g.apply(p, a).unwrap();
        }
    }
    assert!(asked >= 3, "only {asked} questions were asked");
}
