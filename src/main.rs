//! `fief`: the GTK4 / libadwaita desktop app.

mod ui;

use relm4::RelmApp;

pub const APP_ID: &str = "io.github.fief1429.Fief";

fn main() {
    // The board is validated before any window opens: a broken map file is a clear error.
    if let Err(e) = fief::Map::from_json(fief::map::BUILTIN_MAP_JSON) {
        eprintln!("fief: {e}");
        std::process::exit(1);
    }
    gettextrs::setlocale(gettextrs::LocaleCategory::LcAll, "");
    let app = RelmApp::new(APP_ID);
    app.run::<ui::app::App>(ui::app::AppInit::default_game());
}
