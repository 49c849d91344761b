// Gomoku's study board: the player places stones for both sides, takes them back, pastes a
// position or brings one from a game, and the engine thinks about it while it stands. The
// panel shows the engine's value of the position from black's side as a bar and a number (or
// the win by force it found), its three best moves with their values, and its expected line,
// drawn on the board as numbered see-through stones. Never a game: nothing here ranks.
// The backend keeps the board (src-tauri/games/src/gomoku/study_board/) and runs the engine
// (src-tauri/study/, the host of every game's study board); this screen draws its snapshots
// (the `study_board` event brings each new look) and sends the player's edits. The engine
// that looks may be an added Gomocup engine (the setting `gomokuHelper`, chosen here or in
// Preferences; src-tauri/engines/helper.rs): its looks are drawn alike, and a fault it makes
// stops its analysis with a plain-words status.

import { el, announce, setText, toast } from '../dom.js';
import { t, errorText, formatNumber } from '../i18n.js';
import { call, fitWindow, listen } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { isScreenKey } from '../keys.js';
import { keyHandler } from '../shortcuts.js';
import { askForMoves } from './paste-dialog.js';
import { GoBoard } from './board.js';
import { notation } from './notation.js';
import { SIZES } from './setup.js';

export const id = 'gomoku-study-board';

export const helpTopic = 'gomokuStudyBoard';

/// Opened from somewhere (a game, a review, the watch view) and going back there.
export const transient = true;

const GAME = 'gomoku';
/// The board when nothing is shown yet; each view gives its own (15 or 20).
const SIZE = 15;
const sizeOf = (token) => token.snapshot?.view?.size ?? SIZE;
const RULES = ['freestyle', 'exactFive', 'renju', 'caro'];
/// From here up the engine's values are wins by force (src-tauri/games/src/gomoku/ai WIN_SCORE).
const WIN_SCORE = 9_999_000;
/// The bar's and the number's scale: values beyond it show as the end of the bar (the review's
/// graph uses the same, src-tauri/games/src/gomoku/review.rs SHOWN_WIN).
const SHOWN = 10_000;
/// How many stones of the expected line are drawn on the board.
const GHOSTS = 10;

/// What an added engine's fault says (literal keys, so that the catalogue test sees them).
const FAULT = {
  timeout: 'studyBoard.fault.timeout',
  crash: 'studyBoard.fault.crash',
  garbage: 'studyBoard.fault.garbage',
  illegal: 'studyBoard.fault.illegal',
  flood: 'studyBoard.fault.flood',
};

/// Where the board was opened from, and what its Back button says.
const BACK_TEXT = { gomoku: 'studyBoard.backToGame', review: 'studyBoard.backToReview', watch: 'studyBoard.backToWatch' };

function build(token) {
  const rule = el('select', { id: 'study-rule', 'aria-label': t('studyBoard.rule'), onchange: () => edit(token, { rule: rule.value }) },
    RULES.map((name) => el('option', { value: name, text: t(`gm.rule.${name}`) })));
  const size = el('select', { id: 'study-size', 'aria-label': t('gm.new.board'), onchange: () => edit(token, { size: Number(size.value) }) },
    SIZES.map((n) => el('option', { value: String(n), text: t('gm.board.size', { n }) })));
  const engine = el('button', { id: 'study-engine', type: 'button', 'aria-pressed': 'true', title: 'P', onclick: () => toggleEngine(token) });
  const back = el('button', { id: 'study-back', type: 'button', onclick: () => goBack(token), text: t(BACK_TEXT[token.from?.screen] ?? 'studyBoard.backToGame') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('studyBoard.title') },
    el('h1', { class: 'toolbar-title', text: t('studyBoard.title') }),
    el('label', { class: 'study-rule-label' }, t('studyBoard.rule'), ' ', rule),
    size,
    el('span', { class: 'spacer' }),
    engine, back,
    el('button', { id: 'study-home', type: 'button', onclick: () => token.app.show('home'), text: t('game.allGames') }));
  const board = new GoBoard({ onPlay: (point) => edit(token, { place: point }) });
  board.node.id = 'study-board';
  board.grid.id = 'study-grid';
  board.grid.setAttribute('aria-label', t('studyBoard.board'));
  const boardArea = el('div', { class: 'gm-board-area study-board-area' }, el('div', { class: 'gm-frame' }, board.node));

  const toMove = el('p', { class: 'study-to-move', id: 'study-to-move' });
  const barFill = el('div', { class: 'study-bar-black', id: 'study-bar-black' });
  const bar = el('div', {
    class: 'study-bar', id: 'study-bar', role: 'meter', 'aria-valuemin': String(-SHOWN), 'aria-valuemax': String(SHOWN), 'aria-label': t('studyBoard.value'),
  }, barFill);
  const score = el('p', { class: 'study-score', id: 'study-score', 'aria-live': 'polite' });
  const forced = el('p', { class: 'study-forced', id: 'study-forced', hidden: true });
  const status = el('p', { class: 'study-status', id: 'study-status', role: 'status' });
  const helper = el('select', { id: 'study-helper', onchange: () => chooseHelper(token, helper.value) },
    el('option', { value: '', text: t('studyBoard.builtIn') }));
  const choices = el('ol', { class: 'study-choices', id: 'study-choices', 'aria-labelledby': 'study-choices-title' });
  const line = el('p', { class: 'study-line', id: 'study-line' });
  const actions = el('div', { class: 'gm-actions' },
    el('button', { id: 'study-undo', type: 'button', title: 'Ctrl+Z', onclick: () => edit(token, 'takeBack'), text: t('studyBoard.takeBack') }),
    el('button', { id: 'study-clear', type: 'button', onclick: () => edit(token, 'clear'), text: t('studyBoard.clear') }),
    el('button', { id: 'study-paste', type: 'button', onclick: () => pastePosition(token), text: t('gm.pastePosition') }));
  const side = el('aside', { class: 'gm-side study-side', 'aria-label': t('studyBoard.side') },
    el('label', { class: 'study-helper-label' }, t('studyBoard.helper'), ' ', helper),
    toMove, bar, score, forced, status,
    el('h2', { class: 'gm-side-title', id: 'study-choices-title', text: t('studyBoard.choices') }), choices,
    el('h2', { class: 'gm-side-title', text: t('studyBoard.line') }), line,
    actions, el('p', { class: 'hint study-help', text: t('studyBoard.help') }));
  const stage = el('div', { class: 'gm-stage study-stage' }, boardArea, side);
  return { nodes: [toolbar, stage], rule, size, engine, helper, back, board, boardArea, toMove, bar, barFill, score, forced, status, choices, line };
}

/// The engines the player added, offered beside the built-in one; the chosen one is a setting
/// (it gives the hint too), and the backend looks at the board afresh with it.
async function listHelpers(token) {
  let engines = [];
  try {
    engines = await call('engines');
  } catch {
    // No list (no store): the built-in engine alone.
  }
  const { helper } = token.ui;
  helper.append(...engines.map((entry) => el('option', { value: entry.id, text: `${entry.name} ${entry.version}`.trim() })));
  const chosen = token.app.settings.gomokuHelper ?? '';
  helper.value = engines.some((entry) => entry.id === chosen) ? chosen : '';
}

function chooseHelper(token, id) {
  token.app.saveSetting('gomokuHelper', id);
}

/// Sends an edit of the position; a refused one changes nothing and says why.
function edit(token, change) {
  return apply(token, call('study_board_edit', { game: GAME, edit: change }), change?.place);
}

/// Takes a snapshot the backend answered with; an error is said and the board stays.
async function apply(token, request, place = null) {
  try {
    const snapshot = await request;
    token.show(snapshot);
    return snapshot;
  } catch (error) {
    const text = refusalText(token, error, place);
    toast(text);
    announce(text);
    if (token.snapshot) token.show(token.snapshot);
    return null;
  }
}

/// A refused stone or position, in the player's words.
function refusalText(token, error, place) {
  const reason = error?.params?.reason;
  if (error?.code === 'illegal_move' && reason === 'occupied' && place) return t('gm.error.occupied', { point: notation(place.x, place.y, sizeOf(token)) });
  const known = { doubleThree: 'gm.error.doubleThree', doubleFour: 'gm.error.doubleFour', overline: 'gm.error.overline' }[reason];
  if (error?.code === 'illegal_move' && known) return t(known);
  return error?.code ? errorText(error) : String(error);
}

function toggleEngine(token) {
  token.wanted = !token.wanted;
  apply(token, call('study_board_engine', { game: GAME, on: token.wanted }));
}

/// The engine thinks only while the board is seen: off while the window is hidden or the
/// screen left, back on (if the player has it on) when seen again.
function engineFollowsVisibility(token) {
  const on = token.wanted && !document.hidden;
  return apply(token, call('study_board_engine', { game: GAME, on }));
}

function goBack(token) {
  const from = token.from ?? {};
  if (from.screen === 'review') token.app.show('gomoku-review', from.options);
  else if (from.screen === 'watch') token.app.show('watch', from.options);
  else token.app.show('gomoku');
}

async function pastePosition(token) {
  const text = await askForMoves({ prefix: 'study', title: t('studyBoard.pasteTitle') });
  if (text == null) return;
  const rule = token.snapshot?.view?.rule ?? 'freestyle';
  const shown = await apply(token, call('study_board_set', { game: GAME, setup: { rule, size: sizeOf(token) }, text }));
  if (shown) announce(t('gm.pasted', { count: formatNumber(shown.view.moves.length) }));
}

/// "+1,250": a value from black's side, with its sign.
function signed(value) {
  const shown = Math.max(-SHOWN, Math.min(SHOWN, value));
  return `${shown > 0 ? '+' : shown < 0 ? '−' : ''}${formatNumber(Math.abs(shown))}`;
}

/// A value in words: who is better, or who wins by force.
function valueText(value) {
  if (value >= WIN_SCORE) return t('studyBoard.wins', { colour: t('gm.colourName.black') });
  if (value <= -WIN_SCORE) return t('studyBoard.wins', { colour: t('gm.colourName.white') });
  if (Math.abs(value) < 150) return t('studyBoard.even', { value: signed(value) });
  return t('studyBoard.better', { colour: t(`gm.colourName.${value > 0 ? 'black' : 'white'}`), value: signed(value) });
}

const names = (points, size) => points.map((p) => notation(p.x, p.y, size)).join(' ');

/// One showing of the board (app.js calls it each time the screen is shown).
export function create() {
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place, shortcuts };

  /// Drawn again (a new language), the board stays as it is now: nothing is loaded twice.
  function place() {
    return { load: null };
  }

  /// `options.from`: where it was opened ({screen, options} to go back with); `options.load`:
  /// what to set the board to first: 'game' (the Gomoku game in progress) or {setup, text}.
  async function mount(root, app, { from = null, load = null } = {}) {
    const token = { app, root, from, wanted: true, snapshot: null, unlisten: null, resizes: null };
    token.show = (snapshot) => show(token, snapshot);
    current = token;
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.boardArea, () => fitTo(token.ui.board, token.ui.boardArea, 8));
    token.onVisibility = () => { if (current === token) engineFollowsVisibility(token); };
    document.addEventListener('visibilitychange', token.onVisibility);
    token.onKey = keyHandler(() => keyTable(token), isScreenKey);
    root.addEventListener('keydown', token.onKey);
    token.unlisten = listen('study_board', (snapshot) => { if (current === token && snapshot.game === GAME) show(token, snapshot); });
    await listHelpers(token);
    if (load === 'game') await apply(token, call('study_board_game', { game: GAME }));
    else if (load) await apply(token, call('study_board_set', { game: GAME, ...load }));
    if (current !== token) return;
    await engineFollowsVisibility(token);
    token.ui.board.focus();
    const board = 34 * (sizeOf(token) + 1.8);
    fitWindow(Math.round(board + 340 + 48), Math.round(Math.max(board, 560) + 90)).catch(() => {});
  }

  function unmount() {
    const token = current;
    current = null;
    if (!token) return;
    token.unlisten?.then?.((stop) => stop());
    token.resizes?.disconnect();
    document.removeEventListener('visibilitychange', token.onVisibility);
    token.root.removeEventListener('keydown', token.onKey);
    // Nobody looks at the board any more: the engine rests.
    call('study_board_engine', { game: GAME, on: false }).catch(() => {});
  }

  /// The board's key table (../shortcuts.js): Ctrl+Z takes a stone back, P turns the engine on
  /// or off.
  function keyTable(token) {
    return [
      { keys: ['Ctrl+Z'], label: 'studyBoard.takeBack', run: () => edit(token, 'takeBack') },
      { keys: ['P'], label: 'keys.study.engine', run: () => toggleEngine(token) },
    ];
  }

  /// The screen's keys by section, for the shortcuts window: its own, then its board's.
  function shortcuts() {
    if (!current) return [];
    return [{ title: 'shortcuts.studyBoard', entries: keyTable(current) }, { title: 'shortcuts.board', entries: current.ui.board.keyTable?.() ?? [] }];
  }

  function show(token, snapshot) {
    // An answer and an event may cross on their way: the later one stands.
    if (!snapshot || (token.snapshot && snapshot.sequence < token.snapshot.sequence)) return;
    token.snapshot = snapshot;
    const { ui, root } = token;
    const { view } = snapshot;
    // A fault is said in the status; it has no value, line or moves to draw.
    const look = snapshot.look?.fault ? null : snapshot.look;
    root.dataset.revision = String(snapshot.revision);
    root.dataset.sequence = String(snapshot.sequence);
    root.dataset.state = snapshot.thinking ? 'thinking' : snapshot.settled ? 'settled' : 'resting';
    ui.rule.value = view.rule;
    ui.size.value = String(view.size);
    // Renju is played on 15x15 only: neither is offered with the other.
    ui.rule.querySelector('option[value=renju]').disabled = view.size !== 15;
    ui.size.querySelector('option[value="20"]').disabled = view.rule === 'renju';
    const line = (look?.line ?? []).slice(0, GHOSTS);
    const colours = view.sideToMove === 'white' ? ['white', 'black'] : ['black', 'white'];
    ui.board.render({
      size: view.size,
      stones: view.stones,
      moves: view.moves,
      winningLine: view.winningLine,
      turn: view.sideToMove,
      numbers: Boolean(token.app.settings.moveNumbers),
      forbidden: view.forbidden ?? [],
      ghosts: line.map((p, i) => ({ x: p.x, y: p.y, colour: colours[i % 2], number: i + 1 })),
    });
    showEngine(token, snapshot);
    showValue(token, view, look);
    showChoices(token, look);
    setText(ui.line, line.length ? names(look.line, view.size) : '—');
  }

  function showEngine(token, snapshot) {
    const { ui } = token;
    ui.engine.setAttribute('aria-pressed', String(snapshot.engineOn));
    setText(ui.engine, t(snapshot.engineOn ? 'studyBoard.engineOn' : 'studyBoard.engineOff'));
    const { look, view } = snapshot;
    let text;
    if (view.winner) text = t('studyBoard.over', { colour: t(`gm.colourName.${view.winner}`) });
    else if (!view.sideToMove) text = t('gm.result.draw');
    else if (!snapshot.engineOn) text = t('studyBoard.paused');
    else if (look?.fault) text = t(FAULT[look.fault] ?? FAULT.garbage, { engine: look.engine });
    else if (snapshot.thinking && !look) text = t('studyBoard.thinking');
    else if (look) {
      const figures = { depth: formatNumber(look.depth), seconds: (snapshot.thoughtMs / 1000).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 }) };
      // A win found by the threat search needs no depth of the main search to be said.
      const key = look.depth ? (snapshot.thinking ? 'studyBoard.deeper' : 'studyBoard.settled') : (snapshot.thinking ? 'studyBoard.deeperForced' : 'studyBoard.settledForced');
      text = t(key, figures);
    } else text = '';
    setText(ui.status, text);
    ui.status.classList.toggle('gm-waiting', snapshot.thinking);
  }

  function showValue(token, view, look) {
    const { ui } = token;
    setText(ui.toMove, view.sideToMove ? t('studyBoard.toMove', { colour: t(`gm.colourName.${view.sideToMove}`) }) : '');
    const value = look?.score ?? 0;
    const share = 50 + (50 * Math.max(-SHOWN, Math.min(SHOWN, value))) / SHOWN;
    ui.barFill.style.width = `${share}%`;
    ui.bar.setAttribute('aria-valuenow', String(Math.max(-SHOWN, Math.min(SHOWN, value))));
    ui.bar.setAttribute('aria-valuetext', look ? valueText(value) : t('studyBoard.noValue'));
    ui.bar.classList.toggle('unknown', !look);
    setText(ui.score, look ? valueText(value) : '');
    ui.score.dataset.value = look ? String(value) : '';
    const win = look?.forcedWin;
    ui.forced.hidden = !win;
    if (win) {
      setText(ui.forced, t('studyBoard.forced', { colour: t(`gm.colourName.${win.winner}`), line: names(win.line, sizeOf(token)), stones: formatNumber(Math.ceil(win.line.length / 2)) }));
      ui.forced.dataset.winner = win.winner;
    }
  }

  /// The best moves, each a button that plays it.
  function showChoices(token, look) {
    const { ui } = token;
    const choices = look?.choices ?? [];
    ui.choices.replaceChildren(...choices.map((choice, index) => {
      const name = notation(choice.point.x, choice.point.y, sizeOf(token));
      return el('li', {}, el('button', {
        type: 'button', class: 'study-choice', id: `study-choice-${index}`, dataset: { point: name, value: String(choice.score) },
        title: t('studyBoard.playChoice', { point: name }),
        onclick: () => edit(token, { place: choice.point }),
      }, el('span', { class: 'study-choice-point', text: name }), el('span', { class: 'study-choice-value', text: valueText(choice.score) })));
    }));
    if (!choices.length) ui.choices.append(el('li', { class: 'study-none', text: '—' }));
  }
}
