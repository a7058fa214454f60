//! The messages of the main window: what its widgets, dialogs and shortcuts send to `App`
//! (`Msg`), and what its worker threads bring back (`Cmd`). Apart from `App` so that the
//! window's parts (app/window.rs, the dialogs, the file flows) post them without importing it.

use crate::ui::app::hints::HintKey;
use crate::ui::app::prefs::Prefs;
use crate::ui::board::canvas::MapOut;
use crate::ui::dialogs::ballot::BallotOut;
use crate::ui::dialogs::new_game::NewGame;
use crate::ui::panels::hand::HandOut;
use crate::ui::panels::prompt_bar::PromptOut;
use fief::net::link::Heard;
use fief::net::protocol::{Refusal, SeatNo, TableInfo};
use fief::rules::Action;
use fief::save::{LoadError, Saved};
use fief::session::BotAnswer;
use std::path::PathBuf;

/// Sends a message to the window from a GTK callback; once the window is gone (its runtime
/// shut down) the message is dropped instead of panicking inside the callback.
pub fn post(s: &relm4::Sender<Msg>, m: Msg) {
    s.send(m).ok();
}

/// The pages of the side stack, below the family boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Log,
    Battle,
    Election,
    Purchase,
    /// Table talk, in a network game only.
    Chat,
}

impl Page {
    /// The page's name in the stack.
    pub fn name(self) -> &'static str {
        match self {
            Page::Log => "log",
            Page::Battle => "battle",
            Page::Election => "election",
            Page::Purchase => "purchase",
            Page::Chat => "chat",
        }
    }

    /// Whether `stack` shows this page.
    pub fn shown_in(self, stack: &relm4::gtk::Stack) -> bool {
        stack.visible_child_name().as_deref() == Some(self.name())
    }

    /// Brings this page forward in `stack`.
    pub fn show_in(self, stack: &relm4::gtk::Stack) {
        stack.set_visible_child_name(self.name());
    }
}

#[derive(Debug)]
pub enum Msg {
    NewGame,
    StartGame(Box<NewGame>),
    /// The new-game dialog closed.
    NewGameClosed,
    Undo,
    Save,
    Load,
    /// The Save chooser's answer: the file to write (None: cancelled).
    SaveTo(Option<PathBuf>),
    /// The Load chooser's answer: the file to read (None: cancelled).
    LoadFrom(Option<PathBuf>),
    /// The answer to "Resume your last game?".
    Resume(bool),
    /// The answer to "Attack?" for the decision `key`.
    Confirmed(usize, Box<Action>),
    Preferences,
    PrefsChanged(Box<Prefs>),
    /// Ctrl+Q: close the window (the game is autosaved).
    Quit,
    /// The window is asked to close: the game is saved first, or the player asked.
    CloseRequest,
    /// The answer to "Close the table you host?": `cancel`, `keep` or `close`, and the way
    /// out asked about (None: closing the window).
    HostedTableClosing(String, Option<Box<Msg>>),
    /// "Quit anyway" after the game could not be saved.
    ForceQuit,
    /// "Save As…" after the game could not be saved on quitting: save, then quit.
    SaveAndQuit,
    /// The banner naming a failed save was dismissed.
    DismissProblem,
    Rules,
    Shortcuts,
    /// F6 (false) or Shift+F6 (true): the keyboard to the next part of the window.
    NextRegion(bool),
    About,
    /// Escape: drop the selection.
    Cancel,
    /// Enter or Space: the prompt bar's main button.
    MainButton,
    Map(MapOut),
    /// Ctrl+plus, Ctrl+minus, Ctrl+0.
    Zoom(i8),
    Hand(HandOut),
    Prompt(PromptOut),
    Ballot(BallotOut),
    /// The hotseat cover was lifted by the player it asked for.
    Uncover,
    /// The answer of the yes/no dialog for the decision `key`; `true` last: the same answer
    /// to every question of its kind until the phase ends.
    Answer(usize, bool, bool),
    /// A page of the side stack brought forward (a battle, an election, purchases began).
    ShowPage(Page),
    /// The purchase panel's basket, bought in its order; then "Done buying" if `true`.
    Buy(Vec<Action>, bool),
    EndDialog(bool),
    /// The window is mapped; `true` offers the last game or opens the new-game dialog.
    Shown(bool),
    /// Ctrl+H: the computer's suggestion for the human's decision.
    Hint,
    /// Ctrl+J, the main menu, the new-game dialog: Join a Game.
    Join,
    /// The join dialog's invitation, to look its table up.
    JoinLookUp(String),
    /// The join dialog's choice: invitation, seat, name.
    JoinSeat(String, SeatNo, String),
    /// Go back to the table sat at before, by its place in the list offered.
    Rejoin(usize),
    /// Your Tables (main menu, Ctrl+T).
    Tables,
    /// Your Tables closed.
    TablesClosed,
    /// The window came on screen (again, after the background).
    Mapped,
    /// The list of tables sat at changed: they are followed anew.
    FollowTables,
    /// The lobby's Start Now (the host's): bots in the open seats.
    StartTable,
    /// The lobby's Leave, Close Table or Close.
    LobbyDismiss,
    /// The header's connection button: the table's window (or, with the host gone, rejoin).
    ShowTable,
    /// Leave the table (its game stays on the host).
    LeaveTable,
    /// Table talk: to everyone or to one seat.
    Say(Option<SeatNo>, String),
    /// Listen again for tables on the local network (join dialog).
    LanLook,
    /// The join dialog's table heard on the local network, by its place in the list.
    LanPick(usize),
    /// The chat page came on screen (its lines are read).
    ChatShown,
    /// A command of a test driving the window from another process (ui/app/drive.rs).
    #[cfg(feature = "drive")]
    Drive(String),
    /// Each second of a network game: the clocks of dropped players and the line.
    NetTick,
    /// The main menu's and New Game's "Learn to Play": the lessons' window.
    Lessons,
    /// Start the lesson at this place in the book.
    StartLesson(usize),
    /// The coach's "Try Again".
    LessonRetry,
    /// The coach's "Next Lesson".
    LessonNext,
    /// The coach's "Leave".
    LessonLeave,
}

/// What worker threads bring back.
#[derive(Debug)]
pub enum Cmd {
    /// A bot's decision.
    Bot(BotAnswer),
    /// A save chosen in the Load dialog, read and checked.
    Loaded(PathBuf, Box<Result<Saved, LoadError>>),
    /// The autosave at launch, read and checked (None: there is none), and when it cannot
    /// be restored, its backup if that holds a game worth resuming.
    LastGame(Option<Box<Result<Saved, LoadError>>>, Option<Box<Saved>>),
    /// A hint worked out for a decision (None: the view asked nothing).
    Hint(HintKey, Option<Box<fief::bots::hint::Hint>>),
    /// News of the line to a table (its epoch tells an old line's from the current one's).
    Net(u64, Box<Heard>),
    /// The tables heard on the local network (or why none could be).
    Lan(Result<Vec<fief::net::lan::LanTable>, String>),
    /// The table of an invitation, looked up for the join dialog.
    Peeked(String, Result<TableInfo, (Option<Refusal>, String)>),
    /// A table opened on a server for this player's seat (its number and name there).
    Created(
        Box<fief::net::watch::Made>,
        fief::net::protocol::SeatNo,
        String,
    ),
    /// The server answered the creator's Close Table (for the line of this epoch).
    ClosedOnServer(u64, Result<(), String>),
    /// News of a table the player sits at, followed in the background.
    Watched(Box<fief::net::watch::News>),
}
