//! The news line at the head of the sidebar: what happened since the viewer's last decision.

use crate::ui::app::sizes::NEWS_HEIGHT;
use crate::ui::tr;
use relm4::gtk;
use relm4::gtk::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// The line at the head of the sidebar, beside the board, that tells what happened since the
/// viewer's last decision: a heading and the button to the whole list above, the newest news
/// under them, as many whole lines as fit (never a line cut off: the rest is behind the
/// button). It has a height of its own, so it never covers the board and nothing moves for it.
pub struct News {
    pub bar: gtk::Box,
    pub title: gtk::Label,
    pub line: gtk::Label,
    pub more: gtk::MenuButton,
    pub list: gtk::Label,
    /// The news of the line, newest first; the line shows those that fit.
    newest: Rc<RefCell<Vec<String>>>,
    /// As wide as the line may be: its resizes fit the line again.
    gauge: gtk::DrawingArea,
}

impl News {
    pub fn new() -> News {
        let bar = gtk::Box::new(gtk::Orientation::Vertical, 0);
        bar.add_css_class("news-strip");
        bar.set_widget_name("since-last-turn");
        bar.set_size_request(-1, NEWS_HEIGHT);
        let head = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let title = gtk::Label::new(None);
        title.add_css_class("heading");
        title.set_xalign(0.0);
        title.set_hexpand(true);
        // Whole: it wraps in a narrow window rather than lose its end.
        title.set_wrap(true);
        title.set_wrap_mode(gtk::pango::WrapMode::WordChar);
        let line = gtk::Label::new(None);
        line.set_xalign(0.0);
        line.set_hexpand(true);
        // Two lines, for a bot's reason to be read whole. Only whole news are put in them
        // (`fit`); the ellipsis is a last resort for a single one longer than both, so that
        // it never widens the sidebar. A click on them shows all the news.
        line.set_wrap(true);
        line.set_wrap_mode(gtk::pango::WrapMode::WordChar);
        line.set_lines(LINES);
        line.set_ellipsize(gtk::pango::EllipsizeMode::End);
        line.set_valign(gtk::Align::Start);
        // Room for both lines even when the line says less: the strip keeps its height.
        let two = line.create_pango_layout(Some("X\nX")).pixel_size().1;
        line.set_size_request(-1, two);
        let gauge = gtk::DrawingArea::new();
        gauge.set_hexpand(true);
        gauge.set_content_height(0);
        let list = gtk::Label::new(None);
        list.set_xalign(0.0);
        list.set_wrap(true);
        // As wide as it may be: its height is then the one the popover gives it.
        list.set_width_chars(56);
        list.set_max_width_chars(56);
        list.set_margin_start(6);
        list.set_margin_end(6);
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        scroll.set_propagate_natural_height(true);
        scroll.set_max_content_height(420);
        scroll.set_child(Some(&list));
        let pop = gtk::Popover::new();
        pop.set_widget_name("news-all");
        pop.set_child(Some(&scroll));
        let more = gtk::MenuButton::new();
        more.set_popover(Some(&pop));
        more.add_css_class("flat");
        more.set_valign(gtk::Align::Center);
        more.set_focus_on_click(false);
        more.set_widget_name("news-more");
        head.append(&title);
        head.append(&more);
        bar.append(&head);
        bar.append(&line);
        bar.append(&gauge);
        let click = gtk::GestureClick::new();
        let m = more.clone();
        click.connect_released(move |_, _, _, _| {
            if m.is_sensitive() {
                m.popup();
            }
        });
        line.add_controller(click);
        let newest = Rc::new(RefCell::new(Vec::new()));
        let (l, n) = (line.clone(), newest.clone());
        gauge.connect_resize(move |_, width, _| fit(&l, &n.borrow(), width));
        let news = News {
            bar,
            title,
            line,
            more,
            list,
            newest,
            gauge,
        };
        news.show(None);
        news
    }

    /// Shows a heading and its lines, or (None) that nothing is new.
    pub fn show(&self, card: Option<(String, Vec<String>)>) {
        match card {
            Some((title, lines)) => {
                self.title.set_text(&title);
                self.line.remove_css_class("dim-label");
                // The newest news first in the line; all of it in order behind the button.
                *self.newest.borrow_mut() = lines
                    .iter()
                    .rev()
                    .filter(|l| !l.is_empty())
                    .cloned()
                    .collect();
                fit(&self.line, &self.newest.borrow(), self.gauge.width());
                self.line.set_tooltip_text(Some(&lines.join("\n")));
                self.list
                    .set_text(&format!("{title}\n\n{}", lines.join("\n")));
                let n = lines.iter().filter(|l| !l.is_empty()).count();
                self.more
                    .set_label(&crate::ui::trf("All ({n})", &[("n", &n.to_string())]));
                self.more.set_sensitive(true);
            }
            None => {
                self.title.set_text("");
                self.line.add_css_class("dim-label");
                self.newest.borrow_mut().clear();
                self.line.set_text(&tr(
                    "What the others do before your next decision is told here.",
                ));
                self.line.set_tooltip_text(None);
                self.list.set_text("");
                self.more.set_label(&tr("All"));
                self.more.set_sensitive(false);
            }
        }
    }
}

/// The lines of news the strip shows.
const LINES: i32 = 2;

/// Puts in `line` the most of `newest` (newest first) that fits whole in `LINES` lines
/// `width` pixels wide: at least the newest one. Before the line has a width, all of them.
fn fit(line: &gtk::Label, newest: &[String], width: i32) {
    if newest.is_empty() {
        return;
    }
    let sep = " · ";
    let fits = |text: &str| {
        let layout = line.create_pango_layout(Some(text));
        layout.set_width(width * gtk::pango::SCALE);
        layout.set_wrap(gtk::pango::WrapMode::WordChar);
        layout.line_count() <= LINES
    };
    let mut shown = newest[0].clone();
    for n in newest.iter().skip(1) {
        let more = format!("{shown}{sep}{n}");
        if width > 0 && !fits(&more) {
            break;
        }
        shown = more;
    }
    line.set_text(&shown);
}
