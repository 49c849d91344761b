// The mine field: draws the backend's cell string as a grid and turns mouse and keyboard input
// into intents (open, mark, chord). It decides no rule: a click on a number is sent as "open"
// and the backend chords it. Read-only, with the counters, the face and the clock above it, it
// is the game in the watch view (`watchBoard`).

import { el, setCssVariable } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { Grid, fitCells } from '../board-kit.js';
import { counter } from './digits.js';
import { face } from './face.js';

const NUMBER = /[0-8]/;
/// The cells a held button shows pressed: closed ones, blank or marked with a question mark.
const PRESSABLE = new Set(['.', '?']);

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
  /// `readOnly`: the field only shows (the watch view).
  constructor({ onIntent = null, onPress = null, readOnly = false } = {}) {
    this.onIntent = onIntent;
    this.onPress = onPress;
    this.cells = '';
    this.held = new Set();
    this.pressed = false;
    this.chording = false;
    this.chordSent = false;
    /// The cells drawn pressed while a button is held: the one under the mouse, or its 3x3
    /// neighbourhood for a chord.
    this.pressedCells = new Set();
    this.node = el('div', { class: 'ms-field', role: 'grid', 'aria-label': t('ms.field') });
    this.kit = new Grid({ node: this.node, cellClass: 'ms-cell', rowClass: 'ms-row', readOnly });
    this.kit.listenToKeys(() => this.keys());
    if (readOnly) return;
    this.node.addEventListener('mousedown', (e) => this.mouseDown(e));
    this.node.addEventListener('mouseup', (e) => this.mouseUp(e));
    this.node.addEventListener('mouseover', (e) => { if (this.pressed && !this.chordSent) this.showPressed(this.kit.at(e)); });
    this.node.addEventListener('mouseleave', () => { this.held.clear(); this.reset(); });
  }

  get width() {
    return this.kit.width;
  }

  get height() {
    return this.kit.height;
  }

  /// Draws a view; only cells whose code changed are touched, so a 100x100 board stays quick.
  render(view) {
    if (view.width !== this.width || view.height !== this.height) this.build(view.width, view.height);
    const previous = this.cells;
    for (let i = 0; i < view.cells.length; i += 1) {
      const code = view.cells[i];
      if (code === previous[i]) continue;
      const cell = this.kit.cells[i];
      const x = i % this.width;
      const y = (i - x) / this.width;
      const { cls, label } = describe(code, x, y);
      cell.className = `ms-cell ${cls}`;
      cell.textContent = NUMBER.test(code) && code !== '0' ? code : code === '?' ? '?' : '';
      cell.setAttribute('aria-label', label);
      // Its odds were of its old state: the next odds say it again.
      if (this.odds?.[i] != null) {
        this.odds[i] = undefined;
        cell.removeAttribute('title');
        cell.style.removeProperty('--odds');
      }
    }
    this.cells = view.cells;
    this.node.classList.toggle('over', view.status !== 'playing');
    this.markSafeStart(view.safeStart);
  }

  /// A board dealt again shows, until a cell is opened, the cell its first game opened first (the
  /// backend's `safeStart`): the mines lie around it as they did.
  markSafeStart(start) {
    const cell = start ? this.cellAt(start.x, start.y) : null;
    if (cell === this.safeStart) return;
    this.safeStart?.classList.remove('safe-start');
    this.safeStart?.removeAttribute('title');
    cell?.classList.add('safe-start');
    cell?.setAttribute('title', t('ms.safeStart'));
    this.safeStart = cell;
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

  /// Shades each closed cell by its chance of a mine (`mine`: a figure per cell, `null` for an
  /// open one; `null` to take the odds away) and says the figure on hover, focus and to screen
  /// readers. `exact`: false when the figures are estimates. Only cells whose figure changed
  /// are touched.
  showOdds(mine, exact = true) {
    this.odds ??= [];
    for (let i = 0; i < this.kit.cells.length; i += 1) {
      const figure = mine?.[i] ?? null;
      const percent = figure == null ? null : Math.round(figure * 100);
      const text = percent == null ? null : t(exact ? 'ms.odds.cell' : 'ms.odds.cellEstimated', { percent: formatNumber(percent) });
      if (this.odds[i] === text) continue;
      this.odds[i] = text;
      const cell = this.kit.cells[i];
      const x = i % this.width;
      const { label } = describe(this.cells[i] ?? '.', x, (i - x) / this.width);
      if (text == null) {
        cell.classList.remove('odds');
        cell.style.removeProperty('--odds');
        cell.removeAttribute('title');
        cell.setAttribute('aria-label', label);
      } else {
        cell.classList.add('odds');
        cell.style.setProperty('--odds', figure.toFixed(3));
        cell.title = text;
        cell.setAttribute('aria-label', `${label}, ${text}`);
      }
    }
    if (!mine) this.odds = [];
  }

  clearHint() {
    this.hinted?.classList.remove('hinted', 'hint-safe', 'hint-mine', 'hint-guess');
    this.hinted = null;
  }

  build(width, height) {
    this.cells = '';
    this.odds = [];
    this.kit.build(width, height, { state: 'hidden' });
  }

  cellAt(x, y) {
    return this.kit.cellAt(x, y);
  }

  codeAt(x, y) {
    return this.cells[y * this.width + x];
  }

  /// Sizes cells to fill the space given, between 12 and 40 pixels, with room for `moreRows`
  /// rows of cells (the panel's height, drawn in the cells' size); returns the size.
  fit(width, height, moreRows = 0) {
    if (!this.width) return null;
    return fitCells(this.node, { columns: this.width, rows: this.height + moreRows, width, height, min: 12, max: 40 });
  }

  // Which buttons are down is tracked from our own down/up events rather than `event.buttons`,
  // which some input paths leave stale after a right click.
  mouseDown(event) {
    const at = this.kit.at(event);
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
    this.showPressed(at);
    this.onPress(true);
  }

  /// Draws pressed, as the classic game does while a button is down, the closed cell under the
  /// mouse (not a flag: a click does not open it), or every closed cell of its 3x3 neighbourhood
  /// while chording. Only the cells whose state changes are touched.
  showPressed(at) {
    const next = new Set();
    if (at && !this.node.classList.contains('over')) {
      const reach = this.chording ? 1 : 0;
      for (let y = at.y - reach; y <= at.y + reach; y += 1) {
        for (let x = at.x - reach; x <= at.x + reach; x += 1) {
          const inside = x >= 0 && y >= 0 && x < this.width && y < this.height;
          if (inside && PRESSABLE.has(this.codeAt(x, y))) next.add(this.cellAt(x, y));
        }
      }
    }
    for (const cell of this.pressedCells) if (!next.has(cell)) cell.classList.remove('pressed');
    for (const cell of next) cell.classList.add('pressed');
    this.pressedCells = next;
  }

  mouseUp(event) {
    const at = this.kit.at(event);
    if (!this.held.delete(event.button)) return;
    if (this.chording) {
      // The first button up sends the chord; the other's release must not open a cell.
      if (!this.chordSent && at) this.onIntent({ action: 'chord', ...at });
      this.chordSent = true;
      this.showPressed(null);
      if (this.held.size === 0) this.reset();
      return;
    }
    this.reset();
    if (event.button === 0 && at) this.onIntent({ action: 'open', ...at });
  }

  reset() {
    this.showPressed(null);
    if (this.pressed) this.onPress(false);
    this.pressed = false;
    this.chording = false;
    this.chordSent = false;
  }

  moveCursor(x, y, focus = true) {
    this.kit.moveCursor(x, y, focus);
  }

  focus() {
    this.kit.focus();
  }

  /// The field's own keys (besides the cursor's): Space or Enter opens the cursor's cell (or
  /// chords on a number), F marks it.
  keys() {
    const at = (action) => () => {
      const { x, y } = this.kit.cursor;
      this.onIntent({ action: action(x, y), x, y });
    };
    return [
      { keys: ['Space', 'Enter'], label: 'keys.ms.open', run: at((x, y) => (NUMBER.test(this.codeAt(x, y)) ? 'chord' : 'open')) },
      { keys: ['F'], label: 'keys.ms.mark', run: at(() => 'mark') },
    ];
  }

  /// The field's key table: the cursor's keys and its own (./shortcuts.js).
  keyTable() {
    return this.kit.keyTable(this.keys());
  }
}

/// The classic panel over the field: the mines left, the face (a button to a new game, given
/// `onNewGame`) and the clock.
export function counterPanel({ onNewGame = null } = {}) {
  const mines = counter((value) => t('ms.minesLeft', { count: formatNumber(value) }));
  mines.id = 'ms-mines';
  const clock = counter((value) => t('ms.seconds', { count: value }));
  clock.id = 'ms-clock';
  const smiley = face();
  const faceBox = onNewGame
    ? el('button', { class: 'ms-face', id: 'ms-face', 'aria-label': t('game.new'), onclick: onNewGame }, smiley)
    : el('span', { class: 'ms-face', id: 'ms-face' }, smiley);
  return { node: el('div', { class: 'ms-panel' }, mines, faceBox, clock), mines, clock, smiley };
}

/// The classic window: one raised frame holding the panel over the sunken field (and, over the
/// field, the paused `cover` if given), as wide as the field, centred in its `stage`. `board` is
/// what the screen fits: the field, given the stage's room less the panel and the frames. The
/// panel is drawn in the field's cell size (its `--cell`), as the classic's counters and face
/// were in its 16-pixel cells: it never needs more than the narrowest field's nine cells.
export function classicWindow(field, panel, cover = null) {
  const frame = el('div', { class: 'ms-frame' }, field.node, cover);
  const window = el('div', { class: 'ms-window' }, panel.node, frame);
  const stage = el('div', { class: 'ms-stage' }, window);
  /// The room around the field in the window at a cell size: the frames (fixed) and the panel
  /// (as many rows of cells as its height is now).
  const around = () => {
    const cell = parseFloat(getComputedStyle(window).getPropertyValue('--cell')) || 28;
    const panelRows = panel.node.offsetHeight / cell;
    return {
      x: window.offsetWidth - field.node.offsetWidth,
      y: window.offsetHeight - field.node.offsetHeight - panel.node.offsetHeight,
      panelRows,
    };
  };
  const board = {
    node: field.node,
    focus: () => field.focus(),
    keyTable: () => field.keyTable(),
    fit(width, height) {
      const room = around();
      const cell = field.fit(width - room.x, height - room.y, room.panelRows);
      if (cell) setCssVariable(window, '--cell', `${cell}px`);
    },
  };
  /// The window's size for a field of `columns` x `rows` cells of `cell` pixels.
  const size = (columns, rows, cell) => {
    const room = around();
    return { width: columns * cell + room.x, height: (rows + room.panelRows) * cell + room.y };
  };
  return { stage, board, size };
}

/// The digits of the mine counter: three, or as many as the field's mines take (a custom field
/// of 1,000 mines shows 1000, then 0999), so that it does not change width as flags go down.
export const mineDigits = (view) => Math.max(3, String(view.mines ?? 0).length);

/// The clock's figure after `ms` of play: from the first click it counts the second under way,
/// so it shows 1 at once, as the classic game's did (and as original 001 asks), and stops at 999.
export function clockFigure(ms, started) {
  return started ? Math.min(999, Math.floor(ms / 1000) + 1) : 0;
}

/// The face's mood for a game's status.
export const moodOf = (status) => ({ won: 'cool', lost: 'dead' }[status] ?? 'normal');

/// The game in the watch view (../watch.js): the field read-only under its panel; the clock
/// shows the recorded time as the game runs.
export function watchBoard(app) {
  const field = new MineField({ readOnly: true });
  const panel = counterPanel();
  const { stage, board, size } = classicWindow(field, panel);
  return {
    nodes: [stage],
    area: stage,
    board,
    draw(frame) {
      field.render(frame.view);
      panel.mines.set(frame.view.minesLeft, mineDigits(frame.view));
      panel.smiley.setMood(moodOf(frame.status));
      panel.clock.set(clockFigure(frame.elapsedMs, frame.index > 0));
    },
    /// The clock between two moves, as it ran when the game was played.
    tick(ms) {
      panel.clock.set(clockFigure(ms, ms > 0));
    },
    size: (view) => {
      const classic = size(view.width, view.height, 30);
      return { width: Math.max(420, classic.width + 24), height: Math.ceil(classic.height) + 24 };
    },
    describe: describeMove,
    // The review of the watched game, at the click watched; Back comes to the same frame.
    actions: [{
      id: 'review',
      label: t('msr.open'),
      run: (frame, watchOptions) => app.show('minesweeper-review', {
        id: watchOptions.imported ? 0 : watchOptions.gameId,
        at: Math.max(0, frame.index - 1),
        back: { screen: 'watch', options: watchOptions },
      }),
    }],
  };
}

/// "opened row 5, column 4" and the like: what the move did, read off the frame it led to.
function describeMove(frame) {
  const { action, x, y } = frame.move ?? {};
  const cell = t('watch.ms.cell', { row: y + 1, column: x + 1 });
  if (frame.effects?.exploded) return t('watch.ms.mine', { cell });
  if (action === 'chord') return t('watch.ms.chord', { cell });
  if (action !== 'mark') return t('watch.ms.open', { cell });
  const code = frame.view.cells[y * frame.view.width + x];
  if (code === 'F') return t('watch.ms.flag', { cell });
  if (code === '?') return t('watch.ms.question', { cell });
  return t('watch.ms.unmark', { cell });
}
