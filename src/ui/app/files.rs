//! The main window's file flows: the autosave of the player's game, Save… and Load… through
//! their choosers, the last game offered again at launch, the game in progress kept before
//! another takes its place, quitting (the game saved first, or the player asked), and the
//! bar that names a failed save until it is dismissed.

use crate::ui::app::msg::{post, Cmd, Msg};
use crate::ui::app::window;
use crate::ui::app::window::Widgets;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::words::status::when;
use crate::ui::{tr, trf};
use fief::save::{LoadError, Saved, Store};
use fief::session::{worth_resuming, Autosave, Session};
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Where the player's games go, and the file dialogs and questions under way.
pub struct FileFlows {
    /// Where saves and the autosave go (None: nowhere, as in the tests).
    pub store: Option<Store>,
    /// The autosave found at launch could not be restored: it is set aside (renamed, its
    /// bytes untouched) before a new game is autosaved.
    pub(crate) unrestorable: bool,
    /// The autosaved game offered at launch, while the question is open.
    pub(crate) resumable: Option<Box<Saved>>,
    /// The open file chooser (it must live as long as its dialog).
    pub(crate) chooser: Option<gtk::FileChooserNative>,
    /// A save chosen in the Load dialog is being read.
    pub loading: bool,
    /// A named save that failed, until dismissed.
    save_failure: Option<String>,
    /// "Save As…" was chosen in the question asked before quitting: quit once it is saved.
    quit_after_save: bool,
    /// The failure text the player dismissed (shown again only if it changes).
    dismissed: Option<String>,
    /// The window may close (the game was saved, or the player chose to quit anyway).
    close_ok: Rc<Cell<bool>>,
    window: adw::ApplicationWindow,
    toasts: adw::ToastOverlay,
    problem_bar: gtk::Box,
    problem_label: gtk::Label,
    sender: relm4::Sender<Msg>,
}

/// Fief saves in the file choosers.
fn save_filter() -> gtk::FileFilter {
    let f = gtk::FileFilter::new();
    f.set_name(Some(&tr("Fief saved games")));
    f.add_pattern(&format!("*.{}", fief::save::EXTENSION));
    f.add_pattern("*.json");
    f
}

/// A chooser's answer: the file picked, if it was accepted.
fn picked(c: &gtk::FileChooserNative, r: gtk::ResponseType) -> Option<PathBuf> {
    (r == gtk::ResponseType::Accept)
        .then(|| c.file().and_then(|f| f.path()))
        .flatten()
}

/// Reads and checks the save at `path` (on a worker thread).
pub fn load(path: PathBuf) -> Cmd {
    let r = fief::save::load(&path);
    Cmd::Loaded(path, Box::new(r))
}

/// Reads and checks the autosave of `store` (on a worker thread at launch), and when it
/// cannot be restored, its backup.
pub fn last_game(store: &Store) -> Cmd {
    let last = store.resume();
    let backup = match &last {
        Some(Err(_)) => store.backup().map(Box::new),
        _ => None,
    };
    Cmd::LastGame(last.map(Box::new), backup)
}

impl FileFlows {
    /// The flows of `window` (whose widgets are `w`) with its saves in `store`; closing the
    /// window saves the game first, and if that fails the player is asked.
    pub fn new(
        store: Option<Store>,
        window: &adw::ApplicationWindow,
        w: &Widgets,
        sender: relm4::Sender<Msg>,
    ) -> FileFlows {
        let close_ok = Rc::new(Cell::new(false));
        let (s, ok) = (sender.clone(), close_ok.clone());
        window.connect_close_request(move |_| {
            if ok.get() {
                glib::Propagation::Proceed
            } else {
                post(&s, Msg::CloseRequest);
                glib::Propagation::Stop
            }
        });
        FileFlows {
            store,
            unrestorable: false,
            resumable: None,
            chooser: None,
            loading: false,
            save_failure: None,
            quit_after_save: false,
            dismissed: None,
            close_ok,
            window: window.clone(),
            toasts: w.toasts.clone(),
            problem_bar: w.problem_bar.clone(),
            problem_label: w.problem_label.clone(),
            sender,
        }
    }

    fn toast(&self, s: &str) {
        window::toast(&self.toasts, s);
    }

    /// A question or a chooser of theirs is open, or a game is being read: the game waits.
    pub fn busy(&self) -> bool {
        self.resumable.is_some() || self.chooser.is_some() || self.loading
    }

    /// Where a game about to start goes: the player's autosave when he started, resumed or
    /// loaded it (`keep`), after setting aside the autosave that could not be restored;
    /// nowhere for the launch's board and scripted starts.
    pub fn autosave(&mut self, keep: bool) -> Autosave {
        let Some(store) = self.store.clone().filter(|_| keep) else {
            return Autosave::Off;
        };
        if std::mem::take(&mut self.unrestorable) {
            // The file that could not be restored is kept under another name.
            match fief::session::set_aside_autosave(&store) {
                Ok(Some(kept)) => self.toast(&trf(
                    "Your last game, which could not be restored, was kept as {path}.",
                    &[("path", &kept.display().to_string())],
                )),
                Ok(None) => {}
                Err(e) => {
                    self.toast(&trf("The game will not be autosaved: {e}", &[("e", &e)]));
                    self.unrestorable = true;
                }
            }
        }
        if self.unrestorable {
            Autosave::Off
        } else {
            Autosave::To(store)
        }
    }

    /// A new game is played: a failure dismissed in the last one may be named again.
    pub fn started(&mut self) {
        self.dismissed = None;
    }

    /// Before a new or loaded game takes the autosave's place: the player's game in
    /// progress, if he played in it (not the launch's `idle` board), is kept among the named
    /// saves ("Left unfinished, round N"), never lost; a toast says where.
    pub fn keep_current_game(&self, session: &Session, idle: bool) {
        let (Some(store), Some(_)) = (&self.store, session.autosave_path()) else {
            return;
        };
        if idle || !fief::session::worth_keeping(session.seats(), session.game()) {
            return;
        }
        let dir = store.saves_dir();
        let round = session.game().round.to_string();
        let name = |k: u32| {
            let base = trf("Left unfinished, round {n}", &[("n", &round)]);
            let base = if k > 1 { format!("{base} ({k})") } else { base };
            dir.join(format!("{base}.{}", fief::save::EXTENSION))
        };
        let Some(path) = (1..1000).map(name).find(|p| !p.exists()) else {
            return;
        };
        let written = fief::save::to_json(session.seats(), session.game())
            .and_then(|t| fief::save::write_atomic(&path, &t).map_err(|e| e.to_string()));
        match written {
            Ok(()) => self.toast(&trf(
                "Your game in progress was kept as {path}.",
                &[("path", &path.display().to_string())],
            )),
            Err(e) => self.toast(&trf(
                "Your game in progress could not be kept: {why}",
                &[("why", &e)],
            )),
        }
    }

    /// The failed save to name in the bar, if any.
    fn problem(&self, session: &Session) -> Option<String> {
        self.save_failure.clone().or_else(|| {
            session.autosave_problem().map(|p| {
                trf(
                    "Your game could not be autosaved to {path}: {why}",
                    &[("path", &p.path.display().to_string()), ("why", &p.reason)],
                )
            })
        })
    }

    /// Shows the bar naming a failed save, until the player dismisses it.
    pub fn show_problem(&self, session: &Session) {
        match self.problem(session) {
            Some(p) if self.dismissed.as_ref() != Some(&p) => {
                self.problem_label.set_text(&p);
                self.problem_label.set_tooltip_text(Some(&p));
                self.problem_bar.set_visible(true);
            }
            _ => self.problem_bar.set_visible(false),
        }
    }

    /// The bar was dismissed: it shows again only for another failure.
    pub fn dismiss(&mut self, session: &Session) {
        self.dismissed = self.problem(session);
        self.save_failure = None;
    }

    /// A chooser of saved games over the window: `title`, its kind, its button `accept`.
    fn chooser(
        &self,
        title: &str,
        action: gtk::FileChooserAction,
        accept: &str,
    ) -> gtk::FileChooserNative {
        let chooser = gtk::FileChooserNative::new(
            Some(title),
            Some(&self.window),
            action,
            Some(accept),
            Some(&tr("Cancel")),
        );
        chooser.add_filter(&save_filter());
        chooser
    }

    /// Shows `chooser`, kept until it answers: the file picked (None: cancelled) comes back
    /// as the message `answer`.
    fn open_chooser(
        &mut self,
        chooser: gtk::FileChooserNative,
        answer: fn(Option<PathBuf>) -> Msg,
    ) {
        let s = self.sender.clone();
        chooser.connect_response(move |c, r| post(&s, answer(picked(c, r))));
        chooser.show();
        self.chooser = Some(chooser);
    }

    /// Opens the Save chooser for the game of round `round`; kept until it answers.
    pub fn save_dialog(&mut self, round: u16) {
        let chooser = self.chooser(
            &tr("Save the game"),
            gtk::FileChooserAction::Save,
            &tr("Save"),
        );
        if let Some(store) = &self.store {
            let dir = store.saves_dir();
            if std::fs::create_dir_all(&dir).is_ok() {
                let _ = chooser.set_current_folder(Some(&gio::File::for_path(&dir)));
            }
        }
        chooser.set_current_name(&trf(
            "Round {n}.{ext}",
            &[("n", &round.to_string()), ("ext", fief::save::EXTENSION)],
        ));
        self.open_chooser(chooser, Msg::SaveTo);
    }

    /// "Save As…" in the question asked before quitting: the window closes once it is saved.
    pub fn save_and_quit(&mut self, round: u16) {
        self.quit_after_save = true;
        self.save_dialog(round);
    }

    /// The Save chooser's answer: the game of `session` written to `path` (None: cancelled).
    /// Says whether the window closes (the game was saved on the way out).
    pub fn saved_to(&mut self, path: Option<PathBuf>, session: &Session) -> bool {
        self.chooser = None;
        let quit = std::mem::take(&mut self.quit_after_save);
        if let Some(path) = path {
            // The game is kept elsewhere: the window may close as it was asked to.
            if self.save_to(path, session) && quit {
                self.close();
                return true;
            }
        }
        false
    }

    /// Writes the game to `path` (`.fief` added when it has no ending); a failure stays on
    /// screen until dismissed. Says whether it was written.
    fn save_to(&mut self, mut path: PathBuf, session: &Session) -> bool {
        if path.extension().is_none() {
            path.set_extension(fief::save::EXTENSION);
        }
        let written = fief::save::to_json(session.seats(), session.game())
            .and_then(|t| fief::save::write_atomic(&path, &t).map_err(|e| e.to_string()));
        match written {
            Ok(()) => {
                self.save_failure = None;
                self.toast(&trf(
                    "Game saved to {path}.",
                    &[("path", &path.display().to_string())],
                ));
                true
            }
            Err(e) => {
                self.save_failure = Some(trf(
                    "The game could not be saved to {path}: {why}",
                    &[("path", &path.display().to_string()), ("why", &e)],
                ));
                false
            }
        }
    }

    /// Opens the Load chooser (from the launch's question too: the last game is not
    /// resumed then); kept until it answers.
    pub fn load_dialog(&mut self) {
        self.resumable = None;
        let chooser = self.chooser(
            &tr("Load a game"),
            gtk::FileChooserAction::Open,
            &tr("Load"),
        );
        let all = gtk::FileFilter::new();
        all.set_name(Some(&tr("All files")));
        all.add_pattern("*");
        chooser.add_filter(&all);
        if let Some(store) = &self.store {
            let dir = store.saves_dir();
            if dir.is_dir() {
                let _ = chooser.set_current_folder(Some(&gio::File::for_path(&dir)));
            }
            // The autosave, its copy and the files set aside live one folder up.
            if store.root().is_dir() {
                let _ = chooser.add_shortcut_folder(&gio::File::for_path(store.root()));
            }
        }
        self.open_chooser(chooser, Msg::LoadFrom);
    }

    /// The Load chooser's answer: the file to read (`load` on a worker thread), if one was
    /// chosen.
    pub fn load_chosen(&mut self, path: Option<PathBuf>) -> Option<PathBuf> {
        self.chooser = None;
        if path.is_some() {
            self.loading = true;
        }
        path
    }

    /// A save read and checked: the game to play, or (None) the reason it was refused, told
    /// in a dialog.
    pub fn loaded(&mut self, path: &Path, r: Result<Saved, LoadError>) -> Option<Saved> {
        self.loading = false;
        let e = match r {
            Ok(saved) => return Some(saved),
            Err(e) => e,
        };
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("This file cannot be loaded")),
            Some(&trf(
                "{why}\nThe file was not changed: {path}",
                &[
                    ("why", &messages::load_error(&e)),
                    ("path", &path.display().to_string()),
                ],
            )),
        );
        d.set_widget_name("load-refused");
        d.add_response("ok", &tr("OK"));
        d.present();
        None
    }

    /// The game loaded is played (`migrated`: it was saved by an older version).
    pub fn say_loaded(&self, migrated: bool) {
        self.toast(&if migrated {
            tr("Game loaded (saved by an older version, converted).")
        } else {
            tr("Game loaded.")
        });
    }

    /// At launch: offers to resume the autosaved game (read on a worker thread), if
    /// somebody played in it. A file that cannot be restored is named and left as it is, and
    /// its backup, when it holds a game, is offered by its round and time. Says whether it
    /// asked; if not, the new-game dialog opens.
    pub fn offer_resume(
        &mut self,
        last: Option<Box<Result<Saved, LoadError>>>,
        backup: Option<Box<Saved>>,
    ) -> bool {
        let Some(store) = self.store.clone() else {
            return false;
        };
        // Where a saved game stands, in a line: its round, phase and time.
        let stands = |saved: &Saved| {
            let g = &saved.game;
            trf(
                "Round {n}, {phase}, saved {when}.",
                &[
                    ("n", &g.round.to_string()),
                    ("phase", &names::phase(g)),
                    ("when", &when(saved.saved_at)),
                ],
            )
        };
        let (heading, body, resume) = match last.map(|b| *b) {
            Some(Ok(saved)) if worth_resuming(&saved) => {
                let g = &saved.game;
                let players: Vec<String> = (0..g.n()).map(|p| names::player(g, p)).collect();
                let body = format!(
                    "{}\n{}",
                    stands(&saved),
                    trf("Players: {players}.", &[("players", &players.join(", "))])
                );
                self.resumable = Some(Box::new(saved));
                (tr("Resume your last game?"), body, Some(tr("Resume")))
            }
            None | Some(Ok(_)) => return false,
            Some(Err(e)) => {
                self.unrestorable = true;
                let mut body = trf(
                    "{why}\nThe file is left as it is: {path}\nWhen you start or load a game, it will be kept beside it under another name.",
                    &[
                        ("why", &messages::load_error(&e)),
                        ("path", &store.autosave_path().display().to_string()),
                    ],
                );
                let resume = backup.map(|saved| {
                    let saved = *saved;
                    body = format!(
                        "{body}\n\n{}\n{}",
                        trf(
                            "The copy kept before its last save can be resumed: {path}",
                            &[(
                                "path",
                                &fief::save::backup_path(&store.autosave_path())
                                    .display()
                                    .to_string()
                            )],
                        ),
                        stands(&saved)
                    );
                    self.resumable = Some(Box::new(saved));
                    tr("Resume the Copy")
                });
                (tr("Your last game could not be restored"), body, resume)
            }
        };
        let d = adw::MessageDialog::new(Some(&self.window), Some(&heading), Some(&body));
        d.set_widget_name("resume-dialog");
        d.add_response("load", &tr("Load…"));
        d.add_response("new", &tr("New Game"));
        match resume {
            Some(label) => {
                d.add_response("resume", &label);
                d.set_response_appearance("resume", adw::ResponseAppearance::Suggested);
                d.set_default_response(Some("resume"));
            }
            None => self.resumable = None,
        }
        d.set_close_response("new");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| match r {
            "load" => post(&s, Msg::Load),
            r => post(&s, Msg::Resume(r == "resume")),
        });
        // The window's shortcuts work over the question too: Ctrl+O loads, Ctrl+N starts
        // a new game, Ctrl+Q quits.
        let keys = gtk::ShortcutController::new();
        keys.set_scope(gtk::ShortcutScope::Global);
        for (accel, response) in [("<Control>o", "load"), ("<Control>n", "new")] {
            let d2 = d.clone();
            keys.add_shortcut(gtk::Shortcut::new(
                gtk::ShortcutTrigger::parse_string(accel),
                Some(gtk::CallbackAction::new(move |_, _| {
                    d2.response(response);
                    // As a button does: the question goes (destroyed, so that closing it
                    // does not answer a second time).
                    d2.destroy();
                    glib::Propagation::Stop
                })),
            ));
        }
        let s = self.sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>q"),
            Some(gtk::CallbackAction::new(move |_, _| {
                post(&s, Msg::Quit);
                glib::Propagation::Stop
            })),
        ));
        d.add_controller(keys);
        d.present();
        true
    }

    /// The answer to "Resume your last game?": the game offered, if it is resumed.
    pub fn resume(&mut self, yes: bool) -> Option<Saved> {
        self.resumable.take().filter(|_| yes).map(|saved| *saved)
    }

    /// The window is asked to close: the game of `session` is saved first; if that fails,
    /// the player is asked.
    pub fn close_request(&self, session: &mut Session) {
        match session.autosave_now() {
            Ok(()) => self.close(),
            Err(p) => self.ask_before_quitting(&p.path, &p.reason),
        }
    }

    /// "Quit Anyway": the window closes though the game of `session` could not be saved.
    pub fn force_quit(&self, session: &Session) {
        if let Some(p) = session.autosave_problem() {
            eprintln!(
                "fief: quitting; the game could not be saved to {}: {}",
                p.path.display(),
                p.reason
            );
        }
        self.close();
    }

    /// Closes the window, its game kept.
    fn close(&self) {
        self.close_ok.set(true);
        self.window.close();
    }

    /// The game could not be saved on the way out: quitting would lose it, so ask.
    fn ask_before_quitting(&self, path: &Path, reason: &str) {
        let d = adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("Quit without saving your game?")),
            Some(&trf(
                "Your game could not be saved to {path}: {why}\nIf you quit now, it cannot be resumed. Save it somewhere else first to keep it.",
                &[("path", &path.display().to_string()), ("why", reason)],
            )),
        );
        d.set_widget_name("quit-unsaved");
        d.add_response("cancel", &tr("Keep Playing"));
        d.add_response("save", &tr("Save As…"));
        d.add_response("quit", &tr("Quit Anyway"));
        d.set_response_appearance("quit", adw::ResponseAppearance::Destructive);
        d.set_response_appearance("save", adw::ResponseAppearance::Suggested);
        d.set_default_response(Some("save"));
        d.set_close_response("cancel");
        let s = self.sender.clone();
        d.connect_response(None, move |_, r| match r {
            "quit" => post(&s, Msg::ForceQuit),
            "save" => post(&s, Msg::SaveAndQuit),
            _ => {}
        });
        d.present();
    }
}
