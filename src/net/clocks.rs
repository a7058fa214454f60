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
    /// What the decision now awaited has taken in its earlier stretches (its player left and
    /// came back, the host stopped and started again).
    earlier_ms: u64,
    /// When the present stretch began; 0: the clock stands (the player whose decision it is
    /// is away, the host was down, the game has not begun or is over).
    since_ms: u64,
    /// The log entries (`[from, to, seat]`: entries `from..to`) that a bot standing in for a
    /// seat's dropped player wrote as its decisions, in order.
    stood_in: Vec<[u64; 3]>,
}

/// The most ranges kept a table (a bot standing in for days writes one a decision; a whole
/// game has about two thousand decisions).
const MAX_RANGES: usize = 8192;

impl Clocks {
    pub fn new(seats: usize) -> Clocks {
        Clocks {
            taken_ms: vec![0; seats],
            earlier_ms: 0,
            since_ms: 0,
            stood_in: Vec::new(),
        }
    }

    /// From `now_ms` on, the decision awaited is timed (`runs`: its player is at the table)
    /// or not (he is away: time he is not there is not his).
    pub fn run(&mut self, runs: bool, now_ms: u64) {
        match (runs, self.since_ms) {
            (true, 0) => self.since_ms = now_ms.max(1),
            (false, since) if since > 0 => {
                self.earlier_ms += now_ms.saturating_sub(since);
                self.since_ms = 0;
            }
            _ => {}
        }
    }

    /// What the decision awaited has taken up to `now_ms`.
    pub fn took(&self, now_ms: u64) -> u64 {
        let running = match self.since_ms {
            0 => 0,
            since => now_ms.saturating_sub(since),
        };
        self.earlier_ms + running
    }

    /// An action was played that took `took_ms` of `turn`'s time (see `took`); the clock
    /// stands until `run` says who is there for the next decision. `stood_in`: the seat a
    /// stand-in bot played it for, and the log entries it wrote.
    pub fn played(
        &mut self,
        turn: Option<SeatNo>,
        took_ms: u64,
        stood_in: Option<(SeatNo, u64, u64)>,
    ) {
        if let Some(t) = turn.and_then(|t| self.taken_ms.get_mut(t as usize)) {
            *t = t.saturating_add(took_ms);
        }
        self.earlier_ms = 0;
        self.since_ms = 0;
        if let Some((seat, from, to)) = stood_in {
            // The entries its decision wrote itself (not what followed from it); a decision
            // that wrote none (ending a step) marks nothing.
            if from < to && self.stood_in.len() < MAX_RANGES {
                self.stood_in.push([from, to, seat as u64]);
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
                    Some(p) if p as usize == i => self.took(now_ms),
                    _ => 0,
                };
                (t + running) / 1000
            })
            .collect()
    }

    /// The stand-ins' ranges that reach entry `from` or later.
    pub fn stood_in(&self, from: u64) -> Vec<[u64; 3]> {
        self.stood_in
            .iter()
            .filter(|x| x[1] > from)
            .copied()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_charged_the_time_its_decisions_took_while_it_was_there() {
        let mut c = Clocks::new(3);
        c.run(true, 1_000);
        let took = c.took(4_000);
        assert_eq!(took, 3_000);
        c.played(Some(0), took, None);
        c.run(true, 4_000);
        c.played(Some(1), c.took(4_500), None);
        c.run(true, 4_500);
        c.played(Some(0), c.took(10_000), None);
        c.run(true, 10_000);
        assert_eq!(c.secs(Some(2), 10_000), vec![8, 0, 0]);
        // The decision awaited runs on.
        assert_eq!(c.secs(Some(2), 13_000), vec![8, 0, 3]);
        // Its player leaves for a minute: that minute is not his.
        c.run(false, 13_000);
        c.run(false, 40_000);
        assert_eq!(c.secs(Some(2), 73_000), vec![8, 0, 3]);
        c.run(true, 73_000);
        assert_eq!(c.secs(Some(2), 75_000), vec![8, 0, 5]);
        c.played(Some(2), c.took(75_000), None);
        assert_eq!(c.secs(Some(0), 99_000), vec![8, 0, 5]);
    }

    #[test]
    fn a_stand_in_bots_entries_are_kept_as_ranges() {
        let mut c = Clocks::new(2);
        c.played(Some(1), 0, Some((1, 10, 12)));
        c.played(Some(1), 0, Some((1, 12, 13)));
        // A decision that wrote nothing marks nothing.
        c.played(Some(1), 0, Some((1, 13, 13)));
        c.played(Some(0), 0, None);
        c.played(Some(1), 0, Some((1, 20, 22)));
        c.played(Some(2), 0, Some((2, 22, 23)));
        assert_eq!(
            c.stood_in(0),
            vec![[10, 12, 1], [12, 13, 1], [20, 22, 1], [22, 23, 2]]
        );
        assert_eq!(c.stood_in(15), vec![[20, 22, 1], [22, 23, 2]]);
        assert!(c.stood_in(23).is_empty());
    }
}
