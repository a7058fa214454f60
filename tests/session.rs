//! The game session without a display: the bot handshake, undo, hotseat privacy, automatic
//! passes and the autosave policy (src/session.rs).

use fief::bots::{new_bot, Budget, Level};
use fief::rules::state::phase::{Pending, WindowAt};
use fief::rules::{Action, Game, Options, PlayerId};
use fief::save::Store;
use fief::session::{
    set_aside_autosave, worth_resuming, Answered, Autosave, Next, Played, Seat, Session, Settings,
};
use std::path::PathBuf;
use std::time::Duration;

fn options(seed: u64) -> Options {
    Options {
        seed,
        ..Options::default()
    }
}

fn seats(humans: &[PlayerId]) -> Vec<Seat> {
    (0..4)
        .map(|p| {
            if humans.contains(&p) {
                Seat::Human
            } else {
                Seat::Bot(Level::Easy)
            }
        })
        .collect()
}

fn settings(auto_pass: bool) -> Settings {
    Settings {
        hard_budget: Budget::Iterations(4),
        auto_pass,
        ..Settings::default()
    }
}

fn session(seed: u64, humans: &[PlayerId], autosave: Autosave) -> Session {
    Session::new(
        Game::new(options(seed)).unwrap(),
        seats(humans),
        settings(true),
        autosave,
    )
    .unwrap()
}

/// Lets the bots play until a human must decide; returns who.
fn to_human(s: &mut Session) -> PlayerId {
    match s.play(100_000, |_| false).unwrap() {
        Played::HumanTurn(p) => p,
        other => panic!("no human turn: {other:?}"),
    }
}

fn temp_store(name: &str) -> (PathBuf, Store) {
    let dir = std::env::temp_dir().join(format!("fief-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    (dir.clone(), Store::at(dir))
}

fn files_in(dir: &PathBuf) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn a_human_takes_back_his_own_decisions_until_something_is_revealed() {
    let mut s = session(5, &[0], Autosave::Off);
    let p = to_human(&mut s);
    assert_eq!(p, 0);
    assert!(!s.can_undo());
    // Choosing a starting Village reveals nothing: it can be taken back.
    let before = s.game().history.clone();
    let a = s.legal()[0].clone();
    assert!(matches!(a, Action::ChooseStart(_)));
    s.submit(0, a.clone()).unwrap();
    assert!(s.can_undo());
    assert!(s.undo());
    assert_eq!(s.game().history, before);
    assert!(!s.can_undo());
    // Taken again, then a bot's request goes out; the undo drops its answer.
    s.submit(0, a).unwrap();
    let Next::Bot(request) = s.next_turn() else {
        panic!("a bot should decide next")
    };
    assert!(s.undo());
    assert_eq!(s.answer(request.run(Duration::ZERO)), Answered::Stale);
    assert_eq!(s.game().history, before);
    // A decision by someone else's turn is refused, the game untouched.
    let not_mine = s.game().legal_actions(0)[0].clone();
    assert!(s.submit(1, not_mine).is_err());
    assert_eq!(s.game().history, before);
    // Once a bot has moved, the human's earlier decisions stay.
    let a = s.legal()[0].clone();
    s.submit(0, a).unwrap();
    s.play(1, |_| false).unwrap();
    assert!(!s.can_undo());
}

#[test]
fn nothing_is_undone_past_dice_or_a_card_drawn() {
    let mut s = session(9, &[0], Autosave::Off);
    let mut revealed = 0;
    for _ in 0..400 {
        let Played::HumanTurn(p) = s.play(100_000, |_| false).unwrap() else {
            break;
        };
        let legal = s.legal();
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::DrawFortune | Action::DrawLord | Action::Fight))
            .unwrap_or(&legal[0])
            .clone();
        let before = s.game().clone();
        s.submit(p, a).unwrap();
        if s.game().revealed_since(&before) {
            revealed += 1;
            assert!(!s.can_undo(), "undo offered past something revealed");
        }
        if revealed >= 3 {
            break;
        }
    }
    assert!(revealed >= 3, "no card drawn nor die rolled by the human");
}

#[test]
fn hotseat_shows_nobodys_secrets_until_the_player_lifts_the_cover() {
    let mut s = session(7, &[0, 1], Autosave::Off);
    let mut covers = 0;
    for _ in 0..200 {
        match s.next_turn() {
            Next::Bot(r) => {
                s.answer(r.run(Duration::ZERO));
            }
            Next::Cover(p) => {
                covers += 1;
                assert_eq!(s.viewer(), None);
                assert_eq!(s.human_turn(), None);
                assert!(s.legal().is_empty());
                let any = s.game().legal_actions(p)[0].clone();
                assert!(s.submit(p, any).is_err(), "a covered player decided");
                assert!(s.view().players[p as usize].hand.is_none());
                s.uncover();
                assert_eq!(s.viewer(), Some(p));
            }
            Next::Human(p) => {
                assert_eq!(s.viewer(), Some(p));
                assert!(s.view().players[p as usize].hand.is_some());
                let other = 1 - p;
                assert!(s.view().players[other as usize].hand.is_none());
                let a = s.legal()[0].clone();
                s.submit(p, a).unwrap();
            }
            other => panic!("{other:?}"),
        }
        if covers >= 3 {
            break;
        }
    }
    assert!(covers >= 3, "the cover came {covers} times");
}

/// A reaction window opened for the human (seat 0) at a moment when he holds no card, no
/// Denier and no Diplomacy marker: passing is all he can do.
fn a_window_with_nothing_to_play() -> Game {
    let mut g = Game::new(options(3)).unwrap();
    while g.round < 1 {
        let p = g.to_act().unwrap();
        let a = g.legal_actions(p)[0].clone();
        g.apply(p, a).unwrap();
    }
    let me = &mut g.players[0];
    me.hand.clear();
    me.money = 0;
    me.diplomacy = 0;
    let idx = (0..g.n()).find(|&i| g.in_turn(i) == 0).unwrap();
    g.pending.push(Pending::Window {
        at: WindowAt::Phase(2),
        idx,
    });
    g
}

#[test]
fn auto_pass_answers_the_decisions_where_passing_is_all_one_can_do() {
    let g = a_window_with_nothing_to_play();
    assert_eq!(g.legal_actions(0), [Action::Pass]);
    // Off: the human is asked.
    let mut s = Session::new(g.clone(), seats(&[0]), settings(false), Autosave::Off).unwrap();
    assert!(matches!(s.next_turn(), Next::Human(0)));
    assert_eq!(s.legal(), [Action::Pass]);
    // On: the session passes for him, and the pass cannot be taken back.
    let mut s = Session::new(g, seats(&[0]), settings(true), Autosave::Off).unwrap();
    let next = s.next_turn();
    assert!(!matches!(next, Next::Human(0)) || s.legal() != [Action::Pass]);
    assert_eq!(s.game().history.last(), Some(&(0, Action::Pass)));
    assert!(!s.can_undo());
}

#[test]
fn a_paused_session_plays_nothing() {
    let mut s = session(4, &[], Autosave::Off);
    s.pause();
    assert!(matches!(s.next_turn(), Next::Paused));
    assert_eq!(s.play(100, |_| false).unwrap(), Played::Stopped);
    assert_eq!(s.applied(), 0);
    s.unpause();
    assert!(matches!(s.next_turn(), Next::Bot(_)));
    // The request out is dropped when the session pauses.
    s.pause();
    s.unpause();
    let Next::Bot(r) = s.next_turn() else {
        panic!()
    };
    s.pause();
    assert_eq!(s.answer(r.run(Duration::ZERO)), Answered::Stale);
    assert_eq!(s.applied(), 0);
}

#[test]
fn an_answer_for_a_replaced_session_is_stale() {
    let mut a = session(4, &[], Autosave::Off);
    let mut b = session(4, &[], Autosave::Off);
    let Next::Bot(r) = a.next_turn() else {
        panic!()
    };
    // The same seat and decision in another session: not accepted there.
    assert!(matches!(b.next_turn(), Next::Bot(_)));
    assert_eq!(b.answer(r.run(Duration::ZERO)), Answered::Stale);
    assert_eq!(b.applied(), 0);
}

#[test]
fn a_session_of_bots_is_never_autosaved() {
    let (dir, store) = temp_store("off");
    let bots = (0..4)
        .map(|p| new_bot(Level::Easy, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(Game::new(options(2)).unwrap(), bots).unwrap();
    s.play(100_000, |g| g.round >= 2).unwrap();
    assert_eq!(s.autosave_path(), None);
    assert!(files_in(&dir).is_empty());
    let mut s = session(2, &[0], Autosave::Off);
    let p = to_human(&mut s);
    let a = s.legal()[0].clone();
    s.submit(p, a).unwrap();
    s.autosave_now().unwrap();
    assert!(files_in(&dir).is_empty());
    assert!(!store.autosave_path().exists());
}

#[test]
fn the_players_game_is_written_at_once_and_after_every_decision() {
    let (dir, store) = temp_store("to");
    let mut s = session(6, &[0], Autosave::To(store.clone()));
    assert_eq!(s.autosave_path(), Some(store.autosave_path()));
    let saved = store.resume().expect("written at once").unwrap();
    assert!(saved.game.history.is_empty());
    for _ in 0..30 {
        let p = to_human(&mut s);
        let a = s.legal()[0].clone();
        s.submit(p, a).unwrap();
        let saved = store.resume().unwrap().unwrap();
        assert_eq!(
            saved.game.history,
            s.game().history,
            "a decision not written"
        );
        assert_eq!(saved.seats, s.seats());
    }
    // Phases begun by the bots are written too.
    let round = s.game().round;
    let mut phases = 0;
    let mut last = std::mem::discriminant(&s.game().phase);
    s.play(100_000, |g| {
        let now = std::mem::discriminant(&g.phase);
        if now != last {
            phases += 1;
            last = now;
        }
        false
    })
    .unwrap();
    let saved = store.resume().unwrap().unwrap();
    assert!(saved.game.round >= round);
    assert!(phases == 0 || saved.game.history.len() > 30);
    // No temporary file is left beside it.
    assert!(
        files_in(&dir).iter().all(|f| !f.ends_with(".tmp")),
        "{:?}",
        files_in(&dir)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_leaves_no_autosave() {
    let (dir, store) = temp_store("end");
    let game = Game::new(Options {
        round_cap: Some(2),
        ..options(8)
    })
    .unwrap();
    let mut s = Session::new(
        game,
        vec![Seat::Bot(Level::Easy); 4],
        settings(true),
        Autosave::To(store.clone()),
    )
    .unwrap();
    assert!(store.autosave_path().exists());
    assert_eq!(s.play(1_000_000, |_| false).unwrap(), Played::Over);
    s.autosave_now().unwrap();
    assert!(!store.autosave_path().exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_autosave_is_kept_until_a_write_succeeds() {
    let (dir, _) = temp_store("fail");
    std::fs::create_dir_all(&dir).unwrap();
    let blocked = dir.join("data");
    std::fs::write(&blocked, "a file, not a folder").unwrap();
    let store = Store::at(&blocked);
    let mut s = session(6, &[0], Autosave::To(store));
    let problem = s.autosave_problem().expect("the write failed").clone();
    assert!(problem.path.starts_with(&blocked));
    assert!(
        problem.reason.contains("is a file, not a folder"),
        "{}",
        problem.reason
    );
    let p = to_human(&mut s);
    let a = s.legal()[0].clone();
    s.submit(p, a).unwrap();
    assert_eq!(s.autosave_problem(), Some(&problem));
    // The folder can be written again: the next write clears it.
    std::fs::remove_file(&blocked).unwrap();
    s.autosave_now().unwrap();
    assert_eq!(s.autosave_problem(), None);
    assert!(fief::save::load(&blocked.join("autosave.fief")).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_a_game_somebody_played_is_offered_again() {
    let (dir, store) = temp_store("offer");
    // Bots chose their Villages, the human nothing yet: not worth offering.
    let mut s = Session::new(
        Game::new(Options {
            first_player: Some(1),
            ..options(12)
        })
        .unwrap(),
        seats(&[0]),
        settings(true),
        Autosave::To(store.clone()),
    )
    .unwrap();
    let p = to_human(&mut s);
    s.autosave_now().unwrap();
    let saved = store.resume().unwrap().unwrap();
    assert!(!saved.game.history.is_empty());
    assert!(!worth_resuming(&saved));
    // One decision of the human's: offered.
    let a = s.legal()[0].clone();
    s.submit(p, a).unwrap();
    let saved = store.resume().unwrap().unwrap();
    assert!(worth_resuming(&saved));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_autosave_is_set_aside_untouched() {
    let (dir, store) = temp_store("aside");
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(set_aside_autosave(&store).unwrap(), None);
    std::fs::write(
        store.autosave_path(),
        b"{\"format\": \"fief-1429-save\", \"ver",
    )
    .unwrap();
    let kept = set_aside_autosave(&store).unwrap().unwrap();
    assert_eq!(
        std::fs::read(&kept).unwrap(),
        b"{\"format\": \"fief-1429-save\", \"ver"
    );
    assert!(!store.autosave_path().exists());
    std::fs::write(store.autosave_path(), b"again").unwrap();
    let second = set_aside_autosave(&store).unwrap().unwrap();
    assert_ne!(second, kept);
    assert_eq!(std::fs::read(&second).unwrap(), b"again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bots_game_through_the_session_is_the_same_game_twice() {
    let run = || {
        let bots = (0..4)
            .map(|p| new_bot(Level::Normal, 40 + p, Budget::Iterations(1)))
            .collect();
        let mut s = Session::bots_only(Game::new(options(17)).unwrap(), bots).unwrap();
        s.play(600, |_| false).unwrap();
        s.game().history.clone()
    };
    let a = run();
    assert_eq!(a.len(), 600);
    assert_eq!(a, run());
}

/// "Done until my purchases": the human's routine steps (marriages, the draw, playing cards,
/// reaction windows) are ended for him, questions are still asked, and the order stops at
/// his purchases; Escape-like withdrawal ends it at once.
#[test]
fn a_standing_order_ends_routine_steps_until_the_purchases_and_asks_the_rest() {
    use fief::rules::PromptKind;
    use fief::session::Standing;
    let mut s = session(7, &[0], Autosave::Off);
    let mut asked = Vec::new();
    let mut drew = 0;
    // Play the first round's setup by the first offer until a routine step in round 2.
    for _ in 0..2000 {
        let p = to_human(&mut s);
        let g = s.game();
        let routine = g.round >= 2
            && g.phase.number() < 4
            && s.legal().iter().any(|a| {
                matches!(
                    a,
                    Action::EndMarriages | Action::EndDraw | Action::EndPlayCards
                )
            });
        if routine {
            break;
        }
        let a = s.legal()[0].clone();
        s.submit(p, a).unwrap();
    }
    assert!(s.game().round >= 2 && s.game().phase.number() < 4);
    s.stand(0, Standing::UntilPurchases);
    assert_eq!(s.standing(0), Some(Standing::UntilPurchases));
    let round = s.game().round;
    loop {
        let p = to_human(&mut s);
        let kind = s.game().prompt().unwrap().kind.clone();
        if kind == PromptKind::Purchase {
            break;
        }
        // Only questions come to him: never a step he could simply end. His draw is one of
        // them while he can draw (2.1): ending it for him would take his cards unasked.
        let offered = s.legal();
        let can_draw = offered
            .iter()
            .any(|a| matches!(a, Action::DrawFortune | Action::DrawLord));
        assert!(
            !offered
                .iter()
                .any(|a| matches!(a, Action::EndMarriages | Action::EndPlayCards)
                    || (*a == Action::EndDraw && !can_draw)),
            "{kind:?} was not ended"
        );
        assert_eq!(s.standing(0), Some(Standing::UntilPurchases), "{kind:?}");
        let a = if can_draw {
            drew += 1;
            let hand = s.game().players[0].hand.len();
            s.submit(p, Action::DrawFortune).unwrap();
            assert!(s.game().players[0].hand.len() > hand || s.game().prompt().is_none());
            continue;
        } else {
            s.legal()[0].clone()
        };
        asked.push(kind);
        s.submit(p, a).unwrap();
    }
    assert_eq!(s.game().round, round);
    assert!(drew > 0, "he was never asked to draw");
    // At his purchases the order has run out.
    assert_eq!(s.standing(0), None);
    s.stand(0, Standing::UntilPurchases);
    s.stand_down(0);
    assert_eq!(s.standing(0), None);
    // A bot never takes orders.
    s.stand(1, Standing::UntilPurchases);
    assert_eq!(s.standing(1), None);
}

/// The outmatched battle of the fixture (Kirsten, seat 2, human, attacks Gunter in Charolles)
/// with `dice` scripted, in a session of Normal bots around her.
fn outmatched(dice: &[u8]) -> Session {
    let mut sc = outmatched_scenario();
    sc["dice"] = serde_json::json!(dice);
    kirsten_in(&sc)
}

/// The fixture's scenario, to change before it is played.
fn outmatched_scenario() -> serde_json::Value {
    serde_json::from_str(include_str!("fixtures/outmatched.json")).unwrap()
}

/// A session of the scenario `sc` with Kirsten (seat 2) human and Normal bots around her.
fn kirsten_in(sc: &serde_json::Value) -> Session {
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    let bot = Seat::Bot(Level::Normal);
    let seats = vec![bot, bot, Seat::Human, bot];
    Session::new(out.game, seats, settings(true), Autosave::Off).unwrap()
}

/// "Fight to the end" stops before a roll that could leave her Lord alone: her 7
/// Men-at-Arms lose 6 to the first roll (dice 1, 1 against 6, 6), and with one left against two dice Eric would fall or be captured next; she is asked, with Break
/// off and Surrender among her choices.
#[test]
fn fight_to_the_end_stops_before_a_roll_that_exposes_a_lord() {
    use fief::session::{FightStop, Standing};
    let mut s = outmatched(&[1, 1, 6, 6]);
    let p = to_human(&mut s);
    assert_eq!(p, 2);
    assert!(s.legal().contains(&Action::Fight), "{:?}", s.legal());
    let village = s.game().battle.as_ref().unwrap().village;
    s.stand(
        2,
        Standing::FightOn {
            round: s.game().round,
            village,
        },
    );
    // The first roll is rolled for her; her casualties are hers to pick.
    let mut picked = 0;
    loop {
        to_human(&mut s);
        let offered = s.legal();
        if !offered.iter().any(|a| matches!(a, Action::Casualty(_))) {
            break;
        }
        s.submit(2, offered[0].clone()).unwrap();
        picked += 1;
    }
    // (Six Men-at-Arms are all the choice there is: the engine takes them.)
    assert!(picked <= 6);
    let charolles = s.game().map.find_village("charolles").unwrap();
    assert_eq!(s.game().villages[charolles as usize].troops[2].maa, 1);
    assert!(s.game().battle.is_some(), "the battle is still on");
    assert!(s.legal().contains(&Action::Fight));
    assert_eq!(s.take_fight_stop(), Some((2, FightStop::LordsExposed)));
    assert_eq!(s.standing(2), None, "the order ran out");
    let g = s.game();
    assert!(g.battle_max_hits()[1] >= g.side_troop_hits(0));
}

/// A side that would roll no dice is never rolled for: Eric and one Man-at-Arms (2 SP, one
/// die) attack a Stronghold (a die less).
#[test]
fn fight_to_the_end_never_rolls_without_dice() {
    use fief::session::{FightStop, Standing};
    let mut sc = outmatched_scenario();
    sc["position"]["villages"]["charolles"] = serde_json::json!({
        "troops": {"Gunter": [1, 0], "Kirsten": [1, 0]},
        "controller": "Gunter",
        "fort": "stronghold"
    });
    let mut s = kirsten_in(&sc);
    to_human(&mut s);
    assert_eq!(s.game().battle_dice()[0], 0, "the attackers roll no dice");
    let before = s.game().history.len();
    let village = s.game().battle.as_ref().unwrap().village;
    s.stand(
        2,
        Standing::FightOn {
            round: s.game().round,
            village,
        },
    );
    assert_eq!(to_human(&mut s), 2);
    assert_eq!(
        s.game().history.len(),
        before,
        "a roll without dice was made"
    );
    assert_eq!(s.take_fight_stop(), Some((2, FightStop::NoDice)));
}

/// The odds rule: a side likelier to lose than to win, and less likely to win than when the
/// order was given, is asked; one that was already behind when it chose to fight on is not.
#[test]
fn fight_to_the_end_stops_when_the_odds_turn() {
    use fief::session::{fight_stop, FightStop};
    let s = outmatched(&[]);
    let g = s.game();
    match fight_stop(g, 2, 0.9) {
        Some(FightStop::OddsTurned { win, lose }) => assert!(win < lose && win < 0.9),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        fight_stop(g, 2, 0.0),
        None,
        "no worse than when she chose it"
    );
    assert_eq!(fight_stop(g, 0, 0.9), None, "Grady is not in this battle");
}

/// "Done until my purchases" never passes a Play Cards step in which a Lord card can be
/// played (2.4.1): a Lord just drawn is offered first.
#[test]
fn a_standing_order_stops_for_a_lord_card() {
    use fief::session::Standing;
    let lord = Action::PlayLord {
        lord: 3,
        village: 4,
        crown_prince: false,
    };
    let legal = [Action::EndPlayCards, lord];
    assert!(!Standing::routine_end(&Action::EndPlayCards, &legal));
    assert!(Standing::routine_end(
        &Action::EndPlayCards,
        &[Action::EndPlayCards]
    ));
}

/// A standing answer: every question of one kind is answered the same way for the rest of
/// the phase, and only that kind.
#[test]
fn a_standing_answer_answers_its_kind_until_the_phase_ends() {
    use fief::rules::PromptKind;
    use fief::session::Standing;
    let mut s = session(3, &[0], Autosave::Off);
    let g = s.game().clone();
    let order = Standing::answer_all(
        &g,
        &PromptKind::Permission {
            mover: 1,
            from: 0,
            to: 1,
            toll: 0,
        },
        false,
    )
    .expect("a question");
    assert!(Standing::answer_all(&g, &PromptKind::Movement, true).is_none());
    s.stand(0, order);
    s.stand(0, Standing::UntilPurchases);
    assert_eq!(
        s.standings(0).count(),
        2,
        "orders of two kinds are held together"
    );
    s.stand(0, order);
    assert_eq!(s.standings(0).count(), 2, "one of each kind");
}

/// Idle steps: nothing but the end, Diplomacy offers and the pillage of one's own Mills.
#[test]
fn an_idle_step_is_one_with_nothing_worth_doing() {
    use fief::session::idle_step_end;
    let mut sc = outmatched_scenario();
    sc["position"]["villages"]["blaye"]["mills"] = serde_json::json!(1);
    sc["position"]["villages"]["blaye"]["controller"] = serde_json::json!("Grady");
    let g = fief::scenario::run(&sc.to_string()).unwrap().game;
    let own = Action::Pillage(g.map.find_village("blaye").unwrap());
    let offer = Action::OfferDeniers { to: 1, amount: 1 };
    assert_eq!(
        idle_step_end(&g, 0, &[Action::EndPillage, own.clone(), offer.clone()]),
        Some(Action::EndPillage)
    );
    assert_eq!(idle_step_end(&g, 1, &[Action::EndPillage, own]), None);
    assert_eq!(
        idle_step_end(&g, 0, &[Action::EndMovement, offer]),
        Some(Action::EndMovement)
    );
    assert_eq!(
        idle_step_end(&g, 0, &[Action::EndBattles, Action::PlayJustice(3)]),
        None
    );
    // A reaction window with nothing but a card he can play in any step of his own.
    assert_eq!(
        idle_step_end(&g, 0, &[Action::Pass, Action::PlayCardinal { lord: 3 }]),
        Some(Action::Pass)
    );
    assert_eq!(
        idle_step_end(&g, 0, &[Action::Pass, Action::PlayAmbush(3)]),
        None
    );
    assert_eq!(
        idle_step_end(&g, 0, &[Action::EndMovement, Action::BuyMaa(3)]),
        None
    );
}

/// A danger seen when the order was given (her four Men-at-Arms could all die to the other
/// side's two dice) does not stop the order at once; once she has lost Troops, it does.
#[test]
fn fight_to_the_end_stops_again_once_a_seen_danger_grows() {
    use fief::session::{fight_stop, FightStop, Standing};
    let mut sc = outmatched_scenario();
    sc["position"]["villages"]["charolles"]["troops"]["Kirsten"] = serde_json::json!([4, 0]);
    sc["dice"] = serde_json::json!([1, 1, 1, 1, 1, 1, 1, 1]);
    let mut s = kirsten_in(&sc);
    assert_eq!(to_human(&mut s), 2);
    assert_eq!(
        fight_stop(s.game(), 2, 0.0),
        Some(FightStop::LordsExposed),
        "the danger holds when she gives the order"
    );
    let village = s.game().battle.as_ref().unwrap().village;
    let round = s.game().round;
    s.stand(2, Standing::FightOn { round, village });
    to_human(&mut s);
    let charolles = s.game().map.find_village("charolles").unwrap();
    assert_eq!(s.game().villages[charolles as usize].troops[2].maa, 2);
    assert!(s.game().battle.is_some());
    assert_eq!(s.take_fight_stop(), Some((2, FightStop::LordsExposed)));
}

/// A finished game is not taken back: its end was told and its autosave removed. Four
/// humans play a one-round game; the last decision, a human's, ends it.
#[test]
fn a_finished_game_cannot_be_undone() {
    let g = Game::new(Options {
        seed: 4,
        round_cap: Some(1),
        ..Options::default()
    })
    .unwrap();
    let mut s = Session::new(g, seats(&[0, 1, 2, 3]), settings(true), Autosave::Off).unwrap();
    for _ in 0..5000 {
        match s.next_turn() {
            Next::Cover(_) => s.uncover(),
            Next::Human(p) => {
                let a = s.legal().last().unwrap().clone();
                s.submit(p, a).unwrap();
            }
            Next::Over => break,
            other => panic!("{other:?}"),
        }
    }
    assert!(s.game().is_over());
    assert!(!s.can_undo());
    assert!(!s.undo());
    assert!(s.game().is_over());
}

/// "Fight to the end" refuses the truces offered in its battle; standing answers to two
/// kinds of question are held together; orders that ran out are withdrawn.
#[test]
fn standing_orders_hold_their_kind_and_run_out() {
    use fief::rules::PromptKind;
    use fief::session::Standing;
    let mut sc = outmatched_scenario();
    sc["script"] = serde_json::json!([
        ["Kirsten", "battle charolles gunter"],
        ["Kirsten", "fight"],
        ["Gunter", "truce"]
    ]);
    sc["dice"] = serde_json::json!([1, 1, 1, 1]);
    let mut s = kirsten_in(&sc);
    assert!(matches!(
        s.game().prompt().unwrap().kind,
        PromptKind::Truce { .. }
    ));
    let before = s.game().history.len();
    let (round, village) = (s.game().round, s.game().battle.as_ref().unwrap().village);
    s.stand(2, Standing::FightOn { round, village });
    let g = s.game().clone();
    let permission = PromptKind::Permission {
        mover: 1,
        from: 0,
        to: 1,
        toll: 0,
    };
    let deal = PromptKind::Deal {
        giver: 1,
        receiver: 2,
        deniers: 1,
        cards: Vec::new(),
    };
    s.stand(2, Standing::answer_all(&g, &permission, false).unwrap());
    s.stand(2, Standing::answer_all(&g, &deal, false).unwrap());
    assert_eq!(
        s.standings(2).count(),
        3,
        "{:?}",
        s.standings(2).collect::<Vec<_>>()
    );
    s.next_turn();
    let (p, a) = s.game().history.since(before).next().unwrap().clone();
    assert_eq!((p, a), (2, Action::Refuse), "the truce was not refused");
    // In the next round, every one of them has run out (and is withdrawn).
    let mut later = s.game().clone();
    later.round += 1;
    for o in s.standings(2).collect::<Vec<_>>() {
        assert!(!o.ran_out(s.game()), "{o:?}");
        assert!(o.ran_out(&later), "{o:?}");
    }
}
