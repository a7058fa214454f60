//! The Move composer (5.0) in the prompt bar: which Lords go, how many Men-at-Arms and
//! Knights, which way, whether the captives are led along. Its controls are built once for a
//! road and then keep their places whatever is ticked: a control that does not apply stays
//! where it is, insensitive, and says why (the engine's reason, from `Game::check`).

use super::{Edit, MainButton, PromptBar, PromptMsg, PromptOut};
use crate::ui::plan::clicks::Selection;
use crate::ui::plan::moves;
use crate::ui::plan::moves::MoveDraft;
use crate::ui::words::messages;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn, trnf};
use fief::map::VillageId;
use fief::rules::{LordId, MoveHow};
use relm4::gtk::{glib, prelude::*};
use relm4::{gtk, ComponentSender};
use std::cell::Cell;
use std::rc::Rc;

/// A way of moving in the list's closed button: a word or two.
fn how_short(h: MoveHow) -> String {
    match h {
        MoveHow::Normal => tr("Normal move"),
        MoveHow::Passage => tr("Secret Passage"),
        MoveHow::Cavalcade => tr("Cavalcade"),
        MoveHow::Toll(n) => trnf("Toll: {n} Denier", "Toll: {n} Deniers", n as u32, &[]),
    }
}

/// A way of moving in the open list: what it does.
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

/// "2 Men-at-Arms and 1 Knight".
fn troops_words(maa: u8, knights: u8) -> String {
    [
        trn("{n} Man-at-Arms", "{n} Men-at-Arms", u32::from(maa)),
        trn("{n} Knight", "{n} Knights", u32::from(knights)),
    ]
    .join(&tr(" and "))
}

/// The composer's controls for one road, kept while it is composed.
pub(super) struct Composer {
    road: (VillageId, VillageId),
    /// The counts (and captives) the player asked for, or the first proposal's: a count that
    /// the Lords ticked cannot take is shown lower, and comes back when they can again.
    wanted: (u8, u8, bool),
    /// Set while the controls are changed to match the draft: their signals are not edits.
    quiet: Rc<Cell<bool>>,
    /// With more than two Lords, the menu that holds their check buttons.
    lords_menu: Option<(gtk::MenuButton, usize)>,
    /// The Men-at-Arms and the Knights: the box (label and count) and the count.
    counts: [(gtk::Box, gtk::SpinButton); 2],
    /// "Half" and "All but one".
    splits: [gtk::Button; 2],
    captives: Option<gtk::CheckButton>,
}

impl PromptBar {
    /// Why the engine would refuse the composed Move, on the "Move" button and in the status
    /// line; for a legal Move, why a count held at 0 is (nothing when all is well).
    pub(super) fn move_refusal(&self, from: VillageId, draft: &MoveDraft, held: Option<String>) {
        let (Some(d), Some(go)) = (&self.data, &self.go) else {
            return;
        };
        let g = &d.view.state;
        if let Some(a) = moves::draft_legal(g, &d.legal, from, draft) {
            let taken = moves::captured_on_arrival(g, d.view.viewer.unwrap_or(0), &a);
            if taken.is_empty() {
                go.set_tooltip_text(None);
                self.status.set_text(held.as_deref().unwrap_or(&d.status));
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
        let draft = match &self.draft {
            Some((f, dr)) if *f == from && dr.to == to => dr.clone(),
            _ => match moves::default_draft(g, &d.legal, from, to) {
                Some(dr) => dr,
                None => return,
            },
        };
        let wanted = match self.mv.take() {
            Some(c) if c.road == (from, to) => c.wanted,
            _ => (draft.maa, draft.knights, draft.captives),
        };
        let opts = moves::move_options(g, &d.legal, from, to, &draft.lords, draft.how);
        let quiet = Rc::new(Cell::new(false));
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
        // "Move" and "Cancel" first: they stay in sight however many Lords and ways follow.
        let go = gtk::Button::with_label(&tr("Move"));
        go.add_css_class("suggested-action");
        go.set_widget_name("move-go");
        let s = sender.clone();
        go.connect_clicked(move |_| s.input(PromptMsg::ConfirmMove));
        self.add(&go);
        self.go = Some(go);
        let cancel = gtk::Button::with_label(&tr("Cancel"));
        let s = sender.clone();
        cancel.connect_clicked(move |_| {
            s.output(PromptOut::Select(Selection::None)).ok();
        });
        self.add(&cancel);
        // "Lead the captives": in the row, or with the Lords in their menu.
        let captives = opts.road_captives.then(|| {
            let c = gtk::CheckButton::with_label(&tr("Lead the captives"));
            c.set_active(draft.captives);
            let (s, q) = (sender.clone(), quiet.clone());
            c.connect_toggled(move |c| {
                if !q.get() {
                    s.input(PromptMsg::Draft(Edit::Captives(c.is_active())));
                }
            });
            c
        });
        // With the ways' list too, two Lords' toggles would push the row past the bar.
        let crowded = opts.lords.len() > 2
            || captives.is_some()
            || opts.lords.len() == 2 && opts.hows.len() > 1;
        let lords_menu = self.lords_control(
            &opts.lords,
            &draft.lords,
            crowded,
            captives.as_ref(),
            &quiet,
            sender,
        );
        let counts = [false, true].map(|knights| {
            let value = if knights { draft.knights } else { draft.maa };
            self.count_control(knights, value, &quiet, sender)
        });
        // An army split in one click: the counts are set to it, and "Move" sends it.
        let splits = [
            (tr("Half"), Edit::Half),
            (tr("All but one"), Edit::AllButOne),
        ]
        .map(|(label, edit)| {
            let b = gtk::Button::with_label(&label);
            let s = sender.clone();
            b.connect_clicked(move |_| s.input(PromptMsg::Draft(edit)));
            self.add(&b);
            b
        });
        if let (Some(c), None) = (&captives, &lords_menu) {
            self.add(c);
        }
        if opts.hows.len() > 1 {
            self.ways_control(&opts.hows, draft.how, sender);
        }
        self.mv = Some(Composer {
            road: (from, to),
            wanted,
            quiet,
            lords_menu,
            counts,
            splits,
            captives,
        });
        self.draft = Some((from, draft));
        self.refresh_composer();
    }

    /// The Lords' toggles, or when the row is `crowded` (more than two Lords, captives to
    /// lead, or two Lords and ways to choose) a menu of check buttons that holds the
    /// captives' too, so that the row stays within the bar: its button and how many Lords it
    /// holds.
    fn lords_control(
        &self,
        lords: &[LordId],
        ticked: &[LordId],
        crowded: bool,
        captives: Option<&gtk::CheckButton>,
        quiet: &Rc<Cell<bool>>,
        sender: &ComponentSender<Self>,
    ) -> Option<(gtk::MenuButton, usize)> {
        let edit = |l: LordId| {
            let (s, q) = (sender.clone(), quiet.clone());
            move |on: bool| {
                if !q.get() {
                    s.input(PromptMsg::Draft(Edit::Lord(l, on)));
                }
            }
        };
        if !crowded {
            for &l in lords {
                let t = gtk::ToggleButton::with_label(&names::lord(l));
                t.set_active(ticked.contains(&l));
                let f = edit(l);
                t.connect_toggled(move |t| f(t.is_active()));
                self.add(&t);
            }
            return None;
        }
        let list = gtk::Box::new(gtk::Orientation::Vertical, 2);
        for &l in lords {
            let c = gtk::CheckButton::with_label(&names::lord(l));
            c.set_active(ticked.contains(&l));
            let f = edit(l);
            c.connect_toggled(move |c| f(c.is_active()));
            list.append(&c);
        }
        if let Some(c) = captives {
            list.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
            list.append(c);
        }
        let pop = gtk::Popover::new();
        pop.set_child(Some(&list));
        let menu = gtk::MenuButton::new();
        menu.set_popover(Some(&pop));
        menu.add_css_class("numeric");
        menu.set_widget_name("move-lords");
        self.add(&menu);
        Some((menu, lords.len()))
    }

    /// A count of Men-at-Arms (or Knights) with its label: Enter in it confirms the Move.
    fn count_control(
        &self,
        knights: bool,
        value: u8,
        quiet: &Rc<Cell<bool>>,
        sender: &ComponentSender<Self>,
    ) -> (gtk::Box, gtk::SpinButton) {
        let name = if knights {
            tr("Knights")
        } else {
            tr("Men-at-Arms")
        };
        let b = gtk::Box::new(gtk::Orientation::Horizontal, 4);
        b.append(&gtk::Label::new(Some(&name)));
        let spin = gtk::SpinButton::with_range(0.0, value.max(1) as f64, 1.0);
        spin.set_value(value as f64);
        // Two digits whatever the range: the count keeps its width as Lords are ticked.
        spin.set_width_chars(2);
        spin.set_focus_on_click(false);
        spin.set_widget_name(if knights { "move-knights" } else { "move-maa" });
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
        let (s, q) = (sender.clone(), quiet.clone());
        spin.connect_value_changed(move |sp| {
            if q.get() {
                return;
            }
            let n = sp.value() as u8;
            s.input(PromptMsg::Draft(if knights {
                Edit::Knights(n)
            } else {
                Edit::Maa(n)
            }));
        });
        b.append(&spin);
        self.add(&b);
        (b, spin)
    }

    /// The ways open on this road: a short name on the closed list, what each does in the
    /// open one.
    fn ways_control(&self, hows: &[MoveHow], how: MoveHow, sender: &ComponentSender<Self>) {
        let long: Vec<String> = hows.iter().map(|h| how_name(*h)).collect();
        let refs: Vec<&str> = long.iter().map(|s| s.as_str()).collect();
        let dd = gtk::DropDown::from_strings(&refs);
        let list_factory = dd.factory();
        dd.set_list_factory(list_factory.as_ref());
        let short: Vec<(String, String)> = hows
            .iter()
            .zip(&long)
            .map(|(h, l)| (l.clone(), how_short(*h)))
            .collect();
        let factory = gtk::SignalListItemFactory::new();
        factory.connect_setup(|_, item| {
            if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
                item.set_child(Some(&gtk::Label::new(None)));
            }
        });
        factory.connect_bind(move |_, item| {
            let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
                return;
            };
            let text = item
                .item()
                .and_downcast::<gtk::StringObject>()
                .map(|o| o.string().to_string())
                .unwrap_or_default();
            let shown = short
                .iter()
                .find(|(l, _)| *l == text)
                .map_or(text.clone(), |(_, s)| s.clone());
            if let Some(label) = item.child().and_downcast::<gtk::Label>() {
                label.set_text(&shown);
            }
        });
        dd.set_factory(Some(&factory));
        dd.set_selected(hows.iter().position(|h| *h == how).unwrap_or(0) as u32);
        let (s, hows) = (sender.clone(), hows.to_vec());
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

    /// One change to the composed Move: the draft takes it, and the controls are brought in
    /// line with it where they are (none is rebuilt under the pointer).
    pub(super) fn edit_draft(&mut self, edit: Edit) {
        let (Some(d), Some((from, mut dr)), Some(c)) =
            (&self.data, self.draft.clone(), &mut self.mv)
        else {
            return;
        };
        match edit {
            Edit::Lord(l, true) if !dr.lords.contains(&l) => dr.lords.push(l),
            Edit::Lord(l, false) => dr.lords.retain(|x| *x != l),
            Edit::Lord(..) => {}
            Edit::Maa(n) => c.wanted.0 = n,
            Edit::Knights(n) => c.wanted.1 = n,
            Edit::Captives(on) => c.wanted.2 = on,
            Edit::How(h) => dr.how = h,
            Edit::Half | Edit::AllButOne => {
                let g = &d.view.state;
                let o = moves::move_options(g, &d.legal, from, dr.to, &dr.lords, dr.how);
                if let Some((m, k)) =
                    moves::split(o.max_maa, o.max_knights, matches!(edit, Edit::Half))
                {
                    (c.wanted.0, c.wanted.1) = (m, k);
                }
            }
        }
        self.draft = Some((from, dr));
        self.refresh_composer();
    }

    /// The controls brought in line with the draft: the counts within what the Lords ticked
    /// and the way may take (as near as they can to what was asked), each control that does
    /// not apply insensitive with the reason, the "Move" button and the status line told.
    pub(super) fn refresh_composer(&mut self) {
        let (Some(d), Some((from, mut dr)), Some(c)) = (&self.data, self.draft.clone(), &self.mv)
        else {
            return;
        };
        let g = &d.view.state;
        let p = d.view.viewer.unwrap_or(0);
        let o = moves::move_options(g, &d.legal, from, dr.to, &dr.lords, dr.how);
        dr.maa = c.wanted.0.min(o.max_maa);
        dr.knights = c.wanted.1.min(o.max_knights);
        dr.captives = c.wanted.2 && o.captives;
        // Why a count is held at 0, in the engine's words.
        let held = |knights: bool| match moves::more_refused(g, p, from, &dr, knights, 0) {
            Err(e) => messages::rule_error(&e),
            Ok(()) => tr("No more can go with this army."),
        };
        c.quiet.set(true);
        let mut status = None;
        for (knights, (b, spin)) in [false, true].into_iter().zip(&c.counts) {
            let (value, most, road) = if knights {
                (dr.knights, o.max_knights, o.road_knights)
            } else {
                (dr.maa, o.max_maa, o.road_maa)
            };
            spin.set_range(0.0, f64::from(most));
            spin.set_value(f64::from(value));
            spin.set_sensitive(most > 0);
            let why = (most == 0).then(|| held(knights));
            // Said in the status line too when this road has such Troops to take.
            if road > 0 && status.is_none() {
                status.clone_from(&why);
            }
            b.set_tooltip_text(why.as_deref());
            spin.set_tooltip_text(why.as_deref());
        }
        for (half, b) in [true, false].into_iter().zip(&c.splits) {
            let split = moves::split(o.max_maa, o.max_knights, half);
            let legal = split.and_then(|(maa, knights)| {
                let s = MoveDraft {
                    maa,
                    knights,
                    ..dr.clone()
                };
                moves::draft_legal(g, &d.legal, from, &s).map(|_| (maa, knights))
            });
            let tip = match (split, legal) {
                (_, Some((maa, knights))) => trf(
                    "Sets the counts to {troops}; the rest stay in {v}. \"Move\" sends them.",
                    &[
                        ("troops", &troops_words(maa, knights)),
                        ("v", &names::village(g, from)),
                    ],
                ),
                (Some(_), None) => tr("This split is not a legal Move."),
                (None, _) if o.max_maa + o.max_knights == 0 => held(false),
                (None, _) => tr("Only one Troop can go: there is no half to send."),
            };
            b.set_sensitive(legal.is_some());
            b.set_tooltip_text(Some(&tip));
        }
        if let Some(cb) = &c.captives {
            cb.set_active(dr.captives);
            cb.set_sensitive(o.captives);
            let why = if o.captives {
                tr("The captives held here go with the army (6.2.3).")
            } else {
                let mut with = dr.clone();
                with.captives = true;
                match g.check(p, &moves::draft_action(g, from, &with)) {
                    Err(e) => messages::rule_error(&e),
                    Ok(()) => tr("The captives cannot go with this army."),
                }
            };
            cb.set_tooltip_text(Some(&why));
        }
        if let Some((menu, all)) = &c.lords_menu {
            menu.set_label(&trf(
                "Lords: {n}/{m}",
                &[("n", &dr.lords.len().to_string()), ("m", &all.to_string())],
            ));
            // In the menu's order.
            let going: Vec<LordId> = o
                .lords
                .iter()
                .copied()
                .filter(|l| dr.lords.contains(l))
                .collect();
            let going = if going.is_empty() {
                tr("No Lord is ticked: tick one to move.")
            } else {
                trf("Going: {lords}", &[("lords", &names::lords_list(&going))])
            };
            menu.set_tooltip_text(Some(&going));
        }
        c.quiet.set(false);
        self.draft = Some((from, dr.clone()));
        self.move_refusal(from, &dr, status);
    }

    /// "Move": the composed Move if the engine takes it, else its reason.
    pub(super) fn confirm_move(&self, sender: &ComponentSender<Self>) {
        let (Some(d), Some((from, dr))) = (&self.data, &self.draft) else {
            return;
        };
        let g = &d.view.state;
        match moves::draft_legal(g, &d.legal, *from, dr) {
            Some(a) => {
                sender.output(PromptOut::Chosen(a)).ok();
            }
            None => {
                let why = match g.check(
                    d.view.viewer.unwrap_or(0),
                    &moves::draft_action(g, *from, dr),
                ) {
                    Err(e) => messages::rule_error(&e),
                    Ok(()) => tr("This move is not possible."),
                };
                sender.output(PromptOut::Refused(why)).ok();
            }
        }
    }
}
