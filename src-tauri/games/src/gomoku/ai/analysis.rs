//! The study board's look at a position: the engine's value of it from black's side, the
//! forced win when it finds one, its principal variation, and its three best moves with their
//! values.
//!
//! The search finds one best move, so the second and third are found by searching again with
//! the better ones left out of the root ([`Turn::weigh`](super::Turn::weigh) with `excluded`):
//! three searches, the first with half the time and the others a quarter each. Those two only search (they skip
//! the hunt for a forced win, which the first search already made for the position), so each
//! gets a value from the same main search and the three can be compared.
//!
//! A forced reply (a five to block, a single sensible move) is played without weighing it, so
//! its search says nothing of the position; the look then goes on from the position after it,
//! as [`super::evaluate`] does, and puts the reply at the head of the line.
//!
//! The line shown is the engine's expected play, replayed through the rules here and cut at
//! its first move the rules refuse (a point Renju forbids black, a stone after a five): the
//! search's table may hold such a move, the board must not show it.

use super::super::board::{Colour, Point};
use super::super::{Gomoku, Move};
use super::{search_in_memory, search_without, Decision, ForcedWin, Limits, Memory, SearchResult};
use crate::game::Game;
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// How many best moves the board lists.
pub const CHOICES: usize = 3;

/// How many forced replies in a row are played through before the position is weighed.
const FORCED_REPLIES: u32 = 12;

/// One of the engine's best moves and its value (black's side), with its expected line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub point: Point,
    /// From black's side: positive is good for black; from [`super::WIN_SCORE`] up black
    /// wins by force, from minus it down white does.
    pub score: i32,
}

/// What the engine thinks of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// The position's value from black's side (as in [`Choice::score`]).
    pub score: i32,
    /// The forced win the engine found, whose and its line (moves and answers, to the five).
    pub forced_win: Option<ForcedWin>,
    /// The expected play from the position, the side to move's move first; every move legal.
    pub line: Vec<Point>,
    /// The best moves, best first: up to [`CHOICES`], fewer when only one move makes sense.
    pub choices: Vec<Choice>,
    /// The main search's depth, in moves.
    pub depth: u8,
    /// Positions visited by the three searches.
    pub nodes: u64,
}

/// The engine's analysis of `game` for the side to move within `limits` (shared among the
/// searches), or `None` once the game is over.
pub fn analyse(game: &Gomoku, limits: &Limits, cancel: &AtomicBool) -> Option<Analysis> {
    analyse_past_replies(game, limits, cancel, FORCED_REPLIES, None)
}

/// [`analyse`], starting from what earlier looks at the position learnt and keeping what this
/// one learns in `memory` (see [`Memory`]): the board's rounds each build on the one before.
pub fn analyse_remembering(
    game: &Gomoku,
    limits: &Limits,
    cancel: &AtomicBool,
    memory: &mut Memory,
) -> Option<Analysis> {
    analyse_past_replies(game, limits, cancel, FORCED_REPLIES, Some(memory))
}

fn analyse_past_replies(
    game: &Gomoku,
    limits: &Limits,
    cancel: &AtomicBool,
    replies: u32,
    mut memory: Option<&mut Memory>,
) -> Option<Analysis> {
    if game.status().is_over() {
        return None;
    }
    let black = game.side_to_move() == Colour::Black;
    let first = search_in_memory(game, &share(limits, 2), cancel, memory.as_deref_mut());
    let best = first.best.and_then(|mv| game.board().point(mv.x, mv.y))?;
    if replies > 0 && matches!(first.decision, Decision::Block | Decision::Only) {
        let mut after = game.clone();
        if after.play(best.into()).is_ok() {
            if let Some(mut later) = analyse_past_replies(&after, limits, cancel, replies - 1, memory.as_deref_mut()) {
                later.line.insert(0, best);
                later.choices = vec![choice(best, later.score)];
                later.nodes += first.nodes;
                return Some(later);
            }
        }
    }
    let from_black = |score: i32| if black { score } else { -score };
    let mut analysis = Analysis {
        score: from_black(first.score),
        forced_win: first.forced_win.as_deref().map(|line| forced(game, line)),
        line: legal_line(game, &first.pv),
        choices: vec![choice(best, from_black(first.score))],
        depth: first.depth,
        nodes: first.nodes,
    };
    if has_alternatives(&first) {
        add_alternatives(game, limits, cancel, &mut analysis, from_black, memory);
    }
    Some(analysis)
}

/// Whether other moves are worth weighing: not when one move is forced or wins at once.
fn has_alternatives(first: &SearchResult) -> bool {
    matches!(first.decision, Decision::Search | Decision::Fours | Decision::Threes)
}

/// The second and third best moves: the search again with the better ones left out.
fn add_alternatives(
    game: &Gomoku,
    limits: &Limits,
    cancel: &AtomicBool,
    analysis: &mut Analysis,
    from_black: impl Fn(i32) -> i32,
    mut memory: Option<&mut Memory>,
) {
    while analysis.choices.len() < CHOICES {
        let excluded: Vec<usize> = analysis.choices.iter().map(|c| c.point.index()).collect();
        let Some(next) = search_without(game, &share(limits, 4), &excluded, cancel, memory.as_deref_mut()) else {
            break;
        };
        let Some(point) = next.best.and_then(|mv| game.board().point(mv.x, mv.y)) else { break };
        analysis.nodes += next.nodes;
        analysis.choices.push(choice(point, from_black(next.score)));
    }
}

fn choice(point: Point, score: i32) -> Choice {
    Choice { point, score }
}

/// A share (1 / `parts`) of the time and nodes of `limits`.
fn share(limits: &Limits, parts: u32) -> Limits {
    Limits { time: limits.time.map(|t| t / parts), nodes: limits.nodes.map(|n| n / u64::from(parts)), ..limits.clone() }
}

/// The side to move's forced win along `line`, as far as the rules take it.
fn forced(game: &Gomoku, line: &[Move]) -> ForcedWin {
    let line = legal_line(game, line).into_iter().map(Move::from).collect();
    ForcedWin { winner: game.side_to_move(), line }
}

/// The moves of `line` from `game` as far as the rules take them.
fn legal_line(game: &Gomoku, line: &[Move]) -> Vec<Point> {
    let mut after = game.clone();
    line.iter()
        .map_while(|&mv| {
            let point = game.board().point(mv.x, mv.y)?;
            after.play(mv).ok().map(|_| point)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::super::{Params, Rule};
    use super::super::WIN_SCORE;
    use super::*;
    use crate::rng::seeded;
    use rand::Rng;

    fn game_of(rule: Rule, stones: &[&str]) -> Gomoku {
        let mut game = Gomoku::new(&Params { rule, ..Params::default() }, 5).unwrap();
        for name in stones {
            game.play(Point::parse_notation(name).unwrap().into()).unwrap();
        }
        game
    }

    fn look(game: &Gomoku, nodes: u64) -> Analysis {
        analyse(game, &Limits::nodes(nodes), &AtomicBool::new(false)).expect("the game goes on")
    }

    /// A position of `stones` random stones near the centre that the rule allows, no five.
    fn random_position(rule: Rule, seed: u64, stones: usize) -> Gomoku {
        let mut rng = seeded(seed);
        let mut game = Gomoku::new(&Params { rule, ..Params::default() }, seed).unwrap();
        while game.moves().len() < stones {
            let mv = Move { x: rng.random_range(3..12), y: rng.random_range(3..12) };
            let mut next = game.clone();
            if next.play(mv).is_ok() && !next.status().is_over() {
                game = next;
            }
        }
        game
    }

    #[test]
    fn an_open_three_to_make_a_four_of_is_a_forced_win_shown_from_blacks_side() {
        // White to move with an open three (F9-H9) and black scattered: white wins by force.
        let game = game_of(Rule::Freestyle, &["A1", "F9", "C1", "G9", "E1", "H9", "A15"]);
        let analysis = look(&game, 40_000);
        let forced = analysis.forced_win.expect("a forced win");
        assert_eq!(forced.winner, Colour::White);
        assert!(analysis.score <= -WIN_SCORE, "black's side sees a loss: {}", analysis.score);
        let mut after = game.clone();
        for mv in &forced.line {
            after.play(*mv).unwrap();
        }
        assert_eq!(after.winner(), Some(Colour::White), "the line ends in white's five");
    }

    #[test]
    fn a_four_to_block_is_the_only_choice_and_heads_the_line() {
        // Black has four (D8-G8) with C8 taken: white must block at H8.
        let game = game_of(Rule::Freestyle, &["D8", "C8", "E8", "A1", "F8", "A3", "G8"]);
        let analysis = look(&game, 20_000);
        assert_eq!(analysis.choices.len(), 1);
        assert_eq!(analysis.choices[0].point.notation(), "H8");
        assert_eq!(analysis.line.first().map(|p| p.notation()), Some("H8".into()));
    }

    #[test]
    fn the_line_and_the_choices_are_legal_under_every_rule() {
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            for seed in 0..6 {
                let game = random_position(rule, seed, 6 + 2 * seed as usize);
                let analysis = look(&game, 6_000);
                let mut after = game.clone();
                for &p in &analysis.line {
                    after.play(p.into()).unwrap_or_else(|e| panic!("{rule:?} seed {seed}: {p:?} {e}"));
                }
                assert!(!analysis.line.is_empty() && analysis.line[0] == analysis.choices[0].point);
                assert!(!analysis.choices.is_empty() && analysis.choices.len() <= CHOICES);
                for (i, choice) in analysis.choices.iter().enumerate() {
                    assert!(game.clone().play(choice.point.into()).is_ok(), "{rule:?} seed {seed}: {choice:?}");
                    assert!(analysis.choices[..i].iter().all(|c| c.point != choice.point), "distinct");
                }
            }
        }
    }

    /// The board's rounds share a memory: a second look at the same position with the same
    /// budget starts where the first stopped and mostly goes deeper, where a fresh look only
    /// repeats the first (searches limited by nodes are the same every time).
    #[test]
    fn rounds_that_share_a_memory_go_deeper_than_fresh_ones() {
        // Quiet positions only: a forced win ends a search before any depth.
        let quiet = (0..40)
            .map(|seed| (seed, random_position(Rule::Freestyle, seed, 6)))
            .filter(|(_, game)| look(game, 20_000).depth >= 2)
            .take(3);
        let (mut tried, mut deeper) = (0, 0);
        for (seed, game) in quiet {
            let fresh = [look(&game, 20_000).depth, look(&game, 20_000).depth];
            assert_eq!(fresh[0], fresh[1], "seed {seed}");
            let mut memory = Memory::new();
            let limits = Limits::nodes(20_000);
            let cancel = AtomicBool::new(false);
            let first = analyse_remembering(&game, &limits, &cancel, &mut memory).unwrap();
            let second = analyse_remembering(&game, &limits, &cancel, &mut memory).unwrap();
            assert_eq!(first.depth, fresh[0], "seed {seed}: an empty memory changes nothing");
            assert!(second.depth >= first.depth, "seed {seed}: depth {} then {}", first.depth, second.depth);
            deeper += usize::from(second.depth > first.depth);
            tried += 1;
        }
        assert_eq!(tried, 3, "three quiet positions");
        // Not every time: a ply more may need more than the budget even with the first done.
        assert!(deeper >= 2, "{deeper} of 3 went deeper");
    }

    #[test]
    fn a_finished_game_has_no_analysis() {
        let game = game_of(Rule::Freestyle, &["D8", "D9", "E8", "E9", "F8", "F9", "G8", "G9", "H8"]);
        assert!(analyse(&game, &Limits::nodes(1_000), &AtomicBool::new(false)).is_none());
    }
}
