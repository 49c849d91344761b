//! The old Gomoku engine (commit 5ee5e47, before the engine's search and evaluation were rewritten) behind a pipe,
//! for the ladder of `lab/examples/gomoku_engine.rs` (`ladder engine-old`, `speed-old`).
//!
//! It is not built with this crate: `scripts/ladder-old-hard.sh` checks out 5ee5e47 in a
//! scratch worktree and builds this file as a small crate of its own against that commit's
//! `pastimes-games` (whose API it uses: `ai::search` with a level, limits and seed).
//!
//! One request a line, one answer a line:
//!
//! ```text
//! <rule> <level> <budget> <seed> <moves...>      free|exact, easy|medium|hard, NODES or tMS
//! <move> <nodes> <micros> <depth>                the move in notation, e.g. H8
//! ```
//!
//! A budget of NODES limits the old main search to that many positions (its search for fours
//! keeps its own budget, 20,000 for hard), at the old hard's depth cap (40): reproducible. A
//! budget `tMS` gives it MS milliseconds as the app did (the app's old hard had 1500).
//! Anything it cannot read is answered `ERROR <why>`, and it goes on reading.

use pastimes_games::gomoku::{search, Gomoku, Level, Params, Point, Rule, SearchLimits};
use pastimes_games::Game;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What one request asks for.
struct Request {
    game: Gomoku,
    level: Level,
    limits: SearchLimits,
    seed: u64,
}

/// The old hard's own depth cap (its `SearchLimits::for_level(Hard)`).
const OLD_HARD_DEPTH: u8 = 40;

fn main() {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = match parse(&line) {
            Ok(request) => answer(&request),
            Err(why) => format!("ERROR {why}"),
        };
        if writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).is_err() {
            break;
        }
    }
}

fn parse(line: &str) -> Result<Request, String> {
    let mut words = line.split_whitespace();
    let rule = match words.next() {
        Some("free") => Rule::Freestyle,
        Some("exact") => Rule::ExactFive,
        other => return Err(format!("rule {other:?}")),
    };
    let level = match words.next() {
        Some("easy") => Level::Easy,
        Some("medium") => Level::Medium,
        Some("hard") => Level::Hard,
        other => return Err(format!("level {other:?}")),
    };
    let limits = budget(words.next().unwrap_or_default())?;
    let seed = words.next().and_then(|s| s.parse().ok()).ok_or("seed")?;
    let params = Params { rule, ..Params::default() };
    let mut game = Gomoku::new(&params, seed).map_err(|e| format!("{e:?}"))?;
    for name in words {
        let point = Point::parse_notation(name).ok_or_else(|| format!("move {name}"))?;
        game.play(point.into()).map_err(|e| format!("move {name}: {e:?}"))?;
    }
    Ok(Request { game, level, limits, seed })
}

/// `40000` (main-search nodes) or `t1500` (milliseconds).
fn budget(word: &str) -> Result<SearchLimits, String> {
    if let Some(ms) = word.strip_prefix('t') {
        let ms: u64 = ms.parse().map_err(|_| format!("budget {word}"))?;
        return Ok(SearchLimits { time: Some(Duration::from_millis(ms)), nodes: None, depth: OLD_HARD_DEPTH });
    }
    let nodes: u64 = word.parse().map_err(|_| format!("budget {word}"))?;
    Ok(SearchLimits { time: None, nodes: Some(nodes), depth: OLD_HARD_DEPTH })
}

fn answer(request: &Request) -> String {
    let report = search(&request.game, request.level, &request.limits, request.seed, &AtomicBool::new(false));
    match report.best {
        Some(mv) => {
            let point = Point { x: mv.x as u8, y: mv.y as u8 };
            format!("{} {} {} {}", point.notation(), report.nodes, report.elapsed.as_micros(), report.depth)
        }
        None => "ERROR the game is over".to_string(),
    }
}
