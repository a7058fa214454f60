//! The command lines that host tables (`fief-server`, `fief-cli host`) and play a seat from
//! another process (`fief-cli join --bot`): their arguments and what they do.

use super::host::{Host, HostConfig, TableSpec};
use super::protocol::{NewTable, SeatNo};
use super::table::SeatPlan;
use super::ticket::Ticket;
use super::transport::Reach;
use crate::bots::{Budget, Level};
use crate::rules::{OptionalRule, Options};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// A list of seats: `open`, `easy`/`normal`/`hard` (a bot of the host), or `for:NAME` (kept
/// for a player), separated by commas.
pub fn parse_seats(s: &str) -> Result<Vec<SeatPlan>, String> {
    seats_of(s.split(','))
}

/// One seat: `open`, `easy`/`normal`/`hard`, or `for:NAME`.
fn parse_seat(w: &str) -> Result<SeatPlan, String> {
    let w = w.trim();
    if w.eq_ignore_ascii_case("open") {
        Ok(SeatPlan::Open)
    } else if let Some(name) = w.strip_prefix("for:") {
        let name = super::protocol::clean_text(name.trim(), crate::rules::MAX_NAME_CHARS);
        if name.is_empty() {
            Err("a kept seat needs a name (for:Anne)".to_string())
        } else {
            Ok(SeatPlan::Reserved(name))
        }
    } else {
        w.parse::<Level>().map(SeatPlan::Bot).map_err(|_| {
            let w = super::protocol::clean_text(w, 40);
            format!("'{w}' is not a seat (use open, easy, normal, hard or for:NAME)")
        })
    }
}

/// The seats of a table, 3 to 6 of them.
fn seats_of<'a>(words: impl Iterator<Item = &'a str>) -> Result<Vec<SeatPlan>, String> {
    let seats: Vec<SeatPlan> = words.take(7).map(parse_seat).collect::<Result<_, _>>()?;
    if !(3..=6).contains(&seats.len()) {
        return Err(format!(
            "a table has 3 to 6 seats; {} were given",
            seats.len()
        ));
    }
    Ok(seats)
}

/// The seats of a table given on a command line.
#[derive(Debug, Clone)]
pub struct Seats(pub Vec<SeatPlan>);

/// After how long a bot plays for a dropped player (`None`: never), from a command line.
#[derive(Debug, Clone, Copy)]
pub struct BotAfter(pub Option<Duration>);

/// After how long a bot plays for a dropped player: a number of seconds, or `wait`.
pub fn parse_bot_after(s: &str) -> Result<Option<Duration>, String> {
    if s.trim().eq_ignore_ascii_case("wait") {
        return Ok(None);
    }
    match s.trim().parse::<u64>() {
        Ok(n) if n <= 30 * 24 * 3600 => Ok(Some(Duration::from_secs(n))),
        _ => Err(format!(
            "'{s}' is not a wait: give seconds (0 to 2592000) or wait"
        )),
    }
}

/// Where the host listens, and how far it reaches.
#[derive(Args, Debug, Clone)]
pub struct ReachArgs {
    /// How far the host reaches: local (this computer only), direct (the local network and
    /// direct addresses, no relay) or internet (relays and port mapping: the players'
    /// choice). The environment variable FIEF_NET overrides it.
    #[arg(long, default_value = "local", value_parser = |s: &str| s.parse::<Reach>())]
    pub reach: Reach,
}

/// A server's own choices (`fief-server`).
#[derive(Args, Debug, Clone)]
pub struct ServerArgs {
    /// Makes the server's invitation anew: the one handed out before no longer makes tables
    /// (the tables made with it stay).
    #[arg(long)]
    pub new_invitation: bool,
}

/// A new table.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// The seats, in order: open, easy, normal, hard or for:NAME, separated by commas
    /// (3 to 6).
    #[arg(long, value_parser = |s: &str| parse_seats(s).map(Seats))]
    pub seats: Option<Seats>,
    /// The game's seed (several tables: SEED, SEED+1...). Unless given, each table's seed is
    /// drawn from the operating system, and nobody but the host knows it until the game ends.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Makes the table of --seats even when the folder already holds tables (without it, a
    /// host started again on its folder brings its tables back and makes none).
    #[arg(long)]
    pub new_table: bool,
    /// After how many seconds a bot plays for a player who dropped (or `wait`).
    #[arg(long, default_value = "180", value_parser = |s: &str| parse_bot_after(s).map(BotAfter))]
    pub bot_after: BotAfter,
    /// The level of that bot.
    #[arg(long, default_value = "normal", value_parser = |s: &str| s.parse::<Level>())]
    pub stand_in: Level,
    /// The optional rules, commas between them: relics, fog, open-diplomacy, hidden-money,
    /// gentle-start (`OptionalRule::key`).
    #[arg(long, default_value = "")]
    pub options: String,
    /// Ends each game after this many rounds (by the tie-break order).
    #[arg(long, value_parser = whole_u16)]
    pub round_cap: Option<u16>,
    /// Sets this many tables of these seats (for load tests).
    #[arg(long, default_value_t = 1, value_parser = tables_count)]
    pub tables: u32,
}

fn whole_u16(s: &str) -> Result<u16, String> {
    match s.parse::<u16>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a number of rounds from 1 to 65535")),
    }
}

fn tables_count(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if (1..=10_000).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a number of tables from 1 to 10000")),
    }
}

impl TableArgs {
    pub fn spec(&self) -> Result<Option<TableSpec>, String> {
        let Some(Seats(seats)) = &self.seats else {
            return Ok(None);
        };
        let mut options = Options {
            players: seats.len() as u8,
            seed: self.seed.unwrap_or(0),
            round_cap: self.round_cap,
            ..Options::default()
        };
        OptionalRule::parse_list(&self.options)
            .map_err(|w| format!("'{w}' is not an optional rule ({})", OptionalRule::keys()))?
            .apply(&mut options);
        Ok(Some(TableSpec {
            options,
            seats: seats.clone(),
            bot_after: self.bot_after.0,
            stand_in: self.stand_in,
        }))
    }
}

/// The table a player asks a server for (`create`), as the server makes it: its seed is
/// the server's to draw (0 here). Everything in it is checked as hostile.
pub fn spec_of(t: &NewTable) -> Result<TableSpec, String> {
    let seats = seats_of(t.seats.iter().map(|s| s.as_str()))?;
    let n = seats.len();
    if t.names.len() > n || t.colours.len() > n || t.rules.len() > OptionalRule::ALL.len() {
        return Err("more names, colours or optional rules than the table has room for".into());
    }
    let mut options = Options {
        players: n as u8,
        names: t
            .names
            .iter()
            .map(|name| crate::rules::readable::clean_readable(name, crate::rules::MAX_NAME_CHARS))
            .collect(),
        colours: t.colours.clone(),
        round_cap: t.round_cap.filter(|r| *r > 0),
        ..Options::default()
    };
    OptionalRule::parse_list(&t.rules.join(","))
        .map_err(|w| format!("'{w}' is not an optional rule ({})", OptionalRule::keys()))?
        .apply(&mut options);
    // The rules' own checks (colours all different and in range, names one each).
    crate::rules::Game::new(options.clone()).map_err(|e| e.reason())?;
    let bot_after = match t.bot_after {
        Some(s) if s > 30 * 24 * 3600 => {
            return Err("a dropped player is waited for 30 days at most before a bot plays".into())
        }
        Some(s) => Some(Duration::from_secs(s)),
        None => None,
    };
    let stand_in = match &t.stand_in {
        Some(l) => l.parse::<Level>()?,
        None => Level::Normal,
    };
    Ok(TableSpec {
        options,
        seats,
        bot_after,
        stand_in,
    })
}

/// What a player asks a server for (`create`), from the table he set.
pub fn new_table_of(spec: &TableSpec) -> NewTable {
    let o = &spec.options;
    NewTable {
        seats: spec
            .seats
            .iter()
            .map(|p| match p {
                SeatPlan::Open => "open".to_string(),
                SeatPlan::Reserved(name) => format!("for:{name}"),
                SeatPlan::Bot(l) => l.name().to_string(),
            })
            .collect(),
        names: o.names.clone(),
        colours: o.colours.clone(),
        rules: OptionalRule::ALL
            .into_iter()
            .filter(|r| r.is_on(o))
            .map(|r| r.key().to_string())
            .collect(),
        round_cap: o.round_cap,
        bot_after: spec.bot_after.map(|d| d.as_secs()),
        stand_in: Some(spec.stand_in.name().to_string()),
    }
}

/// The host's folder by default: `$XDG_DATA_HOME/fief/host`.
pub fn default_host_folder() -> Option<PathBuf> {
    crate::save::Store::default_location().map(|s| s.root().join("host"))
}

/// Starts a host from its folder, adds the table asked for, prints every table's invitation
/// (one line each: `TABLE INVITATION`), and serves until `until` resolves.
#[allow(clippy::too_many_arguments)]
pub async fn run_host(
    data: PathBuf,
    reach: Reach,
    port: u16,
    table: &TableArgs,
    server: Option<&ServerArgs>,
    print: &mut dyn FnMut(String),
    until: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let mut cfg = HostConfig::new(data, reach);
    cfg.port = port;
    if let Some(s) = server {
        cfg.server = true;
        cfg.new_invitation = s.new_invitation;
    }
    let host = Host::start(cfg).await?;
    let kept = host.tables().len();
    if kept > 0 {
        eprintln!(
            "host: brought back {kept} table{} kept in this folder",
            if kept == 1 { "" } else { "s" }
        );
    }
    match table.spec()? {
        Some(_) if kept > 0 && !table.new_table => eprintln!(
            "host: no new table: this folder already holds tables (add --new-table to make one)"
        ),
        Some(spec) => {
            for i in 0..table.tables {
                let mut spec = spec.clone();
                spec.options.seed = match table.seed {
                    Some(seed) => seed.wrapping_add(i as u64),
                    None => super::fair::random_seed()?,
                };
                let id = host.new_table(spec).await?;
                eprintln!("host: new table {id}");
            }
        }
        None => {}
    }
    for id in host.tables() {
        print(format!("{id} {}", host.ticket(&id).encode()));
    }
    if let Some(t) = host.server_ticket() {
        eprintln!(
            "host: players make tables here from the app's New Game with this server's invitation (the line that begins with \"server\"); keep it among them"
        );
        print(format!("server {}", t.encode()));
    }
    until.await;
    host.close().await;
    Ok(())
}

/// The seat a `fief-cli join` bot plays, and how.
#[derive(Debug, Clone)]
pub struct BotJoin {
    pub seat: SeatNo,
    pub level: Level,
    /// The name it takes a free seat under (its level's bot name unless given).
    pub name: Option<String>,
    /// The secret of a seat it takes back.
    pub secret: Option<String>,
    pub hard_budget: Budget,
}

/// `fief-cli join`: a bot of `level` plays `seat` of the invitation's table to the end, through
/// the same line as the app's (`link`): a dropped connection is tried again for a minute and
/// the seat taken back with its secret. `say` hears the secret as soon as the seat is held,
/// each connection lost and found, and the check of the deal at the end; the last line is
/// returned.
pub fn run_bot_client(
    ticket: &str,
    reach: Reach,
    join: BotJoin,
    say: &mut dyn FnMut(String),
) -> Result<String, String> {
    use super::link::{Heard, Link, Spec, Status};
    let BotJoin {
        seat,
        level,
        name,
        secret,
        hard_budget,
    } = join;
    let ticket = Ticket::decode(ticket)?;
    let sit = match secret {
        Some(s) => super::link::Sit::Return(s),
        None => {
            super::link::Sit::Take(name.unwrap_or_else(|| format!("{} bot {seat}", level.name())))
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let link = Link::open(
        Spec {
            ticket: ticket.clone(),
            reach,
            seat,
            sit,
            retry_for: Some(Duration::from_secs(60)),
        },
        move |h| {
            let _ = tx.send(h);
        },
    );
    let mut bot = crate::bots::new_bot(
        level,
        0x5eed ^ (seat as u64) ^ ticket.table.len() as u64,
        hard_budget,
    );
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut verdict = None;
    // The decision last sent, and those the host refused at this state.
    let mut banned: Vec<String> = Vec::new();
    let mut last: Option<(u64, String)> = None;
    let mut asked: Option<super::link::Received> = None;
    let outcome = loop {
        let Ok(heard) = rx.recv_timeout(Duration::from_secs(600)) else {
            return Err("the line went quiet for ten minutes".into());
        };
        let mut decide = false;
        match heard {
            Heard::Seated { seat, secret } => {
                say(format!(
                    "seat {seat}: seated; its secret is {secret} (fief-cli join --seat {seat} --secret {secret} takes it back)"
                ));
            }
            Heard::Status(Status::Reconnecting { next_in: 0, left }) => {
                say(format!(
                    "seat {seat}: the connection dropped; trying again ({} s left)",
                    left.unwrap_or(0)
                ));
            }
            Heard::Status(Status::Reconnecting { .. }) => {}
            Heard::Status(Status::Gone { reason, .. }) => {
                drop(link);
                return Err(reason);
            }
            Heard::Refused { reason, .. } => {
                // Asked again without the refused decision (each refused once at most).
                if let Some((_, action)) = last.take() {
                    banned.push(action);
                    decide = true;
                }
                if banned.len() > 64 {
                    return Err(format!("the host refuses every decision: {reason}"));
                }
            }
            Heard::Lost(action) => say(format!("seat {seat}: a decision was lost: {action}")),
            Heard::Deal(v) => verdict = Some(v),
            Heard::State(r) => {
                if r.game.is_over() {
                    // The line checks the deal before it passes on the last state: a verdict
                    // not heard by now will not come.
                    if verdict.is_none() && r.game.options.sealed.is_some() {
                        say(format!(
                            "seat {seat}: the deal could not be checked (the table's promise or its opened seed never came)"
                        ));
                    }
                    break r.game.outcome.clone();
                }
                banned.clear();
                decide = !r.legal.is_empty();
                asked = Some(*r);
            }
            _ => {}
        }
        let Some(r) = asked.as_ref().filter(|_| decide) else {
            continue;
        };
        let g = &r.game;
        let choice =
            super::client::choose_offered(bot.as_mut(), g, seat, &r.legal, &banned, &never);
        match choice {
            Some(action) => {
                link.act(r.at, action.clone());
                last = Some((r.at, action));
            }
            // Nothing left to send: nothing offered at this state (a refusal can come after
            // a newer state), or every offer refused already (bounded above).
            None if r.legal.iter().all(|a| banned.contains(a)) => {}
            // Offers this program cannot read: better a clear failure than a table waiting
            // for ever on this seat.
            None => {
                drop(link);
                return Err(format!(
                    "seat {seat}: none of the {} decisions the host offers after {} actions can be read here",
                    r.legal.len(),
                    r.at
                ));
            }
        }
    };
    drop(link);
    if let Some(v) = &verdict {
        say(format!("seat {seat}: {}", v.words()));
    }
    Ok(match outcome {
        Some(o) => format!(
            "seat {seat}: the game ended: {}; winners: {:?}",
            o.reason, o.winners
        ),
        None => format!("seat {seat}: left the table"),
    })
}

/// What `fief-cli duel` found: games won by each program's seats.
#[derive(Debug, Clone, Default)]
pub struct Duel {
    pub games: u32,
    /// Seats of this program, and of the other, among the winners (an alliance's victory
    /// counts each of its winners).
    pub this_wins: u32,
    pub other_wins: u32,
    /// Games without a winner.
    pub draws: u32,
    pub failures: Vec<String>,
}

impl Duel {
    pub fn report(&self) -> String {
        let n = (self.this_wins + self.other_wins) as f64;
        let share = if n > 0.0 {
            self.this_wins as f64 / n
        } else {
            0.0
        };
        let half = if n > 0.0 {
            1.96 * (share * (1.0 - share) / n).sqrt()
        } else {
            0.0
        };
        format!(
            "games: {}, draws: {}, failed: {}
this build's seats won {} times, the other's {} times: this build's share {:.0}% ± {:.0}% (95%)",
            self.games,
            self.draws,
            self.failures.len(),
            self.this_wins,
            self.other_wins,
            share * 100.0,
            half * 100.0
        )
    }
}

/// Two programs' bots at one table over loopback: a host in this process, and for each game
/// four `join` processes, two of `this` program and two of `other`, in alternate seats
/// (swapped every game), each a bot of `level` thinking `iterations` a decision.
pub async fn run_duel(
    this: &std::path::Path,
    other: &std::path::Path,
    games: u32,
    seed: u64,
    level: Level,
    budget: crate::bots::Budget,
    progress: &mut dyn FnMut(String),
) -> Result<Duel, String> {
    let think = match budget {
        crate::bots::Budget::Iterations(n) => ["--hard-iterations".to_string(), n.to_string()],
        crate::bots::Budget::Time(d) => ["--hard-ms".to_string(), d.as_millis().to_string()],
    };
    let dir = std::env::temp_dir().join(format!("fief-duel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let host = Host::start(HostConfig::new(&dir, Reach::Local)).await?;
    let mut duel = Duel::default();
    for i in 0..games {
        let options = Options {
            players: 4,
            seed: seed.wrapping_add(i as u64),
            round_cap: Some(30),
            ..Options::default()
        };
        let id = host
            .new_table(TableSpec {
                options,
                seats: vec![SeatPlan::Open; 4],
                bot_after: None,
                stand_in: level,
            })
            .await?;
        let ticket = host.ticket(&id).encode();
        let mut children = Vec::new();
        for seat in 0..4u32 {
            let mine = (seat + i) % 2 == 0;
            let program = if mine { this } else { other };
            let child = tokio::process::Command::new(program)
                .args(["join", &ticket, "--seat", &seat.to_string()])
                .args(["--bot", level.name(), "--reach", "local"])
                .args(&think)
                // Each seat its own name: actions name players by name.
                .args([
                    "--name",
                    &format!("{} {seat}", if mine { "this" } else { "other" }),
                ])
                .env("FIEF_NET", "local")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                // A seat given up below is stopped, not left waiting for a table.
                .kill_on_drop(true)
                .spawn()
                .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
            children.push(child);
        }
        // The four seats are awaited together: a seat that fails (another build that does
        // not know an option, say) leaves the others waiting for it for ever, so the first
        // failure ends the game and stops the rest.
        let mut seats = tokio::task::JoinSet::new();
        for (seat, child) in children.into_iter().enumerate() {
            seats.spawn(async move { (seat, child.wait_with_output().await) });
        }
        while let Some(done) = seats.join_next().await {
            let (seat, out) = match done {
                Ok(x) => x,
                // A seat stopped after another failed.
                Err(e) if e.is_cancelled() => continue,
                Err(e) => return Err(e.to_string()),
            };
            let out = out.map_err(|e| e.to_string())?;
            if !out.status.success() {
                let program = if (seat as u32 + i).is_multiple_of(2) {
                    this
                } else {
                    other
                };
                duel.failures.push(format!(
                    "game {i}, seat {seat} ({}): {}",
                    program.display(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
                seats.abort_all();
            }
        }
        let (game, _) = host
            .snapshot(&id)
            .await
            .ok_or("a table of the duel vanished")?;
        duel.games += 1;
        match game.outcome.as_ref().filter(|_| game.is_over()) {
            Some(o) if !o.winners.is_empty() => {
                for w in &o.winners {
                    if (*w as u32 + i).is_multiple_of(2) {
                        duel.this_wins += 1;
                    } else {
                        duel.other_wins += 1;
                    }
                }
            }
            Some(_) => duel.draws += 1,
            None => duel.failures.push(format!(
                "game {i} did not end ({} actions)",
                game.history.len()
            )),
        }
        progress(format!(
            "game {}: {} actions; {}",
            i + 1,
            game.history.len(),
            duel.report().replace('\n', "; ")
        ));
    }
    host.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(duel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        reach: ReachArgs,
        #[command(flatten)]
        table: TableArgs,
    }

    #[test]
    fn a_table_is_read_from_a_command_line() {
        let l = Line::try_parse_from([
            "x",
            "--seats",
            "open,open,hard",
            "--bot-after",
            "wait",
            "--options",
            "fog,relics",
            "--seed",
            "4",
        ])
        .unwrap();
        assert_eq!(l.reach.reach, Reach::Local);
        let spec = l.table.spec().unwrap().unwrap();
        assert_eq!(spec.options.players, 3);
        assert!(spec.options.fog_of_war && spec.options.relics && !spec.options.hidden_money);
        assert_eq!(spec.bot_after, None);
        assert_eq!(spec.options.seed, 4);
        let l = Line::try_parse_from(["x"]).unwrap();
        assert!(l.table.spec().unwrap().is_none());
        assert_eq!(l.table.bot_after.0, Some(Duration::from_secs(180)));
        assert!(
            Line::try_parse_from(["x", "--seats", "open,open,open", "--options", "snow"])
                .unwrap()
                .table
                .spec()
                .unwrap_err()
                .contains("snow")
        );
        assert!(Line::try_parse_from(["x", "--reach", "far"]).is_err());
    }

    #[test]
    fn seats_and_waits_are_read_in_words() {
        assert_eq!(
            parse_seats("open, hard,for:Anne").unwrap(),
            vec![
                SeatPlan::Open,
                SeatPlan::Bot(Level::Hard),
                SeatPlan::Reserved("Anne".into())
            ]
        );
        assert!(parse_seats("open,open").unwrap_err().contains("3 to 6"));
        assert!(parse_seats("open,chair,open")
            .unwrap_err()
            .contains("chair"));
        assert!(parse_seats("open,for:,open").is_err());
        assert_eq!(parse_bot_after("wait").unwrap(), None);
        assert_eq!(
            parse_bot_after("90").unwrap(),
            Some(Duration::from_secs(90))
        );
        assert!(parse_bot_after("-1").is_err());
        assert!(parse_bot_after("99999999999").is_err());
    }
}
