// The home screen: pick a game.

import { el } from './dom.js';
import { t, formatClock, joined } from './i18n.js';
import { call, fitWindow } from './ipc.js';
import { allGames, categoryLabel } from './catalogue.js';
import { dailyButton } from './daily.js';

export const id = 'home';
export const helpTopic = 'home';

/// A game of `game` under way, as its card says it: "Game in progress", then its category and
/// its clock as it stood when the player left it ("Expert · 1:05"); null when none has begun.
async function progress(game) {
  const snapshot = await call('snapshot', { game }).catch(() => null);
  if (snapshot?.status !== 'playing' || !snapshot.moveCount) return null;
  return el('span', { class: 'game-card-progress' },
    el('strong', { text: t('home.inProgress') }),
    el('span', { text: joined([categoryLabel(game, snapshot.category), formatClock(snapshot.elapsedMs)]) }));
}

export async function mount(root, app) {
  const list = el('ul', { class: 'game-list' });
  // Both asked at once: each answer is a round trip through the webview.
  const [underWay, daily] = await Promise.all([
    Promise.all(allGames().map((game) => progress(game.id))),
    Promise.all(allGames().map((game) => dailyButton(app, game.id))),
  ]);
  for (const [index, game] of allGames().entries()) {
    list.append(el('li', {},
      el('button', {
        class: `game-card game-card-${game.id}`, id: `open-${game.id}`,
        onclick: () => app.show(game.id),
      },
      el('span', { class: `game-card-art art-${game.id}`, 'aria-hidden': 'true' }),
      el('span', { class: 'game-card-name', text: t(game.nameKey) }),
      el('span', { class: 'game-card-blurb', text: t(`${game.nameKey}.blurb`) }),
      underWay[index]),
    daily[index]));
  }
  root.append(
    el('header', { class: 'home-header' },
      el('h1', { text: t('app.name') }),
      el('p', { class: 'tagline', text: t('home.tagline') })),
    list,
    el('footer', { class: 'home-footer' },
      el('button', { id: 'help-button', onclick: () => app.howToPlay(), text: t('home.howToPlay') }),
      el('button', { id: 'hall-button', onclick: () => app.show('hall'), text: t('hall.title') }),
      el('button', { id: 'settings-button', onclick: () => app.preferences(), text: t('home.settings') }),
      el('button', { id: 'about-button', onclick: () => app.about(), text: t('home.about') })));
  list.querySelector('button')?.focus();
  fitWindow(760, 560).catch(() => {});
}
