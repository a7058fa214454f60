//! Learn to Play in the main window: the lessons' window, a lesson played on the board with
//! its coach in the sidebar, the verdict of each try (the goal reached, or missed and tried
//! again from the same position), the first game's coach moments, and the progress kept in
//! the data folder (fief::lessons).

use super::update::Redraw;
use super::App;
use crate::ui::dialogs::lessons::lessons_window;
use crate::ui::panels::coach::CoachView;
use crate::ui::{tr, trf};
use fief::bots::{Bot, Easy};
use fief::lessons::partner::Partner;
use fief::lessons::progress::{self, Progress};
use fief::lessons::{moments, Moment, Others, Over, Verdict, LEARNER, LESSONS};
use fief::rules::Game;
use fief::session::{Autosave, Seat, Session};
use relm4::gtk::prelude::*;
use std::collections::BTreeSet;

/// The lesson being played.
pub struct LessonRun {
    /// Its place in `LESSONS`.
    pub index: usize,
    /// The position each try starts from.
    start: Game,
    /// Where the try stands.
    pub verdict: Verdict,
    /// The first game's moments already spoken of, and the last one.
    said: BTreeSet<Moment>,
    moment: Option<Moment>,
}

/// The learner's progress and why it could not be read, if it could not.
#[derive(Default)]
pub struct Learning {
    pub run: Option<LessonRun>,
    progress: Option<Progress>,
    problem: Option<String>,
}

impl App {
    fn progress_path(&self) -> Option<std::path::PathBuf> {
        self.files
            .store
            .as_ref()
            .map(|s| progress::path_in(s.root()))
    }

    /// The progress, read from its file the first time.
    fn progress(&mut self) -> &Progress {
        if self.learning.progress.is_none() {
            let read = match self.progress_path() {
                Some(p) => Progress::load(&p),
                None => Ok(Progress::default()),
            };
            let (progress, problem) = match read {
                Ok(p) => (p, None),
                Err(e) => (Progress::default(), Some(e)),
            };
            self.learning.progress = Some(progress);
            self.learning.problem = problem;
        }
        self.learning.progress.get_or_insert_with(Progress::default)
    }

    /// The main menu's and New Game's "Learn to Play": the list of lessons.
    pub(super) fn open_lessons(&mut self) -> Redraw {
        let progress = self.progress().clone();
        let problem = self.learning.problem.clone();
        let w = lessons_window(&self.window, &progress, problem.as_deref(), &self.input);
        w.present();
        Redraw::No
    }

    /// Starts lesson `index` from its position (a try again starts it anew).
    pub(super) fn start_lesson(&mut self, index: usize) -> Redraw {
        let Some(lesson) = LESSONS.get(index) else {
            return Redraw::No;
        };
        let start = match lesson.start() {
            Ok(g) => g,
            Err(e) => {
                self.toast(&e);
                return Redraw::No;
            }
        };
        let n = start.players.len();
        let seats: Vec<Seat> = (0..n)
            .map(|p| {
                if p == LEARNER as usize {
                    Seat::Human
                } else {
                    Seat::Bot(fief::bots::Level::Easy)
                }
            })
            .collect();
        let bots: Vec<Option<Box<dyn Bot>>> = (0..n)
            .map(|p| -> Option<Box<dyn Bot>> {
                let seed = start.options.seed.wrapping_add(p as u64);
                (p != LEARNER as usize).then(|| match lesson.others {
                    Others::Partners => Box::new(Partner::new(seed)) as Box<dyn Bot>,
                    Others::EasyBots => Box::new(Easy::new(seed)),
                })
            })
            .collect();
        // The game being played is kept as a save, as a new game keeps it.
        if self.learning.run.is_none() {
            self.files.keep_current_game(&self.session, self.idle);
        }
        match Session::with_seat_bots(start.clone(), seats, bots, self.settings(), Autosave::Off) {
            Ok(s) => {
                self.leave_net(self.net.as_ref().is_some_and(|n| n.playing));
                self.install_session(s);
                self.learning.run = Some(LessonRun {
                    index,
                    start,
                    verdict: Verdict::Going,
                    said: BTreeSet::new(),
                    moment: None,
                });
                Redraw::Yes
            }
            Err(e) => {
                self.toast(&e);
                Redraw::No
            }
        }
    }

    /// "Try Again": the same lesson from its position.
    pub(super) fn retry_lesson(&mut self) -> Redraw {
        match self.learning.run.as_ref().map(|r| r.index) {
            Some(i) => self.start_lesson(i),
            None => Redraw::No,
        }
    }

    /// "Next Lesson": the first lesson after this one not finished yet, else the next one.
    pub(super) fn next_lesson(&mut self) -> Redraw {
        let Some(i) = self.learning.run.as_ref().map(|r| r.index) else {
            return Redraw::No;
        };
        let progress = self.progress().clone();
        let next = (i + 1..LESSONS.len())
            .find(|&j| !progress.is_done(LESSONS[j].id))
            .unwrap_or(i + 1);
        if next < LESSONS.len() {
            self.start_lesson(next)
        } else {
            self.open_lessons()
        }
    }

    /// "Leave": the lesson ends and New Game opens.
    pub(super) fn leave_lesson(&mut self) -> Redraw {
        self.learning.run = None;
        self.session.pause();
        self.input.send(super::Msg::NewGame).ok();
        Redraw::Yes
    }

    /// After each change: the verdict of the try, the progress when the goal is reached, and
    /// the first game's new moment.
    pub(super) fn check_lesson(&mut self) {
        let Some(run) = self.learning.run.as_mut() else {
            return;
        };
        let Some(lesson) = LESSONS.get(run.index) else {
            return;
        };
        let game = self.session.game();
        // The coach's moments belong to the first game, which has no single goal to watch.
        let moments = match lesson.over {
            Over::Never => moments(game),
            Over::PhaseEnds => Vec::new(),
        };
        // A moment is spoken of once a game, and only while it lasts: once it has passed,
        // the coach's opening words come back.
        if run.moment.is_some_and(|m| !moments.contains(&m)) {
            run.moment = None;
        }
        if let Some(&m) = moments.iter().find(|m| !run.said.contains(m)) {
            run.said.insert(m);
            run.moment = Some(m);
        }
        if run.verdict != Verdict::Going {
            return;
        }
        run.verdict = lesson.verdict(&run.start, game);
        if run.verdict != Verdict::Going {
            // The keyboard goes to what comes next: Next Lesson, or Try Again.
            self.w.coach.take_keyboard();
        }
        match run.verdict {
            Verdict::Going => {}
            Verdict::Missed => self.session.pause(),
            Verdict::Reached => {
                self.session.pause();
                let id = lesson.id;
                let path = self.progress_path();
                // What the file holds first (a lesson started from the command line has not
                // read it), so that writing it keeps the lessons finished before.
                self.progress();
                let progress = self.learning.progress.get_or_insert_with(Progress::default);
                if progress.finish(id) {
                    if let Some(path) = path {
                        if let Err(e) = progress.save(&path) {
                            let m = trf(
                                "Your progress could not be kept: {e}",
                                &[("e", &e.to_string())],
                            );
                            self.toast(&m);
                        }
                    }
                }
            }
        }
    }

    /// The Villages the coach points at, ringed on the map while a try goes on.
    pub(super) fn coach_marks(&self) -> Vec<crate::ui::app::trail::Mark> {
        let Some(run) = self.learning.run.as_ref() else {
            return Vec::new();
        };
        let (Some(lesson), true) = (LESSONS.get(run.index), run.verdict == Verdict::Going) else {
            return Vec::new();
        };
        let map = &self.session.game().map;
        lesson
            .look_at
            .iter()
            .filter_map(|k| map.find_village(k))
            .map(|village| crate::ui::app::trail::Mark::Coach { village })
            .collect()
    }

    /// Makes room for the coach while a lesson is played: the news strip goes (a lesson
    /// needs no news of the others) and the family boards keep the height of one (they
    /// scroll), so that the page below, the Purchases list above all, keeps its room.
    fn side_for_lesson(&self) {
        let lesson = self.learning.run.is_some();
        self.w.news.bar.set_visible(!lesson);
        // The hand only where cards are in play: elsewhere its row goes to the board and the
        // pages beside it (the Purchases list), for the whole lesson.
        let cards = match &self.learning.run {
            Some(run) => LESSONS.get(run.index).is_some_and(|l| l.uses_cards()),
            None => true,
        };
        relm4::ComponentController::widget(&self.w.hand).set_visible(cards);
        let players = self.session.game().players.len();
        let boards = if lesson { 1 } else { players };
        if self.w.side_players.get() != boards {
            self.w.side_players.set(boards);
            super::sizes::fit_side(&self.w.side, boards);
        }
    }

    /// What the coach shows now (None: no lesson).
    pub(super) fn show_coach(&self) {
        self.side_for_lesson();
        let view = self.learning.run.as_ref().and_then(|run| {
            let lesson = LESSONS.get(run.index)?;
            Some((run, lesson))
        });
        let Some((run, lesson)) = view else {
            self.w.coach.show(None);
            return;
        };
        let heading = trf(
            "Lesson {n} of {all}: {title}",
            &[
                ("n", &(run.index + 1).to_string()),
                ("all", &LESSONS.len().to_string()),
                ("title", &tr(lesson.title)),
            ],
        );
        let goal = tr(lesson.goal);
        let words: Vec<String> = match run.moment {
            // The first game: the moment at hand rather than the lesson's opening words.
            Some(m) if run.verdict == Verdict::Going => vec![tr(m.words())],
            _ => lesson.coach.iter().map(|c| tr(c)).collect(),
        };
        let verdict = match run.verdict {
            Verdict::Going => String::new(),
            Verdict::Reached if run.index + 1 == LESSONS.len() => {
                tr("The game is over: you have played Fief from its first Village to its end. Well done!")
            }
            Verdict::Reached => tr("Well done: the goal is reached."),
            Verdict::Missed => tr(lesson.missed),
        };
        let last = run.index + 1 == LESSONS.len();
        self.w.coach.show(Some(CoachView {
            heading: &heading,
            goal: &goal,
            words: &words,
            verdict: &verdict,
            reached: run.verdict == Verdict::Reached,
            retry: run.verdict != Verdict::Going,
            next: run.verdict == Verdict::Reached && !last,
        }));
    }
}
