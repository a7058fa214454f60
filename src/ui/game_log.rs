//! The game log: what happened, in order, with the rule each entry comes from; the viewer
//! reads only what he may (a card drawn by another player shows as "a card").

use super::trf;
use fief::rules::View;
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

pub struct GameLog {
    buffer: gtk::TextBuffer,
    view: gtk::TextView,
    scroll: gtk::ScrolledWindow,
    /// Entries shown, and the viewer they were shown to.
    shown: usize,
    viewer: Option<Option<u8>>,
    round: u16,
}

#[derive(Debug)]
pub enum LogMsg {
    Show(Rc<View>),
    /// Another game (or none) is shown from now on: its log is written from the start.
    Clear,
}

impl SimpleComponent for GameLog {
    type Init = ();
    type Input = LogMsg;
    type Output = ();
    type Root = gtk::ScrolledWindow;
    type Widgets = ();

    fn init_root() -> gtk::ScrolledWindow {
        gtk::ScrolledWindow::new()
    }

    fn init(_: (), scroll: gtk::ScrolledWindow, _s: ComponentSender<Self>) -> ComponentParts<Self> {
        let view = gtk::TextView::new();
        view.set_editable(false);
        view.set_cursor_visible(false);
        view.set_wrap_mode(gtk::WrapMode::WordChar);
        view.set_left_margin(8);
        view.set_right_margin(8);
        view.set_top_margin(6);
        view.set_widget_name("game-log");
        let buffer = view.buffer();
        buffer.create_tag(
            Some("round"),
            &[("weight", &700i32), ("pixels-above-lines", &8i32)],
        );
        buffer.create_tag(Some("section"), &[("foreground", &"#7a6a55")]);
        scroll.set_vexpand(true);
        scroll.set_child(Some(&view));
        ComponentParts {
            model: GameLog {
                buffer,
                view,
                scroll,
                shown: 0,
                viewer: None,
                round: 0,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: LogMsg, _s: ComponentSender<Self>) {
        let view = match msg {
            LogMsg::Show(view) => view,
            LogMsg::Clear => {
                self.buffer.set_text("");
                self.shown = 0;
                self.round = 0;
                self.viewer = None;
                return;
            }
        };
        // A different reader or a shorter log (a new game, an undo): write it all again.
        if self.viewer != Some(view.viewer) || view.log.len() < self.shown {
            self.buffer.set_text("");
            self.shown = 0;
            self.round = 0;
            self.viewer = Some(view.viewer);
        }
        if view.log.len() == self.shown {
            return;
        }
        let mut end = self.buffer.end_iter();
        for e in &view.log[self.shown..] {
            if e.round != self.round {
                self.round = e.round;
                let head = if e.round == 0 {
                    super::tr("Setup")
                } else {
                    trf("Round {n}", &[("n", &e.round.to_string())])
                };
                self.buffer
                    .insert_with_tags_by_name(&mut end, &format!("{head}\n"), &["round"]);
            }
            if !e.section.is_empty() {
                self.buffer.insert_with_tags_by_name(
                    &mut end,
                    &format!("{}  ", e.section),
                    &["section"],
                );
            }
            self.buffer.insert(
                &mut end,
                &format!("{}\n", super::text::msg(&e.msg, &e.text)),
            );
        }
        self.shown = view.log.len();
        let mark = self
            .buffer
            .create_mark(None, &self.buffer.end_iter(), false);
        self.view.scroll_mark_onscreen(&mark);
        self.buffer.delete_mark(&mark);
        // Once laid out, show the newest entry.
        let adj = self.scroll.vadjustment();
        adj.set_value(adj.upper());
        gtk::glib::idle_add_local_once(move || adj.set_value(adj.upper()));
    }
}
