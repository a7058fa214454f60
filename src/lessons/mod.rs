//! Learn to Play (issue 40): short lessons, each a position of the game built from a
//! scenario file (docs/scenarios.md), a goal in one sentence, the coach's words, the
//! Villages to look at and a check that the goal was reached. A try is over when the phase
//! the lesson plays in ends; a try that missed its goal is explained and may be tried again
//! from the same position. The last lesson is a whole game against Easy bots, in which the
//! coach speaks at the moments that matter ([`moments`]).
//!
//! Pure logic, no GTK: the window shows the lesson, plays the other seats with
//! [`partner::Partner`] (or Easy bots) and keeps the progress ([`progress`]).

pub mod book;
pub mod moments;
pub mod partner;
pub mod progress;

pub use book::LESSONS;
pub use moments::{moments, Moment};

use crate::rules::{Game, PlayerId};

/// The seat the learner plays in every lesson.
pub const LEARNER: PlayerId = 0;

/// Who plays the other seats of a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Others {
    /// [`partner::Partner`]: they answer the learner's questions with yes, end their own
    /// steps at once and take forced decisions as an Easy bot would, so that the lesson's
    /// position stays as the coach describes it.
    Partners,
    /// Easy bots playing for themselves (the first game).
    EasyBots,
}

/// When a try ends without its goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// When the game leaves the phase (its number, 1 to 7) the position starts in.
    PhaseEnds,
    /// Never: the try lasts until the goal (the whole first game).
    Never,
}

/// Where a try stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Going,
    Reached,
    /// The try is over without the goal: the coach says [`Lesson::missed`].
    Missed,
}

/// One lesson. Every text is an English msgid, translated where it is shown.
pub struct Lesson {
    /// A short key, kept in the progress file.
    pub id: &'static str,
    pub title: &'static str,
    /// What to do, in one sentence.
    pub goal: &'static str,
    /// The coach's words, a paragraph each, shown beside the board.
    pub coach: &'static [&'static str],
    /// The Villages the coach points at (map keys): they are outlined on the board.
    pub look_at: &'static [&'static str],
    /// The rules the lesson teaches (sections of the rules reference).
    pub sections: &'static [&'static str],
    /// The position: a scenario file without script (docs/scenarios.md).
    pub position: &'static str,
    pub others: Others,
    pub over: Over,
    /// Whether the learner has reached the goal in `now`.
    pub reached: fn(&Game) -> bool,
    /// Whether the goal went out of reach before the try is over (an attack in the siege
    /// lesson): the try is missed at once, and the coach says why.
    pub gone: fn(&Game) -> bool,
    /// What the coach says when a try is over without the goal.
    pub missed: &'static str,
    /// A way to the goal in action notation (docs/scenarios.md), played by the tests.
    pub solution: &'static [&'static str],
}

impl Lesson {
    /// Whether cards are in play in the lesson: a hand is dealt in its position, or the try
    /// lasts a whole game. The window shows the hand only then, and the pages beside the
    /// map have its room.
    pub fn uses_cards(&self) -> bool {
        self.over == Over::Never || self.position.contains("\"hand\"")
    }

    /// The lesson's position, ready to play (the learner is [`LEARNER`]).
    pub fn start(&self) -> Result<Game, String> {
        crate::scenario::run(self.position).map(|o| o.game)
    }

    /// Where a try that began at `start` stands in `now`.
    pub fn verdict(&self, start: &Game, now: &Game) -> Verdict {
        // A goal once out of reach stays missed, whatever comes after (a siege laid after
        // an attack in the siege lesson).
        if (self.gone)(now) {
            return Verdict::Missed;
        }
        if (self.reached)(now) {
            return Verdict::Reached;
        }
        let left =
            now.is_over() || now.round != start.round || now.phase.number() != start.phase.number();
        match self.over {
            Over::PhaseEnds if left => Verdict::Missed,
            Over::Never if now.is_over() => Verdict::Missed,
            _ => Verdict::Going,
        }
    }
}

/// The lesson with this id.
pub fn find(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}
