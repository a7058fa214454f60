//! The board: the map widget (`canvas`), where things sit on it (`geometry`), the map drawn
//! with cairo layer by layer (`paint`; one Village and its pieces in `paint::village`), and
//! the small shapes and the colours they draw with (`glyphs`, `colours`), and the legend of
//! its markers drawn by the same code (`legend`).

pub mod canvas;
pub mod colours;
pub mod geometry;
pub mod glyphs;
pub mod legend;
pub mod paint;
