//! The random-play fuzzer (anchor: Rally the Troops' fuzzer): whole games in which every seat
//! picks uniformly among the legal actions, with the invariants below checked after every
//! action. Used by `tests/fuzz.rs` and `fief-cli fuzz`.

use crate::rules::rng::Rng;
use crate::rules::{Action, CardinalSource, Fort, Game, Options, Phase, PlayerId};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// How many times the very same position (and decision) may come back in one game before
/// the fuzzer stops choosing there what it chose before. Players may undo their own
/// decisions (lay a siege and lift it, hand a title back and forth) as often as the rules
/// let them; a loop is a position that keeps coming back whatever is chosen there.
pub const MAX_REPEATS: u32 = 3;

/// A fingerprint of the position and the decision awaited: everything in the state but the
/// log and the history (which only ever grow).
pub fn fingerprint(g: &mut Game) -> u64 {
    /// A fast multiply-rotate hash of the serialised bytes (not for adversaries: for
    /// telling positions apart).
    struct HashWriter(u64);
    impl std::io::Write for HashWriter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let mut chunks = buf.chunks_exact(8);
            for c in &mut chunks {
                let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
                self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95);
            }
            for &b in chunks.remainder() {
                self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517C_C1B7_2722_0A95);
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let log = std::mem::take(&mut g.log);
    let history = std::mem::take(&mut g.history);
    let mut w = std::io::BufWriter::with_capacity(1 << 14, HashWriter(0));
    // Serialising plain data into a hasher cannot fail.
    // postcard: plain bytes, no formatting; JSON should it ever refuse a type.
    if postcard::to_io(&*g, &mut w).is_err() {
        let _ = serde_json::to_writer(&mut w, &*g);
    }
    g.log = log;
    g.history = history;
    w.into_inner().map_or(0, |h| h.0)
}

/// What a fuzz run does besides playing: the guards of every accepted action, and hostile
/// actions tried at every decision.
#[derive(Debug, Clone, Copy, Default)]
pub struct Guards {
    /// Invariants, progress and no loops after every action.
    pub check: bool,
    /// Hostile actions tried at each decision (0: none). Each is a legal action changed at
    /// random (a number, a list, a variant) and played by a random seat: it must be refused
    /// without a panic and without a change, or else be listed by `legal_actions`.
    pub hostile: u32,
}

/// Counts of one fuzzed game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    pub actions: u64,
    pub hostile_tried: u64,
    pub hostile_accepted: u64,
}

/// Changes one thing in `v` (a JSON action): a number, a list (shortened, doubled,
/// reversed) or a variant name; false when there was nothing to change.
fn mutate(v: &mut Value, r: &mut Rng) -> bool {
    match v {
        Value::Number(n) => {
            let x = n.as_u64().unwrap_or(0);
            *v = json!(match r.below(6) {
                0 => x.wrapping_add(1),
                1 => x.wrapping_sub(1) & 0xFF,
                2 => 0,
                3 => 255,
                _ => r.below(64) as u64,
            });
            true
        }
        Value::Bool(b) => {
            *b = !*b;
            true
        }
        Value::String(s) => {
            const NAMES: [&str; 6] = ["Normal", "Passage", "Cavalcade", "Battle", "Ambush", "Pass"];
            *s = NAMES[r.below(NAMES.len() as u32) as usize].to_string();
            true
        }
        Value::Array(a) => {
            if !a.is_empty() && r.below(3) == 0 {
                match r.below(3) {
                    0 => {
                        let i = r.below(a.len() as u32) as usize;
                        a.remove(i);
                    }
                    1 => {
                        let i = r.below(a.len() as u32) as usize;
                        let x = a[i].clone();
                        a.push(x);
                    }
                    _ => a.reverse(),
                }
                return true;
            }
            if a.is_empty() {
                a.push(json!(r.below(24)));
                return true;
            }
            let i = r.below(a.len() as u32) as usize;
            mutate(&mut a[i], r)
        }
        Value::Object(o) => {
            if o.is_empty() {
                return false;
            }
            let keys: Vec<String> = o.keys().cloned().collect();
            let k = &keys[r.below(keys.len() as u32) as usize];
            o.get_mut(k).is_some_and(|x| mutate(x, r))
        }
        Value::Null => false,
    }
}

/// A hostile action: a legal one changed, or a bare answer, from a random seat.
fn hostile_action(g: &Game, legal: &[Action], r: &mut Rng) -> (PlayerId, Action) {
    let seat = r.below(g.n() as u32 + 1) as PlayerId;
    let base = legal[r.below(legal.len() as u32) as usize].clone();
    for _ in 0..4 {
        let Ok(mut v) = serde_json::to_value(&base) else {
            break;
        };
        for _ in 0..=r.below(2) {
            mutate(&mut v, r);
        }
        if let Ok(a) = serde_json::from_value::<Action>(v) {
            return (seat, a);
        }
    }
    const BARE: [Action; 4] = [
        Action::Accept,
        Action::Refuse,
        Action::Pass,
        Action::EndBattles,
    ];
    (seat, BARE[r.below(BARE.len() as u32) as usize].clone())
}

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
    let vps = g.vps();
    for (i, p) in g.players.iter().enumerate() {
        ensure!(
            vps[i] == g.vp(i as PlayerId),
            "{} VP counted at once, {} by holdings, for player {i}",
            vps[i],
            g.vp(i as PlayerId)
        );
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
        // The round cap and the optional rules (`RuleSet` writes them by their names).
        let mut options = json!(crate::rules::RuleSet::of(&self.options));
        options["round_cap"] = json!(self.options.round_cap);
        json!({
            "description": format!("fuzz failure: {}", self.message),
            "players": names,
            "seed": self.options.seed,
            "options": options,
            "script": self.actions.iter().map(|(p, a)| json!([g.name(*p), a])).collect::<Vec<_>>(),
        })
    }
}

/// Plays `g` to its end with random legal choices drawn from their own generator, checking
/// the invariants after each action when `check` is set.
pub fn play_randomly(g: &mut Game, chooser_seed: u64, check: bool) -> Result<(), Failure> {
    play_guarded(g, chooser_seed, Guards { check, hostile: 0 }).map(|_| ())
}

/// Plays `g` to its end with random legal choices, with the `guards` asked for: after each
/// accepted action the invariants hold and the position or the decision changed; a position
/// that came back more than [`MAX_REPEATS`] times gets a choice not yet made there, and one
/// where every choice has been made is a loop; at each decision hostile actions are refused
/// untouched, or are listed (`check` and `legal_actions` agree).
pub fn play_guarded(g: &mut Game, chooser_seed: u64, guards: Guards) -> Result<Tally, Failure> {
    let check = guards.check;
    let mut tally = Tally::default();
    let mut hostile_rng = Rng::new(chooser_seed ^ 0xBAD_AC7);
    let mut seen: HashMap<u64, u32> = HashMap::new();
    // The choices made at each position that came back (its first visit's included).
    let mut chosen_at: HashMap<u64, Vec<Action>> = HashMap::new();
    let mut last_choice: Option<(u64, Action)> = None;
    let mut before = if check { fingerprint(g) } else { 0 };
    let mut chooser = Rng::new(chooser_seed);
    let mut done: Vec<(PlayerId, String)> = Vec::new();
    let fail = |g: &Game, done: &[(PlayerId, String)], message: String| Failure {
        options: Box::new((*g.options).clone()),
        actions: done.to_vec(),
        message,
    };
    while let Some(p) = g.to_act() {
        let legal = g.legal_actions(p);
        if legal.is_empty() {
            return Err(fail(g, &done, format!("dead end for {}", g.name(p))));
        }
        // The listings take short cuts (a Move's route checked once for all its loads): they
        // list exactly what checking every candidate whole lists.
        if check {
            for for_bots in [false, true] {
                let listed = if for_bots {
                    g.bot_actions(p)
                } else {
                    legal.clone()
                };
                if listed != g.legal_by_whole_checks(p, for_bots) {
                    return Err(fail(
                        g,
                        &done,
                        format!(
                            "{} differs from every candidate checked whole",
                            if for_bots {
                                "bot_actions"
                            } else {
                                "legal_actions"
                            }
                        ),
                    ));
                }
            }
            // The candidates list a Fief's title only for the family that controls the whole
            // Fief (4.3): none left out was legal.
            if let Some(a) = g
                .title_actions_by_whole_checks(p)
                .into_iter()
                .find(|a| !legal.contains(a))
            {
                return Err(fail(
                    g,
                    &done,
                    format!("{} is legal but not listed", a.notation(g)),
                ));
            }
        }
        // A position that keeps coming back: choose what was not chosen here before (the
        // list is copied only then; every other step chooses among the legal actions).
        let mut open = std::borrow::Cow::Borrowed(&legal[..]);
        if check && seen.get(&before).is_some_and(|&n| n > MAX_REPEATS) {
            let tried = chosen_at.get(&before).map_or(&[][..], Vec::as_slice);
            open.to_mut().retain(|a| !tried.contains(a));
            if open.is_empty() {
                return Err(fail(
                    g,
                    &done,
                    format!(
                        "the same position came back {} times, whatever was chosen there",
                        seen[&before]
                    ),
                ));
            }
        }
        for _ in 0..guards.hostile {
            let (q, h) = hostile_action(g, &legal, &mut hostile_rng);
            tally.hostile_tried += 1;
            let shown = h.notation(g);
            match catch_unwind(AssertUnwindSafe(|| g.check(q, &h))) {
                Err(_) => {
                    return Err(fail(
                        g,
                        &done,
                        format!("panic on hostile '{shown}' by seat {q}"),
                    ))
                }
                Ok(Ok(())) => {
                    tally.hostile_accepted += 1;
                    if q != p || !legal.contains(&g.normalised(&h)) {
                        return Err(fail(
                            g,
                            &done,
                            format!("'{shown}' by seat {q} passes check but is not listed"),
                        ));
                    }
                }
                Ok(Err(_)) => {
                    // Refused by `apply` too, leaving everything as it was.
                    let r = catch_unwind(AssertUnwindSafe(|| g.apply(q, h.clone())));
                    let unchanged = !check || fingerprint(g) == before;
                    if !matches!(r, Ok(Err(_))) || !unchanged {
                        return Err(fail(
                            g,
                            &done,
                            format!("hostile '{shown}' by seat {q} was not refused cleanly"),
                        ));
                    }
                }
            }
        }
        // Half the time uniform over the legal actions; otherwise each kind of action (a
        // Move, an offer, an answer...) as likely as any other, then each action of that
        // kind: the hundreds of possible offers of Open Diplomacy do not drown the rest.
        let a = if chooser.below(2) == 0 {
            open[chooser.below(open.len() as u32) as usize].clone()
        } else {
            // The first action of each kind, then one of that kind.
            let mut firsts: Vec<usize> = Vec::new();
            for (i, a) in open.iter().enumerate() {
                if !firsts
                    .iter()
                    .any(|&j| std::mem::discriminant(&open[j]) == std::mem::discriminant(a))
                {
                    firsts.push(i);
                }
            }
            let kind =
                std::mem::discriminant(&open[firsts[chooser.below(firsts.len() as u32) as usize]]);
            let of_kind: Vec<&Action> = open
                .iter()
                .filter(|a| std::mem::discriminant(*a) == kind)
                .collect();
            of_kind[chooser.below(of_kind.len() as u32) as usize].clone()
        };
        let text = a.notation(g);
        done.push((p, text.clone()));
        if check {
            last_choice = Some((before, a.clone()));
        }
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
        tally.actions += 1;
        if check {
            if let Err(m) = check_invariants(g) {
                return Err(fail(g, &done, format!("after '{text}': {m}")));
            }
            // Progress: an accepted action changes the position or the decision awaited,
            // and the same position does not keep coming back (a question asked for ever).
            let after = fingerprint(g);
            if after == before {
                return Err(fail(
                    g,
                    &done,
                    format!("'{text}' was accepted but changed nothing"),
                ));
            }
            let n = seen.entry(after).or_insert(0);
            *n += 1;
            // A position that came back: remember what was chosen where the way back began.
            if *n > 1 {
                if let Some((at, a)) = last_choice.take() {
                    let list = chosen_at.entry(at).or_default();
                    if !list.contains(&a) {
                        list.push(a);
                    }
                }
            }
            before = after;
        }
        if done.len() > 500_000 {
            return Err(fail(g, &done, "the game does not end".into()));
        }
    }
    if g.outcome.is_none() {
        return Err(fail(g, &done, "no outcome at the end".into()));
    }
    Ok(tally)
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
    fuzz_game_guarded(seed, round_cap, Guards { check, hostile: 0 }, all_options).map(|(g, _)| g)
}

/// One fuzz game with the given guards; the game and its tally.
pub fn fuzz_game_guarded(
    seed: u64,
    round_cap: u16,
    guards: Guards,
    all_options: bool,
) -> Result<(Game, Tally), Box<(Game, Failure)>> {
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
    match play_guarded(&mut g, seed.wrapping_mul(31).wrapping_add(7), guards) {
        Ok(t) => Ok((g, t)),
        Err(f) => Err(Box::new((g, f))),
    }
}
