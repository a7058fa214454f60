//! While a modal window lies over the main window (a question, the ballot, the confirmation
//! of an attack, the end of the game, New Game...), GTK gives the main window no click: the
//! prompt bar, whose buttons would look ready and do nothing, is greyed until the last such
//! window closes. Its choices are the dialog's to make meanwhile (two answers to one question
//! must not race).

use relm4::gtk;
use relm4::gtk::glib;
use relm4::gtk::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// Greys `parts` of `main` while a modal window over `main` is on screen, whoever opened it.
pub fn grey_under_modals(main: &gtk::Window, parts: &[gtk::Widget]) {
    let weak = main.downgrade();
    let parts: Vec<glib::WeakRef<gtk::Widget>> = parts.iter().map(|p| p.downgrade()).collect();
    let update: Rc<dyn Fn()> = Rc::new(move || {
        let Some(main) = weak.upgrade() else { return };
        let held = modal_over(&main);
        for p in parts.iter().filter_map(|p| p.upgrade()) {
            if p.is_sensitive() == held {
                p.set_sensitive(!held);
            }
        }
    });
    // Each window is watched from the moment it exists: a dialog is made, then presented.
    let watch = {
        let update = update.clone();
        move |w: &gtk::Window| {
            let u = update.clone();
            w.connect_visible_notify(move |_| u());
            let u = update.clone();
            w.connect_modal_notify(move |_| u());
            let u = update.clone();
            w.connect_transient_for_notify(move |_| u());
        }
    };
    let toplevels = gtk::Window::toplevels();
    for w in windows(&toplevels, 0, toplevels.n_items()) {
        watch(&w);
    }
    let u = update.clone();
    let id = toplevels.connect_items_changed(move |list, at, _, added| {
        for w in windows(list, at, added) {
            watch(&w);
        }
        u();
    });
    // The list of windows outlives this one: its handler goes with it.
    let id = RefCell::new(Some(id));
    main.connect_destroy(move |_| {
        if let Some(id) = id.take() {
            toplevels.disconnect(id);
        }
    });
    update();
}

/// The windows of `list` from `at`, `n` of them.
fn windows(list: &gtk::gio::ListModel, at: u32, n: u32) -> Vec<gtk::Window> {
    (at..at + n)
        .filter_map(|i| list.item(i).and_downcast::<gtk::Window>())
        .collect()
}

/// Whether a modal window over `main` is on screen.
pub fn modal_over(main: &gtk::Window) -> bool {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .any(|w| w.is_visible() && w.is_modal() && w.transient_for().as_ref() == Some(main))
}
