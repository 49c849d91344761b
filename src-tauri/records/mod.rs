//! Finished games' records: the binary and text formats, the one replay through the rules, and
//! what is built on it (Verify records, the watch view, the Gomoku review, pasted moves, one
//! game exported and imported as a record file or in a format its game declares).

pub mod exchange;
pub mod file_formats;
pub mod guarded_read;
pub(crate) mod import_review;
mod imported;
pub mod pasted_moves;
pub mod record;
pub mod record_text;
pub mod replay;
pub(crate) mod review;
pub mod verify;
pub mod watch;
