//! A look at the tables a host keeps, without hosting them: the host's store read (its
//! tables, seats, actions and talk, as the host reads them when it starts) and one table
//! played again (`Table::restore`) to say where its game stands. Nothing is hosted and no
//! row is written. The app's Your Tables shows this for the tables it hosts while it does
//! not host them now.

use super::protocol::{SeatNo, SeatStatus, TableInfo};
use super::store::Store;
use super::table::Table;
use std::path::Path;

/// The store's file in a host's data folder (as `Host::start` names it).
const STORE_FILE: &str = "host.sqlite";

/// Where the table `id` kept in the host folder `data` stands for `seat`, with its seats
/// (None: no such table is kept there).
pub fn kept_table(
    data: &Path,
    id: &str,
    seat: SeatNo,
) -> Result<Option<(TableInfo, SeatStatus)>, String> {
    let path = data.join(STORE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    // The store's own reading, so that it follows the store's layout as it changes.
    let Some(saved) = Store::open(&path)?
        .load_all()?
        .into_iter()
        .find(|t| t.id == id)
    else {
        return Ok(None);
    };
    let now = super::host::now_ms();
    let table = Table::restore(saved, now)?;
    Ok(Some((table.info(now), table.status(seat))))
}
