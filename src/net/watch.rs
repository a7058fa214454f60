//! The app's eye on every table its player sits at: for each one, a connection that follows
//! the seat (`watch`, with its secret) without sitting in it, so that the list of tables
//! shows whose turn it is and the player can be told when it is his, or when someone writes
//! to him. A connection that drops is tried again with growing pauses, a minute apart at
//! most, for as long as the table lives. And the one call that opens a table on a server
//! (`create`).

use super::client::Client;
use super::protocol::{
    build, read_frame, write_frame, ClientMsg, HostMsg, NewTable, Refusal, SeatNo, SeatStatus,
    TableInfo, ALPN, MAX_CLIENT_FRAME, MAX_HOST_FRAME, PROTOCOL,
};
use super::ticket::{ServerTicket, Ticket};
use super::transport::{bind, thread_runtime, Reach};
use std::time::Duration;
use tokio::sync::oneshot;

/// A seat followed: its table's invitation, the seat and its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    pub ticket: Ticket,
    pub seat: SeatNo,
    pub secret: String,
}

/// What the watcher hears of a table.
#[derive(Debug, Clone)]
pub enum News {
    /// The table as it is now, and where the seat's game stands.
    Status {
        ticket: String,
        seat: SeatNo,
        table: TableInfo,
        status: SeatStatus,
    },
    /// The host cannot be reached now (it is tried again), or the table is gone for good
    /// (`gone`: closed, or the seat is no longer this player's).
    Away {
        ticket: String,
        seat: SeatNo,
        why: String,
        gone: bool,
    },
}

/// The longest pause between two tries.
pub const MAX_PAUSE: Duration = Duration::from_secs(60);

/// The next pause after `p`: twice as long, a minute at most.
pub fn next_pause(p: Duration) -> Duration {
    (p * 2).min(MAX_PAUSE)
}

/// The tables followed; dropping it closes every connection.
pub struct Watcher {
    stop: Option<oneshot::Sender<()>>,
}

impl Watcher {
    /// Follows `seats` on a thread of its own; `tell` hears the news of each, from that
    /// thread.
    pub fn start(
        seats: Vec<Followed>,
        reach: Reach,
        tell: impl Fn(News) + Send + Sync + 'static,
    ) -> Watcher {
        let (stop, stopped) = oneshot::channel::<()>();
        let tell = std::sync::Arc::new(tell);
        let started = std::thread::Builder::new()
            .name("fief-watch".into())
            .spawn(move || {
                let Ok(rt) = thread_runtime() else { return };
                rt.block_on(async move {
                    let endpoint = match bind(reach, None, vec![], 0).await {
                        Ok(e) => e,
                        Err(e) => {
                            for f in &seats {
                                tell(away(f, e.clone(), false));
                            }
                            return;
                        }
                    };
                    let mut tasks = tokio::task::JoinSet::new();
                    for f in seats {
                        let (endpoint, tell) = (endpoint.clone(), tell.clone());
                        tasks.spawn(async move { follow(&endpoint, &f, &*tell).await });
                    }
                    tokio::select! {
                        _ = stopped => {}
                        _ = async { while tasks.join_next().await.is_some() {} } => {}
                    }
                    tasks.abort_all();
                    let _ = tokio::time::timeout(Duration::from_secs(1), endpoint.close()).await;
                });
            });
        if let Err(e) = started {
            eprintln!("fief: cannot start the network thread: {e}");
        }
        Watcher { stop: Some(stop) }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

fn away(f: &Followed, why: String, gone: bool) -> News {
    News::Away {
        ticket: f.ticket.encode(),
        seat: f.seat,
        why,
        gone,
    }
}

/// Follows one seat for as long as its table lives.
async fn follow(endpoint: &iroh::Endpoint, f: &Followed, tell: &(dyn Fn(News) + Send + Sync)) {
    let mut pause = Duration::from_secs(2);
    loop {
        match follow_once(endpoint, f, tell).await {
            // The table is gone, or the seat is not this player's any more.
            Err((Some(Refusal::NoTable | Refusal::WrongSecret | Refusal::Version), words)) => {
                return tell(away(f, words, true));
            }
            // It was followed a while: the next try comes soon.
            Ok(()) => pause = Duration::from_secs(2),
            Err((_, words)) => tell(away(f, words, false)),
        }
        tokio::time::sleep(pause).await;
        pause = next_pause(pause);
    }
}

/// One connection that follows the seat, until it drops.
async fn follow_once(
    endpoint: &iroh::Endpoint,
    f: &Followed,
    tell: &(dyn Fn(News) + Send + Sync),
) -> Result<(), (Option<Refusal>, String)> {
    let (mut c, mut table) = Client::greet(endpoint, &f.ticket).await?;
    let watch = ClientMsg::Watch {
        seat: f.seat,
        secret: f.secret.clone(),
    };
    c.send(&watch).await.map_err(|e| (None, e))?;
    let mut last: Option<SeatStatus> = None;
    let ticket = f.ticket.encode();
    let news = |table: &TableInfo, status: &SeatStatus| News::Status {
        ticket: ticket.clone(),
        seat: f.seat,
        table: table.clone(),
        status: status.clone(),
    };
    loop {
        let msg = match c.recv().await {
            Ok(m) => m,
            Err(e) => {
                c.close().await;
                return match last {
                    Some(_) => Ok(()),
                    None => Err((None, e)),
                };
            }
        };
        match msg {
            HostMsg::Status { seat, status } if seat == f.seat => {
                tell(news(&table, &status));
                last = Some(status);
            }
            HostMsg::Table { table: t } => {
                table = t;
                if let Some(s) = &last {
                    tell(news(&table, s));
                }
            }
            HostMsg::Refused { why, reason, fatal } if fatal || last.is_none() => {
                c.close().await;
                return Err((Some(why), reason));
            }
            _ => {}
        }
    }
}

/// What `create` gives: the invitation to the new table and its creator's secret, or the
/// kind of the server's refusal (when it refused) and its words.
pub type Made = Result<(Ticket, String), (Option<Refusal>, String)>;

/// Opens a table on the server of `server` (its owner's invitation to make tables); returns
/// the invitation to the new table and the secret that lets its creator start or close it.
/// Blocks for up to 30 seconds. An error says the kind of the server's refusal when it
/// refused.
pub fn create(server: &ServerTicket, table: NewTable, reach: Reach) -> Made {
    let rt = thread_runtime().map_err(|e| (None, e))?;
    rt.block_on(async {
        let endpoint = bind(reach, None, vec![], 0).await.map_err(|e| (None, e))?;
        let got = tokio::time::timeout(
            Duration::from_secs(30),
            ask_create(&endpoint, server, table),
        )
        .await
        .unwrap_or_else(|_| Err((None, "the server did not answer in time".to_string())));
        endpoint.close().await;
        got
    })
}

/// Closes the table of `ticket` for good, as its creator (`owner`: the secret `created` gave
/// him): everyone at it is told, and the server keeps nothing of it. Blocks for up to 20
/// seconds.
pub fn close_table(ticket: &Ticket, owner: &str, reach: Reach) -> Result<(), String> {
    let rt = thread_runtime()?;
    rt.block_on(async {
        let endpoint = bind(reach, None, vec![], 0).await?;
        let asked = async {
            let (mut c, _) = Client::greet(&endpoint, ticket).await.map_err(|(_, e)| e)?;
            c.send(&ClientMsg::CloseTable {
                owner: owner.to_string(),
            })
            .await?;
            // The host's farewell to everyone at the table says it is done.
            let done = loop {
                match c.recv().await? {
                    HostMsg::Refused {
                        why: Refusal::NoTable,
                        ..
                    } => break Ok(()),
                    HostMsg::Refused { reason, .. } => break Err(reason),
                    _ => {}
                }
            };
            c.close().await;
            done
        };
        let got = tokio::time::timeout(Duration::from_secs(20), asked)
            .await
            .unwrap_or_else(|_| Err("the host did not answer in time".to_string()));
        endpoint.close().await;
        got
    })
}

async fn ask_create(endpoint: &iroh::Endpoint, server: &ServerTicket, table: NewTable) -> Made {
    let conn = endpoint
        .connect(server.host.clone(), ALPN)
        .await
        .map_err(|e| (None, format!("cannot reach the server: {e}")))?;
    let (mut send, mut recv) = conn
        .open_bi()
        .await
        .map_err(|e| (None, format!("cannot talk to the server: {e}")))?;
    let ask = ClientMsg::Create {
        protocol: PROTOCOL,
        build: build(),
        key: server.key.clone(),
        table,
    };
    write_frame(&mut send, &ask, MAX_CLIENT_FRAME)
        .await
        .map_err(|e| (None, format!("lost the server: {e}")))?;
    let answer = read_frame::<HostMsg, _>(&mut recv, MAX_HOST_FRAME)
        .await
        .map_err(|e| (None, format!("lost the server: {e}")));
    let _ = send.finish();
    conn.close(0u32.into(), b"bye");
    match answer? {
        HostMsg::Created {
            invitation, owner, ..
        } => Ticket::decode(&invitation)
            .map(|t| (t, owner))
            .map_err(|e| (None, format!("the server's answer: {e}"))),
        HostMsg::Refused { why, reason, .. } => Err((Some(why), reason)),
        _ => Err((None, "the server answered with something else".into())),
    }
}
