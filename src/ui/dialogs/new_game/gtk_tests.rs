//! The dialog in a real GTK main loop (run under `xvfb-run -a`).

use super::*;
use crate::ui::pump_until;
use relm4::{Component, ComponentController};
use std::cell::RefCell;
use std::rc::Rc;

/// The dialog's Escape shortcut, if any.
fn escape(window: &adw::Window) -> Option<gtk::Shortcut> {
    let controllers = window.observe_controllers();
    (0..controllers.n_items())
        .filter_map(|i| {
            controllers
                .item(i)
                .and_downcast::<gtk::ShortcutController>()
        })
        .flat_map(|c| {
            (0..c.n_items())
                .filter_map(|i| c.item(i).and_downcast::<gtk::Shortcut>())
                .collect::<Vec<_>>()
        })
        .find(|s| s.trigger().is_some_and(|t| t.to_str() == "Escape"))
}

#[gtk4::test]
fn the_dialog_takes_its_defaults_shows_errors_and_closes_on_escape() {
    let _ = adw::init();
    let outs = Rc::new(RefCell::new(Vec::new()));
    let o = outs.clone();
    let d = NewGameDialog::builder()
        .launch(())
        .connect_receiver(move |_, out| o.borrow_mut().push(out));
    let rules = RuleSet::default().with(fief::rules::OptionalRule::Relics, true);
    let seats = vec![
        Seat::Human,
        Seat::Bot(Level::Hard),
        Seat::Human,
        Seat::Human,
        Seat::Bot(Level::Easy),
    ];
    d.emit(NewGameMsg::Defaults(seats.clone(), rules, Some(20)));
    d.emit(NewGameMsg::Open);
    assert!(pump_until(5, || d.widget().is_visible()));
    pump_until(1, || false);
    {
        let m = d.model();
        assert_eq!(m.length.get(), Some(20));
        assert_eq!(m.optional_rules(), rules);
        let shown: Vec<bool> = m.seats.iter().map(|r| r.group.is_visible()).collect();
        assert_eq!(shown, [true, true, true, true, true, false]);
        let kinds: Vec<Seat> = m.forms().iter().map(|f| kind_seat(f.kind)).collect();
        assert_eq!(kinds, seats);
    }
    // A length that is not offered is added to the row.
    d.emit(NewGameMsg::Defaults(seats.clone(), rules, Some(25)));
    assert!(pump_until(5, || d.model().length.get() == Some(25)));
    // A colour taken from another seat gives that seat the old one.
    d.model().seats[0].colour.set_selected(3);
    pump_until(1, || false);
    let colours: Vec<u8> = d.model().forms().iter().map(|f| f.colour).collect();
    assert_eq!(colours, [3, 1, 2, 0, 4]);
    // A wrong seed is said in the dialog, which stays open.
    d.model().seed.set_text("abc");
    d.emit(NewGameMsg::Start);
    pump_until(1, || false);
    assert!(d.widget().is_visible());
    assert!(d.model().error.is_visible());
    assert!(d.model().error.text().contains("abc"));
    assert!(outs.borrow().is_empty());
    // Escape closes it like Cancel.
    let esc = escape(d.widget()).expect("no Escape shortcut");
    assert!(esc
        .action()
        .unwrap()
        .activate(gtk::ShortcutActionFlags::empty(), d.widget(), None));
    assert!(pump_until(5, || !d.widget().is_visible()));
    assert!(pump_until(5, || matches!(
        outs.borrow().as_slice(),
        [NewGameOut::Closed]
    )));
    // Opened again: no old error; Start gives the game with its length.
    d.model().seed.set_text("9");
    d.emit(NewGameMsg::Open);
    assert!(pump_until(5, || d.widget().is_visible()));
    assert!(!d.model().error.is_visible());
    d.emit(NewGameMsg::Start);
    assert!(pump_until(5, || outs.borrow().len() == 3));
    match &outs.borrow()[1] {
        NewGameOut::Start(ng) => {
            assert_eq!(ng.options.round_cap, Some(25));
            assert_eq!(ng.options.seed, 9);
            assert!(ng.options.relics);
            assert_eq!(ng.seats, seats);
        }
        other => panic!("{other:?}"),
    }
    assert!(!d.widget().is_visible());
}

/// A table kept on a server takes the server's seed: the Seed row says so and takes none
/// while a server is chosen; kept here (or a game at one screen), it takes one again.
#[gtk4::test]
fn the_seed_row_is_the_servers_for_a_table_kept_on_a_server() {
    let _ = adw::init();
    let d = NewGameDialog::builder().launch(()).detach();
    let seats = vec![Seat::Human, Seat::Remote, Seat::Bot(Level::Easy)];
    d.emit(NewGameMsg::Defaults(seats, RuleSet::default(), None));
    d.emit(NewGameMsg::Open);
    assert!(pump_until(5, || d.widget().is_visible()));
    pump_until(1, || false);
    let row = d
        .model()
        .seed
        .ancestor(adw::ActionRow::static_type())
        .expect("the seed's row");
    assert!(d.model().table.group.is_visible());
    assert!(row.is_sensitive());
    d.model().table.here.set_active(false);
    pump_until(1, || false);
    assert!(!row.is_sensitive());
    // No seat on another computer: the game is this computer's, and so is its seed.
    d.emit(NewGameMsg::Defaults(
        vec![Seat::Human, Seat::Human, Seat::Bot(Level::Easy)],
        RuleSet::default(),
        None,
    ));
    assert!(pump_until(5, || !d.model().table.group.is_visible()));
    pump_until(1, || false);
    assert!(row.is_sensitive());
}
