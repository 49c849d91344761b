//! Live play: the session every game is driven by (moves, undo, redo, clock, persistence record),
//! its clock, and the games in progress with the computer's and the analyses' threads (`live`).

pub mod clock;
pub mod deals;
pub mod live;
pub mod session;
