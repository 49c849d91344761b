//! The games of `play` as the store's rows, and back: a game in progress as its saved game, a
//! finished one as its row of the history, and a saved game that can no longer be resumed as
//! an unfinished one. The session hands out its own data; only this module, above it, knows the
//! rows. Opening brings back the games in progress from their rows.

use crate::error::{AppError, AppResult};
use crate::play::clock::Time;
use crate::play::live::{self, Host, Unresumed};
use crate::play::session::{Progress, Session};
use crate::records::record::{self, GameRecord};
use crate::store::{FinishedGame, Recorded, SavedGame, Store};
use pastimes_games::{GameKind, Status};
use serde_json::Value;

/// A game in progress as the store keeps it.
pub(crate) fn saved_game(progress: &Progress) -> SavedGame {
    SavedGame {
        game: progress.game,
        params: progress.params.to_string(),
        seed: progress.seed,
        moves: Value::from(progress.moves.clone()).to_string(),
        elapsed_ms: progress.elapsed_ms,
        started_at: progress.started_at.clone(),
        assistance: progress.assistance,
        times: Value::from(progress.times.clone()).to_string(),
    }
}

/// A saved game as the session takes it back (the times of a save from before they were kept
/// are none).
pub(crate) fn progress(saved: &SavedGame) -> AppResult<Progress> {
    Ok(Progress {
        game: saved.game,
        params: serde_json::from_str(&saved.params).map_err(AppError::bad_argument)?,
        seed: saved.seed,
        moves: serde_json::from_str(&saved.moves).map_err(AppError::bad_argument)?,
        elapsed_ms: saved.elapsed_ms,
        started_at: saved.started_at.clone(),
        assistance: saved.assistance,
        times: serde_json::from_str(&saved.times).unwrap_or_default(),
    })
}

/// Rebuilds a saved game by replaying its moves ([`Session::restore`]).
pub(crate) fn restore(saved: &SavedGame, time: Time) -> AppResult<Session> {
    Session::restore(&progress(saved)?, time)
}

/// Saves the game in progress `session`.
pub(crate) fn save(store: &Store, session: &Session) -> AppResult<()> {
    store.save_game(&saved_game(&session.progress()))
}

/// Records the finished game `session` in the history.
/// A game that is a day's daily entry is linked to it.
pub(crate) fn record(store: &mut Store, session: &Session) -> AppResult<Option<Recorded>> {
    let recorded = finished(session).map(|finished| store.record_finished(&finished)).transpose()?;
    if let Some(recorded) = recorded.filter(|recorded| recorded.id > 0) {
        store.finish_daily(session.kind(), session.seed(), session.started_at(), recorded.id)?;
    }
    Ok(recorded)
}

/// What goes into the history once the game is over.
pub(crate) fn finished(session: &Session) -> Option<FinishedGame> {
    let game = session.game();
    let status = game.status();
    if !status.is_over() {
        return None;
    }
    let elapsed_ms = session.elapsed_ms();
    let mut detail = serde_json::json!({ "seed": session.seed().to_string(), "params": game.params() });
    if let Some(summary) = game.summary(elapsed_ms) {
        detail["summary"] = summary;
    }
    let assistance = session.assistance();
    let assisted = assistance.is_assisted();
    Some(FinishedGame {
        game: session.kind(),
        category: game.category(),
        result: status,
        score: game.score(),
        time_ms: elapsed_ms,
        moves: u32::try_from(session.moves().len()).unwrap_or(u32::MAX),
        replay: game.is_replay(),
        started_at: session.started_at().to_string(),
        finished_at: crate::store::timestamp(chrono::Utc::now()),
        detail: detail.to_string(),
        rank_key: game.rank_key(elapsed_ms).filter(|_| !assisted),
        rate: game.rate(elapsed_ms).filter(|_| !assisted),
        assistance,
        record: Some(record::encode(game, &session.record_of_moves())),
    })
}

/// A saved game that cannot be resumed (`reason`), as an unfinished game for the history:
/// its moves and their times go into its record as they were saved, so nothing of it is
/// lost, and it never ranks. What cannot be dealt is left out: the category is the one its
/// parameters name (whatever their dealer version), the moves keep their JSON.
pub(crate) fn unresumable(saved: &SavedGame, reason: &str) -> FinishedGame {
    let params: Value = serde_json::from_str(&saved.params).unwrap_or(Value::Null);
    let moves: Vec<Value> = serde_json::from_str(&saved.moves).unwrap_or_default();
    let times: Vec<u64> = serde_json::from_str(&saved.times).unwrap_or_default();
    let times_ms = if times.len() == moves.len() { times } else { vec![saved.elapsed_ms; moves.len()] };
    let dealt = (saved.game.info().new_game)(&params, saved.seed).ok();
    let mut any_deal = params.clone();
    if let Some(fields) = any_deal.as_object_mut() {
        fields.remove(pastimes_games::deal::KEY);
    }
    let category = dealt
        .as_ref()
        .map(|game| game.category())
        .or_else(|| (saved.game.info().new_game)(&any_deal, saved.seed).ok().map(|game| game.category()))
        .unwrap_or_else(|| "unknown".to_string());
    let record = GameRecord { moves, times_ms };
    let detail = serde_json::json!({ "seed": saved.seed.to_string(), "params": params, "unresumable": reason });
    FinishedGame {
        game: saved.game,
        category,
        result: Status::Playing,
        score: None,
        time_ms: saved.elapsed_ms,
        moves: u32::try_from(record.moves.len()).unwrap_or(u32::MAX),
        replay: dealt.as_ref().is_some_and(|game| game.is_replay()),
        started_at: saved.started_at.clone(),
        finished_at: crate::store::timestamp(chrono::Utc::now()),
        detail: detail.to_string(),
        rank_key: None,
        rate: None,
        assistance: saved.assistance,
        record: Some(record::encode_maybe(dealt.as_deref(), &record)),
    }
}

/// Brings back the game of each kind in progress. One that can no longer be resumed (its
/// moves no longer replay) is never dropped: it goes into the history as unfinished, with
/// its record; the ones returned are for the start-up dialog to tell the player once.
pub(super) fn restore_saved_games(state: &impl Host) -> Vec<Unresumed> {
    let mut unresumed = Vec::new();
    let Ok(mut store) = state.store() else { return unresumed };
    let mut slots = state.slots();
    for kind in GameKind::all() {
        let saved = match store.load_saved_game(kind) {
            Ok(Some(saved)) => saved,
            Ok(None) => continue,
            Err(error) => {
                eprintln!("pastimes: the saved {} game could not be read: {error}", kind.as_str());
                continue;
            }
        };
        match restore(&saved, state.runtime().time.clone()) {
            Ok(session) => live::adopt(&mut slots, kind, session, state.next_generation()),
            Err(error) => {
                let reason = error.to_string();
                eprintln!(
                    "pastimes: the saved {} game cannot be resumed ({reason}); kept in the history",
                    kind.as_str()
                );
                let unfinished = unresumable(&saved, &reason);
                // Deleted only once it is in the history: a failed write leaves it saved.
                if store.record_finished(&unfinished).is_ok() {
                    let _ = store.delete_saved_game(kind);
                }
                unresumed.push(Unresumed { game: kind, reason });
            }
        }
    }
    unresumed
}
