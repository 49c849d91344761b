//! The shared driver (Tatham's "midend"): one game in progress with its move log, undo and redo,
//! clock, pause, persistence record and result, the same for every game.

use crate::clock::Clock;
use crate::error::{AppError, AppResult};
use crate::store::{FinishedGame, Recorded, SavedGame};
use pastimes_games::{Applied, Game, GameKind, RuleError, Status};
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the page draws: the game's view plus the driver's state. It never holds hidden
/// information: no seed, and no board at all while paused.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub game: GameKind,
    pub status: Status,
    pub category: String,
    /// The game's own view; `null` while paused, so a paused board cannot be studied.
    pub view: Value,
    pub elapsed_ms: u64,
    pub clock_running: bool,
    pub paused: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub move_count: usize,
    pub score: Option<i64>,
    pub is_replay: bool,
    pub can_replay: bool,
    pub computer_thinking: bool,
    /// Set once the finished game is recorded; `rank` is its hall-of-fame place, if any.
    pub record: Option<Recorded>,
}

/// One game in progress, generic over the rules.
pub struct Session<G: Game> {
    params: G::Params,
    seed: u64,
    game: G,
    moves: Vec<G::Move>,
    /// The state before each logged move, for undo (empty for games without undo).
    history: Vec<G>,
    /// Undone moves with the state they led to, newest last.
    redo: Vec<(G::Move, G)>,
    clock: Clock,
    paused: bool,
    started_at: String,
    record: Option<Recorded>,
}

impl<G: Game> Session<G> {
    pub fn new(params: G::Params, seed: u64) -> AppResult<Session<G>> {
        let game = G::new(&params, seed)?;
        Ok(Session {
            params,
            seed,
            game,
            moves: Vec::new(),
            history: Vec::new(),
            redo: Vec::new(),
            clock: Clock::default(),
            paused: false,
            started_at: crate::store::timestamp(chrono::Utc::now()),
            record: None,
        })
    }

    /// Rebuilds a saved game by replaying its moves. It comes back paused, its clock showing the
    /// time played before, so time away from the app is never counted and a board cannot be
    /// studied before the clock runs again.
    pub fn restore(saved: &SavedGame) -> AppResult<Session<G>> {
        let params: G::Params = serde_json::from_str(&saved.params).map_err(AppError::bad_argument)?;
        let moves: Vec<G::Move> = serde_json::from_str(&saved.moves).map_err(AppError::bad_argument)?;
        let mut session = Session::new(params, saved.seed)?;
        for mv in moves {
            session.apply_logged(mv)?;
        }
        session.clock = Clock::stopped_at(Duration::from_millis(saved.elapsed_ms));
        session.started_at = saved.started_at.clone();
        session.paused = !session.moves.is_empty();
        Ok(session)
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn params(&self) -> &G::Params {
        &self.params
    }

    pub fn is_over(&self) -> bool {
        self.game.status().is_over()
    }

    /// Plays one move of the player (or of the computer).
    pub fn play(&mut self, mv: G::Move) -> AppResult<Applied> {
        if self.paused {
            return Err(AppError::Paused);
        }
        if self.is_over() {
            return Err(RuleError::GameOver.into());
        }
        let applied = self.apply_logged(mv)?;
        if applied == Applied::Move {
            self.clock.start();
            if self.is_over() {
                self.clock.stop();
            }
        }
        Ok(applied)
    }

    /// Applies a move and logs it if it is a real move; on error nothing changes.
    fn apply_logged(&mut self, mv: G::Move) -> AppResult<Applied> {
        let before = G::undoable().then(|| self.game.clone());
        let logged = self.game.logged_move(&mv);
        let applied = self.game.apply(&mv)?;
        if applied == Applied::Move {
            self.history.extend(before);
            self.moves.push(logged);
            self.redo.clear();
        }
        Ok(applied)
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty() && !self.is_over() && !self.paused
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over() && !self.paused
    }

    /// Takes back the last move. A finished game is recorded and stays finished.
    pub fn undo(&mut self) -> AppResult<()> {
        if !self.can_undo() {
            return Err(self.refusal("undo"));
        }
        let (Some(before), Some(mv)) = (self.history.pop(), self.moves.pop()) else {
            return Err(AppError::NothingTo("undo"));
        };
        let after = std::mem::replace(&mut self.game, before);
        self.redo.push((mv, after));
        Ok(())
    }

    pub fn redo(&mut self) -> AppResult<()> {
        if !self.can_redo() {
            return Err(self.refusal("redo"));
        }
        let Some((mv, after)) = self.redo.pop() else {
            return Err(AppError::NothingTo("redo"));
        };
        let before = std::mem::replace(&mut self.game, after);
        self.history.push(before);
        self.moves.push(mv);
        if self.is_over() {
            self.clock.stop();
        }
        Ok(())
    }

    fn refusal(&self, what: &'static str) -> AppError {
        if self.paused {
            AppError::Paused
        } else if self.is_over() {
            RuleError::GameOver.into()
        } else {
            AppError::NothingTo(what)
        }
    }

    /// Pauses the clock and hides the board. Pausing a finished or paused game does nothing.
    pub fn pause(&mut self) {
        if !self.is_over() {
            self.paused = true;
            self.clock.stop();
        }
    }

    /// Shows the board again; the clock runs again if the game had started.
    pub fn resume(&mut self) {
        if self.paused {
            self.paused = false;
            if !self.moves.is_empty() && !self.is_over() {
                self.clock.start();
            }
        }
    }

    pub fn set_record(&mut self, record: Recorded) {
        self.record = Some(record);
    }

    pub fn record(&self) -> Option<Recorded> {
        self.record
    }

    pub fn snapshot(&self, computer_thinking: bool) -> AppResult<Snapshot> {
        let view = if self.paused {
            Value::Null
        } else {
            serde_json::to_value(self.game.view()).map_err(AppError::bad_argument)?
        };
        Ok(Snapshot {
            game: G::KIND,
            status: self.game.status(),
            category: self.game.category(),
            view,
            elapsed_ms: self.clock.elapsed_ms(),
            clock_running: self.clock.is_running(),
            paused: self.paused,
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            move_count: self.moves.len(),
            score: self.game.score(),
            is_replay: self.game.is_replay(),
            // "Try again" is offered after a loss, as KMines and Windows Vista do.
            can_replay: self.game.status() == Status::Lost && self.game.replay_params().is_some(),
            computer_thinking,
            record: self.record,
        })
    }

    /// What the store keeps of this game while it is in progress.
    pub fn saved(&self) -> AppResult<SavedGame> {
        Ok(SavedGame {
            game: G::KIND,
            params: serde_json::to_string(&self.params).map_err(AppError::bad_argument)?,
            seed: self.seed,
            moves: serde_json::to_string(&self.moves).map_err(AppError::bad_argument)?,
            elapsed_ms: self.clock.elapsed_ms(),
            started_at: self.started_at.clone(),
        })
    }

    /// What goes into the history once the game is over.
    pub fn finished(&self) -> Option<FinishedGame> {
        let status = self.game.status();
        if !status.is_over() {
            return None;
        }
        let elapsed_ms = self.clock.elapsed_ms();
        let detail = serde_json::json!({
            "seed": self.seed.to_string(),
            "params": serde_json::to_value(&self.params).unwrap_or(Value::Null),
        });
        Some(FinishedGame {
            game: G::KIND,
            category: self.game.category(),
            result: status,
            score: self.game.score(),
            time_ms: elapsed_ms,
            moves: u32::try_from(self.moves.len()).unwrap_or(u32::MAX),
            replay: self.game.is_replay(),
            started_at: self.started_at.clone(),
            finished_at: crate::store::timestamp(chrono::Utc::now()),
            detail: detail.to_string(),
            rank_key: self.game.rank_key(elapsed_ms),
        })
    }

    /// A new session that deals the same board again, once this one is over.
    pub fn replay(&self) -> AppResult<Session<G>> {
        let params = self.game.replay_params().filter(|_| self.is_over()).ok_or(AppError::NothingTo("replay"))?;
        Session::new(params, self.seed)
    }

    /// Whether the computer should move now (not while paused or over).
    pub fn computer_to_move(&self) -> bool {
        !self.paused && !self.is_over() && self.game.computer_to_move()
    }

    /// The computer's move for the current position: runs the (slow) search on a copy.
    pub fn computer_search(&self) -> impl FnOnce(&AtomicBool) -> Option<G::Move> + Send + 'static {
        let game = self.game.clone();
        move |cancel| game.computer_move(cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams};
    use pastimes_games::minesweeper::{Minesweeper, Move as MineMove, Params as MineParams};

    fn open(x: i64, y: i64) -> MineMove {
        MineMove::Open { x, y }
    }

    fn first_pop(session: &Session<Bubbles>) -> BubbleMove {
        let (x, y) = session.game().first_group().expect("a group");
        BubbleMove::Pop { x, y }
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_stops_when_paused() {
        let mut session = Session::<Minesweeper>::new(MineParams::beginner(), 3).unwrap();
        assert!(!session.snapshot(false).unwrap().clock_running);
        session.play(open(4, 4)).unwrap();
        assert!(session.snapshot(false).unwrap().clock_running);
        session.pause();
        let paused = session.snapshot(false).unwrap();
        assert!(paused.paused && !paused.clock_running);
        assert_eq!(paused.view, Value::Null, "a paused board is hidden");
        assert!(matches!(session.play(open(0, 0)), Err(AppError::Paused)));
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(session.snapshot(false).unwrap().elapsed_ms, paused.elapsed_ms);
        session.resume();
        assert!(session.snapshot(false).unwrap().clock_running);
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut session = Session::<Minesweeper>::new(MineParams::beginner(), 3).unwrap();
        session.play(open(4, 4)).unwrap();
        let before = session.saved().unwrap();
        assert!(session.play(open(99, 0)).is_err());
        assert_eq!(session.saved().unwrap().moves, before.moves);
    }

    #[test]
    fn a_saved_game_restores_to_the_same_view_paused() {
        let mut session = Session::<Minesweeper>::new(MineParams::intermediate(), 11).unwrap();
        session.play(open(8, 8)).unwrap();
        session.play(MineMove::Mark { x: 0, y: 0 }).unwrap();
        let saved = session.saved().unwrap();
        let mut restored = Session::<Minesweeper>::restore(&saved).unwrap();
        assert!(restored.snapshot(false).unwrap().paused);
        restored.resume();
        assert_eq!(restored.snapshot(false).unwrap().view, session.snapshot(false).unwrap().view);
        assert_eq!(restored.saved().unwrap().elapsed_ms, saved.elapsed_ms);
    }

    #[test]
    fn undo_and_redo_give_back_the_identical_game() {
        let mut session = Session::<Bubbles>::new(BubbleParams::default(), 5).unwrap();
        let start = session.game().clone();
        let mv = first_pop(&session);
        session.play(mv).unwrap();
        let after = session.game().clone();
        session.undo().unwrap();
        assert_eq!(session.game(), &start);
        assert!(session.can_redo());
        session.redo().unwrap();
        assert_eq!(session.game(), &after);
        assert!(matches!(session.redo(), Err(AppError::NothingTo("redo"))));
    }

    #[test]
    fn a_click_that_pops_is_logged_so_that_it_replays() {
        let mut session = Session::<Bubbles>::new(BubbleParams::default(), 8).unwrap();
        let (x, y) = session.game().first_group().unwrap();
        let click = BubbleMove::Click { x, y };
        assert_eq!(session.play(click).unwrap(), Applied::Transient);
        assert_eq!(session.play(click).unwrap(), Applied::Move);
        let restored = Session::<Bubbles>::restore(&session.saved().unwrap()).unwrap();
        assert_eq!(restored.game(), session.game());
    }

    #[test]
    fn a_finished_game_is_described_for_the_history_once_over() {
        let mut session = Session::<Minesweeper>::new(MineParams::beginner(), 21).unwrap();
        assert!(session.finished().is_none());
        let mines = pastimes_games::minesweeper::mine_layout(&MineParams::beginner(), 21, (4, 4));
        let mine = mines[0];
        session.play(open(4, 4)).unwrap();
        session.play(open(mine.0 as i64, mine.1 as i64)).unwrap();
        let finished = session.finished().expect("a lost game is finished");
        assert_eq!(finished.result, Status::Lost);
        assert_eq!(finished.rank_key, None, "a loss is no record");
        assert!(!session.snapshot(false).unwrap().clock_running);
        assert!(session.snapshot(false).unwrap().can_replay);
        let replay = session.replay().unwrap();
        assert!(replay.game().is_replay());
    }
}
