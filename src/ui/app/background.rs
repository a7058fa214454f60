//! Running in the background: when the player allows it (Preferences), closing the window
//! while he sits at tables keeps the app running without a window, following them, so that
//! a desktop notification tells him when it is his turn or someone writes to him; a click on
//! it, or launching the app again, brings the window back. Ctrl+Q quits for good. In the
//! Flatpak the app asks the background portal first (the desktop may list it, or refuse).

use super::App;
use crate::ui::tr;
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};

impl App {
    /// Whether closing the window leaves the app running: allowed, and tables to follow.
    pub(super) fn stays_in_background(&self) -> bool {
        self.prefs.background && !self.quitting && !self.followed.is_empty()
    }

    /// The window goes, the app stays: its game kept as on any close, the tables followed.
    pub(super) fn go_to_background(&mut self) {
        if let Err(p) = self.session.autosave_now() {
            eprintln!(
                "fief: the game could not be saved to {}: {}",
                p.path.display(),
                p.reason
            );
        }
        // A game at this computer waits; a network table's goes on (its turns are told).
        if self.net.is_none() {
            self.session.pause();
            self.in_background = true;
        }
        self.window.set_visible(false);
        if sandboxed() {
            ask_portal(&self.window);
        }
    }
}

impl App {
    /// The window is back (a notification clicked, the app launched again): the game on
    /// screen goes on.
    pub(super) fn back_from_background(&mut self) {
        if std::mem::take(&mut self.in_background) && !self.idle {
            self.session.unpause();
        }
    }
}

/// Whether the app runs inside a Flatpak sandbox.
fn sandboxed() -> bool {
    std::path::Path::new("/.flatpak-info").exists()
}

/// Asks the background portal to let the app run without a window (a Flatpak app is
/// otherwise stopped by the desktop when it has none). The answer comes later as a signal;
/// a refusal only means the desktop may stop the app, so it is not waited for.
fn ask_portal(window: &relm4::adw::ApplicationWindow) {
    let Some(bus) = window.application().and_then(|a| a.dbus_connection()) else {
        return;
    };
    let options = glib::VariantDict::new(None);
    options.insert(
        "reason",
        tr("To tell you when it is your turn at your tables"),
    );
    options.insert("autostart", false);
    let args = ("", options.end()).to_variant();
    bus.call(
        Some("org.freedesktop.portal.Desktop"),
        "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Background",
        "RequestBackground",
        Some(&args),
        None,
        gio::DBusCallFlags::NONE,
        5000,
        gio::Cancellable::NONE,
        |r| {
            if let Err(e) = r {
                eprintln!("fief: the background portal: {e}");
            }
        },
    );
}
