// The shortcuts window (Ctrl+?, and Help ▸ Keyboard Shortcuts): every key of the screen shown,
// section by section, written from the key tables its handlers read (./shortcuts.js). Each row
// names its keys in `data-keys`, as the table does, for the tests to read; an entry's `params`
// fill its label's placeholders.

import { el } from './dom.js';
import { t } from './i18n.js';
import { openDialog } from './dialog.js';
import { capText, keyParts } from './shortcuts.js';

/// One key (`Ctrl+Shift+Z`): its caps, joined by +.
function keyNode(name) {
  const caps = keyParts(name).map((part) => el('kbd', { text: capText(part) }));
  return el('kbd', { class: 'shortcut-key' }, caps.flatMap((cap, index) => (index ? ['+', cap] : [cap])));
}

/// A row: what it does (and why this key, where the table says), and its keys.
function row(entry) {
  const keys = entry.keys.map(keyNode).flatMap((key, index) => (index ? [el('span', { class: 'shortcut-or', text: t('shortcuts.or') }), key] : [key]));
  return el('tr', { dataset: { keys: entry.keys.join(' ') } },
    el('th', { scope: 'row' }, el('span', { text: t(entry.label, entry.params) }),
      entry.note ? el('span', { class: 'shortcut-note', text: t(entry.note) }) : null),
    el('td', { class: 'shortcut-keys' }, keys));
}

/// Opens the window over `sections` ([{ title, entries }]: a catalogue key and a key table); a
/// section without keys is left out.
export function shortcutsWindow(sections) {
  const title = t('shortcuts.title');
  const shown = sections.filter((section) => section.entries.length > 0);
  // The list scrolls where it is longer than the dialog: it takes the focus, so that the
  // keyboard scrolls it too.
  const list = el('div', { class: 'shortcuts', tabindex: '0', role: 'region', 'aria-label': title },
    shown.map((section) => el('section', { class: 'shortcuts-section' },
      el('h3', { text: t(section.title) }),
      el('table', { class: 'shortcuts-table' }, el('tbody', {}, section.entries.map(row))))));
  return openDialog({ id: 'shortcuts-dialog', title, body: list });
}
