//! The daily deal through the app's state, on a date set by hand: the same deal on the same
//! date, the next one past midnight, only the day's first attempt ranking, and the streaks.

use super::*;
use crate::play::clock::ManualTime;
use chrono::NaiveDate;
use pastimes_games::bubbles::{self, Bubbles};
use pastimes_games::minesweeper::{self, Minesweeper};
use serde_json::json;

/// An app on its own folder whose local date is whatever `date` holds.
pub(super) struct App {
    pub(super) state: Arc<AppState>,
    date: Arc<Mutex<NaiveDate>>,
    pub(super) time: Arc<ManualTime>,
    _dir: tempfile::TempDir,
}

impl App {
    pub(super) fn on(day: &str) -> App {
        let dir = tempfile::tempdir().unwrap();
        let date = Arc::new(Mutex::new(date(day)));
        let today = Arc::clone(&date);
        let time = Arc::new(ManualTime::default());
        let runtime = Runtime {
            time: time.clone(),
            worker: Arc::new(|_job| {}),
            today: Arc::new(move || *lock(&today)),
            timer: Arc::new(|_, _, _| {}),
        };
        let config = Config { data_dir: dir.path().to_path_buf(), fixed_seed: None };
        App { state: Arc::new(AppState::open_on(config, runtime)), date, time, _dir: dir }
    }

    pub(super) fn set_day(&self, day: &str) {
        *lock(&self.date) = date(day);
    }

    /// The game of `kind` under way: its parameters and seed.
    pub(super) fn deal(&self, kind: GameKind) -> (Value, u64) {
        let slots = self.state.slots();
        let session = &slots[&kind].session;
        (session.game().params(), session.seed())
    }

    fn bubbles(&self) -> Bubbles {
        let slots = self.state.slots();
        slots[&bubbles::KIND].session.game().as_any().downcast_ref::<Bubbles>().unwrap().clone()
    }

    /// Pops the first group of the Bubble Breaker game under way.
    fn pop(&self) -> Snapshot {
        let (x, y) = self.bubbles().first_group().expect("a group");
        self.state.play(bubbles::KIND, json!({"action": "pop", "x": x, "y": y})).unwrap()
    }

    /// Plays the Bubble Breaker game under way to its end.
    fn finish_bubbles(&self) -> Snapshot {
        let mut last = self.pop();
        while self.bubbles().first_group().is_some() {
            last = self.pop();
        }
        assert!(last.status.is_over());
        last
    }

    /// Wins (or, `lose`, loses) the Minesweeper game under way, its first click in a corner.
    pub(super) fn end_minesweeper(&self, lose: bool) -> Snapshot {
        let open = |x: usize, y: usize| self.state.play(minesweeper::KIND, json!({"action": "open", "x": x, "y": y}));
        let mut last = open(0, 0).unwrap();
        let (mines, width, cells) = {
            let slots = self.state.slots();
            let game = slots[&minesweeper::KIND].session.game().as_any().downcast_ref::<Minesweeper>().unwrap();
            let board = game.board();
            (game.laid_mines().unwrap(), board.width(), board.width() * board.height())
        };
        for cell in 0..cells {
            if last.status.is_over() {
                break;
            }
            if mines.contains(&cell) != lose {
                continue;
            }
            match open(cell % width, cell / width) {
                Ok(snapshot) => last = snapshot,
                Err(error) => panic!("{error}"),
            }
        }
        assert!(last.status.is_over());
        last
    }
}

fn date(day: &str) -> NaiveDate {
    NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap()
}

#[test]
fn the_same_local_date_deals_the_same_and_the_next_day_another() {
    let (one, two) = (App::on("2026-12-06"), App::on("2026-12-06"));
    for kind in [minesweeper::KIND, bubbles::KIND] {
        one.state.daily_start(kind, Some(kind.info().daily.unwrap().choices.last().unwrap().id)).unwrap();
        two.state.daily_start(kind, Some(kind.info().daily.unwrap().choices.last().unwrap().id)).unwrap();
        assert_eq!(one.deal(kind), two.deal(kind), "{kind:?}: two players, one day, one deal");
    }
    assert_eq!(one.bubbles(), two.bubbles());
    let today = two.deal(bubbles::KIND);
    two.set_day("2026-12-07");
    two.state.daily_start(bubbles::KIND, None).unwrap();
    let tomorrow = two.deal(bubbles::KIND);
    assert_eq!(today.0, tomorrow.0, "the same kind of deal");
    assert_ne!(today.1, tomorrow.1, "past midnight, the next deal");
    assert_eq!(tomorrow.1, pastimes_games::daily::deal(bubbles::KIND, "2026-12-07", "standard").unwrap().seed);
    let refused = one.state.daily_start(pastimes_games::gomoku::KIND, None).unwrap_err();
    assert!(matches!(refused, AppError::NotOffered { what: "daily", .. }), "{refused:?}");
}

#[test]
fn the_first_attempt_ranks_and_a_second_does_not() {
    let app = App::on("2026-12-06");
    let status = app.state.daily_status(bubbles::KIND).unwrap();
    assert!(status.today.is_none() && !status.done && status.best.is_empty());
    let started = app.state.daily_start(bubbles::KIND, None).unwrap();
    assert!(started.can_rank);
    let first = app.finish_bubbles();
    assert!(first.record.is_some_and(|record| record.rank == Some(1)), "{:?}", first.record);
    let status = app.state.daily_status(bubbles::KIND).unwrap();
    assert!(status.done);
    let today = status.today.clone().unwrap();
    assert_eq!((today.rank, today.score, today.id), (Some(1), first.score, first.record.map(|r| r.id)));
    assert_eq!(status.best, vec![today]);

    let again = app.state.daily_start(bubbles::KIND, None).unwrap();
    assert!(again.assistance.seen_deal && !again.can_rank, "a later game of the day's deal is assisted");
    let second = app.finish_bubbles();
    assert_eq!(second.record.unwrap().rank, None);
    let after = app.state.daily_status(bubbles::KIND).unwrap();
    assert_eq!(after.best.len(), 1);
    assert_eq!(after.today.unwrap().id, first.record.map(|r| r.id), "the day's entry stays the first");
}

#[test]
fn a_first_attempt_abandoned_after_one_move_is_the_days_entry() {
    let app = App::on("2026-12-06");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    assert_eq!(app.state.daily_status(bubbles::KIND).unwrap().today, None, "no entry before a move");
    let moved = app.pop();
    assert!(moved.can_rank);
    assert_eq!(app.state.daily_status(bubbles::KIND).unwrap().today.unwrap().state, "playing");
    // Abandoned: another game in its place, then the day's deal again (a millisecond later: a
    // game is told from another of its deal by when it began, to the millisecond).
    app.state.new_game(bubbles::KIND, json!({"style": "megashift"})).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2));
    assert_eq!(app.state.daily_status(bubbles::KIND).unwrap().today.unwrap().state, "abandoned");
    let again = app.state.daily_start(bubbles::KIND, None).unwrap();
    assert!(again.assistance.seen_deal);
    let second = app.finish_bubbles();
    assert_eq!(second.record.unwrap().rank, None);
    let status = app.state.daily_status(bubbles::KIND).unwrap();
    assert!(!status.done && status.best.is_empty());
    assert_eq!(status.today.unwrap().state, "abandoned");
    assert_eq!(status.finished_streak.current, 0);
}

#[test]
fn a_game_of_the_days_deal_started_otherwise_is_marked_at_its_first_move() {
    let app = App::on("2026-12-06");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    app.pop();
    // The same deal from its code: already marked; a restart before any move: marked at its
    // first move, the day having its entry.
    let code = app.state.deal_code(bubbles::KIND, None).unwrap();
    assert!(code.marked, "the code of the day's game under way marks it");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    app.state.restart(bubbles::KIND).unwrap();
    let moved = app.pop();
    assert!(moved.assistance.seen_deal);
}

#[test]
fn streaks_count_days_in_a_row_and_a_missed_day_resets_them() {
    let app = App::on("2026-12-01");
    for day in ["2026-12-01", "2026-12-02"] {
        app.set_day(day);
        app.state.daily_start(bubbles::KIND, None).unwrap();
        app.finish_bubbles();
    }
    let status = app.state.daily_status(bubbles::KIND).unwrap();
    assert_eq!((status.finished_streak.current, status.finished_streak.longest), (2, 2));
    assert_eq!(status.best.len(), 2, "the all-days table");
    app.set_day("2026-12-03");
    let waiting = app.state.daily_status(bubbles::KIND).unwrap();
    assert_eq!(waiting.finished_streak.current, 2, "today's is not done yet: the streak holds");
    app.set_day("2026-12-04");
    let missed = app.state.daily_status(bubbles::KIND).unwrap();
    assert_eq!((missed.finished_streak.current, missed.finished_streak.longest), (0, 2), "a missed day");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    app.finish_bubbles();
    assert_eq!(app.state.daily_status(bubbles::KIND).unwrap().finished_streak.current, 1);

    // Minesweeper's: won days, and finished ones (a loss finishes the day).
    app.set_day("2026-12-05");
    app.state.daily_start(minesweeper::KIND, Some("beginner")).unwrap();
    assert_eq!(app.end_minesweeper(false).status, pastimes_games::Status::Won);
    app.set_day("2026-12-06");
    app.state.daily_start(minesweeper::KIND, None).unwrap();
    assert_eq!(app.end_minesweeper(true).status, pastimes_games::Status::Lost);
    let status = app.state.daily_status(minesweeper::KIND).unwrap();
    assert_eq!(status.choice.as_deref(), Some("beginner"), "the level picked once");
    assert_eq!((status.finished_streak.current, status.won_streak.current, status.won_streak.longest), (2, 0, 1));
    assert!(status.done);
    assert_eq!(status.best.len(), 1, "a loss has no time");
}

#[test]
fn the_table_of_days_lists_each_day_newest_first_with_its_place_among_all_days() {
    let app = App::on("2026-12-04");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    let first = app.finish_bubbles().score.unwrap();
    app.set_day("2026-12-05");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    let second = app.finish_bubbles().score.unwrap();
    app.set_day("2026-12-06");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    app.pop();

    let status = app.state.daily_status(bubbles::KIND).unwrap();
    let days: Vec<(&str, &str, Option<i64>)> =
        status.days.iter().map(|day| (day.day.as_str(), day.state.as_str(), day.score)).collect();
    assert_eq!(
        days,
        [
            ("2026-12-06", "playing", None),
            ("2026-12-05", "finished", Some(second)),
            ("2026-12-04", "finished", Some(first))
        ]
    );
    // A higher score is the better day: its place is 1 in the all-days table, whichever day.
    let (better, worse) = if second > first { (1, 2) } else { (2, 1) };
    assert_eq!(status.days.iter().map(|day| day.rank).collect::<Vec<_>>(), [None, Some(better), Some(worse)]);
    assert_eq!(status.days[0], status.today.clone().unwrap(), "today's row is today's entry");
}

#[test]
fn the_history_and_its_csv_say_which_game_is_a_days_entry() {
    let app = App::on("2026-12-06");
    app.state.daily_start(bubbles::KIND, None).unwrap();
    let first = app.finish_bubbles().record.unwrap().id;
    app.state.daily_start(bubbles::KIND, None).unwrap();
    app.finish_bubbles();
    let page = app.state.history(&HistoryFilter::default(), &crate::store::PageStart::Newest, 10).unwrap();
    let marks: Vec<(i64, Option<&str>)> = page.rows.iter().map(|row| (row.id, row.daily.as_deref())).collect();
    assert_eq!(marks, [(first + 1, None), (first, Some("2026-12-06"))], "the second game is no day's entry");
    let mut out = Vec::new();
    crate::library::csv::write_history(&app.state.store().unwrap(), &HistoryFilter::default(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with(",winner,daily"), "{}", lines[0]);
    assert!(lines[1].ends_with(','), "{}", lines[1]);
    assert!(lines[2].ends_with(",2026-12-06"), "{}", lines[2]);
}
