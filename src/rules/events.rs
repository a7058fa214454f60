//! The human-readable game log. Each entry says what happened; an entry about hidden
//! information (a card drawn) has a public wording for everyone else.
//!
//! An entry is a [`Msg`]: an English template with `{named}` placeholders and its arguments.
//! The engine keeps the English wording (`text`) for the command line and the tests; the app
//! translates the template with gettext (the template is the message id) and fills in the
//! arguments, translating those marked as terms.

use super::cards::PlayerId;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One argument of a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// Shown as it is: a name of a Lord, a Village, a player (Lords' names are borrowed).
    Text(Cow<'static, str>),
    /// A word or phrase to translate ("Knight", "Heavy Rain", a colour).
    Term(String),
    Num(i64),
    /// A message inside a message.
    Msg(Box<Msg>),
    /// Several, joined as "a, b and c".
    List(Vec<Arg>),
    /// Several that may hold commas themselves, joined as "a; b; c".
    Seq(Vec<Arg>),
}

/// A message of the log: `id` is the English template, and the gettext message id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Msg {
    /// Borrowed from the engine's literals (no allocation on the hot path of refusals).
    pub id: Cow<'static, str>,
    /// The plural template, chosen when `n` is not 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plural: Option<Cow<'static, str>>,
    #[serde(default)]
    pub n: i64,
    #[serde(default)]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// How the words of a message are looked up: English as it is, or a translation (the app
/// passes gettext).
pub trait Words {
    /// A template or a term.
    fn word(&self, s: &str) -> String;
    /// A template with a plural form, chosen by `n`.
    fn plural(&self, one: &str, many: &str, n: i64) -> String;
    /// What joins the items of a list ("a, b and c").
    fn comma(&self) -> String {
        ", ".into()
    }
    fn and(&self) -> String {
        " and ".into()
    }
}

/// The words as the engine writes them.
pub struct English;

impl Words for English {
    fn word(&self, s: &str) -> String {
        s.to_string()
    }
    fn plural(&self, one: &str, many: &str, n: i64) -> String {
        if n == 1 { one } else { many }.to_string()
    }
}

impl Msg {
    pub fn new(
        id: &'static str,
        plural: Option<&'static str>,
        n: i64,
        args: Vec<(&'static str, Arg)>,
    ) -> Msg {
        Msg {
            id: Cow::Borrowed(id),
            plural: plural.map(Cow::Borrowed),
            n,
            args: args
                .into_iter()
                .map(|(k, v)| (Cow::Borrowed(k), v))
                .collect(),
        }
    }

    /// The message in English.
    pub fn english(&self) -> String {
        self.render(&English)
    }

    /// The message in the words of `w`: its template looked up (with its plural), then every
    /// `{placeholder}` filled with its argument.
    pub fn render(&self, w: &dyn Words) -> String {
        let out = match &self.plural {
            Some(p) => w.plural(&self.id, p, self.n),
            None => w.word(&self.id),
        };
        // One pass over the template: a value is never searched for placeholders itself (a
        // player called "{n}" stays so).
        let mut done = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(i) = rest.find('{') {
            done.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let key = after.find('}').map(|j| &after[..j]);
            match key.and_then(|k| self.args.iter().find(|(name, _)| name == k)) {
                Some((name, v)) => {
                    done.push_str(&v.render(w));
                    rest = &after[name.len() + 1..];
                }
                None => {
                    done.push('{');
                    rest = after;
                }
            }
        }
        done.push_str(rest);
        done
    }
}

impl Arg {
    /// The argument in the words of `w`.
    pub fn render(&self, w: &dyn Words) -> String {
        match self {
            Arg::Text(s) => s.to_string(),
            Arg::Term(s) => w.word(s),
            Arg::Num(n) => n.to_string(),
            Arg::Msg(m) => m.render(w),
            Arg::Seq(items) => items
                .iter()
                .map(|a| a.render(w))
                .collect::<Vec<_>>()
                .join("; "),
            Arg::List(items) => {
                let words: Vec<String> = items.iter().map(|a| a.render(w)).collect();
                match words.split_last() {
                    None => String::new(),
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{}{}{last}", rest.join(&w.comma()), w.and()),
                }
            }
        }
    }
}

/// Marks a literal as a message to translate where it is not written inside `msg!` or
/// `term` (a table of words, an argument passed on): it returns the literal unchanged, and the
/// extraction script (scripts/extract_messages.py) collects it.
pub const fn n_(s: &'static str) -> &'static str {
    s
}

/// A word of the game to translate (a card's name, a unit, a colour).
pub fn term(s: &str) -> Arg {
    Arg::Term(s.to_string())
}

/// A literal reason is its own message, without arguments (`refuse("4.0", "no such Village")`).
impl From<&'static str> for Msg {
    fn from(id: &'static str) -> Msg {
        Msg::new(id, None, 0, Vec::new())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(Cow::Owned(s))
    }
}
impl From<&'static str> for Arg {
    fn from(s: &'static str) -> Arg {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(Cow::Owned(s.clone()))
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}
impl From<Vec<Arg>> for Arg {
    fn from(v: Vec<Arg>) -> Arg {
        Arg::List(v)
    }
}
macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        }
    )*};
}
num_arg!(u8, u16, u32, u64, usize, i32, i64);

/// A log read entry by entry: a list of entries, the game's own log, or one viewer's reading
/// of it (`view::SeenLog`, which redacts an entry as it is read).
pub trait Entries {
    /// How many entries there are.
    fn count(&self) -> usize;
    /// Entry `i` as this log reads it (borrowed when nothing in it is hidden).
    fn entry(&self, i: usize) -> Option<Cow<'_, Event>>;
}

impl Entries for [Event] {
    fn count(&self) -> usize {
        self.len()
    }
    fn entry(&self, i: usize) -> Option<Cow<'_, Event>> {
        self.get(i).map(Cow::Borrowed)
    }
}

impl Entries for super::chain::Chain<Event> {
    fn count(&self) -> usize {
        self.len()
    }
    fn entry(&self, i: usize) -> Option<Cow<'_, Event>> {
        self.get(i).map(Cow::Borrowed)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub round: u16,
    /// The phase of the round it happened in (`Phase::number`; not kept in saves before
    /// this field existed, whose logs the replay writes again).
    #[serde(default)]
    pub phase: u8,
    /// The rulebook section the event comes from, e.g. "2.3.3".
    pub section: Cow<'static, str>,
    /// When set, only this player may read `msg`; the others read `public_msg`. (Neither is
    /// written when absent: a seat's log, sent with every state, leaves them out.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private_to: Option<PlayerId>,
    /// The message, for translation (its English wording is `text`, written when asked: the
    /// engine logs far more than anyone reads).
    #[serde(default)]
    pub msg: Msg,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_msg: Option<Msg>,
}

impl Event {
    pub fn new(round: u16, section: &'static str, msg: Msg) -> Event {
        Event {
            round,
            phase: 0,
            section: Cow::Borrowed(section),
            private_to: None,
            msg,
            public_msg: None,
        }
    }

    /// The message in English, as its own player reads it.
    pub fn text(&self) -> String {
        self.msg.english()
    }

    /// The wording a given viewer may read in English (`None` = a spectator who sees only
    /// public facts).
    pub fn text_for(&self, viewer: Option<PlayerId>) -> String {
        match self.private_to {
            Some(p) if Some(p) != viewer => self
                .public_msg
                .as_ref()
                .map(Msg::english)
                .unwrap_or_default(),
            _ => self.text(),
        }
    }

    /// The message a given viewer may read.
    pub fn msg_for(&self, viewer: Option<PlayerId>) -> Msg {
        match self.private_to {
            Some(p) if Some(p) != viewer => self.public_msg.clone().unwrap_or_default(),
            _ => self.msg.clone(),
        }
    }

    pub fn redacted_for(&self, viewer: Option<PlayerId>) -> Event {
        Event {
            round: self.round,
            phase: self.phase,
            section: self.section.clone(),
            private_to: None,
            msg: self.msg_for(viewer),
            public_msg: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_fills_its_template_in_english_or_through_a_translator() {
        let m = Msg::new(
            "{p} buys {what} in {v}.",
            None,
            0,
            vec![
                ("p", term("Green")),
                (
                    "what",
                    Arg::List(vec![term("Knight"), term("Mill"), term("Mill")]),
                ),
                ("v", "Blaye".into()),
            ],
        );
        assert_eq!(m.english(), "Green buys Knight, Mill and Mill in Blaye.");
        struct French;
        impl Words for French {
            fn word(&self, s: &str) -> String {
                match s {
                    "Green" => "Vert",
                    "Knight" => "chevalier",
                    "Mill" => "moulin",
                    "{p} buys {what} in {v}." => "{p} achète {what} à {v}.",
                    "{p} pays {sum}." => "{p} paie {sum}.",
                    other => other,
                }
                .to_string()
            }
            fn plural(&self, one: &str, _: &str, n: i64) -> String {
                match (one, n > 1) {
                    ("{n} Denier", false) => "{n} denier",
                    ("{n} Denier", true) => "{n} deniers",
                    _ => one,
                }
                .to_string()
            }
            fn and(&self) -> String {
                " et ".into()
            }
        }
        assert_eq!(
            m.render(&French),
            "Vert achète chevalier, moulin et moulin à Blaye."
        );
        let n = |k: i64| Msg::new("{n} Denier", Some("{n} Deniers"), k, vec![("n", k.into())]);
        assert_eq!(n(1).english(), "1 Denier");
        assert_eq!(n(3).english(), "3 Deniers");
        let outer = Msg::new(
            "{p} pays {sum}.",
            None,
            0,
            vec![("p", "Blue".into()), ("sum", n(2).into())],
        );
        assert_eq!(outer.english(), "Blue pays 2 Deniers.");
        assert_eq!(outer.render(&French), "Blue paie 2 deniers.");
        let seq = Arg::Seq(vec!["a, b".into(), "c".into()]);
        assert_eq!(seq.render(&English), "a, b; c");
    }
}
