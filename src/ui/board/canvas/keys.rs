//! The board by keyboard: the arrows go from Village to Village, Enter or Space picks one,
//! and the Village under the keyboard is shown as soon as the board takes the focus by
//! keyboard (Tab), not only after a first arrow.

use super::{MapCanvas, MapOut, Shared};
use crate::ui::board::geometry::{neighbour_towards, neighbour_towards_among, Fit};
use crate::ui::set_accessible_label;
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentSender};
use std::cell::RefCell;
use std::rc::Rc;

pub(super) fn keyboard(
    area: &gtk::DrawingArea,
    shared: &Rc<RefCell<Shared>>,
    sender: &ComponentSender<MapCanvas>,
) {
    // The keyboard: arrows go from Village to Village, Enter or Space picks one.
    let keys = gtk::EventControllerKey::new();
    let (sh, a, s) = (shared.clone(), area.clone(), sender.clone());
    keys.connect_key_pressed(move |_, key, _, _| {
        use gtk::gdk::Key;
        let mut sh = sh.borrow_mut();
        let dir = match key {
            Key::Left | Key::KP_Left => Some((-1.0, 0.0)),
            Key::Right | Key::KP_Right => Some((1.0, 0.0)),
            Key::Up | Key::KP_Up => Some((0.0, -1.0)),
            Key::Down | Key::KP_Down => Some((0.0, 1.0)),
            _ => None,
        };
        let start = sh
            .look
            .focus
            .or(sh.look.selected)
            .or(sh.look.highlights.first().copied());
        if let Some((dx, dy)) = dir {
            let next = match start {
                Some(f) if sh.look.focus.is_some() => {
                    let lit = &sh.look.highlights;
                    neighbour_towards_among(&sh.map, f, dx, dy, &|v| lit.contains(&v))
                        .or_else(|| neighbour_towards(&sh.map, f, dx, dy))
                        .or(Some(f))
                }
                Some(f) => Some(f),
                None => Some(0),
            };
            sh.look.focus = next;
            sh.preview(next);
            if let (Some(v), Some(view)) = (next, sh.view.clone()) {
                let tip = crate::ui::words::tooltips::village_tooltip(
                    &view.state,
                    view.viewer,
                    v,
                    &view.legal,
                );
                let plain = gtk::pango::parse_markup(&tip, '\0')
                    .map(|(_, t, _)| t.to_string())
                    .unwrap_or(tip);
                let hot = if sh.look.highlights.contains(&v) {
                    crate::ui::tr("can be picked now")
                } else {
                    String::new()
                };
                set_accessible_label(&a, &format!("{plain}\n{hot}"));
            }
            a.queue_draw();
            return gtk::glib::Propagation::Stop;
        }
        match key {
            Key::Return | Key::KP_Enter | Key::space if sh.look.focus.is_some() => {
                // Why a Village cannot be picked is said beside it, as for a click.
                if let Some(v) = sh.look.focus.and_then(|v| sh.map.villages.get(v as usize)) {
                    let fit =
                        Fit::new(&sh.map, a.width() as f64, a.height() as f64, sh.look.camera);
                    sh.pointer = fit.to_widget(v.x, v.y);
                }
                s.output(MapOut::Clicked(sh.look.focus)).ok();
                gtk::glib::Propagation::Stop
            }
            _ => gtk::glib::Propagation::Proceed,
        }
    });
    area.add_controller(keys);
    let focus = gtk::EventControllerFocus::new();
    // Tabbed into (the window shows focus rings): the keyboard's Village shows at once,
    // the selected one or else the first that can be picked.
    let (sh, a) = (shared.clone(), area.clone());
    focus.connect_enter(move |_| show_keyboard_village(&a, &sh));
    let (sh, a) = (shared.clone(), area.clone());
    focus.connect_leave(move |_| {
        sh.borrow_mut().look.focus = None;
        a.queue_draw();
    });
    area.add_controller(focus);
    set_accessible_label(
        area,
        &crate::ui::tr("The board: arrows go from Village to Village, Enter picks one"),
    );
}

/// The Village under the keyboard shows at once when the board has the focus of a keyboard
/// user (the window shows focus rings): the selected one, else the first that can be picked.
pub(super) fn show_keyboard_village(a: &gtk::DrawingArea, sh: &Rc<RefCell<Shared>>) {
    let by_keyboard = a.root().is_some_and(|r| {
        r.downcast_ref::<gtk::Window>()
            .is_some_and(|w| w.gets_focus_visible())
    });
    let mut sh = sh.borrow_mut();
    if by_keyboard && sh.look.focus.is_none() {
        sh.look.focus = sh.look.selected.or(sh.look.highlights.first().copied());
        a.queue_draw();
    }
}
