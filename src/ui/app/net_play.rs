//! Network play in the window, apart from its widgets: the table the player sits at (the
//! line to it, the host when this app hosts it, the seats and who is there, the talk), and the
//! words for all of it, in the player's language. The flows themselves (host, join, come back,
//! talk) are the window's, in app/net.rs.

use crate::ui::words::names;
use crate::ui::{tr, trf};
use fief::net::hosting::Hosting;
use fief::net::link::{Link, Status};
use fief::net::protocol::{ChatLine, Presence, Refusal, SeatInfo, SeatKind, SeatNo, TableInfo};
use fief::net::ticket::Ticket;
use std::time::Instant;

/// How long a dropped connection is tried again: for as long as the table lives (the host
/// may be a player's computer that sleeps, or a server restarted).
pub const RETRY_FOR: Option<std::time::Duration> = None;

/// The table this app sits at.
pub struct NetGame {
    /// Tells this table's news from an older line's.
    pub epoch: u64,
    pub link: Link,
    /// The host, when this app hosts the table.
    pub hosting: Option<Hosting>,
    pub ticket: Ticket,
    pub seat: SeatNo,
    pub name: String,
    /// The seat's secret, once seated.
    pub secret: Option<String>,
    /// The seats as last heard, and when.
    pub info: Option<(TableInfo, Instant)>,
    pub status: Status,
    pub chat: Vec<ChatLine>,
    /// Lines not yet read (the chat page was not on screen).
    pub unread: usize,
    /// The window plays the table's game (a state came).
    pub playing: bool,
    /// The game on screen waits for the line to come back (it went down).
    pub held: bool,
    /// When the line was opened (ms since the epoch): older talk is not news.
    pub opened_ms: u64,
    /// The table is kept on a server (made there from New Game).
    pub on_server: bool,
    /// The secret that lets this player start or close the table: he made it on a server.
    pub owner: Option<String>,
    /// The time each seat has taken (seconds) as of the last state, and when it came.
    pub clocks: Option<(Vec<u64>, Instant)>,
    /// When the game was seen over: the clocks of the players away stop there.
    pub over_at: Option<Instant>,
}

impl NetGame {
    pub fn hosted(&self) -> bool {
        self.hosting.is_some()
    }

    /// Whether this player may start the table's game with bots or close the table: he
    /// hosts it, or made it on a server.
    pub fn owns(&self) -> bool {
        self.hosted() || self.owner.is_some()
    }

    /// Whether the table's game has begun (every seat filled, or started by its host).
    pub fn started(&self) -> bool {
        self.info.as_ref().is_some_and(|(t, _)| t.started)
    }

    /// Whether a seat's clock runs (a player away: the time since he dropped, or until a bot
    /// plays for him), so that the boards need saying again each second.
    pub fn clocks_run(&self) -> bool {
        if self.over_at.is_some() {
            return false;
        }
        self.clocks.as_ref().is_some_and(|(c, _)| !c.is_empty())
            || self.info.as_ref().is_some_and(|(t, _)| {
                t.seats.iter().any(|s| {
                    matches!(
                        s.presence,
                        Presence::Dropped { .. } | Presence::BotStandsIn { .. }
                    )
                })
            })
    }

    /// Whether the clock of seat `i` runs when the decision is his: the host times a
    /// decision only while its player is at the table (or the table's bot plays it), and the
    /// clock shown stands as the host's does.
    fn clock_runs(&self, i: usize) -> bool {
        self.status == Status::Connected
            && self.info.as_ref().is_some_and(|(t, _)| {
                t.seats.get(i).is_some_and(|s| {
                    s.kind == SeatKind::Bot || matches!(s.presence, Presence::Here)
                })
            })
    }

    /// Before the news of who is there (the table's, or the line's) is taken in: the
    /// decision awaited (`turn`'s) keeps the time it ran so far, and runs on from now only
    /// while its player is there (the clock never goes back until the host's next word).
    pub fn fold_clock(&mut self, turn: Option<SeatNo>) {
        let runs = turn.is_some_and(|t| self.clock_runs(t as usize));
        if let Some((clocks, at)) = self.clocks.as_mut() {
            Self::fold(clocks, at, turn, runs);
        }
    }

    /// The invitation as text.
    pub fn invitation(&self) -> String {
        self.ticket.encode()
    }

    /// `NetGame::fold_clock` on the clocks last heard (`at`: when): the running decision's
    /// whole seconds go into `turn`'s clock if it `runs`, and it runs on from now.
    fn fold(clocks: &mut [u64], at: &mut Instant, turn: Option<SeatNo>, runs: bool) {
        match turn.and_then(|t| clocks.get_mut(t as usize)) {
            Some(c) if runs => {
                let whole = at.elapsed().as_secs();
                *c += whole;
                *at += std::time::Duration::from_secs(whole);
            }
            _ => *at = Instant::now(),
        }
    }

    /// Each seat's state in words for the family boards: "You", "Here", how long since a
    /// player dropped and until a bot plays for him; and the time each has taken over his
    /// decisions (`turn`'s counted up to now).
    pub fn seat_words(&self, turn: Option<SeatNo>) -> Vec<String> {
        let words = self.presence_words();
        let Some((clocks, at)) = &self.clocks else {
            return words;
        };
        if clocks.len() != words.len() {
            return words;
        }
        words
            .into_iter()
            .zip(clocks)
            .enumerate()
            .map(|(i, (w, secs))| {
                let running = if turn == Some(i as SeatNo) && self.clock_runs(i) {
                    at.elapsed().as_secs()
                } else {
                    0
                };
                trf(
                    "{who} · {time} taken",
                    &[("who", &w), ("time", &time_taken(secs + running))],
                )
            })
            .collect()
    }

    fn presence_words(&self) -> Vec<String> {
        let Some((t, at)) = &self.info else {
            return Vec::new();
        };
        let since = heard_since(*at, self.over_at);
        let down = self.status != Status::Connected;
        t.seats
            .iter()
            .map(|s| match s.kind {
                // The player's own board says what his header says.
                _ if down && s.seat == self.seat => trf(
                    "Your seat · {line}",
                    &[("line", &status_words(&self.status).0)],
                ),
                // Without the line, nobody's presence is known.
                SeatKind::Human if down => tr("No news: connection lost"),
                _ => presence_words(s, self.seat, since),
            })
            .collect()
    }
}

/// The seconds since the table was heard `at`, counted up to now, or up to the end of the
/// game (`over_at`) once it is over: nobody is waited for then.
pub fn heard_since(at: Instant, over_at: Option<Instant>) -> u64 {
    match over_at {
        Some(end) => end.saturating_duration_since(at).as_secs(),
        None => at.elapsed().as_secs(),
    }
}

/// A time taken: minutes and seconds ("1:20"), with the hours past an hour ("3:04:10").
pub fn time_taken(secs: u64) -> String {
    if secs < 3600 {
        clock(secs)
    } else {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    }
}

/// Minutes and seconds: "1:20".
pub fn clock(secs: u64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// A seat's state in words; `since` is how long ago the table was heard.
pub fn presence_words(s: &SeatInfo, me: SeatNo, since: u64) -> String {
    if s.seat == me {
        return tr("Your seat");
    }
    match (s.kind, s.presence) {
        (SeatKind::Bot, _) => match s.level.as_deref().and_then(|l| l.parse().ok()) {
            Some(level) => names::seat_label(fief::session::Seat::Bot(level)),
            None => tr("Bot"),
        },
        (SeatKind::Open, _) => tr("Open seat"),
        (SeatKind::Reserved, _) => tr("Kept for a player"),
        (_, Presence::Here) => tr("Here"),
        (_, Presence::Empty) => tr("Not here"),
        (_, Presence::Dropped { secs, bot_in }) => {
            let away = clock(secs + since);
            match bot_in {
                Some(b) if b > since => trf(
                    "Dropped for {away} · a bot plays in {left}",
                    &[("away", &away), ("left", &clock(b - since))],
                ),
                Some(_) => trf("Dropped for {away} · a bot plays", &[("away", &away)]),
                None => trf("Dropped for {away} · the table waits", &[("away", &away)]),
            }
        }
        (_, Presence::BotStandsIn { secs }) => trf(
            "A bot plays for this player (away {away})",
            &[("away", &clock(secs + since))],
        ),
    }
}

/// The line's state for the header, and its style class (none when all is well and the
/// game is on).
pub fn status_words(status: &Status) -> (String, &'static str) {
    match status {
        Status::Connecting => (tr("Connecting…"), "dim-label"),
        Status::Connected => (tr("Connected"), "success"),
        Status::Reconnecting { next_in: 0, .. } => {
            (tr("Connection lost · trying again…"), "warning")
        }
        Status::Reconnecting { next_in, .. } => (
            trf(
                "Connection lost · next try in {left}",
                &[("left", &clock(*next_in))],
            ),
            "warning",
        ),
        Status::Gone { .. } => (tr("Host gone"), "error"),
    }
}

/// Why a line ended or a message was refused, in the player's words; `reason` is the host's
/// (in English) and is given after ours when it adds something.
pub fn refusal_words(why: Option<Refusal>, reason: &str) -> String {
    let ours = match why {
        Some(Refusal::Version) => tr(
            "The host plays another version of Fief. Both computers need the same version of the game.",
        ),
        Some(Refusal::NoTable) => tr(
            "The host has no such table: it has ended or was closed, or the invitation is for another host.",
        ),
        Some(Refusal::SeatTaken) => tr("That seat is taken. Choose another."),
        Some(Refusal::WrongSecret) => tr(
            "The host does not know this seat's secret: the table may have been set anew.",
        ),
        Some(Refusal::Full) => {
            tr("The table has no seat for you: it is full, or its game has begun.")
        }
        Some(Refusal::Stale) => {
            tr("Your decision came too late: the game had moved on. Decide again.")
        }
        Some(Refusal::Illegal) => tr("The host refused your decision."),
        Some(Refusal::TooFast) => tr("Too many messages at once: wait a moment."),
        Some(Refusal::NotYourSeat) | Some(Refusal::OutOfTurn) => {
            tr("The host refused this: it is not your turn or your seat.")
        }
        Some(Refusal::Malformed) => tr("The host could not read a message."),
        Some(Refusal::NotAllowed) => tr(
            "The server does not take this invitation: ask its owner for its invitation again.",
        ),
        None => tr("The host cannot be reached."),
    };
    let reason = fief::net::protocol::clean_text(reason, 200);
    // The host's words explain a refusal; a host that cannot be reached has none (the
    // system's words are for the terminal).
    if why.is_none() {
        if !reason.is_empty() {
            eprintln!("fief: {reason}");
        }
        return ours;
    }
    if reason.is_empty() {
        ours
    } else {
        trf("{ours} ({reason})", &[("ours", &ours), ("reason", &reason)])
    }
}

/// A seat's name at the table: the name its player sat under, else the game's name for it.
pub fn seat_name(net: &NetGame, g: &fief::rules::Game, s: SeatNo) -> String {
    let taken = net
        .info
        .as_ref()
        .and_then(|(t, _)| t.seats.get(s as usize))
        .and_then(|x| x.name.clone());
    match taken {
        Some(n) => n,
        None if (s as usize) < g.players.len() => names::player(g, s),
        None => trf("seat {n}", &[("n", &(s as usize + 1).to_string())]),
    }
}

/// A line of talk as the chat page shows it: who said it (and to whom), and what.
pub fn chat_line_words(net: &NetGame, g: &fief::rules::Game, line: &ChatLine) -> (String, String) {
    let me = net.seat;
    let who = |s: SeatNo| seat_name(net, g, s);
    let head = match line.to {
        None if line.from == me => tr("You"),
        None => who(line.from),
        Some(to) if line.from == me => trf("You to {p}", &[("p", &who(to))]),
        Some(_) => trf("{p} to you", &[("p", &who(line.from))]),
    };
    (head, line.text.clone())
}

/// The desktop notification of a line of talk by `who`: its title and its text, with the
/// table it was said at when that table is not the one on screen. The window's own line
/// and Your Tables' watcher both say it so.
pub fn chat_notice(who: &str, text: &str, table: Option<&str>) -> (String, String) {
    let title = trf("{who} writes", &[("who", who)]);
    let body = match table {
        Some(t) => trf("{text}\n({table})", &[("text", text), ("table", t)]),
        None => text.to_string(),
    };
    (title, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// News of who is there never sets a clock back: the decision's time so far is kept,
    /// and runs on only while its player is there.
    #[test]
    fn a_clock_keeps_its_time_when_its_player_goes() {
        let mut clocks = vec![10, 20, 30];
        let mut at = Instant::now() - std::time::Duration::from_millis(5_400);
        NetGame::fold(&mut clocks, &mut at, Some(1), true);
        assert_eq!(clocks, vec![10, 25, 30]);
        // What is left of the running second still counts.
        assert!(at.elapsed().as_millis() >= 400, "{:?}", at.elapsed());
        // Its player gone: the clock stands from now on.
        NetGame::fold(&mut clocks, &mut at, Some(1), false);
        assert_eq!(clocks, vec![10, 25, 30]);
        assert!(at.elapsed().as_millis() < 100);
        // No decision awaited, or a seat not at the table: nothing is added.
        NetGame::fold(&mut clocks, &mut at, None, true);
        NetGame::fold(&mut clocks, &mut at, Some(7), true);
        assert_eq!(clocks, vec![10, 25, 30]);
    }

    #[test]
    fn the_time_a_player_is_away_stops_with_the_end_of_the_game() {
        let at = Instant::now() - std::time::Duration::from_secs(30);
        assert!(heard_since(at, None) >= 30);
        let end = at + std::time::Duration::from_secs(12);
        assert_eq!(heard_since(at, Some(end)), 12);
        // Heard after the end: nothing more is counted.
        assert_eq!(
            heard_since(at, Some(at - std::time::Duration::from_secs(1))),
            0
        );
    }

    #[test]
    fn a_line_of_talk_is_told_under_one_title_wherever_it_was_heard() {
        let here = chat_notice("Anne", "Hello", None);
        assert_eq!(here, ("Anne writes".to_string(), "Hello".to_string()));
        let there = chat_notice("Anne", "Hello", Some("You play Bob with Anne"));
        assert_eq!(there.0, here.0);
        assert_eq!(there.1, "Hello\n(You play Bob with Anne)");
    }

    fn seat(kind: SeatKind, presence: Presence) -> SeatInfo {
        SeatInfo {
            seat: 1,
            name: Some("Anne".into()),
            kind,
            presence,
            colour: 1,
            level: None,
        }
    }

    #[test]
    fn each_seat_says_whether_its_player_is_there_and_for_how_long_he_was_not() {
        assert_eq!(clock(80), "1:20");
        assert_eq!(time_taken(80), "1:20");
        assert_eq!(time_taken(3 * 3600 + 250), "3:04:10");
        assert_eq!(clock(5), "0:05");
        let here = seat(SeatKind::Human, Presence::Here);
        assert_eq!(presence_words(&here, 0, 0), "Here");
        assert_eq!(presence_words(&here, 1, 0), "Your seat");
        let dropped = seat(
            SeatKind::Human,
            Presence::Dropped {
                secs: 70,
                bot_in: Some(110),
            },
        );
        // Ten seconds after the table was heard, the clocks have moved on.
        assert_eq!(
            presence_words(&dropped, 0, 10),
            "Dropped for 1:20 · a bot plays in 1:40"
        );
        let waits = seat(
            SeatKind::Human,
            Presence::Dropped {
                secs: 5,
                bot_in: None,
            },
        );
        assert_eq!(
            presence_words(&waits, 0, 0),
            "Dropped for 0:05 · the table waits"
        );
        let stood_in = seat(SeatKind::Human, Presence::BotStandsIn { secs: 200 });
        assert!(presence_words(&stood_in, 0, 0).contains("3:20"));
        assert_eq!(
            presence_words(&seat(SeatKind::Open, Presence::Empty), 0, 0),
            "Open seat"
        );
        // A bot's seat names its level.
        let mut bot = seat(SeatKind::Bot, Presence::Empty);
        assert_eq!(presence_words(&bot, 0, 0), "Bot");
        bot.level = Some("hard".into());
        assert_eq!(
            presence_words(&bot, 0, 0),
            names::seat_label(fief::session::Seat::Bot(fief::bots::Level::Hard))
        );
    }

    #[test]
    fn refusals_and_lost_hosts_are_said_in_words() {
        let w = refusal_words(
            Some(Refusal::SeatTaken),
            "that seat is taken: its player comes back",
        );
        assert!(w.starts_with("That seat is taken."), "{w}");
        let w = refusal_words(None, "cannot reach the host: timed out");
        assert_eq!(w, "The host cannot be reached.");
        let w = refusal_words(Some(Refusal::Version), "");
        assert!(w.contains("same version"), "{w}");
        // The host's words are shown cleaned: no control or reordering characters.
        let w = refusal_words(Some(Refusal::Illegal), "bad\u{202e}move\n");
        assert!(!w.contains('\u{202e}') && !w.contains('\n'), "{w}");
        assert_eq!(
            status_words(&Status::Reconnecting {
                next_in: 42,
                left: None
            })
            .0,
            "Connection lost · next try in 0:42"
        );
    }
}
