//! Local bots behind one `Bot` trait: Easy (random), Normal (heuristic) and Hard (ISMCTS).
//!
//! A bot sees only what its player may see: it is given `Game::bot_view(player)` (the view of
//! `Game::view` with the legal actions of `Game::bot_actions`) and answers one of those
//! actions. The searching bots sample the hidden information themselves
//! (`View::sample`). Each bot draws its randomness from its own seeded generator, so
//! a level with a given seed makes the same choices from the same views (the Hard bot under
//! an iteration budget; a time budget makes it depend on the machine's speed).

pub mod bargain;
pub mod eval;
pub mod heuristic;
pub mod hint;
pub mod ismcts;
pub mod odds;
pub mod random;

use crate::rules::{Action, Game, PlayerId, View};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use heuristic::Normal;
pub use ismcts::Hard;
pub use random::Easy;

/// The bot levels offered to players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" => Ok(Level::Hard),
            other => Err(format!(
                "unknown bot level '{other}' (use easy, normal or hard)"
            )),
        }
    }
}

/// How long the Hard bot thinks about one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Time(Duration),
    Iterations(u32),
}

/// A player played by the computer.
pub trait Bot: Send {
    fn level(&self) -> Level;

    /// One of `view.legal`, chosen from what the view shows (never the hidden state), or
    /// `None` when the view offers nothing to choose. `cancel` may be set from another
    /// thread: a searching bot then stops early and answers with its best choice so far.
    fn choose(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action>;

    /// How long a searching bot may think from now on (the others ignore it).
    fn set_budget(&mut self, _budget: Budget) {}

    /// Why it gave its last answer to another player's question (a clause such as "a toll of
    /// 2 Deniers is worth the passage"); `None` after any other decision.
    fn reason(&self) -> Option<crate::rules::events::Msg> {
        None
    }
}

/// A bot of `level` with its own seed; the Hard bot thinks for `hard_budget`.
pub fn new_bot(level: Level, seed: u64, hard_budget: Budget) -> Box<dyn Bot> {
    match level {
        Level::Easy => Box::new(Easy::new(seed)),
        Level::Normal => Box::new(Normal::new(seed)),
        Level::Hard => Box::new(Hard::new(
            seed,
            ismcts::Settings {
                budget: hard_budget,
                ..Default::default()
            },
        )),
    }
}

/// Asks `bot` for `player`'s decision in `g` and applies it; returns the action taken.
pub fn bot_move(g: &mut Game, player: PlayerId, bot: &mut dyn Bot) -> Result<Action, String> {
    let view = g.bot_view(player);
    let never = AtomicBool::new(false);
    let a = bot
        .choose(&view, &never)
        .ok_or_else(|| format!("the {} bot found nothing to do", bot.level().name()))?;
    g.apply(player, a.clone()).map_err(|e| {
        format!(
            "the {} bot chose an illegal action: {e}",
            bot.level().name()
        )
    })?;
    Ok(a)
}
