//! The watch view: a finished game played again, move by move, through the rules (the same replay
//! as "Verify records", `replay.rs`), for the page to show read-only on the game's own board.
//!
//! [`Watch::open`] takes a [`StoredRecord`] however it came: from the history (the commands load
//! it by id) or, later, from an imported file (id 0, [`RecordAbout::default`]).
//! [`Watch::best_line`] shows another line on the same deal instead of the player's (Bubble
//! Breaker's best line found after the game), at no recorded pace.
//!
//! Frames are not all kept: a copy of the game every [`CHECKPOINT_EVERY`] moves, and a frame is
//! played from the copy before it, so a long game on a 100x100 field holds a few states, not
//! thousands of views.

use crate::error::{AppError, AppResult};
use crate::records::replay::{self, Dealt};
use crate::store::{result_name, FinishedRecord, FullRecord, RecordAbout, StoredRecord};
use pastimes_games::{AnyGame, GameKind, Status};
use serde::Serialize;
use serde_json::Value;
use std::sync::{Mutex, MutexGuard};

/// A copy of the game is kept after every this many moves.
pub const CHECKPOINT_EVERY: usize = 16;

/// Which line of the deal is watched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Line {
    /// The player's own moves, at their recorded pace.
    Record,
    /// The line the analysis found for the same deal (no clock).
    BestLine,
}

/// What the watch view shows above the board: which game, how it ended and its pace.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WatchHeader {
    /// The finished game's id (0 for a record that is not in the history).
    pub id: i64,
    pub game: GameKind,
    pub category: String,
    pub params: Value,
    pub line: Line,
    /// How the watched line ends, as replayed: won, lost, draw or finished.
    pub result: &'static str,
    pub score: Option<i64>,
    pub finished_at: Option<String>,
    pub player: Option<String>,
    /// The game's summary at the end of the line, as its last frame has it: what the line above
    /// the board says of the result (a two-player Gomoku game's winning colour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    /// The number of moves; the frames are 0 (the dealt board) to `moves`.
    pub moves: usize,
    /// The backend's clock at each move, in ms since the game began; `None` for a line without
    /// one (the best line), which the page plays at a fixed pace.
    pub times_ms: Option<Vec<u64>>,
}

/// The game after `index` moves: what the board shows, and what the move that led there did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WatchFrame {
    pub index: usize,
    /// The game's own view, as a snapshot of the game in play has it.
    pub view: Value,
    pub status: Status,
    pub score: Option<i64>,
    /// The clock at this move (0 for the dealt board, and for a line without a clock).
    pub elapsed_ms: u64,
    /// The move that led here, as logged; absent on the dealt board.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub r#move: Value,
    /// What that move did, as the rules tell it (for the page to animate, as in play).
    #[serde(skip_serializing_if = "Value::is_null")]
    pub effects: Value,
    /// A finished game's statistics (Minesweeper's 3BV...), on the last frame only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
}

/// A line of a deal, replayed and ready to show at any move.
pub struct Watch {
    header: WatchHeader,
    moves: Vec<Value>,
    times_ms: Vec<u64>,
    /// The game after 0, `CHECKPOINT_EVERY`, 2 x `CHECKPOINT_EVERY`... moves.
    checkpoints: Vec<Box<dyn AnyGame>>,
}

impl Watch {
    /// The player's game as recorded. `Err` names what in the record does not replay.
    pub fn open(stored: &StoredRecord, about: RecordAbout) -> AppResult<Watch> {
        let bad = |reason: String| AppError::BadRecord { id: stored.id, reason };
        let dealt = replay::deal(stored).map_err(bad)?;
        let times = dealt.record.times_ms.clone();
        let moves = dealt.record.moves.clone();
        Watch::replayed(stored.id, dealt, moves, Some(times), about).map_err(bad)
    }

    /// An imported record file (never in the history: id 0), with what its header says.
    pub fn imported(full: &FullRecord) -> AppResult<Watch> {
        let about =
            RecordAbout { finished_at: Some(full.finished_at.clone()), player: full.player.clone(), analysis: None };
        Watch::open(&full.stored, about)
    }

    /// Another line on the same deal: the analysis's best line (`moves` as the game logs them).
    pub fn best_line(stored: &StoredRecord, about: RecordAbout) -> AppResult<Watch> {
        let bad = |reason: String| AppError::BadRecord { id: stored.id, reason };
        let moves = best_line_moves(&about).ok_or(AppError::NoBestLine(stored.id))?;
        let dealt = replay::deal(stored).map_err(bad)?;
        Watch::replayed(stored.id, dealt, moves, None, about).map_err(bad)
    }

    /// A game of the history, by what the store found: one without a record cannot be watched.
    pub fn of_finished(found: FinishedRecord, best_line: bool) -> AppResult<Watch> {
        let stored = found.stored.ok_or(AppError::NoRecord(found.id))?;
        if best_line {
            Watch::best_line(&stored, found.about)
        } else {
            Watch::open(&stored, found.about)
        }
    }

    fn replayed(
        id: i64,
        dealt: Dealt,
        moves: Vec<Value>,
        times_ms: Option<Vec<u64>>,
        about: RecordAbout,
    ) -> Result<Watch, String> {
        let Dealt { kind, game: dealt, .. } = dealt;
        let params = dealt.params();
        let mut checkpoints = vec![dealt.clone()];
        let last = replay::play_through(dealt, &moves, |index, game, _| {
            if (index + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(game.clone_box());
            }
        })?;
        let header = WatchHeader {
            id,
            game: kind,
            category: last.category(),
            params,
            line: if times_ms.is_some() { Line::Record } else { Line::BestLine },
            result: result_name(last.status()),
            score: last.score(),
            finished_at: about.finished_at,
            player: about.player,
            summary: last.summary(times_ms.as_ref().and_then(|times| times.last()).copied().unwrap_or(0)),
            moves: moves.len(),
            times_ms: times_ms.clone(),
        };
        Ok(Watch { header, moves, times_ms: times_ms.unwrap_or_default(), checkpoints })
    }

    pub fn header(&self) -> &WatchHeader {
        &self.header
    }

    /// The game after `index` moves (0: the dealt board).
    pub fn frame(&self, index: u64) -> AppResult<WatchFrame> {
        let frames = self.moves.len() + 1;
        let out_of_range = AppError::NoSuchFrame { index, frames };
        let index = usize::try_from(index).ok().filter(|&i| i < frames).ok_or(out_of_range)?;
        // The last move before `index` is played here, so that its effects are told.
        let from = index.saturating_sub(1) / CHECKPOINT_EVERY * CHECKPOINT_EVERY;
        let mut game = self.checkpoints[from / CHECKPOINT_EVERY].clone();
        let mut effects = Value::Null;
        for at in from..index {
            let played = replay::play_move(game.as_mut(), at, &self.moves[at])
                .map_err(|reason| AppError::BadRecord { id: self.header.id, reason })?;
            effects = played.effects;
        }
        let elapsed_ms = index.checked_sub(1).and_then(|at| self.times_ms.get(at)).copied().unwrap_or(0);
        let summary = (index == self.moves.len()).then(|| game.summary(elapsed_ms)).flatten();
        Ok(WatchFrame {
            index,
            view: game.view(),
            status: game.status(),
            score: game.score(),
            elapsed_ms,
            r#move: index.checked_sub(1).map(|at| self.moves[at].clone()).unwrap_or(Value::Null),
            effects,
            summary,
        })
    }
}

/// The best line's moves, from the stored analysis (`{"bestScore": .., "moves": [..]}`).
fn best_line_moves(about: &RecordAbout) -> Option<Vec<Value>> {
    let analysis: Value = serde_json::from_str(about.analysis.as_deref()?).ok()?;
    analysis.get("moves")?.as_array().cloned()
}

/// The line open in the watch view (one at a time: the view shows one game).
#[derive(Default)]
pub struct Watching(Mutex<Option<Watch>>);

impl Watching {
    /// Shows `watch` from now on; answers its header.
    pub fn show(&self, watch: Watch) -> WatchHeader {
        let header = watch.header.clone();
        *self.lock() = Some(watch);
        header
    }

    pub fn frame(&self, index: u64) -> AppResult<WatchFrame> {
        self.lock().as_ref().ok_or(AppError::NotWatching)?.frame(index)
    }

    fn lock(&self) -> MutexGuard<'_, Option<Watch>> {
        // A panic elsewhere while holding it leaves a usable value behind.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::{ManualTime, Time};
    use crate::play::session::Session;
    use crate::store::Store;
    use pastimes_games::{bubbles, gomoku, minesweeper};
    use serde_json::json;
    use std::sync::Arc;
    use std::time::Duration;

    /// Plays `moves` (those the game refuses are skipped) until the game ends, a second and a
    /// bit between moves; the finished game goes into `store` and its id comes back.
    fn finished(store: &mut Store, kind: GameKind, params: Value, moves: impl Iterator<Item = Value>) -> i64 {
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let mut session = Session::new(kind, &params, 5, time).unwrap();
        for (i, mv) in moves.enumerate() {
            if session.is_over() {
                break;
            }
            let _ = session.play(&mv);
            hand.advance(Duration::from_millis(1_000 + 37 * i as u64));
        }
        assert!(session.is_over(), "the moves end the game");
        store.record_finished(&crate::state::rows::finished(&session).unwrap()).unwrap().id
    }

    fn every_cell(width: i64, height: i64, each: impl Fn(i64, i64) -> Value) -> impl Iterator<Item = Value> {
        (0..height).flat_map(move |y| (0..width).map(move |x| (x, y))).map(move |(x, y)| each(x, y))
    }

    /// A Bubble Breaker game popping whatever is first poppable, to its end (over 16 pops).
    fn bubbles_game(store: &mut Store) -> i64 {
        let pops = (0..400).map(|i| json!({"action": "pop", "x": 10 - i % 11, "y": 10 - (i / 11) % 11}));
        finished(store, bubbles::KIND, json!({"style": "standard"}), pops)
    }

    fn watch(store: &Store, id: i64) -> Watch {
        Watch::of_finished(store.finished_record(id).unwrap().unwrap(), false).unwrap()
    }

    #[test]
    fn every_frame_is_the_game_after_that_many_moves_with_the_effects_of_the_last() {
        let mut store = Store::open_in_memory().unwrap();
        let id = bubbles_game(&mut store);
        let watch = watch(&store, id);
        let header = watch.header().clone();
        assert!(header.moves >= 2 * CHECKPOINT_EVERY, "{} moves", header.moves);
        assert_eq!((header.line, header.result, header.category.as_str()), (Line::Record, "finished", "standard"));
        let times = header.times_ms.clone().unwrap();
        assert_eq!(times.len(), header.moves);
        // Played straight through, move by move, beside the frames.
        let Dealt { game: mut straight, record, .. } = replay::deal(&store_record(&store, id)).unwrap();
        let first = watch.frame(0).unwrap();
        assert_eq!((first.view, first.elapsed_ms, first.effects), (straight.view(), 0, Value::Null));
        for (at, mv) in record.moves.iter().enumerate() {
            let played = straight.play(mv).unwrap();
            let frame = watch.frame(at as u64 + 1).unwrap();
            assert_eq!(frame.view, straight.view(), "frame {}", at + 1);
            assert_eq!(frame.effects, played.effects, "frame {}", at + 1);
            assert_eq!((frame.score, frame.elapsed_ms, &frame.r#move), (straight.score(), times[at], mv));
        }
        assert_eq!(header.score, straight.score());
        assert!(watch.frame(header.moves as u64 + 1).is_err());
    }

    fn store_record(store: &Store, id: i64) -> StoredRecord {
        store.finished_record(id).unwrap().unwrap().stored.unwrap()
    }

    #[test]
    fn a_lost_minesweeper_game_ends_on_the_exploded_mine_and_the_clock_of_each_move() {
        let mut store = Store::open_in_memory().unwrap();
        let opens = every_cell(9, 9, |x, y| json!({"action": "open", "x": x, "y": y}));
        let id = finished(&mut store, minesweeper::KIND, json!({"level": "beginner"}), opens);
        let watch = watch(&store, id);
        let header = watch.header();
        assert_eq!(header.result, "lost", "opening every cell in order meets a mine");
        let last = watch.frame(header.moves as u64).unwrap();
        assert_eq!(last.status, Status::Lost);
        assert!(last.view["cells"].as_str().unwrap().contains('X'), "{}", last.view["cells"]);
        assert!(last.effects["exploded"].is_object(), "{}", last.effects);
        assert_eq!(last.elapsed_ms, *header.times_ms.as_ref().unwrap().last().unwrap());
        let dealt = watch.frame(0).unwrap();
        assert!(dealt.view["cells"].as_str().unwrap().chars().all(|c| c == '.'));
        assert_eq!(dealt.status, Status::Playing);
    }

    #[test]
    fn a_gomoku_game_is_watched_stone_by_stone() {
        let mut store = Store::open_in_memory().unwrap();
        // Black lines up on row 7, white answers on row 9.
        let stones = (0..9).map(|i| json!({"x": i / 2, "y": if i % 2 == 0 { 7 } else { 9 }}));
        let id = finished(&mut store, gomoku::KIND, json!({"opponent": "human"}), stones);
        let watch = watch(&store, id);
        assert_eq!((watch.header().moves, watch.header().result), (9, "won"));
        let fifth = watch.frame(9).unwrap();
        assert_eq!(fifth.view["winningLine"].as_array().unwrap().len(), 5);
        assert_eq!(watch.frame(1).unwrap().view["moves"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn unknown_games_games_without_a_record_and_frames_past_the_end_are_typed_errors() {
        let mut store = Store::open_in_memory().unwrap();
        let id = bubbles_game(&mut store);
        assert_eq!(store.finished_record(id + 1).unwrap(), None, "no such game");
        store.connection().execute("UPDATE finished_games SET record = NULL WHERE id = ?1", [id]).unwrap();
        let found = store.finished_record(id).unwrap().unwrap();
        assert!(matches!(Watch::of_finished(found, false), Err(AppError::NoRecord(i)) if i == id));
        let watching = Watching::default();
        assert!(matches!(watching.frame(0), Err(AppError::NotWatching)));
        let id = bubbles_game(&mut store);
        let header = watching.show(watch(&store, id));
        let past = watching.frame(header.moves as u64 + 1).unwrap_err();
        assert_eq!(past.code(), "no_such_frame");
        assert!(watching.frame(u64::MAX).is_err());
        assert!(matches!(
            Watch::of_finished(store.finished_record(id).unwrap().unwrap(), true),
            Err(AppError::NoBestLine(_))
        ));
        store.connection().execute("UPDATE finished_games SET record = x'505231' WHERE id = ?1", [id]).unwrap();
        let damaged = Watch::of_finished(store.finished_record(id).unwrap().unwrap(), false);
        assert!(matches!(damaged, Err(AppError::BadRecord { .. })));
    }

    #[test]
    fn the_best_line_is_watched_on_the_same_deal_without_a_clock() {
        let mut store = Store::open_in_memory().unwrap();
        let id = bubbles_game(&mut store);
        let stored = store_record(&store, id);
        // A line of the deal as the analysis stores it (the solver's own would take its two
        // seconds): the player's pops but the last two.
        let Dealt { game, record, .. } = replay::deal(&stored).unwrap();
        let line = &record.moves[..record.moves.len() - 2];
        let end = replay::play_through(game, line, |_, _, _| {}).unwrap();
        let analysis = json!({"bestScore": end.score(), "moves": line});
        store.save_analysis(id, &analysis).unwrap();
        let found = store.finished_record(id).unwrap().unwrap();
        let watch = Watch::of_finished(found, true).unwrap();
        let header = watch.header();
        assert_eq!((header.line, header.times_ms.as_ref()), (Line::BestLine, None));
        assert_eq!(header.score, analysis["bestScore"].as_i64());
        assert_eq!(header.moves, analysis["moves"].as_array().unwrap().len());
        let last = watch.frame(header.moves as u64).unwrap();
        assert_eq!((last.score, last.elapsed_ms), (header.score, 0));
    }
}
