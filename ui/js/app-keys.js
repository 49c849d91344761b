// The keys of every screen: the native menu's items, as GNOME's and KDE's games have them (Ctrl+N
// a new game, F5 restart, Ctrl+H the high scores, Ctrl+, Preferences, Ctrl+? the shortcuts), as
// a key table (./shortcuts.js) whose entries run the menu's items: a key and its item are one
// action. The native menu shows the same keys (src-tauri/shell/menu.rs, whose test reads this
// table) and catches them first where it can; the page takes the rest.

/// The keys of every screen: `run(id)` runs the menu item `id`, `zoom(direction)` zooms in (1),
/// out (-1) or back (0); `restarts`: the screen's game deals from a seed, so F5 restarts it.
export function appKeys({ run, zoom, restarts }) {
  const item = (menu, keys, label) => ({ keys, label, menu, run: () => run(menu) });
  return [
    item('new-game', ['Ctrl+N', 'F2'], 'menu.newGame'),
    ...(restarts ? [item('restart', ['F5'], 'menu.restart')] : []),
    item('open-deal', ['Ctrl+Shift+O'], 'menu.openDeal'),
    item('hall-of-fame', ['Ctrl+H'], 'menu.hallOfFame'),
    item('preferences', ['Ctrl+,'], 'menu.preferences'),
    item('shortcuts', ['Ctrl+?', 'Ctrl+Shift+/'], 'menu.shortcuts'),
    item('how-to-play', ['F1'], 'menu.howToPlay'),
    // The keypad's plus and minus, and the keys without Shift where the menu names those.
    { keys: ['Ctrl+=', 'Ctrl++'], label: 'menu.zoomIn', menu: 'zoom-in', run: () => zoom(1) },
    { keys: ['Ctrl+-', 'Ctrl+_'], label: 'menu.zoomOut', menu: 'zoom-out', run: () => zoom(-1) },
    { keys: ['Ctrl+0'], label: 'menu.zoomReset', menu: 'zoom-reset', run: () => zoom(0) },
  ];
}
