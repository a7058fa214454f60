//! Elections: the ballot dialog where a human places his FOR and DECOY markers face down
//! (candidates with their Lords' titles, each voter's weight), and the panel that shows the
//! election under way and, once the markers are turned over, every ballot, the totals and
//! the rule that decided the result.

use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::{tr, trf};
use fief::rules::{Action, ElectionKind, ElectionResult, Game, LordId, Phase, PlayerId, View};
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

/// The candidates of the election under way: (Lord, nominating player's name, titles).
pub fn candidates(view: &View) -> Vec<(LordId, String, String)> {
    let g = &view.state;
    view.candidates
        .iter()
        .map(|(p, l)| {
            (
                *l,
                names::player(g, *p),
                names::lord_titles(g, *l).join(", "),
            )
        })
        .collect()
}

/// Each player's vote weight in the election under way.
pub fn weights(view: &View) -> Vec<(String, u32)> {
    let g = &view.state;
    match &g.phase {
        Phase::Elections { election: Some(e) } => (0..g.n())
            .map(|p| (names::player(g, p), g.vote_weight(e.kind, p)))
            .collect(),
        _ => Vec::new(),
    }
}

fn grid_label(grid: &gtk::Grid, s: &str, col: i32, row: i32, bold: bool) {
    let l = gtk::Label::new(Some(s));
    l.set_xalign(0.0);
    l.set_wrap(true);
    if bold {
        l.add_css_class("heading");
    }
    grid.attach(&l, col, row, 1, 1);
}

fn candidates_grid(view: &View) -> gtk::Grid {
    let grid = gtk::Grid::new();
    grid.set_column_spacing(16);
    grid.set_row_spacing(4);
    grid_label(&grid, &tr("Candidate"), 0, 0, true);
    grid_label(&grid, &tr("Nominated by"), 1, 0, true);
    grid_label(&grid, &tr("Titles"), 2, 0, true);
    for (i, (l, who, titles)) in candidates(view).into_iter().enumerate() {
        let r = i as i32 + 1;
        grid_label(&grid, &names::lord(l), 0, r, false);
        grid_label(&grid, &who, 1, r, false);
        grid_label(
            &grid,
            if titles.is_empty() { "—" } else { &titles },
            2,
            r,
            false,
        );
    }
    grid
}

fn weights_line(view: &View) -> String {
    let w: Vec<String> = weights(view)
        .into_iter()
        .map(|(n, w)| format!("{n} {w}"))
        .collect();
    trf("Votes: {list}", &[("list", &w.join(" · "))])
}

/// The revealed ballots, the totals and the deciding rule of a decided election.
pub fn result_lines(g: &Game, r: &ElectionResult) -> Vec<String> {
    let mut out = vec![trf(
        "Election of the {name} (round {n}, rule {s})",
        &[
            ("name", &names::election(g, r.election.kind)),
            ("n", &r.round.to_string()),
            ("s", &r.section),
        ],
    )];
    for (b, w) in r.election.ballots.iter().zip(&r.weights) {
        let f = b.for_lord.map(names::lord).unwrap_or_else(|| tr("nobody"));
        let d = b.decoy.map(names::lord).unwrap_or_else(|| tr("nobody"));
        out.push(crate::ui::trnf(
            "{p} ({n} vote): FOR {f}, decoy on {d}",
            "{p} ({n} votes): FOR {f}, decoy on {d}",
            *w,
            &[("p", &names::player(g, b.player)), ("f", &f), ("d", &d)],
        ));
    }
    let totals: Vec<String> = r
        .count
        .totals
        .iter()
        .map(|(l, n)| format!("{} {n}", names::lord(*l)))
        .collect();
    out.push(trf("FOR votes: {t}", &[("t", &totals.join(" · "))]));
    out.push(match r.count.winner {
        Some(w) => trf(
            "{lord} is elected: {why}.",
            &[
                ("lord", &names::lord(w)),
                ("why", &messages::msg(&r.count.why, &r.count.reason)),
            ],
        ),
        None => trf(
            "Nobody is elected: {why}.",
            &[("why", &messages::msg(&r.count.why, &r.count.reason))],
        ),
    });
    out
}

// ---------------------------------------------------------------------------------------

pub struct ElectionDialog {
    window: adw::Window,
    content: gtk::Box,
    /// The hint for this ballot, under the markers (hidden until one is asked for).
    hint: gtk::Label,
}

#[derive(Debug)]
pub enum BallotMsg {
    Open(Rc<View>, Rc<Vec<Action>>),
    Close,
    /// What to show on the hint line: the hint and its reason, or why there is none yet.
    Hint(String),
}

#[derive(Debug)]
pub enum BallotOut {
    Vote(Action),
    /// The player asks for a hint (the Hint button or Ctrl+H, which the modal ballot keeps
    /// from the main window).
    Hint,
    /// Ctrl+Q: quit, as in the main window (the game is saved).
    Quit,
}

impl SimpleComponent for ElectionDialog {
    type Init = ();
    type Input = BallotMsg;
    type Output = BallotOut;
    type Root = adw::Window;
    type Widgets = ();

    fn init_root() -> adw::Window {
        adw::Window::builder()
            .modal(true)
            .default_width(560)
            .title(tr("Ballot"))
            .hide_on_close(true)
            .build()
    }

    fn init(_: (), window: adw::Window, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        window.set_widget_name("ballot");
        let outer = gtk::Box::new(gtk::Orientation::Vertical, 0);
        let header = adw::HeaderBar::new();
        let hint_button = gtk::Button::with_label(&tr("Hint"));
        hint_button.set_widget_name("ballot-hint");
        hint_button.set_tooltip_text(Some(&tr(
            "The computer's suggestion for this ballot, with its reason (Ctrl+H). It is never cast for you.",
        )));
        let s = sender.clone();
        hint_button.connect_clicked(move |_| {
            s.output(BallotOut::Hint).ok();
        });
        header.pack_start(&hint_button);
        outer.append(&header);
        let keys = gtk::ShortcutController::new();
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>h"),
            Some(gtk::CallbackAction::new(move |_, _| {
                s.output(BallotOut::Hint).ok();
                gtk::glib::Propagation::Stop
            })),
        ));
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>q"),
            Some(gtk::CallbackAction::new(move |_, _| {
                s.output(BallotOut::Quit).ok();
                gtk::glib::Propagation::Stop
            })),
        ));
        window.add_controller(keys);
        let hint = gtk::Label::new(None);
        hint.set_widget_name("ballot-hint-line");
        hint.set_wrap(true);
        hint.set_xalign(0.0);
        hint.add_css_class("accent");
        let content = gtk::Box::new(gtk::Orientation::Vertical, 12);
        content.set_margin_start(18);
        content.set_margin_end(18);
        content.set_margin_top(12);
        content.set_margin_bottom(18);
        outer.append(&content);
        window.set_content(Some(&outer));
        ComponentParts {
            model: ElectionDialog {
                window,
                content,
                hint,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: BallotMsg, sender: ComponentSender<Self>) {
        let (view, legal) = match msg {
            BallotMsg::Close => {
                self.window.set_visible(false);
                return;
            }
            BallotMsg::Hint(text) => {
                self.hint.set_text(&text);
                self.hint.set_visible(true);
                return;
            }
            BallotMsg::Open(v, p) => (v, p),
        };
        while let Some(c) = self.content.first_child() {
            self.content.remove(&c);
        }
        let g = &view.state;
        let Some(p) = &view.prompt else { return };
        let kind = match p.kind {
            fief::rules::PromptKind::Vote(k) => k,
            _ => return,
        };
        let title = gtk::Label::new(Some(&trf(
            "Election of the {e}",
            &[("e", &names::election(g, kind))],
        )));
        title.add_css_class("title-2");
        self.content.append(&title);
        let expl = gtk::Label::new(Some(&tr(
            "Place your FOR marker on the candidate you vote for and your DECOY marker anywhere you like. Both lie face down until every player has voted; only FOR markers count.",
        )));
        expl.set_wrap(true);
        expl.set_xalign(0.0);
        self.content.append(&expl);
        self.content.append(&candidates_grid(&view));
        let w = gtk::Label::new(Some(&weights_line(&view)));
        w.set_xalign(0.0);
        w.set_wrap(true);
        w.add_css_class("dim-label");
        self.content.append(&w);
        // The choices: nobody or a candidate, for each marker; only legal ballots are offered.
        let mut opts: Vec<Option<LordId>> = vec![None];
        opts.extend(view.candidates.iter().map(|c| Some(c.1)));
        let names: Vec<String> = opts
            .iter()
            .map(|o| o.map(names::lord).unwrap_or_else(|| tr("nobody")))
            .collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let form = gtk::Grid::new();
        form.set_column_spacing(12);
        form.set_row_spacing(8);
        let for_dd = gtk::DropDown::from_strings(&refs);
        let decoy_dd = gtk::DropDown::from_strings(&refs);
        grid_label(&form, &tr("FOR marker"), 0, 0, true);
        form.attach(&for_dd, 1, 0, 1, 1);
        grid_label(&form, &tr("DECOY marker"), 0, 1, true);
        form.attach(&decoy_dd, 1, 1, 1, 1);
        // Start on the first legal ballot that votes for somebody (own candidate first).
        let own = view
            .candidates
            .iter()
            .find(|c| Some(c.0) == view.viewer)
            .map(|c| c.1);
        let start = legal
            .iter()
            .filter_map(|a| match a {
                Action::Vote { for_lord, decoy } => Some((*for_lord, *decoy)),
                _ => None,
            })
            .max_by_key(|(f, _)| (own.is_some() && *f == own, f.is_some()));
        if let Some((f, d)) = start {
            for_dd.set_selected(opts.iter().position(|o| *o == f).unwrap_or(0) as u32);
            decoy_dd.set_selected(opts.iter().position(|o| *o == d).unwrap_or(0) as u32);
        }
        self.content.append(&form);
        let place = gtk::Button::with_label(&tr("Place the markers face down"));
        place.add_css_class("suggested-action");
        place.add_css_class("pill");
        place.set_halign(gtk::Align::Center);
        let (s, win) = (sender.clone(), self.window.clone());
        let (fd, dd) = (for_dd.clone(), decoy_dd.clone());
        let why = gtk::Label::new(None);
        why.add_css_class("warning");
        let why2 = why.clone();
        place.connect_clicked(move |_| {
            let a = Action::Vote {
                for_lord: opts.get(fd.selected() as usize).copied().flatten(),
                decoy: opts.get(dd.selected() as usize).copied().flatten(),
            };
            if legal.contains(&a) {
                win.set_visible(false);
                s.output(BallotOut::Vote(a)).ok();
            } else {
                why2.set_text(&tr("This ballot is not allowed."));
            }
        });
        self.content.append(&place);
        self.content.append(&why);
        self.hint.set_text("");
        self.hint.set_visible(false);
        self.content.append(&self.hint);
        self.window.present();
    }
}

// ---------------------------------------------------------------------------------------

/// What the election panel shows, to tell when it must be drawn again: the election under
/// way (its kind, the candidates, who has voted) and the round of the last result.
#[derive(Clone, Debug, PartialEq)]
struct Showing {
    under_way: Option<UnderWay>,
    last_round: Option<u16>,
}

/// An election under way as the panel shows it.
#[derive(Clone, Debug, PartialEq)]
struct UnderWay {
    kind: ElectionKind,
    candidates: Vec<(PlayerId, LordId)>,
    voted: Vec<PlayerId>,
}

/// The sidebar page: the election under way (candidates, weights, who has voted) and the
/// result of the last one.
pub struct ElectionPanel {
    root: gtk::Box,
    last: Option<Box<ElectionResult>>,
    showing: Option<Showing>,
}

#[derive(Debug)]
pub enum ElectionPanelMsg {
    Show(Rc<View>),
}

#[derive(Debug)]
pub enum ElectionPanelOut {
    /// An election was decided: the panel wants to be seen.
    Decided,
}

impl SimpleComponent for ElectionPanel {
    type Init = ();
    type Input = ElectionPanelMsg;
    type Output = ElectionPanelOut;
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Vertical, 6)
    }

    fn init(_: (), root: gtk::Box, _s: ComponentSender<Self>) -> ComponentParts<Self> {
        root.set_margin_start(8);
        root.set_margin_end(8);
        root.set_margin_top(8);
        root.set_widget_name("election-panel");
        ComponentParts {
            model: ElectionPanel {
                root,
                last: None,
                showing: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: ElectionPanelMsg, sender: ComponentSender<Self>) {
        let ElectionPanelMsg::Show(view) = msg;
        let g = &view.state;
        let key = Showing {
            under_way: match &g.phase {
                Phase::Elections { election: Some(e) } => Some(UnderWay {
                    kind: e.kind,
                    candidates: view.candidates.clone(),
                    voted: view.voted.clone(),
                }),
                _ => None,
            },
            last_round: g.last_election.as_ref().map(|r| r.round),
        };
        if self.showing.as_ref() == Some(&key) && self.last == g.last_election {
            return;
        }
        // A result that is new since the panel was last shown: it wants to be seen.
        if g.last_election.is_some() && g.last_election != self.last && self.showing.is_some() {
            sender.output(ElectionPanelOut::Decided).ok();
        }
        self.last = g.last_election.clone();
        self.showing = Some(key);
        while let Some(c) = self.root.first_child() {
            self.root.remove(&c);
        }
        if let Phase::Elections { election: Some(e) } = &g.phase {
            let t = gtk::Label::new(Some(&trf(
                "Under way: election of the {e}",
                &[("e", &names::election(g, e.kind))],
            )));
            t.add_css_class("title-4");
            t.set_xalign(0.0);
            self.root.append(&t);
            self.root.append(&candidates_grid(&view));
            let voted: Vec<String> = view.voted.iter().map(|p| names::player(g, *p)).collect();
            for line in [
                weights_line(&view),
                trf(
                    "Markers placed face down: {list}",
                    &[(
                        "list",
                        &if voted.is_empty() {
                            "—".to_string()
                        } else {
                            voted.join(", ")
                        },
                    )],
                ),
            ] {
                let l = gtk::Label::new(Some(&line));
                l.set_xalign(0.0);
                l.set_wrap(true);
                self.root.append(&l);
            }
        }
        match &g.last_election {
            Some(r) => {
                let t = gtk::Label::new(Some(&tr("Last result")));
                t.add_css_class("title-4");
                t.set_xalign(0.0);
                t.set_margin_top(8);
                self.root.append(&t);
                for (i, line) in result_lines(g, r).into_iter().enumerate() {
                    let l = gtk::Label::new(Some(&line));
                    l.set_xalign(0.0);
                    l.set_wrap(true);
                    if i == 0 {
                        l.add_css_class("heading");
                    }
                    self.root.append(&l);
                }
            }
            None if !matches!(g.phase, Phase::Elections { election: Some(_) }) => {
                let l = gtk::Label::new(Some(&tr("No election yet.")));
                l.add_css_class("dim-label");
                self.root.append(&l);
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_election_is_shown_then_revealed_with_its_rule() {
        let mut weighed = false;
        let decided = crate::ui::play_until(fief::bots::Level::Normal, 3, 30000, |g, p| {
            let view = g.view(Some(p));
            if matches!(
                view.prompt.as_ref().map(|x| &x.kind),
                Some(fief::rules::PromptKind::Vote(_))
            ) {
                assert_eq!(candidates(&view).len(), view.candidates.len());
                assert_eq!(weights(&view).len(), 4);
                weighed = true;
            }
            let Some(r) = &view.state.last_election else {
                return false;
            };
            let lines = result_lines(&view.state, r);
            assert_eq!(lines.len(), r.election.ballots.len() + 3);
            assert!(lines.last().unwrap().contains(&r.count.reason));
            assert!(weighed);
            // Another player sees the same revealed ballots.
            let other = g.view(Some((p + 1) % 4));
            assert_eq!(other.state.last_election, view.state.last_election);
            true
        });
        assert!(decided, "no election was decided");
    }
}
