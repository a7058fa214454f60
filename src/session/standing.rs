//! Standing orders: decisions the session takes for a human, the way he asked, until the
//! order runs out ("Done until my purchases", "Fight to the end", "Pass until this phase ends").

use crate::map::VillageId;
use crate::rules::{Action, Game, PlayerId, PromptKind};
use std::mem::Discriminant;

/// A human's standing order: decisions the session takes for him, the way he asked, until
/// the order runs out. Nothing is decided that the rules would not let him decide himself.
/// A player may hold one order of each kind at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// End each step he may simply end (marriages, playing cards) and pass each reaction
    /// window, until his purchases (4.0); a question that needs an answer (a vote, a
    /// nomination, a battle) is still asked, and so are his draw while he may draw a card
    /// (2.1: which cards, if any, is his choice) and his Play Cards step while he can play a
    /// Lord card (2.4.1: a Lord just drawn is his to place).
    UntilPurchases,
    /// Roll now, and again after each roll of this battle (round, Village) until it ends; a
    /// truce offered is refused; what else the battle asks him (his casualties) is still his
    /// to answer. After the first roll it stops by itself before a roll in which the other
    /// side could hit one of his Lords, or when the odds have turned against him, unless
    /// that danger already held when he gave the order and his side has lost no Troops
    /// since; it never rolls for a side without dice (see [`FightStop`]).
    FightOn { round: u16, village: VillageId },
    /// Pass every reaction window (holding his "any time" cards) until the phase of this
    /// round ends.
    PassWindows { round: u16, phase: u8 },
    /// Give the same answer to every yes-or-no question of this kind (permission to pass,
    /// a marriage proposal...) until the phase of this round ends.
    Answer {
        kind: Discriminant<PromptKind>,
        yes: bool,
        round: u16,
        phase: u8,
    },
}

impl Standing {
    /// Whether `a`, among the player's `legal` actions, ends a step that "Done until my
    /// purchases" ends for him: the marriages, a reaction window, playing cards unless a
    /// Lord card can be played (2.4.1), and the draw only when no card can be drawn (2.1:
    /// a full hand or empty decks). Ending a draw he could make, or a Lord he could place,
    /// would take them from him unasked.
    pub fn routine_end(a: &Action, legal: &[Action]) -> bool {
        match a {
            Action::EndMarriages | Action::Pass => true,
            Action::EndPlayCards => !legal.iter().any(|x| matches!(x, Action::PlayLord { .. })),
            Action::EndDraw => !legal
                .iter()
                .any(|x| matches!(x, Action::DrawFortune | Action::DrawLord)),
            _ => false,
        }
    }

    /// Whether two orders are of one kind, of which a player holds one at a time: the same
    /// order, or standing answers to the same kind of question.
    pub fn same_kind(&self, other: &Standing) -> bool {
        match (self, other) {
            (Standing::Answer { kind: a, .. }, Standing::Answer { kind: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// Whether the order has run out in `g`: its battle, its phase or the game is over. (The
    /// one until the purchases runs out when they come.)
    pub fn ran_out(&self, g: &Game) -> bool {
        match *self {
            _ if g.is_over() => true,
            Standing::UntilPurchases => g.phase.number() > 4,
            Standing::FightOn { round, village } => {
                g.round != round || g.battle.as_ref().is_none_or(|b| b.village != village)
            }
            Standing::PassWindows { round, phase } | Standing::Answer { round, phase, .. } => {
                g.round != round || g.phase.number() != phase
            }
        }
    }

    /// The order that passes every reaction window of this phase.
    pub fn pass_windows(g: &Game) -> Standing {
        Standing::PassWindows {
            round: g.round,
            phase: g.phase.number(),
        }
    }

    /// The order that answers every question of the kind `prompt` asks, the same way, for
    /// the rest of this phase (None when `prompt` is not a yes-or-no question).
    pub fn answer_all(g: &Game, kind: &PromptKind, yes: bool) -> Option<Standing> {
        kind.is_question().then(|| Standing::Answer {
            kind: std::mem::discriminant(kind),
            yes,
            round: g.round,
            phase: g.phase.number(),
        })
    }
}

/// Why "fight to the end" stopped before a roll and left the decision to the player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FightStop {
    /// His side would roll no dice: it could not hit anything.
    NoDice,
    /// The other side's roll could kill every Troop of his side, and then his Lords fall or
    /// are captured (6.2.2).
    LordsExposed,
    /// His side is now likelier to lose than to win, and less likely to win than when he
    /// gave the order.
    OddsTurned { win: f64, lose: f64 },
}

/// Whether `p`, fighting in the battle under way, should be asked before its next roll
/// rather than roll on by a standing order given when his chance of winning was
/// `win_at_start`.
pub fn fight_stop(g: &Game, p: PlayerId, win_at_start: f64) -> Option<FightStop> {
    let b = g.battle.as_ref()?;
    let s = b.sides.iter().position(|side| side.contains(&p))?;
    if g.battle_dice()[s] == 0 {
        return Some(FightStop::NoDice);
    }
    let lords_here = g
        .lords
        .iter()
        .any(|l| l.owner == p && l.village == b.village && l.captor.is_none());
    if lords_here && g.battle_max_hits()[1 - s] >= g.side_troop_hits(s) {
        return Some(FightStop::LordsExposed);
    }
    let (win, lose) = battle_odds(g, s)?;
    (win < lose && win < win_at_start).then_some(FightStop::OddsTurned { win, lose })
}

/// The chance, for the battles rolled for a player (`Settings::roll_for_me`), below which a
/// Lord exposed (`FightStop::LordsExposed`) does not stop them: one in four. The bound
/// "could kill every Troop" holds for many rolls nobody fears (every die on its best face);
/// a player wants the dice back when the loss of his Lord has become a real prospect.
pub const LORD_RISK: f64 = 0.25;

/// The margin by which his chance of losing must pass his chance of winning for the battles
/// rolled for a player to leave him the dice (`FightStop::OddsTurned`): 5 points. A battle
/// at even odds, shown as "win 35%, lose 35%", is not one that turned against him.
pub const ODDS_MARGIN: f64 = 0.05;

/// Whether a stop of "fight to the end" is worth the dice being left to a player in the
/// battles rolled for him unasked (`Settings::roll_for_me`): no dice, always; a Lord
/// exposed, when its loss is a real prospect ([`LORD_RISK`]); the odds, when he is likelier
/// to lose than to win by [`ODDS_MARGIN`] at least.
pub fn worth_asking(g: &Game, p: PlayerId, why: &FightStop) -> bool {
    match *why {
        FightStop::NoDice => true,
        FightStop::LordsExposed => lord_risk(g, p) >= LORD_RISK,
        FightStop::OddsTurned { win, lose } => lose - win >= ODDS_MARGIN,
    }
}

/// The chance that the other side's next roll kills every Troop of `p`'s side in the battle
/// under way (6.2.2: the hits beyond fall on its Lords), from the dice it rolls and the
/// battle die's faces; the bonus hits (a Cavalcade's, the Spear's) counted on every roll.
pub fn lord_risk(g: &Game, p: PlayerId) -> f64 {
    let Some(b) = g.battle.as_ref() else {
        return 0.0;
    };
    let Some(s) = b.sides.iter().position(|side| side.contains(&p)) else {
        return 0.0;
    };
    let dice = g.battle_dice()[1 - s];
    let top = g.options.battle_die.iter().copied().max().unwrap_or(0) as u32;
    let bonus = g.battle_max_hits()[1 - s].saturating_sub(dice * top);
    let need = g.side_troop_hits(s).saturating_sub(bonus) as usize;
    crate::bots::odds::hits_distribution(dice, g.options.battle_die)
        .iter()
        .skip(need)
        .sum()
}

/// The hits the Troops of `p`'s side in the battle under way can take (0 out of it).
pub(super) fn side_troop_hits(g: &Game, p: PlayerId) -> u32 {
    g.battle
        .as_ref()
        .and_then(|b| b.sides.iter().position(|side| side.contains(&p)))
        .map_or(0, |s| g.side_troop_hits(s))
}

/// The chances of side `s` of the battle under way to win and to lose it (draws apart).
pub(super) fn battle_odds(g: &Game, s: usize) -> Option<(f64, f64)> {
    let c = crate::bots::odds::battle_prospect(g)?.chances;
    Some(if s == 0 {
        (c.win, c.lose)
    } else {
        (c.lose, c.win)
    })
}

/// Whether a human's step or reaction window holds nothing worth doing, so that a player who
/// asked for it (Preferences) has it ended or passed for him: among his `legal` actions,
/// nothing but the step's end (or "Pass"), the pillage of his own Mills (6.5: a Denier now
/// for an income lost for good), and the "any time" actions he can as well take in any step
/// of his own: Diplomacy offers (8.0), a Cardinal or d'ARC card, handing over a Village,
/// lifting a siege, relics, the Pope's decisions. A Move, a purchase, a battle, a draw, a
/// card that strikes or answers (Uprising, Assassination, Justice, Ambush, Secret Passage)
/// keeps the step his. Returns the action that ends it.
pub fn idle_step_end(g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
    let end = legal.iter().find(|a| a.ends_step())?;
    let idle = legal.iter().all(|a| match a {
        _ if a == end => true,
        Action::OfferDeniers { .. }
        | Action::OfferCard { .. }
        | Action::AskDeniers { .. }
        | Action::PlayCardinal { .. }
        | Action::PlayDarc { .. }
        | Action::HandControl { .. }
        | Action::EndSiege(_)
        | Action::TakeRelic { .. }
        | Action::OfferRelic { .. }
        | Action::Excommunicate(_)
        | Action::LiftExcommunication(_)
        | Action::RequestAnnulment(_) => true,
        Action::Pillage(v) => g
            .villages
            .get(*v as usize)
            .is_some_and(|vs| vs.controller == Some(p)),
        _ => false,
    });
    idle.then(|| end.clone())
}

/// A standing order held: whose, which, and when it was given (the game's number of actions
/// then, and the chance of winning the battle when it is a [`Standing::FightOn`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Order {
    pub(super) player: PlayerId,
    pub(super) order: Standing,
    pub(super) given_at: usize,
    pub(super) win_at_start: f64,
    /// The danger that already held when a "fight to the end" was given, and the hits his
    /// side's Troops could take then: the player saw it and fights on, so the order stops
    /// for it again only once his side has lost Troops since.
    pub(super) accepted: Option<(Discriminant<FightStop>, u32)>,
    /// Given by the session itself (the battles rolled for him, `Settings::roll_for_me`),
    /// not by the player: a truce offered meanwhile is still his to answer.
    pub(super) by_session: bool,
}
