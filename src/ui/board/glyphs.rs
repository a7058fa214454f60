//! The small shapes the board is drawn with: outlines, roads' arrows, polygons, rounded
//! boxes, text, and the pieces' glyphs (mitre, tower, Siege Engine, Mill).

use crate::ui::board::colours::*;
use crate::ui::board::geometry::*;
use cairo::Context;
use fief::map::{Map, VillageId};
use fief::rules::{PlayerId, View};
use std::f64::consts::PI;

/// A token's dark outline, wide enough to show on every colour (White on a pale Fief too).
pub(crate) fn outline(cr: &Context) -> Result<(), cairo::Error> {
    cr.set_source_rgb(0.08, 0.06, 0.04);
    cr.set_line_width(2.5);
    cr.stroke()
}

/// The current path stroked as a band on a band: `outer` (RGBA) `outer_w` wide, then
/// `inner` (RGB) `inner_w` wide over it, so that a ring shows on every Fief colour.
pub(crate) fn banded(
    cr: &Context,
    outer: (f64, f64, f64, f64),
    outer_w: f64,
    inner: (f64, f64, f64),
    inner_w: f64,
) -> Result<(), cairo::Error> {
    cr.set_source_rgba(outer.0, outer.1, outer.2, outer.3);
    cr.set_line_width(outer_w);
    cr.stroke_preserve()?;
    cr.set_source_rgb(inner.0, inner.1, inner.2);
    cr.set_line_width(inner_w);
    cr.stroke()
}

/// A player's arrow along the road from `from` to `to`.
pub(crate) fn road_arrow(
    cr: &Context,
    map: &Map,
    view: &View,
    player: PlayerId,
    from: VillageId,
    to: VillageId,
) -> Result<(), cairo::Error> {
    let (a, b) = (&map.villages[from as usize], &map.villages[to as usize]);
    arrow(
        cr,
        (a.x, a.y),
        (b.x, b.y),
        player_rgb(view, player),
        half_side(map, to),
    )
}

/// An arrow along a road, in a player's colour over a dark edge, its head stopping short of
/// the destination's square (`half`).
pub(crate) fn arrow(
    cr: &Context,
    a: (f64, f64),
    b: (f64, f64),
    rgb: (f64, f64, f64),
    half: f64,
) -> Result<(), cairo::Error> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len < 1.0 {
        return Ok(());
    }
    let (ux, uy) = (dx / len, dy / len);
    let start = (a.0 + ux * (half + 6.0), a.1 + uy * (half + 6.0));
    let tip = (b.0 - ux * (half + 8.0), b.1 - uy * (half + 8.0));
    let base = (tip.0 - ux * 22.0, tip.1 - uy * 22.0);
    let (px, py) = (-uy * 13.0, ux * 13.0);
    // A light colour (White, Yellow) on the light board gets a wider dark edge and a dark
    // seam down its middle, so that its arrows read as well as the others'.
    let light = ink_on(rgb) != (1.0, 1.0, 1.0);
    let dark = (0.08, 0.06, 0.04);
    let (edge, core) = if light { (15.0, 7.0) } else { (11.0, 6.0) };
    for (width, colour) in [(edge, dark), (core, rgb)] {
        line(cr, start, base);
        cr.set_source_rgba(colour.0, colour.1, colour.2, if light { 1.0 } else { 0.9 });
        cr.set_line_width(width);
        cr.stroke()?;
    }
    if light {
        line(cr, start, base);
        cr.set_source_rgb(dark.0, dark.1, dark.2);
        cr.set_line_width(2.0);
        cr.set_dash(&[6.0, 5.0], 0.0);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
    }
    cr.move_to(tip.0, tip.1);
    cr.line_to(base.0 + px, base.1 + py);
    cr.line_to(base.0 - px, base.1 - py);
    cr.close_path();
    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
    cr.fill_preserve()?;
    cr.set_source_rgb(dark.0, dark.1, dark.2);
    cr.set_line_width(if light { 3.5 } else { 2.5 });
    cr.stroke()
}

pub(crate) fn polygon(cr: &Context, pts: &[(f64, f64)]) {
    if let Some((x, y)) = pts.first() {
        cr.move_to(*x, *y);
    }
    for (x, y) in pts.iter().skip(1) {
        cr.line_to(*x, *y);
    }
    cr.close_path();
}

pub(crate) fn line(cr: &Context, a: (f64, f64), b: (f64, f64)) {
    cr.move_to(a.0, a.1);
    cr.line_to(b.0, b.1);
}

pub(crate) fn rounded(cr: &Context, x: f64, y: f64, w: f64, h: f64, r: f64) {
    cr.new_sub_path();
    cr.arc(x + w - r, y + r, r, -PI / 2.0, 0.0);
    cr.arc(x + w - r, y + h - r, r, 0.0, PI / 2.0);
    cr.arc(x + r, y + h - r, r, PI / 2.0, PI);
    cr.arc(x + r, y + r, r, PI, 1.5 * PI);
    cr.close_path();
}

pub(crate) fn text(
    cr: &Context,
    s: &str,
    cx: f64,
    baseline: f64,
    size: f64,
    bold: bool,
    rgb: (f64, f64, f64),
) -> Result<(), cairo::Error> {
    set_font(cr, size, bold);
    let ext = cr.text_extents(s)?;
    cr.move_to(cx - ext.width() / 2.0 - ext.x_bearing(), baseline);
    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
    cr.show_text(s)?;
    // show_text leaves a current point: the next arc must not be joined to it.
    cr.new_path();
    Ok(())
}

/// A bishop's mitre with the Bishopric number.
pub(crate) fn mitre(cr: &Context, x: f64, y: f64, n: u8) -> Result<(), cairo::Error> {
    cr.move_to(x - 16.0, y + 18.0);
    cr.line_to(x - 16.0, y - 4.0);
    cr.curve_to(x - 14.0, y - 14.0, x - 4.0, y - 20.0, x, y - 24.0);
    cr.curve_to(x + 4.0, y - 20.0, x + 14.0, y - 14.0, x + 16.0, y - 4.0);
    cr.line_to(x + 16.0, y + 18.0);
    cr.close_path();
    cr.set_source_rgb(0.95, 0.92, 0.85);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.55, 0.1, 0.1);
    cr.set_line_width(2.5);
    cr.stroke()?;
    text(
        cr,
        &n.to_string(),
        x,
        y + 11.0,
        18.0,
        true,
        (0.55, 0.1, 0.1),
    )
}

/// A small tower: a Stronghold (or, doubled, a Fortified City).
pub(crate) fn tower(cr: &Context, x: f64, y: f64, s: f64) -> Result<(), cairo::Error> {
    let c = s / 4.0;
    cr.move_to(x, y + s);
    cr.line_to(x, y);
    for k in 0..4 {
        let x0 = x + k as f64 * c;
        if k % 2 == 0 {
            cr.line_to(x0 + c, y);
            cr.line_to(x0 + c, y + c);
        } else {
            cr.line_to(x0 + c, y + c);
            cr.line_to(x0 + c, y);
        }
    }
    cr.line_to(x + s, y + s);
    cr.close_path();
    cr.set_source_rgb(0.55, 0.52, 0.48);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.15, 0.12, 0.1);
    cr.set_line_width(1.2);
    cr.stroke()
}

/// A Siege Engine: a frame on two wheels in the owner's colour, with its dice side (1 or 2).
pub(crate) fn engine(
    cr: &Context,
    x: f64,
    y: f64,
    rgb: (f64, f64, f64),
    side: u8,
) -> Result<(), cairo::Error> {
    cr.rectangle(x - 9.0, y - 8.0, 18.0, 11.0);
    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.2, 0.12, 0.05);
    cr.set_line_width(1.2);
    cr.stroke()?;
    for dx in [-5.0, 5.0] {
        cr.arc(x + dx, y + 6.0, 3.5, 0.0, 2.0 * PI);
        cr.set_source_rgb(0.2, 0.12, 0.05);
        cr.fill()?;
    }
    text(cr, &side.to_string(), x, y + 1.5, 10.0, true, ink_on(rgb))
}

pub(crate) fn mill(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    cr.arc(x, y, 5.5, 0.0, 2.0 * PI);
    cr.set_source_rgb(0.85, 0.75, 0.5);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.3, 0.2, 0.1);
    cr.set_line_width(1.0);
    cr.stroke()?;
    for k in 0..4 {
        let a = k as f64 * PI / 2.0 + PI / 4.0;
        cr.move_to(x, y);
        cr.line_to(x + 7.0 * a.cos(), y + 7.0 * a.sin());
    }
    cr.stroke()
}

// ---------------------------------------------------------------------------------------
// The relm4 component around the drawing: clicks, hover tooltips, zoom and pan.
