//! The memories of one round (`RoundMemory`): offers and requests made or refused that may not
//! be repeated in it; the words said at the table (`Remark`); the last election's count.

use super::{copied, is_zero, Election};
use crate::map::{FiefId, VillageId};
use crate::rules::cards::PlayerId;
use crate::rules::cards::{Card, LordId};
use crate::rules::pieces::Relic;
use serde::{Deserialize, Serialize};

/// 8.0: one Diplomacy offer as made: who gives, who receives, and what (Deniers, cards in
/// card order, or a relic for one of the receiver's Lords). The same offer is made at most
/// once a round, so a refused offer is not asked again and again; any other offer may be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealOffer {
    pub giver: PlayerId,
    pub receiver: PlayerId,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deniers: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Card>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relic: Option<Relic>,
}

/// A player's words at the table, not a rule: a bot's reason for its answer to another
/// player's question (`Game::remark`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remark {
    /// How many actions of the history came before it.
    pub at: u32,
    pub player: PlayerId,
    /// The rule the question came from.
    pub section: String,
    /// The reason, a clause ("the toll is worth the passage").
    pub why: crate::rules::events::Msg,
}

/// The memories of one round, forgotten together when the next begins (`Default`): requests
/// made or refused that may not be repeated in the round, so that no question is asked for
/// ever.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundMemory {
    /// 1.1: marriage proposals already made (no repeating a refused proposal).
    pub proposals: Vec<(LordId, LordId)>,
    /// 4.3: the King's free-title offers already made: (Fief, Lord).
    pub grant_offers: Vec<(FiefId, LordId)>,
    /// 1.7: whether the Pope has excommunicated someone.
    pub excommunicated: bool,
    /// 1.7: annulments asked (the Lord).
    pub asked_annulments: Vec<LordId>,
    /// 8.0: Diplomacy offers made (each exact offer once).
    pub asked_deals: Vec<DealOffer>,
    /// 1.5, 1.7: Lords the Pope refused to make Cardinal.
    pub refused_cardinals: Vec<LordId>,
    /// 2.4.1, ruling R-NEWLORD-LEAVE: Villages whose controller refused to take in a player's
    /// new Lord (the player, the Village).
    pub refused_placements: Vec<(PlayerId, VillageId)>,
    /// 4.3: Fief Titles handed between a family's Lords this round (a bot hands each on once
    /// a round at most; a player may as often as he likes).
    pub passed_titles: Vec<FiefId>,
    /// 5.1: Villages whose control has been handed over.
    pub handed: Vec<VillageId>,
    /// 11.1: relic takings refused.
    pub relic_asks: Vec<(LordId, Relic)>,
}

/// Written out so that empty lists (most of them, most of the time) cost nothing to copy, and
/// so that a copy made into a held one keeps its lists' room. Every field is named, so that a
/// field added later cannot be left out. (Held in place as `SmallVec`s, copied with
/// `from_slice`, they made a lean copy no faster: 8 lists of mostly nothing cost more to copy
/// in place than the few that are not empty cost to allocate.)
impl Clone for RoundMemory {
    // Not a `clone_from` into an empty one: `Vec::clone_from` costs far more than `copied`
    // when both lists are empty (a lean copy took 2,835 instructions against 2,455).
    fn clone(&self) -> RoundMemory {
        let RoundMemory {
            proposals,
            grant_offers,
            excommunicated,
            asked_annulments,
            asked_deals,
            refused_cardinals,
            refused_placements,
            passed_titles,
            handed,
            relic_asks,
        } = self;
        RoundMemory {
            proposals: copied(proposals),
            grant_offers: copied(grant_offers),
            excommunicated: *excommunicated,
            asked_annulments: copied(asked_annulments),
            asked_deals: copied(asked_deals),
            refused_cardinals: copied(refused_cardinals),
            refused_placements: copied(refused_placements),
            passed_titles: copied(passed_titles),
            handed: copied(handed),
            relic_asks: copied(relic_asks),
        }
    }

    fn clone_from(&mut self, from: &RoundMemory) {
        let RoundMemory {
            proposals,
            grant_offers,
            excommunicated,
            asked_annulments,
            asked_deals,
            refused_cardinals,
            refused_placements,
            passed_titles,
            handed,
            relic_asks,
        } = self;
        proposals.clone_from(&from.proposals);
        grant_offers.clone_from(&from.grant_offers);
        *excommunicated = from.excommunicated;
        asked_annulments.clone_from(&from.asked_annulments);
        asked_deals.clone_from(&from.asked_deals);
        refused_cardinals.clone_from(&from.refused_cardinals);
        refused_placements.clone_from(&from.refused_placements);
        passed_titles.clone_from(&from.passed_titles);
        handed.clone_from(&from.handed);
        relic_asks.clone_from(&from.relic_asks);
    }
}

/// The result of counting an election's FOR votes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Count {
    /// FOR votes per candidate, in nomination order.
    pub totals: Vec<(LordId, u32)>,
    pub winner: Option<LordId>,
    /// The rule that decided the result, in words (English).
    pub reason: String,
    /// The same, for translation.
    #[serde(default)]
    pub why: crate::rules::events::Msg,
}

/// A decided election with its ballots face up, kept for the results display (1.3 step 3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ElectionResult {
    pub round: u16,
    /// "Bishop of ...", "Pope", "King".
    pub name: String,
    pub section: String,
    pub election: Election,
    /// Each ballot's weight, in ballot order.
    pub weights: Vec<u32>,
    pub count: Count,
}
