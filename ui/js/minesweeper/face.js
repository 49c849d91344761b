// The smiley button: it starts a new game and shows the game's mood.

import { svgEl } from '../dom.js';

const MOODS = {
  normal: '<path d="M8 14 Q12 17.5 16 14" class="mouth"/><circle cx="9" cy="9.5" r="1.4"/><circle cx="15" cy="9.5" r="1.4"/>',
  surprised: '<circle cx="12" cy="15" r="2.2" class="mouth"/><circle cx="9" cy="9" r="1.5"/><circle cx="15" cy="9" r="1.5"/>',
  dead: '<path d="M8 16 Q12 13 16 16" class="mouth"/><path d="M7.5 7.5 l3 3 M10.5 7.5 l-3 3 M13.5 7.5 l3 3 M16.5 7.5 l-3 3" class="x"/>',
  cool: '<path d="M8 14 Q12 17.5 16 14" class="mouth"/><path d="M5 8.5 H19 L18 11.5 Q16 12.6 14 11.5 L13 9.5 H11 L10 11.5 Q8 12.6 6 11.5 Z" class="shades"/>',
};

export function face() {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', class: 'face' });
  svg.setMood = (mood) => {
    if (svg.dataset.mood === mood) return;
    svg.innerHTML = `<circle cx="12" cy="12" r="10" class="head"/>${MOODS[mood] ?? MOODS.normal}`;
    svg.dataset.mood = mood;
  };
  svg.setMood('normal');
  return svg;
}
