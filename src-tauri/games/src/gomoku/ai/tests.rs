//! The computer's duties: win when it can, block what must be blocked, never cheat, and at hard
//! beat beginner. Searches here are limited by nodes or depth, not time, so they are reproducible.

use super::super::{Gomoku, Move, Opponent, Params, Rule};
use super::*;
use crate::game::Status;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::time::Instant;

const LEVELS: [Level; 5] = Level::ALL;

/// A game where black and white played these points in turn, black first.
fn game_of(black: &[&str], white: &[&str]) -> Gomoku {
    game_under(Rule::Freestyle, black, white)
}

/// The same under `rule` (also the position builder of the searches' own tests).
pub(super) fn game_under(rule: Rule, black: &[&str], white: &[&str]) -> Gomoku {
    let mut game = Gomoku::new(&Params { rule, ..Params::default() }, 11).unwrap();
    for i in 0..black.len().max(white.len()) {
        for side in [black, white] {
            if let Some(name) = side.get(i) {
                game.play(Point::parse_notation(name).unwrap().into()).unwrap();
            }
        }
    }
    game
}

/// Small, reproducible limits for tests.
fn quick(nodes: u64) -> SearchLimits {
    SearchLimits { depth: 6, ..SearchLimits::nodes(nodes) }
}

fn best(game: &Gomoku, level: Level, limits: &SearchLimits, seed: u64) -> SearchReport {
    search_level(game, level, limits, seed, &AtomicBool::new(false))
}

fn name(mv: Option<Move>) -> String {
    let mv = mv.expect("a move");
    crate::gomoku::BoardSize::Fifteen.point(mv.x, mv.y).expect("on the board").notation()
}

#[test]
fn the_first_stone_goes_in_the_centre() {
    let game = Gomoku::new(&Params::default(), 3).unwrap();
    for level in LEVELS {
        assert_eq!(name(computer_move(&game, level, &AtomicBool::new(false))), "H8");
    }
}

#[test]
fn every_level_takes_a_five_even_when_it_could_block_one() {
    // Black (to move) has D8-G8 open on both ends; white threatens J3-J6 with J7 free.
    let game = game_of(&["D8", "E8", "F8", "G8", "A1"], &["J3", "J4", "J5", "J6", "B1"]);
    for level in LEVELS {
        for seed in 0..4 {
            let report = best(&game, level, &quick(2_000), seed);
            assert!(["C8", "H8"].contains(&name(report.best).as_str()), "{level:?}");
            assert_eq!(report.decision, Decision::Win);
        }
    }
}

#[test]
fn an_overline_is_no_win_under_exact_five() {
    // G8 joins D8-F8 and H8-I8 into six.
    let (black, white) = (["D8", "E8", "F8", "H8", "I8"], ["A1", "C1", "E1", "G1", "O9"]);
    let free = game_under(Rule::Freestyle, &black, &white);
    let exact = game_under(Rule::ExactFive, &black, &white);
    for level in LEVELS {
        let report = best(&free, level, &quick(1_000), 1);
        assert_eq!((name(report.best), report.decision), ("G8".into(), Decision::Win));
        let report = best(&exact, level, &quick(1_000), 1);
        assert_ne!(report.decision, Decision::Win, "{level:?} played {}", name(report.best));
    }
}

/// Gomocup's own check of an engine's Caro (`test_zip_rules.py`, rule 8): black's K8 would make
/// F8-(G8..K8)-L8, a five blocked at both ends, so black must answer white's open three F7-F9.
#[test]
fn under_caro_a_blocked_five_is_no_win_and_the_three_is_answered() {
    let (black, white) = (["H8", "G8", "I8", "J8"], ["F8", "F9", "F7", "L8"]);
    let caro = game_under(Rule::Caro, &black, &white);
    let free = game_under(Rule::Freestyle, &black, &white);
    for level in LEVELS {
        for seed in 0..3 {
            let report = best(&caro, level, &quick(4_000), seed);
            assert_ne!(report.decision, Decision::Win, "{level:?}");
            if matches!(level, Level::Medium | Level::Hard | Level::Master) {
                assert!(["F5", "F6", "F10", "F11"].contains(&name(report.best).as_str()), "{level:?} {seed}");
            }
        }
        assert_eq!(best(&free, level, &quick(1_000), 0).decision, Decision::Win);
    }
}

/// Under Caro a four is also stopped beyond its end, and every level knows it: with black's
/// E8-H8 against white's D8, white may answer on I8 or J8, and both are blocks.
#[test]
fn under_caro_every_level_stops_a_four() {
    let game = game_under(Rule::Caro, &["E8", "F8", "G8", "H8", "B2"], &["D8", "L12", "M4", "C13"]);
    for level in LEVELS {
        let report = best(&game, level, &quick(2_000), 5);
        assert!(["I8", "J8"].contains(&name(report.best).as_str()), "{level:?}");
        assert_eq!(report.decision, Decision::Block);
    }
    // C8 . E8-H8 . J8: one white stone on D8 or I8 stops both of black's fives.
    let game = game_under(Rule::Caro, &["E8", "F8", "G8", "H8", "B2"], &["C8", "J8", "M4", "C13"]);
    for level in LEVELS {
        let report = best(&game, level, &quick(2_000), 5);
        assert!(["D8", "I8"].contains(&name(report.best).as_str()), "{level:?}");
    }
}

/// Whole Caro games between the levels: every move is legal, a win the engine claims is a win
/// by the rule, and every game ends exactly when the referee written from the rule's text says
/// a row wins.
#[test]
fn caro_games_between_levels_follow_the_rule() {
    use super::super::caro::tests::referee_wins;
    for (n, (black, white)) in
        [(Level::Master, Level::Hard), (Level::Hard, Level::Medium), (Level::Easy, Level::Master)]
            .into_iter()
            .enumerate()
    {
        let mut game = Gomoku::new(&Params { rule: Rule::Caro, ..Params::default() }, n as u64).unwrap();
        while game.winner().is_none() && !game.board().is_full() {
            let mover = game.side_to_move();
            let level = if mover == Colour::Black { black } else { white };
            let report = best(&game, level, &quick(3_000), game.moves().len() as u64);
            let mv = report.best.expect("a move");
            game.play(mv).expect("a legal move");
            assert_eq!(game.winner().is_some(), referee_wins(game.board(), mover), "game {n}: {:?}", game.moves());
            if report.decision == Decision::Win {
                assert!(game.winner().is_some(), "game {n}: a claimed win that is not one");
            }
        }
    }
}

#[test]
fn every_level_blocks_a_four() {
    // White (to move) must block black's closed four E8-H8 at I8 (D8 is white's).
    let game = game_of(&["E8", "F8", "G8", "H8", "B2"], &["D8", "L12", "M4", "C13"]);
    for level in LEVELS {
        let report = best(&game, level, &quick(2_000), 5);
        assert_eq!(name(report.best), "I8", "{level:?}");
        assert_eq!(report.decision, Decision::Block);
    }
}

#[test]
fn an_open_four_is_still_blocked_at_one_end() {
    let game = game_of(&["E8", "F8", "G8", "H8", "B2"], &["N2", "L12", "M4", "C13"]);
    for level in LEVELS {
        let report = best(&game, level, &quick(2_000), 5);
        assert!(["D8", "I8"].contains(&name(report.best).as_str()), "{level:?}");
    }
}

/// Beginner picks at random among several moves, but never where it matters: over many seeds
/// it takes its five (rather than block one), blocks a four, and blocks an open four at one end.
#[test]
fn beginner_is_weak_but_never_absurd() {
    let five = game_of(&["D8", "E8", "F8", "G8", "A1"], &["J3", "J4", "J5", "J6", "B1"]);
    let four = game_of(&["E8", "F8", "G8", "H8", "B2"], &["D8", "L12", "M4", "C13"]);
    let open_four = game_of(&["E8", "F8", "G8", "H8", "B2"], &["N2", "L12", "M4", "C13"]);
    let open_three = game_of(&["F8", "G8", "H8"], &["B13", "M3"]);
    let mut moves_to_open_three = BTreeSet::new();
    for seed in 0..100 {
        let play = |game: &Gomoku| name(best(game, Level::Beginner, &quick(100), seed).best);
        assert!(["C8", "H8"].contains(&play(&five).as_str()), "seed {seed}");
        assert_eq!(play(&four), "I8", "seed {seed}");
        assert!(["D8", "I8"].contains(&play(&open_four).as_str()), "seed {seed}");
        moves_to_open_three.insert(play(&open_three));
    }
    // Weak by design: facing an open three it does not always play the same answer.
    assert!(moves_to_open_three.len() >= 3, "{moves_to_open_three:?}");
}

/// Whether the side to move in `game` could make an open four (or double four) now.
fn can_make_open_four(game: &Gomoku) -> bool {
    let mut list = Vec::new();
    eval::scan(&Position::of(game), &mut list).my_unstoppable.is_some()
}

/// The levels that never blunder (hard does, on a few moves in a hundred).
#[test]
fn medium_and_master_always_answer_an_open_three() {
    // Black's open three F8-H8 (and a split one, F5 G5 . J5, in another game); white to move,
    // with nothing of its own.
    let open = game_of(&["F8", "G8", "H8"], &["B13", "M3"]);
    let split = game_of(&["F5", "G5", "J5"], &["B13", "M13"]);
    for game in [open, split] {
        for level in [Level::Medium, Level::Master] {
            for seed in 0..3 {
                let report = best(&game, level, &quick(3_000), seed);
                let mut after = game.clone();
                after.play(report.best.unwrap()).unwrap();
                assert!(!can_make_open_four(&after), "{level:?} played {}", name(report.best));
            }
        }
    }
}

/// Beginner and easy blunder on a seeded share of their moves (45 and 20 in 100), and a
/// blunder misses an open three one time in three: beginner more often than easy.
#[test]
fn beginner_and_easy_sometimes_miss_an_open_three() {
    let game = game_of(&["F8", "G8", "H8"], &["B13", "M3"]);
    let missed = |level| {
        (0..200)
            .filter(|&seed| {
                let mut after = game.clone();
                after.play(best(&game, level, &quick(3_000), seed).best.unwrap()).unwrap();
                can_make_open_four(&after)
            })
            .count()
    };
    let (beginner, easy) = (missed(Level::Beginner), missed(Level::Easy));
    assert!((10..=60).contains(&beginner), "beginner missed {beginner} of 200");
    assert!((2..beginner).contains(&easy), "easy missed {easy} of 200, beginner {beginner}");
}

/// The full engine (master; hard's blunders are seeded, so a test of it would hit or miss one).
#[test]
fn the_engine_finds_a_win_by_fours() {
    // As in the vcf tests: H8 is a four that leads to an open four on the H column.
    let game = game_of(&["E8", "F8", "G8", "H5", "H6"], &["D8", "A1", "A3", "O15", "O13"]);
    let report = best(&game, Level::Master, &quick(20_000), 0);
    assert_eq!(report.decision, Decision::Fours);
    assert_eq!(name(report.best), "H8");
}

#[test]
fn the_engine_defends_against_a_win_by_fours() {
    // Black threatens H8 (a four leading to an open four); white must spoil it now.
    let game = game_of(&["E8", "F8", "G8", "H5", "H6", "A15"], &["D8", "A1", "A3", "O15", "O13"]);
    let report = best(&game, Level::Master, &quick(20_000), 0);
    let mut after = game.clone();
    after.play(report.best.unwrap()).unwrap();
    let never = AtomicBool::new(false);
    let mut vcf = Forced::new(Kind::Fours, 100_000, None, &never);
    let mut pos = Position::of(&after);
    assert_eq!(vcf.find(&mut pos, 12), None, "after {}", name(report.best));
}

#[test]
fn searches_are_reproducible_from_the_seed() {
    let game = game_of(&["H8", "I9", "G7"], &["H9", "J10"]);
    for level in LEVELS {
        let a = best(&game, level, &quick(3_000), 42);
        let b = best(&game, level, &quick(3_000), 42);
        assert_eq!((a.best, a.score, a.depth, a.nodes), (b.best, b.score, b.depth, b.nodes), "{level:?}");
    }
}

#[test]
fn a_cancelled_search_returns_nothing_promptly() {
    let game = game_of(&["H8", "I9", "G7"], &["H9", "J10"]);
    let cancel = AtomicBool::new(true);
    let started = Instant::now();
    assert_eq!(computer_move(&game, Level::Hard, &cancel), None);
    assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
}

#[test]
fn no_move_once_the_game_is_over() {
    let game = game_of(&["D8", "E8", "F8", "G8", "H8"], &["A1", "B1", "C1", "E1"]);
    assert_eq!(game.status(), Status::Won);
    for level in LEVELS {
        assert_eq!(computer_move(&game, level, &AtomicBool::new(false)), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// On any position still being played, every level returns an empty point on the board.
    #[test]
    fn never_plays_an_occupied_point(
        cells in proptest::collection::vec((0u8..15, 0u8..15), 0..120),
        exact in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let rule = if exact { Rule::ExactFive } else { Rule::Freestyle };
        let mut game = Gomoku::new(&Params { rule, ..Params::default() }, seed).unwrap();
        for (x, y) in cells {
            let mut next = game.clone();
            if next.play(Point { x, y }.into()).is_ok() && !next.status().is_over() {
                game = next;
            }
        }
        for level in LEVELS {
            let report = best(&game, level, &quick(300), seed);
            let mv = report.best.expect("a move while playing");
            let mut after = game.clone();
            prop_assert!(after.play(mv).is_ok(), "{:?} played {:?} ({:?})", level, mv, report.decision);
        }
    }
}

/// Plays a game between two levels with node-limited searches; returns the winner's level.
fn play_out(black: Level, white: Level, seed: u64, nodes: u64) -> Option<Level> {
    let params = Params { opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, seed).unwrap();
    while !game.status().is_over() {
        let level = if game.side_to_move() == Colour::Black { black } else { white };
        let report = best(&game, level, &quick(nodes), move_seed(&game));
        game.play(report.best.unwrap()).unwrap();
    }
    game.winner().map(|c| if c == Colour::Black { black } else { white })
}

use super::super::board::Colour;

/// Two levels apart (about 400 Elo on the ladder of levels), hard wins nearly every game.
#[test]
fn hard_beats_beginner() {
    let hard_wins = (0..6)
        .filter(|&seed| {
            let (black, white) =
                if seed % 2 == 0 { (Level::Hard, Level::Beginner) } else { (Level::Beginner, Level::Hard) };
            play_out(black, white, seed, 1_500) == Some(Level::Hard)
        })
        .count();
    assert!(hard_wins >= 5, "hard won {hard_wins} of 6");
}

/// Plays `line` from `game` through the rules: every move legal, and the last one wins for the
/// side to move at the start.
fn replays_to_a_win(game: &Gomoku, line: &[Move]) -> bool {
    let mut game = game.clone();
    let winner = game.side_to_move();
    line.iter().all(|&mv| game.play(mv).is_ok()) && game.winner() == Some(winner)
}

/// Wins by fours in one, two and three moves of the attacker, found by the public search and
/// laid out as lines that replay to five.
#[test]
fn search_finds_wins_in_one_two_and_three() {
    let cases = [
        // A five to make.
        (game_of(&["D8", "E8", "F8", "G8"], &["J3", "J4", "J5", "B1"]), 1),
        // A double four on J8 (column J5-J7 and the split row F8 G8 H8 . J8).
        (game_of(&["F8", "G8", "H8", "J5", "J6", "J7"], &["E8", "A1", "A3", "O15", "O13", "B14"]), 2),
        // A four on H8, then an open four on the H column.
        (game_of(&["E8", "F8", "G8", "H5", "H6"], &["D8", "A1", "A3", "O15", "O13"]), 3),
    ];
    for (game, moves) in cases {
        let result = search(&game, &Limits::nodes(5_000), &AtomicBool::new(false));
        assert!(result.score >= WIN_SCORE, "{:?}", result.decision);
        let line = result.forced_win.expect("a forced win");
        assert_eq!(line.len(), 2 * moves - 1, "{line:?}");
        assert_eq!(result.best, line.first().copied());
        assert!(replays_to_a_win(&game, &line), "{line:?}");
    }
}

#[test]
fn a_win_by_threes_replays_to_five() {
    // H8 makes two open threes: white blocks one, the other becomes an open four.
    let game = game_of(&["F8", "G8", "H6", "H7"], &["A1", "A3", "O15", "O13"]);
    let result = search(&game, &Limits::nodes(20_000), &AtomicBool::new(false));
    assert_eq!(result.decision, Decision::Threes);
    let line = result.forced_win.expect("a forced win");
    assert!(replays_to_a_win(&game, &line), "{line:?}");
    // The hint's view: the side to move wins, the other side loses.
    let never = AtomicBool::new(false);
    let black = evaluate(&game, Colour::Black, &Limits::nodes(20_000), &never);
    let white = evaluate(&game, Colour::White, &Limits::nodes(20_000), &never);
    assert!(black.score >= WIN_SCORE && white.score <= -WIN_SCORE);
    assert_eq!(black.forced_win.map(|w| w.winner), Some(Colour::Black));
}

/// Positions from engine games with a long win by fours (from the puzzles of the lab's `gomoku_engine`).
#[test]
fn long_wins_by_fours_replay_to_five() {
    let puzzles = [
        "I8 H9 H8 J8 G8 J9 G9 J10 J7 I7 G7 G6 F6 I9 F8 E8 H6 K9 L9 L10 M11 J11 J12 E9 F7 F9",
        "H6 G6 H8 H5 F7 I4 H7 I5 G7 I7 I3 I9 I8 H10 F8 G8 F6 F5",
        "G10 F9 J9 E10 I8 D11 G8 F11 G9 G7 H7 K10 H8 F8",
    ];
    for moves in puzzles {
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        for name in moves.split_whitespace() {
            game.play(Point::parse_notation(name).unwrap().into()).unwrap();
        }
        let line = forced_win(&game, false, 100_000, &AtomicBool::new(false)).expect("a win by fours");
        assert!(line.len() >= 5 && replays_to_a_win(&game, &line), "{moves}: {line:?}");
    }
}

/// Facing an open four the engine just blocks one end (a forced reply it does not weigh): the
/// evaluation looks past it and sees the other five.
#[test]
fn an_open_four_evaluates_as_a_win_for_its_side() {
    let game = game_of(&["H8", "I8", "J8", "K8"], &["A1", "A15", "O15"]);
    let never = AtomicBool::new(false);
    let black = evaluate(&game, Colour::Black, &Limits::nodes(20_000), &never);
    assert!(black.score >= WIN_SCORE, "{}", black.score);
    assert!(matches!(black.best, Some(Move { y: 7, .. })), "white's reply blocks row 8: {:?}", black.best);
}

#[test]
fn evaluation_of_a_finished_game_is_the_result() {
    let game = game_of(&["D8", "E8", "F8", "G8", "H8"], &["A1", "B1", "C1", "E1"]);
    let never = AtomicBool::new(false);
    assert_eq!(evaluate(&game, Colour::Black, &Limits::nodes(100), &never).score, eval::WIN);
    assert_eq!(evaluate(&game, Colour::White, &Limits::nodes(100), &never).score, -eval::WIN);
}

#[test]
fn a_timed_search_stops_when_cancelled() {
    let game = game_of(&["H8", "I9", "G7"], &["H9", "J10"]);
    let cancel = AtomicBool::new(false);
    let result = std::thread::scope(|s| {
        let searching = s.spawn(|| search(&game, &Limits::time(Duration::from_secs(600)), &cancel));
        std::thread::sleep(Duration::from_millis(50));
        cancel.store(true, Ordering::Relaxed);
        searching.join().unwrap()
    });
    // Well before its ten minutes; a move is still given (the best so far).
    assert!(result.elapsed < Duration::from_secs(60), "{:?}", result.elapsed);
    assert!(result.best.is_some());
}

#[test]
fn the_public_search_never_plays_an_occupied_point_and_its_line_is_legal() {
    let game = game_of(&["H8", "I9", "G7", "J7"], &["H9", "J10", "G9"]);
    let result = search(&game, &Limits::nodes(3_000), &AtomicBool::new(false));
    let mut after = game.clone();
    for mv in &result.pv {
        after.play(*mv).unwrap();
    }
    assert_eq!(result.pv.first(), result.best.as_ref());
}

/// The hook Renju plugs into: a filter that forbids black's double fours keeps the scan (and so
/// every search) off that point, and leaves white's moves alone.
#[test]
fn a_forbidden_point_is_never_a_candidate_for_black() {
    fn no_double_fours(pos: &SearchPosition, p: usize) -> bool {
        pos.threat(p, pos.to_move()).fours >= 2
    }
    // J8 is a double four for black (column J5-J7, row F8 G8 H8 . J8).
    let game = game_of(&["F8", "G8", "H8", "J5", "J6", "J7"], &["E8", "A1", "A3", "O15", "O13", "B14"]);
    let j8 = Point::parse_notation("J8").unwrap().index();
    let mut pos = Position::of(&game);
    let mut list = Vec::new();
    assert_eq!(eval::scan(&pos, &mut list).my_unstoppable, Some(j8));
    pos.set_forbidden(Some(no_double_fours));
    let scan = eval::scan(&pos, &mut list);
    assert!(list.iter().all(|c| c.point != j8));
    assert_ne!(scan.my_unstoppable, Some(j8));
    pos.pass();
    eval::scan(&pos, &mut list);
    assert!(list.iter().any(|c| c.point == j8), "white may play there");
}

/// A forced block that leaves the opponent a second four is a proven loss: thinking ahead
/// after it finds the five at once, and the move's score says so (two moves to the five), so
/// that a caller tells it from a block with a game still to play. Without a memory to think
/// ahead into, the block is only a block.
#[test]
fn a_block_that_leaves_a_second_four_is_a_proven_loss() {
    let black = ["E8", "F8", "G8", "H8", "K3", "K4", "K5", "K6"];
    let white = ["D8", "K2", "A1", "A15", "O1", "O15", "C13"];
    let game = game_of(&black, &white);
    let limits = Limits { whole_turn: true, ..Limits::timed(Duration::from_millis(300), Duration::from_millis(300)) };
    let cancel = AtomicBool::new(false);
    let mut memory = Memory::new();
    let found = search_remembering(&game, Level::Master, &limits, 5, &cancel, Some(&mut memory));
    assert_eq!(found.decision, Decision::Block);
    assert!(found.score < 0 && plies_to_end(found.score) == Some(2), "{}", found.score);
    let alone = search_remembering(&game, Level::Master, &limits, 5, &cancel, None);
    assert_eq!((alone.decision, alone.score), (Decision::Block, 0));
}

/// A lost position's turn, when its time would be lost unless spent, goes to the opponent's
/// other replies (a lost game goes on when the opponent misses the win): the brain (white,
/// facing two open threes) still answers with a proven loss, and only after thinking through
/// nearly the whole turn, into its memory.
#[test]
fn a_lost_turn_thinks_past_the_opponents_mistakes() {
    let black = ["F8", "G8", "H8", "C3", "C4", "C5"];
    let white = ["A1", "A15", "O1", "O15", "M13"];
    let game = game_of(&black, &white);
    let turn = Duration::from_millis(300);
    let limits = Limits { whole_turn: true, ..Limits::timed(turn, turn) };
    let cancel = AtomicBool::new(false);
    let mut memory = Memory::new();
    let found = search_remembering(&game, Level::Master, &limits, 5, &cancel, Some(&mut memory));
    assert_eq!(found.decision, Decision::Search);
    assert!(found.score <= -WIN_SCORE, "{}", found.score);
    assert!(found.elapsed >= turn * 4 / 5, "{:?} of {turn:?}", found.elapsed);
}
