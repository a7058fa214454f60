//! The prompt bar's choices: the step's main button first (in a slot of one width), the whole Fortune draw in one click,
//! the legal actions as buttons (three or more of a kind share a menu), Cancel, the standing
//! orders apart at the far end, and the note under them (a battle's odds, why a Village
//! cannot be attacked, what the highlighted Villages mean).

use super::{MainButton, PromptBar, PromptData, PromptOut};
use crate::ui::plan::clicks;
use crate::ui::plan::clicks::{Group, Selection};
use crate::ui::words::chances;
use crate::ui::words::names;
use crate::ui::words::question;
use crate::ui::{tr, trf, trn, trnf};
use fief::rules::{Action, PromptKind};
use fief::session::{fight_stop, FightStop, Standing};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentSender};

/// The width of the main button's slot, the first of the bar: wide enough for the longest
/// step's end in the three languages ("Done: end my purchases").
const MAIN_SLOT: i32 = 180;

impl PromptBar {
    /// The choices as buttons (actions of one kind share a menu), the main one first.
    pub(super) fn choices(&mut self, d: &PromptData, sender: &ComponentSender<Self>) {
        let g = &d.view.state;
        let listed = clicks::listed(g, &d.legal, &d.selection);
        let (mut groups, finish) = clicks::groups(g, &listed);
        if let Some(pr) = &d.view.prompt {
            as_asked(&pr.kind, &mut groups);
        }
        // The step's main button first, in a slot of one width whatever its words (an
        // empty slot when the decision has none): the buttons after it keep their places
        // from one decision to the next.
        let mut slot = None;
        for (label, a) in finish {
            if self.main.is_none() {
                self.main = Some(MainButton::Choose(a.clone()));
            }
            let b = self.action_button(&label, a, sender);
            b.add_css_class("suggested-action");
            slot.get_or_insert_with(|| b.clone().upcast::<gtk::Widget>());
            self.add(&b);
        }
        let slot = slot.unwrap_or_else(|| {
            let gap = gtk::Box::new(gtk::Orientation::Horizontal, 0);
            self.add(&gap);
            gap.upcast()
        });
        slot.set_size_request(MAIN_SLOT, -1);
        if d.legal.iter().any(|a| matches!(a, Action::Vote { .. })) {
            let b = gtk::Button::with_label(&tr("Open the ballot…"));
            b.add_css_class("suggested-action");
            let s = sender.clone();
            b.connect_clicked(move |_| {
                s.output(PromptOut::OpenBallot).ok();
            });
            self.add(&b);
        }
        self.draw_all(d, sender);
        let orders = self.standing_orders(d, sender);
        for gr in groups {
            self.add_group(d, gr, sender);
        }
        if d.selection != Selection::None {
            let b = gtk::Button::with_label(&tr("Cancel"));
            b.set_tooltip_text(Some(&tr("Cancel the selection (Escape)")));
            let s = sender.clone();
            b.connect_clicked(move |_| {
                s.output(PromptOut::Select(Selection::None)).ok();
            });
            self.add(&b);
        }
        // The standing orders sit apart at the far end of the bar: a step's buttons that
        // come and go never put one of them where another button was.
        if !orders.is_empty() {
            let gap = gtk::Box::new(gtk::Orientation::Horizontal, 0);
            gap.set_hexpand(true);
            gap.set_size_request(24, -1);
            self.add(&gap);
            for b in &orders {
                self.add(b);
            }
        }
        if self.main.is_none() && listed.len() == 1 {
            self.main = Some(MainButton::Choose(listed[0].clone()));
        }
        self.note_under(d, &listed);
    }

    /// 2.1: the whole draw from the Fortune deck in one click.
    fn draw_all(&self, d: &PromptData, sender: &ComponentSender<Self>) {
        let (true, Some(p)) = (d.legal.contains(&Action::DrawFortune), d.view.viewer) else {
            return;
        };
        let n = clicks::fortune_draws(&d.view.state, p);
        if n < 2 {
            return;
        }
        let b = gtk::Button::with_label(&trnf(
            "Draw {n} Fortune card",
            "Draw {n} Fortune cards",
            n,
            &[],
        ));
        b.set_widget_name("draw-all");
        let (s, draws) = (sender.clone(), vec![Action::DrawFortune; n as usize]);
        b.connect_clicked(move |_| {
            s.output(PromptOut::ChosenAll(draws.clone())).ok();
        });
        self.add(&b);
    }

    /// The standing orders the step allows: end the routine steps up to the purchases, pass
    /// every reaction window of the phase, fight a battle out.
    fn standing_orders(&self, d: &PromptData, sender: &ComponentSender<Self>) -> Vec<gtk::Button> {
        let g = &d.view.state;
        let order_button = |label: &str, tip: &str, name: &str, order: Standing| {
            let b = gtk::Button::with_label(label);
            b.set_tooltip_text(Some(tip));
            b.set_widget_name(name);
            let s = sender.clone();
            b.connect_clicked(move |_| {
                s.output(PromptOut::Stand(order)).ok();
            });
            b
        };
        let mut orders = Vec::new();
        let routine =
            matches!(&self.main, Some(MainButton::Choose(a)) if Standing::routine_end(a, &d.legal));
        if routine && g.phase.number() <= 4 {
            orders.push(order_button(
                &tr("Done until my purchases"),
                &tr("Ends this step and every later one you can simply end or pass, up to your purchases. Your draw, votes, nominations and battles are still asked."),
                "until-purchases",
                Standing::UntilPurchases,
            ));
        }
        // A reaction window: hold the cards and pass every window of this phase.
        if d.legal.contains(&Action::Pass)
            && matches!(
                d.view.prompt.as_ref().map(|p| &p.kind),
                Some(PromptKind::Window { .. })
            )
        {
            orders.push(order_button(
                &tr("Pass until this phase ends"),
                &tr("Passes this window and every other one until the phase ends: your cards stay in your hand."),
                "pass-phase",
                Standing::pass_windows(g),
            ));
        }
        // Never offered to a side that would roll no dice: it could not hit anything.
        let no_dice = d
            .view
            .viewer
            .is_some_and(|v| fight_stop(g, v, 0.0) == Some(FightStop::NoDice));
        if let (true, false, Some(b)) =
            (d.legal.contains(&Action::Fight), no_dice, g.battle.as_ref())
        {
            orders.push(order_button(
                &tr("Fight to the end"),
                &tr("Rolls again after each roll until the battle is over or something else must be decided."),
                "fight-on",
                Standing::FightOn {
                    round: g.round,
                    village: b.village,
                },
            ));
        }
        orders
    }

    /// The legal actions of one kind: one or two are buttons of their own (a menu would
    /// cost a click more); more share a menu.
    fn add_group(&self, d: &PromptData, gr: Group, sender: &ComponentSender<Self>) {
        let g = &d.view.state;
        if gr.items.len() <= 2 {
            for (label, a) in gr.items {
                let b = self.action_button(&label, a.clone(), sender);
                if let Some(odds) = chances::attack_chances(g, d.view.viewer, &a) {
                    b.set_tooltip_text(Some(&odds));
                }
                self.add(&b);
            }
            return;
        }
        let menu = gtk::MenuButton::new();
        menu.set_label(&format!("{} ({})", gr.title, gr.items.len()));
        // What the count is: the choices the menu holds.
        menu.set_tooltip_text(Some(&trn(
            "{n} choice of this kind: the menu lists it",
            "{n} choices of this kind: the menu lists them",
            gr.items.len() as u32,
        )));
        let pop = gtk::Popover::new();
        let list = gtk::Box::new(gtk::Orientation::Vertical, 2);
        for (label, a) in gr.items {
            let label = match chances::attack_chances(g, d.view.viewer, &a) {
                Some(odds) => format!("{label}\n{odds}"),
                None => label,
            };
            let b = gtk::Button::with_label(&label);
            b.add_css_class("flat");
            if let Some(l) = b.child().and_downcast::<gtk::Label>() {
                l.set_xalign(0.0);
            }
            let (s, p) = (sender.clone(), pop.clone());
            b.connect_clicked(move |_| {
                p.popdown();
                s.output(PromptOut::Chosen(a.clone())).ok();
            });
            list.append(&b);
        }
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_propagate_natural_height(true);
        scroll.set_max_content_height(420);
        scroll.set_child(Some(&list));
        pop.set_child(Some(&scroll));
        menu.set_popover(Some(&pop));
        self.add(&menu);
    }

    /// The note under the choices: a battle's odds; why a Village selected in the Battles
    /// step cannot be attacked; what the highlighted Villages are for.
    fn note_under(&self, d: &PromptData, listed: &[Action]) {
        let g = &d.view.state;
        let in_battle = d.legal.iter().any(|a| {
            matches!(
                a,
                Action::Fight
                    | Action::EndBattle
                    | Action::Surrender
                    | Action::ProposeTruce
                    | Action::BuyTruce(_)
                    | Action::JoinSide(_)
            )
        });
        if let Some(odds) = chances::battle_chances(g, d.view.viewer).filter(|_| in_battle) {
            self.set_note(&odds, true);
            return;
        }
        if let (Selection::Village(v), Some(p), Some(PromptKind::Battles)) = (
            &d.selection,
            d.view.viewer,
            d.view.prompt.as_ref().map(|pr| &pr.kind),
        ) {
            let attack = listed
                .iter()
                .any(|a| matches!(a, Action::DeclareBattle { .. }));
            if let (false, Some(why)) = (attack, clicks::why_nothing_at(g, p, &Selection::None, *v))
            {
                self.set_note(
                    &trf(
                        "No attack at {v}: {why}",
                        &[("v", &names::village(g, *v)), ("why", &why)],
                    ),
                    false,
                );
                return;
            }
        }
        let hl = clicks::highlights(g, &d.legal, &d.selection);
        if !hl.is_empty() {
            let hint = match d.selection {
                Selection::Village(v) => trf(
                    "Click a highlighted Village to move there from {v}.",
                    &[("v", &names::village(g, v))],
                ),
                _ => tr("Highlighted Villages on the map can be clicked."),
            };
            self.set_note(&hint, false);
        }
    }
}

/// A yes/no question's answers as its dialog shows them, in its words and order
/// (`question::answers`), whatever the order of the engine's list; the answers keep the
/// places they had among the other choices.
fn as_asked(kind: &PromptKind, groups: &mut [Group]) {
    let Some(answers) = question::answers(kind) else {
        return;
    };
    let mut at = Vec::new();
    for (i, gr) in groups.iter_mut().enumerate() {
        let [(label, a)] = gr.items.as_mut_slice() else {
            continue;
        };
        if let Some(k) = answers.iter().position(|(x, _)| x == a) {
            label.clone_from(&answers[k].1);
            gr.title.clone_from(&answers[k].1);
            at.push((i, k));
        }
    }
    if let [(i, ki), (j, kj)] = at[..] {
        if ki > kj {
            groups.swap(i, j);
        }
    }
}

/// The prompt's words once the game is over: who won, and why.
pub(super) fn over_text(d: &PromptData) -> String {
    let g = &d.view.state;
    let Some(o) = &d.view.outcome else {
        return String::new();
    };
    let why = crate::ui::words::messages::msg(&o.why, &o.reason);
    let names: Vec<String> = o.winners.iter().map(|w| names::player(g, *w)).collect();
    if names.is_empty() {
        trf("The game is over: {why}.", &[("why", &why)])
    } else {
        trf(
            "The game is over: {who} won ({why}).",
            &[("who", &names.join(" & ")), ("why", &why)],
        )
    }
}
