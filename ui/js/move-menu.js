// The native Move menu (Undo, Redo, Hint, Show odds, Pause) follows the game screen's buttons:
// the controls tell the backend which items their buttons leave enabled (src-tauri/shell/menu.rs,
// `move_menu`), and a screen left disables them all. Only a change is sent.

import { call } from './ipc.js';

/// What the menu was last told, as JSON.
let told = null;

/// Enables the Move menu's items as `state` says ({ undo, redo, hint, odds, pause, paused,
/// oddsOn }), or disables them all (`null`: no game on screen).
export function showMoveMenu(state) {
  const said = JSON.stringify(state);
  if (said === told) return;
  told = said;
  call('move_menu', { state }).catch((error) => console.error(error));
}
