//! The review of a finished game: the engine looks at the position before every stone and
//! tells how the game went, for both players alike (a two-player game too).
//!
//! - `evaluations`: after each stone, the engine's value from black's point of view, clamped to
//!   ±[`SHOWN_WIN`] (a forced win or a five shows as the end of the scale).
//! - `mistakes`: stones after which the mover's value fell by at least [`MISTAKE`] engine units
//!   ("mistake") or [`BLUNDER`] ("blunder", also any stone that throws away a forced win or walks
//!   into a forced loss), each with the engine's better stone there.
//! - `forcedWin`: the first position from which a side had a win by force, and whose.
//!
//! The thresholds are in the engine's units, where an open three is worth about 1,000 and an
//! open four wins: a mistake gives away about half an open three, a blunder two of them.

use super::ai::{evaluate, Limits, WIN_SCORE};
use super::board::{BoardSize, Colour};
use super::opening::Phase;
use super::{Action, Gomoku, Move};
use crate::Game;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

pub const MISTAKE: i32 = 500;
pub const BLUNDER: i32 = 2_000;
pub const SHOWN_WIN: i32 = 10_000;

/// The engine's look at each position: reproducible, about 20 ms in a release build.
const NODES_PER_POSITION: u64 = 20_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub evaluations: Vec<Evaluated>,
    pub mistakes: Vec<Mistake>,
    pub forced_win: Option<FirstForcedWin>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evaluated {
    /// 1-based: the stone's number in the move list.
    pub stone: usize,
    pub notation: String,
    pub colour: Colour,
    /// From black's point of view, after this stone.
    pub score: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mistake {
    pub stone: usize,
    pub notation: String,
    pub colour: Colour,
    /// "mistake" or "blunder".
    pub kind: &'static str,
    /// How much the mover's value fell, clamped like the evaluations.
    pub drop: i32,
    /// The engine's stone in its place.
    pub better: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FirstForcedWin {
    /// The stone after which the win by force existed (0: before the first).
    pub after_stone: usize,
    pub winner: Colour,
}

impl Gomoku {
    /// Reviews the game `actions` (as logged) make from this game's parameters and `seed`.
    pub fn review(&self, seed: u64, actions: &[Action], cancel: &AtomicBool) -> Option<Review> {
        let mut game = Gomoku::new(&self.params, seed).ok()?;
        let limits = Limits::nodes(NODES_PER_POSITION);
        let mut review = Review { evaluations: Vec::new(), mistakes: Vec::new(), forced_win: None };
        let mut before = evaluate(&game, Colour::Black, &limits, cancel);
        for action in actions {
            let stone = matches!(action, Action::Stone(_)) && game.phase() == Phase::Done;
            let mover = game.side_to_move();
            game.apply(action).ok()?;
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let after = evaluate(&game, Colour::Black, &limits, cancel);
            if let (true, Action::Stone(mv)) = (stone, action) {
                let number = game.moves().len();
                let name = notation(game.board().size(), *mv)?;
                let shown = |score: i32| score.clamp(-SHOWN_WIN, SHOWN_WIN);
                review.evaluations.push(Evaluated {
                    stone: number,
                    notation: name.clone(),
                    colour: mover,
                    score: shown(after.score),
                });
                let sign = if mover == Colour::Black { 1 } else { -1 };
                let drop = shown(sign * before.score) - shown(sign * after.score);
                let threw_away = sign * before.score >= WIN_SCORE && sign * after.score < WIN_SCORE;
                let walked_into = sign * before.score > -WIN_SCORE && sign * after.score <= -WIN_SCORE;
                let kind = if drop >= BLUNDER || threw_away || walked_into {
                    Some("blunder")
                } else {
                    (drop >= MISTAKE).then_some("mistake")
                };
                if let Some(kind) = kind {
                    let better =
                        before.best.filter(|best| best != mv).and_then(|best| notation(game.board().size(), best));
                    review.mistakes.push(Mistake { stone: number, notation: name, colour: mover, kind, drop, better });
                }
                if review.forced_win.is_none() {
                    if let Some(found) = &before.forced_win {
                        review.forced_win = Some(FirstForcedWin { after_stone: number - 1, winner: found.winner });
                    }
                }
            }
            before = after;
        }
        Some(review)
    }
}

fn notation(size: BoardSize, mv: Move) -> Option<String> {
    size.point(mv.x, mv.y).map(|p| size.name(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Params;

    fn stones(list: &[(i64, i64)]) -> Vec<Action> {
        list.iter().map(|&(x, y)| Action::Stone(Move { x, y })).collect()
    }

    #[test]
    fn a_missed_block_is_a_blunder_with_the_block_as_the_better_stone() {
        // Black builds an open three on row 8; white looks away instead of blocking, and black
        // makes an open four and five.
        let game = Gomoku::new(&Params::default(), 1).unwrap();
        let actions = stones(&[(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)]);
        let review = game.review(1, &actions, &AtomicBool::new(false)).unwrap();
        assert_eq!(review.evaluations.len(), 9);
        assert_eq!(review.evaluations.last().unwrap().score, SHOWN_WIN, "black's five");
        let white = review.mistakes.iter().find(|m| m.colour == Colour::White && m.kind == "blunder");
        let white = white.unwrap_or_else(|| panic!("white's blunder is found: {:?}", review.mistakes));
        // The block was on black's row (the 8th).
        assert!(white.better.as_deref().is_some_and(|better| better.ends_with('8')), "{white:?}");
        // Black's open four (stone 7) and five are no mistakes.
        let black = review.mistakes.iter().filter(|m| m.colour == Colour::Black && m.stone >= 7).collect::<Vec<_>>();
        assert!(black.is_empty(), "{black:?}");
        let forced = review.forced_win.as_ref().expect("black had a win by force");
        assert_eq!(forced.winner, Colour::Black);
        assert!(forced.after_stone <= 6, "{forced:?}");
    }

    #[test]
    fn a_cancelled_review_gives_nothing() {
        let game = Gomoku::new(&Params::default(), 1).unwrap();
        let cancel = AtomicBool::new(true);
        assert_eq!(game.review(1, &stones(&[(7, 7), (8, 8)]), &cancel), None);
    }
}
