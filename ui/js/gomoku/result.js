// Gomoku's results in words: a finished game's, for the history and the watch view, and a
// category's counted, for the statistics of the Gomoku screen and of the history.

import { t, formatNumber } from '../i18n.js';
import { statRows } from '../statistics.js';
import { COLOURS } from './setup.js';

/// Between two players the backend's result is "won" whoever made five; the summary names the
/// winning colour ("Black won"), and a flag fall (`onTime`). Null where the plain result says it
/// all (against the computer, a draw, a game from before the summary was kept).
export function resultText(result, summary) {
  // Against an external engine: the result and the engine, named with its version.
  if (typeof summary?.engine === 'string') return t('gm.result.vsEngine', { result: t(`result.${result}`), engine: summary.engine });
  const winner = summary?.winner;
  const named = winner === 'black' || winner === 'white';
  // A game lost on time says so ("Lost on time", "Black won on time").
  if (summary?.onTime && result === 'lost') return t('gm.result.lostOnTimeShort');
  if (summary?.onTime && result === 'won') {
    return named ? t('gm.result.colourWonOnTime', { colour: t(`gm.colourName.${winner}`) }) : t('gm.result.wonOnTime');
  }
  if (result !== 'won' || !named) return null;
  return colourWon(winner);
}

/// "Black won", "White won": the history's result, and the statistics' rows of wins by colour.
export function colourWon(colour) {
  return t('gm.result.colourWon', { colour: t(`gm.colourName.${colour}`) });
}

/// The statistics of one category (rule, opponent and opening) as rows [id, name, value]: the
/// Statistics dialog of the Gomoku screen and the history's table beside its chart show the
/// same. Between two players (a category whose games never rank, as the backend says) a win is
/// whoever made five: the rows say how many games each colour won (games from before 5 December
/// 2026 count only in the total), and give no win rate or streak.
export function statisticsRows(stats) {
  if (!stats.ranked) {
    // The wins by colour are the store's too (`winsBy`), counted by the winner its games name.
    const byColour = COLOURS.map((colour) => [`won-${colour}`, colourWon(colour), formatNumber(stats.winsBy?.[colour] ?? 0)]);
    const [played, fives, drawn] = statRows(stats, [['played', 'stats.played'], ['won', 'gm.stats.fives'], ['drawn', 'gm.stats.drawn']]);
    return [played, fives, ...byColour, drawn];
  }
  return statRows(stats, [
    ['played', 'stats.played'],
    ['won', 'stats.won'],
    ['lost', 'gm.stats.lost'],
    ['drawn', 'gm.stats.drawn'],
    ['winRate', 'stats.winRate'],
    ['currentStreak', 'stats.currentStreak'],
    ['longestStreak', 'stats.longestStreak'],
  ]);
}
