//! The new-game dialog: 3 to 6 seats, each a human or a bot (Easy, Normal, Hard) with a name
//! and a colour, and the seed (random unless given).

use super::preferences::{seat_kind_label, OptionalRules, SEAT_KINDS};
use super::{tr, trf};
use fief::bots::Level;
use fief::rules::{Options, COLOURS};
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};

/// What the dialog produces.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub options: Options,
    pub seats: Vec<Seat>,
}

/// One seat as filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatForm {
    pub name: String,
    pub colour: u8,
    /// 0 human, 1 Easy, 2 Normal, 3 Hard.
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
    rules: OptionalRules,
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
        names: seats.iter().map(|s| s.name.trim().to_string()).collect(),
        colours: seats.iter().map(|s| s.colour).collect(),
        seed,
        ..Options::default()
    };
    rules.apply(&mut options);
    fief::rules::Game::new(options.clone()).map_err(|e| super::text::rule_error(&e))?;
    Ok(NewGame {
        options,
        seats: seats.iter().map(|s| kind_seat(s.kind)).collect(),
    })
}

pub fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

struct Row {
    row: gtk::Box,
    name: gtk::Entry,
    colour: gtk::DropDown,
    kind: gtk::DropDown,
}

pub struct NewGameDialog {
    window: adw::Window,
    count: gtk::SpinButton,
    rows: Vec<Row>,
    seed: gtk::Entry,
    /// One check button per optional rule, in `OptionalRules::rules()` order.
    rules: Vec<gtk::CheckButton>,
    error: gtk::Label,
}

#[derive(Debug)]
pub enum NewGameMsg {
    Open,
    /// The seats and optional rules to start from (Preferences; the last game's).
    Defaults(Vec<Seat>, OptionalRules),
    Count,
    Start,
}

#[derive(Debug)]
pub enum NewGameOut {
    Start(NewGame),
    /// The dialog was closed (after Start, or cancelled).
    Closed,
}

impl NewGameDialog {
    fn optional_rules(&self) -> OptionalRules {
        let mut r = OptionalRules::default();
        for ((_, _, field), c) in OptionalRules::rules().into_iter().zip(&self.rules) {
            *field(&mut r) = c.is_active();
        }
        r
    }

    fn forms(&self) -> Vec<SeatForm> {
        let n = self.count.value() as usize;
        self.rows
            .iter()
            .take(n)
            .map(|r| SeatForm {
                name: r.name.text().to_string(),
                colour: r.colour.selected() as u8,
                kind: r.kind.selected(),
            })
            .collect()
    }
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
            .default_width(560)
            .hide_on_close(true)
            .build()
    }

    fn init(_: (), window: adw::Window, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let outer = gtk::Box::new(gtk::Orientation::Vertical, 0);
        let header = adw::HeaderBar::new();
        header.set_show_end_title_buttons(false);
        let cancel = gtk::Button::with_label(&tr("Cancel"));
        let w = window.clone();
        cancel.connect_clicked(move |_| w.set_visible(false));
        header.pack_start(&cancel);
        let start = gtk::Button::with_label(&tr("Start"));
        start.add_css_class("suggested-action");
        start.set_widget_name("start-game");
        let s = sender.clone();
        start.connect_clicked(move |_| s.input(NewGameMsg::Start));
        header.pack_end(&start);
        outer.append(&header);

        let body = gtk::Box::new(gtk::Orientation::Vertical, 12);
        body.set_margin_start(18);
        body.set_margin_end(18);
        body.set_margin_top(12);
        body.set_margin_bottom(18);
        let count_row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let cl = gtk::Label::new(Some(&tr("Players")));
        cl.add_css_class("heading");
        count_row.append(&cl);
        let count = gtk::SpinButton::with_range(3.0, 6.0, 1.0);
        count.set_value(4.0);
        let s = sender.clone();
        count.connect_value_changed(move |_| s.input(NewGameMsg::Count));
        count_row.append(&count);
        body.append(&count_row);

        let colour_names: Vec<String> = (0..COLOURS.len()).map(super::text::colour_name).collect();
        let colour_refs: Vec<&str> = colour_names.iter().map(|s| s.as_str()).collect();
        let kinds: Vec<String> = SEAT_KINDS.iter().map(|k| seat_kind_label(*k)).collect();
        let kind_refs: Vec<&str> = kinds.iter().map(|s| s.as_str()).collect();
        let mut rows = Vec::new();
        for i in 0..6u32 {
            let row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
            let name = gtk::Entry::new();
            name.set_placeholder_text(Some(&trf("Player {n}", &[("n", &(i + 1).to_string())])));
            name.set_hexpand(true);
            let colour = gtk::DropDown::from_strings(&colour_refs);
            colour.set_selected(i);
            let kind = gtk::DropDown::from_strings(&kind_refs);
            kind.set_selected(if i == 0 { 0 } else { 2 });
            row.append(&name);
            row.append(&colour);
            row.append(&kind);
            body.append(&row);
            rows.push(Row {
                row,
                name,
                colour,
                kind,
            });
        }
        let seed_row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let sl = gtk::Label::new(Some(&tr("Seed")));
        sl.add_css_class("heading");
        seed_row.append(&sl);
        let seed = gtk::Entry::new();
        seed.set_placeholder_text(Some(&tr("random")));
        seed.set_hexpand(true);
        seed.set_tooltip_text(Some(&tr(
            "The same seed and the same decisions give the same game.",
        )));
        seed_row.append(&seed);
        body.append(&seed_row);
        let rl = gtk::Label::new(Some(&tr("Optional rules")));
        rl.add_css_class("heading");
        rl.set_xalign(0.0);
        body.append(&rl);
        let mut rules = Vec::new();
        for (name, explanation, _) in OptionalRules::rules() {
            let c = gtk::CheckButton::new();
            let text = gtk::Box::new(gtk::Orientation::Vertical, 0);
            let n = gtk::Label::new(Some(&name));
            n.set_xalign(0.0);
            let e = gtk::Label::new(Some(&explanation));
            e.set_xalign(0.0);
            e.set_wrap(true);
            e.set_max_width_chars(56);
            e.set_width_chars(40);
            e.add_css_class("dim-label");
            e.add_css_class("caption");
            text.append(&n);
            text.append(&e);
            c.set_child(Some(&text));
            body.append(&c);
            rules.push(c);
        }
        let note = gtk::Label::new(Some(&tr(
            "An empty name takes the colour's name. With two or more humans, the screen is covered before each one's secret information is shown.",
        )));
        note.set_wrap(true);
        note.set_xalign(0.0);
        note.add_css_class("dim-label");
        body.append(&note);
        let error = gtk::Label::new(None);
        error.add_css_class("error");
        error.set_wrap(true);
        body.append(&error);
        outer.append(&body);
        window.set_content(Some(&outer));
        let s = sender.clone();
        window.connect_hide(move |_| {
            s.output(NewGameOut::Closed).ok();
        });
        let model = NewGameDialog {
            window,
            count,
            rows,
            seed,
            rules,
            error,
        };
        sender.input(NewGameMsg::Count);
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: NewGameMsg, sender: ComponentSender<Self>) {
        match msg {
            NewGameMsg::Open => {
                self.error.set_text("");
                self.window.present();
            }
            NewGameMsg::Defaults(seats, rules) => {
                let mut rules = rules;
                for ((_, _, field), c) in OptionalRules::rules().into_iter().zip(&self.rules) {
                    c.set_active(*field(&mut rules));
                }
                if !(3..=6).contains(&seats.len()) {
                    return;
                }
                self.count.set_value(seats.len() as f64);
                for (r, seat) in self.rows.iter().zip(&seats) {
                    let k = SEAT_KINDS.iter().position(|k| k == seat).unwrap_or(2);
                    r.kind.set_selected(k as u32);
                }
                sender.input(NewGameMsg::Count);
            }
            NewGameMsg::Count => {
                let n = self.count.value() as usize;
                for (i, r) in self.rows.iter().enumerate() {
                    r.row.set_visible(i < n);
                }
            }
            NewGameMsg::Start => match build(
                &self.forms(),
                &self.seed.text(),
                random_seed(),
                self.optional_rules(),
            ) {
                Ok(ng) => {
                    sender.output(NewGameOut::Start(ng)).ok();
                    self.window.set_visible(false);
                }
                Err(e) => self.error.set_text(&e),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(n: usize) -> Vec<SeatForm> {
        (0..n)
            .map(|i| SeatForm {
                name: String::new(),
                colour: i as u8,
                kind: if i == 0 { 0 } else { 2 },
            })
            .collect()
    }

    #[test]
    fn the_form_builds_a_game_or_says_what_is_wrong() {
        let ng = build(&forms(4), "", 77, OptionalRules::default()).unwrap();
        assert_eq!(ng.options.seed, 77);
        assert_eq!(ng.seats[0], Seat::Human);
        assert_eq!(ng.seats[1], Seat::Bot(Level::Normal));
        assert_eq!(
            build(&forms(5), " 12 ", 1, OptionalRules::default())
                .unwrap()
                .options
                .seed,
            12
        );
        assert!(build(&forms(2), "", 1, OptionalRules::default()).is_err());
        assert!(build(&forms(4), "abc", 1, OptionalRules::default())
            .unwrap_err()
            .contains("abc"));
        let mut same = forms(3);
        same[1].colour = 0;
        assert!(build(&same, "", 1, OptionalRules::default()).is_err());
        let mut named = forms(3);
        named[2].name = "Jehanne".into();
        named[2].colour = 5;
        let g = fief::rules::Game::new(
            build(&named, "", 3, OptionalRules::default())
                .unwrap()
                .options,
        )
        .unwrap();
        assert_eq!(g.name(2), "Jehanne");
        assert_eq!(g.view(None).players[2].colour, "Red");
        assert_eq!(g.view(None).players[0].colour, "Green");
    }
}
