//! The chat page beside the log, in a network game: the table's talk, newest last, and a
//! line to say something to everyone or to one player.

use crate::ui::app::msg::{post, Msg};
use crate::ui::{tr, trf};
use fief::net::protocol::SeatNo;
use relm4::gtk;
use relm4::gtk::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub struct ChatPage {
    pub root: gtk::Box,
    lines: gtk::ListBox,
    /// The talk follows its newest line (the reader has not scrolled back).
    follow: Rc<Cell<bool>>,
    to: gtk::DropDown,
    entry: gtk::Entry,
    /// The seats the drop-down names after "Everyone", in its order.
    targets: Rc<RefCell<Vec<SeatNo>>>,
}

impl ChatPage {
    pub fn new(sender: &relm4::Sender<Msg>) -> ChatPage {
        let root = gtk::Box::new(gtk::Orientation::Vertical, 6);
        root.set_widget_name("chat");
        let lines = gtk::ListBox::new();
        lines.set_widget_name("chat-lines");
        lines.set_selection_mode(gtk::SelectionMode::None);
        lines.add_css_class("chat-lines");
        let empty = gtk::Label::new(Some(&tr("Nothing said yet.")));
        empty.add_css_class("dim-label");
        empty.set_margin_top(12);
        lines.set_placeholder(Some(&empty));
        // The talk takes the page's height above the line to write on, and follows the
        // newest line unless the reader scrolled back to an older one.
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_widget_name("chat-scroll");
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_child(Some(&lines));
        scroll.set_vexpand(true);
        scroll.set_valign(gtk::Align::Fill);
        root.append(&scroll);
        let follow = Rc::new(Cell::new(true));
        let adj = scroll.vadjustment();
        let f = follow.clone();
        // Lines added, or the page shown and laid out: the newest line shows, once the
        // layout is done (a scroll asked for in its midst moves the bar, not the lines).
        adj.connect_changed(move |a| {
            if f.get() {
                let a = a.clone();
                gtk::glib::idle_add_local_once(move || a.set_value(a.upper() - a.page_size()));
            }
        });
        let f = follow.clone();
        adj.connect_value_changed(move |a| f.set(a.value() + a.page_size() >= a.upper() - 2.0));
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        row.set_margin_start(6);
        row.set_margin_end(6);
        row.set_margin_bottom(6);
        // Its choices say who reads it ("Everyone", "Only Blue"): no tooltip, which would lie
        // over the first of them once the list opens; the words are for screen readers.
        let to = gtk::DropDown::from_strings(&[&tr("Everyone")]);
        to.set_widget_name("chat-to");
        crate::ui::set_accessible_label(&to, &tr("Who reads it"));
        row.append(&to);
        let entry = gtk::Entry::new();
        entry.set_widget_name("chat-entry");
        entry.set_hexpand(true);
        entry.set_max_length(fief::net::protocol::MAX_CHAT_CHARS as i32);
        entry.set_placeholder_text(Some(&tr("Say something")));
        row.append(&entry);
        let send = gtk::Button::from_icon_name("mail-send-symbolic");
        send.set_widget_name("chat-send");
        send.set_tooltip_text(Some(&tr("Send (Enter)")));
        row.append(&send);
        root.append(&row);
        let targets: Rc<RefCell<Vec<SeatNo>>> = Rc::default();
        let say = {
            let (s, entry, to, targets) =
                (sender.clone(), entry.clone(), to.clone(), targets.clone());
            move || {
                let text = entry.text().to_string();
                if text.trim().is_empty() {
                    return;
                }
                let i = to.selected() as usize;
                let target = match i {
                    0 => None,
                    i => targets.borrow().get(i - 1).copied(),
                };
                post(&s, Msg::Say(target, text));
                entry.set_text("");
            }
        };
        let say2 = say.clone();
        entry.connect_activate(move |_| say2());
        send.connect_clicked(move |_| say());
        ChatPage {
            root,
            lines,
            follow,
            to,
            entry,
            targets,
        }
    }

    /// The players one may write to, by name; the one chosen stays chosen while he is there.
    pub fn set_players(&self, names: &[(SeatNo, String)]) {
        let chosen = match self.to.selected() as usize {
            0 => None,
            i => self.targets.borrow().get(i - 1).copied(),
        };
        let seats: Vec<SeatNo> = names.iter().map(|(s, _)| *s).collect();
        if *self.targets.borrow() == seats && self.to.model().is_some() {
            return;
        }
        let list = gtk::StringList::new(&[&tr("Everyone")]);
        for (_, n) in names {
            list.append(&trf("Only {p}", &[("p", n)]));
        }
        self.to.set_model(Some(&list));
        let again = chosen
            .and_then(|c| seats.iter().position(|s| *s == c))
            .map_or(0, |i| i + 1);
        self.to.set_selected(again as u32);
        *self.targets.borrow_mut() = seats;
    }

    /// Adds a line: who said it (and to whom) and what; `private` lines are marked.
    /// Who is beside what he said, on one line when it is short: the page shows as many
    /// lines as it can.
    pub fn push(&self, head: &str, text: &str, private: bool) {
        let b = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        b.set_margin_start(8);
        b.set_margin_end(8);
        b.set_margin_top(2);
        b.set_margin_bottom(2);
        let h = gtk::Label::new(Some(head));
        h.set_xalign(0.0);
        h.set_valign(gtk::Align::Baseline);
        // Its words are never cut to make room for the text ("B-" / "ob"): it wraps between
        // words only, and is at least as wide as its longest.
        h.set_wrap(true);
        h.set_wrap_mode(gtk::pango::WrapMode::Word);
        h.set_max_width_chars(16);
        h.add_css_class("caption-heading");
        if private {
            h.add_css_class("accent");
        }
        let t = gtk::Label::new(Some(text));
        t.set_xalign(0.0);
        t.set_valign(gtk::Align::Baseline);
        t.set_hexpand(true);
        t.set_wrap(true);
        t.set_wrap_mode(gtk::pango::WrapMode::WordChar);
        t.set_selectable(true);
        b.append(&h);
        b.append(&t);
        // The newest line shows, once laid out (now, or when the page is shown).
        self.follow.set(true);
        self.lines.append(&b);
    }

    pub fn clear(&self) {
        crate::ui::dialogs::new_game::clear_list(&self.lines);
        self.entry.set_text("");
    }
}
