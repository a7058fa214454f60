//! Your Tables: every table the player sits at, on this computer or on a server, with where
//! its game stands (the round, whose turn) and a badge where the turn is his; a click takes
//! him back to it. It opens at launch when he sits at any, and from the main menu (Ctrl+T).

use crate::ui::app::msg::{post, Msg};
use crate::ui::dialogs::new_game::{boxed_list, clear_list, dialog_frame, modal_over};
use crate::ui::tr;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};

/// One table in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableWords {
    /// Whose table, or where it is kept.
    pub title: String,
    /// Where its game stands ("Round 3 · Anne's turn"), or why it cannot be said.
    pub subtitle: String,
    /// The game waits for this player.
    pub yours: bool,
}

pub struct TablesDialog {
    pub window: adw::Window,
    list: gtk::ListBox,
    empty: gtk::Label,
    sender: relm4::Sender<Msg>,
}

impl TablesDialog {
    pub fn new(parent: &adw::ApplicationWindow, sender: &relm4::Sender<Msg>) -> TablesDialog {
        let window = modal_over(parent, &tr("Your Tables"), "tables", (520, 480));
        let (outer, header) = dialog_frame(&window);
        // Each header button leaves the list for another dialog.
        let goes_to = |label: &str, name: &str, msg: fn() -> Msg| {
            let b = gtk::Button::with_label(label);
            b.set_widget_name(name);
            let (w, s) = (window.clone(), sender.clone());
            b.connect_clicked(move |_| {
                w.set_visible(false);
                post(&s, msg());
            });
            header.pack_end(&b);
        };
        goes_to(&tr("New Game…"), "tables-new-game", || Msg::NewGame);
        goes_to(&tr("Join a Game…"), "tables-join", || Msg::Join);
        let body = gtk::Box::new(gtk::Orientation::Vertical, 10);
        body.set_margin_top(12);
        body.set_margin_bottom(18);
        body.set_margin_start(18);
        body.set_margin_end(18);
        let note = gtk::Label::new(Some(&tr(
            "The tables you sit at. Choose one to go back to it: its game waits on its host.",
        )));
        note.set_wrap(true);
        note.set_xalign(0.0);
        note.add_css_class("dim-label");
        body.append(&note);
        let list = boxed_list("tables-list");
        body.append(&list);
        let empty = gtk::Label::new(Some(&tr(
            "You sit at no table. Start a game with players on other computers from New Game, or join one.",
        )));
        empty.set_wrap(true);
        empty.set_visible(false);
        body.append(&empty);
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_vexpand(true);
        scroll.set_hscrollbar_policy(gtk::PolicyType::Never);
        scroll.set_child(Some(&body));
        scroll.set_focusable(false);
        outer.append(&scroll);
        window.set_content(Some(&outer));
        let s = sender.clone();
        window.connect_hide(move |_| post(&s, Msg::TablesClosed));
        TablesDialog {
            window,
            list,
            empty,
            sender: sender.clone(),
        }
    }

    pub fn is_open(&self) -> bool {
        self.window.is_visible()
    }

    /// Opens the list with these tables.
    pub fn open(&self, rows: &[TableWords]) {
        self.set_rows(rows);
        self.window.present();
    }

    pub fn close(&self) {
        self.window.set_visible(false);
    }

    /// Shows these tables (the list as it stands now: it is said again as news comes).
    pub fn set_rows(&self, rows: &[TableWords]) {
        clear_list(&self.list);
        for (i, r) in rows.iter().enumerate() {
            let row = adw::ActionRow::new();
            row.set_widget_name(&format!("table-row-{i}"));
            row.set_title(&r.title);
            row.set_subtitle(&r.subtitle);
            if r.yours {
                let badge = gtk::Label::new(Some(&tr("Your turn")));
                badge.set_widget_name(&format!("table-badge-{i}"));
                badge.add_css_class("caption-heading");
                badge.add_css_class("accent");
                badge.set_valign(gtk::Align::Center);
                row.add_suffix(&badge);
            }
            row.add_suffix(&gtk::Image::from_icon_name("go-next-symbolic"));
            row.set_activatable(true);
            let s = self.sender.clone();
            row.connect_activated(move |_| post(&s, Msg::Rejoin(i)));
            self.list.append(&row);
        }
        self.list.set_visible(!rows.is_empty());
        self.empty.set_visible(rows.is_empty());
    }
}
