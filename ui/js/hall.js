// The hall of fame: the best ten of every game and category (the classic Minesweeper's "hero list", for all
// games), and the score history with its chart. Resetting goes through one confirmation dialog.

import { el, clear } from './dom.js';
import { t, formatDate, formatNumber, locale } from './i18n.js';
import { call, fitWindow } from './ipc.js';
import { allGames, categoriesOf, categoryLabel, formatTime, gameInfo, gameName, measureOf } from './catalogue.js';
import { confirmReset } from './reset.js';
import { openDialog } from './dialog.js';
import { mountHistory } from './history.js';
import { descriptors } from './games.js';
import { offersDaily } from './daily.js';
import { showDailyTables } from './hall-daily.js';

export const id = 'hall';
export const helpTopic = 'home';

/// One showing of the screen (app.js calls it each time the screen is shown).
export function create() {
  /// The hall shown (`openHall`), null once it is left.
  let live = null;
  return {
    id,
    helpTopic,
    async mount(root, app, options) {
      live = openHall(root, app, options);
      await live.shown;
    },
    unmount() {
      live?.close();
      live = null;
    },
    /// Where the player is, to show again when the screen is drawn anew (a new language): the
    /// tab, and on the history its filters and page.
    place: () => live?.place() ?? {},
  };
}

/// One mount of the hall in `root`. `highlight` is the id of a record just set, shown marked
/// when the screen opens after a game; `tab` is 'records' (the default), 'history' or 'daily'
/// (the daily deals' days, where a game offers them);
/// `history`: the history's filters and page to show again. Returns the mount: `shown` (settles
/// once it shows), `close()` and `place()`.
function openHall(root, app, { highlight, tab, history: keptHistory } = {}) {
  /// False once the screen is left: what was still on its way is not shown.
  let open = true;
  /// The history, mounted at its tab's first showing (a promise of its panel), and the panel.
  let history = null;
  let historyShown = null;
  /// The daily deals' tables, filled at the tab's first showing.
  let dailyShown = null;
  const tabs = ['records', 'history', ...(allGames().some((game) => offersDaily(game.id)) ? ['daily'] : [])];
  const buttons = {};
  const panels = {};
  for (const name of tabs) {
    buttons[name] = el('button', {
      role: 'tab', id: `hall-tab-${name}`, 'aria-controls': `hall-panel-${name}`, type: 'button',
      onclick: () => select(name), text: t(`hall.tab.${name}`),
    });
    panels[name] = el('div', { role: 'tabpanel', id: `hall-panel-${name}`, class: 'hall-body', 'aria-labelledby': `hall-tab-${name}`, hidden: true });
  }
  const resetButton = el('button', { id: 'hall-reset', onclick: () => reset(null), text: t('hall.reset') });
  const verifyButton = el('button', { id: 'hall-verify', onclick: () => verifyRecords(app, verifyButton), text: t('hall.verify') });
  root.append(
    el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('hall.title') },
      el('h1', { class: 'toolbar-title', text: t('hall.title') }),
      el('div', { class: 'group tabs', role: 'tablist', 'aria-label': t('hall.title') }, tabs.map((name) => buttons[name])),
      el('span', { class: 'spacer' }),
      verifyButton,
      resetButton,
      el('button', { id: 'hall-home', onclick: () => app.show('home'), text: t('game.allGames') })),
    ...tabs.map((name) => panels[name]));

  /// Watch a record's game in the watch view; Back comes to the tab it was opened from again.
  const watchFrom = (from) => (entry) => (entry.hasRecord
    ? el('button', {
      class: 'link watch-record', type: 'button', text: t('watch.open'),
      onclick: () => app.show('watch', { gameId: entry.id, back: { screen: 'hall', options: { tab: from } } }),
    })
    : null);
  const watchButton = watchFrom('records');

  async function select(name) {
    for (const other of tabs) {
      buttons[other].setAttribute('aria-selected', String(other === name));
      buttons[other].tabIndex = other === name ? 0 : -1;
      panels[other].hidden = other !== name;
    }
    root.dataset.tab = name;
    // Mounted once, at its first showing: a second click before it is ready waits for the same.
    if (name === 'history') historyShown = await (history ??= mountHistory(panels.history, app, keptHistory));
    if (name === 'daily') await (dailyShown ??= showDailyTables(panels.daily, () => open, watchFrom('daily')));
  }

  async function showRecords() {
    const sections = [];
    for (const { id: game } of allGames()) {
      const found = await call('hall_of_fame', { game });
      const byCategory = new Map(found.map((c) => [c.category, c.entries]));
      const byRate = new Map(found.map((c) => [c.category, c.byRate ?? []]));
      const categories = categoriesOf(game, byCategory.keys());
      const hasRecords = (category) => byCategory.get(category)?.length > 0;
      sections.push(el('section', { class: 'hall-game', id: `hall-${game}`, 'aria-labelledby': `hall-${game}-title` },
        el('div', { class: 'hall-game-head' },
          el('h2', { id: `hall-${game}-title`, text: gameName(game) }),
          el('button', { class: 'link', id: `hall-reset-${game}`, onclick: () => reset(game), text: t('hall.resetGame', { game: gameName(game) }) })),
        ...withRecords(game, categories.filter(hasRecords), byCategory, byRate, highlight, watchButton),
        ...withoutRecords(game, categories.filter((category) => !hasRecords(category)))));
    }
    clear(panels.records).append(...sections);
    panels.records.dataset.ready = 'true';
  }

  async function reset(game) {
    const removed = await confirmReset(app, game);
    if (!removed) return;
    highlight = undefined;
    await showRecords();
    if (history) await (await history).reload();
    if (dailyShown) {
      dailyShown = showDailyTables(panels.daily, () => open, watchFrom('daily'));
      await dailyShown;
    }
  }

  /// The records, then the tab asked for, with the record just set in view; then the window
  /// fits the hall. A hall left meanwhile neither takes the root's tab nor sizes the window.
  async function shown() {
    await showRecords();
    if (!open) return;
    await select(tabs.includes(tab) ? tab : 'records');
    if (!open) return;
    const marked = panels.records.querySelector('tr.highlight');
    if (marked && !panels.records.hidden) marked.scrollIntoView({ block: 'center' });
    buttons[root.dataset.tab].focus();
    fitWindow(1120, 780).catch(() => {});
  }

  return {
    shown: shown(),
    close: () => { open = false; },
    place: () => ({ tab: root.dataset.tab, history: historyShown?.place() ?? keptHistory }),
  };
}

/// The tables of the categories that have records (by the game's measure, then by its rate).
function withRecords(game, categories, byCategory, byRate, highlight, watchButton) {
  if (!categories.length) return [];
  return [el('div', { class: 'hall-grid' }, categories.flatMap((category) => [
    table(game, category, byCategory.get(category), highlight, watchButton),
    ...(byRate.get(category)?.length ? [rateTable(game, category, byRate.get(category), highlight, watchButton)] : []),
  ]))];
}

/// The categories without a record, named in one line rather than as a column of empty tables
/// (Gomoku lists fifteen).
function withoutRecords(game, categories) {
  if (!categories.length) return [];
  const id = `hall-${game}-empty`;
  return [el('div', { class: 'hall-empties' },
    el('h3', { id, text: t('hall.emptyIn') }),
    el('ul', { 'aria-labelledby': id }, categories.map((category) =>
      el('li', { class: 'hall-category empty', dataset: { category }, text: categoryLabel(game, category) }))))];
}

function table(game, category, entries, highlight, watchButton) {
  const caption = el('h3', { text: categoryLabel(game, category) });
  const head = el('tr', {},
    el('th', { scope: 'col', class: 'number', text: t('hall.rank') }),
    el('th', { scope: 'col', text: t('hall.name') }),
    el('th', { scope: 'col', class: 'number', text: t(`hall.${measureOf(game)}`) }),
    el('th', { scope: 'col', text: t('hall.date') }),
    el('th', { scope: 'col', text: t('watch.open') }));
  const rows = entries.map((entry) => el('tr', {
    class: entry.id === highlight ? 'highlight' : undefined, dataset: { id: entry.id },
    'aria-current': entry.id === highlight ? 'true' : undefined,
  },
  el('td', { class: 'number', text: formatNumber(entry.rank) }),
  nameCell(game, entry),
  el('td', { class: 'number', text: result(game, entry) }),
  el('td', { class: 'hall-date', text: formatDay(entry.finishedAt), title: formatDate(entry.finishedAt) }),
  el('td', {}, watchButton(entry))));
  return el('div', { class: 'hall-category', dataset: { category } }, caption,
    el('table', { class: 'stats' }, el('thead', {}, head), el('tbody', {}, rows)));
}

/// "Verify records": the backend replays every stored game through the rules; the dialog says
/// how many it checked and lists any that do not lead to what is stored with them.
async function verifyRecords(app, button) {
  button.disabled = true;
  try {
    const { checked, mismatched } = await call('verify_records');
    const summary = mismatched.length
      ? t('hall.verifyMismatch', { checked: formatNumber(checked), bad: formatNumber(mismatched.length) })
      : t('hall.verifyAllMatch', { checked: formatNumber(checked) });
    const list = mismatched.length
      ? el('ul', { id: 'verify-mismatched', class: 'verify-list' },
        mismatched.map(({ id, reason }) => el('li', { dataset: { id }, text: t('hall.verifyRow', { id, reason }) })))
      : null;
    await openDialog({ id: 'verify-dialog', title: t('hall.verifyTitle'), body: [el('p', { id: 'verify-summary', text: summary }), list] });
  } catch (error) {
    app.showError(error);
  } finally {
    button.disabled = false;
  }
}

/// The second table of a category: the best ten by the game's rate (Minesweeper's 3BV/s).
function rateTable(game, category, entries, highlight, watchButton) {
  const rate = t(gameInfo(game).rateKey);
  const head = el('tr', {},
    el('th', { scope: 'col', class: 'number', text: t('hall.rank') }),
    el('th', { scope: 'col', text: t('hall.name') }),
    el('th', { scope: 'col', class: 'number', text: rate }),
    el('th', { scope: 'col', text: t('hall.date') }),
    el('th', { scope: 'col', text: t('watch.open') }));
  const rows = entries.map((entry) => el('tr', {
    class: entry.id === highlight ? 'highlight' : undefined, dataset: { id: entry.id },
  },
  el('td', { class: 'number', text: formatNumber(entry.rank) }),
  nameCell(game, entry),
  el('td', { class: 'number', text: formatNumber(entry.rate, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }),
  el('td', { class: 'hall-date', text: formatDay(entry.finishedAt), title: formatDate(entry.finishedAt) }),
  el('td', {}, watchButton(entry))));
  return el('div', { class: 'hall-category hall-by-rate', dataset: { category, by: 'rate' } },
    el('h3', { text: t('hall.byRate', { category: categoryLabel(game, category), rate }) }),
    el('table', { class: 'stats' }, el('thead', {}, head), el('tbody', {}, rows)));
}

/// The player's name, and the mark of how the game was played where its game gives one
/// (Minesweeper's NF: won without a flag, which the rankings list apart).
function nameCell(game, entry) {
  return el('td', { class: 'hall-name' }, el('span', { class: 'hall-player', text: entry.name ?? t('hall.anonymous') }),
    descriptors[game]?.hallTag?.(entry.summary) ?? null);
}

function result(game, entry) {
  const measure = measureOf(game);
  // "17.1 s" stays whole however narrow its column gets (the catalogues join it with a no-break space).
  if (measure === 'time') return t('stats.seconds', { seconds: formatTime(game, entry.timeMs) });
  if (measure === 'moves') {
    // "59 moves, 3.3 s" may wrap in a narrow column, but only after its comma: each half stays whole.
    return t('hall.movesIn', { moves: formatNumber(entry.moves), seconds: formatTime(game, entry.timeMs) })
      .replace(/(?<![,，]) /g, '\u00a0');
  }
  return formatNumber(entry.score ?? 0);
}

/// The day of a record (the time is in its tooltip and in the history).
function formatDay(iso) {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(new Date(iso));
}
