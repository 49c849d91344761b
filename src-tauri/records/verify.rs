//! Proof by replay: every stored record is played again through the rules, from its parameters
//! and seed, and must reach the result, score, moves, time and the summary figures its game
//! declares verified ([`pastimes_games::SummaryField::verified`]) stored with it.
//! A row changed behind the app's back no longer matches its record.

use crate::error::AppResult;
use crate::records::record::GameRecord;
use crate::records::replay::{self, Dealt};
use crate::store::{result_name, Store, StoredRecord};
use serde::Serialize;
use serde_json::Value;

/// A finished game whose record does not lead to what is stored, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    pub id: i64,
    pub reason: String,
}

/// What a check of every record found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Verified {
    pub checked: u64,
    pub mismatched: Vec<Mismatch>,
}

/// Replays one stored game; `Err` says what differs.
pub fn check(stored: &StoredRecord) -> Result<(), String> {
    let Dealt { detail, game, record, kind, .. } = replay::deal(stored)?;
    let GameRecord { moves, times_ms } = record;
    let game = replay::play_through(game, &moves, |_, _, _| {})?;
    let expect = |what: &str, stored: String, replayed: String| {
        if stored == replayed {
            Ok(())
        } else {
            Err(format!("{what}: stored {stored}, replayed {replayed}"))
        }
    };
    expect("result", stored.result.clone(), result_name(game.status()).to_string())?;
    expect("score", format!("{:?}", stored.score), format!("{:?}", game.score()))?;
    expect("moves", stored.moves.to_string(), moves.len().to_string())?;
    let last = times_ms.last().copied().unwrap_or(0);
    expect("time", stored.time_ms.to_string(), last.to_string())?;
    let replayed_summary = game.summary(last).unwrap_or(Value::Null);
    // A figure only the analysis finds is not the rules' to replay: neither side has one.
    let no_analysis = Value::Null;
    for field in kind.info().summary_fields.iter().filter(|field| field.verified) {
        let figure = |summary: &Value| format!("{:?}", field.read(summary, &no_analysis));
        expect(field.key, figure(&detail["summary"]), figure(&replayed_summary))?;
    }
    Ok(())
}

/// Replays every stored record through the rules: how many, and which do not lead to what
/// is stored with them.
pub fn verify_records(store: &Store) -> AppResult<Verified> {
    let mut verified = Verified::default();
    verified.checked = store.for_each_record(|stored| tally(&mut verified, &stored))?;
    Ok(verified)
}

/// Adds one check to a report. A game in progress kept because it could not be resumed is
/// known not to replay (its detail says why): it is not a mismatch.
pub fn tally(verified: &mut Verified, stored: &StoredRecord) {
    let unresumable = stored.result == result_name(pastimes_games::Status::Playing)
        && serde_json::from_str::<Value>(&stored.detail).is_ok_and(|detail| detail.get("unresumable").is_some());
    if unresumable {
        return;
    }
    if let Err(reason) = check(stored) {
        verified.mismatched.push(Mismatch { id: stored.id, reason });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::{ManualTime, Time};
    use crate::play::session::Session;
    use crate::store::Store;
    use pastimes_games::GameKind;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use serde_json::json;
    use std::sync::Arc;
    use std::time::Duration;

    /// Parameters beside the defaults that a generated game of the shipped games may have:
    /// levels, sizes, styles, rules. A game not named here is played with its defaults.
    fn variants(kind: GameKind) -> Vec<Value> {
        match kind.as_str() {
            "minesweeper" => vec![
                json!({"level": "beginner"}),
                json!({"level": "intermediate", "noGuess": true}),
                json!({"level": "expert"}),
                json!({"level": "custom", "width": 12, "height": 10, "mines": 20, "firstClick": "safe"}),
                json!({"level": "beginner", "noGuess": true, "questionMarks": false}),
            ],
            "bubbles" => {
                ["standard", "continuous", "shifter", "megashift"].map(|style| json!({"style": style})).to_vec()
            }
            "gomoku" => ["freestyle", "exactFive", "renju", "caro"].map(|rule| json!({"rule": rule})).to_vec(),
            _ => Vec::new(),
        }
    }

    /// The `i`th generated game: every registered game in turn, each with its defaults and its
    /// variants in turn.
    fn params_of(i: usize) -> (GameKind, Value) {
        let kinds: Vec<GameKind> = GameKind::all().collect();
        let kind = kinds[i % kinds.len()];
        let mut all = variants(kind);
        all.push(kind.info().default_params());
        (kind, all[i / kinds.len() % all.len()].clone())
    }

    /// Plays a game of `params` with random moves (any move the board's notation can name: the
    /// game refuses what it must), the clock moving between moves, to its end. After 300 moves
    /// it presses the cell its hint names, as a game such as Lights Out ends no other way.
    fn played(kind: GameKind, params: &Value, seed: u64, rng: &mut StdRng) -> Session {
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let mut session = Session::new(kind, params, seed, time).unwrap();
        let codes = session.game().move_codes();
        for _ in 0..100_000 {
            if session.is_over() {
                return session;
            }
            let mv = if session.moves().len() < 300 {
                session.game().code_move(rng.random_range(0..codes))
            } else {
                let hint = session.game().hint(&std::sync::atomic::AtomicBool::new(false));
                hint.map(|hint| json!({"x": hint["x"], "y": hint["y"]}))
            };
            let _ = session.play(&mv.unwrap_or_else(|| panic!("{kind:?}: no move to end the game")));
            hand.advance(Duration::from_millis(rng.random_range(0..3_000)));
        }
        panic!("{kind:?}: a game of random moves did not end")
    }

    fn store_of(games: usize) -> Store {
        let mut store = Store::open_in_memory().unwrap();
        let mut rng = StdRng::seed_from_u64(7);
        for i in 0..games {
            let (kind, params) = params_of(i);
            let session = played(kind, &params, rng.random(), &mut rng);
            store.record_finished(&crate::state::rows::finished(&session).unwrap()).unwrap();
        }
        store
    }

    fn verify(store: &Store) -> Verified {
        let mut verified = Verified::default();
        verified.checked = store.for_each_record(|stored| tally(&mut verified, &stored)).unwrap();
        verified
    }

    #[test]
    fn ten_thousand_generated_games_replay_to_their_results() {
        let store = store_of(10_000);
        let verified = verify(&store);
        assert_eq!(verified.checked, 10_000);
        assert_eq!(verified.mismatched, [], "every record leads to its result");
    }

    #[test]
    fn a_result_changed_in_the_database_no_longer_matches_its_record() {
        let store = store_of(6);
        let conn = store.connection();
        conn.execute("UPDATE finished_games SET time_ms = time_ms - 1000 WHERE id = 1", []).unwrap();
        conn.execute("UPDATE finished_games SET score = score + 10 WHERE id = 2", []).unwrap();
        conn.execute("UPDATE finished_games SET result = 'won' WHERE id = 3 AND result <> 'won'", []).unwrap();
        conn.execute("UPDATE finished_games SET result = 'lost' WHERE id = 3 AND result = 'won'", []).unwrap();
        let verified = verify(&store);
        assert_eq!(verified.checked, 6);
        let ids: Vec<i64> = verified.mismatched.iter().map(|m| m.id).collect();
        assert_eq!(ids, [1, 2, 3], "{:?}", verified.mismatched);
        assert!(verified.mismatched[0].reason.starts_with("time"), "{:?}", verified.mismatched[0]);
    }

    #[test]
    fn a_verified_summary_figure_changed_in_the_database_no_longer_matches_its_record() {
        let store = store_of(4);
        let conn = store.connection();
        let details: Vec<(i64, String)> = conn
            .prepare("SELECT id, detail FROM finished_games WHERE game = 'minesweeper'")
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let changed = details.len();
        assert!(changed > 0, "the generated games have a Minesweeper game");
        for (id, detail) in details {
            let mut detail: Value = serde_json::from_str(&detail).unwrap();
            detail["summary"]["bbbv"] = Value::from(100_000);
            let detail = detail.to_string();
            conn.execute("UPDATE finished_games SET detail = ?2 WHERE id = ?1", rusqlite::params![id, detail]).unwrap();
        }
        let verified = verify(&store);
        assert_eq!(verified.mismatched.len(), changed, "{:?}", verified.mismatched);
        for mismatch in &verified.mismatched {
            assert!(mismatch.reason.starts_with("bbbv: stored Some(Number(100000))"), "{mismatch:?}");
        }
    }

    #[test]
    fn a_damaged_record_is_reported_not_replayed() {
        let store = store_of(3);
        store.connection().execute("UPDATE finished_games SET record = x'505231' WHERE id = 2", []).unwrap();
        let verified = verify(&store);
        assert_eq!(verified.mismatched.len(), 1);
        assert_eq!(verified.mismatched[0].id, 2);
    }
}
