//! End-to-end tests: the real app in its real webview under Xvfb, over WebDriver.
//! Run one at a time (`--test-threads=1`): each starts a whole app.

mod access;
mod axe;
mod bubbles;
mod categories;
mod classic;
mod clipping;
mod counters;
mod daily;
mod deals;
mod exchange;
#[cfg(feature = "test-game")]
mod fourth_game;
mod gomoku;
mod gomoku_clock;
mod gomoku_openings;
mod hall;
mod harness;
mod hints;
mod languages;
mod launcher;
mod minesweeper;
mod minesweeper_review;
mod monkey;
mod psq;
mod readme_shots;
mod review;
mod shell;
mod shortcuts;
mod shots;
mod store;
mod study_board;
mod tour;
mod watch;
