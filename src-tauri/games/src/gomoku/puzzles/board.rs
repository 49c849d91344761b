//! A puzzle in play. The player plays the attacker; the engine defends with the longest
//! defence ([`prove::longest_defence`]). A move that does not win by force is wrong: the engine
//! answers it with its refutation ([`prove::refutation`]), and `"retry"` takes both back. The
//! first move is right only if it is the puzzle's one winning move; later moves are right when
//! the threat searches prove them winning (another order of fours wins too). `"solution"`
//! goes back to the start and then plays the solution's line, a move each time; `"restart"`
//! goes back to the start.
//!
//! Actions: `{"play":{"x":7,"y":7}}`, `"retry"`, `"solution"`, `"restart"`.

use super::prove::{self, NODES};
use super::{set, Puzzle, WinKind};
use crate::gomoku::{Gomoku, Move, Point};
use crate::puzzle::{Progress, PuzzleBoard, PuzzleError};
use crate::{Game, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Where the puzzle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "camelCase")]
pub enum Phase {
    /// The attacker (the player) to move.
    Solving,
    /// The player's move `wrong` did not win: `reply` refutes it. Retry takes both back.
    Refuted { wrong: Point, reply: Point },
    /// The player made five.
    Solved,
    /// The solution is being shown: `shown` moves of its line are on the board.
    Solution { shown: usize, done: bool },
}

/// An action of the page.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Action {
    Play(Move),
    Retry,
    Solution,
    Restart,
}

/// An open puzzle.
#[derive(Debug, Clone)]
pub struct PuzzleGame {
    puzzle: Puzzle,
    game: Gomoku,
    phase: Phase,
    /// The engine's answer to the player's last right move, shown as its reply.
    reply: Option<Point>,
    wrong_moves: u32,
    shown: bool,
}

/// What the page draws.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PuzzleView {
    puzzle: crate::puzzle::PuzzleSummary,
    board: crate::gomoku::View,
    #[serde(flatten)]
    phase: Phase,
    /// The engine's answer to the player's last right move.
    answer: Option<Point>,
    /// Stones of the puzzle's start (the rest were played here).
    start_stones: usize,
    wrong_moves: u32,
    progress: Progress,
}

impl PuzzleGame {
    pub fn new(puzzle: Puzzle) -> Result<PuzzleGame, PuzzleError> {
        let game = start_of(&puzzle)?;
        Ok(PuzzleGame { puzzle, game, phase: Phase::Solving, reply: None, wrong_moves: 0, shown: false })
    }

    pub fn game(&self) -> &Gomoku {
        &self.game
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player's stone at `mv`: right, the engine replies (or it was the five); wrong, the
    /// engine refutes it. Refused by the rules, or out of turn: nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), PuzzleError> {
        if self.phase != Phase::Solving {
            return Err(PuzzleError::BadArgument("not the player's turn".into()));
        }
        let side = self.game.board().size().side();
        let p = self.game.board().point(mv.x, mv.y).ok_or(RuleError::OutOfBoard {
            x: mv.x,
            y: mv.y,
            width: side,
            height: side,
        })?;
        let before = self.game.clone();
        let played = self.game.moves().len() - self.puzzle.stones.len();
        let kind = self.judge(&before, p, played);
        self.game.play(mv)?;
        if self.game.winner().is_some() {
            self.phase = Phase::Solved;
            self.reply = None;
            return Ok(());
        }
        // The defender always answers: where the threat searches name no defence (out of
        // nodes), the engine's own move.
        let reply = match kind {
            Some(kind) => self.defence(played, p, kind).or_else(|| prove::refutation(&self.game)),
            None => prove::refutation(&self.game),
        };
        let reply = reply.filter(|&r| self.game.clone().play(r.into()).is_ok());
        if let Some(r) = reply {
            self.game.play(r.into())?;
        }
        match kind {
            Some(_) => {
                self.reply = reply;
                self.phase = Phase::Solving;
            }
            None => {
                self.wrong_moves += 1;
                self.reply = None;
                self.phase = match reply {
                    Some(reply) => Phase::Refuted { wrong: p, reply },
                    None => Phase::Refuted { wrong: p, reply: p },
                };
            }
        }
        Ok(())
    }

    /// The kind of forced win the player's stone at `p` keeps, or `None` for a wrong move.
    fn judge(&self, before: &Gomoku, p: Point, played: usize) -> Option<WinKind> {
        if played == 0 {
            return (p == self.puzzle.line[0]).then_some(self.puzzle.kind);
        }
        if self.follows_line(played) && self.puzzle.line.get(played) == Some(&p) {
            return Some(self.puzzle.kind);
        }
        prove::winning_kind(before, p, NODES)
    }

    /// Whether the moves played so far are the solution's line.
    fn follows_line(&self, played: usize) -> bool {
        self.game.moves()[self.puzzle.stones.len()..] == self.puzzle.line[..played]
    }

    /// The engine's longest defence after the player's right stone `p` (the line's own answer
    /// while the player follows the line).
    fn defence(&self, played: usize, p: Point, kind: WinKind) -> Option<Point> {
        if self.follows_line(played) && self.puzzle.line.get(played) == Some(&p) {
            if let Some(&answer) = self.puzzle.line.get(played + 1) {
                return Some(answer);
            }
        }
        prove::longest_defence(&self.game, kind, NODES)
    }

    /// Takes back the wrong move and its refutation.
    fn retry(&mut self) -> Result<(), PuzzleError> {
        let Phase::Refuted { wrong, reply } = self.phase else {
            return Err(PuzzleError::BadArgument("nothing to retry".into()));
        };
        let back = if wrong == reply { 1 } else { 2 };
        let moves = self.game.moves()[..self.game.moves().len() - back].to_vec();
        self.game = replay(&self.puzzle, &moves)?;
        self.phase = Phase::Solving;
        Ok(())
    }

    /// The next move of the solution, from the start.
    fn show_solution(&mut self) -> Result<(), PuzzleError> {
        let shown = match self.phase {
            Phase::Solution { done: true, .. } => return Err(PuzzleError::BadArgument("the solution is shown".into())),
            Phase::Solution { shown, .. } => shown,
            _ => {
                self.game = start_of(&self.puzzle)?;
                self.shown = true;
                0
            }
        };
        self.game.play(self.puzzle.line[shown].into())?;
        self.reply = None;
        self.phase = Phase::Solution { shown: shown + 1, done: shown + 1 == self.puzzle.line.len() };
        Ok(())
    }

    fn restart(&mut self) -> Result<(), PuzzleError> {
        self.game = start_of(&self.puzzle)?;
        self.reply = None;
        self.phase = Phase::Solving;
        Ok(())
    }
}

fn start_of(puzzle: &Puzzle) -> Result<Gomoku, PuzzleError> {
    replay(puzzle, &puzzle.stones)
}

fn replay(puzzle: &Puzzle, moves: &[Point]) -> Result<Gomoku, PuzzleError> {
    let mut game = set::start(puzzle.rule);
    for &p in moves {
        game.play(p.into())?;
    }
    Ok(game)
}

impl PuzzleBoard for PuzzleGame {
    fn id(&self) -> &str {
        &self.puzzle.id
    }

    fn view(&self) -> Value {
        let view = PuzzleView {
            puzzle: self.puzzle.summary(0),
            board: self.game.view(),
            phase: self.phase,
            answer: self.reply,
            start_stones: self.puzzle.stones.len(),
            wrong_moves: self.wrong_moves,
            progress: self.progress(),
        };
        serde_json::to_value(view).unwrap_or_default()
    }

    fn act(&mut self, action: &Value) -> Result<(), PuzzleError> {
        let action: Action = serde_json::from_value(action.clone())
            .map_err(|e| PuzzleError::BadArgument(format!("not a puzzle action: {e}")))?;
        match action {
            Action::Play(mv) => self.play(mv),
            Action::Retry => self.retry(),
            Action::Solution => self.show_solution(),
            Action::Restart => self.restart(),
        }
    }

    fn progress(&self) -> Progress {
        Progress { solved: self.phase == Phase::Solved, clean: self.wrong_moves == 0 && !self.shown }
    }
}
