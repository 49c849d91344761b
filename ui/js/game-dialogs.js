// The dialogs every game screen shares, for one mount of it: the warning before the first help
// in a game that could rank, a record's name, the statistics and the options (whose checkboxes
// made with `optionBox` it saves). The game gives the statistics' and the options' contents.

import { el } from './dom.js';
import { t } from './i18n.js';
import { categoryLabel } from './catalogue.js';
import { openDialog } from './dialog.js';
import { askRecordName } from './record.js';
import { dailyStatistics } from './daily.js';

/// The dialogs of the game `name`'s screen: `parts` are the game's (its `statistics` and
/// `options`), `client` its game client (the snapshot shown).
export function gameDialogs({ name, app, parts, client }) {
  /// The checkboxes of the options dialog open ({ key: checkbox }).
  let optionBoxes = {};

  /// Before the first help (undo, hint, odds, a restart, a deal's code) in a game that could
  /// still rank, while the setting `assistWarning` is on: says the game will leave the hall of
  /// fame (`warning`: the key of what the help says of itself); true to go on. "Don't ask again"
  /// turns the setting off.
  async function confirmAssistance(warning = 'game.assistWarning') {
    if (!client.snapshot?.canRank || app.settings.assistWarning === false) return true;
    const never = el('input', { type: 'checkbox', name: 'never', id: 'assist-never' });
    const shown = await openDialog({
      id: 'assist-dialog',
      title: t('game.assistTitle'),
      body: [el('p', { text: t(warning) }), el('label', { class: 'check' }, never, t('game.assistNever'))],
      buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'continue', label: t('game.assistContinue'), primary: true }],
    });
    if (shown.value !== 'continue') return false;
    if (never.checked) await app.saveSetting('assistWarning', false);
    return true;
  }

  /// A game that ended in the hall of fame asks the player's name; settles once answered (at
  /// once for any other game).
  function askRecord(next) {
    return next.record?.rank ? askRecordName(app, next, categoryLabel(name, next.category)) : Promise.resolve();
  }

  async function statistics() {
    // A game with a daily deal shows its streaks and its all-days table below its own.
    const [spec, daily] = await Promise.all([parts.statistics(), dailyStatistics(name)]);
    const body = [spec.body, daily].flat();
    const shown = await openDialog({ id: 'stats-dialog', title: spec.title, body, buttons: spec.buttons });
    await spec.closed?.(shown.value);
  }

  /// A checkbox of the options dialog for the setting `key`, with its `label`, saved when the
  /// dialog is.
  function optionBox(key, label) {
    const box = el('input', { type: 'checkbox', name: key, id: `option-${key}`, checked: app.settings[key] ? true : undefined });
    optionBoxes[key] = box;
    return el('label', { for: `option-${key}` }, label, box);
  }

  async function options() {
    optionBoxes = {};
    const spec = parts.options();
    const boxes = optionBoxes;
    const result = await openDialog({
      id: 'options-dialog',
      title: spec.title,
      body: spec.body,
      buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'save', label: t('dialog.save'), primary: true }],
    });
    if (result.value !== 'save') return;
    await saveBoxes(boxes);
    await spec.save?.();
  }

  async function saveBoxes(boxes) {
    for (const [key, box] of Object.entries(boxes)) {
      if (Boolean(app.settings[key]) !== box.checked) await app.saveSetting(key, box.checked);
    }
    // The looks the options change, at once (the settings' event applies them too, later).
    const { classList } = document.documentElement;
    classList.toggle('colour-blind', Boolean(app.settings.colourBlind));
    classList.toggle('monochrome', Boolean(app.settings.monochrome));
  }

  return { confirmAssistance, askRecord, statistics, optionBox, options };
}
