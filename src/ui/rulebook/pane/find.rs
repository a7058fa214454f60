//! The rules window's search: the entry in the header bar (Enter and Shift+Enter, Ctrl+G, F3
//! and Escape), the matches marked in the text, and the current one stepped through and
//! brought into view.

use super::{after_layout, RulesMsg, RulesPane};
use crate::ui::rulebook::search::{find_matches, markup};
use crate::ui::tr;
use relm4::adw::prelude::*;
use relm4::gtk::glib;
use relm4::{adw, gtk, ComponentSender};

/// One match of the search: in which section, which label of it (0 is the heading), which
/// match within that label, and where in its text (bytes).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Hit {
    pub(super) section: usize,
    pub(super) label: usize,
    pub(super) nth: usize,
    pub(super) at: usize,
}

/// The search entry of the rules window `window`.
pub(super) fn search_entry(
    window: &adw::Window,
    sender: &ComponentSender<RulesPane>,
) -> gtk::SearchEntry {
    let search = gtk::SearchEntry::new();
    search.set_placeholder_text(Some(&tr("Search the rules")));
    search.set_width_chars(30);
    let s = sender.clone();
    search.connect_search_changed(move |e| s.input(RulesMsg::Search(e.text().to_string())));
    // Enter goes to the next match, Shift+Enter to the previous one (as do Ctrl+G and
    // Ctrl+Shift+G, and F3 and Shift+F3 anywhere in the window); Escape clears the search
    // and then closes the window.
    let keys = gtk::EventControllerKey::new();
    keys.set_propagation_phase(gtk::PropagationPhase::Capture);
    let s = sender.clone();
    keys.connect_key_pressed(move |_, key, _, mods| {
        use gtk::gdk::Key;
        match key {
            Key::Return | Key::KP_Enter | Key::ISO_Enter => {
                s.input(RulesMsg::Step(
                    !mods.contains(gtk::gdk::ModifierType::SHIFT_MASK),
                ));
                glib::Propagation::Stop
            }
            _ => glib::Propagation::Proceed,
        }
    });
    search.add_controller(keys);
    let s = sender.clone();
    search.connect_next_match(move |_| s.input(RulesMsg::Step(true)));
    let s = sender.clone();
    search.connect_previous_match(move |_| s.input(RulesMsg::Step(false)));
    // Escape clears the search, or closes the window when there is none.
    let w = window.clone();
    search.connect_stop_search(move |e| {
        if e.text().is_empty() {
            w.set_visible(false);
        } else {
            e.set_text("");
        }
    });
    let keys = gtk::EventControllerKey::new();
    let s = sender.clone();
    let (w, e) = (window.clone(), search.clone());
    keys.connect_key_pressed(move |_, key, _, mods| {
        if key == gtk::gdk::Key::Escape {
            if e.text().is_empty() {
                w.set_visible(false);
            } else {
                e.set_text("");
            }
            return glib::Propagation::Stop;
        }
        if key != gtk::gdk::Key::F3 {
            return glib::Propagation::Proceed;
        }
        s.input(RulesMsg::Step(
            !mods.contains(gtk::gdk::ModifierType::SHIFT_MASK),
        ));
        glib::Propagation::Stop
    });
    window.add_controller(keys);
    search
}

/// Where match `at` (a byte of the label's text) stands in the scrolled text: its top and
/// bottom, in the units of the text's vertical adjustment.
pub(super) fn match_span(label: &gtk::Label, body: &gtk::Box, at: usize) -> Option<(f64, f64)> {
    let r = label.layout().index_to_pos(i32::try_from(at).ok()?);
    let (_, oy) = label.layout_offsets();
    let scale = gtk::pango::SCALE as f32;
    let y = oy as f32 + r.y() as f32 / scale;
    let p = label.compute_point(body, &gtk::graphene::Point::new(0.0, y))?;
    let top = (p.y() + body.margin_top() as f32) as f64;
    Some((top, top + (r.height() as f32 / scale) as f64))
}

impl RulesPane {
    /// Marks the matches of `query` in the shown sections (`shown`, from the search), makes
    /// the first one current and brings it into view; an empty query takes the marks away.
    pub(super) fn highlight(&mut self, query: &str, shown: &[usize]) {
        self.query = query.trim().to_string();
        self.hits.clear();
        self.current = 0;
        for (section, labels) in self.texts.iter().enumerate() {
            let on = shown.contains(&section);
            for (label, (l, text)) in labels.iter().enumerate() {
                let ranges = if on {
                    find_matches(text, &self.query)
                } else {
                    Vec::new()
                };
                if ranges.is_empty() {
                    if l.uses_markup() {
                        l.set_text(text);
                    }
                    continue;
                }
                let first = self.hits.is_empty().then_some(0);
                l.set_markup(&markup(text, &ranges, first));
                self.hits
                    .extend(ranges.iter().enumerate().map(|(nth, r)| Hit {
                        section,
                        label,
                        nth,
                        at: r.start,
                    }));
            }
        }
        self.show_current();
    }

    /// Makes the next (or previous) match current, wrapping around.
    pub(super) fn step(&mut self, forward: bool) {
        let n = self.hits.len();
        if n == 0 {
            return;
        }
        let old = self.hits[self.current].clone();
        self.current = if forward {
            (self.current + 1) % n
        } else {
            (self.current + n - 1) % n
        };
        self.render(&old, false);
        let new = self.hits[self.current].clone();
        self.render(&new, true);
        self.show_current();
    }

    /// Marks again the label of `hit`, with `hit` the current match or not.
    fn render(&self, hit: &Hit, current: bool) {
        let (l, text) = &self.texts[hit.section][hit.label];
        let ranges = find_matches(text, &self.query);
        l.set_markup(&markup(text, &ranges, current.then_some(hit.nth)));
    }

    /// Says which match is current and scrolls the text to it if it is out of view (or on its
    /// edge), a third of the way down.
    pub(super) fn show_current(&self) {
        let n = self.hits.len();
        self.nav.set_visible(!self.query.is_empty());
        self.prev.set_sensitive(n > 0);
        self.next.set_sensitive(n > 0);
        self.found.set_text(&if n == 0 {
            String::new()
        } else {
            crate::ui::trnf(
                "{i} of {n} match",
                "{i} of {n} matches",
                n as u32,
                &[("i", &(self.current + 1).to_string())],
            )
        });
        let Some(hit) = self.hits.get(self.current) else {
            return;
        };
        let label = self.texts[hit.section][hit.label].0.clone();
        let (scroll, body, at) = (self.scroll.clone(), self.body.clone(), hit.at);
        after_layout(&self.window, move || {
            let adj = scroll.vadjustment();
            if let Some((top, bottom)) = match_span(&label, &body, at) {
                // Not on the very edge either: a line or two of context around it.
                let edge = (adj.page_size() / 8.0).min(48.0);
                if top < adj.value() + edge || bottom > adj.value() + adj.page_size() - edge {
                    adj.set_value(top - adj.page_size() / 3.0);
                }
            }
        });
    }
}
