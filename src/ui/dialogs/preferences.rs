//! Preferences, kept as JSON in the XDG config directory (`~/.config/fief/preferences.json`):
//! the window's size, how fast bots' moves are shown, the seats a new game starts with,
//! animations, asking before an attack, passing reaction windows in which a human holds
//! nothing playable, and the optional rules and length of a new game. A file with unknown or
//! invalid keys is read for what it has: each problem is reported, none is fatal, and unknown
//! keys are written back untouched.

use crate::ui::{tr, trf, trn};
use fief::bots::Level;
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};
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

/// The row that chooses the bots' pace (Preferences and the New Game dialog), set to `pace`.
pub fn pace_row(pace: Pace) -> adw::ComboRow {
    let row = adw::ComboRow::new();
    row.set_title(&tr("Pace of bot moves"));
    row.set_subtitle(&tr("How long each bot move stays on screen"));
    let names: Vec<String> = Pace::ALL.iter().map(|p| p.label()).collect();
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    row.set_model(Some(&gtk::StringList::new(&refs)));
    row.set_selected(pace.index() as u32);
    row
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
    /// End a step in which a human has nothing worth doing (`session::idle_step_end`).
    pub skip_idle: bool,
    /// The optional rules the New Game dialog starts with; it remembers the last choice.
    pub optional_rules: OptionalRules,
    /// Network games reach players across the internet (through relays when no direct
    /// path is found), not only the local network and direct addresses.
    pub internet: bool,
    /// The length of a new game: `None` until someone wins, else the number of rounds after
    /// which the 7.3 tie-break order decides (`Options::round_cap`); remembered like the rules.
    pub game_length: Option<u16>,
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
            optional_rules: OptionalRules::default(),
            internet: false,
            game_length: None,
            unknown: Map::new(),
            first_launch: false,
        }
    }
}

/// The optional rules a new game starts with (11.1–11.3, the FAQ's hidden money, the 2.3
/// gentle start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct OptionalRules {
    pub relics: bool,
    pub fog_of_war: bool,
    pub open_diplomacy: bool,
    pub hidden_money: bool,
    pub gentle_start: bool,
}

impl OptionalRules {
    /// Each rule: its name, a one-line explanation, and access to its switch.
    #[allow(clippy::type_complexity)]
    pub fn rules() -> [(String, String, fn(&mut OptionalRules) -> &mut bool); 5] {
        [
            (
                tr("Holy Relics"),
                tr("Five relics with powers in battle and against Disasters (11.1)."),
                |r| &mut r.relics,
            ),
            (
                tr("Fog of War"),
                tr("Other players' Troops are seen only as stack sizes until a battle (11.2)."),
                |r| &mut r.fog_of_war,
            ),
            (
                tr("Open Diplomacy"),
                tr("No Diplomacy markers: money and cards change hands freely (11.3)."),
                |r| &mut r.open_diplomacy,
            ),
            (
                tr("Hidden money"),
                tr("Each player's Deniers are hidden from the others."),
                |r| &mut r.hidden_money,
            ),
            (
                tr("Gentle start"),
                tr("The Disasters of the first round are discarded unresolved."),
                |r| &mut r.gentle_start,
            ),
        ]
    }

    pub fn apply(self, o: &mut fief::rules::Options) {
        o.relics = self.relics;
        o.fog_of_war = self.fog_of_war;
        o.open_diplomacy = self.open_diplomacy;
        o.hidden_money = self.hidden_money;
        o.gentle_start = self.gentle_start;
    }

    pub fn of(o: &fief::rules::Options) -> OptionalRules {
        OptionalRules {
            relics: o.relics,
            fog_of_war: o.fog_of_war,
            open_diplomacy: o.open_diplomacy,
            hidden_money: o.hidden_money,
            gentle_start: o.gentle_start,
        }
    }
}

/// The seat kinds in the order of the drop-downs: human, the bot levels, then a player on
/// another computer.
pub const SEAT_KINDS: [Seat; 5] = [
    Seat::Human,
    Seat::Bot(Level::Easy),
    Seat::Bot(Level::Normal),
    Seat::Bot(Level::Hard),
    Seat::Remote,
];

pub fn seat_kind_label(s: Seat) -> String {
    crate::ui::words::names::seat_label(s)
}

/// The game lengths offered besides "until someone wins", in rounds.
pub const GAME_LENGTHS: [u16; 4] = [10, 15, 20, 30];

pub fn game_length_label(length: Option<u16>) -> String {
    match length {
        None => tr("Until someone wins"),
        Some(n) => trn("{n} round", "{n} rounds", n.into()),
    }
}

pub fn game_length_explanation() -> String {
    tr("With a number of rounds, the game ends after the last one and the tie-break order of 7.3 decides the winner.")
}

/// A "Game length" row (its explanation as its tooltip): until someone wins or one of
/// `GAME_LENGTHS` (and a length read from the preferences that is not among them).
pub struct LengthRow {
    pub row: adw::ComboRow,
    /// The lengths in the row's order.
    lengths: Vec<Option<u16>>,
}

impl LengthRow {
    pub fn new(length: Option<u16>) -> LengthRow {
        let row = adw::ComboRow::new();
        row.set_title(&tr("Game length"));
        row.set_tooltip_text(Some(&game_length_explanation()));
        let mut r = LengthRow {
            row,
            lengths: Vec::new(),
        };
        r.set(length);
        r
    }

    pub fn get(&self) -> Option<u16> {
        self.lengths
            .get(self.row.selected() as usize)
            .copied()
            .flatten()
    }

    pub fn set(&mut self, length: Option<u16>) {
        if !self.lengths.contains(&length) {
            let mut lengths: Vec<Option<u16>> = std::iter::once(None)
                .chain(GAME_LENGTHS.map(Some))
                .collect();
            if !lengths.contains(&length) {
                lengths.push(length);
                lengths.sort_unstable();
            }
            let labels: Vec<String> = lengths.iter().map(|l| game_length_label(*l)).collect();
            let refs: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
            self.lengths = lengths;
            self.row.set_model(Some(&gtk::StringList::new(&refs)));
        }
        let i = self.lengths.iter().position(|l| *l == length).unwrap_or(0) as u32;
        if self.row.selected() != i {
            self.row.set_selected(i);
        }
    }
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
                "internet" => take(value, |_| true).map(|v| prefs.internet = v),
                "optional_rules" => take(value, |_| true).map(|v| prefs.optional_rules = v),
                "game_length" => take(value, |l: &Option<u16>| l.is_none_or(|n| n >= 1))
                    .map(|v| prefs.game_length = v),
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

pub struct PreferencesWindow {
    window: adw::PreferencesWindow,
    /// The first group, "Play": it says so when the changes are not kept.
    play: adw::PreferencesGroup,
    prefs: Prefs,
    pace: adw::ComboRow,
    count: gtk::SpinButton,
    seat_rows: Vec<adw::ComboRow>,
    length: LengthRow,
    rule_switches: Vec<gtk::Switch>,
}

#[derive(Debug)]
pub enum PrefsMsg {
    Open,
    /// The changes are not written (a session started from the command line): say so.
    NotKept,
    /// The app changed something itself (the window size, the seats of a new game).
    Set(Box<Prefs>),
    Pace(u32),
    AutoPass(bool),
    SkipIdle(bool),
    ConfirmAttack(bool),
    Animations(bool),
    Internet(bool),
    Count,
    Seat(usize, u32),
    /// The game length row changed (read from the row).
    Length,
    Rule(usize, bool),
}

#[derive(Debug)]
pub enum PrefsOut {
    Changed(Box<Prefs>),
}

fn switch_row(
    group: &adw::PreferencesGroup,
    title: &str,
    subtitle: &str,
    on: bool,
    sender: &ComponentSender<PreferencesWindow>,
    msg: fn(bool) -> PrefsMsg,
) {
    let row = adw::ActionRow::new();
    row.set_title(title);
    row.set_subtitle(subtitle);
    let sw = gtk::Switch::new();
    sw.set_active(on);
    sw.set_valign(gtk::Align::Center);
    let s = sender.clone();
    sw.connect_active_notify(move |sw| s.input(msg(sw.is_active())));
    row.add_suffix(&sw);
    row.set_activatable_widget(Some(&sw));
    group.add(&row);
}

impl SimpleComponent for PreferencesWindow {
    type Init = Prefs;
    type Input = PrefsMsg;
    type Output = PrefsOut;
    type Root = adw::PreferencesWindow;
    type Widgets = ();

    fn init_root() -> adw::PreferencesWindow {
        adw::PreferencesWindow::builder()
            .modal(true)
            .hide_on_close(true)
            .search_enabled(false)
            .build()
    }

    fn init(
        prefs: Prefs,
        window: adw::PreferencesWindow,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let page = adw::PreferencesPage::new();
        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Play"));
        let play = group.clone();
        let pace = pace_row(prefs.pace);
        let s = sender.clone();
        pace.connect_selected_notify(move |r| s.input(PrefsMsg::Pace(r.selected())));
        group.add(&pace);
        switch_row(
            &group,
            &tr("Pass reaction windows automatically"),
            &tr("When you hold no card that can be played in them"),
            prefs.auto_pass,
            &sender,
            PrefsMsg::AutoPass,
        );
        switch_row(
            &group,
            &tr("Skip steps with nothing to do"),
            &tr("End a step or pass a reaction window for you when it offers nothing worth doing: no army to move, no card that strikes or answers, only Diplomacy or your own Mills to pillage"),
            prefs.skip_idle,
            &sender,
            PrefsMsg::SkipIdle,
        );
        switch_row(
            &group,
            &tr("Confirm before attacking"),
            &tr("Ask before a move or a siege of yours starts a battle"),
            prefs.confirm_attack,
            &sender,
            PrefsMsg::ConfirmAttack,
        );
        page.add(&group);

        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("New games"));
        group.set_description(Some(&tr(
            "The seats the New Game dialog starts with; it remembers your last choice.",
        )));
        let count_row = adw::ActionRow::new();
        count_row.set_title(&tr("Players"));
        let count = gtk::SpinButton::with_range(3.0, 6.0, 1.0);
        count.set_value(prefs.default_seats.len() as f64);
        count.set_valign(gtk::Align::Center);
        let s = sender.clone();
        count.connect_value_changed(move |_| s.input(PrefsMsg::Count));
        count_row.add_suffix(&count);
        group.add(&count_row);
        let kinds: Vec<String> = SEAT_KINDS.iter().map(|k| seat_kind_label(*k)).collect();
        let kind_refs: Vec<&str> = kinds.iter().map(|s| s.as_str()).collect();
        let mut seat_rows = Vec::new();
        for i in 0..6usize {
            let row = adw::ComboRow::new();
            row.set_title(&trf("Seat {n}", &[("n", &(i + 1).to_string())]));
            row.set_model(Some(&gtk::StringList::new(&kind_refs)));
            let s = sender.clone();
            row.connect_selected_notify(move |r| s.input(PrefsMsg::Seat(i, r.selected())));
            group.add(&row);
            seat_rows.push(row);
        }
        let length = LengthRow::new(prefs.game_length);
        let s = sender.clone();
        length
            .row
            .connect_selected_notify(move |_| s.input(PrefsMsg::Length));
        group.add(&length.row);
        page.add(&group);

        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Optional rules"));
        group.set_description(Some(&tr(
            "The rules a new game starts with; the New Game dialog remembers your last choice.",
        )));
        let mut rule_switches = Vec::new();
        let mut current = prefs.optional_rules;
        for (i, (name, explanation, field)) in OptionalRules::rules().into_iter().enumerate() {
            let row = adw::ActionRow::new();
            row.set_title(&name);
            row.set_subtitle(&explanation);
            let sw = gtk::Switch::new();
            sw.set_active(*field(&mut current));
            sw.set_valign(gtk::Align::Center);
            let s = sender.clone();
            sw.connect_active_notify(move |sw| s.input(PrefsMsg::Rule(i, sw.is_active())));
            row.add_suffix(&sw);
            row.set_activatable_widget(Some(&sw));
            group.add(&row);
            rule_switches.push(sw);
        }
        page.add(&group);

        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Appearance"));
        switch_row(
            &group,
            &tr("Animations"),
            &tr("Transitions between pages and dialogs"),
            prefs.animations,
            &sender,
            PrefsMsg::Animations,
        );
        page.add(&group);

        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Network games"));
        switch_row(
            &group,
            &tr("Play across the internet"),
            &tr("Let players outside your local network join the tables you host or join, through public relay servers when no direct path is found. Off: the local network only."),
            prefs.internet,
            &sender,
            PrefsMsg::Internet,
        );
        page.add(&group);
        window.add(&page);
        let model = PreferencesWindow {
            window,
            play,
            prefs,
            pace,
            count,
            seat_rows,
            length,
            rule_switches,
        };
        model.show_seats();
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: PrefsMsg, sender: ComponentSender<Self>) {
        match msg {
            PrefsMsg::Open => {
                self.window.present();
                return;
            }
            PrefsMsg::NotKept => {
                self.play.set_description(Some(&tr(
                    "This session was started from the command line: changes made here last until the app is closed and are not saved.",
                )));
                return;
            }
            PrefsMsg::Set(p) => {
                self.prefs = *p;
                self.pace.set_selected(self.prefs.pace.index() as u32);
                self.count.set_value(self.prefs.default_seats.len() as f64);
                self.show_seats();
                self.length.set(self.prefs.game_length);
                let mut rules = self.prefs.optional_rules;
                for ((_, _, field), sw) in
                    OptionalRules::rules().into_iter().zip(&self.rule_switches)
                {
                    let on = *field(&mut rules);
                    if sw.is_active() != on {
                        sw.set_active(on);
                    }
                }
                return;
            }
            PrefsMsg::Rule(i, on) => {
                let Some((_, _, field)) = OptionalRules::rules().into_iter().nth(i) else {
                    return;
                };
                let f = field(&mut self.prefs.optional_rules);
                if *f == on {
                    return;
                }
                *f = on;
            }
            PrefsMsg::Length => {
                let length = self.length.get();
                if self.prefs.game_length == length {
                    return;
                }
                self.prefs.game_length = length;
            }
            PrefsMsg::Pace(i) => {
                self.prefs.pace = Pace::ALL.get(i as usize).copied().unwrap_or_default()
            }
            PrefsMsg::AutoPass(b) => self.prefs.auto_pass = b,
            PrefsMsg::SkipIdle(b) => self.prefs.skip_idle = b,
            PrefsMsg::ConfirmAttack(b) => self.prefs.confirm_attack = b,
            PrefsMsg::Animations(b) => self.prefs.animations = b,
            PrefsMsg::Internet(b) => self.prefs.internet = b,
            PrefsMsg::Count => {
                let n = self.count.value() as usize;
                let seats = &mut self.prefs.default_seats;
                if n == seats.len() {
                    return;
                }
                seats.resize(n, Seat::Bot(Level::Normal));
                self.show_seats();
            }
            PrefsMsg::Seat(i, k) => {
                let Some(kind) = SEAT_KINDS.get(k as usize) else {
                    return;
                };
                match self.prefs.default_seats.get_mut(i) {
                    Some(s) if s != kind => *s = *kind,
                    _ => return,
                }
            }
        }
        sender
            .output(PrefsOut::Changed(Box::new(self.prefs.clone())))
            .ok();
    }
}

impl PreferencesWindow {
    fn show_seats(&self) {
        for (i, row) in self.seat_rows.iter().enumerate() {
            let seat = self.prefs.default_seats.get(i);
            row.set_visible(seat.is_some());
            let k = seat
                .and_then(|s| SEAT_KINDS.iter().position(|k| k == s))
                .unwrap_or(2);
            if row.selected() != k as u32 {
                row.set_selected(k as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_round_trip() {
        let mut p = Prefs {
            pace: Pace::Slow,
            window_width: 1600,
            confirm_attack: false,
            ..Prefs::default()
        };
        p.default_seats = vec![Seat::Human, Seat::Human, Seat::Bot(Level::Hard)];
        let (back, problems) = Prefs::from_json(&p.to_json());
        assert_eq!(back, p);
        assert!(problems.is_empty());
        assert!(p.to_json().contains("\"pace\": \"slow\""));
        // The game length: until someone wins (null) or a number of rounds.
        assert!(p.to_json().contains("\"game_length\": null"));
        p.game_length = Some(20);
        assert!(p.to_json().contains("\"game_length\": 20"));
        assert_eq!(Prefs::from_json(&p.to_json()), (p, Vec::new()));
    }

    #[test]
    fn an_invalid_game_length_is_reported_and_replaced_by_the_default() {
        for bad in ["0", "-3", "70000", "\"long\"", "[20]", "2.5"] {
            let text = format!(r#"{{"game_length": {bad}, "pace": "fast"}}"#);
            let (p, problems) = Prefs::from_json(&text);
            assert_eq!(p.game_length, None, "{bad}");
            assert_eq!(p.pace, Pace::Fast, "{bad}");
            assert_eq!(
                problems,
                [PrefsProblem::InvalidValue("game_length".into())],
                "{bad}"
            );
        }
        // Any whole number of rounds is kept, not only the lengths offered.
        let (p, problems) = Prefs::from_json(r#"{"game_length": 25}"#);
        assert_eq!((p.game_length, problems), (Some(25), Vec::new()));
        // A file of an older version, without the key: until someone wins.
        assert_eq!(Prefs::from_json("{}").0.game_length, None);
    }

    #[test]
    fn unknown_and_invalid_keys_are_reported_never_fatal() {
        let text = r#"{
            "pace": "fast",
            "window_width": 99999,
            "default_seats": ["Human"],
            "auto_pass": "yes",
            "theme": "sepia",
            "future": {"nested": [1, 2]},
            "animations": false
        }"#;
        let (p, problems) = Prefs::from_json(text);
        assert_eq!(p.pace, Pace::Fast);
        assert!(!p.animations);
        assert_eq!(p.window_width, Prefs::default().window_width);
        assert_eq!(p.default_seats, Prefs::default().default_seats);
        assert!(p.auto_pass);
        let mut got: Vec<_> = problems.iter().map(|p| format!("{p:?}")).collect();
        got.sort();
        assert_eq!(
            got,
            [
                "InvalidValue(\"auto_pass\")",
                "InvalidValue(\"default_seats\")",
                "InvalidValue(\"window_width\")",
                "UnknownKey(\"future\")",
                "UnknownKey(\"theme\")",
            ]
        );
        for pr in &problems {
            assert!(!pr.message().is_empty());
        }
        // Unknown keys survive a save.
        let again = p.to_json();
        assert!(again.contains("\"theme\": \"sepia\""), "{again}");
        let (p2, problems2) = Prefs::from_json(&again);
        assert_eq!(p2, p);
        assert_eq!(problems2.len(), 2);
    }

    #[test]
    fn a_damaged_or_missing_file_gives_the_defaults() {
        for text in ["", "[1,2]", "{\"pace\": ", "null"] {
            let (p, problems) = Prefs::from_json(text);
            assert_eq!(p, Prefs::default(), "{text}");
            assert_eq!(problems.len(), 1, "{text}");
        }
        let dir = std::env::temp_dir().join(format!("fief-prefs-{}", std::process::id()));
        let path = dir.join("preferences.json");
        let (p, problems) = Prefs::load(&path);
        // No file: the defaults, and the window will fit the screen (a first launch).
        assert_eq!(
            p,
            Prefs {
                first_launch: true,
                ..Prefs::default()
            }
        );
        assert!(problems.is_empty());
        let mine = Prefs {
            maximized: true,
            ..Prefs::default()
        };
        mine.store(&path).unwrap();
        assert_eq!(Prefs::load(&path), (mine, Vec::new()));
        std::fs::remove_dir_all(&dir).ok();
    }
}
