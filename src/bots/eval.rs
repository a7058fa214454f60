//! The static evaluation the Normal bot maximises and the Hard bot scores its playouts with:
//! what a position is worth to one player, in rough "Denier-like" points.
//!
//! VP (7.0) dominate; then the way to them: Villages held (income, and every Village of a
//! Fief plus a Stronghold buys the title, 4.3), Mills and Strongholds, money saved, troops,
//! Lords and their titles (votes for King and Pope, 1.3–1.8), cards in hand. Villages that a
//! stronger enemy army stands next to count for less.

use super::odds::attack_odds;
use crate::map::VillageId;
use crate::rules::{Fort, Game, PlayerId, MAX_PLAYERS};

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
/// of the same position): each player's SP in each Village (`Game::player_sp`), and the SP of
/// his army there when it can move (a free Lord with it), 0 otherwise.
pub struct Board {
    sp: Vec<[u32; MAX_PLAYERS]>,
    mobile: Vec<[u32; MAX_PLAYERS]>,
}

impl Board {
    pub fn new(g: &Game) -> Board {
        let mut sp: Vec<[u32; MAX_PLAYERS]> = g
            .villages
            .iter()
            .map(|vs| std::array::from_fn(|q| vs.troops[q].sp()))
            .collect();
        let mut free = vec![[false; MAX_PLAYERS]; sp.len()];
        for l in g.lords.iter().filter(|l| l.captor.is_none()) {
            let (v, q) = (l.village as usize, l.owner as usize);
            if v < sp.len() && q < MAX_PLAYERS {
                sp[v][q] += g.lord_sp(l.id);
                free[v][q] = true;
            }
        }
        let mobile = sp
            .iter()
            .zip(&free)
            .map(|(s, f)| std::array::from_fn(|q| if f[q] { s[q] } else { 0 }))
            .collect();
        Board { sp, mobile }
    }
}

/// How much of `v` counts as `p`'s: all of it when he controls it, his chance of taking it
/// when his army stands in a rival's Village (the battle of Phase 6 is coming).
fn share(g: &Game, b: &Board, p: PlayerId, v: usize) -> f64 {
    let vs = &g.villages[v];
    match vs.controller {
        Some(c) if c == p => 1.0,
        Some(c) if vs.troops[p as usize].count() > 0 && b.sp[v][c as usize] > 0 => {
            0.8 * attack_odds(g, p, c, v as VillageId)
        }
        _ => 0.0,
    }
}

/// What the position is worth to `p` alone (`b`: the position's `Board`).
pub fn score(g: &Game, b: &Board, p: PlayerId, dist: &[Vec<u8>]) -> f64 {
    let pi = p as usize;
    let st = g.holdings(p);
    let mut s = VP * st.vp as f64;
    let money = g.players[pi].money as f64;
    s += 5.0 * money.min(20.0) + 1.5 * (money - 20.0).max(0.0);
    s += 8.0 * g.players[pi].hand.len() as f64;
    let ally = g.ally(p);
    // The rivals, and the strongest army of a rival that can move in each Village.
    let mut rivals = [false; MAX_PLAYERS];
    for (q, r) in rivals.iter_mut().enumerate().take(g.players.len()) {
        *r = q != pi && ally.is_none_or(|a| a as usize != q);
    }
    let rival_army: Vec<u32> = b
        .mobile
        .iter()
        .map(|m| {
            let mut most = 0;
            for q in 0..MAX_PLAYERS {
                if rivals[q] && m[q] > most {
                    most = m[q];
                }
            }
            most
        })
        .collect();
    // How much of each Village counts as his (`share`), worked out once for both uses below.
    let shares: Vec<f64> = (0..g.villages.len()).map(|v| share(g, b, p, v)).collect();
    for (v, vs) in g.villages.iter().enumerate() {
        let t = vs.troops[pi];
        s += 6.0 * t.maa as f64 + 16.0 * t.knights as f64;
        if vs.controller != Some(p) {
            if t.count() > 0 {
                s += shares[v] * village_worth(g, v);
            }
            continue;
        }
        let worth = village_worth(g, v);
        s += worth;
        // A stronger enemy army next door.
        let mine = b.sp[v][pi]
            + match vs.fort {
                Fort::None => 0,
                Fort::Stronghold => 4,
                Fort::City => 8,
            };
        let threat = g.map.villages[v]
            .neighbours
            .iter()
            .map(|&w| rival_army[w as usize])
            .max()
            .unwrap_or(0);
        if threat > mine + 2 {
            s -= 0.4 * worth;
        }
    }
    // Fiefs: progress towards a title (4.3).
    for (f, fief) in g.map.fiefs.iter().enumerate() {
        if g.titles.fief[f].is_some() {
            continue;
        }
        let n = fief.villages.len() as f64;
        let c: f64 = fief.villages.iter().map(|&v| shares[v as usize]).sum();
        s += 30.0 * c * c / n;
        if c >= n - 0.2 {
            s += 60.0;
            if fief
                .villages
                .iter()
                .any(|&v| g.villages[v as usize].fort == Fort::Stronghold)
            {
                s += 120.0;
            }
        }
    }
    // Lords, their titles and markers.
    for l in g.family(p) {
        if l.captor.is_some() {
            s += 15.0;
            continue;
        }
        s += 45.0;
        if g.is_bishop(l.id) {
            s += 35.0;
        }
        if g.is_cardinal(l.id) {
            s += 50.0;
        }
        if g.titles.queen == Some(l.id) || g.titles.crown_prince == Some(l.id) {
            s += 30.0;
        }
        if g.titles.darc == Some(l.id) {
            s += 20.0;
        }
        if l.excommunicated {
            s -= 25.0;
        }
        // An army's reach: the nearest Village it could take.
        let here = l.village as usize;
        if g.villages[here].troops[pi].count() >= 2 {
            let near = (0..g.villages.len())
                .filter(|&w| g.villages[w].controller != Some(p))
                .map(|w| dist[here][w])
                .min()
                .unwrap_or(u8::MAX);
            if near != u8::MAX {
                let army = g.villages[here].troops[pi].sp() as f64;
                s += (6.0 + army.min(20.0)) / (1.0 + near as f64);
            }
        }
    }
    s += 15.0
        * g.lords
            .iter()
            .filter(|l| l.captor == Some(p) && l.owner != p)
            .count() as f64;
    s
}

/// What the position is worth to `p` against the table: his own score (and half his ally's,
/// since an alliance wins together, 7.2) less the best rival's and the rivals' average.
pub fn value(g: &Game, p: PlayerId, dist: &[Vec<u8>]) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.contains(&p) { 1e6 } else { -1e6 };
    }
    let ally = g.ally(p);
    let b = Board::new(g);
    let mut mine = score(g, &b, p, dist);
    if let Some(a) = ally {
        mine += 0.5 * score(g, &b, a, dist);
    }
    let rivals: Vec<f64> = (0..g.n())
        .filter(|&q| q != p && Some(q) != ally)
        .map(|q| score(g, &b, q, dist))
        .collect();
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
    let b = Board::new(g);
    let scores: Vec<f64> = (0..n).map(|p| score(g, &b, p as PlayerId, dist)).collect();
    (0..n)
        .map(|p| {
            let ally = g.ally(p as PlayerId).map(|a| a as usize);
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
