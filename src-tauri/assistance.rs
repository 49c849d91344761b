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
    /// Whether the deal was seen before this game was over: the game is a restart of a deal, was
    /// started from a deal code, or its code was copied while it was under way.
    pub seen_deal: bool,
}

impl Assistance {
    pub fn is_assisted(self) -> bool {
        self.undos > 0 || self.hints > 0 || self.imported || self.seen_deal
    }

    /// Where the board came from, as the store keeps it in its `imported` column (named for its
    /// first use, schema 4): 0 a deal never seen, 1 imported, 2 a deal seen before. One column,
    /// because a game is one or the other: a restart of an imported position stays imported.
    pub fn origin(self) -> i64 {
        if self.imported {
            1
        } else if self.seen_deal {
            2
        } else {
            0
        }
    }

    /// The counts with the store's `origin` (see [`Assistance::origin`]); any other value reads
    /// as imported, the mark that never ranks.
    pub fn with_origin(self, origin: i64) -> Assistance {
        Assistance { imported: origin != 0 && origin != 2, seen_deal: origin == 2, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_comes_back_from_the_store_as_it_was() {
        let none = Assistance::default();
        for assistance in [
            none,
            Assistance { imported: true, ..none },
            Assistance { seen_deal: true, ..none },
            Assistance { undos: 2, hints: 1, seen_deal: true, ..none },
        ] {
            assert_eq!(none.with_origin(assistance.origin()), Assistance { undos: 0, hints: 0, ..assistance });
        }
        assert!(none.with_origin(7).imported, "a value no Pastimes wrote never ranks");
        assert!(Assistance { seen_deal: true, ..none }.is_assisted());
    }
}
