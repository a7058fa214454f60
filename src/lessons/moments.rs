//! The moments of the first game at which the coach speaks: what the learner faces now,
//! read from the game and its legal actions (never from what he may not know). The window
//! shows each moment once a game.

use super::LEARNER;
use crate::rules::events::n_;
use crate::rules::{Action, Game, PromptKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Moment {
    /// §4: the first decision of the game.
    StartVillage,
    /// 4.0: the learner's first purchase.
    FirstPurchase,
    /// 4.3: one Village short of every Village of a Fief whose title nobody holds.
    OneVillageShort,
    /// 4.3: a Fief Title is on offer to him.
    TitleInReach,
    /// 5.0: his first Movement turn.
    FirstMove,
    /// 6.0: his first battle.
    FirstBattle,
    /// 1.3: his first vote.
    FirstVote,
    /// 1.1: his first chance to propose a marriage.
    FirstMarriage,
}

impl Moment {
    /// What the coach says (an English msgid).
    pub fn words(self) -> &'static str {
        match self {
            Moment::StartVillage => n_("Choose where your family begins. A Village far from the others, in a small Fief you could take whole, lets you grow in peace."),
            Moment::FirstPurchase => n_("Your first purchase. Men-at-Arms are cheap, Knights are strong, and Mills raise your income in every round to come. A title needs every Village of its Fief, a Stronghold and a Lord of yours with room for it."),
            Moment::OneVillageShort => n_("One Village is all that is missing for a Fief Title. The How to Win button, in the header, says which one, and what else the title needs."),
            Moment::TitleInReach => n_("A Fief Title is within reach: it is on the Purchases page now. Each title is 1 VP, and 3 VP win the game."),
            Moment::FirstMove => n_("Your first Movement. Drag an army to a lit neighbour; each Lord has 2 Moves. An empty Village is yours while your Lords or Troops stay in it."),
            Moment::FirstBattle => n_("Your first battle. The odds were shown before the attack; the battle goes on until one side is gone, surrenders or agrees to a truce."),
            Moment::FirstVote => n_("An election. Your votes depend on it: Villages and churchmen for a Bishop, Cardinals for the Pope, titled Lords for the King. Both your markers lie face down, so the decoy hides whom you really back."),
            Moment::FirstMarriage => n_("You may propose a marriage. An ally may fight on your side, but allies win only together, with 4 VP."),
        }
    }
}

/// The moments the learner is at in `g`, in the order the coach speaks of them.
pub fn moments(g: &Game) -> Vec<Moment> {
    let Some(p) = g.prompt() else {
        return Vec::new();
    };
    if p.player != LEARNER {
        return Vec::new();
    }
    let legal = g.legal_actions(LEARNER);
    let mut out = Vec::new();
    match p.kind {
        PromptKind::StartVillage => out.push(Moment::StartVillage),
        PromptKind::Marriage
            if legal
                .iter()
                .any(|a| matches!(a, Action::ProposeMarriage { .. })) =>
        {
            out.push(Moment::FirstMarriage)
        }
        PromptKind::Vote(_) => out.push(Moment::FirstVote),
        PromptKind::Purchase => out.push(Moment::FirstPurchase),
        PromptKind::Movement => out.push(Moment::FirstMove),
        _ => {}
    }
    // 4.3, as the learner knows it (Game::outlook): the Fief nearest to him.
    let outlook = g.outlook(Some(LEARNER));
    if outlook
        .of(LEARNER)
        .and_then(|o| o.nearest_fief())
        .is_some_and(|f| f.holder.is_none() && f.missing.len() == 1)
    {
        out.push(Moment::OneVillageShort);
    }
    if legal.iter().any(|a| matches!(a, Action::BuyTitle { .. })) {
        out.push(Moment::TitleInReach);
    }
    if g.battle
        .as_ref()
        .is_some_and(|b| b.sides.iter().any(|s| s.contains(&LEARNER)))
    {
        out.push(Moment::FirstBattle);
    }
    out
}
