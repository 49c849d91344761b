//! The fewest presses that put every light out: a linear system over GF(2), one unknown per
//! cell (pressed or not) and one equation per cell (the presses around it must flip it as often
//! as it is lit). Gaussian elimination leaves a few free unknowns on some sizes (two on 5x5,
//! four on 4x4); every choice of them is tried and the solution with the fewest presses kept.

/// Which cells to press (row by row), fewest first; `None` when no presses solve the board.
pub fn fewest_presses(side: usize, lit: &[bool]) -> Option<Vec<bool>> {
    let cells = side * side;
    debug_assert!(cells <= 64 && lit.len() == cells);
    // Row `cell`: the presses that flip it (bits), and whether it must flip (lit).
    let mut rows: Vec<(u64, bool)> = (0..cells)
        .map(|cell| {
            let (x, y) = (cell % side, cell / side);
            let mut mask = 1u64 << cell;
            if x > 0 {
                mask |= 1 << (cell - 1);
            }
            if x + 1 < side {
                mask |= 1 << (cell + 1);
            }
            if y > 0 {
                mask |= 1 << (cell - side);
            }
            if y + 1 < side {
                mask |= 1 << (cell + side);
            }
            (mask, lit[cell])
        })
        .collect();
    // Reduced row echelon form: `pivots[i]` is the unknown row `i` settles.
    let mut pivots = Vec::new();
    for unknown in 0..cells {
        let bit = 1u64 << unknown;
        let Some(found) = (pivots.len()..cells).find(|&r| rows[r].0 & bit != 0) else { continue };
        rows.swap(pivots.len(), found);
        let pivot = rows[pivots.len()];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != pivots.len() && row.0 & bit != 0 {
                row.0 ^= pivot.0;
                row.1 ^= pivot.1;
            }
        }
        pivots.push(unknown);
    }
    // A row with no unknown left that must still flip: no solution.
    if rows[pivots.len()..].iter().any(|&(mask, flip)| mask == 0 && flip) {
        return None;
    }
    let free: Vec<usize> = (0..cells).filter(|unknown| !pivots.contains(unknown)).collect();
    (0..1u64 << free.len())
        .map(|choice| {
            let mut presses = 0u64;
            for (i, unknown) in free.iter().enumerate() {
                if choice >> i & 1 == 1 {
                    presses |= 1 << unknown;
                }
            }
            for (row, &unknown) in rows.iter().zip(&pivots) {
                // The pivot's own bit is clear in `presses` yet, so the parity is the rest's.
                let rest = (row.0 & presses).count_ones() % 2 == 1;
                if row.1 != rest {
                    presses |= 1 << unknown;
                }
            }
            presses
        })
        .min_by_key(|presses| presses.count_ones())
        .map(|presses| (0..cells).map(|cell| presses >> cell & 1 == 1).collect())
}
