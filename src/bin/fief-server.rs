//! `fief-server`: a headless host of Fief tables for players at other computers. It keeps
//! its tables in a folder (a key, a port and an SQLite database) and brings them all back
//! when started again; `--seats` adds a table. Each table's invitation is printed on a line
//! of its own: `TABLE INVITATION`; then the server's invitation to make tables, with which
//! players open tables here from the app's New Game: `server INVITATION`.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;
use fief::net::serve::{default_host_folder, run_host, ReachArgs, ServerArgs, TableArgs};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "fief-server",
    version,
    about = "Hosts Fief tables for players at other computers (stop it with Ctrl+C; start it again and every table is back)"
)]
struct Cli {
    /// The host's folder (its key, port and tables); by default $XDG_DATA_HOME/fief/host.
    #[arg(long)]
    data: Option<PathBuf>,
    #[command(flatten)]
    reach: ReachArgs,
    /// The UDP port to listen on (0: the one used last time, else any free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    server: ServerArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(data) = cli.data.clone().or_else(default_host_folder) else {
        eprintln!("fief-server: no home folder is known: give the host's folder with --data");
        return ExitCode::FAILURE;
    };
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("fief-server: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = rt.block_on(run_host(
        data,
        cli.reach.reach,
        cli.port,
        &cli.table,
        Some(&cli.server),
        &mut |line| {
            let mut o = std::io::stdout().lock();
            let _ = writeln!(o, "{line}");
            let _ = o.flush();
        },
        async {
            let _ = tokio::signal::ctrl_c().await;
        },
    ));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fief-server: {e}");
            ExitCode::FAILURE
        }
    }
}
