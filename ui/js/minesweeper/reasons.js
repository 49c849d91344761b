// Why logic settles a cell, in words: the rule the solver used and the numbers it read, as the
// backend's hint and review give them (`because`). The hint (./screen.js) and the review
// (./review.js) say it alike.

import { t, formatNumber } from '../i18n.js';

/// `because`: {rule, numbers}; `mine`: the cell is a mine (else safe); `view`: the position the
/// numbers are read from ({cells, width}).
export function reasonText(because, mine, view) {
  const { rule, numbers = [] } = because ?? {};
  const value = (at) => (at && view ? view.cells[at.y * view.width + at.x] : null);
  const [first, second] = numbers.map(value);
  switch (rule) {
    case 'firstClick': return t('ms.hint.because.firstClick');
    case 'count': return t('ms.hint.because.count');
    case 'single':
      if (first == null) break;
      return t(mine ? 'ms.hint.because.singleMine' : 'ms.hint.because.singleSafe', { number: first });
    case 'subset':
    case 'overlap':
      if (first == null || second == null) break;
      return t(rule === 'subset' ? 'ms.hint.because.subset' : 'ms.hint.because.overlap', { first, second });
    case 'cases':
      if (numbers.length) return t('ms.hint.because.cases', { count: formatNumber(numbers.length) });
      break;
    default:
      break;
  }
  return t('ms.hint.because.logic');
}
