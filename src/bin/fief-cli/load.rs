//! `fief-cli load`: a saved game checked as the app loads it.

use crate::output::shown;
use std::io::Write;
use std::process::ExitCode;

/// `fief-cli load FILE`: the app's checks on a save, and its summary or the refusal in words.
pub(crate) fn load(path: &std::path::Path) -> ExitCode {
    let file = shown(path);
    let saved = match fief::save::load(path) {
        Ok(s) => s,
        Err(e) => {
            warn!("fief-cli: {file} is refused: {e}");
            return ExitCode::from(1);
        }
    };
    let g = &saved.game;
    let mut text = format!("{file}: a saved game of Fief\n");
    match saved.migrated_from {
        Some(v) => {
            text += &format!(
                "format: {v}, migrated to {} on loading\n",
                fief::save::VERSION
            )
        }
        None => text += &format!("format: {}\n", fief::save::VERSION),
    }
    if saved.saved_at > 0 {
        text += &format!("saved at: {} (seconds since 1970)\n", saved.saved_at);
    }
    text += &format!("players: {}\n", g.n());
    for p in 0..g.n() {
        let seat = match saved.seats.get(p as usize) {
            Some(fief::save::Seat::Human) => "human".to_string(),
            Some(fief::save::Seat::Bot(level)) => format!("bot ({})", level.name()),
            Some(fief::save::Seat::Remote) => "remote".to_string(),
            None => "?".to_string(),
        };
        let colour = fief::rules::COLOURS[g.options.colour(p)];
        let who = match g
            .options
            .names
            .get(p as usize)
            .filter(|n| !n.trim().is_empty())
        {
            Some(name) => format!("{} ({colour})", fief::files::printable(name)),
            None => colour.to_string(),
        };
        text += &format!("  seat {}: {who}, {seat}\n", p + 1);
    }
    let phase = format!("{:?}", g.phase);
    let phase = phase.split([' ', '{', '(']).next().unwrap_or_default();
    text += &format!("round: {}\nphase: {phase}\n", g.round);
    text += &format!("actions played: {}\n", g.history.len());
    match &g.outcome {
        Some(o) if o.winners.is_empty() => text += &format!("game over: a draw ({})\n", o.reason),
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&p| g.name(p)).collect();
            text += &format!("game over: won by {} ({})\n", names.join(" and "), o.reason);
        }
        None => {
            let to_act = g.to_act().map(|p| g.name(p)).unwrap_or_default();
            text += &format!("game over: no; {to_act} decides next\n");
        }
    }
    say_part!("{text}");
    ExitCode::SUCCESS
}
