// A button that opens a menu, in two kinds. The compact control of a game's choices (Minesweeper's
// levels, Bubble Breaker's styles): one button naming the current choice, which opens a menu of
// them with the current one checked and each one's key, like the Game menu's items; it never
// wraps, however narrow the field: the toolbar holds one button where a row of them stood. And a
// menu of actions (a history row's exports), one button where a column of them stood.

import { el } from './dom.js';

/// `id`: the button's id (the menu's is `${id}s`); `label`: the menu's accessible name;
/// `items`: [{ id, choice, name, short, key, hint }]: the item's id (`#level-expert`), the
/// choice it is, its name in the menu, on the button (`short`, without an ellipsis), its key and
/// its tooltip;
/// `choose(itemId)`: what picking one does.
export function choiceMenu({ id, label, items, choose }) {
  const current = el('span', { class: 'choice-current' });
  const entries = items.map((item) => el('button', {
    id: item.id, class: 'choice-item', role: 'menuitemradio', 'aria-checked': 'false', tabindex: '-1',
    'aria-keyshortcuts': item.key ?? undefined, title: item.hint, dataset: { choice: item.choice },
  }, el('span', { class: 'choice-name', text: item.name }), item.key ? el('kbd', { text: item.key }) : null));
  const { node, button, close } = menuButton({ id, label, face: current, entries, picked: (entry) => choose(entry.dataset.choice) });

  return {
    node,
    button,
    /// Shows `choice` (an item's `choice`) as the current one: the button's text and the check.
    show(choice) {
      const shown = items.find((item) => item.choice === choice);
      const text = shown?.short ?? shown?.name ?? '';
      if (current.textContent !== text) current.textContent = text;
      entries.forEach((entry) => {
        const checked = String(entry.dataset.choice === choice);
        if (entry.getAttribute('aria-checked') !== checked) entry.setAttribute('aria-checked', checked);
      });
    },
    close,
  };
}

/// A button `text` opening a menu of actions named `label`; `items`: [{ className, name, run }],
/// each run with the button (to disable it while the action lasts). Returns the node to place.
export function actionMenu({ id, label, text, items }) {
  const entries = items.map((item) => el('button', {
    type: 'button', class: `choice-item ${item.className}`, role: 'menuitem', tabindex: '-1',
  }, el('span', { class: 'choice-name', text: item.name })));
  const { node, button } = menuButton({
    id, label, face: el('span', { text }), entries, picked: (entry) => items[entries.indexOf(entry)].run(button),
  });
  return node;
}

/// What both kinds share: the button with `face` on it opens the menu of `entries` (focus on the
/// checked one, else the first), arrows, Home and End move in it, Escape, Tab, a click outside
/// and a pick close it; `picked(entry)` is called after the menu is closed.
function menuButton({ id, label, face, entries, picked }) {
  const button = el('button', {
    id, type: 'button', class: 'choice-button', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-controls': `${id}s`,
    title: label,
  }, face, el('span', { class: 'choice-arrow', 'aria-hidden': 'true' }));
  const menu = el('div', { id: `${id}s`, class: 'choice-menu', role: 'menu', 'aria-label': label, hidden: true }, entries);
  const node = el('div', { class: 'choice' }, button, menu);

  const isOpen = () => !menu.hidden;
  const focusItem = (index) => entries[(index + entries.length) % entries.length].focus();

  function open() {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const checked = entries.findIndex((entry) => entry.getAttribute('aria-checked') === 'true');
    focusItem(Math.max(0, checked));
    document.addEventListener('pointerdown', closeOutside, true);
  }

  function close({ focus = true } = {}) {
    if (!isOpen()) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', closeOutside, true);
    if (focus) button.focus();
  }

  function closeOutside(event) {
    if (!node.contains(event.target)) close({ focus: false });
  }

  button.addEventListener('click', () => (isOpen() ? close() : open()));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  });
  entries.forEach((entry, index) => {
    entry.addEventListener('click', () => {
      close();
      picked(entry);
    });
    entry.addEventListener('keydown', (event) => {
      const moves = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: entries.length - 1 };
      if (event.key in moves) focusItem(moves[event.key]);
      else if (event.key === 'Escape') close();
      else if (event.key === 'Tab') close({ focus: false });
      else return;
      // The menu's keys are its own: the screen's (arrows on the board, Escape) do not see them.
      if (event.key !== 'Tab') event.preventDefault();
      event.stopPropagation();
    });
  });

  return { node, button, close };
}
