// The keys every board and game screen shares: the cursor's moves over a grid, and when a key
// belongs to the screen at all.

/// The cursor's keys over a `width` x `height` grid (arrows, h/j/k/l, Home, End, PageUp,
/// PageDown), as a key table (./shortcuts.js) whose entries move the cursor with `moveTo(x, y)`
/// from `cursor()`.
export function cursorKeys({ cursor, moveTo, width, height }) {
  const step = (dx, dy) => () => {
    const { x, y } = cursor();
    moveTo(x + dx, y + dy);
  };
  const edge = (to) => () => {
    const { x, y } = to(cursor());
    moveTo(x, y);
  };
  return [
    { keys: ['ArrowLeft', 'H'], label: 'keys.left', run: step(-1, 0) },
    { keys: ['ArrowRight', 'L'], label: 'keys.right', run: step(1, 0) },
    { keys: ['ArrowUp', 'K'], label: 'keys.up', run: step(0, -1) },
    { keys: ['ArrowDown', 'J'], label: 'keys.down', run: step(0, 1) },
    { keys: ['Home'], label: 'keys.rowStart', run: edge(({ y }) => ({ x: 0, y })) },
    { keys: ['End'], label: 'keys.rowEnd', run: edge(({ y }) => ({ x: width() - 1, y })) },
    { keys: ['PageUp'], label: 'keys.top', run: edge(({ x }) => ({ x, y: 0 })) },
    { keys: ['PageDown'], label: 'keys.bottom', run: edge(({ x }) => ({ x, y: height() - 1 })) },
  ];
}

/// Whether a key press belongs to the game screen: not while a dialog is open or a text field
/// has the focus, and never with Alt or Meta.
export function isScreenKey(event) {
  if (document.querySelector('dialog[open]') || event.altKey || event.metaKey) return false;
  return !event.target.closest?.('input, select, textarea');
}
