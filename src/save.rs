//! Saved games: who sits where (human or bot) and the game itself, as versioned JSON written
//! atomically (a temporary file, flushed to disk, then renamed over the old one).

use crate::bots::Level;
use crate::rules::Game;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;

pub const FORMAT: &str = "fief-1429-save";
pub const VERSION: u32 = 1;

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    Bot(Level),
}

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format: String,
    version: u32,
    seats: Vec<Seat>,
    game: Game,
}

/// The text of a save.
pub fn to_json(seats: &[Seat], game: &Game) -> Result<String, String> {
    #[derive(Serialize)]
    struct Out<'a> {
        format: &'a str,
        version: u32,
        seats: &'a [Seat],
        game: &'a Game,
    }
    serde_json::to_string(&Out {
        format: FORMAT,
        version: VERSION,
        seats,
        game,
    })
    .map_err(|e| format!("the game could not be written: {e}"))
}

/// Reads a save; anything that is not one of ours, or is damaged, is refused with a reason.
pub fn from_json(text: &str) -> Result<(Vec<Seat>, Game), String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("this file is not a saved game ({e})"))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err("this file is not a Fief saved game".into());
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == VERSION as u64 => {}
        Some(v) if v > VERSION as u64 => {
            return Err(format!(
                "this game was saved by a newer version of Fief (format {v}); please update"
            ))
        }
        _ => return Err("this saved game has an unknown format version".into()),
    }
    let file: SaveFile =
        serde_json::from_value(value).map_err(|e| format!("this saved game is damaged ({e})"))?;
    if file.seats.len() != file.game.players.len()
        || file.game.players.len() != file.game.options.players as usize
    {
        return Err("this saved game is damaged (the seats do not match the players)".into());
    }
    if file.game.villages.len() != file.game.map.villages.len() {
        return Err("this saved game was played on another map".into());
    }
    Ok((file.seats, file.game))
}

/// Writes `text` to `path` atomically: the old file stays whole until the new one is complete.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let tmp = match dir {
        Some(d) => d.join(format!(".{name}.tmp")),
        None => Path::new(&format!(".{name}.tmp")).to_path_buf(),
    };
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Action, Options};

    #[test]
    fn a_save_round_trips_and_bad_files_are_refused() {
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
        let (s2, g2) = from_json(&text).unwrap();
        assert_eq!(s2, seats);
        assert_eq!(g2.villages, g.villages);
        assert_eq!(g2.to_act(), g.to_act());
        assert!(from_json("{").unwrap_err().contains("not a saved game"));
        assert!(from_json("{\"format\":\"x\"}")
            .unwrap_err()
            .contains("not a Fief"));
        let newer = text.replacen("\"version\":1", "\"version\":9", 1);
        assert!(from_json(&newer).unwrap_err().contains("newer"));
        let cut = &text[..text.len() / 2];
        assert!(from_json(cut).is_err());
        let dir = std::env::temp_dir().join(format!("fief-save-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.fief");
        write_atomic(&path, &text).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        std::fs::remove_dir_all(&dir).ok();
    }
}
