// The app shell: settings, theme, language, the screens and the native menu's events.

import { appInfo, listen, listenToSnapshots, setTitle, setZoomFactor, settings as settingsApi } from './ipc.js';
import { loadLanguage, language, prefetchCatalogue, resolveLanguage, setLocales, t, errorText, LANGUAGES } from './i18n.js';
import { el, clear, toast } from './dom.js';
import { openDialog } from './dialog.js';
import * as home from './home.js';
import { extraScreens, gameScreens, loadDescriptors, reviewScreens } from './games.js';
import { allGames, gameInfo, gameName, loadCatalogue } from './catalogue.js';
import { showSavingNotice, showStoreReport, watchSaving } from './storage.js';
import { keyHandler } from './shortcuts.js';
import { appKeys } from './app-keys.js';

// The shell's own screens' modules, loaded the first time each is shown (home is the shell's own).
const shellScreens = {
  home: async () => home,
  hall: () => import('./hall.js'),
  watch: () => import('./watch.js'),
};

/// The module loader of the screen `name`: the shell's, or a registered game's (its screen, its
/// review or a further screen of its own, known once the descriptors have loaded).
function screenLoader(name) {
  return shellScreens[name] ?? gameScreens[name] ?? reviewScreens[name] ?? extraScreens[name];
}

export const app = {
  settings: {},
  info: null,
  current: null,
  asked: 0,
  /// What the current screen was opened with (a review's game), to draw it again in a new language.
  currentOptions: {},
  /// Opens a screen by name; the screen's module gets the root element and this app object.
  async show(name, options = {}) {
    // The module first: the screen shown stays until the next one can be drawn, and of two
    // screens asked for in a row the later one is shown.
    const asked = ++this.asked;
    const loaded = await (screenLoader(name) ?? shellScreens.home)();
    if (asked !== this.asked) return;
    // A screen that keeps what it shows makes a fresh screen for each showing (`create`).
    const screen = loaded.create?.() ?? loaded;
    const root = document.getElementById('screen');
    // `keep`: the same screen drawn again (a new language), its game left running.
    this.current?.unmount?.({ keep: Boolean(options.keep) });
    clear(root);
    // What the last screen said about itself (its state, its status) goes with it.
    for (const key of Object.keys(root.dataset)) delete root.dataset[key];
    root.className = `screen screen-${screen.id}`;
    this.current = screen;
    this.currentOptions = options;
    // A screen may put its own text in the title (Bubble Breaker's score); others get the name.
    setTitle(t('app.name')).catch(() => {});
    await screen.mount(root, this, options);
    // Another screen asked for while this one mounted has taken the root: this one is gone.
    if (asked !== this.asked) return;
    // Every screen has a main heading; a game's is for screen readers (its toolbar shows the rest).
    if (!root.querySelector('h1')) root.prepend(el('h1', { class: 'visually-hidden', text: gameName(screen.id) }));
    // A transient screen (a game's review, the watch view) needs what opened it: Pastimes never
    // starts on it.
    if (!screen.transient && this.settings.lastScreen !== screen.id) this.saveSetting('lastScreen', screen.id);
  },
  /// Saves one setting. Only that key is taken from the answer: another setting changed
  /// meanwhile (a theme from the menu, whose `settings` event came first) must not be put back
  /// by this answer's older copy of it.
  async saveSetting(key, value) {
    try {
      const saved = await settingsApi.set(key, value);
      this.settings = { ...this.settings, [key]: saved[key] };
    } catch (error) {
      this.showError(error);
    }
  },
  showError(error) {
    console.error(error);
    toast(error && error.code ? errorText(error) : String(error));
  },
};

export function applyTheme(settings) {
  const root = document.documentElement;
  root.dataset.theme = settings.theme || 'system';
  root.classList.toggle('colour-blind', Boolean(settings.colourBlind));
  root.classList.toggle('monochrome', Boolean(settings.monochrome));
  setZoomFactor(settings.zoom ?? 1);
}

/// A setting changed (from the menu, a dialog or a test): apply the theme and, when the
/// language is another, load its catalogue and draw the current screen again in it.
async function settingsChanged(settings) {
  const zoomed = (settings.zoom ?? 1) !== (app.settings?.zoom ?? 1);
  app.settings = settings;
  applyTheme(settings);
  // The window fits the screen's content at the new zoom (a game's board, its panels).
  if (zoomed) app.current?.refit?.();
  const next = resolveLanguage(settings.language, app.info?.systemLanguage);
  if (next === language()) return;
  await loadLanguage(next);
  if (app.current && document.body.dataset.ready === 'true') {
    // A screen that says where the player is (the hall's tab and history) comes back there.
    await app.show(app.current.id, { ...app.currentOptions, ...app.current.place?.(), keep: true });
  }
  document.body.dataset.language = next;
}

// The zoom levels of the View menu (src-tauri/prefs/settings.rs ZOOM_STEPS).
const ZOOM_STEPS = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];

function zoomStep(direction) {
  const current = Number(app.settings.zoom ?? 1);
  if (direction === 0) return 1;
  const steps = direction > 0 ? ZOOM_STEPS : [...ZOOM_STEPS].reverse();
  return steps.find((step) => (direction > 0 ? step > current + 1e-6 : step < current - 1e-6)) ?? steps[steps.length - 1];
}

/// Zooms in (1), out (-1) or back to the normal size (0), as the View menu does.
function zoom(direction) {
  const next = zoomStep(direction);
  if (next !== Number(app.settings.zoom ?? 1)) app.saveSetting('zoom', next);
}

/// The keys of every screen (./app-keys.js), in force now: F5 where the game on screen deals.
function keyTable() {
  return appKeys({ run: runMenuAction, zoom, restarts: Boolean(gameInfo(app.current?.id)?.hasDeals) });
}

/// The keys of every screen, but while a dialog is open (the menu waits for it too).
const screenKeys = keyHandler(keyTable, () => !document.querySelector('dialog[open]'));

/// The shortcuts window: every key of the screen shown, from the tables its handlers read.
function showShortcuts() {
  const sections = [{ title: 'shortcuts.app', entries: keyTable() }, ...(app.current?.shortcuts?.() ?? [])];
  return import('./shortcuts-window.js').then(({ shortcutsWindow }) => shortcutsWindow(sections));
}

/// Preferences: language, theme and colour-blind symbols, the View menu's choices in a dialog.
async function showPreferences() {
  const option = (value, label, chosen) => el('option', { value, text: label, selected: value === chosen ? true : undefined });
  const languageSelect = el('select', { id: 'settings-language', name: 'language' },
    option('system', t('menu.language.system'), app.settings.language ?? 'system'),
    LANGUAGES.map((code) => option(code, t(`language.${code}`), app.settings.language)));
  const themeSelect = el('select', { id: 'settings-theme', name: 'theme' },
    ['system', 'light', 'dark', 'contrast'].map((theme) => option(theme, t(`menu.theme.${theme}`), app.settings.theme ?? 'system')));
  const colourBlind = el('input', { type: 'checkbox', id: 'settings-colourBlind', name: 'colourBlind', checked: app.settings.colourBlind ? true : undefined });
  const result = await openDialog({
    id: 'settings-dialog',
    title: t('settings.title'),
    body: [
      el('label', { for: 'settings-language' }, t('settings.language'), languageSelect),
      el('label', { for: 'settings-theme' }, t('settings.theme'), themeSelect),
      el('label', { for: 'settings-colourBlind' }, t('settings.colourBlind'), colourBlind),
      el('p', { class: 'hint', text: t('settings.zoomHint') }),
      (await import('./engines.js')).enginesSection(app),
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
  });
  if (result.value !== 'save') return;
  const chosen = { theme: themeSelect.value, colourBlind: colourBlind.checked, language: languageSelect.value };
  for (const [key, value] of Object.entries(chosen)) {
    if ((app.settings[key] ?? null) !== value) await app.saveSetting(key, value);
  }
  await settingsChanged(app.settings);
}

async function showAbout() {
  const info = app.info;
  await openDialog({
    id: 'about-dialog',
    title: t('about.title'),
    body: [
      el('img', { src: 'icon.png', alt: '', class: 'about-icon', width: 96, height: 96 }),
      el('p', { class: 'about-version', text: t('about.version', { version: info.version }) }),
      el('p', { text: t('about.description') }),
      el('p', { class: 'about-licence', text: t('about.licence', { licence: info.licence }) }),
      el('p', { class: 'about-data', text: t('about.dataDir', { dir: info.dataDir }) }),
    ],
  });
}

async function showHowToPlay() {
  const topic = app.current?.helpTopic ?? 'home';
  const paragraphs = t(`help.${topic}`).split('\n\n');
  const title = t(`help.${topic}.title`);
  // The text scrolls where it is longer than the dialog: it can take the focus (the dialog
  // opens on it, the first thing to read), so that the keyboard scrolls it too.
  const text = el('div', { class: 'help-text', tabindex: '0', role: 'region', 'aria-label': title },
    paragraphs.map((paragraph) => el('p', { text: paragraph })));
  await openDialog({ id: 'help-dialog', title, body: text });
}

const menuActions = {
  'new-game': () => (app.current?.newGame ? app.current.newGame() : app.show('home')),
  restart: () => app.current?.restart?.(),
  'copy-deal-code': () => app.current?.copyDealCode?.(),
  // Loaded when first asked for: start-up needs none of it.
  'open-deal': () => import('./deals.js').then(({ openDeal }) => openDeal(app)),
  // Today's deal of the game on screen, if it offers one; else the home screen's cards.
  daily: () => import('./daily.js').then(({ offersDaily, startDaily }) => (
    offersDaily(app.current?.id) ? startDaily(app, app.current.id) : app.show('home'))),
  'hall-of-fame': () => app.show('hall'),
  home: () => app.show('home'),
  'how-to-play': showHowToPlay,
  about: showAbout,
  preferences: showPreferences,
  shortcuts: showShortcuts,
};

/// `choice-{game}-{choice}`: a choice of the Game menu, for the game on screen (the menu lists
/// only its choices).
function choiceAction(id) {
  const [, game, choice] = /^choice-([^-]+)-(.+)$/.exec(id) ?? [];
  return game && app.current?.id === game ? () => app.current.choose?.(choice) : null;
}

/// `move-undo`, `move-hint`…: an item of the Move menu, for the game on screen (the menu enables
/// them only where its buttons are).
function moveAction(id) {
  return id.startsWith('move-') ? () => app.current?.move?.(id) : null;
}

export function runMenuAction(id) {
  // A modal dialog is open: the menu waits until it closes, as native dialogs make it.
  if (document.querySelector('dialog[open]')) return;
  // `open-{game}` for every game of the Game menu.
  const game = id.startsWith('open-') && gameScreens[id.slice('open-'.length)] ? id.slice('open-'.length) : null;
  const action = game ? () => app.show(game) : menuActions[id] ?? choiceAction(id) ?? moveAction(id);
  if (action) Promise.resolve(action()).catch((error) => app.showError(error));
}

app.about = showAbout;
app.howToPlay = showHowToPlay;
app.preferences = showPreferences;

/// Start-up asks the backend and loads the files it needs side by side, not one after another:
/// each answer is a round trip through the webview.
async function start() {
  prefetchCatalogue('en');
  const listening = Promise.all([
    listen('menu', runMenuAction),
    listen('settings', (settings) => settingsChanged(settings).catch((error) => app.showError(error))),
    listen('menu-error', (error) => app.showError(error)),
    listenToSnapshots(),
    watchSaving(),
  ]);
  const settings = settingsApi.all().catch(() => ({}));
  // The registered games' descriptors and stylesheets load once the backend has named them.
  const games = loadCatalogue().then(() => loadDescriptors(allGames().map((game) => game.id)));
  // The first screen's modules load while the backend answers.
  Promise.all([settings, games]).then(([chosen]) => screenLoader(chosen.lastScreen)?.()).catch(() => {});
  [app.settings, app.info] = await Promise.all([settings, appInfo(), games]);
  setLocales(app.info.locales);
  await loadLanguage(app.info.language);
  document.body.dataset.language = language();
  applyTheme(app.settings);
  await listening;
  document.addEventListener('keydown', screenKeys);
  document.addEventListener('contextmenu', (event) => event.preventDefault());
  if (app.info.startupError) {
    const root = document.getElementById('screen');
    root.append(el('section', { class: 'startup-error', role: 'alert' },
      el('h1', { text: t('startup.failed') }),
      el('p', { text: app.info.startupError })));
    return;
  }
  // The game a launcher's action or `--game` asked for, else where the player left off.
  await app.show(app.info.openGame || app.settings.lastScreen || 'home');
  document.body.dataset.ready = 'true';
  // The store was moved aside, is a newer Pastimes's, or cannot be written: say so once.
  showSavingNotice(app.info.keepsGames, true);
  showStoreReport(app).catch((error) => app.showError(error));
}

start().catch((error) => {
  console.error(error);
  document.getElementById('screen').textContent = String(error?.message ?? error);
});
