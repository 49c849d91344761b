// One controller for every game screen. It owns what the three games share: the backend
// requests (one at a time, in order, and never landing on a board the player did not aim at),
// the `snapshot` events, new game, pause and resume (also when the window is hidden or the screen
// is left), undo and redo, the hint and its note over the status line, the warning before the
// first help in a game that could rank and the note that a game was helped, the parameters
// chosen and their saving, fitting the board to its area, the record, statistics and options
// dialogs (with the options' checkboxes), the paused cover and the errors. A game module gives
// only its board, its side panel, its options and what it does with a move's result: see
// `gameScreen` for the list.

import { el, afterNextPaint, oneRowWidth, setText } from './dom.js';
import { t } from './i18n.js';
import { call, games, onSnapshot } from './ipc.js';
import { categoryLabel, gameInfo } from './catalogue.js';
import { openDialog } from './dialog.js';
import { isScreenKey, undoRedoPauseKeys } from './keys.js';
import { askRecordName } from './record.js';
import { fitTo, followSize } from './board-kit.js';
import { choiceMenu } from './menu-button.js';
import { icon, setIcon } from './icons.js';

/// Writes a property only when it changes: writing the same value again still restyles (a
/// needless attribute write near a 100x100 field restyles ten thousand cells).
export function setIfChanged(target, property, value) {
  if (target[property] !== value) target[property] = value;
}

/// A statistics table from rows of [key, name, value]; each row is marked `data-stat=key`.
export function statsRows(rows) {
  return el('tbody', {}, rows.map(([key, name, value]) => el('tr', { dataset: { stat: key } },
    el('th', { scope: 'row', text: name }), el('td', { class: 'number', text: value }))));
}

/// Builds the screen module (`id`, `helpTopic`, `mount`, `unmount`, `newGame`) of one game.
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
///   `{ nodes, board, concealed, fit }`: the nodes to show in order, the board (with `focus()`
///   and `fit(width, height)`), the node that hides while paused and `fit`: `{ area, margin,
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
///   `screen.optionBox(key, label)` are saved by the controller;
/// - optional `keys(event)` (true when it took the key), `playError(error, move)`, `mounted()`,
///   `unmounted()`.
///
/// The game gets `screen`: `app`, `root`, `snapshot`, `savedParams`, `controls`, `play(move)`,
/// `start(params)`, `request(ask, options)`, `hallButton(id)`, `toolbar(...leading)` and
/// `toolbarWidth()` (its width in one row, for the window's),
/// `note(text)` and `noteFor(snapshot)` (the hint's words in the status line until the board
/// changes), `statistics(category)`, `optionBox(key, label)`, `fitBoard()` and
/// `showError(error)`. `controls.assisted` is the note that the game had help; the game places
/// it in its status line (else it goes at the end of the node with class `statusline`);
/// `controls.status` is the status line's text.
export function gameScreen(game) {
  const GAME = game.name;
  let app = null;
  let root = null;
  let ui = null;
  let snapshot = null;
  let queue = Promise.resolve();
  /// A fresh object per mount, null once the screen is left: answers that arrive after the
  /// screen was left are dropped.
  let mounted = null;
  /// A fresh object per board shown (a new game, a replay): a move aimed at one board never lands
  /// on the next.
  let board = null;
  let unlisten = null;
  let resizeObserver = null;
  /// Settles once the side panel shows the last snapshot.
  let panelShown = Promise.resolve();
  /// Whether the game gives hints and has undo: its catalogue entry says (read at mount: the
  /// catalogue comes after the modules load).
  let hasHint = false;
  let hasUndo = false;
  /// Whether the game shows odds (its catalogue entry says), and whether they are on.
  let hasOdds = false;
  let oddsOn = false;
  /// The game's choices (its catalogue entry's `choices`), if it has them and a `choose` part.
  let choices = null;
  /// The game's parts of this mount (`game.create(screen)`).
  let parts = null;
  /// The hint's words over the status line, for the board they were said of ({ text, revision }).
  let hintNote = null;
  /// The checkboxes of the options dialog open ({ key: checkbox }).
  let optionBoxes = {};

  const screen = {
    get app() { return app; },
    get root() { return root; },
    get snapshot() { return snapshot; },
    /// The parameters of the game last started (the settings' `<name>Params`), if any.
    get savedParams() { return app.settings[`${GAME}Params`]; },
    /// The shared controls (pause, stats, options, home, resume, cover; undo and redo if the
    /// game has them), for the game's `build` to place.
    controls: null,
    play,
    start,
    request,
    showError: (error) => app.showError(error),
    /// Before a help of the game's own (Gomoku's study board): the shared warning that the
    /// game will no longer rank; true to go on.
    confirmAssistance: () => confirmAssistance(),
    note,
    noteFor,
    /// The statistics of `category` (default: the current game's).
    statistics: (category = snapshot?.category) => call('statistics', { game: GAME, category }),
    optionBox,
    fitBoard,
    /// A button to the hall of fame with this game's new record marked (hidden until a record).
    hallButton: (id) => el('button', {
      id, hidden: true, text: t('hall.title'), onclick: () => app.show('hall', { highlight: snapshot?.record?.id }),
    }),
    /// The toolbar's width in one row, in this language: its controls, their gaps and its
    /// padding (what the window must give it at least).
    toolbarWidth() {
      const bar = root.querySelector('.toolbar');
      return bar ? oneRowWidth(bar) : 0;
    },
    /// The game's toolbar, in one row however narrow its board: the compact control of its
    /// choices (if it has them), its own controls, the hint (if the game has one), then pause
    /// (`pauseInToolbar`), statistics, options and All games as icons.
    toolbar(...leading) {
      const { choice, hint, odds, pause, stats, options, home } = screen.controls;
      return el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t(`${game.prefix}.toolbar`) },
        choice?.node ?? null, ...leading, hint ?? null, odds ?? null, el('span', { class: 'spacer' }),
        game.pauseInToolbar ? pause : null, stats, options, home);
    },
  };

  async function mount(rootNode, appObject) {
    app = appObject;
    root = rootNode;
    snapshot = null;
    queue = Promise.resolve();
    const token = {};
    mounted = token;
    board = null;
    hintNote = null;
    parts = game.create(screen);
    hasHint = Boolean(gameInfo(GAME)?.hasHint) && Boolean(parts.showHint);
    hasUndo = Boolean(gameInfo(GAME)?.hasUndo);
    hasOdds = Boolean(gameInfo(GAME)?.hasOdds) && Boolean(parts.showOdds);
    oddsOn = false;
    choices = parts.choose && game.choices ? gameInfo(GAME)?.choices ?? null : null;
    sharedKeys = undoRedoPauseKeys({ undo: hasUndo ? undo : undefined, redo: hasUndo ? redo : undefined, togglePause });
    screen.controls = buildControls();
    ui = parts.build();
    root.append(...ui.nodes);
    placeAssistedNote();
    // The board follows its area's size, measured by the frame's own layout (reading sizes after
    // every move would force extra layouts), or the window's.
    if (ui.fit.follow === 'window') {
      window.addEventListener('resize', fitBoard);
    } else {
      resizeObserver = followSize(ui.fit.area, fitBoard);
    }
    document.addEventListener('visibilitychange', pauseWhenHidden);
    document.addEventListener('keydown', screenKeys);
    parts.mounted?.();
    // Listening before the game is asked for, so that no move of the computer goes unseen (it
    // may be thinking already, in a restored game): the page's subscription is in place since
    // start-up.
    unlisten = onSnapshot(onSnapshotEvent);
    const current = await request(() => games.snapshot(GAME), { newBoard: true, any: true });
    if (mounted !== token) return;
    if (!current) await start(parts.params()).catch((error) => app.showError(error));
    if (mounted !== token) return;
    parts.fitWindow();
    focusGame();
  }

  /// `keep`: the screen is drawn again at once (a new language): the game goes on.
  function unmount({ keep = false } = {}) {
    mounted = null;
    board = null;
    unlisten?.();
    unlisten = null;
    resizeObserver?.disconnect();
    resizeObserver = null;
    window.removeEventListener('resize', fitBoard);
    document.removeEventListener('visibilitychange', pauseWhenHidden);
    document.removeEventListener('keydown', screenKeys);
    parts?.unmounted?.();
    if (!keep && snapshot && !snapshot.paused && snapshot.clockRunning) games.pause(GAME).catch(() => {});
  }

  function buildControls() {
    const id = (name) => `${game.prefix}-${name}`;
    const button = (name, text, onclick, more = {}) => el('button', { id: id(name), onclick, text, ...more });
    // A toolbar icon: its words are its name and tooltip.
    const iconButton = (name, label, shape, onclick) => el('button', {
      id: id(name), class: 'icon-button', onclick, 'aria-label': label, title: label,
    }, icon(shape));
    const dialog = (open) => () => open().catch((error) => app.showError(error));
    const resume = button('resume', t('game.resume'), togglePause, { class: 'primary' });
    const controls = {
      pause: iconButton('pause', t('game.pause'), 'pause', togglePause),
      stats: iconButton('stats', t('game.statistics'), 'statistics', dialog(showStatistics)),
      // A game without options (the optional `options` part) shows no Options button.
      options: parts.options ? iconButton('options', t('game.options'), 'options', dialog(showOptions)) : null,
      home: iconButton('home', t('game.allGames'), 'allGames', () => app.show('home')),
      choice: choices ? choiceControl(id('choice')) : null,
      resume,
      cover: el('div', { class: game.coverClass, id: id('paused'), hidden: true }, el('p', { text: t('game.paused') }), resume),
      assisted: el('span', { class: 'assisted-note', id: id('assisted'), hidden: true, title: t('game.assistedDetail'), text: t('game.assisted') }),
      status: el('span', { id: id('status'), role: 'status' }),
    };
    if (hasHint) controls.hint = button('hint', t('game.hint'), hint, { title: t('game.hintKey'), 'aria-keyshortcuts': 'Shift+H', disabled: true });
    if (hasOdds) {
      controls.odds = button('odds', t('game.odds'), toggleOdds, {
        title: t('game.oddsKey'), 'aria-keyshortcuts': 'O', 'aria-pressed': 'false', disabled: true,
      });
    }
    if (hasUndo) {
      controls.undo = button('undo', t('game.undo'), undo, { title: t(game.undoTitle ?? 'game.undoKey'), disabled: true });
      controls.redo = button('redo', t('game.redo'), redo, { title: t(game.redoTitle ?? 'game.redoKey'), disabled: true });
    }
    return controls;
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

  /// Runs one backend request after those asked before it and shows its answer. Unless `any`,
  /// it runs only on the board the player saw when asking (and on this screen), and only if
  /// `when(snapshot)` still holds once its turn comes; `newBoard`: the answer is a new board. The
  /// promise returned fails with the request; the queue goes on.
  function request(ask, { newBoard = false, any = false, when = () => true, cause = null, shown } = {}) {
    const token = mounted;
    const aimedAt = board;
    const run = queue.then(async () => {
      if (token !== mounted || (!any && (aimedAt !== board || !snapshot || !when(snapshot)))) return null;
      const before = snapshot;
      const next = await ask();
      if (token !== mounted || !next || (!any && aimedAt !== board)) return null;
      if (newBoard) {
        board = {};
        // A new board starts fair: without the odds.
        if (oddsOn) setOdds(false);
      }
      arrived(before, next, cause);
      shown?.(next);
      return next;
    });
    queue = run.catch(() => {});
    return run;
  }

  /// A new snapshot from the backend: the game reacts to its effects, then it is drawn.
  function arrived(before, next, cause) {
    const animation = cause && before ? parts.onEffects(next.effects ?? null, next, { cause }) : null;
    show(next, animation);
    // The odds follow the board: asked again after a move, gone once the game is over.
    if (oddsOn && cause) {
      if (isOn(next)) refreshOdds();
      else parts.showOdds(null, next);
    }
    // The backend says which answer ended the game (a move, the computer's, a redo).
    if (cause && next.ended) gameOver(next);
  }

  /// The end of a game: a record asks for a name, then the game shows what comes next.
  function gameOver(next) {
    const token = mounted;
    const asked = next.record?.rank ? askRecordName(app, next, categoryLabel(GAME, next.category)) : Promise.resolve();
    Promise.all([asked, panelShown]).then(() => {
      if (token === mounted) parts.finished?.(next);
    }).catch((error) => app.showError(error));
  }

  /// Sends one move; it is played if the game is still on when its turn comes (a click queued
  /// behind the losing one is dropped). A refused move is the game's to explain.
  function play(move) {
    return request(() => games.play(GAME, move), { when: isOn, cause: 'play' }).catch((error) => {
      if (parts.playError) parts.playError(error, move);
      else app.showError(error);
    });
  }

  const isOn = (snap) => snap.status === 'playing' && !snap.paused;

  /// Takes a move back, after the warning if it is the first help in a game that could rank.
  function undo() {
    if (!snapshot?.canUndo) return;
    const token = mounted;
    confirmAssistance().then((go) => {
      if (go && token === mounted) return request(() => games.undo(GAME), { cause: 'undo' });
      return null;
    }).catch((error) => app.showError(error));
  }

  /// Asks the backend for a hint (after the warning, as for undo) and shows it on the board it
  /// was asked for: the answer's snapshot first (it is now assisted), then the game's `showHint`.
  function hint() {
    if (!hasHint || !snapshot || !isOn(snapshot)) return;
    const token = mounted;
    confirmAssistance().then((go) => {
      if (!go || token !== mounted) return null;
      let answer = null;
      return request(async () => {
        answer = await games.hint(GAME);
        return answer?.snapshot;
      }, { when: isOn, shown: (next) => parts.showHint(answer.hint, next) });
    }).catch((error) => app.showError(error));
  }

  /// Show odds on or off. On: after the warning, as for a hint (the odds are help), then the
  /// odds of the board, and again after every move while they stay on.
  function toggleOdds() {
    if (oddsOn) {
      setOdds(false);
      return;
    }
    if (!snapshot || !isOn(snapshot)) return;
    const token = mounted;
    confirmAssistance().then((go) => {
      if (!go || token !== mounted) return;
      setOdds(true);
      refreshOdds();
    }).catch((error) => app.showError(error));
  }

  function setOdds(on) {
    oddsOn = on;
    screen.controls.odds?.setAttribute('aria-pressed', String(on));
    if (!on) parts.showOdds?.(null, snapshot);
  }

  /// Asks for the odds of the board shown (after the moves already sent) and shows them on it.
  function refreshOdds() {
    if (!oddsOn || !snapshot || !isOn(snapshot)) return;
    let answer = null;
    request(async () => {
      answer = await games.odds(GAME);
      return answer?.snapshot;
    }, { when: isOn, shown: (next) => { if (oddsOn) parts.showOdds(answer.odds, next); } }).catch((error) => {
      // Before the first move there is nothing to show yet: the odds come with it.
      if (error?.code !== 'nothing_to_do') app.showError(error);
    });
  }

  /// Before the first help (undo, hint) in a game that could still rank, while the setting
  /// `assistWarning` is on: says the game will leave the hall of fame; true to go on. "Don't
  /// ask again" turns the setting off.
  async function confirmAssistance() {
    if (!snapshot?.canRank || app.settings.assistWarning === false) return true;
    const never = el('input', { type: 'checkbox', name: 'never', id: 'assist-never' });
    const shown = await openDialog({
      id: 'assist-dialog',
      title: t('game.assistTitle'),
      body: [el('p', { text: t('game.assistWarning') }), el('label', { class: 'check' }, never, t('game.assistNever'))],
      buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'continue', label: t('game.assistContinue'), primary: true }],
    });
    if (shown.value !== 'continue') return false;
    if (never.checked) await app.saveSetting('assistWarning', false);
    return true;
  }

  /// Puts the "assisted" note in the game's status line, unless the game placed it.
  function placeAssistedNote() {
    const note = screen.controls.assisted;
    if (note.isConnected) return;
    const line = ui.nodes.find((node) => node.classList?.contains('statusline')) ?? root.querySelector('.statusline');
    line?.append(note);
  }

  /// A game that was helped and could otherwise rank says so, quietly.
  function isAssisted(next) {
    const { undos = 0, hints = 0, imported = false } = next.assistance ?? {};
    return (undos > 0 || hints > 0 || imported) && next.rankable;
  }

  function redo() {
    if (snapshot?.canRedo) request(() => games.redo(GAME), { cause: 'redo' }).catch((error) => app.showError(error));
  }

  /// Starts a game with `params` after the requests already asked; remembers the choice. Fails
  /// with the backend's refusal (a custom size out of range), for the caller to show.
  function start(params) {
    return request(async () => {
      const next = await games.newGame(GAME, params);
      await remember(params);
      return next;
    }, { newBoard: true, any: true }).then((next) => {
      if (next && mounted) {
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
    if (JSON.stringify(chosen) !== JSON.stringify(screen.savedParams)) await app.saveSetting(`${GAME}Params`, chosen);
  }

  /// Shows the hint's words (`text`) over the status line until the board changes.
  function note(text) {
    hintNote = { text, revision: snapshot?.revision };
    setText(screen.controls.status, text);
  }

  /// The hint's words, if they were said of the board of `next`.
  function noteFor(next) {
    return hintNote && hintNote.revision === next?.revision ? hintNote.text : null;
  }

  /// The board fills its area's room (less the game's margin).
  function fitBoard() {
    if (ui) fitTo(ui.board, ui.fit.area, ui.fit.margin);
  }

  /// A checkbox of the options dialog for the setting `key`, with its `label`: the controller
  /// saves it when the dialog is.
  function optionBox(key, label) {
    const box = el('input', { type: 'checkbox', name: key, id: `option-${key}`, checked: app.settings[key] ? true : undefined });
    optionBoxes[key] = box;
    return el('label', { for: `option-${key}` }, label, box);
  }

  /// The backend's own snapshot: the computer's move, or a pause of its own (the window was
  /// minimised). It waits behind the requests under way; an answer to one of them that already
  /// says more (the computer's move taken back) makes it stale.
  function onSnapshotEvent(next) {
    if (!mounted || next?.game !== GAME) return;
    const token = mounted;
    queue = queue.then(() => {
      // Only news: an event older than the board shown (a cancelled game's late reply) is not.
      if (token !== mounted || !snapshot || next.revision <= snapshot.revision) return;
      arrived(snapshot, next, 'event');
    }).catch((error) => app.showError(error));
  }

  function togglePause() {
    if (!snapshot) return Promise.resolve();
    const ask = () => (snapshot.paused ? games.resume(GAME) : games.pause(GAME));
    return request(ask).then(() => focusGame(), (error) => app.showError(error));
  }

  function pauseWhenHidden() {
    if (document.hidden && snapshot && !snapshot.paused && snapshot.status === 'playing' && snapshot.moveCount > 0) {
      request(() => games.pause(GAME)).catch(() => {});
    }
  }

  /// Ctrl+Z, Ctrl+Y (if the game has undo) and P (made at mount: the catalogue says).
  let sharedKeys = null;
  function screenKeys(event) {
    if (parts.keys && isScreenKey(event) && parts.keys(event)) {
      event.preventDefault();
      return;
    }
    // A choice's own key (Minesweeper's 1, 2 and 3) starts a game of it.
    const keyed = choices && !event.ctrlKey && !event.altKey && isScreenKey(event) && choices.items.find((choice) => choice.key === event.key);
    if (keyed) {
      event.preventDefault();
      parts.choose(keyed.id);
      return;
    }
    // O: the odds on or off.
    if (hasOdds && (event.key === 'o' || event.key === 'O') && !event.ctrlKey && isScreenKey(event)) {
      event.preventDefault();
      toggleOdds();
      return;
    }
    // H (Shift+H): a plain h moves the cursor on the boards (h/j/k/l).
    if (hasHint && event.key === 'H' && !event.ctrlKey && isScreenKey(event)) {
      event.preventDefault();
      hint();
      return;
    }
    sharedKeys(event);
  }

  function focusGame() {
    if (!mounted || !snapshot) return;
    if (snapshot.paused) screen.controls.resume.focus();
    else (parts.focus?.(snapshot) ?? ui.board).focus();
  }

  /// Draws a snapshot: the board (and its cover) at once, everything beside it once the board's
  /// frame is on screen. In this software-rendered WebKit a frame repaints the box around all
  /// that changed in it; the board and the panel changed together made that most of the window.
  function show(next, animation = null) {
    const first = snapshot === null;
    snapshot = next;
    setIfChanged(screen.controls.cover, 'hidden', !next.paused);
    ui.concealed.classList.toggle('concealed', next.paused);
    parts.drawBoard(next, animation);
    // The screen's first snapshot: nothing of it is on screen yet, so board and panel go into
    // one first frame (and the title is set without waiting for a frame).
    if (first) {
      drawPanel(next);
      panelShown = Promise.resolve();
      return;
    }
    const token = mounted;
    panelShown = afterNextPaint(() => {
      if (token === mounted && snapshot === next) drawPanel(next);
    });
  }

  function drawPanel(next) {
    const { pause, undo: undoButton, redo: redoButton, hint: hintButton, assisted, choice } = screen.controls;
    const pauseLabel = next.paused ? t('game.resume') : t('game.pause');
    if (pause.title !== pauseLabel) {
      pause.title = pauseLabel;
      pause.setAttribute('aria-label', pauseLabel);
      setIcon(pause.firstChild, next.paused ? 'resume' : 'pause');
    }
    choice?.show(next.choice);
    setIfChanged(pause, 'disabled', next.status !== 'playing');
    if (hintButton) setIfChanged(hintButton, 'disabled', !isOn(next));
    if (screen.controls.odds) setIfChanged(screen.controls.odds, 'disabled', !isOn(next) && !oddsOn);
    setIfChanged(assisted, 'hidden', !isAssisted(next));
    setText(assisted, next.assistance?.imported ? t('game.imported') : t('game.assisted'));
    if (undoButton) {
      setIfChanged(undoButton, 'disabled', !next.canUndo);
      setIfChanged(redoButton, 'disabled', !next.canRedo);
    }
    setIfChanged(root.dataset, 'status', next.status);
    setIfChanged(root.dataset, 'paused', String(next.paused));
    parts.drawPanel(next);
  }

  async function showStatistics() {
    const spec = await parts.statistics();
    const shown = await openDialog({ id: 'stats-dialog', title: spec.title, body: spec.body, buttons: spec.buttons });
    await spec.closed?.(shown.value);
  }

  async function showOptions() {
    optionBoxes = {};
    const spec = parts.options();
    const boxes = optionBoxes;
    const result = await openDialog({
      id: 'options-dialog',
      title: spec.title,
      body: spec.body,
      buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
    });
    if (result.value !== 'save') return;
    for (const [key, box] of Object.entries(boxes)) {
      if (Boolean(app.settings[key]) !== box.checked) await app.saveSetting(key, box.checked);
    }
    // The looks the options change, at once (the settings' event applies them too, later).
    const { classList } = document.documentElement;
    classList.toggle('colour-blind', Boolean(app.settings.colourBlind));
    classList.toggle('monochrome', Boolean(app.settings.monochrome));
    await spec.save?.();
  }

  return {
    id: GAME,
    helpTopic: GAME,
    mount,
    unmount,
    newGame: () => parts?.newGame(),
    /// Starts a game of the choice `id` (the Game menu's item).
    choose: (id) => (choices?.items.some((choice) => choice.id === id) ? parts.choose(id) : undefined),
    /// The window's size for the board, and the board's for its room (after a change of zoom:
    /// a window already as large as the screen allows does not resize).
    refit: () => {
      parts?.fitWindow();
      fitBoard();
    },
  };
}
