// The Bubble Breaker screen (seed 003): style bar, score panel with undo and redo, the field, and
// the game-over cover. The score is also in the window title, as the seed keeps it.

import { el, afterNextPaint, announce, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { games, fitWindow, setTitle, call } from '../ipc.js';
import { openDialog } from '../dialog.js';
import { undoRedoPauseKeys } from '../keys.js';
import { askRecordName } from '../record.js';
import { BubbleField } from './field.js';
import { planMotion } from './motion.js';

export const id = 'bubbles';
export const helpTopic = 'bubbles';
const GAME = 'bubbles';

export const STYLES = ['standard', 'continuous', 'shifter', 'megashift'];
const DEFAULT_STYLE = 'megashift';

let resizeObserver = null;
let app;
let root;
let ui;
let snapshot = null;
let queue = Promise.resolve();
/// A fresh object per mount: answers that arrive after the screen was left are dropped, so they
/// cannot draw on a screen that is gone or put the score back in the title.
let mounted = null;

export async function mount(rootNode, appObject) {
  app = appObject;
  root = rootNode;
  snapshot = null;
  queue = Promise.resolve();
  mounted = {};
  ui = buildScreen();
  root.append(ui.toolbar, ui.panel, ui.stage, ui.status);
  // The field follows the stage's size, measured by the frame's own layout (reading sizes after
  // every click would force extra layouts).
  resizeObserver = new ResizeObserver(fitBoard);
  resizeObserver.observe(ui.stage);
  document.addEventListener('visibilitychange', pauseWhenHidden);
  document.addEventListener('keydown', screenKeys);
  const token = mounted;
  const current = await games.snapshot(GAME);
  if (token !== mounted) return;
  if (current) show(current);
  else await startGame();
  if (token !== mounted) return;
  fitToField();
  if (snapshot && !snapshot.paused) ui.field.focus();
  if (snapshot?.status === 'finished') ui.overNew.focus();
}

/// `keep`: the screen is drawn again at once (a new language): the game goes on.
export function unmount({ keep = false } = {}) {
  mounted = null;
  resizeObserver?.disconnect();
  resizeObserver = null;
  document.removeEventListener('visibilitychange', pauseWhenHidden);
  document.removeEventListener('keydown', screenKeys);
  ui?.field.stopAnimation();
  if (!keep && snapshot && !snapshot.paused && snapshot.clockRunning) games.pause(GAME).catch(() => {});
}

function buildScreen() {
  const styleButtons = STYLES.map((style) => el('button', {
    class: 'style', id: `style-${style}`, 'aria-pressed': 'false', title: t(`bb.style.${style}.hint`),
    onclick: () => newGame(style), text: t(`category.bubbles.${style}`),
  }));
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('bb.toolbar') },
    el('div', { class: 'group', role: 'group', 'aria-label': t('bb.styles') }, styleButtons),
    el('span', { class: 'spacer' }),
    el('button', { id: 'bb-stats', onclick: () => showStatistics().catch((e) => app.showError(e)), text: t('game.statistics') }),
    el('button', { id: 'bb-options', onclick: () => optionsDialog().catch((e) => app.showError(e)), text: t('game.options') }),
    el('button', { id: 'bb-home', onclick: () => app.show('home'), text: t('game.allGames') }));

  const undoButton = el('button', { id: 'bb-undo', title: t('bb.undoKey'), onclick: undo, disabled: true, text: t('bb.undo') });
  const redoButton = el('button', { id: 'bb-redo', title: t('bb.redoKey'), onclick: redo, disabled: true, text: t('bb.redo') });
  const scoreValue = el('output', { id: 'bb-score', class: 'bb-score-value', 'aria-live': 'off', text: '0' });
  const pauseButton = el('button', { id: 'bb-pause', onclick: togglePause, text: t('game.pause') });
  const panel = el('div', { class: 'bb-panel' },
    el('div', { class: 'group' }, undoButton, redoButton),
    el('div', { class: 'bb-score' }, el('span', { class: 'bb-score-name', text: t('bb.score') }), scoreValue),
    el('div', { class: 'group' },
      el('button', { id: 'bb-new', onclick: () => newGame(), text: t('game.new') }),
      pauseButton));

  const field = new BubbleField({ onIntent: send });
  const pausedCover = el('div', { class: 'bb-cover bb-paused', id: 'bb-paused', hidden: true },
    el('p', { text: t('game.paused') }),
    el('button', { class: 'primary', id: 'bb-resume', onclick: togglePause, text: t('game.resume') }));
  const overScore = el('p', { class: 'bb-over-score', id: 'bb-over-score' });
  const overRecord = el('p', { class: 'bb-over-record', id: 'bb-over-record', hidden: true });
  const overNew = el('button', { class: 'primary', id: 'bb-over-new', onclick: () => newGame(), text: t('game.new') });
  const overHall = el('button', {
    id: 'bb-over-hall', hidden: true, text: t('hall.title'),
    onclick: () => app.show('hall', { highlight: snapshot?.record?.id }),
  });
  const over = el('section', { class: 'bb-cover bb-over', id: 'bb-over', hidden: true, 'aria-labelledby': 'bb-over-title' },
    el('h2', { id: 'bb-over-title', text: t('bb.gameOver') }),
    overScore, overRecord,
    el('div', { class: 'bb-over-buttons' }, overHall, overNew));
  const frame = el('div', { class: 'bb-frame' }, field.node, pausedCover, over);
  const stage = el('div', { class: 'bb-stage' }, frame);
  const statusText = el('span', { id: 'bb-status', role: 'status' });
  const status = el('div', { class: 'statusline' }, statusText);
  return {
    toolbar, styleButtons, panel, undoButton, redoButton, scoreValue, pauseButton, field, stage, frame,
    pausedCover, over, overScore, overRecord, overNew, overHall, statusText, status,
  };
}

/// Sends one move; moves go one at a time, in order, so fast clicks are never reordered.
function send(move) {
  const token = mounted;
  queue = queue.then(async () => {
    if (token !== mounted || !snapshot || snapshot.status !== 'playing' || snapshot.paused) return;
    try {
      const before = snapshot;
      const next = await games.play(GAME, move);
      if (token !== mounted) return;
      show(next, motionOf(before, next, move));
      react(before, next);
    } catch (error) {
      app.showError(error);
    }
  });
  return queue;
}

/// Undo and redo wait their turn behind the moves already sent.
function change(request) {
  const token = mounted;
  queue = queue.then(async () => {
    if (token !== mounted || !snapshot) return;
    try {
      const next = await request();
      if (token === mounted) show(next);
    } catch (error) {
      app.showError(error);
    }
  });
  return queue;
}

function undo() {
  if (snapshot?.canUndo) change(() => games.undo(GAME));
}

function redo() {
  if (snapshot?.canRedo) change(() => games.redo(GAME));
}

/// The animation of a pop: the balls of the selection the click went into burst.
function motionOf(before, next, move) {
  const popped = next.moveCount === before.moveCount + 1 && move.action === 'click';
  const from = before.view;
  const to = next.view;
  if (!popped || !from?.selection || !to) return null;
  const removed = from.selection.map(({ x, y }) => y * from.width + x);
  return planMotion(from.cells, to.cells, removed, to.width, to.height, to.style);
}

/// What a move's answer means to the player: told to screen readers; a record asks for a name.
function react(before, next) {
  const view = next.view;
  if (!view) return;
  if (next.moveCount > before.moveCount) {
    const gained = next.score - before.score;
    if (next.status === 'finished') {
      announce(t('bb.announce.over', { score: formatNumber(next.score) }));
      const asked = next.record?.rank ? askRecordName(app, next, t(`category.bubbles.${next.category}`)) : Promise.resolve();
      asked.then(() => {
        if (ui.over.isConnected && !ui.over.hidden) ui.overNew.focus();
      }).catch((error) => app.showError(error));
    } else {
      announce(t('bb.announce.popped', { points: formatNumber(gained), score: formatNumber(next.score) }));
    }
  } else if (view.selectionPoints != null && view.selectionPoints !== before.view?.selectionPoints) {
    announce(t('bb.announce.selected', { count: view.selection.length, points: formatNumber(view.selectionPoints) }));
  }
}

/// Draws a new snapshot: the field (and its covers) at once, the score, buttons and status once
/// the field's frame is on screen. In this software-rendered WebKit a frame repaints the box
/// around all that changed in it; the field and the score above it changed together made that
/// the whole window.
function show(next, motion = null) {
  snapshot = next;
  ui.pausedCover.hidden = !next.paused;
  ui.field.node.classList.toggle('concealed', next.paused);
  if (next.view) ui.field.render(next.view, motion);
  showOver(next);
  afterNextPaint(() => showPanel(next));
}

/// The score, the title, the toolbar and the status line for `next`.
function showPanel(next) {
  if (!mounted || snapshot !== next) return;
  const score = next.score ?? 0;
  setText(ui.scoreValue, formatNumber(score));
  setTitle(t('bb.title', { score: formatNumber(score) })).catch(() => {});
  ui.undoButton.disabled = !next.canUndo;
  ui.redoButton.disabled = !next.canRedo;
  setText(ui.pauseButton, next.paused ? t('game.resume') : t('game.pause'));
  ui.pauseButton.disabled = next.status !== 'playing';
  for (const [index, button] of ui.styleButtons.entries()) button.setAttribute('aria-pressed', String(STYLES[index] === next.category));
  setText(ui.statusText, statusText(next));
  root.dataset.status = next.status;
  root.dataset.paused = String(next.paused);
  root.dataset.score = String(score);
}

function showOver(next) {
  const finished = next.status === 'finished';
  ui.over.hidden = !finished;
  if (!finished) return;
  setText(ui.overScore, t('bb.gameOver.score', { score: formatNumber(next.score ?? 0) }));
  const rank = next.record?.rank;
  ui.overRecord.hidden = !rank;
  setText(ui.overRecord, rank ? t('bb.gameOver.record', { rank }) : '');
  ui.overHall.hidden = !rank;
}

function statusText(snap) {
  const style = t(`category.bubbles.${snap.category}`);
  if (snap.paused) return `${style} · ${t('game.paused')}`;
  const balls = snap.view ? t('bb.ballsLeft', { count: formatNumber(snap.view.ballsLeft) }) : '';
  return `${style} · ${balls}`;
}

/// Starts a game of the given style (default: the player's last one) and remembers the style.
async function startGame(style) {
  const chosen = STYLES.includes(style) ? style : app.settings.bubblesParams?.style;
  const params = { style: STYLES.includes(chosen) ? chosen : DEFAULT_STYLE };
  const token = mounted;
  const next = await games.newGame(GAME, params);
  if (app.settings.bubblesParams?.style !== params.style) await app.saveSetting('bubblesParams', params);
  if (token !== mounted) return next;
  show(next);
  ui.field.focus();
  return next;
}

/// A new game (F2, the buttons), after the moves already sent.
export function newGame(style) {
  const token = mounted;
  queue = queue.then(() => token === mounted && startGame(style)).catch((error) => app.showError(error));
  return queue;
}

async function togglePause() {
  if (!snapshot) return;
  const token = mounted;
  try {
    const next = await (snapshot.paused ? games.resume(GAME) : games.pause(GAME));
    if (token !== mounted) return;
    show(next);
    if (!snapshot.paused) ui.field.focus();
  } catch (error) {
    app.showError(error);
  }
}

function pauseWhenHidden() {
  if (document.hidden && snapshot && !snapshot.paused && snapshot.status === 'playing' && snapshot.moveCount > 0) {
    const token = mounted;
    games.pause(GAME).then((next) => token === mounted && show(next)).catch(() => {});
  }
}

const screenKeys = undoRedoPauseKeys({ undo, redo, togglePause });

/// Asks the window to fit the field at about 40 px a ball, the bars around it (wide enough for
/// the toolbar on one line).
function fitToField() {
  const view = snapshot?.view;
  const columns = view?.width ?? 11;
  const rows = view?.height ?? 11;
  const cell = 40;
  const chrome = ui.toolbar.offsetHeight + ui.panel.offsetHeight + ui.status.offsetHeight + 40;
  fitWindow(Math.max(740, columns * cell + 48), rows * cell + chrome).catch(() => {});
}

function fitBoard() {
  const width = ui.stage.clientWidth - 24;
  const height = ui.stage.clientHeight - 24;
  ui.field.fit(width, height);
}

async function showStatistics() {
  const category = snapshot?.category ?? app.settings.bubblesParams?.style ?? DEFAULT_STYLE;
  const stats = await call('statistics', { game: GAME, category });
  const average = stats.played ? Math.round(stats.totalScore / stats.played) : 0;
  const rows = [
    [t('stats.played'), formatNumber(stats.played), 'played'],
    [t('bb.stats.average'), stats.played ? formatNumber(average) : '—', 'average'],
    [t('bb.stats.total'), formatNumber(stats.totalScore), 'total'],
    [t('bb.stats.best'), stats.bestScore == null ? '—' : formatNumber(stats.bestScore), 'best'],
  ];
  await openDialog({
    id: 'stats-dialog',
    title: t('stats.title', { category: t(`category.bubbles.${category}`) }),
    body: el('table', { class: 'stats' }, el('tbody', {}, rows.map(([name, value, key]) => el('tr', { dataset: { stat: key } },
      el('th', { scope: 'row', text: name }), el('td', { class: 'number', text: value }))))),
  });
}

async function optionsDialog() {
  const colourBlind = el('input', { type: 'checkbox', name: 'colourBlind', id: 'option-colourBlind', checked: app.settings.colourBlind ? true : undefined });
  const result = await openDialog({
    id: 'options-dialog',
    title: t('bb.options.title'),
    body: [el('label', {}, t('bb.options.colourBlind'), colourBlind)],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
  });
  if (result.value !== 'save') return;
  await app.saveSetting('colourBlind', colourBlind.checked);
  document.documentElement.classList.toggle('colour-blind', Boolean(app.settings.colourBlind));
}
