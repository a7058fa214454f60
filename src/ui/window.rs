//! The main window's widgets: the header bar with its menu and actions (each declared once:
//! name, accelerator, message), the map, the family boards, the hand, the prompt bar, the
//! log, battle and election pages, the bar that names a failed save, the hotseat cover, and
//! the dialogs the window owns. `App` (app.rs) holds them and keeps them up to date.

use super::app::{App, Msg, APP_NAME};
use super::battle_panel::{BattleOut, BattlePanel};
use super::card_hand::CardHand;
use super::election_dialog::{ElectionDialog, ElectionPanel, ElectionPanelOut};
use super::family_board::FamilyBoards;
use super::game_log::{GameLog, LogOut};
use super::map_canvas::MapCanvas;
use super::new_game::{NewGameDialog, NewGameMsg, NewGameOut};
use super::preferences::{PreferencesWindow, Prefs, PrefsOut};
use super::prompt_bar::{PromptBar, PromptOut};
use super::purchase_panel::{PurchaseOut, PurchasePanel};
use super::rules_pane::RulesPane;
use super::tr;
use fief::Map;
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk, Component, ComponentController, ComponentSender, Controller};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

/// A message made on demand (menu actions and shortcuts).
type MsgFn = fn() -> Msg;

/// Sends a message to the window from a GTK callback; once the window is gone (its runtime
/// shut down) the message is dropped instead of panicking inside the callback.
pub fn post(s: &ComponentSender<App>, m: Msg) {
    s.input_sender().send(m).ok();
}

/// The look of the boards, cards, dice and prompt bar.
pub const CSS: &str = "
.family-board { padding: 8px; border-radius: 8px; background: alpha(@card_bg_color, 0.9);
  border: 1px solid alpha(@borders, 0.8); }
.family-board.acting { border: 2px solid @accent_bg_color; }
.fief-card { padding: 4px 8px; border-radius: 8px;
  background: #f4ecd8; color: #2b1d0e; border: 1px solid #8a6a3a; }
.fief-card.lords-deck { background: #eadcc0; border-color: #6b4a22; }
.fief-card.selected { border: 3px solid #1c5bd6; }
.fief-card.unplayable { opacity: 0.78; }
.fief-card.unplayable:hover { background: #f4ecd8; }
.die { min-width: 22px; min-height: 22px; border-radius: 4px; background: #fff; color: #000;
  border: 1px solid #444; font-weight: bold; }
.battle-side { padding: 6px; border-radius: 6px; background: alpha(@card_bg_color, 0.9); }
.prompt-bar { background: alpha(@accent_bg_color, 0.08); }
.summary-card { padding: 6px 10px; border-radius: 8px; background: alpha(@card_bg_color, 0.96);
  border: 1px solid alpha(@borders, 0.9); box-shadow: 0 2px 6px alpha(black, 0.25); }
";

/// The width of the sidebar (family boards, log, battle and election pages).
pub const SIDEBAR_WIDTH: i32 = 380;

/// The map's share of a window of `width` × `height`: what the header bar, the sidebar,
/// the hand and the prompt bar leave (the sizes are fixed, so the map never rescales when
/// a decision changes).
#[cfg_attr(not(test), allow(dead_code))]
pub fn map_area(width: i32, height: i32) -> (f64, f64) {
    let header = 47;
    let hand = super::card_hand::HAND_HEIGHT + 8 + 1;
    let prompt = super::prompt_bar::PROMPT_HEIGHT + 14 + 1;
    (
        (width - SIDEBAR_WIDTH - 6) as f64,
        (height - header - hand - prompt) as f64,
    )
}

/// The height that shows `players` closed family boards without scrolling.
/// Places the sidebar's divider: every board in sight when there is room, else the boards
/// scroll and the pages below keep 170 px.
pub fn fit_side(side: &gtk::Paned, players: usize) {
    let max = side.max_position();
    let want = if max <= 0 {
        boards_height(players)
    } else {
        boards_height(players).min((max - 170).max(140))
    };
    if side.position() != want {
        side.set_position(want);
    }
}

pub fn boards_height(players: usize) -> i32 {
    players as i32 * 60 + 12
}

/// The widgets of the main window.
pub struct Widgets {
    pub title: adw::WindowTitle,
    pub undo_button: gtk::Button,
    /// "Hint": the computer's suggestion for the human's decision (Ctrl+H).
    pub hint_button: gtk::Button,
    pub cover: adw::StatusPage,
    pub cover_button: gtk::Button,
    pub problem_bar: gtk::InfoBar,
    pub problem_label: gtk::Label,
    pub toasts: adw::ToastOverlay,
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
    pub new_game: Controller<NewGameDialog>,
    pub prefs_window: Controller<PreferencesWindow>,
    pub rules: Controller<RulesPane>,
}

/// Builds the window's content, its actions and shortcuts; every callback posts a [`Msg`].
pub fn build(
    window: &adw::ApplicationWindow,
    sender: &ComponentSender<App>,
    prefs: &Prefs,
    map: Arc<Map>,
) -> Widgets {
    // Header bar.
    let header = adw::HeaderBar::new();
    let title = adw::WindowTitle::new(APP_NAME, "");
    header.set_title_widget(Some(&title));
    let new_button = gtk::Button::with_label(&tr("New Game"));
    new_button.set_tooltip_text(Some(&tr("Start a new game (Ctrl+N)")));
    let s = sender.clone();
    new_button.connect_clicked(move |_| post(&s, Msg::NewGame));
    header.pack_start(&new_button);
    let undo_button = gtk::Button::from_icon_name("edit-undo-symbolic");
    undo_button.set_tooltip_text(Some(&tr("Undo your last decision (Ctrl+Z)")));
    let s = sender.clone();
    undo_button.connect_clicked(move |_| post(&s, Msg::Undo));
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
    game_section.append(Some(&tr("Save…")), Some("win.save"));
    game_section.append(Some(&tr("Load…")), Some("win.load"));
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
    header.pack_end(&menu_button);
    let actions: [(&str, MsgFn); 6] = [
        ("save", || Msg::Save),
        ("load", || Msg::Load),
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
    let bind: [(&str, MsgFn); 16] = [
        ("<Control>h", || Msg::Hint),
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
    for (accel, msg) in bind {
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string(accel),
            Some(gtk::CallbackAction::new(move |_, _| {
                post(&s, msg());
                glib::Propagation::Stop
            })),
        ));
    }
    window.add_controller(keys);

    // Children.
    let map = MapCanvas::builder()
        .launch(map)
        .forward(sender.input_sender(), Msg::Map);
    let boards = FamilyBoards::builder().launch(()).detach();
    let hand = CardHand::builder()
        .launch(())
        .forward(sender.input_sender(), Msg::Hand);
    let prompt = PromptBar::builder()
        .launch(())
        .forward(sender.input_sender(), Msg::Prompt);
    let log = GameLog::builder()
        .launch(())
        .forward(sender.input_sender(), |LogOut::Rule(section)| {
            Msg::Prompt(PromptOut::Rule(section))
        });
    let battle = BattlePanel::builder()
        .launch(())
        .forward(sender.input_sender(), |BattleOut::Started| {
            Msg::ShowPage("battle")
        });
    let elections = ElectionPanel::builder()
        .launch(())
        .forward(sender.input_sender(), |ElectionPanelOut::Decided| {
            Msg::ShowPage("election")
        });
    let purchases = PurchasePanel::builder()
        .launch(())
        .forward(sender.input_sender(), |out| match out {
            PurchaseOut::Started => Msg::ShowPage("purchase"),
            PurchaseOut::Buy { actions, finish } => Msg::Buy(actions, finish),
        });
    let ballot = ElectionDialog::builder()
        .transient_for(window)
        .launch(())
        .forward(sender.input_sender(), Msg::Ballot);
    let new_game = NewGameDialog::builder()
        .transient_for(window)
        .launch(())
        .forward(sender.input_sender(), |out| match out {
            NewGameOut::Start(ng) => Msg::StartGame(Box::new(ng)),
            NewGameOut::Closed => Msg::NewGameClosed,
        });
    new_game.emit(NewGameMsg::Defaults(
        prefs.default_seats.clone(),
        prefs.optional_rules,
        prefs.game_length,
    ));
    let prefs_window = PreferencesWindow::builder()
        .transient_for(window)
        .launch(prefs.clone())
        .forward(sender.input_sender(), |PrefsOut::Changed(p)| {
            Msg::PrefsChanged(p)
        });
    let rules = RulesPane::builder()
        .transient_for(window)
        .launch(())
        .detach();

    // Layout: map | sidebar (families above; log, battle, election below), then the hand
    // and the prompt bar.
    let boards_scroll = gtk::ScrolledWindow::new();
    boards_scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
    boards_scroll.set_child(Some(boards.widget()));
    boards_scroll.set_vexpand(true);
    let stack = gtk::Stack::new();
    stack.add_titled(log.widget(), Some("log"), &tr("Log"));
    let battle_scroll = gtk::ScrolledWindow::new();
    battle_scroll.set_child(Some(battle.widget()));
    stack.add_titled(&battle_scroll, Some("battle"), &tr("Battle"));
    let election_scroll = gtk::ScrolledWindow::new();
    election_scroll.set_child(Some(elections.widget()));
    stack.add_titled(&election_scroll, Some("election"), &tr("Election"));
    stack.add_titled(purchases.widget(), Some("purchase"), &tr("Purchases"));
    stack.set_vexpand(true);
    let switcher = gtk::StackSwitcher::new();
    switcher.set_stack(Some(&stack));
    switcher.set_halign(gtk::Align::Center);
    let lower = gtk::Box::new(gtk::Orientation::Vertical, 4);
    lower.append(&switcher);
    lower.append(&stack);
    let side = gtk::Paned::new(gtk::Orientation::Vertical);
    side.set_start_child(Some(&boards_scroll));
    side.set_end_child(Some(&lower));
    let side_players = Rc::new(Cell::new(4usize));
    let players = side_players.clone();
    // In a short window the boards scroll and the pages below stay usable.
    side.connect_max_position_notify(move |side| fit_side(side, players.get()));
    fit_side(&side, 4);
    side.set_size_request(SIDEBAR_WIDTH, -1);
    let paned = gtk::Paned::new(gtk::Orientation::Horizontal);
    paned.set_start_child(Some(map.widget()));
    paned.set_end_child(Some(&side));
    paned.set_resize_end_child(false);
    paned.set_shrink_end_child(false);
    paned.set_vexpand(true);
    let main = gtk::Box::new(gtk::Orientation::Vertical, 0);
    // A failed save stays named above the board until dismissed.
    let problem_bar = gtk::InfoBar::new();
    problem_bar.set_message_type(gtk::MessageType::Error);
    problem_bar.set_show_close_button(true);
    problem_bar.set_widget_name("save-problem");
    let problem_label = gtk::Label::new(None);
    problem_label.set_wrap(true);
    problem_label.set_xalign(0.0);
    problem_label.set_hexpand(true);
    problem_bar.add_child(&problem_label);
    problem_bar.add_button(&tr("Save As…"), gtk::ResponseType::Apply);
    let s = sender.clone();
    problem_bar.connect_response(move |_, r| {
        post(
            &s,
            if r == gtk::ResponseType::Apply {
                Msg::Save
            } else {
                Msg::DismissProblem
            },
        )
    });
    problem_bar.set_visible(false);
    main.append(&problem_bar);
    main.append(&paned);
    main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
    main.append(hand.widget());
    main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
    main.append(prompt.widget());

    // The hotseat cover lies over everything but the header bar.
    let overlay = gtk::Overlay::new();
    overlay.set_child(Some(&main));
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
    overlay.add_overlay(&cover);
    let toasts = adw::ToastOverlay::new();
    toasts.set_child(Some(&overlay));
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    content.append(&toasts);
    window.set_content(Some(&content));
    Widgets {
        title,
        undo_button,
        hint_button,
        cover,
        cover_button,
        problem_bar,
        problem_label,
        toasts,
        stack,
        side,
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
    }
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
