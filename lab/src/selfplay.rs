//! Self-play positions for learning an evaluation (issue #61, item 1): the engine plays itself
//! from the ladder's balanced openings under each rule, at a node budget, with seeded random
//! moves early so that games differ, and every position is kept with the game's outcome and
//! the search's score. `gomoku_selfplay` (the example) runs it on every processor and writes
//! the file; game `k` of seed `s` is the same on any machine and any number of threads, and the
//! file lists games in their order, so a file is reproduced from its seed, game count and nodes.
//!
//! # The file
//!
//! A header of 24 bytes, then one record of 64 bytes a position, games one after the other,
//! each game's positions in the order played. Integers are little-endian.
//!
//! | bytes | header |
//! | --- | --- |
//! | 0..8 | the magic `PGOMSP01` (format version 1) |
//! | 8..16 | the seed (u64) |
//! | 16..24 | the main-search node budget a move (u64) |
//!
//! | bytes | record |
//! | --- | --- |
//! | 0..57 | the board: 225 points in row-major order (`y * 15 + x`), 2 bits each, four a byte from the low bits: 0 empty, 1 black, 2 white |
//! | 57 | bit 0 the side to move (0 black, 1 white); bits 1-2 the rule (0 freestyle, 1 exactly five, 2 Renju, 3 Caro); bit 3 the move played was a random one, not the search's; bit 4 the search's move was forced (a five, a block, a proven threat line: its score is no quiet evaluation); bits 5-7 zero |
//! | 58 | the game's outcome for the side to move: 0 lost, 1 drawn, 2 won |
//! | 59 | the move played, as a point index (`y * 15 + x`) |
//! | 60..64 | the search's score for the side to move (i32): the engine's units (an open three about 450), from `WIN_SCORE` (9,999,000) up a forced win, from minus it down a forced loss |

use pastimes_games::gomoku::ai::patterns::Patterns;
use pastimes_games::gomoku::ai::{search_level, Decision, Limits};
use pastimes_games::gomoku::board::Board;
use pastimes_games::gomoku::{BoardSize, Colour, Gomoku, Level, Opponent, Params, Point, Rule};

/// Self-play is on the 15x15 board.
const SIZE: usize = BoardSize::Fifteen.side();
/// A record's cells, row-major on the 15x15 board (`y * 15 + x`, not the games crate's
/// `Point::index`, whose rows are 20 long).
pub const CELLS: usize = SIZE * SIZE;

/// The point of the record cell `i`.
pub fn point_of_cell(i: usize) -> Point {
    Point { x: (i % SIZE) as u8, y: (i / SIZE) as u8 }
}

/// The record cell of `p`.
pub fn cell_of(p: Point) -> usize {
    usize::from(p.y) * SIZE + usize::from(p.x)
}
use pastimes_games::Game;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;

/// The ladder's hundred balanced openings (four stones, black to move about even).
pub const OPENINGS: [&str; 100] = include!("../examples/positions/gomoku-openings.rs");

pub const MAGIC: &[u8; 8] = b"PGOMSP01";
pub const HEADER_BYTES: usize = 24;
pub const RECORD_BYTES: usize = 64;
/// Plies after the opening played at random (one a side, so the opening stays about even).
pub const RANDOM_PLIES: usize = 2;

/// One position of a self-play game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Each point's stone, row-major.
    pub cells: [Option<Colour>; CELLS],
    pub to_move: Colour,
    pub rule: Rule,
    /// The move played was chosen at random.
    pub random: bool,
    /// The search's move was forced (not the main search's choice).
    pub forced: bool,
    /// 0 lost, 1 drawn, 2 won, for the side to move.
    pub outcome: u8,
    pub played: Point,
    /// The search's score for the side to move.
    pub score: i32,
}

fn rule_code(rule: Rule) -> u8 {
    Rule::ALL.iter().position(|r| *r == rule).expect("a rule") as u8
}

impl Record {
    pub fn encode(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        for (i, cell) in self.cells.iter().enumerate() {
            let code = match cell {
                None => 0,
                Some(Colour::Black) => 1,
                Some(Colour::White) => 2,
            };
            out[i / 4] |= code << (2 * (i % 4));
        }
        out[57] = u8::from(self.to_move == Colour::White)
            | rule_code(self.rule) << 1
            | u8::from(self.random) << 3
            | u8::from(self.forced) << 4;
        out[58] = self.outcome;
        out[59] = cell_of(self.played) as u8;
        out[60..64].copy_from_slice(&self.score.to_le_bytes());
        out
    }

    /// The record in `bytes`, or `None` if it is not one this format writes.
    pub fn decode(bytes: &[u8]) -> Option<Record> {
        if bytes.len() != RECORD_BYTES || bytes[57] >> 5 != 0 || bytes[58] > 2 || bytes[59] as usize >= CELLS {
            return None;
        }
        let mut cells = [None; CELLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = match bytes[i / 4] >> (2 * (i % 4)) & 3 {
                0 => None,
                1 => Some(Colour::Black),
                2 => Some(Colour::White),
                _ => return None,
            };
        }
        Some(Record {
            cells,
            to_move: if bytes[57] & 1 == 1 { Colour::White } else { Colour::Black },
            rule: Rule::ALL[usize::from(bytes[57] >> 1 & 3)],
            random: bytes[57] >> 3 & 1 == 1,
            forced: bytes[57] >> 4 & 1 == 1,
            outcome: bytes[58],
            played: point_of_cell(bytes[59] as usize),
            score: i32::from_le_bytes(bytes[60..64].try_into().ok()?),
        })
    }
}

/// The file's header for `seed` and `nodes`.
pub fn header(seed: u64, nodes: u64) -> [u8; HEADER_BYTES] {
    let mut out = [0u8; HEADER_BYTES];
    out[..8].copy_from_slice(MAGIC);
    out[8..16].copy_from_slice(&seed.to_le_bytes());
    out[16..24].copy_from_slice(&nodes.to_le_bytes());
    out
}

/// The seed and nodes of a file's header, or `None` if it is not this format's.
pub fn read_header(bytes: &[u8]) -> Option<(u64, u64)> {
    let head = bytes.get(..HEADER_BYTES)?;
    (&head[..8] == MAGIC).then(|| {
        (u64::from_le_bytes(head[8..16].try_into().unwrap()), u64::from_le_bytes(head[16..24].try_into().unwrap()))
    })
}

/// The records of a whole file, or `None` if its header or length or any record is wrong.
pub fn read_file(bytes: &[u8]) -> Option<Vec<Record>> {
    read_header(bytes)?;
    let body = &bytes[HEADER_BYTES..];
    if !body.len().is_multiple_of(RECORD_BYTES) {
        return None;
    }
    body.chunks(RECORD_BYTES).map(Record::decode).collect()
}

/// The rule of game `index`: the rules in turn.
pub fn rule_of(index: u64, rules: &[Rule]) -> Rule {
    rules[index as usize % rules.len()]
}

/// Game `index` of the run seeded `seed`: its positions with the outcome, the search's score
/// and the move played. The engine is master's, without blunders, at `nodes` main-search nodes
/// a move (plus its threat searches); the opening is one of [`OPENINGS`] drawn from the seed,
/// then [`RANDOM_PLIES`] moves drawn among the empty points next to a stone (legal ones: under
/// Renju black's forbidden points are left out).
pub fn play_game(seed: u64, index: u64, nodes: u64, rules: &[Rule]) -> Vec<Record> {
    play_game_with(seed, index, nodes, rules, None)
}

/// [`play_game`] with the engine evaluating and ordering by a learned pattern table (the next
/// generation's games, issue #61).
pub fn play_game_with(seed: u64, index: u64, nodes: u64, rules: &[Rule], patterns: Option<Patterns>) -> Vec<Record> {
    let game_seed = seed ^ (index + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(game_seed);
    let rule = rule_of(index, rules);
    let params = Params { rule, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, game_seed).expect("a game");
    for name in OPENINGS[rng.random_range(0..OPENINGS.len())].split_whitespace() {
        game.play(Point::parse_notation(name).expect("a point").into()).expect("the opening is legal");
    }
    let opening = game.moves().len();
    let mut seen: Vec<(Record, Colour)> = Vec::new();
    while !game.status().is_over() {
        let limits = Limits { patterns, ..Limits::nodes(nodes) };
        let found = search_level(&game, Level::Master, &limits, rng.random(), &AtomicBool::new(false));
        let random = game.moves().len() < opening + RANDOM_PLIES;
        let mv = if random { random_neighbour(&game, &mut rng) } else { found.best.expect("a move") };
        let played = BoardSize::Fifteen.point(mv.x, mv.y).expect("on the board");
        let record = Record {
            cells: cells(game.board()),
            to_move: game.side_to_move(),
            rule,
            random,
            forced: found.decision != Decision::Search,
            outcome: 1,
            played,
            score: found.score,
        };
        seen.push((record, game.side_to_move()));
        game.play(mv).expect("a legal move");
    }
    let winner = game.winner();
    seen.into_iter()
        .map(|(mut record, side)| {
            record.outcome = match winner {
                None => 1,
                Some(w) if w == side => 2,
                Some(_) => 0,
            };
            record
        })
        .collect()
}

fn cells(board: &Board) -> [Option<Colour>; CELLS] {
    let mut cells = [None; CELLS];
    for p in BoardSize::Fifteen.points() {
        cells[cell_of(p)] = board.get(p);
    }
    cells
}

/// A random legal move on an empty point next to a stone (any empty point if there is none).
fn random_neighbour(game: &Gomoku, rng: &mut impl Rng) -> pastimes_games::gomoku::Move {
    let near = |p: &Point| game.moves().iter().any(|q| p.x.abs_diff(q.x) <= 1 && p.y.abs_diff(q.y) <= 1);
    let legal = |p: &Point| game.board().get(*p).is_none() && game.clone().play((*p).into()).is_ok();
    let mut choices: Vec<Point> = BoardSize::Fifteen.points().filter(|p| near(p) && legal(p)).collect();
    if choices.is_empty() {
        choices = BoardSize::Fifteen.points().filter(legal).collect();
    }
    choices[rng.random_range(0..choices.len())].into()
}

/// The stones of a record as a board's rows, for a reader: `x` black, `o` white, `.` empty.
pub fn picture(record: &Record) -> String {
    let mut text = String::new();
    for y in 0..SIZE {
        for x in 0..SIZE {
            text.push(match record.cells[y * SIZE + x] {
                None => '.',
                Some(Colour::Black) => 'x',
                Some(Colour::White) => 'o',
            });
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_bad_ones_are_refused() {
        let games = play_game(7, 0, 300, &[Rule::Renju]);
        assert!(games.len() > 5);
        for record in &games {
            let bytes = record.encode();
            assert_eq!(Record::decode(&bytes).as_ref(), Some(record));
        }
        let mut bad = games[0].encode();
        bad[57] |= 1 << 6;
        assert_eq!(Record::decode(&bad), None);
        let mut file = header(7, 300).to_vec();
        file.extend(games.iter().flat_map(Record::encode));
        assert_eq!(read_header(&file), Some((7, 300)));
        assert_eq!(read_file(&file), Some(games));
        file.pop();
        assert_eq!(read_file(&file), None);
    }

    #[test]
    fn a_game_is_its_seed_and_index_and_outcomes_agree() {
        let rules = [Rule::Freestyle, Rule::ExactFive];
        let a = play_game(11, 3, 300, &rules);
        assert_eq!(a, play_game(11, 3, 300, &rules));
        assert_ne!(a, play_game(11, 4, 300, &rules));
        assert!(a.iter().all(|r| r.rule == Rule::ExactFive));
        // The opening's four stones, then two random plies, one a side.
        assert_eq!(a[0].cells.iter().flatten().count(), 4);
        assert!(a[0].random && a[1].random && !a[2].random);
        // Outcomes alternate with the side to move unless drawn.
        for pair in a.windows(2) {
            assert_eq!(pair[0].outcome + pair[1].outcome, 2);
            assert_ne!(pair[0].to_move, pair[1].to_move);
        }
        // The last move won (or filled the board).
        assert!(a.last().unwrap().outcome >= 1);
    }
}
