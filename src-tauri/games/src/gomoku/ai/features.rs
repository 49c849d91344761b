//! The evaluation's features, public for fitting its weights (the lab's `gomoku_tune`, a Texel
//! tuning on the engine's own games).
//!
//! The evaluation ([`eval::value`](super::eval)) is linear in what the candidate points make:
//! for each side, how many lines of a point hold each shape, and how many points make a
//! four-three or a double three. [`quiet_features`] counts them in a position,
//! [`todays_weights`] gives the weight the evaluation puts on each, so a model fitted to games'
//! results can be read in the evaluation's own units.

use super::eval::TEMPO;
use super::position::Position;
use super::threat::{DOUBLE_THREE, FOUR_THREE, SHAPE_VALUE};
use crate::gomoku::Gomoku;

/// Features a side: shapes One to Four, then points making a four-three and a double three.
pub const PER_SIDE: usize = 8;
/// The side to move's [`PER_SIDE`] counts, then the waiting side's.
pub const FEATURES: usize = 2 * PER_SIDE;
/// The name of each of a side's features, in order.
pub const NAMES: [&str; PER_SIDE] =
    ["one", "two", "open two", "three", "open three", "four", "four-three", "double three"];

/// The counts of a quiet position, or `None` if a side has a five or an open four to make (the
/// game is decided there, so its result says nothing of the weights).
pub fn quiet_features(game: &Gomoku) -> Option<[u32; FEATURES]> {
    let pos = Position::of(game);
    if pos.totals().iter().any(|t| t.fives > 0 || t.unstoppable > 0) {
        return None;
    }
    let me = pos.to_move();
    let mut f = [0; FEATURES];
    pos.for_each_candidate(|p| {
        for (side, colour) in [me, me.other()].into_iter().enumerate() {
            let counts = &mut f[side * PER_SIDE..][..PER_SIDE];
            for shape in (0..4).map(|d| pos.shape(p, colour, d) as usize).filter(|s| (1..=6).contains(s)) {
                counts[shape - 1] += 1;
            }
            let t = pos.threat(p, colour);
            counts[6] += (t.fours == 1 && t.open_threes >= 1) as u32;
            counts[7] += (t.fours == 0 && t.open_threes >= 2) as u32;
        }
    });
    Some(f)
}

/// Today's weights of the features for the side to move and for the waiting side (the side to
/// move's are the waiting side's raised by [`TEMPO`](super::eval) percent).
pub fn todays_weights() -> ([f64; PER_SIDE], [f64; PER_SIDE]) {
    let mut waiting = [0.0; PER_SIDE];
    for (i, w) in waiting.iter_mut().enumerate().take(6) {
        *w = SHAPE_VALUE[i + 1] as f64;
    }
    waiting[6] = FOUR_THREE as f64;
    waiting[7] = DOUBLE_THREE as f64;
    (waiting.map(|w| w * (100 + TEMPO) as f64 / 100.0), waiting)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::gomoku::{Opponent, Params, Point};

    fn game_of(moves: &str) -> Gomoku {
        let mut game = Gomoku::new(&Params { opponent: Opponent::Human, ..Params::default() }, 1).unwrap();
        for m in moves.split_whitespace() {
            game.play(Point::parse_notation(m).unwrap().into()).unwrap();
        }
        game
    }

    #[test]
    fn a_quiet_opening_counts_both_sides_shapes() {
        let f = quiet_features(&game_of("H8 I9 G9 I7")).expect("no five or open four to make");
        assert!(f[..PER_SIDE].iter().sum::<u32>() > 0 && f[PER_SIDE..].iter().sum::<u32>() > 0);
    }

    #[test]
    fn an_open_four_to_make_is_not_quiet() {
        // Black has an open three on row 8 and is to move: it can make an open four.
        assert_eq!(quiet_features(&game_of("G8 G10 H8 H10 I8 A1")), None);
    }

    #[test]
    fn the_side_to_move_weighs_more() {
        let (to_move, waiting) = todays_weights();
        assert!(to_move.iter().zip(&waiting).all(|(m, w)| m > w && *w > 0.0));
    }
}
