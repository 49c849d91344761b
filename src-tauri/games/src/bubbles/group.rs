//! Groups: the 4-connected same-colour areas a click selects and a pop removes.

use super::colour::EMPTY;
use super::field::{Field, MAX_CELLS};
use super::mask::Mask;

/// The 4-connected group of balls of one colour that contains cell `i` (a single ball is a group
/// of one); empty for a hole.
///
/// A flood fill with an explicit stack of at most one entry per cell: the original's recursion could
/// overflow the stack on big fields; this cannot.
pub fn group_at(field: &Field, i: usize) -> Mask {
    let cells = field.cells();
    let colour = cells[i];
    if colour == EMPTY {
        return Mask::EMPTY;
    }
    let (width, len) = (field.width(), cells.len());
    let mut group = Mask::single(i);
    let mut stack = [0u16; MAX_CELLS];
    let mut top = 0;
    stack[top] = i as u16;
    top += 1;
    while top > 0 {
        top -= 1;
        let at = usize::from(stack[top]);
        let x = at % width;
        let neighbours = [
            (x > 0).then(|| at - 1),
            (x + 1 < width).then(|| at + 1),
            at.checked_sub(width),
            (at + width < len).then(|| at + width),
        ];
        for next in neighbours.into_iter().flatten() {
            if cells[next] == colour && !group.contains(next) {
                group.insert(next);
                stack[top] = next as u16;
                top += 1;
            }
        }
    }
    group
}

/// The size of every cell's group, row by row: 1 for a lone ball, 0 for a hole. Each group is
/// flooded once, for all its cells.
pub fn sizes(field: &Field) -> Vec<u16> {
    let mut sizes = vec![0u16; field.len()];
    for (i, &code) in field.cells().iter().enumerate() {
        if code != EMPTY && sizes[i] == 0 {
            let group = group_at(field, i);
            // A field has at most MAX_CELLS (600) cells.
            let size = group.len() as u16;
            for cell in group.iter() {
                sizes[cell] = size;
            }
        }
    }
    sizes
}

/// Every group of two balls or more, numbered from 1 in the order of its first cell, row by row:
/// each cell's number (0 for a hole or a lone ball, which no click selects or pops), and each
/// group's size by number (`sizes[k - 1]` for group k).
pub fn numbered(field: &Field) -> (Vec<u16>, Vec<u32>) {
    let mut numbers = vec![0u16; field.len()];
    let mut sizes = Vec::new();
    for (i, &code) in field.cells().iter().enumerate() {
        // A cell of a group already numbered, or a hole.
        if numbers[i] != 0 || code == EMPTY {
            continue;
        }
        let group = group_at(field, i);
        if group.len() >= 2 {
            sizes.push(group.len());
            // At most MAX_CELLS / 2 (300) groups of two.
            let number = sizes.len() as u16;
            for cell in group.iter() {
                numbers[cell] = number;
            }
        }
    }
    (numbers, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_its_own_groups_size() {
        // Two empty rows on top, then these three.
        let field = Field::parse_sized(5, 5, &["RR.GY", "RGGGY", "Y.GYB"]);
        let mut expected = vec![0; 10];
        expected.extend([3, 3, 0, 5, 2, 3, 5, 5, 5, 2, 1, 0, 5, 1, 1]);
        assert_eq!(sizes(&field), expected);
    }

    #[test]
    fn the_group_follows_orthogonal_neighbours_only() {
        let f = Field::parse(&[
            "RR.R.......", //
            "GR.R.......",
            "RRRGR......",
        ]);
        let index = |x, y| f.index(x, y);
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
        assert_eq!(group_at(&f, 0).len(), 6 * 11 + 5);
    }

    #[test]
    fn groups_of_two_or_more_are_numbered_in_reading_order() {
        // Two empty rows on top, then these three.
        let field = Field::parse_sized(5, 5, &["RR.GY", "RGGGY", "Y.GYB"]);
        let (numbers, sizes) = numbered(&field);
        let mut expected = vec![0; 10];
        expected.extend([1, 1, 0, 2, 3, 1, 2, 2, 2, 3, 0, 0, 2, 0, 0]);
        assert_eq!(numbers, expected);
        assert_eq!(sizes, vec![3, 5, 2]);
        // Each number's size is the size of the group a click on any of its cells finds.
        for (i, &number) in numbers.iter().enumerate() {
            let size = group_at(&field, i).len();
            match number {
                0 => assert!(size < 2, "cell {i}"),
                k => assert_eq!(sizes[usize::from(k) - 1], size, "cell {i}"),
            }
        }
    }
}
