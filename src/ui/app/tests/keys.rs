//! The window's shortcuts where another window has the focus: Ctrl+O and Ctrl+N over the
//! question that offers the last game, Ctrl+J in the New Game dialog. Each is fired through
//! the shortcut the window holds, as a key press would.

use super::setup::*;
use crate::ui::app::*;

/// Fires the shortcut `accel` ("<Control>o") of `w`; false when `w` has none.
fn press(w: &gtk::Widget, accel: &str) -> bool {
    let controllers = w.observe_controllers();
    for i in 0..controllers.n_items() {
        let Some(c) = controllers
            .item(i)
            .and_then(|o| o.downcast::<gtk::ShortcutController>().ok())
        else {
            continue;
        };
        for j in 0..c.n_items() {
            let Some(s) = c.item(j).and_then(|o| o.downcast::<gtk::Shortcut>().ok()) else {
                continue;
            };
            let fits = s.trigger().is_some_and(|t| t.to_str() == accel);
            if let (true, Some(action)) = (fits, s.action()) {
                return action.activate(gtk::ShortcutActionFlags::empty(), w, None);
            }
        }
    }
    false
}

#[gtk4::test]
fn ctrl_o_over_the_resume_question_opens_the_load_chooser() {
    let (dir, store, _) = last_game_in("keys-resume", 17);
    let app = launch_asking(store);
    wait_for_resume_offer(&app);
    let dialog = window_named("resume-dialog")
        .unwrap()
        .upcast::<gtk::Widget>();
    assert!(press(&dialog, "<Control>o"));
    the_chooser(&app);
    assert!(pump_until(5, || window_named("resume-dialog").is_none()));
    let _ = std::fs::remove_dir_all(dir);
}

#[gtk4::test]
fn ctrl_j_in_the_new_game_dialog_opens_join() {
    let dir = temp_dir("keys-join");
    let app = launch_asking(Store::at(&dir));
    assert!(pump_until(20, || window_named("new-game").is_some()));
    let dialog = window_named("new-game").unwrap().upcast::<gtk::Widget>();
    assert!(press(&dialog, "<Control>j"));
    assert!(pump_until(10, || window_named("join").is_some()));
    assert!(window_named("new-game").is_none());
    drop(app);
    let _ = std::fs::remove_dir_all(dir);
}

#[gtk4::test]
fn f1_opens_the_rules_ready_for_a_search_and_ctrl_q_there_quits() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    app.emit(Msg::Rules);
    let rules = app.model().w.rules.get().widget().clone();
    assert!(pump_until(5, || rules.is_visible()));
    pump_until(1, || false);
    let focus = gtk::prelude::GtkWindowExt::focus(&rules).expect("a focused widget");
    assert!(
        focus.ancestor(gtk::SearchEntry::static_type()).is_some() || focus.is::<gtk::SearchEntry>(),
        "{focus:?}"
    );
    assert!(press(&rules.clone().upcast(), "<Control>q"));
    assert!(pump_until(10, || !app.widget().is_visible()));
}

/// Tabbed into, the board shows the Village under the keyboard at once (the first that can
/// be picked); taken by a click, it does not ring one.
#[gtk4::test]
fn the_board_shows_its_keyboard_village_as_soon_as_it_is_tabbed_into() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    pump_until(1, || false);
    let area = app.model().w.map.model().area().clone();
    // The decision brought the keyboard to the board already: it leaves it first.
    gtk::prelude::GtkWindowExt::set_focus(app.widget(), None::<&gtk::Widget>);
    pump_until(1, || false);
    app.widget().set_focus_visible(true);
    assert!(area.grab_focus());
    pump_until(1, || false);
    let shown = app.model().w.map.model().keyboard_village();
    assert!(shown.is_some(), "no Village shown under the keyboard");
    // Leaving the board drops it; a pointer's focus (no focus rings) shows none.
    gtk::prelude::GtkWindowExt::set_focus(app.widget(), None::<&gtk::Widget>);
    pump_until(1, || false);
    assert_eq!(app.model().w.map.model().keyboard_village(), None);
    app.widget().set_focus_visible(false);
    assert!(area.grab_focus());
    pump_until(1, || false);
    assert_eq!(app.model().w.map.model().keyboard_village(), None);
}
