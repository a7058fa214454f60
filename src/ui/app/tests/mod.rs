//! GTK tests of the main window in a real GTK main loop (run under `xvfb-run -a`): what they
//! share (`setup`), playing in the window, its decisions, the clicks a round takes, its
//! dialogs, its file flows and the "How to Win" popover.

mod clicks;
mod decisions;
mod dialogs;
mod files;
mod keys;
mod lessons;
mod outlook;
mod playing;
mod setup;
