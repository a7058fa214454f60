//! Hostile command lines, outputs and files: arguments that are not text, standard output
//! cut off (a pipe whose reader is gone) or full (a full disk), special files (devices, FIFOs, links) given as saves or
//! scenarios, files made to take memory, names that would fake output. Each gets the exit
//! code the README promises (0 done, 1 failed, 2 wrong command line), never a panic (101),
//! never a blocked process, never a special file replaced.

mod common;
use common::Scratch;
use std::ffi::OsStr;
use std::os::fd::FromRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CLI: &str = env!("CARGO_BIN_EXE_fief-cli");

/// How a run ended: its exit code, standard error, and the most memory it held (KiB).
struct Ran {
    code: Option<i32>,
    stderr: String,
    max_rss_kib: i64,
}

/// Runs `cmd` to its end (killed after `limit`), with its standard error captured, and reads
/// its own peak memory from `wait4`.
// The child is reaped by `wait4` (which `Child::wait` cannot give its memory figures).
#[allow(clippy::zombie_processes)]
fn run(mut cmd: Command, limit: Duration) -> Ran {
    cmd.stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the program starts");
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    let (mut status, mut usage) = (0i32, unsafe { std::mem::zeroed::<libc::rusage>() });
    loop {
        // SAFETY: waits for our own child, filling plain structs.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert!(
            start.elapsed() < limit,
            "still running after {limit:?}: {cmd:?} blocks"
        );
        if start.elapsed() >= limit {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Ran {
        code,
        stderr: reader.join().unwrap(),
        max_rss_kib: usage.ru_maxrss,
    }
}

fn cli(args: &[&OsStr]) -> Command {
    let mut c = Command::new(CLI);
    c.args(args).stdin(Stdio::null());
    c
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

#[cfg(feature = "gui")]
fn app(args: &[&OsStr]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fief"));
    c.args(args)
        .stdin(Stdio::null())
        .env("LANG", "C.UTF-8")
        .env("LANGUAGE", "en")
        .env_remove("LC_ALL")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    c
}

/// Standard output as a pipe whose reader is already gone.
fn to_closed_pipe(c: &mut Command) {
    let mut fds = [0; 2];
    // SAFETY: a fresh pipe; its read end is closed at once, the write end handed to the child.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        libc::close(fds[0]);
        c.stdout(Stdio::from(std::os::fd::OwnedFd::from_raw_fd(fds[1])));
    }
}

/// Standard output on a full disk.
fn to_full_disk(c: &mut Command) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    c.stdout(Stdio::from(full));
}

const LONG: Duration = Duration::from_secs(120);

/// A scenario and a save to feed the commands that read files.
fn inputs(dir: &Path) -> (String, String) {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/ambush.json").to_string();
    let save = dir.join("game.fief");
    let o = Command::new(CLI)
        .args(["play", "--players", "3", "--seed", "5", "--round-cap", "2"])
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap();
    assert!(o.status.success());
    (scenario, save.to_string_lossy().into_owned())
}

/// Every command, with its output cut off or on a full disk, ends with exit code 1 and never
/// panics; on a full disk it says why.
#[test]
fn output_that_cannot_be_written_is_exit_code_1_never_a_panic() {
    let dir = Scratch::new("hostile", "output");
    let (scenario, save) = inputs(&dir.0);
    let lines: Vec<Vec<&str>> = vec![
        vec!["play", "--players", "3", "--seed", "4", "--round-cap", "2"],
        vec!["scenario", &scenario],
        vec!["fuzz", "--games", "1", "--round-cap", "1"],
        vec![
            "arena",
            "--players",
            "3",
            "--games",
            "1",
            "--round-cap",
            "1",
            "--jobs",
            "1",
        ],
        vec!["bench", "--seconds", "1", "--hard-ms", "1"],
        vec!["load", &save],
        vec!["--help"],
        vec!["--version"],
        vec!["play", "--help"],
    ];
    for args in &lines {
        let args: Vec<&OsStr> = args.iter().map(|a| os(a)).collect();
        for (how, set) in [
            ("a closed pipe", to_closed_pipe as fn(&mut Command)),
            ("a full disk", to_full_disk),
        ] {
            let mut c = cli(&args);
            set(&mut c);
            let r = run(c, LONG);
            assert_eq!(r.code, Some(1), "{args:?} onto {how}: {}", r.stderr);
            assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
            if how == "a full disk" {
                assert!(
                    r.stderr.contains("No space left on device"),
                    "{args:?} onto {how}: {}",
                    r.stderr
                );
            }
        }
    }
}

#[cfg(feature = "gui")]
#[test]
fn the_apps_help_and_version_that_cannot_be_written_are_exit_code_1() {
    for arg in ["--help", "--version"] {
        for set in [to_closed_pipe as fn(&mut Command), to_full_disk] {
            let mut c = app(&[os(arg)]);
            set(&mut c);
            let r = run(c, LONG);
            assert_eq!(r.code, Some(1), "{arg}: {}", r.stderr);
            assert!(!r.stderr.contains("panicked"), "{arg}: {}", r.stderr);
        }
    }
}

/// An argument that is not UTF-8 is a wrong command line (exit code 2), never a panic.
#[test]
fn arguments_that_are_not_text_are_refused_with_exit_code_2() {
    let bad = OsStr::from_bytes(b"\xff");
    #[cfg_attr(not(feature = "gui"), allow(unused_mut))]
    let mut lines = vec![
        cli(&[bad]),
        cli(&[os("play"), os("--seed"), bad]),
        cli(&[os("load"), bad]),
    ];
    #[cfg(feature = "gui")]
    {
        lines.push(app(&[bad]));
        lines.push(app(&[os("--seed"), bad]));
    }
    for c in lines {
        let shown = format!("{c:?}");
        let r = run(c, LONG);
        assert!(!r.stderr.contains("panicked"), "{shown}: {}", r.stderr);
        // `load` of a file that is not there: refused as a file (1); the others are
        // wrong command lines (2).
        let want = if shown.contains("\"load\"") { 1 } else { 2 };
        assert_eq!(r.code, Some(want), "{shown}: {}", r.stderr);
    }
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a plain system call on a path we own.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// A save is written over a regular file only: a device, a FIFO, or a link to one is refused
/// and left as it was; a link to a regular file is followed and kept.
#[test]
fn saves_are_written_only_over_regular_files() {
    let dir = Scratch::new("hostile", "save-targets");
    let device = dir.0.join("device.fief");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    let fifo = dir.0.join("pipe.fief");
    mkfifo(&fifo);
    let real = dir.0.join("real.fief");
    std::fs::write(&real, "old").unwrap();
    let link = dir.0.join("link.fief");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let play = |to: &Path| {
        let mut c = cli(&[
            os("play"),
            os("--players"),
            os("3"),
            os("--seed"),
            os("2"),
            os("--round-cap"),
            os("1"),
            os("--save"),
            to.as_os_str(),
        ]);
        c.stdout(Stdio::null());
        run(c, LONG)
    };
    for target in [&device, &fifo, Path::new("/dev/full")] {
        let r = play(target);
        assert_eq!(r.code, Some(1), "{target:?}: {}", r.stderr);
        assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    }
    let m = std::fs::symlink_metadata(&device).unwrap();
    assert!(
        m.file_type().is_symlink(),
        "the link to a device was replaced"
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
    // Through a link to a regular file: the file is written, the link stays.
    let r = play(&link);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real)
        .unwrap()
        .contains("fief-1429-save"));
    assert_eq!(
        std::fs::read_to_string(dir.0.join("real.fief.bak")).unwrap(),
        "old"
    );
}

/// Devices and FIFOs given as a scenario or a save are refused at once: never read without
/// end, never waited on.
#[test]
fn special_files_are_refused_at_once() {
    let dir = Scratch::new("hostile", "special-reads");
    let zero = dir.0.join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let fifo = dir.0.join("pipe.json");
    mkfifo(&fifo);
    for file in [&zero, &fifo] {
        for (command, code) in [("scenario", 2), ("load", 1)] {
            let mut c = cli(&[os(command), file.as_os_str()]);
            c.stdout(Stdio::null());
            let r = run(c, Duration::from_secs(20));
            assert_eq!(r.code, Some(code), "{command} {file:?}: {}", r.stderr);
            assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
            assert!(r.max_rss_kib < 100 * 1024, "{} KiB", r.max_rss_kib);
        }
    }
}

/// The largest save accepted, filled with a text made to take memory once parsed, is refused
/// without building it; so is a save that holds too many remarks.
#[test]
fn files_made_to_take_memory_are_refused_within_bounds() {
    let dir = Scratch::new("hostile", "memory");
    let (_, save) = inputs(&dir.0);
    let mut objects = String::from(r#"{"format":"fief-1429-save","version":4,"x":["#);
    while objects.len() < 16 * 1024 * 1024 - 64 {
        objects.push_str(r#"{"":0},"#);
    }
    objects.push_str("0]}");
    let numbers = objects.replace(r#"{"":0},"#, "1,2,3,");
    // 30,000 remarks on a real save of a short game.
    let real = std::fs::read_to_string(&save).unwrap();
    let remark = r#"{"at":0,"player":1,"section":"5.2","why":{"id":"it costs {n} Deniers","args":[["n",{"Num":3}]]}}"#;
    let remarks = vec![remark; 30_000].join(",");
    let talkative = real.replacen(
        r#""snapshot":"#,
        &format!(r#""remarks":[{remarks}],"snapshot":"#),
        1,
    );
    for (name, text) in [
        ("objects", &objects),
        ("numbers", &numbers),
        ("remarks", &talkative),
    ] {
        let file = dir.0.join(format!("{name}.fief"));
        std::fs::write(&file, text).unwrap();
        let mut c = cli(&[os("load"), file.as_os_str()]);
        c.stdout(Stdio::null());
        let r = run(c, Duration::from_secs(60));
        assert_eq!(r.code, Some(1), "{name}: {}", r.stderr);
        assert!(r.stderr.contains("is refused"), "{name}: {}", r.stderr);
        assert!(
            r.max_rss_kib < 160 * 1024,
            "{name}: {} MiB while checking",
            r.max_rss_kib / 1024
        );
    }
}

/// Names that hold escape codes, line breaks or right-to-left overrides are refused in a
/// save, and nothing of them reaches the output.
#[test]
fn names_that_would_fake_output_are_refused() {
    let dir = Scratch::new("hostile", "names");
    let (_, save) = inputs(&dir.0);
    let real = std::fs::read_to_string(&save).unwrap();
    for name in [
        "Ann\\nround: 999",
        "\\u001b[31mRed",
        "abc\\u202efed",
        "Bell\\u0007",
    ] {
        // The names sit in the options and in the snapshot's copy of them.
        let text = real.replace(r#""names":[]"#, &format!(r#""names":["{name}"]"#));
        assert_ne!(text, real, "the save has no names to change");
        let file = dir.0.join("named.fief");
        std::fs::write(&file, &text).unwrap();
        let o = Command::new(CLI).arg("load").arg(&file).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{name}");
        let all = [o.stdout.clone(), o.stderr.clone()].concat();
        assert!(
            !all.iter().any(|b| b.is_ascii_control() && *b != b'\n'),
            "{name}: {:?}",
            String::from_utf8_lossy(&all)
        );
        assert!(!String::from_utf8_lossy(&all).contains("round: 999"));
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("name"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// `play --bots` plays the levels named, and the same command line prints the same game.
#[test]
fn play_takes_the_bots_levels() {
    let line = [
        "play",
        "--players",
        "3",
        "--seed",
        "6",
        "--round-cap",
        "3",
        "--bots",
        "hard,normal,easy",
        "--hard-iterations",
        "50",
    ];
    let a = Command::new(CLI).args(line).output().unwrap();
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = Command::new(CLI).args(line).output().unwrap();
    assert_eq!(a.stdout, b.stdout, "the same line played another game");
    let easy = Command::new(CLI).args(&line[..7]).output().unwrap();
    assert_ne!(a.stdout, easy.stdout, "--bots changed nothing");
    let wrong = Command::new(CLI)
        .args(["play", "--players", "4", "--bots", "hard,normal"])
        .output()
        .unwrap();
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("one per player"));
}
