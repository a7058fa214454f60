//! The coach of Learn to Play, at the head of the sidebar while a lesson is played: the
//! lesson's title and goal, the coach's words, and after a try the verdict with "Try Again"
//! or "Next Lesson". Its height is fixed for the whole lesson (its words scroll), so that
//! nothing below it moves while the lesson is played.

use crate::ui::app::msg::{post, Msg};
use crate::ui::tr;
use relm4::gtk::{self, prelude::*};

/// The coach's height in the sidebar.
const HEIGHT: i32 = 180;

pub struct Coach {
    pub root: gtk::Box,
    heading: gtk::Label,
    goal: gtk::Label,
    words: gtk::Label,
    verdict: gtk::Label,
    retry: gtk::Button,
    next: gtk::Button,
}

/// What the coach shows.
pub struct CoachView<'a> {
    /// "Lesson 3 of 10: Movement and permission".
    pub heading: &'a str,
    pub goal: &'a str,
    /// The coach's paragraphs, translated.
    pub words: &'a [String],
    /// The verdict of the try or the moment of the first game (empty: none yet).
    pub verdict: &'a str,
    /// The goal is reached (the verdict is a success).
    pub reached: bool,
    /// "Try Again" is offered.
    pub retry: bool,
    /// "Next Lesson" is offered.
    pub next: bool,
}

fn label(css: &[&str]) -> gtk::Label {
    let l = gtk::Label::new(None);
    l.set_wrap(true);
    l.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    l.set_xalign(0.0);
    l.set_halign(gtk::Align::Fill);
    for c in css {
        l.add_css_class(c);
    }
    l
}

impl Coach {
    pub fn new(sender: &relm4::Sender<Msg>) -> Coach {
        let root = gtk::Box::new(gtk::Orientation::Vertical, 4);
        root.set_widget_name("coach");
        root.add_css_class("card");
        root.set_margin_start(6);
        root.set_margin_end(6);
        root.set_margin_top(6);
        root.set_margin_bottom(6);
        let heading = label(&["caption-heading", "dim-label"]);
        let goal = label(&["heading"]);
        let words = label(&[]);
        let verdict = label(&[]);
        verdict.set_widget_name("coach-verdict");
        let text = gtk::Box::new(gtk::Orientation::Vertical, 6);
        text.set_margin_start(10);
        text.set_margin_end(10);
        text.set_margin_top(8);
        for l in [&heading, &goal, &words] {
            text.append(l);
        }
        // The verdict stays in sight under the words, however long they are.
        verdict.set_margin_start(10);
        verdict.set_margin_end(10);
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_hscrollbar_policy(gtk::PolicyType::Never);
        scroll.set_focusable(false);
        scroll.set_vexpand(true);
        scroll.set_child(Some(&text));
        root.append(&scroll);
        root.append(&verdict);
        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        buttons.set_margin_start(10);
        buttons.set_margin_end(10);
        buttons.set_margin_bottom(8);
        let button = |text: &str, name: &str, msg: fn() -> Msg| {
            let b = gtk::Button::with_label(text);
            b.set_widget_name(name);
            let s = sender.clone();
            b.connect_clicked(move |_| post(&s, msg()));
            b
        };
        let lessons = button(&tr("Lessons…"), "coach-lessons", || Msg::Lessons);
        lessons.set_tooltip_text(Some(&tr("Every lesson, and which you have finished")));
        let leave = button(&tr("End the Lesson"), "coach-leave", || Msg::LessonLeave);
        leave.set_tooltip_text(Some(&tr("Stop the lesson and start a game of your own")));
        let retry = button(&tr("Try Again"), "coach-retry", || Msg::LessonRetry);
        let next = button(&tr("Next Lesson"), "coach-next", || Msg::LessonNext);
        next.add_css_class("suggested-action");
        let spacer = gtk::Box::new(gtk::Orientation::Horizontal, 0);
        spacer.set_hexpand(true);
        for b in [&lessons, &leave] {
            buttons.append(b);
        }
        buttons.append(&spacer);
        buttons.append(&retry);
        buttons.append(&next);
        root.append(&buttons);
        root.set_size_request(-1, HEIGHT);
        root.set_visible(false);
        Coach {
            root,
            heading,
            goal,
            words,
            verdict,
            retry,
            next,
        }
    }

    /// Once the verdict is shown: the keyboard to "Next Lesson", else to "Try Again".
    pub fn take_keyboard(&self) {
        let (next, retry) = (self.next.clone(), self.retry.clone());
        relm4::gtk::glib::idle_add_local_once(move || {
            let _ = [next, retry]
                .iter()
                .any(|b| b.is_visible() && b.grab_focus());
        });
    }

    /// Shows `v`, or hides the coach when no lesson is played.
    pub fn show(&self, v: Option<CoachView>) {
        let Some(v) = v else {
            self.root.set_visible(false);
            return;
        };
        self.heading.set_text(v.heading);
        self.goal.set_text(v.goal);
        self.words.set_text(&v.words.join("\n\n"));
        self.verdict.set_text(v.verdict);
        self.verdict.set_visible(!v.verdict.is_empty());
        for (class, on) in [("success", v.reached), ("warning", !v.reached)] {
            if on {
                self.verdict.add_css_class(class);
            } else {
                self.verdict.remove_css_class(class);
            }
        }
        self.verdict.add_css_class("heading");
        self.retry.set_visible(v.retry);
        self.next.set_visible(v.next);
        self.root.set_visible(true);
    }
}
