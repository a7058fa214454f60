//! What an action is, in a few words, for the refusals a player reads ("Bountiful Harvest
//! is not a purchase"): never the action's notation, which is for files and command lines.

use super::actions::{Action, PassageUse};
use super::cards::{lord_name, Card};
use super::events::{term, Msg};

impl Action {
    /// The action in words: what kind of decision it is, or the card it plays.
    pub fn what(&self) -> Msg {
        if let Some(c) = self.card().filter(|_| {
            !matches!(
                self,
                Action::Discard(_) | Action::OfferCard { .. } | Action::JoinUprising
            )
        }) {
            return match c {
                Card::Lord(l) => msg!("playing the card of {lord}", lord = lord_name(l)),
                c => msg!("playing {card}", card = term(&c.name())),
            };
        }
        match self {
            Action::ChooseStart(_) => msg!("choosing a starting Village"),
            Action::ProposeMarriage { .. } => msg!("a marriage proposal"),
            Action::EndMarriages => msg!("ending the marriages"),
            Action::Accept | Action::Refuse => msg!("an answer to a question"),
            Action::Nominate(_) | Action::NoCandidate => msg!("a nomination"),
            Action::Vote { .. } => msg!("a vote"),
            Action::Discard(_) => msg!("a discard"),
            Action::DrawFortune | Action::DrawLord | Action::EndDraw => msg!("a draw"),
            Action::PlagueLoss { .. } => msg!("the Plague's losses"),
            Action::ChooseHeir(_) => msg!("choosing an heir"),
            Action::PlaceLord(_) => msg!("placing a Lord"),
            Action::EndPlayCards => msg!("ending Play Cards"),
            Action::OfferRansom { .. } | Action::NoRansom => msg!("a ransom offer"),
            Action::BuyMaa(_)
            | Action::BuyKnight(_)
            | Action::BuyMill(_)
            | Action::BuyStronghold(_)
            | Action::BuyTitle { .. }
            | Action::GrantTitle { .. }
            | Action::PassTitle { .. }
            | Action::BuyCardinal { .. }
            | Action::EndPurchase => msg!("a purchase"),
            Action::Move(_) | Action::EndMovement => msg!("a Move"),
            Action::DeclareBattle { .. } => msg!("an attack"),
            Action::JoinSide(_) => msg!("taking a side in a battle"),
            Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_) => msg!("a battle's choice"),
            Action::Casualty(_) => msg!("a casualty"),
            Action::DeclareSiege(_) => msg!("laying a siege"),
            Action::EndSiege(_) => msg!("ending a siege"),
            Action::EndBattles => msg!("ending the battles"),
            Action::Pillage(_) | Action::EndPillage => msg!("a pillage"),
            Action::TakeRelic { .. } | Action::OfferRelic { .. } | Action::RelicRoll { .. } => {
                msg!("a relic's use")
            }
            Action::Pass => msg!("passing"),
            Action::JoinUprising => msg!("joining an Uprising"),
            Action::TryStop { .. } => msg!("stopping an Uprising"),
            Action::SecretPassage(PassageUse::Cancel) => {
                msg!("playing {card}", card = term("Secret Passage"))
            }
            Action::Excommunicate(_) | Action::LiftExcommunication(_) => {
                msg!("an excommunication")
            }
            Action::RequestAnnulment(_) => msg!("a request for an annulment"),
            Action::OfferDeniers { .. } | Action::OfferCard { .. } | Action::AskDeniers { .. } => {
                msg!("a Diplomacy offer")
            }
            Action::HandControl { .. } => msg!("handing over a Village"),
            // Every card play is named by its card above.
            Action::PlayLord { .. }
            | Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::PlayHarvest(_)
            | Action::PlayGoodWeather(_)
            | Action::PlayTallage { .. }
            | Action::PlayTithe { .. }
            | Action::PlayUprising { .. }
            | Action::SecretPassage(_)
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(_)
            | Action::PlayAmbush(_) => msg!("playing a card"),
        }
    }
}
