//! Scenario files (format in docs/scenarios.md): a position, the dice to come, a script of
//! actions in notation, and optional expectations about the result.

use crate::rules::cards::{self, find_lord, lord_name, lord_sex, Card, LordId, Sex};
use crate::rules::{
    Action, CardinalSource, Fort, Game, OptionalRule, Options, Phase, RuleSet, Tax, TaxRole,
    TaxTarget, Troops,
};
use serde::Deserialize;
use serde_json::{json, Map as JsonMap, Value};
use std::collections::BTreeMap;

mod position;
use position::build;

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

#[derive(Debug, Default)]
pub struct ScenarioOptions {
    pub round_cap: Option<u16>,
    /// The seat of the First Player when there is no position (name).
    pub first_player: Option<String>,
    pub battle_die: Option<[u8; 6]>,
    /// The optional rules, each by its name in `Options` (`"relics": true`, …).
    pub rules: RuleSet,
}

/// The scenario's options other than the optional rules.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OtherOptions {
    round_cap: Option<u16>,
    first_player: Option<String>,
    battle_die: Option<[u8; 6]>,
}

impl<'de> Deserialize<'de> for ScenarioOptions {
    /// The object of `options`: the optional rules by their names (`OptionalRule::field`),
    /// and the other options, a name it does not know refused.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ScenarioOptions, D::Error> {
        use serde::de::Error;
        let mut all = JsonMap::deserialize(d)?;
        let mut rules = RuleSet::default();
        for r in OptionalRule::ALL {
            if let Some(v) = all.remove(r.field()) {
                let on = v
                    .as_bool()
                    .ok_or_else(|| D::Error::custom(format!("{} is true or false", r.field())))?;
                rules = rules.with(r, on);
            }
        }
        let other: OtherOptions =
            serde_json::from_value(Value::Object(all)).map_err(D::Error::custom)?;
        Ok(ScenarioOptions {
            round_cap: other.round_cap,
            first_player: other.first_player,
            battle_die: other.battle_die,
            rules,
        })
    }
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
