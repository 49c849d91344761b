//! No text cut off on a screen or dialog of the tour (tour.rs): German, Russian and French words
//! run long, Chinese, Japanese and Korean glyphs stand tall. A picture of each stop is kept
//! (`target/e2e-shots/lang-<language>-<stop>.png`) to look at by eye. The tour in every language
//! is languages.rs.

use crate::harness::App;
use crate::tour::Inspector;

/// The elements shown on the page whose content is cut off: wider or taller than a box that
/// hides what overflows, or, outside any scrolling box, past the window's edge. Text kept for
/// screen readers only (`.visually-hidden`) is clipped on purpose.
///
/// The answer is `{cut}` once the page stands still: no window fit under way, and the same
/// elements cut off, the same way, three frames apart; `null` before. A board fits its area in
/// the frame after the area's size is known (`followSize` in board-kit.js), so a screen just
/// shown may for a frame or two hold a board still at its old size.
pub const CUT_OFF: &str = "
if (document.querySelector('#screen[aria-busy=\"true\"]')) return null;
const measure = () => {
const cut = [];
const scrolls = (style) => ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
const inScroller = (e) => { for (let a = e.parentElement; a; a = a.parentElement) if (scrolls(getComputedStyle(a))) return true; return false; };
const hides = (value) => value !== 'visible' && value !== 'auto' && value !== 'scroll';
const width = document.documentElement.clientWidth, height = document.documentElement.clientHeight;
for (const e of document.querySelectorAll('body *')) {
  if (e.closest('.visually-hidden') || (e.closest('svg') && e.tagName !== 'svg') || e.tagName === 'CANVAS') continue;
  const style = getComputedStyle(e);
  const box = e.getBoundingClientRect();
  if (style.display === 'none' || style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
  const across = hides(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
  const down = hides(style.overflowY) && e.scrollHeight > e.clientHeight + 1;
  const outside = !inScroller(e) && (box.left < -1 || box.right > width + 1 || box.bottom > height + 1);
  if (across || down || outside) {
    const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(' ').join('.') : '');
    cut.push(name + ' (' + [across && 'across', down && 'down', outside && 'past the window'].filter(Boolean).join(', ') + '): ' + (e.innerText || '').trim().slice(0, 60));
  }
}
return cut;
};
// Which elements are cut off, and how, without their text: a clock may tick in between.
const which = (cut) => JSON.stringify(cut.map((line) => line.slice(0, line.indexOf('): '))));
const before = which(measure());
const frame = () => new Promise((done) => requestAnimationFrame(done));
return frame().then(frame).then(frame).then(() => {
  const cut = measure();
  return which(cut) === before ? { cut } : null;
});";

/// What each stop of the tour cut off, and a picture of it.
#[derive(Default)]
pub struct CutOff {
    pub found: Vec<String>,
}

impl Inspector for CutOff {
    async fn look(&mut self, app: &App, name: &str) {
        let cut = app.wait_for(&format!("{name} to stand still"), CUT_OFF).await;
        app.screenshot(&format!("lang-{}", name.replace(['/', ' '], "-"))).await;
        let cut = cut["cut"].as_array().cloned().unwrap_or_default();
        self.found.extend(cut.iter().map(|line| format!("{name}: {}", line.as_str().unwrap_or_default())));
    }
}
