//! GTK test of a window that holds still: the main controls (the header's buttons, the side
//! pages' tabs, the prompt bar's first button, the cards in hand) keep their places when a
//! side page opens, a hint shows, a card leaves the hand or the next decision comes.
//! Run under a virtual display: `GTK_A11Y=none xvfb-run -a cargo test --bin fief
//! ui::app::tests::still -- --test-threads=1`.

use super::setup::*;
use crate::ui::app::msg::Page;
use crate::ui::app::*;
use crate::ui::panels::hand::HandMsg;
use std::collections::BTreeMap;

/// The header's buttons, by widget name (window.rs). A control added to the header is
/// checked once its name is added here.
const HEADER: &[&str] = &["new-game-button", "undo", "hint", "how-to-win", "main-menu"];

/// The window's size in these tests: the smallest screen the app is made for.
pub(super) const WIDTH: i32 = 1280;
pub(super) const HEIGHT: i32 = 800;

/// Opens the window of `init` at 1280×800 (its default size; never maximised) and waits
/// until it has that size.
pub(super) fn open_at_1280x800(mut init: AppInit) -> Window {
    // The size the preferences give the window: it opens at it, never maximised.
    init.prefs.window_width = WIDTH;
    init.prefs.window_height = HEIGHT;
    init.prefs.maximized = false;
    init.prefs.first_launch = false;
    let app = open(init);
    let win = app.widget().clone();
    // The default size counts the window's frame (its shadow): what it takes from the
    // content is given back.
    assert!(pump_until(10, || win.width() > 0));
    pump_until(1, || false);
    let (fw, fh) = (WIDTH - win.width(), HEIGHT - win.height());
    win.set_default_size(WIDTH + fw, HEIGHT + fh);
    // A screen of 1280 pixels keeps the frame on it: the content is then 10 narrower, which
    // only makes the tests harder.
    let near = |got: i32, want: i32| got <= want && got >= want - 10;
    let sized = pump_until(10, || {
        near(win.width(), WIDTH) && near(win.height(), HEIGHT)
    });
    assert!(sized, "the window is {}×{}", win.width(), win.height());
    app
}

/// Where a control is: its top-left corner in the window, and its size.
type Place = (i32, i32, i32, i32);

fn place(app: &Window, w: &impl IsA<gtk::Widget>) -> Option<Place> {
    if !w.is_drawable() {
        return None;
    }
    let b = w.compute_bounds(app.widget())?;
    Some((
        b.x().round() as i32,
        b.y().round() as i32,
        b.width().round() as i32,
        b.height().round() as i32,
    ))
}

/// The widgets under `root` (depth first, in order) that `keep` takes.
pub(super) fn widgets_in<T: IsA<gtk::Widget>>(root: &gtk::Widget) -> Vec<T> {
    let mut out = Vec::new();
    let mut c = root.first_child();
    while let Some(w) = c {
        c = w.next_sibling();
        if let Some(t) = w.downcast_ref::<T>() {
            out.push(t.clone());
        }
        out.extend(widgets_in::<T>(&w));
    }
    out
}

/// The main controls on screen and where they are, by a name that says which.
fn controls(app: &Window) -> BTreeMap<String, Place> {
    let root = app.widget().upcast_ref::<gtk::Widget>();
    let mut out = BTreeMap::new();
    for name in HEADER {
        let w = widget_named(root, name).unwrap_or_else(|| panic!("no {name} button"));
        if let Some(p) = place(app, &w) {
            out.insert(format!("header {name}"), p);
        }
    }
    for switcher in widgets_in::<gtk::StackSwitcher>(root) {
        for tab in widgets_in::<gtk::ToggleButton>(switcher.upcast_ref()) {
            let label = widgets_in::<gtk::Label>(tab.upcast_ref())
                .first()
                .map(|l| l.text().to_string())
                .unwrap_or_default();
            if let Some(p) = place(app, &tab) {
                out.insert(format!("side tab {label}"), p);
            }
        }
    }
    // The prompt bar's first button: the leftmost of its row of buttons.
    let prompt = app
        .model()
        .w
        .prompt
        .widget()
        .clone()
        .upcast::<gtk::Widget>();
    if let Some((label, p)) = widgets_in::<gtk::Button>(&prompt)
        .into_iter()
        .filter_map(|b| Some((b.label().unwrap_or_default().to_string(), place(app, &b)?)))
        .min_by_key(|(_, p)| (p.0, p.1))
    {
        out.insert(format!("prompt's first button ({label})"), p);
    }
    out.extend(cards(app));
    out
}

/// The cards in hand and where they are, by the card's name.
fn cards(app: &Window) -> BTreeMap<String, Place> {
    let hand = app.model().w.hand.widget().clone().upcast::<gtk::Widget>();
    widgets_in::<gtk::Button>(&hand)
        .into_iter()
        .filter(|b| b.has_css_class("fief-card"))
        .filter_map(|b| {
            let name = widgets_in::<gtk::Label>(b.upcast_ref()).first()?.text();
            Some((format!("card {name}"), place(app, &b)?))
        })
        .collect()
}

/// Every control of `before` still on screen in `after` is where it was.
fn held_still(what: &str, before: &BTreeMap<String, Place>, after: &BTreeMap<String, Place>) {
    let moved: Vec<String> = before
        .iter()
        .filter_map(|(name, b)| {
            let a = after.get(name)?;
            (a != b).then(|| format!("{name}: {b:?} → {a:?}"))
        })
        .collect();
    assert!(moved.is_empty(), "{what} moved: {}", moved.join("; "));
}

/// Lets the window settle: the layout done, the timers of a change run out.
fn settle() {
    pump_until(1, || false);
}

#[gtk4::test]
fn the_main_controls_hold_still_across_pages_hints_cards_and_decisions() {
    let app = open_at_1280x800(init(human_and_easy(), seed(5)));
    wait_for_human(&app);
    // On to a decision with two cards or more in hand.
    let viewer = |app: &Window| app.model().session.human_turn().unwrap();
    let held = |app: &Window| {
        let v = viewer(app);
        app.model().session.view().players[v as usize]
            .hand
            .clone()
            .unwrap_or_default()
            .len()
    };
    for _ in 0..200 {
        if held(&app) >= 2 {
            break;
        }
        let legal = app.model().session.legal();
        choose_and_wait(&app, legal[0].clone());
    }
    assert!(held(&app) >= 2, "never two cards in hand");
    settle();
    let start = controls(&app);
    assert!(start.keys().any(|k| k.starts_with("side tab")), "{start:?}");
    assert!(start.keys().any(|k| k.starts_with("prompt's")), "{start:?}");
    assert!(start.keys().filter(|k| k.starts_with("card")).count() >= 2);
    // Every side page in turn (Chat only in a network game).
    for page in [
        Page::Battle,
        Page::Election,
        Page::Purchase,
        Page::Chat,
        Page::Log,
    ] {
        let stack = app.model().w.stack.clone();
        if !stack
            .child_by_name(page.name())
            .is_some_and(|c| c.is_visible())
        {
            continue;
        }
        app.emit(Msg::ShowPage(page));
        settle();
        held_still(&format!("page {page:?}"), &start, &controls(&app));
    }
    // A hint shown.
    app.emit(Msg::Hint);
    assert!(pump_until(60, || app.model().current_hint().is_some()));
    settle();
    held_still("a hint", &start, &controls(&app));
    // A card leaves the hand (played): the others keep their places.
    let (view, legal) = app.model().frame();
    let mut fewer = (*view).clone();
    let v = viewer(&app) as usize;
    let gone = fewer.players[v].hand.as_mut().unwrap().remove(0);
    app.model().w.hand.emit(HandMsg::Show {
        view: std::rc::Rc::new(fewer),
        legal,
        selected: None,
        hidden: false,
    });
    settle();
    let after = controls(&app);
    let gone = format!("card {}", crate::ui::words::cards::card_name(gone));
    assert!(!after.contains_key(&gone), "{gone} still shown");
    held_still("a card played", &start, &after);
    // The next decisions: the header, the tabs and the prompt's first button stay.
    let not_cards = |m: &BTreeMap<String, Place>| -> BTreeMap<String, Place> {
        m.iter()
            .filter(|(k, _)| !k.starts_with("card") && !k.starts_with("prompt"))
            .map(|(k, p)| (k.clone(), *p))
            .collect()
    };
    let first_button = |m: &BTreeMap<String, Place>| {
        m.iter()
            .find(|(k, _)| k.starts_with("prompt"))
            .map(|(_, p)| (p.0, p.1))
    };
    for _ in 0..5 {
        let legal = app.model().session.legal();
        choose_and_wait(&app, legal[0].clone());
        settle();
        let now = controls(&app);
        held_still("a decision", &not_cards(&start), &not_cards(&now));
        assert_eq!(
            first_button(&start),
            first_button(&now),
            "prompt's first button"
        );
    }
}

/// The hand keeps a played card's slot for the next card drawn, and drops empty slots at
/// its end.
#[test]
fn a_played_cards_slot_is_kept() {
    use crate::ui::panels::hand::place_cards;
    use fief::rules::Card;
    let (a, b, c, d) = (
        Card::GoodWeather,
        Card::SecretPassage,
        Card::Assassination,
        Card::Famine,
    );
    let slots = place_cards(&[], &[a, b, c]);
    assert_eq!(slots, vec![Some(a), Some(b), Some(c)]);
    // b played: its slot stays empty; c does not move.
    let slots = place_cards(&slots, &[a, c]);
    assert_eq!(slots, vec![Some(a), None, Some(c)]);
    // d drawn: it takes b's slot.
    assert_eq!(
        place_cards(&slots, &[a, c, d]),
        vec![Some(a), Some(d), Some(c)]
    );
    // c played: nothing is right of it, its slot goes.
    assert_eq!(place_cards(&slots, &[a]), vec![Some(a)]);
}

/// A click on the map that does nothing says why where the pointer is: beside the Villages
/// with nothing selected, where to click.
#[gtk4::test]
fn a_click_beside_the_villages_says_where_to_click() {
    let app = launch_to_human(init(human_and_easy(), seed(5)));
    app.emit(Msg::Map(MapOut::Clicked(None)));
    let bubble = app.model().w.map.model().bubble.clone();
    assert!(pump_until(5, || bubble.is_visible()));
    assert_eq!(
        app.model().status,
        "Highlighted Villages on the map can be clicked."
    );
}
