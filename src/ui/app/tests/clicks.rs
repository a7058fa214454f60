//! The clicks a whole round takes in the window, counted, against what it took before the
//! panels and drags (run under a virtual display).

use super::setup::*;
use crate::ui::app::*;
use crate::ui::plan::clicks::Click;
use crate::ui::words::actions;

/// The clicks an action costs through the prompt bar, the hand and the map (as before
/// this panel and dragging existed, and still): a button, or a menu and its item; a
/// card, then its use; a Village, then its menu if it offers several.
fn prompt_clicks(g: &Game, legal: &[Action], a: &Action) -> u32 {
    let in_menu = |sel: &Selection| {
        let listed = clicks::listed(g, legal, sel);
        let (groups, _) = clicks::groups(g, &listed);
        groups
            .iter()
            .any(|gr| gr.items.len() > 1 && gr.items.iter().any(|(_, x)| x == a))
    };
    if clicks::is_finish(a) {
        return 1;
    }
    if matches!(a, Action::Vote { .. }) {
        return 2;
    }
    if let Some(c) = a.card() {
        return 2 + u32::from(in_menu(&Selection::Card(c)));
    }
    match clicks::anchor(g, a) {
        Some(v) => match clicks::click(g, legal, &Selection::None, v) {
            Click::Apply(_) => 1,
            _ => 2 + u32::from(in_menu(&Selection::Village(v))),
        },
        None => 1 + u32::from(in_menu(&Selection::None)),
    }
}

/// What each of a human's decisions cost with the window as the new-user trial found it
/// (before issue 28): a casualty two clicks (its button, then the next), a purchase on
/// the panel one, a Move one drag, a routine step of Phases 1 to 3 nothing after the one
/// "Done until my purchases" of the round, every other step's end one click (the idle
/// steps were not passed), a question one, a vote two; the rest as the prompt bar takes
/// it. Windows in which passing was all one could do cost nothing then and now.
fn clicks_as_found(g: &Game, legal: &[Action], a: &Action, ordered: &mut bool) -> u32 {
    if legal == [Action::Pass] {
        return 0;
    }
    match a {
        Action::Casualty(_) => 2,
        Action::BuyMaa(_) | Action::BuyKnight(_) | Action::BuyMill(_) => 1,
        Action::Move(_) => 1,
        Action::Accept | Action::Refuse => 1,
        Action::Vote { .. } => 2,
        a if Standing::routine_end(a, legal) && g.phase.number() <= 3 => {
            u32::from(!std::mem::replace(ordered, true))
        }
        a if clicks::is_finish(a) => 1,
        _ => prompt_clicks(g, legal, a),
    }
}

/// Round 2 of the game of `seed_` for a human against three Normal bots, played through
/// the window as a player would with what issue 28 added: "Done until my purchases"
/// once, his draw, the purchase panel, one army dragged, "Pass until this phase ends" in
/// reaction windows, "Fight to the end" and every casualty of a roll in one click, steps
/// with nothing to do passed for him. Returns his clicks, the same decisions costed as
/// the window took them before (`clicks_as_found`) and as the prompt bar alone takes
/// them (each Troop a Village click, its menu and its item; a Move its Village, its
/// destination and "Move"; each roll and each "Done" a click), and the steps.
fn round_clicks(seed_: u64) -> (u32, u32, u32, Vec<String>) {
    let mut start = init(human_and_normal(), seed(seed_));
    start.prefs.skip_idle = true;
    // Bots play the first round; the human takes the first choice offered.
    let bots = (0..4)
        .map(|p| fief::bots::new_bot(Level::Normal, p, Budget::Iterations(1)))
        .collect();
    let mut s = Session::bots_only(start.game.clone(), bots).unwrap();
    s.play(100_000, |g| g.round >= 2).unwrap();
    start.game = s.game().clone();
    let (round, first) = (start.game.round, start.game.clone());
    let app = launch_to_human(start);
    let (mut now, mut bought, mut moved, mut ordered) = (0u32, false, false, false);
    let mut steps = Vec::new();
    for _ in 0..400 {
        assert!(pump_until(60, || {
            let m = app.model();
            m.session.human_turn().is_some() || m.session.game().to_act().is_none()
        }));
        let (g, legal) = {
            let m = app.model();
            if m.session.game().to_act().is_none() {
                break;
            }
            (m.session.game().clone(), m.session.legal())
        };
        if g.round > round {
            break;
        }
        let prompt = g.prompt().map(|p| p.kind.clone());
        let history = g.history.len();
        pump_until(1, || false);
        let bar = app
            .model()
            .w
            .prompt
            .widget()
            .clone()
            .upcast::<gtk::Widget>();
        let named = |root: &gtk::Widget, name: &str| {
            buttons_in(root)
                .into_iter()
                .find(|b| b.widget_name() == name && b.is_visible() && b.is_sensitive())
        };
        let routine = legal.iter().any(|a| Standing::routine_end(a, &legal));
        if basket::buying(&legal) && !bought {
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
                    now += 1;
                }
            }
            named(&panel, "purchase-finish")
                .expect("the panel's confirm button")
                .emit_clicked();
            now += 1;
            bought = true;
            steps.push("buy".to_string());
        } else if prompt == Some(PromptKind::Movement)
            && !moved
            && !clicks::roads(&g, &legal).is_empty()
        {
            let (from, to) = clicks::roads(&g, &legal)[0];
            app.emit(Msg::Map(MapOut::Dragged(from, to)));
            moved = true;
            now += 1;
            steps.push("drag".into());
        } else if let Some(b) = named(&bar, "remove-losses") {
            b.emit_clicked();
            now += 1;
            steps.push("losses".into());
        } else if let Some(b) = named(&bar, "fight-on") {
            b.emit_clicked();
            now += 1;
            steps.push("fight-on".into());
        } else if routine && !ordered && g.phase.number() <= 3 {
            named(&bar, "until-purchases")
                .expect("Done until my purchases")
                .emit_clicked();
            ordered = true;
            now += 1;
            steps.push("until-purchases".into());
        } else if let Some(b) = named(&bar, "pass-phase") {
            b.emit_clicked();
            now += 1;
            steps.push("pass-phase".into());
        } else if let Some(b) = named(&bar, "draw-all") {
            b.emit_clicked();
            now += 1;
            steps.push("draw-all".into());
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
            now += match a {
                Action::Vote { .. } => 2,
                Action::Accept | Action::Refuse | Action::DrawFortune => 1,
                _ => prompt_clicks(&g, &legal, &a),
            };
            steps.push(format!("{a:?}"));
            app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        }
        assert!(
            pump_until(30, || app.model().session.game().history.len() > history),
            "the window did not take the clicks: {steps:?}"
        );
    }
    // The same decisions, costed as the window took them before.
    let end = app.model().session.game().clone();
    assert!(end.round > round, "the round did not end: {steps:?}");
    let mut replay = first;
    let (mut before, mut bar_alone, mut ordered) = (0, 0, false);
    for (p, a) in end.history.since(replay.history.len()) {
        if replay.round > round {
            break;
        }
        if *p == 0 {
            let legal = replay.legal_actions(0);
            before += clicks_as_found(&replay, &legal, a, &mut ordered);
            bar_alone += match a {
                _ if legal == [Action::Pass] => 0,
                Action::Move(_) => 3,
                _ => prompt_clicks(&replay, &legal, a),
            };
        }
        replay.apply(*p, a.clone()).unwrap();
    }
    eprintln!(
        "seed {seed_}: clicks now {now}, as found {before}, by the prompt bar alone {bar_alone}: {steps:?}"
    );
    assert!(bought && moved, "{steps:?}");
    assert!(app.model().bot_errors.is_empty());
    (now, before, bar_alone, steps)
}

/// A whole round, counted (`round_clicks`): a busy one (reaction windows, a battle, its
/// casualties, a question; 33 clicks as found, 43 by the prompt bar alone, which is what
/// the window took before the purchase panel, the drag and the standing orders) now
/// takes at most half of either; a quieter one fewer, and a quiet one no more.
#[gtk4::test]
fn a_whole_round_takes_half_the_clicks_it_did() {
    let (now, before, bar, steps) = round_clicks(6);
    assert!(before >= 25, "not the busy round: {before} {steps:?}");
    assert!(2 * now <= before, "now {now}, as found {before}: {steps:?}");
    assert!(
        2 * now <= bar,
        "now {now}, by the bar alone {bar}: {steps:?}"
    );
    let (now, before, bar, steps) = round_clicks(11);
    assert!(now < before, "now {now}, as found {before}: {steps:?}");
    assert!(now < bar, "now {now}, by the bar alone {bar}: {steps:?}");
    let (now, before, _, steps) = round_clicks(9);
    assert!(now <= before, "now {now}, as found {before}: {steps:?}");
}
