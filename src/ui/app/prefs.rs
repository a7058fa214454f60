//! Preferences, kept as JSON in the XDG config directory (`~/.config/fief/preferences.json`):
//! the window's size, how fast bots' moves are shown, the seats a new game starts with,
//! animations, asking before an attack, passing reaction windows in which a human holds
//! nothing playable, deciding battle rolls and casualties oneself, and the optional rules and length of a new game. A file with unknown or
//! invalid keys is read for what it has: each problem is reported, none is fatal, and unknown
//! keys are written back untouched.

use crate::ui::{tr, trf};
use fief::bots::Level;
use fief::rules::{OptionalRule, RuleSet};
use fief::session::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long each bot move stays on screen before the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    Instant,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Instant, Pace::Fast, Pace::Normal, Pace::Slow];

    /// Where the pace stands in [`Pace::ALL`].
    pub fn index(self) -> usize {
        Pace::ALL.iter().position(|p| *p == self).unwrap_or(2)
    }

    /// How long the Hard bot thinks about a decision at this pace: a quick game gets quick
    /// answers, a slow one the time it waits anyway.
    pub fn hard_time(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Instant => 250,
            Pace::Fast => 500,
            Pace::Normal => 1000,
            Pace::Slow => 2000,
        })
    }

    pub fn delay(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Instant => 0,
            Pace::Fast => 250,
            Pace::Normal => 700,
            Pace::Slow => 1600,
        })
    }

    pub fn label(self) -> String {
        match self {
            Pace::Instant => tr("Instant"),
            Pace::Fast => tr("Fast"),
            Pace::Normal => tr("Normal"),
            Pace::Slow => tr("Slow"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prefs {
    pub window_width: i32,
    pub window_height: i32,
    pub maximized: bool,
    pub pace: Pace,
    /// The seats the new-game dialog starts with (3 to 6).
    pub default_seats: Vec<Seat>,
    /// Interface transitions (GTK's animations).
    pub animations: bool,
    /// Ask before a decision of yours starts a battle.
    pub confirm_attack: bool,
    /// Pass a reaction window for a human who can play nothing in it.
    pub auto_pass: bool,
    /// End a step in which a human has nothing worth doing (`session::idle_step_end`), and
    /// pass a reaction window unless it offers a play only it gives.
    pub skip_idle: bool,
    /// Decide each roll of your battles yourself (off: they are rolled for you to their end,
    /// unless the odds turn or a Lord of yours is at stake).
    pub decide_rolls: bool,
    /// Choose your casualties yourself (off: the rules' default is taken, unless a Lord
    /// would be lost).
    pub choose_losses: bool,
    /// The optional rules the New Game dialog starts with; it remembers the last choice.
    pub optional_rules: RuleSet,
    /// Network games reach players across the internet (through relays when no direct
    /// path is found), not only the local network and direct addresses.
    pub internet: bool,
    /// Closing the window while the player sits at network tables keeps the app running
    /// in the background, to tell him when it is his turn (`app/background.rs`).
    pub background: bool,
    /// The length of a new game: `None` until someone wins, else the number of rounds after
    /// which the 7.3 tie-break order decides (`Options::round_cap`); remembered like the rules.
    pub game_length: Option<u16>,
    /// The name the player last sat at a table under (Join a Game), offered again the next
    /// time (`suggested_name`); empty until then.
    pub player_name: String,
    /// Keys this version does not know, kept as they were (a newer version may use them).
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
    /// No preferences file was found: the app's first launch (the window is then sized to
    /// the screen). Never written.
    #[serde(skip)]
    pub first_launch: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            window_width: 1280,
            window_height: 800,
            maximized: false,
            pace: Pace::Normal,
            default_seats: vec![
                Seat::Human,
                Seat::Bot(Level::Normal),
                Seat::Bot(Level::Normal),
                Seat::Bot(Level::Normal),
            ],
            animations: true,
            confirm_attack: true,
            auto_pass: true,
            skip_idle: true,
            decide_rolls: false,
            choose_losses: false,
            optional_rules: RuleSet::default(),
            internet: false,
            background: false,
            game_length: None,
            player_name: String::new(),
            unknown: Map::new(),
            first_launch: false,
        }
    }
}

/// Each optional rule (the engine's list, `OptionalRule::ALL`): its name and what it
/// changes, in the reader's language, for the rows of Preferences and New Game.
pub fn optional_rule_words() -> Vec<(OptionalRule, String, String)> {
    OptionalRule::ALL
        .into_iter()
        .map(|r| {
            (
                r,
                crate::ui::words::messages::msg(&r.name(), ""),
                crate::ui::words::messages::msg(&r.summary(), ""),
            )
        })
        .collect()
}

/// `name` as a table takes it: without the characters that could fake or hide text,
/// trimmed, at most `MAX_NAME_CHARS` characters.
fn clean_name(name: &str) -> String {
    fief::rules::readable::clean_readable(name, fief::rules::MAX_NAME_CHARS)
}

/// Keeps `name`, the one the player just sat at a table under, for the next time; says
/// whether the preferences changed (a blank name changes nothing).
pub fn remember_name(prefs: &mut Prefs, name: &str) -> bool {
    let name = clean_name(name);
    if name.is_empty() || name == prefs.player_name {
        return false;
    }
    prefs.player_name = name;
    true
}

/// The name the Join a Game dialog offers: the one the player last sat at a table under;
/// else the account's real name, when the account is a person's and the name a real one;
/// else none, and the player types his. Never a system account's name ("root", "nobody")
/// nor the login name (an account's handle, often "user" or "pi", not what the others call
/// him).
// Join a Game offers it (`App::open_join`).
pub fn suggested_name(prefs: &Prefs) -> String {
    use relm4::gtk::glib;
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() };
    suggest(
        &prefs.player_name,
        &glib::real_name().to_string_lossy(),
        &glib::user_name().to_string_lossy(),
        uid,
    )
}

/// `suggested_name` from what it reads: the name last used, the account's real name (GLib
/// says "Unknown" when it has none), its login name and its user id.
fn suggest(last: &str, real: &str, login: &str, uid: u32) -> String {
    let last = clean_name(last);
    if !last.is_empty() {
        return last;
    }
    // Accounts of people: from 1000 (Debian's first), but not "nobody" (65534) nor the
    // ranges kept for the system above it.
    let person = (1000..60000).contains(&uid);
    let real = clean_name(real);
    let system = [
        "root", "nobody", "unknown", "daemon", "admin", "user", "guest",
    ]
    .iter()
    .any(|s| real.eq_ignore_ascii_case(s));
    if !person || real.is_empty() || system || real.eq_ignore_ascii_case(login.trim()) {
        return String::new();
    }
    real
}

/// One problem met while reading the preferences (none is fatal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrefsProblem {
    Unreadable(String),
    NotAnObject,
    UnknownKey(String),
    InvalidValue(String),
}

impl PrefsProblem {
    pub fn message(&self) -> String {
        match self {
            PrefsProblem::Unreadable(e) => trf(
                "The preferences could not be read ({e}); the defaults are used.",
                &[("e", e)],
            ),
            PrefsProblem::NotAnObject => {
                tr("The preferences file is damaged; the defaults are used.")
            }
            PrefsProblem::UnknownKey(k) => trf(
                "Unknown preference “{key}” ignored (kept in the file).",
                &[("key", k)],
            ),
            PrefsProblem::InvalidValue(k) => trf(
                "Preference “{key}” has an invalid value; its default is used.",
                &[("key", k)],
            ),
        }
    }
}

impl Prefs {
    /// Reads preferences from JSON text, key by key: what is valid is kept, every other key is
    /// reported and replaced by its default.
    pub fn from_json(text: &str) -> (Prefs, Vec<PrefsProblem>) {
        let mut prefs = Prefs::default();
        let mut problems = Vec::new();
        let object = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(o)) => o,
            Ok(_) => return (prefs, vec![PrefsProblem::NotAnObject]),
            Err(e) => return (prefs, vec![PrefsProblem::Unreadable(e.to_string())]),
        };
        fn take<T: serde::de::DeserializeOwned>(v: Value, ok: impl Fn(&T) -> bool) -> Option<T> {
            serde_json::from_value(v).ok().filter(|t| ok(t))
        }
        let size = |n: &i32| (400..=16384).contains(n);
        for (key, value) in object {
            let valid = match key.as_str() {
                "window_width" => take(value, size).map(|v| prefs.window_width = v),
                "window_height" => take(value, size).map(|v| prefs.window_height = v),
                "maximized" => take(value, |_| true).map(|v| prefs.maximized = v),
                "pace" => take(value, |_| true).map(|v| prefs.pace = v),
                "default_seats" => take(value, |s: &Vec<Seat>| (3..=6).contains(&s.len()))
                    .map(|v| prefs.default_seats = v),
                "animations" => take(value, |_| true).map(|v| prefs.animations = v),
                "confirm_attack" => take(value, |_| true).map(|v| prefs.confirm_attack = v),
                "auto_pass" => take(value, |_| true).map(|v| prefs.auto_pass = v),
                "skip_idle" => take(value, |_| true).map(|v| prefs.skip_idle = v),
                "decide_rolls" => take(value, |_| true).map(|v| prefs.decide_rolls = v),
                "choose_losses" => take(value, |_| true).map(|v| prefs.choose_losses = v),
                "internet" => take(value, |_| true).map(|v| prefs.internet = v),
                "background" => take(value, |_| true).map(|v| prefs.background = v),
                "optional_rules" => take(value, |_| true).map(|v| prefs.optional_rules = v),
                "game_length" => take(value, |l: &Option<u16>| l.is_none_or(|n| n >= 1))
                    .map(|v| prefs.game_length = v),
                // A name as the table would take it (no control or reordering characters,
                // at most 64 characters), or none.
                "player_name" => {
                    take(value, |n: &String| *n == clean_name(n)).map(|v| prefs.player_name = v)
                }
                _ => {
                    problems.push(PrefsProblem::UnknownKey(key.clone()));
                    prefs.unknown.insert(key, value);
                    continue;
                }
            };
            if valid.is_none() {
                problems.push(PrefsProblem::InvalidValue(key));
            }
        }
        (prefs, problems)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".into())
    }

    /// `~/.config/fief/preferences.json` (the XDG config directory), if a home is known.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("io.github", "fief1429", "Fief")
            .map(|d| d.config_dir().join("preferences.json"))
    }

    /// Reads the file at `path`; a missing file gives the defaults without a problem. Only a
    /// regular file of at most 64 KiB is read (never a FIFO or a device, which could block
    /// or never end).
    pub fn load(path: &Path) -> (Prefs, Vec<PrefsProblem>) {
        use fief::files::ReadError;
        let text = fief::files::read_limited(path, 64 << 10).and_then(|b| {
            String::from_utf8(b).map_err(|_| ReadError::Io(std::io::Error::other("it is not text")))
        });
        match text {
            Ok(text) => Prefs::from_json(&text),
            Err(ReadError::NotFound) => (
                Prefs {
                    first_launch: true,
                    ..Prefs::default()
                },
                Vec::new(),
            ),
            Err(e) => (
                Prefs::default(),
                vec![PrefsProblem::Unreadable(e.to_string())],
            ),
        }
    }

    /// Writes the file atomically.
    pub fn store(&self, path: &Path) -> std::io::Result<()> {
        fief::save::write_atomic(path, &self.to_json())
    }
}

#[cfg(test)]
mod tests;
