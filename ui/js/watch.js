// The watch view: a finished game (or Bubble Breaker's best line of its deal) played again on
// the game's own board, read-only. The backend replays the record through the rules
// (`watch_open`, `watch_best_line`) and sends the board after any move (`watch_frame`); this
// screen only chooses which move to show and when: at the recorded pace, 2x or 4x (the best
// line, which has no clock, at a fixed pace), step by step, or anywhere with the slider.
//
// Written once for every game: each game's descriptor (ui/js/<game>/index.js) gives its
// `watchBoard(app)`, the game's own board in its read-only mode with its nodes around it and
// - `board`: the board (built on ../board-kit.js); `area`: the node it fits in;
// - `size(view)`: the room the board would like, for the window;
// - `draw(frame, { animate })`: draws the frame (`animate`: it is the move after the one shown);
// - `describe(frame)`: what the move that led to the frame did, in words ("Black H8");
// - optional `tick(ms)`: the clock as it ran between two moves; `unmounted()`.

import { el, announce, oneRowWidth, setText } from './dom.js';
import { t, errorText, formatDate, formatNumber, joined } from './i18n.js';
import { call, fitWindow } from './ipc.js';
import { descriptors, resultWords } from './games.js';
import { fitTo, followSize } from './board-kit.js';
import { categoryLabel, formatTime, gameName, measureOf } from './catalogue.js';
import { isScreenKey } from './keys.js';
import { keyHandler } from './shortcuts.js';

export const id = 'watch';

export const helpTopic = 'home';

/// Never the screen Pastimes opens with: it needs a game to show.
export const transient = true;

const SPEEDS = [1, 2, 4];

/// The best line has no clock: a move every so often at 1x.
const FIXED_PACE_MS = 800;

/// Between two moves the clock (Minesweeper's) is redrawn this often.
const TICK_MS = 100;

/// "Won · 12.3 s · 1 Dec 2026, 14:05 · Ann", or the best line's score.
function aboutText(header) {
  if (header.line === 'bestLine') return t('watch.bestLineAbout', { score: formatNumber(header.score ?? 0), moves: formatNumber(header.moves) });
  const measure = measureOf(header.game) === 'score'
    ? t('history.points', { score: formatNumber(header.score ?? 0) })
    : t('stats.seconds', { seconds: formatTime(header.game, header.timesMs?.at(-1) ?? 0) });
  return joined([resultWords(header.game, header.result, header.summary), measure, header.finishedAt ? formatDate(header.finishedAt) : null, header.player]);
}

/// The about line, with a finished game's figures in a few words (Minesweeper's 3BV and 3BV/s)
/// once its last frame (the one that carries them) is shown.
function aboutWithSummary(header, frame) {
  return joined([aboutText(header), descriptors[header.game]?.shortSummary?.(frame.summary)]);
}

function positionText(index, total) {
  return index === 0 ? t('watch.dealt', { total: formatNumber(total) }) : t('watch.position', { index: formatNumber(index), total: formatNumber(total) });
}

/// Space was taken on its way down: its release must not also press the focused button.
function spaceUp(event) {
  if (event.key === ' ' && isScreenKey(event)) event.preventDefault();
}

/// One showing of the view (app.js calls it each time the view is shown): what it shows is kept
/// in it, null once it is left.
export function create() {
  let state = null;

  /// The view's keys (but on the slider, whose own keys move it, and so the board).
  const keys = keyHandler(keyTable, (event) => Boolean(state) && isScreenKey(event));

  return { id, helpTopic, transient, mount, unmount, place, shortcuts };

  /// `options`: `gameId`, `bestLine` (watch the analysis's line instead of the player's), `back`
  /// ({ screen, options }: where Back goes), `at` and `speed` (where to start, and how fast).
  async function mount(root, app, options = {}) {
    const back = options.back ?? { screen: 'hall', options: { tab: 'history' } };
    const goBack = () => app.show(back.screen, back.options);
    if (options.gameId == null && !options.imported) {
      await goBack();
      return;
    }
    let header;
    try {
      header = options.imported
        ? await call('watch_import')
        : await call(options.bestLine ? 'watch_best_line' : 'watch_open', { id: options.gameId });
    } catch (error) {
      app.showError(error);
      root.append(el('p', { class: 'error', id: 'watch-error', role: 'alert', text: error.code ? errorText(error) : String(error) }),
        el('button', { id: 'watch-back', onclick: goBack, text: t('watch.back') }));
      return;
    }
    const board = await descriptors[header.game].watchBoard(app);
    const token = {};
    state = { token, app, header, board, shown: null, index: 0, playing: false, speed: 1, timer: null, ticker: null, asked: 0 };
    const ui = build(root, header, board, goBack);
    state.ui = ui;
    root.classList.add(`screen-${header.game}`);
    root.dataset.game = header.game;
    root.dataset.line = header.line;
    document.addEventListener('keydown', keys);
    document.addEventListener('keyup', spaceUp);
    state.resize = followSize(board.area, fitBoard);
    if (options.speed) setSpeed(options.speed);
    await showFrame(Math.max(0, Math.min(header.moves, options.at ?? 0)), { announceMove: false });
    if (state?.token !== token) return;
    fitBoard();
    const wanted = board.size(state.shown.view);
    // Wide enough for the board and for the bar over it in one row (a long title in Czech).
    fitWindow(Math.max(760, wanted.width, oneRowWidth(ui.toolbar)), wanted.height + 190).catch(() => {});
    ui.play.focus();
  }

  /// Where the player is, to show again when the view is drawn anew (a new language).
  function place() {
    return state ? { at: state.index, speed: state.speed } : {};
  }

  function unmount() {
    if (!state) return;
    stop();
    document.removeEventListener('keydown', keys);
    document.removeEventListener('keyup', spaceUp);
    state.resize?.disconnect();
    state.board.unmounted?.();
    const { dataset } = document.getElementById('screen');
    for (const key of ['game', 'line', 'index', 'atEnd', 'playing']) delete dataset[key];
    state = null;
  }

  function build(root, header, board, goBack) {
    const button = (name, text, onclick, more = {}) => el('button', { id: `watch-${name}`, type: 'button', onclick, text, ...more });
    const ui = {
      back: button('back', t('watch.back'), goBack),
      start: button('start', '|◀', () => go(0), { 'aria-label': t('watch.start'), title: `${t('watch.start')} (Home)`, 'aria-keyshortcuts': 'Home' }),
      previous: button('previous', '◀', () => step(-1), { 'aria-label': t('watch.stepBack'), title: `${t('watch.stepBack')} (←)`, 'aria-keyshortcuts': 'ArrowLeft' }),
      play: button('play', t('watch.play'), togglePlay, { class: 'primary', title: `${t('watch.play')} (Space)`, 'aria-keyshortcuts': 'Space' }),
      next: button('next', '▶', () => step(1), { 'aria-label': t('watch.stepForward'), title: `${t('watch.stepForward')} (→)`, 'aria-keyshortcuts': 'ArrowRight' }),
      end: button('end', '▶|', () => go(header.moves), { 'aria-label': t('watch.end'), title: `${t('watch.end')} (End)`, 'aria-keyshortcuts': 'End' }),
      speeds: SPEEDS.map((speed) => button(`speed-${speed}`, t('watch.speedTimes', { speed }), () => setSpeed(speed), {
        class: 'watch-speed', 'aria-pressed': String(speed === 1), 'aria-keyshortcuts': String(speed),
      })),
      slider: el('input', {
        type: 'range', id: 'watch-slider', min: 0, max: header.moves, step: 1, value: 0, 'aria-label': t('watch.slider'),
      }),
      position: el('span', { id: 'watch-position', class: 'watch-position' }),
    };
    ui.slider.addEventListener('input', () => {
      stop();
      go(Number(ui.slider.value), { announceMove: false });
    });
    const title = header.line === 'bestLine'
      ? t('watch.bestLineTitle', { game: gameName(header.game), category: categoryLabel(header.game, header.category) })
      : t('watch.title', { game: gameName(header.game), category: categoryLabel(header.game, header.category) });
    // What the game's board offers beyond watching (Gomoku: the study board from the frame
    // shown); its way back comes to the same frame.
    const watchOptions = state.app.currentOptions;
    const actions = (board.actions ?? []).map((action) => button(action.id, action.label, () => action.run(state.shown, { ...watchOptions, ...place() })));
    const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('watch.controls') },
      ui.back, el('h1', { class: 'toolbar-title', id: 'watch-title', text: title }), el('span', { class: 'spacer' }),
      ...actions,
      el('div', { class: 'group', role: 'group', 'aria-label': t('watch.speed') }, ui.speeds));
    const about = el('p', { class: 'watch-about', id: 'watch-about', text: aboutText(header) });
    const transport = el('div', { class: 'watch-transport', role: 'group', 'aria-label': t('watch.controls') },
      ui.start, ui.previous, ui.play, ui.next, ui.end, ui.slider, ui.position);
    const help = el('p', { class: 'hint watch-keys', id: 'watch-keys', text: t('watch.keys') });
    root.append(toolbar, about, ...board.nodes, transport, help);
    ui.toolbar = toolbar;
    return ui;
  }

  /// Asks for frame `index` and shows it, unless a later request came first.
  async function showFrame(index, { announceMove = true } = {}) {
    const current = state;
    if (!current) return false;
    const ticket = ++current.asked;
    // Where the board is going: a second step before the first answer goes on from there.
    current.wanted = index;
    let frame;
    try {
      frame = await call('watch_frame', { index });
    } catch (error) {
      current.app.showError(error);
      return false;
    }
    if (state !== current || ticket !== current.asked) return false;
    const animate = current.shown != null && frame.index === current.shown.index + 1;
    current.shown = frame;
    current.index = frame.index;
    current.board.draw(frame, { animate });
    drawControls(frame);
    if (announceMove && frame.index > 0) {
      announce(t('watch.announce', { index: formatNumber(frame.index), total: formatNumber(current.header.moves), move: current.board.describe(frame) }));
    }
    return true;
  }

  function drawControls(frame) {
    const { ui, header } = state;
    ui.slider.value = String(frame.index);
    ui.slider.setAttribute('aria-valuetext', positionText(frame.index, header.moves));
    setText(ui.position, positionText(frame.index, header.moves));
    ui.start.disabled = frame.index === 0;
    ui.previous.disabled = frame.index === 0;
    ui.next.disabled = frame.index === header.moves;
    ui.end.disabled = frame.index === header.moves;
    const root = document.getElementById('screen');
    root.dataset.index = String(frame.index);
    root.dataset.atEnd = String(frame.index === header.moves);
    const about = document.getElementById('watch-about');
    if (about) setText(about, aboutWithSummary(header, frame));
  }

  function go(index, options) {
    if (!state) return;
    stop();
    showFrame(Math.max(0, Math.min(state.header.moves, index)), options);
  }

  function step(by) {
    if (!state) return;
    go((state.wanted ?? state.index) + by);
  }

  function togglePlay() {
    if (!state) return;
    if (state.playing) {
      stop();
      return;
    }
    // At the end, playing starts again from the dealt board.
    if (state.index >= state.header.moves) {
      showFrame(0, { announceMove: false }).then((shown) => { if (shown) play(); });
      return;
    }
    play();
  }

  function play() {
    state.playing = true;
    drawPlayButton();
    scheduleNext();
  }

  function stop() {
    if (!state) return;
    clearTimeout(state.timer);
    clearInterval(state.ticker);
    state.timer = null;
    state.ticker = null;
    if (state.playing) {
      state.playing = false;
      drawPlayButton();
    }
  }

  function drawPlayButton() {
    const { ui, playing } = state;
    setText(ui.play, playing ? t('watch.pause') : t('watch.play'));
    ui.play.title = `${playing ? t('watch.pause') : t('watch.play')} (Space)`;
    document.getElementById('screen').dataset.playing = String(playing);
  }

  /// The wait before the next move: the recorded time between the two moves (or the fixed
  /// pace), shortened by the speed; the clock runs meanwhile.
  function scheduleNext() {
    const current = state;
    if (!current?.playing) return;
    const next = current.index + 1;
    if (next > current.header.moves) {
      stop();
      return;
    }
    const times = current.header.timesMs;
    const from = current.index === 0 ? 0 : times?.[current.index - 1] ?? 0;
    const gap = times ? Math.max(0, times[next - 1] - from) : FIXED_PACE_MS;
    const started = performance.now();
    if (times && current.board.tick) {
      current.ticker = setInterval(() => {
        const ran = (performance.now() - started) * current.speed;
        current.board.tick(from + Math.min(gap, ran));
      }, TICK_MS);
    }
    current.timer = setTimeout(async () => {
      clearInterval(current.ticker);
      if (state !== current || !current.playing) return;
      const shown = await showFrame(next);
      if (shown) scheduleNext();
    }, gap / current.speed);
  }

  function setSpeed(speed) {
    if (!state) return;
    state.speed = speed;
    state.ui.speeds.forEach((button, index) => button.setAttribute('aria-pressed', String(SPEEDS[index] === speed)));
    // The wait under way starts again at the new speed.
    if (state.playing) {
      clearTimeout(state.timer);
      clearInterval(state.ticker);
      scheduleNext();
    }
  }

  function fitBoard() {
    if (!state) return;
    fitTo(state.board.board, state.board.area, 24);
  }

  /// The view's key table (./shortcuts.js): Space plays or pauses, Left and Right step, Home
  /// and End go to either end, 1, 2 and 4 set the speed.
  function keyTable() {
    return [
      { keys: ['Space'], label: 'keys.watch.play', run: togglePlay },
      { keys: ['ArrowLeft'], label: 'watch.stepBack', run: () => step(-1) },
      { keys: ['ArrowRight'], label: 'watch.stepForward', run: () => step(1) },
      { keys: ['Home'], label: 'watch.start', run: () => go(0) },
      { keys: ['End'], label: 'watch.end', run: () => go(state.header.moves) },
      ...SPEEDS.map((speed) => ({ keys: [String(speed)], label: 'watch.speedTimes', params: { speed }, run: () => setSpeed(speed) })),
    ];
  }

  /// The view's keys by section, for the shortcuts window: its own, then its board's (the
  /// cursor's, while the board has the focus).
  function shortcuts() {
    if (!state) return [];
    return [{ title: 'shortcuts.watch', entries: keyTable() }, { title: 'shortcuts.board', entries: state.board.board?.keyTable?.() ?? [] }];
  }
}
