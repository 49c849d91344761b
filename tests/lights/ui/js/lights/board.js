// Lights Out's board on the board kit (../board-kit.js): a square of lights, each a gridcell
// that is on or off. A click or Space/Enter on a cell presses it; read-only in the watch view.

import { el, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { Grid, fitCells } from '../board-kit.js';

export class LightsBoard {
  /// `onPress(move)` receives a press to send; `readOnly`: the board only shows.
  constructor({ onPress = null, readOnly = false } = {}) {
    this.onPress = onPress;
    this.node = el('div', { class: 'lt-board', role: 'grid', id: 'lt-board', 'aria-label': t('lt.board') });
    this.kit = new Grid({ node: this.node, cellClass: 'lt-cell', rowClass: 'lt-row', readOnly });
    this.side = 0;
    this.kit.listenToKeys(() => this.keys());
    if (!readOnly) {
      this.node.addEventListener('click', (event) => {
        const at = this.kit.at(event);
        if (at) this.press(at);
      });
    }
  }

  /// Draws a view: each cell lit or dark, named for screen readers.
  render(view) {
    if (view.side !== this.side) {
      this.side = view.side;
      this.kit.build(view.side, view.side, { state: 'lt-dark' });
    }
    view.lit.forEach((lit, index) => {
      const cell = this.kit.cells[index];
      cell.classList.toggle('lt-lit', lit);
      cell.classList.toggle('lt-dark', !lit);
      const x = index % view.side;
      const y = Math.floor(index / view.side);
      cell.setAttribute('aria-label', `${t('lt.cell', { row: y + 1, column: x + 1 })}: ${t(lit ? 'lt.lit' : 'lt.dark')}`);
    });
  }

  press({ x, y }) {
    this.kit.moveCursor(x, y, false);
    this.onPress?.({ x, y });
  }

  /// The board's own key (besides the cursor's): Space or Enter presses the cursor's light.
  keys() {
    return [{ keys: ['Space', 'Enter'], label: 'keys.lt.press', run: () => this.press(this.kit.cursor) }];
  }

  /// The board's key table: the cursor's keys and its own.
  keyTable() {
    return this.kit.keyTable(this.keys());
  }

  moveCursor(x, y, focus) {
    this.kit.moveCursor(x, y, focus);
  }

  focus() {
    this.kit.focus();
  }

  fit(width, height) {
    if (this.side) fitCells(this.node, { columns: this.side, rows: this.side, width, height, min: 28, max: 72 });
  }
}

/// The presses and lights left, beside the board.
export function countsBox() {
  const presses = el('output', { id: 'lt-presses', class: 'lt-count' });
  const left = el('output', { id: 'lt-left', class: 'lt-count' });
  return {
    node: el('div', { class: 'lt-counts' }, presses, left),
    show(view) {
      setText(presses, t('lt.presses', { count: formatNumber(view.presses) }));
      setText(left, t('lt.litLeft', { count: formatNumber(view.lit.filter(Boolean).length) }));
    },
  };
}

/// The board as the watch view shows it (see `watchBoard` in ../watch.js).
export function watchBoard() {
  const board = new LightsBoard({ readOnly: true });
  const counts = countsBox();
  const stage = el('div', { class: 'lt-stage' }, board.node);
  return {
    nodes: [counts.node, stage],
    area: stage,
    board,
    draw(frame) {
      board.render(frame.view);
      counts.show(frame.view);
    },
    size: (view) => ({ width: Math.max(420, view.side * 56 + 48), height: view.side * 56 + 90 }),
    describe: (frame) => t('lt.cell', { row: (frame.move?.y ?? 0) + 1, column: (frame.move?.x ?? 0) + 1 }),
  };
}
