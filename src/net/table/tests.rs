use super::*;

fn table() -> Table {
    Table::new(
        "t1".into(),
        Options {
            players: 4,
            seed: 7,
            ..Options::default()
        },
        vec![
            SeatPlan::Open,
            SeatPlan::Reserved("Anne".into()),
            SeatPlan::Bot(Level::Easy),
            SeatPlan::Open,
        ],
    )
    .unwrap()
}

#[test]
fn a_bot_stands_in_for_a_dropped_player_only_while_someone_is_at_the_table() {
    let mut t = table();
    t.bot_after_ms = Some(0);
    t.take(0, "Bert", "s0".into()).unwrap();
    t.take(1, "Anne", "s1".into()).unwrap();
    t.take(3, "Carl", "s3".into()).unwrap();
    t.left(0, 10);
    t.left(3, 10);
    assert_eq!(t.stand_ins_due(20), vec![0, 3]);
    // Anne is there: the bots play for Bert and Carl; the table's own bot plays.
    assert_eq!(t.bot_for(0), Some(Level::Normal));
    assert_eq!(t.bot_for(2), Some(Level::Easy));
    // Anne goes too: nobody is there, and the game waits for its players.
    t.left(1, 30);
    assert_eq!(t.bot_for(0), None);
    assert_eq!(t.bot_for(3), None);
    assert_eq!(t.bot_for(2), Some(Level::Easy));
    // Carl comes back: his bot stands down, Bert's plays again.
    t.come_back(3, "s3").unwrap();
    t.returned(3);
    assert_eq!(t.bot_for(0), Some(Level::Normal));
    assert_eq!(t.bot_for(3), None);
}

#[test]
fn a_seat_is_taken_once_and_taken_back_only_with_its_secret() {
    let mut t = table();
    let s = t.take(0, "Bert", "s0".into()).unwrap();
    assert_eq!(s, "s0");
    assert_eq!(
        t.take(0, "Carl", "x".into()).unwrap_err().0,
        Refusal::SeatTaken
    );
    assert_eq!(
        t.take(1, "Carl", "x".into()).unwrap_err().0,
        Refusal::SeatTaken
    );
    assert_eq!(
        t.take(2, "Carl", "x".into()).unwrap_err().0,
        Refusal::SeatTaken
    );
    assert_eq!(
        t.take(9, "Carl", "x".into()).unwrap_err().0,
        Refusal::SeatTaken
    );
    t.take(1, "Anne", "s1".into()).unwrap();
    t.left(0, 1_000);
    assert_eq!(t.come_back(0, "wrong").unwrap_err().0, Refusal::WrongSecret);
    assert_eq!(t.come_back(0, "").unwrap_err().0, Refusal::WrongSecret);
    assert_eq!(t.come_back(3, "s0").unwrap_err().0, Refusal::WrongSecret);
    t.come_back(0, "s0").unwrap();
    assert_eq!(t.info(2_000).seats[0].presence, Presence::Here);
}

#[test]
fn a_name_another_seat_goes_by_is_refused() {
    let mut t = table();
    t.take(0, "Bert", "s0".into()).unwrap();
    // Alike once folded as the action notation folds names.
    for clash in ["bert", " BERT ", "B-ert", "anne", "Magenta", "--"] {
        let (why, words) = t.take(3, clash, "s3".into()).unwrap_err();
        assert!(
            matches!(why, Refusal::SeatTaken | Refusal::Malformed),
            "{clash}: {why:?} {words}"
        );
    }
    let (_, words) = t.take(3, "BERT", "s3".into()).unwrap_err();
    assert!(words.contains("called Bert"), "{words}");
    // The seat is still free for a name of its own.
    t.take(3, "Dora", "s3".into()).unwrap();
    t.take(1, "Anne", "s1".into()).unwrap();
    assert_eq!(t.game().options.player_name(3), "Dora");
}

/// `table()` with every seat a person plays taken.
fn seated() -> Table {
    let mut t = table();
    let p = t.game().to_act().unwrap();
    let a = t.game().legal_actions(p)[0].notation(t.game());
    t.take(0, "Bert", "s0".into()).unwrap();
    t.take(3, "Dora", "s3".into()).unwrap();
    // The game waits for its last player.
    assert!(!t.started());
    assert_eq!(t.act(p, 0, &a).unwrap_err().0, Refusal::OutOfTurn);
    t.take(1, "Anne", "s1".into()).unwrap();
    assert!(t.started());
    t
}

/// A game's time: a decision is charged only while its player is at the table, and the
/// table kept and restored keeps each seat's time (not the time the host was down).
#[test]
fn a_seat_is_charged_only_while_its_player_is_there_and_restarts_lose_nothing() {
    let plan = vec![SeatPlan::Open; 3];
    let options = Options {
        players: 3,
        seed: 11,
        ..Options::default()
    };
    let mut t = Table::new("t3".into(), options.clone(), plan.clone()).unwrap();
    for (i, n) in ["Anne", "Bert", "Carl"].iter().enumerate() {
        t.take(i as SeatNo, n, format!("s{i}")).unwrap();
    }
    t.time(1_000);
    let mut kept = Vec::new();
    let play = |t: &mut Table, now: u64, kept: &mut Vec<Played>| {
        let p = t.game().to_act().unwrap();
        let a = t.game().legal_actions(p)[0].clone();
        let took = t.took(now);
        kept.push(Played {
            seat: p,
            notation: a.notation(t.game()),
            at_ms: now,
            by_bot: false,
            took_ms: Some(took),
        });
        t.commit(p, a, took, false).unwrap();
        t.time(now);
    };
    let secs = |t: &Table, now| t.clocks.secs(t.game().to_act(), now);
    let p = t.game().to_act().unwrap() as usize;
    play(&mut t, 5_000, &mut kept);
    assert_eq!(secs(&t, 5_000)[p], 4);
    // The next player leaves for an hour, then decides in 2 s once back.
    let q = t.game().to_act().unwrap();
    t.left(q, 6_000);
    t.time(6_000);
    assert_eq!(secs(&t, 3_606_000)[q as usize], 1);
    t.come_back(q, &format!("s{q}")).unwrap();
    t.time(3_606_000);
    let q_before = secs(&t, 3_606_000)[q as usize] - 1;
    play(&mut t, 3_608_000, &mut kept);
    assert_eq!(secs(&t, 3_608_000)[q as usize], q_before + 3);
    // The host stops, and starts again a day later: every seat keeps its time, and
    // none ran meanwhile (nobody is there yet).
    let taken = t.clocks.secs(None, 0);
    let saved = SavedTable {
        id: "t3".into(),
        options,
        plan,
        bot_after_ms: None,
        stand_in: Level::Normal,
        owner: None,
        seats: (0..3).map(|i| (i, "x".into(), format!("s{i}"))).collect(),
        actions: kept,
        chat: Vec::new(),
    };
    let mut back = Table::restore(saved, 90_000_000).unwrap();
    assert_eq!(secs(&back, 95_000_000), taken);
    // Its player comes back: his decision is timed from then.
    let r = back.game().to_act().unwrap();
    back.come_back(r, &format!("s{r}")).unwrap();
    back.time(95_000_000);
    assert_eq!(secs(&back, 95_010_000)[r as usize], taken[r as usize] + 10);
}

#[test]
fn an_action_for_an_old_state_is_refused_and_changes_nothing() {
    let mut t = seated();
    let p = t.game().to_act().unwrap();
    let a = t.game().legal_actions(p)[0].notation(t.game());
    let before = t.at();
    assert_eq!(t.act(p, before + 1, &a).unwrap_err().0, Refusal::Stale);
    assert_eq!(t.at(), before);
    t.act(p, before, &a).unwrap();
    // The same action sent again (a replay) is for a state that is gone.
    assert_eq!(t.act(p, before, &a).unwrap_err().0, Refusal::Stale);
    let q = (p + 1) % 4;
    let err = t.act(q, t.at(), &a).unwrap_err();
    assert_eq!(err.0, Refusal::Illegal, "{}", err.1);
}

#[test]
fn a_private_line_reaches_its_two_players_only_and_the_talk_is_bounded() {
    let mut t = table();
    t.say(0, None, "hello all", 1).unwrap();
    t.say(0, Some(3), "just you", 2).unwrap();
    let read = |t: &Table, s| t.chat_for(s).map(|l| l.text.clone()).collect::<Vec<_>>();
    assert_eq!(read(&t, Some(3)), ["hello all", "just you"]);
    assert_eq!(read(&t, Some(0)), ["hello all", "just you"]);
    assert_eq!(read(&t, Some(1)), ["hello all"]);
    assert_eq!(read(&t, None), ["hello all"]);
    let long = "x".repeat(MAX_CHAT_CHARS + 1);
    assert_eq!(t.say(0, None, &long, 3).unwrap_err().0, Refusal::Malformed);
    assert_eq!(
        t.say(0, None, " \u{202e} ", 3).unwrap_err().0,
        Refusal::Malformed
    );
    assert_eq!(t.say(0, Some(8), "x", 3).unwrap_err().0, Refusal::SeatTaken);
    // Past the rate, refused; at a talker's pace, the oldest lines go.
    for i in 0..CHAT_BURST as u64 {
        t.say(2, None, "quick", 100 + i).unwrap();
    }
    assert_eq!(
        t.say(2, None, "quick", 200).unwrap_err().0,
        Refusal::TooFast
    );
    t.say(2, None, "later", 100 + CHAT_WINDOW_MS).unwrap();
    for i in 0..MAX_CHAT_LINES as u64 + 5 {
        t.say(1, None, "again", 100_000 + i * 1000).unwrap();
    }
    assert_eq!(t.chat_for(None).count(), MAX_CHAT_LINES);
}

#[test]
fn a_dropped_player_is_waited_for_then_a_bot_plays_until_he_returns() {
    let mut t = table();
    t.bot_after_ms = Some(180_000);
    t.take(0, "Bert", "s0".into()).unwrap();
    // Anne stays at the table (with nobody there, no bot stands in).
    t.take(1, "Anne", "s1".into()).unwrap();
    t.left(0, 10_000);
    assert!(matches!(
        t.info(90_000).seats[0].presence,
        Presence::Dropped {
            secs: 80,
            bot_in: Some(100)
        }
    ));
    assert_eq!(t.stand_ins_due(100_000), Vec::<SeatNo>::new());
    assert_eq!(t.bot_for(0), None);
    assert_eq!(t.stand_ins_due(190_000), vec![0]);
    assert_eq!(t.bot_for(0), Some(Level::Normal));
    assert!(matches!(
        t.info(200_000).seats[0].presence,
        Presence::BotStandsIn { .. }
    ));
    t.come_back(0, "s0").unwrap();
    t.returned(0);
    assert_eq!(t.bot_for(0), None);
    // A table that waits for days never hands the seat to a bot.
    t.bot_after_ms = None;
    t.left(0, 300_000);
    assert!(t.stand_ins_due(10_000_000).is_empty());
    assert_eq!(t.bot_for(2), Some(Level::Easy));
}

#[test]
fn a_seat_never_sees_another_hand_or_the_deck_order() {
    let mut t = seated();
    // Play on until hands are dealt.
    for _ in 0..400 {
        let Some(p) = t.game().to_act() else { break };
        let a = t.game().legal_actions(p)[0].notation(t.game());
        t.act(p, t.at(), &a).unwrap();
        if t.game().players.iter().all(|pl| !pl.hand.is_empty()) {
            break;
        }
    }
    let g = t.game();
    for seat in 0..4u8 {
        let HostMsg::State { game, .. } = t.state_for(Some(seat), 0) else {
            panic!()
        };
        let seen: Game = serde_json::from_value(game).unwrap();
        for q in 0..4u8 {
            let hand = &seen.players[q as usize].hand;
            if q == seat {
                assert_eq!(hand, &g.players[q as usize].hand);
            } else {
                assert!(hand.is_empty(), "seat {seat} sees seat {q}'s hand");
            }
        }
        assert_ne!(seen.rng, g.rng, "seat {seat} could foresee the dice");
        // The decks come pooled with every hidden card and sorted: no order to read.
        for deck in [&seen.lords_deck, &seen.fortune_deck] {
            assert!(deck.windows(2).all(|w| w[0] <= w[1]), "seat {seat}");
        }
        assert!(seen.history.is_empty(), "seat {seat} sees the history");
    }
}

/// Plays `t` at random to its end, keeping what seat 0 is sent after each action (its
/// digests, the promise and the last frame); `tamper` runs once halfway.
fn play_watched(
    t: &mut Table,
    mut tamper: impl FnMut(&mut Table),
) -> (Vec<(u64, [u8; 32])>, HostMsg) {
    let mut r = crate::rules::rng::Rng::new(3);
    let mut seen = Vec::new();
    let mut steps = 0;
    loop {
        let frame = t.state_for(Some(0), 0);
        let HostMsg::State { at, game, .. } = &frame else {
            panic!()
        };
        seen.push((*at, super::super::fair::digest(game)));
        let Some(p) = t.game().to_act() else {
            return (seen, frame);
        };
        steps += 1;
        if steps == 60 {
            tamper(t);
        }
        let legal = t.game().legal_actions(p);
        let a = legal[r.below(legal.len() as u32) as usize].notation(t.game());
        t.act(p, t.at(), &a).unwrap();
    }
}

fn sealed_table() -> Table {
    let mut o = Options {
        players: 3,
        seed: 11,
        round_cap: Some(2),
        ..Options::default()
    };
    o.sealed = Some(super::super::fair::new_seal().unwrap());
    let mut t = Table::new("t1".into(), o, vec![SeatPlan::Open; 3]).unwrap();
    for s in 0..3 {
        t.take(s, &format!("P{s}"), format!("s{s}")).unwrap();
    }
    t
}

#[test]
fn the_deal_is_promised_opened_at_the_end_and_a_changed_seed_is_caught() {
    use super::super::fair::{verify, Verdict};
    for tampered in [false, true] {
        let mut t = sealed_table();
        let promise = t
            .info(0)
            .commitment
            .expect("a sealed table promises its seed");
        let (seen, last) = play_watched(&mut t, |t| {
            if tampered {
                // A host that deals from another seed halfway through: the decks
                // as another seed would have them, and its dice.
                let mut rng = crate::rules::rng::Rng::sealed(12);
                rng.shuffle(&mut t.game.lords_deck);
                rng.shuffle(&mut t.game.fortune_deck);
                t.game.rng = rng;
            }
        });
        let HostMsg::State { game, reveal, .. } = last else {
            panic!()
        };
        let shown: Game = serde_json::from_value(game).unwrap();
        let reveal = reveal.expect("the seed is opened once the game is over");
        assert_eq!(reveal.seed, 11);
        let v = verify(&promise, &shown.options, &reveal, 0, &seen);
        if tampered {
            assert!(matches!(v, Verdict::Unfair(_)), "{v:?}");
        } else {
            assert!(matches!(v, Verdict::Fair { .. }), "{v:?}");
        }
    }
    // Before the end, nothing is opened.
    let t = sealed_table();
    let HostMsg::State { reveal, .. } = t.state_for(Some(1), 0) else {
        panic!()
    };
    assert!(reveal.is_none());
}
