// A category over time, as inline SVG (no library): one mark per game (its time, moves or
// score), and the hall of fame's record as it stood as a step line, where the backend gives
// one. Every text goes in as text.

import { svgEl } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import { formatTime } from './catalogue.js';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 56, right: 14, top: 12, bottom: 30 };

/// Round steps for the value axis: 1, 2 or 5 times a power of ten.
function ticks(low, high, count = 4) {
  const span = Math.max(high - low, 1e-9);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const values = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) values.push(v);
  return values;
}

/// `points` as the backend sends them (oldest first; `value` and `best` may be null);
/// `measure` is 'time' (ms, lower is better), 'moves' (lower is better) or 'score'. In a
/// category that ranks (`ranked`), a game without its place in the hall of fame (a replay, a
/// game with help) is a ring rather than a dot. Times are written as `game` writes them.
export function drawChart(points, measure, label, { ranked = true, game } = {}) {
  const byTime = measure === 'time';
  const axisText = (v) => (byTime ? t('stats.seconds', { seconds: formatTime(game, v) }) : formatNumber(v));
  const show = (v) => (measure === 'moves' ? t('chart.moves', { moves: formatNumber(v) }) : axisText(v));
  const root = svgEl('svg', {
    class: 'chart', id: 'hist-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet', 'data-points': points.length,
  }, svgEl('title', { text: label }));
  const values = points.flatMap((p) => [p.value, p.best]).filter((v) => v !== null && v !== undefined);
  if (!values.length) {
    root.append(svgEl('text', { x: WIDTH / 2, y: HEIGHT / 2, 'text-anchor': 'middle', class: 'chart-empty', text: t(points.length ? 'chart.noValues' : 'chart.empty') }));
    return root;
  }
  let low = Math.min(...values);
  let high = Math.max(...values);
  // Room around a single value, and never finer steps than what is shown (0.1 s, 1 point).
  const finest = byTime ? 100 : 1;
  if (high - low < finest * 4) {
    const pad = Math.max(finest * 2, Math.abs(low) * 0.1);
    low = Math.max(0, low - pad);
    high += pad;
  }
  const unit = byTime ? 1000 : 1;
  const steps = ticks(low / unit, high / unit).map((v) => Math.round(v * unit));
  low = Math.min(low, steps[0]);
  high = Math.max(high, steps[steps.length - 1]);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (v) => PAD.top + plotH - ((v - low) * plotH) / (high - low);

  const grid = svgEl('g', { class: 'chart-grid' });
  for (const v of steps) {
    grid.append(svgEl('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(v), y2: y(v) }));
    grid.append(svgEl('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end', text: axisText(v) }));
  }
  const axis = svgEl('g', { class: 'chart-axis' },
    svgEl('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: PAD.top + plotH, y2: PAD.top + plotH }),
    svgEl('text', { x: PAD.left, y: HEIGHT - 8, 'text-anchor': 'start', text: formatDate(points[0].finishedAt) }));
  if (points.length > 1) {
    axis.append(svgEl('text', { x: WIDTH - PAD.right, y: HEIGHT - 8, 'text-anchor': 'end', text: formatDate(points[points.length - 1].finishedAt) }));
  }

  // The record: a step line, flat until a game that ranks beats it.
  let path = '';
  points.forEach((p, i) => {
    if (p.best === null || p.best === undefined) return;
    const px = x(i).toFixed(1);
    const py = y(p.best).toFixed(1);
    path += path ? ` H${px} V${py}` : `M${px} ${py}`;
  });
  if (points.length > 1 && path) path += ` H${x(points.length - 1).toFixed(1)}`;
  const best = path ? svgEl('path', { class: 'chart-best', d: path }) : null;

  const marks = svgEl('g', { class: 'chart-marks' });
  const radius = points.length > 300 ? 1.5 : points.length > 60 ? 2.2 : 3.2;
  points.forEach((p, i) => {
    if (p.value === null || p.value === undefined) {
      marks.append(svgEl('line', { class: 'chart-miss', x1: x(i), x2: x(i), y1: PAD.top + plotH - 6, y2: PAD.top + plotH }));
    } else {
      marks.append(svgEl('circle', { class: ranked && !p.ranks ? 'chart-point unranked' : 'chart-point', cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: radius },
        svgEl('title', { text: `${formatDate(p.finishedAt)}: ${show(p.value)}` })));
    }
  });
  root.append(grid, axis, marks, ...(best ? [best] : []));
  return root;
}
