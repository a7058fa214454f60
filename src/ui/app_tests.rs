//! GTK tests of the app window (run under a virtual display: `xvfb-run -a cargo test`).

use super::*;
use crate::ui::map_canvas::{hit_test, Camera, Fit};
use crate::ui::new_game::NewGameMsg;
use crate::ui::preferences::Pace;
use crate::ui::{answer_chooser, pump_until};
use fief::bots::Level;
use relm4::Component;
use std::path::Path;

fn init(seats: Vec<Seat>, options: Options) -> AppInit {
    let _ = adw::init();
    AppInit {
        game: Game::new(options).unwrap(),
        seats,
        prefs: Prefs {
            pace: Pace::Instant,
            auto_pass: true,
            ..Prefs::default()
        },
        ask_new_game: false,
        hard_budget: Budget::Iterations(20),
        prefs_path: None,
        prefs_problems: Vec::new(),
        store: None,
    }
}

fn seed(seed: u64) -> Options {
    Options {
        seed,
        ..Options::default()
    }
}

fn human_and_easy() -> Vec<Seat> {
    vec![
        Seat::Human,
        Seat::Bot(Level::Easy),
        Seat::Bot(Level::Easy),
        Seat::Bot(Level::Easy),
    ]
}

fn human_and_normal() -> Vec<Seat> {
    vec![
        Seat::Human,
        Seat::Bot(Level::Normal),
        Seat::Bot(Level::Normal),
        Seat::Bot(Level::Normal),
    ]
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fief-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The visible top-level window of this widget name, if any.
fn window_named(name: &str) -> Option<gtk::Window> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.widget_name() == name && w.is_visible())
}

/// A game of `seed` played by Easy bots (the human's seat too) into round 2, written
/// to `path` as a save with a human in seat 0.
fn a_saved_game(seed_: u64, path: &Path) -> Game {
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Easy, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(Game::new(seed(seed_)).unwrap(), bots).unwrap();
    s.play(100_000, |g| g.round >= 2).unwrap();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = fief::save::to_json(&human_and_easy(), s.game()).unwrap();
    std::fs::write(path, text).unwrap();
    s.game().clone()
}

/// Opens the window and lets the bots play until the human has a decision to make.
fn launch_to_human(init: AppInit) -> relm4::Controller<App> {
    let app = App::builder().launch(init).detach();
    app.widget().present();
    assert!(pump_until(30, || app
        .model()
        .session
        .human_turn()
        .is_some()));
    app
}

/// Enter presses the prompt's main button, but not in the moment after the buttons
/// changed: a key or a click meant for the old buttons does nothing.
#[gtk4::test]
fn enter_presses_the_main_button_once_the_buttons_hold_still() {
    let app = launch_to_human(init(human_and_easy(), seed(3)));
    // Decide until a step with a main ("Done …") button comes.
    let mut found = false;
    for _ in 0..60 {
        let offered = app.model().session.offered();
        if offered.iter().any(choices::is_finish) {
            found = true;
            break;
        }
        let before = app.model().session.game().history.len();
        app.emit(Msg::Prompt(PromptOut::Chosen(offered[0].clone())));
        assert!(pump_until(30, || {
            let m = app.model();
            m.session.game().history.len() > before && m.session.human_turn().is_some()
        }));
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
    let app = App::builder()
        .launch(init(
            vec![Seat::Bot(Level::Normal); 4],
            Options {
                players: 4,
                seed: 11,
                round_cap: Some(30),
                ..Options::default()
            },
        ))
        .detach();
    app.widget().present();
    let over = pump_until(900, || {
        let m = app.model();
        m.session.game().is_over() || !m.bot_errors.is_empty()
    });
    let m = app.model();
    let applied = m.session.applied();
    assert!(m.bot_errors.is_empty(), "{:?}", m.bot_errors);
    assert!(over, "not over after {applied} actions");
    assert!(applied > 200, "only {applied} actions");
    assert!(m.ended_shown, "the end-of-game dialog was not shown");
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
    let app = App::builder()
        .launch(init(
            human_and_easy(),
            Options {
                players: 4,
                seed: 5,
                first_player: Some(0),
                ..Options::default()
            },
        ))
        .detach();
    app.widget().present();
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

/// The autosave policy in the window: scripted starts never write the player's autosave,
/// nothing plays behind the resume offer, Resume and every human decision write it, and
/// quitting saves it.
#[gtk4::test]
fn only_the_players_game_is_autosaved_and_offered_again() {
    let dir = temp_dir("autosave");
    let store = Store::at(&dir);
    let real = a_saved_game(12, &store.autosave_path());
    let bytes = std::fs::read(store.autosave_path()).unwrap();

    // A scripted start (a given game, not asked for) plays without touching it.
    let mut scripted = init(human_and_easy(), seed(3));
    scripted.store = Some(store.clone());
    let app = launch_to_human(scripted);
    assert!(app.model().session.applied() > 0, "the bots did not play");
    let start = app.model().session.offered()[0].clone();
    app.emit(Msg::Prompt(PromptOut::Chosen(start)));
    pump_until(2, || false);
    app.emit(Msg::Quit);
    assert!(pump_until(10, || !app.widget().is_visible()));
    drop(app);
    assert_eq!(std::fs::read(store.autosave_path()).unwrap(), bytes);

    // A plain launch offers the game; nothing plays and nothing is written meanwhile.
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(store.clone());
    launch.ask_new_game = true;
    let app = App::builder().launch(launch).detach();
    app.widget().present();
    assert!(pump_until(20, || app.model().resumable.is_some()));
    assert!(pump_until(5, || window_named("resume-dialog").is_some()));
    pump_until(1, || false);
    assert_eq!(
        app.model().session.applied(),
        0,
        "a game played behind the offer"
    );
    assert_eq!(std::fs::read(store.autosave_path()).unwrap(), bytes);

    // Resume: the real game, written again at once.
    std::fs::remove_file(store.autosave_path()).unwrap();
    app.emit(Msg::Resume(true));
    assert!(pump_until(20, || app.model().session.game().options.seed == 12));
    let saved = store.resume().expect("written at Resume").unwrap();
    assert!(saved
        .game
        .history
        .iter()
        .take(real.history.len())
        .eq(real.history.iter()));

    // Every human decision is written.
    assert!(pump_until(60, || app
        .model()
        .session
        .human_turn()
        .is_some()));
    let before = app.model().session.game().history.len();
    let a = app.model().session.offered().last().unwrap().clone();
    app.emit(Msg::Prompt(PromptOut::Chosen(a)));
    assert!(pump_until(20, || app.model().session.game().history.len() > before));
    let saved = store.resume().unwrap().unwrap();
    assert!(
        saved.game.history.len() > before,
        "the decision was not autosaved"
    );

    // Quitting saves the game as it stands (the file is removed first to see it).
    std::fs::remove_file(store.autosave_path()).unwrap();
    let now = app.model().session.game().history.len();
    app.emit(Msg::Quit);
    assert!(pump_until(10, || !app.widget().is_visible()));
    drop(app);
    let saved = store.resume().expect("written on quitting").unwrap();
    assert!(saved.game.history.len() >= now, "the quit did not autosave");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A plain launch offers the last game whatever the seats the preferences remember (five
/// here, as the New Game dialog leaves them after a game of five): it is never taken for
/// a scripted start, which would leave the last game unoffered and let a new one write
/// over it.
#[gtk4::test]
fn a_plain_launch_offers_the_last_game_whatever_the_remembered_seats() {
    let dir = temp_dir("five-seats");
    let store = Store::at(&dir);
    a_saved_game(14, &store.autosave_path());
    let prefs = Prefs {
        default_seats: vec![
            Seat::Human,
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Normal),
        ],
        pace: Pace::Instant,
        ..Prefs::default()
    };
    let _ = adw::init();
    let launch = AppInit::launch(prefs, None, Vec::new(), Some(store.clone()));
    let Ok(crate::Start::Window(start)) = crate::parse_args(&[], launch) else {
        panic!("a plain launch opens the window");
    };
    assert!(
        start.ask_new_game,
        "a plain launch was taken for a scripted one"
    );
    let app = App::builder().launch(*start).detach();
    app.widget().present();
    assert!(pump_until(20, || app.model().resumable.is_some()));
    assert!(pump_until(5, || window_named("resume-dialog").is_some()));
    assert_eq!(app.model().session.applied(), 0);
    app.emit(Msg::Resume(true));
    assert!(pump_until(20, || app.model().session.game().options.seed == 14));
    assert_eq!(app.model().session.game().n(), 4);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An autosave that cannot be restored is left byte for byte as it was; starting a new
/// game keeps it under another name.
#[gtk4::test]
fn a_damaged_autosave_is_kept_as_it_was() {
    let dir = temp_dir("damaged");
    let store = Store::at(&dir);
    a_saved_game(13, &store.autosave_path());
    let mut text = std::fs::read_to_string(store.autosave_path()).unwrap();
    text.truncate(text.len() / 2);
    std::fs::write(store.autosave_path(), &text).unwrap();
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(store.clone());
    launch.ask_new_game = true;
    let app = App::builder().launch(launch).detach();
    app.widget().present();
    assert!(pump_until(20, || app.model().unrestorable));
    assert!(pump_until(5, || window_named("resume-dialog").is_some()));
    pump_until(2, || false);
    assert_eq!(
        std::fs::read_to_string(store.autosave_path()).unwrap(),
        text
    );
    assert_eq!(app.model().session.applied(), 0);
    // A new game: the damaged file is set aside untouched, the new game autosaved.
    let dialog = app.model().w.new_game.sender().clone();
    dialog.emit(NewGameMsg::Open);
    dialog.emit(NewGameMsg::Start);
    assert!(pump_until(20, || !app.model().idle));
    let kept = dir.join("autosave-unreadable-1.fief");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
    assert!(store.resume().expect("the new game is autosaved").is_ok());
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A damaged autosave with a good copy beside it: the copy is offered by its round and
/// time, and resumed with one click; the damaged file is kept as it was.
#[gtk4::test]
fn a_damaged_autosave_offers_its_copy() {
    let dir = temp_dir("damaged-copy");
    let store = Store::at(&dir);
    let real = a_saved_game(15, &store.autosave_path());
    let copy = fief::save::backup_path(&store.autosave_path());
    std::fs::copy(store.autosave_path(), &copy).unwrap();
    // A few bytes changed in the middle of the autosave.
    let mut bytes = std::fs::read(store.autosave_path()).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid..mid + 6].copy_from_slice(b"@#!%&*");
    std::fs::write(store.autosave_path(), &bytes).unwrap();
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(store.clone());
    launch.ask_new_game = true;
    let app = App::builder().launch(launch).detach();
    app.widget().present();
    // (Another test's dialog may still be open: this one names this test's file.)
    let mut dialog = None;
    assert!(pump_until(20, || {
        dialog = gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
            .find(|d| {
                d.is_visible()
                    && d.widget_name() == "resume-dialog"
                    && d.body().contains(&copy.display().to_string())
            });
        dialog.is_some()
    }));
    let d = dialog.unwrap();
    assert_eq!(
        d.heading().as_deref(),
        Some("Your last game could not be restored")
    );
    let body = d.body().to_string();
    assert!(body.contains(&copy.display().to_string()), "{body}");
    assert!(body.contains(&format!("Round {},", real.round)), "{body}");
    assert!(d.has_response("resume"), "the copy is not offered");
    assert_eq!(d.response_label("resume").as_str(), "Resume the Copy");
    d.response("resume");
    assert!(pump_until(20, || !app.model().idle));
    assert_eq!(app.model().session.game().options.seed, 15);
    assert!(app
        .model()
        .session
        .game()
        .history
        .iter()
        .take(real.history.len())
        .eq(real.history.iter()));
    // The damaged file is kept byte for byte under another name.
    let kept = dir.join("autosave-unreadable-1.fief");
    assert_eq!(std::fs::read(&kept).unwrap(), bytes);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new game never throws away the game in progress: it is kept among the named saves
/// before the autosave is the new game's.
#[gtk4::test]
fn a_new_game_keeps_the_game_in_progress() {
    let dir = temp_dir("keep-current");
    let store = Store::at(&dir);
    let mut start = init(human_and_easy(), seed(4));
    start.store = Some(store.clone());
    let app = App::builder().launch(start).detach();
    app.widget().present();
    assert!(pump_until(10, || app.model().shown));
    app.emit(Msg::StartGame(Box::new(NewGame {
        options: seed(16),
        seats: human_and_easy(),
        pace: None,
    })));
    assert!(pump_until(30, || app
        .model()
        .session
        .human_turn()
        .is_some()));
    let a = app.model().session.offered()[0].clone();
    app.emit(Msg::Prompt(PromptOut::Chosen(a)));
    assert!(pump_until(30, || app
        .model()
        .session
        .human_turn()
        .is_some()));
    let played = app.model().session.game().history.clone();
    app.emit(Msg::StartGame(Box::new(NewGame {
        options: seed(17),
        seats: human_and_easy(),
        pace: None,
    })));
    assert!(pump_until(10, || app.model().session.game().options.seed == 17));
    let kept: Vec<PathBuf> = std::fs::read_dir(store.saves_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("Left unfinished, round"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let saved = fief::save::load(&kept[0]).unwrap();
    assert_eq!(saved.game.options.seed, 16);
    assert!(saved
        .game
        .history
        .iter()
        .take(played.len())
        .eq(played.iter()));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Save… and Load… through their choosers, answered as a person would.
#[gtk4::test]
fn save_and_load_go_through_their_choosers() {
    let dir = temp_dir("choosers");
    let mut first = init(human_and_easy(), seed(8));
    first.store = Some(Store::at(dir.join("store")));
    let app = launch_to_human(first);
    // Save…
    app.emit(Msg::Save);
    assert!(pump_until(10, || app.model().chooser.is_some()));
    // It opens in the store's saves folder.
    let target = dir.join("store").join("saves").join("my game.fief");
    let c = app.model().chooser.clone().unwrap();
    answer_chooser(&c, &target, true, false);
    assert!(pump_until(10, || target.exists()), "Save wrote nothing");
    assert!(app.model().chooser.is_none());
    let saved = fief::save::load(&target).unwrap();
    assert_eq!(saved.game.history, app.model().session.game().history);
    drop(app);

    // Load… in another window: the saved game comes back.
    let other = dir.join("other.fief");
    let game = a_saved_game(21, &other);
    let mut second = init(human_and_easy(), seed(9));
    second.store = Some(Store::at(dir.join("store")));
    let app = App::builder().launch(second).detach();
    app.widget().present();
    app.emit(Msg::Load);
    assert!(pump_until(10, || app.model().chooser.is_some()));
    let c = app.model().chooser.clone().unwrap();
    answer_chooser(&c, &other, false, false);
    assert!(pump_until(20, || app.model().session.game().options.seed == 21));
    let n = game.history.len();
    assert!(app
        .model()
        .session
        .game()
        .history
        .iter()
        .take(n)
        .eq(game.history.iter()));
    // A damaged file is refused with a message and left as it was.
    let bad = dir.join("bad.fief");
    let text = std::fs::read_to_string(&other)
        .unwrap()
        .replacen("\"history\"", "\"hist\"", 1);
    std::fs::write(&bad, &text).unwrap();
    app.emit(Msg::Load);
    assert!(pump_until(10, || app.model().chooser.is_some()));
    let c = app.model().chooser.clone().unwrap();
    answer_chooser(&c, &bad, false, false);
    assert!(pump_until(20, || window_named("load-refused").is_some()));
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
    assert_eq!(app.model().session.game().options.seed, 21);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data folder that cannot be written: the failure stays on screen and quitting asks.
#[gtk4::test]
fn a_failing_autosave_is_shown_and_quitting_asks() {
    let dir = temp_dir("readonly");
    // A file where the store's folder should be: nothing can be written under it.
    let blocked = dir.join("store");
    std::fs::write(&blocked, "not a folder").unwrap();
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(Store::at(&blocked));
    launch.ask_new_game = true;
    let app = App::builder().launch(launch).detach();
    app.widget().present();
    // No autosave to offer: the new-game dialog opens; start the game.
    assert!(pump_until(10, || app.model().shown));
    let dialog = app.model().w.new_game.sender().clone();
    dialog.emit(NewGameMsg::Start);
    assert!(pump_until(20, || !app.model().idle));
    assert!(app.model().session.autosave_problem().is_some());
    assert!(pump_until(5, || app.model().w.problem_bar.is_visible()));
    let shown = app.model().w.problem_label.text().to_string();
    assert!(shown.contains(&blocked.display().to_string()), "{shown}");
    assert!(shown.contains("is a file, not a folder"), "{shown}");
    // Still there after the bots moved on.
    pump_until(2, || false);
    assert!(app.model().w.problem_bar.is_visible());
    // Quitting asks instead of closing.
    app.emit(Msg::Quit);
    assert!(pump_until(10, || window_named("quit-unsaved").is_some()));
    assert!(app.widget().is_visible());
    // Dismissed, the banner goes.
    app.emit(Msg::DismissProblem);
    assert!(pump_until(5, || !app.model().w.problem_bar.is_visible()));
    // "Save As…" in the question: saved elsewhere, the window closes.
    app.emit(Msg::SaveAndQuit);
    assert!(pump_until(10, || app.model().chooser.is_some()));
    let rescue = dir.join("rescue.fief");
    let c = app.model().chooser.clone().unwrap();
    answer_chooser(&c, &rescue, true, true);
    assert!(pump_until(10, || !app.widget().is_visible()));
    assert!(fief::save::load(&rescue).is_ok());
    drop(app);
    // "Quit Anyway" closes without a save.
    let mut again = init(human_and_easy(), seed(5));
    again.store = Some(Store::at(&blocked));
    let app = App::builder().launch(again).detach();
    app.widget().present();
    assert!(pump_until(10, || app.model().shown));
    app.emit(Msg::StartGame(Box::new(NewGame {
        options: seed(6),
        seats: human_and_easy(),
        pace: None,
    })));
    assert!(pump_until(20, || app
        .model()
        .session
        .autosave_problem()
        .is_some()));
    app.emit(Msg::Quit);
    assert!(pump_until(10, || window_named("quit-unsaved").is_some()));
    app.emit(Msg::ForceQuit);
    assert!(pump_until(10, || !app.widget().is_visible()));
    assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "not a folder");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first widget named `name` under `root` (depth first).
fn widget_named(root: &gtk::Widget, name: &str) -> Option<gtk::Widget> {
    let mut stack = vec![root.clone()];
    while let Some(w) = stack.pop() {
        if w.widget_name() == name {
            return Some(w);
        }
        let mut c = w.first_child();
        while let Some(x) = c {
            c = x.next_sibling();
            stack.push(x);
        }
    }
    None
}

/// The Hint button shows the Hard bot's choice for the human's decision, from his own
/// view, with its reason, on the prompt bar and the map; it never plays it.
#[gtk4::test]
fn the_hint_shows_a_choice_and_its_reason_without_playing_it() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    let before = app.model().session.game().history.len();
    let button = app.model().w.hint_button.clone();
    assert!(button.is_sensitive());
    button.emit_clicked();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let root: gtk::Widget = app.widget().clone().upcast();
    let label = widget_named(&root, "prompt-hint")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .expect("the prompt bar's hint line");
    let (hint, offered) = {
        let m = app.model();
        assert_eq!(
            m.session.game().history.len(),
            before,
            "a hint is never played"
        );
        (m.current_hint().unwrap().clone(), m.session.offered())
    };
    assert!(
        offered.contains(&hint.action),
        "{:?} is not offered",
        hint.action
    );
    assert!(label.is_visible());
    let words = label.text().to_string();
    assert!(
        words.starts_with("Hint: ") && words.contains(" Why: ") && words.len() > 20,
        "{words}"
    );
    // Asked again for the same decision: nothing new is worked out.
    app.emit(Msg::Hint);
    pump_until(1, || false);
    assert!(app.model().hint_asked.is_none());
    // Once decided, the hint is gone.
    app.emit(Msg::Prompt(PromptOut::Chosen(hint.action.clone())));
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.game().history.len() > before && m.session.human_turn().is_some()
    }));
    pump_until(1, || false);
    assert!(app.model().current_hint().is_none());
    assert!(!label.is_visible());
    assert!(app.model().bot_errors.is_empty());
}

/// Outmatched in a battle, the human offers a truce for a price with a button of the
/// prompt bar; the Normal bot across refuses a price too low and the log says why.
#[gtk4::test]
fn a_truce_for_a_price_is_offered_from_the_prompt_bar_and_answered_with_a_reason() {
    let out = fief::scenario::run(include_str!("../../tests/fixtures/outmatched.json")).unwrap();
    let mut start = init(
        vec![
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Normal),
            Seat::Human,
            Seat::Bot(Level::Normal),
        ],
        seed(3),
    );
    start.game = out.game;
    let app = launch_to_human(start);
    let root: gtk::Widget = app.widget().clone().upcast();
    let labels: Vec<String> = buttons_in(&root)
        .iter()
        .filter_map(|b| b.label().map(|l| l.to_string()))
        .collect();
    let offer = |n: u8| {
        let want = format!(
            "Propose a truce, offering {n} Denier{} to each on the other side",
            if n == 1 { "" } else { "s" }
        );
        buttons_in(&root)
            .into_iter()
            .find(|b| b.label().is_some_and(|l| l == want.as_str()))
    };
    assert!(
        offer(1).is_some() && offer(3).is_some(),
        "a truce for 1 to 3 Deniers is on offer: {labels:?}"
    );
    offer(2).expect("2 Deniers").emit_clicked();
    let said = |app: &relm4::Controller<App>| {
        app.model()
            .session
            .game()
            .log
            .iter()
            .map(|e| e.text())
            .find(|t| t.starts_with("Gunter explains: "))
    };
    assert!(pump_until(30, || said(&app).is_some()));
    let why = said(&app).unwrap();
    assert!(why.ends_with("a truce would take 3 Deniers."), "{why}");
    assert_eq!(
        app.model().session.game().players[2].money,
        6,
        "nothing paid"
    );
    assert!(app.model().bot_errors.is_empty());
}

/// The modal ballot keeps the header's Hint button out of reach: it has its own, and the
/// hint shows on the ballot's line without casting the vote.
#[gtk4::test]
fn the_ballot_has_its_own_hint() {
    let mut start = init(human_and_normal(), seed(2));
    crate::advance(&mut start, crate::Moment::Vote).unwrap();
    let app = launch_to_human(start);
    assert!(pump_until(10, || window_named("ballot").is_some()));
    let root: gtk::Widget = window_named("ballot").unwrap().upcast();
    let before = app.model().session.game().history.len();
    let button = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "ballot-hint")
        .expect("the ballot's Hint button");
    button.emit_clicked();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let line = widget_named(&root, "ballot-hint-line")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .expect("the ballot's hint line");
    let words = line.text().to_string();
    assert!(line.is_visible(), "the hint is shown");
    assert!(
        words.starts_with("Hint: FOR ") && words.contains(" Why: "),
        "{words}"
    );
    assert_eq!(
        app.model().session.game().history.len(),
        before,
        "the hint is not cast"
    );
    assert!(window_named("ballot").is_some(), "the ballot stays open");
    assert!(app.model().bot_errors.is_empty());
}

/// Every button under `root` (depth first).
fn buttons_in(root: &gtk::Widget) -> Vec<gtk::Button> {
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(w) = stack.pop() {
        if let Some(b) = w.downcast_ref::<gtk::Button>() {
            out.push(b.clone());
        }
        let mut c = w.first_child();
        while let Some(x) = c {
            c = x.next_sibling();
            stack.push(x);
        }
    }
    out
}

/// The clicks an action costs through the prompt bar, the hand and the map (as before
/// this panel and dragging existed, and still): a button, or a menu and its item; a
/// card, then its use; a Village, then its menu if it offers several.
fn prompt_clicks(g: &Game, pool: &[Action], a: &Action) -> u32 {
    let in_menu = |sel: &Selection| {
        let listed = choices::listed(g, pool, sel);
        let (groups, _) = choices::groups(g, &listed);
        groups
            .iter()
            .any(|gr| gr.items.len() > 1 && gr.items.iter().any(|(_, x)| x == a))
    };
    if choices::is_finish(a) {
        return 1;
    }
    if matches!(a, Action::Vote { .. }) {
        return 2;
    }
    if let Some(c) = a.card() {
        return 2 + u32::from(in_menu(&Selection::Card(c)));
    }
    match choices::anchor(g, a) {
        Some(v) => match choices::click(g, pool, &Selection::None, v) {
            Click::Apply(_) => 1,
            _ => 2 + u32::from(in_menu(&Selection::Village(v))),
        },
        None => 1 + u32::from(in_menu(&Selection::None)),
    }
}

/// The game of the scenario `sc` (docs/scenarios.md) with Kirsten, the third of Grady,
/// David, Kirsten and Gunter, human, and bots of `level` around her.
fn kirsten_in(sc: &serde_json::Value, level: Level) -> AppInit {
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    let bot = Seat::Bot(level);
    let mut start = init(vec![bot, bot, Seat::Human, bot], seed(3));
    start.game = out.game;
    start
}

/// The outmatched battle of the fixture: Kirsten attacks Gunter in Charolles.
fn outmatched_scenario() -> serde_json::Value {
    serde_json::from_str(include_str!("../../tests/fixtures/outmatched.json")).unwrap()
}

/// The outmatched battle with `dice` scripted, Normal bots around her.
fn outmatched(dice: &[u8]) -> AppInit {
    let mut sc = outmatched_scenario();
    sc["dice"] = serde_json::json!(dice);
    kirsten_in(&sc, Level::Normal)
}

/// Item 2 of the new-user trial: "Fight to the end" no longer rolls on blind. Her first
/// roll (1, 1 against 6, 6) leaves her one Man-at-Arms: the next roll could take Eric, so
/// the order stops, says why, and offers Surrender and the truces again.
#[gtk4::test]
fn fight_to_the_end_stops_before_a_lord_is_exposed() {
    let app = launch_to_human(outmatched(&[1, 1, 6, 6]));
    pump_until(1, || false);
    let root: gtk::Widget = app.widget().clone().upcast();
    let fight_on = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "fight-on" && b.is_visible())
        .expect("the Fight to the end button");
    let before = app.model().session.game().history.len();
    fight_on.emit_clicked();
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.game().history.len() > before && m.session.human_turn().is_some()
    }));
    let m = app.model();
    let g = m.session.game();
    assert!(g.battle.is_some(), "the battle was fought to its end");
    assert!(m.session.offered().contains(&Action::Surrender));
    assert!(m.session.standing(2).is_none());
    assert!(
        m.status.starts_with("Fight to the end stopped:"),
        "{}",
        m.status
    );
    crate::ui::shoot(app.widget(), "fight-stopped");
    let eric = g.lords.iter().find(|l| l.owner == 2).unwrap();
    assert!(eric.captor.is_none(), "Eric was taken");
    assert!(m.bot_errors.is_empty());
}

/// Item 8: "Done until my purchases" does not throw away a Lord card: with one in hand,
/// her Play Cards step is asked, the Lord offered.
#[gtk4::test]
fn done_until_my_purchases_offers_a_lord_card_first() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 5,
        "position": {
            "first": "Kirsten",
            "phase": "marriage",
            "turn": "Kirsten",
            "players": {"Kirsten": {"hand": ["lord:charles"]}},
            "villages": {
                "blaye": {"troops": {"Kirsten": [2, 0]}, "controller": "Kirsten"},
                "bourg": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "blaye"},
                {"name": "Quentin", "owner": "David", "village": "bourg"},
                {"name": "Philippe", "owner": "Grady", "village": "sigy"},
                {"name": "Gauvain", "owner": "Gunter", "village": "tournus"}
            ]
        }
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    app.emit(Msg::Prompt(PromptOut::Stand(Standing::UntilPurchases)));
    let mut offered_lord = false;
    for _ in 0..40 {
        assert!(pump_until(30, || app
            .model()
            .session
            .human_turn()
            .is_some()));
        let (kind, offered) = {
            let m = app.model();
            (m.session.game().prompt().unwrap().kind, m.session.offered())
        };
        if offered.iter().any(|a| matches!(a, Action::PlayLord { .. })) {
            assert_eq!(kind, PromptKind::PlayCards);
            offered_lord = true;
            break;
        }
        assert_ne!(kind, PromptKind::Purchase, "Play Cards was passed");
        // Her draw is hers: she ends it; anything else asked, the first choice.
        let a = if offered.contains(&Action::EndDraw) {
            Action::EndDraw
        } else {
            offered[0].clone()
        };
        let before = app.model().session.game().history.len();
        app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        assert!(pump_until(30, || app.model().session.game().history.len() > before));
    }
    assert!(offered_lord, "the Lord card was never offered");
}

/// Item 6: an army that cannot move says why, where the pointer is: Eric's army in
/// Matour under Heavy Rain, dragged to Dompierre or clicked, gets a bubble naming the rain.
#[gtk4::test]
fn a_drag_that_cannot_be_made_says_why_at_the_pointer() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 5,
        "position": {
            "round": 3,
            "first": "Kirsten",
            "phase": "movement",
            "turn": "Kirsten",
            "villages": {
                "matour": {"troops": {"Kirsten": [3, 0]}, "controller": "Kirsten"},
                "blaye": {"troops": {"Kirsten": [1, 0]}, "controller": "Kirsten"},
                "bourg": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "matour"},
                {"name": "Charles", "owner": "Kirsten", "village": "blaye"},
                {"name": "Quentin", "owner": "David", "village": "bourg"},
                {"name": "Philippe", "owner": "Grady", "village": "sigy"},
                {"name": "Gauvain", "owner": "Gunter", "village": "tournus"}
            ],
            "bishoprics": {"4": ["heavy rain"]}
        }
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    let map = app.model().session.game().map.clone();
    let (matour, dompierre) = (
        map.find_village("matour").unwrap(),
        map.find_village("dompierre").unwrap(),
    );
    assert_eq!(
        app.model().session.game().prompt().unwrap().kind,
        PromptKind::Movement
    );
    let bubble = app.model().w.map.model().bubble.clone();
    assert!(!bubble.is_visible());
    app.emit(Msg::Map(MapOut::DragRefused(matour, dompierre)));
    assert!(pump_until(5, || bubble.is_visible()));
    let said = bubble
        .child()
        .and_then(|c| c.downcast::<gtk::Label>().ok())
        .map(|l| l.text().to_string())
        .unwrap_or_default();
    assert!(
        said.starts_with("No move from Matour to Dompierre:"),
        "{said}"
    );
    assert!(said.contains("Heavy Rain"), "{said}");
    assert_eq!(app.model().status, said);
    crate::ui::shoot(app.widget(), "why-not");
    // A click on the army's Village, with no Move open from it, says the same.
    app.emit(Msg::Map(MapOut::Clicked(Some(matour))));
    pump_until(1, || false);
    let status = app.model().status.clone();
    assert!(status.contains("Heavy Rain"), "{status}");
    assert!(bubble.is_visible());
    // The Village's tooltip names the rain too.
    let tip = text::village_tooltip(app.model().session.game(), Some(2), matour, &[]);
    assert!(tip.contains("Heavy Rain"), "{tip}");
}

/// Item 5: a yes/no question has its own Hint, which shows the suggestion and its reason
/// in the dialog without answering; and "answer every such question the same way" gives
/// the standing answer for the rest of the phase.
#[gtk4::test]
fn a_question_has_its_own_hint_and_a_standing_answer() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "David",
            "phase": "marriage",
            "turn": "David",
            "villages": {
                "beaujeu": {"troops": {"David": [1, 0]}},
                "bourg": {"troops": {"Kirsten": [1, 0]}},
                "cuisery": {"troops": {"Grady": [1, 0]}},
                "trivy": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Quentin", "owner": "David", "village": "beaujeu"},
                {"name": "Jeanne", "owner": "Kirsten", "village": "bourg"},
                {"name": "Thierry", "owner": "Grady", "village": "cuisery"},
                {"name": "Eric", "owner": "Gunter", "village": "trivy"}
            ]
        },
        "script": [["David", "propose quentin jeanne"]]
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    assert!(pump_until(10, || window_named("question").is_some()));
    let root: gtk::Widget = window_named("question").unwrap().upcast();
    let before = app.model().session.game().history.len();
    buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "question-hint")
        .expect("the question's Hint button")
        .emit_clicked();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let line = widget_named(&root, "question-hint-line")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .unwrap();
    let words = line.text().to_string();
    assert!(line.is_visible());
    assert!(
        words.starts_with("Hint: ") && words.contains(" Why: "),
        "{words}"
    );
    crate::ui::shoot(&root, "question");
    assert_eq!(app.model().session.game().history.len(), before);
    // The standing answer: ticked, then "No".
    let all = widget_named(&root, "answer-all")
        .and_then(|w| w.downcast::<gtk::CheckButton>().ok())
        .unwrap();
    all.set_active(true);
    let d = root.downcast::<adw::MessageDialog>().unwrap();
    d.response("no");
    assert!(pump_until(10, || app.model().session.game().history.len() > before));
    let kind = std::mem::discriminant(&PromptKind::MarriageAnswer {
        groom: 0,
        bride: 0,
        dowry: 0,
    });
    let m = app.model();
    assert!(
        m.session.standings(2).any(|o| matches!(
            o,
            Standing::Answer { kind: k, yes: false, .. } if k == kind
        )),
        "no standing answer"
    );
}

/// 11.1.1: the Teeth "may be used": when a Lord of hers is about to die and her Gauvain
/// carries the Teeth, Kirsten is asked in a dialog of its own, and her answer decides.
#[gtk4::test]
fn the_teeth_are_the_holders_choice_in_a_dialog() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "options": {"relics": true},
        "dice": [2],
        "position": {
            "first": "Grady",
            "phase": "marriage",
            "turn": "Gunter",
            "villages": {
                "charolles": {"troops": {"Kirsten": [2, 0]}},
                "blaye": {"troops": {"Gunter": [2, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "charolles"},
                {"name": "Gauvain", "owner": "Kirsten", "village": "charolles"},
                {"name": "Philippe", "owner": "Gunter", "village": "blaye"}
            ],
            "players": {"Gunter": {"hand": ["assassination"]}},
            "relics": {"teeth": "Gauvain"}
        },
        "script": [["Gunter", "assassinate eric sponsor=philippe"]]
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    assert!(pump_until(10, || window_named("question").is_some()));
    let root: gtk::Widget = window_named("question").unwrap().upcast();
    let d = root.clone().downcast::<adw::MessageDialog>().unwrap();
    assert_eq!(
        d.heading().map(|h| h.to_string()).as_deref(),
        Some("Teeth of Saint Géronce")
    );
    let body = d.body().to_string();
    assert!(body.contains("Eric") && body.contains("Gauvain"), "{body}");
    assert_eq!(d.response_label("yes").as_str(), "Use the Teeth");
    assert_eq!(d.response_label("no").as_str(), "Keep them");
    crate::ui::shoot(&root, "teeth");
    let eric = fief::rules::cards::find_lord("Eric").unwrap();
    // Eric is at death's door until she answers.
    assert!(app.model().session.game().at_deaths_door(eric));
    d.response("yes");
    assert!(pump_until(10, || !app
        .model()
        .session
        .game()
        .at_deaths_door(eric)));
    let m = app.model();
    let g = m.session.game();
    assert!(g.lord(eric).is_some(), "Eric was saved");
    assert!(g
        .relics
        .iter()
        .all(|r| r.relic != fief::rules::relics::Relic::Teeth
            || r.at == fief::rules::relics::RelicAt::Gone));
}

/// Item 9: every casualty of a roll in one decision. Kirsten takes 6 hits with 4
/// Men-at-Arms and 2 Knights (two Knights, or a Knight and 3 Men-at-Arms): the composer
/// presets the rules' default (Men-at-Arms first), and one click removes them all.
#[gtk4::test]
fn the_losses_of_a_roll_are_one_decision() {
    let mut sc = outmatched_scenario();
    sc["position"]["villages"]["charolles"]["troops"]["Kirsten"] = serde_json::json!([4, 2]);
    sc["dice"] = serde_json::json!([1, 1, 6, 6]);
    let app = launch_to_human(kirsten_in(&sc, Level::Normal));
    let before = app.model().session.game().history.len();
    app.emit(Msg::Prompt(PromptOut::Chosen(Action::Fight)));
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.human_turn().is_some()
            && m.session
                .offered()
                .iter()
                .any(|a| matches!(a, Action::Casualty(_)))
    }));
    pump_until(1, || false);
    let charolles = app
        .model()
        .session
        .game()
        .map
        .find_village("charolles")
        .unwrap();
    let root: gtk::Widget = app.model().w.prompt.widget().clone().upcast();
    let remove = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "remove-losses")
        .expect("the losses composer");
    assert!(remove.is_sensitive(), "{:?}", remove.tooltip_text());
    crate::ui::shoot(app.widget(), "losses");
    // The counts can be changed to any other choice the rules allow, and only to those.
    {
        use fief::rules::Casualty;
        let view = app.model().session.view();
        let g = &view.state;
        assert!(choices::losses_plan(g, 2, &[(Casualty::Knight(2), 2)]).is_ok());
        assert!(choices::losses_plan(g, 2, &[(Casualty::Maa(2), 4)]).is_err());
        assert!(choices::losses_plan(g, 2, &[(Casualty::Knight(2), 1)]).is_err());
        let (preset, kinds) = choices::default_losses(g, 2);
        assert_eq!(
            preset,
            vec![(Casualty::Maa(2), 3), (Casualty::Knight(2), 1)]
        );
        assert!(kinds.contains(&(Casualty::Maa(2), 4)));
        assert!(kinds.contains(&(Casualty::Knight(2), 2)));
    }
    let picked = app.model().session.game().history.len();
    remove.emit_clicked();
    assert!(pump_until(10, || {
        let m = app.model();
        !m.session
            .game()
            .prompt()
            .is_some_and(|pr| matches!(pr.kind, PromptKind::Losses { .. }) && pr.player == 2)
    }));
    let m = app.model();
    let g = m.session.game();
    // (Once a choice is made the rest may be forced: the engine takes those itself.)
    assert!(g.history.len() > picked);
    let t = g.villages[charolles as usize].troops[2];
    assert_eq!((t.maa, t.knights), (1, 1), "the rules' default");
    assert!(g.history.len() > before);
    assert!(m.bot_errors.is_empty());
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
        let before = app.model().session.game().history.len();
        let a = app.model().session.offered()[0].clone();
        app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        assert!(pump_until(30, || {
            let m = app.model();
            m.session.game().history.len() > before && m.session.human_turn().is_some()
        }));
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

/// What each of a human's decisions cost with the window as the new-user trial found it
/// (before issue 28): a casualty two clicks (its button, then the next), a purchase on
/// the panel one, a Move one drag, a routine step of Phases 1 to 3 nothing after the one
/// "Done until my purchases" of the round, every other step's end one click (the idle
/// steps were not passed), a question one, a vote two; the rest as the prompt bar takes
/// it. Windows in which passing was all one could do cost nothing then and now.
fn clicks_as_found(g: &Game, pool: &[Action], a: &Action, ordered: &mut bool) -> u32 {
    if pool == [Action::Pass] {
        return 0;
    }
    match a {
        Action::Casualty(_) => 2,
        Action::BuyMaa(_) | Action::BuyKnight(_) | Action::BuyMill(_) => 1,
        Action::Move(_) => 1,
        Action::Accept | Action::Refuse => 1,
        Action::Vote { .. } => 2,
        a if Standing::routine_end(a, pool) && g.phase.number() <= 3 => {
            u32::from(!std::mem::replace(ordered, true))
        }
        a if choices::is_finish(a) => 1,
        _ => prompt_clicks(g, pool, a),
    }
}

/// Round 2 of the game of `seed_` for a human against three Normal bots, played through
/// the window as a player would with what issue 28 added: "Done until my purchases"
/// once, his draw, the purchase panel, one army dragged, "Pass until this phase ends" in
/// reaction windows, "Fight to the end" and every casualty of a roll in one click, steps
/// with nothing to do passed for him. Returns his clicks, the same decisions costed as
/// the window took them before (`clicks_as_found`) and as the prompt bar alone takes
/// them (each Troop a Village click, its menu and its item; a Move its Village, its
/// destination and "Move"; each roll and each "Done" a click), and the steps.
fn round_clicks(seed_: u64) -> (u32, u32, u32, Vec<String>) {
    let mut start = init(human_and_normal(), seed(seed_));
    start.prefs.skip_idle = true;
    // Bots play the first round; the human takes the first choice offered.
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Normal, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(start.game.clone(), bots).unwrap();
    s.play(100_000, |g| g.round >= 2).unwrap();
    start.game = s.game().clone();
    let (round, first) = (start.game.round, start.game.clone());
    let app = launch_to_human(start);
    let (mut now, mut bought, mut moved, mut ordered) = (0u32, false, false, false);
    let mut steps = Vec::new();
    for _ in 0..400 {
        assert!(pump_until(60, || {
            let m = app.model();
            m.session.human_turn().is_some() || m.session.game().to_act().is_none()
        }));
        let (g, pool) = {
            let m = app.model();
            if m.session.game().to_act().is_none() {
                break;
            }
            (m.session.game().clone(), m.session.offered())
        };
        if g.round > round {
            break;
        }
        let prompt = g.prompt().map(|p| p.kind.clone());
        let history = g.history.len();
        pump_until(1, || false);
        let bar = app
            .model()
            .w
            .prompt
            .widget()
            .clone()
            .upcast::<gtk::Widget>();
        let named = |root: &gtk::Widget, name: &str| {
            buttons_in(root)
                .into_iter()
                .find(|b| b.widget_name() == name && b.is_visible() && b.is_sensitive())
        };
        let routine = pool.iter().any(|a| Standing::routine_end(a, &pool));
        if basket::buying(&pool) && !bought {
            let panel = app
                .model()
                .w
                .purchases
                .widget()
                .clone()
                .upcast::<gtk::Widget>();
            if let Some(maa) = pool.iter().find(|a| matches!(a, Action::BuyMaa(_))) {
                let tip = text::action(&g, maa);
                for _ in 0..2 {
                    let plus = buttons_in(&panel).into_iter().find(|b| {
                        b.tooltip_text().as_deref() == Some(tip.as_str()) && b.is_sensitive()
                    });
                    let Some(plus) = plus else { break };
                    plus.emit_clicked();
                    pump_until(1, || false);
                    now += 1;
                }
            }
            named(&panel, "purchase-finish")
                .expect("the panel's confirm button")
                .emit_clicked();
            now += 1;
            bought = true;
            steps.push("buy".to_string());
        } else if prompt == Some(PromptKind::Movement)
            && !moved
            && !choices::roads(&g, &pool).is_empty()
        {
            let (from, to) = choices::roads(&g, &pool)[0];
            app.emit(Msg::Map(MapOut::Dragged(from, to)));
            moved = true;
            now += 1;
            steps.push("drag".into());
        } else if let Some(b) = named(&bar, "remove-losses") {
            b.emit_clicked();
            now += 1;
            steps.push("losses".into());
        } else if let Some(b) = named(&bar, "fight-on") {
            b.emit_clicked();
            now += 1;
            steps.push("fight-on".into());
        } else if routine && !ordered && g.phase.number() <= 3 {
            named(&bar, "until-purchases")
                .expect("Done until my purchases")
                .emit_clicked();
            ordered = true;
            now += 1;
            steps.push("until-purchases".into());
        } else if let Some(b) = named(&bar, "pass-phase") {
            b.emit_clicked();
            now += 1;
            steps.push("pass-phase".into());
        } else if let Some(b) = named(&bar, "draw-all") {
            b.emit_clicked();
            now += 1;
            steps.push("draw-all".into());
        } else {
            let a = if pool.contains(&Action::DrawFortune) {
                Action::DrawFortune
            } else {
                pool.iter()
                    .find(|a| choices::is_finish(a))
                    .unwrap_or(&pool[0])
                    .clone()
            };
            now += match a {
                Action::Vote { .. } => 2,
                Action::Accept | Action::Refuse | Action::DrawFortune => 1,
                _ => prompt_clicks(&g, &pool, &a),
            };
            steps.push(format!("{a:?}"));
            app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        }
        assert!(
            pump_until(30, || app.model().session.game().history.len() > history),
            "the window did not take the clicks: {steps:?}"
        );
    }
    // The same decisions, costed as the window took them before.
    let end = app.model().session.game().clone();
    assert!(end.round > round, "the round did not end: {steps:?}");
    let mut replay = first;
    let (mut before, mut bar_alone, mut ordered) = (0, 0, false);
    for (p, a) in end.history.since(replay.history.len()) {
        if replay.round > round {
            break;
        }
        if *p == 0 {
            let pool = replay.legal_actions(0);
            before += clicks_as_found(&replay, &pool, a, &mut ordered);
            bar_alone += match a {
                _ if pool == [Action::Pass] => 0,
                Action::Move(_) => 3,
                _ => prompt_clicks(&replay, &pool, a),
            };
        }
        replay.apply(*p, a.clone()).unwrap();
    }
    eprintln!(
        "seed {seed_}: clicks now {now}, as found {before}, by the prompt bar alone {bar_alone}: {steps:?}"
    );
    assert!(bought && moved, "{steps:?}");
    assert!(app.model().bot_errors.is_empty());
    (now, before, bar_alone, steps)
}

/// A whole round, counted (`round_clicks`): a busy one (reaction windows, a battle, its
/// casualties, a question; 33 clicks as found, 43 by the prompt bar alone, which is what
/// the window took before the purchase panel, the drag and the standing orders) now
/// takes at most half of either; a quieter one fewer, and a quiet one no more.
#[gtk4::test]
fn a_whole_round_takes_half_the_clicks_it_did() {
    let (now, before, bar, steps) = round_clicks(6);
    assert!(before >= 25, "not the busy round: {before} {steps:?}");
    assert!(2 * now <= before, "now {now}, as found {before}: {steps:?}");
    assert!(
        2 * now <= bar,
        "now {now}, by the bar alone {bar}: {steps:?}"
    );
    let (now, before, bar, steps) = round_clicks(11);
    assert!(now < before, "now {now}, as found {before}: {steps:?}");
    assert!(now < bar, "now {now}, by the bar alone {bar}: {steps:?}");
    let (now, before, _, steps) = round_clicks(9);
    assert!(now <= before, "now {now}, as found {before}: {steps:?}");
}

/// Declaring a battle asks first (Preferences), and the question gives the attack's
/// odds as the prompt bar does; "Attack" starts it.
#[gtk4::test]
fn the_attack_confirmation_gives_the_odds() {
    let mut init = init(human_and_normal(), seed(2));
    init.prefs.confirm_attack = true;
    let app = launch_to_human(init);
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut driver = fief::bots::new_bot(Level::Normal, 7, Budget::Iterations(1));
    let mut declare = None;
    for _ in 0..600 {
        let offered = app.model().session.offered();
        declare = offered
            .iter()
            .find(|a| matches!(a, Action::DeclareBattle { .. }))
            .cloned();
        if declare.is_some() {
            break;
        }
        let g = app.model().session.game().clone();
        let a = driver.choose(&g.bot_view(0), &never).unwrap();
        let before = g.history.len();
        app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        assert!(pump_until(30, || {
            let m = app.model();
            m.session.game().history.len() > before && m.session.human_turn().is_some()
        }));
    }
    let declare = declare.expect("an attack to declare");
    let g = app.model().session.game().clone();
    let odds = text::attack_chances(&g, Some(0), &declare).unwrap();
    assert!(odds.contains("win ") && odds.contains('%'), "{odds}");
    app.emit(Msg::Prompt(PromptOut::Chosen(declare.clone())));
    let mut dialog = None;
    assert!(pump_until(10, || {
        dialog = gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
            .find(|d| d.is_visible());
        dialog.is_some()
    }));
    let d = dialog.unwrap();
    assert_eq!(d.heading().as_deref(), Some("Start a battle?"));
    let body = d.body();
    assert!(body.ends_with(&odds), "{body}");
    assert_eq!(app.model().session.game().history.len(), g.history.len());
    d.response("attack");
    assert!(pump_until(10, || app.model().session.game().history.len()
        > g.history.len()));
    let m = app.model();
    let first = m
        .session
        .game()
        .history
        .since(g.history.len())
        .next()
        .cloned();
    assert_eq!(first, Some((0, declare)));
}
