// The players' clocks on the Gomoku side panel, in a timed game. The backend owns them (the
// snapshot's `clocks`: each player's time left as it was taken, whose clock runs, whose flag
// fell); between two snapshots the running one is counted down here for display only, and it
// stops at 0:00.0: the flag falls when the backend says so (its snapshot ends the game). The last
// ten seconds of a running clock are marked, and beep once a second when sound is on.

import { setText } from '../dom.js';
import { formatNumber } from '../i18n.js';
import { play as playSound } from '../sound.js';

/// A clock's last seconds, in milliseconds: marked, and beeping with sound on.
export const WARNING_MS = 10_000;

/// A clock's time as shown: "4:59", "1:02:03"; under a minute "0:09.4" (tenths), as a chess clock
/// shows the last seconds.
export function clockText(ms) {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const seconds = Math.floor(tenths / 10);
  const pad = (n) => String(n).padStart(2, '0');
  if (seconds < 60) {
    const decimal = formatNumber(0.5, { minimumFractionDigits: 1 }).replace(/\d/g, '');
    return `0:${pad(seconds)}${decimal}${tenths % 10}`;
  }
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/// The colour of player 0 (the first) and 1 (the second): the first is black until Swap2 gives
/// it white.
export const colourOfPlayer = (view, player) => {
  const first = view?.swap2?.firstColour ?? 'black';
  return player === 0 ? first : first === 'black' ? 'white' : 'black';
};

/// The two clocks, one in each player's card (`nodes[colour]`), and the sound of their last
/// seconds.
export class PlayerClocks {
  /// `nodes`: `{ black, white }` the clock element of each card; `sound()`: whether sound is on.
  constructor({ nodes, sound }) {
    this.nodes = nodes;
    this.sound = sound;
    this.snap = null;
    this.received = 0;
    this.lastBeep = null;
  }

  /// A new snapshot: the clocks as the backend counted them, from now.
  show(snap) {
    this.snap = snap;
    this.received = performance.now();
    this.tick();
  }

  /// Each clock's time now (the running one counted down since the snapshot), drawn.
  tick() {
    const clocks = this.snap?.clocks;
    const view = this.snap?.view;
    for (const colour of ['black', 'white']) this.nodes[colour].hidden = !clocks || !view;
    if (!clocks || !view) return;
    const running = this.snap.paused ? null : clocks.running;
    for (const player of [0, 1]) {
      const node = this.nodes[colourOfPlayer(view, player)];
      const since = player === running ? performance.now() - this.received : 0;
      const left = Math.max(0, clocks.leftMs[player] - since);
      setText(node, clockText(left));
      node.classList.toggle('running', player === running);
      node.classList.toggle('low', player === running && left < WARNING_MS);
      node.classList.toggle('fallen', clocks.fallen === player);
      node.dataset.leftMs = String(Math.round(left));
      if (player === running) this.beep(left);
    }
  }

  /// Once a second in the last ten of the running clock, with sound on.
  beep(left) {
    if (left >= WARNING_MS || left <= 0) { this.lastBeep = null; return; }
    const second = Math.ceil(left / 1000);
    if (second !== this.lastBeep) playSound(this.sound(), 'warning');
    this.lastBeep = second;
  }
}
