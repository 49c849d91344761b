// Lights Out's part of the page, as the app finds it (../games.js): its screen, its board in the
// watch view and its stylesheet. Lights Out is the test build's fourth game (the rules are
// pastimes_games::lights): these files live in tests/lights/ui/ and only a test build serves them.

import { el } from '../dom.js';

export const id = 'lights';
/// The screen module (`gameScreen` of ../game-screen.js), loaded when first shown.
export const screen = () => import('./screen.js');
/// The game's own board, read-only, as the watch view (../watch.js) shows it.
export const watchBoard = async (app) => (await import('./board.js')).watchBoard(app);
/// Linked here, as the page starts (its home card's art is in it): the shipped ui/index.html
/// does not know this test game.
export const stylesheet = 'css/lights.css';

document.head.append(el('link', { rel: 'stylesheet', href: stylesheet }));
