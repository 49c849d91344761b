// Gomoku's part of the page, as the app finds it (../games.js): its screen, its board in the
// watch view, its stylesheet and its review. Its modules load when first needed, not at start-up.

export const id = 'gomoku';
/// The screen module (`gameScreen` of ../game-screen.js), loaded when first shown.
export const screen = () => import('./screen.js');
/// The game's own board, read-only, as the watch view (../watch.js) shows it.
export const watchBoard = async (app) => (await import('./board.js')).watchBoard(app);
/// Its stylesheets, linked as the page starts (../games.js `loadDescriptors`).
export const stylesheets = ['css/gomoku.css', 'css/gomoku-review.css', 'css/gomoku-study-board.css', 'css/gomoku-puzzles.css'];
/// The review of a finished game, the screen of its analysis (the catalogue's `analysisShown`).
export const review = () => import('./review.js');
/// Its further screens, by name: the study board (opened from the game, the review and the
/// watch view) and the puzzles (opened from the game and the home screen's daily card).
export const screens = {
  'gomoku-study-board': () => import('./study-board.js'),
  'gomoku-puzzles': () => import('./puzzles.js'),
};
/// A finished game's result in words where "Won" alone would not say who (two players).
export { resultText } from './result.js';
/// A category's statistics as rows [id, name, value], for the history's table beside its chart.
export { statisticsRows } from './result.js';
