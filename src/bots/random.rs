//! The Easy bot: a random legal choice, with just enough sense to keep the game moving: the
//! "any time" extras (cards, diplomacy, handing control) are rarely taken when the decision
//! itself has other answers, so it never talks or plays cards forever instead of deciding.

use super::{Bot, Level};
use crate::rules::rng::Rng;
use crate::rules::{is_any_time_action, Action, View};
use std::sync::atomic::AtomicBool;

pub struct Easy {
    rng: Rng,
}

impl Easy {
    pub fn new(seed: u64) -> Easy {
        Easy {
            rng: Rng::new(seed),
        }
    }
}

/// A random choice among `legal`, taking an "any time" extra only one time in twenty.
pub fn random_choice(legal: &[Action], rng: &mut Rng) -> Option<Action> {
    if legal.is_empty() {
        return None;
    }
    let main: Vec<&Action> = legal.iter().filter(|a| !is_any_time_action(a)).collect();
    if !main.is_empty() && main.len() < legal.len() && rng.below(20) != 0 {
        return Some(main[rng.below(main.len() as u32) as usize].clone());
    }
    Some(legal[rng.below(legal.len() as u32) as usize].clone())
}

impl Bot for Easy {
    fn level(&self) -> Level {
        Level::Easy
    }

    fn choose(&mut self, view: &View, _cancel: &AtomicBool) -> Option<Action> {
        random_choice(&view.legal, &mut self.rng)
    }
}
