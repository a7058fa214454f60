//! The prompt bar: says in plain words what the engine asks, names the rule it comes from,
//! and offers the choices as buttons (actions of one kind share a menu). While a Move is being
//! composed it holds the composer: which Lords go, how many Men-at-Arms and Knights, how.

use crate::ui::plan::clicks::Selection;
use crate::ui::plan::losses;
use crate::ui::plan::moves::MoveDraft;
use crate::ui::words::names;
use crate::ui::{tr, trf};
use fief::map::VillageId;
use fief::rules::{Action, MoveHow, PromptKind, View, WindowAt};
use fief::session::Standing;
use relm4::gtk::{glib, prelude::*};
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

/// The choices as buttons, the standing orders and the note under them (impl PromptBar).
mod choices;
use choices::over_text;
/// The composer of the losses of a roll (impl PromptBar).
mod composers;
/// The composer of a Move (impl PromptBar).
mod move_composer;

/// How long the buttons ignore the pointer after they changed under it: a second click
/// meant for the old button must not land on the new one.
pub const CLICK_GUARD: Duration = Duration::from_millis(400);

/// How much longer a button that appeared under a pointer held still stays out of its
/// reach: a double click, or a click made before the eye saw the change, lands on nothing.
/// Moving the pointer gives it back at once.
pub const NEW_UNDER_POINTER: Duration = Duration::from_millis(1200);

/// The bar's height, the same for every decision: the map above it never rescales.
pub const PROMPT_HEIGHT: i32 = 122;

#[derive(Debug, Clone)]
pub struct PromptData {
    pub view: Rc<View>,
    /// The viewer's legal actions (empty when it is not his decision).
    pub legal: Rc<Vec<Action>>,
    pub selection: Selection,
    /// A line of news: who is thinking, why an action was refused.
    pub status: String,
    /// The screen is covered (hotseat): no choices are shown.
    pub covered: bool,
    /// The hint asked for this decision, in words (Ctrl+H).
    pub hint: Option<String>,
}

pub struct PromptBar {
    data: Option<PromptData>,
    draft: Option<(VillageId, MoveDraft)>,
    /// The Move composer's controls, while one is shown.
    mv: Option<move_composer::Composer>,
    text: gtk::Label,
    /// "? Rule 5.0": opens the rules at the section the prompt comes from.
    section: gtk::Button,
    status: gtk::Label,
    buttons: gtk::Box,
    /// A line under the buttons: the battle's odds, or how to use the map.
    note: gtk::Label,
    /// The hint asked for (Ctrl+H), under the note; hidden when there is none.
    hint: gtk::Label,
    /// What the buttons were last built from: unchanged, they are left as they are.
    built: String,
    /// Raised each time the buttons change; the guard's timer lifts only its own.
    guard: Rc<Cell<u64>>,
    /// What Enter does: the main button's action, or the composed Move.
    main: Option<MainButton>,
    /// The composer's "Move" button, or the losses composer's "Remove" button.
    go: Option<gtk::Button>,
    /// The losses being chosen (6.2.2): how many of each casualty.
    losses: Option<losses::LossCounts>,
    /// Where the pointer is over the buttons (their box's coordinates), if it is.
    pointer: Option<(f64, f64)>,
    /// The caption of the button under the pointer when the buttons were last rebuilt, and
    /// where the pointer was then.
    under_before: Option<(String, (f64, f64))>,
    /// A button that appeared under the pointer, out of reach until the pointer moves.
    frozen: Option<gtk::Widget>,
}

#[derive(Debug, Clone)]
enum MainButton {
    Choose(Action),
    ConfirmMove,
    ConfirmLosses,
}

#[derive(Debug)]
pub enum PromptMsg {
    Show(PromptData),
    /// A change to the composed Move.
    Draft(Edit),
    ConfirmMove,
    /// The losses composer: `n` casualties of this kind.
    Loss(fief::rules::Casualty, u8),
    /// The losses composer: back to the rules' default.
    ResetLosses,
    ConfirmLosses,
    OpenRule,
    /// Enter: the main button, if the buttons are not guarded.
    Main,
    /// The pointer moved over the buttons (their box's coordinates), or left them (None).
    Pointer(Option<(f64, f64)>),
    /// The guard of the rebuild `n` lifted: a new button under the pointer stays out of
    /// reach a while longer.
    GuardLifted(u64),
    /// The button frozen by the rebuild `n` comes back within reach.
    Thaw(u64),
}

/// One change to the composed Move, applied to the draft as it is now.
#[derive(Debug, Clone, Copy)]
pub enum Edit {
    Lord(fief::rules::LordId, bool),
    Maa(u8),
    Knights(u8),
    Captives(bool),
    How(MoveHow),
    /// The counts set to about half the Troops that may go, or to all but one.
    Half,
    AllButOne,
}

#[derive(Debug)]
pub enum PromptOut {
    Chosen(Action),
    /// Several decisions in a row, taken as one (every casualty of a roll).
    ChosenAll(Vec<Action>),
    Select(Selection),
    OpenBallot,
    /// A composed Move the engine refuses: its reason is shown.
    Refused(String),
    /// Open the rules at this section.
    Rule(String),
    /// A standing order: decisions taken for the player until it runs out.
    Stand(Standing),
}

/// What a widget of the bar says: a button's label, a menu's, or its kind.
fn caption(w: &gtk::Widget) -> String {
    if let Some(b) = w.downcast_ref::<gtk::Button>() {
        return b.label().map(|l| l.to_string()).unwrap_or_default();
    }
    if let Some(m) = w.downcast_ref::<gtk::MenuButton>() {
        return m.label().map(|l| l.to_string()).unwrap_or_default();
    }
    w.type_().name().to_string()
}

impl PromptBar {
    fn add(&self, w: &impl IsA<gtk::Widget>) {
        // A click does not take the keyboard focus: Enter stays with the main button.
        w.as_ref().set_focus_on_click(false);
        self.buttons.append(w);
    }

    /// The buttons changed: for a moment they let clicks through to nothing; then a button
    /// that appeared under a pointer held still stays out of reach a while longer.
    fn arm_guard(&self, sender: &ComponentSender<Self>) {
        let n = self.guard.get() + 1;
        self.guard.set(n);
        self.buttons.set_can_target(false);
        let (guard, buttons, s) = (self.guard.clone(), self.buttons.clone(), sender.clone());
        glib::timeout_add_local_once(CLICK_GUARD, move || {
            if guard.get() == n {
                buttons.set_can_target(true);
                // (The bar may be gone by then: the message is dropped.)
                s.input_sender().send(PromptMsg::GuardLifted(n)).ok();
            }
        });
    }

    /// The button under the pointer, if any, and its caption.
    fn under_pointer(&self) -> Option<(gtk::Widget, String)> {
        let (x, y) = self.pointer?;
        let mut c = self.buttons.first_child();
        while let Some(w) = c {
            c = w.next_sibling();
            let Some(b) = w.compute_bounds(&self.buttons) else {
                continue;
            };
            let (bx, by) = (b.x() as f64, b.y() as f64);
            if x >= bx && x < bx + b.width() as f64 && y >= by && y < by + b.height() as f64 {
                let caption = caption(&w);
                return Some((w, caption));
            }
        }
        None
    }

    /// Gives a frozen button back to the pointer.
    fn thaw(&mut self) {
        if let Some(w) = self.frozen.take() {
            w.set_can_target(true);
        }
    }

    fn set_note(&self, text: &str, strong: bool) {
        self.note.set_text(text);
        self.note
            .set_tooltip_text((!text.is_empty()).then_some(text));
        if strong {
            self.note.remove_css_class("dim-label");
            self.note.add_css_class("heading");
        } else {
            self.note.remove_css_class("heading");
            self.note.add_css_class("dim-label");
        }
    }

    fn guarded(&self) -> bool {
        !self.buttons.can_target()
    }

    fn action_button(&self, label: &str, a: Action, sender: &ComponentSender<Self>) -> gtk::Button {
        let b = gtk::Button::with_label(label);
        let s = sender.clone();
        b.connect_clicked(move |_| {
            s.output(PromptOut::Chosen(a.clone())).ok();
        });
        b
    }

    /// Shows the prompt; the buttons are built again only when what they offer changed
    /// (`force`: the player changed the composed Move himself, no guard is needed).
    fn rebuild(&mut self, sender: &ComponentSender<Self>, force: bool) {
        let Some(d) = self.data.clone() else { return };
        let built = format!(
            "{:?}|{:?}|{}|{:?}",
            d.legal, d.selection, d.covered, d.view.prompt
        );
        let changed = built != self.built;
        if !changed && !force {
            self.texts(&d);
            // The composer's reasons stay in the status line.
            self.refresh_composer();
            return;
        }
        self.thaw();
        self.under_before = self
            .under_pointer()
            .and_then(|(_, caption)| Some((caption, self.pointer?)));
        while let Some(c) = self.buttons.first_child() {
            self.buttons.remove(&c);
        }
        self.set_note("", false);
        self.main = None;
        self.go = None;
        if changed && !d.legal.is_empty() {
            self.arm_guard(sender);
        }
        self.built = built;
        self.texts(&d);
        if d.covered || d.legal.is_empty() {
            return;
        }
        if let Selection::MoveTo(from, to) = d.selection {
            self.composer(from, to, sender);
            return;
        }
        if losses::losses_step(&d.legal) {
            if changed {
                self.losses = None;
            }
            self.losses_composer(&d, sender);
            return;
        }
        self.choices(&d, sender);
    }

    /// The prompt's words: what is asked, the rule, the news line.
    fn texts(&self, d: &PromptData) {
        let g = &d.view.state;
        match &d.view.prompt {
            Some(p) => {
                let text = match (&p.kind, d.view.viewer) {
                    // A play only this window gives (ruling R-WINDOW-ONLY): why it stopped.
                    (PromptKind::Window { at: WindowAt::BattleRoll(v) }, Some(me))
                        if !g.window_only_plays(me).is_empty() =>
                    {
                        trf(
                            "Last chance before the roll at {v}: a card of yours for this battle can be played only now (you decide nothing else before the dice). Play it, or pass.",
                            &[("v", &names::village(g, *v))],
                        )
                    }
                    _ => crate::ui::words::question::prompt(g, p, d.view.viewer),
                };
                self.text.set_text(&text);
                self.section
                    .set_label(&trf("? Rule {s}", &[("s", p.section)]));
                self.section.set_visible(!p.section.is_empty());
            }
            None => {
                self.text.set_text(&over_text(d));
                self.section.set_visible(false);
            }
        }
        self.text.set_tooltip_text(Some(&self.text.text()));
        self.status.set_text(&d.status);
        match &d.hint {
            Some(h) if !d.covered => {
                self.hint.set_text(h);
                self.hint.set_tooltip_text(Some(h));
                self.hint.set_visible(true);
            }
            _ => self.hint.set_visible(false),
        }
    }
}

impl PromptBar {
    /// The row of buttons (the keyboard's focus goes to its first).
    pub fn buttons(&self) -> &gtk::Box {
        &self.buttons
    }
}

impl SimpleComponent for PromptBar {
    type Init = ();
    type Input = PromptMsg;
    type Output = PromptOut;
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Vertical, 4)
    }

    fn init(_: (), root: gtk::Box, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        root.add_css_class("prompt-bar");
        root.set_margin_start(10);
        root.set_margin_end(10);
        root.set_margin_top(6);
        root.set_margin_bottom(8);
        let line = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let text = gtk::Label::new(None);
        text.set_wrap(true);
        text.set_lines(2);
        text.set_ellipsize(gtk::pango::EllipsizeMode::End);
        text.set_xalign(0.0);
        text.set_hexpand(true);
        text.add_css_class("heading");
        text.set_widget_name("prompt-text");
        let section = gtk::Button::with_label("");
        section.add_css_class("flat");
        section.set_valign(gtk::Align::Start);
        section.set_tooltip_text(Some(&tr("Read this rule")));
        section.set_widget_name("rule-link");
        let s = sender.clone();
        section.connect_clicked(move |_| s.input(PromptMsg::OpenRule));
        line.append(&text);
        let status = gtk::Label::new(None);
        status.set_xalign(0.0);
        status.set_wrap(true);
        status.set_lines(2);
        status.set_ellipsize(gtk::pango::EllipsizeMode::End);
        status.add_css_class("warning");
        status.set_hexpand(true);
        line.append(&status);
        line.append(&section);
        // Room for two lines of the question, whether it has one or two: the buttons below
        // never move because a question is longer.
        line.set_size_request(-1, 40);
        root.append(&line);
        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 4);
        buttons.set_valign(gtk::Align::Center);
        buttons.set_widget_name("prompt-buttons");
        // Where the pointer is over the buttons: a button that appears under it is not
        // clicked by a click meant for the one before.
        let motion = gtk::EventControllerMotion::new();
        let s = sender.clone();
        motion.connect_motion(move |_, x, y| {
            s.input_sender().send(PromptMsg::Pointer(Some((x, y)))).ok();
        });
        let s = sender.clone();
        motion.connect_enter(move |_, x, y| {
            s.input_sender().send(PromptMsg::Pointer(Some((x, y)))).ok();
        });
        let s = sender.clone();
        motion.connect_leave(move |_| {
            s.input_sender().send(PromptMsg::Pointer(None)).ok();
        });
        buttons.add_controller(motion);
        // One row that scrolls sideways when it is long: the bar keeps its height.
        let row = gtk::ScrolledWindow::new();
        row.set_policy(gtk::PolicyType::Automatic, gtk::PolicyType::Never);
        row.set_child(Some(&buttons));
        row.set_min_content_height(40);
        // Its buttons take the keyboard, never the row itself (a stop that shows nothing).
        row.set_focusable(false);
        root.append(&row);
        let note = gtk::Label::new(None);
        note.set_xalign(0.0);
        note.set_ellipsize(gtk::pango::EllipsizeMode::End);
        note.set_widget_name("prompt-note");
        root.append(&note);
        let hint = gtk::Label::new(None);
        hint.set_xalign(0.0);
        hint.set_wrap(true);
        hint.set_lines(2);
        hint.set_ellipsize(gtk::pango::EllipsizeMode::End);
        hint.add_css_class("accent");
        hint.set_widget_name("prompt-hint");
        hint.set_visible(false);
        root.append(&hint);
        root.set_size_request(-1, PROMPT_HEIGHT);
        ComponentParts {
            model: PromptBar {
                data: None,
                draft: None,
                mv: None,
                text,
                section,
                status,
                buttons,
                note,
                hint,
                built: String::new(),
                guard: Rc::new(Cell::new(0)),
                main: None,
                go: None,
                losses: None,
                pointer: None,
                under_before: None,
                frozen: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: PromptMsg, sender: ComponentSender<Self>) {
        match msg {
            PromptMsg::Show(d) => {
                if !matches!(d.selection, Selection::MoveTo(..)) {
                    self.draft = None;
                    self.mv = None;
                }
                self.data = Some(d);
            }
            PromptMsg::Draft(edit) => {
                self.edit_draft(edit);
                return;
            }
            PromptMsg::Main => {
                if self.guarded() {
                    return;
                }
                match self.main.clone() {
                    Some(MainButton::Choose(a)) => {
                        sender.output(PromptOut::Chosen(a)).ok();
                    }
                    Some(MainButton::ConfirmMove) => sender.input(PromptMsg::ConfirmMove),
                    Some(MainButton::ConfirmLosses) => sender.input(PromptMsg::ConfirmLosses),
                    None => {}
                }
                return;
            }
            PromptMsg::Loss(c, n) => {
                let Some(counts) = self.losses.as_mut() else {
                    return;
                };
                match counts.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, m)) => *m = n,
                    None => counts.push((c, n)),
                }
                // The widgets stay as they are (one rebuilt under the pointer would lose
                // the next click); the "Remove" button is told.
                self.losses_refusal();
                return;
            }
            PromptMsg::ResetLosses => {
                self.losses = None;
                self.rebuild(&sender, true);
                return;
            }
            PromptMsg::ConfirmLosses => {
                let (Some(d), Some(counts)) = (&self.data, &self.losses) else {
                    return;
                };
                let p = d.view.viewer.unwrap_or(0);
                match losses::losses_plan(&d.view.state, p, counts) {
                    Ok(plan) => {
                        sender.output(PromptOut::ChosenAll(plan)).ok();
                    }
                    Err(why) => {
                        sender.output(PromptOut::Refused(why)).ok();
                    }
                }
                return;
            }
            PromptMsg::Pointer(at) => {
                self.pointer = at;
                let moved = match (at, &self.under_before) {
                    (Some((x, y)), Some((_, (bx, by)))) => (x - bx).hypot(y - by) > 3.0,
                    _ => true,
                };
                if moved {
                    self.under_before = None;
                    self.thaw();
                }
                return;
            }
            PromptMsg::GuardLifted(n) => {
                if n != self.guard.get() {
                    return;
                }
                // Still where it was at the rebuild, over a button that was not there.
                let Some((before, at)) = self.under_before.clone() else {
                    return;
                };
                if self.pointer != Some(at) {
                    return;
                }
                if let Some((w, caption)) = self.under_pointer() {
                    if caption != before {
                        w.set_can_target(false);
                        self.frozen = Some(w);
                        let s = sender.clone();
                        glib::timeout_add_local_once(NEW_UNDER_POINTER, move || {
                            s.input_sender().send(PromptMsg::Thaw(n)).ok();
                        });
                    }
                }
                return;
            }
            PromptMsg::Thaw(n) => {
                if n == self.guard.get() {
                    self.thaw();
                }
                return;
            }
            PromptMsg::OpenRule => {
                let section = self
                    .data
                    .as_ref()
                    .and_then(|d| d.view.prompt.as_ref())
                    .map(|p| p.section.to_string());
                if let Some(section) = section {
                    sender.output(PromptOut::Rule(section)).ok();
                }
            }
            PromptMsg::ConfirmMove => {
                self.confirm_move(&sender);
                return;
            }
        }
        self.rebuild(&sender, false);
    }
}

/// The bar in a real GTK main loop (run under `xvfb-run -a`).
#[cfg(test)]
mod gtk_tests;
