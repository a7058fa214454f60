//! The app's line to a table (`net::link`) against a host on loopback, in the local mode:
//! taking a seat, the host starting with bots in the empty seats, the players' names, a
//! decision sent before the host went down sent again once it is back, a host gone for good,
//! a seat already taken, and a table its host closed.

mod common;
use common::{rt, Scratch};
use fief::bots::{Budget, Level};
use fief::net::host::{Host, HostConfig, TableSpec};
use fief::net::link::{Heard, Link, Received, Sit, Spec, Status};
use fief::net::protocol::{SeatKind, TableInfo};
use fief::net::table::SeatPlan;
use fief::net::ticket::Ticket;
use fief::net::transport::Reach;
use fief::rules::Options;
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn config(dir: &std::path::Path) -> HostConfig {
    let mut c = HostConfig::new(dir, Reach::Local);
    c.hard_budget = Budget::Iterations(10);
    c
}

fn table(seats: Vec<SeatPlan>) -> TableSpec {
    TableSpec {
        options: Options {
            players: seats.len() as u8,
            seed: 11,
            names: vec!["Hostess".into(), String::new(), "Bot Two".into()],
            ..Options::default()
        },
        seats,
        bot_after: None,
        stand_in: Level::Easy,
    }
}

/// A new table of one open seat and two Easy bots.
fn one_against_bots(rt: &tokio::runtime::Runtime, host: &Host) -> String {
    let seats = vec![
        SeatPlan::Open,
        SeatPlan::Bot(Level::Easy),
        SeatPlan::Bot(Level::Easy),
    ];
    rt.block_on(host.new_table(table(seats))).unwrap()
}

/// A line and what it hears.
struct Line {
    link: Option<Link>,
    heard: mpsc::Receiver<Heard>,
    /// The last state heard, whoever waited for it.
    last: std::cell::RefCell<Option<Received>>,
}

fn open(ticket: &Ticket, seat: u8, sit: Sit, retry_for: Duration) -> Line {
    let retry_for = Some(retry_for);
    let (tx, heard) = mpsc::channel();
    let link = Link::open(
        Spec {
            ticket: ticket.clone(),
            reach: Reach::Local,
            seat,
            sit,
            retry_for,
        },
        move |h| {
            let _ = tx.send(h);
        },
    );
    Line {
        link: Some(link),
        heard,
        last: Default::default(),
    }
}

impl Line {
    /// Waits (20 s at most) for news that `want` picks, dropping what comes before it.
    fn until<T>(&self, what: &str, want: impl Fn(&Heard) -> Option<T>) -> T {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.heard.recv_timeout(left) {
                Ok(h) => {
                    if let Heard::State(r) = &h {
                        *self.last.borrow_mut() = Some((**r).clone());
                    }
                    if std::env::var("LINK_DEBUG").is_ok() {
                        match &h {
                            Heard::State(r) => {
                                eprintln!("{what}: state at {} legal {}", r.at, r.legal.len())
                            }
                            other => eprintln!("{what}: {other:?}"),
                        }
                    }
                    if let Some(x) = want(&h) {
                        return x;
                    }
                }
                Err(_) => panic!("heard no {what} in 20 s"),
            }
        }
    }

    fn state(&self) -> Received {
        self.until("state", |h| match h {
            Heard::State(r) => Some((**r).clone()),
            _ => None,
        })
    }

    fn my_turn(&self) -> Received {
        self.until("decision", |h| match h {
            Heard::State(r) if !r.legal.is_empty() => Some((**r).clone()),
            _ => None,
        })
    }

    fn table(&self, want: impl Fn(&TableInfo) -> bool) -> TableInfo {
        self.until("table", |h| match h {
            Heard::Table(t) if want(t) => Some(t.clone()),
            _ => None,
        })
    }

    fn gone(&self) -> String {
        self.until("end of the line", |h| match h {
            Heard::Status(Status::Gone { reason, .. }) => Some(reason.clone()),
            _ => None,
        })
    }

    fn act(&self, r: &Received) -> String {
        let a = r.legal[0].clone();
        self.link.as_ref().unwrap().act(r.at, a.clone());
        a
    }
}

#[test]
fn a_seat_is_taken_the_host_starts_with_bots_and_the_game_calls_players_by_name() {
    let dir = Scratch::new("link", "start");
    let rt = rt();
    let host = rt.block_on(Host::start(config(&dir.0))).unwrap();
    let spec = table(vec![
        SeatPlan::Reserved("Hostess".into()),
        SeatPlan::Open,
        SeatPlan::Open,
    ]);
    let id = rt.block_on(host.new_table(spec)).unwrap();
    let ticket = host.ticket(&id);
    let me = open(
        &ticket,
        0,
        Sit::Take("Hostess".into()),
        Duration::from_secs(5),
    );
    let secret = me.until("seat", |h| match h {
        Heard::Seated { seat: 0, secret } => Some(secret.clone()),
        _ => None,
    });
    assert_eq!(secret.len(), 32);
    // Nothing is offered before the game begins.
    let waiting = me.state();
    assert!(waiting.legal.is_empty());
    let friend = open(
        &ticket,
        1,
        Sit::Take("Friend".into()),
        Duration::from_secs(5),
    );
    // The host sees both seats filled, the third empty.
    let t = me.table(|t| t.seats[1].kind == SeatKind::Human);
    assert_eq!(t.seats[1].name.as_deref(), Some("Friend"));
    assert_eq!(t.seats[2].kind, SeatKind::Open);
    rt.block_on(host.start_now(&id, Level::Easy)).unwrap();
    let t = me.table(|t| t.seats[2].kind == SeatKind::Bot);
    assert!(t.seats.iter().all(|s| s.kind != SeatKind::Open));
    // Starting twice is refused in words.
    let again = rt.block_on(host.start_now(&id, Level::Easy)).unwrap_err();
    assert!(again.contains("begun"), "{again}");
    // The game calls each player by the name he took his seat with; the bot's seat keeps
    // the name it was set with. (The friend's first state came as he sat, before the start:
    // nothing was offered in it.)
    assert!(friend.state().legal.is_empty());
    let r = friend.state();
    let g = &r.game;
    assert_eq!(g.name(0), "Hostess");
    assert_eq!(g.name(1), "Friend");
    assert_eq!(g.name(2), "Bot Two");
    // The game is played: whoever is asked answers with his first legal action, and the
    // history the seat holds is as long as the game's.
    let mut decided = 0;
    let mut acted = [None, None];
    let end = Instant::now() + Duration::from_secs(60);
    while decided < 40 {
        assert!(Instant::now() < end, "only {decided} decisions in 60 s");
        for (i, line) in [&me, &friend].into_iter().enumerate() {
            while let Ok(h) = line.heard.try_recv() {
                if let Heard::State(r) = h {
                    *line.last.borrow_mut() = Some(*r);
                }
            }
            let last = line.last.borrow().clone();
            if let Some(r) = last {
                assert_eq!(r.game.history.len() as u64, r.at);
                if !r.legal.is_empty() && acted[i] != Some(r.at) {
                    line.act(&r);
                    acted[i] = Some(r.at);
                    decided += 1;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let (truth, _) = rt.block_on(host.snapshot(&id)).unwrap();
    assert!(truth.history.len() >= 40);
    // Every log entry the seat was sent is kept in order across states.
    let last = me.state();
    assert!(!last.game.log.is_empty());
    // The others' hands hold as many cards as the host's game says (stand-ins for them),
    // once the seat has heard the game as it stands.
    let mut compared = false;
    for _ in 0..100 {
        let (truth, _) = rt.block_on(host.snapshot(&id)).unwrap();
        while let Ok(h) = me.heard.try_recv() {
            if let Heard::State(r) = h {
                *me.last.borrow_mut() = Some(*r);
            }
        }
        let last = me.last.borrow().clone().unwrap();
        if last.at == truth.history.len() as u64 {
            for q in 0..3 {
                assert_eq!(
                    last.game.players[q].hand.len(),
                    truth.players[q].hand.len(),
                    "seat {q}"
                );
            }
            // Cards have been drawn by then: the counts are not all nought.
            assert!(truth.players.iter().any(|p| !p.hand.is_empty()));
            compared = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(compared, "the seat never heard the game as it stands");
    rt.block_on(host.close());
}

#[test]
fn a_decision_sent_as_the_host_went_down_goes_again_when_it_is_back() {
    let dir = Scratch::new("link", "resend");
    let rt = rt();
    let host = rt.block_on(Host::start(config(&dir.0))).unwrap();
    let id = one_against_bots(&rt, &host);
    let ticket = host.ticket(&id);
    let me = open(
        &ticket,
        0,
        Sit::Take("Anne".into()),
        Duration::from_secs(30),
    );
    let r = me.my_turn();
    let log_before = r.game.log.len();
    // The host goes down; the decision is sent into the void.
    rt.block_on(host.close());
    me.link.as_ref().unwrap().act(r.at, r.legal[0].clone());
    let left = me.until("countdown", |h| match h {
        Heard::Status(Status::Reconnecting {
            left: Some(left), ..
        }) => Some(*left),
        _ => None,
    });
    assert!(left <= 30 && left > 0, "{left}");
    // The same host (same key, same port) comes back; the line takes the seat back with
    // its secret, and the decision goes again.
    let host = rt.block_on(Host::start(config(&dir.0))).unwrap();
    assert_eq!(host.ticket(&id).encode(), ticket.encode());
    let sent = me.until("resend or loss", |h| match h {
        Heard::Resent(a) => Some(Ok(a.clone())),
        Heard::Lost(a) => Some(Err(a.clone())),
        _ => None,
    });
    assert_eq!(sent, Ok(r.legal[0].clone()));
    let after = me.until("state past the decision", |h| match h {
        Heard::State(s) if s.at > r.at => Some((**s).clone()),
        _ => None,
    });
    // The log is whole: what was had before, and what came since, once each.
    let (truth, _) = rt.block_on(host.snapshot(&id)).unwrap();
    assert!(after.game.log.len() >= log_before);
    let mine: Vec<_> = truth
        .log
        .iter()
        .take(after.game.log.len())
        .map(|e| serde_json::to_value(e.redacted_for(Some(0))).unwrap())
        .collect();
    let got: Vec<_> = after
        .game
        .log
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    assert_eq!(got, mine);
    rt.block_on(host.close());
}

#[test]
fn a_host_gone_for_good_a_seat_taken_and_a_closed_table_are_said_in_words() {
    let dir = Scratch::new("link", "gone");
    let rt = rt();
    let host = rt.block_on(Host::start(config(&dir.0))).unwrap();
    let id = rt
        .block_on(host.new_table(table(vec![
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
        ])))
        .unwrap();
    let ticket = host.ticket(&id);
    let anne = open(&ticket, 0, Sit::Take("Anne".into()), Duration::from_secs(2));
    anne.until("seat", |h| matches!(h, Heard::Seated { .. }).then_some(()));
    // The same seat again: refused, and the line ends with the host's words.
    let bert = open(&ticket, 0, Sit::Take("Bert".into()), Duration::from_secs(2));
    let why = bert.gone();
    assert!(why.contains("taken"), "{why}");
    // A wrong secret.
    let carl = open(
        &ticket,
        1,
        Sit::Return("nope".into()),
        Duration::from_secs(2),
    );
    let why = carl.gone();
    assert!(why.contains("secret"), "{why}");
    // No such table.
    let other = Ticket::new(ticket.host.clone(), "t99");
    let dora = open(&other, 1, Sit::Take("Dora".into()), Duration::from_secs(2));
    let why = dora.gone();
    assert!(why.contains("no table"), "{why}");
    // The host closes the table: its players are told.
    let eve = open(&ticket, 1, Sit::Take("Eve".into()), Duration::from_secs(2));
    eve.until("seat", |h| matches!(h, Heard::Seated { .. }).then_some(()));
    rt.block_on(host.close_table(&id)).unwrap();
    let why = eve.gone();
    assert!(why.contains("closed"), "{why}");
    // A host that stays away longer than the line waits: counted down, then gone.
    let id = one_against_bots(&rt, &host);
    let fay = open(
        &host.ticket(&id),
        0,
        Sit::Take("Fay".into()),
        Duration::from_secs(2),
    );
    fay.until("seat", |h| matches!(h, Heard::Seated { .. }).then_some(()));
    rt.block_on(host.close());
    fay.until("countdown", |h| {
        matches!(h, Heard::Status(Status::Reconnecting { .. })).then_some(())
    });
    let why = fay.gone();
    assert!(!why.is_empty());
    drop(anne);
}

/// A whole network game played through the app's line by `fief-cli join`'s bots: each prints
/// its seat's secret, and at the end each checks the deal against the promise the table made
/// at the start (the seed it opened gives every state the seat was shown).
#[test]
fn every_player_checks_the_deal_at_the_end_of_a_whole_network_game() {
    let scratch = Scratch::new("net", "fair");
    let rt = rt();
    let host = rt.block_on(Host::start(config(&scratch.0))).unwrap();
    let mut spec = table(vec![SeatPlan::Open, SeatPlan::Open, SeatPlan::Open]);
    spec.options.names.clear();
    spec.options.round_cap = Some(2);
    spec.options.seed = fief::net::fair::random_seed().unwrap();
    let id = rt.block_on(host.new_table(spec)).unwrap();
    let ticket = host.ticket(&id).encode();
    let info = rt.block_on(host.snapshot(&id)).unwrap().1;
    let promise = info.commitment.expect("a table promises its seed");
    assert_eq!(promise.len(), 64);
    let players: Vec<_> = (0..3u8)
        .map(|seat| {
            let ticket = ticket.clone();
            std::thread::spawn(move || {
                let mut lines = Vec::new();
                let end = fief::net::serve::run_bot_client(
                    &ticket,
                    Reach::Local,
                    fief::net::serve::BotJoin {
                        seat,
                        level: Level::Easy,
                        name: Some(format!("P{seat}")),
                        secret: None,
                        hard_budget: Budget::Iterations(1),
                    },
                    &mut |l| lines.push(l),
                );
                (end, lines)
            })
        })
        .collect();
    for (seat, p) in players.into_iter().enumerate() {
        let (end, lines) = p.join().unwrap();
        let end = end.unwrap_or_else(|e| panic!("seat {seat}: {e} ({lines:?})"));
        assert!(end.contains("the game ended"), "{end}");
        assert!(
            lines.iter().any(|l| l.contains("its secret is ")),
            "seat {seat} never printed its secret: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.contains("the deal was fair")),
            "seat {seat}: {lines:?}"
        );
    }
    rt.block_on(host.close());
}
