//! The computer opponent, and the engine behind hints, reviews and the Gomocup brain.
//!
//! [`computer_move`] picks the move for the side to move at a level. It only reads the game;
//! the app runs it on a thread of its own and applies the move it returns. Every level first
//! takes a five when it has one and blocks the opponent's four (one end of an open four). Then
//! it searches, or, on a seeded share of its moves (its blunder rate), only glances at the
//! board: it scores each point by what a stone there makes and takes from the opponent, and
//! picks at random among its three best, answering an open three two times in three.
//!
//! - **Beginner** searches like medium but glances on 45 moves in 100: it can be caught by an
//!   open three and by any fork, yet never leaves a four unblocked or a five untaken.
//! - **Easy** is the same with 20 glances in 100.
//! - **Medium** never glances. It searches four moves ahead (within 200,000 positions, at most
//!   0.4 s) with the threat rules below, but looks for no forced win.
//! - **Hard** looks for a forced win by continuous fours (VCF), then by fours and threes (VCT),
//!   keeps only moves that leave the opponent no win by fours (and, when it can, none by
//!   threes), then searches as deep as 1.5 s allow: principal-variation search with iterative
//!   deepening, aspiration windows, a transposition table and killer and history move ordering;
//!   its leaves follow the side to move's fours and the answers to the opponent's threes. It
//!   glances on 4 moves in 100.
//! - **Master** is hard without the glances, with 5 s a move and a wider search (14 moves at
//!   inner nodes where hard tries 10, see [`MASTER_WIDTH`]): the full engine.
//!
//! The blunder rates space the levels evenly: on the ladder of levels each scores 65-80 %
//! against the one below (`gomoku_engine levels`, figures in docs/ENGINES.md).
//!
//! [`search()`] is the same engine for any caller with its own limits (the Gomocup brain sets
//! them from `timeout_turn` / `time_left`); [`evaluate`] gives a position's value for one side
//! and the forced win of the side to move, if any (a review graph, a hint).
//!
//! Limits (time, nodes, depth) are in [`Limits`]; the time is measured from the call and
//! checked every few hundred nodes, and setting `cancel` stops the search within a millisecond
//! or so (`computer_move` then returns `None`). All randomness comes from a generator seeded
//! with the game's seed and the move number, so a search limited by nodes or depth is
//! reproducible; one limited by time depends on the machine's speed.
//!
//! Rules: the shape tables know freestyle and exactly five; a rule with forbidden points for
//! black (Renju) plugs in through [`legality`] and [`shape::tables`].

pub mod analysis;
pub mod budget;
mod defence;
mod eval;
pub mod features;
pub(crate) mod forced;
pub mod legality;
pub mod patterns;
pub(crate) mod position;
mod search;
mod shape;
mod threat;
mod tt;

use super::board::{Colour, Point, POINTS};
use super::params::Level;
use super::{Gomoku, Move};
use crate::game::Game;
use crate::rng::{seeded, GameRng};
use budget::Pace;
pub use budget::{allot, Clock, ClockReading, MoveTime};
use eval::{Candidate, Scan};
use forced::{Forced, Kind};
use position::Position;
use rand::seq::SliceRandom;
use rand::Rng;
use search::{Outcome, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tt::{Table, NO_MOVE};

/// The search's board, public for the benchmarks (its move and unmove are measured) and for a
/// rule's forbidden-point filter ([`legality`]).
pub use position::Position as SearchPosition;

/// Scores from this far up are forced wins (the winner's point of view), down here losses.
pub const WIN_SCORE: i32 = eval::WIN_FLOOR;

/// How many plies a proven win or loss of `score` (the mover's) takes to its five; `None` for a
/// score that proves nothing.
pub fn plies_to_end(score: i32) -> Option<i32> {
    (score.abs() >= WIN_SCORE).then(|| eval::WIN - score.abs())
}

/// The percentage of a search's target time the threat searches before the main search may use.
const THREAT_SHARE: u32 = 30;

/// The deepest iteration any search goes to.
pub const MAX_DEPTH: u8 = 60;

/// How long and how deep a search may go. Any limit reached stops it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget, measured from the call: the hard limit, never exceeded (the search
    /// stops within a few hundred nodes of it).
    pub time: Option<Duration>,
    /// The time the search means to spend (its target, the soft limit): more when its best move
    /// changes or its score drops, less when the move is forced (see [`budget`]). `None`: half
    /// of `time`.
    pub soft: Option<Duration>,
    /// Positions the main search visits at most (reproducible, unlike time). The threat
    /// searches before it have budgets of their own, in proportion (see `Style`).
    pub nodes: Option<u64>,
    /// Deepest iteration, in moves.
    pub depth: u8,
    /// Where the time is read (the system's clock, unless a test or a ladder injects one).
    pub clock: Clock,
    /// Whether time not spent on this move is lost (a fixed time a move, Gomocup's
    /// `timeout_turn`): the search then spends it (see [`budget`]) instead of saving it.
    pub whole_turn: bool,
    /// A learned pattern table for the main search's evaluation and move ordering
    /// ([`patterns`]); `None`, today's hand-made evaluation (the shipped default).
    pub patterns: Option<patterns::Patterns>,
}

/// The name the app and the benchmarks knew the limits by.
pub type SearchLimits = Limits;

/// No limit but the deepest iteration: the base to build limits on.
impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: None,
            soft: None,
            nodes: None,
            depth: MAX_DEPTH,
            clock: Clock::system(),
            whole_turn: false,
            patterns: None,
        }
    }
}

impl Limits {
    /// What [`computer_move`] allows each level. Beginner, easy and medium search four moves
    /// deep within [`SHORT_NODES`], so they play alike on a fast and a slow machine (their time
    /// is a guard for a very slow one). Hard's 1.5 s include its threat searches and leave room
    /// within 2 s for a slow or busy machine; master has 5 s.
    pub fn for_level(level: Level) -> Limits {
        match level {
            Level::Beginner | Level::Easy | Level::Medium => Limits {
                time: Some(Duration::from_millis(400)),
                nodes: Some(SHORT_NODES),
                depth: 4,
                ..Limits::default()
            },
            Level::Hard => Limits::time(Duration::from_millis(1500)),
            Level::Master => Limits::time(Duration::from_secs(5)),
        }
    }

    /// As deep as `time` allows: never longer, about half of it when the position is clear.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }

    /// About `soft` (more when the position needs it), never more than `hard`.
    pub fn timed(soft: Duration, hard: Duration) -> Limits {
        Limits { time: Some(hard), soft: Some(soft), ..Limits::default() }
    }

    /// As deep as `nodes` main-search positions allow: reproducible.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// What is left of these limits' time after `spent` of it.
    pub fn less(&self, spent: Duration) -> Limits {
        Limits {
            time: self.time.map(|t| t.saturating_sub(spent)),
            soft: self.soft.map(|t| t.saturating_sub(spent)),
            ..self.clone()
        }
    }

    /// `numerator / denominator` of the time (target and hard limit) and of the nodes: for one of
    /// several searches that share these limits.
    pub fn part(&self, numerator: u32, denominator: u32) -> Limits {
        let part = |t: Duration| t * numerator / denominator.max(1);
        Limits {
            time: self.time.map(part),
            soft: self.soft.map(part),
            nodes: self.nodes.map(|n| (n * numerator as u64 / denominator.max(1) as u64).max(1)),
            ..self.clone()
        }
    }
}

/// The short search's cap on main-search positions: four moves rarely need as many.
const SHORT_NODES: u64 = 200_000;

/// How a level plays, apart from its limits.
struct Style {
    /// The seeded blunder rate: how often, in percent, the level glances at the board
    /// ([`glance`]) instead of thinking. It spaces the levels evenly (docs/ENGINES.md).
    glance_percent: u32,
    /// Moves tried at a node without threats.
    width: usize,
    /// Moves tried at the root.
    root_width: usize,
    /// Plies past the nominal depth spent answering threatened open fours.
    quiescence: i32,
    /// Plies past the nominal depth spent following the side to move's fours; 0 for none.
    four_quiescence: i32,
    /// Depth (in own fours) and node budget of the search for a win by fours; 0 for none.
    vcf_depth: u8,
    vcf_nodes: u64,
    /// The same for a win by fours and threes.
    vct_depth: u8,
    vct_nodes: u64,
    /// Whether to check that the move leaves the opponent no forced win.
    defend: bool,
    /// Killer and history move ordering, aspiration windows.
    ordering: bool,
    /// Late quiet moves searched shallower first.
    late_reduction: bool,
    table_bits: u32,
}

/// Beginner's, easy's and medium's search: the threats a few moves ahead, no forced wins.
const SHORT_SEARCH: Style = Style {
    glance_percent: 0,
    width: 8,
    root_width: 12,
    quiescence: 2,
    four_quiescence: 0,
    vcf_depth: 0,
    vcf_nodes: 0,
    vct_depth: 0,
    vct_nodes: 0,
    defend: false,
    ordering: false,
    late_reduction: false,
    table_bits: 16,
};

/// The full engine: hard's and master's.
const FULL_ENGINE: Style = Style {
    glance_percent: 0,
    width: 10,
    root_width: 16,
    quiescence: 6,
    four_quiescence: 8,
    vcf_depth: 16,
    vcf_nodes: 40_000,
    vct_depth: 6,
    vct_nodes: 60_000,
    defend: true,
    ordering: true,
    late_reduction: true,
    table_bits: 20,
};

impl Style {
    /// The blunder rates were chosen on the ladder of levels so that each level scores 65-80 %
    /// against the one below it.
    fn of(level: Level) -> Style {
        match level {
            Level::Beginner => Style { glance_percent: 45, ..SHORT_SEARCH },
            Level::Easy => Style { glance_percent: 20, ..SHORT_SEARCH },
            Level::Medium => SHORT_SEARCH,
            Level::Hard => Style { glance_percent: HARD_GLANCES, ..FULL_ENGINE },
            Level::Master => Style { width: MASTER_WIDTH, ..FULL_ENGINE },
        }
    }

    /// The threat searches' budgets shrink with a small node limit, so that a node-limited
    /// search stays quick (and the ladder of levels reproducible and fair).
    fn fit(mut self, limits: &Limits) -> Style {
        if let Some(nodes) = limits.nodes {
            self.vcf_nodes = self.vcf_nodes.min(nodes / 4);
            self.vct_nodes = self.vct_nodes.min(nodes / 2);
        }
        self
    }
}

/// Hard's blunder rate, in percent.
const HARD_GLANCES: u32 = 4;

/// Master's width at inner nodes (the full engine's is 10), and so the brain's, the hints' and
/// the study board's. Against the old hard of b1f588b, 200 games node-limited: 14 scored
/// 56.8 % at 48,000 / 40,000 nodes and 53.0 % at twice that, where 10 scored 50.0 % and 48.0 %
/// (at 48,000: 8 47.8 %, 12 54.5 %, 18 46.0 %): given a second a move, a wider search beats a
/// deeper one. Hard keeps 10: at the ladder of levels' 20,000 nodes (a sixtieth of hard's
/// time in the app) 14 made hard shallower and it beat medium only 61.8 % of the time
/// against 69.8 %, below the 65 % each step of the levels should keep.
const MASTER_WIDTH: usize = 14;

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// No move: the game is over.
    None,
    /// The first stone goes in the centre.
    Opening,
    /// Makes five.
    Win,
    /// Blocks the opponent's five.
    Block,
    /// Makes an open four (or a double four) the opponent cannot stop.
    Unstoppable,
    /// Starts a win by continuous fours.
    Fours,
    /// Starts a win by fours and threes.
    Threes,
    /// The only sensible move (one candidate).
    Only,
    /// A one-move look instead of a search: the level's blunder.
    Glance,
    /// The result of the search.
    Search,
}

/// What a search found: the move, and what the engine knows about it.
#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub decision: Decision,
    /// From the mover's point of view; from [`WIN_SCORE`] up a forced win, from minus it down a
    /// forced loss.
    pub score: i32,
    /// How deep the main search that chose the move went, in moves (forced lines go further).
    /// An iteration cut short by time counts if it had finished searching the move it chose.
    pub depth: u8,
    /// Positions visited, by the main search and the threat searches.
    pub nodes: u64,
    /// The main search's share: its positions and its time (its speed is `main_nodes / main_time`).
    pub main_nodes: u64,
    pub main_time: Duration,
    pub elapsed: Duration,
    /// The expected line from the move on (the move first), as far as the search knows it.
    pub pv: Vec<Move>,
    /// The forced win the side to move has, when the engine found one: its moves and the
    /// opponent's answers alternately, from the move on, ending with its five.
    pub forced_win: Option<Vec<Move>>,
}

/// The name the app and the benchmarks knew the result by.
pub type SearchReport = SearchResult;

/// The computer's move for the side to move at `level`, or `None` if the game is over or
/// `cancel` was set. Seeded from the game's seed and the move number.
pub fn computer_move(game: &Gomoku, level: Level, cancel: &AtomicBool) -> Option<Move> {
    let result = search_level(game, level, &Limits::for_level(level), move_seed(game), cancel);
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    result.best
}

/// The seed for the computer's move now: different every move, the same on every replay.
pub fn move_seed(game: &Gomoku) -> u64 {
    game.seed() ^ (game.moves().len() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The engine at full strength (master) for the side to move, within `limits`: the entry point
/// for the Gomocup brain, hints and reviews. Under any rule the game has.
pub fn search(game: &Gomoku, limits: &Limits, cancel: &AtomicBool) -> SearchResult {
    search_level(game, Level::Master, limits, move_seed(game), cancel)
}

/// The search behind [`computer_move`], with explicit level, limits and seed.
pub fn search_level(game: &Gomoku, level: Level, limits: &Limits, seed: u64, cancel: &AtomicBool) -> SearchResult {
    search_remembering(game, level, limits, seed, cancel, None)
}

/// What the engine keeps from one move to the next of a game, for a caller that plays a whole
/// game (the Gomocup brain): the transposition table.
///
/// A search then starts with what the last ones learnt: the positions two moves on from the
/// last root were searched then, and are roots and first replies now. That is also what makes
/// a forced move's time worth spending: [`search_remembering`] thinks on after choosing a
/// forced reply, over the opponent's answers to it, and the next search finds that work done.
/// Entries stay right from move to move: a position's value does not depend on how it was
/// reached (wins are stored counted from the position itself). Start a new one for a new game
/// or another rule.
pub struct Memory {
    table: Table,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memory({} bytes)", Memory::BYTES)
    }
}

impl Memory {
    /// Memory for the full engine: its table's size ([`Memory::BYTES`]).
    pub fn new() -> Memory {
        Memory { table: Table::new(FULL_ENGINE.table_bits) }
    }

    /// The memory a [`Memory`] takes, in bytes.
    pub const BYTES: u64 = tt::ENTRY_BYTES << FULL_ENGINE.table_bits;
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

/// [`search_level`], keeping what it learns in `memory` (when given) for the next search of the
/// same game, and using a forced reply's time to think ahead into it.
pub fn search_remembering(
    game: &Gomoku,
    level: Level,
    limits: &Limits,
    seed: u64,
    cancel: &AtomicBool,
    memory: Option<&mut Memory>,
) -> SearchResult {
    let mut turn = Turn::new(game, level, limits, seed, cancel);
    if memory.is_none() {
        // Without a memory, what is searched past a forced move is thrown away: the app's
        // player would wait for nothing, so the time is saved even where the clock loses it.
        turn.pace.spend_only_what_helps();
    }
    turn.memory = memory;
    turn.ahead = true;
    turn.run(game)
}

/// The full engine (master's) within `limits`, keeping what it learns in `memory` but never
/// thinking ahead: the study board's rounds, each of which starts from what the last found.
fn search_in_memory(game: &Gomoku, limits: &Limits, cancel: &AtomicBool, memory: Option<&mut Memory>) -> SearchResult {
    let mut turn = Turn::new(game, Level::Master, limits, move_seed(game), cancel);
    turn.memory = memory;
    turn.run(game)
}

/// The full engine's main search with the `excluded` points left out of the root and without the hunt
/// for a forced win before it: the study board's second and third choices. `None` when no
/// other move is worth searching (or the game is over).
fn search_without(
    game: &Gomoku,
    limits: &Limits,
    excluded: &[usize],
    cancel: &AtomicBool,
    memory: Option<&mut Memory>,
) -> Option<SearchResult> {
    if game.status().is_over() {
        return None;
    }
    let mut turn = Turn::new(game, Level::Master, limits, move_seed(game), cancel);
    turn.memory = memory;
    let mut list = Vec::with_capacity(POINTS);
    let scan = eval::scan(&turn.pos, &mut list);
    let chosen = turn.weigh(list, &scan, excluded)?;
    turn.settle(chosen);
    turn.result.elapsed = turn.pace.elapsed();
    Some(turn.result)
}

/// The engine's view of a position, for a review graph or a hint.
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// The value for the side asked about: from [`WIN_SCORE`] up it wins by force, from minus
    /// it down it loses; ±[`eval::WIN`] once the game is won or lost.
    pub score: i32,
    /// The engine's move for the side to move (none once the game is over).
    pub best: Option<Move>,
    /// The forced win of the side to move, if the engine found one.
    pub forced_win: Option<ForcedWin>,
}

/// A forced win: whose, and one line of it (winner's moves and the answers, ending in five).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ForcedWin {
    pub winner: Colour,
    pub line: Vec<Move>,
}

/// The engine's evaluation of `game` from `side`'s point of view, searched within `limits`.
pub fn evaluate(game: &Gomoku, side: Colour, limits: &Limits, cancel: &AtomicBool) -> Evaluation {
    evaluate_past_replies(game, side, limits, cancel, FORCED_REPLIES)
}

/// How many forced replies in a row [`evaluate`] plays out: a chain of fours is rarely longer.
const FORCED_REPLIES: u32 = 12;

/// Thinking ahead from `root` proved `pos` won or lost (`score`, from its side to move's point
/// of view: a five now, an open four, or a search's proof): the move chosen at the root then has
/// that result, and its score in `result` says so in moves from the root, unless it already
/// did. A forced reply that leaves the opponent a second four, or one whose attacker runs out of
/// threats, looks like any other until then.
fn note_proven(result: &mut SearchResult, root: &Position, pos: &Position, score: i32) {
    if result.score.abs() >= WIN_SCORE {
        return;
    }
    let plies = (pos.stones() - root.stones()) as i32 + (eval::WIN - score.abs());
    let ours = (pos.to_move() == root.to_move()) == (score > 0);
    result.score = if ours { eval::WIN - plies } else { -(eval::WIN - plies) };
}

/// `limits` with `time` for both the target and the hard limit: a search after the main one, in
/// what the turn has left.
fn within(limits: &Limits, time: Duration) -> Limits {
    Limits { time: Some(time), soft: Some(time), ..limits.clone() }
}

/// The line `searcher` expects from the root move `best` on, as moves.
fn expected_line(searcher: &mut Searcher<'_>, best: usize) -> Vec<Move> {
    searcher.principal_variation(best).into_iter().map(|p| Point::from_index(p).into()).collect()
}

/// A search of `pos` (whose moves are `list`) within `limits` into the memory's `table`, for
/// the next search to find: thinking ahead. Its outcome, and how many nodes it took.
fn search_ahead(
    pos: &Position,
    list: &mut [Candidate],
    style: &Style,
    limits: &Limits,
    cancel: &AtomicBool,
    table: &mut Table,
) -> (Outcome, u64) {
    let mut pace = Pace::start(limits);
    let mut searcher = Searcher::new(pos.clone(), style, limits, cancel, &mut pace, table);
    let outcome = searcher.iterate(list);
    (outcome, searcher.nodes)
}

/// How many times wider each search for a defence of a lost position is than the last.
const WIDER: usize = 2;

/// Less time than this left is not worth another search ahead: it would barely finish its
/// first iteration.
const MIN_AHEAD: Duration = Duration::from_millis(20);

/// How many moves thinking ahead follows the line it expects when its searches end early: a
/// proven line is seldom longer, and the time runs out first in a position with a choice.
const AHEAD_STEPS: u32 = 16;

/// The engine plays a forced reply (a five to block, its only candidate) without weighing the
/// position, so its score says nothing there (0, even facing an open four). The position is
/// then worth what it is after that reply: an open four still wins whichever end is blocked.
fn evaluate_past_replies(
    game: &Gomoku,
    side: Colour,
    limits: &Limits,
    cancel: &AtomicBool,
    replies: u32,
) -> Evaluation {
    if let Some(winner) = game.winner() {
        let score = if winner == side { eval::WIN } else { -eval::WIN };
        return Evaluation { score, best: None, forced_win: None };
    }
    if game.status().is_over() {
        return Evaluation { score: 0, best: None, forced_win: None };
    }
    let mover = game.side_to_move();
    let result = search(game, limits, cancel);
    if replies > 0 && matches!(result.decision, Decision::Block | Decision::Only) {
        let mut replied = game.clone();
        if let Some(reply) = result.best.filter(|&reply| replied.play(reply).is_ok()) {
            let after = evaluate_past_replies(&replied, side, limits, cancel, replies - 1);
            return Evaluation { score: after.score, best: Some(reply), forced_win: None };
        }
    }
    let score = if side == mover { result.score } else { -result.score };
    let forced_win = result.forced_win.map(|line| ForcedWin { winner: mover, line });
    Evaluation { score, best: result.best, forced_win }
}

/// The side to move's forced win by continuous fours (or, with `threes`, by fours and threes),
/// looked for within `nodes` positions: one line of it, from the first move to the five.
/// The threat search alone, without the main search: the VCF/VCT figures and quick hints.
pub fn forced_win(game: &Gomoku, threes: bool, nodes: u64, cancel: &AtomicBool) -> Option<Vec<Move>> {
    if game.status().is_over() {
        return None;
    }
    let (kind, depth) = if threes { (Kind::FoursAndThrees, 8) } else { (Kind::Fours, 30) };
    let mut pos = Position::of(game);
    let mut forced = Forced::new(kind, nodes, None, cancel);
    forced.find(&mut pos, depth)?;
    forced.extend_budget(nodes);
    let line = forced.line(&mut pos, depth);
    (!line.is_empty()).then(|| line.into_iter().map(|p| Point::from_index(p).into()).collect())
}

/// One call's worth of state: the position, how to play, and the result being filled in.
struct Turn<'a> {
    pos: Position,
    style: Style,
    limits: &'a Limits,
    cancel: &'a AtomicBool,
    /// The call's clock and time limits (the threat searches' deadline, the result's time).
    pace: Pace,
    rng: GameRng,
    result: SearchResult,
    /// The caller's memory of the game, if it keeps one.
    memory: Option<&'a mut Memory>,
    /// Whether a forced reply's time is spent thinking ahead into the memory.
    ahead: bool,
}

impl<'a> Turn<'a> {
    fn new(game: &Gomoku, level: Level, limits: &'a Limits, seed: u64, cancel: &'a AtomicBool) -> Turn<'a> {
        Turn {
            pos: Position::with_patterns(game, limits.patterns),
            style: Style::of(level).fit(limits),
            limits,
            cancel,
            pace: Pace::start(limits),
            rng: seeded(seed),
            result: SearchResult {
                best: None,
                decision: Decision::None,
                score: 0,
                depth: 0,
                nodes: 0,
                main_nodes: 0,
                main_time: Duration::ZERO,
                elapsed: Duration::ZERO,
                pv: Vec::new(),
                forced_win: None,
            },
            memory: None,
            ahead: false,
        }
    }

    /// Chooses the move for `game` (the position this turn was made for) and says what it knew.
    fn run(mut self, game: &Gomoku) -> SearchResult {
        if !game.status().is_over() {
            let chosen = self.choose();
            if self.ahead && self.thinks_ahead_after(chosen.1) {
                self.think_ahead(chosen.0);
                self.think_past_mistakes(chosen.0);
            }
            self.settle(chosen);
        }
        self.result.elapsed = self.pace.elapsed();
        self.result
    }

    /// Puts the chosen move in the result, at the head of its line.
    fn settle(&mut self, (point, decision): (usize, Decision)) {
        self.result.best = Some(Point::from_index(point).into());
        self.result.decision = decision;
        if self.result.pv.first() != self.result.best.as_ref() {
            self.result.pv = vec![Point::from_index(point).into()];
        }
    }

    fn choose(&mut self) -> (usize, Decision) {
        let mut list = Vec::with_capacity(POINTS);
        let scan = eval::scan(&self.pos, &mut list);
        if list.is_empty() && self.pos.stones() > 0 {
            // No candidate near the stones (a rule forbade them all): any allowed point.
            return (self.any_allowed_point(), Decision::Only);
        }
        if let Some(found) = obvious(&self.pos, &scan, &list) {
            if matches!(found.1, Decision::Win | Decision::Unstoppable) {
                self.result.score = eval::WIN_FLOOR;
                let line = self.forced_line(Kind::Fours, 1, 1_000);
                self.set_forced_win(line);
            }
            return found;
        }
        if self.glances() {
            (glance(&mut list, &scan, &mut self.rng), Decision::Glance)
        } else {
            self.think(list, &scan)
        }
    }

    /// Whether this move is a blunder, at the style's seeded rate. No draw at 0 %, so the full
    /// engine's choices (and the ladders against older engines) stay as they were.
    fn glances(&mut self) -> bool {
        match self.style.glance_percent {
            0 => false,
            percent => self.rng.random_range(0..100) < percent,
        }
    }

    /// The first empty point the rule allows, or the first empty one if it allows none.
    fn any_allowed_point(&self) -> usize {
        let empty = || self.pos.points().filter(|&p| self.pos.get(p).is_none());
        let allowed = |&p: &usize| !self.pos.is_forbidden(p, &self.pos.threat(p, self.pos.to_move()));
        empty().find(allowed).or_else(|| empty().next()).unwrap_or(0)
    }

    /// The searching levels: look for a forced win, guard against the opponent's, then search.
    fn think(&mut self, list: Vec<Candidate>, scan: &Scan) -> (usize, Decision) {
        for (kind, depth, budget, decision) in [
            (Kind::Fours, self.style.vcf_depth, self.style.vcf_nodes, Decision::Fours),
            (Kind::FoursAndThrees, self.style.vct_depth, self.style.vct_nodes, Decision::Threes),
        ] {
            if depth == 0 {
                continue;
            }
            let line = self.forced_line(kind, depth, budget);
            if let Some(&first) = line.first() {
                self.result.score = eval::WIN_FLOOR;
                self.set_forced_win(line);
                return (first, decision);
            }
        }
        let first = list[0].point;
        self.weigh(list, scan, &[]).unwrap_or((first, Decision::Only))
    }

    /// The main search over the root's moves less `excluded`: the defences when the opponent
    /// has a forced win, the best few otherwise. `None` when `excluded` leaves no move.
    fn weigh(&mut self, mut list: Vec<Candidate>, scan: &Scan, excluded: &[usize]) -> Option<(usize, Decision)> {
        self.order_root(&mut list, scan);
        if self.style.defend {
            self.keep_defences(&mut list, Kind::Fours, self.style.vcf_depth, self.style.vcf_nodes);
        }
        list.retain(|c| !excluded.contains(&c.point));
        let all = list.clone();
        if !scan.they_threaten {
            list.truncate(self.style.root_width);
        }
        if self.style.defend {
            // Against threes too, among the moves the search would try anyway.
            list.truncate(self.style.root_width.max(list.len().min(2 * self.style.root_width)));
            self.keep_defences(&mut list, Kind::FoursAndThrees, self.style.vct_depth, self.style.vct_nodes / 2);
        }
        match list.len() {
            0 => return None,
            // A lone move needs no search, unless its value is asked for (the study board).
            1 if excluded.is_empty() => return Some((list[0].point, Decision::Only)),
            _ => {}
        }
        let begun = self.pace.elapsed();
        let mut fresh;
        let table = match self.memory.as_deref_mut() {
            Some(memory) => &mut memory.table,
            None => {
                fresh = Table::new(search::table_bits(&self.style, self.limits));
                &mut fresh
            }
        };
        let mut searcher =
            Searcher::new(self.pos.clone(), &self.style, self.limits, self.cancel, &mut self.pace, table);
        let outcome = searcher.iterate(&mut list);
        self.result.main_nodes = searcher.nodes;
        self.result.nodes += searcher.nodes;
        self.result.pv = expected_line(&mut searcher, outcome.best);
        let outcome = self.defend_wider(all, outcome);
        self.result.score = outcome.score;
        self.result.depth = outcome.depth;
        self.result.main_time = self.pace.elapsed().saturating_sub(begun);
        Some((outcome.best, Decision::Search))
    }

    /// When the search proved the position lost and the turn's time would be lost unless
    /// spent: searches again, wider, for a defence the selective search passed over: every
    /// root move in `all` and [`WIDER`] times the moves at each node, then wider again while
    /// each proves the loss and time is left. A move not proven lost replaces the search's
    /// (with its line); else the longest loss found stands. A wider search counts only from
    /// the depth at which the loss was proven: shallower, a loss may just lie past its horizon.
    fn defend_wider(&mut self, all: Vec<Candidate>, mut outcome: Outcome) -> Outcome {
        let proven_at = outcome.depth;
        let mut width = self.style.width;
        while outcome.score <= -WIN_SCORE && self.pace.whole_turn() && width < POINTS {
            let Some(time) = self.pace.ahead_time() else { break };
            width = width.saturating_mul(WIDER);
            let style = Style { width, root_width: POINTS, late_reduction: false, ..self.style };
            let limits = within(self.limits, time);
            let mut list = all.clone();
            let mut pace = Pace::start(&limits);
            let mut table = Table::new(search::table_bits(&style, &limits));
            let mut searcher = Searcher::new(self.pos.clone(), &style, &limits, self.cancel, &mut pace, &mut table);
            let wider = searcher.iterate(&mut list);
            self.result.nodes += searcher.nodes;
            if wider.depth >= proven_at.max(1) && wider.score > outcome.score {
                self.result.pv = expected_line(&mut searcher, wider.best);
                outcome = wider;
            }
            if self.cancel.load(Ordering::Relaxed) {
                break;
            }
        }
        outcome
    }

    /// Whether the time left after choosing a move of `decision` goes to thinking ahead: after
    /// a forced reply always (the next move's head start); when the turn's time is lost unless
    /// spent, also after a search that stopped early without proving a win (one that proved a
    /// loss, or reached its depth limit), since nothing else would use that time.
    fn thinks_ahead_after(&self, decision: Decision) -> bool {
        match decision {
            Decision::Block | Decision::Only => true,
            Decision::Search => self.pace.whole_turn() && self.result.score < WIN_SCORE,
            _ => false,
        }
    }

    /// After choosing `reply`, searches on into the memory, for the next search to find: past
    /// the blocks of fives that follow it (forced for either side, so the position after them
    /// is one the game will reach) to the first position with a choice, for the time the pace
    /// gives ([`Pace::ahead_time`]). A search there that ends early (a proven result: a block
    /// of a four that the attacker's next four follows, a lost position) steps on along the
    /// line it expects, so that the time goes to the positions the game is likeliest to reach,
    /// up to [`AHEAD_STEPS`] moves. Nothing without a memory to keep it in or a time limit to
    /// take the time from; the thinking ends where a side wins at once.
    fn think_ahead(&mut self, reply: usize) {
        let Some(memory) = self.memory.as_deref_mut() else { return };
        let mut pos = self.pos.clone();
        let mut next = reply;
        let mut list = Vec::with_capacity(POINTS);
        // A proof says what `reply` leads to only while every move before it was forced or
        // proven: past a move that was merely expected, the other side may play another.
        let mut line_proven = true;
        for _ in 0..AHEAD_STEPS {
            let Some(time) = self.pace.ahead_time().filter(|&t| t >= MIN_AHEAD) else { return };
            pos.make(next);
            let mut scan = eval::scan(&pos, &mut list);
            for _ in 0..FORCED_REPLIES {
                let Some(five) = scan.their_five.filter(|_| scan.my_five.is_none()) else { break };
                pos.make(defence::five_stop(&pos, &list, five).unwrap_or(five));
                scan = eval::scan(&pos, &mut list);
            }
            if scan.my_five.is_some() || scan.my_unstoppable.is_some() {
                if line_proven {
                    let score = eval::WIN - if scan.my_five.is_some() { 1 } else { 3 };
                    note_proven(&mut self.result, &self.pos, &pos, score);
                }
                return;
            }
            search::select(&pos, &mut list, &scan, NO_MOVE, self.style.root_width);
            if list.is_empty() {
                return;
            }
            let limits = within(self.limits, time);
            let (outcome, nodes) = search_ahead(&pos, &mut list, &self.style, &limits, self.cancel, &mut memory.table);
            self.result.nodes += nodes;
            if outcome.score.abs() < WIN_SCORE {
                line_proven = false;
            } else if line_proven {
                note_proven(&mut self.result, &self.pos, &pos, outcome.score);
            }
            next = outcome.best;
            if self.cancel.load(Ordering::Relaxed) {
                return;
            }
        }
    }

    /// When the turn's time would be lost and thinking ahead left some of it (its line ended in
    /// a proof, most often of a loss): searches, into the memory, the positions after the
    /// opponent's replies to `reply`, so that the next search starts warm wherever the opponent
    /// goes. A lost position is lost only to an opponent who finds the win; its other moves are
    /// where the game may go on, even past a five not made (a person at a manager's board
    /// misses one now and then). First the replies the search would weigh, then, once each is
    /// proven, every other; the ones not proven are searched again, deeper, while time is left.
    /// Nothing after a proven win: that move ends the game or forces its end.
    fn think_past_mistakes(&mut self, reply: usize) {
        if !self.pace.whole_turn() || self.result.score >= WIN_SCORE || self.memory.is_none() {
            return;
        }
        let mut pos = self.pos.clone();
        pos.make(reply);
        let mut replies = Vec::with_capacity(POINTS);
        let scan = eval::scan(&pos, &mut replies);
        // After a five there is nothing to think about; past one not made, there is.
        replies.retain(|c| !pos.threat(c.point, pos.to_move()).five);
        let mut others: Vec<usize> = replies.iter().map(|c| c.point).collect();
        search::select(&pos, &mut replies, &scan, NO_MOVE, self.style.root_width);
        let mut open: Vec<usize> = replies.iter().map(|c| c.point).collect();
        others.retain(|p| !open.contains(p));
        while !open.is_empty() || !others.is_empty() {
            if open.is_empty() {
                open = std::mem::take(&mut others);
            }
            match self.search_replies(&mut pos, &open) {
                Some(unproven) => open = unproven,
                None => return,
            }
        }
    }

    /// Searches the position after each of the opponent's `replies` in `pos` into the memory,
    /// each with an equal share of the time left (at least [`MIN_AHEAD`]), and returns the
    /// replies whose search proved nothing; `None` when the time ran out.
    fn search_replies(&mut self, pos: &mut Position, replies: &[usize]) -> Option<Vec<usize>> {
        let memory = self.memory.as_deref_mut()?;
        let mut list = Vec::with_capacity(POINTS);
        let mut unproven = Vec::new();
        for (done, &theirs) in replies.iter().enumerate() {
            let left = self.pace.ahead_time().filter(|&t| t >= MIN_AHEAD)?;
            if self.cancel.load(Ordering::Relaxed) {
                return None;
            }
            let time = (left / (replies.len() - done) as u32).max(MIN_AHEAD);
            pos.make(theirs);
            let scan = eval::scan(pos, &mut list);
            if scan.my_five.is_none() {
                search::select(pos, &mut list, &scan, NO_MOVE, self.style.root_width);
            }
            if scan.my_five.is_none() && !list.is_empty() {
                let limits = within(self.limits, time);
                let (outcome, nodes) =
                    search_ahead(pos, &mut list, &self.style, &limits, self.cancel, &mut memory.table);
                self.result.nodes += nodes;
                if outcome.score.abs() < WIN_SCORE {
                    unproven.push(theirs);
                }
            }
            pos.unmake(theirs);
        }
        Some(unproven)
    }

    /// If the opponent has a forced win of `kind` now (were it to move), keeps the moves that
    /// take it away, if any do (else all is lost, and every move is as good).
    fn keep_defences(&mut self, list: &mut Vec<Candidate>, kind: Kind, depth: u8, budget: u64) {
        if depth == 0 || budget == 0 || !self.opponent_wins(None, kind, depth, budget) {
            return;
        }
        let share = budget / 4;
        let kept: Vec<Candidate> =
            list.iter().filter(|c| !self.opponent_wins(Some(c.point), kind, depth, share)).copied().collect();
        if !kept.is_empty() {
            *list = kept;
        }
    }

    /// The root's moves, best first. Equally good moves are shuffled (a stable sort after a
    /// seeded shuffle) so the computer does not play the same game every time.
    fn order_root(&mut self, list: &mut Vec<Candidate>, scan: &Scan) {
        list.shuffle(&mut self.rng);
        if scan.they_threaten {
            defence::keep_threat_answers(&self.pos, list);
        }
        list.sort_by_key(|c| -c.priority());
    }

    /// A forced win of `kind` for the side to move, laid out (empty if none found).
    fn forced_line(&mut self, kind: Kind, depth: u8, budget: u64) -> Vec<usize> {
        let mut forced = self.forced(kind, budget);
        let found = forced.find(&mut self.pos, depth).is_some();
        let line = if found {
            forced.extend_budget(budget);
            forced.line(&mut self.pos, depth)
        } else {
            Vec::new()
        };
        self.result.nodes += forced.nodes;
        line
    }

    fn set_forced_win(&mut self, line: Vec<usize>) {
        if line.is_empty() {
            return;
        }
        let moves: Vec<Move> = line.into_iter().map(|p| Point::from_index(p).into()).collect();
        self.result.pv = moves.clone();
        self.result.forced_win = Some(moves);
    }

    /// A threat search within this call's time, budget and cancel flag.
    /// Under a time limit all the threat searches before the main search share the first
    /// [`THREAT_SHARE`] percent of its target, so that the main search always gets the rest (with a short
    /// budget they could otherwise take it all).
    fn forced(&self, kind: Kind, budget: u64) -> Forced<'a> {
        Forced::new(kind, budget, self.pace.deadline(THREAT_SHARE), self.cancel)
    }

    /// Whether the opponent could win by force after our stone on `point` (or, with `None`,
    /// if we passed).
    fn opponent_wins(&mut self, point: Option<usize>, kind: Kind, depth: u8, budget: u64) -> bool {
        let mut forced = self.forced(kind, budget);
        match point {
            Some(p) => self.pos.make(p),
            None => self.pos.pass(),
        }
        let found = forced.find(&mut self.pos, depth).is_some();
        match point {
            Some(p) => self.pos.unmake(p),
            None => self.pos.pass(),
        }
        self.result.nodes += forced.nodes;
        found
    }
}

/// The moves no level thinks about: the centre on an empty board, a five, a block of a five
/// (one that stops all of them when one can), an unstoppable four.
fn obvious(pos: &Position, scan: &Scan, list: &[Candidate]) -> Option<(usize, Decision)> {
    if list.is_empty() {
        // No stone near anything: the board is empty.
        return Some((pos.size().centre().index(), Decision::Opening));
    }
    if let Some(p) = scan.my_five {
        return Some((p, Decision::Win));
    }
    if let Some(p) = scan.their_five {
        return Some((defence::five_stop(pos, list, p).unwrap_or(p), Decision::Block));
    }
    scan.my_unstoppable.map(|p| (p, Decision::Unstoppable))
}

/// A blunder: one look at the board instead of a search, the easy level of old. The opponent's
/// open three is answered 67 times in 100; otherwise a move among the three with the best mix
/// of attack and half-hearted defence. Never absurd: fives and fours were dealt with before.
fn glance(list: &mut Vec<Candidate>, scan: &Scan, rng: &mut GameRng) -> usize {
    if scan.they_threaten && rng.random_range(0..100) < 67 {
        list.retain(eval::answers_threat);
    }
    list.sort_unstable_by_key(|c| (-(c.mine.score + c.theirs.score / 2), c.point));
    let choices = list.len().min(3);
    list[rng.random_range(0..choices)].point
}

#[cfg(test)]
mod tests;
