//! Death and inheritance (1.6, 4.3.1), in the order of ruling R-DEATH-ORDER.

use super::cards::{lord_name, Card, LordId};
use super::state::phase::Pending;
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::FiefId;

impl Game {
    /// A Lord dies: his card is discarded and every title, marker and tie is settled (ruling R-DEATH-ORDER);
    /// unless the Teeth of Saint Géronce could save him (11.1.1): then their holder is asked
    /// first, and the death waits for the answer.
    pub(crate) fn kill_lord(&mut self, l: LordId) {
        // 11.1.1 (optional), ruling R-RELIC-TEETH: the Teeth "may be used": their holder chooses.
        if self.at_deaths_door(l) {
            return;
        }
        if self.teeth_for(l).is_some() {
            self.pending.push(Pending::Teeth { lord: l });
            return;
        }
        self.lord_dies(l);
    }

    /// The death itself, with nothing left to cancel it (ruling R-DEATH-ORDER).
    pub(crate) fn lord_dies(&mut self, l: LordId) {
        let Some(idx) = self.lords.iter().position(|x| x.id == l) else {
            return;
        };
        let dead = self.lords.remove(idx);
        // 11.1, ruling R-RELIC-FALL: his relics lie where he fell, or pass within the alliance.
        self.drop_relics(&dead);
        let p = dead.owner;
        // 1. The Lord card goes to the Lords discard pile.
        self.lords_discard.push(Card::Lord(l));
        // 2. Fief Titles (4.3.1).
        for f in 0..self.titles.fief.len() {
            if self.titles.fief[f] == Some(l) {
                self.titles.fief[f] = None;
                self.refresh_fief_empties(f as FiefId);
                self.inherit_fief_title(p, dead.spouse, f as FiefId);
            }
        }
        // 3. Bishop (1.6).
        for b in 0..self.titles.bishop.len() {
            if self.titles.bishop[b] == Some(l) {
                self.titles.bishop[b] = None;
                say!(
                    self,
                    "1.6",
                    msg!(
                        "The Staff of Bishopric {b} returns to the board.",
                        b = b + 1
                    ),
                );
            }
        }
        // 4. Cardinal (1.6).
        self.drop_cardinal(l);
        // 5. Pope: any excommunication ends.
        if self.titles.pope == Some(l) {
            self.titles.pope = None;
            for x in &mut self.lords {
                x.excommunicated = false;
            }
            say!(
                self,
                "1.7",
                msg!("The Pope is dead; any excommunication ends.")
            );
        }
        // 6. King (1.8.1, 1.8.2).
        if self.titles.king == Some(l) {
            self.titles.king = None;
            if let Some(cp) = self.titles.crown_prince.take() {
                self.titles.king = Some(cp);
                self.titles.queen = None;
                self.titles.regent = false;
                say!(
                    self,
                    "1.8.2",
                    msg!(
                        "The King is dead; the Crown Prince {lord} is King at once.",
                        lord = lord_name(cp)
                    ),
                );
                // 1.8.1: a King's wife is Queen, this King's too (ruling R-SUCCESSION).
                if let Some(wife) = self.lord(cp).and_then(|x| x.spouse) {
                    self.titles.queen = Some(wife);
                    say!(
                        self,
                        "1.8.1",
                        msg!("{lord} is Queen.", lord = lord_name(wife))
                    );
                }
            } else if let Some(q) = self.titles.queen {
                self.titles.regent = true;
                say!(
                    self,
                    "1.8.1",
                    msg!(
                        "The King is dead; {lord} rules as Queen Regent.",
                        lord = lord_name(q)
                    ),
                );
            } else {
                say!(self, "1.8", msg!("The King is dead; the throne is vacant."));
            }
        }
        // 7. Queen (1.8.2, ruling R-SUCCESSION): the counter returns; the Crown Prince keeps his status.
        if self.titles.queen == Some(l) {
            self.titles.queen = None;
            self.titles.regent = false;
        }
        // 8. Crown Prince (ruling R-CROWN-PRINCE).
        if self.titles.crown_prince == Some(l) {
            self.titles.crown_prince = None;
        }
        // 9. d'ARC.
        if self.titles.darc == Some(l) {
            self.titles.darc = None;
            self.lords_discard.push(Card::Darc);
        }
        // 10. The marriage and the alliance end (ruling R-WIDOW: the widow(er) may remarry).
        if let Some(s) = dead.spouse {
            if let Some(sp) = self.lord_mut(s) {
                sp.spouse = None;
            }
        }
        say!(self, "4.3.1", msg!("{lord} is dead.", lord = lord_name(l)));
        // 13. Control and Captives in his Village.
        self.refresh_village(dead.village);
    }

    /// 1.6: the Biretta returns; a Cardinal card goes to the Lords discard pile.
    pub(crate) fn drop_cardinal(&mut self, l: LordId) {
        if let Some(i) = self.titles.cardinals.iter().position(|c| c.0 == l) {
            let (_, source) = self.titles.cardinals.remove(i);
            if source == CardinalSource::Card {
                self.lords_discard.push(Card::Cardinal);
            }
        }
    }

    /// 4.3.1: the title passes to another Lord of the family; failing that, to the spouse if
    /// the dead Lord was the last; otherwise back to the map, to be reclaimed free.
    fn inherit_fief_title(&mut self, p: PlayerId, spouse: Option<LordId>, f: FiefId) {
        if self.family(p).next().is_some() {
            self.give_fief_title(p, f);
            return;
        }
        if let Some(s) =
            spouse.filter(|&s| self.lord(s).is_some() && self.fief_titles_of(s).len() < 2)
        {
            let q = self.lord(s).map(|x| x.owner).unwrap_or(p);
            self.titles.fief[f as usize] = Some(s);
            say!(
                self,
                "4.3.1",
                msg!(
                    "The title of the {fief} passes to the spouse, {lord}.",
                    fief = self.fief_arg(f),
                    lord = lord_name(s)
                ),
            );
            // The Troops in the Fortified City are swapped for the spouse's, type for type.
            if let Some(city) = self.map.fiefs[f as usize]
                .villages
                .iter()
                .copied()
                .find(|&v| self.villages[v as usize].fort == Fort::City)
            {
                let t = self.villages[city as usize].troops[p as usize];
                let (pq, pp) = (self.players[q as usize].clone(), p as usize);
                let maa = t.maa.min(pq.stock_maa);
                let knights = t.knights.min(pq.stock_knights);
                self.villages[city as usize].troops[pp] = Troops::default();
                self.players[pp].stock_maa += t.maa;
                self.players[pp].stock_knights += t.knights;
                let qt = &mut self.villages[city as usize].troops[q as usize];
                qt.maa += maa;
                qt.knights += knights;
                self.players[q as usize].stock_maa -= maa;
                self.players[q as usize].stock_knights -= knights;
                self.set_controller(city, Some(q));
                self.refresh_village(city);
            }
            // 5.1: the empty Villages follow whoever holds the title now.
            self.refresh_fief_empties(f);
            return;
        }
        self.titles.fief_reclaim[f as usize] = Some(p);
        self.refresh_fief_empties(f);
        say!(
            self,
            "4.3.1",
            msg!(
                "The title of the {fief} returns to the map.",
                fief = self.fief_arg(f)
            ),
        );
    }

    /// The Lords of `p` who may take one more Fief Title (4.3: at most 2 each).
    pub fn lords_with_room(&self, p: PlayerId) -> Vec<LordId> {
        self.family(p)
            .filter(|x| self.fief_titles_of(x.id).len() < 2)
            .map(|x| x.id)
            .collect()
    }

    pub(crate) fn check_heir(&self, p: PlayerId, _f: FiefId, l: LordId) -> Result<(), RuleError> {
        if self.lord(l).map(|x| x.owner) != Some(p) {
            return refuse("4.3.1", "the title goes to a Lord of your own family");
        }
        if self.fief_titles_of(l).len() >= 2 {
            return refuse_with("4.3", || {
                msg!("{lord} already holds 2 Fief Titles", lord = lord_name(l))
            });
        }
        Ok(())
    }

    /// 4.3.1: an heir is chosen without asking when the title found a holder meanwhile (the
    /// Fortified City was taken, 4.3), when only one Lord has room, or when none has.
    pub(crate) fn settle_heir(&mut self, player: PlayerId, fief: FiefId) -> bool {
        if self.titles.fief[fief as usize].is_some() {
            // Nothing left to inherit.
            self.pending.pop();
            return true;
        }
        let room = self.lords_with_room(player);
        match room.len() {
            0 => {
                self.pending.pop();
                // 4.3.1, ruling R-HEIR-CHOICE: nobody has room; back to the map.
                self.titles.fief_reclaim[fief as usize] = Some(player);
                self.refresh_fief_empties(fief);
                let text = msg!(
                    "No Lord of {p} has room for the title of the {fief}; it returns to the map.",
                    p = self.pname(player),
                    fief = self.fief_arg(fief)
                );
                say!(self, "4.3.1", text);
                true
            }
            1 => {
                self.exec_heir(room[0]);
                true
            }
            _ => false,
        }
    }

    pub(crate) fn exec_heir(&mut self, l: LordId) {
        if let Some(Pending::ChooseHeir { fief, .. }) = self.pending.pop() {
            self.titles.fief[fief as usize] = Some(l);
            self.refresh_fief_empties(fief);
            say!(
                self,
                "4.3.1",
                msg!(
                    "The title of the {fief} passes to {lord}.",
                    fief = self.fief_arg(fief),
                    lord = lord_name(l)
                ),
            );
        }
    }
}
