//! GTK test that nothing is cut off: the main screens at 1280×800 in English, French and
//! German, and on each no label on screen is ellipsized nor runs out of its box. The screens:
//! the main window on each side page, a purchase, a Move being composed, a battle, an
//! election, the news after a round, the end of a game, New Game and Preferences. Run under
//! a virtual display: `GTK_A11Y=none xvfb-run -a cargo test --bin fief
//! ui::app::tests::cutoff -- --test-threads=1`.

use super::setup::*;
use super::still::{open_at_1280x800, widgets_in};
use crate::ui::app::msg::Page;
use crate::ui::app::*;
use crate::ui::plan::clicks::{self, Selection};
use crate::ui::Language;
use fief::map::VillageId;
use fief::session::Played;

/// Every label on screen (in every window shown) that is ellipsized, whose text runs out of
/// its box, or that reaches out of sight: past its window's edge, or past the side of a
/// list that scrolls sideways (the prompt bar's row of buttons). Named by its text.
fn cut_labels() -> Vec<String> {
    let mut out = Vec::new();
    for w in gtk::Window::list_toplevels() {
        if !w.is_visible() {
            continue;
        }
        for l in widgets_in::<gtk::Label>(&w) {
            if !l.is_drawable() || l.text().is_empty() {
                continue;
            }
            if let Some(cut) = cut(&l) {
                out.push(format!("“{}” ({cut})", l.text()));
            }
        }
    }
    out
}

/// How `l` is cut, if it is.
fn cut(l: &gtk::Label) -> Option<&'static str> {
    let layout = l.layout();
    let (width, height) = layout.pixel_size();
    if layout.is_ellipsized() {
        return Some("ellipsized");
    }
    if width > l.width() + 1 || height > l.height() + 1 {
        return Some("out of its box");
    }
    let inside = |outer: &gtk::Widget, sideways_only: bool| {
        l.compute_bounds(outer).is_none_or(|b| {
            let across = b.x() >= -1.0 && b.x() + b.width() <= outer.width() as f32 + 1.0;
            let down = b.y() >= -1.0 && b.y() + b.height() <= outer.height() as f32 + 1.0;
            across && (sideways_only || down)
        })
    };
    // A list that scrolls down holds more than its height: what is below is not cut.
    let mut scrolls_down = false;
    let mut up = l.parent();
    while let Some(w) = up {
        if let Some(sw) = w.downcast_ref::<gtk::ScrolledWindow>() {
            if sw.hscrollbar_policy() != gtk::PolicyType::Never && !inside(&w, true) {
                return Some("out of sight in a row that scrolls sideways");
            }
            scrolls_down |= sw.vscrollbar_policy() != gtk::PolicyType::Never;
        }
        up = w.parent();
    }
    let root = l.root()?.upcast::<gtk::Widget>();
    (!inside(&root, scrolls_down)).then_some("past the window's edge")
}

/// The test's own check: a label too long for its box is found, and a label that fits is
/// not.
fn finds_a_cut_label() {
    let win = gtk::Window::new();
    let column = gtk::Box::new(gtk::Orientation::Vertical, 0);
    let fits = gtk::Label::new(Some("Short"));
    let long = gtk::Label::new(Some(&"A label far longer than its box ".repeat(8)));
    long.set_ellipsize(gtk::pango::EllipsizeMode::End);
    column.append(&fits);
    column.append(&long);
    win.set_child(Some(&column));
    win.set_default_size(200, 100);
    win.present();
    pump_until(1, || false);
    assert_eq!(cut(&fits), None);
    assert_eq!(cut(&long), Some("ellipsized"));
    win.destroy();
}

/// Looks at the screens on show: what is cut there is added to `cuts`, under `screen`.
fn look(cuts: &mut Vec<String>, lang: &str, screen: &str) {
    pump_until(1, || false);
    for c in cut_labels() {
        let line = format!("{lang}, {screen}: {c}");
        if !cuts.contains(&line) {
            cuts.push(line);
        }
    }
}

/// The game of `seed` played by bots until the first seat is asked what `stop` takes (or,
/// `None`, until the game is over: then after 2 rounds), for a window where that seat is
/// human.
fn game_at(seed_: u64, stop: Option<fn(&Game) -> bool>) -> AppInit {
    let mut options = seed(seed_);
    if stop.is_none() {
        options.round_cap = Some(2);
    }
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Easy, seed_ + p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(Game::new(options.clone()).unwrap(), bots).unwrap();
    let played = s
        .play(200_000, |g| {
            stop.is_some_and(|f| g.prompt().is_some_and(|pr| pr.player == 0) && f(g))
        })
        .unwrap();
    assert!(
        matches!(
            (played, stop),
            (Played::Stopped, Some(_)) | (Played::Over, None)
        ),
        "seed {seed_} never came to the moment"
    );
    let mut start = init(human_and_easy(), options);
    start.game = s.game().clone();
    start
}

fn kind(g: &Game) -> Option<PromptKind> {
    g.prompt().map(|pr| pr.kind.clone())
}

/// Walks the screens in `lang`, adding what is cut to `cuts`.
fn walk(lang: &str, cuts: &mut Vec<String>) {
    let _lang = Language::set(lang);
    // The main window at a Move, on each side page; then a Move composed.
    let app = open_at_1280x800(game_at(
        4,
        Some(|g| g.round >= 2 && kind(g) == Some(PromptKind::Movement)),
    ));
    wait_for_human(&app);
    for page in [Page::Log, Page::Battle, Page::Election, Page::Purchase] {
        app.emit(Msg::ShowPage(page));
        look(cuts, lang, &format!("page {page:?}"));
    }
    app.emit(Msg::ShowPage(Page::Log));
    // A save's notice and a failed save, with a long path (a file stands where a folder
    // should be).
    let dir = temp_dir("cut-off-notices");
    std::fs::write(dir.join("blocked"), "a file").unwrap();
    let long = dir
        .join("blocked")
        .join("a folder with a rather long name for the saved games")
        .join("the game of the long winter evenings.fief");
    app.emit(Msg::SaveTo(Some(long.clone())));
    assert!(pump_until(5, || app.model().w.problem_bar.is_visible()));
    // A save's notice with that path (the notice's words are the path's, untranslated).
    window::toast(&app.model().w.toasts, &long.display().to_string());
    look(cuts, lang, "a save's notices");
    app.emit(Msg::DismissProblem);
    let _ = std::fs::remove_dir_all(&dir);
    let g = app.model().session.game().clone();
    // The Move with the most to compose: the most ways to go, then the most Lords.
    let mut moves: Vec<(VillageId, VillageId, Vec<fief::rules::MoveHow>, usize)> = Vec::new();
    for a in app.model().session.legal() {
        let Action::Move(m) = &a else { continue };
        let Some(from) = clicks::anchor(&g, &a) else {
            continue;
        };
        match moves.iter_mut().find(|x| x.0 == from && x.1 == m.to) {
            Some(x) => {
                if !x.2.contains(&m.how) {
                    x.2.push(m.how);
                }
                x.3 = x.3.max(m.lords.len());
            }
            None => moves.push((from, m.to, vec![m.how], m.lords.len())),
        }
    }
    let (from, to, _, _) = moves
        .into_iter()
        .max_by_key(|x| (x.2.len(), x.3))
        .expect("a Move to compose");
    app.emit(Msg::Map(MapOut::Clicked(Some(from))));
    app.emit(Msg::Map(MapOut::Clicked(Some(to))));
    assert!(pump_until(5, || app.model().selection == Selection::MoveTo(from, to)));
    look(cuts, lang, "a Move composed");
    app.emit(Msg::Cancel);
    // On to the next round: the news of the round over.
    let round = g.round;
    for _ in 0..400 {
        if app.model().session.game().round > round {
            break;
        }
        let legal = app.model().session.legal();
        let a = legal
            .iter()
            .find(|a| clicks::is_finish(a))
            .unwrap_or(&legal[0])
            .clone();
        choose_and_wait(&app, a);
    }
    assert!(app.model().session.game().round > round, "no new round");
    assert!(app.model().w.news.title.is_drawable());
    look(cuts, lang, "the news of a round over");
    // New Game and Preferences.
    app.emit(Msg::NewGame);
    assert!(pump_until(10, || window_named("new-game").is_some()));
    look(cuts, lang, "New Game");
    window_named("new-game").unwrap().close();
    app.emit(Msg::Preferences);
    let prefs = || {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<adw::PreferencesWindow>().ok())
            .find(|w| w.is_visible())
    };
    assert!(pump_until(10, || prefs().is_some()));
    look(cuts, lang, "Preferences");
    prefs().unwrap().close();
    // A purchase.
    let app = open_at_1280x800(game_at(
        4,
        Some(|g| g.round >= 2 && kind(g) == Some(PromptKind::Purchase)),
    ));
    wait_for_human(&app);
    look(cuts, lang, "a purchase");
    // A battle.
    let app = open_at_1280x800(game_at(
        7,
        Some(|g| g.battle.is_some() && matches!(kind(g), Some(PromptKind::BattleChoice { .. }))),
    ));
    wait_for_human(&app);
    look(cuts, lang, "a battle");
    // An election: the ballot, then the Election page.
    let app = open_at_1280x800(game_at(
        1,
        Some(|g| matches!(kind(g), Some(PromptKind::Vote(_)))),
    ));
    wait_for_human(&app);
    assert!(pump_until(10, || window_named("ballot").is_some()));
    look(cuts, lang, "the ballot");
    // The end of a game.
    let app = open_at_1280x800(game_at(2, None));
    let end = message_dialog(20, |d| d.widget_name() == "end-dialog");
    look(cuts, lang, "the end of the game");
    end.close();
    // Learn to Play: the lessons' window, then a lesson with its coach.
    app.emit(Msg::Lessons);
    assert!(pump_until(10, || window_named("lessons").is_some()));
    look(cuts, lang, "the lessons");
    window_named("lessons").unwrap().close();
    app.emit(Msg::StartLesson(5));
    assert!(pump_until(10, || {
        let m = app.model();
        m.learning.run.is_some() && m.session.human_turn().is_some()
    }));
    look(cuts, lang, "a lesson");
    drop(app);
}

#[gtk4::test]
fn nothing_is_cut_off_at_1280x800_in_english_french_and_german() {
    finds_a_cut_label();
    let mut cuts = Vec::new();
    for lang in ["en", "fr", "de"] {
        walk(lang, &mut cuts);
    }
    assert!(cuts.is_empty(), "cut off:\n{}", cuts.join("\n"));
}
