// The games as the backend's registry describes them (the `games` command): their names,
// categories, ranking and default parameters. The page keeps no list of games of its own.

import { call } from './ipc.js';
import { t, formatNumber, formatSeconds } from './i18n.js';

let games = [];
const byId = new Map();

/// Asks the backend once, at start-up.
export async function loadCatalogue() {
  games = await call('games');
  byId.clear();
  for (const game of games) byId.set(game.id, game);
}

/// Every game, in the order the home screen lists them.
export function allGames() {
  return games;
}

export function gameInfo(id) {
  return byId.get(id);
}

export function gameName(id) {
  return t(byId.get(id)?.nameKey ?? `game.${id}`);
}

/// What a result is measured in: 'time', 'score' or 'moves'.
export function measureOf(id) {
  return byId.get(id)?.ranking.measure ?? 'time';
}

/// A time of game `id` in seconds, with as many decimals as the game shows its times with
/// (its `timeDecimals`: Minesweeper's hundredths, the others' tenths).
export function formatTime(id, ms) {
  return formatSeconds(ms, byId.get(id)?.timeDecimals ?? 1);
}

/// The categories shown before any game of them was played.
export function listedCategories(id) {
  return byId.get(id)?.listedCategories ?? [];
}

/// The categories of game `id` to choose from, in order: the listed ones, then `others` (those
/// with games played or records, any that is in play) that are not listed. Each once.
export function categoriesOf(id, others = []) {
  return [...new Set([...listedCategories(id), ...others])];
}

/// A category's name: the entry of the game's pattern it matches, with the numbers read from
/// the name (`custom-{width}x{height}/{mines}`) written as the language writes them ("1,500
/// mines"); for a variant (`freestyle-hard-20x20`) the variant's entry naming the category it
/// is a variant of ("Freestyle against the computer (hard), 20x20 board"); else
/// `{labelPrefix}.{category}`.
export function categoryLabel(id, category) {
  const game = byId.get(id);
  if (!game) return category;
  for (const variant of game.categoryVariants) {
    if (category.endsWith(variant.suffix)) {
      return t(variant.labelKey, { category: categoryLabel(id, category.slice(0, -variant.suffix.length)) });
    }
  }
  for (const pattern of game.categoryPatterns) {
    const fields = patternFields(pattern.template, category);
    if (fields) return t(pattern.labelKey, fields);
  }
  return t(`${game.labelPrefix}.${category}`);
}

/// The numbers of `name` by field, if it has the template's shape.
function patternFields(template, name) {
  const names = [];
  const source = template.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\{(\w+)\\\}/g, (_, field) => {
    names.push(field);
    return '(0|[1-9]\\d*)';
  });
  const match = new RegExp(`^${source}$`).exec(name);
  if (!match) return null;
  return Object.fromEntries(names.map((field, i) => [field, formatNumber(Number(match[i + 1]))]));
}
