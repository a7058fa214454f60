//! Every message the engine writes to the log, and every reason it gives for refusing an
//! action, can be translated: its template, the plural
//! form, each term and each message inside it are message ids of po/fief.pot (so a wording
//! built at run time, which the extraction script cannot see, fails here).

use fief::bots::{new_bot, Budget, Level};
use fief::rules::events::{Arg, Msg};
use fief::rules::{Game, Options};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn msgids() -> BTreeSet<String> {
    let pot = include_str!("../po/fief.pot");
    let mut out = BTreeSet::new();
    let mut current: Option<String> = None;
    for line in pot.lines() {
        let quoted = |l: &str| -> Option<String> {
            let s = l.trim();
            let inner = s.strip_prefix('"')?.strip_suffix('"')?;
            Some(
                inner
                    .replace("\\n", "\n")
                    .replace("\\\"", "\"")
                    .replace("\\\\", "\\"),
            )
        };
        if let Some(rest) = line
            .strip_prefix("msgid_plural ")
            .or_else(|| line.strip_prefix("msgid "))
        {
            if let Some(id) = current.take() {
                out.insert(id);
            }
            current = quoted(rest);
        } else if line.starts_with('"') {
            if let (Some(id), Some(more)) = (current.as_mut(), quoted(line)) {
                id.push_str(&more);
            }
        } else if let Some(id) = current.take() {
            out.insert(id);
        }
    }
    out.extend(current);
    out
}

fn collect(m: &Msg, ids: &mut BTreeSet<String>) {
    ids.insert(m.id.to_string());
    ids.extend(m.plural.as_ref().map(|p| p.to_string()));
    for (_, a) in &m.args {
        collect_arg(a, ids);
    }
}

fn collect_arg(a: &Arg, ids: &mut BTreeSet<String>) {
    match a {
        Arg::Term(t) => {
            ids.insert(t.clone());
        }
        Arg::Msg(m) => collect(m, ids),
        Arg::List(v) | Arg::Seq(v) => v.iter().for_each(|a| collect_arg(a, ids)),
        Arg::Text(_) | Arg::Num(_) => {}
    }
}

#[test]
fn every_message_of_played_games_is_in_the_catalogue() {
    let known = msgids();
    let mut used = BTreeSet::new();
    for seed in [1, 2, 3, 4] {
        let mut g = Game::new(Options {
            players: 3 + (seed as u8 % 4),
            seed,
            round_cap: Some(12),
            ..Options::default()
        })
        .unwrap();
        let mut bots: Vec<_> = (0..g.n())
            .map(|i| new_bot(Level::Normal, seed * 7 + i as u64, Budget::Iterations(1)))
            .collect();
        let never = AtomicBool::new(false);
        let mut earlier = Vec::new();
        while let Some(p) = g.to_act() {
            // Earlier decisions, tried again now, and the decision made by the wrong player,
            // are refused: their reasons must be translatable too.
            for (k, a) in earlier.iter().rev().step_by(7).take(6).enumerate() {
                if let Err(e) = g.check(p, a) {
                    collect(&e.msg(), &mut used);
                }
                if k == 0 {
                    if let Err(e) = g.check((p + 1) % g.n(), a) {
                        collect(&e.msg(), &mut used);
                    }
                }
            }
            let a = bots[p as usize].choose(&g.bot_view(p), &never).unwrap();
            earlier.push(a.clone());
            g.apply(p, a).unwrap();
        }
        for e in &g.log {
            assert!(
                !e.msg.id.is_empty(),
                "an entry without a message in section {}",
                e.section
            );
            collect(&e.msg, &mut used);
            if let Some(m) = &e.public_msg {
                collect(m, &mut used);
            }
        }
        let o = g.outcome.as_ref().unwrap();
        assert_eq!(o.why.english(), o.reason);
        collect(&o.why, &mut used);
    }
    let missing: Vec<_> = used.iter().filter(|id| !known.contains(*id)).collect();
    assert!(missing.is_empty(), "not in po/fief.pot: {missing:?}");
    assert!(used.len() > 80, "only {} messages seen", used.len());
}
