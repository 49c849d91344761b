// A finished Gomoku game's result in words, for the history and the watch view.

import { t } from '../i18n.js';

/// Between two players the backend's result is "won" whoever made five; the summary names the
/// winning colour ("Black won"). Null where the plain result says it all (against the computer,
/// a draw, a game from before the summary was kept).
export function resultText(result, summary) {
  const winner = summary?.winner;
  if (result !== 'won' || (winner !== 'black' && winner !== 'white')) return null;
  return colourWon(winner);
}

/// "Black won", "White won": the history's result, and the statistics' rows of wins by colour.
export function colourWon(colour) {
  return t('gm.result.colourWon', { colour: t(`gm.colourName.${colour}`) });
}
