//! The About window and the keyboard shortcuts window.

use crate::ui::app::window::APP_NAME;
use crate::ui::tr;
use relm4::adw::prelude::*;
use relm4::gtk::glib;
use relm4::{adw, gtk};

/// The About window of the app.
pub fn about_window(parent: &adw::ApplicationWindow) -> adw::AboutWindow {
    adw::AboutWindow::builder()
        .transient_for(parent)
        .application_name(APP_NAME)
        .application_icon("applications-games")
        .version(env!("CARGO_PKG_VERSION"))
        .license_type(gtk::License::Gpl30)
        .comments(tr(
            "The medieval game of marriages, elections and war in 15th-century France, with its rules enforced, against bots or friends at one screen.",
        ))
        .developer_name(tr("The Fief app team"))
        .build()
}

pub fn shortcuts_window(parent: &adw::ApplicationWindow) -> gtk::ShortcutsWindow {
    let rows = [
        ("<Control>n", tr("New game")),
        ("<Control>z", tr("Undo your last decision")),
        ("<Control>h", tr("A hint for your decision")),
        ("<Control>s", tr("Save the game")),
        ("<Control>o", tr("Load a game")),
        ("F1", tr("Rules at hand")),
        ("<Control>comma", tr("Preferences")),
        ("<Control>question", tr("Keyboard shortcuts")),
        ("Return", tr("The prompt's main button (Space too)")),
        (
            "F6",
            tr("Go to the next part of the window: board, prompt, sidebar, hand"),
        ),
        (
            "Left Right Up Down",
            tr("On the board: from Village to Village (Enter picks one)"),
        ),
        ("Escape", tr("Cancel the selection")),
        ("<Control>plus", tr("Zoom in")),
        ("<Control>minus", tr("Zoom out")),
        ("<Control>0", tr("Whole board")),
        ("<Control>q", tr("Quit (the game is saved)")),
    ];
    let mut xml = String::from(
        "<interface><object class=\"GtkShortcutsWindow\" id=\"w\"><property name=\"modal\">1</property>\
         <child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>\
         <child><object class=\"GtkShortcutsGroup\"><property name=\"title\">",
    );
    xml += &glib::markup_escape_text(&tr("Fief"));
    xml += "</property>";
    for (accel, title) in rows {
        xml += &format!(
            "<child><object class=\"GtkShortcutsShortcut\"><property name=\"accelerator\">{}</property>\
             <property name=\"title\">{}</property></object></child>",
            glib::markup_escape_text(accel),
            glib::markup_escape_text(&title)
        );
    }
    xml += "</object></child></object></child></object></interface>";
    let b = gtk::Builder::from_string(&xml);
    let w: gtk::ShortcutsWindow = b.object("w").expect("the shortcuts window is built");
    w.set_transient_for(Some(parent));
    w
}
