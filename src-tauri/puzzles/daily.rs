//! The puzzle of the day as the day's entry ([`pastimes_games::DailyOffer::Puzzle`]): the first
//! attempt of the day at the day's puzzle counts, from its first action (a move, or the solution
//! shown), solved or failed: failed at its first wrong move or the solution shown, solved once
//! won without either. Its time runs from when the puzzle was opened. A later attempt that day,
//! and an attempt at the day's puzzle opened on the day before, count for nothing.

use crate::error::AppResult;
use crate::store::{DailyPuzzle, Store};
use pastimes_games::{GameKind, Progress};
use serde::Serialize;
use std::time::Duration;

/// What an open puzzle is to the day.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum DayAttempt {
    /// Nothing done yet: the first action tells.
    Unbegun,
    /// The day's entry, decided once its result is known (`decided`).
    Entry { attempt: DailyPuzzle, decided: bool },
    /// Not the day's entry: another puzzle, one opened before midnight, or a later attempt.
    Other,
}

/// What the page is told of the day's puzzle open: whether this attempt counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum DayCount {
    /// Today's first attempt is still to make: the first move of this one makes it.
    Open,
    /// This attempt is today's entry.
    Counts,
    /// Today's entry was made by an earlier attempt: this one is practice.
    Practice,
}

impl DayAttempt {
    /// Whether this attempt is the day's entry still undecided.
    pub(super) fn under_way(&self) -> Option<&DailyPuzzle> {
        match self {
            DayAttempt::Entry { attempt, decided: false } => Some(attempt),
            _ => None,
        }
    }

    /// After an action taken on the puzzle `puzzle` of `kind`: the first one makes it the day's
    /// entry if it is the puzzle of `day` and the day has none (`now`: when, RFC 3339); the
    /// entry is decided as soon as `progress` tells, `taken` after the puzzle was opened.
    pub(super) fn after_action(
        &mut self,
        store: &Store,
        (kind, puzzle, todays): (GameKind, &str, bool),
        (day, now): (&str, &str),
        progress: Progress,
        taken: Duration,
    ) -> AppResult<()> {
        if *self == DayAttempt::Unbegun {
            let attempt = DailyPuzzle {
                game: kind,
                day: day.to_string(),
                puzzle: puzzle.to_string(),
                started_at: now.to_string(),
            };
            *self = if todays && store.begin_daily_puzzle(&attempt)? {
                DayAttempt::Entry { attempt, decided: false }
            } else {
                DayAttempt::Other
            };
        }
        if let DayAttempt::Entry { attempt, decided } = self {
            let verdict = if !progress.clean { Some(false) } else { progress.solved.then_some(true) };
            if let (Some(solved), false) = (verdict, *decided) {
                let time_ms = i64::try_from(taken.as_millis()).unwrap_or(i64::MAX);
                store.decide_daily_puzzle(attempt, solved, time_ms)?;
                *decided = true;
            }
        }
        Ok(())
    }

    /// What the page is told of it, when it is the puzzle of `day` (`None` otherwise).
    pub(super) fn count(&self, store: &Store, kind: GameKind, day: &str, todays: bool) -> AppResult<Option<DayCount>> {
        if !todays {
            return Ok(None);
        }
        Ok(Some(match self {
            DayAttempt::Entry { attempt, .. } if attempt.day == day => DayCount::Counts,
            DayAttempt::Unbegun if store.daily_puzzle(kind, day)?.is_none() => DayCount::Open,
            _ => DayCount::Practice,
        }))
    }
}
