//! The main window's sizes: the sidebar's width, the map's share of the window (the sizes
//! are fixed, so the map never rescales when a decision changes), the window's size on a first
//! launch, and where the dividers go.

use fief::Map;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};

/// The width of the sidebar (family boards, log, battle and election pages).
pub const SIDEBAR_WIDTH: i32 = 380;

/// The height of the line beside the board (at the head of the sidebar) that tells what
/// happened since the viewer's last decision: always there, so nothing moves when there is
/// news.
pub const NEWS_HEIGHT: i32 = 64;

/// The map's share of a window of `width` × `height`: what the header bar, the sidebar,
/// the hand and the prompt bar leave (the sizes are fixed, so the map never rescales when
/// a decision changes).
#[cfg_attr(not(test), allow(dead_code))]
pub fn map_area(map: &Map, width: i32, height: i32) -> (f64, f64) {
    let header = 47;
    let hand = crate::ui::panels::hand::HAND_HEIGHT + 8 + 1;
    let prompt = crate::ui::panels::prompt_bar::PROMPT_HEIGHT + 14 + 1;
    let h = height - header - hand - prompt;
    (map_width(map, width, h) as f64, h as f64)
}

/// The width the board fills when its area is `height` high (the board keeps its shape),
/// with room beside it for the zoom buttons.
pub fn board_width(map: &Map, height: i32) -> i32 {
    let margin = 16.0;
    ((height as f64 - margin) * map.width / map.height + margin + 48.0).ceil() as i32
}

/// The map's share of a row `width` wide whose map is `height` high: what the board fills,
/// the sidebar the rest, and never less than its own width.
pub fn map_width(map: &Map, width: i32, height: i32) -> i32 {
    board_width(map, height)
        .min(width - SIDEBAR_WIDTH - 6)
        .max(120)
}

/// Gives the board, in the row `paned`, the width its height lets it fill and the sidebar
/// the rest: in a wide window the board is as large as the height allows, with no empty
/// margins beside it.
pub fn fit_map(paned: &gtk::Paned, map: &Map) {
    let (w, h) = (paned.width(), paned.height());
    if w <= 0 || h <= 0 {
        return;
    }
    let want = map_width(map, w, h);
    if (paned.position() - want).abs() > 2 {
        paned.set_position(want);
    }
}

/// The window's size on the app's first launch, for a screen of `width` × `height`: the
/// whole screen when it is small (the board needs every pixel), else most of it; `None`
/// means maximised.
pub fn first_size(width: i32, height: i32) -> Option<(i32, i32)> {
    if width <= 1440 || height <= 900 {
        None
    } else {
        Some((width * 9 / 10, height * 9 / 10))
    }
}

/// Sizes the window to the screen it opens on (`first_size`).
pub fn fit_to_screen(window: &adw::ApplicationWindow) {
    use relm4::gtk::gdk;
    let Some(display) = gdk::Display::default() else {
        return;
    };
    let monitor = display
        .monitors()
        .item(0)
        .and_then(|m| m.downcast::<gdk::Monitor>().ok());
    let Some(geometry) = monitor.map(|m| m.geometry()) else {
        return;
    };
    match first_size(geometry.width(), geometry.height()) {
        Some((w, h)) => window.set_default_size(w, h),
        None => window.maximize(),
    }
}

/// Places the sidebar's divider: every board in sight when there is room, else the boards
/// scroll and the pages below keep 170 px. The place depends on the window's height and the
/// number of players only, never on the page shown: the page tabs and the boards hold still
/// under the pointer when a page opens (the Purchases page scrolls its list instead).
pub fn fit_side(side: &gtk::Paned, players: usize) {
    let max = side.max_position();
    let want = if max <= 0 {
        boards_height(players)
    } else {
        boards_height(players).min((max - 170).max(120))
    };
    if side.position() != want {
        side.set_position(want);
    }
}

/// The height that shows `players` closed family boards without scrolling.
pub fn boards_height(players: usize) -> i32 {
    players as i32 * 60 + 12
}

#[cfg(test)]
mod tests;
