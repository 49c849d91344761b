// The Minesweeper screen: level bar, the classic counter-face-timer panel, and the field.

import { el, announce } from '../dom.js';
import { t, errorText, formatSeconds, formatNumber } from '../i18n.js';
import { games, fitWindow, call, listen } from '../ipc.js';
import { openDialog } from '../dialog.js';
import { isScreenKey } from '../keys.js';
import { counter } from './digits.js';
import { face } from './face.js';
import { MineField } from './board.js';
import { play as playSound } from './sound.js';
import { askRecordName, showBestTimes } from '../record.js';

export const id = 'minesweeper';
export const helpTopic = 'minesweeper';
const GAME = 'minesweeper';

const LEVELS = ['beginner', 'intermediate', 'expert'];
// The custom dialog's limits; the backend checks them again and has the last word.
const CUSTOM = { min: 9, max: 100, minMines: 10 };

let app;
let root;
let ui;
let snapshot = null;
let received = 0;
let ticker = null;
let queue = Promise.resolve();
let unlisten = null;
let drawnShape = '';

export async function mount(rootNode, appObject) {
  app = appObject;
  root = rootNode;
  ui = buildScreen();
  drawnShape = '';
  root.append(ui.toolbar, ui.panel, ui.stage, ui.status);
  window.addEventListener('resize', fitBoard);
  document.addEventListener('visibilitychange', pauseWhenHidden);
  document.addEventListener('keydown', screenKeys);
  ticker = setInterval(drawClock, 200);
  // The backend pauses the game by itself when the window is minimised.
  const listening = listen('snapshot', (next) => { if (next.game === GAME) show(next); });
  const [current] = await Promise.all([games.snapshot(GAME), listening]);
  unlisten = await listening;
  if (current) {
    show(current);
    fitToLevel();
  } else {
    await newGame();
  }
  ui.field.focus();
}

/// `keep`: the screen is drawn again at once (a new language): the game goes on.
export function unmount({ keep = false } = {}) {
  window.removeEventListener('resize', fitBoard);
  document.removeEventListener('visibilitychange', pauseWhenHidden);
  document.removeEventListener('keydown', screenKeys);
  clearInterval(ticker);
  unlisten?.();
  if (!keep && snapshot && !snapshot.paused && snapshot.clockRunning) games.pause(GAME).catch(() => {});
}

function buildScreen() {
  const levelButtons = LEVELS.map((level, index) => el('button', {
    class: 'level', id: `level-${level}`, 'aria-pressed': 'false', title: t('ms.levelKey', { key: index + 1 }),
    onclick: () => newGame({ level }), text: t(`ms.level.${level}`),
  }));
  const customButton = el('button', { class: 'level', id: 'level-custom', 'aria-pressed': 'false', onclick: customDialog, text: t('ms.level.custom') });
  const pauseButton = el('button', { id: 'ms-pause', onclick: togglePause, text: t('game.pause') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('ms.toolbar') },
    el('div', { class: 'group', role: 'group', 'aria-label': t('ms.levels') }, levelButtons, customButton),
    el('span', { class: 'spacer' }),
    pauseButton,
    el('button', { id: 'ms-stats', onclick: showStatistics, text: t('game.statistics') }),
    el('button', { id: 'ms-options', onclick: optionsDialog, text: t('game.options') }),
    el('button', { id: 'ms-home', onclick: () => app.show('home'), text: t('game.allGames') }));

  const mines = counter((value) => t('ms.minesLeft', { count: value }));
  mines.id = 'ms-mines';
  const clock = counter((value) => t('ms.seconds', { count: value }));
  clock.id = 'ms-clock';
  const smiley = face();
  const faceButton = el('button', { class: 'ms-face', id: 'ms-face', 'aria-label': t('game.new'), onclick: () => newGame() }, smiley);
  const panel = el('div', { class: 'ms-panel' }, mines, faceButton, clock);

  const field = new MineField({ onIntent: send, onPress: (held) => smiley.setMood(held ? 'surprised' : moodOf(snapshot)) });
  const pausedCover = el('div', { class: 'ms-paused', hidden: true },
    el('p', { text: t('game.paused') }),
    el('button', { class: 'primary', id: 'ms-resume', onclick: togglePause, text: t('game.resume') }));
  const stage = el('div', { class: 'ms-stage' }, el('div', { class: 'ms-frame' }, field.node, pausedCover));
  const statusText = el('span', { id: 'ms-status', role: 'status' });
  const retry = el('button', { id: 'ms-retry', hidden: true, onclick: replay, text: t('ms.tryAgain') });
  const hallButton = el('button', {
    id: 'ms-hall', hidden: true, text: t('hall.title'),
    onclick: () => app.show('hall', { highlight: snapshot?.record?.id }),
  });
  const status = el('div', { class: 'statusline' }, statusText, ' ', retry, hallButton);
  return { toolbar, levelButtons, customButton, pauseButton, panel, mines, clock, smiley, field, stage, pausedCover, statusText, retry, hallButton, status };
}

function moodOf(snap) {
  if (!snap) return 'normal';
  return { won: 'cool', lost: 'dead' }[snap.status] ?? 'normal';
}

/// Sends one intent; intents go one at a time, in order, so fast clicks are never reordered.
function send(move) {
  queue = queue.then(async () => {
    if (!snapshot || snapshot.status !== 'playing' || snapshot.paused) return;
    try {
      const before = snapshot;
      const next = await games.play(GAME, move);
      show(next);
      react(before, next, move);
    } catch (error) {
      app.showError(error);
    }
  });
  return queue;
}

function react(before, next, move) {
  const sound = app.settings.sound;
  if (next.status === 'lost') {
    playSound(sound, 'explosion');
    announce(t('ms.announce.lost', { seconds: formatSeconds(next.elapsedMs) }));
  } else if (next.status === 'won') {
    playSound(sound, 'win');
    announce(t('ms.announce.won', { seconds: formatSeconds(next.elapsedMs) }));
    if (next.record?.rank) askRecordName(app, next, t(`ms.level.${next.view.level}`));
  } else if (move.action !== 'mark' && before.view?.cells !== next.view?.cells) {
    playSound(sound, 'click');
  }
}

function show(next) {
  snapshot = next;
  received = performance.now();
  const view = next.view;
  // Each write below happens only on a change: on a 100x100 field a needless attribute write
  // near the field makes the engine restyle ten thousand cells.
  setIfChanged(ui.pausedCover, 'hidden', !next.paused);
  ui.field.node.classList.toggle('concealed', next.paused);
  setIfChanged(ui.pauseButton, 'textContent', next.paused ? t('game.resume') : t('game.pause'));
  setIfChanged(ui.pauseButton, 'disabled', next.status !== 'playing');
  if (view) {
    ui.field.render(view);
    ui.mines.set(view.minesLeft);
    markLevel(view);
  }
  ui.smiley.setMood(moodOf(next));
  setIfChanged(ui.retry, 'hidden', !next.canReplay);
  setIfChanged(ui.hallButton, 'hidden', !next.record?.rank);
  setIfChanged(ui.statusText, 'textContent', statusText(next));
  setIfChanged(root.dataset, 'status', next.status);
  setIfChanged(root.dataset, 'paused', String(next.paused));
  drawClock();
  // Sizing forces a layout of every cell: only when the field's shape changed.
  const shape = view ? `${view.width}x${view.height}` : '';
  if (shape && shape !== drawnShape) {
    drawnShape = shape;
    fitBoard();
  }
}

function setIfChanged(target, property, value) {
  if (target[property] !== value) target[property] = value;
}

function statusText(snap) {
  const level = snap.view ? levelName(snap.view, snap.category) : '';
  if (snap.paused) return t('game.paused');
  if (snap.status === 'won') return t('ms.status.won', { seconds: formatSeconds(snap.elapsedMs), level });
  if (snap.status === 'lost') return t('ms.status.lost');
  const replay = snap.isReplay ? ` · ${t('ms.replay')}` : '';
  return `${level}${replay}`;
}

function levelName(view, category) {
  if (view.level !== 'custom') return t(`ms.level.${view.level}`);
  return t('ms.level.customSize', { width: view.width, height: view.height, mines: view.mines, category });
}

function markLevel(view) {
  const press = (button, on) => {
    if (button.getAttribute('aria-pressed') !== String(on)) button.setAttribute('aria-pressed', String(on));
  };
  ui.levelButtons.forEach((button, index) => press(button, LEVELS[index] === view.level));
  press(ui.customButton, view.level === 'custom');
}

function drawClock() {
  if (!snapshot) return;
  const running = snapshot.clockRunning && !snapshot.paused;
  const ms = snapshot.elapsedMs + (running ? performance.now() - received : 0);
  ui.clock.set(Math.floor(ms / 1000));
}

/// Starts a game of the given level (default: the current one) with the player's options.
export async function newGame(level) {
  const params = {
    ...(level ?? app.settings.minesweeperParams ?? { level: 'beginner' }),
    firstClick: app.settings.firstClick,
    questionMarks: app.settings.questionMarks,
  };
  const next = await games.newGame(GAME, params);
  const chosen = { level: params.level, ...(params.level === 'custom' ? { width: params.width, height: params.height, mines: params.mines } : {}) };
  if (JSON.stringify(chosen) !== JSON.stringify(app.settings.minesweeperParams)) await app.saveSetting('minesweeperParams', chosen);
  show(next);
  fitToLevel();
  ui.field.focus();
  return next;
}

async function replay() {
  try {
    show(await games.replay(GAME));
    ui.field.focus();
  } catch (error) {
    app.showError(error);
  }
}

async function togglePause() {
  if (!snapshot) return;
  try {
    show(await (snapshot.paused ? games.resume(GAME) : games.pause(GAME)));
    if (!snapshot.paused) ui.field.focus();
  } catch (error) {
    app.showError(error);
  }
}

function pauseWhenHidden() {
  if (document.hidden && snapshot && !snapshot.paused && snapshot.status === 'playing' && snapshot.moveCount > 0) {
    games.pause(GAME).then(show).catch(() => {});
  }
}

function screenKeys(event) {
  if (!isScreenKey(event) || event.ctrlKey) return;
  const index = ['1', '2', '3'].indexOf(event.key);
  if (index >= 0) {
    event.preventDefault();
    newGame({ level: LEVELS[index] }).catch((error) => app.showError(error));
  } else if (event.key === 'p' || event.key === 'P') {
    event.preventDefault();
    togglePause();
  }
}

/// Asks the window to fit the level: about 30 px a cell, the rest of the screen around it.
function fitToLevel() {
  const view = snapshot?.view;
  if (!view) return;
  const chrome = ui.toolbar.offsetHeight + ui.panel.offsetHeight + ui.status.offsetHeight + 40;
  const cell = 30;
  fitWindow(Math.max(420, view.width * cell + 40), view.height * cell + chrome).catch(() => {});
}

function fitBoard() {
  const width = ui.stage.clientWidth - 24;
  const height = ui.stage.clientHeight - 24;
  ui.field.fit(width, height);
}

async function customDialog() {
  const current = snapshot?.view ?? { width: 16, height: 16, mines: 40 };
  const input = (name, value, min, max) => el('input', { type: 'number', name, id: `custom-${name}`, value, min, max, required: true, step: 1 });
  const error = el('p', { class: 'error', id: 'custom-error', role: 'alert' });
  const mineHint = el('span', { class: 'hint', id: 'custom-mines-hint' });
  const fields = {
    width: input('width', current.width, CUSTOM.min, CUSTOM.max),
    height: input('height', current.height, CUSTOM.min, CUSTOM.max),
    mines: input('mines', current.mines, CUSTOM.minMines, (current.width - 1) * (current.height - 1)),
  };
  const updateHint = () => {
    const most = (Number(fields.width.value) - 1) * (Number(fields.height.value) - 1);
    mineHint.textContent = t('ms.custom.minesRange', { min: CUSTOM.minMines, max: Number.isFinite(most) && most > 0 ? most : '?' });
    fields.mines.max = most;
  };
  fields.width.addEventListener('input', updateHint);
  fields.height.addEventListener('input', updateHint);
  updateHint();
  let started = false;
  await openDialog({
    id: 'custom-dialog',
    title: t('ms.custom.title'),
    body: [
      el('label', {}, t('ms.custom.width'), fields.width),
      el('span', { class: 'hint', text: t('ms.custom.sideRange', { min: CUSTOM.min, max: CUSTOM.max }) }),
      el('label', {}, t('ms.custom.height'), fields.height),
      el('label', {}, t('ms.custom.mines'), fields.mines), mineHint, error,
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'start', label: t('ms.custom.start'), primary: true }],
    // The backend checks the numbers; the dialog stays open with its message until they are right.
    validate: (value, form) => {
      if (started) return null;
      const level = { level: 'custom', width: Number(fields.width.value), height: Number(fields.height.value), mines: Number(fields.mines.value) };
      newGame(level).then(() => {
        started = true;
        form.closest('dialog').close('start');
      }).catch((problem) => {
        error.textContent = problem.code ? errorText(problem) : String(problem);
      });
      return 'pending';
    },
  });
}

async function optionsDialog() {
  const check = (key) => el('input', { type: 'checkbox', name: key, id: `option-${key}`, checked: app.settings[key] ? true : undefined });
  const firstClick = el('select', { name: 'firstClick', id: 'option-firstClick' },
    el('option', { value: 'opensArea', text: t('ms.options.opensArea'), selected: app.settings.firstClick === 'opensArea' ? true : undefined }),
    el('option', { value: 'safe', text: t('ms.options.safe'), selected: app.settings.firstClick === 'safe' ? true : undefined }));
  const boxes = { questionMarks: check('questionMarks'), sound: check('sound'), monochrome: check('monochrome') };
  const result = await openDialog({
    id: 'options-dialog',
    title: t('ms.options.title'),
    body: [
      el('label', {}, t('ms.options.firstClick'), firstClick),
      el('label', {}, t('ms.options.questionMarks'), boxes.questionMarks),
      el('label', {}, t('ms.options.sound'), boxes.sound),
      el('label', {}, t('ms.options.monochrome'), boxes.monochrome),
      el('p', { class: 'hint', text: t('ms.options.nextGame') }),
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
  });
  if (result.value !== 'save') return;
  await app.saveSetting('firstClick', firstClick.value);
  for (const [key, box] of Object.entries(boxes)) await app.saveSetting(key, box.checked);
  document.documentElement.classList.toggle('monochrome', Boolean(app.settings.monochrome));
}

async function showStatistics() {
  const category = snapshot?.category ?? 'beginner';
  const stats = await call('statistics', { game: GAME, category });
  const winRate = stats.played ? Math.round((100 * stats.won) / stats.played) : 0;
  const rows = [
    [t('stats.played'), formatNumber(stats.played)],
    [t('stats.won'), formatNumber(stats.won)],
    [t('stats.winRate'), `${formatNumber(winRate)} %`],
    [t('stats.bestTime'), stats.bestTimeMs == null ? '—' : t('stats.seconds', { seconds: formatSeconds(stats.bestTimeMs) })],
    [t('stats.currentStreak'), formatNumber(stats.currentStreak)],
    [t('stats.longestStreak'), formatNumber(stats.longestStreak)],
  ];
  const shown = await openDialog({
    id: 'stats-dialog',
    title: t('stats.title', { category: snapshot?.view ? levelName(snapshot.view, category) : category }),
    body: el('table', { class: 'stats' }, el('tbody', {}, rows.map(([name, value]) => el('tr', {}, el('th', { scope: 'row', text: name }), el('td', { class: 'number', text: value }))))),
    buttons: [{ value: 'best', label: t('record.bestTimes') }, { value: 'ok', label: t('dialog.close'), primary: true }],
  });
  if (shown.value === 'best') await showBestTimes(app);
}
