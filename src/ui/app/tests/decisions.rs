//! GTK tests of decisions made in the window: a truce for a price, fighting to the end, the
//! purchases, a drag that cannot be made, the losses of a roll (run under a virtual display).

use super::setup::*;
use crate::ui::app::*;
use crate::ui::plan::losses;
use crate::ui::words::tooltips;

/// Outmatched in a battle, the human offers a truce for a price with a button of the
/// prompt bar; the Normal bot across refuses a price too low and the log says why.
#[gtk4::test]
fn a_truce_for_a_price_is_offered_from_the_prompt_bar_and_answered_with_a_reason() {
    let out = fief::scenario::run(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/outmatched.json"
    )))
    .unwrap();
    let mut start = init(
        vec![
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Normal),
            Seat::Human,
            Seat::Bot(Level::Normal),
        ],
        seed(3),
    );
    start.game = out.game;
    let app = launch_to_human(start);
    let root: gtk::Widget = app.widget().clone().upcast();
    let labels: Vec<String> = buttons_in(&root)
        .iter()
        .filter_map(|b| b.label().map(|l| l.to_string()))
        .collect();
    let offer = |n: u8| {
        let want = format!(
            "Propose a truce, offering {n} Denier{} to each on the other side",
            if n == 1 { "" } else { "s" }
        );
        buttons_in(&root)
            .into_iter()
            .find(|b| b.label().is_some_and(|l| l == want.as_str()))
    };
    assert!(
        offer(1).is_some() && offer(3).is_some(),
        "a truce for 1 to 3 Deniers is on offer: {labels:?}"
    );
    offer(2).expect("2 Deniers").emit_clicked();
    let said = |app: &relm4::Controller<App>| {
        app.model()
            .session
            .game()
            .log
            .iter()
            .map(|e| e.text())
            .find(|t| t.starts_with("Gunter explains: "))
    };
    assert!(pump_until(30, || said(&app).is_some()));
    let why = said(&app).unwrap();
    assert!(why.ends_with("a truce would take 3 Deniers."), "{why}");
    assert_eq!(
        app.model().session.game().players[2].money,
        6,
        "nothing paid"
    );
    assert!(app.model().bot_errors.is_empty());
}

/// The outmatched battle with `dice` scripted, Normal bots around her.
fn outmatched(dice: &[u8]) -> AppInit {
    let mut sc = outmatched_scenario();
    sc["dice"] = serde_json::json!(dice);
    kirsten_in(&sc, Level::Normal)
}

/// Item 2 of the new-user trial: "Fight to the end" no longer rolls on blind. Her first
/// roll (1, 1 against 6, 6) leaves her one Man-at-Arms: the next roll could take Eric, so
/// the order stops, says why, and offers Surrender and the truces again.
#[gtk4::test]
fn fight_to_the_end_stops_before_a_lord_is_exposed() {
    let app = launch_to_human(outmatched(&[1, 1, 6, 6]));
    pump_until(1, || false);
    let root: gtk::Widget = app.widget().clone().upcast();
    let fight_on = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "fight-on" && b.is_visible())
        .expect("the Fight to the end button");
    let before = app.model().session.game().history.len();
    fight_on.emit_clicked();
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.game().history.len() > before && m.session.human_turn().is_some()
    }));
    let m = app.model();
    let g = m.session.game();
    assert!(g.battle.is_some(), "the battle was fought to its end");
    assert!(m.session.legal().contains(&Action::Surrender));
    assert!(m.session.standing(2).is_none());
    assert!(
        m.status.starts_with("The dice wait for you:"),
        "{}",
        m.status
    );
    crate::ui::shoot(app.widget(), "fight-stopped");
    let eric = g.lords.iter().find(|l| l.owner == 2).unwrap();
    assert!(eric.captor.is_none(), "Eric was taken");
    assert!(m.bot_errors.is_empty());
}

/// Item 8: "Done until my purchases" does not throw away a Lord card: with one in hand,
/// her Play Cards step is asked, the Lord offered.
#[gtk4::test]
fn done_until_my_purchases_offers_a_lord_card_first() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 5,
        "position": {
            "first": "Kirsten",
            "phase": "marriage",
            "turn": "Kirsten",
            "players": {"Kirsten": {"hand": ["lord:charles"]}},
            "villages": {
                "blaye": {"troops": {"Kirsten": [2, 0]}, "controller": "Kirsten"},
                "bourg": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "blaye"},
                {"name": "Quentin", "owner": "David", "village": "bourg"},
                {"name": "Philippe", "owner": "Grady", "village": "sigy"},
                {"name": "Gauvain", "owner": "Gunter", "village": "tournus"}
            ]
        }
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    app.emit(Msg::Prompt(PromptOut::Stand(Standing::UntilPurchases)));
    let mut offered_lord = false;
    for _ in 0..40 {
        wait_for_human(&app);
        let (kind, offered) = {
            let m = app.model();
            (m.session.game().prompt().unwrap().kind, m.session.legal())
        };
        if offered.iter().any(|a| matches!(a, Action::PlayLord { .. })) {
            assert_eq!(kind, PromptKind::PlayCards);
            offered_lord = true;
            break;
        }
        assert_ne!(kind, PromptKind::Purchase, "Play Cards was passed");
        // Her draw is hers: she ends it; anything else asked, the first choice.
        let a = if offered.contains(&Action::EndDraw) {
            Action::EndDraw
        } else {
            offered[0].clone()
        };
        let before = app.model().session.game().history.len();
        app.emit(Msg::Prompt(PromptOut::Chosen(a)));
        assert!(pump_until(30, || app.model().session.game().history.len() > before));
    }
    assert!(offered_lord, "the Lord card was never offered");
}

/// Item 6: an army that cannot move says why, where the pointer is: Eric's army in
/// Matour under Heavy Rain, dragged to Dompierre or clicked, gets a bubble naming the rain.
#[gtk4::test]
fn a_drag_that_cannot_be_made_says_why_at_the_pointer() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 5,
        "position": {
            "round": 3,
            "first": "Kirsten",
            "phase": "movement",
            "turn": "Kirsten",
            "villages": {
                "matour": {"troops": {"Kirsten": [3, 0]}, "controller": "Kirsten"},
                "blaye": {"troops": {"Kirsten": [1, 0]}, "controller": "Kirsten"},
                "bourg": {"troops": {"David": [1, 0]}},
                "sigy": {"troops": {"Grady": [1, 0]}},
                "tournus": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "matour"},
                {"name": "Charles", "owner": "Kirsten", "village": "blaye"},
                {"name": "Quentin", "owner": "David", "village": "bourg"},
                {"name": "Philippe", "owner": "Grady", "village": "sigy"},
                {"name": "Gauvain", "owner": "Gunter", "village": "tournus"}
            ],
            "bishoprics": {"4": ["heavy rain"]}
        }
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    let map = app.model().session.game().map.clone();
    let (matour, dompierre) = (
        map.find_village("matour").unwrap(),
        map.find_village("dompierre").unwrap(),
    );
    assert_eq!(
        app.model().session.game().prompt().unwrap().kind,
        PromptKind::Movement
    );
    let bubble = app.model().w.map.model().bubble.clone();
    assert!(!bubble.is_visible());
    app.emit(Msg::Map(MapOut::DragRefused(matour, dompierre)));
    assert!(pump_until(5, || bubble.is_visible()));
    let said = bubble
        .child()
        .and_then(|c| c.downcast::<gtk::Label>().ok())
        .map(|l| l.text().to_string())
        .unwrap_or_default();
    assert!(
        said.starts_with("No move from Matour to Dompierre:"),
        "{said}"
    );
    assert!(said.contains("Heavy Rain"), "{said}");
    assert_eq!(app.model().status, said);
    crate::ui::shoot(app.widget(), "why-not");
    // A click on the army's Village, with no Move open from it, says the same.
    app.emit(Msg::Map(MapOut::Clicked(Some(matour))));
    pump_until(1, || false);
    let status = app.model().status.clone();
    assert!(status.contains("Heavy Rain"), "{status}");
    assert!(bubble.is_visible());
    // The Village's tooltip names the rain too.
    let tip = tooltips::village_tooltip(app.model().session.game(), Some(2), matour, &[]);
    assert!(tip.contains("Heavy Rain"), "{tip}");
}

/// Item 9: every casualty of a roll in one decision. Kirsten takes 6 hits with 4
/// Men-at-Arms and 2 Knights (two Knights, or a Knight and 3 Men-at-Arms): the composer
/// presets the rules' default (Men-at-Arms first), and one click removes them all.
#[gtk4::test]
fn the_losses_of_a_roll_are_one_decision() {
    let mut sc = outmatched_scenario();
    sc["position"]["villages"]["charolles"]["troops"]["Kirsten"] = serde_json::json!([4, 2]);
    sc["dice"] = serde_json::json!([1, 1, 6, 6]);
    let app = launch_to_human(kirsten_in(&sc, Level::Normal));
    let before = app.model().session.game().history.len();
    app.emit(Msg::Prompt(PromptOut::Chosen(Action::Fight)));
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.human_turn().is_some()
            && m.session
                .legal()
                .iter()
                .any(|a| matches!(a, Action::Casualty(_)))
    }));
    pump_until(1, || false);
    let charolles = app
        .model()
        .session
        .game()
        .map
        .find_village("charolles")
        .unwrap();
    let root: gtk::Widget = app.model().w.prompt.widget().clone().upcast();
    let remove = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "remove-losses")
        .expect("the losses composer");
    assert!(remove.is_sensitive(), "{:?}", remove.tooltip_text());
    crate::ui::shoot(app.widget(), "losses");
    // The counts can be changed to any other choice the rules allow, and only to those.
    {
        use fief::rules::Casualty;
        let view = app.model().session.view();
        let g = &view.state;
        assert!(losses::losses_plan(g, 2, &[(Casualty::Knight(2), 2)]).is_ok());
        assert!(losses::losses_plan(g, 2, &[(Casualty::Maa(2), 4)]).is_err());
        assert!(losses::losses_plan(g, 2, &[(Casualty::Knight(2), 1)]).is_err());
        let choice = g.loss_choice(2).expect("losses asked");
        let (preset, kinds) = (choice.proposed, choice.kinds);
        assert_eq!(
            preset,
            vec![(Casualty::Maa(2), 3), (Casualty::Knight(2), 1)]
        );
        assert!(kinds.contains(&(Casualty::Maa(2), 4)));
        assert!(kinds.contains(&(Casualty::Knight(2), 2)));
    }
    let picked = app.model().session.game().history.len();
    remove.emit_clicked();
    assert!(pump_until(10, || {
        let m = app.model();
        !m.session
            .game()
            .prompt()
            .is_some_and(|pr| matches!(pr.kind, PromptKind::Losses { .. }) && pr.player == 2)
    }));
    let m = app.model();
    let g = m.session.game();
    // (Once a choice is made the rest may be forced: the engine takes those itself.)
    assert!(g.history.len() > picked);
    let t = g.villages[charolles as usize].troops[2];
    assert_eq!((t.maa, t.knights), (1, 1), "the rules' default");
    assert!(g.history.len() > before);
    assert!(m.bot_errors.is_empty());
}
