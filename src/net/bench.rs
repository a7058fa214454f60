//! The host under load (`fief-cli bench-net`): a `fief-server` in a process of its own with N
//! tables, four bot clients a table over loopback, for a set time. Prints the actions played a
//! second, the time from an action sent to every seat of its table holding the new state
//! (p50, p99), the host's memory a table and its CPU time an action.
//!
//! The host under attack (`fief-cli bench-hostile`): a host in this process, thousands of
//! hostile connections (half-sent frames, connections that take no seat), how long an honest
//! player then takes to be seated, and what a crowd leaving a table at once costs its game.

use super::client::{choose_offered, Client};
use super::host::{Host, HostConfig, TableSpec};
use super::protocol::{
    read_frame_sized, write_frame, ClientMsg, FrameError, HostMsg, SeatNo, MAX_CLIENT_FRAME,
    MAX_HOST_FRAME,
};
use super::table::SeatPlan;
use super::ticket::Ticket;
use super::transport::{bind_on, Reach};
use crate::bots::{new_bot, Budget, Level};
use crate::rules::{Game, Options};
use std::collections::HashMap;
use std::io::BufRead;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a run measured.
#[derive(Debug, Clone)]
pub struct NetBench {
    pub tables: u32,
    pub seconds: f64,
    pub actions: u64,
    /// Milliseconds from an action sent to the last of its table's four seats holding the new
    /// state.
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// The resident memory of a host with no table, and of this one at its highest.
    pub rss_empty_kb: u64,
    pub rss_peak_kb: u64,
    /// The host's CPU time (user and system) over the run, in milliseconds.
    pub host_cpu_ms: u64,
    pub games_ended: u64,
    pub refused: u64,
    /// The frames that brought a seat a new state (`state` or `change`), their bytes in all
    /// and the largest; the states that came whole, and the changes that did not fit.
    pub states: u64,
    pub state_bytes: u64,
    pub max_state: u64,
    pub wholes: u64,
    pub resyncs: u64,
    /// Why the first change that did not fit did not (a host's bug, or a frame lost).
    pub why_resent: Option<String>,
    /// The clients that lost the host before the end (a connection closed, a frame refused),
    /// and why the first did.
    pub clients_lost: u64,
    pub why_lost: Option<String>,
}

impl NetBench {
    pub fn report(&self) -> String {
        let per_table =
            self.rss_peak_kb.saturating_sub(self.rss_empty_kb) as f64 / self.tables as f64 / 1024.0;
        let cpu_action = if self.actions > 0 {
            self.host_cpu_ms as f64 * 1000.0 / self.actions as f64
        } else {
            0.0
        };
        format!(
            "tables: {}, seconds: {:.1}\nactions: {} ({:.0} a second), games ended: {}, refused: {}, clients lost: {}\n\
             action sent to every seat updated: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n\
             host memory: {:.1} MB empty, {:.1} MB at most, {:.2} MB a table\n\
             host CPU: {:.0} µs an action ({:.1} s in all)\n\
             states sent: {:.0} bytes a seat an action on average, {} at most ({} of {} whole, {} resent)",
            self.tables,
            self.seconds,
            self.actions,
            self.actions as f64 / self.seconds.max(0.001),
            self.games_ended,
            self.refused,
            self.clients_lost,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.rss_empty_kb as f64 / 1024.0,
            self.rss_peak_kb as f64 / 1024.0,
            per_table,
            cpu_action,
            self.host_cpu_ms as f64 / 1000.0,
            self.state_bytes as f64 / self.states.max(1) as f64,
            self.max_state,
            self.wholes,
            self.states,
            self.resyncs,
        ) + &self
            .why_resent
            .as_ref()
            .map(|w| format!("\nthe first change that did not fit: {w}"))
            .unwrap_or_default()
            + &self
                .why_lost
                .as_ref()
                .map(|w| format!("\nthe first client lost: {w}"))
                .unwrap_or_default()
    }
}

/// A field of `/proc/PID/status` in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// The process's CPU time (user + system) in milliseconds.
fn cpu_ms(pid: u32) -> u64 {
    let Ok(t) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    // The fields after the command's name (which is in parentheses and may hold spaces).
    let rest = t.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let hz = 100; // USER_HZ on Linux
    (ticks(11) + ticks(12)) * 1000 / hz
}

/// Sent actions waiting for their four views: (table, at) → (sent, seats updated).
type Pending = Mutex<HashMap<(String, u64), (Instant, u8)>>;

struct Shared {
    pending: Pending,
    latencies: Mutex<Vec<f64>>,
    actions: AtomicU64,
    games_ended: AtomicU64,
    refused: AtomicU64,
    stop: AtomicBool,
    /// `table` messages the clients heard.
    tables_heard: AtomicU64,
    /// When seat 0's client received each state.
    state_times: Mutex<Vec<Instant>>,
    /// Whether the clients take whole states only (as before changes were sent).
    whole_only: bool,
    states: AtomicU64,
    state_bytes: AtomicU64,
    max_state: AtomicU64,
    wholes: AtomicU64,
    resyncs: AtomicU64,
    why_resent: Mutex<Option<String>>,
}

impl Shared {
    fn new(whole_only: bool) -> Shared {
        Shared {
            pending: Mutex::new(HashMap::new()),
            latencies: Mutex::new(Vec::new()),
            actions: AtomicU64::new(0),
            games_ended: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            tables_heard: AtomicU64::new(0),
            state_times: Mutex::new(Vec::new()),
            whole_only,
            states: AtomicU64::new(0),
            state_bytes: AtomicU64::new(0),
            max_state: AtomicU64::new(0),
            wholes: AtomicU64::new(0),
            resyncs: AtomicU64::new(0),
            why_resent: Mutex::new(None),
        }
    }
}

/// Loopback address `i` of the network 127.`net`.0.0 (127.`net`.0.1, 127.`net`.0.2...): a
/// host counts connections by address, and players come from many.
pub fn loopback(net: u8, i: usize) -> IpAddr {
    Ipv4Addr::new(127, net, (i / 250 % 256) as u8, (i % 250 + 1) as u8).into()
}

/// One bot client of the bench: plays its seat, notes when it sends and when it is updated.
/// A bench client in each of a table's four seats, from `ep`.
fn four_players(
    ep: &iroh::Endpoint,
    ticket: &Ticket,
    think: Duration,
    shared: &Arc<Shared>,
) -> Vec<tokio::task::JoinHandle<Result<(), String>>> {
    (0..4u8)
        .map(|seat| {
            tokio::spawn(bench_client(
                ep.clone(),
                ticket.clone(),
                seat,
                think,
                shared.clone(),
            ))
        })
        .collect()
}

async fn bench_client(
    ep: iroh::Endpoint,
    ticket: Ticket,
    seat: SeatNo,
    think: Duration,
    shared: Arc<Shared>,
) -> Result<(), String> {
    let (mut c, _) = Client::connect_on(&ep, &ticket).await?;
    if c.changes && !shared.whole_only {
        c.send(&ClientMsg::Changes).await?;
    }
    c.send(&ClientMsg::Take {
        seat,
        name: format!("Bench {seat}"),
    })
    .await?;
    // Frames are read on a task of their own, and the loop below waits on the channel with a
    // timeout to see the bench's end: a timeout around the read itself could abandon a frame
    // halfway and lose the part of it read so far.
    let (conn, mut send, mut recv) = c.split();
    let (tx, mut frames) = tokio::sync::mpsc::channel(64);
    let reader = tokio::spawn(async move {
        loop {
            let got = read_frame_sized::<HostMsg, _>(&mut recv, MAX_HOST_FRAME).await;
            let end = got.is_err();
            if tx.send(got).await.is_err() || end {
                return;
            }
        }
    });
    let result = play_seat(&mut frames, &mut send, seat, think, &ticket, &shared).await;
    reader.abort();
    conn.close(0u32.into(), b"bye");
    result
}

/// The loop of a bench client: reads its frames from `frames`, answers on `send`.
async fn play_seat(
    frames: &mut tokio::sync::mpsc::Receiver<Result<(HostMsg, usize), FrameError>>,
    send: &mut iroh::endpoint::SendStream,
    seat: SeatNo,
    think: Duration,
    ticket: &Ticket,
    shared: &Shared,
) -> Result<(), String> {
    let mut held = super::change::Held::default();
    let mut log_held = 0;
    let mut bot = new_bot(Level::Easy, seat as u64, Budget::Iterations(1));
    let never = AtomicBool::new(false);
    let table = ticket.table.clone();
    while !shared.stop.load(Ordering::Relaxed) {
        let (msg, bytes) =
            match tokio::time::timeout(Duration::from_millis(500), frames.recv()).await {
                Ok(Some(Ok((m, n)))) => (m, n as u64),
                Ok(Some(Err(e))) => return Err(format!("lost the host: {e}")),
                Ok(None) => return Err("lost the host".into()),
                Err(_) => continue,
            };
        if matches!(msg, HostMsg::State { .. } | HostMsg::Change { .. }) {
            if matches!(msg, HostMsg::State { .. }) {
                shared.wholes.fetch_add(1, Ordering::Relaxed);
            }
            shared.states.fetch_add(1, Ordering::Relaxed);
            shared.state_bytes.fetch_add(bytes, Ordering::Relaxed);
            shared.max_state.fetch_max(bytes, Ordering::Relaxed);
        }
        let msg = match super::change::as_state(&mut held, seat, msg) {
            Ok(m) => m,
            Err(e) => {
                shared.resyncs.fetch_add(1, Ordering::Relaxed);
                shared.why_resent.lock().unwrap().get_or_insert(e);
                say(
                    send,
                    &ClientMsg::Resync {
                        seat,
                        log_from: log_held,
                    },
                )
                .await?;
                continue;
            }
        };
        match msg {
            HostMsg::Table { .. } => {
                shared.tables_heard.fetch_add(1, Ordering::Relaxed);
            }
            HostMsg::State {
                at,
                game,
                legal,
                log_from,
                log,
                ..
            } => {
                log_held = log_from + log.len() as u64;
                if seat == 0 {
                    shared.state_times.lock().unwrap().push(Instant::now());
                }
                // The state after action `at - 1`: this seat has it now.
                if at > 0 {
                    let key = (table.clone(), at - 1);
                    let mut p = shared.pending.lock().unwrap();
                    if let Some((sent, n)) = p.get_mut(&key) {
                        *n += 1;
                        if *n == 4 {
                            let ms = sent.elapsed().as_secs_f64() * 1000.0;
                            p.remove(&key);
                            shared.latencies.lock().unwrap().push(ms);
                        }
                    }
                }
                let g: Game = serde_json::from_value(game).map_err(|e| e.to_string())?;
                if g.is_over() {
                    shared.games_ended.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                if legal.is_empty() {
                    continue;
                }
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                let Some(action) = tokio::task::block_in_place(|| {
                    choose_offered(bot.as_mut(), &g, seat, &legal, &[], &never)
                }) else {
                    continue;
                };
                shared
                    .pending
                    .lock()
                    .unwrap()
                    .insert((table.clone(), at), (Instant::now(), 0));
                say(send, &ClientMsg::Act { seat, at, action }).await?;
                shared.actions.fetch_add(1, Ordering::Relaxed);
            }
            HostMsg::Refused { .. } => {
                shared.refused.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }
    Ok(())
}

/// Sends one message to the host.
async fn say(send: &mut iroh::endpoint::SendStream, msg: &ClientMsg) -> Result<(), String> {
    write_frame(send, msg, MAX_CLIENT_FRAME)
        .await
        .map_err(|e| format!("lost the host: {e}"))
}

/// Runs the bench: `server` is the fief-server program; `tables` tables of four clients play
/// Easy bots' games for `seconds`, each client waiting `think` before each decision.
pub fn run(
    server: &Path,
    tables: u32,
    seconds: u64,
    think: Duration,
    round_cap: Option<u16>,
    whole_only: bool,
) -> Result<NetBench, String> {
    let dir = std::env::temp_dir().join(format!("fief-bench-net-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The memory of a host with no table, to count a table's share from.
    let rss_empty_kb = {
        let mut empty = std::process::Command::new(server)
            .arg("--data")
            .arg(dir.join("empty"))
            .args(["--reach", "local"])
            .env("FIEF_NET", "local")
            .stdout(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
        std::thread::sleep(Duration::from_secs(1));
        let kb = status_kb(empty.id(), "VmRSS:");
        let _ = empty.kill();
        let _ = empty.wait();
        kb
    };
    let mut cmd = std::process::Command::new(server);
    cmd.arg("--data")
        .arg(&dir)
        .args(["--reach", "local", "--seats", "open,open,open,open"])
        .args(["--tables", &tables.to_string(), "--bot-after", "wait"])
        .env("FIEF_NET", "local")
        .stdout(std::process::Stdio::piped());
    if let Some(r) = round_cap {
        cmd.args(["--round-cap", &r.to_string()]);
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
    let pid = child.id();
    let out = child.stdout.take().ok_or("no output from the host")?;
    let mut tickets = Vec::new();
    let mut lines = std::io::BufReader::new(out).lines();
    while tickets.len() < tables as usize {
        let Some(Ok(line)) = lines.next() else {
            let _ = child.kill();
            return Err("the host stopped before printing its invitations".into());
        };
        let Some((_, t)) = line.split_once(' ') else {
            continue;
        };
        tickets.push(Ticket::decode(t)?);
    }
    let rt = runtime()?;
    let shared = Arc::new(Shared::new(whole_only));
    let result = rt.block_on(async {
        let mut tasks = Vec::new();
        let mut endpoints = Vec::new();
        for (i, t) in tickets.iter().enumerate() {
            // Each table's players from an address of their own (the host caps connections
            // from one address).
            let ep = bind_on(loopback(1, i)).await?;
            tasks.extend(four_players(&ep, t, think, &shared));
            endpoints.push(ep);
        }
        let cpu0 = cpu_ms(pid);
        let start = Instant::now();
        let mut peak = status_kb(pid, "VmRSS:");
        while start.elapsed() < Duration::from_secs(seconds) {
            tokio::time::sleep(Duration::from_millis(250)).await;
            peak = peak.max(status_kb(pid, "VmRSS:"));
            if shared.games_ended.load(Ordering::Relaxed) >= tables as u64 * 4 {
                break;
            }
        }
        let elapsed = start.elapsed().as_secs_f64();
        let cpu = cpu_ms(pid).saturating_sub(cpu0);
        let actions = shared.actions.load(Ordering::Relaxed);
        shared.stop.store(true, Ordering::Relaxed);
        let mut lost = (0u64, None);
        for t in tasks {
            if let Ok(Err(e)) = t.await {
                lost.0 += 1;
                lost.1.get_or_insert(e);
            }
        }
        for ep in endpoints {
            ep.close().await;
        }
        Ok::<_, String>((elapsed, cpu, actions, peak, lost))
    });
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let (elapsed, cpu, actions, peak, (clients_lost, why_lost)) = result?;
    let mut lat = shared.latencies.lock().unwrap().clone();
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |q: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * q).round() as usize]
        }
    };
    let why_resent = shared.why_resent.lock().unwrap().take();
    Ok(NetBench {
        tables,
        seconds: elapsed,
        actions,
        p50_ms: pct(0.5),
        p99_ms: pct(0.99),
        max_ms: lat.last().copied().unwrap_or(0.0),
        rss_empty_kb,
        rss_peak_kb: peak,
        host_cpu_ms: cpu,
        games_ended: shared.games_ended.load(Ordering::Relaxed) / 4,
        refused: shared.refused.load(Ordering::Relaxed),
        states: shared.states.load(Ordering::Relaxed),
        state_bytes: shared.state_bytes.load(Ordering::Relaxed),
        max_state: shared.max_state.load(Ordering::Relaxed),
        wholes: shared.wholes.load(Ordering::Relaxed),
        resyncs: shared.resyncs.load(Ordering::Relaxed),
        why_resent,
        clients_lost,
        why_lost,
    })
}

/// What `bench-hostile` measured.
#[derive(Debug, Clone)]
pub struct HostileBench {
    pub connections: u32,
    /// Hostile connections the host let in, and turned away.
    pub let_in: usize,
    pub turned_away: usize,
    /// Connections the host served when the honest player came.
    pub served: usize,
    /// Milliseconds from the honest player's first packet to his seat.
    pub seated_ms: f64,
    pub closing: u32,
    /// The longest pause between two successive states of the played table in the 3 seconds
    /// before the crowd left, and in the 3 seconds after.
    pub pause_before_ms: f64,
    pub pause_after_ms: f64,
    /// `table` messages the four players heard after the crowd left.
    pub tables_heard: u64,
    /// Seats whose player was cut off, or that the table shows not here.
    pub seats_dropped: u32,
    pub game_over_early: bool,
}

impl HostileBench {
    pub fn report(&self) -> String {
        format!(
            "hostile connections: {} tried, {} let in, {} turned away ({} served at once)\n\
             honest player seated in {:.1} ms\n\
             {} connections leaving a played table at once: longest pause between its states \
             {:.1} ms before, {:.1} ms after; {} table messages heard by its players; \
             seats dropped: {}{}",
            self.connections,
            self.let_in,
            self.turned_away,
            self.served,
            self.seated_ms,
            self.closing,
            self.pause_before_ms,
            self.pause_after_ms,
            self.tables_heard,
            self.seats_dropped,
            if self.game_over_early {
                " (the game ended within the window)"
            } else {
                ""
            },
        )
    }
}

/// One hostile connection kept open: greeted, then either quiet or inside a frame it never
/// finishes.
type Held = (iroh::endpoint::Connection, iroh::endpoint::SendStream);

/// Opens `n` hostile connections to `ticket`'s table, 16 from each loopback address of
/// network 127.`net`.0.0 (the host's cap on one address), 32 at a time; every other one
/// begins a frame it never finishes. Returns the connections let in, the endpoints, and how
/// many were turned away.
async fn crowd(
    ticket: &Ticket,
    n: usize,
    net: u8,
    half: bool,
) -> Result<(Vec<Held>, Vec<iroh::Endpoint>, usize), String> {
    let mut endpoints = Vec::new();
    for i in 0..n.div_ceil(16) {
        endpoints.push(bind_on(loopback(net, i)).await?);
    }
    let mut held = Vec::new();
    let mut away = 0;
    let mut next = 0;
    while next < n {
        let mut batch = Vec::new();
        for k in next..(next + 32).min(n) {
            let ep = endpoints[k / 16].clone();
            let t = ticket.clone();
            batch.push(tokio::spawn(async move {
                let got = tokio::time::timeout(Duration::from_secs(20), async {
                    let (c, _) = Client::connect_on(&ep, &t).await?;
                    let (conn, mut send, _) = c.split();
                    if half && k % 2 == 0 {
                        send.write_all(&[0, 0]).await.map_err(|e| e.to_string())?;
                    }
                    Ok::<_, String>((conn, send))
                })
                .await;
                got.ok().and_then(|r| r.ok())
            }));
        }
        next = (next + 32).min(n);
        for b in batch {
            match b.await.ok().flatten() {
                Some(h) => held.push(h),
                None => away += 1,
            }
        }
    }
    Ok((held, endpoints, away))
}

/// The longest gap between successive times, counted for the gaps that end in `from..to`.
fn longest_gap(times: &[Instant], from: Instant, to: Instant) -> f64 {
    times
        .windows(2)
        .filter(|w| w[1] >= from && w[1] < to)
        .map(|w| (w[1] - w[0]).as_secs_f64() * 1000.0)
        .fold(0.0, f64::max)
}

/// Runs the hostile bench over loopback: (i) `connections` hostile connections to a table
/// (half of them inside a frame they never finish, the others holding no seat), then an
/// honest player from another address takes a seat there; (ii) four bot clients play another
/// table, `closing` connections that hold no seat wait at it and leave at once. The host runs
/// in this process with the default limits, except that a table takes as many connections as
/// the crowd (so that it can gather at one table).
pub fn run_hostile(
    connections: u32,
    closing: u32,
    think: Duration,
) -> Result<HostileBench, String> {
    // The host must stay on loopback whatever the environment says.
    if Reach::from_env(Reach::Local) != Reach::Local {
        return Err("this bench runs over loopback only: unset FIEF_NET or set it to local".into());
    }
    let dir = std::env::temp_dir().join(format!("fief-bench-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let host_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut cfg = HostConfig::new(&dir, Reach::Local);
    cfg.limits.per_table = connections.max(closing) as usize + 64;
    let spec = |seed| TableSpec {
        options: Options {
            players: 4,
            seed,
            ..Options::default()
        },
        seats: vec![SeatPlan::Open; 4],
        bot_after: None,
        stand_in: Level::Easy,
    };
    let (host, first, second) = host_rt.block_on(async {
        let host = Host::start(cfg).await?;
        let a = host.new_table(spec(1)).await?;
        let b = host.new_table(spec(2)).await?;
        Ok::<_, String>((host, a, b))
    })?;
    let rt = runtime()?;
    let shared = Arc::new(Shared::new(false));
    let result = rt.block_on(async {
        // (i) The crowd, then the honest player from an address of his own.
        let ticket = host.ticket(&first);
        let (held, endpoints, turned_away) = crowd(&ticket, connections as usize, 2, true).await?;
        let let_in = held.len();
        let served = host.connections();
        let honest = bind_on(loopback(3, 0)).await?;
        let start = Instant::now();
        let seated = tokio::time::timeout(Duration::from_secs(30), async {
            let (mut c, _) = Client::connect_on(&honest, &ticket).await?;
            c.send(&ClientMsg::Take {
                seat: 0,
                name: "Honest".into(),
            })
            .await?;
            loop {
                match c.recv().await? {
                    HostMsg::Seated { .. } => break,
                    HostMsg::Refused { reason, .. } => return Err(reason),
                    _ => {}
                }
            }
            c.close().await;
            Ok::<_, String>(())
        })
        .await;
        let seated_ms = start.elapsed().as_secs_f64() * 1000.0;
        match seated {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(format!("the honest player was refused: {e}")),
            Err(_) => return Err("the honest player was not seated within 30 s".into()),
        }
        for (c, _) in &held {
            c.close(0u32.into(), b"bye");
        }
        drop(held);
        for ep in endpoints {
            ep.close().await;
        }
        honest.close().await;

        // (ii) A played table, a crowd waiting at it, leaving at once.
        let ticket = host.ticket(&second);
        let (waiting, endpoints, _) = crowd(&ticket, closing as usize, 4, false).await?;
        let players = bind_on(loopback(5, 0)).await?;
        let tasks = four_players(&players, &ticket, think, &shared);
        // The game runs for 3 seconds before the crowd leaves, and 3 after.
        let began = Instant::now();
        while shared.state_times.lock().unwrap().len() < 2 {
            if began.elapsed() > Duration::from_secs(30) {
                return Err("the played table did not begin".into());
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        let heard_before = shared.tables_heard.load(Ordering::Relaxed);
        let mark = Instant::now();
        for (c, _) in &waiting {
            c.close(0u32.into(), b"bye");
        }
        drop(waiting);
        tokio::time::sleep(Duration::from_secs(3)).await;
        let tables_heard = shared.tables_heard.load(Ordering::Relaxed) - heard_before;
        let mut seats_dropped = 0;
        if let Some((_, info)) = host.snapshot(&second).await {
            seats_dropped = info
                .seats
                .iter()
                .filter(|s| s.presence != super::protocol::Presence::Here)
                .count() as u32;
        }
        let game_over_early = shared.games_ended.load(Ordering::Relaxed) > 0;
        shared.stop.store(true, Ordering::Relaxed);
        for t in tasks {
            if !matches!(t.await, Ok(Ok(()))) {
                seats_dropped += 1;
            }
        }
        for ep in endpoints {
            ep.close().await;
        }
        players.close().await;
        let times = shared.state_times.lock().unwrap().clone();
        let before = longest_gap(&times, mark - Duration::from_secs(3), mark);
        let after = longest_gap(&times, mark, mark + Duration::from_secs(3));
        Ok(HostileBench {
            connections,
            let_in,
            turned_away,
            served,
            seated_ms,
            closing,
            pause_before_ms: before,
            pause_after_ms: after,
            tables_heard,
            seats_dropped: seats_dropped.min(4),
            game_over_early,
        })
    });
    host_rt.block_on(host.close());
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A runtime of the machine's cores, for a benchmark's clients or host.
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}
