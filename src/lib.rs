//! Fief: France 1429 — the library: the board, the rules engine and scenario files.
//! Everything here builds without GTK; the GUI lives in the `fief` binary (feature `gui`).

// The engine's message macros (msg!, msgn!) are used by the bots' reasons too.
#[macro_use]
pub mod rules;
pub mod arena;
pub mod bench;
pub mod bots;
pub mod files;
pub mod fuzz;
pub mod lessons;
pub mod map;
pub mod net;
pub mod save;
pub mod scenario;
pub mod seat;
pub mod session;

pub use map::Map;
pub use rules::{Action, Game, Options, RuleError};
