//! The game state. Plain data: small integer ids, no shared mutability;
//! the static map sits behind an `Arc` so that cloning a game is cheap. Here the game, its
//! options, players, Villages and titles; apart, the Lords in play (`lords`), where the round
//! stands and what it waits for (`phase`), the Movement phase's bookkeeping (`moves`), the
//! battle being fought (`battle`) and the round's memories (`memory`).

pub mod battle;
pub mod lords;
pub mod memory;
pub mod moves;
pub mod phase;

use super::cards::{Card, LordId, Pile};
use super::events::Event;
use super::rng::Rng;
use crate::map::{BishopricId, FiefId, Map, VillageId, BISHOPRIC_COUNT, FIEF_COUNT};
use battle::Battle;
use lords::{Lord, Lords};
use memory::{ElectionResult, Remark, RoundMemory};
use moves::MoveState;
use phase::{Pending, Phase};
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

    /// The player in place `idx` of the turn order (clockwise from the First Player). The
    /// words: a player's place in the turn order is his turn; his `Seat` (session) is who
    /// plays it (a human here, a bot, another computer); a network seat (`SeatNo`) is the
    /// number of that player at a table.
    pub fn in_turn(&self, idx: u8) -> PlayerId {
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

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
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
