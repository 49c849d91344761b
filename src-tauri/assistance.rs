//! What helped the player in a game: moves taken back, hints asked for, a position imported. A game with any help
//! is *assisted*: it stays in the history with its counts, and never enters the hall of fame.
//! The session keeps the count for every game alike, so the rule holds for all of them.

use serde::Serialize;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assistance {
    /// Times the player took a move back (one undo against the computer takes back its reply too).
    pub undos: u32,
    /// Hints asked for.
    pub hints: u32,
    /// Whether the game began from a position or game pasted in (Gomoku's "Paste position"):
    /// its first moves are not the player's own.
    pub imported: bool,
}

impl Assistance {
    pub fn is_assisted(self) -> bool {
        self.undos > 0 || self.hints > 0 || self.imported
    }
}
