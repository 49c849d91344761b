// Minesweeper's analysis board: the player sets up any position (its size and mine total, then
// each cell closed, open with a number, flagged or a mine of a known layout, by clicking cells
// as a player would), pastes one as text, opens a board file, or brings one from the game or a
// review's moment; the backend says whether any layout fits it (or which numbers contradict),
// what logic proves and why, every closed cell's odds, and the best guess. *Play on* lets the
// solver take a step. Never a game: no clock, nothing ranks.
// The backend keeps the board (src-tauri/games/src/minesweeper/analysis_board/) and looks at it
// on its own thread (src-tauri/study/, the host of every game's study board); this screen draws
// its snapshots (the `study_board` event brings each look) and sends the player's edits.

import { el, announce, oneRowWidth, setText, toast } from '../dom.js';
import { t, errorText, formatNumber } from '../i18n.js';
import { call, fitWindow, listen } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { isScreenKey } from '../keys.js';
import { keyHandler } from '../shortcuts.js';
import { openDialog } from '../dialog.js';
import { MineField } from './board.js';
import { reasonText } from './reasons.js';

export const id = 'minesweeper-analysis-board';

export const helpTopic = 'minesweeperAnalysisBoard';

/// Opened from somewhere (the game, a review) and going back there.
export const transient = true;

const GAME = 'minesweeper';
/// The cells a click sets, as the text writes them.
const TOOLS = ['.', 'F', '*', '0', '1', '2', '3', '4', '5', '6', '7', '8'];
const TOOL_NAME = { '.': 'msa.tool.closed', F: 'msa.tool.flag', '*': 'msa.tool.mine' };
/// How many proven cells the list names (the board shows them all).
const LISTED = 30;

const BACK_TEXT = { minesweeper: 'msa.backToGame', review: 'msa.backToReview' };

const cellName = (p) => t('watch.ms.cell', { row: p.y + 1, column: p.x + 1 });
/// A sentence that starts with a cell's name ("row 1, column 2 is safe") starts with a capital.
const sentence = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const percent = (chance, exact) => {
  const figure = formatNumber(Math.round((chance ?? 0) * 1000) / 10);
  return t(exact === false ? 'msr.percentEstimated' : 'msr.percent', { percent: figure });
};

function build(token) {
  const number = (name, min, max) => el('input', {
    type: 'number', id: `msa-${name}`, name, min, max, step: 1, class: 'msa-number', 'aria-label': t(`msa.${name}`),
    onchange: () => changeSize(token, name),
  });
  const width = number('width', 1, 100);
  const height = number('height', 1, 100);
  const mines = number('mines', 0, 9999);
  const back = el('button', { id: 'msa-back', type: 'button', onclick: () => goBack(token), text: t(BACK_TEXT[token.from?.screen] ?? 'msa.backToGame') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('msa.title') },
    el('h1', { class: 'toolbar-title', text: t('msa.title') }),
    el('label', { class: 'msa-size' }, t('msa.width'), ' ', width),
    el('label', { class: 'msa-size' }, t('msa.height'), ' ', height),
    el('label', { class: 'msa-size' }, t('msa.mines'), ' ', mines),
    el('span', { class: 'spacer' }),
    back,
    el('button', { id: 'msa-home', type: 'button', onclick: () => token.app.show('home'), text: t('game.allGames') }));
  const field = new MineField({ onIntent: (intent) => clicked(token, intent), onPress: () => {} });
  field.node.id = 'msa-field';
  field.node.setAttribute('aria-label', t('msa.board'));
  const frame = el('div', { class: 'ms-frame msa-frame' }, field.node);
  const boardArea = el('div', { class: 'msa-board-area' }, frame);
  const board = { node: field.node, focus: () => field.focus(), keyTable: () => field.keyTable(), fit: (w, h) => field.fit(w, h) };

  const tools = el('div', { class: 'msa-tools', id: 'msa-tools', role: 'radiogroup', 'aria-label': t('msa.tools') },
    TOOLS.map((code) => el('button', {
      type: 'button', class: `msa-tool msa-tool-${TOOL_NAME[code] ? code === '.' ? 'closed' : code === 'F' ? 'flag' : 'mine' : `n${code}`}`,
      role: 'radio', 'aria-checked': String(code === token.tool), dataset: { code },
      'aria-label': TOOL_NAME[code] ? t(TOOL_NAME[code]) : t('msa.tool.number', { number: code }),
      title: TOOL_NAME[code] ? t(TOOL_NAME[code]) : t('msa.tool.number', { number: code }),
      text: code === '.' ? '' : code === 'F' ? '⚑' : code === '*' ? '✹' : code,
      onclick: () => chooseTool(token, code),
    })));
  const verdict = el('p', { class: 'msa-verdict', id: 'msa-verdict', role: 'status' });
  const next = el('p', { class: 'msa-next', id: 'msa-next' });
  const guess = el('p', { class: 'msa-guess', id: 'msa-guess' });
  const layout = el('p', { class: 'hint msa-layout', id: 'msa-layout' });
  const stepLine = el('p', { class: 'msa-step', id: 'msa-step', 'aria-live': 'polite' });
  const odds = el('input', { type: 'checkbox', id: 'msa-odds', checked: true, onchange: () => token.show(token.snapshot) });
  const provenTitle = el('h2', { class: 'msa-title', id: 'msa-proven-title', text: t('msa.provenTitle') });
  const proven = el('ul', { class: 'msa-proven', id: 'msa-proven', 'aria-labelledby': 'msa-proven-title' });
  const actions = el('div', { class: 'msa-actions' },
    el('button', { id: 'msa-play-on', type: 'button', title: 'N', onclick: () => edit(token, 'playOn'), text: t('msa.playOn') }),
    el('button', { id: 'msa-undo', type: 'button', title: 'Ctrl+Z', onclick: () => edit(token, 'takeBack'), text: t('msa.takeBack') }),
    el('button', { id: 'msa-clear', type: 'button', onclick: () => edit(token, 'clear'), text: t('msa.clear') }),
    el('button', { id: 'msa-paste', type: 'button', onclick: () => pastePosition(token), text: t('msa.paste') }),
    el('button', { id: 'msa-open-file', type: 'button', onclick: () => token.ui.file.click(), text: t('msa.openFile') }));
  const file = el('input', { type: 'file', id: 'msa-file', accept: '.mbf,.abf', hidden: true, onchange: () => openFile(token) });
  const side = el('aside', { class: 'msa-side', 'aria-label': t('msa.side') },
    el('h2', { class: 'msa-title', id: 'msa-tools-title', text: t('msa.tools') }), tools, actions, file,
    verdict, next, guess, stepLine, layout,
    el('label', { class: 'msa-odds-label' }, odds, ' ', t('msa.showOdds')),
    provenTitle, proven,
    el('p', { class: 'hint msa-help', text: t('msa.help') }));
  const stage = el('div', { class: 'msa-stage' }, boardArea, side);
  return { nodes: [toolbar, stage], width, height, mines, back, field, board, boardArea, tools, verdict, next, guess, layout, stepLine, odds, proven, file };
}

function chooseTool(token, code) {
  token.tool = code;
  for (const button of token.ui.tools.querySelectorAll('.msa-tool')) button.setAttribute('aria-checked', String(button.dataset.code === code));
}

/// A click on a cell sets it to the chosen kind (clicking it again with the same kind closes
/// it); a right click (or F) flags or unflags it.
function clicked(token, { action, x, y }) {
  const view = token.snapshot?.view;
  if (!view) return;
  const now = view.cells[y * view.width + x];
  let to = token.tool;
  if (action === 'mark') to = now === 'F' ? '.' : 'F';
  else if (now === to) to = '.';
  edit(token, { set: { x, y, to } });
}

function changeSize(token, name) {
  const { ui } = token;
  const value = Number(ui[name].value);
  if (name === 'mines') edit(token, { mines: value });
  else edit(token, { size: { width: Number(ui.width.value), height: Number(ui.height.value) } });
}

/// Sends an edit of the position; a refused one changes nothing and says why.
function edit(token, change) {
  return apply(token, call('study_board_edit', { game: GAME, edit: change }));
}

/// Takes a snapshot the backend answered with; an error is said and the board stays.
async function apply(token, request) {
  try {
    const snapshot = await request;
    token.show(snapshot);
    return snapshot;
  } catch (error) {
    const text = error?.code ? errorText(error) : String(error);
    toast(text);
    announce(text);
    if (token.snapshot) token.show(token.snapshot, true);
    return null;
  }
}

function goBack(token) {
  const from = token.from ?? {};
  if (from.screen === 'review') token.app.show('minesweeper-review', from.options);
  else token.app.show('minesweeper');
}

/// "Paste position": the position as text (the board's own to start with, to copy or change),
/// with its mine total; a `*` gives the layout instead.
async function pastePosition(token) {
  if (document.querySelector('dialog[open]')) return;
  const view = token.snapshot?.view;
  const text = el('textarea', { id: 'msa-paste-text', name: 'position', rows: 10, cols: 34, spellcheck: 'false', 'aria-label': t('msa.pasteText'), class: 'msa-paste-text' });
  text.value = view?.text ?? '';
  const mines = el('input', { type: 'number', id: 'msa-paste-mines', name: 'mines', min: 0, step: 1, value: String(view?.mines ?? 10) });
  const answer = await openDialog({
    id: 'msa-paste-dialog',
    title: t('msa.pasteTitle'),
    body: [el('p', { class: 'hint', text: t('msa.pasteHelp') }), el('label', { class: 'msa-paste-label' }, t('msa.pasteText'), text), el('label', {}, t('msa.mines'), ' ', mines)],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'open', label: t('msa.pasteOpen'), primary: true }],
    onOpen: () => text.select(),
  });
  if (answer.value !== 'open') return;
  const shown = await apply(token, call('study_board_set', { game: GAME, setup: { mines: Number(mines.value) }, text: text.value }));
  if (shown) announce(t('msa.pasted', { width: formatNumber(shown.view.width), height: formatNumber(shown.view.height) }));
}

/// A board file (`.mbf`, `.abf`) the player picks: its bytes go to the backend, which reads it.
async function openFile(token) {
  const chosen = token.ui.file.files?.[0];
  token.ui.file.value = '';
  if (!chosen) return;
  const bytes = new Uint8Array(await chosen.arrayBuffer());
  await apply(token, call('study_board_set', { game: GAME, setup: { boardFile: true }, text: hexOf(bytes) }));
}

export const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/// The text characters of the codes a view may hold beyond the text's own: a question mark is
/// a closed cell; after a loss the mine set off is a mine, a wrong flag a safe cell.
const AS_TEXT = { '?': '.', X: '*', W: '.' };

/// "Analyse from here": a view's cells (a review's moment) as the board's text.
export function positionText(cells, width) {
  const rows = [];
  for (let i = 0; i < cells.length; i += width) rows.push(Array.from(cells.slice(i, i + width), (c) => AS_TEXT[c] ?? c).join(''));
  return rows.join('\n');
}

/// One showing of the board (app.js calls it each time the screen is shown).
export function create() {
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place, shortcuts };

  /// Drawn again (a new language), the board stays as it is now: nothing is loaded twice.
  function place() {
    return { load: null, from: current?.from ?? null };
  }

  /// `options.from`: where it was opened ({screen, options} to go back with); `options.load`:
  /// what to set the board to first: 'game' (the Minesweeper game) or {setup, text}.
  async function mount(root, app, { from = null, load = null } = {}) {
    const token = { app, root, from, tool: '1', snapshot: null, unlisten: null, resizes: null, fitted: false };
    token.show = (snapshot, again = false) => show(token, snapshot, again);
    current = token;
    root.classList.add('screen-minesweeper');
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.boardArea, () => fitTo(token.ui.board, token.ui.boardArea, 16));
    token.onKey = keyHandler(() => keyTable(token), isScreenKey);
    root.addEventListener('keydown', token.onKey);
    token.unlisten = listen('study_board', (snapshot) => { if (current === token && snapshot.game === GAME) show(token, snapshot); });
    if (load === 'game') await apply(token, call('study_board_game', { game: GAME }));
    else if (load) await apply(token, call('study_board_set', { game: GAME, ...load }));
    if (current !== token) return;
    await apply(token, call('study_board_engine', { game: GAME, on: true }));
    if (current !== token) return;
    // Room for the field in cells of 26 pixels beside the panel, and for the toolbar in one row.
    const view = token.snapshot?.view ?? { width: 30, height: 16 };
    const cell = 26;
    const width = Math.max(Math.max(view.width * cell + 60, 360) + 420, oneRowWidth(token.ui.nodes[0]) + 24);
    await fitWindow(Math.round(width), Math.round(Math.max(view.height * cell + 150, 640))).catch(() => {});
    if (current !== token) return;
    fitTo(token.ui.board, token.ui.boardArea, 16);
    token.fitted = true;
    show(token, token.snapshot, true);
    token.ui.field.focus();
  }

  function unmount() {
    const token = current;
    current = null;
    if (!token) return;
    token.unlisten?.then?.((stop) => stop());
    token.resizes?.disconnect();
    token.root.removeEventListener('keydown', token.onKey);
    for (const key of ['revision', 'sequence', 'state', 'possible']) delete token.root.dataset[key];
  }

  /// The board's key table (../shortcuts.js): N plays on, Ctrl+Z takes the last change back, the
  /// digits and . choose what a click sets.
  function keyTable(token) {
    return [
      { keys: ['N'], label: 'msa.playOn', run: () => edit(token, 'playOn') },
      { keys: ['Ctrl+Z'], label: 'msa.takeBack', run: () => edit(token, 'takeBack') },
      ...TOOLS.filter((code) => /[0-8]/.test(code)).map((code) => ({ keys: [code], label: 'msa.keys.number', run: () => chooseTool(token, code) })),
      { keys: ['.'], label: 'msa.tool.closed', run: () => chooseTool(token, '.') },
      { keys: ['M'], label: 'msa.tool.mine', run: () => chooseTool(token, '*') },
    ];
  }

  function shortcuts() {
    if (!current) return [];
    return [{ title: 'msa.title', entries: keyTable(current) }, { title: 'shortcuts.board', entries: current.ui.field.keyTable?.() ?? [] }];
  }

  function show(token, snapshot, again = false) {
    // An answer and an event may cross on their way: the later one stands.
    if (!snapshot || (!again && token.snapshot && snapshot.sequence < token.snapshot.sequence)) return;
    const resized = token.snapshot?.view?.width !== snapshot.view.width || token.snapshot?.view?.height !== snapshot.view.height;
    token.snapshot = snapshot;
    const { ui, root } = token;
    const { view, look } = snapshot;
    root.dataset.revision = String(snapshot.revision);
    root.dataset.sequence = String(snapshot.sequence);
    // 'looked' once the window has its size too: what is seen then is what stays.
    root.dataset.state = look && token.fitted ? 'looked' : snapshot.thinking ? 'thinking' : 'resting';
    root.dataset.possible = look ? String(look.possible) : '';
    if (document.activeElement !== ui.width) ui.width.value = String(view.width);
    if (document.activeElement !== ui.height) ui.height.value = String(view.height);
    if (document.activeElement !== ui.mines) ui.mines.value = String(view.mines);
    ui.mines.disabled = view.layoutKnown;
    const exploded = view.exploded ? view.exploded.y * view.width + view.exploded.x : -1;
    const cells = exploded >= 0 ? `${view.cells.slice(0, exploded)}X${view.cells.slice(exploded + 1)}` : view.cells;
    ui.field.render({ width: view.width, height: view.height, cells, status: 'playing' });
    if (resized) fitTo(ui.board, ui.boardArea, 16);
    ui.field.showOdds(ui.odds.checked && look?.odds ? look.odds.mine : null, look?.odds?.exact ?? true);
    markCells(token, view, look);
    showVerdict(token, view, snapshot);
    showNext(token, view, look);
    showProven(token, view, look);
    setText(ui.layout, t(view.layoutKnown ? 'msa.layoutKnown' : 'msa.layoutUnknown'));
    setText(ui.stepLine, stepText(view));
  }

  /// The proven cells (green ring safe, red ring mine), the contradicting numbers, the wrong
  /// flags, and the best guess or the hint's cell.
  function markCells(token, view, look) {
    const { field } = token.ui;
    field.node.querySelectorAll('.msa-safe, .msa-mine, .msa-contradiction, .msa-wrong').forEach((cell) => cell.classList.remove('msa-safe', 'msa-mine', 'msa-contradiction', 'msa-wrong'));
    field.clearHint();
    if (!look) return;
    for (const p of look.proven ?? []) field.cellAt(p.x, p.y)?.classList.add(p.mine ? 'msa-mine' : 'msa-safe');
    for (const p of look.contradiction?.numbers ?? []) field.cellAt(p.x, p.y)?.classList.add('msa-contradiction');
    for (const p of look.wrongFlags ?? []) field.cellAt(p.x, p.y)?.classList.add('msa-wrong');
    const shown = look.guess ?? look.hint;
    if (shown) field.showHint(shown.x, shown.y, shown.kind);
  }

  function showVerdict(token, view, snapshot) {
    const { look } = snapshot;
    const { verdict } = token.ui;
    verdict.classList.toggle('msa-impossible', look?.possible === false);
    if (!look) {
      setText(verdict, t('msa.analysing'));
      return;
    }
    if (look.possible) {
      setText(verdict, t(look.odds?.exact === false ? 'msa.possibleEstimate' : 'msa.possible'));
      return;
    }
    const { numbers = [], total } = look.contradiction ?? {};
    const cells = numbers.map((p) => `${cellName(p)} (${view.cells[p.y * view.width + p.x]})`).join(', ');
    const key = numbers.length ? (total ? 'msa.impossibleBoth' : 'msa.impossible') : 'msa.impossibleTotal';
    setText(verdict, t(key, { cells, mines: formatNumber(view.mines) }));
  }

  /// What the hint says, and the best guess when nothing is proved safe.
  function showNext(token, view, look) {
    const { next, guess } = token.ui;
    const hint = look?.hint;
    const seen = { cells: view.cells, width: view.width };
    if (hint && hint.kind !== 'guess') {
      const key = hint.kind === 'mine' ? 'msa.mine' : 'msa.safe';
      setText(next, sentence(t(key, { cell: cellName(hint), reason: reasonText(hint.because, hint.kind === 'mine', seen) })));
    } else setText(next, look?.possible && !look.guess ? t('msa.nothingLeft') : '');
    const best = look?.guess;
    if (best) {
      const key = best.coinToss ? 'msa.coinToss' : 'msa.guess';
      setText(guess, t(key, { cell: cellName(best), percent: percent(best.mineProbability, best.exact) }));
    } else setText(guess, '');
    guess.dataset.cell = best ? `${best.x},${best.y}` : '';
  }

  /// The cells logic proves, each with its reason (the first ones; the board rings them all).
  function showProven(token, view, look) {
    const { proven } = token.ui;
    const cells = look?.proven ?? [];
    const seen = { cells: view.cells, width: view.width };
    const safe = cells.filter((p) => !p.mine).length;
    const items = [el('li', { class: 'msa-count', text: t('msa.provenCount', { safe: formatNumber(safe), mines: formatNumber(cells.length - safe) }) })];
    for (const p of cells.slice(0, LISTED)) {
      items.push(el('li', { class: p.mine ? 'msa-proven-mine' : 'msa-proven-safe', text: sentence(t(p.mine ? 'msa.mine' : 'msa.safe', { cell: cellName(p), reason: reasonText(p.because, p.mine, seen) })) }));
    }
    if (look?.wrongFlags?.length) items.push(el('li', { class: 'msa-proven-wrong', text: t('msa.wrongFlags', { cells: look.wrongFlags.map(cellName).join(', ') }) }));
    proven.replaceChildren(...(look ? items : []));
  }

  /// What the last *Play on* did.
  function stepText(view) {
    const step = view.step;
    if (!step) return '';
    if (step.exploded) return t('msa.exploded', { cell: cellName(step.guess ?? view.exploded) });
    const parts = [t('msa.stepDone', { opened: formatNumber(step.opened), flagged: formatNumber(step.flagged) })];
    if (step.guess) parts.push(t('msa.stepGuess', { cell: cellName(step.guess) }));
    return parts.join(' ');
  }
}
