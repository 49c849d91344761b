// A won Minesweeper game's figures as the rankings compare them (the backend works them out:
// src-tauri/games/src/minesweeper/stats.rs, board_figures.rs): 3BV and ZiNi of the board,
// 3BV/s, IOS and RQP of the time, IOE, throughput and correctness of the clicks, the
// board's openings and islands, and whether it was played without flags (NF). Shown in the
// statistics dialog and on the history's rows.

import { el } from '../dom.js';
import { t, formatNumber, joined } from '../i18n.js';

const two = (value) => (value == null ? '—' : formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const one = (value) => (value == null ? '—' : formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const percent = (value) => (value == null ? '—' : `${formatNumber(Math.round(value * 100))} %`);

/// The figures of a game's summary as rows [id, name, value]; games kept from before a figure
/// existed leave it out.
export function figureRows(summary) {
  if (!summary) return [];
  const rows = [
    ['bbbv', '3BV', bbbvText(summary)],
    ['zini', 'ZiNi', summary.zini == null ? null : formatNumber(summary.zini)],
    ['bbbvPerSecond', '3BV/s', two(summary.bbbvPerSecond)],
    ['ios', 'IOS', summary.ios === undefined ? null : two(summary.ios)],
    ['rqp', 'RQP', summary.rqp === undefined ? null : one(summary.rqp)],
    ['ioe', 'IOE', two(summary.ioe)],
    ['throughput', t('ms.figures.throughput'), summary.throughput === undefined ? null : two(summary.throughput)],
    ['correctness', t('ms.figures.correctness'), percent(summary.correctness)],
    ['openings', t('ms.figures.openings'), summary.openings == null ? null : formatNumber(summary.openings)],
    ['islands', t('ms.figures.islands'), summary.islands == null ? null : formatNumber(summary.islands)],
  ];
  return rows.filter(([, , value]) => value != null);
}

/// The board's 3BV, and for a game that did not solve it all the part it solved first, as the
/// competitive programs show a lost game's: "17/120".
function bbbvText(summary) {
  const { bbbv, solvedBbbv } = summary;
  if (solvedBbbv == null || solvedBbbv === bbbv) return formatNumber(bbbv);
  return `${formatNumber(solvedBbbv)}/${formatNumber(bbbv)}`;
}

/// 3BV and 3BV/s, for the watch view's line once the last frame (which carries them) is shown;
/// null for a frame without them.
export function shortSummary(summary) {
  if (summary?.bbbv == null) return null;
  return t('history.summary', { bbbv: bbbvText(summary), rate: two(summary.bbbvPerSecond) });
}

/// How the game was played, as the rankings list it: "NF (no flags)" or "Flagging"; null for a
/// game kept from before the backend said so.
export function styleOf(summary) {
  if (summary?.noFlags == null) return null;
  return t(summary.noFlags ? 'ms.figures.noFlags' : 'ms.figures.flags');
}

/// A record's mark beside its holder's name (the hall of fame, the best times): NF for a game
/// won without flags, null otherwise.
export function hallTag(summary) {
  return summary?.noFlags ? el('abbr', { class: 'hall-tag', title: t('ms.figures.noFlags'), text: t('ms.figures.nf') }) : null;
}

/// The same in one line: "3BV 120 · ZiNi 94 · 3BV/s 1.50 · … · NF (no flags)".
export function figuresLine(summary) {
  // Each figure stays whole ("3BV 120"): only the separators may end a line.
  const figures = figureRows(summary).map(([, name, value]) => `${name}\u00a0${value}`);
  return joined([...figures, styleOf(summary)]);
}
