//! What the window's GTK tests share: the window opened on a game, saved games and folders
//! of their own, and the ways a person finds and answers what it shows.

pub(super) use crate::ui::app::prefs::Pace;
use crate::ui::app::*;
pub(super) use crate::ui::board::canvas::MapOut;
use crate::ui::dialogs::new_game::NewGame;
pub(super) use crate::ui::dialogs::new_game::NewGameMsg;
pub(super) use crate::ui::panels::prompt_bar::PromptOut;
pub(super) use crate::ui::{answer_chooser, pump_until};
pub(super) use fief::bots::Level;
pub(super) use fief::rules::PromptKind;
pub(super) use fief::save::Store;
pub(super) use relm4::Component;
pub(super) use std::path::Path;

/// The window under test.
pub(super) type Window = relm4::Controller<App>;

pub(super) fn init(seats: Vec<Seat>, options: Options) -> AppInit {
    let _ = adw::init();
    AppInit {
        game: Game::new(options).unwrap(),
        seats,
        prefs: Prefs {
            pace: Pace::Instant,
            auto_pass: true,
            // The tests of battles decide their rolls and losses by hand (clicks.rs plays
            // with the defaults).
            decide_rolls: true,
            choose_losses: true,
            ..Prefs::default()
        },
        ask_new_game: false,
        hard_budget: Budget::Iterations(20),
        prefs_path: None,
        prefs_problems: Vec::new(),
        store: None,
        net_dir: None,
        lesson: None,
    }
}

pub(super) fn seed(seed: u64) -> Options {
    Options {
        seed,
        ..Options::default()
    }
}

/// A human in seat 0 against three bots of `level`.
pub(super) fn human_and(level: Level) -> Vec<Seat> {
    let mut seats = vec![Seat::Bot(level); 4];
    seats[0] = Seat::Human;
    seats
}

pub(super) fn human_and_easy() -> Vec<Seat> {
    human_and(Level::Easy)
}

pub(super) fn human_and_normal() -> Vec<Seat> {
    human_and(Level::Normal)
}

pub(super) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fief-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The visible top-level window of this widget name, if any.
pub(super) fn window_named(name: &str) -> Option<gtk::Window> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.widget_name() == name && w.is_visible())
}

/// A game of `seed` played by Easy bots (the human's seat too) into round 2, written
/// to `path` as a save with a human in seat 0.
pub(super) fn a_saved_game(seed_: u64, path: &Path) -> Game {
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

/// A folder of its own (`temp_dir`) whose store's autosave holds the game of `seed_` played
/// into round 2 (`a_saved_game`): the folder, the store and the game.
pub(super) fn last_game_in(name: &str, seed_: u64) -> (PathBuf, Store, Game) {
    let dir = temp_dir(name);
    let store = Store::at(&dir);
    let game = a_saved_game(seed_, &store.autosave_path());
    (dir, store, game)
}

/// `later`'s history begins with `earlier`'s: the same game, played on.
pub(super) fn played_on(later: &Game, earlier: &Game) -> bool {
    later
        .history
        .iter()
        .take(earlier.history.len())
        .eq(earlier.history.iter())
}

/// Waits until the window offers to resume the last game.
pub(super) fn wait_for_resume_offer(app: &Window) {
    assert!(pump_until(20, || app.model().files.resumable.is_some()));
    assert!(pump_until(5, || window_named("resume-dialog").is_some()));
}

/// Opens the window and lets the bots play until the human has a decision to make.
pub(super) fn launch_to_human(init: AppInit) -> Window {
    let app = open(init);
    wait_for_human(&app);
    app
}

pub(super) use crate::ui::app::drive::widget_named;

/// Every button under `root` (depth first).
pub(super) fn buttons_in(root: &gtk::Widget) -> Vec<gtk::Button> {
    crate::ui::descendants(root)
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Button>().ok())
        .collect()
}

/// The game of the scenario `sc` (docs/scenarios.md) with Kirsten, the third of Grady,
/// David, Kirsten and Gunter, human, and bots of `level` around her.
pub(super) fn kirsten_in(sc: &serde_json::Value, level: Level) -> AppInit {
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    let bot = Seat::Bot(level);
    let mut start = init(vec![bot, bot, Seat::Human, bot], seed(3));
    start.game = out.game;
    start
}

/// The outmatched battle of the fixture: Kirsten attacks Gunter in Charolles.
pub(super) fn outmatched_scenario() -> serde_json::Value {
    serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/outmatched.json"
    )))
    .unwrap()
}

/// Opens the window of `init` on screen, after closing every window an earlier test left
/// open: the GTK tests share one process, and a dialog still showing from the test before
/// (a question the bots raised after its last check) must not be taken for this one's.
pub(super) fn open(init: AppInit) -> Window {
    for w in gtk::Window::list_toplevels() {
        if let Ok(w) = w.downcast::<gtk::Window>() {
            // A bubble still open holds the keyboard's grab on the X server past its
            // window's end: it is closed first (the keyboard test's keys would go to it).
            close_popovers(w.upcast_ref());
            w.destroy();
        }
    }
    let ctx = gtk::glib::MainContext::default();
    while ctx.iteration(false) {}
    let app = App::builder().launch(init).detach();
    app.widget().present();
    app
}

/// Closes every popover open under `root`.
fn close_popovers(root: &gtk::Widget) {
    for w in crate::ui::descendants(root) {
        if let Some(p) = w.downcast_ref::<gtk::Popover>() {
            p.popdown();
        }
    }
}

/// A plain launch (the last game is offered, or the new-game dialog opens) with its saves
/// in `store`, for a human against three Easy bots.
pub(super) fn launch_asking(store: Store) -> Window {
    let mut launch = init(human_and_easy(), seed(4));
    launch.store = Some(store);
    launch.ask_new_game = true;
    open(launch)
}

/// Waits until the human has a decision to make.
pub(super) fn wait_for_human(app: &Window) {
    assert!(pump_until(60, || app
        .model()
        .session
        .human_turn()
        .is_some()));
}

/// Chooses `a` for the human as the prompt bar does, and waits until it was applied and his
/// next decision came.
pub(super) fn choose_and_wait(app: &Window, a: Action) {
    let before = app.model().session.game().history.len();
    app.emit(Msg::Prompt(PromptOut::Chosen(a)));
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.game().history.len() > before && m.session.human_turn().is_some()
    }));
}

/// Starts the game of `seed_` as the New Game dialog does: a human against three Easy bots.
pub(super) fn start_game(app: &Window, seed_: u64) {
    app.emit(Msg::StartGame(Box::new(NewGame {
        options: seed(seed_),
        seats: human_and_easy(),
        pace: None,
        place: crate::ui::dialogs::new_game::Place::Here,
        bot_after: None,
    })));
}

/// The first visible message dialog that `want` takes, waited for `secs` at most.
pub(super) fn message_dialog(
    secs: u64,
    want: impl Fn(&adw::MessageDialog) -> bool,
) -> adw::MessageDialog {
    let mut dialog = None;
    assert!(pump_until(secs, || {
        dialog = gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
            .find(|d| d.is_visible() && want(d));
        dialog.is_some()
    }));
    dialog.unwrap()
}

/// The file chooser the window opened, once it is open.
pub(super) fn the_chooser(app: &Window) -> gtk::FileChooserNative {
    assert!(pump_until(10, || app.model().files.chooser.is_some()));
    app.model().files.chooser.clone().unwrap()
}

/// Answers `d` with `response` as a click on that button does: the answer, then the dialog
/// closes (`response` alone leaves it on screen, over the window).
pub(super) fn answer(d: &adw::MessageDialog, response: &str) {
    d.response(response);
    d.close();
}

/// A host in this process, over loopback only, in a new folder `name`, with one table of
/// `seats` dealt from `seed` (`first`: the first player, else drawn): the host (it stops
/// when dropped), the table's id, the invitation's text and the host's folder.
pub(super) fn hosted_table(
    name: &str,
    seed: u64,
    first: Option<u8>,
    seats: Vec<fief::net::table::SeatPlan>,
) -> (fief::net::hosting::Hosting, String, String, PathBuf) {
    use fief::net::transport::{Reach, REACH_VAR};
    std::env::set_var(REACH_VAR, "local");
    let dir = temp_dir(name);
    let host =
        fief::net::hosting::Hosting::start(&dir, Reach::Local, Budget::Iterations(10)).unwrap();
    let table = host
        .new_table(fief::net::host::TableSpec {
            options: Options {
                players: seats.len() as u8,
                seed,
                first_player: first,
                ..Options::default()
            },
            seats,
            bot_after: None,
            stand_in: Level::Easy,
        })
        .unwrap();
    let code = host.ticket(&table).unwrap().encode();
    (host, table, code, dir)
}
