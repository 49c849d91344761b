// The new-record dialog (the classic Minesweeper's hero list entry): the backend says the game made the hall
// of fame; the player gives a name, pre-filled with the last one used.

import { el } from './dom.js';
import { t, errorText, formatNumber } from './i18n.js';
import { formatTime } from './catalogue.js';
import { games } from './ipc.js';
import { openDialog } from './dialog.js';

const MAX_NAME = 32;

export async function askRecordName(app, snapshot, categoryLabel) {
  const { id, rank } = snapshot.record;
  const input = el('input', {
    type: 'text', name: 'name', id: 'record-name', maxlength: MAX_NAME, required: true,
    value: app.settings.playerName || '', autocomplete: 'off', 'aria-describedby': 'record-error',
  });
  const error = el('p', { class: 'error', id: 'record-error', role: 'alert' });
  const result = snapshot.score == null
    ? t('record.time', { seconds: formatTime(snapshot.game, snapshot.elapsedMs) })
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
