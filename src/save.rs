//! Saved games.
//!
//! A save is versioned JSON holding who sits where (human or bot), the game options (with the
//! seed), every action taken, and a snapshot of the position. Loading checks the format, the
//! version (older versions are migrated), the map, and that replaying the history from the
//! options gives exactly the snapshot: a file that was cut off, edited or damaged is refused
//! with a message naming the problem, and loading never writes anything.
//!
//! A save is hostile input (it may have been edited, damaged or made up): loading never
//! panics. A UTF-8 byte-order mark at the start is accepted. Limits are checked before any
//! heavy work: the file's size ([`MAX_BYTES`], from its metadata before it is read), the
//! number of seats and players, the length of each player's name ([`MAX_NAME_CHARS`]) and of
//! the history ([`MAX_HISTORY`]). Every id in the history is range-checked by the rules
//! (`Game::check`) before any rule reads it. As a last guard, a panic anywhere in loading or
//! replaying becomes [`LoadError::Internal`].
//!
//! The snapshot is compared whole: in format 3 the replayed position must equal the stored one
//! exactly (the same parts, the same values), so a snapshot with a part missing is damage
//! just as one with a part changed. Saves of formats 1 and 2 were written before some parts
//! of the game state existed; for them, and only for them, the parts listed in
//! [`ADDED_AFTER_FORMAT_2`] may be absent (everything else must be there and agree).
//!
//! Writes are atomic: the text goes to a temporary file that is flushed to disk and then
//! renamed over the old save, whose previous version is kept beside it as `NAME.bak`.
//! [`Store`] places saves in the XDG data directory (`~/.local/share/fief`, or the Flatpak
//! sandbox's own): an autosave and the named saves of the Save dialog.

use crate::rules::actions::Action;
use crate::rules::{Game, Options, PlayerId, Remark, MAX_PLAYERS};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const FORMAT: &str = "fief-1429-save";
/// The format version this build writes. 1: `{seats, game}`; 2: options, history and snapshot
/// apart, the map's fingerprint, the time of saving; 3: the same, with the snapshot complete
/// (it is compared whole on loading); 4: Diplomacy offers of several cards, and each offer
/// remembered whole (see [`RESHAPED_IN_FORMAT_4`]).
pub const VERSION: u32 = 4;
/// The largest save accepted, in bytes (a long game's save is well under 1 MiB).
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;
/// The longest player name accepted in a save, in characters (the engine's own limit).
pub use crate::rules::MAX_NAME_CHARS;
/// The longest history accepted, in actions (a long game has a few thousand).
pub const MAX_HISTORY: usize = 200_000;
/// The most JSON values, objects and nesting a save may hold, checked before it is parsed
/// (a 30-round game of 6 players has about 19,000 values and 3,000 objects, nested 8 deep):
/// what parsing any accepted file can cost in memory stays bounded (tens of megabytes).
pub const SHAPE: crate::files::Shape = crate::files::Shape {
    values: 1_000_000,
    objects: 100_000,
    depth: 64,
};

/// The parts of the snapshot (paths of object keys from its root) that saves of formats 1
/// and 2 may lack: the game state gained them after those saves could be written (see
/// `git log -p src/rules/state.rs`, a folder since: `src/rules/state/`). The options of the
/// optional rules and the relics came with the optional rules (commits c9c0f16 and bcc2933),
/// the translatable reasons of an outcome and of an election count with the translatable log
/// (commit 18ee064).
pub const ADDED_AFTER_FORMAT_2: &[&[&str]] = &[
    &["options", "relics"],
    &["options", "fog_of_war"],
    &["options", "open_diplomacy"],
    &["options", "hidden_money"],
    &["options", "gentle_start"],
    &["relics"],
    &["relic_asks"],
    &["relic_round"],
    &["outcome", "why"],
    &["last_election", "count", "why"],
];
/// Parts of the state whose shape changed in format 4. The round's memories (proposals,
/// offers, refusals...) moved into one `memory`, where the Diplomacy offers are remembered
/// whole (once a giver and receiver pair). A pending offer's cards became a list (once one
/// card). The generator is now `rand_pcg`'s (the same PCG32 numbers), stored as
/// `{pcg: {state, increment}}` rather than `{state, inc}`. A save of an older format is
/// replayed as any other, but these parts of its snapshot are not compared: they were
/// written in their old shape.
pub const RESHAPED_IN_FORMAT_4: &[&str] = &[
    "memory",
    "proposals",
    "grant_offers",
    "excommunicated_this_round",
    "asked_annulments",
    "asked_deals",
    "refused_cardinals",
    "handed",
    "relic_asks",
    "pending",
    "rng",
];
/// The file name ending of saves.
pub const EXTENSION: &str = "fief";

/// Who plays a seat (kept with the session; saves store it).
pub use crate::seat::Seat;

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
    /// The file holds nothing at all (or only blanks).
    Empty,
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
    /// Replaying the history does not give the saved position (the named part differs or is
    /// missing).
    HistoryMismatch(String),
    /// The file is larger than any save ([`MAX_BYTES`]); `bytes` is its size.
    TooLarge { bytes: u64 },
    /// Loading failed on an error of the program itself (a panic, caught); the text is the
    /// panic's message. The file may be damaged, but the program should have said so in words.
    Internal(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable(e) => write!(f, "the file could not be read ({e})"),
            LoadError::Empty => write!(f, "the file is empty"),
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
            LoadError::TooLarge { bytes } => write!(
                f,
                "this file is too large to be a saved game ({} KiB; a save has at most {} KiB)",
                bytes.div_ceil(1024),
                MAX_BYTES / 1024
            ),
            LoadError::Internal(e) => write!(
                f,
                "this saved game could not be loaded because of an error in Fief itself ({e}); \
                 please report it with the file"
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
        history: &'a crate::rules::chain::Chain<(PlayerId, Action)>,
        #[serde(skip_serializing_if = "<[Remark]>::is_empty")]
        remarks: &'a [Remark],
        snapshot: Value,
    }
    // A network game is the host's to keep: a seat's view has no history to save.
    if seats.contains(&Seat::Remote) {
        return Err("a game played over the network is kept by its host, not in a file".into());
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
        remarks: &game.remarks,
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
    /// The bots' reasons said at the table (absent before they were kept).
    #[serde(default)]
    remarks: Vec<Remark>,
    snapshot: Value,
}

#[derive(Deserialize)]
struct V1 {
    seats: Vec<Seat>,
    game: Value,
}

/// Reads a save. Anything that is not one of ours, or is damaged in any way, is refused with
/// a [`LoadError`]; a save of an older format is migrated (see [`Saved::migrated_from`]).
/// Never panics: a panic while loading (a bug) is refused as [`LoadError::Internal`].
pub fn from_json(text: &str) -> Result<Saved, LoadError> {
    if text.len() as u64 > MAX_BYTES {
        return Err(LoadError::TooLarge {
            bytes: text.len() as u64,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(LoadError::Empty);
    }
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read(text))).unwrap_or_else(
        |payload| {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(LoadError::Internal(what))
        },
    )
}

fn read(text: &str) -> Result<Saved, LoadError> {
    // The tree is built only once its size is known to be bounded: a few megabytes of
    // `{"":0},` would otherwise take gigabytes.
    crate::files::check_json_shape(text, SHAPE).map_err(LoadError::Damaged)?;
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
    check_limits(&file)?;
    let builtin = crate::Map::builtin();
    if file.map.fingerprint != builtin.fingerprint() {
        return Err(LoadError::OtherMap(file.map.name));
    }
    if file.seats.len() != file.options.players as usize {
        return Err(LoadError::Damaged(
            "the seats do not match the number of players".into(),
        ));
    }
    if file.seats.contains(&Seat::Remote) {
        return Err(LoadError::Damaged(
            "a seat is played over the network, which a file cannot do".into(),
        ));
    }
    let absent = if version < 3 {
        ADDED_AFTER_FORMAT_2
    } else {
        &[]
    };
    let reshaped = if version < 4 {
        RESHAPED_IN_FORMAT_4
    } else {
        &[]
    };
    let game = replay(
        &file.options,
        &file.history,
        &file.remarks,
        &file.snapshot,
        absent,
        reshaped,
    )?;
    Ok(Saved {
        seats: file.seats,
        game,
        saved_at: file.saved_at,
        migrated_from: (version < VERSION).then_some(version),
    })
}

/// The limits no real save comes near, checked before the replay (the heavy part).
fn check_limits(file: &V2) -> Result<(), LoadError> {
    let damaged = |s: String| Err(LoadError::Damaged(s));
    if file.seats.len() > MAX_PLAYERS {
        return damaged(format!(
            "it has {} seats; a game has at most {MAX_PLAYERS} players",
            file.seats.len()
        ));
    }
    if file.options.players as usize > MAX_PLAYERS || file.options.names.len() > MAX_PLAYERS {
        return damaged(format!("its options name more than {MAX_PLAYERS} players"));
    }
    if let Some(n) = file
        .options
        .names
        .iter()
        .map(|n| n.chars().count())
        .find(|&n| n > MAX_NAME_CHARS)
    {
        return damaged(format!(
            "a player's name has {n} characters; a name has at most {MAX_NAME_CHARS}"
        ));
    }
    if file.history.len() > MAX_HISTORY {
        return damaged(format!(
            "its history has {} actions, more than any game ({MAX_HISTORY} at most)",
            file.history.len()
        ));
    }
    check_remarks(file)
}

/// The size of a remark (a bot's reason is a short clause). There is at most one remark
/// for each action of the history: a bot explains an answer before it is applied.
const MAX_REMARK_CHARS: usize = 400;
const MAX_REMARK_ARGS: usize = 8;

/// The remarks are in order, said by a player of the game within its history, and each is a
/// short clause whose arguments are plain words, numbers or short lists of them (no message
/// inside a message: what a file holds can never grow into a huge text when shown).
fn check_remarks(file: &V2) -> Result<(), LoadError> {
    use crate::rules::events::Arg;
    let damaged = |s: &str| Err(LoadError::Damaged(format!("a remark {s}")));
    if file.remarks.len() > file.history.len() + 1 {
        return damaged("is one too many: there is at most one for each action");
    }
    let short = |s: &str| s.chars().count() <= MAX_REMARK_CHARS;
    let plain = |a: &Arg| match a {
        Arg::Text(s) => short(s),
        Arg::Term(s) => short(s),
        Arg::Num(_) => true,
        Arg::Msg(_) | Arg::List(_) | Arg::Seq(_) => false,
    };
    let mut last = None;
    for r in &file.remarks {
        if last.is_some_and(|l| r.at <= l) || r.at as usize > file.history.len() {
            return damaged("is out of the history's order");
        }
        last = Some(r.at);
        if r.player as usize >= file.seats.len() {
            return damaged("is said by a player not in the game");
        }
        let m = &r.why;
        let ok = short(&r.section)
            && short(&m.id)
            && m.plural.as_deref().is_none_or(short)
            && m.args.len() <= MAX_REMARK_ARGS
            && m.args.iter().all(|(k, a)| {
                short(k)
                    && match a {
                        Arg::List(items) => {
                            items.len() <= MAX_REMARK_ARGS && items.iter().all(plain)
                        }
                        other => plain(other),
                    }
            });
        if !ok {
            return damaged("is not a short reason");
        }
    }
    Ok(())
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
        remarks: Vec::new(),
        snapshot: game,
    })
}

/// Replays `history` from a new game with `options` and checks that it ends at `snapshot`,
/// compared whole: only the parts listed in `absent` may be missing from it.
fn replay(
    options: &Options,
    history: &[(PlayerId, Action)],
    remarks: &[Remark],
    snapshot: &Value,
    absent: &[&[&str]],
    reshaped: &[&str],
) -> Result<Game, LoadError> {
    let mut game = Game::new(options.clone())
        .map_err(|e| LoadError::Damaged(format!("its options are refused: {e}")))?;
    let mut said = remarks.iter().peekable();
    for (index, (player, action)) in history.iter().enumerate() {
        while let Some(r) = said.next_if(|r| r.at as usize <= index) {
            game.remark(r.player, &r.section, r.why.clone());
        }
        game.apply(*player, action.clone())
            .map_err(|e| LoadError::HistoryRefused {
                index,
                reason: e.to_string(),
            })?;
    }
    for r in said {
        game.remark(r.player, &r.section, r.why.clone());
    }
    let mut replayed = snapshot_value(&game).map_err(|e| LoadError::Damaged(e.to_string()))?;
    if !snapshot.is_object() {
        return Err(LoadError::Damaged("the snapshot is not a game".into()));
    }
    let mut stored = std::borrow::Cow::Borrowed(snapshot);
    if !reshaped.is_empty() {
        for v in [stored.to_mut(), &mut replayed] {
            if let Some(o) = v.as_object_mut() {
                for part in reshaped {
                    o.remove(*part);
                }
            }
        }
    }
    if let Some(part) = difference(&stored, &replayed, absent) {
        return Err(LoadError::HistoryMismatch(part));
    }
    Ok(game)
}

/// The first top-level part in which the stored snapshot and the replayed position differ:
/// a part one of them lacks, or a value that is not the same. Object keys listed in
/// `absent` (as paths from the root) may be missing from the stored snapshot.
fn difference(stored: &Value, replayed: &Value, absent: &[&[&str]]) -> Option<String> {
    let (Value::Object(s), Value::Object(r)) = (stored, replayed) else {
        return (stored != replayed).then(String::new);
    };
    let mut path = Vec::new();
    s.keys()
        .chain(r.keys().filter(|k| !s.contains_key(*k)))
        .find(|k| {
            path.clear();
            path.push(k.as_str());
            !agrees(s.get(*k), r.get(*k), &mut path, absent)
        })
        .cloned()
}

/// Whether the part at `path` agrees: present on both sides and equal, objects compared key
/// by key (a stored part may be missing only where `absent` lists its path).
fn agrees<'a>(
    stored: Option<&'a Value>,
    replayed: Option<&'a Value>,
    path: &mut Vec<&'a str>,
    absent: &[&[&str]],
) -> bool {
    match (stored, replayed) {
        (None, Some(_)) => absent.contains(&path.as_slice()),
        (Some(Value::Object(s)), Some(Value::Object(r))) if !absent.is_empty() => {
            s.keys().all(|k| r.contains_key(k))
                && r.iter().all(|(k, w)| {
                    path.push(k);
                    let ok = agrees(s.get(k), Some(w), path, absent);
                    path.pop();
                    ok
                })
        }
        (Some(v), Some(w)) => v == w,
        _ => false,
    }
}

/// Reads and checks the save at `path`; never writes, never panics, never blocks. Only a
/// regular file is read (a device, a FIFO or a folder is refused at once, as is a link to
/// one), and one larger than [`MAX_BYTES`] is refused from its size, before it is read.
pub fn load(path: &Path) -> Result<Saved, LoadError> {
    use crate::files::ReadError;
    let bytes = crate::files::read_limited(path, MAX_BYTES).map_err(|e| match e {
        ReadError::TooLarge { bytes } => LoadError::TooLarge { bytes },
        other => LoadError::Unreadable(other.to_string()),
    })?;
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
/// A write that fails half-way (a full disk) removes its temporary file.
pub fn stage(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    let tmp = temp_path(path);
    // A temporary file left by a crash (or anything else under its name) goes first: the
    // new one is created afresh, never written through a link.
    let _ = std::fs::remove_file(&tmp);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
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

/// Writes `text` to `path` atomically, keeping the previous version as `NAME.bak`. Only a
/// regular file is replaced: a symbolic link to one is followed (the file it leads to is
/// written, the link kept); a device, a FIFO, a folder or a link to one is refused.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        make_folder(dir)?;
    }
    let path = &crate::files::write_target(path)?;
    let tmp = stage(path, text)?;
    commit(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Makes `dir` and the folders above it; when a file stands where a folder should be, the
/// error says so (the system's own words, "File exists", do not).
fn make_folder(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| match dir.ancestors().find(|a| a.exists()) {
        Some(a) if !a.is_dir() => {
            std::io::Error::new(e.kind(), format!("{} is a file, not a folder", a.display()))
        }
        _ => e,
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

    /// The previous version of the autosave (`autosave.fief.bak`), when it holds a game
    /// worth resuming: offered when the autosave itself cannot be restored.
    pub fn backup(&self) -> Option<Saved> {
        load(&backup_path(&self.autosave_path()))
            .ok()
            .filter(|s| crate::seat::worth_keeping(&s.seats, &s.game))
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
    use crate::bots::Level;
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
