//! The player's library over the store: the hall of fame, history queries and their arguments,
//! the CSV export (and writing a file whole), the games' catalogue for the page.

pub(crate) mod catalogue;
pub(crate) mod csv;
pub mod export;
pub mod hall;
pub mod queries;
