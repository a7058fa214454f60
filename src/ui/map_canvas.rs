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

/// Something another player did, marked on the board until the viewer's next decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// An army moved along a road.
    Move {
        player: PlayerId,
        from: VillageId,
        to: VillageId,
    },
    /// A battle or a siege was declared there.
    Battle { village: VillageId },
}

/// Sizes on the board, in board units (the board is 1000 × 800; at 1280×800 a unit is about
/// 0.63 px, so 18 units of text are 11 px, and text grows with the zoom).
pub const NAME_SIZE: f64 = 18.0;
pub const PRINCIPAL_NAME_SIZE: f64 = 20.0;
const CHIP_W: f64 = 58.0;
const CHIP_H: f64 = 24.0;
const CHIP_TEXT: f64 = 18.0;
const LORD_R: f64 = 13.0;
const LORD_TEXT: f64 = 18.0;
const LORDS_PER_ROW: usize = 3;
const ABOVE_STEP: f64 = 16.0;

/// Half the side of a Village's square.
pub fn half_side(map: &Map, v: VillageId) -> f64 {
    if map.is_principal(v) {
        15.0
    } else {
        11.0
    }
}

/// A rectangle on the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Rect {
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
    fn around(cx: f64, cy: f64, r: f64) -> Rect {
        Rect {
            x: cx - r,
            y: cy - r,
            w: 2.0 * r,
            h: 2.0 * r,
        }
    }
}

/// Where a Village's name and tokens go: the name under its square, Troop chips stacked
/// upward on its right, Lords (then Siege Engines) in rows on its left, Mills and relics in
/// a row above. Nothing is placed over a name (the map's tests check every Village).
#[derive(Debug, Clone, PartialEq)]
pub struct Spots {
    pub name: Rect,
    pub chips: Vec<Rect>,
    /// Centres of the round Lord tokens, then of the Siege Engines.
    pub lords: Vec<(f64, f64)>,
    /// Centres of the Mills, then of the relics.
    pub above: Vec<(f64, f64)>,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Spots {
    /// Every token's rectangle.
    pub fn tokens(&self) -> Vec<Rect> {
        let mut out = self.chips.clone();
        out.extend(self.lords.iter().map(|&(x, y)| Rect::around(x, y, LORD_R)));
        out.extend(self.above.iter().map(|&(x, y)| Rect::around(x, y, 7.0)));
        out
    }
}

/// The spots of Village `v` whose name is `name_w` wide, with `chips` Troop stacks, `lords`
/// Lord and Siege Engine tokens and `above` Mills and relics.
pub fn spots(
    map: &Map,
    v: VillageId,
    name_w: f64,
    chips: usize,
    lords: usize,
    above: usize,
) -> Spots {
    let c = &map.villages[v as usize];
    let half = half_side(map, v);
    let size = if map.is_principal(v) {
        PRINCIPAL_NAME_SIZE
    } else {
        NAME_SIZE
    };
    let name = Rect {
        x: c.x - name_w / 2.0 - 5.0,
        y: c.y + half + 3.0,
        w: name_w + 10.0,
        h: size + 7.0,
    };
    let chips = (0..chips)
        .map(|k| Rect {
            x: c.x + half + 5.0,
            y: c.y + half - CHIP_H - k as f64 * (CHIP_H + 3.0),
            w: CHIP_W,
            h: CHIP_H,
        })
        .collect();
    let lords = (0..lords)
        .map(|k| {
            let (row, col) = ((k / LORDS_PER_ROW) as f64, (k % LORDS_PER_ROW) as f64);
            (
                c.x - half - 5.0 - LORD_R - col * (2.0 * LORD_R + 3.0),
                c.y + half - LORD_R - row * (2.0 * LORD_R + 3.0),
            )
        })
        .collect();
    let above = (0..above)
        .map(|k| {
            (
                c.x - (above as f64 - 1.0) * ABOVE_STEP / 2.0 + k as f64 * ABOVE_STEP,
                c.y - half - 11.0,
            )
        })
        .collect();
    Spots {
        name,
        chips,
        lords,
        above,
    }
}

/// The width of a Village's name as the board writes it.
pub fn name_width(cr: &Context, map: &Map, v: VillageId) -> f64 {
    let principal = map.is_principal(v);
    let size = if principal {
        PRINCIPAL_NAME_SIZE
    } else {
        NAME_SIZE
    };
    set_font(cr, size, principal);
    cr.text_extents(&map.villages[v as usize].name)
        .map(|e| e.width())
        .unwrap_or(size * 8.0)
}

fn set_font(cr: &Context, size: f64, bold: bool) {
    let weight = if bold {
        cairo::FontWeight::Bold
    } else {
        cairo::FontWeight::Normal
    };
    cr.select_font_face("Serif", cairo::FontSlant::Normal, weight);
    cr.set_font_size(size);
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
        .filter(|(_, d)| *d < 36.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i as VillageId)
}

fn lighten((r, g, b): (f64, f64, f64), t: f64) -> (f64, f64, f64) {
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
fn outline(cr: &Context) -> Result<(), cairo::Error> {
    cr.set_source_rgb(0.08, 0.06, 0.04);
    cr.set_line_width(2.5);
    cr.stroke()
}

/// A player's arrow along the road from `from` to `to`.
fn road_arrow(
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
fn arrow(
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
    /// The roads a legal Move may take now (from, to).
    moves: Vec<(VillageId, VillageId)>,
    /// The armies that can be dragged on the viewer's decision, even where no Move is open
    /// (the drop then says why): every Village with units.
    armies: Vec<VillageId>,
    /// The Move composed or the Village selected (its road is previewed on hover).
    path: Option<(VillageId, VillageId)>,
    /// The Village an army is being dragged from.
    drag_from: Option<VillageId>,
    /// Where the drag began, in widget coordinates.
    drag_start: (f64, f64),
    /// Where the last click was pressed.
    press: (f64, f64),
    /// The "why not" bubble is on screen.
    bubble_shown: bool,
}

impl Shared {
    fn village_at(&self, a: &gtk::DrawingArea, x: f64, y: f64) -> Option<VillageId> {
        hit_test(
            &self.map,
            a.width() as f64,
            a.height() as f64,
            self.look.camera,
            x,
            y,
        )
    }

    /// The road previewed with the pointer over `v`: a drag's, or the selected Village's
    /// towards a lit destination, or the composed Move's.
    fn preview(&mut self, v: Option<VillageId>) {
        let from = self.drag_from.or(self.look.selected);
        self.look.path = match (from, v) {
            (Some(f), Some(t)) if self.moves.contains(&(f, t)) => Some((f, t)),
            _ if self.drag_from.is_some() => None,
            _ => self.path,
        };
    }
}

/// What a press at `press` and a release at `release` (widget coordinates) click: the
/// Village under the release (or none, `Some(None)`), or nothing at all (`None`) when the
/// pointer travelled: a drag. A quick click made on the move, pressed and released on the
/// same Village, is a click however far the pointer slid.
pub fn click_target(
    map: &Map,
    w: f64,
    h: f64,
    cam: Camera,
    press: (f64, f64),
    release: (f64, f64),
) -> Option<Option<VillageId>> {
    let at = hit_test(map, w, h, cam, release.0, release.1);
    let still = (release.0 - press.0).hypot(release.1 - press.1) <= 8.0;
    (still || (at.is_some() && at == hit_test(map, w, h, cam, press.0, press.1))).then_some(at)
}

/// The Village nearest to `from` in the direction (dx, dy) (a cone of ±60°), if any.
pub fn neighbour_towards(map: &Map, from: VillageId, dx: f64, dy: f64) -> Option<VillageId> {
    let o = &map.villages[from as usize];
    map.villages
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != from as usize)
        .filter_map(|(i, v)| {
            let (x, y) = (v.x - o.x, v.y - o.y);
            let d = x.hypot(y);
            let cos = (x * dx + y * dy) / d.max(1e-9);
            // Nearer and straighter is better.
            (cos > 0.5).then_some((i, d * (2.0 - cos)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i as VillageId)
}

/// Sets the accessible name a screen reader reads for `w`. GTK has had the call since 4.0,
/// but gtk4-rs binds GtkAccessible only for GTK 4.10 and later, so it is declared here.
fn set_accessible_label(w: &gtk::DrawingArea, label: &str) {
    use gtk::glib::translate::ToGlibPtr;
    extern "C" {
        fn gtk_accessible_update_property_value(
            this: *mut gtk::ffi::GtkWidget,
            n_properties: std::ffi::c_int,
            properties: *mut gtk::ffi::GtkAccessibleProperty,
            values: *const gtk::glib::gobject_ffi::GValue,
        );
    }
    let value = label.to_value();
    let mut property = gtk::ffi::GTK_ACCESSIBLE_PROPERTY_LABEL;
    let widget: &gtk::Widget = w.upcast_ref();
    // SAFETY: every GtkWidget is a GtkAccessible; one property and one string value, both
    // alive for the call, which copies the string.
    unsafe {
        gtk_accessible_update_property_value(
            widget.to_glib_none().0,
            1,
            &mut property,
            value.to_glib_none().0,
        );
    }
}

pub struct MapCanvas {
    shared: Rc<RefCell<Shared>>,
    area: gtk::DrawingArea,
    /// The bubble that says why a click or a drop did nothing, and its text.
    pub bubble: gtk::Popover,
    explain: gtk::Label,
    /// Bubbles shown so far: a bubble's timer closes only its own.
    explained: Rc<std::cell::Cell<u64>>,
    /// The animation of a move under way.
    tick: Option<(gtk::TickCallbackId, Rc<std::cell::Cell<bool>>)>,
}

#[derive(Debug)]
pub enum MapMsg {
    /// A new position to show.
    Show(Box<MapShow>),
    ZoomIn,
    ZoomOut,
    ZoomReset,
    /// Draw again (a drag ended on nothing).
    Redraw,
    /// Why the last click or drop did nothing, said where the pointer is.
    Explain(String),
}

/// What the board shows: the position, the Villages that react, the selected one, the
/// marks of the others' last moves, and how long a new move takes to travel its road (None:
/// no animation).
#[derive(Debug)]
pub struct MapShow {
    pub view: Rc<View>,
    pub highlights: Vec<VillageId>,
    pub selected: Option<VillageId>,
    pub marks: Vec<Mark>,
    pub travel: Option<std::time::Duration>,
    /// The roads legal Moves may take now (from, to): an army can be dragged along them.
    pub moves: Vec<(VillageId, VillageId)>,
    /// The armies that can be dragged (see `Shared::armies`).
    pub armies: Vec<VillageId>,
    /// The Move being composed, previewed on the board.
    pub path: Option<(VillageId, VillageId)>,
    /// The Villages of the hint shown (a Move's start and end): ringed, a road drawn.
    pub hint: Vec<VillageId>,
}

#[derive(Debug)]
pub enum MapOut {
    /// A click on a Village (or on no Village: `None`), or Enter on the keyboard's Village.
    Clicked(Option<VillageId>),
    /// An army dragged from its Village to a neighbour it may move to.
    Dragged(VillageId, VillageId),
    /// An army dragged to a Village it may not move to now (the window says why).
    DragRefused(VillageId, VillageId),
}

impl MapCanvas {
    /// Shows an army travelling from `from` to `to` in `d`, frame by frame.
    fn travel(&mut self, p: PlayerId, from: VillageId, to: VillageId, d: std::time::Duration) {
        if let Some((t, done)) = self.tick.take() {
            if !done.get() {
                t.remove();
            }
        }
        let secs = d.as_secs_f64().max(0.05);
        let sh = self.shared.clone();
        let start = std::cell::Cell::new(None::<i64>);
        let done = Rc::new(std::cell::Cell::new(false));
        self.shared.borrow_mut().look.moving = Some((p, from, to, 0.0));
        let finished = done.clone();
        let id = self.area.add_tick_callback(move |a, clock| {
            let now = clock.frame_time();
            let t0 = start.get().unwrap_or(now);
            start.set(Some(t0));
            let t = (now - t0) as f64 / 1e6 / secs;
            let mut s = sh.borrow_mut();
            if t >= 1.0 {
                finished.set(true);
                s.look.moving = None;
                a.queue_draw();
                return gtk::glib::ControlFlow::Break;
            }
            s.look.moving = Some((p, from, to, t));
            a.queue_draw();
            gtk::glib::ControlFlow::Continue
        });
        self.tick = Some((id, done));
    }

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
            moves: Vec::new(),
            armies: Vec::new(),
            path: None,
            drag_from: None,
            drag_start: (0.0, 0.0),
            press: (0.0, 0.0),
            bubble_shown: false,
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
        let (sh, a) = (shared.clone(), area.clone());
        click.connect_pressed(move |_, _, x, y| {
            sh.borrow_mut().press = (x, y);
            a.grab_focus();
        });
        let (sh, s, a) = (shared.clone(), sender.clone(), area.clone());
        click.connect_released(move |_, _, x, y| {
            let mut sh = sh.borrow_mut();
            let (w, h) = (a.width() as f64, a.height() as f64);
            if let Some(v) = click_target(&sh.map, w, h, sh.look.camera, sh.press, (x, y)) {
                sh.pointer = (x, y);
                drop(sh);
                s.output(MapOut::Clicked(v)).ok();
            }
        });
        area.add_controller(click);
        // Drag an army from its Village to a lit neighbour to move it there; elsewhere,
        // drag to pan when zoomed in.
        let drag = gtk::GestureDrag::new();
        let (sh, a) = (shared.clone(), area.clone());
        drag.connect_drag_begin(move |_, x, y| {
            let mut sh = sh.borrow_mut();
            sh.drag_last = (0.0, 0.0);
            sh.drag_start = (x, y);
            let v = sh.village_at(&a, x, y);
            sh.drag_from =
                v.filter(|v| sh.moves.iter().any(|m| m.0 == *v) || sh.armies.contains(v));
        });
        let (sh, a) = (shared.clone(), area.clone());
        drag.connect_drag_update(move |_, dx, dy| {
            let mut sh = sh.borrow_mut();
            let (w, h) = (a.width() as f64, a.height() as f64);
            if let Some(from) = sh.drag_from {
                let (x, y) = (sh.drag_start.0 + dx, sh.drag_start.1 + dy);
                let v = sh.village_at(&a, x, y);
                sh.preview(v);
                let fit = Fit::new(&sh.map, w, h, sh.look.camera);
                sh.look.rubber = Some((from, fit.to_board(x, y)));
                sh.look.highlights = sh
                    .moves
                    .iter()
                    .filter(|m| m.0 == from)
                    .map(|m| m.1)
                    .collect();
                a.queue_draw();
                return;
            }
            let (lx, ly) = sh.drag_last;
            sh.drag_last = (dx, dy);
            let map = sh.map.clone();
            sh.look.camera.pan(&map, w, h, dx - lx, dy - ly);
            a.queue_draw();
        });
        let (sh, a, s) = (shared.clone(), area.clone(), sender.clone());
        drag.connect_drag_end(move |_, dx, dy| {
            let mut sh = sh.borrow_mut();
            let Some(from) = sh.drag_from.take() else {
                return;
            };
            sh.look.rubber = None;
            let (x, y) = (sh.drag_start.0 + dx, sh.drag_start.1 + dy);
            let to = sh.village_at(&a, x, y);
            a.queue_draw();
            sh.pointer = (x, y);
            match to {
                Some(to) if sh.moves.contains(&(from, to)) => {
                    s.output(MapOut::Dragged(from, to)).ok();
                }
                // Dropped on another Village it cannot go to: the window says why, there.
                Some(to) if to != from => {
                    sh.look.path = sh.path;
                    s.output(MapOut::DragRefused(from, to)).ok();
                    s.input(MapMsg::Redraw);
                }
                // Dropped elsewhere: nothing happens, the board shows the decision again.
                _ => {
                    sh.look.path = sh.path;
                    s.input(MapMsg::Redraw);
                }
            }
        });
        area.add_controller(drag);
        // The keyboard: arrows go from Village to Village, Enter or Space picks one.
        let keys = gtk::EventControllerKey::new();
        let (sh, a, s) = (shared.clone(), area.clone(), sender.clone());
        keys.connect_key_pressed(move |_, key, _, _| {
            use gtk::gdk::Key;
            let mut sh = sh.borrow_mut();
            let dir = match key {
                Key::Left | Key::KP_Left => Some((-1.0, 0.0)),
                Key::Right | Key::KP_Right => Some((1.0, 0.0)),
                Key::Up | Key::KP_Up => Some((0.0, -1.0)),
                Key::Down | Key::KP_Down => Some((0.0, 1.0)),
                _ => None,
            };
            let start = sh
                .look
                .focus
                .or(sh.look.selected)
                .or(sh.look.highlights.first().copied());
            if let Some((dx, dy)) = dir {
                let next = match start {
                    Some(f) if sh.look.focus.is_some() => {
                        neighbour_towards(&sh.map, f, dx, dy).or(Some(f))
                    }
                    Some(f) => Some(f),
                    None => Some(0),
                };
                sh.look.focus = next;
                sh.preview(next);
                if let (Some(v), Some(view)) = (next, sh.view.clone()) {
                    let tip =
                        super::text::village_tooltip(&view.state, view.viewer, v, &view.legal);
                    let plain = gtk::pango::parse_markup(&tip, '\0')
                        .map(|(_, t, _)| t.to_string())
                        .unwrap_or(tip);
                    let hot = if sh.look.highlights.contains(&v) {
                        super::tr("can be picked now")
                    } else {
                        String::new()
                    };
                    set_accessible_label(&a, &format!("{plain}\n{hot}"));
                }
                a.queue_draw();
                return gtk::glib::Propagation::Stop;
            }
            match key {
                Key::Return | Key::KP_Enter | Key::space if sh.look.focus.is_some() => {
                    s.output(MapOut::Clicked(sh.look.focus)).ok();
                    gtk::glib::Propagation::Stop
                }
                _ => gtk::glib::Propagation::Proceed,
            }
        });
        area.add_controller(keys);
        let focus = gtk::EventControllerFocus::new();
        let (sh, a) = (shared.clone(), area.clone());
        focus.connect_leave(move |_| {
            sh.borrow_mut().look.focus = None;
            a.queue_draw();
        });
        area.add_controller(focus);
        set_accessible_label(
            &area,
            &super::tr("The board: arrows go from Village to Village, Enter picks one"),
        );
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
            let v = sh.village_at(&a, x, y);
            let hot = v.is_some_and(|v| sh.look.highlights.contains(&v));
            let army = v.is_some_and(|v| sh.moves.iter().any(|m| m.0 == v));
            a.set_cursor_from_name(Some(match (army, hot) {
                (true, _) => "grab",
                (false, true) => "pointer",
                _ => "default",
            }));
            let before = sh.look.path;
            sh.preview(v);
            if sh.look.path != before {
                a.queue_draw();
            }
        });
        area.add_controller(motion);
        // The tooltip: everything on the Village under the pointer.
        area.set_has_tooltip(true);
        let sh = shared.clone();
        area.connect_query_tooltip(move |a, x, y, keyboard, tip| {
            let Ok(sh) = sh.try_borrow() else {
                return false;
            };
            let Some(view) = &sh.view else { return false };
            // The "why not" bubble says what matters here now: no tooltip over it.
            if sh.bubble_shown {
                return false;
            }
            // A card's tag beside a mitre: what the card does there.
            if !keyboard {
                let fit = Fit::new(&sh.map, a.width() as f64, a.height() as f64, sh.look.camera);
                let (bx, by) = fit.to_board(x as f64, y as f64);
                if let Some(t) = tag_at(&sh.map, view, bx, by) {
                    tip.set_text(Some(&super::text::card_tag_tooltip(
                        &view.state,
                        t.bishopric,
                        t.card,
                    )));
                    return true;
                }
            }
            // Shown from the keyboard: the keyboard's Village.
            let v = if keyboard {
                sh.look.focus
            } else {
                hit_test(
                    &sh.map,
                    a.width() as f64,
                    a.height() as f64,
                    sh.look.camera,
                    x as f64,
                    y as f64,
                )
            };
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
            b.set_focus_on_click(false);
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

        // The bubble for "why not": it does not take the keyboard nor block the board.
        let bubble = gtk::Popover::new();
        bubble.set_autohide(false);
        bubble.set_can_focus(false);
        bubble.set_can_target(false);
        bubble.set_position(gtk::PositionType::Top);
        bubble.set_widget_name("why-not");
        let explain = gtk::Label::new(None);
        explain.set_wrap(true);
        explain.set_max_width_chars(44);
        explain.set_xalign(0.0);
        bubble.set_child(Some(&explain));
        bubble.set_parent(&area);
        let b = bubble.clone();
        area.connect_destroy(move |_| b.unparent());
        let sh = shared.clone();
        bubble.connect_closed(move |_| {
            if let Ok(mut sh) = sh.try_borrow_mut() {
                sh.bubble_shown = false;
            }
        });
        ComponentParts {
            model: MapCanvas {
                shared,
                area,
                bubble,
                explain,
                explained: Rc::new(std::cell::Cell::new(0)),
                tick: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: MapMsg, _sender: ComponentSender<Self>) {
        match msg {
            MapMsg::Show(show) => {
                let MapShow {
                    view,
                    highlights,
                    selected,
                    marks,
                    travel,
                    moves,
                    armies,
                    path,
                    hint,
                } = *show;
                let mut sh = self.shared.borrow_mut();
                // A move that was not marked before travels its road.
                let new_move = marks
                    .iter()
                    .rev()
                    .find(|m| matches!(m, Mark::Move { .. }) && !sh.look.marks.contains(m))
                    .copied();
                sh.view = Some(view);
                sh.look.highlights = highlights;
                sh.look.selected = selected;
                sh.look.marks = marks;
                sh.moves = moves;
                sh.armies = armies;
                sh.path = path;
                sh.look.path = path;
                sh.look.hint = hint;
                sh.look.focus = sh.look.focus.filter(|_| self.area.has_focus());
                drop(sh);
                if let (Some(Mark::Move { player, from, to }), Some(d)) = (new_move, travel) {
                    self.travel(player, from, to, d);
                }
            }
            MapMsg::ZoomIn => self.zoom(1.25),
            MapMsg::ZoomOut => self.zoom(0.8),
            MapMsg::ZoomReset => {
                let mut sh = self.shared.borrow_mut();
                sh.look.camera = Camera::whole(&sh.map);
            }
            MapMsg::Redraw => {}
            MapMsg::Explain(why) => {
                // A bubble pointing at where the pointer was: read where the eye is.
                let (x, y) = self.shared.borrow().pointer;
                self.explain.set_text(&why);
                self.bubble
                    .set_pointing_to(Some(&gtk::gdk::Rectangle::new(x as i32, y as i32, 1, 1)));
                self.bubble.popup();
                self.shared.borrow_mut().bubble_shown = true;
                let (b, n) = (self.bubble.clone(), self.explained.get() + 1);
                self.explained.set(n);
                let seen = self.explained.clone();
                gtk::glib::timeout_add_local_once(std::time::Duration::from_secs(4), move || {
                    if seen.get() == n {
                        b.popdown();
                    }
                });
                return;
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

    /// Every Village with the most tokens a game puts there (three Troop stacks, three Lords
    /// and a Siege Engine, two Mills and a relic): no token lies on any Village's name, and
    /// no two names overlap.
    #[test]
    fn no_token_covers_a_village_name() {
        let g = Game::new(Options::default()).unwrap();
        let map = &g.map;
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 10, 10).unwrap();
        let cr = Context::new(&surface).unwrap();
        let all: Vec<Spots> = (0..map.villages.len() as VillageId)
            .map(|v| spots(map, v, name_width(&cr, map, v), 3, 4, 3))
            .collect();
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                for t in a.tokens() {
                    assert!(
                        !t.overlaps(&b.name),
                        "a token of {} covers the name of {}",
                        map.villages[i].name,
                        map.villages[j].name
                    );
                }
                if i < j {
                    assert!(
                        !a.name.overlaps(&b.name),
                        "the names of {} and {} overlap",
                        map.villages[i].name,
                        map.villages[j].name
                    );
                }
            }
        }
    }

    /// Item 7: a quick click made on the move (pressed and released on the same Village,
    /// however far the pointer slid) is a click; a press and release on two places is a
    /// drag, never a click.
    #[test]
    fn a_click_on_the_move_is_a_click() {
        let g = Game::new(Options::default()).unwrap();
        let (map, cam) = (&g.map, Camera::whole(&g.map));
        let fit = Fit::new(map, 800.0, 600.0, cam);
        let v = &map.villages[7];
        let (x, y) = fit.to_widget(v.x, v.y);
        let at = |dx: f64| click_target(map, 800.0, 600.0, cam, (x, y), (x + dx, y));
        assert_eq!(at(0.0), Some(Some(7)));
        // Slid 12 pixels within the Village's square: still a click on it.
        let inside = (half_side(map, 7) * fit.scale * 0.9).min(12.0);
        assert_eq!(at(inside), Some(Some(7)));
        // Released on another place far away: a drag.
        let w = &map.villages[8];
        let (x2, y2) = fit.to_widget(w.x, w.y);
        assert_eq!(click_target(map, 800.0, 600.0, cam, (x, y), (x2, y2)), None);
    }

    /// The map's part of a 1280×800 window (the sidebar, the hand and the prompt bar take
    /// the rest): its words are at least 11 pixels high, and grow with the zoom.
    #[test]
    fn the_board_reads_at_1280_by_800() {
        let g = Game::new(Options::default()).unwrap();
        let (w, h) = crate::ui::window::map_area(&g.map, 1280, 800);
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
        let glow = HIGHLIGHT;
        for v in [5usize, 6] {
            let c = &g.map.villages[v];
            let half = half_side(&g.map, v as u8);
            // On the ring's left side, at mid height: the bright band.
            let (x, y) = fit.to_widget(c.x - half - 9.0, c.y);
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
