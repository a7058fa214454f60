//! The automatic parts of the round: `advance` runs them until a player must decide, and
//! settles a pending decision that events have reduced to one option or none.

use super::actions::Action;
use super::decisions::Checks;
use super::prompt::PromptKind;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::Terse;

impl Game {
    /// Starts play from a position set up by hand (scenario files).
    pub(crate) fn start_position(&mut self) {
        if self.phase == (Phase::Elections { election: None }) {
            self.start_elections();
        }
        // The reaction window at the start of Income (taxes still stand, 10.1).
        if self.phase == Phase::Income {
            self.open_window(3);
        }
        self.advance();
    }

    /// Runs the automatic parts of the round until a player must decide.
    pub(crate) fn advance(&mut self) {
        for _ in 0..100_000 {
            // 11.1.1: a Lord at death's door is answered for before anything else.
            if self.teeth_first() {
                continue;
            }
            if self.settle_obvious_pending() {
                continue;
            }
            if !self.pending.is_empty() || self.is_over() {
                return;
            }
            let progressed = match self.phase {
                Phase::Setup { idx } if idx >= self.n() => {
                    self.start_round();
                    true
                }
                Phase::Marriage { idx } if idx >= self.n() => {
                    self.start_elections();
                    true
                }
                Phase::Elections { .. } => self.advance_elections(),
                Phase::Draw { idx, .. } if idx >= self.n() => {
                    self.phase = Phase::Disasters { slot: 0 };
                    true
                }
                Phase::Disasters { slot } => {
                    self.resolve_disaster_slot(slot);
                    true
                }
                Phase::PlayCards { idx } if idx >= self.n() => {
                    // 11.1.1: the Eyes and the Bone act at the end of Play Cards.
                    if !self.start_relic_uses() {
                        self.phase = Phase::Income;
                        self.open_window(3);
                    }
                    true
                }
                Phase::PlayCards { idx } => {
                    self.skip_if_only(Phase::PlayCards { idx: idx + 1 }, Action::EndPlayCards)
                }
                Phase::Income => {
                    self.collect_income();
                    self.phase = Phase::Ransom;
                    self.open_window(4);
                    true
                }
                Phase::Ransom => {
                    self.next_ransom();
                    true
                }
                Phase::Purchase { idx, .. } if idx >= self.n() => {
                    self.start_movement();
                    self.open_window(5);
                    true
                }
                Phase::Purchase { idx, .. } => self.skip_if_only(
                    Phase::Purchase {
                        idx: idx + 1,
                        placed: vec![],
                    },
                    Action::EndPurchase,
                ),
                Phase::Movement { idx } if idx >= self.n() => {
                    self.start_battles_phase();
                    self.open_window(6);
                    true
                }
                Phase::Movement { idx } => {
                    if self.settle_onward() {
                        true
                    } else {
                        self.skip_if_only(Phase::Movement { idx: idx + 1 }, Action::EndMovement)
                    }
                }
                Phase::Battles { idx, .. } if idx >= self.n() => {
                    self.phase = Phase::Pillage { idx: 0 };
                    true
                }
                Phase::Battles { idx, .. } => {
                    let p = self.in_turn(idx);
                    if self.only_choice_is(p, &Action::EndBattles) {
                        self.exec_end_battles(p);
                        true
                    } else {
                        false
                    }
                }
                Phase::Pillage { idx } if idx >= self.n() => {
                    self.phase = Phase::EndRound;
                    self.open_window(7);
                    true
                }
                Phase::Pillage { idx } => {
                    self.skip_if_only(Phase::Pillage { idx: idx + 1 }, Action::EndPillage)
                }
                Phase::EndRound => {
                    self.end_round();
                    true
                }
                _ => false,
            };
            if !progressed {
                return;
            }
        }
    }

    /// A pending choice that events have since reduced to one option (or none) is settled
    /// without asking: an heir when only one Lord has room, a placement with one Village.
    fn settle_obvious_pending(&mut self) -> bool {
        match self.pending.last().cloned() {
            Some(Pending::PlagueStrike { bishopric }) => {
                self.pending.pop();
                self.plague_halves(bishopric);
                true
            }
            Some(Pending::PlagueEntry {
                player,
                village,
                group,
            }) => {
                self.pending.pop();
                self.plague_entry(player, village, group);
                true
            }
            Some(Pending::Window { .. }) => self.settle_window(),
            Some(Pending::Battle) => self.advance_battle(),
            Some(Pending::Uprising { .. }) => self.advance_uprising(),
            Some(Pending::Targeted { .. }) => self.settle_targeted(),
            Some(Pending::Losses { .. }) => self.settle_losses(),
            Some(Pending::Permission { ref askees, .. } | Pending::Truce { ref askees, .. })
                if askees.is_empty() =>
            {
                self.pending.pop();
                true
            }
            Some(Pending::ChooseHeir { player, fief }) => self.settle_heir(player, fief),
            Some(Pending::PlaceLord { player, lord }) => self.settle_placement(player, lord),
            // Decisions left to a player, and nothing pending.
            Some(
                Pending::MarriageAnswer { .. }
                | Pending::PlagueLosses { .. }
                | Pending::RansomOffer { .. }
                | Pending::RansomAnswer { .. }
                | Pending::GrantAnswer { .. }
                | Pending::PlacementLeave { .. }
                | Pending::CardinalConsent { .. }
                | Pending::Permission { .. }
                | Pending::Annulment { .. }
                | Pending::Deal { .. }
                | Pending::Truce { .. }
                | Pending::AmbushGoOn { .. }
                | Pending::RelicPermission { .. }
                | Pending::RelicOffer { .. }
                | Pending::Teeth { .. }
                | Pending::RelicUse { .. },
            )
            | None => false,
        }
    }

    /// A player whose only choice (leaving aside "any time" actions, which the reaction
    /// windows offer) is to pass is passed automatically.
    fn skip_if_only(&mut self, next: Phase, pass: Action) -> bool {
        let Some(p) = self.to_act() else { return false };
        if self.only_choice_is(p, &pass) {
            self.phase = next;
            true
        } else {
            false
        }
    }

    fn only_choice_is(&self, p: PlayerId, pass: &Action) -> bool {
        let Some(prompt) = self.prompt() else {
            return false;
        };
        if prompt.player != p {
            return false;
        }
        let _terse = Terse::new();
        let mut checks = Checks::new(self, p, &prompt);
        // A few likely choices first, then the bots' shorter list (a subset of the legal
        // actions): another choice there settles it without listing every count of every
        // army.
        let settled = match prompt.kind {
            PromptKind::Movement => self
                .likely_moves(p)
                .iter()
                .any(|a| a != pass && checks.legal(a)),
            PromptKind::Purchase => {
                let mut troops = Vec::new();
                self.troop_candidates(p, &mut troops);
                troops.iter().any(|a| a != pass && checks.legal(a))
            }
            _ => false,
        };
        if settled {
            return false;
        }
        let for_bots = self.phase_candidates(&prompt, true);
        if for_bots.iter().any(|a| a != pass && checks.legal(a)) {
            return false;
        }
        // Most kinds of decision have one list: the shorter one was the whole.
        if !Self::bots_list_fewer(&prompt.kind) {
            debug_assert_eq!(for_bots, self.phase_candidates(&prompt, false));
            return self.check_prompted(p, pass, &prompt).is_ok();
        }
        // The whole list holds the shorter one's candidates, in the same order: those were
        // checked already and are passed over (one out of order is only checked again).
        let mut seen = for_bots.iter().peekable();
        let other = self.phase_candidates(&prompt, false).iter().any(|a| {
            if seen.peek() == Some(&a) {
                seen.next();
                return false;
            }
            a != pass && checks.legal(a)
        });
        !other && self.check_prompted(p, pass, &prompt).is_ok()
    }
}
