//! The Holy Relics as pieces (11.1): the five there are, and where each lies. Their rules are
//! in relics.rs.

use super::cards::LordId;
use crate::map::VillageId;
use serde::{Deserialize, Serialize};

/// The five relics of 11.1.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Relic {
    Grail,
    Eyes,
    Teeth,
    Spear,
    Bone,
}

impl Relic {
    pub const ALL: [Relic; 5] = [
        Relic::Grail,
        Relic::Eyes,
        Relic::Teeth,
        Relic::Spear,
        Relic::Bone,
    ];

    /// The relic's name in English (a message id of the app).
    pub fn name(self) -> &'static str {
        match self {
            Relic::Grail => super::events::n_("Holy Grail"),
            Relic::Eyes => super::events::n_("Eyes of Saint Roseline"),
            Relic::Teeth => super::events::n_("Teeth of Saint Géronce"),
            Relic::Spear => super::events::n_("Holy Spear"),
            Relic::Bone => super::events::n_("Bone of Saint Rhadegund"),
        }
    }

    /// The word used in action notation and scenario files.
    pub fn key(self) -> &'static str {
        match self {
            Relic::Grail => "grail",
            Relic::Eyes => "eyes",
            Relic::Teeth => "teeth",
            Relic::Spear => "spear",
            Relic::Bone => "bone",
        }
    }

    pub fn parse(s: &str) -> Option<Relic> {
        Relic::ALL.into_iter().find(|r| r.key() == s)
    }
}

/// Where a relic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RelicAt {
    /// Lying in a Village.
    Village(VillageId),
    /// Carried by a Lord.
    Lord(LordId),
    /// Out of the game (the Teeth, once used).
    Gone,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelicState {
    pub relic: Relic,
    pub at: RelicAt,
    /// Taken once already: from then on any Lord may take it where it lies (11.1).
    pub claimed: bool,
}
