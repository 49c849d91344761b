//! Gomoku's demo (the computer against itself) in the app's glue, on the hand-run worker and
//! timers of [`super::Harness`]: the pace's wait is a timer, each search a job, so every step
//! below is chosen, none waited for.

use super::*;

/// A demo of the easy level (black, the first player) against the beginner.
fn demo(rule: &str) -> Value {
    json!({"rule": rule, "opponent": "beginner", "demo": "easy", "humanColour": "black"})
}

impl Harness {
    /// Waits the pace (fires the timers) and runs the searches, once; the moves played since.
    fn step(&self) -> usize {
        let before = self.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count;
        self.fire_timers();
        self.run_jobs();
        self.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count - before
    }
}

#[test]
fn a_demo_plays_itself_to_its_end_at_its_pace_under_every_rule_and_never_ranks() {
    for rule in ["freestyle", "exactFive", "renju", "caro"] {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        let started = h.state.new_game(gomoku::KIND, demo(rule)).unwrap();
        assert!(started.computer_thinking && !started.can_rank && !started.rankable, "{rule}");
        assert_eq!(started.category, format!("{rule}-demo"));
        assert_eq!(h.run_jobs(), 0, "no search before the pace's wait");
        let (waits, delay) = h.fire_timers();
        assert_eq!((waits, delay), (1, Some(crate::prefs::pace::DEFAULT)), "{rule}");
        assert_eq!(h.run_jobs(), 1, "then one search");
        let mut moves = 1;
        while !h.state.snapshot(gomoku::KIND).unwrap().unwrap().status.is_over() {
            assert_eq!(h.step(), 1, "{rule}: a move each wait");
            moves += 1;
            assert!(moves <= 225, "{rule}: the game ends");
        }
        let over = h.state.snapshot(gomoku::KIND).unwrap().unwrap();
        let record = over.record.expect("recorded in the history");
        assert_eq!(record.rank, None, "{rule}: a demo never ranks");
        assert!(!over.can_rank && h.told().last().unwrap().ended);
        assert_eq!(h.fire_timers().0, 0, "no wait after the end");
    }
}

#[test]
fn pause_stops_the_moves_and_resume_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path(), &Arc::default());
    h.state.new_game(gomoku::KIND, demo("freestyle")).unwrap();
    assert_eq!(h.step(), 1);
    let paused = h.state.pause(gomoku::KIND).unwrap();
    assert!(paused.paused && !paused.computer_thinking);
    assert_eq!(h.step(), 0, "paused: the wait was cancelled and no search runs");
    assert_eq!(h.step(), 0);
    let resumed = h.state.resume(gomoku::KIND).unwrap();
    assert!(resumed.computer_thinking, "waiting the pace again");
    assert_eq!(h.step(), 1);
}

#[test]
fn the_player_takes_over_mid_game_and_plays_on_against_the_computer_left() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path(), &Arc::default());
    h.state.new_game(gomoku::KIND, demo("renju")).unwrap();
    for _ in 0..4 {
        assert_eq!(h.step(), 1);
    }
    // Black is to move (the easy level's); while it waits the pace, the player takes white.
    assert!(matches!(h.state.play(gomoku::KIND, stone(0, 0)), Err(AppError::ComputerThinking)));
    let taken = h.state.take_over(gomoku::KIND, json!({"takeOver": "second"})).unwrap();
    assert_eq!(taken.effects["takenOver"], "second");
    assert_eq!(taken.view["demo"]["takenOver"], "second");
    assert_eq!(taken.view["demo"]["playsItself"], false);
    assert!(taken.computer_thinking, "black's level thinks at once: no pace against the player");
    assert_eq!(h.fire_timers().0, 0, "the pace's wait was cancelled");
    assert_eq!(h.run_jobs(), 1);
    let mine = h.state.snapshot(gomoku::KIND).unwrap().unwrap();
    assert_eq!((mine.move_count, mine.view["sideToMove"].as_str()), (6, Some("white")), "4 stones, take-over, 1");
    let free = (0..15).flat_map(|y| (0..15).map(move |x| (x, y))).find(|&(x, y)| mine.view["stones"][y * 15 + x] == 0);
    let (x, y) = free.unwrap();
    let played = h.state.play(gomoku::KIND, stone(x as i64, y as i64)).unwrap();
    assert_eq!(played.effects["placed"]["colour"], "white");
    assert!(played.computer_thinking && !played.can_rank);
    let again = h.state.take_over(gomoku::KIND, json!({"takeOver": "first"}));
    assert!(matches!(again, Err(AppError::Rule(RuleError::Illegal("takenOver")))), "{again:?}");
}

#[test]
fn a_paused_demo_is_taken_over_and_bad_requests_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path(), &Arc::default());
    h.state.new_game(gomoku::KIND, demo("freestyle")).unwrap();
    assert_eq!(h.step(), 1);
    for ms in [-1, 10_001, i64::MAX] {
        let refused = h.state.set_pace(gomoku::KIND, ms);
        assert!(matches!(refused, Err(AppError::Rule(RuleError::OutOfRange { what: "pace", .. }))), "{refused:?}");
    }
    let not_one = h.state.take_over(gomoku::KIND, stone(3, 3));
    assert!(matches!(not_one, Err(AppError::Rule(RuleError::Illegal("notATakeOver")))), "{not_one:?}");
    let bad_side = h.state.take_over(gomoku::KIND, json!({"takeOver": "third"}));
    assert!(bad_side.is_err());
    h.state.pause(gomoku::KIND).unwrap();
    let taken = h.state.take_over(gomoku::KIND, json!({"takeOver": "first"})).unwrap();
    assert!(!taken.paused, "taking over resumes the game");
    assert_eq!(taken.move_count, 2);
    assert!(taken.computer_thinking, "white's level thinks at once: the player holds black now");
    // Not a demo: nothing to take over.
    h.state.new_game(gomoku::KIND, json!({"opponent": "easy"})).unwrap();
    let refused = h.state.take_over(gomoku::KIND, json!({"takeOver": "first"}));
    assert!(matches!(refused, Err(AppError::Rule(RuleError::Illegal("notADemo")))), "{refused:?}");
    let two_people = h.state.new_game(gomoku::KIND, json!({"demo": "easy"}));
    assert!(matches!(two_people, Err(AppError::Rule(RuleError::Malformed { .. }))), "{two_people:?}");
}

#[test]
fn a_new_pace_restarts_the_wait_and_is_kept_for_the_next_demo() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path(), &Arc::default());
    h.state.new_game(gomoku::KIND, demo("caro")).unwrap();
    h.state.set_pace(gomoku::KIND, 250).unwrap();
    let (waits, delay) = h.fire_timers();
    assert_eq!((waits, delay), (1, Some(Duration::from_millis(250))), "the old wait cancelled, a new one set");
    assert_eq!(h.run_jobs(), 1);
    assert_eq!(h.state.settings().unwrap()["demoPaceMs"], 250, "kept as the player's setting");
    h.state.new_game(gomoku::KIND, demo("caro")).unwrap();
    assert_eq!(h.fire_timers().1, Some(Duration::from_millis(250)));
    h.run_jobs();
    h.state.set_pace(gomoku::KIND, 0).unwrap();
    assert_eq!(h.fire_timers(), (1, Some(Duration::ZERO)), "no wait at pace 0: at once");
    assert_eq!(h.run_jobs(), 1);
}

#[test]
fn a_demo_comes_back_paused_after_a_restart_and_plays_on_when_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let hand = Arc::default();
    {
        let h = Harness::new(dir.path(), &hand);
        h.state.new_game(gomoku::KIND, demo("exactFive")).unwrap();
        assert_eq!(h.step(), 1);
        assert_eq!(h.step(), 1);
    }
    let h = Harness::new(dir.path(), &hand);
    let back = h.state.snapshot(gomoku::KIND).unwrap().unwrap();
    assert!(back.paused && back.move_count == 2 && !back.computer_thinking);
    assert_eq!(h.step(), 0);
    h.state.resume(gomoku::KIND).unwrap();
    assert_eq!(h.step(), 1, "the demo goes on");
}
