//! The card hand of the human whose turn it is: each card drawn as a card with its name and
//! effect; its tooltip says when it is played and what it does (words/cards.rs's table); a card
//! that can be used now is enabled, and its tooltip adds what it would do. A card keeps its
//! place while it stays in hand: a card played leaves an empty slot (the next card drawn
//! fills it), so the cards right of it do not slide under the pointer. Tooltips show above
//! the cards, over the map, never over the prompt bar's buttons under them.

use crate::ui::panels::tips::bubble_above;
use crate::ui::words::actions;
use crate::ui::words::cards;
use crate::ui::{tr, trf};
use fief::rules::{Action, Card, View};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

/// The hand's height: a card's name and three lines of its effect.
pub const HAND_HEIGHT: i32 = 84;

pub struct CardHand {
    row: gtk::Box,
    title: gtk::Label,
    /// The slots of the hand shown, left to right: a card, or the place of one played
    /// (`None`); whose hand they are.
    slots: Vec<Option<Card>>,
    owner: Option<fief::rules::PlayerId>,
}

/// The slots of a hand that now holds `hand`, after `slots`: a card still held keeps its
/// slot, a card gone leaves its slot empty, a new card takes the first empty slot (else
/// comes last); empty slots at the end go.
pub fn place_cards(slots: &[Option<Card>], hand: &[Card]) -> Vec<Option<Card>> {
    let mut left: Vec<Card> = hand.to_vec();
    let mut out: Vec<Option<Card>> = slots
        .iter()
        .map(|s| {
            let i = s.and_then(|c| left.iter().position(|&h| h == c))?;
            Some(left.remove(i))
        })
        .collect();
    for c in left {
        match out.iter_mut().find(|s| s.is_none()) {
            Some(slot) => *slot = Some(c),
            None => out.push(Some(c)),
        }
    }
    while out.last() == Some(&None) {
        out.pop();
    }
    out
}

#[derive(Debug)]
pub enum HandMsg {
    /// The viewer's view, the legal actions, the card selected; `hidden` when the hand must
    /// not be shown (the screen is being passed, or nobody human is playing).
    Show {
        view: Rc<View>,
        legal: Rc<Vec<Action>>,
        selected: Option<Card>,
        hidden: bool,
    },
}

#[derive(Debug)]
pub enum HandOut {
    /// A card that cannot be played now was clicked: why.
    Waits(String),
    Clicked(Card),
}

fn kind(c: Card) -> String {
    if c.is_disaster() {
        tr("Disaster")
    } else if matches!(c, Card::Lord(_)) {
        tr("Lord")
    } else if c.is_opportunity() {
        tr("Opportunity · any time")
    } else {
        tr("Fortune")
    }
}

/// A card's face: its name and kind, then its effect in three lines at most.
fn card_face(c: Card) -> gtk::Box {
    let body = gtk::Box::new(gtk::Orientation::Vertical, 2);
    let name = gtk::Label::new(Some(&cards::card_name(c)));
    name.add_css_class("heading");
    name.set_xalign(0.0);
    let head = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    head.append(&name);
    let k = gtk::Label::new(Some(&kind(c)));
    k.add_css_class("caption");
    k.add_css_class("dim-label");
    k.set_xalign(1.0);
    k.set_hexpand(true);
    head.append(&k);
    let effect = cards::card_effect(c);
    let eff = gtk::Label::new(Some(&effect));
    eff.set_wrap(true);
    eff.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    eff.set_lines(3);
    eff.set_ellipsize(gtk::pango::EllipsizeMode::End);
    eff.set_width_chars(34);
    eff.set_max_width_chars(34);
    eff.set_valign(gtk::Align::Start);
    eff.set_xalign(0.0);
    eff.add_css_class("caption");
    body.append(&head);
    body.append(&eff);
    body
}

impl SimpleComponent for CardHand {
    type Init = ();
    type Input = HandMsg;
    type Output = HandOut;
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Horizontal, 8)
    }

    fn init(_: (), root: gtk::Box, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        root.set_margin_start(8);
        root.set_margin_end(8);
        root.set_margin_top(4);
        root.set_margin_bottom(4);
        // The same height whatever the hand holds: the map above never rescales.
        root.set_size_request(-1, HAND_HEIGHT);
        let title = gtk::Label::new(None);
        title.set_xalign(0.0);
        title.set_wrap(true);
        title.set_width_chars(9);
        title.set_max_width_chars(9);
        title.add_css_class("caption-heading");
        root.append(&title);
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Automatic, gtk::PolicyType::Never);
        scroll.set_child(Some(&row));
        // The cards take the keyboard, never the row (a stop that shows nothing).
        scroll.set_focusable(false);
        scroll.set_hexpand(true);
        root.append(&scroll);
        ComponentParts {
            model: CardHand {
                row,
                title,
                slots: Vec::new(),
                owner: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: HandMsg, sender: ComponentSender<Self>) {
        let HandMsg::Show {
            view,
            legal,
            selected,
            hidden,
        } = msg;
        while let Some(c) = self.row.first_child() {
            self.row.remove(&c);
        }
        let hand = match (&view.viewer, hidden) {
            (Some(p), false) => view.players[*p as usize].hand.clone().unwrap_or_default(),
            _ => {
                self.title.set_text(&tr("Cards in hand are hidden"));
                self.slots.clear();
                return;
            }
        };
        // Another player's hand (hotseat) starts from its own order.
        if self.owner != view.viewer {
            self.slots.clear();
            self.owner = view.viewer;
        }
        self.slots = place_cards(&self.slots, &hand);
        let who = view
            .viewer
            .map(|p| crate::ui::words::names::player(&view.state, p));
        self.title
            .set_text(&trf("{who}'s hand", &[("who", &who.unwrap_or_default())]));
        if hand.is_empty() {
            let l = gtk::Label::new(Some(&tr("No cards")));
            l.add_css_class("dim-label");
            self.row.append(&l);
        }
        let playable = crate::ui::plan::clicks::playable_cards(&legal);
        // An empty slot is as wide as the cards.
        let widths = gtk::SizeGroup::new(gtk::SizeGroupMode::Horizontal);
        for slot in self.slots.clone() {
            let Some(c) = slot else {
                let gap = gtk::Box::new(gtk::Orientation::Vertical, 0);
                gap.set_widget_name("played-card-slot");
                widths.add_widget(&gap);
                self.row.append(&gap);
                continue;
            };
            let b = gtk::Button::new();
            b.set_focus_on_click(false);
            b.set_hexpand(false);
            b.add_css_class("fief-card");
            if matches!(c, Card::Lord(_)) || c == Card::Cardinal || c == Card::Darc {
                b.add_css_class("lords-deck");
            }
            if selected == Some(c) {
                b.add_css_class("selected");
            }
            b.set_child(Some(&card_face(c)));
            widths.add_widget(&b);
            // The card's longer text from the words' table, then how it is used now: in a
            // bubble above the card, over the map (tips.rs).
            let tip = crate::ui::words::wrap_lines(&cards::card_tooltip(c), 60);
            let uses: Vec<String> = legal
                .iter()
                .filter(|a| a.card() == Some(c))
                .take(6)
                .map(|a| actions::action(&view.state, a))
                .collect();
            if playable.contains(&c) {
                bubble_above(
                    &b,
                    &format!("{tip}\n\n{}\n{}", tr("Click to use it:"), uses.join("\n")),
                );
                let s = sender.clone();
                b.connect_clicked(move |_| {
                    s.output(HandOut::Clicked(c)).ok();
                });
            } else {
                // Readable still: only a little dimmed (app/window.rs's CSS); it says why it waits,
                // on hover and on a click.
                b.add_css_class("unplayable");
                let mine = view
                    .viewer
                    .filter(|v| view.prompt.as_ref().is_some_and(|pr| pr.player == *v));
                let why = match mine.and_then(|v| view.state.why_card_blocked(v, c)) {
                    Some(e) => crate::ui::trf(
                        "Cannot be played now: {why}",
                        &[("why", &crate::ui::words::messages::rule_error(&e))],
                    ),
                    None => tr("Cannot be played now"),
                };
                bubble_above(
                    &b,
                    &format!("{tip}\n\n{}", crate::ui::words::wrap_lines(&why, 60)),
                );
                let s = sender.clone();
                b.connect_clicked(move |_| {
                    s.output(HandOut::Waits(why.clone())).ok();
                });
            }
            self.row.append(&b);
        }
    }
}
