//! The window's network flows: hosting a table from the New Game dialog (its lobby, Start
//! Now, Close Table), joining one with an invitation or from the local network, table talk,
//! and coming back to a table after a drop or a restart. What the line then hears is
//! net_news.rs; the state of a network game is net_play.rs.

use super::App;
use crate::ui::app::msg::Cmd;
use crate::ui::app::msg::Page;
use crate::ui::app::net_play::{status_words, NetGame, RETRY_FOR};
use crate::ui::dialogs::new_game::{NewGame, Place};
use crate::ui::{tr, trf};
use fief::bots::Level;
use fief::net::host::TableSpec;
use fief::net::hosting::Hosting;
use fief::net::joined::{Joined, JoinedTables};
use fief::net::link::{Link, Sit, Spec, Status};
use fief::net::protocol::SeatNo;
use fief::net::table::SeatPlan;
use fief::net::ticket::{ServerTicket, Ticket};
use fief::net::transport::Reach;
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::ComponentSender;
use std::time::Duration;

/// The file of the data folder that keeps the server's invitation used last.
const SERVER_FILE: &str = "server-invitation";

impl App {
    /// How far the app's network reaches: the local network and direct addresses, or the
    /// internet through relays when the player turned it on (Preferences); `FIEF_NET`
    /// overrides both.
    pub(super) fn reach(&self) -> Reach {
        Reach::from_env(if self.prefs.internet {
            Reach::Internet
        } else {
            Reach::Direct
        })
    }

    pub(super) fn joined_tables(&self) -> Option<JoinedTables> {
        self.net_dir.as_deref().map(JoinedTables::in_dir)
    }

    /// The tables sat at before, most recent first, each once (what is wrong with the list
    /// is told).
    pub(super) fn remembered(&self) -> Vec<Joined> {
        let Some(t) = self.joined_tables() else {
            return Vec::new();
        };
        let (all, problem) = t.read();
        if let Some(p) = problem {
            eprintln!("fief: the list of tables: {p}");
        }
        super::tables::each_once(all)
    }

    fn start_hosting(&self) -> Result<Hosting, String> {
        let dir = self
            .net_dir
            .as_ref()
            .ok_or_else(|| tr("This app has no data folder to keep a table in."))?;
        Hosting::start(
            &dir.join(super::tables::HOST_DIR),
            self.reach(),
            self.hard_budget,
        )
        .map_err(|e| trf("The table cannot be hosted: {e}", &[("e", &e)]))
    }

    /// Starts a game with players on other computers: this app hosts the table, sits at its
    /// human seat, and shows the lobby.
    pub(super) fn host_game(&mut self, ng: &NewGame, sender: &ComponentSender<Self>) {
        let Some(me) = ng.seats.iter().position(|s| *s == Seat::Human) else {
            return self.toast(&tr(
                "A game with players on other computers has exactly one human player at this computer.",
            ));
        };
        let me = me as SeatNo;
        let name = ng.options.player_name(me);
        // A name he typed is offered again next time (Join a Game).
        if ng
            .options
            .names
            .get(me as usize)
            .is_some_and(|n| !n.is_empty())
        {
            self.remember_player_name(&name);
        }
        let plan = ng
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                _ if i == me as usize => SeatPlan::Reserved(name.clone()),
                Seat::Bot(l) => SeatPlan::Bot(*l),
                // A seat named in New Game is kept for that player (the lobby and Join a
                // Game say so), else anyone may take it.
                Seat::Human | Seat::Remote => match ng.options.names.get(i) {
                    Some(n) if !n.trim().is_empty() => SeatPlan::Reserved(n.trim().to_string()),
                    _ => SeatPlan::Open,
                },
            })
            .collect();
        // The table on screen goes first: a host this app still runs for it (a game over, or
        // one left for a new one) holds the port the new host keeps.
        self.leave_net(false);
        let spec = TableSpec {
            options: ng.options.clone(),
            seats: plan,
            bot_after: ng.bot_after,
            stand_in: Level::Normal,
        };
        if let Place::Server(code) = &ng.place {
            return self.create_on_server(code, spec, me, name, sender);
        }
        let hosting = match self.start_hosting() {
            Ok(h) => h,
            Err(e) => return self.toast(&e),
        };
        let made = hosting.new_table(spec).and_then(|id| hosting.ticket(&id));
        match made {
            Ok(ticket) => {
                self.open_line(
                    ticket,
                    me,
                    Sit::Take(name.clone()),
                    name,
                    Some(hosting),
                    sender,
                );
                self.show_lobby(true);
            }
            Err(e) => self.toast(&trf("The table cannot be hosted: {e}", &[("e", &e)])),
        }
    }

    /// Asks the server of `code` (its invitation to make tables) for a table of `spec`, on a
    /// worker thread; the player then takes his seat there (`Cmd::Created`).
    fn create_on_server(
        &mut self,
        code: &str,
        spec: TableSpec,
        me: SeatNo,
        name: String,
        sender: &ComponentSender<Self>,
    ) {
        let Ok(server) = ServerTicket::decode(code) else {
            return self.toast(&tr("This is not a server's invitation."));
        };
        if let Some(dir) = &self.net_dir {
            if let Err(e) = fief::save::write_atomic(&dir.join(SERVER_FILE), code.trim()) {
                eprintln!("fief: cannot keep the server's invitation: {e}");
            }
        }
        self.status = tr("Opening the table on the server…");
        self.toast(&self.status.clone());
        let reach = self.reach();
        let table = fief::net::serve::new_table_of(&spec);
        sender.spawn_oneshot_command(move || {
            Cmd::Created(
                Box::new(fief::net::watch::create(&server, table, reach)),
                me,
                name,
            )
        });
    }

    /// The server's invitation used last (empty if none).
    pub(super) fn server_code(&self) -> String {
        self.net_dir
            .as_ref()
            .and_then(|d| fief::files::read_limited(&d.join(SERVER_FILE), 8192).ok())
            .and_then(|b| String::from_utf8(b).ok())
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    }

    /// The server made the table: the player takes his seat there, and the lobby shows.
    pub(super) fn created(
        &mut self,
        got: fief::net::watch::Made,
        me: SeatNo,
        name: String,
        sender: &ComponentSender<Self>,
    ) {
        match got {
            Ok((ticket, owner)) => {
                self.open_line(ticket, me, Sit::Take(name.clone()), name, None, sender);
                if let Some(net) = self.net.as_mut() {
                    net.on_server = true;
                    net.owner = (!owner.is_empty()).then_some(owner);
                }
                self.show_lobby(true);
            }
            Err((why, reason)) => {
                let words = crate::ui::app::net_play::refusal_words(why, &reason);
                self.toast(&trf(
                    "The server did not open the table: {e}",
                    &[("e", &words)],
                ));
            }
        }
    }

    /// Opens the line to a table (leaving any other first); the board waits for its first
    /// state.
    pub(super) fn open_line(
        &mut self,
        ticket: Ticket,
        seat: SeatNo,
        sit: Sit,
        name: String,
        hosting: Option<Hosting>,
        sender: &ComponentSender<Self>,
    ) {
        self.leave_net(false);
        self.files.keep_current_game(&self.session, self.idle);
        self.net_epoch += 1;
        let epoch = self.net_epoch;
        let s = sender.command_sender().clone();
        let secret = match &sit {
            Sit::Return(secret) => Some(secret.clone()),
            Sit::Take(_) => None,
        };
        let link = Link::open(
            Spec {
                ticket: ticket.clone(),
                reach: self.reach(),
                seat,
                sit,
                retry_for: RETRY_FOR,
            },
            move |h| {
                let _ = s.send(Cmd::Net(epoch, Box::new(h)));
            },
        );
        self.net = Some(NetGame {
            epoch,
            link,
            hosting,
            ticket,
            seat,
            name,
            secret,
            info: None,
            status: Status::Connecting,
            chat: Vec::new(),
            unread: 0,
            playing: false,
            held: false,
            opened_ms: fief::net::host::now_ms(),
            on_server: false,
            owner: None,
            clocks: None,
            over_at: None,
        });
        // Nothing of the last game plays on behind the table.
        self.idle = true;
        self.session.pause();
        self.w.chat.clear();
        self.w.stack.page(&self.w.chat.root).set_visible(true);
        self.show_net_status();
    }

    /// Leaves the table: the line closes (the game stays on the host, and this app
    /// remembers it); a hosted table's host stops. `tell` says so.
    pub(super) fn leave_net(&mut self, tell: bool) {
        let Some(net) = self.net.take() else {
            return;
        };
        let was_playing = net.playing;
        drop(net);
        self.w.lobby.close();
        self.w.net_button.set_visible(false);
        self.w.stack.page(&self.w.chat.root).set_visible(false);
        if Page::Chat.shown_in(&self.w.stack) {
            Page::Log.show_in(&self.w.stack);
        }
        if was_playing {
            self.idle = true;
            self.session.pause();
        }
        if tell {
            self.toast(&tr(
                "You left the table. Its game goes on: go back to it from Join a Game.",
            ));
        }
    }

    /// The lobby (or the table's window during the game) with the table as it is now.
    pub(super) fn show_lobby(&self, present: bool) {
        if let Some(net) = &self.net {
            if present || self.w.lobby.is_open() {
                self.w.lobby.show(net, present);
            }
        }
    }

    /// The header's word on the line, and the countdown while it comes back.
    pub(super) fn show_net_status(&self) {
        let Some(net) = &self.net else {
            self.w.net_button.set_visible(false);
            return;
        };
        let (words, class) = status_words(&net.status);
        let words = if net.hosted() {
            trf("Hosting · {state}", &[("state", &words)])
        } else {
            words
        };
        let b = &self.w.net_button;
        b.set_label(&words);
        for c in ["success", "warning", "error", "dim-label"] {
            b.remove_css_class(c);
        }
        b.add_css_class(class);
        b.set_visible(true);
    }

    /// Who plays each seat, for the family boards: in a network game, whether each player
    /// is there.
    pub(super) fn seat_words(&self) -> Vec<String> {
        match &self.net {
            Some(net) if net.playing => {
                let words = net.seat_words(self.session.game().to_act());
                if words.len() == self.session.seats().len() {
                    return words;
                }
                crate::ui::panels::family_board::seat_labels(self.session.seats())
            }
            _ => crate::ui::panels::family_board::seat_labels(self.session.seats()),
        }
    }

    /// The decisions the session queued for the host go down the line.
    pub(super) fn send_decisions(&mut self) {
        let sent = self.session.take_sent();
        if sent.is_empty() {
            return;
        }
        match &self.net {
            Some(net) => {
                for s in sent {
                    net.link.act(s.at, s.notation);
                }
            }
            None => self.session.unsent(),
        }
    }

    /// The join dialog, with the tables sat at before.
    pub(super) fn open_join(&mut self) {
        self.offered = self.remembered();
        let name = crate::ui::app::prefs::suggested_name(&self.prefs);
        self.w.join.open(&self.table_rows(), &name);
    }

    /// Listens for tables on the local network for a few seconds, on a worker thread.
    pub(super) fn look_on_lan(&mut self, sender: &ComponentSender<Self>) {
        self.w.join.lan_looking();
        let reach = self.reach();
        sender.spawn_oneshot_command(move || {
            Cmd::Lan(fief::net::lan::browse(reach, Duration::from_secs(3)))
        });
    }

    /// The tables heard on the local network, in the join dialog.
    pub(super) fn heard_on_lan(&mut self, got: Result<Vec<fief::net::lan::LanTable>, String>) {
        let tables = got.unwrap_or_else(|e| {
            eprintln!("fief: {e}");
            Vec::new()
        });
        let rows: Vec<(String, u8, u8)> = tables
            .iter()
            .map(|t| (t.open.host.clone(), t.open.free, t.open.seats))
            .collect();
        self.lan = tables;
        self.w.join.show_lan(&rows);
    }

    /// A table heard on the network was chosen: its invitation is looked up.
    pub(super) fn pick_lan(&mut self, i: usize, sender: &ComponentSender<Self>) {
        let Some(t) = self.lan.get(i) else { return };
        let code = t.ticket.encode();
        self.w.join.set_code(&code);
        self.look_up(code, sender);
    }

    /// Asks the host of an invitation for its table, on a worker thread.
    pub(super) fn look_up(&mut self, code: String, sender: &ComponentSender<Self>) {
        let ticket = match Ticket::decode(&code) {
            Ok(t) => t,
            Err(_) => {
                let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
                return self.w.join.show_error(&if compact.is_empty() {
                    tr("Paste the invitation the host sent you first.")
                } else if !compact.starts_with(fief::net::ticket::PREFIX) {
                    tr("This is not an invitation: an invitation begins with “fief”. Copy the whole of it from the host's message.")
                } else {
                    tr("This invitation is mistyped or cut short: a letter is wrong or missing. Copy it again, whole, from the host's message.")
                });
            }
        };
        self.w.join.looking();
        let reach = self.reach();
        sender.spawn_oneshot_command(move || {
            let got = fief::net::link::peek(&ticket, reach);
            Cmd::Peeked(code, got)
        });
    }

    /// Sits at seat `seat` of the invitation's table under `name`.
    pub(super) fn join_seat(
        &mut self,
        code: &str,
        seat: SeatNo,
        name: &str,
        sender: &ComponentSender<Self>,
    ) {
        let name = fief::rules::readable::clean_readable(name, fief::rules::MAX_NAME_CHARS);
        if name.is_empty() {
            return self
                .w
                .join
                .show_error(&tr("Your name, please: the others see it."));
        }
        let Ok(ticket) = Ticket::decode(code) else {
            return;
        };
        self.w.join.close();
        self.open_line(ticket, seat, Sit::Take(name.clone()), name, None, sender);
        self.show_lobby(true);
    }

    /// Goes back to the table listed `i`th (starting its host again if this app hosted it).
    pub(super) fn rejoin(&mut self, i: usize, sender: &ComponentSender<Self>) {
        let Some(j) = self.offered.get(i).cloned() else {
            return;
        };
        let Ok(ticket) = Ticket::decode(&j.ticket) else {
            return;
        };
        let hosting = if j.hosted {
            // The host must not run twice: the one running (if this is its table) goes first.
            self.leave_net(false);
            match self.start_hosting() {
                Ok(h) if h.has(&j.table) => Some(h),
                Ok(_) => {
                    if let Some(t) = self.joined_tables() {
                        let _ = t.forget(&j.ticket, j.seat);
                    }
                    return self.toast(&tr("That table is no longer kept by this computer."));
                }
                Err(e) => return self.toast(&e),
            }
        } else {
            None
        };
        self.w.join.close();
        self.open_line(
            ticket,
            j.seat,
            Sit::Return(j.secret),
            j.name,
            hosting,
            sender,
        );
        if let Some(net) = self.net.as_mut() {
            net.owner = (!j.owner.is_empty()).then_some(j.owner);
        }
        self.status = tr("Going back to your table…");
    }

    /// The host's or the creator's Start Now: bots sit in the open seats and the game
    /// begins.
    pub(super) fn start_table(&mut self) {
        let Some(net) = &self.net else { return };
        if let Some(h) = &net.hosting {
            if let Err(e) = h.start_now(&net.ticket.table, Level::Normal) {
                self.w.lobby.toast(&e);
            }
        } else if let Some(owner) = &net.owner {
            net.link.start_now(owner.clone());
        }
    }

    /// The lobby's button: Close (the game is on), Close Table (the host or the creator of
    /// a table on a server, before the game: the table is closed and forgotten), or Leave.
    pub(super) fn lobby_dismiss(&mut self, sender: &ComponentSender<Self>) {
        let Some(net) = &self.net else {
            return self.w.lobby.close();
        };
        if net.started() {
            return self.w.lobby.close();
        }
        if let Some(h) = &net.hosting {
            let _ = h.close_table(&net.ticket.table);
            return self.closed_table();
        } else if let Some(owner) = net.owner.clone() {
            // The server is told first (it tells everyone at the table), off the window's
            // thread.
            let (ticket, reach, epoch) = (net.ticket.clone(), self.reach(), net.epoch);
            sender.spawn_oneshot_command(move || {
                Cmd::ClosedOnServer(epoch, fief::net::watch::close_table(&ticket, &owner, reach))
            });
            return;
        }
        // A player leaving a table before its game: it goes on without him.
        self.leave_net(false);
        self.w
            .new_game
            .emit(crate::ui::dialogs::new_game::NewGameMsg::Open);
    }

    /// The server closed the table its creator asked it to close (or says why not).
    pub(super) fn closed_on_server(&mut self, epoch: u64, got: Result<(), String>) {
        if self.net.as_ref().map(|n| n.epoch) != Some(epoch) {
            return;
        }
        match got {
            Ok(()) => self.closed_table(),
            Err(e) => self
                .w
                .lobby
                .toast(&trf("The table could not be closed: {e}", &[("e", &e)])),
        }
    }

    /// Table talk from this seat.
    pub(super) fn say(&mut self, to: Option<SeatNo>, text: String) {
        // What the others could not read is dropped here, as the host would (`readable`).
        let text =
            fief::rules::readable::clean_readable(&text, fief::net::protocol::MAX_CHAT_CHARS);
        if text.is_empty() {
            return;
        }
        if let Some(net) = &self.net {
            net.link.say(to, text);
        }
    }

    /// The chat page came on screen: its lines are read.
    pub(super) fn chat_read(&mut self) {
        if let Some(net) = self.net.as_mut() {
            net.unread = 0;
        }
        self.show_unread();
    }

    pub(super) fn show_unread(&self) {
        let n = self.net.as_ref().map_or(0, |n| n.unread);
        let title = if n == 0 {
            tr("Chat")
        } else {
            trf("Chat ({n})", &[("n", &n.to_string())])
        };
        self.w.stack.page(&self.w.chat.root).set_title(&title);
    }
}
