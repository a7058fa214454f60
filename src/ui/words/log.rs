//! The log in words: its lines (a run of refused proposals told once), the card of what
//! happened since a player's last decision, and the end-of-round summary. Pure functions of
//! the viewer's log and standing, tested without a display.

use crate::ui::words::messages::msg;
use crate::ui::words::names::player;
use crate::ui::{trn, trnf};
use fief::rules::events::Entries;
use fief::rules::{Game, PlayerId};

/// Lines with a run of the same line told once, with its count ("… ×3").
pub fn counted(lines: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for line in lines {
        match out.last_mut() {
            Some((l, n)) if *l == line => *n += 1,
            _ => out.push((line, 1)),
        }
    }
    out.into_iter()
        .map(|(l, n)| if n > 1 { format!("{l} ×{n}") } else { l })
        .collect()
}

/// Log entries left out of the "since your last decision" card.
const QUIET: &[&str] = &["{p} has finished moving."];

/// One player's standing at a moment: what the end-of-round summary compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    pub vp: u32,
    pub villages: usize,
    /// None when hidden from the viewer (the hidden-money rule).
    pub money: Option<u32>,
    pub lords: usize,
}

/// Every player's standing as `view`'s viewer sees it.
pub fn tallies(view: &fief::rules::View) -> Vec<Tally> {
    let g = &view.state;
    (0..g.n())
        .map(|p| Tally {
            vp: view.players.get(p as usize).map_or(0, |x| x.vp),
            villages: g
                .villages
                .iter()
                .filter(|v| v.controller == Some(p))
                .count(),
            money: view.players.get(p as usize).and_then(|x| x.money),
            lords: g.family(p).count(),
        })
        .collect()
}

/// A change as "+2" or "−1" after a figure, nothing when it did not change.
fn delta(now: i64, before: i64) -> String {
    match now - before {
        0 => String::new(),
        d if d > 0 => format!(" (+{d})"),
        d => format!(" (−{})", -d),
    }
}

/// The end-of-round summary: one line per player, with what changed since `before`.
pub fn round_summary(g: &Game, before: &[Tally], after: &[Tally]) -> Vec<String> {
    before
        .iter()
        .zip(after)
        .enumerate()
        .map(|(p, (b, a))| {
            let mut parts = vec![
                trn("{n} VP", "{n} VP", a.vp) + &delta(a.vp as i64, b.vp as i64),
                trn("{n} Village", "{n} Villages", a.villages as u32)
                    + &delta(a.villages as i64, b.villages as i64),
            ];
            if let (Some(m), Some(old)) = (a.money, b.money) {
                parts.push(trn("{n} Denier", "{n} Deniers", m) + &delta(m as i64, old as i64));
            }
            parts.push(
                trn("{n} Lord", "{n} Lords", a.lords as u32)
                    + &delta(a.lords as i64, b.lords as i64),
            );
            crate::ui::words::names::labelled(&player(g, p as PlayerId), &parts.join(" · "))
        })
        .collect()
}

/// A line of the log as it is shown: one entry, or a run of entries told once
/// (`events[first..end]`), with the rule its entries come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub first: usize,
    pub end: usize,
    pub text: String,
    pub section: String,
}

/// For the tests: a marriage message `id` (a proposal or its refusal, `PROPOSALS`, `REFUSAL`)
/// said by `p` in round 2, Phase 1, of Eric and Jeanne.
#[cfg(test)]
pub fn marriage_event(id: &'static str, p: &'static str) -> fief::rules::events::Event {
    use fief::rules::events::{Arg, Event, Msg};
    let mut e = Event::new(
        2,
        "1.1",
        Msg {
            id: id.into(),
            args: vec![
                ("p".into(), Arg::Text(p.into())),
                ("groom".into(), Arg::Text("Eric".into())),
                ("bride".into(), Arg::Text("Jeanne".into())),
            ],
            ..Msg::default()
        },
    );
    e.phase = 1;
    e
}

/// The messages of a marriage proposal (1.1), with or without a dowry, and of its refusal.
pub const PROPOSALS: &[&str] = &[
    "{p} proposes a marriage between {groom} and {bride}.",
    "{p} proposes a marriage between {groom} and {bride}, with a dowry of {n} Denier.",
];

pub const REFUSAL: &str = "{p} refuses the marriage of {groom} and {bride}.";

/// The player who proposed and the one who refused, when `events[i]` is a marriage proposal
/// and `events[i + 1]` its refusal.
fn refused_proposal<L: Entries + ?Sized>(
    events: &L,
    i: usize,
) -> Option<(fief::rules::events::Arg, fief::rules::events::Arg)> {
    let (a, b) = (events.entry(i)?, events.entry(i + 1)?);
    let who = |e: &fief::rules::events::Event| {
        e.msg
            .args
            .iter()
            .find(|(k, _)| k == "p")
            .map(|(_, v)| v.clone())
    };
    (PROPOSALS.contains(&a.msg.id.as_ref()) && b.msg.id == REFUSAL).then_some(())?;
    Some((who(&a)?, who(&b)?))
}

/// The log from entry `from` on, as lines: each entry in the reader's words, except that a
/// run of marriage proposals from one family to another, each refused, is told in one line
/// ("White proposed 6 marriages to Magenta; all refused.").
pub fn log_lines<L: Entries + ?Sized>(events: &L, from: usize) -> Vec<LogLine> {
    let mut out = Vec::new();
    let mut i = from;
    while i < events.count() {
        if let Some(pair) = refused_proposal(events, i) {
            let mut end = i + 2;
            while refused_proposal(events, end).as_ref() == Some(&pair) {
                end += 2;
            }
            let n = ((end - i) / 2) as u32;
            if n >= 2 {
                out.push(LogLine {
                    first: i,
                    end,
                    text: trnf(
                        "{p} proposed {n} marriage to {q}; refused.",
                        "{p} proposed {n} marriages to {q}; all refused.",
                        n,
                        &[
                            ("p", &pair.0.render(&crate::ui::Gettext)),
                            ("q", &pair.1.render(&crate::ui::Gettext)),
                        ],
                    ),
                    section: events
                        .entry(i)
                        .map(|e| e.section.to_string())
                        .unwrap_or_default(),
                });
                i = end;
                continue;
            }
        }
        let Some(e) = events.entry(i) else { break };
        out.push(LogLine {
            first: i,
            end: i + 1,
            text: msg(&e.msg, &e.text()),
            section: e.section.to_string(),
        });
        i += 1;
    }
    out
}

/// The card of what happened since a player's last decision: the log entries after
/// `from` (the viewer's own log), folded and counted, at most `max` lines and a first one
/// saying how many more the log holds. Empty when nothing happened.
pub fn since_last_decision<L: Entries + ?Sized>(log: &L, from: usize, max: usize) -> Vec<String> {
    let quiet = |i: usize| {
        log.entry(i)
            .is_some_and(|e| QUIET.contains(&e.msg.id.as_ref()))
    };
    let mut lines = counted(
        log_lines(log, from.min(log.count()))
            .into_iter()
            // Steps closed ("has finished moving") tell nothing the marks do not.
            .filter(|l| l.end - l.first > 1 || !quiet(l.first))
            .map(|l| l.text)
            .filter(|l| !l.is_empty()),
    );
    if max > 1 && lines.len() > max {
        // The newest lines matter most: the oldest give way to a line saying how many.
        let more = lines.len() - (max - 1);
        lines.drain(..more);
        lines.insert(
            0,
            trn(
                "… {n} earlier line in the log",
                "… {n} earlier lines in the log",
                more as u32,
            ),
        );
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::{Action, Options};

    /// The end-of-round summary has one line per player and shows what changed.
    #[test]
    fn the_round_summary_gives_each_player_and_his_changes() {
        let mut g = Game::new(Options {
            players: 4,
            seed: 9,
            ..Options::default()
        })
        .unwrap();
        let before = tallies(&g.view(Some(0)));
        while g.round < 3 {
            let p = g.to_act().unwrap();
            let a = g.legal_actions(p)[0].clone();
            g.apply(p, a).unwrap();
        }
        let after = tallies(&g.view(Some(0)));
        let lines = round_summary(&g, &before, &after);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with(&player(&g, 0)), "{lines:?}");
        // Villages were taken at the start: somebody's count went up.
        assert!(lines.iter().any(|l| l.contains("(+")), "{lines:?}");
        assert_eq!(
            round_summary(&g, &after, &after)
                .iter()
                .filter(|l| l.contains("(+"))
                .count(),
            0
        );
    }

    #[test]
    fn the_card_since_the_last_decision_counts_repeats_and_keeps_the_newest() {
        assert_eq!(
            counted(["a", "a", "b", "a"].iter().map(|s| s.to_string())),
            vec!["a ×2", "b", "a"]
        );
        let mut g = Game::new(fief::rules::Options::default()).unwrap();
        // The four starting Villages: four lines, all shown.
        let from = g.log.len();
        for v in 0..4 {
            let p = g.to_act().unwrap();
            g.apply(p, Action::ChooseStart(v * 6)).unwrap();
        }
        let all = since_last_decision(&g.log, from, 100);
        assert!(all.len() >= 4, "{all:?}");
        assert!(since_last_decision(&g.log, g.log.len(), 8).is_empty());
        // Capped: the newest lines stay, a first line says how many were left out.
        let short = since_last_decision(&g.log, from, 3);
        assert_eq!(short.len(), 3);
        assert!(short[0].starts_with('…'), "{short:?}");
        assert_eq!(short[1..], all[all.len() - 2..]);
        // A start past the end of the log tells nothing (never panics).
        assert!(since_last_decision(&g.log, g.log.len() + 5, 8).is_empty());
    }

    /// A run of refused marriage proposals between two families is one line in the log
    /// and the summary; a single refused proposal, or runs between other families, are not
    /// folded into it.
    #[test]
    fn refused_proposals_fold_into_one_line() {
        let said = marriage_event;
        let mut log = vec![said(PROPOSALS[0], "Blue"), said(REFUSAL, "Green")];
        for _ in 0..6 {
            log.push(said(PROPOSALS[1], "White"));
            log.push(said(REFUSAL, "Magenta"));
        }
        log.push(said(PROPOSALS[0], "White"));
        log.push(said(REFUSAL, "Green"));
        let lines: Vec<String> = log_lines(&log[..], 0).into_iter().map(|l| l.text).collect();
        assert_eq!(
            lines,
            [
                "Blue proposes a marriage between Eric and Jeanne.",
                "Green refuses the marriage of Eric and Jeanne.",
                "White proposed 6 marriages to Magenta; all refused.",
                "White proposes a marriage between Eric and Jeanne.",
                "Green refuses the marriage of Eric and Jeanne.",
            ]
        );
        let card = since_last_decision(&log[..], 2, 8);
        assert_eq!(
            card[0],
            "White proposed 6 marriages to Magenta; all refused."
        );
    }
}
