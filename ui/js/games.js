// Every game's part of the page, one descriptor a game (ui/js/<game>/index.js: its screen, its
// board in the watch view, its stylesheet, and its review screen if its analysis is shown as a
// review; optionally a finished game's summary in one line for the history, `summaryLine`, and
// in a few words for the watch view, `shortSummary`, its result in words where "Won" alone would
// not say who, `resultText`, and a record's mark beside its name in the hall of fame, `hallTag`,
// an element); the backend's registry (catalogue.js) tells the rest.
// The descriptors are small: a game's own modules load when first shown, so start-up loads only
// the modules of the screen it opens on.

import * as minesweeper from './minesweeper/index.js';
import * as bubbles from './bubbles/index.js';
import * as gomoku from './gomoku/index.js';
import { t } from './i18n.js';

export const descriptors = { minesweeper, bubbles, gomoku };

/// Each game's screen module, loaded when first shown, by the game's id.
export const gameScreens = Object.fromEntries(Object.values(descriptors).map((game) => [game.id, game.screen]));

/// The review screens of the games that have one (their catalogue entry's `analysisShown` is
/// 'review'), by screen name: `<game>-review`.
export const reviewScreens = Object.fromEntries(Object.values(descriptors).filter((game) => game.review)
  .map((game) => [reviewScreen(game.id), game.review]));

/// The further screens some games have (Gomoku's study board), by screen name.
export const extraScreens = Object.assign({}, ...Object.values(descriptors).map((game) => game.screens ?? {}));

/// The name of the review screen of the game `id`.
export function reviewScreen(id) {
  return `${id}-review`;
}

/// A finished game's result in words: the game's own where it says more (a two-player Gomoku
/// game's winner, from the game's summary), else Won, Lost, Draw...
export function resultWords(game, result, summary) {
  return descriptors[game]?.resultText?.(result, summary) ?? t(`result.${result}`);
}
