//! The board's geometry: the camera and its fit, where each Village's pieces sit, and which
//! Village a point or a click falls on. Pure functions of the map and the widget's size.

use cairo::Context;
use fief::map::{Map, VillageId};

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
    pub fn to_widget(self, x: f64, y: f64) -> (f64, f64) {
        (x * self.scale + self.dx, y * self.scale + self.dy)
    }
}

/// Sizes on the board, in board units (the board is 1000 × 800; at 1280×800 a unit is about
/// 0.63 px, so 18 units of text are 11 px, and text grows with the zoom).
pub const NAME_SIZE: f64 = 18.0;
pub const PRINCIPAL_NAME_SIZE: f64 = 20.0;
pub(crate) const CHIP_W: f64 = 58.0;
pub(crate) const CHIP_H: f64 = 24.0;
pub(crate) const CHIP_TEXT: f64 = 18.0;
pub(crate) const LORD_R: f64 = 13.0;
pub(crate) const LORD_TEXT: f64 = 18.0;
pub(crate) const LORDS_PER_ROW: usize = 3;
pub(crate) const ABOVE_STEP: f64 = 16.0;

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

pub(crate) fn set_font(cr: &Context, size: f64, bold: bool) {
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

/// Which Village a click at a widget point is for: the Village whose square is there, else
/// whose name (written under it) is there, else the nearest within reach.
pub fn click_hit(
    map: &Map,
    width: f64,
    height: f64,
    cam: Camera,
    x: f64,
    y: f64,
) -> Option<VillageId> {
    let fit = Fit::new(map, width, height, cam);
    let (bx, by) = fit.to_board(x, y);
    let square = (0..map.villages.len() as VillageId).find(|&v| {
        let c = &map.villages[v as usize];
        let half = half_side(map, v) + 3.0;
        (c.x - bx).abs() <= half && (c.y - by).abs() <= half
    });
    square
        .or_else(|| name_at(map, bx, by))
        .or_else(|| hit_test(map, width, height, cam, x, y))
}

/// The Village whose name, as the board writes it, covers the board point (bx, by).
pub fn name_at(map: &Map, bx: f64, by: f64) -> Option<VillageId> {
    name_rects(map)
        .iter()
        .position(|r| bx >= r.x && bx <= r.x + r.w && by >= r.y && by <= r.y + r.h)
        .map(|i| i as VillageId)
}

/// The names the rectangles were measured for, and the rectangles.
type NameCache = Option<(Vec<String>, std::rc::Rc<Vec<Rect>>)>;

thread_local! {
    /// The names' rectangles, measured once per board (measuring a name selects a font,
    /// which is slow, and a hit test runs at every motion of the pointer).
    static NAMES: std::cell::RefCell<NameCache> =
        const { std::cell::RefCell::new(None) };
}

/// Where each Village's name is written (by Village), as the board paints it.
fn name_rects(map: &Map) -> std::rc::Rc<Vec<Rect>> {
    NAMES.with(|cache| {
        let mut cache = cache.borrow_mut();
        let same = cache.as_ref().is_some_and(|(names, _)| {
            names.len() == map.villages.len()
                && names.iter().zip(&map.villages).all(|(n, v)| *n == v.name)
        });
        if !same {
            // Names are measured as the board paints them, on a scratch surface.
            let measured = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1)
                .and_then(|surface| Context::new(&surface))
                .map(|cr| {
                    (0..map.villages.len() as VillageId)
                        .map(|v| spots(map, v, name_width(&cr, map, v), 0, 0, 0).name)
                        .collect()
                })
                .unwrap_or_default();
            let names = map.villages.iter().map(|v| v.name.clone()).collect();
            *cache = Some((names, std::rc::Rc::new(measured)));
        }
        cache
            .as_ref()
            .map(|(_, rects)| rects.clone())
            .unwrap_or_default()
    })
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
    let at = click_hit(map, w, h, cam, release.0, release.1);
    let still = (release.0 - press.0).hypot(release.1 - press.1) <= 8.0;
    (still || (at.is_some() && at == click_hit(map, w, h, cam, press.0, press.1))).then_some(at)
}

/// The Village nearest to `from` in the direction (dx, dy) (a cone of ±60°), if any.
pub fn neighbour_towards(map: &Map, from: VillageId, dx: f64, dy: f64) -> Option<VillageId> {
    neighbour_towards_among(map, from, dx, dy, &|_| true)
}

/// The Village among those `among` accepts that lies nearest `from` in the direction
/// (`dx`, `dy`): the board's arrows go from lit Village to lit Village first.
pub fn neighbour_towards_among(
    map: &Map,
    from: VillageId,
    dx: f64,
    dy: f64,
    among: &dyn Fn(VillageId) -> bool,
) -> Option<VillageId> {
    let o = map.villages.get(from as usize)?;
    map.villages
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != from as usize && among(*i as VillageId))
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
