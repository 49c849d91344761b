// The stones of the Gomoku board, painted on one canvas above the lines and below the points.
// Why a canvas: with a shaded disc per stone in CSS, WebKit repainted the stones around each
// move, and a move took longer the fuller the board (timed per move in the real webview: 12 ms
// of rendering on an empty board, 30 ms and more after 100 moves). The canvas is one picture to
// WebKit, whatever lies on it, and a move paints again only the squares around the stones that
// changed, so WebKit repaints just those squares of the page.
//
// What a point shows (a stone's colour, last move, part of the winning five; on an empty point
// black's forbidden cross under Renju, or the hint's ring) is given; nothing is decided here. Move numbers stay text in the points (read by screen readers and tests alike).

import { el } from '../dom.js';

/// The stone's size against the distance between two lines, as the CSS stones had.
const STONE = 0.46;
const WIN_HALO = 'rgba(255, 196, 30, 0.55)';
/// More changed points than this (a new game, an undo of many moves) paint the whole canvas.
const MAX_PARTIAL = 12;

/// The shading, lit from the upper left: stops of a radial gradient from a point at 34 % / 30 %
/// of the stone's box to its farthest corner.
const SHADES = {
  black: { stops: [[0, '#8c8c8c'], [0.16, '#404040'], [0.46, '#141414'], [1, '#000']], shadow: 'rgba(0, 0, 0, 0.4)', ink: '#f4f4f4' },
  white: { stops: [[0, '#ffffff'], [0.24, '#f6f6f1'], [0.68, '#dcdcd4'], [1, '#b3b3aa']], shadow: 'rgba(0, 0, 0, 0.3)', ink: '#151515' },
};

export class StoneLayer {
  constructor() {
    this.canvas = el('canvas', { class: 'gm-stones', 'aria-hidden': 'true' });
    this.context = this.canvas.getContext('2d');
    this.size = 0;
    this.cell = 0;
    this.scale = 1;
    /// What is on the canvas: one entry per point ({colour, last, win, forbidden, hint} or null),
    /// and the options.
    this.shown = [];
    this.options = { numbers: false, colourBlind: false };
    /// The last move's, the winning five's, the forbidden crosses' and the hint's colours, read
    /// from gomoku.css (--gm-mark, --gm-win, --gm-forbidden, --gm-hint).
    this.colours = { mark: '', win: '', forbidden: '', hint: '' };
  }

  /// Gives the canvas as many device pixels as it covers: `cell` CSS pixels a line, `size` lines.
  resize(size, cell) {
    const scale = window.devicePixelRatio || 1;
    if (size === this.size && cell === this.cell && scale === this.scale) return;
    Object.assign(this, { size, cell, scale });
    const style = getComputedStyle(this.canvas);
    const colour = (name) => style.getPropertyValue(`--gm-${name}`).trim();
    this.colours = { mark: colour('mark'), win: colour('win'), forbidden: colour('forbidden'), hint: colour('hint') };
    this.canvas.width = Math.round(size * cell * scale);
    this.canvas.height = Math.round(size * cell * scale);
    this.paint();
  }

  /// Shows `points` (one per intersection, row by row: {colour, last, win, forbidden, hint} or
  /// null; `colour` null on an empty point with a cross or the hint). Only the
  /// squares around the points that changed are painted again: WebKit then repaints just those
  /// squares of the board under the canvas (a whole-canvas paint made it repaint the whole board,
  /// lines, points and all, with every stone). Nothing is painted when nothing changed.
  show(points, options) {
    const sameOptions = options.numbers === this.options.numbers && options.colourBlind === this.options.colourBlind;
    const changed = points.length === this.shown.length && sameOptions
      ? points.flatMap((point, index) => (sameStone(point, this.shown[index]) ? [] : [index]))
      : null;
    if (changed?.length === 0) return;
    this.shown = points;
    this.options = { ...options };
    if (changed && changed.length <= MAX_PARTIAL) this.paintAround(changed);
    else this.paint();
  }

  /// Paints the whole canvas.
  paint() {
    const { context, canvas } = this;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (!this.size || !this.cell) return;
    this.shown.forEach((point, index) => this.drawPoint(point, index));
  }

  /// Paints again the squares around the points at `indices`: each square is cleared, then every
  /// stone that reaches into it is drawn again, clipped to it. The squares are whole device
  /// pixels, so nothing of the old picture is left at their edges.
  paintAround(indices) {
    if (!this.size || !this.cell) return;
    const { context } = this;
    const squares = indices.map((index) => this.square(index));
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.beginPath();
    for (const [left, top, right, bottom] of squares) context.rect(left, top, right - left, bottom - top);
    context.clip();
    for (const [left, top, right, bottom] of squares) context.clearRect(left, top, right - left, bottom - top);
    this.shown.forEach((point, index) => {
      if (!point) return;
      const reach = this.square(index);
      if (squares.some((square) => overlap(square, reach))) this.drawPoint(point, index);
    });
    context.restore();
  }

  /// The device pixels a stone's drawing can cover at the point `index` (left, top, right,
  /// bottom), its halo and shadow included; whole pixels, inside the canvas.
  square(index) {
    const unit = this.cell * this.scale;
    const reach = (Math.max(STONE * 1.18 * this.cell + 3, STONE * this.cell + 6) + 1) * this.scale;
    const [x, y] = [((index % this.size) + 0.5) * unit, (Math.floor(index / this.size) + 0.5) * unit];
    const { width, height } = this.canvas;
    return [Math.max(0, Math.floor(x - reach)), Math.max(0, Math.floor(y - reach)),
      Math.min(width, Math.ceil(x + reach)), Math.min(height, Math.ceil(y + reach))];
  }

  /// Draws what stands on the point `index`, in units of one line's distance.
  drawPoint(point, index) {
    if (!point) return;
    const unit = this.cell * this.scale;
    this.context.setTransform(unit, 0, 0, unit, 0, 0);
    const x = (index % this.size) + 0.5;
    const y = Math.floor(index / this.size) + 0.5;
    if (point.forbidden) this.cross(x, y);
    if (point.hint) this.hintRing(x, y);
    if (!point.colour) return;
    if (point.win) this.halo(x, y);
    this.stone(x, y, point.colour);
    if (point.last) this.lastMark(x, y, point.colour);
  }

  /// Black's forbidden point under Renju: a small cross on the intersection, in the board's ink
  /// colour with a light rim so that it stands out from the lines.
  cross(x, y) {
    const { context, pixel } = this;
    const arm = 0.17;
    context.lineCap = 'round';
    for (const [width, colour] of [[4 * pixel, 'rgba(255, 240, 210, 0.8)'], [2 * pixel, this.colours.forbidden]]) {
      context.lineWidth = width;
      context.strokeStyle = colour;
      context.beginPath();
      context.moveTo(x - arm, y - arm);
      context.lineTo(x + arm, y + arm);
      context.moveTo(x + arm, y - arm);
      context.lineTo(x - arm, y + arm);
      context.stroke();
    }
  }

  /// The hint's point: a ring the size of a stone with a soft fill, gone with the next move.
  hintRing(x, y) {
    const { context, pixel } = this;
    disc(context, x, y, STONE, 'rgba(255, 255, 255, 0.28)');
    ring(context, x, y, STONE - pixel, 3 * pixel, this.colours.hint);
  }

  /// One CSS pixel, in units of the line distance.
  get pixel() {
    return 1 / this.cell;
  }

  stone(x, y, colour) {
    const { context, pixel } = this;
    const shade = SHADES[colour];
    disc(context, x + pixel, y + 2 * pixel, STONE, shade.shadow);
    // The light falls at 34 % / 30 % of the stone's box; the gradient ends at the far corner.
    const [lx, ly] = [x - STONE + 0.68 * STONE, y - STONE + 0.6 * STONE];
    const gradient = context.createRadialGradient(lx, ly, 0, lx, ly, Math.hypot(1.32 * STONE, 1.4 * STONE));
    for (const [at, shadeColour] of shade.stops) gradient.addColorStop(at, shadeColour);
    disc(context, x, y, STONE, gradient);
    if (colour === 'white') ring(context, x, y, STONE - pixel / 2, pixel, 'rgba(0, 0, 0, 0.1)');
  }

  /// The winning five: a gold ring and a wider glow around each stone.
  halo(x, y) {
    const { context, pixel } = this;
    ring(context, x, y, STONE + 3.5 * pixel, 3 * pixel, WIN_HALO);
    ring(context, x, y, STONE + pixel, 2 * pixel, this.colours.win);
  }

  /// The last move: a red dot (a red ring round a numbered stone); for colour-blind players a
  /// triangle in the stone's contrast colour (a square frame round a numbered stone).
  lastMark(x, y, colour) {
    const { context, pixel } = this;
    const { numbers, colourBlind } = this.options;
    if (colourBlind && numbers) {
      const half = STONE * 1.18;
      context.lineWidth = 3 * pixel;
      context.strokeStyle = '#fff';
      context.strokeRect(x - half - pixel, y - half - pixel, 2 * half + 2 * pixel, 2 * half + 2 * pixel);
      context.lineWidth = 2 * pixel;
      context.strokeStyle = '#000';
      context.strokeRect(x - half, y - half, 2 * half, 2 * half);
    } else if (colourBlind) {
      const [width, height] = [STONE * 0.88, STONE * 0.76];
      context.fillStyle = SHADES[colour].ink;
      context.beginPath();
      context.moveTo(x, y - height / 2);
      context.lineTo(x + width / 2, y + height / 2);
      context.lineTo(x - width / 2, y + height / 2);
      context.closePath();
      context.fill();
    } else if (numbers) {
      ring(context, x, y, STONE + pixel, 2 * pixel, this.colours.mark);
    } else {
      disc(context, x, y, STONE * 0.3 + pixel, 'rgba(255, 255, 255, 0.55)');
      disc(context, x, y, STONE * 0.3, this.colours.mark);
    }
  }
}

const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

const sameStone = (a, b) => (a && b
  ? a.colour === b.colour && a.last === b.last && a.win === b.win && a.forbidden === b.forbidden && a.hint === b.hint
  : a === b);

function disc(context, x, y, radius, fill) {
  context.fillStyle = fill;
  context.beginPath();
  context.arc(x, y, radius, 0, 2 * Math.PI);
  context.fill();
}

function ring(context, x, y, radius, width, colour) {
  context.lineWidth = width;
  context.strokeStyle = colour;
  context.beginPath();
  context.arc(x, y, radius, 0, 2 * Math.PI);
  context.stroke();
}
