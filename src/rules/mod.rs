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

mod action_ids;
mod action_words;
pub mod actions;
mod anytime;
pub mod battle;
mod captives;
pub mod cards;
mod casualties;
mod cavalcade;
pub mod chain;
mod control;
mod death;
mod decisions;
mod diplomacy;
mod disasters;
mod draw;
mod elections;
pub mod events;
mod income;
mod move_candidates;
mod move_exec;
mod movement;
mod notation;
mod optional;
pub mod outlook;
mod permission;
mod pieces;
mod pillage;
mod placement;
mod pope;
pub mod prompt;
pub mod purchase;
mod questions;
mod reactions;
pub mod readable;
pub mod relics;
pub mod rng;
mod round;
mod setup;
mod siege;
pub mod state;
pub mod told;
mod unplayable;
mod uprising;
mod victory;
mod view;
mod window_only;

pub use action_ids::{find_player, BadId};
pub use actions::{Action, CardList, Casualty, LordList, PassageUse};
pub use cards::{Card, LordId, Sex};
pub use casualties::LossChoice;
pub use diplomacy::HIDDEN_ASK_MOST;
pub use elections::BOT_PROPOSALS_A_ROUND;
pub use events::Event;
pub use optional::{OptionalRule, RuleSet};
pub use prompt::{is_any_time_action, Prompt, PromptKind};
pub use state::*;
// The game's data kept in the modules of `state`, used outside the engine (the window, the
// saves, the tests): named here with the rest of the engine's types.
pub use state::battle::BattleStep;
pub use state::lords::{Lord, Lords};
pub use state::memory::{ElectionResult, Remark};
pub use state::phase::{Pending, Phase, WindowAt};
pub use view::{PlayerView, View};

use crate::map::{FiefId, VillageId, MAX_VILLAGES};
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

impl Game {
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
            // 2.4.1: a Lady's card is named as such ("Green draws Lady Blanche").
            Card::Lord(l) => match cards::lord_sex(l) {
                cards::Sex::Female => msg!("Lady {name}", name = cards::lord_name(l)).into(),
                cards::Sex::Male => msg!("Lord {name}", name = cards::lord_name(l)).into(),
            },
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

    /// `ally` of every player at once, indexed by player (one pass over the Lords: a score
    /// of the position wants them all).
    pub fn allies(&self) -> [Option<PlayerId>; MAX_PLAYERS] {
        let mut allies = [None; MAX_PLAYERS];
        if self.n() < 4 {
            return allies;
        }
        // `spouse_player`: the first Lord of each family (in the Lords' order) whose spouse
        // is in play names the ally.
        for l in &self.lords {
            if let Some(a) = allies.get_mut(l.owner as usize) {
                if a.is_none() {
                    *a = l.spouse.and_then(|s| self.lord(s)).map(|s| s.owner);
                }
            }
        }
        allies
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

    /// For each Village, the players with a free Lord there (bit `p` for player `p`), `except`
    /// one Lord left out: `has_units`' Lords for the whole map in one pass.
    pub(crate) fn free_lord_players(&self, except: Option<LordId>) -> [u8; MAX_VILLAGES] {
        let mut at = [0u8; MAX_VILLAGES];
        for l in &self.lords {
            if l.captor.is_none() && Some(l.id) != except {
                if let Some(m) = at.get_mut(l.village as usize) {
                    *m |= 1u8.checked_shl(l.owner.into()).unwrap_or(0);
                }
            }
        }
        at
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
        self.titles.fief.contains(&Some(l))
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
