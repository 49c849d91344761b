// A category's statistics as the store works them out (the `stats` of the `statistics` and
// `category_chart` commands: games played and won, the win rate, the bests, the averages, the
// streaks), written as rows of a statistics table. The history's table beside its chart and
// every game's Statistics dialog take their rows from here, so each shows the store's figures;
// the page computes none of them.

import { t, formatNumber } from './i18n.js';
import { formatTime, measureOf } from './catalogue.js';

const DASH = '—';

const count = (n) => formatNumber(n ?? 0);
const time = (ms, game) => (ms == null ? DASH : t('stats.seconds', { seconds: formatTime(game, ms) }));
const whole = (n) => (n == null ? DASH : formatNumber(Math.round(n)));
const percent = (n) => (n == null ? DASH : `${formatNumber(Math.round(n))} %`);
const twoDecimals = (n) => (n == null ? DASH : formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/// Each figure of the store's statistics, by name, written from the store's `stats` (a time as
/// its `game` shows times).
const FIGURES = {
  played: (stats) => count(stats.played),
  won: (stats) => count(stats.won),
  lost: (stats) => count(stats.lost),
  drawn: (stats) => count(stats.drawn),
  winRate: (stats) => percent(stats.winRate),
  bestTime: (stats, game) => time(stats.bestTimeMs, game),
  averageTime: (stats, game) => time(stats.averageTimeMs, game),
  bestScore: (stats) => whole(stats.bestScore),
  averageScore: (stats) => whole(stats.averageScore),
  totalScore: (stats) => count(stats.totalScore),
  bestRate: (stats) => twoDecimals(stats.bestRate),
  currentStreak: (stats) => count(stats.currentStreak),
  longestStreak: (stats) => count(stats.longestStreak),
};

/// The rows [id, name, value] of a statistics table: for each `[figure, nameKey, id]` asked for,
/// the store's figure (a name of `FIGURES`) under the catalogue's name; `id` (the row's
/// `data-stat`) is the figure's name unless given; times are written as `game` writes them.
export function statRows(stats, asked, game) {
  return asked.map(([figure, nameKey, id = figure]) => [id, t(nameKey), FIGURES[figure](stats, game)]);
}

/// The rows every game has, by what its results are measured in: a game by points shows its
/// scores; any other its wins, times and streaks.
export function categoryRows(game, stats) {
  const asked = measureOf(game) === 'score'
    ? [
      ['played', 'stats.played'],
      ['bestScore', 'stats.bestScore'],
      ['averageScore', 'stats.averageScore'],
    ]
    : [
      ['played', 'stats.played'],
      ['won', 'stats.won'],
      ['winRate', 'stats.winRate'],
      ['bestTime', 'stats.bestTime'],
      ['averageTime', 'stats.averageTime'],
      ['currentStreak', 'stats.currentStreak'],
      ['longestStreak', 'stats.longestStreak'],
    ];
  return statRows(stats, asked, game);
}
