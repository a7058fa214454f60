//! Learn to Play in the window: the lessons' window opened from the main menu, a lesson
//! chosen there, a try that misses its goal and "Try Again", the goal reached through the
//! prompt bar, the progress kept in the data folder, and "Next Lesson".

use super::setup::*;
use crate::ui::app::*;
use fief::lessons::progress::{self, Progress};
use fief::lessons::{Verdict, LESSONS};

/// The texts of the visible labels under `root`.
fn label_texts(root: &gtk::Widget) -> Vec<String> {
    crate::ui::descendants(root)
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Label>().ok())
        .filter(|l| l.is_visible())
        .map(|l| l.text().to_string())
        .collect()
}

fn verdict(app: &Window) -> Option<Verdict> {
    app.model().learning.run.as_ref().map(|r| r.verdict)
}

fn coach_button(app: &Window, name: &str) -> gtk::Button {
    let root = app.model().w.coach.root.clone().upcast::<gtk::Widget>();
    widget_named(&root, name)
        .and_then(|w| w.downcast::<gtk::Button>().ok())
        .unwrap_or_else(|| panic!("the coach has no {name}"))
}

#[gtk4::test]
fn a_lesson_from_the_menu_is_missed_tried_again_reached_and_kept() {
    let dir = temp_dir("lessons");
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(Store::at(&dir));
    let app = open(launch);
    // "Learn to Play" in the main menu: the lessons' window lists the ten lessons.
    WidgetExt::activate_action(app.widget(), "win.lessons", None).unwrap();
    assert!(pump_until(5, || window_named("lessons").is_some()));
    let list = window_named("lessons").unwrap().upcast::<gtk::Widget>();
    for l in &LESSONS {
        assert!(
            widget_named(&list, &format!("lesson-{}", l.id)).is_some(),
            "{}",
            l.id
        );
    }
    let row = widget_named(&list, "lesson-win")
        .and_then(|w| w.downcast::<adw::ActionRow>().ok())
        .unwrap();
    adw::prelude::ActionRowExt::activate(&row);
    assert!(pump_until(10, || {
        let m = app.model();
        m.learning.run.is_some() && m.session.human_turn().is_some()
    }));
    assert!(window_named("lessons").is_none(), "the list closes");
    // The coach shows the lesson's goal and words; the game is the lesson's position.
    let coach = app.model().w.coach.root.clone().upcast::<gtk::Widget>();
    assert!(coach.is_visible());
    let texts = label_texts(&coach);
    assert!(texts.contains(&tr(LESSONS[0].goal)), "{texts:?}");
    let said = |t: &[String], words: &str| t.iter().any(|x| x.contains(&tr(words)));
    assert!(said(&texts, LESSONS[0].coach[0]), "{texts:?}");
    assert_eq!(app.model().session.game().players[0].money, 6);
    // Ending the purchases at once misses the goal: the coach says why, offers a retry.
    app.emit(Msg::Prompt(PromptOut::Chosen(Action::EndPurchase)));
    assert!(pump_until(20, || verdict(&app) == Some(Verdict::Missed)));
    pump_until(1, || false);
    assert!(said(&label_texts(&coach), LESSONS[0].missed));
    let retry = coach_button(&app, "coach-retry");
    assert!(retry.is_visible() && !coach_button(&app, "coach-next").is_visible());
    // The keyboard is brought to what comes next.
    assert!(
        pump_until(2, || retry.has_focus()),
        "Try Again has not the keyboard"
    );
    retry.emit_clicked();
    assert!(pump_until(10, || verdict(&app) == Some(Verdict::Going)
        && app.model().session.human_turn().is_some()));
    assert_eq!(
        app.model().session.game().history.len(),
        0,
        "the position anew"
    );
    // The title bought through the prompt bar reaches the goal; the progress is kept.
    let title = {
        let m = app.model();
        Action::parse("buy-title tournus thierry tournus", m.session.game()).unwrap()
    };
    app.emit(Msg::Prompt(PromptOut::Chosen(title)));
    assert!(pump_until(20, || verdict(&app) == Some(Verdict::Reached)));
    pump_until(1, || false);
    let line = widget_named(&coach, "coach-verdict")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .unwrap();
    assert!(line.is_visible() && line.has_css_class("success") && !line.text().is_empty());
    assert!(!said(&[line.text().to_string()], LESSONS[0].missed));
    let kept = Progress::load(&progress::path_in(&dir)).unwrap();
    assert!(kept.is_done("win") && !kept.is_done("troops"));
    // "Next Lesson" has the keyboard, and goes on to Troops and income.
    let next = coach_button(&app, "coach-next");
    assert!(
        pump_until(2, || next.has_focus()),
        "Next Lesson has not the keyboard"
    );
    next.emit_clicked();
    assert!(pump_until(10, || app
        .model()
        .learning
        .run
        .as_ref()
        .is_some_and(|r| r.index == 1)));
    // A game of one's own ends the lesson and hides the coach.
    start_game(&app, 5);
    assert!(pump_until(10, || app.model().learning.run.is_none()));
    pump_until(1, || false);
    assert!(!coach.is_visible());
    assert!(app.model().bot_errors.is_empty());
}

/// A lesson started without the lessons' window (`fief --lesson`) keeps the lessons finished
/// before when it writes its own.
#[gtk4::test]
fn a_lesson_finished_keeps_the_progress_already_on_disk() {
    let dir = temp_dir("lessons-kept");
    let path = progress::path_in(&dir);
    let mut before = Progress::default();
    before.finish("cards");
    before.save(&path).unwrap();
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(Store::at(&dir));
    let app = open(launch);
    app.emit(Msg::StartLesson(0));
    assert!(pump_until(10, || {
        let m = app.model();
        m.learning.run.is_some() && m.session.human_turn().is_some()
    }));
    let title = {
        let m = app.model();
        Action::parse("buy-title tournus thierry tournus", m.session.game()).unwrap()
    };
    app.emit(Msg::Prompt(PromptOut::Chosen(title)));
    assert!(pump_until(20, || verdict(&app) == Some(Verdict::Reached)));
    let kept = Progress::load(&path).unwrap();
    assert!(kept.is_done("win") && kept.is_done("cards"), "{kept:?}");
    let _ = std::fs::remove_dir_all(dir);
}
