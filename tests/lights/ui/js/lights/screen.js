// The Lights Out screen: sizes in the toolbar, presses and lights left with undo and redo, the
// board, and the status line. The shared game screen (../game-screen.js) runs it.

import { el, announce, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { fitWindow } from '../ipc.js';
import { gameScreen, statsRows } from '../game-screen.js';
import { LightsBoard, countsBox } from './board.js';

const SIDES = [3, 4, 5, 6, 7];
const DEFAULT_SIDE = 5;

const categoryOf = (side) => `${side}x${side}`;
const sizeLabel = (side) => t('category.lights.size', { width: side, height: side });

export const {
  id, helpTopic, mount, unmount, newGame, refit, choose, move, shortcuts, restart, copyDealCode, newGameParams,
} = gameScreen({
  name: 'lights',
  prefix: 'lt',
  coverClass: 'lt-cover',
  pauseInToolbar: true,
  create,
});

function create(screen) {
  let ui;

  return {
    build, drawBoard, drawPanel, showHint, params, onEffects,
    kept: ({ side }) => ({ side }),
    newGame: () => start(),
    fitWindow: () => {
      const side = screen.snapshot?.view?.side ?? DEFAULT_SIDE;
      // As wide as the toolbar in one row, whose words run long in some languages (Russian).
      fitWindow(Math.max(560, screen.toolbarWidth(), side * 56 + 80), side * 56 + 220).catch(() => {});
    },
    categoryLabel: (snap) => sizeLabel(snap.view?.side ?? DEFAULT_SIDE),
    statistics,
  };

  function build() {
    const { controls } = screen;
    const sizeButtons = SIDES.map((side) => el('button', {
      class: 'lt-size', id: `lt-size-${side}`, 'aria-pressed': 'false', onclick: () => start(side), text: sizeLabel(side),
    }));
    const toolbar = screen.toolbar(el('div', { class: 'group', role: 'group', 'aria-label': t('lt.size') }, sizeButtons));
    const counts = countsBox();
    const panel = el('div', { class: 'lt-panel' },
      el('div', { class: 'group' }, controls.undo, controls.redo), counts.node,
      el('button', { id: 'lt-new', onclick: () => start(), text: t('game.new') }));
    const board = new LightsBoard({ onPress: screen.play });
    const stage = el('div', { class: 'lt-stage' }, board.node, controls.cover);
    const status = el('div', { class: 'statusline' }, controls.status);
    ui = { sizeButtons, counts, board, stage };
    return { nodes: [toolbar, panel, stage, status], board, concealed: board.node, fit: { area: stage, margin: 24, follow: 'area' } };
  }

  function drawBoard(next) {
    if (next.view) ui.board.render(next.view);
  }

  function drawPanel(next) {
    if (next.view) ui.counts.show(next.view);
    for (const [index, button] of ui.sizeButtons.entries()) {
      button.setAttribute('aria-pressed', String(categoryOf(SIDES[index]) === next.category));
    }
    setText(screen.controls.status, statusText(next));
  }

  function statusText(snap) {
    const note = screen.noteFor(snap);
    if (note) return note;
    if (snap.paused) return t('game.paused');
    if (snap.status === 'won') return t('lt.won', { count: formatNumber(snap.view?.presses ?? 0) });
    return snap.view ? t('lt.litLeft', { count: formatNumber(snap.view.lit.filter(Boolean).length) }) : '';
  }

  function onEffects(effects, next, { cause }) {
    if (cause === 'play' && next.status === 'won') announce(t('lt.won', { count: formatNumber(next.view.presses) }));
    return null;
  }

  function showHint(hint) {
    ui.board.moveCursor(hint.x, hint.y, ui.board.node.contains(document.activeElement));
    const text = t('lt.hint', { row: hint.y + 1, column: hint.x + 1, count: formatNumber(hint.left) });
    screen.note(text);
    announce(text);
  }

  function params(side) {
    const chosen = SIDES.includes(side) ? side : screen.savedParams?.side;
    return { side: SIDES.includes(chosen) ? chosen : DEFAULT_SIDE };
  }

  function start(side) {
    return screen.start(params(side)).catch((error) => screen.showError(error));
  }

  async function statistics() {
    const side = screen.snapshot?.view?.side ?? params().side;
    const stats = await screen.statistics(categoryOf(side));
    const rows = [
      ['played', t('stats.played'), formatNumber(stats.played)],
      ['won', t('stats.won'), formatNumber(stats.won)],
    ];
    return { title: t('stats.title', { category: sizeLabel(side) }), body: el('table', { class: 'stats' }, statsRows(rows)) };
  }
}
