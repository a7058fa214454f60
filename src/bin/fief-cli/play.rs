//! The commands that play games without a window and check the engine: `play`, `scenario`
//! and `fuzz`, with their arguments.

use crate::args::{round_cap, seed, whole, RoundCap};
use crate::output::shown;
use crate::usage_error;
use clap::Args;
use fief::rules::{Game, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// Number of players, 3 to 6.
    #[arg(long, default_value_t = 4, value_parser = whole::<u8>(3, 6))]
    players: u8,
    /// The seed the game is dealt from.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    seed: u64,
    /// The game ends after this round (1 to 65535, or none).
    #[arg(long, default_value = "30", value_parser = round_cap)]
    round_cap: RoundCap,
    /// Also prints the final state as JSON.
    #[arg(long)]
    json: bool,
    /// Writes the finished game as the app's save.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// One bot level per seat: easy, normal or hard, separated by commas (default: easy for
    /// every seat).
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    bots: Option<Vec<fief::bots::Level>>,
    /// Search iterations the Hard bot makes a decision (1 to 10,000,000): a number, not a
    /// time, so that the same command line plays the same game on any machine.
    #[arg(long, default_value_t = 1000, value_parser = whole::<u32>(1, 10_000_000))]
    hard_iterations: u32,
}

#[derive(Args)]
pub(crate) struct FuzzArgs {
    /// Number of games (1 to 100,000,000).
    #[arg(long, default_value_t = 100, value_parser = whole::<u64>(1, 100_000_000))]
    games: u64,
    /// The first game's seed.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    seed: u64,
    /// Each game ends after this round (1 to 1000).
    #[arg(long, default_value_t = 15, value_parser = whole::<u16>(1, 1000))]
    round_cap: u16,
    /// Every optional rule on: relics, Fog of War, Open Diplomacy, hidden money, the gentle
    /// start.
    #[arg(long)]
    all_options: bool,
    /// Also tries this many wrong actions at every decision (0 to 1000): legal ones with
    /// something changed, from any seat. Each must be refused without changing the game, or
    /// else be a legal action after all (see docs/fuzz.md).
    #[arg(long, default_value_t = 0, value_parser = whole::<u32>(0, 1000))]
    hostile: u32,
}

pub(crate) fn play(args: PlayArgs) -> ExitCode {
    let PlayArgs {
        players,
        seed,
        round_cap: RoundCap(round_cap),
        ..
    } = args;
    let game = match Game::new(Options {
        players,
        seed,
        round_cap,
        ..Options::default()
    }) {
        Ok(g) => g,
        Err(e) => {
            warn!("fief-cli: {e}");
            return ExitCode::from(2);
        }
    };
    // Each seat's bot (Easy unless --bots says otherwise) has its own seeded generator, never
    // the game's, and the Hard bot a number of iterations rather than a time: the same
    // command line plays the same game. It is played through a session, as the app plays it.
    let levels = args.bots.clone().unwrap_or_default();
    if !levels.is_empty() && levels.len() != players as usize {
        return usage_error(
            "play",
            &format!(
                "--bots gives {} of the {players} levels needed: one per player",
                levels.len()
            ),
        );
    }
    let bots = (0..game.n())
        .map(|p| {
            fief::bots::new_bot(
                levels
                    .get(p as usize)
                    .copied()
                    .unwrap_or(fief::bots::Level::Easy),
                fief::session::bot_seed(seed ^ 0x5EED_CAFE, p),
                fief::bots::Budget::Iterations(args.hard_iterations),
            )
        })
        .collect();
    let mut session = match fief::session::Session::bots_only(game, bots) {
        Ok(s) => s,
        Err(e) => {
            warn!("fief-cli: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut printed = 0;
    let mut print_new = |g: &Game| {
        for e in g.log.since(printed) {
            say!("[round {} · {}] {}", e.round, e.section, e.text());
        }
        printed = g.log.len();
        false
    };
    let played = session.play(5_000_000, &mut print_new);
    let game = session.game();
    print_new(game);
    if let Err(e) = played {
        warn!("fief-cli: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(file) = &args.save {
        // The folder must exist: a mistyped path is not silently created.
        if let Some(dir) = file
            .parent()
            .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
        {
            warn!(
                "fief-cli: the game could not be saved to {}: there is no folder {}",
                file.display(),
                dir.display()
            );
            return ExitCode::FAILURE;
        }
        let written = fief::save::to_json(session.seats(), game)
            .and_then(|text| fief::save::write_atomic(file, &text).map_err(|e| e.to_string()));
        if let Err(e) = written {
            warn!(
                "fief-cli: the game could not be saved to {}: {e}",
                file.display()
            );
            return ExitCode::FAILURE;
        }
    }
    if args.json {
        say!(
            "{}",
            serde_json::to_string_pretty(&fief::scenario::summary(game)).unwrap_or_default()
        );
    }
    match &game.outcome {
        Some(o) if !o.winners.is_empty() => {
            let names: Vec<String> = o.winners.iter().map(|&p| game.name(p)).collect();
            say!(
                "Result: {} after {} rounds ({}).",
                names.join(" and "),
                game.round,
                o.reason
            );
        }
        Some(o) => say!(
            "Result: no winner after {} rounds ({}).",
            game.round,
            o.reason
        ),
        None => say!("Result: unfinished."),
    }
    ExitCode::SUCCESS
}

pub(crate) fn scenario(path: &std::path::Path) -> ExitCode {
    // Only a regular file, and no more of it than a scenario can hold: never a device that
    // does not end or a FIFO that blocks.
    let read = fief::files::read_limited(path, fief::scenario::MAX_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|b| String::from_utf8(b).map_err(|_| "it is not text".to_string()));
    let text = match read {
        Ok(t) => t,
        Err(e) => {
            warn!("fief-cli: cannot read {}: {e}", shown(path));
            return ExitCode::from(2);
        }
    };
    match fief::scenario::run(&text) {
        Err(e) => {
            // A position refused on purpose (`expect_refused`) is a success.
            let expected = fief::scenario::check(&text).is_ok();
            say!(
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
            say!(
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

pub(crate) fn fuzz(args: FuzzArgs) -> ExitCode {
    let FuzzArgs {
        games,
        seed,
        round_cap: cap,
        all_options,
        hostile,
    } = args;
    let guards = fief::fuzz::Guards {
        check: true,
        hostile,
    };
    // Every game gets its own seed: the last one must exist.
    if seed.checked_add(games - 1).is_none() {
        return usage_error(
            "fuzz",
            &format!(
                "{games} games from seed {seed} run past the largest seed ({})",
                u64::MAX
            ),
        );
    }
    // A panic is caught and reported as a failure; keep the default hook from printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let start = std::time::Instant::now();
    let (mut failures, mut actions, mut rounds, mut wins) = (0u64, 0u64, 0u64, 0u64);
    let (mut tried, mut accepted) = (0u64, 0u64);
    for s in seed..=seed + (games - 1) {
        match fief::fuzz::fuzz_game_guarded(s, cap, guards, all_options) {
            Ok((g, tally)) => {
                actions += tally.actions;
                tried += tally.hostile_tried;
                accepted += tally.hostile_accepted;
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
                warn!(
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
    say!(
        "{games} games, {failures} failures; {actions} actions, {rounds} rounds, {wins} ended by victory; {secs:.1} s"
    );
    if hostile > 0 {
        say!(
            "{tried} hostile actions: {} refused untouched, {accepted} legal after all (and listed)",
            tried - accepted
        );
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
