//! Where a card's long text shows: never over the control it describes, nor over the next
//! control a pointer heads for. GTK places a tooltip under the pointer (under the whole widget
//! when it is at most 56 pixels high, as the header's buttons are) and flips it above only at
//! the screen's bottom: a card in hand is taller, and under it lie the prompt bar's buttons.
//! Its text shows in a bubble above the card instead, on hover, over the map.

use relm4::gtk;
use relm4::gtk::glib;
use relm4::gtk::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

/// How long the pointer rests on a card before its bubble shows (GTK's tooltip delay).
const DELAY: Duration = Duration::from_millis(500);

/// Shows `text` in a bubble above `w` while the pointer rests on it. The bubble takes no
/// click and no key: the pointer passes through it to the map.
pub fn bubble_above(w: &impl IsA<gtk::Widget>, text: &str) {
    let w = w.upcast_ref::<gtk::Widget>().clone();
    let pop = gtk::Popover::new();
    pop.set_position(gtk::PositionType::Top);
    pop.set_autohide(false);
    pop.set_can_focus(false);
    pop.set_can_target(false);
    pop.set_widget_name("card-text");
    let label = gtk::Label::new(Some(text));
    label.set_wrap(true);
    label.set_max_width_chars(60);
    label.set_xalign(0.0);
    pop.set_child(Some(&label));
    pop.set_parent(&w);
    // Each entry and leave counts: a timer shows the bubble only if the pointer stayed.
    let moves = Rc::new(Cell::new(0u64));
    let motion = gtk::EventControllerMotion::new();
    let (p, m, target) = (pop.clone(), moves.clone(), w.clone());
    motion.connect_enter(move |_, _, _| {
        let n = m.get() + 1;
        m.set(n);
        let (p, m, target) = (p.clone(), m.clone(), target.clone());
        glib::timeout_add_local_once(DELAY, move || {
            if m.get() == n && target.is_mapped() {
                p.popup();
            }
        });
    });
    let (p, m) = (pop.clone(), moves);
    motion.connect_leave(move |_| {
        m.set(m.get() + 1);
        p.popdown();
    });
    w.add_controller(motion);
    // The bubble goes with the card.
    w.connect_destroy(move |_| pop.unparent());
}
