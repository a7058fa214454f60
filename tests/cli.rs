//! Command lines: every subcommand has its help, and a wrong command line (unknown flag,
//! wrong type, number out of range, impossible combination) is refused with the usage and
//! exit code 2 before anything is played.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fief-cli"))
        .args(args)
        .output()
        .expect("fief-cli runs")
}

#[cfg(feature = "gui")]
fn app(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fief"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .env("LANGUAGE", "en")
        // No display: a command line that were accepted would fail to open a window,
        // never with exit code 2.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("fief runs")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn every_subcommand_has_its_help() {
    for sub in ["play", "scenario", "fuzz", "arena", "bench", "load"] {
        let o = cli(&[sub, "--help"]);
        assert!(o.status.success(), "{sub} --help: {}", text(&o));
        let t = text(&o);
        assert!(t.contains(&format!("Usage: fief-cli {sub}")), "{sub}: {t}");
    }
    let o = cli(&["--help"]);
    assert!(o.status.success());
    assert!(text(&o).contains("arena"));
}

#[test]
fn wrong_fief_cli_lines_are_refused_with_the_usage() {
    let max = u64::MAX.to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["conquer"],
        vec!["fuzz", "--bogus"],
        vec!["fuzz", "--games", "many"],
        vec!["fuzz", "--games", "0"],
        vec!["fuzz", "--round-cap", "0"],
        vec!["fuzz", "--seed", &max, "--games", "5"],
        vec!["play", "--players", "260"],
        vec!["play", "--players", "2"],
        vec!["play", "--round-cap", "65536"],
        vec!["play", "--round-cap", "0"],
        vec!["play", "--seed", "-1"],
        vec!["arena", "--players", "3", "--bots", "normal"],
        vec!["arena", "--bots", "normal,easy,easy,wizard"],
        vec!["arena", "--round-cap", "-3"],
        vec!["arena", "--first-game", "1000001"],
        vec!["arena", "--seed", &max, "--first-game", "1", "--games", "1"],
        vec!["bench", "--seconds", "0"],
        vec!["bench", "--runs", "0"],
        vec!["bench", "--only", "everything"],
        vec!["bench", "--hard-iterations", "0"],
        vec![
            "duel",
            "--other",
            "x",
            "--hard-ms",
            "5",
            "--hard-iterations",
            "5",
        ],
        vec!["load"],
        vec!["load", "a.fief", "b.fief"],
        vec!["scenario"],
    ];
    for args in cases {
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains("Usage: fief-cli"),
            "{args:?}: {}",
            text(&o)
        );
    }
}

#[test]
fn a_bench_against_another_build_prints_both_figures_and_the_gain() {
    // This build against itself: every figure of the part measured, both columns, a gain.
    let me = env!("CARGO_BIN_EXE_fief-cli");
    let o = cli(&[
        "bench",
        "--against",
        me,
        "--runs",
        "1",
        "--seconds",
        "1",
        "--only",
        "engine",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let line = out
        .lines()
        .find(|l| l.starts_with("engine / actions applied"))
        .unwrap_or_else(|| panic!("no engine figure: {out}"));
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert!(cols.iter().any(|c| c.ends_with('×')), "{line}");
    assert!(
        cols.iter().filter(|c| c.parse::<f64>().is_ok()).count() >= 2,
        "{line}"
    );
    // A program that is not a fief-cli is refused, saying so.
    let o = cli(&[
        "bench",
        "--against",
        "/bin/true",
        "--runs",
        "1",
        "--only",
        "engine",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("no figures"), "{}", text(&o));
}

#[test]
fn the_last_seed_still_plays_one_game() {
    let max = u64::MAX.to_string();
    let o = cli(&["fuzz", "--seed", &max, "--games", "1", "--round-cap", "1"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 games, 0 failures"), "{}", text(&o));
}

#[test]
fn no_round_cap_is_spelled_none() {
    let o = cli(&[
        "play",
        "--seed",
        "3",
        "--players",
        "3",
        "--round-cap",
        "none",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        !text(&o).contains("round cap"),
        "a game without cap ended by it"
    );
}

#[cfg(feature = "gui")]
#[test]
fn wrong_app_lines_are_refused_with_the_usage() {
    let many = vec!["human"; 259].join(",");
    let cases: Vec<Vec<&str>> = vec![
        vec!["--bogus"],
        vec!["--seed", "twelve"],
        vec!["--seed", "-4"],
        vec!["--seats", &many],
        vec!["--seats", "human,normal"],
        vec!["--seats", "human,normal,wizard"],
        vec!["--pace", "sloww"],
        vec!["--until", "dinner"],
        vec!["--rules", "relics,chess"],
        vec!["--seed"],
    ];
    for args in cases {
        let o = app(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains("Usage: fief [OPTION]"),
            "{args:?}: {}",
            text(&o)
        );
    }
    let o = app(&["--version"]);
    assert!(o.status.success());
    assert!(text(&o).starts_with("fief "));
}

#[test]
fn a_save_into_a_missing_folder_is_refused_not_created() {
    let dir = std::env::temp_dir().join(format!("fief-cli-missing-{}", std::process::id()));
    let file = dir.join("sub").join("x.fief");
    let o = cli(&[
        "play",
        "--players",
        "3",
        "--seed",
        "2",
        "--round-cap",
        "1",
        "--save",
    ]
    .into_iter()
    .chain([file.to_str().unwrap()])
    .collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("there is no folder"), "{}", text(&o));
    assert!(!dir.exists(), "the folder was created");
}

#[test]
fn the_arena_fills_in_its_seats_for_any_player_count() {
    let o = cli(&[
        "arena",
        "--players",
        "5",
        "--games",
        "1",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--round-cap",
        "2",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("5 players"), "{}", text(&o));
}

#[cfg(feature = "gui")]
#[test]
fn without_a_display_the_app_says_so() {
    let o = app(&["--seed", "3"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("is a display available"), "{}", text(&o));
    assert!(!text(&o).contains("panicked"), "{}", text(&o));
}

#[test]
fn bench_net_sends_changes_and_says_how_many_bytes_a_seat_an_action() {
    // One table over loopback for a few seconds, with changes and with whole states.
    let server = env!("CARGO_BIN_EXE_fief-server");
    let figure = |whole: bool| {
        let mut args = vec![
            "bench-net",
            "--tables",
            "1",
            "--seconds",
            "4",
            "--think-ms",
            "0",
            "--server",
            server,
        ];
        if whole {
            args.push("--whole");
        }
        let o = Command::new(env!("CARGO_BIN_EXE_fief-cli"))
            .args(&args)
            .env("FIEF_NET", "local")
            .output()
            .expect("fief-cli runs");
        assert!(o.status.success(), "{}", text(&o));
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        let line = out
            .lines()
            .find(|l| l.starts_with("states sent: "))
            .unwrap_or_else(|| panic!("no line on the states sent: {out}"))
            .to_string();
        let bytes: f64 = line["states sent: ".len()..]
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no figure: {line}"));
        (bytes, line)
    };
    let (changes, line) = figure(false);
    // No change failed to fit (nothing was sent again whole).
    assert!(line.ends_with(", 0 resent)"), "{line}");
    let (whole, whole_line) = figure(true);
    assert!(whole_line.contains(" whole, 0 resent"), "{whole_line}");
    assert!(
        changes * 4.0 < whole,
        "changes {changes} bytes, whole states {whole}: {line} / {whole_line}"
    );
}

#[test]
fn a_duel_whose_other_program_cannot_play_ends_and_says_so() {
    // The other "build" refuses at once (as an older fief-cli refuses an option it does not
    // know): its seats fail, and the duel stops this program's seats rather than leaving them
    // waiting for a full table, says why and exits 1. Loopback only.
    let me = env!("CARGO_BIN_EXE_fief-cli");
    let mut child = std::process::Command::new(me)
        .args(["duel", "--other", "/bin/false", "--games", "2"])
        .args(["--level", "easy"])
        .env("FIEF_NET", "local")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A guard against the hang this test is about, not a measure of speed.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the duel still waits for seats that failed");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // Whichever of the other program's two seats fails first is named (seats 1 and 3 in the
    // first game, 0 and 2 in the second: the seats swap every game).
    let named = |game: u32, seats: [u32; 2]| {
        seats
            .iter()
            .any(|s| err.contains(&format!("game {game}, seat {s} (/bin/false)")))
    };
    assert!(named(0, [1, 3]) && named(1, [0, 2]), "{err}");
    // This program's seats were stopped, not failed.
    assert!(!err.contains(&format!("({me})")), "{err}");
    assert!(
        err.contains("game 0 did not end") && err.contains("game 1 did not end"),
        "{err}"
    );
}
