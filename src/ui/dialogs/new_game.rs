//! The new-game dialog, in libadwaita rows: 3 to 6 seats, each a human or a bot (Easy, Normal,
//! Hard) with a name and a colour; the game's length and seed (random unless given); the
//! optional rules. Escape closes it like Cancel.

use crate::ui::app::prefs::{optional_rule_words, Pace, Prefs};
use crate::ui::dialogs::rows::{game_length_explanation, seat_kind_label, LengthRow, SEAT_KINDS};
use crate::ui::{tr, trf};
use fief::bots::Level;
use fief::rules::{OptionalRule, Options, RuleSet, COLOURS};
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};

/// What the dialog produces.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub options: Options,
    pub seats: Vec<Seat>,
    /// The bots' pace chosen in the dialog (None: as it was).
    pub pace: Option<Pace>,
    /// With players on other computers: where the table is kept, and after how long a bot
    /// plays for a dropped player (`None`: never).
    pub place: Place,
    pub bot_after: Option<std::time::Duration>,
}

impl NewGame {
    /// Remembers in `prefs` the seats, optional rules, length and pace of this game, the
    /// dialog's defaults next time; says whether anything changed.
    pub fn remember(&self, prefs: &mut Prefs) -> bool {
        let rules = RuleSet::of(&self.options);
        let pace = self.pace.unwrap_or(prefs.pace);
        if prefs.default_seats == self.seats
            && prefs.optional_rules == rules
            && prefs.game_length == self.options.round_cap
            && prefs.pace == pace
        {
            return false;
        }
        prefs.default_seats = self.seats.clone();
        prefs.optional_rules = rules;
        prefs.game_length = self.options.round_cap;
        prefs.pace = pace;
        true
    }
}

/// One seat as filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatForm {
    pub name: String,
    pub colour: u8,
    /// 0 human, 1 Easy, 2 Normal, 3 Hard, 4 a player on another computer.
    pub kind: u32,
}

pub fn kind_seat(kind: u32) -> Seat {
    SEAT_KINDS
        .get(kind as usize)
        .copied()
        .unwrap_or(Seat::Bot(Level::Normal))
}

/// Turns the filled-in form into a game setup, or says what is wrong with it.
pub fn build(
    seats: &[SeatForm],
    seed_text: &str,
    random_seed: u64,
    rules: RuleSet,
    round_cap: Option<u16>,
) -> Result<NewGame, String> {
    if !(3..=6).contains(&seats.len()) {
        return Err(tr("Fief is played by 3 to 6 players."));
    }
    let mut colours: Vec<u8> = seats.iter().map(|s| s.colour).collect();
    colours.sort_unstable();
    colours.dedup();
    if colours.len() != seats.len() {
        return Err(tr("Each player needs a colour of his own."));
    }
    let seed = match seed_text.trim() {
        "" => random_seed,
        t => t
            .parse::<u64>()
            .map_err(|_| trf("The seed must be a whole number, not “{t}”.", &[("t", t)]))?,
    };
    let mut options = Options {
        players: seats.len() as u8,
        // What the rules refuse in a name (control characters, text reordering, invisible
        // marks: `readable`) is dropped, as typed; an entry holds at most the longest name,
        // and one with nothing visible is the seat's colour.
        names: seats
            .iter()
            .map(|s| fief::rules::readable::clean_readable(&s.name, fief::rules::MAX_NAME_CHARS))
            .collect(),
        colours: seats.iter().map(|s| s.colour).collect(),
        seed,
        round_cap,
        ..Options::default()
    };
    rules.apply(&mut options);
    fief::rules::Game::new(options.clone())
        .map_err(|e| crate::ui::words::messages::rule_error(&e))?;
    let seat_kinds: Vec<Seat> = seats.iter().map(|s| kind_seat(s.kind)).collect();
    let here = seat_kinds.iter().filter(|s| **s == Seat::Human).count();
    if seat_kinds.contains(&Seat::Remote) && here != 1 {
        return Err(tr(
            "A game with players on other computers has exactly one human player at this computer.",
        ));
    }
    Ok(NewGame {
        options,
        seats: seats.iter().map(|s| kind_seat(s.kind)).collect(),
        pace: None,
        place: Place::Here,
        bot_after: Some(std::time::Duration::from_secs(180)),
    })
}

/// A seed nobody can guess: from the operating system (the clock only if it has none).
pub fn random_seed() -> u64 {
    if let Ok(seed) = fief::net::fair::random_seed() {
        return seed;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// The rows of one seat.
struct SeatRows {
    group: adw::PreferencesGroup,
    name: gtk::Entry,
    colour: adw::ComboRow,
    kind: adw::ComboRow,
}

pub struct NewGameDialog {
    window: adw::Window,
    count: gtk::SpinButton,
    seats: Vec<SeatRows>,
    /// Each seat's colour as last seen, to give a colour taken from another seat back to it.
    colours: Vec<u32>,
    length: LengthRow,
    /// The bots' pace (also in Preferences).
    pace: adw::ComboRow,
    seed: gtk::Entry,
    /// One switch per optional rule, in `OptionalRule::ALL` order.
    rules: Vec<gtk::Switch>,
    /// Where a table with players on other computers is kept (shown only for one).
    table: TableRows,
    error: gtk::Label,
}

#[derive(Debug)]
pub enum NewGameMsg {
    Open,
    /// The seats, optional rules and game length to start from (Preferences; the last game's).
    Defaults(Vec<Seat>, RuleSet, Option<u16>),
    /// The pace to start from (Preferences).
    Pace(Pace),
    Count,
    /// Seat `i` chose another colour.
    Colour(usize),
    /// The server's invitation used last time.
    ServerCode(String),
    /// The name the player last sat at a table under (`prefs::suggested_name`).
    PlayerName(String),
    Start,
}

#[derive(Debug)]
pub enum NewGameOut {
    Start(NewGame),
    /// "Join a Game…": the player joins another's table instead.
    Join,
    /// "Learn to Play": the lessons instead.
    Learn,
    /// The dialog was closed (after Start, or cancelled).
    Closed,
}

impl NewGameDialog {
    fn optional_rules(&self) -> RuleSet {
        OptionalRule::ALL
            .into_iter()
            .zip(&self.rules)
            .fold(RuleSet::default(), |set, (r, sw)| {
                set.with(r, sw.is_active())
            })
    }

    fn forms(&self) -> Vec<SeatForm> {
        let n = self.count.value() as usize;
        self.seats
            .iter()
            .take(n)
            .map(|r| SeatForm {
                name: r.name.text().to_string(),
                colour: r.colour.selected() as u8,
                kind: r.kind.selected(),
            })
            .collect()
    }

    fn show_error(&self, e: &str) {
        self.error.set_text(e);
        self.error.set_visible(!e.is_empty());
    }
}

/// A modal dialog over `parent`, named `name` (for the tests), `size` wide and high; closing
/// it hides it, to be shown again.
pub fn modal_over(
    parent: &adw::ApplicationWindow,
    title: &str,
    name: &str,
    size: (i32, i32),
) -> adw::Window {
    let window = adw::Window::builder()
        .modal(true)
        .transient_for(parent)
        .title(title)
        .default_width(size.0)
        .default_height(size.1)
        .hide_on_close(true)
        .build();
    window.set_widget_name(name);
    window
}

/// A dialog's frame: a box holding a header bar with Cancel at its start (closing the
/// dialog, as Escape does); the caller adds its buttons to the header and its content to the
/// box.
pub fn dialog_frame(window: &adw::Window) -> (gtk::Box, adw::HeaderBar) {
    let outer = gtk::Box::new(gtk::Orientation::Vertical, 0);
    let header = adw::HeaderBar::new();
    header.set_show_end_title_buttons(false);
    let cancel = gtk::Button::with_label(&tr("Cancel"));
    let w = window.clone();
    cancel.connect_clicked(move |_| w.set_visible(false));
    header.pack_start(&cancel);
    outer.append(&header);
    close_on_escape(window);
    (outer, header)
}

/// An empty list of rows in libadwaita's boxed style, named `name`, that selects nothing.
pub fn boxed_list(name: &str) -> gtk::ListBox {
    let list = gtk::ListBox::new();
    list.set_widget_name(name);
    list.add_css_class("boxed-list");
    list.set_selection_mode(gtk::SelectionMode::None);
    list
}

/// Removes every row of `list` (GTK 4.8 has no `remove_all`).
pub fn clear_list(list: &gtk::ListBox) {
    while let Some(c) = list.first_child() {
        list.remove(&c);
    }
}

/// Escape closes (hides) a dialog, like its Cancel button.
pub fn close_on_escape(window: &adw::Window) {
    let keys = gtk::ShortcutController::new();
    let w = window.clone();
    keys.add_shortcut(gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string("Escape"),
        Some(gtk::CallbackAction::new(move |_, _| {
            w.set_visible(false);
            gtk::glib::Propagation::Stop
        })),
    ));
    window.add_controller(keys);
}

/// A row of `group` titled `title` with `widget` at its end, which a click on the row
/// activates.
fn suffix_row(
    group: &adw::PreferencesGroup,
    title: &str,
    widget: &impl IsA<gtk::Widget>,
) -> adw::ActionRow {
    let row = adw::ActionRow::new();
    row.set_title(title);
    widget.set_valign(gtk::Align::Center);
    row.add_suffix(widget);
    row.set_activatable_widget(Some(widget));
    group.add(&row);
    row
}

impl SimpleComponent for NewGameDialog {
    type Init = ();
    type Input = NewGameMsg;
    type Output = NewGameOut;
    type Root = adw::Window;
    type Widgets = ();

    fn init_root() -> adw::Window {
        adw::Window::builder()
            .modal(true)
            .title(tr("New Game"))
            .default_width(600)
            .default_height(700)
            .hide_on_close(true)
            .build()
    }

    fn init(_: (), window: adw::Window, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        window.set_widget_name("new-game");
        let (outer, header) = dialog_frame(&window);
        let join = gtk::Button::with_label(&tr("Join a Game…"));
        join.set_widget_name("join-from-new-game");
        join.set_tooltip_text(Some(&tr(
            "Sit at a table another player hosts, with his invitation (Ctrl+J)",
        )));
        let (w, s) = (window.clone(), sender.clone());
        join.connect_clicked(move |_| {
            w.set_visible(false);
            s.output(NewGameOut::Join).ok();
        });
        header.pack_start(&join);
        // Ctrl+J works here too, as in the main window.
        let keys = gtk::ShortcutController::new();
        keys.set_scope(gtk::ShortcutScope::Global);
        let j = join.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>j"),
            Some(gtk::CallbackAction::new(move |_, _| {
                j.emit_clicked();
                gtk::glib::Propagation::Stop
            })),
        ));
        window.add_controller(keys);
        let start = gtk::Button::with_label(&tr("Start"));
        start.add_css_class("suggested-action");
        start.set_widget_name("start-game");
        let s = sender.clone();
        start.connect_clicked(move |_| s.input(NewGameMsg::Start));
        header.pack_end(&start);

        // What is wrong with the form, above the rows so that it is seen without scrolling.
        let error = gtk::Label::new(None);
        error.add_css_class("error");
        error.set_wrap(true);
        error.set_justify(gtk::Justification::Center);
        error.set_margin_start(18);
        error.set_margin_end(18);
        error.set_margin_top(12);
        error.set_margin_bottom(6);
        error.set_visible(false);
        outer.append(&error);

        let page = adw::PreferencesPage::new();
        page.set_vexpand(true);
        // The first thing a new player sees at his first launch: the lessons.
        let learn_group = adw::PreferencesGroup::new();
        let learn_row = adw::ActionRow::new();
        learn_row.set_title(&tr("New to Fief?"));
        learn_row.set_subtitle(&tr(
            "Ten short lessons with a coach, from how a game is won to a first game",
        ));
        let learn = gtk::Button::with_label(&tr("Learn to Play"));
        learn.set_widget_name("learn-from-new-game");
        learn.set_valign(gtk::Align::Center);
        learn.add_css_class("pill");
        let (w, s) = (window.clone(), sender.clone());
        learn.connect_clicked(move |_| {
            w.set_visible(false);
            s.output(NewGameOut::Learn).ok();
        });
        learn_row.add_suffix(&learn);
        learn_row.set_activatable_widget(Some(&learn));
        learn_group.add(&learn_row);
        page.add(&learn_group);
        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Players"));
        group.set_description(Some(&tr(
            "An empty name takes the colour's name. With two or more humans, the screen is covered before each one's secret information is shown. A player on another computer joins with the invitation the game shows once started.",
        )));
        let count = gtk::SpinButton::with_range(3.0, 6.0, 1.0);
        count.set_value(4.0);
        let s = sender.clone();
        count.connect_value_changed(move |_| s.input(NewGameMsg::Count));
        suffix_row(&group, &tr("Number of players"), &count);
        page.add(&group);

        let colour_names: Vec<String> = (0..COLOURS.len())
            .map(crate::ui::words::names::colour_name)
            .collect();
        let colour_ids: Vec<String> = (0..COLOURS.len()).map(|i| i.to_string()).collect();
        let colour_refs: Vec<&str> = colour_ids.iter().map(|s| s.as_str()).collect();
        let kinds: Vec<String> = SEAT_KINDS.iter().map(|k| seat_kind_label(*k)).collect();
        let kind_refs: Vec<&str> = kinds.iter().map(|s| s.as_str()).collect();
        let mut seats = Vec::new();
        for (i, colour_name) in colour_names.iter().enumerate() {
            let group = adw::PreferencesGroup::new();
            group.set_title(&trf("Player {n}", &[("n", &(i + 1).to_string())]));
            let name = gtk::Entry::new();
            name.set_max_length(fief::rules::MAX_NAME_CHARS as i32);
            name.set_placeholder_text(Some(colour_name));
            name.set_hexpand(true);
            suffix_row(&group, &tr("Name"), &name);
            let colour = adw::ComboRow::new();
            colour.set_title(&tr("Colour"));
            colour.set_model(Some(&gtk::StringList::new(&colour_refs)));
            colour.set_factory(Some(&colour_factory()));
            colour.set_selected(i as u32);
            let s = sender.clone();
            colour.connect_selected_notify(move |_| s.input(NewGameMsg::Colour(i)));
            group.add(&colour);
            let kind = adw::ComboRow::new();
            kind.set_title(&tr("Played by"));
            kind.set_model(Some(&gtk::StringList::new(&kind_refs)));
            kind.set_selected(if i == 0 { 0 } else { 2 });
            let s = sender.clone();
            kind.connect_selected_notify(move |_| s.input(NewGameMsg::Count));
            group.add(&kind);
            page.add(&group);
            seats.push(SeatRows {
                group,
                name,
                colour,
                kind,
            });
        }

        let table = TableRows::new();
        page.add(&table.group);
        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Game"));
        group.set_description(Some(&game_length_explanation()));
        let length = LengthRow::new(None);
        group.add(&length.row);
        let pace = crate::ui::dialogs::rows::pace_row(Pace::default());
        pace.set_widget_name("new-game-pace");
        group.add(&pace);
        let seed = gtk::Entry::new();
        seed.set_placeholder_text(Some(&tr("random")));
        seed.set_hexpand(true);
        seed.set_tooltip_text(Some(&tr(
            "The same seed and the same decisions give the same game.",
        )));
        let s = sender.clone();
        seed.connect_activate(move |_| s.input(NewGameMsg::Start));
        let seed_row = suffix_row(&group, &tr("Seed"), &seed);
        table.follow_seed(&seed_row);
        page.add(&group);

        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Optional rules"));
        let mut rules = Vec::new();
        for (_, name, explanation) in optional_rule_words() {
            let sw = gtk::Switch::new();
            suffix_row(&group, &name, &sw).set_subtitle(&explanation);
            rules.push(sw);
        }
        page.add(&group);
        outer.append(&page);
        window.set_content(Some(&outer));
        let s = sender.clone();
        window.connect_hide(move |_| {
            s.output(NewGameOut::Closed).ok();
        });
        let model = NewGameDialog {
            window,
            count,
            seats,
            colours: (0..6).collect(),
            length,
            pace,
            seed,
            rules,
            table,
            error,
        };
        sender.input(NewGameMsg::Count);
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: NewGameMsg, sender: ComponentSender<Self>) {
        match msg {
            NewGameMsg::Open => {
                self.show_error("");
                self.fill_own_name();
                self.window.present();
            }
            NewGameMsg::Defaults(seats, rules, length) => {
                for (r, sw) in OptionalRule::ALL.into_iter().zip(&self.rules) {
                    sw.set_active(rules.has(r));
                }
                self.length.set(length);
                if !(3..=6).contains(&seats.len()) {
                    return;
                }
                self.count.set_value(seats.len() as f64);
                for (r, seat) in self.seats.iter().zip(&seats) {
                    let k = SEAT_KINDS.iter().position(|k| k == seat).unwrap_or(2);
                    r.kind.set_selected(k as u32);
                }
                sender.input(NewGameMsg::Count);
            }
            NewGameMsg::Pace(p) => self.pace.set_selected(p.index() as u32),
            NewGameMsg::ServerCode(code) => self.table.set_code(&code),
            NewGameMsg::PlayerName(name) => self.table.player_name = name,
            NewGameMsg::Count => {
                let n = self.count.value() as usize;
                for (i, r) in self.seats.iter().enumerate() {
                    r.group.set_visible(i < n);
                }
                let remote = self
                    .forms()
                    .iter()
                    .any(|f| kind_seat(f.kind) == Seat::Remote);
                self.table.group.set_visible(remote);
                self.fill_own_name();
            }
            NewGameMsg::Colour(i) => {
                // A colour taken from another seat: that seat gets this one's old colour, so
                // that the colours stay one each.
                let Some(new) = self.seats.get(i).map(|r| r.colour.selected()) else {
                    return;
                };
                if new == self.colours[i] || new as usize >= COLOURS.len() {
                    return;
                }
                let old = std::mem::replace(&mut self.colours[i], new);
                for (j, r) in self.seats.iter().enumerate() {
                    if j != i && self.colours[j] == new {
                        self.colours[j] = old;
                        r.colour.set_selected(old);
                        r.name
                            .set_placeholder_text(Some(&crate::ui::words::names::colour_name(
                                old as usize,
                            )));
                    }
                }
                self.seats[i].name.set_placeholder_text(Some(
                    &crate::ui::words::names::colour_name(new as usize),
                ));
            }
            NewGameMsg::Start => match build(
                &self.forms(),
                &self.seed.text(),
                random_seed(),
                self.optional_rules(),
                self.length.get(),
            ) {
                Ok(mut ng) => {
                    ng.pace = Pace::ALL.get(self.pace.selected() as usize).copied();
                    if ng.seats.contains(&Seat::Remote) {
                        match self.table.place() {
                            Ok(p) => ng.place = p,
                            Err(e) => return self.show_error(&e),
                        }
                        ng.bot_after = self.table.bot_after();
                    }
                    sender.output(NewGameOut::Start(ng)).ok();
                    self.window.set_visible(false);
                }
                Err(e) => self.show_error(&e),
            },
        }
    }
}

mod colours;
mod table_rows;
use colours::colour_factory;
pub use colours::swatch;
pub use table_rows::Place;
use table_rows::TableRows;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod gtk_tests;
