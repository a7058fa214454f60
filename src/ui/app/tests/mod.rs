//! GTK tests of the main window in a real GTK main loop (run under `xvfb-run -a`): what they
//! share (`setup`), playing in the window, its decisions, the clicks a round takes, its
//! dialogs, its file flows, the "How to Win" popover, a window that holds still and nothing
//! cut off, the chat page, and a seat at another computer.

mod back;
mod chat;
mod clicks;
mod cutoff;
mod decisions;
mod dialogs;
mod files;
mod guest;
mod hosting;
mod keyboard;
mod keys;
mod lessons;
mod outlook;
mod playing;
mod setup;
mod still;
