// The ball colours, by the code the backend's view uses (0 is an empty cell), how a cell reads
// to a screen reader, and the tally of the balls left of each colour.

import { el } from '../dom.js';
import { t, formatNumber } from '../i18n.js';

export const COLOURS = [null, 'red', 'green', 'yellow', 'blue', 'purple', 'cyan'];

export function colourName(code) {
  return COLOURS[code] ?? null;
}

/// "Row 3, column 5, red ball, group of 4" / "Row 3, column 5, empty": `size` is the cell's
/// group size as the backend's view tells it (`groupSizes`).
export function cellLabel(code, x, y, size, selectedPoints) {
  const where = t('bb.cell.where', { row: y + 1, column: x + 1 });
  const colour = colourName(code);
  if (!colour) return `${where}, ${t('bb.cell.empty')}`;
  const ball = t('bb.cell.ball', { colour: t(`bb.colour.${colour}`) });
  const group = size > 1 ? t('bb.cell.group', { count: size }) : t('bb.cell.alone');
  const selected = selectedPoints == null ? '' : `, ${t('bb.cell.selected', { points: selectedPoints })}`;
  return `${where}, ${ball}, ${group}${selected}`;
}

/// The balls left of each colour the field is dealt in, as the view counts them (its
/// `colourCounts`): a small ball and its number each, a colour gone shown faded. In the classic
/// scoring a colour down to one ball means the field can no longer be cleared.
export function tallyItems(view) {
  return COLOURS.slice(1, 1 + (view.colours ?? 5)).map((colour) => {
    const count = view.colourCounts?.[colour] ?? 0;
    const said = t('bb.tallyItem', { colour: t(`bb.colour.${colour}`), count: formatNumber(count) });
    return el('li', { class: count ? undefined : 'gone', dataset: { colour, count: String(count) }, title: said },
      el('span', { class: `bb-swatch ${colour}`, 'aria-hidden': 'true' }),
      el('span', { 'aria-hidden': 'true', text: formatNumber(count) }),
      el('span', { class: 'visually-hidden', text: said }));
  });
}
