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
mod engines;
mod exchange;
#[cfg(feature = "test-game")]
mod fourth_game;
mod gomoku;
mod gomoku_caro;
mod gomoku_clock;
mod gomoku_demo;
mod gomoku_large;
mod gomoku_opening_rules;
mod gomoku_openings;
mod hall;
mod harness;
mod hints;
mod languages;
mod launcher;
mod minesweeper;
mod minesweeper_review;
mod monkey;
mod ms_analysis_board;
mod psq;
mod puzzles;
mod readme_shots;
mod review;
mod shell;
mod shortcuts;
mod shots;
mod store;
mod study_board;
mod tour;
mod watch;
