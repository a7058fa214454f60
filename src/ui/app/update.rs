//! What the window does with each message (`Msg`) and each worker's answer (`Cmd`): one arm a
//! message, and every arm says whether the game moves on and the window is drawn again
//! ([`Redraw`]). An arm longer than a few lines is a method named for what it does, here or in
//! its flow's own file (input, files, net, net_news).

use super::{apply_animations, paced, App};
use crate::ui::app::files;
use crate::ui::app::msg::{Cmd, Msg};
use crate::ui::app::prefs::Prefs;
use crate::ui::app::trail::Trail;
use crate::ui::board::canvas::{MapMsg, MapOut};
use crate::ui::dialogs::about;
use crate::ui::dialogs::ballot::{BallotMsg, BallotOut};
use crate::ui::dialogs::new_game::{NewGame, NewGameMsg};
use crate::ui::dialogs::preferences::PrefsMsg;
use crate::ui::panels::hand::HandOut;
use crate::ui::panels::prompt_bar::{PromptMsg, PromptOut};
use crate::ui::plan::clicks::Selection;
use crate::ui::rulebook::pane::RulesMsg;
use crate::ui::tr;
use crate::ui::words::{messages, status};
use fief::rules::{Action, Game};
use fief::session::{Answered, Seat};
use relm4::gtk::prelude::*;
use relm4::{ComponentController, ComponentSender};
use std::path::PathBuf;

/// Whether, after a message, the game moves on (bots set thinking, decisions sent to the
/// host) and every part of the window is drawn again (`App::advance`), or the window stays as
/// it is because nothing it shows has changed.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Redraw {
    Yes,
    No,
}

impl Redraw {
    /// `Yes` when something on screen changed.
    pub(super) fn when(changed: bool) -> Redraw {
        if changed {
            Redraw::Yes
        } else {
            Redraw::No
        }
    }
}

impl App {
    /// The window's answer to one of its messages.
    pub(super) fn on_msg(&mut self, msg: Msg, sender: &ComponentSender<Self>) -> Redraw {
        use Redraw::{No, Yes};
        // Leaving the table this app hosts asks first (tables/hosted.rs).
        let Some(msg) = self.ask_before_leaving(msg) else {
            return No;
        };
        match msg {
            // A game: started, taken back, hinted.
            Msg::NewGame => {
                // Nothing plays behind the dialog.
                self.session.pause();
                self.w.new_game.emit(NewGameMsg::Open);
                Yes
            }
            Msg::NewGameClosed => {
                self.play_on();
                Yes
            }
            Msg::StartGame(ng) => self.start_game(*ng, sender),
            Msg::Undo => {
                self.undo();
                Yes
            }
            Msg::Hint | Msg::Ballot(BallotOut::Hint) => {
                self.ask_hint(sender);
                Yes
            }
            Msg::EndDialog(new) => {
                if new {
                    sender.input(Msg::NewGame);
                }
                No
            }
            Msg::Shown(ask) => self.shown(ask, sender),
            // Learn to Play.
            Msg::Lessons => self.open_lessons(),
            Msg::StartLesson(i) => self.start_lesson(i),
            Msg::LessonRetry => self.retry_lesson(),
            Msg::LessonNext => self.next_lesson(),
            Msg::LessonLeave => self.leave_lesson(),
            // Files and quitting.
            Msg::Save => self.save(),
            Msg::Load => {
                self.session.pause();
                self.files.load_dialog();
                Yes
            }
            Msg::SaveTo(path) => self.save_to(path),
            Msg::LoadFrom(path) => self.load_from(path, sender),
            Msg::Resume(yes) => self.resume(yes),
            Msg::Quit => {
                // Ctrl+Q quits for good, even when the window would go to the background.
                self.quitting = true;
                self.window.close();
                No
            }
            Msg::CloseRequest => {
                if self.stays_in_background() {
                    self.go_to_background();
                } else if !self.ask_before_closing_table() {
                    self.files.close_request(&mut self.session);
                }
                No
            }
            Msg::HostedTableClosing(answer, then) => {
                self.hosted_table_closing(&answer, then, sender)
            }
            Msg::SaveAndQuit => {
                self.session.pause();
                self.files.save_and_quit(self.session.game().round);
                Yes
            }
            Msg::ForceQuit => {
                self.files.force_quit(&self.session);
                No
            }
            Msg::DismissProblem => {
                self.files.dismiss(&self.session);
                Yes
            }
            // Other windows and pages.
            Msg::Preferences => {
                self.w.prefs_window.emit(PrefsMsg::Open);
                No
            }
            Msg::PrefsChanged(p) => self.prefs_changed(*p),
            Msg::Rules => {
                self.w.rules.emit(RulesMsg::Open);
                No
            }
            Msg::Prompt(PromptOut::Rule(section)) => {
                self.w.rules.emit(RulesMsg::Show(section));
                No
            }
            Msg::Shortcuts => {
                about::shortcuts_window(&self.window).present();
                No
            }
            Msg::NextRegion(back) => {
                self.next_region(back);
                No
            }
            Msg::About => {
                about::about_window(&self.window).present();
                No
            }
            Msg::ShowPage(page) => {
                page.show_in(&self.w.stack);
                No
            }
            Msg::Zoom(z) => {
                self.w.map.emit(match z {
                    1 => MapMsg::ZoomIn,
                    -1 => MapMsg::ZoomOut,
                    _ => MapMsg::ZoomReset,
                });
                No
            }
            // The human's decisions (input.rs).
            Msg::Cancel => {
                self.cancel();
                Yes
            }
            Msg::MainButton => {
                self.w.prompt.emit(PromptMsg::Main);
                No
            }
            Msg::Map(MapOut::Clicked(v)) => {
                self.clicked(v);
                Yes
            }
            Msg::Map(MapOut::Dragged(from, to)) => {
                self.dragged(from, to);
                Yes
            }
            Msg::Map(MapOut::DragRefused(from, to)) => {
                self.drag_refused(from, to);
                Yes
            }
            Msg::Hand(HandOut::Waits(why)) | Msg::Prompt(PromptOut::Refused(why)) => {
                self.status = why;
                Yes
            }
            Msg::Hand(HandOut::Clicked(c)) => {
                self.card_clicked(c);
                Yes
            }
            // "Done buying" buys what the purchase panel's basket holds first.
            Msg::Prompt(PromptOut::Chosen(Action::EndPurchase)) => {
                let basket = self.w.purchases.model().basket();
                self.submit_all(basket, true);
                Yes
            }
            Msg::Prompt(PromptOut::Chosen(a)) | Msg::Ballot(BallotOut::Vote(a)) => {
                self.submit(a);
                Yes
            }
            Msg::Prompt(PromptOut::ChosenAll(actions)) => {
                self.submit_all(actions, false);
                Yes
            }
            Msg::Buy(actions, finish) => {
                self.submit_all(actions, finish);
                Yes
            }
            Msg::Prompt(PromptOut::Select(s)) => {
                self.selection = s;
                Yes
            }
            Msg::Prompt(PromptOut::OpenBallot) => {
                let (view, legal) = self.frame();
                self.w.ballot.emit(BallotMsg::Open(view, legal));
                No
            }
            Msg::Prompt(PromptOut::Stand(order)) => {
                self.stand(order);
                Yes
            }
            Msg::Ballot(BallotOut::Quit) => {
                self.w.ballot.emit(BallotMsg::Close);
                self.window.close();
                No
            }
            Msg::Uncover => {
                self.session.uncover();
                Yes
            }
            Msg::Confirmed(key, a) => Redraw::when(self.confirmed(key, *a)),
            Msg::Answer(key, yes, every) => Redraw::when(self.answered(key, yes, every)),
            // Network play (net.rs, net_news.rs).
            Msg::Join => {
                self.open_join();
                self.look_on_lan(sender);
                No
            }
            Msg::LanLook => {
                self.look_on_lan(sender);
                No
            }
            Msg::LanPick(i) => {
                self.pick_lan(i, sender);
                No
            }
            Msg::JoinLookUp(code) => {
                self.look_up(code, sender);
                No
            }
            Msg::JoinSeat(code, seat, name) => {
                self.remember_player_name(&name);
                self.join_seat(&code, seat, &name, sender);
                Yes
            }
            Msg::Rejoin(i) => {
                self.w.tables.close();
                self.rejoin(i, sender);
                Yes
            }
            Msg::Tables => {
                self.open_tables(sender);
                No
            }
            Msg::Mapped => {
                self.back_from_background();
                Yes
            }
            Msg::TablesClosed => {
                // At launch, closing the list without a table goes on to the last game.
                if std::mem::take(&mut self.tables_at_launch) && self.idle && self.net.is_none() {
                    return self.after_tables(sender);
                }
                No
            }
            Msg::FollowTables => {
                self.follow_tables(sender);
                No
            }
            Msg::StartTable => {
                self.start_table();
                No
            }
            Msg::LobbyDismiss => {
                self.lobby_dismiss(sender);
                Yes
            }
            Msg::ShowTable => {
                self.show_table(sender);
                No
            }
            Msg::LeaveTable => self.leave_table(),
            Msg::Say(to, text) => {
                self.say(to, text);
                No
            }
            Msg::ChatShown => {
                self.chat_read();
                No
            }
            Msg::NetTick => {
                self.net_tick();
                No
            }
            #[cfg(feature = "drive")]
            Msg::Drive(line) => Redraw::when(self.drive(&line)),
        }
    }

    /// The window's answer to what a worker thread brought back.
    pub(super) fn on_cmd(&mut self, cmd: Cmd, sender: &ComponentSender<Self>) -> Redraw {
        use Redraw::{No, Yes};
        match cmd {
            Cmd::Bot(answer) => {
                let mark = answer
                    .action
                    .as_ref()
                    .and_then(|a| Trail::mark_of(self.game(), answer.player, a));
                match self.session.answer(answer) {
                    Answered::Applied(..) => {
                        self.trail.record(mark);
                        self.selection = Selection::None;
                        self.status.clear();
                        Yes
                    }
                    Answered::Stale => Yes,
                    Answered::Failed(f) => {
                        let e = status::bot_failure(self.game(), &f);
                        self.bot_errors.push(e.clone());
                        self.toast(&e);
                        No
                    }
                }
            }
            Cmd::Loaded(path, r) => {
                match self.files.loaded(&path, *r) {
                    Some(saved) => {
                        let migrated = saved.migrated_from.is_some();
                        self.files.keep_current_game(&self.session, self.idle);
                        if self.set_session(saved.game, saved.seats, true) {
                            self.files.say_loaded(migrated);
                        }
                    }
                    None => self.play_on(),
                }
                Yes
            }
            Cmd::Hint(key, hint) => {
                if self.hints.arrived(key, hint.map(|h| *h), self.hint_key()) {
                    self.status = tr("No hint: there is nothing to choose here.");
                }
                Yes
            }
            Cmd::Net(epoch, heard) => Redraw::when(self.heard(epoch, *heard)),
            Cmd::Lan(got) => {
                self.heard_on_lan(got);
                No
            }
            Cmd::Created(got, me, name) => {
                self.created(*got, me, name, sender);
                No
            }
            Cmd::ClosedOnServer(epoch, got) => {
                self.closed_on_server(epoch, got);
                Yes
            }
            Cmd::Watched(news) => {
                self.watched(*news);
                No
            }
            Cmd::Peeked(code, got) => {
                match got {
                    Ok(info) => self.w.join.show_table(&code, &info),
                    Err((why, reason)) => self
                        .w
                        .join
                        .show_error(&crate::ui::app::net_play::refusal_words(why, &reason)),
                }
                No
            }
            Cmd::LastGame(last, backup) => {
                // A game started meanwhile (Ctrl+N, Ctrl+O) is not interrupted.
                if self.idle && !self.files.offer_resume(last, backup) {
                    self.w.new_game.emit(NewGameMsg::Open);
                }
                No
            }
        }
    }

    /// The New Game dialog's game: hosted for a table when a seat is another computer's,
    /// played here otherwise.
    fn start_game(&mut self, ng: NewGame, sender: &ComponentSender<Self>) -> Redraw {
        let hosted = ng.seats.contains(&Seat::Remote);
        let game = if hosted {
            None
        } else {
            match Game::with_map(ng.options.clone(), self.game().map.clone()) {
                Ok(g) => Some(g),
                Err(e) => {
                    self.toast(&messages::rule_error(&e));
                    return Redraw::Yes;
                }
            }
        };
        if ng.remember(&mut self.prefs) {
            self.w
                .prefs_window
                .emit(PrefsMsg::Set(Box::new(self.prefs.clone())));
            self.store_prefs();
        }
        match game {
            None => self.host_game(&ng, sender),
            Some(g) => {
                self.files.keep_current_game(&self.session, self.idle);
                self.set_session(g, ng.seats.clone(), true);
            }
        }
        Redraw::Yes
    }

    /// Undo: the human's last decision taken back.
    fn undo(&mut self) {
        if self.session.undo() {
            self.forget_trail();
            self.selection = Selection::None;
            self.dialogs.ask_again();
            self.status = tr("Decision taken back.");
        }
    }

    /// Escape: the selection dropped, and a player standing in the hotseat stands down.
    fn cancel(&mut self) {
        self.selection = Selection::None;
        if let Some(p) = self.session.viewer() {
            self.session.stand_down(p);
        }
    }

    /// Save…: the chooser, with nothing playing behind it (the game saved is the one on
    /// screen); a network game is kept by its host.
    fn save(&mut self) -> Redraw {
        if self.net.as_ref().is_some_and(|n| n.playing) {
            self.toast(&tr(
                "A game over the network is kept by its host: there is nothing to save here.",
            ));
            return Redraw::No;
        }
        self.session.pause();
        self.files.save_dialog(self.session.game().round);
        Redraw::Yes
    }

    /// The Save chooser's answer.
    fn save_to(&mut self, path: Option<PathBuf>) -> Redraw {
        if self.files.saved_to(path, &self.session) {
            return Redraw::No;
        }
        self.play_on();
        Redraw::Yes
    }

    /// The Load chooser's answer: the file read and checked on a worker thread, so that a
    /// large or damaged file never freezes the window.
    fn load_from(&mut self, path: Option<PathBuf>, sender: &ComponentSender<Self>) -> Redraw {
        let Some(path) = self.files.load_chosen(path) else {
            self.play_on();
            return Redraw::Yes;
        };
        sender.spawn_oneshot_command(move || files::load(path));
        Redraw::Yes
    }

    /// The answer to "Resume your last game?".
    fn resume(&mut self, yes: bool) -> Redraw {
        match self.files.resume(yes) {
            Some(saved) => {
                self.set_session(saved.game, saved.seats, true);
                Redraw::Yes
            }
            None => {
                self.w.new_game.emit(NewGameMsg::Open);
                Redraw::No
            }
        }
    }

    /// Preferences changed: each setting passed to the part of the window or the session
    /// that uses it, then kept.
    /// The name the player sits down under at a table, kept in the preferences for the
    /// next time (`prefs::suggested_name`).
    pub(super) fn remember_player_name(&mut self, name: &str) {
        if super::prefs::remember_name(&mut self.prefs, name) {
            let name = super::prefs::suggested_name(&self.prefs);
            self.w.new_game.emit(NewGameMsg::PlayerName(name));
            self.w
                .prefs_window
                .emit(PrefsMsg::Set(Box::new(self.prefs.clone())));
            self.store_prefs();
        }
    }

    fn prefs_changed(&mut self, p: Prefs) -> Redraw {
        if p.animations != self.prefs.animations {
            apply_animations(p.animations);
        }
        if p.default_seats != self.prefs.default_seats
            || p.optional_rules != self.prefs.optional_rules
            || p.game_length != self.prefs.game_length
        {
            self.w.new_game.emit(NewGameMsg::Defaults(
                p.default_seats.clone(),
                p.optional_rules,
                p.game_length,
            ));
        }
        self.session.set_auto_pass(p.auto_pass);
        self.session.set_skip_idle(p.skip_idle);
        self.session.set_roll_for_me(!p.decide_rolls);
        self.session.set_losses_for_me(!p.choose_losses);
        if p.pace != self.prefs.pace {
            self.w.new_game.emit(NewGameMsg::Pace(p.pace));
        }
        self.session
            .set_hard_budget(paced(self.hard_budget, p.pace));
        self.prefs = p;
        self.store_prefs();
        Redraw::Yes
    }

    /// The window came on screen: the dialogs are made, the preferences' problems told, and
    /// (`ask`) the table or the last game offered, or New Game opened.
    fn shown(&mut self, ask: bool, sender: &ComponentSender<Self>) -> Redraw {
        if self.shown {
            return Redraw::No;
        }
        self.shown = true;
        // The dialogs are made now that the window is on screen, before anyone asks for them.
        self.w.new_game.get();
        let code = self.server_code();
        if !code.is_empty() {
            self.w.new_game.emit(NewGameMsg::ServerCode(code));
        }
        let name = super::prefs::suggested_name(&self.prefs);
        self.w.new_game.emit(NewGameMsg::PlayerName(name));
        self.w.prefs_window.get();
        self.w.rules.get();
        for problem in std::mem::take(&mut self.prefs_problems) {
            let m = problem.message();
            eprintln!("fief: {m}");
            self.toast(&m);
        }
        self.follow_tables(sender);
        if ask && self.idle && self.net.is_none() && !self.followed.is_empty() {
            self.tables_at_launch = true;
            self.open_tables(sender);
            return Redraw::No;
        }
        if ask {
            match self.files.store.clone() {
                // The last game is read and checked on a worker thread.
                Some(store) => sender.spawn_oneshot_command(move || files::last_game(&store)),
                None => self.w.new_game.emit(NewGameMsg::Open),
            }
        }
        Redraw::Yes
    }

    /// Your Tables closed at launch without a table chosen: the last game here is offered.
    fn after_tables(&mut self, sender: &ComponentSender<Self>) -> Redraw {
        match self.files.store.clone() {
            Some(store) => sender.spawn_oneshot_command(move || files::last_game(&store)),
            None => self.w.new_game.emit(NewGameMsg::Open),
        }
        Redraw::No
    }

    /// Leave the table (its game goes on at the host) and open New Game.
    fn leave_table(&mut self) -> Redraw {
        if self.net.is_none() {
            self.toast(&tr("You are not at a table over the network."));
            return Redraw::No;
        }
        self.leave_net(true);
        self.w.new_game.emit(NewGameMsg::Open);
        Redraw::Yes
    }
}
