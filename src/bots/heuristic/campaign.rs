//! The Normal bot's campaigns (5.0): from round `CAMPAIGN_FROM` on, an army marches one road
//! a step on a Village worth taking, so that a game whose armies all stand guard still moves
//! towards its end.

use super::{collector, leader};
use crate::bots::eval::village_worth;
use crate::map::VillageId;
use crate::rules::{Action, Fort, Game, MoveHow, PlayerId};
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A plan's score and its place in the list: the higher score first, then the earlier plan.
struct Ranked(f64, usize);

impl PartialEq for Ranked {
    fn eq(&self, other: &Ranked) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Ranked) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Ranked) -> Ordering {
        self.0.total_cmp(&other.0).then(other.1.cmp(&self.1))
    }
}

/// The round from which the Normal bot campaigns (`campaign_move`), and from which a
/// campaign's next step comes before what improves the position at once (see
/// `Policy::movement`): early on, the Easy bots are beaten without.
pub const CAMPAIGN_FROM: u16 = 12;

/// What taking Village `v` is worth to `p`, beyond the Village itself: the Fief title it
/// completes or seizes (4.3) and a blow to the leader.
fn target_worth(g: &Game, p: PlayerId, v: VillageId, lead: Option<PlayerId>) -> f64 {
    let vs = &g.villages[v as usize];
    let mut worth = village_worth(g, v as usize);
    let f = g.map.villages[v as usize].fief;
    let fief = &g.map.fiefs[f as usize];
    match g.title_holder_player(f) {
        // 4.3: whoever takes the Fortified City takes the title with it.
        Some(holder) if holder != p && vs.fort == Fort::City => worth += 400.0,
        Some(_) => {}
        None => {
            let n = fief.villages.len() as f64;
            let held = fief
                .villages
                .iter()
                .filter(|&&w| w != v && g.villages[w as usize].controller == Some(p))
                .count() as f64;
            worth += 80.0 * (held + 1.0) / n;
            if held + 1.0 >= n {
                worth += 150.0;
            }
        }
    }
    if vs.controller.is_some() && vs.controller == lead {
        worth += 30.0;
    }
    worth
}

/// 5.0, from round `CAMPAIGN_FROM` on: a step of a campaign, so that a game whose armies
/// all stand guard still moves towards its end. The army and the Village worth marching on
/// are chosen together (the Village's worth over the roads still to go, for an army half as
/// strong again as what defends it, or will be once it has fetched Troops waiting without a
/// Lord within three roads); the army then takes one road nearer (to them, or to the target)
/// with every Troop it may take, leaving one behind where it would otherwise give up a
/// Village it holds. An army standing in its target stays there; a Lord never leaves a Village he holds alone for one
/// worth no more. Each step brings the chosen target nearer, so campaigns do not go round in
/// circles.
pub fn campaign_move<A: Borrow<Action>>(
    g: &Game,
    p: PlayerId,
    legal: &[A],
    dist: &[Vec<u8>],
) -> Option<Action> {
    if g.round < CAMPAIGN_FROM {
        return None;
    }
    let ally = g.ally(p);
    let lead = leader(g, p);
    let rival = |q: usize| q != p as usize && Some(q as PlayerId) != ally;
    let fiefs_held = |f: usize, q: PlayerId| {
        g.map.fiefs[f]
            .villages
            .iter()
            .filter(|&&w| g.villages[w as usize].controller == Some(q))
            .count() as f64
    };
    // The Villages worth marching on: (Village, worth, defence).
    let targets: Vec<(VillageId, f64, u32)> = (0..g.villages.len())
        .filter_map(|v| {
            let vs = &g.villages[v];
            let f = g.map.villages[v].fief as usize;
            if vs.controller == Some(p) {
                return None;
            }
            if vs.controller.is_some() && vs.controller == ally {
                // 5.1: the ally hands over the Villages of a Fief this family gathers, once
                // it has units there; it lets them in (5.0).
                let n = g.map.fiefs[f].villages.len() as f64;
                return (collector(g, f as u8) == Some(p)).then(|| {
                    (
                        v as VillageId,
                        40.0 + 100.0 * (fiefs_held(f, p) + 1.0) / n,
                        0,
                    )
                });
            }
            let v = v as VillageId;
            let defence: u32 = (0..g.players.len())
                .filter(|&q| rival(q))
                .map(|q| g.player_sp(q as PlayerId, v))
                .sum::<u32>()
                + match vs.fort {
                    Fort::None => 0,
                    Fort::Stronghold => 4,
                    Fort::City => 8,
                };
            let lords_there = g
                .lords
                .iter()
                .any(|l| l.village == v && l.captor.is_none() && rival(l.owner as usize));
            Some((
                v,
                target_worth(g, p, v, lead),
                defence + u32::from(lords_there),
            ))
        })
        .collect();
    let is_target = |v: VillageId| targets.iter().any(|t| t.0 == v);
    // This family's free Lords in a Village.
    let lords_at = |v: VillageId| {
        g.lords
            .iter()
            .filter(|l| l.owner == p && l.village == v && l.captor.is_none())
            .count()
    };
    // The armies that may march: where this family's free Lords with Moves stand.
    let mut armies: Vec<VillageId> = legal
        .iter()
        .filter_map(|a| match a.borrow() {
            Action::Move(o) => o.lords.first().and_then(|&l| g.lord(l)).map(|l| l.village),
            _ => None,
        })
        .filter(|&a| !is_target(a))
        .collect();
    armies.sort_unstable();
    armies.dedup();
    // Plans: (score, army, target, worth, strength needed, the Village to muster in first
    // and its Troops).
    type Plan = (
        f64,
        VillageId,
        VillageId,
        f64,
        u32,
        Option<(VillageId, u32)>,
    );
    let mut plans: Vec<Plan> = Vec::new();
    for &a in &armies {
        let strength = g.player_sp(p, a);
        // 5.0: Troops waiting without a Lord within three roads, whom the army may fetch
        // first.
        let musters: Vec<(VillageId, u32)> = (0..g.villages.len() as VillageId)
            .filter(|&w| {
                (1..=3).contains(&dist[a as usize][w as usize])
                    && g.villages[w as usize].controller == Some(p)
                    && lords_at(w) == 0
            })
            .map(|w| (w, g.player_sp(p, w)))
            .filter(|&(_, sp)| sp > 0)
            .collect();
        plans.reserve(targets.len() * (1 + musters.len()));
        for &(v, worth, defence) in &targets {
            let need = defence + defence / 2;
            let d = dist[a as usize][v as usize];
            if d == 0 || d == u8::MAX {
                continue;
            }
            if strength >= need {
                plans.push((worth / (1.0 + d as f64), a, v, worth, need, None));
            }
            for &(w, sp) in &musters {
                let dw = dist[w as usize][v as usize];
                if strength + sp >= need && dw != u8::MAX {
                    let roads = 1.0 + dist[a as usize][w as usize] as f64 + dw as f64;
                    plans.push((worth / roads, a, v, worth, need, Some((w, sp))));
                }
            }
        }
    }
    // Best first, ties in the order found; taken from a heap, since the first plans tried
    // mostly settle it.
    let mut ranked: BinaryHeap<Ranked> = plans
        .iter()
        .enumerate()
        .map(|(i, x)| Ranked(x.0, i))
        .collect();
    while let Some(Ranked(_, i)) = ranked.pop() {
        let (_, a, v, worth, need, muster) = plans[i];
        // 5.1: leaving the Village empty gives it up, unless a title of this family keeps it;
        // a Lord alone gives it up only for a Village worth more.
        let kept = g.title_holder_player(g.map.villages[a as usize].fief) == Some(p);
        let holds = g.villages[a as usize].controller == Some(p) && !kept;
        let may_leave = !holds || worth > target_worth(g, p, a, lead) + 5.0;
        let here = g.villages[a as usize].troops[p as usize];
        let lords_here = lords_at(a);
        let mut best: Option<((bool, u32), &Action)> = None;
        for m in legal.iter().map(Borrow::borrow) {
            let Action::Move(o) = m else { continue };
            let onward = match muster {
                Some((w, _)) => dist[o.to as usize][w as usize] < dist[a as usize][w as usize],
                None => dist[o.to as usize][v as usize] < dist[a as usize][v as usize],
            };
            if o.how != MoveHow::Normal
                || g.lord(o.lords[0]).map(|l| l.village) != Some(a)
                || !onward
            {
                continue;
            }
            let carried = o.maa as u32 + 3 * o.knights as u32;
            let emptied =
                lords_here == o.lords.len() && here.maa == o.maa && here.knights == o.knights;
            if carried + muster.map_or(0, |m| m.1) < need || (emptied && !may_leave) {
                continue;
            }
            // Every Troop that may go, less one left to hold the Village.
            let rank = (!(emptied && holds), carried);
            if best.is_none_or(|b| rank > b.0) {
                best = Some((rank, m));
            }
        }
        if let Some((_, m)) = best {
            return Some(m.clone());
        }
    }
    None
}
