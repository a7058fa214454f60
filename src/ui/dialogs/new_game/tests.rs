//! Tests of the new-game form: the game it builds, or what is wrong with it, and the length
//! that becomes the round cap.

use super::*;

fn forms(n: usize) -> Vec<SeatForm> {
    (0..n)
        .map(|i| SeatForm {
            name: String::new(),
            colour: i as u8,
            kind: if i == 0 { 0 } else { 2 },
        })
        .collect()
}

#[test]
fn the_form_builds_a_game_or_says_what_is_wrong() {
    let ng = build(&forms(4), "", 77, fief::rules::RuleSet::default(), None).unwrap();
    assert_eq!(ng.options.seed, 77);
    assert_eq!(ng.seats[0], Seat::Human);
    assert_eq!(ng.seats[1], Seat::Bot(Level::Normal));
    assert_eq!(
        build(&forms(5), " 12 ", 1, fief::rules::RuleSet::default(), None)
            .unwrap()
            .options
            .seed,
        12
    );
    assert!(build(&forms(2), "", 1, fief::rules::RuleSet::default(), None).is_err());
    assert!(
        build(&forms(4), "abc", 1, fief::rules::RuleSet::default(), None)
            .unwrap_err()
            .contains("abc")
    );
    let mut same = forms(3);
    same[1].colour = 0;
    assert!(build(&same, "", 1, fief::rules::RuleSet::default(), None).is_err());
    let mut named = forms(3);
    named[2].name = "Jehanne".into();
    named[2].colour = 5;
    let g = fief::rules::Game::new(
        build(&named, "", 3, fief::rules::RuleSet::default(), None)
            .unwrap()
            .options,
    )
    .unwrap();
    assert_eq!(g.name(2), "Jehanne");
    assert_eq!(g.view(None).players[2].colour, "Red");
    assert_eq!(g.view(None).players[0].colour, "Green");
}

#[test]
fn the_game_length_becomes_the_round_cap() {
    for cap in [None, Some(10), Some(30)] {
        let ng = build(&forms(4), "", 5, fief::rules::RuleSet::default(), cap).unwrap();
        assert_eq!(ng.options.round_cap, cap);
    }
    // A game of one round ends after it, by the tie-break order.
    let ng = build(&forms(3), "", 5, fief::rules::RuleSet::default(), Some(1)).unwrap();
    let bots = (0..3)
        .map(|p| fief::bots::new_bot(Level::Easy, p, fief::bots::Budget::Iterations(1)))
        .collect();
    let mut s =
        fief::session::Session::bots_only(fief::rules::Game::new(ng.options).unwrap(), bots)
            .unwrap();
    s.play(100_000, |g| g.is_over()).unwrap();
    assert_eq!(s.game().round, 1);
    assert!(s.game().outcome.is_some());
}
