//! `fief-cli`: the headless front end. `fief-cli --help` and `fief-cli COMMAND --help` say
//! what each command does; every number is checked against its range before use.

/// A faster allocator than the system's: the engine allocates small lists constantly.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Args, Parser, Subcommand};
use fief::rules::rng::Rng;
use fief::rules::{Game, Options};
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

#[derive(Args)]
struct DuelArgs {
    /// The other build's fief-cli.
    #[arg(long)]
    other: PathBuf,
    /// Games to play (1 to 10000).
    #[arg(long, default_value_t = 40, value_parser = whole::<u32>(1, 10_000))]
    games: u32,
    /// The first game's seed (the next games take the next seeds).
    #[arg(long, default_value_t = 1, value_parser = seed)]
    seed: u64,
    /// The bots' level on both sides: easy, normal or hard.
    #[arg(long, default_value = "hard", value_parser = |s: &str| s.parse::<fief::bots::Level>())]
    level: fief::bots::Level,
    /// The Hard bot's iterations a decision, on both sides (1 to 1000000; 100 unless
    /// --hard-ms is given).
    #[arg(long, value_parser = whole::<u32>(1, 1_000_000))]
    hard_iterations: Option<u32>,
    /// The Hard bot thinks this many milliseconds a decision instead, on both sides (1 to
    /// 600000); the other build's `join` must know --hard-ms.
    #[arg(long, value_parser = whole::<u64>(1, 600_000), conflicts_with = "hard_iterations")]
    hard_ms: Option<u64>,
}

#[derive(Args)]
struct BenchNetArgs {
    /// Tables played at once (1 to 2000).
    #[arg(long, default_value_t = 200, value_parser = whole::<u32>(1, 2000))]
    tables: u32,
    /// How long the run lasts at most, in seconds (1 to 3600).
    #[arg(long, default_value_t = 30, value_parser = whole::<u64>(1, 3600))]
    seconds: u64,
    /// Milliseconds each client waits before each decision (a player's pace; 0 to 60000).
    #[arg(long, default_value_t = 500, value_parser = whole::<u64>(0, 60_000))]
    think_ms: u64,
    /// The fief-server program (by default the one beside this program).
    #[arg(long)]
    server: Option<PathBuf>,
    /// The clients take every state whole, as clients did before states were sent as
    /// changes (to compare the two).
    #[arg(long)]
    whole: bool,
}

#[derive(Args)]
struct BenchHostileArgs {
    /// Hostile connections opened before the honest player comes (1 to 4000).
    #[arg(long, default_value_t = 4000, value_parser = whole::<u32>(1, 4000))]
    connections: u32,
    /// Connections waiting at the played table that leave at once (1 to 4000).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u32>(1, 4000))]
    closing: u32,
    /// Milliseconds each bot client waits before each decision (0 to 1000).
    #[arg(long, default_value_t = 20, value_parser = whole::<u64>(0, 1000))]
    think_ms: u64,
}

#[derive(Args)]
struct HostArgs {
    /// The host's folder (its key, port and tables).
    #[arg(long)]
    data: Option<PathBuf>,
    #[command(flatten)]
    reach: fief::net::serve::ReachArgs,
    /// The UDP port to listen on (0: the one used last time, else any free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    #[command(flatten)]
    table: fief::net::serve::TableArgs,
}

#[derive(Args)]
struct JoinArgs {
    /// The invitation (it begins with "fief").
    ticket: String,
    /// The seat to play (0 for the first).
    #[arg(long, value_parser = whole::<u8>(0, 5))]
    seat: u8,
    /// The bot that plays it: easy, normal or hard.
    #[arg(long, value_parser = |s: &str| s.parse::<fief::bots::Level>())]
    bot: fief::bots::Level,
    /// The name to sit under.
    #[arg(long)]
    name: Option<String>,
    /// Takes back a seat held before, with its secret.
    #[arg(long)]
    secret: Option<String>,
    /// The Hard bot thinks this many iterations a decision rather than a second (1 to
    /// 1000000), so that two builds' bots can be compared on equal terms.
    #[arg(long, value_parser = whole::<u32>(1, 1_000_000))]
    hard_iterations: Option<u32>,
    /// The Hard bot thinks this many milliseconds a decision rather than a second (1 to
    /// 600000).
    #[arg(long, value_parser = whole::<u64>(1, 600_000), conflicts_with = "hard_iterations")]
    hard_ms: Option<u64>,
    #[command(flatten)]
    reach: fief::net::serve::ReachArgs,
}

/// Writes a line to standard output (see [`out`]).
macro_rules! say {
    ($($t:tt)*) => { out(format_args!($($t)*), true) };
}

/// Writes to standard output without ending the line (see [`out`]).
macro_rules! say_part {
    ($($t:tt)*) => { out(format_args!($($t)*), false) };
}

/// Writes a line to standard error; a closed or full standard error is no reason to stop.
macro_rules! warn {
    ($($t:tt)*) => {{ let _ = writeln!(std::io::stderr(), $($t)*); }};
}

/// Writes to standard output. Output that cannot be written ends the program with exit code
/// 1: a closed pipe quietly (its reader stopped reading), anything else (a full disk) with
/// the reason on standard error. Nothing is ever lost without the exit code saying so.
fn out(text: std::fmt::Arguments, line: bool) {
    let mut o = std::io::stdout().lock();
    let written = o
        .write_fmt(text)
        .and_then(|()| if line { o.write_all(b"\n") } else { Ok(()) });
    if let Err(e) = written {
        output_failed(&e);
    }
}

/// Ends the program on output that could not be written (see [`out`]).
fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        warn!("fief-cli: the output could not be written: {e}");
    }
    std::process::exit(1);
}

/// A path as printed: nothing in a file's name can fake or hide a line of the output.
fn shown(path: &std::path::Path) -> String {
    fief::files::printable(&path.display().to_string())
}

/// A whole number from `lo` to `hi`, refused in words ("'many' is not a whole number").
fn whole<T>(lo: u64, hi: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: TryFrom<u64>,
{
    move |s: &str| match s.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => {
            T::try_from(n).map_err(|_| format!("{n} is out of range"))
        }
        Ok(n) => Err(format!("{n} is not between {lo} and {hi}")),
        Err(_) => Err(format!("'{s}' is not a whole number from {lo} to {hi}")),
    }
}

/// A number from 0 to 1.
fn fraction(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not a number from 0 to 1")),
    }
}

/// A seed: any whole number from 0 to 18446744073709551615.
fn seed(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| {
        format!(
            "'{s}' is not a seed: give a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// A round cap: a number of rounds from 1 to 65535, or `none`.
#[derive(Clone, Copy)]
struct RoundCap(Option<u16>);

fn round_cap(s: &str) -> Result<RoundCap, String> {
    if s == "none" {
        return Ok(RoundCap(None));
    }
    match s.parse::<u16>() {
        Ok(n) if n >= 1 => Ok(RoundCap(Some(n))),
        _ => Err(format!(
            "'{s}' is not a round cap: give a number of rounds from 1 to 65535, or none"
        )),
    }
}

#[derive(Args)]
struct PlayArgs {
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
struct FuzzArgs {
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

#[derive(Args)]
struct ArenaArgs {
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

#[derive(Args)]
struct BenchArgs {
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

fn runtime() -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => Some(rt),
        Err(e) => {
            warn!("fief-cli: cannot start the network: {e}");
            None
        }
    }
}

fn host(a: HostArgs) -> ExitCode {
    let data = a
        .data
        .unwrap_or_else(|| std::env::temp_dir().join(format!("fief-host-{}", std::process::id())));
    if a.table.seats.is_none() && !data.join("host.sqlite").exists() {
        warn!("fief-cli host: give the table's seats with --seats (for example open,open,normal,normal)");
        return ExitCode::from(2);
    }
    let Some(rt) = runtime() else {
        return ExitCode::FAILURE;
    };
    let result = rt.block_on(fief::net::serve::run_host(
        data,
        a.reach.reach,
        a.port,
        &a.table,
        &mut |line| say!("{line}"),
        async {
            let _ = tokio::signal::ctrl_c().await;
        },
    ));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            warn!("fief-cli host: {e}");
            ExitCode::FAILURE
        }
    }
}

fn bench_net(a: BenchNetArgs) -> ExitCode {
    let server = a.server.unwrap_or_else(|| {
        std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(|d| d.join("fief-server")))
            .unwrap_or_else(|| PathBuf::from("fief-server"))
    });
    match fief::net::bench::run(
        &server,
        a.tables,
        a.seconds,
        std::time::Duration::from_millis(a.think_ms),
        None,
        a.whole,
    ) {
        Ok(r) => {
            say!("{}", r.report());
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("fief-cli bench-net: {e}");
            ExitCode::FAILURE
        }
    }
}

fn bench_hostile(a: BenchHostileArgs) -> ExitCode {
    match fief::net::bench::run_hostile(
        a.connections,
        a.closing,
        std::time::Duration::from_millis(a.think_ms),
    ) {
        Ok(r) => {
            say!("{}", r.report());
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("fief-cli bench-hostile: {e}");
            ExitCode::FAILURE
        }
    }
}

fn duel(a: DuelArgs) -> ExitCode {
    let Ok(this) = std::env::current_exe() else {
        warn!("fief-cli duel: cannot tell where this program is");
        return ExitCode::FAILURE;
    };
    let Some(rt) = runtime() else {
        return ExitCode::FAILURE;
    };
    match rt.block_on(fief::net::serve::run_duel(
        &this,
        &a.other,
        a.games,
        a.seed,
        a.level,
        hard_budget(
            a.hard_iterations,
            a.hard_ms,
            fief::bots::Budget::Iterations(100),
        ),
        &mut |line| say!("{line}"),
    )) {
        Ok(d) => {
            for f in &d.failures {
                warn!("{f}");
            }
            say!("{}", d.report());
            // A game that failed (a seat's program refused, a game that did not end) makes the
            // shares doubtful: said by the exit code too.
            if d.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            warn!("fief-cli duel: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The Hard bot's budget from a command line: its iterations when given, else its time in
/// milliseconds when given, else `otherwise`.
fn hard_budget(
    iterations: Option<u32>,
    ms: Option<u64>,
    otherwise: fief::bots::Budget,
) -> fief::bots::Budget {
    match (iterations, ms) {
        (Some(n), _) => fief::bots::Budget::Iterations(n),
        (None, Some(ms)) => fief::bots::Budget::Time(std::time::Duration::from_millis(ms)),
        (None, None) => otherwise,
    }
}

fn join(a: JoinArgs) -> ExitCode {
    match fief::net::serve::run_bot_client(
        &a.ticket,
        a.reach.reach,
        fief::net::serve::BotJoin {
            seat: a.seat,
            level: a.bot,
            name: a.name,
            secret: a.secret,
            hard_budget: hard_budget(
                a.hard_iterations,
                a.hard_ms,
                fief::bots::Budget::Time(std::time::Duration::from_secs(1)),
            ),
        },
        &mut |line| say!("{line}"),
    ) {
        Ok(words) => {
            say!("{words}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("fief-cli join: {e}");
            ExitCode::FAILURE
        }
    }
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

fn play(args: PlayArgs) -> ExitCode {
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

fn scenario(path: &std::path::Path) -> ExitCode {
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

fn fuzz(args: FuzzArgs) -> ExitCode {
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

fn arena(args: ArenaArgs) -> ExitCode {
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

fn bench(args: BenchArgs) -> ExitCode {
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

/// `fief-cli load FILE`: the app's checks on a save, and its summary or the refusal in words.
fn load(path: &std::path::Path) -> ExitCode {
    let file = shown(path);
    let saved = match fief::save::load(path) {
        Ok(s) => s,
        Err(e) => {
            warn!("fief-cli: {file} is refused: {e}");
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
            Some(fief::save::Seat::Remote) => "remote".to_string(),
            None => "?".to_string(),
        };
        let colour = fief::rules::COLOURS[g.options.colour(p)];
        let who = match g
            .options
            .names
            .get(p as usize)
            .filter(|n| !n.trim().is_empty())
        {
            Some(name) => format!("{} ({colour})", fief::files::printable(name)),
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
    say_part!("{text}");
    ExitCode::SUCCESS
}
