// The Gomoku board: a wooden board of 15 x 15 or 20 x 20 lines, star points and coordinates, and stones
// on the intersections. It draws what it is given and turns clicks and keys into points to play;
// it decides no rule (an occupied point is sent like any other and the backend refuses it).
// Read-only, it is the board of the watch view (`watchBoard`) and of the review. `show` draws a
// game after any number of its moves: the one replay of the page.

import { el, svgEl } from '../dom.js';
import { t } from '../i18n.js';
import { Grid, fitCells } from '../board-kit.js';
import { columnName, notation, rowName } from './notation.js';
import { StoneLayer } from './stones.js';

/// The margin around the outer lines, in cells, where the coordinates go.
const GUTTER = 0.9;
const STONE = { 1: 'black', 2: 'white' };

/// The star points, as {x, y}: on 15 x 15 the five of D4, L4, H8, D12 and L12; on 20 x 20,
/// which has no middle point, the four of D4, Q4, D17 and Q17.
function starPoints(size) {
  const near = 3;
  const far = size - 1 - near;
  const corners = [[near, near], [far, near], [near, far], [far, far]];
  const middle = (size - 1) / 2;
  const points = Number.isInteger(middle) ? [...corners, [middle, middle]] : corners;
  return points.map(([x, y]) => ({ x, y }));
}

export class GoBoard {
  /// `onPlay({x, y})` is called when the player clicks a point or presses Space/Enter on it;
  /// `hintLabel` is what a ringed point is called (the review's better move; default: the hint);
  /// `readOnly`: the board only shows (the watch view, the review).
  constructor({ onPlay = null, hintLabel = null, readOnly = false } = {}) {
    this.onPlay = onPlay;
    this.hintLabel = hintLabel;
    this.size = 0;
    this.signature = '';
    /// The colour a click plays now (null: none), and the point under the mouse (an index).
    this.turn = null;
    this.hovered = -1;
    this.grid = el('div', { class: 'gm-grid', role: 'grid', id: 'gm-grid', 'aria-label': t('gm.board') });
    this.winLayer = svgEl('svg', { class: 'gm-winline', 'aria-hidden': 'true', focusable: 'false' });
    /// The study board's expected line: numbered see-through stones (screen readers get the
    /// line as text from the side panel).
    this.ghostLayer = svgEl('svg', { class: 'gm-ghosts', 'aria-hidden': 'true', focusable: 'false' });
    this.ghostSignature = '';
    this.lines = svgEl('svg', { class: 'gm-lines', 'aria-hidden': 'true', focusable: 'false' });
    this.stones = new StoneLayer();
    /// The room the board was last given ({width, height}), to size a board built later.
    this.room = null;
    this.node = el('div', { class: 'gm-board', id: 'gm-board' }, this.lines, this.winLayer, this.stones.canvas, this.ghostLayer, this.grid);
    // The cursor's point shows the faint stone of the colour to move, as the hovered one does.
    this.kit = new Grid({
      node: this.grid, cellClass: 'gm-point', rowClass: 'gm-row', cursor: { x: 7, y: 7 }, readOnly,
      focusOptions: { preventScroll: true }, onCursor: (before) => this.paintPreviews(before),
    });
    this.kit.listenToKeys(() => this.keys());
    if (readOnly) return;
    this.grid.addEventListener('click', (e) => this.click(e));
    this.grid.addEventListener('mouseover', (e) => {
      const at = this.kit.at(e);
      if (at) this.setHovered(at.y * this.size + at.x);
    });
    this.grid.addEventListener('mouseleave', () => this.setHovered(-1));
  }

  /// Lays out the lines, the coordinates and one grid cell per intersection.
  build(size) {
    this.size = size;
    this.signature = '';
    const total = size + 2 * GUTTER;
    const at = (i) => GUTTER + i + 0.5;
    this.node.style.setProperty('--points', size);
    this.node.style.setProperty('--gutter', GUTTER);
    for (const layer of [this.lines, this.winLayer, this.ghostLayer]) layer.setAttribute('viewBox', `0 0 ${total} ${total}`);
    this.ghostSignature = '';

    const lines = svgEl('g', { class: 'gm-line' });
    for (let i = 0; i < size; i += 1) {
      const edge = i === 0 || i === size - 1 ? ' edge' : '';
      lines.append(svgEl('line', { x1: at(0), y1: at(i), x2: at(size - 1), y2: at(i), class: `gm-rule${edge}` }));
      lines.append(svgEl('line', { x1: at(i), y1: at(0), x2: at(i), y2: at(size - 1), class: `gm-rule${edge}` }));
    }
    const stars = svgEl('g', { class: 'gm-stars' });
    for (const { x, y } of starPoints(size)) stars.append(svgEl('circle', { cx: at(x), cy: at(y), r: 0.1 }));
    const labels = svgEl('g', { class: 'gm-coords' });
    const label = (text, x, y) => {
      const node = svgEl('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
      node.textContent = text;
      labels.append(node);
    };
    for (let i = 0; i < size; i += 1) {
      const [letter, row] = [columnName(i), rowName(i, size)];
      label(letter, at(i), GUTTER * 0.6);
      label(letter, at(i), total - GUTTER * 0.6);
      label(row, GUTTER * 0.55, at(i));
      label(row, total - GUTTER * 0.55, at(i));
    }
    this.lines.replaceChildren(lines, stars, labels);

    this.kit.build(size, size, {
      state: 'empty',
      attributes: (x, y) => ({ 'aria-label': `${notation(x, y, size)}, ${t('gm.point.empty')}` }),
      content: () => el('span', { class: 'gm-stone', 'aria-hidden': 'true' }),
    });
    this.points = this.kit.cells;
    /// What each point was last drawn as (its classes less the preview, and its move number),
    /// so that a move rewrites only the points it changed.
    this.drawn = this.points.map(() => ({ cls: 'gm-point empty', key: '' }));
    this.hovered = -1;
    if (this.room) this.fit(this.room.width, this.room.height);
  }

  /// Draws the game of `view` (its size, stones, moves and winning line) as it stood after its
  /// first `at` moves (default: all of them); `options` as for `render`.
  show(view, { at = view.moves.length, ...options } = {}) {
    this.render({ size: view.size, ...positionAfter(view, at), ...options });
  }

  /// Draws a position: `stones` (0 empty, 1 black, 2 white, row by row from the top), the
  /// `moves` that led to it (for the move numbers and the last-move mark), the `winningLine`,
  /// `turn`, the colour a click would play (`null` when the player cannot play now), black's
  /// `forbidden` points under Renju (crosses), the `hint`'s point ({x, y} or null) and the
  /// `ghosts` of an expected line ([{x, y, colour, number}], drawn see-through and numbered).
  render({ size, stones, moves, winningLine, turn = null, numbers, forbidden = [], hint = null, ghosts = [] }) {
    if (size !== this.size) this.build(size);
    const numberOf = new Map(moves.map((m, index) => [m.y * size + m.x, index + 1]));
    const last = moves.length ? moves[moves.length - 1] : null;
    const lastIndex = last ? last.y * size + last.x : -1;
    const winning = new Set((winningLine ?? []).map((p) => p.y * size + p.x));
    const crosses = new Set(forbidden.map((p) => p.y * size + p.x));
    const hinted = hint ? hint.y * size + hint.x : -1;
    const turnChanged = turn !== this.turn;
    this.turn = turn;
    const pictures = [];
    for (let i = 0; i < this.points.length; i += 1) {
      const colour = STONE[stones[i]] ?? null;
      const isLast = i === lastIndex;
      const isWin = winning.has(i);
      const isForbidden = !colour && crosses.has(i);
      const isHint = !colour && i === hinted;
      pictures.push(colour || isForbidden || isHint
        ? { colour, last: isLast, win: isWin, forbidden: isForbidden, hint: isHint } : null);
      const marks = `${isForbidden ? ' forbidden' : ''}${isHint ? ' hinted' : ''}`;
      const cls = `gm-point ${colour ?? 'empty'}${isLast ? ' last' : ''}${isWin ? ' win' : ''}${marks}`;
      const number = colour ? numberOf.get(i) ?? '' : '';
      const shown = colour && numbers ? String(number) : '';
      const key = `${number}|${shown}`;
      const drawn = this.drawn[i];
      if (drawn.cls === cls && drawn.key === key) continue;
      const point = this.points[i];
      if (drawn.key !== key) point.firstChild.textContent = shown;
      drawn.cls = cls;
      drawn.key = key;
      this.paintPoint(i);
      point.setAttribute('aria-label', this.describe(i, { colour, isLast, isWin, number, isForbidden, isHint }));
    }
    if (turnChanged) this.paintPreviews();
    const colourBlind = document.documentElement.classList.contains('colour-blind');
    this.stones.show(pictures, { numbers: Boolean(numbers), colourBlind });
    this.grid.classList.toggle('playable', Boolean(turn));
    this.grid.classList.toggle('numbers', Boolean(numbers));
    this.grid.setAttribute('aria-readonly', String(!turn));
    this.drawWinningLine(winningLine);
    this.drawGhosts(ghosts);
  }

  /// The expected line's stones, see-through, each with its number in the line.
  drawGhosts(ghosts) {
    const signature = JSON.stringify(ghosts);
    if (signature === this.ghostSignature) return;
    this.ghostSignature = signature;
    const at = (i) => GUTTER + i + 0.5;
    this.ghostLayer.replaceChildren(...ghosts.map(({ x, y, colour, number }) => {
      const group = svgEl('g', { class: `gm-ghost ${colour}`, 'data-point': notation(x, y, this.size), 'data-number': number });
      group.append(svgEl('circle', { cx: at(x), cy: at(y), r: 0.42 }));
      // Lowered by a third of its size rather than 'dominant-baseline', which WebKitGTK places high.
      const label = svgEl('text', { x: at(x), y: at(y) + 0.15, 'text-anchor': 'middle' });
      label.textContent = String(number);
      group.append(label);
      return group;
    }));
  }

  /// Sets a point's classes: what it shows, and the faint stone of the colour to move where the
  /// mouse or the keyboard cursor is.
  paintPoint(index) {
    const point = this.points[index];
    if (!point) return;
    const previewed = this.turn && (index === this.hovered || index === this.cursorIndex());
    const cls = previewed ? `${this.drawn[index].cls} preview-${this.turn}` : this.drawn[index].cls;
    if (point.className !== cls) point.className = cls;
  }

  /// Paints the previews again (the turn changed, or the cursor moved from `before`).
  paintPreviews(before = this.hovered) {
    this.paintPoint(before);
    this.paintPoint(this.cursorIndex());
  }

  cursorIndex() {
    return this.kit.cursorIndex();
  }

  setHovered(index) {
    if (index === this.hovered) return;
    const before = this.hovered;
    this.hovered = index;
    this.paintPoint(before);
    this.paintPoint(index);
  }

  describe(index, { colour, isLast, isWin, number, isForbidden, isHint }) {
    const x = index % this.size;
    const y = (index - x) / this.size;
    const parts = [notation(x, y, this.size), colour ? t(`gm.point.${colour}`) : t('gm.point.empty')];
    if (colour && number) parts.push(t('gm.point.move', { number }));
    if (isLast) parts.push(t('gm.point.last'));
    if (isWin) parts.push(t('gm.point.win'));
    if (isForbidden) parts.push(t('gm.point.forbidden'));
    if (isHint) parts.push(this.hintLabel ?? t('gm.point.hint'));
    return parts.join(', ');
  }

  /// A band under the winning stones, from a little before the first to a little past the last.
  drawWinningLine(line) {
    const signature = line?.length ? JSON.stringify(line) : '';
    if (signature === this.signature) return;
    this.signature = signature;
    this.winLayer.replaceChildren();
    if (!signature) return;
    const at = (i) => GUTTER + i + 0.5;
    const [first, end] = [line[0], line[line.length - 1]];
    const [dx, dy] = [Math.sign(end.x - first.x), Math.sign(end.y - first.y)];
    const reach = 0.8 / Math.hypot(dx, dy);
    this.winLayer.append(svgEl('line', {
      x1: at(first.x) - dx * reach, y1: at(first.y) - dy * reach, x2: at(end.x) + dx * reach, y2: at(end.y) + dy * reach,
      class: 'gm-win-stroke',
    }));
  }

  /// Sizes the board to the largest square that fits, 16 to 60 pixels a line.
  fit(width, height) {
    this.room = { width, height };
    if (!this.size) return;
    const cell = fitCells(this.node, { columns: this.size, rows: this.size, gutter: GUTTER, width, height, min: 16, max: 60 });
    this.stones.resize(this.size, cell);
  }

  click(event) {
    const at = this.kit.at(event);
    if (!at) return;
    this.kit.moveCursor(at.x, at.y, true);
    this.onPlay(at);
  }

  focus() {
    this.kit.focus();
  }

  /// The board's own key (besides the cursor's): Space or Enter plays on the cursor's point.
  keys() {
    const { x, y } = this.kit.cursor;
    return [{ keys: ['Space', 'Enter'], label: 'keys.gm.play', run: () => this.onPlay({ x, y }) }];
  }

  /// The board's key table: the cursor's keys and its own (../shortcuts.js).
  keyTable() {
    return this.kit.keyTable(this.keys());
  }
}

/// The game of `view` after its first `at` moves: its stones (0 empty, 1 black, 2 white), those
/// moves and the winning line (only at the end).
export function positionAfter(view, at) {
  if (at >= view.moves.length) return { stones: view.stones, moves: view.moves, winningLine: view.winningLine };
  const moves = view.moves.slice(0, at);
  const stones = new Array(view.size * view.size).fill(0);
  for (const m of moves) stones[m.y * view.size + m.x] = m.colour === 'black' ? 1 : 2;
  return { stones, moves, winningLine: null };
}

/// The game in the watch view (../watch.js): the board read-only, with its move numbers,
/// last-move mark and winning line.
export function watchBoard(app) {
  const board = new GoBoard({ readOnly: true });
  const area = el('div', { class: 'gm-board-area' }, el('div', { class: 'gm-frame' }, board.node));
  return {
    nodes: [area],
    area,
    board,
    draw: (frame) => board.show(frame.view, { numbers: Boolean(app.settings.moveNumbers) }),
    size: () => ({ width: 720, height: 560 }),
    describe: describeMove,
    actions: [{
      id: 'study',
      label: t('watch.studyHere'),
      run: (frame, watchOptions) => app.show('gomoku-study-board', {
        from: { screen: 'watch', options: watchOptions }, load: positionText(frame.view),
      }),
    }],
  };
}

/// The study board's position for a game's view: its setup (the rule) and its stones in board
/// notation.
export function positionText(view, at = view.moves.length) {
  return { setup: { rule: view.rule }, text: view.moves.slice(0, at).map((m) => m.notation).join(' ') };
}

/// "Black H8", or the Swap2 opening's choice.
function describeMove(frame) {
  const last = frame.view.lastMove;
  if (frame.move?.choose || !last) return t('watch.gm.choice');
  return t('watch.gm.stone', { colour: t(`gm.colourName.${last.colour}`), point: last.notation });
}
