//! The main window: header bar (New Game, Undo, round and phase, primary menu), the map, the
//! family boards, the card hand, the prompt bar and the log, battle and election pages.
//! The game itself lives in a GTK-free [`Session`] (seats, bots, undo, hotseat, autosave):
//! this component only turns its state into widgets and clicks into its calls. Bots think on
//! worker threads and their moves are shown at the pace chosen in Preferences; saves are
//! loaded on worker threads too. Its parts live apart, in this folder: how it starts
//! (`init`), its messages (`msg`), its widgets (`window`), the human's decisions (`input`), the
//! file flows (`files`), the network flows (`net`, `net_play`), the hints (`hints`) and what
//! happened since a decision (`trail`); the dialogs are in `ui::dialogs`, the words of the
//! status in `ui::words::status`.

#[cfg(feature = "drive")]
pub mod drive;
pub mod files;
pub mod hints;
pub mod init;
pub mod msg;
pub mod net_play;
pub mod prefs;
pub mod sizes;
pub mod trail;
pub mod window;

use crate::ui::app::hints::{HintKey, Hints};
use crate::ui::app::init::AppInit;
use crate::ui::app::msg::{post, Cmd, Msg, Page};
use crate::ui::app::net_play::NetGame;
use crate::ui::app::prefs::{Prefs, PrefsProblem};
use crate::ui::app::trail::{News, Trail};
use crate::ui::board::canvas::{MapMsg, MapShow};
use crate::ui::dialogs::ballot::{BallotMsg, ElectionPanelMsg};
use crate::ui::dialogs::Dialogs;
use crate::ui::panels::basket;
use crate::ui::panels::battle::BattleMsg;
use crate::ui::panels::family_board::BoardsMsg;
use crate::ui::panels::game_log::LogMsg;
use crate::ui::panels::hand::HandMsg;
use crate::ui::panels::prompt_bar::{PromptData, PromptMsg};
use crate::ui::panels::purchase::PurchaseMsg;
use crate::ui::plan::clicks;
use crate::ui::plan::clicks::Selection;
use crate::ui::tr;
use crate::ui::words::status::{self, Waiting};
use fief::bots::Budget;
use fief::net::joined::Joined;
use fief::rules::{Action, Game, Options, View};
use fief::session::{Autosave, Next, Seat, Session, Settings, Standing};
use files::FileFlows;
use relm4::adw::prelude::*;
use relm4::gtk::glib;
use relm4::{adw, gtk, Component, ComponentController, ComponentParts, ComponentSender};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;
use update::Redraw;
use window::APP_NAME;

pub struct App {
    /// The game being played.
    pub session: Session,
    prefs: Prefs,
    prefs_path: Option<PathBuf>,
    prefs_problems: Vec<PrefsProblem>,
    /// Saves, loads, the autosave and quitting.
    files: FileFlows,
    /// No game was started, resumed or loaded yet: the launch's board waits.
    idle: bool,
    hard_budget: Budget,
    selection: Selection,
    status: String,
    /// The questions, the ballot and the end of the game.
    dialogs: Dialogs,
    /// The hint for the decision on screen, and the one being worked out.
    hints: Hints,
    /// The window is on screen: dialogs may open over it.
    shown: bool,
    /// Your Tables was opened at launch (closing it goes on to the last game).
    tables_at_launch: bool,
    /// "Close the table you host?" was answered: the window closes without asking again.
    closing_asked: bool,
    /// Ctrl+Q: the app quits, even if it would stay in the background.
    quitting: bool,
    /// The window was closed and the app runs on without it (`background`).
    in_background: bool,
    /// Errors met by bots, for the tests and the status line.
    pub bot_errors: Vec<String>,
    /// The others' moves and battles, and the news, since each player's last decision.
    trail: Trail,
    window: adw::ApplicationWindow,
    /// The widgets the window is made of.
    w: window::Widgets,
    /// The table this app sits at, in a network game.
    net: Option<NetGame>,
    /// The number of the last line opened (news of older lines is dropped).
    net_epoch: u64,
    /// Where the tables sat at and the hosted tables are kept (the app's data folder).
    net_dir: Option<PathBuf>,
    /// The tables sat at before, as last offered (join dialog, launch).
    offered: Vec<Joined>,
    /// The tables sat at, followed while the app runs, and what was heard of each.
    watcher: Option<fief::net::watch::Watcher>,
    followed: Vec<tables::Follow>,
    /// The tables last heard on the local network (join dialog).
    lan: Vec<fief::net::lan::LanTable>,
    /// The window's own messages, for dialogs made on the fly.
    input: relm4::Sender<Msg>,
    /// Learn to Play: the lesson played and the progress.
    learning: lesson::Learning,
    /// The decision the keyboard was last brought to (`focus`).
    focus_for: Option<focus::FocusKey>,
}

/// GTK's interface animations on or off (Preferences).
fn apply_animations(on: bool) {
    if let Some(settings) = gtk::Settings::default() {
        settings.set_gtk_enable_animations(on);
    }
}

/// The session's settings from the preferences, the Hard bot thinking for `hard_budget`.
fn settings_of(prefs: &Prefs, hard_budget: Budget) -> Settings {
    Settings {
        hard_budget: paced(hard_budget, prefs.pace),
        auto_pass: prefs.auto_pass,
        skip_idle: prefs.skip_idle,
        roll_for_me: !prefs.decide_rolls,
        losses_for_me: !prefs.choose_losses,
    }
}

/// The Hard bot's budget at `pace`: a time budget follows the pace (`Pace::hard_time`); an
/// iteration budget (tests, reproducible runs) stays as it is.
fn paced(budget: Budget, pace: crate::ui::app::prefs::Pace) -> Budget {
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
        if !self.idle && !self.files.busy() {
            self.session.unpause();
        }
    }

    fn settings(&self) -> Settings {
        settings_of(&self.prefs, self.hard_budget)
    }

    /// Plays `game` from now on. A game the player started, resumed or loaded is autosaved
    /// (`keep`); the launch's board and scripted starts are not.
    fn set_session(&mut self, game: Game, seats: Vec<Seat>, keep: bool) -> bool {
        let autosave = self.files.autosave(keep);
        match Session::new(game, seats, self.settings(), autosave) {
            Ok(s) => {
                // A game here leaves the table (it goes on at its host).
                self.leave_net(self.net.as_ref().is_some_and(|n| n.playing));
                self.install_session(s);
                true
            }
            Err(e) => {
                self.toast(&e);
                false
            }
        }
    }

    /// Plays `s` from now on, the window's parts starting again with it.
    fn install_session(&mut self, s: Session) {
        self.session = s;
        self.idle = false;
        // A lesson starts its session anew; any other game ends the lesson.
        self.learning.run = None;
        self.hints.new_game();
        self.selection = Selection::None;
        self.dialogs.new_game();
        self.forget_trail();
        self.status.clear();
        self.files.started();
        self.w.map.emit(MapMsg::ZoomReset);
        self.w.side_players.set(self.game().players.len());
        sizes::fit_side(&self.w.side, self.game().players.len());
        // The log and the pages start again with the new game.
        self.w.log.emit(LogMsg::Clear);
        Page::Log.show_in(&self.w.stack);
    }

    /// Moves the game on after each change (automatic passes, the hotseat cover, a bot set
    /// thinking on a worker thread), then redraws every part of the window.
    fn advance(&mut self, sender: &ComponentSender<Self>) {
        if let Next::Bot(request) = self.session.next_turn() {
            let delay = self.prefs.pace.delay();
            sender.spawn_oneshot_command(move || Cmd::Bot(request.run(delay)));
        }
        // In a network game the decisions taken go to the host.
        self.send_decisions();
        // A "fight to the end" that stopped by itself says why.
        if let Some((_, why)) = self.session.take_fight_stop() {
            self.status = status::fight_stop(&why);
        }
        self.check_lesson();
        self.redraw();
    }

    /// The decision a hint would be for now: a human's own, on an uncovered screen.
    fn hint_key(&self) -> Option<HintKey> {
        self.hints.key(&self.session, self.idle || self.seating())
    }

    /// The hint for the decision on screen, if one was worked out for it.
    fn current_hint(&self) -> Option<&fief::bots::hint::Hint> {
        self.hints.current(self.hint_key())
    }

    /// Works out a hint for the human's decision on a worker thread: the Hard bot on his own
    /// view, thinking as long as the pace gives the Hard bots. It is shown, never played.
    fn ask_hint(&mut self, sender: &ComponentSender<Self>) {
        let Some(key) = self.hint_key() else {
            self.status = tr("A hint is for your own decision, when it is yours to make.");
            return;
        };
        let budget = paced(self.hard_budget, self.prefs.pace);
        if let Some(job) = self.hints.ask(self.session.game(), key, budget) {
            sender.spawn_oneshot_command(move || Cmd::Hint(job.key, job.run().map(Box::new)));
        }
    }

    /// What the viewer sees now.
    fn frame(&self) -> (Rc<View>, Rc<Vec<Action>>) {
        let mut view = self.session.view();
        if self.idle || self.seating() {
            // The board at launch asks nobody anything: no game is being played; nor does a
            // table's before its players are seated.
            view.prompt = None;
        }
        // What the window offers: the session's list for the human deciding now (at a table,
        // the host's), nothing at all when nobody is.
        view.legal = match self.deciding() {
            Some(_) => self.session.legal(),
            None => Vec::new(),
        };
        let legal = view.legal.clone();
        (Rc::new(view), Rc::new(legal))
    }

    /// What the game waits for, when the status line has nothing else to say (not a dialog
    /// at a table: the others play on behind it).
    fn waiting(&self) -> Waiting {
        if self.idle {
            Waiting::NoGame
        } else if self.files.loading {
            Waiting::Loading
        } else if self
            .learning
            .run
            .as_ref()
            .is_some_and(|r| r.verdict != fief::lessons::Verdict::Going)
        {
            Waiting::LessonOver
        } else if self.session.is_paused() && self.net.is_none() {
            Waiting::Dialog
        } else if self.hints.looking(self.hint_key()) {
            Waiting::Hint
        } else {
            match self.game().to_act().map(|p| (p, self.session.seat(p))) {
                _ if self.session.waits_for_host() => Waiting::Host,
                _ if self.seating() => Waiting::Table,
                Some((p, Some(Seat::Bot(level)))) => Waiting::Bot(p, level),
                Some((p, Some(Seat::Remote))) => Waiting::Remote(p),
                _ => Waiting::Nothing,
            }
        }
    }

    fn redraw(&mut self) {
        self.show_coach();
        let (view, legal) = self.frame();
        let g = &view.state;
        let game = self.session.game();
        // Header: round and phase.
        self.w
            .title
            .set_subtitle(&status::subtitle(game, self.idle));
        self.w.undo_button.set_sensitive(self.session.can_undo());
        self.w.undo_button.set_tooltip_text(Some(&if self.session.remote_seat().is_some() {
            tr("In a network game a decision is shown to the others at once: it cannot be taken back")
        } else {
            tr("Undo your last decision (Ctrl+Z)")
        }));
        self.w
            .hint_button
            .set_sensitive(self.hints.can_ask(self.hint_key()));
        // A failed save stays on screen until dismissed.
        self.files.show_problem(&self.session);
        // Hotseat cover.
        self.w
            .show_cover(self.session.covered().map(|p| status::cover(game, p)));
        let seats = Rc::new(self.seat_words());
        let highlights = clicks::highlights(g, &legal, &self.selection);
        let on_map = !highlights.is_empty();
        let hint = self
            .current_hint()
            .map(|h| (status::hint(game, h), h.villages.clone()));
        // The modal ballot and questions keep the prompt bar out of reach: their own line
        // shows the hint.
        let line = match &hint {
            Some((words, _)) => Some(words.clone()),
            None if self.hints.looking(self.hint_key()) => Some(status::looking_for_hint()),
            None => None,
        };
        if let Some(line) = line {
            if legal.iter().any(|a| matches!(a, Action::Vote { .. })) {
                self.w.ballot.emit(BallotMsg::Hint(line));
            } else {
                self.dialogs.hint(&line);
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
            marks: self
                .trail
                .marks(self.session.viewer())
                .into_iter()
                .chain(self.coach_marks())
                .collect(),
            travel,
            moves: match self.selection {
                Selection::None | Selection::Village(_) => clicks::roads(g, &legal),
                _ => Vec::new(),
            },
            armies: match self.deciding() {
                Some(_) => clicks::drag_sources(g),
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
            legal: legal.clone(),
            selected: card,
            hidden: self.session.viewer().is_none(),
        });
        let orders: Vec<Standing> = match self.session.viewer() {
            Some(v) => self.session.standings(v).collect(),
            None => Vec::new(),
        };
        let status = status::status(game, &self.status, self.waiting(), &orders, &legal);
        self.w.prompt.emit(PromptMsg::Show(PromptData {
            view: view.clone(),
            legal: legal.clone(),
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
        self.w.outlook.show(&view);
        self.w.elections.emit(ElectionPanelMsg::Show(view.clone()));
        if !basket::buying(&legal) && Page::Purchase.shown_in(&self.w.stack) {
            Page::Log.show_in(&self.w.stack);
        }
        self.w
            .purchases
            .emit(PurchaseMsg::Show(view.clone(), legal.clone()));
        self.tell_news(&view);
        self.follow_decision(&legal, on_map);
        if self.shown {
            let game = self.session.game();
            self.dialogs.open(game, &view, &legal, &self.w.ballot);
        }
    }

    fn toast(&self, s: &str) {
        window::toast(&self.w.toasts, s);
    }

    /// The marks and the card start again (a new game, an undo): nothing is "since" yet.
    fn forget_trail(&mut self) {
        self.trail.forget(self.session.game());
        self.w.news.show(None);
    }

    /// When a human's turn comes on an uncovered screen, the card of what happened since his
    /// last decision.
    fn tell_news(&mut self, view: &View) {
        let to_tell = self.deciding().filter(|_| self.session.covered().is_none());
        let humans = self.session.humans().count();
        match self.trail.news(self.session.game(), view, to_tell, humans) {
            News::Keep => {}
            News::Clear => self.w.news.show(None),
            News::Card(title, lines) => self.w.news.show(Some((title, lines))),
        }
    }

    fn store_prefs(&self) {
        let Some(path) = &self.prefs_path else { return };
        if let Err(e) = self.prefs.store(path) {
            eprintln!("fief: the preferences could not be saved: {e}");
        }
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
            sizes::fit_to_screen(&window);
        }
        apply_animations(init.prefs.animations);
        let input = sender.input_sender().clone();
        let w = window::build(
            &window,
            &input,
            &init.prefs,
            init.prefs_path.is_some(),
            init.game.map.clone(),
        );
        modal::grey_under_modals(window.upcast_ref(), &[w.prompt.widget().clone().upcast()]);
        // Closing saves the game first; if that fails the player is asked.
        let files = FileFlows::new(init.store, &window, &w, input.clone());

        let settings = settings_of(&init.prefs, init.hard_budget);
        // The game of a scripted start, or the board shown at launch; neither is autosaved.
        let session = Session::new(init.game, init.seats, settings, Autosave::Off)
            .or_else(|_| {
                let g = Game::new(Options::default()).map_err(|e| e.to_string())?;
                Session::new(g, vec![Seat::Human; 4], settings, Autosave::Off)
            })
            .expect("a default game can always be made");
        let mut model = App {
            trail: Trail::new(session.game()),
            session,
            prefs: init.prefs,
            prefs_path: init.prefs_path,
            prefs_problems: init.prefs_problems,
            files,
            idle: init.ask_new_game,
            hard_budget: init.hard_budget,
            selection: Selection::None,
            status: String::new(),
            dialogs: Dialogs::new(&window, input),
            hints: Hints::default(),
            shown: false,
            tables_at_launch: false,
            closing_asked: false,
            quitting: false,
            in_background: false,
            bot_errors: Vec::new(),
            window: window.clone(),
            w,
            net: None,
            net_epoch: 0,
            net_dir: init.net_dir,
            offered: Vec::new(),
            watcher: None,
            followed: Vec::new(),
            lan: Vec::new(),
            input: sender.input_sender().clone(),
            learning: Default::default(),
            focus_for: None,
        };
        // The clocks of a network game (dropped players, the line coming back).
        let s = sender.input_sender().clone();
        glib::timeout_add_seconds_local(1, move || {
            if s.send(Msg::NetTick).is_err() {
                return glib::ControlFlow::Break;
            }
            glib::ControlFlow::Continue
        });
        #[cfg(feature = "drive")]
        crate::ui::app::drive::start(sender.input_sender().clone());
        let s = sender.input_sender().clone();
        model.w.stack.connect_visible_child_name_notify(move |st| {
            if Page::Chat.shown_in(st) {
                post(&s, Msg::ChatShown);
            }
        });
        model.forget_trail();
        model.w.side_players.set(model.game().players.len());
        sizes::fit_side(&model.w.side, model.game().players.len());
        if model.idle {
            // Nothing plays until the player starts, resumes or loads a game.
            model.session.pause();
        }
        model.advance(&sender);
        // Dialogs open once the window is on screen, so that they lie over it.
        let (s, ask) = (sender.input_sender().clone(), init.ask_new_game);
        let lesson = init.lesson;
        let back = sender.input_sender().clone();
        window.connect_map(move |_| post(&back, Msg::Mapped));
        window.connect_map(move |_| {
            let s = s.clone();
            glib::timeout_add_local_once(Duration::from_millis(150), move || {
                post(&s, Msg::Shown(ask));
                if let Some(i) = lesson {
                    post(&s, Msg::StartLesson(i));
                }
            });
        });
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: Msg, sender: ComponentSender<Self>, _root: &Self::Root) {
        if self.on_msg(msg, &sender) == Redraw::Yes {
            self.advance(&sender);
        }
    }

    fn update_cmd(&mut self, cmd: Cmd, sender: ComponentSender<Self>, _root: &Self::Root) {
        if self.on_cmd(cmd, &sender) == Redraw::Yes {
            self.advance(&sender);
        }
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

/// The human's decisions: clicks, drags, the prompt bar's choices and the answers.
mod focus;
mod input;
mod lesson;
mod modal;

/// Hosting, joining, the line's news, talk, coming back; the tables sat at, followed.
mod away;
mod background;
mod net;
mod net_news;
mod tables;

/// Each message's answer, and whether the window redraws after it.
mod update;

/// The window's tests, in a real GTK main loop (run under `xvfb-run -a`).
#[cfg(test)]
mod tests;
