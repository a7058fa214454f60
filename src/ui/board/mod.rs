//! The board: the map widget (`canvas`), where things sit on it (`geometry`) and the map
//! drawn with cairo (`paint`).

pub mod canvas;
pub mod geometry;
pub mod paint;
