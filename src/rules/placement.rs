//! 2.4.1 Where a new, freed or escaped Lord is placed (and ruling R-NEWLORD-LEAVE: another
//! player's Village with his leave).

use super::cards::{self, LordId};
use super::state::phase::Pending;
use super::state::*;
use super::{refuse_with, RuleError};
use crate::map::VillageId;

impl Game {
    /// 2.4.1: the Villages where a new (or freed) Lord of `p` may be placed: the first
    /// non-empty option of the placement order.
    pub fn placement_villages(&self, p: PlayerId) -> Vec<VillageId> {
        self.placement_villages_for(p, None)
    }

    /// The placement of a Lord already on the map (freed or escaped): he himself does not
    /// count as "another of his Lords" (2.4.1).
    pub fn placement_villages_for(&self, p: PlayerId, lord: Option<LordId>) -> Vec<VillageId> {
        let all = 0..self.map.villages.len() as VillageId;
        let ctrl = |v: VillageId| self.villages[v as usize].controller;
        // The first of the four options that offers any Village (worked out in turn: the
        // later ones are seldom needed).
        let ally = self.ally(p);
        // The Villages where another of his Lords stands free, found in one pass over them.
        let with_lord = self.free_lord_players(lord);
        let options: [&dyn Fn(VillageId) -> bool; 4] = [
            &|v| ctrl(v) == Some(p) && self.villages[v as usize].fort != Fort::None,
            &|v| with_lord.get(v as usize).is_some_and(|m| m & (1 << p) != 0),
            &|v| ctrl(v) == Some(p),
            &|v| (ctrl(v).is_none() && !self.occupied(v)) || (ctrl(v).is_some() && ctrl(v) == ally),
        ];
        options
            .iter()
            .map(|ok| all.clone().filter(|&v| ok(v)).collect::<Vec<VillageId>>())
            .find(|o| !o.is_empty())
            .unwrap_or_default()
    }

    /// FAQ (no units on the map), ruling R-NEWLORD-LEAVE: when the 2.4.1 order has come down
    /// to its last option, a new Lord may also go to another player's Village with that
    /// player's leave (asked once a round per Village).
    pub fn placement_with_leave(&self, p: PlayerId) -> Vec<VillageId> {
        let ctrl = |v: VillageId| self.villages[v as usize].controller;
        let last_option = (0..self.map.villages.len() as VillageId)
            .all(|v| ctrl(v) != Some(p) && self.free_lords_at(p, v).next().is_none());
        if !last_option {
            return Vec::new();
        }
        (0..self.map.villages.len() as VillageId)
            .filter(|&v| {
                ctrl(v).is_some_and(|c| c != p && self.ally(p) != Some(c))
                    && !self.memory.refused_placements.contains(&(p, v))
            })
            .collect()
    }

    /// Places a freed or escaped Lord (2.4.1 order), asking the owner when there is a choice.
    pub(crate) fn place_freed_lord(&mut self, l: LordId) {
        let Some(owner) = self.lord(l).map(|x| x.owner) else {
            return;
        };
        let opts = self.placement_villages_for(owner, Some(l));
        match opts.len() {
            0 => {}
            1 => self.put_lord(l, opts[0]),
            _ => self.pending.push(Pending::PlaceLord {
                player: owner,
                lord: l,
            }),
        }
    }

    /// 2.4.1: a Lord captured again (or dead) before being placed, or with one placement or
    /// none, is settled without asking.
    pub(crate) fn settle_placement(&mut self, player: PlayerId, lord: LordId) -> bool {
        if self.lord(lord).is_none_or(|l| l.captor.is_some()) {
            self.pending.pop();
            return true;
        }
        let opts = self.placement_villages_for(player, Some(lord));
        match opts.len() {
            0 => {
                self.pending.pop();
                true
            }
            1 => {
                self.pending.pop();
                self.put_lord(lord, opts[0]);
                true
            }
            _ => false,
        }
    }

    /// 2.4.1: a Lord who came into play goes to the first available placement.
    pub(crate) fn check_place_lord(
        &self,
        player: PlayerId,
        lord: LordId,
        v: VillageId,
    ) -> Result<(), RuleError> {
        if self.placement_villages_for(player, Some(lord)).contains(&v) {
            Ok(())
        } else {
            refuse_with("2.4.1", || {
                msg!(
                    "{v} is not the first available placement",
                    v = self.vname(v)
                )
            })
        }
    }

    pub(crate) fn exec_place_lord(&mut self, v: VillageId) {
        if let Some(Pending::PlaceLord { lord, .. }) = self.pending.pop() {
            self.put_lord(lord, v);
        }
    }

    pub(crate) fn put_lord(&mut self, l: LordId, v: VillageId) {
        let Some(lord) = self.lord_mut(l) else { return };
        let old = lord.village;
        lord.village = v;
        self.refresh_village(old);
        // 5.1: a Village is controlled by a player with units in it. Placed in an empty
        // Village (uncontrolled, or held by an ally's title with nobody there), the Lord
        // takes its control for his family.
        self.refresh_control(v);
        say!(
            self,
            "2.4.1",
            msg!(
                "{lord} is placed in {v}.",
                lord = cards::lord_name(l),
                v = self.vname(v)
            ),
        );
    }
}
