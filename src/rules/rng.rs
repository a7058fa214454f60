//! The game's only source of randomness: the PCG32 generator of `rand_pcg` (the rand
//! family's portable, seedable and serialisable generator) kept inside the state, plus a
//! queue of scripted dice that tests and scenario files can load.
//!
//! The seeding (SplitMix64 into PCG32's state and stream), the unbiased `below` and the
//! Fisher-Yates `shuffle` are the ones every earlier build used, so the same seed deals the
//! same game and saves of every format replay as they were played.

use rand_core::Rng as _;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    pcg: Pcg32,
    /// Scripted results for the next six-sided rolls (battle dice are rolled as 1D6 too and
    /// mapped through the die's faces), consumed before the generator.
    #[serde(default)]
    pub scripted: std::collections::VecDeque<u8>,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // SplitMix64 spreads the seed (nearby seeds differ) into PCG32's stream and state.
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let stream = next();
        let state = next();
        Rng {
            pcg: Pcg32::new(state, stream),
            scripted: Default::default(),
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
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

    /// The hand-written PCG32 of earlier builds, kept here only to prove that the rand_pcg
    /// generator gives the very same numbers (so old saves replay the same dice).
    fn old_pcg32(seed: u64) -> impl FnMut() -> u32 {
        let mut sm = seed;
        let mut next = move || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let (mut state, inc) = (0u64, (next() << 1) | 1);
        let mut step = move |add: u64| {
            state = state.wrapping_add(add);
            let old = state;
            state = old
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(inc);
            ((((old >> 18) ^ old) >> 27) as u32).rotate_right((old >> 59) as u32)
        };
        step(0);
        let second = next();
        step(second);
        move || step(0)
    }

    #[test]
    fn the_same_numbers_as_every_earlier_build() {
        for seed in [0, 1, 7, 42, 12_345, u64::MAX] {
            let mut old = old_pcg32(seed);
            let mut new = Rng::new(seed);
            for _ in 0..1000 {
                assert_eq!(new.next_u32(), old(), "seed {seed}");
            }
        }
    }
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
