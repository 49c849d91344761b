// Gomoku in the watch view (../watch.js): the game's own board with its move numbers, last-move
// mark and winning line, read-only.

import { el } from '../dom.js';
import { t } from '../i18n.js';
import { GoBoard } from './board.js';

/// The board hooks the watch view calls (see `watchBoard` in ../watch.js).
export function watchBoard(app) {
  const board = new GoBoard({ onPlay: () => {} });
  const area = el('div', { class: 'gm-board-area' }, el('div', { class: 'gm-frame' }, board.node));
  return {
    nodes: [area],
    area,
    draw(frame) {
      const { size, stones, moves, winningLine } = frame.view;
      board.render({ size, stones, moves, winningLine, turn: null, numbers: Boolean(app.settings.moveNumbers) });
    },
    fit: (width, height) => board.fit(width, height),
    size: () => ({ width: 720, height: 560 }),
    describe,
  };
}

/// "Black H8", or the Swap2 opening's choice.
function describe(frame) {
  const last = frame.view.lastMove;
  if (frame.move?.choose || !last) return t('watch.gm.choice');
  return t('watch.gm.stone', { colour: t(`gm.colourName.${last.colour}`), point: last.notation });
}
