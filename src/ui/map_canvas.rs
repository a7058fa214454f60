//! The board, drawn with cairo by one pure function that tests can call on an ImageSurface.

use super::tr;
use cairo::Context;
use fief::map::{Map, VillageId};
use fief::rules::{Fort, PlayerId, TaxTarget, View, COLOURS};
use std::f64::consts::PI;

/// RGB of each player colour (Green, Blue, Magenta, White, Yellow, Red).
pub const PLAYER_RGB: [(f64, f64, f64); 6] = [
    (0.18, 0.55, 0.23),
    (0.16, 0.36, 0.80),
    (0.76, 0.18, 0.58),
    (0.96, 0.96, 0.94),
    (0.93, 0.78, 0.10),
    (0.80, 0.14, 0.14),
];

/// The RGB of a player's colour as the view names it.
pub fn player_rgb(view: &View, p: PlayerId) -> (f64, f64, f64) {
    let name = view.players.get(p as usize).map(|x| x.colour).unwrap_or("");
    let i = COLOURS
        .iter()
        .position(|c| *c == name)
        .unwrap_or(p as usize);
    PLAYER_RGB[i % 6]
}

/// Dark ink on light player colours (White, Yellow), white ink on the others.
pub fn ink_on(rgb: (f64, f64, f64)) -> (f64, f64, f64) {
    if 0.3 * rgb.0 + 0.59 * rgb.1 + 0.11 * rgb.2 > 0.6 {
        (0.1, 0.1, 0.1)
    } else {
        (1.0, 1.0, 1.0)
    }
}

/// Zoom and pan: `zoom` 1 shows the whole board; (`cx`, `cy`) is the board point at the
/// centre of the widget when zoomed in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub zoom: f64,
    pub cx: f64,
    pub cy: f64,
}

impl Camera {
    pub const MAX_ZOOM: f64 = 4.0;

    pub fn whole(map: &Map) -> Camera {
        Camera {
            zoom: 1.0,
            cx: map.width / 2.0,
            cy: map.height / 2.0,
        }
    }

    /// Zooms by `factor` keeping the board point under (`x`, `y`) in place.
    pub fn zoom_at(&mut self, map: &Map, width: f64, height: f64, factor: f64, x: f64, y: f64) {
        let before = Fit::new(map, width, height, *self).to_board(x, y);
        self.zoom = (self.zoom * factor).clamp(1.0, Self::MAX_ZOOM);
        let fit = Fit::new(map, width, height, *self);
        let after = fit.to_board(x, y);
        self.cx += before.0 - after.0;
        self.cy += before.1 - after.1;
        self.clamp(map);
    }

    /// Moves the view by a widget-pixel offset.
    pub fn pan(&mut self, map: &Map, width: f64, height: f64, dx: f64, dy: f64) {
        let fit = Fit::new(map, width, height, *self);
        self.cx -= dx / fit.scale;
        self.cy -= dy / fit.scale;
        self.clamp(map);
    }

    fn clamp(&mut self, map: &Map) {
        self.cx = self.cx.clamp(0.0, map.width);
        self.cy = self.cy.clamp(0.0, map.height);
        if self.zoom <= 1.0 {
            *self = Camera::whole(map);
        }
    }
}

/// Maps board coordinates to widget pixels: at zoom 1 the whole board fits, centred.
#[derive(Debug, Clone, Copy)]
pub struct Fit {
    pub scale: f64,
    pub dx: f64,
    pub dy: f64,
}

impl Fit {
    pub fn new(map: &Map, width: f64, height: f64, cam: Camera) -> Fit {
        let margin = 8.0;
        let base = ((width - 2.0 * margin) / map.width)
            .min((height - 2.0 * margin) / map.height)
            .max(0.01);
        let scale = base * cam.zoom.max(1.0);
        Fit {
            scale,
            dx: width / 2.0 - cam.cx * scale,
            dy: height / 2.0 - cam.cy * scale,
        }
    }
    pub fn to_board(self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.dx) / self.scale, (y - self.dy) / self.scale)
    }
    #[cfg(test)]
    pub fn to_widget(self, x: f64, y: f64) -> (f64, f64) {
        (x * self.scale + self.dx, y * self.scale + self.dy)
    }
}

/// What the board shows besides the game: the Villages a decision may pick (only they react
/// to clicks), the selected Village, and the camera.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    pub highlights: Vec<VillageId>,
    pub selected: Option<VillageId>,
    pub camera: Camera,
}

impl Look {
    pub fn plain(map: &Map) -> Look {
        Look {
            highlights: Vec::new(),
            selected: None,
            camera: Camera::whole(map),
        }
    }
}

/// Which Village lies under a widget point, if any (within its square's reach).
pub fn hit_test(
    map: &Map,
    width: f64,
    height: f64,
    cam: Camera,
    x: f64,
    y: f64,
) -> Option<VillageId> {
    let fit = Fit::new(map, width, height, cam);
    let (bx, by) = fit.to_board(x, y);
    map.villages
        .iter()
        .enumerate()
        .map(|(i, v)| (i, (v.x - bx).hypot(v.y - by)))
        .filter(|(_, d)| *d < 34.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i as VillageId)
}

fn lighten((r, g, b): (f64, f64, f64), t: f64) -> (f64, f64, f64) {
    (r + (1.0 - r) * t, g + (1.0 - g) * t, b + (1.0 - b) * t)
}

/// Paints the whole board: Fief backgrounds, Bishopric borders with their mitres, roads,
/// Villages, buildings, Troops, Lords, tax markers and the cards at the Bishoprics; the
/// Villages of `look.highlights` glow, the selected one is ringed.
pub fn draw_map(cr: &Context, map: &Map, view: &View, look: &Look, width: f64, height: f64) {
    // Cairo records drawing errors on the context; a failed stroke must not stop the UI.
    let _ = paint(cr, map, view, look, width, height);
}

fn paint(
    cr: &Context,
    map: &Map,
    view: &View,
    look: &Look,
    width: f64,
    height: f64,
) -> Result<(), cairo::Error> {
    let highlights = &look.highlights;
    cr.set_source_rgb(0.93, 0.89, 0.80);
    cr.paint()?;
    let fit = Fit::new(map, width, height, look.camera);
    cr.save()?;
    cr.translate(fit.dx, fit.dy);
    cr.scale(fit.scale, fit.scale);

    // Fief backgrounds.
    for (i, cell) in map.cells.iter().enumerate() {
        let fief = &map.fiefs[map.villages[i].fief as usize];
        let (r, g, b) = lighten(fief.rgb(), 0.15);
        polygon(cr, &cell.polygon);
        cr.set_source_rgb(r, g, b);
        cr.fill()?;
    }
    // Fief borders (thin) and Bishopric borders (thick).
    cr.set_line_cap(cairo::LineCap::Round);
    for (i, cell) in map.cells.iter().enumerate() {
        for (k, n) in cell.edge_neighbour.iter().enumerate() {
            let a = cell.polygon[k];
            let b = cell.polygon[(k + 1) % cell.polygon.len()];
            let vi = &map.villages[i];
            match n {
                Some(j) if (*j as usize) > i => {
                    let vj = &map.villages[*j as usize];
                    if vi.bishopric != vj.bishopric {
                        line(cr, a, b);
                        cr.set_source_rgba(0.25, 0.12, 0.08, 0.9);
                        cr.set_line_width(6.0);
                        cr.stroke()?;
                    } else if vi.fief != vj.fief {
                        line(cr, a, b);
                        cr.set_source_rgba(0.3, 0.25, 0.2, 0.6);
                        cr.set_line_width(1.5);
                        cr.set_dash(&[6.0, 4.0], 0.0);
                        cr.stroke()?;
                        cr.set_dash(&[], 0.0);
                    }
                }
                None => {
                    line(cr, a, b);
                    cr.set_source_rgba(0.25, 0.12, 0.08, 0.9);
                    cr.set_line_width(8.0);
                    cr.stroke()?;
                }
                _ => {}
            }
        }
    }
    // Roads.
    for &(a, b) in &map.roads {
        let (va, vb) = (&map.villages[a as usize], &map.villages[b as usize]);
        line(cr, (va.x, va.y), (vb.x, vb.y));
        cr.set_source_rgba(0.45, 0.32, 0.18, 0.85);
        cr.set_line_width(4.0);
        cr.stroke()?;
    }
    // Mitres with the Bishopric numbers, and the cards lying there.
    for (bi, b) in map.bishoprics.iter().enumerate() {
        mitre(cr, b.mitre.0, b.mitre.1, b.number)?;
        let cards = view.bishopric_cards[bi];
        // Short words on the tags: Heavy Rain, Famine, Plague, Bountiful Harvest, Good Weather.
        let tags: Vec<(String, (f64, f64, f64))> = [
            (cards.heavy_rain, tr("Rain"), (0.25, 0.35, 0.55)),
            (cards.famine, tr("Famine"), (0.45, 0.3, 0.1)),
            (cards.plague, tr("Plague"), (0.1, 0.1, 0.1)),
            (cards.harvest, tr("Harvest"), (0.75, 0.6, 0.1)),
            (cards.good_weather, tr("Sun"), (0.9, 0.55, 0.1)),
        ]
        .into_iter()
        .filter(|t| t.0)
        .map(|t| (t.1, t.2))
        .collect();
        for (k, (label, rgb)) in tags.iter().enumerate() {
            let x = (b.mitre.0 + 30.0).min(map.width - 70.0);
            let y = (b.mitre.1 - 12.0 + 22.0 * k as f64).min(map.height - 20.0);
            rounded(cr, x, y, 64.0, 18.0, 4.0);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.fill()?;
            text(cr, label, x + 32.0, y + 13.0, 11.0, true, (1.0, 1.0, 1.0))?;
        }
    }
    // Villages.
    for (i, v) in map.villages.iter().enumerate() {
        let vid = i as VillageId;
        let principal = map.is_principal(vid);
        let half = if principal { 13.0 } else { 9.0 };
        let vs = &view.villages[i];
        if highlights.contains(&vid) {
            cr.rectangle(
                v.x - half - 7.0,
                v.y - half - 7.0,
                2.0 * half + 14.0,
                2.0 * half + 14.0,
            );
            cr.set_source_rgba(1.0, 0.85, 0.1, 0.95);
            cr.fill_preserve()?;
            cr.set_source_rgb(0.55, 0.3, 0.0);
            cr.set_line_width(2.0);
            cr.stroke()?;
        }
        if look.selected == Some(vid) {
            cr.arc(v.x, v.y, half + 14.0, 0.0, 2.0 * PI);
            cr.set_source_rgb(0.1, 0.35, 0.85);
            cr.set_line_width(4.0);
            cr.set_dash(&[7.0, 4.0], 0.0);
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
        }
        cr.rectangle(v.x - half, v.y - half, 2.0 * half, 2.0 * half);
        match vs.controller {
            Some(p) => {
                let (r, g, b) = player_rgb(view, p);
                cr.set_source_rgb(r, g, b);
            }
            None => cr.set_source_rgb(0.98, 0.97, 0.93),
        }
        cr.fill_preserve()?;
        cr.set_source_rgb(0.15, 0.1, 0.05);
        cr.set_line_width(if principal { 3.0 } else { 2.0 });
        cr.stroke()?;
        match vs.fort {
            Fort::None => {}
            Fort::Stronghold => tower(cr, v.x - half - 14.0, v.y - half - 6.0, 12.0)?,
            Fort::City => {
                tower(cr, v.x - half - 16.0, v.y - half - 8.0, 15.0)?;
                tower(cr, v.x - half - 28.0, v.y - half - 2.0, 10.0)?;
            }
        }
        for m in 0..vs.mills {
            mill(cr, v.x + half + 8.0 + 13.0 * m as f64, v.y - half - 2.0)?;
        }
        // The name banner, larger for principal Villages.
        let size = if principal { 15.0 } else { 12.0 };
        let (tx, ty) = (v.x, v.y + half + size + 2.0);
        cr.set_font_size(size);
        let ext = cr.text_extents(&v.name)?;
        rounded(
            cr,
            tx - ext.width() / 2.0 - 4.0,
            ty - size,
            ext.width() + 8.0,
            size + 5.0,
            3.0,
        );
        cr.set_source_rgba(1.0, 0.99, 0.95, if principal { 0.95 } else { 0.75 });
        cr.fill()?;
        text(cr, &v.name, tx, ty, size, principal, (0.1, 0.07, 0.03))?;
        // Troop stacks: one chip per player with MaA / Knights.
        let mut row = 0.0;
        for (p, t) in vs.troops.iter().enumerate() {
            if t.count() == 0 {
                continue;
            }
            let (x, y) = (v.x + half + 4.0, v.y - 2.0 + row);
            rounded(cr, x, y, 38.0, 16.0, 4.0);
            let rgb = player_rgb(view, p as PlayerId);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.fill_preserve()?;
            cr.set_source_rgb(0.1, 0.1, 0.1);
            cr.set_line_width(1.0);
            cr.stroke()?;
            let ink = ink_on(rgb);
            // Fog of War: only the size of another player's stack is seen.
            let label = if view.state.stack_hidden(view.viewer, vid, p as PlayerId) {
                format!("{} ?", t.count())
            } else {
                format!("{}·{}", t.maa, t.knights)
            };
            text(cr, &label, x + 19.0, y + 12.5, 11.0, true, ink)?;
            row += 18.0;
        }
        // Lords: round tokens with an initial; captives lie on their side (drawn tilted, greyed).
        let lords: Vec<_> = view.lords.iter().filter(|l| l.village == vid).collect();
        for (k, l) in lords.iter().enumerate() {
            let x = v.x - half - 10.0 - 18.0 * k as f64;
            let y = v.y + 4.0;
            cr.save()?;
            cr.translate(x, y);
            if l.captor.is_some() {
                cr.rotate(PI / 2.0);
                cr.scale(1.0, 0.6);
            }
            cr.arc(0.0, 0.0, 8.0, 0.0, 2.0 * PI);
            let rgb = player_rgb(view, l.owner);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.fill_preserve()?;
            if view.titles.darc == Some(l.id) {
                cr.set_source_rgb(0.95, 0.75, 0.1);
                cr.set_line_width(3.0);
            } else if l.excommunicated {
                cr.set_source_rgb(0.0, 0.0, 0.0);
                cr.set_line_width(3.0);
                cr.set_dash(&[2.0, 2.0], 0.0);
            } else {
                cr.set_source_rgb(0.1, 0.1, 0.1);
                cr.set_line_width(1.5);
            }
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
            cr.restore()?;
            let initial: String = fief::rules::cards::lord_name(l.id)
                .chars()
                .take(1)
                .collect();
            let ink = ink_on(player_rgb(view, l.owner));
            text(cr, &initial, x, y + 4.0, 10.0, true, ink)?;
        }
        // Holy Relics (11.1): gold tokens under the Village with the relic's initial; one
        // carried by a Lord is ringed in his family's colour.
        let relics: Vec<_> = view
            .state
            .relics
            .iter()
            .filter(|s| view.state.relic_village(s.relic) == Some(vid))
            .collect();
        for (k, s) in relics.iter().enumerate() {
            let (x, y) = (v.x - 20.0 + 14.0 * k as f64, v.y + half + 16.0);
            cr.save()?;
            cr.translate(x, y);
            cr.rotate(PI / 4.0);
            cr.rectangle(-5.5, -5.5, 11.0, 11.0);
            cr.restore()?;
            cr.set_source_rgb(0.93, 0.76, 0.2);
            cr.fill_preserve()?;
            match s.at {
                fief::rules::relics::RelicAt::Lord(l) => {
                    let owner = view.lords.iter().find(|x| x.id == l).map(|x| x.owner);
                    let rgb = owner
                        .map(|o| player_rgb(view, o))
                        .unwrap_or((0.3, 0.2, 0.1));
                    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
                    cr.set_line_width(2.5);
                }
                _ => {
                    cr.set_source_rgb(0.45, 0.3, 0.05);
                    cr.set_line_width(1.0);
                }
            }
            cr.stroke()?;
            // The key's initial (G, E, T, S, B): a mark, explained by the tooltip.
            let initial = s.relic.key()[..1].to_uppercase();
            text(cr, &initial, x, y + 3.5, 8.0, true, (0.25, 0.15, 0.0))?;
        }
        // Siege Engines: a small wheeled frame per player, marked 1 or 2 (its dice side).
        let mut k = 0.0;
        for (p, &e) in vs.engines.iter().enumerate() {
            if e == 0 {
                continue;
            }
            let (x, y) = (v.x - half - 14.0 - 16.0 * k, v.y - half - 22.0);
            let rgb = player_rgb(view, p as PlayerId);
            engine(cr, x, y, rgb, e)?;
            k += 1.0;
        }
        if let Some(b) = vs.besieger {
            let rgb = player_rgb(view, b);
            cr.arc(v.x, v.y, half + 3.0, 0.0, 2.0 * PI);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.set_line_width(3.0);
            cr.set_dash(&[3.0, 3.0], 0.0);
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
        }
    }
    // Tax markers: Tallage on the Fief (at the middle of its Villages), Tithe by the mitre.
    for (k, t) in view.taxes.iter().enumerate() {
        let (x, y, label) = match t.target {
            TaxTarget::Tallage(f) => {
                let vs = &map.fiefs[f as usize].villages;
                let n = vs.len().max(1) as f64;
                let x = vs.iter().map(|v| map.villages[*v as usize].x).sum::<f64>() / n;
                let y = vs.iter().map(|v| map.villages[*v as usize].y).sum::<f64>() / n;
                (x, y + 28.0, "Tallage")
            }
            TaxTarget::Tithe(b) => {
                let m = map.bishoprics[b as usize].mitre;
                (m.0 - 50.0, m.1 + 30.0 + 4.0 * (k % 2) as f64, "Tithe")
            }
        };
        let rgb = player_rgb(view, t.player);
        rounded(cr, x - 30.0, y - 10.0, 60.0, 18.0, 9.0);
        cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
        cr.fill_preserve()?;
        cr.set_source_rgb(0.6, 0.45, 0.05);
        cr.set_line_width(2.0);
        cr.stroke()?;
        text(cr, label, x, y + 3.5, 11.0, true, ink_on(rgb))?;
    }
    cr.restore()?;
    Ok(())
}

fn polygon(cr: &Context, pts: &[(f64, f64)]) {
    if let Some((x, y)) = pts.first() {
        cr.move_to(*x, *y);
    }
    for (x, y) in pts.iter().skip(1) {
        cr.line_to(*x, *y);
    }
    cr.close_path();
}

fn line(cr: &Context, a: (f64, f64), b: (f64, f64)) {
    cr.move_to(a.0, a.1);
    cr.line_to(b.0, b.1);
}

fn rounded(cr: &Context, x: f64, y: f64, w: f64, h: f64, r: f64) {
    cr.new_sub_path();
    cr.arc(x + w - r, y + r, r, -PI / 2.0, 0.0);
    cr.arc(x + w - r, y + h - r, r, 0.0, PI / 2.0);
    cr.arc(x + r, y + h - r, r, PI / 2.0, PI);
    cr.arc(x + r, y + r, r, PI, 1.5 * PI);
    cr.close_path();
}

fn text(
    cr: &Context,
    s: &str,
    cx: f64,
    baseline: f64,
    size: f64,
    bold: bool,
    rgb: (f64, f64, f64),
) -> Result<(), cairo::Error> {
    let weight = if bold {
        cairo::FontWeight::Bold
    } else {
        cairo::FontWeight::Normal
    };
    cr.select_font_face("Serif", cairo::FontSlant::Normal, weight);
    cr.set_font_size(size);
    let ext = cr.text_extents(s)?;
    cr.move_to(cx - ext.width() / 2.0 - ext.x_bearing(), baseline);
    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
    cr.show_text(s)?;
    // show_text leaves a current point: the next arc must not be joined to it.
    cr.new_path();
    Ok(())
}

/// A bishop's mitre with the Bishopric number.
fn mitre(cr: &Context, x: f64, y: f64, n: u8) -> Result<(), cairo::Error> {
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
fn tower(cr: &Context, x: f64, y: f64, s: f64) -> Result<(), cairo::Error> {
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
fn engine(
    cr: &Context,
    x: f64,
    y: f64,
    rgb: (f64, f64, f64),
    side: u8,
) -> Result<(), cairo::Error> {
    cr.rectangle(x - 7.0, y - 6.0, 14.0, 8.0);
    cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.2, 0.12, 0.05);
    cr.set_line_width(1.2);
    cr.stroke()?;
    for dx in [-4.0, 4.0] {
        cr.arc(x + dx, y + 4.0, 2.5, 0.0, 2.0 * PI);
        cr.set_source_rgb(0.2, 0.12, 0.05);
        cr.fill()?;
    }
    text(cr, &side.to_string(), x, y + 1.0, 8.0, true, ink_on(rgb))
}

fn mill(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
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

use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

struct Shared {
    map: Arc<Map>,
    view: Option<Rc<View>>,
    look: Look,
    pointer: (f64, f64),
    drag_last: (f64, f64),
}

pub struct MapCanvas {
    shared: Rc<RefCell<Shared>>,
    area: gtk::DrawingArea,
}

#[derive(Debug)]
pub enum MapMsg {
    /// A new position to show, the Villages that react, the selected one.
    Show(Rc<View>, Vec<VillageId>, Option<VillageId>),
    ZoomIn,
    ZoomOut,
    ZoomReset,
}

#[derive(Debug)]
pub enum MapOut {
    /// A click on a Village (or on no Village: `None`).
    Clicked(Option<VillageId>),
}

impl MapCanvas {
    fn zoom(&self, factor: f64) {
        let mut sh = self.shared.borrow_mut();
        let (w, h) = (self.area.width() as f64, self.area.height() as f64);
        let map = sh.map.clone();
        sh.look.camera.zoom_at(&map, w, h, factor, w / 2.0, h / 2.0);
    }
}

impl SimpleComponent for MapCanvas {
    type Init = Arc<Map>;
    type Input = MapMsg;
    type Output = MapOut;
    type Root = gtk::Overlay;
    type Widgets = ();

    fn init_root() -> gtk::Overlay {
        gtk::Overlay::new()
    }

    fn init(
        map: Arc<Map>,
        root: gtk::Overlay,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let shared = Rc::new(RefCell::new(Shared {
            look: Look::plain(&map),
            map,
            view: None,
            pointer: (0.0, 0.0),
            drag_last: (0.0, 0.0),
        }));
        let area = gtk::DrawingArea::new();
        area.set_hexpand(true);
        area.set_vexpand(true);
        area.set_widget_name("board");
        area.set_focusable(true);
        let sh = shared.clone();
        area.set_draw_func(move |_, cr, w, h| {
            let sh = sh.borrow();
            if let Some(view) = &sh.view {
                draw_map(cr, &sh.map, view, &sh.look, w as f64, h as f64);
            }
        });
        // Clicks (a drag beyond the threshold cancels the click).
        let click = gtk::GestureClick::new();
        let (sh, s, a) = (shared.clone(), sender.clone(), area.clone());
        click.connect_released(move |_, _, x, y| {
            let sh = sh.borrow();
            let v = hit_test(
                &sh.map,
                a.width() as f64,
                a.height() as f64,
                sh.look.camera,
                x,
                y,
            );
            s.output(MapOut::Clicked(v)).ok();
        });
        area.add_controller(click);
        // Drag to pan when zoomed in.
        let drag = gtk::GestureDrag::new();
        let sh = shared.clone();
        drag.connect_drag_begin(move |_, _, _| sh.borrow_mut().drag_last = (0.0, 0.0));
        let (sh, a) = (shared.clone(), area.clone());
        drag.connect_drag_update(move |_, dx, dy| {
            let mut sh = sh.borrow_mut();
            let (lx, ly) = sh.drag_last;
            sh.drag_last = (dx, dy);
            let map = sh.map.clone();
            let (w, h) = (a.width() as f64, a.height() as f64);
            sh.look.camera.pan(&map, w, h, dx - lx, dy - ly);
            a.queue_draw();
        });
        area.add_controller(drag);
        // Scroll to zoom at the pointer.
        let scroll = gtk::EventControllerScroll::new(gtk::EventControllerScrollFlags::VERTICAL);
        let (sh, a) = (shared.clone(), area.clone());
        scroll.connect_scroll(move |_, _, dy| {
            let mut sh = sh.borrow_mut();
            let map = sh.map.clone();
            let (x, y) = sh.pointer;
            let (w, h) = (a.width() as f64, a.height() as f64);
            let factor = if dy < 0.0 { 1.2 } else { 1.0 / 1.2 };
            sh.look.camera.zoom_at(&map, w, h, factor, x, y);
            a.queue_draw();
            gtk::glib::Propagation::Stop
        });
        area.add_controller(scroll);
        // Hover: remember the pointer; a hand cursor over Villages that react.
        let motion = gtk::EventControllerMotion::new();
        let (sh, a) = (shared.clone(), area.clone());
        motion.connect_motion(move |_, x, y| {
            let mut sh = sh.borrow_mut();
            sh.pointer = (x, y);
            let v = hit_test(
                &sh.map,
                a.width() as f64,
                a.height() as f64,
                sh.look.camera,
                x,
                y,
            );
            let hot = v.is_some_and(|v| sh.look.highlights.contains(&v));
            a.set_cursor_from_name(Some(if hot { "pointer" } else { "default" }));
        });
        area.add_controller(motion);
        // The tooltip: everything on the Village under the pointer.
        area.set_has_tooltip(true);
        let sh = shared.clone();
        area.connect_query_tooltip(move |a, x, y, _, tip| {
            let sh = sh.borrow();
            let Some(view) = &sh.view else { return false };
            let v = hit_test(
                &sh.map,
                a.width() as f64,
                a.height() as f64,
                sh.look.camera,
                x as f64,
                y as f64,
            );
            match v {
                Some(v) => {
                    tip.set_markup(Some(&super::text::village_tooltip(
                        &view.state,
                        view.viewer,
                        v,
                        &view.legal,
                    )));
                    true
                }
                None => false,
            }
        });
        root.set_child(Some(&area));

        // Zoom buttons in the corner.
        let zoom = gtk::Box::new(gtk::Orientation::Vertical, 0);
        zoom.add_css_class("linked");
        zoom.add_css_class("osd");
        zoom.set_halign(gtk::Align::End);
        zoom.set_valign(gtk::Align::Start);
        zoom.set_margin_top(8);
        zoom.set_margin_end(8);
        for (icon, tip, msg) in [
            ("zoom-in-symbolic", super::tr("Zoom in"), 0),
            ("zoom-out-symbolic", super::tr("Zoom out"), 1),
            ("zoom-fit-best-symbolic", super::tr("Whole board"), 2),
        ] {
            let b = gtk::Button::from_icon_name(icon);
            b.set_tooltip_text(Some(&tip));
            let s = sender.clone();
            b.connect_clicked(move |_| {
                s.input(match msg {
                    0 => MapMsg::ZoomIn,
                    1 => MapMsg::ZoomOut,
                    _ => MapMsg::ZoomReset,
                })
            });
            zoom.append(&b);
        }
        root.add_overlay(&zoom);

        ComponentParts {
            model: MapCanvas { shared, area },
            widgets: (),
        }
    }

    fn update(&mut self, msg: MapMsg, _sender: ComponentSender<Self>) {
        match msg {
            MapMsg::Show(view, highlights, selected) => {
                let mut sh = self.shared.borrow_mut();
                sh.view = Some(view);
                sh.look.highlights = highlights;
                sh.look.selected = selected;
            }
            MapMsg::ZoomIn => self.zoom(1.25),
            MapMsg::ZoomOut => self.zoom(0.8),
            MapMsg::ZoomReset => {
                let mut sh = self.shared.borrow_mut();
                sh.look.camera = Camera::whole(&sh.map);
            }
        }
        self.area.queue_draw();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::{Action, Game, Options};

    #[test]
    fn draws_the_board_on_an_image_surface() {
        let mut g = Game::new(Options {
            players: 4,
            seed: 3,
            ..Options::default()
        })
        .unwrap();
        for v in 0..4 {
            let p = g.to_act().unwrap();
            g.apply(p, Action::ChooseStart(v * 6)).unwrap();
        }
        let map = g.map.clone();
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1000, 800).unwrap();
        let cr = Context::new(&surface).unwrap();
        let mut look = Look::plain(&map);
        look.highlights = vec![1, 2];
        draw_map(&cr, &map, &g.view(None), &look, 1000.0, 800.0);
        drop(cr);
        let data = surface.take_data().unwrap();
        // Many different colours were painted (not a blank or single-colour surface).
        let mut colours: Vec<&[u8]> = data.chunks(4).collect();
        colours.sort();
        colours.dedup();
        assert!(colours.len() > 50, "only {} colours", colours.len());
        // Hit-testing finds the village at its own centre.
        let cam = look.camera;
        let fit = Fit::new(&map, 1000.0, 800.0, cam);
        let v = &map.villages[7];
        let (x, y) = fit.to_widget(v.x, v.y);
        assert_eq!(hit_test(&map, 1000.0, 800.0, cam, x, y), Some(7));
    }

    fn render(g: &Game, look: &Look, w: i32, h: i32) -> (Vec<u8>, i32) {
        let mut surface = cairo::ImageSurface::create(cairo::Format::ARgb32, w, h).unwrap();
        {
            let cr = Context::new(&surface).unwrap();
            draw_map(&cr, &g.map, &g.view(None), look, w as f64, h as f64);
        }
        let stride = surface.stride();
        let data = surface.data().unwrap().to_vec();
        (data, stride)
    }

    /// The RGB at a widget pixel (ARgb32 is stored B, G, R, A on little-endian machines).
    fn pixel(data: &[u8], stride: i32, x: f64, y: f64) -> (u8, u8, u8) {
        let i = (y as i32 * stride + x as i32 * 4) as usize;
        (data[i + 2], data[i + 1], data[i])
    }

    fn close(a: (u8, u8, u8), b: (f64, f64, f64)) -> bool {
        let d = |x: u8, y: f64| (x as f64 - y * 255.0).abs();
        d(a.0, b.0) < 6.0 && d(a.1, b.1) < 6.0 && d(a.2, b.2) < 6.0
    }

    #[test]
    fn every_fief_is_painted_in_its_colour() {
        let g = Game::new(Options::default()).unwrap();
        let look = Look::plain(&g.map);
        let (w, h) = (1000, 800);
        let (data, stride) = render(&g, &look, w, h);
        let fit = Fit::new(&g.map, w as f64, h as f64, look.camera);
        for (fi, fief) in g.map.fiefs.iter().enumerate() {
            let want = lighten(fief.rgb(), 0.15);
            // Points of the Fief's Village cells, part way from each Village to its corners.
            let found = fief.villages.iter().any(|&v| {
                let c = &g.map.villages[v as usize];
                g.map.cells[v as usize].polygon.iter().any(|&(px, py)| {
                    [0.45, 0.6, 0.75].iter().any(|t| {
                        let (bx, by) = (c.x + (px - c.x) * t, c.y + (py - c.y) * t);
                        let (x, y) = fit.to_widget(bx, by);
                        close(pixel(&data, stride, x, y), want)
                    })
                })
            });
            assert!(found, "no pixel of fief {fi} ({}) in its colour", fief.name);
        }
    }

    #[test]
    fn only_highlighted_villages_glow_and_the_camera_zooms_on_a_point() {
        let g = Game::new(Options::default()).unwrap();
        let mut look = Look::plain(&g.map);
        look.highlights = vec![5];
        let (w, h) = (1000, 800);
        let (data, stride) = render(&g, &look, w, h);
        let fit = Fit::new(&g.map, w as f64, h as f64, look.camera);
        let glow = (1.0, 0.85, 0.1);
        for v in [5usize, 6] {
            let c = &g.map.villages[v];
            let half = if g.map.is_principal(v as u8) {
                13.0
            } else {
                9.0
            };
            // Just outside the square's left edge, at mid height: the glow band.
            let (x, y) = fit.to_widget(c.x - half - 3.0, c.y);
            assert_eq!(
                close(pixel(&data, stride, x, y), glow),
                v == 5,
                "village {v}"
            );
        }
        // Zooming keeps the board point under the pointer in place, and hit-testing follows.
        let mut cam = Camera::whole(&g.map);
        let c = &g.map.villages[12];
        let (x, y) = Fit::new(&g.map, 1000.0, 800.0, cam).to_widget(c.x, c.y);
        cam.zoom_at(&g.map, 1000.0, 800.0, 2.0, x, y);
        assert!(cam.zoom > 1.9);
        let (x2, y2) = Fit::new(&g.map, 1000.0, 800.0, cam).to_widget(c.x, c.y);
        assert!((x2 - x).abs() < 0.5 && (y2 - y).abs() < 0.5);
        assert_eq!(hit_test(&g.map, 1000.0, 800.0, cam, x, y), Some(12));
        // Far from every Village, nothing is hit.
        assert_eq!(
            hit_test(&g.map, 1000.0, 800.0, Camera::whole(&g.map), 2.0, 2.0),
            None
        );
    }
}
