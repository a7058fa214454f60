//! The Learn to Play window: every lesson in order, its goal, and a tick on those finished.
//! A click on a lesson starts it in the main window.

use crate::ui::app::msg::{post, Msg};
use crate::ui::{tr, trf};
use fief::lessons::progress::Progress;
use fief::lessons::LESSONS;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};

/// The window, over `parent`, with `progress` ticked. `problem` says why the progress could
/// not be read, if it could not.
pub fn lessons_window(
    parent: &adw::ApplicationWindow,
    progress: &Progress,
    problem: Option<&str>,
    sender: &relm4::Sender<Msg>,
) -> adw::Window {
    let window = adw::Window::builder()
        .modal(true)
        .transient_for(parent)
        .title(tr("Learn to Play"))
        .default_width(560)
        .default_height(640)
        .build();
    window.set_widget_name("lessons");
    let header = adw::HeaderBar::new();
    let list = gtk::ListBox::new();
    list.add_css_class("boxed-list");
    list.set_selection_mode(gtk::SelectionMode::None);
    for (i, lesson) in LESSONS.iter().enumerate() {
        let row = adw::ActionRow::new();
        row.set_widget_name(&format!("lesson-{}", lesson.id));
        row.set_title(&trf(
            "{n}. {title}",
            &[("n", &(i + 1).to_string()), ("title", &tr(lesson.title))],
        ));
        row.set_subtitle(&tr(lesson.goal));
        row.set_activatable(true);
        if progress.is_done(lesson.id) {
            let tick = gtk::Image::from_icon_name("emblem-ok-symbolic");
            tick.set_tooltip_text(Some(&tr("Finished")));
            tick.add_css_class("success");
            row.add_suffix(&tick);
        }
        row.add_suffix(&gtk::Image::from_icon_name("go-next-symbolic"));
        let (s, w) = (sender.clone(), window.clone());
        row.connect_activated(move |_| {
            w.close();
            post(&s, Msg::StartLesson(i));
        });
        list.append(&row);
    }
    let done = LESSONS.iter().filter(|l| progress.is_done(l.id)).count();
    let intro = gtk::Label::new(Some(&trf(
        "Ten short lessons teach the game, each on a position of its own, with a coach beside the board. You have finished {done} of {all}.",
        &[("done", &done.to_string()), ("all", &LESSONS.len().to_string())],
    )));
    intro.set_wrap(true);
    intro.set_xalign(0.0);
    let body = gtk::Box::new(gtk::Orientation::Vertical, 12);
    body.set_margin_start(18);
    body.set_margin_end(18);
    body.set_margin_top(12);
    body.set_margin_bottom(18);
    body.append(&intro);
    if let Some(p) = problem {
        let warn = gtk::Label::new(Some(&trf(
            "Your progress could not be read and will be written anew: {problem}",
            &[("problem", p)],
        )));
        warn.set_wrap(true);
        warn.set_xalign(0.0);
        warn.add_css_class("warning");
        body.append(&warn);
    }
    body.append(&list);
    let scroll = gtk::ScrolledWindow::new();
    scroll.set_hscrollbar_policy(gtk::PolicyType::Never);
    scroll.set_vexpand(true);
    scroll.set_child(Some(&body));
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    content.append(&scroll);
    window.set_content(Some(&content));
    let keys = gtk::EventControllerKey::new();
    let w = window.clone();
    keys.connect_key_pressed(move |_, key, _, _| {
        if key == gtk::gdk::Key::Escape {
            w.close();
            return gtk::glib::Propagation::Stop;
        }
        gtk::glib::Propagation::Proceed
    });
    window.add_controller(keys);
    window
}
