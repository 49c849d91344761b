//! What the player sees: the field, the selection with its points and outline, the score.

use super::colour::Colour;
use super::group;
use super::mask::Mask;
use super::scoring::Scoring;
use super::style::Style;
use super::Bubbles;
use crate::Status;
use serde::{Deserialize, Serialize};

/// The player's view. Bubble Breaker hides nothing, so this is the whole position except the
/// random generator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub width: usize,
    pub height: usize,
    /// How many colours the field is dealt and refilled in, 2 to 6; absent for the original's 5 (a
    /// view of the original's game is what it was before fields had sizes: the committed corpus
    /// holds such views).
    #[serde(default = "five", skip_serializing_if = "is_five")]
    pub colours: u8,
    /// `width * height` codes row by row from the top left (cell (x, y) is at `y * width + x`):
    /// 0 empty, 1 red, 2 green, 3 yellow, 4 blue, 5 purple, 6 cyan.
    pub cells: Vec<u8>,
    /// The selected group (two balls or more), row by row; `None` when nothing is selected.
    pub selection: Option<Vec<Cell>>,
    /// What popping the selection would score in the game's scoring, n(n-1) or (n-2)² (0 for a
    /// pair in the classic scoring); `None` when nothing is selected.
    pub selection_points: Option<i64>,
    /// How many balls each cell's group holds, row by row as `cells`: 1 for a lone ball, 0 for a
    /// hole; what the page says of a cell ("group of 4") without flooding the field itself.
    /// `None` once the game is over: no group of two is left then, and a finished game's view
    /// stays as the Pastimes that recorded it showed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_sizes: Option<Vec<u16>>,
    /// Each cell's group of two balls or more, row by row as `cells`: groups are numbered from 1
    /// in the order of their first cell, 0 is a hole or a lone ball. What the page highlights
    /// under the pointer, whole, without flooding the field itself. `None` once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<u16>>,
    /// What popping each group of `groups` would score in the game's scoring (`groupPoints[k - 1]`
    /// for group k): the points shown while the pointer is over it. `None` once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_points: Option<Vec<i64>>,
    /// The sides of selected cells that face a cell outside the selection or the field's edge:
    /// drawing these outlines the group (the original's white border). `None` when nothing is selected.
    pub selection_outline: Option<Vec<Edge>>,
    pub score: i64,
    pub style: Style,
    /// The scoring; absent for the original's own, `"original"`.
    #[serde(default, skip_serializing_if = "Scoring::is_default")]
    pub scoring: Scoring,
    /// Whether the game was started from a position file (it never ranks); absent when not.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_position: bool,
    pub status: Status,
    pub balls_left: u32,
    /// The balls left of each colour, for statistics and screen readers.
    pub colour_counts: ColourCounts,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub x: usize,
    pub y: usize,
}

/// One side of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub x: usize,
    pub y: usize,
    pub side: Side,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ColourCounts {
    pub red: u32,
    pub green: u32,
    pub yellow: u32,
    pub blue: u32,
    pub purple: u32,
    /// The sixth colour, on six-colour fields only.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cyan: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn five() -> u8 {
    5
}

fn is_five(n: &u8) -> bool {
    *n == 5
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl View {
    pub(super) fn of(game: &Bubbles) -> View {
        let selection = game.selection;
        let selected = !selection.is_empty();
        let counts = game.field.counts();
        let (width, height) = game.size();
        let playing = !game.status.is_over();
        let (groups, group_points) = playing.then(|| numbered_groups(game)).unzip();
        View {
            width,
            height,
            colours: game.colours(),
            cells: game.field.cells().to_vec(),
            selection: selected.then(|| cells(selection, width)),
            selection_points: selected.then(|| game.scoring.points(selection.len())),
            group_sizes: playing.then(|| group::sizes(&game.field)),
            groups,
            group_points,
            selection_outline: selected.then(|| outline(selection, (width, height))),
            score: game.score,
            style: game.style,
            scoring: game.scoring,
            from_position: game.is_from_position(),
            status: game.status,
            balls_left: game.field.balls(),
            colour_counts: ColourCounts {
                red: counts[usize::from(Colour::Red.code())],
                green: counts[usize::from(Colour::Green.code())],
                yellow: counts[usize::from(Colour::Yellow.code())],
                blue: counts[usize::from(Colour::Blue.code())],
                purple: counts[usize::from(Colour::Purple.code())],
                cyan: counts[usize::from(Colour::Cyan.code())],
            },
        }
    }
}

/// Each cell's group number and each group's points (see [`View::groups`]).
fn numbered_groups(game: &Bubbles) -> (Vec<u16>, Vec<i64>) {
    let (numbers, sizes) = group::numbered(&game.field);
    (numbers, sizes.into_iter().map(|size| game.scoring.points(size)).collect())
}

fn cells(mask: Mask, width: usize) -> Vec<Cell> {
    mask.iter().map(|i| Cell { x: i % width, y: i / width }).collect()
}

/// The outer edges of a group: a side is on the outline when the cell beyond it is not in the
/// group. Unlike the original, the field's edge counts as outside too, so a group along the border is
/// closed all round.
pub(super) fn outline(mask: Mask, (width, height): (usize, usize)) -> Vec<Edge> {
    let mut edges = Vec::new();
    let index = |x: usize, y: usize| y * width + x;
    for i in mask.iter() {
        let (x, y) = (i % width, i / width);
        let beyond = [
            (Side::Top, y > 0 && mask.contains(index(x, y - 1))),
            (Side::Right, x + 1 < width && mask.contains(index(x + 1, y))),
            (Side::Bottom, y + 1 < height && mask.contains(index(x, y + 1))),
            (Side::Left, x > 0 && mask.contains(index(x - 1, y))),
        ];
        for (side, inside) in beyond {
            if !inside {
                edges.push(Edge { x, y, side });
            }
        }
    }
    edges
}
