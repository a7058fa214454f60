//! The words of what the engine asks: the prompt of each decision, in the words of the
//! player who must answer, and the heading and buttons of the yes/no questions. Pure
//! functions of the viewer's game, tested without a display.

use crate::ui::words::actions::deniers_offered;
use crate::ui::words::cards::{card_name, cards_list};
use crate::ui::words::names::{election, fief, lord, player, relic_name, village, window_when};
use crate::ui::{tr, trf, trn, trnf};
use fief::rules::{Action, Game, PlayerId, Prompt, PromptKind};

/// What the engine asks, in the words of the player who must answer ("you" when the viewer is
/// that player).
pub fn prompt(g: &Game, p: &Prompt, viewer: Option<PlayerId>) -> String {
    let who = player(g, p.player);
    let mine = viewer == Some(p.player);
    let ask = &|yours: String, theirs: String| if mine { yours } else { theirs };
    match &p.kind {
        k @ (PromptKind::StartVillage
        | PromptKind::Marriage
        | PromptKind::MarriageAnswer { .. }
        | PromptKind::Nominate(_)
        | PromptKind::Vote(_)
        | PromptKind::DiscardDraw
        | PromptKind::PlagueLosses { .. }
        | PromptKind::ChooseHeir { .. }
        | PromptKind::PlaceLord { .. }
        | PromptKind::PlayCards) => round_start(g, k, ask, &who),
        k @ (PromptKind::RansomOffer { .. }
        | PromptKind::RansomAnswer { .. }
        | PromptKind::GrantAnswer { .. }
        | PromptKind::PlacementLeave { .. }
        | PromptKind::CardinalConsent { .. }
        | PromptKind::Purchase
        | PromptKind::Movement
        | PromptKind::Battles
        | PromptKind::Pillage
        | PromptKind::Window { .. }) => purchases_and_moves(g, k, ask, &who),
        k @ (PromptKind::BattleSide { .. }
        | PromptKind::BattleChoice { .. }
        | PromptKind::Losses { .. }
        | PromptKind::Permission { .. }
        | PromptKind::Targeted { .. }
        | PromptKind::UprisingJoin { .. }
        | PromptKind::UprisingStop { .. }) => battles(g, k, ask, &who),
        k @ (PromptKind::Annulment { .. }
        | PromptKind::Deal { .. }
        | PromptKind::Truce { .. }
        | PromptKind::AmbushGoOn
        | PromptKind::RelicPermission { .. }
        | PromptKind::RelicOffer { .. }
        | PromptKind::Teeth { .. }
        | PromptKind::RelicUse { .. }) => agreements(g, k, ask, &who),
    }
}

/// The words for the player who answers, or for the others, whichever the viewer is.
type Ask<'a> = &'a dyn Fn(String, String) -> String;

/// The start of the game and of a round: starting Villages, marriages, elections, draws, heirs and new Lords.
fn round_start(g: &Game, k: &PromptKind, ask: Ask, who: &str) -> String {
    match k {
        PromptKind::StartVillage => ask(
            tr("Choose your starting Village: click a highlighted square on the map."),
            trf("{who} is choosing a starting Village.", &[("who", who)]),
        ),
        PromptKind::Marriage => ask(
            tr("Marriages: propose one to another family, or go on."),
            trf("{who} may propose a marriage.", &[("who", who)]),
        ),
        PromptKind::MarriageAnswer {
            groom,
            bride,
            dowry,
        } => ask(
            trf(
                "A marriage is proposed: {groom} and {bride}. Do you accept?",
                &[("groom", &lord(*groom)), ("bride", &lord(*bride))],
            ) + &deniers_offered(g, *dowry),
            trf(
                "{who} is considering the marriage of {groom} and {bride}.",
                &[
                    ("who", who),
                    ("groom", &lord(*groom)),
                    ("bride", &lord(*bride)),
                ],
            ),
        ),
        PromptKind::Nominate(k) => ask(
            trf(
                "Election of the {e}: nominate one of your Lords, or nobody.",
                &[("e", &election(g, *k))],
            ),
            trf(
                "{who} is nominating a candidate for {e}.",
                &[("who", who), ("e", &election(g, *k))],
            ),
        ),
        PromptKind::Vote(k) => ask(
            trf(
                "Election of the {e}: place your FOR and DECOY markers face down.",
                &[("e", &election(g, *k))],
            ),
            trf(
                "{who} is voting for the {e}.",
                &[("who", who), ("e", &election(g, *k))],
            ),
        ),
        PromptKind::DiscardDraw => ask(
            tr("Discard cards if you wish, then draw up to your hand: Fortune or Lord cards."),
            trf("{who} is discarding and drawing.", &[("who", who)]),
        ),
        PromptKind::PlagueLosses { village: v, losses } => ask(
            trf(
                "The Plague strikes {v}: choose which {n} of your Troops die.",
                &[("v", &village(g, *v)), ("n", &losses.to_string())],
            ),
            trf(
                "{who} chooses the Plague's victims at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        PromptKind::ChooseHeir { fief: f } => ask(
            trf(
                "Choose the Lord who takes the title of {fief}.",
                &[("fief", &fief(g, *f))],
            ),
            trf(
                "{who} chooses who takes the title of {fief}.",
                &[("who", who), ("fief", &fief(g, *f))],
            ),
        ),
        PromptKind::PlaceLord { lord: l } => ask(
            trf(
                "Place {lord}: click a highlighted Village.",
                &[("lord", &lord(*l))],
            ),
            trf("{who} places {lord}.", &[("who", who), ("lord", &lord(*l))]),
        ),
        PromptKind::PlayCards => ask(
            tr("Play cards from your hand (click a card), or go on."),
            trf("{who} may play cards.", &[("who", who)]),
        ),
        // The other kinds are another function's (`prompt` sends each kind to one).
        _ => String::new(),
    }
}

/// Ransoms, the King's grants, leave and consent, purchases, Movement, battles declared, pillage and the windows for cards.
fn purchases_and_moves(g: &Game, k: &PromptKind, ask: Ask, who: &str) -> String {
    match k {
        PromptKind::RansomOffer { lord: l, price } => ask(
            trnf(
                "{lord} is held captive. The ransom is {n} Denier: offer it, offer less, or pay nothing.",
                "{lord} is held captive. The ransom is {n} Deniers: offer it, offer less, or pay nothing.",
                *price,
                &[("lord", &lord(*l))],
            ),
            trf(
                "{who} is deciding the ransom of {lord}.",
                &[("who", who), ("lord", &lord(*l))],
            ),
        ),
        PromptKind::RansomAnswer { lord: l, amount } => ask(
            trnf(
                "{n} Denier is offered for your captive {lord}. Accept?",
                "{n} Deniers are offered for your captive {lord}. Accept?",
                *amount,
                &[("lord", &lord(*l))],
            ),
            trf(
                "{who} is answering a ransom offer for {lord}.",
                &[("who", who), ("lord", &lord(*l))],
            ),
        ),
        PromptKind::GrantAnswer {
            fief: f,
            lord: l,
            price,
            ..
        } => ask(
            trnf(
                "The King offers the title of {fief} to {lord} for {n} Denier. Accept?",
                "The King offers the title of {fief} to {lord} for {n} Deniers. Accept?",
                *price,
                &[("fief", &fief(g, *f)), ("lord", &lord(*l))],
            ),
            trf(
                "{who} is answering the King's offer of {fief}.",
                &[("who", who), ("fief", &fief(g, *f))],
            ),
        ),
        PromptKind::PlacementLeave {
            asker,
            lord: l,
            village: x,
        } => ask(
            trf(
                "{p} asks leave to place their new Lord {lord} in your Village {v}. Do you agree?",
                &[("p", &player(g, *asker)), ("lord", &lord(*l)), ("v", &village(g, *x))],
            ),
            trf(
                "{who} decides whether {lord} may be placed in {v}.",
                &[("who", who), ("lord", &lord(*l)), ("v", &village(g, *x))],
            ),
        ),
        PromptKind::CardinalConsent { lord: l } => ask(
            trf(
                "As Pope, do you consent to {lord} becoming a Cardinal?",
                &[("lord", &lord(*l))],
            ),
            trf(
                "The Pope ({who}) decides whether {lord} becomes a Cardinal.",
                &[("who", who), ("lord", &lord(*l))],
            ),
        ),
        PromptKind::Purchase => ask(
            tr("Purchases: count them on the Purchases page beside the map (or click a Village), then buy."),
            trf("{who} is buying.", &[("who", who)]),
        ),
        // 5.2: a victorious Cavalcade rides on before anything else moves.
        PromptKind::Movement if g.moves.onward.is_some() => ask(
            trf(
                "Movement: your victorious Cavalcade must ride on from {v} (5.2): drag it to a lit neighbour.",
                &[(
                    "v",
                    &g.moves
                        .onward
                        .as_ref()
                        .map(|(_, at)| village(g, *at))
                        .unwrap_or_default(),
                )],
            ),
            trf("{who} is moving.", &[("who", who)]),
        ),
        PromptKind::Movement => ask(
            tr("Movement: drag an army to a lit neighbour, or click its Village, then a destination; or go on."),
            trf("{who} is moving.", &[("who", who)]),
        ),
        PromptKind::Battles => ask(
            tr("Battles: click a Village to attack or besiege, or go on."),
            trf("{who} is declaring battles.", &[("who", who)]),
        ),
        PromptKind::Pillage => ask(
            tr("Pillage: take Mills in Villages you hold by force, or go on."),
            trf("{who} may pillage.", &[("who", who)]),
        ),
        PromptKind::Window { at } => ask(
            trf(
                "You may play a card {when}, or pass.",
                &[("when", &window_when(g, *at))],
            ),
            trf(
                "{who} may play a card {when}.",
                &[("who", who), ("when", &window_when(g, *at))],
            ),
        ),
        // The other kinds are another function's (`prompt` sends each kind to one).
        _ => String::new(),
    }
}

/// A battle's sides, choices and losses; permission to cross; cards aimed at someone; uprisings.
fn battles(g: &Game, k: &PromptKind, ask: Ask, who: &str) -> String {
    match k {
        PromptKind::BattleSide { village: v } => ask(
            trf(
                "A battle at {v}: take a side, or stay out.",
                &[("v", &village(g, *v))],
            ),
            trf(
                "{who} is choosing a side at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        PromptKind::BattleChoice { village: v, .. } => ask(
            trf(
                "Battle at {v}: roll the dice, or end it another way.",
                &[("v", &village(g, *v))],
            ),
            trf(
                "{who} leads a side at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        PromptKind::Losses {
            village: v,
            cost,
            lords,
        } => ask(
            if *lords > 0 && *cost == 0 {
                trnf(
                    "Losses at {v}: {n} Lord falls. Choose which.",
                    "Losses at {v}: {n} Lords fall. Choose them.",
                    u32::from(*lords),
                    &[("v", &village(g, *v))],
                )
            } else {
                trnf(
                    "Losses at {v}: remove Troops worth {n} hit (a Knight counts 3).",
                    "Losses at {v}: remove Troops worth {n} hits (a Knight counts 3).",
                    *cost,
                    &[("v", &village(g, *v))],
                )
            },
            trf(
                "{who} is taking losses at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        PromptKind::Permission {
            mover,
            from,
            to,
            toll,
        } => ask(
            trf(
                "{p} asks to pass from {a} to {b}. Let the army through?",
                &[
                    ("p", &player(g, *mover)),
                    ("a", &village(g, *from)),
                    ("b", &village(g, *to)),
                ],
            ) + &deniers_offered(g, *toll),
            trf(
                "{p} waits for permission to pass to {b}.",
                &[("p", &player(g, *mover)), ("b", &village(g, *to))],
            ),
        ),
        PromptKind::Targeted { card, target } => ask(
            trf(
                "{card} against {lord}! Answer with a Secret Passage, or let it be.",
                &[("card", &card_name(*card)), ("lord", &lord(*target))],
            ),
            trf(
                "{who} answers the {card} against {lord}.",
                &[
                    ("who", who),
                    ("card", &card_name(*card)),
                    ("lord", &lord(*target)),
                ],
            ),
        ),
        PromptKind::UprisingJoin { village: v } => ask(
            trf(
                "An Uprising at {v}: add a card to it, or pass.",
                &[("v", &village(g, *v))],
            ),
            trf(
                "{who} may join the Uprising at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        PromptKind::UprisingStop {
            village: v,
            lord: l,
        } => ask(
            trf(
                "An Uprising at {v}: {lord} may try to stop it.",
                &[("v", &village(g, *v)), ("lord", &lord(*l))],
            ),
            trf(
                "{who} may try to stop the Uprising at {v}.",
                &[("who", who), ("v", &village(g, *v))],
            ),
        ),
        // The other kinds are another function's (`prompt` sends each kind to one).
        _ => String::new(),
    }
}

/// Annulments, deals, truces, an ambush, and the Holy Relics (11.1).
fn agreements(g: &Game, k: &PromptKind, ask: Ask, who: &str) -> String {
    match k {
        PromptKind::Annulment { lord: l } => ask(
            trf(
                "As Pope, do you annul the marriage of {lord}?",
                &[("lord", &lord(*l))],
            ),
            trf(
                "The Pope ({who}) decides on the annulment for {lord}.",
                &[("who", who), ("lord", &lord(*l))],
            ),
        ),
        PromptKind::Deal {
            giver,
            receiver,
            deniers,
            cards,
        } => {
            let what = if !cards.is_empty() {
                cards_list(cards)
            } else if *deniers > 0 {
                trn("{n} Denier", "{n} Deniers", *deniers as u32)
            } else {
                tr("a card")
            };
            ask(
                trf(
                    "Diplomacy: {g} gives {what} to {r}. Do you agree?",
                    &[
                        ("g", &player(g, *giver)),
                        ("r", &player(g, *receiver)),
                        ("what", &what),
                    ],
                ) + &if g.options.open_diplomacy {
                    String::new()
                } else {
                    " ".to_string()
                        + &trf(
                            "{r} spends one Diplomacy marker on it (8.0).",
                            &[("r", &player(g, *receiver))],
                        )
                },
                trf(
                    "{who} is answering a diplomacy offer.",
                    &[("who", who)],
                ),
            )
        }
        PromptKind::Truce { proposer, price } => ask(
            if *price == 0 {
                trf(
                    "{p} proposes a truce. Accept?",
                    &[("p", &player(g, *proposer))],
                )
            } else {
                trnf(
                    "{p} proposes a truce and offers each player of your side {n} Denier for it (taken with a Diplomacy marker). Accept?",
                    "{p} proposes a truce and offers each player of your side {n} Deniers for it (taken with a Diplomacy marker). Accept?",
                    *price as u32,
                    &[("p", &player(g, *proposer))],
                )
            },
            trf(
                "{who} is answering {p}'s truce.",
                &[("who", who), ("p", &player(g, *proposer))],
            ),
        ),
        PromptKind::AmbushGoOn => ask(
            tr("Your Ambush took the last Lord of the other side: go on with the battle?"),
            trf("{who} decides whether the battle goes on.", &[("who", who)]),
        ),
        PromptKind::RelicPermission { asker, lord: l, relic } => ask(
            trf(
                "{p} asks leave for {lord} to take the {relic} in your Village. Give leave?",
                &[
                    ("p", &player(g, *asker)),
                    ("lord", &lord(*l)),
                    ("relic", &relic_name(*relic)),
                ],
            ),
            trf(
                "{who} decides whether {lord} may take the {relic}.",
                &[("who", who), ("lord", &lord(*l)), ("relic", &relic_name(*relic))],
            ),
        ),
        PromptKind::RelicOffer {
            giver,
            relic,
            lord: l,
        } => ask(
            trf(
                "{p} offers the {relic} to your {lord} (a Diplomacy marker). Accept?",
                &[
                    ("p", &player(g, *giver)),
                    ("relic", &relic_name(*relic)),
                    ("lord", &lord(*l)),
                ],
            ),
            trf(
                "{who} is answering an offer of the {relic}.",
                &[("who", who), ("relic", &relic_name(*relic))],
            ),
        ),
        PromptKind::Teeth { lord: l, holder } => ask(
            trf(
                "{lord} is about to die. Use the Teeth of Saint Géronce, carried by {holder}, to cancel the death? The relic then leaves the game.",
                &[("lord", &lord(*l)), ("holder", &lord(*holder))],
            ),
            trf(
                "{who} decides whether the Teeth of Saint Géronce save {lord}.",
                &[("who", who), ("lord", &lord(*l))],
            ),
        ),
        PromptKind::RelicUse { relic } => ask(
            trf(
                "End of Play Cards: roll the {relic} for a Bishopric's card, or pass.",
                &[("relic", &relic_name(*relic))],
            ),
            trf(
                "{who} may use the {relic}.",
                &[("who", who), ("relic", &relic_name(*relic))],
            ),
        ),
        // The other kinds are another function's (`prompt` sends each kind to one).
        _ => String::new(),
    }
}

/// The title of the yes/no dialog for a question put to the viewer, or `None` when the
/// prompt is not a yes/no question. Returns (heading, accept label, refuse label).
pub fn question(kind: &PromptKind) -> Option<(String, String, String)> {
    // Which decisions are yes-or-no questions, and their titles, are the engine's to say
    // (`is_question`, `question_title`); here are only the answers' words.
    let heading = crate::ui::words::messages::msg(&kind.question_title()?, "");
    let (yes, no) = match kind {
        PromptKind::CardinalConsent { .. } => (tr("Consent"), tr("Refuse")),
        PromptKind::PlacementLeave { .. } | PromptKind::RelicPermission { .. } => {
            (tr("Give leave"), tr("Refuse"))
        }
        PromptKind::Permission { .. } => (tr("Let them pass"), tr("Refuse")),
        PromptKind::Annulment { .. } => (tr("Annul"), tr("Refuse")),
        PromptKind::Truce { .. } => (tr("Accept the truce"), tr("Fight on")),
        PromptKind::AmbushGoOn => (tr("Go on"), tr("End the battle")),
        PromptKind::Teeth { .. } => (tr("Use the Teeth"), tr("Keep them")),
        _ => (tr("Accept"), tr("Refuse")),
    };
    Some((heading, yes, no))
}

/// The answers to a yes/no question, with their words, in the one order the dialog and the
/// prompt bar both show them: the refusal first, the acceptance last (where GNOME puts the
/// affirmative answer). `None` when the prompt is not a yes/no question.
pub fn answers(kind: &PromptKind) -> Option<[(Action, String); 2]> {
    let (_, yes, no) = question(kind)?;
    Some([(Action::Refuse, no), (Action::Accept, yes)])
}

/// The words of `a` as an answer to the question `kind` ("Let them pass" for an Accept of a
/// permission), as its button says; `None` when `a` does not answer it.
pub fn answer_words(kind: &PromptKind, a: &Action) -> Option<String> {
    answers(kind)?
        .into_iter()
        .find(|(x, _)| x == a)
        .map(|(_, words)| words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prompt_of_a_played_game_has_words() {
        // A game by the random bot: no prompt, to the player who decides or to a
        // spectator, is left with an unfilled placeholder.
        let mut last_round = 0;
        crate::ui::play_until(fief::bots::Level::Easy, 5, 3000, |g, p| {
            let pr = g.prompt().unwrap();
            assert!(!prompt(g, &pr, Some(p)).contains('{'));
            assert!(!prompt(g, &pr, None).contains('{'));
            if let Some((heading, yes, no)) = question(&pr.kind) {
                assert!(!heading.is_empty() && !yes.is_empty() && !no.is_empty());
                assert_ne!(
                    heading, "A question",
                    "{:?} has no words of its own",
                    pr.kind
                );
            }
            assert_eq!(question(&pr.kind).is_some(), pr.kind.is_question());
            last_round = g.round;
            false
        });
        assert!(last_round > 1);
    }
}
