//! A server the group keeps running, over loopback in the local mode: a table made with the
//! server's invitation (and refused without it), a seat followed without sitting in it
//! (`watch`: whose turn, new talk), the seats' clocks, a stand-in bot's log entries marked,
//! and everything kept across a restart of the server.

mod common;
use common::{rt, Scratch};
use fief::net::client::Client;
use fief::net::host::{Host, HostConfig};
use fief::net::protocol::{ClientMsg, HostMsg, NewTable, Refusal, SeatStatus};
use fief::net::ticket::{ServerTicket, Ticket};
use fief::net::transport::Reach;
use fief::net::watch::{self, Followed, News};
use std::time::Duration;

fn config(dir: &std::path::Path) -> HostConfig {
    let mut c = HostConfig::new(dir, Reach::Local);
    c.server = true;
    c.hard_budget = fief::bots::Budget::Iterations(10);
    c
}

fn new_table(bot_after: Option<u64>) -> NewTable {
    NewTable {
        seats: vec!["for:Anne".into(), "open".into(), "easy".into()],
        names: vec![],
        colours: vec![],
        rules: vec!["relics".into()],
        round_cap: Some(2),
        bot_after,
        stand_in: Some("easy".into()),
    }
}

/// `create` from a worker thread (it blocks on a runtime of its own).
async fn create(server: &ServerTicket, t: NewTable) -> Result<Ticket, (Option<Refusal>, String)> {
    made(server, t).await.map(|(t, _)| t)
}

/// `create`, with the creator's secret.
async fn made(
    server: &ServerTicket,
    t: NewTable,
) -> Result<(Ticket, String), (Option<Refusal>, String)> {
    let server = server.clone();
    tokio::task::spawn_blocking(move || watch::create(&server, t, Reach::Local))
        .await
        .unwrap()
}

/// The next message that `want` takes, within 20 seconds.
async fn next<T>(c: &mut Client, want: impl Fn(&HostMsg) -> Option<T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let m = c.recv().await.unwrap();
            if let Some(t) = want(&m) {
                return t;
            }
        }
    })
    .await
    .expect("the host said it within 20 seconds")
}

fn status(m: &HostMsg) -> Option<SeatStatus> {
    match m {
        HostMsg::Status { status, .. } => Some(status.clone()),
        _ => None,
    }
}

/// Takes `seat` under `name` on a new connection; returns it with the seat's secret.
async fn sit(ticket: &Ticket, seat: u8, name: &str) -> (Client, String) {
    let (mut c, _) = Client::connect(ticket, Reach::Local).await.unwrap();
    c.send(&ClientMsg::Take {
        seat,
        name: name.into(),
    })
    .await
    .unwrap();
    let secret = next(&mut c, |m| match m {
        HostMsg::Seated { secret, .. } => Some(secret.clone()),
        _ => None,
    })
    .await;
    (c, secret)
}

/// The legal actions and `at` of the next state sent for a seat that has a decision.
async fn my_turn(c: &mut Client) -> (u64, Vec<String>, Vec<u64>) {
    next(c, |m| match m {
        HostMsg::State {
            at, legal, clocks, ..
        } if !legal.is_empty() => Some((*at, legal.clone(), clocks.clone())),
        _ => None,
    })
    .await
}

#[test]
fn a_table_made_on_a_server_is_followed_and_kept_across_a_restart() {
    let dir = Scratch::new("server", "make");
    let rt = rt();
    rt.block_on(async {
        let host = Host::start(config(&dir.0)).await.unwrap();
        let server = host
            .server_ticket()
            .expect("a server hands out an invitation");
        // Without the key, or with a table the rules refuse, nothing is made.
        let mut wrong = server.clone();
        wrong.key = "0".repeat(32);
        let e = create(&wrong, new_table(None)).await.unwrap_err();
        assert_eq!(e.0, Some(Refusal::NotAllowed), "{e:?}");
        let mut bad = new_table(None);
        bad.seats = vec!["open".into(), "dragon".into(), "open".into()];
        assert_eq!(
            create(&server, bad).await.unwrap_err().0,
            Some(Refusal::Malformed)
        );
        let mut bad = new_table(None);
        bad.colours = vec![1, 1, 2];
        assert_eq!(
            create(&server, bad).await.unwrap_err().0,
            Some(Refusal::Malformed)
        );
        assert!(host.tables().is_empty());
        // A host in a player's app makes no table for others.
        let app_dir = Scratch::new("server", "app");
        let app_host = Host::start(HostConfig::new(&app_dir.0, Reach::Local))
            .await
            .unwrap();
        assert!(app_host.server_ticket().is_none());
        app_host.close().await;

        let ticket = create(&server, new_table(None)).await.unwrap();
        assert_eq!(host.tables(), vec![ticket.table.clone()]);
        // The creator's seat is kept for his name; the bot's seat says its level.
        let (_, info) = Client::connect(&ticket, Reach::Local).await.unwrap();
        assert_eq!(info.seats[0].name.as_deref(), Some("Anne"));
        assert_eq!(info.seats[2].level.as_deref(), Some("easy"));
        let (mut anne, anne_secret) = sit(&ticket, 0, "Anne").await;

        // A follower with a wrong secret is refused; with the right one, it hears the
        // status without sitting: the game waits for the second player.
        let (mut eye, _) = Client::connect(&ticket, Reach::Local).await.unwrap();
        eye.send(&ClientMsg::Watch {
            seat: 0,
            secret: "nope".into(),
        })
        .await
        .unwrap();
        let why = next(&mut eye, |m| match m {
            HostMsg::Refused { why, .. } => Some(*why),
            _ => None,
        })
        .await;
        assert_eq!(why, Refusal::WrongSecret);
        eye.send(&ClientMsg::Watch {
            seat: 0,
            secret: anne_secret.clone(),
        })
        .await
        .unwrap();
        let s = next(&mut eye, status).await;
        assert!(!s.started && s.turn.is_none(), "{s:?}");

        let (mut bert, _) = sit(&ticket, 1, "Bert").await;
        // Once the bot's turns are played, the follower hears whose turn it is.
        let s = next(&mut eye, |m| {
            status(m).filter(|s| s.started && matches!(s.turn, Some(0) | Some(1)))
        })
        .await;
        // Whoever's turn it is plays it; the follower hears the turn move on, and the
        // clocks count the time each decision took.
        let first = s.turn.unwrap();
        let player = if first == 0 { &mut anne } else { &mut bert };
        let (at, legal, clocks) = my_turn(player).await;
        assert_eq!(clocks.len(), 3, "{clocks:?}");
        tokio::time::sleep(Duration::from_millis(1100)).await;
        player
            .send(&ClientMsg::Act {
                seat: first,
                at,
                action: legal[0].clone(),
            })
            .await
            .unwrap();
        let s2 = next(&mut eye, |m| status(m).filter(|s| s.at > at)).await;
        assert!(s2.at > at);
        let taken = next(player, |m| match m {
            HostMsg::State {
                at: now, clocks, ..
            } if *now > at => Some(clocks.clone()),
            _ => None,
        })
        .await;
        assert!(taken[first as usize] >= 1, "{taken:?}");
        // Talk to Anne from Bert is news to her follower.
        bert.send(&ClientMsg::Say {
            seat: 1,
            to: Some(0),
            text: "your move, Anne".into(),
        })
        .await
        .unwrap();
        let s3 = next(&mut eye, |m| status(m).filter(|s| s.line.is_some())).await;
        assert_eq!(s3.line.unwrap().text, "your move, Anne");

        // The watcher the app runs hears the same.
        let (tx, rx) = std::sync::mpsc::channel();
        let w = watch::Watcher::start(
            vec![Followed {
                ticket: ticket.clone(),
                seat: 0,
                secret: anne_secret.clone(),
            }],
            Reach::Local,
            move |n| {
                let _ = tx.send(n);
            },
        );
        let heard = tokio::task::spawn_blocking(move || rx.recv_timeout(Duration::from_secs(20)))
            .await
            .unwrap()
            .unwrap();
        match heard {
            News::Status { table, status, .. } => {
                assert_eq!(table.id, ticket.table);
                assert!(status.started);
            }
            other => panic!("{other:?}"),
        }
        drop(w);
        drop((anne, bert, eye));
        host.close().await;

        // Started again, the server keeps the table, its invitation and its key.
        let host = Host::start(config(&dir.0)).await.unwrap();
        assert_eq!(host.tables(), vec![ticket.table.clone()]);
        assert_eq!(host.server_ticket().unwrap().key, server.key);
        assert_eq!(host.ticket(&ticket.table).encode(), ticket.encode());
        host.close().await;
        // A new invitation turns the old one away.
        let mut c = config(&dir.0);
        c.new_invitation = true;
        let host = Host::start(c).await.unwrap();
        assert_ne!(host.server_ticket().unwrap().key, server.key);
        let e = create(&server, new_table(None)).await.unwrap_err();
        assert_eq!(e.0, Some(Refusal::NotAllowed));
        host.close().await;
    });
}

#[test]
fn what_a_bot_decided_for_a_dropped_player_is_marked_for_him() {
    let dir = Scratch::new("server", "stand-in");
    let rt = rt();
    rt.block_on(async {
        let host = Host::start(config(&dir.0)).await.unwrap();
        let server = host.server_ticket().unwrap();
        // A bot plays for a dropped player at once.
        let ticket = create(&server, new_table(Some(0))).await.unwrap();
        let (anne, anne_secret) = sit(&ticket, 0, "Anne").await;
        let (mut bert, _) = sit(&ticket, 1, "Bert").await;
        drop(anne);
        // Bert plays whatever comes to him until Anne's bot has played a few times.
        let mut anne_bot_played = false;
        for _ in 0..400 {
            let (at, legal, _) = tokio::time::timeout(Duration::from_secs(20), my_turn(&mut bert))
                .await
                .unwrap();
            if at > 25 {
                anne_bot_played = true;
                break;
            }
            bert.send(&ClientMsg::Act {
                seat: 1,
                at,
                action: legal[0].clone(),
            })
            .await
            .unwrap();
        }
        assert!(anne_bot_played);
        // Anne comes back: among her log, the entries her bot wrote are marked; and so
        // they are after the server was started again.
        let first = marks_of(&ticket, &anne_secret).await;
        drop(bert);
        host.close().await;
        let host = Host::start(config(&dir.0)).await.unwrap();
        let again = marks_of(&ticket, &anne_secret).await;
        assert_eq!(again, first);
        host.close().await;
    });
}

/// A table's creator, and only he, starts it with bots in the open seats or closes it for
/// good; the server keeps nothing of a closed table, across a restart too.
#[test]
fn a_tables_creator_starts_it_with_bots_or_closes_it() {
    let dir = Scratch::new("server", "owner");
    let rt = rt();
    rt.block_on(async {
        let host = Host::start(config(&dir.0)).await.unwrap();
        let server = host.server_ticket().unwrap();
        let (ticket, owner) = made(&server, new_table(None)).await.unwrap();
        assert!(owner.len() >= 32, "{owner}");
        let (mut anne, _) = sit(&ticket, 0, "Anne").await;
        // Another player cannot start it, nor close it.
        let (mut bert, _) = sit(&ticket, 1, "Bert").await;
        for msg in [
            ClientMsg::StartNow {
                owner: "0".repeat(owner.len()),
            },
            ClientMsg::CloseTable { owner: "x".into() },
        ] {
            bert.send(&msg).await.unwrap();
            let why = next(&mut bert, |m| match m {
                HostMsg::Refused { why, fatal, .. } => Some((*why, *fatal)),
                _ => None,
            })
            .await;
            assert_eq!(why, (Refusal::NotAllowed, false));
        }
        drop(bert);
        // Its creator starts it: the open seat gets a bot, and the game begins.
        let (ticket2, owner2) = made(&server, new_table(None)).await.unwrap();
        let (mut carl, _) = sit(&ticket2, 0, "Anne").await;
        carl.send(&ClientMsg::StartNow {
            owner: owner2.clone(),
        })
        .await
        .unwrap();
        let started = next(&mut carl, |m| match m {
            HostMsg::Table { table } if table.started => Some(table.clone()),
            _ => None,
        })
        .await;
        assert_eq!(
            started.seats[1].kind,
            fief::net::protocol::SeatKind::Bot,
            "{started:?}"
        );
        // The first table's creator closes it: everyone at it is told, and it is gone.
        let ticket_c = ticket.clone();
        let closed = tokio::task::spawn_blocking(move || {
            watch::close_table(&ticket_c, &owner, Reach::Local)
        })
        .await
        .unwrap();
        assert_eq!(closed, Ok(()));
        let bye = next(&mut anne, |m| match m {
            HostMsg::Refused { why, fatal, .. } => Some((*why, *fatal)),
            _ => None,
        })
        .await;
        assert_eq!(bye, (Refusal::NoTable, true));
        host.close().await;
        let host = Host::start(config(&dir.0)).await.unwrap();
        let tables = host.tables();
        assert_eq!(tables, vec![ticket2.table.clone()], "{tables:?}");
        host.close().await;
    });
}

/// The entries marked as a stand-in bot's in the state a returning seat is sent.
async fn marks_of(ticket: &Ticket, secret: &str) -> Vec<[u64; 3]> {
    let (mut c, _) = Client::connect(ticket, Reach::Local).await.unwrap();
    c.send(&ClientMsg::Return {
        seat: 0,
        secret: secret.into(),
        log_from: None,
    })
    .await
    .unwrap();
    let (stood_in, log) = next(&mut c, |m| match m {
        HostMsg::State { stood_in, log, .. } => Some((stood_in.clone(), log.len() as u64)),
        _ => None,
    })
    .await;
    assert!(!stood_in.is_empty(), "no entry marked as the bot's");
    for [from, to, seat] in &stood_in {
        assert!(from < to && *to <= log, "{stood_in:?} of {log}");
        // Only Anne's seat was played by a stand-in.
        assert_eq!(*seat, 0, "{stood_in:?}");
    }
    c.close().await;
    stood_in
}
