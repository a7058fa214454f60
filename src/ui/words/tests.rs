//! Tests of the words: every legal action of a played game has words, the map's tooltip, the
//! odds in percent (pure: no display needed).

use super::actions::*;
use super::chances::*;
use super::tooltips::*;
use fief::rules::{Action, Game, Options};

fn game() -> Game {
    Game::new(Options {
        players: 4,
        seed: 5,
        ..Options::default()
    })
    .unwrap()
}

#[test]
fn every_legal_action_of_a_played_game_has_words() {
    // A game by the random bot: each action offered on the way gets a non-empty label and
    // a group, and no label is left with an unfilled placeholder.
    let mut last_round = 0;
    crate::ui::play_until(fief::bots::Level::Easy, 5, 3000, |g, p| {
        for a in g.legal_actions(p).iter().take(200) {
            let s = action(g, a);
            assert!(!s.trim().is_empty(), "{a:?}");
            assert!(!s.contains('{'), "{s}");
            assert!(action_group(a).is_none_or(|t| !t.is_empty()));
        }
        last_round = g.round;
        false
    });
    assert!(last_round > 1);
}

#[test]
fn the_tooltip_lists_a_village_state() {
    let mut g = game();
    let p = g.to_act().unwrap();
    g.apply(p, Action::ChooseStart(3)).unwrap();
    let t = village_tooltip(&g, None, 3, &[]);
    assert!(t.contains(&g.map.villages[3].name));
    assert!(t.contains(&g.name(p)), "{t}");
}

/// Names with markup's special characters are shown as they are, in valid markup: "Tom &
/// Jerry" holds a Village, "<b>Ann</b>" besieges it, and both tax it.
#[test]
fn names_are_escaped_in_the_tooltip() {
    let names = ["Tom & Jerry", "<b>Ann</b>", "Carl", "Dora"];
    let mut g = Game::new(Options {
        names: names.iter().map(|n| n.to_string()).collect(),
        first_player: Some(0),
        seed: 3,
        ..Options::default()
    })
    .unwrap();
    g.apply(0, Action::ChooseStart(3)).unwrap();
    g.villages[3].besieger = Some(1);
    g.lords[0].captor = Some(1);
    let tip = village_tooltip(&g, None, 3, &[]);
    let (_, plain, _) = relm4::gtk::pango::parse_markup(&tip, '\0')
        .unwrap_or_else(|e| panic!("{tip:?} is not valid markup: {e}"));
    assert!(plain.contains("Held by Tom & Jerry"), "{plain}");
    assert!(plain.contains("Besieged by <b>Ann</b>"), "{plain}");
    assert!(plain.contains("captive of <b>Ann</b>"), "{plain}");
}

#[test]
fn percentages_never_round_to_a_certainty() {
    assert_eq!(percent(0.5), "50%");
    assert_eq!(percent(1.0), "100%");
    assert_eq!(percent(0.0), "0%");
    assert_eq!(percent(0.9996), ">99%");
    assert_eq!(percent(0.0004), "<1%");
}

#[test]
fn every_prompt_of_played_games_has_words_for_the_asked_and_the_others() {
    // Games by the random bot, optional rules on: each question asked on the way is worded
    // for the player who answers ("you") and for the others ("Blue is …"), both filled in.
    let mut kinds = std::collections::BTreeSet::new();
    for seed in [5, 11, 29] {
        let options = Options {
            seed,
            relics: true,
            open_diplomacy: true,
            ..Options::default()
        };
        crate::ui::play_until_with(options, fief::bots::Level::Easy, 4000, |g, _| {
            if let Some(pr) = g.prompt() {
                let mine = super::question::prompt(g, &pr, Some(pr.player));
                let theirs = super::question::prompt(g, &pr, None);
                for s in [&mine, &theirs] {
                    assert!(!s.trim().is_empty(), "{:?}", pr.kind);
                    assert!(!s.contains('{'), "{s}");
                }
                assert_ne!(mine, theirs, "{:?}", pr.kind);
                let k = format!("{:?}", pr.kind);
                kinds.insert(k.split([' ', '(', '{']).next().unwrap_or("").to_string());
            }
            false
        });
    }
    // The games reach each of the four groups of questions.
    for k in ["StartVillage", "Purchase", "Losses", "Deal"] {
        assert!(kinds.contains(k), "{k} never asked: {kinds:?}");
    }
}

#[test]
fn long_tooltip_lines_are_broken_at_spaces() {
    let s = "Played only in the Play Cards step. The card's Lord joins your family.\n\nClick to use it:";
    let w = super::wrap_lines(s, 30);
    assert!(w.lines().all(|l| l.chars().count() <= 30), "{w}");
    assert_eq!(w.replace('\n', " "), s.replace('\n', " "));
    assert!(w.contains("\n\nClick to use it:"), "{w}");
    // A word longer than the width stays whole, on a line of its own.
    assert_eq!(
        super::wrap_lines("a Saint-Géronce-Teeth b", 5),
        "a\nSaint-Géronce-Teeth\nb"
    );
}
