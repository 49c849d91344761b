// The backend's side of one game screen, for one mount of it: its requests (one at a time, in
// order, and never landing on a board the player did not aim at), the backend's own `snapshot`
// events, and the snapshot shown last. Made at each mount (`gameClient`) and closed at unmount,
// after which whatever was asked or sent is dropped. The screen draws; this module only decides
// which answer shows and when (game-screen.js composes the two).

import { games, onSnapshot } from './ipc.js';

/// Whether the game of `snapshot` takes moves: it is being played and not paused.
export const isOn = (snapshot) => snapshot.status === 'playing' && !snapshot.paused;

/// The client of the game `name` for one mount of its screen. It listens to the backend's
/// events from now on (so that no move of the computer goes unseen between the mount and its
/// first question) until `close()`. The screen hears through `hooks`:
/// - `effects(next, cause)`: what a move's result means, before it is drawn; returns what the
///   board animates (asked only of an answer to a move, an undo, a redo or of an event);
/// - `show(next, { first, animation, cause })`: draws `next`, the client's `snapshot` by then
///   (`first`: the mount's first snapshot; `cause`: play, undo, redo, event, or null);
/// - `newBoard()`: the answer about to be shown is another board (a new game, a replay);
/// - `showError(error)`: an event that could not be shown.
export function gameClient(name, hooks) {
  let open = true;
  let queue = Promise.resolve();
  let snapshot = null;
  /// A fresh object per board shown: a move aimed at one board never lands on the next.
  let board = null;
  const unlisten = onSnapshot(onEvent);

  /// Runs one backend request after those asked before it and shows its answer. Unless `any`,
  /// it runs only on the board the player saw when asking, and only if `when(snapshot)` still
  /// holds once its turn comes; `newBoard`: the answer is a new board; `shown(next)` runs once
  /// the answer is drawn. The promise returned fails with the request; the queue goes on.
  function request(ask, { newBoard = false, any = false, when = () => true, cause = null, shown } = {}) {
    const aimedAt = board;
    const run = queue.then(async () => {
      if (!open || (!any && (aimedAt !== board || !snapshot || !when(snapshot)))) return null;
      const before = snapshot;
      const next = await ask();
      if (!open || !next || (!any && aimedAt !== board)) return null;
      if (newBoard) {
        board = {};
        hooks.newBoard();
      }
      deliver(before, next, cause);
      shown?.(next);
      return next;
    });
    queue = run.catch(() => {});
    return run;
  }

  /// A new snapshot from the backend: the game reacts to its effects, then it is drawn.
  function deliver(before, next, cause) {
    const animation = cause && before ? hooks.effects(next, cause) : null;
    const first = snapshot === null;
    snapshot = next;
    hooks.show(next, { first, animation, cause });
  }

  /// The backend's own snapshot: the computer's move, or a pause of its own (the window was
  /// minimised). It waits behind the requests under way; an answer to one of them that already
  /// says more (the computer's move taken back) makes it stale.
  function onEvent(next) {
    if (!open || next?.game !== name) return;
    queue = queue.then(() => {
      // Only news: an event older than the board shown (a cancelled game's late reply) is not.
      if (!open || !snapshot || next.revision <= snapshot.revision) return;
      deliver(snapshot, next, 'event');
    }).catch((error) => hooks.showError(error));
  }

  /// A help the backend answers with its own words and the snapshot it now has (a hint, the
  /// odds): the snapshot is shown, then `show(words, next)` puts the words on it.
  function helped(ask, key, show) {
    let answer = null;
    return request(async () => {
      answer = await ask();
      return answer?.snapshot;
    }, { when: isOn, shown: (next) => show(answer[key], next) });
  }

  return {
    get snapshot() { return snapshot; },
    /// False once the screen is left.
    get open() { return open; },
    request,
    /// The game the backend has, as a new board (null if it has none).
    current: () => request(() => games.snapshot(name), { newBoard: true, any: true }),
    /// One move, played if the game is still on when its turn comes (a click queued behind the
    /// losing one is dropped).
    play: (move) => request(() => games.play(name, move), { when: isOn, cause: 'play' }),
    /// A new game of `params`; `started()` runs before it shows (the choice saved).
    newGame: (params, started) => request(async () => {
      const next = await games.newGame(name, params);
      await started();
      return next;
    }, { newBoard: true, any: true }),
    /// The same deal again from its start (F5), as a new board.
    restart: () => request(() => games.restart(name), { newBoard: true, any: true }),
    /// The deal's code, copied; the game it marks (when under way) is shown, then `show(answer)`
    /// tells the player.
    dealCode: (show) => {
      let answer = null;
      return request(async () => {
        answer = await games.dealCode(name);
        return answer.snapshot;
      }, { any: true, shown: () => show(answer) });
    },
    undo: () => request(() => games.undo(name), { cause: 'undo' }),
    redo: () => request(() => games.redo(name), { cause: 'redo' }),
    pause: () => request(() => games.pause(name)),
    /// Pauses a running game, resumes a paused one (as it is when the request's turn comes).
    togglePause: () => request(() => (snapshot.paused ? games.resume(name) : games.pause(name))),
    hint: (show) => helped(() => games.hint(name), 'hint', show),
    odds: (show) => helped(() => games.odds(name), 'odds', show),
    close() {
      open = false;
      board = null;
      unlisten();
    },
  };
}
