// The keys every board and game screen shares: the cursor's moves over a grid, and the screen
// keys for undo, redo and pause.

const STEPS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
  h: [-1, 0], l: [1, 0], k: [0, -1], j: [0, 1],
};

/// Where a cursor key moves the cursor on a `width` x `height` grid (arrows, h/j/k/l, Home, End,
/// PageUp, PageDown), or `null` for any other key. Modified keys are not cursor keys.
export function cursorTarget(event, { x, y }, width, height) {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const step = STEPS[event.key];
  if (step) return { x: x + step[0], y: y + step[1] };
  switch (event.key) {
    case 'Home': return { x: 0, y };
    case 'End': return { x: width - 1, y };
    case 'PageUp': return { x, y: 0 };
    case 'PageDown': return { x, y: height - 1 };
    default: return null;
  }
}

/// Whether a key press belongs to the game screen: not while a dialog is open or a text field
/// has the focus, and never with Alt or Meta.
export function isScreenKey(event) {
  if (document.querySelector('dialog[open]') || event.altKey || event.metaKey) return false;
  return !event.target.closest?.('input, select, textarea');
}

/// A keydown handler for Ctrl+Z (undo), Ctrl+Shift+Z and Ctrl+Y (redo) and P (pause).
export function undoRedoPauseKeys({ undo, redo, togglePause }) {
  return (event) => {
    if (!isScreenKey(event)) return;
    const key = event.key.toLowerCase();
    const action = event.ctrlKey
      ? { z: event.shiftKey ? redo : undo, y: redo }[key]
      : { p: togglePause }[key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
}
