//! Live play: the session every game is driven by (moves, undo, redo, clock, persistence record)
//! and its clock.

pub mod clock;
pub mod session;
