//! A seat back at its table in the window: the line opened anew (Your Tables' Rejoin), the
//! card of what happened since the player's last decision starts where that decision was.
//! Played against a host in this process, over loopback only.

use super::setup::*;
use crate::ui::app::*;
use fief::net::table::SeatPlan;

/// The seat's turn, with nothing on its way to the host.
fn my_turn(app: &Window) -> bool {
    let m = app.model();
    m.deciding().is_some() && !m.session.waits_for_host()
}

/// Seat 0 of a table with two Easy bots decides a few times, leaves the table and comes back
/// to it from Your Tables: where he stood in the log at his last decision is kept (before,
/// the whole log counted as seen, and the card lost what came since).
#[gtk4::test]
fn back_at_a_table_the_news_start_at_the_last_decision() {
    let seats = vec![
        SeatPlan::Open,
        SeatPlan::Bot(Level::Easy),
        SeatPlan::Bot(Level::Easy),
    ];
    let (host, _, code, dir) = hosted_table("back-host", 11, None, seats);
    let mut start = init(human_and_easy(), seed(4));
    let data = temp_dir("back-app");
    start.net_dir = Some(data.clone());
    let app = open(start);
    app.emit(Msg::JoinSeat(code, 0, "Ann".into()));
    for _ in 0..3 {
        assert!(pump_until(60, || my_turn(&app)));
        let a = app.model().session.legal()[0].clone();
        app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        pump_until(1, || false);
    }
    assert!(pump_until(60, || my_turn(&app)));
    let seen = app.model().trail.seen(0).unwrap();
    let log = app.model().session.game().log.len();
    // What his last decision led to came after it: news to him.
    assert!(seen < log, "{seen} {log}");
    app.emit(Msg::LeaveTable);
    pump_until(1, || false);
    app.emit(Msg::Tables);
    pump_until(1, || false);
    app.emit(Msg::Rejoin(0));
    assert!(pump_until(60, || app
        .model()
        .net
        .as_ref()
        .is_some_and(|n| n.playing)
        && my_turn(&app)));
    assert_eq!(app.model().trail.seen(0), Some(seen));
    app.emit(Msg::LeaveTable);
    pump_until(1, || false);
    drop(host);
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(data);
}
