//! The rules window (F1): a table of contents, search, the quick-reference tables (figures
//! taken from the engine itself) and the complete rules in our own words (`rules_text`),
//! printable with GtkPrintOperation and exported to PDF (`rules_print`). Prompts open it at
//! the section they come from.

use super::rules_print;
use super::rules_text::{self, Section};
use super::{tr, trf, trn};
use fief::rules::battle::dice_for_sp;
use fief::rules::purchase::*;
use relm4::adw::prelude::*;
use relm4::gtk::{gio, glib};
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};

/// The reference as (heading, lines) sections.
pub fn sections() -> Vec<(String, Vec<String>)> {
    let dice = |lo: u32, hi: Option<u32>| {
        let d = dice_for_sp(lo);
        match hi {
            Some(h) => super::trnf(
                "{lo}–{hi} SP: {n} die",
                "{lo}–{hi} SP: {n} dice",
                d,
                &[("lo", &lo.to_string()), ("hi", &h.to_string())],
            ),
            None => super::trnf(
                "{lo} SP or more: {n} die",
                "{lo} SP or more: {n} dice",
                d,
                &[("lo", &lo.to_string())],
            ),
        }
    };
    vec![
        (
            tr("A round, phase by phase"),
            vec![
                tr("1. Hear Ye (1.0): marriages are proposed, then Bishops, the Pope and the King are elected when their conditions are met."),
                tr("2. Cards (2.0): each player discards and draws up to 3 cards; Disasters on the track strike; Lords and Fortune cards are played."),
                tr("3. Income (3.0): Villages, Mills and taxes pay everyone at once."),
                tr("4. Purchase (4.0): ransoms first; then Troops, Mills, Strongholds, Fief Titles and the Biretta, in turn order."),
                tr("5. Movement (5.0): each player moves all his Lords; Troops move only with a Lord."),
                tr("6. Battles (6.0): attacks, then sieges; when every battle is over, Mills may be pillaged."),
                tr("7. End of round (7.0): Disasters leave the map, victory is checked, the First Player card passes on."),
            ],
        ),
        (
            tr("Prices (4.0)"),
            vec![
                trf("Man-at-Arms: {n} Denier", &[("n", &MAA_COST.to_string())]),
                trf("Knight: {n} Deniers", &[("n", &KNIGHT_COST.to_string())]),
                trf("Mill: {n} Deniers", &[("n", &MILL_COST.to_string())]),
                trf("Stronghold: {n} Deniers", &[("n", &STRONGHOLD_COST.to_string())]),
                tr("Fief Title: 4 (Barony), 6 (County) or 8 Deniers (Duchy)"),
                trf("The Biretta (a Cardinal): {n} Deniers", &[("n", &CARDINAL_COST.to_string())]),
                trf(
                    "At most {n} new Troops in one Village per round",
                    &[("n", &NEW_TROOPS_PER_VILLAGE.to_string())],
                ),
            ],
        ),
        (
            tr("Strength and dice (6.2)"),
            vec![
                tr("A Man-at-Arms is 1 SP, a Knight 3 SP, a male Lord 1 SP, a titled Lady 1 SP."),
                dice(1, Some(6)),
                dice(7, Some(12)),
                dice(13, None),
                tr("A Stronghold costs the attacker 1 die, a Fortified City 2; Siege Engines give them back."),
                tr("A hit kills a Man-at-Arms or a Lord; a Knight needs 3 hits."),
            ],
        ),
        (
            tr("Votes (1.3–1.8)"),
            vec![
                tr("Bishop of a Bishopric: 2 for its Principal Village, 1 per other Village held there, 2 per Bishop held since the round began, 3 per Cardinal, 3 for the Pope."),
                tr("Pope: 1 per Cardinal; more than half of the votes cast wins."),
                tr("King: 1 per titled Lord; at least 3 votes, including 2 Bishops, a Cardinal or the Pope."),
                tr("Only the FOR marker counts; the DECOY hides your choice."),
            ],
        ),
        (
            tr("Titles (1.2)"),
            vec![
                tr("Baron, Count, Duke (Fiefs of 2, 3, 4 Villages): 1 VP each; at most 2 per Lord."),
                tr("Bishop: elected; Tithes his Bishopric; 2 votes for Bishops, 1 for the King."),
                tr("Cardinal: a card or the Biretta; Tithes one Bishopric; votes for the Pope; 3 votes for Bishops."),
                tr("Pope: 1 VP; excommunicates, annuls, Tithes every Bishopric; 3 votes for Bishops."),
                tr("King: 1 VP; grants Fief Titles, Tallages an ungoverned Fief; immune to Justice."),
                tr("Queen: 2 Deniers each Income, no VP; Queen Regent when the King dies without heir."),
            ],
        ),
        (
            tr("Victory (7.0)"),
            vec![
                tr("1 VP per Fief Title, 1 for the King, 1 for the Pope."),
                tr("3 VP alone, or 4 VP for two families allied by marriage, win at the end of a round."),
            ],
        ),
    ]
}

pub struct RulesPane {
    window: adw::Window,
    scroll: gtk::ScrolledWindow,
    body: gtk::Box,
    /// One content box per rules section (after the quick reference), in `rules` order.
    boxes: Vec<gtk::Box>,
    quick: gtk::Box,
    toc: gtk::ListBox,
    toc_rows: Vec<gtk::ListBoxRow>,
    quick_row: gtk::ListBoxRow,
    rules: Vec<Section>,
    count: gtk::Label,
    /// The open export chooser (it must live as long as its dialog).
    chooser: Option<gtk::FileChooserNative>,
    /// The last PDF written, with its page count (for the tests).
    pub exported: Option<(std::path::PathBuf, usize)>,
}

#[derive(Debug)]
pub enum RulesMsg {
    Open,
    /// Opens the rules at a section reference such as "6.2.4" (a prompt's "?").
    Show(String),
    /// The table of contents: -1 for the quick reference, else a rules section.
    Goto(i32),
    Search(String),
    Print,
    ExportPdf,
    /// The export chooser's answer: the file to write (None: cancelled).
    ExportTo(Option<std::path::PathBuf>),
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
    type Output = ();
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
        let search = gtk::SearchEntry::new();
        search.set_placeholder_text(Some(&tr("Search the rules")));
        search.set_width_chars(30);
        let s = sender.clone();
        search.connect_search_changed(move |e| s.input(RulesMsg::Search(e.text().to_string())));
        header.set_title_widget(Some(&search));
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
        let rules = rules_text::sections();
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
        for (head, lines) in sections() {
            let h = label(&head, &["title-4"]);
            h.set_margin_top(8);
            quick.append(&h);
            for l in lines {
                quick.append(&label(&l, &[]));
            }
        }
        body.append(&quick);
        let mut boxes = Vec::new();
        for r in &rules {
            let b = gtk::Box::new(gtk::Orientation::Vertical, 4);
            let h = label(
                &r.heading(),
                &[if r.depth() == 1 { "title-2" } else { "title-4" }],
            );
            h.set_margin_top(if r.depth() == 1 { 18 } else { 8 });
            b.append(&h);
            for p in &r.paragraphs {
                b.append(&label(p, &[]));
            }
            body.append(&b);
            boxes.push(b);
        }
        let scroll = gtk::ScrolledWindow::new();
        scroll.set_hexpand(true);
        scroll.set_child(Some(&body));
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
                scroll,
                body,
                boxes,
                quick,
                toc,
                toc_rows,
                quick_row,
                rules,
                count,
                chooser: None,
                exported: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: RulesMsg, _s: ComponentSender<Self>) {
        match msg {
            RulesMsg::Open => self.window.present(),
            RulesMsg::Show(reference) => {
                self.window.present();
                if let Some(i) = rules_text::find(&self.rules, &reference) {
                    self.scroll_to(self.boxes[i].clone().upcast());
                    self.toc.select_row(Some(&self.toc_rows[i]));
                }
            }
            RulesMsg::Goto(i) => {
                let target: gtk::Widget = match usize::try_from(i) {
                    Ok(i) if i < self.boxes.len() => self.boxes[i].clone().upcast(),
                    _ => self.quick.clone().upcast(),
                };
                self.scroll_to(target);
            }
            RulesMsg::Search(q) => {
                let hits = rules_text::search(&self.rules, &q);
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
            }
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

impl RulesPane {
    /// Scrolls the text so that `target` is at the top, once it has been laid out.
    fn scroll_to(&self, target: gtk::Widget) {
        let (scroll, body) = (self.scroll.clone(), self.body.clone());
        gtk::glib::idle_add_local_once(move || {
            if let Some(p) = target.compute_point(&body, &gtk::graphene::Point::new(0.0, 0.0)) {
                scroll.vadjustment().set_value(p.y() as f64);
            }
        });
    }

    fn print(&self) {
        let op = gtk::PrintOperation::new();
        op.set_job_name(&tr("Fief: France 1429 — the rules"));
        op.set_unit(gtk::Unit::Points);
        op.set_embed_page_setup(true);
        let blocks = std::rc::Rc::new(rules_print::blocks());
        let pages = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let (b, p) = (blocks.clone(), pages.clone());
        op.connect_begin_print(move |op, ctx| {
            let laid = rules_print::paginate(&ctx.cairo_context(), &b, ctx.width(), ctx.height());
            op.set_n_pages(laid.len() as i32);
            *p.borrow_mut() = laid;
        });
        op.connect_draw_page(move |_, ctx, n| {
            rules_print::draw_page(
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
        let msg = match rules_print::export_pdf(&path) {
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

/// The rules window in a real GTK main loop (run under `xvfb-run -a`).
#[cfg(test)]
mod gtk_tests {
    use super::*;
    use crate::ui::{answer_chooser, pump_until};
    use relm4::{Component, ComponentController};

    /// Export PDF… through its chooser, answered as a person would: the PDF is written.
    #[gtk4::test]
    fn export_pdf_goes_through_its_chooser() {
        let _ = adw::init();
        let pane = RulesPane::builder().launch(()).detach();
        pane.emit(RulesMsg::Open);
        pane.emit(RulesMsg::ExportPdf);
        assert!(pump_until(10, || pane.model().chooser.is_some()));
        let dir = std::env::temp_dir().join(format!("fief-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("rules.pdf");
        let c = pane.model().chooser.clone().unwrap();
        answer_chooser(&c, &target, true, true);
        assert!(pump_until(60, || pane.model().exported.is_some()));
        let (path, pages) = pane.model().exported.clone().unwrap();
        assert_eq!(path, target);
        assert!(pages > 5, "{pages} pages");
        let pdf = std::fs::read(&target).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        assert!(pane.model().chooser.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reference_takes_its_figures_from_the_engine() {
        let s = super::sections();
        let all: String = s
            .iter()
            .flat_map(|x| x.1.clone())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(all.contains("Stronghold: 10 Deniers"), "{all}");
        assert!(all.contains("7–12 SP: 2 dice"), "{all}");
        assert!(all.contains("13 SP or more: 3 dice"), "{all}");
    }
}
