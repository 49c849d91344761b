// The hall of fame: the best ten of every game and category (seed 001's hero list, for all games).

import { el } from './dom.js';
import { t, formatDate, formatSeconds, formatNumber } from './i18n.js';
import { call, fitWindow } from './ipc.js';
import { categoryLabel, FIXED_CATEGORIES, GAMES } from './categories.js';

export const id = 'hall';
export const helpTopic = 'home';

/// `highlight` is the id of a record just set, shown marked when the screen opens after a game.
export async function mount(root, app, { highlight } = {}) {
  const sections = [];
  for (const game of GAMES) {
    const found = await call('hall_of_fame', { game });
    const byCategory = new Map(found.map((c) => [c.category, c.entries]));
    const categories = [...new Set([...FIXED_CATEGORIES[game], ...byCategory.keys()])];
    sections.push(el('section', { class: 'hall-game', id: `hall-${game}`, 'aria-labelledby': `hall-${game}-title` },
      el('h2', { id: `hall-${game}-title`, text: t(`game.${game}`) }),
      categories.map((category) => table(game, category, byCategory.get(category) ?? [], highlight))));
  }
  root.append(
    el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('hall.title') },
      el('h1', { class: 'toolbar-title', text: t('hall.title') }),
      el('span', { class: 'spacer' }),
      el('button', { id: 'hall-home', onclick: () => app.show('home'), text: t('game.allGames') })),
    el('div', { class: 'hall-body' }, sections));
  root.querySelector('#hall-home').focus();
  fitWindow(820, 680).catch(() => {});
}

function table(game, category, entries, highlight) {
  const caption = el('h3', { text: categoryLabel(game, category) });
  if (!entries.length) {
    return el('div', { class: 'hall-category', dataset: { category } }, caption, el('p', { class: 'hall-empty', text: t('hall.empty') }));
  }
  const byTime = game === 'minesweeper';
  const head = el('tr', {},
    el('th', { scope: 'col', text: t('hall.rank') }),
    el('th', { scope: 'col', text: t('hall.name') }),
    el('th', { scope: 'col', text: byTime ? t('hall.time') : game === 'gomoku' ? t('hall.moves') : t('hall.score') }),
    el('th', { scope: 'col', text: t('hall.date') }));
  const rows = entries.map((entry) => el('tr', { class: entry.id === highlight ? 'highlight' : undefined, dataset: { id: entry.id } },
    el('td', { class: 'number', text: formatNumber(entry.rank) }),
    el('td', { class: 'hall-name', text: entry.name ?? t('hall.anonymous') }),
    el('td', { class: 'number', text: result(game, entry) }),
    el('td', { text: formatDate(entry.finishedAt) })));
  return el('div', { class: 'hall-category', dataset: { category } }, caption,
    el('table', { class: 'stats' }, el('thead', {}, head), el('tbody', {}, rows)));
}

function result(game, entry) {
  if (game === 'minesweeper') return t('stats.seconds', { seconds: formatSeconds(entry.timeMs) });
  if (game === 'gomoku') return t('hall.movesIn', { moves: formatNumber(entry.moves), seconds: formatSeconds(entry.timeMs) });
  return formatNumber(entry.score ?? 0);
}
