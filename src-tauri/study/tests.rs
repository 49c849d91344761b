//! The host with a stand-in tool that is no game's (a counter whose engine counts up to it):
//! what the host does, it does for any tool.

use super::*;
use pastimes_games::MovesReader;
use serde_json::json;
use std::sync::mpsc;
use std::time::Duration;

/// A number the player sets, and an engine that looks at it three times, the last look being
/// the number itself; it refuses to go below zero.
struct Counter(i64);

impl StudyBoard for Counter {
    fn view(&self) -> Value {
        json!({ "count": self.0 })
    }

    fn is_over(&self) -> bool {
        self.0 == 100
    }

    fn edit(&mut self, edit: &Value) -> Result<(), StudyError> {
        let by = edit["add"].as_i64().ok_or_else(|| StudyError::BadArgument(format!("not an edit: {edit}")))?;
        if self.0 + by < 0 {
            return Err(StudyError::IllegalMove { number: 1, text: by.to_string(), reason: "below zero".into() });
        }
        self.0 += by;
        Ok(())
    }

    fn set_text(&mut self, _setup: &Value, text: &str, _read_moves: &MovesReader) -> Result<(), StudyError> {
        self.0 = text.trim().parse().map_err(|_| StudyError::BadArgument(format!("not a number: {text}")))?;
        Ok(())
    }

    fn set_game(&mut self, game: &dyn AnyGame) -> Result<(), StudyError> {
        Err(StudyError::BadArgument(format!("no game comes here: {:?}", game.kind())))
    }

    fn engine(&self) -> pastimes_games::StudyEngine {
        let count = self.0;
        Box::new(move |cancel, tell| {
            for step in 1..=3 {
                if cancel.load(Ordering::Relaxed) || !tell(json!(count * step / 3), step == 3) {
                    return;
                }
            }
        })
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn open_counter() -> Box<dyn StudyBoard> {
    Box::new(Counter(0))
}

/// Only Minesweeper has the counter: any game will do, as long as it is one the host is told of.
fn counter_tools(kind: GameKind) -> Option<OpenStudyBoard> {
    (kind == pastimes_games::minesweeper::KIND).then_some(open_counter as OpenStudyBoard)
}

/// Boards whose notifier sends each snapshot told.
fn boards() -> (StudyBoards, mpsc::Receiver<StudySnapshot>) {
    let worker: Worker = Arc::new(|job| {
        std::thread::spawn(job);
    });
    let boards = StudyBoards::with_tools(worker, counter_tools);
    let (sender, told) = mpsc::channel();
    let sender = Mutex::new(sender);
    boards.set_notifier(Box::new(move |snapshot| {
        let _ = sender.lock().unwrap().send(snapshot.clone());
    }));
    (boards, told)
}

/// The snapshots told until the engine's last look.
fn until_settled(told: &mpsc::Receiver<StudySnapshot>) -> Vec<StudySnapshot> {
    let mut seen = Vec::new();
    while seen.last().is_none_or(|snapshot: &StudySnapshot| !snapshot.settled) {
        seen.push(told.recv_timeout(Duration::from_secs(30)).expect("the engine tells its looks"));
    }
    seen
}

const KIND: GameKind = pastimes_games::minesweeper::KIND;

#[test]
fn a_game_without_the_tool_is_refused_with_a_typed_error() {
    let (boards, _told) = boards();
    let gomoku = pastimes_games::gomoku::KIND;
    for refused in [boards.snapshot(gomoku).map(|_| ()), boards.edit(gomoku, &json!({"add": 1})).map(|_| ())] {
        match refused {
            Err(error @ AppError::NotOffered { .. }) => assert_eq!(error.params()["what"], "studyBoard"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn the_engine_runs_on_each_new_position_and_tells_every_look() {
    let (boards, told) = boards();
    let first = boards.snapshot(KIND).unwrap();
    assert!(first.thinking && first.look.is_null(), "shown, the board starts its engine");
    let looks: Vec<Value> = until_settled(&told).into_iter().map(|s| s.look).collect();
    assert_eq!(looks, [json!(0), json!(0), json!(0)]);
    let edited = boards.edit(KIND, &json!({"add": 9})).unwrap();
    assert_eq!((edited.revision, &edited.view, edited.settled), (first.revision + 1, &json!({"count": 9}), false));
    let seen = until_settled(&told);
    assert!(seen.iter().all(|s| s.revision == edited.revision && s.sequence > edited.sequence));
    assert_eq!(seen.last().map(|s| (&s.look, s.thinking)), Some((&json!(9), false)));
    // Settled, the board is shown again without the engine starting over.
    assert!(!boards.snapshot(KIND).unwrap().thinking);
}

#[test]
fn a_refused_change_keeps_the_position_and_the_engine_switched_off_rests() {
    let (boards, _told) = boards();
    let off = boards.set_engine(KIND, false).unwrap();
    assert!(!off.engine_on && !off.thinking);
    let set = boards.set_text(KIND, &Value::Null, "5").unwrap();
    assert!(!set.thinking && set.look.is_null());
    let refused = boards.edit(KIND, &json!({"add": -6})).unwrap_err();
    assert_eq!(refused.code(), "record_illegal_move");
    assert_eq!(boards.edit(KIND, &json!("add")).unwrap_err().code(), "bad_argument");
    let now = boards.snapshot(KIND).unwrap();
    assert_eq!((now.view, now.revision), (json!({"count": 5}), set.revision));
    assert!(boards.set_engine(KIND, true).unwrap().thinking);
}

#[test]
fn a_position_that_is_over_gives_the_engine_nothing_to_do() {
    let (boards, _told) = boards();
    let over = boards.set_text(KIND, &Value::Null, "100").unwrap();
    assert!(over.settled && !over.thinking);
}
