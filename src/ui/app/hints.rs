//! Hints: the computer's suggestion for a human's decision (the Hard bot on his own view),
//! worked out on a worker thread for one decision and shown, never played. A pure record of
//! which decision a hint is for (no widget).

use fief::bots::hint::{suggest, Hint};
use fief::bots::Budget;
use fief::rules::{Game, PlayerId, View};
use fief::session::Session;

/// Which decision a hint is for: the game (counted from the app's start), how many actions
/// it had, and the player deciding.
pub type HintKey = (u64, usize, PlayerId);

/// The hint shown and the one being worked out, each for its decision.
#[derive(Debug, Default)]
pub struct Hints {
    /// Games played in this window so far (a hint names the game it is for).
    game_no: u64,
    /// The hint shown, and the decision a hint is being worked out for.
    shown: Option<(HintKey, Hint)>,
    pub(crate) asked: Option<HintKey>,
}

/// A hint to work out on a worker thread.
pub struct HintJob {
    pub key: HintKey,
    view: View,
    budget: Budget,
    seed: u64,
}

impl HintJob {
    /// The Hard bot's suggestion (None: the view asks nothing).
    pub fn run(self) -> Option<Hint> {
        let never = std::sync::atomic::AtomicBool::new(false);
        suggest(&self.view, self.budget, self.seed, &never)
    }
}

impl Hints {
    /// Another game is played: no hint of the last one holds.
    pub fn new_game(&mut self) {
        self.game_no += 1;
        self.shown = None;
        self.asked = None;
    }

    /// The decision a hint would be for now in `session`: a human's own, on an uncovered
    /// screen, while a game is played (not `idle`) and nothing waits for a dialog.
    pub fn key(&self, session: &Session, idle: bool) -> Option<HintKey> {
        if idle || session.covered().is_some() || session.is_paused() {
            return None;
        }
        let p = session.human_turn()?;
        Some((self.game_no, session.game().history.len(), p))
    }

    /// The hint for the decision `now`, if one was worked out for it.
    pub fn current(&self, now: Option<HintKey>) -> Option<&Hint> {
        let now = now?;
        self.shown.as_ref().filter(|h| h.0 == now).map(|h| &h.1)
    }

    /// A hint is being worked out for the decision `now`.
    pub fn looking(&self, now: Option<HintKey>) -> bool {
        self.asked.is_some() && self.asked == now
    }

    /// A hint may be asked for the decision `now`: it is one, none is shown for it and none
    /// is being worked out.
    pub fn can_ask(&self, now: Option<HintKey>) -> bool {
        now.is_some() && self.asked.is_none() && self.current(now).is_none()
    }

    /// Asks for a hint for the decision `key` in `game`, the Hard bot thinking for `budget`:
    /// the work to do, unless a hint for it is shown or under way.
    pub fn ask(&mut self, game: &Game, key: HintKey, budget: Budget) -> Option<HintJob> {
        if self.current(Some(key)).is_some() || self.asked == Some(key) {
            return None;
        }
        self.asked = Some(key);
        Some(HintJob {
            key,
            view: game.bot_view(key.2),
            budget,
            seed: game.options.seed ^ ((key.1 as u64) << 8) ^ key.2 as u64,
        })
    }

    /// The hint worked out for `key` (None: nothing to suggest); it is shown if that is
    /// still the decision `now`. Says whether there was nothing to suggest for it.
    pub fn arrived(&mut self, key: HintKey, hint: Option<Hint>, now: Option<HintKey>) -> bool {
        if self.asked == Some(key) {
            self.asked = None;
        }
        if now != Some(key) {
            return false;
        }
        self.shown = hint.map(|h| (key, h));
        self.shown.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::bots::Level;
    use fief::rules::Options;
    use fief::session::{Autosave, Seat, Settings};

    fn session() -> Session {
        let g = Game::new(Options {
            seed: 6,
            first_player: Some(0),
            ..Options::default()
        })
        .unwrap();
        let settings = Settings {
            hard_budget: Budget::Iterations(5),
            auto_pass: true,
            ..Settings::default()
        };
        let seats = vec![
            Seat::Human,
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Easy),
        ];
        Session::new(g, seats, settings, Autosave::Off).unwrap()
    }

    /// A hint is for one decision of a human's own: worked out once, shown for it alone, and
    /// gone with the next decision or game.
    #[test]
    fn a_hint_is_for_one_decision_of_the_humans() {
        let mut s = session();
        let mut hints = Hints::default();
        assert_eq!(hints.key(&s, true), None, "no game is played");
        let key = hints.key(&s, false).expect("the human decides first");
        assert_eq!(key.2, 0);
        assert!(hints.can_ask(Some(key)));
        let job = hints.ask(s.game(), key, Budget::Iterations(5)).unwrap();
        assert!(hints.looking(Some(key)) && !hints.can_ask(Some(key)));
        assert!(hints.ask(s.game(), key, Budget::Iterations(5)).is_none());
        let hint = job.run().expect("a decision to suggest");
        assert!(s.legal().contains(&hint.action), "{:?}", hint.action);
        assert!(!hints.arrived(key, Some(hint.clone()), Some(key)));
        assert_eq!(
            hints.current(Some(key)).map(|h| &h.action),
            Some(&hint.action)
        );
        assert!(!hints.looking(Some(key)) && !hints.can_ask(Some(key)));
        assert!(hints.ask(s.game(), key, Budget::Iterations(5)).is_none());
        // Decided: the hint was for another decision.
        s.submit(0, hint.action.clone()).unwrap();
        let now = hints.key(&s, false);
        assert_ne!(now, Some(key));
        assert!(hints.current(now).is_none());
        // A hint that comes too late is not shown; nothing to suggest is said.
        let mut late = Hints::default();
        assert!(late.ask(s.game(), key, Budget::Iterations(5)).is_some());
        assert!(!late.arrived(key, None, now));
        assert!(late.current(Some(key)).is_none() && !late.looking(Some(key)));
        assert!(late.arrived(key, None, Some(key)));
        // Another game: the same decision of the last one is another.
        hints.new_game();
        assert!(hints.current(Some(key)).is_none());
    }
}
