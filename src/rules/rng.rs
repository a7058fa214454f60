//! The game's only source of randomness: the PCG32 generator of `rand_pcg` (the rand
//! family's portable, seedable and serialisable generator) kept inside the state, plus a
//! queue of scripted dice that tests and scenario files can load. A sealed game (one played
//! across computers, `Options::sealed`) draws from ChaCha20 instead: PCG's state can be worked
//! out from enough of its output, ChaCha's cannot, so the dice and cards a player sees tell
//! him nothing of those to come.
//!
//! The seeding (SplitMix64 into PCG32's state and stream), the unbiased `below` and the
//! Fisher-Yates `shuffle` are the ones every earlier build used, so the same seed deals the
//! same game and saves of every format replay as they were played.

use chacha20::ChaCha20Rng;
use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    pcg: Pcg32,
    /// A sealed game's generator: when present, every number comes from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sealed: Option<Box<Sealed>>,
    /// Scripted results for the next six-sided rolls (battle dice are rolled as 1D6 too and
    /// mapped through the die's faces), consumed before the generator.
    #[serde(default)]
    pub scripted: std::collections::VecDeque<u8>,
}

/// Written out so that the scripted rolls, nearly always none, cost nothing to copy (a
/// `VecDeque`'s own clone of an empty queue took most of the 80 instructions the generator's
/// copy cost in every copy of the game). Every field is named, so that a field added later
/// cannot be left out.
impl Clone for Rng {
    fn clone(&self) -> Rng {
        let Rng {
            pcg,
            sealed,
            scripted,
        } = self;
        Rng {
            pcg: pcg.clone(),
            sealed: sealed.clone(),
            scripted: if scripted.is_empty() {
                Default::default()
            } else {
                scripted.clone()
            },
        }
    }
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
            sealed: None,
            scripted: Default::default(),
        }
    }

    /// A sealed game's generator: ChaCha20 keyed from `seed`.
    pub fn sealed(seed: u64) -> Rng {
        Rng {
            sealed: Some(Box::new(Sealed(ChaCha20Rng::seed_from_u64(seed)))),
            ..Rng::new(seed)
        }
    }

    /// The generator a game of these options starts with.
    pub fn for_game(seed: u64, sealed: bool) -> Rng {
        if sealed {
            Rng::sealed(seed)
        } else {
            Rng::new(seed)
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        match &mut self.sealed {
            Some(s) => s.0.next_u32(),
            None => self.pcg.next_u32(),
        }
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

/// ChaCha20 with what the game needs of a state: copies (through its 49-byte state) and the
/// save format (that state in hex).
#[derive(PartialEq, Eq)]
struct Sealed(ChaCha20Rng);

impl Clone for Sealed {
    fn clone(&self) -> Sealed {
        Sealed(ChaCha20Rng::deserialize_state(&self.0.serialize_state()))
    }
}

impl std::fmt::Debug for Sealed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealed(..)")
    }
}

impl Serialize for Sealed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&data_encoding::HEXLOWER.encode(&self.0.serialize_state()))
    }
}

impl<'de> Deserialize<'de> for Sealed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sealed, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = data_encoding::HEXLOWER_PERMISSIVE
            .decode(text.as_bytes())
            .ok()
            .and_then(|b| <[u8; 49]>::try_from(b).ok())
            .ok_or_else(|| serde::de::Error::custom("a sealed generator is 98 hex digits"))?;
        Ok(Sealed(ChaCha20Rng::deserialize_state(&bytes)))
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
    fn a_sealed_generator_is_chacha_copies_and_saves_where_it_stands() {
        let mut a = Rng::sealed(7);
        let mut plain = Rng::new(7);
        assert_ne!(a.next_u32(), plain.next_u32());
        for _ in 0..10 {
            a.next_u32();
        }
        let mut copy = a.clone();
        let text = serde_json::to_string(&a).unwrap();
        let mut back: Rng = serde_json::from_str(&text).unwrap();
        assert_eq!(back, a);
        for _ in 0..100 {
            let n = a.next_u32();
            assert_eq!(copy.next_u32(), n);
            assert_eq!(back.next_u32(), n);
        }
        // A plain generator is saved as before.
        assert!(!serde_json::to_string(&plain).unwrap().contains("sealed"));
        assert!(
            serde_json::from_str::<Rng>(&text.replace("\"sealed\":\"", "\"sealed\":\"zz")).is_err()
        );
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
