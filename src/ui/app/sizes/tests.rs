//! Tests of the window's sizes: the board reads at 1280×800.

use super::*;
use crate::ui::board::geometry::{Camera, Fit, CHIP_TEXT, LORD_TEXT, NAME_SIZE};
use fief::rules::{Game, Options};

/// The map's part of a 1280×800 window (the sidebar, the hand and the prompt bar take
/// the rest): its words are at least 11 pixels high, and grow with the zoom.
#[test]
fn the_board_reads_at_1280_by_800() {
    let g = Game::new(Options::default()).unwrap();
    let (w, h) = map_area(&g.map, 1280, 800);
    let fit = Fit::new(&g.map, w, h, Camera::whole(&g.map));
    assert!(
        NAME_SIZE * fit.scale >= 11.0,
        "{} px",
        NAME_SIZE * fit.scale
    );
    assert!(CHIP_TEXT * fit.scale >= 11.0 && LORD_TEXT * fit.scale >= 11.0);
    let mut cam = Camera::whole(&g.map);
    cam.zoom_at(&g.map, w, h, 2.0, w / 2.0, h / 2.0);
    assert!(NAME_SIZE * Fit::new(&g.map, w, h, cam).scale >= 22.0);
}
