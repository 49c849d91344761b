// Bubble Breaker in the watch view (../watch.js): the game's own field and score, read-only; each
// pop animates as in play, from the effects the backend tells.

import { el, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { BubbleField } from './field.js';
import { colourName } from './colours.js';

/// The board hooks the watch view calls (see `watchBoard` in ../watch.js).
export function watchBoard() {
  const field = new BubbleField({ onIntent: () => {} });
  const score = el('output', { id: 'bb-score', class: 'bb-score-value', text: '0' });
  const panel = el('div', { class: 'bb-panel' },
    el('div', { class: 'bb-score' }, el('span', { class: 'bb-score-name', text: t('bb.score') }), score));
  const stage = el('div', { class: 'bb-stage' }, el('div', { class: 'bb-frame' }, field.node));
  return {
    nodes: [panel, stage],
    area: stage,
    /// `animate`: the frame is the one after the frame shown, so its pop plays out.
    draw(frame, { animate }) {
      const motion = animate && frame.effects?.popped?.length ? frame.effects : null;
      field.render(frame.view, motion);
      setText(score, formatNumber(frame.score ?? 0));
    },
    fit: (width, height) => field.fit(width, height),
    size: (view) => ({ width: Math.max(560, view.width * 40 + 48), height: view.height * 40 + 90 }),
    describe,
    unmounted: () => field.stopAnimation(),
  };
}

/// "popped 6 red balls, +30": a group of n pays n(n-1).
function describe(frame) {
  const popped = frame.effects?.popped ?? [];
  const colour = colourName(popped[0]?.code);
  const count = popped.length;
  return t('watch.bb.popped', {
    count: formatNumber(count),
    colour: colour ? t(`bb.colour.${colour}`) : '',
    points: formatNumber(count * (count - 1)),
  });
}
