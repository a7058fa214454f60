//! The human-readable game log. Each entry says what happened; an entry about hidden
//! information (a card drawn) has a public wording for everyone else.

use super::state::PlayerId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub round: u16,
    /// The rulebook section the event comes from, e.g. "2.3.3".
    pub section: String,
    pub text: String,
    /// When set, only this player may read `text`; the others read `public_text`.
    pub private_to: Option<PlayerId>,
    pub public_text: Option<String>,
}

impl Event {
    /// The wording a given viewer may read (`None` = a spectator who sees only public facts).
    pub fn text_for(&self, viewer: Option<PlayerId>) -> &str {
        match self.private_to {
            Some(p) if Some(p) != viewer => self.public_text.as_deref().unwrap_or(""),
            _ => &self.text,
        }
    }

    pub fn redacted_for(&self, viewer: Option<PlayerId>) -> Event {
        Event {
            round: self.round,
            section: self.section.clone(),
            text: self.text_for(viewer).to_string(),
            private_to: None,
            public_text: None,
        }
    }
}
