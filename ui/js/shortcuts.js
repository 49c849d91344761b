// Key tables: the one place a screen's keys are written. A table is a list of entries
// `{ keys, label, run, note, menu }`: the keys that do it (`'Ctrl+N'`, `'F2'`), the catalogue
// key of what it does, the action, optionally the catalogue key of a note on the choice of key
// and the id of the native menu's item it stands for. A screen's handler reads its table
// (`keyHandler`) and the shortcuts window lists the same table, so what the window lists is what
// the keys do.
//
// A key's name in a table: `Ctrl+` and `Shift+` (in that order) before the key, a letter in
// capitals (`Shift+H` is the capital H), a character as it is typed (`Ctrl+?`, `Ctrl++`: the
// Shift that makes it is not named), and the browser's name of any other key (`Space`, `Enter`,
// `Escape`, `ArrowLeft`, `Home`, `PageUp`, `F5`). Alt and Meta are never a table's.

import { t } from './i18n.js';

const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/// The names `event`'s key goes by in a table: one, or for a character typed with Shift two
/// (`Ctrl+Shift+/` and `Ctrl+/` when a layout reports the slash itself); none with Alt or Meta.
export function keyNames(event) {
  if (event.altKey || event.metaKey || MODIFIERS.has(event.key)) return [];
  const key = event.key === ' ' ? 'Space' : event.key;
  if (!key) return [];
  const ctrl = event.ctrlKey ? 'Ctrl+' : '';
  if (isLetter(key)) {
    // A capital without Ctrl is the shifted letter even where the driver does not say Shift.
    const shifted = event.shiftKey || (!event.ctrlKey && key !== key.toLowerCase());
    return [`${ctrl}${shifted ? 'Shift+' : ''}${key.toUpperCase()}`];
  }
  if (key.length === 1) return event.shiftKey ? [`${ctrl}${key}`, `${ctrl}Shift+${key}`] : [`${ctrl}${key}`];
  return [`${ctrl}${event.shiftKey ? 'Shift+' : ''}${key}`];
}

function isLetter(key) {
  return key.length === 1 && key.toLowerCase() !== key.toUpperCase();
}

/// The entry of `table` whose keys `event` presses, if any.
export function entryFor(table, event) {
  const names = keyNames(event);
  return names.length ? table.find((entry) => entry.keys.some((key) => names.includes(key))) : undefined;
}

/// A keydown handler that reads `table` (a function giving the table in force at the key press)
/// and runs the entry pressed, where `allowed(event)` lets it; a key another handler took is
/// left alone. The handler answers whether it took the key.
export function keyHandler(table, allowed = () => true) {
  return (event) => {
    if (event.defaultPrevented || !allowed(event)) return false;
    const entry = entryFor(table(), event);
    if (!entry) return false;
    event.preventDefault();
    entry.run();
    return true;
  };
}

/// The parts of a key's name: `Ctrl+Shift+Z` gives Ctrl, Shift and Z; `Ctrl++` Ctrl and +.
export function keyParts(name) {
  return name.split(/\+(?=.)/);
}

/// The keys whose names are words, in the player's language (literal keys, so that the catalogue
/// test sees them).
const KEY_WORDS = {
  Ctrl: 'key.ctrl', Shift: 'key.shift', Space: 'key.space', Enter: 'key.enter', Escape: 'key.escape',
  Home: 'key.home', End: 'key.end', PageUp: 'key.pageUp', PageDown: 'key.pageDown',
};
const ARROWS = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };

/// A part of a key's name as the keyboard's cap says it: a word, an arrow, or the character.
export function capText(part) {
  return KEY_WORDS[part] ? t(KEY_WORDS[part]) : ARROWS[part] ?? part;
}

/// A key's name as the player reads it (`Umschalt+H` in German).
export function keyText(name) {
  return keyParts(name).map(capText).join('+');
}
