//! Learn to Play: every lesson starts from a valid position, its solution reaches the goal
//! against the lesson's other seats, a try that only ends its steps misses it, and the
//! progress file survives hostile contents.

use fief::bots::{Bot, Easy};
use fief::lessons::partner::Partner;
use fief::lessons::progress::Progress;
use fief::lessons::{moments, Moment, Others, Over, Verdict, LEARNER, LESSONS};
use fief::rules::{Action, Game};
use std::sync::atomic::AtomicBool;

/// The other seats of `lesson`, seeded.
fn others(others: Others) -> Vec<Box<dyn Bot>> {
    (0..6u64)
        .map(|s| -> Box<dyn Bot> {
            match others {
                Others::Partners => Box::new(Partner::new(s)),
                Others::EasyBots => Box::new(Easy::new(s)),
            }
        })
        .collect()
}

/// Plays from `g` until the verdict is no longer `Going` (or `limit` actions), the learner
/// choosing with `learner` and the others with the lesson's seats.
fn play(
    lesson: &fief::lessons::Lesson,
    mut learner: impl FnMut(&Game) -> Action,
    limit: usize,
) -> (Verdict, Game) {
    let start = lesson.start().expect("the lesson's position loads");
    let mut g = start.clone();
    let mut bots = others(lesson.others);
    let cancel = AtomicBool::new(false);
    for _ in 0..limit {
        let v = lesson.verdict(&start, &g);
        if v != Verdict::Going {
            return (v, g);
        }
        let p = g.to_act().expect("a lesson never stalls");
        let a = if p == LEARNER {
            learner(&g)
        } else {
            bots[p as usize]
                .choose(&g.view(Some(p)), &cancel)
                .expect("a seat with a decision chooses")
        };
        g.apply(p, a.clone())
            .unwrap_or_else(|e| panic!("{}: {a:?} refused: {e}", lesson.id));
    }
    (lesson.verdict(&start, &g), g)
}

#[test]
fn every_lesson_has_its_words_and_a_position_where_the_goal_is_still_ahead() {
    let mut ids = std::collections::BTreeSet::new();
    for l in &LESSONS {
        assert!(ids.insert(l.id), "two lessons are called {}", l.id);
        assert!(!l.title.is_empty() && !l.goal.is_empty() && !l.coach.is_empty());
        let g = l.start().unwrap_or_else(|e| panic!("{}: {e}", l.id));
        for key in l.look_at {
            assert!(
                g.map.find_village(key).is_some(),
                "{}: no Village {key}",
                l.id
            );
        }
        assert_eq!(
            l.verdict(&g, &g),
            Verdict::Going,
            "{}: reached at once",
            l.id
        );
        if l.over == Over::PhaseEnds {
            assert!(!l.missed.is_empty() && !l.solution.is_empty(), "{}", l.id);
            assert_eq!(
                g.to_act(),
                Some(LEARNER),
                "{}: the learner acts first",
                l.id
            );
        }
    }
    assert_eq!(LESSONS.len(), 10);
}

#[test]
fn each_lessons_solution_reaches_its_goal() {
    for l in LESSONS.iter().filter(|l| l.over == Over::PhaseEnds) {
        let mut steps = l.solution.iter();
        let (v, g) = play(
            l,
            |g| {
                let n = steps.next().unwrap_or_else(|| {
                    panic!(
                        "{}: the solution ran out before the goal at {:?}",
                        l.id,
                        g.prompt()
                    )
                });
                Action::parse(n, g).unwrap_or_else(|e| panic!("{}: {n}: {e}", l.id))
            },
            500,
        );
        assert_eq!(v, Verdict::Reached, "{}: ended {:?}", l.id, g.phase);
    }
}

#[test]
fn a_try_that_only_ends_its_steps_misses_the_goal_and_can_be_tried_again() {
    for l in LESSONS.iter().filter(|l| l.over == Over::PhaseEnds) {
        let idle = |g: &Game| {
            let legal = g.legal_actions(LEARNER);
            legal
                .iter()
                .find(|a| a.ends_step())
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::Pass | Action::NoCandidate))
                })
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::Vote { for_lord: None, .. }))
                })
                .unwrap_or(&legal[0])
                .clone()
        };
        let (v, _) = play(l, idle, 2_000);
        assert_eq!(v, Verdict::Missed, "{}", l.id);
        // A retry starts from the very same position.
        let (a, b) = (l.start().unwrap(), l.start().unwrap());
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
}

#[test]
fn the_first_game_coach_speaks_at_the_start_and_at_a_first_purchase() {
    let l = fief::lessons::find("game").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let mut easy = Easy::new(7);
    let cancel = AtomicBool::new(false);
    let (_, g) = play(
        l,
        |g| {
            seen.extend(moments(g));
            easy.choose(&g.view(Some(LEARNER)), &cancel).unwrap()
        },
        3_000,
    );
    assert!(g.round >= 2, "three thousand actions reach round 2");
    for m in [
        Moment::StartVillage,
        Moment::FirstPurchase,
        Moment::FirstMove,
    ] {
        assert!(seen.contains(&m), "{m:?} never came: {seen:?}");
    }
    for m in &seen {
        assert!(!m.words().is_empty());
    }
}

#[test]
fn progress_is_kept_and_a_bad_file_is_refused_untouched() {
    let dir = std::env::temp_dir().join(format!("fief-lessons-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = fief::lessons::progress::path_in(&dir);
    assert_eq!(Progress::load(&path).unwrap(), Progress::default());
    let mut p = Progress::default();
    assert!(p.finish("win") && !p.finish("win"));
    p.save(&path).unwrap();
    let back = Progress::load(&path).unwrap();
    assert!(back.is_done("win") && !back.is_done("troops"));
    assert_eq!(back.next().map(|l| l.id), Some("troops"));
    // Unknown ids are kept but never offered.
    std::fs::write(&path, r#"{"done": ["win", "from-a-later-version"]}"#).unwrap();
    assert_eq!(
        Progress::load(&path).unwrap().next().map(|l| l.id),
        Some("troops")
    );
    for bad in ["{", "[1, 2]", r#"{"done": 3}"#] {
        std::fs::write(&path, bad).unwrap();
        assert!(Progress::load(&path).is_err(), "{bad}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    }
    std::fs::write(&path, vec![b' '; 200_000]).unwrap();
    assert!(Progress::load(&path).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The siege lesson asks for a siege laid instead of a battle: an attack on Tournus misses
/// the try at once (the coach says why then, not after the battle), and a siege laid after an
/// attack never counts.
#[test]
fn an_attack_misses_the_siege_lesson_at_once() {
    let l = LESSONS.iter().find(|l| l.id == "siege").unwrap();
    let start = l.start().unwrap();
    let tournus = start.map.find_village("tournus").unwrap();
    let attack = Action::DeclareBattle {
        village: tournus,
        against: 3,
    };
    let (v, g) = play(
        l,
        |g| {
            let legal = g.legal_actions(LEARNER);
            assert!(legal.contains(&attack), "the attack is not open");
            attack.clone()
        },
        500,
    );
    assert_eq!(v, Verdict::Missed);
    assert_eq!(g.history.last().map(|(_, a)| a.clone()), Some(attack));
    // Played on, with the siege laid after the battle: still not the goal.
    let mut later = g.clone();
    let mut bots = others(l.others);
    let cancel = AtomicBool::new(false);
    for _ in 0..500 {
        if later.villages[tournus as usize].besieger == Some(LEARNER) {
            break;
        }
        let Some(p) = later.to_act() else { break };
        let legal = later.legal_actions(p);
        let a = if p != LEARNER {
            bots[p as usize]
                .choose(&later.view(Some(p)), &cancel)
                .unwrap()
        } else if legal.contains(&Action::EndBattle) {
            Action::EndBattle
        } else if legal.contains(&Action::DeclareSiege(tournus)) {
            Action::DeclareSiege(tournus)
        } else if legal.contains(&Action::Fight) {
            Action::Fight
        } else {
            legal
                .iter()
                .find(|a| a.ends_step())
                .unwrap_or(&legal[0])
                .clone()
        };
        later.apply(p, a).unwrap();
    }
    assert_eq!(
        later.villages[tournus as usize].besieger,
        Some(LEARNER),
        "no siege after the attack: the test proves nothing"
    );
    assert_ne!(l.verdict(&start, &later), Verdict::Reached);
}

/// The hand is shown only in the lessons with cards: the one that deals a hand and the first
/// game.
#[test]
fn only_the_lessons_with_cards_use_the_hand() {
    let with: Vec<&str> = LESSONS
        .iter()
        .filter(|l| l.uses_cards())
        .map(|l| l.id)
        .collect();
    assert_eq!(with, ["cards", "game"]);
    for l in LESSONS.iter().filter(|l| !l.uses_cards()) {
        let g = l.start().unwrap();
        assert!(g.players[LEARNER as usize].hand.is_empty(), "{}", l.id);
    }
}
