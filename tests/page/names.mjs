// The page's own check that only a game's folder names the game: every module of ui/js outside
// its games' folders (ui/js/<game>/) is parsed (with espree, ESLint's parser, from .tools/) and
// must hold no string equal to a game's id and read no game's summary field out of a finished
// game's `summary` or `analysis` (`row.summary.bbbvPerSecond`).
// The ids and fields come from the backend's registry, as arguments (tests/page_assets.rs runs
// this with them): `node tests/page/names.mjs ui '{"games": [...], "fields": [...]}'`.
// Prints what it finds, one per line, and exits with 1 if it finds anything.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as espree from '../../.tools/node_modules/espree/dist/espree.cjs';

const [ui, registry] = process.argv.slice(2);
const { games, fields } = JSON.parse(registry);
const folders = new Set(games);

/// Every node of `tree`, depth first.
function* nodes(tree) {
  if (!tree || typeof tree.type !== 'string') return;
  yield tree;
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'parent') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object') yield* nodes(child);
    }
  }
}

/// The name of the property `node` reads, if it is a member read by name (`a.b`, `a?.b`,
/// `a['b']`).
function propertyOf(node) {
  if (node?.type !== 'MemberExpression') return null;
  if (!node.computed) return node.property.name;
  return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : null;
}

/// What `node` names of a game, if anything: a game's id as a string, a game's summary field
/// read out of a finished game's summary or analysis.
function named(node) {
  const text = node.type === 'Literal' && typeof node.value === 'string' ? node.value
    : node.type === 'TemplateElement' ? node.value.cooked : null;
  if (text !== null && games.includes(text)) return `the game ${text}`;
  const property = propertyOf(node);
  const from = propertyOf(node.object?.type === 'ChainExpression' ? node.object.expression : node.object);
  if (fields.includes(property) && ['summary', 'analysis'].includes(from)) return `the field ${from}.${property}`;
  return null;
}

const found = [];
const js = join(ui, 'js');
for (const entry of readdirSync(js, { withFileTypes: true })) {
  if (entry.isDirectory() && folders.has(entry.name)) continue;
  const files = entry.isDirectory()
    ? readdirSync(join(js, entry.name)).filter((name) => name.endsWith('.js')).map((name) => join(entry.name, name))
    : entry.name.endsWith('.js') ? [entry.name] : [];
  for (const file of files) {
    const source = readFileSync(join(js, file), 'utf8');
    const tree = espree.parse(source, { ecmaVersion: 2023, sourceType: 'module', loc: true });
    for (const node of nodes(tree)) {
      const what = named(node);
      if (what) found.push(`${join(js, file)}:${node.loc.start.line} names ${what}`);
    }
  }
}
console.log(found.join('\n'));
process.exit(found.length ? 1 : 0);
