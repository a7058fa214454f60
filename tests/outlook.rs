//! "How to win, at a glance" (`Game::outlook`): each player's Victory Points (7.0), the Fief
//! Titles and what each lacks (4.3), the King's and the Pope's elections (1.7, 1.8) and the
//! sum of 7.1 or 7.2, on small scenario positions; and the outlook a viewer is given does
//! not change when everything he may not know is drawn again.

use fief::map::Map;
use fief::rules::outlook::{Crown, FiefAim, Goal, Outlook, Purse};
use fief::rules::rng::Rng;
use fief::rules::{Card, Game, Options, Phase, PlayerId};
use serde_json::{json, Value};

const P4: [&str; 4] = ["Grady", "David", "Kirsten", "Gunter"];
const P3: [&str; 3] = ["Grady", "David", "Kirsten"];

fn position(players: &[&str], options: Value, pos: Value) -> Game {
    let sc = json!({
        "players": players,
        "options": options,
        "position": pos,
    });
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    out.game
}

fn village(map: &Map, key: &str) -> u8 {
    map.villages.iter().position(|v| v.key == key).unwrap() as u8
}

fn fief(map: &Map, key: &str) -> u8 {
    map.fiefs.iter().position(|f| f.key == key).unwrap() as u8
}

fn aim<'a>(o: &'a Outlook, p: PlayerId, map: &Map, key: &str) -> &'a FiefAim {
    let f = fief(map, key);
    o.of(p).unwrap().fiefs.iter().find(|a| a.fief == f).unwrap()
}

/// Grady holds Beaujeu with a Stronghold and 5 Deniers; Givry, the Barony's other
/// Village, is David's. David holds the County of Sigy (Lepervier, St Paul, Sigy) through
/// Raoul, with the Fortified City at Sigy.
fn beaujeu(options: Value) -> Game {
    position(
        &P4,
        options,
        json!({
            "first": "Grady",
            "phase": "purchase",
            "players": {"Grady": {"money": 5}, "David": {"money": 3}},
            "villages": {
                "beaujeu": {"troops": {"Grady": [2, 0]}, "fort": "stronghold"},
                "givry": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"David": [1, 1]}, "fort": "city"},
                "st_paul": {"troops": {"David": [1, 0]}},
                "lepervier": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Charles", "owner": "Grady", "village": "beaujeu"},
                {"name": "Raoul", "owner": "David", "village": "sigy", "titles": ["fief sigy"]},
                {"name": "Jeanne", "owner": "Kirsten", "village": "blaye"},
                {"name": "Eric", "owner": "Gunter", "village": "st_gerome"},
            ],
        }),
    )
}

/// 4.3, 7.0, 7.1: the Barony of Beaujeu lacks Givry; its Stronghold stands; the 4 Deniers
/// are covered; the County of Sigy is David's, won only by taking its Fortified City.
#[test]
fn a_barony_with_one_village_missing() {
    let g = beaujeu(json!({}));
    let map = g.map.clone();
    let o = g.outlook(Some(0));
    assert_eq!(
        o.players[0].player, 0,
        "the viewer's own outlook comes first"
    );
    let grady = o.of(0).unwrap();
    assert_eq!(grady.vp, 0);
    assert_eq!(grady.goal, Goal::Solo { need: 3 });
    assert_eq!(grady.lacking(), 3);
    let b = aim(&o, 0, &map, "beaujeu");
    assert_eq!(b.held, vec![village(&map, "beaujeu")]);
    assert_eq!(b.missing, vec![village(&map, "givry")]);
    assert_eq!(b.stronghold, Some(village(&map, "beaujeu")));
    assert_eq!(b.price, 4);
    assert_eq!(b.money, Purse::Known { money: 5 });
    assert_eq!(b.money.covers(b.price), Some(true));
    assert!(!b.within_reach());
    assert_eq!(
        grady.nearest_fief().map(|a| a.fief),
        Some(fief(&map, "beaujeu"))
    );
    // Sigy's title is David's: Grady may only take it with the Fortified City.
    let s = aim(&o, 0, &map, "sigy");
    assert_eq!(s.holder, Some(1));
    assert_eq!(s.city, Some(village(&map, "sigy")));
    // David: 1 VP for Sigy, which is no longer among his aims; Beaujeu lacks Beaujeu and
    // a Stronghold is there (Grady's), and 3 Deniers do not cover 4.
    let david = o.of(1).unwrap();
    assert_eq!(david.vp, 1);
    assert_eq!(david.titles, vec![fief(&map, "sigy")]);
    assert!(david.fiefs.iter().all(|a| a.fief != fief(&map, "sigy")));
    let db = aim(&o, 1, &map, "beaujeu");
    assert_eq!(db.missing, vec![village(&map, "beaujeu")]);
    assert_eq!(db.money.covers(4), Some(false));
}

/// 4.3: every condition met: within reach; a Fief without a Stronghold is not.
#[test]
fn a_title_within_reach_needs_every_village_and_a_stronghold() {
    let mut g = beaujeu(json!({}));
    let map = g.map.clone();
    let givry = village(&map, "givry");
    g.villages[givry as usize].controller = Some(0);
    let o = g.outlook(Some(0));
    let b = aim(&o, 0, &map, "beaujeu");
    assert!(b.missing.is_empty());
    assert!(b.within_reach());
    let beaujeu = village(&map, "beaujeu");
    g.villages[beaujeu as usize].fort = fief::rules::Fort::None;
    let o = g.outlook(Some(0));
    let b = aim(&o, 0, &map, "beaujeu");
    assert_eq!(b.stronghold, None);
    assert!(!b.within_reach());
}

/// Hidden money (FAQ): another's Deniers are not told, so neither is whether they cover
/// the price; the viewer's own are.
#[test]
fn hidden_money_hides_whether_another_can_pay() {
    let g = beaujeu(json!({"hidden_money": true}));
    let map = g.map.clone();
    let o = g.outlook(Some(0));
    assert_eq!(aim(&o, 0, &map, "beaujeu").money, Purse::Known { money: 5 });
    let db = aim(&o, 1, &map, "beaujeu");
    assert_eq!(db.money, Purse::Unknown);
    assert_eq!(db.money.covers(db.price), None);
    // David sees his own.
    let o = g.outlook(Some(1));
    assert_eq!(aim(&o, 1, &map, "beaujeu").money, Purse::Known { money: 3 });
    assert_eq!(o.players[0].player, 1);
}

/// 1.7, 1.8: the King's race (candidates, votes, the Church's support) and the Pope's
/// (only Cardinals vote; no election without 2 free Cardinals).
#[test]
fn the_king_and_the_pope() {
    let g = position(
        &P4,
        json!({}),
        json!({
            "first": "Grady",
            "phase": "purchase",
            "villages": {"bourg": {"troops": {"Grady": [1, 0]}}, "tournus": {"troops": {"David": [1, 0]}}},
            "lords": [
                {"name": "Charles", "owner": "Grady", "village": "bourg", "titles": ["fief bourg"]},
                {"name": "Gauvain", "owner": "Grady", "village": "bourg", "titles": ["fief chalon"]},
                {"name": "Eric", "owner": "David", "village": "tournus", "titles": ["bishop 4", "cardinal"]},
                {"name": "Raoul", "owner": "David", "village": "tournus", "titles": ["bishop 5"]},
                {"name": "Jeanne", "owner": "Kirsten", "village": "blaye"},
            ],
        }),
    );
    let o = g.outlook(Some(0));
    let charles = fief::rules::cards::find_lord("charles").unwrap();
    let gauvain = fief::rules::cards::find_lord("gauvain").unwrap();
    let eric = fief::rules::cards::find_lord("eric").unwrap();
    let raoul = fief::rules::cards::find_lord("raoul").unwrap();
    let Crown::Vacant(k) = &o.of(0).unwrap().king else {
        panic!("the King's title is free")
    };
    assert_eq!(k.candidates, vec![charles, gauvain]);
    assert_eq!(k.votes, 2);
    assert_eq!(k.all_votes, 4);
    assert!(!k.church_support());
    assert_eq!(o.of(0).unwrap().vp, 2);
    let Crown::Vacant(k) = &o.of(1).unwrap().king else {
        panic!("the King's title is free")
    };
    // Churchmen cannot be King, but both vote; a Cardinal is support enough.
    assert!(k.candidates.is_empty());
    assert_eq!((k.votes, k.bishops, k.cardinals), (2, 2, 1));
    assert!(k.church_support());
    let Crown::Vacant(p) = &o.of(1).unwrap().pope else {
        panic!("no Pope")
    };
    assert_eq!(p.candidates, vec![eric, raoul]);
    assert_eq!(p.votes, 1);
    assert_eq!(p.all_votes, 1);
    assert!(
        !p.can_be_held,
        "one Cardinal in play: no Pope election (1.7)"
    );
    let Crown::Vacant(p) = &o.of(0).unwrap().pope else {
        panic!("no Pope")
    };
    assert!(p.candidates.is_empty());
    assert_eq!(p.votes, 0);
    // A King in play: his family holds it, the others see it taken.
    let mut g = g;
    g.titles.king = Some(charles);
    let o = g.outlook(Some(1));
    assert_eq!(o.of(0).unwrap().king, Crown::Held { lord: charles });
    assert_eq!(o.of(0).unwrap().vp, 3);
    assert_eq!(
        o.of(1).unwrap().king,
        Crown::Taken {
            by: 0,
            lord: charles
        }
    );
}

/// 7.2: married players count together towards 4 (4 or more players); with 3 players a
/// marriage makes no alliance and each plays for 3 alone (7.1).
#[test]
fn an_alliance_counts_together() {
    let lords = json!([
        {"name": "Charles", "owner": "Grady", "village": "bourg", "titles": ["fief bourg"], "spouse": "Jeanne"},
        {"name": "Jeanne", "owner": "David", "village": "tournus", "titles": ["fief tournus"], "spouse": "Charles"},
        {"name": "Eric", "owner": "Kirsten", "village": "blaye"},
    ]);
    let villages = json!({"bourg": {"troops": {"Grady": [1, 0]}}, "tournus": {"troops": {"David": [1, 0]}}, "blaye": {"troops": {"Kirsten": [1, 0]}}});
    let mut four = lords.as_array().unwrap().clone();
    four.push(json!({"name": "Raoul", "owner": "Gunter", "village": "st_gerome"}));
    let g = position(
        &P4,
        json!({}),
        json!({"first": "Grady", "phase": "purchase", "villages": villages, "lords": four}),
    );
    let o = g.outlook(Some(2));
    // Kirsten first, then the others in seat order.
    let order: Vec<PlayerId> = o.players.iter().map(|p| p.player).collect();
    assert_eq!(order, vec![2, 0, 1, 3]);
    assert_eq!(
        o.of(0).unwrap().goal,
        Goal::Alliance {
            ally: 1,
            together: 2,
            need: 4
        }
    );
    assert_eq!(o.of(0).unwrap().lacking(), 2);
    assert_eq!(o.of(2).unwrap().goal, Goal::Solo { need: 3 });
    // Grady's ally comes after him.
    let order: Vec<PlayerId> = g
        .outlook(Some(1))
        .players
        .iter()
        .map(|p| p.player)
        .collect();
    assert_eq!(order, vec![1, 0, 2, 3]);
    let g = position(
        &P3,
        json!({}),
        json!({"first": "Grady", "phase": "purchase", "villages": villages, "lords": lords}),
    );
    assert_eq!(
        g.outlook(Some(0)).of(0).unwrap().goal,
        Goal::Solo { need: 3 }
    );
}

/// A Lord with 2 Fief Titles has no room (4.3); a family with none such is told.
#[test]
fn a_lord_holds_at_most_two_fief_titles() {
    let g = position(
        &P4,
        json!({}),
        json!({
            "first": "Grady",
            "phase": "purchase",
            "villages": {"bourg": {"troops": {"Grady": [1, 0]}}},
            "lords": [{"name": "Charles", "owner": "Grady", "village": "bourg", "titles": ["fief bourg", "fief chalon"]}],
        }),
    );
    let o = g.outlook(Some(0));
    assert!(o.of(0).unwrap().fiefs.iter().all(|a| !a.lord_with_room));
    assert_eq!(o.of(0).unwrap().vp, 2);
    assert_eq!(o.of(0).unwrap().fiefs.len(), 6);
}

/// Draws again what `seat` may not know of `g`: the others' hands (as many of each deck as
/// their backs show), the decks, the discards and the track's faces, the generator, the
/// others' face-down ballots and, with hidden money, the others' purses.
fn resample(g: &Game, seat: PlayerId, rng: &mut Rng) -> Game {
    let mut h = g.clone();
    h.rng = Rng::new(rng.next_u32() as u64);
    let mut lords: Vec<Card> = Vec::new();
    let mut fortune: Vec<Card> = Vec::new();
    let mut disasters: Vec<Card> = Vec::new();
    let mut sort = |c: Card| {
        if c.is_lords_deck() {
            lords.push(c)
        } else if c.is_disaster() {
            disasters.push(c)
        } else {
            fortune.push(c)
        }
    };
    for (q, pl) in g.players.iter().enumerate() {
        if q != seat as usize {
            pl.hand.iter().copied().for_each(&mut sort);
        }
    }
    g.lords_deck
        .iter()
        .chain(&g.lords_discard)
        .chain(&g.fortune_deck)
        .chain(&g.fortune_discard)
        .chain(g.track.iter().flatten())
        .copied()
        .for_each(&mut sort);
    rng.shuffle(&mut lords);
    rng.shuffle(&mut fortune);
    rng.shuffle(&mut disasters);
    for (q, pl) in h.players.iter_mut().enumerate() {
        if q == seat as usize {
            continue;
        }
        let from_lords = pl.hand.iter().filter(|c| c.is_lords_deck()).count();
        let from_fortune = pl.hand.len() - from_lords;
        pl.hand = lords.drain(..from_lords).collect();
        pl.hand.extend(fortune.drain(..from_fortune));
        if g.options.hidden_money {
            pl.money = rng.below(40);
        }
    }
    for c in h.track.iter_mut().flatten() {
        *c = if c.is_disaster() {
            disasters.pop().unwrap()
        } else {
            fortune.pop().unwrap()
        };
    }
    let lords_discard = g.lords_discard.len();
    h.lords_discard = lords.drain(..lords_discard).collect();
    h.lords_deck = lords.into();
    fortune.append(&mut disasters);
    rng.shuffle(&mut fortune);
    let fortune_discard = g.fortune_discard.len();
    h.fortune_discard = fortune.drain(..fortune_discard).collect();
    h.fortune_deck = fortune.into();
    if let Phase::Elections { election: Some(e) } = &mut h.phase {
        let cands: Vec<_> = e.candidates.iter().map(|c| c.1).collect();
        for b in &mut e.ballots {
            if b.player != seat && !cands.is_empty() {
                b.for_lord = Some(cands[rng.below(cands.len() as u32) as usize]);
            }
        }
    }
    h
}

/// What a viewer is told is a function of what he may know: over whole games played at
/// random (hidden money on, and Fog of War), the outlook of every seat is the same in every
/// game drawn again from his information, and the same read from his view (as the window
/// reads it) as from the game.
#[test]
fn the_outlook_does_not_depend_on_what_the_viewer_may_not_know() {
    let mut rng = Rng::new(40);
    let mut differs_under_hidden_money = false;
    for seed in 1..=4u64 {
        let options = Options {
            seed,
            hidden_money: true,
            fog_of_war: seed == 2,
            round_cap: Some(10),
            ..Options::default()
        };
        let mut g = Game::new(options).unwrap();
        let mut step = 0;
        while !g.is_over() && step < 1500 {
            if step % 7 == 0 {
                for seat in 0..g.n() {
                    let seen = g.outlook(Some(seat));
                    assert_eq!(seen, g.view(Some(seat)).outlook(), "the view's outlook");
                    for _ in 0..3 {
                        let h = resample(&g, seat, &mut rng);
                        assert_eq!(
                            seen,
                            h.outlook(Some(seat)),
                            "seed {seed}, step {step}, seat {seat}"
                        );
                        // The test can fail: the whole game's money does change it.
                        let all = |x: &Game| {
                            let mut o = x.clone();
                            std::sync::Arc::make_mut(&mut o.options).hidden_money = false;
                            o.outlook(Some(seat))
                        };
                        differs_under_hidden_money |= all(&g) != all(&h);
                    }
                }
            }
            let Some(p) = g.to_act() else { break };
            let legal = g.legal_actions(p);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).unwrap();
            step += 1;
        }
        assert!(
            g.round >= 3,
            "seed {seed}: the game went on to round {}",
            g.round
        );
    }
    assert!(
        differs_under_hidden_money,
        "the resampling changed the others' purses somewhere"
    );
}
