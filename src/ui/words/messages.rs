//! The engine's messages and refusals in the window's words, and why a saved game could not be
//! read.

use crate::ui::{tr, trf};

/// Why the engine refused an action, in the reader's language, with the rule it applies.
pub fn rule_error(e: &fief::rules::RuleError) -> String {
    let why = msg(&e.msg(), &e.reason());
    if e.section.is_empty() {
        why
    } else {
        trf("{why} (rule {s})", &[("why", &why), ("s", e.section)])
    }
}

/// A message of the engine (log entries, the reasons of an election or of the end of the
/// game) in the reader's language; `english` when the message has no template (older saves).
pub fn msg(m: &fief::rules::events::Msg, english: &str) -> String {
    if m.id.is_empty() {
        english.to_string()
    } else {
        m.render(&crate::ui::Gettext)
    }
}

/// Why a saved game was refused, for the player.
pub fn load_error(e: &fief::save::LoadError) -> String {
    use fief::save::LoadError as E;
    match e {
        E::Unreadable(why) => trf("The file could not be read ({why}).", &[("why", why)]),
        E::Empty => tr("The file is empty: it holds no saved game."),
        E::Truncated => tr("The file is incomplete: it was cut off, perhaps while it was written."),
        E::NotJson(_) => tr("This file is not a saved game: it is not in the save format at all."),
        E::Foreign => tr("This file is not a Fief saved game."),
        E::Newer(v) => trf(
            "This game was saved by a newer version of Fief (format {v}). Please update the app to load it.",
            &[("v", &v.to_string())],
        ),
        E::UnknownVersion => tr("This saved game has an unknown format version."),
        E::Damaged(why) => trf("This saved game is damaged ({why}).", &[("why", why)]),
        E::OtherMap(name) => trf(
            "This game was played on another map ({name}).",
            &[("name", name)],
        ),
        E::HistoryRefused { index, reason } => trf(
            "The saved history is not a legal game: its action {n} is refused by the rules ({why}). The file was edited or damaged.",
            &[("n", &(index + 1).to_string()), ("why", reason)],
        ),
        E::HistoryMismatch(part) => trf(
            "The saved position does not follow from its history (it differs in “{part}”). The file was edited or damaged.",
            &[("part", part)],
        ),
        E::TooLarge { bytes } => trf(
            "This file is too large to be a saved game ({size} KiB; a save has at most {max} KiB).",
            &[
                ("size", &bytes.div_ceil(1024).to_string()),
                ("max", &(fief::save::MAX_BYTES / 1024).to_string()),
            ],
        ),
        E::Internal(what) => trf(
            "This saved game could not be loaded because of an error in Fief itself ({what}). Please report it with the file.",
            &[("what", what)],
        ),
    }
}
