//! A table of the host: one game, its seats and who holds them, and its talk. Pure state with
//! no network in it: the host's connections call these methods and send what they return.
//! Every refusal comes with its kind and its words.

use super::clocks::Clocks;
use super::protocol::{
    clean_text, ChatLine, HostMsg, Presence, Refusal, SeatInfo, SeatKind, SeatNo, SeatStatus,
    TableInfo, MAX_CHAT_CHARS,
};
use crate::bots::Level;
use crate::rules::{Action, Game, Options};

/// How a seat is offered when the table is made.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatPlan {
    /// Whoever takes it.
    Open,
    /// Kept for this name.
    Reserved(String),
    /// Played by the host's bot of this level.
    Bot(Level),
}

#[derive(Debug, Clone)]
struct SeatRec {
    plan: SeatPlan,
    name: Option<String>,
    secret: Option<String>,
    /// Connections holding the seat now.
    holders: u32,
    /// When the last holder went (milliseconds since the epoch), if it went.
    dropped_ms: Option<u64>,
    /// A bot playing for a player who dropped, until he returns.
    stand_in: Option<Level>,
}

/// A table as the store kept it.
#[derive(Debug, Clone)]
pub struct SavedTable {
    pub id: String,
    pub options: Options,
    pub plan: Vec<SeatPlan>,
    pub bot_after_ms: Option<u64>,
    pub stand_in: Level,
    /// The secret of the table's creator (a table a server made for a player).
    pub owner: Option<String>,
    /// Each taken seat: (seat, name, secret).
    pub seats: Vec<(SeatNo, String, String)>,
    /// The actions in order.
    pub actions: Vec<Played>,
    pub chat: Vec<ChatLine>,
}

/// An action as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub seat: SeatNo,
    pub notation: String,
    /// When it was played, in milliseconds since the epoch (0: not kept).
    pub at_ms: u64,
    /// A bot decided it for the seat's dropped player.
    pub by_bot: bool,
    /// The time the decision took its player while he was at the table (`None`: not kept;
    /// it is then reckoned from the action before).
    pub took_ms: Option<u64>,
}

/// A refusal: its kind and its words.
pub type Refused = (Refusal, String);

fn refused<T>(why: Refusal, words: impl Into<String>) -> Result<T, Refused> {
    Err((why, words.into()))
}

/// The most chat lines kept a table (the oldest go first).
pub const MAX_CHAT_LINES: usize = 2000;

/// A seat says at most `CHAT_BURST` lines in `CHAT_WINDOW_MS`.
pub const CHAT_BURST: usize = 10;
pub const CHAT_WINDOW_MS: u64 = 10_000;

pub struct Table {
    pub id: String,
    game: Game,
    seats: Vec<SeatRec>,
    chat: Vec<ChatLine>,
    next_chat: u64,
    /// After how long a dropped player's seat is played by a bot (`None`: wait for him).
    pub bot_after_ms: Option<u64>,
    pub stand_in_level: Level,
    clocks: Clocks,
    /// Whose decision the game awaits, as of the action count it was read at (`time` runs
    /// after every message a table handles: the game's prompt is read once an action).
    turn_at: Option<(u64, Option<SeatNo>)>,
    /// Kept on a server, not in a player's app (its players are told).
    pub server: bool,
    /// The secret that lets the table's creator start or close it (a table a server made
    /// for a player; a table hosted in a player's app is his already).
    pub owner: Option<String>,
}

impl Table {
    pub fn new(id: String, options: Options, plan: Vec<SeatPlan>) -> Result<Table, String> {
        if plan.len() != options.players as usize {
            return Err(format!(
                "{} seats planned for {} players",
                plan.len(),
                options.players
            ));
        }
        let kept: Vec<String> = plan
            .iter()
            .filter_map(|p| match p {
                SeatPlan::Reserved(n) => Some(crate::map::fold_name(n)),
                _ => None,
            })
            .collect();
        if (1..kept.len()).any(|i| kept[..i].contains(&kept[i])) {
            return Err("two seats are kept for one name: each player needs his own".into());
        }
        let game = Game::new(options).map_err(|e| e.reason())?;
        let plan_len = plan.len();
        Ok(Table {
            id,
            game,
            seats: plan
                .into_iter()
                .map(|plan| SeatRec {
                    name: match &plan {
                        SeatPlan::Reserved(n) => Some(n.clone()),
                        _ => None,
                    },
                    plan,
                    secret: None,
                    holders: 0,
                    dropped_ms: None,
                    stand_in: None,
                })
                .collect(),
            chat: Vec::new(),
            next_chat: 0,
            bot_after_ms: Some(180_000),
            stand_in_level: Level::Normal,
            clocks: Clocks::new(plan_len),
            turn_at: None,
            server: false,
            owner: None,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The number of actions played so far (what `Act::at` must name).
    pub fn at(&self) -> u64 {
        self.game.history.len() as u64
    }

    fn seat(&self, seat: SeatNo) -> Result<&SeatRec, Refused> {
        match self.seats.get(seat as usize) {
            Some(s) => Ok(s),
            None => refused(
                Refusal::SeatTaken,
                format!("there is no seat {seat} at this table"),
            ),
        }
    }

    /// Takes seat `seat` for `name` and returns its secret.
    pub fn take(&mut self, seat: SeatNo, name: &str, secret: String) -> Result<String, Refused> {
        let name = clean_text(name, crate::rules::MAX_NAME_CHARS);
        if name.is_empty() {
            return refused(
                Refusal::Malformed,
                "a player needs a name with something visible in it",
            );
        }
        let s = self.seat(seat)?;
        // Actions name players by name (`find_player`): two seats called alike would make
        // "battle lugny anne" mean the first of them for everyone.
        let folded = crate::map::fold_name(&name);
        if folded.is_empty() {
            return refused(
                Refusal::Malformed,
                "a player's name needs a letter or a digit in it",
            );
        }
        if let Some(other) = (0..self.seats.len())
            .filter(|&j| j != seat as usize)
            .map(|j| self.seat_name(j))
            .find(|n| crate::map::fold_name(n) == folded)
        {
            return refused(
                Refusal::SeatTaken,
                format!("another seat at this table is called {other}: choose another name"),
            );
        }
        match &s.plan {
            SeatPlan::Bot(_) => return refused(Refusal::SeatTaken, "a bot plays that seat"),
            SeatPlan::Reserved(n) if *n != name => {
                return refused(Refusal::SeatTaken, format!("that seat is kept for {n}"))
            }
            _ => {}
        }
        if s.secret.is_some() {
            return refused(
                Refusal::SeatTaken,
                "that seat is taken: its player comes back with his secret",
            );
        }
        let s = &mut self.seats[seat as usize];
        s.name = Some(name);
        s.secret = Some(secret.clone());
        s.holders += 1;
        s.dropped_ms = None;
        self.name_players();
        Ok(secret)
    }

    /// The name seat `j` goes by at this table: its player's or the one kept for him, else
    /// the game's name for it (a bot's, or the colour of a seat not taken yet).
    fn seat_name(&self, j: usize) -> String {
        match self.seats.get(j).and_then(|s| s.name.clone()) {
            Some(n) => n,
            None => self.game.options.player_name(j as u8),
        }
    }

    /// Takes back a seat with its secret (from any connection).
    pub fn come_back(&mut self, seat: SeatNo, secret: &str) -> Result<(), Refused> {
        let s = self.seat(seat)?;
        if s.secret.as_deref() != Some(secret) || secret.is_empty() {
            return refused(Refusal::WrongSecret, "that is not the secret of this seat");
        }
        let s = &mut self.seats[seat as usize];
        s.holders += 1;
        s.dropped_ms = None;
        Ok(())
    }

    /// Whether `secret` is `seat`'s: a connection that has it may follow the seat (`watch`)
    /// without sitting in it.
    pub fn may_watch(&self, seat: SeatNo, secret: &str) -> Result<(), Refused> {
        let s = self.seat(seat)?;
        if s.secret.as_deref() != Some(secret) || secret.is_empty() {
            return refused(Refusal::WrongSecret, "that is not the secret of this seat");
        }
        Ok(())
    }

    /// A connection holding `seat` went, at `now_ms`.
    pub fn left(&mut self, seat: SeatNo, now_ms: u64) {
        if let Some(s) = self.seats.get_mut(seat as usize) {
            s.holders = s.holders.saturating_sub(1);
            if s.holders == 0 {
                s.dropped_ms = Some(now_ms);
            }
        }
    }

    /// Seats whose dropped player has been away long enough for a bot to play for him.
    pub fn stand_ins_due(&mut self, now_ms: u64) -> Vec<SeatNo> {
        let Some(after) = self.bot_after_ms else {
            return Vec::new();
        };
        let level = self.stand_in_level;
        let mut out = Vec::new();
        for (i, s) in self.seats.iter_mut().enumerate() {
            if s.stand_in.is_none()
                && s.dropped_ms
                    .is_some_and(|d| now_ms.saturating_sub(d) >= after)
            {
                s.stand_in = Some(level);
                out.push(i as SeatNo);
            }
        }
        out
    }

    /// The bot that plays `seat` now, if one does (its own, or one standing in). A bot
    /// stands in for a dropped player only while another player is at the table: with
    /// nobody there, the game waits (a game over days is not played out by bots overnight).
    pub fn bot_for(&self, seat: SeatNo) -> Option<Level> {
        let s = self.seats.get(seat as usize)?;
        match s.plan {
            SeatPlan::Bot(l) => Some(l),
            _ if s.holders == 0 && self.seats.iter().any(|o| o.holders > 0) => s.stand_in,
            _ => None,
        }
    }

    /// The player took his seat back: his bot stands down at once (the next decision is his).
    pub fn returned(&mut self, seat: SeatNo) {
        if let Some(s) = self.seats.get_mut(seat as usize) {
            s.stand_in = None;
        }
    }

    /// The game begins now, with a bot of `level` in every seat nobody has taken; returns the
    /// seats as now planned (for the store). Refused once the game has begun.
    pub fn start_now(&mut self, level: Level) -> Result<Vec<SeatPlan>, Refused> {
        if self.started() {
            return refused(Refusal::OutOfTurn, "the game has begun already");
        }
        for s in &mut self.seats {
            if s.secret.is_none() && !matches!(s.plan, SeatPlan::Bot(_)) {
                s.plan = SeatPlan::Bot(level);
                s.name = None;
            }
        }
        self.name_players();
        Ok(self.plan())
    }

    /// Each seat as planned now.
    pub fn plan(&self) -> Vec<SeatPlan> {
        self.seats.iter().map(|s| s.plan.clone()).collect()
    }

    /// Once every seat is taken, the game calls each player by the name he took his seat
    /// with (a bot's seat keeps the name it was set with).
    pub fn name_players(&mut self) {
        if !self.started() {
            return;
        }
        let n = self.game.n() as usize;
        let mut options = (*self.game.options).clone();
        options.names.resize(n, String::new());
        for (i, s) in self.seats.iter().enumerate() {
            if let (Some(name), Some(_)) = (&s.name, &s.secret) {
                if let Some(slot) = options.names.get_mut(i) {
                    *slot = name.clone();
                }
            }
        }
        // Before the first action the game is dealt again under the players' names (the
        // same seed deals the same game), so that its setup is logged with them too.
        if self.at() == 0 {
            if let Ok(g) = Game::new(options.clone()) {
                self.game = g;
                return;
            }
        }
        self.game.options = options.into();
    }

    /// The log entries a seat is shown: none before the game begins (the setup is logged
    /// again under the players' names when it does).
    pub fn log_shown(&self) -> u64 {
        if self.started() {
            self.game.log.len() as u64
        } else {
            0
        }
    }

    /// Whether every seat that a person plays has been taken: the game waits until then.
    pub fn started(&self) -> bool {
        self.seats
            .iter()
            .all(|s| matches!(s.plan, SeatPlan::Bot(_)) || s.secret.is_some())
    }

    /// The table kept by the host's store, as it was: its seats taken again (nobody is
    /// connected: each player is dropped from `now_ms` on), its actions played again in
    /// order, its talk.
    pub fn restore(saved: SavedTable, now_ms: u64) -> Result<Table, String> {
        let mut t = Table::new(saved.id.clone(), saved.options, saved.plan)?;
        t.bot_after_ms = saved.bot_after_ms;
        t.stand_in_level = saved.stand_in;
        t.owner = saved.owner;
        for (seat, name, secret) in saved.seats {
            let Some(s) = t.seats.get_mut(seat as usize) else {
                return Err(format!("table {}: there is no seat {seat}", saved.id));
            };
            s.name = Some(name);
            s.secret = Some(secret);
            s.dropped_ms = Some(now_ms);
        }
        t.name_players();
        let mut last_ms = 0;
        for (i, p) in saved.actions.iter().enumerate() {
            let notation = &p.notation;
            let a = Action::parse(notation, &t.game)
                .map_err(|e| format!("table {}: action {i} ({notation}): {e}", saved.id))?;
            // An action kept before the time it took was: reckoned from the one before.
            let took = p.took_ms.unwrap_or(match (last_ms, p.at_ms) {
                (0, _) | (_, 0) => 0,
                (last, at) => at.saturating_sub(last),
            });
            last_ms = p.at_ms;
            t.commit(p.seat, a, took, p.by_bot)
                .map_err(|(_, e)| format!("table {}: action {i} ({notation}): {e}", saved.id))?;
        }
        // Nobody is there yet: the clock waits for the player whose decision it is.
        t.time(now_ms);
        t.next_chat = saved.chat.last().map_or(0, |l| l.id + 1);
        t.chat = saved.chat;
        Ok(t)
    }

    /// The seat's name and secret, once taken (what the store keeps).
    pub fn holder(&self, seat: SeatNo) -> Option<(&str, &str)> {
        let s = self.seats.get(seat as usize)?;
        Some((s.name.as_deref()?, s.secret.as_deref()?))
    }

    /// Undoes `take` (the store could not keep it).
    pub fn untake(&mut self, seat: SeatNo) {
        if let Some(s) = self.seats.get_mut(seat as usize) {
            s.secret = None;
            s.holders = s.holders.saturating_sub(1);
            if let SeatPlan::Open = s.plan {
                s.name = None;
            }
        }
    }

    /// A decision for `seat`, in the notation, sent for the game after `at` actions: the
    /// action and its notation as the host keeps it, if the rules allow it now. Nothing
    /// changes until `commit`.
    pub fn prepare(
        &self,
        seat: SeatNo,
        at: u64,
        notation: &str,
    ) -> Result<(Action, String), Refused> {
        self.seat(seat)?;
        if !self.started() {
            return refused(
                Refusal::OutOfTurn,
                "the game begins once every seat is taken",
            );
        }
        if at != self.at() {
            return refused(
                Refusal::Stale,
                format!(
                    "that decision was sent for the game after {at} actions; it is now after {}",
                    self.at()
                ),
            );
        }
        let a = Action::parse(notation, &self.game).map_err(|e| (Refusal::Illegal, e))?;
        self.game
            .check(seat, &a)
            .map_err(|e| (Refusal::Illegal, e.reason()))?;
        let kept = a.notation(&self.game);
        Ok((a, kept))
    }

    /// The time the decision awaited has taken its player up to `now_ms` (what `commit`
    /// charges him if he plays now).
    pub fn took(&self, now_ms: u64) -> u64 {
        self.clocks.took(now_ms)
    }

    /// Plays an action `prepare` allowed, which took `took_ms` of its player's time (see
    /// `took`); `by_bot`: a bot decided it for the seat's dropped player. The next decision's
    /// clock stands until `time`.
    pub fn commit(
        &mut self,
        seat: SeatNo,
        action: Action,
        took_ms: u64,
        by_bot: bool,
    ) -> Result<(), Refused> {
        let turn = self.game.to_act();
        let (own, _) = self
            .game
            .apply_own(seat, action)
            .map_err(|e| (Refusal::Illegal, e.reason()))?;
        let own = (own.start as u64, own.end as u64);
        self.clocks
            .played(turn, took_ms, by_bot.then_some((seat, own.0, own.1)));
        Ok(())
    }

    /// Times the decision awaited from `now_ms` on while its player is at the table (or the
    /// table's own bot plays it), and stops its clock while he is away: a game over days
    /// charges nobody for the nights, the host's restarts or a stand-in bot's turns. Called
    /// after anything that may change who is there or whose decision it is.
    pub fn time(&mut self, now_ms: u64) {
        let at = self.at();
        let turn = match self.turn_at {
            Some((when, turn)) if when == at => turn,
            _ => {
                let turn = self.game.to_act();
                self.turn_at = Some((at, turn));
                turn
            }
        };
        let there = self.started()
            && !self.game.is_over()
            && turn
                .and_then(|p| self.seats.get(p as usize))
                .is_some_and(|s| s.holders > 0 || matches!(s.plan, SeatPlan::Bot(_)));
        self.clocks.run(there, now_ms);
    }

    /// Whether a bot plays `seat` for its dropped player (not a bot's own seat).
    pub fn stands_in(&self, seat: SeatNo) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| !matches!(s.plan, SeatPlan::Bot(_)))
            && self.bot_for(seat).is_some()
    }

    /// Where the table stands, for `seat` following it (`watch`).
    pub fn status(&self, seat: SeatNo) -> SeatStatus {
        SeatStatus {
            line: self
                .chat_for(Some(seat))
                .filter(|l| l.from != seat)
                .last()
                .cloned(),
            ..game_status(&self.game, self.started())
        }
    }

    /// A decision for `seat`, in the notation, sent for the game after `at` actions
    /// (`prepare` then `commit`, for a table nothing needs to keep).
    pub fn act(&mut self, seat: SeatNo, at: u64, notation: &str) -> Result<(), Refused> {
        let (a, _) = self.prepare(seat, at, notation)?;
        self.commit(seat, a, 0, false)
    }

    /// Table talk from `seat`: to everyone, or to one seat.
    pub fn say(
        &mut self,
        seat: SeatNo,
        to: Option<SeatNo>,
        text: &str,
        now_ms: u64,
    ) -> Result<ChatLine, Refused> {
        self.seat(seat)?;
        if let Some(t) = to {
            self.seat(t)?;
        }
        if text.chars().count() > MAX_CHAT_CHARS {
            return refused(
                Refusal::Malformed,
                format!("a message is at most {MAX_CHAT_CHARS} characters"),
            );
        }
        let text = clean_text(text, MAX_CHAT_CHARS);
        if text.is_empty() {
            return refused(Refusal::Malformed, "a message with nothing visible in it");
        }
        let recent = self
            .chat
            .iter()
            .rev()
            .take_while(|l| l.at_ms + CHAT_WINDOW_MS > now_ms)
            .filter(|l| l.from == seat)
            .count();
        if recent >= CHAT_BURST {
            return refused(
                Refusal::TooFast,
                format!(
                    "at most {CHAT_BURST} messages in {} seconds",
                    CHAT_WINDOW_MS / 1000
                ),
            );
        }
        let line = ChatLine {
            id: self.next_chat,
            from: seat,
            to,
            text,
            at_ms: now_ms,
        };
        self.next_chat += 1;
        self.chat.push(line.clone());
        if self.chat.len() > MAX_CHAT_LINES {
            self.chat.remove(0);
        }
        Ok(line)
    }

    /// The talk `seat` may read (to everyone, from him, or to him).
    pub fn chat_for(&self, seat: Option<SeatNo>) -> impl Iterator<Item = &ChatLine> {
        self.chat.iter().filter(move |l| {
            l.to.is_none() || (seat.is_some() && (Some(l.from) == seat || l.to == seat))
        })
    }

    /// The game as `seat` may see it, with the log from entry `log_from` on.
    pub fn state_for(&self, seat: Option<SeatNo>, log_from: u64) -> HostMsg {
        state_frame(&self.game, seat, self.started(), log_from)
    }

    /// `state_for` with the game left out (`Value::Null`): the host puts in the view it keeps.
    /// It holds the seats' clocks at `now_ms`, and the entries bots wrote for dropped players
    /// (whether a bot plays for a seat is no secret: the table says so).
    pub fn state_without_game(&self, seat: Option<SeatNo>, log_from: u64, now_ms: u64) -> HostMsg {
        let mut msg = frame_without_game(&self.game, seat, self.started(), log_from);
        if let HostMsg::State {
            clocks,
            stood_in,
            log_from,
            ..
        } = &mut msg
        {
            if self.started() {
                *clocks = self.clocks.secs(self.game.to_act(), now_ms);
            }
            *stood_in = self.clocks.stood_in(*log_from);
        }
        msg
    }

    pub fn info(&self, now_ms: u64) -> TableInfo {
        TableInfo {
            commitment: self
                .game
                .options
                .sealed
                .as_ref()
                .map(|seal| super::fair::commitment(self.game.options.seed, &seal.salt)),
            id: self.id.clone(),
            server: self.server,
            started: self.started(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i as SeatNo,
                    colour: self.game.options.colour(i as SeatNo) as u8,
                    level: match &s.plan {
                        SeatPlan::Bot(l) => Some(l.name().to_string()),
                        _ => None,
                    },
                    name: s.name.clone(),
                    kind: match (&s.plan, &s.secret) {
                        (SeatPlan::Bot(_), _) => SeatKind::Bot,
                        (_, Some(_)) => SeatKind::Human,
                        (SeatPlan::Reserved(_), None) => SeatKind::Reserved,
                        (SeatPlan::Open, None) => SeatKind::Open,
                    },
                    presence: match (s.holders, s.dropped_ms, s.stand_in) {
                        (h, _, _) if h > 0 => Presence::Here,
                        (_, Some(d), Some(_)) => Presence::BotStandsIn {
                            secs: now_ms.saturating_sub(d) / 1000,
                        },
                        (_, Some(d), None) => {
                            let secs = now_ms.saturating_sub(d) / 1000;
                            Presence::Dropped {
                                secs,
                                bot_in: self.bot_after_ms.map(|a| (a / 1000).saturating_sub(secs)),
                            }
                        }
                        _ => Presence::Empty,
                    },
                })
                .collect(),
        }
    }
}

/// The `state` frame the host sends `seat` (`None`: a spectator) of `game`, with the log from
/// entry `log_from` on; `started`: whether the table's game has begun (nothing is offered or
/// logged before). Everything in it must be a function of what that seat may know: the
/// indistinguishability test (tests/hidden_info.rs) resamples the rest and compares bytes.
pub fn state_frame(game: &Game, seat: Option<SeatNo>, started: bool, log_from: u64) -> HostMsg {
    let mut msg = frame_without_game(game, seat, started, log_from);
    if let HostMsg::State { game: view, .. } = &mut msg {
        *view = serde_json::to_value(game.redacted(seat)).unwrap_or_default();
    }
    msg
}

/// Where `game` stands for a seat that follows it (`watch`), its talk aside; `started`:
/// whether the table's game has begun. Nothing in it may depend on what a seat may not know
/// (tests/hidden_info.rs resamples the rest and compares).
pub fn game_status(game: &Game, started: bool) -> SeatStatus {
    SeatStatus {
        at: game.history.len() as u64,
        round: if started { game.round } else { 0 },
        started,
        over: game.is_over(),
        turn: if started { game.to_act() } else { None },
        line: None,
    }
}

/// `state_frame` with `Value::Null` for the game.
fn frame_without_game(game: &Game, seat: Option<SeatNo>, started: bool, log_from: u64) -> HostMsg {
    let g = game;
    // Nothing is offered before the game begins (the host would refuse it).
    let legal = seat
        .filter(|_| started)
        .map(|p| g.legal_actions(p).iter().map(|a| a.notation(g)).collect())
        .unwrap_or_default();
    let shown = if started { g.log.len() } else { 0 };
    let from = (log_from as usize).min(shown);
    let hands = g
        .players
        .iter()
        .map(|pl| {
            let lords = pl.hand.iter().filter(|c| c.is_lords_deck()).count();
            [lords as u8, (pl.hand.len() - lords) as u8]
        })
        .collect();
    // The game is over: the seed and salt are opened with every action (`fair`).
    let reveal = match (&g.options.sealed, started && g.is_over()) {
        (Some(seal), true) => Some(super::fair::Reveal {
            seed: g.options.seed,
            salt: seal.salt.clone(),
            actions: super::fair::actions_of(g),
        }),
        _ => None,
    };
    HostMsg::State {
        reveal,
        hands,
        clocks: Vec::new(),
        stood_in: Vec::new(),
        seat,
        at: g.history.len() as u64,
        game: serde_json::Value::Null,
        legal,
        log_from: from as u64,
        log: g
            .log
            .since(from)
            .take(shown - from)
            .map(|e| serde_json::to_value(e.redacted_for(seat)).unwrap_or_default())
            .collect(),
    }
}

#[cfg(test)]
mod tests;
