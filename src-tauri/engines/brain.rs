//! The manager's side of one brain: the commands sent, the answers awaited within their time,
//! and every way a brain can fail turned into a [`Failure`] (its [`Fault`] and what it did).
//!
//! A brain lives on a thread of its own ([`Engine`]): the thread starts the process (so the
//! parent-death signal, which follows the starting thread, fires only when Pastimes dies), runs
//! the jobs it is given one at a time and kills the process when the [`Engine`] is dropped.
//! The caller waits for its job's answer; nothing the brain does can hold a lock of the app.

use super::process::{Output, Process, Silence};
use super::protocol::{self, About, Said};
use pastimes_games::gomoku::{Action, BoardSize, Fault, Phase, Point, Rule};
use pastimes_games::time_control::TimeControl;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::time::{Duration, Instant};

/// Time for the answers that need no thought (`ABOUT`; `START`, where a brain may load its
/// networks first).
pub const START_TIME: Duration = Duration::from_secs(15);
/// What a brain may take beyond its time a move before it has lost on time: the pipes, the
/// scheduler and a brain's own margin. Generous, so that a busy machine is not a brain's fault
/// (a 100-game batch at 300 ms a move on a loaded 2-core machine had one answer later than 1 s
/// over); a brain that hangs still loses within seconds.
pub const GRACE: Duration = Duration::from_millis(3000);
/// Lines of talk (`MESSAGE`, `DEBUG`) a brain may write before one answer; more is a flood.
/// A long think may talk more: two lines a millisecond of its time (Rapfi's realtime extension
/// writes a line or two for each root move at each depth).
pub const MAX_TALK: usize = 10_000;

/// The talk allowed before an answer the brain has `allowed_ms` for.
fn max_talk(allowed_ms: u64) -> usize {
    MAX_TALK.max(usize::try_from(allowed_ms.saturating_mul(2)).unwrap_or(usize::MAX))
}
/// How often a wait looks at its cancel flag.
const TICK: Duration = Duration::from_millis(25);

/// Why a brain lost (or could not be added), and what it did, in English (its own words cut
/// short where it gave any).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub fault: Fault,
    pub detail: String,
}

impl Failure {
    fn new(fault: Fault, detail: impl Into<String>) -> Failure {
        Failure { fault, detail: detail.into() }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.fault.explain(), self.detail)
    }
}

/// What a wait gave: an answer, or the caller's cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waited<T> {
    Answer(Result<T, Failure>),
    Cancelled,
}

/// What a game asks of the brain: the rule, the board (`START 15` or `START 20`) and the time
/// a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    pub rule: Rule,
    pub size: BoardSize,
    pub move_ms: u64,
}

impl Setup {
    /// `INFO rule`'s bit field: 1 exactly five, 4 renju, 8 caro (freestyle is 0).
    pub fn rule_bits(self) -> u32 {
        match self.rule {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }
}

/// The game's clock at the brain's turn: its control and the brain's time left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    pub left_ms: u64,
}

impl Clock {
    /// What the brain is told before its turn (Gomocup's `INFO`s; `time_increment` is Yixin
    /// Board's, which Rapfi reads, and other brains pass over as the protocol asks): a move may
    /// take all its time left (`timeout_turn`), out of the match's (`timeout_match`, 0 for no
    /// limit under a time a move, whose `time_left` is then the protocol's "unlimited").
    pub fn infos(self) -> Vec<String> {
        let left = self.left_ms;
        match self.control {
            TimeControl::Fischer { main_ms, increment_ms } => vec![
                format!("INFO timeout_turn {left}"),
                format!("INFO timeout_match {main_ms}"),
                format!("INFO time_left {left}"),
                format!("INFO time_increment {increment_ms}"),
            ],
            _ => vec![
                format!("INFO timeout_turn {left}"),
                "INFO timeout_match 0".into(),
                format!("INFO time_left {UNLIMITED}"),
            ],
        }
    }
}

/// `time_left` when the match has no limit (the protocol's "unlimited").
const UNLIMITED: u64 = 2_147_483_647;

/// A stone for `BOARD`: its point and whether it is the brain's own.
pub type Stone = (Point, bool);

/// A brain's answer to `SWAP2BOARD`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swap2Answer {
    Swap,
    Stones(Vec<Point>),
}

/// The brain's process and what it has been told, on the brain's own thread.
pub struct Brain {
    program: PathBuf,
    process: Option<Process>,
    /// The game `START` and the `INFO`s were sent for.
    set_up: Option<Setup>,
    /// Thinking time used in this game, for `INFO time_left`.
    used: Duration,
    /// Actions the brain gave in one answer beyond the first (Swap2's stones), each with the
    /// position it is for (stones on the board, the opening's phase): see [`super::turn`].
    pub ahead: Vec<((usize, Phase), Action)>,
}

impl Brain {
    pub fn new(program: PathBuf) -> Brain {
        Brain { program, process: None, set_up: None, used: Duration::ZERO, ahead: Vec::new() }
    }

    /// The process id, once started (for tests that check nothing outlives a game).
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(Process::id)
    }

    fn process(&mut self) -> Result<&mut Process, Failure> {
        if self.process.is_none() {
            let process = Process::start(&self.program)
                .map_err(|error| Failure::new(Fault::Crash, format!("it could not be started: {error}")))?;
            self.process = Some(process);
        }
        Ok(self.process.as_mut().expect("started above"))
    }

    /// Kills the process; the next job starts it afresh (after a cancelled answer, whose late
    /// reply must not be read as the next one's).
    pub fn stop(&mut self) {
        self.process = None;
        self.set_up = None;
        self.ahead.clear();
    }

    fn send(&mut self, lines: &[String]) -> Result<(), Failure> {
        let process = self.process()?;
        for line in lines {
            if !process.send(line) {
                return Err(Failure::new(Fault::Crash, "it stopped reading its input"));
            }
        }
        Ok(())
    }

    /// The next answer before `deadline`, each line of talk passed over (and shown to `listen`).
    fn answer(
        &mut self,
        deadline: Instant,
        max_talk: usize,
        cancel: &AtomicBool,
        listen: &mut dyn FnMut(&str),
    ) -> Waited<Said> {
        let process = match self.process() {
            Ok(process) => process,
            Err(failure) => return Waited::Answer(Err(failure)),
        };
        let mut talk = 0;
        loop {
            if cancel.load(Ordering::Relaxed) {
                return Waited::Cancelled;
            }
            let next = process.line(deadline.min(Instant::now() + TICK));
            let failure = match next {
                Ok(Output::Line(line)) => match protocol::read(&line) {
                    Said::Talk if talk < max_talk => {
                        talk += 1;
                        listen(&line);
                        continue;
                    }
                    Said::Talk => Failure::new(Fault::Flood, format!("more than {max_talk} lines before one answer")),
                    said => return Waited::Answer(Ok(said)),
                },
                Ok(Output::TooLong) => {
                    Failure::new(Fault::Flood, format!("a line longer than {} bytes", super::process::MAX_LINE))
                }
                Ok(Output::Closed) | Err(Silence::Gone) => Failure::new(Fault::Crash, "it exited"),
                Err(Silence::Deadline) if Instant::now() < deadline => continue,
                Err(Silence::Deadline) if process.exited() => Failure::new(Fault::Crash, "it exited"),
                Err(Silence::Deadline) => Failure::new(Fault::Timeout, "no answer in time"),
            };
            return Waited::Answer(Err(failure));
        }
    }

    /// `ABOUT`: the brain's name and version.
    pub fn about(&mut self) -> Result<About, Failure> {
        self.send(&["ABOUT".into()])?;
        match self.answer(Instant::now() + START_TIME, MAX_TALK, &AtomicBool::new(false), &mut |_| {}) {
            Waited::Answer(Ok(Said::Other(line))) => Ok(protocol::about(&line)),
            Waited::Answer(Ok(said)) => Err(not_a_move(said)),
            Waited::Answer(Err(failure)) => Err(failure),
            Waited::Cancelled => Err(Failure::new(Fault::Timeout, "cancelled")),
        }
    }

    /// `START 15` (or 20) and the game's `INFO`s, once a game (again after [`Brain::stop`]).
    fn set_up(&mut self, setup: Setup) -> Result<(), Failure> {
        match self.set_up {
            Some(done) if done == setup => return Ok(()),
            // Only the time changed (the study board's rounds): told without a new START.
            Some(done) if (done.rule, done.size) == (setup.rule, setup.size) => {
                self.send(&infos(setup)[..3])?;
                self.set_up = Some(setup);
                return Ok(());
            }
            _ => {}
        }
        let side = setup.size.side();
        self.send(&[format!("START {side}")])?;
        match self.answer(Instant::now() + START_TIME, MAX_TALK, &AtomicBool::new(false), &mut |_| {}) {
            Waited::Answer(Ok(Said::Ok)) => {}
            Waited::Answer(Ok(Said::Refused(words))) => {
                return Err(Failure::new(Fault::Garbage, format!("it refused START {side}: {words}")))
            }
            Waited::Answer(Ok(other)) => return Err(Failure::new(Fault::Garbage, format!("START answered {other:?}"))),
            Waited::Answer(Err(failure)) => return Err(failure),
            Waited::Cancelled => return Err(Failure::new(Fault::Timeout, "cancelled")),
        }
        self.send(&infos(setup))?;
        self.set_up = Some(setup);
        self.used = Duration::ZERO;
        Ok(())
    }

    /// The brain's move in the position `stones` (in the order played): `BEGIN` on an empty
    /// board, `BOARD` otherwise (so an undo or a resumed game needs nothing else).
    pub fn turn(&mut self, setup: Setup, stones: &[Stone], cancel: &AtomicBool) -> Waited<Point> {
        self.think(setup, stones, &[], None, cancel, &mut |_| {})
    }

    /// [`Brain::turn`] in a game on `clock` (untimed: the game's time a move).
    pub fn turn_on(
        &mut self,
        setup: Setup,
        stones: &[Stone],
        clock: Option<Clock>,
        cancel: &AtomicBool,
    ) -> Waited<Point> {
        self.think(setup, stones, &[], clock, cancel, &mut |_| {})
    }

    /// [`Brain::turn`] with `extra` lines sent before the position (an `INFO` the game does not
    /// send) and every line of talk shown to `listen` while the brain thinks (its `MESSAGE`s).
    /// On a `clock`, it is told its time before the position, and may think until its flag
    /// falls (the game then stops it) and the grace.
    pub fn think(
        &mut self,
        setup: Setup,
        stones: &[Stone],
        extra: &[String],
        clock: Option<Clock>,
        cancel: &AtomicBool,
        listen: &mut dyn FnMut(&str),
    ) -> Waited<Point> {
        let position = if stones.is_empty() { vec!["BEGIN".into()] } else { board("BOARD", stones) };
        self.ask(setup, position, extra, clock, cancel, listen)
    }

    /// Yixin's request for the `n` best moves (which Rapfi answers): the position as `YXBOARD`
    /// (which sets it without a search), then `YXNBEST n`, answered by the best move after
    /// `MESSAGE` lines for each of the `n` best ([`super::thinking`]). Only for a brain whose
    /// checks found it answers so ([`super::check`]): another takes `YXBOARD` for garbage.
    pub fn several(
        &mut self,
        setup: Setup,
        stones: &[Stone],
        n: u16,
        extra: &[String],
        cancel: &AtomicBool,
        listen: &mut dyn FnMut(&str),
    ) -> Waited<Point> {
        let mut position = board("YXBOARD", stones);
        position.push(format!("YXNBEST {n}"));
        self.ask(setup, position, extra, None, cancel, listen)
    }

    /// Tells the brain its time, then `extra`, then the `position` lines that ask for its move,
    /// and waits for the move.
    fn ask(
        &mut self,
        setup: Setup,
        position: Vec<String>,
        extra: &[String],
        clock: Option<Clock>,
        cancel: &AtomicBool,
        listen: &mut dyn FnMut(&str),
    ) -> Waited<Point> {
        if let Err(failure) = self.set_up(setup) {
            return Waited::Answer(Err(failure));
        }
        let left = (setup.move_ms * setup.size.count() as u64).saturating_sub(self.used.as_millis() as u64);
        let mut lines = clock.map_or_else(|| vec![format!("INFO time_left {left}")], Clock::infos);
        lines.extend_from_slice(extra);
        lines.extend(position);
        if let Err(failure) = self.send(&lines) {
            return Waited::Answer(Err(failure));
        }
        let asked = Instant::now();
        let allowed = clock.map_or(setup.move_ms, |clock| clock.left_ms);
        let waited = self.answer(asked + Duration::from_millis(allowed) + GRACE, max_talk(allowed), cancel, listen);
        self.used += asked.elapsed();
        match waited {
            Waited::Answer(Ok(Said::Points(points))) if points.len() == 1 => Waited::Answer(Ok(points[0])),
            Waited::Answer(Ok(said)) => Waited::Answer(Err(not_a_move(said))),
            Waited::Answer(Err(failure)) => Waited::Answer(Err(failure)),
            Waited::Cancelled => {
                self.stop();
                Waited::Cancelled
            }
        }
    }

    /// Gomocup's Swap2 extension: the opening's stones so far (0, 3 or 5), answered by the
    /// first three stones, `SWAP`, or one or two stones.
    /// On a `clock`, it is told its time first and may take all of it.
    pub fn swap2(
        &mut self,
        setup: Setup,
        stones: &[Point],
        clock: Option<Clock>,
        cancel: &AtomicBool,
    ) -> Waited<Swap2Answer> {
        if let Err(failure) = self.set_up(setup) {
            return Waited::Answer(Err(failure));
        }
        let mut lines = clock.map(Clock::infos).unwrap_or_default();
        lines.push("SWAP2BOARD".to_string());
        lines.extend(stones.iter().map(|&p| protocol::write(p)));
        lines.push("DONE".into());
        if let Err(failure) = self.send(&lines) {
            return Waited::Answer(Err(failure));
        }
        // The opening's answer may be three stones: three moves' time.
        let allowed = clock.map_or(setup.move_ms * 3, |clock| clock.left_ms);
        let deadline = Instant::now() + Duration::from_millis(allowed) + GRACE;
        match self.answer(deadline, max_talk(allowed), cancel, &mut |_| {}) {
            Waited::Answer(Ok(Said::Swap)) => Waited::Answer(Ok(Swap2Answer::Swap)),
            Waited::Answer(Ok(Said::Points(points))) if points.len() <= 3 => {
                Waited::Answer(Ok(Swap2Answer::Stones(points)))
            }
            Waited::Answer(Ok(said)) => Waited::Answer(Err(not_a_move(said))),
            Waited::Answer(Err(failure)) => Waited::Answer(Err(failure)),
            Waited::Cancelled => {
                self.stop();
                Waited::Cancelled
            }
        }
    }

    /// `END`: the game is over; the process is then killed all the same.
    pub fn end(&mut self) {
        if let Some(process) = self.process.as_mut() {
            process.send("END");
        }
        self.stop();
    }
}

/// A position as `BOARD` (or Yixin's `YXBOARD`) tells it: each stone `x,y,1` (the brain's own)
/// or `x,y,2`, then `DONE`.
fn board(command: &str, stones: &[Stone]) -> Vec<String> {
    let mut lines = vec![command.to_string()];
    lines.extend(stones.iter().map(|&(p, own)| format!("{},{}", protocol::write(p), if own { 1 } else { 2 })));
    lines.push("DONE".into());
    lines
}

/// The `INFO`s of a game: its time a move, the match's time (a move's for every point of the
/// board: time a move is what counts) and the time left of it, its rule and that it is a game
/// against a human (Piskvork's `game_type 1`).
fn infos(setup: Setup) -> Vec<String> {
    let game_ms = setup.move_ms * setup.size.count() as u64;
    vec![
        format!("INFO timeout_turn {}", setup.move_ms),
        format!("INFO timeout_match {game_ms}"),
        format!("INFO time_left {game_ms}"),
        format!("INFO rule {}", setup.rule_bits()),
        "INFO game_type 1".into(),
    ]
}

fn not_a_move(said: Said) -> Failure {
    let detail = match said {
        Said::Refused(words) => format!("it answered ERROR: {words}"),
        Said::Other(line) => format!("it answered {line:?}"),
        other => format!("it answered {other:?}"),
    };
    Failure::new(Fault::Garbage, detail)
}

type Job = Box<dyn FnOnce(&mut Brain) + Send>;

/// A brain on its own thread. Dropping it ends the thread once the job running finishes (its
/// cancel flag makes that prompt), and with it the process.
pub struct Engine {
    jobs: Sender<Job>,
}

impl Engine {
    /// The thread for the brain `program`; the process starts with the first job.
    pub fn launch(program: PathBuf) -> std::io::Result<Engine> {
        let (jobs, queue) = channel::<Job>();
        std::thread::Builder::new().name("brain".into()).spawn(move || {
            let mut brain = Brain::new(program);
            for job in queue {
                job(&mut brain);
            }
            brain.end();
        })?;
        Ok(Engine { jobs })
    }

    /// Runs `job` on the brain's thread and waits for its result; `None` if the thread is gone.
    pub fn run<T: Send + 'static>(&self, job: impl FnOnce(&mut Brain) -> T + Send + 'static) -> Option<T> {
        let (reply, answer) = channel();
        let job: Job = Box::new(move |brain| {
            let _ = reply.send(job(brain));
        });
        self.jobs.send(job).ok()?;
        answer.recv().ok()
    }
}
