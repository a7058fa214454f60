//! A connection to the host: the accept loop with its caps on connections, the greeting, and
//! the reader and writer tasks of each connection.

use super::{push, refusal, Cmd, Frame, Inner, Limits};
use crate::net::protocol::{
    read_frame, version_mismatch, ClientMsg, FrameError, HostMsg, NewTable, Refusal,
    MAX_CLIENT_FRAME, MAX_HOST_FRAME,
};
use iroh::endpoint::{Connection, IncomingAddr, RecvStream, SendStream};
use iroh::{Endpoint, EndpointId};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::sync::{mpsc, Notify};

/// Where a connection comes from, for the cap on connections from one place. An IPv6
/// address counts by its /64 network (what one home or one server is usually given).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Origin {
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
pub(super) struct Counts<K>(Mutex<HashMap<K, usize>>);

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

pub(super) async fn accept_loop(endpoint: Endpoint, inner: Arc<Inner>) {
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
        crate::net::protocol::write_frame(send, msg, MAX_HOST_FRAME),
    )
    .await;
    let _ = send.finish();
    let _ = tokio::time::timeout(Duration::from_secs(3), conn.closed()).await;
    conn.close(1u32.into(), code);
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
        Ok(Ok(ClientMsg::Create {
            protocol,
            build: theirs,
            key,
            table,
        })) => {
            let m = match version_mismatch(protocol, &theirs) {
                Some(words) => refusal(Refusal::Version, words, true),
                None => create(inner, &key, &table).await,
            };
            say_last(&conn, &mut send, &m, b"create answered").await;
            return;
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
            crate::net::protocol::clean_text(&table, 40)
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

/// Makes a table for a player who holds the server's key (`create`): the answer is
/// `created`, with the invitation to it, or a refusal.
async fn create(inner: &Arc<Inner>, key: &str, table: &NewTable) -> HostMsg {
    let Some(ours) = &inner.create_key else {
        return refusal(
            Refusal::NotAllowed,
            "this host makes no tables for others (it is a player's app, not a server)",
            true,
        );
    };
    if !super::same_secret(ours, key) {
        return refusal(
            Refusal::NotAllowed,
            "this is not the key of this server: ask its owner for its invitation again",
            true,
        );
    }
    if inner.tables.lock().unwrap().len() >= inner.limits.max_tables {
        return refusal(
            Refusal::Full,
            format!(
                "this server keeps {} tables already, its most",
                inner.limits.max_tables
            ),
            true,
        );
    }
    let spec = match crate::net::serve::spec_of(table).and_then(|mut spec| {
        spec.options.seed = crate::net::fair::random_seed()?;
        Ok(spec)
    }) {
        Ok(s) => s,
        Err(e) => return refusal(Refusal::Malformed, e, true),
    };
    let owner = match super::new_secret() {
        Ok(s) => s,
        Err(e) => return refusal(Refusal::Full, e, true),
    };
    match super::make_table(inner, spec, Some(owner.clone())).await {
        Ok(id) => HostMsg::Created {
            invitation: crate::net::ticket::Ticket::new(inner.endpoint.addr(), &id).encode(),
            table: id,
            owner,
        },
        Err(e) => refusal(Refusal::Full, e, true),
    }
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
            ClientMsg::Hello { .. } | ClientMsg::Create { .. } => {
                push(
                    out,
                    &refusal(
                        Refusal::OutOfTurn,
                        "hello or create is said once, first",
                        false,
                    ),
                );
                continue;
            }
            ClientMsg::Watch { seat, secret } => Cmd::Watch { conn, seat, secret },
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
            ClientMsg::StartNow { owner } => Cmd::Owner {
                conn,
                owner,
                close: false,
            },
            ClientMsg::CloseTable { owner } => Cmd::Owner {
                conn,
                owner,
                close: true,
            },
        };
        if tx.send(cmd).await.is_err() {
            return;
        }
    }
}
