// Every game's screen, one line a game; the backend's registry (catalogue.js) tells the rest.

import * as minesweeper from './minesweeper/screen.js';
import * as bubbles from './bubbles/screen.js';
import * as gomoku from './gomoku/screen.js';

export const gameScreens = { minesweeper, bubbles, gomoku };
