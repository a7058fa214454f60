//! The Preferences window: the bots' pace, the seats and rules a new game starts with,
//! animations, asking before an attack, passing empty reaction windows, deciding battle
//! rolls and losses oneself. What it changes is
//! kept by the main window (`app::prefs`).

use super::rows::{pace_row, seat_kind_label, LengthRow, SEAT_KINDS};
use crate::ui::app::prefs::{optional_rule_words, Pace, Prefs};
use crate::ui::{tr, trf};
use fief::bots::Level;
use fief::rules::OptionalRule;
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};

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
    DecideRolls(bool),
    ChooseLosses(bool),
    ConfirmAttack(bool),
    Animations(bool),
    Internet(bool),
    Background(bool),
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
            &tr("End a step for you when it offers nothing worth doing (no army to move, no card that strikes or answers, only Diplomacy or your own Mills to pillage), and pass a reaction window unless a card of yours can be played only there: your cards stay playable at your next decision"),
            prefs.skip_idle,
            &sender,
            PrefsMsg::SkipIdle,
        );
        switch_row(
            &group,
            &tr("Decide each battle roll"),
            &tr("Off: your battles are rolled to their end for you, each roll shown, unless your side becomes likelier to lose than to win or a roll could leave a Lord of yours without Troops"),
            prefs.decide_rolls,
            &sender,
            PrefsMsg::DecideRolls,
        );
        switch_row(
            &group,
            &tr("Choose your battle losses"),
            &tr("Off: your casualties are taken the rules' way (Men-at-Arms before Knights, your own before a partner's); you still choose when a Lord would be lost"),
            prefs.choose_losses,
            &sender,
            PrefsMsg::ChooseLosses,
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
        for (i, (rule, name, explanation)) in optional_rule_words().into_iter().enumerate() {
            let row = adw::ActionRow::new();
            row.set_title(&name);
            row.set_subtitle(&explanation);
            let sw = gtk::Switch::new();
            sw.set_active(prefs.optional_rules.has(rule));
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
        switch_row(
            &group,
            &tr("Run in the background"),
            &tr("When you close the window while you sit at tables on other computers, Fief keeps running without it and tells you when it is your turn or someone writes to you. Quit with Ctrl+Q."),
            prefs.background,
            &sender,
            PrefsMsg::Background,
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
                for (rule, sw) in OptionalRule::ALL.into_iter().zip(&self.rule_switches) {
                    let on = self.prefs.optional_rules.has(rule);
                    if sw.is_active() != on {
                        sw.set_active(on);
                    }
                }
                return;
            }
            PrefsMsg::Rule(i, on) => {
                let Some(rule) = OptionalRule::ALL.get(i).copied() else {
                    return;
                };
                if self.prefs.optional_rules.has(rule) == on {
                    return;
                }
                self.prefs.optional_rules = self.prefs.optional_rules.with(rule, on);
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
            PrefsMsg::DecideRolls(b) => self.prefs.decide_rolls = b,
            PrefsMsg::ChooseLosses(b) => self.prefs.choose_losses = b,
            PrefsMsg::ConfirmAttack(b) => self.prefs.confirm_attack = b,
            PrefsMsg::Animations(b) => self.prefs.animations = b,
            PrefsMsg::Internet(b) => self.prefs.internet = b,
            PrefsMsg::Background(b) => self.prefs.background = b,
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

/// A row with a switch that sends `msg` with its state.
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
