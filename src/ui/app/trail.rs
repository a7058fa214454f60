//! What happened since a player's last decision: the others' moves and battles marked on the
//! board, the card of the log's news, and the summary of a round that ended meanwhile.
//! A pure record of the game as it goes (no widget): the window shows what it says.

use crate::ui::plan::moves::move_from;
use crate::ui::words::log::{round_summary, since_last_decision, tallies, Tally};
use crate::ui::words::names::player;
use crate::ui::{tr, trf};
use fief::map::VillageId;
use fief::rules::{Action, Game, PlayerId, View};

/// Something another player did, marked on the board until the viewer's next decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// An army moved along a road.
    Move {
        player: PlayerId,
        from: VillageId,
        to: VillageId,
    },
    /// A battle or a siege was declared there.
    Battle { village: VillageId },
    /// A Village the coach of a lesson points at (Learn to Play), while the try goes on.
    Coach { village: VillageId },
}

/// What the line of news beside the board shows after a redraw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum News {
    /// As it is.
    Keep,
    /// Nothing new.
    Clear,
    /// A heading and its lines.
    Card(String, Vec<String>),
}

/// Moves and battles in the order they were made, and where each player stood in them and
/// in the log at his last decision.
#[derive(Debug, Default)]
pub struct Trail {
    /// Moves and battles in the order they were made, with who made them.
    marks: Vec<Mark>,
    /// For each player, where the marks and the log stood at his last decision: what came
    /// after is marked on the map and told in the "since your last decision" card.
    seen_marks: Vec<usize>,
    seen_log: Vec<usize>,
    /// The player the card was last shown to, and the game's number of actions then (shown
    /// once a turn).
    card_for: Option<(PlayerId, usize)>,
    /// The round being played and every player's standing when it was first seen.
    round_tally: Option<(u16, Vec<Tally>)>,
    /// A round that ended and its summary lines, shown with the next card.
    round_over: Option<(u16, Vec<String>)>,
}

impl Trail {
    /// A trail that starts at `game` as it stands.
    pub fn new(game: &Game) -> Trail {
        let mut t = Trail::default();
        t.forget(game);
        t
    }

    /// The marks and the card start again (a new game, an undo): nothing is "since" yet.
    pub fn forget(&mut self, game: &Game) {
        let n = game.players.len();
        self.marks.clear();
        self.seen_marks = vec![0; n];
        self.seen_log = vec![game.log.len(); n];
        self.card_for = None;
        self.round_tally = None;
        self.round_over = None;
    }

    /// The mark of a move or a battle `p` is about to make in `game` (read before it is
    /// applied: a Move's starting Village is where its Lords stand); None for anything else.
    pub fn mark_of(game: &Game, p: PlayerId, a: &Action) -> Option<Mark> {
        match a {
            Action::Move(m) => move_from(game, m).map(|from| Mark::Move {
                player: p,
                from,
                to: m.to,
            }),
            Action::DeclareBattle { village, .. } | Action::DeclareSiege(village) => {
                Some(Mark::Battle { village: *village })
            }
            _ => None,
        }
    }

    /// Keeps a mark made (`mark_of`, once its action was applied).
    pub fn record(&mut self, mark: Option<Mark>) {
        self.marks.extend(mark);
    }

    /// A human has decided in a game whose log has `log_len` entries: what came before is
    /// no news to him any more. Says whether the card on screen was his (it goes).
    pub fn decided(&mut self, p: PlayerId, log_len: usize) -> bool {
        if let Some(x) = self.seen_marks.get_mut(p as usize) {
            *x = self.marks.len();
        }
        if let Some(x) = self.seen_log.get_mut(p as usize) {
            *x = log_len;
        }
        self.card_for.is_some_and(|(q, _)| q == p)
    }

    /// Where `p` stood in the log at his last decision.
    pub fn seen(&self, p: PlayerId) -> Option<usize> {
        self.seen_log.get(p as usize).copied()
    }

    /// The same game taken up again after `forget` (a table's line opened anew): `p`'s last
    /// decision stays where it was (`at`, never past the log's end), so that what came
    /// since is still news to him, and nothing before it.
    pub fn resume_seen(&mut self, p: PlayerId, at: usize) {
        if let Some(x) = self.seen_log.get_mut(p as usize) {
            *x = at.min(*x);
        }
    }

    /// The marks `viewer` sees: the others' moves and battles since his last decision (with
    /// nobody to follow, the last few).
    pub fn marks(&self, viewer: Option<PlayerId>) -> Vec<Mark> {
        let from = match viewer {
            Some(v) => self.seen_marks.get(v as usize).copied().unwrap_or(0),
            None => self.marks.len().saturating_sub(6),
        };
        self.marks
            .get(from..)
            .unwrap_or_default()
            .iter()
            .filter(|m| match m {
                Mark::Move { player, .. } => Some(*player) != viewer,
                Mark::Battle { .. } | Mark::Coach { .. } => true,
            })
            .copied()
            .collect()
    }

    /// Notes a new round: the one before it ended, and its summary comes with the next card.
    fn round_changes(&mut self, view: &View) {
        let round = view.state.round;
        if self.round_tally.as_ref().is_some_and(|(r, _)| *r == round) {
            return;
        }
        let now = tallies(view);
        if let Some((r, before)) = self.round_tally.take() {
            if r >= 1 && round == r + 1 {
                self.round_over = Some((r, round_summary(&view.state, &before, &now)));
            }
        }
        self.round_tally = Some((round, now));
    }

    /// At each redraw of `game`, seen through `view`: when a human's turn comes (`to_tell`,
    /// his on an uncovered screen), the card of what happened since his last decision, once
    /// a turn; `humans` is how many humans share the screen.
    pub fn news(
        &mut self,
        game: &Game,
        view: &View,
        to_tell: Option<PlayerId>,
        humans: usize,
    ) -> News {
        self.round_changes(view);
        let Some(p) = to_tell else {
            return News::Keep;
        };
        let from = self.seen_log.get(p as usize).copied().unwrap_or(0);
        // Once a turn: a turn is known by how many actions the game had when it came.
        let turn = game.history.len();
        if self.card_for == Some((p, turn)) {
            return News::Keep;
        }
        self.card_for = Some((p, turn));
        let mut lines = since_last_decision(&view.log, from, 8);
        // With one human at the screen, his name goes without saying.
        let mut title = if humans > 1 {
            trf("Since your last decision, {p}", &[("p", &player(game, p))])
        } else {
            tr("Since your last decision")
        };
        // A round ended meanwhile: its summary by player first.
        if let Some((r, mut by_player)) = self.round_over.take() {
            title = trf(
                "Round {n} is over: where everyone stands",
                &[("n", &r.to_string())],
            );
            if !lines.is_empty() {
                by_player.push(String::new());
                by_player.push(trf(
                    "Since your last decision, {p}:",
                    &[("p", &player(game, p))],
                ));
                by_player.append(&mut lines);
            }
            lines = by_player;
        }
        if lines.is_empty() {
            return News::Clear;
        }
        News::Card(title, lines)
    }
}

#[cfg(test)]
mod tests;
