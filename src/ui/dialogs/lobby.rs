//! The table's window: its invitation with a Copy button, each seat as it fills (name, colour,
//! whether its player is there), and for the host a Start button (empty seats become bots)
//! and Close Table; for a player who joined, Leave. Before the game it is the lobby; during
//! the game the header's connection button opens it again (to copy the invitation, or see
//! who is there).

use crate::ui::app::msg::{post, Msg};
use crate::ui::app::net_play::{presence_words, NetGame};
use crate::ui::dialogs::new_game::{boxed_list, clear_list, close_on_escape, swatch};
use crate::ui::words::names;
use crate::ui::{tr, trf};
use relm4::adw::prelude::*;
use relm4::{adw, gtk};

pub struct Lobby {
    pub window: adw::Window,
    title: adw::WindowTitle,
    invite: gtk::Label,
    seats: gtk::ListBox,
    note: gtk::Label,
    start: gtk::Button,
    leave: gtk::Button,
    toasts: adw::ToastOverlay,
}

impl Lobby {
    pub fn new(parent: &adw::ApplicationWindow, sender: &relm4::Sender<Msg>) -> Lobby {
        let window = adw::Window::builder()
            .modal(true)
            .transient_for(parent)
            .default_width(560)
            .default_height(620)
            .hide_on_close(true)
            .build();
        window.set_widget_name("lobby");
        close_on_escape(&window);
        let header = adw::HeaderBar::new();
        let title = adw::WindowTitle::new(&tr("Waiting for Players"), "");
        header.set_title_widget(Some(&title));
        let outer = gtk::Box::new(gtk::Orientation::Vertical, 0);
        outer.append(&header);
        let body = gtk::Box::new(gtk::Orientation::Vertical, 12);
        for m in [12, 18] {
            body.set_margin_top(m);
            body.set_margin_bottom(m);
        }
        body.set_margin_start(18);
        body.set_margin_end(18);

        let invite_head = gtk::Label::new(Some(&tr("Invitation")));
        invite_head.add_css_class("heading");
        invite_head.set_xalign(0.0);
        body.append(&invite_head);
        let explain = gtk::Label::new(Some(&tr(
            "Send this invitation to the other players. They choose Join a Game (Ctrl+J) and paste it.",
        )));
        explain.set_wrap(true);
        explain.set_xalign(0.0);
        explain.add_css_class("dim-label");
        body.append(&explain);
        let invite = gtk::Label::new(None);
        invite.set_widget_name("invitation");
        invite.set_selectable(true);
        invite.set_wrap(true);
        invite.set_wrap_mode(gtk::pango::WrapMode::Char);
        invite.set_xalign(0.0);
        invite.add_css_class("monospace");
        // Broken across lines without a hyphen: one would read as part of the invitation.
        let attrs = gtk::pango::AttrList::new();
        attrs.insert(gtk::pango::AttrInt::new_insert_hyphens(false));
        invite.set_attributes(Some(&attrs));
        invite.add_css_class("card");
        invite.set_margin_top(2);
        let frame = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        invite.set_hexpand(true);
        frame.append(&invite);
        let copy = gtk::Button::with_label(&tr("Copy"));
        copy.set_widget_name("copy-invitation");
        copy.set_valign(gtk::Align::Center);
        copy.set_tooltip_text(Some(&tr("Copy the invitation to the clipboard")));
        frame.append(&copy);
        body.append(&frame);

        let seats_head = gtk::Label::new(Some(&tr("Seats")));
        seats_head.add_css_class("heading");
        seats_head.set_xalign(0.0);
        seats_head.set_margin_top(6);
        body.append(&seats_head);
        let seats = boxed_list("lobby-seats");
        body.append(&seats);
        let note = gtk::Label::new(None);
        note.set_wrap(true);
        note.set_xalign(0.0);
        note.add_css_class("dim-label");
        body.append(&note);

        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 12);
        buttons.set_halign(gtk::Align::End);
        buttons.set_margin_top(6);
        let leave = gtk::Button::with_label(&tr("Leave"));
        leave.set_widget_name("lobby-leave");
        let s = sender.clone();
        leave.connect_clicked(move |_| post(&s, Msg::LobbyDismiss));
        buttons.append(&leave);
        let start = gtk::Button::with_label(&tr("Start Now"));
        start.set_widget_name("lobby-start");
        start.add_css_class("suggested-action");
        let s = sender.clone();
        start.connect_clicked(move |_| post(&s, Msg::StartTable));
        buttons.append(&start);
        body.append(&buttons);

        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_child(Some(&body));
        scroll.set_vexpand(true);
        let toasts = adw::ToastOverlay::new();
        toasts.set_child(Some(&scroll));
        outer.append(&toasts);
        window.set_content(Some(&outer));

        let (inv, t) = (invite.clone(), toasts.clone());
        copy.connect_clicked(move |b| {
            b.clipboard().set_text(&inv.text());
            t.add_toast(adw::Toast::new(&tr("Invitation copied")));
        });
        Lobby {
            window,
            title,
            invite,
            seats,
            note,
            start,
            leave,
            toasts,
        }
    }

    /// Shows the table as it is now (and the window, when `present`).
    pub fn show(&self, net: &NetGame, present: bool) {
        let started = net.started();
        self.title.set_title(&if started {
            tr("The Table")
        } else {
            tr("Waiting for Players")
        });
        self.invite.set_text(&net.invitation());
        clear_list(&self.seats);
        let since = net
            .info
            .as_ref()
            .map_or(0, |(_, at)| at.elapsed().as_secs());
        let mut open = 0;
        if let Some((t, _)) = &net.info {
            for s in &t.seats {
                let row = adw::ActionRow::new();
                row.set_widget_name(&format!("lobby-seat-{}", s.seat));
                let colour = names::colour_name(s.colour as usize);
                let who = match &s.name {
                    Some(n) => n.clone(),
                    None => colour.clone(),
                };
                row.set_title(&names::glib_escape(&who));
                row.set_subtitle(&names::glib_escape(&trf(
                    "{colour} · {state}",
                    &[
                        ("colour", &colour),
                        ("state", &presence_words(s, net.seat, since)),
                    ],
                )));
                row.add_prefix(&swatch(s.colour as usize));
                if s.kind == fief::net::protocol::SeatKind::Open {
                    open += 1;
                }
                self.seats.append(&row);
            }
        }
        // The host, or the creator of a table on a server.
        let hosted = net.owns();
        self.start.set_visible(hosted && !started);
        self.leave.set_label(&if hosted && !started {
            tr("Close Table")
        } else if started {
            tr("Close")
        } else {
            tr("Leave")
        });
        self.note.set_text(&match (hosted, started) {
            (_, true) => tr("The game is on. Players who drop can come back with the same invitation."),
            (true, false) if open > 0 => tr(
                "Start now and bots play the open seats, or wait: the game begins by itself once every seat is taken.",
            ),
            (true, false) => tr("Every seat is taken: the game begins."),
            (false, false) if net.on_server => tr(
                "The server keeps this table for as long as its game lasts, whoever is connected. The game begins once every seat is taken.",
            ),
            (false, false) => tr("The game begins when every seat is taken, or when the host starts it."),
        });
        if present {
            self.window.present();
        }
    }

    pub fn toast(&self, s: &str) {
        self.toasts.add_toast(adw::Toast::new(s));
    }

    pub fn close(&self) {
        self.window.set_visible(false);
    }

    pub fn is_open(&self) -> bool {
        self.window.is_visible()
    }
}
