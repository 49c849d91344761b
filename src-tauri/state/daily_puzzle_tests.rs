//! Gomoku's puzzle of the day as its daily offer, on dates set by hand: the day's first
//! attempt is the day's entry (solved, or failed at a wrong first move or the solution shown),
//! a later attempt that day counts for nothing, and the days solved in a row make the streak.

use super::daily_tests::App;
use super::*;
use crate::puzzles::DayCount;
use pastimes_games::gomoku::{self, puzzles::Puzzle};
use pastimes_games::minesweeper;
use serde_json::json;
use std::time::Duration;

impl App {
    /// Today's puzzle, opened.
    fn open_today(&self) -> (PuzzleSnapshot, &'static Puzzle) {
        let opened = self.state.open_puzzle(gomoku::KIND, None).unwrap();
        let puzzle = gomoku::puzzles::shipped().unwrap().iter().find(|p| p.id == opened.id).unwrap();
        (opened, puzzle)
    }

    /// Plays the attacker's moves of `puzzle`'s line, from the `from`th of them.
    fn solve(&self, puzzle: &Puzzle, from: usize) -> PuzzleSnapshot {
        let mut last = None;
        for pair in puzzle.line.chunks(2).skip(from) {
            last = Some(self.state.puzzle_act(gomoku::KIND, &json!({"play": pair[0]})).unwrap());
        }
        let last = last.expect("a move to play");
        assert_eq!(last.view["phase"], "solved");
        last
    }

    /// Plays a wrong first move on the open `puzzle`: any free point the rules take but its answer.
    fn wrong_move(&self, puzzle: &Puzzle) -> PuzzleSnapshot {
        let points = (0..15u8).flat_map(|y| (0..15u8).map(move |x| gomoku::Point { x, y }));
        points
            .filter(|point| !puzzle.stones.contains(point) && *point != puzzle.line[0])
            .find_map(|point| self.state.puzzle_act(gomoku::KIND, &json!({"play": point})).ok())
            .expect("a wrong move")
    }

    fn puzzle_day(&self) -> DailyStatus {
        self.state.daily_status(gomoku::KIND).unwrap()
    }
}

#[test]
fn the_first_attempt_at_the_days_puzzle_counts_and_a_second_does_not() {
    let app = App::on("2026-12-06");
    let status = app.puzzle_day();
    assert_eq!((status.offer, status.today.as_ref(), status.done), ("puzzle", None, false));
    assert_eq!(status.choices[0].id, "puzzle");
    let (opened, puzzle) = app.open_today();
    assert_eq!(opened.day_count, Some(DayCount::Open), "no entry before the first move");
    assert_eq!(app.puzzle_day().today, None, "opening is no attempt");

    app.time.advance(Duration::from_millis(12_300));
    let first = app.state.puzzle_act(gomoku::KIND, &json!({"play": puzzle.line[0]})).unwrap();
    assert_eq!(first.day_count, Some(DayCount::Counts));
    assert_eq!(app.puzzle_day().today.unwrap().state, "playing");
    // Left and opened again: the day's attempt goes on where it was, its clock still running.
    let again = app.open_today().0;
    assert_eq!(again.view["board"]["moves"], first.view["board"]["moves"]);
    app.time.advance(Duration::from_millis(1_000));
    app.solve(puzzle, 1);

    let status = app.puzzle_day();
    let today = status.today.clone().unwrap();
    assert!(status.done);
    assert_eq!((today.state.as_str(), today.time_ms, today.rank, today.id), ("solved", Some(13_300), Some(1), None));
    assert_eq!((status.won_streak.current, status.finished_streak.current), (1, 1));
    assert_eq!(status.best, vec![today.clone()]);

    // A second attempt: practice, whatever becomes of it.
    let (second, _) = app.open_today();
    assert_eq!(second.day_count, Some(DayCount::Practice));
    app.wrong_move(puzzle);
    app.state.puzzle_act(gomoku::KIND, &json!("solution")).unwrap();
    let after = app.puzzle_day();
    assert_eq!(after.today, Some(today), "the day's entry stays the first attempt");
    assert_eq!(after.won_streak.current, 1);
    assert!(app.state.daily_start(gomoku::KIND, None).is_err(), "no deal: the puzzle opens on its screen");
}

#[test]
fn a_wrong_first_move_or_the_solution_shown_fails_the_day() {
    let app = App::on("2026-12-06");
    let (_, puzzle) = app.open_today();
    app.time.advance(Duration::from_secs(4));
    let wrong = app.wrong_move(puzzle);
    assert_eq!(wrong.view["phase"], "refuted");
    app.state.puzzle_act(gomoku::KIND, &json!("retry")).unwrap();
    app.solve(puzzle, 0);
    let status = app.puzzle_day();
    let today = status.today.unwrap();
    assert_eq!((today.state.as_str(), today.time_ms, today.rank), ("failed", Some(4_000), None));
    assert!(status.done && status.best.is_empty());
    assert_eq!((status.won_streak.current, status.finished_streak.current), (0, 1));

    app.set_day("2026-12-07");
    app.open_today();
    app.state.puzzle_act(gomoku::KIND, &json!("solution")).unwrap();
    assert_eq!(app.puzzle_day().today.unwrap().state, "failed", "the solution shown first");
}

#[test]
fn days_solved_in_a_row_make_the_streak_and_a_missed_day_resets_it() {
    let app = App::on("2026-12-01");
    for day in ["2026-12-01", "2026-12-02"] {
        app.set_day(day);
        let (_, puzzle) = app.open_today();
        app.solve(puzzle, 0);
    }
    let status = app.puzzle_day();
    assert_eq!((status.won_streak.current, status.won_streak.longest), (2, 2));
    assert_eq!(status.days.iter().map(|day| day.day.as_str()).collect::<Vec<_>>(), ["2026-12-02", "2026-12-01"]);
    app.set_day("2026-12-03");
    assert_eq!(app.puzzle_day().won_streak.current, 2, "today's is not done yet: the streak holds");
    app.set_day("2026-12-04");
    let missed = app.puzzle_day();
    assert_eq!((missed.won_streak.current, missed.won_streak.longest), (0, 2), "a missed day");
    let (_, puzzle) = app.open_today();
    app.solve(puzzle, 0);
    assert_eq!(app.puzzle_day().won_streak.current, 1);
}

#[test]
fn a_puzzle_opened_before_midnight_and_played_after_counts_for_no_day() {
    let app = App::on("2026-12-06");
    let (_, puzzle) = app.open_today();
    app.set_day("2026-12-07");
    let played = app.state.puzzle_act(gomoku::KIND, &json!({"play": puzzle.line[0]})).unwrap();
    if played.daily {
        return; // The two days picked the same puzzle (one chance in the set's size): nothing to tell.
    }
    assert_eq!(played.day_count, None);
    assert_eq!(app.puzzle_day().today, None);
    assert_eq!(app.open_today().0.day_count, Some(DayCount::Open), "today's first attempt is still to make");
}

#[test]
fn a_daily_level_picked_again_takes_effect_from_the_next_day() {
    let app = App::on("2026-12-06");
    app.state.daily_start(minesweeper::KIND, Some("beginner")).unwrap();
    app.end_minesweeper(false);
    app.state.daily_start(minesweeper::KIND, Some("expert")).unwrap();
    let status = app.state.daily_status(minesweeper::KIND).unwrap();
    assert_eq!(status.choice.as_deref(), Some("expert"), "the pick kept for the days to come");
    assert_eq!(status.today_choice.as_deref(), Some("beginner"), "a day begun keeps its level");
    assert_eq!(app.deal(minesweeper::KIND).0["level"], "beginner");
    app.set_day("2026-12-07");
    app.state.daily_start(minesweeper::KIND, None).unwrap();
    assert_eq!(app.deal(minesweeper::KIND).0["level"], "expert");
    // The setting, as the page writes it: checked against the offer's choices.
    app.state.set_setting("minesweeperDaily", json!("intermediate")).unwrap();
    assert!(app.state.set_setting("minesweeperDaily", json!("huge")).is_err());
    app.set_day("2026-12-08");
    assert_eq!(app.state.daily_status(minesweeper::KIND).unwrap().choice.as_deref(), Some("intermediate"));
    assert!(app.state.daily_start(minesweeper::KIND, Some("huge")).is_err());
    assert_eq!(app.state.daily_status(minesweeper::KIND).unwrap().choice.as_deref(), Some("intermediate"));
}
