//! The Lords in play: each `Lord`, and the list of them (`Lords`) that finds one by his id.

use crate::map::VillageId;
use crate::rules::cards::LordId;
use crate::rules::cards::PlayerId;
use serde::{Deserialize, Serialize};

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
const LORD_IDS: usize = crate::rules::cards::LORDS.len();

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
