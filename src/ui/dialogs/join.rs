//! Join a Game (main menu, the new-game dialog, Ctrl+J): paste an invitation, see the table's
//! seats, choose a free one and a name, and sit down; or go back to a table sat at before.

use crate::ui::app::msg::{post, Msg};
use crate::ui::dialogs::new_game::{boxed_list, clear_list, dialog_frame, modal_over, swatch};
use crate::ui::words::names;
use crate::ui::{tr, trf};
use fief::net::protocol::{SeatKind, SeatNo, TableInfo};
use relm4::adw::prelude::*;
use relm4::{adw, gtk};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub struct JoinDialog {
    pub window: adw::Window,
    code: gtk::Entry,
    look: gtk::Button,
    error: gtk::Label,
    seats_head: gtk::Label,
    seats: gtk::ListBox,
    name: gtk::Entry,
    join: gtk::Button,
    yours_head: gtk::Label,
    yours: gtk::ListBox,
    /// Tables heard on the local network.
    lan: gtk::ListBox,
    lan_note: gtk::Label,
    lan_again: gtk::Button,
    /// The seat chosen.
    chosen: Rc<Cell<Option<SeatNo>>>,
    /// The invitation whose table is shown.
    shown: Rc<RefCell<Option<String>>>,
    sender: relm4::Sender<Msg>,
}

impl JoinDialog {
    pub fn new(parent: &adw::ApplicationWindow, sender: &relm4::Sender<Msg>) -> JoinDialog {
        let window = modal_over(parent, &tr("Join a Game"), "join", (560, 640));
        let (outer, header) = dialog_frame(&window);
        let join = gtk::Button::with_label(&tr("Join"));
        join.set_widget_name("join-seat");
        join.add_css_class("suggested-action");
        join.set_sensitive(false);
        header.pack_end(&join);

        let body = gtk::Box::new(gtk::Orientation::Vertical, 10);
        body.set_margin_top(12);
        body.set_margin_bottom(18);
        body.set_margin_start(18);
        body.set_margin_end(18);
        let head = |t: &str| {
            let l = gtk::Label::new(Some(t));
            l.add_css_class("heading");
            l.set_xalign(0.0);
            l
        };
        body.append(&head(&tr("Invitation")));
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let code = gtk::Entry::new();
        code.set_widget_name("join-code");
        code.set_hexpand(true);
        code.set_placeholder_text(Some(&tr("Paste the invitation the host sent you")));
        code.set_max_length(fief::net::ticket::MAX_TICKET_CHARS as i32);
        row.append(&code);
        let look = gtk::Button::with_label(&tr("Find Table"));
        look.set_widget_name("join-look");
        row.append(&look);
        body.append(&row);
        let error = gtk::Label::new(None);
        error.set_widget_name("join-error");
        error.add_css_class("error");
        error.set_wrap(true);
        error.set_xalign(0.0);
        error.set_visible(false);
        body.append(&error);

        let lan_row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let lan_head = head(&tr("Tables on your network"));
        lan_head.set_hexpand(true);
        lan_row.append(&lan_head);
        let lan_again = gtk::Button::from_icon_name("view-refresh-symbolic");
        lan_again.set_widget_name("join-lan-again");
        lan_again.set_tooltip_text(Some(&tr("Listen again for tables on your network")));
        lan_again.add_css_class("flat");
        let s = sender.clone();
        lan_again.connect_clicked(move |_| post(&s, Msg::LanLook));
        lan_row.append(&lan_again);
        lan_row.set_margin_top(6);
        body.append(&lan_row);
        let lan_note = gtk::Label::new(None);
        lan_note.set_widget_name("join-lan-note");
        lan_note.add_css_class("dim-label");
        lan_note.set_wrap(true);
        lan_note.set_xalign(0.0);
        body.append(&lan_note);
        let lan = boxed_list("join-lan");
        lan.set_visible(false);
        body.append(&lan);

        let seats_head = head(&tr("Choose a seat"));
        seats_head.set_margin_top(6);
        body.append(&seats_head);
        let seats = boxed_list("join-seats");
        body.append(&seats);
        let name_row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        name_row.append(&gtk::Label::new(Some(&tr("Your name"))));
        let name = gtk::Entry::new();
        name.set_widget_name("join-name");
        name.set_hexpand(true);
        name.set_max_length(fief::rules::MAX_NAME_CHARS as i32);
        name_row.append(&name);
        body.append(&name_row);
        for w in [
            seats_head.upcast_ref::<gtk::Widget>(),
            seats.upcast_ref(),
            name_row.upcast_ref(),
        ] {
            w.set_visible(false);
        }

        let yours_head = head(&tr("Your tables"));
        yours_head.set_margin_top(12);
        body.append(&yours_head);
        let yours = boxed_list("join-yours");
        body.append(&yours);

        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_child(Some(&body));
        scroll.set_vexpand(true);
        outer.append(&scroll);
        window.set_content(Some(&outer));

        let d = JoinDialog {
            window,
            code,
            look,
            error,
            seats_head,
            seats,
            name,
            join,
            yours_head,
            yours,
            lan,
            lan_note,
            lan_again,
            chosen: Rc::new(Cell::new(None)),
            shown: Rc::new(RefCell::new(None)),
            sender: sender.clone(),
        };
        let (s, c) = (sender.clone(), d.code.clone());
        d.look
            .connect_clicked(move |_| post(&s, Msg::JoinLookUp(c.text().to_string())));
        let (s, c) = (sender.clone(), d.code.clone());
        d.code
            .connect_activate(move |_| post(&s, Msg::JoinLookUp(c.text().to_string())));
        // A new paste hides the seats of the last one.
        let (seats, name_row, sh, join) = (
            d.seats.clone(),
            name_row.clone(),
            d.seats_head.clone(),
            d.join.clone(),
        );
        d.code.connect_changed(move |_| {
            seats.set_visible(false);
            name_row.set_visible(false);
            sh.set_visible(false);
            join.set_sensitive(false);
        });
        let (s, chosen, shown, name) = (
            sender.clone(),
            d.chosen.clone(),
            d.shown.clone(),
            d.name.clone(),
        );
        d.join.connect_clicked(move |_| {
            let (Some(seat), Some(code)) = (chosen.get(), shown.borrow().clone()) else {
                return;
            };
            post(&s, Msg::JoinSeat(code, seat, name.text().to_string()));
        });
        d
    }

    /// Opens the dialog, empty, with the tables sat at before (in the words of Your Tables)
    /// and a name to start from.
    pub fn open(&self, yours: &[crate::ui::dialogs::tables::TableWords], name: &str) {
        self.code.set_text("");
        self.show_error("");
        if self.name.text().is_empty() {
            self.name.set_text(name);
        }
        clear_list(&self.yours);
        for (i, j) in yours.iter().enumerate() {
            let row = adw::ActionRow::new();
            row.set_widget_name(&format!("join-yours-{i}"));
            row.set_title(&names::glib_escape(&j.title));
            row.set_subtitle(&names::glib_escape(&j.subtitle));
            let b = gtk::Button::with_label(&tr("Rejoin"));
            b.set_widget_name(&format!("rejoin-{i}"));
            b.set_valign(gtk::Align::Center);
            let s = self.sender.clone();
            b.connect_clicked(move |_| post(&s, Msg::Rejoin(i)));
            row.add_suffix(&b);
            self.yours.append(&row);
        }
        self.yours_head.set_visible(!yours.is_empty());
        self.yours.set_visible(!yours.is_empty());
        self.window.present();
        self.code.grab_focus();
    }

    pub fn show_error(&self, e: &str) {
        self.error.remove_css_class("dim-label");
        self.error.add_css_class("error");
        self.error.set_text(e);
        self.error.set_visible(!e.is_empty());
        self.look.set_sensitive(true);
    }

    /// The host is being asked for its table (it may take a while to answer, or not at all).
    pub fn looking(&self) {
        self.show_error(&tr("Asking the host for its table…"));
        self.error.remove_css_class("error");
        self.error.add_css_class("dim-label");
        self.look.set_sensitive(false);
    }

    /// The table of invitation `code`: its seats, the free ones to choose from.
    pub fn show_table(&self, code: &str, t: &TableInfo) {
        self.show_error("");
        *self.shown.borrow_mut() = Some(code.to_string());
        self.chosen.set(None);
        clear_list(&self.seats);
        let mut group: Option<gtk::CheckButton> = None;
        let mut free = 0;
        for s in &t.seats {
            let row = adw::ActionRow::new();
            let colour = names::colour_name(s.colour as usize);
            let takeable = matches!(s.kind, SeatKind::Open | SeatKind::Reserved);
            let title = match (&s.name, s.kind) {
                (Some(n), SeatKind::Reserved) => trf(
                    "{colour} · kept for {name}",
                    &[("colour", &colour), ("name", n)],
                ),
                (Some(n), _) => trf("{colour} · {name}", &[("colour", &colour), ("name", n)]),
                (None, SeatKind::Bot) => match s.level.as_deref().and_then(|l| l.parse().ok()) {
                    // "Bot · Normal", as the seats of New Game say it.
                    Some(level) => trf(
                        "{colour} · {name}",
                        &[
                            ("colour", &colour),
                            ("name", &names::seat_label(fief::session::Seat::Bot(level))),
                        ],
                    ),
                    None => trf("{colour} · bot", &[("colour", &colour)]),
                },
                (None, _) => trf("{colour} · free", &[("colour", &colour)]),
            };
            row.set_title(&names::glib_escape(&title));
            row.add_prefix(&swatch(s.colour as usize));
            if takeable {
                free += 1;
                let check = gtk::CheckButton::new();
                check.set_widget_name(&format!("join-seat-{}", s.seat));
                if let Some(g) = &group {
                    check.set_group(Some(g));
                } else {
                    group = Some(check.clone());
                }
                let (chosen, join, seat) = (self.chosen.clone(), self.join.clone(), s.seat);
                // A seat kept for a name is taken under it.
                let kept = (s.kind == SeatKind::Reserved)
                    .then(|| s.name.clone())
                    .flatten();
                let name = self.name.clone();
                check.connect_toggled(move |c| {
                    if c.is_active() {
                        chosen.set(Some(seat));
                        join.set_sensitive(true);
                        if let Some(k) = &kept {
                            name.set_text(k);
                        }
                    }
                });
                row.add_suffix(&check);
                row.set_activatable_widget(Some(&check));
            } else {
                row.set_sensitive(false);
            }
            self.seats.append(&row);
        }
        self.join.set_sensitive(false);
        self.seats_head.set_visible(true);
        self.seats.set_visible(true);
        if let Some(name_row) = self.name.parent() {
            name_row.set_visible(free > 0);
        }
        if free == 0 {
            self.show_error(&tr(
                "This table has no free seat: it is full, or its game has begun. A player who sat there comes back from Your Tables.",
            ));
        }
    }

    pub fn close(&self) {
        self.window.set_visible(false);
    }

    /// Listening for tables on the local network.
    pub fn lan_looking(&self) {
        self.lan_again.set_sensitive(false);
        self.lan_note
            .set_text(&tr("Listening for tables on your network…"));
        self.lan_note.set_visible(true);
    }

    /// The tables heard on the local network (by host and table): each row fills in its
    /// invitation and looks the table up.
    pub fn show_lan(&self, heard: &[(String, u8, u8)]) {
        self.lan_again.set_sensitive(true);
        clear_list(&self.lan);
        for (i, (host, free, seats)) in heard.iter().enumerate() {
            let row = adw::ActionRow::new();
            row.set_widget_name(&format!("join-lan-{i}"));
            let title = if host.is_empty() {
                tr("A table")
            } else {
                trf("{name}'s table", &[("name", host)])
            };
            row.set_title(&names::glib_escape(&title));
            row.set_subtitle(&trf(
                "{free} of {seats} seats open",
                &[("free", &free.to_string()), ("seats", &seats.to_string())],
            ));
            let b = gtk::Button::with_label(&tr("Choose"));
            b.set_widget_name(&format!("join-lan-pick-{i}"));
            b.set_valign(gtk::Align::Center);
            let s = self.sender.clone();
            b.connect_clicked(move |_| post(&s, Msg::LanPick(i)));
            row.add_suffix(&b);
            row.set_activatable_widget(Some(&b));
            self.lan.append(&row);
        }
        self.lan.set_visible(!heard.is_empty());
        self.lan_note.set_text(&if heard.is_empty() {
            tr("No table heard on your network. Ask the host for the invitation.")
        } else {
            String::new()
        });
        self.lan_note.set_visible(heard.is_empty());
    }

    /// Fills in an invitation (a table heard on the network).
    pub fn set_code(&self, code: &str) {
        self.code.set_text(code);
    }
}
