//! What a stone on a point would make for one side, all four lines taken together.

use super::shape::Shape;

/// What a stone on a point would make for one side, summed over its four lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Threat {
    pub score: i32,
    /// Makes five: wins at once.
    pub five: bool,
    /// Makes an open four or two fours: wins next move unless the other side has a five.
    pub unstoppable: bool,
    /// Lines in which it makes a four (open fours included): each forces an answer.
    pub fours: u8,
    /// Lines in which it makes an open three.
    pub open_threes: u8,
}

/// The value of each shape in one line; fours and open threes force an answer, and a point's
/// value grows steeply with the strength of what it makes.
pub(super) const SHAPE_VALUE: [u32; 9] = [0, 1, 4, 12, 30, 120, 150, 3_000, 100_000];
/// Combinations across lines that win by force if the other side has no fours of its own.
const DOUBLE_FOUR: i32 = 3_000;
pub(super) const FOUR_THREE: i32 = 1_500;
pub(super) const DOUBLE_THREE: i32 = 600;

/// Each shape's value and what it counts as, packed so that the four lines of a point add up in
/// one sum (this runs for forty points on every move the search makes): the value in bits
/// 0..20, then three-bit counts of fives, open fours, fours (open ones included), open threes.
const TALLY: [u32; 9] = tally();
const FIVES: u32 = 20;
const OPEN_FOURS: u32 = 23;
const FOURS: u32 = 26;
const OPEN_THREES: u32 = 29;

const fn tally() -> [u32; 9] {
    let mut table = [0; 9];
    let mut s = 0;
    while s < 9 {
        table[s] = SHAPE_VALUE[s];
        s += 1;
    }
    table[Shape::Five as usize] |= 1 << FIVES;
    table[Shape::OpenFour as usize] |= 1 << OPEN_FOURS | 1 << FOURS;
    table[Shape::Four as usize] |= 1 << FOURS;
    table[Shape::OpenThree as usize] |= 1 << OPEN_THREES;
    table
}

impl Threat {
    pub fn of(shapes: [Shape; 4]) -> Threat {
        Threat::of_packed(u32::from_le_bytes(shapes.map(|s| s as u8)))
    }

    /// The same for four shapes packed one per byte, as the search position keeps them.
    #[inline]
    pub fn of_packed(shapes: u32) -> Threat {
        let sum: u32 = (0..4).map(|d| TALLY[(shapes >> (8 * d) & 0xff) as usize]).sum();
        let count = |at: u32| (sum >> at & 0b111) as u8;
        let (fours, open_threes) = (count(FOURS), count(OPEN_THREES));
        let bonus = match (fours, open_threes) {
            (2.., _) => DOUBLE_FOUR,
            (1, 1..) => FOUR_THREE,
            (0, 2..) => DOUBLE_THREE,
            _ => 0,
        };
        Threat {
            score: (sum & ((1 << FIVES) - 1)) as i32 + bonus,
            five: count(FIVES) > 0,
            unstoppable: count(OPEN_FOURS) > 0 || fours >= 2,
            fours,
            open_threes,
        }
    }

    /// Makes at least one four: the other side's next move is forced.
    pub fn is_four(&self) -> bool {
        self.fours > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_recognised() {
        use Shape::*;
        let t = Threat::of([Four, Four, None, One]);
        assert!(t.unstoppable && t.fours == 2 && !t.five);
        let t = Threat::of([OpenFour, None, None, None]);
        assert!(t.unstoppable && t.is_four());
        let t = Threat::of([Four, OpenThree, Two, One]);
        assert!(!t.unstoppable && t.score > Threat::of([OpenThree, OpenThree, One, One]).score);
        assert!(Threat::of([Five, None, None, None]).five);
        assert!(Threat::of([Four, None, None, None]).score > Threat::of([OpenThree, None, None, None]).score);
    }

    /// The packed sum against the plain definition, for every combination of four shapes.
    #[test]
    fn packed_tally_matches_the_definition() {
        use Shape::*;
        let all = [None, One, Two, OpenTwo, Three, OpenThree, Four, OpenFour, Five];
        for i in 0..9usize.pow(4) {
            let shapes = [0, 1, 2, 3].map(|d| all[i / 9usize.pow(d) % 9]);
            let count = |f: &dyn Fn(Shape) -> bool| shapes.iter().filter(|&&s| f(s)).count() as u8;
            let fours = count(&|s| matches!(s, Four | OpenFour));
            let open_threes = count(&|s| s == OpenThree);
            let bonus = if fours >= 2 {
                DOUBLE_FOUR
            } else if fours == 1 && open_threes >= 1 {
                FOUR_THREE
            } else if open_threes >= 2 {
                DOUBLE_THREE
            } else {
                0
            };
            let want = Threat {
                score: shapes.iter().map(|&s| SHAPE_VALUE[s as usize] as i32).sum::<i32>() + bonus,
                five: shapes.contains(&Five),
                unstoppable: shapes.contains(&OpenFour) || fours >= 2,
                fours,
                open_threes,
            };
            assert_eq!(Threat::of(shapes), want, "{shapes:?}");
        }
    }
}
