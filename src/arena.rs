//! Bots against bots: whole games with seats rotated, and the win rate of each level
//! (`fief-cli arena`). Above the bots and the session: it plays whole games with them.

use crate::bots::{new_bot, Bot, Level};
use crate::rules::{Action, Game, Options, PlayerId, View};
use crate::session::{Played, Session};
use std::sync::atomic::AtomicBool;

/// Plays `g` to its end with `bots[p]` deciding for seat `p`, through a [`Session`] (the
/// one play loop); gives the game back with the number of actions applied, or why it stopped.
///
/// [`Session`]: crate::session::Session
pub fn play_game(g: Game, bots: Vec<Box<dyn Bot>>) -> (Game, Result<u64, String>) {
    if bots.len() != g.players.len() {
        let e = format!(
            "{} bots for a game of {} players",
            bots.len(),
            g.players.len()
        );
        return (g, Err(e));
    }
    let Ok(mut s) = Session::bots_only(g, bots) else {
        unreachable!("one bot a seat was checked above")
    };
    let result = match s.play(2_000_000, |_| false) {
        Ok(Played::Over) => Ok(s.applied() as u64),
        Ok(Played::Limit) => Err("the game does not end".into()),
        Ok(Played::Stopped | Played::HumanTurn(_)) => Err("a seat has no bot".into()),
        Err(e) => Err(e.to_string()),
    };
    (s.game().clone(), result)
}

/// Who sits in a seat of the arena: a bot of some level, or a passive player who ends every
/// step at once (a stand-in for a human who hesitates: the others must still bring the game
/// to its end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Bot(Level),
    Passive,
}

impl Seat {
    pub fn name(self) -> &'static str {
        match self {
            Seat::Bot(l) => l.name(),
            Seat::Passive => "passive",
        }
    }
}

impl std::str::FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        if s.trim().eq_ignore_ascii_case("passive") {
            Ok(Seat::Passive)
        } else {
            s.parse::<Level>().map(Seat::Bot).map_err(|_| {
                format!(
                    "unknown seat '{}' (use easy, normal, hard or passive)",
                    s.trim()
                )
            })
        }
    }
}

/// The passive seat: ends, passes or declines whenever it may, else takes the first choice.
pub struct Passive;

impl Bot for Passive {
    /// The Easy level's pace (a passive seat does not think).
    fn level(&self) -> Level {
        Level::Easy
    }

    fn choose(&mut self, view: &View, _cancel: &AtomicBool) -> Option<Action> {
        const ENDS: [Action; 11] = [
            Action::EndMarriages,
            Action::EndDraw,
            Action::EndPlayCards,
            Action::EndPurchase,
            Action::EndMovement,
            Action::EndBattles,
            Action::EndPillage,
            Action::NoCandidate,
            Action::NoRansom,
            Action::Refuse,
            Action::Pass,
        ];
        ENDS.iter()
            .find(|a| view.legal.contains(a))
            .cloned()
            .or_else(|| view.legal.first().cloned())
    }
}

#[derive(Debug, Clone)]
pub struct ArenaConfig {
    pub players: u8,
    /// Who sits in each seat before rotation (its length is `players`).
    pub levels: Vec<Seat>,
    pub games: u32,
    pub seed: u64,
    /// The number of the first game played (0 for a whole series): games `first` to
    /// `first + games - 1` of the series from `seed`, each with the seed and the seats it has
    /// there, so that a long series can be played in parts that together make the whole.
    pub first: u32,
    /// None: the game goes on until someone wins.
    pub round_cap: Option<u16>,
    /// How the Hard seats think (their budget above all).
    pub hard: crate::bots::ismcts::Settings,
    /// Games played at once (threads).
    pub jobs: usize,
}

#[derive(Debug, Clone)]
pub struct GameResult {
    pub index: u32,
    pub seed: u64,
    /// Who sat in each seat.
    pub seats: Vec<Seat>,
    pub winners: Vec<PlayerId>,
    pub rounds: u16,
    pub capped: bool,
    pub reason: String,
    pub actions: u64,
    pub error: Option<String>,
}

/// Game `i` of the arena: its seed and the rotated seats.
pub fn seating(cfg: &ArenaConfig, i: u32) -> (u64, Vec<Seat>) {
    let n = cfg.levels.len();
    let seats = (0..n).map(|s| cfg.levels[(s + i as usize) % n]).collect();
    (cfg.seed.wrapping_add(i as u64), seats)
}

pub fn play_one(cfg: &ArenaConfig, i: u32) -> GameResult {
    let (seed, seats) = seating(cfg, i);
    let mut result = GameResult {
        index: i,
        seed,
        seats: seats.clone(),
        winners: vec![],
        rounds: 0,
        capped: false,
        reason: String::new(),
        actions: 0,
        error: None,
    };
    let g = match Game::new(Options {
        players: cfg.players,
        seed,
        round_cap: cfg.round_cap,
        ..Options::default()
    }) {
        Ok(g) => g,
        Err(e) => {
            result.error = Some(e.to_string());
            return result;
        }
    };
    let bots: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(s, &seat)| match seat {
            Seat::Bot(Level::Hard) => Box::new(crate::bots::Hard::new(
                seed.wrapping_mul(1000).wrapping_add(s as u64),
                cfg.hard,
            )) as Box<dyn Bot>,
            Seat::Bot(l) => new_bot(
                l,
                seed.wrapping_mul(1000).wrapping_add(s as u64),
                cfg.hard.budget,
            ),
            Seat::Passive => Box::new(Passive) as Box<dyn Bot>,
        })
        .collect();
    // A bot that panics loses its game, not the whole arena: the failure is reported.
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play_game(g, bots)));
    let g = match played {
        Ok((g, Ok(n))) => {
            result.actions = n;
            g
        }
        Ok((g, Err(e))) => {
            result.error = Some(e);
            g
        }
        Err(_) => {
            result.error = Some("the engine panicked".into());
            return result;
        }
    };
    result.rounds = g.round;
    if let Some(o) = &g.outcome {
        result.winners = o.winners.clone();
        result.capped = o.reason.starts_with("round cap");
        result.reason = o.reason.clone();
    }
    result
}

/// Plays every game of the arena, `cfg.jobs` at a time, calling `progress` as each ends (in
/// the order they end); the results come back in game order.
pub fn run(cfg: &ArenaConfig, progress: &(dyn Fn(&GameResult) + Sync)) -> Vec<GameResult> {
    let next = std::sync::atomic::AtomicU32::new(cfg.first);
    let end = cfg.first.saturating_add(cfg.games);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= end {
                    break;
                }
                let r = play_one(cfg, i);
                progress(&r);
                if let Ok(mut v) = results.lock() {
                    v.push(r);
                }
            });
        }
    });
    let mut v = results.into_inner().unwrap_or_default();
    v.sort_by_key(|r| r.index);
    v
}

/// A level's record: seat-games played and won (an alliance win counts for both seats).
#[derive(Debug, Clone, PartialEq)]
pub struct LevelStats {
    pub level: Seat,
    pub seat_games: u32,
    pub wins: u32,
    /// Wins alone (not as half of an alliance).
    pub solo_wins: u32,
}

impl LevelStats {
    pub fn rate(&self) -> f64 {
        if self.seat_games == 0 {
            0.0
        } else {
            self.wins as f64 / self.seat_games as f64
        }
    }

    /// The Wilson score interval at 95%.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.seat_games as f64;
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let z = 1.96;
        let p = self.rate();
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

pub fn stats(results: &[GameResult]) -> Vec<LevelStats> {
    let mut out: Vec<LevelStats> = Vec::new();
    for r in results.iter().filter(|r| r.error.is_none()) {
        for (s, &l) in r.seats.iter().enumerate() {
            let i = match out.iter().position(|x| x.level == l) {
                Some(i) => i,
                None => {
                    out.push(LevelStats {
                        level: l,
                        seat_games: 0,
                        wins: 0,
                        solo_wins: 0,
                    });
                    out.len() - 1
                }
            };
            out[i].seat_games += 1;
            let won = r.winners.contains(&(s as PlayerId));
            out[i].wins += u32::from(won);
            out[i].solo_wins += u32::from(won && r.winners.len() == 1);
        }
    }
    out
}

/// The arena's summary as printed by `fief-cli arena`.
pub fn report(cfg: &ArenaConfig, results: &[GameResult]) -> String {
    let mut s = String::new();
    let ok: Vec<&GameResult> = results.iter().filter(|r| r.error.is_none()).collect();
    let n = results.len();
    s.push_str(&format!(
        "{n} games, {} players, seats rotated; round cap {}\n",
        cfg.players,
        cfg.round_cap
            .map_or_else(|| "none".to_string(), |c| c.to_string())
    ));
    let seat_share = 1.0 / cfg.players as f64;
    for st in stats(results) {
        let (lo, hi) = st.interval();
        s.push_str(&format!(
            "  {:<7} won {:>4} of {:>4} seat-games: {:5.1}% (95% CI {:.1}–{:.1}%; a fair share is {:.0}%); {} alone\n",
            st.level.name(),
            st.wins,
            st.seat_games,
            100.0 * st.rate(),
            100.0 * lo,
            100.0 * hi,
            100.0 * seat_share,
            st.solo_wins
        ));
    }
    s.push_str(
        "  (a win by an alliance counts as a win for each of its two seats; \"alone\" counts the wins without an ally)\n",
    );
    let rounds: f64 = ok.iter().map(|r| r.rounds as f64).sum::<f64>() / ok.len().max(1) as f64;
    let capped = ok.iter().filter(|r| r.capped).count();
    let draws = ok.iter().filter(|r| r.winners.is_empty()).count();
    let alliance = ok.iter().filter(|r| r.winners.len() > 1).count();
    s.push_str(&format!(
        "  average length {rounds:.1} rounds; {} ended by victory ({alliance} by an alliance), {capped} at the round cap, {draws} draws\n",
        ok.len() - capped
    ));
    if !ok.is_empty() {
        let within = |lo: u16, hi: u16| ok.iter().filter(|r| (lo..=hi).contains(&r.rounds)).count();
        let longest = ok.iter().map(|r| r.rounds).max().unwrap_or(0);
        let by_40 = ok
            .iter()
            .filter(|r| !r.capped && !r.winners.is_empty() && r.rounds <= 40)
            .count();
        s.push_str(&format!(
            "  lengths: 1–10 rounds {}, 11–20 {}, 21–30 {}, 31–40 {}, over 40 {}; the longest {longest}; won by round 40: {by_40} of {} ({:.1}%)\n",
            within(1, 10),
            within(11, 20),
            within(21, 30),
            within(31, 40),
            within(41, u16::MAX),
            ok.len(),
            100.0 * by_40 as f64 / ok.len() as f64
        ));
    }
    let errors: Vec<&GameResult> = results.iter().filter(|r| r.error.is_some()).collect();
    if !errors.is_empty() {
        s.push_str(&format!("  {} games failed:\n", errors.len()));
        for r in errors {
            s.push_str(&format!(
                "    game {} (seed {}): {}\n",
                r.index,
                r.seed,
                r.error.as_deref().unwrap_or("")
            ));
        }
    }
    s
}
