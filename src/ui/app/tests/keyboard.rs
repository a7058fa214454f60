//! A whole round played by keyboard alone (issue 40, item 7): real key presses sent to the
//! window through the X server (xdotool, under the virtual display), never a click and
//! never a message sent behind the window's back. The keyboard goes where each decision is
//! made: the starting Village and the Move are picked on the board with the arrows and
//! Enter, a Man-at-Arms is bought on the Purchases page, the prompt bar's buttons and the
//! questions are answered with Tab and Enter.

use super::setup::*;
use crate::ui::app::*;
use crate::ui::panels::basket;
use crate::ui::plan::clicks::{self, Selection};
use std::process::Command;

/// Runs xdotool; the tests' setup (tools/setup.sh) installs it.
fn xdo(args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .output()
        .expect("xdotool runs (tools/setup.sh installs it)");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The X window of the GTK window `w`, found by a title of its own.
fn x_window(w: &gtk::Window, tag: &str) -> String {
    let title = format!("fief-keyboard-{tag}-{}", std::process::id());
    w.set_title(Some(&title));
    let mut id = String::new();
    pump_until(5, || {
        id = xdo(&["search", "--name", &format!("^{title}$")]);
        !id.is_empty()
    });
    assert!(!id.is_empty(), "the window {tag} is not on the X server");
    id.lines().next().unwrap_or_default().to_string()
}

/// The keys pressed, and what each was for.
struct Keyboard {
    presses: Vec<String>,
}

impl Keyboard {
    /// Presses `key` in the window `w` (its X window takes the keyboard first) and lets the
    /// window react.
    fn press(&mut self, w: &gtk::Window, tag: &str, key: &str, why: &str) {
        let id = x_window(w, tag);
        xdo(&["windowfocus", &id]);
        pump_until(1, || w.is_active());
        xdo(&["key", key]);
        self.presses.push(format!("{key} ({why})"));
        assert!(
            self.presses.len() < 90,
            "too many presses: {:?}",
            self.presses
        );
        pump_until(1, || false);
    }
}

/// The widget with the keyboard's focus in `w`.
fn focus_of(w: &gtk::Window) -> Option<gtk::Widget> {
    gtk::prelude::GtkWindowExt::focus(w)
}

fn inside(f: &Option<gtk::Widget>, region: &gtk::Widget) -> bool {
    f.as_ref()
        .is_some_and(|f| f == region || f.is_ancestor(region))
}

/// A question or the ballot open over the window, if one is.
fn dialog_open() -> Option<gtk::Window> {
    ["question", "ballot"].into_iter().find_map(window_named)
}

/// Answers the question or the ballot `d` by keyboard: Tab to its first answer, then Enter.
fn answer(kb: &mut Keyboard, d: &gtk::Window) {
    let answered = |f: &Option<gtk::Widget>| {
        f.as_ref().is_some_and(|f| {
            f.downcast_ref::<gtk::Button>().is_some_and(|b| {
                b.label().is_some() && !b.is::<gtk::ToggleButton>() && b.is_mapped()
            })
        })
    };
    // A question starts on the answer Enter gives.
    pump_until(1, || answered(&focus_of(d)));
    if d.widget_name() == "question" {
        assert!(
            answered(&focus_of(d)),
            "the question does not start on its answer"
        );
    }
    for _ in 0..12 {
        if answered(&focus_of(d)) {
            break;
        }
        kb.press(d, "dialog", "Tab", "to an answer");
    }
    assert!(answered(&focus_of(d)), "no answer reached by Tab");
    kb.press(d, "dialog", "Return", "answer");
}

#[gtk4::test]
fn a_whole_round_is_played_by_keyboard_alone() {
    let app = launch_to_human(init(human_and_easy(), seed(5)));
    let win: gtk::Window = app.widget().clone().upcast();
    let mut kb = Keyboard {
        presses: Vec::new(),
    };
    let (mut moved, mut bought, mut picked_start) = (false, false, false);
    let area: gtk::Widget = app.model().w.map.model().area().clone().upcast();
    let bar: gtk::Widget = app.model().w.prompt.model().buttons().clone().upcast();
    let page: gtk::Widget = app.model().w.purchases.widget().clone().upcast();
    loop {
        assert!(pump_until(60, || {
            let m = app.model();
            m.session.game().round >= 2
                || m.session.human_turn().is_some()
                || dialog_open().is_some()
        }));
        if app.model().session.game().round >= 2 {
            break;
        }
        if let Some(d) = dialog_open() {
            answer(&mut kb, &d);
            continue;
        }
        // The keyboard was brought where the decision is made.
        pump_until(1, || false);
        let (legal, selection) = {
            let m = app.model();
            let p = m.session.human_turn().unwrap();
            (m.session.game().legal_actions(p), m.selection.clone())
        };
        let f = focus_of(&win);
        let before = app.model().session.game().history.len();
        if let Selection::MoveTo(..) = selection {
            let go = f
                .as_ref()
                .and_then(|f| f.downcast_ref::<gtk::Button>().cloned());
            assert_eq!(
                go.and_then(|b| b.label()).as_deref(),
                Some(crate::ui::tr("Move").as_str()),
                "the composer's Move has the keyboard"
            );
            kb.press(&win, "main", "Return", "confirm the Move");
            moved = true;
        } else if basket::buying(&legal) {
            assert!(
                inside(&f, &page),
                "the Purchases page has the keyboard: {f:?}"
            );
            if !bought {
                // To the first "+" of the page, then one Man-at-Arms.
                for _ in 0..6 {
                    let plus = focus_of(&win).is_some_and(|f| {
                        f.downcast_ref::<gtk::Button>()
                            .and_then(|b| b.icon_name())
                            .is_some_and(|i| i == "list-add-symbolic")
                    });
                    if plus {
                        break;
                    }
                    kb.press(&win, "main", "Tab", "to a +");
                }
                kb.press(&win, "main", "Return", "one more Man-at-Arms");
                bought = true;
                // F6 leaves the page, Shift+F6 comes back to it (its first count, not the
                // news strip's button above it).
                kb.press(&win, "main", "F6", "away from the page");
                assert!(!inside(&focus_of(&win), &page), "F6 stayed on the page");
                for _ in 0..3 {
                    if inside(&focus_of(&win), &page) {
                        break;
                    }
                    kb.press(&win, "main", "shift+F6", "back to the page");
                }
                assert!(
                    inside(&focus_of(&win), &page),
                    "Shift+F6 never came back to the page"
                );
            }
            // Back up to the page's confirm button.
            for _ in 0..8 {
                if focus_of(&win).is_some_and(|f| f.widget_name() == "purchase-finish") {
                    break;
                }
                kb.press(&win, "main", "shift+Tab", "to Buy and finish");
            }
            kb.press(&win, "main", "Return", "buy and finish");
        } else if inside(&f, &area) {
            let lit = clicks::highlights(app.model().session.game(), &legal, &selection);
            let moving = legal.iter().any(|a| matches!(a, Action::Move(_)));
            if moving && moved {
                kb.press(&win, "main", "F6", "to the prompt bar");
                continue;
            }
            let keyboard = || app.model().w.map.model().keyboard_village();
            if keyboard().is_none() {
                kb.press(&win, "main", "Right", "show the keyboard's Village");
            }
            if matches!(selection, Selection::Village(_)) {
                // To a lit destination with the arrows.
                for key in ["Right", "Down", "Left", "Up"] {
                    if keyboard().is_some_and(|v| lit.contains(&v)) {
                        break;
                    }
                    kb.press(&win, "main", key, "to a lit destination");
                }
            }
            assert!(
                keyboard().is_some_and(|v| lit.contains(&v)),
                "the keyboard's Village is not lit: {:?} of {lit:?}",
                keyboard()
            );
            picked_start |= !moving;
            kb.press(&win, "main", "Return", "pick the Village");
        } else {
            assert!(
                inside(&f, &bar),
                "the keyboard is nowhere it can decide: {f:?}, prompt {:?}",
                app.model().session.game().prompt().map(|p| p.kind.clone())
            );
            kb.press(&win, "main", "Return", "the prompt's main button");
        }
        // Each decision is taken (or leads on to its next step).
        pump_until(5, || {
            let m = app.model();
            m.session.game().history.len() > before || m.selection != selection
        });
    }
    println!("{} presses: {:?}", kb.presses.len(), kb.presses);
    assert!(
        picked_start,
        "the starting Village was not picked by keyboard"
    );
    assert!(moved, "no Move was made by keyboard");
    assert!(bought, "nothing was bought by keyboard");
    assert!(app.model().bot_errors.is_empty());
}
