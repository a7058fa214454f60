//! Search in the rules: where a query occurs in a text, case-insensitively and on whole
//! characters, and the text as Pango markup with its matches highlighted. Pure functions,
//! tested without a display.

use relm4::gtk::glib;

/// The background of every match, and of the current one.
pub const MATCH_BG: &str = "#f6d32d";
pub const CURRENT_BG: &str = "#ff7800";

/// Where `query` (trimmed) occurs in `text`, case-insensitively, as byte ranges of `text` that
/// start and end on its character boundaries, in order and without overlaps. Each character
/// is compared by its lowercase form, so "É" finds "é"; a match must cover whole characters
/// of the text (İ, which lowercases to two characters, is not found by "i").
pub fn find_matches(text: &str, query: &str) -> Vec<std::ops::Range<usize>> {
    let q: Vec<char> = query.trim().chars().flat_map(char::to_lowercase).collect();
    if q.is_empty() {
        return Vec::new();
    }
    // The text's lowercase characters, each with the span of the character it comes from and
    // whether it begins / ends that character's lowercase form.
    let mut folded = Vec::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        let low = c.to_lowercase();
        let n = low.len();
        for (k, l) in low.enumerate() {
            folded.push((l, at, end, k == 0, k + 1 == n));
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i + q.len() <= folded.len() {
        let last = &folded[i + q.len() - 1];
        let hit = folded[i].3
            && last.4
            && folded[i..i + q.len()]
                .iter()
                .zip(&q)
                .all(|(f, c)| f.0 == *c);
        if hit {
            out.push(folded[i].1..last.2);
            i += q.len();
        } else {
            i += 1;
        }
    }
    out
}

/// Pango markup for `text` with `ranges` (from `find_matches`) highlighted, the `current`-th
/// of them in another colour; the rest is escaped. Ranges out of order, out of bounds or off a
/// character boundary are left plain.
pub fn markup(text: &str, ranges: &[std::ops::Range<usize>], current: Option<usize>) -> String {
    let mut out = String::with_capacity(text.len() + 64 * ranges.len());
    let mut at = 0;
    for (k, r) in ranges.iter().enumerate() {
        let fits = at <= r.start
            && r.start < r.end
            && text.is_char_boundary(r.start)
            && text.is_char_boundary(r.end);
        if !fits {
            continue;
        }
        let bg = if current == Some(k) {
            CURRENT_BG
        } else {
            MATCH_BG
        };
        out.push_str(&glib::markup_escape_text(&text[at..r.start]));
        out.push_str(&format!(
            "<span background=\"{bg}\" foreground=\"#000000\">{}</span>",
            glib::markup_escape_text(&text[r.clone()])
        ));
        at = r.end;
    }
    out.push_str(&glib::markup_escape_text(&text[at..]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as markup with every occurrence of `query` highlighted.
    fn highlight(text: &str, query: &str) -> String {
        markup(text, &find_matches(text, query), None)
    }

    /// The text Pango reads back from `m`, and how many highlighted spans it has.
    fn parsed(m: &str) -> (String, usize) {
        let (attrs, text, _) = relm4::gtk::pango::parse_markup(m, '\0')
            .unwrap_or_else(|e| panic!("bad markup {m:?}: {e}"));
        let spans = attrs
            .attributes()
            .iter()
            .filter(|a| a.type_() == relm4::gtk::pango::AttrType::Background)
            .count();
        (text.to_string(), spans)
    }

    #[test]
    fn highlight_marks_every_match_and_escapes_the_rest() {
        let m = highlight("A Siege <engine> & a siege; SIEGES.", "siege");
        assert_eq!(
            m,
            "A <span background=\"#f6d32d\" foreground=\"#000000\">Siege</span> &lt;engine&gt; \
             &amp; a <span background=\"#f6d32d\" foreground=\"#000000\">siege</span>; \
             <span background=\"#f6d32d\" foreground=\"#000000\">SIEGE</span>S."
        );
        // Case across accents, both ways, and on whole characters only.
        assert_eq!(find_matches("Élection, élu", "é"), vec![0..2, 11..13]);
        assert_eq!(find_matches("ÉLU", "élu"), vec![0..4]);
        assert_eq!(find_matches("Die Belagerung", "BELAGERUNG"), vec![4..14]);
        assert_eq!(find_matches("\u{130}stanbul i", "i"), vec![10..11]);
        assert_eq!(find_matches("aaaa", "aa"), vec![0..2, 2..4]);
        assert_eq!(find_matches("siege", "  siege  "), vec![0..5]);
        let m = markup("abc", &find_matches("abc", "b"), Some(0));
        assert!(m.contains(CURRENT_BG), "{m}");
        // Ranges that do not fit the text are left plain, never sliced.
        let reversed = std::ops::Range { start: 2, end: 1 };
        assert_eq!(markup("é", &[1..2, 0..9, reversed], None), "é");
    }

    #[test]
    fn highlight_never_panics_and_always_gives_valid_markup() {
        let long = "siège ".repeat(2000);
        let xs = "x".repeat(10_000);
        let texts = [
            "",
            "Le siège d'une Forteresse coûte 1 dé; ÉLECTION <b>&amp;</b> \"quoted\" 'apos'",
            "🏰 castle 🏰🏰 & <tags> \u{130}İi ß ẞ ς Σ",
            "a\u{301} combining, \n\ttabs, zero\u{200b}width",
            long.as_str(),
        ];
        let queries = [
            "",
            "   ",
            "<",
            ">",
            "&",
            "&amp;",
            "<b>",
            "\"",
            "'",
            "é",
            "É",
            "e",
            "i",
            "İ",
            "ß",
            "ẞ",
            "σ",
            "🏰",
            "🏰 &",
            "\u{301}",
            "\u{200b}",
            "siège siège",
            long.as_str(),
            xs.as_str(),
        ];
        for text in texts {
            for q in queries {
                let ranges = find_matches(text, q);
                for r in &ranges {
                    assert!(text.is_char_boundary(r.start) && text.is_char_boundary(r.end));
                    assert_eq!(
                        text[r.clone()].to_lowercase(),
                        q.trim().to_lowercase(),
                        "{text:?} / {q:?}"
                    );
                }
                let (back, spans) = parsed(&highlight(text, q));
                assert_eq!(back, text, "the text survives the markup ({q:?})");
                assert_eq!(spans, ranges.len(), "{text:?} / {q:?}");
            }
        }
        assert_eq!(find_matches(&long, "siège").len(), 2000);
        assert_eq!(find_matches(&long, "SIÈGE SIÈGE").len(), 1000);
        assert_eq!(parsed(&highlight(texts[2], "🏰")).1, 3);
        assert_eq!(parsed(&highlight(texts[1], "<b>")).1, 1);
        assert_eq!(find_matches(texts[1], "&amp;").len(), 1);
    }
}
