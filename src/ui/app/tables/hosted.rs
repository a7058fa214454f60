//! A table this app hosts is not left without a word: closing the window, opening another
//! table, a new game, joining another table, loading a saved game or starting a lesson would
//! each stop its host. The player is asked first, with one question (who sits there; keep
//! the table to host it again, close it for good, or stay), and on Keep or Close what he
//! asked for goes on.

use crate::ui::app::msg::{post, Msg};
use crate::ui::app::update::Redraw;
use crate::ui::app::App;
use crate::ui::dialogs::new_game::NewGameMsg;
use crate::ui::{tr, trf};
use relm4::adw::prelude::*;
use relm4::ComponentSender;
use std::cell::Cell;

impl App {
    /// Whether this app hosts the table on screen now.
    fn hosts_now(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.hosting.is_some())
    }

    /// Whether `msg` would leave the table on screen for another game or table.
    fn leaves_table(&self, msg: &Msg) -> bool {
        match msg {
            Msg::StartGame(_) | Msg::JoinSeat(..) | Msg::StartLesson(_) | Msg::LeaveTable => true,
            Msg::LoadFrom(path) => path.is_some(),
            // Choosing the table on screen in Your Tables only brings it back.
            Msg::Rejoin(i) => self.offered.get(*i).is_none_or(|j| {
                self.net
                    .as_ref()
                    .is_none_or(|n| n.invitation() != j.ticket || n.seat != j.seat)
            }),
            _ => false,
        }
    }

    /// `msg` when it may go on at once; None when it would leave the table this app hosts:
    /// the player is asked first, and the answer brings `msg` back (`hosted_table_closing`).
    pub(in crate::ui::app) fn ask_before_leaving(&mut self, msg: Msg) -> Option<Msg> {
        if !self.hosts_now() || !self.leaves_table(&msg) {
            return Some(msg);
        }
        self.ask_about_hosted(Some(msg));
        None
    }

    /// On the way out, a table this app hosts is not closed without a word: the player is
    /// asked (who sits there, and whether to keep the table to host it again or close it for
    /// good). True when the question is asked (the window stays open until it is answered).
    pub(in crate::ui::app) fn ask_before_closing_table(&mut self) -> bool {
        if std::mem::take(&mut self.closing_asked) || !self.hosts_now() {
            return false;
        }
        self.ask_about_hosted(None);
        true
    }

    /// The question, for leaving by `then` (None: closing the window).
    fn ask_about_hosted(&self, then: Option<Msg>) {
        let Some(net) = &self.net else { return };
        let others: Vec<String> = net
            .info
            .iter()
            .flat_map(|(t, _)| t.seats.iter())
            .filter(|s| s.seat != net.seat && s.kind == fief::net::protocol::SeatKind::Human)
            .filter_map(|s| s.name.clone())
            .collect();
        let who = if others.is_empty() {
            tr("Nobody else sits at it yet.")
        } else {
            trf("Sitting at it: {names}.", &[("names", &others.join(", "))])
        };
        let d = relm4::adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("Close the Table You Host?")),
            Some(&trf(
                "{who} Once you leave it, nobody can play at your table until you host it again. Keep it, and host it again from Your Tables: the others come back to it with the same invitation. Or close it for good.",
                &[("who", &who)],
            )),
        );
        d.set_widget_name("closing-hosted");
        d.add_response("cancel", &tr("Cancel"));
        d.add_response("close", &tr("Close the Table"));
        d.add_response("keep", &tr("Keep the Table"));
        d.set_response_appearance("close", relm4::adw::ResponseAppearance::Destructive);
        d.set_response_appearance("keep", relm4::adw::ResponseAppearance::Suggested);
        d.set_default_response(Some("keep"));
        d.set_close_response("cancel");
        let s = self.input.clone();
        // The way out goes with the first answer only.
        let then = Cell::new(then.map(Box::new));
        d.connect_response(None, move |_, r| {
            post(&s, Msg::HostedTableClosing(r.to_string(), then.take()));
        });
        d.present();
    }

    /// The answer to "Close the table you host?": the table kept or closed for good, then
    /// the way out taken (`then`; None: the window closes); or the player stays.
    pub(in crate::ui::app) fn hosted_table_closing(
        &mut self,
        answer: &str,
        then: Option<Box<Msg>>,
        sender: &ComponentSender<Self>,
    ) -> Redraw {
        if answer == "cancel" {
            if then.is_some() {
                self.play_on();
            }
            return Redraw::Yes;
        }
        if answer == "close" {
            if let Some(net) = &self.net {
                if let Some(h) = &net.hosting {
                    if let Err(e) = h.close_table(&net.ticket.table) {
                        eprintln!("fief: closing the table: {e}");
                    }
                }
                self.forget_table(&net.invitation(), net.seat);
            }
        }
        let Some(then) = then else {
            self.closing_asked = true;
            self.window.close();
            return Redraw::No;
        };
        // The host stops (a kept table stays in Your Tables), then the player goes on.
        self.leave_net(false);
        match *then {
            Msg::LeaveTable => {
                self.w.new_game.emit(NewGameMsg::Open);
                Redraw::Yes
            }
            msg => self.on_msg(msg, sender),
        }
    }
}
