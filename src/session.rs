//! The game being played, without GTK (as gnome-chess keeps its ChessGame in its library).
//!
//! A [`Session`] owns one [`Game`] and everything around it that is not a rule: who sits
//! where (a human or a bot of some level), the bots and their seeds, whose decision comes
//! next, the handshake with a bot thinking on another thread (a generation number drops the
//! answers of a decision that was taken back or abandoned), the undo stack, hotseat privacy
//! (whose private information may be on screen), the automatic passes of reaction windows,
//! and the autosave policy. The window, `fief-cli play`, the arena, the GUI's `--until` and
//! the tests all play through it: one play loop.
//!
//! # The autosave policy
//!
//! The autosave is the player's game, and nothing else ever goes into it:
//! - only a session made with [`Autosave::To`] writes it: a game a player started (New
//!   Game), resumed or loaded. The board shown at launch, scripted starts (`--seed`,
//!   `--seats`, `--until`), bot matches and tests are made with [`Autosave::Off`] and never
//!   touch the file;
//! - it is written when such a session begins, after every human decision (and undo), at the
//!   start of every phase, and when the window closes; a finished game removes it;
//! - a session can be paused (a dialog is open): no bot plays behind a dialog;
//! - a failed write is kept in [`Session::autosave_problem`] until a later write succeeds,
//!   so the window can show it until it is dismissed and ask before quitting;
//! - [`worth_resuming`] offers a saved game again only when somebody played in it.

use crate::bots::{new_bot, Bot, Budget};
use crate::rules::{Action, Game, Phase, PlayerId, PromptKind, RuleError, View};
use crate::save::Store;
use std::mem::Discriminant;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::seat::{worth_keeping, Seat};

mod autosave;
mod for_him;
mod remote;
mod standing;
pub use autosave::{set_aside_autosave, worth_resuming};
pub use remote::Sent;
use standing::{battle_odds, side_troop_hits, Order};
pub use standing::{fight_stop, idle_step_end, FightStop, Standing};
pub use standing::{lord_risk, worth_asking, LORD_RISK, ODDS_MARGIN};

/// The seed of the bot in seat `p` of a game dealt from `seed`: each seat's bot has its own,
/// so that the same game with the same decisions plays out the same way.
pub fn bot_seed(seed: u64, p: PlayerId) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407 ^ (p as u64 + 1))
}

/// Whether a session writes the player's autosave (see the module's policy).
#[derive(Debug, Clone)]
pub enum Autosave {
    /// Never written: the board at launch, scripted starts, bot matches, tests.
    Off,
    /// The player's game, written to this store's autosave.
    To(Store),
}

/// How the session plays.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// How long the Hard bot thinks a decision.
    pub hard_budget: Budget,
    /// Decisions in which a human can only pass are passed for him.
    pub auto_pass: bool,
    /// Steps in which a human has nothing worth doing are ended for him
    /// ([`idle_step_end`]), and reaction windows are passed for him unless they offer a play
    /// that only they give (`Game::window_only_plays`, ruling R-WINDOW-ONLY).
    pub skip_idle: bool,
    /// A human's battles are rolled for him to their end, unless the odds turn against him
    /// or a Lord of his is at stake ([`Session::roll_for`] in `session/for_him.rs`).
    pub roll_for_me: bool,
    /// A human's casualties are taken as the engine proposes them (`Game::loss_choice`),
    /// unless a Lord would be lost.
    pub losses_for_me: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hard_budget: Budget::Time(Duration::from_secs(1)),
            auto_pass: true,
            skip_idle: false,
            roll_for_me: false,
            losses_for_me: false,
        }
    }
}

/// A write of the game that failed: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteProblem {
    pub path: PathBuf,
    pub reason: String,
}

/// A bot's decision to be made, possibly on another thread: [`BotRequest::run`] it and hand
/// the answer to [`Session::answer`].
pub struct BotRequest {
    generation: u64,
    pub player: PlayerId,
    view: View,
    bot: Box<dyn Bot>,
    cancel: Arc<AtomicBool>,
}

/// What a bot decided, for [`Session::answer`].
pub struct BotAnswer {
    generation: u64,
    pub player: PlayerId,
    pub action: Option<Action>,
    bot: Box<dyn Bot>,
    /// The bot panicked (its answer is then `None`).
    pub panicked: bool,
}

impl std::fmt::Debug for BotAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotAnswer({}, {:?})", self.player, self.action)
    }
}

impl BotRequest {
    /// Lets the bot decide from its player's view; the answer takes at least `at_least` (the
    /// pace at which bots' moves are shown) unless the decision is abandoned meanwhile. A
    /// panicking bot gives no action instead of taking the thread down.
    pub fn run(self, at_least: Duration) -> BotAnswer {
        let BotRequest {
            generation,
            player,
            view,
            mut bot,
            cancel,
        } = self;
        let start = Instant::now();
        let got =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(&view, &cancel)));
        while start.elapsed() < at_least && !cancel.load(Ordering::Relaxed) {
            std::thread::sleep((at_least - start.elapsed()).min(Duration::from_millis(40)));
        }
        BotAnswer {
            generation,
            player,
            panicked: got.is_err(),
            action: got.ok().flatten(),
            bot,
        }
    }
}

/// What comes next in a session.
#[derive(Debug)]
pub enum Next {
    /// Nothing happens: the session is paused (a dialog is open).
    Paused,
    /// The game is over.
    Over,
    /// This human decides now, and his private information is on screen.
    Human(PlayerId),
    /// This human decides now, but the screen shows another's: it stays covered until he
    /// lifts the cover ([`Session::uncover`]).
    Cover(PlayerId),
    /// This bot must decide: run the request (on a worker thread) and give its answer to
    /// [`Session::answer`].
    Bot(BotRequestBox),
    /// This bot is already thinking.
    Thinking(PlayerId),
    /// A network game waits for the host: another computer's player decides, or the
    /// decision sent is on its way ([`Session::remote`]).
    Elsewhere(PlayerId),
}

/// A boxed request (it holds a whole view).
pub type BotRequestBox = Box<BotRequest>;

impl std::fmt::Debug for BotRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotRequest({})", self.player)
    }
}

/// What became of a bot's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answered {
    /// Applied to the game.
    Applied(PlayerId, Action),
    /// The decision it answered was taken back or abandoned: dropped.
    Stale,
    /// The bot found nothing to do, panicked, or chose an action the rules refuse.
    Failed(BotFailure),
}

/// A bot that failed to decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotFailure {
    NothingToDo(PlayerId),
    Panicked(PlayerId),
    Illegal {
        player: PlayerId,
        action: String,
        why: RuleError,
    },
}

impl std::fmt::Display for BotFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotFailure::NothingToDo(p) => write!(f, "the bot of seat {p} found nothing to do"),
            BotFailure::Panicked(p) => write!(f, "the bot of seat {p} failed"),
            BotFailure::Illegal {
                player,
                action,
                why,
            } => write!(
                f,
                "the bot of seat {player} chose an illegal action ({action}): {why}"
            ),
        }
    }
}

/// How a synchronous [`Session::play`] ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Played {
    /// The game is over.
    Over,
    /// The `stop` condition held.
    Stopped,
    /// A human must decide.
    HumanTurn(PlayerId),
    /// The action limit was reached.
    Limit,
}

/// The game being played; see the module documentation.
pub struct Session {
    game: Game,
    seats: Vec<Seat>,
    bots: Vec<Option<Box<dyn Bot>>>,
    /// `set_hard_budget` was called: a bot coming back from thinking takes the new budget
    /// (otherwise each bot keeps the budget it was made with).
    budget_changed: bool,
    settings: Settings,
    /// Answers of requests of another generation are stale.
    generation: u64,
    cancel: Arc<AtomicBool>,
    /// The bot whose request is out.
    thinking: Option<PlayerId>,
    paused: bool,
    /// Snapshots before each of the current human's own decisions (see
    /// `Game::revealed_since`).
    undo: Vec<(PlayerId, Game)>,
    /// Whose private information is on screen (None: nobody's).
    viewer: Option<PlayerId>,
    /// The hotseat cover, asking for this player.
    covered: Option<PlayerId>,
    autosave: Autosave,
    /// The round and phase last autosaved.
    autosaved_phase: Option<(u16, Discriminant<Phase>)>,
    /// The last write of the game failed (cleared by a later success).
    problem: Option<WriteProblem>,
    /// Actions applied in this session.
    applied: usize,
    /// The humans' standing orders.
    standing: Vec<Order>,
    /// The last "fight to the end" that stopped by itself, and why (until taken).
    fight_stopped: Option<(PlayerId, FightStop)>,
    /// The game's number of actions when a roll was last left to a human by the rolls made
    /// for him (`roll_for_me`): the reason is told once a decision.
    roll_left_at: Option<usize>,
    /// A battle (player, round, Village) in which the human withdrew the rolls made for him
    /// (Escape): he decides its rolls himself.
    own_rolls: Option<(PlayerId, u16, crate::map::VillageId)>,
    /// A network game: the seat played here, and what the host offers it.
    remote: Option<remote::Remote>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("seats", &self.seats)
            .field("round", &self.game.round)
            .field("applied", &self.applied)
            .finish()
    }
}

/// Generation numbers are unique in the process, so that an answer meant for a session that
/// was replaced is stale in the new one too.
static GENERATIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn new_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed)
}

fn phase_key(g: &Game) -> (u16, Discriminant<Phase>) {
    (g.round, std::mem::discriminant(&g.phase))
}

impl Session {
    /// A session of `game` with these seats (one per player). With [`Autosave::To`] the game
    /// is written at once (a failure is kept in [`Session::autosave_problem`]).
    pub fn new(
        game: Game,
        seats: Vec<Seat>,
        settings: Settings,
        autosave: Autosave,
    ) -> Result<Session, String> {
        let bots = seats
            .iter()
            .enumerate()
            .map(|(p, s)| Self::bot_for(&game, *s, p as PlayerId, settings.hard_budget))
            .collect();
        Self::with_bots(game, seats, bots, settings, autosave)
    }

    /// A session in which every seat is played by the given bots (one per player, in seat
    /// order), never autosaved: bot matches and tests.
    pub fn bots_only(game: Game, bots: Vec<Box<dyn Bot>>) -> Result<Session, String> {
        let seats = bots.iter().map(|b| Seat::Bot(b.level())).collect();
        let bots = bots.into_iter().map(Some).collect();
        Self::with_bots(game, seats, bots, Settings::default(), Autosave::Off)
    }

    /// A session whose bot seats are played by the given bots (`None` for a human or remote
    /// seat): a lesson's partners (`fief::lessons::partner`).
    pub fn with_seat_bots(
        game: Game,
        seats: Vec<Seat>,
        bots: Vec<Option<Box<dyn Bot>>>,
        settings: Settings,
        autosave: Autosave,
    ) -> Result<Session, String> {
        if bots.len() != seats.len()
            || bots
                .iter()
                .zip(&seats)
                .any(|(b, s)| b.is_some() != matches!(s, Seat::Bot(_)))
        {
            return Err("each bot seat needs a bot, and no other seat one".into());
        }
        Self::with_bots(game, seats, bots, settings, autosave)
    }

    fn with_bots(
        game: Game,
        seats: Vec<Seat>,
        bots: Vec<Option<Box<dyn Bot>>>,
        settings: Settings,
        autosave: Autosave,
    ) -> Result<Session, String> {
        if seats.len() != game.players.len() {
            return Err(format!(
                "{} seats for a game of {} players",
                seats.len(),
                game.players.len()
            ));
        }
        let mut s = Session {
            game,
            seats,
            bots,
            budget_changed: false,
            settings,
            generation: new_generation(),
            cancel: Arc::new(AtomicBool::new(false)),
            thinking: None,
            paused: false,
            undo: Vec::new(),
            viewer: None,
            covered: None,
            autosave,
            autosaved_phase: None,
            problem: None,
            applied: 0,
            standing: Vec::new(),
            fight_stopped: None,
            roll_left_at: None,
            own_rolls: None,
            remote: None,
        };
        let first = s.humans().next();
        s.viewer = first;
        let _ = s.autosave_now();
        Ok(s)
    }

    fn bot_for(game: &Game, seat: Seat, p: PlayerId, budget: Budget) -> Option<Box<dyn Bot>> {
        match seat {
            Seat::Human | Seat::Remote => None,
            Seat::Bot(level) => Some(new_bot(level, bot_seed(game.options.seed, p), budget)),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn seat(&self, p: PlayerId) -> Option<Seat> {
        self.seats.get(p as usize).copied()
    }

    pub fn is_human(&self, p: PlayerId) -> bool {
        self.seat(p) == Some(Seat::Human)
    }

    pub fn humans(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.seats.len() as PlayerId).filter(|p| self.is_human(*p))
    }

    /// Actions applied in this session.
    pub fn applied(&self) -> usize {
        self.applied
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Automatic passes on or off (Preferences).
    pub fn set_auto_pass(&mut self, on: bool) {
        self.settings.auto_pass = on;
    }

    /// Idle steps ended or not (Preferences).
    pub fn set_skip_idle(&mut self, on: bool) {
        self.settings.skip_idle = on;
    }

    /// Battles rolled for the humans or not (Preferences).
    pub fn set_roll_for_me(&mut self, on: bool) {
        self.settings.roll_for_me = on;
    }

    /// Casualties taken as the engine proposes or chosen by the humans (Preferences).
    pub fn set_losses_for_me(&mut self, on: bool) {
        self.settings.losses_for_me = on;
    }

    /// How long the Hard bots think from now on (the pace, in Preferences); a bot thinking
    /// now gets it with its answer.
    pub fn set_hard_budget(&mut self, budget: Budget) {
        self.settings.hard_budget = budget;
        self.budget_changed = true;
        for bot in self.bots.iter_mut().flatten() {
            bot.set_budget(budget);
        }
    }

    /// Whose private information may be on screen: `None` while the hotseat cover is up or
    /// when no human plays.
    pub fn viewer(&self) -> Option<PlayerId> {
        if self.covered.is_some() {
            None
        } else {
            self.viewer
        }
    }

    /// The human the hotseat cover asks for.
    pub fn covered(&self) -> Option<PlayerId> {
        self.covered
    }

    /// The human whose decision it is, when his information is on screen: only then are his
    /// choices offered.
    pub fn human_turn(&self) -> Option<PlayerId> {
        let p = self.game.to_act()?;
        (!self.paused
            && self.is_human(p)
            && self.viewer == Some(p)
            && self.covered.is_none()
            && !self.waits_for_host())
        .then_some(p)
    }

    /// The bot whose decision is being thought about.
    pub fn thinking(&self) -> Option<PlayerId> {
        self.thinking
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// What the player on screen sees now.
    pub fn view(&self) -> View {
        self.game.view(self.viewer())
    }

    /// The legal actions on screen: the acting human's, when it is his turn.
    pub fn legal(&self) -> Vec<Action> {
        match self.human_turn() {
            Some(p) => self.legal_for(p),
            None => Vec::new(),
        }
    }

    /// Drops the bot request that is out, if any: its answer will be stale, and its bot is
    /// made again (the thread may still hold the old one).
    fn abandon(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        self.generation = new_generation();
        if let Some(p) = self.thinking.take() {
            if let Some(seat) = self.seat(p) {
                self.bots[p as usize] =
                    Self::bot_for(&self.game, seat, p, self.settings.hard_budget);
            }
        }
    }

    /// Stops play while a dialog is open: a bot thinking is abandoned, none starts, and no
    /// human decision is offered.
    pub fn pause(&mut self) {
        self.abandon();
        self.paused = true;
    }

    /// Play goes on.
    pub fn unpause(&mut self) {
        self.paused = false;
    }

    /// Applies `action` for `player` and keeps the undo stack honest: only a human's own
    /// (explicit) decisions can be taken back, and none past something revealed.
    fn commit(
        &mut self,
        player: PlayerId,
        action: Action,
        by_human: bool,
        explicit: bool,
    ) -> Result<(), RuleError> {
        if self.remote.is_some() {
            return self.send(player, action);
        }
        // A bot's move is applied without a copy: only a human's decision can be undone.
        let before = by_human.then(|| self.game.clone());
        self.game.apply(player, action)?;
        self.applied += 1;
        match before {
            None => self.undo.clear(),
            Some(before) if self.game.revealed_since(&before) => self.undo.clear(),
            Some(before) if explicit => {
                if self.undo.last().is_some_and(|(p, _)| *p != player) {
                    self.undo.clear();
                }
                self.undo.push((player, before));
            }
            Some(_) => {}
        }
        if by_human && explicit {
            let _ = self.autosave_now();
        } else {
            self.autosave_on_new_phase();
        }
        Ok(())
    }

    /// Gives `p` (a human) a standing order, in place of any he held of the same kind; the
    /// next [`Session::next_turn`] follows it.
    pub fn stand(&mut self, p: PlayerId, order: Standing) {
        if self.is_human(p) {
            self.standing
                .retain(|o| o.player != p || !o.order.same_kind(&order));
            let win_at_start = match order {
                Standing::FightOn { .. } => self
                    .game
                    .battle
                    .as_ref()
                    .and_then(|b| b.sides.iter().position(|side| side.contains(&p)))
                    .and_then(|s| battle_odds(&self.game, s))
                    .map_or(0.0, |(win, _)| win),
                _ => 0.0,
            };
            let accepted = match order {
                Standing::FightOn { .. } => fight_stop(&self.game, p, win_at_start)
                    .map(|w| (std::mem::discriminant(&w), side_troop_hits(&self.game, p))),
                _ => None,
            };
            self.standing.push(Order {
                player: p,
                order,
                given_at: self.game.history.len(),
                win_at_start,
                accepted,
                by_session: false,
            });
        }
    }

    /// `p`'s first standing order, if he has one.
    pub fn standing(&self, p: PlayerId) -> Option<Standing> {
        self.standings(p).next()
    }

    /// Every standing order `p` holds.
    pub fn standings(&self, p: PlayerId) -> impl Iterator<Item = Standing> + '_ {
        self.standing
            .iter()
            .filter(move |o| o.player == p)
            .map(|o| o.order)
    }

    /// Withdraws `p`'s standing orders; a battle being rolled for him is left to him.
    pub fn stand_down(&mut self, p: PlayerId) {
        let fighting = self.standing.iter().find_map(|o| match o.order {
            Standing::FightOn { round, village } if o.player == p => Some((p, round, village)),
            _ => None,
        });
        if fighting.is_some() {
            self.own_rolls = fighting;
        }
        self.standing.retain(|o| o.player != p);
    }

    /// The last "fight to the end" that stopped by itself before a roll, and why; taken
    /// once.
    pub fn take_fight_stop(&mut self) -> Option<(PlayerId, FightStop)> {
        self.fight_stopped.take()
    }

    /// What `p`'s standing orders decide among `legal`; an order that ran out is withdrawn.
    fn standing_order(&mut self, p: PlayerId, legal: &[Action], purchase: bool) -> Option<Action> {
        let orders: Vec<Order> = self
            .standing
            .iter()
            .filter(|o| o.player == p)
            .copied()
            .collect();
        for o in orders {
            let (decided, over) = match o.order {
                Standing::UntilPurchases => {
                    let phase = self.game.phase.number();
                    let end = legal.iter().find(|a| Standing::routine_end(a, legal));
                    let over = purchase || phase > 4;
                    (end.cloned().filter(|_| !over), over)
                }
                Standing::FightOn { round, village } => {
                    let same = self.game.round == round
                        && self
                            .game
                            .battle
                            .as_ref()
                            .is_some_and(|b| b.village == village);
                    // The roll he asked for is made whatever the odds (he saw them), unless
                    // his side has no dice; the stops hold before the rolls after it, for
                    // a danger he had not seen when he gave the order.
                    let first = self.game.history.len() == o.given_at;
                    let seen = |why: &FightStop| {
                        o.accepted.is_some_and(|(kind, hits)| {
                            kind == std::mem::discriminant(why)
                                && side_troop_hits(&self.game, p) >= hits
                        })
                    };
                    // The battles rolled for him unasked leave him the dice only for a
                    // stop worth it (a Lord's loss a real prospect, the odds clearly
                    // against him).
                    let remote =
                        |why: &FightStop| o.by_session && !worth_asking(&self.game, p, why);
                    let stop = fight_stop(&self.game, p, o.win_at_start)
                        .filter(|why| *why == FightStop::NoDice || (!first && !seen(why)))
                        .filter(|why| !remote(why));
                    if !same {
                        (None, true)
                    } else if o.by_session && for_him::battle_card(legal) {
                        (None, false)
                    } else if legal.contains(&Action::Fight) {
                        match stop {
                            Some(why) => {
                                self.fight_stopped = Some((p, why));
                                (None, true)
                            }
                            None => (Some(Action::Fight), false),
                        }
                    } else if !o.by_session
                        && legal.contains(&Action::Refuse)
                        && self
                            .game
                            .prompt()
                            .is_some_and(|pr| matches!(pr.kind, PromptKind::Truce { .. }))
                    {
                        // A truce offered: he fights to the end (he asked to; a battle
                        // rolled for him unasked leaves him the answer).
                        (Some(Action::Refuse), false)
                    } else {
                        // His casualties, another question in the battle: his to answer;
                        // the order rolls on after.
                        (None, false)
                    }
                }
                Standing::PassWindows { round, phase } => {
                    let over = self.game.round != round || self.game.phase.number() != phase;
                    let window = self
                        .game
                        .prompt()
                        .is_some_and(|pr| matches!(pr.kind, PromptKind::Window { .. }));
                    let decided =
                        (!over && window && legal.contains(&Action::Pass)).then_some(Action::Pass);
                    (decided, over)
                }
                Standing::Answer {
                    kind,
                    yes,
                    round,
                    phase,
                } => {
                    let over = self.game.round != round || self.game.phase.number() != phase;
                    let asked = self
                        .game
                        .prompt()
                        .is_some_and(|pr| std::mem::discriminant(&pr.kind) == kind);
                    let answer = if yes { Action::Accept } else { Action::Refuse };
                    let decided = (!over && asked && legal.contains(&answer)).then_some(answer);
                    (decided, over)
                }
            };
            if over {
                self.standing
                    .retain(|x| x.player != p || !x.order.same_kind(&o.order));
            }
            if decided.is_some() {
                return decided;
            }
        }
        None
    }

    /// A human's decision, from the screen. Refused (the game untouched) when it is not his
    /// turn on screen or the rules refuse it.
    pub fn submit(&mut self, player: PlayerId, action: Action) -> Result<(), RuleError> {
        if self.human_turn() != Some(player) {
            return Err(RuleError::new("", "it is not your decision now"));
        }
        self.commit(player, action, true, true)
    }

    /// Whether the viewer can take back a decision: not once the game is over (its end was
    /// told, and the autosave removed).
    pub fn can_undo(&self) -> bool {
        // A network game takes nothing back: every decision is shown to the table at once
        // (docs/network.md, "Undo").
        self.remote.is_none()
            && self.covered.is_none()
            && !self.game.is_over()
            && self
                .undo
                .last()
                .is_some_and(|(p, _)| Some(*p) == self.viewer)
    }

    /// Takes back the viewer's last decision (a bot thinking meanwhile is abandoned); says
    /// whether something was taken back.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            self.undo.clear();
            return false;
        }
        let Some((_, g)) = self.undo.pop() else {
            return false;
        };
        self.abandon();
        self.game = g;
        let _ = self.autosave_now();
        true
    }

    /// The hotseat cover is lifted by the player it asked for: his information is shown.
    pub fn uncover(&mut self) {
        if let Some(p) = self.covered.take() {
            self.viewer = Some(p);
            self.undo.clear();
        }
    }

    /// Moves the game on as far as it goes without anybody deciding (automatic passes), sets
    /// the hotseat cover, and says what comes next. A `Next::Bot` request is out until its
    /// answer comes back through [`Session::answer`] (or is abandoned).
    pub fn next_turn(&mut self) -> Next {
        // Orders whose battle, phase or game is over are withdrawn (nobody reads them again).
        let g = &self.game;
        self.standing.retain(|o| !o.order.ran_out(g));
        // Decisions in which a human can only pass (a reaction window, a Lord targeted
        // without a Secret Passage in hand, an Uprising he cannot join or stop) are passed
        // for him.
        // A standing order decides what it covers.
        let mut guard = 0;
        while guard < 256 && !self.waits_for_host() {
            guard += 1;
            let Some(pr) = self.game.prompt() else { break };
            if !self.is_human(pr.player) {
                break;
            }
            let legal = self.legal_for(pr.player);
            let purchase = pr.kind == PromptKind::Purchase;
            let a = match self.standing_order(pr.player, &legal, purchase) {
                Some(a) => a,
                None if self.settings.auto_pass && legal == [Action::Pass] => Action::Pass,
                None => match self.decided_for(pr.player, &legal) {
                    Some(a) => a,
                    None => break,
                },
            };
            if self.commit(pr.player, a, true, false).is_err() {
                break;
            }
        }
        let Some(p) = self.game.to_act() else {
            return Next::Over;
        };
        if self.paused {
            return Next::Paused;
        }
        if self.remote.is_some() && (!self.is_human(p) || self.waits_for_host()) {
            return Next::Elsewhere(p);
        }
        if self.is_human(p) {
            if self.covered.is_none() {
                if self.humans().count() > 1 && self.viewer != Some(p) {
                    self.covered = Some(p);
                } else {
                    self.viewer = Some(p);
                }
            }
            return match self.covered {
                Some(c) => Next::Cover(c),
                None => Next::Human(p),
            };
        }
        if let Some(t) = self.thinking {
            return Next::Thinking(t);
        }
        let Some(bot) = self.bots.get_mut(p as usize).and_then(Option::take) else {
            // A seat that is a bot always has one, unless its request is out.
            return Next::Thinking(p);
        };
        self.thinking = Some(p);
        Next::Bot(Box::new(BotRequest {
            generation: self.generation,
            player: p,
            view: self.game.bot_view(p),
            bot,
            cancel: self.cancel.clone(),
        }))
    }

    /// A bot's answer: applied if it still answers the decision asked, dropped if stale.
    pub fn answer(&mut self, done: BotAnswer) -> Answered {
        if done.generation != self.generation {
            return Answered::Stale;
        }
        self.thinking = None;
        let p = done.player;
        if let Some(slot) = self.bots.get_mut(p as usize) {
            let mut bot = done.bot;
            if self.budget_changed {
                bot.set_budget(self.settings.hard_budget);
            }
            *slot = Some(bot);
        }
        if self.game.to_act() != Some(p) {
            return Answered::Stale;
        }
        let Some(a) = done.action else {
            return Answered::Failed(if done.panicked {
                BotFailure::Panicked(p)
            } else {
                BotFailure::NothingToDo(p)
            });
        };
        // A bot answering a human's question says why (the log shows it), before what its
        // answer sets off (the Move it lets through, the end of the battle…).
        let asked = self
            .game
            .asker()
            .filter(|asker| *asker != p && self.is_human(*asker))
            .and_then(|_| self.game.prompt())
            .map(|pr| pr.section);
        let why = self.bots.get(p as usize).and_then(|b| b.as_ref()?.reason());
        if let (Some(section), Some(why), Ok(())) = (asked, why, self.game.check(p, &a)) {
            self.game.remark(p, section, why);
        }
        match self.commit(p, a.clone(), false, false) {
            Ok(()) => Answered::Applied(p, a),
            Err(why) => Answered::Failed(BotFailure::Illegal {
                player: p,
                action: a.notation(&self.game),
                why,
            }),
        }
    }

    /// Plays on this thread until `stop` holds before a decision, a human must decide, the
    /// game ends, or `limit` actions were applied: the play loop of the command line, the
    /// arena, scripted starts and tests.
    pub fn play(
        &mut self,
        limit: u64,
        mut stop: impl FnMut(&Game) -> bool,
    ) -> Result<Played, BotFailure> {
        let mut n = 0u64;
        loop {
            if stop(&self.game) {
                return Ok(Played::Stopped);
            }
            if n >= limit {
                return Ok(Played::Limit);
            }
            match self.next_turn() {
                Next::Over => return Ok(Played::Over),
                Next::Human(p) | Next::Cover(p) => return Ok(Played::HumanTurn(p)),
                Next::Paused => return Ok(Played::Stopped),
                Next::Thinking(p) => return Err(BotFailure::NothingToDo(p)),
                Next::Elsewhere(_) => return Ok(Played::Stopped),
                Next::Bot(req) => match self.answer(req.run(Duration::ZERO)) {
                    Answered::Applied(..) => n += 1,
                    Answered::Stale => {}
                    Answered::Failed(f) => return Err(f),
                },
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A bot still thinking for this session stops.
        self.cancel.store(true, Ordering::Relaxed);
    }
}
