//! The shared driver (Tatham's "midend"): one game in progress with its move log, undo and redo,
//! clock, pause, persistence record and result, the same for every game.

use crate::assistance::Assistance;
use crate::error::{AppError, AppResult};
use crate::play::clock::{Clock, Time};
use crate::records::record::GameRecord;
use crate::store::Recorded;
use pastimes_games::time_control::{self, Player, TimeControl, Timed, TurnTime};
use pastimes_games::{AnyGame, Applied, ComputerMove, DealCode, GameKind, Played, RuleError, Status};
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What the page draws: the game's view plus the driver's state. It never holds hidden
/// information: no seed, and no board at all while paused.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub game: GameKind,
    pub status: Status,
    pub category: String,
    /// Which of the game's choices ([`pastimes_games::Choices`]) it was started with: the one
    /// the Game menu and the screen check.
    pub choice: Option<&'static str>,
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
    /// What helped the player so far: an assisted game never ranks.
    pub assistance: Assistance,
    /// A finished game's competitive statistics (Minesweeper: 3BV, 3BV/s, clicks, IOE).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    /// The figures so far the player may read while playing (Minesweeper's live counters:
    /// clicks, solved 3BV, 3BV/s at `elapsed_ms`, efficiency), as the game counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<Value>,
    /// What the work on the finished game found (Bubble Breaker: the best line of the deal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Value>,
    /// Whether that work is still under way.
    pub analysing: bool,
    /// Whether a win of this game could enter the hall of fame without help (not a replay, not
    /// a two-player game): an assisted one says what it lost.
    pub rankable: bool,
    /// Whether this game, finished as it stands, could enter the hall of fame (not a replay,
    /// not a two-player game, no help): the page warns before the first help that ends it.
    pub can_rank: bool,
    pub computer_thinking: bool,
    /// Set once the finished game is recorded; `rank` is its hall-of-fame place, if any.
    pub record: Option<Recorded>,
    /// What the move this snapshot answers did, as the rules tell it (cells opened in order,
    /// balls that fell where, the stone placed), for the page to animate; absent otherwise. A
    /// redo's is the last move it brought back.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub effects: Value,
    /// Whether the move (or the redo) this snapshot answers ended the game: the page tells the
    /// result and asks a record's name then, never by comparing two snapshots.
    pub ended: bool,
    /// The players' clocks in a timed game (Gomoku's); absent untimed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// Grows with every change of any game, new games included: of two snapshots of a kind, the
    /// one with the higher revision is the newer (a late event is told from a fresh answer).
    pub revision: u64,
}

/// Both players' clocks as the snapshot was taken: the page counts the running one down from
/// here for display, but a flag falls only when the backend says so (the snapshot whose game
/// ended on time).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Clocks {
    pub control: TimeControl,
    /// Each player's time left (the first player's, then the second's), never below 0.
    pub left_ms: [u64; 2],
    /// The player whose clock runs: none while paused, before the first move and once over.
    pub running: Option<Player>,
    /// The player whose flag fell, once one did.
    pub fallen: Option<Player>,
}

/// What one accepted move (or a redo) did.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub applied: Applied,
    pub effects: Value,
    /// Whether it ended the game.
    pub ended: bool,
}

/// What of a game in progress is kept to resume it: the session's own data, which the layer
/// above keeps as the store's row (`state/rows.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub game: GameKind,
    pub params: Value,
    pub seed: u64,
    /// The logged moves, as the game logs them.
    pub moves: Vec<Value>,
    pub elapsed_ms: u64,
    pub started_at: String,
    pub assistance: Assistance,
    /// The clock at each move (none in a save from before they were kept).
    pub times: Vec<u64>,
}

/// One game in progress, of any kind.
pub struct Session {
    seed: u64,
    game: Box<dyn AnyGame>,
    /// The logged moves, as the game logs them (JSON, as they are saved).
    moves: Vec<Value>,
    /// The state before each logged move, for undo (empty for games without undo).
    history: Vec<Box<dyn AnyGame>>,
    /// The clock at each logged move, in milliseconds since the game began.
    times: Vec<u64>,
    /// Which player made each logged move (`None`: the clock's ruling, or a one-player game):
    /// what the players' clocks are worked out from.
    actors: Vec<Option<Player>>,
    /// The player who lost on time, once one did.
    fallen: Option<Player>,
    /// Undone moves with the state they led to, newest last.
    redo: Vec<(Value, Box<dyn AnyGame>)>,
    clock: Clock,
    paused: bool,
    started_at: String,
    record: Option<Recorded>,
    assistance: Assistance,
    analysis: Option<Value>,
    /// Whether the odds were shown in this game (they count as a hint once).
    odds_shown: bool,
}

impl Session {
    /// A new game of `kind` from the player's parameters as JSON (checked by the game's rules),
    /// dealt by the game's newest dealer, timed by `time`.
    pub fn new(kind: GameKind, params: &Value, seed: u64, time: Time) -> AppResult<Session> {
        Ok(Session::of(kind.info().start_game(params, seed)?, seed, time))
    }

    /// A game dealt from stored parameters, with the dealer version they name: a saved game, or
    /// the same board again.
    fn dealt(kind: GameKind, params: &Value, seed: u64, time: Time) -> AppResult<Session> {
        Ok(Session::of((kind.info().new_game)(params, seed)?, seed, time))
    }

    fn of(game: Box<dyn AnyGame>, seed: u64, time: Time) -> Session {
        Session {
            seed,
            game,
            moves: Vec::new(),
            history: Vec::new(),
            times: Vec::new(),
            actors: Vec::new(),
            fallen: None,
            redo: Vec::new(),
            clock: Clock::new(time),
            paused: false,
            started_at: crate::store::timestamp(chrono::Utc::now()),
            record: None,
            assistance: Assistance::default(),
            analysis: None,
            odds_shown: false,
        }
    }

    /// Rebuilds a saved game by replaying its moves. It comes back paused, its clock showing the
    /// time played before, so time away from the app is never counted and a board cannot be
    /// studied before the clock runs again.
    pub fn restore(saved: &Progress, time: Time) -> AppResult<Session> {
        let mut session = Session::dealt(saved.game, &saved.params, saved.seed, Arc::clone(&time))?;
        for mv in &saved.moves {
            // As logged: a ruling on time too, and no clock is read while replaying.
            session.play_with(|game| game.play(mv), false)?;
        }
        // The times the moves were made at (a save from before they were kept has none).
        if saved.times.len() == session.moves.len() {
            session.times = saved.times.clone();
        }
        session.clock = Clock::stopped_at(time, Duration::from_millis(saved.elapsed_ms));
        session.started_at = saved.started_at.clone();
        session.assistance = saved.assistance;
        session.paused = !session.moves.is_empty();
        Ok(session)
    }

    pub fn kind(&self) -> GameKind {
        self.game.kind()
    }

    /// The game itself, for tests that know which game they hold.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.game.status().is_over()
    }

    /// Plays one move of the player, as JSON. A ruling on time is the clock's alone, never a
    /// player's. A move that comes after the mover's flag fell (before the timer said so) is
    /// answered by the ruling instead: the game is lost on time.
    pub fn play(&mut self, mv: &Value) -> AppResult<Moved> {
        if self.game.is_ruling(mv) {
            return Err(RuleError::Illegal("ruling").into());
        }
        self.play_with(|game| game.play(mv), true)
    }

    /// Plays the computer's move, found on a copy of this game (or, when its time ran out
    /// first, the ruling on time).
    pub fn play_computer(&mut self, mv: ComputerMove) -> AppResult<Moved> {
        self.play_with(|game| game.play_computer(mv), true)
    }

    fn play_with(
        &mut self,
        play: impl FnOnce(&mut dyn AnyGame) -> Result<Played, RuleError>,
        timed: bool,
    ) -> AppResult<Moved> {
        if self.paused {
            return Err(AppError::Paused);
        }
        if self.is_over() {
            return Err(RuleError::GameOver.into());
        }
        if timed {
            if let Some(ruled) = self.rule_on_time() {
                return Ok(ruled);
            }
        }
        let before = self.kind().info().has_undo.then(|| self.game.clone());
        let actor = self.game.player_to_act();
        let Played { applied, logged, effects } = play(self.game.as_mut())?;
        if applied == Applied::Move {
            self.history.extend(before);
            // A ruling on time (a saved game's, replayed) times no one: its player's flag fell.
            let ruling = self.game.is_ruling(&logged);
            if ruling {
                self.fallen = actor;
            }
            // A new move ends what could be redone.
            self.log(logged, actor.filter(|_| !ruling), None);
        }
        Ok(Moved { applied, effects, ended: self.is_over() })
    }

    /// Logs a move made by `actor` (at `at_ms`, or now), starting the clock with the first and
    /// stopping it with the last.
    fn log(&mut self, logged: Value, actor: Option<Player>, at_ms: Option<u64>) {
        self.moves.push(logged);
        self.redo.clear();
        self.clock.start();
        if self.is_over() {
            self.clock.stop();
        }
        self.times.push(at_ms.unwrap_or_else(|| self.clock.elapsed_ms()));
        self.actors.push(actor);
    }

    /// Both players' time left now, in a timed game (below 0 for a fallen flag not yet ruled).
    fn time_left(&self) -> Option<[i64; 2]> {
        let actions: Vec<Timed> =
            self.actors.iter().zip(&self.times).map(|(&by, &at_ms)| Timed { by, at_ms }).collect();
        // The player to act has had the time since the last move (the clock stands still while
        // paused, so a paused game's clocks stand still too).
        // Once a flag fell, its player's clock is the one that ran out.
        let to_act = if self.is_over() { self.fallen } else { self.game.player_to_act() };
        time_control::time_left(self.game.time_control(), &actions, to_act, self.clock.elapsed_ms())
    }

    /// The player whose clock runs now, with their time left.
    fn running_clock(&self) -> Option<(Player, i64)> {
        if self.paused || self.is_over() || !self.clock.is_running() {
            return None;
        }
        let player = self.game.player_to_act()?;
        Some((player, self.time_left()?[player]))
    }

    /// How long until the running clock's flag falls: when the app's timer should look again.
    pub fn flag_due_in(&self) -> Option<Duration> {
        let (_, left) = self.running_clock()?;
        Some(Duration::from_millis(u64::try_from(left).unwrap_or(0)))
    }

    /// If the running clock's time is out, rules that its player lost on time (logged at the
    /// moment the flag fell, so the record holds the exact time) and tells what it did.
    pub fn rule_on_time(&mut self) -> Option<Moved> {
        let (player, left) = self.running_clock().filter(|&(_, left)| left <= 0)?;
        let fell_at = self.clock.elapsed_ms().saturating_sub(left.unsigned_abs());
        let before = self.kind().info().has_undo.then(|| self.game.clone());
        let Played { logged, effects, .. } = self.game.lose_on_time(player).ok()?;
        self.history.extend(before);
        self.fallen = Some(player);
        self.log(logged, None, Some(fell_at));
        Some(Moved { applied: Applied::Move, effects, ended: true })
    }

    /// The clocks as they stand, for the snapshot.
    fn clocks(&self) -> Option<Clocks> {
        let left = self.time_left()?;
        Some(Clocks {
            control: self.game.time_control(),
            left_ms: left.map(|ms| u64::try_from(ms).unwrap_or(0)),
            running: self.running_clock().map(|(player, _)| player),
            fallen: self.fallen,
        })
    }

    /// Not while the computer plays itself (a demo): there is no move of the player's to take
    /// back.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty() && !self.is_over() && !self.paused && !self.game.plays_itself()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over() && !self.paused && !self.game.plays_itself()
    }

    /// Takes back the player's last move (against the computer, its reply too, back to the
    /// player's turn). It counts as help: the game no longer ranks. A finished game is recorded
    /// and stays finished.
    pub fn undo(&mut self) -> AppResult<()> {
        if !self.can_undo() {
            return Err(self.refusal("undo"));
        }
        self.take_back();
        // Back to the player's turn; a demo's take-over taken back leaves the computer to play
        // itself again, so that is as far as it goes.
        while self.computer_to_move() && !self.game.plays_itself() && !self.history.is_empty() {
            self.take_back();
        }
        self.assistance.undos += 1;
        Ok(())
    }

    fn take_back(&mut self) {
        if let (Some(before), Some(mv)) = (self.history.pop(), self.moves.pop()) {
            let after = std::mem::replace(&mut self.game, before);
            self.times.pop();
            self.actors.pop();
            self.redo.push((mv, after));
        }
    }

    /// Plays again what undo took back (against the computer, its reply too); tells what the
    /// last move brought back did, as when it was played.
    pub fn redo(&mut self) -> AppResult<Moved> {
        if !self.can_redo() {
            return Err(self.refusal("redo"));
        }
        let mut effects = self.bring_back();
        while self.computer_to_move() && !self.game.plays_itself() && !self.redo.is_empty() {
            effects = self.bring_back();
        }
        if self.is_over() {
            self.clock.stop();
        }
        Ok(Moved { applied: Applied::Move, effects, ended: self.is_over() })
    }

    /// Brings back the last move undone; its effects, told again by the rules from the game
    /// before it (the game after it is the one kept, so it is the same game as played).
    fn bring_back(&mut self) -> Value {
        let Some((mv, after)) = self.redo.pop() else { return Value::Null };
        let effects = self.game.clone().play(&mv).map_or(Value::Null, |played| played.effects);
        let actor = self.game.player_to_act();
        let before = std::mem::replace(&mut self.game, after);
        self.actors.push(actor);
        self.history.push(before);
        self.moves.push(mv);
        // Played again now: the record keeps the game as it was played in the end.
        self.times.push(self.clock.elapsed_ms());
        effects
    }

    /// The game's hint for the position now, computed on a copy (it may be slow); `None` when
    /// the game has none to give. [`Session::count_hint`] records that one was shown.
    pub fn hint_search(&self) -> AppResult<impl FnOnce(&AtomicBool) -> Option<Value> + Send + 'static> {
        if self.paused {
            return Err(AppError::Paused);
        }
        if self.is_over() {
            return Err(RuleError::GameOver.into());
        }
        let game = self.game.clone();
        Ok(move |cancel: &AtomicBool| game.hint(cancel))
    }

    /// The odds on the board now ([`pastimes_games::Odds`]): refused while paused or once the
    /// game is over; the game's table says whether it has them.
    pub fn odds(&self) -> AppResult<Value> {
        if self.paused {
            return Err(AppError::Paused);
        }
        if self.is_over() {
            return Err(RuleError::GameOver.into());
        }
        if self.kind().info().odds.is_none() {
            return Err(AppError::NotOffered { game: self.kind(), what: "odds" });
        }
        self.game.odds().ok_or(AppError::NothingTo("odds"))
    }

    /// The odds were shown: help, like a hint, counted once a game (the first time; a game
    /// resumed after a restart counts them again if they are shown again). Whether that
    /// changed the game.
    pub fn count_odds(&mut self) -> bool {
        let first = !self.odds_shown;
        if first {
            self.odds_shown = true;
            self.assistance.hints += 1;
        }
        first
    }

    /// The work on this game once it is over ([`pastimes_games::Analyses::analyse`]), on a copy, if
    /// it has not been done yet.
    pub fn analysis_search(&self) -> Option<impl FnOnce(&AtomicBool) -> Option<Value> + Send + 'static> {
        if !self.is_over() || self.analysis.is_some() {
            return None;
        }
        let (game, seed, moves) = (self.game.clone(), self.seed, self.moves.clone());
        Some(move |cancel: &AtomicBool| game.analyse(seed, &moves, cancel))
    }

    pub fn set_analysis(&mut self, analysis: Value) {
        self.analysis = Some(analysis);
    }

    /// A hint was shown: the game is assisted from now on.
    pub fn count_hint(&mut self) {
        self.assistance.hints += 1;
    }

    /// The game was begun from a pasted position: it never ranks, and says so in the history.
    pub fn mark_imported(&mut self) {
        self.assistance.imported = true;
    }

    /// The deal was seen before the game was over (its code copied while under way, or the
    /// game dealt from a code): it never ranks, and says so in the history.
    pub fn mark_seen_deal(&mut self) {
        self.assistance.seen_deal = true;
    }

    /// The logged moves, as JSON.
    pub fn moves(&self) -> &[Value] {
        &self.moves
    }

    pub fn assistance(&self) -> Assistance {
        self.assistance
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

    pub fn is_paused(&self) -> bool {
        self.paused
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

    pub fn snapshot(&self, computer_thinking: bool) -> Snapshot {
        let status = self.game.status();
        Snapshot {
            game: self.kind(),
            status,
            category: self.game.category(),
            choice: self.kind().info().choices.and_then(|choices| choices.of(&self.game.params())),
            view: if self.paused { Value::Null } else { self.game.view() },
            elapsed_ms: self.clock.elapsed_ms(),
            clock_running: self.clock.is_running(),
            paused: self.paused,
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            move_count: self.moves.len(),
            score: self.game.score(),
            is_replay: self.game.is_replay(),
            assistance: self.assistance,
            summary: self.game.summary(self.clock.elapsed_ms()),
            counters: if self.paused { None } else { self.game.counters(self.clock.elapsed_ms()) },
            analysis: self.analysis.clone(),
            analysing: false,
            rankable: self.game.can_rank(),
            can_rank: self.game.can_rank() && !self.assistance.is_assisted(),
            // "Try again" is offered after a loss, as KMines and Windows Vista do.
            can_replay: status == Status::Lost && self.game.replay_params().is_some(),
            computer_thinking,
            record: self.record,
            effects: Value::Null,
            ended: false,
            clocks: self.clocks(),
            revision: 0,
        }
    }

    /// What is kept of this game while it is in progress.
    pub fn progress(&self) -> Progress {
        Progress {
            game: self.kind(),
            params: self.game.params(),
            seed: self.seed,
            moves: self.moves.clone(),
            elapsed_ms: self.clock.elapsed_ms(),
            started_at: self.started_at.clone(),
            assistance: self.assistance,
            times: self.times.clone(),
        }
    }

    /// Every logged move with the clock at it: the game's full record.
    pub fn record_of_moves(&self) -> GameRecord {
        GameRecord { moves: self.moves.clone(), times_ms: self.times.clone() }
    }

    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The time played, in milliseconds.
    pub fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms()
    }

    /// When the game began, as stored.
    pub fn started_at(&self) -> &str {
        &self.started_at
    }

    /// A new session that deals the same board again, once this one is over.
    pub fn replay(&self) -> AppResult<Session> {
        let params = self.game.replay_params().filter(|_| self.is_over()).ok_or(AppError::NothingTo("replay"))?;
        Session::dealt(self.kind(), &params, self.seed, self.clock.time())
    }

    /// A new session of this deal from its start (Restart): the same parameters (Minesweeper's
    /// with the first click, once the mines are laid) and seed. A board the player has played on
    /// has been seen, so the restarted game is marked so and never ranks; one not yet touched is
    /// dealt again unmarked. A game that deals nothing from its seed (Gomoku) has no restart.
    pub fn restart(&self) -> AppResult<Session> {
        let kind = self.kind();
        if kind.info().deals.is_none() {
            return Err(AppError::NotOffered { game: kind, what: "restart" });
        }
        let params = self.game.replay_params().unwrap_or_else(|| self.game.params());
        let mut session = Session::dealt(kind, &params, self.seed, self.clock.time())?;
        session.assistance.imported = self.assistance.imported;
        session.assistance.seen_deal = self.assistance.seen_deal || !self.moves.is_empty();
        Ok(session)
    }

    /// The deal code of this game ([`DealCode`]): its parameters (Minesweeper's first click once
    /// made) and seed. Whoever reads it knows the board, so the caller marks a game still under
    /// way ([`Session::mark_seen_deal`]).
    pub fn deal_code(&self) -> AppResult<DealCode> {
        Ok(DealCode::of(self.game.as_ref(), self.seed)?)
    }

    /// A game from a deal code: dealt as the code says (its dealer version, its first click),
    /// marked as a deal seen before.
    pub fn from_code(code: &DealCode, time: Time) -> AppResult<Session> {
        let mut session = Session::of(code.deal()?, code.seed, time);
        session.mark_seen_deal();
        Ok(session)
    }

    /// Whether the computer should move now (not while paused or over).
    pub fn computer_to_move(&self) -> bool {
        !self.paused && !self.is_over() && self.game.computer_to_move()
    }

    /// Whether the computer plays every side now (a demo, [`AnyGame::plays_itself`]): its
    /// moves are then paced for the player to watch.
    pub fn plays_itself(&self) -> bool {
        self.game.plays_itself()
    }

    /// The computer's search for the current position, when it is the computer's turn: it runs
    /// on a copy, so it can run on another thread.
    pub fn computer_search(&self) -> Option<impl FnOnce(&AtomicBool) -> Option<ComputerMove> + Send + 'static> {
        if !self.computer_to_move() {
            return None;
        }
        let game = self.game.clone();
        let time = self.turn_time();
        Some(move |cancel: &AtomicBool| game.computer_move(time, cancel))
    }

    /// The time on the clock of the player to act (`None` untimed).
    pub fn turn_time(&self) -> Option<TurnTime> {
        let left = self.time_left()?;
        let player = self.game.player_to_act()?;
        TurnTime::of(self.game.time_control(), left[player])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::ManualTime;
    // The history's row of a finished game is made above the session.
    use crate::state::rows::finished;
    use pastimes_games::bubbles::{self, Bubbles, Params as BubbleParams};
    use pastimes_games::minesweeper::{self, Params as MineParams};
    use serde_json::json;

    fn time() -> Time {
        Arc::new(ManualTime::default())
    }

    fn open(x: i64, y: i64) -> Value {
        json!({"action": "open", "x": x, "y": y})
    }

    fn minesweeper(params: MineParams, seed: u64) -> Session {
        Session::new(minesweeper::KIND, &serde_json::to_value(params).unwrap(), seed, time()).unwrap()
    }

    fn bubbles(seed: u64) -> Session {
        Session::new(bubbles::KIND, &serde_json::to_value(BubbleParams::default()).unwrap(), seed, time()).unwrap()
    }

    fn field(session: &Session) -> &Bubbles {
        session.game().as_any().downcast_ref().expect("a Bubble Breaker game")
    }

    fn first_pop(session: &Session) -> Value {
        let (x, y) = field(session).first_group().expect("a group");
        json!({"action": "pop", "x": x, "y": y})
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_stops_when_paused() {
        let hand = Arc::new(ManualTime::default());
        let params = serde_json::to_value(MineParams::beginner()).unwrap();
        let mut session = Session::new(minesweeper::KIND, &params, 3, hand.clone()).unwrap();
        hand.advance(Duration::from_secs(5));
        assert!(!session.snapshot(false).clock_running);
        assert_eq!(session.snapshot(false).elapsed_ms, 0, "the clock waits for the first move");
        session.play(&open(4, 4)).unwrap();
        hand.advance(Duration::from_millis(700));
        assert!(session.snapshot(false).clock_running);
        session.pause();
        let paused = session.snapshot(false);
        assert!(paused.paused && !paused.clock_running);
        assert_eq!(paused.elapsed_ms, 700);
        assert_eq!(paused.view, Value::Null, "a paused board is hidden");
        assert!(matches!(session.play(&open(0, 0)), Err(AppError::Paused)));
        hand.advance(Duration::from_secs(60));
        assert_eq!(session.snapshot(false).elapsed_ms, 700, "time paused is not counted");
        session.resume();
        hand.advance(Duration::from_millis(300));
        assert!(session.snapshot(false).clock_running);
        assert_eq!(session.snapshot(false).elapsed_ms, 1000);
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut session = minesweeper(MineParams::beginner(), 3);
        session.play(&open(4, 4)).unwrap();
        let before = session.progress();
        assert!(session.play(&open(99, 0)).is_err());
        assert!(matches!(session.play(&json!({"action": "dig"})), Err(AppError::Rule(RuleError::Malformed { .. }))));
        assert_eq!(session.progress().moves, before.moves);
    }

    #[test]
    fn a_saved_game_restores_to_the_same_view_paused() {
        let mut session = minesweeper(MineParams::intermediate(), 11);
        session.play(&open(8, 8)).unwrap();
        session.play(&json!({"action": "mark", "x": 0, "y": 0})).unwrap();
        let saved = session.progress();
        let mut restored = Session::restore(&saved, time()).unwrap();
        assert!(restored.snapshot(false).paused);
        restored.resume();
        assert_eq!(restored.snapshot(false).view, session.snapshot(false).view);
        assert_eq!(restored.progress().elapsed_ms, saved.elapsed_ms);
    }

    #[test]
    fn undo_and_redo_give_back_the_identical_game() {
        let mut session = bubbles(5);
        let start = field(&session).clone();
        session.play(&first_pop(&session)).unwrap();
        let after = field(&session).clone();
        session.undo().unwrap();
        assert_eq!(field(&session), &start);
        assert!(session.can_redo());
        session.redo().unwrap();
        assert_eq!(field(&session), &after);
        assert!(matches!(session.redo(), Err(AppError::NothingTo("redo"))));
    }

    #[test]
    fn a_redo_tells_what_the_move_did_as_when_it_was_played() {
        let mut session = bubbles(5);
        let played = session.play(&first_pop(&session)).unwrap();
        assert!(played.effects["points"].as_i64().unwrap() > 0, "{}", played.effects);
        session.undo().unwrap();
        assert_eq!(session.redo().unwrap(), played);
    }

    #[test]
    fn the_move_that_ends_the_game_says_so_and_no_other() {
        let mut session = minesweeper(MineParams::beginner(), 21);
        let mine = minesweeper::mine_layout(&MineParams::beginner(), 21, (4, 4))[0];
        assert!(!session.play(&open(4, 4)).unwrap().ended);
        let lost = session.play(&open(mine.0 as i64, mine.1 as i64)).unwrap();
        assert!(lost.ended);
        assert!(lost.effects["exploded"].is_object(), "{}", lost.effects);
    }

    #[test]
    fn an_undo_marks_the_game_assisted_and_keeps_it_out_of_the_hall_of_fame() {
        let mut session = bubbles(5);
        assert!(session.snapshot(false).can_rank);
        session.play(&first_pop(&session)).unwrap();
        session.undo().unwrap();
        session.redo().unwrap();
        let snapshot = session.snapshot(false);
        assert_eq!(snapshot.assistance, Assistance { undos: 1, ..Assistance::default() });
        assert!(!snapshot.can_rank);
        let restored = Session::restore(&session.progress(), time()).unwrap();
        assert_eq!(restored.assistance(), Assistance { undos: 1, ..Assistance::default() }, "a restart keeps the mark");
        while let Some((x, y)) = field(&session).first_group() {
            session.play(&json!({"action": "pop", "x": x, "y": y})).unwrap();
        }
        let finished = finished(&session).expect("no group left: the game is over");
        assert_eq!(finished.rank_key, None, "an assisted game never ranks");
        assert_eq!(finished.assistance.undos, 1);
    }

    #[test]
    fn a_hint_is_worked_out_on_a_copy_and_counted_when_shown() {
        let mut session = minesweeper(MineParams::beginner(), 9);
        session.play(&open(4, 4)).unwrap();
        let hint = session.hint_search().unwrap()(&AtomicBool::new(false)).expect("a hint");
        assert!(hint["x"].is_u64() && hint["kind"].is_string(), "{hint}");
        assert!(session.snapshot(false).can_rank, "asking is not yet seeing");
        session.count_hint();
        assert!(!session.snapshot(false).can_rank);
        assert_eq!(session.progress().assistance.hints, 1);
    }

    /// The live counters go on every snapshot, so while playing they carry only what the board
    /// shows: the clicks by button, the solved 3BV read from the open cells, and figures from
    /// them; never the board's whole 3BV nor which clicks were useful (a flag on a mine).
    #[test]
    fn the_live_counters_tell_nothing_hidden_while_playing() {
        let hand = Arc::new(ManualTime::default());
        let params = serde_json::to_value(MineParams::beginner()).unwrap();
        let mut session = Session::new(minesweeper::KIND, &params, 5, hand.clone()).unwrap();
        session.play(&open(4, 4)).unwrap();
        hand.advance(Duration::from_millis(2_500));
        let mine = minesweeper::mine_layout(&MineParams::beginner(), 5, (4, 4))[0];
        session.play(&json!({"action": "mark", "x": mine.0, "y": mine.1})).unwrap();
        let snapshot = session.snapshot(false);
        let counters = serde_json::to_value(&snapshot).unwrap()["counters"].clone();
        let keys: Vec<&String> = counters.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["bbbvPerSecond", "chords", "efficiency", "left", "right", "solvedBbbv"], "{counters}");
        assert_eq!((&counters["left"], &counters["right"], &counters["chords"]), (&json!(1), &json!(1), &json!(0)));
        let solved = counters["solvedBbbv"].as_f64().unwrap();
        assert!(solved >= 1.0, "the first click opened an area: {counters}");
        assert_eq!(counters["bbbvPerSecond"].as_f64().unwrap(), solved / 2.5);
        assert_eq!(counters["efficiency"].as_f64().unwrap(), solved / 2.0);
        assert!(snapshot.view["bbbv"].is_null() && snapshot.summary.is_none(), "the whole 3BV waits for the end");
        session.pause();
        assert!(session.snapshot(false).counters.is_none(), "nothing of the board while paused");
    }

    #[test]
    fn a_click_that_pops_is_logged_so_that_it_replays() {
        let mut session = bubbles(8);
        let (x, y) = field(&session).first_group().unwrap();
        let click = json!({"action": "click", "x": x, "y": y});
        assert_eq!(session.play(&click).unwrap().applied, Applied::Transient);
        assert_eq!(session.play(&click).unwrap().applied, Applied::Move);
        let restored = Session::restore(&session.progress(), time()).unwrap();
        assert_eq!(field(&restored), field(&session));
    }

    #[test]
    fn a_finished_game_is_described_for_the_history_once_over() {
        let mut session = minesweeper(MineParams::beginner(), 21);
        assert!(finished(&session).is_none());
        let mines = minesweeper::mine_layout(&MineParams::beginner(), 21, (4, 4));
        let mine = mines[0];
        session.play(&open(4, 4)).unwrap();
        session.play(&open(mine.0 as i64, mine.1 as i64)).unwrap();
        let finished = finished(&session).expect("a lost game is finished");
        assert_eq!(finished.result, Status::Lost);
        assert_eq!(finished.rank_key, None, "a loss is no record");
        assert_eq!(finished.rate, None, "nor a rate");
        let detail: Value = serde_json::from_str(&finished.detail).unwrap();
        assert!(detail["summary"]["bbbv"].is_u64(), "the statistics go into the history: {detail}");
        assert_eq!(session.snapshot(false).summary, Some(detail["summary"].clone()));
        assert!(!session.snapshot(false).clock_running);
        assert!(session.snapshot(false).can_replay);
        let replay = session.replay().unwrap();
        assert!(replay.game().is_replay());
    }
}
