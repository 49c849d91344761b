// Where the balls of a pop went, to animate it: which cells burst, how far each surviving ball
// fell and slid, and which balls are new. Only for the eye: the field is always drawn from the
// backend's view first, and a plan that does not land exactly on that view is dropped (no
// animation then), so this can never show a position the backend did not send.

/// The styles whose empty columns close up whole; the others pack every row to the right.
const CLOSING_COLUMNS = new Set(['standard', 'continuous']);

/// `before` and `after` are the views' cell codes; `removed` the indices of the popped group.
/// Returns {popped: [{x, y, code}], moved: [{x, y, dx, dy}], entering: [{x, y}]} with offsets
/// in cells from where a ball ends to where it started, or null.
export function planMotion(before, after, removed, width, height, style) {
  const gone = new Set(removed);
  if (!gone.size || before.length !== width * height || after.length !== width * height) return null;
  // Each surviving ball, by column, bottom first, as it lies after falling.
  const columns = [];
  for (let x = 0; x < width; x += 1) {
    const column = [];
    for (let y = height - 1; y >= 0; y -= 1) {
      const i = y * width + x;
      if (before[i] && !gone.has(i)) column.push({ code: before[i], x0: x, y0: y });
    }
    columns.push(column);
  }
  const placed = [];
  if (CLOSING_COLUMNS.has(style)) {
    let target = width;
    for (let x = width - 1; x >= 0; x -= 1) {
      if (!columns[x].length) continue;
      target -= 1;
      columns[x].forEach((ball, k) => placed.push({ ...ball, x: target, y: height - 1 - k }));
    }
  } else {
    for (let y = height - 1; y >= 0; y -= 1) {
      const row = height - 1 - y;
      let target = width;
      for (let x = width - 1; x >= 0; x -= 1) {
        const ball = columns[x][row];
        if (!ball) continue;
        target -= 1;
        placed.push({ ...ball, x: target, y });
      }
    }
  }
  const taken = new Set();
  for (const ball of placed) {
    const i = ball.y * width + ball.x;
    if (after[i] !== ball.code) return null;
    taken.add(i);
  }
  const popped = [...gone].map((i) => ({ x: i % width, y: Math.floor(i / width), code: before[i] }));
  const moved = placed
    .filter((ball) => ball.x !== ball.x0 || ball.y !== ball.y0)
    .map((ball) => ({ x: ball.x, y: ball.y, dx: ball.x0 - ball.x, dy: ball.y0 - ball.y }));
  const entering = [];
  for (let i = 0; i < after.length; i += 1) {
    if (after[i] && !taken.has(i)) entering.push({ x: i % width, y: Math.floor(i / width) });
  }
  return { popped, moved, entering };
}
