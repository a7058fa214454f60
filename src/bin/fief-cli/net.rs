//! The network commands: `host`, `join`, `bench-net`, `bench-hostile` and `duel`, with their
//! arguments.

use crate::args::{hard_budget, seed, whole};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct DuelArgs {
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
pub(crate) struct BenchNetArgs {
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
pub(crate) struct BenchHostileArgs {
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
pub(crate) struct HostArgs {
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
pub(crate) struct JoinArgs {
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

pub(crate) fn host(a: HostArgs) -> ExitCode {
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
        None,
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

pub(crate) fn bench_net(a: BenchNetArgs) -> ExitCode {
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

pub(crate) fn bench_hostile(a: BenchHostileArgs) -> ExitCode {
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

pub(crate) fn duel(a: DuelArgs) -> ExitCode {
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

pub(crate) fn join(a: JoinArgs) -> ExitCode {
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
