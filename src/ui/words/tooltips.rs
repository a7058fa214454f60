//! The map's tooltip of a Village: who holds it, what stands in it, who is there.

use super::actions::{action, troops};
use super::cards::{card_effect, card_name};
use super::chances::attack_chances;
use super::names::{bishopric, fief, glib_escape, lord, lord_titles, player, relic_name};
use crate::ui::{tr, trf, trn};
use fief::map::VillageId;
use fief::rules::{Action, Card, Game, PlayerId};

/// Everything on a Village, and the odds of the attacks the viewer may declare there now
/// (`legal`: the viewer's legal actions).
pub fn village_tooltip(
    g: &Game,
    viewer: Option<PlayerId>,
    v: VillageId,
    legal: &[Action],
) -> String {
    let m = &g.map.villages[v as usize];
    let vs = &g.villages[v as usize];
    let mut lines = vec![format!(
        "<b>{}</b> — {} · {}",
        glib_escape(&m.name),
        glib_escape(&fief(g, m.fief)),
        glib_escape(&bishopric(g, m.bishopric))
    )];
    // Every text is escaped: a player's name may hold '&' or '<'.
    lines.push(glib_escape(&match vs.controller {
        Some(p) => trf("Held by {p}", &[("p", &player(g, p))]),
        None => tr("Held by nobody"),
    }));
    match vs.fort {
        fief::rules::Fort::None => {}
        fief::rules::Fort::Stronghold => lines.push(glib_escape(&tr("Stronghold"))),
        fief::rules::Fort::City => lines.push(glib_escape(&tr("Fortified City"))),
    }
    for r in &g.relics {
        if r.at == fief::rules::relics::RelicAt::Village(v) {
            lines.push(glib_escape(&trf(
                "The {relic} lies here",
                &[("relic", &relic_name(r.relic))],
            )));
        }
    }
    if vs.mills > 0 {
        lines.push(glib_escape(&trn("{n} Mill", "{n} Mills", vs.mills as u32)));
    }
    // The cards lying on its Bishopric (2.3, 2.4): what stops a Move here, what feeds it.
    if let Some(cards) = g.bishopric_cards.get(m.bishopric as usize) {
        for (on, c) in [
            (cards.heavy_rain, Card::HeavyRain),
            (cards.famine, Card::Famine),
            (cards.plague, Card::Plague),
            (cards.harvest, Card::Harvest),
            (cards.good_weather, Card::GoodWeather),
        ] {
            if on {
                lines.push(glib_escape(&trf(
                    "{card}: {effect}",
                    &[("card", &card_name(c)), ("effect", &card_effect(c))],
                )));
            }
        }
    }
    for p in 0..g.n() {
        let t = vs.troops[p as usize];
        let lords: Vec<String> = g
            .lords
            .iter()
            .filter(|l| l.village == v && l.owner == p)
            .map(|l| {
                let mut s = lord(l.id);
                let titles = lord_titles(g, l.id);
                if !titles.is_empty() {
                    s += &format!(" ({})", titles.join(", "));
                }
                if let Some(c) = l.captor {
                    s += &trf(", captive of {p}", &[("p", &player(g, c))]);
                }
                s
            })
            .collect();
        let engines = vs.engines[p as usize];
        if t.count() == 0 && lords.is_empty() && engines == 0 {
            continue;
        }
        let mut s = crate::ui::words::names::labelled(&glib_escape(&player(g, p)), "");
        // Fog of War: only the size of another player's stack is seen (the view says whose).
        let tr_ = if g.stack_hidden(viewer, v, p) {
            trn(
                "{n} Troop, face down",
                "{n} Troops, face down",
                t.count() as u32,
            )
        } else {
            troops(t.maa, t.knights)
        };
        s += &glib_escape(&tr_);
        if !lords.is_empty() {
            if !tr_.is_empty() {
                s += "; ";
            }
            s += &glib_escape(&lords.join(", "));
        }
        if engines > 0 {
            s += &glib_escape(&tr(", a Siege Engine"));
        }
        lines.push(s);
    }
    if let Some(b) = vs.besieger {
        lines.push(glib_escape(&trf(
            "Besieged by {p}",
            &[("p", &player(g, b))],
        )));
    }
    for t in &g.taxes {
        let hit = match t.target {
            fief::rules::TaxTarget::Tallage(f) => f == m.fief,
            fief::rules::TaxTarget::Tithe(b) => b == m.bishopric,
        };
        if hit {
            lines.push(glib_escape(&trf(
                "Taxed by {p}",
                &[("p", &player(g, t.player))],
            )));
        }
    }
    for a in legal {
        if matches!(a, Action::DeclareBattle { village, .. } if *village == v) {
            if let Some(odds) = attack_chances(g, viewer, a) {
                lines.push(format!(
                    "<b>{}</b>: {}",
                    glib_escape(&action(g, a)),
                    glib_escape(&odds)
                ));
            }
        }
    }
    lines.join("\n")
}
