//! What one player may see (the rules' open and hidden information; 11.2, ruling R-FOG): no other hands, no deck order,
//! no face-down Disasters, no face-down votes.

use super::cards::{Card, Pile};
use super::chain::Chain;
use super::events::{Entries, Event, Msg};
use super::rng::Rng;
use super::state::lords::Lord;
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{Action, Prompt};
use crate::map::VillageId;
use serde::Serialize;
use smallvec::SmallVec;
use std::borrow::Cow;

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub colour: &'static str,
    /// `None` when the Deniers are hidden from this viewer (the hidden-money rule).
    pub money: Option<u32>,
    pub hand_size: usize,
    /// How many of the cards in hand come from the Lords deck (the backs show it).
    pub hand_lords: usize,
    /// Only the viewer's own hand.
    pub hand: Option<Vec<Card>>,
    pub stock_maa: u8,
    pub stock_knights: u8,
    pub stock_engines: u8,
    pub diplomacy: u8,
    pub tax_markers: u8,
    pub vp: u32,
    pub ally: Option<PlayerId>,
}

#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The viewer; `None` for a spectator who sees only public facts.
    pub viewer: Option<PlayerId>,
    pub round: u16,
    pub first: PlayerId,
    pub phase: String,
    pub prompt: Option<Prompt>,
    /// The viewer's legal actions now.
    pub legal: Vec<Action>,
    pub players: Vec<PlayerView>,
    pub villages: Vec<VillageState>,
    pub lords: Vec<Lord>,
    pub titles: Titles,
    pub bishopric_cards: [BishopricCards; 5],
    pub taxes: Vec<Tax>,
    /// Face-down cards on the Disaster track (their faces are hidden until resolved).
    pub track_cards: usize,
    /// Which track spaces hold a face-down card.
    pub track: [bool; 3],
    pub lords_deck: usize,
    pub fortune_deck: usize,
    pub lords_discard: usize,
    pub fortune_discard: usize,
    /// Election candidates and who has voted (not how).
    pub candidates: Vec<(PlayerId, super::LordId)>,
    pub voted: Vec<PlayerId>,
    pub own_ballot: Option<Ballot>,
    pub outcome: Option<Outcome>,
    /// The log as the viewer may read it (shared with the game: building a view copies none
    /// of it).
    pub log: SeenLog,
    /// The game as this viewer knows it (`Game::redacted`): what bots search from.
    #[serde(skip_serializing)]
    pub state: Game,
}

/// The game's log as one viewer may read it. It shares the game's entries (`Chain`: a copy
/// clones at most the newest few), and an entry private to another player is redacted
/// (`Event::redacted_for`) when it is read, so that no redraw copies the whole log.
#[derive(Clone, Default)]
pub struct SeenLog {
    entries: Chain<Event>,
    viewer: Option<PlayerId>,
}

impl SeenLog {
    pub fn new(entries: Chain<Event>, viewer: Option<PlayerId>) -> SeenLog {
        SeenLog { entries, viewer }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entry `i` as the viewer may read it.
    pub fn get(&self, i: usize) -> Option<Cow<'_, Event>> {
        let e = self.entries.get(i)?;
        Some(match e.private_to {
            Some(p) if Some(p) != self.viewer => Cow::Owned(e.redacted_for(self.viewer)),
            _ => Cow::Borrowed(e),
        })
    }

    /// The entries from number `from` on, as the viewer may read them.
    pub fn since(&self, from: usize) -> impl Iterator<Item = Cow<'_, Event>> + '_ {
        (from..self.len()).filter_map(move |i| self.get(i))
    }

    pub fn iter(&self) -> impl Iterator<Item = Cow<'_, Event>> + '_ {
        self.since(0)
    }
}

impl Entries for SeenLog {
    fn count(&self) -> usize {
        self.len()
    }
    fn entry(&self, i: usize) -> Option<Cow<'_, Event>> {
        self.get(i)
    }
}

/// Entries already as their reader may read them (a test's, or a log a host sent).
impl From<Vec<Event>> for SeenLog {
    fn from(events: Vec<Event>) -> SeenLog {
        let mut entries = Chain::new();
        for e in events {
            entries.push(e);
        }
        SeenLog {
            entries,
            viewer: None,
        }
    }
}

impl std::fmt::Debug for SeenLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SeenLog({} entries, viewer {:?})",
            self.len(),
            self.viewer
        )
    }
}

/// Written as the list of entries the viewer may read, each redacted as `Event::redacted_for`.
impl Serialize for SeenLog {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.entries.iter().map(|e| e.redacted_for(self.viewer)))
    }
}

impl Game {
    pub fn view(&self, viewer: Option<PlayerId>) -> View {
        let legal = viewer.map(|p| self.legal_actions(p)).unwrap_or_default();
        self.build_view(viewer, legal, true)
    }

    fn build_view(&self, viewer: Option<PlayerId>, legal: Vec<Action>, with_log: bool) -> View {
        let (candidates, voted, own_ballot) = match &self.phase {
            Phase::Elections { election: Some(e) } => (
                e.candidates.clone(),
                e.ballots.iter().map(|b| b.player).collect(),
                e.ballots.iter().find(|b| Some(b.player) == viewer).copied(),
            ),
            _ => (vec![], vec![], None),
        };
        let mut view = View {
            viewer,
            round: self.round,
            first: self.first,
            phase: self.phase_name(),
            prompt: self.prompt().map(|mut pr| {
                // 8.0: the card offered in a deal is seen only by the two parties.
                if let super::PromptKind::Deal {
                    giver,
                    receiver,
                    cards,
                    ..
                } = &mut pr.kind
                {
                    if viewer != Some(*giver) && viewer != Some(*receiver) {
                        cards.clear();
                    }
                }
                pr
            }),
            legal,
            players: (0..self.n())
                .map(|p| {
                    let pl = &self.players[p as usize];
                    PlayerView {
                        name: self.name(p),
                        colour: COLOURS[self.options.colour(p)],
                        money: (!self.money_hidden(viewer, p)).then_some(pl.money),
                        hand_size: pl.hand.len(),
                        hand_lords: pl.hand.iter().filter(|c| c.is_lords_deck()).count(),
                        hand: (viewer == Some(p)).then(|| pl.hand.to_vec()),
                        stock_maa: pl.stock_maa,
                        stock_knights: pl.stock_knights,
                        stock_engines: pl.stock_engines,
                        diplomacy: pl.diplomacy,
                        tax_markers: pl.tax_markers,
                        vp: self.vp(p),
                        ally: self.ally(p),
                    }
                })
                .collect(),
            villages: Vec::new(),
            lords: self.lords.to_vec(),
            titles: self.titles.clone(),
            bishopric_cards: self.bishopric_cards,
            taxes: self.taxes.clone(),
            track_cards: self.track.iter().flatten().count(),
            track: self.track.map(|c| c.is_some()),
            lords_deck: self.lords_deck.len(),
            fortune_deck: self.fortune_deck.len(),
            lords_discard: self.lords_discard.len(),
            fortune_discard: self.fortune_discard.len(),
            candidates,
            voted,
            own_ballot,
            outcome: self.outcome.clone(),
            log: if with_log {
                SeenLog::new(self.log.clone(), viewer)
            } else {
                SeenLog::default()
            },
            state: self.redacted(viewer),
        };
        // The Villages as the viewer sees them (Fog of War hides the make-up of stacks).
        view.villages = view.state.villages.clone();
        view
    }

    /// FAQ, optional: whether `viewer` may not see `p`'s Deniers.
    pub fn money_hidden(&self, viewer: Option<PlayerId>, p: PlayerId) -> bool {
        self.options.hidden_money && viewer != Some(p)
    }

    /// 11.2, optional: whether `viewer` may not see what `q`'s stack in `v` is made of (its
    /// size is seen): Fog of War, another player's Troops, no battle begun there.
    pub fn stack_hidden(&self, viewer: Option<PlayerId>, v: VillageId, q: PlayerId) -> bool {
        self.options.fog_of_war
            && viewer != Some(q)
            && self.villages[v as usize].troops[q as usize].count() > 0
            && self.battle.as_ref().is_none_or(|b| b.village != v)
    }

    /// The view a bot decides from: like `view`, but with the legal actions of `bot_actions`
    /// and without the log.
    pub fn bot_view(&self, player: PlayerId) -> View {
        self.build_view(Some(player), self.bot_actions(player), false)
    }

    /// This game with everything `viewer` may not see taken out (open and hidden information): the other players'
    /// hands, the decks' order and the discards (pooled, face down, sorted), the Disaster
    /// track's faces, the other players' ballots, a Diplomacy card offered between others,
    /// the generator's state, the history and the log. Bots fill it in again with `View::sample`, below.
    /// The last election's result stays: its ballots are public once turned over (1.3 step
    /// 3), and a seat at another computer, which is sent this game, shows it on its Election
    /// page.
    pub fn redacted(&self, viewer: Option<PlayerId>) -> Game {
        let mut g = self.clone_lean();
        g.last_election.clone_from(&self.last_election);
        let mut lords: Pile = std::mem::take(&mut g.lords_deck);
        lords.append(&mut g.lords_discard);
        let mut fortune: Pile = std::mem::take(&mut g.fortune_deck);
        fortune.append(&mut g.fortune_discard);
        for (p, pl) in g.players.iter_mut().enumerate() {
            if Some(p as PlayerId) != viewer {
                for c in pl.hand.drain(..) {
                    if c.is_lords_deck() {
                        lords.push(c);
                    } else {
                        fortune.push(c);
                    }
                }
            }
        }
        fortune.extend(g.track.iter_mut().filter_map(|c| c.take()));
        lords.sort();
        fortune.sort();
        g.lords_deck = lords;
        g.fortune_deck = fortune;
        if let Phase::Elections { election: Some(e) } = &mut g.phase {
            for b in &mut e.ballots {
                if Some(b.player) != viewer {
                    b.for_lord = None;
                    b.decoy = None;
                }
            }
        }
        for pend in &mut g.pending {
            if let Pending::Deal {
                giver,
                receiver,
                cards,
                ..
            } = pend
            {
                if viewer != Some(*giver) && viewer != Some(*receiver) {
                    cards.clear();
                }
            }
        }
        // 8.0: the cards of deals offered between two others this round are theirs alone.
        for d in &mut g.memory.asked_deals {
            if viewer != Some(d.giver) && viewer != Some(d.receiver) {
                d.cards.clear();
            }
        }
        // Hidden money: the others' Deniers are unknown; the viewer's own sum stands in.
        let guess = viewer.map(|p| self.players[p as usize].money).unwrap_or(5);
        for p in 0..self.n() {
            if self.money_hidden(viewer, p) {
                g.players[p as usize].money = guess;
            }
        }
        // Fog of War: each hidden stack keeps its size; the player's Knights on hidden stacks
        // (a number everyone can count from his stockpile) are laid out in Village order, a
        // guess that tells nothing of where they are (bots spread them at random).
        for q in 0..self.n() {
            let hidden: Vec<usize> = (0..self.villages.len())
                .filter(|&v| self.stack_hidden(viewer, v as VillageId, q))
                .collect();
            let mut knights: u32 = hidden
                .iter()
                .map(|&v| self.villages[v].troops[q as usize].knights as u32)
                .sum();
            for v in hidden {
                let t = &mut g.villages[v].troops[q as usize];
                let n = t.count();
                let k = knights.min(n as u32) as u8;
                knights -= k as u32;
                *t = Troops {
                    maa: n - k,
                    knights: k,
                };
            }
        }
        // The generator and the seed it grew from: with either, the deal and every die to
        // come could be worked out.
        // 11.2: the troops moving with another's Lord on a hidden stack: their number only
        // (as few Knights as the stack's guess allows).
        for grp in &mut g.moves.groups {
            if self.stack_hidden(viewer, grp.village, grp.player) {
                let stack = g.villages[grp.village as usize].troops[grp.player as usize];
                let n = grp.troops.count();
                let k = n.saturating_sub(stack.maa).min(stack.knights);
                grp.troops = Troops {
                    maa: n - k,
                    knights: k,
                };
            }
        }
        g.rng = super::rng::Rng::new(0);
        let options = std::sync::Arc::make_mut(&mut g.options);
        options.seed = 0;
        if let Some(seal) = &mut options.sealed {
            seal.salt.clear();
        }
        g
    }

    /// A clone that leaves the log and history behind (they can be long): what bots copy.
    pub fn clone_lean(&self) -> Game {
        Game {
            map: self.map.clone(),
            options: self.options.clone(),
            rng: self.rng.clone(),
            round: self.round,
            first: self.first,
            phase: self.phase.clone(),
            pending: copied(&self.pending),
            players: self.players.clone(),
            villages: self.villages.clone(),
            lords: self.lords.clone(),
            titles: self.titles.clone(),
            lords_deck: Pile::from_slice(&self.lords_deck),
            lords_discard: Pile::from_slice(&self.lords_discard),
            fortune_deck: Pile::from_slice(&self.fortune_deck),
            fortune_discard: Pile::from_slice(&self.fortune_discard),
            track: self.track,
            bishopric_cards: self.bishopric_cards,
            taxes: copied(&self.taxes),
            memory: self.memory.clone(),
            ransomed: copied(&self.ransomed),
            battle: self.battle.clone(),
            moves: self.moves.clone(),
            outcome: self.outcome.clone(),
            starting_lords: SmallVec::from_slice(&self.starting_lords),
            last_election: None,
            relics: copied(&self.relics),
            relic_round: self.relic_round,
            history: Default::default(),
            log: Default::default(),
            quiet: self.quiet,
            remarks: Vec::new(),
        }
    }

    /// `clone_lean` into a game already held (`into`): the same copy, made in `into`'s own
    /// lists where they have room, so that a bot weighing one candidate after another
    /// allocates nothing for most of them. Every field is named, so that a field added
    /// later cannot be left out.
    pub fn clone_lean_into(&self, into: &mut Game) {
        let Game {
            map,
            options,
            rng,
            round,
            first,
            phase,
            pending,
            players,
            villages,
            lords,
            titles,
            lords_deck,
            lords_discard,
            fortune_deck,
            fortune_discard,
            track,
            bishopric_cards,
            taxes,
            memory,
            ransomed,
            battle,
            moves,
            outcome,
            starting_lords,
            last_election,
            relics,
            relic_round,
            history,
            log,
            quiet,
            remarks,
        } = into;
        map.clone_from(&self.map);
        options.clone_from(&self.options);
        rng.clone_from(&self.rng);
        *round = self.round;
        *first = self.first;
        phase.clone_from(&self.phase);
        pending.clone_from(&self.pending);
        players.clone_from(&self.players);
        villages.clone_from(&self.villages);
        lords.clone_from(&self.lords);
        titles.clone_from(&self.titles);
        *lords_deck = Pile::from_slice(&self.lords_deck);
        *lords_discard = Pile::from_slice(&self.lords_discard);
        *fortune_deck = Pile::from_slice(&self.fortune_deck);
        *fortune_discard = Pile::from_slice(&self.fortune_discard);
        *track = self.track;
        *bishopric_cards = self.bishopric_cards;
        taxes.clone_from(&self.taxes);
        memory.clone_from(&self.memory);
        ransomed.clone_from(&self.ransomed);
        battle.clone_from(&self.battle);
        moves.clone_from(&self.moves);
        outcome.clone_from(&self.outcome);
        *starting_lords = SmallVec::from_slice(&self.starting_lords);
        *last_election = None;
        relics.clone_from(&self.relics);
        *relic_round = self.relic_round;
        *history = Default::default();
        *log = Default::default();
        *quiet = self.quiet;
        remarks.clear();
    }

    /// The phase and step as a message, as the header bar shows it (the window renders it in
    /// its own words; `phase_name` is its English).
    pub fn phase_msg(&self) -> Msg {
        match &self.phase {
            Phase::Setup { .. } => msg!("Setup"),
            Phase::Marriage { .. } => msg!("Phase 1: Marriages"),
            Phase::Elections { election } => match election {
                Some(e) => msg!(
                    "Phase 1: Election of the {office}",
                    office = self.election_arg(e.kind)
                ),
                None => msg!("Phase 1: Elections"),
            },
            Phase::Draw { .. } => msg!("Phase 2: Discard and Draw"),
            Phase::Disasters { .. } => msg!("Phase 2: Disasters"),
            Phase::PlayCards { .. } => msg!("Phase 2: Play Cards"),
            Phase::Income => msg!("Phase 3: Income"),
            Phase::Ransom => msg!("Phase 4: Ransoms"),
            Phase::Purchase { .. } => msg!("Phase 4: Purchase"),
            Phase::Movement { .. } => msg!("Phase 5: Movement"),
            Phase::Battles { .. } => msg!("Phase 6: Battles"),
            Phase::Pillage { .. } => msg!("Phase 6: Pillage"),
            Phase::EndRound => msg!("Phase 7: End of Round"),
            Phase::GameOver => msg!("Game over"),
        }
    }

    /// The phase and step in English, as the header bar shows it.
    pub fn phase_name(&self) -> String {
        self.phase_msg().english()
    }
}

/// The other side of the redaction above: filling in what a view hides.
impl View {
    /// Sampling a full game consistent with what one player sees (anchor: OpenSpiel's
    /// `is_mcts.h`, "determinization"): the hidden cards are dealt at random from the pool the
    /// view leaves face down, the other players' secret ballots are guessed, and the dice get a
    /// fresh generator. Bots search these samples, never the real game.
    ///
    /// One full game the viewer cannot tell apart from the real one.
    pub fn sample(&self, rng: &mut Rng) -> Game {
        let mut g = self.state.clone_lean();
        g.quiet = true;
        let me = self.viewer;
        let mut lords = std::mem::take(&mut g.lords_deck);
        // A Disaster never stays in a hand (2.1): they can only be on the track, in the deck or
        // in the discard pile.
        let (mut disasters, mut fortune): (Pile, Pile) = std::mem::take(&mut g.fortune_deck)
            .into_iter()
            .partition(|c| c.is_disaster());
        rng.shuffle(&mut lords);
        rng.shuffle(&mut fortune);
        rng.shuffle(&mut disasters);
        // The other players' hands: as many cards of each deck as their backs show.
        for (p, pv) in self.players.iter().enumerate() {
            if Some(p as PlayerId) == me {
                continue;
            }
            let from_lords = pv.hand_lords.min(lords.len());
            let from_fortune = (pv.hand_size - pv.hand_lords).min(fortune.len());
            let hand = &mut g.players[p].hand;
            hand.extend(lords.drain(..from_lords));
            hand.extend(fortune.drain(..from_fortune));
        }
        // The Disaster track's face-down cards are Disasters.
        for (slot, hidden) in self.track.iter().enumerate() {
            if *hidden {
                g.track[slot] = disasters.pop().or_else(|| fortune.pop());
            }
        }
        fortune.append(&mut disasters);
        rng.shuffle(&mut fortune);
        let lords_discard = self.lords_discard.min(lords.len());
        g.lords_discard = lords.drain(..lords_discard).collect();
        let fortune_discard = self.fortune_discard.min(fortune.len());
        g.fortune_discard = fortune.drain(..fortune_discard).collect();
        g.lords_deck = lords;
        g.fortune_deck = fortune;
        // Secret ballots already cast by others: most players vote for their own candidate.
        if let Phase::Elections { election: Some(e) } = &mut g.phase {
            let cands = e.candidates.clone();
            for b in &mut e.ballots {
                if Some(b.player) == me || b.for_lord.is_some() {
                    continue;
                }
                b.for_lord = cands
                    .iter()
                    .find(|c| c.0 == b.player)
                    .map(|c| c.1)
                    .or_else(|| {
                        (!cands.is_empty()).then(|| cands[rng.below(cands.len() as u32) as usize].1)
                    });
            }
        }
        // Fog of War (11.2): another player's Knights on face-down stacks are spread at random over
        // his hidden counters (the view keeps each stack's size and his number of Knights).
        if g.options.fog_of_war {
            for q in 0..g.n() {
                let hidden: Vec<usize> = (0..g.villages.len())
                    .filter(|&v| self.state.stack_hidden(me, v as u8, q))
                    .collect();
                let mut slots: Vec<usize> = Vec::new();
                let mut knights = 0;
                for &v in &hidden {
                    let t = g.villages[v].troops[q as usize];
                    knights += t.knights as usize;
                    slots.extend(std::iter::repeat_n(v, t.count() as usize));
                }
                rng.shuffle(&mut slots);
                for &v in &hidden {
                    let t = &mut g.villages[v].troops[q as usize];
                    *t = Troops {
                        maa: t.count(),
                        knights: 0,
                    };
                }
                for &v in slots.iter().take(knights) {
                    let t = &mut g.villages[v].troops[q as usize];
                    t.maa -= 1;
                    t.knights += 1;
                }
            }
        }
        g.rng = Rng::new(rng.next_u32() as u64 | ((rng.next_u32() as u64) << 32));
        g
    }
}
