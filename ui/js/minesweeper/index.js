// Minesweeper's part of the page, as the app finds it (../games.js): its screen, its board in the
// watch view, its review, its analysis board and its stylesheets. Its modules load when first needed, not at start-up.

export const id = 'minesweeper';
/// The screen module (`gameScreen` of ../game-screen.js), loaded when first shown.
export const screen = () => import('./screen.js');
/// The game's own board, read-only, as the watch view (../watch.js) shows it.
export const watchBoard = async (app) => (await import('./board.js')).watchBoard(app);
/// The review of a game, click by click (./review.js), loaded when first shown.
export const review = () => import('./review.js');
/// Its stylesheets, linked as the page starts (../games.js `loadDescriptors`).
export const stylesheets = ['css/minesweeper.css', 'css/minesweeper-review.css', 'css/minesweeper-analysis-board.css'];
/// Its further screens, by name: the analysis board (opened from the game and the review).
export const screens = { 'minesweeper-analysis-board': () => import('./analysis-board.js') };
/// A finished game's figures in one line, for its history row (./figures.js).
export { figuresLine as summaryLine } from './figures.js';
/// Its 3BV and 3BV/s in a few words, for the watch view's line (./figures.js).
export { shortSummary } from './figures.js';
/// A record's mark beside its holder's name in the hall of fame (NF), from its summary: an
/// element, or null.
export { hallTag } from './figures.js';
