//! GTK tests of the window's file flows: the autosave, the last game offered again, Save…
//! and Load… through their choosers, the game in progress kept, and quitting when the game
//! cannot be saved (run under a virtual display: `xvfb-run -a cargo test`).

use super::setup::*;
use crate::ui::app::*;

/// The autosave policy in the window: scripted starts never write the player's autosave,
/// nothing plays behind the resume offer, Resume and every human decision write it, and
/// quitting saves it.
#[gtk4::test]
fn only_the_players_game_is_autosaved_and_offered_again() {
    let (dir, store, real) = last_game_in("autosave", 12);
    let bytes = std::fs::read(store.autosave_path()).unwrap();

    // A scripted start (a given game, not asked for) plays without touching it.
    let mut scripted = init(human_and_easy(), seed(3));
    scripted.store = Some(store.clone());
    let app = launch_to_human(scripted);
    assert!(app.model().session.applied() > 0, "the bots did not play");
    let start = app.model().session.legal()[0].clone();
    app.emit(Msg::Prompt(PromptOut::Chosen(start)));
    pump_until(2, || false);
    app.emit(Msg::Quit);
    assert!(pump_until(10, || !app.widget().is_visible()));
    drop(app);
    assert_eq!(std::fs::read(store.autosave_path()).unwrap(), bytes);

    // A plain launch offers the game; nothing plays and nothing is written meanwhile.
    let app = launch_asking(store.clone());
    wait_for_resume_offer(&app);
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
    assert!(played_on(&saved.game, &real));

    // Every human decision is written.
    wait_for_human(&app);
    let before = app.model().session.game().history.len();
    let a = app.model().session.legal().last().unwrap().clone();
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
    let (dir, store, _) = last_game_in("five-seats", 14);
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
    let app = open(*start);
    wait_for_resume_offer(&app);
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
    let (dir, store, _) = last_game_in("damaged", 13);
    let mut text = std::fs::read_to_string(store.autosave_path()).unwrap();
    text.truncate(text.len() / 2);
    std::fs::write(store.autosave_path(), &text).unwrap();
    let app = launch_asking(store.clone());
    assert!(pump_until(20, || app.model().files.unrestorable));
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
    let (dir, store, real) = last_game_in("damaged-copy", 15);
    let copy = fief::save::backup_path(&store.autosave_path());
    std::fs::copy(store.autosave_path(), &copy).unwrap();
    // A few bytes changed in the middle of the autosave.
    let mut bytes = std::fs::read(store.autosave_path()).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid..mid + 6].copy_from_slice(b"@#!%&*");
    std::fs::write(store.autosave_path(), &bytes).unwrap();
    let app = launch_asking(store.clone());
    // (Another test's dialog may still be open: this one names this test's file.)
    let d = message_dialog(20, |d| {
        d.widget_name() == "resume-dialog" && d.body().contains(&copy.display().to_string())
    });
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
    assert!(played_on(app.model().session.game(), &real));
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
    let app = open(start);
    assert!(pump_until(10, || app.model().shown));
    start_game(&app, 16);
    wait_for_human(&app);
    let a = app.model().session.legal()[0].clone();
    app.emit(Msg::Prompt(PromptOut::Chosen(a)));
    wait_for_human(&app);
    let played = app.model().session.game().clone();
    start_game(&app, 17);
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
    assert!(played_on(&saved.game, &played));
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
    // It opens in the store's saves folder.
    let target = dir.join("store").join("saves").join("my game.fief");
    answer_chooser(&the_chooser(&app), &target, true, false);
    assert!(pump_until(10, || target.exists()), "Save wrote nothing");
    assert!(app.model().files.chooser.is_none());
    let saved = fief::save::load(&target).unwrap();
    assert_eq!(saved.game.history, app.model().session.game().history);
    drop(app);

    // Load… in another window: the saved game comes back.
    let other = dir.join("other.fief");
    let game = a_saved_game(21, &other);
    let mut second = init(human_and_easy(), seed(9));
    second.store = Some(Store::at(dir.join("store")));
    let app = open(second);
    app.emit(Msg::Load);
    answer_chooser(&the_chooser(&app), &other, false, false);
    assert!(pump_until(20, || app.model().session.game().options.seed == 21));
    assert!(played_on(app.model().session.game(), &game));
    // A damaged file is refused with a message and left as it was.
    let bad = dir.join("bad.fief");
    let text = std::fs::read_to_string(&other)
        .unwrap()
        .replacen("\"history\"", "\"hist\"", 1);
    std::fs::write(&bad, &text).unwrap();
    app.emit(Msg::Load);
    answer_chooser(&the_chooser(&app), &bad, false, false);
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
    let app = launch_asking(Store::at(&blocked));
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
    let rescue = dir.join("rescue.fief");
    answer_chooser(&the_chooser(&app), &rescue, true, true);
    assert!(pump_until(10, || !app.widget().is_visible()));
    assert!(fief::save::load(&rescue).is_ok());
    drop(app);
    // "Quit Anyway" closes without a save.
    let mut again = init(human_and_easy(), seed(5));
    again.store = Some(Store::at(&blocked));
    let app = open(again);
    assert!(pump_until(10, || app.model().shown));
    start_game(&app, 6);
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
