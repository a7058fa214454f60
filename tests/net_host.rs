//! The host over loopback, in the local mode: whole games of network bot clients, what each
//! seat is sent, a dropped player and his return, and a host killed with `kill -9` and
//! started again.

mod common;
use common::{rt, Scratch};
use fief::bots::{Budget, Level};
use fief::net::client::{play_bot, BotGame, BotSeat, Sit, Watch};
use fief::net::host::{Host, HostConfig, TableSpec};
use fief::net::protocol::{HostMsg, Presence};
use fief::net::table::SeatPlan;
use fief::net::ticket::Ticket;
use fief::net::transport::Reach;
use fief::rules::{Game, Options};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

fn bot(seat: u8, sit: Sit, keep_states: bool) -> BotSeat {
    BotSeat {
        seat,
        sit,
        level: Level::Easy,
        hard_budget: Budget::Iterations(10),
        keep_states,
        stop_after: None,
        watch: None,
    }
}

fn options(seed: u64) -> Options {
    Options {
        players: 4,
        seed,
        round_cap: Some(3),
        fog_of_war: true,
        hidden_money: true,
        relics: true,
        ..Options::default()
    }
}

fn spec(options: Options, seats: Vec<SeatPlan>) -> TableSpec {
    TableSpec {
        options,
        seats,
        bot_after: None,
        stand_in: Level::Easy,
    }
}

/// Four bot clients, each on its own connection, play `ticket`'s table to the end.
async fn four_bots(ticket: &Ticket, keep_states: bool) -> Vec<BotGame> {
    let mut tasks = Vec::new();
    for seat in 0..4u8 {
        let t = ticket.clone();
        tasks.push(tokio::spawn(async move {
            play_bot(
                &t,
                Reach::Local,
                bot(seat, Sit::Take(format!("Bot {seat}")), keep_states),
            )
            .await
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap().unwrap());
    }
    out
}

/// The game played again from its options and history, locally.
fn replayed(g: &Game) -> Game {
    let mut local = Game::new((*g.options).clone()).unwrap();
    for (p, a) in &g.history {
        local.apply(*p, a.clone()).unwrap();
    }
    local
}

fn json<T: serde::Serialize>(x: &T) -> serde_json::Value {
    serde_json::to_value(x).unwrap()
}

/// Every `state` a seat received shows exactly what that seat may see at that moment
/// (checked against the host's whole game replayed to the same point), with no other
/// player's hand, face-down ballot, generator or history; and the log reaches each seat
/// once, in order, in the wording that seat may read.
fn check_states(truth: &Game, games: &[BotGame]) {
    let mut wanted: HashMap<(u8, u64), Vec<&serde_json::Value>> = HashMap::new();
    for b in games {
        assert!(!b.states.is_empty());
        let mut next_log = 0;
        for m in &b.states {
            let HostMsg::State {
                seat,
                at,
                game,
                log_from,
                log,
                ..
            } = m
            else {
                panic!()
            };
            assert_eq!(*seat, Some(b.seat));
            wanted.entry((b.seat, *at)).or_default().push(game);
            assert_eq!(*log_from, next_log, "seat {}: a gap in the log", b.seat);
            for (i, e) in log.iter().enumerate() {
                let entry = truth.log.since(*log_from as usize + i).next().unwrap();
                let want = json(&entry.redacted_for(Some(b.seat)));
                assert_eq!(
                    e,
                    &want,
                    "seat {}: log entry {}",
                    b.seat,
                    *log_from as usize + i
                );
            }
            next_log += log.len() as u64;
        }
        assert_eq!(next_log as usize, truth.log.len(), "seat {}", b.seat);
    }
    let mut g = Game::new((*truth.options).clone()).unwrap();
    let mut checked = 0;
    for k in 0..=truth.history.len() {
        for seat in 0..4u8 {
            let Some(list) = wanted.get(&(seat, k as u64)) else {
                continue;
            };
            let expect = json(&g.redacted(Some(seat)));
            for v in list {
                // A state sent before the game began (as a seat is taken) has the game dealt
                // under the names of the options; the players' names come with the start.
                let mut v_named = (*v).clone();
                if k == 0 {
                    v_named["options"]["names"] = expect["options"]["names"].clone();
                }
                assert_eq!(v_named, expect, "seat {seat} after {k} actions");
                let seen: Game = serde_json::from_value((*v).clone()).unwrap();
                for q in 0..4u8 {
                    if q == seat {
                        continue;
                    }
                    assert!(seen.players[q as usize].hand.is_empty());
                    // Hidden money: the others' Deniers read as the seat's own.
                    assert_eq!(
                        seen.players[q as usize].money,
                        g.players[seat as usize].money
                    );
                }
                assert!(seen.history.is_empty() && seen.log.is_empty());
                assert_eq!(json(&seen.rng), json(&fief::rules::rng::Rng::new(0)));
                let text = v.to_string();
                assert!(!text.contains("for_lord\":{") && !text.contains("\"decoy\":{"));
                checked += 1;
            }
        }
        if let Some((p, a)) = truth.history.get(k) {
            g.apply(*p, a.clone()).unwrap();
        }
    }
    assert!(checked > truth.history.len(), "{checked} states checked");
}

/// A whole game of four bot clients over loopback ends in the state the engine reaches
/// locally from the same seed and actions, and no message a seat received shows it what it
/// may not see (Fog of War, hidden money and the relics on).
#[test]
fn four_network_bots_play_the_local_game_and_no_seat_sees_a_secret() {
    rt().block_on(async {
        let scratch = Scratch::new("net", "whole");
        let dir = scratch.0.clone();
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let id = host
            .new_table(spec(options(21), vec![SeatPlan::Open; 4]))
            .await
            .unwrap();
        let games = four_bots(&host.ticket(&id), true).await;
        let (truth, _) = host.snapshot(&id).await.unwrap();
        assert!(truth.is_over());
        assert!(truth.history.len() > 100, "{}", truth.history.len());
        for b in &games {
            assert_eq!(b.outcome, truth.outcome);
            assert!(b.refused.is_empty(), "{:?}", b.refused);
        }
        let local = replayed(&truth);
        assert_eq!(json(&local), json(&truth));
        check_states(&truth, &games);
        host.close().await;
    });
}

async fn presence(host: &Host, id: &str, seat: usize) -> Presence {
    host.snapshot(id).await.unwrap().1.seats[seat].presence
}

/// A player who drops is waited for, then a bot plays his seat; he comes back from a new
/// connection with his secret, is sent the whole log in one message, and plays on to the end.
#[test]
fn a_dropped_player_is_played_by_a_bot_and_takes_his_seat_back() {
    rt().block_on(async {
        let scratch = Scratch::new("net", "drop");
        let dir = scratch.0.clone();
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let mut s = spec(
            options(5),
            vec![
                SeatPlan::Open,
                SeatPlan::Open,
                SeatPlan::Bot(Level::Easy),
                SeatPlan::Bot(Level::Easy),
            ],
        );
        s.bot_after = Some(Duration::from_secs(1));
        let id = host.new_table(s).await.unwrap();
        let ticket = host.ticket(&id);
        // Bert stays at the table to the end (a bot stands in only while someone is there).
        let t = ticket.clone();
        let bert = tokio::spawn(async move {
            play_bot(&t, Reach::Local, bot(1, Sit::Take("Bert".into()), false)).await
        });
        let mut first = bot(0, Sit::Take("Anne".into()), false);
        first.stop_after = Some(3);
        let gone = play_bot(&ticket, Reach::Local, first).await.unwrap();
        assert_eq!(gone.sent, 3);
        assert!(gone.outcome.is_none());
        // Dropped: the others see since when, and how long until a bot plays.
        let mut seen_dropped = false;
        let mut stood_in = false;
        for _ in 0..200 {
            match presence(&host, &id, 0).await {
                Presence::Dropped { .. } => seen_dropped = true,
                Presence::BotStandsIn { .. } => {
                    stood_in = true;
                    break;
                }
                other => panic!("{other:?}"),
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(seen_dropped && stood_in);
        // The bot plays seat 0's decisions meanwhile.
        let mut played_for = false;
        for _ in 0..400 {
            let (g, _) = host.snapshot(&id).await.unwrap();
            if g.history.iter().filter(|(p, _)| *p == 0).count() > 3 || g.is_over() {
                played_for = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert!(played_for);
        // A wrong secret is refused; the right one takes the seat back from a new connection.
        let wrong = play_bot(
            &ticket,
            Reach::Local,
            bot(0, Sit::Return("nope".into()), false),
        )
        .await;
        assert!(wrong.unwrap_err().contains("not the secret"));
        let back = play_bot(
            &ticket,
            Reach::Local,
            bot(0, Sit::Return(gone.secret.clone()), true),
        )
        .await
        .unwrap();
        let (truth, _) = host.snapshot(&id).await.unwrap();
        assert!(truth.is_over());
        assert_eq!(back.outcome, truth.outcome);
        // The first message after the return held every log line from the start.
        let HostMsg::State { log_from, log, .. } = &back.states[0] else {
            panic!()
        };
        assert_eq!(*log_from, 0);
        assert!(log.len() > 10);
        assert_eq!(bert.await.unwrap().unwrap().outcome, truth.outcome);
        host.close().await;
    });
}

/// The game of `seed` on a host in another process (`fief-server`), killed with SIGKILL in
/// the middle: started again on the same folder, it prints the same invitation, every action
/// any player had been told of is there, and the players come back with their secrets and
/// finish the game.
#[test]
fn a_host_killed_mid_game_comes_back_with_every_acknowledged_action() {
    use std::io::BufRead;
    let scratch = Scratch::new("net", "kill");
    let dir = scratch.0.clone();
    let server = env!("CARGO_BIN_EXE_fief-server");
    let start = |extra: &[&str]| {
        let mut child = std::process::Command::new(server)
            .arg("--data")
            .arg(&dir)
            .args(["--reach", "local"])
            .args(extra)
            .env_remove("FIEF_NET")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let (id, ticket) = line.trim().split_once(' ').unwrap();
        assert_eq!(id, "t1");
        (child, ticket.to_string())
    };
    let (mut child, ticket_text) = start(&[
        "--seats",
        "open,open,open,open",
        "--seed",
        "9",
        "--bot-after",
        "wait",
        "--options",
        "fog",
    ]);
    let ticket = Ticket::decode(&ticket_text).unwrap();
    let rt = rt();
    let watches: Vec<Arc<Watch>> = (0..4).map(|_| Arc::new(Watch::default())).collect();
    let before: Vec<Result<BotGame, String>> = rt.block_on(async {
        let mut tasks = Vec::new();
        for seat in 0..4u8 {
            let t = ticket.clone();
            let mut b = bot(seat, Sit::Take(format!("P{seat}")), false);
            b.watch = Some(watches[seat as usize].clone());
            tasks.push(tokio::spawn(
                async move { play_bot(&t, Reach::Local, b).await },
            ));
        }
        while watches
            .iter()
            .map(|w| w.at.load(Ordering::Relaxed))
            .max()
            .unwrap()
            < 150
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.unwrap());
        }
        out
    });
    let acknowledged = watches
        .iter()
        .map(|w| w.at.load(Ordering::Relaxed))
        .max()
        .unwrap();
    for r in &before {
        assert!(r.as_ref().unwrap_err().contains("lost the host"), "{r:?}");
    }
    let (mut child, again) = start(&[]);
    assert_eq!(again, ticket_text, "the same invitation after a restart");
    let after = rt.block_on(async {
        let mut tasks = Vec::new();
        for seat in 0..4u8 {
            let t = ticket.clone();
            let secret = watches[seat as usize].secret.lock().unwrap().clone();
            tasks.push(tokio::spawn(async move {
                play_bot(&t, Reach::Local, bot(seat, Sit::Return(secret), true)).await
            }));
        }
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.unwrap().unwrap());
        }
        out
    });
    child.kill().unwrap();
    child.wait().unwrap();
    for b in &after {
        assert!(b.outcome.is_some());
        let HostMsg::State { at, .. } = &b.states[0] else {
            panic!()
        };
        assert!(
            *at >= acknowledged,
            "{at} < {acknowledged}: acknowledged actions lost"
        );
    }
    // The tables the store keeps replay to the end of the game the players finished.
    let store = fief::net::store::Store::open(&dir.join("host.sqlite")).unwrap();
    let saved = store.load_all().unwrap();
    let t = fief::net::table::Table::restore(saved[0].clone(), 0).unwrap();
    assert!(t.game().is_over());
    assert_eq!(t.game().outcome, after[0].outcome);
}

/// Reads messages until `want` picks one (or 10 seconds pass).
async fn until<T>(
    c: &mut fief::net::client::Client,
    want: impl Fn(&HostMsg) -> Option<T>,
) -> Option<T> {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let m = c.recv().await.ok()?;
            if let Some(x) = want(&m) {
                return Some(x);
            }
        }
    })
    .await
    .ok()
    .flatten()
}

/// Table talk: a line to everyone reaches every seat, a private line only its two players;
/// both are kept, and come back to a player who returns after the host restarted.
#[test]
fn talk_reaches_its_readers_and_comes_back_after_a_restart() {
    use fief::net::client::Client;
    use fief::net::protocol::ClientMsg;
    rt().block_on(async {
        let scratch = Scratch::new("net", "talk");
        let dir = scratch.0.clone();
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let id = host
            .new_table(spec(options(3), vec![SeatPlan::Open; 4]))
            .await
            .unwrap();
        let ticket = host.ticket(&id);
        let mut clients = Vec::new();
        let mut secrets = Vec::new();
        for seat in 0..4u8 {
            let (mut c, _) = Client::connect(&ticket, Reach::Local).await.unwrap();
            c.send(&ClientMsg::Take {
                seat,
                name: format!("P{seat}"),
            })
            .await
            .unwrap();
            let s = until(&mut c, |m| match m {
                HostMsg::Seated { secret, .. } => Some(secret.clone()),
                _ => None,
            })
            .await
            .unwrap();
            secrets.push(s);
            clients.push(c);
        }
        clients[0]
            .send(&ClientMsg::Say {
                seat: 0,
                to: Some(2),
                text: "an alliance, just us?".into(),
            })
            .await
            .unwrap();
        clients[1]
            .send(&ClientMsg::Say {
                seat: 1,
                to: None,
                text: "good luck all".into(),
            })
            .await
            .unwrap();
        let chat = |m: &HostMsg| match m {
            HostMsg::Chat { line } => Some(line.text.clone()),
            _ => None,
        };
        // Seat 2 reads both (sent on two connections: in either order); seat 3 only the
        // line to everyone.
        let mut two = vec![
            until(&mut clients[2], chat).await.unwrap(),
            until(&mut clients[2], chat).await.unwrap(),
        ];
        two.sort();
        assert_eq!(two, ["an alliance, just us?", "good luck all"]);
        assert_eq!(
            until(&mut clients[3], chat).await.as_deref(),
            Some("good luck all")
        );
        for c in clients {
            c.close().await;
        }
        host.close().await;
        // The host starts again: seat 3 comes back and is sent what he may read, no more.
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let (mut c, _) = Client::connect(&host.ticket(&id), Reach::Local)
            .await
            .unwrap();
        c.send(&ClientMsg::Return {
            seat: 3,
            secret: secrets[3].clone(),
            log_from: None,
        })
        .await
        .unwrap();
        assert_eq!(until(&mut c, chat).await.as_deref(), Some("good luck all"));
        c.send(&ClientMsg::Ping).await.unwrap();
        let next = until(&mut c, |m| match m {
            HostMsg::Chat { line } => Some(Err(line.text.clone())),
            HostMsg::Pong => Some(Ok(())),
            _ => None,
        })
        .await
        .unwrap();
        assert_eq!(next, Ok(()), "a private line reached a third player");
        // And seat 2 gets both lines back.
        let (mut c2, _) = Client::connect(&host.ticket(&id), Reach::Local)
            .await
            .unwrap();
        c2.send(&ClientMsg::Return {
            seat: 2,
            secret: secrets[2].clone(),
            log_from: None,
        })
        .await
        .unwrap();
        let mut two = vec![
            until(&mut c2, chat).await.unwrap(),
            until(&mut c2, chat).await.unwrap(),
        ];
        two.sort();
        assert_eq!(two, ["an alliance, just us?", "good luck all"]);
        c.close().await;
        c2.close().await;
        host.close().await;
    });
}

/// `fief-server` started again on its folder with the same `--seats` brings its table back,
/// makes no second one and says so; `--new-table` makes one. A table's seed is never printed.
#[test]
fn a_server_started_again_brings_its_tables_back_and_makes_a_new_one_only_when_asked() {
    use std::io::BufRead;
    let scratch = Scratch::new("net", "again");
    let dir = scratch.0.clone();
    let server = env!("CARGO_BIN_EXE_fief-server");
    // Starts the server, reads `lines` invitations and its notes, and stops it.
    let run = |extra: &[&str], lines: usize| -> (Vec<String>, String) {
        let mut child = std::process::Command::new(server)
            .arg("--data")
            .arg(&dir)
            .args(["--reach", "local", "--seats", "open,open,normal"])
            .args(extra)
            .env_remove("FIEF_NET")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut got = Vec::new();
        for _ in 0..lines {
            let mut line = String::new();
            out.read_line(&mut line).unwrap();
            got.push(line.trim().to_string());
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let mut notes = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut notes).unwrap();
        (got, notes)
    };
    let (first, notes) = run(&[], 1);
    assert!(first[0].starts_with("t1 fief"), "{first:?}");
    assert!(notes.contains("new table t1"), "{notes}");
    let (again, notes) = run(&[], 1);
    assert_eq!(again, first);
    assert!(notes.contains("brought back 1 table"), "{notes}");
    assert!(notes.contains("no new table"), "{notes}");
    let (more, notes) = run(&["--new-table"], 2);
    assert_eq!(more[0], first[0]);
    assert!(more[1].starts_with("t2 fief"), "{more:?}");
    assert!(notes.contains("new table t2"), "{notes}");
    // Each table's seed came from the system: neither is the old default, nor the other's.
    let store = fief::net::store::Store::open(&dir.join("host.sqlite")).unwrap();
    let saved = store.load_all().unwrap();
    assert_eq!(saved.len(), 2);
    assert_ne!(saved[0].options.seed, saved[1].options.seed);
    assert!(saved
        .iter()
        .all(|t| t.options.seed != 1 && t.options.sealed.is_some()));
}
