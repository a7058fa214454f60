//! The bookkeeping of the Movement phase (5.0–5.2, 2.3.3): each Lord's moves so far and the
//! Troops that travelled with him.

use super::{copied, Troops};
use crate::map::{BishopricId, VillageId};
use crate::rules::cards::LordId;
use crate::rules::cards::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

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
