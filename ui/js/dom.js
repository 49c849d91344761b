// Small helpers to build elements. Text always goes in as text, never as HTML, so a player's
// name with markup in it shows as characters.

export function el(tag, attributes = {}, ...children) {
  return filled(document.createElement(tag), attributes, children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/// An SVG element, made as [`el`] makes an HTML one (`class`, `text`, `on…`, `dataset`).
export function svgEl(tag, attributes = {}, ...children) {
  return filled(document.createElementNS(SVG_NS, tag), attributes, children);
}

/// `node` with its attributes set and its children appended (text as text): nothing is parsed.
function filled(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.setAttribute('class', value);
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/// Sets a CSS custom property only when its value changes: writing the same value again still
/// restyles everything under the node (every cell of a board).
export function setCssVariable(node, name, value) {
  if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

/// The width a flex row needs to show its children side by side in one line: their widths, the
/// gaps between them and its padding (a bar whose window is fitted to its content).
export function oneRowWidth(row) {
  const style = getComputedStyle(row);
  const items = [...row.children].filter((node) => !node.classList.contains('spacer') && node.offsetWidth);
  const gap = parseFloat(style.columnGap) || 0;
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  return Math.ceil(items.reduce((sum, node) => sum + node.offsetWidth, 0) + gap * items.length + padding);
}

/// Sets a node's text only when it changes: writing the same text again still lays out its
/// whole box again, and in a flex layout the boxes beside it (a toolbar label, the board).
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/// Writes a property only when it changes: writing the same value again still restyles (a
/// needless attribute write near a 100x100 field restyles ten thousand cells).
export function setIfChanged(target, property, value) {
  if (target[property] !== value) target[property] = value;
}

/// Runs `task` once the next frame has been painted, and settles when it has run. For what can
/// wait one frame behind what the player is looking at: in WebKit's software rendering a frame
/// repaints the box around everything that changed in it, so changes far apart cost less on
/// frames of their own.
export function afterNextPaint(task) {
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0))).then(task);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function announce(text) {
  const region = document.getElementById('announcer');
  // After the frame that shows what is announced (a change of text lays out the page, and on a
  // frame of its own that costs nothing), and the text in a separate task, so screen readers
  // notice the change even for the same text.
  afterNextPaint(() => {
    region.textContent = '';
    setTimeout(() => { region.textContent = text; }, 50);
  });
}

let toastTimer = null;
export function toast(text) {
  const node = document.getElementById('toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 4000);
}
