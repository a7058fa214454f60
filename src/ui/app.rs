//! The main window: header bar (New Game, Undo, round and phase, primary menu), the map, the
//! family boards, the card hand, the prompt bar and the log, battle and election pages.
//! It owns the game; every change goes through `Game::apply`. Bots think on worker threads
//! and their moves are shown at the pace chosen in Preferences; humans decide by clicks.

use super::battle_panel::{BattleMsg, BattleOut, BattlePanel};
use super::card_hand::{CardHand, HandMsg, HandOut};
use super::choices::{self, Click, Selection};
use super::election_dialog::{
    BallotMsg, BallotOut, ElectionDialog, ElectionPanel, ElectionPanelMsg, ElectionPanelOut,
};
use super::family_board::{BoardsMsg, FamilyBoards};
use super::game_log::{GameLog, LogMsg};
use super::map_canvas::{MapCanvas, MapMsg, MapOut};
use super::new_game::{NewGame, NewGameDialog, NewGameMsg, NewGameOut};
use super::preferences::{PreferencesWindow, Prefs, PrefsMsg, PrefsOut, PrefsProblem};
use super::prompt_bar::{PromptBar, PromptData, PromptMsg, PromptOut};
use super::rules_pane::{RulesMsg, RulesPane};
use super::text;
use super::{tr, trf};
use fief::bots::{new_bot, Bot, Budget};
use fief::map::VillageId;
use fief::rules::{Action, Game, Options, Phase, PlayerId, PromptKind, View};
use fief::save::{LoadError, Saved, Seat, Store};
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{
    adw, gtk, Component, ComponentController, ComponentParts, ComponentSender, Controller,
};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A message made on demand (menu actions and shortcuts).
type MsgFn = fn() -> Msg;

pub const APP_NAME: &str = "Fief: France 1429";

/// How the window starts.
pub struct AppInit {
    pub game: Game,
    pub seats: Vec<Seat>,
    pub prefs: Prefs,
    /// Open the new-game dialog at once (a fresh start of the app).
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
            store: Store::default_location(),
        }
    }
}

#[derive(Debug)]
pub enum Msg {
    NewGame,
    StartGame(Box<NewGame>),
    Undo,
    Save,
    Load,
    Loaded(Box<Result<Saved, LoadError>>),
    /// The answer to "Resume your last game?".
    Resume(bool),
    /// The answer to "Attack?" for the decision `key`.
    Confirmed(usize, Box<Action>),
    Preferences,
    PrefsChanged(Box<Prefs>),
    /// Ctrl+Q: close the window (the game is autosaved).
    Quit,
    Rules,
    Shortcuts,
    About,
    /// Escape: drop the selection.
    Cancel,
    Map(MapOut),
    /// Ctrl+plus, Ctrl+minus, Ctrl+0.
    Zoom(i8),
    Hand(HandOut),
    Prompt(PromptOut),
    Ballot(BallotOut),
    /// The hotseat cover was lifted by the player it asked for.
    Uncover,
    /// The answer of the yes/no dialog for the decision `key`.
    Answer(usize, bool),
    ShowPage(&'static str),
    EndDialog(bool),
    /// The window is mapped; `true` opens the new-game dialog.
    Shown(bool),
}

/// A bot's decision, back from its worker thread.
pub struct BotDone {
    generation: u64,
    player: PlayerId,
    action: Option<Action>,
    bot: Box<dyn Bot>,
    panicked: bool,
}

impl std::fmt::Debug for BotDone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotDone({}, {:?})", self.player, self.action)
    }
}

pub struct App {
    pub game: Game,
    pub seats: Vec<Seat>,
    bots: Vec<Option<Box<dyn Bot>>>,
    prefs: Prefs,
    prefs_path: Option<PathBuf>,
    prefs_problems: Vec<PrefsProblem>,
    store: Option<Store>,
    /// The round and phase last autosaved.
    autosaved: Option<(u16, std::mem::Discriminant<Phase>)>,
    /// The autosaved game offered at launch, while the question is open.
    resumable: Option<Box<Saved>>,
    sender: ComponentSender<App>,
    hard_budget: Budget,
    selection: Selection,
    /// Whose private information is on screen (None: nobody's, a spectator's view).
    viewer: Option<PlayerId>,
    /// The hotseat cover, asking for this player.
    covered: Option<PlayerId>,
    /// A bot is thinking for this game generation.
    thinking: bool,
    generation: u64,
    cancel: Arc<AtomicBool>,
    /// Snapshots before each of the current human's own decisions (see `Game::revealed_since`).
    undo: Vec<(PlayerId, Game)>,
    status: String,
    /// The decision a dialog (yes/no, ballot) was last opened for.
    asked: Option<usize>,
    ended_shown: bool,
    /// The window is on screen: dialogs may open over it.
    shown: bool,
    /// Errors met by bots, for the tests and the status line.
    pub bot_errors: Vec<String>,
    /// Actions applied in this game, counted for the tests.
    pub applied: usize,
    window: adw::ApplicationWindow,
    title: adw::WindowTitle,
    undo_button: gtk::Button,
    cover: adw::StatusPage,
    cover_button: gtk::Button,
    toasts: adw::ToastOverlay,
    stack: gtk::Stack,
    map: Controller<MapCanvas>,
    boards: Controller<FamilyBoards>,
    hand: Controller<CardHand>,
    prompt: Controller<PromptBar>,
    log: Controller<GameLog>,
    battle: Controller<BattlePanel>,
    elections: Controller<ElectionPanel>,
    ballot: Controller<ElectionDialog>,
    new_game: Controller<NewGameDialog>,
    prefs_window: Controller<PreferencesWindow>,
    rules: Controller<RulesPane>,
}

const CSS: &str = "
.family-board { padding: 8px; border-radius: 8px; background: alpha(@card_bg_color, 0.9);
  border: 1px solid alpha(@borders, 0.8); }
.family-board.acting { border: 2px solid @accent_bg_color; }
.fief-card { padding: 4px 8px; border-radius: 8px;
  background: #f4ecd8; color: #2b1d0e; border: 1px solid #8a6a3a; }
.fief-card.lords-deck { background: #eadcc0; border-color: #6b4a22; }
.fief-card.selected { border: 3px solid #1c5bd6; }
.fief-card:disabled { opacity: 0.55; }
.die { min-width: 22px; min-height: 22px; border-radius: 4px; background: #fff; color: #000;
  border: 1px solid #444; font-weight: bold; }
.battle-side { padding: 6px; border-radius: 6px; background: alpha(@card_bg_color, 0.9); }
.prompt-bar { background: alpha(@accent_bg_color, 0.08); }
";

/// Sends a message to the window from a GTK callback; once the window is gone (its runtime
/// shut down) the message is dropped instead of panicking inside the callback.
fn post(s: &ComponentSender<App>, m: Msg) {
    s.input_sender().send(m).ok();
}

/// GTK's interface animations on or off (Preferences).
fn apply_animations(on: bool) {
    if let Some(settings) = gtk::Settings::default() {
        settings.set_gtk_enable_animations(on);
    }
}

/// A time of saving in the reader's local format.
fn when(secs: u64) -> String {
    glib::DateTime::from_unix_local(secs as i64)
        .and_then(|d| d.format("%x %H:%M"))
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

fn level_seed(seed: u64, p: PlayerId) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407 ^ (p as u64 + 1))
}

fn make_bots(game: &Game, seats: &[Seat], budget: Budget) -> Vec<Option<Box<dyn Bot>>> {
    seats
        .iter()
        .enumerate()
        .map(|(p, s)| match s {
            Seat::Human => None,
            Seat::Bot(l) => Some(new_bot(
                *l,
                level_seed(game.options.seed, p as PlayerId),
                budget,
            )),
        })
        .collect()
}

impl App {
    fn humans(&self) -> Vec<PlayerId> {
        (0..self.seats.len() as PlayerId)
            .filter(|p| self.seats[*p as usize] == Seat::Human)
            .collect()
    }

    fn is_human(&self, p: PlayerId) -> bool {
        self.seats.get(p as usize) == Some(&Seat::Human)
    }

    /// Replaces the game (new, loaded, or taken back by an undo in `undo`).
    fn set_game(&mut self, game: Game, seats: Vec<Seat>) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        self.generation += 1;
        self.thinking = false;
        self.bots = make_bots(&game, &seats, self.hard_budget);
        self.game = game;
        self.seats = seats;
        self.undo.clear();
        self.selection = Selection::None;
        self.covered = None;
        let humans = self.humans();
        self.viewer = humans.first().copied();
        self.asked = None;
        self.ended_shown = false;
        self.status.clear();
        self.applied = 0;
        self.map.emit(MapMsg::ZoomReset);
    }

    /// Applies `action` for `player`, keeping the undo stack honest.
    fn apply(&mut self, player: PlayerId, action: Action, by_human: bool, explicit: bool) -> bool {
        // Only a human's decision may be taken back: a bot's move is applied without a copy.
        let before = by_human.then(|| self.game.clone());
        match self.game.apply(player, action) {
            Ok(_) => {
                self.applied += 1;
                self.selection = Selection::None;
                self.status.clear();
                self.autosave_on_new_phase();
                let Some(before) = before else {
                    self.undo.clear();
                    return true;
                };
                if self.game.revealed_since(&before) {
                    self.undo.clear();
                } else if explicit {
                    if self.undo.last().is_some_and(|(p, _)| *p != player) {
                        self.undo.clear();
                    }
                    self.undo.push((player, before));
                }
                true
            }
            Err(e) => {
                self.status = text::rule_error(&e);
                false
            }
        }
    }

    /// The human choices in the pool are offered only to the viewer whose decision it is.
    fn human_turn(&self) -> Option<PlayerId> {
        let p = self.game.to_act()?;
        (self.is_human(p) && self.viewer == Some(p) && self.covered.is_none()).then_some(p)
    }

    /// Moves the game on after each change: automatic passes, the hotseat cover, bots, then
    /// redraws every part of the window.
    fn advance(&mut self, sender: &ComponentSender<Self>) {
        // Reaction windows in which a human can only pass are passed for him (Preferences).
        let mut guard = 0;
        while self.prefs.auto_pass && guard < 64 {
            guard += 1;
            let Some(pr) = self.game.prompt() else { break };
            if !self.is_human(pr.player) || !matches!(pr.kind, PromptKind::Window { .. }) {
                break;
            }
            let legal = self.game.legal_actions(pr.player);
            if legal != [Action::Pass] {
                break;
            }
            self.apply(pr.player, Action::Pass, true, false);
        }
        match self.game.prompt() {
            Some(pr) if self.is_human(pr.player) => {
                if self.humans().len() > 1 && self.viewer != Some(pr.player) {
                    self.covered = Some(pr.player);
                } else {
                    self.viewer = Some(pr.player);
                }
            }
            Some(pr) if !self.thinking => self.start_bot(pr.player, sender),
            Some(_) => {}
            None => {}
        }
        self.redraw(sender);
    }

    fn start_bot(&mut self, p: PlayerId, sender: &ComponentSender<Self>) {
        let Some(mut bot) = self.bots.get_mut(p as usize).and_then(|b| b.take()) else {
            self.bot_errors.push(format!("no bot sits at seat {p}"));
            return;
        };
        self.thinking = true;
        let view = self.game.bot_view(p);
        let cancel = self.cancel.clone();
        let generation = self.generation;
        let delay = self.prefs.pace.delay();
        sender.spawn_oneshot_command(move || {
            let start = Instant::now();
            let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                bot.choose(&view, &cancel)
            }));
            while start.elapsed() < delay && !cancel.load(Ordering::Relaxed) {
                std::thread::sleep((delay - start.elapsed()).min(Duration::from_millis(40)));
            }
            let panicked = got.is_err();
            BotDone {
                generation,
                player: p,
                action: got.ok().flatten(),
                bot,
                panicked,
            }
        });
    }

    /// What the viewer sees now.
    fn frame(&self) -> (Rc<View>, Rc<Vec<Action>>) {
        let viewer = if self.covered.is_some() {
            None
        } else {
            self.viewer
        };
        let view = self.game.view(viewer);
        let pool = match self.human_turn() {
            Some(_) => view.legal.clone(),
            None => Vec::new(),
        };
        (Rc::new(view), Rc::new(pool))
    }

    fn redraw(&mut self, sender: &ComponentSender<Self>) {
        let (view, pool) = self.frame();
        let g = &view.state;
        // Header: round and phase.
        self.title.set_subtitle(&if self.game.round == 0 {
            text::phase(&self.game)
        } else {
            trf(
                "Round {n} — {phase}",
                &[
                    ("n", &self.game.round.to_string()),
                    ("phase", &text::phase(&self.game)),
                ],
            )
        });
        self.undo_button.set_sensitive(
            self.undo
                .last()
                .is_some_and(|(p, _)| Some(*p) == self.viewer && self.covered.is_none()),
        );
        // Hotseat cover.
        match self.covered {
            Some(p) => {
                let name = text::player(&self.game, p);
                self.cover
                    .set_title(&trf("Pass the screen to {p}", &[("p", &name)]));
                self.cover.set_description(Some(&trf(
                    "{p}'s hand and secret choices come next. The others look away.",
                    &[("p", &name)],
                )));
                self.cover_button
                    .set_label(&trf("I am {p}: show my game", &[("p", &name)]));
                self.cover.set_visible(true);
            }
            None => self.cover.set_visible(false),
        }
        let seats = Rc::new(self.seats.clone());
        let highlights = choices::highlights(g, &pool, &self.selection);
        let selected = match self.selection {
            Selection::Village(v) | Selection::CardAt(_, v) | Selection::MoveTo(v, _) => Some(v),
            _ => None,
        };
        self.map
            .emit(MapMsg::Show(view.clone(), highlights, selected));
        self.boards.emit(BoardsMsg::Show(view.clone(), seats));
        let card = match self.selection {
            Selection::Card(c) | Selection::CardAt(c, _) => Some(c),
            _ => None,
        };
        self.hand.emit(HandMsg::Show {
            view: view.clone(),
            pool: pool.clone(),
            selected: card,
            hidden: self.covered.is_some() || self.viewer.is_none(),
        });
        let mut status = self.status.clone();
        if status.is_empty() {
            if let Some(p) = self.game.to_act() {
                if !self.is_human(p) {
                    status = trf(
                        "{p} ({kind}) is thinking…",
                        &[
                            ("p", &text::player(&self.game, p)),
                            (
                                "kind",
                                &super::family_board::seat_label(self.seats[p as usize]),
                            ),
                        ],
                    );
                }
            }
        }
        self.prompt.emit(PromptMsg::Show(PromptData {
            view: view.clone(),
            pool: pool.clone(),
            selection: self.selection.clone(),
            status,
            covered: self.covered.is_some(),
        }));
        self.log.emit(LogMsg::Show(view.clone()));
        self.battle.emit(BattleMsg::Show(view.clone()));
        self.elections.emit(ElectionPanelMsg::Show(view.clone()));
        self.dialogs(&view, &pool, sender);
    }

    /// Opens the dialog a human's decision calls for: a yes/no question, the ballot, or the
    /// end of the game.
    fn dialogs(&mut self, view: &Rc<View>, pool: &Rc<Vec<Action>>, sender: &ComponentSender<Self>) {
        if !self.shown {
            return;
        }
        if self.game.is_over() && !self.ended_shown {
            self.ended_shown = true;
            self.end_dialog(sender);
            return;
        }
        let key = self.game.history.len();
        if !pool.iter().any(|a| matches!(a, Action::Vote { .. })) {
            self.ballot.emit(BallotMsg::Close);
        }
        if pool.is_empty() || self.asked == Some(key) {
            return;
        }
        let Some(pr) = &view.prompt else { return };
        if matches!(pr.kind, PromptKind::Vote(_)) {
            self.asked = Some(key);
            self.ballot
                .emit(BallotMsg::Open(view.clone(), pool.clone()));
            return;
        }
        let Some((heading, yes, no)) = text::question(&pr.kind) else {
            return;
        };
        if !pool.contains(&Action::Accept) && !pool.contains(&Action::Refuse) {
            return;
        }
        self.asked = Some(key);
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&heading),
            Some(&text::prompt(&view.state, pr, view.viewer)),
        );
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
        d.connect_response(None, move |_, r| match r {
            "yes" => post(&s, Msg::Answer(key, true)),
            "no" => post(&s, Msg::Answer(key, false)),
            _ => {}
        });
        d.present();
    }

    fn end_dialog(&self, sender: &ComponentSender<Self>) {
        let g = &self.game;
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
        let view = g.view(None);
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
            let villages = g
                .villages
                .iter()
                .filter(|v| v.controller == Some(p))
                .count();
            let row = [
                text::player(g, p),
                view.players[p as usize].vp.to_string(),
                villages.to_string(),
                if titles.is_empty() {
                    "—".into()
                } else {
                    titles.join(", ")
                },
            ];
            for (c, s) in row.iter().enumerate() {
                let l = gtk::Label::new(Some(s));
                l.set_wrap(true);
                l.set_xalign(0.0);
                l.set_max_width_chars(if c == 3 { 30 } else { 12 });
                if o.winners.contains(&p) {
                    l.add_css_class("accent");
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

    fn toast(&self, s: &str) {
        self.toasts.add_toast(adw::Toast::new(s));
    }

    /// A click on the map, through the pure rules of `choices`.
    fn clicked(&mut self, v: Option<VillageId>) {
        let (Some(v), Some(p)) = (v, self.human_turn()) else {
            self.selection = Selection::None;
            return;
        };
        // The acting player's legal actions, as the prompt bar and the map were given them.
        let pool = self.game.legal_actions(p);
        match choices::click(&self.game, &pool, &self.selection, v) {
            Click::Apply(a) => self.decide(p, a),
            Click::Select(s) => self.selection = s,
            Click::Ignore => {
                self.status = trf(
                    "Nothing to do at {v} now.",
                    &[("v", &text::village(&self.game, v))],
                );
            }
        }
    }

    fn choose(&mut self, a: Action) {
        if let Some(p) = self.human_turn() {
            self.decide(p, a);
        }
    }

    /// A human's decision; one that starts a battle is confirmed first (Preferences).
    fn decide(&mut self, p: PlayerId, a: Action) {
        let attack = matches!(a, Action::DeclareBattle { .. } | Action::DeclareSiege(_));
        if !(attack && self.prefs.confirm_attack && self.shown) {
            self.apply(p, a, true, true);
            return;
        }
        let key = self.game.history.len();
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("Start a battle?")),
            Some(&text::action(&self.game, &a)),
        );
        d.add_response("cancel", &tr("Cancel"));
        d.add_response("attack", &tr("Attack"));
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

    /// Saves the game to the autosave when a new phase (or round) has begun.
    fn autosave_on_new_phase(&mut self) {
        let now = (self.game.round, std::mem::discriminant(&self.game.phase));
        if self.autosaved != Some(now) {
            self.autosave_now();
        }
    }

    fn autosave_now(&mut self) {
        self.autosaved = Some((self.game.round, std::mem::discriminant(&self.game.phase)));
        let Some(store) = &self.store else { return };
        if let Err(e) = store.autosave(&self.seats, &self.game) {
            let m = trf("The game could not be autosaved: {e}", &[("e", &e)]);
            eprintln!("fief: {m}");
            self.status = m;
        }
    }

    fn store_prefs(&self) {
        let Some(path) = &self.prefs_path else { return };
        if let Err(e) = self.prefs.store(path) {
            eprintln!("fief: the preferences could not be saved: {e}");
        }
    }

    /// At launch: offers to resume the autosaved game, if one is unfinished. Says whether a
    /// question was asked (otherwise the new-game dialog opens).
    fn offer_resume(&mut self, sender: &ComponentSender<Self>) -> bool {
        let Some(store) = &self.store else {
            return false;
        };
        let (heading, body, can_resume) = match store.resume() {
            None => return false,
            Some(Ok(saved)) if saved.game.outcome.is_none() => {
                let g = &saved.game;
                let players: Vec<String> = (0..g.n()).map(|p| text::player(g, p)).collect();
                let body = trf(
                    "Round {n}, {phase}, saved {when}.\nPlayers: {players}.",
                    &[
                        ("n", &g.round.to_string()),
                        ("phase", &text::phase(g)),
                        ("when", &when(saved.saved_at)),
                        ("players", &players.join(", ")),
                    ],
                );
                self.resumable = Some(Box::new(saved));
                (tr("Resume your last game?"), body, true)
            }
            Some(Ok(_)) => return false,
            Some(Err(e)) => (
                tr("Your last game could not be restored"),
                trf(
                    "{why}\nThe file was left as it is: {path}",
                    &[
                        ("why", &text::load_error(&e)),
                        ("path", &store.autosave_path().display().to_string()),
                    ],
                ),
                false,
            ),
        };
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.set_widget_name("resume-dialog");
        d.add_response("new", &tr("New Game"));
        if can_resume {
            d.add_response("resume", &tr("Resume"));
            d.set_response_appearance("resume", adw::ResponseAppearance::Suggested);
            d.set_default_response(Some("resume"));
        } else {
            self.resumable = None;
        }
        d.set_close_response("new");
        let s = sender.clone();
        d.connect_response(None, move |_, r| post(&s, Msg::Resume(r == "resume")));
        d.present();
        true
    }
}

fn shortcuts_window(parent: &adw::ApplicationWindow) -> gtk::ShortcutsWindow {
    let rows = [
        ("<Control>n", tr("New game")),
        ("<Control>z", tr("Undo your last decision")),
        ("<Control>s", tr("Save the game")),
        ("<Control>o", tr("Load a game")),
        ("F1", tr("Rules at hand")),
        ("<Control>question", tr("Keyboard shortcuts")),
        ("Escape", tr("Cancel the selection")),
        ("<Control>plus", tr("Zoom in")),
        ("<Control>minus", tr("Zoom out")),
        ("<Control>0", tr("Whole board")),
        ("<Control>q", tr("Quit (the game is saved)")),
    ];
    let mut xml = String::from(
        "<interface><object class=\"GtkShortcutsWindow\" id=\"w\"><property name=\"modal\">1</property>\
         <child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>\
         <child><object class=\"GtkShortcutsGroup\"><property name=\"title\">",
    );
    xml += &glib::markup_escape_text(&tr("Fief"));
    xml += "</property>";
    for (accel, title) in rows {
        xml += &format!(
            "<child><object class=\"GtkShortcutsShortcut\"><property name=\"accelerator\">{}</property>\
             <property name=\"title\">{}</property></object></child>",
            glib::markup_escape_text(accel),
            glib::markup_escape_text(&title)
        );
    }
    xml += "</object></child></object></child></object></interface>";
    let b = gtk::Builder::from_string(&xml);
    let w: gtk::ShortcutsWindow = b.object("w").expect("the shortcuts window is built");
    w.set_transient_for(Some(parent));
    w
}

impl Component for App {
    type CommandOutput = BotDone;
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
        relm4::set_global_css(CSS);
        window.set_default_size(init.prefs.window_width, init.prefs.window_height);
        if init.prefs.maximized {
            window.maximize();
        }
        apply_animations(init.prefs.animations);
        // Header bar.
        let header = adw::HeaderBar::new();
        let title = adw::WindowTitle::new(APP_NAME, "");
        header.set_title_widget(Some(&title));
        let new_button = gtk::Button::with_label(&tr("New Game"));
        new_button.set_tooltip_text(Some(&tr("Start a new game (Ctrl+N)")));
        let s = sender.clone();
        new_button.connect_clicked(move |_| post(&s, Msg::NewGame));
        header.pack_start(&new_button);
        let undo_button = gtk::Button::from_icon_name("edit-undo-symbolic");
        undo_button.set_tooltip_text(Some(&tr("Undo your last decision (Ctrl+Z)")));
        let s = sender.clone();
        undo_button.connect_clicked(move |_| post(&s, Msg::Undo));
        header.pack_start(&undo_button);
        let menu = gio::Menu::new();
        let game_section = gio::Menu::new();
        game_section.append(Some(&tr("Save…")), Some("win.save"));
        game_section.append(Some(&tr("Load…")), Some("win.load"));
        menu.append_section(None, &game_section);
        let app_section = gio::Menu::new();
        app_section.append(Some(&tr("Preferences")), Some("win.preferences"));
        app_section.append(Some(&tr("Rules")), Some("win.rules"));
        app_section.append(Some(&tr("Keyboard Shortcuts")), Some("win.shortcuts"));
        app_section.append(Some(&tr("About Fief")), Some("win.about"));
        menu.append_section(None, &app_section);
        let menu_button = gtk::MenuButton::new();
        menu_button.set_icon_name("open-menu-symbolic");
        menu_button.set_menu_model(Some(&menu));
        menu_button.set_tooltip_text(Some(&tr("Main menu")));
        header.pack_end(&menu_button);
        let actions: [(&str, MsgFn); 6] = [
            ("save", || Msg::Save),
            ("load", || Msg::Load),
            ("preferences", || Msg::Preferences),
            ("rules", || Msg::Rules),
            ("shortcuts", || Msg::Shortcuts),
            ("about", || Msg::About),
        ];
        for (name, msg) in actions {
            let a = gio::SimpleAction::new(name, None);
            let s = sender.clone();
            a.connect_activate(move |_, _| post(&s, msg()));
            window.add_action(&a);
        }
        // Keyboard shortcuts.
        let keys = gtk::ShortcutController::new();
        keys.set_scope(gtk::ShortcutScope::Global);
        let bind: [(&str, MsgFn); 11] = [
            ("<Control>q", || Msg::Quit),
            ("<Control>n", || Msg::NewGame),
            ("<Control>z", || Msg::Undo),
            ("<Control>s", || Msg::Save),
            ("<Control>o", || Msg::Load),
            ("F1", || Msg::Rules),
            ("<Control>question", || Msg::Shortcuts),
            ("Escape", || Msg::Cancel),
            ("<Control>plus", || Msg::Zoom(1)),
            ("<Control>minus", || Msg::Zoom(-1)),
            ("<Control>0", || Msg::Zoom(0)),
        ];
        for (accel, msg) in bind {
            let s = sender.clone();
            keys.add_shortcut(gtk::Shortcut::new(
                gtk::ShortcutTrigger::parse_string(accel),
                Some(gtk::CallbackAction::new(move |_, _| {
                    post(&s, msg());
                    glib::Propagation::Stop
                })),
            ));
        }
        window.add_controller(keys);

        // Children.
        let map = MapCanvas::builder()
            .launch(init.game.map.clone())
            .forward(sender.input_sender(), Msg::Map);
        let boards = FamilyBoards::builder().launch(()).detach();
        let hand = CardHand::builder()
            .launch(())
            .forward(sender.input_sender(), Msg::Hand);
        let prompt = PromptBar::builder()
            .launch(())
            .forward(sender.input_sender(), Msg::Prompt);
        let log = GameLog::builder().launch(()).detach();
        let battle = BattlePanel::builder()
            .launch(())
            .forward(sender.input_sender(), |BattleOut::Started| {
                Msg::ShowPage("battle")
            });
        let elections = ElectionPanel::builder()
            .launch(())
            .forward(sender.input_sender(), |ElectionPanelOut::Decided| {
                Msg::ShowPage("election")
            });
        let ballot = ElectionDialog::builder()
            .transient_for(&window)
            .launch(())
            .forward(sender.input_sender(), Msg::Ballot);
        let new_game = NewGameDialog::builder()
            .transient_for(&window)
            .launch(())
            .forward(sender.input_sender(), |NewGameOut::Start(ng)| {
                Msg::StartGame(Box::new(ng))
            });
        new_game.emit(NewGameMsg::Defaults(
            init.prefs.default_seats.clone(),
            init.prefs.optional_rules,
        ));
        let prefs_window = PreferencesWindow::builder()
            .transient_for(&window)
            .launch(init.prefs.clone())
            .forward(sender.input_sender(), |PrefsOut::Changed(p)| {
                Msg::PrefsChanged(p)
            });
        let rules = RulesPane::builder()
            .transient_for(&window)
            .launch(())
            .detach();

        // Layout: map | sidebar (families above; log, battle, election below), then the hand
        // and the prompt bar.
        let boards_scroll = gtk::ScrolledWindow::new();
        boards_scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        boards_scroll.set_child(Some(boards.widget()));
        boards_scroll.set_vexpand(true);
        let stack = gtk::Stack::new();
        stack.add_titled(log.widget(), Some("log"), &tr("Log"));
        let battle_scroll = gtk::ScrolledWindow::new();
        battle_scroll.set_child(Some(battle.widget()));
        stack.add_titled(&battle_scroll, Some("battle"), &tr("Battle"));
        let election_scroll = gtk::ScrolledWindow::new();
        election_scroll.set_child(Some(elections.widget()));
        stack.add_titled(&election_scroll, Some("election"), &tr("Election"));
        stack.set_vexpand(true);
        let switcher = gtk::StackSwitcher::new();
        switcher.set_stack(Some(&stack));
        switcher.set_halign(gtk::Align::Center);
        let lower = gtk::Box::new(gtk::Orientation::Vertical, 4);
        lower.append(&switcher);
        lower.append(&stack);
        let side = gtk::Paned::new(gtk::Orientation::Vertical);
        side.set_start_child(Some(&boards_scroll));
        side.set_end_child(Some(&lower));
        side.set_position(330);
        side.set_size_request(400, -1);
        let paned = gtk::Paned::new(gtk::Orientation::Horizontal);
        paned.set_start_child(Some(map.widget()));
        paned.set_end_child(Some(&side));
        paned.set_resize_end_child(false);
        paned.set_shrink_end_child(false);
        paned.set_vexpand(true);
        let main = gtk::Box::new(gtk::Orientation::Vertical, 0);
        main.append(&paned);
        main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        main.append(hand.widget());
        main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        main.append(prompt.widget());

        // The hotseat cover lies over everything but the header bar.
        let overlay = gtk::Overlay::new();
        overlay.set_child(Some(&main));
        let cover = adw::StatusPage::new();
        cover.set_icon_name(Some("view-conceal-symbolic"));
        cover.add_css_class("background");
        let cover_button = gtk::Button::with_label("");
        cover_button.add_css_class("pill");
        cover_button.add_css_class("suggested-action");
        cover_button.set_halign(gtk::Align::Center);
        cover_button.set_widget_name("uncover");
        let s = sender.clone();
        cover_button.connect_clicked(move |_| post(&s, Msg::Uncover));
        cover.set_child(Some(&cover_button));
        cover.set_visible(false);
        overlay.add_overlay(&cover);
        let toasts = adw::ToastOverlay::new();
        toasts.set_child(Some(&overlay));
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&toasts);
        window.set_content(Some(&content));

        let mut model = App {
            bots: Vec::new(),
            game: init.game.clone(),
            seats: init.seats.clone(),
            prefs: init.prefs,
            prefs_path: init.prefs_path,
            prefs_problems: init.prefs_problems,
            store: init.store,
            autosaved: None,
            resumable: None,
            sender: sender.clone(),
            hard_budget: init.hard_budget,
            selection: Selection::None,
            viewer: None,
            covered: None,
            thinking: false,
            generation: 0,
            cancel: Arc::new(AtomicBool::new(false)),
            undo: Vec::new(),
            status: String::new(),
            asked: None,
            ended_shown: false,
            shown: false,
            bot_errors: Vec::new(),
            applied: 0,
            window: window.clone(),
            title,
            undo_button,
            cover,
            cover_button,
            toasts,
            stack,
            map,
            boards,
            hand,
            prompt,
            log,
            battle,
            elections,
            ballot,
            new_game,
            prefs_window,
            rules,
        };
        model.set_game(init.game, init.seats);
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
                self.new_game.emit(NewGameMsg::Open);
                return;
            }
            Msg::StartGame(ng) => match Game::with_map(ng.options.clone(), self.game.map.clone()) {
                Ok(g) => {
                    let rules = super::preferences::OptionalRules::of(&ng.options);
                    if self.prefs.default_seats != ng.seats || self.prefs.optional_rules != rules {
                        self.prefs.default_seats = ng.seats.clone();
                        self.prefs.optional_rules = rules;
                        self.prefs_window
                            .emit(PrefsMsg::Set(Box::new(self.prefs.clone())));
                        self.store_prefs();
                    }
                    self.set_game(g, ng.seats.clone());
                    self.autosave_now();
                }
                Err(e) => self.toast(&text::rule_error(&e)),
            },
            Msg::Undo => {
                let Some((p, g)) = self.undo.pop() else {
                    return;
                };
                if Some(p) != self.viewer {
                    self.undo.clear();
                    return;
                }
                // A bot's pending answer to the decision taken back is dropped.
                self.cancel.store(true, Ordering::Relaxed);
                self.cancel = Arc::new(AtomicBool::new(false));
                self.generation += 1;
                if self.thinking {
                    self.thinking = false;
                    // The bot that was thinking is rebuilt (its thread may still hold it).
                    self.bots = make_bots(&g, &self.seats, self.hard_budget);
                }
                self.game = g;
                self.selection = Selection::None;
                self.asked = None;
                self.status = tr("Decision taken back.");
            }
            Msg::Save => {
                self.save_dialog();
                return;
            }
            Msg::Load => {
                self.load_dialog(&sender);
                return;
            }
            Msg::Loaded(r) => match *r {
                Ok(saved) => {
                    let migrated = saved.migrated_from.is_some();
                    self.set_game(saved.game, saved.seats);
                    self.autosave_now();
                    self.toast(&if migrated {
                        tr("Game loaded (saved by an older version, converted).")
                    } else {
                        tr("Game loaded.")
                    });
                }
                Err(e) => {
                    let d = adw::MessageDialog::new(
                        Some(&self.window),
                        Some(&tr("This file cannot be loaded")),
                        Some(&text::load_error(&e)),
                    );
                    d.add_response("ok", &tr("OK"));
                    d.present();
                    return;
                }
            },
            Msg::Resume(yes) => match self.resumable.take() {
                Some(saved) if yes => {
                    let saved = *saved;
                    self.set_game(saved.game, saved.seats);
                    self.autosaved =
                        Some((self.game.round, std::mem::discriminant(&self.game.phase)));
                }
                _ => {
                    self.new_game.emit(NewGameMsg::Open);
                    return;
                }
            },
            Msg::Confirmed(key, a) => {
                if key != self.game.history.len() {
                    return;
                }
                if let Some(p) = self.human_turn() {
                    self.apply(p, *a, true, true);
                }
            }
            Msg::Quit => {
                self.window.close();
                return;
            }
            Msg::Preferences => {
                self.prefs_window.emit(PrefsMsg::Open);
                return;
            }
            Msg::PrefsChanged(p) => {
                if p.animations != self.prefs.animations {
                    apply_animations(p.animations);
                }
                if p.default_seats != self.prefs.default_seats
                    || p.optional_rules != self.prefs.optional_rules
                {
                    self.new_game.emit(NewGameMsg::Defaults(
                        p.default_seats.clone(),
                        p.optional_rules,
                    ));
                }
                self.prefs = *p;
                self.store_prefs();
            }
            Msg::Rules => {
                self.rules.emit(RulesMsg::Open);
                return;
            }
            Msg::Shortcuts => {
                shortcuts_window(&self.window).present();
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
            Msg::Cancel => self.selection = Selection::None,
            Msg::Map(MapOut::Clicked(v)) => self.clicked(v),
            Msg::Zoom(z) => {
                self.map.emit(match z {
                    1 => MapMsg::ZoomIn,
                    -1 => MapMsg::ZoomOut,
                    _ => MapMsg::ZoomReset,
                });
                return;
            }
            Msg::Hand(HandOut::Clicked(c)) => {
                if self.human_turn().is_some() {
                    self.selection = if self.selection == Selection::Card(c) {
                        Selection::None
                    } else {
                        Selection::Card(c)
                    };
                }
            }
            Msg::Prompt(PromptOut::Chosen(a)) => self.choose(a),
            Msg::Prompt(PromptOut::Select(s)) => self.selection = s,
            Msg::Prompt(PromptOut::OpenBallot) => {
                let (view, pool) = self.frame();
                self.ballot.emit(BallotMsg::Open(view, pool));
                return;
            }
            Msg::Prompt(PromptOut::Refused(why)) => self.status = why,
            Msg::Prompt(PromptOut::Rule(section)) => {
                self.rules.emit(RulesMsg::Show(section));
                return;
            }
            Msg::Ballot(BallotOut::Vote(a)) => self.choose(a),
            Msg::Uncover => {
                if let Some(p) = self.covered.take() {
                    self.viewer = Some(p);
                    self.undo.clear();
                }
            }
            Msg::Answer(key, yes) => {
                if key != self.game.history.len() {
                    return;
                }
                self.choose(if yes { Action::Accept } else { Action::Refuse });
            }
            Msg::ShowPage(name) => {
                self.stack.set_visible_child_name(name);
                return;
            }
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
                if ask && !self.offer_resume(&sender) {
                    self.new_game.emit(NewGameMsg::Open);
                }
            }
            Msg::EndDialog(new) => {
                if new {
                    self.new_game.emit(NewGameMsg::Open);
                }
                return;
            }
        }
        self.advance(&sender);
    }

    fn update_cmd(&mut self, done: BotDone, sender: ComponentSender<Self>, _root: &Self::Root) {
        if done.generation != self.generation {
            return;
        }
        self.thinking = false;
        let p = done.player;
        if let Some(slot) = self.bots.get_mut(p as usize) {
            *slot = Some(done.bot);
        }
        if self.game.to_act() != Some(p) {
            self.advance(&sender);
            return;
        }
        match done.action {
            Some(a) => {
                if !self.apply(p, a.clone(), false, false) {
                    let e = trf(
                        "The bot of {p} chose an illegal action ({a}): {why}",
                        &[
                            ("p", &text::player(&self.game, p)),
                            ("a", &a.notation(&self.game)),
                            ("why", &self.status),
                        ],
                    );
                    self.bot_errors.push(e.clone());
                    self.toast(&e);
                    return;
                }
            }
            None => {
                let e = if done.panicked {
                    trf(
                        "The bot of {p} failed.",
                        &[("p", &text::player(&self.game, p))],
                    )
                } else {
                    trf(
                        "The bot of {p} found nothing to do.",
                        &[("p", &text::player(&self.game, p))],
                    )
                };
                self.bot_errors.push(e.clone());
                self.toast(&e);
                return;
            }
        }
        self.advance(&sender);
    }

    fn shutdown(&mut self, _widgets: &mut (), _output: relm4::Sender<()>) {
        self.cancel.store(true, Ordering::Relaxed);
        // Quitting keeps the game and the window's size.
        self.autosave_now();
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
    fn save_dialog(&self) {
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
                ("n", &self.game.round.to_string()),
                ("ext", fief::save::EXTENSION),
            ],
        ));
        let text = fief::save::to_json(&self.seats, &self.game);
        let toasts = self.toasts.clone();
        chooser.connect_response(move |c, r| {
            if r == gtk::ResponseType::Accept {
                if let Some(mut path) = c.file().and_then(|f| f.path()) {
                    if path.extension().is_none() {
                        path.set_extension(fief::save::EXTENSION);
                    }
                    let msg = match &text {
                        Ok(t) => match fief::save::write_atomic(&path, t) {
                            Ok(()) => tr("Game saved."),
                            Err(e) => {
                                trf("The game could not be saved: {e}", &[("e", &e.to_string())])
                            }
                        },
                        Err(e) => e.clone(),
                    };
                    toasts.add_toast(adw::Toast::new(&msg));
                }
            }
            c.destroy();
        });
        chooser.show();
    }

    fn load_dialog(&self, sender: &ComponentSender<Self>) {
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
        }
        let s = sender.clone();
        chooser.connect_response(move |c, r| {
            if r == gtk::ResponseType::Accept {
                if let Some(path) = c.file().and_then(|f| f.path()) {
                    let r = fief::save::load(&path);
                    post(&s, Msg::Loaded(Box::new(r)));
                }
            }
            c.destroy();
        });
        chooser.show();
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
mod gtk_tests {
    use super::*;
    use crate::ui::map_canvas::{hit_test, Camera, Fit};
    use crate::ui::new_game::NewGameMsg;
    use crate::ui::preferences::Pace;
    use fief::bots::Level;
    use relm4::Component;

    /// Runs the main loop until `done` holds or `secs` pass; says whether it held.
    fn pump_until(secs: u64, mut done: impl FnMut() -> bool) -> bool {
        let ctx = glib::MainContext::default();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(secs) {
            while ctx.iteration(false) {}
            if done() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }

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
        assert_eq!(app.model().game.n(), 3);
        // The dialog's form as it opens: 4 seats, Green human, three Normal bots.
        let dialog = app.model().new_game.sender().clone();
        dialog.emit(NewGameMsg::Open);
        dialog.emit(NewGameMsg::Start);
        assert!(pump_until(20, || app.model().game.n() == 4));
        let m = app.model();
        assert_eq!(
            m.seats,
            vec![
                Seat::Human,
                Seat::Bot(Level::Normal),
                Seat::Bot(Level::Normal),
                Seat::Bot(Level::Normal)
            ]
        );
        assert_ne!(m.game.options.seed, 1);
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
            m.game.is_over() || !m.bot_errors.is_empty()
        });
        let m = app.model();
        assert!(m.bot_errors.is_empty(), "{:?}", m.bot_errors);
        assert!(over, "not over after {} actions", m.applied);
        assert!(m.applied > 200, "only {} actions", m.applied);
        assert!(m.ended_shown, "the end-of-game dialog was not shown");
        assert!(m.game.outcome.is_some());
        eprintln!(
            "bots-only game: {} actions, round {}, {:?}",
            m.applied, m.game.round, m.game.outcome
        );
        app.widget().close();
    }

    #[gtk4::test]
    fn a_human_chooses_his_starting_village_by_clicking_the_map() {
        let app = App::builder()
            .launch(init(
                vec![
                    Seat::Human,
                    Seat::Bot(Level::Easy),
                    Seat::Bot(Level::Easy),
                    Seat::Bot(Level::Easy),
                ],
                Options {
                    players: 4,
                    seed: 5,
                    first_player: Some(0),
                    ..Options::default()
                },
            ))
            .detach();
        app.widget().present();
        let area = app.model().map.widget().child().unwrap();
        assert!(pump_until(20, || area.width() > 100));
        let (w, h) = (area.width() as f64, area.height() as f64);
        let map = app.model().game.map.clone();
        let cam = Camera::whole(&map);
        let target = 9;
        let (x, y) =
            Fit::new(&map, w, h, cam).to_widget(map.villages[target].x, map.villages[target].y);
        let v = hit_test(&map, w, h, cam, x, y);
        assert_eq!(v, Some(target as u8));
        // The click as the map's gesture reports it.
        app.emit(Msg::Map(MapOut::Clicked(v)));
        assert!(pump_until(20, || app.model().game.villages[target]
            .controller
            == Some(0)));
        // The bots choose theirs in turn; the human is asked nothing until then.
        assert!(pump_until(60, || app.model().game.round >= 1));
        assert!(app.model().bot_errors.is_empty());
    }

    #[gtk4::test]
    fn the_game_is_autosaved_and_offered_again_at_launch() {
        let dir = std::env::temp_dir().join(format!("fief-autosave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(&dir);
        let mut first = init(
            vec![
                Seat::Human,
                Seat::Bot(Level::Easy),
                Seat::Bot(Level::Easy),
                Seat::Bot(Level::Easy),
            ],
            Options {
                players: 4,
                seed: 12,
                first_player: Some(1),
                ..Options::default()
            },
        );
        first.store = Some(store.clone());
        let app = App::builder().launch(first).detach();
        app.widget().present();
        // The bots choose their starting Villages, then the human is asked for his.
        assert!(pump_until(30, || app.model().game.to_act() == Some(0)));
        let saved = store.resume().expect("an autosave").expect("it loads");
        assert!(!saved.game.history.is_empty());
        let start = app.model().game.legal_actions(0)[0].clone();
        app.emit(Msg::Prompt(PromptOut::Chosen(start)));
        // Round 1 begins: a new phase, saved again; the human's next decision waits.
        assert!(pump_until(60, || {
            let g = &app.model().game;
            g.round >= 1 && g.to_act() == Some(0)
        }));
        let saved = store.resume().unwrap().unwrap();
        let now = app.model().game.history.clone();
        assert!(saved.game.round >= 1);
        assert_eq!(saved.game.history[..], now[..saved.game.history.len()]);
        // Quitting saves the game as it stands (the file is removed first to see it).
        std::fs::remove_file(store.autosave_path()).unwrap();
        app.emit(Msg::Quit);
        pump_until(2, || false);
        drop(app);
        pump_until(1, || false);
        let saved = store.resume().unwrap().unwrap();
        assert_eq!(saved.game.history, now, "the quit did not autosave");

        // A new launch offers it; "Resume" takes it up where it was.
        let mut again = init(
            vec![Seat::Human, Seat::Human, Seat::Human],
            Options {
                players: 3,
                ..Options::default()
            },
        );
        again.store = Some(store.clone());
        again.ask_new_game = true;
        let app = App::builder().launch(again).detach();
        app.widget().present();
        assert!(pump_until(20, || app.model().resumable.is_some()));
        app.emit(Msg::Resume(true));
        assert!(pump_until(20, || app.model().game.n() == 4));
        let m = app.model();
        assert_eq!(m.game.history, now);
        assert_eq!(m.seats[1], Seat::Bot(Level::Easy));
        assert!(m.bot_errors.is_empty());
        drop(m);
        app.widget().close();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
