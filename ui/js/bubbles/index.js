// Bubble Breaker's part of the page, as the app finds it (../games.js): its screen, its board in the
// watch view and its stylesheet. Its modules load when first needed, not at start-up. (Room for
// the optional parts a game may have: a game's review would be one.)

export const id = 'bubbles';
/// The screen module (`gameScreen` of ../game-screen.js), loaded when first shown.
export const screen = () => import('./screen.js');
/// The game's own board, read-only, as the watch view (../watch.js) shows it.
export const watchBoard = async (app) => (await import('./field.js')).watchBoard(app);
/// Its stylesheets, linked as the page starts (../games.js `loadDescriptors`).
export const stylesheets = ['css/bubbles.css'];
