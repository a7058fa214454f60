//! `fief-cli`: the headless front end.
//!
//! fief-cli play --players N --seed S [--round-cap R] [--json]
//! fief-cli scenario FILE.json
//! fief-cli fuzz --games N --seed S [--round-cap R]

use fief::rules::rng::Rng;
use fief::rules::{Game, Options};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage:
  fief-cli play --players N --seed S [--round-cap R] [--json]
      plays a whole game with random legal choices for every seat and prints the log and
      the result; the same seed prints the same game (round cap: 30 unless given, 0 = none)
  fief-cli scenario FILE.json
      loads a scenario (docs/scenarios.md), applies its script and prints the state as JSON;
      exits 1 when an action is refused or an expectation fails
  fief-cli fuzz --games N --seed S [--round-cap R]
      plays N random games (seeds S, S+1, ...; 3 to 6 players in turn; round cap 15 unless
      given) checking the engine's invariants after every action; each failure is written
      to fuzz-failure-SEED.json, a scenario file that replays it";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("scenario") => scenario(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn flag(args: &[String], name: &str) -> Result<Option<u64>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .map(Some)
            .ok_or_else(|| format!("{name} needs a number")),
    }
}

fn play(args: &[String]) -> ExitCode {
    let parsed = (|| -> Result<(u8, u64, Option<u16>), String> {
        let players = flag(args, "--players")?.unwrap_or(4);
        let seed = flag(args, "--seed")?.unwrap_or(1);
        let cap = flag(args, "--round-cap")?.unwrap_or(30);
        Ok((
            players as u8,
            seed,
            if cap == 0 { None } else { Some(cap as u16) },
        ))
    })();
    let (players, seed, round_cap) = match parsed {
        Ok(x) => x,
        Err(e) => {
            eprintln!("fief-cli: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut game = match Game::new(Options {
        players,
        seed,
        round_cap,
        ..Options::default()
    }) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("fief-cli: {e}");
            return ExitCode::from(2);
        }
    };
    // The random players draw from their own seeded generator, never from the game's.
    let mut chooser = Rng::new(seed ^ 0x5EED_CAFE);
    let mut printed = 0;
    let mut print_new = |g: &Game| {
        let mut out = std::io::stdout().lock();
        for e in &g.log[printed..] {
            // A closed pipe (e.g. `| head`) ends the output quietly instead of panicking.
            if writeln!(out, "[round {} · {}] {}", e.round, e.section, e.text).is_err() {
                std::process::exit(0);
            }
        }
        printed = g.log.len();
    };
    while let Some(p) = game.to_act() {
        let legal = game.legal_actions(p);
        if legal.is_empty() {
            eprintln!(
                "fief-cli: dead end: {} must act but has no legal action",
                game.name(p)
            );
            return ExitCode::FAILURE;
        }
        let a = legal[chooser.below(legal.len() as u32) as usize].clone();
        if let Err(e) = game.apply(p, a) {
            eprintln!("fief-cli: engine refused its own legal action: {e}");
            return ExitCode::FAILURE;
        }
        print_new(&game);
    }
    print_new(&game);
    if args.iter().any(|a| a == "--json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&fief::scenario::summary(&game)).unwrap_or_default()
        );
    }
    match &game.outcome {
        Some(o) if !o.winners.is_empty() => {
            let names: Vec<String> = o.winners.iter().map(|&p| game.name(p)).collect();
            println!(
                "Result: {} after {} rounds ({}).",
                names.join(" and "),
                game.round,
                o.reason
            );
        }
        Some(o) => println!(
            "Result: no winner after {} rounds ({}).",
            game.round, o.reason
        ),
        None => println!("Result: unfinished."),
    }
    ExitCode::SUCCESS
}

fn scenario(args: &[String]) -> ExitCode {
    let Some(path) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fief-cli: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match fief::scenario::run(&text) {
        Err(e) => {
            // A position refused on purpose (`expect_refused`) is a success.
            let expected = fief::scenario::check(&text).is_ok();
            println!(
                "{}",
                serde_json::json!({ "error": e, "refusal_expected": expected })
            );
            if expected {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Ok(out) => {
            let mut json = fief::scenario::summary(&out.game);
            if let Some((step, msg)) = &out.error {
                json["error"] = serde_json::json!({ "step": step, "message": msg });
            }
            if !out.failures.is_empty() {
                json["failed_expectations"] = serde_json::json!(out.failures);
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            );
            if out.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn fuzz(args: &[String]) -> ExitCode {
    let parsed = (|| -> Result<(u64, u64, u16), String> {
        Ok((
            flag(args, "--games")?.unwrap_or(100),
            flag(args, "--seed")?.unwrap_or(1),
            flag(args, "--round-cap")?.unwrap_or(15).clamp(1, 1000) as u16,
        ))
    })();
    let (games, seed, cap) = match parsed {
        Ok(x) => x,
        Err(e) => {
            eprintln!("fief-cli: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // A panic is caught and reported as a failure; keep the default hook from printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let start = std::time::Instant::now();
    let (mut failures, mut actions, mut rounds, mut wins) = (0u64, 0usize, 0u64, 0u64);
    for s in seed..seed.saturating_add(games) {
        match fief::fuzz::fuzz_game(s, cap, true) {
            Ok(g) => {
                actions += g.history.len();
                rounds += g.round as u64;
                wins += g
                    .outcome
                    .as_ref()
                    .is_some_and(|o| !o.reason.starts_with("round cap"))
                    as u64;
            }
            Err(b) => {
                let (g, f) = *b;
                failures += 1;
                let file = format!("fuzz-failure-{s}.json");
                let text = serde_json::to_string_pretty(&f.to_scenario(&g)).unwrap_or_default();
                let saved = std::fs::write(&file, text).is_ok();
                eprintln!(
                    "seed {s}: {} (after {} actions){}",
                    f.message,
                    f.actions.len(),
                    if saved {
                        format!("; replay: fief-cli scenario {file}")
                    } else {
                        String::new()
                    }
                );
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {failures} failures; {actions} actions, {rounds} rounds, {wins} ended by victory; {secs:.1} s"
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
