//! A seat at another computer, in the window: before its table's game begins nothing is lit
//! or offered, and its Election page shows the last election as any other seat's does. The
//! first is played against a host in this process, over loopback only.

use super::setup::*;
use crate::ui::app::*;
use fief::net::table::SeatPlan;
use relm4::ComponentController;

/// The labels on screen under `root`, in order.
fn texts(root: &gtk::Widget) -> Vec<String> {
    crate::ui::descendants(root)
        .into_iter()
        .filter(|w| w.is_visible())
        .filter_map(|w| w.downcast::<gtk::Label>().ok())
        .map(|l| l.text().to_string())
        .collect()
}

/// Joined at a table still seating its players, in the first seat of a game whose setup asks
/// that seat for its starting Village: the board lights no Village, the prompt bar does not
/// say that lit Villages can be clicked, and a click on a Village does nothing.
#[gtk4::test]
fn a_table_still_seating_its_players_lights_nothing() {
    // The app, like the host, reaches this computer only (`hosted_table`).
    let seats = vec![SeatPlan::Open, SeatPlan::Open, SeatPlan::Bot(Level::Easy)];
    let (host, _, code, dir) = hosted_table("seating", 11, Some(0), seats);
    let app = open(init(human_and_easy(), seed(4)));
    app.emit(Msg::JoinSeat(code, 0, "Ann".into()));
    assert!(pump_until(30, || app
        .model()
        .net
        .as_ref()
        .is_some_and(|n| n.playing && n.info.is_some())));
    pump_until(1, || false);
    let root: gtk::Widget = app.widget().clone().upcast();
    crate::ui::shoot(&root, "seating");
    {
        let m = app.model();
        assert!(!m.net.as_ref().unwrap().started());
        // The seat's game would have it choose its starting Village...
        assert_eq!(m.session.game().to_act(), Some(0));
        // ...but the table has not begun: nothing is lit or offered.
        assert_eq!(m.w.map.model().lit(), Vec::<u8>::new());
        assert_eq!(m.deciding(), None);
    }
    let words = texts(&root);
    assert!(
        !words
            .iter()
            .any(|t| t == "Highlighted Villages on the map can be clicked."),
        "{words:?}"
    );
    let before = app.model().session.game().history.len();
    app.emit(Msg::Map(MapOut::Clicked(Some(12))));
    pump_until(1, || false);
    assert_eq!(app.model().session.game().history.len(), before);
    app.emit(Msg::LeaveTable);
    pump_until(1, || false);
    drop(host);
    let _ = std::fs::remove_dir_all(dir);
}

/// A seat at another computer is sent its game as the host's `Game::redacted` makes it: once
/// an election was decided there, its Election page shows the result (every ballot, who
/// won), never "No election yet.".
#[gtk4::test]
fn the_election_page_of_a_seat_at_another_computer_shows_the_last_result() {
    let mut start = init(human_and_normal(), seed(2));
    crate::advance(&mut start, crate::Moment::Vote).unwrap();
    // Everyone votes (the bots for seat 0 too), up to the next decision after the count.
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Easy, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(start.game.clone(), bots).unwrap();
    s.play(10_000, |g| {
        g.last_election.is_some() && g.to_act().is_some()
    })
    .unwrap();
    let g = s.game().clone();
    assert!(g.last_election.is_some());
    let me = g.to_act().unwrap();
    let legal: Vec<String> = g.legal_actions(me).iter().map(|a| a.notation(&g)).collect();
    let app = open(init(human_and_normal(), seed(2)));
    let settings = app.model().settings();
    let seat = Session::remote(
        g.redacted(Some(me)),
        me,
        g.history.len() as u64,
        &legal,
        settings,
    )
    .unwrap();
    app.state().get_mut().model.install_session(seat);
    app.emit(Msg::ShowPage(Page::Election));
    app.emit(Msg::Prompt(PromptOut::Select(Selection::None)));
    pump_until(1, || false);
    let page: gtk::Widget = app.model().w.elections.widget().clone().upcast();
    crate::ui::shoot(&page, "guest-election");
    let words = texts(&page);
    assert!(words.iter().any(|t| t == "Last result"), "{words:?}");
    assert!(!words.iter().any(|t| t == "No election yet."), "{words:?}");
    assert!(
        words
            .iter()
            .any(|t| t.contains(" is elected: ") || t.starts_with("Nobody is elected")),
        "{words:?}"
    );
}
