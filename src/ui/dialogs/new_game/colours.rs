//! The colours of the New Game dialog: a round swatch of a player's colour, and the colour
//! rows' list of swatches with their names.

use crate::ui::board::colours::PLAYER_RGB;
use relm4::gtk;
use relm4::gtk::prelude::*;

/// A round swatch of player colour `i` with a dark outline.
pub fn swatch(i: usize) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::new();
    area.set_content_width(16);
    area.set_content_height(16);
    area.set_valign(gtk::Align::Center);
    let (r, g, b) = PLAYER_RGB[i % PLAYER_RGB.len()];
    area.set_draw_func(move |_, cr, w, h| {
        let radius = (w.min(h) as f64) / 2.0 - 1.0;
        cr.arc(
            w as f64 / 2.0,
            h as f64 / 2.0,
            radius,
            0.0,
            std::f64::consts::TAU,
        );
        cr.set_source_rgb(r, g, b);
        let _ = cr.fill_preserve();
        cr.set_source_rgba(0.0, 0.0, 0.0, 0.6);
        cr.set_line_width(1.0);
        let _ = cr.stroke();
    });
    area
}

/// Shows each colour of a colour row (a list of the colours' indices) as its swatch and name.
pub(super) fn colour_factory() -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        // The row's own display of its choice is not told the position: the item is the
        // colour's index.
        let Some(i) = item
            .item()
            .and_downcast::<gtk::StringObject>()
            .and_then(|s| s.string().parse::<usize>().ok())
        else {
            return;
        };
        let b = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        b.append(&swatch(i));
        b.append(&gtk::Label::new(Some(
            &crate::ui::words::names::colour_name(i),
        )));
        item.set_child(Some(&b));
    });
    factory
}
