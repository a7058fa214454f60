//! `fief`: the GTK4 / libadwaita desktop app.

mod ui;

use fief::rules::{Game, Options};
use relm4::RelmApp;

pub const APP_ID: &str = "io.github.fief1429.Fief";

fn main() {
    // The board is validated before any window opens: a broken map file is a clear error.
    let map = match fief::Map::from_json(fief::map::BUILTIN_MAP_JSON) {
        Ok(m) => std::sync::Arc::new(m),
        Err(e) => {
            eprintln!("fief: {e}");
            std::process::exit(1);
        }
    };
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(1);
    let options = Options {
        players: 4,
        seed,
        ..Options::default()
    };
    let game = match Game::with_map(options, map) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("fief: {e}");
            std::process::exit(1);
        }
    };
    let app = RelmApp::new(APP_ID);
    app.run::<ui::app::App>(game);
}
