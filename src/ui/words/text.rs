//! Plain words for what the engine offers: names, actions, cards, titles, tooltips and the
//! odds of a battle. Pure functions of the viewer's game (`View::state`), so they are tested
//! without a display. The words of its prompts and questions are in `question_text`, of the
//! log in `log_text`, of the window's status in `status_text`.

use crate::ui::{tr, trf, trn, trnf};
use fief::map::VillageId;
use fief::rules::purchase;
use fief::rules::{
    Action, Card, Casualty, ElectionKind, Game, MoveHow, PassageUse, PlayerId, WindowAt,
};
use fief::session::Seat;

pub fn lord(l: fief::rules::LordId) -> String {
    fief::rules::cards::lord_name(l).to_string()
}

pub fn village(g: &Game, v: VillageId) -> String {
    g.map.village_name(v).to_string()
}

/// A Fief's name, its kind translated ("Duché de Mâcon").
pub fn fief(g: &Game, f: fief::map::FiefId) -> String {
    g.fief_arg(f).render(&crate::ui::Gettext)
}

pub fn bishopric(g: &Game, b: fief::map::BishopricId) -> String {
    match g.map.bishoprics.get(b as usize) {
        Some(x) => trf(
            "Bishopric of {v} ({n})",
            &[
                ("v", &village(g, x.principal)),
                ("n", &x.number.to_string()),
            ],
        ),
        None => String::new(),
    }
}

/// A player's name: the one given in the new-game dialog, or his colour's, translated.
pub fn player(g: &Game, p: PlayerId) -> String {
    match g
        .options
        .names
        .get(p as usize)
        .filter(|n| !n.trim().is_empty())
    {
        Some(n) => n.clone(),
        None => colour_name(g.options.colour(p)),
    }
}

/// Who plays a seat: a human, or a bot and its level.
pub fn seat_label(seat: Seat) -> String {
    match seat {
        Seat::Human => tr("Human"),
        Seat::Bot(fief::bots::Level::Easy) => tr("Bot · Easy"),
        Seat::Bot(fief::bots::Level::Normal) => tr("Bot · Normal"),
        Seat::Bot(fief::bots::Level::Hard) => tr("Bot · Hard"),
        Seat::Remote => tr("Another computer"),
    }
}

/// The name of colour `i` of `fief::rules::COLOURS`, translated.
pub fn colour_name(i: usize) -> String {
    match fief::rules::COLOURS.get(i).copied() {
        Some("Green") => tr("Green"),
        Some("Blue") => tr("Blue"),
        Some("Magenta") => tr("Magenta"),
        Some("White") => tr("White"),
        Some("Yellow") => tr("Yellow"),
        Some("Red") => tr("Red"),
        Some(other) => tr(other),
        None => String::new(),
    }
}

/// Why the engine refused an action, in the reader's language, with the rule it applies.
pub fn rule_error(e: &fief::rules::RuleError) -> String {
    let why = msg(&e.msg(), &e.reason());
    if e.section.is_empty() {
        why
    } else {
        trf("{why} (rule {s})", &[("why", &why), ("s", e.section)])
    }
}

/// A message of the engine (log entries, the reasons of an election or of the end of the
/// game) in the reader's language; `english` when the message has no template (older saves).
pub fn msg(m: &fief::rules::events::Msg, english: &str) -> String {
    if m.id.is_empty() {
        english.to_string()
    } else {
        m.render(&crate::ui::Gettext)
    }
}

/// The name printed on a card.
pub fn card_name(c: Card) -> String {
    match c {
        Card::Lord(l) => trf("Lord {name}", &[("name", &lord(l))]),
        Card::Cardinal => tr("Cardinal"),
        Card::Darc => tr("d'ARC"),
        Card::Harvest => tr("Bountiful Harvest"),
        Card::GoodWeather => tr("Good Weather"),
        Card::Taxes => tr("Taxes"),
        Card::Uprising => tr("Uprising"),
        Card::SecretPassage => tr("Secret Passage"),
        Card::Assassination => tr("Assassination"),
        Card::Justice => tr("Justice"),
        Card::Ambush => tr("Ambush"),
        Card::HeavyRain => tr("Heavy Rain"),
        Card::Famine => tr("Famine"),
        Card::Plague => tr("Plague"),
    }
}

/// A card's effect in a line, as printed on the card face in the hand.
pub fn card_effect(c: Card) -> String {
    match c {
        Card::Lord(l) => match fief::rules::cards::lord_sex(l) {
            fief::rules::Sex::Female => tr("A Lady joins your family in a Village you hold."),
            fief::rules::Sex::Male => tr("A Lord joins your family in a Village you hold."),
        },
        Card::Cardinal => tr("Make one of your Lords a Cardinal (the Pope consents)."),
        Card::Darc => tr("Your Lady becomes d'ARC: +1 die and +1 Move to her army."),
        Card::Harvest => tr("Income +1 Denier per Village of a Bishopric, cancels Famine."),
        Card::GoodWeather => tr("Cancels Heavy Rain in a Bishopric."),
        Card::Taxes => tr("A titled Lord raises Tallage on a Fief or Tithe on a Bishopric."),
        Card::Uprising => tr("Peasants rise against the Troops in a Village."),
        Card::SecretPassage => {
            tr("Move without permission, ignore fortifications, or escape a trap.")
        }
        Card::Assassination => tr("An assassin kills a Lord (a die roll decides)."),
        Card::Justice => tr("Releases a captive Lord without ransom."),
        Card::Ambush => tr("In a battle, take a Lord of the other side captive."),
        Card::HeavyRain => tr("No Movement in the Bishopric this round."),
        Card::Famine => tr("No income from the Bishopric this round."),
        Card::Plague => tr("Troops in the Bishopric may die."),
    }
}

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

/// A Lord's name with his family's: "Thierry (Blue)" (a marriage joins two families).
fn lord_of_family(g: &Game, l: fief::rules::LordId) -> String {
    match g.lord(l) {
        Some(x) => trf(
            "{lord} ({family})",
            &[("lord", &lord(l)), ("family", &player(g, x.owner))],
        ),
        None => lord(l),
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

fn troops(maa: u8, knights: u8) -> String {
    let mut parts = Vec::new();
    if maa > 0 {
        parts.push(trn("{n} Man-at-Arms", "{n} Men-at-Arms", maa as u32));
    }
    if knights > 0 {
        parts.push(trn("{n} Knight", "{n} Knights", knights as u32));
    }
    parts.join(&tr(" and "))
}

/// Cards named one after another ("Taxes and Uprising").
pub fn cards_list(cs: &[Card]) -> String {
    cs.iter()
        .map(|c| card_name(*c))
        .collect::<Vec<_>>()
        .join(&tr(" and "))
}

pub fn lords_list(ls: &[fief::rules::LordId]) -> String {
    ls.iter().map(|l| lord(*l)).collect::<Vec<_>>().join(", ")
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
        Action::DrawLord => tr("Draw a Lord card"),
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
                trf(
                    "Grant {fief} to {lord} for {price} Deniers",
                    &[
                        ("fief", &fief(g, *f)),
                        ("lord", &lord(*l)),
                        ("price", &price.to_string()),
                    ],
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

/// A relic's name (11.1.1), translated.
pub fn relic_name(r: fief::rules::relics::Relic) -> String {
    use fief::rules::relics::Relic;
    match r {
        Relic::Grail => tr("Holy Grail"),
        Relic::Eyes => tr("Eyes of Saint Roseline"),
        Relic::Teeth => tr("Teeth of Saint Géronce"),
        Relic::Spear => tr("Holy Spear"),
        Relic::Bone => tr("Bone of Saint Rhadegund"),
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

pub fn window_when(g: &Game, at: WindowAt) -> String {
    match at {
        WindowAt::Phase(n) => trf("at the start of Phase {n}", &[("n", &n.to_string())]),
        WindowAt::BattleRoll(v) => trf("before the roll at {v}", &[("v", &village(g, v))]),
    }
}

pub fn election(g: &Game, kind: ElectionKind) -> String {
    match kind {
        ElectionKind::Bishop(b) => {
            let bi = &g.map.bishoprics[b as usize];
            trf(
                "Bishop of {v} ({n})",
                &[
                    ("v", &village(g, bi.principal)),
                    ("n", &bi.number.to_string()),
                ],
            )
        }
        ElectionKind::Pope => tr("Pope"),
        ElectionKind::King => tr("King"),
    }
}

/// The phase and step, as the header bar shows it.
pub fn phase(g: &Game) -> String {
    use fief::rules::Phase;
    match &g.phase {
        Phase::Setup { .. } => tr("Setup"),
        Phase::Marriage { .. } => tr("Phase 1: Marriages"),
        Phase::Elections { election: e } => match e {
            Some(e) => trf(
                "Phase 1: Election of the {office}",
                &[("office", &election(g, e.kind))],
            ),
            None => tr("Phase 1: Elections"),
        },
        Phase::Draw { .. } => tr("Phase 2: Discard and Draw"),
        Phase::Disasters { .. } => tr("Phase 2: Disasters"),
        Phase::PlayCards { .. } => tr("Phase 2: Play Cards"),
        Phase::Income => tr("Phase 3: Income"),
        Phase::Ransom => tr("Phase 4: Ransoms"),
        Phase::Purchase { .. } => tr("Phase 4: Purchase"),
        Phase::Movement { .. } => tr("Phase 5: Movement"),
        Phase::Battles { .. } => tr("Phase 6: Battles"),
        Phase::Pillage { .. } => tr("Phase 6: Pillage"),
        Phase::EndRound => tr("Phase 7: End of Round"),
        Phase::GameOver => tr("Game over"),
    }
}

/// Why a saved game was refused, for the player.
pub fn load_error(e: &fief::save::LoadError) -> String {
    use fief::save::LoadError as E;
    match e {
        E::Unreadable(why) => trf("The file could not be read ({why}).", &[("why", why)]),
        E::Empty => tr("The file is empty: it holds no saved game."),
        E::Truncated => tr("The file is incomplete: it was cut off, perhaps while it was written."),
        E::NotJson(_) => tr("This file is not a saved game: it is not in the save format at all."),
        E::Foreign => tr("This file is not a Fief saved game."),
        E::Newer(v) => trf(
            "This game was saved by a newer version of Fief (format {v}). Please update the app to load it.",
            &[("v", &v.to_string())],
        ),
        E::UnknownVersion => tr("This saved game has an unknown format version."),
        E::Damaged(why) => trf("This saved game is damaged ({why}).", &[("why", why)]),
        E::OtherMap(name) => trf(
            "This game was played on another map ({name}).",
            &[("name", name)],
        ),
        E::HistoryRefused { index, reason } => trf(
            "The saved history is not a legal game: its action {n} is refused by the rules ({why}). The file was edited or damaged.",
            &[("n", &(index + 1).to_string()), ("why", reason)],
        ),
        E::HistoryMismatch(part) => trf(
            "The saved position does not follow from its history (it differs in “{part}”). The file was edited or damaged.",
            &[("part", part)],
        ),
        E::TooLarge { bytes } => trf(
            "This file is too large to be a saved game ({size} KiB; a save has at most {max} KiB).",
            &[
                ("size", &bytes.div_ceil(1024).to_string()),
                ("max", &(fief::save::MAX_BYTES / 1024).to_string()),
            ],
        ),
        E::Internal(what) => trf(
            "This saved game could not be loaded because of an error in Fief itself ({what}). Please report it with the file.",
            &[("what", what)],
        ),
    }
}

/// The viewer's own label for a Lord: name with titles and markers.
pub fn lord_titles(g: &Game, l: fief::rules::LordId) -> Vec<String> {
    let mut out = Vec::new();
    let t = &g.titles;
    if t.king == Some(l) {
        out.push(tr("King"));
    }
    if t.queen == Some(l) {
        out.push(if t.regent {
            tr("Queen Regent")
        } else {
            tr("Queen")
        });
    }
    if t.crown_prince == Some(l) {
        out.push(tr("Crown Prince"));
    }
    if t.pope == Some(l) {
        out.push(tr("Pope"));
    }
    if g.is_cardinal(l) {
        out.push(tr("Cardinal"));
    }
    for (b, holder) in t.bishop.iter().enumerate() {
        if *holder == Some(l) {
            // Named by its principal Village, as the rulebook names Bishops.
            let x = &g.map.bishoprics[b];
            out.push(trf(
                "Bishop of {v} ({n})",
                &[
                    ("v", &village(g, x.principal)),
                    ("n", &x.number.to_string()),
                ],
            ));
        }
    }
    for f in g.fief_titles_of(l) {
        out.push(trf("Lord of {fief}", &[("fief", &fief(g, f))]));
    }
    if t.darc == Some(l) {
        out.push(tr("d'ARC"));
    }
    // 11.1: the relics he carries.
    out.extend(g.relics_of(l).into_iter().map(relic_name));
    out
}

/// What a card lying on a Bishopric does there, for its tag's tooltip: "Heavy Rain on the
/// Bishopric of Sigy (5): no Movement in the Bishopric this round (2.3.1)."
pub fn card_tag_tooltip(g: &Game, b: fief::map::BishopricId, c: Card) -> String {
    let section = match c {
        Card::HeavyRain => "2.3.1",
        Card::Famine => "2.3.2",
        Card::Plague => "2.3.3",
        Card::Harvest => "2.4.2",
        Card::GoodWeather => "2.4.3",
        _ => "",
    };
    trf(
        "{card} on the {bishopric}: {effect} (rule {s})",
        &[
            ("card", &card_name(c)),
            ("bishopric", &bishopric(g, b)),
            ("effect", &card_effect(c)),
            ("s", section),
        ],
    )
}

/// Everything on a Village, and the odds of the attacks the viewer may declare there now
/// (`legal`: the viewer's legal actions).
pub fn village_tooltip(
    g: &Game,
    viewer: Option<PlayerId>,
    v: VillageId,
    legal: &[Action],
) -> String {
    let m = &g.map.villages[v as usize];
    let vs = &g.villages[v as usize];
    let mut lines = vec![format!(
        "<b>{}</b> — {} · {}",
        glib_escape(&m.name),
        glib_escape(&fief(g, m.fief)),
        glib_escape(&bishopric(g, m.bishopric))
    )];
    // Every text is escaped: a player's name may hold '&' or '<'.
    lines.push(glib_escape(&match vs.controller {
        Some(p) => trf("Held by {p}", &[("p", &player(g, p))]),
        None => tr("Held by nobody"),
    }));
    match vs.fort {
        fief::rules::Fort::None => {}
        fief::rules::Fort::Stronghold => lines.push(glib_escape(&tr("Stronghold"))),
        fief::rules::Fort::City => lines.push(glib_escape(&tr("Fortified City"))),
    }
    for r in &g.relics {
        if r.at == fief::rules::relics::RelicAt::Village(v) {
            lines.push(glib_escape(&trf(
                "The {relic} lies here",
                &[("relic", &relic_name(r.relic))],
            )));
        }
    }
    if vs.mills > 0 {
        lines.push(glib_escape(&trn("{n} Mill", "{n} Mills", vs.mills as u32)));
    }
    // The cards lying on its Bishopric (2.3, 2.4): what stops a Move here, what feeds it.
    if let Some(cards) = g.bishopric_cards.get(m.bishopric as usize) {
        for (on, c) in [
            (cards.heavy_rain, Card::HeavyRain),
            (cards.famine, Card::Famine),
            (cards.plague, Card::Plague),
            (cards.harvest, Card::Harvest),
            (cards.good_weather, Card::GoodWeather),
        ] {
            if on {
                lines.push(glib_escape(&trf(
                    "{card}: {effect}",
                    &[("card", &card_name(c)), ("effect", &card_effect(c))],
                )));
            }
        }
    }
    for p in 0..g.n() {
        let t = vs.troops[p as usize];
        let lords: Vec<String> = g
            .lords
            .iter()
            .filter(|l| l.village == v && l.owner == p)
            .map(|l| {
                let mut s = lord(l.id);
                let titles = lord_titles(g, l.id);
                if !titles.is_empty() {
                    s += &format!(" ({})", titles.join(", "));
                }
                if let Some(c) = l.captor {
                    s += &trf(", captive of {p}", &[("p", &player(g, c))]);
                }
                s
            })
            .collect();
        let engines = vs.engines[p as usize];
        if t.count() == 0 && lords.is_empty() && engines == 0 {
            continue;
        }
        let mut s = format!("{}: ", glib_escape(&player(g, p)));
        // Fog of War: only the size of another player's stack is seen (the view says whose).
        let tr_ = if g.stack_hidden(viewer, v, p) {
            trn(
                "{n} Troop, face down",
                "{n} Troops, face down",
                t.count() as u32,
            )
        } else {
            troops(t.maa, t.knights)
        };
        s += &glib_escape(&tr_);
        if !lords.is_empty() {
            if !tr_.is_empty() {
                s += "; ";
            }
            s += &glib_escape(&lords.join(", "));
        }
        if engines > 0 {
            s += &glib_escape(&tr(", a Siege Engine"));
        }
        lines.push(s);
    }
    if let Some(b) = vs.besieger {
        lines.push(glib_escape(&trf(
            "Besieged by {p}",
            &[("p", &player(g, b))],
        )));
    }
    for t in &g.taxes {
        let hit = match t.target {
            fief::rules::TaxTarget::Tallage(f) => f == m.fief,
            fief::rules::TaxTarget::Tithe(b) => b == m.bishopric,
        };
        if hit {
            lines.push(glib_escape(&trf(
                "Taxed by {p}",
                &[("p", &player(g, t.player))],
            )));
        }
    }
    for a in legal {
        if matches!(a, Action::DeclareBattle { village, .. } if *village == v) {
            if let Some(odds) = attack_chances(g, viewer, a) {
                lines.push(format!(
                    "<b>{}</b>: {}",
                    glib_escape(&action(g, a)),
                    glib_escape(&odds)
                ));
            }
        }
    }
    lines.join("\n")
}

/// `s` as Pango markup that shows it as it is.
pub fn glib_escape(s: &str) -> String {
    relm4::gtk::glib::markup_escape_text(s).to_string()
}

/// A probability as a whole percentage, never rounded to a certainty it is not.
pub fn percent(p: f64) -> String {
    let n = (p * 100.0).round();
    let shown = if n >= 100.0 && p < 1.0 {
        ">99".to_string()
    } else if n <= 0.0 && p > 0.0 {
        "<1".to_string()
    } else {
        format!("{n}")
    };
    trf("{n}%", &[("n", &shown)])
}

/// One side's strength in a battle's odds: "Blue 4 SP, 2 dice".
fn side_strength(who: &str, sp: u32, dice: u32) -> String {
    trf(
        "{who} {sp} SP, {dice}",
        &[
            ("who", who),
            ("sp", &sp.to_string()),
            ("dice", &trn("{n} die", "{n} dice", dice)),
        ],
    )
}

/// Both sides and the chances of a battle, from the attackers' side.
pub fn prospect(att: &str, def: &str, pr: &fief::bots::odds::Prospect) -> String {
    let c = &pr.chances;
    trf(
        "{a} against {d}: win {win} · draw {draw} · lose {lose}",
        &[
            ("a", &side_strength(att, pr.sides[0].sp, pr.dice[0])),
            ("d", &side_strength(def, pr.sides[1].sp, pr.dice[1])),
            ("win", &percent(c.win)),
            ("draw", &percent(c.draw)),
            ("lose", &percent(c.lose)),
        ],
    )
}

/// The odds of an attack the acting player may declare, by the exact odds the bots use
/// (`fief::bots::odds`), before anybody else takes a side; under Fog of War a hidden stack
/// has no odds.
pub fn attack_chances(g: &Game, viewer: Option<PlayerId>, a: &Action) -> Option<String> {
    let Action::DeclareBattle { village, against } = *a else {
        return None;
    };
    let p = g.to_act()?;
    if g.villages.get(village as usize).is_none() || against >= g.n() {
        return None;
    }
    if g.stack_hidden(viewer, village, against) {
        return Some(tr("Fog of War: the strength of the other side is hidden."));
    }
    let pr = fief::bots::odds::attack_prospect(g, p, against, village);
    Some(prospect(&player(g, p), &player(g, against), &pr))
}

/// The odds of the battle under way, from the side of `viewer` when he fights in it, else
/// from the attackers' side.
pub fn battle_chances(g: &Game, viewer: Option<PlayerId>) -> Option<String> {
    let b = g.battle.as_ref()?;
    let mut pr = fief::bots::odds::battle_prospect(g)?;
    let names = |s: usize| {
        b.sides[s]
            .iter()
            .map(|q| player(g, *q))
            .collect::<Vec<_>>()
            .join(" & ")
    };
    let mine = viewer.is_some_and(|v| b.sides[1].contains(&v));
    if mine {
        // The defender reads his own chances first.
        pr.sides.swap(0, 1);
        pr.dice.swap(0, 1);
        let c = &mut pr.chances;
        std::mem::swap(&mut c.win, &mut c.lose);
        return Some(prospect(&names(1), &names(0), &pr));
    }
    Some(prospect(&names(0), &names(1), &pr))
}

#[cfg(test)]
mod tests;
