//! `fief-cli`: the headless front end. `fief-cli --help` and `fief-cli COMMAND --help` say
//! what each command does; every number is checked against its range before use.

/// A faster allocator than the system's: the engine allocates small lists constantly.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// First, for the modules below: its macros (`say!`, `say_part!`, `warn!`).
#[macro_use]
mod output;

mod arena;
mod args;
mod bench;
mod load;
mod net;
mod play;

use arena::{arena, ArenaArgs};
use bench::{bench, BenchArgs};
use clap::{Parser, Subcommand};
use load::load;
use net::{bench_hostile, bench_net, duel, host, join};
use net::{BenchHostileArgs, BenchNetArgs, DuelArgs, HostArgs, JoinArgs};
use output::output_failed;
use play::{fuzz, play, scenario, FuzzArgs, PlayArgs};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "fief-cli",
    version,
    about = "Fief: France 1429 without a window: games, scenarios, fuzzing, bot arenas and benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a whole game between bots (Easy, random legal choices, unless --bots names the
    /// levels) and prints its log and result; the same command line prints the same game.
    Play(PlayArgs),
    /// Loads a scenario (docs/scenarios.md), applies its script and prints the state as JSON;
    /// exits 1 when an action is refused or an expectation fails.
    Scenario {
        /// The scenario file (JSON).
        file: PathBuf,
    },
    /// Plays random games (seeds S, S+1, ...; 3 to 6 players in turn), checking the engine's
    /// invariants after every action; each failure is written to fuzz-failure-SEED.json, a
    /// scenario that replays it.
    Fuzz(FuzzArgs),
    /// Bots against bots (one level per seat, rotated every game): each level's win rate with
    /// a 95% interval, the games' lengths and the games that reached the round cap.
    Arena(ArenaArgs),
    /// Measures the engine and the bots: actions applied per second, random games per minute,
    /// state clone time, legal-action enumeration time and the Hard bot's playouts per second.
    Bench(BenchArgs),
    /// Checks a saved game as the app loads it and prints its summary; exits 1, saying why,
    /// when the file is refused.
    Load {
        /// The saved game (.fief).
        file: PathBuf,
    },
    /// Hosts a table for players at other computers, prints its invitation (a line
    /// `TABLE INVITATION`) and serves it until Ctrl+C. Its folder (by default a new one under
    /// the temporary folder) keeps the table: the same --data brings it back.
    Host(HostArgs),
    /// Plays a seat of a table at another computer with a bot, until the game ends.
    Join(JoinArgs),
    /// Measures a host under load: a fief-server of its own (beside this program) with N
    /// tables, four Easy bot clients a table over loopback; prints actions a second, the time
    /// from an action sent to every seat updated (p50, p99), memory a table and CPU an action.
    BenchNet(BenchNetArgs),
    /// Measures a host under attack, over loopback only (a host in this process): opens N
    /// hostile connections from a crowd of loopback addresses (half of them inside a frame
    /// they never finish, the others taking no seat) and times an honest player's seat from
    /// another address; then closes a crowd waiting at a table four bots play, all at once,
    /// and prints the longest pause between the table's states and the seats dropped.
    BenchHostile(BenchHostileArgs),
    /// This program's bots against another build's at tables over loopback (two seats each,
    /// swapped every game): what the arena cannot compare. Prints each build's share of the
    /// wins with a 95% interval; exits 1 when a game failed (a seat's program refused to
    /// play, a game that did not end).
    Duel(DuelArgs),
}

fn main() -> ExitCode {
    let command = parse().command;
    let code = match command {
        Command::Play(a) => play(a),
        Command::Scenario { file } => scenario(&file),
        Command::Fuzz(a) => fuzz(a),
        Command::Arena(a) => arena(a),
        Command::Bench(a) => bench(a),
        Command::Load { file } => load(&file),
        Command::Host(a) => host(a),
        Command::Join(a) => join(a),
        Command::BenchNet(a) => bench_net(a),
        Command::BenchHostile(a) => bench_hostile(a),
        Command::Duel(a) => duel(a),
    };
    if let Err(e) = std::io::stdout().lock().flush() {
        output_failed(&e);
    }
    code
}

/// The command line, or its refusal: what is wrong, the usage of the command named (or of
/// fief-cli) and exit code 2.
fn parse() -> Cli {
    use clap::error::ErrorKind;
    use clap::CommandFactory;
    let e = match Cli::try_parse() {
        Ok(cli) => return cli,
        Err(e) => e,
    };
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // Written here rather than by clap, which would exit 0 with the text lost.
        say_part!("{}", e.render());
        if let Err(e) = std::io::stdout().lock().flush() {
            output_failed(&e);
        }
        std::process::exit(0);
    }
    let text = e.render().to_string();
    // A closed stderr (`2>&1 | head -1`) is no reason to panic.
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{text}");
    if !text.contains("Usage:") {
        let mut cli = Cli::command();
        cli.build();
        // The command's name as given (an argument need not be valid text).
        let named = std::env::args_os()
            .nth(1)
            .map(|a| a.to_string_lossy().into_owned())
            .unwrap_or_default();
        let usage = match cli.find_subcommand_mut(&named) {
            Some(sub) => sub.render_usage(),
            None => cli.render_usage(),
        };
        let _ = writeln!(err, "\n{usage}");
    }
    std::process::exit(2);
}

/// A command line that parsed but cannot be carried out: the reason, the command's usage and
/// exit code 2.
fn usage_error(command: &str, msg: &str) -> ExitCode {
    use clap::CommandFactory;
    let mut cli = Cli::command();
    // Building names each subcommand as `fief-cli COMMAND` in its usage line.
    cli.build();
    let cmd = cli
        .find_subcommand_mut(command)
        .expect("a subcommand of fief-cli");
    cmd.error(clap::error::ErrorKind::ValueValidation, msg)
        .print()
        .ok();
    ExitCode::from(2)
}
