// One finished game as a text record file: its export through the native save dialog, the
// import of such a file (its header, then the watch view), and "Copy
// moves" in the board's notation. The backend writes, reads and checks the files; the page only
// asks and tells.

import { el, toast } from './dom.js';
import { t, formatDate, formatNumber, formatSeconds } from './i18n.js';
import { call } from './ipc.js';
import { openDialog } from './dialog.js';
import { categoryLabel, gameInfo, gameName, measureOf } from './catalogue.js';
import { reviewScreen } from './games.js';

/// Asks the backend's save `command` (its dialog) for game `id`, and says where the file went;
/// `button` is disabled meanwhile.
async function exportWith(command, app, id, button) {
  if (button) button.disabled = true;
  try {
    const saved = await call(command, { id });
    if (saved) toast(t('history.gameExported', { path: saved.path }));
  } catch (problem) {
    app.showError(problem);
  } finally {
    if (button) button.disabled = false;
  }
}

/// Saves the finished game `id` as a text record file where the player chooses.
export const exportGame = (app, id, button) => exportWith('export_game', app, id, button);

/// Saves the finished Minesweeper game `id` as an .evf video where the player chooses.
export const exportVideo = (app, id, button) => exportWith('export_video', app, id, button);

/// Saves the Gomoku game `id` as a Gomocup (Piskvork) .psq file where the player chooses.
export const exportPsq = (app, id, button) => exportWith('export_psq', app, id, button);

/// Puts the moves of the game in progress of `game` (or of the finished game `id`) on the
/// clipboard, in the board's notation; resolves with the text.
export async function copyMoves(app, game, id = null) {
  try {
    const text = await call('copy_moves', { game, id });
    toast(t('history.movesCopied', { moves: text.length > 60 ? `${text.slice(0, 60)}…` : text }));
    return text;
  } catch (problem) {
    app.showError(problem);
    return null;
  }
}

/// Asks for a record file, has the backend replay and check it, and shows its header.
export async function importGame(app) {
  let header;
  try {
    header = await call('import_game');
  } catch (problem) {
    app.showError(problem);
    return null;
  }
  if (!header) return null;
  const shown = await showHeader(header);
  // Watched on its own board, or reviewed (a Gomoku game: id 0 is the import); back to the
  // history it was imported from.
  if (shown.value === 'watch') await app.show('watch', { imported: true, back: { screen: 'hall', options: { tab: 'history' } } });
  if (shown.value === 'review') await app.show(reviewScreen(header.game), { id: 0, back: 'history' });
  return header;
}

/// The imported game's header, as a list of what the file says (all checked by the replay).
function showHeader(header) {
  const measure = measureOf(header.game) === 'score'
    ? t('history.points', { score: formatNumber(header.score ?? 0) })
    : t('stats.seconds', { seconds: formatSeconds(header.timeMs) });
  const facts = [
    ['history.game', gameName(header.game)],
    ['history.category', categoryLabel(header.game, header.category)],
    ['history.result', t(`result.${header.result}`)],
    ['history.scoreOrTime', measure],
    ['history.moves', formatNumber(header.moves)],
    ['import.started', formatDate(header.startedAt)],
    ['history.date', formatDate(header.finishedAt)],
    ['history.name', header.player ?? '—'],
    ['import.seed', header.seed],
  ];
  const list = el('dl', { class: 'import-facts', id: 'import-facts' },
    facts.flatMap(([key, value]) => [el('dt', { text: t(key) }), el('dd', { dataset: { fact: key }, text: value })]));
  return openDialog({
    id: 'import-dialog',
    title: t('import.title'),
    body: [list, el('p', { class: 'hint', text: t('import.checked', { moves: formatNumber(header.moves) }) })],
    buttons: [
      { value: 'ok', label: t('dialog.close') },
      ...(gameInfo(header.game)?.analysisShown === 'review' ? [{ value: 'review', label: t('history.reviewOpen') }] : []),
      { value: 'watch', label: t('watch.open'), primary: true },
    ],
  });
}
