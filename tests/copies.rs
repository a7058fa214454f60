//! The bots' shortcuts give what the plain ways give: a copy into a game already held
//! (`clone_lean_into`) is the lean copy itself, the allies found in one pass are each
//! player's `ally`, and the Lords found by their kept places are the ones a search finds.

use fief::bots::{new_bot, Budget, Level};
use fief::rules::rng::Rng;
use fief::rules::{Game, Lord, Lords, Options};

/// Games at many points of bot play, for 4, 5 and 6 players (marriages make allies from 4).
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for (players, seed) in [(4u8, 3u64), (5, 8), (6, 21)] {
        let mut g = Game::new(Options {
            players,
            seed,
            round_cap: Some(6),
            ..Options::default()
        })
        .unwrap();
        let mut bot = new_bot(Level::Normal, seed, Budget::Iterations(1));
        let mut step = 0;
        while let Some(p) = g.to_act() {
            fief::bots::bot_move(&mut g, p, bot.as_mut()).unwrap();
            step += 1;
            if step % 7 == 0 {
                out.push(g.clone());
            }
        }
        out.push(g);
    }
    out
}

fn json(g: &Game) -> String {
    serde_json::to_string(g).unwrap()
}

#[test]
fn a_copy_into_a_held_game_is_the_lean_copy() {
    let games = positions();
    assert!(games.len() > 40, "only {} positions", games.len());
    // Each copy goes into the game the last one left, whatever it held.
    let mut held = games[games.len() - 1].clone();
    held.quiet = true;
    for g in &games {
        g.clone_lean_into(&mut held);
        let lean = g.clone_lean();
        assert_eq!(json(&held), json(&lean));
        assert!(held.history.is_empty() && held.log.is_empty());
        assert_eq!(held.quiet, lean.quiet);
        // The copy plays on as the lean copy does.
        if let Some(p) = held.to_act() {
            assert_eq!(held.legal_actions(p), lean.legal_actions(p));
        }
    }
}

#[test]
fn a_copy_is_the_game_with_its_hands_and_memories() {
    // The hands, the round's memories and the Movement's bookkeeping are copied by hand
    // (`Clone` written out): a copy must hold all of them, and some positions must have
    // them to copy.
    let (mut hands, mut memories, mut moves) = (0, 0, 0);
    for g in positions() {
        let c = g.clone();
        assert_eq!(json(&c), json(&g));
        assert_eq!(json(&g.clone_lean()), json(&c.clone_lean()));
        hands += g.players.iter().filter(|p| !p.hand.is_empty()).count();
        let m = &g.memory;
        memories += usize::from(!m.proposals.is_empty() || !m.asked_deals.is_empty());
        moves += usize::from(!g.moves.lords.is_empty() || !g.moves.groups.is_empty());
    }
    assert!(
        hands > 0 && memories > 0 && moves > 0,
        "{hands} {memories} {moves}"
    );
}

#[test]
fn the_allies_found_at_once_are_each_players_ally() {
    let mut married = 0;
    for g in positions() {
        let allies = g.allies();
        for p in 0..g.n() {
            assert_eq!(allies[p as usize], g.ally(p), "player {p}");
            married += usize::from(allies[p as usize].is_some());
        }
        assert!(allies[g.n() as usize..].iter().all(Option::is_none));
    }
    assert!(
        married > 0,
        "no alliance in any position: the test sees nothing"
    );
}

#[test]
fn lords_are_found_by_their_kept_places_as_a_search_finds_them() {
    let mut rng = Rng::new(12);
    let mut lords = Lords::default();
    let search = |lords: &Lords, id: u8| lords.iter().find(|l| l.id == id).copied();
    let check = |lords: &Lords| {
        for id in 0..=u8::MAX {
            assert_eq!(lords.by_id(id).copied(), search(lords, id), "Lord {id}");
        }
    };
    for id in [4u8, 0, 17, 9, 2, 11] {
        lords.push(Lord::new(id, id % 4, id));
        check(&lords);
    }
    // Changed in place: the kept places go stale and are only passed over.
    lords.swap(0, 5);
    lords.reverse();
    check(&lords);
    while !lords.is_empty() {
        let i = rng.below(lords.len() as u32) as usize;
        let gone = lords.remove(i);
        assert!(lords.by_id(gone.id).is_none());
        check(&lords);
        if let Some(l) = lords.by_id_mut(17) {
            l.village = 3;
        }
        check(&lords);
    }
    // A repeated id (a corrupt file) finds the first, as a search does; an id past the
    // Lord cards is searched for.
    let list = vec![Lord::new(5, 0, 1), Lord::new(5, 1, 2), Lord::new(200, 2, 3)];
    let lords = Lords::from(list.clone());
    check(&lords);
    assert_eq!(lords.by_id(5).unwrap().owner, 0);
    assert_eq!(lords.by_id(200).unwrap().owner, 2);
    // Written as the plain list, and read back the same.
    assert_eq!(
        serde_json::to_string(&lords).unwrap(),
        serde_json::to_string(&list).unwrap()
    );
    let back: Lords = serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap();
    assert_eq!(back, lords);
    check(&back);
}
