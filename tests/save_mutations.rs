//! Mutation tests on saved games (design: "mutation tests on files: no panic, nothing
//! changed on disk"). Real saves written at several points of games played by bots are
//! damaged in many ways — byte flips, digits changed, cut off, history actions swapped,
//! repeated or deleted, JSON keys removed, a byte-order mark put in front — and every
//! mutant is loaded from a file. Each must either load, and then be a consistent game (its
//! history replays to the same state, its legal actions can be listed, it saves and loads
//! again), or be refused with a LoadError in words; none may panic, and the file must be
//! left as it was. Deterministic: the games and the mutations come from fixed seeds.

use fief::bots::{new_bot, Budget, Level};
use fief::rules::rng::Rng;
use fief::rules::{Game, Options, Phase};
use fief::save::{self, LoadError, Seat};
use fief::session::Session;
use serde_json::Value;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Mutex;

/// The least number of mutants a run must load.
const MIN_MUTANTS: usize = 20_000;

mod common;
use common::Scratch;

/// A save written at some point of a game, with its name.
struct Base {
    name: &'static str,
    text: String,
}

/// The points of a game at which saves are taken: the first position satisfying each test.
type Point = (&'static str, fn(&Game) -> bool);

const POINTS: [Point; 6] = [
    ("setup", |g| {
        matches!(g.phase, Phase::Setup { .. }) && !g.history.is_empty()
    }),
    ("elections", |g| {
        matches!(g.phase, Phase::Elections { election: Some(_) })
    }),
    ("purchase", |g| matches!(g.phase, Phase::Purchase { .. })),
    ("movement", |g| {
        matches!(g.phase, Phase::Movement { .. }) && g.history.len() > 10
    }),
    ("battle", |g| g.battle.is_some()),
    ("round 3", |g| {
        g.round >= 3 && matches!(g.phase, Phase::Movement { .. } | Phase::Battles { .. })
    }),
];

/// Plays a game with bots, saving it at each of `POINTS` reached (at most `steps` actions).
fn saves_of_game(options: Options, level: Level, steps: usize, out: &mut Vec<Base>) {
    let n = options.players as usize;
    let seed = options.seed;
    let seats: Vec<Seat> = (0..n)
        .map(|i| {
            if i == 0 {
                Seat::Human
            } else {
                Seat::Bot(level)
            }
        })
        .collect();
    let bots = (0..n)
        .map(|i| new_bot(level, seed * 10 + i as u64, Budget::Iterations(1)))
        .collect();
    // Played through a session, as the app plays; saved before each decision that reaches a
    // point not taken yet.
    let mut session = Session::bots_only(Game::new(options).unwrap(), bots).unwrap();
    let mut taken = [false; POINTS.len()];
    session
        .play(steps as u64, |g| {
            for (i, (name, at)) in POINTS.iter().enumerate() {
                if !taken[i] && at(g) {
                    taken[i] = true;
                    out.push(Base {
                        name,
                        text: save::to_json(&seats, g).unwrap(),
                    });
                }
            }
            taken.iter().all(|t| *t)
        })
        .unwrap();
}

/// Saves of a 4-player game of Normal bots.
fn normal_game_saves(out: &mut Vec<Base>) {
    saves_of_game(
        Options {
            seed: 21,
            ..Options::default()
        },
        Level::Normal,
        3000,
        out,
    );
}

fn bases() -> Vec<Base> {
    let mut out = Vec::new();
    normal_game_saves(&mut out);
    // Another table: five players, every optional rule (relics in the history and state).
    saves_of_game(
        Options {
            players: 5,
            seed: 8,
            names: vec!["Ysabel".into(), "Jehan".into()],
            relics: true,
            fog_of_war: true,
            open_diplomacy: true,
            hidden_money: true,
            gentle_start: true,
            ..Options::default()
        },
        Level::Easy,
        3000,
        &mut out,
    );
    out
}

/// What became of the mutants.
#[derive(Default)]
struct Tally {
    mutants: usize,
    loaded: usize,
    refused: BTreeMap<&'static str, usize>,
    by_mutation: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

fn kind(e: &LoadError) -> &'static str {
    match e {
        LoadError::Unreadable(_) => "Unreadable",
        LoadError::Empty => "Empty",
        LoadError::Truncated => "Truncated",
        LoadError::NotJson(_) => "NotJson",
        LoadError::Foreign => "Foreign",
        LoadError::Newer(_) => "Newer",
        LoadError::UnknownVersion => "UnknownVersion",
        LoadError::Damaged(_) => "Damaged",
        LoadError::OtherMap(_) => "OtherMap",
        LoadError::HistoryRefused { .. } => "HistoryRefused",
        LoadError::HistoryMismatch(_) => "HistoryMismatch",
        LoadError::TooLarge { .. } => "TooLarge",
        LoadError::Internal(_) => "Internal",
    }
}

/// Where panics happened (filled by the panic hook; the test counts them instead of dying).
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Replaying a loaded game's history from its options gives the same game, its legal
/// actions can be listed, and it saves and loads back to the same game.
fn consistent(s: &save::Saved) -> Result<(), String> {
    let mut g = Game::new((*s.game.options).clone()).map_err(|e| e.to_string())?;
    for (p, a) in &s.game.history {
        g.apply(*p, a.clone()).map_err(|e| e.to_string())?;
    }
    let value = |g: &Game| serde_json::to_value(g).unwrap();
    if value(&g) != value(&s.game) {
        return Err("the replayed history gives another game".into());
    }
    if let Some(p) = s.game.to_act() {
        if s.game.legal_actions(p).is_empty() {
            return Err("the player to act has no legal action".into());
        }
    }
    let again = save::to_json(&s.seats, &s.game)?;
    let back = save::from_json(&again).map_err(|e| format!("saved again, refused: {e}"))?;
    if value(&back.game) != value(&s.game) {
        return Err("saved again, it loads as another game".into());
    }
    Ok(())
}

/// Loads `bytes` from a file and checks what came of it.
fn try_mutant(
    t: &mut Tally,
    path: &Path,
    mutation: &'static str,
    base: &str,
    bytes: &[u8],
) -> Option<save::Saved> {
    t.mutants += 1;
    *t.by_mutation.entry(mutation).or_default() += 1;
    std::fs::write(path, bytes).unwrap();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let r = save::load(path);
        if let Ok(s) = &r {
            consistent(s)?;
        }
        Ok::<_, String>(r)
    }));
    let after = std::fs::read(path).unwrap();
    if after != bytes {
        t.failures
            .push(format!("{base}/{mutation}: loading changed the file"));
    }
    let files = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
    if files != 1 {
        t.failures
            .push(format!("{base}/{mutation}: loading wrote a file beside it"));
    }
    match outcome {
        Err(_) => {
            let at = PANICS.lock().unwrap().last().cloned().unwrap_or_default();
            t.failures
                .push(format!("{base}/{mutation}: panicked at {at}"));
            None
        }
        Ok(Err(why)) => {
            t.failures
                .push(format!("{base}/{mutation}: loaded but inconsistent: {why}"));
            None
        }
        Ok(Ok(Ok(s))) => {
            t.loaded += 1;
            Some(s)
        }
        Ok(Ok(Err(e))) => {
            *t.refused.entry(kind(&e)).or_default() += 1;
            if let LoadError::Internal(what) = &e {
                let at = PANICS.lock().unwrap().last().cloned().unwrap_or_default();
                t.failures.push(format!(
                    "{base}/{mutation}: a panic in loading ({what}) at {at}"
                ));
            }
            if e.to_string().trim().is_empty() {
                t.failures
                    .push(format!("{base}/{mutation}: refused without words: {e:?}"));
            }
            None
        }
    }
}

/// Object keys and array indices from the root, to depth `depth`.
fn paths(v: &Value, depth: usize, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if depth == 0 {
        return;
    }
    match v {
        Value::Object(o) => {
            for (k, w) in o {
                prefix.push(k.clone());
                out.push(prefix.clone());
                paths(w, depth - 1, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(a) => {
            for (i, w) in a.iter().enumerate().take(3) {
                prefix.push(i.to_string());
                paths(w, depth - 1, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

/// Removes the key at `path` (its last part must name an object key).
fn remove_at(v: &mut Value, path: &[String]) -> bool {
    let (last, init) = path.split_last().unwrap();
    let mut cur = v;
    for p in init {
        cur = match cur {
            Value::Object(o) => o.get_mut(p).unwrap(),
            Value::Array(a) => &mut a[p.parse::<usize>().unwrap()],
            _ => return false,
        };
    }
    cur.as_object_mut()
        .is_some_and(|o| o.remove(last).is_some())
}

#[test]
fn damaged_saves_never_panic_and_are_never_written() {
    let started = std::time::Instant::now();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PANICS.lock().unwrap().push(format!("{at}: {what}"));
    }));
    let bases = bases();
    let names: Vec<_> = bases.iter().map(|b| b.name).collect();
    eprintln!(
        "{} saves to damage ({:?}), made in {:.1} s",
        bases.len(),
        names,
        started.elapsed().as_secs_f64()
    );
    assert!(bases.len() >= 10, "too few points reached: {names:?}");
    assert!(names.contains(&"battle"), "no battle was saved: {names:?}");
    let dir = Scratch::new("mutations", "load");
    let path = dir.0.join("mutant.fief");
    let mut t = Tally::default();
    let mut rng = Rng::new(1429);
    for base in &bases {
        let text = &base.text;
        let bytes = text.as_bytes();
        let name = base.name;
        // The save itself loads, and with a byte-order mark in front too.
        assert!(
            try_mutant(&mut t, &path, "none", name, bytes).is_some(),
            "{name}"
        );
        let bom = [b"\xef\xbb\xbf".as_slice(), bytes].concat();
        assert!(
            try_mutant(&mut t, &path, "byte-order mark", name, &bom).is_some(),
            "{name}: a byte-order mark in front is refused"
        );
        let history_at = text.find("\"history\":").unwrap();
        let snapshot_at = text.find("\"snapshot\":").unwrap();
        // Byte flips: one bit, anywhere.
        for _ in 0..500 {
            let mut m = bytes.to_vec();
            let i = rng.below(m.len() as u32) as usize;
            m[i] ^= 1 << rng.below(8);
            try_mutant(&mut t, &path, "byte flip", name, &m);
        }
        // Digits changed: each digit of a position into each other digit; two positions of
        // three in the history (its ids), the rest anywhere.
        let digits: Vec<usize> = (0..bytes.len())
            .filter(|&i| bytes[i].is_ascii_digit())
            .collect();
        let in_history: Vec<usize> = digits
            .iter()
            .copied()
            .filter(|&i| (history_at..snapshot_at).contains(&i))
            .collect();
        for k in 0..150 {
            let from = if k % 3 < 2 && !in_history.is_empty() {
                &in_history
            } else {
                &digits
            };
            let i = from[rng.below(from.len() as u32) as usize];
            for d in b'0'..=b'9' {
                if d != bytes[i] {
                    let mut m = bytes.to_vec();
                    m[i] = d;
                    try_mutant(&mut t, &path, "digit", name, &m);
                }
            }
        }
        // Numbers of the history replaced by extreme ones (counts and prices at the limits
        // of their types, ids far out of range, negative and fractional numbers).
        let numbers: Vec<(usize, usize)> = {
            let mut out = Vec::new();
            let mut i = history_at;
            while i < snapshot_at {
                if bytes[i].is_ascii_digit() {
                    let start = i;
                    while bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    out.push((start, i));
                }
                i += 1;
            }
            out
        };
        const EXTREMES: [&str; 8] = [
            "255",
            "256",
            "65535",
            "4294967295",
            "-1",
            "1.5",
            "1e3",
            "18446744073709551615",
        ];
        for _ in 0..100 {
            let (a, b) = numbers[rng.below(numbers.len() as u32) as usize];
            let x = EXTREMES[rng.below(EXTREMES.len() as u32) as usize];
            let m = [&bytes[..a], x.as_bytes(), &bytes[b..]].concat();
            try_mutant(&mut t, &path, "extreme number", name, &m);
        }
        // Cut off: anywhere, and in the last bytes.
        for k in 0..150 {
            let len = if k % 5 == 0 {
                bytes.len() - 1 - rng.below(20.min(bytes.len() as u32)) as usize
            } else {
                rng.below(bytes.len() as u32) as usize
            };
            try_mutant(&mut t, &path, "cut off", name, &bytes[..len]);
        }
        // The history edited: adjacent actions swapped, an action repeated or deleted.
        let value: Value = serde_json::from_str(text).unwrap();
        let history = value["history"].as_array().unwrap().clone();
        let n = history.len();
        type Edit = fn(&mut Vec<Value>, usize);
        let edits: [(&'static str, Edit); 3] = [
            ("swapped actions", |h, i| h.swap(i, i + 1)),
            ("repeated action", |h, i| h.insert(i + 1, h[i].clone())),
            ("deleted action", |h, i| {
                h.remove(i);
            }),
        ];
        for (mutation, edit) in edits {
            for _ in 0..120.min(n) {
                let i = rng.below((n - 1).max(1) as u32) as usize;
                let mut h = history.clone();
                if i + 1 >= h.len() {
                    continue;
                }
                edit(&mut h, i);
                let mut v = value.clone();
                v["history"] = Value::Array(h);
                let m = serde_json::to_string(&v).unwrap();
                try_mutant(&mut t, &path, mutation, name, m.as_bytes());
            }
        }
        // Keys removed: every part of the snapshot (each must be missed) and a sample of
        // the keys below.
        let mut all = Vec::new();
        paths(&value, 4, &mut Vec::new(), &mut all);
        let (top, deeper): (Vec<_>, Vec<_>) = all
            .into_iter()
            .partition(|p| p.len() == 1 || (p.len() == 2 && p[0] == "snapshot"));
        let mut chosen = top;
        for _ in 0..250.min(deeper.len()) {
            chosen.push(deeper[rng.below(deeper.len() as u32) as usize].clone());
        }
        for p in chosen {
            let mut v = value.clone();
            if !remove_at(&mut v, &p) {
                continue;
            }
            let m = serde_json::to_string(&v).unwrap();
            let loaded = try_mutant(&mut t, &path, "key removed", name, m.as_bytes());
            let essential = p.len() == 1 && !["app_version", "saved_at"].contains(&p[0].as_str())
                || (p.len() == 2 && p[0] == "snapshot");
            if essential && loaded.is_some() {
                t.failures
                    .push(format!("{name}: a save without {} loads", p.join(".")));
            }
        }
        // A byte-order mark in front of a damaged save changes nothing in the verdict.
        for _ in 0..30 {
            let mut m = bom.clone();
            let i = 3 + rng.below(bytes.len() as u32) as usize;
            m[i] ^= 1 << rng.below(8);
            try_mutant(&mut t, &path, "byte-order mark and flip", name, &m);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{} mutants in {secs:.1} s: {} loaded, refused by kind {:?}",
        t.mutants, t.loaded, t.refused
    );
    eprintln!("by mutation: {:?}", t.by_mutation);
    let _ = std::panic::take_hook();
    for f in t.failures.iter().take(40) {
        eprintln!("FAILURE {f}");
    }
    assert!(
        t.failures.is_empty(),
        "{} failures, the first: {}",
        t.failures.len(),
        t.failures[0]
    );
    assert!(
        t.mutants >= MIN_MUTANTS,
        "only {} mutants (at least {MIN_MUTANTS})",
        t.mutants
    );
}

/// Every number inside an action replaced by one out of range (or at the edge of it).
fn number_variants(v: &Value, out: &mut Vec<Value>) {
    fn walk(v: &Value, path: &mut Vec<usize>, spots: &mut Vec<Vec<usize>>) {
        match v {
            Value::Number(_) => spots.push(path.clone()),
            Value::Array(a) => {
                for (i, w) in a.iter().enumerate() {
                    path.push(i);
                    walk(w, path, spots);
                    path.pop();
                }
            }
            Value::Object(o) => {
                for (i, w) in o.values().enumerate() {
                    path.push(i);
                    walk(w, path, spots);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    fn at<'a>(v: &'a mut Value, path: &[usize]) -> &'a mut Value {
        path.iter().fold(v, |v, &i| match v {
            Value::Array(a) => &mut a[i],
            Value::Object(o) => o.values_mut().nth(i).unwrap(),
            other => other,
        })
    }
    let mut spots = Vec::new();
    walk(v, &mut Vec::new(), &mut spots);
    for spot in spots {
        for x in [
            4u64,
            5,
            6,
            17,
            18,
            27,
            28,
            63,
            64,
            200,
            255,
            65535,
            u32::MAX as u64,
        ] {
            let mut w = v.clone();
            *at(&mut w, &spot) = x.into();
            out.push(w);
        }
    }
}

/// Actions with ids out of range, tried in real positions: `check` refuses each with words
/// and nothing panics, neither the check nor the apply of what it lets through.
#[test]
fn actions_with_ids_out_of_range_are_refused_without_panic() {
    let mut bases = Vec::new();
    normal_game_saves(&mut bases);
    let mut tried = 0;
    let mut out_of_range = 0;
    let mut failures = Vec::new();
    for base in &bases {
        let g = save::from_json(&base.text).unwrap().game;
        let Some(p) = g.to_act() else { continue };
        let mut candidates = g.legal_actions(p);
        // Actions of every kind, whatever the position asks.
        for text in [
            "start blaye",
            "propose francois jeanne",
            "nominate quentin",
            "vote for=francois decoy=-",
            "discard harvest",
            "discard lord:quentin",
            "heir quentin",
            "place blaye",
            "play-lord quentin blaye",
            "play-cardinal quentin",
            "play-darc jeanne",
            "harvest 3",
            "good-weather 2",
            "tithe quentin 2",
            "tallage quentin bourg",
            "buy-maa blaye",
            "buy-title bourg quentin blaye",
            "grant bourg quentin blaye price=2 village=blaye",
            "pass-title bourg quentin",
            "buy-cardinal quentin",
            "move quentin blaye maa=1 captives=jeanne",
            "battle blaye 1",
            "side attack",
            "lose maa 1",
            "lose knight 1",
            "lose lord quentin",
            "siege blaye",
            "end-siege blaye",
            "pillage blaye",
            "take-relic quentin grail",
            "give-relic grail 1 quentin",
            "relic-roll eyes 2",
            "uprising blaye first=1",
            "passage escape quentin+jeanne",
            "assassinate quentin sponsor=francois",
            "justice quentin",
            "ambush quentin",
            "excommunicate quentin",
            "lift quentin",
            "annul quentin",
            "give-deniers 1 2",
            "give-card 1 lord:quentin",
            "ask-deniers 1 2",
            "hand-control blaye 1",
        ] {
            candidates.push(fief::rules::Action::parse(text, &g).unwrap());
        }
        for a in candidates {
            let mut variants = Vec::new();
            number_variants(&serde_json::to_value(&a).unwrap(), &mut variants);
            for v in variants {
                let Ok(b) = serde_json::from_value::<fief::rules::Action>(v) else {
                    continue;
                };
                tried += 1;
                let bad = b.bad_id(&g).is_some();
                out_of_range += bad as usize;
                let r = catch_unwind(AssertUnwindSafe(|| {
                    let checked = g.check(p, &b);
                    if bad {
                        match &checked {
                            Ok(()) => return Err("accepted".to_string()),
                            Err(e)
                                if !e.to_string().contains(
                                    &b.notation(&g).chars().take(60).collect::<String>(),
                                ) =>
                            {
                                return Err(format!("refused without naming it: {e}"))
                            }
                            Err(_) => {}
                        }
                    }
                    if checked.is_ok() {
                        let mut h = g.clone();
                        h.apply(p, b.clone()).map_err(|e| e.to_string())?;
                        if let Some(q) = h.to_act() {
                            h.legal_actions(q);
                        }
                    }
                    Ok(())
                }));
                match r {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => failures.push(format!("{}: {b:?}: {e}", base.name)),
                    Err(_) => failures.push(format!("{}: {b:?}: panicked", base.name)),
                }
            }
        }
    }
    eprintln!("{tried} actions tried, {out_of_range} with an id out of range");
    for f in failures.iter().take(20) {
        eprintln!("FAILURE {f}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
    assert!(out_of_range > 1000);
}
