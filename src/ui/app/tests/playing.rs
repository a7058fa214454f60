//! GTK tests of playing in the window: Enter on the prompt bar, the dialogs made once the
//! window shows, the new-game dialog, a whole game of bots, a start chosen on the map, and
//! where the news and the toasts show (run under a virtual display: `xvfb-run -a cargo test`).

use super::setup::*;
use crate::ui::app::*;
use crate::ui::board::geometry::{hit_test, Camera, Fit};

/// Enter presses the prompt's main button, but not in the moment after the buttons
/// changed: a key or a click meant for the old buttons does nothing.
#[gtk4::test]
fn enter_presses_the_main_button_once_the_buttons_hold_still() {
    let app = launch_to_human(init(human_and_easy(), seed(3)));
    // Decide until a step with a main ("Done …") button comes, its buttons just built (a
    // slow first layout, the log's, may outlast their guard: then the next such step).
    let guarded = |app: &Window| {
        let root = app.widget().clone().upcast::<gtk::Widget>();
        widget_named(&root, "prompt-buttons").is_some_and(|b| !b.can_target())
    };
    let mut found = false;
    for _ in 0..60 {
        let offered = app.model().session.legal();
        if offered.iter().any(clicks::is_finish) && guarded(&app) {
            found = true;
            break;
        }
        choose_and_wait(&app, offered[0].clone());
    }
    assert!(found, "no step with a main button");
    let before = app.model().session.game().history.len();
    // The buttons have just been built: Enter, handled at once, is ignored...
    app.emit(Msg::MainButton);
    let ctx = glib::MainContext::default();
    let t = std::time::Instant::now();
    while t.elapsed() < Duration::from_millis(150) {
        ctx.iteration(false);
    }
    assert_eq!(app.model().session.game().history.len(), before);
    // ...and works once they held still.
    pump_until(1, || false);
    app.emit(Msg::MainButton);
    assert!(pump_until(10, || app.model().session.game().history.len() > before));
    assert!(app.model().bot_errors.is_empty());
}

/// The dialogs the first window does not show (New Game, Preferences, the rules at hand) are
/// made once it is on screen, not while it is being built.
#[gtk4::test]
fn the_dialogs_are_made_once_the_window_is_on_screen() {
    for w in gtk::Window::list_toplevels() {
        if let Ok(w) = w.downcast::<gtk::Window>() {
            w.destroy();
        }
    }
    let app = App::builder()
        .launch(init(human_and_easy(), seed(3)))
        .detach();
    let made = |app: &Window| {
        let w = &app.model().w;
        [
            w.new_game.is_made(),
            w.prefs_window.is_made(),
            w.rules.is_made(),
        ]
    };
    assert_eq!(made(&app), [false; 3]);
    app.widget().present();
    assert!(pump_until(10, || made(&app) == [true; 3]));
}

#[gtk4::test]
fn the_new_game_dialog_starts_a_game() {
    let app = App::builder()
        .launch(init(
            vec![Seat::Human, Seat::Human, Seat::Human],
            Options {
                players: 3,
                seed: 1,
                ..Options::default()
            },
        ))
        .detach();
    assert_eq!(app.model().session.game().n(), 3);
    // The dialog's form as it opens: 4 seats, Green human, three Normal bots.
    let dialog = app.model().w.new_game.sender().clone();
    app.emit(Msg::NewGame);
    dialog.emit(NewGameMsg::Start);
    assert!(pump_until(20, || app.model().session.game().n() == 4));
    pump_until(1, || false);
    let m = app.model();
    assert_eq!(m.session.seats(), &human_and_normal()[..]);
    assert_ne!(m.session.game().options.seed, 1);
    assert!(!m.session.is_paused());
    assert!(m.bot_errors.is_empty());
}

#[gtk4::test]
fn a_bots_only_game_runs_to_the_end_in_the_window() {
    let app = open(init(
        vec![Seat::Bot(Level::Normal); 4],
        Options {
            players: 4,
            seed: 11,
            round_cap: Some(30),
            ..Options::default()
        },
    ));
    let over = pump_until(900, || {
        let m = app.model();
        m.session.game().is_over() || !m.bot_errors.is_empty()
    });
    let m = app.model();
    let applied = m.session.applied();
    assert!(m.bot_errors.is_empty(), "{:?}", m.bot_errors);
    assert!(over, "not over after {applied} actions");
    assert!(applied > 200, "only {applied} actions");
    assert!(
        m.dialogs.ended_shown,
        "the end-of-game dialog was not shown"
    );
    assert!(m.session.game().outcome.is_some());
    eprintln!(
        "bots-only game: {applied} actions, round {}, {:?}",
        m.session.game().round,
        m.session.game().outcome
    );
    drop(m);
    app.widget().close();
}

#[gtk4::test]
fn a_human_chooses_his_starting_village_by_clicking_the_map() {
    let app = open(init(
        human_and_easy(),
        Options {
            players: 4,
            seed: 5,
            first_player: Some(0),
            ..Options::default()
        },
    ));
    let area = app.model().w.map.widget().child().unwrap();
    assert!(pump_until(20, || area.width() > 100));
    let (w, h) = (area.width() as f64, area.height() as f64);
    let map = app.model().session.game().map.clone();
    let cam = Camera::whole(&map);
    let target = 9;
    let (x, y) =
        Fit::new(&map, w, h, cam).to_widget(map.villages[target].x, map.villages[target].y);
    let v = hit_test(&map, w, h, cam, x, y);
    assert_eq!(v, Some(target as u8));
    // The click as the map's gesture reports it.
    app.emit(Msg::Map(MapOut::Clicked(v)));
    assert!(pump_until(20, || app.model().session.game().villages
        [target]
        .controller
        == Some(0)));
    // The bots choose theirs in turn; the human is asked nothing until then.
    assert!(pump_until(60, || app.model().session.game().round >= 1));
    assert!(app.model().bot_errors.is_empty());
}

/// The window's bounds of `w`.
fn bounds(app: &relm4::Controller<App>, w: &impl IsA<gtk::Widget>) -> (f32, f32, f32, f32) {
    let b = w
        .compute_bounds(app.widget())
        .unwrap_or_else(|| panic!("{} has no bounds", w.as_ref().widget_name()));
    (b.x(), b.y(), b.width(), b.height())
}

fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> bool {
    a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
}

/// Items 3 and 7: what happened since the last decision, a failed save and the toasts
/// never cover the board nor the prompt bar, and never move them.
#[gtk4::test]
fn news_bars_and_toasts_never_cover_or_move_the_board() {
    let app = launch_to_human(init(human_and_easy(), seed(8)));
    // Decide until news come (the bots played since the last decision).
    for _ in 0..60 {
        if !app.model().w.news.line.has_css_class("dim-label") {
            break;
        }
        let a = app.model().session.legal()[0].clone();
        choose_and_wait(&app, a);
    }
    pump_until(1, || false);
    let (map, prompt, news) = {
        let m = app.model();
        assert!(!m.w.news.line.text().is_empty());
        (
            m.w.map.widget().clone(),
            m.w.prompt.widget().clone(),
            m.w.news.bar.clone(),
        )
    };
    let board = bounds(&app, &map);
    assert!(board.2 > 300.0 && board.3 > 300.0, "{board:?}");
    assert!(news.is_visible());
    assert!(
        !overlap(bounds(&app, &news), board),
        "the news covers the board"
    );
    // A failed save (a file stands where its folder should be): its bar shows, and the
    // board does not move.
    let dir = temp_dir("no-move");
    std::fs::write(dir.join("blocked"), "a file").unwrap();
    let problem = app.model().w.problem_bar.clone();
    app.emit(Msg::SaveTo(Some(dir.join("blocked").join("x.fief"))));
    assert!(pump_until(5, || problem.is_visible()));
    pump_until(1, || false);
    assert!(!overlap(bounds(&app, &problem), board));
    assert_eq!(bounds(&app, &map), board, "the save's bar moved the board");
    // Toasts show over the sidebar's pages: never over the board or the prompt bar.
    let toasts = app.model().w.toasts.clone();
    assert!(!overlap(bounds(&app, &toasts), board));
    assert!(!overlap(bounds(&app, &toasts), bounds(&app, &prompt)));
    assert!(app.model().bot_errors.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
