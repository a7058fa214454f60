//! The losses composer's plan (6.2.2): whether a decision is a choice of casualties, and the
//! actions that take a chosen count. What may be lost and the proposed choice are the
//! engine's (`Game::loss_choice`).

use fief::map::VillageId;
use fief::rules::{Action, Casualty, Game};

/// Whether `legal` is a choice of casualties (6.2.2): then every loss of the roll is chosen at
/// once, in the losses composer.
pub fn losses_step(legal: &[Action]) -> bool {
    legal.iter().any(|a| matches!(a, Action::Casualty(_)))
        && legal
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
            .map_err(|e| crate::ui::words::messages::rule_error(&e))?;
        out.push(a);
    }
    // Every kind counts, those left at 0 too: a loss the rules forced is one chosen.
    let kinds = g.loss_choice(p).map(|c| c.kinds).unwrap_or_default();
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
