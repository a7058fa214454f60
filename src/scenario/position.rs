//! A scenario's position made into a game: `build` sets every piece down as written, one
//! part of the position after another, and `validate` refuses a position that breaks the
//! rules' own invariants, in words.

use super::*;

pub(super) fn build(sc: &Scenario) -> Result<Game, String> {
    let mut g = new_game(sc)?;
    let Some(pos) = &sc.position else {
        return Ok(g);
    };
    bounds(sc, pos)?;
    g.round = pos.round;
    g.lords.clear();
    g.log.clear();
    villages(&mut g, sc, pos)?;
    lords(&mut g, sc, pos)?;
    players(&mut g, sc, pos)?;
    cards_on_the_board(&mut g, pos)?;
    taxes(&mut g, sc, pos)?;
    // Controllers default to the first player with units there.
    for v in 0..g.villages.len() as u8 {
        if g.villages[v as usize].controller.is_none() {
            g.refresh_control(v);
        }
    }
    relics(&mut g, pos)?;
    validate(&g, &sc.players)?;
    decks(&mut g, pos)?;
    phase(&mut g, sc, pos)?;
    g.start_position();
    Ok(g)
}

/// The index of the Village called `s`.
fn village_index(map: &crate::map::Map, s: &str) -> Result<crate::map::VillageId, String> {
    map.find_village(s)
        .ok_or_else(|| format!("no village called '{s}'"))
}

/// The game of the scenario's players and options, dealt as a new game, with its scripted
/// dice.
fn new_game(sc: &Scenario) -> Result<Game, String> {
    let n = sc.players.len();
    if !(3..=6).contains(&n) {
        return bad(format!("a scenario has 3 to 6 players, not {n}"));
    }
    for (i, name) in sc.players.iter().enumerate() {
        if name.trim().is_empty() {
            return bad("a player needs a name");
        }
        if sc.players[..i].iter().any(|o| o.trim() == name.trim()) {
            return bad(format!("two players are called '{}'", name.trim()));
        }
    }
    let mut options = Options {
        players: n as u8,
        names: sc.players.clone(),
        seed: sc.seed,
        round_cap: sc.options.round_cap,
        ..Options::default()
    };
    sc.options.rules.apply(&mut options);
    if let Some(d) = sc.options.battle_die {
        options.battle_die = d;
    }
    if let Some(f) = &sc.options.first_player {
        options.first_player = Some(player_index(&sc.players, f)?);
    }
    if let Some(pos) = &sc.position {
        options.first_player = Some(player_index(&sc.players, &pos.first)?);
    }
    let mut g = Game::new(options).map_err(|e| e.to_string())?;
    g.rng.scripted.extend(sc.dice.iter().copied());
    if sc.dice.iter().any(|d| !(1..=6).contains(d)) {
        return bad("dice are 1 to 6");
    }
    Ok(g)
}

/// Values a file sets are bounded before any rule adds to them.
fn bounds(sc: &Scenario, pos: &Position) -> Result<(), String> {
    if pos.round > MAX_POSITION_ROUND {
        return bad(format!(
            "round {} is beyond the {MAX_POSITION_ROUND} rounds a position may start at",
            pos.round
        ));
    }
    if let Some(cap) = sc.options.round_cap.filter(|&c| c < pos.round) {
        return bad(format!(
            "the position starts at round {} but the game ends after round {cap}",
            pos.round
        ));
    }
    Ok(())
}

/// The Villages: troops, Mills, forts, sieges and Siege Engines, entries and controllers.
fn villages(g: &mut Game, sc: &Scenario, pos: &Position) -> Result<(), String> {
    let pi = |s: &str| player_index(&sc.players, s);
    for (key, vp) in &pos.villages {
        let v = village_index(&g.map, key)? as usize;
        let vs = &mut g.villages[v];
        for (who, [maa, knights]) in &vp.troops {
            vs.troops[pi(who)? as usize] = Troops {
                maa: *maa,
                knights: *knights,
            };
        }
        if vp.mills > 2 {
            return bad(format!("{key}: at most 2 Mills per Village (4.2)"));
        }
        vs.mills = vp.mills;
        vs.fort = match vp.fort.as_deref() {
            None | Some("none") => Fort::None,
            Some("stronghold") => Fort::Stronghold,
            Some("city") => Fort::City,
            Some(o) => return bad(format!("{key}: fort '{o}' is not none, stronghold or city")),
        };
        vs.besieger = vp.besieger.as_deref().map(pi).transpose()?;
        for (who, side) in &vp.engines {
            let q = pi(who)? as usize;
            if !(1..=2).contains(side) {
                return bad(format!("{key}: a Siege Engine shows 1 or 2 dice"));
            }
            if g.players[q].stock_engines == 0 {
                return bad(format!("{key}: {who} has only 2 Siege Engines (6.4)"));
            }
            vs.engines[q] = *side;
            g.players[q].stock_engines -= 1;
            vs.besieger.get_or_insert(q as u8);
        }
        for (who, from) in &vp.entry {
            vs.entry[pi(who)? as usize] = Some(village_index(&g.map, from)?);
        }
        vs.controller = vp.controller.as_deref().map(pi).transpose()?;
    }
    Ok(())
}

/// The Lords in play, and the titles they hold.
fn lords(g: &mut Game, sc: &Scenario, pos: &Position) -> Result<(), String> {
    let pi = |s: &str| player_index(&sc.players, s);
    let vi = |s: &str| village_index(&g.map, s);
    for lp in &pos.lords {
        let id = find_lord(&lp.name).ok_or_else(|| format!("no Lord called '{}'", lp.name))?;
        if g.lords.iter().any(|l| l.id == id) {
            return bad(format!("{} appears twice", lp.name));
        }
        g.lords.push(crate::rules::Lord {
            id,
            owner: pi(&lp.owner)?,
            village: vi(&lp.village)?,
            captor: lp.captor.as_deref().map(pi).transpose()?,
            spouse: lp
                .spouse
                .as_deref()
                .map(|s| find_lord(s).ok_or_else(|| format!("no Lord called '{s}'")))
                .transpose()?,
            excommunicated: lp.excommunicated,
            assassin: lp.assassin,
        });
        for t in &lp.titles {
            let mut words = t.split_whitespace();
            match (words.next(), words.next()) {
                (Some("fief"), Some(f)) => {
                    let f = g
                        .map
                        .find_fief(f)
                        .ok_or_else(|| format!("{}: no fief called '{f}'", lp.name))?;
                    if g.titles.fief[f as usize].is_some() {
                        return bad(format!(
                            "the title of the {} is held twice",
                            g.map.fiefs[f as usize].name
                        ));
                    }
                    g.titles.fief[f as usize] = Some(id);
                }
                (Some("bishop"), Some(b)) => {
                    let b: usize = b
                        .parse()
                        .ok()
                        .filter(|b| (1..=5).contains(b))
                        .ok_or_else(|| format!("{}: bad Bishopric '{b}'", lp.name))?;
                    if g.titles.bishop[b - 1].is_some() {
                        return bad(format!("Bishopric {b} has two Bishops"));
                    }
                    g.titles.bishop[b - 1] = Some(id);
                    g.titles.bishop_round[b - 1] = lp.bishop_since;
                }
                (Some("cardinal"), None) => g.titles.cardinals.push((id, CardinalSource::Card)),
                (Some("cardinal"), Some("purchased")) => {
                    g.titles.cardinals.push((id, CardinalSource::Purchased))
                }
                (Some("pope"), None) => g.titles.pope = Some(id),
                (Some("king"), None) => g.titles.king = Some(id),
                (Some("queen"), None) => g.titles.queen = Some(id),
                (Some("regent"), None) => {
                    g.titles.queen = Some(id);
                    g.titles.regent = true;
                }
                (Some("crown_prince"), None) => g.titles.crown_prince = Some(id),
                (Some("darc"), None) => g.titles.darc = Some(id),
                _ => return bad(format!("{}: unknown title '{t}'", lp.name)),
            }
        }
    }
    Ok(())
}

/// The players' money, Diplomacy markers and hands; their stockpiles follow from what is on
/// the map.
fn players(g: &mut Game, sc: &Scenario, pos: &Position) -> Result<(), String> {
    let pi = |s: &str| player_index(&sc.players, s);
    for (who, pp) in &pos.players {
        let p = pi(who)? as usize;
        if let Some(m) = pp.money {
            if m > MAX_POSITION_MONEY {
                return bad(format!(
                    "{who}: {m} Deniers is more than the {MAX_POSITION_MONEY} a position may give"
                ));
            }
            g.players[p].money = m;
        }
        if let Some(d) = pp.diplomacy {
            if d > 3 {
                return bad(format!("{who}: at most 3 Diplomacy markers"));
            }
            g.players[p].diplomacy = d;
        }
        g.players[p].hand = pp.hand.iter().map(|c| card(c)).collect::<Result<_, _>>()?;
    }
    for p in 0..sc.players.len() {
        let on_map = g.villages.iter().fold((0u32, 0u32), |a, v| {
            (
                a.0 + v.troops[p].maa as u32,
                a.1 + v.troops[p].knights as u32,
            )
        });
        if on_map.0 > 13 || on_map.1 > 8 {
            return bad(format!(
                "{} has more Troops on the map than the 13 MaA and 8 Knights supplied (Components)",
                sc.players[p]
            ));
        }
        g.players[p].stock_maa = 13 - on_map.0 as u8;
        g.players[p].stock_knights = 8 - on_map.1 as u8;
    }
    Ok(())
}

/// The cards lying on the Bishoprics and on the Disaster track.
fn cards_on_the_board(g: &mut Game, pos: &Position) -> Result<(), String> {
    for (b, list) in &pos.bishoprics {
        let b: usize = b
            .parse()
            .ok()
            .filter(|b| (1..=5).contains(b))
            .ok_or_else(|| format!("bad Bishopric '{b}'"))?;
        let bc = &mut g.bishopric_cards[b - 1];
        for c in list {
            match card(c)? {
                Card::HeavyRain => bc.heavy_rain = true,
                Card::Famine => bc.famine = true,
                Card::Plague => bc.plague = true,
                Card::Harvest => bc.harvest = true,
                Card::GoodWeather => bc.good_weather = true,
                other => return bad(format!("{} does not lie on a Bishopric", other.name())),
            }
        }
    }
    if pos.track.len() > 3 {
        return bad("the Disaster track has 3 spaces");
    }
    for (i, c) in pos.track.iter().enumerate() {
        g.track[i] = c.as_deref().map(card).transpose()?;
        if g.track[i].is_some_and(|c| !c.is_disaster()) {
            return bad("only Disasters go on the track");
        }
    }
    Ok(())
}

/// The taxes levied (Tallage on a Fief, Tithe on one or every Bishopric).
fn taxes(g: &mut Game, sc: &Scenario, pos: &Position) -> Result<(), String> {
    let pi = |s: &str| player_index(&sc.players, s);
    for t in &pos.taxes {
        let player = pi(&t.player)?;
        let lord = find_lord(&t.lord).ok_or_else(|| format!("no Lord called '{}'", t.lord))?;
        let (role, targets) = match (&t.tallage, &t.tithe) {
            (Some(f), None) => {
                let f = g
                    .map
                    .find_fief(f)
                    .ok_or_else(|| format!("no fief called '{f}'"))?;
                let role = if g.titles.fief[f as usize] == Some(lord) {
                    TaxRole::FiefLord
                } else {
                    TaxRole::King
                };
                (role, vec![TaxTarget::Tallage(f)])
            }
            (None, Some(Value::String(s))) if s == "all" => (
                TaxRole::Pope,
                (0..5u8)
                    .filter(|&b| g.titles.bishop[b as usize].is_some())
                    .map(TaxTarget::Tithe)
                    .collect(),
            ),
            (None, Some(Value::Number(b))) => {
                let b = b
                    .as_u64()
                    .filter(|b| (1..=5).contains(b))
                    .ok_or("a Tithe names a Bishopric 1 to 5")? as u8
                    - 1;
                let role = if g.titles.bishop[b as usize] == Some(lord) {
                    TaxRole::Bishop
                } else {
                    TaxRole::Cardinal
                };
                (role, vec![TaxTarget::Tithe(b)])
            }
            _ => return bad("a tax is either a tallage (fief) or a tithe (number or \"all\")"),
        };
        g.players[player as usize].tax_markers =
            g.players[player as usize].tax_markers.saturating_sub(1);
        for target in targets {
            g.taxes.push(Tax {
                player,
                lord,
                role,
                target,
            });
        }
    }
    Ok(())
}

/// The Holy Relics (11.1): carried by a Lord, lying in a Village, or gone.
fn relics(g: &mut Game, pos: &Position) -> Result<(), String> {
    for (key, at) in &pos.relics {
        let relic = crate::rules::relics::Relic::parse(key)
            .ok_or_else(|| format!("no relic called '{key}'"))?;
        if !g.options.relics {
            return bad("relics need the option \"relics\": true");
        }
        let (place, claimed) = match at.strip_suffix("+claimed") {
            Some(v) => (v, true),
            None => (at.as_str(), false),
        };
        let state = crate::rules::relics::RelicState {
            relic,
            at: if place == "gone" {
                crate::rules::relics::RelicAt::Gone
            } else if let Some(l) = find_lord(place) {
                if g.lord(l).is_none() {
                    return bad(format!("{place} carries a relic but is not in play"));
                }
                crate::rules::relics::RelicAt::Lord(l)
            } else {
                crate::rules::relics::RelicAt::Village(
                    g.map
                        .find_village(place)
                        .ok_or_else(|| format!("no village called '{place}'"))?,
                )
            },
            claimed: claimed || find_lord(place).is_some(),
        };
        match g.relics.iter_mut().find(|s| s.relic == relic) {
            Some(s) => *s = state,
            None => g.relics.push(state),
        }
    }
    Ok(())
}

/// The decks and discard piles: given, or everything not elsewhere, shuffled.
fn decks(g: &mut Game, pos: &Position) -> Result<(), String> {
    let used = cards_in_play(g);
    let remaining = |full: Vec<Card>| -> Result<Vec<Card>, String> {
        let mut rest = full;
        for c in &used {
            if c.is_lords_deck() != rest.first().is_some_and(|x| x.is_lords_deck()) {
                continue;
            }
            match rest.iter().position(|x| x == c) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return bad(format!(
                        "there are more {} cards in the position than in the game",
                        c.name()
                    ))
                }
            }
        }
        Ok(rest)
    };
    let mut lords_rest = remaining(cards::lords_deck().to_vec())?;
    let mut fortune_rest = remaining(cards::fortune_deck().to_vec())?;
    g.rng.shuffle(&mut lords_rest);
    g.rng.shuffle(&mut fortune_rest);
    // Cards named for a pile are taken from the cards left over, so no card is added or lost.
    let take = |names: &[String], rest: &mut Vec<Card>, what: &str| {
        let mut out = Vec::new();
        for name in names {
            let c = card(name)?;
            match rest.iter().position(|x| *x == c) {
                Some(i) => out.push(rest.remove(i)),
                None => {
                    return bad(format!(
                        "the {what} cannot hold {name}: no such card is left over"
                    ))
                }
            }
        }
        Ok(out)
    };
    // A discard pile named card by card is set aside first; an explicit deck names its top
    // cards and the others stay beneath them, unless the discard pile is "rest": then the
    // deck holds its named cards alone and every other card lies in the discard pile (2.2).
    let piles = |deck: &Option<Vec<String>>,
                 discard: &Option<Pile>,
                 mut rest: Vec<Card>,
                 what: &str|
     -> Result<(Vec<Card>, Vec<Card>), String> {
        let (mut thrown, all_rest) = match discard {
            None => (Vec::new(), false),
            Some(Pile::Cards(names)) => (
                take(names, &mut rest, &format!("{what} discard pile"))?,
                false,
            ),
            Some(Pile::Word(w)) if w == "rest" => (Vec::new(), true),
            Some(Pile::Word(w)) => {
                return bad(format!(
                    "the {what} discard pile is a list of cards or \"rest\", not \"{w}\""
                ))
            }
        };
        let top = take(
            deck.as_deref().unwrap_or_default(),
            &mut rest,
            &format!("{what} deck"),
        )?;
        let mut deck = Vec::new();
        if all_rest {
            thrown.append(&mut rest);
        } else {
            deck.append(&mut rest);
        }
        deck.extend(top.into_iter().rev());
        Ok((deck, thrown))
    };
    let (deck, discard) = piles(&pos.lords_deck, &pos.lords_discard, lords_rest, "Lords")?;
    (g.lords_deck, g.lords_discard) = (deck.into(), discard.into());
    let (deck, discard) = piles(
        &pos.fortune_deck,
        &pos.fortune_discard,
        fortune_rest,
        "Fortune",
    )?;
    (g.fortune_deck, g.fortune_discard) = (deck.into(), discard.into());
    Ok(())
}

/// The cards the position puts in play: hands, Lords, Cardinals by card, d'ARC, the cards on
/// the Bishoprics and the track. The decks hold the others.
fn cards_in_play(g: &Game) -> Vec<Card> {
    let mut used: Vec<Card> = g.players.iter().flat_map(|p| p.hand.clone()).collect();
    used.extend(g.lords.iter().map(|l| Card::Lord(l.id)));
    used.extend(
        g.titles
            .cardinals
            .iter()
            .filter(|c| c.1 == CardinalSource::Card)
            .map(|_| Card::Cardinal),
    );
    if g.titles.darc.is_some() {
        used.push(Card::Darc);
    }
    for bc in &g.bishopric_cards {
        for (on, c) in [
            (bc.heavy_rain, Card::HeavyRain),
            (bc.famine, Card::Famine),
            (bc.plague, Card::Plague),
            (bc.harvest, Card::Harvest),
            (bc.good_weather, Card::GoodWeather),
        ] {
            if on {
                used.push(c);
            }
        }
    }
    used.extend(g.track.iter().flatten());
    used
}

/// The phase and whose turn it is in it.
fn phase(g: &mut Game, sc: &Scenario, pos: &Position) -> Result<(), String> {
    let pi = |s: &str| player_index(&sc.players, s);
    let n = sc.players.len();
    let idx = match &pos.turn {
        Some(t) => (pi(t)? + n as u8 - g.first) % n as u8,
        None => 0,
    };
    g.phase = match pos.phase.as_str() {
        "setup" => Phase::Setup { idx },
        "marriage" => Phase::Marriage { idx },
        "elections" => Phase::Elections { election: None },
        "draw" => Phase::Draw { idx, fortune: 0, lord: 0, drawing: false },
        "disasters" => Phase::Disasters { slot: 0 },
        "play_cards" => Phase::PlayCards { idx },
        "income" => Phase::Income,
        "purchase" if idx == 0 => Phase::Ransom,
        "purchase" => Phase::Purchase { idx, placed: vec![] },
        "movement" => Phase::Movement { idx },
        "battles" => Phase::Battles { idx, fought: vec![], sieged: false },
        "pillage" => Phase::Pillage { idx },
        "end_round" => Phase::EndRound,
        other => return bad(format!("unknown phase '{other}' (setup, marriage, elections, draw, disasters, play_cards, income, purchase, movement, battles, pillage, end_round)")),
    };
    Ok(())
}

/// Positions that break the rules' own limits are refused, naming the problem.
fn validate(g: &Game, names: &[String]) -> Result<(), String> {
    families_and_hands(g, names)?;
    board_limits(g, names)?;
    lords_and_marriages(g, names)?;
    crown_and_church(g)
}

/// Each family's Lords (2.4.1) and hand (2.1).
fn families_and_hands(g: &Game, names: &[String]) -> Result<(), String> {
    for p in 0..g.n() {
        let fam = g.family(p).count();
        if fam > 4 {
            return bad(format!(
                "{} has {fam} Lords; a family holds at most 4 (2.4.1)",
                names[p as usize]
            ));
        }
        if g.players[p as usize].hand.len() > 3 {
            return bad(format!(
                "{} holds more than 3 cards (2.1)",
                names[p as usize]
            ));
        }
        for c in &g.players[p as usize].hand {
            if c.is_disaster() {
                return bad("Disaster cards never go into a hand (2.1)");
            }
            if let Card::Lord(l) = c {
                if g.lord(*l).is_some() {
                    return bad(format!("{} is both in play and in a hand", lord_name(*l)));
                }
            }
        }
    }
    Ok(())
}

/// Control (5.1) and the counters the box supplies (4.2, 4.3).
fn board_limits(g: &Game, names: &[String]) -> Result<(), String> {
    for (i, v) in g.villages.iter().enumerate() {
        let name = &g.map.villages[i].name;
        if let Some(c) = v.controller {
            let governed = g.title_holder_player(g.map.villages[i].fief) == Some(c);
            if !g.has_units(c, i as u8) && !governed {
                return bad(format!(
                    "{name}: {} controls it with no units there and no title (5.1)",
                    names[c as usize]
                ));
            }
        }
    }
    if g.mills_on_map() > 15 {
        return bad("more than the 15 Mills supplied (4.2)");
    }
    if g.forts_on_map() > 12 {
        return bad("more than the 12 Stronghold counters supplied (4.2)");
    }
    for f in &g.map.fiefs {
        if f.villages
            .iter()
            .filter(|&&v| g.villages[v as usize].fort == Fort::City)
            .count()
            > 1
        {
            return bad(format!(
                "the {} has more than one Fortified City (4.3)",
                f.name
            ));
        }
    }
    Ok(())
}

/// Each Lord's titles, church rank, marriage and captivity (1.1, 1.2, 1.5, 1.7, 4.3, 6.2.3).
fn lords_and_marriages(g: &Game, names: &[String]) -> Result<(), String> {
    for l in &g.lords {
        let n = lord_name(l.id);
        if g.fief_titles_of(l.id).len() > 2 {
            return bad(format!("{n} holds more than 2 Fief Titles (4.3)"));
        }
        if g.titles.bishop.iter().filter(|b| **b == Some(l.id)).count() > 1 {
            return bad(format!("{n} holds 2 Bishop titles (1.2)"));
        }
        if g.is_church(l.id) && (lord_sex(l.id) != Sex::Male || l.spouse.is_some()) {
            return bad(format!("{n}: church titles are for unmarried men (1.2)"));
        }
        if g.is_cardinal(l.id) && !g.is_bishop(l.id) {
            return bad(format!("{n}: a Cardinal must be a Bishop (1.5)"));
        }
        if g.titles.pope == Some(l.id) && !g.is_bishop(l.id) && !g.is_cardinal(l.id) {
            return bad(format!("{n}: the Pope must be a Bishop or Cardinal (1.7)"));
        }
        if let Some(s) = l.spouse {
            let Some(sp) = g.lord(s) else {
                return bad(format!(
                    "{n} is married to {}, who is not in play",
                    lord_name(s)
                ));
            };
            if sp.spouse != Some(l.id) || sp.owner == l.owner || lord_sex(s) == lord_sex(l.id) {
                return bad(format!("{n} and {}: a marriage joins a man and a woman of two players, both ways (1.1)", lord_name(s)));
            }
        }
        if l.captor == Some(l.owner) {
            return bad(format!("{n} cannot be his own family's captive"));
        }
        if let Some(c) = l.captor.filter(|&c| !g.has_units(c, l.village)) {
            return bad(format!(
                "{n} is {}'s Captive but nobody of theirs guards him there (6.2.3)",
                names[c as usize]
            ));
        }
    }
    for p in 0..g.n() {
        if g.family(p).filter(|l| l.spouse.is_some()).count() > 1 {
            return bad(format!(
                "{} has more than one marriage (1.1)",
                names[p as usize]
            ));
        }
    }
    Ok(())
}

/// The King, the Queen, d'ARC and the Cardinals (1.5, 1.8, 9.1).
fn crown_and_church(g: &Game) -> Result<(), String> {
    let t = &g.titles;
    if let Some(k) = t.king {
        if lord_sex(k) != Sex::Male || g.lord(k).is_none() {
            return bad("the King must be a male Lord in play (1.8)");
        }
    }
    if let Some(q) = t.queen {
        let married_to_king = t.king.is_some() && g.lord(q).and_then(|l| l.spouse) == t.king;
        if !(married_to_king || (t.regent && t.king.is_none())) {
            return bad(
                "the Queen is the King's wife, or the Queen Regent when there is no King (1.8.1)",
            );
        }
    }
    if let Some(d) = t.darc {
        if lord_sex(d) != Sex::Female || g.lord(d).is_some_and(|l| l.spouse.is_some()) {
            return bad("d'ARC is an unmarried Lady (9.1)");
        }
    }
    if t.cardinals.len() > 4
        || t.cardinals
            .iter()
            .filter(|c| c.1 == CardinalSource::Purchased)
            .count()
            > 1
    {
        return bad("at most 3 Cardinals by card and 1 purchased (1.5)");
    }
    Ok(())
}
