// A finished game's figures as its game declares them (the catalogue's `summaryFields`, from the
// game's table in the backend: each with its key, its name, its format and whether it is read
// from the game's summary or from its analysis), read from a history row and written as the
// field's format says. The page names no game and no figure of one.

import { t, formatNumber, formatSeconds } from './i18n.js';
import { gameInfo } from './catalogue.js';

/// A figure written as its field's format says (`{ kind: 'rate', decimals: 2 }`, `{ kind:
/// 'integer' }`...).
export function formatFigure(format, value) {
  switch (format.kind) {
    case 'timeMs':
      return t('stats.seconds', { seconds: formatSeconds(value) });
    case 'rate':
      return formatNumber(value, { minimumFractionDigits: format.decimals, maximumFractionDigits: format.decimals });
    default:
      return formatNumber(value);
  }
}

/// The figures a history row shows below its score or time, in the game's order, as `{ key,
/// text }`: each field the game shows on a row that this row has (an older game, or one whose
/// analysis is not done yet, may lack it), in its catalogue words ("1.50 3BV/s").
export function historyFigures(row) {
  const fields = gameInfo(row.game)?.summaryFields ?? [];
  return fields
    .filter((field) => field.onHistoryRow && row[field.source]?.[field.key] != null)
    .map((field) => ({ key: field.key, text: t(field.nameKey, { value: formatFigure(field.format, row[field.source][field.key]) }) }));
}
