//! The battle display: both sides with their players, Strength Points and Battle Dice, the
//! fortification penalty, the chances before each roll, every roll's faces, hits and losses
//! (read back from the log, so the last roll shows after the battle has ended), and how it
//! ended.

use crate::ui::words::chances;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn};
use fief::bots::odds::{self, Chances};
use fief::map::VillageId;
use fief::rules::told::{self, BattleTold};
use fief::rules::{PlayerId, View};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

/// One side of the battle as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct SideShow {
    pub players: Vec<String>,
    pub sp: u32,
    pub dice: u32,
    pub troops: String,
    pub lords: Vec<String>,
    /// The players of the side, by id (what is left to them is counted after the battle).
    pub ids: Vec<PlayerId>,
}

/// A battle as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleShow {
    pub title: String,
    pub village: VillageId,
    pub sides: [SideShow; 2],
    pub rolls: u8,
    pub notes: Vec<String>,
    /// What each side had left when the battle ended (taken then, not later: the Village may
    /// see other armies since).
    pub left: Option<[String; 2]>,
}

/// The battle being fought in `view`, if any, in words and figures (pure: tested without a
/// display).
pub fn battle_show(view: &View) -> Option<BattleShow> {
    let g = &view.state;
    let b = g.battle.as_ref()?;
    let dice = g.battle_dice();
    let sides = [0usize, 1].map(|s| {
        let (mut maa, mut kn) = (0u32, 0u32);
        for &q in &b.sides[s] {
            let t = g.villages[b.village as usize].troops[q as usize];
            maa += t.maa as u32;
            kn += t.knights as u32;
        }
        SideShow {
            players: b.sides[s].iter().map(|q| names::player(g, *q)).collect(),
            sp: g.side_sp(s),
            dice: dice[s],
            troops: format!(
                "{} · {}",
                trn("{n} Man-at-Arms", "{n} Men-at-Arms", maa),
                trn("{n} Knight", "{n} Knights", kn)
            ),
            lords: g
                .lords
                .iter()
                .filter(|l| {
                    l.village == b.village && l.captor.is_none() && b.sides[s].contains(&l.owner)
                })
                .map(|l| crate::ui::words::names::lord(l.id))
                .collect(),
            ids: b.sides[s].clone(),
        }
    });
    let mut notes = Vec::new();
    let pen = g.fortress_penalty();
    if pen > 0 {
        notes.push(if b.passage {
            tr("The attacker's Secret Passage cancels the fortification penalty.")
        } else {
            trn(
                "The fortification costs the attacker {n} die (Siege Engines give dice back).",
                "The fortification costs the attacker {n} dice (Siege Engines give dice back).",
                pen,
            )
        });
    }
    if b.cavalcade.is_some() {
        notes.push(tr("A Cavalcade: the defender scores +1 hit per die."));
    }
    if b.rolls_without_losses > 0 {
        notes.push(trn(
            "{n} roll in a row without losses (3 end the battle).",
            "{n} rolls in a row without losses (3 end the battle).",
            b.rolls_without_losses as u32,
        ));
    }
    Some(BattleShow {
        title: trf(
            "Battle at {v}",
            &[("v", &crate::ui::words::names::village(g, b.village))],
        ),
        village: b.village,
        sides,
        rolls: b.rolls,
        notes,
        left: None,
    })
}

/// One roll as shown: each side's faces and hits, and what followed it in words (repeated
/// losses counted: "Blue loses a Man-at-Arms. ×3").
#[derive(Debug, Clone, PartialEq)]
pub struct RollShow {
    pub faces: [Vec<u8>; 2],
    pub hits: [u32; 2],
    pub lines: Vec<String>,
}

/// Log entries in words, a run of the same entry told once with its count.
fn counted(view: &View, idx: &[usize]) -> Vec<String> {
    crate::ui::words::log::counted(
        idx.iter()
            .filter_map(|&i| view.log.get(i))
            .map(|e| messages::msg(&e.msg, &e.text())),
    )
}

/// Every roll of the last battle in `view`'s log, in words (pure: tested without a display).
pub fn rolls_show(view: &View, told: &BattleTold) -> Vec<RollShow> {
    told.rolls
        .iter()
        .map(|r| RollShow {
            faces: r.faces.clone(),
            hits: r.hits,
            lines: counted(view, &r.after),
        })
        .collect()
}

/// The chances of the attackers in words.
pub fn chances_line(c: &Chances) -> String {
    trf(
        "Chances if fought to the end: attackers win {win} · draw {draw} · defenders win {lose}",
        &[
            ("win", &chances::percent(c.win)),
            ("draw", &chances::percent(c.draw)),
            ("lose", &chances::percent(c.lose)),
        ],
    )
}

fn dice_row(faces: &[u8], hits: u32) -> gtk::Box {
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 3);
    for f in faces {
        let d = gtk::Label::new(Some(&f.to_string()));
        d.add_css_class("die");
        row.append(&d);
    }
    if faces.is_empty() {
        let l = gtk::Label::new(Some(&tr("no dice")));
        l.add_css_class("dim-label");
        row.append(&l);
    }
    let hits = gtk::Label::new(Some(&trn("= {n} hit", "= {n} hits", hits)));
    hits.add_css_class("heading");
    row.append(&hits);
    row
}

fn side_widget(side: &SideShow, name: &str) -> gtk::Box {
    let b = gtk::Box::new(gtk::Orientation::Vertical, 2);
    b.add_css_class("battle-side");
    b.set_hexpand(true);
    let head = gtk::Label::new(Some(&crate::ui::words::names::labelled(
        name,
        &side.players.join(", "),
    )));
    head.add_css_class("heading");
    head.set_xalign(0.0);
    head.set_wrap(true);
    b.append(&head);
    for line in [
        trn("{sp} SP → {n} die", "{sp} SP → {n} dice", side.dice)
            .replace("{sp}", &side.sp.to_string()),
        side.troops.clone(),
        if side.lords.is_empty() {
            tr("No Lords")
        } else {
            side.lords.join(", ")
        },
    ] {
        let l = gtk::Label::new(Some(&line));
        l.set_xalign(0.0);
        l.set_wrap(true);
        b.append(&l);
    }
    b
}

/// What each side of `show` has left in its Village in `view`, in words.
fn left_now(view: &View, show: &BattleShow) -> [String; 2] {
    let g = &view.state;
    let vs = &g.villages[show.village as usize];
    show.sides.clone().map(|side| {
        let (mut maa, mut kn) = (0u32, 0u32);
        for &p in side.ids.iter().filter(|&&p| p < g.n()) {
            maa += vs.troops[p as usize].maa as u32;
            kn += vs.troops[p as usize].knights as u32;
        }
        trf(
            "Left: {troops}",
            &[(
                "troops",
                &format!(
                    "{} · {}",
                    trn("{n} Man-at-Arms", "{n} Men-at-Arms", maa),
                    trn("{n} Knight", "{n} Knights", kn)
                ),
            )],
        )
    })
}

pub struct BattlePanel {
    root: gtk::Box,
    /// The battle last seen under way (its sides, figures and notes).
    last: Option<BattleShow>,
    live: bool,
    /// The viewer's own battle, over, while another one is fought: it stays on the page
    /// (above the new one) until his next decision ([`BattleMsg::Seen`]), with the log's
    /// length when it ended.
    held: Option<(BattleShow, usize)>,
    /// Where the battle of `last` starts in the log.
    last_start: Option<usize>,
}

#[derive(Debug)]
pub enum BattleMsg {
    Show(Rc<View>),
    /// The viewer made a decision: his last battle, held in sight, has been seen.
    Seen,
}

#[derive(Debug)]
pub enum BattleOut {
    /// A battle has begun: the panel wants to be seen.
    Started,
}

impl BattlePanel {
    fn label(&self, text: &str, classes: &[&str]) {
        let l = gtk::Label::new(Some(text));
        l.set_xalign(0.0);
        l.set_wrap(true);
        for c in classes {
            l.add_css_class(c);
        }
        self.root.append(&l);
    }

    fn render(&self, view: &View) {
        while let Some(c) = self.root.first_child() {
            self.root.remove(&c);
        }
        // The battle of now first, where the page opens; the one held for the player to see
        // (his last battle, over meanwhile) after it.
        let told = told::last_battle(&view.log);
        match (&self.last, &told) {
            (Some(show), Some(told)) => self.battle(view, show, told, self.live),
            _ => self.label(&tr("No battle yet."), &["dim-label"]),
        }
        if let Some((show, end)) = &self.held {
            if let Some(told) = told::last_battle_before(&view.log, *end) {
                self.root
                    .append(&gtk::Separator::new(gtk::Orientation::Horizontal));
                self.label(&tr("Your last battle"), &["dim-label"]);
                self.battle(view, show, &told, false);
            }
        }
    }

    /// One battle: its sides, the odds while it is fought, every roll and how it ended.
    fn battle(&self, view: &View, show: &BattleShow, told: &told::BattleTold, live: bool) {
        self.label(&show.title, &["title-3"]);
        let status = if live {
            trn(
                "Roll {n} under way",
                "Roll {n} under way",
                show.rolls as u32 + 1,
            )
        } else {
            tr("Over")
        };
        self.label(&status, &["dim-label"]);
        if live {
            if let Some(pr) = odds::battle_prospect(&view.state) {
                self.label(&chances_line(&pr.chances), &["heading", "battle-odds"]);
            }
        }
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        row.set_homogeneous(true);
        let mut sides = show.sides.clone();
        if !live {
            // Over: what each side had left when it ended.
            let left = show.left.clone().unwrap_or_else(|| left_now(view, show));
            for (side, left) in sides.iter_mut().zip(left) {
                side.troops = left;
            }
        }
        row.append(&side_widget(&sides[0], &tr("Attacking side")));
        row.append(&side_widget(&sides[1], &tr("Defending side")));
        self.root.append(&row);
        for n in &show.notes {
            self.label(n, &[]);
        }
        for line in counted(view, &told.before) {
            self.label(&line, &[]);
        }
        for (i, r) in rolls_show(view, told).iter().enumerate() {
            self.label(
                &trf("Roll {n}", &[("n", &(i + 1).to_string())]),
                &["heading"],
            );
            let grid = gtk::Grid::new();
            grid.set_column_spacing(8);
            grid.set_row_spacing(2);
            for s in 0..2 {
                let who = gtk::Label::new(Some(&if s == 0 {
                    tr("Attackers")
                } else {
                    tr("Defenders")
                }));
                who.set_xalign(0.0);
                who.add_css_class("dim-label");
                grid.attach(&who, 0, s as i32, 1, 1);
                grid.attach(&dice_row(&r.faces[s], r.hits[s]), 1, s as i32, 1, 1);
            }
            self.root.append(&grid);
            for line in &r.lines {
                self.label(line, &["caption"]);
            }
        }
    }
}

impl SimpleComponent for BattlePanel {
    type Init = ();
    type Input = BattleMsg;
    type Output = BattleOut;
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Vertical, 6)
    }

    fn init(_: (), root: gtk::Box, _s: ComponentSender<Self>) -> ComponentParts<Self> {
        root.set_margin_start(8);
        root.set_margin_end(8);
        root.set_margin_top(8);
        root.set_margin_bottom(8);
        root.set_widget_name("battle-panel");
        let model = BattlePanel {
            root,
            last: None,
            live: false,
            held: None,
            last_start: None,
        };
        model.label(&tr("No battle yet."), &["dim-label"]);
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: BattleMsg, sender: ComponentSender<Self>) {
        let view = match msg {
            BattleMsg::Show(view) => view,
            BattleMsg::Seen => {
                self.held = None;
                return;
            }
        };
        let told = told::last_battle(&view.log);
        if told.is_none() {
            // A new game, or an undo to before the battle: forget it.
            self.last = None;
            self.live = false;
            self.held = None;
        }

        match battle_show(&view) {
            Some(show) => {
                let start = told.as_ref().map(|t| t.start);
                let new = !self.live || start != self.last_start;
                self.last_start = start;
                if new {
                    // A new battle while the viewer's own is over: his stays in sight.
                    let mine = self.last.take().filter(|b| {
                        view.viewer
                            .is_some_and(|v| b.sides.iter().any(|s| s.ids.contains(&v)))
                    });
                    if let (Some(mut b), Some(t)) = (mine, &told) {
                        if b.left.is_none() {
                            b.left = Some(left_now(&view, &b));
                        }
                        self.held = Some((b, t.start));
                    }
                    sender.output(BattleOut::Started).ok();
                }
                self.live = true;
                self.last = Some(show);
            }
            None => {
                // Just over: what each side has left is taken now, once.
                if self.live {
                    if let Some(show) = self.last.as_mut() {
                        show.left = Some(left_now(&view, show));
                    }
                }
                self.live = false;
            }
        }
        self.render(&view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::BattleStep;

    #[test]
    fn a_battle_shows_both_sides_figures_and_every_roll_even_after_it_ended() {
        // The rolls seen while the battle was under way, and the faces of the last of them.
        let mut seen: Option<(usize, [Vec<u8>; 2])> = None;
        // Battles whose last roll ended them in the same step (never seen under way).
        let mut unseen_last = 0;
        let mut checked = 0;
        let ended = crate::ui::play_until(fief::bots::Level::Normal, 4, 20000, |g, _| {
            let view = g.view(None);
            match (&g.battle, battle_show(&view)) {
                (Some(b), Some(show)) => {
                    for s in 0..2 {
                        assert_eq!(show.sides[s].sp, g.side_sp(s));
                        assert_eq!(show.sides[s].dice, g.battle_dice()[s]);
                    }
                    assert!(show.title.contains(g.map.village_name(b.village)));
                    if b.faces.iter().any(|f| !f.is_empty()) {
                        let n = b.rolls as usize + usize::from(b.step == BattleStep::After);
                        seen = Some((n, b.faces.clone()));
                    }
                    false
                }
                (None, None) => {
                    let Some((n, faces)) = seen.take() else {
                        return false;
                    };
                    // Over: the log still shows every roll, with its dice, the rolls made
                    // in the step that ended the battle too.
                    let told = told::last_battle(&view.log).unwrap();
                    let rolls = rolls_show(&view, &told);
                    assert!(rolls.len() >= n);
                    assert_eq!(rolls[n - 1].faces, faces);
                    if rolls.len() > n {
                        unseen_last += 1;
                        let r = rolls.last().unwrap();
                        assert!(!r.faces[0].is_empty() || !r.faces[1].is_empty());
                    }
                    checked += 1;
                    checked >= 6 && unseen_last >= 1
                }
                _ => panic!("the display and the game disagree about a battle"),
            }
        });
        assert!(
            ended,
            "{checked} battles fought to their end, {unseen_last} ended by a roll not seen under way"
        );
    }
}

#[cfg(test)]
mod gtk_tests {
    use super::*;
    use relm4::{Component, ComponentController};

    /// The battle page tells what each side had left when the battle ended, not what the
    /// Village holds rounds later (a trial found "Left" counting the armies that came since).
    #[gtk4::test]
    fn what_was_left_is_taken_when_the_battle_ends() {
        let sc = |script: serde_json::Value| {
            let mut sc: serde_json::Value = serde_json::from_str(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/outmatched.json"
            )))
            .unwrap();
            sc["script"] = script;
            sc["dice"] = serde_json::json!([1, 1, 1, 1]);
            fief::scenario::run(&sc.to_string()).unwrap().game
        };
        let fought = sc(serde_json::json!([
            ["Kirsten", "battle charolles gunter"],
            ["Kirsten", "fight"]
        ]));
        // After a roll of 2 hits each, Kirsten surrenders: her Troops are disbanded.
        let over = sc(serde_json::json!([
            ["Kirsten", "battle charolles gunter"],
            ["Kirsten", "fight"],
            ["Gunter", "fight"],
            ["Kirsten", "surrender"]
        ]));
        assert!(fought.battle.is_some() && over.battle.is_none());
        let charolles = over.map.find_village("charolles").unwrap();
        let mut later = over.clone();
        later.villages[charolles as usize].troops[2].maa = 9;
        let panel = BattlePanel::builder().launch(()).detach();
        let texts = |panel: &relm4::Controller<BattlePanel>| {
            let mut out = Vec::new();
            let mut stack = vec![panel.widget().clone().upcast::<gtk::Widget>()];
            while let Some(w) = stack.pop() {
                if let Some(l) = w.downcast_ref::<gtk::Label>() {
                    out.push(l.text().to_string());
                }
                let mut c = w.first_child();
                while let Some(x) = c {
                    c = x.next_sibling();
                    stack.push(x);
                }
            }
            out
        };
        for g in [&fought, &over, &later] {
            panel.emit(BattleMsg::Show(Rc::new(g.view(Some(2)))));
            crate::ui::pump_until(1, || false);
        }
        let shown = texts(&panel);
        assert!(
            shown.iter().any(|t| t == "Left: 0 Men-at-Arms · 0 Knights"),
            "{shown:?}"
        );
        assert!(
            !shown.iter().any(|t| t.contains("9 Men-at-Arms")),
            "{shown:?}"
        );
    }
}
