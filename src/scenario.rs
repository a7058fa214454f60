//! Scenario files (format in docs/scenarios.md): a position, the dice to come, a script of
//! actions in notation, and optional expectations about the result.

use crate::rules::cards::{self, find_lord, lord_name, lord_sex, Card, LordId, Sex};
use crate::rules::{
    Action, CardinalSource, Fort, Game, Options, Phase, Tax, TaxRole, TaxTarget, Troops,
};
use serde::Deserialize;
use serde_json::{json, Map as JsonMap, Value};
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default)]
    pub description: String,
    /// Player names in seat (clockwise) order; 3 to 6.
    pub players: Vec<String>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: ScenarioOptions,
    #[serde(default)]
    pub position: Option<Position>,
    /// The next six-sided rolls, in order.
    #[serde(default)]
    pub dice: Vec<u8>,
    #[serde(default)]
    pub script: Vec<(String, String)>,
    #[serde(default)]
    pub expect: Vec<Expectation>,
    /// The script's last action must be refused with a message containing this.
    #[serde(default)]
    pub expect_error: Option<String>,
    /// The position itself must be refused with a message containing this (see `check`).
    #[serde(default)]
    pub expect_refused: Option<String>,
}

/// Runs a scenario and reports whether everything it expects holds, including an expected
/// refusal of its position: `Ok` with a one-line verdict, or `Err` with every failure.
pub fn check(text: &str) -> Result<String, String> {
    bounded(text)?;
    let want: Option<String> = serde_json::from_str::<Value>(text).ok().and_then(|v| {
        v.get("expect_refused")
            .and_then(|x| x.as_str())
            .map(String::from)
    });
    match (run(text), want) {
        (Err(e), Some(w)) if e.to_lowercase().contains(&w.to_lowercase()) => {
            Ok(format!("refused as expected: {e}"))
        }
        (Err(e), _) => Err(e),
        (Ok(_), Some(w)) => Err(format!(
            "the position should have been refused ('{w}') but it loaded"
        )),
        (Ok(out), None) if out.failures.is_empty() => Ok("all expectations hold".into()),
        (Ok(out), None) => Err(out.failures.join("\n")),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioOptions {
    pub round_cap: Option<u16>,
    /// The seat of the First Player when there is no position (name).
    pub first_player: Option<String>,
    pub battle_die: Option<[u8; 6]>,
    /// The optional rules (11.1–11.3, the FAQ's hidden money, the 2.3 gentle start).
    #[serde(default)]
    pub relics: bool,
    #[serde(default)]
    pub fog_of_war: bool,
    #[serde(default)]
    pub open_diplomacy: bool,
    #[serde(default)]
    pub hidden_money: bool,
    #[serde(default)]
    pub gentle_start: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "one")]
    pub round: u16,
    pub first: String,
    pub phase: String,
    /// Whose turn it is within the phase (default: the First Player).
    #[serde(default)]
    pub turn: Option<String>,
    #[serde(default)]
    pub players: BTreeMap<String, PlayerPos>,
    #[serde(default)]
    pub villages: BTreeMap<String, VillagePos>,
    #[serde(default)]
    pub lords: Vec<LordPos>,
    #[serde(default)]
    pub bishoprics: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub track: Vec<Option<String>>,
    #[serde(default)]
    pub taxes: Vec<TaxPos>,
    /// Relic (grail, eyes, teeth, spear, bone) → where it is: a Lord's name (he carries it),
    /// a Village key (lying there; "+claimed" after it when it was taken before), or "gone".
    /// Without it, the relics lie where setup put them (11.1).
    #[serde(default)]
    pub relics: BTreeMap<String, String>,
    /// Top card first.
    #[serde(default)]
    pub lords_deck: Option<Vec<String>>,
    #[serde(default)]
    pub fortune_deck: Option<Vec<String>>,
    /// The discard piles (2.2): the cards named, or "rest": every card of that deck left
    /// over once the position and the deck's named cards are placed (an empty deck then).
    #[serde(default)]
    pub lords_discard: Option<Pile>,
    #[serde(default)]
    pub fortune_discard: Option<Pile>,
}

/// A discard pile in a position: its cards, or the word "rest" (every card left over).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Pile {
    Cards(Vec<String>),
    Word(String),
}

fn one() -> u16 {
    1
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    pub money: Option<u32>,
    #[serde(default)]
    pub hand: Vec<String>,
    pub diplomacy: Option<u8>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VillagePos {
    pub controller: Option<String>,
    /// Player name → [Men-at-Arms, Knights].
    #[serde(default)]
    pub troops: BTreeMap<String, [u8; 2]>,
    #[serde(default)]
    pub mills: u8,
    #[serde(default)]
    pub fort: Option<String>,
    pub besieger: Option<String>,
    /// Player name → Siege Engine side (1 or 2), placed in an earlier round (6.4).
    #[serde(default)]
    pub engines: BTreeMap<String, u8>,
    /// Player name → the Village his stack came in from (5.1).
    #[serde(default)]
    pub entry: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LordPos {
    pub name: String,
    pub owner: String,
    pub village: String,
    #[serde(default)]
    pub titles: Vec<String>,
    pub captor: Option<String>,
    pub spouse: Option<String>,
    #[serde(default)]
    pub excommunicated: bool,
    #[serde(default)]
    pub assassin: bool,
    /// For Bishops: the round of their election (default 0, in play since before this round).
    #[serde(default)]
    pub bishop_since: u16,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxPos {
    pub player: String,
    pub lord: String,
    pub tallage: Option<String>,
    /// A Bishopric number, or "all" for the Pope.
    pub tithe: Option<Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    pub path: String,
    pub equals: Option<Value>,
    pub contains: Option<Value>,
}

/// The result of running a scenario.
pub struct Outcome {
    pub game: Game,
    /// The first refused action of the script, if any: (step number from 1, message).
    pub error: Option<(usize, String)>,
    /// Expectations that did not hold.
    pub failures: Vec<String>,
}

fn bad<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

/// The largest scenario file read, in bytes (the saves' limit).
pub const MAX_BYTES: u64 = crate::save::MAX_BYTES;

/// A scenario is refused before it is parsed when it could take more memory than any save
/// ([`crate::save::SHAPE`]).
fn bounded(text: &str) -> Result<(), String> {
    if text.len() as u64 > MAX_BYTES {
        return bad(format!(
            "not a valid scenario file: it is larger than {} MiB",
            MAX_BYTES >> 20
        ));
    }
    crate::files::check_json_shape(text, crate::save::SHAPE)
        .map_err(|e| format!("not a valid scenario file: {e}"))
}

/// Loads and runs a scenario. `Err` when the file or its position is invalid.
pub fn run(text: &str) -> Result<Outcome, String> {
    bounded(text)?;
    let sc: Scenario =
        serde_json::from_str(text).map_err(|e| format!("not a valid scenario file: {e}"))?;
    let mut game = build(&sc)?;
    let mut error = None;
    for (i, (who, notation)) in sc.script.iter().enumerate() {
        let p =
            player_index(&sc.players, who).map_err(|e| format!("script step {}: {e}", i + 1))?;
        let result = Action::parse(notation, &game)
            .map_err(|e| e.to_string())
            .and_then(|a| game.apply(p, a).map_err(|e| e.to_string()));
        if let Err(e) = result {
            error = Some((i + 1, format!("step {} ({who}: {notation}): {e}", i + 1)));
            if i + 1 != sc.script.len() {
                break;
            }
        }
    }
    let mut failures = Vec::new();
    match (&sc.expect_error, &error) {
        (Some(want), Some((step, msg))) => {
            if *step != sc.script.len() {
                failures.push(format!("the script stopped early: {msg}"));
            } else if !msg.to_lowercase().contains(&want.to_lowercase()) {
                failures.push(format!("expected an error containing '{want}', got: {msg}"));
            }
        }
        (Some(want), None) => failures.push(format!(
            "expected the last action to be refused ('{want}'), but it was accepted"
        )),
        (None, Some((_, msg))) => failures.push(format!("unexpected error: {msg}")),
        (None, None) => {}
    }
    let summary = summary(&game);
    for e in &sc.expect {
        let got = lookup(&summary, &e.path);
        if let Some(want) = &e.equals {
            if got.as_ref() != Some(want) {
                failures.push(format!(
                    "{}: expected {want}, got {}",
                    e.path,
                    got.as_ref()
                        .map(|g| g.to_string())
                        .unwrap_or("nothing".into())
                ));
            }
        }
        if let Some(want) = &e.contains {
            let ok = match (&got, want) {
                (Some(Value::String(s)), Value::String(w)) => s.contains(w.as_str()),
                (Some(Value::Array(a)), Value::String(w)) => a
                    .iter()
                    .any(|x| x == want || x.as_str().is_some_and(|s| s.contains(w.as_str()))),
                (Some(Value::Array(a)), w) => a.contains(w),
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "{}: expected it to contain {want}, got {}",
                    e.path,
                    got.as_ref()
                        .map(|g| g.to_string())
                        .unwrap_or("nothing".into())
                ));
            }
        }
    }
    Ok(Outcome {
        game,
        error: error.map(|e| (e.0, e.1)),
        failures,
    })
}

fn lookup(v: &Value, path: &str) -> Option<Value> {
    let mut cur = v;
    for part in path.split('.') {
        cur = match cur {
            Value::Object(m) => m.get(part)?,
            Value::Array(a) => a.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur.clone())
}

fn player_index(players: &[String], who: &str) -> Result<u8, String> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(who))
        .map(|i| i as u8)
        .ok_or_else(|| format!("no player called '{who}'"))
}

fn card(s: &str) -> Result<Card, String> {
    Card::parse(s).ok_or_else(|| format!("no card called '{s}'"))
}

/// The most Deniers a position may give a player: far above what a game reaches, low
/// enough that no sum of incomes can overflow.
pub const MAX_POSITION_MONEY: u32 = 1_000_000;
/// The latest round a position may start at.
pub const MAX_POSITION_ROUND: u16 = 10_000;

fn build(sc: &Scenario) -> Result<Game, String> {
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
        relics: sc.options.relics,
        fog_of_war: sc.options.fog_of_war,
        open_diplomacy: sc.options.open_diplomacy,
        hidden_money: sc.options.hidden_money,
        gentle_start: sc.options.gentle_start,
        ..Options::default()
    };
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
    let Some(pos) = &sc.position else {
        return Ok(g);
    };
    // Values a file sets are bounded before any rule adds to them.
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
    let pi = |s: &str| player_index(&sc.players, s);
    let vi = |s: &str| {
        g.map
            .find_village(s)
            .ok_or_else(|| format!("no village called '{s}'"))
    };
    g.round = pos.round;
    g.lords.clear();
    g.log.clear();
    // Villages.
    for (key, vp) in &pos.villages {
        let v = vi(key)? as usize;
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
            vs.entry[pi(who)? as usize] = Some(vi(from)?);
        }
        vs.controller = vp.controller.as_deref().map(pi).transpose()?;
    }
    // Lords and titles.
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
    // Players.
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
    // Stockpiles follow from what is on the map.
    for p in 0..n {
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
    // Cards on the bishoprics and the track.
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
    // Controllers default to the first player with units there.
    for v in 0..g.villages.len() as u8 {
        if g.villages[v as usize].controller.is_none() {
            g.refresh_control(v);
        }
    }
    // Relics (11.1).
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
    validate(&g, &sc.players)?;
    // Decks: given, or everything not elsewhere, shuffled.
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
    let mut lords_rest = remaining(cards::lords_deck())?;
    let mut fortune_rest = remaining(cards::fortune_deck())?;
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
    (g.lords_deck, g.lords_discard) =
        piles(&pos.lords_deck, &pos.lords_discard, lords_rest, "Lords")?;
    (g.fortune_deck, g.fortune_discard) = piles(
        &pos.fortune_deck,
        &pos.fortune_discard,
        fortune_rest,
        "Fortune",
    )?;
    // The phase.
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
    g.start_position();
    Ok(g)
}

/// Positions that break the rules' own limits are refused, naming the problem.
fn validate(g: &Game, names: &[String]) -> Result<(), String> {
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

/// The state as readable JSON: names rather than ids, as the scenario expectations use.
pub fn summary(g: &Game) -> Value {
    let pname = |p: u8| Value::String(g.name(p));
    let opt_lord = |l: Option<LordId>| {
        l.map(|l| Value::String(lord_name(l).into()))
            .unwrap_or(Value::Null)
    };
    let mut players = JsonMap::new();
    for p in 0..g.n() {
        let pl = &g.players[p as usize];
        let s = g.holdings(p);
        players.insert(
            g.name(p),
            json!({
                "money": pl.money,
                "hand": pl.hand.iter().map(|c| c.key()).collect::<Vec<_>>(),
                "vp": s.vp,
                "ally": g.ally(p).map(pname),
                "stock_maa": pl.stock_maa,
                "stock_engines": pl.stock_engines,
                "stock_knights": pl.stock_knights,
                "diplomacy": pl.diplomacy,
                "tax_markers": pl.tax_markers,
                "villages": s.villages,
                "lords": g.family(p).map(|l| lord_name(l.id)).collect::<Vec<_>>(),
            }),
        );
    }
    let mut villages = JsonMap::new();
    for (i, v) in g.villages.iter().enumerate() {
        let mut troops = JsonMap::new();
        for p in 0..g.n() {
            let t = v.troops[p as usize];
            if t.count() > 0 {
                troops.insert(g.name(p), json!({"maa": t.maa, "knights": t.knights}));
            }
        }
        villages.insert(
            g.map.villages[i].key.clone(),
            json!({
                "controller": v.controller.map(pname),
                "troops": troops,
                "mills": v.mills,
                "fort": match v.fort { Fort::None => "none", Fort::Stronghold => "stronghold", Fort::City => "city" },
                "besieger": v.besieger.map(pname),
                "engines": (0..g.n())
                    .filter(|&p| v.engines[p as usize] > 0)
                    .map(|p| (g.name(p), json!(v.engines[p as usize])))
                    .collect::<JsonMap<String, Value>>(),
            }),
        );
    }
    let mut lords = JsonMap::new();
    for l in &g.lords {
        let mut titles: Vec<String> = g
            .fief_titles_of(l.id)
            .iter()
            .map(|&f| format!("fief {}", g.map.fiefs[f as usize].key))
            .collect();
        if let Some(b) = g.titles.bishop.iter().position(|b| *b == Some(l.id)) {
            titles.push(format!("bishop {}", b + 1));
        }
        for (name, on) in [
            ("cardinal", g.is_cardinal(l.id)),
            ("pope", g.titles.pope == Some(l.id)),
            ("king", g.titles.king == Some(l.id)),
            ("queen", g.titles.queen == Some(l.id) && !g.titles.regent),
            ("regent", g.titles.queen == Some(l.id) && g.titles.regent),
            ("crown_prince", g.titles.crown_prince == Some(l.id)),
            ("darc", g.titles.darc == Some(l.id)),
        ] {
            if on {
                titles.push(name.into());
            }
        }
        lords.insert(
            lord_name(l.id).into(),
            json!({
                "owner": g.name(l.owner),
                "village": g.map.villages[l.village as usize].key,
                "captor": l.captor.map(pname),
                "spouse": opt_lord(l.spouse),
                "titles": titles,
                "excommunicated": l.excommunicated,
                "assassin": l.assassin,
            }),
        );
    }
    let mut fiefs = JsonMap::new();
    for (f, fief) in g.map.fiefs.iter().enumerate() {
        fiefs.insert(fief.key.clone(), opt_lord(g.titles.fief[f]));
    }
    let mut bishops = JsonMap::new();
    let mut bishoprics = JsonMap::new();
    for b in 0..5 {
        bishops.insert((b + 1).to_string(), opt_lord(g.titles.bishop[b]));
        let bc = g.bishopric_cards[b];
        let cards: Vec<&str> = [
            (bc.heavy_rain, "heavy_rain"),
            (bc.famine, "famine"),
            (bc.plague, "plague"),
            (bc.harvest, "harvest"),
            (bc.good_weather, "good_weather"),
        ]
        .into_iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
        bishoprics.insert((b + 1).to_string(), json!(cards));
    }
    let prompt = g.prompt();
    json!({
        "round": g.round,
        "phase": g.phase_name(),
        "first": g.name(g.first),
        "to_act": prompt.as_ref().map(|p| g.name(p.player)),
        "prompt": prompt.as_ref().map(|p| format!("{:?}", p.kind)),
        "legal": prompt.as_ref().map(|p| g.legal_actions(p.player).iter().map(|a| a.notation(g)).collect::<Vec<_>>()),
        "players": players,
        "villages": villages,
        "lords": lords,
        "titles": {
            "fiefs": fiefs,
            "bishops": bishops,
            "cardinals": g.titles.cardinals.iter().map(|c| lord_name(c.0)).collect::<Vec<_>>(),
            "pope": opt_lord(g.titles.pope),
            "king": opt_lord(g.titles.king),
            "queen": opt_lord(g.titles.queen),
            "regent": g.titles.regent,
            "crown_prince": opt_lord(g.titles.crown_prince),
            "darc": opt_lord(g.titles.darc),
        },
        "bishoprics": bishoprics,
        "relics": g.relics.iter().map(|s| {
            let at = match s.at {
                crate::rules::relics::RelicAt::Village(v) => g.map.villages[v as usize].key.clone(),
                crate::rules::relics::RelicAt::Lord(l) => lord_name(l).to_string(),
                crate::rules::relics::RelicAt::Gone => "gone".into(),
            };
            (s.relic.key().to_string(), Value::String(at))
        }).collect::<JsonMap<String, Value>>(),
        "track": g.track.iter().flatten().count(),
        "discards": {
            "lords": g.lords_discard.iter().map(|c| c.key()).collect::<Vec<_>>(),
            "fortune": g.fortune_discard.iter().map(|c| c.key()).collect::<Vec<_>>(),
        },
        "winners": g.outcome.as_ref().map(|o| o.winners.iter().map(|&p| g.name(p)).collect::<Vec<_>>()),
        "outcome": g.outcome.as_ref().map(|o| o.reason.clone()),
        "log": g.log.iter().map(|e| e.text()).collect::<Vec<_>>(),
    })
}
