//! Which lessons the learner has finished, kept in the app's data folder
//! (`$XDG_DATA_HOME/fief/lessons.json`). The file is read as hostile: an unreadable,
//! oversized or malformed file counts as no progress and is left as it is until the next
//! lesson is finished; ids of lessons this version does not have are kept but ignored.

use crate::files::{read_limited, ReadError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The largest progress file read: far more than every lesson's id.
const MAX_BYTES: u64 = 64 * 1024;
/// The most ids kept (a file with more is cut to these).
const MAX_IDS: usize = 256;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Ids of the lessons finished.
    #[serde(default)]
    pub done: BTreeSet<String>,
}

/// The progress file in the app's data folder `root`.
pub fn path_in(root: &Path) -> PathBuf {
    root.join("lessons.json")
}

impl Progress {
    /// The progress kept at `path`; none when there is no file. `Err` says why a file that
    /// is there could not be read (the window shows it; the file is not touched).
    pub fn load(path: &Path) -> Result<Progress, String> {
        let bytes = match read_limited(path, MAX_BYTES) {
            Ok(b) => b,
            Err(ReadError::NotFound) => return Ok(Progress::default()),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let mut p: Progress = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{}: not a progress file ({e})", path.display()))?;
        p.done = p
            .done
            .into_iter()
            .filter(|id| id.len() <= 64)
            .take(MAX_IDS)
            .collect();
        Ok(p)
    }

    /// Writes the progress to `path` atomically (the old file stays whole on failure).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        crate::save::write_atomic(path, &text)
    }

    /// Whether the lesson with this id is finished.
    pub fn is_done(&self, id: &str) -> bool {
        self.done.contains(id)
    }

    /// Marks a lesson finished; `true` when it was not before.
    pub fn finish(&mut self, id: &str) -> bool {
        self.done.insert(id.to_string())
    }

    /// The first lesson not finished yet, in the book's order.
    pub fn next(&self) -> Option<&'static super::Lesson> {
        super::LESSONS.iter().find(|l| !self.is_done(l.id))
    }
}
