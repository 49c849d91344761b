// The review of a finished Gomoku game: the engine's value after every stone as a
// graph (black's view), the mistakes and blunders with the stone the engine would have played,
// each shown on a read-only board, and the first move from which a side had a win by force.
// The backend replays the game's record and keeps the engine's review with it
// (src-tauri/records/review.rs, src-tauri/games/src/gomoku/review.rs); this screen only draws them.
// Opened from a Gomoku row of the history, from the game-over panel and for an imported game
// (id 0: a Pastimes record or a Gomocup .psq) from the import's dialog.

import { el, announce, setText } from '../dom.js';
import { t, count as countOf, errorText, formatNumber } from '../i18n.js';
import { call, fitWindow, onSnapshot } from '../ipc.js';
import { fitTo, followSize } from '../board-kit.js';
import { GoBoard, positionText } from './board.js';
import { pointOf } from './notation.js';
import { drawGraph, kindText } from './review-graph.js';
import { nameOf, namedByColour } from './setup.js';
import { categoryLabel } from '../catalogue.js';

export const id = 'gomoku-review';

export const helpTopic = 'gomokuReview';

/// Not the screen to come back to after a restart: it needs a game to show.
export const transient = true;

const SIZE = 15;

/// The id of the game imported last (never stored).
const IMPORTED = 0;

function build(token) {
  const back = el('button', { id: 'gmr-back', onclick: () => goBack(token), text: t(token.back === 'gomoku' ? 'gmr.backToGame' : 'gmr.backToHistory') });
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('gmr.title') },
    el('h1', { class: 'toolbar-title', text: t('gmr.title') }),
    el('span', { class: 'gmr-game', id: 'gmr-game' }),
    el('span', { class: 'spacer' }),
    back,
    el('button', { id: 'gmr-home', onclick: () => token.app.show('home'), text: t('game.allGames') }));
  const board = new GoBoard({ readOnly: true, hintLabel: t('gmr.point.better') });
  board.node.id = 'gmr-board';
  board.grid.id = 'gmr-grid';
  board.grid.setAttribute('aria-label', t('gmr.board'));
  const caption = el('p', { class: 'gmr-position', id: 'gmr-position', role: 'status' });
  const study = el('button', { id: 'gmr-study', type: 'button', onclick: () => studyHere(token), text: t('gmr.studyHere') });
  const boardArea = el('div', { class: 'gm-board-area gmr-board-area' }, el('div', { class: 'gm-frame' }, board.node));
  const players = el('p', { class: 'gmr-players', id: 'gmr-players' });
  const status = el('p', { class: 'gmr-status', id: 'gmr-status', role: 'status' });
  const forced = el('p', { class: 'gmr-forced', id: 'gmr-forced', hidden: true });
  const graph = el('figure', { class: 'gmr-graph', id: 'gmr-graph-box', hidden: true });
  const mistakes = el('ol', { class: 'gmr-mistakes', id: 'gmr-mistakes', 'aria-labelledby': 'gmr-mistakes-title' });
  const mistakesBox = el('section', { class: 'gmr-mistakes-box', hidden: true, 'aria-labelledby': 'gmr-mistakes-title' },
    el('h2', { class: 'gm-side-title', id: 'gmr-mistakes-title', text: t('gmr.mistakes') }),
    mistakes,
    el('p', { class: 'hint gmr-thresholds', id: 'gmr-thresholds', text: t('gmr.thresholds') }));
  const side = el('aside', { class: 'gmr-side', 'aria-label': t('gmr.side') }, players, status, forced, graph, mistakesBox);
  const stage = el('div', { class: 'gm-stage gmr-stage' },
    el('div', { class: 'gmr-board-column' }, boardArea, el('div', { class: 'gmr-position-row' }, caption, study)), side);
  return { nodes: [toolbar, stage], back, board, caption, boardArea, players, status, forced, graph, mistakes, mistakesBox, game: toolbar.querySelector('#gmr-game') };
}

function goBack(token) {
  if (token.back === 'gomoku') token.app.show('gomoku');
  else token.app.show('hall', { tab: 'history', history: token.history });
}

/// The study board from the position shown; its Back button comes back to this review.
function studyHere(token) {
  const view = token.data?.view;
  if (!view) return;
  const at = Number(token.root.dataset.shown ?? view.moves.length);
  // Back comes to the same mistake or position.
  const shown = token.selected != null ? { mistake: token.selected } : { at };
  token.app.show('gomoku-study-board', {
    from: { screen: 'review', options: { id: token.gameId, back: token.back, history: token.history, shown } },
    load: positionText(view, at),
  });
}

function fitBoard(token) {
  fitTo(token.ui.board, token.ui.boardArea, 8);
}

function showProblem(token, text) {
  token.root.dataset.state = 'error';
  setText(token.ui.status, text);
  token.ui.board.render({ size: SIZE, stones: new Array(SIZE * SIZE).fill(0), moves: [], turn: null });
}

const colourWord = (colour) => t(`gm.colour.${colour}`);

/// A player as the review names them: "Ann (white)", or just "White" when the name is the colour.
function player(view, colour) {
  const name = nameOf(view, colour);
  return namedByColour(name, colour) ? name : t('gmr.player', { name, colour: colourWord(colour) });
}

/// The stone after which the win by force existed, as the engine's review stores it.
const afterStoneOf = (forced) => forced.after_stone;

function resultText(view) {
  if (!view.winner) return t('gmr.result.draw');
  return t('gmr.result.won', { name: player(view, view.winner) });
}

/// "3 mistakes and 1 blunder": what the engine found, in a line.
function summary(analysis) {
  const count = (kind) => analysis.mistakes.filter((m) => m.kind === kind).length;
  if (!analysis.mistakes.length) return t('gmr.summary.none');
  return t('gmr.summary', { mistakes: countOf('mistakes', count('mistake')), blunders: countOf('blunders', count('blunder')) });
}

/// "Ann (white), K9: blunder, lost 2,400. Better: H8."
function mistakeText(m, view) {
  const parts = { player: player(view, m.colour), point: m.notation, kind: kindText(m.kind), drop: formatNumber(m.drop) };
  return m.better ? t('gmr.mistake', { ...parts, better: m.better }) : t('gmr.mistake.noBetter', parts);
}

function caption(count, view, mistake, forced) {
  if (mistake) {
    const played = { stone: formatNumber(mistake.stone), colour: colourWord(mistake.colour), point: mistake.notation, kind: kindText(mistake.kind) };
    return mistake.better ? t('gmr.position.mistake', { ...played, better: mistake.better }) : t('gmr.position.mistakeNoBetter', played);
  }
  if (forced) return t('gmr.position.forced', { stone: formatNumber(count), colour: colourWord(forced.winner) });
  return t('gmr.position.end', { stones: formatNumber(view.moves.length) });
}

/// One showing of the review (app.js calls it each time the review is shown).
export function create() {
  /// The open screen: null once it is left (answers and events that arrive later are dropped).
  let current = null;

  return { id, helpTopic, transient, mount, unmount, place, shortcuts };

  /// The screen's keys, for the shortcuts window: its read-only board's (the cursor's).
  function shortcuts() {
    return current ? [{ title: 'shortcuts.board', entries: current.ui.board.keyTable() }] : [];
  }

  /// Where the player is, to show again when the screen is drawn anew (a new language): the
  /// mistake shown, or the position.
  function place() {
    if (!current?.data) return {};
    if (current.selected != null) return { shown: { mistake: current.selected } };
    return { shown: { at: Number(current.root.dataset.shown) } };
  }

  /// `options.id`: the finished game; `options.back`: 'gomoku' (its game-over panel) or the history,
  /// `options.history` the history's filters and page to go back to; `options.shown` what to show
  /// first (`{mistake}` or `{at}`, else the first mistake or the end).
  async function mount(root, app, { id: gameId, back = 'history', history = null, shown = null } = {}) {
    const token = { app, root, gameId, back, history, start: shown, data: null, selected: null, unlisten: null, resizes: null };
    current = token;
    token.ui = build(token);
    root.append(...token.ui.nodes);
    token.resizes = followSize(token.ui.boardArea, () => fitBoard(token));
    if (gameId == null) {
      showProblem(token, t('gmr.noGame'));
      return;
    }
    // Listening first: the review done in the background arrives as a snapshot of the finished
    // game, and none may slip between the question and the listener.
    token.unlisten = onSnapshot((snap) => reviewArrived(token, snap));
    await load(token);
    if (current !== token) return;
    // The keyboard starts on the mistake shown, else on the way back.
    (root.querySelector('.gmr-mistake[aria-current]') ?? token.ui.back).focus();
    const board = 34 * (SIZE + 1.8);
    fitWindow(Math.round(board + 400 + 48), Math.round(Math.max(board, 560) + 90)).catch(() => {});
  }

  function unmount() {
    current?.unlisten?.();
    current?.resizes?.disconnect();
    current = null;
  }

  /// Asks the backend for the game and its review, and shows what there is.
  async function load(token) {
    try {
      const data = await call('review', { id: token.gameId });
      if (current !== token) return;
      token.data = data;
      show(token);
      if (data.analysing && token.gameId === IMPORTED) askAgain(token);
    } catch (problem) {
      if (current === token) showProblem(token, problem?.code ? errorText(problem) : String(problem));
    }
  }

  /// An imported game's review has no game in progress whose snapshot would bring it: the
  /// backend is asked again each second until the engine is done.
  function askAgain(token) {
    setTimeout(async () => {
      if (current !== token) return;
      await load(token);
      if (current === token && token.data?.analysis) announce(t('gmr.ready'));
    }, 1000);
  }

  /// The review was done in the background: the finished game's snapshot brings it.
  function reviewArrived(token, snap) {
    if (current !== token || snap?.game !== 'gomoku' || snap.record?.id !== token.gameId) return;
    if (!snap.analysis || token.data?.analysis) return;
    load(token).then(() => { if (current === token) announce(t('gmr.ready')); });
  }

  function show(token) {
    const { data, ui, root } = token;
    const { view, analysis } = data;
    setText(ui.game, categoryLabel('gomoku', data.category));
    setText(ui.players, t('gmr.players', {
      black: player(view, 'black'), white: player(view, 'white'), result: resultText(view), moves: formatNumber(view.moves.length),
    }));
    root.dataset.state = analysis ? 'ready' : data.analysing ? 'analysing' : 'none';
    if (!analysis) {
      setText(ui.status, t(data.analysing ? 'gmr.analysing' : 'gmr.notKept'));
      ui.status.classList.toggle('gmr-waiting', data.analysing);
      showPosition(token, view.moves.length);
      return;
    }
    ui.status.classList.remove('gmr-waiting');
    setText(ui.status, summary(analysis));
    showForcedWin(token, analysis.forcedWin, view);
    showGraph(token, analysis);
    showMistakes(token, analysis.mistakes, view);
    const { start } = token;
    token.start = null;
    if (start?.at != null) showPosition(token, start.at);
    else if (analysis.mistakes.length) select(token, Math.min(start?.mistake ?? 0, analysis.mistakes.length - 1));
    else showPosition(token, view.moves.length);
  }

  function showForcedWin(token, forced, view) {
    const { ui } = token;
    ui.forced.hidden = false;
    ui.forced.replaceChildren();
    if (!forced) {
      ui.forced.textContent = t('gmr.forced.none');
      return;
    }
    const name = player(view, forced.winner);
    const after = afterStoneOf(forced);
    const text = after === 0
      ? t('gmr.forced.start', { name })
      : t('gmr.forced.after', { name, stone: formatNumber(after), move: formatNumber(after + 1) });
    ui.forced.append(el('span', { text }), ' ',
      el('button', { class: 'link', id: 'gmr-forced-show', onclick: () => showPosition(token, after, { forced }), text: t('gmr.forced.show') }));
    ui.forced.dataset.afterStone = String(after);
    ui.forced.dataset.winner = forced.winner;
  }

  function showGraph(token, analysis) {
    const { ui } = token;
    ui.graph.hidden = false;
    const { svg, description } = drawGraph(analysis, {
      onMark: (index) => select(token, index),
      label: t('gmr.graph.title'),
    });
    ui.graph.replaceChildren(svg,
      el('figcaption', { class: 'gmr-graph-caption' },
        el('span', { class: 'legend-point', 'aria-hidden': 'true' }), t('gmr.graph.legend'), ' ',
        el('span', { class: 'gmr-legend-mistake', 'aria-hidden': 'true' }), kindText('mistake'), ' ',
        el('span', { class: 'gmr-legend-blunder', 'aria-hidden': 'true' }), kindText('blunder')),
      el('p', { class: 'visually-hidden', id: 'gmr-graph-summary', text: description }));
    svg.setAttribute('aria-describedby', 'gmr-graph-summary');
  }

  function showMistakes(token, mistakes, view) {
    const { ui } = token;
    ui.mistakesBox.hidden = false;
    ui.mistakes.replaceChildren(...mistakes.map((m, index) => el('li', {},
      el('button', {
        type: 'button', class: `gmr-mistake ${m.kind}`, id: `gmr-mistake-${index}`,
        dataset: { stone: m.stone, kind: m.kind, colour: m.colour, played: m.notation, better: m.better ?? '' },
        onclick: () => select(token, index),
      },
      el('span', { class: 'gmr-mistake-number', text: formatNumber(m.stone) }),
      el('span', { class: `gm-badge ${m.colour}`, 'aria-hidden': 'true' }),
      el('span', { class: 'gmr-mistake-text', text: mistakeText(m, view) })))));
    if (!mistakes.length) ui.mistakes.append(el('li', { class: 'gmr-none', text: t('gmr.mistakes.none') }));
  }

  /// Shows the position of the `index`th mistake: the stone played marked as the last, and the
  /// engine's better point ringed.
  function select(token, index) {
    const mistake = token.data?.analysis?.mistakes[index];
    if (!mistake) return;
    token.selected = index;
    for (const [i, button] of [...token.ui.mistakes.querySelectorAll('button.gmr-mistake')].entries()) {
      if (i === index) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
    token.ui.graph.querySelectorAll('.gmr-mark').forEach((mark, i) => mark.classList.toggle('selected', i === index));
    showPosition(token, mistake.stone, { mistake });
  }

  /// No mistake is shown any more (the forced win's position is).
  function unselect(token) {
    token.selected = null;
    token.ui.mistakes.querySelectorAll('[aria-current]').forEach((button) => button.removeAttribute('aria-current'));
    token.ui.graph.querySelectorAll('.gmr-mark.selected').forEach((mark) => mark.classList.remove('selected'));
  }

  /// The board after `count` stones; a mistake's better point is ringed, its stone the last.
  function showPosition(token, count, { mistake = null, forced = null } = {}) {
    const { view } = token.data ?? { view: null };
    const { ui, app, root } = token;
    if (!view) return;
    const better = mistake?.better ? pointOf(mistake.better, view.size) : null;
    ui.board.show(view, { at: count, numbers: Boolean(app.settings.moveNumbers), hint: better });
    root.dataset.shown = String(count);
    if (!mistake) unselect(token);
    setText(ui.caption, caption(count, view, mistake, forced));
  }
}
