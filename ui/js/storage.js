// What opening the store found at start-up (a file moved aside and what was read back from it,
// a store from a newer Pastimes, a folder that cannot be written), and the notice shown while
// games are not being saved (a full disk). The backend decides all of it; the page only tells.

import { call, listen } from './ipc.js';
import { el, toast } from './dom.js';
import { openDialog } from './dialog.js';
import { t, formatNumber } from './i18n.js';
import { gameName } from './catalogue.js';

const paragraph = (text, className) => el('p', { class: className, text });

/// Why the file was moved aside (the backend's `why`), in words.
const WHY_MOVED = {
  damaged: 'storage.movedAside.damaged',
  foreign: 'storage.movedAside.foreign',
  notADatabase: 'storage.movedAside.notADatabase',
};

/// The start-up dialogs, once: when the store was not opened as it was, and when a game in
/// progress could not be resumed (the backend kept it in the history). Resolves when they close.
export async function showStoreReport(app) {
  const report = app.info?.store;
  if (report?.kind === 'movedAside') await showMovedAside(report);
  else if (report?.kind === 'newer') await showNewer(app, report);
  else if (report?.kind === 'unwritable') await showUnwritable(report);
  if (app.info?.unresumed?.length) await showUnresumed(app.info.unresumed);
}

function showUnresumed(games) {
  const list = el('ul', { class: 'storage-unresumed' },
    games.map(({ game, reason }) => el('li', { text: t('storage.unresumed.game', { game: gameName(game), reason }) })));
  return openDialog({
    id: 'unresumed-dialog',
    title: t('storage.unresumed.title'),
    body: [paragraph(t('storage.unresumed.text')), list],
  });
}

function showMovedAside(report) {
  const body = [
    paragraph(t(WHY_MOVED[report.why] ?? WHY_MOVED.damaged)),
    paragraph(t('storage.movedTo')),
    paragraph(report.movedTo, 'storage-path'),
  ];
  if (report.why === 'damaged') {
    body.push(paragraph(t('storage.recovered', {
      games: formatNumber(report.gamesRecovered),
      settings: formatNumber(report.settingsRecovered),
    }), 'storage-recovered'));
  }
  body.push(paragraph(t('storage.getItBack'), 'hint'));
  return openDialog({ id: 'storage-dialog', title: t('storage.movedAside.title'), body });
}

async function showNewer(app, report) {
  const result = await openDialog({
    id: 'storage-dialog',
    title: t('storage.newer.title'),
    body: [paragraph(t('storage.newer.text')), paragraph(report.path, 'storage-path'), paragraph(t('storage.notKept'))],
    buttons: [
      { value: 'cancel', label: t('storage.newer.playOn') },
      { value: 'new-store', label: t('storage.newer.startNew'), primary: true },
    ],
  });
  if (result.value !== 'new-store') return;
  try {
    app.info.store = await call('start_new_store');
    app.info.keepsGames = true;
    showSavingNotice(true);
    toast(t('storage.newer.started', { path: app.info.store.movedTo }));
  } catch (error) {
    app.showError(error);
  }
}

function showUnwritable(report) {
  return openDialog({
    id: 'storage-dialog',
    title: t('storage.unwritable.title'),
    body: [paragraph(t('storage.unwritable.text', { reason: report.reason })), paragraph(t('storage.notKept'))],
  });
}

/// Shows (or hides) the line that says games are not being saved: in memory, or a full disk.
export function showSavingNotice(saving, inMemory = false) {
  let notice = document.getElementById('saving-notice');
  if (saving) {
    notice?.remove();
    return;
  }
  if (!notice) {
    // Above the screen, in the page's flow: it takes room from the screen, hiding none of it.
    notice = el('div', { id: 'saving-notice', role: 'alert' });
    (document.getElementById('app') ?? document.body).prepend(notice);
  }
  notice.textContent = t(inMemory ? 'storage.inMemory' : 'storage.notSaving');
}

/// Follows the backend's `saving` event: told once when games stop being saved, and once when
/// saving resumes.
export function watchSaving() {
  return listen('saving', (saving) => {
    const wasShown = Boolean(document.getElementById('saving-notice'));
    showSavingNotice(saving);
    if (saving && wasShown) toast(t('storage.savingAgain'));
  });
}
