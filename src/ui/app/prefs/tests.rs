//! Tests of the preferences kept on disk: a round trip, and a damaged, missing or odd file read for what it has.

use super::*;

#[test]
fn preferences_round_trip() {
    let mut p = Prefs {
        pace: Pace::Slow,
        window_width: 1600,
        confirm_attack: false,
        decide_rolls: true,
        choose_losses: true,
        ..Prefs::default()
    };
    p.default_seats = vec![Seat::Human, Seat::Human, Seat::Bot(Level::Hard)];
    let (back, problems) = Prefs::from_json(&p.to_json());
    assert_eq!(back, p);
    assert!(problems.is_empty());
    assert!(p.to_json().contains("\"pace\": \"slow\""));
    // The battles rolled for the player and his losses taken for him are remembered; a
    // file without them (an older version's) gives the defaults: rolled, taken.
    assert!(p.to_json().contains("\"decide_rolls\": true"));
    assert!(p.to_json().contains("\"choose_losses\": true"));
    let (old, problems) = Prefs::from_json("{\"pace\": \"fast\"}");
    assert!(problems.is_empty());
    assert!(!old.decide_rolls && !old.choose_losses);
    // The game length: until someone wins (null) or a number of rounds.
    assert!(p.to_json().contains("\"game_length\": null"));
    p.game_length = Some(20);
    assert!(p.to_json().contains("\"game_length\": 20"));
    assert_eq!(Prefs::from_json(&p.to_json()), (p, Vec::new()));
}

#[test]
fn an_invalid_game_length_is_reported_and_replaced_by_the_default() {
    for bad in ["0", "-3", "70000", "\"long\"", "[20]", "2.5"] {
        let text = format!(r#"{{"game_length": {bad}, "pace": "fast"}}"#);
        let (p, problems) = Prefs::from_json(&text);
        assert_eq!(p.game_length, None, "{bad}");
        assert_eq!(p.pace, Pace::Fast, "{bad}");
        assert_eq!(
            problems,
            [PrefsProblem::InvalidValue("game_length".into())],
            "{bad}"
        );
    }
    // Any whole number of rounds is kept, not only the lengths offered.
    let (p, problems) = Prefs::from_json(r#"{"game_length": 25}"#);
    assert_eq!((p.game_length, problems), (Some(25), Vec::new()));
    // A file of an older version, without the key: until someone wins.
    assert_eq!(Prefs::from_json("{}").0.game_length, None);
}

#[test]
fn unknown_and_invalid_keys_are_reported_never_fatal() {
    let text = r#"{
        "pace": "fast",
        "window_width": 99999,
        "default_seats": ["Human"],
        "auto_pass": "yes",
        "theme": "sepia",
        "future": {"nested": [1, 2]},
        "animations": false
    }"#;
    let (p, problems) = Prefs::from_json(text);
    assert_eq!(p.pace, Pace::Fast);
    assert!(!p.animations);
    assert_eq!(p.window_width, Prefs::default().window_width);
    assert_eq!(p.default_seats, Prefs::default().default_seats);
    assert!(p.auto_pass);
    let mut got: Vec<_> = problems.iter().map(|p| format!("{p:?}")).collect();
    got.sort();
    assert_eq!(
        got,
        [
            "InvalidValue(\"auto_pass\")",
            "InvalidValue(\"default_seats\")",
            "InvalidValue(\"window_width\")",
            "UnknownKey(\"future\")",
            "UnknownKey(\"theme\")",
        ]
    );
    for pr in &problems {
        assert!(!pr.message().is_empty());
    }
    // Unknown keys survive a save.
    let again = p.to_json();
    assert!(again.contains("\"theme\": \"sepia\""), "{again}");
    let (p2, problems2) = Prefs::from_json(&again);
    assert_eq!(p2, p);
    assert_eq!(problems2.len(), 2);
}

#[test]
fn a_damaged_or_missing_file_gives_the_defaults() {
    for text in ["", "[1,2]", "{\"pace\": ", "null"] {
        let (p, problems) = Prefs::from_json(text);
        assert_eq!(p, Prefs::default(), "{text}");
        assert_eq!(problems.len(), 1, "{text}");
    }
    let dir = std::env::temp_dir().join(format!("fief-prefs-{}", std::process::id()));
    let path = dir.join("preferences.json");
    let (p, problems) = Prefs::load(&path);
    // No file: the defaults, and the window will fit the screen (a first launch).
    assert_eq!(
        p,
        Prefs {
            first_launch: true,
            ..Prefs::default()
        }
    );
    assert!(problems.is_empty());
    let mine = Prefs {
        maximized: true,
        ..Prefs::default()
    };
    mine.store(&path).unwrap();
    assert_eq!(Prefs::load(&path), (mine, Vec::new()));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_name_used_at_a_table_is_remembered_and_a_hostile_one_refused() {
    let mut p = Prefs::default();
    assert!(p.player_name.is_empty());
    // Sitting down as " Ann " keeps "Ann"; a blank name changes nothing.
    assert!(remember_name(&mut p, " Ann "));
    assert!(!remember_name(&mut p, "Ann"));
    assert!(!remember_name(&mut p, " \u{200B} "));
    assert_eq!(p.player_name, "Ann");
    let text = p.to_json();
    assert!(text.contains("\"player_name\": \"Ann\""), "{text}");
    assert_eq!(Prefs::from_json(&text), (p.clone(), Vec::new()));
    // A file of an older version, without the key: no name.
    assert_eq!(Prefs::from_json("{}").0.player_name, "");
    // A name the table would not take as it is (a right-to-left override, a control
    // character, too long) or not a string: reported, and none is kept.
    let long = "n".repeat(65);
    for bad in [
        "\"Ann\\u202Egnp.exe\"".to_string(),
        "\"Ann\\u0007\"".to_string(),
        format!("\"{long}\""),
        "42".to_string(),
        "[\"Ann\"]".to_string(),
    ] {
        let (q, problems) = Prefs::from_json(&format!("{{\"player_name\": {bad}}}"));
        assert_eq!(q.player_name, "", "{bad}");
        assert_eq!(
            problems,
            [PrefsProblem::InvalidValue("player_name".into())],
            "{bad}"
        );
    }
}

#[test]
fn the_suggested_name_is_the_last_used_else_a_persons_real_name_never_a_system_account() {
    // The name last used at a table comes first, whoever the account is.
    assert_eq!(suggest("Ann", "Jean Dupont", "jdupont", 1000), "Ann");
    assert_eq!(suggest("Ann", "root", "root", 0), "Ann");
    // Else a person's real name.
    assert_eq!(suggest("", "Jean Dupont", "jdupont", 1000), "Jean Dupont");
    assert_eq!(suggest("  ", " Jean\u{202E} ", "jdupont", 1001), "Jean");
    // Never root's (uid 0) or a system account's, whatever its name says.
    assert_eq!(suggest("", "root", "root", 0), "");
    assert_eq!(suggest("", "Charlie Root", "root", 0), "");
    assert_eq!(suggest("", "nobody", "nobody", 65534), "");
    assert_eq!(suggest("", "Debian-gdm", "Debian-gdm", 118), "");
    // Nor a real name GLib does not know ("Unknown"), nor one that is a system word or the
    // login again: the login name itself is never offered.
    assert_eq!(suggest("", "Unknown", "jdupont", 1000), "");
    assert_eq!(suggest("", "", "jdupont", 1000), "");
    assert_eq!(suggest("", "Root", "jdupont", 1000), "");
    assert_eq!(suggest("", "jdupont", "jdupont", 1000), "");
    // The one this machine gives is never a system account's name.
    let here = suggested_name(&Prefs::default());
    assert!(!["root", "nobody"].contains(&here.as_str()), "{here}");
}
