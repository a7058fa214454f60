//! The host's memory: every table, seat, action and line of talk in one SQLite database
//! (rusqlite with the bundled library), written before the host answers for it, and read
//! back when the host starts again (docs/network.md says why SQLite).
//!
//! One thread owns the connection. Writers hand it their rows and wait; it commits whatever
//! has queued up in one transaction (a group commit), so two hundred busy tables cost one
//! commit per batch rather than one each, and a row is never acknowledged before it is on
//! disk. The database runs in WAL mode with `synchronous=NORMAL`: a committed transaction
//! survives the host being killed (`kill -9`); only a power cut in the last instant can
//! lose the last batch.

use super::protocol::{ChatLine, SeatNo};
use super::table::{Played, SavedTable, SeatPlan};
use crate::bots::Level;
use crate::rules::Options;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// One row to keep.
#[derive(Debug, Clone)]
pub enum Row {
    /// A new table: its options and its seats as planned.
    Table {
        id: String,
        options: Options,
        plan: Vec<SeatPlan>,
        bot_after_ms: Option<u64>,
        stand_in: Level,
        created_ms: u64,
        /// The secret of its creator (a table a server made for a player).
        owner: Option<String>,
    },
    /// A seat taken: its player's name and secret.
    Seat {
        table: String,
        seat: SeatNo,
        name: String,
        secret: String,
    },
    /// The action number `n` of a table (from 0), in the notation, played at `at_ms` after
    /// `took_ms` of its player's time; `by_bot`: a bot decided it for the seat's dropped
    /// player.
    Action {
        table: String,
        n: u64,
        seat: SeatNo,
        notation: String,
        at_ms: u64,
        took_ms: u64,
        by_bot: bool,
    },
    /// A line of talk.
    Chat { table: String, line: ChatLine },
    /// The seats planned anew: the host started the game with bots in the empty seats.
    Plan { table: String, plan: Vec<SeatPlan> },
    /// A table closed by its host: everything kept of it goes.
    Forget { table: String },
}

type Reply = tokio::sync::oneshot::Sender<Result<(), String>>;

/// The writer's handle (cheap to clone; every table holds one).
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<(Row, Reply)>,
    path: PathBuf,
}

/// The most rows committed in one transaction.
const BATCH: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS fief_tables (
    id TEXT PRIMARY KEY,
    options TEXT NOT NULL,
    plan TEXT NOT NULL,
    bot_after_ms INTEGER,
    stand_in TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS fief_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    secret TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS fief_actions (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS fief_chat (
    table_id TEXT NOT NULL,
    id INTEGER NOT NULL,
    from_seat INTEGER NOT NULL,
    to_seat INTEGER,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (table_id, id)
);
";

fn sql_err(e: rusqlite::Error) -> String {
    format!("the host's database failed: {e}")
}

fn open_db(path: &Path) -> Result<Connection, String> {
    let db = Connection::open(path).map_err(|e| {
        format!(
            "cannot open the host's database {}: {e}",
            crate::files::printable(&path.display().to_string())
        )
    })?;
    db.pragma_update(None, "journal_mode", "WAL")
        .map_err(sql_err)?;
    db.pragma_update(None, "synchronous", "NORMAL")
        .map_err(sql_err)?;
    db.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(sql_err)?;
    db.execute_batch(SCHEMA).map_err(sql_err)?;
    // A database made before actions kept their time, who decided them and the time they
    // took gains the columns (its old actions read as of unknown time, decided by their
    // players, their time taken reckoned from the action before).
    // So does one made before a table kept its creator's secret.
    for (table, column, kind) in [
        ("fief_actions", "at_ms", "INTEGER NOT NULL DEFAULT 0"),
        ("fief_actions", "by_bot", "INTEGER NOT NULL DEFAULT 0"),
        ("fief_actions", "took_ms", "INTEGER NOT NULL DEFAULT -1"),
        ("fief_tables", "owner", "TEXT"),
    ] {
        let has: bool = db
            .prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")
            .and_then(|mut q| q.exists([table, column]))
            .map_err(sql_err)?;
        if !has {
            db.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                .map_err(sql_err)?;
        }
    }
    Ok(db)
}

fn write_row(tx: &rusqlite::Transaction, row: &Row) -> rusqlite::Result<()> {
    match row {
        Row::Table {
            id,
            options,
            plan,
            bot_after_ms,
            stand_in,
            created_ms,
            owner,
        } => {
            let options = serde_json::to_string(options).unwrap_or_default();
            let plan = serde_json::to_string(plan).unwrap_or_default();
            tx.execute(
                "INSERT INTO fief_tables (id, options, plan, bot_after_ms, stand_in, created_ms, owner)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    id,
                    options,
                    plan,
                    bot_after_ms.map(|m| m as i64),
                    stand_in.name(),
                    *created_ms as i64,
                    owner
                ],
            )?;
        }
        Row::Seat {
            table,
            seat,
            name,
            secret,
        } => {
            tx.execute(
                "INSERT OR REPLACE INTO fief_seats (table_id, seat, name, secret)
                 VALUES (?1, ?2, ?3, ?4)",
                params![table, *seat as i64, name, secret],
            )?;
        }
        Row::Action {
            table,
            n,
            seat,
            notation,
            at_ms,
            took_ms,
            by_bot,
        } => {
            tx.execute(
                "INSERT INTO fief_actions (table_id, n, seat, notation, at_ms, by_bot, took_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    table,
                    *n as i64,
                    *seat as i64,
                    notation,
                    *at_ms as i64,
                    *by_bot as i64,
                    (*took_ms).min(i64::MAX as u64) as i64
                ],
            )?;
        }
        Row::Chat { table, line } => {
            tx.execute(
                "INSERT INTO fief_chat (table_id, id, from_seat, to_seat, text, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    table,
                    line.id as i64,
                    line.from as i64,
                    line.to.map(|t| t as i64),
                    line.text,
                    line.at_ms as i64
                ],
            )?;
        }
        Row::Plan { table, plan } => {
            let plan = serde_json::to_string(plan).unwrap_or_default();
            tx.execute(
                "UPDATE fief_tables SET plan = ?2 WHERE id = ?1",
                params![table, plan],
            )?;
        }
        Row::Forget { table } => {
            for t in ["fief_seats", "fief_actions", "fief_chat"] {
                tx.execute(&format!("DELETE FROM {t} WHERE table_id = ?1"), [table])?;
            }
            tx.execute("DELETE FROM fief_tables WHERE id = ?1", [table])?;
        }
    }
    Ok(())
}

/// The writer thread: takes every row that has queued, commits them in one transaction, then
/// answers each writer.
fn writer(mut db: Connection, jobs: mpsc::Receiver<(Row, Reply)>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let result = (|| {
            let tx = db.transaction()?;
            let mut each = Vec::with_capacity(batch.len());
            for (row, _) in &batch {
                each.push(write_row(&tx, row).map_err(sql_err));
            }
            tx.commit()?;
            Ok::<_, rusqlite::Error>(each)
        })();
        match result {
            Ok(each) => {
                for ((_, reply), r) in batch.into_iter().zip(each) {
                    let _ = reply.send(r);
                }
            }
            Err(e) => {
                let why = sql_err(e);
                for (_, reply) in batch {
                    let _ = reply.send(Err(why.clone()));
                }
            }
        }
    }
}

impl Store {
    /// Opens (or creates) the database at `path` and starts its writer.
    pub fn open(path: &Path) -> Result<Store, String> {
        let db = open_db(path)?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("fief-store".into())
            .spawn(move || writer(db, rx))
            .map_err(|e| format!("cannot start the host's database writer: {e}"))?;
        Ok(Store {
            jobs: tx,
            path: path.to_path_buf(),
        })
    }

    /// Keeps `row`; returns once it is committed (or says why it could not be).
    pub async fn write(&self, row: Row) -> Result<(), String> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send((row, tx))
            .map_err(|_| "the host's database writer has stopped".to_string())?;
        rx.await
            .map_err(|_| "the host's database writer has stopped".to_string())?
    }

    /// Every table kept, with its seats, actions and talk (read on a connection of its own).
    pub fn load_all(&self) -> Result<Vec<SavedTable>, String> {
        let db = open_db(&self.path)?;
        let mut out = Vec::new();
        let mut q = db
            .prepare(
                "SELECT id, options, plan, bot_after_ms, stand_in, owner FROM fief_tables ORDER BY created_ms, id",
            )
            .map_err(sql_err)?;
        let rows = q
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Option<String>>(5)?,
                ))
            })
            .map_err(sql_err)?;
        for row in rows {
            let (id, options, plan, bot_after, stand_in, owner) = row.map_err(sql_err)?;
            let bad = |what: &str, e: String| format!("table {id} in the database: {what}: {e}");
            let options: Options =
                serde_json::from_str(&options).map_err(|e| bad("its options", e.to_string()))?;
            let plan: Vec<SeatPlan> =
                serde_json::from_str(&plan).map_err(|e| bad("its seats", e.to_string()))?;
            let stand_in: Level = stand_in.parse().map_err(|e| bad("its stand-in bot", e))?;
            out.push(SavedTable {
                seats: read_seats(&db, &id)?,
                actions: read_actions(&db, &id)?,
                chat: read_chat(&db, &id)?,
                id,
                options,
                plan,
                bot_after_ms: bot_after.map(|m| m.max(0) as u64),
                stand_in,
                owner,
            });
        }
        Ok(out)
    }

    /// Whether a table of this id is kept.
    pub fn has_table(&self, id: &str) -> Result<bool, String> {
        let db = open_db(&self.path)?;
        db.query_row("SELECT 1 FROM fief_tables WHERE id = ?1", [id], |_| Ok(()))
            .optional()
            .map(|r| r.is_some())
            .map_err(sql_err)
    }
}

fn seat_no(n: i64) -> rusqlite::Result<SeatNo> {
    SeatNo::try_from(n).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(0, n))
}

fn read_seats(db: &Connection, id: &str) -> Result<Vec<(SeatNo, String, String)>, String> {
    let mut q = db
        .prepare("SELECT seat, name, secret FROM fief_seats WHERE table_id = ?1 ORDER BY seat")
        .map_err(sql_err)?;
    let rows = q
        .query_map([id], |r| Ok((seat_no(r.get(0)?)?, r.get(1)?, r.get(2)?)))
        .map_err(sql_err)?;
    rows.collect::<Result<_, _>>().map_err(sql_err)
}

fn read_actions(db: &Connection, id: &str) -> Result<Vec<Played>, String> {
    let mut q = db
        .prepare(
            "SELECT n, seat, notation, at_ms, by_bot, took_ms FROM fief_actions WHERE table_id = ?1 ORDER BY n",
        )
        .map_err(sql_err)?;
    let rows = q
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                Played {
                    seat: seat_no(r.get(1)?)?,
                    notation: r.get(2)?,
                    at_ms: r.get::<_, i64>(3)?.max(0) as u64,
                    by_bot: r.get::<_, i64>(4)? != 0,
                    took_ms: u64::try_from(r.get::<_, i64>(5)?).ok(),
                },
            ))
        })
        .map_err(sql_err)?;
    let mut out = Vec::new();
    for (i, row) in rows.enumerate() {
        let (n, played) = row.map_err(sql_err)?;
        if n != i as i64 {
            return Err(format!(
                "table {id} in the database: action {i} is missing (found {n})"
            ));
        }
        out.push(played);
    }
    Ok(out)
}

fn read_chat(db: &Connection, id: &str) -> Result<Vec<ChatLine>, String> {
    let mut q = db
        .prepare(
            "SELECT id, from_seat, to_seat, text, at_ms FROM fief_chat WHERE table_id = ?1 ORDER BY id",
        )
        .map_err(sql_err)?;
    let rows = q
        .query_map([id], |r| {
            Ok(ChatLine {
                id: r.get::<_, i64>(0)?.max(0) as u64,
                from: seat_no(r.get(1)?)?,
                to: r.get::<_, Option<i64>>(2)?.map(seat_no).transpose()?,
                text: r.get(3)?,
                at_ms: r.get::<_, i64>(4)?.max(0) as u64,
            })
        })
        .map_err(sql_err)?;
    rows.collect::<Result<_, _>>().map_err(sql_err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_is_read_back_after_the_store_is_opened_again() {
        let dir = std::env::temp_dir().join(format!("fief-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("host.sqlite");
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        {
            let s = Store::open(&path).unwrap();
            rt.block_on(async {
                s.write(Row::Table {
                    id: "t1".into(),
                    options: Options::default(),
                    plan: vec![SeatPlan::Open, SeatPlan::Bot(Level::Hard)],
                    bot_after_ms: None,
                    stand_in: Level::Easy,
                    created_ms: 5,
                    owner: Some("o1".into()),
                })
                .await
                .unwrap();
                s.write(Row::Seat {
                    table: "t1".into(),
                    seat: 0,
                    name: "Anne".into(),
                    secret: "s".into(),
                })
                .await
                .unwrap();
                for n in 0..3 {
                    s.write(Row::Action {
                        table: "t1".into(),
                        n,
                        seat: 0,
                        notation: format!("a{n}"),
                        at_ms: 100 + n,
                        took_ms: 7 * n,
                        by_bot: n == 2,
                    })
                    .await
                    .unwrap();
                }
                // The same action number twice is refused, and nothing else of its batch
                // is lost.
                assert!(s
                    .write(Row::Action {
                        table: "t1".into(),
                        n: 1,
                        seat: 0,
                        notation: "again".into(),
                        at_ms: 0,
                        took_ms: 0,
                        by_bot: false,
                    })
                    .await
                    .is_err());
                s.write(Row::Chat {
                    table: "t1".into(),
                    line: ChatLine {
                        id: 0,
                        from: 0,
                        to: Some(1),
                        text: "psst".into(),
                        at_ms: 9,
                    },
                })
                .await
                .unwrap();
            });
        }
        let s = Store::open(&path).unwrap();
        let all = s.load_all().unwrap();
        assert_eq!(all.len(), 1);
        let t = &all[0];
        assert_eq!(t.id, "t1");
        assert_eq!(t.plan, vec![SeatPlan::Open, SeatPlan::Bot(Level::Hard)]);
        assert_eq!(t.bot_after_ms, None);
        assert_eq!(t.stand_in, Level::Easy);
        assert_eq!(t.owner.as_deref(), Some("o1"));
        assert_eq!(t.seats, vec![(0, "Anne".into(), "s".into())]);
        let played = |n: u64| Played {
            seat: 0,
            notation: format!("a{n}"),
            at_ms: 100 + n,
            by_bot: n == 2,
            took_ms: Some(7 * n),
        };
        assert_eq!(t.actions, vec![played(0), played(1), played(2)]);
        assert_eq!(t.chat[0].text, "psst");
        assert_eq!(t.chat[0].to, Some(1));
        assert!(s.has_table("t1").unwrap());
        assert!(!s.has_table("t2").unwrap());
        // A new plan is kept; a table forgotten is gone with its rows.
        rt.block_on(async {
            let plan = vec![SeatPlan::Bot(Level::Easy), SeatPlan::Bot(Level::Hard)];
            s.write(Row::Plan {
                table: "t1".into(),
                plan: plan.clone(),
            })
            .await
            .unwrap();
            assert_eq!(s.load_all().unwrap()[0].plan, plan);
            s.write(Row::Forget { table: "t1".into() }).await.unwrap();
        });
        assert!(s.load_all().unwrap().is_empty());
        assert!(!s.has_table("t1").unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_database_kept_before_actions_had_their_time_is_read_and_gains_the_columns() {
        let dir = std::env::temp_dir().join(format!("fief-store-old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("host.sqlite");
        {
            // The schema as it was, without `at_ms`, `by_bot` and `took_ms` (added when
            // opened).
            let db = Connection::open(&path).unwrap();
            db.execute_batch(SCHEMA).unwrap();
            let plan = serde_json::to_string(&vec![SeatPlan::Open; 3]).unwrap();
            let options = serde_json::to_string(&Options {
                players: 3,
                ..Options::default()
            })
            .unwrap();
            db.execute(
                "INSERT INTO fief_tables VALUES ('t1', ?1, ?2, NULL, 'easy', 1)",
                params![options, plan],
            )
            .unwrap();
            db.execute(
                "INSERT INTO fief_actions (table_id, n, seat, notation) VALUES ('t1', 0, 1, 'pass')",
                [],
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        let all = s.load_all().unwrap();
        assert_eq!(all[0].owner, None);
        assert_eq!(
            all[0].actions,
            vec![Played {
                seat: 1,
                notation: "pass".into(),
                at_ms: 0,
                by_bot: false,
                took_ms: None,
            }]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
