// The hall of fame's daily deals (issue #63): for each game that offers one, the days played,
// newest first, each day's one entry (its first attempt) with its place among all days, and the
// all-days table of the best. The backend numbers the places (`daily_status`); the page lists.
// A puzzle of the day (Gomoku's) lists its days the same way: solved or failed, and the time.

import { el, clear } from './dom.js';
import { t, formatNumber, joined, locale } from './i18n.js';
import { call } from './ipc.js';
import { allGames, gameInfo, gameName } from './catalogue.js';
import { dayFigure, offersDaily } from './daily.js';

/// Fills `panel` with every daily game's tables; `watchButton(day)` is the hall's link to watch a
/// day's game again. Returns false once `isOpen()` says the hall was left meanwhile.
export async function showDailyTables(panel, isOpen, watchButton) {
  const games = allGames().map((game) => game.id).filter(offersDaily);
  const statuses = await Promise.all(games.map((game) => call('daily_status', { game })));
  if (!isOpen()) return false;
  clear(panel).append(...statuses.map((status) => gameSection(status, watchButton)));
  panel.dataset.ready = 'true';
  return true;
}

function gameSection(status, watchButton) {
  const { game } = status;
  const puzzle = status.offer === 'puzzle';
  const byTime = gameInfo(game).ranking.measure === 'time';
  const streaks = puzzle ? [t('daily.solvedStreak', { days: formatNumber(status.wonStreak.current) })]
    : [t('daily.streak', { days: formatNumber(status.finishedStreak.current) })];
  if (byTime && !puzzle) streaks.push(t('daily.wonStreak', { days: formatNumber(status.wonStreak.current) }));
  const body = status.days.length
    ? [el('div', { class: 'hall-grid' },
      dayTable(status, status.days, 'days', watchButton),
      status.best.length ? dayTable(status, status.best, 'best', watchButton) : null)]
    : [el('p', { class: 'hint daily-none', text: t('daily.noDays') })];
  return el('section', { class: 'hall-game hall-daily', id: `hall-daily-${game}`, 'aria-labelledby': `hall-daily-${game}-title` },
    el('div', { class: 'hall-game-head' },
      el('h2', { id: `hall-daily-${game}-title`, text: puzzle ? joined([gameName(game), t('puzzles.daily')]) : gameName(game) }),
      status.days.length ? el('span', { class: 'daily-streak', text: joined(streaks) }) : null),
    ...body);
}

/// The days (`which` = 'days': newest first, today's marked) or the best days ('best': by place).
function dayTable(status, days, which, watchButton) {
  const byTime = status.offer === 'puzzle' || gameInfo(status.game).ranking.measure === 'time';
  const withChoice = status.choices.length > 1;
  // A puzzle of the day is no game of the history: nothing to watch.
  const watches = status.offer !== 'puzzle';
  const choiceName = (id) => t(status.choices.find((choice) => choice.id === id)?.nameKey ?? id);
  const columns = [
    which === 'best' ? ['number', t('hall.rank')] : null,
    ['', t('daily.day')],
    withChoice ? ['', t('daily.deal')] : null,
    which === 'days' ? ['', t('history.result')] : null,
    ['number', t(byTime ? 'hall.time' : 'hall.score')],
    which === 'days' ? ['number', t('daily.place')] : null,
    watches ? ['', t('watch.open')] : null,
  ].filter(Boolean);
  const rows = days.map((day) => {
    const today = day.day === status.day;
    return el('tr', {
      class: today ? 'highlight' : undefined, dataset: { day: day.day, state: day.state },
      'aria-current': today ? 'date' : undefined,
    },
    which === 'best' ? el('td', { class: 'number', text: formatNumber(day.rank) }) : null,
    el('td', { class: 'hall-date', text: formatDay(day.day) }),
    withChoice ? el('td', { text: choiceName(day.choice) }) : null,
    which === 'days' ? el('td', { class: 'daily-state', text: stateText(day.state) }) : null,
    el('td', { class: 'number daily-figure', text: dayFigure(status.game, day) }),
    which === 'days' ? el('td', { class: 'number daily-place', text: day.rank ? formatNumber(day.rank) : '–' }) : null,
    watches ? el('td', {}, watchButton(day)) : null);
  });
  const heading = which === 'best' ? t('daily.best') : t('daily.days');
  return el('div', { class: 'hall-category', dataset: { daily: which } },
    el('h3', { text: heading }),
    el('table', { class: 'stats' },
      el('thead', {}, el('tr', {}, columns.map(([kind, label]) => el('th', { scope: 'col', class: kind || undefined, text: label })))),
      el('tbody', {}, rows)));
}

/// A day's state as said: a game's result, a puzzle's solved or failed, or under way.
const STATE_KEYS = { playing: 'daily.playing', solved: 'result.solved', failed: 'result.failed' };

function stateText(state) {
  return t(STATE_KEYS[state] ?? `result.${state}`);
}

/// A day `YYYY-MM-DD` as the locale writes a date, at noon UTC so no zone moves it to another day.
function formatDay(day) {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
