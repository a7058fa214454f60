//! The odds of a battle in words: a percentage that never rounds to a certainty, each side's
//! strength, and the chances of an attack or of the battle on the table.

use super::names::player;
use crate::ui::{tr, trf, trn};
use fief::rules::{Action, Game, PlayerId};

/// A probability as a whole percentage, never rounded to a certainty it is not.
pub fn percent(p: f64) -> String {
    let n = (p * 100.0).round();
    let shown = if n >= 100.0 && p < 1.0 {
        ">99".to_string()
    } else if n <= 0.0 && p > 0.0 {
        "<1".to_string()
    } else {
        format!("{n}")
    };
    trf("{n}%", &[("n", &shown)])
}

/// One side's strength in a battle's odds: "Blue 4 SP, 2 dice".
fn side_strength(who: &str, sp: u32, dice: u32) -> String {
    trf(
        "{who} {sp} SP, {dice}",
        &[
            ("who", who),
            ("sp", &sp.to_string()),
            ("dice", &trn("{n} die", "{n} dice", dice)),
        ],
    )
}

/// Both sides and the chances of a battle, from the attackers' side.
pub fn prospect(att: &str, def: &str, pr: &fief::bots::odds::Prospect) -> String {
    let c = &pr.chances;
    trf(
        "{a} against {d}: win {win} · draw {draw} · lose {lose}",
        &[
            ("a", &side_strength(att, pr.sides[0].sp, pr.dice[0])),
            ("d", &side_strength(def, pr.sides[1].sp, pr.dice[1])),
            ("win", &percent(c.win)),
            ("draw", &percent(c.draw)),
            ("lose", &percent(c.lose)),
        ],
    )
}

/// The odds of an attack the acting player may declare, by the exact odds the bots use
/// (`fief::bots::odds`), before anybody else takes a side; under Fog of War a hidden stack
/// has no odds.
pub fn attack_chances(g: &Game, viewer: Option<PlayerId>, a: &Action) -> Option<String> {
    let Action::DeclareBattle { village, against } = *a else {
        return None;
    };
    let p = g.to_act()?;
    if g.villages.get(village as usize).is_none() || against >= g.n() {
        return None;
    }
    if g.stack_hidden(viewer, village, against) {
        return Some(tr("Fog of War: the strength of the other side is hidden."));
    }
    let pr = fief::bots::odds::attack_prospect(g, p, against, village);
    Some(prospect(&player(g, p), &player(g, against), &pr))
}

/// The odds of the battle under way, from the side of `viewer` when he fights in it, else
/// from the attackers' side.
pub fn battle_chances(g: &Game, viewer: Option<PlayerId>) -> Option<String> {
    let b = g.battle.as_ref()?;
    let mut pr = fief::bots::odds::battle_prospect(g)?;
    let names = |s: usize| {
        b.sides[s]
            .iter()
            .map(|q| player(g, *q))
            .collect::<Vec<_>>()
            .join(" & ")
    };
    let mine = viewer.is_some_and(|v| b.sides[1].contains(&v));
    if mine {
        // The defender reads his own chances first.
        pr.sides.swap(0, 1);
        pr.dice.swap(0, 1);
        let c = &mut pr.chances;
        std::mem::swap(&mut c.win, &mut c.lose);
        return Some(prospect(&names(1), &names(0), &pr));
    }
    Some(prospect(&names(0), &names(1), &pr))
}
