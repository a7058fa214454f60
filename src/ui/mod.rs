//! The desktop app (feature `gui`): relm4 components, one file each, and the pure logic they
//! share (`text` for the words, `choices` for turning legal actions into clicks), which is
//! tested without a display.

pub mod app;
pub mod battle_panel;
pub mod card_hand;
pub mod choices;
pub mod election_dialog;
pub mod family_board;
pub mod game_log;
pub mod map_canvas;
pub mod new_game;
pub mod preferences;
pub mod prompt_bar;
pub mod rules_pane;
pub mod text;

/// A user-visible string, through gettext.
pub fn tr(msgid: &str) -> String {
    gettextrs::gettext(msgid)
}

/// A user-visible string with named `{placeholders}`, translated first, then filled in.
pub fn trf(msgid: &str, args: &[(&str, &str)]) -> String {
    let mut s = gettextrs::gettext(msgid);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// Singular or plural form of a message through gettext, with `{n}` filled in.
pub fn trn(single: &str, plural: &str, n: u32) -> String {
    gettextrs::ngettext(single, plural, n).replace("{n}", &n.to_string())
}
