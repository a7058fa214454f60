//! How the engine's legal actions become clicks: which Villages light up, which cards and
//! buttons are live and what a click does (`clicks`), the losses composer's plan (`losses`) and
//! the Move composer's (`moves`).

pub mod clicks;
pub mod losses;
pub mod moves;

#[cfg(test)]
mod tests;
