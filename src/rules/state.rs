//! The game state. Plain data: small integer ids, no shared mutability;
//! the static map sits behind an `Arc` so that cloning a game is cheap.

use super::cards::{Card, LordId, Pile};
use super::events::Event;
use super::rng::Rng;
use crate::map::{BishopricId, FiefId, Map, VillageId, BISHOPRIC_COUNT, FIEF_COUNT};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

pub use super::actions::{MoveHow, MoveOrder};
pub use super::cards::PlayerId;
pub use super::pieces::{Relic, RelicAt, RelicState};
pub const MAX_PLAYERS: usize = 6;
/// The longest name a player may have, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// Player colours: the five named in the rulebook, and red for the sixth (ruling R-COMPONENTS).
pub const COLOURS: [&str; 6] = ["Green", "Blue", "Magenta", "White", "Yellow", "Red"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub players: u8,
    pub names: Vec<String>,
    pub seed: u64,
    /// Hits shown on the six faces of the battle die (ruling R-DICE-TABLE).
    pub battle_die: [u8; 6],
    /// Ends the game after this many rounds by the tie-break order (for bots and tests).
    pub round_cap: Option<u16>,
    /// The seat that takes the First Player card; `None` draws it with the seeded RNG (Setup,
    /// ruling R-FIRST-PLAYER).
    pub first_player: Option<u8>,
    /// Each seat's colour, as an index into `COLOURS` (empty: seat order). Chosen in the
    /// new-game dialog; all different.
    pub colours: Vec<u8>,
    /// Optional rule 11.1: the five Holy Relics on the principal Villages.
    pub relics: bool,
    /// Optional rule 11.2: the Troops of a stack are hidden from the other players until a
    /// battle begins there; purchases are announced without their place.
    pub fog_of_war: bool,
    /// Optional rule 11.3: no Diplomacy markers; money and cards change hands freely.
    pub open_diplomacy: bool,
    /// FAQ: each player's Deniers are hidden from the others.
    pub hidden_money: bool,
    /// 2.3 note for new players: the Disasters of the first round are discarded unresolved.
    pub gentle_start: bool,
    /// A game played across computers (docs/network.md): its dice and cards come from
    /// ChaCha20, and the host promises its seed at the start with this seal. `None` for a game
    /// at one computer (PCG32, as every save before).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sealed: Option<Seal>,
}

/// What the host keeps secret beside the seed of a sealed game: the salt of its promise (a
/// hash of seed and salt shown when the table is made, both shown when the game is over).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    /// 32 hexadecimal digits from the operating system (empty in what a player is sent).
    pub salt: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 4,
            names: Vec::new(),
            seed: 0,
            battle_die: [1, 1, 1, 2, 2, 3],
            round_cap: None,
            first_player: None,
            colours: Vec::new(),
            relics: false,
            fog_of_war: false,
            open_diplomacy: false,
            hidden_money: false,
            gentle_start: false,
            sealed: None,
        }
    }
}

impl Options {
    pub fn player_name(&self, p: PlayerId) -> String {
        self.names
            .get(p as usize)
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| COLOURS[self.colour(p)].to_string())
    }

    /// The index in `COLOURS` of a seat's colour.
    pub fn colour(&self, p: PlayerId) -> usize {
        self.colours
            .get(p as usize)
            .map(|&c| c as usize % MAX_PLAYERS)
            .unwrap_or(p as usize % MAX_PLAYERS)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Fort {
    #[default]
    None,
    Stronghold,
    /// A Stronghold turned to its Fortified City side when the Fief's title is taken (4.3).
    City,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Troops {
    pub maa: u8,
    pub knights: u8,
}

impl Troops {
    pub fn count(self) -> u8 {
        self.maa + self.knights
    }
    /// 6.2: 1 SP per MaA, 3 per Knight.
    pub fn sp(self) -> u32 {
        self.maa as u32 + 3 * self.knights as u32
    }
}

/// A Village as the game stands. `Copy`, so that a copy of the game copies every Village
/// in one go (the bots copy games all the time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VillageState {
    pub controller: Option<PlayerId>,
    pub mills: u8,
    pub fort: Fort,
    pub troops: [Troops; MAX_PLAYERS],
    /// 5.1: the road each non-controlling stack came in by.
    pub entry: [Option<VillageId>; MAX_PLAYERS],
    /// 6.4: the player besieging the fortification here, if any.
    pub besieger: Option<PlayerId>,
    /// 6.4: Siege Engines here, per player: 0 none, 1 or 2 dice side.
    pub engines: [u8; MAX_PLAYERS],
    /// 6.4: the round in which each player's engine here was placed (flipped a round later).
    pub engine_round: [u16; MAX_PLAYERS],
}

/// A Lord in play. `Copy`, as `VillageState` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lord {
    pub id: LordId,
    pub owner: PlayerId,
    pub village: VillageId,
    /// The player holding this Lord captive (6.2.3).
    pub captor: Option<PlayerId>,
    pub spouse: Option<LordId>,
    pub excommunicated: bool,
    pub assassin: bool,
}

impl Lord {
    /// A Lord coming into play for `owner` in `village`: free, unmarried, unmarked.
    pub fn new(id: LordId, owner: PlayerId, village: VillageId) -> Lord {
        Lord {
            id,
            owner,
            village,
            captor: None,
            spouse: None,
            excommunicated: false,
            assassin: false,
        }
    }
}

/// The Lords in play, in the order they came into play (the order every rule that goes
/// through them uses), with where each one stands in that order kept by his id, so that
/// `Game::lord` reads his place rather than searching the list: the rules and the bots look
/// Lords up by id all the time.
///
/// Read as a slice of `Lord`s (and changed in place as one); a Lord comes into play with
/// `push`, leaves it with `remove`. Every place read is checked against the id it is read
/// for, so a place gone stale (the list changed in place) can only make a lookup search, never
/// find the wrong Lord. Written and read in files as the plain list.
#[derive(Debug, Clone, Default)]
pub struct Lords {
    list: Vec<Lord>,
    /// `at[id]`: the place of Lord `id` in `list` (any value when he is not in play).
    at: [u8; LORD_IDS],
}

/// Lord ids the places are kept for: every Lord card (1.0); a larger id is searched for.
const LORD_IDS: usize = super::cards::LORDS.len();

impl Lords {
    /// Where the Lord with this id stands, if he is in play: his kept place when it still
    /// holds him, else found by a search.
    fn place(&self, id: LordId) -> Option<usize> {
        match self.at.get(id as usize) {
            Some(&i) if self.list.get(i as usize).is_some_and(|l| l.id == id) => Some(i as usize),
            _ => self.list.iter().position(|l| l.id == id),
        }
    }

    /// The Lord with this id, if he is in play.
    pub fn by_id(&self, id: LordId) -> Option<&Lord> {
        self.list.get(self.place(id)?)
    }

    pub fn by_id_mut(&mut self, id: LordId) -> Option<&mut Lord> {
        let i = self.place(id)?;
        self.list.get_mut(i)
    }

    /// A Lord comes into play, after the others.
    pub fn push(&mut self, l: Lord) {
        self.list.push(l);
        self.reindex();
    }

    /// The Lord at place `i` leaves play; those after him move up.
    pub fn remove(&mut self, i: usize) -> Lord {
        let l = self.list.remove(i);
        self.reindex();
        l
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }

    fn reindex(&mut self) {
        // From the last to the first, so that the first of a (corrupt) repeated id is the one
        // found, as a search finds it.
        for (i, l) in self.list.iter().enumerate().rev() {
            if let Some(at) = self.at.get_mut(l.id as usize) {
                *at = i as u8;
            }
        }
    }
}

impl From<Vec<Lord>> for Lords {
    fn from(list: Vec<Lord>) -> Lords {
        let mut lords = Lords {
            list,
            at: [0; LORD_IDS],
        };
        lords.reindex();
        lords
    }
}

impl std::ops::Deref for Lords {
    type Target = [Lord];
    fn deref(&self) -> &[Lord] {
        &self.list
    }
}

impl std::ops::DerefMut for Lords {
    fn deref_mut(&mut self) -> &mut [Lord] {
        &mut self.list
    }
}

impl<'a> IntoIterator for &'a Lords {
    type Item = &'a Lord;
    type IntoIter = std::slice::Iter<'a, Lord>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Lords {
    type Item = &'a mut Lord;
    type IntoIter = std::slice::IterMut<'a, Lord>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter_mut()
    }
}

impl PartialEq for Lords {
    fn eq(&self, other: &Lords) -> bool {
        self.list == other.list
    }
}

impl Eq for Lords {}

impl Serialize for Lords {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Lords {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lords, D::Error> {
        Vec::<Lord>::deserialize(d).map(Lords::from)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardinalSource {
    /// A Cardinal card (9.2); the card goes to the Lords discard pile when he dies.
    Card,
    /// The purchasable Biretta (4.4).
    Purchased,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Titles {
    pub fief: [Option<LordId>; FIEF_COUNT],
    /// 4.3.1: a title back on the map that this family may reclaim free with a new Lord.
    pub fief_reclaim: [Option<PlayerId>; FIEF_COUNT],
    pub bishop: [Option<LordId>; BISHOPRIC_COUNT],
    /// The round in which each Bishop was elected (1.4: votes count from the next round).
    pub bishop_round: [u16; BISHOPRIC_COUNT],
    pub cardinals: Vec<(LordId, CardinalSource)>,
    pub pope: Option<LordId>,
    pub king: Option<LordId>,
    pub queen: Option<LordId>,
    /// 1.8.1: the Queen rules as Regent after the King's death without a Crown Prince.
    pub regent: bool,
    pub crown_prince: Option<LordId>,
    pub darc: Option<LordId>,
}

/// A player's cards in hand: held in place up to four (a hand keeps three, 2.1, and may hold
/// one more for a moment), so that a copy of the game allocates nothing for them.
pub type Hand = smallvec::SmallVec<[Card; 4]>;

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub money: u32,
    pub hand: Hand,
    /// Stockpile left on the Family Board (Setup).
    pub stock_maa: u8,
    pub stock_knights: u8,
    pub stock_engines: u8,
    pub diplomacy: u8,
    pub tax_markers: u8,
}

/// Written out so that the hand is copied as the plain values cards are, not card by card
/// (every copy of a game copies every hand). Every field is named, so that a field added
/// later cannot be left out.
impl Clone for Player {
    fn clone(&self) -> Player {
        let Player {
            money,
            hand,
            stock_maa,
            stock_knights,
            stock_engines,
            diplomacy,
            tax_markers,
        } = self;
        Player {
            money: *money,
            hand: Hand::from_slice(hand),
            stock_maa: *stock_maa,
            stock_knights: *stock_knights,
            stock_engines: *stock_engines,
            diplomacy: *diplomacy,
            tax_markers: *tax_markers,
        }
    }
}

impl Player {
    pub fn new() -> Player {
        Player {
            money: 5,
            hand: Hand::new(),
            stock_maa: 13,
            stock_knights: 8,
            stock_engines: 2,
            diplomacy: 3,
            tax_markers: 3,
        }
    }
}

impl Default for Player {
    fn default() -> Self {
        Player::new()
    }
}

/// Fortune and Disaster cards lying by a Bishopric's number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BishopricCards {
    pub harvest: bool,
    pub good_weather: bool,
    pub heavy_rain: bool,
    pub famine: bool,
    pub plague: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaxTarget {
    /// Tallage on a Fief (2.4.5).
    Tallage(FiefId),
    /// Tithe on one Bishopric (2.4.6).
    Tithe(BishopricId),
}

/// Under which title a tax was raised: it decides Tithe priority and who is paid (2.4.6, 3.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaxRole {
    FiefLord,
    King,
    Bishop,
    Cardinal,
    Pope,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tax {
    pub player: PlayerId,
    pub lord: LordId,
    pub role: TaxRole,
    pub target: TaxTarget,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ElectionKind {
    Bishop(BishopricId),
    Pope,
    King,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ballot {
    pub player: PlayerId,
    pub for_lord: Option<LordId>,
    pub decoy: Option<LordId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Election {
    pub kind: ElectionKind,
    /// Candidates in nomination order: (player, Lord).
    pub candidates: Vec<(PlayerId, LordId)>,
    /// Secret ballots, revealed together when all are in (1.3).
    pub ballots: Vec<Ballot>,
    pub voting: bool,
    /// Position in turn order of the player to nominate or vote next.
    pub idx: u8,
}

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

/// A Lord's movement so far this phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LordMove {
    pub lord: LordId,
    pub used: u8,
    /// Every Move so far was made together with the d'ARC Lady (9.1: +1 Move).
    pub with_darc: bool,
    /// The Village he last came from (going back needs no permission, 5.0).
    pub came_from: Option<VillageId>,
    /// His movement is over (a failed Cavalcade, 5.2).
    pub done: bool,
}

/// Troops that have travelled with a Lord this phase: they may go on only with him (5.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TroopGroup {
    pub village: VillageId,
    pub player: PlayerId,
    pub lord: LordId,
    pub troops: Troops,
}

/// Bookkeeping of the Movement phase (5.0–5.2, 2.3.3).
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveState {
    /// Held in place, as the groups are: a copy of the game copies them as plain bytes.
    pub lords: SmallVec<[LordMove; 8]>,
    pub groups: SmallVec<[TroopGroup; 8]>,
    /// Permission refused: (mover, from, to) — not asked again this phase, unless for a
    /// higher toll than any refused on that road (`refused_tolls`).
    pub refused: Vec<(PlayerId, VillageId, VillageId)>,
    /// 5.0, 8.0: the highest toll refused on each road this phase (mover, from, to, toll); a
    /// request may be made again only with a higher one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused_tolls: Vec<(PlayerId, VillageId, VillageId, u8)>,
    /// Lords who already rolled against the Plague of a Bishopric this round.
    pub plague_rolled: Vec<(LordId, BishopricId)>,
    /// 5.2: a victorious Cavalcade must go on: its Lords and where they stand.
    pub onward: Option<(Vec<LordId>, VillageId)>,
}

/// Written out as `RoundMemory`'s is: the lists held in place are copied as plain bytes
/// (`SmallVec::from_slice`; a `SmallVec`'s own clone goes item by item), the others cost
/// nothing when empty (`copied`), and a copy made into a held one keeps their room. Every
/// field is named, so that a field added later cannot be left out.
impl Clone for MoveState {
    fn clone(&self) -> MoveState {
        let MoveState {
            lords,
            groups,
            refused,
            refused_tolls,
            plague_rolled,
            onward,
        } = self;
        MoveState {
            lords: SmallVec::from_slice(lords),
            groups: SmallVec::from_slice(groups),
            refused: copied(refused),
            refused_tolls: copied(refused_tolls),
            plague_rolled: copied(plague_rolled),
            onward: onward.clone(),
        }
    }

    fn clone_from(&mut self, from: &MoveState) {
        let MoveState {
            lords,
            groups,
            refused,
            refused_tolls,
            plague_rolled,
            onward,
        } = self;
        *lords = SmallVec::from_slice(&from.lords);
        *groups = SmallVec::from_slice(&from.groups);
        refused.clone_from(&from.refused);
        refused_tolls.clone_from(&from.refused_tolls);
        plague_rolled.clone_from(&from.plague_rolled);
        onward.clone_from(&from.onward);
    }
}

/// Where a battle stands (6.0–6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleStep {
    /// With 3 or more players present, each other player chooses a side (6.0).
    Sides { idx: u8 },
    /// The reaction window before a roll.
    Window,
    /// The attacking side fights on, ends the battle (fortification), surrenders or asks a truce.
    Attacker,
    /// The defending side fights on, surrenders or asks a truce.
    Defender,
    /// Dice are rolled (automatic).
    Roll,
    /// Losses taken; captures and the end of the battle are checked (automatic).
    After,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub village: VillageId,
    /// The declaring player and his target: they lead the sides unless they leave them.
    pub roles: [PlayerId; 2],
    /// Players on each side: 0 attacks, 1 defends.
    pub sides: [Vec<PlayerId>; 2],
    pub rolls: u8,
    /// Rolls in a row in which nobody lost anything (6.1: 3 end the battle). Saved as
    /// "quiet", its name in earlier versions.
    #[serde(rename = "quiet")]
    pub rolls_without_losses: u8,
    /// 10.2.2: the attacker's Secret Passage cancels every penalty.
    pub passage: bool,
    /// 5.2: the Lords of a Cavalcade; the defender adds +1 hit per die.
    pub cavalcade: Option<Vec<LordId>>,
    /// 5.2: the Move a Cavalcade breaking out of a siege or a held road makes if it wins.
    pub onward: Option<MoveOrder>,
    pub step: BattleStep,
    /// Hits scored by each side in the last roll.
    pub hits: [u32; 2],
    /// A side asked for a truce in this roll (one proposal per side per roll, then only for
    /// a higher price).
    pub truce_asked: [bool; 2],
    /// The price each side last offered for a truce in this roll (0: none or free).
    #[serde(default)]
    pub truce_price: [u8; 2],
    /// Units counted before the last roll, to tell whether anyone lost anything.
    pub before: u32,
    /// Who controlled the Village when the battle began (6.3).
    pub controller_before: Option<PlayerId>,
    /// The faces (hits) each side's dice showed in the last roll, for the battle display.
    #[serde(default)]
    pub faces: [Vec<u8>; 2],
}

impl Battle {
    /// The side `q` fights on (0 attacking, 1 defending), if any.
    pub fn side_of(&self, q: PlayerId) -> Option<usize> {
        self.sides.iter().position(|s| s.contains(&q))
    }
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winners: one player, or an allied pair; empty for a draw at the round cap.
    pub winners: Vec<PlayerId>,
    pub alliance: bool,
    /// What decided it: "victory", "tie-break: King", "round cap", ... (in English)
    pub reason: String,
    /// The same, for translation.
    #[serde(default)]
    pub why: super::events::Msg,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Game {
    #[serde(skip, default = "Map::builtin")]
    pub map: Arc<Map>,
    /// Shared between copies of the game (bots copy it constantly; it changes only when a
    /// game is set up): change it with `Arc::make_mut`. Written as the options themselves.
    pub options: Arc<Options>,
    pub rng: Rng,
    pub round: u16,
    /// Seat of the First Player card holder.
    pub first: PlayerId,
    pub phase: Phase,
    pub pending: Vec<Pending>,
    pub players: Vec<Player>,
    pub villages: Vec<VillageState>,
    pub lords: Lords,
    pub titles: Titles,
    pub lords_deck: Pile,
    pub lords_discard: Pile,
    pub fortune_deck: Pile,
    pub fortune_discard: Pile,
    /// The Disaster track: 3 spaces, cards face down until resolved (2.1, 2.3).
    pub track: [Option<Card>; 3],
    pub bishopric_cards: [BishopricCards; BISHOPRIC_COUNT],
    pub taxes: Vec<Tax>,
    /// Captives whose ransom was settled in this Purchase phase.
    pub ransomed: Vec<LordId>,
    /// The battle being fought, if any (6.0).
    pub battle: Option<Battle>,
    /// Movement-phase bookkeeping (5.0).
    pub moves: MoveState,
    /// What this round has already seen and may not see again in it.
    pub memory: RoundMemory,
    pub outcome: Option<Outcome>,
    /// Setup: each player's first Lord, placed with his starting Village.
    pub starting_lords: SmallVec<[LordId; MAX_PLAYERS]>,
    /// The last election decided, ballots revealed, for the results display (not kept in
    /// bots' simulations).
    #[serde(default)]
    pub last_election: Option<Box<ElectionResult>>,
    /// 11.1 (optional): where each Holy Relic is; empty without the rule.
    #[serde(default)]
    pub relics: Vec<RelicState>,
    /// 11.1.1: the round whose end of Play Cards has offered the Eyes and the Bone.
    #[serde(default)]
    pub relic_round: u16,
    /// Every action taken, in order (shared between copies of the game).
    pub history: super::chain::Chain<(PlayerId, super::actions::Action)>,
    /// What happened, in order (shared between copies of the game).
    pub log: super::chain::Chain<Event>,
    /// Simulation mode for bots: no log entries and no history are kept (not saved).
    #[serde(skip)]
    pub quiet: bool,
    /// Words said at the table (`Game::remark`): in the log, outside the rules; a save keeps
    /// them beside the history.
    #[serde(skip)]
    pub remarks: Vec<Remark>,
}

impl Game {
    pub fn n(&self) -> u8 {
        self.players.len() as u8
    }

    /// The player at position `idx` in turn order (clockwise from the First Player).
    pub fn seat(&self, idx: u8) -> PlayerId {
        (self.first + idx) % self.n()
    }

    pub fn lord(&self, id: LordId) -> Option<&Lord> {
        self.lords.by_id(id)
    }

    pub(crate) fn lord_mut(&mut self, id: LordId) -> Option<&mut Lord> {
        self.lords.by_id_mut(id)
    }

    pub fn family(&self, p: PlayerId) -> impl Iterator<Item = &Lord> + '_ {
        self.lords.iter().filter(move |l| l.owner == p)
    }

    pub fn bishopric_of(&self, v: VillageId) -> BishopricId {
        self.map.villages[v as usize].bishopric
    }
}

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

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
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
    pub why: super::events::Msg,
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

/// A copy of a list that costs nothing when it is empty, as the pending questions, taxes,
/// ransoms and relics mostly are (every copy of a game copies them).
pub(crate) fn copied<T: Clone>(v: &[T]) -> Vec<T> {
    if v.is_empty() {
        Vec::new()
    } else {
        v.to_vec()
    }
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
    pub why: super::events::Msg,
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
