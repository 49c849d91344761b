//! The six ball colours and their one-byte codes (the original's five, and a sixth for fields of six
//! colours).

use serde::Serialize;

/// The code of a cell without a ball.
pub const EMPTY: u8 = 0;

/// A ball's colour. The codes 1..=5 are what [`super::View::cells`] holds, in the original's order
/// (its `Barva` enum), and 6 the sixth colour of a six-colour field; 0 is an empty cell. A field of
/// `k` colours uses the codes 1..=k.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Colour {
    Red = 1,
    Green = 2,
    Yellow = 3,
    Blue = 4,
    Purple = 5,
    Cyan = 6,
}

impl Colour {
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue, Colour::Purple, Colour::Cyan];

    pub fn code(self) -> u8 {
        self as u8
    }

    /// The colour with that code; `None` for 0 (empty) or any unknown code.
    pub fn from_code(code: u8) -> Option<Colour> {
        Colour::ALL.get(usize::from(code).checked_sub(1)?).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in Colour::ALL {
            assert_eq!(Colour::from_code(c.code()), Some(c));
        }
        assert_eq!(Colour::from_code(EMPTY), None);
        assert_eq!(Colour::from_code(7), None);
    }
}
