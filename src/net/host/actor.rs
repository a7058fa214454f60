//! The task of one table (`Actor`): it owns the `Table` and its bots, takes the commands of
//! its connections and sends each seat what it may see.

use super::{new_secret, now_ms, push, refusal, Cmd, Frame, Inner};
use crate::bots::{new_bot, Bot, Budget, Level};
use crate::net::protocol::{
    build, encode_frame, HostMsg, Refusal, SeatNo, SeatStatus, MAX_HOST_FRAME, PROTOCOL,
};
use crate::net::seat_view::SeatView;
use crate::net::store::{Row, Store};
use crate::net::table::Table;
use iroh::endpoint::Connection;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Notify};
use tokio::time::Instant;

pub(super) fn spawn_table(inner: &Arc<Inner>, mut table: Table) {
    table.server = inner.create_key.is_some();
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

/// The counts of cards and the clocks of a `state` (a change leaves out what is as it was).
fn counts_of(state: &HostMsg) -> (Vec<[u8; 2]>, Vec<u64>) {
    match state {
        HostMsg::State { hands, clocks, .. } => (hands.clone(), clocks.clone()),
        _ => (Vec::new(), Vec::new()),
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
    /// The seats it follows (`watch`), with the status last sent for each.
    watches: Vec<(SeatNo, SeatStatus)>,
}

impl Conn {
    /// Whether it holds or follows a seat (a connection that does neither is closed after a
    /// while, and makes room for a newcomer).
    fn sits(&self) -> bool {
        !self.seats.is_empty() || !self.watches.is_empty()
    }
}

/// A seat a connection holds: the log entries it has been sent, and the view of the game
/// last sent (kept only for a connection that takes changes: the next state is sent as the
/// edits from it).
struct Sent {
    seat: SeatNo,
    log: u64,
    view: Option<Arc<SeatView>>,
    /// The counts of cards in hand and the clocks last sent (a change leaves them out when
    /// they are the same).
    hands: Vec<[u8; 2]>,
    clocks: Vec<u64>,
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
                        // Whatever it was may have changed who is there or whose decision
                        // it is: the one place the clock is told.
                        self.table.time(now_ms());
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
            .filter(|(_, c)| !c.sits())
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
            .filter(|(_, c)| !c.sits() && c.joined.elapsed() >= limit)
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
        let now = now_ms();
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
                    .or_insert_with(|| self.table.state_without_game(Some(s.seat), s.log, now));
                // A change goes to a connection that has the view it is made from.
                let base = s.view.take().filter(|_| c.changes);
                let as_change = match (&base, &v.before) {
                    (Some(b), Some(before)) => Arc::ptr_eq(b, before),
                    _ => false,
                };
                let before = (std::mem::take(&mut s.hands), std::mem::take(&mut s.clocks));
                let frame = frames
                    .entry((s.seat, s.log, as_change))
                    .or_insert_with(|| {
                        let msg = if as_change {
                            crate::net::change::change(state, &v.edits, v.now.digest(), &before)
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
                (s.hands, s.clocks) = counts_of(state);
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
        let state = self.table.state_without_game(Some(seat), from, now_ms());
        self.send_to(conn, &with_game(&state, view.whole()));
        let log = self.table.log_shown();
        if let Some(c) = self.conns.get_mut(&conn) {
            c.seats.retain(|s| s.seat != seat);
            let view = c.changes.then_some(view);
            let (hands, clocks) = counts_of(&state);
            c.seats.push(Sent {
                seat,
                log,
                view,
                hands,
                clocks,
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
                            watches: Vec::new(),
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
                    self.send_statuses();
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
                // A player back: the bots standing in for the others play again.
                self.drive_bots();
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
                if let Err(e) = self.play(seat, at, &action, false).await {
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
                self.send_statuses();
            }
            Cmd::Watch { conn, seat, secret } => {
                if let Err(e) = self.table.may_watch(seat, &secret) {
                    return self.refuse(conn, e);
                }
                let status = self.table.status(seat);
                let msg = HostMsg::Status {
                    seat,
                    status: status.clone(),
                };
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.watches.retain(|(s, _)| *s != seat);
                    c.watches.push((seat, status));
                }
                self.send_to(conn, &msg);
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
                        let by_bot = self.table.stands_in(seat);
                        let _ = self.play(seat, at, &notation, by_bot).await;
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
                let _ = reply.send(self.start_now(level).await.map_err(|(_, e)| e));
            }
            Cmd::Close { reply } => {
                let _ = reply.send(self.close().await);
            }
            Cmd::Owner { conn, owner, close } => {
                let theirs = self
                    .table
                    .owner
                    .as_deref()
                    .is_some_and(|kept| super::same_secret(kept, &owner));
                if !theirs {
                    let no = "only the table's creator may start or close it";
                    return self.refuse(conn, (Refusal::NotAllowed, no.into()));
                }
                let done = if close {
                    self.close().await.map_err(|e| (Refusal::Full, e))
                } else {
                    self.start_now(Level::Normal).await
                };
                if let Err(e) = done {
                    self.refuse(conn, e);
                }
            }
        }
    }

    /// The game begins now, with a bot of `level` in every seat nobody has taken.
    async fn start_now(&mut self, level: Level) -> Result<(), (Refusal, String)> {
        let plan = self.table.start_now(level)?;
        let row = Row::Plan {
            table: self.table.id.clone(),
            plan,
        };
        let kept = self.store.write(row).await;
        self.send_table();
        self.send_states();
        self.send_statuses();
        self.drive_bots();
        kept.map_err(|e| (Refusal::Full, e))
    }

    /// Closes the table for good: everyone is told, nothing of it is kept.
    async fn close(&mut self) -> Result<(), String> {
        let row = Row::Forget {
            table: self.table.id.clone(),
        };
        self.store.write(row).await?;
        let bye = refusal(Refusal::NoTable, "the host closed this table", true);
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        for c in conns {
            self.send_to(c, &bye);
        }
        self.conns.clear();
        self.closed = true;
        Ok(())
    }

    /// Checks an action, keeps it, plays it and tells everyone; `by_bot`: a bot decided it
    /// for the seat's dropped player.
    async fn play(
        &mut self,
        seat: SeatNo,
        at: u64,
        text: &str,
        by_bot: bool,
    ) -> Result<(), (Refusal, String)> {
        let (action, notation) = self.table.prepare(seat, at, text)?;
        let at_ms = now_ms();
        let took_ms = self.table.took(at_ms);
        self.store
            .write(Row::Action {
                table: self.table.id.clone(),
                n: at,
                seat,
                notation,
                at_ms,
                took_ms,
                by_bot,
            })
            .await
            .map_err(|e| (Refusal::Full, format!("the host could not keep it: {e}")))?;
        self.table.commit(seat, action, took_ms, by_bot)?;
        self.send_states();
        self.send_statuses();
        self.drive_bots();
        Ok(())
    }

    /// Tells each connection that follows a seat its status, when it has changed since it
    /// was last told (an action played, a new line of talk).
    fn send_statuses(&mut self) {
        let mut news: Vec<(u64, HostMsg)> = Vec::new();
        // Each seat's status is made once, however many follow it (and not at all when
        // nobody follows: a table's actions pay nothing for it).
        let mut made: HashMap<SeatNo, SeatStatus> = HashMap::new();
        for (id, c) in self.conns.iter_mut() {
            for (seat, last) in c.watches.iter_mut() {
                let table = &self.table;
                let now = made
                    .entry(*seat)
                    .or_insert_with(|| table.status(*seat))
                    .clone();
                if now != *last {
                    *last = now.clone();
                    news.push((
                        *id,
                        HostMsg::Status {
                            seat: *seat,
                            status: now,
                        },
                    ));
                }
            }
        }
        for (id, msg) in news {
            self.send_to(id, &msg);
        }
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
