//! The autosave of a session: where it goes, writing it (after each phase and on demand),
//! the failure kept until a later write succeeds; and at launch, whether a saved game is
//! worth offering again and setting aside one that cannot be restored.

use super::{phase_key, worth_keeping, Autosave, Session, WriteProblem};
use crate::save::{Saved, Store};
use std::path::PathBuf;

/// Whether a saved game is worth offering again: somebody played in it (a human decided
/// something, or, in a game of bots only, anything happened) and it is not over.
pub fn worth_resuming(saved: &Saved) -> bool {
    worth_keeping(&saved.seats, &saved.game)
}

/// Moves an autosave that could not be restored out of the way, its bytes untouched, so that
/// a new game does not write over it: `autosave-unreadable-N.fief` beside it (the first N
/// free). Says where it went (`None`: there was no autosave).
pub fn set_aside_autosave(store: &Store) -> Result<Option<PathBuf>, String> {
    let from = store.autosave_path();
    if !from.exists() {
        return Ok(None);
    }
    for n in 1..1000 {
        let to = store.root().join(format!(
            "autosave-unreadable-{n}.{}",
            crate::save::EXTENSION
        ));
        if to.exists() {
            continue;
        }
        return std::fs::rename(&from, &to)
            .map(|()| Some(to))
            .map_err(|e| e.to_string());
    }
    Err("too many unreadable autosaves are kept already".into())
}

impl Session {
    /// Where the autosave goes, if this session writes one.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        match &self.autosave {
            Autosave::Off => None,
            Autosave::To(store) => Some(store.autosave_path()),
        }
    }

    /// The last write of the game that failed, until a later one succeeds.
    pub fn autosave_problem(&self) -> Option<&WriteProblem> {
        self.problem.as_ref()
    }

    /// Writes the autosave now (nothing when the session has none); a failure is also kept
    /// in [`Session::autosave_problem`].
    pub fn autosave_now(&mut self) -> Result<(), WriteProblem> {
        self.autosaved_phase = Some(phase_key(&self.game));
        let Autosave::To(store) = &self.autosave else {
            return Ok(());
        };
        match store.autosave(&self.seats, &self.game) {
            Ok(()) => {
                self.problem = None;
                Ok(())
            }
            Err(reason) => {
                let p = WriteProblem {
                    path: store.autosave_path(),
                    reason,
                };
                self.problem = Some(p.clone());
                Err(p)
            }
        }
    }

    pub(super) fn autosave_on_new_phase(&mut self) {
        if self.autosaved_phase != Some(phase_key(&self.game)) {
            let _ = self.autosave_now();
        }
    }
}
