// Board notation for labels: a column letter A..O and a row number counted from the bottom, so
// the top-left point (x 0, y 0) is "A15" and the centre is "H8" (as the backend's notation).

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function columnName(x) {
  return LETTERS[x] ?? '?';
}

export function rowName(y, size = 15) {
  return String(size - y);
}

export function notation(x, y, size = 15) {
  return `${columnName(x)}${rowName(y, size)}`;
}

/// "H8" to {x, y} on a board of `size` lines, or null for a name that is no point.
export function pointOf(name, size = 15) {
  const x = LETTERS.indexOf(name[0]);
  const row = Number(name.slice(1));
  if (x < 0 || !Number.isInteger(row)) return null;
  return { x, y: size - row };
}
