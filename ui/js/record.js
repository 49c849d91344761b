// The new-record dialog (seed 001's hero list entry): the backend says the game made the hall
// of fame; the player gives a name, pre-filled with the last one used.

import { el } from './dom.js';
import { t, errorText, formatSeconds, formatNumber } from './i18n.js';
import { call, games } from './ipc.js';
import { openDialog } from './dialog.js';
import { confirmReset } from './reset.js';

const MAX_NAME = 32;

export async function askRecordName(app, snapshot, categoryLabel) {
  const { id, rank } = snapshot.record;
  const input = el('input', {
    type: 'text', name: 'name', id: 'record-name', maxlength: MAX_NAME, required: true,
    value: app.settings.playerName || '', autocomplete: 'off', 'aria-describedby': 'record-error',
  });
  const error = el('p', { class: 'error', id: 'record-error', role: 'alert' });
  const result = snapshot.score == null
    ? t('record.time', { seconds: formatSeconds(snapshot.elapsedMs) })
    : t('record.score', { score: formatNumber(snapshot.score) });
  let saved = false;
  await openDialog({
    id: 'record-dialog',
    title: t('record.title'),
    body: [
      el('p', { id: 'record-text', text: t('record.text', { rank, category: categoryLabel, result }) }),
      el('label', {}, t('record.name'), input),
      error,
    ],
    buttons: [{ value: 'cancel', label: t('record.skip') }, { value: 'save', label: t('dialog.save'), primary: true }],
    onOpen: () => { input.focus(); input.select(); },
    validate: (value, form) => {
      if (saved) return null;
      games.nameRecord(id, input.value).then(async () => {
        saved = true;
        app.settings.playerName = input.value.trim();
        form.closest('dialog').close('save');
      }).catch((problem) => { error.textContent = problem.code ? errorText(problem) : String(problem); });
      return 'pending';
    },
  });
}

/// Seed 001's hero list: the best time and its holder for each Minesweeper level, with the
/// seed's reset button, which is the Hall of Fame's own reset (one dialog, one transaction).
export async function showBestTimes(app) {
  const levels = ['beginner', 'intermediate', 'expert'];
  const hall = await call('hall_of_fame', { game: 'minesweeper' });
  const best = new Map(hall.map((c) => [c.category, c.entries[0]]));
  const rows = levels.map((level) => {
    const entry = best.get(level);
    return el('tr', { dataset: { level } },
      el('th', { scope: 'row', text: t(`ms.level.${level}`) }),
      el('td', { class: 'number', text: entry ? t('stats.seconds', { seconds: formatSeconds(entry.timeMs) }) : '—' }),
      el('td', { class: 'hall-name', text: entry ? entry.name ?? t('hall.anonymous') : '' }));
  });
  const result = await openDialog({
    id: 'best-times-dialog',
    title: t('record.bestTimes'),
    body: el('table', { class: 'stats' }, el('tbody', {}, rows)),
    buttons: [{ value: 'reset', label: t('record.resetScores') }, { value: 'ok', label: t('dialog.close'), primary: true }],
  });
  if (result.value === 'reset' && await confirmReset(app, 'minesweeper')) await showBestTimes(app);
}
