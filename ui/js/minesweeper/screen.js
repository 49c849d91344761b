// The Minesweeper screen: level bar, the classic counter-face-timer panel, and the field. The
// shared game screen (../game-screen.js) runs it; this module draws it.

import { el, announce, setText } from '../dom.js';
import { t, errorText, formatNumber, joined } from '../i18n.js';
import { call, games, fitWindow } from '../ipc.js';
import { openDialog } from '../dialog.js';
import { gameScreen, setIfChanged, statsRows } from '../game-screen.js';
import { statRows } from '../statistics.js';
import { MineField, classicWindow, clockFigure, counterPanel, mineDigits, moodOf } from './board.js';
import { play as playSound } from '../sound.js';
import { showBestTimes } from './best-times.js';
import { categoryLabel, formatTime } from '../catalogue.js';
import { figureRows, styleOf } from './figures.js';
import { followSize } from '../board-kit.js';
import { reasonText } from './reasons.js';

/// The narrowest window (Beginner's field), unless the toolbar needs more.
const MIN_WIDTH = 360;

// The custom dialog's limits; the backend checks them again and has the last word.
const CUSTOM = { min: 9, max: 100, minMines: 10 };

/// A won game's competitive figures: 3BV, 3BV/s, IOE and correctness.
function summaryText(summary) {
  if (!summary) return '';
  const decimals = (value) => (value == null ? '—' : formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return t('ms.status.summary', {
    bbbv: formatNumber(summary.bbbv),
    rate: decimals(summary.bbbvPerSecond),
    ioe: decimals(summary.ioe),
    correctness: summary.correctness == null ? '—' : formatNumber(Math.round(summary.correctness * 100)),
  });
}

/// The live counters (an option), as Viennasweeper shows them while playing: the time to the
/// hundredth at `ms` (the clock run on from the backend's time), then the backend's figures so
/// far. Its 3BV/s is the backend's at the snapshot's time, and between snapshots the backend's
/// solved 3BV over the same running clock (the solved 3BV changes only with a move, which
/// brings a new snapshot; a first click's snapshot has no time yet to divide by).
function countersText(snap, ms) {
  const { counters } = snap;
  const figure = (value, digits) => formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const carried = ms > 0 ? (counters.solvedBbbv * 1000) / ms : 0;
  const rate = ms === snap.elapsedMs ? counters.bbbvPerSecond ?? 0 : carried;
  return joined([
    t('stats.seconds', { seconds: formatTime('minesweeper', ms) }),
    t('ms.counters.rate', { rate: figure(rate, 2) }),
    t('ms.counters.clicks', { left: formatNumber(counters.left), right: formatNumber(counters.right), chords: formatNumber(counters.chords) }),
    t('ms.counters.efficiency', { percent: counters.efficiency == null ? '—' : formatNumber(Math.round(counters.efficiency * 100)) }),
  ]);
}

function hintText(hint, view) {
  if (hint.kind === 'guess') {
    // A forced 50/50 says so: no logic helps, and playing elsewhere first will not avoid it.
    if (hint.coinToss) return t('ms.hint.coinToss');
    const percent = formatNumber(Math.round((hint.mineProbability ?? 0) * 100));
    return t(hint.exact === false ? 'ms.hint.guessEstimated' : 'ms.hint.guess', { percent });
  }
  const reason = reasonText(hint.because, hint.kind === 'mine', view);
  return t(hint.kind === 'mine' ? 'ms.hint.mine' : 'ms.hint.safe', { reason });
}

/// Whether the backend found no board without guessing: refused when the game was made (a
/// custom size the quick trial rejects, `noGuessImpossible`) or at the first click.
function noGuessFailed(error) {
  const reason = error?.params?.reason ?? '';
  return error?.code === 'illegal_move' && (reason === 'noGuessImpossible' || /without guessing/.test(reason));
}

/// What is kept of a game's parameters as the player's choice: the level, and no-guess.
function kept({ level, width, height, mines, noGuess }) {
  return { level, ...(level === 'custom' ? { width, height, mines } : {}), noGuess: Boolean(noGuess) };
}

export const {
  id, helpTopic, mount, unmount, newGame, refit, choose, move, shortcuts, restart, copyDealCode, newGameParams,
} = gameScreen({
  name: 'minesweeper',
  prefix: 'ms',
  coverClass: 'ms-paused',
  pauseInToolbar: true,
  // Original 001's levels, in the compact control (`#level-expert`) and the Game menu, keys 1 to 3.
  choices: { item: 'level', label: 'ms.levels' },
  create,
});

/// The screen as shown once (../game-screen.js calls it at each mount): its nodes, its state and
/// its parts.
function create(screen) {
  let ui;
  let received = 0;
  let ticker = null;
  /// The live counters' own ticker: the hundredths run faster than the clock's seconds.
  let countersTicker = null;
  let drawnShape = '';
  /// The clock's figure shown last (a new second ticks).
  let shownSeconds = 0;
  /// The hint shown on the board, while the board is the one it was asked for ({x, y, revision}).
  let shownHint = null;
  /// The status line's height as last fitted to, and the observer that hears of its changes.
  let statusHeight = 0;
  let statusSize = null;

  return {
    build, drawBoard, drawPanel, onEffects, showHint, showOdds, playError, params, kept,
    newGame: () => start(),
    choose: (level) => (level === 'custom' ? customDialog() : start({ level })),
    started: fitToLevel,
    fitWindow: fitToLevel,
    statistics,
    options,
    mounted: () => {
      drawnShape = '';
      ticker = setInterval(drawClock, 200);
      countersTicker = setInterval(drawCounters, 50);
      statusHeight = 0;
      statusSize = followSize(ui.status, fitWhenStatusResizes);
    },
    unmounted: () => {
      clearInterval(ticker);
      clearInterval(countersTicker);
      statusSize?.disconnect();
    },
  };

  /// The field is fitted again when the status line takes another height (the odds' note or a
  /// loss wraps it to two lines), so the stage between the bars never needs a scroll bar. The
  /// observer hears only of sizes: a new text of the same height costs no fit.
  function fitWhenStatusResizes() {
    const height = ui.status.clientHeight;
    if (height === statusHeight) return;
    const first = statusHeight === 0;
    statusHeight = height;
    if (!first) screen.fitBoard();
  }

  function build() {
    const { controls } = screen;
    // The analysis board, with this game's position once a cell is open.
    const toolbar = screen.toolbar(el('button', { id: 'ms-analyse', type: 'button', onclick: analyse, title: t('msa.openTitle'), text: t('msa.open') }));

    const panel = counterPanel({ onNewGame: () => start() });
    const { mines, clock, smiley } = panel;

    const field = new MineField({ onIntent: screen.play, onPress: (held) => smiley.setMood(held ? 'surprised' : moodOf(screen.snapshot?.status)) });
    const { stage, board, size } = classicWindow(field, panel, controls.cover);
    const statusText = controls.status;
    const retry = el('button', { id: 'ms-retry', hidden: true, onclick: replay, text: t('ms.tryAgain') });
    const hallButton = screen.hallButton('ms-hall');
    // The review of the game just finished, click by click.
    const review = el('button', { id: 'ms-review', hidden: true, onclick: openReview, text: t('msr.open') });
    // What the shading means while the odds are shown, and whether they are estimates.
    const oddsNote = el('span', { class: 'odds-note', id: 'ms-odds-note', hidden: true });
    // The live counters, while a game is played with the option on.
    const counters = el('span', { class: 'ms-counters', id: 'ms-counters', hidden: true, title: t('ms.counters.title') });
    const status = el('div', { class: 'statusline' }, statusText, ' ', counters, oddsNote, retry, review, hallButton);
    ui = { toolbar, size, oddsNote, mines, clock, smiley, field, stage, statusText, counters, retry, review, hallButton, status };
    // The field is fitted when the window's size, the field's shape or the status line's height
    // changes, not at every new status: a fit lays out every cell.
    return { nodes: [toolbar, stage, status], board, concealed: field.node, fit: { area: stage, margin: 24, follow: 'window' } };
  }

  /// A move's sound, and the end told to screen readers (the record dialog is the screen's),
  /// from what the backend says the move did: the mine it set off, the win, the cells it opened.
  function onEffects(effects, next, { cause }) {
    if (cause !== 'play' || !effects) return null;
    const sound = screen.app.settings.sound;
    if (effects.exploded) {
      playSound(sound, 'explosion');
      announce(t('ms.announce.lost', { seconds: formatTime('minesweeper', next.elapsedMs) }));
    } else if (effects.won) {
      playSound(sound, 'win');
      announce(t('ms.announce.won', { seconds: formatTime('minesweeper', next.elapsedMs) }));
    } else if (effects.opened?.length) {
      playSound(sound, 'click');
    }
    return null;
  }

  /// The field, at once; sizing it forces a layout of every cell, so only when its shape changed.
  function drawBoard(next) {
    received = performance.now();
    const view = next.view;
    if (shownHint && shownHint.revision !== next.revision) {
      shownHint = null;
      ui.field.clearHint();
    }
    if (view) ui.field.render(view);
    drawClock();
    const shape = view ? `${view.width}x${view.height}` : '';
    if (shape && shape !== drawnShape) {
      drawnShape = shape;
      screen.fitBoard();
    }
  }

  /// The counter, the face and the status line. Each write happens only on a
  /// change: on a 100x100 field a needless attribute write near the field restyles every cell.
  function openReview() {
    const id = screen.snapshot?.record?.id;
    if (id) screen.app.show('minesweeper-review', { id, back: 'game' });
  }

  function drawPanel(next) {
    const view = next.view;
    if (view) ui.mines.set(view.minesLeft, mineDigits(view));
    ui.smiley.setMood(moodOf(next.status));
    drawStatusLine(next);
  }

  function drawStatusLine(next) {
    setIfChanged(ui.retry, 'hidden', !next.canReplay);
    setIfChanged(ui.hallButton, 'hidden', !next.record?.rank);
    setIfChanged(ui.review, 'hidden', !(next.status !== 'playing' && next.record?.id));
    setText(ui.statusText, statusText(next));
    drawCounters();
  }

  /// Whether the live counters show: the option on, a game under way and not paused.
  function countersShown(snap) {
    return Boolean(screen.app.settings.liveCounters && snap?.counters && snap.status === 'playing' && !snap.paused);
  }

  /// The live counters at the clock's time now, when they show.
  function drawCounters() {
    const snapshot = screen?.snapshot;
    const shown = countersShown(snapshot);
    setIfChanged(ui.counters, 'hidden', !shown);
    if (!shown) return;
    const running = snapshot.clockRunning;
    const ms = snapshot.elapsedMs + (running ? performance.now() - received : 0);
    setText(ui.counters, countersText(snapshot, ms));
  }

  function statusText(snap) {
    const level = snap.category ? categoryLabel('minesweeper', snap.category) : '';
    if (snap.paused) return t('game.paused');
    const note = screen.noteFor(snap);
    if (note) return note;
    if (snap.status === 'won') return [t('ms.status.won', { seconds: formatTime('minesweeper', snap.elapsedMs), level }), summaryText(snap.summary)].filter(Boolean).join(' ');
    if (snap.status === 'lost') return t('ms.status.lost');
    return joined([level, snap.isReplay ? t('ms.replay') : null]);
  }

  /// The hint on the board (the cell marked safe, mine or guess), and why in the status line.
  function showHint(hint, next) {
    const text = hintText(hint, next.view);
    shownHint = { x: hint.x, y: hint.y, revision: next.revision };
    ui.field.showHint(hint.x, hint.y, hint.kind);
    ui.field.moveCursor(hint.x, hint.y, ui.field.node.contains(document.activeElement));
    screen.note(text);
    announce(`${t('ms.cell.where', { row: hint.y + 1, column: hint.x + 1 })}: ${text}`);
  }

  /// The odds on the board (`null`: none), and what they mean in the status line.
  function showOdds(odds) {
    ui.field.showOdds(odds?.mine ?? null, odds?.exact !== false);
    setIfChanged(ui.oddsNote, 'hidden', !odds);
    if (odds) setText(ui.oddsNote, t(odds.exact === false ? 'ms.odds.noteEstimated' : 'ms.odds.note'));
  }

  /// A no-guess board that could not be found says so plainly; other refusals are the app's.
  function showFailure(error) {
    if (!noGuessFailed(error)) {
      screen.showError(error);
      return;
    }
    const text = t('ms.noGuessFailed');
    setText(ui.statusText, text);
    announce(text);
    openDialog({ id: 'no-guess-dialog', title: t('ms.noGuessFailedTitle'), body: el('p', { text }) }).catch(() => {});
  }

  /// A click every classic Minesweeper silently ignores (a left click on a flag, a right click
  /// on an open number, both buttons on a closed cell, any click once the game is over) is still
  /// refused by the backend, but the page does not tell the player off for it.
  function playError(error) {
    const harmless = error?.code === 'game_over' || (error?.code === 'illegal_move' && !noGuessFailed(error));
    if (!harmless) showFailure(error);
  }

  /// The clock, from the backend's time and the time since it was sent; while it runs, each new
  /// second ticks, as original 001's clock did, when sound is on.
  function drawClock() {
    const snapshot = screen?.snapshot;
    if (!snapshot) return;
    const running = snapshot.clockRunning && !snapshot.paused;
    const ms = snapshot.elapsedMs + (running ? performance.now() - received : 0);
    const figure = clockFigure(ms, running || snapshot.elapsedMs > 0);
    if (running && figure > shownSeconds && shownSeconds > 0) playSound(screen.app.settings.sound, 'tick');
    shownSeconds = figure;
    ui.clock.set(figure);
  }

  /// The parameters of a game of `level` (default: the last one played) with the player's options.
  function params(level) {
    const { settings } = screen.app;
    const saved = screen.savedParams;
    return {
      ...(level ?? saved ?? { level: 'beginner' }),
      noGuess: Boolean(saved?.noGuess),
      firstClick: settings.firstClick,
      questionMarks: settings.questionMarks,
    };
  }

  /// Starts a game of the given level (default: the current one), after the moves already sent.
  /// Fails with the backend's refusal (the custom dialog shows it).
  function startLevel(level) {
    return screen.start(params(level));
  }

  function start(level) {
    return startLevel(level).catch(showFailure);
  }

  /// A game on the mines of a board file, `.mbf` or `.abf` (the native open dialog): marked
  /// imported, never ranked.
  function openBoard() {
    const open = () => call('import_game', { game: 'minesweeper', format: 'mbf' }).then((imported) => imported?.game ?? null);
    return screen.request(open, { newBoard: true, any: true })
      .then((next) => { if (next) ui.field.focus(); }, (error) => screen.showError(error));
  }

  /// "Analyse": the analysis board with what the player sees of this game (its mines too once it
  /// is over). Looking at a game still going makes it assisted (the backend marks it): the shared
  /// warning asks first. Before the first click there is nothing to bring: the board opens as it
  /// was left.
  async function analyse() {
    if (document.querySelector('dialog[open]')) return;
    const snap = screen.snapshot;
    const begun = Boolean(snap?.view && /[0-8]/.test(snap.view.cells));
    if (begun && snap.status === 'playing' && !(await screen.confirmAssistance())) return;
    screen.app.show('minesweeper-analysis-board', { from: { screen: 'minesweeper' }, load: begun ? 'game' : null });
  }

  function replay() {
    screen.request(() => games.replay('minesweeper'), { newBoard: true }).then(() => ui.field.focus(), screen.showError);
  }

  /// Asks the window to fit the level: about 30 px a cell, the rest of the screen around it. The
  /// status line is measured as it will show this game (after a loss it has two lines), so it is
  /// drawn now, not a frame later: at the start of a game, which redraws the field anyway.
  function fitToLevel() {
    const snapshot = screen.snapshot;
    const view = snapshot?.view;
    if (!view) return;
    drawStatusLine(snapshot);
    // The classic window at 30 px a cell, in the stage's padding, between the bars.
    const classic = ui.size(view.width, view.height, 30);
    const chrome = ui.toolbar.offsetHeight + ui.status.offsetHeight + 24 + 8;
    fitWindow(Math.max(MIN_WIDTH, screen.toolbarWidth(snapshot), classic.width + 24), Math.ceil(classic.height) + chrome).catch(() => {});
  }

  async function customDialog() {
    const current = screen.snapshot?.view ?? { width: 16, height: 16, mines: 40 };
    const input = (name, value, min, max) => el('input', { type: 'number', name, id: `custom-${name}`, value, min, max, required: true, step: 1 });
    const error = el('p', { class: 'error', id: 'custom-error', role: 'alert' });
    const mineHint = el('span', { class: 'hint', id: 'custom-mines-hint' });
    const fields = {
      width: input('width', current.width, CUSTOM.min, CUSTOM.max),
      height: input('height', current.height, CUSTOM.min, CUSTOM.max),
      mines: input('mines', current.mines, CUSTOM.minMines, (current.width - 1) * (current.height - 1)),
    };
    // The mines' range for the sides as the backend can take them (a width of 400 is told apart).
    const side = (input) => Math.min(Math.max(Number(input.value), CUSTOM.min), CUSTOM.max);
    const updateHint = () => {
      const most = (side(fields.width) - 1) * (side(fields.height) - 1);
      const max = Number.isFinite(most) && most > 0 ? formatNumber(most) : '?';
      mineHint.textContent = t('ms.custom.minesRange', { min: formatNumber(CUSTOM.minMines), max });
      fields.mines.max = most;
    };
    fields.width.addEventListener('input', updateHint);
    fields.height.addEventListener('input', updateHint);
    updateHint();
    let started = false;
    await openDialog({
      id: 'custom-dialog',
      title: t('ms.custom.title'),
      body: [
        el('label', {}, t('ms.custom.width'), fields.width),
        el('span', { class: 'hint', text: t('ms.custom.sideRange', { min: CUSTOM.min, max: CUSTOM.max }) }),
        el('label', {}, t('ms.custom.height'), fields.height),
        el('label', {}, t('ms.custom.mines'), fields.mines), mineHint, error,
      ],
      buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'start', label: t('ms.custom.start'), primary: true }],
      // The backend checks the numbers; the dialog stays open with its message until they are right.
      validate: (value, form) => {
        if (started) return null;
        const level = { level: 'custom', width: Number(fields.width.value), height: Number(fields.height.value), mines: Number(fields.mines.value) };
        startLevel(level).then(() => {
          started = true;
          form.closest('dialog').close('start');
        }).catch((problem) => {
          if (noGuessFailed(problem)) error.textContent = t('ms.noGuessFailed');
          else error.textContent = problem.code ? errorText(problem) : String(problem);
        });
        return 'pending';
      },
    });
  }

  function options() {
    const { settings } = screen.app;
    const firstClick = el('select', { name: 'firstClick', id: 'option-firstClick' },
      el('option', { value: 'opensArea', text: t('ms.options.opensArea'), selected: settings.firstClick === 'opensArea' ? true : undefined }),
      el('option', { value: 'safe', text: t('ms.options.safe'), selected: settings.firstClick === 'safe' ? true : undefined }));
    const noGuess = el('input', { type: 'checkbox', name: 'noGuess', id: 'option-noGuess', checked: screen.savedParams?.noGuess ? true : undefined });
    const open = el('button', {
      type: 'button', id: 'ms-open-board', title: t('ms.openBoardHint'), text: t('ms.openBoard'),
      onclick: (event) => {
        event.target.closest('dialog').close('cancel');
        openBoard();
      },
    });
    return {
      title: t('ms.options.title'),
      body: [
        el('label', {}, t('ms.options.noGuess'), noGuess),
        el('p', { class: 'hint', text: t('ms.options.noGuessHint') }),
        el('label', {}, t('ms.options.firstClick'), firstClick),
        screen.optionBox('questionMarks', t('ms.options.questionMarks')),
        screen.optionBox('sound', t('ms.options.sound')),
        screen.optionBox('monochrome', t('ms.options.monochrome')),
        screen.optionBox('liveCounters', t('ms.options.liveCounters')),
        el('p', { class: 'hint', text: t('ms.options.nextGame') }),
        open,
      ],
      async save() {
        const { app } = screen;
        await app.saveSetting('firstClick', firstClick.value);
        const current = screen.savedParams ?? { level: 'beginner' };
        if (Boolean(current.noGuess) !== noGuess.checked) await app.saveSetting('minesweeperParams', { ...current, noGuess: noGuess.checked });
        if (screen.snapshot) drawStatusLine(screen.snapshot);
      },
    };
  }

  async function statistics() {
    const snapshot = screen.snapshot;
    const category = snapshot?.category ?? 'beginner';
    const stats = await screen.statistics(category);
    const rows = statRows(stats, [
      ['played', 'stats.played'],
      ['won', 'stats.won'],
      ['winRate', 'stats.winRate'],
      ['bestTime', 'stats.bestTime'],
      ['bestRate', 'ms.stats.bestRate'],
      ['currentStreak', 'stats.currentStreak'],
      ['longestStreak', 'stats.longestStreak'],
    ], 'minesweeper');
    // After a win, that game's figures as the rankings compare them.
    // The heading says how it was played (NF or flagging), which a row more would not fit.
    const won = snapshot?.status === 'won' ? figureRows(snapshot.summary) : [];
    const heading = joined([t('ms.figures.title'), styleOf(snapshot?.summary)]);
    const thisGame = won.length
      ? [el('h3', { class: 'stats-heading', id: 'ms-figures-heading', text: heading }), el('table', { class: 'stats', id: 'ms-figures' }, statsRows(won))]
      : [];
    return {
      title: t('stats.title', { category: categoryLabel('minesweeper', category) }),
      body: [el('table', { class: 'stats' }, statsRows(rows)), ...thisGame],
      buttons: [{ value: 'best', label: t('record.bestTimes') }, { value: 'ok', label: t('dialog.close'), primary: true }],
      closed: async (value) => { if (value === 'best') await showBestTimes(screen.app); },
    };
  }
}
