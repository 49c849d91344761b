// The computer against itself (a demo) in the side panel: the pace its moves come at, and a
// button per side to take it over. The backend plays the moves, waits the pace between them and
// keeps who plays what (src-tauri/games/src/gomoku/demo.rs, src-tauri/play/live.rs); this draws
// the view's `demo` and forwards the player's pace and take-over.

import { el, setText } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { call } from '../ipc.js';

/// The paces offered, in milliseconds (the backend takes 0 to 10 s: src-tauri/prefs/pace.rs).
export const PACES = [0, 250, 500, 1000, 2000, 5000, 10000];

const COLOURS = ['black', 'white'];
/// The take-over buttons' words (literal keys, so that the catalogue test sees them).
const TAKE_TEXT = { black: 'gm.demo.take.black', white: 'gm.demo.take.white' };

/// Whether the computer plays `colour` in the game `view` shows: in a demo both sides until the
/// player takes one over; against the computer, the side that is not the player's.
export function computerPlays(view, colour) {
  const demo = view?.demo;
  if (!demo) return view?.opponent !== 'human' && colour !== view?.humanColour;
  const role = colour === 'black' ? demo.blackRole : demo.whiteRole;
  return role !== demo.takenOver;
}

export class DemoPanel {
  /// `request(ask)` runs a backend request through the screen's queue and draws its answer;
  /// `settings` are the app's (the pace is the backend's setting `demoPaceMs`).
  constructor({ request, settings }) {
    this.request = request;
    this.settings = settings;
    const chosen = settings.demoPaceMs ?? 1000;
    this.pace = el('select', { id: 'gm-pace', onchange: () => this.setPace(Number(this.pace.value)) },
      [...new Set([...PACES, chosen])].sort((a, b) => a - b).map((ms) => el('option', {
        value: String(ms), text: t('stats.seconds', { seconds: formatNumber(ms / 1000) }),
        selected: ms === chosen ? true : undefined,
      })));
    this.title = el('p', { class: 'gm-demo-title', id: 'gm-demo-text', text: t('gm.demo.title') });
    this.buttons = Object.fromEntries(COLOURS.map((colour) => [colour, el('button', {
      type: 'button', id: `gm-take-${colour}`, onclick: () => this.takeOver(colour),
    }, el('span', { class: `gm-badge ${colour}`, 'aria-hidden': 'true' }), t(TAKE_TEXT[colour]))]));
    this.node = el('section', { class: 'gm-demo', id: 'gm-demo', hidden: true, 'aria-labelledby': 'gm-demo-text' },
      this.title,
      el('label', { for: 'gm-pace', class: 'gm-demo-pace' }, t('gm.demo.pace'), this.pace),
      el('div', { class: 'gm-demo-take', role: 'group', 'aria-label': t('gm.demo.takeOver') },
        COLOURS.map((colour) => this.buttons[colour])),
      el('p', { class: 'hint', text: t('gm.demo.hint') }));
    this.view = null;
  }

  /// Shown while the computer plays itself.
  show(view, snap) {
    this.view = view;
    const open = Boolean(view?.demo?.playsItself) && snap.status === 'playing';
    this.node.hidden = !open;
    if (open) setText(this.title, t('gm.demo.title'));
  }

  /// The player's new pace: the backend keeps it and waits it from the next move on.
  setPace(ms) {
    return call('set_pace', { game: 'gomoku', ms }).then(() => { this.settings.demoPaceMs = ms; });
  }

  /// The player takes over `colour`: its part (the view says which holds it) becomes theirs.
  takeOver(colour) {
    const demo = this.view?.demo;
    if (!demo) return Promise.resolve(null);
    const role = colour === 'black' ? demo.blackRole : demo.whiteRole;
    return this.request(() => call('take_over', { game: 'gomoku', move: { takeOver: role } }));
  }
}
