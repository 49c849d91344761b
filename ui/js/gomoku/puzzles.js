// Gomoku's puzzles: find the forced win. The player plays the attacker of a position from the
// engine's own games; the engine defends with the longest defence. A wrong move is answered
// with the engine's refutation and can be tried again; Show the solution steps through it.
// The filters pick the rule, the kind (VCF, VCT) and the length; the record shows the puzzles
// solved, the longest win solved and the streak. Never a game: nothing here ranks.
// The backend keeps the set, judges every move and answers it (src-tauri/games/src/gomoku/
// puzzles/, hosted by src-tauri/puzzles/); this screen draws its snapshots and sends actions.

import { el, announce, setText, toast } from '../dom.js';
import { t, errorText, formatNumber } from '../i18n.js';
import { call, fitWindow } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { isScreenKey } from '../keys.js';
import { keyHandler } from '../shortcuts.js';
import { GoBoard } from './board.js';
import { notation } from './notation.js';

export const id = 'gomoku-puzzles';

export const helpTopic = 'gomoku';

/// Opened from Gomoku or the home screen's daily card, and going back there.
export const transient = true;

const GAME = 'gomoku';
const SIZE = 15;
const RULES = ['freestyle', 'exactFive', 'renju'];
/// The kinds of win, by the name of each.
const KINDS = { vcf: 'puzzles.kind.vcf', vct: 'puzzles.kind.vct' };
/// The length filter's bands, in the attacker's moves, and their names.
const GRADES = { short: [3, 5], medium: [6, 9], long: [10, 15] };
const GRADE_NAMES = { short: 'puzzles.grade.short', medium: 'puzzles.grade.medium', long: 'puzzles.grade.long' };

const select = (id, label, values, name) => el('select', { id, 'aria-label': label },
  el('option', { value: '', text: t('puzzles.all') }),
  values.map((value) => el('option', { value, text: name(value) })));

function build(token) {
  const rule = select('pz-rule', t('puzzles.rule'), RULES, (r) => t(`gm.rule.${r}`));
  const kind = select('pz-kind', t('puzzles.kind'), Object.keys(KINDS), (k) => t(KINDS[k]));
  const grade = select('pz-grade', t('puzzles.grade'), Object.keys(GRADES), (g) => t(GRADE_NAMES[g]));
  for (const filter of [rule, kind, grade]) filter.addEventListener('change', () => openNext(token, { fromStart: true }));
  const back = el('button', { id: 'pz-back', type: 'button', onclick: () => goBack(token), text: t(token.from === 'home' ? 'game.allGames' : 'studyBoard.backToGame') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('puzzles.title') },
    el('h1', { class: 'toolbar-title', text: t('puzzles.title') }),
    el('span', { class: 'spacer' }),
    el('button', { id: 'pz-daily', type: 'button', onclick: () => open(token, null), text: t('puzzles.daily') }),
    back);
  const board = new GoBoard({ onPlay: (point) => act(token, { play: point }, point) });
  board.node.id = 'pz-board';
  board.grid.id = 'pz-grid';
  board.grid.setAttribute('aria-label', t('puzzles.board'));
  const boardArea = el('div', { class: 'gm-board-area' }, el('div', { class: 'gm-frame' }, board.node));

  const heading = el('h2', { class: 'pz-heading', id: 'pz-heading' });
  const tag = el('p', { class: 'pz-tag', id: 'pz-daily-tag', hidden: true, text: t('puzzles.dailyTag') });
  const toPlay = el('p', { class: 'study-to-move', id: 'pz-to-play' });
  const feedback = el('p', { class: 'pz-feedback', id: 'pz-feedback', role: 'status' });
  const retry = el('button', { id: 'pz-retry', type: 'button', class: 'primary', onclick: () => act(token, 'retry'), text: t('puzzles.retry') });
  const solution = el('button', { id: 'pz-solution', type: 'button', onclick: () => act(token, 'solution'), text: t('puzzles.showSolution') });
  const restart = el('button', { id: 'pz-restart', type: 'button', onclick: () => act(token, 'restart'), text: t('puzzles.restart') });
  const next = el('button', { id: 'pz-next', type: 'button', onclick: () => openNext(token), text: t('puzzles.next') });
  const record = el('p', { class: 'pz-record', id: 'pz-record' });
  const streak = el('p', { class: 'pz-record', id: 'pz-streak' });
  const reached = el('p', { class: 'pz-record', id: 'pz-reached' });
  // The filters sit in the panel, a row each: the toolbar keeps to one row in every language.
  const filters = el('div', { class: 'pz-filters' },
    [[rule, 'puzzles.rule'], [kind, 'puzzles.kind'], [grade, 'puzzles.grade']].map(([filter, label]) =>
      el('label', { class: 'pz-filter' }, el('span', { text: t(label) }), filter)));
  const side = el('aside', { class: 'gm-side study-side', 'aria-label': t('puzzles.side') },
    filters, heading, tag, toPlay, feedback,
    el('div', { class: 'gm-actions' }, retry, solution, restart, next),
    record, streak, reached, el('p', { class: 'hint study-help', text: t('puzzles.help') }));
  const stage = el('div', { class: 'gm-stage study-stage' }, boardArea, side);
  return { nodes: [toolbar, stage], rule, kind, grade, board, boardArea, heading, tag, toPlay, feedback, retry, solution, restart, next, record, streak, reached };
}

/// The puzzles that pass the filters, in the set's order.
function filtered(token) {
  const { rule, kind, grade } = token.ui;
  const band = GRADES[grade.value];
  return (token.list?.puzzles ?? []).filter((p) => (!rule.value || p.group === rule.value)
    && (!kind.value || p.kind === kind.value) && (!band || (p.grade >= band[0] && p.grade <= band[1])));
}

/// Opens the next puzzle that passes the filters, unsolved first, after the one shown.
function openNext(token, { fromStart = false } = {}) {
  const shown = filtered(token);
  if (!shown.length) {
    setText(token.ui.feedback, t('puzzles.none'));
    return null;
  }
  const solved = new Set(token.list?.record?.solved ?? []);
  const at = fromStart ? -1 : shown.findIndex((p) => p.id === token.snapshot?.id);
  const after = [...shown.slice(at + 1), ...shown.slice(0, at + 1)];
  const chosen = after.find((p) => !solved.has(p.id)) ?? after[0];
  return open(token, chosen.id);
}

function open(token, puzzleId) {
  return apply(token, call('puzzle_open', { game: GAME, id: puzzleId }));
}

function act(token, action, point = null) {
  if (token.busy) return null;
  token.busy = true;
  token.root.dataset.busy = 'true';
  return apply(token, call('puzzle_act', { game: GAME, action }), point).finally(() => {
    token.busy = false;
    delete token.root.dataset.busy;
  });
}

/// Takes a snapshot the backend answered with; an error is said and the board stays.
async function apply(token, request, point = null) {
  try {
    const snapshot = await request;
    token.show(snapshot);
    return snapshot;
  } catch (error) {
    const reason = error?.params?.reason;
    const known = { doubleThree: 'gm.error.doubleThree', doubleFour: 'gm.error.doubleFour', overline: 'gm.error.overline' }[reason];
    let text = error?.code ? errorText(error) : String(error);
    if (error?.code === 'illegal_move' && reason === 'occupied' && point) text = t('gm.error.occupied', { point: notation(point.x, point.y, SIZE) });
    else if (error?.code === 'illegal_move' && known) text = t(known);
    toast(text);
    announce(text);
    if (token.snapshot) token.show(token.snapshot);
    return null;
  }
}

function goBack(token) {
  token.app.show(token.from === 'home' ? 'home' : 'gomoku');
}

const colourName = (colour) => t(`gm.colourName.${colour}`);
const pointName = (p) => notation(p.x, p.y, SIZE);

/// One showing of the screen (app.js calls it each time the screen is shown).
export function create() {
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place, shortcuts };

  function place() {
    return { puzzle: current?.snapshot?.id ?? null, from: current?.from ?? null };
  }

  /// `options.puzzle`: the puzzle to open (none: today's); `options.from`: 'home' or 'gomoku'.
  async function mount(root, app, { puzzle = null, from = 'gomoku' } = {}) {
    const token = { app, root, from, snapshot: null, list: null, busy: false };
    token.show = (snapshot) => show(token, snapshot);
    current = token;
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.boardArea, () => fitTo(token.ui.board, token.ui.boardArea, 8));
    token.onKey = keyHandler(() => keyTable(token), isScreenKey);
    root.addEventListener('keydown', token.onKey);
    try {
      token.list = await call('puzzles', { game: GAME });
    } catch (error) {
      setText(token.ui.feedback, errorText(error));
      root.dataset.state = 'refused';
      return;
    }
    if (current !== token) return;
    await open(token, puzzle);
    if (current !== token) return;
    token.ui.board.focus();
    const board = 34 * (SIZE + 1.8);
    fitWindow(Math.round(board + 340 + 48), Math.round(Math.max(board, 560) + 90)).catch(() => {});
  }

  function unmount() {
    const token = current;
    current = null;
    if (!token) return;
    token.resizes?.disconnect();
    token.root.removeEventListener('keydown', token.onKey);
  }

  /// The screen's keys: R retries, S steps through the solution, N opens the next puzzle.
  function keyTable(token) {
    return [
      { keys: ['R'], label: 'puzzles.retry', run: () => act(token, 'retry') },
      { keys: ['S'], label: 'puzzles.showSolution', run: () => act(token, 'solution') },
      { keys: ['N'], label: 'puzzles.next', run: () => openNext(token) },
    ];
  }

  function shortcuts() {
    if (!current) return [];
    return [{ title: 'puzzles.title', entries: keyTable(current) }, { title: 'shortcuts.board', entries: current.ui.board.keyTable?.() ?? [] }];
  }

  function show(token, snapshot) {
    if (!snapshot) return;
    token.snapshot = snapshot;
    if (token.list) token.list.record = snapshot.record;
    const { ui, root } = token;
    const { view } = snapshot;
    const board = view.board;
    root.dataset.puzzle = snapshot.id;
    root.dataset.phase = view.phase;
    ui.board.render({
      size: board.size,
      stones: board.stones,
      moves: board.moves,
      winningLine: board.winningLine,
      turn: view.phase === 'solving' ? board.sideToMove : null,
      numbers: Boolean(token.app.settings.moveNumbers),
      forbidden: board.forbidden ?? [],
    });
    const { puzzle } = view;
    setText(ui.heading, t('puzzles.heading', { number: formatNumber(puzzle.number), rule: t(`gm.rule.${puzzle.group}`), kind: t(KINDS[puzzle.kind]) }));
    ui.heading.title = t('puzzles.length', { moves: formatNumber(puzzle.grade) });
    ui.tag.hidden = !snapshot.daily;
    // Today's puzzle: whether this attempt is the day's entry (the first one counts).
    const count = { open: 'puzzles.dailyOpen', counts: 'puzzles.dailyCounts', practice: 'puzzles.dailyPractice' }[snapshot.dayCount];
    setText(ui.tag, t(count ?? 'puzzles.dailyTag'));
    ui.tag.dataset.count = snapshot.dayCount ?? '';
    setText(ui.toPlay, `${t('puzzles.toPlay', { colour: colourName(puzzle.side) })}\u00a0· ${t('puzzles.length', { moves: formatNumber(puzzle.grade) })}`);
    showFeedback(token, view);
    showRecord(token, snapshot.record);
  }

  function showFeedback(token, view) {
    const { ui } = token;
    const defender = view.puzzle.side === 'black' ? 'white' : 'black';
    let text;
    if (view.phase === 'refuted') text = t('puzzles.wrong', { point: pointName(view.wrong), colour: colourName(defender), reply: pointName(view.reply) });
    else if (view.phase === 'solved') text = t(view.progress.clean ? 'puzzles.solved' : 'puzzles.solvedWithHelp');
    else if (view.phase === 'solution') text = t('puzzles.solution', { shown: formatNumber(view.shown), count: formatNumber(view.shown + (view.done ? 0 : 1)) });
    else if (view.answer) text = t('puzzles.right', { colour: colourName(defender), point: pointName(view.answer) });
    else text = t('puzzles.find');
    setText(ui.feedback, text);
    ui.feedback.dataset.phase = view.phase;
    announce(text);
    ui.retry.hidden = view.phase !== 'refuted';
    ui.solution.disabled = view.phase === 'solved' || (view.phase === 'solution' && view.done);
    setText(ui.solution, t(view.phase === 'solution' ? 'puzzles.nextStep' : 'puzzles.showSolution'));
    ui.next.classList.toggle('primary', view.phase === 'solved');
  }

  function showRecord(token, record) {
    const { ui } = token;
    const count = token.list?.puzzles?.length ?? 0;
    setText(ui.record, t('puzzles.record', { solved: formatNumber(record.solved.length), count: formatNumber(count) }));
    setText(ui.streak, t('puzzles.streak', { streak: formatNumber(record.streak), best: formatNumber(record.longestStreak) }));
    ui.streak.dataset.streak = String(record.streak);
    setText(ui.reached, record.grade ? t('puzzles.reached', { moves: formatNumber(record.grade) }) : '');
  }
}
