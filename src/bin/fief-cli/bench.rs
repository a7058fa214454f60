//! `fief-cli bench`: the engine and the bots measured, alone or against another build, with
//! its arguments.

use crate::args::{hard_budget, whole};
use clap::Args;
use fief::rules::rng::Rng;
use fief::rules::{Game, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct BenchArgs {
    /// About how long each measurement runs, in seconds (1 to 3600).
    #[arg(long, default_value_t = 3, value_parser = whole::<u64>(1, 3600))]
    seconds: u64,
    /// Milliseconds the Hard bot thinks about a decision (1 to 600000).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u64>(1, 600_000))]
    hard_ms: u64,
    /// Search trees the Hard bot grows at once, each on its own thread (0 to 256; 0: one per
    /// core).
    #[arg(long, default_value_t = 0, value_parser = whole::<usize>(0, 256))]
    trees: usize,
    /// Another build's fief-cli: runs its bench and this one's in turn, with the same
    /// arguments, and prints each figure of both side by side with this build's gain.
    #[arg(long)]
    against: Option<PathBuf>,
    /// With --against: how many times each build runs (1 to 50); each figure is the median.
    #[arg(long, default_value_t = 3, value_parser = whole::<u32>(1, 50))]
    runs: u32,
    /// Measures only this part (engine, clone, legal or hard), for a profiler.
    #[arg(long, value_enum)]
    only: Option<BenchPart>,
    /// The Hard bot searches this many iterations a decision instead of --hard-ms, on the
    /// first 20 positions (1 to 1000000): the same work on every run, for a profiler or to
    /// compare two changes that do not change its play.
    #[arg(long, value_parser = whole::<u32>(1, 1_000_000))]
    hard_iterations: Option<u32>,
}

/// The parts of `fief-cli bench`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum BenchPart {
    Engine,
    Clone,
    Legal,
    Hard,
}

/// `fief-cli bench --against PATH`: both builds' benches in turn (the first to run changes
/// every round, so that neither always meets a warmer or cooler machine), then the figures
/// side by side (`fief::bench::compare`).
fn bench_against(args: &BenchArgs, other: &std::path::Path) -> ExitCode {
    let Ok(this) = std::env::current_exe() else {
        warn!("fief-cli bench: cannot tell where this program is");
        return ExitCode::FAILURE;
    };
    let mut common = vec![
        "bench".to_string(),
        "--seconds".to_string(),
        args.seconds.to_string(),
        "--hard-ms".to_string(),
        args.hard_ms.to_string(),
        "--trees".to_string(),
        args.trees.to_string(),
    ];
    // Given only when asked for: older builds know neither.
    if let Some(part) = args
        .only
        .and_then(|p| clap::ValueEnum::to_possible_value(&p))
    {
        common.push("--only".to_string());
        common.push(part.get_name().to_string());
    }
    if let Some(n) = args.hard_iterations {
        common.push("--hard-iterations".to_string());
        common.push(n.to_string());
    }
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for run in 0..args.runs {
        let order = if run % 2 == 0 {
            [(true, &this as &std::path::Path), (false, other)]
        } else {
            [(false, other), (true, &this as &std::path::Path)]
        };
        for (is_this, program) in order {
            warn!(
                "run {} of {}: {} ({})",
                run + 1,
                args.runs,
                if is_this {
                    "this build"
                } else {
                    "the other build"
                },
                program.display()
            );
            let out = match std::process::Command::new(program).args(&common).output() {
                Ok(o) => o,
                Err(e) => {
                    warn!("fief-cli bench: cannot run {}: {e}", program.display());
                    return ExitCode::FAILURE;
                }
            };
            if !out.status.success() {
                warn!(
                    "fief-cli bench: {} failed: {}",
                    program.display(),
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                return ExitCode::FAILURE;
            }
            let figures = fief::bench::figures(&String::from_utf8_lossy(&out.stdout));
            if figures.is_empty() {
                warn!(
                    "fief-cli bench: {} printed no figures this build can read",
                    program.display()
                );
                return ExitCode::FAILURE;
            }
            if is_this {
                mine.push(figures);
            } else {
                theirs.push(figures);
            }
        }
    }
    say!("this build:  {}", this.display());
    say!("other build: {}", other.display());
    say!(
        "{} runs each, in turn; medians; gain above 1 means this build is faster.",
        args.runs
    );
    say_part!("{}", fief::bench::compare(&mine, &theirs));
    ExitCode::SUCCESS
}

pub(crate) fn bench(args: BenchArgs) -> ExitCode {
    if let Some(other) = &args.against {
        return bench_against(&args, other);
    }
    use fief::bots::{ismcts, Bot, Budget, Hard};
    use std::time::{Duration, Instant};
    let seconds = args.seconds as f64;
    let hard_ms = args.hard_ms;
    let opts = |seed| Options {
        players: 4,
        seed,
        round_cap: Some(15),
        ..Options::default()
    };
    // Random full games: actions applied per second and games per minute.
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    let mut chooser = Rng::new(99);
    let mut samples: Vec<Game> = Vec::new();
    let measured = |part: BenchPart| args.only.is_none_or(|o| o == part);
    while if measured(BenchPart::Engine) {
        start.elapsed().as_secs_f64() < seconds || games == 0
    } else {
        samples.len() < 400
    } {
        let mut g = Game::new(opts(games + 1)).expect("valid options");
        while let Some(p) = g.to_act() {
            let legal = g.bot_actions(p);
            let a = legal[chooser.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).expect("a legal action");
            actions += 1;
            if actions % 97 == 0 && samples.len() < 400 {
                samples.push(g.clone());
            }
        }
        games += 1;
    }
    let t = start.elapsed().as_secs_f64();
    if measured(BenchPart::Engine) {
        say!("engine (4 players, random legal choices, round cap 15):");
        say!(
            "  actions applied:      {:>10.0} per second",
            actions as f64 / t
        );
        say!("  random full games:    {:>10.1} per minute ({games} games, {actions} actions in {t:.1} s)", games as f64 * 60.0 / t);
    }
    // Clones.
    let reps = 2000;
    let time = |f: &dyn Fn(&Game)| {
        let start = Instant::now();
        for _ in 0..reps {
            for g in &samples {
                f(g);
            }
        }
        start.elapsed().as_secs_f64() * 1e6 / (reps * samples.len()) as f64
    };
    if measured(BenchPart::Clone) {
        say!("state clone ({} mid-game states):", samples.len());
        say!(
            "  full clone (with log):  {:>8.2} µs",
            time(&|g| drop(std::hint::black_box(g.clone())))
        );
        say!(
            "  lean clone (bots):      {:>8.2} µs",
            time(&|g| drop(std::hint::black_box(g.clone_lean())))
        );
    }
    let reps = 20;
    let time_enum = |f: &dyn Fn(&Game) -> usize| {
        let start = Instant::now();
        let mut n = 0usize;
        for _ in 0..reps {
            for g in &samples {
                n += f(g);
            }
        }
        (
            start.elapsed().as_secs_f64() * 1e6 / (reps * samples.len()) as f64,
            n as f64 / (reps * samples.len()) as f64,
        )
    };
    if measured(BenchPart::Legal) {
        let (t_full, n_full) = time_enum(&|g| g.to_act().map_or(0, |p| g.legal_actions(p).len()));
        let (t_bot, n_bot) = time_enum(&|g| g.to_act().map_or(0, |p| g.bot_actions(p).len()));
        say!("legal-action enumeration:");
        say!("  legal_actions:          {t_full:>8.2} µs ({n_full:.1} actions on average)");
        say!("  bot_actions:            {t_bot:>8.2} µs ({n_bot:.1} actions on average)");
    }
    if !measured(BenchPart::Hard) {
        return ExitCode::SUCCESS;
    }
    // The Hard bot.
    let mut hard = Hard::new(
        7,
        ismcts::Settings {
            budget: hard_budget(
                args.hard_iterations,
                None,
                Budget::Time(Duration::from_millis(hard_ms)),
            ),
            trees: args.trees,
            ..Default::default()
        },
    );
    let never = std::sync::atomic::AtomicBool::new(false);
    let (mut decisions, mut iterations, mut playout_actions, mut thinking) =
        (0u32, 0u64, 0u64, 0.0);
    let budget_end = Instant::now();
    for g in samples.iter().step_by(7) {
        let Some(p) = g.to_act() else { continue };
        let view = g.bot_view(p);
        if view.legal.len() < 2 {
            continue;
        }
        let start = Instant::now();
        hard.choose(&view, &never);
        thinking += start.elapsed().as_secs_f64();
        decisions += 1;
        iterations += hard.last_iterations as u64;
        playout_actions += hard.last_playout_actions;
        let enough = match args.hard_iterations {
            Some(_) => decisions >= 20,
            None => {
                budget_end.elapsed().as_secs_f64() > seconds.max(hard_ms as f64 / 1000.0 * 10.0)
            }
        };
        if enough {
            break;
        }
    }
    let trees = hard.last_trees.max(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let budget = match args.hard_iterations {
        Some(n) => format!("{n} iterations"),
        None => format!("{hard_ms} ms"),
    };
    say!("Hard bot ({budget} a decision, {decisions} decisions, {trees} trees on {cores} cores):");
    say!(
        "  playouts:               {:>8.0} per second ({:.0} a decision)",
        iterations as f64 / thinking,
        iterations as f64 / decisions.max(1) as f64
    );
    say!(
        "  playouts per core:      {:>8.0} per second",
        iterations as f64 / thinking / trees.min(cores) as f64
    );
    say!(
        "  playout actions:        {:>8.0} per second",
        playout_actions as f64 / thinking
    );
    say!(
        "  time a decision:        {:>8.3} s",
        thinking / decisions.max(1) as f64
    );
    ExitCode::SUCCESS
}
