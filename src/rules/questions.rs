//! The answers to the yes-or-no questions (`PromptKind::is_question`): one dispatcher for the
//! check and one for the effect, each an exhaustive match over the pending decisions, so that a
//! new kind of question makes the compiler name both places. Each answer's rule lives in its
//! rule's file (a marriage in elections.rs, a ransom in captives.rs, a truce in battle.rs...).

use super::prompt::{Asked, PromptKind};
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, refuse_with, Action, RuleError};

impl Game {
    /// Who is asked the question on top of the stack, the question, and its rule; `None` for
    /// a pending step that is not a yes-or-no question (`Game::prompt` routes those).
    pub(crate) fn question_prompt(&self, q: &Pending) -> Option<Asked> {
        Some(match *q {
            Pending::MarriageAnswer {
                groom,
                bride,
                proposer,
                dowry,
            } => (
                self.answerer_of_marriage(proposer, groom, bride),
                PromptKind::MarriageAnswer {
                    groom,
                    bride,
                    dowry,
                },
                "1.1",
            ),
            Pending::RansomAnswer { lord, amount } => (
                self.lord(lord)?.captor?,
                PromptKind::RansomAnswer { lord, amount },
                "6.2.4",
            ),
            Pending::GrantAnswer {
                fief,
                lord,
                price,
                village,
                ..
            } => (
                self.lord(lord)?.owner,
                PromptKind::GrantAnswer {
                    fief,
                    lord,
                    price,
                    village,
                },
                "4.3",
            ),
            Pending::PlacementLeave {
                player,
                host,
                lord,
                village,
                ..
            } => (
                host,
                PromptKind::PlacementLeave {
                    asker: player,
                    lord,
                    village,
                },
                "2.4.1",
            ),
            Pending::CardinalConsent { lord, .. } => (
                self.lord(self.titles.pope?)?.owner,
                PromptKind::CardinalConsent { lord },
                "1.7",
            ),
            Pending::Permission {
                mover,
                from,
                ref order,
                ref askees,
                ..
            } => (
                *askees.last()?,
                PromptKind::Permission {
                    mover,
                    from,
                    to: order.to,
                    toll: order.how.toll(),
                },
                "5.0",
            ),
            Pending::Annulment { lord, .. } => {
                (self.pope_player()?, PromptKind::Annulment { lord }, "1.7")
            }
            Pending::Deal {
                giver,
                receiver,
                deniers,
                ref cards,
                answerer,
            } => (
                answerer,
                PromptKind::Deal {
                    giver,
                    receiver,
                    deniers,
                    cards: cards.clone(),
                },
                "8.0",
            ),
            Pending::Truce {
                proposer,
                ref askees,
                price,
            } => {
                let q = *askees.last()?;
                // The price goes to the other side only (6.3, 8.0).
                let same_side = self
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.side_of(q).is_some() && b.side_of(q) == b.side_of(proposer));
                let price = if same_side { 0 } else { price };
                (q, PromptKind::Truce { proposer, price }, "6.3")
            }
            Pending::AmbushGoOn { player } => (player, PromptKind::AmbushGoOn, "10.5"),
            Pending::Teeth { lord } => {
                let (holder, player) = self.teeth_for(lord)?;
                (player, PromptKind::Teeth { lord, holder }, "11.1.1")
            }
            Pending::RelicPermission {
                player,
                lord,
                relic,
                answerer,
            } => (
                answerer,
                PromptKind::RelicPermission {
                    asker: player,
                    lord,
                    relic,
                },
                "11.1",
            ),
            Pending::RelicOffer {
                giver,
                relic,
                lord,
                answerer,
            } => (
                answerer,
                PromptKind::RelicOffer { giver, relic, lord },
                "11.1",
            ),
            // Not questions.
            Pending::PlagueLosses { .. }
            | Pending::ChooseHeir { .. }
            | Pending::PlaceLord { .. }
            | Pending::RansomOffer { .. }
            | Pending::Window { .. }
            | Pending::Battle
            | Pending::Losses { .. }
            | Pending::Targeted { .. }
            | Pending::Uprising { .. }
            | Pending::RelicUse { .. }
            | Pending::PlagueStrike { .. }
            | Pending::PlagueEntry { .. } => return None,
        })
    }

    /// Whether `answer` (Accept or Refuse) may answer the question on top of the stack.
    pub(crate) fn check_answer(&self, answer: &Action) -> Result<(), RuleError> {
        let Some(top) = self.pending.last() else {
            return refuse("", "there is no question to answer");
        };
        match top {
            // 4.3 FAQ, 8.0: a yes must be paid for.
            Pending::GrantAnswer {
                king_player,
                lord,
                price,
                ..
            } => self.check_grant_answer(*king_player, *lord, *price, answer),
            // 8.0, FAQ (ruling R-HIDDEN-ASK): Deniers asked of a purse the asker could not see
            // are given only by a player who holds them; one who does not can only refuse.
            Pending::Deal {
                giver,
                deniers,
                answerer,
                ..
            } if matches!(answer, Action::Accept)
                && answerer == giver
                && self.players[*giver as usize].money < u32::from(*deniers) =>
            {
                let have = self.players[*giver as usize].money;
                refuse_with("8.0", || {
                    msgn!(
                        "you have only {n} Denier",
                        "you have only {n} Deniers",
                        have
                    )
                })
            }
            // Nothing can change between these questions and their answers: each was checked
            // when it was asked, and either answer is open.
            Pending::MarriageAnswer { .. }
            | Pending::RansomAnswer { .. }
            | Pending::CardinalConsent { .. }
            | Pending::PlacementLeave { .. }
            | Pending::Permission { .. }
            | Pending::Annulment { .. }
            | Pending::Deal { .. }
            | Pending::Truce { .. }
            | Pending::AmbushGoOn { .. }
            | Pending::RelicPermission { .. }
            | Pending::RelicOffer { .. }
            | Pending::Teeth { .. } => Ok(()),
            // Decisions that are not questions.
            Pending::PlagueStrike { .. }
            | Pending::PlagueEntry { .. }
            | Pending::PlagueLosses { .. }
            | Pending::ChooseHeir { .. }
            | Pending::PlaceLord { .. }
            | Pending::RansomOffer { .. }
            | Pending::Window { .. }
            | Pending::Battle
            | Pending::Losses { .. }
            | Pending::Targeted { .. }
            | Pending::Uprising { .. }
            | Pending::RelicUse { .. } => refuse("", "there is no question to answer"),
        }
    }

    /// The answer `yes` (or no) of `p` to the question on top of the stack, whichever it is;
    /// the question leaves the stack.
    pub(crate) fn exec_answer(&mut self, p: PlayerId, yes: bool) {
        let Some(top) = self.pending.last().cloned() else {
            return;
        };
        match top {
            // These take their question off the stack themselves.
            Pending::Permission { .. } => self.exec_permission(yes),
            Pending::Annulment { .. } => self.exec_annulment_answer(yes),
            Pending::Deal { .. } => self.exec_deal_answer(yes),
            Pending::Truce { .. } => self.exec_truce_answer(yes),
            Pending::AmbushGoOn { .. } => self.exec_ambush_go_on(yes),
            Pending::RelicPermission { .. } => self.exec_relic_permission(yes),
            Pending::RelicOffer { .. } => self.exec_relic_offer_answer(yes),
            Pending::Teeth { .. } => self.exec_teeth_answer(yes),
            Pending::MarriageAnswer {
                proposer,
                groom,
                bride,
                dowry,
            } => {
                self.pending.pop();
                self.exec_marriage_answer(p, (proposer, groom, bride, dowry), yes);
            }
            Pending::RansomAnswer { lord, amount } => {
                self.pending.pop();
                self.exec_ransom_answer(lord, amount, yes);
            }
            Pending::GrantAnswer {
                king_player,
                fief,
                lord,
                city,
                price,
                village,
            } => {
                self.pending.pop();
                self.exec_grant_answer(king_player, fief, lord, city, price, village, yes);
            }
            Pending::CardinalConsent {
                player,
                lord,
                purchased,
            } => {
                self.pending.pop();
                self.exec_cardinal_consent(player, lord, purchased, yes);
            }
            Pending::PlacementLeave {
                player,
                host,
                lord,
                village,
                crown_prince,
            } => {
                self.pending.pop();
                self.exec_placement_leave(player, host, lord, village, crown_prince, yes);
            }
            // Not questions: `check_answer` refuses an answer to them.
            Pending::PlagueStrike { .. }
            | Pending::PlagueEntry { .. }
            | Pending::PlagueLosses { .. }
            | Pending::ChooseHeir { .. }
            | Pending::PlaceLord { .. }
            | Pending::RansomOffer { .. }
            | Pending::Window { .. }
            | Pending::Battle
            | Pending::Losses { .. }
            | Pending::Targeted { .. }
            | Pending::Uprising { .. }
            | Pending::RelicUse { .. } => {}
        }
    }
}
