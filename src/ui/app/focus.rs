//! The keyboard follows the decision: when a new decision of the human's comes, the focus
//! goes where it is made — the board when Villages are to be picked, the Purchases page while
//! buying, else the prompt bar's first button (the step's main button, the composer's "Move")
//! — unless he is typing somewhere else. F6 and Shift+F6 go from part to part of the window:
//! the board, the prompt bar, the sidebar, the hand. A mouse user sees none of it: the focus
//! shows only once the keyboard is used.

use super::{App, Page};
use crate::ui::app::hints::HintKey;
use crate::ui::panels::basket;
use crate::ui::plan::clicks::Selection;
use fief::rules::Action;
use relm4::gtk::glib;
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentController};

/// A part of the window the keyboard goes to with F6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Map,
    Prompt,
    Side,
    Hand,
}

const REGIONS: [Region; 4] = [Region::Map, Region::Prompt, Region::Side, Region::Hand];

/// The decision the keyboard was last brought to.
pub type FocusKey = (HintKey, Selection);

impl App {
    /// The widget that holds the part `r` of the window.
    fn region(&self, r: Region) -> gtk::Widget {
        match r {
            Region::Map => self.w.map.model().area().clone().upcast(),
            Region::Prompt => self.w.prompt.model().buttons().clone().upcast(),
            Region::Side => self
                .w
                .side
                .parent()
                .unwrap_or_else(|| self.w.side.clone().upcast()),
            Region::Hand => self.w.hand.widget().clone().upcast(),
        }
    }

    /// Where the keyboard enters the part `r`, in order: the sidebar's coach (in a lesson),
    /// then its page on show (the Purchases' first count...), before the rest of it.
    fn entries(&self, r: Region) -> Vec<gtk::Widget> {
        let mut out = Vec::new();
        if r == Region::Side {
            if self.w.coach.root.is_visible() {
                out.push(self.w.coach.root.clone().upcast());
            }
            out.extend(self.w.stack.visible_child());
        }
        out.push(self.region(r));
        out
    }

    /// The part of the window that holds the keyboard's focus, if one does.
    fn region_of_focus(&self) -> Option<Region> {
        let f = gtk::prelude::GtkWindowExt::focus(&self.window)?;
        REGIONS.into_iter().find(|r| {
            let w = self.region(*r);
            f == w || f.is_ancestor(&w)
        })
    }

    /// After a redraw: a new decision of the human's brings the keyboard to where it is made
    /// (`on_map`: Villages are to be picked), once per decision, unless the focus is in a
    /// text field outside the prompt bar (the chat).
    pub(super) fn follow_decision(&mut self, legal: &[Action], on_map: bool) {
        let Some(key) = self.hint_key() else {
            self.focus_for = None;
            return;
        };
        let key = (key, self.selection.clone());
        if self.focus_for.as_ref() == Some(&key) {
            return;
        }
        self.focus_for = Some(key);
        let typing = gtk::prelude::GtkWindowExt::focus(&self.window).is_some_and(|f| {
            let editable = f
                .downcast_ref::<gtk::Text>()
                .is_some_and(|t| t.is_editable())
                || f.downcast_ref::<gtk::TextView>()
                    .is_some_and(|t| t.is_editable());
            editable && f.root().is_some() && self.region_of_focus() != Some(Region::Prompt)
        });
        if typing {
            return;
        }
        let buying = basket::buying(legal);
        let targets: Vec<gtk::Widget> =
            if matches!(self.selection, Selection::MoveTo(..)) || !on_map && !buying {
                vec![self.region(Region::Prompt)]
            } else if buying {
                // The first count of the first Village, else "Done".
                Page::Purchase.show_in(&self.w.stack);
                let page = self.w.purchases.model();
                vec![page.rows().clone().upcast(), page.top().clone().upcast()]
            } else {
                vec![self.region(Region::Map)]
            };
        // Once the panels have built their widgets for this decision. A keyboard player sees
        // where the keyboard went (GTK hides the focus a while after the last key).
        let window = self.window.clone();
        glib::idle_add_local_once(move || {
            let _ = targets.iter().any(|t| holds_focus(t) || enter(t));
            if KEYBOARD.get() {
                window.set_focus_visible(true);
            }
        });
    }

    /// F6 (`back`: Shift+F6): the keyboard goes to the next part of the window that can
    /// take it.
    pub(super) fn next_region(&self, back: bool) {
        let mut order = REGIONS.to_vec();
        if back {
            order.reverse();
        }
        let at = self
            .region_of_focus()
            .and_then(|r| order.iter().position(|x| *x == r));
        let start = at.map_or(0, |i| i + 1);
        for i in 0..order.len() {
            let r = order[(start + i) % order.len()];
            if self.entries(r).iter().any(enter) {
                return;
            }
        }
    }
}

thread_local! {
    /// The last decision was made by keyboard (a key pressed since the last click).
    static KEYBOARD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The focus shows (focus rings, the board's keyboard Village) from the first key pressed
/// to play, and hides at the first click: a keyboard player sees where the keyboard went
/// after each decision, a mouse player never does.
pub fn track_input(window: &gtk::Window) {
    KEYBOARD.set(false);
    let keys = gtk::EventControllerKey::new();
    keys.set_propagation_phase(gtk::PropagationPhase::Capture);
    let w = window.clone();
    keys.connect_key_pressed(move |_, key, _, mods| {
        use gtk::gdk::{Key, ModifierType};
        let modifier = matches!(
            key,
            Key::Shift_L
                | Key::Shift_R
                | Key::Control_L
                | Key::Control_R
                | Key::Alt_L
                | Key::Alt_R
                | Key::Super_L
                | Key::Super_R
                | Key::ISO_Level3_Shift
        ) || mods.intersects(ModifierType::CONTROL_MASK | ModifierType::ALT_MASK);
        if !modifier {
            KEYBOARD.set(true);
            w.set_focus_visible(true);
        }
        glib::Propagation::Proceed
    });
    window.add_controller(keys);
    let click = gtk::GestureClick::new();
    click.set_propagation_phase(gtk::PropagationPhase::Capture);
    click.set_button(0);
    let w = window.clone();
    click.connect_pressed(move |_, _, _, _| {
        KEYBOARD.set(false);
        w.set_focus_visible(false);
    });
    window.add_controller(click);
}

/// The keyboard's focus is `w` or inside it.
fn holds_focus(w: &gtk::Widget) -> bool {
    w.root()
        .and_then(|r| r.focus())
        .is_some_and(|f| f == *w || f.is_ancestor(w))
}

/// Gives the focus to `w`, or to the first control inside it that can take it.
fn enter(w: &gtk::Widget) -> bool {
    if w.is_focusable() && w.can_focus() && w.is_sensitive() && w.is_mapped() {
        return w.grab_focus();
    }
    // A box may say yes without the focus having come into it (it remembers a child that
    // had it once): only the focus found inside counts.
    w.child_focus(gtk::DirectionType::TabForward) && holds_focus(w)
}
