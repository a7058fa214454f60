//! The tables this computer's player sat at, kept in the app's data folder (`tables.json`)
//! so that he can go back to them: after the app was closed or killed, or after the host
//! went away. Each entry holds the invitation, the seat and its secret, and whether this app
//! was the host. The file is read as hostile: anything out of shape is left out, with a
//! reason, and a file that is not a list of tables is set aside rather than written over.

use super::protocol::SeatNo;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The most tables remembered (the oldest are forgotten first).
pub const MAX_TABLES: usize = 20;

/// The largest file read.
const MAX_BYTES: u64 = 256 * 1024;

/// A table sat at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    /// The invitation, as text.
    pub ticket: String,
    /// The table's id on its host.
    pub table: String,
    pub seat: SeatNo,
    pub secret: String,
    /// The name the player sat under.
    pub name: String,
    /// This app hosts the table (it starts the host again before taking the seat back).
    #[serde(default)]
    pub hosted: bool,
    /// The name of the player who hosts the table, as the seats said when this one was
    /// taken (empty if unknown).
    #[serde(default)]
    pub host: String,
    /// When the seat was last played, in milliseconds since the epoch.
    #[serde(default)]
    pub last_ms: u64,
    /// The log entries up to which the player was told what a bot decided for him while he
    /// was away ("While you were away" is not said twice of the same entries).
    #[serde(default)]
    pub bot_told: u64,
    /// The secret that lets this player start or close the table: he made it on a server
    /// (empty otherwise).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub owner: String,
}

impl Joined {
    fn sound(&self) -> bool {
        super::ticket::Ticket::decode(&self.ticket).is_ok_and(|t| t.table == self.table)
            && (self.seat as usize) < crate::rules::MAX_PLAYERS
            && !self.secret.is_empty()
            && self.secret.len() <= 128
            && self.owner.len() <= 128
            && self.name.chars().count() <= crate::rules::MAX_NAME_CHARS
            && self.host.chars().count() <= crate::rules::MAX_NAME_CHARS
    }
}

/// The remembered tables, in a file.
#[derive(Debug, Clone)]
pub struct JoinedTables {
    path: PathBuf,
}

impl JoinedTables {
    /// The list kept in `dir` (the app's data folder).
    pub fn in_dir(dir: &Path) -> JoinedTables {
        JoinedTables {
            path: dir.join("tables.json"),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every table remembered, the most recent first; and what was wrong in the file, if
    /// anything (the sound entries are still read).
    pub fn read(&self) -> (Vec<Joined>, Option<String>) {
        let (all, problem, _) = self.read_all();
        (all, problem)
    }

    /// What `read` gives, and whether the file is unreadable as a whole (then it is set
    /// aside before anything is written).
    fn read_all(&self) -> (Vec<Joined>, Option<String>, bool) {
        let bytes = match crate::files::read_limited(&self.path, MAX_BYTES) {
            Ok(b) => b,
            Err(crate::files::ReadError::NotFound) => return (Vec::new(), None, false),
            Err(e) => return (Vec::new(), Some(format!("{e}")), true),
        };
        let values: Vec<serde_json::Value> = match serde_json::from_slice(&bytes) {
            Ok(v) => v,
            Err(e) => {
                return (
                    Vec::new(),
                    Some(format!("not a list of tables ({e})")),
                    true,
                )
            }
        };
        let total = values.len();
        let mut out: Vec<Joined> = values
            .into_iter()
            .filter_map(|v| serde_json::from_value::<Joined>(v).ok())
            .filter(Joined::sound)
            .take(MAX_TABLES)
            .collect();
        out.sort_by_key(|j| std::cmp::Reverse(j.last_ms));
        let bad = total - out.len();
        let problem = (bad > 0).then(|| format!("{bad} entries out of shape were left out"));
        (out, problem, false)
    }

    /// Remembers `j` (in place of an entry for the same table and seat), the most recent
    /// first.
    pub fn remember(&self, mut j: Joined) -> Result<(), String> {
        let mut all = self.read_for_write()?;
        let same = |x: &Joined| x.table == j.table && x.ticket == j.ticket && x.seat == j.seat;
        // What the player was told stays told.
        let told = all.iter().filter(|x| same(x)).map(|x| x.bot_told).max();
        j.bot_told = j.bot_told.max(told.unwrap_or(0));
        all.retain(|x| !same(x));
        all.insert(0, j);
        all.truncate(MAX_TABLES);
        self.write(&all)
    }

    /// Changes the entry of `ticket` and `seat` with `f` (nothing if there is none).
    pub fn update(
        &self,
        ticket: &str,
        seat: SeatNo,
        f: impl FnOnce(&mut Joined),
    ) -> Result<(), String> {
        let mut all = self.read_for_write()?;
        let Some(j) = all
            .iter_mut()
            .find(|x| x.ticket == ticket && x.seat == seat)
        else {
            return Ok(());
        };
        f(j);
        self.write(&all)
    }

    /// Forgets the table of `ticket` and `seat`.
    pub fn forget(&self, ticket: &str, seat: SeatNo) -> Result<(), String> {
        let mut all = self.read_for_write()?;
        let before = all.len();
        all.retain(|x| !(x.ticket == ticket && x.seat == seat));
        if all.len() == before {
            return Ok(());
        }
        self.write(&all)
    }

    /// The entries to write back; an unreadable file is first moved aside
    /// (`tables.json.unreadable`), its bytes untouched.
    fn read_for_write(&self) -> Result<Vec<Joined>, String> {
        let (all, _, unreadable) = self.read_all();
        if unreadable && self.path.exists() {
            let aside = self.path.with_extension("json.unreadable");
            std::fs::rename(&self.path, &aside)
                .map_err(|e| format!("cannot set the unreadable list of tables aside: {e}"))?;
        }
        Ok(all)
    }

    fn write(&self, all: &[Joined]) -> Result<(), String> {
        let text = serde_json::to_string_pretty(all).map_err(|e| e.to_string())?;
        crate::save::write_atomic(&self.path, &text).map_err(|e| {
            format!(
                "cannot keep the list of tables in {}: {e}",
                crate::files::printable(&self.path.display().to_string())
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::ticket::Ticket;
    use iroh::{EndpointAddr, SecretKey};

    fn ticket(table: &str) -> String {
        let key = SecretKey::from_bytes(&[3u8; 32]);
        Ticket::new(EndpointAddr::new(key.public()), table).encode()
    }

    fn joined(table: &str, seat: SeatNo, last_ms: u64) -> Joined {
        Joined {
            ticket: ticket(table),
            table: table.into(),
            seat,
            secret: "0123456789abcdef".into(),
            name: "Anne".into(),
            hosted: false,
            host: "Bert".into(),
            last_ms,
            bot_told: 0,
            owner: String::new(),
        }
    }

    fn dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("fief-joined-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn tables_are_remembered_most_recent_first_and_forgotten() {
        let d = dir("keep");
        let t = JoinedTables::in_dir(&d);
        assert_eq!(t.read(), (Vec::new(), None));
        t.remember(joined("t1", 0, 10)).unwrap();
        t.remember(joined("t2", 1, 20)).unwrap();
        // The same seat again replaces its entry.
        t.remember(joined("t1", 0, 30)).unwrap();
        let (all, problem) = t.read();
        assert_eq!(problem, None);
        assert_eq!(
            all.iter().map(|j| j.table.as_str()).collect::<Vec<_>>(),
            ["t1", "t2"]
        );
        t.forget(&ticket("t1"), 0).unwrap();
        assert_eq!(t.read().0.len(), 1);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_hostile_file_is_read_for_what_is_sound_and_never_panics() {
        let d = dir("hostile");
        let t = JoinedTables::in_dir(&d);
        for text in ["", "{", "[1,2]", "{\"a\":1}", "null", "\u{0}\u{1}"] {
            std::fs::write(t.path(), text).unwrap();
            let (all, problem) = t.read();
            assert!(all.is_empty(), "{text}");
            assert!(
                problem.is_some() || text == "[1,2]" && all.is_empty(),
                "{text}"
            );
        }
        // A seat out of range, a ticket for another table, a damaged ticket: left out; the
        // sound entry is kept.
        let mut bad_seat = joined("t1", 0, 1);
        bad_seat.seat = 200;
        let mut other = joined("t1", 0, 1);
        other.table = "t9".into();
        let mut damaged = joined("t1", 0, 1);
        damaged.ticket = "fiefzzzz".into();
        let good = joined("t3", 2, 5);
        let text = serde_json::to_string(&[bad_seat, other, damaged, good.clone()]).unwrap();
        std::fs::write(t.path(), text).unwrap();
        let (all, problem) = t.read();
        assert_eq!(all, vec![good.clone()]);
        assert!(problem.unwrap().contains('3'));
        // An unreadable file is set aside, untouched, before a table is remembered.
        std::fs::write(t.path(), "{ not json").unwrap();
        t.remember(good.clone()).unwrap();
        assert_eq!(t.read().0, vec![good]);
        let aside = std::fs::read_to_string(t.path().with_extension("json.unreadable")).unwrap();
        assert_eq!(aside, "{ not json");
        let _ = std::fs::remove_dir_all(&d);
    }
}
