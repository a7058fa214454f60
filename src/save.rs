//! Saved games.
//!
//! A save is versioned JSON holding who sits where (human or bot), the game options (with the
//! seed), every action taken, and a snapshot of the position. Loading checks the format, the
//! version (older versions are migrated), the map, and that replaying the history from the
//! options gives exactly the snapshot: a file that was cut off, edited or damaged is refused
//! with a message naming the problem, and loading never writes anything.
//!
//! Writes are atomic: the text goes to a temporary file that is flushed to disk and then
//! renamed over the old save, whose previous version is kept beside it as `NAME.bak`.
//! [`Store`] places saves in the XDG data directory (`~/.local/share/fief`, or the Flatpak
//! sandbox's own): an autosave and the named saves of the Save dialog.

use crate::bots::Level;
use crate::rules::actions::Action;
use crate::rules::{Game, Options, PlayerId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const FORMAT: &str = "fief-1429-save";
/// The format version this build writes. 1: `{seats, game}`; 2: options, history and snapshot
/// apart, the map's fingerprint, the time of saving.
pub const VERSION: u32 = 2;
/// The file name ending of saves.
pub const EXTENSION: &str = "fief";

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    Bot(Level),
}

/// A loaded save.
#[derive(Debug, Clone)]
pub struct Saved {
    pub seats: Vec<Seat>,
    pub game: Game,
    /// Seconds since 1970 when it was written (0 when unknown: saves of format 1).
    pub saved_at: u64,
    /// The format version it was migrated from, when it was older than [`VERSION`].
    pub migrated_from: Option<u32>,
}

/// Why a file was refused. Each names the problem; the app words them for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be read at all.
    Unreadable(String),
    /// The file ends in the middle: it was cut off.
    Truncated,
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not one of our saves.
    Foreign,
    /// Written by a newer version of the app.
    Newer(u32),
    /// A version number this build never wrote.
    UnknownVersion,
    /// One of ours, but a part is missing or malformed.
    Damaged(String),
    /// Played on another board.
    OtherMap(String),
    /// Replaying the history, action `index` (0-based) was refused by the rules.
    HistoryRefused { index: usize, reason: String },
    /// Replaying the history does not give the saved position (the named part differs).
    HistoryMismatch(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable(e) => write!(f, "the file could not be read ({e})"),
            LoadError::Truncated => write!(f, "the file is incomplete: it was cut off"),
            LoadError::NotJson(e) => write!(f, "this file is not a saved game ({e})"),
            LoadError::Foreign => write!(f, "this file is not a Fief saved game"),
            LoadError::Newer(v) => write!(
                f,
                "this game was saved by a newer version of Fief (format {v}); please update"
            ),
            LoadError::UnknownVersion => write!(f, "this saved game has an unknown format version"),
            LoadError::Damaged(e) => write!(f, "this saved game is damaged ({e})"),
            LoadError::OtherMap(name) => {
                write!(f, "this game was played on another map ({name})")
            }
            LoadError::HistoryRefused { index, reason } => write!(
                f,
                "the saved history is not a legal game: action {} is refused ({reason})",
                index + 1
            ),
            LoadError::HistoryMismatch(part) => write!(
                f,
                "the saved position does not follow from its history (it differs in '{part}')"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The position as stored in the snapshot: the whole game state but the history, which is
/// stored apart, and the log, which the replay writes again (it is most of a long game's size).
fn snapshot_value(game: &Game) -> Result<Value, serde_json::Error> {
    let mut v = serde_json::to_value(game)?;
    if let Some(o) = v.as_object_mut() {
        o.remove("history");
        o.remove("log");
    }
    Ok(v)
}

/// The text of a save (format [`VERSION`]).
pub fn to_json(seats: &[Seat], game: &Game) -> Result<String, String> {
    #[derive(Serialize)]
    struct Out<'a> {
        format: &'a str,
        version: u32,
        app_version: &'a str,
        saved_at: u64,
        map: MapId,
        seats: &'a [Seat],
        options: &'a Options,
        history: &'a [(PlayerId, Action)],
        snapshot: Value,
    }
    let snapshot =
        snapshot_value(game).map_err(|e| format!("the game could not be written: {e}"))?;
    serde_json::to_string(&Out {
        format: FORMAT,
        version: VERSION,
        app_version: env!("CARGO_PKG_VERSION"),
        saved_at: now(),
        map: MapId::of(game),
        seats,
        options: &game.options,
        history: &game.history,
        snapshot,
    })
    .map_err(|e| format!("the game could not be written: {e}"))
}

#[derive(Serialize, Deserialize)]
struct MapId {
    name: String,
    fingerprint: String,
}

impl MapId {
    fn of(game: &Game) -> MapId {
        MapId {
            name: game.map.name.clone(),
            fingerprint: game.map.fingerprint(),
        }
    }
}

#[derive(Deserialize)]
struct V2 {
    #[serde(default)]
    saved_at: u64,
    map: MapId,
    seats: Vec<Seat>,
    options: Options,
    history: Vec<(PlayerId, Action)>,
    snapshot: Value,
}

#[derive(Deserialize)]
struct V1 {
    seats: Vec<Seat>,
    game: Value,
}

/// Reads a save. Anything that is not one of ours, or is damaged in any way, is refused with
/// a [`LoadError`]; a save of an older format is migrated (see [`Saved::migrated_from`]).
pub fn from_json(text: &str) -> Result<Saved, LoadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            LoadError::Truncated
        } else {
            LoadError::NotJson(e.to_string())
        }
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(LoadError::Foreign);
    }
    let version = match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v > VERSION as u64 => {
            return Err(LoadError::Newer(v.min(u32::MAX as u64) as u32))
        }
        Some(v) if v >= 1 => v as u32,
        _ => return Err(LoadError::UnknownVersion),
    };
    let damaged = |e: serde_json::Error| LoadError::Damaged(e.to_string());
    let file = match version {
        1 => migrate_v1(serde_json::from_value(value).map_err(damaged)?)?,
        _ => serde_json::from_value::<V2>(value).map_err(damaged)?,
    };
    let builtin = crate::Map::builtin();
    if file.map.fingerprint != builtin.fingerprint() {
        return Err(LoadError::OtherMap(file.map.name));
    }
    if file.seats.len() != file.options.players as usize {
        return Err(LoadError::Damaged(
            "the seats do not match the number of players".into(),
        ));
    }
    let game = replay(&file.options, &file.history, &file.snapshot)?;
    Ok(Saved {
        seats: file.seats,
        game,
        saved_at: file.saved_at,
        migrated_from: (version < VERSION).then_some(version),
    })
}

/// Format 1 kept the whole game, history inside; it carried no map fingerprint, and only
/// ever existed on the built-in board, which is checked by its size here and by the replay.
fn migrate_v1(old: V1) -> Result<V2, LoadError> {
    let mut game = old.game;
    let obj = game
        .as_object_mut()
        .ok_or_else(|| LoadError::Damaged("the game is missing".into()))?;
    obj.remove("log");
    let history = obj.remove("history").unwrap_or(Value::Array(Vec::new()));
    let history: Vec<(PlayerId, Action)> =
        serde_json::from_value(history).map_err(|e| LoadError::Damaged(e.to_string()))?;
    let options: Options = serde_json::from_value(obj.get("options").cloned().unwrap_or_default())
        .map_err(|e| LoadError::Damaged(e.to_string()))?;
    let builtin = crate::Map::builtin();
    let villages = obj
        .get("villages")
        .and_then(|v| v.as_array())
        .map(|v| v.len());
    if villages != Some(builtin.villages.len()) {
        return Err(LoadError::OtherMap("unknown".into()));
    }
    Ok(V2 {
        saved_at: 0,
        map: MapId {
            name: builtin.name.clone(),
            fingerprint: builtin.fingerprint(),
        },
        seats: old.seats,
        options,
        history,
        snapshot: game,
    })
}

/// Replays `history` from a new game with `options` and checks that it ends at `snapshot`.
fn replay(
    options: &Options,
    history: &[(PlayerId, Action)],
    snapshot: &Value,
) -> Result<Game, LoadError> {
    let mut game = Game::new(options.clone())
        .map_err(|e| LoadError::Damaged(format!("its options are refused: {e}")))?;
    for (index, (player, action)) in history.iter().enumerate() {
        game.apply(*player, action.clone())
            .map_err(|e| LoadError::HistoryRefused {
                index,
                reason: e.to_string(),
            })?;
    }
    let replayed = snapshot_value(&game).map_err(|e| LoadError::Damaged(e.to_string()))?;
    let Some(b) = snapshot.as_object() else {
        return Err(LoadError::Damaged("the snapshot is not a game".into()));
    };
    if let Some((part, _)) = b
        .iter()
        .find(|(k, v)| replayed.get(k.as_str()).is_none_or(|r| !agrees(v, r)))
    {
        return Err(LoadError::HistoryMismatch(part.clone()));
    }
    Ok(game)
}

/// Whether the replayed game agrees with everything the stored snapshot says. A field the
/// snapshot does not have (one added by a later version of the game state) is not compared,
/// so older saves stay loadable; the replayed game is the one loaded in any case.
fn agrees(stored: &Value, replayed: &Value) -> bool {
    match (stored, replayed) {
        (Value::Object(s), Value::Object(r)) => s
            .iter()
            .all(|(k, v)| r.get(k).is_some_and(|w| agrees(v, w))),
        (Value::Array(s), Value::Array(r)) => {
            s.len() == r.len() && s.iter().zip(r).all(|(v, w)| agrees(v, w))
        }
        _ => stored == replayed,
    }
}

/// Reads and checks the save at `path`; never writes.
pub fn load(path: &Path) -> Result<Saved, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError::Unreadable(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::NotJson("it is not text".into()))?;
    from_json(&text)
}

/// The temporary file a save is written to before it is renamed into place.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    path.with_file_name(format!(".{name}.tmp"))
}

/// Where the previous version of the save at `path` is kept.
pub fn backup_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    path.with_file_name(format!("{name}.bak"))
}

/// First half of an atomic write: `text` in a temporary file beside `path`, flushed to disk.
/// Until [`commit`] the old file at `path` is untouched (a crash here loses nothing).
pub fn stage(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    let tmp = temp_path(path);
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    Ok(tmp)
}

/// Second half: keeps the old file as the backup, then renames the staged file into place.
pub fn commit(staged: &Path, path: &Path) -> std::io::Result<()> {
    if path.exists() {
        let bak = backup_path(path);
        // A hard link keeps the old contents under the backup name without copying; where the
        // file system has none, a copy does.
        let _ = std::fs::remove_file(&bak);
        if std::fs::hard_link(path, &bak).is_err() {
            std::fs::copy(path, &bak)?;
        }
    }
    std::fs::rename(staged, path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // The rename itself reaches the disk with the directory.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Writes `text` to `path` atomically, keeping the previous version as `NAME.bak`.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = stage(path, text)?;
    commit(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// A save found in the store, for the Load dialog.
#[derive(Debug, Clone)]
pub struct Entry {
    pub path: PathBuf,
    /// The file name without its ending.
    pub name: String,
    /// Seconds since 1970 of the last change.
    pub modified: u64,
}

/// The app's saves directory: an autosave and named saves.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
}

impl Store {
    /// A store rooted at `root` (tests use a temporary directory).
    pub fn at(root: impl Into<PathBuf>) -> Store {
        Store { root: root.into() }
    }

    /// The XDG data directory of the app (`$XDG_DATA_HOME/fief`, by default
    /// `~/.local/share/fief`), or `None` when no home directory is known.
    pub fn default_location() -> Option<Store> {
        directories::ProjectDirs::from("io.github", "fief1429", "Fief")
            .map(|d| Store::at(d.data_dir()))
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The folder of named saves (created on demand).
    pub fn saves_dir(&self) -> PathBuf {
        self.root.join("saves")
    }

    /// The game saved after every phase and on quitting.
    pub fn autosave_path(&self) -> PathBuf {
        self.root.join(format!("autosave.{EXTENSION}"))
    }

    /// Writes the autosave; a finished game removes it (nothing is left to resume).
    pub fn autosave(&self, seats: &[Seat], game: &Game) -> Result<(), String> {
        let path = self.autosave_path();
        if game.outcome.is_some() {
            return match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
                _ => Ok(()),
            };
        }
        let text = to_json(seats, game)?;
        write_atomic(&path, &text).map_err(|e| e.to_string())
    }

    /// The autosaved game, if there is one: `Some(Err(..))` when it cannot be loaded.
    pub fn resume(&self) -> Option<Result<Saved, LoadError>> {
        let path = self.autosave_path();
        path.exists().then(|| load(&path))
    }

    /// Named saves, newest first (temporary and backup files left out).
    pub fn list(&self) -> Vec<Entry> {
        let Ok(dir) = std::fs::read_dir(self.saves_dir()) else {
            return Vec::new();
        };
        let mut out: Vec<Entry> = dir
            .flatten()
            .filter_map(|e| {
                let path = e.path();
                let name = path.file_name()?.to_str()?.to_string();
                let stem = name.strip_suffix(&format!(".{EXTENSION}"))?;
                if name.starts_with('.') {
                    return None;
                }
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map(|d| d.as_secs())
                    .unwrap_or(0);
                Some(Entry {
                    name: stem.to_string(),
                    path,
                    modified,
                })
            })
            .collect();
        out.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Options;

    #[test]
    fn a_save_round_trips() {
        let mut g = Game::new(Options::default()).unwrap();
        let p = g.to_act().unwrap();
        g.apply(p, Action::ChooseStart(4)).unwrap();
        let seats = vec![
            Seat::Human,
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Hard),
        ];
        let text = to_json(&seats, &g).unwrap();
        let s = from_json(&text).unwrap();
        assert_eq!(s.seats, seats);
        assert_eq!(s.game.villages, g.villages);
        assert_eq!(s.game.history.len(), 1);
        assert_eq!(s.game.to_act(), g.to_act());
        assert_eq!(s.migrated_from, None);
        assert!(s.saved_at > 0);
    }

    #[test]
    fn the_map_fingerprint_is_stable() {
        let m = crate::Map::builtin();
        assert_eq!(m.fingerprint(), m.fingerprint());
        assert_eq!(m.fingerprint().len(), 16);
    }
}
