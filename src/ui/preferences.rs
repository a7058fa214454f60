//! Preferences: how fast bots' moves are shown, and whether reaction windows in which a human
//! holds nothing playable are passed for him. (Kept for the session; saving them to the
//! XDG config directory comes with the saves.)

use super::tr;
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::time::Duration;

/// How long each bot move stays on screen before the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pace {
    Instant,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Instant, Pace::Fast, Pace::Normal, Pace::Slow];

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prefs {
    pub pace: Pace,
    /// Pass a reaction window for a human who can play nothing in it.
    pub auto_pass: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            pace: Pace::Normal,
            auto_pass: true,
        }
    }
}

pub struct PreferencesWindow {
    window: adw::PreferencesWindow,
    prefs: Prefs,
}

#[derive(Debug)]
pub enum PrefsMsg {
    Open,
    Pace(u32),
    AutoPass(bool),
}

#[derive(Debug)]
pub enum PrefsOut {
    Changed(Prefs),
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
        group.set_title(&tr("Bots"));
        let pace = adw::ComboRow::new();
        pace.set_title(&tr("Pace of bot moves"));
        pace.set_subtitle(&tr("How long each bot move stays on screen"));
        let names: Vec<String> = Pace::ALL.iter().map(|p| p.label()).collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        pace.set_model(Some(&gtk::StringList::new(&refs)));
        pace.set_selected(Pace::ALL.iter().position(|p| *p == prefs.pace).unwrap_or(2) as u32);
        let s = sender.clone();
        pace.connect_selected_notify(move |r| s.input(PrefsMsg::Pace(r.selected())));
        group.add(&pace);
        page.add(&group);
        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Play"));
        let auto = adw::ActionRow::new();
        auto.set_title(&tr("Pass reaction windows automatically"));
        auto.set_subtitle(&tr("When you hold no card that can be played in them"));
        let sw = gtk::Switch::new();
        sw.set_active(prefs.auto_pass);
        sw.set_valign(gtk::Align::Center);
        let s = sender.clone();
        sw.connect_active_notify(move |sw| s.input(PrefsMsg::AutoPass(sw.is_active())));
        auto.add_suffix(&sw);
        auto.set_activatable_widget(Some(&sw));
        group.add(&auto);
        page.add(&group);
        window.add(&page);
        ComponentParts {
            model: PreferencesWindow { window, prefs },
            widgets: (),
        }
    }

    fn update(&mut self, msg: PrefsMsg, sender: ComponentSender<Self>) {
        match msg {
            PrefsMsg::Open => {
                self.window.present();
                return;
            }
            PrefsMsg::Pace(i) => {
                self.prefs.pace = Pace::ALL.get(i as usize).copied().unwrap_or_default()
            }
            PrefsMsg::AutoPass(b) => self.prefs.auto_pass = b,
        }
        sender.output(PrefsOut::Changed(self.prefs)).ok();
    }
}
