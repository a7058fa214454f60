//! How the engine's legal actions become clicks: which Villages light up, which cards and
//! buttons are live, the losses planner and the Move composer (`choices`).

pub mod choices;
