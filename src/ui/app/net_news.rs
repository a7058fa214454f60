//! What the window does with the news of its network line: the game on screen kept to what the
//! host sends, seats and chat, the line lost and found again, a dropped player's seat handed to a
//! bot, desktop notifications, and the check of the deal at the end.

use super::App;
use crate::ui::app::msg::Cmd;
use crate::ui::app::msg::Page;
use crate::ui::app::net_play::{chat_line_words, chat_notice, refusal_words, RETRY_FOR};
use crate::ui::words::names;
use crate::ui::{tr, trf};
use fief::net::joined::Joined;
use fief::net::link::{Heard, Link, Received, Sit, Spec, Status};
use fief::net::protocol::{Refusal, SeatKind, SeatNo};
use fief::session::Session;
use relm4::adw::prelude::*;
use relm4::{ComponentController, ComponentSender};
use std::time::Instant;

impl App {
    /// What the line heard; false when nothing on screen changed.
    pub(super) fn heard(&mut self, epoch: u64, h: Heard) -> bool {
        let turn = self.session.game().to_act();
        let Some(net) = self.net.as_mut() else {
            return false;
        };
        if net.epoch != epoch {
            return false;
        }
        if matches!(h, Heard::Status(_) | Heard::Table(_)) && net.playing {
            net.fold_clock(turn);
        }
        match h {
            Heard::Status(st) => {
                let gone = match &st {
                    Status::Gone { refusal, reason } => Some((*refusal, reason.clone())),
                    _ => None,
                };
                net.status = st;
                let redraw = gone.is_some();
                if let Some((refusal, reason)) = gone {
                    self.line_gone(refusal, &reason);
                }
                self.show_net_status();
                self.show_lobby(false);
                // The line gone: the status line says so, and the boards know nothing more.
                return redraw;
            }
            Heard::Table(info) => {
                let was = net.started();
                let first = net.info.is_none();
                net.info = Some((info, Instant::now()));
                let names: Vec<(SeatNo, String)> = net
                    .info
                    .iter()
                    .flat_map(|(t, _)| t.seats.iter())
                    // Talk is for people: bots and empty seats read nothing.
                    .filter(|s| s.seat != net.seat && s.kind == SeatKind::Human)
                    .map(|s| {
                        let n = s
                            .name
                            .clone()
                            .unwrap_or_else(|| names::colour_name(s.colour as usize));
                        (s.seat, n)
                    })
                    .collect();
                let now = net.started();
                self.w.chat.set_players(&names);
                if !was && now && self.w.lobby.is_open() {
                    self.w.lobby.close();
                    self.toast(&tr("Every seat is filled: the game begins."));
                }
                self.show_lobby(false);
                // Back at a table whose game has not begun: its lobby.
                if first && !now && !self.w.lobby.is_open() {
                    self.show_lobby(true);
                }
            }
            Heard::Seated { seat, secret } => {
                net.secret = Some(secret.clone());
                let host = if net.hosted() {
                    net.name.clone()
                } else {
                    net.info
                        .iter()
                        .flat_map(|(t, _)| t.seats.iter())
                        .find(|s| s.seat != seat && s.kind == SeatKind::Human)
                        .and_then(|s| s.name.clone())
                        .unwrap_or_default()
                };
                let j = Joined {
                    host,
                    ticket: net.invitation(),
                    table: net.ticket.table.clone(),
                    seat,
                    secret,
                    name: net.name.clone(),
                    hosted: net.hosted(),
                    last_ms: fief::net::host::now_ms(),
                    bot_told: 0,
                    owner: net.owner.clone().unwrap_or_default(),
                };
                if let Some(t) = self.joined_tables() {
                    if let Err(e) = t.remember(j) {
                        self.toast(&e);
                    }
                }
                crate::ui::app::msg::post(&self.input, crate::ui::app::msg::Msg::FollowTables);
                return false;
            }
            Heard::State(r) => self.received(*r),
            // A line heard before (sent again after a reconnect) is not shown twice.
            Heard::Chat(line) if net.chat.iter().any(|l| l.id == line.id) => return false,
            Heard::Chat(line) => {
                let (head, text) = chat_line_words(net, self.session.game(), &line);
                let who = crate::ui::app::net_play::seat_name(net, self.session.game(), line.from);
                let private = line.to.is_some();
                self.w.chat.push(&head, &text, private);
                // Lines said before this line to the table was opened are its history: read
                // already, or missed while away; only what is said from now on is news.
                let from_other = line.from != net.seat && line.at_ms >= net.opened_ms;
                let net = self.net.as_mut().expect("checked above");
                net.chat.push(line);
                if from_other {
                    if !Page::Chat.shown_in(&self.w.stack) {
                        net.unread += 1;
                        self.show_unread();
                    }
                    if !self.window.is_active() {
                        let (title, body) = chat_notice(&who, &text, None);
                        self.notify("fief-chat", &title, &body);
                    }
                }
                return false;
            }
            Heard::Refused { why, reason } => {
                if matches!(
                    why,
                    Refusal::Stale | Refusal::Illegal | Refusal::OutOfTurn | Refusal::NotYourSeat
                ) {
                    self.session.unsent();
                }
                self.toast(&refusal_words(Some(why), &reason));
            }
            Heard::Resent(_) => {
                self.toast(&tr(
                    "The connection came back: your decision was sent again.",
                ));
            }
            Heard::Deal(v) => {
                self.dialogs.deal = Some(deal_words(&v));
                return false;
            }
            Heard::Lost(_) => {
                self.session.unsent();
                self.toast(&tr(
                    "Your last decision was lost when the connection dropped: the game went on without it.",
                ));
            }
        }
        true
    }

    /// A state from the host: the first one sets the game on screen, the next ones move it.
    fn received(&mut self, r: Received) {
        let settings = self.settings();
        let stood_in = r.stood_in.clone();
        let Some(net) = self.net.as_mut() else {
            return;
        };
        let mine_before = self.session.human_turn().is_some();
        if net.playing {
            // The line is back: the game on screen goes on.
            if std::mem::take(&mut net.held) {
                self.session.unpause();
                self.status.clear();
            }
            self.session.received(r.game, r.at, &r.legal);
            net.clocks = Some((r.clocks.clone(), Instant::now()));
        } else {
            // The same table's game still on screen (its line opened anew): where the player
            // stood in its log at his last decision is kept.
            let old = self.session.game();
            let seen = (self.session.remote_seat() == Some(net.seat)
                && old.options == r.game.options
                && old.log.len() <= r.game.log.len())
            .then(|| self.trail.seen(net.seat))
            .flatten();
            match Session::remote(r.game, net.seat, r.at, &r.legal, settings) {
                Ok(s) => {
                    net.playing = true;
                    net.clocks = Some((r.clocks.clone(), Instant::now()));
                    let seat = net.seat;
                    self.install_session(s);
                    if let Some(at) = seen {
                        self.trail.resume_seen(seat, at);
                    }
                    self.session.unpause();
                }
                Err(e) => return self.toast(&e),
            }
        }
        // A game that is over is not offered again.
        if self.session.game().is_over() {
            if let (Some(t), Some(net)) = (self.joined_tables(), &self.net) {
                let _ = t.forget(&net.invitation(), net.seat);
            }
        }
        if !mine_before && self.session.human_turn().is_some() && !self.window.is_active() {
            self.notify(
                "fief-turn",
                &tr("Your turn"),
                &tr("The table waits for your decision."),
            );
        }
        if !stood_in.is_empty() {
            self.tell_away(stood_in);
        }
    }

    /// The table on screen was closed for good (by this player, its host, or its creator
    /// on a server): it is forgotten under every invitation it was kept with, the line
    /// goes, and the player is offered his other tables if he has any, else New Game (the
    /// closed table's game stays behind, paused).
    pub(super) fn closed_table(&mut self) {
        if let Some(net) = &self.net {
            let (ticket, seat) = (net.invitation(), net.seat);
            self.forget_table(&ticket, seat);
        }
        self.leave_net(false);
        if self.remembered().is_empty() {
            self.w
                .new_game
                .emit(crate::ui::dialogs::new_game::NewGameMsg::Open);
        } else {
            crate::ui::app::msg::post(&self.input, crate::ui::app::msg::Msg::Tables);
        }
    }

    /// The line is down for good: said in words; a table never reached is left.
    fn line_gone(&mut self, refusal: Option<Refusal>, reason: &str) {
        let words = refusal_words(refusal, reason);
        let Some(net) = &self.net else { return };
        if net.playing && refusal == Some(Refusal::NoTable) {
            // The table was closed for good (by its host, or its creator on a server): there
            // is nothing to come back to, and its game cannot go on.
            self.status = tr("This table was closed: its game cannot go on.");
            self.toast(&self.status.clone());
            return self.closed_table();
        }
        if net.playing {
            // A decision on its way is lost with the line: said, never dropped silently.
            let lost = self.session.waits_for_host();
            self.session.unsent();
            self.session.pause();
            if let Some(net) = self.net.as_mut() {
                net.held = true;
            }
            let mut words = trf(
                "{why} Your seat is kept: choose the connection button to try again.",
                &[("why", &words)],
            );
            if lost {
                words = trf(
                    "{words} Your last decision did not reach the host.",
                    &[("words", &words)],
                );
            }
            // The whole of it stays on the status line (a toast holds one short line).
            self.toast(&tr("The host is gone."));
            self.status = words;
            return;
        }
        // Never seated: the table could not be joined.
        if refusal == Some(Refusal::NoTable) {
            if let (Some(t), Some(net)) = (self.joined_tables(), &self.net) {
                let _ = t.forget(&net.invitation(), net.seat);
            }
        }
        self.leave_net(false);
        if self.w.join.window.is_visible() {
            self.w.join.show_error(&words);
        } else {
            self.toast(&words);
            self.open_join();
            self.w.join.show_error(&words);
        }
    }

    /// The header's connection button: the table's window; with the host gone, try again.
    pub(super) fn show_table(&mut self, sender: &ComponentSender<Self>) {
        let Some(net) = &self.net else { return };
        if matches!(net.status, Status::Gone { .. }) && net.playing {
            return self.reconnect(sender);
        }
        // Between two tries, a click tries at once.
        if matches!(net.status, Status::Reconnecting { next_in, .. } if next_in > 0) {
            net.link.retry_now();
        }
        self.show_lobby(true);
    }

    /// The line to the table on screen again, after the host was gone: the seat is taken
    /// back with its secret, and the game stays on screen meanwhile.
    fn reconnect(&mut self, sender: &ComponentSender<Self>) {
        self.net_epoch += 1;
        let epoch = self.net_epoch;
        let reach = self.reach();
        let Some(net) = self.net.as_mut() else { return };
        let Some(secret) = net.secret.clone() else {
            return;
        };
        let s = sender.command_sender().clone();
        net.link = Link::open(
            Spec {
                ticket: net.ticket.clone(),
                reach,
                seat: net.seat,
                sit: Sit::Return(secret),
                retry_for: RETRY_FOR,
            },
            move |h| {
                let _ = s.send(Cmd::Net(epoch, Box::new(h)));
            },
        );
        net.epoch = epoch;
        net.status = Status::Connecting;
        self.show_net_status();
    }

    /// Each second of a network game: the clocks on the boards and in the lobby.
    pub(super) fn net_tick(&mut self) {
        let over = self.session.game().is_over();
        let Some(net) = self.net.as_mut() else { return };
        // The game over, the clocks of the players away stop where they are.
        if over && net.playing && net.over_at.is_none() {
            net.over_at = Some(Instant::now());
        }
        let Some(net) = &self.net else { return };
        if !net.playing || !net.clocks_run() {
            self.show_lobby(false);
            return;
        }
        let (view, _) = self.frame();
        let who = std::rc::Rc::new(self.seat_words());
        self.w
            .boards
            .emit(crate::ui::panels::family_board::BoardsMsg::Show(view, who));
        self.show_lobby(false);
    }
}

/// The check of a network game's deal, in the player's words.
fn deal_words(v: &fief::net::fair::Verdict) -> String {
    match v {
        fief::net::fair::Verdict::Fair { states } => trf(
            "The deal was fair: the host dealt from the seed it promised at the start, and replaying the game from it gives all {n} states you were shown.",
            &[("n", &states.to_string())],
        ),
        fief::net::fair::Verdict::Unfair(why) => {
            use fief::net::fair::Unfair;
            let why = match why {
                Unfair::Promise => {
                    tr("the seed the host showed at the end is not the one it promised at the start")
                }
                Unfair::Deal(_) => tr("the game cannot be dealt again from the seed it showed"),
                Unfair::Action { n, notation, .. } => trf(
                    "action {n} ({a}) is refused when the game is played again",
                    &[("n", &n.to_string()), ("a", notation)],
                ),
                Unfair::Differs { at } => trf(
                    "after {n} actions, the game dealt from the promised seed is not the one you were shown",
                    &[("n", &at.to_string())],
                ),
                Unfair::Beyond => tr("you were shown states the host's actions never reach"),
            };
            trf("The deal cannot be trusted: {why}.", &[("why", &why)])
        }
    }
}
