//! The host: an iroh endpoint that keeps many tables. Each table is a task of its own that
//! owns its `Table` and its bots, so a busy or stuck table never slows another; each
//! connection is a reader task (frames in, checked, bounded in rate) and a writer task
//! (frames out from a bounded queue: a client that stops reading is cut off when its queue
//! is full, and nobody waits for it). Every action, seat and line of talk is in the store
//! before anyone hears of it.

use super::protocol::{
    build, encode_frame, read_frame, version_mismatch, ClientMsg, FrameError, HostMsg, Refusal,
    SeatNo, TableInfo, ALPN, MAX_CLIENT_FRAME, MAX_HOST_FRAME, PROTOCOL,
};
use super::seat_view::SeatView;
use super::store::{Row, Store};
use super::table::{SeatPlan, Table};
use super::ticket::Ticket;
use super::transport::{bind, Reach};
use crate::bots::{new_bot, Bot, Budget, Level};
use crate::rules::{Action, Game, Options};
use iroh::endpoint::{Connection, IncomingAddr, RecvStream, SendStream};
use iroh::{Endpoint, EndpointId, SecretKey};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::time::Instant;

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
}

impl HostConfig {
    pub fn new(data: impl Into<PathBuf>, reach: Reach) -> HostConfig {
        HostConfig {
            reach,
            port: 0,
            data: data.into(),
            limits: Limits::default(),
            hard_budget: Budget::Time(Duration::from_secs(1)),
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
    Close {
        reply: oneshot::Sender<Result<(), String>>,
    },
}

struct Inner {
    tables: Mutex<HashMap<String, mpsc::Sender<Cmd>>>,
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
        let inner = Arc::new(Inner {
            tables: Mutex::new(HashMap::new()),
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
        let id = loop {
            let n = self.inner.next_table.fetch_add(1, Ordering::Relaxed) + 1;
            let id = format!("t{n}");
            if !self.inner.tables.lock().unwrap().contains_key(&id) {
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
        self.inner
            .store
            .write(Row::Table {
                id: id.clone(),
                options: spec.options,
                plan: spec.seats,
                bot_after_ms: table.bot_after_ms,
                stand_in: spec.stand_in,
                created_ms: now_ms(),
            })
            .await?;
        spawn_table(&self.inner, table);
        Ok(id)
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

fn spawn_table(inner: &Arc<Inner>, table: Table) {
    let (tx, rx) = mpsc::channel(1024);
    inner
        .tables
        .lock()
        .unwrap()
        .insert(table.id.clone(), tx.clone());
    let bots = (0..table.game().n()).map(|_| None).collect();
    let actor = Actor {
        table,
        store: inner.store.clone(),
        conns: HashMap::new(),
        bots,
        thinking: false,
        me: tx.downgrade(),
        hard_budget: inner.hard_budget,
        closed: false,
        seatless_for: inner.limits.seatless_for,
        per_table: inner.limits.per_table,
        strikes: inner.limits.strikes,
        table_sent: None,
        table_due: None,
        views: Vec::new(),
    };
    tokio::spawn(actor.run(rx));
}

/// Where a connection comes from, for the cap on connections from one place. An IPv6
/// address counts by its /64 network (what one home or one server is usually given).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Origin {
    Ip(IpAddr),
    /// A peer reached through a relay (its key: the relay hides its address).
    Peer(EndpointId),
    Other,
}

impl Origin {
    fn of(addr: &IncomingAddr) -> Origin {
        match addr {
            IncomingAddr::Ip(a) => match a.ip().to_canonical() {
                IpAddr::V6(v6) => {
                    let net = u128::from(v6) & !((1u128 << 64) - 1);
                    Origin::Ip(IpAddr::V6(net.into()))
                }
                v4 => Origin::Ip(v4),
            },
            IncomingAddr::Relay { endpoint_id, .. } => Origin::Peer(*endpoint_id),
            _ => Origin::Other,
        }
    }
}

/// How many connections each key (an address, a table) has now.
struct Counts<K>(Mutex<HashMap<K, usize>>);

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts(Mutex::new(HashMap::new()))
    }
}

impl<K: Hash + Eq> Counts<K> {
    /// Counts one more for `key` unless it has `max` already.
    fn enter(&self, key: K, max: usize) -> bool {
        let mut m = self.0.lock().unwrap();
        let n = m.entry(key).or_insert(0);
        if *n >= max {
            return false;
        }
        *n += 1;
        true
    }

    fn leave(&self, key: &K) {
        let mut m = self.0.lock().unwrap();
        if let Some(n) = m.get_mut(key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                m.remove(key);
            }
        }
    }
}

/// A connection's places in the host's counts, given back when it ends.
struct Counted {
    inner: Arc<Inner>,
    from: Origin,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.inner.connections.fetch_sub(1, Ordering::Relaxed);
        self.inner.per_address.leave(&self.from);
    }
}

async fn accept_loop(endpoint: Endpoint, inner: Arc<Inner>) {
    while let Some(incoming) = endpoint.accept().await {
        let inner = inner.clone();
        if inner.connections.fetch_add(1, Ordering::Relaxed) >= inner.limits.max_connections {
            inner.connections.fetch_sub(1, Ordering::Relaxed);
            incoming.refuse();
            continue;
        }
        let from = Origin::of(&incoming.remote_addr());
        if !inner
            .per_address
            .enter(from.clone(), inner.limits.per_address)
        {
            inner.connections.fetch_sub(1, Ordering::Relaxed);
            incoming.refuse();
            continue;
        }
        let counted = Counted {
            inner: inner.clone(),
            from,
        };
        tokio::spawn(async move {
            let within = inner.limits.hello_within;
            if let Ok(Ok(conn)) = tokio::time::timeout(within, async {
                incoming
                    .accept()
                    .map_err(|e| e.to_string())?
                    .await
                    .map_err(|e| e.to_string())
            })
            .await
            {
                serve(conn, &inner).await;
            }
            drop(counted);
        });
    }
}

/// Sends a last message on a stream that has no writer task (the refusals of a greeting),
/// then closes the connection once the client has closed it or had a few seconds to read
/// it (closing at once could drop it unsent).
async fn say_last(conn: &Connection, send: &mut SendStream, msg: &HostMsg, code: &[u8]) {
    let _ = tokio::time::timeout(
        Duration::from_secs(2),
        super::protocol::write_frame(send, msg, MAX_HOST_FRAME),
    )
    .await;
    let _ = send.finish();
    let _ = tokio::time::timeout(Duration::from_secs(3), conn.closed()).await;
    conn.close(1u32.into(), code);
}

/// A seat's view now (`Actor::views_now`).
struct ViewNow {
    before: Option<Arc<SeatView>>,
    now: Arc<SeatView>,
    edits: json_patch::Patch,
}

/// `state` (made without its game) with the game `view`.
fn with_game(state: &HostMsg, view: serde_json::Value) -> HostMsg {
    let mut msg = state.clone();
    if let HostMsg::State { game, .. } = &mut msg {
        *game = view;
    }
    msg
}

fn hands_of(state: &HostMsg) -> Vec<[u8; 2]> {
    match state {
        HostMsg::State { hands, .. } => hands.clone(),
        _ => Vec::new(),
    }
}

fn refusal(why: Refusal, reason: impl Into<String>, fatal: bool) -> HostMsg {
    HostMsg::Refused {
        why,
        reason: reason.into(),
        fatal,
    }
}

/// One connection from its greeting to its end.
async fn serve(conn: Connection, inner: &Arc<Inner>) {
    let limits = &inner.limits;
    let Ok(Ok((mut send, mut recv))) =
        tokio::time::timeout(limits.hello_within, conn.accept_bi()).await
    else {
        conn.close(1u32.into(), b"no stream opened in time");
        return;
    };
    let hello =
        tokio::time::timeout(limits.hello_within, read_frame(&mut recv, MAX_CLIENT_FRAME)).await;
    let table = match hello {
        Ok(Ok(ClientMsg::Hello {
            protocol,
            build: theirs,
            table,
        })) => {
            if let Some(words) = version_mismatch(protocol, &theirs) {
                let m = refusal(Refusal::Version, words, true);
                say_last(&conn, &mut send, &m, b"another version").await;
                return;
            }
            table
        }
        Ok(Ok(_)) => {
            let m = refusal(Refusal::OutOfTurn, "the first message must be hello", true);
            say_last(&conn, &mut send, &m, b"no hello").await;
            return;
        }
        Ok(Err(e)) => {
            let m = refusal(Refusal::Malformed, e.to_string(), true);
            say_last(&conn, &mut send, &m, b"bad hello").await;
            return;
        }
        Err(_) => {
            conn.close(1u32.into(), b"no hello in time");
            return;
        }
    };
    let Some(tx) = inner.tables.lock().unwrap().get(&table).cloned() else {
        let words = format!(
            "this host has no table '{}' (it may have ended, or the invitation is for another host)",
            super::protocol::clean_text(&table, 40)
        );
        let m = refusal(Refusal::NoTable, words, true);
        say_last(&conn, &mut send, &m, b"no such table").await;
        return;
    };
    let id = inner.next_conn.fetch_add(1, Ordering::Relaxed);
    let (out, rx) = mpsc::channel::<Frame>(limits.queue);
    let writer = tokio::spawn(write_loop(send, rx, conn.clone(), limits.write_within));
    let strikes = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(Notify::new());
    if tx
        .send(Cmd::Join {
            conn: id,
            out: out.clone(),
            connection: conn.clone(),
            strikes: strikes.clone(),
            stop: stop.clone(),
        })
        .await
        .is_err()
    {
        return;
    }
    let seen = Seen {
        out: &out,
        tx: &tx,
        conn: id,
        limits,
        strikes: &strikes,
        stop: &stop,
    };
    read_loop(&mut recv, seen).await;
    let _ = tx.send(Cmd::Gone { conn: id }).await;
    drop(out);
    let _ = writer.await;
    conn.close(0u32.into(), b"bye");
}

/// Sends what the table queues for a connection, in order, until the queue closes or the
/// client stops taking it; then closes the connection.
async fn write_loop(
    mut send: SendStream,
    mut rx: mpsc::Receiver<Frame>,
    conn: Connection,
    within: Duration,
) {
    while let Some(frame) = rx.recv().await {
        match tokio::time::timeout(within, send.write_all(&frame)).await {
            Ok(Ok(())) => {}
            _ => {
                conn.close(2u32.into(), b"the client does not read");
                return;
            }
        }
    }
    let _ = send.finish();
    let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
    conn.close(0u32.into(), b"closed");
}

/// Queues a message for a connection; false if it could not be (the client does not read,
/// or is gone).
fn push(out: &mpsc::Sender<Frame>, msg: &HostMsg) -> bool {
    match encode_frame(msg, MAX_HOST_FRAME) {
        Ok(f) => out.try_send(Arc::new(f)).is_ok(),
        Err(_) => false,
    }
}

/// What the reader of a connection works with.
struct Seen<'a> {
    out: &'a mpsc::Sender<Frame>,
    tx: &'a mpsc::Sender<Cmd>,
    conn: u64,
    limits: &'a Limits,
    /// The connection's strikes, counted by the reader and by the table alike.
    strikes: &'a AtomicU32,
    /// Told by the table when it has closed the connection (the reader then ends).
    stop: &'a Notify,
}

/// The next frame of a client: waits as long as it takes for its first byte, then `within`
/// at most for the rest (`None`: a frame begun and not finished in time).
async fn next_frame(
    recv: &mut RecvStream,
    within: Duration,
) -> Option<Result<ClientMsg, FrameError>> {
    let mut first = [0u8; 1];
    match AsyncReadExt::read_exact(recv, &mut first).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            return Some(Err(FrameError::Closed))
        }
        Err(e) => return Some(Err(FrameError::Io(e))),
    }
    let mut whole = (&first[..]).chain(recv);
    tokio::time::timeout(within, read_frame(&mut whole, MAX_CLIENT_FRAME))
        .await
        .ok()
}

/// Reads a connection's messages after its greeting and hands them to its table.
async fn read_loop(recv: &mut RecvStream, seen: Seen<'_>) {
    let Seen {
        out,
        tx,
        conn,
        limits,
        strikes,
        stop,
    } = seen;
    let strike = || strikes.fetch_add(1, Ordering::Relaxed) + 1 >= limits.strikes;
    let mut tokens = limits.burst as f64;
    let mut last = tokio::time::Instant::now();
    loop {
        let got = tokio::select! {
            got = next_frame(recv, limits.frame_within) => got,
            _ = stop.notified() => return,
        };
        let msg = match got {
            Some(Ok(m)) => m,
            None => {
                let words = format!(
                    "a message begun was not finished within {} seconds",
                    limits.frame_within.as_secs_f64()
                );
                push(out, &refusal(Refusal::Malformed, words, true));
                return;
            }
            Some(Err(FrameError::TooLong(n))) => {
                push(
                    out,
                    &refusal(
                        Refusal::Malformed,
                        format!("a message of {n} bytes is over the limit of {MAX_CLIENT_FRAME}"),
                        true,
                    ),
                );
                return;
            }
            Some(Err(FrameError::Malformed(e))) => {
                let fatal = strike();
                push(
                    out,
                    &refusal(Refusal::Malformed, format!("not a message: {e}"), fatal),
                );
                if fatal {
                    return;
                }
                continue;
            }
            Some(Err(_)) => return,
        };
        // A token bucket: `burst` at once, `per_second` more each second.
        let now = tokio::time::Instant::now();
        tokens = (tokens + now.duration_since(last).as_secs_f64() * limits.per_second as f64)
            .min(limits.burst as f64);
        last = now;
        if tokens < 1.0 {
            let fatal = strike();
            push(
                out,
                &refusal(
                    Refusal::TooFast,
                    format!("too many messages: at most {} a second", limits.per_second),
                    fatal,
                ),
            );
            if fatal {
                return;
            }
            continue;
        }
        tokens -= 1.0;
        let cmd = match msg {
            ClientMsg::Hello { .. } => {
                push(
                    out,
                    &refusal(Refusal::OutOfTurn, "hello is said once, first", false),
                );
                continue;
            }
            ClientMsg::Ping => {
                push(out, &HostMsg::Pong);
                continue;
            }
            ClientMsg::Changes => Cmd::Changes { conn },
            ClientMsg::Resync { seat, log_from } => Cmd::Resync {
                conn,
                seat,
                log_from,
            },
            ClientMsg::Take { seat, name } => Cmd::Take { conn, seat, name },
            ClientMsg::Return {
                seat,
                secret,
                log_from,
            } => Cmd::Return {
                conn,
                seat,
                secret,
                log_from: log_from.unwrap_or(0),
            },
            ClientMsg::Act { seat, at, action } => Cmd::Act {
                conn,
                seat,
                at,
                action,
            },
            ClientMsg::Say { seat, to, text } => Cmd::Say {
                conn,
                seat,
                to,
                text,
            },
        };
        if tx.send(cmd).await.is_err() {
            return;
        }
    }
}

/// A connection at a table: where its frames go, and the seats it holds with what each has
/// been sent.
struct Conn {
    out: mpsc::Sender<Frame>,
    seats: Vec<Sent>,
    /// Whether it takes `change` frames (`ClientMsg::Changes`).
    changes: bool,
    /// The connection itself, closed when the table lets it go (its reader holds a sender
    /// of the queue too, so dropping the table's would not end it).
    connection: Connection,
    /// When it came to the table (one that takes no seat is closed after a while).
    joined: Instant,
    /// Its strikes, shared with its reader.
    strikes: Arc<AtomicU32>,
    /// Ends its reader when the table closes the connection.
    stop: Arc<Notify>,
}

/// A seat a connection holds: the log entries it has been sent, and the view of the game
/// last sent (kept only for a connection that takes changes: the next state is sent as the
/// edits from it).
struct Sent {
    seat: SeatNo,
    log: u64,
    view: Option<Arc<SeatView>>,
    /// The counts of cards in hand last sent (a change leaves them out when they are the
    /// same).
    hands: Vec<[u8; 2]>,
}

/// The shortest time between two `table` messages of one table: the changes that come
/// meanwhile go together in the next one.
const TABLE_EVERY: Duration = Duration::from_millis(100);

struct Actor {
    table: Table,
    store: Store,
    conns: HashMap<u64, Conn>,
    /// Each seat's bot, once it has played (a bot keeps what it remembers of the game).
    bots: Vec<Option<Box<dyn Bot>>>,
    thinking: bool,
    me: mpsc::WeakSender<Cmd>,
    hard_budget: Budget,
    /// The host closed the table: the task ends.
    closed: bool,
    seatless_for: Duration,
    per_table: usize,
    strikes: u32,
    /// When the last `table` message went, and when the next one is due (`None`: nothing
    /// changed since).
    table_sent: Option<Instant>,
    table_due: Option<Instant>,
    /// Each seat's view of the game as last sent to anyone (the next is made from it, member
    /// by member).
    views: Vec<Option<Arc<SeatView>>>,
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        self.drive_bots();
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.handle(cmd).await;
                        if self.closed {
                            return;
                        }
                    }
                    None => return,
                },
                _ = tick.tick() => {
                    if !self.table.stand_ins_due(now_ms()).is_empty() {
                        self.send_table();
                        self.drive_bots();
                    }
                    self.close_seatless();
                }
                _ = tokio::time::sleep_until(self.table_due.unwrap_or_else(Instant::now)),
                    if self.table_due.is_some() =>
                {
                    self.table_due = None;
                    self.table_now();
                }
            }
        }
    }

    fn send_to(&mut self, conn: u64, msg: &HostMsg) {
        let ok = self.conns.get(&conn).is_some_and(|c| push(&c.out, msg));
        if !ok {
            self.drop_conn(conn);
        }
    }

    /// Refuses what `conn` asked. A refusal a client provokes on purpose (a wrong secret, a
    /// seat taken or not its own) is a strike: past the limit, the refusal is fatal and the
    /// connection is closed.
    fn refuse(&mut self, conn: u64, (why, reason): (Refusal, String)) {
        let counts = matches!(
            why,
            Refusal::WrongSecret | Refusal::NotYourSeat | Refusal::SeatTaken
        );
        let fatal = counts
            && self
                .conns
                .get(&conn)
                .is_some_and(|c| c.strikes.fetch_add(1, Ordering::Relaxed) + 1 >= self.strikes);
        self.send_to(conn, &refusal(why, reason, fatal));
        if fatal {
            self.dismiss(conn);
        }
    }

    /// Lets `conn` go after its last message: its reader ends, and its writer sends what is
    /// queued and closes the connection.
    fn dismiss(&mut self, conn: u64) {
        if let Some(c) = self.conns.get(&conn) {
            c.stop.notify_one();
        }
        self.let_go(conn, false);
    }

    /// Closes the connection that has held no seat the longest, to let another in; false
    /// if every connection holds a seat.
    fn make_room(&mut self) -> bool {
        let oldest = self
            .conns
            .iter()
            .filter(|(_, c)| c.seats.is_empty())
            .min_by_key(|(_, c)| c.joined)
            .map(|(id, _)| *id);
        let Some(id) = oldest else {
            return false;
        };
        let bye = refusal(
            Refusal::Full,
            "the table is full: a connection that holds no seat makes room for a newcomer",
            true,
        );
        self.send_to(id, &bye);
        self.dismiss(id);
        true
    }

    /// Closes the connections that have held no seat for `seatless_for`.
    fn close_seatless(&mut self) {
        let limit = self.seatless_for;
        let idle: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seats.is_empty() && c.joined.elapsed() >= limit)
            .map(|(id, _)| *id)
            .collect();
        if idle.is_empty() {
            return;
        }
        let words = format!(
            "a connection that takes no seat is closed after {} seconds",
            limit.as_secs_f64()
        );
        let bye = refusal(Refusal::Full, words, true);
        for id in idle {
            self.send_to(id, &bye);
            self.dismiss(id);
        }
    }

    /// A connection that is gone (its reader ended: it closes itself once its queue is sent)
    /// or is cut off (it does not read: closed at once): its seats are left.
    fn drop_conn(&mut self, conn: u64) {
        self.let_go(conn, true);
    }

    fn let_go(&mut self, conn: u64, cut: bool) {
        if let Some(c) = self.conns.remove(&conn) {
            if cut {
                c.connection
                    .close(3u32.into(), b"cut off: it did not read what the table sent");
            }
            // A connection that held no seat changes nothing the table shows.
            if c.seats.is_empty() {
                return;
            }
            let now = now_ms();
            for s in c.seats {
                self.table.left(s.seat, now);
            }
            self.send_table();
        }
    }

    /// Tells every connection the table as it is: at once if none was sent for
    /// `TABLE_EVERY`, else once that time is up (with every change made meanwhile).
    fn send_table(&mut self) {
        if self.table_due.is_some() {
            return;
        }
        let now = Instant::now();
        match self.table_sent {
            Some(t) if now.duration_since(t) < TABLE_EVERY => {
                self.table_due = Some(t + TABLE_EVERY);
            }
            _ => self.table_now(),
        }
    }

    fn table_now(&mut self) {
        self.table_sent = Some(Instant::now());
        let msg = HostMsg::Table {
            table: self.table.info(now_ms()),
        };
        let Ok(frame) = encode_frame(&msg, MAX_HOST_FRAME) else {
            return;
        };
        let frame = Arc::new(frame);
        let stuck: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.out.try_send(frame.clone()).is_err())
            .map(|(id, _)| *id)
            .collect();
        for id in stuck {
            self.drop_conn(id);
        }
    }

    /// The views of `seats` now (`seats` without repeats), each made from the one last sent
    /// (the same one when nothing in it changed), with the one before and the edits between
    /// the two.
    fn views_now(&mut self, seats: &[SeatNo]) -> Vec<ViewNow> {
        let top = seats.iter().map(|s| *s as usize + 1).max().unwrap_or(0);
        if self.views.len() < top {
            self.views.resize(top, None);
        }
        let befores: Vec<Option<Arc<SeatView>>> = seats
            .iter()
            .map(|s| self.views[*s as usize].take())
            .collect();
        let game = self.table.game();
        let made = SeatView::next_all(
            befores
                .iter()
                .zip(seats)
                .map(|(b, s)| (b.as_deref(), game.redacted(Some(*s))))
                .collect(),
        );
        let mut out = Vec::with_capacity(seats.len());
        for ((seat, before), (next, edits)) in seats.iter().zip(befores).zip(made) {
            let now = match &before {
                Some(b) if edits.0.is_empty() => b.clone(),
                _ => Arc::new(next),
            };
            self.views[*seat as usize] = Some(now.clone());
            out.push(ViewNow { before, now, edits });
        }
        out
    }

    /// Sends every seat held its view of the game (the log entries it has not had yet): whole,
    /// or as the edits from the view last sent to a connection that takes changes. Each view
    /// and each frame is made once for all the connections it goes to.
    fn send_states(&mut self) {
        let mut stuck = Vec::new();
        let mut views: HashMap<SeatNo, ViewNow> = HashMap::new();
        let mut states: HashMap<(SeatNo, u64), HostMsg> = HashMap::new();
        // A frame per seat, log sent and kind (a change, or whole).
        let mut frames: HashMap<(SeatNo, u64, bool), Frame> = HashMap::new();
        let shown = self.table.log_shown();
        let mut held: Vec<SeatNo> = self
            .conns
            .values()
            .flat_map(|c| c.seats.iter().map(|s| s.seat))
            .collect();
        held.sort_unstable();
        held.dedup();
        for (seat, v) in held.iter().zip(self.views_now(&held)) {
            views.insert(*seat, v);
        }
        for (id, c) in self.conns.iter_mut() {
            for s in c.seats.iter_mut() {
                let Some(v) = views.get(&s.seat) else {
                    continue;
                };
                let state = states
                    .entry((s.seat, s.log))
                    .or_insert_with(|| self.table.state_without_game(Some(s.seat), s.log));
                // A change goes to a connection that has the view it is made from.
                let base = s.view.take().filter(|_| c.changes);
                let as_change = match (&base, &v.before) {
                    (Some(b), Some(before)) => Arc::ptr_eq(b, before),
                    _ => false,
                };
                let hands = std::mem::take(&mut s.hands);
                let frame = frames
                    .entry((s.seat, s.log, as_change))
                    .or_insert_with(|| {
                        let msg = if as_change {
                            super::change::change(state, &v.edits, v.now.digest(), &hands)
                        } else {
                            with_game(state, v.now.whole())
                        };
                        Arc::new(encode_frame(&msg, MAX_HOST_FRAME).unwrap_or_default())
                    })
                    .clone();
                if frame.is_empty() || c.out.try_send(frame).is_err() {
                    stuck.push(*id);
                    break;
                }
                s.log = shown;
                s.view = c.changes.then(|| v.now.clone());
                s.hands = hands_of(state);
            }
        }
        for id in stuck {
            self.drop_conn(id);
        }
    }

    /// Sends `conn` the view of `seat` with the log from `from`, and every line of talk the
    /// seat may read.
    fn catch_up(&mut self, conn: u64, seat: SeatNo, from: u64) {
        let lines: Vec<HostMsg> = self
            .table
            .chat_for(Some(seat))
            .map(|l| HostMsg::Chat { line: l.clone() })
            .collect();
        self.resend(conn, seat, from);
        for l in &lines {
            self.send_to(conn, l);
        }
    }

    /// Sends `conn` the whole view of `seat` with the log from `from` (joining, returning, or
    /// a view lost: `resync`).
    fn resend(&mut self, conn: u64, seat: SeatNo, from: u64) {
        let Some(view) = self.views_now(&[seat]).pop().map(|v| v.now) else {
            return;
        };
        let state = self.table.state_without_game(Some(seat), from);
        self.send_to(conn, &with_game(&state, view.whole()));
        let log = self.table.log_shown();
        if let Some(c) = self.conns.get_mut(&conn) {
            c.seats.retain(|s| s.seat != seat);
            let view = c.changes.then_some(view);
            let hands = hands_of(&state);
            c.seats.push(Sent {
                seat,
                log,
                view,
                hands,
            });
        }
    }

    fn holds(&self, conn: u64, seat: SeatNo) -> bool {
        self.conns
            .get(&conn)
            .is_some_and(|c| c.seats.iter().any(|s| s.seat == seat))
    }

    /// Refused unless `conn` holds `seat`: nobody acts or speaks for a seat not his.
    fn must_hold(&self, conn: u64, seat: SeatNo) -> Result<(), (Refusal, String)> {
        if self.holds(conn, seat) {
            Ok(())
        } else {
            Err((
                Refusal::NotYourSeat,
                format!("this connection does not hold seat {seat}"),
            ))
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join {
                conn,
                out,
                connection,
                strikes,
                stop,
            } => {
                if self.conns.len() >= self.per_table && !self.make_room() {
                    let words = format!(
                        "this table has {} connections already; try again later",
                        self.per_table
                    );
                    push(&out, &refusal(Refusal::Full, words, true));
                    stop.notify_one();
                    return;
                }
                let welcome = HostMsg::Welcome {
                    protocol: PROTOCOL,
                    build: build(),
                    table: self.table.info(now_ms()),
                    changes: true,
                };
                if push(&out, &welcome) {
                    self.conns.insert(
                        conn,
                        Conn {
                            out,
                            seats: Vec::new(),
                            changes: false,
                            connection,
                            joined: Instant::now(),
                            strikes,
                            stop,
                        },
                    );
                }
            }
            Cmd::Take { conn, seat, name } => {
                if self.holds(conn, seat) {
                    return self.refuse(conn, (Refusal::OutOfTurn, "you hold that seat".into()));
                }
                let secret = match new_secret() {
                    Ok(s) => s,
                    Err(e) => return self.refuse(conn, (Refusal::Full, e)),
                };
                let was_started = self.table.started();
                if let Err(e) = self.table.take(seat, &name, secret.clone()) {
                    return self.refuse(conn, e);
                }
                let (name, _) = self.table.holder(seat).unwrap_or_default();
                let row = Row::Seat {
                    table: self.table.id.clone(),
                    seat,
                    name: name.to_string(),
                    secret: secret.clone(),
                };
                if let Err(e) = self.store.write(row).await {
                    self.table.untake(seat);
                    return self.refuse(conn, (Refusal::Full, e));
                }
                self.send_to(conn, &HostMsg::Seated { seat, secret });
                self.catch_up(conn, seat, 0);
                self.send_table();
                if !was_started && self.table.started() {
                    self.send_states();
                    self.drive_bots();
                }
            }
            Cmd::Return {
                conn,
                seat,
                secret,
                log_from,
            } => {
                if self.holds(conn, seat) {
                    return self.refuse(conn, (Refusal::OutOfTurn, "you hold that seat".into()));
                }
                if let Err(e) = self.table.come_back(seat, &secret) {
                    return self.refuse(conn, e);
                }
                self.table.returned(seat);
                self.send_to(conn, &HostMsg::Seated { seat, secret });
                self.catch_up(conn, seat, log_from);
                self.send_table();
            }
            Cmd::Act {
                conn,
                seat,
                at,
                action,
            } => {
                if let Err(e) = self.must_hold(conn, seat) {
                    return self.refuse(conn, e);
                }
                if let Err(e) = self.play(seat, at, &action).await {
                    self.refuse(conn, e);
                }
            }
            Cmd::Say {
                conn,
                seat,
                to,
                text,
            } => {
                if let Err(e) = self.must_hold(conn, seat) {
                    return self.refuse(conn, e);
                }
                let line = match self.table.say(seat, to, &text, now_ms()) {
                    Ok(l) => l,
                    Err(e) => return self.refuse(conn, e),
                };
                let row = Row::Chat {
                    table: self.table.id.clone(),
                    line: line.clone(),
                };
                if let Err(e) = self.store.write(row).await {
                    return self.refuse(conn, (Refusal::Full, e));
                }
                let readers: Vec<u64> = self
                    .conns
                    .iter()
                    .filter(|(_, c)| {
                        c.seats.iter().any(|s| {
                            line.to.is_none() || s.seat == line.from || Some(s.seat) == line.to
                        })
                    })
                    .map(|(id, _)| *id)
                    .collect();
                let msg = HostMsg::Chat { line };
                for id in readers {
                    self.send_to(id, &msg);
                }
            }
            Cmd::Gone { conn } => self.let_go(conn, false),
            Cmd::Changes { conn } => {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.changes = true;
                }
            }
            Cmd::Resync {
                conn,
                seat,
                log_from,
            } => {
                if let Err(e) = self.must_hold(conn, seat) {
                    return self.refuse(conn, e);
                }
                self.resend(conn, seat, log_from);
            }
            Cmd::BotChose {
                seat,
                at,
                action,
                bot,
            } => {
                self.thinking = false;
                if let Some(slot) = self.bots.get_mut(seat as usize) {
                    *slot = Some(bot);
                }
                if let Some(a) = action {
                    if at == self.table.at() && self.table.bot_for(seat).is_some() {
                        let notation = a.notation(self.table.game());
                        let _ = self.play(seat, at, &notation).await;
                    }
                }
                self.drive_bots();
            }
            Cmd::Snapshot { reply } => {
                let _ = reply.send((self.table.game().clone(), self.table.info(now_ms())));
            }
            Cmd::Info { reply } => {
                let _ = reply.send(self.table.info(now_ms()));
            }
            Cmd::StartNow { level, reply } => {
                let plan = match self.table.start_now(level) {
                    Ok(p) => p,
                    Err((_, e)) => {
                        let _ = reply.send(Err(e));
                        return;
                    }
                };
                let row = Row::Plan {
                    table: self.table.id.clone(),
                    plan,
                };
                let kept = self.store.write(row).await;
                let _ = reply.send(kept);
                self.send_table();
                self.send_states();
                self.drive_bots();
            }
            Cmd::Close { reply } => {
                let row = Row::Forget {
                    table: self.table.id.clone(),
                };
                if let Err(e) = self.store.write(row).await {
                    let _ = reply.send(Err(e));
                    return;
                }
                let bye = refusal(Refusal::NoTable, "the host closed this table", true);
                let conns: Vec<u64> = self.conns.keys().copied().collect();
                for c in conns {
                    self.send_to(c, &bye);
                }
                self.conns.clear();
                self.closed = true;
                let _ = reply.send(Ok(()));
            }
        }
    }

    /// Checks an action, keeps it, plays it and tells everyone.
    async fn play(&mut self, seat: SeatNo, at: u64, text: &str) -> Result<(), (Refusal, String)> {
        let (action, notation) = self.table.prepare(seat, at, text)?;
        self.store
            .write(Row::Action {
                table: self.table.id.clone(),
                n: at,
                seat,
                notation,
            })
            .await
            .map_err(|e| (Refusal::Full, format!("the host could not keep it: {e}")))?;
        self.table.commit(seat, action)?;
        self.send_states();
        self.drive_bots();
        Ok(())
    }

    /// Lets a bot think if one plays the seat whose decision it is (on a blocking thread:
    /// the table still answers meanwhile).
    fn drive_bots(&mut self) {
        if self.thinking || !self.table.started() || self.table.game().is_over() {
            return;
        }
        let Some(p) = self.table.game().to_act() else {
            return;
        };
        let Some(level) = self.table.bot_for(p) else {
            return;
        };
        let Some(me) = self.me.upgrade() else {
            return;
        };
        let seed = self.table.game().options.seed ^ (0x9e37_79b9 * (p as u64 + 1));
        let mut bot = match self.bots.get_mut(p as usize).and_then(|b| b.take()) {
            Some(b) if b.level() == level => b,
            _ => new_bot(level, seed, self.hard_budget),
        };
        let view = self.table.game().bot_view(p);
        let at = self.table.at();
        self.thinking = true;
        tokio::task::spawn_blocking(move || {
            let action = bot.choose(&view, &AtomicBool::new(false));
            let _ = me.blocking_send(Cmd::BotChose {
                seat: p,
                at,
                action,
                bot,
            });
        });
    }
}
