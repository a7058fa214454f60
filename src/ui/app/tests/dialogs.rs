//! GTK tests of the window's dialogs: the hints (in the header, the ballot and a question),
//! the questions with their standing answers, and the confirmation of an attack (run under
//! a virtual display: `xvfb-run -a cargo test`).

use super::setup::*;
use crate::ui::app::*;
use crate::ui::words::chances;

/// The Hint button shows the Hard bot's choice for the human's decision, from his own
/// view, with its reason, on the prompt bar and the map; it never plays it.
#[gtk4::test]
fn the_hint_shows_a_choice_and_its_reason_without_playing_it() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    let before = app.model().session.game().history.len();
    let button = app.model().w.hint_button.clone();
    assert!(button.is_sensitive());
    button.emit_clicked();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let root: gtk::Widget = app.widget().clone().upcast();
    let label = widget_named(&root, "prompt-hint")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .expect("the prompt bar's hint line");
    let (hint, offered) = {
        let m = app.model();
        assert_eq!(
            m.session.game().history.len(),
            before,
            "a hint is never played"
        );
        (m.current_hint().unwrap().clone(), m.session.legal())
    };
    assert!(
        offered.contains(&hint.action),
        "{:?} is not offered",
        hint.action
    );
    assert!(label.is_visible());
    let words = label.text().to_string();
    assert!(
        words.starts_with("Hint: ") && words.contains(" Why: ") && words.len() > 20,
        "{words}"
    );
    // Asked again for the same decision: nothing new is worked out.
    app.emit(Msg::Hint);
    pump_until(1, || false);
    assert!(app.model().hints.asked.is_none());
    // Once decided, the hint is gone.
    app.emit(Msg::Prompt(PromptOut::Chosen(hint.action.clone())));
    assert!(pump_until(30, || {
        let m = app.model();
        m.session.game().history.len() > before && m.session.human_turn().is_some()
    }));
    pump_until(1, || false);
    assert!(app.model().current_hint().is_none());
    assert!(!label.is_visible());
    assert!(app.model().bot_errors.is_empty());
}

/// The modal ballot keeps the header's Hint button out of reach: it has its own, and the
/// hint shows on the ballot's line without casting the vote.
#[gtk4::test]
fn the_ballot_has_its_own_hint() {
    let mut start = init(human_and_normal(), seed(2));
    crate::advance(&mut start, crate::Moment::Vote).unwrap();
    let app = launch_to_human(start);
    assert!(pump_until(10, || window_named("ballot").is_some()));
    let root: gtk::Widget = window_named("ballot").unwrap().upcast();
    let before = app.model().session.game().history.len();
    let button = buttons_in(&root)
        .into_iter()
        .find(|b| b.widget_name() == "ballot-hint")
        .expect("the ballot's Hint button");
    button.emit_clicked();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let line = widget_named(&root, "ballot-hint-line")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .expect("the ballot's hint line");
    let words = line.text().to_string();
    assert!(line.is_visible(), "the hint is shown");
    assert!(
        words.starts_with("Hint: FOR ") && words.contains(" Why: "),
        "{words}"
    );
    assert_eq!(
        app.model().session.game().history.len(),
        before,
        "the hint is not cast"
    );
    assert!(window_named("ballot").is_some(), "the ballot stays open");
    assert!(app.model().bot_errors.is_empty());
}

/// Item 5: a yes/no question has its own Hint, which shows the suggestion and its reason
/// in the dialog without answering; and "answer every such question the same way" gives
/// the standing answer for the rest of the phase.
#[gtk4::test]
fn a_question_has_its_own_hint_and_a_standing_answer() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "David",
            "phase": "marriage",
            "turn": "David",
            "villages": {
                "beaujeu": {"troops": {"David": [1, 0]}},
                "bourg": {"troops": {"Kirsten": [1, 0]}},
                "cuisery": {"troops": {"Grady": [1, 0]}},
                "trivy": {"troops": {"Gunter": [1, 0]}}
            },
            "lords": [
                {"name": "Quentin", "owner": "David", "village": "beaujeu"},
                {"name": "Jeanne", "owner": "Kirsten", "village": "bourg"},
                {"name": "Thierry", "owner": "Grady", "village": "cuisery"},
                {"name": "Eric", "owner": "Gunter", "village": "trivy"}
            ]
        },
        "script": [["David", "propose quentin jeanne"]]
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    assert!(pump_until(10, || window_named("question").is_some()));
    let root: gtk::Widget = window_named("question").unwrap().upcast();
    let before = app.model().session.game().history.len();
    // Where the answers stand: a hint shown moves none of them.
    let answers = |root: &gtk::Widget| -> Vec<(String, f32, f32)> {
        buttons_in(root)
            .into_iter()
            .filter(|b| b.is_visible() && b.label().is_some())
            .filter_map(|b| {
                let p = b.compute_point(root, &gtk::graphene::Point::new(0.0, 0.0))?;
                Some((b.label()?.to_string(), p.x(), p.y()))
            })
            .collect()
    };
    pump_until(1, || false);
    let before_hint = answers(&root);
    widget_named(&root, "question-hint")
        .and_then(|w| w.downcast::<gtk::MenuButton>().ok())
        .expect("the question's Hint button")
        .popup();
    assert!(pump_until(30, || app.model().current_hint().is_some()));
    pump_until(1, || false);
    let line = widget_named(&root, "question-hint-line")
        .and_then(|w| w.downcast::<gtk::Label>().ok())
        .unwrap();
    let words = line.text().to_string();
    assert!(line.is_visible() && line.is_drawable());
    assert_eq!(answers(&root), before_hint, "the hint moved the answers");
    assert!(
        words.starts_with("Hint: ") && words.contains(" Why: "),
        "{words}"
    );
    crate::ui::shoot(&root, "question");
    assert_eq!(app.model().session.game().history.len(), before);
    // The standing answer: ticked, then "No".
    let all = widget_named(&root, "answer-all")
        .and_then(|w| w.downcast::<gtk::CheckButton>().ok())
        .unwrap();
    all.set_active(true);
    let d = root.downcast::<adw::MessageDialog>().unwrap();
    d.response("no");
    assert!(pump_until(10, || app.model().session.game().history.len() > before));
    let kind = std::mem::discriminant(&PromptKind::MarriageAnswer {
        groom: 0,
        bride: 0,
        dowry: 0,
    });
    let m = app.model();
    assert!(
        m.session.standings(2).any(|o| matches!(
            o,
            Standing::Answer { kind: k, yes: false, .. } if k == kind
        )),
        "no standing answer"
    );
}

/// 11.1.1: the Teeth "may be used": when a Lord of hers is about to die and her Gauvain
/// carries the Teeth, Kirsten is asked in a dialog of its own, and her answer decides.
#[gtk4::test]
fn the_teeth_are_the_holders_choice_in_a_dialog() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "options": {"relics": true},
        "dice": [2],
        "position": {
            "first": "Grady",
            "phase": "marriage",
            "turn": "Gunter",
            "villages": {
                "charolles": {"troops": {"Kirsten": [2, 0]}},
                "blaye": {"troops": {"Gunter": [2, 0]}}
            },
            "lords": [
                {"name": "Eric", "owner": "Kirsten", "village": "charolles"},
                {"name": "Gauvain", "owner": "Kirsten", "village": "charolles"},
                {"name": "Philippe", "owner": "Gunter", "village": "blaye"}
            ],
            "players": {"Gunter": {"hand": ["assassination"]}},
            "relics": {"teeth": "Gauvain"}
        },
        "script": [["Gunter", "assassinate eric sponsor=philippe"]]
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    assert!(pump_until(10, || window_named("question").is_some()));
    let root: gtk::Widget = window_named("question").unwrap().upcast();
    let d = root.clone().downcast::<adw::MessageDialog>().unwrap();
    assert_eq!(
        d.heading().map(|h| h.to_string()).as_deref(),
        Some("Teeth of Saint Géronce")
    );
    let body = d.body().to_string();
    assert!(body.contains("Eric") && body.contains("Gauvain"), "{body}");
    assert_eq!(d.response_label("yes").as_str(), "Use the Teeth");
    assert_eq!(d.response_label("no").as_str(), "Keep them");
    crate::ui::shoot(&root, "teeth");
    let eric = fief::rules::cards::find_lord("Eric").unwrap();
    // Eric is at death's door until she answers.
    assert!(app.model().session.game().at_deaths_door(eric));
    d.response("yes");
    assert!(pump_until(10, || !app
        .model()
        .session
        .game()
        .at_deaths_door(eric)));
    let m = app.model();
    let g = m.session.game();
    assert!(g.lord(eric).is_some(), "Eric was saved");
    assert!(g
        .relics
        .iter()
        .all(|r| r.relic != fief::rules::relics::Relic::Teeth
            || r.at == fief::rules::relics::RelicAt::Gone));
}

/// Declaring a battle asks first (Preferences), and the question gives the attack's
/// odds as the prompt bar does; "Attack" starts it.
#[gtk4::test]
fn the_attack_confirmation_gives_the_odds() {
    let mut init = init(human_and_normal(), seed(2));
    init.prefs.confirm_attack = true;
    let app = launch_to_human(init);
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut driver = fief::bots::new_bot(Level::Normal, 7, Budget::Iterations(1));
    let mut declare = None;
    for _ in 0..600 {
        let offered = app.model().session.legal();
        declare = offered
            .iter()
            .find(|a| matches!(a, Action::DeclareBattle { .. }))
            .cloned();
        if declare.is_some() {
            break;
        }
        let g = app.model().session.game().clone();
        let a = driver.choose(&g.bot_view(0), &never).unwrap();
        choose_and_wait(&app, a);
    }
    let declare = declare.expect("an attack to declare");
    let g = app.model().session.game().clone();
    let odds = chances::attack_chances(&g, Some(0), &declare).unwrap();
    assert!(odds.contains("win ") && odds.contains('%'), "{odds}");
    app.emit(Msg::Prompt(PromptOut::Chosen(declare.clone())));
    let d = message_dialog(10, |_| true);
    assert_eq!(d.heading().as_deref(), Some("Start a battle?"));
    let body = d.body();
    assert!(body.ends_with(&odds), "{body}");
    assert_eq!(app.model().session.game().history.len(), g.history.len());
    d.response("attack");
    assert!(pump_until(10, || app.model().session.game().history.len()
        > g.history.len()));
    let m = app.model();
    let first = m
        .session
        .game()
        .history
        .since(g.history.len())
        .next()
        .cloned();
    assert_eq!(first, Some((0, declare)));
}

/// What a button reads (its label, or its child label's).
fn button_text(b: &gtk::Button) -> Option<String> {
    b.label().map(|l| l.to_string()).or_else(|| {
        b.child()
            .and_downcast::<gtk::Label>()
            .map(|l| l.text().to_string())
    })
}

/// Where the visible buttons under `root` that read `labels` stand, left to right: their
/// labels in that order.
fn buttons_left_to_right(root: &gtk::Widget, labels: &[&str]) -> Vec<String> {
    let mut at: Vec<(f32, String)> = buttons_in(root)
        .into_iter()
        .filter(|b| b.is_mapped())
        .filter_map(|b| {
            let label = button_text(&b)?;
            let p = b.compute_point(root, &gtk::graphene::Point::new(0.0, 0.0))?;
            labels.contains(&label.as_str()).then_some((p.x(), label))
        })
        .collect();
    at.sort_by(|a, b| a.0.total_cmp(&b.0));
    at.into_iter().map(|(_, l)| l).collect()
}

/// 8.0: Grady offers Kirsten 3 Deniers. Her question and her prompt bar answer it with the
/// same words in the same order (Refuse, then Accept); while the modal question is open the
/// prompt bar, which takes no click then, is greyed, and it is back once she has answered.
#[gtk4::test]
fn a_deal_is_answered_alike_in_its_question_and_the_greyed_prompt_bar() {
    let sc = serde_json::json!({
        "players": ["Grady", "David", "Kirsten", "Gunter"],
        "seed": 3,
        "position": {
            "first": "Grady",
            "phase": "purchase",
            "turn": "Grady",
            "villages": {
                "blaye": {"troops": {"Grady": [1, 0]}, "controller": "Grady"},
                "bourg": {"troops": {"Kirsten": [1, 0]}, "controller": "Kirsten"}
            },
            "lords": [
                {"name": "Philippe", "owner": "Grady", "village": "blaye"},
                {"name": "Quentin", "owner": "Kirsten", "village": "bourg"}
            ]
        },
        "script": [["Grady", "give-deniers kirsten 3"]]
    });
    let app = launch_to_human(kirsten_in(&sc, Level::Easy));
    assert!(matches!(
        app.model().session.game().prompt().map(|p| p.kind),
        Some(PromptKind::Deal { .. })
    ));
    assert!(pump_until(10, || window_named("question").is_some()));
    pump_until(1, || false);
    let root: gtk::Widget = window_named("question").unwrap().upcast();
    let d = root.clone().downcast::<adw::MessageDialog>().unwrap();
    assert_eq!(d.response_label("yes").as_str(), "Accept");
    assert_eq!(d.response_label("no").as_str(), "Refuse");
    let answers = ["Refuse", "Accept"];
    assert_eq!(buttons_left_to_right(&root, &answers), answers);
    let bar: gtk::Widget = app.model().w.prompt.widget().clone().upcast();
    assert_eq!(buttons_left_to_right(&bar, &answers), answers);
    crate::ui::shoot(app.widget(), "deal-question");
    assert!(
        !bar.is_sensitive(),
        "the prompt bar takes no click under the question"
    );
    let before = app.model().session.game().history.len();
    // Accepted as a click does it: the answer, and the question gone.
    buttons_in(&root)
        .into_iter()
        .find(|b| b.is_mapped() && button_text(b).as_deref() == Some("Accept"))
        .expect("the question's Accept")
        .emit_clicked();
    assert!(pump_until(10, || app.model().session.game().history.len() > before));
    assert!(pump_until(5, || bar.is_sensitive()));
}
