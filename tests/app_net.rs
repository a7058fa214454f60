//! Two apps under one virtual display, each with a home of its own, play a network game on
//! loopback (`FIEF_NET=local`) through their windows (ui/app/drive.rs drives them as a player
//! would: buttons, entries, the decisions the window offers). One hosts from the New Game
//! dialog, the other joins with the invitation; they talk and play a round; the joining app
//! is killed with `kill -9` and started again: it offers the table, rejoins, and sees the
//! same game; then the hosting app is killed and hosts its table again. Another makes a table
//! on a `fief-server` from the New Game dialog; both apps quit and start again, find the
//! table in Your Tables with the turn's badge on one of them, and play on. A last test, in a
//! network namespace of its own, joins a table heard on the local network from the join
//! dialog's list. Run under `xvfb-run` (tools/test.sh does).
#![cfg(feature = "gui")]

mod common;
use common::Scratch;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// An app in a process of its own, and its command line.
struct App {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    name: &'static str,
}

impl App {
    fn launch(home: &Path, name: &'static str) -> App {
        App::start(Command::new(env!("CARGO_BIN_EXE_fief")), home, name)
    }

    /// The app on a session bus of its own (`dbus-run-session`), whose calls to the desktop's
    /// notifications `dbus-monitor` writes into `seen`.
    fn launch_on_bus(home: &Path, name: &'static str, seen: &Path) -> App {
        let mut c = Command::new("dbus-run-session");
        c.args([
            "--",
            "sh",
            "-c",
            "dbus-monitor --session interface=org.freedesktop.Notifications > \"$1\" 2>&1 & sleep 0.5; exec \"$2\"",
            "sh",
        ])
        .arg(seen)
        .arg(env!("CARGO_BIN_EXE_fief"));
        App::start(c, home, name)
    }

    fn start(mut command: Command, home: &Path, name: &'static str) -> App {
        assert!(
            std::env::var_os("DISPLAY").is_some(),
            "these tests need a display: run them under xvfb-run -a"
        );
        // No session bus but the one `launch_on_bus` gives (dbus-run-session sets its own).
        command.env_remove("DBUS_SESSION_BUS_ADDRESS");
        let mut child = command
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            // Loopback only, unless the test runs in a network namespace of its own.
            .env(
                "FIEF_NET",
                std::env::var("FIEF_NET").unwrap_or_else(|_| "local".into()),
            )
            .env("FIEF_DRIVE", "1")
            .env("GTK_A11Y", "none")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the app starts");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { return };
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        App {
            child,
            stdin,
            lines,
            name,
        }
    }

    /// Sends a command and reads its answer.
    fn cmd(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        match self.lines.recv_timeout(Duration::from_secs(20)) {
            Ok(l) => l,
            Err(_) => panic!("{}: no answer to {line} in 20 s", self.name),
        }
    }

    fn ok(&mut self, line: &str) {
        let r = self.cmd(line);
        assert!(r.starts_with("ok"), "{}: {line}: {r}", self.name);
    }

    fn state(&mut self) -> Value {
        serde_json::from_str(&self.cmd("state")).unwrap()
    }

    /// Waits (at most `secs`) until the window's state satisfies `want`.
    fn wait(&mut self, secs: u64, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.state();
            if want(&s) {
                return s;
            }
            assert!(
                Instant::now() < end,
                "{}: not {what} in {secs} s: {s}",
                self.name
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn shows(&mut self, window: &str) -> bool {
        self.state()["windows"]
            .as_array()
            .is_some_and(|w| w.iter().any(|n| n == window))
    }

    fn wait_for_widget(&mut self, name: &str) {
        let end = Instant::now() + Duration::from_secs(20);
        while self.cmd(&format!("exists {name}")) != "ok true" {
            assert!(Instant::now() < end, "{}: no {name} in 20 s", self.name);
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A home whose preferences start a new game with this player, a player on another
/// computer and an Easy bot, bots playing at once, no question before an attack.
fn home(dir: &Path, name: &str) -> std::path::PathBuf {
    let h = dir.join(name);
    std::fs::create_dir_all(h.join("config/fief")).unwrap();
    std::fs::write(
        h.join("config/fief/preferences.json"),
        r#"{"default_seats":["Human","Remote",{"Bot":"Easy"}],"pace":"instant","confirm_attack":false}"#,
    )
    .unwrap();
    h
}

fn playing(s: &Value) -> bool {
    s["net"]["playing"] == true && s["net"]["started"] == true
}

/// Both apps decide whatever their window offers until `done` holds for the host.
fn play_until(host: &mut App, guest: &mut App, secs: u64, done: impl Fn(&Value) -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let h = host.state();
        if done(&h) {
            return;
        }
        assert!(
            Instant::now() < end,
            "the game did not get there in {secs} s: {h}"
        );
        for app in [&mut *host, &mut *guest] {
            if app.state()["my_turn"] == true {
                let _ = app.cmd("decide");
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// An app that hosts a table from its New Game dialog; its invitation.
fn hosting(dir: &Path) -> (App, String) {
    let mut host = App::launch(&home(dir, "host"), "host");
    host.wait(30, "showing the new-game dialog", |s| {
        s["windows"]
            .as_array()
            .is_some_and(|w| w.iter().any(|n| n == "new-game"))
    });
    host.ok("click start-game");
    let s = host.wait(30, "hosting, in its lobby", |s| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connected"))
    });
    assert!(host.shows("lobby"), "{s}");
    assert_eq!(s["net"]["hosted"], true);
    let invitation = s["net"]["invitation"].as_str().unwrap().to_string();
    assert!(invitation.starts_with("fief"));
    (host, invitation)
}

/// The guest's join dialog, from its New Game dialog.
fn guest_joining(dir: &Path) -> App {
    let mut guest = App::launch(&home(dir, "guest"), "guest");
    guest.wait(30, "showing the new-game dialog", |s| {
        s["windows"]
            .as_array()
            .is_some_and(|w| w.iter().any(|n| n == "new-game"))
    });
    guest.ok("click join-from-new-game");
    guest.wait_for_widget("join-code");
    guest
}

/// The guest takes seat 1 as Bob; the game begins on both screens, under the players'
/// names.
fn sit_and_start(host: &mut App, guest: &mut App) -> (Value, Value) {
    guest.wait_for_widget("join-seat-1");
    guest.ok("click join-seat-1");
    guest.ok("text join-name Bob");
    guest.ok("click join-seat");
    let g = guest.wait(30, "in the game", playing);
    let h = host.wait(30, "in the game", playing);
    assert_eq!(g["names"][1], "Bob");
    assert_eq!(h["names"], g["names"]);
    assert!(!host.shows("lobby"));
    (h, g)
}

#[test]
fn a_table_heard_on_the_local_network_is_joined_from_the_list() {
    if !common::in_own_network("a_table_heard_on_the_local_network_is_joined_from_the_list") {
        return;
    }
    let dir = Scratch::new("app-net", "lan");
    let (mut host, _) = hosting(&dir.0);
    let mut guest = guest_joining(&dir.0);
    // The dialog listens for a few seconds; it is asked again until the table is heard.
    let end = Instant::now() + Duration::from_secs(40);
    while guest.cmd("exists join-lan-pick-0") != "ok true" {
        assert!(Instant::now() < end, "the table was not heard in 40 s");
        std::thread::sleep(Duration::from_secs(4));
        let _ = guest.cmd("click join-lan-again");
    }
    guest.ok("click join-lan-pick-0");
    sit_and_start(&mut host, &mut guest);
}

#[test]
fn two_apps_host_join_talk_play_and_the_joiner_comes_back_after_kill_9() {
    let dir = Scratch::new("app-net", "two");
    let (mut host, invitation) = hosting(&dir.0);

    // The guest joins through the dialogs: a mistyped invitation first.
    let mut guest = guest_joining(&dir.0);
    guest.ok(&format!(
        "text join-code {}",
        &invitation[..invitation.len() - 3]
    ));
    guest.ok("click join-look");
    guest.wait_for_widget("join-error");
    guest.ok(&format!("text join-code {invitation}"));
    guest.ok("click join-look");
    sit_and_start(&mut host, &mut guest);

    // Table talk reaches the other side.
    guest.ok("say Good evening, my lord");
    host.wait(20, "hearing the guest", |s| {
        s["net"]["chat"]
            .as_array()
            .is_some_and(|c| c.iter().any(|l| l == "Good evening, my lord"))
    });

    // A round is played.
    play_until(&mut host, &mut guest, 300, |s| {
        s["round"].as_u64() >= Some(2)
    });
    let before = guest.wait(20, "up to date", |s| s["at"].as_u64() > Some(0));

    // kill -9 of the guest: the host sees him dropped.
    let pid = guest.child.id();
    guest.child.kill().unwrap();
    guest.child.wait().unwrap();
    drop(guest);
    host.wait(30, "seeing the guest dropped", |s| {
        s["who"][1].as_str().is_some_and(|w| w.contains("Dropped"))
    });

    // Started again, the guest's app lists its table; rejoined, it sees the same game.
    let mut guest = App::launch(&dir.0.join("guest"), "guest again");
    assert_ne!(guest.child.id(), pid);
    guest.wait_for_widget("table-row-0");
    guest.ok("click table-row-0");
    let g = guest.wait(30, "back in the game", playing);
    let h = host.wait(30, "seeing the guest back", |s| {
        s["who"][1].as_str().is_some_and(|w| w.starts_with("Here"))
    });
    assert!(g["at"].as_u64() >= before["at"].as_u64());
    let g = guest.wait(20, "caught up", |s| {
        s["at"] == h["at"] || s["at"].as_u64() > h["at"].as_u64()
    });
    assert_eq!(g["names"], h["names"]);
    assert_eq!(g["round"], h["round"]);
    // The log came back whole: as long as the host's (the same entries, each seat's view).
    let h = host.state();
    let g = guest.wait(20, "with the whole log", |s| s["at"] == h["at"]);
    assert_eq!(g["log"], h["log"]);
    // The talk came back too, and the game goes on.
    assert!(g["net"]["chat"]
        .as_array()
        .is_some_and(|c| c.iter().any(|l| l == "Good evening, my lord")));
    let at = h["at"].as_u64().unwrap();
    play_until(&mut host, &mut guest, 120, |s| {
        s["at"].as_u64() > Some(at + 20)
    });

    // The host's app is killed in turn: the guest's line counts down while it retries.
    let h = host.state();
    host.child.kill().unwrap();
    host.child.wait().unwrap();
    drop(host);
    guest.wait(30, "retrying", |s| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connection lost"))
    });
    // Started again, the host's app offers to host its table again; the guest comes back by
    // itself, with the same invitation, and the game goes on where it was.
    let mut host = App::launch(&dir.0.join("host"), "host again");
    host.wait_for_widget("table-row-0");
    host.ok("click table-row-0");
    let back = host.wait(30, "hosting again", playing);
    assert_eq!(back["net"]["hosted"], true);
    assert_eq!(back["net"]["invitation"], h["net"]["invitation"]);
    assert!(back["at"].as_u64() >= h["at"].as_u64());
    guest.wait(60, "connected again", |s| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connected"))
    });
    let at = back["at"].as_u64().unwrap();
    play_until(&mut host, &mut guest, 120, |s| {
        s["at"].as_u64() > Some(at + 10)
    });

    // Closing the hosting window asks first, naming who sits at the table; kept, the table
    // is listed again at the next launch.
    host.ok("close");
    let s = host.wait(20, "asking before closing", |s| {
        s["questions"]
            .as_array()
            .is_some_and(|q| q.iter().any(|d| d["name"] == "closing-hosted"))
    });
    let body = s["questions"][0]["body"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(body.contains("Bob"), "{body}");
    let _ = host.cmd("respond closing-hosted keep");
    let end = Instant::now() + Duration::from_secs(20);
    while host.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < end, "the host's app did not quit");
        std::thread::sleep(Duration::from_millis(100));
    }
    guest.wait(30, "seeing the host gone", |s| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connection lost"))
    });
    drop(host);
    let mut host = App::launch(&dir.0.join("host"), "host a third time");
    host.wait_for_widget("table-row-0");
    host.ok("click table-row-0");
    host.wait(30, "hosting again", playing);
    guest.wait(90, "connected again by itself", |s| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connected"))
    });
}

/// A `fief-server` in a process of its own, stopped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A `fief-server` of its own (local mode) in `dir`; its server's invitation.
fn server(dir: &Path) -> (Server, String) {
    let mut srv = Server(
        Command::new(env!("CARGO_BIN_EXE_fief-server"))
            .arg("--data")
            .arg(dir)
            .args(["--reach", "local"])
            .env_remove("FIEF_NET")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts"),
    );
    let out = BufReader::new(srv.0.stdout.take().unwrap());
    for line in out.lines() {
        let line = line.unwrap();
        if let Some(code) = line.strip_prefix("server ") {
            return (srv, code.to_string());
        }
    }
    panic!("the server printed no invitation");
}

/// The tables an app lists in Your Tables, once each says where its game stands.
fn tables_heard(app: &mut App) -> Value {
    let s = app.wait(40, "hearing its table", |s| {
        s["tables"].as_array().is_some_and(|t| {
            !t.is_empty()
                && t.iter()
                    .all(|r| r["subtitle"].as_str().is_some_and(|w| w.contains("Round")))
        })
    });
    s["tables"].clone()
}

#[test]
fn a_table_made_on_a_server_outlives_both_apps_and_says_whose_turn_it_is() {
    let dir = Scratch::new("app-net", "server");
    let (srv, code) = server(&dir.0.join("server"));
    // The host's app makes the table on the server from New Game.
    let mut anne = App::launch(&home(&dir.0, "host"), "anne");
    anne.wait(30, "showing the new-game dialog", |s| {
        shows_window(s, "new-game")
    });
    anne.ok("click table-on-server");
    anne.ok(&format!("text server-invitation {code}"));
    let seated = |s: &Value| {
        s["net"]["status"]
            .as_str()
            .is_some_and(|t| t.contains("Connected"))
    };
    // A table made by mistake: its creator closes it from the lobby (Close Table), and
    // New Game comes back.
    anne.ok("click start-game");
    anne.wait(30, "seated at the server's table", seated);
    anne.wait_for_widget("lobby-start");
    anne.ok("click lobby-leave");
    anne.wait(30, "the table closed", |s| {
        s["net"].is_null() && shows_window(s, "new-game")
    });
    anne.ok("click table-on-server");
    anne.ok(&format!("text server-invitation {code}"));
    anne.ok("click start-game");
    let s = anne.wait(30, "seated at the server's table", seated);
    assert_eq!(s["net"]["hosted"], false, "{s}");
    // Its creator may start it now with bots in the open seats.
    assert_eq!(anne.cmd("exists lobby-start"), "ok true");
    let invitation = s["net"]["invitation"].as_str().unwrap().to_string();
    let mut bob = guest_joining(&dir.0);
    bob.ok(&format!("text join-code {invitation}"));
    bob.ok("click join-look");
    sit_and_start(&mut anne, &mut bob);
    play_until(&mut anne, &mut bob, 300, |s| s["round"].as_u64() >= Some(2));
    let at = anne.state()["at"].as_u64().unwrap();

    // Both apps quit; the server keeps the table. Started again, each finds it in Your
    // Tables, and exactly one of them has the turn's badge (the bot's turns are the
    // server's to play meanwhile).
    drop(anne);
    drop(bob);
    std::fs::write(
        dir.0.join("guest/config/fief/preferences.json"),
        r#"{"default_seats":["Human","Remote",{"Bot":"Easy"}],"pace":"instant","confirm_attack":false,"background":true}"#,
    )
    .unwrap();
    let seen = [dir.0.join("anne-bus.txt"), dir.0.join("bob-bus.txt")];
    let mut anne = App::launch_on_bus(&dir.0.join("host"), "anne again", &seen[0]);
    let mut bob = App::launch_on_bus(&dir.0.join("guest"), "bob again", &seen[1]);
    let (a, b) = (tables_heard(&mut anne), tables_heard(&mut bob));
    assert_eq!(a.as_array().unwrap().len(), 1, "{a}");
    assert_eq!(b.as_array().unwrap().len(), 1, "{b}");
    assert_ne!(a[0]["yours"], b[0]["yours"], "one badge: {a} {b}");
    // The one whose turn it is goes back to the table with one click; the other stays in
    // Your Tables, and is told on his desktop when the turn is his, and when the first
    // writes to him.
    let (first, other, other_seen) = if a[0]["yours"] == true {
        (&mut anne, &mut bob, &seen[1])
    } else {
        (&mut bob, &mut anne, &seen[0])
    };
    assert_eq!(first.cmd("exists table-badge-0"), "ok true");
    assert_eq!(other.cmd("exists table-badge-0"), "ok false");
    first.ok("click table-row-0");
    let s = first.wait(30, "back in the game", playing);
    assert!(s["at"].as_u64() >= Some(at), "{s}");
    first.ok("say Your move, my friend");
    let end = Instant::now() + Duration::from_secs(120);
    while other.state()["tables"][0]["yours"] != true {
        assert!(
            Instant::now() < end,
            "the turn never passed to the other player"
        );
        if first.state()["my_turn"] == true {
            let _ = first.cmd("decide");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(other.cmd("exists table-badge-0"), "ok true");
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let told = std::fs::read_to_string(other_seen).unwrap_or_default();
        if told.contains("Your turn") && told.contains("Your move, my friend") {
            break;
        }
        assert!(Instant::now() < end, "no notification on the bus: {told}");
        std::thread::sleep(Duration::from_millis(200));
    }
    // One click takes him back too, and the game goes on from where it was.
    other.ok("click table-row-0");
    other.wait(30, "back in the game", playing);
    play_until(&mut anne, &mut bob, 120, |s| {
        s["at"].as_u64() > Some(at + 10)
    });

    // Bob allowed the app to run in the background: his window closed, the app runs on and
    // tells him when it is his turn; the notification's click brings the window back.
    let told = |f: &Path| {
        std::fs::read_to_string(f)
            .unwrap_or_default()
            .matches("Your turn")
            .count()
    };
    let before = told(&seen[1]);
    // He closes it when he has played his turn.
    let end = Instant::now() + Duration::from_secs(60);
    while bob.state()["my_turn"] == true {
        assert!(Instant::now() < end, "Bob's turn never ended");
        let _ = bob.cmd("decide");
        std::thread::sleep(Duration::from_millis(50));
    }
    bob.ok("close");
    let s = bob.wait(20, "without its window", |s| {
        !shows_window(s, "AdwApplicationWindow")
    });
    assert!(bob.child.try_wait().unwrap().is_none(), "{s}");
    let end = Instant::now() + Duration::from_secs(120);
    while told(&seen[1]) <= before {
        assert!(
            Instant::now() < end,
            "no notification of Bob's turn in the background"
        );
        if anne.state()["my_turn"] == true {
            let _ = anne.cmd("decide");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    bob.ok("activate");
    bob.wait(20, "with its window again", |s| {
        shows_window(s, "AdwApplicationWindow") && playing(s)
    });
    let at = bob.state()["at"].as_u64().unwrap();
    play_until(&mut anne, &mut bob, 120, |s| {
        s["at"].as_u64() > Some(at + 5)
    });
    drop(srv);
}

fn shows_window(s: &Value, window: &str) -> bool {
    s["windows"]
        .as_array()
        .is_some_and(|w| w.iter().any(|n| n == window))
}
