//! Proving a puzzle with the engine's threat searches ([`crate::gomoku::ai::forced`]): which of
//! the attacker's moves win by force, how long the win lasts against the longest defence, and
//! the defender's answers in play.
//!
//! A move wins when the VCF search (fours only, [`VCF_DEPTH`] of them) or the VCT search (fours
//! and open threes, [`VCT_DEPTH`] threats) refutes every defence after it. The length of a win
//! is the number of the attacker's moves to its five, the defender always choosing the answer
//! after which the attacker's fastest win is slowest (its own fours included: the attacker's
//! block counts as one of its moves). Every search has a node budget: a search that runs out
//! proves nothing, and a puzzle with such a doubt is refused rather than shipped.

use super::WinKind;
use crate::gomoku::ai::forced::{Forced, Kind};
use crate::gomoku::ai::position::Position;
use crate::gomoku::ai::{self, Limits};
use crate::gomoku::{Gomoku, Move, Point};
use crate::Game;
use std::sync::atomic::AtomicBool;

/// How many fours a VCF may take.
pub const VCF_DEPTH: u8 = 16;
/// How many threats a VCT may take.
pub const VCT_DEPTH: u8 = 8;
/// The node budget of one search in play and in the checks of the shipped set.
pub const NODES: u64 = 400_000;
/// The most of the attacker's moves a puzzle's win may take, and the fewest.
pub const LONGEST: u8 = 15;
pub const SHORTEST: u8 = 3;

fn search_of(kind: WinKind) -> (Kind, u8) {
    match kind {
        WinKind::Vcf => (Kind::Fours, VCF_DEPTH),
        WinKind::Vct => (Kind::FoursAndThrees, VCT_DEPTH),
    }
}

/// What a search says of one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Wins,
    Fails,
    /// The budget ran out before a proof either way.
    Unknown,
}

/// Whether the side to move's stone at `p` wins by force with threats of `kind`.
pub fn verdict(game: &Gomoku, p: Point, kind: WinKind, nodes: u64) -> Verdict {
    let (search, depth) = search_of(kind);
    let cancel = AtomicBool::new(false);
    let mut pos = Position::of(game);
    let mut forced = Forced::new(search, nodes, None, &cancel);
    if forced.wins_with(&mut pos, p.index(), depth) {
        Verdict::Wins
    } else if forced.stopped {
        Verdict::Unknown
    } else {
        Verdict::Fails
    }
}

/// The kind of win the side to move's stone at `p` starts, if it starts one (a VCF first).
pub fn winning_kind(game: &Gomoku, p: Point, nodes: u64) -> Option<WinKind> {
    [WinKind::Vcf, WinKind::Vct].into_iter().find(|&kind| verdict(game, p, kind, nodes) == Verdict::Wins)
}

/// The side to move's candidate points (near the stones, allowed by the rule).
fn candidates(game: &Gomoku) -> Vec<Point> {
    let pos = Position::of(game);
    let mut points = Vec::new();
    pos.for_each_candidate(|p| points.push(Point::from_index(p)));
    points.retain(|&p| game.clone().play(Move::from(p)).is_ok());
    points
}

/// Why a position is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The game is over, the attacker has a five to make or must block one.
    NotAPuzzle,
    /// No move wins by force within the searches.
    NoWin,
    /// More than one first move wins.
    NotUnique,
    /// A search ran out of nodes: nothing proven.
    Doubt,
    /// The win is shorter or longer than a puzzle's ([`SHORTEST`] to [`LONGEST`] moves).
    Length(u8),
}

/// A proven puzzle: its kind, its one winning first move and the line against the longest
/// defence (the attacker's moves and the answers, ending with the five).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    pub kind: WinKind,
    pub first: Point,
    pub line: Vec<Point>,
}

impl Proof {
    /// The number of the attacker's moves in the line.
    pub fn length(&self) -> u8 {
        self.line.len().div_ceil(2) as u8
    }
}

/// Proves the side to move's win from `game`: one winning first move and no other, with
/// `nodes` for each search.
pub fn prove(game: &Gomoku, nodes: u64) -> Result<Proof, Refused> {
    if !is_open(game) {
        return Err(Refused::NotAPuzzle);
    }
    let mut winners = Vec::new();
    let mut kind = None;
    for p in candidates(game) {
        let vcf = verdict(game, p, WinKind::Vcf, nodes);
        let vct = if vcf == Verdict::Wins { Verdict::Wins } else { verdict(game, p, WinKind::Vct, nodes) };
        if vcf == Verdict::Unknown || vct == Verdict::Unknown {
            return Err(Refused::Doubt);
        }
        if vct == Verdict::Wins {
            winners.push(p);
            kind = Some(if vcf == Verdict::Wins { WinKind::Vcf } else { WinKind::Vct });
        }
    }
    let (first, kind) = match (winners.as_slice(), kind) {
        ([], _) | (_, None) => return Err(Refused::NoWin),
        ([first], Some(kind)) => (*first, kind),
        _ => return Err(Refused::NotUnique),
    };
    let line = main_line(game, first, kind, nodes).ok_or(Refused::Doubt)?;
    let proof = Proof { kind, first, line };
    match proof.length() {
        length if (SHORTEST..=LONGEST).contains(&length) => Ok(proof),
        length => Err(Refused::Length(length)),
    }
}

/// Whether the side to move has neither a five to make nor a four to block: a position where
/// a puzzle can start.
pub fn is_open(game: &Gomoku) -> bool {
    if game.status().is_over() {
        return false;
    }
    let pos = Position::of(game);
    let cancel = AtomicBool::new(false);
    let forced = Forced::new(Kind::Fours, 0, None, &cancel);
    let mut passed = pos;
    passed.pass();
    // The defender to move after a pass: its answers are the blocks of our fives, if any.
    let ours = !forced.answers(&passed).is_empty();
    let theirs = !forced.answers(&Position::of(game)).is_empty();
    !ours && !theirs
}

/// The line of the win that starts with `first`: the attacker's fastest moves against the
/// longest defence, to the five. `None` if a search ran out or the win was lost on the way.
pub fn main_line(game: &Gomoku, first: Point, kind: WinKind, nodes: u64) -> Option<Vec<Point>> {
    let attacker = game.side_to_move();
    let mut game = game.clone();
    let mut line = vec![first];
    game.play(first.into()).ok()?;
    while !game.status().is_over() && line.len() < 2 * (LONGEST as usize + 4) {
        let answer = longest_defence(&game, kind, nodes)?;
        game.play(answer.into()).ok()?;
        line.push(answer);
        if game.status().is_over() {
            return None;
        }
        let next = fastest_attack(&game, kind, nodes)?;
        game.play(next.into()).ok()?;
        line.push(next);
    }
    (game.winner() == Some(attacker)).then_some(line)
}

/// The attacker's move towards the fastest win: a five, a forced block, or the first move of
/// the win with the fewest threats (VCF before VCT when `kind` is a VCF).
pub fn fastest_attack(game: &Gomoku, kind: WinKind, nodes: u64) -> Option<Point> {
    let pos = Position::of(game);
    let cancel = AtomicBool::new(false);
    let forced = Forced::new(Kind::Fours, 0, None, &cancel);
    let mut passed = Position::of(game);
    passed.pass();
    if let Some(&five) = forced.answers(&passed).first() {
        return Some(Point::from_index(five));
    }
    if let Some(&block) = forced.answers(&pos).first() {
        return Some(Point::from_index(block));
    }
    fastest(&Position::of(game), kind, nodes).map(|(_, p)| Point::from_index(p))
}

/// The fewest threats the side to move wins in, and its first move; `None` if not found.
fn fastest(pos: &Position, kind: WinKind, nodes: u64) -> Option<(u8, usize)> {
    let (search, depth) = search_of(kind);
    let cancel = AtomicBool::new(false);
    (0..=depth).find_map(|d| {
        let mut pos = pos.clone();
        let mut forced = Forced::new(search, nodes, None, &cancel);
        forced.find(&mut pos, d).map(|p| (d, p))
    })
}

/// The defender's answer that keeps the attacker's win longest (its own fours included; the
/// lowest point of equals). `None` if the defender has no answer to weigh or a search ran out.
pub fn longest_defence(game: &Gomoku, kind: WinKind, nodes: u64) -> Option<Point> {
    let (search, _) = search_of(kind);
    let cancel = AtomicBool::new(false);
    let pos = Position::of(game);
    let answers = Forced::new(search, 0, None, &cancel).answers(&pos);
    let mut best: Option<(u8, usize)> = None;
    for a in answers {
        let mut after = game.clone();
        if after.play(Point::from_index(a).into()).is_err() {
            continue;
        }
        let value = holds(&after, kind, nodes, 4);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, a));
        }
    }
    best.map(|(_, p)| Point::from_index(p))
}

/// How long the defence holds from `game`, the attacker to move: the fewest threats of its
/// fastest win (one more for each four of the defender's it must block first), or more than
/// any win when no win is found.
fn holds(game: &Gomoku, kind: WinKind, nodes: u64, fours_left: u8) -> u8 {
    if game.status().is_over() {
        return 0;
    }
    let pos = Position::of(game);
    let cancel = AtomicBool::new(false);
    let mut passed = Position::of(game);
    passed.pass();
    let forced = Forced::new(Kind::Fours, 0, None, &cancel);
    if !forced.answers(&passed).is_empty() {
        return 0;
    }
    if let Some(&block) = forced.answers(&pos).first() {
        let mut after = game.clone();
        if fours_left == 0 || after.play(Point::from_index(block).into()).is_err() {
            return u8::MAX;
        }
        let (search, _) = search_of(kind);
        let answers = Forced::new(search, 0, None, &cancel).answers(&Position::of(&after));
        return answers
            .into_iter()
            .filter_map(|a| {
                let mut next = after.clone();
                next.play(Point::from_index(a).into()).ok()?;
                Some(holds(&next, kind, nodes, fours_left - 1).saturating_add(1))
            })
            .max()
            .unwrap_or(u8::MAX);
    }
    fastest(&pos, kind, nodes).map_or(u8::MAX, |(d, _)| d)
}

/// The defender's reply to a move that does not win: the engine's best move for it, on a
/// node budget so that the same move gets the same reply on any machine.
pub fn refutation(game: &Gomoku) -> Option<Point> {
    let cancel = AtomicBool::new(false);
    let found = ai::search(game, &Limits::nodes(REFUTATION_NODES), &cancel).best?;
    game.board().point(found.x, found.y)
}

/// The main search's budget for a refutation: about 10 ms on an idle core.
const REFUTATION_NODES: u64 = 8_000;
