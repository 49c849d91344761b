// Deals beside play: a finished game's deal code copied (the history's row menu, a game-over
// view), what a copied code is told as, and "Open deal..." from a code or a plain number. The
// backend writes and reads the codes and deals their games; the page asks and tells.

import { el, toast } from './dom.js';
import { t } from './i18n.js';
import { call } from './ipc.js';
import { openDialog } from './dialog.js';
import { gameInfo } from './catalogue.js';

/// What the player is told of a code just copied (`answer`: the backend's, `{code, complete}`):
/// the code, and that it names the seed only where the board is laid at the first click.
export function dealCodeWords(answer) {
  const copied = t('deal.copied', { code: answer.code });
  return answer.complete ? copied : `${copied} ${t('deal.seedOnly')}`;
}

/// Copies the deal code of the finished game `id` of `game` and says so.
export async function copyFinishedDealCode(app, game, id) {
  try {
    toast(dealCodeWords(await call('deal_code', { game, id, copy: true })));
  } catch (problem) {
    app.showError(problem);
  }
}

/// "Open deal...": asks for a code (or a number, a numbered deal of the game on screen with the
/// setup a new game would have) and shows the game it deals. A text that is no deal is refused
/// by the backend with its reason; nothing changes.
export async function openDeal(app) {
  const onScreen = app.current?.newGameParams && gameInfo(app.current.id)?.hasDeals ? app.current : null;
  const input = el('input', {
    type: 'text', id: 'deal-code', name: 'code', autocomplete: 'off', spellcheck: 'false', maxlength: '16384',
  });
  const hint = onScreen ? t('deal.openHintNumber') : t('deal.openHint');
  const shown = await openDialog({
    id: 'deal-dialog',
    title: t('deal.openTitle'),
    body: [el('label', { for: 'deal-code', text: t('deal.openLabel') }), input, el('p', { class: 'hint', text: hint })],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'open', label: t('deal.open'), primary: true }],
    onOpen: () => input.focus(),
  });
  const text = shown.data.code?.trim();
  if (shown.value !== 'open' || !text) return;
  const next = await call('open_deal', { text, game: onScreen?.id, params: onScreen?.newGameParams() });
  // The game's screen asks the backend for its game: the one just dealt.
  await app.show(next.game);
}
