//! A session of a network game: one seat is played at this computer, the game lives on the
//! host. The session holds the seat's view of the game as the host last sent it; the
//! player's decisions (and those his standing orders and automatic passes take) are not
//! applied here but queued for the host ([`Session::take_sent`]), and nothing more is
//! offered until the host's next state answers them. The host's list of legal actions is
//! the one offered: a seat's view cannot always tell what the host allows.

use super::{Autosave, Seat, Session, Settings};
use crate::rules::{Action, Game, PlayerId, RuleError};

/// A decision for the host: the game's action count it was made at, and the action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    pub at: u64,
    pub player: PlayerId,
    pub action: Action,
    /// In the notation, as the host reads it.
    pub notation: String,
}

#[derive(Debug, Clone)]
pub(super) struct Remote {
    me: PlayerId,
    /// The game's action count in the last state received.
    at: u64,
    /// What the host offers the seat now.
    legal: Vec<Action>,
    /// The decision sent, until a state answers it.
    waiting: Option<u64>,
    /// Decisions not yet handed to the line.
    outbox: Vec<Sent>,
    /// Decisions taken together (a basket of purchases, two cards drawn) that go one after
    /// the other, each once the host has answered the one before.
    queue: Vec<Action>,
}

impl Session {
    /// A network game seen from seat `me`: `game` is his view, as the host sent it after
    /// `at` actions, with what the host offers him (`legal`, in the notation). Never
    /// autosaved: the host keeps the game.
    pub fn remote(
        game: Game,
        me: PlayerId,
        at: u64,
        legal: &[String],
        settings: Settings,
    ) -> Result<Session, String> {
        if me as usize >= game.players.len() {
            return Err(format!("there is no seat {me} in this game"));
        }
        let seats = (0..game.players.len())
            .map(|p| {
                if p == me as usize {
                    Seat::Human
                } else {
                    Seat::Remote
                }
            })
            .collect();
        let mut s = Session::new(game, seats, settings, Autosave::Off)?;
        s.remote = Some(Remote {
            me,
            at,
            legal: parse_all(legal, &s.game),
            waiting: None,
            outbox: Vec::new(),
            queue: Vec::new(),
        });
        Ok(s)
    }

    /// The seat played here, in a network game.
    pub fn remote_seat(&self) -> Option<PlayerId> {
        self.remote.as_ref().map(|r| r.me)
    }

    /// A new state from the host: the seat's view after `at` actions and what it is offered.
    /// A decision sent is answered once the game has gone past it.
    pub fn received(&mut self, game: Game, at: u64, legal: &[String]) {
        let legal = parse_all(legal, &game);
        let Some(r) = self.remote.as_mut() else {
            return;
        };
        if r.waiting.is_some_and(|w| at > w) {
            r.waiting = None;
        }
        r.at = at;
        r.legal = legal;
        self.game = game;
        // The next of the decisions taken together, if the host still offers it; the rest
        // are dropped once one is not (as at one screen, where the first refusal stops them).
        if r.waiting.is_none() && !r.queue.is_empty() {
            let next = r.queue.remove(0);
            if r.legal.contains(&next) {
                let notation = next.notation(&self.game);
                r.waiting = Some(r.at);
                r.outbox.push(Sent {
                    at: r.at,
                    player: r.me,
                    action: next,
                    notation,
                });
            } else {
                r.queue.clear();
            }
        }
    }

    /// Several decisions taken together (the purchase basket, every card of a draw), in
    /// order: at one screen each is applied in turn until one is refused; in a network game
    /// the first is sent and each next one once the host has answered the one before.
    pub fn submit_all(&mut self, player: PlayerId, actions: Vec<Action>) -> Result<(), RuleError> {
        let mut it = actions.into_iter();
        let Some(first) = it.next() else {
            return Ok(());
        };
        if self.human_turn() != Some(player) {
            return Err(RuleError::new("", "it is not your decision now"));
        }
        self.commit(player, first, true, true)?;
        let rest: Vec<Action> = it.collect();
        match self.remote.as_mut() {
            Some(r) => r.queue = rest,
            None => {
                for a in rest {
                    if self.human_turn() != Some(player) {
                        break;
                    }
                    self.commit(player, a, true, true)?;
                }
            }
        }
        Ok(())
    }

    /// The host refused the decision sent, or it was lost on the way: the seat decides
    /// again from the last state.
    pub fn unsent(&mut self) {
        if let Some(r) = self.remote.as_mut() {
            r.waiting = None;
            r.outbox.clear();
            r.queue.clear();
        }
    }

    /// The decisions to send to the host, oldest first.
    pub fn take_sent(&mut self) -> Vec<Sent> {
        self.remote
            .as_mut()
            .map(|r| std::mem::take(&mut r.outbox))
            .unwrap_or_default()
    }

    /// A decision was sent and the host has not answered it yet.
    pub fn waits_for_host(&self) -> bool {
        self.remote.as_ref().is_some_and(|r| r.waiting.is_some())
    }

    /// `p`'s legal actions now: the rules' list, or in a network game the host's.
    pub(super) fn legal_for(&self, p: PlayerId) -> Vec<Action> {
        match &self.remote {
            Some(r) if r.me == p => r.legal.clone(),
            Some(_) => Vec::new(),
            None => self.game.legal_actions(p),
        }
    }

    /// Queues `action` for the host, if the host offers it.
    pub(super) fn send(&mut self, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let check = self.game.check(player, &action);
        let Some(r) = self.remote.as_mut() else {
            return Err(RuleError::new("", "not a network game"));
        };
        if player != r.me || r.waiting.is_some() {
            return Err(RuleError::new("", "it is not your decision now"));
        }
        if !r.legal.contains(&action) {
            check?;
            return Err(RuleError::new("", "the host does not offer this now"));
        }
        let notation = action.notation(&self.game);
        r.waiting = Some(r.at);
        r.outbox.push(Sent {
            at: r.at,
            player,
            action,
            notation,
        });
        self.applied += 1;
        Ok(())
    }
}

fn parse_all(legal: &[String], g: &Game) -> Vec<Action> {
    legal
        .iter()
        .filter_map(|n| Action::parse(n, g).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Options;
    use crate::session::Next;

    fn seat_view(g: &Game, p: PlayerId) -> (Game, Vec<String>) {
        let legal = g.legal_actions(p).iter().map(|a| a.notation(g)).collect();
        (g.redacted(Some(p)), legal)
    }

    #[test]
    fn a_network_seat_decides_from_the_hosts_list_and_waits_for_its_answer() {
        let mut truth = Game::new(Options {
            players: 3,
            seed: 5,
            ..Options::default()
        })
        .unwrap();
        let me = truth.to_act().unwrap();
        let (view, legal) = seat_view(&truth, me);
        let settings = Settings {
            auto_pass: false,
            ..Settings::default()
        };
        let mut s = Session::remote(view, me, 0, &legal, settings).unwrap();
        assert!(matches!(s.next_turn(), Next::Human(p) if p == me));
        assert!(!s.can_undo());
        let offered = s.legal();
        assert_eq!(offered.len(), legal.len());
        // Not offered by the host: refused, nothing queued.
        s.submit(me, Action::Fight).unwrap_err();
        assert!(s.take_sent().is_empty());
        // A decision is queued, not applied; nothing more is offered until the host answers.
        let a = offered[0].clone();
        s.submit(me, a.clone()).unwrap();
        let sent = s.take_sent();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].notation, a.notation(s.game()));
        assert_eq!(sent[0].at, 0);
        assert!(s.human_turn().is_none());
        assert!(matches!(s.next_turn(), Next::Elsewhere(_)));
        assert!(s.submit(me, a.clone()).is_err());
        // The host answers with the game after it.
        truth.apply(me, a).unwrap();
        let next = truth.to_act().unwrap();
        let (view, legal) = seat_view(&truth, me);
        s.received(view, 1, if next == me { &legal } else { &[] });
        assert!(!s.waits_for_host());
        match s.next_turn() {
            Next::Human(p) => assert_eq!(p, me),
            Next::Elsewhere(p) => assert_eq!(p, next),
            other => panic!("{other:?}"),
        }
        // Decisions taken together go one after the other, each once the host answered.
        if next == me {
            let offered = s.legal();
            if offered.len() >= 2 {
                let (a, b) = (offered[0].clone(), offered[1].clone());
                s.submit_all(me, vec![a.clone(), b.clone()]).unwrap();
                assert_eq!(s.take_sent().len(), 1);
                // The host answers with the same decision still open and `b` offered: `b` goes.
                let (view, legal) = seat_view(&truth, me);
                s.received(view, 2, &legal);
                let sent = s.take_sent();
                assert_eq!(sent.len(), 1);
                assert_eq!(sent[0].action, b);
                assert_eq!(sent[0].at, 2);
                s.unsent();
            }
        }
        // A refusal lets the seat decide again.
        if next == me {
            let a = s.legal()[0].clone();
            s.submit(me, a).unwrap();
            assert!(s.waits_for_host());
            s.unsent();
            assert!(!s.waits_for_host());
            assert!(s.take_sent().is_empty());
        }
    }
}
