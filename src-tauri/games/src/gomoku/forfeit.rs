//! An external engine's fault that lost it the game: the app hosts the engine (a Gomocup brain)
//! and, when it does not answer in time, crashes, answers what is not a move, plays an illegal
//! move or floods its output, plays [`Action::Forfeit`](super::Action::Forfeit) in its place.
//! The forfeit is a logged move like any other, so the record says why the game ended and a
//! replay ends it the same way.

use serde::{Deserialize, Serialize};

/// Why the engine lost, e.g. `"timeout"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Fault {
    /// It did not answer within its time.
    Timeout,
    /// It stopped (exited, or could not be started).
    Crash,
    /// It answered something that is not a move (or `ERROR`).
    Garbage,
    /// It played a point that is taken, off the board or forbidden.
    Illegal,
    /// It wrote too many lines, or too long a line.
    Flood,
}

impl Fault {
    pub const ALL: [Fault; 5] = [Fault::Timeout, Fault::Crash, Fault::Garbage, Fault::Illegal, Fault::Flood];

    /// Each of [`Fault::ALL`] as a record file writes it.
    pub const WRITTEN: [&'static str; 5] =
        ["forfeit timeout", "forfeit crash", "forfeit garbage", "forfeit illegal", "forfeit flood"];

    /// Why, in plain English, for logs and tests (the page says it in the player's language).
    pub fn explain(self) -> &'static str {
        match self {
            Fault::Timeout => "it did not answer within its time",
            Fault::Crash => "it stopped running",
            Fault::Garbage => "it answered something that is not a move",
            Fault::Illegal => "it played an illegal move",
            Fault::Flood => "it wrote far too much output",
        }
    }
}
