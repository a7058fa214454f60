//! The window's words, through gettext, one subject a file: the names of things (`names`),
//! the cards (`cards`), the actions (`actions`), the engine's messages and refusals
//! (`messages`), the map's tooltips (`tooltips`), the odds of a battle (`chances`), the prompt
//! of each decision and the questions (`question`), the status line and header (`status`) and
//! the log (`log`). Pure functions of the viewer's game, tested without a display.

pub mod actions;
pub mod cards;
pub mod chances;
pub mod log;
pub mod messages;
pub mod names;
pub mod question;
pub mod status;
pub mod tooltips;

#[cfg(test)]
mod tests;
