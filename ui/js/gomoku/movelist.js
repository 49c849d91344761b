// The move history beside the board (the classic game keeps one) and, once the game is over, the replay
// controls that step through it. Stepping only changes what the board shows: it plays nothing.

import { el, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { icon } from '../icons.js';

const keyOf = (move) => `${move.colour} ${move.notation}`;

export class MoveList {
  /// `onStep(n)` asks the board to show the position after the first `n` moves.
  constructor({ onStep }) {
    this.onStep = onStep;
    this.total = 0;
    this.scrollFrame = 0;
    this.at = 0;
    // A stop of the Tab key: when the list is longer than its box, the arrow keys scroll it.
    this.list = el('ol', { class: 'gm-moves', id: 'gm-moves', 'aria-labelledby': 'gm-moves-title', tabindex: '0' });
    this.list.addEventListener('click', (event) => {
      const item = event.target.closest?.('li');
      if (item && this.replaying) this.onStep(Number(item.dataset.index) + 1);
    });
    this.empty = el('p', { class: 'gm-moves-empty', id: 'gm-moves-empty', text: t('gm.moves.none') });
    const button = (name, label, step) => el('button', {
      id: `gm-replay-${name}`, class: 'gm-replay-button', 'aria-label': label, title: label,
      onclick: () => this.onStep(step(this.at)),
    }, icon(name, 'gm-icon'));
    this.buttons = [
      button('first', t('gm.replay.first'), () => 0),
      button('prev', t('gm.replay.prev'), (at) => at - 1),
      button('next', t('gm.replay.next'), (at) => at + 1),
      button('last', t('gm.replay.last'), () => this.total),
    ];
    this.slider = el('input', {
      type: 'range', id: 'gm-replay-slider', class: 'gm-replay-slider', min: 0, max: 0, step: 1, value: 0,
      'aria-label': t('gm.replay.slider'),
      oninput: () => this.onStep(Number(this.slider.value)),
    });
    this.position = el('output', { id: 'gm-replay-position', class: 'gm-replay-position', 'aria-live': 'polite' });
    this.replay = el('div', { class: 'gm-replay', id: 'gm-replay', role: 'group', 'aria-label': t('gm.replay.title'), hidden: true },
      el('div', { class: 'gm-replay-buttons' }, this.buttons.slice(0, 2), this.slider, this.buttons.slice(2)),
      this.position);
    this.node = el('section', { class: 'gm-history', 'aria-labelledby': 'gm-moves-title' },
      el('h2', { class: 'gm-side-title', id: 'gm-moves-title', text: t('gm.moves.title') }),
      this.list, this.empty, this.replay);
  }

  /// Lists `moves`; `at` is how many of them the board shows, `replaying` whether the game is
  /// over and may be stepped through.
  render(moves, { at = moves.length, replaying = false } = {}) {
    // Only what changed is redrawn: a move adds an item, an undo removes the last.
    const items = this.list.children;
    let kept = 0;
    while (kept < items.length && kept < moves.length && items[kept].dataset.key === keyOf(moves[kept])) kept += 1;
    while (items.length > kept) this.list.lastElementChild.remove();
    this.list.append(...moves.slice(kept).map((move, offset) => this.item(move, kept + offset)));
    this.total = moves.length;
    this.at = Math.max(0, Math.min(at, moves.length));
    this.replaying = replaying;
    this.empty.hidden = moves.length > 0;
    this.list.classList.toggle('replaying', replaying);
    for (const [index, item] of [...this.list.children].entries()) {
      const current = index === this.at - 1;
      item.classList.toggle('current', current);
      item.classList.toggle('future', index >= this.at);
      if (current) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
    }
    this.replay.hidden = !replaying || moves.length === 0;
    this.slider.max = String(moves.length);
    this.slider.value = String(this.at);
    this.buttons[0].disabled = this.buttons[1].disabled = this.at <= 0;
    this.buttons[2].disabled = this.buttons[3].disabled = this.at >= moves.length;
    setText(this.position, t('gm.replay.position', { at: formatNumber(this.at), total: formatNumber(moves.length) }));
    // Scrolling needs the list laid out: done with the frame's own layout, not forced now.
    cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = requestAnimationFrame(() => this.scrollToCurrent());
  }

  item(move, index) {
    return el('li', {
      class: `gm-move ${move.colour}`, dataset: { index, key: keyOf(move) },
      'aria-label': t('gm.moves.item', { number: index + 1, colour: t(`gm.colour.${move.colour}`), point: move.notation }),
    },
    el('span', { class: 'gm-move-number', text: `${formatNumber(index + 1)}.` }),
    el('span', { class: `gm-badge ${move.colour}`, 'aria-hidden': 'true' }),
    el('span', { class: 'gm-move-point', text: move.notation }));
  }

  /// Keeps the current move in sight inside the list (not the page).
  scrollToCurrent() {
    const item = this.list.children[this.at - 1] ?? this.list.lastElementChild;
    if (!item) return;
    const top = item.offsetTop; // the list is positioned, so this is inside it
    const bottom = top + item.offsetHeight;
    if (top < this.list.scrollTop) this.list.scrollTop = top;
    else if (bottom > this.list.scrollTop + this.list.clientHeight) this.list.scrollTop = bottom - this.list.clientHeight;
  }
}
