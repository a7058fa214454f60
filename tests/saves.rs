//! Saved games: round trips at every phase, a matrix of damaged files (each refused with its
//! own message, no file touched), an interrupted write, migration of format 1, the store.

use fief::bots::{new_bot, Budget, Level};
use fief::rules::{Game, Options};
use fief::save::{self, LoadError, Seat, Store};
use serde_json::Value;
use std::collections::BTreeMap;
use std::mem::discriminant;
use std::path::{Path, PathBuf};

const SEATS: [Seat; 4] = [
    Seat::Human,
    Seat::Bot(Level::Easy),
    Seat::Bot(Level::Normal),
    Seat::Bot(Level::Hard),
];

mod common;
use common::Scratch;

/// Every file under `dir` with its contents and time of change.
fn contents(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, std::time::SystemTime)> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(contents(&p));
        } else {
            let m = e.metadata().unwrap().modified().unwrap();
            out.insert(p.clone(), (std::fs::read(&p).unwrap(), m));
        }
    }
    out
}

/// Plays a 4-player game with Normal bots through a session, calling `at` before each
/// action.
fn play(seed: u64, steps: usize, mut at: impl FnMut(&Game)) -> Game {
    let g = Game::new(Options {
        seed,
        ..Options::default()
    })
    .unwrap();
    let bots = (0..4)
        .map(|i| new_bot(Level::Normal, seed + i, Budget::Iterations(1)))
        .collect();
    let mut s = fief::session::Session::bots_only(g, bots).unwrap();
    s.play(steps as u64, |g| {
        if g.to_act().is_some() {
            at(g);
        }
        false
    })
    .unwrap();
    s.game().clone()
}

fn phase_name(g: &Game) -> String {
    let d = format!("{:?}", g.phase);
    d.split([' ', '{', '(']).next().unwrap().to_string()
}

#[test]
fn a_save_at_every_phase_loads_back_to_the_same_game() {
    let mut seen = std::collections::BTreeSet::new();
    let mut checked = 0;
    play(21, 4000, |g| {
        let key = (phase_name(g), g.battle.is_some());
        if !seen.insert(key) {
            return;
        }
        let text = save::to_json(&SEATS, g).unwrap();
        let s = save::from_json(&text).unwrap();
        assert_eq!(s.seats, SEATS);
        assert_eq!(
            serde_json::to_value(&s.game).unwrap(),
            serde_json::to_value(g).unwrap(),
            "phase {:?}",
            g.phase
        );
        let p = g.to_act().unwrap();
        assert_eq!(s.game.legal_actions(p), g.legal_actions(p));
        checked += 1;
    });
    let names: std::collections::BTreeSet<_> = seen.iter().map(|(n, _)| n.clone()).collect();
    for phase in [
        "Setup",
        "Marriage",
        "Elections",
        "Draw",
        "PlayCards",
        "Income",
        "Purchase",
        "Ransom",
        "Movement",
        "Battles",
        "EndRound",
    ] {
        assert!(
            names.contains(phase),
            "the game never reached {phase}: {names:?}"
        );
    }
    assert!(
        seen.iter().any(|(_, battle)| *battle),
        "no battle was saved"
    );
    assert!(checked >= 8);
}

/// A finished game loads too (and the store's autosave forgets it).
#[test]
fn a_finished_game_round_trips_and_clears_the_autosave() {
    let g = play(3, 200_000, |_| {});
    assert!(g.outcome.is_some());
    let s = save::from_json(&save::to_json(&SEATS, &g).unwrap()).unwrap();
    assert_eq!(
        s.game.outcome.as_ref().unwrap().winners,
        g.outcome.as_ref().unwrap().winners
    );
    let dir = Scratch::new("saves", "finished");
    let store = Store::at(&dir.0);
    let midgame = play(3, 300, |_| {});
    store.autosave(&SEATS, &midgame).unwrap();
    assert!(store.resume().unwrap().is_ok());
    store.autosave(&SEATS, &g).unwrap();
    assert!(store.resume().is_none(), "nothing is left to resume");
}

fn edit(text: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(text).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn damaged_files_are_refused_with_their_reason_and_nothing_is_written() {
    let g = play(5, 700, |_| {});
    let good = save::to_json(&SEATS, &g).unwrap();
    let cases: Vec<(&str, Vec<u8>, LoadError, &str)> = vec![
        (
            "truncated",
            good.as_bytes()[..good.len() * 2 / 3].to_vec(),
            LoadError::Truncated,
            "cut off",
        ),
        ("empty", Vec::new(), LoadError::Empty, "empty"),
        (
            "wrong JSON",
            b"{\"format\": \"fief-1429-save\", \"version\": 2,, }".to_vec(),
            LoadError::NotJson(String::new()),
            "not a saved game",
        ),
        (
            "binary",
            vec![0x89, b'P', b'N', b'G', 0, 0xff, 0xfe],
            LoadError::NotJson(String::new()),
            "not a saved game",
        ),
        (
            "foreign JSON",
            b"{\"name\": \"a shopping list\", \"items\": [1, 2]}".to_vec(),
            LoadError::Foreign,
            "not a Fief saved game",
        ),
        (
            "newer version",
            edit(&good, |v| v["version"] = 9.into()).into_bytes(),
            LoadError::Newer(9),
            "newer version",
        ),
        (
            "version zero",
            edit(&good, |v| v["version"] = 0.into()).into_bytes(),
            LoadError::UnknownVersion,
            "unknown format version",
        ),
        (
            "other map",
            edit(&good, |v| {
                v["map"]["fingerprint"] = "0123456789abcdef".into();
                v["map"]["name"] = "Burgundy".into();
            })
            .into_bytes(),
            LoadError::OtherMap(String::new()),
            "another map (Burgundy)",
        ),
        (
            "seats missing",
            edit(&good, |v| {
                v["seats"].as_array_mut().unwrap().pop();
            })
            .into_bytes(),
            LoadError::Damaged(String::new()),
            "damaged",
        ),
        (
            "history missing",
            edit(&good, |v| {
                v.as_object_mut().unwrap().remove("history");
            })
            .into_bytes(),
            LoadError::Damaged(String::new()),
            "damaged",
        ),
        (
            "history played by the wrong player",
            edit(&good, |v| {
                let first = &mut v["history"][0][0];
                *first = ((first.as_u64().unwrap() + 1) % 4).into();
            })
            .into_bytes(),
            LoadError::HistoryRefused {
                index: 0,
                reason: String::new(),
            },
            "action 1 is refused",
        ),
        (
            "history cut short",
            edit(&good, |v| {
                v["history"].as_array_mut().unwrap().pop();
            })
            .into_bytes(),
            LoadError::HistoryMismatch(String::new()),
            "does not follow from its history",
        ),
        (
            "money added to the snapshot",
            edit(&good, |v| {
                let m = &mut v["snapshot"]["players"][0]["money"];
                *m = (m.as_u64().unwrap() + 50).into();
            })
            .into_bytes(),
            LoadError::HistoryMismatch("players".into()),
            "differs in 'players'",
        ),
        (
            "a seed changed",
            edit(&good, |v| v["options"]["seed"] = 6.into()).into_bytes(),
            LoadError::HistoryRefused {
                index: 0,
                reason: String::new(),
            },
            "",
        ),
    ];
    let dir = Scratch::new("saves", "matrix");
    let store = Store::at(&dir.0);
    save::write_atomic(&store.autosave_path(), &good).unwrap();
    for (name, bytes, want, words) in cases {
        let path = store.saves_dir().join(format!("{name}.fief"));
        std::fs::create_dir_all(store.saves_dir()).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let before = contents(&dir.0);
        let err = save::load(&path).expect_err(name);
        let message = err.to_string();
        if name == "a seed changed" {
            // Another seed deals other cards: the replay breaks somewhere, refused or different.
            assert!(
                matches!(
                    err,
                    LoadError::HistoryRefused { .. } | LoadError::HistoryMismatch(_)
                ),
                "{name}: {err:?}"
            );
        } else {
            assert_eq!(discriminant(&err), discriminant(&want), "{name}: {err:?}");
            if let LoadError::HistoryMismatch(p) = &want {
                if !p.is_empty() {
                    assert_eq!(err, want, "{name}");
                }
            }
        }
        assert!(message.contains(words), "{name}: {message}");
        assert_eq!(contents(&dir.0), before, "{name}: loading changed a file");
    }
    // The good save beside them still loads.
    assert!(store.resume().unwrap().is_ok());
}

#[test]
fn a_crash_between_write_and_rename_leaves_the_old_save_loadable() {
    let dir = Scratch::new("saves", "crash");
    let path = dir.0.join("game.fief");
    let first = play(7, 100, |_| {});
    let later = play(7, 400, |_| {});
    save::write_atomic(&path, &save::to_json(&SEATS, &first).unwrap()).unwrap();
    // The new text is written and flushed, then the "crash": no rename.
    let staged = save::stage(&path, &save::to_json(&SEATS, &later).unwrap()).unwrap();
    assert!(staged.exists());
    let s = save::load(&path).unwrap();
    assert_eq!(s.game.history.len(), first.history.len());
    // The half-done write is not offered as a save.
    let store = Store::at(&dir.0);
    assert!(store.list().is_empty());
    // The next save goes through and keeps the previous one as the backup.
    save::write_atomic(&path, &save::to_json(&SEATS, &later).unwrap()).unwrap();
    assert_eq!(
        save::load(&path).unwrap().game.history.len(),
        later.history.len()
    );
    let bak = save::load(&save::backup_path(&path)).unwrap();
    assert_eq!(bak.game.history.len(), first.history.len());
    assert!(!staged.exists());
}

/// A save of format 3, written by the build before Diplomacy offers could carry several
/// cards, while a one-card offer waited for its answer: it loads, the offer is the same,
/// and it can be answered.
#[test]
fn a_save_of_format_3_with_an_offer_pending_is_migrated() {
    use fief::rules::cards::Card;
    use fief::rules::{Action, PromptKind};
    let text = include_str!("fixtures/save-v3-pending-deal.fief");
    let s = save::from_json(text).unwrap();
    assert_eq!(s.migrated_from, Some(3));
    let mut g = s.game;
    let pr = g.prompt().unwrap();
    assert_eq!(
        pr.kind,
        PromptKind::Deal {
            giver: 0,
            receiver: 1,
            deniers: 0,
            cards: vec![Card::Ambush]
        }
    );
    let before = g.players[1].hand.len();
    g.apply(1, Action::Accept).unwrap();
    assert_eq!(g.players[1].hand.len(), before + 1);
    assert!(g.players[1].hand.contains(&Card::Ambush));
    // Saved again it is the current format and loads the same.
    let again = save::to_json(&s.seats, &g).unwrap();
    assert_eq!(save::from_json(&again).unwrap().migrated_from, None);
    // Its old-shaped parts are damage in the current format.
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["version"] = save::VERSION.into();
    assert!(matches!(from_value(&v), Err(LoadError::HistoryMismatch(_))));
}

#[test]
fn a_save_of_format_1_is_migrated() {
    let text = include_str!("fixtures/save-v1.fief");
    let s = save::from_json(text).unwrap();
    assert_eq!(s.migrated_from, Some(1));
    assert_eq!(s.seats, SEATS);
    assert_eq!(s.game.round, 2);
    assert_eq!(s.game.history.len(), 60);
    // Saved again it is the current format and loads the same.
    let again = save::to_json(&s.seats, &s.game).unwrap();
    assert!(again.contains(&format!("\"version\":{}", save::VERSION)));
    let s2 = save::from_json(&again).unwrap();
    assert_eq!(s2.migrated_from, None);
    assert_eq!(
        serde_json::to_value(&s2.game).unwrap(),
        serde_json::to_value(&s.game).unwrap()
    );
    // A format-1 file whose history was tampered with is refused like any other.
    let tampered = text.replacen("\"money\":", "\"money\":1", 1);
    assert!(save::from_json(&tampered).is_err());
}

#[test]
fn the_store_lists_named_saves_newest_first() {
    let dir = Scratch::new("saves", "list");
    let store = Store::at(&dir.0);
    assert!(store.list().is_empty());
    assert!(store.resume().is_none());
    let g = play(8, 50, |_| {});
    let text = save::to_json(&SEATS, &g).unwrap();
    for name in ["Monday", "Tuesday"] {
        save::write_atomic(&store.saves_dir().join(format!("{name}.fief")), &text).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    save::write_atomic(&store.saves_dir().join("Tuesday.fief"), &text).unwrap();
    std::fs::write(store.saves_dir().join("notes.txt"), "x").unwrap();
    let names: Vec<_> = store.list().into_iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        ["Tuesday", "Monday"],
        "backups, temporary files and others left out"
    );
}

/// A save of the current format as a JSON value.
fn value_of(g: &Game) -> Value {
    serde_json::from_str(&save::to_json(&SEATS, g).unwrap()).unwrap()
}

fn from_value(v: &Value) -> Result<save::Saved, LoadError> {
    save::from_json(&serde_json::to_string(v).unwrap())
}

/// The snapshot is compared whole: a part missing from it is damage, not a part to skip.
#[test]
fn a_snapshot_with_parts_missing_is_refused() {
    let g = play(5, 400, |_| {});
    let good = value_of(&g);
    assert_eq!(good["version"], save::VERSION);
    // The history cut and the snapshot emptied: once this loaded an earlier game silently.
    let mut v = good.clone();
    v["history"].as_array_mut().unwrap().truncate(100);
    v["snapshot"] = serde_json::json!({});
    assert!(matches!(from_value(&v), Err(LoadError::HistoryMismatch(_))));
    // Any one part missing is named.
    for key in good["snapshot"].as_object().unwrap().keys() {
        let mut v = good.clone();
        v["snapshot"].as_object_mut().unwrap().remove(key);
        assert_eq!(
            from_value(&v).err(),
            Some(LoadError::HistoryMismatch(key.clone())),
            "{key}"
        );
    }
    // A part deeper down too, and a part that no game has.
    let mut v = good.clone();
    v["snapshot"]["players"][1]
        .as_object_mut()
        .unwrap()
        .remove("money");
    assert_eq!(
        from_value(&v).err(),
        Some(LoadError::HistoryMismatch("players".into()))
    );
    let mut v = good.clone();
    v["snapshot"]["treasure"] = 7.into();
    assert_eq!(
        from_value(&v).err(),
        Some(LoadError::HistoryMismatch("treasure".into()))
    );
    let mut v = good.clone();
    v["snapshot"] = serde_json::json!([]);
    assert!(matches!(from_value(&v), Err(LoadError::Damaged(_))));
}

/// Saves of format 2 may have been written before the parts listed in
/// `save::ADDED_AFTER_FORMAT_2` existed: those alone may be missing from their snapshot.
#[test]
fn a_save_of_format_2_may_lack_only_the_parts_added_since() {
    let g = play(6, 400, |_| {});
    let mut old = value_of(&g);
    old["version"] = 2.into();
    for path in save::ADDED_AFTER_FORMAT_2 {
        let (last, init) = path.split_last().unwrap();
        let mut at = &mut old["snapshot"];
        for p in init {
            at = &mut at[*p];
        }
        if let Some(o) = at.as_object_mut() {
            o.remove(*last);
        }
    }
    assert!(old["snapshot"].get("relics").is_none());
    assert!(old["snapshot"]["options"].get("fog_of_war").is_none());
    let s = from_value(&old).unwrap();
    assert_eq!(s.migrated_from, Some(2));
    assert_eq!(s.game.history.len(), g.history.len());
    // The same snapshot is damage in format 3.
    let mut v = old.clone();
    v["version"] = save::VERSION.into();
    assert!(matches!(from_value(&v), Err(LoadError::HistoryMismatch(_))));
    // In format 2 any other part is still required, and compared.
    for key in ["round", "players", "options", "villages"] {
        let mut v = old.clone();
        v["snapshot"].as_object_mut().unwrap().remove(key);
        assert_eq!(
            from_value(&v).err(),
            Some(LoadError::HistoryMismatch(key.into())),
            "{key}"
        );
    }
    let mut v = old.clone();
    v["snapshot"]["options"]
        .as_object_mut()
        .unwrap()
        .remove("seed");
    assert_eq!(
        from_value(&v).err(),
        Some(LoadError::HistoryMismatch("options".into()))
    );
    let mut v = old.clone();
    v["snapshot"]["round"] = 9.into();
    assert_eq!(
        from_value(&v).err(),
        Some(LoadError::HistoryMismatch("round".into()))
    );
}

/// The example: one digit of a history action changed, a Village out of the board.
#[test]
fn an_id_out_of_range_in_the_history_is_refused_with_the_action_named() {
    let g = play(5, 60, |_| {});
    let mut v = value_of(&g);
    let first = v["history"][0][1].clone();
    assert!(first.get("ChooseStart").is_some(), "{first}");
    v["history"][0][1] = serde_json::json!({ "ChooseStart": 53 });
    match from_value(&v) {
        Err(LoadError::HistoryRefused { index: 0, reason }) => {
            assert!(reason.contains("start village#53"), "{reason}");
            assert!(reason.contains("not on the board"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A Lord, a player, a card out of range, wherever the action would be taken.
    for (action, words) in [
        (serde_json::json!({ "Nominate": 18 }), "lord#18"),
        (
            serde_json::json!({ "OfferDeniers": { "to": 4, "amount": 1 } }),
            "player#4",
        ),
        (
            serde_json::json!({ "Discard": { "Lord": 200 } }),
            "lord:#200",
        ),
        (serde_json::json!({ "PlayHarvest": 255 }), "harvest 256"),
        (serde_json::json!({ "JoinSide": 2 }), "side #2"),
        (
            serde_json::json!({ "Move": {
                "lords": vec![0; 10_000], "to": 0, "maa": 0, "knights": 0,
                "captives": [], "how": "Normal"
            } }),
            "more Lords than there are",
        ),
    ] {
        let mut v = value_of(&g);
        v["history"][3][1] = action.clone();
        match from_value(&v) {
            Err(LoadError::HistoryRefused { index: 3, reason }) => {
                assert!(reason.contains(words), "{action}: {reason}");
                assert!(reason.len() < 300, "{reason}");
            }
            other => panic!("{action}: {other:?}"),
        }
    }
}

/// Limits are checked before the heavy work: the size, names, seats and the history length.
#[test]
fn files_beyond_the_limits_are_refused_quickly() {
    let g = play(5, 100, |_| {});
    let good = value_of(&g);
    let dir = Scratch::new("saves", "limits");
    // A byte-order mark in front is accepted.
    let text = save::to_json(&SEATS, &g).unwrap();
    let path = dir.0.join("bom.fief");
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    assert_eq!(save::load(&path).unwrap().game.history, g.history);
    // A huge file is refused from its size, without being read (this one is sparse).
    let path = dir.0.join("huge.fief");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(save::MAX_BYTES + 1).unwrap();
    drop(f);
    let err = save::load(&path).unwrap_err();
    assert_eq!(
        err,
        LoadError::TooLarge {
            bytes: save::MAX_BYTES + 1
        }
    );
    assert!(err.to_string().contains("too large"), "{err}");
    let padded = format!("{text}{}", " ".repeat(save::MAX_BYTES as usize));
    assert!(matches!(
        save::from_json(&padded),
        Err(LoadError::TooLarge { .. })
    ));
    // Four million characters of names: refused at once (it took 14 s and 3.3 GB).
    let started = std::time::Instant::now();
    let mut v = good.clone();
    v["options"]["names"] = serde_json::json!(vec!["x".repeat(1_000_000); 4]);
    match from_value(&v) {
        Err(LoadError::Damaged(why)) => assert!(why.contains("name"), "{why}"),
        other => panic!("{other:?}"),
    }
    let mut v = good.clone();
    v["options"]["names"] = serde_json::json!(["é".repeat(save::MAX_NAME_CHARS + 1)]);
    assert!(matches!(from_value(&v), Err(LoadError::Damaged(_))));
    let mut v = good.clone();
    v["options"]["names"] = serde_json::json!(["é".repeat(save::MAX_NAME_CHARS)]);
    assert!(matches!(from_value(&v), Err(LoadError::HistoryMismatch(_))));
    // Seats and players beyond the game's six.
    let mut v = good.clone();
    v["seats"] = serde_json::json!(vec!["Human"; 7]);
    v["options"]["players"] = 7.into();
    assert!(matches!(from_value(&v), Err(LoadError::Damaged(_))));
    let mut v = good.clone();
    v["options"]["players"] = 255.into();
    assert!(matches!(from_value(&v), Err(LoadError::Damaged(_))));
    // A history longer than any game.
    let mut v = good.clone();
    v["history"] = serde_json::json!(vec![serde_json::json!([0, "Pass"]); save::MAX_HISTORY + 1]);
    match from_value(&v) {
        Err(LoadError::Damaged(why)) => assert!(why.contains("history"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(
        started.elapsed().as_secs() < 10,
        "took {:?}",
        started.elapsed()
    );
}

/// `fief-cli load FILE` prints a save's summary, or the refusal in words (exit 1); a usage
/// error exits 2.
#[test]
fn the_cli_checks_a_save() {
    let cli = env!("CARGO_BIN_EXE_fief-cli");
    let dir = Scratch::new("saves", "cli");
    let g = play(5, 300, |_| {});
    let good = dir.0.join("good.fief");
    save::write_atomic(&good, &save::to_json(&SEATS, &g).unwrap()).unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        let out = std::process::Command::new(cli).args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let load = std::ffi::OsStr::new("load");
    let (code, out, _) = run(&[load, good.as_os_str()]);
    assert_eq!(code, Some(0), "{out}");
    for words in [
        "players: 4",
        "human",
        "bot (normal)",
        &format!("round: {}", g.round),
        &format!("actions played: {}", g.history.len()),
        "game over: no",
    ] {
        assert!(out.contains(words), "{words}: {out}");
    }
    // Format 1 is migrated.
    let old = dir.0.join("old.fief");
    std::fs::write(&old, include_str!("fixtures/save-v1.fief")).unwrap();
    let (code, out, _) = run(&[load, old.as_os_str()]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("format: 1, migrated"), "{out}");
    // A damaged save: refused in words, and left as it was.
    let text = save::to_json(&SEATS, &g).unwrap();
    let damaged = dir.0.join("damaged.fief");
    let bytes = edit(&text, |v| {
        v["history"][0][1] = serde_json::json!({ "ChooseStart": 53 })
    });
    std::fs::write(&damaged, &bytes).unwrap();
    let (code, out, err) = run(&[load, damaged.as_os_str()]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.contains("is refused"), "{err}");
    assert!(err.contains("action 1"), "{err}");
    assert!(err.contains("village#53"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read_to_string(&damaged).unwrap(), bytes);
    let cut = dir.0.join("cut.fief");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let (code, _, err) = run(&[load, cut.as_os_str()]);
    assert_eq!(code, Some(1));
    assert!(err.contains("cut off"), "{err}");
    let (code, _, err) = run(&[load, dir.0.join("missing.fief").as_os_str()]);
    assert_eq!(code, Some(1));
    assert!(err.contains("could not be read"), "{err}");
    // Usage errors.
    let (code, _, err) = run(&[load]);
    assert_eq!(code, Some(2));
    assert!(err.contains("Usage: fief-cli load <FILE>"), "{err}");
    let (code, _, _) = run(&[load, good.as_os_str(), good.as_os_str()]);
    assert_eq!(code, Some(2));
}
