// Minesweeper in the watch view (../watch.js): the game's own field, mine counter, face and LED
// clock, read-only. The clock shows the recorded time as the game runs.

import { el } from '../dom.js';
import { t } from '../i18n.js';
import { counter } from './digits.js';
import { face } from './face.js';
import { MineField } from './board.js';

const ignore = () => {};

/// The board hooks the watch view calls (see `watchBoard` in ../watch.js).
export function watchBoard() {
  const field = new MineField({ onIntent: ignore, onPress: ignore });
  const mines = counter((value) => t('ms.minesLeft', { count: value }));
  mines.id = 'ms-mines';
  const clock = counter((value) => t('ms.seconds', { count: value }));
  clock.id = 'ms-clock';
  const smiley = face();
  const panel = el('div', { class: 'ms-panel' }, mines, el('span', { class: 'ms-face', id: 'ms-face' }, smiley), clock);
  const stage = el('div', { class: 'ms-stage' }, el('div', { class: 'ms-frame' }, field.node));
  return {
    nodes: [panel, stage],
    area: stage,
    draw(frame) {
      field.render(frame.view);
      mines.set(frame.view.minesLeft);
      smiley.setMood({ won: 'cool', lost: 'dead' }[frame.status] ?? 'normal');
      clock.set(Math.floor(frame.elapsedMs / 1000));
    },
    /// The clock between two moves, as it ran when the game was played.
    tick(ms) {
      clock.set(Math.floor(ms / 1000));
    },
    fit: (width, height) => field.fit(width, height),
    size: (view) => ({ width: Math.max(420, view.width * 30 + 40), height: view.height * 30 + 110 }),
    describe,
  };
}

/// "opened row 5, column 4" and the like: what the move did, read off the frame it led to.
function describe(frame) {
  const { action, x, y } = frame.move ?? {};
  const cell = t('watch.ms.cell', { row: y + 1, column: x + 1 });
  if (frame.effects?.exploded) return t('watch.ms.mine', { cell });
  if (action === 'chord') return t('watch.ms.chord', { cell });
  if (action !== 'mark') return t('watch.ms.open', { cell });
  const code = frame.view.cells[y * frame.view.width + x];
  if (code === 'F') return t('watch.ms.flag', { cell });
  if (code === '?') return t('watch.ms.question', { cell });
  return t('watch.ms.unmark', { cell });
}
