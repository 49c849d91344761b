// Every game's screen, one line a game; the backend's registry (catalogue.js) tells the rest.
// Loaded when first shown: start-up loads only the modules of the screen it opens on.

export const gameScreens = {
  minesweeper: () => import('./minesweeper/screen.js'),
  bubbles: () => import('./bubbles/screen.js'),
  gomoku: () => import('./gomoku/screen.js'),
};
