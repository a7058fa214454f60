//! The host: an iroh endpoint that keeps many tables. Each table is a task of its own that
//! owns its `Table` and its bots, so a busy or stuck table never slows another; each
//! connection is a reader task (frames in, checked, bounded in rate) and a writer task
//! (frames out from a bounded queue: a client that stops reading is cut off when its queue
//! is full, and nobody waits for it). Every action, seat and line of talk is in the store
//! before anyone hears of it. Its parts: the tasks of a connection (`connection`) and the
//! task of a table (`actor`).

mod actor;
mod connection;

use super::protocol::{encode_frame, HostMsg, Refusal, SeatNo, TableInfo, ALPN, MAX_HOST_FRAME};
use super::store::{Row, Store};
use super::table::{SeatPlan, Table};
use super::ticket::{ServerTicket, Ticket};
use super::transport::{bind, Reach};
use crate::bots::{Bot, Budget, Level};
use crate::rules::{Action, Game, Options};
use actor::spawn_table;
use connection::{accept_loop, Counts, Origin};
use iroh::endpoint::Connection;
use iroh::{Endpoint, SecretKey};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, Notify};

/// What a host allows each connection, and how many it serves.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Connections served at once; one more is closed at once with a reason.
    pub max_connections: usize,
    /// Connections served at once from one address (an IPv4 address, an IPv6 /64 network,
    /// or one peer through a relay); one more is turned away at once.
    pub per_address: usize,
    /// Connections at one table at once. One more takes the place of the connection that
    /// has held no seat the longest (closed), or is refused (`full`, fatal) when every one
    /// holds a seat.
    pub per_table: usize,
    /// How long a new connection has to open its stream and say `hello`.
    pub hello_within: Duration,
    /// How long a message may take to arrive once its first byte has: a frame begun and
    /// never finished closes the connection.
    pub frame_within: Duration,
    /// How long a connection may stay at a table holding no seat (looking at the seats)
    /// before it is closed.
    pub seatless_for: Duration,
    /// Messages a connection may send in a burst, and again each second.
    pub burst: u32,
    pub per_second: u32,
    /// Refusals a connection earns before it is closed: messages refused for speed or
    /// shape, wrong secrets, seats taken or not its own.
    pub strikes: u32,
    /// Frames queued for a connection that does not read them before it is cut off.
    pub queue: usize,
    /// How long one frame may take to leave before its connection is cut off.
    pub write_within: Duration,
    /// Tables kept at once: past that, a server makes no new one for its players.
    pub max_tables: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            per_address: 16,
            per_table: 64,
            hello_within: Duration::from_secs(10),
            frame_within: Duration::from_secs(5),
            seatless_for: Duration::from_secs(30),
            burst: 400,
            per_second: 200,
            strikes: 50,
            queue: 512,
            write_within: Duration::from_secs(30),
            max_tables: 2000,
        }
    }
}

/// How a host is started.
#[derive(Debug, Clone)]
pub struct HostConfig {
    pub reach: Reach,
    /// The UDP port to listen on (0: the one used last time in `data`, else any free one).
    /// Invitations name it, so a host that starts again keeps it.
    pub port: u16,
    /// The folder of the host's key, port and database.
    pub data: PathBuf,
    pub limits: Limits,
    /// How long the host's bots (and bots standing in for dropped players) think for a Hard
    /// decision.
    pub hard_budget: Budget,
    /// Players may make tables here with the server's invitation (`create.key` in `data`
    /// holds its key); a host in the app makes none for others.
    pub server: bool,
    /// A new server key: the invitations to make tables handed out before are refused.
    pub new_invitation: bool,
}

impl HostConfig {
    pub fn new(data: impl Into<PathBuf>, reach: Reach) -> HostConfig {
        HostConfig {
            reach,
            port: 0,
            data: data.into(),
            limits: Limits::default(),
            hard_budget: Budget::Time(Duration::from_secs(1)),
            server: false,
            new_invitation: false,
        }
    }
}

/// How a new table is set.
#[derive(Debug, Clone)]
pub struct TableSpec {
    pub options: Options,
    pub seats: Vec<SeatPlan>,
    /// After how long a dropped player's seat is played by a bot (`None`: wait for him).
    pub bot_after: Option<Duration>,
    /// The level of that bot.
    pub stand_in: Level,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A secret nobody can guess: 128 random bits from the system, in hex.
pub fn new_secret() -> Result<String, String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(hex(&b))
}

type Frame = Arc<Vec<u8>>;

/// What a table's task is asked.
enum Cmd {
    Join {
        conn: u64,
        out: mpsc::Sender<Frame>,
        connection: Connection,
        strikes: Arc<AtomicU32>,
        stop: Arc<Notify>,
    },
    Take {
        conn: u64,
        seat: SeatNo,
        name: String,
    },
    Return {
        conn: u64,
        seat: SeatNo,
        secret: String,
        log_from: u64,
    },
    Act {
        conn: u64,
        seat: SeatNo,
        at: u64,
        action: String,
    },
    Say {
        conn: u64,
        seat: SeatNo,
        to: Option<SeatNo>,
        text: String,
    },
    Gone {
        conn: u64,
    },
    /// The connection follows `seat` (`watch`).
    Watch {
        conn: u64,
        seat: SeatNo,
        secret: String,
    },
    /// The connection takes `change` frames from now on.
    Changes {
        conn: u64,
    },
    /// The connection's view of `seat` is lost: send it whole.
    Resync {
        conn: u64,
        seat: SeatNo,
        log_from: u64,
    },
    BotChose {
        seat: SeatNo,
        at: u64,
        action: Option<Action>,
        bot: Box<dyn Bot>,
    },
    Snapshot {
        reply: oneshot::Sender<(Game, TableInfo)>,
    },
    Info {
        reply: oneshot::Sender<TableInfo>,
    },
    StartNow {
        level: Level,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// The table's creator, on connection `conn`, with the secret `owner`: starts the game
    /// now (`close` false) or closes the table.
    Owner {
        conn: u64,
        owner: String,
        close: bool,
    },
    Close {
        reply: oneshot::Sender<Result<(), String>>,
    },
}

struct Inner {
    tables: Mutex<HashMap<String, mpsc::Sender<Cmd>>>,
    endpoint: Endpoint,
    /// The key a player must give to make a table here (`None`: nobody makes one).
    create_key: Option<String>,
    store: Store,
    limits: Limits,
    hard_budget: Budget,
    connections: AtomicUsize,
    /// Connections now from each address.
    per_address: Counts<Origin>,
    next_conn: AtomicU64,
    next_table: AtomicU64,
}

/// A running host.
pub struct Host {
    endpoint: Endpoint,
    inner: Arc<Inner>,
    accept: tokio::task::JoinHandle<()>,
    /// Announces the open tables on the local network (not in the local mode).
    announce: Option<tokio::task::JoinHandle<()>>,
}

fn hex(bytes: &[u8]) -> String {
    data_encoding::HEXLOWER.encode(bytes)
}

/// The host's key, kept in hex in `path` (made the first time): invitations name it, so a
/// host that starts again is the same host.
fn read_key(path: &Path) -> Result<SecretKey, String> {
    let damaged = || {
        format!(
            "the host's key {} is damaged (it should be 64 hexadecimal digits)",
            crate::files::printable(&path.display().to_string())
        )
    };
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let bytes: [u8; 32] = data_encoding::HEXLOWER_PERMISSIVE
                .decode(text.trim().as_bytes())
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(damaged)?;
            Ok(SecretKey::from_bytes(&bytes))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = SecretKey::generate();
            crate::save::write_atomic(path, &hex(&key.to_bytes()))
                .map_err(|e| format!("cannot keep the host's key: {e}"))?;
            Ok(key)
        }
        Err(e) => Err(format!("cannot read the host's key: {e}")),
    }
}

impl Host {
    /// Opens the store in `cfg.data`, brings back every table it keeps, and listens.
    pub async fn start(cfg: HostConfig) -> Result<Host, String> {
        std::fs::create_dir_all(&cfg.data).map_err(|e| {
            format!(
                "cannot make the host's folder {}: {e}",
                crate::files::printable(&cfg.data.display().to_string())
            )
        })?;
        let key = read_key(&cfg.data.join("host.key"))?;
        let port_file = cfg.data.join("host.port");
        let port = match cfg.port {
            0 => std::fs::read_to_string(&port_file)
                .ok()
                .and_then(|s| s.trim().parse::<u16>().ok())
                .unwrap_or(0),
            p => p,
        };
        let store = Store::open(&cfg.data.join("host.sqlite"))?;
        let saved = store.load_all()?;
        // The port kept from last time may take a moment to be free again (a host closed
        // just before, in this process or another): it is tried for a few seconds.
        let mut tries = 0;
        let endpoint = loop {
            match bind(cfg.reach, Some(key.clone()), vec![ALPN.to_vec()], port).await {
                Ok(e) => break e,
                Err(_) if port != 0 && tries < 50 => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => return Err(e),
            }
        };
        if let Some(p) = endpoint.bound_sockets().first().map(|a| a.port()) {
            let _ = crate::save::write_atomic(&port_file, &p.to_string());
        }
        let create_key = match cfg.server {
            true => Some(create_key(
                &cfg.data.join("create.key"),
                cfg.new_invitation,
            )?),
            false => None,
        };
        let inner = Arc::new(Inner {
            tables: Mutex::new(HashMap::new()),
            endpoint: endpoint.clone(),
            create_key,
            store,
            limits: cfg.limits.clone(),
            hard_budget: cfg.hard_budget,
            connections: AtomicUsize::new(0),
            per_address: Counts::default(),
            next_conn: AtomicU64::new(0),
            next_table: AtomicU64::new(saved.len() as u64),
        });
        let now = now_ms();
        for s in saved {
            let table = Table::restore(s, now)?;
            spawn_table(&inner, table);
        }
        let accept = tokio::spawn(accept_loop(endpoint.clone(), inner.clone()));
        // Players on the local network find the open tables without an invitation; a
        // network that allows no multicast only loses that.
        let announce = match super::lan::announce(&endpoint, cfg.reach) {
            Ok(()) if super::lan::announces(cfg.reach) => {
                Some(tokio::spawn(announce_loop(endpoint.clone(), inner.clone())))
            }
            Ok(()) => None,
            Err(e) => {
                eprintln!("fief: {e}");
                None
            }
        };
        Ok(Host {
            endpoint,
            inner,
            accept,
            announce,
        })
    }

    /// Sets a new table and keeps it; returns its id.
    pub async fn new_table(&self, spec: TableSpec) -> Result<String, String> {
        make_table(&self.inner, spec, None).await
    }

    /// The server's invitation to make tables on it (`None`: a host that makes none for
    /// others).
    pub fn server_ticket(&self) -> Option<ServerTicket> {
        let key = self.inner.create_key.clone()?;
        Some(ServerTicket::new(self.endpoint.addr(), key))
    }

    /// The ids of the tables this host keeps.
    pub fn tables(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.inner.tables.lock().unwrap().keys().cloned().collect();
        ids.sort_by_key(|id| (id.len(), id.clone()));
        ids
    }

    /// The invitation to `table`.
    pub fn ticket(&self, table: &str) -> Ticket {
        Ticket::new(self.endpoint.addr(), table)
    }

    /// The whole game of a table (the host's own, unredacted) and its seats.
    pub async fn snapshot(&self, table: &str) -> Option<(Game, TableInfo)> {
        let tx = self.inner.tables.lock().unwrap().get(table).cloned()?;
        let (reply, rx) = oneshot::channel();
        tx.send(Cmd::Snapshot { reply }).await.ok()?;
        rx.await.ok()
    }

    /// Starts the game of `table` now, a bot of `level` playing each seat nobody took.
    pub async fn start_now(&self, table: &str, level: Level) -> Result<(), String> {
        self.ask(table, |reply| Cmd::StartNow { level, reply })
            .await
    }

    /// Closes `table` for good: its players are told, and the host forgets it.
    pub async fn close_table(&self, table: &str) -> Result<(), String> {
        self.ask(table, |reply| Cmd::Close { reply }).await?;
        self.inner.tables.lock().unwrap().remove(table);
        Ok(())
    }

    async fn ask(
        &self,
        table: &str,
        cmd: impl FnOnce(oneshot::Sender<Result<(), String>>) -> Cmd,
    ) -> Result<(), String> {
        let gone = || format!("this host has no table '{table}'");
        let tx = self.inner.tables.lock().unwrap().get(table).cloned();
        let tx = tx.ok_or_else(gone)?;
        let (reply, rx) = oneshot::channel();
        tx.send(cmd(reply)).await.map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// Connections being served now.
    pub fn connections(&self) -> usize {
        self.inner.connections.load(Ordering::Relaxed)
    }

    /// Stops listening and closes every connection.
    pub async fn close(self) {
        self.accept.abort();
        if let Some(a) = &self.announce {
            a.abort();
        }
        self.inner.tables.lock().unwrap().clear();
        self.endpoint.close().await;
    }
}

/// Sets a new table and keeps it; returns its id.
/// Makes a table of `spec`; `owner`: the secret that lets its creator start or close it (a
/// table a server makes for a player).
async fn make_table(
    inner: &Arc<Inner>,
    spec: TableSpec,
    owner: Option<String>,
) -> Result<String, String> {
    let id = loop {
        let n = inner.next_table.fetch_add(1, Ordering::Relaxed) + 1;
        let id = format!("t{n}");
        if !inner.tables.lock().unwrap().contains_key(&id) {
            break id;
        }
    };
    // A table's game is sealed: ChaCha20 dice and cards, and a promise of its seed
    // (`fair`). The seed itself is the caller's: drawn from the system unless asked for.
    let mut spec = spec;
    if spec.options.sealed.is_none() {
        spec.options.sealed = Some(super::fair::new_seal()?);
    }
    let mut table = Table::new(id.clone(), spec.options.clone(), spec.seats.clone())?;
    table.bot_after_ms = spec.bot_after.map(|d| d.as_millis() as u64);
    table.stand_in_level = spec.stand_in;
    table.owner = owner.clone();
    inner
        .store
        .write(Row::Table {
            id: id.clone(),
            options: spec.options,
            plan: spec.seats,
            bot_after_ms: table.bot_after_ms,
            stand_in: spec.stand_in,
            created_ms: now_ms(),
            owner,
        })
        .await?;
    spawn_table(inner, table);
    Ok(id)
}

/// The server's key for making tables, kept in hex in `path` (made the first time, or anew
/// when `renew`: the invitations handed out before are then refused).
fn create_key(path: &Path, renew: bool) -> Result<String, String> {
    if !renew {
        match std::fs::read_to_string(path) {
            Ok(text) if text.trim().len() >= 32 && text.trim().len() <= 128 => {
                return Ok(text.trim().to_string())
            }
            Ok(_) => {
                return Err(format!(
                    "the server's key {} is damaged (delete it, or start with --new-invitation)",
                    crate::files::printable(&path.display().to_string())
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot read the server's key: {e}")),
        }
    }
    let key = new_secret()?;
    crate::save::write_atomic(path, &key)
        .map_err(|e| format!("cannot keep the server's key: {e}"))?;
    Ok(key)
}

/// Keeps the local network's announcement of the open tables current (every 2 seconds).
async fn announce_loop(endpoint: Endpoint, inner: Arc<Inner>) {
    let mut last = None;
    loop {
        let tables: Vec<mpsc::Sender<Cmd>> =
            inner.tables.lock().unwrap().values().cloned().collect();
        let mut open = Vec::new();
        for tx in tables {
            let (reply, rx) = oneshot::channel();
            if tx.send(Cmd::Info { reply }).await.is_err() {
                continue;
            }
            let Ok(info) = rx.await else { continue };
            let free = info
                .seats
                .iter()
                .filter(|s| s.kind == super::protocol::SeatKind::Open)
                .count() as u8;
            if info.started || free == 0 {
                continue;
            }
            let host = info
                .seats
                .iter()
                .find(|s| s.kind == super::protocol::SeatKind::Human)
                .and_then(|s| s.name.clone())
                .unwrap_or_default();
            open.push(super::lan::Open {
                table: info.id,
                free,
                seats: info.seats.len() as u8,
                host,
            });
        }
        open.sort_by(|a, b| a.table.cmp(&b.table));
        if last.as_ref() != Some(&open) {
            super::lan::set_open(&endpoint, &open);
            last = Some(open);
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// Whether a secret given is the one kept, compared without stopping at the first difference
/// (the time taken tells nothing of it).
fn same_secret(kept: &str, given: &str) -> bool {
    kept.len() == given.len()
        && kept
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |d, (a, b)| d | (a ^ b))
            == 0
}

fn refusal(why: Refusal, reason: impl Into<String>, fatal: bool) -> HostMsg {
    HostMsg::Refused {
        why,
        reason: reason.into(),
        fatal,
    }
}

/// Queues a message for a connection; false if it could not be (the client does not read,
/// or is gone).
fn push(out: &mpsc::Sender<Frame>, msg: &HostMsg) -> bool {
    match encode_frame(msg, MAX_HOST_FRAME) {
        Ok(f) => out.try_send(Arc::new(f)).is_ok(),
        Err(_) => false,
    }
}
