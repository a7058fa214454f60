//! Every refusal a player can meet in the window is in words: the engine's reasons for the
//! actions the window tries (the legal actions of other moments and players, as a click, a
//! drag or a card tried at the wrong time produces them) and for each card in a hand never
//! show an action's notation ('harvest 1', 'buy-maa st_paul') nor an id ('village#3'), and
//! say "1 Denier", never "1 Deniers".

use fief::rules::rng::Rng;
use fief::rules::{Action, Game, Options, RuleError};

/// What is wrong with the words of `e`, refusing `a` in `g`, if anything.
fn not_in_words(g: &Game, a: &Action, e: &RuleError) -> Option<String> {
    let text = e.msg().english();
    let notation = a.notation(g);
    let bad = text.contains(&notation)
        || text.contains('#')
        || text.contains(" 1 Deniers")
        || text.starts_with("1 Deniers")
        // A notation quoted: its verb after a quote mark ('harvest 1', 'end-purchase').
        || notation
            .split(' ')
            .next()
            .is_some_and(|verb| text.contains(&format!("'{verb}")));
    bad.then(|| format!("{a:?} ({notation}): {text}"))
}

#[test]
fn the_refusals_a_player_meets_name_no_notation_and_no_id() {
    let mut checked = 0;
    let mut bad = Vec::new();
    for seed in 1..5u64 {
        let mut g = Game::new(Options {
            players: 3 + (seed % 4) as u8,
            seed,
            round_cap: Some(6),
            ..Options::default()
        })
        .unwrap();
        let mut rng = Rng::new(seed);
        // Actions seen legal at other moments, for other players: what a window may try.
        let mut pool: Vec<Action> = Vec::new();
        while let Some(p) = g.to_act() {
            let legal = g.legal_actions(p);
            for a in pool.iter().step_by(7) {
                if let Err(e) = g.check(p, a) {
                    checked += 1;
                    bad.extend(not_in_words(&g, a, &e));
                }
            }
            for &c in &g.players[p as usize].hand.clone() {
                if let Some(e) = g.why_card_blocked(p, c) {
                    checked += 1;
                    bad.extend(not_in_words(&g, &Action::Discard(c), &e));
                }
            }
            for a in &legal {
                if !pool.contains(a) && pool.len() < 400 {
                    pool.push(a.clone());
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).unwrap();
        }
    }
    bad.sort();
    bad.dedup();
    assert!(checked > 1000, "only {checked} refusals");
    assert!(
        bad.is_empty(),
        "{} refusals not in words:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
