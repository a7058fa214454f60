//! Rows that the Preferences window and the New Game dialog share: the bots' pace, the kinds
//! of seat, the game's length.

use crate::ui::app::prefs::Pace;
use crate::ui::{tr, trn};
use fief::bots::Level;
use fief::session::Seat;
use relm4::adw::prelude::*;
use relm4::{adw, gtk};

/// The row that chooses the bots' pace (Preferences and the New Game dialog), set to `pace`.
pub fn pace_row(pace: Pace) -> adw::ComboRow {
    let row = adw::ComboRow::new();
    row.set_title(&tr("Pace of bot moves"));
    row.set_subtitle(&tr("How long each bot move stays on screen"));
    let names: Vec<String> = Pace::ALL.iter().map(|p| p.label()).collect();
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    row.set_model(Some(&gtk::StringList::new(&refs)));
    row.set_selected(pace.index() as u32);
    row
}

/// The seat kinds in the order of the drop-downs: human, the bot levels, then a player on
/// another computer.
pub const SEAT_KINDS: [Seat; 5] = [
    Seat::Human,
    Seat::Bot(Level::Easy),
    Seat::Bot(Level::Normal),
    Seat::Bot(Level::Hard),
    Seat::Remote,
];

pub fn seat_kind_label(s: Seat) -> String {
    crate::ui::words::names::seat_label(s)
}

/// The game lengths offered besides "until someone wins", in rounds.
pub const GAME_LENGTHS: [u16; 4] = [10, 15, 20, 30];

pub fn game_length_label(length: Option<u16>) -> String {
    match length {
        None => tr("Until someone wins"),
        Some(n) => trn("{n} round", "{n} rounds", n.into()),
    }
}

pub fn game_length_explanation() -> String {
    tr("With a number of rounds, the game ends after the last one and the tie-break order of 7.3 decides the winner.")
}

/// A "Game length" row (its explanation as its tooltip): until someone wins or one of
/// `GAME_LENGTHS` (and a length read from the preferences that is not among them).
pub struct LengthRow {
    pub row: adw::ComboRow,
    /// The lengths in the row's order.
    lengths: Vec<Option<u16>>,
}

impl LengthRow {
    pub fn new(length: Option<u16>) -> LengthRow {
        let row = adw::ComboRow::new();
        row.set_title(&tr("Game length"));
        row.set_tooltip_text(Some(&game_length_explanation()));
        let mut r = LengthRow {
            row,
            lengths: Vec::new(),
        };
        r.set(length);
        r
    }

    pub fn get(&self) -> Option<u16> {
        self.lengths
            .get(self.row.selected() as usize)
            .copied()
            .flatten()
    }

    pub fn set(&mut self, length: Option<u16>) {
        if !self.lengths.contains(&length) {
            let mut lengths: Vec<Option<u16>> = std::iter::once(None)
                .chain(GAME_LENGTHS.map(Some))
                .collect();
            if !lengths.contains(&length) {
                lengths.push(length);
                lengths.sort_unstable();
            }
            let labels: Vec<String> = lengths.iter().map(|l| game_length_label(*l)).collect();
            let refs: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
            self.lengths = lengths;
            self.row.set_model(Some(&gtk::StringList::new(&refs)));
        }
        let i = self.lengths.iter().position(|l| *l == length).unwrap_or(0) as u32;
        if self.row.selected() != i {
            self.row.set_selected(i);
        }
    }
}
