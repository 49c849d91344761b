// The Gomoku screen (seed 004): the board, the players and whose turn it is, the move list with
// undo and redo, and the result with a replay of the finished game. Against the computer the
// backend thinks on its own thread and sends the new snapshot as a `snapshot` event.

import { el, afterNextPaint, announce, setText, toast } from '../dom.js';
import { t, errorText, formatNumber, formatSeconds } from '../i18n.js';
import { games, fitWindow, call, listen } from '../ipc.js';
import { openDialog } from '../dialog.js';
import { undoRedoPauseKeys } from '../keys.js';
import { askRecordName } from '../record.js';
import { GoBoard } from './board.js';
import { MoveList } from './movelist.js';
import { notation } from './notation.js';
import { CATEGORIES, COLOURS, chooseParams, other, paramsOf, savedParams } from './setup.js';

export const id = 'gomoku';
export const helpTopic = 'gomoku';
const GAME = 'gomoku';
const SIZE = 15;
/// How long to trust the `snapshot` event before asking again while the computer thinks.
const WATCHDOG_MS = 2000;

let app;
let root;
let ui;
let snapshot = null;
let queue = Promise.resolve();
let mounted = false;
let unlisten = null;
let watchdog = null;
let resizeObserver = null;
/// How many moves of a finished game the board shows (null: all of them).
let replayAt = null;
/// Settles once the side panel shows the last snapshot (see `show`).
let panelShown = Promise.resolve();

export async function mount(rootNode, appObject) {
  app = appObject;
  root = rootNode;
  snapshot = null;
  queue = Promise.resolve();
  replayAt = null;
  mounted = true;
  ui = buildScreen();
  root.append(ui.toolbar, ui.stage, ui.status);
  // The board follows its area's size, measured by the frame's own layout (reading sizes after
  // every move would force extra layouts).
  resizeObserver = new ResizeObserver(fitBoard);
  resizeObserver.observe(ui.boardArea);
  document.addEventListener('visibilitychange', pauseWhenHidden);
  document.addEventListener('keydown', screenKeys);
  // Listening before asking for the game, so that no move of the computer goes unseen.
  unlisten = listen('snapshot', onSnapshotEvent);
  await unlisten.catch((error) => console.error(error));
  const current = await games.snapshot(GAME);
  if (current) show(current);
  else await startGame(savedParams(app.settings));
  fitToBoard();
  if (snapshot?.paused) ui.resumeButton.focus();
  else ui.board.focus();
}

/// `keep`: the screen is drawn again at once (a new language): the game goes on.
export function unmount({ keep = false } = {}) {
  mounted = false;
  resizeObserver?.disconnect();
  resizeObserver = null;
  document.removeEventListener('visibilitychange', pauseWhenHidden);
  document.removeEventListener('keydown', screenKeys);
  clearTimeout(watchdog);
  unlisten?.then((stop) => stop()).catch(() => {});
  unlisten = null;
  if (!keep && snapshot && !snapshot.paused && snapshot.clockRunning) games.pause(GAME).catch(() => {});
}

function buildScreen() {
  const pauseButton = el('button', { id: 'gm-pause', onclick: togglePause, text: t('game.pause') });
  const kind = el('span', { class: 'gm-toolbar-game', id: 'gm-game-kind' });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('gm.toolbar') },
    el('button', { id: 'gm-new', onclick: () => newGame(), title: 'F2', text: t('gm.newGame') }),
    kind,
    el('span', { class: 'spacer' }),
    pauseButton,
    el('button', { id: 'gm-stats', onclick: () => showStatistics().catch((e) => app.showError(e)), text: t('game.statistics') }),
    el('button', { id: 'gm-options', onclick: () => optionsDialog().catch((e) => app.showError(e)), text: t('game.options') }),
    el('button', { id: 'gm-home', onclick: () => app.show('home'), text: t('game.allGames') }));

  const board = new GoBoard({ onPlay: send });
  const resumeButton = el('button', { class: 'primary', id: 'gm-resume', onclick: togglePause, text: t('game.resume') });
  const pausedCover = el('div', { class: 'gm-paused', id: 'gm-paused', hidden: true }, el('p', { text: t('game.paused') }), resumeButton);
  const frame = el('div', { class: 'gm-frame' }, board.node, pausedCover);
  const boardArea = el('div', { class: 'gm-board-area' }, frame);

  const players = Object.fromEntries(COLOURS.map((colour) => {
    const name = el('span', { class: 'gm-player-name', id: `gm-name-${colour}-shown` });
    const role = el('span', { class: 'gm-player-role' });
    const card = el('div', { class: `gm-player ${colour}`, id: `gm-player-${colour}` },
      el('span', { class: `gm-badge ${colour}`, 'aria-hidden': 'true' }),
      el('span', { class: 'gm-player-text' }, name, role));
    return [colour, { card, name, role }];
  }));
  const turnBadge = el('span', { class: 'gm-badge', 'aria-hidden': 'true' });
  const turnText = el('span', { class: 'gm-turn-text' });
  const turn = el('p', { class: 'gm-turn', id: 'gm-turn', role: 'status' }, turnBadge, turnText);
  const thinkingText = el('span', {});
  const thinkingBadge = el('span', { class: 'gm-badge', 'aria-hidden': 'true' });
  const thinking = el('p', { class: 'gm-thinking', id: 'gm-thinking', hidden: true },
    thinkingBadge, el('span', { class: 'gm-spinner', 'aria-hidden': 'true' }), thinkingText);

  const resultTitle = el('h2', { id: 'gm-result-title' });
  const resultText = el('p', { id: 'gm-result-text' });
  const resultRecord = el('p', { class: 'gm-result-record', id: 'gm-result-record', hidden: true });
  const againButton = el('button', { class: 'primary', id: 'gm-again', onclick: playAgain, text: t('gm.again') });
  const hallButton = el('button', {
    id: 'gm-result-hall', hidden: true, text: t('hall.title'),
    onclick: () => app.show('hall', { highlight: snapshot?.record?.id }),
  });
  const result = el('section', { class: 'gm-result', id: 'gm-result', hidden: true, 'aria-labelledby': 'gm-result-title' },
    resultTitle, resultText, resultRecord,
    el('div', { class: 'gm-result-buttons' }, againButton,
      el('button', { id: 'gm-result-new', onclick: () => newGame(), text: t('gm.newGame') }), hallButton));

  const undoButton = el('button', { id: 'gm-undo', title: t('gm.undoKey'), onclick: undo, disabled: true, text: t('gm.undo') });
  const redoButton = el('button', { id: 'gm-redo', title: t('gm.redoKey'), onclick: redo, disabled: true, text: t('gm.redo') });
  const moveList = new MoveList({ onStep: step });
  const side = el('aside', { class: 'gm-side', 'aria-label': t('gm.side') },
    el('div', { class: 'gm-players' }, players.black.card, players.white.card),
    turn, thinking, result,
    moveList.node,
    el('div', { class: 'gm-actions' }, undoButton, redoButton));
  const stage = el('div', { class: 'gm-stage' }, boardArea, side);
  const statusText = el('span', { id: 'gm-status', role: 'status' });
  const status = el('div', { class: 'statusline' }, statusText);
  return {
    toolbar, kind, pauseButton, board, resumeButton, pausedCover, frame, boardArea, players, turn, turnBadge, turnText,
    thinking, thinkingText, thinkingBadge, result, resultTitle, resultText, resultRecord, againButton, hallButton,
    undoButton, redoButton, moveList, side, stage, statusText, status,
  };
}

/// Runs backend requests one at a time, in the order asked, so a late answer never overwrites a
/// newer one. The promise returned fails with the task; the queue goes on.
function enqueue(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

/// Plays a stone where the player clicked (or pressed Space/Enter).
function send(point) {
  return enqueue(async () => {
    if (!mounted || !snapshot || snapshot.paused || snapshot.status !== 'playing') return;
    try {
      const before = snapshot;
      const next = await games.play(GAME, point);
      show(next);
      react(before, next);
    } catch (error) {
      playError(error, point);
    }
  });
}

/// A refused stone: said in words the player knows. Nothing changed on the board.
function playError(error, point) {
  const occupied = error?.code === 'illegal_move' && error.params?.reason === 'occupied';
  const text = occupied
    ? t('gm.error.occupied', { point: notation(point.x, point.y, snapshot?.view?.size ?? SIZE) })
    : error?.code ? errorText(error) : String(error);
  toast(text);
  announce(text);
}

/// The computer moved (or the backend says something changed): ask for the game as it is now.
function onSnapshotEvent(payload) {
  if (!mounted || payload?.game !== GAME) return;
  refresh();
}

function refresh() {
  return enqueue(async () => {
    if (!mounted) return;
    const before = snapshot;
    const next = await games.snapshot(GAME);
    if (!mounted || !next) return;
    show(next);
    react(before, next);
  }).catch((error) => app.showError(error));
}

function change(request) {
  return enqueue(async () => {
    if (!snapshot) return;
    try {
      const before = snapshot;
      const next = await request();
      show(next);
      react(before, next);
    } catch (error) {
      app.showError(error);
    }
  });
}

function undo() {
  if (snapshot?.canUndo) change(() => games.undo(GAME));
}

function redo() {
  if (snapshot?.canRedo) change(() => games.redo(GAME));
}

const nameOf = (view, colour) => (colour === 'black' ? view.blackName : view.whiteName);
/// Whether a player's name is just the colour ("Black"), so the colour need not be said again.
const namedByColour = (name, colour) => [t(`gm.colour.${colour}`), t(`gm.colourName.${colour}`)]
  .some((word) => word.toLocaleLowerCase() === name.trim().toLocaleLowerCase());

function turnText(view, colour) {
  const name = nameOf(view, colour);
  return namedByColour(name, colour) ? t('gm.turnOwnColour', { name }) : t('gm.turn', { name, colour: t(`gm.colour.${colour}`) });
}
const vsComputer = (view) => view.opponent !== 'human';

/// What a new snapshot means to the player: the computer's move and the result are told to
/// screen readers; a record asks for a name.
function react(before, next) {
  const view = next.view;
  if (!view || !before?.view) return;
  const finished = before.status === 'playing' && next.status !== 'playing';
  if (finished) {
    announce(`${resultTitle(next)} ${resultDetail(next)}`);
    const asked = next.record?.rank ? askRecordName(app, next, t(`category.gomoku.${next.category}`)) : Promise.resolve();
    Promise.all([asked, panelShown]).then(() => {
      if (mounted && !ui.result.hidden) ui.againButton.focus();
    }).catch((error) => app.showError(error));
    return;
  }
  const grew = view.moves.length > before.view.moves.length;
  const last = view.lastMove;
  if (grew && last && vsComputer(view) && last.colour !== view.humanColour) {
    announce(t('gm.announce.played', { name: nameOf(view, last.colour), point: last.notation }));
  }
}

/// Draws a new snapshot: the board at once, everything beside it once the board's frame is on
/// screen. In this software-rendered WebKit a frame repaints the box around all that changed in
/// it; a stone and the side panel changed together made that most of the window (15 ms a move,
/// measured in the real webview), each on its own frame is a few milliseconds.
function show(next) {
  const previous = snapshot;
  snapshot = next;
  const view = next.view;
  if (!view || !previous?.view || previous.view.moves.length !== view.moves.length || next.status === 'playing') replayAt = null;
  ui.pausedCover.hidden = !next.paused;
  ui.frame.classList.toggle('concealed', next.paused);
  if (view) drawBoard();
  else if (!ui.board.size) ui.board.build(SIZE);
  panelShown = afterNextPaint(showPanel);
  clearTimeout(watchdog);
  if (next.computerThinking && mounted) watchdog = setTimeout(refresh, WATCHDOG_MS);
}

/// The toolbar's and the side panel's view of the snapshot, and the status line.
function showPanel() {
  if (!mounted || !snapshot) return;
  const next = snapshot;
  const view = next.view;
  setText(ui.pauseButton, next.paused ? t('game.resume') : t('game.pause'));
  ui.pauseButton.disabled = next.status !== 'playing';
  ui.undoButton.disabled = !next.canUndo;
  ui.redoButton.disabled = !next.canRedo;
  if (view) {
    drawMoveList();
    showPlayers(view, next);
  }
  showThinking(next);
  showResult(next);
  setText(ui.statusText, statusText(next));
  root.dataset.status = next.status;
  root.dataset.paused = String(next.paused);
  root.dataset.thinking = String(Boolean(next.computerThinking));
  root.dataset.moves = String(view ? view.moves.length : next.moveCount);
}

/// How many moves the board and the move list show: all, or the replay's step.
function shownMoves() {
  const total = snapshot.view.moves.length;
  return snapshot.status !== 'playing' && replayAt != null ? replayAt : total;
}

/// The board: the game as it stands, or a step of the finished game's replay.
function drawBoard() {
  const view = snapshot.view;
  const total = view.moves.length;
  const at = shownMoves();
  let { stones, winningLine } = view;
  const moves = view.moves.slice(0, at);
  if (at < total) {
    // A replay only shows the first moves again; it asks the backend nothing.
    stones = new Array(view.size * view.size).fill(0);
    for (const m of moves) stones[m.y * view.size + m.x] = m.colour === 'black' ? 1 : 2;
    winningLine = null;
  }
  const canPlay = snapshot.status === 'playing' && !snapshot.paused && !snapshot.computerThinking && !view.computerToMove;
  ui.board.render({
    size: view.size, stones, moves, winningLine, numbers: Boolean(app.settings.moveNumbers),
    turn: canPlay ? view.sideToMove : null,
  });
  ui.board.node.classList.toggle('replay', at < total);
}

/// The board and the move list together, at once (a replay's step, a change of options).
function drawPosition() {
  drawBoard();
  drawMoveList();
}

function drawMoveList() {
  ui.moveList.render(snapshot.view.moves, { at: shownMoves(), replaying: snapshot.status !== 'playing' });
}

/// Shows the position after `n` moves of the finished game.
function step(n) {
  if (!snapshot?.view || snapshot.status === 'playing') return;
  const total = snapshot.view.moves.length;
  const at = Math.max(0, Math.min(total, n));
  replayAt = at === total ? null : at;
  drawPosition();
  setText(ui.statusText, statusText(snapshot));
}

function showPlayers(view, snap) {
  for (const colour of COLOURS) {
    const { card, name, role } = ui.players[colour];
    setText(name, nameOf(view, colour));
    const computer = vsComputer(view) && colour !== view.humanColour;
    const colourWord = namedByColour(nameOf(view, colour), colour) ? null : t(`gm.colour.${colour}`);
    const winner = view.winner === colour ? t('gm.role.winner') : null;
    setText(role, [colourWord, computer ? t('gm.role.computer') : vsComputer(view) ? t('gm.role.you') : null, winner]
      .filter(Boolean).join(' · '));
    role.hidden = !role.textContent;
    const toMove = snap.status === 'playing' && view.sideToMove === colour;
    card.classList.toggle('to-move', toMove);
    card.classList.toggle('winner', view.winner === colour);
    if (toMove) card.setAttribute('aria-current', 'true');
    else card.removeAttribute('aria-current');
  }
  const side = view.sideToMove;
  // While the computer thinks, the thinking line says whose turn it is.
  ui.turn.hidden = snap.status !== 'playing' || Boolean(snap.computerThinking);
  if (side) {
    ui.turnBadge.className = `gm-badge ${side}`;
    setText(ui.turnText, turnText(view, side));
  }
}

function showThinking(snap) {
  const thinking = Boolean(snap.computerThinking);
  ui.thinking.hidden = !thinking;
  ui.board.node.classList.toggle('thinking', thinking);
  const view = snap.view;
  if (thinking && view) {
    const colour = other(view.humanColour);
    ui.thinkingBadge.className = `gm-badge ${colour}`;
    setText(ui.thinkingText, t('gm.thinking', { name: nameOf(view, colour) }));
  }
}

function resultTitle(snap) {
  const view = snap.view;
  if (snap.status === 'draw') return t('gm.result.draw');
  if (!view?.winner) return '';
  if (vsComputer(view)) return snap.status === 'won' ? t('gm.result.youWin') : t('gm.result.wins', { name: nameOf(view, view.winner) });
  return t('gm.result.wins', { name: nameOf(view, view.winner) });
}

function resultDetail(snap) {
  const view = snap.view;
  if (snap.status === 'draw') return t('gm.result.drawText');
  if (!view?.winner) return '';
  return t('gm.result.five', {
    colour: t(`gm.colour.${view.winner}`), moves: formatNumber(view.moves.length), seconds: formatSeconds(snap.elapsedMs),
  });
}

function showResult(snap) {
  const over = snap.status !== 'playing' && Boolean(snap.view);
  ui.result.hidden = !over;
  ui.result.dataset.result = over ? snap.status : '';
  ui.result.classList.toggle('lost', snap.status === 'lost');
  if (!over) return;
  setText(ui.resultTitle, resultTitle(snap));
  setText(ui.resultText, resultDetail(snap));
  const rank = snap.record?.rank;
  ui.resultRecord.hidden = !rank;
  setText(ui.resultRecord, rank ? t('gm.result.record', { rank }) : '');
  ui.hallButton.hidden = !rank;
}

function statusText(snap) {
  const kind = t(`category.gomoku.${snap.category}`);
  setText(ui.kind, kind);
  if (snap.paused) return `${kind} · ${t('game.paused')}`;
  const view = snap.view;
  if (!view) return kind;
  if (snap.status !== 'playing') {
    const total = view.moves.length;
    const at = replayAt ?? total;
    const replay = at < total ? ` · ${t('gm.replay.position', { at: formatNumber(at), total: formatNumber(total) })}` : '';
    return `${resultTitle(snap)} ${resultDetail(snap)}${replay}`;
  }
  // Whose turn it is, and the moves, are beside the board (the turn is read out from there): a
  // move changes nothing down here, so its frame repaints nothing down here.
  return `${kind} · ${t(`gm.rule.${view.rule}.hint`)}`;
}

/// Starts a game with these parameters and remembers them for the next time.
async function startGame(params) {
  const next = await games.newGame(GAME, params);
  if (JSON.stringify(params) !== JSON.stringify(app.settings.gomokuParams)) await app.saveSetting('gomokuParams', params);
  replayAt = null;
  if (!mounted) return next;
  show(next);
  ui.board.focus();
  announce(t('gm.announce.new', { kind: t(`category.gomoku.${next.category}`) }));
  return next;
}

/// F2 and the New game buttons: choose the rule, the opponent and the names, then play.
export async function newGame() {
  if (document.querySelector('dialog[open]')) return;
  await chooseParams(app, (params) => enqueue(() => startGame(params)));
}

/// The same game again: same rule, opponent, colours and names.
function playAgain() {
  const params = snapshot?.view ? paramsOf(snapshot.view) : savedParams(app.settings);
  enqueue(() => startGame(params)).catch((error) => app.showError(error));
}

async function togglePause() {
  if (!snapshot) return;
  await change(() => (snapshot.paused ? games.resume(GAME) : games.pause(GAME)));
  if (snapshot && !snapshot.paused) ui.board.focus();
  else ui.resumeButton.focus();
}

function pauseWhenHidden() {
  if (document.hidden && snapshot && !snapshot.paused && snapshot.status === 'playing' && snapshot.moveCount > 0) {
    change(() => games.pause(GAME));
  }
}

const screenKeys = undoRedoPauseKeys({ undo, redo, togglePause });

/// Asks the window for room for a board of about 34 px a line, with the side panel beside it.
function fitToBoard() {
  const board = 34 * (SIZE + 1.8);
  const chrome = ui.toolbar.offsetHeight + ui.status.offsetHeight + 40;
  fitWindow(Math.round(board + 300 + 48), Math.round(Math.max(board, 520) + chrome)).catch(() => {});
}

function fitBoard() {
  ui.board.fit(ui.boardArea.clientWidth - 8, ui.boardArea.clientHeight - 8);
}

async function optionsDialog() {
  const check = (key) => el('input', { type: 'checkbox', name: key, id: `option-${key}`, checked: app.settings[key] ? true : undefined });
  const boxes = { moveNumbers: check('moveNumbers'), colourBlind: check('colourBlind') };
  const result = await openDialog({
    id: 'options-dialog',
    title: t('gm.options.title'),
    body: [
      el('label', { for: 'option-moveNumbers' }, t('gm.options.moveNumbers'), boxes.moveNumbers),
      el('label', { for: 'option-colourBlind' }, t('gm.options.colourBlind'), boxes.colourBlind),
      el('p', { class: 'hint', text: t('gm.options.colourBlindHint') }),
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
  });
  if (result.value !== 'save') return;
  for (const [key, box] of Object.entries(boxes)) {
    if (Boolean(app.settings[key]) !== box.checked) await app.saveSetting(key, box.checked);
  }
  document.documentElement.classList.toggle('colour-blind', Boolean(app.settings.colourBlind));
  if (snapshot?.view) drawPosition();
}

/// Games, wins, losses and draws of one category (rule and opponent), chosen in the dialog.
async function showStatistics() {
  const current = snapshot?.category ?? `${savedParams(app.settings).rule}-${savedParams(app.settings).opponent}`;
  const select = el('select', { id: 'gm-stats-category', 'aria-label': t('gm.stats.category') },
    CATEGORIES.map((category) => el('option', {
      value: category, text: t(`category.gomoku.${category}`), selected: category === current ? true : undefined,
    })));
  const table = el('table', { class: 'stats', id: 'gm-stats-table' });
  const fill = async () => {
    const category = select.value;
    const stats = await call('statistics', { game: GAME, category });
    const human = category.endsWith('-human');
    const count = (value) => (value == null ? null : formatNumber(value));
    const winRate = stats.played ? `${formatNumber(Math.round((100 * stats.won) / stats.played))} %` : '—';
    // Losses and draws are shown when the backend counts them (`lost`, `drawn`).
    const rows = [
      ['played', t('stats.played'), count(stats.played)],
      ['won', human ? t('gm.stats.fives') : t('stats.won'), count(stats.won)],
      ['lost', t('gm.stats.lost'), human ? null : count(stats.lost)],
      ['drawn', t('gm.stats.drawn'), count(stats.drawn)],
      ['winRate', t('stats.winRate'), human ? null : winRate],
      ['currentStreak', t('stats.currentStreak'), human ? null : count(stats.currentStreak)],
      ['longestStreak', t('stats.longestStreak'), human ? null : count(stats.longestStreak)],
    ].filter(([, , value]) => value != null);
    table.replaceChildren(el('tbody', {}, rows.map(([key, name, value]) => el('tr', { dataset: { stat: key } },
      el('th', { scope: 'row', text: name }), el('td', { class: 'number', text: value })))));
  };
  select.addEventListener('change', () => fill().catch((error) => app.showError(error)));
  await fill();
  await openDialog({
    id: 'stats-dialog',
    title: t('gm.stats.title'),
    body: [el('label', { for: 'gm-stats-category' }, t('gm.stats.category'), select), table],
  });
}
