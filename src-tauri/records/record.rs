//! A game's full record: every logged move and the backend's clock at each (milliseconds since
//! the game began), kept with the finished game so that it can be replayed and checked.
//!
//! Stored compactly: `PR1`, the number of moves as a varint, then for each move its game's code
//! plus one as a varint (or 0, then the move's JSON, length first, for a move without a code)
//! and the milliseconds since the move before as a varint. A Minesweeper Expert move takes
//! about four bytes.

use pastimes_games::AnyGame;
use serde_json::Value;

const MAGIC: &[u8] = b"PR1";

/// The moves of a game as logged, and the clock at each.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameRecord {
    pub moves: Vec<Value>,
    pub times_ms: Vec<u64>,
}

/// Why a stored record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("not a Pastimes record")]
    NotARecord,
    #[error("the record ends early")]
    Truncated,
    #[error("move {0} is not one of this game's")]
    BadMove(usize),
}

/// The record in its stored form; `game` is the game as dealt (the codes depend on its size).
pub fn encode(game: &dyn AnyGame, record: &GameRecord) -> Vec<u8> {
    encode_maybe(Some(game), record)
}

/// [`encode`], or without a game (one that cannot be dealt any more): every move keeps its JSON.
pub fn encode_maybe(game: Option<&dyn AnyGame>, record: &GameRecord) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    put(&mut out, record.moves.len() as u64);
    let mut last = 0;
    for (mv, &at) in record.moves.iter().zip(&record.times_ms) {
        match game.and_then(|game| game.move_code(mv)) {
            Some(code) => put(&mut out, u64::from(code) + 1),
            None => {
                let text = mv.to_string();
                put(&mut out, 0);
                put(&mut out, text.len() as u64);
                out.extend_from_slice(text.as_bytes());
            }
        }
        put(&mut out, at.saturating_sub(last));
        last = at.max(last);
    }
    out
}

pub fn decode(game: &dyn AnyGame, bytes: &[u8]) -> Result<GameRecord, RecordError> {
    decode_maybe(Some(game), bytes)
}

/// [`decode`], or without a game (one that cannot be dealt here): only moves kept as JSON read.
pub fn decode_maybe(game: Option<&dyn AnyGame>, bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let mut rest = bytes.strip_prefix(MAGIC).ok_or(RecordError::NotARecord)?;
    let count = take(&mut rest)?;
    let mut record = GameRecord::default();
    let mut at = 0u64;
    for index in 0..count as usize {
        let tag = take(&mut rest)?;
        let mv = if tag == 0 {
            let len = take(&mut rest)? as usize;
            let text = rest.get(..len).ok_or(RecordError::Truncated)?;
            rest = &rest[len..];
            serde_json::from_slice(text).map_err(|_| RecordError::BadMove(index))?
        } else {
            let code = u32::try_from(tag - 1).map_err(|_| RecordError::BadMove(index))?;
            game.and_then(|game| game.code_move(code)).ok_or(RecordError::BadMove(index))?
        };
        at = at.saturating_add(take(&mut rest)?);
        record.moves.push(mv);
        record.times_ms.push(at);
    }
    if !rest.is_empty() {
        return Err(RecordError::NotARecord);
    }
    Ok(record)
}

/// Appends `n` as a LEB128 varint.
fn put(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn take(rest: &mut &[u8]) -> Result<u64, RecordError> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, tail) = rest.split_first().ok_or(RecordError::Truncated)?;
        *rest = tail;
        n |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(n);
        }
    }
    Err(RecordError::NotARecord)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::{bubbles, gomoku, minesweeper};
    use serde_json::json;

    fn game(kind: pastimes_games::GameKind, params: Value) -> Box<dyn AnyGame> {
        (kind.info().new_game)(&params, 1).unwrap()
    }

    #[test]
    fn an_expert_game_of_300_moves_stays_under_one_and_a_half_kilobytes() {
        let expert = game(minesweeper::KIND, json!({"level": "expert"}));
        let actions = ["open", "mark", "chord"];
        let moves: Vec<Value> =
            (0..300).map(|i| json!({"action": actions[i % 3], "x": (i * 7) % 30, "y": (i * 3) % 16})).collect();
        // A move every 0.2 to 2 seconds, the slowest after a minute.
        let times_ms: Vec<u64> = (0..300u64).map(|i| i * 1_100 + (i * 37) % 900).collect();
        let record = GameRecord { moves, times_ms };
        let bytes = encode(expert.as_ref(), &record);
        assert!(bytes.len() < 1_500, "{} bytes", bytes.len());
        assert_eq!(decode(expert.as_ref(), &bytes).unwrap(), record);
    }

    #[test]
    fn every_kind_of_move_comes_back_and_one_without_a_code_keeps_its_json() {
        let swap2 = game(gomoku::KIND, json!({"opening": "swap2"}));
        let record = GameRecord {
            moves: vec![json!({"x": 7, "y": 7}), json!({"choose": "placeTwo"})],
            times_ms: vec![0, 2_500],
        };
        assert_eq!(decode(swap2.as_ref(), &encode(swap2.as_ref(), &record)).unwrap(), record);
        // A Bubble Breaker log holds pops only; a click (no code) still survives, as JSON.
        let field = game(bubbles::KIND, json!({}));
        let click = json!({"action": "click", "x": 3, "y": 4});
        let record = GameRecord { moves: vec![click, json!({"action": "pop", "x": 3, "y": 4})], times_ms: vec![5, 9] };
        let bytes = encode(field.as_ref(), &record);
        assert_eq!(bytes[4], 0, "the click goes as JSON");
        assert_eq!(decode(field.as_ref(), &bytes).unwrap(), record);
    }

    #[test]
    fn a_damaged_record_is_an_error_not_a_game() {
        let expert = game(minesweeper::KIND, json!({"level": "expert"}));
        let bytes = encode(
            expert.as_ref(),
            &GameRecord { moves: vec![json!({"action": "open", "x": 1, "y": 1})], times_ms: vec![0] },
        );
        assert_eq!(decode(expert.as_ref(), &bytes[..bytes.len() - 1]), Err(RecordError::Truncated));
        assert_eq!(decode(expert.as_ref(), b"junk"), Err(RecordError::NotARecord));
        let mut far = bytes.clone();
        far[4] = 0xff; // with the next byte, a code far past the board's last cell
        far.insert(5, 0x7f);
        assert_eq!(decode(expert.as_ref(), &far), Err(RecordError::BadMove(0)));
    }
}
