//! Every choice a player can make, with a stable text notation used by scenario files,
//! the command line and replays.

use super::cards::PlayerId;
use super::cards::{fold, lord_name, Card, LordId, LORDS};
use crate::map::{BishopricId, FiefId, VillageId};
use serde::{Deserialize, Serialize};

/// How an army moves (5.0, 5.2, 10.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum MoveHow {
    #[default]
    Normal,
    /// 10.2.1: a Secret Passage card removes every need for permission (and allows one Move
    /// in Heavy Rain or out of a siege).
    Passage,
    /// 5.2: Lords and Knights fight their way through at once.
    Cavalcade,
    /// 5.0 with 8.0: a Move that asks permission offering this many Deniers (1 to 3) to each
    /// player asked; whoever lets the army pass takes them, spending a Diplomacy marker
    /// (none under Open Diplomacy, 11.3). A refusal closes the road for the phase, as any.
    Toll(u8),
}

impl MoveHow {
    /// The Deniers offered to each player asked for passage.
    pub fn toll(self) -> u8 {
        match self {
            MoveHow::Toll(n) => n,
            _ => 0,
        }
    }

    /// A Move that asks permission where it needs it (a plain one, or one with a toll).
    pub fn asks(self) -> bool {
        matches!(self, MoveHow::Normal | MoveHow::Toll(_))
    }
}

/// Lords named by an action, in the order the action names them: held inline up to 16
/// (a family has at most 4 Lords, and a player rarely holds more Captives in one Village), so
/// that listing thousands of Moves allocates nothing for them. Written as a plain list.
pub type LordList = smallvec::SmallVec<[LordId; 16]>;

/// The cards of one offer (8.0): held in place up to three, as many as a hand can take.
pub type CardList = smallvec::SmallVec<[Card; 3]>;

/// One Move of an army along one road (5.0).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveOrder {
    pub lords: LordList,
    pub to: VillageId,
    pub maa: u8,
    pub knights: u8,
    pub captives: LordList,
    pub how: MoveHow,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: the starting Village.
    ChooseStart(VillageId),
    /// 1.1.
    ProposeMarriage {
        groom: LordId,
        bride: LordId,
        /// 1.1 with 8.0: Deniers (0 to 3) the proposer gives with the proposal if it is
        /// accepted; the other player takes them with a Diplomacy marker.
        #[serde(default, skip_serializing_if = "is_zero")]
        dowry: u8,
    },
    EndMarriages,
    /// Yes to the question asked (a marriage, a lower ransom, the King's price, a Cardinal).
    Accept,
    /// No to the question asked.
    Refuse,
    /// 1.3 step 1.
    Nominate(LordId),
    NoCandidate,
    /// 1.3 step 2: FOR and DECOY markers, face down.
    Vote {
        for_lord: Option<LordId>,
        decoy: Option<LordId>,
    },
    /// 2.1.
    Discard(Card),
    DrawFortune,
    DrawLord,
    EndDraw,
    /// 2.3.3: how many of the Plague's losses are Knights (the rest are MaA).
    PlagueLoss {
        knights: u8,
    },
    /// 4.3.1: the Lord who takes a Fief Title.
    ChooseHeir(LordId),
    /// 2.4.1: where a freed Lord is placed.
    PlaceLord(VillageId),
    /// 2.4.1, 1.8.2.
    PlayLord {
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
    },
    /// 9.2.
    PlayCardinal {
        lord: LordId,
    },
    /// 9.1.
    PlayDarc {
        lady: LordId,
    },
    /// 2.4.2.
    PlayHarvest(BishopricId),
    /// 2.4.3.
    PlayGoodWeather(BishopricId),
    /// 2.4.5.
    PlayTallage {
        lord: LordId,
        fief: FiefId,
    },
    /// 2.4.6: `None` is the Pope's Tithe on every governed Bishopric.
    PlayTithe {
        lord: LordId,
        bishopric: Option<BishopricId>,
    },
    EndPlayCards,
    /// 6.2.4: the owner's offer; the full price is paid at once.
    OfferRansom {
        amount: u32,
    },
    /// 6.2.4: only when the full price cannot be paid.
    NoRansom,
    /// 4.1.
    BuyMaa(VillageId),
    BuyKnight(VillageId),
    /// 4.2.
    BuyMill(VillageId),
    BuyStronghold(VillageId),
    /// 4.3: buy the title for one of one's Lords, turning `city` into the Fortified City.
    BuyTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
    },
    /// 4.3, 1.8: the King's (or Queen Regent's) free title, with an optional price (FAQ, ruling R-KINGS-GRANT).
    GrantTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
        price: u32,
        village: Option<VillageId>,
    },
    /// 4.3: hand a Fief Title to another Lord of the family.
    PassTitle {
        fief: FiefId,
        to: LordId,
    },
    /// 4.4.
    BuyCardinal {
        lord: LordId,
    },
    EndPurchase,
    /// 5.0: one Move of an army along one road.
    Move(MoveOrder),
    EndMovement,
    /// 6.0: attack `against` in `village`.
    DeclareBattle {
        village: VillageId,
        against: PlayerId,
    },
    /// 6.0: with 3 or more players, take a side (0 attack, 1 defend) or stay out.
    JoinSide(Option<u8>),
    /// 6.1: roll (again).
    Fight,
    /// 6.3: the attacker of a fortification stops after a roll.
    EndBattle,
    /// 6.3: the side's Troops are disbanded and its Lords captured.
    Surrender,
    /// 6.3: ask every other player in the battle for a truce.
    ProposeTruce,
    /// 6.3, 8.0: ask for a truce offering each player of the other side 1 to 3 Deniers,
    /// taken with a Diplomacy marker when everyone has agreed.
    BuyTruce(u8),
    /// 6.2.2, 10.1: remove one casualty.
    Casualty(Casualty),
    /// 6.4.
    DeclareSiege(VillageId),
    /// 6.4.1: the besieger ends his siege (any time).
    EndSiege(VillageId),
    EndBattles,
    /// 6.5: remove one Mill for 1 Denier.
    Pillage(VillageId),
    /// 11.1: take a relic lying where the Lord stands (in one's Movement turn).
    TakeRelic {
        lord: LordId,
        relic: super::pieces::Relic,
    },
    /// 11.1, 8.0: offer a relic one holds to another player's Lord.
    OfferRelic {
        relic: super::pieces::Relic,
        to: PlayerId,
        lord: LordId,
    },
    /// 11.1.1: roll the Eyes (Heavy Rain) or the Bone (Famine) for one Bishopric's card.
    RelicRoll {
        relic: super::pieces::Relic,
        bishopric: BishopricId,
    },
    EndPillage,
    /// Nothing to play in a reaction window; no Secret Passage against a targeted card;
    /// no attempt to stop an Uprising.
    Pass,
    /// 10.1: `first` names whose Troops are hit first (ruling R-UPRISING-VICTIMS).
    PlayUprising {
        village: VillageId,
        first: Option<PlayerId>,
    },
    /// 10.1: add one's own Uprising card to the one being played.
    JoinUprising,
    /// 1.4, 1.5: try to stop the Uprising (a Cardinal pays 3 Deniers; a Bishop at home is free).
    TryStop {
        pay: bool,
    },
    /// 10.2.
    SecretPassage(PassageUse),
    /// 10.3.
    PlayAssassination {
        target: LordId,
        sponsor: LordId,
    },
    /// 10.4.
    PlayJustice(LordId),
    /// 10.5.
    PlayAmbush(LordId),
    /// 1.7.
    Excommunicate(LordId),
    LiftExcommunication(LordId),
    /// 1.7: ask the Pope to annul this Lord's marriage.
    RequestAnnulment(LordId),
    /// 8.0: offer up to 3 Deniers; the receiver spends a Diplomacy marker to accept.
    OfferDeniers {
        to: PlayerId,
        amount: u8,
    },
    /// 8.0: offer one or more cards (in card order); the receiver spends one Diplomacy
    /// marker to accept them all. Saves of format 3 and before name a single `card`.
    OfferCard {
        to: PlayerId,
        #[serde(alias = "card", deserialize_with = "one_or_more_cards")]
        cards: CardList,
    },
    /// 8.0: spend a Diplomacy marker to take up to 3 Deniers, if the giver agrees.
    AskDeniers {
        from: PlayerId,
        amount: u8,
    },
    /// 5.1: hand control of a Village to another player with units there.
    HandControl {
        village: VillageId,
        to: PlayerId,
    },
}

/// A casualty of a battle or Uprising (6.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Casualty {
    Maa(PlayerId),
    Knight(PlayerId),
    Lord(LordId),
}

/// The uses of a Secret Passage card outside movement (10.2.2, 10.2.3, 10.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PassageUse {
    /// The attacker ignores every fortification penalty for the whole battle.
    Battle,
    /// Cancels the penalty an Uprising suffers against a fortification.
    Uprising,
    /// Cancels the Assassination or Ambush that targets one's Lord.
    Cancel,
    /// One's Captives escape without ransom.
    Escape(Vec<LordId>),
}

pub(super) fn lord_key(l: LordId) -> String {
    if (l as usize) < LORDS.len() {
        fold(lord_name(l))
    } else {
        format!("lord#{l}")
    }
}

pub(super) fn lords_key(ls: &[LordId]) -> String {
    ls.iter()
        .map(|l| lord_key(*l))
        .collect::<Vec<_>>()
        .join("+")
}

impl Action {
    /// Whether the action closes a step or a reaction window ("Done", "Pass").
    pub fn ends_step(&self) -> bool {
        matches!(
            self,
            Action::EndMarriages
                | Action::EndDraw
                | Action::EndPlayCards
                | Action::EndPurchase
                | Action::EndMovement
                | Action::EndBattles
                | Action::EndPillage
                | Action::Pass
        )
    }

    /// The Deniers a truce proposal offers each player of the other side (0 for a free one);
    /// `None` for any other action.
    pub fn truce_price(&self) -> Option<u8> {
        match self {
            Action::ProposeTruce => Some(0),
            Action::BuyTruce(n) => Some(*n),
            _ => None,
        }
    }
}

impl Action {
    /// The card an action plays, discards or offers, if any (an offer of several cards:
    /// the first of them).
    pub fn card(&self) -> Option<Card> {
        Some(match self {
            Action::Discard(c) => *c,
            // An offer of several cards is listed under the first of them.
            Action::OfferCard { cards, .. } => *cards.first()?,
            Action::PlayLord { lord, .. } => Card::Lord(*lord),
            Action::PlayCardinal { .. } => Card::Cardinal,
            Action::PlayDarc { .. } => Card::Darc,
            Action::PlayHarvest(_) => Card::Harvest,
            Action::PlayGoodWeather(_) => Card::GoodWeather,
            Action::PlayTallage { .. } | Action::PlayTithe { .. } => Card::Taxes,
            Action::PlayUprising { .. } | Action::JoinUprising => Card::Uprising,
            Action::SecretPassage(
                PassageUse::Battle | PassageUse::Uprising | PassageUse::Escape(_),
            )
            | Action::SecretPassage(PassageUse::Cancel) => Card::SecretPassage,
            Action::PlayAssassination { .. } => Card::Assassination,
            Action::PlayJustice(_) => Card::Justice,
            Action::PlayAmbush(_) => Card::Ambush,
            _ => return None,
        })
    }
}

/// Reads the cards of an `OfferCard`: a list, or the single card of older saves.
fn one_or_more_cards<'de, D: serde::Deserializer<'de>>(d: D) -> Result<CardList, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMore {
        One(Card),
        More(CardList),
    }
    Ok(match OneOrMore::deserialize(d)? {
        OneOrMore::One(c) => CardList::from_slice(&[c]),
        OneOrMore::More(cs) => cs,
    })
}
