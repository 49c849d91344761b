// The one door to the backend. Every call goes through `call`, which turns any failure into the
// backend's {code, message, params} shape, so screens handle errors one way.

const tauri = window.__TAURI__;

export class BackendError extends Error {
  constructor({ code, message, params }) {
    super(message);
    this.code = code;
    this.params = params || {};
  }
}

export async function call(command, args = {}) {
  try {
    return await tauri.core.invoke(command, args);
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error) throw new BackendError(error);
    // Tauri's own refusals (a missing argument) arrive as plain strings.
    throw new BackendError({ code: 'bad_argument', message: String(error), params: {} });
  }
}

export function listen(event, handler) {
  return tauri.event.listen(event, (e) => handler(e.payload));
}

// One subscription to the backend's snapshots for the whole page, made once at start-up
// (app.js), so that opening a screen costs no round trip: a screen adds its handler while shown.
const snapshotHandlers = new Set();

export function listenToSnapshots() {
  return listen('snapshot', (snapshot) => {
    for (const handler of snapshotHandlers) handler(snapshot);
  });
}

/// Calls `handler` with every snapshot the backend sends from now on; returns its removal.
export function onSnapshot(handler) {
  snapshotHandlers.add(handler);
  return () => snapshotHandlers.delete(handler);
}

export const games = {
  newGame: (game, params) => call('new_game', { game, params }),
  play: (game, move) => call('play', { game, move }),
  snapshot: (game) => call('snapshot', { game }),
  odds: (game) => call('odds', { game }),
  undo: (game) => call('undo', { game }),
  redo: (game) => call('redo', { game }),
  hint: (game) => call('hint', { game }),
  pause: (game) => call('pause', { game }),
  resume: (game) => call('resume', { game }),
  replay: (game) => call('replay', { game }),
  restart: (game) => call('restart', { game }),
  /// The deal code of the game under way (which it marks), put on the clipboard.
  dealCode: (game) => call('deal_code', { game, copy: true }),
  nameRecord: (id, name) => call('submit_record_name', { id, name }),
};

export const settings = {
  all: () => call('get_settings'),
  set: (key, value) => call('set_setting', { key, value }),
};

export const appInfo = () => call('app_info');
/// The page's zoom (the `zoom` setting, applied to the webview by the backend): a window fitted
/// to some CSS pixels needs that many more screen pixels.
let zoom = 1;
export function setZoomFactor(value) {
  zoom = Number(value) > 0 ? Number(value) : 1;
}
/// While a fit is under way the page marks itself busy (`aria-busy` on the screen), so nothing
/// (a player's pointer or an end-to-end test) aims at a layout about to move: the window's new
/// size lands a little after the backend has asked for it.
let fitsUnderWay = 0;
export async function fitWindow(width, height) {
  const screen = document.getElementById('screen');
  fitsUnderWay += 1;
  screen?.setAttribute('aria-busy', 'true');
  try {
    // The window already has that size: no resize is coming.
    if (await call('fit_window', { width: width * zoom, height: height * zoom })) await resizedOrSettled();
  } finally {
    fitsUnderWay -= 1;
    if (fitsUnderWay === 0) screen?.removeAttribute('aria-busy');
  }
}

/// The next resize of the page, or two frames if the window already had that size.
function resizedOrSettled() {
  return new Promise((done) => {
    const finish = () => { window.removeEventListener('resize', finish); done(); };
    window.addEventListener('resize', finish);
    requestAnimationFrame(() => requestAnimationFrame(finish));
  });
}

/// The window's title (the original shows Bubble Breaker's score there): the native one, and the
/// page's own, so both say the same (WebDriver and assistive tools read the page's).
export function setTitle(title) {
  // Unchanged (a Bubble Breaker click that scored nothing): no call to the backend.
  if (document.title === title) return Promise.resolve();
  document.title = title;
  return tauri.window.getCurrentWindow().setTitle(title);
}
