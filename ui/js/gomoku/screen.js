// The Gomoku screen (the classic two-player game on a 15x15 grid, docs/ORIGINS.md): the board, the players and whose turn it is, the move list with
// undo and redo, the result with a replay of the finished game, the Swap2 opening's decisions,
// Renju's forbidden points and the hint. Against the computer the
// backend thinks on its own thread and sends the new snapshot as a `snapshot` event. The shared
// game screen (../game-screen.js) runs it; this module draws it.

import { el, announce, setText, toast } from '../dom.js';
import { t, errorText, formatNumber, formatSeconds, joined } from '../i18n.js';
import { fitWindow, call } from '../ipc.js';
import { gameScreen, statsRows } from '../game-screen.js';
import { GoBoard } from './board.js';
import { MoveList } from './movelist.js';
import { notation } from './notation.js';
import { copyMoves } from '../record-file.js';
import { reviewScreen } from '../games.js';
import { askForMoves } from './paste-dialog.js';
import { statisticsRows } from './result.js';
import { categoriesOf, categoryLabel } from '../catalogue.js';
import {
  COLOURS, categoryOf, chooseParams, controlText, keptParams, nameOf, namedByColour, other, paramsOf, savedParams, shownName,
} from './setup.js';
import { PlayerClocks, colourOfPlayer } from './clocks.js';
import { DemoPanel, computerPlays } from './demo.js';
import { play as playSound } from '../sound.js';

const SIZE = 15;

/// Why a stone or a choice was refused, in the player's words (the backend's reasons).
const REFUSALS = {
  doubleThree: 'gm.error.doubleThree',
  doubleFour: 'gm.error.doubleFour',
  overline: 'gm.error.overline',
  choicePending: 'gm.error.choicePending',
  outsideArea: 'gm.error.outsideArea',
  notOffered: 'gm.error.notOffered',
  symmetricalOffer: 'gm.error.symmetricalOffer',
  noOffersNow: 'gm.error.noOffersNow',
};

/// "Hint: H8", and the win by force from there when the engine sees one.
function hintText(hint) {
  const line = hint.forcedWin?.join(' ');
  return line ? t('gm.hint.forcedWin', { point: hint.notation, line }) : t('gm.hint.announce', { point: hint.notation });
}

function turnText(view, colour) {
  const name = nameOf(view, colour);
  return namedByColour(name, colour) ? t('gm.turnOwnColour', { name }) : t('gm.turn', { name, colour: t(`gm.colour.${colour}`) });
}

const vsComputer = (view) => view.opponent !== 'human';

const inSwap2Opening = (view) => Boolean(view?.swap2?.decider);

/// Whether the game is under an opening rule other than Swap2 (whose refusals name it).
const byPartOpening = (view) => Boolean(view?.opening) && !['standard', 'swap2'].includes(view.opening);

/// Whose card is marked as acting: the side to move, or in the Swap2 opening the decider's (the
/// view names the first player black until the colours are chosen).
const actingColour = (view) => {
  if (!inSwap2Opening(view)) return view.sideToMove;
  if (view.swap2.firstColour) return view.swap2.decider === 'first' ? view.swap2.firstColour : other(view.swap2.firstColour);
  return view.swap2.decider === 'first' ? 'black' : 'white';
};

/// Why an external engine lost by its fault, as the player is told (literal keys, so that the
/// catalogue test sees them).
export const FORFEIT_TEXT = {
  timeout: 'gm.forfeit.timeout',
  crash: 'gm.forfeit.crash',
  garbage: 'gm.forfeit.garbage',
  illegal: 'gm.forfeit.illegal',
  flood: 'gm.forfeit.flood',
};

function resultTitle(snap) {
  const view = snap.view;
  // A demo nobody took over has no "you": either side's five (or the other engine's fault) is a
  // win, as between two players.
  const watched = view?.demo && !view.demo.takenOver;
  if (view?.forfeit && !watched) return t('gm.result.youWin');
  if (snap.status === 'draw') return t('gm.result.draw');
  if (!view?.winner) return '';
  if (vsComputer(view) && !watched) return snap.status === 'won' ? t('gm.result.youWin') : t('gm.result.wins', { name: nameOf(view, view.winner) });
  return t('gm.result.wins', { name: nameOf(view, view.winner) });
}

function resultDetail(snap) {
  const view = snap.view;
  // The engine that failed is the winner's opponent (the backend names the winner of a forfeit).
  const loser = other(view?.winner ?? view?.humanColour);
  if (view?.forfeit) return t(FORFEIT_TEXT[view.forfeit] ?? FORFEIT_TEXT.garbage, { engine: nameOf(view, loser) });
  if (snap.status === 'draw') return t(view?.stones?.includes(0) ? 'gm.result.noLegalPoint' : 'gm.result.drawText');
  if (!view?.winner) return '';
  // A flag fell: the backend's clocks say whose.
  const fallen = snap.clocks?.fallen;
  if (fallen != null) return t('gm.result.lostOnTime', { name: nameOf(view, colourOfPlayer(view, fallen)) });
  return t('gm.result.five', {
    colour: t(`gm.colour.${view.winner}`), moves: formatNumber(view.moves.length), seconds: formatSeconds(snap.elapsedMs),
  });
}

// The Swap2 opening in the side panel: whose decision it is, how many stones are left to place,
// and, when the decision is a person's, the choices as buttons. The backend keeps the opening
// (src-tauri/games/src/gomoku/swap2.rs); this draws its `view.swap2` and sends `{choose}`. (Here
// rather than in a module of its own: every module is preloaded by ui/index.html.)

/// What the opening waits for, per phase (literal keys, so that the catalogue test sees them).
const PHASE_TEXT = {
  placeThree: 'gm.swap2.placeThree',
  chooseSide: 'gm.swap2.chooseSide',
  placeTwo: 'gm.swap2.placeTwo',
  chooseColour: 'gm.swap2.chooseColour',
  placeStone: 'gm.opening.step.placeStone',
  swap: 'gm.opening.step.swap',
  declareOffers: 'gm.opening.step.declareOffers',
  fifthOrOffers: 'gm.opening.step.fifthOrOffers',
  offer: 'gm.opening.step.offer',
  pickOffer: 'gm.opening.step.pickOffer',
};

/// The opening rule's name, the panel's title (literal keys, so that the catalogue test sees them).
const OPENING_TITLE = {
  swap2: 'gm.swap2.title', swap1: 'gm.opening.swap1', soosorv8: 'gm.opening.soosorv8', taraguchi10: 'gm.opening.taraguchi10',
};

/// The phases in which a click on the board places (or offers, or picks) a stone.
const STONE_PHASES = new Set(['placeThree', 'placeTwo', 'placeStone', 'fifthOrOffers', 'offer', 'pickOffer', 'done']);

const CHOICES = ['white', 'black', 'placeTwo'];

const CHOICE_TEXT = { white: 'gm.swap2.choose.white', black: 'gm.swap2.choose.black', placeTwo: 'gm.swap2.choose.placeTwo' };

const CHOSEN_TEXT = { white: 'gm.swap2.chose.white', black: 'gm.swap2.chose.black', placeTwo: 'gm.swap2.chose.placeTwo' };

class Swap2Panel {
  /// `onChoose(choice)`: the player chose "white", "black" or "placeTwo".
  constructor({ onChoose, onDeclare }) {
    this.title = el('p', { class: 'gm-swap2-title', id: 'gm-swap2-text' });
    this.stones = el('p', { class: 'gm-swap2-stones', id: 'gm-swap2-stones', hidden: true });
    this.buttons = Object.fromEntries(CHOICES.map((choice) => [choice, el('button', {
      id: `gm-choose-${choice}`, dataset: { choice }, onclick: () => onChoose(choice),
    }, choice === 'placeTwo' ? null : el('span', { class: `gm-badge ${choice}`, 'aria-hidden': 'true' }), t(CHOICE_TEXT[choice]))]));
    this.choices = el('div', { class: 'gm-swap2-choices', role: 'group', 'aria-labelledby': 'gm-swap2-text', hidden: true },
      CHOICES.map((choice) => this.buttons[choice]));
    // Soosõrv-8's and Taraguchi-10's declarations: a button per number of fifth moves.
    this.onDeclare = onDeclare;
    this.counts = el('div', { class: 'gm-swap2-choices gm-offer-counts', id: 'gm-offer-counts', role: 'group', 'aria-labelledby': 'gm-swap2-text', hidden: true });
    this.countsShown = '';
    this.detail = el('p', { class: 'gm-swap2-stones', id: 'gm-opening-detail', hidden: true });
    this.node = el('section', { class: 'gm-swap2', id: 'gm-swap2', hidden: true, 'aria-label': t('gm.swap2.title') },
      this.title, this.stones, this.detail, this.choices, this.counts);
  }

  /// The buttons of the numbers of fifth moves open now (drawn again only when they change).
  showCounts(counts) {
    const signature = counts.join(',');
    this.counts.hidden = !counts.length;
    if (signature === this.countsShown) return;
    this.countsShown = signature;
    this.counts.replaceChildren(...counts.map((count) => el('button', {
      id: `gm-offers-${count}`, dataset: { offers: String(count) }, onclick: () => this.onDeclare(count),
      text: counts.length > 1 ? formatNumber(count) : t('gm.opening.offerTen', { count: formatNumber(count) }),
      'aria-label': t('gm.opening.offers', { count: formatNumber(count) }),
    })));
  }

  /// The area the next stone must lie in, and the fifth moves offered so far.
  showDetail(swap) {
    const parts = [];
    if (swap.area) parts.push(swap.area === 1 ? t('gm.opening.centre') : t('gm.opening.area', { side: formatNumber(swap.area) }));
    if (swap.offers?.length) parts.push(t('gm.opening.offered', { points: swap.offers.map((p) => notation(p.x, p.y, SIZE)).join(', ') }));
    this.detail.hidden = !parts.length;
    setText(this.detail, parts.join(' '));
  }

  /// Shows the opening as it stands; hidden under the standard opening and once it is over.
  show(view, snap) {
    const swap = view?.swap2;
    const open = Boolean(swap?.decider) && snap.status === 'playing';
    this.node.hidden = !open;
    this.node.dataset.phase = open ? swap.phase : '';
    if (!open) return;
    this.node.setAttribute('aria-label', t(OPENING_TITLE[view.opening] ?? 'gm.swap2.title'));
    setText(this.title, t(PHASE_TEXT[swap.phase], { name: shownName(swap.deciderName ?? '') }));
    const placing = swap.stonesLeft > 0;
    this.stones.hidden = !placing;
    if (placing) {
      const left = formatNumber(swap.stonesLeft);
      setText(this.stones, swap.phase === 'offer' ? t('gm.opening.offersLeft', { left })
        : t('gm.swap2.stonesLeft', { left, colour: t(`gm.colour.${view.sideToMove}`) }));
    }
    this.showDetail(swap);
    const deciding = !swap.computerDecides && !snap.paused;
    const choosing = swap.choices.length > 0 && deciding;
    this.choices.hidden = !choosing;
    for (const choice of CHOICES) this.buttons[choice].hidden = !swap.choices.includes(choice);
    this.showCounts(deciding ? swap.offerCounts ?? [] : []);
  }
}

/// A Swap2 decision as the backend's effects tell it (`decided`: the choice and the decider's
/// name), in words; the computer's decisions come as snapshot events and are told like its stones.
function decisionText(decided) {
  return t(CHOSEN_TEXT[decided.choice], { name: shownName(decided.name ?? '') });
}

/// A declaration of fifth moves as the effects tell it (`declared`: the number and who).
function declarationText(declared) {
  return t('gm.opening.declared', { name: shownName(declared.name ?? ''), count: formatNumber(declared.offers) });
}

export const {
  id, helpTopic, mount, unmount, newGame, refit, choose, move, shortcuts, restart, copyDealCode, newGameParams,
} = gameScreen({
  name: 'gomoku',
  prefix: 'gm',
  coverClass: 'gm-paused',
  pauseInToolbar: true,
  // Against the computer, Undo takes back its answer too: its tooltip says so.
  undoTitle: 'gm.undoKey',
  create,
});

/// The screen as shown once (../game-screen.js calls it at each mount): its nodes, its state and
/// its parts.
function create(screen) {
  let ui;
  /// The snapshot the board shows, and how many moves of a finished game it shows (null: all).
  let shown = null;
  let replayAt = null;
  /// The hint shown on the board ({x, y, notation, moves}: the moves on the board when it came),
  /// until the next move.
  let hinted = null;
  const params = () => savedParams(screen.app.settings);
  /// The clocks' display between snapshots.
  let ticker = null;

  return {
    build, drawBoard, drawPanel, onEffects, params,
    kept: keptParams,
    newGame: chooseGame,
    started: (next) => announce(t('gm.announce.new', { kind: categoryLabel('gomoku', next.category) })),
    mounted: () => { ticker = setInterval(() => ui.clocks.tick(), 100); },
    unmounted: () => clearInterval(ticker),
    fitWindow: fitToBoard,
    finished: () => { if (!ui.result.hidden) ui.againButton.focus(); },
    statistics,
    options,
    playError,
    showHint,
  };

  function build() {
    const { controls } = screen;
    const kind = el('span', { class: 'gm-toolbar-game', id: 'gm-game-kind' });
    const toolbar = screen.toolbar(el('button', { id: 'gm-new', onclick: chooseGame, title: 'F2', text: t('gm.newGame') }), kind,
      el('button', { id: 'gm-study', type: 'button', onclick: study, title: t('gm.studyTitle'), text: t('gm.study') }),
      el('button', { id: 'gm-puzzles', type: 'button', onclick: () => screen.app.show('gomoku-puzzles', { from: 'gomoku' }), title: t('puzzles.openTitle'), text: t('puzzles.title') }));

    const board = new GoBoard({ onPlay: screen.play });
    const frame = el('div', { class: 'gm-frame' }, board.node, controls.cover);
    const boardArea = el('div', { class: 'gm-board-area' }, frame);

    const players = Object.fromEntries(COLOURS.map((colour) => {
      const name = el('span', { class: 'gm-player-name', id: `gm-name-${colour}-shown` });
      const role = el('span', { class: 'gm-player-role' });
      const clock = el('span', { class: 'gm-clock', id: `gm-clock-${colour}`, role: 'timer', hidden: true });
      const card = el('div', { class: `gm-player ${colour}`, id: `gm-player-${colour}` },
        el('span', { class: `gm-badge ${colour}`, 'aria-hidden': 'true' }),
        el('span', { class: 'gm-player-text' }, name, role), clock);
      return [colour, { card, name, role, clock }];
    }));
    const turnBadge = el('span', { class: 'gm-badge', 'aria-hidden': 'true' });
    const turnText = el('span', { class: 'gm-turn-text' });
    const turn = el('p', { class: 'gm-turn', id: 'gm-turn', role: 'status' }, turnBadge, turnText);
    const thinkingText = el('span', {});
    const thinkingBadge = el('span', { class: 'gm-badge', 'aria-hidden': 'true' });
    const thinking = el('p', { class: 'gm-thinking', id: 'gm-thinking', hidden: true },
      thinkingBadge, el('span', { class: 'gm-spinner', 'aria-hidden': 'true' }), thinkingText);

    const resultTitle = el('h2', { id: 'gm-result-title' });
    const resultText = el('p', { id: 'gm-result-text' });
    const resultRecord = el('p', { class: 'gm-result-record', id: 'gm-result-record', hidden: true });
    const againButton = el('button', { class: 'primary', id: 'gm-again', onclick: playAgain, text: t('gm.again') });
    const hallButton = screen.hallButton('gm-result-hall');
    // The engine's review of the finished game, once it is done (in the background).
    const reviewButton = el('button', { id: 'gm-review', hidden: true, onclick: openReview, text: t('gm.review.open') });
    const reviewWait = el('p', { class: 'gm-review-wait', id: 'gm-review-wait', hidden: true, text: t('gm.review.waiting') });
    const result = el('section', { class: 'gm-result', id: 'gm-result', hidden: true, 'aria-labelledby': 'gm-result-title' },
      resultTitle, resultText, resultRecord, reviewWait,
      el('div', { class: 'gm-result-buttons' }, againButton,
        el('button', { id: 'gm-result-new', onclick: chooseGame, text: t('gm.newGame') }), reviewButton, hallButton));

    const clocks = new PlayerClocks({
      nodes: { black: players.black.clock, white: players.white.clock }, sound: () => Boolean(screen.app.settings.sound),
    });
    const moveList = new MoveList({ onStep: step });
    const swap2 = new Swap2Panel({
      onChoose: (choice) => screen.play({ choose: choice }), onDeclare: (offers) => screen.play({ offers }),
    });
    const demo = new DemoPanel({
      request: (ask) => screen.request(ask).catch((error) => screen.showError(error)), settings: screen.app.settings,
    });
    const side = el('aside', { class: 'gm-side', 'aria-label': t('gm.side') },
      el('div', { class: 'gm-players' }, players.black.card, players.white.card),
      turn, thinking, swap2.node, demo.node, result,
      moveList.node,
      el('div', { class: 'gm-actions' }, controls.undo, controls.redo),
      el('div', { class: 'gm-actions gm-exchange' },
        el('button', { id: 'gm-copy-moves', type: 'button', onclick: copyCurrentMoves, text: t('gm.copyMoves') }),
        el('button', { id: 'gm-paste', type: 'button', onclick: pastePosition, text: t('gm.pastePosition') })));
    const stage = el('div', { class: 'gm-stage' }, boardArea, side);
    const statusText = controls.status;
    const status = el('div', { class: 'statusline' }, statusText);
    ui = {
      toolbar, kind, board, frame, boardArea, players, turn, turnBadge, turnText, thinking, thinkingText, thinkingBadge,
      result, resultTitle, resultText, resultRecord, againButton, hallButton, reviewButton, reviewWait, moveList, swap2, demo, side, stage, clocks,
      statusText, status,
    };
    return { nodes: [toolbar, stage, ui.status], board, concealed: frame, fit: { area: boardArea, margin: 8, follow: 'area' } };
  }

  /// A refused stone: said in words the player knows. Nothing changed on the board.
  function playError(error, move) {
    const reason = error?.code === 'illegal_move' ? error.params?.reason : null;
    let text;
    if (reason === 'occupied') text = t('gm.error.occupied', { point: notation(move.x, move.y, screen.snapshot?.view?.size ?? SIZE) });
    // Swap2's choice by its name; the other opening rules' decisions in general words.
    else if (reason === 'choicePending' && byPartOpening(screen.snapshot?.view)) text = t('gm.error.decisionPending');
    else if (REFUSALS[reason]) text = t(REFUSALS[reason]);
    else text = error?.code ? errorText(error) : String(error);
    toast(text);
    announce(text);
  }

  /// The hint's point, marked on the board until the next move and told to screen readers.
  function showHint(hint, snap) {
    if (!hint || !shown?.view || (snap?.view && snap.view.moves.length !== shown.view.moves.length)) return;
    hinted = { x: hint.x, y: hint.y, notation: hint.notation, moves: shown.view.moves.length };
    drawStones();
    // When the engine sees a win by force from there, it says the line too; the status line says
    // it until the next move.
    const text = hintText(hint);
    screen.note(text);
    announce(text);
  }

  /// What a move did, as the backend's effects tell it: the computer's stone, a Swap2 decision
  /// and the result are told to screen readers (a record's name is asked by the shared screen).
  function onEffects(effects, next, { cause }) {
    const view = next.view;
    if (!view) return null;
    if (next.ended) {
      if (effects?.lostOnTime) playSound(Boolean(screen.app.settings.sound), 'flag');
      announce(`${resultTitle(next)} ${resultDetail(next)}`);
      return null;
    }
    if (effects?.decided) announce(decisionText(effects.decided));
    if (effects?.takenOver) announce(t('gm.demo.takenOver', { colour: t(`gm.colour.${view.humanColour}`) }));
    if (effects?.declared) announce(declarationText(effects.declared));
    if (effects?.offered) announce(t('gm.opening.offeredOne', { point: effects.offered.notation }));
    const placed = effects?.placed;
    // The computer's stones come as events (in the Swap2 opening the player places both colours).
    if (placed && vsComputer(view) && cause === 'event') {
      announce(t('gm.announce.played', { name: nameOf(view, placed.colour), point: placed.notation }));
    }
    return null;
  }

  /// The board at once; a replay's step is kept while the finished game stays as it is.
  function drawBoard(next) {
    const previous = shown;
    shown = next;
    const view = next.view;
    if (!view || !previous?.view || previous.view.moves.length !== view.moves.length || next.status === 'playing') replayAt = null;
    if (hinted && (!view || view.moves.length !== hinted.moves || next.status !== 'playing')) hinted = null;
    if (view) drawStones();
    else if (!ui.board.size) ui.board.build(SIZE);
  }

  /// The toolbar's and the side panel's view of the snapshot, and the status line.
  function drawPanel(next) {
    const view = next.view;
    if (view) {
      drawMoveList();
      showPlayers(view, next);
    }
    ui.swap2.show(view, next);
    ui.demo.show(view, next);
    ui.clocks.show(next);
    showThinking(next);
    showResult(next);
    setText(ui.statusText, statusText(next));
    const { dataset } = screen.root;
    dataset.thinking = String(Boolean(next.computerThinking));
    dataset.moves = String(view ? view.moves.length : next.moveCount);
  }

  /// How many moves the board and the move list show: all, or the replay's step.
  function shownMoves() {
    const total = shown.view.moves.length;
    return shown.status !== 'playing' && replayAt != null ? replayAt : total;
  }

  /// The board: the game as it stands, or a step of the finished game's replay.
  function drawStones() {
    const view = shown.view;
    const total = view.moves.length;
    // A replay only shows the first moves again; it asks the backend nothing.
    const at = shownMoves();
    // While the opening waits for a choice or a declaration, a click places nothing.
    const choosing = Boolean(view.swap2?.decider) && !STONE_PHASES.has(view.swap2.phase);
    const canPlay = shown.status === 'playing' && !shown.paused && !shown.computerThinking && !view.computerToMove && !choosing;
    const live = at === total && shown.status === 'playing';
    ui.board.show(view, {
      at, numbers: Boolean(screen.app.settings.moveNumbers),
      turn: canPlay ? view.sideToMove : null,
      forbidden: live ? view.forbidden ?? [] : [],
      hint: live && hinted ? hinted : null,
      // The fifth moves offered, see-through and numbered, until one is chosen.
      ghosts: live ? (view.swap2?.offers ?? []).map((p, i) => ({ x: p.x, y: p.y, colour: 'black', number: i + 1 })) : [],
    });
    ui.board.node.classList.toggle('replay', at < total);
  }

  /// The board and the move list together, at once (a replay's step, a change of options).
  function drawPosition() {
    drawStones();
    drawMoveList();
  }

  function drawMoveList() {
    ui.moveList.render(shown.view.moves, { at: shownMoves(), replaying: shown.status !== 'playing' });
  }

  /// Shows the position after `n` moves of the finished game.
  function step(n) {
    if (!shown?.view || shown.status === 'playing') return;
    const total = shown.view.moves.length;
    const at = Math.max(0, Math.min(total, n));
    replayAt = at === total ? null : at;
    drawPosition();
    setText(ui.statusText, statusText(shown));
  }

  function showPlayers(view, snap) {
    // Until the Swap2 opening settles the colours, the cards are the first and the second player.
    const unsettled = inSwap2Opening(view) && !view.swap2.firstColour;
    for (const colour of COLOURS) {
      const { card, name, role } = ui.players[colour];
      setText(name, nameOf(view, colour));
      const computer = computerPlays(view, colour);
      const partWord = t(colour === 'black' ? 'gm.role.first' : 'gm.role.second');
      const colourWord = unsettled ? partWord : namedByColour(nameOf(view, colour), colour) ? null : t(`gm.colour.${colour}`);
      card.classList.toggle('unsettled', unsettled);
      const winner = view.winner === colour ? t('gm.role.winner') : null;
      setText(role, joined([colourWord, computer ? t('gm.role.computer') : vsComputer(view) ? t('gm.role.you') : null, winner]));
      role.hidden = !role.textContent;
      const toMove = snap.status === 'playing' && actingColour(view) === colour;
      card.classList.toggle('to-move', toMove);
      card.classList.toggle('winner', view.winner === colour);
      if (toMove) card.setAttribute('aria-current', 'true');
      else card.removeAttribute('aria-current');
    }
    const side = view.sideToMove;
    // While the computer thinks, the thinking line says whose turn it is; in the Swap2 opening its
    // panel does.
    ui.turn.hidden = snap.status !== 'playing' || Boolean(snap.computerThinking) || inSwap2Opening(view);
    if (side) {
      ui.turnBadge.className = `gm-badge ${side}`;
      setText(ui.turnText, turnText(view, side));
    }
  }

  function showThinking(snap) {
    const thinking = Boolean(snap.computerThinking);
    ui.thinking.hidden = !thinking;
    ui.board.node.classList.toggle('thinking', thinking);
    const view = snap.view;
    if (thinking && view) {
      // In a demo the computer plays both sides: the side to act is thinking.
      const colour = view.demo?.playsItself ? actingColour(view) : other(view.humanColour);
      ui.thinkingBadge.className = `gm-badge ${colour}`;
      // In the Swap2 opening the computer's name is its part's (the decider's).
      const name = inSwap2Opening(view) ? shownName(view.swap2.deciderName) : nameOf(view, colour);
      setText(ui.thinkingText, t('gm.thinking', { name }));
    }
  }

  function showResult(snap) {
    const over = snap.status !== 'playing' && Boolean(snap.view);
    ui.result.hidden = !over;
    ui.result.dataset.result = over ? snap.status : '';
    ui.result.classList.toggle('lost', snap.status === 'lost');
    if (!over) return;
    setText(ui.resultTitle, resultTitle(snap));
    setText(ui.resultText, resultDetail(snap));
    const rank = snap.record?.rank;
    ui.resultRecord.hidden = !rank;
    setText(ui.resultRecord, rank ? t('gm.result.record', { rank }) : '');
    ui.hallButton.hidden = !rank;
    const reviewed = Boolean(snap.analysis) && Boolean(snap.record);
    ui.reviewButton.hidden = !reviewed;
    ui.reviewWait.hidden = reviewed || !snap.analysing;
  }

  /// The finished game's review, on its own screen; its Back button comes back here.
  function openReview() {
    const id = screen.snapshot?.record?.id;
    if (id != null) screen.app.show(reviewScreen('gomoku'), { id, back: 'gomoku' });
  }

  function statusText(snap) {
    const kind = categoryLabel('gomoku', snap.category);
    setText(ui.kind, kind);
    ui.kind.title = kind;
    if (snap.paused) return joined([kind, t('game.paused')]);
    const view = snap.view;
    if (!view) return kind;
    if (snap.status !== 'playing') {
      const total = view.moves.length;
      const at = replayAt ?? total;
      const replay = at < total ? t('gm.replay.position', { at: formatNumber(at), total: formatNumber(total) }) : null;
      return joined([`${resultTitle(snap)} ${resultDetail(snap)}`, replay]);
    }
    // A hint for this very position stays said here until the next move.
    const note = screen.noteFor(snap);
    if (note) return note;
    // Whose turn it is, and the moves, are beside the board (the turn is read out from there): a
    // move changes nothing down here, so its frame repaints nothing down here.
    const clock = view.timeControl && view.timeControl.kind !== 'none' ? controlText(view.timeControl) : null;
    return joined([kind, clock, t(`gm.rule.${view.rule}.hint`)]);
  }

  /// F2 and the New game buttons: choose the rule, the opponent and the names, then play.
  async function chooseGame() {
    if (document.querySelector('dialog[open]')) return;
    await chooseParams(screen.app, (params) => screen.start(params));
  }

  /// "Copy moves": the game's moves in board notation (H8 I9 J10) on the clipboard.
  function copyCurrentMoves() {
    if (!screen.snapshot?.moveCount) { toast(t('gm.noMoves')); return; }
    copyMoves(screen.app, 'gomoku');
  }

  /// "Paste position": moves in board notation (or a record file) pasted into a dialog open a new
  /// game from there, with the current setup (two players or the computer); the backend marks it
  /// imported, so it never ranks. A text it cannot play changes nothing and says why.
  async function pastePosition() {
    const text = await askForMoves({ prefix: 'gm', title: t('gm.pasteTitle') });
    if (text == null) return;
    const chosen = params();
    const paste = () => call('import_game', { game: 'gomoku', format: 'moves', params: chosen, text }).then((imported) => imported.game);
    screen.request(paste, { newBoard: true, any: true })
      .then((next) => { if (next) announce(t('gm.pasted', { count: formatNumber(next.moveCount) })); })
      .catch((error) => screen.showError(error));
  }

  /// "Study": the study board with this game's position. The board's best moves make a game
  /// still going assisted (the backend marks it): the shared warning asks first.
  async function study() {
    if (document.querySelector('dialog[open]')) return;
    const snap = screen.snapshot;
    if (snap?.status === 'playing' && !(await screen.confirmAssistance())) return;
    screen.app.show('gomoku-study-board', { from: { screen: 'gomoku' }, load: snap?.view ? 'game' : null });
  }

  /// The same game again: same rule, opponent, colours and names.
  function playAgain() {
    const view = screen.snapshot?.view;
    screen.start(view ? paramsOf(view) : params()).catch((error) => screen.showError(error));
  }

  /// Asks the window for room for a board of about 34 px a line, with the side panel beside it.
  function fitToBoard() {
    const board = 34 * ((screen.snapshot?.view?.size ?? SIZE) + 1.8);
    const chrome = ui.toolbar.offsetHeight + ui.status.offsetHeight + 40;
    fitWindow(Math.round(board + 300 + 48), Math.round(Math.max(board, 520) + chrome)).catch(() => {});
  }

  function options() {
    return {
      title: t('gm.options.title'),
      body: [
        screen.optionBox('moveNumbers', t('gm.options.moveNumbers')),
        screen.optionBox('colourBlind', t('gm.options.colourBlind')),
        screen.optionBox('sound', t('gm.options.sound')),
        el('p', { class: 'hint', text: t('gm.options.colourBlindHint') }),
      ],
      save() {
        if (shown?.view) drawPosition();
      },
    };
  }

  /// Games, wins, losses and draws of one category (rule and opponent), chosen in the dialog.
  async function statistics() {
    const saved = savedParams(screen.app.settings);
    const current = screen.snapshot?.category ?? categoryOf(saved.rule, saved.opponent, saved.opening, saved.size);
    const played = (await call('played_categories')).filter((p) => p.game === 'gomoku').map((p) => p.category);
    const select = el('select', { id: 'gm-stats-category', 'aria-label': t('gm.stats.category') },
      categoriesOf('gomoku', [...played, current]).map((category) => el('option', {
        value: category, text: categoryLabel('gomoku', category), selected: category === current ? true : undefined,
      })));
    const table = el('table', { class: 'stats', id: 'gm-stats-table' });
    // A quick change of category: only the last one asked for is shown.
    let asked = 0;
    const fill = async () => {
      const ticket = ++asked;
      const stats = await screen.statistics(select.value);
      if (ticket === asked) table.replaceChildren(statsRows(statisticsRows(stats)));
    };
    select.addEventListener('change', () => fill().catch((error) => screen.showError(error)));
    await fill();
    return {
      title: t('gm.stats.title'),
      body: [el('label', { for: 'gm-stats-category' }, t('gm.stats.category'), select), table],
    };
  }
}
