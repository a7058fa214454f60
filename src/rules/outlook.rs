//! How each player stands towards a victory (7.0–7.2), as one viewer may know it: his
//! Victory Points, the Fief Titles he could buy (4.3) and what each still lacks, the King's
//! and the Pope's elections (1.7, 1.8) and what he holds towards them, and the sum he must
//! reach alone (7.1) or with his ally (7.2). Plain data with ids and numbers; the window
//! puts it in words.
//!
//! Nothing here depends on what the viewer may not know: the Villages' controllers, the
//! forts, the Lords and their titles are open to all; a player's Deniers are read only when
//! the viewer may see them (hidden money, FAQ: `Game::money_hidden`). Hands, decks, ballots
//! and fogged stacks (11.2) are not read at all.

use super::cards::LordId;
use super::state::*;
use super::view::View;
use crate::map::{FiefId, VillageId};

/// 7.1: a player without an ally wins with 3 VP at the end of a round.
pub const SOLO_VP: u32 = 3;
/// 7.2: two allied players win with 4 VP together.
pub const ALLIANCE_VP: u32 = 4;
/// 1.8 (i): the King needs at least 3 votes.
pub const KING_VOTES: u32 = 3;

/// Every player's outlook, the viewer's first, then his ally's, then the others' in seat
/// order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outlook {
    pub viewer: Option<PlayerId>,
    pub players: Vec<PlayerOutlook>,
}

impl Outlook {
    /// The outlook of player `p`.
    pub fn of(&self, p: PlayerId) -> Option<&PlayerOutlook> {
        self.players.iter().find(|o| o.player == p)
    }
}

/// One player's Victory Points and what he is nearest to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerOutlook {
    pub player: PlayerId,
    /// 7.0: 1 per Fief Title, 1 for the King, 1 for the Pope.
    pub vp: u32,
    /// The Fief Titles his family holds (each 1 VP, 7.0).
    pub titles: Vec<FiefId>,
    pub goal: Goal,
    /// The Fiefs whose title he does not hold, the nearest first (fewest Villages missing,
    /// then a Stronghold in place, then the lower price).
    pub fiefs: Vec<FiefAim>,
    pub king: Crown,
    pub pope: Crown,
}

impl PlayerOutlook {
    /// The Fief he is nearest to: the first of `fiefs` whose title nobody holds, or else
    /// the first held by another.
    pub fn nearest_fief(&self) -> Option<&FiefAim> {
        self.fiefs
            .iter()
            .find(|f| f.holder.is_none())
            .or(self.fiefs.first())
    }

    /// The VP still lacking for the victory of 7.1 or 7.2 (0: reached).
    pub fn lacking(&self) -> u32 {
        match self.goal {
            Goal::Solo { need } => need.saturating_sub(self.vp),
            Goal::Alliance { together, need, .. } => need.saturating_sub(together),
        }
    }
}

/// The victory a player plays for (7.1, 7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// 7.1: not allied; `need` VP alone.
    Solo { need: u32 },
    /// 7.2: married to `ally`'s family (4 or more players): `together` VP of `need`. An
    /// allied player never wins alone.
    Alliance {
        ally: PlayerId,
        together: u32,
        need: u32,
    },
}

/// A Fief Title as one player stands towards it (4.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FiefAim {
    pub fief: FiefId,
    /// Another family holding the title: it is won only by taking the Fortified City (4.3).
    pub holder: Option<PlayerId>,
    /// The Fortified City of the Fief, if one stands (4.3: the title goes with it).
    pub city: Option<VillageId>,
    /// The Fief's Villages he controls, and those he does not (4.3: all are needed).
    pub held: Vec<VillageId>,
    pub missing: Vec<VillageId>,
    /// A Village of the Fief with a Stronghold (or the Fortified City): 4.3 needs one.
    pub stronghold: Option<VillageId>,
    /// 4.3: 2 Deniers a Village.
    pub price: u32,
    /// Whether his Deniers cover the price, as far as the viewer may know.
    pub money: Purse,
    /// 4.3: a Lord of his family with room for another Fief Title (at most 2 each).
    pub lord_with_room: bool,
}

impl FiefAim {
    /// Every condition of 4.3 but the price is met: he could take the title at his next
    /// purchases (or be granted it by the King).
    pub fn within_reach(&self) -> bool {
        self.holder.is_none()
            && self.missing.is_empty()
            && self.stronghold.is_some()
            && self.lord_with_room
    }
}

/// A player's Deniers against a price, as the viewer may know them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purse {
    /// Hidden money (FAQ): the viewer does not know another player's Deniers.
    Unknown,
    /// He holds `money` Deniers.
    Known { money: u32 },
}

impl Purse {
    /// Whether the purse covers `price` (`None`: unknown to the viewer).
    pub fn covers(self, price: u32) -> Option<bool> {
        match self {
            Purse::Unknown => None,
            Purse::Known { money } => Some(money >= price),
        }
    }
}

/// The King's or the Pope's title as one player stands towards it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Crown {
    /// His Lord holds it (1 VP, 7.0).
    Held { lord: LordId },
    /// Another family's Lord holds it, for life (1.7, 1.8).
    Taken { by: PlayerId, lord: LordId },
    /// The title is free: what he holds towards its election.
    Vacant(Race),
}

/// What a player holds towards an election for a free King or Pope title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Race {
    /// His Lords who may stand now (1.7: Bishops and Cardinals; 1.8: titled laymen).
    pub candidates: Vec<LordId>,
    /// The votes he controls in it (1.7: his free Cardinals; 1.8: his free Titled Lords).
    pub votes: u32,
    /// Every player's votes together.
    pub all_votes: u32,
    /// 1.8 (iii): among his voting Lords, the Bishops, the Cardinals and the Pope (any Lord
    /// with a Staff counts as a Bishop, ruling R-KING-SUPPORT). Zero for the Pope's race.
    pub bishops: u32,
    pub cardinals: u32,
    pub pope: bool,
    /// 1.7: the Pope is elected only with 2 free Cardinals in play; always true for the King.
    pub can_be_held: bool,
}

impl Race {
    /// 1.8 (iii): his own votes bring the support of 2 Bishops, a Cardinal or the Pope.
    pub fn church_support(&self) -> bool {
        self.bishops >= 2 || self.cardinals >= 1 || self.pope
    }
}

impl Game {
    /// How every player stands towards a victory as `viewer` may know it (7.0–7.2, 4.3,
    /// 1.7, 1.8). The same for every game the viewer cannot tell from this one.
    pub fn outlook(&self, viewer: Option<PlayerId>) -> Outlook {
        let allies = self.allies();
        let ally = |p: PlayerId| allies.get(p as usize).copied().flatten();
        let mut order: Vec<PlayerId> = Vec::new();
        if let Some(v) = viewer.filter(|&v| v < self.n()) {
            order.push(v);
            order.extend(ally(v));
        }
        let first = order.clone();
        order.extend((0..self.n()).filter(|p| !first.contains(p)));
        let vps = self.vps();
        let players = order
            .into_iter()
            .map(|p| {
                let vp = vps[p as usize];
                // 7.1, 7.2 (an alliance exists only with 4 or more players: `allies`).
                let goal = match ally(p) {
                    Some(a) => Goal::Alliance {
                        ally: a,
                        together: vp + vps[a as usize],
                        need: ALLIANCE_VP,
                    },
                    None => Goal::Solo { need: SOLO_VP },
                };
                PlayerOutlook {
                    player: p,
                    vp,
                    titles: (0..self.titles.fief.len() as FiefId)
                        .filter(|&f| self.title_holder_player(f) == Some(p))
                        .collect(),
                    goal,
                    fiefs: self.fief_aims(viewer, p),
                    king: self.crown(p, ElectionKind::King),
                    pope: self.crown(p, ElectionKind::Pope),
                }
            })
            .collect();
        Outlook { viewer, players }
    }

    /// 4.3: every Fief whose title `p`'s family does not hold, the nearest first.
    fn fief_aims(&self, viewer: Option<PlayerId>, p: PlayerId) -> Vec<FiefAim> {
        // Hidden money (FAQ): another's Deniers are not the viewer's to know.
        let money = if self.money_hidden(viewer, p) {
            Purse::Unknown
        } else {
            Purse::Known {
                money: self.players[p as usize].money,
            }
        };
        // 4.3: at most 2 Fief Titles a Lord.
        let lord_with_room = self.family(p).any(|l| self.fief_titles_of(l.id).len() < 2);
        let mut aims: Vec<FiefAim> = self
            .map
            .fiefs
            .iter()
            .enumerate()
            .map(|(f, fief)| (f as FiefId, fief))
            .filter(|&(f, _)| self.title_holder_player(f) != Some(p))
            .map(|(f, fief)| {
                let (held, missing): (Vec<VillageId>, Vec<VillageId>) = fief
                    .villages
                    .iter()
                    .partition(|&&v| self.villages[v as usize].controller == Some(p));
                let fort = |kind: Fort| {
                    fief.villages
                        .iter()
                        .copied()
                        .find(|&v| self.villages[v as usize].fort == kind)
                };
                let city = fort(Fort::City);
                FiefAim {
                    fief: f,
                    holder: self.title_holder_player(f),
                    city,
                    held,
                    missing,
                    stronghold: city.or_else(|| fort(Fort::Stronghold)),
                    price: fief.title_price(),
                    money,
                    lord_with_room,
                }
            })
            .collect();
        aims.sort_by_key(|a| {
            (
                a.holder.is_some(),
                a.missing.len(),
                a.stronghold.is_none(),
                a.price,
                a.fief,
            )
        });
        aims
    }

    /// 1.7, 1.8: the King's or the Pope's title as `p` stands towards it.
    fn crown(&self, p: PlayerId, kind: ElectionKind) -> Crown {
        let holder = match kind {
            ElectionKind::King => self.titles.king,
            _ => self.titles.pope,
        };
        if let Some((lord, by)) = holder.and_then(|l| self.lord(l)).map(|l| (l.id, l.owner)) {
            return if by == p {
                Crown::Held { lord }
            } else {
                Crown::Taken { by, lord }
            };
        }
        let candidates = self
            .family(p)
            .filter(|l| self.eligible(kind, l.id).is_ok())
            .map(|l| l.id)
            .collect();
        // The Lords whose votes he casts: free and not excommunicated (1.3).
        let voters: Vec<LordId> = self
            .family(p)
            .filter(|l| l.captor.is_none() && !l.excommunicated && self.is_titled(l.id))
            .map(|l| l.id)
            .collect();
        let king = kind == ElectionKind::King;
        let count = |f: &dyn Fn(LordId) -> bool| {
            if king {
                voters.iter().filter(|&&l| f(l)).count() as u32
            } else {
                0
            }
        };
        Crown::Vacant(Race {
            candidates,
            votes: self.vote_weight(kind, p),
            all_votes: (0..self.n()).map(|q| self.vote_weight(kind, q)).sum(),
            // Ruling R-KING-SUPPORT: a Lord with a Bishop's Staff counts as a Bishop.
            bishops: count(&|l| self.is_bishop(l)),
            cardinals: count(&|l| self.is_cardinal(l)),
            pope: king && voters.iter().any(|&l| self.titles.pope == Some(l)),
            // 1.7: the Pope's election needs 2 free Cardinals in play.
            can_be_held: king || self.election_triggered(ElectionKind::Pope),
        })
    }
}

impl View {
    /// `Game::outlook` for this view's viewer, from what he sees.
    pub fn outlook(&self) -> Outlook {
        self.state.outlook(self.viewer)
    }
}
