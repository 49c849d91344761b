//! The puzzles: the tool a game offers beside play ([`pastimes_games::puzzle`]), one open
//! puzzle for each game whose table declares them. This module is the tool's host and knows no
//! game: it opens a puzzle of the game's set, forwards the page's actions to it, and writes to
//! the store what became of the attempt (solved, or first gone wrong: the streak's end). Never
//! a game: nothing here reaches the history or the hall of fame. The puzzle of the day's first
//! attempt each day is the day's entry of the daily offer ([`daily`]).

mod daily;

use crate::error::{AppError, AppResult};
use crate::play::clock::{system_time, Time};
use crate::store::{PuzzleAttempt, PuzzleRecord, Store};
use daily::DayAttempt;
pub use daily::DayCount;
use pastimes_games::puzzle::pick_of_the_day;
use pastimes_games::{DailyPuzzleError, GameKind, PuzzleBoard, PuzzleError, PuzzleSummary, Puzzles};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;

/// A game's puzzle set and the player's record, for the list and its filters.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleList {
    pub game: GameKind,
    pub puzzles: &'static [PuzzleSummary],
    pub record: PuzzleRecord,
    /// Today, `YYYY-MM-DD`, and its puzzle: the same for everyone that day with this set.
    pub day: String,
    pub today: PuzzleSummary,
}

/// What the page is told of the open puzzle.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleSnapshot {
    pub game: GameKind,
    pub id: String,
    /// The puzzle as the game's screen draws it.
    pub view: Value,
    pub record: PuzzleRecord,
    /// Whether it is today's puzzle.
    pub daily: bool,
    /// Today's puzzle: whether this attempt is the day's entry (none for another puzzle).
    pub day_count: Option<DayCount>,
}

/// The puzzles a game declares, if any: its table's in the app, a stand-in in tests.
pub type Offers = fn(GameKind) -> Option<Puzzles>;

/// The open puzzle of each game.
pub struct PuzzleHost {
    open: Mutex<HashMap<GameKind, Open>>,
    offers: Offers,
    /// The clock the time taken on the day's puzzle is read on.
    time: Time,
}

impl Default for PuzzleHost {
    fn default() -> PuzzleHost {
        PuzzleHost::with_offers(|kind| kind.info().puzzles)
    }
}

struct Open {
    board: Box<dyn PuzzleBoard>,
    summary: PuzzleSummary,
    /// Whether the attempt's first wrong turn and its solve are in the store.
    wrong_written: bool,
    solve_written: bool,
    /// When it was opened, on the host's clock: the day's entry's time runs from there.
    opened_at: std::time::Duration,
    /// What it is to the day's puzzle.
    day: DayAttempt,
}

fn app_error(error: PuzzleError) -> AppError {
    match error {
        PuzzleError::Rule(rule) => rule.into(),
        PuzzleError::File(file) => file.into(),
        other => AppError::bad_argument(other),
    }
}

fn daily_error(kind: GameKind, error: DailyPuzzleError) -> AppError {
    match error {
        DailyPuzzleError::NotOffered(_) => AppError::NotOffered { game: kind, what: "puzzles" },
        DailyPuzzleError::File(file) => file.into(),
        DailyPuzzleError::Daily(other) => AppError::bad_argument(other),
    }
}

impl PuzzleHost {
    pub fn with_offers(offers: Offers) -> PuzzleHost {
        PuzzleHost { open: Mutex::new(HashMap::new()), offers, time: system_time() }
    }

    /// The same host, timing on `time` (the app's clock; a manual one in tests).
    pub fn timed(self, time: Time) -> PuzzleHost {
        PuzzleHost { time, ..self }
    }

    /// When the attempt at the puzzle of `day` of `kind` that is that day's entry began, while
    /// it is open and undecided: the daily framework shows the day under way.
    pub fn day_attempt_under_way(&self, kind: GameKind, day: &str) -> Option<String> {
        let opened = lock(&self.open);
        let attempt = opened.get(&kind)?.day.under_way()?;
        (attempt.day == day).then(|| attempt.started_at.clone())
    }

    /// The puzzles `kind` declares; refused for a game without.
    fn offer(&self, kind: GameKind) -> AppResult<Puzzles> {
        (self.offers)(kind).ok_or(AppError::NotOffered { game: kind, what: "puzzles" })
    }

    /// The set of `kind`, the player's record and the puzzle of `day`.
    pub fn list(&self, kind: GameKind, store: &Store, day: &str) -> AppResult<PuzzleList> {
        let puzzles = (self.offer(kind)?.list)()?;
        let today = pick_of_the_day(kind, puzzles, day).map_err(|e| daily_error(kind, e))?.clone();
        Ok(PuzzleList { game: kind, puzzles, record: store.puzzle_record(kind)?, day: day.to_string(), today })
    }

    /// Opens the puzzle `id` of `kind`'s set (`None`: the puzzle of `day`) at its start; the
    /// day's entry still undecided is not started again but shown as it stands (it counts).
    pub fn open(&self, kind: GameKind, id: Option<&str>, store: &Store, day: &str) -> AppResult<PuzzleSnapshot> {
        let puzzles = self.offer(kind)?;
        let set = (puzzles.list)()?;
        let today = pick_of_the_day(kind, set, day).map_err(|e| daily_error(kind, e))?.clone();
        let id = id.unwrap_or(&today.id);
        let summary = set.iter().find(|puzzle| puzzle.id == id).cloned().ok_or_else(|| {
            AppError::bad_argument(format!("no puzzle {:?}", id.chars().take(40).collect::<String>()))
        })?;
        let mut opened = lock(&self.open);
        if let Some(open) = opened.get(&kind) {
            if open.summary.id == id && open.day.under_way().is_some_and(|attempt| attempt.day == day) {
                return snapshot(kind, open, store, &today, day);
            }
        }
        let board = (puzzles.open)(id).map_err(app_error)?;
        let open = Open {
            board,
            summary,
            wrong_written: false,
            solve_written: false,
            opened_at: self.time.now(),
            day: DayAttempt::Unbegun,
        };
        let snapshot = snapshot(kind, &open, store, &today, day)?;
        opened.insert(kind, open);
        Ok(snapshot)
    }

    /// One of the player's actions on the open puzzle of `kind`; refused, nothing changes. What
    /// became of the attempt is written to the store (`now`: the time it is written with).
    /// The store is taken (`store`) only once the board has answered: its engine's work holds
    /// no other command up.
    pub fn act<S: std::ops::Deref<Target = Store>>(
        &self,
        kind: GameKind,
        action: &Value,
        store: impl Fn() -> AppResult<S>,
        day: &str,
        now: &str,
    ) -> AppResult<PuzzleSnapshot> {
        let set = (self.offer(kind)?.list)()?;
        let today = pick_of_the_day(kind, set, day).map_err(|e| daily_error(kind, e))?.clone();
        let mut opened = lock(&self.open);
        let open = opened.get_mut(&kind).ok_or(AppError::NothingTo("play: no puzzle is open"))?;
        open.board.act(action).map_err(app_error)?;
        let store = store()?;
        let progress = open.board.progress();
        let attempt = |solved: bool, clean: bool| PuzzleAttempt {
            game: kind,
            puzzle: open.summary.id.clone(),
            kind: open.summary.kind.to_string(),
            grade: open.summary.grade,
            solved,
            clean,
            at: now.to_string(),
        };
        if !progress.clean && !open.wrong_written {
            store.add_puzzle_attempt(&attempt(false, false))?;
            open.wrong_written = true;
        }
        if progress.solved && !open.solve_written {
            store.add_puzzle_attempt(&attempt(true, progress.clean))?;
            open.solve_written = true;
        }
        let taken = self.time.now().saturating_sub(open.opened_at);
        let puzzle = (kind, open.summary.id.as_str(), open.summary.id == today.id);
        open.day.after_action(&store, puzzle, (day, now), progress, taken)?;
        snapshot(kind, open, &store, &today, day)
    }
}

fn snapshot(kind: GameKind, open: &Open, store: &Store, today: &PuzzleSummary, day: &str) -> AppResult<PuzzleSnapshot> {
    let mut view = open.board.view();
    if let Some(puzzle) = view.get_mut("puzzle") {
        *puzzle = serde_json::to_value(&open.summary).unwrap_or_default();
    }
    Ok(PuzzleSnapshot {
        game: kind,
        id: open.summary.id.clone(),
        view,
        record: store.puzzle_record(kind)?,
        daily: open.summary.id == today.id,
        day_count: open.day.count(store, kind, day, open.summary.id == today.id)?,
    })
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests;
