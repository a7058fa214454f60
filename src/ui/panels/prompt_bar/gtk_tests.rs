//! GTK tests of the prompt bar (run under a virtual display: `xvfb-run -a cargo test`).

use super::*;
use crate::ui::pump_until;
use crate::ui::words::actions;
use fief::rules::{Game, Options, PromptKind};
use relm4::{Component, ComponentController};

/// The bar's button whose caption is `label`.
fn button(bar: &relm4::Controller<PromptBar>, label: &str) -> gtk::Widget {
    let buttons = bar.model().buttons.clone();
    let mut c = buttons.first_child();
    while let Some(w) = c {
        if caption(&w) == label {
            return w;
        }
        c = w.next_sibling();
    }
    panic!("no button {label}");
}

/// The middle of the bar's button `label`, in the buttons' coordinates.
fn centre(bar: &relm4::Controller<PromptBar>, label: &str) -> (f64, f64) {
    let b = button(bar, label)
        .compute_bounds(&bar.model().buttons)
        .unwrap();
    (
        (b.x() + b.width() / 2.0) as f64,
        (b.y() + b.height() / 2.0) as f64,
    )
}

/// Item 7 of the new-user trial: a button that appears under a pointer held still (a
/// double click on "Draw a Fortune card" met "Done until my purchases") is out of reach
/// until the pointer moves; one that was there before stays within reach.
#[gtk4::test]
fn a_button_that_appears_under_a_still_pointer_waits_for_it_to_move() {
    let bar = PromptBar::builder().launch(()).detach();
    let win = gtk::Window::new();
    win.set_child(Some(bar.widget()));
    win.set_default_size(1000, 160);
    win.present();
    // A game at someone's draw.
    let mut g = Game::new(Options {
        seed: 2,
        ..Options::default()
    })
    .unwrap();
    while g
        .prompt()
        .is_some_and(|pr| pr.kind != PromptKind::DiscardDraw)
    {
        let p = g.to_act().unwrap();
        let a = g.legal_actions(p)[0].clone();
        g.apply(p, a).unwrap();
    }
    let p = g.to_act().unwrap();
    let view = Rc::new(g.view(Some(p)));
    let show = |legal: Vec<Action>| {
        bar.emit(PromptMsg::Show(PromptData {
            view: view.clone(),
            legal: Rc::new(legal),
            selection: Selection::None,
            status: String::new(),
            covered: false,
            hint: None,
        }));
    };
    let lord = actions::action(&g, &Action::DrawLord);
    let done = actions::action(&g, &Action::EndDraw);
    show(vec![Action::EndDraw, Action::DrawLord]);
    pump_until(1, || false);
    // The pointer rests on "Draw from the Lords deck"...
    let at = centre(&bar, &lord);
    bar.emit(PromptMsg::Pointer(Some(at)));
    // ...and the buttons change: another (a Fortune draw) takes its place.
    show(vec![Action::EndDraw, Action::DrawFortune, Action::DrawLord]);
    pump_until(1, || false);
    let (new, caption) = bar
        .model()
        .under_pointer()
        .expect("a button under the pointer");
    assert_ne!(caption, lord, "the same button is under the pointer");
    assert!(
        !new.can_target(),
        "a button that appeared under the pointer took it"
    );
    assert!(bar.model().buttons.can_target());
    // Moved, the pointer has it back.
    bar.emit(PromptMsg::Pointer(Some((at.0 + 12.0, at.1))));
    pump_until(1, || new.can_target());
    assert!(new.can_target());
    // A button that stays the same under the pointer ("Done drawing", the main one) is
    // not held back.
    bar.emit(PromptMsg::Pointer(Some(centre(&bar, &done))));
    show(vec![Action::EndDraw]);
    pump_until(1, || false);
    assert!(button(&bar, &done).can_target());
    win.close();
}
