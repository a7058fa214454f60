//! GTK tests of the main window in a real GTK main loop (run under `xvfb-run -a`): what they
//! share (`setup`), playing in the window, its dialogs and its file flows.

mod dialogs;
mod files;
mod playing;
mod setup;
