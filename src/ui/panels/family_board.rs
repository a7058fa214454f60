//! The family boards: one compact card per player (colour, name, who plays it, VP, Deniers,
//! Diplomacy markers, cards, Lords, ally) so that six fit beside the map at 1280×800; a click opens the rest
//! (stockpile, markers and every Lord with titles and state), and hovering shows it all.

use crate::ui::board::colours::player_rgb;
use crate::ui::words::names;
use crate::ui::{tr, trf, trn};
use fief::rules::{PlayerId, View};
use fief::session::Seat;
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

pub struct FamilyBoards {
    root: gtk::Box,
    /// The boards opened by a click, by player.
    open: Rc<std::cell::RefCell<Vec<bool>>>,
}

#[derive(Debug)]
pub enum BoardsMsg {
    /// The boards of this view, each with who plays it (`who`, by player: a human, a bot, or
    /// in a network game whether he is there).
    Show(Rc<View>, Rc<Vec<String>>),
}

/// Who plays each seat, as the boards say it.
pub fn seat_labels(seats: &[Seat]) -> Vec<String> {
    seats.iter().map(|s| names::seat_label(*s)).collect()
}

fn label(text: &str, classes: &[&str]) -> gtk::Label {
    let l = gtk::Label::new(Some(text));
    l.set_xalign(0.0);
    l.set_wrap(true);
    l.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    for c in classes {
        l.add_css_class(c);
    }
    l
}

/// The one line a closed board shows: VP, Deniers, Diplomacy markers (8.0; none under Open
/// Diplomacy), cards, Lords, ally.
pub fn summary_line(view: &View, p: PlayerId) -> String {
    let g = &view.state;
    let pv = &view.players[p as usize];
    let lords = view.lords.iter().filter(|l| l.owner == p).count() as u32;
    let money = match pv.money {
        Some(m) => trn("{n} Denier", "{n} Deniers", m),
        None => tr("? Deniers"),
    };
    let money = if g.options.open_diplomacy {
        money
    } else {
        trf(
            "{money} · {markers}",
            &[
                ("money", &money),
                (
                    "markers",
                    &trn("{n} Diplomacy", "{n} Diplomacy", pv.diplomacy as u32),
                ),
            ],
        )
    };
    let mut s = trf(
        "{vp} VP · {money} · {cards} · {lords}",
        &[
            ("vp", &pv.vp.to_string()),
            ("money", &money),
            ("cards", &trn("{n} card", "{n} cards", pv.hand_size as u32)),
            ("lords", &trn("{n} Lord", "{n} Lords", lords)),
        ],
    );
    if let Some(a) = pv.ally {
        s += &trf(" · allied with {p}", &[("p", &names::player(g, a))]);
    }
    s
}

/// The lines of one player's open board (kept apart from the widgets so tests can read them).
pub fn board_lines(view: &View, p: PlayerId) -> Vec<String> {
    let g = &view.state;
    let pv = &view.players[p as usize];
    let mut lines = vec![
        trf(
            "Diplomacy {d} · Tax {t}",
            &[
                ("d", &pv.diplomacy.to_string()),
                ("t", &pv.tax_markers.to_string()),
            ],
        ),
        trf(
            "Stockpile: {maa} Men-at-Arms · {k} Knights · {e} Siege Engines",
            &[
                ("maa", &pv.stock_maa.to_string()),
                ("k", &pv.stock_knights.to_string()),
                ("e", &pv.stock_engines.to_string()),
            ],
        ),
    ];
    if view.voted.contains(&p) {
        lines.push(tr("Has voted (markers face down)"));
    }
    for l in view.lords.iter().filter(|l| l.owner == p) {
        let mut s = format!("♜ {}", names::lord(l.id));
        let titles = names::lord_titles(g, l.id);
        if !titles.is_empty() {
            s += &format!(" — {}", titles.join(", "));
        }
        let mut marks = Vec::new();
        if let Some(sp) = l.spouse {
            marks.push(trf("married to {lord}", &[("lord", &names::lord(sp))]));
        }
        if let Some(c) = l.captor {
            marks.push(trf("captive of {p}", &[("p", &names::player(g, c))]));
        }
        if l.excommunicated {
            marks.push(tr("excommunicated"));
        }
        if l.assassin {
            marks.push(tr("assassin"));
        }
        marks.push(names::village(g, l.village));
        s += &format!(" ({})", marks.join(", "));
        lines.push(s);
    }
    lines
}

impl SimpleComponent for FamilyBoards {
    type Init = ();
    type Input = BoardsMsg;
    type Output = ();
    type Root = gtk::Box;
    type Widgets = ();

    fn init_root() -> gtk::Box {
        gtk::Box::new(gtk::Orientation::Vertical, 8)
    }

    fn init(_: (), root: gtk::Box, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        root.set_margin_start(6);
        root.set_margin_end(6);
        root.set_margin_top(6);
        root.set_margin_bottom(6);
        ComponentParts {
            model: FamilyBoards {
                root,
                open: Default::default(),
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: BoardsMsg, _sender: ComponentSender<Self>) {
        let BoardsMsg::Show(view, who) = msg;
        while let Some(c) = self.root.first_child() {
            self.root.remove(&c);
        }
        let n = view.players.len();
        self.open.borrow_mut().resize(n, false);
        let acting = view.prompt.as_ref().map(|p| p.player);
        for p in 0..n as PlayerId {
            let card = gtk::Box::new(gtk::Orientation::Vertical, 1);
            card.add_css_class("family-board");
            card.set_widget_name(&format!("board-{p}"));
            if acting == Some(p) {
                card.add_css_class("acting");
            }
            let head = gtk::Box::new(gtk::Orientation::Horizontal, 6);
            let swatch = gtk::DrawingArea::new();
            swatch.set_content_width(16);
            swatch.set_content_height(16);
            swatch.set_valign(gtk::Align::Center);
            let rgb = player_rgb(&view, p);
            swatch.set_draw_func(move |_, cr, w, h| {
                cr.rectangle(1.0, 1.0, w as f64 - 2.0, h as f64 - 2.0);
                cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
                let _ = cr.fill_preserve();
                cr.set_source_rgb(0.1, 0.1, 0.1);
                cr.set_line_width(1.0);
                let _ = cr.stroke();
            });
            head.append(&swatch);
            let name = label(&names::player(&view.state, p), &["heading"]);
            name.set_wrap(false);
            name.set_ellipsize(gtk::pango::EllipsizeMode::End);
            name.set_hexpand(true);
            head.append(&name);
            if view.first == p {
                head.append(&label(&tr("First Player"), &["caption", "dim-label"]));
            }
            if let Some(who) = who.get(p as usize) {
                let l = label(who, &["caption"]);
                l.set_widget_name(&format!("who-{p}"));
                head.append(&l);
            }
            if acting == Some(p) {
                let l = label(&tr("to decide"), &["caption", "accent"]);
                l.set_xalign(1.0);
                head.append(&l);
            }
            card.append(&head);
            let summary = label(&summary_line(&view, p), &["caption"]);
            card.append(&summary);
            let lines = board_lines(&view, p);
            let details = gtk::Box::new(gtk::Orientation::Vertical, 1);
            for (i, line) in lines.iter().enumerate() {
                details.append(&label(line, if i < 2 { &["caption"] } else { &["body"] }));
            }
            let reveal = gtk::Revealer::new();
            reveal.set_child(Some(&details));
            reveal.set_reveal_child(self.open.borrow()[p as usize]);
            card.append(&reveal);
            // Hovering shows the whole board; a click keeps it open (or closes it).
            card.set_tooltip_text(Some(&format!(
                "{}\n{}\n{}",
                names::player(&view.state, p),
                summary_line(&view, p),
                lines.join("\n")
            )));
            let click = gtk::GestureClick::new();
            let open = self.open.clone();
            click.connect_released(move |_, _, _, _| {
                let mut o = open.borrow_mut();
                if let Some(x) = o.get_mut(p as usize) {
                    *x = !*x;
                    reveal.set_reveal_child(*x);
                }
            });
            card.add_controller(click);
            self.root.append(&card);
        }
    }
}
