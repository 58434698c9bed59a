// What a moderator does, on the report queue and on a player's moderation page: warn, mute for
// some hours, ban, close their open challenges, mark their games not rated; remove a comment,
// chat line or message; close a report. Every action asks for its reason first.
import { api } from '../api/client';
import type { ModAction, Removable, Report } from '../api/types';
import { t, type MessageKey } from '../i18n';
import { MAX_TEXT, checkReason, modActionRequest } from '../moderation';
import { h } from '../render/svg';
import { dialogField, openFormDialog } from './formDialog';
import { toast } from './notice';

const ACTIONS: Record<ModAction, { label: MessageKey; done: MessageKey; danger?: boolean }> = {
  warn: { label: 'mod.warn', done: 'mod.warned' },
  mute: { label: 'mod.mute', done: 'mod.muted' },
  unmute: { label: 'mod.unmute', done: 'mod.unmuted' },
  ban: { label: 'mod.ban', done: 'mod.banned', danger: true },
  unban: { label: 'mod.unban', done: 'mod.unbanned' },
  'close-challenges': { label: 'mod.closeChallenges', done: 'mod.challengesClosed' },
  'unrate-games': { label: 'mod.unrateGames', done: 'mod.gamesUnrated', danger: true },
};

const reasonInput = (id: string) => h('textarea', { id, name: 'reason', rows: 3, maxlength: MAX_TEXT, required: true });

function actionButton(label: string, cls: string, data: Record<string, string>, onclick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: `small ${cls}`, ...data, onclick }, label);
}

/** Asks the reason (and a mute's hours), then acts on the account. */
export function askAction(name: string, action: ModAction, onDone: () => void): void {
  const a = ACTIONS[action];
  const reason = reasonInput('mod-reason');
  const hours = h('input', { id: 'mod-hours', name: 'hours', type: 'number', min: 0, step: 1, value: '24', inputmode: 'numeric' });
  openFormDialog({
    name: `mod-${action}`,
    title: `${t(a.label)}: ${name}`,
    fields: [...(action === 'mute' ? [dialogField('mod-hours', t('mod.hours'), hours, t('mod.hoursHint'))] : []), dialogField('mod-reason', t('mod.reasonWhy'), reason, t('mod.reasonHint'))],
    submit: t(a.label),
    danger: a.danger,
    onSubmit: async () => {
      const req = modActionRequest(action, reason.value, hours.value);
      if (!req.ok) throw new Error(t(req.error));
      await api.modAct(name, action, req.value.reason, req.value.hours);
    },
    onDone: () => {
      toast(t(a.done, { name }));
      onDone();
    },
  });
}

/** The actions on an account; unmute and unban in place of mute and ban where they apply. */
export function userActions(name: string, state: { muted: boolean; banned: boolean }, onDone: () => void): HTMLElement {
  const list: ModAction[] = ['warn', state.muted ? 'unmute' : 'mute', state.banned ? 'unban' : 'ban', 'close-challenges', 'unrate-games'];
  return h('div', { class: 'mod-actions', 'data-user': name },
    list.map((action) => actionButton(t(ACTIONS[action].label), ACTIONS[action].danger ? 'danger' : '', { 'data-action': action }, () => askAction(name, action, onDone))));
}

const REMOVABLE: Record<Removable, MessageKey> = { comments: 'mod.removeComment', chat: 'mod.removeChat', messages: 'mod.removeMessage' };

/** What a report points at that can be removed: its comment, chat line or message. */
export function removableOf(r: Report): { kind: Removable; id: number } | null {
  if (r.message) return { kind: 'messages', id: r.message };
  if (r.chat) return { kind: 'chat', id: r.chat };
  if (r.comment) return { kind: 'comments', id: r.comment };
  return null;
}

/** A dialog that asks only a reason, then does `act` with it. */
export function askReason(title: string, name: string, submit: string, act: (reason: string) => Promise<unknown>, onDone: () => void, danger = false): void {
  const reason = reasonInput('mod-reason');
  openFormDialog({
    name,
    title,
    fields: [dialogField('mod-reason', t('mod.reasonWhy'), reason, t('mod.reasonHint'))],
    submit,
    danger,
    onSubmit: async () => {
      const req = checkReason(reason.value);
      if (!req.ok) throw new Error(t(req.error));
      await act(req.value);
    },
    onDone,
  });
}

export function removeButton(kind: Removable, id: number, onDone: () => void): HTMLButtonElement {
  return actionButton(t(REMOVABLE[kind]), 'danger', { 'data-action': `remove-${kind}` }, () =>
    askReason(t(REMOVABLE[kind]), 'mod-remove', t(REMOVABLE[kind]), (why) => api.modRemove(kind, id, why), () => {
      toast(t('mod.removed'));
      onDone();
    }, true));
}

export function closeReportButton(r: Report, onDone: () => void): HTMLButtonElement {
  return actionButton(t('mod.closeReport'), 'primary', { 'data-action': 'close-report' }, () => {
    const resolution = h('textarea', { id: 'mod-resolution', name: 'resolution', rows: 3, maxlength: MAX_TEXT, required: true });
    openFormDialog({
      name: 'mod-close',
      title: t('mod.closeReportTitle', { id: r.id }),
      fields: [dialogField('mod-resolution', t('mod.resolution'), resolution, t('mod.resolutionHint'))],
      submit: t('mod.closeReport'),
      onSubmit: async () => {
        const req = checkReason(resolution.value);
        if (!req.ok) throw new Error(t(req.error));
        await api.closeReport(r.id, req.value);
      },
      onDone,
    });
  });
}
