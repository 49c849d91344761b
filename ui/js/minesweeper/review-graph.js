// The review's graph of guesses, as inline SVG: for each guess along the game (by click number),
// its chance of a mine as a mark (a diamond for an avoidable guess, a ring for a coin toss, a dot
// otherwise) and the best choice's chance there as a short bar (0 where logic had a safe cell).
// A click on a mark shows that click. With it comes a description in words for screen readers.

import { svgEl } from '../dom.js';
import { t, formatNumber } from '../i18n.js';

const WIDTH = 380;
const HEIGHT = 160;
const PAD = { left: 40, right: 10, top: 10, bottom: 22 };

const GUESSES = new Set(['avoidableGuess', 'guess', 'forcedGuess']);
/// Each kind of click in a word or two (literal keys, so that the catalogue test sees them).
const SHORT = {
  first: 'msr.short.first', safe: 'msr.short.safe', knownMine: 'msr.short.knownMine', avoidableGuess: 'msr.short.avoidableGuess',
  guess: 'msr.short.guess', forcedGuess: 'msr.short.forcedGuess', chord: 'msr.short.chord', flag: 'msr.short.flag',
  unprovenFlag: 'msr.short.unprovenFlag', wrongFlag: 'msr.short.wrongFlag', unmark: 'msr.short.unmark', wasted: 'msr.short.wasted',
};
export const shortName = (kind) => t(SHORT[kind] ?? SHORT.wasted);

const percentOf = (chance) => formatNumber(Math.round((chance ?? 0) * 1000) / 10);

/// `clicks`: the backend's review of every click; `onMark(index)`: a guess's mark was clicked.
export function drawGraph(clicks, { onMark, label }) {
  const guesses = clicks.map((click, index) => ({ click, index })).filter(({ click }) => GUESSES.has(click.kind));
  const root = svgEl('svg', {
    class: 'msr-chart', id: 'msr-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet', 'data-points': guesses.length,
  }, svgEl('title', { text: label }));
  const last = Math.max(1, clicks.length);
  const x = (index) => PAD.left + (index / Math.max(1, last - 1)) * (WIDTH - PAD.left - PAD.right);
  // Up to 50 % (a coin toss) unless a guess was worse.
  const top = Math.max(0.5, ...guesses.map(({ click }) => click.mineProbability ?? 0));
  const y = (chance) => PAD.top + (1 - chance / top) * (HEIGHT - PAD.top - PAD.bottom);
  root.append(axes(x, y, top, last));
  root.append(svgEl('g', { class: 'msr-marks' }, guesses.map(({ click, index }) => mark(click, index, x, y, onMark))));
  return { svg: root, description: describe(guesses) };
}

function mark(click, index, x, y, onMark) {
  const [cx, cy] = [x(index), y(click.mineProbability ?? 0)];
  const best = click.best?.mineProbability ?? 0;
  const text = t('msr.graph.point', {
    click: formatNumber(index + 1), kind: shortName(click.kind), percent: percentOf(click.mineProbability), best: percentOf(best),
  });
  const r = 4.5;
  const shape = click.kind === 'avoidableGuess'
    ? svgEl('path', { d: `M${cx},${cy - r} L${cx + r},${cy} L${cx},${cy + r} L${cx - r},${cy} Z` })
    : svgEl('circle', { cx, cy, r: click.kind === 'forcedGuess' ? 4 : 3 });
  return svgEl('g', {
    class: `msr-mark ${click.kind}${click.lost ? ' lost' : ''}`, 'data-index': index, onclick: () => onMark(index),
  }, svgEl('line', { class: 'msr-best', x1: cx - 5, x2: cx + 5, y1: y(best), y2: y(best) }), shape, svgEl('title', { text }));
}

function axes(x, y, top, last) {
  const left = PAD.left;
  const right = WIDTH - PAD.right;
  const label = (chance) => svgEl('text', { x: left - 4, y: y(chance), 'text-anchor': 'end', 'dominant-baseline': 'central', class: 'msr-axis-text', text: `${percentOf(chance)} %` });
  const clickLabel = (index) => svgEl('text', { x: x(index), y: HEIGHT - 6, 'text-anchor': 'middle', class: 'msr-axis-text', text: formatNumber(index + 1) });
  return svgEl('g', { class: 'msr-axes', 'aria-hidden': 'true' },
    svgEl('line', { class: 'msr-zero', x1: left, x2: right, y1: y(0), y2: y(0) }),
    svgEl('line', { class: 'msr-half', x1: left, x2: right, y1: y(0.5), y2: y(0.5) }),
    label(0), label(0.5), top > 0.5 ? label(top) : null,
    clickLabel(0), last > 1 ? clickLabel(last - 1) : null);
}

/// The graph in words: how many guesses, the riskiest and how many were avoidable.
function describe(guesses) {
  if (!guesses.length) return t('msr.graph.empty');
  const riskiest = guesses.reduce((worst, g) => ((g.click.mineProbability ?? 0) > (worst.click.mineProbability ?? 0) ? g : worst));
  return t('msr.graph.description', {
    guesses: formatNumber(guesses.length),
    avoidable: formatNumber(guesses.filter(({ click }) => click.kind === 'avoidableGuess').length),
    click: formatNumber(riskiest.index + 1), percent: percentOf(riskiest.click.mineProbability),
  });
}
