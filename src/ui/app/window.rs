//! The main window's widgets: the header bar with its menu and actions (each declared once:
//! name, accelerator, message), the map, the family boards, the hand, the prompt bar, the
//! log, battle and election pages, the bar that names a failed save, the hotseat cover, and
//! the dialogs the window owns. `App` (app/mod.rs) holds them and keeps them up to date; their
//! sizes are in `sizes`.

use super::sizes::{fit_map, fit_side, SIDEBAR_WIDTH};
use crate::ui::app::msg::{post, Msg, Page};
use crate::ui::app::prefs::Prefs;
use crate::ui::board::canvas::MapCanvas;
use crate::ui::dialogs::ballot::{ElectionDialog, ElectionPanel, ElectionPanelOut};
use crate::ui::dialogs::join::JoinDialog;
use crate::ui::dialogs::later::Later;
use crate::ui::dialogs::lobby::Lobby;
use crate::ui::dialogs::new_game::{NewGameDialog, NewGameMsg, NewGameOut};
use crate::ui::dialogs::preferences::{PreferencesWindow, PrefsMsg, PrefsOut};
use crate::ui::panels::battle::{BattleOut, BattlePanel};
use crate::ui::panels::chat::ChatPage;
use crate::ui::panels::coach::Coach;
use crate::ui::panels::family_board::FamilyBoards;
use crate::ui::panels::game_log::{GameLog, LogOut};
use crate::ui::panels::hand::CardHand;
use crate::ui::panels::news::News;
use crate::ui::panels::outlook::OutlookPanel;
use crate::ui::panels::prompt_bar::{PromptBar, PromptOut};
use crate::ui::panels::purchase::{PurchaseOut, PurchasePanel};
use crate::ui::rulebook::pane::{RulesOut, RulesPane};
use crate::ui::tr;
use fief::Map;
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk, Component, ComponentController, Controller};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

pub const APP_NAME: &str = "Fief: France 1429";

/// A message made on demand (menu actions and shortcuts).
type MsgFn = fn() -> Msg;

/// A toast over the sidebar's pages. Its text (a path, a name) is shown whole: a label of
/// its own that wraps, not the toast's title, which would cut a long path. The title (Pango
/// markup, escaped) says the same to whoever reads it.
pub fn toast(toasts: &adw::ToastOverlay, s: &str) {
    let t = adw::Toast::new(&crate::ui::words::names::glib_escape(s));
    let text = gtk::Label::new(Some(s));
    text.set_wrap(true);
    text.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    text.set_max_width_chars(44);
    text.set_xalign(0.0);
    t.set_custom_title(Some(&text));
    toasts.add_toast(t);
}

/// The look of the boards, cards, dice and prompt bar.
pub const CSS: &str = "
.family-board { padding: 8px; border-radius: 8px; background: alpha(@card_bg_color, 0.9);
  border: 1px solid alpha(@borders, 0.8); }
.family-board.acting { border-color: @accent_bg_color; box-shadow: inset 0 0 0 1px @accent_bg_color; }
.fief-card { padding: 4px 8px; border-radius: 8px;
  background: #f4ecd8; color: #2b1d0e; border: 1px solid #8a6a3a; }
.fief-card.lords-deck { background: #eadcc0; border-color: #6b4a22; }
.fief-card.selected { border-color: #1c5bd6; box-shadow: inset 0 0 0 2px #1c5bd6; }
.fief-card.unplayable { opacity: 0.78; }
.fief-card.unplayable:hover { background: #f4ecd8; }
.die { min-width: 22px; min-height: 22px; border-radius: 4px; background: #fff; color: #000;
  border: 1px solid #444; font-weight: bold; }
.battle-side { padding: 6px; border-radius: 6px; background: alpha(@card_bg_color, 0.9); }
.prompt-bar { background: alpha(@accent_bg_color, 0.08); }
.prompt-bar button { padding-left: 9px; padding-right: 9px; }
.prompt-bar button.suggested-action:focus:focus-visible { outline-color: @accent_fg_color;
  outline-offset: -4px; }
.prompt-bar spinbutton > button { padding-left: 3px; padding-right: 3px; min-width: 24px; }
.prompt-bar spinbutton > text { padding-left: 6px; padding-right: 2px; }
.save-problem { padding: 8px; background: alpha(@error_bg_color, 0.15);
  border-bottom: 1px solid alpha(@error_color, 0.5); }
.news-strip { padding: 2px 8px; background: alpha(@accent_bg_color, 0.06);
  border-bottom: 1px solid alpha(@borders, 0.6); }
";

/// The widgets of the main window.
pub struct Widgets {
    pub title: adw::WindowTitle,
    pub undo_button: gtk::Button,
    /// "Hint": the computer's suggestion for the human's decision (Ctrl+H).
    pub hint_button: gtk::Button,
    /// "How to Win": each player's VP and what he is nearest to, and the map's legend.
    pub outlook: OutlookPanel,
    pub cover: adw::StatusPage,
    pub cover_button: gtk::Button,
    /// A failed save, named at the top of the sidebar until dismissed (never over the
    /// board, never moving it).
    pub problem_bar: gtk::Box,
    pub problem_label: gtk::Label,
    /// The coach of Learn to Play, at the head of the sidebar while a lesson is played.
    pub coach: Coach,
    /// Toasts show over the sidebar's pages, never over the board or the prompt bar.
    pub toasts: adw::ToastOverlay,
    /// The line beside the board: what happened since the viewer's last decision.
    pub news: News,
    pub stack: gtk::Stack,
    /// Family boards above, the log and the pages below.
    pub side: gtk::Paned,
    /// How many boards the sidebar holds (for `fit_side` when the window is resized).
    pub side_players: Rc<Cell<usize>>,
    pub map: Controller<MapCanvas>,
    pub boards: Controller<FamilyBoards>,
    pub hand: Controller<CardHand>,
    pub prompt: Controller<PromptBar>,
    pub log: Controller<GameLog>,
    pub battle: Controller<BattlePanel>,
    pub elections: Controller<ElectionPanel>,
    pub purchases: Controller<PurchasePanel>,
    pub ballot: Controller<ElectionDialog>,
    /// The dialogs, made once the window is on screen (or when first used).
    pub new_game: Later<NewGameDialog>,
    pub prefs_window: Later<PreferencesWindow>,
    pub rules: Later<RulesPane>,
    /// The line's state in the header (network games only).
    pub net_button: gtk::Button,
    pub chat: ChatPage,
    pub lobby: Lobby,
    pub join: JoinDialog,
    pub tables: crate::ui::dialogs::tables::TablesDialog,
}

impl Widgets {
    /// The hotseat cover over the board, with its title, description and button (None:
    /// the screen is not covered).
    pub fn show_cover(&self, words: Option<(String, String, String)>) {
        let Some((title, description, button)) = words else {
            self.cover.set_visible(false);
            return;
        };
        self.cover.set_title(&title);
        // The description is Pango markup: the name is escaped.
        self.cover
            .set_description(Some(&crate::ui::words::names::glib_escape(&description)));
        self.cover_button.set_label(&button);
        self.cover.set_visible(true);
    }
}

/// Builds the window's content, its actions and shortcuts; every callback posts a [`Msg`].
pub fn build(
    window: &adw::ApplicationWindow,
    sender: &relm4::Sender<Msg>,
    prefs: &Prefs,
    prefs_kept: bool,
    map: Arc<Map>,
) -> Widgets {
    let (header, title, undo_button, hint_button, net_button) = header_bar(sender);
    window_actions(window, sender);
    super::focus::track_input(window.upcast_ref());
    let outlook = OutlookPanel::new(map.clone());
    header.pack_end(&outlook.button);

    // Children.
    let board = map.clone();
    let map = MapCanvas::builder().launch(map).forward(sender, Msg::Map);
    let boards = FamilyBoards::builder().launch(()).detach();
    let hand = CardHand::builder().launch(()).forward(sender, Msg::Hand);
    let prompt = PromptBar::builder().launch(()).forward(sender, Msg::Prompt);
    let log = GameLog::builder()
        .launch(())
        .forward(sender, |LogOut::Rule(section)| {
            Msg::Prompt(PromptOut::Rule(section))
        });
    let battle = BattlePanel::builder()
        .launch(())
        .forward(sender, |BattleOut::Started| Msg::ShowPage(Page::Battle));
    let elections = ElectionPanel::builder()
        .launch(())
        .forward(sender, |ElectionPanelOut::Decided| {
            Msg::ShowPage(Page::Election)
        });
    let purchases = PurchasePanel::builder()
        .launch(())
        .forward(sender, |out| match out {
            PurchaseOut::Started => Msg::ShowPage(Page::Purchase),
            PurchaseOut::Buy { actions, finish } => Msg::Buy(actions, finish),
        });
    let ballot = ElectionDialog::builder()
        .transient_for(window)
        .launch(())
        .forward(sender, Msg::Ballot);
    let new_game = {
        let (window, sender, prefs) = (window.clone(), sender.clone(), prefs.clone());
        Later::new(move || {
            let d = NewGameDialog::builder()
                .transient_for(&window)
                .launch(())
                .forward(&sender, |out| match out {
                    NewGameOut::Start(ng) => Msg::StartGame(Box::new(ng)),
                    NewGameOut::Join => Msg::Join,
                    NewGameOut::Learn => Msg::Lessons,
                    NewGameOut::Closed => Msg::NewGameClosed,
                });
            d.emit(NewGameMsg::Pace(prefs.pace));
            d.emit(NewGameMsg::Defaults(
                prefs.default_seats.clone(),
                prefs.optional_rules,
                prefs.game_length,
            ));
            d
        })
    };
    let prefs_window = {
        let (window, sender, prefs) = (window.clone(), sender.clone(), prefs.clone());
        Later::new(move || {
            let d = PreferencesWindow::builder()
                .transient_for(&window)
                .launch(prefs.clone())
                .forward(&sender, |PrefsOut::Changed(p)| Msg::PrefsChanged(p));
            if !prefs_kept {
                d.emit(PrefsMsg::NotKept);
            }
            d
        })
    };
    let rules = {
        let (window, sender) = (window.clone(), sender.clone());
        Later::new(move || {
            RulesPane::builder()
                .transient_for(&window)
                .launch(())
                .forward(&sender, |RulesOut::Quit| Msg::Quit)
        })
    };

    // Layout: map | sidebar (families above; log, battle, election below), then the hand
    // and the prompt bar.
    let boards_scroll = gtk::ScrolledWindow::new();
    boards_scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
    boards_scroll.set_child(Some(boards.widget()));
    boards_scroll.set_vexpand(true);
    // Scrolled parts take the keyboard only through their controls: a stop of the Tab
    // chain that shows nothing loses the player.
    boards_scroll.set_focusable(false);
    let stack = gtk::Stack::new();
    stack.add_titled(log.widget(), Some(Page::Log.name()), &tr("Log"));
    let battle_scroll = gtk::ScrolledWindow::new();
    battle_scroll.set_child(Some(battle.widget()));
    battle_scroll.set_focusable(false);
    stack.add_titled(&battle_scroll, Some(Page::Battle.name()), &tr("Battle"));
    let election_scroll = gtk::ScrolledWindow::new();
    election_scroll.set_child(Some(elections.widget()));
    election_scroll.set_focusable(false);
    stack.add_titled(
        &election_scroll,
        Some(Page::Election.name()),
        &tr("Election"),
    );
    stack.add_titled(
        purchases.widget(),
        Some(Page::Purchase.name()),
        &tr("Purchases"),
    );
    // Table talk, in a network game only.
    let chat = ChatPage::new(sender);
    stack.add_titled(&chat.root, Some(Page::Chat.name()), &tr("Chat"));
    stack.page(&chat.root).set_visible(false);
    stack.set_vexpand(true);
    let switcher = gtk::StackSwitcher::new();
    switcher.set_stack(Some(&stack));
    switcher.set_halign(gtk::Align::Center);
    let lower = gtk::Box::new(gtk::Orientation::Vertical, 4);
    lower.append(&switcher);
    lower.append(&stack);
    // Toasts ("Game saved") show over the pages, never over the board or the prompt bar.
    let toasts = adw::ToastOverlay::new();
    toasts.set_child(Some(&lower));
    let side = gtk::Paned::new(gtk::Orientation::Vertical);
    side.set_start_child(Some(&boards_scroll));
    side.set_end_child(Some(&toasts));
    let side_players = Rc::new(Cell::new(4usize));
    let players = side_players.clone();
    // In a short window the boards scroll and the pages below stay usable.
    // Measured once the layout that changed the room is done, not inside it.
    side.connect_max_position_notify(move |side| {
        let (side, players) = (side.clone(), players.clone());
        glib::idle_add_local_once(move || fit_side(&side, players.get()));
    });
    fit_side(&side, 4);
    side.set_size_request(SIDEBAR_WIDTH, -1);
    let (problem_bar, problem_label) = problem_bar(sender);
    // The news line heads the sidebar, beside the board: never over it.
    let news = News::new();
    // The coach of Learn to Play, while a lesson is played.
    let coach = Coach::new(sender);
    let side_column = gtk::Box::new(gtk::Orientation::Vertical, 0);
    side_column.append(&news.bar);
    side_column.append(&problem_bar);
    side_column.append(&coach.root);
    side_column.append(&side);
    let paned = gtk::Paned::new(gtk::Orientation::Horizontal);
    paned.set_start_child(Some(map.widget()));
    paned.set_end_child(Some(&side_column));
    paned.set_resize_end_child(false);
    paned.set_shrink_end_child(false);
    paned.set_vexpand(true);
    // The board takes the width its height lets it fill; the sidebar the rest. Measured
    // once the map has its new size, outside the layout that gave it.
    if let Some(area) = map
        .widget()
        .child()
        .and_then(|c| c.downcast::<gtk::DrawingArea>().ok())
    {
        let (p, board) = (paned.clone(), board.clone());
        area.connect_resize(move |_, _, _| {
            let (p, board) = (p.clone(), board.clone());
            glib::idle_add_local_once(move || fit_map(&p, &board));
        });
    }
    let (p, board) = (paned.clone(), board.clone());
    paned.connect_max_position_notify(move |_| {
        let (p, board) = (p.clone(), board.clone());
        glib::idle_add_local_once(move || fit_map(&p, &board));
    });
    let main = gtk::Box::new(gtk::Orientation::Vertical, 0);
    main.append(&paned);
    main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
    main.append(hand.widget());
    main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
    main.append(prompt.widget());

    // The hotseat cover lies over everything but the header bar.
    let overlay = gtk::Overlay::new();
    overlay.set_child(Some(&main));
    let (cover, cover_button) = hotseat_cover(sender);
    overlay.add_overlay(&cover);
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    content.append(&overlay);
    window.set_content(Some(&content));
    Widgets {
        title,
        undo_button,
        hint_button,
        outlook,
        cover,
        cover_button,
        problem_bar,
        problem_label,
        toasts,
        news,
        stack,
        side,
        coach,
        side_players,
        map,
        boards,
        hand,
        prompt,
        log,
        battle,
        elections,
        purchases,
        ballot,
        new_game,
        prefs_window,
        rules,
        net_button,
        chat,
        lobby: Lobby::new(window, sender),
        join: JoinDialog::new(window, sender),
        tables: crate::ui::dialogs::tables::TablesDialog::new(window, sender),
    }
}

/// The header bar: New Game, Undo, Hint, the round and phase (`title`), the main menu and the
/// line to the table (network games only). Returns the bar, the title, Undo, Hint and the
/// line's button.
fn header_bar(
    sender: &relm4::Sender<Msg>,
) -> (
    adw::HeaderBar,
    adw::WindowTitle,
    gtk::Button,
    gtk::Button,
    gtk::Button,
) {
    let header = adw::HeaderBar::new();
    let title = adw::WindowTitle::new(APP_NAME, "");
    header.set_title_widget(Some(&title));
    let new_button = gtk::Button::with_label(&tr("New Game"));
    new_button.set_tooltip_text(Some(&tr("Start a new game (Ctrl+N)")));
    let s = sender.clone();
    new_button.connect_clicked(move |_| post(&s, Msg::NewGame));
    new_button.set_widget_name("new-game-button");
    header.pack_start(&new_button);
    let undo_button = gtk::Button::from_icon_name("edit-undo-symbolic");
    undo_button.set_tooltip_text(Some(&tr("Undo your last decision (Ctrl+Z)")));
    let s = sender.clone();
    undo_button.connect_clicked(move |_| post(&s, Msg::Undo));
    undo_button.set_widget_name("undo");
    header.pack_start(&undo_button);
    let hint_button = gtk::Button::with_label(&tr("Hint"));
    hint_button.set_widget_name("hint");
    hint_button.set_tooltip_text(Some(&tr(
        "Suggest a choice for your decision, with the reason (Ctrl+H)",
    )));
    let s = sender.clone();
    hint_button.connect_clicked(move |_| post(&s, Msg::Hint));
    header.pack_start(&hint_button);
    let menu = gio::Menu::new();
    let game_section = gio::Menu::new();
    game_section.append(Some(&tr("Learn to Play")), Some("win.lessons"));
    game_section.append(Some(&tr("Save…")), Some("win.save"));
    game_section.append(Some(&tr("Load…")), Some("win.load"));
    game_section.append(Some(&tr("Join a Game…")), Some("win.join"));
    game_section.append(Some(&tr("Your Tables")), Some("win.tables"));
    game_section.append(Some(&tr("Leave the Table")), Some("win.leave"));
    menu.append_section(None, &game_section);
    let app_section = gio::Menu::new();
    app_section.append(Some(&tr("Preferences")), Some("win.preferences"));
    app_section.append(Some(&tr("Rules")), Some("win.rules"));
    app_section.append(Some(&tr("Keyboard Shortcuts")), Some("win.shortcuts"));
    app_section.append(Some(&tr("About Fief")), Some("win.about"));
    menu.append_section(None, &app_section);
    let menu_button = gtk::MenuButton::new();
    menu_button.set_icon_name("open-menu-symbolic");
    menu_button.set_menu_model(Some(&menu));
    menu_button.set_tooltip_text(Some(&tr("Main menu")));
    menu_button.set_widget_name("main-menu");
    // The menu's tooltip would lie over its first entries ("Save…"): none while it is open.
    if let Some(pop) = menu_button.popover() {
        let b = menu_button.clone();
        pop.connect_visible_notify(move |pop| b.set_has_tooltip(!pop.is_visible()));
    }
    header.pack_end(&menu_button);
    // The line to the table, in a network game: its state; a click shows the table.
    let net_button = gtk::Button::with_label("");
    net_button.set_widget_name("net-status");
    net_button.add_css_class("flat");
    net_button.set_tooltip_text(Some(&tr("The table: its invitation and who is there")));
    let s = sender.clone();
    net_button.connect_clicked(move |_| post(&s, Msg::ShowTable));
    net_button.set_visible(false);
    header.pack_end(&net_button);
    (header, title, undo_button, hint_button, net_button)
}

/// The window's actions (the main menu's entries) and its keyboard shortcuts.
fn window_actions(window: &adw::ApplicationWindow, sender: &relm4::Sender<Msg>) {
    let actions: [(&str, MsgFn); 10] = [
        ("tables", || Msg::Tables),
        ("lessons", || Msg::Lessons),
        ("save", || Msg::Save),
        ("load", || Msg::Load),
        ("join", || Msg::Join),
        ("leave", || Msg::LeaveTable),
        ("preferences", || Msg::Preferences),
        ("rules", || Msg::Rules),
        ("shortcuts", || Msg::Shortcuts),
        ("about", || Msg::About),
    ];
    for (name, msg) in actions {
        let a = gio::SimpleAction::new(name, None);
        let s = sender.clone();
        a.connect_activate(move |_, _| post(&s, msg()));
        window.add_action(&a);
    }
    // Keyboard shortcuts.
    let keys = gtk::ShortcutController::new();
    keys.set_scope(gtk::ShortcutScope::Global);
    let bind: [(&str, MsgFn); 18] = [
        ("<Control>t", || Msg::Tables),
        ("<Control>h", || Msg::Hint),
        ("<Control>j", || Msg::Join),
        ("Return", || Msg::MainButton),
        ("KP_Enter", || Msg::MainButton),
        ("space", || Msg::MainButton),
        ("<Control>q", || Msg::Quit),
        ("<Control>n", || Msg::NewGame),
        ("<Control>z", || Msg::Undo),
        ("<Control>s", || Msg::Save),
        ("<Control>o", || Msg::Load),
        ("F1", || Msg::Rules),
        ("<Control>comma", || Msg::Preferences),
        ("<Control>question", || Msg::Shortcuts),
        ("Escape", || Msg::Cancel),
        ("<Control>plus", || Msg::Zoom(1)),
        ("<Control>minus", || Msg::Zoom(-1)),
        ("<Control>0", || Msg::Zoom(0)),
    ];
    add_shortcuts(&keys, &bind, sender);
    window.add_controller(keys);
    // F6 goes from part to part of the window before the panes take it for their own
    // cycling (a GtkPaned binds F6).
    let first = gtk::ShortcutController::new();
    first.set_propagation_phase(gtk::PropagationPhase::Capture);
    let regions: [(&str, MsgFn); 2] = [
        ("F6", || Msg::NextRegion(false)),
        ("<Shift>F6", || Msg::NextRegion(true)),
    ];
    add_shortcuts(&first, &regions, sender);
    window.add_controller(first);
}

/// Each accelerator of `bind` posts its message through `keys`.
fn add_shortcuts(
    keys: &gtk::ShortcutController,
    bind: &[(&str, MsgFn)],
    sender: &relm4::Sender<Msg>,
) {
    for (accel, msg) in bind.iter().copied() {
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string(accel),
            Some(gtk::CallbackAction::new(move |_, _| {
                post(&s, msg());
                glib::Propagation::Stop
            })),
        ));
    }
}

/// The bar naming a failed save at the top of the sidebar until dismissed: it never covers
/// the board nor moves it. Returns the bar and its line for the message.
fn problem_bar(sender: &relm4::Sender<Msg>) -> (gtk::Box, gtk::Label) {
    let problem_bar = gtk::Box::new(gtk::Orientation::Vertical, 6);
    problem_bar.add_css_class("save-problem");
    problem_bar.set_widget_name("save-problem");
    // The path whole, wrapped anywhere (a path has few spaces).
    let problem_head = gtk::Label::new(Some(&tr("Your game is not saved")));
    problem_head.add_css_class("heading");
    problem_head.set_xalign(0.0);
    problem_head.set_wrap(true);
    problem_bar.append(&problem_head);
    let problem_label = gtk::Label::new(None);
    problem_label.set_xalign(0.0);
    problem_label.set_wrap(true);
    problem_label.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    problem_bar.append(&problem_label);
    let problem_buttons = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    problem_buttons.set_halign(gtk::Align::End);
    let problem_actions: [(String, MsgFn); 2] = [
        (tr("Save As…"), || Msg::Save),
        (tr("Dismiss"), || Msg::DismissProblem),
    ];
    for (label, msg) in problem_actions {
        let b = gtk::Button::with_label(&label);
        let s = sender.clone();
        b.connect_clicked(move |_| post(&s, msg()));
        problem_buttons.append(&b);
    }
    problem_bar.append(&problem_buttons);
    problem_bar.set_visible(false);
    (problem_bar, problem_label)
}

/// The hotseat cover (hidden until a screen must be covered) and its button.
fn hotseat_cover(sender: &relm4::Sender<Msg>) -> (adw::StatusPage, gtk::Button) {
    let cover = adw::StatusPage::new();
    cover.set_icon_name(Some("view-conceal-symbolic"));
    cover.add_css_class("background");
    let cover_button = gtk::Button::with_label("");
    cover_button.add_css_class("pill");
    cover_button.add_css_class("suggested-action");
    cover_button.set_halign(gtk::Align::Center);
    cover_button.set_widget_name("uncover");
    let s = sender.clone();
    cover_button.connect_clicked(move |_| post(&s, Msg::Uncover));
    cover.set_child(Some(&cover_button));
    cover.set_visible(false);
    (cover, cover_button)
}
