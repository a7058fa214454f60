//! "While you were away": a player back at a network table is told what the host's bot
//! decided for him while he was gone, once; the log marks those entries as his bot's.

use super::App;
use crate::ui::panels::game_log::LogMsg;
use crate::ui::{tr, trf, trn};
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::ComponentController;

/// The most decisions listed in the dialog (the log holds them all).
const MAX_LINES: usize = 12;

impl App {
    /// The log entries `ranges` (`[from, to, seat]`) were written as its decisions by a bot
    /// playing for a player away from the table: marked in the log, and the decisions made
    /// for this player that he was not told of yet said (not over the game's end).
    pub(super) fn tell_away(&mut self, ranges: Vec<[u64; 3]>) {
        self.w.log.emit(LogMsg::ByBot(ranges.clone()));
        let Some(net) = &self.net else { return };
        let (ticket, seat) = (net.invitation(), net.seat);
        let told = self
            .remembered()
            .iter()
            .find(|j| j.ticket == ticket && j.seat == seat)
            .map_or(0, |j| j.bot_told);
        let fresh: Vec<[u64; 2]> = ranges
            .into_iter()
            .filter(|r| r[2] == u64::from(seat) && r[1] > told)
            .map(|[a, b, _]| [a, b])
            .collect();
        let Some(end) = fresh.iter().map(|r| r[1]).max() else {
            return;
        };
        let view = self.session.view();
        let lines: Vec<String> = crate::ui::words::log::log_lines(&view.log, told as usize)
            .into_iter()
            .filter(|l| {
                fresh
                    .iter()
                    .any(|[a, b]| (*a..*b).contains(&(l.first as u64)))
            })
            .map(|l| format!("• {}", l.text))
            .collect();
        if let Some(t) = self.joined_tables() {
            if let Err(e) = t.update(&ticket, seat, |j| j.bot_told = end) {
                eprintln!("fief: the list of tables: {e}");
            }
        }
        // The game's end says more: the log keeps the marks.
        if lines.is_empty() || self.session.game().is_over() {
            return;
        }
        let intro = trn(
            "A bot played for you while you were away. It decided this:",
            "A bot played for you while you were away. It decided these {n} things:",
            lines.len() as u32,
        );
        let mut list: Vec<String> = lines.iter().take(MAX_LINES).cloned().collect();
        if lines.len() > MAX_LINES {
            list.push(trf(
                "…and {n} more. The log marks each one “Your bot:”.",
                &[("n", &(lines.len() - MAX_LINES).to_string())],
            ));
        }
        let d = relm4::adw::MessageDialog::new(
            Some(&self.window),
            Some(&tr("While You Were Away")),
            Some(&intro),
        );
        d.set_widget_name("away");
        // The decisions as a list, read from the left.
        let text = gtk::Label::new(Some(&list.join("\n")));
        text.set_xalign(0.0);
        text.set_wrap(true);
        text.set_selectable(true);
        text.set_widget_name("away-list");
        d.set_extra_child(Some(&text));
        d.add_response("ok", &tr("Play On"));
        d.set_default_response(Some("ok"));
        d.set_close_response("ok");
        d.present();
    }
}
