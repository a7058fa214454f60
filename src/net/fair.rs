//! A deal the players can check: the host draws its seed and a salt from the operating system,
//! shows a promise of them when the table is made (the SHA-256 of `fief-deal:1:SEED:SALT`),
//! and opens both once the game is over, with every action in order. A client replays the
//! game from them and compares what it was sent along the way (docs/network.md, "A deal
//! players can check").

use crate::rules::{Action, Game, Options, PlayerId, Seal};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What the host opens once the game is over: the seed, the salt and every action in order
/// (the seat and the action in the notation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub seed: u64,
    pub salt: String,
    pub actions: Vec<(PlayerId, String)>,
}

/// 64 random bits from the operating system: the seed of a table nobody asked a seed for.
pub fn random_seed() -> Result<u64, String> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(u64::from_le_bytes(b))
}

/// A new seal: 128 random bits from the operating system, in hex.
pub fn new_seal() -> Result<Seal, String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(Seal {
        salt: data_encoding::HEXLOWER.encode(&b),
    })
}

/// The promise of a seed and salt: the SHA-256 of the text `fief-deal:1:SEED:SALT` (the seed
/// in decimal), in lowercase hex.
pub fn commitment(seed: u64, salt: &str) -> String {
    let text = format!("fief-deal:1:{seed}:{salt}");
    data_encoding::HEXLOWER.encode(&Sha256::digest(text.as_bytes()))
}

/// The digest a client keeps of each state it is sent: the SHA-256 of the `game` value as
/// JSON (serde_json writes an object's keys in order, so the host's and the client's texts of
/// one value are the same).
pub fn digest(game: &serde_json::Value) -> [u8; 32] {
    Sha256::digest(game.to_string().as_bytes()).into()
}

/// Every action of a game in order, in the notation (replayed from its start: an action's
/// notation names things as they stood when it was taken).
pub fn actions_of(game: &Game) -> Vec<(PlayerId, String)> {
    let Ok(mut g) = Game::new((*game.options).clone()) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(game.history.len());
    for (p, a) in game.history.iter() {
        out.push((*p, a.notation(&g)));
        if g.apply(*p, a.clone()).is_err() {
            break;
        }
    }
    out
}

/// What a client checked of the deal, in words for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The seed matches the promise, and replaying from it gives every state the seat saw.
    Fair { states: usize },
    /// Something does not match: the reason.
    Unfair(Unfair),
}

/// Why a deal cannot be trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfair {
    /// The seed and salt opened at the end are not the ones promised at the start.
    Promise,
    /// The options with the opened seed deal no game (the rules' reason).
    Deal(String),
    /// Action number `n` cannot be read or is refused by the rules in the replay.
    Action {
        n: usize,
        notation: String,
        why: String,
    },
    /// After `at` actions the replayed game is not the one the seat was shown.
    Differs { at: u64 },
    /// The seat was shown states past the host's last action.
    Beyond,
}

impl Verdict {
    /// The verdict in a sentence (English; the app says it in the player's language).
    pub fn words(&self) -> String {
        match self {
            Verdict::Fair { states } => format!(
                "the deal was fair: the host's seed is the one it promised at the start, and the game dealt from it gives the {states} states you were shown"
            ),
            Verdict::Unfair(why) => format!("the deal cannot be trusted: {}", why.words()),
        }
    }
}

impl Unfair {
    /// The reason in words (English).
    pub fn words(&self) -> String {
        match self {
            Unfair::Promise => {
                "the seed the host showed at the end is not the one it promised at the start".into()
            }
            Unfair::Deal(why) => format!("the game cannot be dealt again: {why}"),
            Unfair::Action { n, notation, why } => {
                format!("action {n} ({notation}) is refused in the replay: {why}")
            }
            Unfair::Differs { at } => format!(
                "after {at} actions, the game dealt from the promised seed is not the one you were shown"
            ),
            Unfair::Beyond => "you were shown states the host's actions never reach".into(),
        }
    }
}

/// Checks a revealed deal: `promise` is the commitment the table showed at the start,
/// `options` the game's options as the seat was sent them (seed and salt hidden), `seen` the
/// digest of the last state the seat was sent after each number of actions.
pub fn verify(
    promise: &str,
    options: &Options,
    reveal: &Reveal,
    seat: PlayerId,
    seen: &[(u64, [u8; 32])],
) -> Verdict {
    if commitment(reveal.seed, &reveal.salt) != promise.trim().to_ascii_lowercase() {
        return Verdict::Unfair(Unfair::Promise);
    }
    let mut options = options.clone();
    options.seed = reveal.seed;
    options.sealed = Some(Seal {
        salt: reveal.salt.clone(),
    });
    let mut g = match Game::new(options) {
        Ok(g) => g,
        Err(e) => return Verdict::Unfair(Unfair::Deal(e.reason())),
    };
    let mut seen: Vec<(u64, [u8; 32])> = seen.to_vec();
    seen.sort_by_key(|s| s.0);
    let mut next = seen.iter().peekable();
    let mut checked = 0;
    let mut check = |g: &Game, at: u64, next: &mut std::iter::Peekable<_>| -> Result<(), Unfair> {
        while let Some(&&(n, d)) = next.peek() {
            if n != at {
                break;
            }
            next.next();
            let mine = digest(&serde_json::to_value(g.redacted(Some(seat))).unwrap_or_default());
            if mine != d {
                return Err(Unfair::Differs { at });
            }
            checked += 1;
        }
        Ok(())
    };
    for (i, (p, notation)) in reveal.actions.iter().enumerate() {
        if let Err(e) = check(&g, i as u64, &mut next) {
            return Verdict::Unfair(e);
        }
        let a = match Action::parse(notation, &g) {
            Ok(a) => a,
            Err(e) => {
                return Verdict::Unfair(Unfair::Action {
                    n: i,
                    notation: notation.clone(),
                    why: e,
                })
            }
        };
        if let Err(e) = g.apply(*p, a) {
            return Verdict::Unfair(Unfair::Action {
                n: i,
                notation: notation.clone(),
                why: e.reason(),
            });
        }
    }
    if let Err(e) = check(&g, reveal.actions.len() as u64, &mut next) {
        return Verdict::Unfair(e);
    }
    if next.peek().is_some() {
        return Verdict::Unfair(Unfair::Beyond);
    }
    Verdict::Fair { states: checked }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealed_game(seed: u64) -> Game {
        Game::new(Options {
            players: 3,
            seed,
            round_cap: Some(2),
            sealed: Some(Seal {
                salt: "00112233445566778899aabbccddeeff".into(),
            }),
            ..Options::default()
        })
        .unwrap()
    }

    /// Plays `g` at random for `steps` actions, keeping seat 0's digest after each.
    fn play(g: &mut Game, steps: usize, seen: &mut Vec<(u64, [u8; 32])>) {
        let mut r = crate::rules::rng::Rng::new(5);
        for _ in 0..steps {
            seen.push((
                g.history.len() as u64,
                digest(&serde_json::to_value(g.redacted(Some(0))).unwrap()),
            ));
            let Some(p) = g.to_act() else { break };
            let legal = g.legal_actions(p);
            let a = legal[r.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).unwrap();
        }
    }

    #[test]
    fn an_honest_deal_checks_and_a_changed_seed_is_caught() {
        let mut g = sealed_game(41);
        let mut seen = Vec::new();
        play(&mut g, 300, &mut seen);
        let seal = g.options.sealed.clone().unwrap();
        let promise = commitment(41, &seal.salt);
        let shown = g.redacted(Some(0)).options;
        assert_eq!(shown.seed, 0);
        assert_eq!(shown.sealed.as_ref().unwrap().salt, "");
        let reveal = Reveal {
            seed: 41,
            salt: seal.salt.clone(),
            actions: actions_of(&g),
        };
        assert!(matches!(
            verify(&promise, &shown, &reveal, 0, &seen),
            Verdict::Fair { states } if states == seen.len()
        ));
        // Another seed shown at the end breaks the promise.
        let mut other = reveal.clone();
        other.seed = 42;
        assert!(matches!(
            verify(&promise, &shown, &other, 0, &seen),
            Verdict::Unfair(Unfair::Promise)
        ));
        // A host that dealt from another generator halfway: the replay parts from what the
        // seat saw.
        let mut h = sealed_game(41);
        let mut seen2 = Vec::new();
        play(&mut h, 40, &mut seen2);
        h.rng = crate::rules::rng::Rng::sealed(99);
        play(&mut h, 260, &mut seen2);
        let reveal2 = Reveal {
            seed: 41,
            salt: seal.salt.clone(),
            actions: actions_of(&h),
        };
        assert!(
            matches!(
                verify(&promise, &shown, &reveal2, 0, &seen2),
                Verdict::Unfair(_)
            ),
            "a changed generator passed"
        );
    }

    #[test]
    fn the_promise_is_the_sha256_of_the_documented_text() {
        // echo -n 'fief-deal:1:7:ab' | sha256sum
        assert_eq!(
            commitment(7, "ab"),
            data_encoding::HEXLOWER.encode(&Sha256::digest(b"fief-deal:1:7:ab"))
        );
        assert_eq!(commitment(7, "ab").len(), 64);
        assert_ne!(commitment(7, "ab"), commitment(8, "ab"));
        assert!(random_seed().is_ok());
        assert_eq!(new_seal().unwrap().salt.len(), 32);
    }
}
