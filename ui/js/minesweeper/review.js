// The review of a Minesweeper game: every click on the board as the player saw it before the
// click, with what the backend says it was (a proved safe cell, a guess that logic could have
// avoided and the safe cell it had, a guess with its odds beside the best guess's, a coin toss, a
// flag...), the summary, and a graph of each guess's odds. The backend replays the record and
// classifies every click with the hint's own solver and odds (src-tauri/games/src/minesweeper/
// review.rs); this screen only draws what it says.
// Opened from the game's status line after the end, from a history row, from the watch view (at
// the click watched) and for an imported video or record (id 0).

import { el, announce, setText } from '../dom.js';
import { t, errorText, formatNumber, formatSeconds } from '../i18n.js';
import { call, fitWindow } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { categoryLabel } from '../catalogue.js';
import { MineField, classicWindow, counterPanel, mineDigits, moodOf } from './board.js';
import { reasonText } from './reasons.js';
import { drawGraph, shortName } from './review-graph.js';
import { positionText } from './analysis-board.js';

export const id = 'minesweeper-review';

export const helpTopic = 'minesweeperReview';

/// Not the screen to come back to after a restart: it needs a game to show.
export const transient = true;

/// The kinds listed beside the board: the clicks worth a second look.
const LISTED = new Set(['avoidableGuess', 'guess', 'forcedGuess', 'knownMine', 'unprovenFlag', 'wrongFlag', 'wasted']);

/// Each kind's caption (literal keys, so that the catalogue test sees them).
const CAPTION = {
  first: 'msr.kind.first', safe: 'msr.kind.safe', knownMine: 'msr.kind.knownMine', avoidableGuess: 'msr.kind.avoidableGuess',
  guess: 'msr.kind.guess', forcedGuess: 'msr.kind.forcedGuess', chord: 'msr.kind.chord', flag: 'msr.kind.flag',
  unprovenFlag: 'msr.kind.unprovenFlag', wrongFlag: 'msr.kind.wrongFlag', unmark: 'msr.kind.unmark', wasted: 'msr.kind.wasted',
};

const cellName = (x, y) => t('watch.ms.cell', { row: y + 1, column: x + 1 });
const percent = (chance, exact = true) => {
  const figure = formatNumber(Math.round((chance ?? 0) * 1000) / 10);
  return exact === false ? t('msr.percentEstimated', { percent: figure }) : t('msr.percent', { percent: figure });
};

/// What the click was, in a sentence, from the backend's classification.
export function clickText(click, width) {
  const before = { cells: click.before, width };
  const parts = { cell: cellName(click.x, click.y), percent: percent(click.mineProbability, click.exact) };
  if (click.because) parts.reason = reasonText(click.because, click.kind === 'knownMine' || click.kind === 'flag', before);
  if (click.safe) {
    parts.safe = cellName(click.safe.x, click.safe.y);
    parts.reason = reasonText(click.safe.because, false, before);
  }
  if (click.best) {
    parts.best = cellName(click.best.x, click.best.y);
    parts.bestPercent = percent(click.best.mineProbability, click.exact);
  }
  let key = CAPTION[click.kind] ?? CAPTION.wasted;
  if (click.kind === 'guess' && click.best && click.best.mineProbability >= click.mineProbability - 1e-9) key = 'msr.kind.guessAsBest';
  if (click.kind === 'unprovenFlag' && click.mineProbability == null) key = 'msr.kind.unprovenFlagNoOdds';
  const sentences = [t(key, parts)];
  if (click.lost) {
    sentences.push(click.wrongFlags?.length
      ? t('msr.lostChord', { cells: click.wrongFlags.map((p) => cellName(p.x, p.y)).join(', ') })
      : t('msr.lost'));
  }
  return sentences.join(' ');
}

function build(token) {
  const backKey = { game: 'msr.backToGame', watch: 'msr.backToWatch' }[token.back?.screen ?? token.back] ?? 'msr.backToHistory';
  const back = el('button', { id: 'msr-back', onclick: () => goBack(token), text: t(backKey) });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('msr.title') },
    el('h1', { class: 'toolbar-title', text: t('msr.title') }),
    el('span', { class: 'msr-game', id: 'msr-game' }),
    el('span', { class: 'spacer' }),
    back,
    el('button', { id: 'msr-home', onclick: () => token.app.show('home'), text: t('game.allGames') }));
  const field = new MineField({ readOnly: true });
  field.node.id = 'msr-field';
  field.node.setAttribute('aria-label', t('msr.board'));
  const panel = counterPanel();
  const { stage, board, size } = classicWindow(field, panel);
  const caption = el('p', { class: 'msr-caption', id: 'msr-caption', role: 'status' });
  const step = (name, text, label, onclick) => el('button', { type: 'button', id: `msr-${name}`, text, 'aria-label': label, title: label, onclick });
  const nav = el('div', { class: 'msr-nav', role: 'group', 'aria-label': t('msr.steps') },
    step('start', '|◀', t('msr.first'), () => showClick(token, 0)),
    step('previous', '◀', t('msr.previous'), () => showClick(token, token.at - 1)),
    step('next', '▶', t('msr.next'), () => showClick(token, token.at + 1)),
    step('end', '▶|', t('msr.end'), () => showClick(token, token.clicks.length)),
    el('span', { class: 'msr-position', id: 'msr-position' }),
    el('button', { type: 'button', id: 'msr-analyse', class: 'msr-analyse', title: t('msa.fromHereTitle'), text: t('msa.fromHere'), onclick: () => analyseHere(token) }));
  const summary = el('ul', { class: 'msr-summary', id: 'msr-summary' });
  const status = el('p', { class: 'msr-status', id: 'msr-status', role: 'status' });
  const graph = el('figure', { class: 'msr-graph', id: 'msr-graph-box', hidden: true });
  const list = el('ol', { class: 'msr-list', id: 'msr-list', 'aria-labelledby': 'msr-list-title' });
  const side = el('aside', { class: 'msr-side', 'aria-label': t('msr.side') }, status, summary, graph,
    el('h2', { class: 'msr-list-title', id: 'msr-list-title', text: t('msr.list.title') }), list);
  const column = el('div', { class: 'msr-board-column' }, stage, nav, caption);
  const body = el('div', { class: 'msr-stage' }, column, side);
  return { nodes: [toolbar, body], back, field, panel, stage, board, size, caption, summary, status, graph, list, game: toolbar.querySelector('#msr-game'), position: nav.querySelector('#msr-position') };
}

function goBack(token) {
  const { back, app } = token;
  if (back && typeof back === 'object') app.show(back.screen, back.options);
  else if (back === 'game') app.show('minesweeper');
  else app.show('hall', { tab: 'history', history: token.history });
}

/// The analysis board on the position shown (before the click, or the end); its Back button
/// comes back to this click of the review.
function analyseHere(token) {
  const { data, clicks } = token;
  if (!data) return;
  const click = clicks[token.at];
  token.app.show('minesweeper-analysis-board', {
    from: { screen: 'review', options: { id: token.gameId, back: token.back, history: token.history, at: token.at } },
    load: { setup: { mines: data.view.mines }, text: positionText(click ? click.before : data.view.cells, data.view.width) },
  });
}

/// The board before click `at` (0-based; `clicks.length` is the end): the clicked cell ringed,
/// the safe cell an avoidable guess had or the best guess marked.
function showClick(token, at) {
  const { ui, data, clicks } = token;
  if (!data) return;
  const index = Math.max(0, Math.min(clicks.length, at));
  token.at = index;
  token.root.dataset.at = String(index);
  const click = clicks[index];
  const view = click ? { ...data.view, cells: click.before, status: 'playing' } : data.view;
  ui.field.render(view);
  ui.field.clearHint?.();
  ui.field.node.querySelectorAll('.msr-played').forEach((cell) => cell.classList.remove('msr-played'));
  ui.panel.mines.set(view.minesLeft ?? view.mines, mineDigits(view));
  ui.panel.smiley.setMood(click ? 'normal' : moodOf(data.view.status));
  ui.panel.clock.set(Math.min(999, Math.floor(timeAt(token, index) / 1000)));
  token.root.dataset.kind = click?.kind ?? 'end';
  token.root.dataset.lost = String(Boolean(click?.lost));
  if (click) {
    ui.field.cellAt(click.x, click.y)?.classList.add('msr-played');
    if (click.safe) ui.field.showHint(click.safe.x, click.safe.y, 'safe');
    else if (click.best && (click.best.x !== click.x || click.best.y !== click.y)) ui.field.showHint(click.best.x, click.best.y, 'guess');
  }
  const position = click
    ? t('msr.position', { click: formatNumber(index + 1), clicks: formatNumber(clicks.length) })
    : t('msr.position.end', { clicks: formatNumber(clicks.length) });
  setText(ui.position, position);
  setText(ui.caption, click ? clickText(click, view.width) : endText(data));
  for (const item of ui.list.querySelectorAll('button.msr-click')) {
    if (Number(item.dataset.index) === index) item.setAttribute('aria-current', 'true');
    else item.removeAttribute('aria-current');
  }
  ui.graph.querySelectorAll('.msr-mark').forEach((mark) => mark.classList.toggle('selected', Number(mark.dataset.index) === index));
}

/// The clock before click `index`: the time of the click before it, as recorded.
function timeAt(token, index) {
  return index > 0 ? token.data.timesMs?.[token.clicks[index - 1]?.index ?? index - 1] ?? 0 : 0;
}

/// How long the player looked at the board before click `index` (null without a clock).
function thought(token, index) {
  const times = token.data.timesMs;
  const at = token.clicks[index]?.index;
  if (!times?.length || at == null || times[at] == null) return null;
  return times[at] - (at > 0 ? times[at - 1] : 0);
}

function endText(data) {
  const key = { won: 'msr.end.won', lost: 'msr.end.lost' }[data.analysis.summary.status] ?? 'msr.end.playing';
  return t(key);
}

function summaryLines(token) {
  const s = token.data.analysis.summary;
  const lines = [
    t('msr.summary.guesses', { guesses: formatNumber(s.guesses), avoidable: formatNumber(s.avoidable), forced: formatNumber(s.forced) }),
    t(s.exact ? 'msr.summary.survival' : 'msr.summary.survivalEstimated', { taken: percent(s.survival), best: percent(s.bestSurvival) }),
    t('msr.summary.clicks', {
      clicks: formatNumber(s.clicks), wasted: formatNumber(s.wasted),
      efficiency: s.efficiency == null ? '—' : formatNumber(Math.round(s.efficiency * 100)),
    }),
    t('msr.summary.flags', { unproven: formatNumber(s.unprovenFlags), wrong: formatNumber(s.wrongFlags) }),
  ];
  const thinking = token.clicks.map((click, index) => (click.kind.endsWith('uess') ? thought(token, index) : null)).filter((ms) => ms != null);
  if (thinking.length) {
    lines.push(t('msr.summary.thinking', { seconds: thinking.map((ms) => formatSeconds(ms)).join(', ') }));
  }
  return lines;
}

/// The clicks worth a second look, each a button that shows its board.
function listItems(token) {
  const items = [];
  token.clicks.forEach((click, index) => {
    if (!LISTED.has(click.kind) && !click.lost) return;
    const figure = click.mineProbability == null ? '' : ` ${percent(click.mineProbability, click.exact)}`;
    const seconds = thought(token, index);
    const time = click.kind.endsWith('uess') && seconds != null ? `\u00a0· ${t('msr.thought', { seconds: formatSeconds(seconds) })}` : '';
    items.push(el('li', {}, el('button', {
      type: 'button', class: `msr-click ${click.kind}${click.lost ? ' lost' : ''}`, id: `msr-click-${index}`,
      dataset: { index, kind: click.kind, lost: String(click.lost) },
      onclick: () => showClick(token, index),
    },
    el('span', { class: 'msr-click-number', text: formatNumber(index + 1) }),
    el('span', { class: 'msr-click-text', text: `${shortName(click.kind)}${figure}${click.lost ? `\u00a0· ${t('msr.short.lost')}` : ''}${time}` }))));
  });
  if (!items.length) items.push(el('li', { class: 'msr-none', text: t('msr.list.none') }));
  return items;
}

/// One showing of the review (app.js calls it each time the review is shown).
export function create() {
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place };

  function place() {
    return current?.data ? { at: current.at } : {};
  }

  /// `options.id`: the finished game (0: the import); `options.back`: 'game', 'history' or
  /// {screen, options} (the watch view); `options.at`: the click to show first (else the first
  /// avoidable guess, else the click that lost, else the end).
  async function mount(root, app, { id: gameId, back = 'history', history = null, at = null } = {}) {
    const token = { app, root, gameId, back, history, at: 0, start: at, data: null, clicks: [] };
    current = token;
    // The game's own colours and cells (minesweeper.css), as in the watch view.
    root.classList.add('screen-minesweeper');
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.stage, () => fit(token));
    if (gameId == null) {
      problem(token, t('msr.noGame'));
      return;
    }
    try {
      token.data = await call('review', { id: gameId });
    } catch (error) {
      if (current === token) problem(token, error?.code ? errorText(error) : String(error));
      return;
    }
    if (current !== token) return;
    show(token);
    // Room for the board in cells of 24 pixels at least beside the side panel.
    const { view } = token.data;
    const wanted = token.ui.size(view.width, view.height, 24);
    await fitWindow(Math.round(Math.max(wanted.width + 80, 420) + 440), Math.round(Math.max(wanted.height + 220, 700))).catch(() => {});
    if (current !== token) return;
    fit(token);
    if (token.data.analysis) root.dataset.state = 'ready';
    announce(t('msr.ready'));
    (root.querySelector('.msr-click[aria-current]') ?? token.ui.back).focus();
  }

  function unmount() {
    current?.resizes?.disconnect();
    if (current) for (const key of ['at', 'kind', 'lost', 'state']) delete current.root.dataset[key];
    current = null;
  }

  function problem(token, text) {
    token.root.dataset.state = 'error';
    setText(token.ui.status, text);
  }

  function fit(token) {
    if (token.data) fitTo(token.ui.board, token.ui.stage, 8);
  }

  function show(token) {
    const { data, ui, root } = token;
    if (!data.analysis) {
      problem(token, t('msr.noGame'));
      return;
    }
    token.clicks = data.analysis.clicks;
    root.dataset.state = 'shown';
    setText(ui.game, categoryLabel('minesweeper', data.category));
    setText(ui.status, t({ won: 'msr.result.won', lost: 'msr.result.lost' }[data.analysis.summary.status] ?? 'msr.result.playing', { clicks: formatNumber(token.clicks.length) }));
    ui.summary.replaceChildren(...summaryLines(token).map((text) => el('li', { text })));
    showGraph(token);
    ui.list.replaceChildren(...listItems(token));
    fit(token);
    showClick(token, token.start ?? firstWorthSeeing(token.clicks));
  }

  function showGraph(token) {
    const { ui } = token;
    const { svg, description } = drawGraph(token.clicks, { onMark: (index) => showClick(token, index), label: t('msr.graph.title') });
    ui.graph.hidden = false;
    ui.graph.replaceChildren(svg,
      el('figcaption', { class: 'msr-graph-caption' },
        el('span', { class: 'msr-legend-taken', 'aria-hidden': 'true' }), t('msr.graph.taken'), ' ',
        el('span', { class: 'msr-legend-best', 'aria-hidden': 'true' }), t('msr.graph.best')),
      el('p', { class: 'visually-hidden', id: 'msr-graph-summary', text: description }));
    svg.setAttribute('aria-describedby', 'msr-graph-summary');
  }
}

/// The first avoidable guess, else the click that lost, else the end.
function firstWorthSeeing(clicks) {
  const avoidable = clicks.findIndex((c) => c.kind === 'avoidableGuess');
  if (avoidable >= 0) return avoidable;
  const lost = clicks.findIndex((c) => c.lost);
  return lost >= 0 ? lost : clicks.length;
}
