// The review's evaluation graph, as inline SVG: the engine's value after every stone from
// black's side (up: black is ahead, down: white), on the engine's shown scale of ±SHOWN_WIN (a
// win by force or a five reaches the edge), the zero line, a mark on each mistake and blunder
// (a click shows that position), and the first win by force as a dashed line. With it comes a
// description in words for screen readers (the picture's text alternative).

import { svgEl } from '../dom.js';
import { t, formatNumber } from '../i18n.js';

/// The engine's clamp of shown values (src-tauri/games/src/gomoku/review.rs SHOWN_WIN).
export const SHOWN_WIN = 10_000;

const WIDTH = 380;
const HEIGHT = 170;
const PAD = { left: 44, right: 10, top: 10, bottom: 22 };

/// A mistake's kind in words (literal keys, so that the catalogue test sees them).
const KIND_TEXT = { mistake: 'gmr.kind.mistake', blunder: 'gmr.kind.blunder' };
export const kindText = (kind) => t(KIND_TEXT[kind] ?? KIND_TEXT.mistake);

const signed = (score) => (score > 0 ? `+${formatNumber(score)}` : formatNumber(score));

/// `analysis`: the backend's review ({evaluations, mistakes, forcedWin}); `onMark(index)`: a
/// mistake's mark was clicked. Returns the SVG and its description.
export function drawGraph(analysis, { onMark, label }) {
  const { evaluations, mistakes, forcedWin } = analysis;
  const root = svgEl('svg', {
    class: 'gmr-chart', id: 'gmr-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet', 'data-points': evaluations.length,
  }, svgEl('title', { text: label }));
  const first = evaluations[0]?.stone ?? 1;
  const last = evaluations[evaluations.length - 1]?.stone ?? first;
  const span = Math.max(1, last - first);
  const x = (stone) => PAD.left + ((Math.min(Math.max(stone, first), last) - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (score) => PAD.top + ((SHOWN_WIN - score) / (2 * SHOWN_WIN)) * (HEIGHT - PAD.top - PAD.bottom);

  root.append(axes(x, y, first, last));
  if (forcedWin) {
    // As the engine's review stores it (snake case).
    const after = forcedWin.after_stone;
    const at = x(after);
    root.append(svgEl('line', { class: `gmr-forced-line ${forcedWin.winner}`, x1: at, x2: at, y1: PAD.top, y2: HEIGHT - PAD.bottom },
      svgEl('title', { text: t('gmr.graph.forced', { colour: t(`gm.colour.${forcedWin.winner}`), stone: formatNumber(after) }) })));
  }
  if (evaluations.length) {
    const path = evaluations.map((e, i) => `${i ? 'L' : 'M'}${x(e.stone).toFixed(1)},${y(e.score).toFixed(1)}`).join(' ');
    root.append(svgEl('path', { class: 'gmr-line', d: path }));
  }
  root.append(svgEl('g', { class: 'gmr-points' }, evaluations.map((e) => svgEl('circle', {
    class: `gmr-point ${e.colour}`, cx: x(e.stone).toFixed(1), cy: y(e.score).toFixed(1), r: 2.2, 'data-stone': e.stone,
  }, svgEl('title', { text: t('gmr.graph.point', { stone: formatNumber(e.stone), colour: t(`gm.colour.${e.colour}`), point: e.notation, score: signed(e.score) }) })))));
  const scoreAfter = new Map(evaluations.map((e) => [e.stone, e.score]));
  root.append(svgEl('g', { class: 'gmr-marks' }, mistakes.map((m, index) => {
    const [cx, cy] = [x(m.stone), y(scoreAfter.get(m.stone) ?? 0)];
    const r = m.kind === 'blunder' ? 6 : 4.5;
    // A diamond, told from the points by shape as well as by colour.
    return svgEl('path', {
      class: `gmr-mark ${m.kind}`, 'data-stone': m.stone, d: `M${cx},${cy - r} L${cx + r},${cy} L${cx},${cy + r} L${cx - r},${cy} Z`,
      onclick: () => onMark(index),
    }, svgEl('title', { text: `${formatNumber(m.stone)}. ${m.notation}: ${kindText(m.kind)}` }));
  })));
  return { svg: root, description: describe(analysis) };
}

/// The zero line, the two edges of the scale (named by who wins there) and the stone numbers.
function axes(x, y, first, last) {
  const left = PAD.left;
  const right = WIDTH - PAD.right;
  const label = (text, at, cls) => svgEl('text', { x: left - 4, y: at, 'text-anchor': 'end', 'dominant-baseline': 'central', class: cls, text });
  const stoneLabel = (stone) => svgEl('text', { x: x(stone), y: HEIGHT - 6, 'text-anchor': 'middle', class: 'gmr-axis-text', text: formatNumber(stone) });
  return svgEl('g', { class: 'gmr-axes', 'aria-hidden': 'true' },
    svgEl('rect', { class: 'gmr-half black', x: left, y: y(SHOWN_WIN), width: right - left, height: y(0) - y(SHOWN_WIN) }),
    svgEl('rect', { class: 'gmr-half white', x: left, y: y(0), width: right - left, height: y(-SHOWN_WIN) - y(0) }),
    svgEl('line', { class: 'gmr-zero', x1: left, x2: right, y1: y(0), y2: y(0) }),
    label(t('gmr.graph.blackWins'), y(SHOWN_WIN) + 5, 'gmr-axis-text'),
    label('0', y(0), 'gmr-axis-text'),
    label(t('gmr.graph.whiteWins'), y(-SHOWN_WIN) - 5, 'gmr-axis-text'),
    stoneLabel(first),
    last > first ? stoneLabel(last) : null);
}

/// The graph in words: what it shows, its highest and lowest value and where, and the marks.
function describe({ evaluations, mistakes }) {
  if (!evaluations.length) return t('gmr.graph.empty');
  const highest = evaluations.reduce((best, e) => (e.score > best.score ? e : best));
  const lowest = evaluations.reduce((worst, e) => (e.score < worst.score ? e : worst));
  const final = evaluations[evaluations.length - 1];
  return t('gmr.graph.description', {
    stones: formatNumber(evaluations.length), win: formatNumber(SHOWN_WIN),
    high: signed(highest.score), highStone: formatNumber(highest.stone),
    low: signed(lowest.score), lowStone: formatNumber(lowest.stone),
    final: signed(final.score), marks: formatNumber(mistakes.length),
  });
}
