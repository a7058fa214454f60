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

/// A Move position for the composer: Grady's `lords` in Blaye with 4 Men-at-Arms and 2
/// Knights beside a Man-at-Arms of David's come from Charolles (the road back there needs
/// his permission: a toll may be offered, 5.0, 8.0), David's army and Lord in Charolles, and, with `captive`, David's
/// Jeanne held in Blaye by Grady; Grady holds a Secret Passage.
fn blaye_position(lords: &[&str], captive: bool) -> Game {
    let mut ls: Vec<serde_json::Value> = lords
        .iter()
        .map(|l| serde_json::json!({"name": l, "owner": "Grady", "village": "blaye"}))
        .collect();
    ls.push(serde_json::json!({"name": "Charles", "owner": "David", "village": "charolles"}));
    ls.push(serde_json::json!({"name": "Eric", "owner": "Kirsten", "village": "tournus"}));
    ls.push(serde_json::json!({"name": "Raoul", "owner": "Gunter", "village": "bourg"}));
    if captive {
        ls.push(serde_json::json!({"name": "Jeanne", "owner": "David", "village": "blaye", "captor": "Grady"}));
    }
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "Grady",
            "phase": "movement",
            "players": {"Grady": {"money": 9, "hand": ["secret_passage"]}},
            "villages": {
                "blaye": {
                    "troops": {"Grady": [4, 2], "David": [1, 0]},
                    "controller": "Grady",
                    "entry": {"David": "charolles"},
                },
                "charolles": {"troops": {"David": [2, 0]}, "controller": "David"},
                "tournus": {"troops": {"Kirsten": [1, 0]}},
                "bourg": {"troops": {"Gunter": [1, 0]}},
            },
            "lords": ls,
        },
        "script": [],
    });
    fief::scenario::run(&sc.to_string()).unwrap().game
}

/// The bar in a 1280 px wide window (the app's look), composing Grady's Move from Blaye to
/// `to`.
fn composing(g: &Game, to: &str) -> (relm4::Controller<PromptBar>, gtk::Window) {
    let _ = relm4::adw::init();
    relm4::set_global_css(crate::ui::app::window::CSS);
    let bar = PromptBar::builder().launch(()).detach();
    let win = gtk::Window::new();
    win.set_child(Some(bar.widget()));
    win.set_default_size(1260, 160);
    win.present();
    let (from, to) = (
        g.map.find_village("blaye").unwrap(),
        g.map.find_village(to).unwrap(),
    );
    bar.emit(PromptMsg::Show(PromptData {
        view: Rc::new(g.view(Some(0))),
        legal: Rc::new(g.legal_actions(0)),
        selection: Selection::MoveTo(from, to),
        status: String::new(),
        covered: false,
        hint: None,
    }));
    settle();
    (bar, win)
}

/// Every widget of `root`'s tree that is a `T`.
fn all_of<T: IsA<gtk::Widget>>(root: &gtk::Widget) -> Vec<T> {
    let mut out = Vec::new();
    let mut c = root.first_child();
    while let Some(w) = c {
        out.extend(all_of::<T>(&w));
        if let Ok(t) = w.clone().downcast::<T>() {
            out.push(t);
        }
        c = w.next_sibling();
    }
    out
}

/// Lets GTK handle what is pending (the bar's messages, a new layout) for a moment.
fn settle() {
    let ctx = glib::MainContext::default();
    for _ in 0..20 {
        while ctx.iteration(false) {}
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Where `w` sits in the row of the bar's controls.
fn place(bar: &relm4::Controller<PromptBar>, w: &gtk::Widget) -> (i32, i32, i32, i32) {
    let b = w.compute_bounds(&bar.model().buttons).unwrap();
    (
        b.x() as i32,
        b.y() as i32,
        b.width() as i32,
        b.height() as i32,
    )
}

/// The composer's count named `name` ("move-maa", "move-knights").
fn count(bar: &relm4::Controller<PromptBar>, name: &str) -> gtk::SpinButton {
    all_of::<gtk::SpinButton>(bar.model().buttons.upcast_ref())
        .into_iter()
        .find(|s| s.widget_name() == name)
        .unwrap()
}

/// Item 1 and 2 of the new user's trial of the Move composer: unticking a Lord made the split
/// buttons vanish and the row reflow under the pointer, and a count held at 0 said nothing.
/// Now every control keeps its place whatever is ticked; a count that cannot take Troops says
/// why (the engine's words) on itself and in the status line; the Lords ticked back get the
/// counts back.
#[gtk4::test]
fn the_move_composer_keeps_its_controls_in_place_and_says_why_a_count_is_held() {
    let g = blaye_position(&["Beaudoin", "Guillaume"], false);
    let (bar, win) = composing(&g, "montrevel");
    let captions = [
        tr("Move"),
        tr("Half"),
        tr("All but one"),
        tr("Cancel"),
        "Beaudoin".to_string(),
        "Guillaume".to_string(),
    ];
    let places = || {
        let mut v: Vec<_> = captions
            .iter()
            .map(|c| place(&bar, &button(&bar, c)))
            .collect();
        for name in ["move-maa", "move-knights"] {
            v.push(place(&bar, count(&bar, name).upcast_ref()));
        }
        v
    };
    let before = places();
    let (maa, knights) = (count(&bar, "move-maa"), count(&bar, "move-knights"));
    assert_eq!((maa.value(), knights.value()), (4.0, 2.0));
    let toggle = |name: &str, on: bool| {
        button(&bar, name)
            .downcast::<gtk::ToggleButton>()
            .unwrap()
            .set_active(on);
        settle();
    };
    // Beaudoin stays behind: Guillaume takes the army alone.
    toggle("Beaudoin", false);
    assert_eq!(
        places(),
        before,
        "the controls moved as a Lord was unticked"
    );
    assert!(button(&bar, &tr("Half")).is_sensitive());
    assert_eq!(maa.value(), 4.0);
    // No Lord ticked: the counts are held at 0, and say why, as the status line does.
    toggle("Guillaume", false);
    assert_eq!(places(), before, "the controls moved as no Lord was ticked");
    assert!(!maa.is_sensitive() && maa.value() == 0.0);
    let why = maa.tooltip_text().expect("a held count says why");
    assert!(why.contains("Troops move only with a Lord"), "{why}");
    assert_eq!(bar.model().status.text(), why);
    let half = button(&bar, &tr("Half"));
    assert!(!half.is_sensitive() && half.tooltip_text().is_some());
    // Ticked back (Beaudoin after Guillaume, not in the order the engine lists them), the
    // Lords take every Troop again.
    toggle("Guillaume", true);
    toggle("Beaudoin", true);
    assert_eq!(
        places(),
        before,
        "the controls moved as the Lords were ticked back"
    );
    assert!(maa.is_sensitive() && knights.is_sensitive());
    assert_eq!((maa.value(), knights.value()), (4.0, 2.0));
    assert!(maa.tooltip_text().is_none());
    // "Half" sets the counts (4 and 2: 2 and 1), for "Move" to send.
    half.downcast_ref::<gtk::Button>().unwrap().emit_clicked();
    settle();
    assert_eq!((maa.value(), knights.value()), (2.0, 1.0));
    let (from, draft) = bar.model().draft.clone().unwrap();
    assert_eq!((draft.maa, draft.knights, draft.lords.len()), (2, 1, 2));
    assert!(crate::ui::plan::moves::draft_legal(&g, &g.legal_actions(0), from, &draft).is_some());
    win.close();
}

/// Item 4 of the trial: with three Lords, a captive and the ways of a road that needs
/// permission, the composer overflowed the bar ("Way: Norm…" cut, a scroll bar). The Lords
/// (and the captives) are in a menu; the whole row fits a 1280 px window, in English, French
/// and German, with one, two or three Lords, and a Lord unticked in the menu moves nothing.
#[gtk4::test]
fn the_move_composer_fits_the_bar_with_three_lords_captives_and_tolls() {
    let armies: [(&[&str], bool); 4] = [
        (&["Beaudoin", "Guillaume", "Enguerrand"], true),
        (&["Guillaume", "Enguerrand"], true),
        (&["Guillaume", "Enguerrand"], false),
        (&["Enguerrand"], true),
    ];
    for (lords, captive) in armies {
        let g = blaye_position(lords, captive);
        for lang in ["en", "fr", "de"] {
            let _lang = crate::ui::Language::set(lang);
            let (bar, win) = composing(&g, "charolles");
            crate::ui::shoot(
                &win,
                &format!("move-composer-{}-{captive}-{lang}", lords.len()),
            );
            fits(&bar, lang);
            let menu = all_of::<gtk::MenuButton>(bar.model().buttons.upcast_ref())
                .into_iter()
                .find(|m| m.widget_name() == "move-lords");
            let menu = menu.expect("the Lords in a menu");
            let before = row_places(&bar);
            let checks = all_of::<gtk::CheckButton>(&menu.popover().unwrap().upcast());
            assert_eq!(
                checks.len(),
                lords.len() + usize::from(captive),
                "the Lords and the captives"
            );
            if lords.len() == 1 {
                win.close();
                continue;
            }
            checks[0].set_active(false);
            settle();
            let n = (lords.len() - 1).to_string();
            let m = lords.len().to_string();
            assert_eq!(
                menu.label().unwrap(),
                trf("Lords: {n}/{m}", &[("n", &n), ("m", &m)])
            );
            assert_eq!(
                before,
                row_places(&bar),
                "{lang}: the controls moved as a Lord was unticked"
            );
            win.close();
        }
    }
}

/// Where each control of the bar's row sits.
fn row_places(bar: &relm4::Controller<PromptBar>) -> Vec<(i32, i32, i32, i32)> {
    let mut out = Vec::new();
    let mut c = bar.model().buttons.first_child();
    while let Some(w) = c {
        out.push(place(bar, &w));
        c = w.next_sibling();
    }
    out
}

/// The bar's row of controls fits its width (no scroll bar) and no label in it is cut.
fn fits(bar: &relm4::Controller<PromptBar>, lang: &str) {
    let buttons = bar.model().buttons.clone();
    let row = buttons
        .ancestor(gtk::ScrolledWindow::static_type())
        .and_downcast::<gtk::ScrolledWindow>()
        .unwrap();
    // All the controls at their natural width, whichever way is chosen: no scroll bar, and
    // no control squeezed.
    let ways = all_of::<gtk::DropDown>(buttons.upcast_ref());
    let n = ways.first().map_or(1, |w| w.model().unwrap().n_items());
    for i in 0..n {
        if let Some(w) = ways.first() {
            w.set_selected(i);
            settle();
        }
        let (_, natural, _, _) = buttons.measure(gtk::Orientation::Horizontal, -1);
        let room = row.width();
        assert!(
            natural <= room,
            "{lang}: the composer is {natural} px wide in a row of {room} px (way {i})"
        );
        assert!(row.hadjustment().upper() <= row.hadjustment().page_size() + 0.5);
    }
    if let Some(w) = ways.first() {
        w.set_selected(0);
        settle();
    }
    for l in all_of::<gtk::Label>(buttons.upcast_ref()) {
        if l.is_mapped() {
            assert!(!l.layout().is_ellipsized(), "{lang}: {} is cut", l.text());
        }
    }
}
