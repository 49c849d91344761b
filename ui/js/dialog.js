// Modal dialogs on the native <dialog> element: it keeps focus inside while open; we give focus
// back to where it was when it closes.

import { el } from './dom.js';
import { t } from './i18n.js';

/// Opens a dialog and resolves with the value of the button that closed it (or `cancel` on Esc).
/// `buttons` is a list of {value, label, primary}; `body` a node or a list of nodes.
export function openDialog({ title, body, buttons = [{ value: 'ok', label: t('dialog.close'), primary: true }], id, onOpen, validate }) {
  const previous = document.activeElement;
  const titleId = `dialog-title-${Math.random().toString(36).slice(2)}`;
  // Our own checks (and the backend's) give the messages, in the player's language.
  const form = el('form', { method: 'dialog', class: 'dialog-form', novalidate: true });
  const dialog = el('dialog', { class: 'dialog', id, 'aria-labelledby': titleId },
    el('h2', { id: titleId, text: title }), form);
  form.append(...[body].flat().filter(Boolean));
  const row = el('div', { class: 'dialog-buttons' });
  for (const button of buttons) {
    row.append(el('button', {
      type: 'submit', value: button.value, class: button.primary ? 'primary' : undefined,
      'data-value': button.value, text: button.label,
    }));
  }
  form.append(row);
  document.body.append(dialog);
  return new Promise((resolve) => {
    form.addEventListener('submit', (event) => {
      const value = event.submitter?.value ?? 'ok';
      if (validate && value !== 'cancel') {
        const problem = validate(value, form);
        if (problem) { event.preventDefault(); return; }
      }
    });
    dialog.addEventListener('close', () => {
      const value = dialog.returnValue || 'cancel';
      const data = Object.fromEntries(new FormData(form).entries());
      dialog.remove();
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
      resolve({ value, data });
    });
    dialog.showModal();
    onOpen?.(dialog);
  });
}
