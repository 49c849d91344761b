//! The engines' laboratory: what measures, tunes and compares the engines of `pastimes-games`
//! and is no part of the app. The tools are the crate's examples (each one's doc comment says
//! how to run it, and docs/ENGINES.md what its figures are); `ladder/` holds adapters built
//! against old commits by `scripts/ladder-old-hard.sh`. This library holds the parts of the
//! tools that their tests check: Minesweeper's, the Caro ladder's referee, the ladders'
//! sequential test (`sprt`, `sequential`), and Gomoku's self-play positions and the pattern
//! evaluation fitted to them (`selfplay`, `line_patterns`, `pattern_fit`), the trainer of the
//! engine's learned pattern table (`point_patterns`; issue #61), and the independent referee of
//! Gomoku's rules and opening rules that checks games move by move (`referee`; issue #59).

pub mod caro_referee;
pub mod line_patterns;
pub mod mines_autoplay;
pub mod mines_generate;
pub mod mines_solve;
pub mod pattern_fit;
pub mod point_patterns;
pub mod referee;
pub mod selfplay;
pub mod sequential;
pub mod sprt;
