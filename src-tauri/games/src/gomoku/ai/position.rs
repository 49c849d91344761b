//! The computer's board: the same stones as the game's, kept in the form the search reads fast.
//!
//! Each of the lines of the board (on 15x15 its 15 rows, 15 columns and 29 diagonals each way,
//! short ones included; on 20x20 118 lines) is a pair of bit masks, one per colour, so the window of cells around a point along
//! a line is two shifts, and a point's shape is a table lookup ([`super::shape`]).
//!
//! The search wants every candidate's threats at every node, but a stone only changes the
//! shapes of the empty points within five steps of it along its four lines. So the position
//! keeps each empty point's shapes and threats for both colours and refreshes just those forty
//! points on each move and unmove. A point's cache is left alone while a stone sits on it: by
//! the time that stone is taken back (moves are undone in reverse order) the lines around it
//! are as they were when it was played, and so is its cache.
//!
//! It also counts the stones near each point (candidate moves are near stones) and keeps a
//! Zobrist hash for the transposition table.

use super::super::board::{BoardSize, Colour, Point, MAX_SIZE, POINTS};
use super::super::rules::Rule;
use super::super::Gomoku;
use super::legality::{forbidden_for, Forbidden};
use super::patterns::Patterns;
use super::shape::{tables, Shape, ShapeTable};
use super::threat::Threat;

/// Lines on the largest board: 20 rows, 20 columns, 39 diagonals each way (15x15 has 88).
const LINES: usize = 6 * MAX_SIZE - 2;
/// Line masks keep five empty bits below a line's first point, so a window never shifts right
/// by a negative amount; bit `pos + PAD` is the point at `pos` along the line (a 20-point line
/// and its pads fit in a `u32`).
const PAD: u32 = 5;
/// How far (in king steps) a point may be from a stone to be worth trying.
const NEAR: i64 = 2;
/// Words of the candidates' bit set: one bit per index of [`POINTS`].
const CANDIDATE_WORDS: usize = POINTS.div_ceil(64);

/// Which line each point lies on in each direction, and where on it; and the other way round.
/// One per board size: the indices are the same on both ([`Point::index`]), the lines not.
struct Geometry {
    size: BoardSize,
    line: [[u8; POINTS]; 4],
    pos: [[u8; POINTS]; 4],
    /// Per line, the bits outside it: the edge of the board blocks like a stone.
    walls: [u32; LINES],
    /// Per line, its points in order, and how many there are.
    points: [[u16; MAX_SIZE]; LINES],
    len: [u8; LINES],
    /// The board's points, as indices in order.
    on_board: [u16; POINTS],
}

static FIFTEEN: Geometry = geometry(BoardSize::Fifteen);
static TWENTY: Geometry = geometry(BoardSize::Twenty);

fn geometry_of(size: BoardSize) -> &'static Geometry {
    match size {
        BoardSize::Fifteen => &FIFTEEN,
        BoardSize::Twenty => &TWENTY,
    }
}

const fn geometry(size: BoardSize) -> Geometry {
    let mut g = Geometry {
        size,
        line: [[0; POINTS]; 4],
        pos: [[0; POINTS]; 4],
        walls: [!0; LINES],
        points: [[0; MAX_SIZE]; LINES],
        len: [0; LINES],
        on_board: [0; POINTS],
    };
    let side = size.side();
    let n = side as i32;
    let mut i = 0;
    while i < side * side {
        let (x, y) = ((i % side) as i32, (i / side) as i32);
        let index = y as usize * MAX_SIZE + x as usize;
        g.on_board[i] = index as u16;
        // (line, position along it, line length) for (1,0), (0,1), (1,1) and (1,-1), the
        // position growing along the direction as in `board::DIRECTIONS`.
        let lines = [
            (y, x, n),
            (n + x, y, n),
            (2 * n + (x - y + n - 1), min(x, y), n - abs(x - y)),
            (4 * n - 1 + (x + y), x - max(0, x + y - (n - 1)), n - abs(x + y - (n - 1))),
        ];
        let mut d = 0;
        while d < 4 {
            let (line, pos, len) = lines[d];
            g.line[d][index] = line as u8;
            g.pos[d][index] = pos as u8;
            g.walls[line as usize] = !(((1u32 << len) - 1) << PAD);
            g.points[line as usize][pos as usize] = index as u16;
            g.len[line as usize] = len as u8;
            d += 1;
        }
        i += 1;
    }
    g
}

const fn min(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}

const fn max(a: i32, b: i32) -> i32 {
    if a > b {
        a
    } else {
        b
    }
}

const fn abs(a: i32) -> i32 {
    if a < 0 {
        -a
    } else {
        a
    }
}

/// Random keys for the hash of each colour on each point, plus one for "white to move" (so a
/// passed turn, used by the threat searches, hashes differently). Fixed: a portable generator
/// seeded with a constant, so hashes are the same on every run.
struct Zobrist {
    stones: [[u64; POINTS]; 2],
    white_to_move: u64,
}

static ZOBRIST: Zobrist = zobrist();

const fn zobrist() -> Zobrist {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut keys = Zobrist { stones: [[0; POINTS]; 2], white_to_move: 0 };
    let mut i = 0;
    while i < 2 * POINTS + 1 {
        // SplitMix64.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        if i < 2 * POINTS {
            keys.stones[i / POINTS][i % POINTS] = z;
        } else {
            keys.white_to_move = z;
        }
        i += 1;
    }
    keys
}

/// A position under search. Points are row-major indices (`Point::index`).
#[derive(Clone)]
pub struct Position {
    cells: [Option<Colour>; POINTS],
    /// Per line, the stones of each colour.
    lines: [[u32; 2]; LINES],
    /// Per point, the stones within [`NEAR`] king steps.
    near: [u8; POINTS],
    /// Per empty point and colour, the shapes in the four directions (one byte each, in a
    /// `u32`: see `set_shapes`) and what they add up to.
    shapes: [[u32; 2]; POINTS],
    threats: [[Threat; 2]; POINTS],
    /// Empty points near a stone (the candidates), one bit each, kept with `near`.
    candidates: [u64; CANDIDATE_WORDS],
    /// What each move overwrote in the cache, so that unmake restores it instead of
    /// recomputing it: (point, its shapes, its threats), and where each move's entries start.
    saved: Vec<Saved>,
    frames: Vec<Frame>,
    /// Per colour, the sums over the candidate points of what a stone there would make: the
    /// search's leaves read these instead of scanning the candidates.
    totals: [Totals; 2],
    hash: u64,
    stones: usize,
    to_move: Colour,
    rule: Rule,
    /// The rule's forbidden points for black, if it has any (Renju).
    forbidden: Option<Forbidden>,
    /// The shape table for each colour's stones (a rule may treat the colours differently).
    tables: [&'static ShapeTable; 2],
    geometry: &'static Geometry,
    /// A learned pattern table whose values the position keeps too, if the search uses one.
    patterns: Option<Patterns>,
    /// With a learned pattern table ([`super::patterns`]), per colour the sums over the
    /// candidate points of their values to the side as the side to move ("own") and as the
    /// other side ("against"); and each move's sums before it, to put back. Kept apart from the
    /// totals so that a search without a table copies no more on each move than before.
    pattern_sums: [[i32; 2]; 2],
    pattern_frames: Vec<[[i32; 2]; 2]>,
}

/// What a move changes wholesale, kept to be put back by unmake.
#[derive(Clone, Copy)]
struct Frame {
    saved: u32,
    candidates: [u64; CANDIDATE_WORDS],
    totals: [Totals; 2],
}

/// One side's threats summed over the candidate points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// The sum of the points' scores.
    pub score: i32,
    /// Points where the side would make five.
    pub fives: i32,
    /// Points where it would make an open four or a double four.
    pub unstoppable: i32,
    /// Points where it would make a four (or more).
    pub fours: i32,
}

/// One empty point's cache as it was before a move changed it.
#[derive(Clone, Copy)]
struct Saved {
    point: u16,
    shapes: [u32; 2],
    threats: [Threat; 2],
}

impl Position {
    pub fn of(game: &Gomoku) -> Position {
        Position::with_patterns(game, None)
    }

    /// The position of `game`, its totals keeping the values of a learned pattern table too.
    pub fn with_patterns(game: &Gomoku, patterns: Option<Patterns>) -> Position {
        let rule = game.rule();
        let mut pos = Position {
            cells: [None; POINTS],
            lines: [[0; 2]; LINES],
            near: [0; POINTS],
            shapes: [[0; 2]; POINTS],
            threats: [[Threat::default(); 2]; POINTS],
            candidates: [0; CANDIDATE_WORDS],
            saved: Vec::with_capacity(64 * 40),
            frames: Vec::with_capacity(POINTS),
            totals: [Totals::default(); 2],
            hash: 0,
            stones: 0,
            to_move: Colour::Black,
            rule,
            forbidden: forbidden_for(rule),
            tables: tables(rule),
            geometry: geometry_of(game.board().size()),
            patterns,
            pattern_sums: [[0; 2]; 2],
            pattern_frames: Vec::new(),
        };
        for p in pos.points() {
            for d in 0..4 {
                let shapes = [Colour::Black, Colour::White].map(|c| pos.shape(p, c, d));
                pos.set_shapes(p, d, shapes);
            }
        }
        for &p in game.moves() {
            pos.make(p.index());
        }
        pos
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn stones(&self) -> usize {
        self.stones
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn is_full(&self) -> bool {
        self.stones == self.geometry.size.count()
    }

    pub fn size(&self) -> BoardSize {
        self.geometry.size
    }

    /// The board's points as indices ([`Point::index`]), row by row.
    pub fn points(&self) -> impl Iterator<Item = usize> + 'static {
        let geometry = self.geometry;
        geometry.on_board[..geometry.size.count()].iter().map(|&p| usize::from(p))
    }

    pub fn get(&self, p: usize) -> Option<Colour> {
        self.cells[p]
    }

    /// Empty and near a stone: a move worth considering.
    #[inline]
    pub fn is_candidate(&self, p: usize) -> bool {
        self.cells[p].is_none() && self.near[p] > 0
    }

    /// Replaces the rule's filter of forbidden points (tests plug in their own).
    #[cfg(test)]
    pub fn set_forbidden(&mut self, forbidden: Option<Forbidden>) {
        self.forbidden = forbidden;
    }

    /// Whether the side to move may not play on the empty point `p`, whose threats for it are
    /// `mine`: only black, only under a rule with forbidden points, only where a ban can apply.
    #[inline]
    pub fn is_forbidden(&self, p: usize, mine: &Threat) -> bool {
        let Some(forbidden) = self.forbidden else {
            return false;
        };
        if self.to_move != Colour::Black {
            return false;
        }
        let suspicious =
            mine.fours >= 2 || mine.open_threes >= 2 || (0..4).any(|d| self.run_length(p, Colour::Black, d) >= 6);
        suspicious && forbidden(self, p)
    }

    /// Calls `f` with every candidate point, in index order.
    #[inline]
    pub fn for_each_candidate(&self, mut f: impl FnMut(usize)) {
        for (word, &bits) in self.candidates.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                f(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The run of `colour` stones a stone on `p` would join in direction `d`, `p` included.
    pub fn run_length(&self, p: usize, colour: Colour, d: usize) -> u32 {
        let line = self.geometry.line[d][p] as usize;
        let at = self.geometry.pos[d][p] as u32 + PAD;
        let own = self.lines[line][colour.index()] | 1 << at;
        let above = (!(own >> at)).trailing_zeros();
        let below = (!(own << (31 - at))).leading_zeros();
        above + below - 1
    }

    /// Plays the side to move's stone on the empty point `p`.
    #[inline]
    pub fn make(&mut self, p: usize) {
        debug_assert!(self.cells[p].is_none());
        let colour = self.to_move;
        self.frames.push(Frame { saved: self.saved.len() as u32, candidates: self.candidates, totals: self.totals });
        if self.patterns.is_some() {
            self.pattern_frames.push(self.pattern_sums);
        }
        if self.is_candidate(p) {
            self.account(p, -1);
        }
        self.cells[p] = Some(colour);
        self.toggle_lines(p, colour);
        self.add_near(p);
        self.hash ^= ZOBRIST.stones[colour.index()][p];
        self.stones += 1;
        self.refresh_around(p);
        self.pass();
    }

    /// Takes back the stone on `p`, which must be the last one played.
    #[inline]
    pub fn unmake(&mut self, p: usize) {
        self.pass();
        let colour = self.to_move;
        debug_assert_eq!(self.cells[p], Some(colour));
        self.cells[p] = None;
        self.toggle_lines(p, colour);
        self.remove_near(p);
        self.hash ^= ZOBRIST.stones[colour.index()][p];
        self.stones -= 1;
        self.restore_saved();
    }

    /// The threats summed over the candidate points, per colour (black, white).
    #[inline]
    pub fn totals(&self) -> [Totals; 2] {
        self.totals
    }

    /// Per colour, the learned pattern table's sums over the candidates, as the side to move
    /// and as the other side (zero without a table).
    #[inline]
    pub fn pattern_sums(&self) -> [[i32; 2]; 2] {
        self.pattern_sums
    }

    /// The learned pattern table the position keeps, if any.
    #[inline]
    pub fn patterns(&self) -> Option<&Patterns> {
        self.patterns.as_ref()
    }

    /// The empty point `p`'s four shapes for `colour`, one a byte, from the cache.
    #[inline]
    pub fn packed_shapes(&self, p: usize, colour: Colour) -> u32 {
        self.shapes[p][colour.index()]
    }

    /// Whether a rule forbids some points (then the candidates must be scanned one by one).
    pub fn has_forbidden_points(&self) -> bool {
        self.forbidden.is_some()
    }

    /// Adds (`sign` 1) or takes away (-1) the candidate `q`'s threats from the totals.
    #[inline]
    fn account(&mut self, q: usize, sign: i32) {
        for (total, threat) in self.totals.iter_mut().zip(self.threats[q]) {
            total.score += sign * threat.score;
            total.fives += sign * threat.five as i32;
            total.unstoppable += sign * threat.unstoppable as i32;
            total.fours += sign * threat.is_four() as i32;
        }
        if self.patterns.is_some() {
            self.account_patterns(q, sign);
        }
    }

    /// [`account`](Self::account)'s part for a learned pattern table: out of line, so that the
    /// search without one keeps `account` as small as it was.
    #[inline(never)]
    fn account_patterns(&mut self, q: usize, sign: i32) {
        let Some(patterns) = self.patterns else { return };
        for (sums, shapes) in self.pattern_sums.iter_mut().zip(self.shapes[q]) {
            let [own, against] = patterns.weights.point(shapes);
            sums[0] += sign * own;
            sums[1] += sign * against;
        }
    }

    /// Puts back the cache entries the last move overwrote, newest first, and its frame.
    fn restore_saved(&mut self) {
        let Some(frame) = self.frames.pop() else { return };
        if self.patterns.is_some() {
            self.pattern_sums = self.pattern_frames.pop().expect("a frame of pattern sums a move");
        }
        self.candidates = frame.candidates;
        self.totals = frame.totals;
        let start = frame.saved as usize;
        for s in self.saved.drain(start..).rev() {
            let q = s.point as usize;
            self.shapes[q] = s.shapes;
            self.threats[q] = s.threats;
        }
    }

    /// Gives the turn to the other side without a stone: the threat searches use it to ask
    /// "what if this side could move twice?". Passing twice restores the position.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
        self.hash ^= ZOBRIST.white_to_move;
    }

    /// The shape a `colour` stone on the empty point `p` makes in direction `d` (0..4, as in
    /// `board::DIRECTIONS`).
    #[inline]
    pub fn shape(&self, p: usize, colour: Colour, d: usize) -> Shape {
        let line = self.geometry.line[d][p] as usize;
        let shift = self.geometry.pos[d][p] as u32;
        let [own, other] = match colour {
            Colour::Black => self.lines[line],
            Colour::White => [self.lines[line][1], self.lines[line][0]],
        };
        let window = |bits: u32| (bits >> shift) & 0x7ff;
        let walls = self.geometry.walls[line];
        self.tables[colour.index()].lookup(window(own), window(other | walls), window(walls))
    }

    /// [`shape`](Self::shape) with a stone of the other colour's on the empty point `s` too (it
    /// counts only when `s` is on `p`'s line in direction `d`).
    pub fn shape_beside(&self, p: usize, colour: Colour, d: usize, s: usize) -> Shape {
        let line = self.geometry.line[d][p] as usize;
        let shift = self.geometry.pos[d][p] as u32;
        let [own, mut other] = match colour {
            Colour::Black => self.lines[line],
            Colour::White => [self.lines[line][1], self.lines[line][0]],
        };
        if self.geometry.line[d][s] as usize == line {
            other |= 1 << (self.geometry.pos[d][s] as u32 + PAD);
        }
        let window = |bits: u32| (bits >> shift) & 0x7ff;
        let walls = self.geometry.walls[line];
        self.tables[colour.index()].lookup(window(own), window(other | walls), window(walls))
    }

    /// Whether `s` is in the window of `p` in direction `d`: on its line, at most five away.
    pub fn in_window(&self, p: usize, d: usize, s: usize) -> bool {
        self.geometry.line[d][s] == self.geometry.line[d][p]
            && self.geometry.pos[d][s].abs_diff(self.geometry.pos[d][p]) <= PAD as u8
    }

    /// Whether a stone can stop a five other than on its point (Caro: from beyond its end).
    pub fn rule_spoils_fives(&self) -> bool {
        self.rule == Rule::Caro
    }

    /// What a `colour` stone on the empty point `p` would make, from the cache.
    #[inline]
    pub fn threat(&self, p: usize, colour: Colour) -> Threat {
        self.threats[p][colour.index()]
    }

    /// Refreshes the cache of the empty points whose windows contain `p`, saving what it
    /// overwrites for `unmake`.
    fn refresh_around(&mut self, p: usize) {
        for d in 0..4 {
            let line = self.geometry.line[d][p] as usize;
            let at = self.geometry.pos[d][p] as usize;
            let [black, white] = self.lines[line];
            let walls = self.geometry.walls[line];
            let end = (at + PAD as usize).min(self.geometry.len[line] as usize - 1);
            for i in at.saturating_sub(PAD as usize)..=end {
                if i == at || (black | white) >> (i as u32 + PAD) & 1 == 1 {
                    continue;
                }
                // As in `shape`, with the line's masks read once for the whole stretch.
                let window = |bits: u32| (bits >> i) & 0x7ff;
                let shapes = [
                    self.tables[0].lookup(window(black), window(white | walls), window(walls)),
                    self.tables[1].lookup(window(white), window(black | walls), window(walls)),
                ];
                let q = self.geometry.points[line][i] as usize;
                let byte = 8 * d as u32;
                let old = [self.shapes[q][0] >> byte & 0xff, self.shapes[q][1] >> byte & 0xff];
                if old == [shapes[0] as u32, shapes[1] as u32] {
                    continue;
                }
                self.saved.push(Saved { point: q as u16, shapes: self.shapes[q], threats: self.threats[q] });
                let candidate = self.is_candidate(q);
                if candidate {
                    self.account(q, -1);
                }
                self.set_shapes(q, d, shapes);
                if candidate {
                    self.account(q, 1);
                }
            }
        }
    }

    /// Sets the empty point `q`'s shapes in direction `d` for black and white, and its threats.
    fn set_shapes(&mut self, q: usize, d: usize, shapes: [Shape; 2]) {
        for (colour, shape) in shapes.into_iter().enumerate() {
            // Shifts and masks rather than an array: storing one byte at a variable index and
            // reading all four back stalls the processor (store forwarding fails), and that
            // was half the time of every move in the search.
            let byte = 8 * d as u32;
            let all = self.shapes[q][colour] & !(0xff << byte) | (shape as u32) << byte;
            self.shapes[q][colour] = all;
            self.threats[q][colour] = Threat::of_packed(all);
        }
    }

    /// The empty points along the four lines through `p` (within reach of a window) where
    /// `colour` would make five: after a four on `p`, where it must be blocked.
    pub fn fives_near(&self, p: usize, colour: Colour, out: &mut Vec<usize>) {
        out.clear();
        let at = Point::from_index(p);
        for (d, dir) in super::super::board::DIRECTIONS.into_iter().enumerate() {
            for k in (-4..=4).filter(|&k| k != 0) {
                let Some(q) = self.geometry.size.step(at, dir, k).map(Point::index) else {
                    continue;
                };
                if self.cells[q].is_none() && self.shape(q, colour, d) == Shape::Five && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }

    fn toggle_lines(&mut self, p: usize, colour: Colour) {
        for d in 0..4 {
            let line = self.geometry.line[d][p] as usize;
            self.lines[line][colour.index()] ^= 1 << (self.geometry.pos[d][p] as u32 + PAD);
        }
    }

    /// After a stone on `p`: counts it near its neighbours, which may become candidates (their
    /// threats join the totals); `p` itself stops being one.
    fn add_near(&mut self, p: usize) {
        self.candidates[p / 64] &= !(1u64 << (p % 64));
        let at = Point::from_index(p);
        for dy in -NEAR..=NEAR {
            for dx in -NEAR..=NEAR {
                if let Some(q) = self.geometry.size.point(at.x as i64 + dx, at.y as i64 + dy) {
                    let q = q.index();
                    self.near[q] += 1;
                    if self.near[q] == 1 && self.cells[q].is_none() {
                        self.candidates[q / 64] |= 1u64 << (q % 64);
                        self.account(q, 1);
                    }
                }
            }
        }
    }

    /// Before taking the stone on `p` back: the counts only (unmake restores the candidates
    /// and totals from the move's frame).
    fn remove_near(&mut self, p: usize) {
        let at = Point::from_index(p);
        for dy in -NEAR..=NEAR {
            for dx in -NEAR..=NEAR {
                if let Some(q) = self.geometry.size.point(at.x as i64 + dx, at.y as i64 + dy) {
                    self.near[q.index()] -= 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::{Board, DIRECTIONS};
    use super::super::super::{caro, rules, Params};
    use super::*;
    use crate::game::Game;
    use proptest::prelude::*;

    fn game_of(moves: &[(u8, u8)], rule: Rule) -> Gomoku {
        game_sized(moves, rule, BoardSize::Fifteen)
    }

    fn game_sized(moves: &[(u8, u8)], rule: Rule, size: BoardSize) -> Gomoku {
        let mut game = Gomoku::new(&Params { rule, size, ..Params::default() }, 1).unwrap();
        for &(x, y) in moves {
            game.play(Point { x, y }.into()).unwrap();
        }
        game
    }

    #[test]
    fn every_line_has_the_right_walls_and_positions() {
        for size in BoardSize::ALL {
            let geometry = geometry_of(size);
            for p in size.points() {
                for (d, dir) in DIRECTIONS.into_iter().enumerate() {
                    let (line, pos) = (geometry.line[d][p.index()], geometry.pos[d][p.index()]);
                    let walls = geometry.walls[line as usize];
                    assert_eq!(usize::from(geometry.points[line as usize][pos as usize]), p.index());
                    // The next point along the direction is the next position on the same line.
                    match size.step(p, dir, 1) {
                        Some(q) => {
                            assert_eq!(geometry.line[d][q.index()], line);
                            assert_eq!(geometry.pos[d][q.index()], pos + 1);
                        }
                        None => assert_ne!(walls & 1 << (pos as u32 + PAD + 1), 0),
                    }
                    if size.step(p, dir, -1).is_none() {
                        assert_eq!(pos, 0);
                    }
                    assert_eq!(walls & 1 << (pos as u32 + PAD), 0);
                }
            }
            let lines = 6 * size.side() - 2;
            assert!((0..lines).all(|line| geometry.len[line] > 0), "{size:?} has {lines} lines");
            assert!(geometry.len[lines..].iter().all(|&len| len == 0));
        }
    }

    #[test]
    fn unmake_restores_the_position() {
        let game = game_of(&[(7, 7), (8, 8), (6, 7), (0, 0)], Rule::Freestyle);
        let mut pos = Position::of(&game);
        let before = pos.clone();
        for p in [100, 3, 224] {
            pos.make(p);
        }
        for p in [224, 3, 100] {
            pos.unmake(p);
        }
        assert_eq!(pos.hash(), before.hash());
        assert_eq!(pos.cells, before.cells);
        assert_eq!(pos.lines, before.lines);
        assert_eq!(pos.near, before.near);
        assert_eq!(pos.to_move(), before.to_move());
        pos.pass();
        assert_ne!(pos.hash(), before.hash());
        pos.pass();
        assert_eq!(pos.hash(), before.hash());
    }

    /// Every empty point's cached threats, as a fresh position would have them, and the
    /// totals as the sum over the candidates.
    fn assert_cache_fresh(pos: &Position) {
        let mut totals = [Totals::default(); 2];
        pos.for_each_candidate(|p| {
            for (c, total) in totals.iter_mut().enumerate() {
                let t = pos.threats[p][c];
                total.score += t.score;
                total.fives += t.five as i32;
                total.unstoppable += t.unstoppable as i32;
                total.fours += t.is_four() as i32;
            }
        });
        assert_eq!(totals, pos.totals());
        for p in 0..POINTS {
            assert_eq!(pos.candidates[p / 64] >> (p % 64) & 1 == 1, pos.is_candidate(p), "{p}");
            let on_board = pos.size().contains(Point::from_index(p));
            assert!(on_board || (pos.near[p] == 0 && pos.cells[p].is_none()), "{p} is off the board");
        }
        for p in pos.points().filter(|&p| pos.get(p).is_none()) {
            for colour in [Colour::Black, Colour::White] {
                let shapes = [0, 1, 2, 3].map(|d| pos.shape(p, colour, d));
                assert_eq!(pos.threat(p, colour), Threat::of(shapes), "{:?} {colour:?}", Point::from_index(p));
            }
        }
    }

    #[test]
    fn the_threat_cache_follows_moves_and_unmoves() {
        for size in BoardSize::ALL {
            the_threat_cache_follows_moves_and_unmoves_on(size);
        }
    }

    fn the_threat_cache_follows_moves_and_unmoves_on(size: BoardSize) {
        let last = size.side() as u8 - 1;
        let game = game_sized(&[(7, 7), (8, 8), (6, 7), (0, 0), (5, 7), (last, last)], Rule::Freestyle, size);
        let mut pos = Position::of(&game);
        assert_cache_fresh(&pos);
        let at = |x: u8, y: u8| Point { x, y }.index();
        let moves = [at(7, 4), at(7, 8), at(9, 7), at(6, 6), at(last - 1, last), at(last, last - 2), at(1, 0)];
        for (n, &p) in moves.iter().enumerate() {
            pos.make(p);
            assert_cache_fresh(&pos);
            if n == 3 {
                pos.unmake(p);
                assert_cache_fresh(&pos);
                pos.make(p);
            }
        }
        for &p in moves.iter().rev() {
            pos.unmake(p);
            assert_cache_fresh(&pos);
        }
    }

    /// `board` with a `colour` stone on `p`: if it is the other side's turn, that side first
    /// plays a filler stone in a corner, more than five steps from `p` in both directions, so
    /// it lies on no line through `p`.
    fn with_stone(board: &Board, p: Point, colour: Colour) -> Board {
        let mut board = board.clone();
        if board.side_to_move() != colour {
            let filler = board
                .points()
                .find(|q| {
                    board.get(*q).is_none()
                        && (q.x as i64 - p.x as i64).abs() > 5
                        && (q.y as i64 - p.y as i64).abs() > 5
                })
                .expect("an empty far corner");
            board.place(filler);
        }
        board.place(p);
        board
    }

    /// Whether the run through the stone on `p` along `dir` wins under `rule` (Caro looks at
    /// the ends, the other rules at the length).
    fn run_wins(board: &Board, p: Point, dir: (i8, i8), rule: Rule) -> bool {
        let run = rules::run_through(board, p, dir);
        match rule {
            Rule::Caro => caro::run_wins(board, &run, dir, board.get(p).expect("a stone on p")),
            _ => rule.wins(run.len()),
        }
    }

    /// Points along `dir` within four of `p` that complete a winning run through `p`.
    fn completions(board: &Board, p: Point, dir: (i8, i8), rule: Rule) -> usize {
        let colour = board.get(p).expect("a stone on p");
        (-4..=4)
            .filter_map(|k| board.step(p, dir, k))
            .filter(|q| board.get(*q).is_none())
            .filter(|&q| run_wins(&with_stone(board, q, colour), p, dir, rule))
            .count()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        /// The table's "five" agrees with the referee's win check on every point near the
        /// stones, and its fours with the number of points that would then complete a five.
        #[test]
        fn shapes_agree_with_the_rules(
            cells in proptest::collection::vec((0u8..7, 0u8..7), 0..50),
            rule in proptest::sample::select(vec![Rule::Freestyle, Rule::ExactFive, Rule::Caro]),
            offset in (0u8..14, 0u8..14),
            size in proptest::sample::select(BoardSize::ALL.to_vec()),
        ) {
            let mut game = game_sized(&[], rule, size);
            let offset = (offset.0.min(size.side() as u8 - 7), offset.1.min(size.side() as u8 - 7));
            for (x, y) in cells {
                let mut next = game.clone();
                if next.play(Point { x: x + offset.0, y: y + offset.1 }.into()).is_ok() && next.winner().is_none() {
                    game = next;
                }
            }
            let pos = Position::of(&game);
            for p in size.points().filter(|p| pos.is_candidate(p.index())) {
                for colour in [Colour::Black, Colour::White] {
                    let board = with_stone(game.board(), p, colour);
                    for (d, dir) in DIRECTIONS.into_iter().enumerate() {
                        let shape = pos.shape(p.index(), colour, d);
                        let wins = run_wins(&board, p, dir, rule);
                        prop_assert_eq!(shape == Shape::Five, wins, "{:?} {:?} d{}", p, colour, d);
                        if shape != Shape::Five {
                            // Under Caro two completions may still be one stone's work to stop
                            // (the shape tests show it): a four there is open or not.
                            let want = match completions(&board, p, dir, rule) {
                                0 => None,
                                1 => Some(Shape::Four),
                                _ if rule == Rule::Caro && shape == Shape::Four => Some(Shape::Four),
                                _ => Some(Shape::OpenFour),
                            };
                            let got = matches!(shape, Shape::Four | Shape::OpenFour).then_some(shape);
                            prop_assert_eq!(got, want, "{:?} {:?} d{}", p, colour, d);
                        }
                    }
                }
            }
        }
    }
}
