//! Battles as the log tells them: the engine's entries read back roll by roll, for displays
//! that must show a battle after it has ended (the state keeps only the battle under way).
//! The templates read here are the ones `battle.rs` writes; the tests play battles to the
//! end and check every roll is found.

use super::events::{Arg, Entries, Event, Msg};

/// The attack that opens a battle (6.0).
const ATTACK: &str = "{p} attacks {them} in {v}.";
/// One side's roll (6.2).
const ROLL: &str = "{who} rolls {dice} ({faces}): {hits}.";

/// One roll of both sides: the faces, the dice and the hits of each (attackers first), and
/// the log entries that followed it (losses, captures, how the battle ended).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RollTold {
    pub dice: [u32; 2],
    pub faces: [Vec<u8>; 2],
    pub hits: [u32; 2],
    /// Indices into the log.
    pub after: Vec<usize>,
}

/// The last battle of a log.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BattleTold {
    /// The index of the attack's entry.
    pub start: usize,
    /// What came before the first roll (sides taken, a truce refused), as log indices.
    pub before: Vec<usize>,
    pub rolls: Vec<RollTold>,
}

/// Whether an entry belongs to the battle being told: its rolls, losses and captures, how it
/// ended (6.1–6.3), the relics that fight in it (11.1.1), the deaths it causes (9).
fn of_the_battle(e: &Event) -> bool {
    let s: &str = &e.section;
    ["6.1", "6.2", "6.3", "11.1.1", "9."]
        .iter()
        .any(|p| s == p.trim_end_matches('.') || s.starts_with(p))
        || (s == "6.0" && e.msg.id != ATTACK)
}

fn num(m: &Msg, key: &str) -> Option<u32> {
    m.args
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, a)| match a {
            Arg::Num(n) => u32::try_from(*n).ok(),
            Arg::Msg(inner) => u32::try_from(inner.n).ok(),
            _ => None,
        })
}

/// A side's roll read back: its dice, faces and hits.
fn roll_of(e: &Event) -> Option<(u32, Vec<u8>, u32)> {
    let m = &e.msg;
    if m.id != ROLL {
        return None;
    }
    let faces = m
        .args
        .iter()
        .find(|(k, _)| k == "faces")
        .and_then(|(_, a)| match a {
            Arg::Text(t) => t
                .split(", ")
                .filter(|f| !f.is_empty())
                .map(|f| f.parse::<u8>().ok())
                .collect::<Option<Vec<u8>>>(),
            _ => None,
        })?;
    Some((num(m, "dice")?, faces, num(m, "hits")?))
}

/// The last battle told in `log`, roll by roll, if there is one.
pub fn last_battle<L: Entries + ?Sized>(log: &L) -> Option<BattleTold> {
    last_battle_before(log, log.count())
}

/// The last battle told in the first `end` entries of `log`.
pub fn last_battle_before<L: Entries + ?Sized>(log: &L, end: usize) -> Option<BattleTold> {
    let end = end.min(log.count());
    let start = (0..end).rev().find(|&i| {
        log.entry(i)
            .is_some_and(|e| e.section == "6.0" && e.msg.id == ATTACK)
    })?;
    let round = log.entry(start)?.round;
    let mut told = BattleTold {
        start,
        ..BattleTold::default()
    };
    // Whether the roll last opened waits for the defenders' dice.
    let mut half = false;
    for i in start + 1..end {
        let Some(e) = log.entry(i) else { break };
        let e = &*e;
        if e.round != round {
            break;
        }
        if let Some((dice, faces, hits)) = roll_of(e) {
            if !half {
                told.rolls.push(RollTold::default());
            }
            let s = usize::from(half);
            let r = told.rolls.last_mut().expect("a roll was opened");
            r.dice[s] = dice;
            r.faces[s] = faces;
            r.hits[s] = hits;
            half = !half;
        } else if of_the_battle(e) {
            match told.rolls.last_mut() {
                Some(r) => r.after.push(i),
                None => told.before.push(i),
            }
        }
    }
    Some(told)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{new_bot, Budget, Level};
    use crate::rules::{BattleStep, Game, Options};
    use crate::session::Session;

    /// Battles played by bots: while one is fought, every roll the state knows of is read back
    /// with its faces; once it has ended, the log still tells every roll.
    #[test]
    fn every_roll_of_played_battles_is_read_back() {
        let (mut battles, mut rolls) = (0, 0);
        for seed in 1..=6u64 {
            let g = Game::new(Options {
                seed,
                ..Options::default()
            })
            .unwrap();
            let bots = (0..4)
                .map(|i| new_bot(Level::Normal, seed * 10 + i, Budget::Iterations(1)))
                .collect();
            let mut s = Session::bots_only(g, bots).unwrap();
            // The rolls of the battle under way, as the state last counted them.
            let mut fought: Option<usize> = None;
            s.play(6000, |g| {
                match &g.battle {
                    Some(b) => {
                        let t = last_battle(&g.log).expect("a battle under way is told");
                        let done = b.rolls as usize + usize::from(b.step == BattleStep::After);
                        assert_eq!(t.rolls.len(), done, "seed {seed}");
                        if let Some(r) = t.rolls.last() {
                            assert_eq!(r.faces, b.faces, "seed {seed}");
                            for s in 0..2 {
                                assert_eq!(r.faces[s].len() as u32, r.dice[s]);
                            }
                        }
                        fought = Some(done);
                    }
                    None => {
                        if let Some(done) = fought.take() {
                            let t = last_battle(&g.log).unwrap();
                            assert!(t.rolls.len() >= done, "seed {seed}");
                            battles += 1;
                            rolls += t.rolls.len();
                        }
                    }
                }
                false
            })
            .unwrap();
        }
        eprintln!("{battles} battles, {rolls} rolls read back");
        assert!(
            battles >= 3 && rolls > battles,
            "{battles} battles, {rolls} rolls"
        );
    }

    #[test]
    fn a_log_without_a_battle_tells_none() {
        let g = Game::new(Options::default()).unwrap();
        assert_eq!(last_battle(&g.log), None);
    }
}
