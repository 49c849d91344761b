// The mine field: draws the backend's cell string as a grid and turns mouse and keyboard input
// into intents (open, mark, chord). It decides no rule: a click on a number is sent as "open"
// and the backend chords it.

import { el, setCssVariable } from '../dom.js';
import { cursorTarget } from '../keys.js';
import { t } from '../i18n.js';

const NUMBER = /[0-8]/;

/// What a cell shows, as a class and an accessible description.
function describe(code, x, y) {
  const where = t('ms.cell.where', { row: y + 1, column: x + 1 });
  switch (code) {
    case '.': return { cls: 'hidden', label: `${where}, ${t('ms.cell.hidden')}` };
    case 'F': return { cls: 'hidden flag', label: `${where}, ${t('ms.cell.flag')}` };
    case '?': return { cls: 'hidden question', label: `${where}, ${t('ms.cell.question')}` };
    case '*': return { cls: 'open mine', label: `${where}, ${t('ms.cell.mine')}` };
    case 'X': return { cls: 'open mine exploded', label: `${where}, ${t('ms.cell.exploded')}` };
    case 'W': return { cls: 'hidden flag wrong', label: `${where}, ${t('ms.cell.wrongFlag')}` };
    case '0': return { cls: 'open n0', label: `${where}, ${t('ms.cell.empty')}` };
    default: return { cls: `open n${code}`, label: `${where}, ${t('ms.cell.number', { count: Number(code) })}` };
  }
}

export class MineField {
  /// `onIntent(move)` receives {action, x, y}; `onPress(bool)` tells when a button is held.
  constructor({ onIntent, onPress }) {
    this.onIntent = onIntent;
    this.onPress = onPress;
    this.width = 0;
    this.height = 0;
    this.cells = '';
    this.cursor = { x: 0, y: 0 };
    this.held = new Set();
    this.pressed = false;
    this.chording = false;
    this.chordSent = false;
    this.node = el('div', { class: 'ms-field', role: 'grid', 'aria-label': t('ms.field') });
    this.node.addEventListener('mousedown', (e) => this.mouseDown(e));
    this.node.addEventListener('mouseup', (e) => this.mouseUp(e));
    this.node.addEventListener('mouseleave', () => { this.held.clear(); this.reset(); });
    this.node.addEventListener('keydown', (e) => this.keyDown(e));
    this.node.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.ms-cell');
      if (cell) this.cursor = { x: Number(cell.dataset.x), y: Number(cell.dataset.y) };
    });
  }

  /// Draws a view; only cells whose code changed are touched, so a 100x100 board stays quick.
  render(view) {
    if (view.width !== this.width || view.height !== this.height) this.build(view.width, view.height);
    const previous = this.cells;
    for (let i = 0; i < view.cells.length; i += 1) {
      const code = view.cells[i];
      if (code === previous[i]) continue;
      const cell = this.cellNodes[i];
      const x = i % this.width;
      const y = (i - x) / this.width;
      const { cls, label } = describe(code, x, y);
      cell.className = `ms-cell ${cls}`;
      cell.textContent = NUMBER.test(code) && code !== '0' ? code : code === '?' ? '?' : '';
      cell.setAttribute('aria-label', label);
    }
    this.cells = view.cells;
    this.node.classList.toggle('over', view.status !== 'playing');
  }

  /// Marks the hint's cell (`kind`: safe, mine or guess): a class, so only its border and
  /// background change. The next drawing of that cell, or `clearHint`, takes it away.
  showHint(x, y, kind) {
    this.clearHint();
    const cell = this.cellAt(x, y);
    if (!cell) return;
    cell.classList.add('hinted', `hint-${kind}`);
    this.hinted = cell;
  }

  clearHint() {
    this.hinted?.classList.remove('hinted', 'hint-safe', 'hint-mine', 'hint-guess');
    this.hinted = null;
  }

  build(width, height) {
    this.width = width;
    this.height = height;
    this.cells = '';
    this.node.replaceChildren();
    this.cellNodes = [];
    for (let y = 0; y < height; y += 1) {
      const row = el('div', { class: 'ms-row', role: 'row' });
      for (let x = 0; x < width; x += 1) {
        const cell = el('div', { class: 'ms-cell hidden', role: 'gridcell', tabindex: '-1', dataset: { x, y } });
        row.append(cell);
        this.cellNodes.push(cell);
      }
      this.node.append(row);
    }
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    this.cellAt(this.cursor.x, this.cursor.y).tabIndex = 0;
  }

  cellAt(x, y) {
    return this.cellNodes[y * this.width + x];
  }

  codeAt(x, y) {
    return this.cells[y * this.width + x];
  }

  /// Sizes cells to fill the space given, between 12 and 40 pixels.
  fit(availableWidth, availableHeight) {
    if (!this.width) return;
    const size = Math.floor(Math.min(availableWidth / this.width, availableHeight / this.height));
    setCssVariable(this.node, '--cell', `${Math.max(12, Math.min(40, size))}px`);
  }

  target(event) {
    const cell = event.target.closest?.('.ms-cell');
    return cell ? { x: Number(cell.dataset.x), y: Number(cell.dataset.y) } : null;
  }

  // Which buttons are down is tracked from our own down/up events rather than `event.buttons`,
  // which some input paths leave stale after a right click.
  mouseDown(event) {
    const at = this.target(event);
    if (!at) return;
    event.preventDefault();
    this.moveCursor(at.x, at.y, false);
    if (event.button === 2 && !this.held.has(0)) {
      // A right press marks at once, as in the classic game, unless the left is held (a chord).
      // It is not tracked as held: WebKit does not always deliver its release.
      this.onIntent({ action: 'mark', ...at });
      return;
    }
    this.held.add(event.button);
    this.chording ||= (this.held.has(0) && this.held.has(2)) || event.button === 1;
    this.pressed = true;
    this.onPress(true);
  }

  mouseUp(event) {
    const at = this.target(event);
    if (!this.held.delete(event.button)) return;
    if (this.chording) {
      // The first button up sends the chord; the other's release must not open a cell.
      if (!this.chordSent && at) this.onIntent({ action: 'chord', ...at });
      this.chordSent = true;
      if (this.held.size === 0) this.reset();
      return;
    }
    this.reset();
    if (event.button === 0 && at) this.onIntent({ action: 'open', ...at });
  }

  reset() {
    if (this.pressed) this.onPress(false);
    this.pressed = false;
    this.chording = false;
    this.chordSent = false;
  }

  moveCursor(x, y, focus = true) {
    const clampedX = Math.max(0, Math.min(this.width - 1, x));
    const clampedY = Math.max(0, Math.min(this.height - 1, y));
    this.cellAt(this.cursor.x, this.cursor.y).tabIndex = -1;
    this.cursor = { x: clampedX, y: clampedY };
    const cell = this.cellAt(clampedX, clampedY);
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  focus() {
    // A paused game that has just been restored has no cells drawn yet.
    if (this.width) this.cellAt(this.cursor.x, this.cursor.y).focus();
  }

  keyDown(event) {
    const { x, y } = this.cursor;
    const target = cursorTarget(event, this.cursor, this.width, this.height);
    if (target) {
      event.preventDefault();
      this.moveCursor(target.x, target.y);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      const action = NUMBER.test(this.codeAt(x, y)) ? 'chord' : 'open';
      this.onIntent({ action, x, y });
    } else if (event.key === 'f' || event.key === 'F') {
      event.preventDefault();
      this.onIntent({ action: 'mark', x, y });
    }
  }
}
