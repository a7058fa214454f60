//! Tests of the board drawn on an image surface: the pieces, the colours, the highlights, the
//! camera and what a click hits (pure: no display needed).

use super::*;
use crate::ui::board::colours::{lighten, HIGHLIGHT};
use cairo::Context;
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

/// A click on a Village's name counts as a click on the Village: at both ends of every name
/// written under its square, even where the name reaches beyond the square's reach.
#[test]
fn a_click_on_a_village_name_hits_the_village() {
    let map = Game::new(Options::default()).unwrap().map;
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1).unwrap();
    let cr = Context::new(&surface).unwrap();
    let cam = Camera::whole(&map);
    let fit = Fit::new(&map, 1000.0, 800.0, cam);
    let mut beyond_reach = 0;
    for v in 0..map.villages.len() as VillageId {
        let name = spots(&map, v, name_width(&cr, &map, v), 0, 0, 0).name;
        let y = name.y + name.h / 2.0;
        for x in [name.x + 2.0, name.x + name.w - 2.0] {
            let c = &map.villages[v as usize];
            if (c.x - x).hypot(c.y - y) >= 36.0 {
                beyond_reach += 1;
            }
            let (wx, wy) = fit.to_widget(x, y);
            assert_eq!(
                click_target(&map, 1000.0, 800.0, cam, (wx, wy), (wx, wy)),
                Some(Some(v)),
                "the name of {}",
                c.name
            );
        }
    }
    // The names' ends out of the squares' reach were the ones a click missed.
    assert!(beyond_reach > 0);
}
