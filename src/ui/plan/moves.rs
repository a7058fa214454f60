//! The Move composer's plan (5.0): a Move being composed (`MoveDraft`), what the composer may
//! offer on a road, its first proposal, the action a draft stands for and whether it is legal,
//! and the Lords a Move would leave captured.

use fief::map::VillageId;
use fief::rules::{Action, Game, LordId, MoveHow, MoveOrder};

/// Where an army sets out from: its Lords' Village.
pub fn move_from(g: &Game, m: &MoveOrder) -> Option<VillageId> {
    g.lord(*m.lords.first()?).map(|l| l.village)
}

/// A Move being composed: which Lords go, with how many Troops, how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveDraft {
    pub to: VillageId,
    pub lords: Vec<LordId>,
    pub maa: u8,
    pub knights: u8,
    pub captives: bool,
    pub how: MoveHow,
}

/// What the composer may offer for a Move from `from` to `to`, given the Lords ticked and
/// the way chosen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveOptions {
    /// Every Lord who can take part in some Move on this road.
    pub lords: Vec<LordId>,
    /// The ways of moving open on this road.
    pub hows: Vec<MoveHow>,
    pub max_maa: u8,
    pub max_knights: u8,
    pub captives: bool,
    /// The most Men-at-Arms and Knights, and whether captives, any army may take on this
    /// road, whatever its Lords and way: what a count held at 0 by the choice made leaves.
    pub road_maa: u8,
    pub road_knights: u8,
    pub road_captives: bool,
}

pub(crate) fn moves_on<'a>(
    g: &'a Game,
    legal: &'a [Action],
    from: VillageId,
    to: VillageId,
) -> impl Iterator<Item = &'a MoveOrder> + 'a {
    legal.iter().filter_map(move |a| match a {
        Action::Move(m) if m.to == to && move_from(g, m) == Some(from) => Some(m),
        _ => None,
    })
}

pub fn move_options(
    g: &Game,
    legal: &[Action],
    from: VillageId,
    to: VillageId,
    lords: &[LordId],
    how: MoveHow,
) -> MoveOptions {
    let mut o = MoveOptions::default();
    for m in moves_on(g, legal, from, to) {
        for l in &m.lords {
            if !o.lords.contains(l) {
                o.lords.push(*l);
            }
        }
        if !o.hows.contains(&m.how) {
            o.hows.push(m.how);
        }
        o.road_maa = o.road_maa.max(m.maa);
        o.road_knights = o.road_knights.max(m.knights);
        o.road_captives |= !m.captives.is_empty();
        if same_lords(&m.lords, lords) && m.how == how {
            o.max_maa = o.max_maa.max(m.maa);
            o.max_knights = o.max_knights.max(m.knights);
            o.captives |= !m.captives.is_empty();
        }
    }
    o.lords.sort_unstable();
    o
}

/// Whether two lists of Lords name the same Lords, in any order: a Lord ticked again comes
/// last in the draft, and the engine lists each army in its own order.
fn same_lords(a: &[LordId], b: &[LordId]) -> bool {
    a.len() == b.len() && a.iter().all(|l| b.contains(l))
}

/// The counts of an army split in one click (`half`: about half its Troops go, Men-at-Arms
/// rounded up when both counts are odd, so that one of two Troops goes; else all but one
/// Man-at-Arms, or all but one Knight when there is none), from the most that may go; None
/// when there is nothing to split (fewer than two Troops for a half, none at all).
pub fn split(max_maa: u8, max_knights: u8, half: bool) -> Option<(u8, u8)> {
    let (m, k) = (max_maa, max_knights);
    if half {
        if m + k < 2 {
            return None;
        }
        let up = u8::from(m % 2 == 1 && k % 2 == 1);
        Some((m / 2 + up, k / 2))
    } else if m > 0 {
        Some((m - 1, k))
    } else if k > 0 {
        Some((0, k - 1))
    } else {
        None
    }
}

/// The composer's first proposal: the largest army on this road, the plain way if open, with
/// every Troop it may take.
pub fn default_draft(
    g: &Game,
    legal: &[Action],
    from: VillageId,
    to: VillageId,
) -> Option<MoveDraft> {
    let rank = |h: MoveHow| match h {
        MoveHow::Normal => 0,
        MoveHow::Toll(n) => u16::from(n),
        MoveHow::Passage => 300,
        MoveHow::Cavalcade => 301,
    };
    let best = moves_on(g, legal, from, to).max_by_key(|m| {
        (
            std::cmp::Reverse(rank(m.how)),
            m.lords.len(),
            m.maa as u16 + m.knights as u16,
            m.captives.len(),
        )
    })?;
    Some(MoveDraft {
        to,
        lords: best.lords.to_vec(),
        maa: best.maa,
        knights: best.knights,
        captives: !best.captives.is_empty(),
        how: best.how,
    })
}

/// The Move a draft stands for (whether it is legal is the engine's to say): with "captives"
/// ticked, the army leads every captive its player holds in the Village.
pub fn draft_action(g: &Game, from: VillageId, d: &MoveDraft) -> Action {
    let mut lords = d.lords.clone();
    lords.sort_unstable();
    let owner = lords.first().and_then(|l| g.lord(*l)).map(|l| l.owner);
    let captives: Vec<LordId> = if d.captives {
        g.lords
            .iter()
            .filter(|l| l.village == from && l.captor.is_some() && l.captor == owner)
            .map(|l| l.id)
            .collect()
    } else {
        Vec::new()
    };
    Action::Move(MoveOrder {
        lords: lords.into(),
        to: d.to,
        maa: d.maa,
        knights: d.knights,
        captives: captives.into(),
        how: d.how,
    })
}

/// The Lords of the legal Move `a` by `p` that the engine captures on arrival (FAQ 6.0,
/// ruling R-LONE-LORD: a Lord without Troops beside an opponent's Troops and free Lord),
/// found by making the Move on a quiet copy of what `p` sees: the composer warns of them.
/// A Move that waits on a question (passage) shows nothing yet.
pub fn captured_on_arrival(g: &Game, p: fief::rules::PlayerId, a: &Action) -> Vec<LordId> {
    let Action::Move(o) = a else {
        return Vec::new();
    };
    let mut h = g.clone_lean();
    h.quiet = true;
    if h.apply(p, a.clone()).is_err() {
        return Vec::new();
    }
    o.lords
        .iter()
        .copied()
        .filter(|&l| h.lord(l).is_some_and(|x| x.captor.is_some()))
        .collect()
}

/// The action in `legal` that a draft stands for, if it is legal. Lords are compared as sets.
pub fn draft_legal(g: &Game, legal: &[Action], from: VillageId, d: &MoveDraft) -> Option<Action> {
    let Action::Move(want) = draft_action(g, from, d) else {
        return None;
    };
    legal
        .iter()
        .find(|a| match a {
            Action::Move(m) => {
                same_lords(&m.lords, &want.lords)
                    && m.to == want.to
                    && m.maa == want.maa
                    && m.knights == want.knights
                    && m.how == want.how
                    && m.captives.is_empty() == want.captives.is_empty()
                    && move_from(g, m) == Some(from)
            }
            _ => false,
        })
        .cloned()
}

/// Why one more Man-at-Arms (or Knight, `knights`) than `most` cannot go with the draft:
/// the engine's refusal of the draft with that count (`Ok` if it would take it after all).
pub fn more_refused(
    g: &Game,
    p: fief::rules::PlayerId,
    from: VillageId,
    d: &MoveDraft,
    knights: bool,
    most: u8,
) -> Result<(), fief::rules::RuleError> {
    let mut more = d.clone();
    if knights {
        more.knights = most + 1;
    } else {
        more.maa = most + 1;
    }
    g.check(p, &draft_action(g, from, &more))
}
