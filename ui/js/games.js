// Every game's part of the page, one descriptor a game (ui/js/<game>/index.js: its screen, its
// board in the watch view, its stylesheet); the backend's registry (catalogue.js) tells the rest.
// The descriptors are small: a game's own modules load when first shown, so start-up loads only
// the modules of the screen it opens on.

import * as minesweeper from './minesweeper/index.js';
import * as bubbles from './bubbles/index.js';
import * as gomoku from './gomoku/index.js';

export const descriptors = { minesweeper, bubbles, gomoku };

/// Each game's screen module, loaded when first shown, by the game's id.
export const gameScreens = Object.fromEntries(Object.values(descriptors).map((game) => [game.id, game.screen]));
