//! The prompt bar's composers: the Move composer (which Lords go, how many Men-at-Arms and
//! Knights, which way) and the losses composer (every casualty of a roll chosen at once),
//! with the reasons the engine would refuse what they hold.

use super::{Edit, MainButton, PromptBar, PromptData, PromptMsg, PromptOut};
use crate::ui::plan::clicks::Selection;
use crate::ui::plan::losses;
use crate::ui::plan::moves;
use crate::ui::plan::moves::MoveDraft;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn, trnf};
use fief::map::VillageId;
use fief::rules::MoveHow;
use relm4::gtk::{glib, prelude::*};
use relm4::{gtk, ComponentSender};

fn how_name(h: MoveHow) -> String {
    match h {
        MoveHow::Normal => tr("Normal move"),
        MoveHow::Passage => tr("By Secret Passage"),
        MoveHow::Cavalcade => tr("Cavalcade (Lords and Knights)"),
        MoveHow::Toll(n) => trnf(
            "Ask passage for a toll of {n} Denier",
            "Ask passage for a toll of {n} Deniers",
            n as u32,
            &[],
        ),
    }
}

impl PromptBar {
    /// Why the engine would refuse the composed Move, on the "Move" button and in the status
    /// line (nothing when it is legal).
    pub(super) fn move_refusal(&self, from: VillageId, draft: &MoveDraft) {
        let (Some(d), Some(go)) = (&self.data, &self.go) else {
            return;
        };
        let g = &d.view.state;
        if let Some(a) = moves::draft_legal(g, &d.legal, from, draft) {
            let taken = moves::captured_on_arrival(g, d.view.viewer.unwrap_or(0), &a);
            if taken.is_empty() {
                go.set_tooltip_text(None);
                self.status.set_text(&d.status);
            } else {
                // FAQ 6.0: the Move is legal, but its Lords without Troops are taken.
                let why = trf(
                    "Careful: {lords} would arrive without Troops beside an opponent's army and be captured at once (6.0).",
                    &[("lords", &names::lords_list(&taken))],
                );
                go.set_tooltip_text(Some(&why));
                self.status.set_text(&why);
            }
            return;
        }
        let why = match g.check(
            d.view.viewer.unwrap_or(0),
            &moves::draft_action(g, from, draft),
        ) {
            Err(e) => messages::rule_error(&e),
            Ok(()) => tr("This move is not possible."),
        };
        go.set_tooltip_text(Some(&why));
        self.status.set_text(&why);
    }

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

    /// The move composer for the road from `from` to `to`.
    pub(super) fn composer(
        &mut self,
        from: VillageId,
        to: VillageId,
        sender: &ComponentSender<Self>,
    ) {
        let Some(d) = self.data.clone() else { return };
        self.main = Some(MainButton::ConfirmMove);
        let g = &d.view.state;
        let mut draft = match &self.draft {
            Some((f, dr)) if *f == from && dr.to == to => dr.clone(),
            _ => match moves::default_draft(g, &d.legal, from, to) {
                Some(dr) => dr,
                None => return,
            },
        };
        let opts = moves::move_options(g, &d.legal, from, to, &draft.lords, draft.how);
        draft.maa = draft.maa.min(opts.max_maa);
        draft.knights = draft.knights.min(opts.max_knights);
        draft.captives &= opts.captives;
        self.draft = Some((from, draft.clone()));
        let head = gtk::Label::new(Some(&trf(
            "From {a} to {b}:",
            &[
                ("a", &names::village(g, from)),
                ("b", &names::village(g, to)),
            ],
        )));
        // In two lines: the row keeps its room for the controls.
        head.set_wrap(true);
        head.set_max_width_chars(14);
        head.set_xalign(0.0);
        self.add(&head);
        // "Move", the splits and "Cancel" first: they stay in sight however many Lords and
        // ways follow.
        let go = gtk::Button::with_label(&tr("Move"));
        go.add_css_class("suggested-action");
        self.go = Some(go.clone());
        self.move_refusal(from, &draft);
        let s = sender.clone();
        go.connect_clicked(move |_| s.input(PromptMsg::ConfirmMove));
        self.add(&go);
        // An army split in one click: half its Troops go, or all but one (the Lords ticked
        // go with them).
        let (m, k) = (opts.max_maa, opts.max_knights);
        let splits = [
            (tr("Move half"), m / 2, k / 2, m + k >= 2),
            (
                tr("Leave one behind"),
                m.saturating_sub(1),
                if m == 0 { k.saturating_sub(1) } else { k },
                m + k >= 1,
            ),
        ];
        for (label, maa, knights, useful) in splits {
            let split = MoveDraft {
                maa,
                knights,
                ..draft.clone()
            };
            let legal = moves::draft_legal(g, &d.legal, from, &split);
            if let (true, Some(a)) = (useful, legal) {
                let b = self.action_button(&label, a, sender);
                let troops = [
                    trn("{n} Man-at-Arms", "{n} Men-at-Arms", u32::from(maa)),
                    trn("{n} Knight", "{n} Knights", u32::from(knights)),
                ]
                .join(&tr(" and "));
                b.set_tooltip_text(Some(&trf(
                    "{troops} go; the rest stay in {v}",
                    &[("troops", &troops), ("v", &names::village(g, from))],
                )));
                self.add(&b);
            }
        }
        let cancel = gtk::Button::with_label(&tr("Cancel"));
        let s = sender.clone();
        cancel.connect_clicked(move |_| {
            s.output(PromptOut::Select(Selection::None)).ok();
        });
        self.add(&cancel);
        for l in opts.lords.clone() {
            let t = gtk::ToggleButton::with_label(&names::lord(l));
            t.set_active(draft.lords.contains(&l));
            let s = sender.clone();
            t.connect_toggled(move |t| s.input(PromptMsg::Draft(Edit::Lord(l, t.is_active()))));
            self.add(&t);
        }
        for (name, value, max, knights) in [
            (tr("Men-at-Arms"), draft.maa, opts.max_maa, false),
            (tr("Knights"), draft.knights, opts.max_knights, true),
        ] {
            let b = gtk::Box::new(gtk::Orientation::Horizontal, 4);
            b.append(&gtk::Label::new(Some(&name)));
            let spin = gtk::SpinButton::with_range(0.0, max.max(value) as f64, 1.0);
            spin.set_value(value as f64);
            spin.set_sensitive(max > 0);
            spin.set_focus_on_click(false);
            // Enter in a typed count confirms the Move, as everywhere else in the bar.
            let keys = gtk::EventControllerKey::new();
            keys.set_propagation_phase(gtk::PropagationPhase::Capture);
            let s = sender.clone();
            keys.connect_key_pressed(move |_, key, _, _| {
                use gtk::gdk::Key;
                if matches!(key, Key::Return | Key::KP_Enter | Key::ISO_Enter) {
                    s.input(PromptMsg::Main);
                    return glib::Propagation::Stop;
                }
                glib::Propagation::Proceed
            });
            spin.add_controller(keys);
            let s = sender.clone();
            spin.connect_value_changed(move |sp| {
                let n = sp.value() as u8;
                s.input(PromptMsg::Draft(if knights {
                    Edit::Knights(n)
                } else {
                    Edit::Maa(n)
                }));
            });
            b.append(&spin);
            self.add(&b);
        }
        if opts.hows.len() > 1 {
            let names: Vec<String> = opts.hows.iter().map(|h| how_name(*h)).collect();
            let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
            let dd = gtk::DropDown::from_strings(&refs);
            dd.set_selected(opts.hows.iter().position(|h| *h == draft.how).unwrap_or(0) as u32);
            let (s, hows) = (sender.clone(), opts.hows.clone());
            dd.connect_selected_notify(move |dd| {
                if let Some(h) = hows.get(dd.selected() as usize) {
                    s.input(PromptMsg::Draft(Edit::How(*h)));
                }
            });
            // The ways are easy to miss in a closed list: a label that says what they are.
            // The tooltip sits on the label, not the list, so it never covers the open list.
            let way = gtk::Label::new(Some(&tr("Way:")));
            way.set_tooltip_text(Some(&tr(
                "How the army goes: a plain Move, a Cavalcade, a Secret Passage, or a request for passage with a toll of 1 to 3 Deniers to each player whose permission the road needs (5.0, 8.0).",
            )));
            let b = gtk::Box::new(gtk::Orientation::Horizontal, 4);
            b.append(&way);
            b.append(&dd);
            self.add(&b);
        }
        if opts.captives || draft.captives {
            let c = gtk::CheckButton::with_label(&tr("Lead the captives"));
            c.set_active(draft.captives);
            let s = sender.clone();
            c.connect_toggled(move |c| s.input(PromptMsg::Draft(Edit::Captives(c.is_active()))));
            self.add(&c);
        }
    }
}
