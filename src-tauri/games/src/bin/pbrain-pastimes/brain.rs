//! The brain's state between commands and its answer to each.
//!
//! The manager is the referee: it sends the opponent's stones and expects ours. The brain keeps
//! the stones of each side in the order they came, and when it must move it lays them out as
//! a game (black first, alternating: a `BOARD` list has no order of play, and none is needed
//! for the position) and asks the engine. Black is whoever moves when the stone count is even.
//!
//! Under Renju the brain never places black on a forbidden point
//! ([`legal_stone`](pastimes_games::gomoku::legal_stone)). The opponent's stones are taken as the
//! manager sends them: a forbidden stone of an engine loses by the manager's ruling, so the brain
//! only says so in a `MESSAGE`.

use super::budget::Allowance;
use super::command::{board_line, parse, swap2_line, Command, Info, Refusal};
use super::swap2;
use pastimes_games::gomoku::ai::Memory;
use pastimes_games::gomoku::ai::{plies_to_end, Clock, Decision, WIN_SCORE};
use pastimes_games::gomoku::board::Board;
use pastimes_games::gomoku::{
    legal_stone_remembering, renju, BoardSize, Chosen, Colour, Gomoku, Level, Params, Point, Rule, SearchLimits,
};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;

/// What the brain says in answer to `ABOUT`.
pub const ABOUT: &str = concat!(
    r#"name="pastimes", version=""#,
    env!("CARGO_PKG_VERSION"),
    r#"", author="The Pastimes developers", country="unknown""#
);

/// The engine's seed: one fixed number, so the brain answers a position the same way each time
/// (given the same time).
const BRAIN_SEED: u64 = 0x0907_1e5e;

/// Whether to read on or stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

#[derive(Debug, Default)]
pub struct Brain {
    started: bool,
    /// The board `START` gave: 15x15 or 20x20.
    size: BoardSize,
    own: Vec<Point>,
    theirs: Vec<Point>,
    rule: Rule,
    allowance: Allowance,
    /// The stones of a `BOARD` command being read, until its `DONE`.
    board: Option<(Vec<Point>, Vec<Point>)>,
    /// The stones of a `SWAP2BOARD` command being read, until its `DONE`.
    swap2: Option<Vec<Point>>,
    /// Where the engine reads the time (the system's clock but in tests).
    clock: Clock,
    /// What the engine learnt in this game's searches so far (see [`Memory`]): kept from move to
    /// move, dropped with the game or a change of rule.
    memory: Option<Memory>,
}

impl Brain {
    /// A brain that reads the time from `clock`.
    #[cfg(test)]
    pub fn on(clock: Clock) -> Brain {
        Brain { clock, ..Brain::default() }
    }

    /// Answers one line, each answer line through `say`.
    pub fn handle(&mut self, line: &str, say: &mut dyn FnMut(&str)) -> Flow {
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        if self.board.is_some() {
            self.board_entry(line, say);
            return Flow::Continue;
        }
        if self.swap2.is_some() {
            self.swap2_entry(line, say);
            return Flow::Continue;
        }
        match parse(line) {
            Ok(Command::End) => return Flow::Quit,
            Ok(command) => match self.command(command, say) {
                Ok(Some(answer)) => say(&answer),
                Ok(None) => {}
                Err(message) => say(&format!("ERROR {message}")),
            },
            Err(Refusal::Unknown(message)) => say(&format!("UNKNOWN {message}")),
            Err(Refusal::Malformed(message)) => say(&format!("ERROR {message}")),
        }
        Flow::Continue
    }

    /// Carries out a command; its answer, if it has one. On error nothing changed.
    fn command(&mut self, command: Command, say: &mut dyn FnMut(&str)) -> Result<Option<String>, String> {
        match command {
            Command::Start(size) => self.start(size, size),
            Command::RectStart(width, height) => self.start(width, height),
            Command::Info(info) => {
                self.info(info);
                Ok(None)
            }
            Command::About => Ok(Some(ABOUT.to_string())),
            Command::End => Ok(None),
            _ if !self.started => Err("START first".into()),
            Command::Restart => {
                self.clear();
                Ok(Some("OK".into()))
            }
            Command::Begin if !self.own.is_empty() || !self.theirs.is_empty() => {
                Err("BEGIN on a board with stones".into())
            }
            Command::Begin => self.think(say).map(Some),
            Command::Turn(x, y) => {
                let p = self.empty_point(x, y)?;
                self.warn_if_forbidden(p, say);
                self.theirs.push(p);
                let answer = self.think(say);
                if answer.is_err() {
                    self.theirs.pop();
                }
                answer.map(Some)
            }
            Command::Play(x, y) => {
                let p = self.empty_point(x, y)?;
                self.own.push(p);
                Ok(Some(format!("{x},{y}")))
            }
            Command::Board => {
                self.board = Some((Vec::new(), Vec::new()));
                Ok(None)
            }
            Command::Swap2Board => {
                self.swap2 = Some(Vec::new());
                Ok(None)
            }
            Command::Takeback(x, y) => {
                let p = self.point(x, y)?;
                if let Some(i) = self.own.iter().position(|&q| q == p) {
                    self.own.remove(i);
                } else if let Some(i) = self.theirs.iter().position(|&q| q == p) {
                    self.theirs.remove(i);
                } else {
                    return Err(format!("no stone on {x},{y}"));
                }
                Ok(Some("OK".into()))
            }
        }
    }

    fn start(&mut self, width: u64, height: u64) -> Result<Option<String>, String> {
        let size = BoardSize::of_side(width as usize).filter(|_| width == height);
        let Some(size) = size else {
            return Err("only 15x15 and 20x20 boards are supported".into());
        };
        self.size = size;
        self.started = true;
        self.clear();
        Ok(Some("OK".into()))
    }

    fn clear(&mut self) {
        self.memory = None;
        self.own.clear();
        self.theirs.clear();
        self.board = None;
        self.swap2 = None;
    }

    fn info(&mut self, info: Info) {
        let allowance = &mut self.allowance;
        match info {
            Info::TimeoutTurn(ms) => allowance.timeout_turn = Some(ms),
            Info::TimeoutMatch(ms) => allowance.timeout_match = Some(ms),
            Info::TimeLeft(ms) => allowance.time_left = Some(ms),
            Info::MaxMemory(bytes) => allowance.max_memory = Some(bytes),
            // Renju's bit first: it implies exactly five for black. Then Caro (8, Gomocup's Caro
            // league; 9, Caro where six do not win, is played as 8, its nearest rule).
            Info::Rule(bits) if bits & 4 != 0 => self.rule = Rule::Renju,
            Info::Rule(bits) if bits & 8 != 0 => self.rule = Rule::Caro,
            Info::Rule(bits) if bits & 1 != 0 => self.rule = Rule::ExactFive,
            Info::Rule(_) => self.rule = Rule::Freestyle,
            Info::Ignored => {}
        }
        if matches!(info, Info::Rule(_) | Info::MaxMemory(_)) {
            // Another rule values positions differently; a smaller limit may not hold the table.
            self.memory = None;
        }
    }

    /// One line of a `BOARD` list, or its `DONE`.
    fn board_entry(&mut self, line: &str, say: &mut dyn FnMut(&str)) {
        if line.trim().eq_ignore_ascii_case("DONE") {
            let Some((own, theirs)) = self.board.take() else { return };
            let before = (std::mem::replace(&mut self.own, own), std::mem::replace(&mut self.theirs, theirs));
            match self.think(say) {
                Ok(answer) => say(&answer),
                Err(message) => {
                    (self.own, self.theirs) = before;
                    say(&format!("ERROR {message}"));
                }
            }
            return;
        }
        let entry =
            board_line(line).ok_or_else(|| format!("{} is not x,y,field", line.trim())).and_then(|(x, y, field)| {
                let p = self.point(x, y)?;
                let (own, theirs) = self.board.as_ref().map(|(o, t)| (o.as_slice(), t.as_slice())).unwrap_or_default();
                if own.contains(&p) || theirs.contains(&p) {
                    return Err(format!("{x},{y} is given twice"));
                }
                match field {
                    1 | 2 => Ok((p, field)),
                    _ => Err(format!("field {field} is not played here (1 own, 2 opponent's)")),
                }
            });
        match (entry, self.board.as_mut()) {
            (Ok((p, 1)), Some((own, _))) => own.push(p),
            (Ok((p, _)), Some((_, theirs))) => theirs.push(p),
            (Err(message), _) => say(&format!("ERROR {message}")),
            (Ok(_), None) => {}
        }
    }

    /// One line of a `SWAP2BOARD` list, or its `DONE`.
    fn swap2_entry(&mut self, line: &str, say: &mut dyn FnMut(&str)) {
        let read =
            swap2_line(line).ok_or_else(|| format!("{} is not x,y", line.trim())).and_then(|(x, y)| self.point(x, y));
        let Some(stones) = self.swap2.as_mut() else { return };
        if line.trim().eq_ignore_ascii_case("DONE") {
            let stones = std::mem::take(stones);
            self.swap2 = None;
            let (level, limits) = self.limits();
            match swap2::answer(&stones, self.rule, self.size, level, &limits) {
                Ok(answer) => say(&answer),
                Err(message) => say(&format!("ERROR {message}")),
            }
            return;
        }
        match read {
            Ok(p) if stones.contains(&p) => say(&format!("ERROR {},{} is given twice", p.x, p.y)),
            Ok(p) => stones.push(p),
            Err(message) => say(&format!("ERROR {message}")),
        }
    }

    fn empty_point(&self, x: i64, y: i64) -> Result<Point, String> {
        let p = self.point(x, y)?;
        if self.own.contains(&p) || self.theirs.contains(&p) {
            return Err(format!("{x},{y} is taken"));
        }
        Ok(p)
    }

    fn warn_if_forbidden(&self, p: Point, say: &mut dyn FnMut(&str)) {
        let Ok(game) = self.game(false) else { return };
        if game.rule() == Rule::Renju && game.side_to_move() == Colour::Black {
            if let Some(why) = renju::forbidden(game.board(), p) {
                say(&format!(
                    "MESSAGE the opponent's black {},{} is forbidden under renju ({})",
                    p.x,
                    p.y,
                    why.reason()
                ));
            }
        }
    }

    /// The stones as a game, black first and alternating, with the brain (or, for checking the
    /// opponent's stone, the opponent) to move next.
    fn game(&self, own_to_move: bool) -> Result<Gomoku, String> {
        let mover = Board::colour_of_move(self.own.len() + self.theirs.len());
        let own_colour = if own_to_move { mover } else { mover.other() };
        let (black, white) = match own_colour {
            Colour::Black => (&self.own, &self.theirs),
            Colour::White => (&self.theirs, &self.own),
        };
        if black.len() != white.len() && black.len() != white.len() + 1 {
            let whose = if own_to_move { "own" } else { "the opponent's" };
            return Err(format!(
                "{} black and {} white stones with {whose} move to come do not alternate",
                black.len(),
                white.len()
            ));
        }
        let params = Params { rule: self.rule, size: self.size, ..Params::default() };
        let mut game = Gomoku::new(&params, BRAIN_SEED).map_err(|e| e.to_string())?;
        for i in 0..black.len() {
            for side in [black, white] {
                if let Some(&p) = side.get(i) {
                    game.place_unchecked(p).map_err(|_| "the game is already over".to_string())?;
                }
            }
        }
        Ok(game)
    }

    /// The brain's move: searched, placed, and answered as `x,y`.
    fn think(&mut self, say: &mut dyn FnMut(&str)) -> Result<String, String> {
        let game = self.game(true)?;
        if game.status().is_over() {
            return Err("the game is over".into());
        }
        let (level, limits) = self.limits();
        let seed = pastimes_games::gomoku::ai::move_seed(&game);
        // Only the full engine's table is kept: the memory limit chose master, so it has room.
        let memory = (level == Level::Master).then(|| self.memory.get_or_insert_with(Memory::new));
        let chosen = legal_stone_remembering(&game, level, &limits, seed, &AtomicBool::new(false), memory)
            .ok_or("no move is allowed")?;
        let (mv, decision, score) = (chosen.stone, chosen.decision, chosen.score);
        let p = self.size.point(mv.x, mv.y).ok_or("the engine answered off the board")?;
        say(&thinking(&chosen));
        let ms = |t: Option<std::time::Duration>| t.unwrap_or_default().as_millis();
        // The decision last: a manager's log (and `brain_match`) tells searched moves by it.
        let (soft, hard) = (ms(limits.soft), ms(limits.time));
        // A move proven won or lost by a search says so (a search's own, or thinking ahead
        // after a forced reply): there was nothing left to think about. A win by threats or a
        // five is plain from the decision itself.
        let proven = match decision {
            Decision::Search | Decision::Block | Decision::Only if score >= WIN_SCORE => " won",
            _ if score <= -WIN_SCORE => " lost",
            _ => "",
        };
        say(&format!("DEBUG {level:?} search for about {soft} ms, at most {hard} ms: {decision:?}{proven}"));
        self.own.push(p);
        Ok(format!("{},{}", p.x, p.y))
    }
}

impl Brain {
    /// The level and limits of the next search, on the brain's clock.
    fn limits(&self) -> (Level, SearchLimits) {
        let (level, limits) = self.allowance.limits();
        (level, SearchLimits { clock: self.clock.clone(), ..limits })
    }
}

/// The search's thought as Yixin Board reads a brain's, and Pastimes' study board with it
/// (`MESSAGE depth 9 ev 120 pv h8 i9 j10`): the depth in moves, the score for the mover (a
/// proven win or loss as `+M`/`-M` and its length in plies) and the expected line, a point
/// written as its column's letter and its row from 1 (`h8` is `7,7`).
fn thinking(chosen: &Chosen) -> String {
    let ev = match plies_to_end(chosen.score) {
        Some(plies) if chosen.score > 0 => format!("+M{plies}"),
        Some(plies) => format!("-M{plies}"),
        None => chosen.score.to_string(),
    };
    let line: Vec<String> =
        chosen.line.iter().map(|mv| format!("{}{}", char::from(b'a' + mv.x as u8), mv.y + 1)).collect();
    format!("MESSAGE depth {} ev {ev} pv {}", chosen.depth, line.join(" "))
}

impl Brain {
    fn point(&self, x: i64, y: i64) -> Result<Point, String> {
        let side = self.size.side();
        self.size.point(x, y).ok_or_else(|| format!("{x},{y} is off the {side}x{side} board"))
    }
}

#[cfg(test)]
mod tests;
