//! The random-play fuzzer (anchor: Rally the Troops' fuzzer): whole games in which every seat
//! picks uniformly among the legal actions, with the invariants below checked after every
//! action. Used by `tests/fuzz.rs` and `fief-cli fuzz`.

use crate::rules::rng::Rng;
use crate::rules::{CardinalSource, Fort, Game, Options, Phase, PlayerId};
use serde_json::json;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Every card of both decks is somewhere: deck, discard, hand, map, or tied to a title.
fn cards_in_game(g: &Game) -> (usize, usize) {
    let mut lords = g.lords_deck.len() + g.lords_discard.len() + g.lords.len();
    lords += g
        .titles
        .cardinals
        .iter()
        .filter(|c| c.1 == CardinalSource::Card)
        .count();
    lords += g.titles.darc.is_some() as usize;
    let mut fortune =
        g.fortune_deck.len() + g.fortune_discard.len() + g.track.iter().flatten().count();
    for bc in &g.bishopric_cards {
        fortune += [
            bc.harvest,
            bc.good_weather,
            bc.heavy_rain,
            bc.famine,
            bc.plague,
        ]
        .iter()
        .filter(|x| **x)
        .count();
    }
    for p in &g.players {
        lords += p.hand.iter().filter(|c| c.is_lords_deck()).count();
        fortune += p.hand.iter().filter(|c| !c.is_lords_deck()).count();
    }
    (lords, fortune)
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// Checks the invariants the issue lists; the error says which one broke.
pub fn check_invariants(g: &Game) -> Result<(), String> {
    // 11.1: every relic once, and a carried relic with a Lord in play.
    if g.options.relics {
        ensure!(g.relics.len() == 5, "{} relics", g.relics.len());
        for s in &g.relics {
            ensure!(
                g.relics.iter().filter(|x| x.relic == s.relic).count() == 1,
                "{:?} twice",
                s.relic
            );
            if let crate::rules::relics::RelicAt::Lord(l) = s.at {
                ensure!(
                    g.lord(l).is_some(),
                    "{:?} carried by a Lord not in play",
                    s.relic
                );
            }
        }
    } else {
        ensure!(g.relics.is_empty(), "relics without the rule");
    }
    if !g.is_over() {
        let Some(p) = g.to_act() else {
            return Err(format!("nobody to act in {:?}", g.phase));
        };
        ensure!(
            !g.legal_actions(p).is_empty(),
            "dead end for {} in {:?}, pending {:?}",
            g.name(p),
            g.phase,
            g.pending
        );
    }
    for (i, p) in g.players.iter().enumerate() {
        let (maa, kn, eng) = g.villages.iter().fold((0u32, 0u32, 0u32), |a, v| {
            (
                a.0 + v.troops[i].maa as u32,
                a.1 + v.troops[i].knights as u32,
                a.2 + u32::from(v.engines[i] > 0),
            )
        });
        ensure!(
            maa + p.stock_maa as u32 == 13,
            "MaA counters of player {i} do not add up to 13"
        );
        ensure!(
            kn + p.stock_knights as u32 == 8,
            "Knight counters of player {i} do not add up to 8"
        );
        ensure!(
            eng + p.stock_engines as u32 == 2,
            "Siege Engines of player {i} do not add up to 2"
        );
        ensure!(p.hand.len() <= 3, "player {i}'s hand is over the limit");
        ensure!(
            p.hand.iter().all(|c| !c.is_disaster()),
            "a Disaster card in a hand"
        );
        ensure!(p.diplomacy <= 3, "more than 3 Diplomacy markers");
        ensure!(
            g.family(i as PlayerId).count() <= 4,
            "family of player {i} over 4 Lords"
        );
    }
    if !matches!(g.phase, Phase::Setup { .. }) {
        ensure!(
            cards_in_game(g) == (22, 35),
            "cards lost or duplicated: {:?}",
            cards_in_game(g)
        );
    }
    let mut mills = 0;
    for (v, vs) in g.villages.iter().enumerate() {
        let name = g.map.village_name(v as u8);
        ensure!(vs.mills <= 2, "{name} has more than 2 Mills");
        mills += vs.mills;
        if g.occupied(v as u8) {
            ensure!(
                vs.controller.is_some_and(|c| g.has_units(c, v as u8)),
                "occupied {name} is not controlled by a player with units there"
            );
        } else if let Some(c) = vs.controller {
            let f = g.map.villages[v].fief;
            ensure!(
                g.title_holder_player(f) == Some(c),
                "empty {name} controlled by a player who does not govern its Fief"
            );
        }
        if vs.besieger.is_some() {
            ensure!(
                vs.controller.is_some() && vs.fort != Fort::None,
                "{name} is besieged but uncontrolled or unfortified"
            );
        }
        for q in 0..g.n() as usize {
            if vs.engines[q] > 0 {
                ensure!(
                    vs.troops[q].count() > 0 && vs.besieger.is_some(),
                    "a Siege Engine without Troops or siege in {name}"
                );
            }
        }
    }
    ensure!(mills <= 15, "more than 15 Mills");
    ensure!(
        g.villages.iter().filter(|v| v.fort != Fort::None).count() <= 12,
        "more than 12 Strongholds"
    );
    let mut ids: Vec<u8> = g.lords.iter().map(|l| l.id).collect();
    ids.sort_unstable();
    ids.dedup();
    ensure!(ids.len() == g.lords.len(), "a Lord is in play twice");
    for l in &g.lords {
        ensure!(
            g.fief_titles_of(l.id).len() <= 2,
            "a Lord holds more than 2 Fief Titles"
        );
        ensure!(
            g.titles.bishop.iter().filter(|b| **b == Some(l.id)).count() <= 1,
            "a Lord holds 2 Bishop titles"
        );
        if let Some(c) = l.captor {
            ensure!(
                g.has_units(c, l.village),
                "a Captive is not guarded by his captor's units"
            );
        }
        if let Some(s) = l.spouse {
            ensure!(
                g.lord(s).is_some_and(|x| x.spouse == Some(l.id)),
                "a one-sided marriage"
            );
        }
    }
    let t = &g.titles;
    let held = t
        .fief
        .iter()
        .chain(t.bishop.iter())
        .chain([&t.pope, &t.king, &t.queen, &t.crown_prince, &t.darc])
        .flatten()
        .chain(t.cardinals.iter().map(|c| &c.0));
    for h in held {
        ensure!(g.lord(*h).is_some(), "a title held by a Lord not in play");
    }
    let mut cards: Vec<u8> = t.cardinals.iter().map(|c| c.0).collect();
    cards.sort_unstable();
    cards.dedup();
    ensure!(cards.len() == t.cardinals.len(), "a Lord holds 2 Birettas");
    ensure!(
        g.lords.iter().filter(|l| l.excommunicated).count() <= 1,
        "more than one Lord excommunicated"
    );
    Ok(())
}

/// A failed game: enough to replay it.
#[derive(Debug)]
pub struct Failure {
    pub options: Box<Options>,
    pub actions: Vec<(PlayerId, String)>,
    pub message: String,
}

impl Failure {
    /// A scenario file (docs/scenarios.md) that replays the game up to the failure.
    pub fn to_scenario(&self, g: &Game) -> serde_json::Value {
        let names: Vec<String> = (0..self.options.players)
            .map(|p| self.options.player_name(p))
            .collect();
        json!({
            "description": format!("fuzz failure: {}", self.message),
            "players": names,
            "seed": self.options.seed,
            "options": {
                "round_cap": self.options.round_cap,
                "relics": self.options.relics,
                "fog_of_war": self.options.fog_of_war,
                "open_diplomacy": self.options.open_diplomacy,
                "hidden_money": self.options.hidden_money,
                "gentle_start": self.options.gentle_start,
            },
            "script": self.actions.iter().map(|(p, a)| json!([g.name(*p), a])).collect::<Vec<_>>(),
        })
    }
}

/// Plays `g` to its end with random legal choices drawn from their own generator, checking
/// the invariants after each action when `check` is set.
pub fn play_randomly(g: &mut Game, chooser_seed: u64, check: bool) -> Result<(), Failure> {
    let mut chooser = Rng::new(chooser_seed);
    let mut done: Vec<(PlayerId, String)> = Vec::new();
    let fail = |g: &Game, done: &[(PlayerId, String)], message: String| Failure {
        options: Box::new(g.options.clone()),
        actions: done.to_vec(),
        message,
    };
    while let Some(p) = g.to_act() {
        let legal = g.legal_actions(p);
        if legal.is_empty() {
            return Err(fail(g, &done, format!("dead end for {}", g.name(p))));
        }
        let a = legal[chooser.below(legal.len() as u32) as usize].clone();
        let text = a.notation(g);
        done.push((p, text.clone()));
        let r = catch_unwind(AssertUnwindSafe(|| g.apply(p, a)));
        match r {
            Err(_) => return Err(fail(g, &done, format!("panic on '{text}'"))),
            Ok(Err(e)) => {
                return Err(fail(
                    g,
                    &done,
                    format!("legal action '{text}' was refused: {e}"),
                ))
            }
            Ok(Ok(_)) => {}
        }
        if check {
            if let Err(m) = check_invariants(g) {
                return Err(fail(g, &done, format!("after '{text}': {m}")));
            }
        }
        if done.len() > 500_000 {
            return Err(fail(g, &done, "the game does not end".into()));
        }
    }
    if g.outcome.is_none() {
        return Err(fail(g, &done, "no outcome at the end".into()));
    }
    Ok(())
}

/// The options of fuzz game number `seed`: 3 to 6 players in turn.
pub fn fuzz_options(seed: u64, round_cap: u16, all_options: bool) -> Options {
    Options {
        players: 3 + (seed % 4) as u8,
        seed,
        round_cap: Some(round_cap),
        relics: all_options,
        fog_of_war: all_options,
        open_diplomacy: all_options,
        hidden_money: all_options,
        gentle_start: all_options,
        ..Options::default()
    }
}

/// Plays one fuzz game (with every optional rule when `all_options`); the chooser's seed is
/// derived from the game's.
pub fn fuzz_game(
    seed: u64,
    round_cap: u16,
    check: bool,
    all_options: bool,
) -> Result<Game, Box<(Game, Failure)>> {
    let mut g = match Game::new(fuzz_options(seed, round_cap, all_options)) {
        Ok(g) => g,
        Err(e) => {
            let g = Game::new(Options::default()).expect("default options are valid");
            let f = Failure {
                options: Box::new(fuzz_options(seed, round_cap, all_options)),
                actions: vec![],
                message: e.to_string(),
            };
            return Err(Box::new((g, f)));
        }
    };
    match play_randomly(&mut g, seed.wrapping_mul(31).wrapping_add(7), check) {
        Ok(()) => Ok(g),
        Err(f) => Err(Box::new((g, f))),
    }
}
