//! Every election rule of 1.3–1.8, ties and the King's "2 Bishops or
//! 1 Cardinal or the Pope" included, as small scenario positions.

use serde_json::{json, Value};

const P4: [&str; 4] = ["Grady", "David", "Kirsten", "Gunter"];

/// Each player keeps an army in a Village of his own: Grady in Bourg, David in Tournus,
/// Kirsten in Blaye, Gunter in St Gérôme.
fn homes() -> Value {
    json!({
        "bourg": {"troops": {"Grady": [3, 1]}},
        "tournus": {"troops": {"David": [3, 1]}},
        "blaye": {"troops": {"Kirsten": [3, 1]}},
        "st_gerome": {"troops": {"Gunter": [3, 1]}},
    })
}

fn home(p: &str) -> &'static str {
    match p {
        "Grady" => "bourg",
        "David" => "tournus",
        "Kirsten" => "blaye",
        _ => "st_gerome",
    }
}

fn lord(name: &str, owner: &str, titles: &[&str]) -> Value {
    json!({"name": name, "owner": owner, "village": home(owner), "titles": titles})
}

fn run(villages: Value, lords: Vec<Value>, script: &[(&str, &str)]) -> fief::scenario::Outcome {
    let sc = json!({
        "players": P4,
        "position": {"first": "Grady", "phase": "elections", "villages": villages, "lords": lords},
        "script": script.iter().map(|(p, a)| json!([p, a])).collect::<Vec<_>>(),
    });
    fief::scenario::run(&sc.to_string()).unwrap()
}

fn summary(out: &fief::scenario::Outcome) -> Value {
    fief::scenario::summary(&out.game)
}

fn log_has(out: &fief::scenario::Outcome, text: &str) -> bool {
    out.game.log.iter().any(|e| e.text().contains(text))
}

fn ok(out: &fief::scenario::Outcome) {
    assert!(out.failures.is_empty(), "{:?}", out.failures);
}

/// Bishopric 5 (Sigy, St Paul, St Ciers d'Abzac, Beaujeu) all controlled: 3 votes for David
/// (Sigy + St Paul), 2 for Grady (St Ciers + Beaujeu).
fn sigy_split() -> Value {
    let mut v = homes();
    v["sigy"] = json!({"troops": {"David": [1, 0]}});
    v["st_paul"] = json!({"troops": {"David": [1, 0]}});
    v["st_ciers"] = json!({"troops": {"Grady": [1, 0]}});
    v["beaujeu"] = json!({"troops": {"Grady": [1, 0]}});
    v
}

/// 1.3, 1.4: a tie for Bishop elects nobody.
#[test]
fn bishop_tie_elects_nobody() {
    let mut v = sigy_split();
    v["st_paul"] = json!({"troops": {"Kirsten": [1, 0]}});
    // Grady 2, David 2 (Sigy), Kirsten 1.
    let out = run(
        v,
        vec![
            lord("Philippe", "Grady", &[]),
            lord("Quentin", "David", &[]),
            lord("Blanche", "Kirsten", &[]),
        ],
        &[
            ("Grady", "nominate philippe"),
            ("David", "nominate quentin"),
            ("Grady", "vote for=philippe decoy=-"),
            ("David", "vote for=quentin decoy=-"),
            ("Kirsten", "vote for=- decoy=quentin"),
        ],
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["bishops"]["5"], Value::Null);
    assert!(log_has(&out, "a tie at 2 votes elects nobody"));
}

/// 1.3, 1.4: the most FOR votes make the Bishop; DECOY markers count for nothing.
#[test]
fn bishop_simple_majority_wins_and_decoys_are_ignored() {
    let out = run(
        sigy_split(),
        vec![
            lord("Philippe", "Grady", &[]),
            lord("Quentin", "David", &[]),
        ],
        &[
            ("Grady", "nominate philippe"),
            ("David", "nominate quentin"),
            ("Grady", "vote for=- decoy=philippe"),
            ("David", "vote for=quentin decoy=philippe"),
        ],
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["bishops"]["5"], "Quentin");
}

/// 1.3, 1.4: a lone candidate is elected only with a FOR vote.
#[test]
fn bishop_single_candidate_needs_a_for_vote() {
    let out = run(
        sigy_split(),
        vec![
            lord("Philippe", "Grady", &[]),
            lord("Blanche", "David", &[]),
        ],
        &[
            ("Grady", "nominate philippe"),
            ("Grady", "vote for=- decoy=philippe"),
            ("David", "vote for=- decoy=-"),
        ],
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["bishops"]["5"], Value::Null);
    assert!(log_has(&out, "no FOR votes were cast"));
}

/// 1.4: no Bishop is elected while a Village of the Bishopric has no controller.
#[test]
fn no_election_unless_every_village_is_controlled() {
    let mut v = sigy_split();
    v.as_object_mut().unwrap().remove("beaujeu");
    let out = run(v, vec![lord("Philippe", "Grady", &[])], &[]);
    ok(&out);
    assert!(!log_has(&out, "Election: Bishop of Sigy"));
    assert_eq!(summary(&out)["phase"], "Phase 2: Discard and Draw");
}

/// 1.4: a Bishop who took office this round has no vote in the election.
#[test]
fn bishops_vote_only_if_in_play_since_the_start_of_the_round() {
    let mut v = sigy_split();
    v["bourg"] = json!({"troops": {"Kirsten": [1, 0]}});
    v["blaye"] = json!({"troops": {"Gunter": [1, 0]}});
    let mut new_bishop = lord("Eric", "Kirsten", &["bishop 2"]);
    new_bishop["bishop_since"] = json!(1);
    new_bishop["village"] = json!("bourg");
    let mut old_bishop = lord("Raoul", "Gunter", &["bishop 1"]);
    old_bishop["village"] = json!("blaye");
    let mut phil = lord("Philippe", "Grady", &[]);
    phil["village"] = json!("st_ciers");
    let out = run(
        v,
        vec![phil, lord("Quentin", "David", &[]), new_bishop, old_bishop],
        &[
            ("Grady", "nominate philippe"),
            ("David", "nominate quentin"),
            ("Grady", "vote for=philippe decoy=-"),
            ("David", "vote for=quentin decoy=-"),
            ("Gunter", "vote for=philippe decoy=-"),
        ],
    );
    ok(&out);
    // Kirsten's Bishop was elected this round (round 1): she has no vote and is not asked.
    assert!(log_has(&out, "Votes revealed: Grady (2 votes) FOR Philippe; David (3 votes) FOR Quentin; Gunter (2 votes) FOR Philippe."));
    assert_eq!(summary(&out)["titles"]["bishops"]["5"], "Philippe");
}

/// 1.4: a Captive, an excommunicated Lord, a married one and the King cannot stand for Bishop,
/// and a family nominates only its own Lords (1.3).
#[test]
fn captives_excommunicated_married_and_the_king_cannot_stand_for_bishop() {
    let mut captive = lord("Philippe", "Grady", &[]);
    captive["captor"] = json!("Gunter");
    captive["village"] = json!("st_gerome");
    let mut excommunicated = lord("Arnaud", "Grady", &[]);
    excommunicated["excommunicated"] = json!(true);
    let mut married = lord("Raoul", "Grady", &[]);
    married["spouse"] = json!("Jeanne");
    let mut bride = lord("Jeanne", "Kirsten", &[]);
    bride["spouse"] = json!("Raoul");
    let lords = vec![
        captive,
        excommunicated,
        married,
        lord("Charles", "Grady", &["king"]),
        bride,
        lord("Quentin", "David", &[]),
        lord("Gauvain", "Gunter", &[]),
    ];
    let out = run(sigy_split(), lords, &[]);
    // Grady has nobody who may stand, so he is not even asked: David nominates first.
    assert_eq!(out.game.to_act(), Some(1));
    let kind = fief::rules::ElectionKind::Bishop(4);
    for (who, reason) in [
        ("Philippe", "Captive"),
        ("Arnaud", "excommunicated"),
        ("Raoul", "unmarried"),
        ("Charles", "King"),
    ] {
        let id = fief::rules::cards::find_lord(who).unwrap();
        let err = out.game.eligible(kind, id).unwrap_err();
        assert!(err.reason().contains(reason), "{who}: {err}");
    }
    let err = out
        .game
        .check(
            1,
            &fief::rules::Action::Nominate(fief::rules::cards::find_lord("Philippe").unwrap()),
        )
        .unwrap_err();
    assert!(err.reason().contains("your own"), "{err}");
}

/// 1.3: a Captive's votes are not cast.
#[test]
fn captives_do_not_vote() {
    let mut v = sigy_split();
    v["sigy"] = json!({"troops": {"Kirsten": [1, 0]}});
    let mut captive = lord("Eric", "Kirsten", &["bishop 1", "cardinal"]);
    captive["captor"] = json!("Gunter");
    captive["village"] = json!("st_gerome");
    let out = run(
        v,
        vec![
            lord("Philippe", "Grady", &[]),
            lord("Quentin", "David", &[]),
            captive,
        ],
        &[
            ("Grady", "nominate philippe"),
            ("David", "nominate quentin"),
            ("Grady", "vote for=philippe decoy=-"),
            ("David", "vote for=quentin decoy=-"),
            ("Kirsten", "vote for=quentin decoy=-"),
        ],
    );
    ok(&out);
    // Kirsten votes with her Village only (2 for Sigy); her captive Cardinal adds nothing.
    assert!(log_has(&out, "Kirsten (2 votes) FOR Quentin"));
}

fn two_cardinals() -> Vec<Value> {
    vec![
        lord("François", "Grady", &["bishop 2", "cardinal"]),
        lord("Eric", "David", &["bishop 4", "cardinal"]),
    ]
}

/// 1.7: the Pope needs more than half of the FOR votes.
#[test]
fn pope_needs_more_than_half_of_the_for_votes() {
    let out = run(
        homes(),
        two_cardinals(),
        &[
            ("Grady", "nominate francois"),
            ("David", "nominate eric"),
            ("Grady", "vote for=francois decoy=-"),
            ("David", "vote for=eric decoy=-"),
        ],
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["pope"], Value::Null);
    assert!(log_has(
        &out,
        "nobody has more than half of the 2 votes cast"
    ));
}

/// 1.7: there is no Pope election without two Cardinals who are not Captives.
#[test]
fn pope_election_needs_two_uncaptured_cardinals() {
    let mut lords = two_cardinals();
    lords[1]["captor"] = json!("Gunter");
    lords[1]["village"] = json!("st_gerome");
    let out = run(homes(), lords, &[]);
    ok(&out);
    assert!(!log_has(&out, "Election: Pope"));
}

/// 1.7: only Cardinals vote for the Pope, and a Bishop may stand.
#[test]
fn only_cardinals_vote_for_pope_and_a_bishop_may_stand() {
    let mut lords = two_cardinals();
    lords.push(lord("Raoul", "Kirsten", &["bishop 1"]));
    let out = run(
        homes(),
        lords,
        &[
            ("Grady", "nominate francois"),
            ("David", "no-candidate"),
            ("Kirsten", "nominate raoul"),
            ("Grady", "vote for=raoul decoy=-"),
            ("David", "vote for=raoul decoy=francois"),
        ],
    );
    ok(&out);
    // Kirsten's plain Bishop gives her no vote for Pope; Raoul wins 2 of 2.
    assert_eq!(summary(&out)["titles"]["pope"], "Raoul");
}

/// A King election: Grady's Charles (a Duke) stands; `backers` are Lords of David who vote.
fn king_race(david: Vec<Value>, grady_vote: &str, david_vote: &str) -> fief::scenario::Outcome {
    let mut lords = vec![lord("Charles", "Grady", &["fief bourg"])];
    lords.extend(david);
    let titled_layman = lords.iter().skip(1).any(|l| {
        let t: Vec<&str> = l["titles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        t.iter().any(|x| x.starts_with("fief")) && !t.iter().any(|x| x.starts_with("bishop"))
    });
    let mut script = vec![("Grady", "nominate charles")];
    if titled_layman {
        script.push(("David", "no-candidate"));
    }
    script.extend([("Grady", grady_vote), ("David", david_vote)]);
    run(homes(), lords, &script)
}

/// 1.8: the King needs 3 votes.
#[test]
fn king_needs_three_votes() {
    let out = king_race(
        vec![lord("Eric", "David", &["bishop 4", "cardinal"])],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], Value::Null);
    assert!(log_has(&out, "nobody reaches 3 votes (best 2)"));
}

/// 1.8: the King needs the Church's support as well as the votes.
#[test]
fn king_needs_church_support() {
    let out = king_race(
        vec![
            lord("Eric", "David", &["fief tournus"]),
            lord("Raoul", "David", &["fief sigy"]),
        ],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], Value::Null);
    assert!(log_has(
        &out,
        "neither 2 Bishops, nor a Cardinal, nor the Pope"
    ));
}

/// 1.8: two Bishops' support is the Church's.
#[test]
fn king_with_two_bishops() {
    let out = king_race(
        vec![
            lord("Eric", "David", &["bishop 4"]),
            lord("Raoul", "David", &["bishop 1"]),
        ],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], "Charles");
    assert!(log_has(&out, "with the support of two Bishops"));
}

/// 1.8: one Bishop's support is not enough.
#[test]
fn one_bishop_is_not_enough_for_the_king() {
    let out = king_race(
        vec![
            lord("Eric", "David", &["bishop 4"]),
            lord("Raoul", "David", &["fief sigy"]),
        ],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], Value::Null);
}

/// 1.8: one Cardinal's support is enough.
#[test]
fn king_with_one_cardinal() {
    let out = king_race(
        vec![
            lord("Eric", "David", &["bishop 4", "cardinal"]),
            lord("Raoul", "David", &["fief sigy"]),
        ],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], "Charles");
    assert!(log_has(&out, "with the support of a Cardinal"));
}

/// 1.8: the Pope's support is enough.
#[test]
fn king_with_the_pope() {
    let out = king_race(
        vec![
            lord("Eric", "David", &["bishop 4", "pope"]),
            lord("Raoul", "David", &["fief sigy"]),
        ],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], "Charles");
    assert!(log_has(&out, "with the support of the Pope"));
}

/// 1.8: a Lord casts one vote for King however many titles he holds.
#[test]
fn king_votes_are_one_per_titled_lord() {
    // Eric holds 3 titles and still gives 1 vote: 1 (Charles) + 1 (Eric) = 2, short of 3.
    let out = king_race(
        vec![lord(
            "Eric",
            "David",
            &["bishop 4", "cardinal", "fief sigy"],
        )],
        "vote for=charles decoy=-",
        "vote for=charles decoy=-",
    );
    ok(&out);
    assert!(log_has(&out, "David (1 vote) FOR Charles"));
    assert_eq!(summary(&out)["titles"]["king"], Value::Null);
}

/// 1.8: a tie for King elects nobody.
#[test]
fn king_tie_elects_nobody() {
    let lords = vec![
        lord("Charles", "Grady", &["fief bourg"]),
        lord("Philippe", "Grady", &["bishop 2"]),
        lord("Arnaud", "Grady", &["bishop 1"]),
        lord("Quentin", "David", &["fief tournus"]),
        lord("Eric", "David", &["bishop 4", "cardinal"]),
        lord("Raoul", "David", &["fief sigy"]),
    ];
    let out = run(
        homes(),
        lords,
        &[
            ("Grady", "nominate charles"),
            ("David", "nominate quentin"),
            ("Grady", "vote for=charles decoy=-"),
            ("David", "vote for=quentin decoy=-"),
        ],
    );
    ok(&out);
    assert_eq!(summary(&out)["titles"]["king"], Value::Null);
    assert!(log_has(&out, "a tie at 3 votes elects nobody"));
}

/// 1.8: a churchman cannot stand for King.
#[test]
fn church_lords_cannot_stand_for_king() {
    let out = run(
        homes(),
        vec![lord("Charles", "Grady", &["fief bourg", "bishop 2"])],
        &[("Grady", "nominate charles")],
    );
    assert!(out.error.is_some() || !log_has(&out, "Election: King"));
}

/// 1.8, 1.8.1: a new King's wife becomes Queen, and his election ends the late King's widow's
/// regency.
#[test]
fn the_kings_wife_becomes_queen_and_a_new_king_ends_the_regency() {
    // Jeanne, the late King's widow, rules as Queen Regent; Charles is married to Isabeau.
    let mut charles = lord("Charles", "Grady", &["fief bourg"]);
    charles["spouse"] = json!("Isabeau");
    let mut isabeau = lord("Isabeau", "Gunter", &[]);
    isabeau["spouse"] = json!("Charles");
    let regent = lord("Jeanne", "Kirsten", &["regent"]);
    let out = run(
        homes(),
        vec![
            charles,
            isabeau,
            regent,
            lord("Eric", "David", &["bishop 4", "cardinal"]),
            lord("Raoul", "David", &["fief sigy"]),
        ],
        &[
            ("Grady", "nominate charles"),
            ("David", "no-candidate"),
            ("Grady", "vote for=charles decoy=-"),
            ("David", "vote for=charles decoy=-"),
            ("Kirsten", "vote for=- decoy=charles"),
        ],
    );
    ok(&out);
    let s = summary(&out);
    assert_eq!(s["titles"]["king"], "Charles");
    assert_eq!(s["titles"]["queen"], "Isabeau");
    assert_eq!(s["titles"]["regent"], false);
    assert!(log_has(&out, "Jeanne is no longer Queen Regent"));
}
