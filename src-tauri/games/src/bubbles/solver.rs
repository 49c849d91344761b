//! The solver: the best line of pops it can find from a position, within a budget.
//!
//! # What it searches
//!
//! Beam search over positions, run again and again with a wider beam until the budget is spent.
//! A position is a whole [`Bubbles`] game, random generator included, and a child is what one pop
//! of one of its groups leads to through the real rules ([`Style::settle`]: falling, closing or
//! shifting, and the new columns of Continuous and MegaShift drawn from the game's own
//! generator). So the solver sees the future columns exactly when the game it is given holds
//! them: [`best_line`] gives it the whole deal (the game is over, nothing is left to spoil), while
//! the hint ([`super::hint()`]) hands it a copy whose generator is an independent one.
//!
//! Each step expands every position of the beam by every pop, scores the children with the
//! evaluation below, drops children that reach the same field (keeping the better score) and keeps
//! the best `width`. A child with no pop left is a finished line: the best finished line over all
//! runs is the answer. Runs widen 1, then up to 16 times wider each time, sized from what the last
//! run cost against what is left of the budget, so the last run takes most of the budget.
//!
//! [`solve`] (and so [`best_line`]) spends half its budget so, then improves the line it found: it
//! walks along the line and, from each position on it, runs the same widening search again over an
//! equal share of what is left, keeping any better ending (the walk then goes on along the new
//! line). A beam from the start keeps few of the lines through a late position; a search rooted
//! there looks at many more, and the line can only get better. On Standard deals this raised the
//! mean of a 2 s search by about 4% (942 to 982 over 8 deals, with the earlier weights 4,2). The
//! hint needs only a first move, so it spends its whole budget on the first phase.
//!
//! What it reaches (the lab's `bubbles_strength` bench and `bubbles_versus` example, budgets in
//! positions at 1000 a millisecond): see docs/ENGINES.md, "Bubble Breaker's solver". In
//! short, over 80 Standard deals a 2 s search averages 975 against 272 for always popping the
//! largest group (and 972 for following a hint of 200 ms a move, which the app's hint no longer
//! spends: see [`super::HINT_BUDGET`]); over 15 MegaShift deals, where it knows
//! the columns to come, 22,816 against 447.
//!
//! # How it evaluates a position
//!
//! In the original's scoring, n(n-1): the score made, plus the group structure (Σ g(g-1) over the
//! groups on the field) and the colour potential (Σ n(n-1) over the balls left of each colour),
//! weighted: see [`super::analysis`]. The potential steers towards clearing the small colours
//! first and keeping one colour in one piece for a big last pop.
//!
//! In the classic scoring, (n-2)² with 1000 for a cleared field, by a playout: the child is played
//! to the end by a fixed greedy policy ([`playout`]: the smallest groups first, the colour with the
//! most balls kept for last, the tabu colour of the Monte-Carlo SameGame searches) and valued at
//! the score that reaches. A playout is a whole line, so the best one met is kept as the answer
//! if nothing better turns up (the memorised sequence of nested Monte-Carlo search), and its
//! positions count against the budget. The beam is then a beam over nested playouts of level one.
//! There a static value misjudges badly: a pair scores nothing but may join two big groups, and
//! what a kept colour will be worth depends on everything popped before it. Measured on 15x15
//! five-colour Standard deals (seeds 1000.., `bubbles_tune`):
//!
//! - the static evaluation tuned for the classic scoring (a kept colour, see
//!   [`super::analysis::Weights`]): 2350 a deal at 1,000,000 children (about 2 s), against 1526
//!   with the original's terms; 2526 at 10 s (8 deals), 2552 at 60 s (4 deals);
//! - playouts alone, the pop whose playout scores most at every move (no beam): 2200 in about
//!   80 ms (50 deals);
//! - the beam over playouts: 2521 at 20,000 playouts (12 deals, about 2 s), 2817 at 100,000
//!   (about 8 s); 2685 at 10 s (8 deals), 3210 at 60 s (4 deals), where the static beam has
//!   stopped gaining. Keeping the best playout's line added about 100 at 100,000 playouts.
//!
//! Over 100 other deals (seeds 1,000,000..; docs/lab-notes/bubbles.md, "The classic scoring on
//! the literature's field"): 2270 a deal at 1 s, 2633 at 10 s and 2897 at 60 s, against 223 for the
//! largest group first. In the lines looked at, a policy that only keeps one colour whole leaves
//! the other four in small pops and the field uncleared, which is where the published searches'
//! extra points are. So a settled Standard field in the classic scoring is now searched by
//! nested rollout policy adaptation instead ([`super::nrpa`], the published searches' method:
//! 2414 at 1 s, 2959 at 10 s, 3549 at 60 s on the same deals); the beam still serves the hint,
//! the other styles and the original's scoring.
//!
//! # How it stays within budget
//!
//! A [`Budget`] limits the wall time, the number of positions looked at (nodes: every child, and
//! every position of its playout in the classic scoring), or both; the cancel flag stops it as
//! well. The meter is read before every child. When it runs out in the middle of a run, the best
//! position of the current beam is played to the end greedily (best child by the static
//! evaluation each move, a few milliseconds at most), so every run, even the first, yields a
//! finished line and the time asked for is overrun only by that finish.

use super::analysis::{Group, Labels, Weights, SCORE_WEIGHT};
use super::group::group_at;
use super::style::Style;
use super::{Bubbles, Move, Params, Scoring};
use crate::{Applied, Game};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a search may run: a wall-clock time, a number of positions looked at, or both (the
/// first to run out stops it). Node budgets give the same answer on every machine; tests use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

impl Budget {
    pub fn time(time: Duration) -> Budget {
        Budget { time: Some(time), nodes: None }
    }

    pub fn millis(ms: u64) -> Budget {
        Budget::time(Duration::from_millis(ms))
    }

    pub fn nodes(nodes: u64) -> Budget {
        Budget { time: None, nodes: Some(nodes) }
    }
}

/// A line of play and the score it reaches: every move is a [`Move::Pop`], to apply in order to
/// the game the search started from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Solution {
    pub moves: Vec<Move>,
    /// The game's score at the end of the line (the score already made included).
    pub score: i64,
    /// How many positions the search looked at.
    pub nodes: u64,
}

/// The widest beam tried: where an unlimited budget stops.
const MAX_WIDTH: usize = 1 << 14;

/// The longest line followed. No real game comes near it (a Continuous game of hundreds of pops
/// is rare); it only bounds a search that an endless run of lucky columns could keep going.
const MAX_MOVES: usize = 5_000;

/// The best line the solver finds from `game` within `budget`, or until `cancel` is set.
///
/// It uses the game's own random generator, so in Continuous and MegaShift it knows which columns
/// will come in: use it on a finished deal ([`best_line`]) or on a copy that hides them, as the
/// hint does. A game already over gives an empty line at its score. A settled Standard field in
/// the classic scoring gets the nested rollout search ([`super::nrpa`]), every other the beam.
pub fn solve(game: &Bubbles, budget: Budget, cancel: &AtomicBool) -> Solution {
    let mut search = Search::new(Meter::new(budget, cancel), Weights::for_scoring(game.scoring));
    if !search.nested(game) {
        search.plan_and_improve(game);
    }
    search.solution(game)
}

/// The background search time the post-game best is meant to get ([`best_line`]).
pub const BEST_LINE_TIME: Duration = Duration::from_secs(2);

/// The best line found for the whole deal of `seed` in `params`' style, refills included, from
/// its first move: the post-game "best found for this deal" (about 2 s is the intended budget).
pub fn best_line(params: &Params, seed: u64, budget: Budget, cancel: &AtomicBool) -> Solution {
    solve(&Bubbles::dealt(params, seed), budget, cancel)
}

/// [`best_line`], also given the line the player played (their logged moves, from the deal's
/// start): the answer is never below the player's own score. Moves that do not replay (a refused
/// pop) end the played line there; a transient move is skipped.
///
/// The improving phase first works on the search's own line, over half of what is left, and only
/// then on the better of that and the player's line. When the player followed a hint of 200 ms a
/// move in Standard (its budget before [`super::HINT_BUDGET`]), their line already had a longer
/// search at every move than this has in all, and improving it mostly failed:
/// over the first 38 Standard deals of `bubbles_versus`, improving only the better line (as this
/// did before) beat the hint follower on 10 (28 ties), while the solver on its own beat it on 13.
/// Improving its own line first raised the wins over the first 20 of those deals from 5 to 6, a
/// small gain. In Continuous, where the hint did not know the columns to come, improving the
/// player's line pays, so it keeps the second half.
///
/// Where the nested rollout search is the one ([`super::nrpa`]), it has the whole budget and the
/// answer is the better of its line and the player's.
pub fn best_line_after(params: &Params, seed: u64, played: &[Move], budget: Budget, cancel: &AtomicBool) -> Solution {
    let root = Bubbles::dealt(params, seed);
    let mut search = Search::new(Meter::new(budget, cancel), Weights::for_scoring(root.scoring));
    if search.nested(&root) {
        search.offer_line(replayed(&root, played));
    } else if !root.status.is_over() {
        if let Some(line) = search.widen_within(&root, PLAN_SHARE) {
            search.offer_line(line);
        }
        search.improve_within(&root, OWN_LINE_SHARE);
        search.offer_line(replayed(&root, played));
        search.improve(&root);
    }
    search.solution(&root)
}

/// The share of what is left after the first phase that [`best_line_after`] spends improving its
/// own line before it turns to the better of that and the player's.
const OWN_LINE_SHARE: f64 = 0.5;

/// `played` from `root` as a line of pops by cell, up to the first move that does not replay.
fn replayed(root: &Bubbles, played: &[Move]) -> Line {
    let mut game = root.clone();
    let mut cells = Vec::new();
    for mv in played {
        let logged = game.logged_move(mv);
        match game.apply(mv) {
            Ok(Applied::Move) => {
                let Move::Pop { x, y } = logged else { break };
                let Ok(i) = root.cell_index(x, y) else { break };
                cells.push(i as u16);
            }
            Ok(Applied::Transient) => {}
            Err(_) => break,
        }
    }
    Line { cells, score: game.score }
}

/// [`solve`]'s beam search with chosen evaluation weights, for tuning them: never the nested
/// search, which has no evaluation.
#[doc(hidden)]
pub fn solve_with(game: &Bubbles, budget: Budget, cancel: &AtomicBool, weights: Weights) -> Solution {
    let mut search = Search::new(Meter::new(budget, cancel), weights);
    search.plan_and_improve(game);
    search.solution(game)
}

/// The first phase's share of [`solve`]'s budget; the rest goes to improving the line it found.
const PLAN_SHARE: f64 = 0.5;

/// The plan from `game`: widening beam searches over the whole budget, no improving phase. The
/// hint's search, which only needs the first move. It stays the beam in the classic scoring too:
/// at the hint's 5,000 positions a move the nested search has about 90 playouts, not one level-1
/// run, and following it (when it had half as many) scored 960 a deal against the beam's 1864
/// (the same 8 deals of 15x15, five colours).
pub(super) fn plan(game: &Bubbles, budget: Budget, cancel: &AtomicBool) -> Solution {
    let mut search = Search::new(Meter::new(budget, cancel), Weights::for_scoring(game.scoring));
    if !game.status.is_over() {
        search.widen(game);
    }
    search.solution(game)
}

/// The pop that names cell `i` of a field `width` wide.
fn pop_move(i: usize, width: usize) -> Move {
    Move::Pop { x: (i % width) as i64, y: (i / width) as i64 }
}

/// The children looked at, against the budget.
pub(super) struct Meter<'a> {
    deadline: Option<Instant>,
    nodes: Option<u64>,
    used: u64,
    cancel: &'a AtomicBool,
}

impl<'a> Meter<'a> {
    pub(super) fn new(budget: Budget, cancel: &'a AtomicBool) -> Meter<'a> {
        let deadline = budget.time.map(|t| Instant::now() + t);
        Meter { deadline, nodes: budget.nodes, used: 0, cancel }
    }

    /// A meter for `share` of what is left of this one's budget.
    fn slice(&self, share: f64) -> Meter<'a> {
        let now = Instant::now();
        let deadline = self.deadline.map(|d| now + d.saturating_duration_since(now).mul_f64(share));
        let nodes = self.nodes.map(|n| (n.saturating_sub(self.used) as f64 * share) as u64);
        Meter { deadline, nodes, used: 0, cancel: self.cancel }
    }

    /// Whether the budget has a time or a number of positions (the cancel flag aside).
    pub(super) fn is_limited(&self) -> bool {
        self.deadline.is_some() || self.nodes.is_some()
    }

    /// The positions looked at so far.
    pub(super) fn used(&self) -> u64 {
        self.used
    }

    /// Counts `positions` looked at together (a whole playout, say).
    pub(super) fn charge(&mut self, positions: u64) {
        self.used += positions;
    }

    /// Whether the budget is spent or the search cancelled, without counting a child.
    pub(super) fn exhausted(&self) -> bool {
        self.nodes.is_some_and(|n| self.used >= n)
            || self.cancel.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Counts one child; true when the budget is spent or the search is cancelled.
    fn spent(&mut self) -> bool {
        self.used += 1;
        self.nodes.is_some_and(|n| self.used > n)
            || self.cancel.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The next beam width after a run of `width` that began at `started` (time, nodes used):
    /// what should fill most of what is left of the budget, at least twice and at most 16 times
    /// as wide.
    fn next_width(&self, width: usize, started: (Instant, u64)) -> usize {
        let wanted = (width as f64 * self.room_for(started) * 0.8).min((width * 16) as f64);
        (wanted as usize).max(width * 2).min(MAX_WIDTH)
    }

    /// How many times what was spent since `started` (time, nodes used) fits in what is left:
    /// infinite for a budget without limits.
    pub(super) fn room_for(&self, started: (Instant, u64)) -> f64 {
        let mut room = f64::INFINITY;
        if let Some(deadline) = self.deadline {
            let cost = started.0.elapsed().as_secs_f64().max(1e-6);
            room = room.min(deadline.saturating_duration_since(Instant::now()).as_secs_f64() / cost);
        }
        if let Some(nodes) = self.nodes {
            let cost = (self.used - started.1).max(1) as f64;
            room = room.min(nodes.saturating_sub(self.used) as f64 / cost);
        }
        room
    }
}

/// A line of pops by the cell each names (its group's first cell), and where it ends.
#[derive(Debug, Clone)]
pub(super) struct Line {
    pub cells: Vec<u16>,
    pub score: i64,
}

#[derive(Debug, PartialEq, Eq)]
enum Run {
    /// Done, with some positions cut: a wider beam may find more.
    Finished,
    /// Done without cutting anything: every line was followed, a wider beam finds nothing new.
    Exhaustive,
    Interrupted,
}

/// A child waiting for the cut: its value, a fingerprint of its position, and how to rebuild it.
struct Candidate {
    value: i64,
    key: u64,
    parent: u32,
    cell: u16,
}

struct Search<'a> {
    meter: Meter<'a>,
    weights: Weights,
    best: Option<Line>,
    /// The groups of the position being expanded, and of the child being evaluated: reused, so
    /// a child costs no allocation.
    parent_labels: Box<Labels>,
    child_labels: Box<Labels>,
    playout_cells: Vec<u16>,
}

impl<'a> Search<'a> {
    fn new(meter: Meter<'a>, weights: Weights) -> Search<'a> {
        Search {
            meter,
            weights,
            best: None,
            parent_labels: Labels::new(),
            child_labels: Labels::new(),
            playout_cells: Vec::new(),
        }
    }

    /// The beam search's two phases: widening runs over [`PLAN_SHARE`] of the budget, then the
    /// walk that improves the line they found.
    fn plan_and_improve(&mut self, game: &Bubbles) {
        if !game.status.is_over() {
            if let Some(line) = self.widen_within(game, PLAN_SHARE) {
                self.offer_line(line);
            }
            self.improve(game);
        }
    }

    /// Searches `game` by nested rollout policy adaptation where that is the search for it (a
    /// settled Standard field in the classic scoring, see [`super::nrpa`]), offering its line;
    /// false, having done nothing, where the beam search is the one.
    fn nested(&mut self, game: &Bubbles) -> bool {
        if game.status.is_over() || game.scoring != Scoring::Classic || game.style != Style::Standard {
            return false;
        }
        let Some(line) = super::nrpa::search(game, &mut self.meter) else { return false };
        self.offer_line(line);
        true
    }

    /// The groups of `field`, labelled into the parent labels.
    fn groups_of(&mut self, field: &super::field::Field, groups: &mut Vec<Group>) {
        self.parent_labels.label(field);
        self.parent_labels.flatten(field);
        self.parent_labels.groups(field, groups);
    }

    /// The evaluation of `child`.
    fn value_of(&mut self, child: &Bubbles) -> i64 {
        self.child_labels.label(&child.field);
        self.child_labels.value(&child.field, child.score, self.weights, child.scoring)
    }

    /// The value of `child`, beam node `parent`'s pop at `cell`, by a playout to the end
    /// ([`playout`]): the score it reaches, in the evaluation's eighths. The playout is a whole
    /// line, so a better one than any found so far becomes the best line; its positions count
    /// against the budget.
    fn played_out(&mut self, child: &Bubbles, trail: &[Vec<(u32, u16)>], parent: usize, cell: u16) -> i64 {
        let mut cells = std::mem::take(&mut self.playout_cells);
        let score = playout(child, &mut self.child_labels, &mut cells);
        self.meter.used += cells.len() as u64;
        if self.best.as_ref().is_none_or(|b| b.score < score) {
            let mut line = line_to(trail, parent);
            line.push(cell);
            line.extend_from_slice(&cells);
            self.best = Some(Line { cells: line, score });
        }
        self.playout_cells = cells;
        SCORE_WEIGHT * score
    }

    /// Beam searches from `root`, ever wider, until the budget is spent (or nothing is cut).
    fn widen(&mut self, root: &Bubbles) {
        let mut width = 1;
        loop {
            let started = (Instant::now(), self.meter.used);
            if self.run(root, width) != Run::Finished || width >= MAX_WIDTH {
                return;
            }
            width = self.meter.next_width(width, started);
        }
    }

    /// [`Search::widen`] within `share` of what is left of the budget; returns whether the search
    /// found a better line (`prefix` then its line).
    fn widen_within(&mut self, root: &Bubbles, share: f64) -> Option<Line> {
        let mut sub = Search::new(self.meter.slice(share), self.weights);
        sub.widen(root);
        self.meter.used += sub.meter.used;
        sub.best
    }

    /// [`Search::improve`] within `share` of what is left of the budget.
    fn improve_within(&mut self, root: &Bubbles, share: f64) {
        let mut sub = Search::new(self.meter.slice(share), self.weights);
        sub.best = self.best.clone();
        sub.improve(root);
        self.meter.used += sub.meter.used;
        if let Some(line) = sub.best {
            self.offer_line(line);
        }
    }

    /// Improves the best line found so far, position by position: from each position along it,
    /// a fresh search over an equal share of what is left of the budget; a better ending it finds
    /// replaces the line's, and the walk goes on along the new line. The beam from the start keeps
    /// few of the lines through a late position; a search rooted there looks at many more.
    fn improve(&mut self, root: &Bubbles) {
        let mut position = root.clone();
        let mut depth = 0;
        while let Some(best) = self.best.clone() {
            if depth >= best.cells.len() || position.status.is_over() || self.meter.exhausted() {
                return;
            }
            let share = 1.0 / (best.cells.len() - depth) as f64;
            if let Some(ending) = self.widen_within(&position, share) {
                let cells = best.cells[..depth].iter().chain(&ending.cells).copied().collect();
                self.offer_line(Line { cells, score: ending.score });
            }
            let Some(best) = self.best.as_ref() else { return };
            position = child_of(&position, best.cells[depth]);
            depth += 1;
        }
    }

    /// The best line found, or an empty one at the game's score.
    fn solution(self, game: &Bubbles) -> Solution {
        let nodes = self.meter.used;
        let line = self.best.unwrap_or_else(|| Line { cells: Vec::new(), score: game.score });
        let width = game.field.width();
        let moves = line.cells.iter().map(|&i| pop_move(usize::from(i), width)).collect();
        Solution { moves, score: line.score, nodes }
    }

    /// One beam search of `width` from `root`, offering every finished line it meets.
    fn run(&mut self, root: &Bubbles, width: usize) -> Run {
        let mut beam = vec![root.clone()];
        // trail[d][j]: the parent (in the beam at depth d) and the pop that led to beam node j at d + 1.
        let mut trail: Vec<Vec<(u32, u16)>> = Vec::new();
        let mut cut_some = false;
        let mut groups = Vec::new();
        while trail.len() < MAX_MOVES {
            let mut candidates = Vec::new();
            for (parent, node) in beam.iter().enumerate() {
                self.groups_of(&node.field, &mut groups);
                for &group in &groups {
                    if self.meter.spent() {
                        let prefix = line_to(&trail, 0);
                        self.finish_greedily(&beam[0], prefix);
                        return Run::Interrupted;
                    }
                    let mut child = node.clone();
                    child.pop(self.parent_labels.cells(&node.field, group));
                    let cell = group.first;
                    if child.status.is_over() {
                        self.offer(&trail, parent, cell, child.score);
                        continue;
                    }
                    let value = if self.weights.playouts {
                        self.played_out(&child, &trail, parent, cell)
                    } else {
                        self.value_of(&child)
                    };
                    candidates.push(Candidate { value, key: fingerprint(&child), parent: parent as u32, cell });
                }
            }
            if candidates.is_empty() {
                return if cut_some { Run::Finished } else { Run::Exhaustive };
            }
            let (kept, cut_any) = cut(candidates, width);
            cut_some |= cut_any;
            beam = kept.iter().map(|c| child_of(&beam[c.parent as usize], c.cell)).collect();
            trail.push(kept.iter().map(|c| (c.parent, c.cell)).collect());
        }
        let prefix = line_to(&trail, 0);
        self.offer_line(Line { cells: prefix, score: beam[0].score });
        Run::Finished
    }

    /// Offers the line through beam node `parent` at the current depth, then the pop at `cell`.
    fn offer(&mut self, trail: &[Vec<(u32, u16)>], parent: usize, cell: u16, score: i64) {
        if self.best.as_ref().is_some_and(|b| b.score >= score) {
            return;
        }
        let mut cells = line_to(trail, parent);
        cells.push(cell);
        self.best = Some(Line { cells, score });
    }

    fn offer_line(&mut self, line: Line) {
        if self.best.as_ref().is_none_or(|b| line.score > b.score) {
            self.best = Some(line);
        }
    }

    /// Plays `from` to the end, each move the best evaluated pop, outside the budget: the cost of
    /// one beam of width one, so milliseconds.
    fn finish_greedily(&mut self, from: &Bubbles, mut cells: Vec<u16>) {
        let mut game = from.clone();
        let mut groups = Vec::new();
        while !game.status.is_over() && cells.len() < MAX_MOVES {
            self.groups_of(&game.field, &mut groups);
            let mut best: Option<(i64, u16, Bubbles)> = None;
            for &group in &groups {
                let mut child = game.clone();
                child.pop(self.parent_labels.cells(&game.field, group));
                let value = self.value_of(&child);
                // The last of equal values, as `max_by_key` chose.
                if best.as_ref().is_none_or(|(top, _, _)| value >= *top) {
                    best = Some((value, group.first, child));
                }
            }
            let Some((_, cell, child)) = best else { break };
            cells.push(cell);
            game = child;
        }
        self.offer_line(Line { cells, score: game.score });
    }
}

/// The score a greedy playout from `game` reaches, its pops put in `cells`: each move the smallest
/// group not of the colour with the most balls at the start, which is kept for last (groups of two
/// and three alike, the topmost first); that colour only when nothing else is left, its largest
/// group first.
///
/// Why this policy (the greedy search that plays, at every move, the pop whose playout scores
/// most, over 50 15x15 five-colour Standard deals in the classic scoring): the largest group
/// first scores 1754 a deal; the smallest first 2063, and 2200 with groups of two and three
/// alike; random groups 1397; the smallest group of the colour with the fewest balls first 2074;
/// the bottom-most of the smallest first 1915; the topmost group whatever its size 2118. Taking
/// the small groups first lets the larger ones of the same colour join; keeping the largest
/// colour whole is the tabu colour of the Monte-Carlo SameGame searches (Schadd et al., Cazenave).
pub(super) fn playout(game: &Bubbles, labels: &mut Labels, cells: &mut Vec<u16>) -> i64 {
    cells.clear();
    let mut field = game.field.clone();
    let mut dealer = game.dealer.clone();
    let mut score = game.score;
    let mut groups = Vec::new();
    labels.label(&field);
    let kept = labels.most_balls();
    while cells.len() < MAX_MOVES {
        labels.flatten(&field);
        labels.groups(&field, &mut groups);
        let others = groups.iter().filter(|g| g.colour != kept);
        let pick = others.min_by_key(|g| (g.size.max(3), g.first));
        let Some(&pick) = pick.or_else(|| groups.iter().max_by_key(|g| g.size)) else { break };
        cells.push(pick.first);
        let columns = field.remove(labels.cells(&field, pick));
        game.style.settle_after(&mut field, &mut dealer, columns);
        score += game.scoring.points(pick.size);
        labels.label(&field);
        score += game.scoring.bonus(labels.balls());
    }
    score
}

/// The pops that lead to beam node `node` at the depth `trail` reaches, from the root.
fn line_to(trail: &[Vec<(u32, u16)>], node: usize) -> Vec<u16> {
    let mut cells = Vec::with_capacity(trail.len() + 1);
    let mut at = node;
    for step in trail.iter().rev() {
        let (parent, cell) = step[at];
        cells.push(cell);
        at = parent as usize;
    }
    cells.reverse();
    cells
}

/// The best `width` candidates by value, one per position, and whether any position was left out.
fn cut(mut candidates: Vec<Candidate>, width: usize) -> (Vec<Candidate>, bool) {
    candidates.sort_unstable_by(|a, b| b.value.cmp(&a.value).then(a.parent.cmp(&b.parent)).then(a.cell.cmp(&b.cell)));
    let mut seen = std::collections::HashSet::with_capacity(width * 2);
    let mut left_out = false;
    candidates.retain(|c| {
        if seen.contains(&c.key) {
            return false;
        }
        left_out |= seen.len() >= width;
        seen.len() < width && seen.insert(c.key)
    });
    (candidates, left_out)
}

/// `parent` after popping the group at `cell`.
fn child_of(parent: &Bubbles, cell: u16) -> Bubbles {
    let mut child = parent.clone();
    child.pop(group_at(&child.field, usize::from(cell)));
    child
}

/// A hash of the field, and in the styles that draw new columns of how far the generator has
/// gone: two positions with the same fingerprint play on the same.
fn fingerprint(game: &Bubbles) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |word: u64| hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3).rotate_left(23);
    for chunk in game.field.cells().chunks(8) {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        mix(u64::from_le_bytes(bytes));
    }
    if matches!(game.style, Style::Continuous | Style::Megashift) {
        mix(game.dealer.position() as u64);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::dealer::Dealer;
    use crate::bubbles::field::Field;
    use crate::bubbles::Scoring;
    use crate::{Deal, Status};

    fn replay(params: &Params, seed: u64, moves: &[Move]) -> Bubbles {
        let mut game = Bubbles::new(params, seed).unwrap();
        for mv in moves {
            game.apply(mv).unwrap();
        }
        game
    }

    #[test]
    fn the_line_replayed_through_the_rules_reaches_the_claimed_score() {
        let never = AtomicBool::new(false);
        for (k, style) in Style::ALL.into_iter().enumerate() {
            let params = Params::new(style);
            let seed = 100 + k as u64;
            let solution = best_line(&params, seed, Budget::nodes(3_000), &never);
            let game = replay(&params, seed, &solution.moves);
            assert_eq!(game.score().unwrap(), solution.score, "{style:?}");
            assert_eq!(game.status(), Status::Finished, "{style:?}: the line plays to the end");
            assert!(!solution.moves.is_empty());
        }
    }

    #[test]
    fn a_classic_line_replayed_through_the_rules_reaches_the_claimed_score() {
        let never = AtomicBool::new(false);
        for (k, style) in Style::ALL.into_iter().enumerate() {
            let params = Params::sized(style, 15, 10, 4, Scoring::Classic);
            let seed = 200 + k as u64;
            let solution = best_line(&params, seed, Budget::nodes(50_000), &never);
            let game = replay(&params, seed, &solution.moves);
            assert_eq!(game.score().unwrap(), solution.score, "{style:?}");
            assert_eq!(game.status(), Status::Finished, "{style:?}");
        }
    }

    #[test]
    fn a_classic_search_beats_its_own_playout_and_the_largest_group() {
        let never = AtomicBool::new(false);
        let params = Params::sized(Style::Standard, 15, 15, 5, Scoring::Classic);
        let game = Bubbles::new(&params, 1000).unwrap();
        let mut labels = Labels::new();
        let played = playout(&game, &mut labels, &mut Vec::new());
        let mut largest = game.clone();
        while !largest.status.is_over() {
            let biggest =
                (0..largest.field.len()).map(|i| group_at(&largest.field, i)).max_by_key(|g| g.len()).unwrap();
            largest.pop(biggest);
        }
        let searched = solve(&game, Budget::nodes(200_000), &never);
        assert!(searched.score >= played, "{} < {played}", searched.score);
        assert!(searched.score > 3 * largest.score, "{} against {}", searched.score, largest.score);
    }

    #[test]
    fn a_playout_keeps_the_colour_with_the_most_balls_for_last() {
        // Red has the most balls. The green pair goes first, for nothing; the top red falls onto
        // the other two (the columns close up to the right) and the three pop together,
        // (3-2)² = 1, clearing the field for 1000. Popping the bottom reds first would have left
        // a red and two greens behind.
        let field = Field::parse_sized(5, 5, &["R....", "G....", "G....", "RR..."]);
        let game = Bubbles::scored_from_field(Style::Standard, Scoring::Classic, field, Dealer::new(Deal::FIRST, 1));
        let mut cells = Vec::new();
        let score = playout(&game, &mut Labels::new(), &mut cells);
        assert_eq!(cells, vec![10, 18]);
        assert_eq!(score, 1001);
    }

    #[test]
    fn a_node_budget_gives_the_same_line_every_time() {
        let never = AtomicBool::new(false);
        let params = Params::new(Style::Megashift);
        let a = best_line(&params, 7, Budget::nodes(2_000), &never);
        let b = best_line(&params, 7, Budget::nodes(2_000), &never);
        assert_eq!(a, b);
        let classic = Params::sized(Style::Standard, 15, 15, 5, Scoring::Classic);
        let a = best_line(&classic, 7, Budget::nodes(100_000), &never);
        assert_eq!(a, best_line(&classic, 7, Budget::nodes(100_000), &never));
    }

    #[test]
    fn a_cancelled_search_still_gives_a_finished_line() {
        let cancelled = AtomicBool::new(true);
        let params = Params::new(Style::Standard);
        let solution = best_line(&params, 3, Budget::default(), &cancelled);
        let game = replay(&params, 3, &solution.moves);
        assert_eq!(game.status(), Status::Finished);
        assert_eq!(game.score().unwrap(), solution.score);
    }

    #[test]
    fn the_best_after_a_played_line_is_never_below_it() {
        let never = AtomicBool::new(false);
        let params = Params::new(Style::Continuous);
        let mut game = Bubbles::new(&params, 9).unwrap();
        let mut played = Vec::new();
        while let Some((x, y)) = game.first_group() {
            let mv = Move::Pop { x, y };
            game.apply(&mv).unwrap();
            played.push(mv);
        }
        let solution = best_line_after(&params, 9, &played, Budget::nodes(1), &never);
        assert!(solution.score >= game.score().unwrap());
        assert_eq!(replay(&params, 9, &solution.moves).score().unwrap(), solution.score);
    }

    #[test]
    fn a_finished_game_gives_an_empty_line() {
        let mut game = Bubbles::new(&Params::default(), 5).unwrap();
        while let Some((x, y)) = game.first_group() {
            game.apply(&Move::Pop { x, y }).unwrap();
        }
        let solution = solve(&game, Budget::nodes(100), &AtomicBool::new(false));
        assert!(solution.moves.is_empty());
        assert_eq!(solution.score, game.score().unwrap());
    }
}
