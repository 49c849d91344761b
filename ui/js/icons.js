// Small drawn icons (16x16, filled with the text's colour): the fonts may lack the symbols. An
// icon is decoration: the button it sits in carries the words (`aria-label`, `title`).

import { svgEl } from './dom.js';

const PATHS = {
  first: 'M3 3h2v10H3z M13 3 6 8l7 5z',
  prev: 'M11 3 4 8l7 5z',
  next: 'M5 3l7 5-7 5z',
  last: 'M3 3l7 5-7 5z M11 3h2v10h-2z',
  pause: 'M4 3h3v10H4z M9 3h3v10H9z',
  resume: 'M5 3l8 5-8 5z',
  statistics: 'M2 13h12v1.5H2z M3 8h2.5v4H3z M6.75 3h2.5v9h-2.5z M10.5 6H13v6h-2.5z',
  options: 'M2 3.5h12V5H2z M2 7.25h12v1.5H2z M2 11h12v1.5H2z M9 2h2v4.5H9z M4 5.75h2v4.5H4z M10 9.5h2V14h-2z',
  allGames: 'M2 2h5v5H2z M9 2h5v5H9z M2 9h5v5H2z M9 9h5v5H9z',
};

/// The icon `name`, with the class `className`.
export function icon(name, className = 'icon') {
  return svgEl('svg', { viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false', class: className },
    svgEl('path', { d: PATHS[name] }));
}

/// Draws `name` in the icon `svg` (a button whose meaning changes: Pause and Resume).
export function setIcon(svg, name) {
  const path = svg.firstChild;
  if (path.getAttribute('d') !== PATHS[name]) path.setAttribute('d', PATHS[name]);
}
