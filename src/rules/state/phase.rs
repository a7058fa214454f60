//! Where the round stands (`Phase`), when a reaction window opens (`WindowAt`), and the
//! decisions that interrupt the normal flow and must be answered first (`Pending`).

use super::{is_zero, Election, Troops};
use crate::map::{BishopricId, FiefId, VillageId};
use crate::rules::actions::MoveOrder;
use crate::rules::cards::PlayerId;
use crate::rules::cards::{Card, LordId};
use crate::rules::pieces::Relic;
use serde::{Deserialize, Serialize};

/// Where the round stands. Each step that waits for a player names the position in turn
/// order (`idx`, 0 = the First Player) of the player whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup: starting Villages chosen in turn order.
    Setup {
        idx: u8,
    },
    /// Phase 1 (a): marriages (1.1).
    Marriage {
        idx: u8,
    },
    /// Phase 1 (b)–(d): the election under way, if any.
    Elections {
        election: Option<Election>,
    },
    /// Phase 2 (a): discard, then draw (2.1).
    Draw {
        idx: u8,
        fortune: u8,
        lord: u8,
        drawing: bool,
    },
    /// Phase 2 (b): resolving the Disaster track space by space (2.3).
    Disasters {
        slot: u8,
    },
    /// Phase 2 (c): Play Cards (2.4).
    PlayCards {
        idx: u8,
    },
    /// Phase 3: Income (simultaneous).
    Income,
    /// Phase 4 (a): Ransoms, one Captive at a time (6.2.4).
    Ransom,
    /// Phase 4 (b): purchases in turn order; `placed` counts new Troops per Village (4.1).
    Purchase {
        idx: u8,
        placed: Vec<(VillageId, u8)>,
    },
    /// Phase 5: each player in turn order moves all his Lords and Troops (5.0).
    Movement {
        idx: u8,
    },
    /// Phase 6: each player in turn order declares battles, then sieges (6.0, 6.4);
    /// `fought` lists the Villages he has attacked this turn, `sieged` that he began sieging.
    Battles {
        idx: u8,
        fought: Vec<VillageId>,
        sieged: bool,
    },
    /// 6.5: after all battles, pillage in turn order.
    Pillage {
        idx: u8,
    },
    EndRound,
    GameOver,
}

impl Phase {
    /// The phase's number in the rulebook's round (1–7); 0 for the setup, 8 once the game is
    /// over.
    pub fn number(&self) -> u8 {
        match self {
            Phase::Setup { .. } => 0,
            Phase::Marriage { .. } | Phase::Elections { .. } => 1,
            Phase::Draw { .. } | Phase::Disasters { .. } | Phase::PlayCards { .. } => 2,
            Phase::Income => 3,
            Phase::Ransom | Phase::Purchase { .. } => 4,
            Phase::Movement { .. } => 5,
            Phase::Battles { .. } | Phase::Pillage { .. } => 6,
            Phase::EndRound => 7,
            Phase::GameOver => 8,
        }
    }
}

/// When a reaction window opens (ruling R-WINDOWS): holders of "any time" cards may play them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowAt {
    /// The start of a phase (its number 1–7).
    Phase(u8),
    /// Before a battle roll in the Village.
    BattleRoll(VillageId),
}

/// Stage of an Uprising (10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UprisingStep {
    /// Players in turn order may add an Uprising card or a Secret Passage.
    Join(u8),
    /// The Bishop, then the Cardinals, may try to stop it (1.4, 1.5; ruling R-UPRISING-STOP).
    Stop(u8),
    /// The dice are rolled and the hits allocated (automatic).
    Resolve,
    /// After the losses: Lords, Mills and a Stronghold may go (automatic).
    Aftermath,
}

/// A decision that interrupts the normal flow and must be answered first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// 1.1: the bride's or groom's player answers a proposal.
    MarriageAnswer {
        proposer: PlayerId,
        groom: LordId,
        bride: LordId,
        /// 8.0: Deniers the proposer gives on a yes (absent in older saves).
        #[serde(default, skip_serializing_if = "is_zero")]
        dowry: u8,
    },
    /// 2.3.3: the Plague halves the armies of `bishopric` once the deaths of its rolls are
    /// settled (a Lord at death's door waits for the Teeth, 11.1.1). Settled by the engine.
    PlagueStrike { bishopric: BishopricId },
    /// 2.3.3: the Plague halves `group` of `player`'s Troops, who entered `village`, once the
    /// deaths of their Lords' rolls are settled. Settled by the engine.
    PlagueEntry {
        player: PlayerId,
        village: VillageId,
        group: Troops,
    },
    /// 2.3.3: the owner picks which counters the Plague takes.
    PlagueLosses {
        player: PlayerId,
        village: VillageId,
        losses: u8,
    },
    /// 4.3.1, ruling R-HEIR-CHOICE: the receiving player picks the Lord who takes a Fief Title.
    ChooseHeir { player: PlayerId, fief: FiefId },
    /// 2.4.1 placement order for a freed or escaped Lord.
    PlaceLord { player: PlayerId, lord: LordId },
    /// 6.2.4: the captive's owner offers a ransom (the full price, or less).
    RansomOffer { lord: LordId },
    /// 6.2.4: the captor accepts or refuses a lower offer.
    RansomAnswer { lord: LordId, amount: u32 },
    /// 4.3 FAQ, ruling R-KINGS-GRANT: a Lord's player answers the King's offer of a free title at a price.
    GrantAnswer {
        king_player: PlayerId,
        fief: FiefId,
        lord: LordId,
        city: VillageId,
        price: u32,
        village: Option<VillageId>,
    },
    /// FAQ (no units on the map), ruling R-NEWLORD-LEAVE: the player who controls `village`
    /// gives (or refuses) leave to place `player`'s new Lord there.
    PlacementLeave {
        player: PlayerId,
        host: PlayerId,
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
    },
    /// 1.5, 1.7: the Pope's player consents to (or blocks) a new Cardinal.
    CardinalConsent {
        player: PlayerId,
        lord: LordId,
        purchased: bool,
    },
    /// A reaction window: players in turn order from `idx` may play "any time" cards.
    Window { at: WindowAt, idx: u8 },
    /// A battle is being fought (its state is in `Game::battle`).
    Battle,
    /// `chooser` removes casualties among `players`' units in `village`: Troops worth exactly
    /// `cost` hits, then `lords` Lords (6.2.2, 10.1).
    Losses {
        chooser: PlayerId,
        village: VillageId,
        players: Vec<PlayerId>,
        cost: u32,
        lords: u8,
    },
    /// 5.0: a Move waits for permission; the last player of `askees` answers next. Those
    /// who agreed to a toll (`agreed`) take it once every player asked has agreed (ruling
    /// R-PRICED-DEALS).
    Permission {
        mover: PlayerId,
        from: VillageId,
        order: MoveOrder,
        askees: Vec<PlayerId>,
        #[serde(default)]
        agreed: Vec<PlayerId>,
    },
    /// 10.3, 10.5: an Assassination or Ambush targets a Lord; his owner may answer with a
    /// Secret Passage (10.2.3).
    Targeted {
        card: Card,
        by: PlayerId,
        target: LordId,
    },
    /// 10.1: an Uprising on `village`, played by `cards` (one entry per card).
    Uprising {
        village: VillageId,
        first: Option<PlayerId>,
        cards: Vec<PlayerId>,
        passage: bool,
        step: UprisingStep,
        stoppers: Vec<LordId>,
    },
    /// 1.7: a spouse's player asks the Pope to annul a marriage.
    Annulment { requester: PlayerId, lord: LordId },
    /// 8.0: a transfer of Deniers or a card from `giver` to `receiver`, answered by `answerer`.
    Deal {
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: Vec<Card>,
        answerer: PlayerId,
    },
    /// 6.3: a truce proposed by `proposer`; the last of `askees` answers next.
    Truce {
        proposer: PlayerId,
        askees: Vec<PlayerId>,
        /// 6.3, 8.0: Deniers offered to each player of the other side (0: none).
        #[serde(default, skip_serializing_if = "is_zero")]
        price: u8,
    },
    /// 10.5: the ambusher took the other side's last Lord and decides whether the battle goes on.
    AmbushGoOn { player: PlayerId },
    /// 11.1: `player`'s `lord` would take `relic`; `answerer` controls the Village.
    RelicPermission {
        player: PlayerId,
        lord: LordId,
        relic: Relic,
        answerer: PlayerId,
    },
    /// 11.1, 8.0: `giver` offers `relic` to `lord`, of `answerer`.
    RelicOffer {
        giver: PlayerId,
        relic: Relic,
        lord: LordId,
        answerer: PlayerId,
    },
    /// 11.1.1: `lord` is about to die and the Teeth of Saint Géronce, held by a Lord of his
    /// family or of its ally's, could save him: their holder's player decides. Until then
    /// the Lord is at death's door: still on the board, asked about before anything else.
    Teeth { lord: LordId },
    /// 11.1.1: the end of Play Cards; `player` may roll the Eyes or the Bone for each card.
    RelicUse {
        player: PlayerId,
        relic: Relic,
        tried: Vec<BishopricId>,
    },
}
