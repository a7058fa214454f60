//! Exact battle odds (6.1, 6.2): the chance that an attacking side wipes out a defending side
//! before it is wiped out itself, rolling to the end.
//!
//! The model follows the engine's dice: each side rolls `dice_for_sp(SP)` Battle Dice (+1 for
//! d'ARC), the attacker loses `penalty` dice to a fortification (6.2.1), each die shows the
//! faces of `Options::battle_die`, and every hit removes one SP (a Knight is 3 hits, a MaA 1;
//! taking losses exactly is what 6.2.2 asks). It leaves out surrenders and truces, so it is
//! the value of fighting on.

use crate::rules::battle::dice_for_sp;
use std::collections::HashMap;

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
    dists: HashMap<u32, Vec<f64>>,
}

impl Odds {
    pub fn new(faces: [u8; 6], penalty: u32, att_darc: bool, def_darc: bool) -> Odds {
        Odds {
            faces,
            penalty,
            att_darc,
            def_darc,
            memo: HashMap::new(),
            dists: HashMap::new(),
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
}

type OddsKey = ([u8; 6], u32, bool, bool);

thread_local! {
    /// The odds tables computed so far on this thread, one per set of battle parameters:
    /// bots ask for the same few thousand positions again and again.
    static TABLES: std::cell::RefCell<HashMap<OddsKey, Odds>> = Default::default();
}

/// The attacker's chance of winning a battle fought to the end.
pub fn win_chance(att: Side, def: Side, penalty: u32, faces: [u8; 6]) -> f64 {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        t.entry((faces, penalty, att.darc, def.darc))
            .or_insert_with(|| Odds::new(faces, penalty, att.darc, def.darc))
            .win(att.sp, def.sp)
    })
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
