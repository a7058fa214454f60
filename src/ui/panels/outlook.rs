//! "How to Win": a header-bar button whose popover tells, for each player (the viewer
//! first), his Victory Points and what he is nearest to (the engine's `Game::outlook`, in the
//! words of `ui::words::outlook`), what wins, and, on a page beside it, the legend of the
//! map's markers drawn by the board's own code. A popover lies over the window: nothing
//! moves when it opens. The end-of-game dialog shows the same lines (`outlook_box`).

use crate::ui::board::legend::{self, PICTURE};
use crate::ui::tr;
use crate::ui::words::outlook::{self as words, Block};
use fief::map::Map;
use fief::rules::View;
use relm4::gtk;
use relm4::gtk::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The widest a line of the panel is, in characters.
const LINE_CHARS: i32 = 58;

/// The header bar's "How to Win" button and its popover.
pub struct OutlookPanel {
    pub button: gtk::MenuButton,
    pub popover: gtk::Popover,
    /// The players' blocks and what wins.
    pub standings: gtk::Box,
    /// The map's markers, one row each.
    pub legend: gtk::Box,
    /// The view last shown, read when the popover opens and by the legend's pictures.
    view: Rc<RefCell<Option<Rc<View>>>>,
    map: Arc<Map>,
}

impl OutlookPanel {
    pub fn new(map: Arc<Map>) -> OutlookPanel {
        let standings = gtk::Box::new(gtk::Orientation::Vertical, 4);
        standings.set_widget_name("outlook-standings");
        let legend = gtk::Box::new(gtk::Orientation::Vertical, 2);
        legend.set_widget_name("outlook-legend");
        let stack = gtk::Stack::new();
        stack.add_titled(&scrolled(&standings), Some("standings"), &tr("Standings"));
        stack.add_titled(&scrolled(&legend), Some("legend"), &tr("Map Legend"));
        let switcher = gtk::StackSwitcher::new();
        switcher.set_stack(Some(&stack));
        switcher.set_halign(gtk::Align::Center);
        let content = gtk::Box::new(gtk::Orientation::Vertical, 6);
        content.append(&switcher);
        content.append(&stack);
        let popover = gtk::Popover::new();
        popover.set_widget_name("outlook");
        popover.set_child(Some(&content));
        let button = gtk::MenuButton::new();
        button.set_label(&tr("How to Win"));
        button.set_widget_name("how-to-win");
        // No tooltip: it would lie over the popover it describes.
        button.set_popover(Some(&popover));
        let panel = OutlookPanel {
            button,
            popover,
            standings,
            legend,
            view: Rc::new(RefCell::new(None)),
            map,
        };
        let (st, lg, view, map) = (
            panel.standings.clone(),
            panel.legend.clone(),
            panel.view.clone(),
            panel.map.clone(),
        );
        panel
            .popover
            .connect_show(move |_| refill(&st, &lg, &view, &map));
        panel
    }

    /// The game as the viewer now sees it; the open popover follows it.
    pub fn show(&self, view: &Rc<View>) {
        *self.view.borrow_mut() = Some(view.clone());
        if self.popover.is_visible() {
            refill(&self.standings, &self.legend, &self.view, &self.map);
        }
    }
}

/// A page of the popover: a fixed size, so that nothing moves between pages.
fn scrolled(child: &gtk::Box) -> gtk::ScrolledWindow {
    child.set_margin_start(6);
    child.set_margin_end(6);
    let s = gtk::ScrolledWindow::new();
    s.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
    s.set_min_content_height(460);
    s.set_min_content_width(480);
    s.set_child(Some(child));
    s
}

fn clear(b: &gtk::Box) {
    while let Some(c) = b.first_child() {
        b.remove(&c);
    }
}

/// Fills both pages from the view last shown.
fn refill(
    standings: &gtk::Box,
    legend_box: &gtk::Box,
    view: &Rc<RefCell<Option<Rc<View>>>>,
    map: &Arc<Map>,
) {
    let Some(v) = view.borrow().clone() else {
        return;
    };
    clear(standings);
    fill(standings, &words::blocks(&v.state, &v.outlook()));
    clear(legend_box);
    for m in legend::markers(&v) {
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 10);
        let picture = gtk::DrawingArea::new();
        picture.set_content_width(PICTURE.0);
        picture.set_content_height(PICTURE.1);
        let (view, map) = (view.clone(), map.clone());
        picture.set_draw_func(move |_, cr, w, h| {
            if let Some(v) = view.borrow().as_ref() {
                legend::draw(cr, &map, v, m, w as f64, h as f64);
            }
        });
        let text = gtk::Label::new(Some(&words::marker(m)));
        text.set_wrap(true);
        text.set_xalign(0.0);
        text.set_hexpand(true);
        text.set_max_width_chars(46);
        text.set_widget_name("legend-line");
        row.append(&picture);
        row.append(&text);
        legend_box.append(&row);
    }
}

/// The blocks as headings and wrapped lines, appended to `b`.
pub fn fill(b: &gtk::Box, blocks: &[Block]) {
    for (i, block) in blocks.iter().enumerate() {
        let h = gtk::Label::new(Some(&block.heading));
        h.add_css_class("heading");
        h.set_xalign(0.0);
        h.set_wrap(true);
        h.set_widget_name("outlook-heading");
        if i > 0 {
            h.set_margin_top(8);
        }
        b.append(&h);
        for line in &block.lines {
            let l = gtk::Label::new(Some(line));
            l.set_wrap(true);
            l.set_xalign(0.0);
            l.set_max_width_chars(LINE_CHARS);
            l.set_width_chars(LINE_CHARS.min(40));
            l.set_widget_name("outlook-line");
            if block.player.is_none() {
                l.add_css_class("dim-label");
            }
            b.append(&l);
        }
    }
}

/// The same lines in a box that scrolls past a height, for the end-of-game dialog.
pub fn outlook_box(blocks: &[Block]) -> gtk::ScrolledWindow {
    let b = gtk::Box::new(gtk::Orientation::Vertical, 4);
    b.set_widget_name("outlook-standings");
    fill(&b, blocks);
    let s = gtk::ScrolledWindow::new();
    s.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
    s.set_propagate_natural_height(true);
    s.set_max_content_height(260);
    s.set_child(Some(&b));
    s
}
