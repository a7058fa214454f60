//! Where a tooltip shows: never over the control it describes, nor over the next control a
//! pointer heads for. GTK places a tooltip under its "tip area" (under the pointer when no
//! area is given) and flips it above when the screen has no room below; a tip area chosen
//! here steers it.

use relm4::gtk;
use relm4::gtk::prelude::*;

/// Where a widget's tooltip goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Away {
    /// Under the whole widget (not under the pointer, which would cover the widget's lower
    /// part): for the header's buttons, whose tooltips fall on the board.
    Below,
    /// Above the widget: its tip area runs from the widget's top to the window's bottom, so
    /// the tooltip finds no room under it and GTK flips it above. For the cards in hand,
    /// whose long tooltips would otherwise cover the prompt bar's buttons under them.
    Above,
}

/// Steers `w`'s tooltip `away` from it. The text stays the widget's own tooltip text (set
/// and changed as usual with `set_tooltip_text`); a widget without one shows none.
pub fn steer(w: &impl IsA<gtk::Widget>, away: Away) {
    w.connect_query_tooltip(move |w, _, _, _, tip| {
        let Some(text) = w.tooltip_text() else {
            return false;
        };
        tip.set_text(Some(&text));
        tip.set_tip_area(&tip_area(w.upcast_ref(), away));
        true
    });
}

/// The tip area of `w` (in its own coordinates) that sends its tooltip `away`.
fn tip_area(w: &gtk::Widget, away: Away) -> gtk::gdk::Rectangle {
    let (width, height) = (w.width(), w.height());
    match away {
        Away::Below => gtk::gdk::Rectangle::new(0, 0, width, height),
        Away::Above => {
            // Down to the window's bottom: no room is left under the area.
            let below = w
                .root()
                .and_then(|root| {
                    let top = w.compute_point(&root, &gtk::graphene::Point::new(0.0, 0.0))?;
                    Some(root.height() - top.y().round() as i32)
                })
                .unwrap_or(height);
            gtk::gdk::Rectangle::new(0, 0, width, below.max(height))
        }
    }
}
