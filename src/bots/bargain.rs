//! How the Normal bot bargains (8.0): its answer to each question another player asks it,
//! with the reason in words, and the deals it offers itself (a dowry with a marriage, a toll
//! for passage, a lower ransom). Every judgement weighs the Victory Points each side still
//! lacks (7.1: 3 alone, 7.2: 4 for an alliance together) and the strength on the board.
//!
//! The answers read only what the answering player sees: the standings, the money and the
//! armies on the board, and the question itself.

use super::eval::marriage_helps;
use super::odds::battle_odds;
use super::odds::{battle_prospect, Chances};
use crate::map::VillageId;
use crate::rules::events::{Arg, Msg};
use crate::rules::{Action, Card, Game, LordId, PlayerId, PromptKind};

/// Victory Points `q` still lacks to win: alone 3 (7.1), with an ally 4 together (7.2),
/// whichever is nearer.
pub fn short_of_victory(g: &Game, q: PlayerId) -> i32 {
    let alone = 3 - g.vp(q) as i32;
    match g.ally(q) {
        Some(a) => alone.min(4 - (g.vp(q) + g.vp(a)) as i32),
        None => alone,
    }
}

/// Whether `q` (neither `p` nor its ally) is one Victory Point or less from winning.
fn about_to_win(g: &Game, p: PlayerId, q: PlayerId) -> bool {
    q != p && g.ally(p) != Some(q) && short_of_victory(g, q) <= 1
}

/// Chances of winning a battle that one Denier of a truce's price makes up for (6.3, 8.0).
const TRUCE_DENIER: f64 = 0.15;

/// Whether a side that wins its battle with probability `odds` takes a truce offering each
/// of its players `price` Deniers: a free truce when it is likelier to lose, and each Denier
/// makes up for `TRUCE_DENIER` of the chances.
fn truce_takes(odds: f64, price: u8) -> bool {
    odds < 0.5 + TRUCE_DENIER * f64::from(price)
}

/// The truce `p`'s side offers in its battle: free when the other side is likelier to lose,
/// else the smallest price (1 to 3 Deniers each) the other side's `truce_takes` accepts and
/// `p` can pay (`legal`); none when even 3 Deniers would not do.
pub fn truce_offer(g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
    let price = (0..=3).find(|&n| truce_taken(g, p, n))?;
    let a = if price == 0 {
        Action::ProposeTruce
    } else {
        Action::BuyTruce(price)
    };
    legal.contains(&a).then_some(a)
}

/// Whether the other side of `p`'s battle takes a truce from `p` offering `price` Deniers
/// each, by the rule its bots answer with ([`answer`]).
pub fn truce_taken(g: &Game, p: PlayerId, price: u8) -> bool {
    truce_takes(1.0 - side_odds(g, p), price)
}

/// Strength Points of `q` on the whole board.
pub fn total_sp(g: &Game, q: PlayerId) -> u32 {
    // `player_sp` added up over the map, in one pass over the Villages and one over the
    // Lords (each Lord stands in one Village).
    let troops: u32 = g.villages.iter().map(|vs| vs.troops[q as usize].sp()).sum();
    let lords: u32 = g
        .lords
        .iter()
        .filter(|l| l.owner == q && l.captor.is_none() && (l.village as usize) < g.villages.len())
        .map(|l| g.lord_sp(l.id))
        .sum();
    troops + lords
}

fn who(g: &Game, q: PlayerId) -> Arg {
    g.pname(q)
}

fn vp_gap(g: &Game, p: PlayerId, q: PlayerId) -> i64 {
    g.vp(q) as i64 - g.vp(p) as i64
}

/// An answer and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub yes: bool,
    pub why: Msg,
}

fn yes(why: Msg) -> Option<Answer> {
    Some(Answer { yes: true, why })
}

fn no(why: Msg) -> Option<Answer> {
    Some(Answer { yes: false, why })
}

/// The smallest toll `p` asks of `mover` for passage, or `None` when no toll buys it: never
/// for a player about to win; 1 Denier from one behind it, 2 from one level with it, 3 from
/// one ahead or stronger on the board.
fn toll_needed(g: &Game, p: PlayerId, mover: PlayerId) -> Option<u8> {
    if about_to_win(g, p, mover) {
        return None;
    }
    let gap = vp_gap(g, p, mover);
    let stronger = total_sp(g, mover) > total_sp(g, p);
    Some(match gap {
        i64::MIN..=-1 if !stronger => 1,
        i64::MIN..=0 => 2,
        _ => 3,
    })
}

/// Whether `p` lets `mover` pass for nothing: its ally, or a player clearly weaker and behind
/// (5.0).
pub fn lets_pass_free(g: &Game, p: PlayerId, mover: PlayerId) -> bool {
    if g.ally(p) == Some(mover) {
        return true;
    }
    2 * total_sp(g, mover) < total_sp(g, p) && g.vp(mover) < g.vp(p)
}

fn passage(g: &Game, p: PlayerId, mover: PlayerId, toll: u8) -> Option<Answer> {
    let m = who(g, mover);
    if g.ally(p) == Some(mover) {
        return yes(msg!("{q} is an ally.", q = m));
    }
    if about_to_win(g, p, mover) {
        return no(msgn!(
            "{mover} is {n} Victory Point from winning: no passage at any price.",
            "{mover} is {n} Victory Points from winning: no passage at any price.",
            short_of_victory(g, mover).max(0),
            mover = m
        ));
    }
    if lets_pass_free(g, p, mover) {
        return yes(msg!(
            "{mover} is far weaker and behind: its army is no threat.",
            mover = m
        ));
    }
    match toll_needed(g, p, mover) {
        Some(need) if toll >= need => yes(msgn!(
            "a toll of {n} Denier is worth the passage.",
            "a toll of {n} Deniers is worth the passage.",
            toll
        )),
        Some(need) if toll > 0 => no(msgn!(
            "{mover} would have to offer a toll of {n} Denier.",
            "{mover} would have to offer a toll of {n} Deniers.",
            need,
            mover = m
        )),
        _ => no(msg!(
            "{mover} is not weaker and behind, and offers no toll: its army could turn against the Villages it passes.",
            mover = m
        )),
    }
}

/// `p`'s judgement of a marriage with `q`'s family, with `dowry` Deniers to take.
fn marriage(g: &Game, p: PlayerId, q: PlayerId, dowry: u8) -> Option<Answer> {
    let alone = 3 - g.vp(p) as i32;
    let together = 4 - (g.vp(p) + g.vp(q)) as i32;
    if marriage_helps(g, p, q) {
        return yes(msg!(
            "allied with {q}, the two families would need {together} more Victory Points between them, against {alone} alone.",
            q = who(g, q),
            together = together.max(0) as i64,
            alone = alone.max(0) as i64
        ));
    }
    if dowry >= 2 && together <= alone + 1 && !about_to_win(g, p, q) {
        return yes(msgn!(
            "a dowry of {n} Denier makes up for an alliance that brings victory no nearer.",
            "a dowry of {n} Deniers makes up for an alliance that brings victory no nearer.",
            dowry
        ));
    }
    if g.vp(q) > g.vp(p) {
        return no(msg!(
            "{q} is ahead ({theirs} Victory Points against {mine}): the alliance would serve {q} more.",
            q = who(g, q),
            theirs = g.vp(q) as i64,
            mine = g.vp(p) as i64
        ));
    }
    if dowry > 0 {
        return no(msgn!(
            "a dowry of {n} Denier is not enough: allied with {q}, the two families would still need {together} more Victory Points between them, against {alone} alone.",
            "a dowry of {n} Deniers is not enough: allied with {q}, the two families would still need {together} more Victory Points between them, against {alone} alone.",
            dowry,
            q = who(g, q),
            together = together.max(0) as i64,
            alone = alone.max(0) as i64
        ));
    }
    no(msg!(
        "allied with {q}, the two families would still need {together} more Victory Points between them, against {alone} alone.",
        q = who(g, q),
        together = together.max(0) as i64,
        alone = alone.max(0) as i64
    ))
}

/// Why a marriage between the families of `p` and `q` would help `p`, if it would.
pub fn marriage_reason(g: &Game, p: PlayerId, q: PlayerId) -> Option<Msg> {
    marriage(g, p, q, 0).filter(|a| a.yes).map(|a| a.why)
}

/// What a Diplomacy marker is worth to `p`, in Deniers: more as fewer are left (8.0).
fn marker_worth(g: &Game, p: PlayerId) -> u32 {
    if g.options.open_diplomacy {
        return 0;
    }
    match g.players[p as usize].diplomacy {
        0..=1 => 3,
        2 => 2,
        _ => 1,
    }
}

/// What `cards` are worth to `p`, in Deniers (a Lord card most to a family short of Lords).
fn cards_worth(g: &Game, p: PlayerId, cards: &[Card]) -> u32 {
    let family = g.family(p).count();
    cards
        .iter()
        .map(|c| match c {
            Card::Lord(_) if family < 3 => 6,
            Card::Lord(_) | Card::Cardinal | Card::Darc => 3,
            _ => 2,
        })
        .sum()
}

/// The Deniers (1 to 3) `q` lacks to buy a Fief Title it meets every other condition of: all
/// the Villages of an untitled Fief and a Stronghold or Fortified City in it (4.3).
pub fn short_of_title(g: &Game, q: PlayerId) -> Option<u8> {
    let money = g.players[q as usize].money;
    g.map
        .fiefs
        .iter()
        .enumerate()
        .filter(|(f, fief)| {
            g.titles.fief[*f].is_none()
                && fief
                    .villages
                    .iter()
                    .all(|&v| g.villages[v as usize].controller == Some(q))
                && fief
                    .villages
                    .iter()
                    .any(|&v| g.villages[v as usize].fort != crate::rules::Fort::None)
        })
        .map(|(_, fief)| fief.title_price().saturating_sub(money))
        .filter(|&k| (1..=3).contains(&k))
        .min()
        .map(|k| k as u8)
}

/// 8.0, 4.3: Deniers `p` gives its ally during its own Purchase turn when they complete the
/// price of a Fief Title the ally can buy in its turn still to come this round, and `p` keeps
/// 2 for itself.
pub fn gift_to_ally(g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
    let ally = g.ally(p)?;
    let crate::rules::Phase::Purchase { idx, .. } = g.phase else {
        return None;
    };
    let ally_idx = (ally + g.n() - g.first) % g.n();
    if ally_idx <= idx {
        return None;
    }
    let k = short_of_title(g, ally)?;
    let gift = Action::OfferDeniers {
        to: ally,
        amount: k,
    };
    (g.players[p as usize].money >= k as u32 + 2 && legal.contains(&gift)).then_some(gift)
}

fn deal(g: &Game, p: PlayerId, receiver: PlayerId, deniers: u8, cards: &[Card]) -> Option<Answer> {
    if receiver == p {
        if short_of_title(g, p).is_some_and(|k| deniers >= k) {
            return yes(msg!(
                "the Deniers complete the price of a Fief Title, worth a Victory Point."
            ));
        }
        // A gift to p: worth a Diplomacy marker? A full hand leaves no room to draw (2.1).
        let hand = g.players[p as usize].hand.len() + cards.len();
        let lord_in = cards.iter().any(|c| matches!(c, Card::Lord(_)))
            || g.players[p as usize]
                .hand
                .iter()
                .any(|c| matches!(c, Card::Lord(_)));
        if !cards.is_empty() && hand >= 3 && g.family(p).count() < 3 && !lord_in {
            return no(msg!(
                "a full hand would leave no room to draw the Lord the family needs."
            ));
        }
        let worth = deniers as u32 + cards_worth(g, p, cards);
        let cost = marker_worth(g, p);
        if worth >= cost {
            return yes(msg!("the gift is worth more than a Diplomacy marker."));
        }
        return no(msgn!(
            "with {n} Diplomacy marker left, it is worth keeping for a better deal.",
            "with {n} Diplomacy markers left, they are worth keeping for a better deal.",
            g.players[p as usize].diplomacy
        ));
    }
    // p is asked to give.
    if g.ally(p) == Some(receiver) {
        let (mine, theirs, d) = (
            g.players[p as usize].money,
            g.players[receiver as usize].money,
            deniers as u32,
        );
        if mine < d + 2 {
            return no(msg!("the Deniers cannot be spared, even for an ally."));
        }
        // Money only evens out within the alliance: an ally is not paid back a dowry.
        if theirs + d > mine - d {
            return no(msg!(
                "{q} would then hold more Deniers than {p}: the alliance gains nothing by it.",
                q = who(g, receiver),
                p = who(g, p)
            ));
        }
        return yes(msg!(
            "{q} is an ally: what helps {q} brings the common victory nearer.",
            q = who(g, receiver)
        ));
    }
    no(msg!(
        "{q} is a rival: the Deniers would only make {q} stronger.",
        q = who(g, receiver)
    ))
}

fn ransom(g: &Game, p: PlayerId, lord: LordId, amount: u32) -> Option<Answer> {
    let l = g.lord(lord)?;
    let owner = l.owner;
    let price = g.ransom_price(lord);
    if g.ally(p) == Some(owner) {
        return yes(msg!(
            "{q} is an ally: a discount costs the alliance nothing.",
            q = who(g, owner)
        ));
    }
    if g.players[owner as usize].money >= price {
        return no(msgn!(
            "{q} can pay the full price of {n} Denier.",
            "{q} can pay the full price of {n} Deniers.",
            price,
            q = who(g, owner)
        ));
    }
    if about_to_win(g, p, owner) {
        return no(msg!(
            "{q} is close to winning: {lord} stays captive.",
            q = who(g, owner),
            lord = crate::rules::cards::lord_name(lord)
        ));
    }
    if 2 * amount >= price {
        return yes(msgn!(
            "{n} Denier now is better than a captive {q} cannot pay for.",
            "{n} Deniers now are better than a captive {q} cannot pay for.",
            amount,
            q = who(g, owner)
        ));
    }
    no(msgn!(
        "{n} Denier is less than half the price.",
        "{n} Deniers are less than half the price.",
        amount
    ))
}

/// The odds of the side `p` fights on in the battle being fought.
pub fn side_odds(g: &Game, p: PlayerId) -> f64 {
    let att = battle_odds(g);
    match &g.battle {
        Some(b) if b.side_of(p) == Some(1) => 1.0 - att,
        _ => att,
    }
}

/// The chances of the battle being fought, fought to the end, from the side `p` fights on:
/// the battle page's figures (from the attackers' side) turned round for a defender. A win
/// plus half the draws is [`side_odds`].
pub fn side_chances(g: &Game, p: PlayerId) -> Chances {
    let Some(c) = battle_prospect(g).map(|pr| pr.chances) else {
        return Chances {
            win: 0.5,
            draw: 0.0,
            lose: 0.5,
        };
    };
    match &g.battle {
        Some(b) if b.side_of(p) == Some(1) => Chances {
            win: c.lose,
            draw: c.draw,
            lose: c.win,
        },
        _ => c,
    }
}

/// A chance in whole percent, as the battle panel shows it: "<1" and ">99" unless certain.
pub fn percent(x: f64) -> Arg {
    let p = (x * 100.0).round() as i64;
    Arg::Text(
        match p {
            0 if x > 0.0 => "<1".into(),
            100 if x < 1.0 => ">99".into(),
            p => p.to_string(),
        }
        .into(),
    )
}

/// "Blue's side wins the battle 40% of the time, with a draw 6% of the time.": the chances of
/// `p`'s side in the battle being fought, as the battle page shows them.
pub fn chances_msg(g: &Game, p: PlayerId) -> Msg {
    let c = side_chances(g, p);
    msg!(
        "{p}'s side wins the battle {win}% of the time, with a draw {draw}% of the time.",
        p = who(g, p),
        win = percent(c.win),
        draw = percent(c.draw)
    )
}

/// `p`'s yes to its ally, and no to anyone else for `why_not`.
fn ally_only(g: &Game, p: PlayerId, asker: PlayerId, why_not: Msg) -> Option<Answer> {
    if g.ally(p) == Some(asker) {
        yes(msg!("{q} is an ally.", q = who(g, asker)))
    } else {
        no(why_not)
    }
}

/// `p`'s answer to the question of `kind` and why, for the questions other players ask
/// (`None` for any other decision).
pub fn answer(g: &Game, p: PlayerId, kind: &PromptKind) -> Option<Answer> {
    let ally = g.ally(p);
    let owner_of = |l: LordId| g.lord(l).map(|l| l.owner);
    match *kind {
        PromptKind::MarriageAnswer {
            groom,
            bride,
            dowry,
        } => {
            let q = [groom, bride]
                .iter()
                .filter_map(|&l| owner_of(l))
                .find(|&o| o != p)?;
            marriage(g, p, q, dowry)
        }
        PromptKind::Permission { mover, toll, .. } => passage(g, p, mover, toll),
        PromptKind::Deal {
            receiver,
            deniers,
            ref cards,
            ..
        } => deal(g, p, receiver, deniers, cards),
        PromptKind::RansomAnswer { lord, amount } => ransom(g, p, lord, amount),
        PromptKind::GrantAnswer { price, .. } => {
            if price == 0 {
                yes(msg!("a Fief Title brings a Victory Point."))
            } else {
                yes(msgn!(
                    "a Fief Title brings a Victory Point, worth {n} Denier.",
                    "a Fief Title brings a Victory Point, worth {n} Deniers.",
                    price
                ))
            }
        }
        PromptKind::PlacementLeave { asker, .. } => ally_only(
            g,
            p,
            asker,
            msg!("a rival's new Lord in the Village would threaten what is held there."),
        ),
        PromptKind::CardinalConsent { lord } | PromptKind::Annulment { lord } => {
            let o = owner_of(lord)?;
            if o == p {
                yes(msg!("the Lord is of the same family."))
            } else if Some(o) == ally {
                yes(msg!("{q} is an ally.", q = who(g, o)))
            } else {
                no(msg!(
                    "the Church's favours go to one's own family and ally, not to {q}.",
                    q = who(g, o)
                ))
            }
        }
        PromptKind::RelicPermission { asker, .. } => ally_only(
            g,
            p,
            asker,
            msg!("a relic in one's own Village stays for one's own Lords."),
        ),
        PromptKind::RelicOffer { .. } => yes(msg!("a relic is worth a Diplomacy marker.")),
        PromptKind::Teeth { .. } => yes(msg!("a Lord saved is worth more than a relic kept.")),
        PromptKind::Truce { price, .. } => {
            let mine = side_odds(g, p);
            let takes = truce_takes(mine, price);
            // What would do, said in a refusal: the price still to ask (as with a toll).
            let wanted = (price + 1..=3).find(|&n| truce_takes(mine, n));
            let c = side_chances(g, p);
            let (p, win, draw) = (who(g, p), percent(c.win), percent(c.draw));
            Some(Answer {
                yes: takes,
                why: match (price, takes, wanted) {
                    (0, true, _) => msg!(
                        "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time.",
                        p = p.clone(),
                        win = win.clone(),
                        draw = draw.clone()
                    ),
                    (n, true, _) => msgn!(
                        "{n} Denier is worth more than a battle {p}'s side wins {win}% of the time, with a draw {draw}% of the time.",
                        "{n} Deniers are worth more than a battle {p}'s side wins {win}% of the time, with a draw {draw}% of the time.",
                        n,
                        p = p.clone(),
                        win = win.clone(),
                        draw = draw.clone()
                    ),
                    (_, false, Some(m)) => msgn!(
                        "{p}'s side wins the battle {win}% of the time, with a draw {draw}% of the time: a truce would take {n} Denier.",
                        "{p}'s side wins the battle {win}% of the time, with a draw {draw}% of the time: a truce would take {n} Deniers.",
                        m,
                        p = p.clone(),
                        win = win.clone(),
                        draw = draw.clone()
                    ),
                    (_, false, None) => msg!(
                        "{p}'s side wins the battle {win}% of the time, with a draw {draw}% of the time: no price up to 3 Deniers makes up for it.",
                        p = p.clone(),
                        win = win.clone(),
                        draw = draw.clone()
                    ),
                },
            })
        }
        PromptKind::AmbushGoOn => {
            let mine = side_odds(g, p);
            Some(Answer {
                yes: mine >= 0.5,
                why: chances_msg(g, p),
            })
        }
        _ => None,
    }
}

/// The marriage `p` proposes among `phase` (the Marriage step's candidates): the family that
/// brings it nearest to victory, with the smallest dowry that family would take (its own rule,
/// [`answer`]); `None` when no marriage helps or none would be taken at a price it can pay.
pub fn propose_marriage(g: &Game, p: PlayerId, phase: &[Action]) -> Option<Action> {
    let mut best: Option<(u32, u8, Action)> = None;
    for a in phase {
        let Action::ProposeMarriage {
            groom,
            bride,
            dowry,
        } = *a
        else {
            continue;
        };
        let Some(q) = [groom, bride]
            .iter()
            .filter_map(|&l| g.lord(l))
            .map(|l| l.owner)
            .find(|&o| o != p)
        else {
            continue;
        };
        if !marriage_helps(g, p, q) || !marriage(g, q, p, dowry).is_some_and(|x| x.yes) {
            continue;
        }
        // Most VP first, then the smallest dowry.
        let key = (g.vp(q), u8::MAX - dowry);
        if best.as_ref().is_none_or(|b| key > (b.0, u8::MAX - b.1)) {
            best = Some((g.vp(q), dowry, a.clone()));
        }
    }
    best.map(|b| b.2)
}

/// The toll `p`'s Move should offer so that every player asked lets it pass by their own rule
/// ([`answer`]): 0 when they would for nothing, `None` when no toll would do.
pub fn toll_for(g: &Game, p: PlayerId, askees: &[PlayerId]) -> Option<u8> {
    let mut toll = 0;
    for &q in askees {
        if lets_pass_free(g, q, p) {
            continue;
        }
        toll = toll.max(toll_needed(g, q, p)?);
    }
    Some(toll)
}

/// The ransom `p` offers for its captive `lord` among the `phase` candidates (6.2.4): half
/// the price when it could pay it all (the captor may take the discount; refused, the full
/// price is paid anyway), or what it can when it cannot, for a titled Lord or a small family.
pub fn ransom_offer(g: &Game, p: PlayerId, lord: LordId, phase: &[Action]) -> Option<Action> {
    let price = g.ransom_price(lord);
    let offers: Vec<u32> = phase
        .iter()
        .filter_map(|a| match a {
            Action::OfferRansom { amount } => Some(*amount),
            _ => None,
        })
        .collect();
    let max = offers.iter().copied().max()?;
    let pick = |n: u32| {
        offers
            .iter()
            .copied()
            .filter(|&x| x <= n)
            .max()
            .map(|amount| Action::OfferRansom { amount })
    };
    if g.players[p as usize].money >= price {
        return pick(price / 2).or_else(|| pick(max));
    }
    let wanted = price > 2 || g.family(p).count() < 3;
    if wanted {
        pick(max)
    } else {
        phase
            .iter()
            .find(|a| matches!(a, Action::NoRansom))
            .cloned()
            .or_else(|| pick(max))
    }
}

/// `a`, or the same Move offering the toll that buys its passage (5.0, 8.0) when the players
/// it must ask would refuse it for nothing and the toll Move is among `phase`.
pub fn with_toll(g: &Game, p: PlayerId, a: Action, phase: &[Action]) -> Action {
    let Action::Move(o) = &a else { return a };
    if o.how != crate::rules::MoveHow::Normal {
        return a;
    }
    let Some(from) = o.lords.first().and_then(|l| g.lord(*l)).map(|l| l.village) else {
        return a;
    };
    let askees = g.move_blockers(p, from, o.to, &o.lords);
    match toll_for(g, p, &askees) {
        Some(t) if t > 0 => {
            let paid = Action::Move(crate::rules::MoveOrder {
                how: crate::rules::MoveHow::Toll(t),
                ..o.clone()
            });
            if phase.contains(&paid) {
                paid
            } else {
                a
            }
        }
        _ => a,
    }
}

/// The rival `p` most wants stopped: one about to win, else the leader if ahead of `p`.
fn rival_to_stop(g: &Game, p: PlayerId, among: &[PlayerId]) -> Option<PlayerId> {
    let ally = g.ally(p);
    among
        .iter()
        .copied()
        .filter(|&q| q != p && Some(q) != ally)
        .filter(|&q| about_to_win(g, p, q) || g.vp(q) > g.vp(p))
        .max_by_key(|&q| (g.vp(q), std::cmp::Reverse(short_of_victory(g, q))))
}

/// 6.0: the side `p` takes in a battle it was not part of: its ally's; otherwise the side
/// fighting a rival ahead of it, when that side's odds with `p` in it are good (even ones
/// against a player about to win); otherwise it stays out.
pub fn battle_side(g: &Game, p: PlayerId, legal: &[Action]) -> Option<Action> {
    let b = g.battle.as_ref()?;
    let ally = g.ally(p);
    if let Some(s) = (0..2).find(|&s| ally.is_some_and(|a| b.sides[s].contains(&a))) {
        let a = Action::JoinSide(Some(s as u8));
        return legal.contains(&a).then_some(a);
    }
    for s in 0..2u8 {
        let foes = &b.sides[1 - s as usize];
        let Some(q) = rival_to_stop(g, p, foes) else {
            continue;
        };
        let a = Action::JoinSide(Some(s));
        if !legal.contains(&a) {
            continue;
        }
        let mut h = g.clone_lean();
        h.quiet = true;
        if h.apply(p, a.clone()).is_err() {
            continue;
        }
        let att = battle_odds(&h);
        let odds = if s == 0 { att } else { 1.0 - att };
        let enough = if about_to_win(g, p, q) { 0.5 } else { 0.65 };
        if odds >= enough {
            return Some(a);
        }
    }
    None
}

/// 10.1: `p` adds its Uprising card to one raised in `village` when the Village is held by a
/// rival it wants stopped and none of its own Troops stand there.
pub fn joins_uprising(g: &Game, p: PlayerId, village: VillageId) -> bool {
    let vs = &g.villages[village as usize];
    let Some(c) = vs.controller else {
        return false;
    };
    vs.troops[p as usize].count() == 0 && rival_to_stop(g, p, &[c]).is_some()
}
