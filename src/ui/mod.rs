//! The desktop app (feature `gui`), one folder a room:
//! - `app`: the main window (its model, messages, input, file and network flows, hints, what
//!   happened since a decision, its widgets) and its GTK tests;
//! - `board`: the map widget, its geometry and its painting with cairo;
//! - `panels`: what sits beside the map (prompt bar and composers, purchases and basket,
//!   battle, family boards, hand, log, chat);
//! - `dialogs`: the windows over it (questions, ballot, new game, preferences, join, lobby);
//! - `words`: the text of names, actions, prompts, status and log, through gettext;
//! - `rulebook`: the rules window, its text, search, quick reference and printing;
//! - `plan`: how the engine's legal actions become clicks.
//!
//! The pure modules (`words`, `plan`, `board::geometry`, `board::paint`) are tested without a
//! display.

pub mod app;
pub mod board;
pub mod dialogs;
pub mod panels;
pub mod plan;
pub mod rulebook;
pub mod words;

/// A user-visible string, through gettext.
pub fn tr(msgid: &str) -> String {
    gettextrs::gettext(msgid)
}

/// A user-visible string with named `{placeholders}`, translated first, then filled in.
pub fn trf(msgid: &str, args: &[(&str, &str)]) -> String {
    let mut s = gettextrs::gettext(msgid);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// The engine's messages (`fief::rules::events::Msg`) looked up through gettext.
pub struct Gettext;

impl fief::rules::events::Words for Gettext {
    fn word(&self, s: &str) -> String {
        if s.is_empty() {
            String::new()
        } else {
            gettextrs::gettext(s)
        }
    }
    fn plural(&self, one: &str, many: &str, n: i64) -> String {
        gettextrs::ngettext(one, many, n.clamp(0, u32::MAX as i64) as u32)
    }
    fn comma(&self) -> String {
        tr(", ")
    }
    fn and(&self) -> String {
        tr(" and ")
    }
}

/// Singular or plural form of a message through gettext, with `{n}` filled in.
pub fn trn(single: &str, plural: &str, n: u32) -> String {
    gettextrs::ngettext(single, plural, n).replace("{n}", &n.to_string())
}

/// Singular or plural form through gettext, with `{n}` and the named placeholders filled in.
pub fn trnf(single: &str, plural: &str, n: u32, args: &[(&str, &str)]) -> String {
    let mut s = trn(single, plural, n);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// For the tests of the pure parts: plays a 4-player game (seed `seed`) with bots of `level`,
/// calling `look` before each decision with the game and the player to decide; stops when
/// `look` returns true (then returns true) or after `steps` decisions or at the end.
#[cfg(test)]
pub fn play_until(
    level: fief::bots::Level,
    seed: u64,
    steps: usize,
    look: impl FnMut(&fief::rules::Game, fief::rules::PlayerId) -> bool,
) -> bool {
    let options = fief::rules::Options {
        seed,
        ..Default::default()
    };
    play_until_with(options, level, steps, look)
}

/// The same with given options (optional rules among them).
#[cfg(test)]
pub fn play_until_with(
    options: fief::rules::Options,
    level: fief::bots::Level,
    steps: usize,
    mut look: impl FnMut(&fief::rules::Game, fief::rules::PlayerId) -> bool,
) -> bool {
    use fief::bots::{new_bot, Budget};
    use fief::session::{Played, Session};
    let seed = options.seed;
    let g = fief::rules::Game::new(options).unwrap();
    let bots = (0..4)
        .map(|i| new_bot(level, seed * 10 + i, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(g, bots).unwrap();
    let played = s
        .play(steps as u64, |g| g.to_act().is_some_and(|p| look(g, p)))
        .unwrap();
    played == Played::Stopped
}

/// For the GTK tests: when `FIEF_SHOTS` names a folder, writes what `widget` shows now to
/// `FIEF_SHOTS/name.png`, so that a state reached in a test can be looked at.
#[cfg(test)]
pub fn shoot(widget: &impl relm4::gtk::prelude::IsA<relm4::gtk::Widget>, name: &str) {
    use relm4::gtk::prelude::*;
    let Some(dir) = std::env::var_os("FIEF_SHOTS") else {
        return;
    };
    let w = widget.as_ref();
    let (width, height) = (w.width() as f64, w.height() as f64);
    let paintable = relm4::gtk::WidgetPaintable::new(Some(w));
    let snapshot = relm4::gtk::Snapshot::new();
    paintable.snapshot(&snapshot, width, height);
    let (Some(node), Some(native)) = (snapshot.to_node(), w.native()) else {
        return;
    };
    let Some(renderer) = native.renderer() else {
        return;
    };
    let texture = renderer.render_texture(node, None);
    let _ = std::fs::create_dir_all(&dir);
    let _ = texture.save_to_png(std::path::Path::new(&dir).join(format!("{name}.png")));
}

/// For the GTK tests: runs the main loop until `done` holds or `secs` pass; says whether it
/// held.
#[cfg(test)]
pub fn pump_until(secs: u64, mut done: impl FnMut() -> bool) -> bool {
    let ctx = relm4::gtk::glib::MainContext::default();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(secs) {
        while ctx.iteration(false) {}
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    false
}

/// For the GTK tests: answers an open file chooser as a person would: picks `path` (to save:
/// types its name, in `path`'s folder when `folder` is set, else where the chooser opened),
/// waits until the chooser has taken it, and presses the button.
#[cfg(test)]
pub fn answer_chooser(
    c: &relm4::gtk::FileChooserNative,
    path: &std::path::Path,
    save: bool,
    folder: bool,
) {
    use relm4::gtk::{self, gio, glib::translate::IntoGlib, prelude::*};
    assert!(c.is_visible(), "the chooser is not on screen");
    if save {
        if folder {
            let dir = gio::File::for_path(path.parent().unwrap());
            c.set_current_folder(Some(&dir)).unwrap();
        }
        c.set_current_name(path.file_name().unwrap().to_str().unwrap());
    } else {
        c.set_file(&gio::File::for_path(path)).unwrap();
    }
    // The chooser reads the folder before it takes the file.
    let want = Some(path.to_path_buf());
    assert!(
        pump_until(10, || c.file().and_then(|f| f.path()) == want),
        "the chooser did not take {}",
        path.display()
    );
    c.emit_by_name::<()>("response", &[&gtk::ResponseType::Accept.into_glib()]);
}

/// Sets the accessible name a screen reader reads for `w`. GTK has had the call since 4.0,
/// but gtk4-rs binds GtkAccessible only for GTK 4.10 and later, so it is declared here.
pub fn set_accessible_label(w: &impl relm4::gtk::prelude::IsA<relm4::gtk::Widget>, label: &str) {
    use relm4::gtk;
    use relm4::gtk::glib::translate::ToGlibPtr;
    use relm4::gtk::prelude::*;
    extern "C" {
        fn gtk_accessible_update_property_value(
            this: *mut gtk::ffi::GtkWidget,
            n_properties: std::ffi::c_int,
            properties: *mut gtk::ffi::GtkAccessibleProperty,
            values: *const gtk::glib::gobject_ffi::GValue,
        );
    }
    let value = label.to_value();
    let mut property = gtk::ffi::GTK_ACCESSIBLE_PROPERTY_LABEL;
    let widget: &gtk::Widget = w.upcast_ref();
    // SAFETY: every GtkWidget is a GtkAccessible; one property and one string value, both
    // alive for the call, which copies the string.
    unsafe {
        gtk_accessible_update_property_value(
            widget.to_glib_none().0,
            1,
            &mut property,
            value.to_glib_none().0,
        );
    }
}

/// Every widget under `root`, `root` first, depth first (a widget's later children before
/// its earlier ones).
pub fn descendants(root: &relm4::gtk::Widget) -> Vec<relm4::gtk::Widget> {
    use relm4::gtk::prelude::*;
    let (mut out, mut stack) = (Vec::new(), vec![root.clone()]);
    while let Some(w) = stack.pop() {
        let mut c = w.first_child();
        while let Some(x) = c {
            c = x.next_sibling();
            stack.push(x);
        }
        out.push(w);
    }
    out
}

/// For the GTK tests: the app's messages in `lang` ("en": the msgids) for as long as it lives, through the
/// catalogs compiled with the build; then as they were.
#[cfg(test)]
pub struct Language {
    language: Option<String>,
    domain: Option<Vec<u8>>,
}

#[cfg(test)]
impl Language {
    pub fn set(lang: &str) -> Language {
        use gettextrs::*;
        let was = Language {
            language: std::env::var("LANGUAGE").ok(),
            domain: getters::current_textdomain().ok(),
        };
        // LANGUAGE chooses the catalog in any locale but C; setting the locale again (and
        // the domain) makes gettext forget the messages it looked up in the last language.
        std::env::set_var("LANGUAGE", lang);
        setlocale(LocaleCategory::LcAll, "C.UTF-8");
        let _ = bindtextdomain(crate::DOMAIN, env!("FIEF_BUILD_LOCALEDIR"));
        let _ = bind_textdomain_codeset(crate::DOMAIN, "UTF-8");
        let _ = textdomain(crate::DOMAIN);
        was
    }
}

#[cfg(test)]
impl Drop for Language {
    fn drop(&mut self) {
        use gettextrs::*;
        match &self.language {
            Some(l) => std::env::set_var("LANGUAGE", l),
            None => std::env::remove_var("LANGUAGE"),
        }
        setlocale(LocaleCategory::LcAll, "");
        if let Some(d) = &self.domain {
            let _ = textdomain(d.clone());
        }
    }
}
