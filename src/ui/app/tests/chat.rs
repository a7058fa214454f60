//! The chat page of a network game, in the window: the talk takes the page's height above
//! the line to write on and shows its newest line; who reads it is chosen without a tooltip
//! over the choices.

use super::setup::*;
use crate::ui::app::*;

/// The chat page on show beside the log (as in a network game), with `n` lines said while
/// another page was on show.
fn chat_with(app: &Window, n: usize) -> gtk::Widget {
    let root = app.model().w.chat.root.clone();
    app.model().w.stack.page(&root).set_visible(true);
    for i in 0..n {
        app.model().w.chat.push(
            "Blue",
            &format!("Line {i} of the talk, long enough to wrap once in a narrow sidebar."),
            false,
        );
    }
    app.emit(Msg::ShowPage(Page::Chat));
    pump_until(1, || false);
    root.upcast()
}

/// The talk is scrolled to its end, and its last line is drawn inside the visible part.
fn shows_newest(scroll: &gtk::ScrolledWindow) -> bool {
    let a = scroll.vadjustment();
    let at_end = a.upper() > a.page_size() && a.value() + a.page_size() >= a.upper() - 1.0;
    let list = widget_named(scroll.upcast_ref(), "chat-lines")
        .and_then(|l| l.downcast::<gtk::ListBox>().ok())
        .unwrap();
    let rows = (0..)
        .take_while(|i| list.row_at_index(*i).is_some())
        .count() as i32;
    let last = list
        .row_at_index(rows - 1)
        .and_then(|row| row.compute_bounds(scroll));
    let drawn =
        last.is_some_and(|b| b.y() >= 0.0 && b.y() + b.height() <= scroll.height() as f32 + 1.0);
    at_end && drawn
}

#[gtk4::test]
fn the_talk_takes_the_pages_height_and_shows_its_newest_line() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    let page = chat_with(&app, 30);
    let scroll = widget_named(&page, "chat-lines")
        .and_then(|w| w.ancestor(gtk::ScrolledWindow::static_type()))
        .and_then(|w| w.downcast::<gtk::ScrolledWindow>().ok())
        .expect("the talk's scrolled list");
    let entry = widget_named(&page, "chat-entry").unwrap();
    crate::ui::shoot(&page, "chat");
    assert!(shows_newest(&scroll), "the newest line is not shown");
    // The list has all the page's height but the line to write on, which is at the bottom.
    let below = entry
        .compute_point(&page, &gtk::graphene::Point::new(0.0, 0.0))
        .unwrap();
    assert!(
        scroll.height() as f32 >= below.y() - 12.0,
        "{}",
        scroll.height()
    );
    assert!(below.y() + entry.height() as f32 >= page.height() as f32 - 16.0);
    // A line said now shows at once, even after the reader scrolled back.
    scroll.vadjustment().set_value(0.0);
    app.model().w.chat.push("Magenta", "And one more.", true);
    pump_until(1, || false);
    assert!(shows_newest(&scroll), "the line just said is not shown");
}

#[gtk4::test]
fn who_reads_it_has_no_tooltip_over_its_choices() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    let page = chat_with(&app, 0);
    let to = widget_named(&page, "chat-to")
        .and_then(|w| w.downcast::<gtk::DropDown>().ok())
        .expect("the recipient chooser");
    // Its choices say who reads it; a tooltip would lie over "Everyone" once they open.
    assert_eq!(to.tooltip_text(), None);
    assert!(!to.has_tooltip());
}

/// Who said a line is never cut to make room for a long line of talk ("B-" over "ob").
#[gtk4::test]
fn who_said_it_is_never_cut_beside_a_long_line() {
    let app = launch_to_human(init(human_and_easy(), seed(4)));
    let page = chat_with(&app, 0);
    for who in ["Bob", "You", "Anne to you"] {
        app.model().w.chat.push(
            who,
            "A long line of talk that wraps over several lines of the narrow sidebar, again and again and again.",
            false,
        );
    }
    pump_until(1, || false);
    crate::ui::shoot(&page, "chat-names");
    let list = widget_named(&page, "chat-lines")
        .and_then(|l| l.downcast::<gtk::ListBox>().ok())
        .unwrap();
    for i in 0..3 {
        let row = list.row_at_index(i).expect("a line");
        let head = row
            .child()
            .and_then(|b| b.first_child())
            .and_then(|h| h.downcast::<gtk::Label>().ok())
            .expect("who said it");
        let layout = head.layout();
        // Each of its words is whole on one line: no line of it ends inside a word.
        let text = head.text().to_string();
        let lines: Vec<String> = layout
            .lines_readonly()
            .iter()
            .map(|l| {
                let (from, len) = (l.start_index() as usize, l.length() as usize);
                text[from..from + len].trim().to_string()
            })
            .collect();
        for l in &lines {
            assert!(
                text.split_whitespace()
                    .any(|w| l.split_whitespace().any(|x| x == w)),
                "{text:?} cut as {lines:?}"
            );
        }
        assert!(
            lines.iter().all(|l| l
                .split_whitespace()
                .all(|x| text.split_whitespace().any(|w| w == x))),
            "{text:?} cut as {lines:?}"
        );
    }
}
