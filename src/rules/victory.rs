//! Phase 7: end of the round, Victory Points and the winner (7.0–7.3).

use super::cards::Card;
use super::events::{n_, term, Arg};
use super::state::phase::Phase;
use super::state::*;

/// The holdings compared by the tie-breaks of 7.3, in order after the VP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Holdings {
    pub vp: u32,
    pub king: u32,
    pub pope: u32,
    pub regent: u32,
    pub fiefs: u32,
    pub bishoprics: u32,
    pub villages: u32,
}

impl std::ops::Add for Holdings {
    type Output = Holdings;
    fn add(self, o: Holdings) -> Holdings {
        Holdings {
            vp: self.vp + o.vp,
            king: self.king + o.king,
            pope: self.pope + o.pope,
            regent: self.regent + o.regent,
            fiefs: self.fiefs + o.fiefs,
            bishoprics: self.bishoprics + o.bishoprics,
            villages: self.villages + o.villages,
        }
    }
}

const TIE_BREAKS: [&str; 6] = [
    n_("the King"),
    n_("the Pope"),
    n_("the Queen Regent"),
    n_("more Fiefs"),
    n_("more Bishoprics"),
    n_("more Villages"),
];

impl Holdings {
    fn keys(&self) -> [u32; 7] {
        [
            self.vp,
            self.king,
            self.pope,
            self.regent,
            self.fiefs,
            self.bishoprics,
            self.villages,
        ]
    }
}

impl Game {
    /// 7.0: 1 VP per Fief Title, 1 for the King, 1 for the Pope (the Queen is worth none).
    pub fn holdings(&self, p: PlayerId) -> Holdings {
        let owns =
            |l: Option<LordId>| l.and_then(|l| self.lord(l)).is_some_and(|l| l.owner == p) as u32;
        let fiefs = (0..self.titles.fief.len())
            .filter(|&f| self.title_holder_player(f as u8) == Some(p))
            .count() as u32;
        let king = owns(self.titles.king);
        let pope = owns(self.titles.pope);
        Holdings {
            vp: fiefs + king + pope,
            king,
            pope,
            regent: if self.titles.regent {
                owns(self.titles.queen)
            } else {
                0
            },
            fiefs,
            bishoprics: self.titles.bishop.iter().filter(|b| owns(**b) == 1).count() as u32,
            villages: self
                .villages
                .iter()
                .filter(|v| v.controller == Some(p))
                .count() as u32,
        }
    }

    pub fn vp(&self, p: PlayerId) -> u32 {
        self.holdings(p).vp
    }

    /// Every player's VP at once, as `holdings` counts them (7.0: the Fief Titles, the King
    /// and the Pope), indexed by player: what a bot's evaluation reads for every position.
    pub fn vps(&self) -> [u32; MAX_PLAYERS] {
        let mut vp = [0u32; MAX_PLAYERS];
        let titles = self
            .titles
            .fief
            .iter()
            .chain([&self.titles.king, &self.titles.pope]);
        for owner in titles.filter_map(|l| l.and_then(|l| self.lord(l)).map(|l| l.owner)) {
            if let Some(x) = vp.get_mut(owner as usize) {
                *x += 1;
            }
        }
        vp
    }

    /// 7.1–7.3: the winners at the end of this round, if any, and what decided it.
    pub fn victory(&self) -> Option<Outcome> {
        let players: Vec<PlayerId> = (0..self.n()).collect();
        // 7.1: solo victory, 3 VP for a player without an ally.
        let solo: Vec<(Vec<PlayerId>, Holdings)> = players
            .iter()
            .filter(|&&p| self.ally(p).is_none())
            .map(|&p| (vec![p], self.holdings(p)))
            .filter(|(_, s)| s.vp >= 3)
            .collect();
        if !solo.is_empty() {
            // 7.3: a solo win beats an alliance win.
            return decide(solo, false);
        }
        // 7.2: alliance victory, 4 VP together (4+ players only).
        let mut teams = Vec::new();
        for &p in &players {
            if let Some(a) = self.ally(p) {
                if p < a {
                    let s = self.holdings(p) + self.holdings(a);
                    if s.vp >= 4 {
                        teams.push((vec![p, a], s));
                    }
                }
            }
        }
        decide(teams, true)
    }

    /// The round cap (an option for bots and tests): the best standing by the tie-break order.
    pub fn round_cap_outcome(&self) -> Outcome {
        let all: Vec<(Vec<PlayerId>, Holdings)> =
            (0..self.n()).map(|p| (vec![p], self.holdings(p))).collect();
        match decide(all, false) {
            Some(mut o) => {
                o.why = msg!("round cap reached; best standing: {why}", why = o.why);
                o.reason = o.why.english();
                o
            }
            None => {
                let why = msg!("round cap reached; a draw on every tie-break");
                Outcome {
                    winners: vec![],
                    alliance: false,
                    reason: why.english(),
                    why,
                }
            }
        }
    }

    /// Phase 7: discard the Disasters on the map, check victory, pass the First Player card left.
    pub(crate) fn end_round(&mut self) {
        for bc in &mut self.bishopric_cards {
            for (on, card) in [
                (&mut bc.heavy_rain, Card::HeavyRain),
                (&mut bc.famine, Card::Famine),
                (&mut bc.plague, Card::Plague),
            ] {
                if *on {
                    *on = false;
                    self.fortune_discard.push(card);
                }
            }
        }
        let scores: Vec<Arg> = (0..self.n())
            .map(|p| msg!("{p} {vp}", p = self.pname(p), vp = self.vp(p)).into())
            .collect();
        say!(
            self,
            "7.0",
            msg!(
                "End of round {n}. Victory Points: {scores}.",
                n = self.round,
                scores = Arg::List(scores)
            ),
        );
        let outcome = self.victory().or_else(|| {
            // Round numbers are 16-bit: a game without a cap still ends at the last one.
            (self.round >= self.options.round_cap.unwrap_or(u16::MAX))
                .then(|| self.round_cap_outcome())
        });
        if let Some(o) = outcome {
            let text = if o.winners.is_empty() {
                msg!("The game ends: {why}.", why = o.why.clone())
            } else {
                msgn!(
                    "{who} wins: {why}.",
                    "{who} win: {why}.",
                    o.winners.len(),
                    who = self.pnames(o.winners.iter().copied()),
                    why = o.why.clone()
                )
            };
            say!(self, "7.0", text);
            self.outcome = Some(o);
            self.phase = Phase::GameOver;
            return;
        }
        self.first = (self.first + 1) % self.n();
        self.start_round();
    }
}

use super::cards::LordId;

/// Picks the single best candidate by VP and then the tie-breaks; `None` when the best are
/// equal on everything (ruling R-VICTORY-TIES: no winner this round).
fn decide(mut cands: Vec<(Vec<PlayerId>, Holdings)>, alliance: bool) -> Option<Outcome> {
    if cands.is_empty() {
        return None;
    }
    cands.sort_by_key(|c| std::cmp::Reverse(c.1.keys()));
    if cands.len() > 1 && cands[0].1.keys() == cands[1].1.keys() {
        return None;
    }
    let why = if cands.len() == 1 {
        if alliance {
            msg!("an alliance victory with {vp} VP", vp = cands[0].1.vp)
        } else {
            msg!("a solo victory with {vp} VP", vp = cands[0].1.vp)
        }
    } else {
        let (a, b) = (cands[0].1.keys(), cands[1].1.keys());
        let i = (0..7).find(|&i| a[i] != b[i]).unwrap_or(0);
        if i == 0 {
            msg!("most VP, with {vp}", vp = a[0])
        } else {
            msg!(
                "tie at {vp} VP broken by {what}",
                vp = a[0],
                what = term(TIE_BREAKS[i - 1])
            )
        }
    };
    Some(Outcome {
        winners: cands[0].0.clone(),
        alliance,
        reason: why.english(),
        why,
    })
}
