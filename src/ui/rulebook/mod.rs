//! The rules window: the rules in our own words (`sections`), their search, the quick
//! reference, the printed pages and the pane that shows them.

pub mod pane;
pub mod print;
pub mod quick_reference;
pub mod search;
pub mod sections;
