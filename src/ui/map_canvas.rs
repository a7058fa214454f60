//! The board, drawn with cairo by one pure function that tests can call on an ImageSurface.

use cairo::Context;
use fief::map::{Map, VillageId};
use fief::rules::{Fort, View};
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

/// Maps board coordinates to widget pixels: the whole board fits, centred.
#[derive(Debug, Clone, Copy)]
pub struct Fit {
    pub scale: f64,
    pub dx: f64,
    pub dy: f64,
}

impl Fit {
    pub fn new(map: &Map, width: f64, height: f64) -> Fit {
        let margin = 8.0;
        let scale = ((width - 2.0 * margin) / map.width)
            .min((height - 2.0 * margin) / map.height)
            .max(0.01);
        Fit {
            scale,
            dx: (width - map.width * scale) / 2.0,
            dy: (height - map.height * scale) / 2.0,
        }
    }
    pub fn to_board(self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.dx) / self.scale, (y - self.dy) / self.scale)
    }
}

/// Which Village lies under a widget point, if any (within its square's reach).
pub fn hit_test(map: &Map, width: f64, height: f64, x: f64, y: f64) -> Option<VillageId> {
    let fit = Fit::new(map, width, height);
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
/// Villages, buildings, Troops and Lords. `highlights` are the Villages a decision may pick.
pub fn draw_map(
    cr: &Context,
    map: &Map,
    view: &View,
    highlights: &[VillageId],
    width: f64,
    height: f64,
) {
    // Cairo records drawing errors on the context; a failed stroke must not stop the UI.
    let _ = paint(cr, map, view, highlights, width, height);
}

fn paint(
    cr: &Context,
    map: &Map,
    view: &View,
    highlights: &[VillageId],
    width: f64,
    height: f64,
) -> Result<(), cairo::Error> {
    cr.set_source_rgb(0.93, 0.89, 0.80);
    cr.paint()?;
    let fit = Fit::new(map, width, height);
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
        let tags: Vec<(&str, (f64, f64, f64))> = [
            (cards.heavy_rain, "Rain", (0.25, 0.35, 0.55)),
            (cards.famine, "Famine", (0.45, 0.3, 0.1)),
            (cards.plague, "Plague", (0.1, 0.1, 0.1)),
            (cards.harvest, "Harvest", (0.75, 0.6, 0.1)),
            (cards.good_weather, "Sun", (0.9, 0.55, 0.1)),
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
                v.x - half - 6.0,
                v.y - half - 6.0,
                2.0 * half + 12.0,
                2.0 * half + 12.0,
            );
            cr.set_source_rgba(1.0, 0.95, 0.3, 0.9);
            cr.fill()?;
        }
        cr.rectangle(v.x - half, v.y - half, 2.0 * half, 2.0 * half);
        match vs.controller {
            Some(p) => {
                let (r, g, b) = PLAYER_RGB[p as usize % 6];
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
            let (r, g, b) = PLAYER_RGB[p % 6];
            cr.set_source_rgb(r, g, b);
            cr.fill_preserve()?;
            cr.set_source_rgb(0.1, 0.1, 0.1);
            cr.set_line_width(1.0);
            cr.stroke()?;
            let ink = if p == 3 || p == 4 {
                (0.1, 0.1, 0.1)
            } else {
                (1.0, 1.0, 1.0)
            };
            text(
                cr,
                &format!("{}·{}", t.maa, t.knights),
                x + 19.0,
                y + 12.5,
                11.0,
                true,
                ink,
            )?;
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
            let (r, g, b) = PLAYER_RGB[l.owner as usize % 6];
            cr.set_source_rgb(r, g, b);
            cr.fill_preserve()?;
            cr.set_source_rgb(0.1, 0.1, 0.1);
            cr.set_line_width(1.5);
            cr.stroke()?;
            cr.restore()?;
            let initial: String = fief::rules::cards::lord_name(l.id)
                .chars()
                .take(1)
                .collect();
            let ink = if l.owner == 3 || l.owner == 4 {
                (0.1, 0.1, 0.1)
            } else {
                (1.0, 1.0, 1.0)
            };
            text(cr, &initial, x, y + 4.0, 10.0, true, ink)?;
        }
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
        draw_map(&cr, &map, &g.view(None), &[1, 2], 1000.0, 800.0);
        drop(cr);
        let data = surface.take_data().unwrap();
        // Many different colours were painted (not a blank or single-colour surface).
        let mut colours: Vec<&[u8]> = data.chunks(4).collect();
        colours.sort();
        colours.dedup();
        assert!(colours.len() > 50, "only {} colours", colours.len());
        // Hit-testing finds the village at its own centre.
        let fit = Fit::new(&map, 1000.0, 800.0);
        let v = &map.villages[7];
        let (x, y) = (v.x * fit.scale + fit.dx, v.y * fit.scale + fit.dy);
        assert_eq!(hit_test(&map, 1000.0, 800.0, x, y), Some(7));
    }
}
