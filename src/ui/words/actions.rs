//! The words of every action the engine offers (a button's label, a log line's verb) and the
//! menu each kind of action shares in the prompt bar.

use super::cards::{card_name, cards_list};
use super::names::{
    bishopric, fief, lord, lord_of_family, lords_list, player, relic_name, village,
};
use crate::ui::{tr, trf, trn, trnf};
use fief::map::VillageId;
use fief::rules::purchase;
use fief::rules::{Action, Casualty, Game, MoveHow, PassageUse};

/// "<what> at <Village> (<n> Deniers)": the price comes from the engine's price list (4.1, 4.2).
fn priced(what: String, v: &str, cost: u32) -> String {
    let what = what.replace("{v}", v);
    trn("{what} ({n} Denier)", "{what} ({n} Deniers)", cost).replace("{what}", &what)
}

fn how_suffix(how: MoveHow) -> String {
    match how {
        MoveHow::Normal => String::new(),
        MoveHow::Passage => tr(" by Secret Passage"),
        MoveHow::Cavalcade => tr(" as a Cavalcade"),
        MoveHow::Toll(n) => trnf(
            ", offering a toll of {n} Denier",
            ", offering a toll of {n} Deniers",
            n as u32,
            &[],
        ),
    }
}

/// What a toll or a dowry adds to a question: nothing when there is none (8.0).
/// The Deniers offered with a request, and (8.0) that taking them spends a Diplomacy marker.
pub fn deniers_offered(g: &Game, n: u8) -> String {
    if n == 0 {
        String::new()
    } else if g.options.open_diplomacy {
        " ".to_string()
            + &trnf(
                "{n} Denier is offered.",
                "{n} Deniers are offered.",
                n as u32,
                &[],
            )
    } else {
        " ".to_string()
            + &trnf(
                "{n} Denier is offered; taking it spends one of your Diplomacy markers (8.0).",
                "{n} Deniers are offered; taking them spends one of your Diplomacy markers (8.0).",
                n as u32,
                &[],
            )
    }
}

pub(crate) fn troops(maa: u8, knights: u8) -> String {
    let mut parts = Vec::new();
    if maa > 0 {
        parts.push(trn("{n} Man-at-Arms", "{n} Men-at-Arms", maa as u32));
    }
    if knights > 0 {
        parts.push(trn("{n} Knight", "{n} Knights", knights as u32));
    }
    parts.join(&tr(" and "))
}

/// One action in plain words, as a button or menu entry says it.
pub fn action(g: &Game, a: &Action) -> String {
    let v = |x: VillageId| village(g, x);
    match a {
        Action::ChooseStart(x) => trf("Start at {v}", &[("v", &v(*x))]),
        Action::ProposeMarriage {
            groom,
            bride,
            dowry: 0,
        } => trf(
            "Propose: {groom} weds {bride}",
            &[
                ("groom", &lord_of_family(g, *groom)),
                ("bride", &lord_of_family(g, *bride)),
            ],
        ),
        Action::ProposeMarriage {
            groom,
            bride,
            dowry,
        } => trnf(
            "Propose: {groom} weds {bride}, with a dowry of {n} Denier",
            "Propose: {groom} weds {bride}, with a dowry of {n} Deniers",
            *dowry as u32,
            &[
                ("groom", &lord_of_family(g, *groom)),
                ("bride", &lord_of_family(g, *bride)),
            ],
        ),
        Action::EndMarriages => tr("No more proposals"),
        Action::Accept => tr("Accept"),
        Action::Refuse => tr("Refuse"),
        Action::Nominate(l) => trf("Nominate {lord}", &[("lord", &lord(*l))]),
        Action::NoCandidate => tr("Nominate nobody"),
        Action::Vote { for_lord, decoy } => {
            let f = for_lord.map(lord).unwrap_or_else(|| tr("nobody"));
            let d = decoy.map(lord).unwrap_or_else(|| tr("nobody"));
            trf("FOR {f}, decoy on {d}", &[("f", &f), ("d", &d)])
        }
        Action::Discard(c) => trf("Discard {card}", &[("card", &card_name(*c))]),
        Action::DrawFortune => tr("Draw a Fortune card"),
        Action::DrawLord => tr("Draw from the Lords deck"),
        Action::EndDraw => tr("Done drawing"),
        Action::PlagueLoss { knights: 0 } => tr("Lose Men-at-Arms only, no Knight"),
        Action::PlagueLoss { knights } => trn(
            "Lose {n} Knight, the rest Men-at-Arms",
            "Lose {n} Knights, the rest Men-at-Arms",
            *knights as u32,
        ),
        Action::ChooseHeir(l) => trf("{lord} takes the title", &[("lord", &lord(*l))]),
        Action::PlaceLord(x) => trf("Place him at {v}", &[("v", &v(*x))]),
        Action::PlayLord {
            lord: l,
            village: x,
            crown_prince,
        } => {
            if *crown_prince {
                trf(
                    "Play {lord} at {v} as Crown Prince",
                    &[("lord", &lord(*l)), ("v", &v(*x))],
                )
            } else {
                trf("Play {lord} at {v}", &[("lord", &lord(*l)), ("v", &v(*x))])
            }
        }
        Action::PlayCardinal { lord: l } => trf("Make {lord} a Cardinal", &[("lord", &lord(*l))]),
        Action::PlayDarc { lady } => trf("Make {lord} d'ARC", &[("lord", &lord(*lady))]),
        Action::PlayHarvest(b) => trf("Bountiful Harvest on {b}", &[("b", &bishopric(g, *b))]),
        Action::PlayGoodWeather(b) => trf("Good Weather on {b}", &[("b", &bishopric(g, *b))]),
        Action::PlayTallage { lord: l, fief: f } => trf(
            "{lord} raises Tallage on {fief}",
            &[("lord", &lord(*l)), ("fief", &fief(g, *f))],
        ),
        Action::PlayTithe {
            lord: l,
            bishopric: b,
        } => match b {
            Some(b) => trf(
                "{lord} raises the Tithe on {b}",
                &[("lord", &lord(*l)), ("b", &bishopric(g, *b))],
            ),
            None => trf(
                "{lord} raises the Pope's Tithe on every Bishopric",
                &[("lord", &lord(*l))],
            ),
        },
        Action::EndPlayCards => tr("Done playing cards"),
        Action::OfferRansom { amount } => trn("Offer {n} Denier", "Offer {n} Deniers", *amount),
        Action::NoRansom => tr("Pay no ransom"),
        Action::BuyMaa(x) => priced(tr("Man-at-Arms at {v}"), &v(*x), purchase::MAA_COST),
        Action::BuyKnight(x) => priced(tr("Knight at {v}"), &v(*x), purchase::KNIGHT_COST),
        Action::BuyMill(x) => priced(tr("Mill at {v}"), &v(*x), purchase::MILL_COST),
        Action::BuyStronghold(x) => {
            priced(tr("Stronghold at {v}"), &v(*x), purchase::STRONGHOLD_COST)
        }
        Action::BuyTitle {
            fief: f,
            lord: l,
            city,
        } => trf(
            "Title of {fief} for {lord}, Fortified City at {v}",
            &[
                ("fief", &fief(g, *f)),
                ("lord", &lord(*l)),
                ("v", &v(*city)),
            ],
        ),
        Action::GrantTitle {
            fief: f,
            lord: l,
            price,
            ..
        } => {
            if *price == 0 {
                trf(
                    "Grant {fief} to {lord}",
                    &[("fief", &fief(g, *f)), ("lord", &lord(*l))],
                )
            } else {
                trnf(
                    "Grant {fief} to {lord} for {n} Denier",
                    "Grant {fief} to {lord} for {n} Deniers",
                    *price,
                    &[("fief", &fief(g, *f)), ("lord", &lord(*l))],
                )
            }
        }
        Action::PassTitle { fief: f, to } => trf(
            "Hand {fief} to {lord}",
            &[("fief", &fief(g, *f)), ("lord", &lord(*to))],
        ),
        Action::BuyCardinal { lord: l } => trf(
            "Buy the Biretta for {lord}: Cardinal ({n} Deniers)",
            &[
                ("lord", &lord(*l)),
                ("n", &purchase::CARDINAL_COST.to_string()),
            ],
        ),
        Action::EndPurchase => tr("Done buying"),
        Action::Move(m) => {
            let mut s = trf(
                "{lords} to {v}",
                &[("lords", &lords_list(&m.lords)), ("v", &v(m.to))],
            );
            let t = troops(m.maa, m.knights);
            if !t.is_empty() {
                s = trf("{s} with {t}", &[("s", &s), ("t", &t)]);
            }
            if !m.captives.is_empty() {
                s = trf(
                    "{s}, leading {c} captive",
                    &[("s", &s), ("c", &lords_list(&m.captives))],
                );
            }
            s + &how_suffix(m.how)
        }
        Action::EndMovement => tr("Done moving"),
        Action::DeclareBattle {
            village: x,
            against,
        } => trf(
            "Attack {p} at {v}",
            &[("p", &player(g, *against)), ("v", &v(*x))],
        ),
        Action::JoinSide(side) => match side {
            Some(0) => tr("Join the attacker"),
            Some(_) => tr("Join the defender"),
            None => tr("Stay out of the battle"),
        },
        Action::Fight => tr("Roll the dice"),
        Action::EndBattle => tr("Break off the attack"),
        Action::Surrender => tr("Surrender"),
        Action::ProposeTruce => tr("Propose a truce"),
        Action::BuyTruce(n) => trnf(
            "Propose a truce, offering {n} Denier to each on the other side",
            "Propose a truce, offering {n} Deniers to each on the other side",
            *n as u32,
            &[],
        ),
        Action::Casualty(c) => match c {
            Casualty::Maa(p) => trf("Remove a Man-at-Arms of {p}", &[("p", &player(g, *p))]),
            Casualty::Knight(p) => trf("Remove a Knight of {p}", &[("p", &player(g, *p))]),
            Casualty::Lord(l) => trf("{lord} falls", &[("lord", &lord(*l))]),
        },
        Action::DeclareSiege(x) => trf("Besiege {v}", &[("v", &v(*x))]),
        Action::EndSiege(x) => trf("Lift the siege of {v}", &[("v", &v(*x))]),
        Action::EndBattles => tr("No more battles"),
        Action::Pillage(x) => trf("Pillage a Mill at {v} (+1 Denier)", &[("v", &v(*x))]),
        Action::EndPillage => tr("Done pillaging"),
        Action::Pass => tr("Pass"),
        Action::PlayUprising { village: x, first } => match first {
            Some(p) => trf(
                "Uprising at {v}, {p}'s Troops first",
                &[("v", &v(*x)), ("p", &player(g, *p))],
            ),
            None => trf("Uprising at {v}", &[("v", &v(*x))]),
        },
        Action::JoinUprising => tr("Add your Uprising card"),
        Action::TryStop { pay } => {
            if *pay {
                tr("Try to stop it (3 Deniers)")
            } else {
                tr("Try to stop it")
            }
        }
        Action::SecretPassage(u) => match u {
            PassageUse::Battle => tr("Secret Passage: ignore the fortification"),
            PassageUse::Uprising => tr("Secret Passage: the peasants ignore the fortification"),
            PassageUse::Cancel => tr("Secret Passage: escape the attempt"),
            PassageUse::Escape(ls) => trf(
                "Secret Passage: {lords} escape",
                &[("lords", &lords_list(ls))],
            ),
        },
        Action::PlayAssassination { target, sponsor } => trf(
            "Assassinate {t} (paid by {s})",
            &[("t", &lord(*target)), ("s", &lord(*sponsor))],
        ),
        Action::PlayJustice(l) => trf("Justice frees {lord}", &[("lord", &lord(*l))]),
        Action::PlayAmbush(l) => trf("Ambush {lord}", &[("lord", &lord(*l))]),
        Action::Excommunicate(l) => trf("Excommunicate {lord}", &[("lord", &lord(*l))]),
        Action::LiftExcommunication(l) => {
            trf("Lift the excommunication of {lord}", &[("lord", &lord(*l))])
        }
        Action::RequestAnnulment(l) => trf(
            "Ask the Pope to annul {lord}'s marriage",
            &[("lord", &lord(*l))],
        ),
        Action::OfferDeniers { to, amount } => crate::ui::trnf(
            "Offer {n} Denier to {p}",
            "Offer {n} Deniers to {p}",
            u32::from(*amount),
            &[("p", &player(g, *to))],
        ),
        Action::OfferCard { to, cards } => trf(
            "Offer {card} to {p}",
            &[("card", &cards_list(cards)), ("p", &player(g, *to))],
        ),
        Action::AskDeniers { from, amount } => crate::ui::trnf(
            "Ask {p} for {n} Denier",
            "Ask {p} for {n} Deniers",
            u32::from(*amount),
            &[("p", &player(g, *from))],
        ),
        Action::HandControl { village: x, to } => trf(
            "Hand {v} over to {p}",
            &[("v", &v(*x)), ("p", &player(g, *to))],
        ),
        Action::TakeRelic { lord: l, relic } => trf(
            "{lord} takes the {relic}",
            &[("lord", &lord(*l)), ("relic", &relic_name(*relic))],
        ),
        Action::OfferRelic { relic, to, lord: l } => trf(
            "Offer the {relic} to {lord} ({p})",
            &[
                ("relic", &relic_name(*relic)),
                ("lord", &lord(*l)),
                ("p", &player(g, *to)),
            ],
        ),
        Action::RelicRoll {
            relic,
            bishopric: b,
        } => trf(
            "Roll the {relic} for Bishopric {n}",
            &[("relic", &relic_name(*relic)), ("n", &(b + 1).to_string())],
        ),
    }
}

/// The heading under which an action's button or menu sits (actions of one kind share one
/// menu in the prompt bar), or `None` for an action that stands alone.
pub fn action_group(a: &Action) -> Option<String> {
    Some(match a {
        Action::ProposeMarriage { .. } => tr("Propose a marriage"),
        Action::Nominate(_) | Action::NoCandidate => tr("Nominate"),
        Action::Vote { .. } => tr("Vote"),
        Action::Discard(_) => tr("Discard"),
        Action::PlagueLoss { .. } => tr("Plague losses"),
        Action::ChooseHeir(_) => tr("Heir"),
        Action::OfferRansom { .. } => tr("Offer a ransom"),
        Action::BuyMaa(_) | Action::BuyKnight(_) => tr("Troops"),
        Action::BuyMill(_) | Action::BuyStronghold(_) => tr("Buildings"),
        Action::BuyTitle { .. } => tr("Buy a Fief Title"),
        Action::GrantTitle { .. } => tr("Grant a title"),
        Action::PassTitle { .. } => tr("Hand a title on"),
        Action::BuyCardinal { .. } => tr("Buy the Biretta"),
        Action::Move(_) => tr("Move"),
        Action::DeclareBattle { .. } => tr("Attack"),
        Action::DeclareSiege(_) => tr("Besiege"),
        Action::EndSiege(_) => tr("Lift a siege"),
        Action::Pillage(_) => tr("Pillage"),
        Action::Casualty(_) => tr("Casualties"),
        Action::JoinSide(_) => tr("Take a side"),
        // 6.3: a truce proposed for nothing or for Deniers: one choice, at several prices.
        Action::ProposeTruce | Action::BuyTruce(_) => tr("Propose a truce"),
        Action::Excommunicate(_) | Action::LiftExcommunication(_) => tr("Excommunication"),
        Action::RequestAnnulment(_) => tr("Annulment"),
        Action::OfferDeniers { .. } | Action::OfferCard { .. } | Action::AskDeniers { .. } => {
            tr("Diplomacy")
        }
        Action::HandControl { .. } => tr("Hand over a Village"),
        Action::TakeRelic { .. } | Action::OfferRelic { .. } | Action::RelicRoll { .. } => {
            tr("Holy Relics")
        }
        Action::PlayLord { .. } => tr("Play a Lord"),
        Action::PlayCardinal { .. } => tr("Cardinal"),
        Action::PlayDarc { .. } => tr("d'ARC"),
        Action::PlayHarvest(_) => tr("Bountiful Harvest"),
        Action::PlayGoodWeather(_) => tr("Good Weather"),
        Action::PlayTallage { .. } | Action::PlayTithe { .. } => tr("Taxes"),
        Action::PlayUprising { .. } | Action::JoinUprising => tr("Uprising"),
        Action::SecretPassage(_) => tr("Secret Passage"),
        Action::PlayAssassination { .. } => tr("Assassination"),
        Action::PlayJustice(_) => tr("Justice"),
        Action::PlayAmbush(_) => tr("Ambush"),
        Action::TryStop { .. } => tr("Stop the Uprising"),
        _ => return None,
    })
}
