// The Bubble Breaker field: draws the backend's view as an 11x11 ARIA grid of gradient balls,
// outlines the selected group, shows its points beside it, animates a pop, and turns mouse and
// keyboard input into moves ({action: 'click', x, y} or {action: 'deselect'}; in one-click play,
// an option, a mouse click is {action: 'quickPop', x, y} and the group under the pointer is lit:
// ./highlight.js). It decides no rule: what a click does is the backend's answer. Read-only, under its score, it is the game in
// the watch view (`watchBoard`).

import { el, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { Grid, fitCells } from '../board-kit.js';
import { colourName, cellLabel } from './colours.js';
import { PointerHighlight, placeBeside } from './highlight.js';

const SIDES = ['top', 'right', 'bottom', 'left'];
/// How long the pop, fall and shift take together (see bubbles.css); then the classes go.
const ANIMATION_MS = 700;
/// Without motion (bubbles.css) no ball travels after a pop: nothing to wait for. Asked when
/// needed, not at load: the key tables' check loads this module outside any page.
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class BubbleField {
  /// `onIntent(move)` receives the move to send; `readOnly`: the field only shows (the watch
  /// view); `oneClick()`: whether a click pops at once (the player's option, read at each click).
  constructor({ onIntent = null, readOnly = false, oneClick = () => false } = {}) {
    this.onIntent = onIntent;
    this.oneClick = oneClick;
    this.cells = [];
    this.selection = new Set();
    /// The cell the player last clicked or pressed: the points label goes beside it, as in the original.
    this.anchor = null;
    this.animated = [];
    this.animationTimer = null;
    this.grid = el('div', { class: 'bb-field', role: 'grid', id: 'bb-field', 'aria-label': t('bb.field') });
    this.label = el('div', { class: 'bb-label', id: 'bb-label', 'aria-hidden': 'true', hidden: true });
    this.ghosts = el('div', { class: 'bb-ghosts', 'aria-hidden': 'true' });
    this.highlight = new PointerHighlight();
    this.node = el('div', { class: 'bb-board' }, this.grid, this.highlight.node, this.ghosts, this.label, this.highlight.label);
    this.kit = new Grid({ node: this.grid, cellClass: 'bb-cell', rowClass: 'bb-row', readOnly });
    this.kit.listenToKeys(() => this.keys());
    if (readOnly) return;
    this.grid.addEventListener('mousedown', (e) => this.mouseDown(e));
    this.grid.addEventListener('mousemove', (e) => this.pointerAt(this.kit.at(e)));
    this.grid.addEventListener('mouseleave', () => this.pointerAt(null));
  }

  get width() {
    return this.kit.width;
  }

  get height() {
    return this.kit.height;
  }

  /// Draws a view. `motion` (a pop's effects: popped, moved, entering) animates it; the cells show the new view at
  /// once whatever the animation does.
  render(view, motion = null) {
    if (view.width !== this.width || view.height !== this.height) this.build(view.width, view.height);
    // Each cell's group size, for its accessible name ("group of 4"); none in a finished
    // game's view, where no group of two is left: every ball reads as alone.
    const sizes = view.groupSizes ?? [];
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
      const cell = this.kit.cells[i];
      if (cell.className !== cls) cell.className = cls;
      const label = cellLabel(code, x, y, sizes[i], selected ? points : null);
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      if (cell.getAttribute('aria-selected') !== String(selected)) cell.setAttribute('aria-selected', String(selected));
    }
    this.cells = view.cells;
    this.placeLabel(view);
    this.animate(motion);
    this.highlight.setView(view);
    this.drawHighlight();
  }

  build(width, height) {
    this.node.style.setProperty('--columns', width);
    this.node.style.setProperty('--rows', height);
    this.kit.build(width, height, { state: 'empty', content: () => el('span', { class: 'bb-ball' }) });
  }

  /// The original's SetLabel: beside the clicked cell, below and to the right of it, or to its left
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
    placeBeside(this.label, at, this, formatNumber(view.selectionPoints));
  }

  /// The pointer moved to the cell `at` (null: off the field): in one-click play its group is
  /// lit at once, from the view already here (no call to the backend on the way).
  pointerAt(at) {
    const { pointer } = this.highlight;
    if (at?.x === pointer?.x && at?.y === pointer?.y) return;
    this.highlight.pointAt(at);
    this.drawHighlight();
  }

  /// The group under the pointer, in one-click play once no pop is animating (the balls still
  /// travel then); the selection's label gives way to its own while it shows.
  drawHighlight() {
    const travelling = this.animated.length > 0 && !reducedMotion();
    this.highlight.draw(!this.kit.readOnly && this.oneClick() && !travelling);
    this.label.classList.toggle('behind', !this.highlight.label.hidden);
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
    this.animationTimer = setTimeout(() => {
      this.stopAnimation();
      this.drawHighlight();
    }, ANIMATION_MS);
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
    return this.kit.cellAt(x, y);
  }

  /// Sizes the cells to fill the space given, between 16 and 72 pixels.
  fit(width, height) {
    if (!this.width) return;
    fitCells(this.node, { columns: this.width, rows: this.height, width, height, min: 16, max: 72 });
  }

  /// The original acts on the press, not the release. In one-click play the backend pops the
  /// group at once (a lone ball or a hole only clears the selection).
  mouseDown(event) {
    if (event.button !== 0) return;
    const at = this.kit.at(event);
    if (!at) return;
    event.preventDefault();
    this.moveCursor(at.x, at.y, false);
    this.anchor = at;
    this.onIntent({ action: this.oneClick() ? 'quickPop' : 'click', ...at });
  }

  moveCursor(x, y, focus = true) {
    this.kit.moveCursor(x, y, focus);
  }

  focus() {
    this.kit.focus();
  }

  /// The field's own keys (besides the cursor's): Space or Enter selects the cursor's group, or
  /// pops it once selected; Escape lets a selection go.
  keys() {
    const click = () => {
      const { x, y } = this.kit.cursor;
      this.anchor = { x, y };
      this.onIntent({ action: 'click', x, y });
    };
    const deselect = () => {
      if (this.selection.size) this.onIntent({ action: 'deselect' });
    };
    return [
      { keys: ['Space', 'Enter'], label: 'keys.bb.click', run: click },
      { keys: ['Escape'], label: 'keys.bb.deselect', run: deselect },
    ];
  }

  /// The field's key table: the cursor's keys and its own (../shortcuts.js).
  keyTable() {
    return this.kit.keyTable(this.keys());
  }
}

/// The score's box: its name and its value (`value`, told by the screen itself, not as a live
/// region).
export function scoreBox() {
  const value = el('output', { id: 'bb-score', class: 'bb-score-value', 'aria-live': 'off', text: '0' });
  return { node: el('div', { class: 'bb-score' }, el('span', { class: 'bb-score-name', text: t('bb.score') }), value), value };
}

/// The game in the watch view (../watch.js): the field read-only under its score; each pop
/// animates as in play, from the effects the backend tells.
export function watchBoard() {
  const field = new BubbleField({ readOnly: true });
  const score = scoreBox();
  const stage = el('div', { class: 'bb-stage' }, el('div', { class: 'bb-frame' }, field.node));
  return {
    nodes: [el('div', { class: 'bb-panel' }, score.node), stage],
    area: stage,
    board: field,
    /// `animate`: the frame is the one after the frame shown, so its pop plays out.
    draw(frame, { animate }) {
      const motion = animate && frame.effects?.popped?.length ? frame.effects : null;
      field.render(frame.view, motion);
      setText(score.value, formatNumber(frame.score ?? 0));
    },
    size: (view) => ({ width: Math.max(560, view.width * 40 + 48), height: view.height * 40 + 90 }),
    describe: describeMove,
    unmounted: () => field.stopAnimation(),
  };
}

/// "popped 6 red balls, +30": the points the pop earned, as the backend's effects tell them.
function describeMove(frame) {
  const popped = frame.effects?.popped ?? [];
  const colour = colourName(popped[0]?.code);
  return t('watch.bb.popped', {
    count: formatNumber(popped.length),
    colour: colour ? t(`bb.colour.${colour}`) : '',
    points: formatNumber(frame.effects?.points ?? 0),
  });
}
