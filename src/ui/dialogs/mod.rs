//! The dialogs a decision calls for over the main window: a yes/no question (with its own
//! Hint and the same answer to every question of its kind), the ballot, the confirmation of
//! an attack, and the end of the game with every player's standing. Their answers come back
//! to the window as messages.

pub mod about;
pub mod ballot;
pub mod join;
pub mod later;
pub mod lessons;
pub mod lobby;
pub mod new_game;
pub mod preferences;
pub mod rows;
pub mod tables;

use crate::ui::app::msg::{post, Msg};
use crate::ui::dialogs::ballot::{BallotMsg, ElectionDialog};
use crate::ui::words::actions;
use crate::ui::words::chances;
use crate::ui::words::log::tallies;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::words::outlook;
use crate::ui::words::question;
use crate::ui::{tr, trf};
use fief::rules::{Action, Game, PlayerId, PromptKind, View};
use relm4::adw::prelude::*;
use relm4::gtk::glib;
use relm4::{adw, gtk, ComponentController, Controller};
use std::rc::Rc;

/// The dialogs of the window, and which decision they were opened for.
pub struct Dialogs {
    window: adw::ApplicationWindow,
    sender: relm4::Sender<Msg>,
    /// The decision a dialog (yes/no, ballot) was last opened for.
    asked: Option<usize>,
    /// The open yes/no question's line for a hint (its Hint button fills it).
    question_hint: Option<gtk::Label>,
    /// The end of the game was told.
    pub(crate) ended_shown: bool,
    /// A network game's deal as checked at its end (`fief::net::fair`), in words: shown in the
    /// end-of-game dialog.
    pub(crate) deal: Option<String>,
}

impl Dialogs {
    pub fn new(window: &adw::ApplicationWindow, sender: relm4::Sender<Msg>) -> Dialogs {
        Dialogs {
            window: window.clone(),
            sender,
            asked: None,
            question_hint: None,
            ended_shown: false,
            deal: None,
        }
    }

    /// A new game: nothing was asked or told in it yet.
    pub fn new_game(&mut self) {
        self.asked = None;
        self.ended_shown = false;
        self.deal = None;
    }

    /// A decision taken back: its dialog may open again.
    pub fn ask_again(&mut self) {
        self.asked = None;
    }

    /// The open question was answered: its hint line is gone with it.
    pub fn answered(&mut self) {
        self.question_hint = None;
    }

    /// Shows `line` (a hint) under the open question; says whether one was open.
    pub fn hint(&self, line: &str) -> bool {
        let Some(l) = &self.question_hint else {
            return false;
        };
        l.set_text(line);
        // Ctrl+H asks without opening the bubble: the answer opens it.
        if let Some(bubble) = l.ancestor(gtk::Popover::static_type()) {
            bubble.set_visible(true);
        }
        true
    }

    /// Opens the dialog a human's decision in `g` calls for: a yes/no question, the ballot,
    /// or the end of the game.
    pub fn open(
        &mut self,
        g: &Game,
        view: &Rc<View>,
        legal: &Rc<Vec<Action>>,
        ballot: &Controller<ElectionDialog>,
    ) {
        if g.is_over() && !self.ended_shown {
            self.ended_shown = true;
            self.end_of_game(g, view.viewer);
            return;
        }
        let key = g.history.len();
        if !legal.iter().any(|a| matches!(a, Action::Vote { .. })) {
            ballot.emit(BallotMsg::Close);
        }
        if legal.is_empty() || self.asked == Some(key) {
            return;
        }
        let Some(pr) = &view.prompt else { return };
        if matches!(pr.kind, PromptKind::Vote(_)) {
            self.asked = Some(key);
            ballot.emit(BallotMsg::Open(view.clone(), legal.clone()));
            return;
        }
        let Some((heading, yes, no)) = question::question(&pr.kind) else {
            return;
        };
        if !legal.contains(&Action::Accept) && !legal.contains(&Action::Refuse) {
            return;
        }
        self.asked = Some(key);
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&heading),
            Some(&question::prompt(&view.state, pr, view.viewer)),
        );
        d.set_widget_name("question");
        // Under the question: a hint for it (Ctrl+H here too), and the same answer to every
        // question of its kind until the phase ends. The hint shows in a bubble over the
        // question, so that the answers below it do not move when it comes.
        let extra = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let hint_line = gtk::Label::new(Some(&tr("Looking for a hint…")));
        hint_line.set_wrap(true);
        hint_line.set_xalign(0.0);
        hint_line.set_max_width_chars(50);
        hint_line.set_widget_name("question-hint-line");
        let bubble = gtk::Popover::new();
        bubble.set_child(Some(&hint_line));
        bubble.set_position(gtk::PositionType::Top);
        let s = self.sender.clone();
        bubble.connect_show(move |_| post(&s, Msg::Hint));
        let hint_button = gtk::MenuButton::new();
        hint_button.set_label(&tr("Hint"));
        hint_button.set_widget_name("question-hint");
        hint_button.set_halign(gtk::Align::Start);
        hint_button.set_tooltip_text(Some(&tr("Suggest an answer, with the reason (Ctrl+H)")));
        hint_button.set_popover(Some(&bubble));
        let keys = gtk::ShortcutController::new();
        let s = self.sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>h"),
            Some(gtk::CallbackAction::new(move |_, _| {
                post(&s, Msg::Hint);
                glib::Propagation::Stop
            })),
        ));
        // Ctrl+Q quits from here too (the question is asked again on the next launch).
        let (s, dd) = (self.sender.clone(), d.clone());
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>q"),
            Some(gtk::CallbackAction::new(move |_, _| {
                dd.close();
                post(&s, Msg::Quit);
                glib::Propagation::Stop
            })),
        ));
        d.add_controller(keys);
        let all = gtk::CheckButton::with_label(&tr(
            "Answer every such question the same way until this phase ends",
        ));
        all.set_widget_name("answer-all");
        extra.append(&hint_button);
        extra.append(&all);
        d.set_extra_child(Some(&extra));
        self.question_hint = Some(hint_line);
        // The answers in the words and order of the prompt bar's buttons for the decision.
        for (a, words) in question::answers(&pr.kind).into_iter().flatten() {
            if !legal.contains(&a) {
                continue;
            }
            if a == Action::Accept {
                d.add_response("yes", &words);
                d.set_response_appearance("yes", adw::ResponseAppearance::Suggested);
                d.set_default_response(Some("yes"));
            } else {
                d.add_response("no", &words);
            }
        }
        d.set_close_response("");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| {
            let every = all.is_active();
            match r {
                "yes" => post(&s, Msg::Answer(key, true, every)),
                "no" => post(&s, Msg::Answer(key, false, every)),
                _ => {}
            }
        });
        d.present();
        // The keyboard starts on the answer Enter gives (not on Hint, which Enter would open).
        let first = if legal.contains(&Action::Accept) {
            yes
        } else {
            no
        };
        let dd = d.clone().upcast::<gtk::Widget>();
        glib::idle_add_local_once(move || {
            if let Some(b) = button_labelled(&dd, &first) {
                b.grab_focus();
            }
        });
    }

    /// The end of the game: who won and why, every player's standing, and how each stood
    /// towards a victory as `viewer` knows it (the "How to Win" lines).
    fn end_of_game(&self, g: &Game, viewer: Option<PlayerId>) {
        let Some(o) = &g.outcome else { return };
        let names: Vec<String> = o.winners.iter().map(|w| names::player(g, *w)).collect();
        let heading = match names.len() {
            0 => tr("The game ends without a winner"),
            1 => trf("{p} wins!", &[("p", &names[0])]),
            _ => trf("{p} win together!", &[("p", &names.join(" & "))]),
        };
        let mut body = trf(
            "Decided by: {why}.",
            &[("why", &messages::msg(&o.why, &o.reason))],
        );
        // A network game: whether the host dealt from the seed it promised.
        if let Some(deal) = &self.deal {
            body = format!("{body}\n\n{deal}");
        }
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.set_widget_name("end-dialog");
        let grid = gtk::Grid::new();
        grid.set_column_spacing(18);
        grid.set_row_spacing(4);
        grid.set_halign(gtk::Align::Center);
        let tallies = tallies(&g.view(None));
        for (c, h) in [tr("Player"), tr("VP"), tr("Villages"), tr("Titles")]
            .iter()
            .enumerate()
        {
            let l = gtk::Label::new(Some(h));
            l.add_css_class("heading");
            l.set_xalign(0.0);
            grid.attach(&l, c as i32, 0, 1, 1);
        }
        for p in 0..g.n() {
            let titles: Vec<String> = g
                .family(p)
                .flat_map(|l| names::lord_titles(g, l.id))
                .collect();
            let t = &tallies[p as usize];
            // A winner's row in bold, his name marked with a star (no link colour).
            let won = o.winners.contains(&p);
            let row = [
                if won {
                    format!("★ {}", names::player(g, p))
                } else {
                    names::player(g, p)
                },
                t.vp.to_string(),
                t.villages.to_string(),
                if titles.is_empty() {
                    "—".into()
                } else {
                    titles.join(", ")
                },
            ];
            for (c, s) in row.iter().enumerate() {
                let l = gtk::Label::new(Some(s));
                l.set_xalign(0.0);
                // Only the titles wrap, and never narrower than they are read: a label that
                // may wrap to a few characters asks for a height that leaves a gap above the
                // table. A long name is shortened (its tooltip has it whole).
                if c == 3 {
                    l.set_wrap(true);
                    l.set_width_chars(28);
                    l.set_max_width_chars(36);
                } else if c == 0 {
                    // An ellipsized label asks only for "…": it asks for its name's width,
                    // up to 16 characters, so that a name that fits is shown whole.
                    l.set_ellipsize(gtk::pango::EllipsizeMode::End);
                    l.set_width_chars(s.chars().count().min(16) as i32);
                    l.set_max_width_chars(16);
                    l.set_tooltip_text(Some(s));
                }
                if won {
                    l.add_css_class("heading");
                }
                grid.attach(&l, c as i32, p as i32 + 1, 1, 1);
            }
        }
        let extra = gtk::Box::new(gtk::Orientation::Vertical, 12);
        extra.append(&grid);
        let blocks = outlook::blocks(g, &g.outlook(viewer));
        extra.append(&crate::ui::panels::outlook::outlook_box(&blocks));
        d.set_extra_child(Some(&extra));
        d.add_response("close", &tr("Close"));
        d.add_response("new", &tr("New Game"));
        d.set_response_appearance("new", adw::ResponseAppearance::Suggested);
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| post(&s, Msg::EndDialog(r == "new")));
        d.present();
    }

    /// Asks before an attack `a` of the decision `key` in `g` is declared: what it is, and
    /// its odds as `viewer` sees them before anyone else takes a side.
    pub fn confirm_attack(&self, g: &Game, viewer: Option<PlayerId>, a: Action, key: usize) {
        let mut body = actions::action(g, &a);
        if let Some(odds) = chances::attack_chances(g, viewer, &a) {
            body = format!("{body}\n{odds}");
        }
        // 6.4: laying a siege starts no battle yet; its question says so.
        let (heading, go) = if matches!(a, Action::DeclareSiege(_)) {
            (tr("Lay a siege?"), tr("Besiege"))
        } else {
            (tr("Start a battle?"), tr("Attack"))
        };
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.add_response("cancel", &tr("Cancel"));
        d.add_response("attack", &go);
        d.set_response_appearance("attack", adw::ResponseAppearance::Destructive);
        d.set_default_response(Some("attack"));
        d.set_close_response("cancel");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| {
            if r == "attack" {
                post(&s, Msg::Confirmed(key, Box::new(a.clone())));
            }
        });
        d.present();
    }
}

/// The button on screen under `root` that reads `label`.
fn button_labelled(root: &gtk::Widget, label: &str) -> Option<gtk::Button> {
    crate::ui::descendants(root)
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Button>().ok())
        .find(|b| {
            let text = b.label().map(|l| l.to_string()).or_else(|| {
                b.child()
                    .and_downcast::<gtk::Label>()
                    .map(|l| l.text().to_string())
            });
            // The dialog lays its answers out twice (wide and narrow): the one on screen.
            text.as_deref() == Some(label) && b.is_mapped()
        })
}
