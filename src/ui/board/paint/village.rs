//! One Village drawn on the board: its square in its controller's colour and its fort, the
//! troop chips, Lords and Siege Engines beside it, the Mills and Holy Relics above it, the
//! rings of a selection, a siege, a highlight and the keyboard's focus, and its name.

use super::Look;
use crate::ui::board::colours::*;
use crate::ui::board::geometry::*;
use crate::ui::board::glyphs::*;
use cairo::Context;
use fief::map::{Map, Village, VillageId};
use fief::rules::relics::RelicState;
use fief::rules::{Fort, Lord, PlayerId, Troops, View, VillageState};
use std::f64::consts::PI;

/// Draws the Village `vid` (`v` on the map) as `view` shows it.
pub(super) fn village(
    cr: &Context,
    map: &Map,
    view: &View,
    look: &Look,
    vid: VillageId,
    v: &Village,
) -> Result<(), cairo::Error> {
    let principal = map.is_principal(vid);
    let half = half_side(map, vid);
    let vs = &view.villages[vid as usize];
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
    square(cr, view, v, vs, half, principal)?;
    troop_chips(cr, view, vid, &chips, &spot)?;
    lord_tokens(cr, view, &lords, &spot)?;
    // Siege Engines after the Lords: a frame on wheels marked with its dice side.
    for ((p, e), &(x, y)) in engines.iter().zip(spot.lords.iter().skip(lords.len())) {
        engine(cr, x, y, player_rgb(view, *p as PlayerId), *e)?;
    }
    above(cr, view, vs, &relics, &spot)?;
    rings(cr, view, look, vid, v, vs, half)?;
    name_banner(cr, v, &spot, principal)
}

/// The square in its controller's colour (a principal Village's edge thicker), and its fort.
pub(in crate::ui::board) fn square(
    cr: &Context,
    view: &View,
    v: &Village,
    vs: &VillageState,
    half: f64,
    principal: bool,
) -> Result<(), cairo::Error> {
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
    Ok(())
}

/// Troop stacks: one chip per player with MaA · Knights, stacked upward on the right.
pub(in crate::ui::board) fn troop_chips(
    cr: &Context,
    view: &View,
    vid: VillageId,
    chips: &[(usize, Troops)],
    spot: &Spots,
) -> Result<(), cairo::Error> {
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
    Ok(())
}

/// Lords: round tokens with an initial; captives lie on their side (drawn tilted).
pub(in crate::ui::board) fn lord_tokens(
    cr: &Context,
    view: &View,
    lords: &[&Lord],
    spot: &Spots,
) -> Result<(), cairo::Error> {
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
    Ok(())
}

/// Mills, then the Holy Relics (11.1), in a row above the square: a relic is a gold diamond
/// with the relic's initial, ringed in the colour of the family carrying it.
pub(in crate::ui::board) fn above(
    cr: &Context,
    view: &View,
    vs: &VillageState,
    relics: &[&RelicState],
    spot: &Spots,
) -> Result<(), cairo::Error> {
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
    Ok(())
}

/// The rings around the square: the besieger's dashes, the highlight of a Village the
/// decision may pick, the keyboard's focus.
pub(in crate::ui::board) fn rings(
    cr: &Context,
    view: &View,
    look: &Look,
    vid: VillageId,
    v: &Village,
    vs: &VillageState,
    half: f64,
) -> Result<(), cairo::Error> {
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
    if look.highlights.contains(&vid) {
        let r = half + 9.0;
        cr.rectangle(v.x - r, v.y - r, 2.0 * r, 2.0 * r);
        banded(cr, (0.12, 0.06, 0.0, 0.9), 9.0, HIGHLIGHT, 4.5)?;
    }
    // The keyboard's Village: a thick blue ring on a white halo outside the highlight's,
    // seen on every Fief colour at a glance.
    if look.focus == Some(vid) {
        let r = half + 17.0;
        cr.rectangle(v.x - r, v.y - r, 2.0 * r, 2.0 * r);
        banded(cr, (1.0, 1.0, 1.0, 1.0), 10.0, (0.1, 0.35, 0.85), 6.0)?;
    }
    Ok(())
}

/// The name banner under the square, larger for principal Villages.
fn name_banner(
    cr: &Context,
    v: &Village,
    spot: &Spots,
    principal: bool,
) -> Result<(), cairo::Error> {
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
    )
}
