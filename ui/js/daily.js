// The daily deal (issue #63): today's deal of a game that offers one, from its home card and the
// Game menu. The backend works the deal out from the local date and keeps the day's entry; the
// page only asks for it (`daily_start`) and shows what `daily_status` says: whether today's is
// done and the streak. It never holds the day's layout. A game whose daily offer is the puzzle
// of the day (`dailyOffer` 'puzzle': Gomoku's) opens it on its puzzles' screen; its day's entry,
// the first attempt, solved or failed, is shown the same way.

import { el } from './dom.js';
import { t, formatNumber, joined, errorText } from './i18n.js';
import { call } from './ipc.js';
import { formatTime, gameInfo } from './catalogue.js';
import { openDialog } from './dialog.js';

/// Whether `game` offers a daily deal or a puzzle of the day.
export function offersDaily(game) {
  return Boolean(gameInfo(game)?.dailyOffer);
}

/// Whether `game`'s daily offer is the puzzle of the day.
function isPuzzle(game) {
  return gameInfo(game)?.dailyOffer === 'puzzle';
}

/// Starts today's deal of `game` and shows its screen (a puzzle of the day: opens its puzzles'
/// screen on it). The first time, a game with several kinds of daily deal (Minesweeper's
/// levels) asks which: the backend keeps it for every later day.
export async function startDaily(app, game) {
  if (isPuzzle(game)) {
    await app.show(`${game}-puzzles`, { from: app.current?.id === game ? game : 'home' });
    return;
  }
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

/// The home card's button of `game`'s daily deal or puzzle of the day: whether today's is done
/// (a puzzle: solved or failed), and the streak (days in a row finished; for a game ranked by
/// time, won too; a puzzle: solved). Null for a game without one.
export async function dailyButton(app, game) {
  if (!offersDaily(game)) return null;
  const status = await call('daily_status', { game }).catch(() => null);
  if (!status) return null;
  const puzzle = isPuzzle(game);
  let today = t('daily.notPlayed');
  if (status.done && puzzle) today = t(status.today.state === 'solved' ? 'daily.solvedToday' : 'daily.failedToday');
  else if (status.done) today = t('daily.done');
  else if (status.today) today = t('daily.started');
  const streaks = puzzle ? [t('daily.solvedStreak', { days: formatNumber(status.wonStreak.current) })]
    : [t('daily.streak', { days: status.finishedStreak.current })];
  if (!puzzle && gameInfo(game).ranking.measure === 'time') streaks.push(t('daily.wonStreak', { days: status.wonStreak.current }));
  return el('button', {
    class: 'daily-button', id: puzzle ? `daily-puzzle-${game}` : `daily-${game}`,
    dataset: { done: String(status.done), state: status.today?.state ?? 'none' },
    onclick: () => startDaily(app, game).catch((error) => app.showError(error)),
  },
  el('strong', { text: t(puzzle ? 'puzzles.daily' : 'daily.title') }),
  el('span', { class: 'daily-state', text: today }),
  el('span', { class: 'daily-streak', text: streaks.join(' · ') }));
}

/// The daily deal's part of a game's statistics: the streaks and the all-days table (the best
/// times or scores, each day's first attempt only), and the kind of daily deal picked, which can
/// be changed there (a day begun keeps its own). Null for a game without one.
export async function dailyStatistics(game) {
  if (!offersDaily(game)) return null;
  const status = await call('daily_status', { game }).catch(() => null);
  if (!status) return null;
  const puzzle = isPuzzle(game);
  const byTime = gameInfo(game).ranking.measure === 'time';
  const rows = puzzle ? [
    ['daily-won', t('daily.solvedNow'), status.wonStreak.current],
    ['daily-won-longest', t('daily.solvedLongest'), status.wonStreak.longest],
  ] : [
    ['daily-streak', t('daily.streakNow'), status.finishedStreak.current],
    ['daily-longest', t('daily.streakLongest'), status.finishedStreak.longest],
  ];
  if (byTime && !puzzle) {
    rows.push(['daily-won', t('daily.wonNow'), status.wonStreak.current],
      ['daily-won-longest', t('daily.wonLongest'), status.wonStreak.longest]);
  }
  return el('section', { class: 'daily-stats', id: 'daily-stats' },
    el('h3', { class: 'stats-heading', text: t(puzzle ? 'puzzles.daily' : 'daily.title') }),
    choicePicker(game, status),
    el('table', { class: 'stats' }, el('tbody', {}, rows.map(([key, label, value]) => el('tr', { dataset: { stat: key } },
      el('th', { scope: 'row', text: label }), el('td', { class: 'number', text: formatNumber(value) }))))),
    status.best.length ? el('h4', { class: 'stats-heading', text: t('daily.best') }) : null,
    status.best.length ? el('ol', { class: 'daily-best' },
      status.best.map((day) => el('li', { text: joined([day.day, dayFigure(game, day)]) }))) : null);
}

/// The kind of daily deal picked (Minesweeper's level), changed at once for the days to come: a
/// day begun keeps its own, and the picker says so. Null for a game with one kind, or before the
/// first pick (the first daily deal asks).
function choicePicker(game, status) {
  if (status.choices.length < 2 || !status.choice) return null;
  const select = el('select', { id: 'daily-level', name: 'dailyLevel' },
    status.choices.map((choice) => el('option', { value: choice.id, text: t(choice.nameKey), selected: choice.id === status.choice ? true : undefined })));
  const hint = el('p', { class: 'hint', id: 'daily-level-hint', text: t('daily.changeHint') });
  select.addEventListener('change', async () => {
    try {
      await call('set_setting', { key: `${game}Daily`, value: select.value });
      const begun = status.todayChoice && status.todayChoice !== select.value;
      hint.textContent = t(begun ? 'daily.changedBegun' : 'daily.changed', { deal: t(status.choices.find((c) => c.id === select.value).nameKey) });
      select.dataset.saved = select.value;
    } catch (error) {
      hint.textContent = errorText(error);
    }
  });
  return el('div', { class: 'daily-level' },
    el('label', { for: 'daily-level', text: t('daily.pickLabel') }), select, hint);
}

/// What a day's entry of `game` scored, as its ranking measures it (its time or its score; a
/// puzzle of the day, its time); empty while it has none (under way, abandoned).
export function dayFigure(game, day) {
  if (isPuzzle(game) || gameInfo(game).ranking.measure === 'time') {
    return day.timeMs == null ? '' : t('stats.seconds', { seconds: formatTime(game, day.timeMs) });
  }
  return day.score == null ? '' : formatNumber(day.score);
}
