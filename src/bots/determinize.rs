//! Sampling a full game consistent with what one player sees (anchor: OpenSpiel's
//! `is_mcts.h`, "determinization"): the hidden cards are dealt at random from the pool the
//! view leaves face down, the other players' secret ballots are guessed, and the dice get a
//! fresh generator. Bots search these samples, never the real game.

use crate::rules::rng::Rng;
use crate::rules::{Game, Phase, PlayerId, View};

/// One full game the viewer cannot tell apart from the real one.
pub fn sample(view: &View, rng: &mut Rng) -> Game {
    let mut g = view.state.clone_lean();
    g.quiet = true;
    let me = view.viewer;
    let mut lords = std::mem::take(&mut g.lords_deck);
    // A Disaster never stays in a hand (2.1): they can only be on the track, in the deck or
    // in the discard pile.
    let (mut disasters, mut fortune): (Vec<_>, Vec<_>) = std::mem::take(&mut g.fortune_deck)
        .into_iter()
        .partition(|c| c.is_disaster());
    rng.shuffle(&mut lords);
    rng.shuffle(&mut fortune);
    rng.shuffle(&mut disasters);
    // The other players' hands: as many cards of each deck as their backs show.
    for (p, pv) in view.players.iter().enumerate() {
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
    for (slot, hidden) in view.track.iter().enumerate() {
        if *hidden {
            g.track[slot] = disasters.pop().or_else(|| fortune.pop());
        }
    }
    fortune.append(&mut disasters);
    rng.shuffle(&mut fortune);
    let lords_discard = view.lords_discard.min(lords.len());
    g.lords_discard = lords.drain(..lords_discard).collect();
    let fortune_discard = view.fortune_discard.min(fortune.len());
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
                .filter(|&v| view.state.stack_hidden(me, v as u8, q))
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
                *t = crate::rules::Troops {
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
