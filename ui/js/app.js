// The app shell: settings, theme, language, the screens and the native menu's events.

import { appInfo, listen, setTitle, settings as settingsApi } from './ipc.js';
import { loadLanguage, t, errorText } from './i18n.js';
import { el, clear, toast } from './dom.js';
import { openDialog } from './dialog.js';
import * as home from './home.js';
import * as minesweeper from './minesweeper/screen.js';
import * as bubbles from './bubbles/screen.js';
import * as gomoku from './gomoku/screen.js';
import * as hall from './hall.js';

const screens = { home, minesweeper, bubbles, gomoku, hall };

export const app = {
  settings: {},
  info: null,
  current: null,
  /// Opens a screen by name; the screen's module gets the root element and this app object.
  async show(name, options = {}) {
    const screen = screens[name] ?? screens.home;
    const root = document.getElementById('screen');
    this.current?.unmount?.();
    clear(root);
    root.className = `screen screen-${screen.id}`;
    this.current = screen;
    // A screen may put its own text in the title (Bubble Breaker's score); others get the name.
    setTitle(t('app.name')).catch(() => {});
    await screen.mount(root, this, options);
    if (this.settings.lastScreen !== screen.id) this.saveSetting('lastScreen', screen.id);
  },
  async saveSetting(key, value) {
    try {
      this.settings = await settingsApi.set(key, value);
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
  root.dataset.theme = settings.theme;
  root.classList.toggle('colour-blind', Boolean(settings.colourBlind));
  root.classList.toggle('monochrome', Boolean(settings.monochrome));
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
  await openDialog({
    id: 'help-dialog',
    title: t(`help.${topic}.title`),
    body: el('div', { class: 'help-text' }, paragraphs.map((text) => el('p', { text }))),
  });
}

const menuActions = {
  'new-game': () => (app.current?.newGame ? app.current.newGame() : app.show('home')),
  'open-minesweeper': () => app.show('minesweeper'),
  'open-bubbles': () => app.show('bubbles'),
  'open-gomoku': () => app.show('gomoku'),
  'hall-of-fame': () => app.show('hall'),
  home: () => app.show('home'),
  'how-to-play': showHowToPlay,
  about: showAbout,
};

export function runMenuAction(id) {
  // A modal dialog is open: the menu waits until it closes, as native dialogs make it.
  if (document.querySelector('dialog[open]')) return;
  const action = menuActions[id];
  if (action) Promise.resolve(action()).catch((error) => app.showError(error));
}

app.about = showAbout;
app.howToPlay = showHowToPlay;

async function start() {
  app.settings = await settingsApi.all().catch(() => ({}));
  await loadLanguage(app.settings.language);
  applyTheme(app.settings);
  app.info = await appInfo();
  await listen('menu', runMenuAction);
  document.addEventListener('contextmenu', (event) => event.preventDefault());
  if (app.info.startupError) {
    const root = document.getElementById('screen');
    root.append(el('section', { class: 'startup-error', role: 'alert' },
      el('h1', { text: t('startup.failed') }),
      el('p', { text: app.info.startupError })));
    return;
  }
  await app.show(app.settings.lastScreen || 'home');
  document.body.dataset.ready = 'true';
}

start().catch((error) => {
  console.error(error);
  document.getElementById('screen').textContent = String(error?.message ?? error);
});
