//! The Normal bot: a heuristic player. It weighs most decisions by looking one action ahead
//! on a sampled game (`View::sample`) and scoring the result with `eval::value`; it
//! settles battles with the exact odds of `odds`, and answers the questions other players
//! ask (marriages, passage, ransoms, Cardinals, deals, truces) by rules of thumb that favour
//! itself and its ally. Its campaigns, from round 12 on, are in `campaign`.

pub mod campaign;

use super::bargain::total_sp;
use super::eval::{distances, value};
use super::odds::{attack_odds, battle_odds};
use super::{Bot, Level};
use crate::map::VillageId;
use crate::rules::events::Msg;
use crate::rules::rng::Rng;
use crate::rules::{
    is_any_time_action, Action, ElectionKind, Fort, Game, MoveHow, PassageUse, Phase, PlayerId,
    PromptKind, View,
};
use campaign::{campaign_move, CAMPAIGN_FROM};
use std::borrow::{Borrow, Cow};
use std::cell::{Cell, RefCell};

use std::sync::atomic::AtomicBool;

/// Pointers to some of a decision's candidates, held in place for the usual few dozen (a
/// playout weighs one after another).
type Refs<'a> = smallvec::SmallVec<[&'a Action; 64]>;

pub struct Normal {
    rng: Rng,
    /// Why it answered the last question as it did.
    reason: Option<Msg>,
}

impl Normal {
    pub fn new(seed: u64) -> Normal {
        Normal {
            rng: Rng::new(seed),
            reason: None,
        }
    }
}

impl Bot for Normal {
    fn level(&self) -> Level {
        Level::Normal
    }

    fn choose(&mut self, view: &View, _cancel: &AtomicBool) -> Option<Action> {
        let p = view.viewer?;
        self.reason = None;
        match view.legal.len() {
            0 => None,
            1 => Some(view.legal[0].clone()),
            _ => {
                let g = view.sample(&mut self.rng);
                // A question is answered by the bargaining rules, whose reason is kept.
                let ruled = g
                    .prompt()
                    .filter(|pr| pr.kind.is_question())
                    .and_then(|pr| super::bargain::answer(&g, p, &pr.kind));
                if let Some(ans) = ruled {
                    let a = if ans.yes {
                        Action::Accept
                    } else {
                        Action::Refuse
                    };
                    self.reason = Some(ans.why);
                    if view.legal.contains(&a) {
                        return Some(a);
                    }
                }
                let dist = distances(&g);
                Some(Policy::new(&dist).choose(&g, p, &view.legal, &mut self.rng))
            }
        }
    }

    fn reason(&self) -> Option<Msg> {
        self.reason.clone()
    }
}

/// The Normal policy on a full (sampled) game; the Hard bot plays its playouts with it.
pub struct Policy<'a> {
    dist: &'a [Vec<u8>],
    /// At most this many candidates are looked ahead at (the rest are sampled away).
    pub width: usize,
    /// The game after the best candidate of the last lookahead, kept so that `play` need not
    /// play that action again (a playout's lookahead has already played it on a copy).
    looked: RefCell<Option<Looked>>,
    /// While `play` chooses: the value of the game it was given to the player deciding, when
    /// the lookahead before already worked it out.
    known: Cell<Option<(PlayerId, f64)>>,
    /// While `play` chooses: the actions it was given are this very game's own list
    /// (`Game::bot_actions`), so the lookahead plays them without checking them again.
    listed: Cell<bool>,
    /// Games the lookahead is done with, kept to copy the next candidates into
    /// (`Game::clone_lean_into`): a copy into a game already held allocates almost nothing.
    /// Boxed, as every game the lookahead passes around is (`after`, `Looked`): a game is
    /// moved by its pointer, not copied whole.
    #[allow(clippy::vec_box)]
    spare: RefCell<Vec<Box<Game>>>,
}

/// Spare games a `Policy` keeps at most (a lookahead weighs a handful at a time).
const SPARE_GAMES: usize = 8;

/// A game after a candidate, as `Policy::after` left it, and its value to the player.
struct Looked {
    action: Action,
    player: PlayerId,
    game: Box<Game>,
    value: f64,
}

/// The player most likely to win: most VP, then most strength.
fn leader(g: &Game, except: PlayerId) -> Option<PlayerId> {
    let ally = g.ally(except);
    (0..g.n())
        .filter(|&q| q != except && Some(q) != ally)
        .max_by_key(|&q| (g.vp(q), total_sp(g, q)))
}

impl<'a> Policy<'a> {
    pub fn new(dist: &'a [Vec<u8>]) -> Policy<'a> {
        Policy {
            dist,
            width: 400,
            looked: RefCell::new(None),
            known: Cell::new(None),
            listed: Cell::new(false),
            spare: RefCell::new(Vec::new()),
        }
    }

    /// Keeps a game the lookahead is done with, to copy a later candidate into.
    fn recycle(&self, h: Box<Game>) {
        let mut spare = self.spare.borrow_mut();
        if spare.len() < SPARE_GAMES {
            spare.push(h);
        }
    }

    /// The game after `a` (applied on a quiet copy) and its value to `p`; `None` when `a` is
    /// refused.
    fn after(&self, g: &Game, p: PlayerId, a: &Action) -> Option<(Box<Game>, f64)> {
        let spare = self.spare.borrow_mut().pop();
        let mut h = match spare {
            Some(mut h) => {
                g.clone_lean_into(&mut h);
                h
            }
            None => Box::new(g.clone_lean()),
        };
        h.quiet = true;
        if self.listed.get() {
            h.apply_listed(p, a.clone());
        } else if h.apply(p, a.clone()).is_err() {
            self.recycle(h);
            return None;
        }
        let v = value(&h, p, self.dist);
        Some((h, v))
    }

    /// The value of `g` to `p` now: known when `play` was given the game its last lookahead
    /// left.
    fn value_now(&self, g: &Game, p: PlayerId) -> f64 {
        match self.known.get() {
            Some((q, v)) if q == p => v,
            _ => value(g, p, self.dist),
        }
    }

    /// The best of `cands` by one-action lookahead and its value; ties go to the earlier
    /// candidate. The game after it is kept for `play`.
    fn best_scored<A: Borrow<Action>>(
        &self,
        g: &Game,
        p: PlayerId,
        cands: &[A],
        rng: &mut Rng,
    ) -> (Action, f64) {
        let mut pool: Refs = cands.iter().map(Borrow::borrow).collect();
        if pool.len() > self.width {
            // Keep the ends (End…/Pass come last) and a random sample of the rest.
            let last = pool.pop();
            rng.shuffle(&mut pool);
            pool.truncate(self.width - 1);
            pool.extend(last);
        }
        let mut best: Option<(&Action, f64)> = None;
        let mut best_game: Option<Box<Game>> = None;
        for a in pool {
            let (h, v) = match self.after(g, p, a) {
                Some((h, v)) => (Some(h), v),
                None => (None, f64::MIN),
            };
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
                if let Some(old) = std::mem::replace(&mut best_game, h) {
                    self.recycle(old);
                }
            } else if let Some(h) = h {
                self.recycle(h);
            }
        }
        // `cands` is never empty: every caller passes legal actions of a decision.
        let (a, v) = match best {
            Some((a, v)) => (a.clone(), v),
            None => (
                cands.first().map_or(Action::Pass, |a| a.borrow().clone()),
                f64::MIN,
            ),
        };
        let old = self.looked.replace(best_game.map(|game| Looked {
            action: a.clone(),
            player: p,
            game,
            value: v,
        }));
        if let Some(old) = old {
            self.recycle(old.game);
        }
        (a, v)
    }

    /// Chooses as `choose` does and plays the choice on `g` (`legal`: `g.bot_actions(p)`, or
    /// `g.legal_actions(p)`); `known` is the value of `g` to
    /// the player it names, if the last `play` worked it out. Returns whether the action was
    /// played, and the value of the game now to `p`, when known (the choice came from a
    /// lookahead). The game is the
    /// same as `choose` and `apply` would leave; only the work is saved.
    pub fn play(
        &self,
        g: &mut Game,
        p: PlayerId,
        legal: &[Action],
        rng: &mut Rng,
        known: Option<(PlayerId, f64)>,
    ) -> (bool, Option<(PlayerId, f64)>) {
        if let Some(old) = self.looked.take() {
            self.recycle(old.game);
        }
        self.known.set(known);
        self.listed.set(true);
        let a = self.choose(g, p, legal, rng);
        self.listed.set(false);
        self.known.set(None);
        match self.looked.take() {
            Some(l) if l.action == a && l.player == p => {
                let mut game = l.game;
                // The game before goes to the spares in the box the new one leaves.
                std::mem::swap(g, &mut game);
                self.recycle(game);
                (true, Some((p, l.value)))
            }
            other => {
                if let Some(l) = other {
                    self.recycle(l.game);
                }
                (g.apply(p, a).is_ok(), None)
            }
        }
    }

    fn best_by_lookahead<A: Borrow<Action>>(
        &self,
        g: &Game,
        p: PlayerId,
        cands: &[A],
        rng: &mut Rng,
    ) -> Action {
        self.best_scored(g, p, cands, rng).0
    }

    /// Every candidate, best first by one-action lookahead (the Hard bot's root shortlist).
    pub fn rank(&self, g: &Game, p: PlayerId, legal: &[Action], rng: &mut Rng) -> Vec<Action> {
        let mut pool: Vec<&Action> = legal.iter().collect();
        if pool.len() > self.width {
            rng.shuffle(&mut pool);
            pool.truncate(self.width);
        }
        let mut scored: Vec<(f64, Action)> = pool
            .into_iter()
            .map(|a| {
                let v = self.after(g, p, a).map_or(f64::MIN, |(h, v)| {
                    self.recycle(h);
                    v
                });
                (v, a.clone())
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().map(|x| x.1).collect()
    }

    fn pick(legal: &[Action], want: &Action) -> Option<Action> {
        legal.iter().find(|a| *a == want).cloned()
    }

    /// The Normal choice among `legal` (all legal for `p` in `g`).
    pub fn choose(&self, g: &Game, p: PlayerId, legal: &[Action], rng: &mut Rng) -> Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let Some(prompt) = g.prompt() else {
            return legal[0].clone();
        };
        if g.any_time_open(&prompt) {
            if let Some(a) = self.any_time_action(g, p, legal) {
                return a;
            }
        }
        // The decision's own actions, without the "any time" ones (all of them when there
        // are only those); borrowed when nothing is left out, as in most playout steps.
        let phase: Cow<[Action]> =
            if legal.iter().any(is_any_time_action) && !legal.iter().all(is_any_time_action) {
                Cow::Owned(
                    legal
                        .iter()
                        .filter(|a| !is_any_time_action(a))
                        .cloned()
                        .collect(),
                )
            } else {
                Cow::Borrowed(legal)
            };
        let accept = |yes: bool| {
            Self::pick(
                legal,
                if yes {
                    &Action::Accept
                } else {
                    &Action::Refuse
                },
            )
            .unwrap_or_else(|| phase[0].clone())
        };
        let ally = g.ally(p);
        // The questions other players ask: answered by the bargaining rules (bargain.rs).
        if prompt.kind.is_question() {
            if let Some(ans) = super::bargain::answer(g, p, &prompt.kind) {
                return accept(ans.yes);
            }
        }
        match prompt.kind {
            PromptKind::Marriage => {
                // 1.1, 8.0: propose to the family that helps most, with the dowry it takes.
                super::bargain::propose_marriage(g, p, &phase)
                    .or_else(|| Self::pick(legal, &Action::EndMarriages))
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::Nominate(kind) => {
                // Stand the Lord who gains most; a Fief holder for King (1.8).
                let mut noms: Vec<&Action> = phase
                    .iter()
                    .filter(|a| matches!(a, Action::Nominate(_)))
                    .collect();
                noms.sort_by_key(|a| match a {
                    Action::Nominate(l) => std::cmp::Reverse(match kind {
                        ElectionKind::King => g.fief_titles_of(*l).len(),
                        _ => usize::from(g.is_church(*l)),
                    }),
                    _ => std::cmp::Reverse(0),
                });
                noms.first()
                    .map(|a| (*a).clone())
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::Vote(_) => self.vote(g, p, &phase),
            PromptKind::DiscardDraw => {
                let family = g.family(p).count();
                // 2.1: a family short of Lords makes room in a full hand for a Lord card (a
                // Lord can hold only two Fief titles, 4.3: one Lord alone never wins).
                if family < 3 && !phase.contains(&Action::DrawLord) {
                    if let Some(d) = room_for_a_lord(g, p, &phase) {
                        return d;
                    }
                }
                let order = if family < 3 {
                    [Action::DrawLord, Action::DrawFortune, Action::EndDraw]
                } else {
                    [Action::DrawFortune, Action::DrawLord, Action::EndDraw]
                };
                order
                    .iter()
                    .find_map(|a| Self::pick(&phase, a))
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::RansomOffer { lord, .. } => {
                super::bargain::ransom_offer(g, p, lord, &phase).unwrap_or_else(|| phase[0].clone())
            }
            // A question about a Lord no longer in play: no.
            PromptKind::MarriageAnswer { .. }
            | PromptKind::RansomAnswer { .. }
            | PromptKind::GrantAnswer { .. }
            | PromptKind::PlacementLeave { .. }
            | PromptKind::CardinalConsent { .. }
            | PromptKind::Permission { .. }
            | PromptKind::RelicPermission { .. }
            | PromptKind::RelicOffer { .. }
            | PromptKind::Annulment { .. }
            | PromptKind::Deal { .. }
            | PromptKind::Truce { .. }
            | PromptKind::Teeth { .. }
            | PromptKind::AmbushGoOn => accept(false),
            PromptKind::RelicUse { .. } => {
                // 11.1.1: the Eyes chase Heavy Rain, and the Bone Famine, from Bishoprics
                // where this family holds Villages.
                phase
                    .iter()
                    .find(|a| match a {
                        Action::RelicRoll { bishopric, .. } => {
                            g.villages.iter().enumerate().any(|(v, vs)| {
                                vs.controller == Some(p)
                                    && g.bishopric_of(v as VillageId) == *bishopric
                            })
                        }
                        _ => false,
                    })
                    .or_else(|| phase.iter().find(|a| **a == Action::Pass))
                    .cloned()
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::Targeted { .. } => Self::pick(
                legal,
                &Action::SecretPassage(PassageUse::Cancel),
            )
            .unwrap_or(Action::Pass),
            PromptKind::UprisingJoin { village } => {
                let join = super::bargain::joins_uprising(g, p, village);
                (if join { Self::pick(legal, &Action::JoinUprising) } else { None })
                    .or_else(|| Self::pick(legal, &Action::Pass))
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::UprisingStop { village, .. } => {
                let ours = g.villages[village as usize]
                    .controller
                    .is_some_and(|c| c == p || Some(c) == ally);
                if ours {
                    [Action::TryStop { pay: false }, Action::TryStop { pay: true }]
                        .iter()
                        .find_map(|a| Self::pick(legal, a))
                        .unwrap_or(Action::Pass)
                } else {
                    Action::Pass
                }
            }
            PromptKind::Window { .. } => Self::pick(legal, &Action::Pass)
                .unwrap_or_else(|| phase[0].clone()),
            PromptKind::BattleSide { .. } => super::bargain::battle_side(g, p, legal)
                .or_else(|| Self::pick(legal, &Action::JoinSide(None)))
                .unwrap_or_else(|| phase[0].clone()),
            PromptKind::BattleChoice { side, .. } => {
                let att = battle_odds(g);
                let mine = if side == 0 { att } else { 1.0 - att };
                // 6.3, 8.0: a side with poor odds breaks off (the attacker of a
                // fortification) or offers a truce at the price the other side takes; with
                // almost no chance it asks a truce even for nothing; otherwise it fights on.
                let offer = super::bargain::truce_offer(g, p, legal);
                let wants: Vec<Action> = if mine < 0.3 {
                    let stop = (side == 0).then_some(Action::EndBattle);
                    let free = (mine < 0.12 || side == 0).then_some(Action::ProposeTruce);
                    stop.into_iter()
                        .chain(offer)
                        .chain(free)
                        .chain([Action::Fight, Action::EndBattle])
                        .collect()
                } else {
                    vec![Action::Fight]
                };
                wants
                    .iter()
                    .find_map(|a| Self::pick(legal, a))
                    .unwrap_or_else(|| {
                        phase
                            .iter()
                            .find(|a| **a != Action::Surrender)
                            .unwrap_or(&phase[0])
                            .clone()
                    })
            }
            PromptKind::Movement => self.movement(g, p, &phase, rng),
            PromptKind::Battles => self.battles(g, p, &phase),
            PromptKind::Pillage => phase
                .iter()
                .find(|a| matches!(a, Action::Pillage(v) if g.villages[*v as usize].controller != Some(p)))
                .cloned()
                .or_else(|| Self::pick(&phase, &Action::EndPillage))
                .unwrap_or_else(|| phase[0].clone()),
            PromptKind::PlayCards => {
                self.improve_or_end(g, p, &phase, &Action::EndPlayCards, rng)
            }
            PromptKind::Purchase => self.improve_or_end(g, p, &phase, &Action::EndPurchase, rng),
            PromptKind::StartVillage
            | PromptKind::PlagueLosses { .. }
            | PromptKind::ChooseHeir { .. }
            | PromptKind::PlaceLord { .. }
            | PromptKind::Losses { .. } => self.best_by_lookahead(g, p, &phase, rng),
        }
    }

    /// 1.3: FOR one's own candidate, else the ally's, else the one whose family is furthest
    /// behind; the DECOY on nobody.
    fn vote(&self, g: &Game, p: PlayerId, phase: &[Action]) -> Action {
        let cands = match &g.phase {
            Phase::Elections { election: Some(e) } => e.candidates.clone(),
            _ => vec![],
        };
        let ally = g.ally(p);
        let choice = cands
            .iter()
            .find(|c| c.0 == p)
            .or_else(|| cands.iter().find(|c| Some(c.0) == ally))
            .or_else(|| cands.iter().min_by_key(|c| (g.vp(c.0), total_sp(g, c.0))))
            .map(|c| c.1);
        let want = Action::Vote {
            for_lord: choice,
            decoy: None,
        };
        Self::pick(phase, &want)
            .or_else(|| {
                phase
                    .iter()
                    .find(|a| matches!(a, Action::Vote { for_lord, .. } if *for_lord == choice))
                    .cloned()
            })
            .unwrap_or_else(|| phase[0].clone())
    }

    /// 5.0: the Move that improves the position most, or the end of movement.
    fn movement(&self, g: &Game, p: PlayerId, phase: &[Action], rng: &mut Rng) -> Action {
        // Cavalcades and Secret Passages are left aside while the army may stop; a victorious
        // Cavalcade that must ride on (5.2) has only Cavalcade Moves to choose from.
        let end = Action::EndMovement;
        let plain = |a: &Action| match a {
            Action::Move(o) => o.how == MoveHow::Normal,
            _ => true,
        };
        if !phase.contains(&end) {
            return self.best_by_lookahead(g, p, phase, rng);
        }
        // A Lord who has moved does not walk straight back (the lookahead, seeing the
        // Village he left, would undo every step of a campaign).
        let onward_ok = |a: &Action| match a {
            Action::Move(o) => !o.lords.iter().any(|l| {
                g.moves
                    .lords
                    .iter()
                    .any(|m| m.lord == *l && m.came_from == Some(o.to))
            }),
            _ => true,
        };
        // Pointers to the actions kept, not copies: a Move copies its Lords one by one.
        let onward: Refs = phase.iter().filter(|a| plain(a) && onward_ok(a)).collect();
        // Early on, what improves the position at once comes first; once the game has gone
        // on for a while, the campaign does (the lookahead would otherwise march back to
        // every Village the campaign leaves).
        let a = if g.round < CAMPAIGN_FROM {
            match self.improve_or_end(g, p, &onward, &end, rng) {
                a if a == end => campaign_move(g, p, &onward, self.dist).unwrap_or(end),
                a => a,
            }
        } else {
            campaign_move(g, p, &onward, self.dist)
                .unwrap_or_else(|| self.improve_or_end(g, p, &onward, &end, rng))
        };
        // 5.0, 8.0: where it must ask and would be refused for nothing, it offers a toll.
        super::bargain::with_toll(g, p, a, phase)
    }

    /// In a step that goes on until the player ends it (Purchase, Play Cards, Movement), the
    /// action that improves the position by lookahead, or `end` when none does: an action
    /// that changes nothing (handing a title back and forth) is never taken.
    fn improve_or_end<A: Borrow<Action>>(
        &self,
        g: &Game,
        p: PlayerId,
        cands: &[A],
        end: &Action,
        rng: &mut Rng,
    ) -> Action {
        if !cands.iter().any(|a| a.borrow() == end) {
            return self.best_by_lookahead(g, p, cands, rng);
        }
        let now = self.value_now(g, p);
        let others: Refs = cands
            .iter()
            .map(Borrow::borrow)
            .filter(|a| *a != end)
            .collect();
        if others.is_empty() {
            return end.clone();
        }
        let (best, score) = self.best_scored(g, p, &others, rng);
        if score > now + 1.0 {
            best
        } else {
            end.clone()
        }
    }

    /// 6.0: attack where the odds are good and the Village is worth it.
    fn battles(&self, g: &Game, p: PlayerId, phase: &[Action]) -> Action {
        let mut best: Option<(f64, &Action)> = None;
        for a in phase {
            let score = match a {
                Action::DeclareBattle { village, against } => {
                    let odds = attack_odds(g, p, *against, *village);
                    // Bolder as the game goes on: a stalemate wins nothing.
                    let bar = match g.round {
                        0..=7 => 0.6,
                        8..=14 => 0.5,
                        15..=20 => 0.4,
                        _ => 0.3,
                    };
                    if odds < bar || Some(*against) == g.ally(p) {
                        continue;
                    }
                    let vs = &g.villages[*village as usize];
                    let worth = 1.0
                        + vs.mills as f64
                        + if vs.fort != Fort::None { 2.0 } else { 0.0 }
                        + if vs.controller == Some(*against) {
                            1.0
                        } else {
                            0.0
                        };
                    odds * worth
                }
                Action::DeclareSiege(v) => {
                    let vs = &g.villages[*v as usize];
                    match vs.controller {
                        Some(c) if c != p && Some(c) != g.ally(p) => 0.5,
                        _ => continue,
                    }
                }
                _ => continue,
            };
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, a));
            }
        }
        best.map(|b| b.1.clone())
            .or_else(|| Self::pick(phase, &Action::EndBattles))
            .unwrap_or_else(|| phase[0].clone())
    }

    /// "Any time" cards and powers (ruling R-WINDOWS) worth using now, if any.
    fn any_time_action(&self, g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
        // 8.0: Deniers that let the ally buy a Fief Title in its turn to come.
        if let Some(gift) = super::bargain::gift_to_ally(g, p, legal) {
            return Some(gift);
        }
        let ally = g.ally(p);
        let targeting = legal.iter().any(|a| {
            matches!(
                a,
                Action::Excommunicate(_)
                    | Action::PlayJustice(_)
                    | Action::PlayAssassination { .. }
                    | Action::PlayUprising { .. }
            )
        });
        let lead = if targeting { leader(g, p) } else { None };
        let rival = |q: PlayerId| q != p && Some(q) != ally;
        let owner = |l: u8| g.lord(l).map(|l| l.owner);
        let vp_lord = |l: u8| {
            !g.fief_titles_of(l).is_empty() || g.titles.king == Some(l) || g.titles.pope == Some(l)
        };
        let mut best: Option<(u32, &Action)> = None;
        for a in legal {
            let score = match a {
                Action::PlayCardinal { .. } | Action::PlayDarc { .. } => 5,
                // 11.1: a relic is always worth carrying.
                Action::TakeRelic { .. } => 5,
                Action::LiftExcommunication(l) => {
                    if owner(*l).is_some_and(|o| !rival(o)) {
                        4
                    } else {
                        continue;
                    }
                }
                Action::SecretPassage(PassageUse::Escape(_)) => 4,
                // 5.1, 4.3: allies gather a Fief in one hand, so that one of them may take
                // its title: Villages go to the ally who holds more of it, when no rival
                // holds any.
                Action::HandControl { village, to } if Some(*to) == ally => {
                    let f = g.map.villages[*village as usize].fief;
                    if collector(g, f) == Some(*to) {
                        4
                    } else {
                        continue;
                    }
                }
                Action::SecretPassage(PassageUse::Battle) => {
                    let attacking = g.battle.as_ref().is_some_and(|b| b.sides[0].contains(&p));
                    if attacking && g.fortress_penalty() > 0 {
                        4
                    } else {
                        continue;
                    }
                }
                Action::Excommunicate(l) | Action::PlayJustice(l) => match owner(*l) {
                    Some(o) if rival(o) && Some(o) == lead && g.is_titled(*l) => 3,
                    _ => continue,
                },
                Action::PlayAssassination { target, .. } => match owner(*target) {
                    Some(o) if rival(o) && Some(o) == lead && vp_lord(*target) => 3,
                    _ => continue,
                },
                Action::PlayUprising { village, .. } => {
                    let vs = &g.villages[*village as usize];
                    match vs.controller {
                        Some(c)
                            if rival(c)
                                && Some(c) == lead
                                && g.vp(c) >= 2
                                && g.player_sp(c, *village) <= 3 =>
                        {
                            2
                        }
                        _ => continue,
                    }
                }
                _ => continue,
            };
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, a));
            }
        }
        best.map(|b| b.1.clone())
    }
}

/// 2.1: the card to discard so that a Lord card may be drawn, if one would do it: the least
/// useful first (a Lord card in hand, or a Secret Passage, is kept).
fn room_for_a_lord(g: &Game, p: PlayerId, phase: &[Action]) -> Option<Action> {
    use crate::rules::cards::Card;
    const ORDER: [Card; 9] = [
        Card::Harvest,
        Card::GoodWeather,
        Card::Taxes,
        Card::Justice,
        Card::Uprising,
        Card::Ambush,
        Card::Assassination,
        Card::Darc,
        Card::Cardinal,
    ];
    let discard = ORDER
        .iter()
        .map(|&c| Action::Discard(c))
        .find(|a| phase.contains(a))?;
    let mut h = g.clone_lean();
    h.quiet = true;
    h.apply(p, discard.clone()).ok()?;
    h.legal_actions(p)
        .contains(&Action::DrawLord)
        .then_some(discard)
}

/// 5.1, 4.3: which of two allies gathers the untitled Fief `f` in his hand, when they hold
/// all of it that anyone holds: the one who holds more of it, then the one with more VP,
/// then the later seat (the same answer for both, so that Villages go one way only).
fn collector(g: &Game, f: crate::map::FiefId) -> Option<PlayerId> {
    if g.titles.fief[f as usize].is_some() {
        return None;
    }
    let fief = &g.map.fiefs[f as usize];
    let holders: Vec<PlayerId> = fief
        .villages
        .iter()
        .filter_map(|&w| g.villages[w as usize].controller)
        .collect();
    let first = *holders.first()?;
    let other = holders.iter().copied().find(|&q| q != first);
    let pair = match other {
        Some(q) if g.ally(first) == Some(q) => [first, q],
        Some(_) => return None,
        None => return Some(first),
    };
    if holders.iter().any(|q| !pair.contains(q)) {
        return None;
    }
    let held = |q: PlayerId| holders.iter().filter(|&&h| h == q).count();
    pair.into_iter().max_by_key(|&q| (held(q), g.vp(q), q))
}
