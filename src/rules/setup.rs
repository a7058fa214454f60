//! Setup and the start of each round (the round overview).

use super::cards::{self, Card, Pile};
use super::rng::Rng;
use super::state::lords::{Lord, Lords};
use super::state::memory::RoundMemory;
use super::state::moves::MoveState;
use super::state::phase::Phase;
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::{Map, VillageId, BISHOPRIC_COUNT};
use std::sync::Arc;

impl Game {
    /// A new game on the shipped board, ready for the starting Village choices (Setup).
    pub fn new(options: Options) -> Result<Game, RuleError> {
        Game::with_map(options, Map::builtin())
    }

    pub fn with_map(options: Options, map: Arc<Map>) -> Result<Game, RuleError> {
        let n = options.players;
        if !(3..=MAX_PLAYERS as u8).contains(&n) {
            return refuse_with("3", || {
                msg!("Fief is played by 3 to 6 players, not {n}", n = n)
            });
        }
        if options.names.len() > n as usize {
            return refuse_with("", || {
                msg!(
                    "{names} names given for {n} players",
                    names = options.names.len(),
                    n = n
                )
            });
        }
        // A name is shown in windows and printed on terminals: nothing in it may fake or
        // hide text (line breaks, escape codes, right-to-left overrides, invisible marks:
        // `readable`). An empty name is the seat's colour.
        if options
            .names
            .iter()
            .any(|n| !n.is_empty() && super::readable::check_readable(n, MAX_NAME_CHARS).is_err())
        {
            return refuse_with("", || {
                msg!(
                    "a player's name has at most {max} characters, none that is invisible or reorders text, and something to see",
                    max = MAX_NAME_CHARS
                )
            });
        }
        if !options.colours.is_empty() {
            let mut cs = options.colours.clone();
            cs.sort_unstable();
            cs.dedup();
            if options.colours.len() != n as usize
                || cs.len() != n as usize
                || cs.iter().any(|&c| c as usize >= MAX_PLAYERS)
            {
                return refuse("", "each player needs a colour of his own");
            }
        }
        if let Some(f) = options.first_player {
            if f >= n {
                return refuse_with("4", || msg!("there is no seat {f} to start", f = f));
            }
        }
        if !options.battle_die.iter().all(|&h| (1..=3).contains(&h)) {
            return refuse("6.2.2", "each face of the battle die shows 1, 2 or 3 hits");
        }
        let mut rng = Rng::for_game(options.seed, options.sealed.is_some());
        // Setup: shuffle both decks.
        let mut fortune_deck = cards::fortune_deck();
        rng.shuffle(&mut fortune_deck);
        let mut lords_deck = cards::lords_deck();
        rng.shuffle(&mut lords_deck);
        let first = match options.first_player {
            Some(f) => f,
            None => rng.below(n as u32) as u8,
        };
        let nv = map.villages.len();
        let mut g = Game {
            map,
            options: options.into(),
            rng,
            round: 0,
            first,
            phase: Phase::Setup { idx: 0 },
            pending: Vec::new(),
            players: (0..n).map(|_| Player::new()).collect(),
            villages: vec![VillageState::default(); nv],
            lords: Lords::default(),
            titles: Titles::default(),
            lords_deck,
            lords_discard: Pile::new(),
            fortune_deck,
            fortune_discard: Pile::new(),
            track: [None; 3],
            bishopric_cards: [BishopricCards::default(); BISHOPRIC_COUNT],
            taxes: Vec::new(),
            memory: RoundMemory::default(),
            ransomed: Vec::new(),
            battle: None,
            moves: MoveState::default(),
            outcome: None,
            starting_lords: Default::default(),
            last_election: None,
            relics: Vec::new(),
            relic_round: 0,
            history: Default::default(),
            log: Default::default(),
            quiet: false,
            remarks: Vec::new(),
        };
        // 11.1 (optional): the relics go on the principal Villages before anything else.
        if g.options.relics {
            g.place_relics();
        }
        // Setup: each player draws a first Lord; a Cardinal or d'ARC is shuffled back.
        for p in 0..n {
            let lord = loop {
                let Some(c) = g.lords_deck.pop() else {
                    unreachable_deck()
                };
                match c {
                    Card::Lord(l) => break l,
                    other => {
                        g.lords_deck.push(other);
                        let mut deck = std::mem::take(&mut g.lords_deck);
                        g.rng.shuffle(&mut deck);
                        g.lords_deck = deck;
                    }
                }
            };
            g.starting_lords.push(lord);
            let who = g.pname(p);
            say!(
                g,
                "4",
                msg!(
                    "{p} draws {lord} as the first Lord of the family.",
                    p = who,
                    lord = cards::lord_name(lord)
                ),
            );
        }
        let who = g.pname(first);
        say!(g, "4", msg!("{p} takes the First Player card.", p = who));
        Ok(g)
    }

    pub(crate) fn check_start(&self, v: VillageId) -> Result<(), RuleError> {
        if v as usize >= self.map.villages.len() {
            return refuse("4", "no such Village");
        }
        if self.occupied(v) || self.villages[v as usize].controller.is_some() {
            return refuse_with("4", || msg!("{v} is already occupied", v = self.vname(v)));
        }
        Ok(())
    }

    /// Setup: 1 Knight, 3 MaA, 1 Stronghold and the Lord go to the chosen Village.
    pub(crate) fn exec_start(&mut self, p: PlayerId, v: VillageId) {
        let pl = &mut self.players[p as usize];
        pl.stock_knights -= 1;
        pl.stock_maa -= 3;
        let vs = &mut self.villages[v as usize];
        vs.troops[p as usize] = Troops { maa: 3, knights: 1 };
        vs.fort = Fort::Stronghold;
        vs.controller = Some(p);
        let id = self.starting_lords[p as usize];
        self.lords.push(Lord::new(id, p, v));
        say!(
            self,
            "4",
            msg!(
                "{p} starts in {v} with 1 Knight, 3 Men-at-Arms and a Stronghold.",
                p = self.pname(p),
                v = self.vname(v)
            ),
        );
        if let Phase::Setup { idx } = &mut self.phase {
            *idx += 1;
        }
    }

    /// Round overview: a new round begins with Phase 1 (a), marriages.
    pub(crate) fn start_round(&mut self) {
        self.round += 1;
        // Every request of the last round may be made again (11.1: a relic leave refused
        // "for this round" too).
        self.memory = RoundMemory::default();
        self.moves = MoveState::default();
        // The phase first: the log files the new round's first line under Phase 1.
        self.phase = Phase::Marriage { idx: 0 };
        say!(
            self,
            "5",
            msg!(
                "Round {n} begins; {p} holds the First Player card.",
                n = self.round,
                p = self.pname(self.first)
            ),
        );
        self.open_window(1);
    }
}

fn unreachable_deck() -> ! {
    // The Lords deck holds 18 Lord cards and at most 6 are drawn at setup.
    panic!("the Lords deck ran out during setup")
}
