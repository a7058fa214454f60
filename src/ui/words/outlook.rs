//! "How to win" in words: the engine's outlook (`fief::rules::outlook`, rules 7.0–7.2, 4.3,
//! 1.7, 1.8) as sentences for a new player, the viewer's own lines first, then each other
//! player's, then what wins. Pure functions of the viewer's game, tested without a display.

use crate::ui::board::legend::Marker;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn, trnf};
use fief::rules::outlook::{Crown, FiefAim, Goal, Outlook, PlayerOutlook, Purse, Race};
use fief::rules::{Game, PlayerId};

/// One block of the panel: a heading (a player and his VP, or the rules) and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The player the block is about; `None` for what wins.
    pub player: Option<PlayerId>,
    pub heading: String,
    pub lines: Vec<String>,
}

/// The most open Fiefs told for a player who holds none of their Villages yet.
const FIEFS_TOLD: usize = 2;

/// The panel's blocks: every player's outlook (the viewer's first), then what wins.
pub fn blocks(g: &Game, o: &Outlook) -> Vec<Block> {
    let mut out: Vec<Block> = o
        .players
        .iter()
        .map(|p| player_block(g, p, o.viewer == Some(p.player)))
        .collect();
    out.push(Block {
        player: None,
        heading: tr("What wins"),
        lines: rules(g),
    });
    out
}

/// The lines of one player's block.
fn player_block(g: &Game, p: &PlayerOutlook, you: bool) -> Block {
    let name = names::player(g, p.player);
    let heading = if you {
        trnf(
            "{p} (you): {n} Victory Point",
            "{p} (you): {n} Victory Points",
            p.vp,
            &[("p", &name)],
        )
    } else {
        trnf(
            "{p}: {n} Victory Point",
            "{p}: {n} Victory Points",
            p.vp,
            &[("p", &name)],
        )
    };
    let mut lines = vec![goal(g, p, you)];
    if !p.titles.is_empty() {
        let titles: Vec<String> = p.titles.iter().map(|&f| names::fief(g, f)).collect();
        lines.push(trnf(
            "Fief Title held: {titles} (1 VP).",
            "Fief Titles held: {titles} (1 VP each).",
            p.titles.len() as u32,
            &[("titles", &titles.join(", "))],
        ));
    }
    for a in told_fiefs(p) {
        lines.push(fief_line(g, a, p.player, you));
    }
    lines.extend(crown_line(&p.king, true, you));
    lines.extend(crown_line(&p.pope, false, you));
    Block {
        player: Some(p.player),
        heading,
        lines,
    }
}

/// 7.1, 7.2: the sum he must reach, alone or with his ally.
fn goal(g: &Game, p: &PlayerOutlook, you: bool) -> String {
    let lacking = p.lacking();
    match p.goal {
        Goal::Solo { need } if lacking == 0 => trnf(
            "Alone, {n} VP wins at the end of a round: that is reached.",
            "Alone, {n} VP win at the end of a round: that is reached.",
            need,
            &[],
        ),
        Goal::Solo { need } => {
            let more = trn("{n} more VP", "{n} more VP", lacking);
            if you {
                trf(
                    "You play alone: {need} VP at the end of a round win; you need {more}.",
                    &[("need", &need.to_string()), ("more", &more)],
                )
            } else {
                trf(
                    "Plays alone: {need} VP at the end of a round win; {more} needed.",
                    &[("need", &need.to_string()), ("more", &more)],
                )
            }
        }
        Goal::Alliance {
            ally,
            together,
            need,
        } => trf(
            "Allied with {ally} by marriage: {sum} of the {need} VP an alliance needs together (an ally never wins alone).",
            &[
                ("ally", &names::player(g, ally)),
                ("sum", &together.to_string()),
                ("need", &need.to_string()),
            ],
        ),
    }
}

/// The Fiefs told for a player: those where he holds a Village (and titles held by
/// others only when he is in their Fief), or else the nearest few open ones.
fn told_fiefs(p: &PlayerOutlook) -> Vec<&FiefAim> {
    let started: Vec<&FiefAim> = p.fiefs.iter().filter(|a| !a.held.is_empty()).collect();
    if !started.is_empty() {
        return started;
    }
    p.fiefs
        .iter()
        .filter(|a| a.holder.is_none())
        .take(FIEFS_TOLD)
        .collect()
}

/// 4.3: one Fief Title: the Villages held of those needed, the Stronghold, the price.
pub fn fief_line(g: &Game, a: &FiefAim, p: PlayerId, you: bool) -> String {
    let fief = names::fief(g, a.fief);
    let name = names::player(g, p);
    if let Some(h) = a.holder {
        let holder = names::player(g, h);
        return match a.city {
            Some(c) => trf(
                "{fief}: {holder} holds the title; whoever takes the Fortified City of {v} takes the title.",
                &[("fief", &fief), ("holder", &holder), ("v", &names::village(g, c))],
            ),
            None => trf(
                "{fief}: {holder} holds the title.",
                &[("fief", &fief), ("holder", &holder)],
            ),
        };
    }
    let n = (a.held.len() + a.missing.len()) as u32;
    let held = a.held.len() as u32;
    let missing: Vec<String> = a.missing.iter().map(|&v| names::village(g, v)).collect();
    let missing = missing.join(", ");
    let villages = match (you, a.missing.is_empty()) {
        (true, true) => trn(
            "you hold its {n} Village",
            "you hold all {n} of its Villages",
            n,
        ),
        (false, true) => trnf(
            "{p} holds its {n} Village",
            "{p} holds all {n} of its Villages",
            n,
            &[("p", &name)],
        ),
        (true, false) => trnf(
            "you hold {held} of {n} Village (missing: {missing})",
            "you hold {held} of {n} Villages (missing: {missing})",
            n,
            &[("held", &held.to_string()), ("missing", &missing)],
        ),
        (false, false) => trnf(
            "{p} holds {held} of {n} Village (missing: {missing})",
            "{p} holds {held} of {n} Villages (missing: {missing})",
            n,
            &[
                ("p", &name),
                ("held", &held.to_string()),
                ("missing", &missing),
            ],
        ),
    };
    let fort = match (a.stronghold, a.city) {
        (_, Some(c)) => trf(
            "its Fortified City stands at {v}",
            &[("v", &names::village(g, c))],
        ),
        (Some(s), None) => trf(
            "a Stronghold stands at {v}",
            &[("v", &names::village(g, s))],
        ),
        (None, None) => tr("it needs a Stronghold"),
    };
    let price = a.price.to_string();
    let cost = match (a.money, a.money.covers(a.price)) {
        (Purse::Known { money }, Some(true)) if you => trf(
            "the title costs {price} Deniers and you have {m}",
            &[("price", &price), ("m", &money.to_string())],
        ),
        (Purse::Known { money }, _) if you => trf(
            "the title costs {price} Deniers and you have only {m}",
            &[("price", &price), ("m", &money.to_string())],
        ),
        (Purse::Known { money }, Some(true)) => trf(
            "the title costs {price} Deniers and {p} has {m}",
            &[("price", &price), ("p", &name), ("m", &money.to_string())],
        ),
        (Purse::Known { money }, _) => trf(
            "the title costs {price} Deniers and {p} has only {m}",
            &[("price", &price), ("p", &name), ("m", &money.to_string())],
        ),
        // Hidden money: the price alone.
        (Purse::Unknown, _) => trf("the title costs {price} Deniers", &[("price", &price)]),
    };
    let mut line = trf(
        "{fief}: {villages}; {fort}; {cost}.",
        &[
            ("fief", &fief),
            ("villages", &villages),
            ("fort", &fort),
            ("cost", &cost),
        ],
    );
    if !a.lord_with_room && g.family(p).next().is_none() {
        // Before the family's first Lord is placed (setup), or with every Lord lost.
        line.push(' ');
        line.push_str(&tr("The family has no Lord yet to hold it."));
    } else if !a.lord_with_room {
        line.push(' ');
        line.push_str(&tr(
            "No Lord of the family has room for it (2 Fief Titles each).",
        ));
    } else if a.within_reach() {
        line.push(' ');
        line.push_str(&tr(
            "Every condition but the price is met: it can be bought at the next purchases.",
        ));
    }
    line
}

/// 1.7, 1.8: the King's (`king`) or the Pope's title as the player stands towards it; `None`
/// when there is nothing of his to tell.
fn crown_line(c: &Crown, king: bool, you: bool) -> Option<String> {
    match c {
        Crown::Held { lord } => Some(if king {
            trf(
                "{lord} is King: 1 VP, for life.",
                &[("lord", &names::lord(*lord))],
            )
        } else {
            trf(
                "{lord} is Pope: 1 VP, for life.",
                &[("lord", &names::lord(*lord))],
            )
        }),
        // Told once, in the holder's block.
        Crown::Taken { .. } => None,
        Crown::Vacant(r) if r.votes == 0 && r.candidates.is_empty() && !you => None,
        Crown::Vacant(r) => Some(if king {
            king_race(r, you)
        } else {
            pope_race(r, you)
        }),
    }
}

fn king_race(r: &Race, you: bool) -> String {
    let votes = trnf(
        "{n} of the {all} votes",
        "{n} of the {all} votes",
        r.votes,
        &[("all", &r.all_votes.to_string())],
    );
    let cands = names::lords_list(&r.candidates);
    let mut line = match (you, r.votes == 0, r.candidates.is_empty()) {
        (true, true, true) => tr(
            "The crown is free: you have no vote for King yet (each free Titled Lord gives 1), and no Lord of yours may stand (a male Lord with a Fief Title and no church title).",
        ),
        (true, true, false) => trf(
            "The crown is free: you have no vote for King yet (each free Titled Lord gives 1), and {lords} may stand.",
            &[("lords", &cands)],
        ),
        (true, false, false) => trf(
            "The crown is free: you hold {votes} for King, and {lords} may stand.",
            &[("votes", &votes), ("lords", &cands)],
        ),
        (true, false, true) => trf(
            "The crown is free: you hold {votes} for King, and no Lord of yours may stand (a male Lord with a Fief Title and no church title).",
            &[("votes", &votes)],
        ),
        (false, _, false) => trf(
            "For King: {votes}; {lords} may stand.",
            &[("votes", &votes), ("lords", &cands)],
        ),
        (false, _, true) => trf("For King: {votes}.", &[("votes", &votes)]),
    };
    if r.votes > 0 && r.church_support() {
        line.push(' ');
        line.push_str(&tr(
            "Those votes bring the Church's support (2 Bishops, a Cardinal or the Pope).",
        ));
    }
    line
}

fn pope_race(r: &Race, you: bool) -> String {
    if !r.can_be_held {
        return if you {
            trn(
                "No Pope is elected until 2 free Cardinals are in play; you have {n}.",
                "No Pope is elected until 2 free Cardinals are in play; you have {n}.",
                r.votes,
            )
        } else {
            trn(
                "Cardinals towards a Pope's election: {n}.",
                "Cardinals towards a Pope's election: {n}.",
                r.votes,
            )
        };
    }
    let votes = trnf(
        "{n} of the {all} Cardinals' votes",
        "{n} of the {all} Cardinals' votes",
        r.votes,
        &[("all", &r.all_votes.to_string())],
    );
    let cands = names::lords_list(&r.candidates);
    match (you, r.candidates.is_empty()) {
        (true, false) => trf(
            "The Pope's seat is free: you hold {votes}, and {lords} may stand.",
            &[("votes", &votes), ("lords", &cands)],
        ),
        (true, true) => trf(
            "The Pope's seat is free: you hold {votes}, and no Bishop or Cardinal of yours may stand.",
            &[("votes", &votes)],
        ),
        (false, false) => trf(
            "For Pope: {votes}; {lords} may stand.",
            &[("votes", &votes), ("lords", &cands)],
        ),
        (false, true) => trf("For Pope: {votes}.", &[("votes", &votes)]),
    }
}

/// What wins, in short (7.0–7.2, 4.3, 1.7, 1.8).
fn rules(g: &Game) -> Vec<String> {
    let mut out = vec![
        tr("Victory Points: 1 for each Fief Title, 1 for the King, 1 for the Pope (7.0)."),
        tr("Alone, 3 VP at the end of a round win (7.1)."),
    ];
    // 7.2: alliances exist only with 4 players or more.
    if g.n() >= 4 {
        out.push(tr(
            "Two players allied by marriage win with 4 VP together; a solo victory comes first (7.2, 7.3).",
        ));
    }
    out.push(tr(
        "A Fief Title needs every Village of the Fief and a Stronghold in it, and costs 2 Deniers a Village (4.3).",
    ));
    out.push(tr(
        "The King needs 3 votes, more than any rival, and among them 2 Bishops, a Cardinal or the Pope; every free Titled Lord has 1 vote (1.8).",
    ));
    out.push(tr(
        "The Pope is elected by the Cardinals, with more than half of the votes cast (1.7).",
    ));
    out
}

/// What a marker of the map means, in one sentence (the legend).
pub fn marker(m: Marker) -> String {
    match m {
        Marker::Controlled => tr("A Village, in the colour of the player who controls it."),
        Marker::Uncontrolled => tr("A Village nobody controls."),
        Marker::Principal => tr("A Bishopric's principal Village: a larger square."),
        Marker::Stronghold => tr("A Stronghold: a Fief Title needs one in its Fief."),
        Marker::FortifiedCity => {
            tr("A Fortified City: whoever controls it holds the Fief's title.")
        }
        Marker::Troops => tr("Troops: Men-at-Arms · Knights, in their player's colour."),
        Marker::Lord => tr("A Lord, with his initial, in his family's colour."),
        Marker::Captive => tr("A Lord lying on his side is a captive."),
        Marker::Excommunicated => tr("A dashed black edge: the Lord is excommunicated."),
        Marker::Darc => tr("A gold edge: the Lady is d'ARC."),
        Marker::SiegeEngine => tr("A Siege Engine, with its dice side (1 or 2)."),
        Marker::Mill => tr("A Mill: 2 Deniers of income to whoever controls its Village."),
        Marker::Relic => tr("A Holy Relic, with its initial."),
        Marker::Mitre => {
            tr("A Bishopric's mitre and number; the cards lying there are tagged beside it.")
        }
        Marker::Besieged => {
            tr("Dashes round a fortification: it is besieged, in the besieger's colour.")
        }
        Marker::CanPick => tr("A yellow frame: your decision may pick this Village."),
        Marker::Focus => tr("A blue frame: the Village the keyboard is on."),
        Marker::Hint => tr("A teal ring: the Villages of the hint."),
        Marker::Moved => tr("An arrow: another player's move since your last decision."),
        Marker::Battle => tr("A red dashed ring: a battle or siege since your last decision."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grady holds Beaujeu with a Stronghold and 5 Deniers; Givry is David's (3 Deniers).
    fn beaujeu(hidden_money: bool) -> Game {
        let sc = serde_json::json!({
            "players": ["Grady", "David", "Kirsten", "Gunter"],
            "options": {"hidden_money": hidden_money},
            "position": {
                "first": "Grady",
                "phase": "purchase",
                "players": {"Grady": {"money": 5}, "David": {"money": 3}},
                "villages": {
                    "beaujeu": {"troops": {"Grady": [2, 0]}, "fort": "stronghold"},
                    "givry": {"troops": {"David": [1, 0]}},
                },
                "lords": [
                    {"name": "Charles", "owner": "Grady", "village": "beaujeu"},
                    {"name": "Raoul", "owner": "David", "village": "givry"},
                ],
            },
        });
        fief::scenario::run(&sc.to_string()).unwrap().game
    }

    fn lines_of(g: &Game, viewer: PlayerId, p: PlayerId) -> Vec<String> {
        blocks(g, &g.outlook(Some(viewer)))
            .into_iter()
            .find(|b| b.player == Some(p))
            .unwrap()
            .lines
    }

    /// The issue's own example, in the viewer's words; the same Fief in another's.
    #[test]
    fn a_fief_in_the_viewers_words_and_anothers() {
        let g = beaujeu(false);
        let blocks = blocks(&g, &g.outlook(Some(0)));
        assert_eq!(blocks[0].heading, "Grady (you): 0 Victory Points");
        assert_eq!(blocks.last().unwrap().player, None);
        let mine = lines_of(&g, 0, 0);
        assert!(
            mine.contains(&"Barony of Beaujeu: you hold 1 of 2 Villages (missing: Givry); a Stronghold stands at Beaujeu; the title costs 4 Deniers and you have 5.".to_string()),
            "{mine:?}"
        );
        assert_eq!(
            mine[0],
            "You play alone: 3 VP at the end of a round win; you need 3 more VP."
        );
        let davids = lines_of(&g, 0, 1);
        assert!(
            davids.contains(&"Barony of Beaujeu: David holds 1 of 2 Villages (missing: Beaujeu); a Stronghold stands at Beaujeu; the title costs 4 Deniers and David has only 3.".to_string()),
            "{davids:?}"
        );
    }

    /// Hidden money: another's line gives the price alone, never whether he can pay.
    #[test]
    fn hidden_money_gives_the_price_alone() {
        let g = beaujeu(true);
        let davids = lines_of(&g, 0, 1);
        assert!(
            davids.contains(&"Barony of Beaujeu: David holds 1 of 2 Villages (missing: Beaujeu); a Stronghold stands at Beaujeu; the title costs 4 Deniers.".to_string()),
            "{davids:?}"
        );
        assert!(lines_of(&g, 0, 0)
            .iter()
            .any(|l| l.ends_with("and you have 5.")));
    }
}
