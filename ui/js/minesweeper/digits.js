// The classic red seven-segment counters, drawn as SVG.

import { svgEl } from '../dom.js';

// Segments a..g as polygons in a 12x20 box.
const SEGMENTS = {
  a: '2,1 10,1 8.5,2.8 3.5,2.8',
  b: '10.4,1.6 10.4,9.3 8.8,8.4 8.8,3.2',
  c: '10.4,10.7 10.4,18.4 8.8,16.8 8.8,11.6',
  d: '2,19 10,19 8.5,17.2 3.5,17.2',
  e: '1.6,10.7 1.6,18.4 3.2,16.8 3.2,11.6',
  f: '1.6,1.6 1.6,9.3 3.2,8.4 3.2,3.2',
  g: '2.2,10 3.6,9.1 8.4,9.1 9.8,10 8.4,10.9 3.6,10.9',
};
const LIT = {
  0: 'abcdef', 1: 'bc', 2: 'abged', 3: 'abgcd', 4: 'fgbc', 5: 'afgcd', 6: 'afgedc', 7: 'abc',
  8: 'abcdefg', 9: 'abcdfg', '-': 'g', ' ': '',
};

function digit() {
  return svgEl('svg', { viewBox: '0 0 12 20', class: 'seg-digit', 'aria-hidden': 'true' },
    Object.entries(SEGMENTS).map(([name, points]) => svgEl('polygon', { points, dataset: { segment: name } })));
}

/// A counter element with a `set(value, least)` method. It shows `least` digits (three, as
/// the classic's, unless told more) and as many more as a value needs, so a custom field of a
/// thousand mines or more says how many are left instead of stopping at 999. Its callers keep
/// their own limits: the clock stops at 999 (`clockFigure`).
export function counter(label) {
  const node = document.createElement('div');
  node.className = 'seg-counter';
  node.setAttribute('role', 'img');
  const digits = [];
  let drawn = '';
  node.set = (value, least = 3) => {
    const shown = Math.trunc(value);
    const text = shown < 0 ? `-${String(-shown).padStart(least - 1, '0')}` : String(shown).padStart(least, '0');
    if (drawn === text) return;
    drawn = text;
    node.shown = shown;
    while (digits.length < text.length) {
      const added = digit();
      digits.push(added);
      node.append(added);
    }
    while (digits.length > text.length) digits.pop().remove();
    [...text].forEach((char, index) => {
      const lit = LIT[char] ?? '';
      for (const polygon of digits[index].children) {
        polygon.classList.toggle('on', lit.includes(polygon.dataset.segment));
      }
    });
    node.setAttribute('aria-label', label(shown));
  };
  node.set(0);
  return node;
}
