//! The panels of the main window beside the map: the prompt bar and its composers, the
//! Purchases page and its basket, the battle, the family boards, the hand of cards, the game
//! log, the chat, the news line, the "How to Win" popover and the coach of Learn to Play;
//! where their tooltips show.

pub mod basket;
pub mod battle;
pub mod chat;
pub mod coach;
pub mod family_board;
pub mod game_log;
pub mod hand;
pub mod news;
pub mod outlook;
pub mod prompt_bar;
pub mod purchase;
pub mod tips;
