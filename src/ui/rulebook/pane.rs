//! The rules window (F1): a table of contents, search, the quick-reference tables (figures
//! taken from the engine itself) and the complete rules in our own words (`sections`),
//! printable with GtkPrintOperation and exported to PDF (`print`). Prompts open it at
//! the section they come from.

use crate::ui::rulebook::print;
use crate::ui::rulebook::quick_reference;
use crate::ui::rulebook::sections::{self, Section};
use crate::ui::{tr, trf, trn};
use find::{search_entry, Hit};
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};

pub struct RulesPane {
    window: adw::Window,
    /// F1 opens the window with the search ready for typing.
    search: gtk::SearchEntry,
    scroll: gtk::ScrolledWindow,
    body: gtk::Box,
    /// One content box per rules section (after the quick reference), in `rules` order.
    boxes: Vec<gtk::Box>,
    /// Per rules section, its heading's and paragraphs' labels with their plain text.
    texts: Vec<Vec<(gtk::Label, String)>>,
    quick: gtk::Box,
    toc: gtk::ListBox,
    toc_scroll: gtk::ScrolledWindow,
    toc_rows: Vec<gtk::ListBoxRow>,
    quick_row: gtk::ListBoxRow,
    rules: Vec<Section>,
    count: gtk::Label,
    /// The search's matches in reading order, and the one Enter went to.
    hits: Vec<Hit>,
    current: usize,
    query: String,
    /// Previous/next match and "2 of 9 matches" in the header bar, shown while searching.
    nav: gtk::Box,
    prev: gtk::Button,
    next: gtk::Button,
    found: gtk::Label,
    /// The contents row a jump chose, kept selected while the text stays where the jump put
    /// it (a section near the end cannot come to the top); the value is set once scrolled.
    pin: Pin,
    /// The open export chooser (it must live as long as its dialog).
    chooser: Option<gtk::FileChooserNative>,
    /// The last PDF written, with its page count (for the tests).
    pub exported: Option<(std::path::PathBuf, usize)>,
}

type Pin = std::rc::Rc<std::cell::RefCell<Option<(gtk::ListBoxRow, Option<f64>)>>>;

/// How far below the top of the view a section may begin and still count as the one read.
const TOP_LINE: f64 = 24.0;
#[derive(Debug)]
pub enum RulesMsg {
    Open,
    /// Opens the rules at a section reference such as "6.2.4" (a prompt's "?").
    Show(String),
    /// The table of contents: -1 for the quick reference, else a rules section.
    Goto(i32),
    Search(String),
    /// The next (true) or previous (false) match of the search.
    Step(bool),
    /// The text was scrolled or laid out again: select the section at its top.
    Follow,
    Print,
    ExportPdf,
    /// The export chooser's answer: the file to write (None: cancelled).
    ExportTo(Option<std::path::PathBuf>),
}

/// What the rules window asks of the main window.
#[derive(Debug)]
pub enum RulesOut {
    /// Ctrl+Q in the rules window: quit the app.
    Quit,
}

fn label(text: &str, classes: &[&str]) -> gtk::Label {
    let l = gtk::Label::new(Some(text));
    l.set_wrap(true);
    l.set_xalign(0.0);
    l.set_selectable(true);
    for c in classes {
        l.add_css_class(c);
    }
    l
}

impl SimpleComponent for RulesPane {
    type Init = ();
    type Input = RulesMsg;
    type Output = RulesOut;
    type Root = adw::Window;
    type Widgets = ();

    fn init_root() -> adw::Window {
        adw::Window::builder()
            .title(tr("Rules"))
            .default_width(980)
            .default_height(720)
            .hide_on_close(true)
            .build()
    }

    fn init(_: (), window: adw::Window, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let outer = gtk::Box::new(gtk::Orientation::Vertical, 0);
        let header = adw::HeaderBar::new();
        let search = search_entry(&window, &sender);
        header.set_title_widget(Some(&search));
        // Ctrl+Q quits the app from here too, as from the main window.
        let keys = gtk::ShortcutController::new();
        keys.set_scope(gtk::ShortcutScope::Global);
        let s = sender.clone();
        keys.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>q"),
            Some(gtk::CallbackAction::new(move |_, _| {
                s.output(RulesOut::Quit).ok();
                glib::Propagation::Stop
            })),
        ));
        window.add_controller(keys);
        let nav = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        let arrows = gtk::Box::new(gtk::Orientation::Horizontal, 0);
        arrows.add_css_class("linked");
        let prev = gtk::Button::from_icon_name("go-up-symbolic");
        prev.set_tooltip_text(Some(&tr("Previous match (Shift+Enter)")));
        let s = sender.clone();
        prev.connect_clicked(move |_| s.input(RulesMsg::Step(false)));
        let next = gtk::Button::from_icon_name("go-down-symbolic");
        next.set_tooltip_text(Some(&tr("Next match (Enter)")));
        let s = sender.clone();
        next.connect_clicked(move |_| s.input(RulesMsg::Step(true)));
        arrows.append(&prev);
        arrows.append(&next);
        nav.append(&arrows);
        let found = label("", &["dim-label"]);
        found.set_selectable(false);
        found.set_wrap(false);
        nav.append(&found);
        nav.set_visible(false);
        header.pack_start(&nav);
        let print = gtk::Button::from_icon_name("printer-symbolic");
        print.set_tooltip_text(Some(&tr("Print the rules")));
        let s = sender.clone();
        print.connect_clicked(move |_| s.input(RulesMsg::Print));
        header.pack_end(&print);
        let pdf = gtk::Button::with_label(&tr("Export PDF…"));
        pdf.set_tooltip_text(Some(&tr("Save the rules as a PDF file")));
        let s = sender.clone();
        pdf.connect_clicked(move |_| s.input(RulesMsg::ExportPdf));
        header.pack_end(&pdf);
        outer.append(&header);

        // Contents on the left, the text on the right.
        let toc = gtk::ListBox::new();
        toc.add_css_class("navigation-sidebar");
        let rules = sections::sections();
        let mut toc_rows = Vec::new();
        let quick_row = gtk::ListBoxRow::new();
        quick_row.set_child(Some(&label(&tr("Quick reference"), &["heading"])));
        toc.append(&quick_row);
        for r in &rules {
            let row = gtk::ListBoxRow::new();
            let l = label(
                &r.heading(),
                if r.depth() == 1 { &["heading"] } else { &[] },
            );
            l.set_selectable(false);
            l.set_margin_start(6 + 12 * (r.depth().saturating_sub(1) as i32));
            row.set_child(Some(&l));
            toc.append(&row);
            toc_rows.push(row);
        }
        let s = sender.clone();
        toc.connect_row_activated(move |_, row| s.input(RulesMsg::Goto(row.index() - 1)));
        let toc_scroll = gtk::ScrolledWindow::new();
        toc_scroll.set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        toc_scroll.set_child(Some(&toc));
        toc_scroll.set_size_request(240, -1);

        let body = gtk::Box::new(gtk::Orientation::Vertical, 6);
        body.set_margin_start(24);
        body.set_margin_end(24);
        body.set_margin_top(12);
        body.set_margin_bottom(24);
        let count = label("", &["dim-label"]);
        body.append(&count);
        let quick = gtk::Box::new(gtk::Orientation::Vertical, 4);
        quick.append(&label(&tr("Quick reference"), &["title-2"]));
        for (head, lines) in quick_reference::sections() {
            let h = label(&head, &["title-4"]);
            h.set_margin_top(8);
            quick.append(&h);
            for l in lines {
                quick.append(&label(&l, &[]));
            }
        }
        body.append(&quick);
        let mut boxes = Vec::new();
        let mut texts = Vec::new();
        for r in &rules {
            let b = gtk::Box::new(gtk::Orientation::Vertical, 4);
            let heading = r.heading();
            let h = label(
                &heading,
                &[if r.depth() == 1 { "title-2" } else { "title-4" }],
            );
            h.set_margin_top(if r.depth() == 1 { 18 } else { 8 });
            b.append(&h);
            let mut t = vec![(h, heading)];
            for p in &r.paragraphs {
                let l = label(p, &[]);
                b.append(&l);
                t.push((l, p.clone()));
            }
            body.append(&b);
            boxes.push(b);
            texts.push(t);
        }
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_hexpand(true);
        scroll.set_child(Some(&body));
        // The contents follow the text: whenever it scrolls or is laid out again.
        let adj = scroll.vadjustment();
        let s = sender.clone();
        adj.connect_value_changed(move |_| s.input(RulesMsg::Follow));
        let s = sender.clone();
        adj.connect_changed(move |_| s.input(RulesMsg::Follow));
        let paned = gtk::Paned::new(gtk::Orientation::Horizontal);
        paned.set_start_child(Some(&toc_scroll));
        paned.set_end_child(Some(&scroll));
        paned.set_shrink_start_child(false);
        paned.set_resize_start_child(false);
        paned.set_position(290);
        paned.set_vexpand(true);
        outer.append(&paned);
        window.set_content(Some(&outer));
        ComponentParts {
            model: RulesPane {
                window,
                search,
                scroll,
                body,
                boxes,
                texts,
                quick,
                toc,
                toc_scroll,
                toc_rows,
                quick_row,
                rules,
                count,
                hits: Vec::new(),
                current: 0,
                query: String::new(),
                nav,
                prev,
                next,
                found,
                pin: Pin::default(),
                chooser: None,
                exported: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: RulesMsg, _s: ComponentSender<Self>) {
        match msg {
            RulesMsg::Open => {
                self.window.present();
                self.search.grab_focus();
            }
            RulesMsg::Show(reference) => {
                self.window.present();
                if let Some(i) = sections::find(&self.rules, &reference) {
                    self.scroll_to(i as i32);
                }
            }
            RulesMsg::Goto(i) => self.scroll_to(i),
            RulesMsg::Search(q) => {
                let hits = sections::search(&self.rules, &q);
                for (i, (b, row)) in self.boxes.iter().zip(&self.toc_rows).enumerate() {
                    let on = hits.contains(&i);
                    b.set_visible(on);
                    row.set_visible(on);
                }
                let quick = q.trim().is_empty();
                self.quick.set_visible(quick);
                self.quick_row.set_visible(quick);
                self.count.set_text(&if quick {
                    String::new()
                } else {
                    trn("{n} section found", "{n} sections found", hits.len() as u32)
                });
                self.count.set_visible(!quick);
                self.highlight(&q, &hits);
            }
            RulesMsg::Step(forward) => self.step(forward),
            RulesMsg::Follow => self.follow(),
            RulesMsg::Print => self.print(),
            RulesMsg::ExportPdf => self.export(_s),
            RulesMsg::ExportTo(path) => {
                self.chooser = None;
                if let Some(path) = path {
                    self.export_to(path);
                }
            }
        }
    }
}

/// Runs `f` once the window has been laid out again (at the frame clock's next layout, after
/// GTK's own allocation), so that positions are those of the text as it is now.
fn after_layout(window: &adw::Window, f: impl FnOnce() + 'static) {
    let Some(clock) = window.frame_clock() else {
        glib::idle_add_local_once(f);
        return;
    };
    let f = std::cell::Cell::new(Some(f));
    let id = std::rc::Rc::new(std::cell::Cell::new(None));
    let own = id.clone();
    let handler = clock.connect_layout(move |c| {
        if let Some(id) = own.take() {
            c.disconnect(id);
        }
        if let Some(f) = f.take() {
            f();
        }
    });
    id.set(Some(handler));
    clock.request_phase(gtk::gdk::FrameClockPhase::LAYOUT);
}

impl RulesPane {
    /// Scrolls the text so that section `i` (-1 or out of range: the quick reference) is at
    /// the top once it has been laid out, and selects its contents row for as long as the text
    /// stays there.
    fn scroll_to(&self, i: i32) {
        let (target, row): (gtk::Widget, _) = match usize::try_from(i) {
            Ok(i) if i < self.boxes.len() => (self.boxes[i].clone().upcast(), &self.toc_rows[i]),
            _ => (self.quick.clone().upcast(), &self.quick_row),
        };
        self.select(row);
        *self.pin.borrow_mut() = Some((row.clone(), None));
        let (scroll, body, pin) = (self.scroll.clone(), self.body.clone(), self.pin.clone());
        after_layout(&self.window, move || {
            if let Some(p) = target.compute_point(&body, &gtk::graphene::Point::new(0.0, 0.0)) {
                let adj = scroll.vadjustment();
                adj.set_value(p.y() as f64);
                if let Some((_, at)) = pin.borrow_mut().as_mut() {
                    *at = Some(adj.value());
                }
            }
        });
    }

    /// Selects a contents row and scrolls the contents (not the text) to show it. Selecting
    /// does not activate the row, so it causes no jump.
    fn select(&self, row: &gtk::ListBoxRow) {
        if self.toc.selected_row().as_ref() == Some(row) {
            return;
        }
        self.toc.select_row(Some(row));
        if let Some(b) = row.compute_bounds(&self.toc) {
            let y = b.y() as f64;
            self.toc_scroll
                .vadjustment()
                .clamp_page(y, y + b.height() as f64);
        }
    }

    /// Selects the contents row of the section at the top of the text: the last shown section
    /// that begins above `TOP_LINE`, else the first (or the one a jump chose, while the text
    /// stays there).
    fn follow(&mut self) {
        let v = self.scroll.vadjustment().value();
        let pinned = match self.pin.borrow().as_ref() {
            Some((row, None)) => Some(row.clone()),
            Some((row, Some(at))) if (v - at).abs() < 1.0 => Some(row.clone()),
            _ => None,
        };
        if let Some(row) = pinned {
            self.select(&row);
            return;
        }
        *self.pin.borrow_mut() = None;
        let line = v + TOP_LINE - self.body.margin_top() as f64;
        let mut top = None;
        let sections = std::iter::once((&self.quick, &self.quick_row))
            .chain(self.boxes.iter().zip(&self.toc_rows))
            .filter(|(b, _)| b.is_visible());
        for (b, row) in sections {
            match b.compute_point(&self.body, &gtk::graphene::Point::new(0.0, 0.0)) {
                // Above the first section (the search's count): the first section.
                Some(p) if p.y() as f64 <= line || top.is_none() => top = Some(row.clone()),
                Some(_) => break,
                None => {}
            }
        }
        if let Some(row) = top {
            self.select(&row);
        }
    }

    fn print(&self) {
        let op = gtk::PrintOperation::new();
        op.set_job_name(&tr("Fief: France 1429 — the rules"));
        op.set_unit(gtk::Unit::Points);
        op.set_embed_page_setup(true);
        let blocks = std::rc::Rc::new(print::blocks());
        let pages = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let (b, p) = (blocks.clone(), pages.clone());
        op.connect_begin_print(move |op, ctx| {
            let laid = print::paginate(&ctx.cairo_context(), &b, ctx.width(), ctx.height());
            op.set_n_pages(laid.len() as i32);
            *p.borrow_mut() = laid;
        });
        op.connect_draw_page(move |_, ctx, n| {
            print::draw_page(
                &ctx.cairo_context(),
                &blocks,
                &pages.borrow(),
                n as usize,
                ctx.width(),
                ctx.height(),
            );
        });
        if let Err(e) = op.run(gtk::PrintOperationAction::PrintDialog, Some(&self.window)) {
            self.tell(&trf(
                "The rules could not be printed: {e}",
                &[("e", &e.to_string())],
            ));
        }
    }

    /// Opens the export chooser; the pane keeps it until it answers.
    fn export(&mut self, sender: ComponentSender<Self>) {
        let chooser = gtk::FileChooserNative::new(
            Some(&tr("Export the rules as PDF")),
            Some(&self.window),
            gtk::FileChooserAction::Save,
            Some(&tr("Export")),
            Some(&tr("Cancel")),
        );
        chooser.set_current_name(&tr("fief-rules.pdf"));
        // It opens in the Documents folder (else the home folder), not wherever the app was
        // started from.
        let dir = glib::user_special_dir(glib::UserDirectory::Documents)
            .filter(|d| d.is_dir())
            .unwrap_or_else(glib::home_dir);
        let _ = chooser.set_current_folder(Some(&gio::File::for_path(dir)));
        chooser.connect_response(move |c, r| {
            let path = (r == gtk::ResponseType::Accept)
                .then(|| c.file().and_then(|f| f.path()))
                .flatten();
            sender.input_sender().send(RulesMsg::ExportTo(path)).ok();
        });
        chooser.show();
        self.chooser = Some(chooser);
    }

    fn export_to(&mut self, path: std::path::PathBuf) {
        let msg = match print::export_pdf(&path) {
            Ok(n) => {
                self.exported = Some((path.clone(), n));
                trn(
                    "Saved {n} page to {path}.",
                    "Saved {n} pages to {path}.",
                    n as u32,
                )
                .replace("{path}", &path.display().to_string())
            }
            Err(e) => trf("The PDF could not be written: {e}", &[("e", &e)]),
        };
        self.tell(&msg);
    }

    fn tell(&self, msg: &str) {
        let d = adw::MessageDialog::new(Some(&self.window), Some(msg), None);
        d.add_response("ok", &tr("OK"));
        d.present();
    }
}

/// The search: its entry, its matches marked and stepped through.
mod find;

#[cfg(test)]
mod gtk_tests;
