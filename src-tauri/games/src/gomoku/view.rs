//! What the UI draws: the stones, the move list, the result and the settings.

use super::board::{Board, Colour, Point, POINTS, SIZE};
use super::params::Opponent;
use super::rules::Rule;
use super::Gomoku;
use crate::game::{Game, Status};
use serde::Serialize;

/// One played stone: `{"x":7,"y":7,"colour":"black","notation":"H8"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    pub x: u8,
    pub y: u8,
    pub colour: Colour,
    pub notation: String,
}

/// The whole game as the player sees it (Gomoku hides nothing). Serialised in camelCase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// Intersections per side: 15.
    pub size: usize,
    /// `size * size` codes, row by row from the top (index `y * 15 + x`):
    /// 0 empty, 1 black, 2 white.
    pub stones: Vec<u8>,
    /// Every stone in the order played (the move history).
    pub moves: Vec<MoveView>,
    pub last_move: Option<MoveView>,
    /// The winning five (or more under freestyle) in order along its line; `null` otherwise.
    pub winning_line: Option<Vec<Point>>,
    pub winner: Option<Colour>,
    /// Who plays next; `null` once the game is over.
    pub side_to_move: Option<Colour>,
    /// Whether the next move is the computer's (the UI shows it thinking and ignores clicks).
    pub computer_to_move: bool,
    pub status: Status,
    pub rule: Rule,
    pub opponent: Opponent,
    /// The human's colour against the computer (carried, but meaningless, between two humans).
    pub human_colour: Colour,
    pub black_name: String,
    pub white_name: String,
}

impl View {
    pub fn of(game: &Gomoku) -> View {
        let board = game.board();
        let params = game.params();
        let status = game.status();
        let moves: Vec<MoveView> =
            board.history().iter().enumerate().map(|(n, &p)| move_view(p, Board::colour_of_move(n))).collect();
        View {
            size: SIZE,
            stones: stone_codes(board),
            last_move: moves.last().cloned(),
            moves,
            winning_line: game.winning_line().map(<[Point]>::to_vec),
            winner: game.winner(),
            side_to_move: (!status.is_over()).then(|| game.side_to_move()),
            computer_to_move: game.is_computer_turn(),
            status,
            rule: params.rule,
            opponent: params.opponent,
            human_colour: params.human_colour,
            black_name: params.black_name.clone(),
            white_name: params.white_name.clone(),
        }
    }
}

fn move_view(p: Point, colour: Colour) -> MoveView {
    MoveView { x: p.x, y: p.y, colour, notation: p.notation() }
}

fn stone_codes(board: &Board) -> Vec<u8> {
    (0..POINTS).map(|i| board.get(Point::from_index(i)).map_or(0, Colour::code)).collect()
}
