//! The one check for text that other players read: names (at the table, in a save, at a
//! host), table talk and table names. The engine refuses a name that fails it, the host
//! cleans and refuses with it, and the app cleans what a player types with it before sending.
//!
//! Refused: control characters (Cc), format characters (Cf: the marks that reorder text or
//! hide in it, such as left-to-right and right-to-left marks, zero-width spaces and joiners,
//! the byte-order mark, the soft hyphen, tag characters), line and paragraph separators (Zl,
//! Zp), surrogates, private-use and unassigned code points (Cs, Co, Cn), and the filler
//! characters that show nothing (the Hangul fillers, the blank Braille pattern). A text must
//! also show something: at least one letter, digit, punctuation mark or symbol.

use unicode_general_category::{get_general_category, GeneralCategory as G};

/// Characters of visible categories that show nothing (used to fake an empty name).
const FILLERS: [char; 5] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}'];

/// Whether `c` may stand in a text other players read.
pub fn readable_char(c: char) -> bool {
    !matches!(
        get_general_category(c),
        G::Control
            | G::Format
            | G::LineSeparator
            | G::ParagraphSeparator
            | G::Surrogate
            | G::PrivateUse
            | G::Unassigned
    ) && !FILLERS.contains(&c)
}

/// Whether `c` shows something by itself.
fn visible(c: char) -> bool {
    readable_char(c)
        && !matches!(
            get_general_category(c),
            G::SpaceSeparator | G::NonspacingMark | G::EnclosingMark | G::SpacingMark
        )
}

/// Why a text is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// Longer than allowed (the most characters).
    TooLong(usize),
    /// A character others could not read as it is (the first one).
    Hidden(char),
    /// Nothing in it shows.
    Blank,
}

impl Unreadable {
    /// In words (English; the app says its own).
    pub fn words(self) -> String {
        match self {
            Unreadable::TooLong(n) => format!("at most {n} characters"),
            Unreadable::Hidden(c) => format!(
                "U+{:04X} is a character that hides or reorders text, and is not allowed",
                c as u32
            ),
            Unreadable::Blank => "nothing in it can be seen".into(),
        }
    }
}

/// Checks a text others will read: at most `max` characters, every one readable, something
/// visible.
pub fn check_readable(s: &str, max: usize) -> Result<(), Unreadable> {
    if s.chars().count() > max {
        return Err(Unreadable::TooLong(max));
    }
    if let Some(c) = s.chars().find(|c| !readable_char(*c)) {
        return Err(Unreadable::Hidden(c));
    }
    if !s.chars().any(visible) {
        return Err(Unreadable::Blank);
    }
    Ok(())
}

/// `s` with every character [`readable_char`] refuses dropped, trimmed, cut to `max`
/// characters; empty when nothing visible is left (what [`check_readable`] then accepts, or
/// an empty text).
pub fn clean_readable(s: &str, max: usize) -> String {
    let kept: String = s.chars().filter(|c| readable_char(*c)).collect();
    let cut: String = kept.trim().chars().take(max).collect();
    if cut.chars().any(visible) {
        cut.trim_end().to_string()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_reordering_characters_are_refused_and_blank_text_too() {
        for bad in [
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{2028}',
            '\u{2029}',
            '\u{00AD}',
            '\u{E0041}',
            '\u{3164}',
            '\u{202E}',
            '\u{2066}',
            '\u{7}',
            '\u{E000}',
            '\u{10FFFD}',
            '\u{0378}',
            '\u{115F}',
            '\u{FFA0}',
            '\u{2800}',
        ] {
            assert!(!readable_char(bad), "U+{:04X}", bad as u32);
            let name = format!("An{bad}ne");
            assert_eq!(
                check_readable(&name, 64),
                Err(Unreadable::Hidden(bad)),
                "U+{:04X}",
                bad as u32
            );
            assert_eq!(clean_readable(&name, 64), "Anne");
            assert_eq!(clean_readable(&bad.to_string().repeat(5), 64), "");
        }
        for good in [
            "Anne",
            "Zoë",
            "Žofie",
            "李娜",
            "Ἀλέξανδρος",
            "O'Neil-Smith",
            "🦊 Fox",
            "ملك",
        ] {
            assert_eq!(check_readable(good, 64), Ok(()), "{good}");
            assert_eq!(clean_readable(good, 64), good);
        }
        assert_eq!(check_readable("   ", 64), Err(Unreadable::Blank));
        assert_eq!(check_readable("\u{0301}", 64), Err(Unreadable::Blank));
        assert_eq!(check_readable("", 64), Err(Unreadable::Blank));
        assert_eq!(check_readable("abcd", 3), Err(Unreadable::TooLong(3)));
        assert_eq!(clean_readable("  a b c  ", 3), "a b");
        assert!(Unreadable::Hidden('\u{200B}').words().contains("U+200B"));
    }
}
