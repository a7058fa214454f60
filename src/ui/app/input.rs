//! The human's decisions in the main window: clicks and drags on the map, the hand's cards,
//! the prompt bar's choices and standing orders, the answers to questions and to the
//! confirmation of an attack, turned into the session's calls; a refusal is told with its
//! reason.

use super::App;
use crate::ui::app::trail::Trail;
use crate::ui::board::canvas::MapMsg;
use crate::ui::panels::battle::BattleMsg;
use crate::ui::plan::clicks;
use crate::ui::plan::clicks::{Click, Selection};
use crate::ui::tr;
use crate::ui::words::messages;
use crate::ui::words::status;
use fief::map::VillageId;
use fief::rules::{Action, Card, PlayerId};
use fief::session::Standing;
use relm4::ComponentController;

impl App {
    /// Whether the table of a network game is still seating its players: its game has not
    /// begun, and asks nobody anything yet.
    pub(super) fn seating(&self) -> bool {
        self.net.as_ref().is_some_and(|n| !n.started())
    }

    /// The human whose decision the window takes now: the session's, but nobody's on the
    /// launch's idle board or at a table still seating its players, where nothing can be
    /// picked: no Village is lit, no click acts and the status line says what is awaited.
    pub(super) fn deciding(&self) -> Option<PlayerId> {
        if self.idle || self.seating() {
            return None;
        }
        self.session.human_turn()
    }

    /// A human has decided: what came before is no news to him any more.
    pub(super) fn decided(&mut self, p: PlayerId) {
        if self.trail.decided(p, self.session.game().log.len()) {
            self.w.news.show(None);
        }
        self.w.battle.emit(BattleMsg::Seen);
    }

    /// A click on the map, through the pure rules of `plan::clicks`.
    /// A click that does nothing says why where the pointer is: while another decides, what
    /// the game waits for; on no Village with nothing selected, where to click.
    pub(super) fn clicked(&mut self, v: Option<VillageId>) {
        let Some(p) = self.deciding() else {
            self.selection = Selection::None;
            let why = status::status(self.game(), "", self.waiting(), &[], &[]);
            if v.is_some() && !why.is_empty() {
                self.explain(why);
            }
            return;
        };
        let Some(v) = v else {
            // A click beside the Villages drops a selection; with none, it says where to click.
            if self.selection == Selection::None {
                self.explain(tr("Highlighted Villages on the map can be clicked."));
            }
            self.selection = Selection::None;
            return;
        };
        // The acting player's legal actions, as the prompt bar and the map were given them.
        let legal = self.session.legal();
        match clicks::click(self.game(), &legal, &self.selection, v) {
            Click::Apply(a) => self.submit(a),
            Click::Select(s) => self.selection = s,
            Click::Ignore => {
                // Why, where the pointer is: the engine's refusal of what the step would do
                // there, from what the player sees.
                let view = self.session.view();
                let why = clicks::why_nothing_at(&view.state, p, &self.selection, v);
                self.explain(status::nothing_at(self.game(), v, why));
            }
        }
    }

    /// An army dropped where it may not go: why, where it was dropped.
    pub(super) fn drag_refused(&mut self, from: VillageId, to: VillageId) {
        let Some(p) = self.deciding() else {
            return;
        };
        let view = self.session.view();
        let why = clicks::why_no_move(&view.state, p, from, to);
        self.explain(status::no_move(self.game(), from, to, why));
    }

    /// Why nothing was done: in a bubble on the map and on the status line.
    pub(super) fn explain(&mut self, why: String) {
        self.w.map.emit(MapMsg::Explain(why.clone()));
        self.status = why;
    }

    /// Several decisions submitted together (the purchase basket and "Done buying" when
    /// `finish`, every card of a draw, every casualty of a roll): the session takes them in
    /// order (at one screen until one is refused; in a network game each once the host
    /// answered the one before), and the first refusal is told with its reason.
    pub(super) fn submit_all(&mut self, actions: Vec<Action>, finish: bool) {
        let Some(p) = self.deciding() else {
            return;
        };
        let all = actions
            .into_iter()
            .chain(finish.then_some(Action::EndPurchase))
            .collect();
        match self.session.submit_all(p, all) {
            Ok(()) => {
                self.decided(p);
                self.selection = Selection::None;
                self.status.clear();
            }
            Err(e) => {
                self.decided(p);
                self.status = messages::rule_error(&e);
            }
        }
    }

    /// An army dropped on a neighbour: moved there whole, or the composer opened.
    pub(super) fn dragged(&mut self, from: VillageId, to: VillageId) {
        if self.deciding().is_none() {
            return;
        }
        let legal = self.session.legal();
        match clicks::drag(self.game(), &legal, from, to) {
            Click::Apply(a) => self.submit(a),
            Click::Select(s) => self.selection = s,
            Click::Ignore => {}
        }
    }

    /// A human's decision from the window, submitted to the session; one that starts a
    /// battle is confirmed first (Preferences), and submitted by `submit_now` once it is.
    pub(super) fn submit(&mut self, a: Action) {
        let Some(p) = self.deciding() else {
            return;
        };
        let attack = matches!(a, Action::DeclareBattle { .. } | Action::DeclareSiege(_));
        if attack && self.prefs.confirm_attack && self.shown {
            let key = self.game().history.len();
            self.dialogs
                .confirm_attack(self.game(), self.session.viewer(), a, key);
            return;
        }
        self.submit_now(p, a);
    }

    /// Submits `p`'s decision to the session; a refusal is told with its reason.
    fn submit_now(&mut self, p: PlayerId, a: Action) {
        let mark = Trail::mark_of(self.game(), p, &a);
        match self.session.submit(p, a) {
            Ok(()) => {
                self.trail.record(mark);
                self.decided(p);
                self.selection = Selection::None;
                self.status.clear();
            }
            Err(e) => self.status = messages::rule_error(&e),
        }
    }

    /// A card of the hand clicked: selected, or no longer.
    pub(super) fn card_clicked(&mut self, c: Card) {
        if self.deciding().is_some() {
            self.selection = if self.selection == Selection::Card(c) {
                Selection::None
            } else {
                Selection::Card(c)
            };
        }
    }

    /// A standing order given from the prompt bar: decisions taken for the human until it
    /// runs out.
    pub(super) fn stand(&mut self, order: Standing) {
        if let Some(p) = self.deciding() {
            self.session.stand(p, order);
            self.decided(p);
            self.selection = Selection::None;
        }
    }

    /// The answer of the yes/no question for the decision `key` (`every`: the same answer to
    /// every question of its kind until the phase ends). Says whether it was still asked.
    pub(super) fn answered(&mut self, key: usize, yes: bool, every: bool) -> bool {
        self.dialogs.answered();
        if key != self.game().history.len() {
            return false;
        }
        if every {
            let order = self
                .game()
                .prompt()
                .and_then(|pr| Standing::answer_all(self.game(), &pr.kind, yes));
            if let (Some(order), Some(p)) = (order, self.deciding()) {
                self.session.stand(p, order);
            }
        }
        self.submit(if yes { Action::Accept } else { Action::Refuse });
        true
    }

    /// "Attack" in the confirmation of the decision `key`. Says whether it was still asked.
    pub(super) fn confirmed(&mut self, key: usize, a: Action) -> bool {
        if key != self.game().history.len() {
            return false;
        }
        if let Some(p) = self.deciding() {
            self.submit_now(p, a);
        }
        true
    }
}
