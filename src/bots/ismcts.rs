//! The Hard bot: single-observer information-set Monte Carlo tree search (anchor: OpenSpiel's
//! `is_mcts.h`; Cowling, Powley and Whitehouse, 2012). Each iteration samples a full game
//! consistent with the bot's view (`View::sample`), walks the shared tree choosing
//! among the actions available in that sample by UCB (with availability counts), adds one
//! node, plays on with the Normal policy for a bounded number of actions and scores the end
//! with `eval::rewards`; each edge keeps the rewards of the player who took it.

use super::eval::{distances, rewards};
use super::heuristic::Policy;
use super::{Bot, Budget, Level};
use crate::rules::rng::Rng;
use crate::rules::{Action, Game, PlayerId, View};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Search settings.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub budget: Budget,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Actions a playout plays before it is scored.
    pub playout_actions: u32,
    /// Candidates kept at a node (the Normal policy's ranking picks them at the root).
    pub width: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Time(std::time::Duration::from_secs(1)),
            exploration: 0.7,
            playout_actions: 120,
            width: 8,
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

pub struct Hard {
    rng: Rng,
    pub settings: Settings,
    /// Iterations and playout actions of the last search (for `fief-cli bench`).
    pub last_iterations: u32,
    pub last_playout_actions: u64,
}

impl Hard {
    pub fn new(seed: u64, settings: Settings) -> Hard {
        Hard {
            rng: Rng::new(seed),
            settings,
            last_iterations: 0,
            last_playout_actions: 0,
        }
    }

    /// The root's candidates: the Normal policy's choice first, then the others it would
    /// rank next, up to `width` (all of them when there are few).
    fn root_candidates(&mut self, view: &View, p: PlayerId) -> Vec<Action> {
        let legal = &view.legal;
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

    /// A node's candidates in one sample: all the legal actions, or a random handful of
    /// them (always keeping the last, which ends or passes) when there are many.
    fn node_candidates(&mut self, g: &Game, pl: PlayerId) -> Vec<Action> {
        let mut legal = g.bot_actions(pl);
        if legal.len() > self.settings.width {
            let last = legal.pop();
            self.rng.shuffle(&mut legal);
            legal.truncate(self.settings.width - 1);
            legal.extend(last);
        }
        legal
    }

    fn search(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action> {
        let me = view.viewer?;
        // The budget counts from here: ranking the root's candidates is part of the thinking.
        let start = Instant::now();
        let root_cands = self.root_candidates(view, me);
        if root_cands.len() == 1 {
            return root_cands.into_iter().next();
        }
        let dist = distances(&view.state);
        let mut policy = Policy::new(&dist);
        policy.width = self.settings.width;
        let mut nodes: Vec<Node> = vec![Node::default()];
        let mut iterations = 0u32;
        let mut playout_actions = 0u64;
        loop {
            let done = match self.settings.budget {
                Budget::Time(d) => start.elapsed() >= d,
                Budget::Iterations(n) => iterations >= n,
            };
            if done || (iterations > 0 && cancel.load(Ordering::Relaxed)) {
                break;
            }
            iterations += 1;
            let mut g = view.sample(&mut self.rng);
            let mut node = 0usize;
            let mut path: Vec<(usize, usize)> = Vec::new();
            // Selection and expansion.
            while let Some(pl) = g.to_act() {
                let cands = if node == 0 {
                    root_cands.clone()
                } else {
                    self.node_candidates(&g, pl)
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
                        let c = self.settings.exploration;
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
            // Playout with the Normal policy.
            let mut steps = 0;
            while steps < self.settings.playout_actions {
                let Some(pl) = g.to_act() else { break };
                let legal = g.bot_actions(pl);
                if legal.is_empty() {
                    break;
                }
                let a = policy.choose(&g, pl, &legal, &mut self.rng);
                if g.apply(pl, a).is_err() {
                    break;
                }
                steps += 1;
            }
            playout_actions += steps as u64;
            let r = rewards(&g, &dist);
            for (n, ei) in path {
                let e = &mut nodes[n].edges[ei];
                e.visits += 1;
                e.total += r.get(e.player as usize).copied().unwrap_or(0.0);
            }
        }
        self.last_iterations = iterations;
        self.last_playout_actions = playout_actions;
        nodes[0]
            .edges
            .iter()
            .max_by_key(|e| e.visits)
            .map(|e| e.action.clone())
            .or_else(|| root_cands.into_iter().next())
    }
}

impl Bot for Hard {
    fn level(&self) -> Level {
        Level::Hard
    }

    fn choose(&mut self, view: &View, cancel: &AtomicBool) -> Option<Action> {
        match view.legal.len() {
            0 => None,
            1 => Some(view.legal[0].clone()),
            _ => self.search(view, cancel),
        }
    }
}
