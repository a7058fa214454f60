//! A look at the tables a host keeps, without hosting them: the host's store read on a
//! read-only connection, each table played again (`Table::restore`) to say where its game
//! stands. The app's Your Tables shows this for the tables it hosts while it does not host
//! them now.

use super::protocol::{ChatLine, SeatNo, SeatStatus, TableInfo};
use super::table::{Played, SavedTable, SeatPlan, Table};
use crate::bots::Level;
use crate::rules::Options;
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::Path;

/// The store's file in a host's data folder (as `Host::start` names it).
const STORE_FILE: &str = "host.sqlite";

/// Where the table `id` kept in the host folder `data` stands for `seat`, with its seats
/// (None: no such table is kept there). Nothing is written.
pub fn kept_table(
    data: &Path,
    id: &str,
    seat: SeatNo,
) -> Result<Option<(TableInfo, SeatStatus)>, String> {
    let path = data.join(STORE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let db = Connection::open_with_flags(
        &path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(sql_err)?;
    db.busy_timeout(std::time::Duration::from_secs(2))
        .map_err(sql_err)?;
    let Some(saved) = read_table(&db, id)? else {
        return Ok(None);
    };
    let now = super::host::now_ms();
    let table = Table::restore(saved, now)?;
    Ok(Some((table.info(now), table.status(seat))))
}

fn sql_err(e: rusqlite::Error) -> String {
    format!("the host's database cannot be read: {e}")
}

fn seat_no(n: i64) -> rusqlite::Result<SeatNo> {
    SeatNo::try_from(n).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(0, n))
}

/// The table `id` as the store keeps it.
fn read_table(db: &Connection, id: &str) -> Result<Option<SavedTable>, String> {
    let Some((options, plan, bot_after, stand_in)) = db
        .query_row(
            "SELECT options, plan, bot_after_ms, stand_in FROM fief_tables WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, String>(3)?,
                ))
            },
        )
        .optional()
        .map_err(sql_err)?
    else {
        return Ok(None);
    };
    let bad = |what: &str, e: String| format!("table {id} in the database: {what}: {e}");
    let options: Options =
        serde_json::from_str(&options).map_err(|e| bad("its options", e.to_string()))?;
    let plan: Vec<SeatPlan> =
        serde_json::from_str(&plan).map_err(|e| bad("its seats", e.to_string()))?;
    let stand_in: Level = stand_in.parse().map_err(|e| bad("its stand-in bot", e))?;
    let mut q = db
        .prepare("SELECT seat, name, secret FROM fief_seats WHERE table_id = ?1 ORDER BY seat")
        .map_err(sql_err)?;
    let seats = q
        .query_map([id], |r| Ok((seat_no(r.get(0)?)?, r.get(1)?, r.get(2)?)))
        .map_err(sql_err)?
        .collect::<Result<_, _>>()
        .map_err(sql_err)?;
    let mut q = db
        .prepare(
            "SELECT seat, notation, at_ms, by_bot FROM fief_actions WHERE table_id = ?1 ORDER BY n",
        )
        .map_err(sql_err)?;
    let actions = q
        .query_map([id], |r| {
            Ok(Played {
                seat: seat_no(r.get(0)?)?,
                notation: r.get(1)?,
                at_ms: r.get::<_, i64>(2)?.max(0) as u64,
                by_bot: r.get::<_, i64>(3)? != 0,
            })
        })
        .map_err(sql_err)?
        .collect::<Result<_, _>>()
        .map_err(sql_err)?;
    let mut q = db
        .prepare(
            "SELECT id, from_seat, to_seat, text, at_ms FROM fief_chat WHERE table_id = ?1 ORDER BY id",
        )
        .map_err(sql_err)?;
    let chat: Vec<ChatLine> = q
        .query_map([id], |r| {
            Ok(ChatLine {
                id: r.get::<_, i64>(0)?.max(0) as u64,
                from: seat_no(r.get(1)?)?,
                to: r.get::<_, Option<i64>>(2)?.map(seat_no).transpose()?,
                text: r.get(3)?,
                at_ms: r.get::<_, i64>(4)?.max(0) as u64,
            })
        })
        .map_err(sql_err)?
        .collect::<Result<_, _>>()
        .map_err(sql_err)?;
    Ok(Some(SavedTable {
        id: id.to_string(),
        options,
        plan,
        bot_after_ms: bot_after.map(|m| m.max(0) as u64),
        stand_in,
        seats,
        actions,
        chat,
    }))
}
