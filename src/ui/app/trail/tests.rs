//! Tests of the trail on games played by the engine's bots (pure: no display needed).

use super::*;
use fief::bots::{new_bot, Bot, Budget, Level};
use fief::rules::Options;
use std::sync::atomic::AtomicBool;

/// The game of `seed` played by Normal bots up to the first decision where `want` finds an
/// action of its player's; that game and the action.
fn game_where(seed: u64, mut want: impl FnMut(&Game, &Action) -> bool) -> (Game, PlayerId, Action) {
    let mut found = None;
    crate::ui::play_until(Level::Normal, seed, 5000, |g, p| {
        let a = g.legal_actions(p).into_iter().find(|a| want(g, a));
        if let Some(a) = a {
            found = Some((g.clone(), p, a));
        }
        found.is_some()
    });
    found.expect("no such decision in the game")
}

/// One decision of the player to act in `g`, by an Easy bot, applied, with its mark kept on
/// `trail` as the window keeps it; returns who decided and the mark.
fn step(g: &mut Game, trail: &mut Trail, bots: &mut [Box<dyn Bot>]) -> (PlayerId, Option<Mark>) {
    let p = g.to_act().expect("the game goes on");
    let never = AtomicBool::new(false);
    let a = bots[p as usize]
        .choose(&g.bot_view(p), &never)
        .expect("the bot decides");
    let mark = Trail::mark_of(g, p, &a);
    g.apply(p, a).unwrap();
    trail.record(mark);
    (p, mark)
}

fn easy_bots(n: usize) -> Vec<Box<dyn Bot>> {
    (0..n as u64)
        .map(|i| new_bot(Level::Easy, i, Budget::Iterations(1)))
        .collect()
}

/// A new game of `seed`, its trail, and Easy bots for its seats.
fn start(seed: u64) -> (Game, Trail, Vec<Box<dyn Bot>>) {
    let g = Game::new(Options {
        seed,
        ..Options::default()
    })
    .unwrap();
    let (trail, bots) = (Trail::new(&g), easy_bots(g.n() as usize));
    (g, trail, bots)
}

/// A Move is marked from where its Lords stood before it was made; a declared battle or
/// siege where it is fought; anything else is not marked.
#[test]
fn moves_and_battles_are_marked_where_they_happen() {
    let (mut g, p, a) = game_where(4, |_, a| matches!(a, Action::Move(_)));
    let Action::Move(m) = &a else { unreachable!() };
    let lord = m.lords[0];
    let from = g.lord(lord).unwrap().village;
    assert_ne!(from, m.to);
    let mark = Trail::mark_of(&g, p, &a);
    assert_eq!(
        mark,
        Some(Mark::Move {
            player: p,
            from,
            to: m.to
        })
    );
    // Read after the Move, its Lords stand where it went: the mark is taken before.
    g.apply(p, a.clone()).unwrap();
    assert_eq!(g.lord(lord).unwrap().village, m.to);
    assert_ne!(Trail::mark_of(&g, p, &a), mark);

    let (g, p, a) = game_where(4, |_, a| matches!(a, Action::DeclareBattle { .. }));
    let Action::DeclareBattle { village, .. } = a else {
        unreachable!()
    };
    assert_eq!(Trail::mark_of(&g, p, &a), Some(Mark::Battle { village }));
    for other in g.legal_actions(p) {
        if !matches!(
            other,
            Action::Move(_) | Action::DeclareBattle { .. } | Action::DeclareSiege(_)
        ) {
            assert_eq!(Trail::mark_of(&g, p, &other), None, "{other:?}");
        }
    }
}

/// Each player sees the others' moves since his last decision, never his own; a battle is
/// shown to everyone, its declarer too; with nobody to follow, the last six marks show.
#[test]
fn each_player_sees_the_others_marks_since_his_last_decision() {
    let (mut g, p, a) = game_where(7, |_, a| matches!(a, Action::Move(_)));
    let q = (p + 1) % g.n();
    let mut trail = Trail::new(&g);
    let mark = Trail::mark_of(&g, p, &a);
    g.apply(p, a).unwrap();
    trail.record(mark);
    let mark = mark.unwrap();
    // Not his own, even before he decides again; the others see it until they decide.
    assert_eq!(trail.marks(Some(p)), vec![]);
    assert_eq!(trail.marks(Some(q)), vec![mark]);
    assert_eq!(trail.marks(None), vec![mark]);
    assert!(!trail.decided(q, g.log.len()), "no card was shown to him");
    assert_eq!(trail.marks(Some(q)), vec![]);
    // A battle is seen by all, its declarer too, until each decides.
    let battle = Mark::Battle {
        village: match mark {
            Mark::Move { to, .. } => to,
            Mark::Battle { village } | Mark::Coach { village } => village,
        },
    };
    trail.record(Some(battle));
    assert_eq!(trail.marks(Some(p)), vec![battle]);
    assert_eq!(trail.marks(Some(q)), vec![battle]);
    trail.decided(p, g.log.len());
    assert_eq!(trail.marks(Some(p)), vec![]);

    // A game played on, each player deciding in turn: the last six marks for nobody in
    // particular; for each player, the others' since his last decision.
    let mut trail = Trail::new(&g);
    let mut bots = easy_bots(g.n() as usize);
    let mut all: Vec<Mark> = Vec::new();
    let mut last = vec![0; g.n() as usize];
    while g.to_act().is_some() && all.len() < 12 {
        let (p, mark) = step(&mut g, &mut trail, &mut bots);
        all.extend(mark);
        trail.decided(p, g.log.len());
        last[p as usize] = all.len();
    }
    assert_eq!(all.len(), 12);
    assert_eq!(trail.marks(None), all[6..]);
    for v in 0..g.n() {
        let others: Vec<Mark> = all[last[v as usize]..]
            .iter()
            .filter(|m| !matches!(m, Mark::Move { player, .. } if *player == v))
            .copied()
            .collect();
        assert_eq!(trail.marks(Some(v)), others);
    }
    trail.forget(&g);
    assert_eq!(trail.marks(None), vec![]);
    assert!((0..g.n()).all(|v| trail.marks(Some(v)).is_empty()));
}

/// The card of a human's turn tells the log since his last decision, once a turn, with his
/// name when several humans share the screen; nothing is said to nobody.
#[test]
fn the_card_tells_the_log_since_the_last_decision_once_a_turn() {
    let (mut g, mut trail, mut bots) = start(3);
    let p = g.to_act().unwrap();
    // Nothing happened yet: nothing to tell; asked again in the same turn, nothing changes.
    assert_eq!(trail.news(&g, &g.view(Some(p)), Some(p), 1), News::Clear);
    assert_eq!(trail.news(&g, &g.view(Some(p)), Some(p), 1), News::Keep);
    assert_eq!(trail.news(&g, &g.view(None), None, 1), News::Keep);
    // He decides; the others play until his turn comes again.
    step(&mut g, &mut trail, &mut bots);
    let seen = g.log.len();
    assert!(trail.decided(p, seen), "the card was his");
    while g.to_act() != Some(p) {
        step(&mut g, &mut trail, &mut bots);
    }
    let view = g.view(Some(p));
    let told = since_last_decision(&view.log, seen, 8);
    assert!(!told.is_empty());
    assert_eq!(
        trail.news(&g, &view, Some(p), 1),
        News::Card("Since your last decision".to_string(), told.clone())
    );
    assert_eq!(trail.news(&g, &view, Some(p), 1), News::Keep);
    // Several humans: the card names him (a new card for the same turn once forgotten).
    trail.forget(&g);
    trail.decided(p, seen);
    let named = format!("Since your last decision, {}", player(&g, p));
    assert_eq!(trail.news(&g, &view, Some(p), 2), News::Card(named, told));
}

/// When a round ends, the next card of the human's begins with every player's standing and
/// what changed in the round, then his news; each round is summed up once.
#[test]
fn a_round_that_ended_is_summed_up_in_the_next_card() {
    let (mut g, mut trail, mut bots) = start(8);
    let mut summed = Vec::new();
    while g.round <= 3 && g.to_act().is_some() {
        let to_tell = g.to_act().filter(|p| *p == 0);
        if let News::Card(title, lines) = trail.news(&g, &g.view(Some(0)), to_tell, 1) {
            if title != "Since your last decision" {
                summed.push(g.round);
                assert_eq!(
                    title,
                    format!("Round {} is over: where everyone stands", g.round - 1)
                );
                for p in 0..g.n() {
                    assert!(lines[p as usize].starts_with(&player(&g, p)), "{lines:?}");
                }
            }
        }
        if step(&mut g, &mut trail, &mut bots).0 == 0 {
            trail.decided(0, g.log.len());
        }
    }
    // Round 0 (the starting Villages) is not summed up; rounds 1 and 2 are, once each.
    assert_eq!(summed, vec![2, 3], "summed up when rounds {summed:?} came");
}

/// The same game taken up again (a table's line opened anew, `forget`): with his last
/// decision's place kept (`resume_seen`), the card tells what came since it, not the whole
/// log and not nothing; a place past the log's end changes nothing.
#[test]
fn a_game_taken_up_again_tells_what_came_since_the_last_decision() {
    let (mut g, mut trail, mut bots) = start(3);
    let p = g.to_act().unwrap();
    step(&mut g, &mut trail, &mut bots);
    let seen = g.log.len();
    trail.decided(p, seen);
    while g.to_act() != Some(p) {
        step(&mut g, &mut trail, &mut bots);
    }
    let view = g.view(Some(p));
    let told = since_last_decision(&view.log, seen, 8);
    assert!(!told.is_empty());
    trail.forget(&g);
    assert_eq!(trail.seen(p), Some(g.log.len()));
    trail.resume_seen(p, g.log.len() + 5);
    assert_eq!(trail.seen(p), Some(g.log.len()));
    trail.resume_seen(p, seen);
    assert_eq!(trail.seen(p), Some(seen));
    assert_eq!(
        trail.news(&g, &view, Some(p), 1),
        News::Card("Since your last decision".to_string(), told)
    );
}
