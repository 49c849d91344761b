// Every game's part of the page, one descriptor a game (ui/js/<game>/index.js: its screen, its
// board in the watch view, its stylesheets, and its review screen if its analysis is shown as a
// review; optionally a finished game's summary in one line for the history, `summaryLine`, and
// in a few words for the watch view, `shortSummary`, its result in words where "Won" alone would
// not say who, `resultText`, and a record's mark beside its name in the hall of fame, `hallTag`,
// an element); the backend's registry (catalogue.js) tells the rest.
// The page names no game: at start-up it loads the descriptor of each game the backend registers
// (`loadDescriptors`), by the game's id, and links the stylesheets the descriptor names; a game
// only a test build serves (Lights Out) takes the very same path. The descriptors are small: a
// game's own modules load when first shown, so start-up loads only the modules of the screen it
// opens on.

import { t } from './i18n.js';

/// Each registered game's descriptor, by id; filled by `loadDescriptors`.
export const descriptors = {};

/// Each game's screen module, loaded when first shown, by the game's id.
export const gameScreens = {};

/// The review screens of the games that have one (their catalogue entry's `analysisShown` is
/// 'review'), by screen name: `<game>-review`.
export const reviewScreens = {};

/// The further screens some games have (Gomoku's study board), by screen name.
export const extraScreens = {};

/// Loads the descriptor of each game of `ids` (the backend's registry, in its order) and links
/// its stylesheets; resolves once every stylesheet has loaded, so that no screen is drawn
/// unstyled. A descriptor that cannot load is an error: the page would lack a game the backend
/// offers.
export async function loadDescriptors(ids) {
  const loaded = await Promise.all(ids.map((id) => import(`./${id}/index.js`)));
  const styled = [];
  for (const game of loaded) {
    descriptors[game.id] = game;
    gameScreens[game.id] = game.screen;
    if (game.review) reviewScreens[reviewScreen(game.id)] = game.review;
    Object.assign(extraScreens, game.screens ?? {});
    styled.push(...game.stylesheets.map(linkStylesheet));
  }
  await Promise.all(styled);
}

/// Where the next game stylesheet goes: after the app's own and the games' linked before it, and
/// before the shell's screens' (hall.css, watch.css), in the order index.html once listed them
/// all, so that the cascade resolves as it always did.
let lastLinked = null;

/// Links the stylesheet at `href` (once); resolves when it has loaded, or failed to (the page
/// still works unstyled, and says which in the console).
function linkStylesheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', () => {
      console.error(`the stylesheet ${href} did not load`);
      resolve();
    }, { once: true });
    (lastLinked ?? document.querySelector('link[rel="stylesheet"][href="css/app.css"]')).after(link);
    lastLinked = link;
  });
}

/// The name of the review screen of the game `id`.
export function reviewScreen(id) {
  return `${id}-review`;
}

/// A finished game's result in words: the game's own where it says more (a two-player Gomoku
/// game's winner, from the game's summary), else Won, Lost, Draw...
export function resultWords(game, result, summary) {
  return descriptors[game]?.resultText?.(result, summary) ?? t(`result.${result}`);
}
