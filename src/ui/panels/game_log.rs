//! The game log: what happened, in order, grouped by round and phase, each entry followed by
//! the rule it comes from as a small link that opens the rules there; the viewer reads only
//! what he may (a card drawn by another player shows as "a card"). It follows the newest
//! entry unless the reader scrolled up to read older ones.

use crate::ui::{tr, trf};
use fief::rules::View;
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::rc::Rc;

/// A round and a phase: the headings a log line is written under.
type Group = Option<(u16, u8)>;

pub struct GameLog {
    buffer: gtk::TextBuffer,
    scroll: gtk::ScrolledWindow,
    /// Entries shown, and the viewer they were shown to.
    shown: usize,
    viewer: Option<Option<u8>>,
    /// The round and phase of the last group written.
    group: Group,
    /// The last three lines written: where each starts in the buffer (after its headings),
    /// its first entry and its group. They are written again with the next entries, which
    /// may fold into them (a run of refused marriage proposals is one line: a proposal, its
    /// refusal and the next proposal wait for the next refusal).
    tail: Vec<(gtk::TextMark, usize, Group)>,
    /// The entries a host's bot wrote as its decisions for a player away from a network
    /// table (`[from, to, seat]`): marked as the bot's.
    by_bot: Vec<[u64; 3]>,
}

#[derive(Debug)]
pub enum LogMsg {
    Show(Rc<View>),
    /// Another game (or none) is shown from now on: its log is written from the start.
    Clear,
    /// These entries (`[from, to, seat]`) were written by a bot that played for a player
    /// while he was away (a network table): marked so in the lines written from now on.
    ByBot(Vec<[u64; 3]>),
}

#[derive(Debug)]
pub enum LogOut {
    /// A rule's link was clicked: open the rules at this section.
    Rule(String),
}

/// The heading of a phase's entries in the log.
pub fn phase_heading(n: u8) -> String {
    match n {
        1 => tr("Phase 1: Marriages and Elections"),
        2 => tr("Phase 2: Cards and Disasters"),
        3 => tr("Phase 3: Income"),
        4 => tr("Phase 4: Ransoms and Purchases"),
        5 => tr("Phase 5: Movement"),
        6 => tr("Phase 6: Battles"),
        7 => tr("Phase 7: End of Round"),
        _ => tr("Game over"),
    }
}

/// The tag that makes a section's link (one per section: the click reads its name).
const RULE_TAG: &str = "rule:";

/// Whether the reader is at the newest entry (or near it): new entries keep him there.
fn at_bottom(adj: &gtk::Adjustment) -> bool {
    adj.value() + adj.page_size() >= adj.upper() - 24.0
}

impl GameLog {
    fn clear(&mut self) {
        self.buffer.set_text("");
        self.shown = 0;
        self.group = None;
        for (m, ..) in self.tail.drain(..) {
            self.buffer.delete_mark(&m);
        }
    }
}

impl SimpleComponent for GameLog {
    type Init = ();
    type Input = LogMsg;
    type Output = LogOut;
    type Root = gtk::ScrolledWindow;
    type Widgets = ();

    fn init_root() -> gtk::ScrolledWindow {
        gtk::ScrolledWindow::new()
    }

    fn init(
        _: (),
        scroll: gtk::ScrolledWindow,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let view = gtk::TextView::new();
        view.set_editable(false);
        view.set_cursor_visible(false);
        view.set_wrap_mode(gtk::WrapMode::WordChar);
        view.set_left_margin(8);
        view.set_right_margin(8);
        view.set_top_margin(6);
        view.set_bottom_margin(6);
        view.set_widget_name("game-log");
        let buffer = view.buffer();
        buffer.create_tag(
            Some("round"),
            &[
                ("weight", &700i32),
                ("scale", &1.15f64),
                ("pixels-above-lines", &10i32),
            ],
        );
        buffer.create_tag(
            Some("phase"),
            &[
                ("weight", &600i32),
                ("scale", &0.9f64),
                ("foreground", &"#6b5a44"),
                ("pixels-above-lines", &6i32),
            ],
        );
        buffer.create_tag(
            Some("entry"),
            &[("left-margin", &16i32), ("indent", &-8i32)],
        );
        buffer.create_tag(
            Some("bot"),
            &[("weight", &600i32), ("foreground", &"#8a5a00")],
        );
        buffer.create_tag(
            Some("rule"),
            &[
                ("scale", &0.75f64),
                ("foreground", &"#3a6ab0"),
                ("underline", &gtk::pango::Underline::Single),
            ],
        );
        // A click on a rule's link opens the rules there.
        let click = gtk::GestureClick::new();
        let (v, s) = (view.clone(), sender.clone());
        click.connect_released(move |_, _, x, y| {
            let (bx, by) =
                v.window_to_buffer_coords(gtk::TextWindowType::Widget, x as i32, y as i32);
            let Some(it) = v.iter_at_location(bx, by) else {
                return;
            };
            for tag in it.tags() {
                if let Some(section) = tag
                    .name()
                    .and_then(|n| n.strip_prefix(RULE_TAG).map(String::from))
                {
                    s.output(LogOut::Rule(section)).ok();
                    return;
                }
            }
        });
        view.add_controller(click);
        // The pointer says where a link is.
        let motion = gtk::EventControllerMotion::new();
        let v = view.clone();
        motion.connect_motion(move |_, x, y| {
            let (bx, by) =
                v.window_to_buffer_coords(gtk::TextWindowType::Widget, x as i32, y as i32);
            let link = v.iter_at_location(bx, by).is_some_and(|it| {
                it.tags()
                    .iter()
                    .any(|t| t.name().is_some_and(|n| n.starts_with(RULE_TAG)))
            });
            v.set_cursor_from_name(Some(if link { "pointer" } else { "text" }));
        });
        view.add_controller(motion);
        scroll.set_vexpand(true);
        scroll.set_child(Some(&view));
        ComponentParts {
            model: GameLog {
                buffer,
                scroll,
                shown: 0,
                viewer: None,
                group: None,
                tail: Vec::new(),
                by_bot: Vec::new(),
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: LogMsg, _s: ComponentSender<Self>) {
        let view = match msg {
            LogMsg::Show(view) => view,
            LogMsg::Clear => {
                self.clear();
                self.viewer = None;
                self.by_bot.clear();
                return;
            }
            LogMsg::ByBot(ranges) => {
                for r in ranges {
                    if !self.by_bot.contains(&r) {
                        self.by_bot.push(r);
                    }
                }
                return;
            }
        };
        // A different reader or a shorter log (a new game, an undo): write it all again.
        if self.viewer != Some(view.viewer) || view.log.len() < self.shown {
            self.clear();
            self.viewer = Some(view.viewer);
        }
        if view.log.len() == self.shown {
            return;
        }
        let adj = self.scroll.vadjustment();
        let follow = self.shown == 0 || at_bottom(&adj);
        // The last lines written go again, with what may fold into them.
        let mut from = self.shown;
        if let Some((mark, first, group)) = self.tail.first().cloned() {
            let mut start = self.buffer.iter_at_mark(&mark);
            let mut end = self.buffer.end_iter();
            self.buffer.delete(&mut start, &mut end);
            from = first;
            self.group = group;
        }
        for (m, ..) in self.tail.drain(..) {
            self.buffer.delete_mark(&m);
        }
        let mut end = self.buffer.end_iter();
        for line in crate::ui::words::log::log_lines(&view.log, from) {
            let Some(e) = view.log.get(line.first) else {
                break;
            };
            if self.group.map(|(r, _)| r) != Some(e.round) {
                let head = if e.round == 0 {
                    tr("Setup")
                } else {
                    trf("Round {n}", &[("n", &e.round.to_string())])
                };
                self.buffer
                    .insert_with_tags_by_name(&mut end, &format!("{head}\n"), &["round"]);
            }
            if e.round > 0 && self.group != Some((e.round, e.phase)) && e.phase > 0 {
                self.buffer.insert_with_tags_by_name(
                    &mut end,
                    &format!("{}\n", phase_heading(e.phase)),
                    &["phase"],
                );
            }
            // The line starts after its headings: written again, it needs none.
            self.group = Some((e.round, e.phase));
            let mark = self.buffer.create_mark(None, &end, true);
            self.tail.push((mark, line.first, self.group));
            if self.tail.len() > 3 {
                let (m, ..) = self.tail.remove(0);
                self.buffer.delete_mark(&m);
            }
            // A line of a bot's decision says whose bot it was.
            let first = line.first as u64;
            if let Some([.., seat]) = self
                .by_bot
                .iter()
                .find(|[a, b, _]| (*a..*b).contains(&first))
            {
                let whose = if view.viewer.map(u64::from) == Some(*seat) {
                    tr("Your bot:")
                } else {
                    let who = view.players.get(*seat as usize).map_or("", |p| &p.name);
                    trf("Bot for {who}:", &[("who", who)])
                };
                self.buffer.insert_with_tags_by_name(
                    &mut end,
                    &format!("{whose} "),
                    &["entry", "bot"],
                );
            }
            self.buffer
                .insert_with_tags_by_name(&mut end, &line.text, &["entry"]);
            if !line.section.is_empty() {
                let name = format!("{RULE_TAG}{}", line.section);
                if self.buffer.tag_table().lookup(&name).is_none() {
                    self.buffer.create_tag(Some(&name), &[]);
                }
                self.buffer.insert(&mut end, "  ");
                self.buffer.insert_with_tags_by_name(
                    &mut end,
                    &format!("§{}", line.section),
                    &["entry", "rule", &name],
                );
            }
            self.buffer.insert(&mut end, "\n");
        }
        self.shown = view.log.len();
        if follow {
            // Once laid out, show the newest entry.
            adj.set_value(adj.upper());
            gtk::glib::idle_add_local_once(move || adj.set_value(adj.upper()));
        }
    }
}

#[cfg(test)]
mod gtk_tests {
    use super::*;
    use fief::rules::{Game, Options};
    use relm4::{Component, ComponentController};

    /// A run of refused proposals is written as one line, however the entries arrive: the
    /// lines already written are written again as the run grows.
    #[gtk4::test]
    fn the_log_folds_a_run_of_refused_proposals_as_it_grows() {
        use crate::ui::words::log::{marriage_event as said, PROPOSALS, REFUSAL};
        let mut log = Vec::new();
        for _ in 0..4 {
            log.push(said(PROPOSALS[0], "White"));
            log.push(said(REFUSAL, "Magenta"));
        }
        log.push(said(PROPOSALS[0], "Blue"));
        let g = Game::new(Options::default()).unwrap();
        let base = g.view(Some(0));
        let c = GameLog::builder().launch(()).detach();
        for n in 1..=log.len() {
            let mut view = base.clone();
            view.log = log[..n].to_vec().into();
            c.emit(LogMsg::Show(Rc::new(view)));
            crate::ui::pump_until(1, || c.model().shown == n);
        }
        let b = &c.model().buffer;
        let text = b.text(&b.start_iter(), &b.end_iter(), false).to_string();
        assert_eq!(text.matches("Round 2").count(), 1, "{text}");
        assert_eq!(text.matches("Phase 1").count(), 1, "{text}");
        assert!(
            text.contains("White proposed 4 marriages to Magenta; all refused."),
            "{text}"
        );
        assert!(!text.contains("White proposes"), "{text}");
        assert!(text.contains("Blue proposes"), "{text}");
    }

    /// The lines of a host's bot's decisions say whose bot it was: "Your bot:" for the
    /// reader's own, "Bot for Bert:" for another player's, nothing for what followed.
    #[gtk4::test]
    fn a_bots_decisions_are_marked_with_whose_bot_it_was() {
        use crate::ui::words::log::{marriage_event as said, PROPOSALS};
        let log = vec![
            said(PROPOSALS[0], "White"),
            said(PROPOSALS[0], "Blue"),
            said(PROPOSALS[0], "Green"),
        ];
        let g = Game::new(Options::default()).unwrap();
        let mut view = g.view(Some(0));
        view.log = log.into();
        let bert = view.players[1].name.clone();
        let c = GameLog::builder().launch(()).detach();
        c.emit(LogMsg::ByBot(vec![[0, 1, 0], [1, 2, 1]]));
        c.emit(LogMsg::Show(Rc::new(view)));
        crate::ui::pump_until(1, || c.model().shown == 3);
        let b = &c.model().buffer;
        let text = b.text(&b.start_iter(), &b.end_iter(), false).to_string();
        assert!(text.contains("Your bot: White proposes"), "{text}");
        assert!(
            text.contains(&format!("Bot for {bert}: Blue proposes")),
            "{text}"
        );
        assert_eq!(text.matches("Your bot:").count(), 1, "{text}");
        assert_eq!(text.matches("Bot for").count(), 1, "{text}");
        assert!(
            text.lines().any(|l| l.starts_with("Green proposes")),
            "{text}"
        );
    }
}
