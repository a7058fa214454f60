//! A client of a host: connects with an invitation, greets, and sends and reads messages;
//! and a bot that plays a seat from another process (`fief-cli join --bot`).

use super::protocol::{
    build, read_frame_sized, write_frame, ClientMsg, HostMsg, Refusal, SeatNo, TableInfo, ALPN,
    MAX_CLIENT_FRAME, MAX_HOST_FRAME, PROTOCOL,
};
use super::ticket::Ticket;
use super::transport::{bind, Reach};
use crate::bots::{new_bot, Budget, Level};
use crate::rules::{Game, Outcome};
use iroh::endpoint::{Connection, RecvStream, SendStream};
use iroh::Endpoint;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A connection to a table.
pub struct Client {
    endpoint: Endpoint,
    /// Whether the endpoint is this client's alone (closed with it).
    own_endpoint: bool,
    conn: Connection,
    send: SendStream,
    recv: RecvStream,
    /// Whether the host offers `change` frames (its `welcome`).
    pub changes: bool,
    /// The bytes of every frame received.
    pub received: u64,
}

/// How long a host has to answer a greeting.
const GREETING_WITHIN: Duration = Duration::from_secs(20);

impl Client {
    /// Connects to the table of `ticket` and greets its host; returns the table as it is.
    pub async fn connect(ticket: &Ticket, reach: Reach) -> Result<(Client, TableInfo), String> {
        let endpoint = bind(reach, None, vec![], 0).await?;
        let (mut c, table) = Client::connect_on(&endpoint, ticket).await?;
        c.own_endpoint = true;
        Ok((c, table))
    }

    /// Connects through an endpoint the caller keeps (one endpoint may carry many
    /// connections).
    pub async fn connect_on(
        endpoint: &Endpoint,
        ticket: &Ticket,
    ) -> Result<(Client, TableInfo), String> {
        Client::greet(endpoint, ticket).await.map_err(|(_, e)| e)
    }

    /// `connect_on`, saying also the kind of the host's refusal when it refused the greeting
    /// (`None`: the host could not be reached, or answered out of turn).
    pub async fn greet(
        endpoint: &Endpoint,
        ticket: &Ticket,
    ) -> Result<(Client, TableInfo), (Option<Refusal>, String)> {
        let endpoint = endpoint.clone();
        let conn =
            tokio::time::timeout(GREETING_WITHIN, endpoint.connect(ticket.host.clone(), ALPN))
                .await
                .map_err(|_| (None, "the host did not answer in time".to_string()))?
                .map_err(|e| (None, format!("cannot reach the host: {e}")))?;
        let (send, recv) = conn
            .open_bi()
            .await
            .map_err(|e| (None, format!("cannot talk to the host: {e}")))?;
        let mut c = Client {
            endpoint,
            own_endpoint: false,
            conn,
            send,
            recv,
            changes: false,
            received: 0,
        };
        c.send(&ClientMsg::Hello {
            protocol: PROTOCOL,
            build: build(),
            table: ticket.table.clone(),
        })
        .await
        .map_err(|e| (None, e))?;
        let answer = tokio::time::timeout(GREETING_WITHIN, c.recv())
            .await
            .map_err(|_| (None, "the host did not answer in time".to_string()))?
            .map_err(|e| (None, e))?;
        match answer {
            HostMsg::Welcome { table, changes, .. } => {
                c.changes = changes;
                Ok((c, table))
            }
            HostMsg::Refused { why, reason, .. } => Err((Some(why), reason)),
            other => Err((
                None,
                format!(
                    "the host answered the greeting with something else ({})",
                    kind(&other)
                ),
            )),
        }
    }

    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        write_frame(&mut self.send, msg, MAX_CLIENT_FRAME)
            .await
            .map_err(|e| format!("lost the host: {e}"))
    }

    pub async fn recv(&mut self) -> Result<HostMsg, String> {
        let (msg, n) = read_frame_sized(&mut self.recv, MAX_HOST_FRAME)
            .await
            .map_err(|e| format!("lost the host: {e}"))?;
        self.received += n as u64;
        Ok(msg)
    }

    /// The two halves of the connection, for a caller that reads and writes from separate
    /// tasks (a frame read cannot be abandoned halfway).
    pub fn split(self) -> (Connection, SendStream, RecvStream) {
        (self.conn, self.send, self.recv)
    }

    /// Ends the connection.
    pub async fn close(self) {
        self.conn.close(0u32.into(), b"bye");
        if self.own_endpoint {
            self.endpoint.close().await;
        }
    }
}

/// A message's type, for an error.
fn kind(m: &HostMsg) -> &'static str {
    match m {
        HostMsg::Welcome { .. } => "welcome",
        HostMsg::Refused { .. } => "refused",
        HostMsg::Seated { .. } => "seated",
        HostMsg::Table { .. } => "table",
        HostMsg::State { .. } => "state",
        HostMsg::Change { .. } => "change",
        HostMsg::Chat { .. } => "chat",
        HostMsg::Pong => "pong",
        HostMsg::Created { .. } => "created",
        HostMsg::Status { .. } => "status",
    }
}

/// How a bot client takes its seat.
#[derive(Debug, Clone)]
pub enum Sit {
    /// Takes the seat under this name.
    Take(String),
    /// Takes back a seat held before, with its secret.
    Return(String),
}

/// What a bot client saw of the game it played.
#[derive(Debug, Clone)]
pub struct BotGame {
    pub seat: SeatNo,
    /// The seat's secret (to come back with).
    pub secret: String,
    pub outcome: Option<Outcome>,
    /// Decisions it sent that the host applied, and that it refused (a refusal other than
    /// `stale` would be a disagreement between the two programs' rules).
    pub sent: u64,
    pub refused: Vec<String>,
    /// The last decision sent, until the host answers it.
    pub last_sent: Option<String>,
    /// Every state the seat was sent, as a `state` message (a `change` with its edits
    /// applied), for the tests that check nothing hidden ever reaches a seat.
    pub states: Vec<HostMsg>,
    /// States that came whole, and as changes; changes that did not fit the view held (each
    /// answered by a `resync`).
    pub wholes: u64,
    pub changes: u64,
    pub resyncs: u64,
    /// The bytes of every frame received.
    pub received: u64,
}

/// A seat a bot client plays, and how.
#[derive(Debug, Clone)]
pub struct BotSeat {
    pub seat: SeatNo,
    pub sit: Sit,
    pub level: Level,
    pub hard_budget: Budget,
    /// Keep every `state` received (`BotGame::states`).
    pub keep_states: bool,
    /// Leave after this many decisions (a player who drops mid-game), if set.
    pub stop_after: Option<u64>,
    /// Where the client shows how far it has got, for whoever watches it from outside.
    pub watch: Option<Arc<Watch>>,
}

/// How far a bot client has got: the last `at` it was sent, and its seat's secret.
#[derive(Debug, Default)]
pub struct Watch {
    pub at: AtomicU64,
    pub secret: Mutex<String>,
}

/// Plays a seat of the table of `ticket` with a bot until the game ends (or the bot leaves,
/// `BotSeat::stop_after`).
pub async fn play_bot(ticket: &Ticket, reach: Reach, how: BotSeat) -> Result<BotGame, String> {
    let BotSeat {
        seat,
        sit,
        level,
        hard_budget,
        keep_states,
        stop_after,
        watch,
    } = how;
    let (mut c, _) = Client::connect(ticket, reach).await?;
    if c.changes {
        c.send(&ClientMsg::Changes).await?;
    }
    c.send(&match &sit {
        Sit::Take(name) => ClientMsg::Take {
            seat,
            name: name.clone(),
        },
        Sit::Return(secret) => ClientMsg::Return {
            seat,
            secret: secret.clone(),
            log_from: None,
        },
    })
    .await?;
    let mut bot = new_bot(
        level,
        0x5eed ^ (seat as u64) ^ ticket.table.len() as u64,
        hard_budget,
    );
    let mut out = BotGame {
        seat,
        secret: String::new(),
        outcome: None,
        sent: 0,
        refused: Vec::new(),
        last_sent: None,
        states: Vec::new(),
        wholes: 0,
        changes: 0,
        resyncs: 0,
        received: 0,
    };
    let mut held = super::change::Held::default();
    let mut log_held = 0u64;
    let never = AtomicBool::new(false);
    // The last decision asked of the seat: the game, its `at`, the host's legal actions, and
    // those the host refused.
    let mut asked: Option<(Game, u64, Vec<String>)> = None;
    let mut banned: Vec<String> = Vec::new();
    loop {
        let msg = c.recv().await?;
        out.received = c.received;
        let whole = matches!(msg, HostMsg::State { .. });
        let msg = match super::change::as_state(&mut held, seat, msg) {
            Ok(m) => m,
            Err(_) => {
                out.resyncs += 1;
                c.send(&ClientMsg::Resync {
                    seat,
                    log_from: log_held,
                })
                .await?;
                continue;
            }
        };
        if let HostMsg::State { seat: Some(s), .. } = &msg {
            if *s == seat {
                if whole {
                    out.wholes += 1;
                } else {
                    out.changes += 1;
                }
            }
        }
        if let HostMsg::State { log_from, log, .. } = &msg {
            log_held = log_held.max(log_from + log.len() as u64);
        }
        let mut decide = false;
        match &msg {
            HostMsg::Seated { seat: s, secret } if *s == seat => {
                out.secret = secret.clone();
                if let Some(w) = &watch {
                    *w.secret.lock().unwrap() = secret.clone();
                }
            }
            HostMsg::Refused { why, reason, fatal } => {
                if out.secret.is_empty() || *fatal {
                    c.close().await;
                    return Err(reason.clone());
                }
                if *why == Refusal::TooFast {
                    // Sent too fast: the decision was not read; it goes again a moment later.
                    if let (Some(last), Some((_, at, _))) = (&out.last_sent, &asked) {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        let again = ClientMsg::Act {
                            seat,
                            at: *at,
                            action: last.clone(),
                        };
                        c.send(&again).await?;
                    }
                    continue;
                }
                if !matches!(why, Refusal::Stale | Refusal::OutOfTurn) {
                    out.refused.push(reason.clone());
                    // Ask the bot again without the refused action (bounded: each action
                    // of a decision is refused at most once).
                    if let Some(last) = out.last_sent.take() {
                        banned.push(last);
                        decide = true;
                    }
                }
            }
            HostMsg::State {
                seat: Some(s),
                at,
                game,
                legal,
                ..
            } if *s == seat => {
                let g: Game = serde_json::from_value(game.clone())
                    .map_err(|e| format!("the host sent a game this build cannot read: {e}"))?;
                if keep_states {
                    out.states.push(msg.clone());
                }
                if let Some(w) = &watch {
                    w.at.fetch_max(*at, Ordering::Relaxed);
                }
                if g.is_over() {
                    out.outcome = g.outcome.clone();
                    c.close().await;
                    return Ok(out);
                }
                banned.clear();
                asked = (!legal.is_empty()).then(|| (g, *at, legal.clone()));
                decide = asked.is_some();
            }
            _ => {}
        }
        let Some((g, at, legal)) = asked.as_ref().filter(|_| decide) else {
            continue;
        };
        if stop_after.is_some_and(|n| out.sent >= n) {
            c.close().await;
            return Ok(out);
        }
        let Some(action) = tokio::task::block_in_place(|| {
            choose_offered(bot.as_mut(), g, seat, legal, &banned, &never)
        }) else {
            continue;
        };
        c.send(&ClientMsg::Act {
            seat,
            at: *at,
            action: action.clone(),
        })
        .await?;
        out.last_sent = Some(action);
        out.sent += 1;
    }
}

/// The bot's choice among what the host offers (`legal`, in the notation) less `banned`.
/// The bot decides from the game as the seat sees it; where that view cannot tell what the
/// host allows (another player's hand size limits what he may be given, and the view has no
/// hands but the seat's own), the host's list decides.
pub fn choose_offered(
    bot: &mut dyn crate::bots::Bot,
    g: &Game,
    seat: SeatNo,
    legal: &[String],
    banned: &[String],
    cancel: &AtomicBool,
) -> Option<String> {
    let offered = |n: &String| legal.contains(n) && !banned.contains(n);
    let mut view = g.bot_view(seat);
    let mine: Vec<_> = view
        .legal
        .iter()
        .filter(|a| offered(&a.notation(g)))
        .cloned()
        .collect();
    view.legal = if mine.is_empty() {
        legal
            .iter()
            .filter(|n| offered(n))
            .filter_map(|n| crate::rules::Action::parse(n, g).ok())
            .collect()
    } else {
        mine
    };
    if view.legal.is_empty() {
        return None;
    }
    let a = bot.choose(&view, cancel)?;
    Some(a.notation(g))
}
