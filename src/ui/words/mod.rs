//! The window's words: names of pieces, actions, cards and titles (`text`), the prompt of
//! each decision (`question`), the status line and header (`status`) and the log (`log`).

pub mod log;
pub mod question;
pub mod status;
pub mod text;
