//! The battle being fought (6.0–6.3), as data: its sides, its step, its last roll. Its rules
//! are in `rules::battle`.

use crate::map::VillageId;
use crate::rules::actions::MoveOrder;
use crate::rules::cards::LordId;
use crate::rules::cards::PlayerId;
use serde::{Deserialize, Serialize};

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
