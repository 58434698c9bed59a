// A small modal form (<dialog>): the report form and every moderator's action ask through it.
// It stays open with the server's message on a failure, and closes on success.
import '../pages/mod.css';
import { t } from '../i18n';
import { h } from '../render/svg';
import { busy, notice } from './notice';

export interface FormDialog {
  title: string;
  /** Above the fields: what the form is about (a quoted comment, a player's name). */
  intro?: Array<Node | string>;
  fields: HTMLElement[];
  submit: string;
  danger?: boolean;
  /** Names the dialog for the tests and the styles: data-dialog. */
  name: string;
  /** Sends the form; what it throws is shown in the dialog, which stays open. */
  onSubmit: () => Promise<void>;
  onDone?: () => void;
}

export function openFormDialog(d: FormDialog): HTMLDialogElement {
  const err = notice('error');
  const send = h('button', { type: 'submit', class: d.danger ? 'danger' : 'primary' }, d.submit);
  const cancel = h('button', { type: 'button', class: 'cancel' }, t('mod.cancel'));
  const form = h('form', { class: 'dialog-form', novalidate: true },
    h('h2', {}, d.title), ...(d.intro ?? []), err.el, ...d.fields,
    h('div', { class: 'dialog-buttons' }, cancel, send));
  const dialog = h('dialog', { class: 'form-dialog', 'data-dialog': d.name, 'aria-label': d.title }, form);
  cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    err.clear();
    void busy(send, async () => {
      await d.onSubmit();
      dialog.close();
      d.onDone?.();
    }, err.show);
  });
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** A labelled field of a dialog's form. */
export function dialogField(id: string, label: string, input: HTMLElement, hint?: string): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), input, hint ? h('small', { class: 'muted' }, hint) : null);
}
