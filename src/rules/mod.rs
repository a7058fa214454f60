//! The rules engine: a pure library with no GUI type in it.
//!
//! Contract: [`Game::prompt`] says who must decide what now,
//! [`Game::legal_actions`] enumerates every legal choice, [`Game::apply`] checks and applies one
//! (an illegal action is refused with a reason and leaves the state untouched), and
//! [`Game::view`] shows what one player may see.

/// A log message: `msg!("{p} buys a Mill in {v}.", p = ..., v = ...)`. The template is
/// English with named placeholders and is the gettext message id the app translates
/// (extracted by scripts/extract_messages.py); arguments become `events::Arg`s.
macro_rules! msg {
    ($id:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::rules::events::Msg::new(
            $id,
            None,
            0,
            vec![$((stringify!($k), $crate::rules::events::Arg::from($v))),*],
        )
    };
}

/// A log message with a singular and a plural template, chosen by `n` (also its `{n}`).
macro_rules! msgn {
    ($one:literal, $many:literal, $n:expr $(, $k:ident = $v:expr)* $(,)?) => {{
        let n = $n as i64;
        $crate::rules::events::Msg::new(
            $one,
            Some($many),
            n,
            vec![
                ("n", $crate::rules::events::Arg::Num(n))
                $(, (stringify!($k), $crate::rules::events::Arg::from($v)))*
            ],
        )
    }};
}

/// Writes a log entry: `say!(self, "6.0", msg!(...))`. The message is built only when the
/// game keeps a log (bots' simulations are quiet and skip the work).
macro_rules! say {
    ($g:expr, $section:expr, $msg:expr $(,)?) => {
        if !$g.quiet {
            let m = $msg;
            $g.say($section, m);
        }
    };
}

/// The same for an entry only `to` reads in full (`say_private!(self, sec, to, full, public)`).
macro_rules! say_private {
    ($g:expr, $section:expr, $to:expr, $msg:expr, $public:expr $(,)?) => {
        if !$g.quiet {
            let (m, p) = ($msg, $public);
            $g.say_private($section, $to, m, p);
        }
    };
}

pub mod actions;
mod anytime;
pub mod battle;
mod captives;
pub mod cards;
pub mod chain;
mod control;
mod death;
mod diplomacy;
mod draw;
mod elections;
pub mod events;
mod income;
mod movement;
mod pillage;
mod placement;
mod pope;
pub mod purchase;
mod questions;
mod reactions;
pub mod relics;
pub mod rng;
mod setup;
mod siege;
pub mod state;
pub mod told;
mod uprising;
mod victory;
mod view;

pub use actions::{Action, BadId, Casualty, PassageUse};
pub use cards::{Card, LordId, Sex};
pub use elections::{Count, ElectionResult};
pub use events::Event;
pub use state::*;
pub use view::{PlayerView, View};

use crate::map::{FiefId, VillageId};
use std::fmt;

/// Why an action was refused: the rule's section and the reason, in English (`reason`) and
/// as a message for translation (`why`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    pub section: &'static str,
    why: Why,
}

/// A refusal's reason: a literal (its own message id, and no allocation on the hot path of
/// legal-action enumeration) or a message with arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    Plain(&'static str),
    Msg(Box<events::Msg>),
}

impl From<&'static str> for Why {
    fn from(s: &'static str) -> Why {
        Why::Plain(s)
    }
}

impl From<events::Msg> for Why {
    fn from(m: events::Msg) -> Why {
        Why::Msg(Box::new(m))
    }
}

impl RuleError {
    pub fn new(section: &'static str, why: impl Into<Why>) -> RuleError {
        RuleError {
            section,
            why: why.into(),
        }
    }

    /// The reason as a message, for translation.
    pub fn msg(&self) -> events::Msg {
        match &self.why {
            Why::Plain(s) => events::Msg::from(*s),
            Why::Msg(m) => (**m).clone(),
        }
    }

    /// The reason in English.
    pub fn reason(&self) -> String {
        match &self.why {
            Why::Plain(s) => s.to_string(),
            Why::Msg(m) => m.english(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.section.is_empty() {
            write!(f, "{}", self.reason())
        } else {
            write!(f, "{} ({})", self.reason(), self.section)
        }
    }
}
impl std::error::Error for RuleError {}

/// Refuses an action under rule `section`: `refuse("5.0", "no such Village")` (a literal is
/// its own message id) or `refuse_with("5.0", || msg!(...))`.
pub(crate) fn refuse<T>(section: &'static str, why: impl Into<Why>) -> Result<T, RuleError> {
    Err(RuleError::new(section, why))
}

thread_local! {
    /// Set while legal actions are enumerated: refusals are only counted there, so their
    /// messages are not written (naming players, Villages and Fiefs costs allocations, and
    /// most candidates are refused).
    static TERSE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Refusals in this thread leave their arguments unwritten while it lives (see `TERSE`).
struct Terse(bool);

impl Terse {
    fn new() -> Terse {
        Terse(TERSE.with(|t| t.replace(true)))
    }
}

impl Drop for Terse {
    fn drop(&mut self) {
        TERSE.with(|t| t.set(self.0));
    }
}

/// `refuse` with a message written only when someone may read it: during the enumeration
/// of legal actions (`TERSE`) the refusal keeps its section and no words.
pub(crate) fn refuse_with<T>(
    section: &'static str,
    msg: impl FnOnce() -> events::Msg,
) -> Result<T, RuleError> {
    if TERSE.with(|t| t.get()) {
        Err(RuleError::new(section, Why::Plain("")))
    } else {
        Err(RuleError::new(section, msg()))
    }
}

/// What kind of decision is awaited.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum PromptKind {
    StartVillage,
    Marriage,
    MarriageAnswer {
        groom: LordId,
        bride: LordId,
        /// Deniers the proposer gives if the answer is yes (8.0).
        dowry: u8,
    },
    Nominate(ElectionKind),
    Vote(ElectionKind),
    DiscardDraw,
    PlagueLosses {
        village: VillageId,
        losses: u8,
    },
    ChooseHeir {
        fief: FiefId,
    },
    PlaceLord {
        lord: LordId,
    },
    PlayCards,
    RansomOffer {
        lord: LordId,
        price: u32,
    },
    RansomAnswer {
        lord: LordId,
        amount: u32,
    },
    GrantAnswer {
        fief: FiefId,
        lord: LordId,
        price: u32,
        village: Option<VillageId>,
    },
    CardinalConsent {
        lord: LordId,
    },
    /// ruling R-NEWLORD-LEAVE: give leave to place another player's new Lord in your Village.
    PlacementLeave {
        asker: PlayerId,
        lord: LordId,
        village: VillageId,
    },
    Purchase,
    /// 5.0: the player moves his armies, one Move at a time.
    Movement,
    /// 6.0, 6.4: the player declares battles, then sieges.
    Battles,
    /// 6.5.
    Pillage,
    /// A reaction window: play an "any time" card, or pass.
    Window {
        at: WindowAt,
    },
    /// 6.0: take a side in the battle, or stay out.
    BattleSide {
        village: VillageId,
    },
    /// 6.1, 6.3: the side's leader fights on, stops, surrenders or asks a truce.
    BattleChoice {
        village: VillageId,
        side: u8,
    },
    /// 6.2.2, 10.1: remove casualties worth `cost` hits, then `lords` Lords.
    Losses {
        village: VillageId,
        cost: u32,
        lords: u8,
    },
    /// 5.0: let another player's army pass, or refuse; `toll` Deniers are offered for it (8.0).
    Permission {
        mover: PlayerId,
        from: VillageId,
        to: VillageId,
        toll: u8,
    },
    /// 10.2.3: answer an Assassination or Ambush with a Secret Passage, or let it happen.
    Targeted {
        card: Card,
        target: LordId,
    },
    /// 10.1: add an Uprising card or a Secret Passage, or pass.
    UprisingJoin {
        village: VillageId,
    },
    /// 1.4, 1.5: try to stop the Uprising, or pass.
    UprisingStop {
        village: VillageId,
        lord: LordId,
    },
    /// 1.7: the Pope grants or refuses an annulment.
    Annulment {
        lord: LordId,
    },
    /// 8.0: accept or refuse a transfer.
    Deal {
        giver: PlayerId,
        receiver: PlayerId,
        deniers: u8,
        cards: Vec<Card>,
    },
    /// 6.3: accept or refuse a truce.
    Truce {
        proposer: PlayerId,
        /// Deniers offered to each player of the other side (0: none).
        price: u8,
    },
    /// 10.5: go on with the battle (accept) or end it (refuse).
    AmbushGoOn,
    /// 11.1: let another player's Lord take a relic in a Village you hold.
    RelicPermission {
        asker: PlayerId,
        lord: LordId,
        relic: relics::Relic,
    },
    /// 11.1, 8.0: accept a relic for one of your Lords (a Diplomacy marker).
    RelicOffer {
        giver: PlayerId,
        relic: relics::Relic,
        lord: LordId,
    },
    /// 11.1.1: roll the Eyes or the Bone for a card, or pass.
    RelicUse {
        relic: relics::Relic,
    },
    /// 11.1.1: use the Teeth of Saint Géronce, carried by `holder`, to save `lord` from
    /// death (accept), or let him die (refuse).
    Teeth {
        lord: LordId,
        holder: LordId,
    },
}

impl PromptKind {
    /// Decisions during which "any time" actions may also be taken (see anytime.rs).
    pub fn allows_any_time(&self) -> bool {
        matches!(
            self,
            PromptKind::Marriage
                | PromptKind::PlayCards
                | PromptKind::Purchase
                | PromptKind::Movement
                | PromptKind::Battles
                | PromptKind::Pillage
                | PromptKind::Window { .. }
                | PromptKind::BattleChoice { .. }
        )
    }

    /// Yes-or-no questions: answered by `Accept` or `Refuse` (and nothing else), every one
    /// of them routed by `Game::exec_answer` (questions.rs).
    pub fn is_question(&self) -> bool {
        match self {
            PromptKind::MarriageAnswer { .. }
            | PromptKind::RansomAnswer { .. }
            | PromptKind::GrantAnswer { .. }
            | PromptKind::CardinalConsent { .. }
            | PromptKind::PlacementLeave { .. }
            | PromptKind::Permission { .. }
            | PromptKind::Annulment { .. }
            | PromptKind::Deal { .. }
            | PromptKind::Truce { .. }
            | PromptKind::RelicPermission { .. }
            | PromptKind::RelicOffer { .. }
            | PromptKind::Teeth { .. }
            | PromptKind::AmbushGoOn => true,
            PromptKind::StartVillage
            | PromptKind::Marriage
            | PromptKind::Nominate(_)
            | PromptKind::Vote(_)
            | PromptKind::DiscardDraw
            | PromptKind::PlagueLosses { .. }
            | PromptKind::ChooseHeir { .. }
            | PromptKind::PlaceLord { .. }
            | PromptKind::PlayCards
            | PromptKind::RansomOffer { .. }
            | PromptKind::Purchase
            | PromptKind::Movement
            | PromptKind::Battles
            | PromptKind::Pillage
            | PromptKind::Window { .. }
            | PromptKind::BattleChoice { .. }
            | PromptKind::Losses { .. }
            | PromptKind::Targeted { .. }
            | PromptKind::UprisingJoin { .. }
            | PromptKind::UprisingStop { .. }
            | PromptKind::BattleSide { .. }
            | PromptKind::RelicUse { .. } => false,
        }
    }
}

/// Actions that may be taken "at any time" (ruling R-WINDOWS), checked by `check_any_time`.
pub fn is_any_time_action(a: &Action) -> bool {
    matches!(
        a,
        Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::PlayUprising { .. }
            | Action::SecretPassage(PassageUse::Battle | PassageUse::Escape(_))
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(_)
            | Action::PlayAmbush(_)
            | Action::Excommunicate(_)
            | Action::LiftExcommunication(_)
            | Action::RequestAnnulment(_)
            | Action::OfferDeniers { .. }
            | Action::OfferCard { .. }
            | Action::AskDeniers { .. }
            | Action::HandControl { .. }
            | Action::EndSiege(_)
            | Action::TakeRelic { .. }
            | Action::OfferRelic { .. }
    )
}

/// The most marriage proposals a bot makes in a round (see `Game::bot_actions`).
pub const BOT_PROPOSALS_A_ROUND: usize = 3;

/// Who decides what now, and the rule it comes from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Prompt {
    pub player: PlayerId,
    pub kind: PromptKind,
    pub section: &'static str,
}

impl Game {
    /// The decision the game is waiting for, or `None` once the game is over.
    pub fn prompt(&self) -> Option<Prompt> {
        let (player, kind, section) = if let Some(p) = self.pending.last() {
            match *p {
                Pending::MarriageAnswer {
                    groom,
                    bride,
                    proposer,
                    dowry,
                } => {
                    let other = self.answerer_of_marriage(proposer, groom, bride);
                    (
                        other,
                        PromptKind::MarriageAnswer {
                            groom,
                            bride,
                            dowry,
                        },
                        "1.1",
                    )
                }
                Pending::PlagueLosses {
                    player,
                    village,
                    losses,
                } => (
                    player,
                    PromptKind::PlagueLosses { village, losses },
                    "2.3.3",
                ),
                Pending::ChooseHeir { player, fief } => {
                    (player, PromptKind::ChooseHeir { fief }, "4.3.1")
                }
                Pending::PlaceLord { player, lord } => {
                    (player, PromptKind::PlaceLord { lord }, "2.4.1")
                }
                Pending::RansomOffer { lord } => {
                    let l = self.lord(lord)?;
                    (
                        l.owner,
                        PromptKind::RansomOffer {
                            lord,
                            price: self.ransom_price(lord),
                        },
                        "6.2.4",
                    )
                }
                Pending::RansomAnswer { lord, amount } => {
                    let l = self.lord(lord)?;
                    (
                        l.captor?,
                        PromptKind::RansomAnswer { lord, amount },
                        "6.2.4",
                    )
                }
                Pending::GrantAnswer {
                    fief,
                    lord,
                    price,
                    village,
                    ..
                } => {
                    let l = self.lord(lord)?;
                    (
                        l.owner,
                        PromptKind::GrantAnswer {
                            fief,
                            lord,
                            price,
                            village,
                        },
                        "4.3",
                    )
                }
                Pending::PlacementLeave {
                    player,
                    host,
                    lord,
                    village,
                    ..
                } => (
                    host,
                    PromptKind::PlacementLeave {
                        asker: player,
                        lord,
                        village,
                    },
                    "2.4.1",
                ),
                Pending::CardinalConsent { lord, .. } => {
                    let pope = self.lord(self.titles.pope?)?;
                    (pope.owner, PromptKind::CardinalConsent { lord }, "1.7")
                }
                Pending::Window { at, idx } => (self.seat(idx), PromptKind::Window { at }, "10.0"),
                // Settled by the engine as soon as they come to the top: nobody decides.
                Pending::PlagueStrike { .. } | Pending::PlagueEntry { .. } => return None,
                Pending::Battle => {
                    let (p, k) = self.battle_prompt()?;
                    (p, k, "6.0")
                }
                Pending::Losses {
                    chooser,
                    village,
                    cost,
                    lords,
                    ..
                } => (
                    chooser,
                    PromptKind::Losses {
                        village,
                        cost,
                        lords,
                    },
                    "6.2.2",
                ),
                Pending::Permission {
                    mover,
                    from,
                    ref order,
                    ref askees,
                } => (
                    *askees.last()?,
                    PromptKind::Permission {
                        mover,
                        from,
                        to: order.to,
                        toll: order.how.toll(),
                    },
                    "5.0",
                ),
                Pending::Targeted { card, target, .. } => (
                    self.lord(target)?.owner,
                    PromptKind::Targeted { card, target },
                    "10.2.3",
                ),
                Pending::Uprising { .. } => {
                    let (p, k) = self.uprising_prompt()?;
                    (p, k, "10.1")
                }
                Pending::Annulment { lord, .. } => {
                    (self.pope_player()?, PromptKind::Annulment { lord }, "1.7")
                }
                Pending::Deal {
                    giver,
                    receiver,
                    deniers,
                    ref cards,
                    answerer,
                } => (
                    answerer,
                    PromptKind::Deal {
                        giver,
                        receiver,
                        deniers,
                        cards: cards.clone(),
                    },
                    "8.0",
                ),
                Pending::Truce {
                    proposer,
                    ref askees,
                    price,
                } => {
                    let q = *askees.last()?;
                    // The price goes to the other side only (6.3, 8.0).
                    let same_side = self.battle.as_ref().is_some_and(|b| {
                        b.side_of(q).is_some() && b.side_of(q) == b.side_of(proposer)
                    });
                    let price = if same_side { 0 } else { price };
                    (q, PromptKind::Truce { proposer, price }, "6.3")
                }
                Pending::AmbushGoOn { player } => (player, PromptKind::AmbushGoOn, "10.5"),
                Pending::Teeth { lord } => {
                    let (holder, player) = self.teeth_for(lord)?;
                    (player, PromptKind::Teeth { lord, holder }, "11.1.1")
                }
                Pending::RelicPermission {
                    player,
                    lord,
                    relic,
                    answerer,
                } => (
                    answerer,
                    PromptKind::RelicPermission {
                        asker: player,
                        lord,
                        relic,
                    },
                    "11.1",
                ),
                Pending::RelicOffer {
                    giver,
                    relic,
                    lord,
                    answerer,
                } => (
                    answerer,
                    PromptKind::RelicOffer { giver, relic, lord },
                    "11.1",
                ),
                Pending::RelicUse { player, relic, .. } => {
                    (player, PromptKind::RelicUse { relic }, "11.1.1")
                }
            }
        } else {
            match &self.phase {
                Phase::Setup { idx } => (self.seat(*idx), PromptKind::StartVillage, "4"),
                Phase::Marriage { idx } => (self.seat(*idx), PromptKind::Marriage, "1.1"),
                Phase::Elections { election: Some(e) } => {
                    let sec = match e.kind {
                        ElectionKind::Bishop(_) => "1.4",
                        ElectionKind::Pope => "1.7",
                        ElectionKind::King => "1.8",
                    };
                    let p = self.seat(e.idx);
                    if e.voting {
                        (p, PromptKind::Vote(e.kind), sec)
                    } else {
                        (p, PromptKind::Nominate(e.kind), sec)
                    }
                }
                Phase::Draw { idx, .. } => (self.seat(*idx), PromptKind::DiscardDraw, "2.1"),
                Phase::PlayCards { idx } => (self.seat(*idx), PromptKind::PlayCards, "2.4"),
                Phase::Purchase { idx, .. } => (self.seat(*idx), PromptKind::Purchase, "4.0"),
                Phase::Movement { idx } => (self.seat(*idx), PromptKind::Movement, "5.0"),
                Phase::Battles { idx, .. } => (self.seat(*idx), PromptKind::Battles, "6.0"),
                Phase::Pillage { idx } => (self.seat(*idx), PromptKind::Pillage, "6.5"),
                _ => return None,
            }
        };
        Some(Prompt {
            player,
            kind,
            section,
        })
    }

    /// Whether something a player could not take back came to light between `before` and
    /// now: dice or any other draw of the generator, a card taken from a deck or put on a
    /// discard pile, a Disaster turned over, a private log entry (a card seen), ballots
    /// revealed. The app lets a player undo his decisions only back to such a moment
    /// (design: undo until dice or hidden information are revealed).
    pub fn revealed_since(&self, before: &Game) -> bool {
        self.rng != before.rng
            || self.lords_deck.len() != before.lords_deck.len()
            || self.fortune_deck.len() != before.fortune_deck.len()
            || self.lords_discard.len() != before.lords_discard.len()
            || self.fortune_discard.len() != before.fortune_discard.len()
            || self.track != before.track
            || self.last_election != before.last_election
            || self.log.len() < before.log.len()
            || self
                .log
                .since(before.log.len())
                .any(|e| e.private_to.is_some())
    }

    /// The player who must act now, if any.
    pub fn to_act(&self) -> Option<PlayerId> {
        self.prompt().map(|p| p.player)
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver)
    }

    /// Every legal action of `player` now (empty when it is not his decision).
    pub fn legal_actions(&self, player: PlayerId) -> Vec<Action> {
        self.enumerate(player, false)
    }

    /// The legal actions a bot weighs: the same as `legal_actions`, except that a Move takes
    /// none, one, about half, all but one or all of the army's MaA and Knights rather than
    /// every count in between (a Lord with 13 MaA and 8 Knights would otherwise have hundreds of Moves per
    /// road), and that a bot makes at most [`BOT_PROPOSALS_A_ROUND`] marriage proposals a round,
    /// none to a family it already exchanged one with this round. Every action listed is
    /// legal.
    pub fn bot_actions(&self, player: PlayerId) -> Vec<Action> {
        self.enumerate(player, true)
    }

    fn enumerate(&self, player: PlayerId, coarse: bool) -> Vec<Action> {
        let Some(prompt) = self.prompt() else {
            return Vec::new();
        };
        if prompt.player != player {
            return Vec::new();
        }
        let _terse = Terse::new();
        let mut out = self.candidate_actions(&prompt, coarse);
        out.retain(|a| {
            debug_assert!(self.is_normalised(a), "a candidate not in its listed form");
            self.check_prompted(player, a, &prompt).is_ok()
        });
        out
    }

    /// Whether "any time" actions may be taken at this decision: in the turns and reaction
    /// windows, and in the Discard step (FAQ Phase 2: an Opportunity card may be played
    /// instead of being discarded) but never once the Draw itself has begun (2.0).
    pub fn any_time_open(&self, prompt: &Prompt) -> bool {
        prompt.kind.allows_any_time()
            || (prompt.kind == PromptKind::DiscardDraw
                && matches!(self.phase, Phase::Draw { drawing: false, .. }))
    }

    /// A superset of the legal actions for a prompt; `check` filters it.
    fn candidate_actions(&self, prompt: &Prompt, coarse: bool) -> Vec<Action> {
        let mut out = self.phase_candidates(prompt, coarse);
        if self.any_time_open(prompt) {
            self.any_time_candidates(prompt.player, coarse, &mut out);
        }
        out
    }

    /// The candidates for the decision itself, without the "any time" actions.
    fn phase_candidates(&self, prompt: &Prompt, coarse: bool) -> Vec<Action> {
        let p = prompt.player;
        let nv = self.map.villages.len() as u8;
        let mut out = Vec::with_capacity(64);
        match &prompt.kind {
            PromptKind::StartVillage => out.extend((0..nv).map(Action::ChooseStart)),
            PromptKind::Marriage => {
                // 1.1, 8.0: with no dowry, or 1 to 3 Deniers the proposer has (11.3: any sum
                // under Open Diplomacy). Only pairs of an unmarried man and an unmarried Lady
                // are listed (`check` says the rest).
                let dowries = 0..=self.most_listed(self.players[p as usize].money, coarse);
                // Ruling R-BOT-MANNERS (not a rule): at most a few proposals a round, and none
                // to a family already asked this round (it said no, or it asked and was
                // refused).
                let asked = self.families_asked_in_marriage(p);
                if coarse && asked.len() >= BOT_PROPOSALS_A_ROUND {
                    out.push(Action::EndMarriages);
                    return out;
                }
                for a in &self.lords {
                    if a.spouse.is_some() || cards::lord_sex(a.id) != Sex::Male {
                        continue;
                    }
                    for b in &self.lords {
                        let other = if a.owner == p { b.owner } else { a.owner };
                        if coarse && asked.contains(&other) {
                            continue;
                        }
                        if a.owner != b.owner
                            && (a.owner == p || b.owner == p)
                            && b.spouse.is_none()
                            && cards::lord_sex(b.id) == Sex::Female
                        {
                            out.extend(dowries.clone().map(|dowry| Action::ProposeMarriage {
                                groom: a.id,
                                bride: b.id,
                                dowry,
                            }));
                        }
                    }
                }
                out.push(Action::EndMarriages);
            }
            // The yes-or-no questions (the same list as `is_question`'s).
            PromptKind::MarriageAnswer { .. }
            | PromptKind::RansomAnswer { .. }
            | PromptKind::GrantAnswer { .. }
            | PromptKind::CardinalConsent { .. }
            | PromptKind::PlacementLeave { .. }
            | PromptKind::Permission { .. }
            | PromptKind::Annulment { .. }
            | PromptKind::Deal { .. }
            | PromptKind::Truce { .. }
            | PromptKind::RelicPermission { .. }
            | PromptKind::RelicOffer { .. }
            | PromptKind::Teeth { .. }
            | PromptKind::AmbushGoOn => out.extend([Action::Accept, Action::Refuse]),
            PromptKind::RelicUse { .. } => self.relic_use_candidates(&mut out),
            PromptKind::Movement => self.movement_candidates(p, coarse, &mut out),
            PromptKind::Battles => self.battles_candidates(p, coarse, &mut out),
            PromptKind::Pillage => self.pillage_candidates(p, &mut out),
            PromptKind::Window { .. } => out.push(Action::Pass),
            PromptKind::BattleSide { .. } | PromptKind::BattleChoice { .. } => {
                self.battle_candidates(p, coarse, &mut out)
            }
            PromptKind::Losses { .. } => self.casualty_candidates(&mut out),
            PromptKind::Targeted { .. } => {
                out.extend([Action::SecretPassage(PassageUse::Cancel), Action::Pass])
            }
            PromptKind::UprisingJoin { .. } | PromptKind::UprisingStop { .. } => {
                self.uprising_candidates(&mut out)
            }
            PromptKind::Nominate(_) => {
                out.extend(self.family(p).map(|l| Action::Nominate(l.id)));
                out.push(Action::NoCandidate);
            }
            PromptKind::Vote(_) => {
                if let Phase::Elections { election: Some(e) } = &self.phase {
                    let mut opts: Vec<Option<LordId>> = vec![None];
                    opts.extend(e.candidates.iter().map(|c| Some(c.1)));
                    for f in &opts {
                        for d in &opts {
                            out.push(Action::Vote {
                                for_lord: *f,
                                decoy: *d,
                            });
                        }
                    }
                }
            }
            PromptKind::DiscardDraw => {
                let mut hand = self.players[p as usize].hand.clone();
                hand.sort();
                hand.dedup();
                out.extend(hand.into_iter().map(Action::Discard));
                out.extend([Action::DrawFortune, Action::DrawLord, Action::EndDraw]);
            }
            PromptKind::PlagueLosses { losses, .. } => {
                out.extend((0..=*losses).map(|k| Action::PlagueLoss { knights: k }))
            }
            PromptKind::ChooseHeir { .. } => {
                out.extend(self.family(p).map(|l| Action::ChooseHeir(l.id)))
            }
            PromptKind::PlaceLord { lord } => out.extend(
                self.placement_villages_for(p, Some(*lord))
                    .into_iter()
                    .map(Action::PlaceLord),
            ),
            PromptKind::PlayCards => self.play_card_candidates(p, &mut out),
            PromptKind::RansomOffer { price, .. } => {
                let money = self.players[p as usize].money;
                out.extend((0..=(*price).min(money)).map(|amount| Action::OfferRansom { amount }));
                out.push(Action::NoRansom);
            }
            PromptKind::Purchase => self.purchase_candidates(p, coarse, &mut out),
        }
        out
    }

    /// Checks that `player` may take `action` now; the error names the rule that forbids it.
    pub fn check(&self, player: PlayerId, action: &Action) -> Result<(), RuleError> {
        // Ids first, as written: no rule below reads a Village, Lord, player, card, Fief or
        // Bishopric that does not exist (actions come from files and command lines too).
        action.ids_in_range(self)?;
        // The same action written another way (its Lords, Captives or cards in another
        // order) is judged, and played, as `legal_actions` lists it.
        if self.is_normalised(action) {
            self.check_normalised(player, action)
        } else {
            self.check_normalised(player, &self.normalised(action))
        }
    }

    /// `check` of an action whose ids are in range and that is in its listed form
    /// (`is_normalised`), as every candidate `enumerate` builds is.
    fn check_normalised(&self, player: PlayerId, action: &Action) -> Result<(), RuleError> {
        if self.is_over() {
            return refuse("7.0", "the game is over");
        }
        let Some(prompt) = self.prompt() else {
            return refuse("", "nothing to decide now");
        };
        self.check_prompted(player, action, &prompt)
    }

    /// `check_normalised` with the decision awaited now (`prompt`) already known: the
    /// enumeration of legal actions asks it once for all its candidates.
    fn check_prompted(
        &self,
        player: PlayerId,
        action: &Action,
        prompt: &Prompt,
    ) -> Result<(), RuleError> {
        if player as usize >= self.players.len() {
            return refuse_with("", || msg!("there is no player {p}", p = player));
        }
        if prompt.player != player {
            return refuse_with(prompt.section, || {
                msg!(
                    "it is {who}'s decision now, not {p}'s",
                    who = self.pname(prompt.player),
                    p = self.pname(player)
                )
            });
        }
        let wrong = || {
            refuse_with(prompt.section, || {
                msg!(
                    "'{action}' does not answer the question asked now",
                    action = action.notation(self)
                )
            })
        };
        if is_any_time_action(action) {
            return if self.any_time_open(prompt) {
                self.check_any_time(player, action)
            } else {
                refuse_with(prompt.section, || {
                    msg!("answer the question asked first; \"any time\" actions come in your turns and reaction windows")
                })
            };
        }
        match (&prompt.kind, action) {
            (PromptKind::StartVillage, Action::ChooseStart(v)) => self.check_start(*v),
            (PromptKind::Movement, Action::Move(o)) => self.check_move(player, o),
            (PromptKind::Movement, Action::EndMovement) => {
                if self.moves.onward.is_some() {
                    refuse("5.2", "the victorious Cavalcade must go on first")
                } else {
                    Ok(())
                }
            }
            (PromptKind::Battles, a) => self.check_battles_turn(player, a),
            (PromptKind::Pillage, a) => self.check_pillage(player, a),
            (PromptKind::Window { .. }, Action::Pass) => Ok(()),
            (PromptKind::BattleSide { .. } | PromptKind::BattleChoice { .. }, a) => {
                self.check_battle_action(player, a)
            }
            (PromptKind::Losses { .. }, a @ Action::Casualty(_)) => self.check_casualty(a),
            (PromptKind::Targeted { .. }, Action::Pass) => Ok(()),
            (PromptKind::Targeted { .. }, Action::SecretPassage(PassageUse::Cancel)) => {
                if self.players[player as usize]
                    .hand
                    .contains(&Card::SecretPassage)
                {
                    Ok(())
                } else {
                    refuse("10.2.3", "you hold no Secret Passage card")
                }
            }
            (PromptKind::UprisingJoin { .. } | PromptKind::UprisingStop { .. }, a) => {
                self.check_uprising_action(player, a)
            }
            (
                PromptKind::Marriage,
                Action::ProposeMarriage {
                    groom,
                    bride,
                    dowry,
                },
            ) => self.check_marriage(player, *groom, *bride, *dowry),
            (PromptKind::Marriage, Action::EndMarriages) => Ok(()),
            (k, Action::Accept | Action::Refuse) if k.is_question() => self.check_answer(action),
            (PromptKind::RelicUse { .. }, Action::RelicRoll { relic, bishopric }) => {
                self.check_relic_roll(*relic, *bishopric)
            }
            (PromptKind::RelicUse { .. }, Action::Pass) => Ok(()),
            (PromptKind::Nominate(k), Action::Nominate(l)) => self.check_nomination(player, *k, *l),
            (PromptKind::Nominate(_), Action::NoCandidate) => Ok(()),
            (PromptKind::Vote(_), Action::Vote { for_lord, decoy }) => {
                self.check_vote(*for_lord, *decoy)
            }
            (
                PromptKind::DiscardDraw,
                a @ (Action::Discard(_) | Action::DrawFortune | Action::DrawLord | Action::EndDraw),
            ) => self.check_draw(player, a),
            (PromptKind::PlagueLosses { village, losses }, Action::PlagueLoss { knights }) => {
                self.check_plague_loss(player, *village, *losses, *knights)
            }
            (PromptKind::ChooseHeir { fief }, Action::ChooseHeir(l)) => {
                self.check_heir(player, *fief, *l)
            }
            (PromptKind::PlaceLord { lord }, Action::PlaceLord(v)) => {
                if self.placement_villages_for(player, Some(*lord)).contains(v) {
                    Ok(())
                } else {
                    refuse_with("2.4.1", || {
                        msg!(
                            "{v} is not the first available placement",
                            v = self.vname(*v)
                        )
                    })
                }
            }
            (
                PromptKind::PlayCards,
                a @ (Action::PlayLord { .. }
                | Action::PlayHarvest(_)
                | Action::PlayGoodWeather(_)
                | Action::PlayTallage { .. }
                | Action::PlayTithe { .. }
                | Action::EndPlayCards),
            ) => self.check_play(player, a),
            (
                PromptKind::RansomOffer { price, .. },
                a @ (Action::OfferRansom { .. } | Action::NoRansom),
            ) => self.check_ransom_offer(player, *price, a),
            (PromptKind::Purchase, a) => self.check_purchase(player, a),
            _ => wrong(),
        }
    }

    /// Applies `action` by `player`: refused with a reason (state untouched) when illegal;
    /// otherwise returns where in the log the entries it produced lie (`log.since(start)`),
    /// including those of any automatic steps that followed.
    pub fn apply(
        &mut self,
        player: PlayerId,
        action: Action,
    ) -> Result<std::ops::Range<usize>, RuleError> {
        action.ids_in_range(self)?;
        let action = if self.is_normalised(&action) {
            action
        } else {
            self.normalised(&action)
        };
        self.check_normalised(player, &action)?;
        let start = self.log.len();
        if !self.quiet {
            self.history.push((player, action.clone()));
        }
        self.exec(player, action);
        self.advance();
        Ok(start..self.log.len())
    }

    fn exec(&mut self, p: PlayerId, action: Action) {
        if is_any_time_action(&action) {
            self.exec_any_time(p, action);
            return;
        }
        let top = self.pending.last().cloned();
        match (&top, &action) {
            // Every yes-or-no question is answered in one place.
            (Some(_), Action::Accept | Action::Refuse) => {
                return self.exec_answer(p, action == Action::Accept)
            }
            (Some(Pending::RelicUse { .. }), Action::RelicRoll { relic, bishopric }) => {
                return self.exec_relic_roll(*relic, *bishopric)
            }
            (Some(Pending::RelicUse { .. }), Action::Pass) => {
                self.pending.pop();
                return;
            }
            (Some(Pending::Window { .. }), Action::Pass) => return self.exec_window_pass(),
            (Some(Pending::Targeted { .. }), Action::Pass) => return self.resolve_targeted(false),
            (Some(Pending::Targeted { .. }), Action::SecretPassage(PassageUse::Cancel)) => {
                return self.resolve_targeted(true)
            }
            (Some(Pending::Uprising { .. }), _) => return self.exec_uprising_action(p, action),
            (Some(Pending::Battle), _) => return self.exec_battle_action(p, action),
            (Some(Pending::Losses { .. }), Action::Casualty(c)) => return self.exec_casualty(*c),
            _ => {}
        }
        match action {
            Action::Move(o) => self.exec_move(p, o),
            Action::EndMovement => self.exec_end_movement(p),
            Action::DeclareBattle { .. } | Action::DeclareSiege(_) | Action::EndBattles => {
                self.exec_battles_turn(p, action)
            }
            Action::Pillage(_) | Action::EndPillage => self.exec_pillage(p, action),
            Action::ChooseStart(v) => self.exec_start(p, v),
            Action::ProposeMarriage {
                groom,
                bride,
                dowry,
            } => {
                self.memory.proposals.push((groom, bride));
                say!(
                    self,
                    "1.1",
                    if dowry == 0 {
                        msg!(
                            "{p} proposes a marriage between {groom} and {bride}.",
                            p = self.pname(p),
                            groom = cards::lord_name(groom),
                            bride = cards::lord_name(bride)
                        )
                    } else {
                        msgn!(
                            "{p} proposes a marriage between {groom} and {bride}, with a dowry of {n} Denier.",
                            "{p} proposes a marriage between {groom} and {bride}, with a dowry of {n} Deniers.",
                            dowry,
                            p = self.pname(p),
                            groom = cards::lord_name(groom),
                            bride = cards::lord_name(bride)
                        )
                    },
                );
                self.pending.push(Pending::MarriageAnswer {
                    proposer: p,
                    groom,
                    bride,
                    dowry,
                });
            }
            Action::EndMarriages => {
                if let Phase::Marriage { idx } = &mut self.phase {
                    *idx += 1;
                }
            }
            Action::Accept | Action::Refuse => self.exec_answer(p, action == Action::Accept),
            Action::Nominate(_) | Action::NoCandidate | Action::Vote { .. } => {
                self.exec_election(p, action)
            }
            Action::Discard(_) | Action::DrawFortune | Action::DrawLord | Action::EndDraw => {
                self.exec_draw(p, action)
            }
            Action::PlagueLoss { knights } => self.exec_plague_loss(knights),
            Action::ChooseHeir(l) => self.exec_heir(l),
            Action::PlaceLord(v) => {
                if let Some(Pending::PlaceLord { lord, .. }) = self.pending.pop() {
                    self.put_lord(lord, v);
                }
            }
            Action::PlayLord { .. }
            | Action::PlayHarvest(_)
            | Action::PlayGoodWeather(_)
            | Action::PlayTallage { .. }
            | Action::PlayTithe { .. }
            | Action::EndPlayCards => self.exec_play(p, action),
            Action::OfferRansom { amount } => self.exec_ransom_offer(amount),
            Action::NoRansom => self.exec_no_ransom(),
            Action::EndPurchase
            | Action::BuyMaa(_)
            | Action::BuyKnight(_)
            | Action::BuyMill(_)
            | Action::BuyStronghold(_)
            | Action::BuyTitle { .. }
            | Action::GrantTitle { .. }
            | Action::PassTitle { .. }
            | Action::BuyCardinal { .. } => self.exec_purchase(p, action),
            // Carried out above: the "any time" actions, and the answers within a battle, an
            // Uprising, a reaction window or a relic's use.
            Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::JoinSide(..)
            | Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::Casualty(..)
            | Action::EndSiege(..)
            | Action::TakeRelic { .. }
            | Action::OfferRelic { .. }
            | Action::RelicRoll { .. }
            | Action::Pass
            | Action::PlayUprising { .. }
            | Action::JoinUprising
            | Action::TryStop { .. }
            | Action::SecretPassage(..)
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(..)
            | Action::PlayAmbush(..)
            | Action::Excommunicate(..)
            | Action::LiftExcommunication(..)
            | Action::RequestAnnulment(..)
            | Action::OfferDeniers { .. }
            | Action::OfferCard { .. }
            | Action::AskDeniers { .. }
            | Action::HandControl { .. } => {}
        }
    }

    /// Starts play from a position set up by hand (scenario files).
    pub(crate) fn start_position(&mut self) {
        if self.phase == (Phase::Elections { election: None }) {
            self.start_elections();
        }
        // The reaction window at the start of Income (taxes still stand, 10.1).
        if self.phase == Phase::Income {
            self.open_window(3);
        }
        self.advance();
    }

    /// Runs the automatic parts of the round until a player must decide.
    fn advance(&mut self) {
        for _ in 0..100_000 {
            // 11.1.1: a Lord at death's door is answered for before anything else.
            if self.teeth_first() {
                continue;
            }
            if self.settle_obvious_pending() {
                continue;
            }
            if !self.pending.is_empty() || self.is_over() {
                return;
            }
            let progressed = match self.phase.clone() {
                Phase::Setup { idx } if idx >= self.n() => {
                    self.start_round();
                    true
                }
                Phase::Marriage { idx } if idx >= self.n() => {
                    self.start_elections();
                    true
                }
                Phase::Elections { .. } => self.advance_elections(),
                Phase::Draw { idx, .. } if idx >= self.n() => {
                    self.phase = Phase::Disasters { slot: 0 };
                    true
                }
                Phase::Disasters { slot } => {
                    self.resolve_disaster_slot(slot);
                    true
                }
                Phase::PlayCards { idx } if idx >= self.n() => {
                    // 11.1.1: the Eyes and the Bone act at the end of Play Cards.
                    if !self.start_relic_uses() {
                        self.phase = Phase::Income;
                        self.open_window(3);
                    }
                    true
                }
                Phase::PlayCards { idx } => {
                    self.skip_if_only(Phase::PlayCards { idx: idx + 1 }, Action::EndPlayCards)
                }
                Phase::Income => {
                    self.collect_income();
                    self.phase = Phase::Ransom;
                    self.open_window(4);
                    true
                }
                Phase::Ransom => {
                    self.next_ransom();
                    true
                }
                Phase::Purchase { idx, .. } if idx >= self.n() => {
                    self.start_movement();
                    self.open_window(5);
                    true
                }
                Phase::Purchase { idx, .. } => self.skip_if_only(
                    Phase::Purchase {
                        idx: idx + 1,
                        placed: vec![],
                    },
                    Action::EndPurchase,
                ),
                Phase::Movement { idx } if idx >= self.n() => {
                    self.start_battles_phase();
                    self.open_window(6);
                    true
                }
                Phase::Movement { idx } => {
                    if self.settle_onward() {
                        true
                    } else {
                        self.skip_if_only(Phase::Movement { idx: idx + 1 }, Action::EndMovement)
                    }
                }
                Phase::Battles { idx, .. } if idx >= self.n() => {
                    self.phase = Phase::Pillage { idx: 0 };
                    true
                }
                Phase::Battles { idx, .. } => {
                    let p = self.seat(idx);
                    if self.only_choice_is(p, &Action::EndBattles) {
                        self.exec_end_battles(p);
                        true
                    } else {
                        false
                    }
                }
                Phase::Pillage { idx } if idx >= self.n() => {
                    self.phase = Phase::EndRound;
                    self.open_window(7);
                    true
                }
                Phase::Pillage { idx } => {
                    self.skip_if_only(Phase::Pillage { idx: idx + 1 }, Action::EndPillage)
                }
                Phase::EndRound => {
                    self.end_round();
                    true
                }
                _ => false,
            };
            if !progressed {
                return;
            }
        }
    }

    /// A pending choice that events have since reduced to one option (or none) is settled
    /// without asking: an heir when only one Lord has room, a placement with one Village.
    fn settle_obvious_pending(&mut self) -> bool {
        match self.pending.last().cloned() {
            Some(Pending::PlagueStrike { bishopric }) => {
                self.pending.pop();
                self.plague_halves(bishopric);
                true
            }
            Some(Pending::PlagueEntry {
                player,
                village,
                group,
            }) => {
                self.pending.pop();
                self.plague_entry(player, village, group);
                true
            }
            Some(Pending::Window { .. }) => self.settle_window(),
            Some(Pending::Battle) => self.advance_battle(),
            Some(Pending::Uprising { .. }) => self.advance_uprising(),
            Some(Pending::Targeted { .. }) => self.settle_targeted(),
            Some(Pending::Losses {
                village,
                players,
                cost,
                lords,
                ..
            }) if self.only_one_allocation(village, &players, cost, lords) => {
                // The choice is only one of order: take the casualties at once.
                let mut c = Vec::new();
                self.casualty_candidates(&mut c);
                if let Some(Action::Casualty(x)) = c.first() {
                    self.exec_casualty(*x);
                } else {
                    self.pending.pop();
                }
                true
            }
            Some(Pending::Losses { .. }) => {
                let mut c = Vec::new();
                self.casualty_candidates(&mut c);
                match c.len() {
                    0 => {
                        // Nothing left to remove (the units are gone).
                        self.pending.pop();
                        true
                    }
                    1 => {
                        if let Action::Casualty(x) = c[0] {
                            self.exec_casualty(x);
                        }
                        true
                    }
                    _ => false,
                }
            }
            Some(Pending::Permission { ref askees, .. } | Pending::Truce { ref askees, .. })
                if askees.is_empty() =>
            {
                self.pending.pop();
                true
            }
            Some(Pending::ChooseHeir { fief, .. }) if self.titles.fief[fief as usize].is_some() => {
                // The title found a holder meanwhile (the Fortified City was taken, 4.3):
                // there is nothing left to inherit.
                self.pending.pop();
                true
            }
            Some(Pending::ChooseHeir { player, fief }) => {
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
            Some(Pending::PlaceLord { player, lord }) => {
                if self.lord(lord).is_none_or(|l| l.captor.is_some()) {
                    // Captured again (or dead) before being placed.
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
            _ => false,
        }
    }

    /// A player whose only choice (leaving aside "any time" actions, which the reaction
    /// windows offer) is to pass is passed automatically.
    fn skip_if_only(&mut self, next: Phase, pass: Action) -> bool {
        let Some(p) = self.to_act() else { return false };
        if self.only_choice_is(p, &pass) {
            self.phase = next;
            true
        } else {
            false
        }
    }

    fn only_choice_is(&self, p: PlayerId, pass: &Action) -> bool {
        let Some(prompt) = self.prompt() else {
            return false;
        };
        if prompt.player != p {
            return false;
        }
        let _terse = Terse::new();
        let other = |cands: Vec<Action>| {
            cands
                .into_iter()
                .any(|a| a != *pass && self.check_prompted(p, &a, &prompt).is_ok())
        };
        // A few likely choices first, then the bots' shorter list (a subset of the legal
        // actions): another choice there settles it without listing every count of every
        // army.
        let likely = match prompt.kind {
            PromptKind::Movement => self.likely_moves(p),
            PromptKind::Purchase => self
                .troop_villages(p)
                .into_iter()
                .flat_map(|v| [Action::BuyMaa(v), Action::BuyKnight(v)])
                .collect(),
            _ => Vec::new(),
        };
        !other(likely)
            && !other(self.phase_candidates(&prompt, true))
            && !other(self.phase_candidates(&prompt, false))
            && self.check_prompted(p, pass, &prompt).is_ok()
    }

    pub(crate) fn say(&mut self, section: &'static str, msg: events::Msg) {
        if self.quiet {
            return;
        }
        let mut e = Event::new(self.round, section, msg);
        e.phase = self.phase.number();
        self.log.push(e);
    }

    /// The player whose question is waiting for an answer (a proposal, a request, an offer),
    /// or `None` when the decision is not another player's question.
    pub fn asker(&self) -> Option<PlayerId> {
        Some(match self.pending.last()? {
            Pending::MarriageAnswer { proposer, .. } => *proposer,
            Pending::RansomAnswer { lord, .. } => self.lord(*lord)?.owner,
            Pending::GrantAnswer { king_player, .. } => *king_player,
            Pending::PlacementLeave { player, .. } | Pending::CardinalConsent { player, .. } => {
                *player
            }
            Pending::Permission { mover, .. } => *mover,
            Pending::Annulment { requester, .. } => *requester,
            Pending::Deal {
                giver,
                receiver,
                answerer,
                ..
            } => {
                if answerer == giver {
                    *receiver
                } else {
                    *giver
                }
            }
            Pending::Truce { proposer, .. } => *proposer,
            Pending::RelicPermission { player, .. } => *player,
            Pending::RelicOffer { giver, .. } => *giver,
            _ => return None,
        })
    }

    /// Words `player` says at the table about the question just answered (`section`): a
    /// reason, written in the log as "Blue explains: …". It changes nothing in the game.
    pub fn remark(&mut self, player: PlayerId, section: &str, why: events::Msg) {
        if self.quiet || (player as usize) >= self.players.len() {
            return;
        }
        let r = Remark {
            at: self.history.len() as u32,
            player,
            section: section.to_string(),
            why,
        };
        self.log_remark(&r);
        self.remarks.push(r);
    }

    fn log_remark(&mut self, r: &Remark) {
        let msg = msg!(
            "{p} explains: {why}",
            p = self.pname(r.player),
            why = events::Arg::Msg(Box::new(r.why.clone()))
        );
        let mut e = Event::new(self.round, "8.0", msg);
        e.section = std::borrow::Cow::Owned(r.section.clone());
        e.phase = self.phase.number();
        self.log.push(e);
    }

    /// An entry only `to` reads in full; the others read `public`.
    pub(crate) fn say_private(
        &mut self,
        section: &'static str,
        to: PlayerId,
        msg: events::Msg,
        public: events::Msg,
    ) {
        if self.quiet {
            return;
        }
        let mut e = Event::new(self.round, section, msg);
        e.phase = self.phase.number();
        e.private_to = Some(to);
        e.public_msg = Some(public);
        self.log.push(e);
    }

    pub fn name(&self, p: PlayerId) -> String {
        self.options.player_name(p)
    }

    /// A player as a message argument: his name, or his colour (translated) when unnamed.
    pub(crate) fn pname(&self, p: PlayerId) -> events::Arg {
        match self
            .options
            .names
            .get(p as usize)
            .filter(|n| !n.trim().is_empty())
        {
            Some(n) => events::Arg::Text(n.clone().into()),
            None => events::term(COLOURS[self.options.colour(p)]),
        }
    }

    /// Several players as one argument ("Blue and Red").
    pub(crate) fn pnames(&self, ps: impl IntoIterator<Item = PlayerId>) -> events::Arg {
        events::Arg::List(ps.into_iter().map(|p| self.pname(p)).collect())
    }

    /// A card's name as a message argument.
    pub(crate) fn card_arg(c: Card) -> events::Arg {
        match c {
            Card::Lord(l) => msg!("Lord {name}", name = cards::lord_name(l)).into(),
            other => events::term(&other.name()),
        }
    }

    /// A Fief's name as a message argument: its kind ("Duchy of {place}") is translated.
    pub fn fief_arg(&self, f: FiefId) -> events::Arg {
        let Some(fief) = self.map.fiefs.get(f as usize) else {
            return events::Arg::Text("".into());
        };
        let place = fief
            .name
            .split_once(" of ")
            .map(|(_, p)| p)
            .unwrap_or(&fief.name)
            .to_string();
        match fief.kind() {
            crate::map::FiefKind::Barony => msg!("Barony of {place}", place = place),
            crate::map::FiefKind::County => msg!("County of {place}", place = place),
            crate::map::FiefKind::Duchy => msg!("Duchy of {place}", place = place),
        }
        .into()
    }

    /// A Village's name as a message argument.
    pub(crate) fn vname(&self, v: VillageId) -> events::Arg {
        events::Arg::Text(self.map.village_name(v).to_string().into())
    }

    // ----- shared helpers -----

    /// 1.1, 7.2: allied players (a marriage makes an alliance only with 4 or more players).
    pub fn ally(&self, p: PlayerId) -> Option<PlayerId> {
        if self.n() < 4 {
            return None;
        }
        self.spouse_player(p)
    }

    /// The player whose Lord is married to one of `p`'s Lords.
    pub fn spouse_player(&self, p: PlayerId) -> Option<PlayerId> {
        self.family(p)
            .find_map(|l| l.spouse.and_then(|s| self.lord(s)).map(|s| s.owner))
    }

    pub fn is_married_player(&self, p: PlayerId) -> bool {
        self.family(p).any(|l| l.spouse.is_some())
    }

    /// Whether `p` has units (Troops or uncaptured Lords) in `v`.
    pub fn has_units(&self, p: PlayerId, v: VillageId) -> bool {
        self.villages[v as usize].troops[p as usize].count() > 0
            || self
                .lords
                .iter()
                .any(|l| l.owner == p && l.village == v && l.captor.is_none())
    }

    pub fn occupied(&self, v: VillageId) -> bool {
        (0..self.n()).any(|p| self.has_units(p, v))
    }

    pub fn fief_titles_of(&self, l: LordId) -> Vec<FiefId> {
        (0..self.titles.fief.len() as FiefId)
            .filter(|&f| self.titles.fief[f as usize] == Some(l))
            .collect()
    }

    pub fn is_bishop(&self, l: LordId) -> bool {
        self.titles.bishop.contains(&Some(l))
    }

    pub fn is_cardinal(&self, l: LordId) -> bool {
        self.titles.cardinals.iter().any(|c| c.0 == l)
    }

    pub fn is_church(&self, l: LordId) -> bool {
        self.is_bishop(l) || self.is_cardinal(l) || self.titles.pope == Some(l)
    }

    /// 1.2: a Titled Lord holds a Fief, church or royal title (d'ARC is not counted,
    /// ruling R-DARC-TITLE).
    pub fn is_titled(&self, l: LordId) -> bool {
        !self.fief_titles_of(l).is_empty()
            || self.is_church(l)
            || self.titles.king == Some(l)
            || self.titles.queen == Some(l)
            || self.titles.crown_prince == Some(l)
    }

    /// Whether `p` holds the royal privileges: the King, or the Queen Regent (1.8.1).
    pub fn royal_lord(&self, p: PlayerId) -> Option<LordId> {
        if let Some(k) = self.titles.king {
            return self.lord(k).filter(|l| l.owner == p).map(|l| l.id);
        }
        if self.titles.regent {
            return self
                .titles
                .queen
                .and_then(|q| self.lord(q))
                .filter(|l| l.owner == p)
                .map(|l| l.id);
        }
        None
    }

    pub fn fief_governed(&self, f: FiefId) -> bool {
        self.titles.fief[f as usize].is_some()
    }

    pub fn title_holder_player(&self, f: FiefId) -> Option<PlayerId> {
        self.titles.fief[f as usize]
            .and_then(|l| self.lord(l))
            .map(|l| l.owner)
    }
}
