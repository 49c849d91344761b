// Gomoku's analysis board: the player places stones for both sides, takes them back, pastes a
// position or brings one from a game, and the engine thinks about it while it stands. The
// panel shows the engine's value of the position from black's side as a bar and a number (or
// the win by force it found), its three best moves with their values, and its expected line,
// drawn on the board as numbered see-through stones. Never a game: nothing here ranks.
// The backend keeps the board and runs the engine (src-tauri/analysis/); this screen draws its
// snapshots (the `analysis` event brings each new look) and sends the player's edits.

import { el, announce, setText, toast } from '../dom.js';
import { t, errorText, formatNumber } from '../i18n.js';
import { call, fitWindow, listen } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { isScreenKey } from '../keys.js';
import { askForMoves } from './paste-dialog.js';
import { GoBoard } from './board.js';
import { notation } from './notation.js';

export const id = 'gomoku-analysis';

export const helpTopic = 'gomokuAnalysis';

/// Opened from somewhere (a game, a review, the watch view) and going back there.
export const transient = true;

const SIZE = 15;
const RULES = ['freestyle', 'exactFive', 'renju'];
/// From here up the engine's values are wins by force (src-tauri/games/src/gomoku/ai WIN_SCORE).
const WIN_SCORE = 9_999_000;
/// The bar's and the number's scale: values beyond it show as the end of the bar (the review's
/// graph uses the same, src-tauri/games/src/gomoku/review.rs SHOWN_WIN).
const SHOWN = 10_000;
/// How many stones of the expected line are drawn on the board.
const GHOSTS = 10;

/// Where the board was opened from, and what its Back button says.
const BACK_TEXT = { gomoku: 'gma.backToGame', review: 'gma.backToReview', watch: 'gma.backToWatch' };

function build(token) {
  const rule = el('select', { id: 'gma-rule', 'aria-label': t('gma.rule'), onchange: () => edit(token, { rule: rule.value }) },
    RULES.map((name) => el('option', { value: name, text: t(`gm.rule.${name}`) })));
  const engine = el('button', { id: 'gma-engine', type: 'button', 'aria-pressed': 'true', title: 'P', onclick: () => toggleEngine(token) });
  const back = el('button', { id: 'gma-back', type: 'button', onclick: () => goBack(token), text: t(BACK_TEXT[token.from?.screen] ?? 'gma.backToGame') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('gma.title') },
    el('h1', { class: 'toolbar-title', text: t('gma.title') }),
    el('label', { class: 'gma-rule-label' }, t('gma.rule'), ' ', rule),
    el('span', { class: 'spacer' }),
    engine, back,
    el('button', { id: 'gma-home', type: 'button', onclick: () => token.app.show('home'), text: t('game.allGames') }));
  const board = new GoBoard({ onPlay: (point) => edit(token, { place: point }) });
  board.node.id = 'gma-board';
  board.grid.id = 'gma-grid';
  board.grid.setAttribute('aria-label', t('gma.board'));
  const boardArea = el('div', { class: 'gm-board-area gma-board-area' }, el('div', { class: 'gm-frame' }, board.node));

  const toMove = el('p', { class: 'gma-to-move', id: 'gma-to-move' });
  const barFill = el('div', { class: 'gma-bar-black', id: 'gma-bar-black' });
  const bar = el('div', {
    class: 'gma-bar', id: 'gma-bar', role: 'meter', 'aria-valuemin': String(-SHOWN), 'aria-valuemax': String(SHOWN), 'aria-label': t('gma.value'),
  }, barFill);
  const score = el('p', { class: 'gma-score', id: 'gma-score', 'aria-live': 'polite' });
  const forced = el('p', { class: 'gma-forced', id: 'gma-forced', hidden: true });
  const status = el('p', { class: 'gma-status', id: 'gma-status', role: 'status' });
  const choices = el('ol', { class: 'gma-choices', id: 'gma-choices', 'aria-labelledby': 'gma-choices-title' });
  const line = el('p', { class: 'gma-line', id: 'gma-line' });
  const actions = el('div', { class: 'gm-actions' },
    el('button', { id: 'gma-undo', type: 'button', title: 'Ctrl+Z', onclick: () => edit(token, 'takeBack'), text: t('gma.takeBack') }),
    el('button', { id: 'gma-clear', type: 'button', onclick: () => edit(token, 'clear'), text: t('gma.clear') }),
    el('button', { id: 'gma-paste', type: 'button', onclick: () => pastePosition(token), text: t('gm.pastePosition') }));
  const side = el('aside', { class: 'gm-side gma-side', 'aria-label': t('gma.side') },
    toMove, bar, score, forced, status,
    el('h2', { class: 'gm-side-title', id: 'gma-choices-title', text: t('gma.choices') }), choices,
    el('h2', { class: 'gm-side-title', text: t('gma.line') }), line,
    actions, el('p', { class: 'hint gma-help', text: t('gma.help') }));
  const stage = el('div', { class: 'gm-stage gma-stage' }, boardArea, side);
  return { nodes: [toolbar, stage], rule, engine, back, board, boardArea, toMove, bar, barFill, score, forced, status, choices, line };
}

/// Sends an edit of the position; a refused one changes nothing and says why.
function edit(token, change) {
  return apply(token, call('analysis_edit', { edit: change }), change?.place);
}

/// Takes a snapshot the backend answered with; an error is said and the board stays.
async function apply(token, request, place = null) {
  try {
    const snapshot = await request;
    token.show(snapshot);
    return snapshot;
  } catch (error) {
    const text = refusalText(error, place);
    toast(text);
    announce(text);
    if (token.snapshot) token.show(token.snapshot);
    return null;
  }
}

/// A refused stone or position, in the player's words.
function refusalText(error, place) {
  const reason = error?.params?.reason;
  if (error?.code === 'illegal_move' && reason === 'occupied' && place) return t('gm.error.occupied', { point: notation(place.x, place.y, SIZE) });
  const known = { doubleThree: 'gm.error.doubleThree', doubleFour: 'gm.error.doubleFour', overline: 'gm.error.overline' }[reason];
  if (error?.code === 'illegal_move' && known) return t(known);
  return error?.code ? errorText(error) : String(error);
}

function toggleEngine(token) {
  token.wanted = !token.wanted;
  apply(token, call('analysis_engine', { on: token.wanted }));
}

/// The engine thinks only while the board is seen: off while the window is hidden or the
/// screen left, back on (if the player has it on) when seen again.
function engineFollowsVisibility(token) {
  const on = token.wanted && !document.hidden;
  return apply(token, call('analysis_engine', { on }));
}

function goBack(token) {
  const from = token.from ?? {};
  if (from.screen === 'review') token.app.show('gomoku-review', from.options);
  else if (from.screen === 'watch') token.app.show('watch', from.options);
  else token.app.show('gomoku');
}

async function pastePosition(token) {
  const text = await askForMoves({ prefix: 'gma', title: t('gma.pasteTitle') });
  if (text == null) return;
  const rule = token.snapshot?.view?.rule ?? 'freestyle';
  const shown = await apply(token, call('analysis_set', { rule, text }));
  if (shown) announce(t('gm.pasted', { count: formatNumber(shown.view.moves.length) }));
}

/// "+1,250": a value from black's side, with its sign.
function signed(value) {
  const shown = Math.max(-SHOWN, Math.min(SHOWN, value));
  return `${shown > 0 ? '+' : shown < 0 ? '−' : ''}${formatNumber(Math.abs(shown))}`;
}

/// A value in words: who is better, or who wins by force.
function valueText(value) {
  if (value >= WIN_SCORE) return t('gma.wins', { colour: t('gm.colourName.black') });
  if (value <= -WIN_SCORE) return t('gma.wins', { colour: t('gm.colourName.white') });
  if (Math.abs(value) < 150) return t('gma.even', { value: signed(value) });
  return t('gma.better', { colour: t(`gm.colourName.${value > 0 ? 'black' : 'white'}`), value: signed(value) });
}

const names = (points) => points.map((p) => notation(p.x, p.y, SIZE)).join(' ');

/// One showing of the board (app.js calls it each time the screen is shown).
export function create() {
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place };

  /// Drawn again (a new language), the board stays as it is now: nothing is loaded twice.
  function place() {
    return { load: null };
  }

  /// `options.from`: where it was opened ({screen, options} to go back with); `options.load`:
  /// what to set the board to first: 'game' (the Gomoku game in progress) or {rule, text}.
  async function mount(root, app, { from = null, load = null } = {}) {
    const token = { app, root, from, wanted: true, snapshot: null, unlisten: null, resizes: null };
    token.show = (snapshot) => show(token, snapshot);
    current = token;
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.boardArea, () => fitTo(token.ui.board, token.ui.boardArea, 8));
    token.onVisibility = () => { if (current === token) engineFollowsVisibility(token); };
    document.addEventListener('visibilitychange', token.onVisibility);
    token.onKey = (event) => keyDown(token, event);
    root.addEventListener('keydown', token.onKey);
    token.unlisten = listen('analysis', (snapshot) => { if (current === token) show(token, snapshot); });
    if (load === 'game') await apply(token, call('analysis_game'));
    else if (load) await apply(token, call('analysis_set', load));
    if (current !== token) return;
    await engineFollowsVisibility(token);
    token.ui.board.focus();
    const board = 34 * (SIZE + 1.8);
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
    call('analysis_engine', { on: false }).catch(() => {});
  }

  function keyDown(token, event) {
    if (!isScreenKey(event)) return;
    const key = event.key.toLowerCase();
    if (event.ctrlKey && key === 'z') {
      event.preventDefault();
      edit(token, 'takeBack');
    } else if (!event.ctrlKey && key === 'p') {
      event.preventDefault();
      toggleEngine(token);
    }
  }

  function show(token, snapshot) {
    // An answer and an event may cross on their way: the later one stands.
    if (!snapshot || (token.snapshot && snapshot.sequence < token.snapshot.sequence)) return;
    token.snapshot = snapshot;
    const { ui, root } = token;
    const { view, analysis } = snapshot;
    root.dataset.revision = String(snapshot.revision);
    root.dataset.sequence = String(snapshot.sequence);
    root.dataset.state = snapshot.thinking ? 'thinking' : snapshot.settled ? 'settled' : 'resting';
    ui.rule.value = view.rule;
    const line = (analysis?.line ?? []).slice(0, GHOSTS);
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
    showValue(token, view, analysis);
    showChoices(token, analysis);
    setText(ui.line, line.length ? names(analysis.line) : '—');
  }

  function showEngine(token, snapshot) {
    const { ui } = token;
    ui.engine.setAttribute('aria-pressed', String(snapshot.engineOn));
    setText(ui.engine, t(snapshot.engineOn ? 'gma.engineOn' : 'gma.engineOff'));
    const { analysis, view } = snapshot;
    let text;
    if (view.winner) text = t('gma.over', { colour: t(`gm.colourName.${view.winner}`) });
    else if (!view.sideToMove) text = t('gm.result.draw');
    else if (!snapshot.engineOn) text = t('gma.paused');
    else if (snapshot.thinking && !analysis) text = t('gma.thinking');
    else if (analysis) {
      const figures = { depth: formatNumber(analysis.depth), seconds: (snapshot.thoughtMs / 1000).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 }) };
      // A win found by the threat search needs no depth of the main search to be said.
      const key = analysis.depth ? (snapshot.thinking ? 'gma.deeper' : 'gma.settled') : (snapshot.thinking ? 'gma.deeperForced' : 'gma.settledForced');
      text = t(key, figures);
    } else text = '';
    setText(ui.status, text);
    ui.status.classList.toggle('gm-waiting', snapshot.thinking);
  }

  function showValue(token, view, analysis) {
    const { ui } = token;
    setText(ui.toMove, view.sideToMove ? t('gma.toMove', { colour: t(`gm.colourName.${view.sideToMove}`) }) : '');
    const value = analysis?.score ?? 0;
    const share = 50 + (50 * Math.max(-SHOWN, Math.min(SHOWN, value))) / SHOWN;
    ui.barFill.style.width = `${share}%`;
    ui.bar.setAttribute('aria-valuenow', String(Math.max(-SHOWN, Math.min(SHOWN, value))));
    ui.bar.setAttribute('aria-valuetext', analysis ? valueText(value) : t('gma.noValue'));
    ui.bar.classList.toggle('unknown', !analysis);
    setText(ui.score, analysis ? valueText(value) : '');
    ui.score.dataset.value = analysis ? String(value) : '';
    const win = analysis?.forcedWin;
    ui.forced.hidden = !win;
    if (win) {
      setText(ui.forced, t('gma.forced', { colour: t(`gm.colourName.${win.winner}`), line: names(win.line), stones: formatNumber(Math.ceil(win.line.length / 2)) }));
      ui.forced.dataset.winner = win.winner;
    }
  }

  /// The best moves, each a button that plays it.
  function showChoices(token, analysis) {
    const { ui } = token;
    const choices = analysis?.choices ?? [];
    ui.choices.replaceChildren(...choices.map((choice, index) => {
      const name = notation(choice.point.x, choice.point.y, SIZE);
      return el('li', {}, el('button', {
        type: 'button', class: 'gma-choice', id: `gma-choice-${index}`, dataset: { point: name, value: String(choice.score) },
        title: t('gma.playChoice', { point: name }),
        onclick: () => edit(token, { place: choice.point }),
      }, el('span', { class: 'gma-choice-point', text: name }), el('span', { class: 'gma-choice-value', text: valueText(choice.score) })));
    }));
    if (!choices.length) ui.choices.append(el('li', { class: 'gma-none', text: '—' }));
  }
}
