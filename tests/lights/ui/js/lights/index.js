// Lights Out's part of the page, as the app finds it (../games.js): its screen, its board in the
// watch view and its stylesheet. Lights Out is the test build's fourth game (the rules are
// pastimes_games::lights): these files live in tests/lights/ui/ and only a test build serves them.

export const id = 'lights';
/// The screen module (`gameScreen` of ../game-screen.js), loaded when first shown.
export const screen = () => import('./screen.js');
/// The game's own board, read-only, as the watch view (../watch.js) shows it.
export const watchBoard = async (app) => (await import('./board.js')).watchBoard(app);
/// Its stylesheets, linked as the page starts (../games.js `loadDescriptors`), as a shipped
/// game's are.
export const stylesheets = ['css/lights.css'];
