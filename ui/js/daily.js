// The daily deal (issue #63): today's deal of a game that offers one, from its home card and the
// Game menu. The backend works the deal out from the local date and keeps the day's entry; the
// page only asks for it (`daily_start`) and shows what `daily_status` says: whether today's is
// done and the streak. It never holds the day's layout.

import { el } from './dom.js';
import { t, formatNumber, joined } from './i18n.js';
import { call } from './ipc.js';
import { formatTime, gameInfo } from './catalogue.js';
import { openDialog } from './dialog.js';

/// Whether `game` offers a daily deal.
export function offersDaily(game) {
  return Boolean(gameInfo(game)?.dailyChoices?.length);
}

/// Starts today's deal of `game` and shows its screen. The first time, a game with several kinds
/// of daily deal (Minesweeper's levels) asks which: the backend keeps it for every later day.
export async function startDaily(app, game) {
  const status = await call('daily_status', { game });
  let choice = status.choice;
  if (!choice && status.choices.length > 1) {
    choice = await pickChoice(status.choices);
    if (!choice) return;
  }
  await call('daily_start', { game, choice: choice ?? undefined });
  // The game's screen asks the backend for its game: the one just dealt.
  await app.show(game);
}

async function pickChoice(choices) {
  const select = el('select', { id: 'daily-choice', name: 'choice' },
    choices.map((choice) => el('option', { value: choice.id, text: t(choice.nameKey) })));
  const shown = await openDialog({
    id: 'daily-dialog',
    title: t('daily.pickTitle'),
    body: [el('label', { for: 'daily-choice', text: t('daily.pickLabel') }), select,
      el('p', { class: 'hint', text: t('daily.pickHint') })],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'start', label: t('daily.start'), primary: true }],
    onOpen: () => select.focus(),
  });
  return shown.value === 'start' ? shown.data.choice : null;
}

/// The home card's button of `game`'s daily deal: whether today's is done, and the streak (days
/// in a row finished; for a game ranked by time, won too). Null for a game without one.
export async function dailyButton(app, game) {
  if (!offersDaily(game)) return null;
  const status = await call('daily_status', { game }).catch(() => null);
  if (!status) return null;
  let today = t('daily.notPlayed');
  if (status.done) today = t('daily.done');
  else if (status.today) today = t('daily.started');
  const streaks = [t('daily.streak', { days: status.finishedStreak.current })];
  if (gameInfo(game).ranking.measure === 'time') streaks.push(t('daily.wonStreak', { days: status.wonStreak.current }));
  return el('button', {
    class: 'daily-button', id: `daily-${game}`, dataset: { done: String(status.done) },
    onclick: () => startDaily(app, game).catch((error) => app.showError(error)),
  },
  el('strong', { text: t('daily.title') }),
  el('span', { class: 'daily-state', text: today }),
  el('span', { class: 'daily-streak', text: streaks.join(' · ') }));
}

/// The home card's button of `game`'s puzzle of the day (a game with puzzles and no daily
/// deal: Gomoku): whether today's is solved, and the streak of puzzles solved. Null for a game
/// without puzzles, or when its puzzles cannot be read.
export async function puzzleButton(app, game) {
  if (!gameInfo(game)?.hasPuzzles) return null;
  const list = await call('puzzles', { game }).catch(() => null);
  if (!list) return null;
  const done = list.record.solved.includes(list.today.id);
  return el('button', {
    class: 'daily-button', id: `daily-puzzle-${game}`, dataset: { done: String(done) },
    onclick: () => app.show(`${game}-puzzles`, { from: 'home' }),
  },
  el('strong', { text: t('puzzles.daily') }),
  el('span', { class: 'daily-state', text: t(done ? 'daily.done' : 'daily.notPlayed') }),
  el('span', { class: 'daily-streak', text: t('puzzles.streak', { streak: formatNumber(list.record.streak), best: formatNumber(list.record.longestStreak) }) }));
}

/// The daily deal's part of a game's statistics: the streaks and the all-days table (the best
/// times or scores, each day's first attempt only). Null for a game without one.
export async function dailyStatistics(game) {
  if (!offersDaily(game)) return null;
  const status = await call('daily_status', { game }).catch(() => null);
  if (!status) return null;
  const byTime = gameInfo(game).ranking.measure === 'time';
  const rows = [
    ['daily-streak', t('daily.streakNow'), status.finishedStreak.current],
    ['daily-longest', t('daily.streakLongest'), status.finishedStreak.longest],
  ];
  if (byTime) {
    rows.push(['daily-won', t('daily.wonNow'), status.wonStreak.current],
      ['daily-won-longest', t('daily.wonLongest'), status.wonStreak.longest]);
  }
  return el('section', { class: 'daily-stats', id: 'daily-stats' },
    el('h3', { class: 'stats-heading', text: t('daily.title') }),
    el('table', { class: 'stats' }, el('tbody', {}, rows.map(([key, label, value]) => el('tr', { dataset: { stat: key } },
      el('th', { scope: 'row', text: label }), el('td', { class: 'number', text: formatNumber(value) }))))),
    status.best.length ? el('h4', { class: 'stats-heading', text: t('daily.best') }) : null,
    status.best.length ? el('ol', { class: 'daily-best' },
      status.best.map((day) => el('li', { text: joined([day.day, dayFigure(game, day)]) }))) : null);
}

/// What a day's entry of `game` scored, as its ranking measures it (its time or its score); empty
/// while it has none (under way, abandoned).
export function dayFigure(game, day) {
  if (gameInfo(game).ranking.measure === 'time') {
    return day.timeMs == null ? '' : t('stats.seconds', { seconds: formatTime(game, day.timeMs) });
  }
  return day.score == null ? '' : formatNumber(day.score);
}
