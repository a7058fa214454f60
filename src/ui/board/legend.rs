//! The legend of the map's markers: each marker drawn alone by the board's own painting code
//! (`paint`, `paint::village`, `glyphs`), in the viewer's colours, for the "How to win"
//! panel. What each one means is said in `ui::words::outlook`.

use crate::ui::app::trail::Mark;
use crate::ui::board::colours::*;
use crate::ui::board::geometry::*;
use crate::ui::board::glyphs::{arrow, engine, mill, mitre};
use crate::ui::board::paint::village::{above, lord_tokens, rings, square, troop_chips};
use crate::ui::board::paint::{marks, plans, Look};
use cairo::Context;
use fief::map::{Map, VillageId};
use fief::rules::relics::{Relic, RelicAt, RelicState};
use fief::rules::{Fort, Lord, PlayerId, Troops, View, VillageState};

/// A marker of the map, as the legend shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// A Village in its controller's colour.
    Controlled,
    /// A Village nobody controls.
    Uncontrolled,
    /// The principal Village of a Bishopric: a larger square.
    Principal,
    Stronghold,
    FortifiedCity,
    /// A stack of Troops: Men-at-Arms · Knights.
    Troops,
    Lord,
    Captive,
    Excommunicated,
    Darc,
    SiegeEngine,
    Mill,
    /// 11.1 (optional): a Holy Relic.
    Relic,
    /// A Bishopric's mitre and number.
    Mitre,
    /// A fortification under siege: dashes in the besieger's colour.
    Besieged,
    /// A Village the decision may pick.
    CanPick,
    /// The Village the keyboard is on.
    Focus,
    /// The Villages of a hint.
    Hint,
    /// Another player's move since your last decision.
    Moved,
    /// A battle or siege since your last decision.
    Battle,
}

/// The markers the legend shows for this game (the Holy Relics only when they are played).
pub fn markers(view: &View) -> Vec<Marker> {
    use Marker::*;
    let mut out = vec![
        Controlled,
        Uncontrolled,
        Principal,
        Stronghold,
        FortifiedCity,
        Troops,
        Lord,
        Captive,
        Excommunicated,
        Darc,
        SiegeEngine,
        Mill,
    ];
    if view.state.options.relics {
        out.push(Relic);
    }
    out.extend([Mitre, Besieged, CanPick, Focus, Hint, Moved, Battle]);
    out
}

/// The scale of the board in the legend's small pictures.
const SCALE: f64 = 0.8;
/// The size of a legend's picture, in pixels.
pub const PICTURE: (i32, i32) = (92, 60);

/// Draws `m` alone, centred in a `w` × `h` picture, as the board draws it for `view`.
pub fn draw(cr: &Context, map: &Map, view: &View, m: Marker, w: f64, h: f64) {
    // Cairo records drawing errors on the context; a failed stroke must not stop the UI.
    let _ = paint(cr, map, view, m, w, h);
}

fn paint(
    cr: &Context,
    map: &Map,
    view: &View,
    m: Marker,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    let n = view.players.len().max(1) as PlayerId;
    let me = view.viewer.unwrap_or(0);
    let other = (me + 1) % n;
    let principal = (0..map.villages.len() as VillageId).find(|&v| map.is_principal(v));
    let plain = (0..map.villages.len() as VillageId).find(|&v| !map.is_principal(v));
    let vid = match m {
        Marker::Principal => principal,
        _ => plain,
    };
    let Some(vid) = vid else { return Ok(()) };
    let v = &map.villages[vid as usize];
    let half = half_side(map, vid);
    // The marker's middle at the picture's (a fort sits up and left of its square).
    let shift = match m {
        Marker::Stronghold => (-8.0, -6.0),
        Marker::FortifiedCity => (-12.0, -6.0),
        _ => (0.0, 0.0),
    };
    cr.save()?;
    cr.translate(w / 2.0, h / 2.0);
    cr.scale(SCALE, SCALE);
    cr.translate(-v.x - shift.0, -v.y - shift.1);
    let mut vs = VillageState {
        controller: Some(me),
        ..VillageState::default()
    };
    let mut look = Look::plain(map);
    let one = |x: f64, y: f64| Spots {
        name: Rect {
            x,
            y,
            w: 0.0,
            h: 0.0,
        },
        chips: vec![Rect {
            x: x - CHIP_W / 2.0,
            y: y - CHIP_H / 2.0,
            w: CHIP_W,
            h: CHIP_H,
        }],
        lords: vec![(x, y)],
        above: vec![(x, y)],
    };
    // A Lord of the viewer's family (d'ARC is a Lady).
    let lord_id = |name: &str| fief::rules::cards::find_lord(name).unwrap_or(0);
    match m {
        Marker::Controlled => square(cr, view, v, &vs, half, false)?,
        Marker::Uncontrolled => {
            vs.controller = None;
            square(cr, view, v, &vs, half, false)?
        }
        Marker::Principal => square(cr, view, v, &vs, half, true)?,
        Marker::Stronghold | Marker::FortifiedCity => {
            vs.fort = if m == Marker::Stronghold {
                Fort::Stronghold
            } else {
                Fort::City
            };
            square(cr, view, v, &vs, half, false)?
        }
        Marker::Troops => {
            let t = Troops { maa: 3, knights: 1 };
            troop_chips(cr, view, vid, &[(me as usize, t)], &one(v.x, v.y))?
        }
        Marker::Lord | Marker::Captive | Marker::Excommunicated => {
            let mut l = Lord::new(lord_id("charles"), me, vid);
            l.captor = (m == Marker::Captive).then_some(other);
            l.excommunicated = m == Marker::Excommunicated;
            lord_tokens(cr, view, &[&l], &one(v.x, v.y))?
        }
        Marker::Darc => {
            let id = lord_id("jeanne");
            let mut seen = view.clone();
            seen.titles.darc = Some(id);
            lord_tokens(cr, &seen, &[&Lord::new(id, me, vid)], &one(v.x, v.y))?
        }
        Marker::SiegeEngine => engine(cr, v.x, v.y, player_rgb(view, me), 1)?,
        Marker::Mill => mill(cr, v.x, v.y)?,
        Marker::Relic => {
            vs.mills = 0;
            let r = RelicState {
                relic: Relic::Grail,
                at: RelicAt::Village(vid),
                claimed: false,
            };
            above(cr, view, &vs, &[&r], &one(v.x, v.y))?
        }
        Marker::Mitre => mitre(cr, v.x, v.y + 4.0, 1)?,
        Marker::Besieged => {
            vs.fort = Fort::Stronghold;
            vs.besieger = Some(other);
            square(cr, view, v, &vs, half, false)?;
            rings(cr, view, &look, vid, v, &vs, half)?
        }
        Marker::CanPick | Marker::Focus => {
            if m == Marker::CanPick {
                look.highlights = vec![vid];
            } else {
                look.focus = Some(vid);
            }
            square(cr, view, v, &vs, half, false)?;
            rings(cr, view, &look, vid, v, &vs, half)?
        }
        Marker::Hint => {
            square(cr, view, v, &vs, half, false)?;
            look.hint = vec![vid];
            plans(cr, map, view, &look)?
        }
        Marker::Moved => arrow(
            cr,
            (v.x - 52.0, v.y),
            (v.x + 46.0, v.y),
            player_rgb(view, other),
            0.0,
        )?,
        Marker::Battle => {
            vs.controller = Some(other);
            square(cr, view, v, &vs, half, false)?;
            look.marks = vec![Mark::Battle { village: vid }];
            marks(cr, map, view, &look)?
        }
    }
    cr.restore()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::{Game, Options};

    /// Every marker leaves paint in its picture (nothing drawn off it, nothing failed).
    #[test]
    fn every_marker_is_drawn_in_its_picture() {
        let g = Game::new(Options {
            relics: true,
            ..Options::default()
        })
        .unwrap();
        let view = g.view(Some(0));
        let (w, h) = PICTURE;
        for m in markers(&view) {
            let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, w, h).unwrap();
            {
                let cr = Context::new(&surface).unwrap();
                draw(&cr, &g.map, &view, m, w as f64, h as f64);
                assert_eq!(cr.status(), Ok(()), "{m:?}");
            }
            surface.flush();
            let stride = surface.stride() as usize;
            let data = surface.take_data().unwrap();
            let painted = (0..h as usize)
                .flat_map(|y| (0..w as usize).map(move |x| (x, y)))
                .filter(|&(x, y)| data[y * stride + 4 * x + 3] > 0)
                .count();
            assert!(painted > 40, "{m:?} paints {painted} pixels");
        }
        assert!(markers(&view).contains(&Marker::Relic));
        let plain = Game::new(Options::default()).unwrap().view(Some(0));
        assert!(!markers(&plain).contains(&Marker::Relic));
    }
}
