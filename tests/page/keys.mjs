// The catalogue keys the page uses, as the page itself tells them: printed as JSON for the
// catalogue test of src-tauri/prefs/i18n.rs, which runs this script with node and checks the
// keys against the catalogues (every key the page builds exists; every English key is used by
// the page or the backend). The page is read here, in its own language, so that no Rust test
// reads JavaScript: the lists the page builds keys from are imported from its modules, and only
// what no module exports is found in the page's text (its literal keys, its counted nouns, and a
// few lists written inside a function).
//
// Usage: node tests/page/keys.mjs <page folder>... <template>... (the folders: ui, and in a test
// build tests/lights/ui; the templates in backquotes, `game.${id}`). Prints, as one JSON object:
// `literal`, every quoted word of the page that may be a key; `built`, each template the page
// fills from its own lists, with the keys it makes; `absent`, the templates asked about that the
// page no longer holds; `prefixes` and `controls`, the games' prefixes and the names of the
// controls every game's screen has (`bb.toolbar`); `countedParams`, each parameter the page fills
// with a counted noun ([parameter, noun]); `opponents`, the New game dialog's opponents in order.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(new URL('../..', import.meta.url).pathname);
const args = process.argv.slice(2);
const folders = args.filter((arg) => !arg.startsWith('`')).map((folder) => resolve(root, folder));
const asked = args.filter((arg) => arg.startsWith('`'));
const ui = join(root, 'ui', 'js');

// The page's modules reach Tauri's global only when called; importing them needs only that it
// exists.
const inert = new Proxy(() => inert, { get: () => inert });
globalThis.window = { __TAURI__: inert };

/// Every file under `dir` whose name ends with one of `endings`.
function files(dir, endings) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, endings);
    return endings.some((ending) => name.endsWith(ending)) ? [path] : [];
  });
}

/// The page's text by path from the repository, its comment lines left out (a key named in a
/// comment is not used).
const texts = Object.fromEntries(folders.flatMap((folder) => files(folder, ['.js', '.html'])).map((path) => [
  relative(root, path),
  readFileSync(path, 'utf8').split('\n').filter((line) => !/^\s*[/*]/.test(line)).join('\n'),
]));

function text(path) {
  if (!(path in texts)) throw new Error(`${path} is gone`);
  return texts[path];
}

/// The quoted words (in ' or ") of `code`, but for empty ones.
const quoted = (code) => code.split(/['"]/).filter((_, i) => i % 2 === 1).filter(Boolean);

/// `code` from `start` to the first `end` after it.
function between(code, start, end) {
  const at = code.indexOf(start);
  if (at < 0) throw new Error(`no ${JSON.stringify(start)} in the page any more`);
  const from = code.slice(at);
  return from.slice(0, from.indexOf(end));
}

/// The quoted words of the first list ([...]) after `anchor` in `code`.
function listAfter(code, anchor) {
  const rest = between(code, anchor, ']');
  return quoted(rest.slice(rest.indexOf('[') + 1));
}

const fill = (template, values) => [...new Set(values)].map((value) => template.replace('*', value));

const { COLOURS, OPPONENTS, RULES, nameProblem } = await import(pathToFileURL(join(ui, 'gomoku/setup.js')));
const { COLOURS: BUBBLE_COLOURS } = await import(pathToFileURL(join(ui, 'bubbles/colours.js')));
const { LANGUAGES } = await import(pathToFileURL(join(ui, 'i18n.js')));

/// The help topics of the screens that name their own (`helpTopic`): every module that exports
/// one, but app.js, which starts the page when imported.
const topics = [];
for (const path of files(ui, ['.js']).filter((path) => !path.endsWith('app.js'))) {
  const module = await import(pathToFileURL(path));
  if (typeof module.helpTopic === 'string') topics.push(module.helpTopic);
}

/// The nouns the page counts: `count('games', n)` and `countOf('mistakes', n)`, in each of
/// English's plural forms.
const nouns = new Set(Object.values(texts).flatMap((code) =>
  [...code.matchAll(/\bcount(?:Of)?\('([^']+)', /g)].map((match) => match[1])));
const counted = [...nouns].flatMap((noun) => [`${noun}.one`, `${noun}.other`]);

const history = text('ui/js/history.js');
// What nameProblem says of an empty name, a long one and one with a control character.
const problems = ['', 'x'.repeat(100), 'a\u0001b'].map(nameProblem);

const built = [
  ['`language.${code}`', fill('language.*', LANGUAGES)],
  ['`help.${topic}`', fill('help.*', topics)],
  ['`help.${topic}.title`', fill('help.*.title', topics)],
  ['`bb.colour.${colour}`', fill('bb.colour.*', BUBBLE_COLOURS.filter(Boolean))],
  ['`gm.point.${colour}`', fill('gm.point.*', COLOURS)],
  ['`gm.colour.${colour}`', fill('gm.colour.*', COLOURS)],
  ['`gm.colourName.${colour}`', fill('gm.colourName.*', COLOURS)],
  ['`gm.defaultName.${colour}`', fill('gm.defaultName.*', COLOURS)],
  ['`gm.new.colour.${c}`', fill('gm.new.colour.*', COLOURS)],
  ['`gm.rule.${r}`', fill('gm.rule.*', RULES)],
  ['`gm.rule.${r}.hint`', fill('gm.rule.*.hint', RULES)],
  ['`gm.opponent.${o}`', fill('gm.opponent.*', OPPONENTS)],
  ['`gm.opponent.${opponent}.hint`', fill('gm.opponent.*.hint', OPPONENTS)],
  ['`gm.level.${opponent}`', fill('gm.level.*', OPPONENTS.filter((o) => o !== 'human'))],
  ['`gm.name.${problem}`', fill('gm.name.*', problems)],
  ['`hall.tab.${name}`', fill('hall.tab.*', listAfter(text('ui/js/hall.js'), 'const tabs = '))],
  ['`result.${r}`', fill('result.*', listAfter(history, 'const RESULTS = '))],
  ['`history.${key}`', fill('history.*', listAfter(history, "el('thead', {}, el('tr', {}, "))],
  ['`bb.options.scoring.${value}`', fill('bb.options.scoring.*', listAfter(text('ui/js/bubbles/screen.js'), 'const SCORINGS = '))],
  ['`count.${noun}.${form}`', fill('count.*', counted)],
];
// A control every game's screen has, named by the game's prefix: `${game.prefix}.undo` in the
// controller, for each game module that says `prefix: 'bb'`.
const prefixes = [...new Set(Object.values(texts).flatMap((code) =>
  [...code.matchAll(/\bprefix: '(\w+)',/g)].map((match) => match[1])))];
const controls = [...new Set(Object.values(texts).flatMap((code) =>
  [...code.matchAll(/`\$\{game\.prefix\}\.([\w.]+)`/g)].map((match) => match[1])))];

const code = Object.values(texts).join('\n');
for (const [template, keys] of built) {
  if (!code.includes(template)) {
    throw new Error(`the page no longer builds keys as ${template}`);
  }
  if (keys.length === 0 || keys.some((key) => !key || key.includes('undefined'))) {
    throw new Error(`${template} is built from no list, or one with a gap: ${keys}`);
  }
}

/// The templates asked about that the page no longer holds: the backend's test makes the keys of
/// the templates the page fills with the backend's values (`game.${id}`, an error's code), and
/// asks here whether the page still builds them so.
const absent = asked.filter((template) => !code.includes(template));

/// The parameters the page fills with a counted phrase: `total: count('games', n)`.
const countedParams = [...code.matchAll(/\b(\w+): count(?:Of)?\('(\w+)'/g)].map((match) => [match[1], match[2]]);

// Every word between two like quotes, quotes overlapping ('a', 'b' has 'a', 'b' and ', ').
const literal = [...new Set(Object.values(texts).flatMap((code) =>
  [...code.matchAll(/(?=(['"`])([A-Za-z][\w.-]*)\1)/g)].map((match) => match[2])))].sort();
process.stdout.write(JSON.stringify({ literal, built, absent, prefixes, controls, countedParams, opponents: OPPONENTS, languages: LANGUAGES }));
