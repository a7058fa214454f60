//! Clicks on the map and the hand: which Villages light up, which cards in the hand can be
//! played, which buttons the prompt bar shows (and in which menus), what a click or a drag on a
//! Village does, and why one does nothing. Pure logic over the legal actions: the window never
//! decides what is legal.
//!
//! Every legal action is reachable: an action tied to a card goes through that card in the
//! hand; one tied to a Village through a click on it (a Move through its starting Village, then
//! its destination and the Move composer, `moves`); every other one is a button.

use super::moves::{default_draft, draft_legal, move_from, moves_on};
use fief::map::VillageId;
use fief::rules::{Action, Card, Game, MoveHow, MoveOrder};

/// What the player has picked on the way to a decision.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Selection {
    #[default]
    None,
    /// A Village: its actions are listed, and the destinations of armies leaving it light up.
    Village(VillageId),
    /// A card in the hand: its uses are listed or light up on the map.
    Card(Card),
    /// A card and the Village it is to be played on.
    CardAt(Card, VillageId),
    /// A Move from one Village to a neighbour, being composed (which Lords, how many Troops).
    MoveTo(VillageId, VillageId),
}

/// The result of clicking a Village.
#[derive(Debug, Clone, PartialEq)]
pub enum Click {
    Apply(Action),
    Select(Selection),
    /// Nothing to do there now.
    Ignore,
}

/// The Village a click offers this action at, if any.
pub fn anchor(g: &Game, a: &Action) -> Option<VillageId> {
    a.village(g)
}

/// Decisions that close a step ("Done", "Pass"): shown apart, at the end of the bar.
pub fn is_finish(a: &Action) -> bool {
    a.ends_step()
}

/// The Villages that react to a click now.
pub fn highlights(g: &Game, legal: &[Action], sel: &Selection) -> Vec<VillageId> {
    let mut out: Vec<VillageId> = match sel {
        Selection::None => legal
            .iter()
            .filter(|a| a.card().is_none())
            .filter_map(|a| anchor(g, a))
            .collect(),
        Selection::Village(v) => legal
            .iter()
            .filter_map(|a| match a {
                Action::Move(m) if move_from(g, m) == Some(*v) => Some(m.to),
                _ => None,
            })
            .collect(),
        Selection::Card(c) => legal
            .iter()
            .filter(|a| a.card() == Some(*c))
            .filter_map(|a| anchor(g, a))
            .collect(),
        Selection::CardAt(..) | Selection::MoveTo(..) => Vec::new(),
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// The actions the prompt bar lists as buttons for this selection.
pub fn listed(g: &Game, legal: &[Action], sel: &Selection) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| match sel {
            Selection::None => {
                a.card().is_none() && anchor(g, a).is_none() && !matches!(a, Action::Vote { .. })
            }
            Selection::Village(v) => {
                a.card().is_none() && anchor(g, a) == Some(*v) && !matches!(a, Action::Move(_))
            }
            Selection::Card(c) => a.card() == Some(*c) && anchor(g, a).is_none(),
            Selection::CardAt(c, v) => a.card() == Some(*c) && anchor(g, a) == Some(*v),
            Selection::MoveTo(..) => false,
        })
        .cloned()
        .collect()
}

/// The cards in hand that can be used now.
pub fn playable_cards(legal: &[Action]) -> Vec<Card> {
    let mut out: Vec<Card> = legal.iter().filter_map(Action::card).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// An action a click on its Village alone never takes, even when it is the only one there:
/// it gives something away for good (5.1: control of the Village; 6.4.1: a siege and its
/// Siege Engines), so the click selects the Village and the action waits on its own button
/// in the prompt bar.
fn needs_button(a: &Action) -> bool {
    matches!(a, Action::HandControl { .. } | Action::EndSiege(_))
}

/// What clicking Village `v` does under the current selection.
pub fn click(g: &Game, legal: &[Action], sel: &Selection, v: VillageId) -> Click {
    match sel {
        Selection::Village(from) if *from != v && highlights(g, legal, sel).contains(&v) => {
            return Click::Select(Selection::MoveTo(*from, v));
        }
        Selection::Card(c) => {
            let here: Vec<&Action> = legal
                .iter()
                .filter(|a| a.card() == Some(*c) && anchor(g, a) == Some(v))
                .collect();
            return match here.len() {
                0 => Click::Ignore,
                1 => Click::Apply(here[0].clone()),
                _ => Click::Select(Selection::CardAt(*c, v)),
            };
        }
        _ => {}
    }
    let here: Vec<&Action> = legal
        .iter()
        .filter(|a| a.card().is_none() && anchor(g, a) == Some(v))
        .collect();
    let moves = here.iter().any(|a| matches!(a, Action::Move(_)));
    match (here.len(), moves) {
        (0, _) => match sel {
            Selection::None => Click::Ignore,
            _ => Click::Select(Selection::None),
        },
        (1, false) if !needs_button(here[0]) => Click::Apply(here[0].clone()),
        _ => Click::Select(Selection::Village(v)),
    }
}

/// The roads a legal Move may take now, as (from, to): an army can be dragged along them.
pub fn roads(g: &Game, legal: &[Action]) -> Vec<(VillageId, VillageId)> {
    let mut out: Vec<(VillageId, VillageId)> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => move_from(g, m).map(|f| (f, m.to)),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// What dropping an army of `from` on `to` does: the composer's first proposal (the whole
/// army, the plain way) at once, or the composer if that proposal is not a legal Move.
pub fn drag(g: &Game, legal: &[Action], from: VillageId, to: VillageId) -> Click {
    if moves_on(g, legal, from, to).next().is_none() {
        return Click::Ignore;
    }
    match default_draft(g, legal, from, to).and_then(|d| draft_legal(g, legal, from, &d)) {
        Some(a) => Click::Apply(a),
        None => Click::Select(Selection::MoveTo(from, to)),
    }
}

/// The Move of everything `p` has at `from` (his free Lords and all his Troops) along the
/// road to `to`, the plain way: what a drag of that army asks for.
fn whole_army(g: &Game, p: fief::rules::PlayerId, from: VillageId, to: VillageId) -> Action {
    let t = g
        .villages
        .get(from as usize)
        .map(|v| v.troops[p as usize])
        .unwrap_or_default();
    Action::Move(MoveOrder {
        lords: g
            .lords
            .iter()
            .filter(|l| l.owner == p && l.village == from && l.captor.is_none())
            .map(|l| l.id)
            .collect(),
        to,
        maa: t.maa,
        knights: t.knights,
        captives: Default::default(),
        how: MoveHow::Normal,
    })
}

/// The Villages where `p` has a free Lord during his Movement: the armies he may try to
/// drag, whether or not a Move is open to them (a drag that cannot be made says why).
pub fn armies(g: &Game, p: fief::rules::PlayerId) -> Vec<VillageId> {
    if g.prompt()
        .is_none_or(|pr| pr.player != p || pr.kind != fief::rules::PromptKind::Movement)
    {
        return Vec::new();
    }
    let mut out: Vec<VillageId> = g
        .lords
        .iter()
        .filter(|l| l.owner == p && l.captor.is_none())
        .map(|l| l.village)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The Villages an army can be dragged from on `p`'s decision: every one with Troops or a
/// free Lord in it. A drag that cannot be made says why (`why_no_move`), whoever's army it is
/// and whatever the step.
pub fn drag_sources(g: &Game) -> Vec<VillageId> {
    let mut out: Vec<VillageId> = g
        .villages
        .iter()
        .enumerate()
        .filter(|(_, v)| v.troops.iter().any(|t| t.count() > 0))
        .map(|(i, _)| i as VillageId)
        .chain(
            g.lords
                .iter()
                .filter(|l| l.captor.is_none())
                .map(|l| l.village),
        )
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Why an army dragged from `from` to `to` cannot go there, for `p`: the engine's refusal of
/// the whole army's Move, or that it is not his army, or not his Movement step. None when it
/// can.
pub fn why_no_move(
    g: &Game,
    p: fief::rules::PlayerId,
    from: VillageId,
    to: VillageId,
) -> Option<String> {
    let has_lord = g
        .lords
        .iter()
        .any(|l| l.owner == p && l.village == from && l.captor.is_none());
    if !has_lord {
        return Some(crate::ui::tr(
            "only your own armies move, and an army moves with one of its Lords (5.0).",
        ));
    }
    if !armies(g, p).contains(&from) {
        return Some(crate::ui::tr("armies move in your Movement step (5.0)."));
    }
    g.check(p, &whole_army(g, p, from, to))
        .err()
        .map(|e| crate::ui::words::messages::rule_error(&e))
}

/// Why a click on `v` does nothing for `p` now (with `sel` selected): the engine's refusal of
/// what the step would do there (choose it to start, place a Lord or play the Lord card
/// selected there, buy a Man-at-Arms, move the army out by any road, attack, pillage). None
/// when no such question fits the step.
pub fn why_nothing_at(
    g: &Game,
    p: fief::rules::PlayerId,
    sel: &Selection,
    v: VillageId,
) -> Option<String> {
    use fief::rules::PromptKind;
    let pr = g.prompt().filter(|pr| pr.player == p)?;
    let lord_here = g
        .lords
        .iter()
        .any(|l| l.owner == p && l.village == v && l.captor.is_none());
    if pr.kind == PromptKind::Movement && !lord_here && !matches!(sel, Selection::Card(_)) {
        return Some(crate::ui::tr(
            "no army of yours stands there: an army moves with one of its Lords (5.0).",
        ));
    }
    let tries: Vec<Action> = match (sel, &pr.kind) {
        (Selection::Card(Card::Lord(l)), _) => vec![Action::PlayLord {
            lord: *l,
            village: v,
            crown_prince: false,
        }],
        (_, PromptKind::StartVillage) => vec![Action::ChooseStart(v)],
        (_, PromptKind::PlaceLord { .. }) => vec![Action::PlaceLord(v)],
        (_, PromptKind::Purchase) => vec![Action::BuyMaa(v)],
        (_, PromptKind::Movement) => g
            .map
            .villages
            .get(v as usize)?
            .neighbours
            .iter()
            .map(|&to| whole_army(g, p, v, to))
            .filter(|a| matches!(a, Action::Move(m) if !m.lords.is_empty()))
            .collect(),
        (_, PromptKind::Battles) => (0..g.n())
            .filter(|&q| q != p)
            .map(|q| Action::DeclareBattle {
                village: v,
                against: q,
            })
            .collect(),
        (_, PromptKind::Pillage) => vec![Action::Pillage(v)],
        _ => Vec::new(),
    };
    tries
        .iter()
        .find_map(|a| g.check(p, a).err())
        .map(|e| crate::ui::words::messages::rule_error(&e))
}

/// How many Fortune cards `p` may draw now one after the other (2.1: up to his hand's limit,
/// while the deck lasts), counted on a copy of what he sees.
pub fn fortune_draws(g: &Game, p: fief::rules::PlayerId) -> u32 {
    let mut h = g.clone_lean();
    h.quiet = true;
    let mut n = 0;
    while n < 8 && h.check(p, &Action::DrawFortune).is_ok() {
        if h.apply(p, Action::DrawFortune).is_err() {
            break;
        }
        n += 1;
    }
    n
}

/// Groups of buttons for the prompt bar: actions of one kind share a menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub title: String,
    pub items: Vec<(String, Action)>,
}

pub fn groups(g: &Game, actions: &[Action]) -> (Vec<Group>, Vec<(String, Action)>) {
    let mut out: Vec<Group> = Vec::new();
    let mut finish = Vec::new();
    for a in actions {
        let label = crate::ui::words::actions::action(g, a);
        if is_finish(a) {
            finish.push((label, a.clone()));
            continue;
        }
        // An action that stands alone is a group of one, under its own label.
        let Some(title) = crate::ui::words::actions::action_group(a) else {
            out.push(Group {
                title: label.clone(),
                items: vec![(label, a.clone())],
            });
            continue;
        };
        match out.iter_mut().find(|gr| gr.title == title) {
            Some(gr) => gr.items.push((label, a.clone())),
            None => out.push(Group {
                title,
                items: vec![(label, a.clone())],
            }),
        }
    }
    (out, finish)
}
