//! The New Game dialog's rows for a game with players on other computers: where the table
//! is kept (this computer, or a server the group keeps running, by its invitation to make
//! tables) and how long a player who drops is waited for before a bot plays for him.

use super::kind_seat;
use crate::ui::{tr, trn};
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};
use std::time::Duration;

/// The waits offered for a dropped player, in seconds (`None`: until he comes back).
pub const WAITS: [Option<u64>; 6] = [
    Some(60),
    Some(180),
    Some(600),
    Some(3600),
    Some(86_400),
    None,
];

/// The wait chosen when the dialog opens: three minutes.
const DEFAULT_WAIT: u32 = 1;

/// A wait in words.
pub fn wait_label(w: Option<u64>) -> String {
    match w {
        None => tr("Until he comes back"),
        Some(s) if s >= 86_400 => trn("{n} day", "{n} days", (s / 86_400) as u32),
        Some(s) if s >= 3600 => trn("{n} hour", "{n} hours", (s / 3600) as u32),
        Some(s) => trn("{n} minute", "{n} minutes", (s / 60).max(1) as u32),
    }
}

/// Where the table is kept, as chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// This app hosts it (while it runs).
    Here,
    /// A server keeps it: the server's invitation to make tables, as pasted.
    Server(String),
}

/// The rows, in their group.
pub struct TableRows {
    pub group: adw::PreferencesGroup,
    pub(super) here: gtk::CheckButton,
    code: gtk::Entry,
    code_row: adw::ActionRow,
    wait: adw::ComboRow,
    /// The name the player last sat at a table under, for his own seat.
    pub player_name: String,
}

impl super::NewGameDialog {
    /// With players on other computers, the one human seat here is the player's own: an
    /// empty name there starts as the name he last sat at a table under.
    pub(super) fn fill_own_name(&self) {
        let forms = self.forms();
        if !forms.iter().any(|f| kind_seat(f.kind) == Seat::Remote) {
            return;
        }
        let mut here = forms
            .iter()
            .zip(&self.seats)
            .filter(|(f, _)| kind_seat(f.kind) == Seat::Human);
        if let (Some((_, own)), None) = (here.next(), here.next()) {
            if own.name.text().is_empty() {
                own.name.set_text(&self.table.player_name);
            }
        }
    }
}

impl TableRows {
    pub fn new() -> TableRows {
        let group = adw::PreferencesGroup::new();
        group.set_title(&tr("Players on other computers"));
        group.set_description(Some(&tr(
            "A table kept on this computer lasts while this app runs. A server your group keeps running holds it for days, whoever is connected: its owner gives you its invitation.",
        )));
        let here = gtk::CheckButton::with_label(&tr("This computer"));
        here.set_widget_name("table-here");
        here.set_active(true);
        let server = gtk::CheckButton::with_label(&tr("A server"));
        server.set_widget_name("table-on-server");
        server.set_group(Some(&here));
        let choice = gtk::Box::new(gtk::Orientation::Horizontal, 12);
        choice.append(&here);
        choice.append(&server);
        let row = adw::ActionRow::new();
        row.set_title(&tr("Table kept on"));
        choice.set_valign(gtk::Align::Center);
        row.add_suffix(&choice);
        group.add(&row);
        let code = gtk::Entry::new();
        code.set_widget_name("server-invitation");
        code.set_placeholder_text(Some(&tr("fiefserver…")));
        code.set_hexpand(true);
        code.set_valign(gtk::Align::Center);
        code.set_max_length(fief::net::ticket::MAX_TICKET_CHARS as i32);
        let code_row = adw::ActionRow::new();
        code_row.set_title(&tr("Server's invitation"));
        code_row.set_subtitle(&tr("Paste it once: it is remembered."));
        code_row.add_suffix(&code);
        code_row.set_visible(false);
        group.add(&code_row);
        let r = code_row.clone();
        server.connect_toggled(move |b| r.set_visible(b.is_active()));
        let labels: Vec<String> = WAITS.iter().map(|w| wait_label(*w)).collect();
        let refs: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
        let wait = adw::ComboRow::new();
        wait.set_widget_name("drop-wait");
        wait.set_title(&tr("A bot plays for a dropped player after"));
        wait.set_model(Some(&gtk::StringList::new(&refs)));
        wait.set_selected(DEFAULT_WAIT);
        group.add(&wait);
        TableRows {
            group,
            here,
            code,
            code_row,
            wait,
            player_name: String::new(),
        }
    }

    /// A table kept on a server has the seed the server draws (nobody at the table knows it
    /// before the game ends): the Seed row says so and takes none while a server is chosen.
    pub fn follow_seed(&self, seed_row: &adw::ActionRow) {
        let (here, group, row) = (self.here.clone(), self.group.clone(), seed_row.clone());
        let update = move || {
            let on_server = group.is_visible() && !here.is_active();
            row.set_sensitive(!on_server);
            row.set_subtitle(&if on_server {
                tr("The server draws it.")
            } else {
                String::new()
            });
        };
        let u = update.clone();
        self.here.connect_toggled(move |_| u());
        self.group.connect_visible_notify(move |_| update());
    }

    /// Shows the server's invitation remembered from last time.
    pub fn set_code(&self, code: &str) {
        if self.code.text().is_empty() {
            self.code.set_text(code);
        }
    }

    /// Where the table goes; an error if a server is chosen with no invitation.
    pub fn place(&self) -> Result<Place, String> {
        if self.here.is_active() || !self.code_row.is_visible() {
            return Ok(Place::Here);
        }
        let code = self.code.text().trim().to_string();
        if code.is_empty() {
            return Err(tr(
                "Paste the server's invitation first: its owner gives it to the players he lets make tables there.",
            ));
        }
        fief::net::ticket::ServerTicket::decode(&code).map_err(|_| {
            tr("This is not a server's invitation: it begins with “fiefserver”. Copy the whole of it again.")
        })?;
        Ok(Place::Server(code))
    }

    /// After how long a bot plays for a dropped player (`None`: the table waits for him).
    pub fn bot_after(&self) -> Option<Duration> {
        WAITS
            .get(self.wait.selected() as usize)
            .copied()
            .unwrap_or(Some(180))
            .map(Duration::from_secs)
    }
}
