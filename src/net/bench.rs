//! The host under load (`fief-cli bench-net`): a `fief-server` in a process of its own with N
//! tables, four bot clients a table over loopback, for a set time. Prints the actions played a
//! second, the time from an action sent to every seat of its table holding the new state
//! (p50, p99), the host's memory a table and its CPU time an action.

use super::client::{choose_offered, Client};
use super::protocol::{ClientMsg, HostMsg, SeatNo};
use super::ticket::Ticket;
use super::transport::{bind, Reach};
use crate::bots::{new_bot, Budget, Level};
use crate::rules::Game;
use std::collections::HashMap;
use std::io::BufRead;
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
            "tables: {}, seconds: {:.1}\nactions: {} ({:.0} a second), games ended: {}, refused: {}\n\
             action sent to every seat updated: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n\
             host memory: {:.1} MB empty, {:.1} MB at most, {:.2} MB a table\n\
             host CPU: {:.0} µs an action ({:.1} s in all)",
            self.tables,
            self.seconds,
            self.actions,
            self.actions as f64 / self.seconds.max(0.001),
            self.games_ended,
            self.refused,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.rss_empty_kb as f64 / 1024.0,
            self.rss_peak_kb as f64 / 1024.0,
            per_table,
            cpu_action,
            self.host_cpu_ms as f64 / 1000.0,
        )
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
}

/// One bot client of the bench: plays its seat, notes when it sends and when it is updated.
async fn bench_client(
    ep: iroh::Endpoint,
    ticket: Ticket,
    seat: SeatNo,
    think: Duration,
    shared: Arc<Shared>,
) -> Result<(), String> {
    let (mut c, _) = Client::connect_on(&ep, &ticket).await?;
    c.send(&ClientMsg::Take {
        seat,
        name: format!("Bench {seat}"),
    })
    .await?;
    let mut bot = new_bot(Level::Easy, seat as u64, Budget::Iterations(1));
    let never = AtomicBool::new(false);
    let table = ticket.table.clone();
    while !shared.stop.load(Ordering::Relaxed) {
        let msg = match tokio::time::timeout(Duration::from_millis(500), c.recv()).await {
            Ok(m) => m?,
            Err(_) => continue,
        };
        match msg {
            HostMsg::State {
                at, game, legal, ..
            } => {
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
                c.send(&ClientMsg::Act { seat, at, action }).await?;
                shared.actions.fetch_add(1, Ordering::Relaxed);
            }
            HostMsg::Refused { .. } => {
                shared.refused.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }
    c.close().await;
    Ok(())
}

/// Runs the bench: `server` is the fief-server program; `tables` tables of four clients play
/// Easy bots' games for `seconds`, each client waiting `think` before each decision.
pub fn run(
    server: &Path,
    tables: u32,
    seconds: u64,
    think: Duration,
    round_cap: Option<u16>,
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
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let shared = Arc::new(Shared {
        pending: Mutex::new(HashMap::new()),
        latencies: Mutex::new(Vec::new()),
        actions: AtomicU64::new(0),
        games_ended: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    });
    let result = rt.block_on(async {
        let mut tasks = Vec::new();
        let mut endpoints = Vec::new();
        for t in &tickets {
            let ep = bind(Reach::Local, None, vec![], 0).await?;
            for seat in 0..4u8 {
                tasks.push(tokio::spawn(bench_client(
                    ep.clone(),
                    t.clone(),
                    seat,
                    think,
                    shared.clone(),
                )));
            }
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
        for t in tasks {
            let _ = t.await;
        }
        for ep in endpoints {
            ep.close().await;
        }
        Ok::<_, String>((elapsed, cpu, actions, peak))
    });
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let (elapsed, cpu, actions, peak) = result?;
    let mut lat = shared.latencies.lock().unwrap().clone();
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |q: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * q).round() as usize]
        }
    };
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
    })
}
