//! Who must decide what now: the kinds of decision (`PromptKind`) and `Game::prompt`, a short
//! dispatcher over the pending decisions and the phases. Who is asked a yes-or-no question, and
//! what, is said in questions.rs; the battle's and the Uprising's steps in their own files.

use super::actions::{Action, PassageUse};
use super::cards::{Card, LordId};
use super::relics;
use super::state::phase::{Pending, Phase, WindowAt};
use super::state::*;
use crate::map::{FiefId, VillageId};

/// What kind of decision is awaited.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum PromptKind {
    StartVillage,
    Marriage,
    MarriageAnswer {
        groom: LordId,
        bride: LordId,
        /// Deniers the proposer gives if the answer is yes (8.0).
        dowry: u8,
    },
    Nominate(ElectionKind),
    Vote(ElectionKind),
    DiscardDraw,
    PlagueLosses {
        village: VillageId,
        losses: u8,
    },
    ChooseHeir {
        fief: FiefId,
    },
    PlaceLord {
        lord: LordId,
    },
    PlayCards,
    RansomOffer {
        lord: LordId,
        price: u32,
    },
    RansomAnswer {
        lord: LordId,
        amount: u32,
    },
    GrantAnswer {
        fief: FiefId,
        lord: LordId,
        price: u32,
        village: Option<VillageId>,
    },
    CardinalConsent {
        lord: LordId,
    },
    /// ruling R-NEWLORD-LEAVE: give leave to place another player's new Lord in your Village.
    PlacementLeave {
        asker: PlayerId,
        lord: LordId,
        village: VillageId,
    },
    Purchase,
    /// 5.0: the player moves his armies, one Move at a time.
    Movement,
    /// 6.0, 6.4: the player declares battles, then sieges.
    Battles,
    /// 6.5.
    Pillage,
    /// A reaction window: play an "any time" card, or pass.
    Window {
        at: WindowAt,
    },
    /// 6.0: take a side in the battle, or stay out.
    BattleSide {
        village: VillageId,
    },
    /// 6.1, 6.3: the side's leader fights on, stops, surrenders or asks a truce.
    BattleChoice {
        village: VillageId,
        side: u8,
    },
    /// 6.2.2, 10.1: remove casualties worth `cost` hits, then `lords` Lords.
    Losses {
        village: VillageId,
        cost: u32,
        lords: u8,
    },
    /// 5.0: let another player's army pass, or refuse; `toll` Deniers are offered for it (8.0).
    Permission {
        mover: PlayerId,
        from: VillageId,
        to: VillageId,
        toll: u8,
    },
    /// 10.2.3: answer an Assassination or Ambush with a Secret Passage, or let it happen.
    Targeted {
        card: Card,
        target: LordId,
    },
    /// 10.1: add an Uprising card or a Secret Passage, or pass.
    UprisingJoin {
        village: VillageId,
    },
    /// 1.4, 1.5: try to stop the Uprising, or pass.
    UprisingStop {
        village: VillageId,
        lord: LordId,
    },
    /// 1.7: the Pope grants or refuses an annulment.
    Annulment {
        lord: LordId,
    },
    /// 8.0: accept or refuse a transfer.
    Deal {
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: Vec<Card>,
    },
    /// 6.3: accept or refuse a truce.
    Truce {
        proposer: PlayerId,
        /// Deniers offered to each player of the other side (0: none).
        price: u8,
    },
    /// 10.5: go on with the battle (accept) or end it (refuse).
    AmbushGoOn,
    /// 11.1: let another player's Lord take a relic in a Village you hold.
    RelicPermission {
        asker: PlayerId,
        lord: LordId,
        relic: relics::Relic,
    },
    /// 11.1, 8.0: accept a relic for one of your Lords (a Diplomacy marker).
    RelicOffer {
        giver: PlayerId,
        relic: relics::Relic,
        lord: LordId,
    },
    /// 11.1.1: roll the Eyes or the Bone for a card, or pass.
    RelicUse {
        relic: relics::Relic,
    },
    /// 11.1.1: use the Teeth of Saint Géronce, carried by `holder`, to save `lord` from
    /// death (accept), or let him die (refuse).
    Teeth {
        lord: LordId,
        holder: LordId,
    },
}

impl PromptKind {
    /// Decisions during which "any time" actions may also be taken (see anytime.rs).
    pub fn allows_any_time(&self) -> bool {
        matches!(
            self,
            PromptKind::Marriage
                | PromptKind::PlayCards
                | PromptKind::Purchase
                | PromptKind::Movement
                | PromptKind::Battles
                | PromptKind::Pillage
                | PromptKind::Window { .. }
                | PromptKind::BattleChoice { .. }
        )
    }

    /// The title of a yes-or-no question (`is_question`), to be translated; `None` for the
    /// other decisions.
    pub fn question_title(&self) -> Option<super::events::Msg> {
        if !self.is_question() {
            return None;
        }
        Some(match self {
            PromptKind::MarriageAnswer { .. } => msg!("Marriage proposal"),
            PromptKind::RansomAnswer { .. } => msg!("Ransom offer"),
            PromptKind::GrantAnswer { .. } => msg!("The King's offer"),
            PromptKind::CardinalConsent { .. } => msg!("A new Cardinal"),
            PromptKind::PlacementLeave { .. } => msg!("A new Lord"),
            PromptKind::Permission { .. } => msg!("Permission to pass"),
            PromptKind::Annulment { .. } => msg!("Annulment"),
            PromptKind::Deal { .. } => msg!("Diplomacy"),
            PromptKind::Truce { .. } => msg!("Truce"),
            PromptKind::AmbushGoOn => msg!("Ambush"),
            PromptKind::RelicPermission { .. } | PromptKind::RelicOffer { .. } => {
                msg!("Holy Relics")
            }
            PromptKind::Teeth { .. } => msg!("Teeth of Saint Géronce"),
            // A question added to `is_question` without a title of its own yet.
            _ => msg!("A question"),
        })
    }

    /// Yes-or-no questions: answered by `Accept` or `Refuse` (and nothing else), every one
    /// of them routed by `Game::exec_answer` (questions.rs).
    pub fn is_question(&self) -> bool {
        match self {
            PromptKind::MarriageAnswer { .. }
            | PromptKind::RansomAnswer { .. }
            | PromptKind::GrantAnswer { .. }
            | PromptKind::CardinalConsent { .. }
            | PromptKind::PlacementLeave { .. }
            | PromptKind::Permission { .. }
            | PromptKind::Annulment { .. }
            | PromptKind::Deal { .. }
            | PromptKind::Truce { .. }
            | PromptKind::RelicPermission { .. }
            | PromptKind::RelicOffer { .. }
            | PromptKind::Teeth { .. }
            | PromptKind::AmbushGoOn => true,
            PromptKind::StartVillage
            | PromptKind::Marriage
            | PromptKind::Nominate(_)
            | PromptKind::Vote(_)
            | PromptKind::DiscardDraw
            | PromptKind::PlagueLosses { .. }
            | PromptKind::ChooseHeir { .. }
            | PromptKind::PlaceLord { .. }
            | PromptKind::PlayCards
            | PromptKind::RansomOffer { .. }
            | PromptKind::Purchase
            | PromptKind::Movement
            | PromptKind::Battles
            | PromptKind::Pillage
            | PromptKind::Window { .. }
            | PromptKind::BattleChoice { .. }
            | PromptKind::Losses { .. }
            | PromptKind::Targeted { .. }
            | PromptKind::UprisingJoin { .. }
            | PromptKind::UprisingStop { .. }
            | PromptKind::BattleSide { .. }
            | PromptKind::RelicUse { .. } => false,
        }
    }
}

/// Actions that may be taken "at any time" (ruling R-WINDOWS), checked by `check_any_time`.
pub fn is_any_time_action(a: &Action) -> bool {
    matches!(
        a,
        Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::PlayUprising { .. }
            | Action::SecretPassage(PassageUse::Battle | PassageUse::Escape(_))
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(_)
            | Action::PlayAmbush(_)
            | Action::Excommunicate(_)
            | Action::LiftExcommunication(_)
            | Action::RequestAnnulment(_)
            | Action::OfferDeniers { .. }
            | Action::OfferCard { .. }
            | Action::AskDeniers { .. }
            | Action::HandControl { .. }
            | Action::EndSiege(_)
            | Action::TakeRelic { .. }
            | Action::OfferRelic { .. }
    )
}

/// Who decides what now, and the rule it comes from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Prompt {
    pub player: PlayerId,
    pub kind: PromptKind,
    pub section: &'static str,
}

/// Who is asked, the decision, and the rulebook section it comes from.
pub(crate) type Asked = (PlayerId, PromptKind, &'static str);

impl Game {
    /// The decision the game is waiting for, or `None` once the game is over.
    pub fn prompt(&self) -> Option<Prompt> {
        let (player, kind, section) = match self.pending.last() {
            Some(p) => self.pending_prompt(p)?,
            None => self.phase_prompt()?,
        };
        Some(Prompt {
            player,
            kind,
            section,
        })
    }

    /// The decision a pending step waits for: an exhaustive match, so that a new kind of
    /// pending step makes the compiler ask who decides it.
    fn pending_prompt(&self, p: &Pending) -> Option<Asked> {
        Some(match *p {
            Pending::MarriageAnswer { .. }
            | Pending::RansomAnswer { .. }
            | Pending::GrantAnswer { .. }
            | Pending::PlacementLeave { .. }
            | Pending::CardinalConsent { .. }
            | Pending::Permission { .. }
            | Pending::Annulment { .. }
            | Pending::Deal { .. }
            | Pending::Truce { .. }
            | Pending::AmbushGoOn { .. }
            | Pending::Teeth { .. }
            | Pending::RelicPermission { .. }
            | Pending::RelicOffer { .. } => return self.question_prompt(p),
            Pending::PlagueLosses {
                player,
                village,
                losses,
            } => (
                player,
                PromptKind::PlagueLosses { village, losses },
                "2.3.3",
            ),
            Pending::ChooseHeir { player, fief } => {
                (player, PromptKind::ChooseHeir { fief }, "4.3.1")
            }
            Pending::PlaceLord { player, lord } => {
                (player, PromptKind::PlaceLord { lord }, "2.4.1")
            }
            Pending::RansomOffer { lord } => return self.ransom_offer_prompt(lord),
            Pending::Window { at, idx } => (self.in_turn(idx), PromptKind::Window { at }, "10.0"),
            // Settled by the engine as soon as they come to the top: nobody decides.
            Pending::PlagueStrike { .. } | Pending::PlagueEntry { .. } => return None,
            Pending::Battle => {
                let (p, k) = self.battle_prompt()?;
                (p, k, "6.0")
            }
            Pending::Losses {
                chooser,
                village,
                cost,
                lords,
                ..
            } => (
                chooser,
                PromptKind::Losses {
                    village,
                    cost,
                    lords,
                },
                "6.2.2",
            ),
            Pending::Targeted { card, target, .. } => (
                self.lord(target)?.owner,
                PromptKind::Targeted { card, target },
                "10.2.3",
            ),
            Pending::Uprising { .. } => {
                let (p, k) = self.uprising_prompt()?;
                (p, k, "10.1")
            }
            Pending::RelicUse { player, relic, .. } => {
                (player, PromptKind::RelicUse { relic }, "11.1.1")
            }
        })
    }

    /// The decision of the phase when nothing is pending.
    fn phase_prompt(&self) -> Option<Asked> {
        Some(match &self.phase {
            Phase::Setup { idx } => (self.in_turn(*idx), PromptKind::StartVillage, "4"),
            Phase::Marriage { idx } => (self.in_turn(*idx), PromptKind::Marriage, "1.1"),
            Phase::Elections { election: Some(e) } => {
                let sec = match e.kind {
                    ElectionKind::Bishop(_) => "1.4",
                    ElectionKind::Pope => "1.7",
                    ElectionKind::King => "1.8",
                };
                let p = self.in_turn(e.idx);
                if e.voting {
                    (p, PromptKind::Vote(e.kind), sec)
                } else {
                    (p, PromptKind::Nominate(e.kind), sec)
                }
            }
            Phase::Draw { idx, .. } => (self.in_turn(*idx), PromptKind::DiscardDraw, "2.1"),
            Phase::PlayCards { idx } => (self.in_turn(*idx), PromptKind::PlayCards, "2.4"),
            Phase::Purchase { idx, .. } => (self.in_turn(*idx), PromptKind::Purchase, "4.0"),
            Phase::Movement { idx } => (self.in_turn(*idx), PromptKind::Movement, "5.0"),
            Phase::Battles { idx, .. } => (self.in_turn(*idx), PromptKind::Battles, "6.0"),
            Phase::Pillage { idx } => (self.in_turn(*idx), PromptKind::Pillage, "6.5"),
            Phase::Elections { election: None }
            | Phase::Disasters { .. }
            | Phase::Income
            | Phase::Ransom
            | Phase::EndRound
            | Phase::GameOver => return None,
        })
    }
}
