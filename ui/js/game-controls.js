// The controls every game screen shares, for one mount of it: the toolbar's icons (pause,
// statistics, options, All games) and the compact control of the game's choices, the paused
// cover and its Resume, undo and redo, the hint and its note over the status line, the odds,
// the note that a game was helped, the status line, and their keys. Which of them a game has
// its catalogue entry says (read at mount: the catalogue comes after the modules load), with
// the parts the game gives (`showHint`, `showOdds`, `choose`, `options`).

import { el, oneRowWidth, setIfChanged, setText } from './dom.js';
import { t } from './i18n.js';
import { gameInfo } from './catalogue.js';
import { isScreenKey } from './keys.js';
import { keyHandler, keyText } from './shortcuts.js';
import { showMoveMenu } from './move-menu.js';
import { choiceMenu } from './menu-button.js';
import { icon, setIcon } from './icons.js';
import { isOn } from './game-client.js';

/// The keys of Undo and Redo, which the Move menu's items also hold (src-tauri/shell/menu.rs's
/// test reads them here).
export const MOVE_KEYS = { 'move-undo': ['Ctrl+Z'], 'move-redo': ['Ctrl+Shift+Z', 'Ctrl+Y'] };

/// The shared controls of `game`'s screen (`gameScreen`'s argument) in `root`: `parts` are the
/// game's, `client` its game client, `dialogs` its dialogs; `focusGame()` gives the focus back
/// to the game after a pause or a resume.
export function gameControls({ game, app, root, parts, client, dialogs, focusGame }) {
  const info = gameInfo(game.name);
  const hasHint = Boolean(info?.hasHint) && Boolean(parts.showHint);
  const hasUndo = Boolean(info?.hasUndo);
  const hasOdds = Boolean(info?.hasOdds) && Boolean(parts.showOdds);
  /// The game's choices (its catalogue entry's `choices`), if it has them and a `choose` part.
  const choices = parts.choose && game.choices ? info?.choices ?? null : null;
  /// Whether the odds are on.
  let oddsOn = false;
  /// The hint's words over the status line, for the board they were said of ({ text, revision }).
  let hintNote = null;
  /// The board's key table (`setBoardKeys`), once the game has built its board.
  let boardKeys = () => [];
  const nodes = build();
  /// The screen's keys (but the board's own, which it takes while it has the focus).
  const keys = keyHandler(keyTable, isScreenKey);

  function build() {
    const id = (name) => `${game.prefix}-${name}`;
    const button = (name, text, onclick, more = {}) => el('button', { id: id(name), onclick, text, ...more });
    // A toolbar icon: its words are its name and tooltip.
    const iconButton = (name, label, shape, onclick) => el('button', {
      id: id(name), class: 'icon-button', onclick, 'aria-label': label, title: label,
    }, icon(shape));
    const dialog = (open) => () => open().catch((error) => app.showError(error));
    const resume = button('resume', t('game.resume'), togglePause, { class: 'primary' });
    const built = {
      pause: iconButton('pause', t('game.pause'), 'pause', togglePause),
      stats: iconButton('stats', t('game.statistics'), 'statistics', dialog(dialogs.statistics)),
      // A game without options (the optional `options` part) shows no Options button.
      options: parts.options ? iconButton('options', t('game.options'), 'options', dialog(dialogs.options)) : null,
      home: iconButton('home', t('game.allGames'), 'allGames', () => app.show('home')),
      choice: choices ? choiceControl(id('choice')) : null,
      resume,
      cover: el('div', { class: game.coverClass, id: id('paused'), hidden: true }, el('p', { text: t('game.paused') }), resume),
      assisted: el('span', { class: 'assisted-note', id: id('assisted'), hidden: true, title: t('game.assistedDetail'), text: t('game.assisted') }),
      status: el('span', { id: id('status'), role: 'status' }),
    };
    if (hasHint) built.hint = button('hint', t('game.hint'), hint, { title: t('game.hintKey'), disabled: true });
    if (hasOdds) {
      built.odds = button('odds', t('game.odds'), toggleOdds, {
        title: t('game.oddsKey'), 'aria-keyshortcuts': 'O', 'aria-pressed': 'false', disabled: true,
      });
    }
    if (hasUndo) {
      built.undo = button('undo', t('game.undo'), undo, { title: t(game.undoTitle ?? 'game.undoKey'), disabled: true });
      built.redo = button('redo', t('game.redo'), redo, { title: t(game.redoTitle ?? 'game.redoKey'), disabled: true });
    }
    return built;
  }

  /// The compact control of the game's choices, with their names and keys.
  function choiceControl(buttonId) {
    const items = choices.items.map((choice) => {
      const name = t(choice.nameKey);
      const short = name.replace(/\s*(…|\.\.\.)$/, '');
      return { id: `${game.choices.item}-${choice.id}`, choice: choice.id, name, short, key: choice.key, hint: game.choices.hint?.(choice.id) };
    });
    return choiceMenu({ id: buttonId, label: t(game.choices.label), items, choose: (choice) => parts.choose(choice) });
  }

  /// Starts a game of the choice `id`, if the game has that choice (the Game menu's item).
  function choose(id) {
    return choices?.items.some((choice) => choice.id === id) ? parts.choose(id) : undefined;
  }

  /// The game's toolbar, in one row however narrow its board: the compact control of its
  /// choices (if it has them), its own controls, the hint (if the game has one), then pause
  /// (`pauseInToolbar`), statistics, options and All games as icons.
  function toolbar(...leading) {
    const { choice, hint: hintButton, odds, pause, stats, options, home } = nodes;
    return el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t(`${game.prefix}.toolbar`) },
      choice?.node ?? null, ...leading, hintButton ?? null, odds ?? null, el('span', { class: 'spacer' }),
      game.pauseInToolbar ? pause : null, stats, options, home);
  }

  /// The toolbar's width in one row, in this language: its controls, their gaps and its
  /// padding (what the window must give it at least).
  /// The toolbar's width in one row, with the choice's label of the snapshot `next` when given:
  /// a window fitted as a game starts is measured with the new game's label (Intermediate is
  /// wider than Expert), which the controls would otherwise draw only with the next frame.
  function toolbarWidth(next) {
    if (next) nodes.choice?.show(next.choice);
    const bar = root.querySelector('.toolbar');
    return bar ? oneRowWidth(bar) : 0;
  }

  /// Puts the "assisted" note in the game's status line (the node with class `statusline` among
  /// the game's `gameNodes`), unless the game placed it.
  function placeAssistedNote(gameNodes) {
    const note = nodes.assisted;
    if (note.isConnected) return;
    const line = gameNodes.find((node) => node.classList?.contains('statusline')) ?? root.querySelector('.statusline');
    line?.append(note);
  }

  function togglePause() {
    if (!client.snapshot) return Promise.resolve();
    return client.togglePause().then(() => focusGame(), (error) => app.showError(error));
  }

  /// A game under way pauses when the window is hidden (minimised, another desktop).
  function pauseWhenHidden() {
    const snapshot = client.snapshot;
    if (document.hidden && snapshot && !snapshot.paused && snapshot.status === 'playing' && snapshot.moveCount > 0) {
      client.pause().catch(() => {});
    }
  }

  /// Runs `help` (undo, a hint, the odds) after the warning, if it is the first help in a game
  /// that could rank, and only if the screen is still shown once the player said yes.
  function afterWarning(help) {
    dialogs.confirmAssistance().then((go) => (go && client.open ? help() : null)).catch((error) => app.showError(error));
  }

  /// Takes a move back, after the warning if it is the first help in a game that could rank.
  function undo() {
    if (client.snapshot?.canUndo) afterWarning(() => client.undo());
  }

  function redo() {
    if (client.snapshot?.canRedo) client.redo().catch((error) => app.showError(error));
  }

  /// Asks the backend for a hint (after the warning, as for undo) and shows it on the board it
  /// was asked for: the answer's snapshot first (it is now assisted), then the game's `showHint`.
  function hint() {
    if (!hasHint || !client.snapshot || !isOn(client.snapshot)) return;
    afterWarning(() => client.hint((words, next) => parts.showHint(words, next)));
  }

  /// Show odds on or off. On: after the warning, as for a hint (the odds are help), then the
  /// odds of the board, and again after every move while they stay on.
  function toggleOdds() {
    if (oddsOn) {
      setOdds(false);
      return;
    }
    if (!client.snapshot || !isOn(client.snapshot)) return;
    afterWarning(() => {
      setOdds(true);
      refreshOdds();
    });
  }

  function setOdds(on) {
    oddsOn = on;
    nodes.odds?.setAttribute('aria-pressed', String(on));
    if (client.snapshot) showMoveMenu(moveMenu(client.snapshot));
    if (!on) parts.showOdds?.(null, client.snapshot);
  }

  /// Asks for the odds of the board shown (after the moves already sent) and shows them on it.
  function refreshOdds() {
    if (!oddsOn || !client.snapshot || !isOn(client.snapshot)) return;
    client.odds((odds, next) => { if (oddsOn) parts.showOdds(odds, next); }).catch((error) => {
      // Before the first move there is nothing to show yet: the odds come with it.
      if (error?.code !== 'nothing_to_do') app.showError(error);
    });
  }

  /// The odds follow the board `next` that `cause` brought: asked again after a move, gone once
  /// the game is over.
  function oddsFollow(next, cause) {
    if (!oddsOn || !cause) return;
    if (isOn(next)) refreshOdds();
    else parts.showOdds(null, next);
  }

  /// A new board starts fair: without the odds.
  function boardChanged() {
    if (oddsOn) setOdds(false);
  }

  /// Shows the hint's words (`text`) over the status line until the board changes.
  function note(text) {
    hintNote = { text, revision: client.snapshot?.revision };
    setText(nodes.status, text);
  }

  /// The hint's words, if they were said of the board of `next`.
  function noteFor(next) {
    return hintNote && hintNote.revision === next?.revision ? hintNote.text : null;
  }

  /// The cover over a paused game, with its Resume.
  function showPaused(paused) {
    setIfChanged(nodes.cover, 'hidden', !paused);
  }

  /// The controls as the snapshot `next` leaves them, beside the board.
  function draw(next) {
    const { pause, undo: undoButton, redo: redoButton, hint: hintButton, odds, assisted, choice } = nodes;
    const pauseLabel = next.paused ? t('game.resume') : t('game.pause');
    if (pause.title !== pauseLabel) {
      pause.title = pauseLabel;
      pause.setAttribute('aria-label', pauseLabel);
      setIcon(pause.firstChild, next.paused ? 'resume' : 'pause');
    }
    choice?.show(next.choice);
    const enabled = moveMenu(next);
    setIfChanged(pause, 'disabled', !enabled.pause);
    if (hintButton) setIfChanged(hintButton, 'disabled', !enabled.hint);
    if (odds) setIfChanged(odds, 'disabled', !enabled.odds);
    setIfChanged(assisted, 'hidden', !isAssisted(next));
    setText(assisted, t(assistedKey(next.assistance ?? {})));
    if (undoButton) {
      setIfChanged(undoButton, 'disabled', !enabled.undo);
      setIfChanged(redoButton, 'disabled', !enabled.redo);
    }
    showMoveMenu(enabled);
  }

  /// Which of the Move menu's items the snapshot `next` enables, each exactly when its button is
  /// (a game without the button has the item disabled), and whether the game is paused and the
  /// odds shown (the items' words: Resume, Hide odds).
  function moveMenu(next) {
    return {
      undo: hasUndo && Boolean(next.canUndo),
      redo: hasUndo && Boolean(next.canRedo),
      hint: hasHint && isOn(next),
      odds: hasOdds && (isOn(next) || oddsOn),
      pause: next.status === 'playing',
      paused: Boolean(next.paused),
      oddsOn,
      keys: menuKeys(),
    };
  }

  /// The keys the Move menu names in the labels of Hint, Show odds and Pause, from the table.
  function menuKeys() {
    const named = {};
    for (const entry of keyTable()) {
      const item = { 'move-hint': 'hint', 'move-odds': 'odds', 'move-pause': 'pause' }[entry.menu];
      if (item) named[item] = keyText(entry.keys[0]);
    }
    return named;
  }

  /// A Move menu item (`move-undo`): what its button does.
  function move(id) {
    const actions = { 'move-undo': undo, 'move-redo': redo, 'move-hint': hint, 'move-odds': toggleOdds, 'move-pause': togglePause };
    return actions[id]?.();
  }

  /// The screen left: the Move menu has nothing to do.
  function closed() {
    showMoveMenu(null);
  }

  /// The screen's key table (./shortcuts.js), the board's aside: the game's own keys first (the
  /// optional part `keyTable`), then its choices' keys, undo and redo, the hint, the odds and
  /// pause.
  function keyTable() {
    const table = [...(parts.keyTable?.() ?? [])];
    for (const choice of choices?.items ?? []) {
      if (choice.key) table.push({ keys: [choice.key], label: choice.nameKey, run: () => parts.choose(choice.id) });
    }
    if (hasUndo) {
      table.push({ keys: MOVE_KEYS['move-undo'], label: 'game.undo', menu: 'move-undo', run: undo });
      table.push({ keys: MOVE_KEYS['move-redo'], label: 'game.redo', menu: 'move-redo', run: redo });
    }
    if (hasHint) table.push(hintEntry());
    if (hasOdds) table.push({ keys: ['O'], label: 'game.odds', menu: 'move-odds', run: toggleOdds });
    table.push({ keys: ['P'], label: 'game.pause', menu: 'move-pause', run: togglePause });
    return table;
  }

  /// H asks for the hint, but on a board whose cursor h moves (h, j, k and l, as on every board of
  /// the board kit): there it is Shift+H, and the shortcuts window says why.
  function hintEntry() {
    const taken = boardKeys().some((entry) => entry.keys.includes('H'));
    return { keys: [taken ? 'Shift+H' : 'H'], label: 'game.hint', note: taken ? 'keys.hintShifted' : undefined, menu: 'move-hint', run: hint };
  }

  /// The board's key table, once the board is built: the screen's keys leave the board's to it,
  /// and the hint's button names the hint's key.
  function setBoardKeys(table) {
    boardKeys = table;
    nodes.hint?.setAttribute('aria-keyshortcuts', hintEntry().keys[0]);
  }

  /// The screen's keys by section, for the shortcuts window: the game's, then the board's.
  function shortcuts() {
    return [{ title: 'shortcuts.game', entries: keyTable() }, { title: 'shortcuts.board', entries: boardKeys() }];
  }

  return {
    nodes, choose, toolbar, toolbarWidth, placeAssistedNote, pauseWhenHidden, keys, keyTable, setBoardKeys,
    shortcuts, move, closed, note, noteFor, showPaused, draw, oddsFollow, boardChanged,
  };
}

/// A game that was helped and could otherwise rank says so, quietly.
function isAssisted(next) {
  const { undos = 0, hints = 0, imported = false, seenDeal = false } = next.assistance ?? {};
  return (undos > 0 || hints > 0 || imported || seenDeal) && next.rankable;
}

/// What the note says of the help: a board from elsewhere, a deal seen before, or help in play.
function assistedKey({ imported, seenDeal }) {
  if (imported) return 'game.imported';
  return seenDeal ? 'game.seenDeal' : 'game.assisted';
}
