//! Why a card in a player's hand cannot be played now (2.4, 9.0, 10.0): the rule that says
//! when the card is played, or the engine's refusal of the plays it would list for the card,
//! or, when it would list none, what the card lacks. The window says it on a card's tooltip.

use super::actions::Action;
use super::cards::Card;
use super::state::*;
use super::{PromptKind, RuleError};

impl Game {
    /// Why `p` cannot play card `c` now; `None` when some play of it is legal now.
    pub fn why_card_blocked(&self, p: PlayerId, c: Card) -> Option<RuleError> {
        if let Err(e) = self.holds(p, c) {
            return Some(e);
        }
        // 2.1: a Disaster is laid on the board as it is drawn, never kept in a hand.
        if c.is_disaster() {
            return Some(RuleError::new(
                "2.1",
                "a Disaster card is never played from a hand",
            ));
        }
        let plays_it = |a: &Action| {
            a.card() == Some(c) && !matches!(a, Action::Discard(_) | Action::OfferCard { .. })
        };
        if self.legal_actions(p).iter().any(plays_it) {
            return None;
        }
        let mut plays = Vec::new();
        if matches!(
            c,
            Card::Lord(_) | Card::Harvest | Card::GoodWeather | Card::Taxes
        ) {
            // 2.4: these are played in the Play Cards step of Phase 2, each player on his turn.
            let own_turn = self
                .prompt()
                .is_some_and(|pr| pr.player == p && pr.kind == PromptKind::PlayCards);
            if !own_turn {
                return Some(RuleError::new(
                    "2.4",
                    "this card is played in the Play Cards step of Phase 2, on your own turn",
                ));
            }
            self.play_card_candidates(p, &mut plays);
        } else {
            self.card_candidates(p, &mut plays);
        }
        plays.retain(plays_it);
        if let Some(e) = plays.iter().find_map(|a| self.check(p, a).err()) {
            return Some(e);
        }
        Some(match c {
            Card::Lord(_) => RuleError::new("2.4.1", "no Village of yours can receive a new Lord"),
            Card::Taxes => RuleError::new("2.4.4", "none of your Lords may raise a tax now"),
            Card::Cardinal => RuleError::new("9.2", "there is no Bishop to make Cardinal"),
            Card::Uprising => RuleError::new("10.1", "no Village is open to an Uprising now"),
            Card::Assassination => {
                RuleError::new("10.3", "you need a Lord of your own to pay the Assassin")
            }
            Card::Justice => RuleError::new("10.4", "no Lord bears an Assassin marker"),
            Card::Ambush => RuleError::new("10.5", "Ambush is played during a battle"),
            // A play is always listed for the rest (every Lady, every Bishopric, a battle's
            // Secret Passage); their refusal came above.
            _ => RuleError::new("2.4", "this card cannot be played now"),
        })
    }
}
