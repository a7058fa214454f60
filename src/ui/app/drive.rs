//! A way for a test in another process to use the window as a player would: the network
//! tests start two apps under one virtual display, host and join through their dialogs, play,
//! and kill one with `kill -9`. Compiled only with the cargo feature `drive`, which the tests turn
//! on (Cargo.toml's dev-dependency on this package), and active only when `FIEF_DRIVE=1` is in
//! the environment: the app people install has none of it.
//! Commands come one per line on standard input; each is answered with one line on standard
//! output (`ok …`, `err …`, or for `state` a JSON object).
//!
//! - `click NAME`: presses the button of that widget name (or ticks that check button) in a
//!   window on screen;
//! - `text NAME WORDS…`: types the words into that entry;
//! - `respond NAME RESPONSE`: answers that message dialog;
//! - `pick NAME N`: chooses the Nth choice (from 0) of that combo row;
//! - `exists NAME`: whether a widget of that name is on screen;
//! - `decide`: makes the first decision the window offers, as the prompt bar would;
//! - `say WORDS…`: says the words to the table;
//! - `close`: closes the window, as its close button does;
//! - `state`: what the window shows.

use crate::ui::app::msg::{post, Msg};
use crate::ui::app::App;
use crate::ui::words::names;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};
use std::io::BufRead;

/// The environment variable that turns driving on.
pub const DRIVE_VAR: &str = "FIEF_DRIVE";

/// Reads commands from standard input on a thread of its own, if driving is on.
pub fn start(sender: relm4::Sender<Msg>) {
    if std::env::var(DRIVE_VAR).as_deref() != Ok("1") {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("fief-drive".into())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { return };
                post(&sender, Msg::Drive(line));
            }
        });
}

/// Answers the command being run.
pub fn reply(s: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", s.replace('\n', " "));
    let _ = out.flush();
}

/// The first widget named `name` under `root` (depth first).
pub fn widget_named(root: &gtk::Widget, name: &str) -> Option<gtk::Widget> {
    crate::ui::descendants(root)
        .into_iter()
        .find(|w| w.widget_name() == name)
}

/// The windows on screen.
pub fn windows() -> Vec<gtk::Window> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .filter(|w| w.is_visible())
        .collect()
}

/// A widget of this name, shown, in a window on screen.
pub fn find(name: &str) -> Option<gtk::Widget> {
    windows()
        .iter()
        .filter_map(|w| widget_named(w.upcast_ref(), name))
        .find(|w| w.is_visible())
}

/// Runs the commands that need only the widgets; `None` for those the window answers.
pub fn widgets_command(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    let verb = words.next().unwrap_or_default();
    let name = words.next().unwrap_or_default();
    let rest: Vec<&str> = words.collect();
    let missing = || format!("err no widget {name} on screen");
    Some(match verb {
        "click" => match find(name) {
            Some(w) if !w.is_sensitive() => format!("err {name} is not sensitive"),
            Some(w) => {
                if let Some(c) = w.downcast_ref::<gtk::CheckButton>() {
                    c.set_active(true);
                } else if let Some(b) = w.downcast_ref::<gtk::Button>() {
                    b.emit_clicked();
                } else if let Some(r) = w.downcast_ref::<adw::ActionRow>() {
                    ActionRowExt::activate(r);
                } else {
                    return Some(format!("err {name} cannot be clicked"));
                }
                "ok".into()
            }
            None => missing(),
        },
        "text" => match find(name).and_then(|w| w.downcast::<gtk::Entry>().ok()) {
            Some(e) => {
                e.set_text(&rest.join(" "));
                "ok".into()
            }
            None => missing(),
        },
        "respond" => match windows()
            .into_iter()
            .find(|w| w.widget_name() == name)
            .and_then(|w| w.downcast::<adw::MessageDialog>().ok())
        {
            Some(d) => {
                // As a click on the answer's button: the answer, then the dialog closes.
                d.response(rest.first().copied().unwrap_or_default());
                d.close();
                "ok".into()
            }
            None => missing(),
        },
        "pick" => match find(name).and_then(|w| w.downcast::<adw::ComboRow>().ok()) {
            Some(c) => match rest.first().and_then(|n| n.parse::<u32>().ok()) {
                Some(i) if c.model().is_some_and(|m| i < m.n_items()) => {
                    c.set_selected(i);
                    "ok".into()
                }
                _ => format!("err {name} has no such choice"),
            },
            None => missing(),
        },
        "exists" => format!("ok {}", find(name).is_some()),
        _ => return None,
    })
}

impl App {
    /// A command of a test driving the window (ui/app/drive.rs); true when the window changed.
    pub(super) fn drive(&mut self, line: &str) -> bool {
        if let Some(r) = widgets_command(line) {
            reply(&r);
            return true;
        }
        let (verb, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        match verb {
            "state" => {
                let g = self.session.game();
                let net = self.net.as_ref().map(|n| {
                    serde_json::json!({
                        "seat": n.seat,
                        "status": self.w.net_button.label().map(|l| l.to_string()),
                        "started": n.started(),
                        "playing": n.playing,
                        "hosted": n.hosted(),
                        "invitation": n.invitation(),
                        "chat": n.chat.iter().map(|l| l.text.clone()).collect::<Vec<_>>(),
                        "unread": n.unread,
                    })
                });
                let state = serde_json::json!({
                    "idle": self.idle,
                    "at": g.history.len(),
                    "round": g.round,
                    "over": g.is_over(),
                    "log": g.log.len(),
                    "names": (0..g.n()).map(|p| names::player(g, p)).collect::<Vec<_>>(),
                    "who": self.seat_words(),
                    "my_turn": self.session.human_turn().is_some(),
                    "windows": windows().iter().map(|w| w.widget_name().to_string()).collect::<Vec<_>>(),
                    "questions": windows().iter().filter_map(|w| w.downcast_ref::<adw::MessageDialog>().map(|d| serde_json::json!({
                        "name": d.widget_name().to_string(),
                        "body": d.body().to_string(),
                    }))).collect::<Vec<_>>(),
                    "status": self.status,
                    "net": net,
                    "deal": self.dialogs.deal,
                    "tables": self.table_rows().iter().map(|r| serde_json::json!({
                        "title": r.title,
                        "subtitle": r.subtitle,
                        "yours": r.yours,
                    })).collect::<Vec<_>>(),
                });
                reply(&state.to_string());
                false
            }
            "decide" => match self.session.legal().first().cloned() {
                Some(a) => {
                    let n = a.notation(self.session.game());
                    self.submit(a);
                    reply(&format!("ok {n}"));
                    true
                }
                None => {
                    reply("err nothing to decide");
                    false
                }
            },
            "close" => {
                self.window.close();
                reply("ok");
                false
            }
            // What a click on a desktop notification does.
            "activate" => {
                self.window.present();
                reply("ok");
                true
            }
            "say" => {
                self.say(None, rest.to_string());
                reply("ok");
                false
            }
            _ => {
                reply(&format!("err unknown command {verb}"));
                false
            }
        }
    }
}
