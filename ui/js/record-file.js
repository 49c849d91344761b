// One finished game as a file: its export in any format its game offers (the catalogue's
// `fileFormats`) through the native save dialog, the import of a file in any of them (its
// header, then the watch view), and "Copy moves" in the board's notation. The backend writes, reads and checks the files; the page only
// asks and tells.

import { el, toast } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import { call } from './ipc.js';
import { openDialog } from './dialog.js';
import { categoryLabel, formatTime, gameInfo, gameName, measureOf } from './catalogue.js';
import { reviewScreen } from './games.js';

/// Saves the finished game `id` of `game` in the file format `format` (an id of its game's
/// catalogue `fileFormats`) where the player chooses (the backend's save dialog), and says where
/// the file went; `button` is disabled meanwhile.
export async function exportGame(app, game, id, format, button) {
  if (button) button.disabled = true;
  try {
    const saved = await call('export_game', { game, id, format });
    if (saved) toast(t('history.gameExported', { path: saved.file }));
  } catch (problem) {
    app.showError(problem);
  } finally {
    if (button) button.disabled = false;
  }
}

/// Puts the moves of the game in progress of `game` (or of the finished game `id`) on the
/// clipboard, in the board's notation (the game's `moves` format, which a game whose moves make
/// its position declares); resolves with the text.
export async function copyMoves(app, game, id = null) {
  try {
    const { clipboard: text } = await call('export_game', { game, id, format: 'moves', clipboard: true });
    toast(t('history.movesCopied', { moves: text.length > 60 ? `${text.slice(0, 60)}…` : text }));
    return text;
  } catch (problem) {
    app.showError(problem);
    return null;
  }
}

/// Asks for a game's file, has the backend read, replay and check it, and shows its header.
export async function importGame(app) {
  let header;
  try {
    header = (await call('import_game'))?.record;
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
    : t('stats.seconds', { seconds: formatTime(header.game, header.timeMs) });
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
