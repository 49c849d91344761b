// The dialog that asks for a position as text: moves in board notation (H8 I9 J10, with or
// without numbers) or a record file. Gomoku's "Paste position" and the study board's
// "Set up a position" both open it; what the text means is the backend's to say.

import { el } from '../dom.js';
import { t } from '../i18n.js';
import { openDialog } from '../dialog.js';

/// The text the player pasted, or null when they cancelled or left it empty. `prefix` names
/// the dialog's elements (`<prefix>-paste-dialog`, `<prefix>-paste-text`).
export async function askForMoves({ prefix, title }) {
  if (document.querySelector('dialog[open]')) return null;
  const text = el('textarea', { id: `${prefix}-paste-text`, name: 'moves', rows: 5, cols: 40, spellcheck: 'false', 'aria-label': t('gm.pasteMoves') });
  const answer = await openDialog({
    id: `${prefix}-paste-dialog`,
    title,
    body: [el('p', { class: 'hint', text: t('gm.pasteHelp') }), el('label', { class: 'gm-paste-label' }, t('gm.pasteMoves'), text)],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'open', label: t('gm.pasteOpen'), primary: true }],
    onOpen: () => text.focus(),
  });
  return answer.value === 'open' && text.value.trim() ? text.value : null;
}
