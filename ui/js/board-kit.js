// The board kit: what the three boards (Minesweeper's field, Bubble Breaker's field, Gomoku's
// board) share, written once. A `Grid` is the board's ARIA grid: rows of cells (each with its
// `data-x` and `data-y`), hit testing (`at(event)`, `cellAt(x, y)`), the keyboard cursor (one
// cell takes the Tab stop; arrows, h/j/k/l, Home, End, PageUp and PageDown move it) and the
// read-only mode of the watch view and the review (the board shows and the cursor moves, but
// nothing is played). `fitCells` sizes the cells to the room given, `fitTo` gives a board the
// room of its area. A board built on it draws its own cells and turns input into moves.

import { el, setCssVariable } from './dom.js';
import { cursorKeys } from './keys.js';
import { keyHandler } from './shortcuts.js';

export class Grid {
  /// `node`: the element with the role grid; `cellClass`, `rowClass`: the classes of a cell and
  /// a row; `cursor`: where the cursor starts; `readOnly`: the board only shows; `focusOptions`:
  /// how a cell takes the focus; `onCursor(before)`: the cursor moved from the cell `before` (an
  /// index), for a board that marks the cursor's cell.
  constructor({ node, cellClass, rowClass, cursor = { x: 0, y: 0 }, readOnly = false, focusOptions, onCursor = null }) {
    this.node = node;
    this.cellClass = cellClass;
    this.rowClass = rowClass;
    this.cursor = { ...cursor };
    this.readOnly = readOnly;
    this.focusOptions = focusOptions;
    this.onCursor = onCursor;
    this.width = 0;
    this.height = 0;
    this.cells = [];
    if (readOnly) node.setAttribute('aria-readonly', 'true');
    node.addEventListener('focusin', (event) => {
      const at = this.at(event);
      if (at) this.moveCursor(at.x, at.y, false);
    });
  }

  /// Lays out `width` x `height` cells, row by row: each a gridcell of the classes `cellClass`
  /// and `state`, with the `attributes(x, y)` and the `content()` given (if any).
  build(width, height, { state, attributes = null, content = null }) {
    this.width = width;
    this.height = height;
    this.node.replaceChildren();
    this.cells = [];
    for (let y = 0; y < height; y += 1) {
      const row = el('div', { class: this.rowClass, role: 'row' });
      for (let x = 0; x < width; x += 1) {
        const cell = el('div', {
          class: `${this.cellClass} ${state}`, role: 'gridcell', tabindex: '-1', dataset: { x, y }, ...attributes?.(x, y),
        }, content?.());
        row.append(cell);
        this.cells.push(cell);
      }
      this.node.append(row);
    }
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    this.cellAt(this.cursor.x, this.cursor.y).tabIndex = 0;
  }

  cellAt(x, y) {
    return this.cells[y * this.width + x];
  }

  /// The cell an event happened on, as {x, y}, or null.
  at(event) {
    const cell = event.target.closest?.(`.${this.cellClass}`);
    return cell ? { x: Number(cell.dataset.x), y: Number(cell.dataset.y) } : null;
  }

  cursorIndex() {
    return this.cursor.y * this.width + this.cursor.x;
  }

  /// Moves the cursor (and the Tab stop) to the cell at x, y (kept on the board), and the focus
  /// with it if `focus`.
  moveCursor(x, y, focus = true) {
    const clampedX = Math.max(0, Math.min(this.width - 1, x));
    const clampedY = Math.max(0, Math.min(this.height - 1, y));
    const previous = this.cellAt(this.cursor.x, this.cursor.y);
    if (previous) previous.tabIndex = -1;
    const before = this.cursorIndex();
    this.cursor = { x: clampedX, y: clampedY };
    this.onCursor?.(before);
    const cell = this.cellAt(clampedX, clampedY);
    cell.tabIndex = 0;
    if (focus) cell.focus(this.focusOptions);
  }

  /// The focus to the cursor's cell (a paused game just restored has no cells yet).
  focus() {
    this.cellAt(this.cursor.x, this.cursor.y)?.focus(this.focusOptions);
  }

  /// The board's key table (./shortcuts.js): the cursor's keys, then the board's own `keys` (its
  /// moves), but on a read-only board.
  keyTable(keys = []) {
    const cursor = cursorKeys({
      cursor: () => this.cursor,
      moveTo: (x, y) => this.moveCursor(x, y),
      width: () => this.width,
      height: () => this.height,
    });
    return this.readOnly ? cursor : [...cursor, ...keys];
  }

  /// The board's keys, as its key table (`keyTable(keys())`) says, while the board has the focus.
  listenToKeys(keys = () => []) {
    this.node.addEventListener('keydown', keyHandler(() => this.keyTable(keys())));
  }
}

/// Sizes the cells of `node` (its `--cell`) to the largest whole number of pixels that fits
/// `columns` x `rows` cells and a `gutter` of cells around them in `width` x `height`, between
/// `min` and `max`; returns that size.
export function fitCells(node, { columns, rows, gutter = 0, width, height, min, max }) {
  const fitting = Math.floor(Math.min(width / (columns + 2 * gutter), height / (rows + 2 * gutter)));
  const cell = Math.max(min, Math.min(max, fitting));
  setCssVariable(node, '--cell', `${cell}px`);
  return cell;
}

/// Gives `board` the room of `area` less a `margin` (its padding and frame).
export function fitTo(board, area, margin) {
  board.fit(area.clientWidth - margin, area.clientHeight - margin);
}

/// Calls `fit` whenever `area` changes size; returns the observer (to disconnect). The fit waits
/// for the next frame: a board resized inside the observer's own callback may move what is
/// around it (a status line wrapping anew), which the browser reports as a loop of undelivered
/// notifications, an error event, and leaves to a later frame anyway. Several changes in one
/// frame fit once.
export function followSize(area, fit) {
  let pending = 0;
  const observer = new ResizeObserver(() => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      fit();
    });
  });
  observer.observe(area);
  return observer;
}
