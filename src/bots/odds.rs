//! Exact battle odds (6.1, 6.2): the chance that an attacking side wipes out a defending side
//! before it is wiped out itself, rolling to the end.
//!
//! The model follows the engine's dice: each side rolls `dice_for_sp(SP)` Battle Dice (+1 for
//! d'ARC), the attacker loses `penalty` dice to a fortification (6.2.1), each die shows the
//! faces of `Options::battle_die`, and every hit removes one SP (a Knight is 3 hits, a MaA 1;
//! taking losses exactly is what 6.2.2 asks). It leaves out surrenders and truces, so it is
//! the value of fighting on.

use crate::map::VillageId;
use crate::rules::battle::dice_for_sp;
use crate::rules::{Fort, Game, PlayerId};
use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The memo's hash: a multiply-and-rotate of the few small integers of a key (the standard
/// library's SipHash, built against hostile keys, costs more than the lookups it serves here,
/// where every key comes from the engine).
#[derive(Default, Clone, Copy)]
struct Quick(u64);

impl Hasher for Quick {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<Quick>>;

/// One side of a battle as the odds see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Side {
    pub sp: u32,
    /// d'ARC fights on this side (+1 die, 9.1).
    pub darc: bool,
}

/// The probability of each number of hits from `dice` dice with the given faces.
pub fn hits_distribution(dice: u32, faces: [u8; 6]) -> Vec<f64> {
    let mut dist = vec![1.0];
    for _ in 0..dice {
        let top = dist.len() - 1 + *faces.iter().max().unwrap_or(&0) as usize;
        let mut next = vec![0.0; top + 1];
        for (h, p) in dist.iter().enumerate() {
            for &f in &faces {
                next[h + f as usize] += p / 6.0;
            }
        }
        dist = next;
    }
    dist
}

/// Memoised odds for one set of battle parameters.
pub struct Odds {
    faces: [u8; 6],
    penalty: u32,
    att_darc: bool,
    def_darc: bool,
    memo: HashMap<(u32, u32), f64>,
    /// The chances to win and to draw, apart (for the player's display).
    apart: HashMap<(u32, u32), (f64, f64)>,
    dists: HashMap<u32, Vec<f64>>,
}

/// The chances of a battle fought to the end, seen from the attacking side; they add up to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chances {
    /// The defenders wiped out while the attackers still stand.
    pub win: f64,
    /// Nobody left standing, or nobody able to hit (6.1: three rolls without losses).
    pub draw: f64,
    /// The attackers wiped out while the defenders still stand.
    pub lose: f64,
}

impl Odds {
    pub fn new(faces: [u8; 6], penalty: u32, att_darc: bool, def_darc: bool) -> Odds {
        Odds {
            faces,
            penalty,
            att_darc,
            def_darc,
            memo: HashMap::default(),
            apart: HashMap::default(),
            dists: HashMap::default(),
        }
    }

    fn dice(&self, sp: u32, darc: bool, penalty: u32) -> u32 {
        let d = dice_for_sp(sp);
        let d = if d > 0 && darc { d + 1 } else { d };
        d.saturating_sub(penalty)
    }

    fn dist(&mut self, dice: u32) -> Vec<f64> {
        let faces = self.faces;
        self.dists
            .entry(dice)
            .or_insert_with(|| hits_distribution(dice, faces))
            .clone()
    }

    /// The attacker's chance of winning from `att` SP against `def` SP (a draw, both sides
    /// wiped out together, counts as half).
    pub fn win(&mut self, att: u32, def: u32) -> f64 {
        if def == 0 {
            return if att == 0 { 0.5 } else { 1.0 };
        }
        if att == 0 {
            return 0.0;
        }
        if let Some(&p) = self.memo.get(&(att, def)) {
            return p;
        }
        let da = self.dice(att, self.att_darc, self.penalty);
        let dd = self.dice(def, self.def_darc, 0);
        // An attacker with no dice can only lose (6.1: three quiet rolls end the battle).
        let p = if da == 0 {
            0.0
        } else {
            let ha = self.dist(da);
            let hd = self.dist(dd);
            let mut p = 0.0;
            for (x, pa) in ha.iter().enumerate() {
                if *pa == 0.0 {
                    continue;
                }
                for (y, pd) in hd.iter().enumerate() {
                    if *pd == 0.0 {
                        continue;
                    }
                    let a2 = att.saturating_sub(y as u32);
                    let d2 = def.saturating_sub(x as u32);
                    p += pa * pd * self.win(a2, d2);
                }
            }
            p
        };
        self.memo.insert((att, def), p);
        p
    }

    /// The attacker's chances of winning, of a draw and of losing from `att` SP against
    /// `def` SP: the same model as [`Odds::win`] (which counts a draw as half a win), with
    /// the draw kept apart.
    pub fn chances(&mut self, att: u32, def: u32) -> Chances {
        let (win, draw) = self.win_draw(att, def);
        Chances {
            win,
            draw,
            lose: (1.0 - win - draw).max(0.0),
        }
    }

    fn win_draw(&mut self, att: u32, def: u32) -> (f64, f64) {
        match (att, def) {
            (0, 0) => return (0.0, 1.0),
            (_, 0) => return (1.0, 0.0),
            (0, _) => return (0.0, 0.0),
            _ => {}
        }
        if let Some(&p) = self.apart.get(&(att, def)) {
            return p;
        }
        let da = self.dice(att, self.att_darc, self.penalty);
        let dd = self.dice(def, self.def_darc, 0);
        let p = match (da, dd) {
            // Nobody can hit: three quiet rolls end the battle (6.1).
            (0, 0) => (0.0, 1.0),
            (0, _) => (0.0, 0.0),
            _ => {
                let ha = self.dist(da);
                let hd = self.dist(dd);
                let (mut win, mut draw) = (0.0, 0.0);
                for (x, pa) in ha.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                    for (y, pd) in hd.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                        let (w, d) = self
                            .win_draw(att.saturating_sub(y as u32), def.saturating_sub(x as u32));
                        win += pa * pd * w;
                        draw += pa * pd * d;
                    }
                }
                (win, draw)
            }
        };
        self.apart.insert((att, def), p);
        p
    }
}

type OddsKey = ([u8; 6], u32, bool, bool);

thread_local! {
    /// The odds tables computed so far on this thread, one per set of battle parameters:
    /// bots ask for the same few thousand positions again and again.
    /// A short list (a game's die, 3 penalties, d'Arc on either side: a dozen keys at most),
    /// searched in order: quicker than hashing the key.
    static TABLES: std::cell::RefCell<Vec<(OddsKey, Odds)>> = Default::default();
}

/// The table for `key` on this thread, made on first use.
fn with_table<R>(key: OddsKey, f: impl FnOnce(&mut Odds) -> R) -> R {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        let i = match t.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let (faces, penalty, att_darc, def_darc) = key;
                t.push((key, Odds::new(faces, penalty, att_darc, def_darc)));
                t.len() - 1
            }
        };
        f(&mut t[i].1)
    })
}

/// The attacker's chance of winning a battle fought to the end.
pub fn win_chance(att: Side, def: Side, penalty: u32, faces: [u8; 6]) -> f64 {
    with_table((faces, penalty, att.darc, def.darc), |o| {
        o.win(att.sp, def.sp)
    })
}

/// The attacker's chances of winning, of a draw and of losing a battle fought to the end.
pub fn chances(att: Side, def: Side, penalty: u32, faces: [u8; 6]) -> Chances {
    with_table((faces, penalty, att.darc, def.darc), |o| {
        o.chances(att.sp, def.sp)
    })
}

/// A battle as the odds see it: both sides (attackers first), the attacker's dice lost to
/// the fortification, the dice each side rolls, and the chances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prospect {
    pub sides: [Side; 2],
    pub penalty: u32,
    pub dice: [u32; 2],
    pub chances: Chances,
}

impl Prospect {
    fn new(g: &Game, sides: [Side; 2], penalty: u32) -> Prospect {
        let dice = [0, 1].map(|s| {
            let d = dice_for_sp(sides[s].sp) + u32::from(sides[s].darc && sides[s].sp > 0);
            if s == 0 {
                d.saturating_sub(penalty)
            } else {
                d
            }
        });
        Prospect {
            sides,
            penalty,
            dice,
            chances: chances(sides[0], sides[1], penalty, g.options.battle_die),
        }
    }
}

/// Whether the d'ARC Lady stands in `v` with one of `side` (9.1: +1 Battle Die).
fn darc_fights_for(g: &Game, v: VillageId, side: &[PlayerId]) -> bool {
    g.titles
        .darc
        .and_then(|x| g.lord(x))
        .is_some_and(|l| l.village == v && side.contains(&l.owner))
}

/// The battle being fought, with the SP and the dice the engine gives each side now (6.2,
/// 6.2.1), if there is one.
pub fn battle_prospect(g: &Game) -> Option<Prospect> {
    let b = g.battle.as_ref()?;
    let (a, d) = (g.side_sp(0), g.side_sp(1));
    let dice = g.battle_dice();
    let darc = |s: usize| darc_fights_for(g, b.village, &b.sides[s]);
    let base = dice_for_sp(a) + u32::from(darc(0) && a > 0);
    let penalty = base.saturating_sub(dice[0]);
    let sides = [
        Side {
            sp: a,
            darc: darc(0),
        },
        Side {
            sp: d,
            darc: darc(1),
        },
    ];
    let mut pr = Prospect::new(g, sides, penalty);
    pr.dice = dice;
    Some(pr)
}

/// `p` attacking `q` in `v` with what both have there now, before anyone else takes a side;
/// the fortification penalty is the one `Game::fortress_penalty` gives a defender holding
/// it (6.2.1), less the attacker's Siege Engines there.
pub fn attack_prospect(g: &Game, p: PlayerId, q: PlayerId, v: VillageId) -> Prospect {
    let (sides, penalty) = attack_sides(g, p, q, v);
    Prospect::new(g, sides, penalty)
}

/// The two sides of `attack_prospect` and the attacker's penalty, without the chances.
fn attack_sides(g: &Game, p: PlayerId, q: PlayerId, v: VillageId) -> ([Side; 2], u32) {
    attack_sides_sp(g, p, q, v, [g.player_sp(p, v), g.player_sp(q, v)])
}

/// `attack_sides` with both sides' SP in the Village already known (`Game::player_sp`).
fn attack_sides_sp(
    g: &Game,
    p: PlayerId,
    q: PlayerId,
    v: VillageId,
    sp: [u32; 2],
) -> ([Side; 2], u32) {
    let vs = &g.villages[v as usize];
    let fort: u32 = if vs.controller == Some(q) {
        match vs.fort {
            Fort::None => 0,
            Fort::Stronghold => 1,
            Fort::City => 2,
        }
    } else {
        0
    };
    let penalty = fort.saturating_sub(vs.engines[p as usize].min(2) as u32);
    let side = |who: PlayerId, sp: u32| Side {
        sp,
        darc: darc_fights_for(g, v, &[who]),
    };
    ([side(p, sp[0]), side(q, sp[1])], penalty)
}

/// The attacker's chance in the battle being fought, with the dice the engine would give
/// each side (a draw counts half).
pub fn battle_odds(g: &Game) -> f64 {
    match battle_prospect(g) {
        Some(pr) => win_chance(pr.sides[0], pr.sides[1], pr.penalty, g.options.battle_die),
        None => 0.5,
    }
}

/// The odds of `p` attacking `q` in `v` with what both have there now (a draw counts half).
pub fn attack_odds(g: &Game, p: PlayerId, q: PlayerId, v: VillageId) -> f64 {
    let (sides, penalty) = attack_sides(g, p, q, v);
    win_chance(sides[0], sides[1], penalty, g.options.battle_die)
}

/// `attack_odds` with both sides' SP in the Village already known (`Game::player_sp` of `p`
/// and of `q`), as a position's score has them.
pub fn attack_odds_sp(g: &Game, p: PlayerId, q: PlayerId, v: VillageId, sp: [u32; 2]) -> f64 {
    let (sides, penalty) = attack_sides_sp(g, p, q, v, sp);
    win_chance(sides[0], sides[1], penalty, g.options.battle_die)
}

#[cfg(test)]
mod tests {
    use super::*;
    const DIE: [u8; 6] = [1, 1, 1, 2, 2, 3];

    #[test]
    fn distribution_sums_to_one() {
        for d in 0..4 {
            let s: f64 = hits_distribution(d, DIE).iter().sum();
            assert!((s - 1.0).abs() < 1e-9);
        }
        // One die: 1 hit half the time, 2 a third, 3 a sixth.
        let one = hits_distribution(1, DIE);
        assert!((one[1] - 0.5).abs() < 1e-9 && (one[3] - 1.0 / 6.0).abs() < 1e-9);
    }

    #[test]
    fn odds_follow_strength() {
        let even = win_chance(
            Side { sp: 6, darc: false },
            Side { sp: 6, darc: false },
            0,
            DIE,
        );
        let strong = win_chance(
            Side {
                sp: 20,
                darc: false,
            },
            Side { sp: 4, darc: false },
            0,
            DIE,
        );
        let weak = win_chance(
            Side { sp: 3, darc: false },
            Side {
                sp: 20,
                darc: false,
            },
            0,
            DIE,
        );
        assert!(strong > 0.95, "{strong}");
        assert!(weak < 0.05, "{weak}");
        assert!(even > 0.3 && even < 0.7, "{even}");
    }

    #[test]
    fn chances_add_up_and_agree_with_the_bots_odds() {
        for (a, d, pen) in [
            (6, 6, 0),
            (1, 11, 0),
            (11, 1, 0),
            (9, 4, 1),
            (3, 3, 0),
            (20, 8, 2),
        ] {
            let (sa, sd) = (Side { sp: a, darc: false }, Side { sp: d, darc: false });
            let c = chances(sa, sd, pen, DIE);
            assert!((c.win + c.draw + c.lose - 1.0).abs() < 1e-9, "{c:?}");
            assert!(c.win >= 0.0 && c.draw >= 0.0 && c.lose >= 0.0);
            let w = win_chance(sa, sd, pen, DIE);
            assert!((c.win + c.draw / 2.0 - w).abs() < 1e-9, "{c:?} against {w}");
        }
        // 1 SP against 11: the attacker's one die cannot win before 11 SP of replies.
        let long = chances(
            Side { sp: 1, darc: false },
            Side {
                sp: 11,
                darc: false,
            },
            0,
            DIE,
        );
        assert!(long.lose > 0.99, "{long:?}");
        // Even armies of 3 SP can wipe each other out in the same roll.
        let even = chances(
            Side { sp: 3, darc: false },
            Side { sp: 3, darc: false },
            0,
            DIE,
        );
        assert!(
            even.draw > 0.0 && (even.win - even.lose).abs() < 1e-9,
            "{even:?}"
        );
    }

    #[test]
    fn no_dice_no_chance() {
        // 6 SP roll one die; a Fortified City takes two: the attacker cannot win.
        let p = win_chance(
            Side { sp: 6, darc: false },
            Side { sp: 1, darc: false },
            2,
            DIE,
        );
        assert_eq!(p, 0.0);
    }
}
