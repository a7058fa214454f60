//! The Normal bot: a heuristic player. It weighs most decisions by looking one action ahead
//! on a sampled game (`View::sample`) and scoring the result with `eval::value`; it
//! settles battles with the exact odds of `odds`, and answers the questions other players
//! ask (marriages, passage, ransoms, Cardinals, deals, truces) by rules of thumb that favour
//! itself and its ally.

use super::eval::{distances, value};
use super::odds::{attack_prospect, battle_prospect, win_chance};
use super::{Bot, Level};
use crate::map::VillageId;
use crate::rules::rng::Rng;
use crate::rules::{
    is_free_action, Action, ElectionKind, Fort, Game, MoveHow, PassageUse, Phase, PlayerId,
    PromptKind, View,
};
use std::sync::atomic::AtomicBool;

pub struct Normal {
    rng: Rng,
}

impl Normal {
    pub fn new(seed: u64) -> Normal {
        Normal {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for Normal {
    fn level(&self) -> Level {
        Level::Normal
    }

    fn choose(&mut self, view: &View, _cancel: &AtomicBool) -> Option<Action> {
        let p = view.viewer?;
        match view.legal.len() {
            0 => None,
            1 => Some(view.legal[0].clone()),
            _ => {
                let g = view.sample(&mut self.rng);
                let dist = distances(&g);
                Some(Policy::new(&dist).choose(&g, p, &view.legal, &mut self.rng))
            }
        }
    }
}

/// The Normal policy on a full (sampled) game; the Hard bot plays its playouts with it.
pub struct Policy<'a> {
    dist: &'a [Vec<u8>],
    /// At most this many candidates are looked ahead at (the rest are sampled away).
    pub width: usize,
}

fn total_sp(g: &Game, q: PlayerId) -> u32 {
    (0..g.villages.len())
        .map(|v| g.player_sp(q, v as VillageId))
        .sum()
}

/// The player most likely to win: most VP, then most strength.
fn leader(g: &Game, except: PlayerId) -> Option<PlayerId> {
    let ally = g.ally(except);
    (0..g.n())
        .filter(|&q| q != except && Some(q) != ally)
        .max_by_key(|&q| (g.vp(q), total_sp(g, q)))
}

/// Whether a marriage with `q`'s family brings `p` nearer to victory: an alliance needs 4 VP
/// together (7.2), a player alone 3 (7.1).
pub fn marriage_helps(g: &Game, p: PlayerId, q: PlayerId) -> bool {
    if g.ally(p).is_some() || g.ally(q).is_some() {
        return false;
    }
    let (mine, theirs) = (g.vp(p) as i32, g.vp(q) as i32);
    let alone = 3 - mine;
    let together = 4 - mine - theirs;
    together <= 0 || together < alone || (together == alone && theirs >= mine)
}

/// The attacker's chance in the battle being fought, with the dice the engine would give
/// each side (a draw counts half).
pub fn battle_odds(g: &Game) -> f64 {
    match battle_prospect(g) {
        Some(pr) => win_chance(pr.sides[0], pr.sides[1], pr.penalty, g.options.battle_die),
        None => 0.5,
    }
}

/// The odds of `p` attacking `q` in `v` with what both have there now (a draw counts half).
pub fn attack_odds(g: &Game, p: PlayerId, q: PlayerId, v: VillageId) -> f64 {
    let pr = attack_prospect(g, p, q, v);
    win_chance(pr.sides[0], pr.sides[1], pr.penalty, g.options.battle_die)
}

impl<'a> Policy<'a> {
    pub fn new(dist: &'a [Vec<u8>]) -> Policy<'a> {
        Policy { dist, width: 400 }
    }

    /// The value to `p` of the game after `a` (applied on a quiet copy).
    fn after(&self, g: &Game, p: PlayerId, a: &Action) -> f64 {
        let mut h = g.clone_lean();
        h.quiet = true;
        match h.apply(p, a.clone()) {
            Ok(_) => value(&h, p, self.dist),
            Err(_) => f64::MIN,
        }
    }

    /// The best of `cands` by one-action lookahead and its value; ties go to the earlier
    /// candidate.
    fn best_scored(&self, g: &Game, p: PlayerId, cands: &[Action], rng: &mut Rng) -> (Action, f64) {
        let mut pool: Vec<&Action> = cands.iter().collect();
        if pool.len() > self.width {
            // Keep the ends (End…/Pass come last) and a random sample of the rest.
            let last = pool.pop();
            rng.shuffle(&mut pool);
            pool.truncate(self.width - 1);
            pool.extend(last);
        }
        let mut best: Option<(&Action, f64)> = None;
        for a in pool {
            let v = self.after(g, p, a);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
            }
        }
        // `cands` is never empty: every caller passes legal actions of a decision.
        match best {
            Some((a, v)) => (a.clone(), v),
            None => (cands.first().cloned().unwrap_or(Action::Pass), f64::MIN),
        }
    }

    fn best_by_lookahead(&self, g: &Game, p: PlayerId, cands: &[Action], rng: &mut Rng) -> Action {
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
            .map(|a| (self.after(g, p, a), a.clone()))
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
        if g.free_actions_open(&prompt) {
            if let Some(a) = self.free_action(g, p, legal) {
                return a;
            }
        }
        let phase: Vec<Action> = legal
            .iter()
            .filter(|a| !is_free_action(a))
            .cloned()
            .collect();
        let phase = if phase.is_empty() {
            legal.to_vec()
        } else {
            phase
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
        match prompt.kind {
            PromptKind::Marriage => {
                // 1.1: propose to the family that helps most; otherwise stop.
                let mut best: Option<(u32, Action)> = None;
                for a in &phase {
                    if let Action::ProposeMarriage { groom, bride } = a {
                        let other = [*groom, *bride]
                            .iter()
                            .filter_map(|&l| g.lord(l))
                            .map(|l| l.owner)
                            .find(|&o| o != p);
                        if let Some(q) = other {
                            if marriage_helps(g, p, q) && best.as_ref().is_none_or(|b| g.vp(q) > b.0)
                            {
                                best = Some((g.vp(q), a.clone()));
                            }
                        }
                    }
                }
                best.map(|b| b.1)
                    .or_else(|| Self::pick(legal, &Action::EndMarriages))
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::MarriageAnswer { groom, bride } => {
                let other = [groom, bride]
                    .iter()
                    .filter_map(|&l| g.lord(l))
                    .map(|l| l.owner)
                    .find(|&o| o != p);
                accept(other.is_some_and(|q| marriage_helps(g, p, q)))
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
            PromptKind::RansomOffer { .. } => phase
                .iter()
                .filter_map(|a| match a {
                    Action::OfferRansom { amount } => Some((*amount, a)),
                    _ => None,
                })
                .max_by_key(|x| x.0)
                .map(|x| x.1.clone())
                .unwrap_or_else(|| phase[0].clone()),
            PromptKind::RansomAnswer { lord, .. } => {
                // 6.2.4: a discount only for the ally.
                let owner = g.lord(lord).map(|l| l.owner);
                accept(owner.is_some() && owner == ally)
            }
            PromptKind::GrantAnswer { .. } => accept(true),
            // 2.4.1: a Lord of another family is taken in only for the ally.
            PromptKind::PlacementLeave { asker, .. } => accept(Some(asker) == ally),
            PromptKind::CardinalConsent { lord } => {
                let owner = g.lord(lord).map(|l| l.owner);
                accept(owner == Some(p) || (owner.is_some() && owner == ally))
            }
            PromptKind::Permission { mover, .. } => accept(self.lets_pass(g, p, mover)),
            // 11.1: a relic leaves one's Village only for the ally; one offered is taken.
            PromptKind::RelicPermission { asker, .. } => accept(Some(asker) == ally),
            PromptKind::RelicOffer { .. } => accept(true),
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
            PromptKind::Annulment { lord } => {
                let owner = g.lord(lord).map(|l| l.owner);
                accept(owner == Some(p) || (owner.is_some() && owner == ally))
            }
            PromptKind::Deal {
                giver,
                receiver,
                deniers,
                cards,
            } => {
                if receiver == p {
                    accept(deniers > 0 || !cards.is_empty())
                } else {
                    accept(Some(receiver) == ally || giver == receiver)
                }
            }
            PromptKind::Truce { .. } => {
                let mine = self.my_side_odds(g, p);
                accept(mine < 0.5)
            }
            PromptKind::AmbushGoOn => accept(self.my_side_odds(g, p) >= 0.5),
            PromptKind::Targeted { .. } => Self::pick(
                legal,
                &Action::SecretPassage(PassageUse::Cancel),
            )
            .unwrap_or(Action::Pass),
            PromptKind::UprisingJoin { .. } => Self::pick(legal, &Action::Pass)
                .unwrap_or_else(|| phase[0].clone()),
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
            PromptKind::BattleSide { .. } => {
                let side = g.battle.as_ref().and_then(|b| {
                    (0..2).find(|&s| ally.is_some_and(|a| b.sides[s].contains(&a)))
                });
                Self::pick(legal, &Action::JoinSide(side.map(|s| s as u8)))
                    .or_else(|| Self::pick(legal, &Action::JoinSide(None)))
                    .unwrap_or_else(|| phase[0].clone())
            }
            PromptKind::BattleChoice { side, .. } => {
                let att = battle_odds(g);
                let mine = if side == 0 { att } else { 1.0 - att };
                // 6.3: an attacker with poor odds breaks off (from a fortification) or asks
                // a truce; a side with almost none asks a truce; otherwise fight on.
                let wants: &[Action] = if side == 0 && mine < 0.3 {
                    &[Action::EndBattle, Action::ProposeTruce, Action::Fight]
                } else if mine < 0.12 {
                    &[Action::ProposeTruce, Action::Fight, Action::EndBattle]
                } else {
                    &[Action::Fight]
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

    /// Passage (5.0) only for the ally, or for a player clearly weaker and behind.
    pub fn lets_pass(&self, g: &Game, p: PlayerId, mover: PlayerId) -> bool {
        if g.ally(p) == Some(mover) {
            return true;
        }
        let (mine, theirs) = (total_sp(g, p), total_sp(g, mover));
        2 * theirs < mine && g.vp(mover) < g.vp(p)
    }

    fn my_side_odds(&self, g: &Game, p: PlayerId) -> f64 {
        let att = battle_odds(g);
        match &g.battle {
            Some(b) if b.sides[1].contains(&p) => 1.0 - att,
            _ => att,
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
        let plain: Vec<Action> = phase
            .iter()
            .filter(|a| match a {
                Action::Move(o) => o.how == MoveHow::Normal,
                _ => true,
            })
            .cloned()
            .collect();
        if plain.contains(&end) {
            self.improve_or_end(g, p, &plain, &end, rng)
        } else {
            self.best_by_lookahead(g, p, phase, rng)
        }
    }

    /// In a step that goes on until the player ends it (Purchase, Play Cards, Movement), the
    /// action that improves the position by lookahead, or `end` when none does: an action
    /// that changes nothing (handing a title back and forth) is never taken.
    fn improve_or_end(
        &self,
        g: &Game,
        p: PlayerId,
        cands: &[Action],
        end: &Action,
        rng: &mut Rng,
    ) -> Action {
        if !cands.contains(end) {
            return self.best_by_lookahead(g, p, cands, rng);
        }
        let now = value(g, p, self.dist);
        let others: Vec<Action> = cands.iter().filter(|a| *a != end).cloned().collect();
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

    /// "Any time" cards and powers (§10) worth using now, if any.
    fn free_action(&self, g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
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
