use super::board::{Phase, PuzzleGame};
use super::prove::{self, Verdict, NODES};
use super::*;
use crate::gomoku::{Gomoku, Move};
use crate::puzzle::{of_the_day, PuzzleFileError};
use crate::GameKind;
use serde_json::json;

fn start_of(puzzle: &Puzzle) -> Gomoku {
    let mut game = set::start(puzzle.rule);
    for &p in &puzzle.stones {
        game.play(p.into()).unwrap();
    }
    game
}

/// Every `step`-th puzzle of the set, `count` of them.
fn sample(count: usize) -> Vec<&'static Puzzle> {
    let set = shipped().unwrap();
    let step = (set.len() / count).max(1);
    set.iter().step_by(step).take(count).collect()
}

#[test]
fn the_shipped_set_has_every_rule_kind_and_renju_side() {
    let set = shipped().expect("the shipped set reads");
    assert!(set.len() >= 300, "{} puzzles", set.len());
    // The rules the set was generated under; Caro, which came later, has no puzzles yet.
    for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
        assert!(set.iter().filter(|p| p.rule == rule).count() >= 60, "{rule:?}");
    }
    for kind in [WinKind::Vcf, WinKind::Vct] {
        assert!(set.iter().any(|p| p.kind == kind), "{kind:?}");
    }
    for side in [Colour::Black, Colour::White] {
        assert!(set.iter().any(|p| p.rule == Rule::Renju && p.attacker() == side), "Renju, {side:?} wins");
    }
    assert!(set.iter().all(|p| (3..=15).contains(&p.grade())));
    let mut ids: Vec<&str> = set.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), set.len(), "ids are unique");
}

/// A sample of 50 proven again each run (the lab's `gomoku_puzzles check` proves them all):
/// the first move wins by force with the puzzle's kind, and no other move wins.
#[test]
fn a_sample_of_the_shipped_puzzles_wins_by_force_with_one_first_move() {
    for puzzle in sample(50) {
        let game = start_of(puzzle);
        let first = puzzle.line[0];
        assert_eq!(prove::verdict(&game, first, puzzle.kind, NODES), Verdict::Wins, "{}", puzzle.id);
        let proof = prove::prove(&game, NODES).unwrap_or_else(|e| panic!("{}: {e:?}", puzzle.id));
        assert_eq!((proof.first, proof.kind), (first, puzzle.kind), "{}: the one winning move", puzzle.id);
    }
}

#[test]
fn the_file_round_trips_and_a_damaged_one_is_refused_with_its_reason() {
    let set = shipped().unwrap();
    let text = set::write(&["header".into()], &set[..3]);
    assert_eq!(set::read(&text).unwrap(), set[..3]);
    let lines: Vec<&str> = text.lines().collect();
    let without_end = lines[..lines.len() - 1].join("\n");
    assert!(matches!(set::read(&without_end), Err(PuzzleFileError::Count(_))));
    let one_less = [&lines[..1], &lines[2..]].concat().join("\n");
    assert!(matches!(set::read(&one_less), Err(PuzzleFileError::Count(_))), "a puzzle lost");
    let end = lines.last().unwrap();
    let bad_sum = text.replace(end, &format!("{} 0000000000000000", &end[..end.rfind(' ').unwrap()]));
    assert_eq!(set::read(&bad_sum), Err(PuzzleFileError::Checksum));
    // A stone moved onto another, a letter off the board, a field lost: the line and why.
    let puzzle_line = lines[1];
    let fields: Vec<&str> = puzzle_line.split(' ').collect();
    let doubled = format!("{} {} {} {}{} {}", fields[0], fields[1], fields[2], fields[3], &fields[3][..2], fields[4]);
    for bad in [doubled, puzzle_line.replacen(' ', " z", 1), puzzle_line.replace(fields[4], "")] {
        let damaged = text.replace(puzzle_line, &bad);
        assert!(matches!(set::read(&damaged), Err(PuzzleFileError::Line { line: 2, .. })), "{bad}");
    }
    assert!(set::read("").is_err() && set::read("end 0 0").is_err(), "an empty set is refused");
}

fn first_puzzle(kind: WinKind) -> &'static Puzzle {
    shipped().unwrap().iter().find(|p| p.kind == kind && p.grade() >= 3).unwrap()
}

/// A legal point beside the solution's first move that is not it.
fn wrong_move(puzzle: &Puzzle) -> Move {
    let first = puzzle.line[0];
    let game = start_of(puzzle);
    [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (2, 0), (0, 2)]
        .into_iter()
        .filter_map(|(dx, dy)| {
            crate::gomoku::BoardSize::Fifteen.point(i64::from(first.x) + dx, i64::from(first.y) + dy)
        })
        .find(|&p| game.clone().play(p.into()).is_ok())
        .map(Move::from)
        .unwrap()
}

#[test]
fn a_wrong_move_is_refuted_and_taken_back_by_retry() {
    let puzzle = first_puzzle(WinKind::Vcf);
    let mut board = PuzzleGame::new(puzzle.clone()).unwrap();
    let stones = puzzle.stones.len();
    let wrong = wrong_move(puzzle);
    board.act(&json!({"play": wrong})).unwrap();
    let Phase::Refuted { wrong: shown, reply } = board.phase() else { panic!("{:?}", board.phase()) };
    assert_eq!(Move::from(shown), wrong);
    assert_eq!(board.game().moves().len(), stones + 2, "the wrong move and its refutation");
    assert_eq!(board.game().moves()[stones + 1], reply);
    assert!(!board.progress().clean && !board.progress().solved);
    assert!(board.act(&json!({"play": puzzle.line[0]})).is_err(), "no move before the retry");
    board.act(&json!("retry")).unwrap();
    assert_eq!(board.phase(), Phase::Solving);
    assert_eq!(board.game().moves(), &puzzle.stones[..], "back to the puzzle");
}

#[test]
fn the_right_moves_are_answered_by_the_longest_defence_and_solve_it() {
    for kind in [WinKind::Vcf, WinKind::Vct] {
        let puzzle = first_puzzle(kind);
        let mut board = PuzzleGame::new(puzzle.clone()).unwrap();
        for (i, pair) in puzzle.line.chunks(2).enumerate() {
            assert_eq!(board.phase(), Phase::Solving, "{} move {i}", puzzle.id);
            board.act(&json!({"play": pair[0]})).unwrap();
            if let Some(&answer) = pair.get(1) {
                assert_eq!(board.game().moves().last(), Some(&answer), "the line's defence");
            }
        }
        assert_eq!(board.phase(), Phase::Solved);
        assert_eq!(board.progress(), crate::Progress { solved: true, clean: true });
        assert_eq!(board.game().winner(), Some(puzzle.attacker()));
    }
}

#[test]
fn occupied_points_and_unknown_actions_change_nothing() {
    let puzzle = first_puzzle(WinKind::Vcf);
    let mut board = PuzzleGame::new(puzzle.clone()).unwrap();
    let before = board.view();
    assert!(board.act(&json!({"play": puzzle.stones[0]})).is_err());
    assert!(board.act(&json!({"play": {"x": 15, "y": 0}})).is_err());
    assert!(board.act(&json!("undo")).is_err());
    assert!(board.act(&json!("retry")).is_err(), "nothing to retry");
    assert_eq!(board.view(), before);
    assert!(board.progress().clean);
}

#[test]
fn show_the_solution_steps_through_the_line_and_the_solve_is_not_clean() {
    let puzzle = first_puzzle(WinKind::Vct);
    let mut board = PuzzleGame::new(puzzle.clone()).unwrap();
    for shown in 1..=puzzle.line.len() {
        board.act(&json!("solution")).unwrap();
        assert_eq!(board.phase(), Phase::Solution { shown, done: shown == puzzle.line.len() });
        assert_eq!(board.game().moves().last(), Some(&puzzle.line[shown - 1]));
    }
    assert!(board.act(&json!("solution")).is_err(), "nothing more to show");
    assert!(!board.progress().clean && !board.progress().solved);
    board.act(&json!("restart")).unwrap();
    assert_eq!(board.game().moves(), &puzzle.stones[..]);
    assert!(!board.progress().clean, "the solution was seen");
}

#[test]
fn the_view_never_tells_the_solution() {
    let puzzle = first_puzzle(WinKind::Vcf);
    let board = PuzzleGame::new(puzzle.clone()).unwrap();
    let view = board.view();
    let text = view.to_string();
    assert_eq!(view["phase"], "solving");
    assert_eq!(view["puzzle"]["grade"], puzzle.grade());
    assert!(!text.contains("line") && !text.contains("solution"), "{text}");
}

#[test]
fn the_puzzle_of_the_day_is_the_same_all_day_and_changes_with_the_day() {
    let kind = crate::gomoku::KIND;
    let today = of_the_day(kind, "2026-12-07").unwrap();
    assert_eq!(today, of_the_day(kind, "2026-12-07").unwrap());
    let week: Vec<String> = (1..=7).map(|d| of_the_day(kind, &format!("2026-12-{d:02}")).unwrap().id).collect();
    assert!(week.iter().filter(|id| **id != today.id).count() >= 5, "{week:?}");
    assert!(of_the_day(kind, "2026-12-7").is_err());
    for other in GameKind::all().filter(|k| k.info().puzzles.is_none()) {
        assert!(of_the_day(other, "2026-12-07").is_err());
    }
}
