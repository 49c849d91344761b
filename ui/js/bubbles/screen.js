// The Bubble Breaker screen (the original VB.NET game, docs/ORIGINS.md): style bar, score panel with undo and redo, the field, and
// the game-over cover. The score is also in the window title, as the original keeps it. The shared
// game screen (../game-screen.js) runs it; this module draws it.

import { el, announce, oneRowWidth, setText } from '../dom.js';
import { t, formatNumber, joined } from '../i18n.js';
import { call, fitWindow, setTitle } from '../ipc.js';
import { categoryLabel } from '../catalogue.js';
import { gameScreen, setIfChanged, statsRows } from '../game-screen.js';
import { statRows } from '../statistics.js';
import { BubbleField, scoreBox } from './field.js';
import { tallyItems } from './colours.js';

export const STYLES = ['standard', 'continuous', 'shifter', 'megashift'];
/// The narrowest window (a language's longer labels ask for more: `fitToField`).
const MIN_WIDTH = 480;

const DEFAULT_STYLE = 'megashift';
/// The fields the options offer: the original's, the KDE and GNOME games' 15x10 in three to five
/// colours, and 15x15 (the search literature's). Any other size is a custom one, within the
/// limits below (the backend checks them again and has the last word).
const PRESETS = [[11, 11, 5], [15, 10, 3], [15, 10, 4], [15, 10, 5], [15, 15, 5]];
const LIMITS = { minWidth: 5, maxWidth: 30, minHeight: 5, maxHeight: 20, minColours: 2, maxColours: 6 };
const SEED_FIELD = { width: 11, height: 11, colours: 5, scoring: 'original' };
/// The scorings: the original's n(n-1), and SameGame's classic (n-2)² with 1000 for a clear field.
const SCORINGS = ['original', 'classic'];

/// A pop: its animation, as the backend tells it (the balls that burst, where the others fell
/// and shifted from, the new ones), and words for screen readers.
function onEffects(effects, next, { cause }) {
  if (cause !== 'play') return null;
  tell(effects, next);
  return effects?.popped?.length ? effects : null;
}

/// What a move did, as the backend's effects tell it (the points a pop earned, the group a
/// click selected), told to screen readers.
function tell(effects, next) {
  if (!next.view || !effects) return;
  if (effects.popped?.length) {
    if (next.ended) announce(t('bb.announce.over', { score: formatNumber(next.score) }));
    else announce(t('bb.announce.popped', { points: formatNumber(effects.points), score: formatNumber(next.score) }));
  } else if (effects.selected) {
    announce(t('bb.announce.selected', { count: effects.selected.count, points: formatNumber(effects.selected.points) }));
  }
}

/// "The best found for this deal: 2,960", once the backend's search of the deal is done.
function bestFound(next) {
  const best = next.analysis?.bestScore;
  if (best !== undefined) return t('bb.gameOver.best', { best: formatNumber(best) });
  return next.analysing ? t('bb.gameOver.searching') : '';
}

export const {
  id, helpTopic, mount, unmount, newGame, refit, choose, move, shortcuts, restart, copyDealCode, newGameParams,
} = gameScreen({
  name: 'bubbles',
  prefix: 'bb',
  coverClass: 'bb-cover bb-paused',
  pauseInToolbar: false,
  // The styles, in the compact control (`#style-megashift`) and the Game menu.
  choices: { item: 'style', label: 'bb.styles', hint: (style) => t(`bb.style.${style}.hint`) },
  // A move of Bubble Breaker is a pop: its undo and redo say so.
  undoTitle: 'bb.undoKey',
  redoTitle: 'bb.redoKey',
  create,
});

/// The screen as shown once (../game-screen.js calls it at each mount): its nodes, its state and
/// its parts.
function create(screen) {
  let ui;
  /// The field's size last drawn (`11x11`).
  let drawnShape = '';

  return {
    build, drawBoard, drawPanel, onEffects, showHint, params,
    kept: ({ style, width, height, colours, scoring }) => ({ style, width, height, colours, scoring }),
    newGame: () => start(),
    choose: start,
    fitWindow: fitToField,
    focus: (snap) => (snap.status === 'finished' ? ui.overNew : ui.field),
    finished: () => { if (ui.over.isConnected && !ui.over.hidden) ui.overNew.focus(); },
    keyTable: () => [{ keys: ['Ctrl+O'], label: 'bb.openPosition', run: openPosition }],
    statistics,
    options,
    unmounted: () => ui?.field.stopAnimation(),
  };

  function build() {
    const { controls } = screen;
    const toolbar = screen.toolbar();

    const score = scoreBox();
    const scoreValue = score.value;
    const panel = el('div', { class: 'bb-panel' },
      el('div', { class: 'group' }, controls.undo, controls.redo),
      score.node,
      el('div', { class: 'group' },
        el('button', { id: 'bb-new', onclick: () => start(), text: t('game.new') }),
        controls.pause));

    const field = new BubbleField({ onIntent: screen.play, oneClick: () => Boolean(screen.app.settings.oneClickPop) });
    const overScore = el('p', { class: 'bb-over-score', id: 'bb-over-score' });
    const overRecord = el('p', { class: 'bb-over-record', id: 'bb-over-record', hidden: true });
    // What a solver finds for the same deal, a moment after the end (the backend's analysis).
    const overBest = el('p', { class: 'bb-over-best', id: 'bb-over-best', 'aria-live': 'polite' });
    const overNew = el('button', { class: 'primary', id: 'bb-over-new', onclick: () => start(), text: t('game.new') });
    const overHall = screen.hallButton('bb-over-hall');
    // The deal's code, to meet the same board again or give it to someone.
    const overCode = el('button', { id: 'bb-over-code', onclick: () => screen.copyDealCode(), text: t('history.copyDealCode') });
    // The solver's line, watched on the same deal (hidden until the search has found it).
    const overWatch = el('button', { id: 'bb-over-watch', hidden: true, onclick: watchBestLine, text: t('watch.openBestLine') });
    const over = el('section', { class: 'bb-cover bb-over', id: 'bb-over', hidden: true, 'aria-labelledby': 'bb-over-title' },
      el('h2', { id: 'bb-over-title', text: t('bb.gameOver') }),
      overScore, overBest, overRecord,
      el('div', { class: 'bb-over-buttons' }, overWatch, overCode, overHall, overNew));
    const frame = el('div', { class: 'bb-frame' }, field.node, controls.cover, over);
    const stage = el('div', { class: 'bb-stage' }, frame);
    const statusText = controls.status;
    const tally = el('ul', { class: 'bb-tally', id: 'bb-tally', 'aria-label': t('bb.tally') });
    // The assisted note keeps beside the words, the tally to the right.
    const status = el('div', { class: 'statusline bb-statusline' }, el('span', {}, statusText, controls.assisted), tally);
    ui = { toolbar, panel, scoreValue, field, stage, over, overScore, overBest, overRecord, overNew, overHall, overWatch, statusText, tally, status };
    return { nodes: [toolbar, panel, stage, status], board: field, concealed: field.node, fit: { area: stage, margin: 24, follow: 'area' } };
  }

  /// The hint: its group selected as a click on it would (outlined, its points beside it), so
  /// the next click on it pops exactly that group; then its worth is told.
  async function showHint(hint, next) {
    const { x, y } = hint;
    const selected = (next.view?.selection ?? []).some((cell) => cell.x === x && cell.y === y);
    ui.field.anchor = { x, y };
    if (!selected) await screen.play({ action: 'click', x, y });
    ui.field.moveCursor(x, y, ui.field.node.contains(document.activeElement));
    const text = t('bb.hint', { count: formatNumber(hint.cells.length), points: formatNumber(hint.points) });
    screen.note(text);
    announce(text);
  }

  /// The field and its game-over cover, at once.
  function drawBoard(next, motion) {
    if (next.view) ui.field.render(next.view, motion);
    // A field of another size (another preset, a position file): the window and the cells fit
    // it (the field's area alone may keep its size).
    const shape = next.view ? `${next.view.width}x${next.view.height}` : drawnShape;
    if (shape !== drawnShape) {
      const first = !drawnShape;
      drawnShape = shape;
      screen.fitBoard();
      if (!first) fitToField();
    }
    const finished = next.status === 'finished';
    ui.over.hidden = !finished;
    if (!finished) return;
    setText(ui.overScore, t('bb.gameOver.score', { score: formatNumber(next.score ?? 0) }));
    setText(ui.overBest, bestFound(next));
    ui.overWatch.hidden = !(next.analysis?.moves?.length && next.record?.id);
    const rank = next.record?.rank;
    ui.overRecord.hidden = !rank;
    setText(ui.overRecord, rank ? t('bb.gameOver.record', { rank }) : '');
    ui.overHall.hidden = !rank;
  }

  /// The best line of the finished game's deal in the watch view; Back comes to this game again.
  function watchBestLine() {
    const gameId = screen.snapshot?.record?.id;
    if (gameId) screen.app.show('watch', { gameId, bestLine: true, back: { screen: 'bubbles' } });
  }

  /// The score, the title and the status line.
  function drawPanel(next) {
    const score = next.score ?? 0;
    setText(ui.scoreValue, formatNumber(score));
    setTitle(t('bb.title', { score: formatNumber(score) })).catch(() => {});
    setText(ui.statusText, statusText(next));
    setIfChanged(screen.root.dataset, 'score', String(score));
    drawTally(next.view);
  }

  /// The balls left by colour; none while paused (the field is hidden then).
  function drawTally(view) {
    const shown = view ? JSON.stringify([view.colours, view.colourCounts]) : '';
    if (ui.tally.dataset.shown === shown) return;
    ui.tally.dataset.shown = shown;
    ui.tally.hidden = !view;
    ui.tally.replaceChildren(...(view ? tallyItems(view) : []));
  }

  function statusText(snap) {
    const note = screen.noteFor(snap);
    if (note) return note;
    const style = categoryLabel('bubbles', snap.category);
    if (snap.paused) return joined([style, t('game.paused')]);
    const balls = snap.view ? t('bb.ballsLeft', { count: formatNumber(snap.view.ballsLeft) }) : '';
    return joined([style, balls]);
  }

  /// A game of the given style (default: the player's last one), on the player's field and in
  /// their scoring (`field`: another one, from the options).
  function params(style, field = fieldOf(screen.savedParams)) {
    const chosen = STYLES.includes(style) ? style : screen.savedParams?.style;
    return { style: STYLES.includes(chosen) ? chosen : DEFAULT_STYLE, ...field };
  }

  /// The field and scoring of saved parameters (the original's where they say nothing).
  function fieldOf(saved) {
    const { width, height, colours, scoring } = { ...SEED_FIELD, ...saved };
    return { width, height, colours, scoring };
  }

  /// Ctrl+O opens a position file.
  /// A game from a position file (the native open dialog): marked imported, never ranked.
  function openPosition() {
    const open = () => call('import_game', { game: 'bubbles', format: 'position' }).then((imported) => imported?.game ?? null);
    return screen.request(open, { newBoard: true, any: true })
      .then((next) => { if (next) ui.field.focus(); }, (error) => screen.showError(error));
  }

  /// A new game (F2, the buttons), after the moves already sent.
  function start(style) {
    return screen.start(params(style)).catch((error) => screen.showError(error));
  }

  /// Asks the window to fit the field at about 40 px a ball, the bars around it.
  function fitToField() {
    const view = screen.snapshot?.view;
    const columns = view?.width ?? 11;
    const rows = view?.height ?? 11;
    const cell = 40;
    const chrome = ui.toolbar.offsetHeight + ui.panel.offsetHeight + ui.status.offsetHeight + 40;
    // The panel over the field in one row too: "Rückgängig", "Wiederholen" and "Neues Spiel"
    // need more than the narrowest window.
    const bars = Math.max(screen.toolbarWidth(screen.snapshot), oneRowWidth(ui.panel));
    fitWindow(Math.max(MIN_WIDTH, bars, columns * cell + 48), rows * cell + chrome).catch(() => {});
  }

  async function statistics() {
    const { snapshot } = screen;
    const category = snapshot?.category ?? screen.savedParams?.style ?? DEFAULT_STYLE;
    const name = categoryLabel('bubbles', category);
    const stats = await screen.statistics(category);
    // The store's figures: its average is over the games scored (a game left unfinished has
    // no score), as the history's table beside the chart shows it.
    const rows = statRows(stats, [
      ['played', 'stats.played'],
      ['averageScore', 'bb.stats.average', 'average'],
      ['totalScore', 'bb.stats.total', 'total'],
      ['bestScore', 'bb.stats.best', 'best'],
    ]);
    return {
      title: t('stats.title', { category: name }),
      body: el('table', { class: 'stats' }, statsRows(rows)),
    };
  }

  /// The field (a preset or a custom size and colour count), the scoring, one-click play,
  /// colour-blind symbols and Open position…; a new field or scoring starts a new game.
  function options() {
    const current = fieldOf(screen.savedParams);
    const presetName = ([width, height, colours]) => {
      if (width === 11 && height === 11) return t('bb.options.preset.seed');
      if (height === 10) return t('bb.options.preset.15x10', { colours });
      return t('bb.options.preset.15x15');
    };
    const presetIndex = PRESETS.findIndex(([w, h, c]) => w === current.width && h === current.height && c === current.colours);
    const preset = el('select', { name: 'field', id: 'option-field' },
      PRESETS.map((field, i) => el('option', { value: String(i), text: presetName(field), selected: i === presetIndex ? true : undefined })),
      el('option', { value: 'custom', text: t('bb.options.preset.custom'), selected: presetIndex < 0 ? true : undefined }));
    const number = (name, value, min, max) => el('input', { type: 'number', name, id: `option-${name}`, value, min, max, step: 1 });
    const width = number('width', current.width, LIMITS.minWidth, LIMITS.maxWidth);
    const height = number('height', current.height, LIMITS.minHeight, LIMITS.maxHeight);
    const colours = number('colours', current.colours, LIMITS.minColours, LIMITS.maxColours);
    const custom = el('div', { class: 'bb-custom', id: 'option-custom', hidden: presetIndex >= 0 },
      el('label', {}, t('bb.options.width'), width),
      el('label', {}, t('bb.options.height'), height),
      el('label', {}, t('bb.options.colours'), colours),
      el('p', { class: 'hint', text: t('bb.options.sizeRange', LIMITS) }));
    preset.addEventListener('change', () => { custom.hidden = preset.value !== 'custom'; });
    const scoring = el('select', { name: 'scoring', id: 'option-scoring' },
      SCORINGS.map((value) => el('option', {
        value, text: t(`bb.options.scoring.${value}`), selected: current.scoring === value ? true : undefined,
      })));
    const open = el('button', {
      type: 'button', id: 'bb-open-position', title: t('bb.openPositionHint'), text: t('bb.openPosition'),
      onclick: (event) => {
        event.target.closest('dialog').close('cancel');
        openPosition();
      },
    });
    return {
      title: t('bb.options.title'),
      body: [
        el('label', {}, t('bb.options.field'), preset), custom,
        el('label', {}, t('bb.options.scoring'), scoring),
        el('p', { class: 'hint', text: t('bb.options.newGame') }),
        screen.optionBox('oneClickPop', t('bb.options.oneClickPop')),
        screen.optionBox('colourBlind', t('bb.options.colourBlind')),
        open,
      ],
      async save() {
        // One-click play (saved with the dialog's boxes) lights the group under the pointer, or
        // stops, at once.
        ui.field.drawHighlight();
        const [w, h, c] = preset.value === 'custom'
          ? [width, height, colours].map((input) => Number(input.value))
          : PRESETS[Number(preset.value)];
        const field = { width: w, height: h, colours: c, scoring: scoring.value };
        if (JSON.stringify(field) === JSON.stringify(current)) return;
        // The backend checks the numbers; a refusal is shown and the game goes on.
        await screen.start(params(undefined, field)).catch((error) => screen.showError(error));
      },
    };
  }
}
