//! What a table keeps of its time and of its stand-in bots: the time each seat has taken
//! over its decisions (a game over days shows who keeps the others waiting), and which log
//! entries a bot wrote while it played for a dropped player (so that he is told, when he
//! comes back, what was decided for him).

use super::protocol::SeatNo;

/// The clocks and the stand-ins' log entries of one table.
#[derive(Debug, Clone, Default)]
pub struct Clocks {
    /// Milliseconds each seat has taken, up to the last action.
    taken_ms: Vec<u64>,
    /// When the decision now awaited began (the last action, or the game's start); 0: not
    /// known (a table kept before times were).
    since_ms: u64,
    /// For each seat, the log entries (`[from, to)`) written by a bot standing in for it.
    stood_in: Vec<Vec<[u64; 2]>>,
}

/// The most ranges kept a seat (a bot standing in for days writes one a decision).
const MAX_RANGES: usize = 4096;

impl Clocks {
    pub fn new(seats: usize) -> Clocks {
        Clocks {
            taken_ms: vec![0; seats],
            since_ms: 0,
            stood_in: vec![Vec::new(); seats],
        }
    }

    /// The game begins at `now_ms`: its first decision is timed from then.
    pub fn start(&mut self, now_ms: u64) {
        if self.since_ms == 0 {
            self.since_ms = now_ms;
        }
    }

    /// An action was played at `at_ms` (0: time unknown) while the game waited for `turn`;
    /// `stood_in`: the seat a stand-in bot played it for, and the log entries it wrote.
    pub fn played(
        &mut self,
        turn: Option<SeatNo>,
        at_ms: u64,
        stood_in: Option<(SeatNo, u64, u64)>,
    ) {
        if let Some(t) = turn.and_then(|t| self.taken_ms.get_mut(t as usize)) {
            if self.since_ms > 0 && at_ms > 0 {
                *t += at_ms.saturating_sub(self.since_ms);
            }
        }
        if at_ms > 0 {
            self.since_ms = at_ms;
        }
        if let Some((seat, from, to)) = stood_in {
            if let Some(r) = self.stood_in.get_mut(seat as usize) {
                // One range a decision: its first entry says what was decided, the others
                // what followed from it.
                if from < to && r.len() < MAX_RANGES {
                    r.push([from, to]);
                }
            }
        }
    }

    /// Each seat's time taken, in seconds, with the decision awaited by `turn` counted up to
    /// `now_ms`.
    pub fn secs(&self, turn: Option<SeatNo>, now_ms: u64) -> Vec<u64> {
        self.taken_ms
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let running = match turn {
                    Some(p) if p as usize == i && self.since_ms > 0 => {
                        now_ms.saturating_sub(self.since_ms)
                    }
                    _ => 0,
                };
                (t + running) / 1000
            })
            .collect()
    }

    /// The ranges of `seat`'s stand-in entries that reach entry `from` or later.
    pub fn stood_in(&self, seat: SeatNo, from: u64) -> Vec<[u64; 2]> {
        self.stood_in
            .get(seat as usize)
            .map(|r| r.iter().filter(|x| x[1] > from).copied().collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_charged_the_time_its_decisions_took() {
        let mut c = Clocks::new(3);
        c.start(1_000);
        c.played(Some(0), 4_000, None);
        c.played(Some(1), 4_500, None);
        c.played(Some(0), 10_000, None);
        assert_eq!(c.secs(Some(2), 10_000), vec![8, 0, 0]);
        // The decision awaited runs on.
        assert_eq!(c.secs(Some(2), 13_000), vec![8, 0, 3]);
        // An action of unknown time charges nothing, and times the next from nothing.
        let mut old = Clocks::new(3);
        old.played(Some(0), 0, None);
        old.played(Some(1), 5_000, None);
        assert_eq!(old.secs(None, 9_000), vec![0, 0, 0]);
    }

    #[test]
    fn a_stand_in_bots_entries_are_kept_as_ranges() {
        let mut c = Clocks::new(2);
        c.played(Some(1), 1, Some((1, 10, 12)));
        c.played(Some(1), 2, Some((1, 12, 13)));
        // A decision that wrote nothing marks nothing.
        c.played(Some(1), 2, Some((1, 13, 13)));
        c.played(Some(0), 3, None);
        c.played(Some(1), 4, Some((1, 20, 22)));
        assert_eq!(c.stood_in(1, 0), vec![[10, 12], [12, 13], [20, 22]]);
        assert_eq!(c.stood_in(1, 15), vec![[20, 22]]);
        assert!(c.stood_in(0, 0).is_empty());
        assert!(c.stood_in(9, 0).is_empty());
    }
}
