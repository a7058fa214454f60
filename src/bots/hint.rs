//! A hint for a human player: the Hard bot's choice for his decision, worked out from his own
//! view only (`Game::bot_view`), with the reason in words and the Villages to show on the map.
//! A hint is only shown: the player plays it himself, or not.

use super::bargain::{self, chances_msg, percent, short_of_victory, side_chances, side_odds};
use super::ismcts::{Hard, Settings};
use super::odds::attack_prospect;
use super::{Bot, Budget};
use crate::map::VillageId;
use crate::rules::events::Msg;
use crate::rules::{Action, Game, PlayerId, View};
use std::sync::atomic::AtomicBool;

/// A suggested action, why, and where it happens on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    pub action: Action,
    pub why: Msg,
    /// The Villages the action concerns (a Move's start and end, a battle's Village…).
    pub villages: Vec<VillageId>,
}

/// The Hard bot's choice for the viewer of `view`, thinking for `budget` (the pace's time in
/// the app), with its reason; `None` when the view asks the viewer nothing.
pub fn suggest(view: &View, budget: Budget, seed: u64, cancel: &AtomicBool) -> Option<Hint> {
    let p = view.viewer?;
    let mut bot = Hard::new(
        seed,
        Settings {
            budget,
            ..Default::default()
        },
    );
    let g = view.sample(&mut crate::rules::rng::Rng::new(seed));
    // A question another player asks is answered by the bargaining rule, whose reason gives
    // the figures that decide it (the odds, the price, the Victory Points): the search may
    // prefer the other answer for reasons it cannot put in words, and a hint never goes
    // against its own figures (accepting a truce while the odds say fight on).
    if let Some(pr) = g
        .prompt()
        .filter(|pr| pr.player == p && pr.kind.is_question())
    {
        if let Some(rule) = bargain::answer(&g, p, &pr.kind) {
            let action = if rule.yes {
                Action::Accept
            } else {
                Action::Refuse
            };
            if view.legal.contains(&action) {
                return Some(Hint {
                    villages: villages_of(&g, &action),
                    action,
                    why: rule.why,
                });
            }
        }
    }
    let chosen = bot.choose(view, cancel)?;
    // 6.3, 8.0: a truce the other side would refuse changes nothing but the price the next
    // offer must beat, so the search finds it as good as fighting on. A hint suggests no
    // such truce: it suggests the best of the search's other candidates instead.
    let refused = |a: &Action| {
        a.truce_price()
            .is_some_and(|n| !bargain::truce_taken(&g, p, n))
    };
    let action = if refused(&chosen) {
        bot.ranking()
            .iter()
            .map(|(a, _)| a)
            .find(|a| !refused(a))
            .unwrap_or(&chosen)
            .clone()
    } else {
        chosen.clone()
    };
    let why = bot
        .reason()
        .filter(|_| action == chosen)
        .unwrap_or_else(|| explain(&g, p, &action));
    Some(Hint {
        villages: villages_of(&g, &action),
        action,
        why,
    })
}

/// The Villages an action is about, for the map: where it takes place (a Move: its start
/// and its end), or the Village of the battle a battle's decision is about.
pub fn villages_of(g: &Game, a: &Action) -> Vec<VillageId> {
    match (a, a.village(g), &g.battle) {
        (Action::Move(o), from, _) => from.into_iter().chain([o.to]).collect(),
        (_, Some(v), _) => vec![v],
        (
            Action::Fight
            | Action::EndBattle
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::Surrender
            | Action::JoinSide(_),
            None,
            Some(b),
        ) => vec![b.village],
        _ => Vec::new(),
    }
}

/// Whether no rival of `p` (neither `p` nor its ally) lacks more Victory Points than `q`.
fn furthest_behind(g: &Game, p: PlayerId, q: PlayerId) -> bool {
    (0..g.n())
        .filter(|&r| r != p && g.ally(p) != Some(r))
        .all(|r| short_of_victory(g, r) <= short_of_victory(g, q))
}

/// Who holds `v` and is neither `p` nor its ally.
fn rival_holding(g: &Game, p: PlayerId, v: VillageId) -> Option<PlayerId> {
    g.villages[v as usize]
        .controller
        .filter(|&c| c != p && g.ally(p) != Some(c))
}

/// The strongest rival army on a road next to `v`: (its Village, its player, its Strength).
fn threat_next_to(g: &Game, p: PlayerId, v: VillageId) -> Option<(VillageId, PlayerId, u32)> {
    let ally = g.ally(p);
    g.map.villages[v as usize]
        .neighbours
        .iter()
        .flat_map(|&w| {
            (0..g.n())
                .filter(move |&q| q != p && Some(q) != ally)
                .map(move |q| (w, q, g.player_sp(q, w)))
        })
        .filter(|t| t.2 > 0)
        .max_by_key(|t| t.2)
}

/// Why a Move into `v`, held by the rival `q`, is worth it: the battle it prepares, with its
/// odds once the army is there (`after`), and the walls, behind which a siege may be laid
/// instead of an attack (6.2.1, 6.4).
fn take_from(g: &Game, after: &Game, p: PlayerId, q: PlayerId, v: VillageId) -> Msg {
    if after.player_sp(q, v) == 0 {
        return msg!(
            "the army goes to take {v} from {q}, who has no army there.",
            v = g.vname(v),
            q = g.pname(q)
        );
    }
    let c = attack_prospect(after, p, q, v).chances;
    if g.villages[v as usize].fort != crate::rules::Fort::None {
        msg!(
            "the army goes to take {v} from {q}: behind its walls an attack would win {win}% of the time, and a siege may be laid instead.",
            v = g.vname(v),
            q = g.pname(q),
            win = percent(c.win)
        )
    } else {
        msg!(
            "the army goes to take {v} from {q}: an attack there would win {win}% of the time, with a draw {draw}% of the time.",
            v = g.vname(v),
            q = g.pname(q),
            win = percent(c.win),
            draw = percent(c.draw)
        )
    }
}

/// Why a Move to `v`, which no rival holds, is worth it: the Fief's Villages still to win
/// for its title (4.3, as `Game::outlook` counts them; a title held needs none).
fn still_to_win(g: &Game, p: PlayerId, v: VillageId) -> Msg {
    let f = g.map.villages[v as usize].fief;
    let missing = g
        .outlook(Some(p))
        .of(p)
        .and_then(|o| o.fiefs.iter().find(|a| a.fief == f))
        .map_or(0, |a| a.missing.len() as u32);
    if missing == 0 {
        return msg!(
            "it brings the army to {v}, to guard the {fief}, all of whose Villages are held.",
            v = g.vname(v),
            fief = g.fief_arg(f)
        );
    }
    msgn!(
        "it brings the army to {v}, in the {fief}: {n} of its Villages is still to win for its title.",
        "it brings the army to {v}, in the {fief}: {n} of its Villages are still to win for its title.",
        missing,
        v = g.vname(v),
        fief = g.fief_arg(f)
    )
}

/// Why `a` is a good choice for `p` in `g`, in neutral words (no "you", no "it": the same
/// sentence serves a hint and a bot's explanation).
pub fn explain(g: &Game, p: PlayerId, a: &Action) -> Msg {
    if let Some(pr) = g.prompt().filter(|pr| pr.kind.is_question()) {
        if let Some(ans) = bargain::answer(g, p, &pr.kind) {
            return ans.why;
        }
    }
    let mut h = g.clone_lean();
    h.quiet = true;
    let applied = h.apply(p, a.clone()).is_ok();
    let vp_gain = applied && h.vp(p) > g.vp(p);
    if vp_gain {
        return msgn!(
            "it brings a Victory Point: {vp} of the 3 a family needs alone.",
            "it brings {n} Victory Points: {vp} of the 3 a family needs alone.",
            h.vp(p) - g.vp(p),
            vp = h.vp(p) as i64
        );
    }
    match a {
        Action::DeclareBattle { village, against } => {
            let c = attack_prospect(g, p, *against, *village).chances;
            msg!(
                "this attack on {q} wins {win}% of the time, with a draw {draw}% of the time.",
                q = g.pname(*against),
                win = percent(c.win),
                draw = percent(c.draw)
            )
        }
        Action::Fight | Action::JoinSide(Some(_)) => {
            let seen = if *a != Action::Fight && applied && h.battle.is_some() {
                &h
            } else {
                g
            };
            if side_odds(seen, p) >= 0.5 || *a != Action::Fight {
                return chances_msg(seen, p);
            }
            let c = side_chances(seen, p);
            let (win, draw) = (percent(c.win), percent(c.draw));
            // 6.3: what else the side could do, and whether it would be had.
            let legal = g.legal_actions(p);
            let open = |x: &Action| match x.truce_price() {
                Some(n) => bargain::truce_taken(g, p, n),
                None => matches!(x, Action::EndBattle | Action::Surrender),
            };
            if legal.iter().any(open) {
                msg!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, but the other ways out cost more.",
                    p = g.pname(p),
                    win = win,
                    draw = draw
                )
            } else if legal.iter().any(|x| x.truce_price().is_some()) {
                msg!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, but the other side would refuse a truce.",
                    p = g.pname(p),
                    win = win,
                    draw = draw
                )
            } else {
                msg!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, and there is no other way out.",
                    p = g.pname(p),
                    win = win,
                    draw = draw
                )
            }
        }
        Action::EndBattle | Action::ProposeTruce | Action::BuyTruce(_) | Action::Surrender => {
            let c = side_chances(g, p);
            let (win, draw) = (percent(c.win), percent(c.draw));
            match a.truce_price() {
                Some(0) if bargain::truce_taken(g, p, 0) => msg!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, and the other side would take a truce for nothing.",
                    p = g.pname(p),
                    win = win,
                    draw = draw
                ),
                Some(n) if bargain::truce_taken(g, p, n) => msgn!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, and the other side would take a truce for {n} Denier.",
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time, and the other side would take a truce for {n} Deniers.",
                    n,
                    p = g.pname(p),
                    win = win,
                    draw = draw
                ),
                _ => msg!(
                    "{p}'s side wins the battle only {win}% of the time, with a draw {draw}% of the time.",
                    p = g.pname(p),
                    win = win,
                    draw = draw
                ),
            }
        }
        Action::Move(o) => {
            if let Some(q) = rival_holding(g, p, o.to) {
                return take_from(g, if applied { &h } else { g }, p, q, o.to);
            }
            // A rival army already there: the Move answers it where it stands.
            let ally = g.ally(p);
            if let Some(q) = (0..g.n())
                .filter(|&q| q != p && Some(q) != ally)
                .filter(|&q| g.player_sp(q, o.to) > 0)
                .max_by_key(|&q| g.player_sp(q, o.to))
            {
                return msg!(
                    "it strengthens {v} against {q}'s army there.",
                    v = g.vname(o.to),
                    q = g.pname(q)
                );
            }
            if let Some((w, q, sp)) = threat_next_to(g, p, o.to) {
                if sp >= g.player_sp(p, o.to) {
                    return msg!(
                        "it strengthens {v} against {q}'s army next door in {w}.",
                        v = g.vname(o.to),
                        q = g.pname(q),
                        w = g.vname(w)
                    );
                }
            }
            still_to_win(g, p, o.to)
        }
        Action::BuyMaa(v) | Action::BuyKnight(v) => match threat_next_to(g, p, *v) {
            Some((w, q, _)) => msg!(
                "it strengthens {v} against {q}'s army next door in {w}.",
                v = g.vname(*v),
                q = g.pname(q),
                w = g.vname(w)
            ),
            None => msg!(
                "they raise the army in {v} to {sp} Strength Points, for the Villages still to win.",
                v = g.vname(*v),
                sp = (if applied { &h } else { g }).player_sp(p, *v) as i64
            ),
        },
        Action::BuyMill(_) => msg!("a Mill raises the income of every round to come."),
        Action::BuyStronghold(v) => msg!(
            "a Stronghold makes {v} hard to take, and a Fief Title needs one.",
            v = g.vname(*v)
        ),
        Action::PlayUprising { village, .. } => msg!(
            "the Uprising strikes {q}'s Troops in {v}.",
            q = g.pname(g.villages[*village as usize].controller.unwrap_or(p)),
            v = g.vname(*village)
        ),
        Action::ProposeMarriage { groom, bride, .. } => [*groom, *bride]
            .iter()
            .filter_map(|&l| g.lord(l))
            .map(|l| l.owner)
            .find(|&o| o != p)
            .and_then(|q| bargain::marriage_reason(g, p, q))
            .unwrap_or_else(|| {
                msgn!(
                    "an alliance brings victory nearer: alone, {n} Victory Point is still needed.",
                    "an alliance brings victory nearer: alone, {n} Victory Points are still needed.",
                    short_of_victory(g, p).max(0)
                )
            }),
        Action::Vote {
            for_lord: Some(l), ..
        } => match g.lord(*l).map(|x| x.owner) {
            Some(o) if o == p => msg!("the title would go to {p}'s own family.", p = g.pname(p)),
            Some(o) if g.ally(p) == Some(o) => msg!(
                "the title would go to the ally {q}, and victory together comes nearer.",
                q = g.pname(o)
            ),
            Some(o) if furthest_behind(g, p, o) => msg!(
                "of the rivals, {q} is furthest from victory: the title helps {q} least.",
                q = g.pname(o)
            ),
            Some(o) => match nearer_candidate(g, p, o) {
                Some(r) => msg!(
                    "the vote keeps the title from {r}, nearer victory than {q}.",
                    r = g.pname(r),
                    q = g.pname(o)
                ),
                None => msg!(
                    "of the candidates, {q} is the rival the title helps least.",
                    q = g.pname(o)
                ),
            },
            None => msg!("no candidate's title would help: the FOR marker goes to nobody."),
        },
        Action::Vote { for_lord: None, .. } => {
            msg!("no candidate's title would help: the FOR marker goes to nobody.")
        }
        Action::Nominate(l) => msg!(
            "{lord} stands for the title: won, it stays in {p}'s family.",
            lord = crate::rules::cards::lord_name(*l),
            p = g.pname(p)
        ),
        Action::NoCandidate => msg!("no Lord of the family could win this election."),
        Action::DrawLord => msg!("a new Lord can hold more titles: one Lord holds two at most."),
        Action::DrawFortune => {
            msg!("Fortune cards bring income, and ways to strike at the others.")
        }
        Action::Discard(_) => msg!("the hand needs room for the card to draw."),
        Action::PlayLord { village, .. } | Action::PlaceLord(village) => msg!(
            "a new Lord in {v} widens the family: more armies, and more titles to hold.",
            v = g.vname(*village)
        ),
        Action::ChooseStart(v) => msg!(
            "{v} is a good place to start: Villages to win lie near it.",
            v = g.vname(*v)
        ),
        Action::OfferDeniers { to, .. } | Action::OfferCard { to, .. }
            if g.ally(p) == Some(*to) =>
        {
            msg!(
                "{q} is an ally: what helps {q} brings the common victory nearer.",
                q = g.pname(*to)
            )
        }
        Action::OfferDeniers { to, amount } => msgn!(
            "{q} can take the {n} Denier only with a Diplomacy marker: one fewer for {q}'s own deals, for a gift that changes little.",
            "{q} can take the {n} Deniers only with a Diplomacy marker: one fewer for {q}'s own deals, for a gift that changes little.",
            *amount,
            q = g.pname(*to)
        ),
        Action::OfferCard { to, .. } => msg!(
            "{q} can take the card only with a Diplomacy marker, one fewer for {q}'s own deals, and {p} has no use for it now.",
            q = g.pname(*to),
            p = g.pname(p)
        ),
        Action::AskDeniers { from, amount } => msgn!(
            "if {q} agrees, {n} Denier for one Diplomacy marker: money for Troops and titles.",
            "if {q} agrees, {n} Deniers for one Diplomacy marker: money for Troops and titles.",
            *amount,
            q = g.pname(*from)
        ),
        Action::Pillage(v) => match g.villages[*v as usize].controller {
            Some(c) if c != p => msg!(
                "a Denier now, and {q} loses a Mill of {v} for good.",
                q = g.pname(c),
                v = g.vname(*v)
            ),
            _ => msg!(
                "a Denier now, for a Mill of {v} that would pay every round: money is short.",
                v = g.vname(*v)
            ),
        },
        Action::PlayHarvest(b) => msgn!(
            "each Mill of the Bishopric of {v} earns a Denier more this round, and {p} holds {n} of them.",
            "each Mill of the Bishopric of {v} earns a Denier more this round, and {p} holds {n} of them.",
            mills_in(g, p, *b),
            v = bishopric_name(g, *b),
            p = g.pname(p)
        ),
        Action::PlayGoodWeather(b) => msg!(
            "it lifts the Heavy Rain on the Bishopric of {v}: armies move there again.",
            v = bishopric_name(g, *b)
        ),
        Action::PlayTallage { fief, .. } => msg!(
            "the Tallage brings {p} a Denier for each Village of {fief} at the income.",
            p = g.pname(p),
            fief = g.fief_arg(*fief)
        ),
        Action::PlayTithe { .. } => msg!(
            "the Tithe brings {p} Deniers from the Bishopric at the income.",
            p = g.pname(p)
        ),
        Action::PlayJustice(l)
        | Action::PlayAmbush(l)
        | Action::PlayAssassination { target: l, .. } => msg!(
            "it strikes {lord} of {q}, and with him what he holds.",
            lord = crate::rules::cards::lord_name(*l),
            q = g.lord(*l).map_or_else(|| g.pname(p), |x| g.pname(x.owner))
        ),
        Action::Excommunicate(l) => msg!(
            "{lord} loses the church's titles and votes while excommunicated.",
            lord = crate::rules::cards::lord_name(*l)
        ),
        Action::LiftExcommunication(l) => msg!(
            "{lord} may vote and hold church titles again.",
            lord = crate::rules::cards::lord_name(*l)
        ),
        Action::RequestAnnulment(_) => {
            msg!("the marriage ends, and with it an alliance that no longer helps.")
        }
        Action::BuyCardinal { .. } | Action::PlayCardinal { .. } => {
            msg!("a Cardinal votes for the Pope and may become Pope.")
        }
        Action::PlayDarc { .. } => msg!("d'ARC gives her army a die and a Move more."),
        Action::DeclareSiege(v) => msg!(
            "the siege wears down the fortification of {v} round after round.",
            v = g.vname(*v)
        ),
        Action::EndSiege(v) => msg!(
            "the siege of {v} ties down an army that is needed elsewhere.",
            v = g.vname(*v)
        ),
        Action::BuyTitle { fief, .. } | Action::GrantTitle { fief, .. } => msg!(
            "the title of {fief} brings the Tallage of its Villages and a vote.",
            fief = g.fief_arg(*fief)
        ),
        Action::PassTitle { fief, to } => msg!(
            "{fief} passes to {lord}, who can hold it.",
            fief = g.fief_arg(*fief),
            lord = crate::rules::cards::lord_name(*to)
        ),
        Action::ChooseHeir(l) => msg!(
            "{lord} can hold the title best.",
            lord = crate::rules::cards::lord_name(*l)
        ),
        Action::OfferRansom { .. } => {
            msg!("the ransom costs less than a Lord lost, with his titles and his army.")
        }
        Action::NoRansom => msg!("the Deniers are needed more than the captive now."),
        Action::PlagueLoss { .. } | Action::Casualty(_) => {
            msg!("these are the losses the rules allow that cost the least.")
        }
        Action::HandControl { village, to } => msg!(
            "{q} holds {v} better, and the family keeps its army free.",
            q = g.pname(*to),
            v = g.vname(*village)
        ),
        Action::TakeRelic { .. } | Action::OfferRelic { .. } | Action::RelicRoll { .. } => {
            msg!("the relic's power goes where it helps most.")
        }
        Action::JoinUprising => msg!("two Uprisings strike harder than one."),
        Action::TryStop { .. } => msg!("stopping the Uprising saves the Troops it would strike."),
        Action::SecretPassage(_) => msg!("the Secret Passage turns this danger aside."),
        Action::Accept | Action::Refuse => msg!("of the two answers, it costs the least for what it brings."),
        Action::EndPurchase
        | Action::EndMovement
        | Action::EndBattles
        | Action::EndPillage
        | Action::EndPlayCards
        | Action::EndMarriages
        | Action::EndDraw
        | Action::Pass
        | Action::JoinSide(None) => {
            msg!("nothing else here would improve the position.")
        }
    }
}

/// The other candidate of the election under way whose family (a rival of `p`) is nearer
/// victory than `q`'s, if any: the one a vote for `q`'s Lord keeps the title from.
fn nearer_candidate(g: &Game, p: PlayerId, q: PlayerId) -> Option<PlayerId> {
    let crate::rules::Phase::Elections {
        election: Some(e), ..
    } = &g.phase
    else {
        return None;
    };
    e.candidates
        .iter()
        .map(|(owner, _)| *owner)
        .filter(|&r| r != p && r != q && g.ally(p) != Some(r))
        .filter(|&r| short_of_victory(g, r) < short_of_victory(g, q))
        .min_by_key(|&r| short_of_victory(g, r))
}

/// The name of a Bishopric's principal Village, for "the Bishopric of {v}".
fn bishopric_name(g: &Game, b: crate::map::BishopricId) -> crate::rules::events::Arg {
    match g.map.bishoprics.get(b as usize) {
        Some(x) => g.vname(x.principal),
        None => crate::rules::events::Arg::Num(b as i64),
    }
}

/// The Mills `p` holds in Bishopric `b`.
fn mills_in(g: &Game, p: PlayerId, b: crate::map::BishopricId) -> u32 {
    g.map
        .villages
        .iter()
        .zip(&g.villages)
        .filter(|(m, v)| m.bishopric == b && v.controller == Some(p))
        .map(|(_, v)| v.mills as u32)
        .sum()
}
