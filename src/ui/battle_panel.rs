//! The battle display: both sides with their players, Strength Points and Battle Dice, the
//! fortification penalty, each roll's faces and hits, and once it is over how it ended.

use super::text;
use super::{tr, trf, trn};
use fief::rules::View;
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
    /// The faces of its dice in the last roll, and the hits scored.
    pub faces: Vec<u8>,
    pub hits: u32,
}

/// A battle as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleShow {
    pub title: String,
    pub sides: [SideShow; 2],
    pub rolls: u8,
    pub notes: Vec<String>,
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
            players: b.sides[s].iter().map(|q| text::player(g, *q)).collect(),
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
                .map(|l| super::text::lord(l.id))
                .collect(),
            faces: b.faces[s].clone(),
            hits: b.hits[s],
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
    if b.quiet > 0 {
        notes.push(trn(
            "{n} roll in a row without losses (3 end the battle).",
            "{n} rolls in a row without losses (3 end the battle).",
            b.quiet as u32,
        ));
    }
    Some(BattleShow {
        title: trf(
            "Battle at {v}",
            &[("v", &super::text::village(g, b.village))],
        ),
        sides,
        rolls: b.rolls,
        notes,
    })
}

pub struct BattlePanel {
    root: gtk::Box,
    last: Option<BattleShow>,
    /// Where the log stood when the battle shown began.
    log_start: usize,
    ended: Vec<String>,
    live: bool,
}

#[derive(Debug)]
pub enum BattleMsg {
    Show(Rc<View>),
}

#[derive(Debug)]
pub enum BattleOut {
    /// A battle has begun: the panel wants to be seen.
    Started,
}

fn side_widget(side: &SideShow, name: &str) -> gtk::Box {
    let b = gtk::Box::new(gtk::Orientation::Vertical, 2);
    b.add_css_class("battle-side");
    b.set_hexpand(true);
    let head = gtk::Label::new(Some(&format!("{name}: {}", side.players.join(", "))));
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
    if !side.faces.is_empty() {
        let faces = gtk::Box::new(gtk::Orientation::Horizontal, 3);
        for f in &side.faces {
            let d = gtk::Label::new(Some(&f.to_string()));
            d.add_css_class("die");
            faces.append(&d);
        }
        let hits = gtk::Label::new(Some(&trn("= {n} hit", "= {n} hits", side.hits)));
        hits.add_css_class("heading");
        faces.append(&hits);
        b.append(&faces);
    }
    b
}

impl BattlePanel {
    fn render(&self) {
        while let Some(c) = self.root.first_child() {
            self.root.remove(&c);
        }
        let Some(show) = &self.last else {
            let l = gtk::Label::new(Some(&tr("No battle yet.")));
            l.add_css_class("dim-label");
            self.root.append(&l);
            return;
        };
        let title = gtk::Label::new(Some(&show.title));
        title.add_css_class("title-3");
        title.set_xalign(0.0);
        self.root.append(&title);
        let status = if self.live {
            trn(
                "Roll {n} under way",
                "Roll {n} under way",
                show.rolls as u32 + 1,
            )
        } else {
            tr("Over")
        };
        let st = gtk::Label::new(Some(&status));
        st.add_css_class("dim-label");
        st.set_xalign(0.0);
        self.root.append(&st);
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        row.set_homogeneous(true);
        row.append(&side_widget(&show.sides[0], &tr("Attacking side")));
        row.append(&side_widget(&show.sides[1], &tr("Defending side")));
        self.root.append(&row);
        for n in show.notes.iter().chain(self.ended.iter()) {
            let l = gtk::Label::new(Some(n));
            l.set_xalign(0.0);
            l.set_wrap(true);
            self.root.append(&l);
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
        root.set_widget_name("battle-panel");
        let model = BattlePanel {
            root,
            last: None,
            log_start: 0,
            ended: Vec::new(),
            live: false,
        };
        model.render();
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: BattleMsg, sender: ComponentSender<Self>) {
        let BattleMsg::Show(view) = msg;
        if view.log.len() < self.log_start {
            // A new game or an undo before the battle: forget it.
            self.last = None;
            self.live = false;
            self.ended.clear();
        }
        match battle_show(&view) {
            Some(show) => {
                if !self.live {
                    self.log_start = view.log.len().saturating_sub(1);
                    self.ended.clear();
                    sender.output(BattleOut::Started).ok();
                }
                self.live = true;
                if self.last.as_ref() == Some(&show) {
                    return;
                }
                self.last = Some(show);
            }
            None if self.live => {
                self.live = false;
                // How it ended: the log entries written since it began, the rolls excepted.
                self.ended = view.log[self.log_start.min(view.log.len())..]
                    .iter()
                    .filter(|e| e.section.starts_with("6.3") || e.section.starts_with("6.2.3"))
                    .map(|e| text::msg(&e.msg, &e.text))
                    .collect();
            }
            None => return,
        }
        self.render();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battle_shows_both_sides_figures_and_the_dice_faces() {
        let rolled = crate::ui::play_until(fief::bots::Level::Normal, 7, 20000, |g, _| {
            let view = g.view(None);
            match (&g.battle, battle_show(&view)) {
                (Some(b), Some(show)) => {
                    for s in 0..2 {
                        assert_eq!(show.sides[s].sp, g.side_sp(s));
                        assert_eq!(show.sides[s].dice, g.battle_dice()[s]);
                        assert_eq!(show.sides[s].faces.len(), b.faces[s].len());
                        let sum: u32 = b.faces[s].iter().map(|f| *f as u32).sum();
                        assert!(show.sides[s].hits >= sum);
                    }
                    assert!(show.title.contains(g.map.village_name(b.village)));
                    b.faces.iter().any(|f| !f.is_empty())
                }
                (None, None) => false,
                _ => panic!("the display and the game disagree about a battle"),
            }
        });
        assert!(rolled, "no battle was rolled");
    }
}
