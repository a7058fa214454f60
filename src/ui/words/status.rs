//! The words of the window's status: the header's round and phase, the status line (why
//! the game waits or who is thinking, the standing orders in force, why a click or a drag
//! did nothing), the hint, the hotseat cover, a bot's failure, why "Fight to the end"
//! stopped, and the time a game was saved. Pure functions of the game and the session,
//! tested without a display.

use crate::ui::words::actions;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::words::names::{player, village};
use crate::ui::{tr, trf};
use fief::bots::hint::Hint;
use fief::bots::Level;
use fief::map::VillageId;
use fief::rules::{Action, Game, PlayerId};
use fief::session::{BotFailure, Seat, Standing};

/// The header's subtitle: the round and the phase (nothing while no game is played).
pub fn subtitle(g: &Game, idle: bool) -> String {
    if idle {
        String::new()
    } else if g.round == 0 {
        names::phase(g)
    } else {
        trf(
            "Round {n} — {phase}",
            &[("n", &g.round.to_string()), ("phase", &names::phase(g))],
        )
    }
}

/// The hotseat cover asking for `p`: its title, its description (plain text) and its button.
pub fn cover(g: &Game, p: PlayerId) -> (String, String, String) {
    let name = player(g, p);
    (
        trf("Pass the screen to {p}", &[("p", &name)]),
        trf(
            "{p}'s hand and secret choices come next. The others look away.",
            &[("p", &name)],
        ),
        trf("I am {p}: show my game", &[("p", &name)]),
    )
}

/// A hint in a line: the action suggested and why.
pub fn hint(g: &Game, h: &Hint) -> String {
    trf(
        "Hint: {action}. Why: {why}",
        &[
            // An answer to a question in its buttons' words ("Let them pass").
            (
                "action",
                &g.prompt()
                    .and_then(|pr| crate::ui::words::question::answer_words(&pr.kind, &h.action))
                    .unwrap_or_else(|| actions::action(g, &h.action)),
            ),
            ("why", &messages::msg(&h.why, &h.why.english())),
        ],
    )
}

/// While a hint is being worked out.
pub fn looking_for_hint() -> String {
    tr("Looking for a hint…")
}

/// What the game waits for, said on the status line when nothing else is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// No game was started, resumed or loaded yet.
    NoGame,
    /// A saved game is being read.
    Loading,
    /// A dialog is open over the board.
    Dialog,
    /// A hint is being worked out.
    Hint,
    /// A bot of this level thinks for this player.
    Bot(PlayerId, Level),
    /// In a network game: this player decides at another computer.
    Remote(PlayerId),
    /// In a network game: the decision sent waits for the host's answer.
    Host,
    /// In a network game: the table waits for its players (the lobby).
    Table,
    /// A lesson's try is over (Learn to Play): the coach has the verdict.
    LessonOver,
    /// Nothing worth saying.
    Nothing,
}

/// The status line: `said` (a refusal, why a battle stopped…) or else what the game waits
/// for, then each standing order of the viewer's in force; `legal` is his legal actions.
pub fn status(
    g: &Game,
    said: &str,
    waiting: Waiting,
    orders: &[Standing],
    legal: &[Action],
) -> String {
    let mut status = said.to_string();
    if status.is_empty() {
        status = match waiting {
            Waiting::NoGame => {
                tr("No game in progress: start a new one (Ctrl+N) or load one (Ctrl+O).")
            }
            Waiting::Loading => tr("Loading the game…"),
            Waiting::Dialog => tr("The game waits while the dialog is open."),
            Waiting::LessonOver => {
                tr("This try of the lesson is over: the coach beside the board says how it went.")
            }
            Waiting::Hint => looking_for_hint(),
            Waiting::Bot(p, level) => trf(
                "{p} ({kind}) is thinking…",
                &[
                    ("p", &player(g, p)),
                    ("kind", &names::seat_label(Seat::Bot(level))),
                ],
            ),
            Waiting::Remote(p) => trf("Waiting for {p}…", &[("p", &player(g, p))]),
            Waiting::Host => tr("Sent to the host…"),
            Waiting::Table => tr("The game begins once the players are seated."),
            Waiting::Nothing => String::new(),
        };
    }
    for order in orders {
        let note = standing_note(order, legal);
        status = if status.is_empty() {
            note
        } else {
            format!("{status} {note}")
        };
    }
    status
}

/// A standing order in force, and how to stop it.
fn standing_note(order: &Standing, legal: &[Action]) -> String {
    match order {
        Standing::UntilPurchases
            if legal
                .iter()
                .any(|a| matches!(a, Action::DrawFortune | Action::DrawLord)) =>
        {
            tr("Draw your cards, or end the draw: your later steps are then ended for you until your purchases (Escape stops it).")
        }
        Standing::UntilPurchases => {
            tr("Your steps are ended for you until your purchases (Escape stops it).")
        }
        Standing::FightOn { .. } => tr("You fight this battle to the end (Escape stops it)."),
        Standing::PassWindows { .. } => tr(
            "Every reaction window is passed for you until this phase ends (Escape stops it).",
        ),
        Standing::Answer { yes: true, .. } => tr(
            "Every such question is answered Yes for you until this phase ends (Escape stops it).",
        ),
        Standing::Answer { yes: false, .. } => tr(
            "Every such question is answered No for you until this phase ends (Escape stops it).",
        ),
    }
}

/// A click on `v` that does nothing, and why when the engine says.
pub fn nothing_at(g: &Game, v: VillageId, why: Option<String>) -> String {
    match why {
        Some(why) => trf(
            "Nothing to do at {v} now: {why}",
            &[("v", &village(g, v)), ("why", &why)],
        ),
        None => trf("Nothing to do at {v} now.", &[("v", &village(g, v))]),
    }
}

/// An army dropped on `to` that may not go there from `from`, and why when the engine says.
pub fn no_move(g: &Game, from: VillageId, to: VillageId, why: Option<String>) -> String {
    let why = why.unwrap_or_else(|| tr("This move is not possible."));
    trf(
        "No move from {a} to {b}: {why}",
        &[
            ("a", &village(g, from)),
            ("b", &village(g, to)),
            ("why", &why),
        ],
    )
}

/// A bot's failure in the reader's words.
pub fn bot_failure(g: &Game, f: &BotFailure) -> String {
    match f {
        BotFailure::NothingToDo(p) => trf(
            "The bot of {p} found nothing to do.",
            &[("p", &player(g, *p))],
        ),
        BotFailure::Panicked(p) => trf("The bot of {p} failed.", &[("p", &player(g, *p))]),
        BotFailure::Illegal {
            player: p,
            action,
            why,
        } => trf(
            "The bot of {p} chose an illegal action ({a}): {why}",
            &[
                ("p", &player(g, *p)),
                ("a", action),
                ("why", &messages::rule_error(why)),
            ],
        ),
    }
}

/// A time of saving in the reader's local format; where no locale of the reader's could be
/// set (the C locale, whose dates are American), as the ISO date that reads the same
/// everywhere.
pub fn when(secs: u64) -> String {
    // SAFETY: a query (NULL) of the time locale, copied at once.
    let c_locale = unsafe {
        let l = libc::setlocale(libc::LC_TIME, std::ptr::null());
        l.is_null() || {
            let name = std::ffi::CStr::from_ptr(l).to_string_lossy();
            name == "C" || name == "POSIX" || name.starts_with("C.")
        }
    };
    let format = if c_locale {
        "%Y-%m-%d %H:%M"
    } else {
        "%x %H:%M"
    };
    relm4::gtk::glib::DateTime::from_unix_local(secs as i64)
        .and_then(|d| d.format(format))
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Why "Fight to the end", or the rolls made for the player, stopped before a roll and left
/// the choice to him.
pub fn fight_stop(why: &fief::session::FightStop) -> String {
    use fief::session::FightStop;
    match why {
        FightStop::NoDice => tr(
            "The dice wait for you: your side would roll no dice and could not hit anything. Break off, surrender or ask for a truce, or roll anyway.",
        ),
        FightStop::LordsExposed => tr(
            "The dice wait for you: the other side's next roll could kill all your side's Troops, and then your Lords fall or are captured (6.2.2). Decide this roll yourself.",
        ),
        FightStop::OddsTurned { win, lose } => trf(
            "The dice wait for you: the odds have turned against you (win {win}%, lose {lose}%). Decide this roll yourself.",
            &[
                ("win", &((win * 100.0).round() as u32).to_string()),
                ("lose", &((lose * 100.0).round() as u32).to_string()),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::Options;

    fn game() -> Game {
        Game::new(Options {
            seed: 2,
            ..Options::default()
        })
        .unwrap()
    }

    /// What was said comes first; else what the game waits for; the standing orders in
    /// force follow, each with how to stop it.
    #[test]
    fn the_status_line_says_what_was_said_or_what_the_game_waits_for_then_the_orders() {
        let g = game();
        let p = g.to_act().unwrap();
        let thinking = status(&g, "", Waiting::Bot(p, Level::Hard), &[], &[]);
        assert_eq!(
            thinking,
            format!("{} (Bot · Hard) is thinking…", player(&g, p))
        );
        assert_eq!(
            status(&g, "Refused.", Waiting::Loading, &[], &[]),
            "Refused."
        );
        assert_eq!(status(&g, "", Waiting::Nothing, &[], &[]), "");
        let orders = [Standing::UntilPurchases];
        let plain = status(&g, "", Waiting::Nothing, &orders, &[]);
        assert!(plain.starts_with("Your steps are ended for you"), "{plain}");
        let drawing = status(&g, "", Waiting::Dialog, &orders, &[Action::DrawFortune]);
        assert!(
            drawing.starts_with("The game waits while the dialog is open. Draw your cards"),
            "{drawing}"
        );
    }

    #[test]
    fn the_subtitle_gives_the_round_once_the_game_is_under_way() {
        let mut g = game();
        assert_eq!(subtitle(&g, true), "");
        assert_eq!(subtitle(&g, false), names::phase(&g));
        while g.round == 0 {
            let p = g.to_act().unwrap();
            let a = g.legal_actions(p)[0].clone();
            g.apply(p, a).unwrap();
        }
        assert_eq!(
            subtitle(&g, false),
            format!("Round {} — {}", g.round, names::phase(&g))
        );
    }

    #[test]
    fn a_click_or_a_drag_that_does_nothing_names_its_villages() {
        let g = game();
        let (a, b) = (village(&g, 3), village(&g, 4));
        assert_eq!(
            nothing_at(&g, 3, None),
            format!("Nothing to do at {a} now.")
        );
        assert_eq!(
            nothing_at(&g, 3, Some("why".into())),
            format!("Nothing to do at {a} now: why")
        );
        assert_eq!(
            no_move(&g, 3, 4, None),
            format!("No move from {a} to {b}: This move is not possible.")
        );
    }
}
