//! The prompt bar's losses composer (every casualty of a roll chosen at once), with the
//! reason the rules would refuse what it holds. The Move composer is in `move_composer`.

use super::{MainButton, PromptBar, PromptData, PromptMsg};
use crate::ui::plan::losses;
use crate::ui::words::names;
use crate::ui::{tr, trf};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentSender};

impl PromptBar {
    /// Whether the losses chosen are the ones the rules ask for: said on the "Remove"
    /// button and in the status line.
    pub(super) fn losses_refusal(&self) {
        let (Some(d), Some(go), Some(counts)) = (&self.data, &self.go, &self.losses) else {
            return;
        };
        let p = d.view.viewer.unwrap_or(0);
        match losses::losses_plan(&d.view.state, p, counts) {
            Ok(_) => {
                go.set_sensitive(true);
                go.set_tooltip_text(None);
                self.status.set_text(&d.status);
            }
            Err(why) => {
                go.set_sensitive(false);
                go.set_tooltip_text(Some(&why));
                self.status.set_text(&why);
            }
        }
    }

    /// The losses composer (6.2.2): every casualty of the roll chosen at once, preset to the
    /// engine's proposal (`Game::loss_choice`), each count adjustable, one confirmation.
    pub(super) fn losses_composer(&mut self, d: &PromptData, sender: &ComponentSender<Self>) {
        let g = &d.view.state;
        let Some(p) = d.view.viewer else { return };
        self.main = Some(MainButton::ConfirmLosses);
        let choice = g.loss_choice(p).unwrap_or_default();
        let (preset, kinds) = (choice.proposed, choice.kinds);
        let counts = self.losses.get_or_insert_with(|| preset.clone()).clone();
        let count =
            |c: &fief::rules::Casualty| counts.iter().find(|(k, _)| k == c).map_or(0, |(_, n)| *n);
        let go = gtk::Button::with_label(&tr("Remove these losses"));
        go.add_css_class("suggested-action");
        go.set_widget_name("remove-losses");
        let s = sender.clone();
        go.connect_clicked(move |_| s.input(PromptMsg::ConfirmLosses));
        self.add(&go);
        for (c, most) in kinds {
            match c {
                fief::rules::Casualty::Lord(l) => {
                    let t = gtk::ToggleButton::with_label(&trf(
                        "{lord} falls",
                        &[("lord", &names::lord(l))],
                    ));
                    t.set_active(count(&c) > 0);
                    let s = sender.clone();
                    t.connect_toggled(move |t| {
                        s.input(PromptMsg::Loss(c, u8::from(t.is_active())))
                    });
                    self.add(&t);
                }
                fief::rules::Casualty::Maa(q) | fief::rules::Casualty::Knight(q) => {
                    let who = names::player(g, q);
                    let name = if matches!(c, fief::rules::Casualty::Maa(_)) {
                        trf("Men-at-Arms of {p}", &[("p", &who)])
                    } else {
                        trf("Knights of {p}", &[("p", &who)])
                    };
                    let b = gtk::Box::new(gtk::Orientation::Horizontal, 4);
                    b.append(&gtk::Label::new(Some(&name)));
                    let spin = gtk::SpinButton::with_range(0.0, most as f64, 1.0);
                    spin.set_value(count(&c) as f64);
                    spin.set_focus_on_click(false);
                    let s = sender.clone();
                    spin.connect_value_changed(move |sp| {
                        s.input(PromptMsg::Loss(c, sp.value() as u8))
                    });
                    b.append(&spin);
                    self.add(&b);
                }
            }
        }
        let reset = gtk::Button::with_label(&tr("Rules' default"));
        reset.set_tooltip_text(Some(&tr(
            "Men-at-Arms first, then Knights, your own before your partners'; Lords last",
        )));
        let s = sender.clone();
        reset.connect_clicked(move |_| s.input(PromptMsg::ResetLosses));
        self.add(&reset);
        self.go = Some(go);
        self.losses_refusal();
        self.set_note(
            &tr("The rules' default is set: change a count if you wish, then remove them all at once."),
            false,
        );
    }
}
