//! The board drawn with cairo by one pure function (`draw_map`) that tests can call on an
//! ImageSurface: colours, the marks of the last moves, the card tags and the pieces.

use crate::ui::app::trail::Mark;
use crate::ui::board::colours::*;
use crate::ui::board::geometry::*;
use crate::ui::board::glyphs::*;
use crate::ui::tr;
use cairo::Context;
use fief::map::{Map, VillageId};
use fief::rules::{PlayerId, TaxTarget, View};
use std::f64::consts::PI;
use village::village;

/// One Village and its pieces (the legend draws its parts too).
pub(in crate::ui::board) mod village;

/// What the board shows besides the game: the Villages a decision may pick (only they react
/// to clicks), the selected Village, and the camera.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    pub highlights: Vec<VillageId>,
    pub selected: Option<VillageId>,
    pub camera: Camera,
    /// What the others did since the viewer's last decision.
    pub marks: Vec<Mark>,
    /// A Lord's army on its way along a road: who, from, to, and how far (0 to 1).
    pub moving: Option<(PlayerId, VillageId, VillageId, f64)>,
    /// The Move being prepared (dragged, hovered or composed): its road, drawn ahead.
    pub path: Option<(VillageId, VillageId)>,
    /// An army dragged away from its Village towards a point of the board that is no
    /// destination: a thin line to the pointer.
    pub rubber: Option<(VillageId, (f64, f64))>,
    /// The Village the keyboard is on (arrows move it, Enter picks it).
    pub focus: Option<VillageId>,
    /// The hint on screen: its Villages are ringed, a Move's road dotted.
    pub hint: Vec<VillageId>,
}

impl Look {
    pub fn plain(map: &Map) -> Look {
        Look {
            highlights: Vec::new(),
            selected: None,
            camera: Camera::whole(map),
            marks: Vec::new(),
            moving: None,
            path: None,
            rubber: None,
            focus: None,
            hint: Vec::new(),
        }
    }
}

/// A card lying on a Bishopric, shown as a tag beside its mitre (board coordinates).
#[derive(Debug, Clone, PartialEq)]
pub struct CardTag {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub bishopric: fief::map::BishopricId,
    pub card: fief::rules::Card,
    pub label: String,
    pub rgb: (f64, f64, f64),
}

/// The tags of the cards lying on the Bishoprics (Heavy Rain, Famine, Plague, Bountiful
/// Harvest, Good Weather) and where they are drawn: the board paints them, the tooltip
/// finds the one under the pointer. `cr` measures their words.
pub fn card_tags(cr: &Context, map: &Map, view: &View) -> Result<Vec<CardTag>, cairo::Error> {
    use fief::rules::Card;
    let mut out = Vec::new();
    for (bi, b) in map.bishoprics.iter().enumerate() {
        let Some(cards) = view.bishopric_cards.get(bi) else {
            continue;
        };
        // Short words on the tags.
        let tags = [
            (
                cards.heavy_rain,
                Card::HeavyRain,
                tr("Rain"),
                (0.25, 0.35, 0.55),
            ),
            (cards.famine, Card::Famine, tr("Famine"), (0.45, 0.3, 0.1)),
            (cards.plague, Card::Plague, tr("Plague"), (0.1, 0.1, 0.1)),
            (
                cards.harvest,
                Card::Harvest,
                tr("Harvest"),
                (0.75, 0.6, 0.1),
            ),
            (
                cards.good_weather,
                Card::GoodWeather,
                tr("Sun"),
                (0.9, 0.55, 0.1),
            ),
        ];
        for (k, (_, card, label, rgb)) in tags.into_iter().filter(|t| t.0).enumerate() {
            set_font(cr, 15.0, true);
            let w = cr.text_extents(&label)?.width() + 14.0;
            // Right of the mitre, or left of it near the board's right edge.
            let x = if b.mitre.0 + 24.0 + w > map.width - 4.0 {
                b.mitre.0 - 24.0 - w
            } else {
                b.mitre.0 + 24.0
            };
            let y = (b.mitre.1 - 14.0 + 24.0 * k as f64).min(map.height - 24.0);
            out.push(CardTag {
                x,
                y,
                w,
                bishopric: bi as fief::map::BishopricId,
                card,
                label,
                rgb,
            });
        }
    }
    Ok(out)
}

/// The card tag at board point (bx, by), if any.
pub fn tag_at(map: &Map, view: &View, bx: f64, by: f64) -> Option<CardTag> {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1).ok()?;
    let cr = Context::new(&surface).ok()?;
    card_tags(&cr, map, view)
        .ok()?
        .into_iter()
        .find(|t| bx >= t.x && bx <= t.x + t.w && by >= t.y && by <= t.y + 21.0)
}

/// Paints the whole board: Fief backgrounds, Bishopric borders with their mitres, roads,
/// Villages, buildings, Troops, Lords, tax markers and the cards at the Bishoprics; the
/// Villages of `look.highlights` glow, the selected one is ringed.
pub fn draw_map(cr: &Context, map: &Map, view: &View, look: &Look, width: f64, height: f64) {
    // Cairo records drawing errors on the context; a failed stroke must not stop the UI.
    let _ = paint(cr, map, view, look, width, height);
}

pub(crate) fn paint(
    cr: &Context,
    map: &Map,
    view: &View,
    look: &Look,
    width: f64,
    height: f64,
) -> Result<(), cairo::Error> {
    cr.set_source_rgb(0.93, 0.89, 0.80);
    cr.paint()?;
    let fit = Fit::new(map, width, height, look.camera);
    cr.save()?;
    cr.translate(fit.dx, fit.dy);
    cr.scale(fit.scale, fit.scale);

    fiefs(cr, map)?;
    roads_and_bishoprics(cr, map, view)?;
    marks(cr, map, view, look)?;
    for (i, v) in map.villages.iter().enumerate() {
        village(cr, map, view, look, i as VillageId, v)?;
    }
    taxes(cr, map, view)?;
    plans(cr, map, view, look)?;
    cr.restore()?;
    Ok(())
}

/// The Fiefs' backgrounds, then their borders (thin) and the Bishoprics' (thick).
fn fiefs(cr: &Context, map: &Map) -> Result<(), cairo::Error> {
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
    Ok(())
}

/// The roads, the mitres with the Bishoprics' numbers, and the cards lying there.
fn roads_and_bishoprics(cr: &Context, map: &Map, view: &View) -> Result<(), cairo::Error> {
    for &(a, b) in &map.roads {
        let (va, vb) = (&map.villages[a as usize], &map.villages[b as usize]);
        line(cr, (va.x, va.y), (vb.x, vb.y));
        cr.set_source_rgba(0.45, 0.32, 0.18, 0.85);
        cr.set_line_width(4.0);
        cr.stroke()?;
    }
    // Mitres with the Bishopric numbers, and the cards lying there.
    for b in &map.bishoprics {
        mitre(cr, b.mitre.0, b.mitre.1, b.number)?;
    }
    for t in card_tags(cr, map, view)? {
        rounded(cr, t.x, t.y, t.w, 21.0, 4.0);
        cr.set_source_rgb(t.rgb.0, t.rgb.1, t.rgb.2);
        cr.fill()?;
        text(
            cr,
            &t.label,
            t.x + t.w / 2.0,
            t.y + 15.5,
            15.0,
            true,
            (1.0, 1.0, 1.0),
        )?;
    }
    Ok(())
}

/// What the others did since the viewer's last decision: their roads, their battles.
pub(in crate::ui::board) fn marks(
    cr: &Context,
    map: &Map,
    view: &View,
    look: &Look,
) -> Result<(), cairo::Error> {
    for m in &look.marks {
        match *m {
            Mark::Move { player, from, to } => road_arrow(cr, map, view, player, from, to)?,
            Mark::Battle { village } => {
                let c = &map.villages[village as usize];
                cr.arc(c.x, c.y, half_side(map, village) + 22.0, 0.0, 2.0 * PI);
                cr.set_source_rgba(0.75, 0.05, 0.05, 0.85);
                cr.set_line_width(5.0);
                cr.set_dash(&[10.0, 6.0], 0.0);
                cr.stroke()?;
                cr.set_dash(&[], 0.0);
            }
            Mark::Coach { village } => {
                // An amber ring on a dark one, apart from the hint's teal and a battle's red.
                let c = &map.villages[village as usize];
                // Wide enough to clear the Village's own glow and its pieces.
                cr.arc(c.x, c.y, half_side(map, village) + 36.0, 0.0, 2.0 * PI);
                banded(cr, (0.1, 0.06, 0.0, 0.85), 9.0, COACH, 5.0)?;
            }
        }
    }
    Ok(())
}

/// The tax markers: Tallage on the Fief (at the middle of its Villages), Tithe by the mitre.
fn taxes(cr: &Context, map: &Map, view: &View) -> Result<(), cairo::Error> {
    for (k, t) in view.taxes.iter().enumerate() {
        let (x, y, label) = match t.target {
            TaxTarget::Tallage(f) => {
                let vs = &map.fiefs[f as usize].villages;
                let n = vs.len().max(1) as f64;
                let x = vs.iter().map(|v| map.villages[*v as usize].x).sum::<f64>() / n;
                let y = vs.iter().map(|v| map.villages[*v as usize].y).sum::<f64>() / n;
                (x, y + 28.0, tr("Tallage"))
            }
            TaxTarget::Tithe(b) => {
                let m = map.bishoprics[b as usize].mitre;
                (m.0 - 50.0, m.1 + 32.0 + 4.0 * (k % 2) as f64, tr("Tithe"))
            }
        };
        set_font(cr, 15.0, true);
        let w = cr.text_extents(&label)?.width() + 18.0;
        let rgb = player_rgb(view, t.player);
        rounded(cr, x - w / 2.0, y - 11.0, w, 21.0, 10.0);
        cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
        cr.fill_preserve()?;
        cr.set_source_rgb(0.6, 0.45, 0.05);
        cr.set_line_width(2.5);
        cr.stroke()?;
        text(cr, &label, x, y + 4.5, 15.0, true, ink_on(rgb))?;
    }
    Ok(())
}

/// What is being planned over the board: the Move being prepared (its road as a dashed
/// arrow in the mover's colour), the hint's Villages and road, and an army on its way.
pub(in crate::ui::board) fn plans(
    cr: &Context,
    map: &Map,
    view: &View,
    look: &Look,
) -> Result<(), cairo::Error> {
    let mover = view.viewer.unwrap_or(0);
    if let Some((from, to)) = look.path {
        cr.set_dash(&[14.0, 6.0], 0.0);
        road_arrow(cr, map, view, mover, from, to)?;
        cr.set_dash(&[], 0.0);
    } else if let Some((from, (x, y))) = look.rubber {
        let a = &map.villages[from as usize];
        line(cr, (a.x, a.y), (x, y));
        cr.set_source_rgba(0.08, 0.06, 0.04, 0.7);
        cr.set_line_width(3.0);
        cr.set_dash(&[6.0, 6.0], 0.0);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
    }
    // The hint: its Villages in a teal ring, a Move's road dotted in the mover's colour.
    for &h in &look.hint {
        let Some(v) = map.villages.get(h as usize) else {
            continue;
        };
        let r = half_side(map, h) + 20.0;
        cr.arc(v.x, v.y, r, 0.0, 2.0 * PI);
        cr.set_source_rgba(0.02, 0.1, 0.1, 0.85);
        cr.set_line_width(8.0);
        cr.stroke_preserve()?;
        cr.set_source_rgb(HINT.0, HINT.1, HINT.2);
        cr.set_line_width(4.0);
        cr.set_dash(&[10.0, 5.0], 0.0);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
    }
    if let [from, to] = look.hint[..] {
        if look.path.is_none()
            && (from as usize) < map.villages.len()
            && (to as usize) < map.villages.len()
        {
            cr.set_dash(&[4.0, 5.0], 0.0);
            road_arrow(cr, map, view, mover, from, to)?;
            cr.set_dash(&[], 0.0);
        }
    }
    // An army on its way.
    if let Some((p, from, to, t)) = look.moving {
        let (a, b) = (&map.villages[from as usize], &map.villages[to as usize]);
        let t = t.clamp(0.0, 1.0);
        let (x, y) = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        cr.arc(x, y, LORD_R + 3.0, 0.0, 2.0 * PI);
        let rgb = player_rgb(view, p);
        cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
        cr.fill_preserve()?;
        outline(cr)?;
    }
    Ok(())
}
