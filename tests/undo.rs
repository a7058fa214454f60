//! `Game::revealed_since`: the app lets a player take back his decisions only until dice are
//! rolled or hidden information comes to light.

use fief::bots::{new_bot, Budget, Level};
use fief::rules::{Action, Game, Options};
use std::sync::atomic::AtomicBool;

#[test]
fn draws_and_dice_reveal_plain_choices_do_not() {
    let mut g = Game::new(Options {
        seed: 9,
        ..Options::default()
    })
    .unwrap();
    let mut bots: Vec<_> = (0..4)
        .map(|i| new_bot(Level::Normal, 40 + i, Budget::Iterations(1)))
        .collect();
    let never = AtomicBool::new(false);
    let (mut draws, mut fights, mut starts) = (0, 0, 0);
    for _ in 0..20000 {
        let Some(p) = g.to_act() else { break };
        let a = bots[p as usize].choose(&g.bot_view(p), &never).unwrap();
        let before = g.clone();
        g.apply(p, a.clone()).unwrap();
        let revealed = g.revealed_since(&before);
        assert!(!before.revealed_since(&before));
        match a {
            Action::DrawFortune | Action::DrawLord => {
                assert!(revealed, "a card drawn is hidden information");
                draws += 1;
            }
            Action::Fight if g.log.since(before.log.len()).any(|e| e.section == "6.2") => {
                assert!(revealed, "dice were rolled");
                fights += 1;
            }
            Action::ChooseStart(_) => {
                assert!(!revealed, "choosing a Village reveals nothing");
                starts += 1;
            }
            _ => {}
        }
        if draws > 3 && fights > 3 {
            break;
        }
    }
    assert!(
        draws > 3 && fights > 3 && starts == 4,
        "{draws} {fights} {starts}"
    );
}
