// The group under the pointer, for one-click play (an option; Swell Foop's and Klickety's way):
// its balls lit and outlined, and what popping it would score beside the pointer, as the
// selection's label is beside the clicked ball. The groups and their points are the backend's
// (the view's `groups` and `groupPoints`): the page floods nothing and scores nothing. The
// field hides it while a pop animates and shows it again where the pointer rests.

import { el } from '../dom.js';
import { formatNumber } from '../i18n.js';

const SIDES = ['top', 'right', 'bottom', 'left'];

export class PointerHighlight {
  constructor() {
    this.node = el('div', { class: 'bb-lit-group', id: 'bb-lit-group', 'aria-hidden': 'true' });
    this.label = el('div', { class: 'bb-label bb-lit-label', id: 'bb-lit-label', 'aria-hidden': 'true', hidden: true });
    /// The view's groups: each cell's group number (0: none), and each group's points.
    this.groups = null;
    this.points = null;
    this.width = 0;
    this.height = 0;
    /// The cell under the pointer ({x, y}), or null off the field.
    this.pointer = null;
    /// The group drawn: its number, 0 for none.
    this.shown = 0;
  }

  /// A new view's groups: their numbers change with every pop, so the group is drawn afresh.
  setView(view) {
    this.groups = view.groups ?? null;
    this.points = view.groupPoints ?? null;
    this.width = view.width;
    this.height = view.height;
    this.shown = -1;
  }

  /// The cell under the pointer now (null: it left the field).
  pointAt(at) {
    this.pointer = at;
  }

  /// The group under the pointer, if `on` (one-click play, no pop animating) and there is one.
  draw(on) {
    const { pointer } = this;
    const number = on && pointer && this.groups ? this.groups[pointer.y * this.width + pointer.x] ?? 0 : 0;
    if (number !== this.shown) {
      this.shown = number;
      this.node.replaceChildren(...(number ? this.litCells(number) : []));
      this.node.dataset.size = String(this.node.childElementCount);
    }
    if (number) placeBeside(this.label, pointer, this, formatNumber(this.points[number - 1]));
    else this.label.hidden = true;
  }

  /// A lit square over each ball of group `number`, its outer sides drawn.
  litCells(number) {
    const { groups, width, height } = this;
    const inGroup = (x, y) => x >= 0 && y >= 0 && x < width && y < height && groups[y * width + x] === number;
    const lit = [];
    for (let i = 0; i < groups.length; i += 1) {
      if (groups[i] !== number) continue;
      const x = i % width;
      const y = (i - x) / width;
      const beyond = [[x, y - 1], [x + 1, y], [x, y + 1], [x - 1, y]];
      const edges = SIDES.filter((side, s) => !inGroup(...beyond[s])).map((side) => ` edge-${side}`).join('');
      const cell = el('span', { class: `bb-lit${edges}`, dataset: { x: String(x), y: String(y) } });
      cell.style.setProperty('--gx', x);
      cell.style.setProperty('--gy', y);
      lit.push(cell);
    }
    return lit;
  }

  hide() {
    this.draw(false);
  }
}

/// The original's SetLabel: `label` beside the cell `at` of a field of `width` by `height`,
/// below and to the right of it, or to its left and above it when it is in the right or bottom
/// half, so the label stays inside the field.
export function placeBeside(label, at, { width, height }, text) {
  label.textContent = text;
  label.style.setProperty('--lx', at.x);
  label.style.setProperty('--ly', at.y);
  label.classList.toggle('flip-x', 2 * at.x + 2 > width);
  label.classList.toggle('flip-y', 2 * at.y + 2 > height);
  label.dataset.x = at.x;
  label.dataset.y = at.y;
  label.hidden = false;
}
