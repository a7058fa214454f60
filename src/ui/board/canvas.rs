//! The board widget: a DrawingArea that shows the map (board/paint.rs) through a camera
//! (board/geometry.rs), and turns presses, drags, keys and scrolls into messages.

use crate::ui::app::trail::Mark;
use crate::ui::board::geometry::*;
use crate::ui::board::paint::*;
use fief::map::{Map, VillageId};
use fief::rules::{PlayerId, View};
use relm4::gtk::prelude::*;
use relm4::{gtk, ComponentParts, ComponentSender, SimpleComponent};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

struct Shared {
    map: Arc<Map>,
    view: Option<Rc<View>>,
    look: Look,
    pointer: (f64, f64),
    drag_last: (f64, f64),
    /// The roads a legal Move may take now (from, to).
    moves: Vec<(VillageId, VillageId)>,
    /// The armies that can be dragged on the viewer's decision, even where no Move is open
    /// (the drop then says why): every Village with units.
    armies: Vec<VillageId>,
    /// The Move composed or the Village selected (its road is previewed on hover).
    path: Option<(VillageId, VillageId)>,
    /// The Village an army is being dragged from.
    drag_from: Option<VillageId>,
    /// Where the drag began, in widget coordinates.
    drag_start: (f64, f64),
    /// Where the last click was pressed.
    press: (f64, f64),
    /// The "why not" bubble is on screen.
    bubble_shown: bool,
}

impl Shared {
    fn village_at(&self, a: &gtk::DrawingArea, x: f64, y: f64) -> Option<VillageId> {
        hit_test(
            &self.map,
            a.width() as f64,
            a.height() as f64,
            self.look.camera,
            x,
            y,
        )
    }

    /// The Village a click at (`x`, `y`) is for, its name included: the hand cursor and the
    /// tooltip show over all a click acts on.
    fn village_for_click(&self, a: &gtk::DrawingArea, x: f64, y: f64) -> Option<VillageId> {
        crate::ui::board::geometry::click_hit(
            &self.map,
            a.width() as f64,
            a.height() as f64,
            self.look.camera,
            x,
            y,
        )
    }

    /// The road previewed with the pointer over `v`: a drag's, or the selected Village's
    /// towards a lit destination, or the composed Move's.
    fn preview(&mut self, v: Option<VillageId>) {
        let from = self.drag_from.or(self.look.selected);
        self.look.path = match (from, v) {
            (Some(f), Some(t)) if self.moves.contains(&(f, t)) => Some((f, t)),
            _ if self.drag_from.is_some() => None,
            _ => self.path,
        };
    }
}

pub struct MapCanvas {
    shared: Rc<RefCell<Shared>>,
    area: gtk::DrawingArea,
    /// The bubble that says why a click or a drop did nothing, and its text.
    pub bubble: gtk::Popover,
    explain: gtk::Label,
    /// Bubbles shown so far: a bubble's timer closes only its own.
    explained: Rc<std::cell::Cell<u64>>,
    /// The animation of a move under way.
    tick: Option<(gtk::TickCallbackId, Rc<std::cell::Cell<bool>>)>,
}

#[derive(Debug)]
pub enum MapMsg {
    /// A new position to show.
    Show(Box<MapShow>),
    ZoomIn,
    ZoomOut,
    ZoomReset,
    /// Draw again (a drag ended on nothing).
    Redraw,
    /// Why the last click or drop did nothing, said where the pointer is.
    Explain(String),
}

/// What the board shows: the position, the Villages that react, the selected one, the
/// marks of the others' last moves, and how long a new move takes to travel its road (None:
/// no animation).
#[derive(Debug)]
pub struct MapShow {
    pub view: Rc<View>,
    pub highlights: Vec<VillageId>,
    pub selected: Option<VillageId>,
    pub marks: Vec<Mark>,
    pub travel: Option<std::time::Duration>,
    /// The roads legal Moves may take now (from, to): an army can be dragged along them.
    pub moves: Vec<(VillageId, VillageId)>,
    /// The armies that can be dragged (see `Shared::armies`).
    pub armies: Vec<VillageId>,
    /// The Move being composed, previewed on the board.
    pub path: Option<(VillageId, VillageId)>,
    /// The Villages of the hint shown (a Move's start and end): ringed, a road drawn.
    pub hint: Vec<VillageId>,
}

#[derive(Debug)]
pub enum MapOut {
    /// A click on a Village (or on no Village: `None`), or Enter on the keyboard's Village.
    Clicked(Option<VillageId>),
    /// An army dragged from its Village to a neighbour it may move to.
    Dragged(VillageId, VillageId),
    /// An army dragged to a Village it may not move to now (the window says why).
    DragRefused(VillageId, VillageId),
}

impl MapCanvas {
    /// The board's drawing area (the keyboard's focus goes to it).
    pub fn area(&self) -> &gtk::DrawingArea {
        &self.area
    }

    /// The Village under the keyboard, if it shows one.
    #[cfg(test)]
    pub fn keyboard_village(&self) -> Option<VillageId> {
        self.shared.borrow().look.focus
    }

    /// The Villages lit as pickable now.
    #[cfg(test)]
    pub fn lit(&self) -> Vec<VillageId> {
        self.shared.borrow().look.highlights.clone()
    }

    /// Shows an army travelling from `from` to `to` in `d`, frame by frame.
    fn travel(&mut self, p: PlayerId, from: VillageId, to: VillageId, d: std::time::Duration) {
        if let Some((t, done)) = self.tick.take() {
            if !done.get() {
                t.remove();
            }
        }
        let secs = d.as_secs_f64().max(0.05);
        let sh = self.shared.clone();
        let start = std::cell::Cell::new(None::<i64>);
        let done = Rc::new(std::cell::Cell::new(false));
        self.shared.borrow_mut().look.moving = Some((p, from, to, 0.0));
        let finished = done.clone();
        let id = self.area.add_tick_callback(move |a, clock| {
            let now = clock.frame_time();
            let t0 = start.get().unwrap_or(now);
            start.set(Some(t0));
            let t = (now - t0) as f64 / 1e6 / secs;
            let mut s = sh.borrow_mut();
            if t >= 1.0 {
                finished.set(true);
                s.look.moving = None;
                a.queue_draw();
                return gtk::glib::ControlFlow::Break;
            }
            s.look.moving = Some((p, from, to, t));
            a.queue_draw();
            gtk::glib::ControlFlow::Continue
        });
        self.tick = Some((id, done));
    }

    fn zoom(&self, factor: f64) {
        let mut sh = self.shared.borrow_mut();
        let (w, h) = (self.area.width() as f64, self.area.height() as f64);
        let map = sh.map.clone();
        sh.look.camera.zoom_at(&map, w, h, factor, w / 2.0, h / 2.0);
    }
}

impl SimpleComponent for MapCanvas {
    type Init = Arc<Map>;
    type Input = MapMsg;
    type Output = MapOut;
    type Root = gtk::Overlay;
    type Widgets = ();

    fn init_root() -> gtk::Overlay {
        gtk::Overlay::new()
    }

    fn init(
        map: Arc<Map>,
        root: gtk::Overlay,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let shared = Rc::new(RefCell::new(Shared {
            look: Look::plain(&map),
            map,
            view: None,
            pointer: (0.0, 0.0),
            drag_last: (0.0, 0.0),
            moves: Vec::new(),
            armies: Vec::new(),
            path: None,
            drag_from: None,
            drag_start: (0.0, 0.0),
            press: (0.0, 0.0),
            bubble_shown: false,
        }));
        let area = gtk::DrawingArea::new();
        area.set_hexpand(true);
        area.set_vexpand(true);
        area.set_widget_name("board");
        area.set_focusable(true);
        let sh = shared.clone();
        area.set_draw_func(move |_, cr, w, h| {
            let sh = sh.borrow();
            if let Some(view) = &sh.view {
                draw_map(cr, &sh.map, view, &sh.look, w as f64, h as f64);
            }
        });
        // Clicks (a drag beyond the threshold cancels the click).
        let click = gtk::GestureClick::new();
        let (sh, a) = (shared.clone(), area.clone());
        click.connect_pressed(move |_, _, x, y| {
            sh.borrow_mut().press = (x, y);
            a.grab_focus();
        });
        let (sh, s, a) = (shared.clone(), sender.clone(), area.clone());
        click.connect_released(move |_, _, x, y| {
            let mut sh = sh.borrow_mut();
            let (w, h) = (a.width() as f64, a.height() as f64);
            if let Some(v) = click_target(&sh.map, w, h, sh.look.camera, sh.press, (x, y)) {
                sh.pointer = (x, y);
                drop(sh);
                s.output(MapOut::Clicked(v)).ok();
            }
        });
        area.add_controller(click);
        // Drag an army from its Village to a lit neighbour to move it there; elsewhere,
        // drag to pan when zoomed in.
        let drag = gtk::GestureDrag::new();
        let (sh, a) = (shared.clone(), area.clone());
        drag.connect_drag_begin(move |_, x, y| {
            let mut sh = sh.borrow_mut();
            sh.drag_last = (0.0, 0.0);
            sh.drag_start = (x, y);
            let v = sh.village_at(&a, x, y);
            sh.drag_from =
                v.filter(|v| sh.moves.iter().any(|m| m.0 == *v) || sh.armies.contains(v));
        });
        let (sh, a) = (shared.clone(), area.clone());
        drag.connect_drag_update(move |_, dx, dy| {
            let mut sh = sh.borrow_mut();
            let (w, h) = (a.width() as f64, a.height() as f64);
            if let Some(from) = sh.drag_from {
                let (x, y) = (sh.drag_start.0 + dx, sh.drag_start.1 + dy);
                let v = sh.village_at(&a, x, y);
                sh.preview(v);
                let fit = Fit::new(&sh.map, w, h, sh.look.camera);
                sh.look.rubber = Some((from, fit.to_board(x, y)));
                sh.look.highlights = sh
                    .moves
                    .iter()
                    .filter(|m| m.0 == from)
                    .map(|m| m.1)
                    .collect();
                a.queue_draw();
                return;
            }
            let (lx, ly) = sh.drag_last;
            sh.drag_last = (dx, dy);
            let map = sh.map.clone();
            sh.look.camera.pan(&map, w, h, dx - lx, dy - ly);
            a.queue_draw();
        });
        let (sh, a, s) = (shared.clone(), area.clone(), sender.clone());
        drag.connect_drag_end(move |_, dx, dy| {
            let mut sh = sh.borrow_mut();
            let Some(from) = sh.drag_from.take() else {
                return;
            };
            sh.look.rubber = None;
            let (x, y) = (sh.drag_start.0 + dx, sh.drag_start.1 + dy);
            let to = sh.village_at(&a, x, y);
            a.queue_draw();
            sh.pointer = (x, y);
            match to {
                Some(to) if sh.moves.contains(&(from, to)) => {
                    s.output(MapOut::Dragged(from, to)).ok();
                }
                // Dropped on another Village it cannot go to: the window says why, there.
                Some(to) if to != from => {
                    sh.look.path = sh.path;
                    s.output(MapOut::DragRefused(from, to)).ok();
                    s.input(MapMsg::Redraw);
                }
                // Dropped elsewhere: nothing happens, the board shows the decision again.
                _ => {
                    sh.look.path = sh.path;
                    s.input(MapMsg::Redraw);
                }
            }
        });
        area.add_controller(drag);
        // The keyboard: arrows go from Village to Village, Enter or Space picks one.
        keys::keyboard(&area, &shared, &sender);
        // Scroll to zoom at the pointer.
        let scroll = gtk::EventControllerScroll::new(gtk::EventControllerScrollFlags::VERTICAL);
        let (sh, a) = (shared.clone(), area.clone());
        scroll.connect_scroll(move |_, _, dy| {
            let mut sh = sh.borrow_mut();
            let map = sh.map.clone();
            let (x, y) = sh.pointer;
            let (w, h) = (a.width() as f64, a.height() as f64);
            let factor = if dy < 0.0 { 1.2 } else { 1.0 / 1.2 };
            sh.look.camera.zoom_at(&map, w, h, factor, x, y);
            a.queue_draw();
            gtk::glib::Propagation::Stop
        });
        area.add_controller(scroll);
        // Hover: remember the pointer; a hand cursor over Villages that react.
        let motion = gtk::EventControllerMotion::new();
        let (sh, a) = (shared.clone(), area.clone());
        motion.connect_motion(move |_, x, y| {
            let mut sh = sh.borrow_mut();
            sh.pointer = (x, y);
            let v = sh.village_for_click(&a, x, y);
            let hot = v.is_some_and(|v| sh.look.highlights.contains(&v));
            let army = v.is_some_and(|v| sh.moves.iter().any(|m| m.0 == v));
            a.set_cursor_from_name(Some(match (army, hot) {
                (true, _) => "grab",
                (false, true) => "pointer",
                _ => "default",
            }));
            let before = sh.look.path;
            sh.preview(v);
            if sh.look.path != before {
                a.queue_draw();
            }
        });
        area.add_controller(motion);
        // The tooltip: everything on the Village under the pointer.
        area.set_has_tooltip(true);
        let sh = shared.clone();
        area.connect_query_tooltip(move |a, x, y, keyboard, tip| {
            let Ok(sh) = sh.try_borrow() else {
                return false;
            };
            let Some(view) = &sh.view else { return false };
            // The "why not" bubble says what matters here now: no tooltip over it.
            if sh.bubble_shown {
                return false;
            }
            // A card's tag beside a mitre: what the card does there.
            if !keyboard {
                let fit = Fit::new(&sh.map, a.width() as f64, a.height() as f64, sh.look.camera);
                let (bx, by) = fit.to_board(x as f64, y as f64);
                if let Some(t) = tag_at(&sh.map, view, bx, by) {
                    tip.set_text(Some(&crate::ui::words::cards::card_tag_tooltip(
                        &view.state,
                        t.bishopric,
                        t.card,
                    )));
                    return true;
                }
            }
            // Shown from the keyboard: the keyboard's Village.
            let v = if keyboard {
                sh.look.focus
            } else {
                sh.village_for_click(a, x as f64, y as f64)
            };
            match v {
                Some(v) => {
                    tip.set_markup(Some(&crate::ui::words::tooltips::village_tooltip(
                        &view.state,
                        view.viewer,
                        v,
                        &view.legal,
                    )));
                    true
                }
                None => false,
            }
        });
        root.set_child(Some(&area));

        // Zoom buttons in the bottom corner, over the board's empty south-east (at the top
        // they covered Bishopric 4's mitre and the armies near Louhans).
        let zoom = gtk::Box::new(gtk::Orientation::Vertical, 0);
        zoom.add_css_class("linked");
        zoom.add_css_class("osd");
        zoom.set_halign(gtk::Align::End);
        zoom.set_valign(gtk::Align::End);
        zoom.set_margin_bottom(8);
        zoom.set_margin_end(8);
        for (icon, tip, msg) in [
            ("zoom-in-symbolic", crate::ui::tr("Zoom in"), 0),
            ("zoom-out-symbolic", crate::ui::tr("Zoom out"), 1),
            ("zoom-fit-best-symbolic", crate::ui::tr("Whole board"), 2),
        ] {
            let b = gtk::Button::from_icon_name(icon);
            b.set_tooltip_text(Some(&tip));
            b.set_focus_on_click(false);
            let s = sender.clone();
            b.connect_clicked(move |_| {
                s.input(match msg {
                    0 => MapMsg::ZoomIn,
                    1 => MapMsg::ZoomOut,
                    _ => MapMsg::ZoomReset,
                })
            });
            zoom.append(&b);
        }
        root.add_overlay(&zoom);

        // The bubble for "why not": it does not take the keyboard nor block the board.
        let bubble = gtk::Popover::new();
        bubble.set_autohide(false);
        bubble.set_can_focus(false);
        bubble.set_can_target(false);
        bubble.set_position(gtk::PositionType::Top);
        bubble.set_widget_name("why-not");
        let explain = gtk::Label::new(None);
        explain.set_wrap(true);
        explain.set_max_width_chars(44);
        explain.set_xalign(0.0);
        bubble.set_child(Some(&explain));
        bubble.set_parent(&area);
        let b = bubble.clone();
        area.connect_destroy(move |_| b.unparent());
        let sh = shared.clone();
        bubble.connect_closed(move |_| {
            if let Ok(mut sh) = sh.try_borrow_mut() {
                sh.bubble_shown = false;
            }
        });
        ComponentParts {
            model: MapCanvas {
                shared,
                area,
                bubble,
                explain,
                explained: Rc::new(std::cell::Cell::new(0)),
                tick: None,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: MapMsg, _sender: ComponentSender<Self>) {
        match msg {
            MapMsg::Show(show) => {
                let MapShow {
                    view,
                    highlights,
                    selected,
                    marks,
                    travel,
                    moves,
                    armies,
                    path,
                    hint,
                } = *show;
                let mut sh = self.shared.borrow_mut();
                // A move that was not marked before travels its road.
                let new_move = marks
                    .iter()
                    .rev()
                    .find(|m| matches!(m, Mark::Move { .. }) && !sh.look.marks.contains(m))
                    .copied();
                sh.view = Some(view);
                sh.look.highlights = highlights;
                sh.look.selected = selected;
                sh.look.marks = marks;
                sh.moves = moves;
                sh.armies = armies;
                sh.path = path;
                sh.look.path = path;
                sh.look.hint = hint;
                sh.look.focus = sh.look.focus.filter(|_| self.area.has_focus());
                drop(sh);
                if let (Some(Mark::Move { player, from, to }), Some(d)) = (new_move, travel) {
                    self.travel(player, from, to, d);
                }
            }
            MapMsg::ZoomIn => self.zoom(1.25),
            MapMsg::ZoomOut => self.zoom(0.8),
            MapMsg::ZoomReset => {
                let mut sh = self.shared.borrow_mut();
                sh.look.camera = Camera::whole(&sh.map);
            }
            MapMsg::Redraw => {}
            MapMsg::Explain(why) => {
                // A bubble pointing at where the pointer was: read where the eye is.
                let (x, y) = self.shared.borrow().pointer;
                self.explain.set_text(&why);
                self.bubble
                    .set_pointing_to(Some(&gtk::gdk::Rectangle::new(x as i32, y as i32, 1, 1)));
                self.bubble.popup();
                self.shared.borrow_mut().bubble_shown = true;
                let (b, n) = (self.bubble.clone(), self.explained.get() + 1);
                self.explained.set(n);
                let seen = self.explained.clone();
                gtk::glib::timeout_add_local_once(std::time::Duration::from_secs(4), move || {
                    if seen.get() == n {
                        b.popdown();
                    }
                });
                return;
            }
        }
        self.area.queue_draw();
    }
}

mod keys;
#[cfg(test)]
mod tests;
