//! Groups: the 4-connected same-colour areas a click selects and a pop removes.

use super::colour::EMPTY;
use super::field::Field;
use super::mask::Mask;

/// The 4-connected group of balls of one colour that contains cell `i` (a single ball is a group
/// of one); empty for a hole.
///
/// An iterative flood fill done on whole bit sets: grow the group by one step in all four
/// directions, keep only the cells of its colour, and stop when it no longer grows. The seed's
/// recursion could overflow the stack on big fields; this cannot, and a step costs a few
/// instructions for all cells at once.
pub fn group_at(field: &Field, i: usize) -> Mask {
    let colour = field.cells[i];
    if colour == EMPTY {
        return Mask::EMPTY;
    }
    fill(Mask::single(i), field.colour_mask(colour))
}

/// The cells of `within` connected to `start` (which must lie in `within`) by orthogonal steps
/// inside `within`: the flood fill of [`group_at`], for callers that already hold a colour's mask.
pub fn fill(start: Mask, within: Mask) -> Mask {
    let mut group = start;
    loop {
        let grown = group.grown().intersection(within);
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The points for popping `n` balls: n(n-1), so that bigger groups pay more than the sum of their
/// parts (two triples make 12, one six makes 30).
pub fn points(n: u32) -> i64 {
    let n = i64::from(n);
    n * (n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::field::index;

    #[test]
    fn the_group_follows_orthogonal_neighbours_only() {
        let f = Field::parse(&[
            "RR.R.......", //
            "GR.R.......",
            "RRRGR......",
        ]);
        let group = group_at(&f, index(0, 8));
        let cells: Vec<usize> = group.iter().collect();
        // The two top-left reds, the red below them and the bottom row's three reds; not the
        // red at (4, 10) behind the green and not the reds at x = 3 that touch it only corner-wise.
        assert_eq!(cells, vec![index(0, 8), index(1, 8), index(1, 9), index(0, 10), index(1, 10), index(2, 10)]);
        assert_eq!(group_at(&f, index(2, 8)), Mask::EMPTY);
        assert_eq!(group_at(&f, index(0, 9)).len(), 1);
    }

    #[test]
    fn a_winding_group_is_found_whole() {
        // A snake through the whole field: the worst case for the number of growing steps.
        let rows: Vec<String> = (0..11)
            .map(|y| match y % 4 {
                0 | 2 => "RRRRRRRRRRR".to_string(),
                1 => "GGGGGGGGGGR".to_string(),
                _ => "RGGGGGGGGGG".to_string(),
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let f = Field::parse(&rows);
        assert_eq!(group_at(&f, index(0, 0)).len(), 6 * 11 + 5);
    }

    #[test]
    fn points_reward_big_groups() {
        assert_eq!(points(16), 240);
        assert_eq!(points(3) + points(3), 12);
        assert_eq!(points(6), 30);
        assert!(points(3) + points(3) < points(6));
        assert_eq!(points(2), 2);
    }
}
