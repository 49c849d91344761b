// The games and how their statistics categories read to a player.

import { t } from './i18n.js';

export const GAMES = ['minesweeper', 'bubbles', 'gomoku'];

/// The categories listed even before anyone has played them.
export const FIXED_CATEGORIES = {
  minesweeper: ['beginner', 'intermediate', 'expert'],
  bubbles: ['megashift', 'standard', 'continuous', 'shifter'],
  // Records are wins against the computer: one category per rule and level.
  gomoku: ['freestyle-easy', 'freestyle-medium', 'freestyle-hard', 'exactFive-easy', 'exactFive-medium', 'exactFive-hard'],
};

export function categoryLabel(game, category) {
  if (game === 'minesweeper') {
    const custom = /^custom-(\d+)x(\d+)\/(\d+)$/.exec(category);
    if (custom) return t('ms.level.customSize', { width: custom[1], height: custom[2], mines: custom[3] });
    return t(`ms.level.${category}`);
  }
  return t(`category.${game}.${category}`);
}
