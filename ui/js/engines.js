// Preferences > Engines: the player's external Gomoku engines (Gomocup brains). Adding one opens
// the backend's native file dialog (the page never names a path) and waits while Pastimes
// checks the program (src-tauri/engines/check.rs); removing one takes it off the list. The
// engine that gives Gomoku's hint and analyses its study board (the built-in one or an added
// one, the setting `gomokuHelper`, src-tauri/engines/helper.rs) is chosen here too. All act at
// once, not on the dialog's Save.

import { el, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { call } from './ipc.js';

/// The rules' names (literal keys, so that the catalogue test sees them).
const RULE_NAME = { freestyle: 'gm.rule.freestyle', exactFive: 'gm.rule.exactFive', renju: 'gm.rule.renju', caro: 'gm.rule.caro' };

/// The section, filled once the list is read; `showError` says what went wrong.
export function enginesSection(app) {
  const list = el('ul', { class: 'engines-list', id: 'engines-list' });
  const helper = el('select', { id: 'engines-helper', onchange: () => app.saveSetting('gomokuHelper', helper.value) });
  const status = el('p', { class: 'hint', id: 'engines-status', role: 'status', 'aria-live': 'polite' });
  const addButton = el('button', { type: 'button', id: 'engines-add', text: t('settings.engines.add') });

  const show = (engines) => {
    clear(list);
    clear(helper);
    helper.append(el('option', { value: '', text: t('studyBoard.builtIn') }),
      ...engines.map((entry) => el('option', { value: entry.id, text: `${entry.name} ${entry.version}`.trim() })));
    const chosen = app.settings.gomokuHelper ?? '';
    helper.value = engines.some((entry) => entry.id === chosen) ? chosen : '';
    if (!engines.length) list.append(el('li', { class: 'engines-none', text: t('settings.engines.none') }));
    for (const entry of engines) {
      // The rules, then the boards it played on: "Freestyle, Renju (15×15, 20×20)".
      const boards = (entry.sizes ?? [15]).map((n) => t('gm.board.size', { n })).join(', ');
      const rules = `${entry.rules.map((rule) => t(RULE_NAME[rule] ?? rule)).join(', ')} (${boards})`;
      const about = entry.swap2 ? t('settings.engines.rulesSwap2', { rules }) : t('settings.engines.rules', { rules });
      list.append(el('li', { class: 'engines-entry', dataset: { id: entry.id } },
        el('span', { class: 'engines-name', text: `${entry.name} ${entry.version}`.trim(), title: entry.path }),
        el('span', { class: 'hint engines-about', text: about }),
        el('button', {
          type: 'button', class: 'engines-remove', text: t('settings.engines.remove'),
          'aria-label': t('settings.engines.removeNamed', { name: entry.name }),
          onclick: () => act(() => call('remove_engine', { id: entry.id })),
        })));
    }
  };

  let busy = false;
  const act = async (work, saying = '') => {
    if (busy) return;
    busy = true;
    addButton.disabled = true;
    status.textContent = saying;
    try {
      const engines = await work();
      if (engines) show(engines);
      status.textContent = '';
    } catch (error) {
      status.textContent = error?.code ? errorText(error) : String(error);
    } finally {
      busy = false;
      addButton.disabled = false;
    }
  };
  addButton.addEventListener('click', () => act(() => call('add_engine'), t('settings.engines.checking')));
  act(() => call('engines'));

  return el('fieldset', { class: 'engines', id: 'settings-engines' },
    el('legend', { text: t('settings.engines') }),
    el('p', { class: 'hint', text: t('settings.engines.hint') }),
    list, addButton, status,
    el('label', { for: 'engines-helper' }, t('settings.engines.helper'), helper));
}
