//! The player's library over the store: history queries and their arguments, the CSV export, the
//! games' catalogue for the page.

pub(crate) mod catalogue;
pub(crate) mod csv;
pub mod queries;
