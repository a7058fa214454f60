//! The Purchases page (4.1–4.4): every Village where the player may buy, with counts of
//! Men-at-Arms and Knights and toggles for a Mill and a Stronghold, the titles on offer,
//! the money before and after, and one confirm. What is allowed and what it costs comes
//! from the engine through `basket` (the basket is tried on a copy of the game).

use crate::ui::panels::basket::{self, Item, Panel};
use crate::ui::words::actions;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn, trnf};
use fief::rules::{Action, PlayerId, View};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

pub struct PurchasePanel {
    /// The money and the confirm buttons, always in sight.
    top: gtk::Box,
    /// The Villages and titles, scrolled.
    root: gtk::Box,
    view: Option<Rc<View>>,
    /// Whose purchases, at which point of the game: when it changes, the basket empties.
    key: Option<(PlayerId, usize)>,
    basket: Vec<Action>,
    /// The legal actions of the last view shown.
    legal: Rc<Vec<Action>>,
    /// What the page's widgets were built for: while it holds, they are updated in place,
    /// so that a button keeps its place under the pointer.
    layout: Layout,
    parts: Parts,
}

/// What the page's widgets were built for.
#[derive(Clone, Debug, Default, PartialEq)]
enum Layout {
    /// Nothing yet.
    #[default]
    None,
    /// The note that purchases are made here in their turn.
    Idle,
    /// A player's purchases: the Villages with what each offers, and the titles.
    Buying {
        player: PlayerId,
        rows: Vec<(fief::map::VillageId, Vec<Item>)>,
        titles: Vec<Action>,
    },
}

/// The widgets updated in place.
#[derive(Default)]
struct Parts {
    head: Option<gtk::Label>,
    counters: Vec<(Action, Counter)>,
    titles: Vec<(Action, gtk::CheckButton)>,
    finish: Option<gtk::Button>,
    buy: Option<gtk::Button>,
}

enum Counter {
    Troops {
        n: gtk::Label,
        minus: gtk::Button,
        plus: gtk::Button,
    },
    Toggle(gtk::ToggleButton),
}

#[derive(Debug)]
pub enum PurchaseMsg {
    /// The viewer's view and legal actions.
    Show(Rc<View>, Rc<Vec<Action>>),
    /// One more (true) or one fewer of this purchase in the basket.
    Change(Action, bool),
    /// This Mill, Stronghold or title in the basket (true) or not.
    Set(Action, bool),
    Confirm {
        finish: bool,
    },
}

#[derive(Debug)]
pub enum PurchaseOut {
    /// The viewer's purchases are starting: show the page.
    Started,
    /// Buy these, in this order, then end the purchases if `finish`.
    Buy { actions: Vec<Action>, finish: bool },
}

/// A purchase's words, and why one more cannot be added when it cannot.
fn with_reason(g: &fief::rules::Game, a: &Action, c: &basket::Count) -> String {
    let what = actions::action(g, a);
    match &c.why_not {
        // Said of the next one, after what the basket holds already (its money spent).
        Some(why) => trf(
            "{what}\nOne more cannot be added: {why}",
            &[("what", &what), ("why", why)],
        ),
        None => what,
    }
}

fn item_name(i: Item) -> String {
    match i {
        Item::Maa => tr("Men-at-Arms"),
        Item::Knight => tr("Knights"),
        Item::Mill => tr("Mill"),
        Item::Stronghold => tr("Stronghold"),
    }
}

impl PurchasePanel {
    fn clear(&mut self) {
        for b in [&self.root, &self.top] {
            while let Some(c) = b.first_child() {
                b.remove(&c);
            }
        }
        self.parts = Parts::default();
    }

    fn note(&self, s: &str) {
        let l = gtk::Label::new(Some(s));
        l.set_wrap(true);
        l.set_xalign(0.0);
        l.add_css_class("dim-label");
        self.root.append(&l);
    }

    /// A "− n +" counter for Troops, or a toggle for a Mill or a Stronghold.
    fn counter(
        &mut self,
        item: Item,
        v: fief::map::VillageId,
        sender: &ComponentSender<Self>,
    ) -> gtk::Widget {
        let a = item.action(v);
        let g = self.view.as_ref().map(|w| &w.state);
        let tip = g.map(|g| actions::action(g, &a)).unwrap_or_default();
        if matches!(item, Item::Mill | Item::Stronghold) {
            let t = gtk::ToggleButton::with_label(&item_name(item));
            t.set_focus_on_click(false);
            t.set_tooltip_text(Some(&tip));
            let (s, x) = (sender.clone(), a.clone());
            t.connect_toggled(move |t| s.input(PurchaseMsg::Set(x.clone(), t.is_active())));
            self.parts.counters.push((a, Counter::Toggle(t.clone())));
            return t.upcast();
        }
        let b = gtk::Box::new(gtk::Orientation::Horizontal, 2);
        let name = gtk::Label::new(Some(&item_name(item)));
        name.set_tooltip_text(Some(&tip));
        b.append(&name);
        let minus = gtk::Button::from_icon_name("list-remove-symbolic");
        minus.set_focus_on_click(false);
        minus.set_tooltip_text(Some(&tr("One fewer")));
        minus.add_css_class("flat");
        let (s, x) = (sender.clone(), a.clone());
        minus.connect_clicked(move |_| s.input(PurchaseMsg::Change(x.clone(), false)));
        let n = gtk::Label::new(Some("0"));
        n.set_width_chars(2);
        n.add_css_class("numeric");
        n.add_css_class("heading");
        let plus = gtk::Button::from_icon_name("list-add-symbolic");
        plus.set_focus_on_click(false);
        plus.set_tooltip_text(Some(&tip));
        plus.add_css_class("flat");
        let (s, x) = (sender.clone(), a.clone());
        plus.connect_clicked(move |_| s.input(PurchaseMsg::Change(x.clone(), true)));
        b.append(&minus);
        b.append(&n);
        b.append(&plus);
        self.parts
            .counters
            .push((a, Counter::Troops { n, minus, plus }));
        b.upcast()
    }

    /// The page's widgets for this panel's rows and titles (values are set by `refresh`).
    fn build(&mut self, pn: &Panel, sender: &ComponentSender<Self>) {
        let Some(view) = self.view.clone() else {
            return;
        };
        let g = &view.state;
        self.clear();
        let head = gtk::Label::new(None);
        head.set_wrap(true);
        head.set_xalign(0.0);
        head.add_css_class("heading");
        head.set_widget_name("purchase-money");
        self.top.append(&head);
        self.parts.head = Some(head);
        if pn.rows.is_empty() && pn.titles.is_empty() {
            self.note(&tr("Nothing can be bought now."));
        }
        for row in &pn.rows {
            // The Village's name with its Mill and Stronghold toggles, then its Troops.
            let frame = gtk::Box::new(gtk::Orientation::Vertical, 0);
            frame.add_css_class("card");
            frame.set_margin_bottom(2);
            let top = gtk::Box::new(gtk::Orientation::Horizontal, 4);
            top.set_margin_start(6);
            top.set_margin_end(4);
            top.set_margin_top(2);
            let name = gtk::Label::new(Some(&names::village(g, row.village)));
            name.set_xalign(0.0);
            name.set_hexpand(true);
            name.add_css_class("heading");
            top.append(&name);
            let troops = gtk::Box::new(gtk::Orientation::Horizontal, 10);
            troops.set_margin_start(6);
            troops.set_margin_bottom(2);
            for c in &row.counts {
                let w = self.counter(c.item, row.village, sender);
                match c.item {
                    Item::Maa | Item::Knight => troops.append(&w),
                    Item::Mill | Item::Stronghold => top.append(&w),
                }
            }
            frame.append(&top);
            if troops.first_child().is_some() {
                frame.append(&troops);
            }
            self.root.append(&frame);
        }
        if !pn.titles.is_empty() {
            let t = gtk::Label::new(Some(&tr("Titles")));
            t.set_xalign(0.0);
            t.add_css_class("heading");
            self.root.append(&t);
        }
        for t in &pn.titles {
            let c = gtk::CheckButton::with_label(&actions::action(g, &t.action));
            if let Some(l) = c.last_child().and_downcast::<gtk::Label>() {
                l.set_wrap(true);
            }
            let (s, a) = (sender.clone(), t.action.clone());
            c.connect_toggled(move |c| s.input(PurchaseMsg::Set(a.clone(), c.is_active())));
            self.root.append(&c);
            self.parts.titles.push((t.action.clone(), c));
        }
        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        let finish = gtk::Button::new();
        finish.set_focus_on_click(false);
        finish.add_css_class("suggested-action");
        finish.set_widget_name("purchase-finish");
        let s = sender.clone();
        finish.connect_clicked(move |_| s.input(PurchaseMsg::Confirm { finish: true }));
        buttons.append(&finish);
        let buy = gtk::Button::new();
        buy.set_tooltip_text(Some(&tr("Buy these and stay in the purchases")));
        buy.set_widget_name("purchase-buy");
        let s = sender.clone();
        buy.connect_clicked(move |_| s.input(PurchaseMsg::Confirm { finish: false }));
        buttons.append(&buy);
        self.top.append(&buttons);
        self.parts.finish = Some(finish);
        self.parts.buy = Some(buy);
    }

    /// Puts the panel's counts, money and buttons on the widgets.
    fn refresh(&self, pn: &Panel, p: PlayerId) {
        let Some(view) = &self.view else { return };
        let focused = self.root.root().and_then(|r| r.focus());
        if let Some(head) = &self.parts.head {
            head.set_text(&trnf(
                "{p}: {n} Denier, {left} left after these purchases",
                "{p}: {n} Deniers, {left} left after these purchases",
                pn.before,
                &[
                    ("p", &names::player(&view.state, p)),
                    ("left", &pn.after.to_string()),
                ],
            ));
        }
        let counts = pn
            .rows
            .iter()
            .flat_map(|r| r.counts.iter().map(move |c| (c.item.action(r.village), c)));
        for (a, c) in counts {
            match self.parts.counters.iter().find(|(x, _)| *x == a) {
                Some((_, Counter::Troops { n, minus, plus })) => {
                    n.set_text(&c.n.to_string());
                    minus.set_sensitive(c.n > 0);
                    plus.set_sensitive(c.more);
                    // A "+" out of reach says why (the 4.1 limit, the money left...).
                    plus.set_tooltip_text(Some(&with_reason(&view.state, &a, c)));
                }
                Some((_, Counter::Toggle(t))) => {
                    t.set_active(c.n > 0);
                    t.set_sensitive(c.n > 0 || c.more);
                    t.set_tooltip_text(Some(&with_reason(&view.state, &a, c)));
                }
                None => {}
            }
        }
        for t in &pn.titles {
            if let Some((_, c)) = self.parts.titles.iter().find(|(x, _)| *x == t.action) {
                c.set_active(t.chosen);
                c.set_sensitive(t.chosen || t.open);
            }
        }
        let n = pn.basket.len() as u32;
        if let Some(finish) = &self.parts.finish {
            finish.set_label(&if n == 0 {
                tr("Done buying")
            } else {
                trn("Buy {n} and finish", "Buy {n} and finish", n)
            });
        }
        if let Some(buy) = &self.parts.buy {
            buy.set_label(&trn("Buy {n}", "Buy {n}", n));
            buy.set_visible(n > 0);
        }
        // A count that ran out under the keyboard (no money left for one more) hands the
        // keyboard to the confirm button, not to nowhere.
        if let (Some(f), Some(finish)) = (focused, &self.parts.finish) {
            if f.is_ancestor(&self.root) && !f.is_sensitive() {
                finish.grab_focus();
            }
        }
    }

    /// One more or one fewer `a` in the basket; `render` tries it on the engine (once) and
    /// drops what is refused.
    fn edit(&mut self, a: &Action, add: bool, sender: &ComponentSender<Self>) {
        if self.key.is_none() {
            return;
        }
        self.basket = basket::edit(&self.basket, a, add);
        self.render(sender);
    }

    /// The page for the view shown and the basket: built again when what it offers changed,
    /// else updated in place.
    fn render(&mut self, sender: &ComponentSender<Self>) {
        let Some(view) = self.view.clone() else {
            return;
        };
        let (g, viewer) = (&view.state, view.viewer);
        let Some(p) = viewer.filter(|_| basket::buying(&self.legal)) else {
            if self.layout != Layout::Idle {
                self.clear();
                self.layout = Layout::Idle;
                self.note(&tr(
                    "Your purchases (phase 4) are made here when your turn to buy comes.",
                ));
            }
            return;
        };
        let pn: Panel = basket::panel(g, p, &self.basket);
        self.basket = pn.basket.clone();
        let layout = Layout::Buying {
            player: p,
            rows: pn
                .rows
                .iter()
                .map(|r| (r.village, r.counts.iter().map(|c| c.item).collect()))
                .collect(),
            titles: pn.titles.iter().map(|t| t.action.clone()).collect(),
        };
        if layout != self.layout {
            self.build(&pn, sender);
            self.layout = layout;
        }
        self.refresh(&pn, p);
    }

    /// The basket as it stands (the prompt bar's "Done buying" buys it first).
    /// The Villages' and titles' rows (the keyboard's focus goes to their first count).
    pub fn rows(&self) -> &gtk::Box {
        &self.root
    }

    /// The money and the confirm buttons.
    pub fn top(&self) -> &gtk::Box {
        &self.top
    }

    pub fn basket(&self) -> Vec<Action> {
        self.basket.clone()
    }
}

impl SimpleComponent for PurchasePanel {
    type Init = ();
    type Input = PurchaseMsg;
    type Output = PurchaseOut;
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Vertical, 4)
    }

    fn init(_: (), page: gtk::Box, _s: ComponentSender<Self>) -> ComponentParts<Self> {
        page.set_widget_name("purchase-panel");
        let top = gtk::Box::new(gtk::Orientation::Vertical, 4);
        top.set_margin_start(8);
        top.set_margin_end(8);
        top.set_margin_top(6);
        let root = gtk::Box::new(gtk::Orientation::Vertical, 4);
        root.set_margin_start(8);
        root.set_margin_end(8);
        root.set_margin_bottom(8);
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_vexpand(true);
        scroll.set_child(Some(&root));
        scroll.set_focusable(false);
        page.append(&top);
        page.append(&scroll);
        let model = PurchasePanel {
            top,
            root,
            view: None,
            key: None,
            basket: Vec::new(),
            legal: Rc::default(),
            layout: Layout::None,
            parts: Parts::default(),
        };
        ComponentParts { model, widgets: () }
    }

    fn update(&mut self, msg: PurchaseMsg, sender: ComponentSender<Self>) {
        match msg {
            PurchaseMsg::Show(view, legal) => {
                let key = view
                    .viewer
                    .filter(|_| basket::buying(&legal))
                    .map(|p| (p, view.state.history.len()));
                if key != self.key {
                    self.basket.clear();
                    if key.is_some() && self.key.map(|k| k.0) != key.map(|k| k.0) {
                        sender.output(PurchaseOut::Started).ok();
                    }
                    self.key = key;
                }
                self.view = Some(view);
                self.legal = legal;
                self.render(&sender);
            }
            PurchaseMsg::Change(a, add) => self.edit(&a, add, &sender),
            // A toggle set to what the basket holds already is no change.
            PurchaseMsg::Set(a, wanted) if self.basket.contains(&a) != wanted => {
                self.edit(&a, wanted, &sender)
            }
            PurchaseMsg::Set(..) => {}
            PurchaseMsg::Confirm { finish } => {
                let actions = std::mem::take(&mut self.basket);
                sender.output(PurchaseOut::Buy { actions, finish }).ok();
            }
        }
    }
}
