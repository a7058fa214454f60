//! A table this app hosts, in the window: leaving it by another way than closing the window
//! asks first (Cancel stays, Keep and Close go on), a kept table says in Your Tables where its
//! game stands though nobody hosts it now, and Join a Game lists it once. Over loopback only.

use super::setup::*;
use crate::ui::app::*;
use crate::ui::dialogs::new_game::{NewGame, Place};
use fief::net::joined::JoinedTables;
use fief::net::link::{Link, Sit, Spec};
use fief::net::ticket::Ticket;
use fief::net::transport::{Reach, REACH_VAR};

/// The question asked before the hosted table is left, answered `response`; its text.
fn answer_hosted(response: &str) -> String {
    let d = message_dialog(10, |d| d.widget_name() == "closing-hosted");
    let body = d.body().to_string();
    answer(&d, response);
    pump_until(1, || false);
    body
}

fn hosts(app: &Window) -> bool {
    app.model()
        .net
        .as_ref()
        .is_some_and(|n| n.hosting.is_some() && n.info.is_some())
}

/// Hosting a table with Bob seated at it from another line: the New Game dialog open over
/// it does not say that the game waits for it; a new game asks first; Cancel
/// keeps hosting; Keep starts the new game and the table stays in Your Tables, which says
/// where its game stands (read from this app's store: the turn is the host's) and Join a Game
/// lists it once though it was kept under two invitations; hosted again from Your Tables, a
/// lesson asks too, and Close closes the table for good.
#[gtk4::test]
fn leaving_a_hosted_table_asks_first_and_a_kept_table_says_where_it_stands() {
    std::env::set_var(REACH_VAR, "local");
    let dir = temp_dir("leaving-hosted");
    let mut start = init(human_and_easy(), seed(4));
    start.net_dir = Some(dir.clone());
    let app = open(start);
    app.emit(Msg::StartGame(Box::new(NewGame {
        options: Options {
            seed: 11,
            first_player: Some(0),
            names: vec![String::new(), "Bob".into()],
            ..Options::default()
        },
        seats: vec![
            Seat::Human,
            Seat::Remote,
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Easy),
        ],
        pace: None,
        place: Place::Here,
        bot_after: None,
    })));
    assert!(pump_until(30, || hosts(&app)));
    // The seat named in New Game is kept for Bob.
    assert!(pump_until(10, || app
        .model()
        .net
        .as_ref()
        .and_then(|n| n.info.as_ref())
        .and_then(|(t, _)| t.seats.get(1).cloned())
        .is_some_and(|s| s.kind
            == fief::net::protocol::SeatKind::Reserved
            && s.name.as_deref() == Some("Bob"))));
    let ticket = app.model().net.as_ref().unwrap().ticket.clone();
    let bob = Link::open(
        Spec {
            ticket,
            reach: Reach::Local,
            seat: 1,
            sit: Sit::Take("Bob".into()),
            retry_for: None,
        },
        |_| {},
    );
    // The game begins with every seat taken; its first decision is the host's.
    assert!(pump_until(30, || app.model().deciding().is_some()));
    // A dialog open over a table's game holds nothing up there: nothing says it waits.
    app.emit(Msg::NewGame);
    assert!(pump_until(5, || window_named("new-game").is_some()));
    assert!(app.model().session.is_paused());
    assert_ne!(app.model().waiting(), Waiting::Dialog);
    window_named("new-game").unwrap().close();
    pump_until(1, || false);

    start_game(&app, 5);
    let body = answer_hosted("cancel");
    assert!(body.contains("Bob"), "{body}");
    assert!(hosts(&app));
    assert_ne!(app.model().session.game().options.seed, 5);

    start_game(&app, 5);
    answer_hosted("keep");
    assert!(pump_until(10, || app.model().net.is_none()
        && app.model().session.game().options.seed == 5));
    app.emit(Msg::Tables);
    pump_until(1, || false);
    let rows = app.model().table_rows();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].yours, "{rows:?}");
    assert!(rows[0].subtitle.contains("Setup"), "{rows:?}");
    app.model().w.tables.close();

    // The same table remembered under another invitation (its host heard at another
    // address) is listed once.
    let kept = JoinedTables::in_dir(&dir);
    let mut again = kept.read().0[0].clone();
    let mut t = Ticket::decode(&again.ticket).unwrap();
    t.host
        .addrs
        .insert(iroh::TransportAddr::Ip("127.0.0.1:9".parse().unwrap()));
    again.ticket = t.encode();
    kept.remember(again).unwrap();
    assert_eq!(kept.read().0.len(), 2);
    app.emit(Msg::Join);
    pump_until(1, || false);
    assert_eq!(app.model().offered.len(), 1);
    let join: gtk::Widget = app.model().w.join.window.clone().upcast();
    assert!(widget_named(&join, "join-yours-0").is_some());
    assert!(widget_named(&join, "join-yours-1").is_none());

    // Hosted again from the list, then left for a lesson: asked, and closed for good.
    app.emit(Msg::Rejoin(0));
    assert!(pump_until(30, || hosts(&app)));
    app.emit(Msg::StartLesson(0));
    answer_hosted("close");
    assert!(pump_until(10, || app.model().net.is_none()
        && app.model().learning.run.is_some()));
    assert!(app.model().remembered().is_empty());
    drop(bob);
    let _ = std::fs::remove_dir_all(dir);
}

/// New Game, once a seat is another computer's, starts the player's own seat (the one human
/// here) with the name he last sat at a table under; a name he typed stays as it is.
#[gtk4::test]
fn new_game_for_a_table_offers_the_name_last_used() {
    let mut start = init(human_and_easy(), seed(4));
    start.prefs.player_name = "Anne".into();
    let app = open(start);
    assert!(pump_until(5, || app.model().shown));
    app.emit(Msg::NewGame);
    assert!(pump_until(5, || window_named("new-game").is_some()));
    let root: gtk::Widget = window_named("new-game").unwrap().upcast();
    let all = crate::ui::descendants(&root);
    let own = all
        .iter()
        .filter_map(|w| w.downcast_ref::<gtk::Entry>())
        .find(|e| {
            e.placeholder_text().as_deref()
                == Some(crate::ui::words::names::colour_name(0).as_str())
        })
        .unwrap()
        .clone();
    let kinds: Vec<adw::ComboRow> = all
        .iter()
        .filter_map(|w| w.downcast_ref::<adw::ComboRow>())
        .filter(|c| c.title() == "Played by")
        .cloned()
        .collect();
    let remote = crate::ui::dialogs::rows::SEAT_KINDS
        .iter()
        .position(|k| *k == Seat::Remote)
        .unwrap() as u32;
    pump_until(1, || false);
    assert_eq!(own.text(), "");
    // Every seat but the player's (the one Human) to another computer.
    let others: Vec<&adw::ComboRow> = kinds.iter().filter(|c| c.selected() != 0).collect();
    assert_eq!(others.len(), kinds.len() - 1);
    for c in &others {
        c.set_selected(remote);
    }
    assert!(pump_until(5, || own.text() == "Anne"));
    own.set_text("Bea");
    others[0].set_selected(0);
    others[0].set_selected(remote);
    pump_until(1, || false);
    assert_eq!(own.text(), "Bea");
    root.set_visible(false);
}

/// A table closed by its host while the player plays at it: he is told it was closed (not
/// that his seat is kept), it is forgotten, and New Game comes (he has no other table).
#[gtk4::test]
fn a_table_closed_by_its_host_is_said_closed_and_forgotten() {
    let seats = vec![
        fief::net::table::SeatPlan::Open,
        fief::net::table::SeatPlan::Bot(Level::Easy),
        fief::net::table::SeatPlan::Bot(Level::Easy),
    ];
    let (host, id, code, host_dir) = hosted_table("closed-by-host", 3, None, seats);
    let dir = temp_dir("closed-by-host-app");
    let mut start = init(human_and_easy(), seed(4));
    start.net_dir = Some(dir.clone());
    let app = open(start);
    app.emit(Msg::JoinSeat(code, 0, "Anne".into()));
    assert!(pump_until(30, || app
        .model()
        .net
        .as_ref()
        .is_some_and(|n| n.playing)));
    assert_eq!(JoinedTables::in_dir(&dir).read().0.len(), 1);
    host.close_table(&id).unwrap();
    assert!(pump_until(10, || app.model().net.is_none()));
    let status = app.model().status.clone();
    assert!(status.contains("closed"), "{status}");
    assert!(!status.contains("kept"), "{status}");
    assert!(JoinedTables::in_dir(&dir).read().0.is_empty());
    assert!(pump_until(5, || window_named("new-game").is_some()));
    drop(host);
    let _ = std::fs::remove_dir_all(host_dir);
    let _ = std::fs::remove_dir_all(dir);
}
