//! The Hard bot: single-observer information-set Monte Carlo tree search (anchor: OpenSpiel's
//! `is_mcts.h`; Cowling, Powley and Whitehouse, 2012), root-parallel over the machine's cores
//! (Chaslot, Winands and van den Herik, 2008). Each tree grows on a thread of rayon's pool
//! from its own seed: every iteration samples a full game consistent with the bot's view
//! (`View::sample`), walks the tree choosing among the actions available in that sample by
//! UCB (with availability counts), adds one node, plays on with the Normal policy for a
//! bounded number of actions and scores the end with `eval::rewards` (the cut-off); each edge
//! keeps the rewards of the player who took it. The trees' root visits are added up, and the
//! most visited action is played.
//!
//! Under an iteration budget the trees, their seeds and their shares of the iterations do not
//! depend on the machine, so the same view gives the same choice anywhere; under a time
//! budget each core grows one tree until the time is up.

use super::eval::{distances, rewards};
use super::heuristic::Policy;
use super::{Bot, Budget, Level};
use crate::rules::events::Msg;
use crate::rules::rng::Rng;
use crate::rules::{is_any_time_action, Action, Game, PlayerId, View};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Search settings.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub budget: Budget,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Actions a playout plays before the evaluation scores it (the cut-off: a short playout
    /// sees the consequences of a choice, the evaluation the rest).
    pub playout_actions: u32,
    /// Candidates kept at a node (the Normal policy's ranking picks them at the root).
    pub width: usize,
    /// Candidates the Normal policy looks ahead at in a playout (a cheaper, rougher Normal:
    /// more playouts in the same time).
    pub playout_width: usize,
    /// Trees grown, on as many threads as there are cores: 0 for one per core under a time
    /// budget and `REPRODUCIBLE_TREES` under an iteration budget.
    pub trees: usize,
    /// What a victory in alliance is worth against one alone (1): an alliance wins together
    /// (7.2), but the bot plays to win alone when it can. It weighs the ally's standing in
    /// unfinished playouts too (`eval::rewards`).
    pub alliance_win: f64,
}

/// `Settings::alliance_win` by default.
pub const ALLIANCE_WIN: f64 = 0.4;

/// Trees under an iteration budget when `Settings::trees` is 0: a fixed number, so that the
/// search is the same on every machine.
pub const REPRODUCIBLE_TREES: usize = 4;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Time(std::time::Duration::from_secs(1)),
            exploration: 0.7,
            playout_actions: 20,
            width: 8,
            playout_width: 3,
            trees: 0,
            alliance_win: ALLIANCE_WIN,
        }
    }
}

struct Edge {
    action: Action,
    /// The player who takes this action.
    player: PlayerId,
    child: usize,
    visits: u32,
    available: u32,
    total: f64,
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

/// What one tree found: the visits of each root candidate, and its effort.
#[derive(Default)]
struct Grown {
    visits: Vec<u32>,
    iterations: u32,
    playout_actions: u64,
}

pub struct Hard {
    rng: Rng,
    pub settings: Settings,
    /// Iterations and playout actions of the last search, over all its trees (for
    /// `fief-cli bench`), and the trees it grew.
    pub last_iterations: u32,
    pub last_playout_actions: u64,
    pub last_trees: usize,
    /// Why it answered the last question as it did.
    reason: Option<Msg>,
    /// The root's candidates of the last search, most visited first (ties in the Normal
    /// policy's order), with their visits over all trees; empty when it did not search.
    last_ranking: Vec<(Action, u32)>,
}

impl Hard {
    pub fn new(seed: u64, settings: Settings) -> Hard {
        Hard {
            rng: Rng::new(seed),
            settings,
            last_iterations: 0,
            last_playout_actions: 0,
            last_trees: 0,
            reason: None,
            last_ranking: Vec::new(),
        }
    }

    /// The reason for answering a question with `a`: the bargaining rule's when the search
    /// agrees with it, otherwise what the search found.
    fn explain(&self, view: &View, p: PlayerId, a: &Action) -> Option<Msg> {
        if !matches!(a, Action::Accept | Action::Refuse) {
            return None;
        }
        // Its own generator is left alone: the answer does not depend on hidden cards.
        let g = view.sample(&mut Rng::new(0));
        let pr = g.prompt().filter(|pr| pr.kind.is_question())?;
        let rule = super::bargain::answer(&g, p, &pr.kind)?;
        if rule.yes == (*a == Action::Accept) || self.last_iterations == 0 {
            return Some(rule.why);
        }
        // What the usual rule says for the other answer, and that this one still did better.
        Some(msgn!(
            "the usual rule would answer the other way ({why}), but played out {n} time, this answer did better.",
            "the usual rule would answer the other way ({why}), but played out {n} times, this answer did better.",
            self.last_iterations,
            why = rule.why
        ))
    }

    /// The root's candidates: the Normal policy's choice first, then the others it would
    /// rank next, up to `width` (all of them when there are few).
    fn root_candidates(&mut self, view: &View, p: PlayerId) -> Vec<Action> {
        // 8.0: Deniers and cards are asked of the ally only, and given to it only: a rival
        // refuses what he is asked, and what he is given strengthens him. 6.3: a side likelier
        // to win its battle does not give it away (a truce, breaking off, surrender).
        let ally = view.state.ally(p);
        let winning =
            view.state.battle.is_some() && super::bargain::side_odds(&view.state, p) >= 0.5;
        let unwise = |a: &Action| rival_deal(a, ally) || (winning && gives_up(a));
        let owned: Vec<Action>;
        let legal = if view.legal.iter().any(&unwise) && !view.legal.iter().all(&unwise) {
            owned = view.legal.iter().filter(|a| !unwise(a)).cloned().collect();
            &owned
        } else {
            &view.legal
        };
        if legal.len() <= self.settings.width {
            return legal.clone();
        }
        let g = view.sample(&mut self.rng);
        let dist = distances(&g);
        let policy = Policy::new(&dist);
        let first = policy.choose(&g, p, legal, &mut self.rng);
        let mut ranked = policy.rank(&g, p, legal, &mut self.rng);
        ranked.retain(|a| *a != first);
        let mut out = vec![first];
        out.extend(ranked.into_iter().take(self.settings.width - 1));
        out
    }

    /// How many trees to grow.
    fn trees(&self) -> usize {
        match (self.settings.trees, self.settings.budget) {
            (0, Budget::Iterations(_)) => REPRODUCIBLE_TREES,
            (0, Budget::Time(_)) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            (n, _) => n,
        }
    }

    fn search(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action> {
        let me = view.viewer?;
        // The budget counts from here: ranking the root's candidates is part of the thinking.
        let start = Instant::now();
        let root = self.root_candidates(view, me);
        if root.len() == 1 {
            return root.into_iter().next();
        }
        let trees = self.trees().max(1);
        let seeds: Vec<u64> = (0..trees)
            .map(|_| (self.rng.next_u32() as u64) << 32 | self.rng.next_u32() as u64)
            .collect();
        let share = |i: usize| match self.settings.budget {
            Budget::Iterations(n) => {
                let (each, rest) = (n / trees as u32, n % trees as u32);
                Budget::Iterations(each + u32::from((i as u32) < rest))
            }
            time => time,
        };
        let settings = self.settings;
        let root = &root;
        // The trees grow on rayon's threads, which live on between searches: the battle odds
        // each thread has worked out (`odds`) serve its next searches too.
        let grown: Vec<Grown> = seeds
            .par_iter()
            .enumerate()
            .map(|(i, &seed)| grow(view, root, &settings, share(i), seed, start, cancel))
            .collect();
        self.last_trees = trees;
        self.last_iterations = grown.iter().map(|t| t.iterations).sum();
        self.last_playout_actions = grown.iter().map(|t| t.playout_actions).sum();
        let visits = |i: usize| {
            grown
                .iter()
                .map(|t| t.visits.get(i).copied().unwrap_or(0))
                .sum::<u32>()
        };
        // The most visited over all trees; a tie goes to the Normal policy's order.
        let mut order: Vec<usize> = (0..root.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(visits(i)), i));
        self.last_ranking = order
            .iter()
            .map(|&i| (root[i].clone(), visits(i)))
            .collect();
        order.first().map(|&i| root[i].clone())
    }

    /// The root's candidates of the last search, most visited first, with their visits;
    /// empty when the last choice took no search.
    pub fn ranking(&self) -> &[(Action, u32)] {
        &self.last_ranking
    }
}

/// A Diplomacy offer to, or request of, a player who is not `ally` (8.0).
fn rival_deal(a: &Action, ally: Option<PlayerId>) -> bool {
    match a {
        Action::OfferDeniers { to, .. } | Action::OfferCard { to, .. } => Some(*to) != ally,
        Action::AskDeniers { from, .. } => Some(*from) != ally,
        _ => false,
    }
}

/// A battle choice that ends the battle without winning it (6.3).
fn gives_up(a: &Action) -> bool {
    matches!(
        a,
        Action::ProposeTruce | Action::BuyTruce(_) | Action::EndBattle | Action::Surrender
    )
}

/// A node's candidates in one sample: all the legal actions, or a random handful of them
/// (always keeping the last, which ends or passes) when there are many.
fn node_candidates(g: &Game, pl: PlayerId, width: usize, rng: &mut Rng) -> Vec<Action> {
    let mut legal = g.bot_actions(pl);
    if legal.len() > width {
        let last = legal.pop();
        rng.shuffle(&mut legal);
        legal.truncate(width - 1);
        legal.extend(last);
    }
    legal
}

/// Grows one tree from `root`'s candidates for `budget` (or until `cancel`), with its own
/// generator.
#[allow(clippy::too_many_arguments)]
fn grow(
    view: &View,
    root: &[Action],
    settings: &Settings,
    budget: Budget,
    seed: u64,
    start: Instant,
    cancel: &AtomicBool,
) -> Grown {
    let mut rng = Rng::new(seed);
    let dist = distances(&view.state);
    let mut policy = Policy::new(&dist);
    policy.width = settings.playout_width.max(1);
    let mut nodes: Vec<Node> = vec![Node::default()];
    let mut iterations = 0u32;
    let mut playout_actions = 0u64;
    loop {
        let done = match budget {
            Budget::Time(d) => start.elapsed() >= d,
            Budget::Iterations(n) => iterations >= n,
        };
        if done || (iterations > 0 && cancel.load(Ordering::Relaxed)) {
            break;
        }
        iterations += 1;
        let mut g = view.sample(&mut rng);
        let mut node = 0usize;
        let mut path: Vec<(usize, usize)> = Vec::new();
        // Selection and expansion.
        while let Some(pl) = g.to_act() {
            let cands = if node == 0 {
                root.to_vec()
            } else {
                node_candidates(&g, pl, settings.width, &mut rng)
            };
            if cands.is_empty() {
                break;
            }
            let unexplored = cands
                .iter()
                .find(|a| !nodes[node].edges.iter().any(|e| e.action == **a))
                .cloned();
            let (ei, expanded) = match unexplored {
                Some(a) => {
                    let child = nodes.len();
                    nodes.push(Node::default());
                    nodes[node].edges.push(Edge {
                        action: a,
                        player: pl,
                        child,
                        visits: 0,
                        available: 0,
                        total: 0.0,
                    });
                    (nodes[node].edges.len() - 1, true)
                }
                None => {
                    let c = settings.exploration;
                    let mut best = (f64::MIN, 0usize);
                    for (i, e) in nodes[node].edges.iter_mut().enumerate() {
                        if !cands.contains(&e.action) {
                            continue;
                        }
                        e.available += 1;
                        let mean = e.total / e.visits.max(1) as f64;
                        let ucb = mean
                            + c * ((e.available.max(1) as f64).ln() / e.visits.max(1) as f64)
                                .sqrt();
                        if ucb > best.0 {
                            best = (ucb, i);
                        }
                    }
                    (best.1, false)
                }
            };
            let action = nodes[node].edges[ei].action.clone();
            if g.apply(pl, action).is_err() {
                break;
            }
            path.push((node, ei));
            node = nodes[node].edges[ei].child;
            if expanded {
                break;
            }
        }
        // Playout with the Normal policy, cut off after `playout_actions`.
        let mut steps = 0;
        let mut known = None;
        while steps < settings.playout_actions {
            let Some(pl) = g.to_act() else { break };
            let legal = g.bot_actions(pl);
            if legal.is_empty() {
                break;
            }
            let played;
            (played, known) = policy.play(&mut g, pl, &legal, &mut rng, known);
            if !played {
                break;
            }
            steps += 1;
        }
        playout_actions += steps as u64;
        let r = rewards(&g, &dist, settings.alliance_win);
        for (n, ei) in path {
            let e = &mut nodes[n].edges[ei];
            e.visits += 1;
            e.total += r.get(e.player as usize).copied().unwrap_or(0.0);
        }
    }
    let visits = root
        .iter()
        .map(|a| {
            nodes[0]
                .edges
                .iter()
                .find(|e| e.action == *a)
                .map_or(0, |e| e.visits)
        })
        .collect();
    Grown {
        visits,
        iterations,
        playout_actions,
    }
}

impl Bot for Hard {
    fn level(&self) -> Level {
        Level::Hard
    }

    fn set_budget(&mut self, budget: Budget) {
        self.settings.budget = budget;
    }

    fn choose(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action> {
        let p = view.viewer?;
        // A decision with one sensible answer takes no search: a single choice, or a single
        // step of the game itself beside "any time" actions the Normal policy leaves alone.
        let steps = view.legal.iter().filter(|a| !is_any_time_action(a)).count();
        self.last_iterations = 0;
        self.last_playout_actions = 0;
        self.last_trees = 0;
        self.last_ranking.clear();
        let a = match view.legal.len() {
            0 => None,
            1 => Some(view.legal[0].clone()),
            _ if steps <= 1 => {
                let g = view.sample(&mut self.rng);
                let dist = distances(&g);
                Some(Policy::new(&dist).choose(&g, p, &view.legal, &mut self.rng))
            }
            _ => self.search(view, cancel),
        };
        self.reason = a.as_ref().and_then(|a| self.explain(view, p, a));
        a
    }

    fn reason(&self) -> Option<Msg> {
        self.reason.clone()
    }
}
