//! The player's tables followed while the app runs: a watcher follows each seat he holds at
//! a table kept elsewhere (`net::watch`), Your Tables shows where each game stands with a
//! badge where the turn is his, and a desktop notification tells him when it becomes his turn
//! or someone writes to him, unless he is looking at that table.

use super::App;
use crate::ui::app::msg::Cmd;
use crate::ui::dialogs::tables::TableWords;
use crate::ui::{tr, trf};
use fief::net::joined::Joined;
use fief::net::protocol::{SeatNo, SeatStatus, TableInfo};
use fief::net::ticket::Ticket;
use fief::net::watch::{Followed, News, Watcher};
use relm4::adw::prelude::*;
use relm4::gtk::gio;
use relm4::ComponentSender;

/// The folder of the data folder where this app's host keeps its tables.
pub(super) const HOST_DIR: &str = "host";

/// What is known of a table sat at.
#[derive(Debug, Clone, Default)]
pub enum Heard {
    /// Nothing yet: its host is being asked.
    #[default]
    Asking,
    Status(Box<(TableInfo, SeatStatus)>),
    /// The host cannot be reached now (`false`), or the table is gone (`true`).
    Away(bool),
}

/// A table sat at, and what was last heard of it.
#[derive(Debug, Clone)]
pub struct Follow {
    pub joined: Joined,
    pub heard: Heard,
}

impl App {
    /// Follows every table the player sits at that another computer keeps (a table this app
    /// hosts is followed only while it hosts it: the window's own line shows it); the list is
    /// read again, and a watcher started anew, when it changed.
    pub(super) fn follow_tables(&mut self, sender: &ComponentSender<Self>) {
        let tables = self.remembered();
        let same = tables.len() == self.followed.len()
            && tables
                .iter()
                .zip(&self.followed)
                .all(|(a, b)| a.ticket == b.joined.ticket && a.seat == b.joined.seat);
        if same && self.watcher.is_some() {
            return;
        }
        let old = std::mem::take(&mut self.followed);
        self.followed = tables
            .into_iter()
            .map(|joined| {
                let heard = old
                    .iter()
                    .find(|f| f.joined.ticket == joined.ticket && f.joined.seat == joined.seat)
                    .map(|f| f.heard.clone())
                    .unwrap_or_default();
                Follow { joined, heard }
            })
            .collect();
        let seats: Vec<Followed> = self
            .followed
            .iter()
            .filter(|f| !f.joined.hosted)
            .filter_map(|f| {
                Some(Followed {
                    ticket: Ticket::decode(&f.joined.ticket).ok()?,
                    seat: f.joined.seat,
                    secret: f.joined.secret.clone(),
                })
            })
            .collect();
        self.watcher = None;
        if seats.is_empty() {
            return;
        }
        let s = sender.command_sender().clone();
        self.watcher = Some(Watcher::start(seats, self.reach(), move |news| {
            let _ = s.send(Cmd::Watched(Box::new(news)));
        }));
    }

    /// News of a followed table: the list is said again, and the player told if the turn
    /// became his or someone wrote to him.
    pub(super) fn watched(&mut self, news: News) {
        let (ticket, seat) = match &news {
            News::Status { ticket, seat, .. } | News::Away { ticket, seat, .. } => {
                (ticket.clone(), *seat)
            }
        };
        let Some(i) = self
            .followed
            .iter()
            .position(|f| f.joined.ticket == ticket && f.joined.seat == seat)
        else {
            return;
        };
        let before = std::mem::take(&mut self.followed[i].heard);
        let now = match news {
            News::Status { table, status, .. } => Heard::Status(Box::new((table, status))),
            News::Away { gone, .. } => Heard::Away(gone),
        };
        // A table closed for good is said so in the list this time, and not kept after.
        if matches!(now, Heard::Away(true)) {
            self.forget_table(&ticket, seat);
        }
        if let (Heard::Status(old), Heard::Status(new)) = (&before, &now) {
            self.tell_table_news(&self.followed[i].joined, &old.1, &new.0, &new.1);
        }
        self.followed[i].heard = now;
        if self.w.tables.is_open() {
            self.w.tables.set_rows(&self.table_rows());
        }
    }

    /// The seat of a table closed for good is forgotten, under every invitation it was kept
    /// with (`each_once`).
    pub(super) fn forget_table(&self, ticket: &str, seat: SeatNo) {
        let Some(t) = self.joined_tables() else {
            return;
        };
        let key = table_key(ticket, seat);
        for j in t.read().0 {
            if table_key(&j.ticket, j.seat) == key {
                if let Err(e) = t.forget(&j.ticket, j.seat) {
                    eprintln!("fief: the list of tables: {e}");
                }
            }
        }
    }

    /// The list of tables as Your Tables shows it, in the order of `offered`.
    pub(super) fn table_rows(&self) -> Vec<TableWords> {
        self.offered
            .iter()
            .map(|j| {
                let heard = self
                    .followed
                    .iter()
                    .find(|f| f.joined.ticket == j.ticket && f.joined.seat == j.seat)
                    .map(|f| f.heard.clone())
                    .unwrap_or_default();
                let on_screen = self
                    .net
                    .as_ref()
                    .is_some_and(|n| n.invitation() == j.ticket && n.seat == j.seat);
                table_words(j, &heard, on_screen)
            })
            .collect()
    }

    /// Opens Your Tables (the tables sat at, most recent first).
    pub(super) fn open_tables(&mut self, sender: &ComponentSender<Self>) {
        self.offered = self.remembered();
        self.follow_tables(sender);
        self.read_hosted();
        self.w.tables.open(&self.table_rows());
    }

    /// The tables this app hosts, while it does not host them now: where each game stands,
    /// read from this app's own store (nobody to ask, and nothing hosted for it).
    fn read_hosted(&mut self) {
        let Some(dir) = self.net_dir.as_ref().map(|d| d.join(HOST_DIR)) else {
            return;
        };
        let screen = self.net.as_ref().map(|n| (n.invitation(), n.seat));
        for f in self.followed.iter_mut().filter(|f| f.joined.hosted) {
            if screen
                .as_ref()
                .is_some_and(|(t, s)| *t == f.joined.ticket && *s == f.joined.seat)
            {
                continue;
            }
            match fief::net::peek::kept_table(&dir, &f.joined.table, f.joined.seat) {
                Ok(Some(got)) => f.heard = Heard::Status(Box::new(got)),
                Ok(None) => {}
                Err(e) => eprintln!("fief: {e}"),
            }
        }
    }

    /// Tells the player, by a desktop notification, that the turn became his at a table or
    /// that someone wrote to him there; not about the table on screen (its line tells him).
    fn tell_table_news(&self, j: &Joined, old: &SeatStatus, table: &TableInfo, new: &SeatStatus) {
        let on_screen = self
            .net
            .as_ref()
            .is_some_and(|n| n.invitation() == j.ticket && n.seat == j.seat);
        if on_screen {
            return;
        }
        let place = table_title(j, Some(table));
        // While a bot plays for him, the turns are the bot's, not news.
        let stood_in = table.seats.get(j.seat as usize).is_some_and(|s| {
            matches!(
                s.presence,
                fief::net::protocol::Presence::BotStandsIn { .. }
            )
        });
        if new.turn == Some(j.seat) && old.turn != Some(j.seat) && !new.over && !stood_in {
            let body = trf(
                "{table}. Round {n}: the game waits for you.",
                &[("table", &place), ("n", &new.round.to_string())],
            );
            self.notify(&j.ticket, &tr("Your turn"), &body);
        }
        if let Some(line) = &new.line {
            if old.line.as_ref().is_none_or(|l| l.id < line.id) {
                let who = table
                    .seats
                    .get(line.from as usize)
                    .and_then(|s| s.name.clone())
                    .unwrap_or_else(|| tr("A player"));
                let (title, body) =
                    crate::ui::app::net_play::chat_notice(&who, &line.text, Some(&place));
                self.notify(&format!("{}-talk", j.ticket), &title, &body);
            }
        }
    }

    /// A desktop notification; a click on it brings the window back.
    pub(super) fn notify(&self, id: &str, title: &str, body: &str) {
        let Some(app) = self.window.application() else {
            return;
        };
        // Without a session bus (no desktop around the app) there is nobody to tell.
        if !app.is_registered() || app.dbus_connection().is_none() {
            return;
        }
        if app.lookup_action("activate-window").is_none() {
            let a = gio::SimpleAction::new("activate-window", None);
            let w = self.window.clone();
            a.connect_activate(move |_, _| w.present());
            app.add_action(&a);
        }
        let n = gio::Notification::new(title);
        n.set_body(Some(body));
        n.set_default_action("app.activate-window");
        // Hashed: an id is kept short and without the invitation in it.
        let id = format!("table-{:x}", fxhash(id));
        app.send_notification(Some(&id), &n);
    }
}

/// `tables` with each seat of each table once, the most recent kept: a table's invitation
/// names its host's addresses too, so the same table hosted again at other addresses (or
/// joined by an older invitation) is the same host's key, table and seat.
pub(super) fn each_once(tables: Vec<Joined>) -> Vec<Joined> {
    let mut seen = Vec::new();
    tables
        .into_iter()
        .filter(|j| {
            let key = table_key(&j.ticket, j.seat);
            let new = !seen.contains(&key);
            seen.push(key);
            new
        })
        .collect()
}

/// What tells a seat at a table from another: the host's key, the table's id and the seat
/// (the invitation's text when it cannot be read).
fn table_key(ticket: &str, seat: SeatNo) -> (String, String, SeatNo) {
    match Ticket::decode(ticket) {
        Ok(t) => (t.host.id.to_string(), t.table, seat),
        Err(_) => (ticket.to_string(), String::new(), seat),
    }
}

/// A short stable hash of a text (FNV-1a).
fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whose table, in words: the player's seat, with whom (once heard), and where it is kept.
pub fn table_title(j: &Joined, table: Option<&TableInfo>) -> String {
    let others: Vec<String> = table
        .map(|t| {
            t.seats
                .iter()
                .filter(|s| s.seat != j.seat)
                .map(|s| {
                    s.name
                        .clone()
                        .unwrap_or_else(|| crate::ui::words::names::colour_name(s.colour as usize))
                })
                .collect()
        })
        .unwrap_or_default();
    let who = if others.is_empty() {
        trf("You play {name}", &[("name", &j.name)])
    } else {
        trf(
            "You play {name} with {others}",
            &[("name", &j.name), ("others", &others.join(", "))],
        )
    };
    let place = if j.hosted {
        tr("kept on this computer")
    } else if table.is_some_and(|t| t.server) {
        tr("on a server")
    } else if !j.host.is_empty() && j.host != j.name {
        trf("hosted by {host}", &[("host", &j.host)])
    } else {
        return who;
    };
    trf("{who} · {place}", &[("who", &who), ("place", &place)])
}

/// A table sat at, in words: whose, and where its game stands.
pub fn table_words(j: &Joined, heard: &Heard, on_screen: bool) -> TableWords {
    let mut yours = false;
    let subtitle = match heard {
        // A table this app hosts says where it stands when its store was read (`read_hosted`).
        _ if j.hosted && !on_screen && !matches!(heard, Heard::Status(_)) => {
            tr("Host it again to play on: the others come back to it.")
        }
        Heard::Asking => tr("Asking its host…"),
        Heard::Away(false) => tr("Its host cannot be reached now: it is asked again."),
        Heard::Away(true) => tr("This table has ended or was closed."),
        Heard::Status(s) => {
            let (table, status) = (&s.0, &s.1);
            let round = if status.round == 0 {
                tr("Setup")
            } else {
                trf("Round {n}", &[("n", &status.round.to_string())])
            };
            if status.over {
                tr("The game is over.")
            } else if !status.started {
                let taken = table
                    .seats
                    .iter()
                    .filter(|s| {
                        !matches!(
                            s.kind,
                            fief::net::protocol::SeatKind::Open
                                | fief::net::protocol::SeatKind::Reserved
                        )
                    })
                    .count();
                trf(
                    "Waiting for players: {taken} of {all} seats taken.",
                    &[
                        ("taken", &taken.to_string()),
                        ("all", &table.seats.len().to_string()),
                    ],
                )
            } else if status.turn == Some(j.seat) {
                yours = true;
                trf("{round} · your turn", &[("round", &round)])
            } else {
                let who = status
                    .turn
                    .and_then(|t| table.seats.get(t as usize))
                    .and_then(|s| s.name.clone())
                    .unwrap_or_else(|| tr("another player"));
                trf(
                    "{round} · {who}'s turn",
                    &[("round", &round), ("who", &who)],
                )
            }
        }
    };
    let subtitle = match heard {
        Heard::Asking if on_screen => tr("On screen now"),
        _ if on_screen => trf("On screen · {what}", &[("what", &subtitle)]),
        _ => subtitle,
    };
    let table = match heard {
        Heard::Status(s) => Some(&s.0),
        _ => None,
    };
    TableWords {
        title: table_title(j, table),
        subtitle,
        yours,
    }
}

/// Asking before the table this app hosts is left.
mod hosted;
