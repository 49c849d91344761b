//! What the player has done to a cell: nothing, a flag, a question mark, or opened it.

/// The player's state of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Hidden,
    /// "A mine is here": protects the cell from opening, by click, chord and flood fill alike.
    Flag,
    /// "Maybe": a reminder only, opened like a hidden cell (unlike a flag, it protects nothing
    /// from a click, a chord or the flood).
    Question,
    /// Opened. A mine is only ever opened by the move that loses the game: it is the exploded one.
    Open,
}

impl Mark {
    /// The next mark of the right-click cycle none -> flag -> (question ->) none.
    /// `None` for an open cell, which cannot be marked.
    pub(super) fn next(self, question_marks: bool) -> Option<Mark> {
        match self {
            Mark::Hidden => Some(Mark::Flag),
            Mark::Flag if question_marks => Some(Mark::Question),
            Mark::Flag | Mark::Question => Some(Mark::Hidden),
            Mark::Open => None,
        }
    }

    /// Whether opening (a click, a chord or a flood) may uncover this cell.
    pub(super) fn can_open(self) -> bool {
        matches!(self, Mark::Hidden | Mark::Question)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_with_and_without_question_marks() {
        assert_eq!(Mark::Hidden.next(true), Some(Mark::Flag));
        assert_eq!(Mark::Flag.next(true), Some(Mark::Question));
        assert_eq!(Mark::Question.next(true), Some(Mark::Hidden));
        assert_eq!(Mark::Flag.next(false), Some(Mark::Hidden));
        assert_eq!(Mark::Open.next(true), None);
    }

    #[test]
    fn flags_protect_question_marks_do_not() {
        assert!(Mark::Hidden.can_open());
        assert!(Mark::Question.can_open());
        assert!(!Mark::Flag.can_open());
        assert!(!Mark::Open.can_open());
    }
}
