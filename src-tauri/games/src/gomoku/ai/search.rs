//! The main search: iterative deepening with aspiration windows, alpha-beta (principal
//! variation search) over a few candidate moves, a transposition table, killer and history
//! move ordering, and a time, node and cancel check.
//!
//! Threats prune the tree the way a player thinks: with a five to make, make it; with the
//! opponent's four on the board, block it (for free: forced replies cost no depth); with an open
//! four to make, the game is won; with the opponent threatening an open four, only blocks and
//! counter-fours are tried, and this goes on past the nominal depth so the search does not stop
//! blind in the middle of a fight. Otherwise the best few candidates by the threat evaluation
//! are searched: the transposition table's move first, then the two killers of the ply (quiet
//! moves that cut off a sibling), then the rest by threat value plus history (how often and how
//! deep a move cut off anywhere).

use super::super::board::POINTS;
use super::budget::Pace;
use super::defence;
use super::eval::{self, Candidate, Scan, WIN, WIN_FLOOR};
use super::patterns;
use super::position::Position;
use super::tt::{Bound, Table, NO_MOVE};
use super::{SearchLimits, Style};
use std::sync::atomic::{AtomicBool, Ordering};

/// Above any score: the initial window.
const INFINITY: i32 = WIN + 1;
/// A stop is checked every this many nodes (a node takes a microsecond or two).
const CHECK_EVERY: u64 = 256;
/// No line goes deeper than this many moves from the root (forced replies extend lines).
const MAX_PLY: usize = 96;
/// Moves from this one on (in search order) may be reduced.
const LATE: usize = 3;
/// The first aspiration window around the previous iteration's score, widened on each failure.
const ASPIRATION: i32 = 200;

/// The outcome of a search: its best move and what it knew about it.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub best: usize,
    pub score: i32,
    /// The deepest iteration that finished (or that proved its first moves before time ran out).
    pub depth: u8,
}

pub struct Searcher<'a> {
    pos: Position,
    style: &'a Style,
    limits: &'a SearchLimits,
    cancel: &'a AtomicBool,
    /// The call's clock and time limits, and how the iterations scale its target.
    pace: &'a mut Pace,
    /// The caller's table: fresh for one search, or kept from move to move (see [`super::Memory`]).
    table: &'a mut Table,
    /// Candidate lists, one per ply, reused so the search does not allocate.
    lists: Vec<Vec<Candidate>>,
    /// Per ply, two quiet moves that cut off (or `NO_MOVE`).
    killers: Vec<[u16; 2]>,
    /// Per colour and point, the sum of depth² of the cut-offs it caused.
    history: Box<[[u32; POINTS]; 2]>,
    /// The largest history value of each colour, to scale them.
    history_max: [u32; 2],
    pub nodes: u64,
    stopped: bool,
    /// Root moves proven lost (by point), for telling a forced move.
    lost: Box<[bool; POINTS]>,
}

impl<'a> Searcher<'a> {
    pub fn new(
        pos: Position,
        style: &'a Style,
        limits: &'a SearchLimits,
        cancel: &'a AtomicBool,
        pace: &'a mut Pace,
        table: &'a mut Table,
    ) -> Searcher<'a> {
        Searcher {
            pos,
            style,
            limits,
            cancel,
            pace,
            table,
            lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            history: Box::new([[0; POINTS]; 2]),
            history_max: [1; 2],
            nodes: 0,
            stopped: false,
            lost: Box::new([false; POINTS]),
        }
    }

    /// Searches `moves` (the root's candidates, best guess first, at least one) deeper and
    /// deeper until the depth limit, a proven result, a forced move, the time the pace allows,
    /// or a stop.
    pub fn iterate(&mut self, moves: &mut [Candidate]) -> Outcome {
        let mut outcome = Outcome { best: moves[0].point, score: 0, depth: 0 };
        self.pace.search_begins();
        for depth in 1..=self.limits.depth.max(1) {
            let (best, score, finished) = self.aspire(moves, depth as i32, outcome.score);
            if let Some(i) = best {
                // The next iteration starts with the best move so far.
                moves[..=i].rotate_right(1);
                outcome.best = moves[0].point;
                outcome.score = score;
                outcome.depth = depth;
            }
            if !finished || score.abs() >= WIN_FLOOR {
                break;
            }
            let forced = moves.iter().filter(|c| !self.lost[c.point]).count() <= 1;
            if !self.pace.another(outcome.best, outcome.score, forced) {
                break;
            }
        }
        outcome
    }

    /// One iteration in a window around `guess` (the last iteration's score), widened and
    /// searched again while the score falls outside it.
    fn aspire(&mut self, moves: &[Candidate], depth: i32, guess: i32) -> (Option<usize>, i32, bool) {
        if !self.style.ordering || depth <= 2 || guess.abs() >= WIN_FLOOR {
            return self.root(moves, depth, -INFINITY, INFINITY);
        }
        let mut margin = ASPIRATION;
        loop {
            let (alpha, beta) = (guess - margin, guess + margin);
            let (best, score, finished) = self.root(moves, depth, alpha, beta);
            if !finished || (alpha < score && score < beta) {
                return (best, score, finished);
            }
            if margin >= WIN {
                return (best, score, finished);
            }
            margin = margin.saturating_mul(4).min(WIN);
            if margin >= WIN / 4 {
                return self.root(moves, depth, -INFINITY, INFINITY);
            }
        }
    }

    /// One iteration at the root within (`alpha`, `beta`). Returns the index of the best move
    /// proven at this depth (the first move, or a later one that beat it), its score, and
    /// whether every move was searched. A score at or below `alpha` or at or above `beta` is
    /// only a bound, and the best move then means nothing (the caller searches again).
    fn root(&mut self, moves: &[Candidate], depth: i32, mut alpha: i32, beta: i32) -> (Option<usize>, i32, bool) {
        let floor = alpha;
        let mut best = None;
        let mut best_score = -INFINITY;
        self.pace.iteration_begins();
        for (i, c) in moves.iter().enumerate() {
            self.pos.make(c.point);
            let score = self.principal(i == 0, depth - 1, alpha, beta, 1);
            self.pos.unmake(c.point);
            if self.stopped {
                return (best, alpha, false);
            }
            // The search fails soft: a score this low, even outside the window, bounds the
            // move's value from above, so the move loses.
            self.lost[c.point] |= score <= -WIN_FLOOR;
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                best = Some(i);
                self.pace.move_proven();
                if alpha >= beta {
                    return (best, alpha, true);
                }
            }
        }
        if best.is_none() {
            // Every move failed low: the score is at most `floor`.
            return (None, best_score.min(floor), true);
        }
        (best, alpha, true)
    }

    /// The expected line from the root move `best` on, from the transposition table.
    pub fn principal_variation(&mut self, best: usize) -> Vec<usize> {
        let mut line = vec![best];
        self.pos.make(best);
        while line.len() < 32 {
            let Some(entry) = self.table.probe(self.pos.hash()) else { break };
            let p = entry.best as usize;
            if entry.best == NO_MOVE || p >= POINTS || self.pos.get(p).is_some() {
                break;
            }
            self.pos.make(p);
            line.push(p);
        }
        for &p in line.iter().rev() {
            self.pos.unmake(p);
        }
        line
    }

    /// A child's score from the parent's side: the first move with the full window, the others
    /// with a null window, searched again in full only if they might be better.
    fn principal(&mut self, first: bool, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if first {
            return -self.negamax(depth, -beta, -alpha, ply);
        }
        let score = -self.negamax(depth, -alpha - 1, -alpha, ply);
        if score > alpha && score < beta && !self.stopped {
            -self.negamax(depth, -beta, -alpha, ply)
        } else {
            score
        }
    }

    /// The score of the position for the side to move, `ply` moves below the root.
    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.should_stop() {
            return 0;
        }
        if self.pos.is_full() {
            return 0;
        }
        if let Some(score) = self.quick_verdict(depth, ply) {
            return score;
        }
        let original_alpha = alpha;
        let key = self.pos.hash();
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.probe(key) {
            hint = entry.best;
            let score = entry.score(ply);
            if entry.depth as i32 >= depth {
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        let scan = eval::scan(&self.pos, &mut list);
        let verdict = self.verdict(&scan, &list, depth, ply);
        if let Some(score) = verdict {
            self.lists[ply] = list;
            return score;
        }
        let forced = scan.their_five.is_some();
        let colour = self.pos.to_move().index();
        let mut best_score = -INFINITY;
        let mut best_move = NO_MOVE;
        if depth <= 0 && !forced && !scan.they_threaten {
            // A quiet leaf with fours to follow: the evaluation stands unless a four beats it.
            let stand = self.leaf(scan.eval());
            if stand >= beta {
                self.lists[ply] = list;
                return stand;
            }
            alpha = alpha.max(stand);
            best_score = stand;
            list.retain(|c| c.mine.is_four());
            list.sort_unstable_by_key(|c| (-c.priority(), c.point));
        } else if self.style.ordering {
            let learnt = History { values: &self.history[colour], max: self.history_max[colour] };
            select_ordered(&self.pos, &mut list, &scan, hint, self.killers[ply], learnt, self.style.width);
        } else {
            select(&self.pos, &mut list, &scan, hint, self.style.width);
        }
        // A forced block costs no depth, so four after four is followed to the end.
        let child_depth = if forced { depth } else { depth - 1 };
        let threatened = scan.they_threaten;
        for (i, c) in list.iter().enumerate() {
            self.pos.make(c.point);
            let score = if self.reduces(i, c, depth, forced || threatened) {
                // A late quiet move: a shallower look first, the full one only if it might
                // be better than the best so far.
                let reduced = -self.negamax(child_depth - 1, -alpha - 1, -alpha, ply + 1);
                if reduced > alpha && !self.stopped {
                    self.principal(false, child_depth, alpha, beta, ply + 1)
                } else {
                    reduced
                }
            } else {
                self.principal(i == 0, child_depth, alpha, beta, ply + 1)
            };
            self.pos.unmake(c.point);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = c.point as u16;
                alpha = alpha.max(score);
                if alpha >= beta {
                    self.note_cutoff(c, colour, depth, ply);
                    break;
                }
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(key, depth.clamp(-100, 100) as i8, best_score, bound, best_move, ply);
        best_score
    }

    /// The same verdict from the position's running totals, without a scan: most nodes are
    /// leaves, and this settles them. `None` when a scan is needed (a four to block, or a rule
    /// with forbidden points, whose candidates the scan filters).
    fn quick_verdict(&self, depth: i32, ply: usize) -> Option<i32> {
        if self.pos.has_forbidden_points() {
            return None;
        }
        let me = self.pos.to_move();
        let totals = self.pos.totals();
        let (mine, theirs) = (totals[me.index()], totals[me.other().index()]);
        let ply = ply as i32;
        if mine.fives > 0 {
            return Some(WIN - ply);
        }
        if theirs.fives >= 2 && !self.pos.rule_spoils_fives() {
            return Some(-(WIN - ply - 1));
        }
        if theirs.fives > 0 {
            return None;
        }
        if mine.unstoppable > 0 {
            return Some(WIN - ply - 2);
        }
        let quiet = theirs.unstoppable == 0;
        let too_deep = depth <= -self.style.quiescence || ply as usize >= MAX_PLY;
        if depth <= 0 && quiet && self.fours_to_follow(depth, ply as usize, mine.fours > 0) {
            return None;
        }
        (depth <= 0 && (quiet || too_deep)).then(|| self.leaf(eval::value(mine.score, theirs.score)))
    }

    /// A leaf's value: today's hand-made evaluation `hand`, plus the learned pattern table's
    /// part when the search uses one.
    #[inline]
    fn leaf(&self, hand: i32) -> i32 {
        hand + patterns::value(&self.pos).unwrap_or(0)
    }

    /// At a quiet leaf: whether to follow the side to move's fours further (each is answered
    /// by a forced block, so such lines are narrow), instead of trusting the evaluation.
    fn fours_to_follow(&self, depth: i32, ply: usize, has_fours: bool) -> bool {
        has_fours && depth > -self.style.four_quiescence && ply < MAX_PLY
    }

    /// The score without searching, when the scan settles it or the search has gone deep enough.
    fn verdict(&self, scan: &Scan, list: &[Candidate], depth: i32, ply: usize) -> Option<i32> {
        let ply = ply as i32;
        if scan.my_five.is_some() {
            return Some(WIN - ply);
        }
        if let Some(five) = scan.their_five.filter(|_| scan.their_fives >= 2) {
            // Two fives cannot both be blocked on their points (under Caro one stone beyond
            // an end may stop both).
            if !self.pos.rule_spoils_fives() || defence::five_stop(&self.pos, list, five).is_none() {
                return Some(-(WIN - ply - 1));
            }
        }
        if scan.their_five.is_some() {
            // Forced: search the block, unless the line is already absurdly deep.
            return (ply as usize >= MAX_PLY).then(|| self.leaf(scan.eval()));
        }
        if scan.my_unstoppable.is_some() {
            // An open four now, five next move; the opponent has no four to interfere.
            return Some(WIN - ply - 2);
        }
        let quiet = !scan.they_threaten;
        let too_deep = depth <= -self.style.quiescence || ply as usize >= MAX_PLY;
        if depth <= 0 && quiet && self.fours_to_follow(depth, ply as usize, scan.my_fours > 0) {
            return None;
        }
        (depth <= 0 && (quiet || too_deep)).then(|| self.leaf(scan.eval()))
    }

    /// Whether the `i`-th move `c` is searched one move shallower first (late move reduction):
    /// only late, quiet moves (no four, no open three, not a block of one) in a quiet position
    /// with depth to spare.
    fn reduces(&self, i: usize, c: &Candidate, depth: i32, tactical: bool) -> bool {
        let quiet = !c.mine.is_four() && c.mine.open_threes == 0 && !c.theirs.is_four() && c.theirs.open_threes == 0;
        self.style.late_reduction && !tactical && depth >= 3 && i >= LATE && quiet
    }

    /// Remembers a move that cut off: as a killer of its ply if it is quiet (threats are
    /// ordered first anyway), and in the history of its colour.
    fn note_cutoff(&mut self, c: &Candidate, colour: usize, depth: i32, ply: usize) {
        if !self.style.ordering {
            return;
        }
        let point = c.point as u16;
        let killers = &mut self.killers[ply];
        if !c.mine.is_four() && killers[0] != point {
            killers[1] = killers[0];
            killers[0] = point;
        }
        let bonus = (depth.max(1) * depth.max(1)) as u32;
        let slot = &mut self.history[colour][c.point];
        *slot = slot.saturating_add(bonus);
        self.history_max[colour] = self.history_max[colour].max(*slot);
    }

    fn should_stop(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|max| self.nodes > max) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.stopped = self.pace.must_stop() || self.cancel.load(Ordering::Relaxed);
        }
        self.stopped
    }
}

/// The table's size: the level's, or less when a node limit means it cannot fill up.
pub fn table_bits(style: &Style, limits: &SearchLimits) -> u32 {
    let needed = limits.nodes.map_or(u32::MAX, |n| 64 - n.max(1).leading_zeros() + 1);
    style.table_bits.min(needed).max(4)
}

/// How much a move's history may add to its threat value: enough to reorder quiet moves
/// (twos and threes are worth tens), not to put one before a four or an open three.
const HISTORY_CAP: i32 = 24;
/// Killer moves go before any quiet move but after the threats.
const KILLER_BONUS: i32 = 40;

/// One colour's history values and their maximum (at least 1).
#[derive(Clone, Copy)]
struct History<'h> {
    values: &'h [u32; POINTS],
    max: u32,
}

/// As [`select`], with the ply's killers and the history table to break ties among quiet moves
/// (and a learned pattern table's prior, when the search orders by one).
fn select_ordered(
    pos: &Position,
    list: &mut Vec<Candidate>,
    scan: &Scan,
    hint: u16,
    killers: [u16; 2],
    history: History,
    width: usize,
) {
    let key = |c: &Candidate| {
        let killer = if killers.contains(&(c.point as u16)) { KILLER_BONUS } else { 0 };
        let learnt = (history.values[c.point] as u64 * HISTORY_CAP as u64 / history.max as u64) as i32;
        c.priority() + killer + learnt
    };
    match pos.patterns().filter(|p| p.ordering) {
        Some(table) => select_by(pos, list, scan, hint, width, |c: &Candidate| {
            (-(key(c) + patterns::prior(pos, table, c.point)), c.point)
        }),
        None => select_by(pos, list, scan, hint, width, |c: &Candidate| (-key(c), c.point)),
    }
}

/// Orders the candidates in place and keeps the ones worth searching: the moves that stop a
/// four (its five point; under Caro also a point beyond its end, [`defence`]), the answers to a
/// threatened open four, or the `width` most promising moves (by today's priority, plus a
/// learned pattern table's prior when the search orders by one: [`patterns::prior`]). The
/// transposition table's move goes first.
pub fn select(pos: &Position, list: &mut Vec<Candidate>, scan: &Scan, hint: u16, width: usize) {
    match pos.patterns().filter(|p| p.ordering) {
        Some(table) => select_by(pos, list, scan, hint, width, |c: &Candidate| {
            (-(c.priority() + patterns::prior(pos, table, c.point)), c.point)
        }),
        None => select_by(pos, list, scan, hint, width, |c: &Candidate| (-c.priority(), c.point)),
    }
}

/// [`select`] with the order `key` gives (smallest first).
fn select_by(
    pos: &Position,
    list: &mut Vec<Candidate>,
    scan: &Scan,
    hint: u16,
    width: usize,
    key: impl Fn(&Candidate) -> (i32, usize),
) {
    if let Some(block) = scan.their_five {
        defence::keep_five_stops(pos, list, block);
        list.sort_unstable_by_key(|c| (c.point != block, key(c)));
        return;
    }
    if scan.they_threaten {
        defence::keep_threat_answers(pos, list);
    }
    let first = match list.iter().position(|c| c.point as u16 == hint) {
        Some(i) => {
            list.swap(0, i);
            1
        }
        None => 0,
    };
    let rest = &mut list[first..];
    let keep = if scan.they_threaten { rest.len() } else { width.saturating_sub(first).min(rest.len()) };
    // Only the kept moves need sorting: pick them out first (most nodes are cut after a few).
    if 0 < keep && keep < rest.len() {
        rest.select_nth_unstable_by_key(keep - 1, &key);
    }
    rest[..keep].sort_unstable_by_key(&key);
    list.truncate(first + keep);
}
