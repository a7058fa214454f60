//! The presses a routine round takes in the window (issue 40: ten at most), counted as a
//! player makes them: every press is made on a widget the window shows (a button of the
//! prompt bar, the item of one of its menus, the Purchases panel's "+" and its confirm
//! button, a question's or the ballot's answer), or sent as the map sends it (a drag of an
//! army, a click on a Village). Nothing is chosen for the player behind the window's back:
//! what he does not press is decided by the window's own preferences (the defaults: idle
//! steps skipped, reaction windows passed, battles rolled and casualties taken for him).
//! Run under a virtual display.

use super::setup::*;
use crate::ui::app::drive::widget_named;
use crate::ui::app::*;
use crate::ui::plan::clicks::{self, Click, Selection};
use crate::ui::words::actions;

/// What one round cost the player.
#[derive(Debug, Default)]
struct Round {
    presses: u32,
    /// What each press was for, in order.
    steps: Vec<String>,
    /// Battles he took part in (attacking, defending or joining).
    battles: u32,
    /// Questions put to him (dialogs answered).
    questions: u32,
    /// His decisions in the round, those the window took for him included.
    decisions: u32,
}

/// The buttons of the prompt bar, in the bar's order (menus as they are).
fn bar_widgets(app: &Window) -> Vec<gtk::Widget> {
    let root = app
        .model()
        .w
        .prompt
        .widget()
        .clone()
        .upcast::<gtk::Widget>();
    let Some(row) = widget_named(&root, "prompt-buttons") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut c = row.first_child();
    while let Some(w) = c {
        c = w.next_sibling();
        if w.is_visible() && w.is_sensitive() {
            out.push(w);
        }
    }
    out
}

fn label_of(w: &gtk::Widget) -> Option<String> {
    if let Some(b) = w.downcast_ref::<gtk::Button>() {
        return b.label().map(|l| l.to_string());
    }
    w.downcast_ref::<gtk::MenuButton>()
        .and_then(|m| m.label())
        .map(|l| l.to_string())
}

/// Presses the bar's button named `name`, if it shows one: one press.
fn press_named(app: &Window, name: &str) -> bool {
    let b = bar_widgets(app)
        .into_iter()
        .find(|w| w.widget_name() == name)
        .and_then(|w| w.downcast::<gtk::Button>().ok());
    match b {
        Some(b) => {
            b.emit_clicked();
            true
        }
        None => false,
    }
}

/// Presses what the bar shows for `a`: its button (one press), or its menu and the item
/// in it (two). None when the bar does not show it.
fn press_action(app: &Window, g: &Game, legal: &[Action], a: &Action) -> Option<u32> {
    let listed = clicks::listed(g, legal, &Selection::None);
    let (groups, finish) = clicks::groups(g, &listed);
    let widgets = bar_widgets(app);
    let button = |label: &str| {
        widgets
            .iter()
            .find(|w| label_of(w).as_deref() == Some(label))
            .and_then(|w| w.clone().downcast::<gtk::Button>().ok())
    };
    if let Some((label, _)) = finish.iter().find(|(_, x)| x == a) {
        button(label)?.emit_clicked();
        return Some(1);
    }
    let gr = groups
        .iter()
        .find(|gr| gr.items.iter().any(|(_, x)| x == a))?;
    let (label, _) = gr.items.iter().find(|(_, x)| x == a)?;
    if gr.items.len() <= 2 {
        button(label)?.emit_clicked();
        return Some(1);
    }
    let title = format!("{} ({})", gr.title, gr.items.len());
    let menu = widgets
        .iter()
        .find(|w| label_of(w).as_deref() == Some(title.as_str()))?
        .clone()
        .downcast::<gtk::MenuButton>()
        .ok()?;
    menu.popup();
    pump_until(1, || false);
    let pop = menu.popover()?.upcast::<gtk::Widget>();
    let item = buttons_in(&pop).into_iter().find(|b| {
        b.label()
            .is_some_and(|l| l.as_str() == label || l.starts_with(&format!("{label}\n")))
    })?;
    item.emit_clicked();
    Some(2)
}

/// Answers the question dialog on screen with its "no" (one press), if one is open.
fn answer_question() -> bool {
    let Some(d) = window_named("question").and_then(|w| w.downcast::<adw::MessageDialog>().ok())
    else {
        return false;
    };
    answer(&d, "no");
    true
}

/// Places the markers as the ballot on screen proposes them (one press), if it is open.
fn cast_ballot() -> bool {
    let Some(root) = window_named("ballot") else {
        return false;
    };
    let place = buttons_in(&root.upcast())
        .into_iter()
        .find(|b| b.has_css_class("pill") && b.is_sensitive());
    match place {
        Some(b) => {
            b.emit_clicked();
            true
        }
        None => false,
    }
}

/// The game of `seed_` for a human against three Normal bots, who played its first round
/// (the human's seat too), opened in the window with the preferences' defaults.
fn start(seed_: u64) -> AppInit {
    let mut start = init(human_and_normal(), seed(seed_));
    let defaults = Prefs::default();
    start.prefs.skip_idle = defaults.skip_idle;
    start.prefs.decide_rolls = defaults.decide_rolls;
    start.prefs.choose_losses = defaults.choose_losses;
    start.prefs.confirm_attack = defaults.confirm_attack;
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Normal, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(start.game.clone(), bots).unwrap();
    s.play(100_000, |g| g.round >= 2).unwrap();
    start.game = s.game().clone();
    start
}

/// Plays the human's decisions of the round under way as a player would and counts his
/// presses: his draw, two Men-at-Arms bought on the Purchases panel, one army dragged,
/// one attack from the Battles step where a click on a Village declares it (and its
/// confirmation), "Done until my purchases" once, each question answered "no", each ballot
/// as proposed, and otherwise the step's main button (or the first choice offered).
fn play_round(app: &Window) -> Round {
    let first = app.model().session.game().clone();
    let round = first.round;
    let mut r = Round::default();
    let (mut bought, mut moved, mut attacked, mut ordered) = (false, false, false, false);
    for _ in 0..400 {
        assert!(pump_until(60, || {
            let m = app.model();
            m.session.human_turn().is_some()
                || m.session.game().to_act().is_none()
                || m.session.game().round > round
        }));
        // The window settles: a question or the ballot opens.
        pump_until(1, || false);
        let (g, legal) = {
            let m = app.model();
            (m.session.game().clone(), m.session.legal())
        };
        if g.round > round || g.to_act().is_none() || legal.is_empty() {
            break;
        }
        let history = g.history.len();
        let prompt = g.prompt().map(|p| p.kind);
        let step = |r: &mut Round, n: u32, what: String| {
            r.presses += n;
            r.steps.push(what);
        };
        if cast_ballot() {
            step(&mut r, 1, "ballot".into());
        } else if prompt.as_ref().is_some_and(|k| k.is_question()) && answer_question() {
            r.questions += 1;
            step(&mut r, 1, format!("question {prompt:?}"));
        } else if basket::buying(&legal) && !bought {
            let panel = app
                .model()
                .w
                .purchases
                .widget()
                .clone()
                .upcast::<gtk::Widget>();
            if let Some(maa) = legal.iter().find(|a| matches!(a, Action::BuyMaa(_))) {
                let tip = actions::action(&g, maa);
                for _ in 0..2 {
                    let plus = buttons_in(&panel).into_iter().find(|b| {
                        b.tooltip_text().as_deref() == Some(tip.as_str()) && b.is_sensitive()
                    });
                    let Some(plus) = plus else { break };
                    plus.emit_clicked();
                    pump_until(1, || false);
                    step(&mut r, 1, "buy +".into());
                }
            }
            buttons_in(&panel)
                .into_iter()
                .find(|b| b.widget_name() == "purchase-finish" && b.is_sensitive())
                .expect("the panel's confirm button")
                .emit_clicked();
            step(&mut r, 1, "buy".into());
            bought = true;
        } else if prompt == Some(PromptKind::Movement)
            && !moved
            && !clicks::roads(&g, &legal).is_empty()
        {
            let (from, to) = clicks::roads(&g, &legal)[0];
            app.emit(Msg::Map(MapOut::Dragged(from, to)));
            moved = true;
            step(&mut r, 1, "drag".into());
        } else if let (Some(PromptKind::Battles), false, Some(v)) = (
            prompt.as_ref(),
            attacked,
            legal
                .iter()
                .filter(|a| matches!(a, Action::DeclareBattle { .. }))
                .filter_map(|a| clicks::anchor(&g, a))
                .find(|v| {
                    matches!(
                        clicks::click(&g, &legal, &Selection::None, *v),
                        Click::Apply(Action::DeclareBattle { .. })
                    )
                }),
        ) {
            attacked = true;
            app.emit(Msg::Map(MapOut::Clicked(Some(v))));
            step(&mut r, 1, "attack".into());
            let d = message_dialog(10, |d| d.has_response("attack"));
            answer(&d, "attack");
            step(&mut r, 1, "confirm".into());
        } else if press_named(app, "remove-losses") {
            step(&mut r, 1, "losses".into());
        } else if press_named(app, "fight-on") {
            let why = app.model().status.clone();
            step(&mut r, 1, format!("fight-on ({why})"));
        } else if press_named(app, "draw-all") {
            step(&mut r, 1, "draw-all".into());
        } else if !ordered && press_named(app, "until-purchases") {
            ordered = true;
            step(&mut r, 1, "until-purchases".into());
        } else {
            let a = if legal.contains(&Action::DrawFortune) {
                Action::DrawFortune
            } else {
                legal
                    .iter()
                    .find(|a| clicks::is_finish(a))
                    .unwrap_or(&legal[0])
                    .clone()
            };
            let n = press_action(app, &g, &legal, &a)
                .unwrap_or_else(|| panic!("the bar shows no button for {a:?}: {:?}", r.steps));
            step(&mut r, n, format!("{a:?}"));
        }
        assert!(
            pump_until(30, || {
                let m = app.model();
                m.session.game().history.len() > history || m.session.game().round > round
            }),
            "the window did not take the press: {:?} (asked {prompt:?}, {legal:?})",
            r.steps
        );
    }
    // What happened in the round: his battles, and his decisions taken for him.
    let end = app.model().session.game().clone();
    assert!(end.round > round, "the round did not end: {:?}", r.steps);
    let mut replay = first;
    let mut fighting = false;
    let mut his = 0;
    for (p, a) in end.history.since(replay.history.len()) {
        if replay.round > round {
            break;
        }
        his += u32::from(*p == 0);
        replay.apply(*p, a.clone()).unwrap();
        let now = replay
            .battle
            .as_ref()
            .is_some_and(|b| b.sides.iter().any(|s| s.contains(&0)));
        r.battles += u32::from(now && !fighting);
        fighting = now;
    }
    r.decisions = his;
    r
}

/// Rounds 2 and 3 of several games against three Normal bots, played through the window
/// with its default preferences: each routine round (a draw, a purchase, one Move, at most
/// one battle, the round's questions) takes at most ten presses, and the rounds measured
/// hold a battle, a purchase and a Move at least once between them.
#[gtk4::test]
fn a_routine_round_takes_ten_presses_at_most() {
    let mut measured = Vec::new();
    for seed_ in [2u64, 9, 11, 14, 17] {
        let app = launch_to_human(start(seed_));
        for _ in 0..2 {
            let round = app.model().session.game().round;
            let r = play_round(&app);
            eprintln!(
                "seed {seed_} round {round}: {} presses ({} battle(s), {} question(s), {} decisions of his in all): {:?}",
                r.presses, r.battles, r.questions, r.decisions, r.steps
            );
            assert!(app.model().bot_errors.is_empty());
            if app.model().session.game().to_act().is_none() {
                break;
            }
            measured.push((seed_, round, r));
        }
    }
    let routine: Vec<_> = measured.iter().filter(|(_, _, r)| r.battles <= 1).collect();
    assert!(routine.len() >= 6, "too few routine rounds: {measured:?}");
    for (seed_, round, r) in &routine {
        assert!(
            r.presses <= 10,
            "seed {seed_} round {round}: {} presses: {:?}",
            r.presses,
            r.steps
        );
    }
    assert!(
        routine.iter().any(|(_, _, r)| r.battles == 1),
        "no battle in the rounds measured: {measured:?}"
    );
    for what in ["buy", "drag"] {
        assert!(
            routine
                .iter()
                .any(|(_, _, r)| r.steps.iter().any(|s| s == what)),
            "no {what} in the rounds measured"
        );
    }
}
