//! A player's line to his table, for the app: it connects with an invitation, takes or takes
//! back a seat, turns what the host says into [`Heard`] news, sends the player's decisions
//! and talk, and comes back by itself when the connection drops.
//!
//! It runs on a thread of its own (a small runtime), so the window never waits for the
//! network. When the connection drops it tries again, with growing pauses a minute apart at
//! most, for [`Spec::retry_for`] (or for as long as the table lives), saying when it tries
//! next; the seat is then taken back with its secret and the log entries the player already
//! has. A decision sent just before the drop is never dropped silently: once back,
//! it is sent again if the game still waits for it ([`Heard::Resent`]), or said to be lost
//! ([`Heard::Lost`]).
//!
//! A game received from the host is the seat's view of it (`Game::redacted`): its log is the
//! entries the seat was sent, kept here across states, and its history holds as many entries
//! as the game has actions, each a placeholder: only its length is known to a seat.

use super::client::Client;
use super::protocol::{
    write_frame, ChatLine, ClientMsg, HostMsg, Refusal, SeatNo, TableInfo, MAX_CLIENT_FRAME,
    MAX_HOST_FRAME,
};
use super::ticket::Ticket;
use super::transport::{bind, thread_runtime, Reach};
use crate::rules::chain::Chain;
use crate::rules::{Action, Event, Game, PlayerId};
use iroh::endpoint::SendStream;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How a seat is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sit {
    /// A free seat, under this name.
    Take(String),
    /// A seat held before, with its secret.
    Return(String),
}

/// What to connect to, and how.
#[derive(Debug, Clone)]
pub struct Spec {
    pub ticket: Ticket,
    pub reach: Reach,
    pub seat: SeatNo,
    pub sit: Sit,
    /// How long a dropped connection is tried again before the host counts as gone
    /// (`None`: for as long as the table lives: only the host's word that it is closed ends
    /// the tries).
    pub retry_for: Option<Duration>,
}

/// The state of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The first connection is being made.
    Connecting,
    Connected,
    /// The connection dropped: the next try comes in `next_in` seconds (0: trying now);
    /// `left`: the seconds before the line gives up (`None`: it never does).
    Reconnecting {
        next_in: u64,
        left: Option<u64>,
    },
    /// The line is down for good, and why: the host refused the seat or the table (the kind
    /// of refusal, and the host's words), could not be reached, or stayed away longer than
    /// the line waits (no kind).
    Gone {
        refusal: Option<Refusal>,
        reason: String,
    },
}

impl Status {
    fn gone(refusal: Option<Refusal>, reason: impl Into<String>) -> Status {
        Status::Gone {
            refusal,
            reason: reason.into(),
        }
    }
}

/// A game as the seat received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub game: Game,
    /// The game's actions so far (what a decision is sent for).
    pub at: u64,
    /// The seat's legal actions now, in the notation (empty when it is not his decision).
    pub legal: Vec<String>,
    /// The time each seat has taken, in seconds, as of this state.
    pub clocks: Vec<u64>,
    /// The log entries among those just received that a bot wrote as its decisions for a
    /// dropped player (`[from, to, seat]`).
    pub stood_in: Vec<[u64; 3]>,
}

/// What the line hears, in order.
#[derive(Debug, Clone)]
pub enum Heard {
    Status(Status),
    /// Who sits where, and who is there.
    Table(TableInfo),
    /// The seat is held; its secret takes it back from anywhere.
    Seated {
        seat: SeatNo,
        secret: String,
    },
    State(Box<Received>),
    Chat(ChatLine),
    /// The host refused something, in words.
    Refused {
        why: Refusal,
        reason: String,
    },
    /// A decision sent before the connection dropped was sent again once it came back.
    Resent(String),
    /// A decision sent before the connection dropped was lost: the game no longer waits for
    /// it.
    Lost(String),
    /// The game is over and the deal was checked against the table's promise (`fair`).
    Deal(super::fair::Verdict),
}

enum Cmd {
    Act {
        at: u64,
        action: String,
    },
    Say {
        to: Option<SeatNo>,
        text: String,
    },
    /// Tries to connect again now, without waiting for the pause to end.
    Retry,
    /// The table's creator starts its game now (`owner`: his secret).
    StartNow(String),
    Close,
}

/// The line: dropping it closes the connection.
pub struct Link {
    cmds: mpsc::UnboundedSender<Cmd>,
}

impl Link {
    /// Starts the line on a thread of its own; `tell` hears everything, in order, from that
    /// thread.
    pub fn open(spec: Spec, tell: impl Fn(Heard) + Send + 'static) -> Link {
        let (cmds, rx) = mpsc::unbounded_channel();
        let tell: Teller = Box::new(tell);
        let started = std::thread::Builder::new()
            .name("fief-link".into())
            .spawn(move || {
                let rt = match thread_runtime() {
                    Ok(rt) => rt,
                    Err(e) => {
                        tell(Heard::Status(Status::gone(None, e)));
                        return;
                    }
                };
                rt.block_on(run(spec, rx, &tell));
            });
        if let Err(e) = started {
            eprintln!("fief: cannot start the network thread: {e}");
        }
        Link { cmds }
    }

    /// Sends a decision for the game after `at` actions, in the notation.
    pub fn act(&self, at: u64, action: String) {
        let _ = self.cmds.send(Cmd::Act { at, action });
    }

    /// Says something to the table, or to one seat.
    pub fn say(&self, to: Option<SeatNo>, text: String) {
        let _ = self.cmds.send(Cmd::Say { to, text });
    }

    /// As the table's creator (`owner`: the secret the server gave him), begins the game
    /// now with bots in the open seats.
    pub fn start_now(&self, owner: String) {
        let _ = self.cmds.send(Cmd::StartNow(owner));
    }

    /// Tries to connect again at once (the line is waiting between two tries).
    pub fn retry_now(&self) {
        let _ = self.cmds.send(Cmd::Retry);
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.cmds.send(Cmd::Close);
    }
}

type Teller = Box<dyn Fn(Heard) + Send>;

/// The table of an invitation, as its host says it is now (who sits where), without taking
/// a seat: what a player reads before choosing one. Blocks for up to 20 seconds. An error
/// says the kind of the host's refusal when it refused (no such table, another version).
pub fn peek(ticket: &Ticket, reach: Reach) -> Result<TableInfo, (Option<Refusal>, String)> {
    let rt = thread_runtime().map_err(|e| (None, e))?;
    rt.block_on(async {
        let endpoint = bind(reach, None, vec![], 0).await.map_err(|e| (None, e))?;
        let got = Client::greet(&endpoint, ticket).await;
        let out = match got {
            Ok((c, table)) => {
                c.close().await;
                Ok(table)
            }
            Err(e) => Err(e),
        };
        endpoint.close().await;
        out
    })
}

/// What the line keeps across connections.
struct Memory {
    seat: SeatNo,
    name: String,
    secret: Option<String>,
    log: Chain<Event>,
    /// A placeholder for each action of the game (a seat knows only how many there are).
    history: Chain<(PlayerId, Action)>,
    /// The last decision sent, until a state answers it: `at` and the notation.
    pending: Option<(u64, String)>,
    /// The connection came back: the next state decides what becomes of `pending`.
    resumed: bool,
    /// Talk said while the connection was down, said once it is back.
    unsaid: Vec<(Option<SeatNo>, String)>,
    /// The table's promise of its seed, and the digest of the last state sent after each
    /// number of actions: what the deal is checked against at the end (`fair`).
    promise: Option<String>,
    seen: Vec<(u64, [u8; 32])>,
    /// The deal was checked (once).
    checked: bool,
    /// The view of the game last sent, the changes the host sends apply to it.
    held: super::change::Held,
}

/// The most lines of talk kept while the connection is down.
const MAX_UNSAID: usize = 20;

/// How a connection ended.
enum End {
    /// The player closed the line.
    Closed,
    /// The host refused the seat for good (the kind, when the host gave one).
    Refused(Option<Refusal>, String),
    /// The connection dropped.
    Dropped(String),
}

async fn run(spec: Spec, mut cmds: mpsc::UnboundedReceiver<Cmd>, tell: &Teller) {
    tell(Heard::Status(Status::Connecting));
    let endpoint = match bind(spec.reach, None, vec![], 0).await {
        Ok(e) => e,
        Err(e) => return tell(Heard::Status(Status::gone(None, e))),
    };
    let (name, secret) = match &spec.sit {
        Sit::Take(n) => (n.clone(), None),
        Sit::Return(s) => (String::new(), Some(s.clone())),
    };
    let mut mem = Memory {
        seat: spec.seat,
        name,
        secret,
        log: Chain::new(),
        history: Chain::new(),
        pending: None,
        resumed: false,
        unsaid: Vec::new(),
        promise: None,
        seen: Vec::new(),
        checked: false,
        held: Default::default(),
    };
    // The first connection: a failure is told at once (a mistyped or stale invitation, a host
    // that is not there) when taking a seat; a seat taken back is tried again.
    let first = Client::greet(&endpoint, &spec.ticket).await;
    let mut client = match first {
        Ok(c) => c,
        // Coming back to a seat held before: a host that is not there yet (restarting, or its
        // player about to host again) is tried for as long as a dropped line would be.
        Err((None, e)) if mem.secret.is_some() => {
            let deadline = spec.retry_for.map(|d| Instant::now() + d);
            match come_back(&endpoint, &spec.ticket, deadline, &mut mem, &mut cmds, tell).await {
                Back::Here(c) => *c,
                Back::Closed => {
                    endpoint.close().await;
                    return;
                }
                Back::Gone(refusal, why) => {
                    let why = if refusal.is_some() { why } else { e };
                    tell(Heard::Status(Status::gone(refusal, why)));
                    endpoint.close().await;
                    return;
                }
            }
        }
        Err((refusal, e)) => {
            tell(Heard::Status(Status::gone(refusal, e)));
            endpoint.close().await;
            return;
        }
    };
    loop {
        let (c, table) = client;
        hear_table(&mut mem, table, tell);
        match connected(c, &mut mem, &mut cmds, tell).await {
            End::Closed => break,
            End::Refused(refusal, why) => {
                tell(Heard::Status(Status::gone(refusal, why)));
                break;
            }
            End::Dropped(why) => {
                let deadline = spec.retry_for.map(|d| Instant::now() + d);
                match come_back(&endpoint, &spec.ticket, deadline, &mut mem, &mut cmds, tell).await
                {
                    Back::Here(c) => {
                        mem.resumed = true;
                        client = *c;
                    }
                    Back::Closed => break,
                    Back::Gone(refusal, words) => {
                        let why = if refusal.is_some() { words } else { why };
                        tell(Heard::Status(Status::gone(refusal, why)));
                        // Nothing more can be sent: the player is told, the line waits to
                        // be closed.
                        while let Some(cmd) = cmds.recv().await {
                            if matches!(cmd, Cmd::Close) {
                                break;
                            }
                        }
                        break;
                    }
                }
            }
        }
    }
    endpoint.close().await;
}

/// How trying to come back ended.
enum Back {
    Here(Box<(Client, TableInfo)>),
    /// The player closed the line.
    Closed,
    /// The host said the table or the seat is gone (the kind and its words), or the deadline
    /// passed (no kind).
    Gone(Option<Refusal>, String),
}

/// Tries to connect again until `deadline` (`None`: for as long as the host does not say the
/// table is gone), with growing pauses between tries, a minute at most; says each second
/// when the next try comes.
async fn come_back(
    endpoint: &iroh::Endpoint,
    ticket: &Ticket,
    deadline: Option<Instant>,
    mem: &mut Memory,
    cmds: &mut mpsc::UnboundedReceiver<Cmd>,
    tell: &Teller,
) -> Back {
    let left = |now: Instant| deadline.map(|d| d.saturating_duration_since(now));
    let secs = |d: Duration| d.as_secs_f64().ceil() as u64;
    let mut pause = Duration::from_millis(500);
    loop {
        let now = Instant::now();
        if left(now).is_some_and(|l| l.is_zero()) {
            return Back::Gone(None, "the host did not come back in time".into());
        }
        tell(Heard::Status(Status::Reconnecting {
            next_in: 0,
            left: left(now).map(secs),
        }));
        let within = left(now).map_or(Duration::from_secs(10), |l| l.min(Duration::from_secs(5)));
        let attempt = tokio::time::timeout(within, Client::greet(endpoint, ticket));
        let mut hold = |cmd: Option<Cmd>| -> Option<Back> {
            match cmd {
                Some(Cmd::Close) | None => Some(Back::Closed),
                // A decision made while away goes once the seat is back (or is said lost);
                // talk waits too.
                Some(Cmd::Act { at, action }) => {
                    mem.pending = Some((at, action));
                    None
                }
                Some(Cmd::Say { to, text }) => {
                    if mem.unsaid.len() < MAX_UNSAID {
                        mem.unsaid.push((to, text));
                    }
                    None
                }
                // Asked while the line is down: the lobby's button can be pressed again.
                Some(Cmd::Retry | Cmd::StartNow(_)) => None,
            }
        };
        tokio::pin!(attempt);
        loop {
            tokio::select! {
                got = &mut attempt => {
                    match got {
                        Ok(Ok(c)) => return Back::Here(Box::new(c)),
                        // The host is there and says the table is gone: no use trying again.
                        Ok(Err((Some(why), words)))
                            if matches!(why, Refusal::NoTable | Refusal::Version) =>
                        {
                            return Back::Gone(Some(why), words);
                        }
                        _ => break,
                    }
                }
                cmd = cmds.recv() => if let Some(b) = hold(cmd) { return b },
            }
        }
        // The pause before the next try, told each second; the player may cut it short.
        let until = Instant::now() + pause;
        let until = deadline.map_or(until, |d| until.min(d));
        loop {
            let now = Instant::now();
            let wait = until.saturating_duration_since(now);
            if wait.is_zero() {
                break;
            }
            tell(Heard::Status(Status::Reconnecting {
                next_in: secs(wait),
                left: left(now).map(secs),
            }));
            tokio::select! {
                _ = tokio::time::sleep(wait.min(Duration::from_secs(1))) => {}
                cmd = cmds.recv() => match cmd {
                    Some(Cmd::Retry) => break,
                    other => if let Some(b) = hold(other) { return b },
                },
            }
        }
        pause = super::watch::next_pause(pause);
    }
}

/// One connection, from the greeting answered to its end.
async fn connected(
    client: Client,
    mem: &mut Memory,
    cmds: &mut mpsc::UnboundedReceiver<Cmd>,
    tell: &Teller,
) -> End {
    let offered = client.changes;
    let (conn, mut send, mut recv) = client.split();
    // Frames are read by a task of their own: a read must never be abandoned halfway.
    let (frames_tx, mut frames) = mpsc::channel::<Result<HostMsg, String>>(64);
    let reader = tokio::spawn(async move {
        loop {
            let got = super::protocol::read_frame::<HostMsg, _>(&mut recv, MAX_HOST_FRAME)
                .await
                .map_err(|e| e.to_string());
            let stop = got.is_err();
            if frames_tx.send(got).await.is_err() || stop {
                return;
            }
        }
    });
    mem.held.clear();
    let asked = match offered {
        true => send_msg(&mut send, &ClientMsg::Changes).await,
        false => Ok(()),
    };
    let end = match asked {
        Ok(()) => talk(&mut send, mem, cmds, &mut frames, tell).await,
        Err(e) => End::Dropped(e),
    };
    reader.abort();
    conn.close(0u32.into(), b"bye");
    end
}

async fn send_msg(send: &mut SendStream, msg: &ClientMsg) -> Result<(), String> {
    write_frame(send, msg, MAX_CLIENT_FRAME)
        .await
        .map_err(|e| e.to_string())
}

async fn talk(
    send: &mut SendStream,
    mem: &mut Memory,
    cmds: &mut mpsc::UnboundedReceiver<Cmd>,
    frames: &mut mpsc::Receiver<Result<HostMsg, String>>,
    tell: &Teller,
) -> End {
    let sit = match &mem.secret {
        Some(secret) => ClientMsg::Return {
            seat: mem.seat,
            secret: secret.clone(),
            log_from: Some(mem.log.len() as u64),
        },
        None => ClientMsg::Take {
            seat: mem.seat,
            name: mem.name.clone(),
        },
    };
    if let Err(e) = send_msg(send, &sit).await {
        return End::Dropped(e);
    }
    let mut seated = false;
    loop {
        tokio::select! {
            cmd = cmds.recv() => {
                let msg = match cmd {
                    None | Some(Cmd::Close) => return End::Closed,
                    Some(Cmd::Retry) => continue,
                    Some(Cmd::Act { at, action }) => {
                        mem.pending = Some((at, action.clone()));
                        ClientMsg::Act { seat: mem.seat, at, action }
                    }
                    Some(Cmd::Say { to, text }) => ClientMsg::Say { seat: mem.seat, to, text },
                    Some(Cmd::StartNow(owner)) => ClientMsg::StartNow { owner },
                };
                if let Err(e) = send_msg(send, &msg).await {
                    return End::Dropped(e);
                }
            }
            frame = frames.recv() => {
                let msg = match frame {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => return End::Dropped(e),
                    None => return End::Dropped("the connection was closed".into()),
                };
                let msg = match super::change::as_state(&mut mem.held, mem.seat, msg) {
                    Ok(m) => m,
                    // The view held is lost: the host sends it whole (with the log from
                    // what this client has).
                    Err(_) => {
                        let again = ClientMsg::Resync { seat: mem.seat, log_from: mem.log.len() as u64 };
                        if let Err(e) = send_msg(send, &again).await {
                            return End::Dropped(e);
                        }
                        continue;
                    }
                };
                match msg {
                    HostMsg::Seated { seat, secret } if seat == mem.seat => {
                        seated = true;
                        mem.secret = Some(secret.clone());
                        tell(Heard::Status(Status::Connected));
                        tell(Heard::Seated { seat, secret });
                        for (to, text) in std::mem::take(&mut mem.unsaid) {
                            let msg = ClientMsg::Say { seat: mem.seat, to, text };
                            if let Err(e) = send_msg(send, &msg).await {
                                return End::Dropped(e);
                            }
                        }
                    }
                    HostMsg::Refused { why, reason, fatal } => {
                        if !seated || fatal {
                            return End::Refused(Some(why), reason);
                        }
                        if why == Refusal::TooFast {
                            // Not read by the host: the decision goes again a moment later.
                            if let Some((at, action)) = mem.pending.clone() {
                                tokio::time::sleep(Duration::from_millis(300)).await;
                                let again = ClientMsg::Act { seat: mem.seat, at, action };
                                if let Err(e) = send_msg(send, &again).await {
                                    return End::Dropped(e);
                                }
                                continue;
                            }
                        }
                        if matches!(why, Refusal::Stale | Refusal::Illegal | Refusal::OutOfTurn) {
                            mem.pending = None;
                        }
                        tell(Heard::Refused { why, reason });
                    }
                    HostMsg::Table { table } | HostMsg::Welcome { table, .. } => {
                        hear_table(mem, table, tell);
                    }
                    HostMsg::Chat { line } => tell(Heard::Chat(line)),
                    HostMsg::State { seat: Some(s), at, game, legal, log_from, log, hands, clocks, stood_in, reveal } if s == mem.seat => {
                        note_state(mem, at, &game);
                        let mut received = match receive(mem, game, at, legal, log_from, log, &hands) {
                            Ok(r) => r,
                            Err(e) => return End::Refused(None, e),
                        };
                        received.clocks = clocks;
                        received.stood_in = stood_in;
                        if let Some(verdict) = check_deal(mem, &received.game, reveal.as_ref()) {
                            tell(Heard::Deal(verdict));
                        }
                        if let Some(resend) = settle_pending(mem, &received, tell) {
                            if let Err(e) = send_msg(send, &resend).await {
                                return End::Dropped(e);
                            }
                        }
                        tell(Heard::State(Box::new(received)));
                    }
                    HostMsg::State { .. } | HostMsg::Change { .. } | HostMsg::Pong | HostMsg::Seated { .. }
                    | HostMsg::Created { .. } | HostMsg::Status { .. } => {}
                }
            }
        }
    }
}

/// Passes the table on, keeping the first promise of its seed it shows. The greeting's table
/// counts: the host sends `table` frames at most so often, and a short game can end before
/// one comes, when the deal could no longer be checked.
fn hear_table(mem: &mut Memory, table: TableInfo, tell: &Teller) {
    if mem.promise.is_none() {
        mem.promise = table.commitment.clone();
    }
    tell(Heard::Table(table));
}

/// Keeps the digest of a state the seat was sent (the last one for each number of actions).
fn note_state(mem: &mut Memory, at: u64, game: &serde_json::Value) {
    let d = super::fair::digest(game);
    if let Some(last) = mem.seen.last_mut().filter(|l| l.0 == at) {
        last.1 = d;
    } else if mem.seen.len() < 1 << 20 {
        mem.seen.push((at, d));
    }
}

/// Once the game is over and the host opened its seed: checks the deal (once), if the table
/// promised one.
fn check_deal(
    mem: &mut Memory,
    game: &Game,
    reveal: Option<&super::fair::Reveal>,
) -> Option<super::fair::Verdict> {
    let (reveal, promise) = (reveal?, mem.promise.as_ref()?);
    if mem.checked {
        return None;
    }
    mem.checked = true;
    Some(super::fair::verify(
        promise,
        &game.options,
        reveal,
        mem.seat,
        &mem.seen,
    ))
}

/// What becomes of the decision sent last, now that a state came: answered (the game went
/// past it), sent again (the connection came back and the game still waits for it), or lost.
fn settle_pending(mem: &mut Memory, r: &Received, tell: &Teller) -> Option<ClientMsg> {
    let resumed = std::mem::take(&mut mem.resumed);
    let (at, action) = mem.pending.clone()?;
    if r.at > at {
        mem.pending = None;
        return None;
    }
    if !resumed {
        return None;
    }
    if r.at == at && r.legal.contains(&action) {
        tell(Heard::Resent(action.clone()));
        return Some(ClientMsg::Act {
            seat: mem.seat,
            at,
            action,
        });
    }
    mem.pending = None;
    tell(Heard::Lost(action));
    None
}

/// The others' hands in a seat's game hold stand-in cards, as many of each deck as the host
/// says they hold, taken from the pooled deck: the counts read right on screen, and which
/// cards they are stays unknown.
fn stand_in_hands(game: &mut Game, me: SeatNo, hands: &[[u8; 2]]) {
    for (q, [lords, fortune]) in hands.iter().enumerate() {
        if q == me as usize || q >= game.players.len() {
            continue;
        }
        for _ in 0..*lords {
            let Some(c) = game.lords_deck.pop() else {
                break;
            };
            game.players[q].hand.push(c);
        }
        for _ in 0..*fortune {
            let Some(c) = game.fortune_deck.pop() else {
                break;
            };
            game.players[q].hand.push(c);
        }
    }
}

/// The game of a `state` message, with the log kept so far and this message's entries.
fn receive(
    mem: &mut Memory,
    game: serde_json::Value,
    at: u64,
    legal: Vec<String>,
    log_from: u64,
    log: Vec<serde_json::Value>,
    hands: &[[u8; 2]],
) -> Result<Received, String> {
    let mut game: Game = serde_json::from_value(game)
        .map_err(|e| format!("the host sent a game this version cannot read: {e}"))?;
    stand_in_hands(&mut game, mem.seat, hands);
    let known = mem.log.len() as u64;
    if log_from > known {
        return Err(format!(
            "the host sent the log from entry {log_from}, but this game has {known}"
        ));
    }
    let skip = (known - log_from) as usize;
    for e in log.into_iter().skip(skip) {
        let e: Event = serde_json::from_value(e)
            .map_err(|e| format!("the host sent a log entry this version cannot read: {e}"))?;
        mem.log.push(e);
    }
    game.log = mem.log.clone();
    // Only the number of actions is known to a seat (see the module's documentation).
    while (mem.history.len() as u64) < at.min(1 << 20) {
        mem.history.push((0, Action::Pass));
    }
    game.history = mem.history.clone();
    Ok(Received {
        game,
        at,
        legal,
        clocks: Vec::new(),
        stood_in: Vec::new(),
    })
}
