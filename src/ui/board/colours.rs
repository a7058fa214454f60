//! The board's colours: the players', the ink written on them, the Fiefs' lightened, and the
//! marks of what may be picked and of a hint.

use fief::rules::{PlayerId, View, COLOURS};

/// RGB of each player colour (Green, Blue, Magenta, White, Yellow, Red).
pub const PLAYER_RGB: [(f64, f64, f64); 6] = [
    (0.18, 0.55, 0.23),
    (0.16, 0.36, 0.80),
    (0.76, 0.18, 0.58),
    (0.96, 0.96, 0.94),
    (0.93, 0.78, 0.10),
    (0.80, 0.14, 0.14),
];

/// The RGB of a player's colour as the view names it.
pub fn player_rgb(view: &View, p: PlayerId) -> (f64, f64, f64) {
    let name = view.players.get(p as usize).map(|x| x.colour).unwrap_or("");
    let i = COLOURS
        .iter()
        .position(|c| *c == name)
        .unwrap_or(p as usize);
    PLAYER_RGB[i % 6]
}

/// Dark ink on light player colours (White, Yellow), white ink on the others.
pub fn ink_on(rgb: (f64, f64, f64)) -> (f64, f64, f64) {
    if 0.3 * rgb.0 + 0.59 * rgb.1 + 0.11 * rgb.2 > 0.6 {
        (0.1, 0.1, 0.1)
    } else {
        (1.0, 1.0, 1.0)
    }
}

/// A colour lightened towards white by `t` (0: as it is, 1: white).
pub fn lighten((r, g, b): (f64, f64, f64), t: f64) -> (f64, f64, f64) {
    (r + (1.0 - r) * t, g + (1.0 - g) * t, b + (1.0 - b) * t)
}

/// The bright colour of a Village that may be picked.
pub const HIGHLIGHT: (f64, f64, f64) = (1.0, 0.84, 0.0);

/// The ring of a hint's Villages (teal: apart from the yellow of what may be picked).
pub const HINT: (f64, f64, f64) = (0.1, 0.85, 0.8);
/// The Villages the coach of a lesson points at.
pub const COACH: (f64, f64, f64) = (1.0, 0.72, 0.1);
