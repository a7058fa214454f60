//! `view(player)` shows only what that player may see (the rules' open and hidden information).

use fief::rules::Action;

#[test]
fn other_hands_deck_order_and_drawn_cards_are_hidden() {
    let sc = r#"{
      "players": ["Grady", "David", "Kirsten"],
      "position": {"first": "Grady", "phase": "draw",
        "villages": {"blaye": {"troops": {"Grady": [2, 1]}}, "bourg": {"troops": {"David": [2, 1]}}},
        "lords": [{"name": "Charles", "owner": "Grady", "village": "blaye"}, {"name": "Eric", "owner": "David", "village": "bourg"}],
        "fortune_deck": ["assassination", "taxes", "harvest"], "lords_deck": ["lord:philippe"]},
      "script": [["Grady", "draw-fortune"], ["Grady", "draw-lord"]]
    }"#;
    let out = fief::scenario::run(sc).unwrap();
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    let g = &out.game;
    let mine = g.view(Some(0));
    let theirs = g.view(Some(1));
    assert_eq!(mine.players[0].hand.as_ref().unwrap().len(), 2);
    assert!(theirs.players[0].hand.is_none());
    assert_eq!(theirs.players[0].hand_size, 2);
    let text = serde_json::to_string(&theirs).unwrap();
    assert!(
        !text.contains("Assassination"),
        "David's view names Grady's card"
    );
    assert!(
        !text.contains("Philippe"),
        "David's view names Grady's Lord card"
    );
    assert!(log_text(&theirs).contains("Grady draws a Fortune card."));
    assert!(log_text(&mine).contains("Grady draws Assassination."));
    // Deck order is never in a view: only sizes (35 Fortune and Disaster cards, one drawn;
    // the position's explicit deck only names the top cards).
    assert_eq!(theirs.fortune_deck, 34);
    // Legal actions are given only to the viewer whose decision it is.
    assert!(!mine.legal.is_empty());
    assert!(theirs.legal.is_empty());
}

#[test]
fn votes_stay_face_down_until_revealed() {
    let sc = r#"{
      "players": ["Grady", "David", "Kirsten"],
      "position": {"first": "Grady", "phase": "elections",
        "villages": {"sigy": {"troops": {"David": [1, 0]}}, "st_paul": {"troops": {"David": [1, 0]}},
                     "st_ciers": {"troops": {"Grady": [1, 0]}}, "beaujeu": {"troops": {"Grady": [1, 0]}}},
        "lords": [{"name": "Philippe", "owner": "Grady", "village": "st_ciers"}, {"name": "Quentin", "owner": "David", "village": "sigy"}]},
      "script": [["Grady", "nominate philippe"], ["David", "nominate quentin"], ["Grady", "vote for=quentin decoy=philippe"]]
    }"#;
    let out = fief::scenario::run(sc).unwrap();
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    let g = &out.game;
    // Kirsten (no vote in this election) sees that Grady voted, not how.
    let kirsten = g.view(Some(2));
    assert_eq!(kirsten.voted, vec![0]);
    assert!(kirsten.own_ballot.is_none());
    let text = serde_json::to_string(&kirsten).unwrap();
    assert!(!text.contains("for_lord"), "a face-down ballot leaked");
    assert!(g.view(Some(1)).own_ballot.is_none());
    let grady = g.view(Some(0));
    assert_eq!(
        grady.own_ballot.unwrap().for_lord,
        fief::rules::cards::find_lord("Quentin")
    );
    // Once David votes, the markers are revealed to everyone in the log.
    let mut g = g.clone();
    g.apply(
        1,
        Action::Vote {
            for_lord: fief::rules::cards::find_lord("Quentin"),
            decoy: None,
        },
    )
    .unwrap();
    let kirsten = log_text(&g.view(Some(2)));
    assert!(kirsten.contains("Grady (2 votes) FOR Quentin, decoy on Philippe"));
    // The result, every ballot face up, is public: it stays in the game each seat is sent
    // (a player at another computer reads it on his Election page), and in every view.
    assert!(g.last_election.is_some());
    for seat in [None, Some(0), Some(1), Some(2)] {
        assert_eq!(g.redacted(seat).last_election, g.last_election, "{seat:?}");
        assert_eq!(g.view(seat).state.last_election, g.last_election);
    }
}

#[test]
fn disasters_on_the_track_are_face_down() {
    let sc = r#"{
      "players": ["Grady", "David", "Kirsten"],
      "position": {"first": "Grady", "phase": "draw",
        "villages": {"blaye": {"troops": {"Grady": [2, 1]}}},
        "lords": [{"name": "Charles", "owner": "Grady", "village": "blaye"}],
        "fortune_deck": ["plague", "taxes"]},
      "script": [["Grady", "draw-fortune"]]
    }"#;
    let out = fief::scenario::run(sc).unwrap();
    let v = out.game.view(Some(0));
    assert_eq!(v.track_cards, 1);
    let text = serde_json::to_string(&v).unwrap();
    assert!(
        !text.contains("Plague"),
        "the drawer saw the Disaster's face"
    );
}

#[test]
fn a_card_offered_in_a_deal_is_seen_only_by_the_two_players() {
    let text = r#"{
     "players": ["Grady", "David", "Kirsten"],
     "position": {"first": "Grady", "phase": "purchase", "turn": "Grady",
      "villages": {"blaye": {"troops": {"Grady": [1, 0]}}, "bourg": {"troops": {"David": [1, 0]}}},
      "lords": [{"name": "Philippe", "owner": "Grady", "village": "blaye"},
                {"name": "Quentin", "owner": "David", "village": "bourg"}],
      "players": {"Grady": {"hand": ["justice"]}}},
     "script": [["Grady", "give-card david justice"]]
    }"#;
    let g = fief::scenario::run(text).unwrap().game;
    let card_seen = |viewer: u8| match g.view(Some(viewer)).prompt.map(|p| p.kind) {
        Some(fief::rules::PromptKind::Deal { cards, .. }) => cards,
        other => panic!("expected the deal to be answered, got {other:?}"),
    };
    assert_eq!(card_seen(0), vec![fief::rules::Card::Justice]);
    assert_eq!(card_seen(1), vec![fief::rules::Card::Justice]);
    assert!(card_seen(2).is_empty());
}

/// The log of a view as its reader reads it, in English.
fn log_text(v: &fief::rules::View) -> String {
    v.log
        .iter()
        .map(|e| e.text())
        .collect::<Vec<_>>()
        .join("\n")
}
