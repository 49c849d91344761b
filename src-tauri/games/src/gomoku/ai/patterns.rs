//! A learned pattern evaluation (issue #61): for every candidate point, the line shapes a stone
//! there would make in its four directions (each read from the ten cells around the point, the
//! board's edge included: [`super::shape`]) are combined into one pattern of the point, and a
//! table learned from self-play gives that pattern's value, once for the side to move's stones
//! ("own") and once for the other side's ("against"). The table's sum over the candidates is
//! added to today's hand-made evaluation (which is itself such a sum, of the shapes' values and
//! their combinations' bonuses): the table learns what today's evaluation misses. A whole table
//! fitted alone (this file's first version, commit e399e69) predicted the games' outcomes better
//! than today's evaluation yet lost the ladder badly (docs/ENGINES.md).
//!
//! A point's pattern is the multiset of its four shapes (the directions are alike: a three
//! across and a three down are the same pattern), so there are C(12, 4) = 495 patterns a side:
//! 990 weights, learned by logistic regression on outcomes and search scores in the lab
//! (`gomoku_patterns points`, docs/ENGINES.md), and shipped in `patterns.bin`, built in at
//! compile time. The search position keeps both sides' sums incrementally (its running totals
//! over the candidates, saved and restored with every move and take-back), so a leaf's value is
//! one addition; the table also orders the moves, each point's pattern value being its prior.
//!
//! Nothing here is used unless a search's [`Limits`](super::Limits) ask for it (the lab's
//! ladders and self-play do): the shipped engine keeps today's hand-made evaluation until a
//! ladder shows the learned one stronger.

use super::super::board::Colour;
use super::super::Gomoku;
use super::position::Position;
use super::shape::Shape;

/// Line shapes (the [`Shape`] values).
const SHAPES: usize = 9;
/// Ordered four-direction codes: the four shapes in base 9.
pub const ORDERED: usize = SHAPES * SHAPES * SHAPES * SHAPES;
/// Patterns a side: multisets of four shapes.
pub const PATTERNS: usize = 495;
/// The weights file's magic (format version 1): then [`PATTERNS`] "own" weights and as many
/// "against" weights, each an `i16`, little-endian, in the engine's units.
pub const MAGIC: &[u8; 8] = b"PGPAT001";
/// The weights file's length.
pub const FILE_BYTES: usize = MAGIC.len() + 2 * PATTERNS * 2;

/// The weights shipped with the engine.
static BUILTIN: PatternWeights = match PatternWeights::parse(include_bytes!("patterns.bin")) {
    Some(weights) => weights,
    None => panic!("patterns.bin is not a weights file"),
};

/// A learned table, expanded to the ordered codes the position keeps (so a lookup needs no sort).
#[derive(Debug, PartialEq, Eq)]
pub struct PatternWeights {
    own: [i16; ORDERED],
    against: [i16; ORDERED],
}

/// How a search uses a table: for the leaves' evaluation, for move ordering, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patterns {
    pub weights: &'static PatternWeights,
    pub eval: bool,
    pub ordering: bool,
}

impl Patterns {
    /// The shipped table, for the evaluation and the move ordering.
    pub fn builtin() -> Patterns {
        Patterns { weights: &BUILTIN, eval: true, ordering: true }
    }
}

/// The pattern (multiset) index of four shapes given as their values, in any order.
pub const fn pattern_of(shapes: [usize; 4]) -> usize {
    // Sort the four (a tiny network), then count the multisets before (a, b, c, d) in
    // lexicographic order of sorted tuples.
    let mut s = shapes;
    let mut i = 0;
    while i < 4 {
        let mut j = i + 1;
        while j < 4 {
            if s[j] < s[i] {
                let t = s[i];
                s[i] = s[j];
                s[j] = t;
            }
            j += 1;
        }
        i += 1;
    }
    // Multisets of size k from values v..SHAPES: C(SHAPES - v + k - 1, k).
    let mut index = 0;
    let mut from = 0;
    let mut k = 4;
    let mut at = 0;
    while at < 4 {
        let mut v = from;
        while v < s[at] {
            index += multisets(SHAPES - v, k - 1);
            v += 1;
        }
        from = s[at];
        k -= 1;
        at += 1;
    }
    index
}

/// Multisets of size `k` from `n` values: C(n + k - 1, k).
const fn multisets(n: usize, k: usize) -> usize {
    let (mut num, mut den, mut i) = (1usize, 1usize, 0usize);
    while i < k {
        num *= n + i;
        den *= i + 1;
        i += 1;
    }
    num / den
}

/// The four shapes of an ordered code (one byte each, as the position packs them).
#[inline]
fn ordered_of_packed(packed: u32) -> usize {
    let b = |d: u32| (packed >> (8 * d) & 0xff) as usize;
    b(0) + SHAPES * (b(1) + SHAPES * (b(2) + SHAPES * b(3)))
}

impl PatternWeights {
    /// The table in a weights file's bytes, or `None` if they are not one.
    pub const fn parse(bytes: &[u8]) -> Option<PatternWeights> {
        if bytes.len() != FILE_BYTES {
            return None;
        }
        let mut m = 0;
        while m < MAGIC.len() {
            if bytes[m] != MAGIC[m] {
                return None;
            }
            m += 1;
        }
        let mut weights = PatternWeights { own: [0; ORDERED], against: [0; ORDERED] };
        let mut code = 0;
        while code < ORDERED {
            let shapes = [code % SHAPES, code / SHAPES % SHAPES, code / 81 % SHAPES, code / 729];
            let pattern = pattern_of(shapes);
            let o = MAGIC.len() + 2 * pattern;
            let a = o + 2 * PATTERNS;
            weights.own[code] = i16::from_le_bytes([bytes[o], bytes[o + 1]]);
            weights.against[code] = i16::from_le_bytes([bytes[a], bytes[a + 1]]);
            code += 1;
        }
        Some(weights)
    }

    /// A weights file's bytes for `own` and `against` values of each pattern.
    pub fn file(own: &[i16; PATTERNS], against: &[i16; PATTERNS]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend(own.iter().chain(against).flat_map(|w| w.to_le_bytes()));
        out
    }

    /// The "own" and "against" values of a point whose four shapes are packed one a byte.
    #[inline]
    pub fn point(&self, packed: u32) -> [i32; 2] {
        let code = ordered_of_packed(packed);
        [self.own[code] as i32, self.against[code] as i32]
    }
}

/// The table's part of the position's value for the side to move (added to today's evaluation),
/// from its running totals, when the search evaluates with the table.
#[inline]
pub fn value(pos: &Position) -> Option<i32> {
    pos.patterns().filter(|p| p.eval)?;
    let me = pos.to_move().index();
    let sums = pos.pattern_sums();
    Some(sums[me][0] + sums[1 - me][1])
}

/// The same computed from scratch: every candidate's shapes read from the lines again (for the
/// tests, which compare it with the running totals).
pub fn value_from_scratch(pos: &Position, weights: &PatternWeights) -> i32 {
    let me = pos.to_move();
    let mut sum = 0;
    pos.for_each_candidate(|p| {
        sum += weights.point(packed(pos, p, me))[0] + weights.point(packed(pos, p, me.other()))[1];
    });
    sum
}

/// The table's part of a move's prior for the inner nodes' ordering (added to today's
/// priority): what its point is worth to the side to move plus what it takes from the other
/// side. The root keeps today's order (its iterations reorder it anyway).
#[inline]
pub fn prior(pos: &Position, patterns: &Patterns, point: usize) -> i32 {
    let me = pos.to_move();
    let mine = patterns.weights.point(pos.packed_shapes(point, me))[0];
    let theirs = patterns.weights.point(pos.packed_shapes(point, me.other()))[1];
    mine - theirs
}

/// A point's four shapes for `colour`, packed as the position keeps them, read from the lines.
fn packed(pos: &Position, p: usize, colour: Colour) -> u32 {
    (0..4).fold(0, |acc, d| acc | (pos.shape(p, colour, d) as u32) << (8 * d))
}

/// For the trainer: each candidate point of `game` with the pattern of the side to move's
/// shapes and of the other side's ([`pattern_of`] indices).
pub fn point_patterns(game: &Gomoku) -> Vec<[u16; 2]> {
    let pos = Position::of(game);
    let me = pos.to_move();
    let mut out = Vec::new();
    pos.for_each_candidate(|p| {
        let of = |colour: Colour| pattern_of([0, 1, 2, 3].map(|d| pos.shape(p, colour, d) as usize)) as u16;
        out.push([of(me), of(me.other())]);
    });
    out
}

/// For the trainer: whether the search's leaves would evaluate `game` (rather than settle it by
/// a five to make or block, or an open four made or threatened), so whether it belongs to what
/// the table is fitted on. Positions the self-play search answered by a proven threat line do:
/// leaving them out (as the first fit did) teaches the table that a double three wins nothing.
pub fn evaluated_at_leaves(game: &Gomoku) -> bool {
    Position::of(game).totals().iter().all(|t| t.fives == 0 && t.unstoppable == 0)
}

/// For the trainer's report: today's hand-made evaluation of `game` for the side to move, as the
/// search's leaves compute it.
pub fn todays_value(game: &Gomoku) -> i32 {
    let pos = Position::of(game);
    let me = pos.to_move().index();
    let totals = pos.totals();
    super::eval::value(totals[me].score, totals[1 - me].score)
}

/// A point with no room for five in any direction (every shape [`Shape::None`]).
pub const EMPTY_PATTERN: usize = pattern_of([Shape::None as usize; 4]);

#[cfg(test)]
mod tests {
    use super::super::super::rules::Rule;
    use super::super::super::{Params, Point};
    use super::*;
    use crate::game::Game;
    use proptest::prelude::*;

    /// A table with a different value for every pattern, for the running totals' tests.
    fn varied() -> Patterns {
        let own: [i16; PATTERNS] = std::array::from_fn(|i| (i * 37 % 101) as i16 - 50);
        let against: [i16; PATTERNS] = std::array::from_fn(|i| -((i * 53 % 89) as i16));
        let weights = PatternWeights::parse(&PatternWeights::file(&own, &against)).expect("a table");
        Patterns { weights: Box::leak(Box::new(weights)), eval: true, ordering: true }
    }

    /// A game from the points' moves that the rule allows, stopping before a five.
    fn game_of(points: &[(u8, u8)], rule: Rule) -> Gomoku {
        let mut game = Gomoku::new(&Params { rule, ..Params::default() }, 1).unwrap();
        for &(x, y) in points {
            let mut next = game.clone();
            if next.play(Point { x, y }.into()).is_ok() && next.winner().is_none() {
                game = next;
            }
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// After any moves and take-backs, the running totals' learned value is the one
        /// computed from scratch, under every rule.
        #[test]
        fn the_running_value_equals_a_fresh_one(
            start in proptest::collection::vec((0u8..15, 0u8..15), 0..30),
            steps in proptest::collection::vec((0u8..15, 0u8..15, 0u8..3), 0..60),
            rule in proptest::sample::select(Rule::ALL.to_vec()),
        ) {
            let patterns = varied();
            let game = game_of(&start, rule);
            let mut pos = Position::with_patterns(&game, Some(patterns));
            prop_assert_eq!(value(&pos), Some(value_from_scratch(&pos, patterns.weights)));
            let mut played = Vec::new();
            for (x, y, action) in steps {
                let p = Point { x, y }.index();
                if action == 0 && !played.is_empty() {
                    pos.unmake(played.pop().unwrap());
                } else if pos.get(p).is_none() && !pos.is_full() {
                    pos.make(p);
                    played.push(p);
                }
                prop_assert_eq!(value(&pos), Some(value_from_scratch(&pos, patterns.weights)));
            }
            while let Some(p) = played.pop() {
                pos.unmake(p);
            }
            prop_assert_eq!(value(&pos), Some(value_from_scratch(&pos, patterns.weights)));
            let fresh = Position::with_patterns(&game, Some(patterns));
            prop_assert_eq!((pos.totals(), pos.pattern_sums()), (fresh.totals(), fresh.pattern_sums()));
        }
    }

    /// Fixed positions (moves in notation, each rule) and the built-in table's value of each for
    /// the side to move: a changed `patterns.bin` changes them, so it is a conscious change.
    const FIXED: [(&str, Rule, i32); 4] = [
        ("H8 I9 H9 H10 I8", Rule::Freestyle, -483),
        ("F7 F9 J7 E8 I6 E10 H5 G4", Rule::Freestyle, -610),
        ("H8 G7 J6 G9 H6 G8 G6 I6 I7 H7 F9 F7 G5 J8 E6 E7 D7 D6", Rule::Renju, -1106),
        ("J6 G8 H10 H9 I10 G10 G9 F8 I8 E8 H8 I7 J8 F9", Rule::Caro, 1430),
    ];

    #[test]
    fn the_built_in_table_gives_the_committed_values() {
        let got: Vec<i32> = FIXED
            .iter()
            .map(|&(moves, rule, _)| {
                let mut game = Gomoku::new(&Params { rule, ..Params::default() }, 1).unwrap();
                for name in moves.split_whitespace() {
                    game.play(Point::parse_notation(name).unwrap().into()).unwrap();
                }
                let pos = Position::with_patterns(&game, Some(Patterns::builtin()));
                assert_eq!(value(&pos), Some(value_from_scratch(&pos, &BUILTIN)));
                value(&pos).expect("the table evaluates")
            })
            .collect();
        assert_eq!(got, FIXED.map(|(_, _, want)| want));
    }

    #[test]
    fn patterns_are_multisets_numbered_densely() {
        let mut seen = vec![false; PATTERNS];
        for code in 0..ORDERED {
            let shapes = [code % 9, code / 9 % 9, code / 81 % 9, code / 729];
            let p = pattern_of(shapes);
            assert!(p < PATTERNS);
            seen[p] = true;
            let mut turned = shapes;
            turned.rotate_left(1);
            assert_eq!(pattern_of(turned), p);
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(EMPTY_PATTERN, 0);
        assert_eq!(pattern_of([8; 4]), PATTERNS - 1);
    }

    #[test]
    fn a_weights_file_round_trips() {
        let own: [i16; PATTERNS] = std::array::from_fn(|i| i as i16 - 200);
        let against: [i16; PATTERNS] = std::array::from_fn(|i| 7 - i as i16);
        let bytes = PatternWeights::file(&own, &against);
        assert_eq!(bytes.len(), FILE_BYTES);
        let w = PatternWeights::parse(&bytes).expect("parsed");
        let packed = u32::from_le_bytes([5, 1, 0, 7]);
        let p = pattern_of([5, 1, 0, 7]);
        assert_eq!(w.point(packed), [own[p] as i32, against[p] as i32]);
        assert!(PatternWeights::parse(&bytes[1..]).is_none());
    }
}
