//! Who plays a seat (a person or a bot of some level), and whether a game so played is worth
//! keeping: shared by the session that plays it and the saves that keep it.

use crate::bots::Level;
use crate::rules::Game;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    Bot(Level),
    /// A person at another computer, over the network: in the new-game dialog a seat left
    /// open for him; in a network game, any seat not played at this computer.
    Remote,
}

impl std::str::FromStr for Seat {
    type Err = String;
    /// `human`, or a bot level: `easy`, `normal`, `hard`.
    fn from_str(s: &str) -> Result<Seat, String> {
        match s.trim().to_lowercase().as_str() {
            "human" => Ok(Seat::Human),
            "remote" => Ok(Seat::Remote),
            other => other.parse::<Level>().map(Seat::Bot).map_err(|_| {
                format!("unknown seat '{other}' (use human, remote, easy, normal or hard)")
            }),
        }
    }
}

/// Whether the game `g` played by `seats` is worth keeping: somebody played in it (a human
/// decided something, or, in a game of bots only, anything happened) and it is not over.
pub fn worth_keeping(seats: &[Seat], g: &Game) -> bool {
    if g.outcome.is_some() || g.is_over() {
        return false;
    }
    let humans = seats.contains(&Seat::Human);
    g.history
        .iter()
        .any(|(p, _)| !humans || seats.get(*p as usize) == Some(&Seat::Human))
}
