//! The RIF's rule on the offered fifth moves (Soosõrv-8, Taraguchi-10): "they can not be
//! symmetrical". Read here as: two offers are symmetrical when a symmetry of the board (the
//! eight turns and reflections of the square about its centre, where the first stone always
//! lies) that leaves every stone of the position on a stone of its colour takes one to the
//! other. (A symmetry of the stones alone about another point is not one of the position on
//! the board, whose edges it moves; the games crate reads the rule the same way.)

use super::grid::Grid;

/// `(x, y)` under the `n`-th of the board's eight symmetries.
fn image(grid: &Grid, (x, y): (i64, i64), n: u8) -> (i64, i64) {
    let c = (grid.size() - 1) / 2;
    let (mut dx, mut dy) = (x - c, y - c);
    if n & 4 != 0 {
        (dx, dy) = (dy, dx);
    }
    if n & 2 != 0 {
        dx = -dx;
    }
    if n & 1 != 0 {
        dy = -dy;
    }
    (c + dx, c + dy)
}

/// Whether offering `b` beside the offer `a` repeats it: the same point, or its image under a
/// symmetry of the position.
pub fn symmetrical(grid: &Grid, a: (i64, i64), b: (i64, i64)) -> bool {
    let stones = grid.stones();
    (0..8u8).any(|n| {
        let keeps = stones.iter().all(|&(p, colour)| {
            let q = image(grid, p, n);
            grid.get(q.0, q.1) == Some(colour)
        });
        keeps && image(grid, a, n) == b
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::gomoku::Colour;

    #[test]
    fn mirrors_of_the_position_only() {
        let mut grid = Grid::new(15);
        grid.set(7, 7, Some(Colour::Black));
        grid.set(8, 7, Some(Colour::White));
        // Mirrored top to bottom about row 7, the position is the same.
        assert!(symmetrical(&grid, (9, 5), (9, 9)));
        assert!(symmetrical(&grid, (9, 5), (9, 5)));
        assert!(!symmetrical(&grid, (6, 5), (8, 5)), "left to right moves the white stone");
        grid.set(9, 9, Some(Colour::Black));
        assert!(!symmetrical(&grid, (9, 5), (9, 9 + 1)));
        assert!(!symmetrical(&grid, (10, 5), (10, 9)));
        // A diagonal mirror: stones on the diagonal.
        let mut diagonal = Grid::new(15);
        diagonal.set(7, 7, Some(Colour::Black));
        diagonal.set(8, 8, Some(Colour::White));
        assert!(symmetrical(&diagonal, (3, 10), (10, 3)));
    }
}
