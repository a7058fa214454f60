//! `fief-cli`: the headless front end.
//!
//! fief-cli play --players N --seed S [--round-cap R] [--json] [--save FILE]
//! fief-cli scenario FILE.json
//! fief-cli fuzz --games N --seed S [--round-cap R] [--all-options]
//! fief-cli arena --players N --bots L,L,... --games N --seed S [--round-cap R] [--hard-ms M]
//! fief-cli bench [--seconds S] [--hard-ms M]
//! fief-cli load FILE

use fief::rules::rng::Rng;
use fief::rules::{Game, Options};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage:
  fief-cli play --players N --seed S [--round-cap R] [--json] [--save FILE]
      plays a whole game with random legal choices for every seat (Easy bots) and prints the
      log and the result; the same seed prints the same game (round cap: 30 unless given,
      0 = none); --save writes the finished game as the app's save
  fief-cli scenario FILE.json
      loads a scenario (docs/scenarios.md), applies its script and prints the state as JSON;
      exits 1 when an action is refused or an expectation fails
  fief-cli fuzz --games N --seed S [--round-cap R] [--all-options]
      plays N random games (seeds S, S+1, ...; 3 to 6 players in turn; round cap 15 unless
      given) checking the engine's invariants after every action; each failure is written
      to fuzz-failure-SEED.json, a scenario file that replays it
  fief-cli arena --players N --bots L,L,... --games N --seed S [--round-cap R] [--hard-ms M] [--jobs J]
      bots against bots (levels easy, normal, hard; one per seat, rotated every game): prints
      each level's win rate with a 95% interval, the average length in rounds and the games
      that ended at the round cap (30 unless given) or in a draw; the Hard bot thinks M ms a
      decision (1000 unless given); J games at once (the number of cores unless given)
  fief-cli bench [--seconds S] [--hard-ms M]
      measures the engine and the bots and prints the figures: actions applied per second,
      random games per minute, state clone time, legal-action enumeration time and the Hard
      bot's playouts per second (each measurement runs about S seconds, 3 unless given)
  fief-cli load FILE
      checks a saved game as the app loads it and prints its summary (players and seats,
      round, phase, actions played, whether it is over, the format it was migrated from);
      exits 1, saying why, when the file is refused";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("scenario") => scenario(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        Some("arena") => arena(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("load") => load(&args[1..]),
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
    let game = match Game::new(Options {
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
    // Every seat is an Easy bot (random legal choices) with its own seeded generator, never
    // the game's; the game is played through a session, as the app plays it.
    let bots = (0..game.n())
        .map(|p| {
            fief::bots::new_bot(
                fief::bots::Level::Easy,
                fief::session::bot_seed(seed ^ 0x5EED_CAFE, p),
                fief::bots::Budget::Iterations(1),
            )
        })
        .collect();
    let mut session = match fief::session::Session::bots_only(game, bots) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("fief-cli: {e}");
            return ExitCode::FAILURE;
        }
    };
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
        false
    };
    let played = session.play(5_000_000, &mut print_new);
    let game = session.game();
    print_new(game);
    if let Err(e) = played {
        eprintln!("fief-cli: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(file) = text_flag(args, "--save") {
        let written = fief::save::to_json(session.seats(), game).and_then(|text| {
            fief::save::write_atomic(std::path::Path::new(file), &text).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            eprintln!("fief-cli: the game could not be saved to {file}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if args.iter().any(|a| a == "--json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&fief::scenario::summary(game)).unwrap_or_default()
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
    // --all-options: every optional rule on (relics, Fog of War, Open Diplomacy, hidden money,
    // the gentle start).
    let all_options = args.iter().any(|a| a == "--all-options");
    // A panic is caught and reported as a failure; keep the default hook from printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let start = std::time::Instant::now();
    let (mut failures, mut actions, mut rounds, mut wins) = (0u64, 0usize, 0u64, 0u64);
    for s in seed..seed.saturating_add(games) {
        match fief::fuzz::fuzz_game(s, cap, true, all_options) {
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

fn text_flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn arena(args: &[String]) -> ExitCode {
    use fief::bots::arena::{report, run, ArenaConfig};
    use fief::bots::{Budget, Level};
    let parsed = (|| -> Result<ArenaConfig, String> {
        let players = flag(args, "--players")?.unwrap_or(4) as u8;
        let bots = text_flag(args, "--bots").unwrap_or("normal,easy,easy,easy");
        let levels: Vec<Level> = bots.split(',').map(str::parse).collect::<Result<_, _>>()?;
        if levels.len() != players as usize {
            return Err(format!(
                "--bots names {} levels for {players} players",
                levels.len()
            ));
        }
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(ArenaConfig {
            players,
            levels,
            games: flag(args, "--games")?.unwrap_or(20) as u32,
            seed: flag(args, "--seed")?.unwrap_or(1),
            round_cap: flag(args, "--round-cap")?.unwrap_or(30) as u16,
            hard_budget: Budget::Time(std::time::Duration::from_millis(
                flag(args, "--hard-ms")?.unwrap_or(1000),
            )),
            jobs: flag(args, "--jobs")?.map_or(jobs, |j| j as usize),
        })
    })();
    let cfg = match parsed {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fief-cli: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    let results = run(&cfg, &|r| {
        let names: Vec<&str> = r.seats.iter().map(|l| l.name()).collect();
        let won: Vec<String> = r
            .winners
            .iter()
            .map(|&w| format!("seat {} ({})", w, names[w as usize]))
            .collect();
        eprintln!(
            "game {:>3} seed {} [{}]: {} after {} rounds{}",
            r.index,
            r.seed,
            names.join(","),
            if won.is_empty() {
                "no winner".to_string()
            } else {
                won.join(" and ") + " won"
            },
            r.rounds,
            r.error
                .as_ref()
                .map(|e| format!("; ERROR {e}"))
                .unwrap_or_default()
        );
    });
    print!("{}", report(&cfg, &results));
    println!("  {:.1} s", start.elapsed().as_secs_f64());
    if results.iter().any(|r| r.error.is_some()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn bench(args: &[String]) -> ExitCode {
    use fief::bots::{ismcts, Bot, Budget, Hard};
    use std::time::{Duration, Instant};
    let seconds = flag(args, "--seconds").ok().flatten().unwrap_or(3) as f64;
    let hard_ms = flag(args, "--hard-ms").ok().flatten().unwrap_or(1000);
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
    while start.elapsed().as_secs_f64() < seconds || games == 0 {
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
    println!("engine (4 players, random legal choices, round cap 15):");
    println!(
        "  actions applied:      {:>10.0} per second",
        actions as f64 / t
    );
    println!("  random full games:    {:>10.1} per minute ({games} games, {actions} actions in {t:.1} s)", games as f64 * 60.0 / t);
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
    println!("state clone ({} mid-game states):", samples.len());
    println!(
        "  full clone (with log):  {:>8.2} µs",
        time(&|g| drop(std::hint::black_box(g.clone())))
    );
    println!(
        "  lean clone (bots):      {:>8.2} µs",
        time(&|g| drop(std::hint::black_box(g.clone_lean())))
    );
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
    let (t_full, n_full) = time_enum(&|g| g.to_act().map_or(0, |p| g.legal_actions(p).len()));
    let (t_bot, n_bot) = time_enum(&|g| g.to_act().map_or(0, |p| g.bot_actions(p).len()));
    println!("legal-action enumeration:");
    println!("  legal_actions:          {t_full:>8.1} µs ({n_full:.1} actions on average)");
    println!("  bot_actions:            {t_bot:>8.1} µs ({n_bot:.1} actions on average)");
    // The Hard bot.
    let mut hard = Hard::new(
        7,
        ismcts::Settings {
            budget: Budget::Time(Duration::from_millis(hard_ms)),
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
        if budget_end.elapsed().as_secs_f64() > seconds.max(hard_ms as f64 / 1000.0 * 10.0) {
            break;
        }
    }
    println!("Hard bot ({hard_ms} ms a decision, {decisions} decisions):");
    println!(
        "  playouts:               {:>8.0} per second ({:.0} a decision)",
        iterations as f64 / thinking,
        iterations as f64 / decisions.max(1) as f64
    );
    println!(
        "  playout actions:        {:>8.0} per second",
        playout_actions as f64 / thinking
    );
    println!(
        "  time a decision:        {:>8.3} s",
        thinking / decisions.max(1) as f64
    );
    ExitCode::SUCCESS
}

/// `fief-cli load FILE`: the app's checks on a save, and its summary or the refusal in words.
fn load(args: &[String]) -> ExitCode {
    let [file] = args else {
        eprintln!("fief-cli: load needs one FILE\n{USAGE}");
        return ExitCode::from(2);
    };
    let path = std::path::Path::new(file);
    let saved = match fief::save::load(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("fief-cli: {file} is refused: {e}");
            return ExitCode::from(1);
        }
    };
    let g = &saved.game;
    let mut text = format!("{file}: a saved game of Fief\n");
    match saved.migrated_from {
        Some(v) => {
            text += &format!(
                "format: {v}, migrated to {} on loading\n",
                fief::save::VERSION
            )
        }
        None => text += &format!("format: {}\n", fief::save::VERSION),
    }
    if saved.saved_at > 0 {
        text += &format!("saved at: {} (seconds since 1970)\n", saved.saved_at);
    }
    text += &format!("players: {}\n", g.n());
    for p in 0..g.n() {
        let seat = match saved.seats.get(p as usize) {
            Some(fief::save::Seat::Human) => "human".to_string(),
            Some(fief::save::Seat::Bot(level)) => format!("bot ({})", level.name()),
            None => "?".to_string(),
        };
        let colour = fief::rules::COLOURS[g.options.colour(p)];
        let who = match g
            .options
            .names
            .get(p as usize)
            .filter(|n| !n.trim().is_empty())
        {
            Some(name) => format!("{name} ({colour})"),
            None => colour.to_string(),
        };
        text += &format!("  seat {}: {who}, {seat}\n", p + 1);
    }
    let phase = format!("{:?}", g.phase);
    let phase = phase.split([' ', '{', '(']).next().unwrap_or_default();
    text += &format!("round: {}\nphase: {phase}\n", g.round);
    text += &format!("actions played: {}\n", g.history.len());
    match &g.outcome {
        Some(o) if o.winners.is_empty() => text += &format!("game over: a draw ({})\n", o.reason),
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&p| g.name(p)).collect();
            text += &format!("game over: won by {} ({})\n", names.join(" and "), o.reason);
        }
        None => {
            let to_act = g.to_act().map(|p| g.name(p)).unwrap_or_default();
            text += &format!("game over: no; {to_act} decides next\n");
        }
    }
    // A closed pipe is no reason to panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
