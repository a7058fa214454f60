//! The main window: a libadwaita header bar, the board, and a prompt bar that says what the
//! engine asks. Clicking a highlighted Village answers a Village choice.

use super::map_canvas::{draw_map, hit_test};
use fief::map::VillageId;
use fief::rules::{Action, Game};
use relm4::adw::prelude::*;
use relm4::{adw, gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::cell::RefCell;
use std::rc::Rc;

pub struct App {
    game: Rc<RefCell<Game>>,
    message: String,
}

#[derive(Debug)]
pub enum Msg {
    Clicked(f64, f64, f64, f64),
}

pub struct Widgets {
    area: gtk::DrawingArea,
    title: adw::WindowTitle,
    prompt: gtk::Label,
}

/// The Villages the current decision may pick, and the action each one stands for.
fn village_choices(game: &Game) -> Vec<(VillageId, Action)> {
    let Some(p) = game.to_act() else {
        return vec![];
    };
    game.legal_actions(p)
        .into_iter()
        .filter_map(|a| match a {
            Action::ChooseStart(v) | Action::PlaceLord(v) => Some((v, a)),
            _ => None,
        })
        .collect()
}

fn prompt_text(game: &Game) -> String {
    match game.prompt() {
        None => game.log.last().map(|e| e.text.clone()).unwrap_or_default(),
        Some(p) => {
            let who = game.name(p.player);
            match p.kind {
                fief::rules::PromptKind::StartVillage => {
                    format!("{who}: choose a starting Village (click a highlighted square). Rule {}.", p.section)
                }
                _ => format!(
                    "{who} to decide ({}, rule {}). Playing past setup in the window arrives with the full app; use fief-cli meanwhile.",
                    game.phase_name(),
                    p.section
                ),
            }
        }
    }
}

impl SimpleComponent for App {
    type Init = Game;
    type Input = Msg;
    type Output = ();
    type Root = adw::ApplicationWindow;
    type Widgets = Widgets;

    fn init_root() -> Self::Root {
        adw::ApplicationWindow::builder()
            .title("Fief: France 1429")
            .default_width(1280)
            .default_height(800)
            .build()
    }

    fn init(game: Game, root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let game = Rc::new(RefCell::new(game));
        let model = App {
            game: game.clone(),
            message: String::new(),
        };

        let title = adw::WindowTitle::new("Fief: France 1429", &game.borrow().phase_name());
        let header = adw::HeaderBar::new();
        header.set_title_widget(Some(&title));

        let area = gtk::DrawingArea::new();
        area.set_hexpand(true);
        area.set_vexpand(true);
        let g = game.clone();
        area.set_draw_func(move |_, cr, w, h| {
            let game = g.borrow();
            let highlights: Vec<VillageId> =
                village_choices(&game).into_iter().map(|c| c.0).collect();
            draw_map(
                cr,
                &game.map,
                &game.view(None),
                &highlights,
                w as f64,
                h as f64,
            );
        });
        let click = gtk::GestureClick::new();
        let s = sender.clone();
        let a = area.clone();
        click.connect_pressed(move |_, _, x, y| {
            s.input(Msg::Clicked(x, y, a.width() as f64, a.height() as f64));
        });
        area.add_controller(click);

        let prompt = gtk::Label::new(Some(&prompt_text(&game.borrow())));
        prompt.set_wrap(true);
        prompt.set_xalign(0.0);
        prompt.set_margin_start(12);
        prompt.set_margin_end(12);
        prompt.set_margin_top(8);
        prompt.set_margin_bottom(8);

        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&area);
        content.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        content.append(&prompt);
        root.set_content(Some(&content));

        ComponentParts {
            model,
            widgets: Widgets {
                area,
                title,
                prompt,
            },
        }
    }

    fn update(&mut self, msg: Msg, _sender: ComponentSender<Self>) {
        match msg {
            Msg::Clicked(x, y, w, h) => {
                let mut game = self.game.borrow_mut();
                let Some(v) = hit_test(&game.map, w, h, x, y) else {
                    return;
                };
                let Some(p) = game.to_act() else { return };
                let choice = village_choices(&game).into_iter().find(|c| c.0 == v);
                self.message = match choice {
                    Some((_, action)) => match game.apply(p, action) {
                        Ok(_) => String::new(),
                        Err(e) => e.to_string(),
                    },
                    None => format!("{} is not a choice now.", game.map.village_name(v)),
                };
            }
        }
    }

    fn update_view(&self, widgets: &mut Widgets, _sender: ComponentSender<Self>) {
        let game = self.game.borrow();
        widgets
            .title
            .set_subtitle(&format!("Round {} — {}", game.round, game.phase_name()));
        let mut text = prompt_text(&game);
        if !self.message.is_empty() {
            text = format!("{}\n{text}", self.message);
        }
        widgets.prompt.set_text(&text);
        widgets.area.queue_draw();
    }
}
