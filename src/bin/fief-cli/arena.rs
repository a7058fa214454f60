//! `fief-cli arena`: bots against bots, with its arguments.

use crate::args::{fraction, hard_budget, round_cap, seed, whole, RoundCap};
use crate::usage_error;
use clap::Args;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct ArenaArgs {
    /// Number of players, 3 to 6.
    #[arg(long, default_value_t = 4, value_parser = whole::<u8>(3, 6))]
    players: u8,
    /// One seat each: easy, normal, hard or passive (ends every step at once), separated by
    /// commas (default: normal, then easy for every other seat).
    #[arg(long, value_delimiter = ',')]
    bots: Option<Vec<fief::arena::Seat>>,
    /// Number of games (1 to 1,000,000).
    #[arg(long, default_value_t = 20, value_parser = whole::<u32>(1, 1_000_000))]
    games: u32,
    /// The first game's seed.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    seed: u64,
    /// Starts at this game of the series from --seed (0 to 1,000,000): each game keeps the
    /// seed and seats it has in the whole series, so a long series can be played in parts.
    #[arg(long, default_value_t = 0, value_parser = whole::<u32>(0, 1_000_000))]
    first_game: u32,
    /// Each game ends after this round (1 to 65535, or none).
    #[arg(long, default_value = "30", value_parser = round_cap)]
    round_cap: RoundCap,
    /// Milliseconds the Hard bot thinks about a decision (1 to 600000).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u64>(1, 600_000))]
    hard_ms: u64,
    /// Search iterations the Hard bot makes a decision instead of a time (1 to 10,000,000):
    /// the same games on any machine, however busy.
    #[arg(long, value_parser = whole::<u32>(1, 10_000_000), conflicts_with = "hard_ms")]
    hard_iterations: Option<u32>,
    /// What a victory in alliance is worth to the Hard bot against one alone, 0 to 1 (default
    /// 0.4; 1 plays for any victory, as before issue 17's search weights).
    #[arg(long, value_parser = fraction)]
    hard_alliance_win: Option<f64>,
    /// Games played at once, 1 to 1024 (the number of cores unless given).
    #[arg(long, value_parser = whole::<u16>(1, 1024))]
    jobs: Option<u16>,
}

pub(crate) fn arena(args: ArenaArgs) -> ExitCode {
    use fief::arena::Seat;
    use fief::arena::{report, run, ArenaConfig};
    use fief::bots::Budget;
    use fief::bots::Level;
    let levels = args.bots.unwrap_or_else(|| {
        let mut l = vec![Seat::Bot(Level::Normal)];
        l.resize(args.players as usize, Seat::Bot(Level::Easy));
        l
    });
    if levels.len() != args.players as usize {
        return usage_error(
            "arena",
            &format!(
                "--bots gives {} of the {} levels needed: one per player",
                levels.len(),
                args.players
            ),
        );
    }
    let last = u64::from(args.first_game) + u64::from(args.games) - 1;
    if args.seed.checked_add(last).is_none() {
        return usage_error(
            "arena",
            &format!(
                "{} games from seed {} run past the largest seed",
                last + 1,
                args.seed
            ),
        );
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cfg = ArenaConfig {
        players: args.players,
        levels,
        games: args.games,
        seed: args.seed,
        first: args.first_game,
        round_cap: args.round_cap.0,
        hard: fief::bots::ismcts::Settings {
            budget: hard_budget(
                args.hard_iterations,
                None,
                Budget::Time(std::time::Duration::from_millis(args.hard_ms)),
            ),
            alliance_win: args
                .hard_alliance_win
                .unwrap_or(fief::bots::ismcts::ALLIANCE_WIN),
            ..Default::default()
        },
        jobs: args.jobs.map_or(cores, usize::from),
    };
    let start = std::time::Instant::now();
    // A game's line waits for the lines of the games before it: with several jobs the games
    // end out of order, and the lines still come in order.
    let pending = std::sync::Mutex::new((cfg.first, std::collections::BTreeMap::new()));
    let results = run(&cfg, &|r| {
        let names: Vec<&str> = r.seats.iter().map(|l| l.name()).collect();
        let won: Vec<String> = r
            .winners
            .iter()
            .map(|&w| format!("seat {} ({})", w, names[w as usize]))
            .collect();
        let line = format!(
            "game {:>3} seed {} [{}]: {} after {} rounds{}{}",
            r.index,
            r.seed,
            names.join(","),
            if won.is_empty() {
                "no winner".to_string()
            } else {
                won.join(" and ") + " won"
            },
            r.rounds,
            if r.capped { ", at the round cap" } else { "" },
            r.error
                .as_ref()
                .map(|e| format!("; ERROR {e}"))
                .unwrap_or_default()
        );
        let Ok(mut p) = pending.lock() else {
            warn!("{line}");
            return;
        };
        let (next, waiting) = &mut *p;
        waiting.insert(r.index, line);
        while let Some(line) = waiting.remove(next) {
            warn!("{line}");
            *next += 1;
        }
    });
    say_part!("{}", report(&cfg, &results));
    say!("  time taken: {:.1} s", start.elapsed().as_secs_f64());
    if results.iter().any(|r| r.error.is_some()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
