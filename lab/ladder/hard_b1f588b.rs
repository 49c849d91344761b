//! The hard of commit b1f588b (the engine before its time management, "today's hard" of issue
//! #30) behind a pipe, for the ladder of `lab/examples/gomoku_engine.rs` (`ladder hard-old`,
//! `speed-old`).
//!
//! It is not built with this crate: `OLD_COMMIT=b1f588b scripts/ladder-old-hard.sh` checks
//! b1f588b out in a scratch worktree and builds this file as a small crate of its own against
//! that commit's `pastimes-games` (whose API it uses: `ai::search_level` with a level, limits
//! and seed). The same lines as `old_hard_brain.rs` (the adapter of commit 5ee5e47):
//!
//! ```text
//! <rule> <level> <budget> <seed> <moves...>      free|exact, easy|medium|hard, NODES or tMS
//! <move> <nodes> <micros> <depth>                the move in notation, e.g. H8
//! ```
//!
//! A budget of NODES limits the main search to that many positions (its threat searches keep
//! budgets in proportion, as that commit's `Style::fit` sets them), as deep as they allow: what
//! `Limits::nodes` meant then. A budget `tMS` gives it MS milliseconds, `Limits::time` of then.
//! Anything it cannot read is answered `ERROR <why>`, and it goes on reading.

use pastimes_games::gomoku::ai::{search_level, Limits};
use pastimes_games::gomoku::{Gomoku, Level, Params, Point, Rule};
use pastimes_games::Game;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What one request asks for.
struct Request {
    game: Gomoku,
    level: Level,
    limits: Limits,
    seed: u64,
}

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

/// `40000` (main-search nodes) or `t1000` (milliseconds).
fn budget(word: &str) -> Result<Limits, String> {
    if let Some(ms) = word.strip_prefix('t') {
        let ms: u64 = ms.parse().map_err(|_| format!("budget {word}"))?;
        return Ok(Limits::time(Duration::from_millis(ms)));
    }
    let nodes: u64 = word.parse().map_err(|_| format!("budget {word}"))?;
    Ok(Limits::nodes(nodes))
}

fn answer(request: &Request) -> String {
    let never = AtomicBool::new(false);
    let report = search_level(&request.game, request.level, &request.limits, request.seed, &never);
    match report.best {
        Some(mv) => {
            let point = Point { x: mv.x as u8, y: mv.y as u8 };
            format!("{} {} {} {}", point.notation(), report.nodes, report.elapsed.as_micros(), report.depth)
        }
        None => "ERROR the game is over".to_string(),
    }
}
