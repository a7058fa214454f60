//! The names of things as the window writes them: Lords, Villages, Fiefs, Bishoprics, players,
//! seats and colours, relics, a Lord's titles, the moments of a round (its phase, an election,
//! a reaction window). Pure functions of the viewer's game (`View::state`), tested without a
//! display.

use crate::ui::{tr, trf};
use fief::map::VillageId;
use fief::rules::{ElectionKind, Game, PlayerId, WindowAt};
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

/// A Lord's name with his family's: "Thierry (Blue)" (a marriage joins two families).
pub(crate) fn lord_of_family(g: &Game, l: fief::rules::LordId) -> String {
    match g.lord(l) {
        Some(x) => trf(
            "{lord} ({family})",
            &[("lord", &lord(l)), ("family", &player(g, x.owner))],
        ),
        None => lord(l),
    }
}

pub fn lords_list(ls: &[fief::rules::LordId]) -> String {
    ls.iter().map(|l| lord(*l)).collect::<Vec<_>>().join(", ")
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

pub fn window_when(g: &Game, at: WindowAt) -> String {
    match at {
        WindowAt::Phase(n) => trf("at the start of Phase {n}", &[("n", &n.to_string())]),
        WindowAt::BattleRoll(v) => trf("before the roll at {v}", &[("v", &village(g, v))]),
    }
}

/// The office an election fills: the engine's words for it, translated.
pub fn election(g: &Game, kind: ElectionKind) -> String {
    g.election_arg(kind).render(&crate::ui::Gettext)
}

/// The phase and step, as the header bar shows it: the engine's words for it, translated.
pub fn phase(g: &Game) -> String {
    g.phase_msg().render(&crate::ui::Gettext)
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

/// `s` as Pango markup that shows it as it is.
/// "Blue: 3 Troops": a name and what is said of it, with the language's own colon (French
/// puts a space before it).
pub fn labelled(name: &str, what: &str) -> String {
    trf("{name}: {what}", &[("name", name), ("what", what)])
}

pub fn glib_escape(s: &str) -> String {
    relm4::gtk::glib::markup_escape_text(s).to_string()
}
