//! The news line at the head of the sidebar: what happened since the viewer's last decision.

use crate::ui::app::sizes::NEWS_HEIGHT;
use crate::ui::tr;
use relm4::gtk;
use relm4::gtk::prelude::*;

/// The line at the head of the sidebar, beside the board, that tells what happened since the
/// viewer's last decision: a heading, the newest news in a line, and the whole list behind a
/// button. It has a height of its own, so it never covers the board and nothing moves for it.
pub struct News {
    pub bar: gtk::Box,
    pub title: gtk::Label,
    pub line: gtk::Label,
    pub more: gtk::MenuButton,
    pub list: gtk::Label,
}

impl News {
    pub fn new() -> News {
        let bar = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        bar.add_css_class("news-strip");
        bar.set_widget_name("since-last-turn");
        bar.set_size_request(-1, NEWS_HEIGHT);
        let title = gtk::Label::new(None);
        title.add_css_class("heading");
        title.set_xalign(0.0);
        title.set_ellipsize(gtk::pango::EllipsizeMode::End);
        title.set_max_width_chars(34);
        let line = gtk::Label::new(None);
        line.set_xalign(0.0);
        line.set_hexpand(true);
        line.set_ellipsize(gtk::pango::EllipsizeMode::End);
        line.set_single_line_mode(true);
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
        bar.append(&title);
        bar.append(&line);
        bar.append(&more);
        let news = News {
            bar,
            title,
            line,
            more,
            list,
        };
        news.show(None);
        news
    }

    /// Shows a heading and its lines, or (None) that nothing is new.
    pub fn show(&self, card: Option<(String, Vec<String>)>) {
        match card {
            Some((title, lines)) => {
                self.title.set_text(&title);
                self.title.set_visible(true);
                self.line.remove_css_class("dim-label");
                // The newest news first in the line; all of it in order behind the button.
                let newest: Vec<&str> = lines
                    .iter()
                    .rev()
                    .filter(|l| !l.is_empty())
                    .map(String::as_str)
                    .collect();
                self.line.set_text(&newest.join(" · "));
                self.line.set_tooltip_text(Some(&lines.join("\n")));
                self.title.set_tooltip_text(Some(&title));
                self.list
                    .set_text(&format!("{title}\n\n{}", lines.join("\n")));
                let n = lines.iter().filter(|l| !l.is_empty()).count();
                self.more
                    .set_label(&crate::ui::trf("All ({n})", &[("n", &n.to_string())]));
                self.more.set_sensitive(true);
            }
            None => {
                self.title.set_text("");
                self.title.set_visible(false);
                self.line.add_css_class("dim-label");
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
