//! Gomoku (five in a row) on a 15x15 board, after the VB6 game in the original description.
//!
//! Black moves first, then the sides alternate, one stone per move on an empty intersection.
//! Five in a row across, down or along either diagonal wins; under [`Rule::ExactFive`] six or
//! more do not. A full board without a winner is a draw. See [`board`] for the coordinates and
//! [`notation`] for names like "H8".
//!
//! **Status is the player's point of view.** Against the computer, [`Status::Won`] means the
//! human made five and [`Status::Lost`] that the computer did. Between two humans there is no
//! single player, so either side's five is [`Status::Won`] and the view's `winner` says which
//! colour it was. A full board is [`Status::Draw`] in both cases.
//!
//! The computer opponent is in [`ai`]; it only reads a game, the app applies its move.

pub mod ai;
pub mod board;
mod info;
pub mod notation;
mod params;
pub mod rules;
mod view;

pub use ai::{computer_move, search, SearchLimits, SearchReport};
pub use board::{Colour, Point, SIZE};
pub use info::KIND;
pub use params::{Level, Opponent, Params};
pub use rules::Rule;
pub use view::{MoveView, View};

use crate::{Applied, Game, GameKind, RuleError, Status};
use board::Board;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// One stone for the side to move, e.g. `{"x":7,"y":7}` (H8). The numbers are wide so that a
/// bad request is refused as [`RuleError::OutOfBoard`] rather than failing to parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub x: i64,
    pub y: i64,
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move { x: p.x as i64, y: p.y as i64 }
    }
}

/// A game of Gomoku: its settings, seed, stones and, once someone won, the winning line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gomoku {
    params: Params,
    /// Only the computer uses randomness; its choices are seeded from this and the move number.
    seed: u64,
    board: Board,
    winning_line: Option<Vec<Point>>,
}

impl Gomoku {
    /// Places a stone for the side to move; the engine's move, used by [`Game::apply`].
    /// On error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Colour, RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        let p = Point::new(mv.x, mv.y).ok_or(RuleError::OutOfBoard { x: mv.x, y: mv.y, width: SIZE, height: SIZE })?;
        if self.board.get(p).is_some() {
            return Err(RuleError::Illegal("occupied"));
        }
        let colour = self.board.place(p);
        self.winning_line = rules::winning_line(&self.board, p, self.params.rule);
        Ok(colour)
    }

    /// Takes the last stone back (also after the game ended), returning it; `None` on an empty
    /// board. The session undoes with snapshots; this is the engine's own cheap undo.
    pub fn undo(&mut self) -> Option<Move> {
        let (p, _) = self.board.take_back()?;
        // The game was still going before the last stone, or it would not have been played.
        self.winning_line = None;
        Some(p.into())
    }

    /// Whose turn it is (after the end: whose turn it would be).
    pub fn side_to_move(&self) -> Colour {
        self.board.side_to_move()
    }

    /// Whether the app should ask [`computer_move`] for the next move.
    pub fn is_computer_turn(&self) -> bool {
        !self.status().is_over() && self.params.computer_colour() == Some(self.side_to_move())
    }

    /// The colour that made five, once someone did.
    pub fn winner(&self) -> Option<Colour> {
        let first = self.winning_line.as_ref()?.first()?;
        self.board.get(*first)
    }

    /// The winning five (or more, under freestyle), in board order along its line.
    pub fn winning_line(&self) -> Option<&[Point]> {
        self.winning_line.as_deref()
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn rule(&self) -> Rule {
        self.params.rule
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones in the order they were played; black played the even-numbered ones.
    pub fn moves(&self) -> &[Point] {
        self.board.history()
    }
}

impl Game for Gomoku {
    type Params = Params;
    type Move = Move;
    type View = View;

    const KIND: GameKind = KIND;

    /// Every combination of settings is playable, so this never fails.
    fn new(params: &Params, seed: u64) -> Result<Self, RuleError> {
        Ok(Gomoku { params: params.clone(), seed, board: Board::default(), winning_line: None })
    }

    fn apply(&mut self, mv: &Move) -> Result<Applied, RuleError> {
        self.play(*mv).map(|_| Applied::Move)
    }

    fn status(&self) -> Status {
        match self.winner() {
            Some(winner) => match self.params.computer_colour() {
                Some(computer) if computer == winner => Status::Lost,
                _ => Status::Won,
            },
            None if self.board.is_full() => Status::Draw,
            None => Status::Playing,
        }
    }

    fn view(&self) -> View {
        View::of(self)
    }

    /// The rule, then the opponent: `"freestyle-human"`, `"exactFive-hard"`.
    fn category(&self) -> String {
        info::category(self.params.rule, self.params.opponent)
    }

    fn computer_to_move(&self) -> bool {
        self.is_computer_turn()
    }

    fn computer_move(&self, cancel: &AtomicBool) -> Option<Move> {
        computer_move(self, self.params.opponent.level()?, cancel)
    }

    /// Only wins against the computer are records: fewest stones of the player first, then the
    /// shorter time.
    fn rank_key(&self, elapsed_ms: u64) -> Option<i64> {
        if self.params.opponent.level().is_none() || self.status() != Status::Won {
            return None;
        }
        let played = self.moves().len() as i64;
        let stones = match self.params.human_colour {
            Colour::Black => (played + 1) / 2,
            Colour::White => played / 2,
        };
        // Times past ten billion milliseconds (115 days) tie; the stones decide first.
        const TIME_SPAN: i64 = 10_000_000_000;
        let time = i64::try_from(elapsed_ms).unwrap_or(i64::MAX).min(TIME_SPAN - 1);
        Some(stones * TIME_SPAN + time)
    }
}

#[cfg(test)]
mod tests;
