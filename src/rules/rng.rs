//! The game's only source of randomness: a portable PCG32 generator kept inside the state,
//! plus a queue of scripted dice that tests and scenario files can load.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    state: u64,
    inc: u64,
    /// Scripted results for the next six-sided rolls (battle dice are rolled as 1D6 too and
    /// mapped through the die's faces), consumed before the generator.
    #[serde(default)]
    pub scripted: std::collections::VecDeque<u8>,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // PCG32 (O'Neill), seeded through SplitMix64 so that nearby seeds differ.
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut r = Rng {
            state: 0,
            inc: (next() << 1) | 1,
            scripted: Default::default(),
        };
        r.next_u32();
        r.state = r.state.wrapping_add(next());
        r.next_u32();
        r
    }

    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// Uniform in 0..n (n > 0), without modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// One ordinary six-sided die: 1..=6.
    pub fn d6(&mut self) -> u8 {
        if let Some(v) = self.scripted.pop_front() {
            return v;
        }
        self.below(6) as u8 + 1
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn same_seed_same_numbers_and_scripted_first() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        let mut c = Rng::new(8);
        assert_ne!(Rng::new(7).next_u32(), c.next_u32());
        a.scripted.extend([6, 1]);
        assert_eq!(a.d6(), 6);
        assert_eq!(a.d6(), 1);
        let mut counts = [0; 6];
        for _ in 0..6000 {
            counts[a.d6() as usize - 1] += 1;
        }
        assert!(counts.iter().all(|&n| n > 800));
    }
}
