//! The main window: header bar (New Game, Undo, round and phase, primary menu), the map, the
//! family boards, the card hand, the prompt bar and the log, battle and election pages.
//! The game itself lives in a GTK-free [`Session`] (seats, bots, undo, hotseat, autosave):
//! this component only turns its state into widgets and clicks into its calls. Bots think on
//! worker threads and their moves are shown at the pace chosen in Preferences; saves are
//! loaded on worker threads too.

use super::basket;
use super::battle_panel::BattleMsg;
use super::card_hand::{HandMsg, HandOut};
use super::choices::{self, Click, Selection};
use super::election_dialog::{BallotMsg, BallotOut, ElectionPanelMsg};
use super::family_board::BoardsMsg;
use super::game_log::LogMsg;
use super::map_canvas::{MapMsg, MapOut, MapShow, Mark};
use super::new_game::{NewGame, NewGameMsg};
use super::preferences::{Prefs, PrefsMsg, PrefsProblem};
use super::prompt_bar::{PromptData, PromptMsg, PromptOut};
use super::purchase_panel::PurchaseMsg;
use super::rules_pane::RulesMsg;
use super::text;
use super::window::{self, post};
use super::{log_text, question_text};
use super::{tr, trf};
use fief::bots::Budget;
use fief::map::VillageId;
use fief::rules::{Action, Game, Options, PlayerId, PromptKind, View};
use fief::save::{LoadError, Saved, Store};
use fief::session::{
    worth_resuming, Answered, Autosave, BotAnswer, BotFailure, Next, Seat, Session, Settings,
    Standing,
};
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk, Component, ComponentController, ComponentParts, ComponentSender};
use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

pub const APP_NAME: &str = "Fief: France 1429";

/// How the window starts.
pub struct AppInit {
    pub game: Game,
    pub seats: Vec<Seat>,
    pub prefs: Prefs,
    /// A plain launch: the board waits, idle, while the app offers to resume the last game
    /// or opens the new-game dialog. Otherwise (a scripted start) `game` is played at once,
    /// without touching the player's autosave.
    pub ask_new_game: bool,
    /// How long the Hard bot thinks per decision.
    pub hard_budget: Budget,
    /// Where the preferences are kept (None: not kept, as in the tests).
    pub prefs_path: Option<PathBuf>,
    /// What was wrong in the preferences file, told once the window is up.
    pub prefs_problems: Vec<PrefsProblem>,
    /// Where saves and the autosave go (None: nowhere, as in the tests).
    pub store: Option<Store>,
}

impl AppInit {
    /// The seats of the preferences (by default one human against three Normal bots), a
    /// random seed, the preferences and saves in the XDG directories.
    pub fn default_game() -> AppInit {
        let prefs_path = Prefs::default_path();
        let (prefs, prefs_problems) = match &prefs_path {
            Some(p) => Prefs::load(p),
            None => (Prefs::default(), Vec::new()),
        };
        AppInit::launch(prefs, prefs_path, prefs_problems, Store::default_location())
    }

    /// A plain launch with these preferences and this store: an idle board of the seats the
    /// preferences remember, while the last game is offered or the new-game dialog opens.
    pub fn launch(
        prefs: Prefs,
        prefs_path: Option<PathBuf>,
        prefs_problems: Vec<PrefsProblem>,
        store: Option<Store>,
    ) -> AppInit {
        let seats = prefs.default_seats.clone();
        let game = Game::new(Options {
            players: seats.len() as u8,
            seed: super::new_game::random_seed(),
            ..Options::default()
        })
        .or_else(|_| {
            Game::new(Options {
                seed: super::new_game::random_seed(),
                ..Options::default()
            })
        })
        .expect("the default options are valid");
        let seats = if seats.len() == game.players.len() {
            seats
        } else {
            Prefs::default().default_seats
        };
        AppInit {
            game,
            seats,
            prefs,
            ask_new_game: true,
            hard_budget: Budget::Time(Duration::from_secs(1)),
            prefs_path,
            prefs_problems,
            store,
        }
    }
}

#[derive(Debug)]
pub enum Msg {
    NewGame,
    StartGame(Box<NewGame>),
    /// The new-game dialog closed.
    NewGameClosed,
    Undo,
    Save,
    Load,
    /// The Save chooser's answer: the file to write (None: cancelled).
    SaveTo(Option<PathBuf>),
    /// The Load chooser's answer: the file to read (None: cancelled).
    LoadFrom(Option<PathBuf>),
    /// The answer to "Resume your last game?".
    Resume(bool),
    /// The answer to "Attack?" for the decision `key`.
    Confirmed(usize, Box<Action>),
    Preferences,
    PrefsChanged(Box<Prefs>),
    /// Ctrl+Q: close the window (the game is autosaved).
    Quit,
    /// The window is asked to close: the game is saved first, or the player asked.
    CloseRequest,
    /// "Quit anyway" after the game could not be saved.
    ForceQuit,
    /// "Save As…" after the game could not be saved on quitting: save, then quit.
    SaveAndQuit,
    /// The banner naming a failed save was dismissed.
    DismissProblem,
    Rules,
    Shortcuts,
    About,
    /// Escape: drop the selection.
    Cancel,
    /// Enter or Space: the prompt bar's main button.
    MainButton,
    Map(MapOut),
    /// Ctrl+plus, Ctrl+minus, Ctrl+0.
    Zoom(i8),
    Hand(HandOut),
    Prompt(PromptOut),
    Ballot(BallotOut),
    /// The hotseat cover was lifted by the player it asked for.
    Uncover,
    /// The answer of the yes/no dialog for the decision `key`; `true` last: the same answer
    /// to every question of its kind until the phase ends.
    Answer(usize, bool, bool),
    ShowPage(&'static str),
    /// The purchase panel's basket, bought in its order; then "Done buying" if `true`.
    Buy(Vec<Action>, bool),
    EndDialog(bool),
    /// The window is mapped; `true` offers the last game or opens the new-game dialog.
    Shown(bool),
    /// Ctrl+H: the computer's suggestion for the human's decision.
    Hint,
}

/// Which decision a hint is for: the game (counted from the app's start), how many actions
/// it had, and the player deciding.
type HintKey = (u64, usize, PlayerId);

/// What worker threads bring back.
#[derive(Debug)]
pub enum Cmd {
    /// A bot's decision.
    Bot(BotAnswer),
    /// A save chosen in the Load dialog, read and checked.
    Loaded(PathBuf, Box<Result<Saved, LoadError>>),
    /// The autosave at launch, read and checked (None: there is none), and when it cannot
    /// be restored, its backup if that holds a game worth resuming.
    LastGame(Option<Box<Result<Saved, LoadError>>>, Option<Box<Saved>>),
    /// A hint worked out for a decision (None: the view asked nothing).
    Hint(HintKey, Option<Box<fief::bots::hint::Hint>>),
}

pub struct App {
    /// The game being played.
    pub session: Session,
    prefs: Prefs,
    prefs_path: Option<PathBuf>,
    prefs_problems: Vec<PrefsProblem>,
    store: Option<Store>,
    /// No game was started, resumed or loaded yet: the launch's board waits.
    idle: bool,
    /// The autosave found at launch could not be restored: it is set aside (renamed, its
    /// bytes untouched) before a new game is autosaved.
    unrestorable: bool,
    /// The autosaved game offered at launch, while the question is open.
    resumable: Option<Box<Saved>>,
    /// The open file chooser (it must live as long as its dialog).
    chooser: Option<gtk::FileChooserNative>,
    /// A save chosen in the Load dialog is being read.
    loading: bool,
    /// A named save that failed, until dismissed.
    save_failure: Option<String>,
    /// "Save As…" was chosen in the question asked before quitting: quit once it is saved.
    quit_after_save: bool,
    /// The failure text the player dismissed (shown again only if it changes).
    dismissed: Option<String>,
    /// The window may close (the game was saved, or the player chose to quit anyway).
    close_ok: Rc<Cell<bool>>,
    sender: ComponentSender<App>,
    hard_budget: Budget,
    selection: Selection,
    status: String,
    /// The decision a dialog (yes/no, ballot) was last opened for.
    asked: Option<usize>,
    /// The open yes/no question's line for a hint (its Hint button fills it).
    question_hint: Option<gtk::Label>,
    /// Games played in this window so far (a hint names the game it is for).
    game_no: u64,
    /// The hint shown, and the decision a hint is being worked out for.
    hint: Option<(HintKey, fief::bots::hint::Hint)>,
    hint_asked: Option<HintKey>,
    ended_shown: bool,
    /// The window is on screen: dialogs may open over it.
    shown: bool,
    /// Errors met by bots, for the tests and the status line.
    pub bot_errors: Vec<String>,
    /// Moves and battles in the order they were made, with who made them.
    trail: Vec<Mark>,
    /// For each player, where the trail and the log stood at his last decision: what came
    /// after is marked on the map and told in the "since your last decision" card.
    seen_trail: Vec<usize>,
    seen_log: Vec<usize>,
    /// The player the card was last shown to, and the game's number of actions then (shown
    /// once a turn).
    summary_for: Option<(PlayerId, usize)>,
    /// The round being played and every player's standing when it was first seen.
    round_tally: Option<(u16, Vec<log_text::Tally>)>,
    /// A round that ended and its summary lines, shown with the next card.
    round_over: Option<(u16, Vec<String>)>,
    window: adw::ApplicationWindow,
    /// The widgets the window is made of.
    w: window::Widgets,
}

/// GTK's interface animations on or off (Preferences).
fn apply_animations(on: bool) {
    if let Some(settings) = gtk::Settings::default() {
        settings.set_gtk_enable_animations(on);
    }
}

/// A time of saving in the reader's local format; where no locale of the reader's could be
/// set (the C locale, whose dates are American), as the ISO date that reads the same
/// everywhere.
fn when(secs: u64) -> String {
    // SAFETY: a query (NULL) of the time locale, copied at once.
    let c_locale = unsafe {
        let l = libc::setlocale(libc::LC_TIME, std::ptr::null());
        l.is_null() || {
            let name = std::ffi::CStr::from_ptr(l).to_string_lossy();
            name == "C" || name == "POSIX" || name.starts_with("C.")
        }
    };
    let format = if c_locale {
        "%Y-%m-%d %H:%M"
    } else {
        "%x %H:%M"
    };
    glib::DateTime::from_unix_local(secs as i64)
        .and_then(|d| d.format(format))
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A bot's failure in the reader's words.
fn bot_failure(g: &Game, f: &BotFailure) -> String {
    match f {
        BotFailure::NothingToDo(p) => trf(
            "The bot of {p} found nothing to do.",
            &[("p", &text::player(g, *p))],
        ),
        BotFailure::Panicked(p) => trf("The bot of {p} failed.", &[("p", &text::player(g, *p))]),
        BotFailure::Illegal {
            player,
            action,
            why,
        } => trf(
            "The bot of {p} chose an illegal action ({a}): {why}",
            &[
                ("p", &text::player(g, *player)),
                ("a", action),
                ("why", &text::rule_error(why)),
            ],
        ),
    }
}

/// The Hard bot's budget at `pace`: a time budget follows the pace (`Pace::hard_time`); an
/// iteration budget (tests, reproducible runs) stays as it is.
fn paced(budget: Budget, pace: super::preferences::Pace) -> Budget {
    match budget {
        Budget::Time(_) => Budget::Time(pace.hard_time()),
        iterations => iterations,
    }
}

impl App {
    fn game(&self) -> &Game {
        self.session.game()
    }

    /// The game goes on after a dialog closed (the launch's board stays idle).
    fn play_on(&mut self) {
        if !self.idle && self.resumable.is_none() && self.chooser.is_none() && !self.loading {
            self.session.unpause();
        }
    }

    fn settings(&self) -> Settings {
        Settings {
            hard_budget: paced(self.hard_budget, self.prefs.pace),
            auto_pass: self.prefs.auto_pass,
            skip_idle: self.prefs.skip_idle,
        }
    }

    /// Plays `game` from now on. A game the player started, resumed or loaded is autosaved
    /// (`keep`); the launch's board and scripted starts are not.
    fn set_session(&mut self, game: Game, seats: Vec<Seat>, keep: bool) -> bool {
        let autosave = match (&self.store, keep) {
            (Some(store), true) => {
                if std::mem::take(&mut self.unrestorable) {
                    // The file that could not be restored is kept under another name.
                    match fief::session::set_aside_autosave(store) {
                        Ok(Some(kept)) => self.toast(&trf(
                            "Your last game, which could not be restored, was kept as {path}.",
                            &[("path", &kept.display().to_string())],
                        )),
                        Ok(None) => {}
                        Err(e) => {
                            self.toast(&trf("The game will not be autosaved: {e}", &[("e", &e)]));
                            self.unrestorable = true;
                        }
                    }
                }
                if self.unrestorable {
                    Autosave::Off
                } else {
                    Autosave::To(store.clone())
                }
            }
            _ => Autosave::Off,
        };
        match Session::new(game, seats, self.settings(), autosave) {
            Ok(s) => self.session = s,
            Err(e) => {
                self.toast(&e);
                return false;
            }
        }
        self.idle = false;
        self.game_no += 1;
        self.hint = None;
        self.hint_asked = None;
        self.selection = Selection::None;
        self.asked = None;
        self.ended_shown = false;
        self.forget_trail();
        self.status.clear();
        self.dismissed = None;
        self.w.map.emit(MapMsg::ZoomReset);
        self.w.side_players.set(self.game().players.len());
        window::fit_side(&self.w.side, self.game().players.len(), &self.w.stack);
        // The log and the pages start again with the new game.
        self.w.log.emit(LogMsg::Clear);
        self.w.stack.set_visible_child_name("log");
        true
    }

    /// Before a new or loaded game takes the autosave's place: the player's game in progress,
    /// if he played in it, is kept among the named saves ("Left unfinished, round N"), never
    /// lost; a toast says where.
    fn keep_current_game(&mut self) {
        let (Some(store), Some(_)) = (&self.store, self.session.autosave_path()) else {
            return;
        };
        if self.idle || !fief::session::worth_keeping(self.session.seats(), self.game()) {
            return;
        }
        let dir = store.saves_dir();
        let round = self.game().round.to_string();
        let name = |k: u32| {
            let base = trf("Left unfinished, round {n}", &[("n", &round)]);
            let base = if k > 1 { format!("{base} ({k})") } else { base };
            dir.join(format!("{base}.{}", fief::save::EXTENSION))
        };
        let Some(path) = (1..1000).map(name).find(|p| !p.exists()) else {
            return;
        };
        let written = fief::save::to_json(self.session.seats(), self.game())
            .and_then(|t| fief::save::write_atomic(&path, &t).map_err(|e| e.to_string()));
        match written {
            Ok(()) => self.toast(&trf(
                "Your game in progress was kept as {path}.",
                &[("path", &path.display().to_string())],
            )),
            Err(e) => self.toast(&trf(
                "Your game in progress could not be kept: {why}",
                &[("why", &e)],
            )),
        }
    }

    /// Moves the game on after each change (automatic passes, the hotseat cover, a bot set
    /// thinking on a worker thread), then redraws every part of the window.
    fn advance(&mut self, sender: &ComponentSender<Self>) {
        if let Next::Bot(request) = self.session.next_turn() {
            let delay = self.prefs.pace.delay();
            sender.spawn_oneshot_command(move || Cmd::Bot(request.run(delay)));
        }
        // A "fight to the end" that stopped by itself says why.
        if let Some((_, why)) = self.session.take_fight_stop() {
            self.status = text::fight_stop(&why);
        }
        self.redraw(sender);
    }

    /// The decision a hint would be for now: a human's own, on an uncovered screen.
    fn hint_key(&self) -> Option<HintKey> {
        if self.idle || self.session.covered().is_some() || self.session.is_paused() {
            return None;
        }
        let p = self.session.human_turn()?;
        Some((self.game_no, self.game().history.len(), p))
    }

    /// The hint for the decision on screen, if one was worked out for it.
    fn current_hint(&self) -> Option<&fief::bots::hint::Hint> {
        let key = self.hint_key()?;
        self.hint.as_ref().filter(|h| h.0 == key).map(|h| &h.1)
    }

    /// Works out a hint for the human's decision on a worker thread: the Hard bot on his own
    /// view, thinking as long as the pace gives the Hard bots. It is shown, never played.
    fn ask_hint(&mut self, sender: &ComponentSender<Self>) {
        let Some(key) = self.hint_key() else {
            self.status = tr("A hint is for your own decision, when it is yours to make.");
            return;
        };
        if self.current_hint().is_some() || self.hint_asked == Some(key) {
            return;
        }
        self.hint_asked = Some(key);
        let view = self.game().bot_view(key.2);
        let budget = paced(self.hard_budget, self.prefs.pace);
        let seed = self.game().options.seed ^ ((key.1 as u64) << 8) ^ key.2 as u64;
        sender.spawn_oneshot_command(move || {
            let never = std::sync::atomic::AtomicBool::new(false);
            let hint = fief::bots::hint::suggest(&view, budget, seed, &never);
            Cmd::Hint(key, hint.map(Box::new))
        });
    }

    /// What the viewer sees now.
    fn frame(&self) -> (Rc<View>, Rc<Vec<Action>>) {
        let mut view = self.session.view();
        if self.idle {
            // The board at launch asks nobody anything: no game is being played.
            view.prompt = None;
        }
        let pool = match self.session.human_turn() {
            Some(_) => view.legal.clone(),
            None => Vec::new(),
        };
        (Rc::new(view), Rc::new(pool))
    }

    /// The failed save to show in the banner, if any.
    fn problem(&self) -> Option<String> {
        self.save_failure.clone().or_else(|| {
            self.session.autosave_problem().map(|p| {
                trf(
                    "Your game could not be autosaved to {path}: {why}",
                    &[("path", &p.path.display().to_string()), ("why", &p.reason)],
                )
            })
        })
    }

    fn redraw(&mut self, sender: &ComponentSender<Self>) {
        let (view, pool) = self.frame();
        let g = &view.state;
        let game = self.session.game();
        // Header: round and phase.
        self.w.title.set_subtitle(&if self.idle {
            String::new()
        } else if game.round == 0 {
            text::phase(game)
        } else {
            trf(
                "Round {n} — {phase}",
                &[
                    ("n", &game.round.to_string()),
                    ("phase", &text::phase(game)),
                ],
            )
        });
        self.w.undo_button.set_sensitive(self.session.can_undo());
        self.w.hint_button.set_sensitive(
            self.hint_key().is_some() && self.hint_asked.is_none() && self.current_hint().is_none(),
        );
        // A failed save stays on screen until dismissed.
        match self.problem() {
            Some(p) if self.dismissed.as_ref() != Some(&p) => {
                self.w.problem_label.set_text(&p);
                self.w.problem_label.set_tooltip_text(Some(&p));
                self.w.problem_bar.set_visible(true);
            }
            _ => self.w.problem_bar.set_visible(false),
        }
        // Hotseat cover.
        match self.session.covered() {
            Some(p) => {
                let name = text::player(game, p);
                self.w
                    .cover
                    .set_title(&trf("Pass the screen to {p}", &[("p", &name)]));
                // The description is Pango markup: the name is escaped.
                self.w.cover.set_description(Some(&text::glib_escape(&trf(
                    "{p}'s hand and secret choices come next. The others look away.",
                    &[("p", &name)],
                ))));
                self.w
                    .cover_button
                    .set_label(&trf("I am {p}: show my game", &[("p", &name)]));
                self.w.cover.set_visible(true);
            }
            None => self.w.cover.set_visible(false),
        }
        let seats = Rc::new(self.session.seats().to_vec());
        let highlights = choices::highlights(g, &pool, &self.selection);
        let hint = self.current_hint().map(|h| {
            (
                trf(
                    "Hint: {action}. Why: {why}",
                    &[
                        ("action", &text::action(game, &h.action)),
                        ("why", &text::msg(&h.why, &h.why.english())),
                    ],
                ),
                h.villages.clone(),
            )
        });
        // The modal ballot and questions keep the prompt bar out of reach: their own line
        // shows the hint.
        let line = match &hint {
            Some((words, _)) => Some(words.clone()),
            None if self.hint_asked.is_some() && self.hint_asked == self.hint_key() => {
                Some(tr("Looking for a hint…"))
            }
            None => None,
        };
        if let Some(line) = line {
            if pool.iter().any(|a| matches!(a, Action::Vote { .. })) {
                self.w.ballot.emit(BallotMsg::Hint(line));
            } else if let Some(l) = &self.question_hint {
                l.set_text(&line);
                l.set_visible(true);
            }
        }
        let selected = match self.selection {
            Selection::Village(v) | Selection::CardAt(_, v) | Selection::MoveTo(v, _) => Some(v),
            _ => None,
        };
        let travel = (self.prefs.animations && self.prefs.pace.delay() > Duration::ZERO)
            .then(|| self.prefs.pace.delay().mul_f64(0.8));
        self.w.map.emit(MapMsg::Show(Box::new(MapShow {
            view: view.clone(),
            highlights,
            selected,
            marks: self.marks(),
            travel,
            moves: match self.selection {
                Selection::None | Selection::Village(_) => choices::roads(g, &pool),
                _ => Vec::new(),
            },
            armies: match self.session.human_turn() {
                Some(_) => choices::drag_sources(g),
                None => Vec::new(),
            },
            path: match self.selection {
                Selection::MoveTo(from, to) => Some((from, to)),
                _ => None,
            },
            hint: hint.as_ref().map(|h| h.1.clone()).unwrap_or_default(),
        })));
        self.w.boards.emit(BoardsMsg::Show(view.clone(), seats));
        let card = match self.selection {
            Selection::Card(c) | Selection::CardAt(c, _) => Some(c),
            _ => None,
        };
        self.w.hand.emit(HandMsg::Show {
            view: view.clone(),
            pool: pool.clone(),
            selected: card,
            hidden: self.session.viewer().is_none(),
        });
        let mut status = self.status.clone();
        if status.is_empty() {
            if self.idle {
                status = tr("No game in progress: start a new one (Ctrl+N) or load one (Ctrl+O).");
            } else if self.loading {
                status = tr("Loading the game…");
            } else if self.session.is_paused() {
                status = tr("The game waits while the dialog is open.");
            } else if self.hint_asked.is_some() && self.hint_asked == self.hint_key() {
                status = tr("Looking for a hint…");
            } else if let Some(p) = game.to_act() {
                if let Some(Seat::Bot(level)) = self.session.seat(p) {
                    status = trf(
                        "{p} ({kind}) is thinking…",
                        &[
                            ("p", &text::player(game, p)),
                            ("kind", &super::family_board::seat_label(Seat::Bot(level))),
                        ],
                    );
                }
            }
        }
        let orders: Vec<Standing> = match self.session.viewer() {
            Some(v) => self.session.standings(v).collect(),
            None => Vec::new(),
        };
        for order in orders {
            let note = match order {
                Standing::UntilPurchases
                    if pool
                        .iter()
                        .any(|a| matches!(a, Action::DrawFortune | Action::DrawLord)) =>
                {
                    tr("Draw your cards, or end the draw: your later steps are then ended for you until your purchases (Escape stops it).")
                }
                Standing::UntilPurchases => {
                    tr("Your steps are ended for you until your purchases (Escape stops it).")
                }
                Standing::FightOn { .. } => {
                    tr("You fight this battle to the end (Escape stops it).")
                }
                Standing::PassWindows { .. } => tr(
                    "Every reaction window is passed for you until this phase ends (Escape stops it).",
                ),
                Standing::Answer { yes: true, .. } => tr(
                    "Every such question is answered Yes for you until this phase ends (Escape stops it).",
                ),
                Standing::Answer { yes: false, .. } => tr(
                    "Every such question is answered No for you until this phase ends (Escape stops it).",
                ),
            };
            status = if status.is_empty() {
                note
            } else {
                format!("{status} {note}")
            };
        }
        self.w.prompt.emit(PromptMsg::Show(PromptData {
            view: view.clone(),
            pool: pool.clone(),
            selection: self.selection.clone(),
            status,
            covered: self.session.covered().is_some(),
            hint: hint.map(|h| h.0),
        }));
        // The launch's board is nobody's game: it has no log to read.
        self.w.log.emit(if self.idle {
            LogMsg::Clear
        } else {
            LogMsg::Show(view.clone())
        });
        self.w.battle.emit(BattleMsg::Show(view.clone()));
        self.w.elections.emit(ElectionPanelMsg::Show(view.clone()));
        if !basket::buying(&pool)
            && self.w.stack.visible_child_name().as_deref() == Some("purchase")
        {
            self.w.stack.set_visible_child_name("log");
        }
        self.w
            .purchases
            .emit(PurchaseMsg::Show(view.clone(), pool.clone()));
        self.summary(&view);
        self.dialogs(&view, &pool, sender);
    }

    /// Opens the dialog a human's decision calls for: a yes/no question, the ballot, or the
    /// end of the game.
    fn dialogs(&mut self, view: &Rc<View>, pool: &Rc<Vec<Action>>, sender: &ComponentSender<Self>) {
        if !self.shown {
            return;
        }
        if self.game().is_over() && !self.ended_shown {
            self.ended_shown = true;
            self.end_dialog(sender);
            return;
        }
        let key = self.game().history.len();
        if !pool.iter().any(|a| matches!(a, Action::Vote { .. })) {
            self.w.ballot.emit(BallotMsg::Close);
        }
        if pool.is_empty() || self.asked == Some(key) {
            return;
        }
        let Some(pr) = &view.prompt else { return };
        if matches!(pr.kind, PromptKind::Vote(_)) {
            self.asked = Some(key);
            self.w
                .ballot
                .emit(BallotMsg::Open(view.clone(), pool.clone()));
            return;
        }
        let Some((heading, yes, no)) = question_text::question(&pr.kind) else {
            return;
        };
        if !pool.contains(&Action::Accept) && !pool.contains(&Action::Refuse) {
            return;
        }
        self.asked = Some(key);
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&heading),
            Some(&question_text::prompt(&view.state, pr, view.viewer)),
        );
        d.set_widget_name("question");
        // Under the question: a hint for it (Ctrl+H here too), and the same answer to every
        // question of its kind until the phase ends.
        let extra = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let hint_line = gtk::Label::new(None);
        hint_line.set_wrap(true);
        hint_line.set_xalign(0.0);
        hint_line.set_max_width_chars(50);
        hint_line.add_css_class("accent");
        hint_line.set_widget_name("question-hint-line");
        hint_line.set_visible(false);
        let hint_button = gtk::Button::with_label(&tr("Hint"));
        hint_button.set_widget_name("question-hint");
        hint_button.set_halign(gtk::Align::Start);
        hint_button.set_tooltip_text(Some(&tr("Suggest an answer, with the reason (Ctrl+H)")));
        let s = sender.clone();
        hint_button.connect_clicked(move |_| post(&s, Msg::Hint));
        let keys = gtk::ShortcutController::new();
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>h"),
            Some(gtk::CallbackAction::new(move |_, _| {
                post(&s, Msg::Hint);
                glib::Propagation::Stop
            })),
        ));
        // Ctrl+Q quits from here too (the question is asked again on the next launch).
        let (s, dd) = (sender.clone(), d.clone());
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
        extra.append(&hint_line);
        extra.append(&all);
        d.set_extra_child(Some(&extra));
        self.question_hint = Some(hint_line);
        if pool.contains(&Action::Refuse) {
            d.add_response("no", &no);
        }
        if pool.contains(&Action::Accept) {
            d.add_response("yes", &yes);
            d.set_response_appearance("yes", adw::ResponseAppearance::Suggested);
            d.set_default_response(Some("yes"));
        }
        d.set_close_response("");
        let s = sender.clone();
        d.connect_response(None, move |_, r| {
            let every = all.is_active();
            match r {
                "yes" => post(&s, Msg::Answer(key, true, every)),
                "no" => post(&s, Msg::Answer(key, false, every)),
                _ => {}
            }
        });
        d.present();
    }

    fn end_dialog(&self, sender: &ComponentSender<Self>) {
        let g = self.game();
        let Some(o) = &g.outcome else { return };
        let names: Vec<String> = o.winners.iter().map(|w| text::player(g, *w)).collect();
        let heading = match names.len() {
            0 => tr("The game ends without a winner"),
            1 => trf("{p} wins!", &[("p", &names[0])]),
            _ => trf("{p} win together!", &[("p", &names.join(" & "))]),
        };
        let body = trf(
            "Decided by: {why}.",
            &[("why", &text::msg(&o.why, &o.reason))],
        );
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.set_widget_name("end-dialog");
        let grid = gtk::Grid::new();
        grid.set_column_spacing(18);
        grid.set_row_spacing(4);
        grid.set_halign(gtk::Align::Center);
        let tallies = log_text::tallies(&g.view(None));
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
                .flat_map(|l| text::lord_titles(g, l.id))
                .collect();
            let t = &tallies[p as usize];
            // A winner's row in bold, his name marked with a star (no link colour).
            let won = o.winners.contains(&p);
            let row = [
                if won {
                    format!("★ {}", text::player(g, p))
                } else {
                    text::player(g, p)
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
                    l.set_ellipsize(gtk::pango::EllipsizeMode::End);
                    l.set_max_width_chars(16);
                    l.set_tooltip_text(Some(s));
                }
                if won {
                    l.add_css_class("heading");
                }
                grid.attach(&l, c as i32, p as i32 + 1, 1, 1);
            }
        }
        d.set_extra_child(Some(&grid));
        d.add_response("close", &tr("Close"));
        d.add_response("new", &tr("New Game"));
        d.set_response_appearance("new", adw::ResponseAppearance::Suggested);
        let s = sender.clone();
        d.connect_response(None, move |_, r| post(&s, Msg::EndDialog(r == "new")));
        d.present();
    }

    /// A toast: its title is Pango markup, so the text (a path, a name) is escaped.
    fn toast(&self, s: &str) {
        self.w
            .toasts
            .add_toast(adw::Toast::new(&text::glib_escape(s)));
    }

    /// The marks and the card start again (a new game, an undo): nothing is "since" yet.
    fn forget_trail(&mut self) {
        let n = self.game().players.len();
        self.trail.clear();
        self.seen_trail = vec![0; n];
        self.seen_log = vec![self.game().log.len(); n];
        self.summary_for = None;
        self.round_tally = None;
        self.round_over = None;
        self.w.news.show(None);
    }

    /// Remembers a move or a battle `p` is about to make (read before it is applied: a
    /// Move's starting Village is where its Lords stand).
    fn mark_of(&self, p: PlayerId, a: &Action) -> Option<Mark> {
        match a {
            Action::Move(m) => choices::move_from(self.game(), m).map(|from| Mark::Move {
                player: p,
                from,
                to: m.to,
            }),
            Action::DeclareBattle { village, .. } | Action::DeclareSiege(village) => {
                Some(Mark::Battle { village: *village })
            }
            _ => None,
        }
    }

    /// A human has decided: what came before is no news to him any more.
    fn decided(&mut self, p: PlayerId) {
        if let Some(x) = self.seen_trail.get_mut(p as usize) {
            *x = self.trail.len();
        }
        if let Some(x) = self.seen_log.get_mut(p as usize) {
            *x = self.session.game().log.len();
        }
        if self.summary_for.is_some_and(|(q, _)| q == p) {
            self.w.news.show(None);
        }
        self.w.battle.emit(BattleMsg::Seen);
    }

    /// The marks the viewer sees: the others' moves and battles since his last decision
    /// (with nobody to follow, the last few).
    fn marks(&self) -> Vec<Mark> {
        let from = match self.session.viewer() {
            Some(v) => self.seen_trail.get(v as usize).copied().unwrap_or(0),
            None => self.trail.len().saturating_sub(6),
        };
        let viewer = self.session.viewer();
        self.trail
            .get(from..)
            .unwrap_or_default()
            .iter()
            .filter(|m| match m {
                Mark::Move { player, .. } => Some(*player) != viewer,
                Mark::Battle { .. } => true,
            })
            .copied()
            .collect()
    }

    /// Notes a new round: the one before it ended, and its summary comes with the next card.
    fn round_changes(&mut self, view: &View) {
        let round = view.state.round;
        if self.round_tally.as_ref().is_some_and(|(r, _)| *r == round) {
            return;
        }
        let now = log_text::tallies(view);
        if let Some((r, before)) = self.round_tally.take() {
            if r >= 1 && round == r + 1 {
                self.round_over = Some((r, log_text::round_summary(&view.state, &before, &now)));
            }
        }
        self.round_tally = Some((round, now));
    }

    /// When a human's turn comes, the card of what happened since his last decision.
    fn summary(&mut self, view: &View) {
        self.round_changes(view);
        let Some(p) = self.session.human_turn() else {
            return;
        };
        if self.session.covered().is_some() || self.idle {
            return;
        }
        let from = self.seen_log.get(p as usize).copied().unwrap_or(0);
        // Once a turn: a turn is known by how many actions the game had when it came.
        let turn = self.session.game().history.len();
        if self.summary_for == Some((p, turn)) {
            return;
        }
        self.summary_for = Some((p, turn));
        let mut lines = log_text::since_last_decision(&view.log, from, 8);
        // With one human at the screen, his name goes without saying.
        let mut title = if self.session.humans().count() > 1 {
            trf(
                "Since your last decision, {p}",
                &[("p", &text::player(self.game(), p))],
            )
        } else {
            tr("Since your last decision")
        };
        // A round ended meanwhile: its summary by player first.
        if let Some((r, mut by_player)) = self.round_over.take() {
            title = trf(
                "Round {n} is over: where everyone stands",
                &[("n", &r.to_string())],
            );
            if !lines.is_empty() {
                by_player.push(String::new());
                by_player.push(trf(
                    "Since your last decision, {p}:",
                    &[("p", &text::player(self.game(), p))],
                ));
                by_player.append(&mut lines);
            }
            lines = by_player;
        }
        if lines.is_empty() {
            self.w.news.show(None);
            return;
        }
        self.w.news.show(Some((title, lines)));
    }

    /// A click on the map, through the pure rules of `choices`.
    fn clicked(&mut self, v: Option<VillageId>) {
        let (Some(v), Some(p)) = (v, self.session.human_turn()) else {
            self.selection = Selection::None;
            return;
        };
        // The acting player's legal actions, as the prompt bar and the map were given them.
        let pool = self.game().legal_actions(p);
        match choices::click(self.game(), &pool, &self.selection, v) {
            Click::Apply(a) => self.decide(p, a),
            Click::Select(s) => self.selection = s,
            Click::Ignore => {
                // Why, where the pointer is: the engine's refusal of what the step would do
                // there, from what the player sees.
                let view = self.session.view();
                let why = match choices::why_nothing_at(&view.state, p, &self.selection, v) {
                    Some(why) => trf(
                        "Nothing to do at {v} now: {why}",
                        &[("v", &text::village(self.game(), v)), ("why", &why)],
                    ),
                    None => trf(
                        "Nothing to do at {v} now.",
                        &[("v", &text::village(self.game(), v))],
                    ),
                };
                self.w.map.emit(MapMsg::Explain(why.clone()));
                self.status = why;
            }
        }
    }

    /// An army dropped where it may not go: why, where it was dropped.
    fn drag_refused(&mut self, from: VillageId, to: VillageId) {
        let Some(p) = self.session.human_turn() else {
            return;
        };
        let view = self.session.view();
        let why = choices::why_no_move(&view.state, p, from, to)
            .unwrap_or_else(|| tr("This move is not possible."));
        let why = trf(
            "No move from {a} to {b}: {why}",
            &[
                ("a", &text::village(self.game(), from)),
                ("b", &text::village(self.game(), to)),
                ("why", &why),
            ],
        );
        self.w.map.emit(MapMsg::Explain(why.clone()));
        self.status = why;
    }

    /// Applies several decisions in a row (the purchase panel's basket, every casualty of a
    /// roll) one at a time; the first refusal stops them with its reason.
    fn buy(&mut self, actions: Vec<Action>, finish: bool) {
        let Some(p) = self.session.human_turn() else {
            return;
        };
        for a in actions
            .into_iter()
            .chain(finish.then_some(Action::EndPurchase))
        {
            if self.session.human_turn() != Some(p) {
                break;
            }
            self.apply(p, a);
            if !self.status.is_empty() {
                break;
            }
        }
    }

    /// An army dropped on a neighbour: moved there whole, or the composer opened.
    fn dragged(&mut self, from: VillageId, to: VillageId) {
        let Some(p) = self.session.human_turn() else {
            return;
        };
        let pool = self.game().legal_actions(p);
        match choices::drag(self.game(), &pool, from, to) {
            Click::Apply(a) => self.decide(p, a),
            Click::Select(s) => self.selection = s,
            Click::Ignore => {}
        }
    }

    fn choose(&mut self, a: Action) {
        if let Some(p) = self.session.human_turn() {
            self.decide(p, a);
        }
    }

    /// Applies a human's decision through the session; a refusal is shown with its reason.
    fn apply(&mut self, p: PlayerId, a: Action) {
        let mark = self.mark_of(p, &a);
        match self.session.decide(p, a) {
            Ok(()) => {
                self.trail.extend(mark);
                self.decided(p);
                self.selection = Selection::None;
                self.status.clear();
            }
            Err(e) => self.status = text::rule_error(&e),
        }
    }

    /// A human's decision; one that starts a battle is confirmed first (Preferences).
    fn decide(&mut self, p: PlayerId, a: Action) {
        let attack = matches!(a, Action::DeclareBattle { .. } | Action::DeclareSiege(_));
        if !(attack && self.prefs.confirm_attack && self.shown) {
            self.apply(p, a);
            return;
        }
        let key = self.game().history.len();
        // What the attack is, and its odds as the prompt bar gives them before anyone else
        // takes a side.
        let mut body = text::action(self.game(), &a);
        if let Some(odds) = text::attack_chances(self.game(), self.session.viewer(), &a) {
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

    fn store_prefs(&self) {
        let Some(path) = &self.prefs_path else { return };
        if let Err(e) = self.prefs.store(path) {
            eprintln!("fief: the preferences could not be saved: {e}");
        }
    }

    /// At launch: offers to resume the autosaved game (read on a worker thread), if
    /// somebody played in it; otherwise opens the new-game dialog. A file that cannot be
    /// restored is named and left as it is, and its backup, when it holds a game, is offered
    /// by its round and time.
    fn offer_resume(
        &mut self,
        last: Option<Box<Result<Saved, LoadError>>>,
        backup: Option<Box<Saved>>,
    ) {
        let Some(store) = self.store.clone() else {
            self.w.new_game.emit(NewGameMsg::Open);
            return;
        };
        // Where a saved game stands, in a line: its round, phase and time.
        let stands = |saved: &Saved| {
            let g = &saved.game;
            trf(
                "Round {n}, {phase}, saved {when}.",
                &[
                    ("n", &g.round.to_string()),
                    ("phase", &text::phase(g)),
                    ("when", &when(saved.saved_at)),
                ],
            )
        };
        let (heading, body, resume) = match last.map(|b| *b) {
            Some(Ok(saved)) if worth_resuming(&saved) => {
                let g = &saved.game;
                let players: Vec<String> = (0..g.n()).map(|p| text::player(g, p)).collect();
                let body = format!(
                    "{}\n{}",
                    stands(&saved),
                    trf("Players: {players}.", &[("players", &players.join(", "))])
                );
                self.resumable = Some(Box::new(saved));
                (tr("Resume your last game?"), body, Some(tr("Resume")))
            }
            None | Some(Ok(_)) => {
                self.w.new_game.emit(NewGameMsg::Open);
                return;
            }
            Some(Err(e)) => {
                self.unrestorable = true;
                let mut body = trf(
                    "{why}\nThe file is left as it is: {path}\nWhen you start or load a game, it will be kept beside it under another name.",
                    &[
                        ("why", &text::load_error(&e)),
                        ("path", &store.autosave_path().display().to_string()),
                    ],
                );
                let resume = backup.map(|saved| {
                    let saved = *saved;
                    body = format!(
                        "{body}\n\n{}\n{}",
                        trf(
                            "The copy kept before its last save can be resumed: {path}",
                            &[(
                                "path",
                                &fief::save::backup_path(&store.autosave_path())
                                    .display()
                                    .to_string()
                            )],
                        ),
                        stands(&saved)
                    );
                    self.resumable = Some(Box::new(saved));
                    tr("Resume the Copy")
                });
                (tr("Your last game could not be restored"), body, resume)
            }
        };
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.set_widget_name("resume-dialog");
        d.add_response("load", &tr("Load…"));
        d.add_response("new", &tr("New Game"));
        match resume {
            Some(label) => {
                d.add_response("resume", &label);
                d.set_response_appearance("resume", adw::ResponseAppearance::Suggested);
                d.set_default_response(Some("resume"));
            }
            None => self.resumable = None,
        }
        d.set_close_response("new");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| match r {
            "load" => post(&s, Msg::Load),
            r => post(&s, Msg::Resume(r == "resume")),
        });
        d.present();
    }
}

impl Component for App {
    type CommandOutput = Cmd;
    type Init = AppInit;
    type Input = Msg;
    type Output = ();
    type Root = adw::ApplicationWindow;
    type Widgets = ();

    fn init_root() -> Self::Root {
        adw::ApplicationWindow::builder()
            .title(APP_NAME)
            .default_width(1280)
            .default_height(800)
            .build()
    }

    fn init(
        init: AppInit,
        window: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        relm4::set_global_css(window::CSS);
        window.set_default_size(init.prefs.window_width, init.prefs.window_height);
        if init.prefs.maximized {
            window.maximize();
        } else if init.prefs.first_launch {
            // The first launch fits the window to the screen rather than a fixed size.
            window::fit_to_screen(&window);
        }
        apply_animations(init.prefs.animations);
        let w = window::build(&window, &sender, &init.prefs, init.game.map.clone());
        if init.prefs_path.is_none() {
            w.prefs_window.emit(PrefsMsg::NotKept);
        }
        // Closing saves the game first; if that fails the player is asked.
        let close_ok = Rc::new(Cell::new(false));
        let (s, ok) = (sender.clone(), close_ok.clone());
        window.connect_close_request(move |_| {
            if ok.get() {
                glib::Propagation::Proceed
            } else {
                post(&s, Msg::CloseRequest);
                glib::Propagation::Stop
            }
        });

        let settings = Settings {
            hard_budget: paced(init.hard_budget, init.prefs.pace),
            auto_pass: init.prefs.auto_pass,
            skip_idle: init.prefs.skip_idle,
        };
        // The game of a scripted start, or the board shown at launch; neither is autosaved.
        let session = Session::new(init.game, init.seats, settings, Autosave::Off)
            .or_else(|_| {
                let g = Game::new(Options::default()).map_err(|e| e.to_string())?;
                Session::new(g, vec![Seat::Human; 4], settings, Autosave::Off)
            })
            .expect("a default game can always be made");
        let mut model = App {
            session,
            prefs: init.prefs,
            prefs_path: init.prefs_path,
            prefs_problems: init.prefs_problems,
            store: init.store,
            idle: init.ask_new_game,
            unrestorable: false,
            resumable: None,
            chooser: None,
            loading: false,
            save_failure: None,
            quit_after_save: false,
            dismissed: None,
            close_ok,
            sender: sender.clone(),
            hard_budget: init.hard_budget,
            selection: Selection::None,
            status: String::new(),
            asked: None,
            question_hint: None,
            game_no: 0,
            hint: None,
            hint_asked: None,
            ended_shown: false,
            shown: false,
            bot_errors: Vec::new(),
            trail: Vec::new(),
            seen_trail: Vec::new(),
            seen_log: Vec::new(),
            summary_for: None,
            round_tally: None,
            round_over: None,
            window: window.clone(),
            w,
        };
        model.forget_trail();
        model.w.side_players.set(model.game().players.len());
        window::fit_side(&model.w.side, model.game().players.len(), &model.w.stack);
        if model.idle {
            // Nothing plays until the player starts, resumes or loads a game.
            model.session.pause();
        }
        model.advance(&sender);
        // Dialogs open once the window is on screen, so that they lie over it.
        let (s, ask) = (sender.clone(), init.ask_new_game);
        window.connect_map(move |_| {
            let s = s.clone();
            glib::timeout_add_local_once(Duration::from_millis(150), move || {
                post(&s, Msg::Shown(ask));
            });
        });
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: Msg, sender: ComponentSender<Self>, _root: &Self::Root) {
        match msg {
            Msg::NewGame => {
                // Nothing plays behind the dialog.
                self.session.pause();
                self.w.new_game.emit(NewGameMsg::Open);
            }
            Msg::NewGameClosed => self.play_on(),
            Msg::StartGame(ng) => {
                match Game::with_map(ng.options.clone(), self.game().map.clone()) {
                    Ok(g) => {
                        let rules = super::preferences::OptionalRules::of(&ng.options);
                        let pace = ng.pace.unwrap_or(self.prefs.pace);
                        if self.prefs.default_seats != ng.seats
                            || self.prefs.optional_rules != rules
                            || self.prefs.game_length != ng.options.round_cap
                            || self.prefs.pace != pace
                        {
                            self.prefs.default_seats = ng.seats.clone();
                            self.prefs.optional_rules = rules;
                            self.prefs.game_length = ng.options.round_cap;
                            self.prefs.pace = pace;
                            self.w
                                .prefs_window
                                .emit(PrefsMsg::Set(Box::new(self.prefs.clone())));
                            self.store_prefs();
                        }
                        self.keep_current_game();
                        self.set_session(g, ng.seats.clone(), true);
                    }
                    Err(e) => self.toast(&text::rule_error(&e)),
                }
            }
            Msg::Hint => self.ask_hint(&sender),
            Msg::Undo => {
                if self.session.undo() {
                    self.forget_trail();
                    self.selection = Selection::None;
                    self.asked = None;
                    self.status = tr("Decision taken back.");
                }
            }
            Msg::Save => {
                // Nothing plays behind the chooser: the game saved is the one on screen.
                self.session.pause();
                self.save_dialog();
            }
            Msg::Load => {
                // From the launch's question too: the last game is not resumed then.
                self.resumable = None;
                self.session.pause();
                self.load_dialog();
            }
            Msg::SaveTo(path) => {
                self.chooser = None;
                let quit = std::mem::take(&mut self.quit_after_save);
                if let Some(path) = path {
                    // The game is kept elsewhere: the window may close as it was asked to.
                    if self.save_to(path) && quit {
                        self.close_ok.set(true);
                        self.window.close();
                        return;
                    }
                }
                self.play_on();
            }
            Msg::LoadFrom(path) => {
                self.chooser = None;
                let Some(path) = path else {
                    self.play_on();
                    self.advance(&sender);
                    return;
                };
                // Read and checked on a worker thread: a large or damaged file never
                // freezes the window.
                self.loading = true;
                sender.spawn_oneshot_command(move || {
                    let r = fief::save::load(&path);
                    Cmd::Loaded(path, Box::new(r))
                });
            }
            Msg::Resume(yes) => match self.resumable.take() {
                Some(saved) if yes => {
                    let saved = *saved;
                    self.set_session(saved.game, saved.seats, true);
                }
                _ => {
                    self.w.new_game.emit(NewGameMsg::Open);
                    return;
                }
            },
            Msg::Confirmed(key, a) => {
                if key != self.game().history.len() {
                    return;
                }
                if let Some(p) = self.session.human_turn() {
                    self.apply(p, *a);
                }
            }
            Msg::Quit => {
                self.window.close();
                return;
            }
            Msg::CloseRequest => {
                match self.session.autosave_now() {
                    Ok(()) => {
                        self.close_ok.set(true);
                        self.window.close();
                    }
                    Err(p) => self.ask_before_quitting(&p.path, &p.reason),
                }
                return;
            }
            Msg::SaveAndQuit => {
                self.quit_after_save = true;
                self.session.pause();
                self.save_dialog();
            }
            Msg::ForceQuit => {
                if let Some(p) = self.session.autosave_problem() {
                    eprintln!(
                        "fief: quitting; the game could not be saved to {}: {}",
                        p.path.display(),
                        p.reason
                    );
                }
                self.close_ok.set(true);
                self.window.close();
                return;
            }
            Msg::DismissProblem => {
                self.dismissed = self.problem();
                self.save_failure = None;
            }
            Msg::Preferences => {
                self.w.prefs_window.emit(PrefsMsg::Open);
                return;
            }
            Msg::PrefsChanged(p) => {
                if p.animations != self.prefs.animations {
                    apply_animations(p.animations);
                }
                if p.default_seats != self.prefs.default_seats
                    || p.optional_rules != self.prefs.optional_rules
                    || p.game_length != self.prefs.game_length
                {
                    self.w.new_game.emit(NewGameMsg::Defaults(
                        p.default_seats.clone(),
                        p.optional_rules,
                        p.game_length,
                    ));
                }
                self.session.set_auto_pass(p.auto_pass);
                self.session.set_skip_idle(p.skip_idle);
                if p.pace != self.prefs.pace {
                    self.w.new_game.emit(NewGameMsg::Pace(p.pace));
                }
                self.session
                    .set_hard_budget(paced(self.hard_budget, p.pace));
                self.prefs = *p;
                self.store_prefs();
            }
            Msg::Rules => {
                self.w.rules.emit(RulesMsg::Open);
                return;
            }
            Msg::Shortcuts => {
                window::shortcuts_window(&self.window).present();
                return;
            }
            Msg::About => {
                let about = adw::AboutWindow::builder()
                    .transient_for(&self.window)
                    .application_name(APP_NAME)
                    .application_icon("applications-games")
                    .version(env!("CARGO_PKG_VERSION"))
                    .license_type(gtk::License::Gpl30)
                    .comments(tr(
                        "The medieval game of marriages, elections and war in 15th-century France, with its rules enforced, against bots or friends at one screen.",
                    ))
                    .developer_name(tr("The Fief app team"))
                    .build();
                about.present();
                return;
            }
            Msg::Cancel => {
                self.selection = Selection::None;
                if let Some(p) = self.session.viewer() {
                    self.session.stand_down(p);
                }
            }
            Msg::MainButton => {
                self.w.prompt.emit(PromptMsg::Main);
                return;
            }
            Msg::Map(MapOut::Clicked(v)) => self.clicked(v),
            Msg::Map(MapOut::Dragged(from, to)) => self.dragged(from, to),
            Msg::Map(MapOut::DragRefused(from, to)) => self.drag_refused(from, to),
            Msg::Zoom(z) => {
                self.w.map.emit(match z {
                    1 => MapMsg::ZoomIn,
                    -1 => MapMsg::ZoomOut,
                    _ => MapMsg::ZoomReset,
                });
                return;
            }
            Msg::Hand(HandOut::Waits(why)) => self.status = why,
            Msg::Hand(HandOut::Clicked(c)) => {
                if self.session.human_turn().is_some() {
                    self.selection = if self.selection == Selection::Card(c) {
                        Selection::None
                    } else {
                        Selection::Card(c)
                    };
                }
            }
            // "Done buying" buys what the purchase panel holds first.
            Msg::Prompt(PromptOut::Chosen(Action::EndPurchase)) => {
                self.w.purchases.emit(PurchaseMsg::Confirm { finish: true });
                return;
            }
            Msg::Prompt(PromptOut::Chosen(a)) => self.choose(a),
            Msg::Prompt(PromptOut::ChosenAll(actions)) => self.buy(actions, false),
            Msg::Prompt(PromptOut::Select(s)) => self.selection = s,
            Msg::Prompt(PromptOut::OpenBallot) => {
                let (view, pool) = self.frame();
                self.w.ballot.emit(BallotMsg::Open(view, pool));
                return;
            }
            Msg::Prompt(PromptOut::Refused(why)) => self.status = why,
            Msg::Prompt(PromptOut::Stand(order)) => {
                if let Some(p) = self.session.human_turn() {
                    self.session.stand(p, order);
                    self.decided(p);
                    self.selection = Selection::None;
                }
            }
            Msg::Prompt(PromptOut::Rule(section)) => {
                self.w.rules.emit(RulesMsg::Show(section));
                return;
            }
            Msg::Ballot(BallotOut::Vote(a)) => self.choose(a),
            Msg::Ballot(BallotOut::Hint) => self.ask_hint(&sender),
            Msg::Ballot(BallotOut::Quit) => {
                self.w.ballot.emit(BallotMsg::Close);
                self.window.close();
                return;
            }
            Msg::Uncover => self.session.uncover(),
            Msg::Answer(key, yes, every) => {
                self.question_hint = None;
                if key != self.game().history.len() {
                    return;
                }
                if every {
                    let order = self
                        .game()
                        .prompt()
                        .and_then(|pr| Standing::answer_all(self.game(), &pr.kind, yes));
                    if let (Some(order), Some(p)) = (order, self.session.human_turn()) {
                        self.session.stand(p, order);
                    }
                }
                self.choose(if yes { Action::Accept } else { Action::Refuse });
            }
            Msg::ShowPage(name) => {
                self.w.stack.set_visible_child_name(name);
                return;
            }
            Msg::Buy(actions, finish) => self.buy(actions, finish),
            Msg::Shown(ask) => {
                if self.shown {
                    return;
                }
                self.shown = true;
                for problem in std::mem::take(&mut self.prefs_problems) {
                    let m = problem.message();
                    eprintln!("fief: {m}");
                    self.toast(&m);
                }
                if ask {
                    match self.store.clone() {
                        // The last game is read and checked on a worker thread.
                        Some(store) => sender.spawn_oneshot_command(move || {
                            let last = store.resume();
                            let backup = match &last {
                                Some(Err(_)) => store.backup().map(Box::new),
                                _ => None,
                            };
                            Cmd::LastGame(last.map(Box::new), backup)
                        }),
                        None => self.w.new_game.emit(NewGameMsg::Open),
                    }
                }
            }
            Msg::EndDialog(new) => {
                if new {
                    sender.input(Msg::NewGame);
                }
                return;
            }
        }
        self.advance(&sender);
    }

    fn update_cmd(&mut self, cmd: Cmd, sender: ComponentSender<Self>, _root: &Self::Root) {
        match cmd {
            Cmd::Bot(answer) => {
                let mark = answer
                    .action
                    .as_ref()
                    .and_then(|a| self.mark_of(answer.player, a));
                match self.session.answer(answer) {
                    Answered::Applied(..) => {
                        self.trail.extend(mark);
                        self.selection = Selection::None;
                        self.status.clear();
                    }
                    Answered::Stale => {}
                    Answered::Failed(f) => {
                        let e = bot_failure(self.game(), &f);
                        self.bot_errors.push(e.clone());
                        self.toast(&e);
                        return;
                    }
                }
            }
            Cmd::Loaded(path, r) => {
                self.loading = false;
                match *r {
                    Ok(saved) => {
                        let migrated = saved.migrated_from.is_some();
                        self.keep_current_game();
                        if self.set_session(saved.game, saved.seats, true) {
                            self.toast(&if migrated {
                                tr("Game loaded (saved by an older version, converted).")
                            } else {
                                tr("Game loaded.")
                            });
                        }
                    }
                    Err(e) => {
                        self.play_on();
                        let d = adw::MessageDialog::new(
                            Some(&self.window),
                            Some(&tr("This file cannot be loaded")),
                            Some(&trf(
                                "{why}\nThe file was not changed: {path}",
                                &[
                                    ("why", &text::load_error(&e)),
                                    ("path", &path.display().to_string()),
                                ],
                            )),
                        );
                        d.set_widget_name("load-refused");
                        d.add_response("ok", &tr("OK"));
                        d.present();
                    }
                }
            }
            Cmd::Hint(key, hint) => {
                if self.hint_asked == Some(key) {
                    self.hint_asked = None;
                }
                if self.hint_key() == Some(key) {
                    self.hint = hint.map(|h| (key, *h));
                    if self.hint.is_none() {
                        self.status = tr("No hint: there is nothing to choose here.");
                    }
                }
            }
            Cmd::LastGame(last, backup) => {
                // A game started meanwhile (Ctrl+N, Ctrl+O) is not interrupted.
                if self.idle {
                    self.offer_resume(last, backup);
                }
                return;
            }
        }
        self.advance(&sender);
    }

    fn shutdown(&mut self, _widgets: &mut (), _output: relm4::Sender<()>) {
        // The game was saved when the window was asked to close; the window's size is kept.
        let maximized = self.window.is_maximized();
        if !maximized {
            let (w, h) = self.window.default_size();
            if w > 0 && h > 0 {
                self.prefs.window_width = w;
                self.prefs.window_height = h;
            }
        }
        self.prefs.maximized = maximized;
        self.store_prefs();
    }
}

impl App {
    /// The game could not be saved on the way out: quitting would lose it, so ask.
    fn ask_before_quitting(&self, path: &std::path::Path, reason: &str) {
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("Quit without saving your game?")),
            Some(&trf(
                "Your game could not be saved to {path}: {why}\nIf you quit now, it cannot be resumed. Save it somewhere else first to keep it.",
                &[("path", &path.display().to_string()), ("why", reason)],
            )),
        );
        d.set_widget_name("quit-unsaved");
        d.add_response("cancel", &tr("Keep Playing"));
        d.add_response("save", &tr("Save As…"));
        d.add_response("quit", &tr("Quit Anyway"));
        d.set_response_appearance("quit", adw::ResponseAppearance::Destructive);
        d.set_response_appearance("save", adw::ResponseAppearance::Suggested);
        d.set_default_response(Some("save"));
        d.set_close_response("cancel");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| match r {
            "quit" => post(&s, Msg::ForceQuit),
            "save" => post(&s, Msg::SaveAndQuit),
            _ => {}
        });
        d.present();
    }

    /// Opens the Save chooser; the component keeps it until it answers.
    fn save_dialog(&mut self) {
        let chooser = gtk::FileChooserNative::new(
            Some(&tr("Save the game")),
            Some(&self.window),
            gtk::FileChooserAction::Save,
            Some(&tr("Save")),
            Some(&tr("Cancel")),
        );
        chooser.add_filter(&save_filter());
        if let Some(store) = &self.store {
            let dir = store.saves_dir();
            if std::fs::create_dir_all(&dir).is_ok() {
                let _ = chooser.set_current_folder(Some(&gio::File::for_path(&dir)));
            }
        }
        chooser.set_current_name(&trf(
            "Round {n}.{ext}",
            &[
                ("n", &self.game().round.to_string()),
                ("ext", fief::save::EXTENSION),
            ],
        ));
        let s = self.sender.clone();
        chooser.connect_response(move |c, r| {
            let path = (r == gtk::ResponseType::Accept)
                .then(|| c.file().and_then(|f| f.path()))
                .flatten();
            post(&s, Msg::SaveTo(path));
        });
        chooser.show();
        self.chooser = Some(chooser);
    }

    /// Writes the game to `path` (`.fief` added when it has no ending); a failure stays on
    /// screen until dismissed. Says whether it was written.
    fn save_to(&mut self, mut path: PathBuf) -> bool {
        if path.extension().is_none() {
            path.set_extension(fief::save::EXTENSION);
        }
        let written = fief::save::to_json(self.session.seats(), self.game())
            .and_then(|t| fief::save::write_atomic(&path, &t).map_err(|e| e.to_string()));
        match written {
            Ok(()) => {
                self.save_failure = None;
                self.toast(&trf(
                    "Game saved to {path}.",
                    &[("path", &path.display().to_string())],
                ));
                true
            }
            Err(e) => {
                self.save_failure = Some(trf(
                    "The game could not be saved to {path}: {why}",
                    &[("path", &path.display().to_string()), ("why", &e)],
                ));
                false
            }
        }
    }

    /// Opens the Load chooser; the component keeps it until it answers.
    fn load_dialog(&mut self) {
        let chooser = gtk::FileChooserNative::new(
            Some(&tr("Load a game")),
            Some(&self.window),
            gtk::FileChooserAction::Open,
            Some(&tr("Load")),
            Some(&tr("Cancel")),
        );
        chooser.add_filter(&save_filter());
        let all = gtk::FileFilter::new();
        all.set_name(Some(&tr("All files")));
        all.add_pattern("*");
        chooser.add_filter(&all);
        if let Some(store) = &self.store {
            let dir = store.saves_dir();
            if dir.is_dir() {
                let _ = chooser.set_current_folder(Some(&gio::File::for_path(&dir)));
            }
            // The autosave, its copy and the files set aside live one folder up.
            if store.root().is_dir() {
                let _ = chooser.add_shortcut_folder(&gio::File::for_path(store.root()));
            }
        }
        let s = self.sender.clone();
        chooser.connect_response(move |c, r| {
            let path = (r == gtk::ResponseType::Accept)
                .then(|| c.file().and_then(|f| f.path()))
                .flatten();
            post(&s, Msg::LoadFrom(path));
        });
        chooser.show();
        self.chooser = Some(chooser);
    }
}

/// Fief saves in the file choosers.
fn save_filter() -> gtk::FileFilter {
    let f = gtk::FileFilter::new();
    f.set_name(Some(&tr("Fief saved games")));
    f.add_pattern(&format!("*.{}", fief::save::EXTENSION));
    f.add_pattern("*.json");
    f
}

/// The window in a real GTK main loop (run under `xvfb-run -a`).
#[cfg(test)]
#[path = "app_tests.rs"]
mod gtk_tests;
