// The classic Minesweeper's hero list: the best time of each level and who holds it, with its
// reset button.

import { el } from '../dom.js';
import { t } from '../i18n.js';
import { call } from '../ipc.js';
import { openDialog } from '../dialog.js';
import { confirmReset } from '../reset.js';
import { categoryLabel, formatTime, listedCategories } from '../catalogue.js';
import { hallTag } from './figures.js';

/// The classic hero list: the best time and its holder for each Minesweeper level, with its
/// reset button, which is the Hall of Fame's own reset (one dialog, one transaction).
export async function showBestTimes(app) {
  const hall = await call('hall_of_fame', { game: 'minesweeper' });
  const best = new Map(hall.map((c) => [c.category, c.entries[0]]));
  // Each level, plain and (where it has a record) without guessing.
  const levels = listedCategories('minesweeper').flatMap((level) => [level, `${level}-noguess`])
    .filter((level) => !level.endsWith('-noguess') || best.has(level));
  const rows = levels.map((level) => {
    const entry = best.get(level);
    return el('tr', { dataset: { level } },
      el('th', { scope: 'row', text: categoryLabel('minesweeper', level) }),
      el('td', { class: 'number', text: entry ? t('stats.seconds', { seconds: formatTime('minesweeper', entry.timeMs) }) : '—' }),
      el('td', { class: 'hall-name', text: entry ? entry.name ?? t('hall.anonymous') : '' }),
      el('td', {}, entry ? hallTag(entry.summary) : null));
  });
  const result = await openDialog({
    id: 'best-times-dialog',
    title: t('record.bestTimes'),
    body: el('table', { class: 'stats' }, el('tbody', {}, rows)),
    buttons: [{ value: 'reset', label: t('record.resetScores') }, { value: 'ok', label: t('dialog.close'), primary: true }],
  });
  if (result.value === 'reset' && await confirmReset(app, 'minesweeper')) await showBestTimes(app);
}
