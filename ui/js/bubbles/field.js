// The Bubble Breaker field: draws the backend's view as an 11x11 ARIA grid of gradient balls,
// outlines the selected group, shows its points beside it, animates a pop, and turns mouse and
// keyboard input into moves ({action: 'click', x, y} or {action: 'deselect'}). It decides no
// rule: what a click does is the backend's answer.

import { el, setCssVariable } from '../dom.js';
import { cursorTarget } from '../keys.js';
import { t, formatNumber } from '../i18n.js';
import { colourName, groupSizes, cellLabel } from './colours.js';

const SIDES = ['top', 'right', 'bottom', 'left'];
/// How long the pop, fall and shift take together (see bubbles.css); then the classes go.
const ANIMATION_MS = 700;

export class BubbleField {
  /// `onIntent(move)` receives the move to send.
  constructor({ onIntent }) {
    this.onIntent = onIntent;
    this.width = 0;
    this.height = 0;
    this.cells = [];
    this.cellNodes = [];
    this.selection = new Set();
    this.cursor = { x: 0, y: 0 };
    /// The cell the player last clicked or pressed: the points label goes beside it, as in the seed.
    this.anchor = null;
    this.animated = [];
    this.animationTimer = null;
    this.grid = el('div', { class: 'bb-field', role: 'grid', id: 'bb-field', 'aria-label': t('bb.field') });
    this.label = el('div', { class: 'bb-label', id: 'bb-label', 'aria-hidden': 'true', hidden: true });
    this.ghosts = el('div', { class: 'bb-ghosts', 'aria-hidden': 'true' });
    this.node = el('div', { class: 'bb-board' }, this.grid, this.ghosts, this.label);
    this.grid.addEventListener('mousedown', (e) => this.mouseDown(e));
    this.grid.addEventListener('keydown', (e) => this.keyDown(e));
    this.grid.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.bb-cell');
      if (cell) this.moveCursor(Number(cell.dataset.x), Number(cell.dataset.y), false);
    });
  }

  /// Draws a view. `motion` (a pop's effects: popped, moved, entering) animates it; the cells show the new view at
  /// once whatever the animation does.
  render(view, motion = null) {
    if (view.width !== this.width || view.height !== this.height) this.build(view.width, view.height);
    const sizes = groupSizes(view.cells, this.width, this.height);
    this.selection = new Set((view.selection ?? []).map(({ x, y }) => y * this.width + x));
    const edges = new Map();
    for (const { x, y, side } of view.selectionOutline ?? []) {
      const i = y * this.width + x;
      if (!edges.has(i)) edges.set(i, new Set());
      edges.get(i).add(side);
    }
    const points = view.selectionPoints == null ? null : formatNumber(view.selectionPoints);
    for (let i = 0; i < view.cells.length; i += 1) {
      const code = view.cells[i];
      const x = i % this.width;
      const y = (i - x) / this.width;
      const colour = colourName(code);
      const selected = this.selection.has(i);
      let cls = colour ? `bb-cell ball ${colour}` : 'bb-cell empty';
      if (selected) cls += ' selected';
      for (const side of SIDES) if (edges.get(i)?.has(side)) cls += ` edge-${side}`;
      const cell = this.cellNodes[i];
      if (cell.className !== cls) cell.className = cls;
      const label = cellLabel(code, x, y, sizes[i], selected ? points : null);
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      if (cell.getAttribute('aria-selected') !== String(selected)) cell.setAttribute('aria-selected', String(selected));
    }
    this.cells = view.cells;
    this.placeLabel(view);
    this.animate(motion);
  }

  build(width, height) {
    this.width = width;
    this.height = height;
    this.grid.replaceChildren();
    this.node.style.setProperty('--columns', width);
    this.node.style.setProperty('--rows', height);
    this.cellNodes = [];
    for (let y = 0; y < height; y += 1) {
      const row = el('div', { class: 'bb-row', role: 'row' });
      for (let x = 0; x < width; x += 1) {
        const cell = el('div', { class: 'bb-cell empty', role: 'gridcell', tabindex: '-1', dataset: { x, y } },
          el('span', { class: 'bb-ball' }));
        row.append(cell);
        this.cellNodes.push(cell);
      }
      this.grid.append(row);
    }
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    this.cellAt(this.cursor.x, this.cursor.y).tabIndex = 0;
  }

  /// The seed's SetLabel: beside the clicked cell, below and to the right of it, or to its left
  /// and above it when it is in the right or bottom half, so the label stays inside the field.
  placeLabel(view) {
    if (view.selectionPoints == null || !this.selection.size) {
      this.label.hidden = true;
      return;
    }
    let at = this.anchor;
    if (!at || !this.selection.has(at.y * this.width + at.x)) {
      const first = view.selection[0];
      at = { x: first.x, y: first.y };
    }
    this.label.textContent = formatNumber(view.selectionPoints);
    this.label.style.setProperty('--lx', at.x);
    this.label.style.setProperty('--ly', at.y);
    this.label.classList.toggle('flip-x', 2 * at.x + 2 > this.width);
    this.label.classList.toggle('flip-y', 2 * at.y + 2 > this.height);
    this.label.dataset.x = at.x;
    this.label.dataset.y = at.y;
    this.label.hidden = false;
  }

  /// Starts the pop animation of `motion` after stopping any earlier one.
  animate(motion) {
    const wasAnimating = this.animated.length > 0;
    this.stopAnimation();
    if (!motion) return;
    // Restart the keyframes on cells that were animating a moment ago (a forced layout, so
    // only then).
    if (wasAnimating) void this.grid.offsetWidth;
    for (const { x, y, dx, dy } of motion.moved) {
      const cell = this.cellAt(x, y);
      cell.style.setProperty('--dx', dx);
      cell.style.setProperty('--dy', dy);
      cell.classList.add('moving');
      this.animated.push(cell);
    }
    for (const { x, y } of motion.entering) {
      const cell = this.cellAt(x, y);
      cell.style.setProperty('--dx', -(x + 1));
      cell.classList.add('entering');
      this.animated.push(cell);
    }
    for (const { x, y, code } of motion.popped) {
      const ghost = el('span', { class: `bb-ghost ${colourName(code)}` });
      ghost.style.setProperty('--gx', x);
      ghost.style.setProperty('--gy', y);
      this.ghosts.append(ghost);
    }
    this.animationTimer = setTimeout(() => this.stopAnimation(), ANIMATION_MS);
    // How many pops were animated: tests read it to know the animation matched the backend.
    this.node.dataset.animated = String(Number(this.node.dataset.animated ?? 0) + 1);
  }

  stopAnimation() {
    clearTimeout(this.animationTimer);
    for (const cell of this.animated) {
      cell.classList.remove('moving', 'entering');
      cell.style.removeProperty('--dx');
      cell.style.removeProperty('--dy');
    }
    this.animated = [];
    this.ghosts.replaceChildren();
  }

  cellAt(x, y) {
    return this.cellNodes[y * this.width + x];
  }

  /// Sizes the cells to fill the space given, between 16 and 72 pixels.
  fit(availableWidth, availableHeight) {
    if (!this.width) return;
    const size = Math.floor(Math.min(availableWidth / this.width, availableHeight / this.height));
    setCssVariable(this.node, '--cell', `${Math.max(16, Math.min(72, size))}px`);
  }

  target(event) {
    const cell = event.target.closest?.('.bb-cell');
    return cell ? { x: Number(cell.dataset.x), y: Number(cell.dataset.y) } : null;
  }

  /// The seed acts on the press, not the release.
  mouseDown(event) {
    if (event.button !== 0) return;
    const at = this.target(event);
    if (!at) return;
    event.preventDefault();
    this.moveCursor(at.x, at.y, false);
    this.anchor = at;
    this.onIntent({ action: 'click', ...at });
  }

  moveCursor(x, y, focus = true) {
    const clampedX = Math.max(0, Math.min(this.width - 1, x));
    const clampedY = Math.max(0, Math.min(this.height - 1, y));
    const previous = this.cellAt(this.cursor.x, this.cursor.y);
    if (previous) previous.tabIndex = -1;
    this.cursor = { x: clampedX, y: clampedY };
    const cell = this.cellAt(clampedX, clampedY);
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  focus() {
    this.cellAt(this.cursor.x, this.cursor.y)?.focus();
  }

  keyDown(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const { x, y } = this.cursor;
    const target = cursorTarget(event, this.cursor, this.width, this.height);
    if (target) {
      event.preventDefault();
      this.moveCursor(target.x, target.y);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      this.anchor = { x, y };
      this.onIntent({ action: 'click', x, y });
    } else if (event.key === 'Escape' && this.selection.size) {
      event.preventDefault();
      this.onIntent({ action: 'deselect' });
    }
  }
}
