// The score history: every finished game, newest first, filtered and paged by the backend (a
// keyset cursor, so the millionth game comes as fast as the first), with the chart and the
// statistics of the chosen category, the export to CSV, and one game's export and import as a
// text record file.

import { el, clear, toast } from './dom.js';
import { t, count as countOf, errorText, formatDate, formatNumber } from './i18n.js';
import { call } from './ipc.js';
import { allGames, categoriesOf, categoryLabel, formatTime, gameInfo, gameName, measureOf } from './catalogue.js';
import { drawChart } from './chart.js';
import { statsRows } from './game-screen.js';
import { categoryRows } from './statistics.js';
import { historyFigures } from './summary-fields.js';
import { descriptors, resultWords, reviewScreen } from './games.js';
import { exportGame, copyMoves, importGame } from './record-file.js';
import { actionMenu } from './menu-button.js';
import { copyFinishedDealCode } from './deals.js';

const PAGE_SIZE = 50;
const RESULTS = ['won', 'lost', 'draw', 'finished', 'abandoned'];

/// Builds the history panel into `root`; `app` shows errors. `kept`: where the player was (its
/// filters and page, from `place()`), when they come back from a game's watch view or review.
export async function mountHistory(root, app, kept = null) {
  const played = await call('played_categories').catch(() => []);
  const option = (value, text) => el('option', { value, text });
  const game = el('select', { id: 'hist-game', name: 'game' }, option('', t('history.allGames')), allGames().map((g) => option(g.id, gameName(g.id))));
  const category = el('select', { id: 'hist-category', name: 'category', disabled: true });
  const result = el('select', { id: 'hist-result', name: 'result' }, option('', t('history.allResults')), RESULTS.map((r) => option(r, t(`result.${r}`))));
  const from = el('input', { type: 'date', id: 'hist-from', name: 'from' });
  const to = el('input', { type: 'date', id: 'hist-to', name: 'to' });
  const exportButton = el('button', { id: 'hist-export', type: 'button', text: t('history.export') });
  const importButton = el('button', { id: 'hist-import', type: 'button', text: t('history.import'), onclick: () => importGame(app) });
  const error = el('p', { class: 'error', id: 'hist-error', role: 'alert' });
  const filters = el('form', { class: 'hist-filters', id: 'hist-filters', 'aria-label': t('history.filters'), onsubmit: (e) => e.preventDefault() },
    el('label', {}, t('history.game'), game),
    el('label', {}, t('history.category'), category),
    el('label', {}, t('history.result'), result),
    el('label', {}, t('history.from'), from),
    el('label', {}, t('history.to'), to),
    exportButton, importButton);

  const chartBox = el('section', { class: 'hist-chart-box', id: 'hist-chart-box', 'aria-labelledby': 'hist-chart-title' });
  const count = el('p', { class: 'hist-count', id: 'hist-count', role: 'status' });
  const body = el('tbody', { id: 'hist-rows' });
  const table = el('table', { class: 'stats hist-table', id: 'hist-table' },
    el('thead', {}, el('tr', {}, ['date', 'game', 'category', 'result', 'scoreOrTime', 'moves', 'replay', 'name', 'record', 'review'].map((key) =>
      el('th', { scope: 'col', text: t(`history.${key}`) })))),
    body);
  const newest = el('button', { id: 'hist-newest', type: 'button', text: t('history.newest') });
  const newer = el('button', { id: 'hist-newer', type: 'button', text: t('history.newer') });
  const older = el('button', { id: 'hist-older', type: 'button', text: t('history.older') });
  const range = el('span', { id: 'hist-range', class: 'hist-range' });
  const pager = el('nav', { class: 'hist-pager', 'aria-label': t('history.pages') }, newest, newer, range, older);
  root.append(filters, error, chartBox, count, table, pager);

  let page = null;
  let offset = 0;
  // What asked for the page shown (a cursor), to ask for it again on the way back.
  let pageShown = {};
  let total = null;
  let loading = 0;
  let reloading = 0;

  function fillCategories() {
    clear(category);
    category.append(option('', t('history.allCategories')));
    if (!game.value) { category.disabled = true; return; }
    const names = categoriesOf(game.value, played.filter((p) => p.game === game.value).map((p) => p.category));
    for (const name of names) category.append(option(name, categoryLabel(game.value, name)));
    category.disabled = false;
  }

  /// The filter as the backend reads it. Dates are the player's local days: from the start of
  /// `from` to the end of `to`, sent as UTC instants.
  function filter() {
    const day = (value, next) => {
      if (!value) return undefined;
      const at = new Date(`${value}T00:00:00`);
      if (next) at.setDate(at.getDate() + 1);
      return at.toISOString();
    };
    return {
      game: game.value || undefined,
      category: category.value || undefined,
      result: result.value || undefined,
      from: day(from.value, false),
      to: day(to.value, true),
    };
  }

  function scoreOrTime(row) {
    // A game left unfinished has no score of its own (its time is the time played).
    if (measureOf(row.game) === 'score' && row.score == null) return '—';
    if (measureOf(row.game) === 'score') return t('history.points', { score: formatNumber(row.score) });
    return t('stats.seconds', { seconds: formatTime(row.game, row.timeMs) });
  }

  /// The score or time, and below it, small, the figures the game declares for a history row
  /// (its summary fields) that the row has.
  function resultCell(row) {
    const figures = historyFigures(row);
    if (!figures.length) return el('td', { class: 'number', text: scoreOrTime(row) });
    // The game's own figures in one line, where it gives one, as the cell's title.
    const title = descriptors[row.game]?.summaryLine?.(row.summary);
    return el('td', { class: 'number', title }, scoreOrTime(row),
      figures.map(({ key, text }) => el('span', { class: 'hist-rate', dataset: { field: key }, text })));
  }

  /// A replay, or a game the player had help in (moves taken back, hints), says so.
  function noteCell(row) {
    if (row.replay) return el('td', { text: t('history.isReplay') });
    if (row.imported) return el('td', { class: 'hist-assisted hist-imported', text: t('history.isImported'), title: t('history.importedDetail') });
    if (row.seenDeal) return el('td', { class: 'hist-assisted hist-seen-deal', text: t('history.isSeenDeal'), title: t('history.seenDealDetail') });
    if (!row.undos && !row.hints) return el('td', {});
    return el('td', {
      class: 'hist-assisted',
      text: t('history.isAssisted'),
      title: t('history.assistedDetail', { undos: formatNumber(row.undos), hints: formatNumber(row.hints) }),
    });
  }

  /// A finished game of a game whose analysis is a review (Gomoku's) opens that review (the
  /// engine's, done in the background after the game; until it is there the review screen says
  /// so and waits).
  function reviewCell(row) {
    if (gameInfo(row.game)?.analysisShown !== 'review') return el('td', {});
    // A review worked out when opened (Minesweeper's) is never pending.
    const pending = !row.analysis && Boolean(gameInfo(row.game)?.hasAnalysis);
    return el('td', {}, el('button', {
      type: 'button', class: 'hist-review', dataset: { id: row.id },
      title: pending ? t('history.reviewPending') : undefined,
      onclick: () => app.show(reviewScreen(row.game), { id: row.id, back: 'history', history: place() }),
      text: t('history.reviewOpen'),
    }), pending ? el('span', { class: 'hist-rate', text: t('history.reviewPending') }) : null);
  }

  /// A game with its full record: its Watch links and its Export menu.
  function recordCell(row) {
    if (!row.hasRecord) return el('td', {});
    // An unfinished game that could not be resumed cannot be replayed to its end either: it
    // exports (every move as saved), but is not watched.
    const watchable = row.result !== 'abandoned';
    return el('td', { class: 'hist-record' }, watchable ? watching(row) : null, exports(row));
  }

  /// The row's exports in one menu: each file format its game writes (the catalogue's
  /// `fileFormats`: the text record first; a format that holds only games that ended, such as
  /// a video, on those rows only), and the moves copied in the board's notation (a game whose
  /// moves make its position, the catalogue's `exchangesMoves`).
  function exports(row) {
    const ended = ['won', 'lost', 'draw'].includes(row.result);
    const formats = (gameInfo(row.game)?.fileFormats ?? []).filter((format) => format.writes && (ended || !format.endedOnly));
    const items = formats.map((format) => ({
      className: `hist-export-${format.id}`,
      name: t(format.nameKey),
      run: (button) => exportGame(app, row.game, row.id, format.id, button),
    }));
    if (gameInfo(row.game)?.hasDeals) {
      items.push({ className: 'hist-copy-code', name: t('history.copyDealCode'), run: () => copyFinishedDealCode(app, row.game, row.id) });
    }
    if (gameInfo(row.game)?.exchangesMoves) {
      items.push({ className: 'hist-copy-moves', name: t('history.copyMoves'), run: () => copyMoves(app, row.game, row.id) });
    }
    return actionMenu({ id: `hist-exports-${row.id}`, label: t('history.exportGameTitle'), text: t('history.exportGame'), items });
  }

  /// Where the player is: the filters and the page, for the way back to it.
  function place() {
    const values = { game: game.value, category: category.value, result: result.value, from: from.value, to: to.value };
    return { values, page: pageShown, offset };
  }

  /// Watch the game and, for Bubble Breaker, the best line of its deal.
  function watching(row) {
    const back = () => ({ screen: 'hall', options: { tab: 'history', history: place() } });
    const open = (bestLine) => () => app.show('watch', { gameId: row.id, bestLine, back: back() });
    return [
      el('button', { class: 'link watch-record', type: 'button', onclick: open(false), text: t('watch.open') }),
      row.analysis?.moves?.length
        ? el('button', { class: 'link watch-best', type: 'button', onclick: open(true), text: t('watch.openBestLine') })
        : null,
    ];
  }

  function showRows() {
    clear(body);
    if (!page.rows.length) {
      body.append(el('tr', {}, el('td', { colspan: 10, class: 'hist-none', text: t('history.none') })));
    }
    for (const row of page.rows) {
      body.append(el('tr', { dataset: { id: row.id, game: row.game, result: row.result } },
        el('td', { class: 'hist-date', text: formatDate(row.finishedAt), title: row.finishedAt }),
        el('td', { text: gameName(row.game) }),
        el('td', { text: categoryLabel(row.game, row.category) }),
        el('td', { class: `hist-result ${row.result}`, text: resultWords(row.game, row.result, row.summary) }),
        resultCell(row),
        el('td', { class: 'number', text: formatNumber(row.moves) }),
        noteCell(row),
        el('td', { class: 'hall-name', text: row.player ?? '' }),
        recordCell(row),
        reviewCell(row)));
    }
    newer.disabled = !page.newer;
    newest.disabled = !page.newer;
    older.disabled = !page.older;
    showRange();
  }

  function showRange() {
    const shown = page?.rows.length ?? 0;
    const first = formatNumber(shown ? offset + 1 : 0);
    const last = formatNumber(offset + shown);
    range.textContent = total === null
      ? t('history.rangeNoTotal', { first, last })
      : t('history.range', { first, last, total: formatNumber(total) });
  }

  async function load(pageArgs, nextOffset) {
    const ticket = ++loading;
    root.dataset.loading = 'true';
    try {
      const answer = await call('history', { filter: filter(), page: { size: PAGE_SIZE, ...pageArgs } });
      if (ticket !== loading) return;
      page = answer;
      pageShown = pageArgs;
      offset = nextOffset(answer);
      error.textContent = '';
      showRows();
    } catch (problem) {
      if (ticket !== loading) return;
      error.textContent = problem.code ? errorText(problem) : String(problem);
      page = { rows: [], older: null, newer: null };
      offset = 0;
      showRows();
    } finally {
      if (ticket === loading) root.dataset.loading = 'false';
    }
  }

  /// Filters changed quickly (the game, then its category) reload twice at once: only the
  /// latest reload's count and chart are shown, whichever answer comes last.
  async function reload(pageArgs = {}, pageOffset = 0) {
    const ticket = ++reloading;
    total = null;
    count.textContent = '';
    await load(pageArgs, () => pageOffset);
    if (ticket !== reloading) return;
    if (error.textContent) { clear(chartBox); return; }
    call('history_count', { filter: filter() }).then((n) => {
      if (ticket !== reloading) return;
      total = n;
      count.textContent = t('history.total', { total: countOf('games', n) });
      showRange();
    }).catch(() => {});
    await showChart(ticket);
  }

  async function showChart(ticket) {
    clear(chartBox);
    if (!game.value || !category.value) {
      chartBox.append(el('p', { class: 'hint', id: 'hist-chart-hint', text: t('history.chooseCategory') }));
      return;
    }
    const label = categoryLabel(game.value, category.value);
    try {
      const chart = await call('category_chart', { game: game.value, category: category.value });
      if (ticket !== reloading) return;
      const title = t('chart.title', { category: `${gameName(game.value)}: ${label}` });
      // What a dot is: a won game's measure and the best so far, or (a category that never
      // ranks) every game's; a game with no measure is a tick on the axis.
      const { ranked } = chart.stats;
      const kind = ranked ? chart.measure : `${chart.measure}Each`;
      const describe = t(`chart.label.${kind}`);
      const misses = chart.points.some((point) => point.value == null);
      const rings = ranked && chart.points.some((point) => point.value != null && !point.ranks);
      const legend = el('p', { class: 'chart-legend' },
        el('span', { class: 'legend-point', 'aria-hidden': 'true' }), t(`chart.legend.${kind}`),
        rings ? [' ', el('span', { class: 'legend-point unranked', 'aria-hidden': 'true' }), t('chart.legend.unranked')] : [],
        ranked ? [' ', el('span', { class: 'legend-best', 'aria-hidden': 'true' }), t('chart.legend.best')] : [],
        misses ? [' ', el('span', { class: 'legend-miss', 'aria-hidden': 'true' }), t('chart.legend.miss')] : []);
      const shown = chart.points.length < chart.stats.played
        ? el('p', { class: 'hint', text: t('chart.shown', { shown: formatNumber(chart.points.length), total: formatNumber(chart.stats.played) }) })
        : null;
      chartBox.append(
        el('h3', { id: 'hist-chart-title', text: title }),
        el('div', { class: 'hist-chart-row' },
          el('div', { class: 'hist-chart-figure' }, drawChart(chart.points, chart.measure, `${title}. ${describe}`, { ranked, game: game.value }), legend, shown),
          statsTable(game.value, chart.stats)));
    } catch (problem) {
      if (ticket === reloading) error.textContent = problem.code ? errorText(problem) : String(problem);
    }
  }

  game.addEventListener('change', () => { fillCategories(); reload(); });
  for (const input of [category, result, from, to]) input.addEventListener('change', () => reload());
  newest.addEventListener('click', () => load({}, () => 0));
  older.addEventListener('click', () => {
    const before = offset + page.rows.length;
    load({ olderThan: page.older }, () => before);
  });
  newer.addEventListener('click', () => {
    const at = offset;
    load({ newerThan: page.newer }, (answer) => Math.max(0, at - answer.rows.length));
  });
  exportButton.addEventListener('click', async () => {
    exportButton.disabled = true;
    try {
      const saved = await call('export_history', { filter: filter() });
      if (saved) toast(t('history.exported', { games: formatNumber(saved.games), path: saved.path }));
    } catch (problem) {
      app.showError(problem);
    } finally {
      exportButton.disabled = false;
    }
  });

  // Back from a game's watch view or review: the same filters and page (what the filters no
  // longer offer, a category of another game, falls back to all).
  if (kept) game.value = kept.values.game;
  fillCategories();
  if (kept) {
    for (const [input, name] of [[category, 'category'], [result, 'result'], [from, 'from'], [to, 'to']]) input.value = kept.values[name];
  }
  await reload(kept?.page ?? {}, kept?.offset ?? 0);
  return { reload: () => reload(), place };
}

/// The store's statistics of the category: the game's own rows where it gives them (Gomoku's,
/// by colour between two players), else the rows every game has (statistics.js).
export function statsTable(game, stats) {
  const rows = descriptors[game]?.statisticsRows?.(stats) ?? categoryRows(game, stats);
  return el('table', { class: 'stats hist-stats', id: 'hist-stats' }, statsRows(rows));
}

