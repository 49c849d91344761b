// The one game screen of every game. It owns what the three games share, for each mount of the
// screen, in three pieces made at the mount and dropped when the screen is left:
// - game-client.js: the backend requests (one at a time, in order, and never landing on a board
//   the player did not aim at), the `snapshot` events and the snapshot shown;
// - game-controls.js: pause and resume (with the paused cover), undo and redo, the hint and its
//   note over the status line, the odds, the note that a game was helped, the toolbar's icons
//   and the choices' control, and their keys;
// - game-dialogs.js: the warning before the first help in a game that could rank, a record's
//   name, the statistics and the options (with their checkboxes).
// This module puts them together with the game's own parts: it draws each snapshot (the board at
// once, the panel a frame later), starts games and saves the parameters chosen, fits the board
// to its area, pauses a game left or hidden, and gives the game its `screen`. A game module
// gives only its board, its side panel, its options and what it does with a move's result: see
// `gameScreen` for the list. Nothing of a mount outlives it: the module keeps only the mount
// shown.

import { el, afterNextPaint, setIfChanged } from './dom.js';
import { t } from './i18n.js';
import { call, games } from './ipc.js';
import { fitTo, followSize } from './board-kit.js';
import { gameClient } from './game-client.js';
import { gameControls } from './game-controls.js';
import { gameDialogs } from './game-dialogs.js';
import { gameInfo } from './catalogue.js';
import { dealCodeWords } from './deals.js';

// The games' screens take it from here, with the rest of what they share.
export { setIfChanged };

/// A statistics table from rows of [key, name, value]; each row is marked `data-stat=key`.
export function statsRows(rows) {
  return el('tbody', {}, rows.map(([key, name, value]) => el('tr', { dataset: { stat: key } },
    el('th', { scope: 'row', text: name }), el('td', { class: 'number', text: value }))));
}

/// Builds the screen module (`id`, `helpTopic`, `mount`, `unmount`, `newGame`, `choose`, `move`,
/// `shortcuts`, `refit`, and for a game that deals from a seed `restart`, `copyDealCode` and
/// `newGameParams`) of one game.
///
/// `game` gives:
/// - `name`: the backend's name of the game (also the screen's id and help topic);
/// - `prefix`: of the shared controls' ids and i18n keys (`ms` gives `#ms-pause`, `ms.toolbar`);
/// - `coverClass`: the paused cover's classes; `pauseInToolbar`: the pause button is in the
///   toolbar (else the game places `screen.controls.pause` itself);
/// - `choices`: `{ item, label }` for a game whose catalogue entry has `choices`: the prefix of
///   the ids of their items in the compact control (`level` gives `#level-expert`) and the key
///   of the control's name;
/// - `undoTitle`: the key of the Undo button's tooltip (`undoTitle`, `redoTitle`; default: the
///   shared `game.undoKey`, `game.redoKey`), for a game whose undo takes back something else
///   than one move;
/// - `create(screen)`: called on each mount, returns the parts below; whatever the game keeps
///   while shown lives in that call, not in its module.
///
/// The parts (`create`'s answer):
/// - `build()`: builds the game's nodes around the shared `screen.controls`; returns
///   `{ nodes, board, concealed, fit }`: the nodes to show in order, the board (with `focus()`,
///   `fit(width, height)` and `keyTable()`, its keys as a table of ./shortcuts.js), the node that hides while paused and `fit`: `{ area, margin,
///   follow }`, the node whose room (less `margin`) the board fills and what the board's size
///   follows: `'area'` (its size changes) or `'window'` (the window's does; the game calls
///   `screen.fitBoard()` when its board's shape changes);
/// - `drawBoard(snapshot, animation)`: draws the board at once (`snapshot.view` is null while
///   paused);
/// - `drawPanel(snapshot)`: everything beside the board, a frame after it;
/// - `showOdds(odds, snapshot)`: shows the backend's odds on the board just drawn from
///   `snapshot` (its JSON for this game), or takes them away (`null`); for a game whose
///   catalogue entry `hasOdds` (toggle `#prefix-odds`, key O). A new board starts without them;
/// - `showHint(hint, snapshot)`: shows the backend's hint (its JSON for this game) on the board
///   just drawn from `snapshot` (with `screen.note(text)` over the status line), and tells it to
///   screen readers; for a game whose catalogue entry `hasHint` (button `#prefix-hint`, key H);
/// - `onEffects(effects, snapshot, { cause })`: what a move's result means to the player (sounds,
///   words for screen readers); `effects` is what the backend says happened (when it says), and
///   `snapshot.ended` whether the move ended the game. It is given no earlier snapshot: what a
///   move did is never worked out by comparing two. Returns what the board animates, if
///   anything. `cause`: play, undo, redo or event;
/// - `params(kind)`: the parameters of a new game (`kind`: what the player chose, or nothing);
///   optional `kept(params)`: what of them is saved as the game's choice (`<name>Params` in the
///   settings; default: all);
/// - `newGame()`: F2 and the menu's New game; `started(snapshot)`: after a new game shows;
/// - `choose(id)`: starts a game of the choice `id` (of the catalogue entry's `choices`), from
///   the compact control, the Game menu or the choice's key;
/// - `fitWindow()`: the window's size for the board;
/// - `focus(snapshot)`: the node that takes the focus on a shown game (default: the board);
/// - `finished(snapshot)`: after the end of a game (and its record dialog);
/// - `statistics()`: `{ title, body, buttons, closed(value) }` of the statistics dialog (the
///   figures from `screen.statistics(category)`);
/// - optional `options()`: `{ title, body, save() }` of the options dialog; its checkboxes made with
///   `screen.optionBox(key, label)` are saved with the dialog;
/// - optional `keyTable()` (the game's own keys, a table of ./shortcuts.js), `playError(error, move)`, `mounted()`,
///   `unmounted()`.
///
/// The game gets `screen`, made for the mount as its parts are: `app`, `root`, `snapshot`,
/// `savedParams`, `controls`, `play(move)`, `start(params)`, `request(ask, options)`,
/// `hallButton(id)`, `toolbar(...leading)` and `toolbarWidth(next)` (its width in one row, for the
/// window's), `note(text)` and `noteFor(snapshot)` (the hint's words in the status line until the
/// board changes), `confirmAssistance()` (before a help of the game's own), `copyDealCode()` (the
/// deal's code copied, warned for first in a game under way), `statistics(category)`,
/// `optionBox(key, label)`, `fitBoard()` and `showError(error)`. `controls.assisted` is the note that the game had help; the game places
/// it in its status line (else it goes at the end of the node with class `statusline`);
/// `controls.status` is the status line's text.
export function gameScreen(game) {
  /// The mount shown (`openGame`), null once the screen is left.
  let live = null;

  return {
    id: game.name,
    helpTopic: game.name,
    async mount(root, app) {
      live = openGame(game, root, app);
      await live.shown;
    },
    /// `keep`: the screen is drawn again at once (a new language): the game goes on.
    unmount(options) {
      live?.close(options);
      live = null;
    },
    newGame: () => live?.parts.newGame(),
    /// Restart (F5) and Copy deal code, from the Game menu (a game that deals from a seed).
    restart: () => live?.restart(),
    copyDealCode: () => live?.copyDealCode(),
    /// The parameters a new game would have now: what a numbered deal is dealt with.
    newGameParams: () => live?.parts.params(),
    /// Starts a game of the choice `id` (the Game menu's item).
    choose: (id) => live?.controls.choose(id),
    /// A Move menu item (`move-undo`), as its button.
    move: (id) => live?.controls.move(id),
    /// The screen's keys by section, for the shortcuts window.
    shortcuts: () => live?.controls.shortcuts() ?? [],
    /// The window's size for the board, and the board's for its room (after a change of zoom:
    /// a window already as large as the screen allows does not resize).
    refit: () => live?.refit(),
  };
}

/// One mount of `game`'s screen in `root`: builds it and asks for the game (`shown` settles once
/// it shows). Returns the mount: its game's `parts`, its `controls`, `close(options)` and
/// `refit()`.
function openGame(game, root, app) {
  const name = game.name;
  const client = gameClient(name, {
    effects: (next, cause) => parts.onEffects(next.effects ?? null, next, { cause }),
    show,
    newBoard: () => controls.boardChanged(),
    showError: (error) => app.showError(error),
  });
  const screen = gameFacing();
  const parts = game.create(screen);
  const dialogs = gameDialogs({ name, app, parts, client });
  const controls = gameControls({ game, app, root, parts, client, dialogs, focusGame });
  /// Settles once the side panel shows the last snapshot.
  let panelShown = Promise.resolve();
  screen.controls = controls.nodes;
  const ui = parts.build();
  controls.setBoardKeys(() => ui.board.keyTable?.() ?? []);
  root.append(...ui.nodes);
  controls.placeAssistedNote(ui.nodes);
  const stopFitting = followBoard();
  document.addEventListener('visibilitychange', controls.pauseWhenHidden);
  document.addEventListener('keydown', controls.keys);
  parts.mounted?.();

  /// What the game's parts get as `screen` (see `gameScreen`).
  function gameFacing() {
    return {
      app,
      root,
      get snapshot() { return client.snapshot; },
      /// The parameters of the game last started (the settings' `<name>Params`), if any.
      get savedParams() { return app.settings[`${name}Params`]; },
      /// The shared controls (pause, stats, options, home, resume, cover; undo and redo if the
      /// game has them), for the game's `build` to place.
      controls: null,
      play,
      start,
      request: client.request,
      showError: (error) => app.showError(error),
      /// Before a help of the game's own (Gomoku's study board): the shared warning that the
      /// game will no longer rank; true to go on.
      confirmAssistance: () => dialogs.confirmAssistance(),
      /// Copy deal code (a game-over view's button, the Game menu's item).
      copyDealCode: () => copyDealCode().catch((error) => app.showError(error)),
      note: (text) => controls.note(text),
      noteFor: (next) => controls.noteFor(next),
      /// The statistics of `category` (default: the current game's).
      statistics: (category = client.snapshot?.category) => call('statistics', { game: name, category }),
      optionBox: (key, label) => dialogs.optionBox(key, label),
      fitBoard,
      /// A button to the hall of fame with this game's new record marked (hidden until a record).
      hallButton: (id) => el('button', {
        id, hidden: true, text: t('hall.title'), onclick: () => app.show('hall', { highlight: client.snapshot?.record?.id }),
      }),
      toolbar: (...leading) => controls.toolbar(...leading),
      toolbarWidth: (next) => controls.toolbarWidth(next),
    };
  }

  /// The game the backend has, else a new one of the parameters the game chooses; then the
  /// window fits it and it takes the focus.
  async function shown() {
    const current = await client.current();
    if (!client.open) return;
    if (!current) await start(parts.params()).catch((error) => app.showError(error));
    if (!client.open) return;
    parts.fitWindow();
    focusGame();
  }

  /// Leaves the screen; a game whose clock runs pauses, unless `keep` (the screen is drawn again
  /// at once, in a new language).
  function close({ keep = false } = {}) {
    client.close();
    stopFitting();
    document.removeEventListener('visibilitychange', controls.pauseWhenHidden);
    document.removeEventListener('keydown', controls.keys);
    controls.closed();
    parts.unmounted?.();
    const { snapshot } = client;
    if (!keep && snapshot && !snapshot.paused && snapshot.clockRunning) games.pause(name).catch(() => {});
  }

  /// Sends one move. A refused move is the game's to explain.
  function play(move) {
    return client.play(move).catch((error) => {
      if (parts.playError) parts.playError(error, move);
      else app.showError(error);
    });
  }

  /// Starts a game with `params` after the requests already asked; remembers the choice. Fails
  /// with the backend's refusal (a custom size out of range), for the caller to show.
  function start(params) {
    return client.newGame(params, () => remember(params)).then((next) => {
      if (next && client.open) {
        parts.started?.(next);
        focusGame();
      }
      return next;
    });
  }

  /// Keeps the choice of a game started (what `kept` keeps of its parameters) in the settings,
  /// unless it is kept already.
  async function remember(params) {
    const chosen = parts.kept ? parts.kept(params) : params;
    if (JSON.stringify(chosen) !== JSON.stringify(screen.savedParams)) await app.saveSetting(`${name}Params`, chosen);
  }

  function focusGame() {
    const { snapshot } = client;
    if (!client.open || !snapshot) return;
    if (snapshot.paused) controls.nodes.resume.focus();
    else (parts.focus?.(snapshot) ?? ui.board).focus();
  }

  /// Draws a snapshot: the board (and its cover) at once, everything beside it once the board's
  /// frame is on screen. In this software-rendered WebKit a frame repaints the box around all
  /// that changed in it; the board and the panel changed together made that most of the window.
  /// Then the odds follow the board, and the answer that ended the game (a move, the computer's,
  /// a redo: the backend says which) ends it on screen.
  function show(next, { first, animation, cause }) {
    controls.showPaused(next.paused);
    ui.concealed.classList.toggle('concealed', next.paused);
    parts.drawBoard(next, animation);
    panelShown = first ? drawPanelNow(next) : afterNextPaint(() => {
      if (client.open && client.snapshot === next) drawPanel(next);
    });
    controls.oddsFollow(next, cause);
    if (cause && next.ended) gameOver(next);
  }

  /// The screen's first snapshot: nothing of it is on screen yet, so board and panel go into one
  /// first frame (and the title is set without waiting for a frame).
  function drawPanelNow(next) {
    drawPanel(next);
    return Promise.resolve();
  }

  function drawPanel(next) {
    controls.draw(next);
    setIfChanged(root.dataset, 'status', next.status);
    setIfChanged(root.dataset, 'paused', String(next.paused));
    parts.drawPanel(next);
  }

  /// The end of a game: a record asks for a name, then the game shows what comes next.
  function gameOver(next) {
    Promise.all([dialogs.askRecord(next), panelShown]).then(() => {
      if (client.open) parts.finished?.(next);
    }).catch((error) => app.showError(error));
  }

  /// Restart (F5): the same deal from its start. A board the player has seen leaves the hall of
  /// fame: the shared warning says so first, and the note says so after.
  async function restart() {
    if (!gameInfo(name).hasDeals) return;
    const seen = client.snapshot?.moveCount > 0;
    if (seen && !(await dialogs.confirmAssistance('game.restartWarning'))) return;
    const next = await client.restart();
    if (!next || !client.open) return;
    parts.started?.(next);
    focusGame();
    if (next.assistance?.seenDeal) controls.note(t('game.restarted'));
  }

  /// Copy deal code: the deal's code on the clipboard. Whoever holds it knows the board, so a game
  /// under way that could rank is warned for first (it will not rank).
  async function copyDealCode() {
    if (!gameInfo(name).hasDeals || !client.snapshot) return;
    const underWay = client.snapshot.status === 'playing';
    if (underWay && !(await dialogs.confirmAssistance('game.codeWarning'))) return;
    await client.dealCode((answer) => controls.note(dealCodeWords(answer)));
  }

  /// The board fills its area's room (less the game's margin).
  function fitBoard() {
    if (ui) fitTo(ui.board, ui.fit.area, ui.fit.margin);
  }

  /// The board follows its area's size, measured by the frame's own layout (reading sizes after
  /// every move would force extra layouts), or the window's. Returns the end of it.
  function followBoard() {
    if (ui.fit.follow === 'window') {
      window.addEventListener('resize', fitBoard);
      return () => window.removeEventListener('resize', fitBoard);
    }
    const observer = followSize(ui.fit.area, fitBoard);
    return () => observer.disconnect();
  }

  return {
    parts,
    controls,
    shown: shown(),
    close,
    restart: () => restart().catch((error) => app.showError(error)),
    copyDealCode: () => copyDealCode().catch((error) => app.showError(error)),
    refit() {
      parts.fitWindow();
      fitBoard();
    },
  };
}
