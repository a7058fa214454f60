//! The board drawn with cairo by one pure function (`draw_map`) that tests can call on an
//! ImageSurface: colours, the marks of the last moves, the card tags and the pieces.

use crate::ui::app::trail::Mark;
use crate::ui::board::geometry::*;
use crate::ui::tr;
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

pub(crate) fn lighten((r, g, b): (f64, f64, f64), t: f64) -> (f64, f64, f64) {
    (r + (1.0 - r) * t, g + (1.0 - g) * t, b + (1.0 - b) * t)
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
    // What the others did since the viewer's last decision: their roads, their battles.
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
        }
    }
    // Villages.
    for (i, v) in map.villages.iter().enumerate() {
        let vid = i as VillageId;
        let principal = map.is_principal(vid);
        let half = half_side(map, vid);
        let vs = &view.villages[i];
        // While an army travels, it is not yet drawn where it is going.
        let arriving = |p: PlayerId| look.moving.is_some_and(|(q, _, to, _)| q == p && to == vid);
        let lords: Vec<_> = view
            .lords
            .iter()
            .filter(|l| l.village == vid && !arriving(l.owner))
            .collect();
        let relics: Vec<_> = view
            .state
            .relics
            .iter()
            .filter(|s| view.state.relic_village(s.relic) == Some(vid))
            .collect();
        let chips: Vec<(usize, fief::rules::Troops)> = vs
            .troops
            .iter()
            .copied()
            .enumerate()
            .filter(|(p, t)| t.count() > 0 && !arriving(*p as PlayerId))
            .collect();
        let engines: Vec<(usize, u8)> = vs
            .engines
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, e)| *e > 0)
            .collect();
        let spot = spots(
            map,
            vid,
            name_width(cr, map, vid),
            chips.len(),
            lords.len() + engines.len(),
            vs.mills as usize + relics.len(),
        );
        if look.selected == Some(vid) {
            cr.arc(v.x, v.y, half + 16.0, 0.0, 2.0 * PI);
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
        cr.set_line_width(if principal { 3.0 } else { 2.5 });
        cr.stroke()?;
        match vs.fort {
            Fort::None => {}
            Fort::Stronghold => tower(cr, v.x - half - 15.0, v.y - half - 15.0, 13.0)?,
            Fort::City => {
                tower(cr, v.x - half - 17.0, v.y - half - 17.0, 16.0)?;
                tower(cr, v.x - half - 30.0, v.y - half - 11.0, 11.0)?;
            }
        }
        // Troop stacks: one chip per player with MaA · Knights, stacked upward on the right.
        for ((p, t), r) in chips.iter().zip(&spot.chips) {
            rounded(cr, r.x, r.y, r.w, r.h, 5.0);
            let rgb = player_rgb(view, *p as PlayerId);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.fill_preserve()?;
            outline(cr)?;
            let ink = ink_on(rgb);
            // Fog of War: only the size of another player's stack is seen.
            let label = if view.state.stack_hidden(view.viewer, vid, *p as PlayerId) {
                format!("{} ?", t.count())
            } else {
                format!("{}·{}", t.maa, t.knights)
            };
            text(
                cr,
                &label,
                r.x + r.w / 2.0,
                r.y + 17.5,
                CHIP_TEXT,
                true,
                ink,
            )?;
        }
        // Lords: round tokens with an initial; captives lie on their side (drawn tilted).
        for (l, &(x, y)) in lords.iter().zip(&spot.lords) {
            cr.save()?;
            cr.translate(x, y);
            if l.captor.is_some() {
                cr.rotate(PI / 2.0);
                cr.scale(1.0, 0.65);
            }
            cr.arc(0.0, 0.0, LORD_R, 0.0, 2.0 * PI);
            let rgb = player_rgb(view, l.owner);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.fill_preserve()?;
            if view.titles.darc == Some(l.id) {
                cr.set_source_rgb(0.95, 0.75, 0.1);
                cr.set_line_width(4.0);
            } else if l.excommunicated {
                cr.set_source_rgb(0.0, 0.0, 0.0);
                cr.set_line_width(3.5);
                cr.set_dash(&[3.0, 2.0], 0.0);
            } else {
                cr.set_source_rgb(0.08, 0.06, 0.04);
                cr.set_line_width(2.5);
            }
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
            cr.restore()?;
            let initial: String = fief::rules::cards::lord_name(l.id)
                .chars()
                .take(1)
                .collect();
            let ink = ink_on(player_rgb(view, l.owner));
            text(cr, &initial, x, y + 6.0, LORD_TEXT, true, ink)?;
        }
        // Siege Engines after the Lords: a frame on wheels marked with its dice side.
        for ((p, e), &(x, y)) in engines.iter().zip(spot.lords.iter().skip(lords.len())) {
            engine(cr, x, y, player_rgb(view, *p as PlayerId), *e)?;
        }
        // Mills, then the Holy Relics (11.1), in a row above the square: a relic is a gold
        // diamond with the relic's initial, ringed in the colour of the family carrying it.
        for &(x, y) in spot.above.iter().take(vs.mills as usize) {
            mill(cr, x, y)?;
        }
        for (s, &(x, y)) in relics.iter().zip(spot.above.iter().skip(vs.mills as usize)) {
            cr.save()?;
            cr.translate(x, y);
            cr.rotate(PI / 4.0);
            cr.rectangle(-6.0, -6.0, 12.0, 12.0);
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
            let initial = s.relic.key()[..1].to_uppercase();
            text(cr, &initial, x, y + 3.5, 9.0, true, (0.25, 0.15, 0.0))?;
        }
        if let Some(b) = vs.besieger {
            let rgb = player_rgb(view, b);
            cr.arc(v.x, v.y, half + 4.0, 0.0, 2.0 * PI);
            cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
            cr.set_line_width(3.5);
            cr.set_dash(&[3.0, 3.0], 0.0);
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
        }
        // A Village the decision may pick: a dark band with a bright one inside, above its
        // own tokens, shows on every Fief colour; only the name is drawn over it.
        if highlights.contains(&vid) {
            let r = half + 9.0;
            cr.rectangle(v.x - r, v.y - r, 2.0 * r, 2.0 * r);
            cr.set_source_rgba(0.12, 0.06, 0.0, 0.9);
            cr.set_line_width(9.0);
            cr.stroke_preserve()?;
            cr.set_source_rgb(HIGHLIGHT.0, HIGHLIGHT.1, HIGHLIGHT.2);
            cr.set_line_width(4.5);
            cr.stroke()?;
        }
        // The keyboard's Village: a blue ring outside the highlight's.
        if look.focus == Some(vid) {
            let r = half + 15.0;
            cr.rectangle(v.x - r, v.y - r, 2.0 * r, 2.0 * r);
            cr.set_source_rgb(0.1, 0.35, 0.85);
            cr.set_line_width(3.5);
            cr.stroke()?;
        }
        // The name banner under the square, larger for principal Villages.
        let size = if principal {
            PRINCIPAL_NAME_SIZE
        } else {
            NAME_SIZE
        };
        let n = spot.name;
        rounded(cr, n.x, n.y, n.w, n.h, 4.0);
        cr.set_source_rgba(1.0, 0.99, 0.95, if principal { 0.95 } else { 0.85 });
        cr.fill()?;
        text(
            cr,
            &v.name,
            v.x,
            n.y + size + 1.0,
            size,
            principal,
            (0.1, 0.07, 0.03),
        )?;
    }
    // Tax markers: Tallage on the Fief (at the middle of its Villages), Tithe by the mitre.
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
    // The Move being prepared: its road as a dashed arrow in the mover's colour.
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
    cr.restore()?;
    Ok(())
}

/// The bright colour of a Village that may be picked.
pub const HIGHLIGHT: (f64, f64, f64) = (1.0, 0.84, 0.0);

/// The ring of a hint's Villages (teal: apart from the yellow of what may be picked).
pub const HINT: (f64, f64, f64) = (0.1, 0.85, 0.8);

/// A token's dark outline, wide enough to show on every colour (White on a pale Fief too).
pub(crate) fn outline(cr: &Context) -> Result<(), cairo::Error> {
    cr.set_source_rgb(0.08, 0.06, 0.04);
    cr.set_line_width(2.5);
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
