//! The static evaluation the Normal bot maximises and the Hard bot scores its playouts with:
//! what a position is worth to one player, in rough "Denier-like" points.
//!
//! VP (7.0) dominate; then the way to them: Villages held (income, and every Village of a
//! Fief plus a Stronghold buys the title, 4.3), Mills and Strongholds, money saved, troops,
//! Lords and their titles (votes for King and Pope, 1.3–1.8), cards in hand. Villages that a
//! stronger enemy army stands next to count for less.

use super::odds::attack_odds_sp;
use crate::map::{VillageId, MAX_VILLAGES};
use crate::rules::{Fort, Game, PlayerId, MAX_PLAYERS};
use smallvec::SmallVec;

const VP: f64 = 400.0;

/// Distances in roads between all Villages (the map is small: 27 Villages).
pub fn distances(g: &Game) -> Vec<Vec<u8>> {
    let n = g.map.villages.len();
    let mut all = vec![vec![u8::MAX; n]; n];
    for (s, row) in all.iter_mut().enumerate() {
        row[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            for &w in &g.map.villages[v].neighbours {
                if row[w as usize] == u8::MAX {
                    row[w as usize] = row[v] + 1;
                    queue.push_back(w as usize);
                }
            }
        }
    }
    all
}

/// What holding Village `v` is worth in itself: its income, Mills and fortification.
pub fn village_worth(g: &Game, v: usize) -> f64 {
    let vs = &g.villages[v];
    14.0 + 16.0 * vs.mills as f64
        + match vs.fort {
            Fort::None => 0.0,
            Fort::Stronghold => 30.0,
            Fort::City => 40.0,
        }
}

/// What every score of one position shares, worked out once (a playout scores every player
/// of the same position): each player's SP in each Village (`Game::player_sp`), and, for each
/// Village, the SP of each player's strongest army next door that can move (a free Lord with
/// it). Held in place (the map has at most `MAX_VILLAGES`): a playout builds one for every
/// position it weighs.
pub struct Board {
    sp: [[u32; MAX_PLAYERS]; MAX_VILLAGES],
    next_door: [[u32; MAX_PLAYERS]; MAX_VILLAGES],
    /// The players with Troops in each Village (bit `p` for player `p`).
    present: [u8; MAX_VILLAGES],
}

impl Board {
    pub fn new(g: &Game) -> Board {
        let nv = g.villages.len().min(MAX_VILLAGES);
        let n = g.players.len().min(MAX_PLAYERS);
        let mut sp = [[0u32; MAX_PLAYERS]; MAX_VILLAGES];
        let mut present = [0u8; MAX_VILLAGES];
        for v in 0..nv {
            let troops = &g.villages[v].troops;
            let mut here = 0u8;
            for q in 0..n {
                let x = troops[q].sp();
                sp[v][q] = x;
                // Troops mean SP (a Man-at-Arms 1, a Knight 3).
                here |= u8::from(x > 0) << q;
            }
            present[v] = here;
        }
        // Where each player has a free Lord (his army there can move), each place once.
        let mut free = [[false; MAX_PLAYERS]; MAX_VILLAGES];
        let mut armies: SmallVec<[(usize, usize); 32]> = SmallVec::new();
        for l in g.lords.iter().filter(|l| l.captor.is_none()) {
            let (v, q) = (l.village as usize, l.owner as usize);
            if v < nv && q < n {
                sp[v][q] += g.lord_sp(l.id);
                if !free[v][q] {
                    free[v][q] = true;
                    armies.push((v, q));
                }
            }
        }
        // Each army that can move raises the figure of every Village next to its own (a
        // few armies, a few roads each: cheaper than every Village looking at its roads).
        let mut next_door = [[0u32; MAX_PLAYERS]; MAX_VILLAGES];
        for &(w, q) in &armies {
            let army = sp[w][q];
            for &v in &g.map.villages[w].neighbours {
                if let Some(row) = next_door.get_mut(v as usize) {
                    row[q] = row[q].max(army);
                }
            }
        }
        Board {
            sp,
            next_door,
            present,
        }
    }
}

/// How much of `v` counts as `p`'s: all of it when he controls it, his chance of taking it
/// when his army stands in a rival's Village (the battle of Phase 6 is coming).
fn share(g: &Game, b: &Board, p: PlayerId, v: usize) -> f64 {
    let vs = &g.villages[v];
    match vs.controller {
        Some(c) if c == p => 1.0,
        Some(c) if vs.troops[p as usize].count() > 0 && b.sp[v][c as usize] > 0 => {
            0.8 * attack_odds_sp(
                g,
                p,
                c,
                v as VillageId,
                [b.sp[v][p as usize], b.sp[v][c as usize]],
            )
        }
        _ => 0.0,
    }
}

/// What the position is worth to each player alone (`b`: the position's `Board`), indexed by
/// player. Every player's points are added up in the same order as a score worked out for him
/// alone would add them (his VP, purse and hand; then Village by Village; Fief by Fief; Lord
/// by Lord; his Captives), so the figures do not depend on how many players are scored.
pub fn scores(g: &Game, b: &Board, dist: &[Vec<u8>]) -> [f64; MAX_PLAYERS] {
    let n = g.players.len().min(MAX_PLAYERS);
    let nv = g.villages.len().min(MAX_VILLAGES);
    let vp = g.vps();
    let mut s = [0.0f64; MAX_PLAYERS];
    // The rivals of each player (everyone but himself and his ally): bit `q` for player `q`.
    let mut rivals = [0u8; MAX_PLAYERS];
    let allies = g.allies();
    for p in 0..n {
        let pl = &g.players[p];
        let money = pl.money as f64;
        s[p] = VP * vp[p] as f64;
        s[p] += 5.0 * money.min(20.0) + 1.5 * (money - 20.0).max(0.0);
        s[p] += 8.0 * pl.hand.len() as f64;
        let ally = allies[p];
        for q in 0..n {
            if q != p && ally.is_none_or(|a| a as usize != q) {
                rivals[p] |= 1 << q;
            }
        }
    }
    // How much of each Village counts as each player's (`share`): all of it where he rules,
    // nothing where he has no Troops; only a rival's Village with his Troops in it needs the
    // battle odds, worked out once here for both uses below (this list) and read again by the
    // Fiefs.
    // Listed Village by Village: a Village's entries run from `first[v]` to `first[v + 1]`.
    let mut contested: SmallVec<[(usize, f64); 16]> = SmallVec::new();
    let mut first = [0usize; MAX_VILLAGES + 1];
    for (v, vs) in g.villages.iter().enumerate().take(nv) {
        first[v] = contested.len();
        let worth = village_worth(g, v);
        // Only the players with Troops here or ruling it score anything in this Village.
        let ruler = vs
            .controller
            .map_or(0, |c| 1u32.checked_shl(c.into()).unwrap_or(0));
        let mut who = u32::from(b.present[v]) | ruler;
        while who != 0 {
            let p = who.trailing_zeros() as usize;
            who &= who - 1;
            if p >= n {
                break;
            }
            let t = vs.troops[p];
            let here = t.count() > 0;
            // Whole numbers, added as one (the same figure as 6 MaA and 16 a Knight added
            // apart); nothing to add without Troops.
            if here {
                s[p] += (6 * u32::from(t.maa) + 16 * u32::from(t.knights)) as f64;
            }
            if ruler >> p & 1 == 0 {
                // Not his: he has Troops here (`present`).
                let x = share(g, b, p as PlayerId, v);
                contested.push((p, x));
                s[p] += x * worth;
                continue;
            }
            s[p] += worth;
            // A stronger army of a rival that can move, next door.
            let mine = b.sp[v][p]
                + match vs.fort {
                    Fort::None => 0,
                    Fort::Stronghold => 4,
                    Fort::City => 8,
                };
            let mut threat = 0;
            let mut them = rivals[p];
            while them != 0 {
                let q = them.trailing_zeros() as usize;
                them &= them - 1;
                threat = threat.max(b.next_door[v][q]);
            }
            if threat > mine + 2 {
                s[p] -= 0.4 * worth;
            }
        }
    }
    first[nv] = contested.len();
    // Fiefs: progress towards a title (4.3).
    for (f, fief) in g.map.fiefs.iter().enumerate() {
        if g.titles.fief[f].is_some() {
            continue;
        }
        let size = fief.villages.len() as f64;
        let strong = fief
            .villages
            .iter()
            .any(|&v| g.villages[v as usize].fort == Fort::Stronghold);
        // Each player's `share` of the Fief's Villages added up in the Fief's order, from
        // what the Villages' loop found (nothing listed: no Troops there).
        // Each player's additions come in the Fief's order as before; only the zeros are
        // left out, and a sum of nothing (-0.0) squares to the same 0.
        let mut got = [-0.0f64; MAX_PLAYERS];
        for &v in &fief.villages {
            let v = v as usize;
            if let Some(c) = g.villages[v]
                .controller
                .and_then(|c| got.get_mut(c as usize))
            {
                *c += 1.0;
            }
            for &(p, x) in &contested[first[v]..first[v + 1]] {
                got[p] += x;
            }
        }
        for (p, sp) in s.iter_mut().enumerate().take(n) {
            let c = got[p];
            *sp += 30.0 * c * c / size;
            if c >= size - 0.2 {
                *sp += 60.0;
                if strong {
                    *sp += 120.0;
                }
            }
        }
    }
    // Lords, their titles and markers.
    for l in &g.lords {
        let pi = l.owner as usize;
        if pi >= n {
            continue;
        }
        if l.captor.is_some() {
            s[pi] += 15.0;
            continue;
        }
        s[pi] += 45.0;
        if g.is_bishop(l.id) {
            s[pi] += 35.0;
        }
        if g.is_cardinal(l.id) {
            s[pi] += 50.0;
        }
        if g.titles.queen == Some(l.id) || g.titles.crown_prince == Some(l.id) {
            s[pi] += 30.0;
        }
        if g.titles.darc == Some(l.id) {
            s[pi] += 20.0;
        }
        if l.excommunicated {
            s[pi] -= 25.0;
        }
        // An army's reach: the nearest Village it could take.
        let here = l.village as usize;
        if g.villages[here].troops[pi].count() >= 2 {
            let theirs = |w: usize| g.villages[w].controller != Some(l.owner);
            // Mostly his own Village with another next to it: 0 or 1 without a search.
            let near = if theirs(here) {
                0
            } else if g.map.villages[here]
                .neighbours
                .iter()
                .any(|&w| theirs(w as usize))
            {
                1
            } else {
                (0..g.villages.len())
                    .filter(|&w| theirs(w))
                    .map(|w| dist[here][w])
                    .min()
                    .unwrap_or(u8::MAX)
            };
            if near != u8::MAX {
                let army = g.villages[here].troops[pi].sp() as f64;
                s[pi] += (6.0 + army.min(20.0)) / (1.0 + near as f64);
            }
        }
    }
    // Captives held.
    let mut held = [0u32; MAX_PLAYERS];
    for l in &g.lords {
        if let Some(c) = l.captor.filter(|&c| c != l.owner) {
            if (c as usize) < MAX_PLAYERS {
                held[c as usize] += 1;
            }
        }
    }
    for p in 0..n {
        s[p] += 15.0 * held[p] as f64;
    }
    s
}

/// What the position is worth to `p` against the table: his own score (and half his ally's,
/// since an alliance wins together, 7.2) less the best rival's and the rivals' average.
pub fn value(g: &Game, p: PlayerId, dist: &[Vec<u8>]) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.contains(&p) { 1e6 } else { -1e6 };
    }
    let ally = g.ally(p);
    let sc = scores(g, &Board::new(g), dist);
    let mut mine = sc[p as usize];
    if let Some(a) = ally {
        mine += 0.5 * sc[a as usize];
    }
    let mut rivals = [0.0f64; MAX_PLAYERS];
    let mut k = 0;
    for q in (0..g.n()).filter(|&q| q != p && Some(q) != ally) {
        rivals[k] = sc[q as usize];
        k += 1;
    }
    let rivals = &rivals[..k];
    if rivals.is_empty() {
        return mine;
    }
    let best = rivals.iter().cloned().fold(f64::MIN, f64::max);
    let mean = rivals.iter().sum::<f64>() / rivals.len() as f64;
    mine - 0.4 * best - 0.3 * mean
}

/// Every player's result in [0, 1] (for the Hard bot's playouts): once the game is over, 1 for
/// a victory alone, `alliance_win` for one in alliance (7.1, 7.2) and 0 for a loss; otherwise
/// how far ahead of the best rival his score stands, or his ally's weighed by `alliance_win`.
pub fn rewards(g: &Game, dist: &[Vec<u8>], alliance_win: f64) -> Vec<f64> {
    let n = g.n() as usize;
    if let Some(o) = &g.outcome {
        let share = if o.winners.len() > 1 {
            alliance_win
        } else {
            1.0
        };
        return (0..n)
            .map(|p| {
                if o.winners.contains(&(p as PlayerId)) {
                    share
                } else {
                    0.0
                }
            })
            .collect();
    }
    let scores = scores(g, &Board::new(g), dist);
    let allies = g.allies();
    (0..n)
        .map(|p| {
            let ally = allies[p].map(|a| a as usize);
            let best = (0..n)
                .filter(|&q| q != p && Some(q) != ally)
                .map(|q| scores[q])
                .fold(f64::MIN, f64::max);
            let mine = match ally {
                Some(a) => scores[p].max(alliance_win * scores[a]),
                None => scores[p],
            };
            let d = if best == f64::MIN { 0.0 } else { mine - best };
            1.0 / (1.0 + (-d / 300.0).exp())
        })
        .collect()
}

/// Whether a marriage with `q`'s family brings `p` nearer to victory: an alliance needs 4 VP
/// together (7.2), a player alone 3 (7.1).
pub fn marriage_helps(g: &Game, p: PlayerId, q: PlayerId) -> bool {
    if g.ally(p).is_some() || g.ally(q).is_some() {
        return false;
    }
    let (mine, theirs) = (g.vp(p) as i32, g.vp(q) as i32);
    let alone = 3 - mine;
    let together = 4 - mine - theirs;
    together <= 0 || together < alone || (together == alone && theirs >= mine)
}
