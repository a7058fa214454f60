//! The window's words, through gettext, one subject a file: the names of things (`names`),
//! the cards (`cards`), the actions (`actions`), the engine's messages and refusals
//! (`messages`), the map's tooltips (`tooltips`), the odds of a battle (`chances`), the prompt
//! of each decision and the questions (`question`), the status line and header (`status`), the log (`log`) and
//! how each player stands towards a victory, with the map's legend (`outlook`). Pure functions of the viewer's game, tested without a display.

pub mod actions;
pub mod cards;
pub mod chances;
pub mod log;
pub mod messages;
pub mod names;
pub mod outlook;
pub mod question;
pub mod status;
pub mod tooltips;

/// `s` with each line longer than `width` characters broken at its spaces: GTK shows a
/// tooltip's line as it is, and a long one runs off the screen.
pub fn wrap_lines(s: &str, width: usize) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut len = 0;
        for (j, word) in line.split(' ').enumerate() {
            let n = word.chars().count();
            if j > 0 {
                if len > 0 && len + 1 + n > width {
                    out.push('\n');
                    len = 0;
                } else {
                    out.push(' ');
                    len += 1;
                }
            }
            out.push_str(word);
            len += n;
        }
    }
    out
}

#[cfg(test)]
mod tests;
