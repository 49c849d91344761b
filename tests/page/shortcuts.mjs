// The page's key tables, checked as the page's handlers read them (ui/js/shortcuts.js): run with
// node by src-tauri/shell/menu.rs's test, which then holds the native menu's accelerators to the
// keys printed here.
//
// For each table the page builds without a document (the keys of every screen, the board's
// cursor, the Move menu's undo and redo), over every key a player can press with and without
// Ctrl and Shift: the handler made from the table takes exactly the keys the shortcuts window
// lists (the table's names), runs the entry of the row that names the key, and no listed name is
// one no key press makes (a typo, a Shift the name cannot have); no key is listed twice on one
// screen. Exits non-zero with the reason on a failure; prints, as JSON, `menuKeys`: the keys the
// page reads for each native menu item ({ "new-game": ["Ctrl+N", "F2"] }).

import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(new URL('../..', import.meta.url).pathname);
const ui = join(root, 'ui', 'js');
// The modules reach Tauri's global and the document only when called.
const inert = new Proxy(() => inert, { get: () => inert });
globalThis.window = { __TAURI__: inert };

const load = (path) => import(pathToFileURL(join(ui, path)));
const { keyHandler, keyNames } = await load('shortcuts.js');
const { appKeys } = await load('app-keys.js');
const { cursorKeys } = await load('keys.js');
const { MOVE_KEYS } = await load('game-controls.js');

/// Every key press the sweep makes: each key (`event.key` as a keyboard gives it, unshifted and
/// shifted) with and without Ctrl.
function presses() {
  const pairs = [];
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') pairs.push([letter, false], [letter.toUpperCase(), true]);
  // A US layout's digits and punctuation, and the characters Shift makes of them.
  const plain = '`1234567890-=[]\\;\',./';
  const shifted = '~!@#$%^&*()_+{}|:"<>?';
  for (const key of plain) pairs.push([key, false]);
  for (const key of shifted) pairs.push([key, true]);
  // A layout that reports the unshifted character with Shift held (Ctrl+Shift+/).
  for (const key of '/=-') pairs.push([key, true]);
  const named = ['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Insert', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
    'Home', 'End', 'PageUp', 'PageDown', ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`)];
  for (const key of [' ', ...named]) pairs.push([key, false], [key, true]);
  return pairs.flatMap(([key, shiftKey]) => [false, true].map((ctrlKey) => ({ key, shiftKey, ctrlKey, altKey: false, metaKey: false })));
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/// The checks over one screen's tables (`tables`: name → a function of `run(label)` giving the
/// table whose entries call it).
function checkScreen(screen, tables) {
  const listed = new Map();
  for (const [name, make] of Object.entries(tables)) {
    let ran = null;
    const table = make((label) => { ran = label; });
    const reached = new Set();
    const handle = keyHandler(() => table);
    for (const press of presses()) {
      ran = null;
      let prevented = false;
      const event = { ...press, defaultPrevented: false, preventDefault() { prevented = true; } };
      const taken = handle(event);
      const names = keyNames(event);
      const row = table.find((entry) => entry.keys.some((key) => names.includes(key)));
      if (Boolean(row) !== taken || taken !== prevented) fail(`${screen} ${name}: ${JSON.stringify(press)} taken ${taken}, listed ${Boolean(row)}`);
      if (row && ran !== row.label) fail(`${screen} ${name}: ${JSON.stringify(press)} ran ${ran}, not ${row.label}`);
      for (const key of row?.keys ?? []) if (names.includes(key)) reached.add(key);
    }
    for (const entry of table) {
      for (const key of entry.keys) {
        if (!reached.has(key)) fail(`${screen} ${name}: no key press makes ${key} (${entry.label})`);
        if (listed.has(key)) fail(`${screen}: ${key} is listed twice (${listed.get(key)}, ${entry.label})`);
        listed.set(key, entry.label);
      }
    }
  }
}

const app = (restarts) => (run) => appKeys({ run: (id) => run(`menu.${id}`), zoom: (d) => run(`zoom ${d}`), restarts })
  .map((entry) => ({ ...entry, label: entry.menu.startsWith('zoom') ? `zoom ${{ 'zoom-in': 1, 'zoom-out': -1, 'zoom-reset': 0 }[entry.menu]}` : `menu.${entry.menu}` }));
const cursor = (run) => cursorKeys({ cursor: () => ({ x: 1, y: 1 }), moveTo: () => {}, width: () => 3, height: () => 3 })
  .map((entry) => ({ ...entry, run: () => run(entry.label) }));
const moves = (run) => Object.entries(MOVE_KEYS).map(([menu, keys]) => ({ keys, label: menu, run: () => run(menu) }));

checkScreen('home', { app: app(false) });
checkScreen('a game that deals', { app: app(true), moves, cursor });

const menuKeys = {};
for (const entry of [...appKeys({ run: () => {}, zoom: () => {}, restarts: true }), ...Object.entries(MOVE_KEYS).map(([menu, keys]) => ({ menu, keys }))]) {
  menuKeys[entry.menu] = entry.keys;
}
process.stdout.write(JSON.stringify({ menuKeys }));
