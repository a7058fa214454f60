//! How the engine's legal actions become clicks: which Villages light up on the map, which
//! cards in the hand can be played, which buttons the prompt bar shows, and what a click on a
//! Village does. Pure logic over `legal_actions`: the UI never decides what is legal.
//!
//! Every legal action is reachable: an action tied to a card goes through that card in the
//! hand; one tied to a Village through a click on it (a Move through its starting Village,
//! then its destination and the move composer); every other one is a button.

use fief::map::VillageId;
use fief::rules::{Action, Card, Casualty, Game, LordId, MoveHow, MoveOrder};

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

/// Where an army sets out from: its Lords' Village.
pub fn move_from(g: &Game, m: &MoveOrder) -> Option<VillageId> {
    g.lord(*m.lords.first()?).map(|l| l.village)
}

/// Decisions that close a step ("Done", "Pass"): shown apart, at the end of the bar.
pub fn is_finish(a: &Action) -> bool {
    a.ends_step()
}

/// The Villages that react to a click now.
pub fn highlights(g: &Game, pool: &[Action], sel: &Selection) -> Vec<VillageId> {
    let mut out: Vec<VillageId> = match sel {
        Selection::None => pool
            .iter()
            .filter(|a| a.card().is_none())
            .filter_map(|a| anchor(g, a))
            .collect(),
        Selection::Village(v) => pool
            .iter()
            .filter_map(|a| match a {
                Action::Move(m) if move_from(g, m) == Some(*v) => Some(m.to),
                _ => None,
            })
            .collect(),
        Selection::Card(c) => pool
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
pub fn listed(g: &Game, pool: &[Action], sel: &Selection) -> Vec<Action> {
    pool.iter()
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
pub fn playable_cards(pool: &[Action]) -> Vec<Card> {
    let mut out: Vec<Card> = pool.iter().filter_map(Action::card).collect();
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
pub fn click(g: &Game, pool: &[Action], sel: &Selection, v: VillageId) -> Click {
    match sel {
        Selection::Village(from) if *from != v && highlights(g, pool, sel).contains(&v) => {
            return Click::Select(Selection::MoveTo(*from, v));
        }
        Selection::Card(c) => {
            let here: Vec<&Action> = pool
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
    let here: Vec<&Action> = pool
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
pub fn roads(g: &Game, pool: &[Action]) -> Vec<(VillageId, VillageId)> {
    let mut out: Vec<(VillageId, VillageId)> = pool
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
pub fn drag(g: &Game, pool: &[Action], from: VillageId, to: VillageId) -> Click {
    if moves_on(g, pool, from, to).next().is_none() {
        return Click::Ignore;
    }
    match default_draft(g, pool, from, to).and_then(|d| draft_legal(g, pool, from, &d)) {
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
        .map(|e| crate::ui::words::text::rule_error(&e))
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
        .map(|e| crate::ui::words::text::rule_error(&e))
}

/// Why card `c` in `p`'s hand cannot be played now: the engine's refusal of a use of it (on
/// his first Lord, a Village of his, the first Bishopric or Fief...). None when no use fits.
pub fn why_card_waits(g: &Game, p: fief::rules::PlayerId, c: Card) -> Option<String> {
    let mine: Vec<&fief::rules::Lord> = g.lords.iter().filter(|l| l.owner == p).collect();
    let lord = mine.first().map_or(0, |l| l.id);
    let village = mine.first().map_or(0, |l| l.village);
    let other = g.lords.iter().find(|l| l.owner != p).map_or(0, |l| l.id);
    let tries: Vec<Action> = match c {
        Card::Lord(l) => vec![Action::PlayLord {
            lord: l,
            village,
            crown_prince: false,
        }],
        Card::Cardinal => vec![Action::PlayCardinal { lord }],
        Card::Darc => vec![Action::PlayDarc { lady: lord }],
        Card::Harvest => vec![Action::PlayHarvest(0)],
        Card::GoodWeather => vec![Action::PlayGoodWeather(0)],
        Card::Taxes => vec![Action::PlayTallage { lord, fief: 0 }],
        Card::Uprising => vec![Action::PlayUprising {
            village,
            first: None,
        }],
        Card::SecretPassage => vec![Action::SecretPassage(fief::rules::PassageUse::Battle)],
        Card::Assassination => vec![Action::PlayAssassination {
            target: other,
            sponsor: lord,
        }],
        Card::Justice => vec![Action::PlayJustice(other)],
        Card::Ambush => vec![Action::PlayAmbush(other)],
        Card::HeavyRain | Card::Famine | Card::Plague => Vec::new(),
    };
    tries
        .iter()
        .find_map(|a| g.check(p, a).err())
        .map(|e| crate::ui::words::text::rule_error(&e))
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

/// Whether `pool` is a choice of casualties (6.2.2): then every loss of the roll is chosen at
/// once, in the losses composer.
pub fn losses_step(pool: &[Action]) -> bool {
    pool.iter().any(|a| matches!(a, Action::Casualty(_)))
        && pool
            .iter()
            .all(|a| matches!(a, Action::Casualty(_)) || fief::rules::is_any_time_action(a))
}

/// The casualties of one decision, counted: how many of each (a Man-at-Arms or a Knight of a
/// player, a Lord once).
pub type LossCounts = Vec<(Casualty, u8)>;

/// Whether `g` still asks `p` for casualties at `village`.
fn asks_losses(g: &Game, p: fief::rules::PlayerId, village: VillageId) -> bool {
    g.prompt().is_some_and(|pr| {
        pr.player == p
            && matches!(pr.kind, fief::rules::PromptKind::Losses { village: v, .. } if v == village)
    })
}

/// The Village of the losses `g` asks `p` for now.
fn losses_at(g: &Game, p: fief::rules::PlayerId) -> Option<VillageId> {
    match g.prompt()?.kind {
        fief::rules::PromptKind::Losses { village, .. } if g.prompt()?.player == p => Some(village),
        _ => None,
    }
}

/// How many of `kind` the losses between `before` and `after` took at `village`: Troops
/// fewer, or a Lord dead (1).
fn lost(before: &Game, after: &Game, village: VillageId, kind: Casualty) -> u8 {
    let troops = |g: &Game, q: fief::rules::PlayerId| {
        g.villages
            .get(village as usize)
            .map(|v| v.troops[q as usize])
            .unwrap_or_default()
    };
    match kind {
        Casualty::Maa(q) => troops(before, q).maa.saturating_sub(troops(after, q).maa),
        Casualty::Knight(q) => troops(before, q)
            .knights
            .saturating_sub(troops(after, q).knights),
        Casualty::Lord(l) => u8::from(before.lord(l).is_some() && after.lord(l).is_none()),
    }
}

/// The casualties `p` may choose in this decision, and the rules' default choice among
/// them (6.2.2): Men-at-Arms before Knights, one's own before a partner's, Lords last, the
/// least titled first. Each kind comes with the most of it there is (the Troops there, a
/// Lord once); the default counts every loss it takes, those the rules then force included.
pub fn default_losses(g: &Game, p: fief::rules::PlayerId) -> (LossCounts, Vec<(Casualty, u8)>) {
    let Some(village) = losses_at(g, p) else {
        return (Vec::new(), Vec::new());
    };
    let rank = |g: &Game, c: &Casualty| match *c {
        Casualty::Maa(q) => (0, u8::from(q != p), 0),
        Casualty::Knight(q) => (1, u8::from(q != p), 0),
        Casualty::Lord(l) => (
            2,
            u8::from(g.lord(l).is_some_and(|x| x.owner != p)),
            crate::ui::words::text::lord_titles(g, l).len(),
        ),
    };
    let mut h = g.clone_lean();
    h.quiet = true;
    let mut kinds: Vec<(Casualty, u8)> = Vec::new();
    for _ in 0..256 {
        if !asks_losses(&h, p, village) {
            break;
        }
        let mut offered: Vec<Casualty> = h
            .legal_actions(p)
            .into_iter()
            .filter_map(|a| match a {
                Action::Casualty(c) => Some(c),
                _ => None,
            })
            .collect();
        for c in &offered {
            if !kinds.iter().any(|(k, _)| k == c) {
                let most = match *c {
                    Casualty::Maa(q) => g.villages[village as usize].troops[q as usize].maa,
                    Casualty::Knight(q) => g.villages[village as usize].troops[q as usize].knights,
                    Casualty::Lord(_) => 1,
                };
                kinds.push((*c, most));
            }
        }
        offered.sort_by_key(|c| rank(&h, c));
        let Some(c) = offered.first().copied() else {
            break;
        };
        if h.apply(p, Action::Casualty(c)).is_err() {
            break;
        }
    }
    kinds.sort_by_key(|(c, _)| rank(g, c));
    let plan = kinds
        .iter()
        .map(|(c, _)| (*c, lost(g, &h, village, *c)))
        .filter(|(_, n)| *n > 0)
        .collect();
    (plan, kinds)
}

/// The casualties of `counts` as the actions that take them, in an order the rules accept
/// one by one (the losses the rules then force are taken by the engine itself); or why they
/// are not the losses this decision asks for (not the most the hits can take, or more).
pub fn losses_plan(
    g: &Game,
    p: fief::rules::PlayerId,
    counts: &[(Casualty, u8)],
) -> Result<Vec<Action>, String> {
    let village = losses_at(g, p).ok_or_else(|| crate::ui::tr("No losses are asked now."))?;
    let wanted = |c: Casualty| counts.iter().find(|(k, _)| *k == c).map_or(0, |(_, n)| *n);
    let mut h = g.clone_lean();
    h.quiet = true;
    let mut out = Vec::new();
    while asks_losses(&h, p, village) {
        let legal = h.legal_actions(p);
        let next = legal.iter().find_map(|a| match a {
            Action::Casualty(c) if lost(g, &h, village, *c) < wanted(*c) => Some(*c),
            _ => None,
        });
        let Some(c) = next else {
            return Err(crate::ui::tr(
                "These are not the losses the hits ask for: the rules take as many hits as the Troops can absorb (a Knight counts 3), and Lords only when no Troop is left (6.2.2).",
            ));
        };
        let a = Action::Casualty(c);
        h.apply(p, a.clone())
            .map_err(|e| crate::ui::words::text::rule_error(&e))?;
        out.push(a);
    }
    // Every kind counts, those left at 0 too: a loss the rules forced is one chosen.
    let (_, kinds) = default_losses(g, p);
    if kinds
        .iter()
        .map(|(c, _)| *c)
        .chain(counts.iter().map(|(c, _)| *c))
        .any(|c| lost(g, &h, village, c) != wanted(c))
    {
        return Err(crate::ui::tr(
            "These are not the losses the hits ask for: the rules take as many hits as the Troops can absorb (a Knight counts 3), and Lords only when no Troop is left (6.2.2).",
        ));
    }
    Ok(out)
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
}

fn moves_on<'a>(
    g: &'a Game,
    pool: &'a [Action],
    from: VillageId,
    to: VillageId,
) -> impl Iterator<Item = &'a MoveOrder> + 'a {
    pool.iter().filter_map(move |a| match a {
        Action::Move(m) if m.to == to && move_from(g, m) == Some(from) => Some(m),
        _ => None,
    })
}

pub fn move_options(
    g: &Game,
    pool: &[Action],
    from: VillageId,
    to: VillageId,
    lords: &[LordId],
    how: MoveHow,
) -> MoveOptions {
    let mut o = MoveOptions::default();
    for m in moves_on(g, pool, from, to) {
        for l in &m.lords {
            if !o.lords.contains(l) {
                o.lords.push(*l);
            }
        }
        if !o.hows.contains(&m.how) {
            o.hows.push(m.how);
        }
        if m.lords[..] == *lords && m.how == how {
            o.max_maa = o.max_maa.max(m.maa);
            o.max_knights = o.max_knights.max(m.knights);
            o.captives |= !m.captives.is_empty();
        }
    }
    o.lords.sort_unstable();
    o
}

/// The composer's first proposal: the largest army on this road, the plain way if open, with
/// every Troop it may take.
pub fn default_draft(
    g: &Game,
    pool: &[Action],
    from: VillageId,
    to: VillageId,
) -> Option<MoveDraft> {
    let rank = |h: MoveHow| match h {
        MoveHow::Normal => 0,
        MoveHow::Toll(n) => u16::from(n),
        MoveHow::Passage => 300,
        MoveHow::Cavalcade => 301,
    };
    let best = moves_on(g, pool, from, to).max_by_key(|m| {
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

/// The action in `pool` that a draft stands for, if it is legal. Lords are compared as sets.
pub fn draft_legal(g: &Game, pool: &[Action], from: VillageId, d: &MoveDraft) -> Option<Action> {
    let Action::Move(want) = draft_action(g, from, d) else {
        return None;
    };
    pool.iter()
        .find(|a| match a {
            Action::Move(m) => {
                let mut ls = m.lords.clone();
                ls.sort_unstable();
                let mut cs = m.captives.clone();
                cs.sort_unstable();
                ls == want.lords
                    && m.to == want.to
                    && m.maa == want.maa
                    && m.knights == want.knights
                    && m.how == want.how
                    && cs.is_empty() == want.captives.is_empty()
                    && move_from(g, m) == Some(from)
            }
            _ => false,
        })
        .cloned()
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
        let label = crate::ui::words::text::action(g, a);
        if is_finish(a) {
            finish.push((label, a.clone()));
            continue;
        }
        // An action that stands alone is a group of one, under its own label.
        let Some(title) = crate::ui::words::text::action_group(a) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::Options;

    /// Every action reachable by clicks from `pool`, following the rules of this module.
    fn reachable(g: &Game, pool: &[Action]) -> Vec<Action> {
        let mut out = listed(g, pool, &Selection::None);
        let mut sels = vec![Selection::None];
        for c in playable_cards(pool) {
            sels.push(Selection::Card(c));
            out.extend(listed(g, pool, &Selection::Card(c)));
        }
        for sel in sels {
            for v in highlights(g, pool, &sel) {
                match click(g, pool, &sel, v) {
                    Click::Apply(a) => out.push(a),
                    Click::Select(s) => {
                        out.extend(listed(g, pool, &s));
                        for w in highlights(g, pool, &s) {
                            if let Click::Select(Selection::MoveTo(from, to)) =
                                click(g, pool, &s, w)
                            {
                                // The composer may produce any Move within its options.
                                for a in pool {
                                    if let Action::Move(m) = a {
                                        if m.to != to || move_from(g, m) != Some(from) {
                                            continue;
                                        }
                                        let o = move_options(g, pool, from, to, &m.lords, m.how);
                                        assert!(m.maa <= o.max_maa && m.knights <= o.max_knights);
                                        let d = MoveDraft {
                                            to,
                                            lords: m.lords.to_vec(),
                                            maa: m.maa,
                                            knights: m.knights,
                                            captives: !m.captives.is_empty(),
                                            how: m.how,
                                        };
                                        if let Some(x) = draft_legal(g, pool, from, &d) {
                                            out.push(x);
                                            out.push(a.clone());
                                        }
                                    }
                                }
                            }
                        }
                    }
                    Click::Ignore => panic!("a highlighted Village ignores the click"),
                }
            }
        }
        out
    }

    #[test]
    fn every_legal_action_can_be_reached_by_clicks() {
        for seed in 1..6 {
            // The last games are played with every optional rule (relics among them).
            let all = seed >= 4;
            let options = Options {
                seed,
                relics: all,
                fog_of_war: all,
                open_diplomacy: all,
                hidden_money: all,
                gentle_start: all,
                ..Options::default()
            };
            let mut steps = 0;
            crate::ui::play_until_with(options, fief::bots::Level::Normal, 1500, |g, p| {
                let pool = g.legal_actions(p);
                let reached = reachable(g, &pool);
                for a in &pool {
                    if matches!(a, Action::Vote { .. }) {
                        continue; // the election dialog offers every ballot
                    }
                    assert!(
                        reached.contains(a),
                        "cannot reach {a:?} in {}",
                        g.phase_name()
                    );
                }
                steps += 1;
                false
            });
            assert!(steps > 100);
        }
    }

    #[test]
    fn clicking_a_start_village_applies_it_and_others_are_ignored() {
        let g = Game::new(Options::default()).unwrap();
        let p = g.to_act().unwrap();
        let pool = g.legal_actions(p);
        let hl = highlights(&g, &pool, &Selection::None);
        assert!(!hl.is_empty());
        assert_eq!(
            click(&g, &pool, &Selection::None, hl[0]),
            Click::Apply(Action::ChooseStart(hl[0]))
        );
    }

    #[test]
    fn a_lone_lord_moving_beside_an_army_is_foreseen_captured() {
        // FAQ 6.0: Grady's Beaudoin, alone, goes to Charolles where David has Troops and
        // Jeanne: he is captured on arrival. With a Man-at-Arms he is not.
        let sc = serde_json::json!({
            "players": ["Grady", "David", "Kirsten", "Gunter"],
            "seed": 3,
            "position": {
                "first": "Grady",
                "phase": "movement",
                "villages": {
                    "charolles": {"troops": {"David": [2, 0]}, "controller": "David"},
                    "blaye": {"troops": {"Grady": [1, 0]}},
                    "tournus": {"troops": {"Kirsten": [1, 0]}},
                    "bourg": {"troops": {"Gunter": [1, 0]}},
                },
                "lords": [
                    {"name": "Beaudoin", "owner": "Grady", "village": "blaye"},
                    {"name": "Jeanne", "owner": "David", "village": "charolles"},
                    {"name": "Charles", "owner": "Kirsten", "village": "tournus"},
                    {"name": "Eric", "owner": "Gunter", "village": "bourg"},
                ],
            },
            "script": [],
        });
        let g = fief::scenario::run(&sc.to_string()).unwrap().game;
        let pool = g.legal_actions(0);
        let (blaye, charolles) = (
            g.map.find_village("blaye").unwrap(),
            g.map.find_village("charolles").unwrap(),
        );
        let beaudoin = g.lords.iter().find(|l| l.owner == 0).unwrap().id;
        let mut d = MoveDraft {
            to: charolles,
            lords: vec![beaudoin],
            maa: 0,
            knights: 0,
            captives: false,
            how: MoveHow::Normal,
        };
        let alone = draft_legal(&g, &pool, blaye, &d).expect("a legal Move alone");
        assert_eq!(captured_on_arrival(&g, 0, &alone), vec![beaudoin]);
        d.maa = 1;
        let guarded = draft_legal(&g, &pool, blaye, &d).expect("a legal Move with a MaA");
        assert!(captured_on_arrival(&g, 0, &guarded).is_empty());
    }

    #[test]
    fn handing_over_a_village_takes_its_own_button() {
        // 5.1: the only action at a lit Village is handing it to another player; the click
        // selects the Village, and the hand-over is a button of the selection.
        let g = Game::new(Options::default()).unwrap();
        let hand = Action::HandControl { village: 3, to: 1 };
        let pool = vec![hand.clone(), Action::EndMovement];
        assert!(highlights(&g, &pool, &Selection::None).contains(&3));
        let sel = Selection::Village(3);
        assert_eq!(
            click(&g, &pool, &Selection::None, 3),
            Click::Select(sel.clone())
        );
        assert_eq!(listed(&g, &pool, &sel), vec![hand]);
    }

    #[test]
    fn a_card_selection_lights_up_its_villages() {
        // Play Cards with a Lord card in hand: the card lights up the player's Villages, and
        // playing a Lord is never offered through a Village alone.
        let found = crate::ui::play_until(fief::bots::Level::Normal, 0, 3000, |g, p| {
            let pool = g.legal_actions(p);
            let Some(Action::PlayLord { lord, village, .. }) = pool
                .iter()
                .find(|a| matches!(a, Action::PlayLord { .. }))
                .cloned()
            else {
                return false;
            };
            let sel = Selection::Card(Card::Lord(lord));
            assert!(highlights(g, &pool, &sel).contains(&village));
            assert!(!highlights(g, &pool, &Selection::None).iter().any(|v| {
                listed(g, &pool, &Selection::Village(*v))
                    .iter()
                    .any(|a| matches!(a, Action::PlayLord { .. }))
            }));
            true
        });
        assert!(found, "no Lord card was ever playable");
    }
}
