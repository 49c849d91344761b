//! The hint's guess, when logic proves no cell: the cell that best keeps the game alive, not only
//! the cell least likely to hold a mine.
//!
//! # Method
//!
//! 1. **A guess every order of play meets, first** ([`unavoidable`]). Two closed cells under a
//!    number that needs one more mine, where every cell beside one of them and not the other
//!    holds a mine: no number opened later sees one without the other, so nothing can ever tell
//!    them apart. When the number sees no other closed cell they hold exactly one mine, a coin
//!    toss that every win passes through; the hint names it and says so (`coinToss`). When it
//!    does (JSMinesweeper's "pseudo 50/50"), they hold one mine or none, and the risk is still
//!    one that every order of play takes. Guessing such a pair now loses nothing, and what the
//!    safe cell shows may settle the closed cells beside both, which a guess elsewhere never
//!    would. (Measured: the pair in its sealed form only, two cells that touch no other closed
//!    cell, won the same 2000 Expert boards as without it; with closed cells or numbers beside
//!    both, +0.08 % ± 0.03 % on Expert classic over 20,000 boards, +0.07 % ± 0.04 % with the
//!    opening start over 10,000.)
//! 2. **Small endgames exactly** (`guess/endgame.rs`). When at most [`endgame::MAX_LAYOUTS`]
//!    layouts fit the position and at most [`endgame::MAX_CLOSED`] cells are closed, every layout
//!    is listed and the guess that wins most often, playing perfectly after it, is found by
//!    exhaustive search over the sets of layouts left (memoised; the module says how). There the
//!    guess is optimal: `guess/exhaustive.rs` checks it against an independent player that
//!    searches the whole game tree, floods included, on hundreds of random tiny endgames, where
//!    the look-ahead below alone missed the best chance in about one in eight.
//! 3. **Candidates.** Otherwise, the closed cells whose chance of being safe (`probability.rs`,
//!    exact over the frontier) is at least [`CANDIDATE_SAFETY`] of the safest cell's (as
//!    JSMinesweeper takes them, with a lower share), the safest first, at most
//!    [`MAX_CANDIDATES`]. Cells no number touches (the interior) all have the same chance; of
//!    those, a few next to a closed cell of the frontier are taken (their number, read with the
//!    frontier's, may settle it), and a few with the fewest closed neighbours (corners, then
//!    edges), the likeliest to open an area.
//! 4. **One move of look-ahead.** For a candidate `c` and each number `v` it may show, the
//!    position with `c` open showing `v` is solved by cases again. The number of layouts that fit
//!    it, over the number that fit now, is the chance that `c` is safe and shows `v`. That
//!    position then either has a cell proved safe ("progress") or its next guess survives with
//!    the chance of its least likely cell. The candidate's score is the chance of surviving both
//!    moves: `sum over v of P(c safe, shows v) * (1 if progress else 1 - least chance after)`.
//!    The best score wins; ties go to the higher chance of progress, then the safer cell, then
//!    the one with fewer closed neighbours. A *dead* candidate, one that can show only one
//!    number where it is safe (JSMinesweeper's term), loses to any live one: opening it tells
//!    nothing, so its risk is the same taken later, when what the live guess shows may have
//!    settled it. (Measured: +0.06 % ± 0.03 % on Expert classic, 23 boards won only with it
//!    and 11 only without, over 20,000.)
//!
//! # Limits
//!
//! * Beyond the endgame's limits it looks one move ahead: it is not the optimal strategy there,
//!   only a better guess than the safest cell alone. Figures from the lab's `mines_autoplay`
//!   are in `docs/lab-notes/minesweeper.md`: the exact endgame adds about one board in a hundred on Expert
//!   (Expert classic, seeds 1..20000: 39.67 % with the look-ahead alone, 40.35 % with endgames
//!   of up to 128 layouts, 40.64 % with all of the above and 512, 40.85 % with the interior
//!   cells beside the frontier among the candidates, 40.90 % with candidates 80 % as safe,
//!   41.00 % with the pairs nothing can tell apart guessed first).
//! * The look-ahead and the endgame need exact counts: when the odds are an estimate (a frontier
//!   component beyond the enumeration limits), the guess is the least likely cell, as before. A
//!   candidate whose look-ahead meets an estimate is left out.
//! * Time: the endgame search stops after [`endgame::MAX_WORK`] steps (one layout looked at for
//!   one cell) and its listing of layouts after a fixed number of nodes; the look-ahead then
//!   decides. The look-ahead stops once its positions' enumerations have taken
//!   [`LOOKAHEAD_STEPS`] steps in all, or after [`MAX_EVALUATIONS`] solved positions.
//!   Candidates not scored by then are left out; when none is scored the guess is the least
//!   likely cell. Both budgets count work, not time, so the hint is the same on every machine
//!   and a benchmark's figures replay exactly. On Expert in the benchmark the hint, endgame
//!   included, took 1.7 to 2.7 ms at p99 and 89 to 195 ms at most on the 2-core build machine
//!   (the most while it also built the project).
//! * Only pairs under one number are recognised as guesses every order of play meets: larger
//!   groups that no logic can settle (JSMinesweeper's enclosed 2x2 boxes, say) are guessed like
//!   any other.

use super::board::Board;
use super::probability::{mine_odds, Odds};
use super::solver::{Known, Solver};

mod endgame;
#[cfg(test)]
mod exhaustive;

/// The least chance of being safe a candidate has, as a share of the safest cell's. (0.9,
/// JSMinesweeper's, against a margin of 0.05 on the chance of a mine: +0.15 % ± 0.08 % on Expert
/// classic. Then 0.8 against 0.9, with the cells beside the frontier: +0.08 % ± 0.04 % on Expert
/// classic over 20,000 boards in the knob build that chose it, +0.04 % ± 0.04 % in this one
/// (the look-ahead then stopped on wall-clock time, so a few boards differed from run to run);
/// +0.03 % ± 0.06 % with the opening start; 0.7 no better, 0.85 and 0.95 +0.06 % and -0.14 % on
/// 10,000 boards.)
pub const CANDIDATE_SAFETY: f64 = 0.8;
/// The most candidates looked ahead from.
pub const MAX_CANDIDATES: usize = 12;
/// The most interior cells among the candidates, besides those next to the frontier.
pub const MAX_INTERIOR_CANDIDATES: usize = 4;
/// The most interior cells next to a closed cell of the frontier among the candidates.
/// (Measured against none, which left the few cells of the first edge row among the interior
/// candidates only by the order of the cells: +0.21 % ± 0.12 % on Expert classic, 20,000
/// boards; +0.01 % ± 0.08 % with the opening start, 10,000 boards; 6 and 8 were no better.)
pub const MAX_BESIDE_FRONTIER: usize = 4;
/// The most enumeration steps ([`Odds::steps`]) the look-ahead takes over all its positions.
/// (It stopped at 40 ms of wall-clock time before, which a loaded machine reached sooner, so a
/// few boards in a thousand went otherwise from run to run. With 3,000,000 steps the 10,000
/// Expert boards of seeds 1 to 10000 went exactly as with no limit, the slowest hint 90-120 ms;
/// with 1,000,000, 8 boards went otherwise, the slowest 42 ms.)
pub const LOOKAHEAD_STEPS: u64 = 3_000_000;
/// The most positions the look-ahead solves.
pub const MAX_EVALUATIONS: usize = 150;

/// The cell to guess, and whether it is a coin toss no logic can help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Guess {
    pub cell: usize,
    pub coin_toss: bool,
}

/// The guess for a position where nothing is provable; `None` when no cell is closed.
pub(super) fn choose(solver: &Solver, odds: &Odds) -> Option<Guess> {
    let unknown: Vec<usize> = (0..solver.board().cells()).filter(|&c| solver.known(c) == Known::Unknown).collect();
    let chance = |c: usize| odds.mine[c].unwrap_or(1.0);
    let least = unknown.iter().copied().min_by(|&a, &b| chance(a).total_cmp(&chance(b)))?;
    if let Some(guess) = unavoidable(solver, odds) {
        return Some(guess);
    }
    let Some(now) = odds.ln_layouts.filter(|l| l.is_finite()) else {
        return Some(Guess { cell: least, coin_toss: false });
    };
    let cell = endgame::best(solver, now).or_else(|| look_ahead(solver, odds, &unknown, now));
    Some(Guess { cell: cell.unwrap_or(least), coin_toss: false })
}

/// The candidate with the best look-ahead score; `None` when none could be scored.
fn look_ahead(solver: &Solver, odds: &Odds, unknown: &[usize], now: f64) -> Option<usize> {
    let chance = |c: usize| odds.mine[c].unwrap_or(1.0);
    let mut look = LookAhead::new(solver, now);
    let mut best: Option<(Score, usize)> = None;
    for c in candidates(solver, odds, unknown) {
        let Some(score) = look.score(c, chance(c)) else { continue };
        if best.as_ref().is_none_or(|(b, _)| score.beats(b)) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c)
}

/// A guess that every order of play meets, so it is best taken now: a pair of closed cells
/// under a number that needs one more mine (so at most one of them holds a mine), such that every
/// cell beside one of them and not the other holds a mine. No number opened later sees one
/// without the other, so nothing can ever tell them apart, and every number now sees both or
/// neither, so they are equally likely mines. When that number sees no other closed cell, the
/// pair holds exactly one mine: a coin toss. When it does (a "pseudo 50/50", in JSMinesweeper's
/// words), the pair holds one mine or none: with one, a coin toss; with none, a safe cell. Either
/// way its risk is one that every order of play takes (whoever meets the pair with its mine in it
/// guesses between two cells nothing tells apart), and what the cell shows when it is safe can
/// only help with the rest.
fn unavoidable(solver: &Solver, odds: &Odds) -> Option<Guess> {
    let pair = untellable_pair(solver, odds)?;
    Some(Guess { cell: pair.cells.0, coin_toss: pair.one_mine })
}

/// Two closed cells that nothing can tell apart and that never both hold a mine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair {
    cells: (usize, usize),
    /// Whether they always hold exactly one mine between them.
    one_mine: bool,
}

/// The first [`Pair`] that holds exactly one mine, else the first that may hold none.
fn untellable_pair(solver: &Solver, odds: &Odds) -> Option<Pair> {
    let board = solver.board();
    let mine = |c: usize| solver.known(c) == Known::Mine || odds.sure[c] == Some(true);
    let mut may_be_empty = None;
    for number in (0..board.cells()).filter(|&n| solver.remaining(n).is_some()) {
        let closed: Vec<usize> = board.neighbours(number).filter(|&c| solver.known(c) == Known::Unknown).collect();
        let mines = closed.iter().filter(|&&c| mine(c)).count();
        let open_to_doubt: Vec<usize> = closed.into_iter().filter(|&c| !mine(c)).collect();
        if solver.remaining(number) != Some(mines as u8 + 1) {
            continue;
        }
        for (i, &a) in open_to_doubt.iter().enumerate() {
            for &b in open_to_doubt[i + 1..].iter().filter(|&&b| beside_one_only(board, a, b).all(mine)) {
                let pair = Pair { cells: (a, b), one_mine: open_to_doubt.len() == 2 };
                if pair.one_mine {
                    return Some(pair);
                }
                may_be_empty = may_be_empty.or(Some(pair));
            }
        }
    }
    may_be_empty
}

/// The cells beside exactly one of `a` and `b` (neither of them).
fn beside_one_only(board: Board, a: usize, b: usize) -> impl Iterator<Item = usize> {
    let only =
        move |c: usize, other: usize| board.neighbours(c).filter(move |&m| m != other && !board.touches(other, m));
    only(a, b).chain(only(b, a))
}

/// The cells worth looking ahead from, the safest first.
fn candidates(solver: &Solver, odds: &Odds, unknown: &[usize]) -> Vec<usize> {
    let board = solver.board();
    let chance = |c: usize| odds.mine[c].unwrap_or(1.0);
    let closed_around = |c: usize| board.neighbours(c).filter(|&n| solver.known(n) == Known::Unknown).count();
    let on_frontier = |c: usize| board.neighbours(c).any(|n| solver.remaining(n).is_some());
    let least = unknown.iter().map(|&c| chance(c)).fold(1.0, f64::min);
    let safe_enough = |c: usize| 1.0 - chance(c) >= CANDIDATE_SAFETY * (1.0 - least) - 1e-12;
    let mut near: Vec<usize> = unknown.iter().copied().filter(|&c| safe_enough(c)).collect();
    near.sort_by(|&a, &b| chance(a).total_cmp(&chance(b)).then(closed_around(a).cmp(&closed_around(b))));
    // An interior cell beside a closed cell of the frontier shows a number that, read with the
    // frontier's own, may settle it; the others are kept for their chance of opening an area.
    let beside_frontier = |c: usize| board.neighbours(c).any(|n| solver.known(n) == Known::Unknown && on_frontier(n));
    let (mut beside, mut apart) = (0, 0);
    near.retain(|&c| {
        if on_frontier(c) {
            true
        } else if beside_frontier(c) && beside < MAX_BESIDE_FRONTIER {
            beside += 1;
            true
        } else {
            apart += 1;
            apart <= MAX_INTERIOR_CANDIDATES
        }
    });
    near.truncate(MAX_CANDIDATES);
    near
}

/// A candidate's look-ahead.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Score {
    /// Whether the cell, if safe, can show only one number: opening it tells nothing, so
    /// guessing it can wait (whatever is guessed first may settle it, and it must be opened in
    /// the end anyway). JSMinesweeper's "dead tiles".
    dead: bool,
    /// The chance of surviving this guess and the next move.
    survive: f64,
    /// The chance that it is safe and its number proves another cell.
    progress: f64,
    /// Its own chance of a mine.
    mine: f64,
    closed_around: usize,
}

impl Score {
    fn beats(&self, other: &Score) -> bool {
        const EPS: f64 = 1e-9;
        if self.dead != other.dead {
            return other.dead;
        }
        if (self.survive - other.survive).abs() > EPS {
            return self.survive > other.survive;
        }
        if (self.progress - other.progress).abs() > EPS {
            return self.progress > other.progress;
        }
        if (self.mine - other.mine).abs() > EPS {
            return self.mine < other.mine;
        }
        self.closed_around < other.closed_around
    }
}

struct LookAhead<'a> {
    solver: &'a Solver,
    /// `ln` of the number of layouts now.
    now: f64,
    steps_left: u64,
    evaluations: usize,
}

impl<'a> LookAhead<'a> {
    fn new(solver: &'a Solver, now: f64) -> LookAhead<'a> {
        LookAhead { solver, now, steps_left: LOOKAHEAD_STEPS, evaluations: 0 }
    }

    /// The look-ahead from `cell`; `None` when it meets an estimate or runs out of budget.
    fn score(&mut self, cell: usize, mine: f64) -> Option<Score> {
        let board = self.solver.board();
        let known_mines = board.neighbours(cell).filter(|&n| self.solver.known(n) == Known::Mine).count();
        let closed_around = board.neighbours(cell).filter(|&n| self.solver.known(n) == Known::Unknown).count();
        let (mut survive, mut progress, mut numbers) = (0.0, 0.0, 0);
        for v in known_mines..=known_mines + closed_around {
            if self.evaluations >= MAX_EVALUATIONS || self.steps_left == 0 {
                return None;
            }
            self.evaluations += 1;
            let mut after = self.solver.clone();
            after.learn_open(cell, v as u8);
            let odds = mine_odds(&after);
            self.steps_left = self.steps_left.saturating_sub(odds.steps);
            let ln = odds.ln_layouts?;
            if ln == f64::NEG_INFINITY {
                continue;
            }
            numbers += 1;
            let shows = (ln - self.now).exp();
            let closed = (0..board.cells()).filter(|&c| after.known(c) == Known::Unknown);
            let mut least = 1.0f64;
            let mut proved = false;
            for c in closed {
                proved |= odds.sure[c] == Some(false) || odds.mine[c] == Some(0.0);
                least = least.min(odds.mine[c].unwrap_or(1.0));
            }
            // Nothing closed but mines is a win: the mines are all proved.
            let next = if proved || least >= 1.0 { 1.0 } else { 1.0 - least };
            survive += shows * next;
            progress += if proved { shows } else { 0.0 };
        }
        Some(Score { dead: numbers == 1, survive, progress, mine, closed_around })
    }
}

#[cfg(test)]
mod tests {
    use super::super::solver::tests::Position;
    use super::*;

    /// Every layout that fits the position, as mine vectors.
    fn layouts(position: &Position) -> Vec<Vec<bool>> {
        let closed: Vec<usize> = (0..position.board.cells()).filter(|&c| !position.open[c]).collect();
        let mut all = Vec::new();
        for bits in 0u32..(1 << closed.len()) {
            if bits.count_ones() as usize != position.board.mines() {
                continue;
            }
            let mut mine = vec![false; position.board.cells()];
            for (i, &c) in closed.iter().enumerate() {
                mine[c] = bits & (1 << i) != 0;
            }
            let number = |c: usize| position.board.neighbours(c).filter(|&n| mine[n]).count() as u8;
            if (0..position.board.cells()).filter(|&c| position.open[c]).all(|c| number(c) == position.number(c)) {
                all.push(mine);
            }
        }
        all
    }

    /// By brute force: the chance of surviving a guess at `cell` and the next move (a proved
    /// safe cell, else the safest), and the chance that it is safe and proves another cell.
    fn two_moves(position: &Position, all: &[Vec<bool>], cell: usize) -> (f64, f64) {
        let board = position.board;
        let mut by_number: Vec<Vec<&Vec<bool>>> = vec![Vec::new(); 9];
        for mine in all.iter().filter(|m| !m[cell]) {
            by_number[board.neighbours(cell).filter(|&n| mine[n]).count()].push(mine);
        }
        let (mut survive, mut progress) = (0.0, 0.0);
        for group in by_number.iter().filter(|g| !g.is_empty()) {
            let share = group.len() as f64 / all.len() as f64;
            let others: Vec<usize> = (0..board.cells()).filter(|&c| !position.open[c] && c != cell).collect();
            let safe_in = |c: usize| group.iter().filter(|m| !m[c]).count();
            let proved = others.iter().any(|&c| safe_in(c) == group.len());
            let won = others.iter().all(|&c| safe_in(c) == 0);
            let best = others.iter().map(|&c| safe_in(c) as f64 / group.len() as f64).fold(0.0, f64::max);
            survive += share * if proved || won { 1.0 } else { best };
            progress += if proved { share } else { 0.0 };
        }
        (survive, progress)
    }

    /// By brute force: whether `cell`, where safe, shows the same number in every layout.
    fn dead(position: &Position, all: &[Vec<bool>], cell: usize) -> bool {
        let shows = |mine: &Vec<bool>| position.board.neighbours(cell).filter(|&n| mine[n]).count();
        let mut numbers = all.iter().filter(|m| !m[cell]).map(shows);
        let first = numbers.next();
        numbers.all(|n| Some(n) == first)
    }

    #[test]
    fn a_pair_nothing_can_tell_apart_never_holds_two_mines_and_its_cells_are_equally_likely() {
        let (mut coin_tosses, mut may_be_empty, mut with_closed_beside_both) = (0, 0, 0);
        for seed in 0..4000 {
            let position = Position::random(seed, 12);
            let mut solver = position.solver();
            solver.run(&mut super::super::solver::NoReveal);
            let odds = mine_odds(&solver);
            if (0..position.board.cells()).any(|c| solver.known(c) == Known::Unknown && odds.sure[c] == Some(false)) {
                continue; // A safe cell to open: not a guess.
            }
            let Some(Pair { cells: (a, b), one_mine }) = untellable_pair(&solver, &odds) else { continue };
            let all = layouts(&position);
            let mines_in_pair = |m: &Vec<bool>| usize::from(m[a]) + usize::from(m[b]);
            assert!(all.iter().all(|m| mines_in_pair(m) <= 1), "seed {seed}: both {a} and {b} may be mines");
            if one_mine {
                assert!(all.iter().all(|m| mines_in_pair(m) == 1), "seed {seed}: not exactly one mine");
            }
            let mines_at = |c: usize| all.iter().filter(|m| m[c]).count();
            assert_eq!(mines_at(a), mines_at(b), "seed {seed}: {a} and {b} are not equally likely");
            assert!(mines_at(a) > 0, "seed {seed}: {a} is safe, not a guess");
            // Nothing opened later tells them apart: in every layout, every cell beside one of
            // them only is a mine.
            let board = position.board;
            for m in beside_one_only(board, a, b) {
                assert!(all.iter().all(|layout| layout[m]), "seed {seed}: {m} may show a number");
            }
            let beside_both = |c: usize| board.touches(a, c) && board.touches(b, c);
            let closed_beside_both = (0..board.cells()).any(|c| beside_both(c) && solver.known(c) == Known::Unknown);
            coin_tosses += usize::from(one_mine);
            may_be_empty += usize::from(!one_mine);
            with_closed_beside_both += usize::from(closed_beside_both);
        }
        // The plain coin toss, the pair that may hold no mine, and a pair beside a closed cell
        // that what the guess shows may settle (which the first form of the rule left out).
        assert!(
            coin_tosses > 0 && may_be_empty > 0 && with_closed_beside_both > 0,
            "{coin_tosses} {may_be_empty} {with_closed_beside_both}"
        );
    }

    #[test]
    fn a_cell_that_can_show_only_one_number_is_not_guessed_while_another_can_tell_something() {
        let (mut guesses, mut waited) = (0, 0);
        for seed in 0..600 {
            let position = Position::random(seed, 12);
            let all = layouts(&position);
            let closed: Vec<usize> = (0..position.board.cells()).filter(|&c| !position.open[c]).collect();
            let mines_in = |c: usize| all.iter().filter(|m| m[c]).count();
            if all.is_empty() || closed.iter().any(|&c| mines_in(c) == 0) {
                continue; // Not a guess.
            }
            let solver = position.solver();
            let odds = mine_odds(&solver);
            let Some(cell) = look_ahead(&solver, &odds, &closed, odds.ln_layouts.unwrap()) else { continue };
            guesses += 1;
            let candidates = candidates(&solver, &odds, &closed);
            if candidates.iter().any(|&c| !dead(&position, &all, c)) {
                assert!(!dead(&position, &all, cell), "seed {seed}: guessed dead cell {cell}");
            }
            // The safest candidate was dead and a live one was guessed instead.
            waited += usize::from(dead(&position, &all, candidates[0]) && cell != candidates[0]);
        }
        assert!(guesses > 50, "{guesses}");
        assert!(waited > 0, "no position where the safest cell is dead");
    }

    #[test]
    fn interior_cells_beside_the_frontier_are_weighed_with_the_corners() {
        // A 1 in the corner and nothing else open: its three cells hold a mine one time in three,
        // the interior's about one in seven, so the guess is in the interior.
        let board = super::super::board::Board::new(8, 8, 10);
        let mut solver = Solver::new(board);
        solver.learn_open(0, 1);
        let odds = mine_odds(&solver);
        let unknown: Vec<usize> = (1..board.cells()).collect();
        let chosen = candidates(&solver, &odds, &unknown);
        // (2, 0), (2, 1), (2, 2), (0, 2) and (1, 2) touch the 1's cells.
        let beside = |c: usize| matches!(board.xy(c), (x, y) if x.max(y) == 2);
        assert_eq!(chosen.iter().filter(|&&c| beside(c)).count(), MAX_BESIDE_FRONTIER, "{chosen:?}");
        for corner in [7, 56, 63] {
            assert!(chosen.contains(&corner), "corner {corner} in {chosen:?}");
        }
        assert_eq!(chosen.len(), MAX_BESIDE_FRONTIER + MAX_INTERIOR_CANDIDATES);
    }

    #[test]
    fn the_look_ahead_counts_its_work_in_steps_and_leaves_out_a_candidate_it_cannot_finish() {
        let (mut scored, mut left_out) = (0, 0);
        for seed in 0..100 {
            let position = Position::random(seed, 12);
            let solver = position.solver();
            let odds = mine_odds(&solver);
            let now = odds.ln_layouts.expect("exact");
            for cell in (0..position.board.cells()).filter(|&c| !position.open[c]) {
                let mine = odds.mine[cell].unwrap();
                let mut full = LookAhead::new(&solver, now);
                let score = full.score(cell, mine).expect("small positions are exact");
                let used = LOOKAHEAD_STEPS - full.steps_left;
                // The same work again gives the same score: nothing but the steps decides.
                let mut again = LookAhead::new(&solver, now);
                again.steps_left = used;
                assert_eq!(again.score(cell, mine), Some(score), "seed {seed} cell {cell}");
                // A budget spent after the first number it may show: the candidate is left out,
                // not scored on part of what it may show.
                let mut short = LookAhead::new(&solver, now);
                short.steps_left = 1;
                match short.score(cell, mine) {
                    None => left_out += 1,
                    Some(partial) => assert_eq!(partial, score, "seed {seed} cell {cell}: scored on part"),
                }
                scored += 1;
            }
        }
        assert!(scored > 1000 && left_out > scored / 2, "{scored} {left_out}");
    }

    #[test]
    fn the_look_ahead_matches_brute_force() {
        let mut compared = 0;
        for seed in 0..200 {
            let position = Position::random(seed, 12);
            let solver = position.solver();
            let odds = mine_odds(&solver);
            let all = layouts(&position);
            let now = odds.ln_layouts.expect("exact");
            let mut look = LookAhead::new(&solver, now);
            for cell in (0..position.board.cells()).filter(|&c| !position.open[c]) {
                // Every cell scored, whatever the budgets.
                look.evaluations = 0;
                look.steps_left = u64::MAX;
                let score = look.score(cell, odds.mine[cell].unwrap()).expect("small positions are exact");
                let (survive, progress) = two_moves(&position, &all, cell);
                assert!((score.survive - survive).abs() < 1e-9, "seed {seed} cell {cell}: {score:?} against {survive}");
                assert!(
                    (score.progress - progress).abs() < 1e-9,
                    "seed {seed} cell {cell}: {score:?} against {progress}"
                );
                compared += 1;
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn the_look_ahead_is_not_always_the_safest_cell_and_then_survives_two_moves_more_often() {
        let (mut guesses, mut not_the_safest) = (0, 0);
        for seed in 0..400 {
            let position = Position::random(seed, 12);
            let all = layouts(&position);
            let closed: Vec<usize> = (0..position.board.cells()).filter(|&c| !position.open[c]).collect();
            let mines_in = |c: usize| all.iter().filter(|m| m[c]).count();
            let solver = position.solver();
            let odds = mine_odds(&solver);
            if all.is_empty() || closed.iter().any(|&c| mines_in(c) == 0) || untellable_pair(&solver, &odds).is_some() {
                continue; // Not a guess, or a coin toss.
            }
            // The look-ahead alone: these positions are small enough for the exact endgame, whose
            // guess may survive two moves less often and still win more (`exhaustive.rs`).
            let Some(cell) = look_ahead(&solver, &odds, &closed, odds.ln_layouts.unwrap()) else { continue };
            guesses += 1;
            let safest = closed.iter().map(|&c| mines_in(c)).min().unwrap();
            if mines_in(cell) > safest {
                // It survives two moves more often than the safest cell it was weighed against,
                // unless that one is dead (then waiting is better, see the next test).
                let first = candidates(&solver, &odds, &closed)[0];
                assert_eq!(mines_in(first), safest);
                if dead(&position, &all, first) {
                    continue;
                }
                // (Or as often, and then it proves another cell more often.)
                let (chosen, chosen_progress) = two_moves(&position, &all, cell);
                let (survive, progress) = two_moves(&position, &all, first);
                let tie = (chosen - survive).abs() < 1e-9;
                assert!(
                    chosen > survive || (tie && chosen_progress > progress),
                    "seed {seed}: {chosen} against the safest cell's {survive}"
                );
                not_the_safest += 1;
            }
        }
        assert!(guesses > 50, "{guesses}");
        assert!(not_the_safest > 0, "no position where the safest cell is not the guess");
    }
}
