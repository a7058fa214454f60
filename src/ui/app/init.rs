//! How the main window starts: the game and seats it shows first, the preferences and where
//! they are kept, where the saves go, and whether the player is asked to resume his last
//! game or to start a new one.

use crate::ui::app::prefs::{Prefs, PrefsProblem};
use fief::bots::Budget;
use fief::rules::{Game, Options};
use fief::save::Store;
use fief::session::Seat;
use std::path::PathBuf;
use std::time::Duration;

/// How the window starts.
pub struct AppInit {
    pub game: Game,
    pub seats: Vec<Seat>,
    pub prefs: Prefs,
    /// A plain launch: the board waits, idle, while the app offers to resume the last game
    /// or opens the new-game dialog. Otherwise (a scripted start) `game` is played at once,
    /// without touching the player's autosave.
    pub ask_new_game: bool,
    /// How long the Hard bot thinks per decision.
    pub hard_budget: Budget,
    /// Where the preferences are kept (None: not kept, as in the tests).
    pub prefs_path: Option<PathBuf>,
    /// What was wrong in the preferences file, told once the window is up.
    pub prefs_problems: Vec<PrefsProblem>,
    /// Where saves and the autosave go (None: nowhere, as in the tests).
    pub store: Option<Store>,
    /// Where the tables sat at and the hosted tables are kept (the data folder; None:
    /// nowhere, so no table can be hosted or remembered).
    pub net_dir: Option<PathBuf>,
    /// `fief --lesson`: the lesson of Learn to Play to start once the window shows (its
    /// place in the book).
    pub lesson: Option<usize>,
}

impl AppInit {
    /// The seats of the preferences (by default one human against three Normal bots), a
    /// random seed, the preferences and saves in the XDG directories.
    pub fn default_game() -> AppInit {
        let prefs_path = Prefs::default_path();
        let (prefs, prefs_problems) = match &prefs_path {
            Some(p) => Prefs::load(p),
            None => (Prefs::default(), Vec::new()),
        };
        AppInit::launch(prefs, prefs_path, prefs_problems, Store::default_location())
    }

    /// A plain launch with these preferences and this store: an idle board of the seats the
    /// preferences remember, while the last game is offered or the new-game dialog opens.
    pub fn launch(
        prefs: Prefs,
        prefs_path: Option<PathBuf>,
        prefs_problems: Vec<PrefsProblem>,
        store: Option<Store>,
    ) -> AppInit {
        let seats = prefs.default_seats.clone();
        let game = Game::new(Options {
            players: seats.len() as u8,
            seed: crate::ui::dialogs::new_game::random_seed(),
            ..Options::default()
        })
        .or_else(|_| {
            Game::new(Options {
                seed: crate::ui::dialogs::new_game::random_seed(),
                ..Options::default()
            })
        })
        .expect("the default options are valid");
        let seats = if seats.len() == game.players.len() {
            seats
        } else {
            Prefs::default().default_seats
        };
        AppInit {
            game,
            seats,
            prefs,
            ask_new_game: true,
            hard_budget: Budget::Time(Duration::from_secs(1)),
            prefs_path,
            prefs_problems,
            net_dir: store.as_ref().map(|s| s.root().to_path_buf()),
            store,
            lesson: None,
        }
    }
}
