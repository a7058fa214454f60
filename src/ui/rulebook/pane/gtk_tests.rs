//! The rules window in a real GTK main loop (run under `xvfb-run -a`).

use super::*;
use crate::ui::rulebook::search::{CURRENT_BG, MATCH_BG};
use crate::ui::{answer_chooser, pump_until};
use find::match_span;
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

/// Opens the window and waits until the text has been laid out.
fn opened() -> relm4::Controller<RulesPane> {
    let _ = adw::init();
    let pane = RulesPane::builder().launch(()).detach();
    pane.emit(RulesMsg::Open);
    let adj = pane.model().scroll.vadjustment();
    assert!(pump_until(10, || adj.page_size() > 0.0
        && adj.upper() > 10.0 * adj.page_size()));
    pane
}

/// Scrolling the text selects the contents row of the section at its top without moving
/// the text; a jump from the contents selects its row, even near the end where the
/// section cannot come to the top.
#[gtk4::test]
fn the_contents_follow_the_text() {
    let pane = opened();
    let (scroll, body, boxes, toc, rows, quick_row, toc_scroll) = {
        let m = pane.model();
        (
            m.scroll.clone(),
            m.body.clone(),
            m.boxes.clone(),
            m.toc.clone(),
            m.toc_rows.clone(),
            m.quick_row.clone(),
            m.toc_scroll.clone(),
        )
    };
    let adj = scroll.vadjustment();
    let selected = |row: &gtk::ListBoxRow| toc.selected_row().as_ref() == Some(row);
    let rules = sections::sections();
    let origin = gtk::graphene::Point::new(0.0, 0.0);
    for n in ["1.4", "5.0", "2.3.3", "8.0"] {
        let i = sections::find(&rules, n).unwrap();
        let y = boxes[i].compute_point(&body, &origin).unwrap().y() as f64;
        // A little into the section, its heading just gone by.
        let v = y + 30.0;
        adj.set_value(v);
        assert!(pump_until(5, || selected(&rows[i])), "{n} not selected");
        pump_until(1, || false);
        assert!(selected(&rows[i]), "{n}");
        assert_eq!(adj.value(), v, "selecting {n}'s row moved the text");
        // The contents show the selected row.
        let b = rows[i].compute_bounds(&toc).unwrap();
        let t = toc_scroll.vadjustment();
        assert!(
            b.y() as f64 >= t.value() - 0.5
                && (b.y() + b.height()) as f64 <= t.value() + t.page_size() + 0.5,
            "{n}'s row is out of view in the contents"
        );
    }
    adj.set_value(0.0);
    assert!(pump_until(5, || selected(&quick_row)));
    // Jumps from the contents, one near the end.
    for i in [rows.len() - 1, 3] {
        pane.emit(RulesMsg::Goto(i as i32));
        assert!(pump_until(5, || selected(&rows[i]) && adj.value() > 0.0));
        pump_until(1, || false);
        assert!(selected(&rows[i]), "row {i} after the jump");
    }
    let y = boxes[3].compute_point(&body, &origin).unwrap().y() as f64;
    assert_eq!(adj.value(), y, "the jump puts the section at the top");
    // Scrolling on from there follows again.
    adj.set_value(boxes[6].compute_point(&body, &origin).unwrap().y() as f64 + 30.0);
    assert!(pump_until(5, || selected(&rows[6])));
}

/// A search highlights its matches, brings the first one into view, steps through them
/// (wrapping around), survives odd queries, and clearing it takes the marks away.
#[gtk4::test]
fn search_highlights_and_steps_through_its_matches() {
    let pane = opened();
    let (scroll, body, texts) = {
        let m = pane.model();
        (m.scroll.clone(), m.body.clone(), m.texts.clone())
    };
    let adj = scroll.vadjustment();
    let in_view = |h: &Hit| {
        let (top, bottom) = match_span(&texts[h.section][h.label].0, &body, h.at).unwrap();
        top >= adj.value() - 0.5 && bottom <= adj.value() + adj.page_size() + 0.5
    };
    pane.emit(RulesMsg::Search("cavalcade".into()));
    assert!(pump_until(5, || !pane.model().hits.is_empty()));
    let hits = pane.model().hits.clone();
    assert!(hits.len() > 2, "{hits:?}");
    for h in &hits {
        let (l, plain) = &texts[h.section][h.label];
        assert!(l.uses_markup());
        assert_eq!(l.text().as_str(), plain.as_str(), "the text is unchanged");
        assert!(l.label().contains(MATCH_BG) || l.label().contains(CURRENT_BG));
    }
    let current = |i: usize| {
        let (l, _) = &texts[hits[i].section][hits[i].label];
        pane.model().current == i && l.label().contains(CURRENT_BG)
    };
    assert!(current(0));
    assert!(
        pump_until(5, || in_view(&hits[0])),
        "the first match is shown"
    );
    let last = hits.len() - 1;
    pane.emit(RulesMsg::Step(false));
    assert!(pump_until(5, || current(last) && in_view(&hits[last])));
    pane.emit(RulesMsg::Step(true));
    assert!(pump_until(5, || current(0) && in_view(&hits[0])));
    pane.emit(RulesMsg::Step(true));
    assert!(pump_until(5, || current(1) && in_view(&hits[1])));
    let nav = pane.model().nav.clone();
    assert!(nav.is_visible() && !pane.model().found.text().is_empty());

    let long = "siège ".repeat(500);
    for q in [
        "<",
        "&",
        "é",
        "É",
        "🏰",
        "\u{130}",
        " ",
        "a\u{301}",
        long.as_str(),
    ] {
        pane.emit(RulesMsg::Search(q.into()));
        assert!(pump_until(5, || pane.model().query == q.trim()), "{q:?}");
        pane.emit(RulesMsg::Step(true));
        pump_until(1, || false);
    }
    pane.emit(RulesMsg::Search("É".into()));
    assert!(pump_until(5, || pane.model().query == "É"));
    assert!(!pane.model().hits.is_empty(), "É finds é");

    pane.emit(RulesMsg::Search(String::new()));
    assert!(pump_until(5, || pane.model().query.is_empty()));
    assert!(pane.model().hits.is_empty() && !nav.is_visible());
    assert!(texts.iter().flatten().all(|(l, _)| !l.uses_markup()));
    pane.emit(RulesMsg::Step(true));
    pump_until(1, || false);
}
