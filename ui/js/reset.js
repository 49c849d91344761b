// Resetting the hall of fame: one dialog, used by the Hall of Fame screen and by Minesweeper's
// best times (the classic Minesweeper's reset button in its best-times list). It says exactly what goes before anything does; the
// backend deletes in one transaction.

import { el, toast } from './dom.js';
import { t, count, errorText } from './i18n.js';
import { call } from './ipc.js';
import { openDialog } from './dialog.js';
import { allGames, gameName } from './catalogue.js';

function scopeName(game) {
  return game ? gameName(game) : t('reset.everyGame');
}

/// What the reset would delete, as lines of text.
function describe(preview, withHistory, game) {
  const scope = scopeName(game);
  if (preview.records === 0 && (!withHistory || preview.games === 0)) {
    return [t('reset.empty', { scope })];
  }
  const lines = [t('reset.lineRecords', { records: count('records', preview.records), categories: count('categories', preview.categories), scope })];
  lines.push(t(withHistory ? 'reset.lineGamesDeleted' : 'reset.lineGamesKept', { games: count('games', preview.games) }));
  return lines;
}

/// Asks, then resets the hall of fame of `game` (or of every game when `null`). Resolves with
/// what was deleted, or `null` when the player cancels.
export async function confirmReset(app, game = null) {
  const scope = el('select', { id: 'reset-game', name: 'game' },
    el('option', { value: '', text: t('reset.everyGame'), selected: game ? undefined : true }),
    allGames().map(({ id }) => el('option', { value: id, text: gameName(id), selected: id === game ? true : undefined })));
  const withHistory = el('input', { type: 'checkbox', id: 'reset-history', name: 'history' });
  const summary = el('ul', { id: 'reset-summary', class: 'reset-summary', 'aria-live': 'polite' });
  const error = el('p', { class: 'error', id: 'reset-error', role: 'alert' });
  let asked = 0;
  async function refresh() {
    const ticket = ++asked;
    const chosen = scope.value || null;
    try {
      const preview = await call('reset_preview', { game: chosen });
      if (ticket !== asked) return;
      summary.replaceChildren(...describe(preview, withHistory.checked, chosen).map((text) => el('li', { text })));
      summary.dataset.ready = 'true';
      error.textContent = '';
    } catch (problem) {
      error.textContent = problem.code ? errorText(problem) : String(problem);
    }
  }
  scope.addEventListener('change', () => { summary.dataset.ready = 'false'; refresh(); });
  withHistory.addEventListener('change', refresh);
  const result = await openDialog({
    id: 'reset-dialog',
    title: t('reset.title'),
    body: [
      el('label', {}, t('reset.which'), scope),
      el('label', { class: 'checkbox' }, withHistory, t('reset.withHistory')),
      el('p', { class: 'hint', text: t('reset.intro') }),
      summary,
      error,
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'reset', label: t('reset.confirm'), primary: true }],
    onOpen: (dialog) => {
      dialog.querySelector('button[value=reset]').classList.add('danger');
      dialog.querySelector('button[value=cancel]').focus();
      refresh();
    },
  });
  if (result.value !== 'reset') return null;
  const chosen = scope.value || null;
  try {
    const removed = await call('reset_hall', { game: chosen, withHistory: withHistory.checked });
    const nothing = removed.records === 0 && removed.games === 0;
    toast(nothing
      ? t('reset.doneNothing', { scope: scopeName(chosen) })
      : t('reset.done', { records: count('records', removed.records), games: count('games', removed.games) }));
    return removed;
  } catch (problem) {
    app.showError(problem);
    return null;
  }
}
