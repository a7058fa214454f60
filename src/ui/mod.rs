//! The desktop app (feature `gui`): relm4 components, one file each.

pub mod app;
pub mod map_canvas;
