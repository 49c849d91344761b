//! A logic solver over what the player sees: the open numbers, the closed cells and the total
//! mine count. It never looks at the mines; whatever reveals a number (the game, a layout under
//! test) does so through [`Reveal`].
//!
//! # Deductions
//!
//! Every open number `n` with `k` known mines and the set `U` of unknown cells around it is a
//! constraint "exactly `r = n - k` mines among `U`". The solver applies, cheapest first:
//!
//! 1. **Single cell** ([`Rule::Single`]): `r = 0` makes every cell of `U` safe; `r = |U|` makes
//!    every cell of `U` a mine.
//! 2. **Two numbers** ([`Rule::Subset`], [`Rule::Overlap`]): for constraints `(A, a)` and `(B, b)`
//!    (numbers at most two cells apart, so that their sets can meet), the mines `x` in `A ∩ B` lie
//!    in `lo..=hi` with `lo = max(0, a - |A \ B|, b - |B \ A|)` and `hi = min(|A ∩ B|, a, b)`, so
//!    `A \ B` holds between `a - hi` and `a - lo` mines. When that is 0 at most, `A \ B` is safe;
//!    when it is `|A \ B|` at least, `A \ B` is all mines; the same for `B \ A`. When `A ⊆ B` this
//!    is the subset rule (`B \ A` holds exactly `b - a`); otherwise it is the pairwise overlap
//!    ("these two cells share the 1, so the third is safe").
//! 3. **Global count** ([`Rule::Count`]): with `M` mines left and `N` unknown cells, `M = 0` makes
//!    all of them safe and `M = N` all mines. More generally, numbers whose unknown sets are
//!    pairwise disjoint hold exactly the sum `R` of their `r`s, so the unknown cells outside all
//!    their sets hold exactly `M - R` mines: none (all safe) or as many as there are cells (all
//!    mines). The family is picked greedily in cell order.
//!
//! Each rule is a valid inference from the visible state, so the solver never calls a mine safe
//! (a test checks it against every layout consistent with small random positions). It is not
//! complete: a position may be decidable by enumerating cases (`probability.rs` does that
//! for the hint) yet stump it. The no-guess generator only deals boards this solver clears, so
//! what "no guessing" promises is exactly these rules.
//!
//! # Work lists
//!
//! A number's constraint changes only when a cell around it becomes known. The solver keeps two
//! work lists of numbers whose constraint changed: one for the single-cell rule, always emptied
//! first, and one for the pair rule, tried against every number within two cells. The global
//! count runs only when both are empty. So a solve costs about one look per cell plus the pairs
//! around the cells that were learnt, not a sweep of the board per deduction.

use super::board::Board;

/// Gives the number of a cell the solver proved safe: the game opening it, or `None` when the
/// number is not to be learnt (the hint, which may not open anything).
pub(super) trait Reveal {
    fn reveal(&mut self, cell: usize) -> Option<u8>;
}

/// A [`Reveal`] that never opens anything: deductions only.
pub(super) struct NoReveal;

impl Reveal for NoReveal {
    fn reveal(&mut self, _cell: usize) -> Option<u8> {
        None
    }
}

/// What the solver knows of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Known {
    Unknown,
    /// Proved safe, its number not known (yet).
    Safe,
    /// Open, showing its number.
    Open(u8),
    Mine,
}

/// Which deduction proved a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rule {
    Single,
    Subset,
    Overlap,
    Count,
}

/// One deduction, as the hint explains it: the rule, the numbers it read, the cells it settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Deduction {
    pub rule: Rule,
    pub numbers: Vec<usize>,
    pub safe: Vec<usize>,
    pub mines: Vec<usize>,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Every cell is known.
    Solved,
    /// No rule applies any more and some cells are unknown.
    Stuck,
}

/// Up to 8 cells, on the stack.
#[derive(Clone, Copy)]
struct Cells {
    cells: [usize; 8],
    len: usize,
}

impl Cells {
    fn as_slice(&self) -> &[usize] {
        &self.cells[..self.len]
    }

    fn contains(&self, cell: usize) -> bool {
        self.as_slice().contains(&cell)
    }
}

/// The solver's state: what it knows, and its work lists.
#[derive(Debug, Clone)]
pub(super) struct Solver {
    board: Board,
    known: Vec<Known>,
    /// Known mines around each cell.
    mines_around: Vec<u8>,
    /// Unknown cells around each cell.
    unknown_around: Vec<u8>,
    unknown_left: usize,
    mines_left: usize,
    /// Cells proved safe and not yet handed to [`Reveal`].
    to_open: Vec<usize>,
    single_queue: Vec<usize>,
    in_single: Vec<bool>,
    pair_queue: Vec<usize>,
    in_pair: Vec<bool>,
    /// Every deduction, in order, when asked for (the hint); `None` while generating.
    trace: Option<Vec<Deduction>>,
    /// Scratch for the global count: which cells the disjoint family covers.
    covered: Vec<bool>,
}

impl Solver {
    /// Knows nothing yet; `mines` is the board's total.
    pub(super) fn new(board: Board) -> Solver {
        let cells = board.cells();
        let unknown_around = (0..cells).map(|c| board.neighbours(c).count() as u8).collect();
        Solver {
            board,
            known: vec![Known::Unknown; cells],
            mines_around: vec![0; cells],
            unknown_around,
            unknown_left: cells,
            mines_left: board.mines(),
            to_open: Vec::new(),
            single_queue: Vec::new(),
            in_single: vec![false; cells],
            pair_queue: Vec::new(),
            in_pair: vec![false; cells],
            trace: None,
            covered: vec![false; cells],
        }
    }

    /// Records every deduction from now on (see [`Solver::trace`]).
    pub(super) fn keep_trace(&mut self) {
        self.trace = Some(Vec::new());
    }

    pub(super) fn trace(&self) -> &[Deduction] {
        self.trace.as_deref().unwrap_or(&[])
    }

    pub(super) fn board(&self) -> Board {
        self.board
    }

    pub(super) fn known(&self, cell: usize) -> Known {
        self.known[cell]
    }

    pub(super) fn mines_left(&self) -> usize {
        self.mines_left
    }

    /// Unknown cells around `cell`.
    pub(super) fn unknown_around(&self, cell: usize) -> u8 {
        self.unknown_around[cell]
    }

    /// For an open cell, the mines still to find around it.
    pub(super) fn remaining(&self, cell: usize) -> Option<u8> {
        match self.known[cell] {
            Known::Open(n) => Some(n.saturating_sub(self.mines_around[cell])),
            _ => None,
        }
    }

    /// A cell the player opened (or the solver's caller knows to be open) and its number.
    pub(super) fn learn_open(&mut self, cell: usize, number: u8) {
        if self.known[cell] == Known::Unknown {
            self.settle(cell);
        }
        self.known[cell] = Known::Open(number);
        self.enqueue(cell);
    }

    /// A cell known to be safe whose number is still to be revealed (the first click).
    pub(super) fn learn_safe(&mut self, cell: usize) {
        if self.known[cell] == Known::Unknown {
            self.settle(cell);
            self.known[cell] = Known::Safe;
            self.to_open.push(cell);
        }
    }

    /// The number of an open cell changed (the generator moved a mine beside it).
    pub(super) fn renumber(&mut self, cell: usize, number: u8) {
        self.known[cell] = Known::Open(number);
        self.enqueue(cell);
    }

    /// Takes back a mine the solver proved: the generator moved it away. Its neighbours' counts
    /// and work lists are updated; the cell is unknown again.
    pub(super) fn forget_mine(&mut self, cell: usize) {
        debug_assert_eq!(self.known[cell], Known::Mine);
        self.known[cell] = Known::Unknown;
        self.unknown_left += 1;
        self.mines_left += 1;
        let board = self.board;
        board.for_each_neighbour(cell, |n| {
            self.mines_around[n] -= 1;
            self.unknown_around[n] += 1;
        });
        self.enqueue_around(cell);
    }

    /// Applies the rules until every cell is known or none applies; cells proved safe go to
    /// `reveal` as they are found.
    pub(super) fn run(&mut self, reveal: &mut impl Reveal) -> Outcome {
        loop {
            self.open_pending(reveal);
            if let Some(cell) = self.single_queue.pop() {
                self.in_single[cell] = false;
                self.single(cell);
            } else if let Some(cell) = self.pair_queue.pop() {
                self.in_pair[cell] = false;
                self.pairs(cell);
            } else if self.unknown_left == 0 {
                return Outcome::Solved;
            } else if !self.count() {
                return Outcome::Stuck;
            }
        }
    }

    fn open_pending(&mut self, reveal: &mut impl Reveal) {
        while let Some(cell) = self.to_open.pop() {
            if let Some(number) = reveal.reveal(cell) {
                self.known[cell] = Known::Open(number);
                self.enqueue(cell);
            }
        }
    }

    /// Puts an open cell with unknown neighbours on both work lists.
    fn enqueue(&mut self, cell: usize) {
        if !matches!(self.known[cell], Known::Open(_)) || self.unknown_around[cell] == 0 {
            return;
        }
        if !self.in_single[cell] {
            self.in_single[cell] = true;
            self.single_queue.push(cell);
        }
        if !self.in_pair[cell] {
            self.in_pair[cell] = true;
            self.pair_queue.push(cell);
        }
    }

    /// Bookkeeping for a cell leaving the unknown: its neighbours' counts.
    fn settle(&mut self, cell: usize) {
        self.unknown_left -= 1;
        let (unknown_around, board) = (&mut self.unknown_around, self.board);
        board.for_each_neighbour(cell, |n| unknown_around[n] -= 1);
    }

    fn prove_safe(&mut self, cell: usize) {
        if self.known[cell] != Known::Unknown {
            return;
        }
        self.learn_safe(cell);
        self.enqueue_around(cell);
    }

    fn prove_mine(&mut self, cell: usize) {
        if self.known[cell] != Known::Unknown {
            return;
        }
        self.settle(cell);
        self.known[cell] = Known::Mine;
        self.mines_left = self.mines_left.saturating_sub(1);
        let (mines_around, board) = (&mut self.mines_around, self.board);
        board.for_each_neighbour(cell, |n| mines_around[n] += 1);
        self.enqueue_around(cell);
    }

    fn enqueue_around(&mut self, cell: usize) {
        let board = self.board;
        board.for_each_neighbour(cell, |n| self.enqueue(n));
    }

    /// Settles cells and records why.
    fn conclude(&mut self, rule: Rule, numbers: &[usize], safe: &[usize], mines: &[usize]) {
        if let Some(trace) = self.trace.as_mut() {
            let unknown = |c: &&usize| self.known[**c] == Known::Unknown;
            let safe: Vec<usize> = safe.iter().filter(unknown).copied().collect();
            let mines: Vec<usize> = mines.iter().filter(unknown).copied().collect();
            trace.push(Deduction { rule, numbers: numbers.to_vec(), safe, mines });
        }
        safe.iter().for_each(|&c| self.prove_safe(c));
        mines.iter().for_each(|&c| self.prove_mine(c));
    }

    fn unknown_cells_around(&self, cell: usize) -> Cells {
        let mut out = Cells { cells: [0; 8], len: 0 };
        self.board.for_each_neighbour(cell, |n| {
            if self.known[n] == Known::Unknown {
                out.cells[out.len] = n;
                out.len += 1;
            }
        });
        out
    }

    /// Rule 1 on one number.
    fn single(&mut self, cell: usize) {
        let (Some(left), unknown) = (self.remaining(cell), self.unknown_around[cell]) else {
            return;
        };
        if unknown == 0 || (left != 0 && left != unknown) {
            return;
        }
        let cells = self.unknown_cells_around(cell);
        if left == 0 {
            self.conclude(Rule::Single, &[cell], cells.as_slice(), &[]);
        } else {
            self.conclude(Rule::Single, &[cell], &[], cells.as_slice());
        }
    }

    /// Rule 2 between `cell` and every number within two cells of it; stops at the first that
    /// proves something (and puts `cell` back on the list, as it may prove more).
    fn pairs(&mut self, cell: usize) {
        let Some(a_left) = self.remaining(cell) else { return };
        if self.unknown_around[cell] == 0 {
            return;
        }
        let a = self.unknown_cells_around(cell);
        let (width, height) = (self.board.width(), self.board.height());
        let (x, y) = self.board.xy(cell);
        for oy in y.saturating_sub(2)..(y + 3).min(height) {
            for ox in x.saturating_sub(2)..(x + 3).min(width) {
                let other = oy * width + ox;
                if other == cell || self.unknown_around[other] == 0 {
                    continue;
                }
                let Some(b_left) = self.remaining(other) else { continue };
                let b = self.unknown_cells_around(other);
                if self.pair(cell, &a, a_left, other, &b, b_left) {
                    self.enqueue_pair_again(cell);
                    return;
                }
            }
        }
    }

    fn enqueue_pair_again(&mut self, cell: usize) {
        if self.unknown_around[cell] > 0 && !self.in_pair[cell] {
            self.in_pair[cell] = true;
            self.pair_queue.push(cell);
        }
    }

    /// Rule 2 on two constraints; true when it settled a cell.
    fn pair(&mut self, a_cell: usize, a: &Cells, a_left: u8, b_cell: usize, b: &Cells, b_left: u8) -> bool {
        let shared = a.as_slice().iter().filter(|&&c| b.contains(c)).count() as i32;
        if shared == 0 {
            return false;
        }
        let (a_only, b_only) = (a.len as i32 - shared, b.len as i32 - shared);
        let (ra, rb) = (i32::from(a_left), i32::from(b_left));
        let lo = 0.max(ra - a_only).max(rb - b_only);
        let hi = shared.min(ra).min(rb);
        let rule = if a_only == 0 || b_only == 0 { Rule::Subset } else { Rule::Overlap };
        let numbers = [a_cell, b_cell];
        // The part of each set outside the other: safe when it holds no mine for sure, all mines
        // when it must hold as many as it has cells.
        for (own, other, only, left) in [(a, b, a_only, ra), (b, a, b_only, rb)] {
            if only == 0 {
                continue;
            }
            let outside = Cells::difference(own, other);
            if left - lo <= 0 {
                self.conclude(rule, &numbers, outside.as_slice(), &[]);
                return true;
            }
            if left - hi >= only {
                self.conclude(rule, &numbers, &[], outside.as_slice());
                return true;
            }
        }
        false
    }

    /// Rule 3; true when it settled a cell.
    fn count(&mut self) -> bool {
        let unknown: Vec<usize> = (0..self.board.cells()).filter(|&c| self.known[c] == Known::Unknown).collect();
        if self.mines_left == 0 {
            self.conclude(Rule::Count, &[], &unknown, &[]);
            return true;
        }
        if self.mines_left == unknown.len() {
            self.conclude(Rule::Count, &[], &[], &unknown);
            return true;
        }
        let (family, in_family) = self.disjoint_family();
        let outside: Vec<usize> = unknown.iter().copied().filter(|&c| !self.covered[c]).collect();
        for &c in &unknown {
            self.covered[c] = false;
        }
        let Some(outside_mines) = self.mines_left.checked_sub(in_family) else { return false };
        if outside.is_empty() {
            return false;
        }
        if outside_mines == 0 {
            self.conclude(Rule::Count, &family, &outside, &[]);
        } else if outside_mines == outside.len() {
            self.conclude(Rule::Count, &family, &[], &outside);
        } else {
            return false;
        }
        true
    }

    /// Numbers whose unknown sets are pairwise disjoint, greedily in cell order, and the mines
    /// they hold together. Marks their cells in `covered` (the caller clears it).
    fn disjoint_family(&mut self) -> (Vec<usize>, usize) {
        let mut family = Vec::new();
        let mut mines = 0;
        for cell in 0..self.board.cells() {
            let Some(left) = self.remaining(cell) else { continue };
            if self.unknown_around[cell] == 0 {
                continue;
            }
            let cells = self.unknown_cells_around(cell);
            if cells.as_slice().iter().any(|&c| self.covered[c]) {
                continue;
            }
            cells.as_slice().iter().for_each(|&c| self.covered[c] = true);
            family.push(cell);
            mines += usize::from(left);
        }
        (family, mines)
    }
}

impl Cells {
    /// The cells of `own` not in `other`.
    fn difference(own: &Cells, other: &Cells) -> Cells {
        let mut out = Cells { cells: [0; 8], len: 0 };
        for &c in own.as_slice().iter().filter(|&&c| !other.contains(c)) {
            out.cells[out.len] = c;
            out.len += 1;
        }
        out
    }
}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Reveals numbers from a known layout: the generator's and the tests' oracle.
pub(super) struct LayoutReveal<'a> {
    pub board: Board,
    pub mine: &'a [bool],
}

impl Reveal for LayoutReveal<'_> {
    fn reveal(&mut self, cell: usize) -> Option<u8> {
        let mut n = 0;
        self.board.for_each_neighbour(cell, |c| n += u8::from(self.mine[c]));
        Some(n)
    }
}

/// Whether the solver clears the layout `mine` from `first` (a safe cell) without a guess.
pub(super) fn clears(board: Board, mine: &[bool], first: usize) -> bool {
    if mine[first] {
        return false;
    }
    let mut solver = Solver::new(board);
    solver.learn_safe(first);
    solver.run(&mut LayoutReveal { board, mine }) == Outcome::Solved
}

#[cfg(test)]
pub(super) mod tests;
