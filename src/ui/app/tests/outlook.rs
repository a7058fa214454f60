//! GTK tests of "How to Win": the header's popover names the Fiefs and the numbers the
//! engine's outlook gives, the viewer's own lines first; its legend has a row for every
//! marker; opening it moves nothing in the window.

use super::setup::*;
use crate::ui::app::*;
use crate::ui::board::legend;
use crate::ui::words::names;

/// Grady (human) holds Beaujeu with a Stronghold and 5 Deniers; Givry is David's; David
/// holds the County of Sigy. Grady's purchases are asked.
fn beaujeu() -> AppInit {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "position": {
            "first": "Grady",
            "phase": "purchase",
            "players": {"Grady": {"money": 5}, "David": {"money": 3}},
            "villages": {
                "beaujeu": {"troops": {"Grady": [2, 0]}, "fort": "stronghold"},
                "givry": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"David": [1, 1]}, "fort": "city"},
                "st_paul": {"troops": {"David": [1, 0]}},
                "lepervier": {"troops": {"David": [1, 0]}},
            },
            "lords": [
                {"name": "Charles", "owner": "Grady", "village": "beaujeu"},
                {"name": "Raoul", "owner": "David", "village": "sigy", "titles": ["fief sigy"]},
                {"name": "Jeanne", "owner": "Kirsten", "village": "blaye"},
                {"name": "Eric", "owner": "Gunter", "village": "st_gerome"},
            ],
        },
    });
    let out = fief::scenario::run(&sc.to_string()).unwrap();
    let mut start = init(human_and_easy(), seed(3));
    start.game = out.game;
    start
}

/// The labels of this widget name under `root`, in order.
fn labels_named(root: &gtk::Widget, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(w) = stack.pop() {
        if let Some(l) = w.downcast_ref::<gtk::Label>() {
            if l.widget_name() == name {
                out.push(l.text().to_string());
            }
        }
        // Children pushed last first, so that they are read in order.
        let mut kids = Vec::new();
        let mut c = w.first_child();
        while let Some(x) = c {
            c = x.next_sibling();
            kids.push(x);
        }
        stack.extend(kids.into_iter().rev());
    }
    out
}

/// Where a widget lies in the window.
fn place(
    w: &impl IsA<gtk::Widget>,
    window: &adw::ApplicationWindow,
) -> Option<(i32, i32, i32, i32)> {
    let b = w.compute_bounds(window)?;
    Some((
        b.x() as i32,
        b.y() as i32,
        b.width() as i32,
        b.height() as i32,
    ))
}

#[gtk4::test]
fn how_to_win_names_the_fiefs_and_numbers_the_engine_gives() {
    let app = launch_to_human(beaujeu());
    pump_until(1, || false);
    let window = app.widget().clone();
    let (hint_at, prompt_at, map_at) = {
        let w = &app.model().w;
        (
            place(&w.hint_button, &window),
            place(w.prompt.widget(), &window),
            place(w.map.widget(), &window),
        )
    };
    assert!(hint_at.is_some() && prompt_at.is_some() && map_at.is_some());
    // One click: the header's button opens the popover.
    app.model().w.outlook.button.popup();
    assert!(pump_until(5, || app.model().w.outlook.popover.is_visible()));
    pump_until(1, || false);
    let m = app.model();
    let g = m.session.game();
    let o = g.outlook(Some(0));
    let standings = m.w.outlook.standings.clone().upcast::<gtk::Widget>();
    let headings = labels_named(&standings, "outlook-heading");
    let lines = labels_named(&standings, "outlook-line");
    // The viewer's block first, with his VP.
    assert!(
        headings[0].starts_with("Grady (you): 0 Victory Points"),
        "{headings:?}"
    );
    assert_eq!(headings.len(), g.n() as usize + 1, "{headings:?}");
    // His nearest Fief, as the engine counts it.
    let a = o.of(0).unwrap().nearest_fief().unwrap();
    let fief = names::fief(g, a.fief);
    let n = a.held.len() + a.missing.len();
    let line = lines
        .iter()
        .find(|l| l.starts_with(&fief))
        .unwrap_or_else(|| panic!("no line for {fief}: {lines:?}"));
    assert!(
        line.contains(&format!("you hold {} of {n} Villages", a.held.len())),
        "{line}"
    );
    for v in &a.missing {
        assert!(line.contains(&names::village(g, *v)), "{line}");
    }
    assert!(
        line.contains(&format!(
            "the title costs {} Deniers and you have 5",
            a.price
        )),
        "{line}"
    );
    assert_eq!(fief, "Barony of Beaujeu");
    // David's title, and his 1 VP.
    assert!(
        headings.iter().any(|h| h == "David: 1 Victory Point"),
        "{headings:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Fief Title held: County of Sigy (1 VP)."),
        "{lines:?}"
    );
    // The legend: a row for every marker, each with its words.
    let legend_lines = labels_named(
        &m.w.outlook.legend.clone().upcast::<gtk::Widget>(),
        "legend-line",
    );
    assert_eq!(legend_lines.len(), legend::markers(&m.session.view()).len());
    assert!(legend_lines.iter().all(|l| !l.is_empty()));
    // Opening it moved nothing.
    assert_eq!(place(&m.w.hint_button, &window), hint_at);
    assert_eq!(place(m.w.prompt.widget(), &window), prompt_at);
    assert_eq!(place(m.w.map.widget(), &window), map_at);
    m.w.outlook.popover.popdown();
}

/// The end-of-game dialog gives the same lines, the viewer's first.
#[gtk4::test]
fn the_end_of_game_dialog_tells_how_each_player_stood() {
    let mut start = beaujeu();
    start.game.outcome = Some(fief::rules::Outcome {
        winners: vec![1],
        alliance: false,
        reason: "most VP, with 1".into(),
        why: Default::default(),
    });
    start.game.phase = fief::rules::Phase::GameOver;
    let app = open(start);
    assert!(pump_until(10, || window_named("end-dialog").is_some()));
    let d = window_named("end-dialog").unwrap().upcast::<gtk::Widget>();
    let headings = labels_named(&d, "outlook-heading");
    let lines = labels_named(&d, "outlook-line");
    assert!(headings[0].starts_with("Grady (you)"), "{headings:?}");
    let m = app.model();
    let g = m.session.game();
    let o = g.outlook(Some(0));
    let a = o.of(0).unwrap().nearest_fief().unwrap();
    let fief = names::fief(g, a.fief);
    assert!(lines.iter().any(|l| l.starts_with(&fief)), "{lines:?}");
    window_named("end-dialog").unwrap().close();
}
