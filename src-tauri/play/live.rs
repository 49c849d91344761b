//! The games in progress: the game of each kind with its session, and the work that runs for it
//! away from the caller (the computer's search, the analysis of a finished game). The locks are
//! the state's; it lends them through [`Host`], so what is done under them is written here once.

use crate::engines::helper::Helper;
use crate::engines::{turn, Engine};
use crate::error::{AppError, AppResult};
use crate::play::clock::{system_time, Time};
use crate::play::session::{Moved, Session, Snapshot};
use crate::prefs::names::validate_name;
use crate::prefs::pace;
use crate::records::record_text;
use crate::store::{Recorded, Store};
use pastimes_games::file_format::Position;
use pastimes_games::{Applied, ComputerMove, GameFile, GameKind, RuleError};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, MutexGuard};
use std::time::{Duration, Instant};

/// A hint and the game it now marks as assisted.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hinted {
    pub hint: Value,
    pub snapshot: Snapshot,
}

/// The odds on the board (the game's JSON) and the snapshot after (now assisted).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Oddsed {
    pub odds: Value,
    pub snapshot: Snapshot,
}

/// Told of every snapshot that changes without a command: the computer's moves.
pub type Notifier = Box<dyn Fn(&Snapshot) + Send + Sync>;

/// Runs a slow job (the computer's search) away from the caller: on a new thread in the app, and
/// whenever a test says so in tests.
pub type Worker = Arc<dyn Fn(Box<dyn FnOnce() + Send>) + Send + Sync>;

/// The local date now (the daily deal's day): the system's in the app, set by hand in tests.
pub type Today = Arc<dyn Fn() -> chrono::NaiveDate + Send + Sync>;

/// Runs a job once a delay has passed, unless its flag is set first: a sleeping thread in the
/// app, whenever a test says so in tests. The flag falls by it (see [`arm_flag`]).
pub type Timer = Arc<dyn Fn(Duration, Arc<AtomicBool>, Box<dyn FnOnce() + Send>) + Send + Sync>;

/// What the app's logic runs on: the game clocks' time, the local date, the worker for slow
/// jobs and the timer that ends a game on time.
#[derive(Clone)]
pub struct Runtime {
    pub time: Time,
    pub worker: Worker,
    pub today: Today,
    pub timer: Timer,
}

impl Runtime {
    /// The system's monotonic clock and a thread for each search.
    pub fn system() -> Runtime {
        Runtime {
            time: system_time(),
            worker: Arc::new(|job| {
                std::thread::spawn(job);
            }),
            today: Arc::new(|| chrono::Local::now().date_naive()),
            timer: Arc::new(|delay, cancel, job| {
                std::thread::spawn(move || sleep_then(delay, &cancel, job));
            }),
        }
    }
}

/// The longest a timer's thread sleeps before it looks at its flag again: a timer cancelled
/// (every move cancels the one before) ends within this.
const TIMER_STEP: Duration = Duration::from_millis(100);

/// Sleeps `delay` (in steps, looking at `cancel`), then runs `job` unless it was cancelled.
fn sleep_then(delay: Duration, cancel: &AtomicBool, job: Box<dyn FnOnce() + Send>) {
    let deadline = Instant::now() + delay;
    loop {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(TIMER_STEP));
    }
    job();
}

/// A game in progress that could not be resumed and went into the history unfinished: for the
/// start-up dialog.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unresumed {
    pub game: GameKind,
    /// Why, in English.
    pub reason: String,
}

/// The game of each kind in progress (or just finished).
pub type Slots = HashMap<GameKind, Slot>;

/// What owns the locks: the games (lock order: the games before the store), the store, the
/// counter of changes, the runtime and whoever is told of the computer's moves.
pub trait Host: Send + Sync + 'static {
    fn runtime(&self) -> &Runtime;
    fn slots(&self) -> MutexGuard<'_, Slots>;
    fn store(&self) -> AppResult<MutexGuard<'_, Store>>;
    fn next_generation(&self) -> u64;
    /// Tells the page of a snapshot that changed without a command.
    fn notify(&self, snapshot: &Snapshot);
    /// Saves a game in progress in the store (the layer above turns the session's data into
    /// the store's row).
    fn save(store: &Store, session: &Session) -> AppResult<()>;
    /// Records a finished game in the history (the same); `None` for a game not over.
    fn record(store: &mut Store, session: &Session) -> AppResult<Option<Recorded>>;
    /// After a game's first move, on `today`: the layer above makes today's daily deal the day's
    /// entry, or marks a later game of it as a deal seen before (it never ranks).
    fn first_move(store: &Store, session: &mut Session, today: chrono::NaiveDate) -> AppResult<()>;
}

pub struct Slot {
    pub(crate) session: Session,
    /// Changes with every move, undo and new game, so a late computer answer is recognised.
    pub(crate) generation: u64,
    /// Set while the computer thinks; setting the flag asks the search to stop.
    thinking: Option<Arc<AtomicBool>>,
    /// Set while the finished game is analysed; the same.
    analysing: Option<Arc<AtomicBool>>,
    /// The external engines playing this game, once started, one for each part an engine plays
    /// (a demo of two engines has two, even of one engine): dropped (and their processes with
    /// them) when the game ends or the slot goes.
    engines: [Option<Arc<Engine>>; 2],
    /// Set while a timer waits for the running clock's flag; setting the flag cancels it.
    flag_timer: Option<Arc<AtomicBool>>,
    /// Whether `thinking` is the wait of the pace (not yet the search): see [`set_pace`].
    pacing: bool,
}

impl Slot {
    fn new(session: Session, generation: u64) -> Slot {
        Slot {
            session,
            generation,
            thinking: None,
            analysing: None,
            engines: [None, None],
            flag_timer: None,
            pacing: false,
        }
    }

    fn stop_flag_timer(&mut self) {
        if let Some(cancel) = self.flag_timer.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    fn stop_thinking(&mut self) {
        self.pacing = false;
        if let Some(cancel) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Stops whatever runs for this game: the computer's search, the flag's timer and the
    /// analysis.
    fn stop_work(&mut self) {
        self.stop_thinking();
        self.stop_flag_timer();
        if let Some(cancel) = self.analysing.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    fn snapshot(&self) -> Snapshot {
        let snapshot = self.session.snapshot(self.thinking.is_some());
        Snapshot { revision: self.generation, analysing: self.analysing.is_some(), ..snapshot }
    }
}

/// Takes a game brought back at start as the game of its kind in progress.
pub fn adopt(slots: &mut Slots, kind: GameKind, session: Session, generation: u64) {
    slots.insert(kind, Slot::new(session, generation));
}

pub fn new_game<H: Host>(host: &Arc<H>, kind: GameKind, params: Value, seed: u64) -> AppResult<Snapshot> {
    let session = Session::new(kind, &params, seed, host.runtime().time.clone())?;
    let mut slots = host.slots();
    H::save(&*host.store()?, &session)?;
    if let Some(old) = slots.get_mut(&kind) {
        old.stop_work();
    }
    let slot = slots.entry(kind).insert_entry(Slot::new(session, host.next_generation()));
    start_turn(host, kind, slot.into_mut());
    Ok(slots[&kind].snapshot())
}

/// The seed of the game of this kind under way (not over) and when it began, if any.
pub fn under_way(slots: &Slots, kind: GameKind) -> Option<(u64, String)> {
    let session = &slots.get(&kind)?.session;
    (!session.is_over()).then(|| (session.seed(), session.started_at().to_string()))
}

/// The game of this kind in progress (or just finished), if any.
pub fn snapshot(slots: &Slots, kind: GameKind) -> Option<Snapshot> {
    slots.get(&kind).map(Slot::snapshot)
}

/// Plays a move of the player; the snapshot carries what the move did (its effects).
pub fn play<H: Host>(host: &Arc<H>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
    let mut told = None;
    let snapshot = change(host, kind, |slot| {
        // While the computer plays itself, only a take-over ([`take_over`]) stops it.
        if slot.thinking.is_some() || slot.session.plays_itself() {
            return Err(AppError::ComputerThinking);
        }
        let moved = slot.session.play(&mv)?;
        let logged = moved.applied == Applied::Move;
        if logged && slot.session.moves().len() == 1 {
            // Today's deal becomes the day's entry at its first move (or, the day having one,
            // a deal seen before): before the game is saved or recorded.
            H::first_move(&*host.store()?, &mut slot.session, (host.runtime().today)())?;
        }
        told = Some(moved);
        Ok(logged)
    })?;
    Ok(telling(snapshot, told))
}

/// Plays the player's move that stops the computer at work, `mv` (taking over a side of a demo:
/// the game goes on between the player and the computer left). A paused game is resumed for it.
/// A move that is no such interruption, or that the game refuses (over, taken over already),
/// changes nothing.
pub fn take_over<H: Host>(host: &Arc<H>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
    let mut told = None;
    let snapshot = change(host, kind, |slot| {
        if !slot.session.game().interrupts(&mv) {
            return Err(RuleError::Illegal("notATakeOver").into());
        }
        let paused = slot.session.is_paused();
        slot.session.resume();
        match slot.session.play(&mv) {
            Ok(moved) => told = Some(moved),
            Err(error) => {
                if paused {
                    slot.session.pause();
                }
                return Err(error);
            }
        }
        slot.stop_thinking();
        Ok(true)
    })?;
    Ok(telling(snapshot, told))
}

/// Sets the wait before each of the computer's moves while it plays itself (a demo), `ms`
/// milliseconds (0 to [`pace::MAX_MS`]), kept as the player's setting for every demo to come; a
/// wait under way starts again at the new pace. Out of range, nothing changes.
pub fn set_pace<H: Host>(host: &Arc<H>, kind: GameKind, ms: i64) -> AppResult<Snapshot> {
    let mut slots = host.slots();
    let slot = slots.get_mut(&kind).ok_or(AppError::NoGame(kind))?;
    pace::save(&*host.store()?, ms)?;
    if slot.pacing {
        slot.stop_thinking();
        start_computer_turn(host, kind, slot);
    }
    Ok(slot.snapshot())
}

/// `snapshot`, the answer to a move, with what the move did.
fn telling(snapshot: Snapshot, moved: Option<Moved>) -> Snapshot {
    match moved {
        Some(Moved { effects, ended, .. }) => Snapshot { effects, ended, ..snapshot },
        None => snapshot,
    }
}

/// Takes back the last move; against the computer, back to the player's turn.
pub fn undo<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    change(host, kind, |slot| {
        slot.stop_thinking();
        slot.session.undo()?;
        Ok(true)
    })
}

/// Plays again what undo took back; the snapshot carries what the last move brought back did.
pub fn redo<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    let mut told = None;
    let snapshot = change(host, kind, |slot| {
        slot.stop_thinking();
        told = Some(slot.session.redo()?);
        Ok(true)
    })?;
    Ok(telling(snapshot, told))
}

/// The game's hint for the position now, worked out without holding the games (it may take
/// a while); the game is then assisted. A position that changed meanwhile gets no hint.
/// With `helper`, an added engine gives it instead of the game's own (`engines::helper`).
pub fn hint<H: Host>(host: &Arc<H>, kind: GameKind, helper: Option<Helper>) -> AppResult<Hinted> {
    type Search = Box<dyn FnOnce(&AtomicBool) -> AppResult<Option<Value>> + Send>;
    let (search, generation) = {
        let slots = host.slots();
        let slot = slots.get(&kind).ok_or(AppError::NoGame(kind))?;
        if slot.thinking.is_some() {
            return Err(AppError::ComputerThinking);
        }
        let own = slot.session.hint_search()?;
        let search: Search = match helper {
            Some(helper) => {
                let game = slot.session.game().clone_box();
                Box::new(move |cancel| crate::engines::helper::hint(&helper, game.as_ref(), cancel))
            }
            None => Box::new(move |cancel| Ok(own(cancel))),
        };
        (search, slot.generation)
    };
    let hint = search(&AtomicBool::new(false))?.ok_or(AppError::NothingTo("hint"))?;
    let snapshot = change(host, kind, |slot| {
        if slot.generation != generation {
            return Err(AppError::NothingTo("hint"));
        }
        slot.session.count_hint();
        Ok(true)
    })?;
    Ok(Hinted { hint, snapshot })
}

/// The game of `kind` as it stands, for its study board: a game still going is then
/// assisted (the engine will show its best moves), counted as a hint.
pub fn game_for_study<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Box<dyn pastimes_games::AnyGame>> {
    let mut game = None;
    change(host, kind, |slot| {
        game = Some(slot.session.game().clone_box());
        if slot.session.is_over() {
            return Ok(false);
        }
        slot.session.count_hint();
        Ok(true)
    })?;
    game.ok_or(AppError::NoGame(kind))
}

/// The odds on the board now, and the game's snapshot: shown, they make it assisted (once).
pub fn odds<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Oddsed> {
    let mut odds = Value::Null;
    let snapshot = change(host, kind, |slot| {
        odds = slot.session.odds()?;
        // Saved (and a new revision) only the first time: later looks change nothing.
        Ok(slot.session.count_odds())
    })?;
    Ok(Oddsed { odds, snapshot })
}

pub fn pause<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    change(host, kind, |slot| {
        slot.stop_thinking();
        slot.session.pause();
        Ok(true)
    })
}

/// Pauses every game that is running (the window was minimised or hidden); returns the
/// snapshots that changed.
pub fn pause_running<H: Host>(host: &Arc<H>) -> Vec<Snapshot> {
    let running: Vec<GameKind> =
        host.slots().iter().filter(|(_, slot)| slot.snapshot().clock_running).map(|(kind, _)| *kind).collect();
    running.into_iter().filter_map(|kind| pause(host, kind).ok()).collect()
}

pub fn resume<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    change(host, kind, |slot| {
        slot.session.resume();
        Ok(true)
    })
}

/// Deals the board of the finished game of this kind again ("try again").
pub fn replay<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    let mut slots = host.slots();
    let slot = slots.get_mut(&kind).ok_or(AppError::NoGame(kind))?;
    let session = slot.session.replay()?;
    H::save(&*host.store()?, &session)?;
    slot.stop_work();
    *slot = Slot::new(session, host.next_generation());
    Ok(slot.snapshot())
}

/// Runs one change on the game of `kind`; when it changed the game (`Ok(true)`) the game is
/// saved, or recorded if it just finished, and the computer starts thinking if it is its turn.
pub(super) fn change<H: Host>(
    host: &Arc<H>,
    kind: GameKind,
    change: impl FnOnce(&mut Slot) -> AppResult<bool>,
) -> AppResult<Snapshot> {
    let mut slots = host.slots();
    let slot = slots.get_mut(&kind).ok_or(AppError::NoGame(kind))?;
    if change(slot)? {
        slot.generation = host.next_generation();
        persist(&**host, slot)?;
        start_turn(host, kind, slot);
        start_analysis(host, kind, slot);
    }
    Ok(slot.snapshot())
}

/// Once a game is over, works on it on the worker (Bubble Breaker's best line for the deal),
/// then keeps what it found with the finished game and tells the page. A new game cancels it.
fn start_analysis<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    // An analysis worked out when asked for (Minesweeper's review) is not run here.
    let after_the_game = kind.info().analysis.is_some_and(|analysis| !analysis.on_demand);
    if !after_the_game || slot.analysing.is_some() || slot.session.record().is_none() {
        return;
    }
    let Some(analyse) = slot.session.analysis_search() else { return };
    let cancel = Arc::new(AtomicBool::new(false));
    slot.analysing = Some(Arc::clone(&cancel));
    let owner = Arc::clone(host);
    (host.runtime().worker)(Box::new(move || {
        let found = analyse(&cancel);
        if !cancel.load(Ordering::Relaxed) {
            finish_analysis(&*owner, kind, &cancel, found);
        }
    }));
}

/// Keeps what the analysis that `cancel` belongs to found, if its game is still the one here.
fn finish_analysis(host: &impl Host, kind: GameKind, cancel: &Arc<AtomicBool>, found: Option<Value>) {
    let snapshot = {
        let mut slots = host.slots();
        let ours = |slot: &&mut Slot| slot.analysing.as_ref().is_some_and(|running| Arc::ptr_eq(running, cancel));
        let Some(slot) = slots.get_mut(&kind).filter(ours) else {
            return; // another game began meanwhile
        };
        slot.analysing = None;
        if let Some(found) = found {
            if let (Some(record), Ok(store)) = (slot.session.record(), host.store()) {
                if let Err(error) = store.save_analysis(record.id, &found) {
                    eprintln!("pastimes: could not keep the game's analysis: {error}");
                }
            }
            slot.session.set_analysis(found);
        }
        slot.generation = host.next_generation();
        slot.snapshot()
    };
    host.notify(&snapshot);
}

/// Saves a game in progress, or records a game that just finished (once).
fn persist<H: Host>(host: &H, slot: &mut Slot) -> AppResult<()> {
    let mut store = host.store()?;
    if !slot.session.is_over() {
        H::save(&store, &slot.session)?;
    } else if slot.session.record().is_none() {
        if let Some(recorded) = H::record(&mut store, &slot.session)? {
            slot.session.set_record(recorded);
        }
    }
    Ok(())
}

/// What runs for the turn that begins: the computer's search if it is its turn, and the timer
/// for the running clock's flag.
fn start_turn<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    start_computer_turn(host, kind, slot);
    arm_flag(host, kind, slot);
}

/// Sets the timer for the running clock's flag (in a timed game), in place of the one before:
/// when it fires and the time is out, the game ends on time even if no one clicks, and the page
/// is told. Paused, over or untimed, no timer waits.
pub(crate) fn arm_flag<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    slot.stop_flag_timer();
    let Some(due) = slot.session.flag_due_in() else { return };
    let cancel = Arc::new(AtomicBool::new(false));
    slot.flag_timer = Some(Arc::clone(&cancel));
    let owner = Arc::clone(host);
    let fire = Arc::clone(&cancel);
    // A millisecond late, so that the clock read then is past the flag.
    (host.runtime().timer)(due + Duration::from_millis(1), cancel, Box::new(move || fall_flag(&owner, kind, &fire)));
}

/// The flag's timer fired: if its game is still the one here and the time is out, the game is
/// lost on time, recorded and told; if not quite (a timer early by a rounding), it waits again.
fn fall_flag<H: Host>(host: &Arc<H>, kind: GameKind, timer: &Arc<AtomicBool>) {
    let snapshot = {
        let mut slots = host.slots();
        let ours = |slot: &&mut Slot| slot.flag_timer.as_ref().is_some_and(|running| Arc::ptr_eq(running, timer));
        let Some(slot) = slots.get_mut(&kind).filter(ours) else { return };
        slot.flag_timer = None;
        let Some(ruled) = slot.session.rule_on_time() else {
            arm_flag(host, kind, slot);
            return;
        };
        slot.stop_thinking();
        slot.generation = host.next_generation();
        if let Err(error) = persist(&**host, slot) {
            eprintln!("pastimes: could not record the game lost on time: {error}");
        }
        start_analysis(host, kind, slot);
        telling(slot.snapshot(), Some(ruled))
    };
    host.notify(&snapshot);
}

/// The computer's turn: while it plays itself, after the pace's wait; otherwise at once.
fn start_computer_turn<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    if slot.session.plays_itself() && slot.session.computer_to_move() {
        return wait_the_pace(host, kind, slot);
    }
    think(host, kind, slot);
}

/// Waits the pace on the timer (as the computer's thinking: a move of the player's waits, and
/// a pause or take-over cancels it), then thinks.
fn wait_the_pace<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    let cancel = Arc::new(AtomicBool::new(false));
    slot.thinking = Some(Arc::clone(&cancel));
    slot.pacing = true;
    let owner = Arc::clone(host);
    let waited = Arc::clone(&cancel);
    let pace = host.store().map_or(pace::DEFAULT, |store| pace::of(&store));
    (host.runtime().timer)(pace, cancel, Box::new(move || paced(&owner, kind, &waited)));
}

/// The pace's wait that `waited` belongs to is over: if it is still this game's, it thinks.
fn paced<H: Host>(host: &Arc<H>, kind: GameKind, waited: &Arc<AtomicBool>) {
    let mut slots = host.slots();
    let ours = |slot: &&mut Slot| slot.thinking.as_ref().is_some_and(|running| Arc::ptr_eq(running, waited));
    let Some(slot) = slots.get_mut(&kind).filter(ours) else { return };
    slot.thinking = None;
    slot.pacing = false;
    think(host, kind, slot);
}

/// Starts the computer's search, or the external engine's turn, for the position now.
fn think<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    if turn::against_an_engine(slot.session.game()) {
        return start_engine_turn(host, kind, slot);
    }
    search(host, kind, slot);
}

/// The built-in computer's search on the worker, its move played when found.
fn search<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    let Some(search) = slot.session.computer_search() else { return };
    let cancel = Arc::new(AtomicBool::new(false));
    slot.thinking = Some(Arc::clone(&cancel));
    let generation = slot.generation;
    let owner = Arc::clone(host);
    (host.runtime().worker)(Box::new(move || {
        let mv = search(&cancel);
        if !cancel.load(Ordering::Relaxed) {
            finish_computer_turn(&owner, kind, generation, mv);
        }
    }));
}

/// An external engine's turn: its brain (started at its first turn) asked on its own thread,
/// from a worker that waits for it; its answer, or its forfeit, played as the computer's move.
/// A finished game lets its engine go.
fn start_engine_turn<H: Host>(host: &Arc<H>, kind: GameKind, slot: &mut Slot) {
    if slot.session.is_over() {
        slot.engines = [None, None];
        return;
    }
    if !slot.session.computer_to_move() {
        return;
    }
    // In a demo against an engine, the level's turns are searched as against no engine.
    let Some(turn) = turn::turn_of(slot.session.game(), slot.session.turn_time()) else {
        return search(host, kind, slot);
    };
    let cancel = Arc::new(AtomicBool::new(false));
    slot.thinking = Some(Arc::clone(&cancel));
    let generation = slot.generation;
    let part = &mut slot.engines[turn.part];
    let engine = match part {
        Some(engine) => Ok(Arc::clone(engine)),
        None => launch(&**host, &turn.engine_id).inspect(|engine| *part = Some(Arc::clone(engine))),
    };
    let owner = Arc::clone(host);
    (host.runtime().worker)(Box::new(move || {
        let action = match engine {
            Ok(engine) => {
                let asked = Arc::clone(&cancel);
                engine.run(move |brain| turn::decide(brain, &turn, &asked)).flatten()
            }
            Err(error) => {
                eprintln!("pastimes: the engine {:?} cannot be run: {error}", turn.engine_id);
                Some(turn::cannot_run())
            }
        };
        if !cancel.load(Ordering::Relaxed) {
            // No answer and no cancel: the brain's thread is gone, which is the brain's crash.
            finish_computer_turn(&owner, kind, generation, action.or_else(|| Some(turn::cannot_run())));
        }
    }));
}

/// The engine `id` of the player's list on a thread of its own (its process starts at its first
/// job); an engine no longer listed cannot be run.
fn launch(host: &impl Host, id: &str) -> AppResult<Arc<Engine>> {
    let entry = crate::prefs::engines::find(&*host.store()?, id)?;
    Ok(Arc::new(Engine::launch(entry.path)?))
}

pub(crate) fn finish_computer_turn<H: Host>(host: &Arc<H>, kind: GameKind, generation: u64, mv: Option<ComputerMove>) {
    let snapshot = {
        let mut slots = host.slots();
        let Some(slot) = slots.get_mut(&kind).filter(|slot| slot.generation == generation) else {
            return; // the position changed while the computer thought
        };
        slot.thinking = None;
        let played = mv.map(|mv| slot.session.play_computer(mv));
        let told = match played {
            Some(Ok(moved)) => Some(moved),
            Some(Err(error)) => {
                eprintln!("pastimes: the computer's move was refused: {error}");
                None
            }
            None => None,
        };
        slot.generation = host.next_generation();
        if let Err(error) = persist(&**host, slot) {
            eprintln!("pastimes: could not save the computer's move: {error}");
        }
        // Its turn again (Swap2's three opening stones are one side's actions in a row).
        start_turn(host, kind, slot);
        start_analysis(host, kind, slot);
        telling(slot.snapshot(), told)
    };
    host.notify(&snapshot);
}

/// Names the player who set the record `id`, one of the games just finished here: the page
/// cannot name any other game.
pub fn name_record(host: &impl Host, id: i64, name: &str) -> AppResult<()> {
    let name = validate_name(name)?;
    let slots = host.slots();
    let is_fresh_record =
        slots.values().filter_map(|slot| slot.session.record()).any(|record| record.id == id && record.rank.is_some());
    if !is_fresh_record {
        return Err(AppError::NotARecord);
    }
    let store = host.store()?;
    store.set_player_name(id, &name)?;
    store.save_setting("playerName", &Value::String(name))
}

/// Whether the finished game `id`, the last of its kind here, is still being analysed.
pub fn analysing(slots: &Slots, kind: GameKind, id: i64) -> bool {
    slots
        .get(&kind)
        .is_some_and(|slot| slot.analysing.is_some() && slot.session.record().is_some_and(|record| record.id == id))
}

/// The game of `kind` in progress (or just finished) as a file's codec takes it, and when it
/// began (as stored): what Copy moves writes.
pub fn game_file(slots: &Slots, kind: GameKind) -> AppResult<(GameFile, String)> {
    let session = &slots.get(&kind).ok_or(AppError::NoGame(kind))?.session;
    let started = chrono::DateTime::parse_from_rfc3339(session.started_at()).ok().map(|at| at.timestamp_micros());
    let file = GameFile {
        params: session.game().params(),
        seed: session.seed(),
        moves: session.moves().to_vec(),
        times_ms: session.record_of_moves().times_ms,
        time_ms: session.elapsed_ms(),
        player: None,
        started_us: started,
        finished_us: None,
    };
    Ok((file, session.started_at().to_string()))
}

/// Puts a game set up from outside (a position, pasted moves) in `kind`'s slot in place of the
/// one there (whose work stops), saved, the computer's turn started if it is its move.
pub(crate) fn take_the_slot<H: Host>(host: &Arc<H>, kind: GameKind, session: Session) -> AppResult<Snapshot> {
    let mut slots = host.slots();
    if let Some(old) = slots.get_mut(&kind) {
        old.stop_work();
    }
    let slot = slots.entry(kind).insert_entry(Slot::new(session, host.next_generation())).into_mut();
    persist(&**host, slot)?;
    start_turn(host, kind, slot);
    Ok(slot.snapshot())
}

/// A new game of `kind` from a position a file or a text sets out (its format's reading,
/// `file_formats::read_position`): its parameters, then its moves played through the rules,
/// marked imported, so it never ranks. Parameters the game refuses, or a move the rules refuse,
/// change nothing.
pub fn new_game_from_position<H: Host>(
    host: &Arc<H>,
    kind: GameKind,
    position: Position,
    seed: u64,
) -> AppResult<Snapshot> {
    let mut session = Session::new(kind, &position.params, seed, host.runtime().time.clone())?;
    for (index, mv) in position.moves.iter().enumerate() {
        let text = session.game().move_text(mv).unwrap_or_else(|| mv.to_string());
        let refused = |reason: String| record_text::ImportError::IllegalMove { number: index + 1, text, reason };
        match session.play(mv) {
            Ok(moved) if moved.applied == Applied::Move => {}
            Ok(_) => return Err(refused("it changes nothing".into()).into()),
            Err(error) => return Err(refused(error.to_string()).into()),
        }
    }
    session.mark_imported();
    take_the_slot(host, kind, session)
}
