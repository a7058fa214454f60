//! The other seats of a lesson: families that keep the lesson's position as the coach
//! describes it. They say yes to the learner's questions (a marriage, a permission to pass),
//! end their own steps at once, stand no candidate, fight a battle they are in rather than
//! bargain, and leave every decision they must
//! take (a battle roll, their losses) to an Easy bot.

use crate::bots::{Bot, Easy, Level};
use crate::rules::{Action, View};
use std::sync::atomic::AtomicBool;

pub struct Partner {
    easy: Easy,
}

impl Partner {
    pub fn new(seed: u64) -> Partner {
        Partner {
            easy: Easy::new(seed),
        }
    }

    /// What a partner does when the choice is his own: `None` leaves it to the Easy bot.
    fn passive(legal: &[Action]) -> Option<Action> {
        let first = |want: fn(&Action) -> bool| legal.iter().find(|a| want(a)).cloned();
        first(|a| matches!(a, Action::Accept))
            .or_else(|| first(Action::ends_step))
            .or_else(|| first(|a| matches!(a, Action::NoCandidate | Action::Pass)))
            .or_else(|| first(|a| matches!(a, Action::Fight)))
    }
}

impl Bot for Partner {
    fn level(&self) -> Level {
        Level::Easy
    }

    fn choose(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action> {
        Self::passive(&view.legal).or_else(|| self.easy.choose(view, cancel))
    }
}
