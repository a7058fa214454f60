//! The optional rules and variants: Fog of War and hidden money in what a player sees, Open
//! Diplomacy, the gentle start.

use fief::bots::{new_bot, Budget, Level};
use fief::rules::{Action, Game, Options, Phase, PlayerId};
use std::sync::atomic::AtomicBool;

/// Plays Normal bots until `stop` holds (or the game ends).
fn play(options: Options, steps: usize, mut stop: impl FnMut(&Game) -> bool) -> Game {
    let seed = options.seed;
    let mut g = Game::new(options).unwrap();
    let mut bots: Vec<_> = (0..g.n())
        .map(|i| new_bot(Level::Normal, seed * 13 + i as u64, Budget::Iterations(1)))
        .collect();
    let never = AtomicBool::new(false);
    for _ in 0..steps {
        if stop(&g) {
            break;
        }
        let Some(p) = g.to_act() else { break };
        let a = bots[p as usize].choose(&g.bot_view(p), &never).unwrap();
        g.apply(p, a).unwrap();
    }
    g
}

/// Everything a viewer is shown, as text (the view, the state bots search, the log).
fn seen(g: &Game, viewer: PlayerId) -> String {
    let v = g.view(Some(viewer));
    let b = g.bot_view(viewer);
    format!(
        "{}\n{}\n{}",
        serde_json::to_string(&v).unwrap(),
        serde_json::to_string(&v.state).unwrap(),
        serde_json::to_string(&b.state).unwrap()
    )
}

#[test]
fn fog_of_war_and_hidden_money_show_an_opponent_nothing_of_stacks_or_deniers() {
    let options = Options {
        seed: 31,
        fog_of_war: true,
        hidden_money: true,
        ..Options::default()
    };
    // Play until some player has two stacks, one with a Knight and one with a Man-at-Arms.
    let find = |g: &Game| -> Option<(PlayerId, usize, usize)> {
        if g.battle.is_some() {
            return None;
        }
        (0..g.n()).find_map(|q| {
            let with = |f: &dyn Fn(&fief::rules::Troops) -> bool| {
                (0..g.villages.len()).find(|&v| f(&g.villages[v].troops[q as usize]))
            };
            let k = with(&|t| t.knights > 0)?;
            let m = (0..g.villages.len())
                .find(|&v| v != k && g.villages[v].troops[q as usize].maa > 0)?;
            Some((q, k, m))
        })
    };
    let g = play(options, 3000, |g| g.round >= 2 && find(g).is_some());
    let (q, k, m) = find(&g).expect("a player with two stacks");
    let viewer = (q + 1) % g.n();
    // Another game, the same to everyone but q: a Knight and a Man-at-Arms swap stacks
    // (sizes unchanged), and q has other Deniers.
    let mut h = g.clone();
    h.villages[k].troops[q as usize].knights -= 1;
    h.villages[k].troops[q as usize].maa += 1;
    h.villages[m].troops[q as usize].maa -= 1;
    h.villages[m].troops[q as usize].knights += 1;
    h.players[q as usize].money += 7;
    assert_eq!(
        seen(&g, viewer),
        seen(&h, viewer),
        "the viewer can tell them apart"
    );
    // The owner sees his own stacks and money, and a spectator sees neither.
    assert_ne!(seen(&g, q), seen(&h, q));
    let v = g.view(Some(viewer));
    assert_eq!(v.players[q as usize].money, None);
    assert_eq!(
        v.players[viewer as usize].money,
        Some(g.players[viewer as usize].money)
    );
    assert!(g.stack_hidden(Some(viewer), k as u8, q));
    assert!(!g.stack_hidden(Some(q), k as u8, q));
    // Without the options the same change shows.
    let mut open = g.clone();
    let o = std::sync::Arc::make_mut(&mut open.options);
    o.fog_of_war = false;
    o.hidden_money = false;
    let mut open_h = h.clone();
    open_h.options = open.options.clone();
    assert_ne!(seen(&open, viewer), seen(&open_h, viewer));
}

#[test]
fn under_fog_of_war_the_log_tells_others_how_many_troops_not_which() {
    let g = play(
        Options {
            seed: 8,
            fog_of_war: true,
            ..Options::default()
        },
        1500,
        |g| g.round >= 3,
    );
    let buys: Vec<_> = g.log.iter().filter(|e| e.section == "4.1").collect();
    assert!(!buys.is_empty());
    for e in buys {
        let owner = e
            .private_to
            .expect("a purchase is told in full only to the buyer");
        let other = (owner + 1) % g.n();
        assert!(e.text().contains(" in "), "{}", e.text());
        assert!(
            !e.text_for(Some(other)).contains(" in "),
            "{}",
            e.text_for(Some(other))
        );
    }
    let moves: Vec<_> = g
        .log
        .iter()
        .filter(|e| e.section == "5.0" && e.text().contains(" move"))
        .collect();
    assert!(!moves.is_empty());
    for e in moves {
        let owner = e.private_to.unwrap();
        let public = e.text_for(Some((owner + 1) % g.n()));
        assert!(
            !public.contains("Knight")
                && !public.contains("Men-at-Arms")
                && !public.contains("Man-at-Arms"),
            "{public}"
        );
    }
}

#[test]
fn the_gentle_start_discards_the_first_rounds_disasters() {
    let g = play(
        Options {
            seed: 4,
            gentle_start: true,
            ..Options::default()
        },
        3000,
        |g| g.round >= 3,
    );
    let first: Vec<_> = g
        .log
        .iter()
        .filter(|e| e.round == 1 && e.section == "2.3")
        .collect();
    assert!(
        first
            .iter()
            .all(|e| e.text().contains("discarded unresolved")),
        "{:?}",
        first.iter().map(|e| e.text()).collect::<Vec<_>>()
    );
    // Later rounds resolve them as usual (some game among a few seeds has a Disaster strike).
    let struck = (1..6).any(|seed| {
        let g = play(
            Options {
                seed,
                gentle_start: true,
                ..Options::default()
            },
            4000,
            |g| g.round >= 4,
        );
        g.log
            .iter()
            .any(|e| e.round == 1 && e.text().contains("discarded unresolved"))
            && g.log
                .iter()
                .any(|e| e.round > 1 && e.text().contains("strikes Bishopric"))
            && !g
                .log
                .iter()
                .any(|e| e.round == 1 && e.text().contains("strikes Bishopric"))
    });
    assert!(struck);
}

#[test]
fn open_diplomacy_moves_any_sum_without_markers() {
    // Deals are offered in one's own turn: the first marriage decision of round 1 will do.
    let at_marriage = |g: &Game| matches!(g.phase, Phase::Marriage { .. });
    let deal = |open_diplomacy: bool, amount: u8| -> (Game, PlayerId, PlayerId, u32) {
        let mut g = play(
            Options {
                seed: 3,
                open_diplomacy,
                ..Options::default()
            },
            500,
            at_marriage,
        );
        let p = g.to_act().unwrap();
        let to = (p + 1) % g.n();
        g.players[p as usize].money = 20;
        let before = g.players[to as usize].money;
        if g.apply(p, Action::OfferDeniers { to, amount }).is_ok() {
            assert_eq!(g.to_act(), Some(to), "the receiver answers");
            g.apply(to, Action::Accept).unwrap();
        }
        (g, p, to, before)
    };
    let (g, _, to, before) = deal(true, 9);
    assert_eq!(g.players[to as usize].money, before + 9);
    assert_eq!(g.players[to as usize].diplomacy, 3, "no marker spent");
    assert!(g
        .log
        .iter()
        .any(|e| e.text().contains("receives 9 Deniers")));
    // Without the option the sum is capped at 3 and a marker is spent.
    let (h, _, to, before) = deal(false, 9);
    assert_eq!(
        h.players[to as usize].money, before,
        "9 Deniers are refused"
    );
    let (h, _, to, before) = deal(false, 3);
    assert_eq!(h.players[to as usize].money, before + 3);
    assert_eq!(h.players[to as usize].diplomacy, 2);
}

#[test]
fn every_bot_level_plays_a_game_with_every_optional_rule() {
    for (level, seed) in [(Level::Easy, 2u64), (Level::Normal, 5), (Level::Hard, 9)] {
        let g = Game::new(Options {
            seed,
            round_cap: Some(if level == Level::Hard { 3 } else { 15 }),
            relics: true,
            fog_of_war: true,
            open_diplomacy: true,
            hidden_money: true,
            gentle_start: true,
            ..Options::default()
        })
        .unwrap();
        let budget = Budget::Iterations(if level == Level::Hard { 8 } else { 1 });
        let bots: Vec<_> = (0..g.n())
            .map(|i| new_bot(level, seed * 3 + i as u64, budget))
            .collect();
        let mut s = fief::session::Session::bots_only(g, bots).unwrap();
        let end = s
            .play(200_000, |_| false)
            .unwrap_or_else(|e| panic!("{level:?}: {e}"));
        assert_eq!(end, fief::session::Played::Over, "{level:?}");
        assert!(s.game().outcome.is_some(), "{level:?}");
    }
}

/// 11.1: a relic leave refused "for this round" may be asked again in a later round (the
/// refusal was remembered for the rest of the game).
#[test]
fn a_relic_leave_refused_this_round_may_be_asked_next_round() {
    let path = format!(
        "{}/tests/scenarios/relic_taking_needs_leave.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut scenario: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // David refuses this time.
    scenario["script"] =
        serde_json::json!([["Grady", "take-relic quentin bone"], ["David", "refuse"]]);
    scenario["expect"] = serde_json::json!([]);
    let out = fief::scenario::run(&scenario.to_string()).unwrap();
    assert!(out.error.is_none(), "{:?}", out.error);
    let g = out.game;
    let round = g.round;
    let grady = (0..g.n()).find(|&p| g.name(p) == "Grady").unwrap();
    let again = g.legal_actions(grady).into_iter().find(|a| {
        matches!(
            a,
            Action::TakeRelic {
                relic: fief::rules::relics::Relic::Bone,
                ..
            }
        )
    });
    assert!(
        again.is_none(),
        "asked again in the same round: {again:?} {:?}",
        g.memory.relic_asks
    );
    assert!(!g.memory.relic_asks.is_empty());
    // Into the next round: the refusal is forgotten.
    let bots = (0..g.n())
        .map(|p| new_bot(Level::Easy, 70 + p as u64, Budget::Iterations(1)))
        .collect();
    let mut s = fief::session::Session::bots_only(g, bots).unwrap();
    s.play(100_000, |g| g.round > round).unwrap();
    assert_eq!(s.game().round, round + 1);
    assert!(
        s.game().memory.relic_asks.is_empty(),
        "{:?}",
        s.game().memory.relic_asks
    );
}

/// Ruling R-HIDDEN-ASK: with money hidden, Deniers are asked of another whatever his purse
/// holds (the list does not tell it); he gives them only if he has them, else he refuses.
#[test]
fn a_hidden_purse_is_asked_whatever_it_holds_and_a_short_one_refuses() {
    let at_marriage = |g: &Game| matches!(g.phase, Phase::Marriage { .. });
    for hidden_money in [false, true] {
        let mut g = play(
            Options {
                seed: 3,
                hidden_money,
                ..Options::default()
            },
            500,
            at_marriage,
        );
        let p = g.to_act().unwrap();
        let q = (p + 1) % g.n();
        g.players[q as usize].money = 1;
        let asks = |g: &Game| {
            g.legal_actions(p)
                .into_iter()
                .filter(|a| matches!(a, Action::AskDeniers { from, .. } if *from == q))
                .count()
        };
        if !hidden_money {
            // Seen purses: only what he holds is asked.
            assert_eq!(asks(&g), 1);
            continue;
        }
        assert_eq!(asks(&g), 3, "1 to 3 Deniers, whatever the purse");
        g.players[q as usize].money = 0;
        assert_eq!(asks(&g), 3);
        g.apply(p, Action::AskDeniers { from: q, amount: 3 })
            .unwrap();
        assert_eq!(g.to_act(), Some(q));
        let err = g.apply(q, Action::Accept).unwrap_err();
        assert!(err.reason().contains("only 0 Deniers"), "{}", err.reason());
        assert_eq!(g.legal_actions(q), vec![Action::Refuse]);
        g.apply(q, Action::Refuse).unwrap();
        assert!(g.log.iter().any(|e| e.text().contains("refuses to give")));
    }
}

/// 11.1–11.3, the FAQ's hidden money and the 2.3 gentle start are one list, `OptionalRule`:
/// its words parse back to each rule, a set of them is written with the names of `Options`
/// and read back, and it sets exactly its rules in a game's options.
#[test]
fn the_optional_rules_are_one_list_from_words_to_options() {
    use fief::rules::{OptionalRule, Options, RuleSet};
    let mut all = RuleSet::default();
    for r in OptionalRule::ALL {
        assert_eq!(OptionalRule::parse(r.key()), Some(r));
        assert_eq!(OptionalRule::parse(r.field()), Some(r));
        let one = RuleSet::default().with(r, true);
        let mut o = Options::default();
        one.apply(&mut o);
        assert_eq!(RuleSet::of(&o), one);
        assert!(r.is_on(&o));
        for other in OptionalRule::ALL.into_iter().filter(|x| *x != r) {
            assert!(!other.is_on(&o), "{other:?} with {r:?}");
        }
        all = all.with(r, true);
    }
    assert_eq!(all.rules().count(), 5);
    assert_eq!(
        OptionalRule::parse("gentle"),
        Some(OptionalRule::GentleStart)
    );
    assert_eq!(
        OptionalRule::parse_list(" relics, FOG ,").unwrap(),
        RuleSet::default()
            .with(OptionalRule::Relics, true)
            .with(OptionalRule::FogOfWar, true)
    );
    assert_eq!(
        OptionalRule::parse_list("relics,weather"),
        Err("weather".into())
    );
    // Written and read back with the names of `Options` (a game's save writes the same).
    let text = serde_json::to_string(&all).unwrap();
    let mut o = Options::default();
    all.apply(&mut o);
    let saved = serde_json::to_value(&o).unwrap();
    for r in OptionalRule::ALL {
        assert!(text.contains(&format!("\"{}\":true", r.field())), "{text}");
        assert_eq!(saved[r.field()], serde_json::json!(true), "{}", r.field());
    }
    assert_eq!(serde_json::from_str::<RuleSet>(&text).unwrap(), all);
    assert!(serde_json::from_str::<RuleSet>(r#"{"weather": true}"#).is_err());
    // A scenario's options name them the same way; another name is refused.
    let scenario = |options: &str| {
        format!(r#"{{"players": ["A", "B", "C"], "options": {options}, "script": []}}"#)
    };
    let g = fief::scenario::run(&scenario(r#"{"fog_of_war": true, "round_cap": 3}"#))
        .unwrap()
        .game;
    assert_eq!(
        RuleSet::of(&g.options),
        RuleSet::default().with(OptionalRule::FogOfWar, true)
    );
    assert_eq!(g.options.round_cap, Some(3));
    assert!(fief::scenario::run(&scenario(r#"{"fog": true}"#)).is_err());
}
