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
    /// Kept on a server, not in a player's app (its players are told).
    pub server: bool,
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
            server: false,
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
        for (seat, name, secret) in saved.seats {
            let Some(s) = t.seats.get_mut(seat as usize) else {
                return Err(format!("table {}: there is no seat {seat}", saved.id));
            };
            s.name = Some(name);
            s.secret = Some(secret);
            s.dropped_ms = Some(now_ms);
        }
        t.name_players();
        for (i, p) in saved.actions.iter().enumerate() {
            let notation = &p.notation;
            let a = Action::parse(notation, &t.game)
                .map_err(|e| format!("table {}: action {i} ({notation}): {e}", saved.id))?;
            t.commit(p.seat, a, p.at_ms, p.by_bot)
                .map_err(|(_, e)| format!("table {}: action {i} ({notation}): {e}", saved.id))?;
        }
        if t.started() {
            t.clocks.start(now_ms);
        }
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

    /// Plays an action `prepare` allowed, at `at_ms` (0: time not known); `by_bot`: a bot
    /// decided it for the seat's dropped player.
    pub fn commit(
        &mut self,
        seat: SeatNo,
        action: Action,
        at_ms: u64,
        by_bot: bool,
    ) -> Result<(), Refused> {
        let turn = self.game.to_act();
        let before = self.game.log.len() as u64;
        self.game
            .apply(seat, action)
            .map_err(|e| (Refusal::Illegal, e.reason()))?;
        let after = self.game.log.len() as u64;
        self.clocks
            .played(turn, at_ms, by_bot.then_some((seat, before, after)));
        Ok(())
    }

    /// The game has begun (every seat taken, or started by its host) at `now_ms`: the first
    /// decision is timed from then.
    pub fn begin_clocks(&mut self, now_ms: u64) {
        if self.started() {
            self.clocks.start(now_ms);
        }
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
    /// It holds the seats' clocks at `now_ms`, and the entries a bot wrote for `seat`.
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
            if let Some(p) = seat {
                *stood_in = self.clocks.stood_in(p, *log_from);
            }
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
mod tests {
    use super::*;

    fn table() -> Table {
        Table::new(
            "t1".into(),
            Options {
                players: 4,
                seed: 7,
                ..Options::default()
            },
            vec![
                SeatPlan::Open,
                SeatPlan::Reserved("Anne".into()),
                SeatPlan::Bot(Level::Easy),
                SeatPlan::Open,
            ],
        )
        .unwrap()
    }

    #[test]
    fn a_bot_stands_in_for_a_dropped_player_only_while_someone_is_at_the_table() {
        let mut t = table();
        t.bot_after_ms = Some(0);
        t.take(0, "Bert", "s0".into()).unwrap();
        t.take(1, "Anne", "s1".into()).unwrap();
        t.take(3, "Carl", "s3".into()).unwrap();
        t.left(0, 10);
        t.left(3, 10);
        assert_eq!(t.stand_ins_due(20), vec![0, 3]);
        // Anne is there: the bots play for Bert and Carl; the table's own bot plays.
        assert_eq!(t.bot_for(0), Some(Level::Normal));
        assert_eq!(t.bot_for(2), Some(Level::Easy));
        // Anne goes too: nobody is there, and the game waits for its players.
        t.left(1, 30);
        assert_eq!(t.bot_for(0), None);
        assert_eq!(t.bot_for(3), None);
        assert_eq!(t.bot_for(2), Some(Level::Easy));
        // Carl comes back: his bot stands down, Bert's plays again.
        t.come_back(3, "s3").unwrap();
        t.returned(3);
        assert_eq!(t.bot_for(0), Some(Level::Normal));
        assert_eq!(t.bot_for(3), None);
    }

    #[test]
    fn a_seat_is_taken_once_and_taken_back_only_with_its_secret() {
        let mut t = table();
        let s = t.take(0, "Bert", "s0".into()).unwrap();
        assert_eq!(s, "s0");
        assert_eq!(
            t.take(0, "Carl", "x".into()).unwrap_err().0,
            Refusal::SeatTaken
        );
        assert_eq!(
            t.take(1, "Carl", "x".into()).unwrap_err().0,
            Refusal::SeatTaken
        );
        assert_eq!(
            t.take(2, "Carl", "x".into()).unwrap_err().0,
            Refusal::SeatTaken
        );
        assert_eq!(
            t.take(9, "Carl", "x".into()).unwrap_err().0,
            Refusal::SeatTaken
        );
        t.take(1, "Anne", "s1".into()).unwrap();
        t.left(0, 1_000);
        assert_eq!(t.come_back(0, "wrong").unwrap_err().0, Refusal::WrongSecret);
        assert_eq!(t.come_back(0, "").unwrap_err().0, Refusal::WrongSecret);
        assert_eq!(t.come_back(3, "s0").unwrap_err().0, Refusal::WrongSecret);
        t.come_back(0, "s0").unwrap();
        assert_eq!(t.info(2_000).seats[0].presence, Presence::Here);
    }

    #[test]
    fn a_name_another_seat_goes_by_is_refused() {
        let mut t = table();
        t.take(0, "Bert", "s0".into()).unwrap();
        // Alike once folded as the action notation folds names.
        for clash in ["bert", " BERT ", "B-ert", "anne", "Magenta", "--"] {
            let (why, words) = t.take(3, clash, "s3".into()).unwrap_err();
            assert!(
                matches!(why, Refusal::SeatTaken | Refusal::Malformed),
                "{clash}: {why:?} {words}"
            );
        }
        let (_, words) = t.take(3, "BERT", "s3".into()).unwrap_err();
        assert!(words.contains("called Bert"), "{words}");
        // The seat is still free for a name of its own.
        t.take(3, "Dora", "s3".into()).unwrap();
        t.take(1, "Anne", "s1".into()).unwrap();
        assert_eq!(t.game().options.player_name(3), "Dora");
    }

    /// `table()` with every seat a person plays taken.
    fn seated() -> Table {
        let mut t = table();
        let p = t.game().to_act().unwrap();
        let a = t.game().legal_actions(p)[0].notation(t.game());
        t.take(0, "Bert", "s0".into()).unwrap();
        t.take(3, "Dora", "s3".into()).unwrap();
        // The game waits for its last player.
        assert!(!t.started());
        assert_eq!(t.act(p, 0, &a).unwrap_err().0, Refusal::OutOfTurn);
        t.take(1, "Anne", "s1".into()).unwrap();
        assert!(t.started());
        t
    }

    #[test]
    fn an_action_for_an_old_state_is_refused_and_changes_nothing() {
        let mut t = seated();
        let p = t.game().to_act().unwrap();
        let a = t.game().legal_actions(p)[0].notation(t.game());
        let before = t.at();
        assert_eq!(t.act(p, before + 1, &a).unwrap_err().0, Refusal::Stale);
        assert_eq!(t.at(), before);
        t.act(p, before, &a).unwrap();
        // The same action sent again (a replay) is for a state that is gone.
        assert_eq!(t.act(p, before, &a).unwrap_err().0, Refusal::Stale);
        let q = (p + 1) % 4;
        let err = t.act(q, t.at(), &a).unwrap_err();
        assert_eq!(err.0, Refusal::Illegal, "{}", err.1);
    }

    #[test]
    fn a_private_line_reaches_its_two_players_only_and_the_talk_is_bounded() {
        let mut t = table();
        t.say(0, None, "hello all", 1).unwrap();
        t.say(0, Some(3), "just you", 2).unwrap();
        let read = |t: &Table, s| t.chat_for(s).map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(read(&t, Some(3)), ["hello all", "just you"]);
        assert_eq!(read(&t, Some(0)), ["hello all", "just you"]);
        assert_eq!(read(&t, Some(1)), ["hello all"]);
        assert_eq!(read(&t, None), ["hello all"]);
        let long = "x".repeat(MAX_CHAT_CHARS + 1);
        assert_eq!(t.say(0, None, &long, 3).unwrap_err().0, Refusal::Malformed);
        assert_eq!(
            t.say(0, None, " \u{202e} ", 3).unwrap_err().0,
            Refusal::Malformed
        );
        assert_eq!(t.say(0, Some(8), "x", 3).unwrap_err().0, Refusal::SeatTaken);
        // Past the rate, refused; at a talker's pace, the oldest lines go.
        for i in 0..CHAT_BURST as u64 {
            t.say(2, None, "quick", 100 + i).unwrap();
        }
        assert_eq!(
            t.say(2, None, "quick", 200).unwrap_err().0,
            Refusal::TooFast
        );
        t.say(2, None, "later", 100 + CHAT_WINDOW_MS).unwrap();
        for i in 0..MAX_CHAT_LINES as u64 + 5 {
            t.say(1, None, "again", 100_000 + i * 1000).unwrap();
        }
        assert_eq!(t.chat_for(None).count(), MAX_CHAT_LINES);
    }

    #[test]
    fn a_dropped_player_is_waited_for_then_a_bot_plays_until_he_returns() {
        let mut t = table();
        t.bot_after_ms = Some(180_000);
        t.take(0, "Bert", "s0".into()).unwrap();
        // Anne stays at the table (with nobody there, no bot stands in).
        t.take(1, "Anne", "s1".into()).unwrap();
        t.left(0, 10_000);
        assert!(matches!(
            t.info(90_000).seats[0].presence,
            Presence::Dropped {
                secs: 80,
                bot_in: Some(100)
            }
        ));
        assert_eq!(t.stand_ins_due(100_000), Vec::<SeatNo>::new());
        assert_eq!(t.bot_for(0), None);
        assert_eq!(t.stand_ins_due(190_000), vec![0]);
        assert_eq!(t.bot_for(0), Some(Level::Normal));
        assert!(matches!(
            t.info(200_000).seats[0].presence,
            Presence::BotStandsIn { .. }
        ));
        t.come_back(0, "s0").unwrap();
        t.returned(0);
        assert_eq!(t.bot_for(0), None);
        // A table that waits for days never hands the seat to a bot.
        t.bot_after_ms = None;
        t.left(0, 300_000);
        assert!(t.stand_ins_due(10_000_000).is_empty());
        assert_eq!(t.bot_for(2), Some(Level::Easy));
    }

    #[test]
    fn a_seat_never_sees_another_hand_or_the_deck_order() {
        let mut t = seated();
        // Play on until hands are dealt.
        for _ in 0..400 {
            let Some(p) = t.game().to_act() else { break };
            let a = t.game().legal_actions(p)[0].notation(t.game());
            t.act(p, t.at(), &a).unwrap();
            if t.game().players.iter().all(|pl| !pl.hand.is_empty()) {
                break;
            }
        }
        let g = t.game();
        for seat in 0..4u8 {
            let HostMsg::State { game, .. } = t.state_for(Some(seat), 0) else {
                panic!()
            };
            let seen: Game = serde_json::from_value(game).unwrap();
            for q in 0..4u8 {
                let hand = &seen.players[q as usize].hand;
                if q == seat {
                    assert_eq!(hand, &g.players[q as usize].hand);
                } else {
                    assert!(hand.is_empty(), "seat {seat} sees seat {q}'s hand");
                }
            }
            assert_ne!(seen.rng, g.rng, "seat {seat} could foresee the dice");
            // The decks come pooled with every hidden card and sorted: no order to read.
            for deck in [&seen.lords_deck, &seen.fortune_deck] {
                assert!(deck.windows(2).all(|w| w[0] <= w[1]), "seat {seat}");
            }
            assert!(seen.history.is_empty(), "seat {seat} sees the history");
        }
    }

    /// Plays `t` at random to its end, keeping what seat 0 is sent after each action (its
    /// digests, the promise and the last frame); `tamper` runs once halfway.
    fn play_watched(
        t: &mut Table,
        mut tamper: impl FnMut(&mut Table),
    ) -> (Vec<(u64, [u8; 32])>, HostMsg) {
        let mut r = crate::rules::rng::Rng::new(3);
        let mut seen = Vec::new();
        let mut steps = 0;
        loop {
            let frame = t.state_for(Some(0), 0);
            let HostMsg::State { at, game, .. } = &frame else {
                panic!()
            };
            seen.push((*at, super::super::fair::digest(game)));
            let Some(p) = t.game().to_act() else {
                return (seen, frame);
            };
            steps += 1;
            if steps == 60 {
                tamper(t);
            }
            let legal = t.game().legal_actions(p);
            let a = legal[r.below(legal.len() as u32) as usize].notation(t.game());
            t.act(p, t.at(), &a).unwrap();
        }
    }

    fn sealed_table() -> Table {
        let mut o = Options {
            players: 3,
            seed: 11,
            round_cap: Some(2),
            ..Options::default()
        };
        o.sealed = Some(super::super::fair::new_seal().unwrap());
        let mut t = Table::new("t1".into(), o, vec![SeatPlan::Open; 3]).unwrap();
        for s in 0..3 {
            t.take(s, &format!("P{s}"), format!("s{s}")).unwrap();
        }
        t
    }

    #[test]
    fn the_deal_is_promised_opened_at_the_end_and_a_changed_seed_is_caught() {
        use super::super::fair::{verify, Verdict};
        for tampered in [false, true] {
            let mut t = sealed_table();
            let promise = t
                .info(0)
                .commitment
                .expect("a sealed table promises its seed");
            let (seen, last) = play_watched(&mut t, |t| {
                if tampered {
                    // A host that deals from another seed halfway through: the decks
                    // as another seed would have them, and its dice.
                    let mut rng = crate::rules::rng::Rng::sealed(12);
                    rng.shuffle(&mut t.game.lords_deck);
                    rng.shuffle(&mut t.game.fortune_deck);
                    t.game.rng = rng;
                }
            });
            let HostMsg::State { game, reveal, .. } = last else {
                panic!()
            };
            let shown: Game = serde_json::from_value(game).unwrap();
            let reveal = reveal.expect("the seed is opened once the game is over");
            assert_eq!(reveal.seed, 11);
            let v = verify(&promise, &shown.options, &reveal, 0, &seen);
            if tampered {
                assert!(matches!(v, Verdict::Unfair(_)), "{v:?}");
            } else {
                assert!(matches!(v, Verdict::Fair { .. }), "{v:?}");
            }
        }
        // Before the end, nothing is opened.
        let t = sealed_table();
        let HostMsg::State { reveal, .. } = t.state_for(Some(1), 0) else {
            panic!()
        };
        assert!(reveal.is_none());
    }
}
