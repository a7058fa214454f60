//! Hostile clients against a host on loopback (local mode): random, truncated and 10 MB
//! frames, floods, wrong secrets, actions for another seat, replays, a client that never
//! reads and a thousand connections that never read. Each is refused with a reason or cut
//! off, nothing panics, and the host's other tables play on.

mod common;
use common::{rt, Scratch};
use fief::bots::{Budget, Level};
use fief::net::client::{play_bot, BotSeat, Client, Sit};
use fief::net::host::{Host, HostConfig, Limits, TableSpec};
use fief::net::protocol::{
    build, encode_frame, read_frame, ClientMsg, HostMsg, Refusal, ALPN, MAX_CLIENT_FRAME,
    MAX_HOST_FRAME, PROTOCOL,
};
use fief::net::table::SeatPlan;
use fief::net::ticket::Ticket;
use fief::net::transport::{bind, bind_on, Reach};
use fief::rules::Options;
use iroh::endpoint::{Connection, RecvStream, SendStream};
use std::time::Duration;

fn spec(seed: u64, seats: Vec<SeatPlan>) -> TableSpec {
    TableSpec {
        options: Options {
            players: seats.len() as u8,
            seed,
            round_cap: Some(4),
            ..Options::default()
        },
        seats,
        bot_after: None,
        stand_in: Level::Easy,
    }
}

/// A raw connection: an endpoint of its own, the stream, nothing checked.
struct Raw {
    ep: iroh::Endpoint,
    conn: Connection,
    send: SendStream,
    recv: RecvStream,
}

impl Raw {
    async fn open(ticket: &Ticket) -> Raw {
        let ep = bind(Reach::Local, None, vec![], 0).await.unwrap();
        Raw::open_on(&ep, ticket).await
    }

    async fn open_on(ep: &iroh::Endpoint, ticket: &Ticket) -> Raw {
        Raw::try_open_on(ep, ticket).await.unwrap()
    }

    /// A connection, or `None` if the host turned it away.
    async fn try_open_on(ep: &iroh::Endpoint, ticket: &Ticket) -> Option<Raw> {
        let conn = ep.connect(ticket.host.clone(), ALPN).await.ok()?;
        let (send, recv) = conn.open_bi().await.ok()?;
        Some(Raw {
            ep: ep.clone(),
            conn,
            send,
            recv,
        })
    }

    /// Opens a connection from `ep` and greets `table`; `None` if the host turned it away.
    async fn greeted(ep: &iroh::Endpoint, ticket: &Ticket, table: &str) -> Option<Raw> {
        let mut r = Raw::try_open_on(ep, ticket).await?;
        match tokio::time::timeout(Duration::from_secs(10), async {
            r.msg(&ClientMsg::Hello {
                protocol: PROTOCOL,
                build: build(),
                table: table.into(),
            })
            .await;
            r.next().await
        })
        .await
        {
            Ok(Some(HostMsg::Welcome { .. })) => Some(r),
            _ => None,
        }
    }

    /// Takes `seat` as `name`; the seat's secret, or the refusal.
    async fn take(&mut self, seat: u8, name: &str) -> Result<String, Refusal> {
        self.msg(&ClientMsg::Take {
            seat,
            name: name.into(),
        })
        .await;
        loop {
            match self.next().await {
                Some(HostMsg::Seated { secret, .. }) => return Ok(secret),
                Some(HostMsg::Refused { why, .. }) => return Err(why),
                Some(_) => continue,
                None => return Err(Refusal::Full),
            }
        }
    }

    /// Whether the host closes the connection within `within` (whatever it sends first).
    async fn closed_within(&mut self, within: Duration) -> bool {
        tokio::time::timeout(within, async {
            while read_frame::<HostMsg, _>(&mut self.recv, MAX_HOST_FRAME)
                .await
                .is_ok()
            {}
        })
        .await
        .is_ok()
    }

    async fn bytes(&mut self, b: &[u8]) {
        let _ = self.send.write_all(b).await;
    }

    async fn msg(&mut self, m: &ClientMsg) {
        let f = encode_frame(m, MAX_CLIENT_FRAME).unwrap();
        self.bytes(&f).await;
    }

    async fn hello(&mut self, table: &str) -> HostMsg {
        self.msg(&ClientMsg::Hello {
            protocol: PROTOCOL,
            build: build(),
            table: table.into(),
        })
        .await;
        self.next().await.unwrap()
    }

    /// The next message, if one comes within 10 seconds.
    async fn next(&mut self) -> Option<HostMsg> {
        tokio::time::timeout(
            Duration::from_secs(10),
            read_frame::<HostMsg, _>(&mut self.recv, MAX_HOST_FRAME),
        )
        .await
        .ok()?
        .ok()
    }

    /// The next refusal, skipping the states and tables that come meanwhile.
    async fn refusal(&mut self) -> Option<(Refusal, String, bool)> {
        loop {
            match self.next().await? {
                HostMsg::Refused { why, reason, fatal } => return Some((why, reason, fatal)),
                _ => continue,
            }
        }
    }

    /// Whether the host still answers a ping on this connection.
    async fn answers(&mut self) -> bool {
        self.msg(&ClientMsg::Ping).await;
        loop {
            match self.next().await {
                Some(HostMsg::Pong) => return true,
                Some(_) => continue,
                None => return false,
            }
        }
    }
}

/// An Easy bot client for `seat`.
fn easy(seat: u8, sit: Sit) -> BotSeat {
    BotSeat {
        seat,
        sit,
        level: Level::Easy,
        hard_budget: Budget::Iterations(10),
        keep_states: false,
        stop_after: None,
        watch: None,
    }
}

/// A game of four Easy bot clients on `ticket`'s table, to its end.
async fn busy_game(ticket: Ticket) -> Vec<Option<fief::rules::Outcome>> {
    let mut tasks = Vec::new();
    for seat in 0..4u8 {
        let t = ticket.clone();
        tasks.push(tokio::spawn(async move {
            play_bot(&t, Reach::Local, easy(seat, Sit::Take(format!("B{seat}"))))
                .await
                .unwrap()
                .outcome
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

/// Malformed, random, truncated and oversized frames; a greeting from another version or for
/// no table; a second hello: each refused in words, the fatal ones closing the connection,
/// and the host serving on.
#[test]
fn bad_frames_and_greetings_are_refused_in_words() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "frames");
        let dir = scratch.0.clone();
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let id = host
            .new_table(spec(3, vec![SeatPlan::Open; 4]))
            .await
            .unwrap();
        let ticket = host.ticket(&id);

        // Another version of the protocol.
        let mut r = Raw::open(&ticket).await;
        r.msg(&ClientMsg::Hello {
            protocol: 99,
            build: "fief 9.9".into(),
            table: id.clone(),
        })
        .await;
        let Some(HostMsg::Refused { why, reason, fatal }) = r.next().await else {
            panic!()
        };
        assert_eq!(why, Refusal::Version);
        assert!(fatal && reason.contains("version 99"), "{reason}");
        assert!(r.next().await.is_none(), "closed after a fatal refusal");

        // No such table.
        let mut r = Raw::open(&ticket).await;
        let HostMsg::Refused { why, .. } = r.hello("t404").await else {
            panic!()
        };
        assert_eq!(why, Refusal::NoTable);

        // Something else before hello.
        let mut r = Raw::open(&ticket).await;
        r.msg(&ClientMsg::Ping).await;
        let Some(HostMsg::Refused { why, .. }) = r.next().await else {
            panic!()
        };
        assert_eq!(why, Refusal::OutOfTurn);

        // Random frames (a fixed sequence: the same test every run), unknown fields, a
        // second hello: refused one by one, the connection still served.
        let mut r = Raw::open(&ticket).await;
        assert!(matches!(r.hello(&id).await, HostMsg::Welcome { .. }));
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..20 {
            let len = 1 + (i * 37) % 300;
            let mut body = Vec::with_capacity(len);
            for _ in 0..len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                body.push(x as u8);
            }
            let mut f = (len as u32).to_be_bytes().to_vec();
            f.extend(body);
            r.bytes(&f).await;
            let (why, _, fatal) = r.refusal().await.unwrap();
            assert_eq!(why, Refusal::Malformed);
            assert!(!fatal);
        }
        let odd = br#"{"type":"take","seat":0,"name":"Eve","extra":1}"#;
        let mut f = (odd.len() as u32).to_be_bytes().to_vec();
        f.extend_from_slice(odd);
        r.bytes(&f).await;
        assert_eq!(r.refusal().await.unwrap().0, Refusal::Malformed);
        r.msg(&ClientMsg::Hello {
            protocol: PROTOCOL,
            build: build(),
            table: id.clone(),
        })
        .await;
        assert_eq!(r.refusal().await.unwrap().0, Refusal::OutOfTurn);
        assert!(r.answers().await);

        // A 10 MB frame: refused on its length, unread, and the connection closed.
        let mut r = Raw::open(&ticket).await;
        assert!(matches!(r.hello(&id).await, HostMsg::Welcome { .. }));
        r.bytes(&10_000_000u32.to_be_bytes()).await;
        r.bytes(&[b'x'; 1000]).await;
        let (why, reason, fatal) = r.refusal().await.unwrap();
        assert_eq!(why, Refusal::Malformed);
        assert!(fatal && reason.contains("10000000"), "{reason}");
        assert!(r.next().await.is_none());

        // A frame cut short: the stream ends inside it; the host lets the connection go.
        let mut r = Raw::open(&ticket).await;
        assert!(matches!(r.hello(&id).await, HostMsg::Welcome { .. }));
        r.bytes(&100u32.to_be_bytes()).await;
        r.bytes(b"{\"type\":").await;
        r.send.finish().unwrap();
        assert!(r.next().await.is_none());
        r.conn.close(0u32.into(), b"");
        r.ep.close().await;

        // The host is still there for a well-behaved client.
        let (c, table) = Client::connect(&ticket, Reach::Local).await.unwrap();
        assert_eq!(table.id, id);
        c.close().await;
        host.close().await;
    });
}

/// Wrong secrets, actions for a seat not held, a replayed action, a flood: each refused
/// with its kind, nothing applied; two seats held on one connection (two players at one
/// screen) both play.
#[test]
fn nobody_acts_for_a_seat_not_his_and_nothing_is_played_twice() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "seats");
        let dir = scratch.0.clone();
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let id = host
            .new_table(spec(
                8,
                vec![
                    SeatPlan::Open,
                    SeatPlan::Open,
                    SeatPlan::Reserved("Anne".into()),
                    SeatPlan::Bot(Level::Easy),
                ],
            ))
            .await
            .unwrap();
        let ticket = host.ticket(&id);
        let mut a = Raw::open(&ticket).await;
        a.hello(&id).await;
        // Two seats on one connection.
        a.msg(&ClientMsg::Take {
            seat: 0,
            name: "Bert".into(),
        })
        .await;
        a.msg(&ClientMsg::Take {
            seat: 1,
            name: "Carl".into(),
        })
        .await;
        let mut secrets = Vec::new();
        while secrets.len() < 2 {
            if let Some(HostMsg::Seated { secret, .. }) = a.next().await {
                secrets.push(secret);
            }
        }
        let mut b = Raw::open(&ticket).await;
        b.hello(&id).await;
        // A seat kept for another name; the wrong secret; a seat that does not exist.
        b.msg(&ClientMsg::Take {
            seat: 2,
            name: "Mallory".into(),
        })
        .await;
        assert_eq!(b.refusal().await.unwrap().0, Refusal::SeatTaken);
        b.msg(&ClientMsg::Return {
            seat: 0,
            secret: "guess".into(),
            log_from: None,
        })
        .await;
        assert_eq!(b.refusal().await.unwrap().0, Refusal::WrongSecret);
        b.msg(&ClientMsg::Take {
            seat: 200,
            name: "Mallory".into(),
        })
        .await;
        assert_eq!(b.refusal().await.unwrap().0, Refusal::SeatTaken);
        // An action for a seat it does not hold.
        b.msg(&ClientMsg::Act {
            seat: 0,
            at: 0,
            action: "pass".into(),
        })
        .await;
        assert_eq!(b.refusal().await.unwrap().0, Refusal::NotYourSeat);
        b.msg(&ClientMsg::Say {
            seat: 1,
            to: None,
            text: "I am Carl".into(),
        })
        .await;
        assert_eq!(b.refusal().await.unwrap().0, Refusal::NotYourSeat);
        // Anne takes her seat; the game begins.
        b.msg(&ClientMsg::Take {
            seat: 2,
            name: "Anne".into(),
        })
        .await;
        // The game begins once the table has her seat (nothing is offered before).
        for _ in 0..500 {
            if host.snapshot(&id).await.unwrap().1.started {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(host.snapshot(&id).await.unwrap().1.started);
        // Play the held seats' decisions until both have played, then replay one.
        let mut played = std::collections::HashSet::new();
        let mut last: Option<(u8, u64, String)> = None;
        for _ in 0..200 {
            let (g, _) = host.snapshot(&id).await.unwrap();
            if let Some(p) = g.to_act() {
                if p <= 1 {
                    let act = g.legal_actions(p)[0].notation(&g);
                    a.msg(&ClientMsg::Act {
                        seat: p,
                        at: g.history.len() as u64,
                        action: act.clone(),
                    })
                    .await;
                    played.insert(p);
                    last = Some((p, g.history.len() as u64, act));
                } else if p == 2 {
                    let act = g.legal_actions(p)[0].notation(&g);
                    b.msg(&ClientMsg::Act {
                        seat: p,
                        at: g.history.len() as u64,
                        action: act,
                    })
                    .await;
                }
            }
            if played.len() == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(played.len(), 2, "both seats of one connection played");
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (g, _) = host.snapshot(&id).await.unwrap();
        let (p, at, act) = last.unwrap();
        a.msg(&ClientMsg::Act {
            seat: p,
            at,
            action: act,
        })
        .await;
        let (why, reason, _) = a.refusal().await.unwrap();
        assert_eq!(why, Refusal::Stale, "{reason}");
        let (g2, _) = host.snapshot(&id).await.unwrap();
        assert!(g2.history.len() >= g.history.len());
        assert!(g2.history.iter().take(g.history.len()).eq(g.history.iter()));

        // A flood: past the burst, refused as too fast; past the strikes, cut off.
        let mut f = Raw::open(&ticket).await;
        f.hello(&id).await;
        let ping = encode_frame(&ClientMsg::Ping, MAX_CLIENT_FRAME).unwrap();
        let flood: Vec<u8> = ping
            .iter()
            .copied()
            .cycle()
            .take(ping.len() * 2000)
            .collect();
        f.bytes(&flood).await;
        let mut too_fast = 0;
        let mut fatal = false;
        while let Some(m) = f.next().await {
            if let HostMsg::Refused { why, fatal: x, .. } = m {
                assert_eq!(why, Refusal::TooFast);
                too_fast += 1;
                fatal |= x;
            }
        }
        assert!(too_fast > 0 && fatal, "{too_fast} refused");
        // The others are still served.
        assert!(a.answers().await);
        host.close().await;
    });
}

/// A player who never reads what the host sends is cut off (his seat shows dropped) while
/// his table plays on; a thousand connections that never read cost the host's other tables
/// nothing: a whole game is played beside them.
#[test]
fn clients_that_never_read_slow_no_table() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "deaf");
        let dir = scratch.0.clone();
        let mut cfg = HostConfig::new(&dir, Reach::Local);
        cfg.limits = Limits {
            queue: 64,
            write_within: Duration::from_secs(2),
            per_address: 2000,
            per_table: 2000,
            seatless_for: Duration::from_secs(600),
            ..Limits::default()
        };
        let host = Host::start(cfg).await.unwrap();
        // A table whose seat 0 is held by two connections: one plays, one stops reading
        // once seated.
        let deaf_table = host
            .new_table(spec(
                4,
                vec![
                    SeatPlan::Open,
                    SeatPlan::Bot(Level::Easy),
                    SeatPlan::Bot(Level::Easy),
                    SeatPlan::Bot(Level::Easy),
                ],
            ))
            .await
            .unwrap();
        let deaf_ticket = host.ticket(&deaf_table);
        let mut deaf = Raw::open(&deaf_ticket).await;
        deaf.hello(&deaf_table).await;
        deaf.msg(&ClientMsg::Take {
            seat: 0,
            name: "Deaf".into(),
        })
        .await;
        let secret = loop {
            if let Some(HostMsg::Seated { secret, .. }) = deaf.next().await {
                break secret;
            }
        };
        let player = tokio::spawn(async move {
            play_bot(&deaf_ticket, Reach::Local, easy(0, Sit::Return(secret))).await
        });
        // The deaf connection is cut off; the table plays on to its end.
        let closed = tokio::time::timeout(Duration::from_secs(120), deaf.conn.closed()).await;
        assert!(closed.is_ok(), "a client that never reads was kept");
        let game = player.await.unwrap().unwrap();
        assert!(game.outcome.is_some());

        // A thousand connections on another table that greet and never read.
        let quiet = host
            .new_table(spec(5, vec![SeatPlan::Open; 4]))
            .await
            .unwrap();
        let ep = bind(Reach::Local, None, vec![], 0).await.unwrap();
        let quiet_ticket = host.ticket(&quiet);
        let mut idle = Vec::new();
        for _ in 0..1000 {
            let mut r = Raw::open_on(&ep, &quiet_ticket).await;
            r.msg(&ClientMsg::Hello {
                protocol: PROTOCOL,
                build: build(),
                table: quiet.clone(),
            })
            .await;
            idle.push(r);
        }
        assert!(host.connections() >= 1000, "{}", host.connections());
        // Beside them, a whole game on a third table.
        let busy = host
            .new_table(spec(6, vec![SeatPlan::Open; 4]))
            .await
            .unwrap();
        let outcomes = busy_game(host.ticket(&busy)).await;
        assert!(outcomes.iter().all(|o| o.is_some()));
        drop(idle);
        ep.close().await;
        host.close().await;
    });
}

/// A host with `limits` and one table of four open seats.
async fn host_with(dir: &std::path::Path, limits: Limits) -> (Host, String, Ticket) {
    let mut cfg = HostConfig::new(dir, Reach::Local);
    cfg.limits = limits;
    let host = Host::start(cfg).await.unwrap();
    let id = host
        .new_table(spec(11, vec![SeatPlan::Open; 4]))
        .await
        .unwrap();
    let ticket = host.ticket(&id);
    (host, id, ticket)
}

/// A loopback address of its own for a client (Linux answers all of 127.0.0.0/8).
fn lo(last: u8) -> std::net::IpAddr {
    std::net::Ipv4Addr::new(127, 0, 0, last).into()
}

/// A frame whose first bytes came and whose rest never does closes its connection once
/// `frame_within` has passed, with a fatal refusal; a connection that sends nothing at all
/// after its greeting is not closed for that (only for holding no seat, see below).
#[test]
fn a_frame_begun_and_never_finished_closes_its_connection() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "half");
        let limits = Limits {
            frame_within: Duration::from_secs(1),
            ..Limits::default()
        };
        let (host, id, ticket) = host_with(&scratch.0, limits).await;
        let mut r = Raw::open(&ticket).await;
        assert!(matches!(r.hello(&id).await, HostMsg::Welcome { .. }));
        r.bytes(&100u32.to_be_bytes()).await;
        r.bytes(b"{\"type\":").await;
        let (why, reason, fatal) = r.refusal().await.expect("refused in time");
        assert_eq!(why, Refusal::Malformed);
        assert!(fatal && reason.contains("not finished"), "{reason}");
        assert!(r.closed_within(Duration::from_secs(20)).await);
        // Only the first bytes of a length: the same.
        let mut r = Raw::open(&ticket).await;
        assert!(matches!(r.hello(&id).await, HostMsg::Welcome { .. }));
        r.bytes(&[0u8, 0]).await;
        assert!(r.closed_within(Duration::from_secs(20)).await);
        // A quiet connection holding a seat stays.
        let mut q = Raw::open(&ticket).await;
        q.hello(&id).await;
        q.take(0, "Quiet").await.unwrap();
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert!(q.answers().await);
        host.close().await;
    });
}

/// A connection that takes no seat is closed after `seatless_for`; one that looks at the
/// seats and then takes one stays, however long it is quiet.
#[test]
fn a_connection_that_takes_no_seat_is_closed_and_one_that_takes_one_stays() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "seatless");
        let limits = Limits {
            seatless_for: Duration::from_secs(2),
            ..Limits::default()
        };
        let (host, id, ticket) = host_with(&scratch.0, limits).await;
        let mut idle = Raw::open(&ticket).await;
        assert!(matches!(idle.hello(&id).await, HostMsg::Welcome { .. }));
        let mut player = Raw::open(&ticket).await;
        assert!(matches!(player.hello(&id).await, HostMsg::Welcome { .. }));
        // The player looks for a moment, then sits.
        tokio::time::sleep(Duration::from_millis(500)).await;
        player.take(1, "Anne").await.unwrap();
        let (why, reason, fatal) = idle.refusal().await.expect("closed in time");
        assert_eq!(why, Refusal::Full);
        assert!(fatal && reason.contains("no seat"), "{reason}");
        assert!(idle.closed_within(Duration::from_secs(20)).await);
        tokio::time::sleep(Duration::from_secs(3)).await;
        assert!(player.answers().await, "a seated connection was closed");
        // The seatless connection's going told the table nothing: the seat is still here.
        let (_, info) = host.snapshot(&id).await.unwrap();
        assert_eq!(info.seats[1].presence, fief::net::protocol::Presence::Here);
        host.close().await;
    });
}

/// Past `per_address` connections from one address, one more is turned away at once while
/// a player from another address is seated; past `per_table` connections at one table, a
/// newcomer takes the place of the oldest connection that holds no seat (never a player's).
#[test]
fn connections_are_capped_by_address_and_by_table() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "caps");
        let limits = Limits {
            per_address: 4,
            per_table: 6,
            ..Limits::default()
        };
        let (host, id, ticket) = host_with(&scratch.0, limits).await;
        let attacker = bind_on(lo(2)).await.unwrap();
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(Raw::greeted(&attacker, &ticket, &id).await.expect("let in"));
        }
        for _ in 0..3 {
            assert!(
                Raw::greeted(&attacker, &ticket, &id).await.is_none(),
                "a fifth connection from one address was let in"
            );
        }
        // Another address is served, and its player seated.
        let honest = bind_on(lo(3)).await.unwrap();
        let mut h = Raw::greeted(&honest, &ticket, &id).await.expect("let in");
        h.take(0, "Honest").await.unwrap();
        // The table holds six connections at most: a sixth is let in, and a seventh takes
        // the place of the one that has held no seat the longest.
        let other = bind_on(lo(4)).await.unwrap();
        held.push(Raw::greeted(&other, &ticket, &id).await.expect("let in"));
        let _seventh = Raw::greeted(&other, &ticket, &id).await.expect("let in");
        let (why, _, fatal) = held[0].refusal().await.expect("made room");
        assert!(why == Refusal::Full && fatal);
        assert!(held[0].closed_within(Duration::from_secs(20)).await);
        assert!(h.answers().await);
        host.close().await;
    });
}

/// Wrong secrets are strikes: past the limit the refusal is fatal and the connection is
/// closed; the seat's player plays on.
#[test]
fn wrong_secrets_count_as_strikes_and_close_the_connection() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "secrets");
        let limits = Limits {
            strikes: 5,
            ..Limits::default()
        };
        let (host, id, ticket) = host_with(&scratch.0, limits).await;
        let mut owner = Raw::open(&ticket).await;
        owner.hello(&id).await;
        owner.take(0, "Owner").await.unwrap();
        let mut thief = Raw::open(&ticket).await;
        thief.hello(&id).await;
        for i in 0..5 {
            thief
                .msg(&ClientMsg::Return {
                    seat: 0,
                    secret: format!("guess{i}"),
                    log_from: None,
                })
                .await;
            let (why, _, fatal) = thief.refusal().await.expect("refused");
            assert_eq!(why, Refusal::WrongSecret);
            assert_eq!(fatal, i == 4, "guess {i}");
        }
        assert!(thief.closed_within(Duration::from_secs(20)).await);
        // Seats not its own count too.
        let mut other = Raw::open(&ticket).await;
        other.hello(&id).await;
        let mut last = None;
        for _ in 0..5 {
            other
                .msg(&ClientMsg::Act {
                    seat: 0,
                    at: 0,
                    action: "pass".into(),
                })
                .await;
            last = other.refusal().await;
        }
        let (why, _, fatal) = last.unwrap();
        assert!(why == Refusal::NotYourSeat && fatal);
        assert!(other.closed_within(Duration::from_secs(20)).await);
        assert!(owner.answers().await);
        host.close().await;
    });
}

/// Five hundred connections that hold no seat, leaving a table at once while its four
/// players play: the players hear nothing of it (no `table` message for them), no seat
/// drops, and the game goes on to its end.
#[test]
fn many_seatless_connections_leaving_at_once_tell_the_players_nothing() {
    rt().block_on(async {
        let scratch = Scratch::new("net-hostile", "leaving");
        let limits = Limits {
            per_address: 1000,
            per_table: 1000,
            seatless_for: Duration::from_secs(300),
            ..Limits::default()
        };
        let mut cfg = HostConfig::new(&scratch.0, Reach::Local);
        cfg.limits = limits;
        let host = Host::start(cfg).await.unwrap();
        let mut s = spec(12, vec![SeatPlan::Open; 4]);
        s.options.round_cap = Some(6);
        let id = host.new_table(s).await.unwrap();
        let ticket = host.ticket(&id);
        // The crowd comes first (a few at a time), greets and stays.
        let crowd_ep = bind_on(lo(5)).await.unwrap();
        let mut crowd = Vec::new();
        for _ in 0..25 {
            let mut batch = Vec::new();
            for _ in 0..20 {
                let (ep, t, id) = (crowd_ep.clone(), ticket.clone(), id.clone());
                batch.push(tokio::spawn(
                    async move { Raw::greeted(&ep, &t, &id).await },
                ));
            }
            for b in batch {
                crowd.push(b.await.unwrap().expect("let in"));
            }
        }
        // Four players; a fifth connection holds seat 0 too and counts the tables it hears.
        let watch = std::sync::Arc::new(fief::net::client::Watch::default());
        let mut players = Vec::new();
        for seat in 0..4u8 {
            let t = ticket.clone();
            let mut b = easy(seat, Sit::Take(format!("P{seat}")));
            if seat == 0 {
                b.watch = Some(watch.clone());
            }
            players.push(tokio::spawn(
                async move { play_bot(&t, Reach::Local, b).await },
            ));
        }
        let secret = loop {
            let s = watch.secret.lock().unwrap().clone();
            if !s.is_empty() {
                break s;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let mut observer = Raw::open(&ticket).await;
        observer.hello(&id).await;
        observer
            .msg(&ClientMsg::Return {
                seat: 0,
                secret,
                log_from: None,
            })
            .await;
        let counting = tokio::spawn(async move {
            let (mut tables, mut states) = (0u32, 0u32);
            while let Some(m) = observer.next().await {
                match m {
                    HostMsg::Table { .. } => tables += 1,
                    HostMsg::State { .. } => states += 1,
                    _ => {}
                }
                if states >= 3 {
                    break;
                }
            }
            // From here on, count the tables heard while the crowd leaves.
            let mut during = 0u32;
            while let Some(m) = observer.next().await {
                if matches!(m, HostMsg::Table { .. }) {
                    during += 1;
                }
                if let HostMsg::State { game, .. } = &m {
                    let g: fief::rules::Game = serde_json::from_value(game.clone()).unwrap();
                    if g.is_over() {
                        break;
                    }
                }
            }
            (tables, during)
        });
        // Once the game runs, the crowd leaves at once.
        while watch.at.load(std::sync::atomic::Ordering::Relaxed) < 5 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        for r in &crowd {
            r.conn.close(0u32.into(), b"bye");
        }
        drop(crowd);
        crowd_ep.close().await;
        for p in players {
            let game = p.await.unwrap().expect("a player was cut off");
            assert!(game.outcome.is_some());
        }
        let (_, during) = tokio::time::timeout(Duration::from_secs(60), counting)
            .await
            .expect("the observer heard the end")
            .unwrap();
        // The players' own comings (four seats taken) are all the table had to tell.
        assert!(during <= 4, "{during} table messages while the crowd left");
        host.close().await;
    });
}
