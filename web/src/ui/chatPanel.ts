// A game's chat between its two players (GET/POST /api/games/ID/chat): beside the public
// comments, seen by nobody else. New lines arrive as `chat` events on the player's own topic,
// a moderator's removal of one as a `removed` event there.
import { api } from '../api/client';
import type { Comment, PushEvent } from '../api/types';
import { push } from '../api/ws';
import { t } from '../i18n';
import { h } from '../render/svg';
import { busy, notice, timeAgo } from './notice';
import { reportButton } from './reportDialog';

export function chatPanel(gameId: number, me: string): { el: HTMLElement; dispose: () => void } {
  const err = notice('error');
  const list = h('ul', { class: 'comments chat', 'aria-label': t('chat.title'), 'aria-live': 'polite' });
  const input = h('input', { id: 'chat-text', name: 'text', maxlength: 2000, placeholder: t('chat.placeholder'), autocomplete: 'off' });
  const form = h('form', { class: 'comment-form chat-form' },
    h('label', { for: 'chat-text', class: 'visually-hidden' }, t('chat.label')), input,
    h('button', { type: 'submit' }, t('chat.send')));
  const draw = (lines: Comment[]) => {
    list.replaceChildren();
    if (lines.length === 0) list.append(h('li', { class: 'muted' }, t('chat.empty')));
    for (const c of lines) {
      // The other player's lines may be reported.
      const report = c.user.name.toLowerCase() !== me.toLowerCase() ? [' ', reportButton({ kind: 'chat', user: c.user.name, game: gameId, id: c.id, excerpt: c.text })] : [];
      list.append(h('li', { 'data-chat': c.id }, h('strong', {}, c.user.name), h('span', { class: 'muted' }, ` · ${timeAgo(c.at)}`), ...report, h('div', {}, c.text)));
    }
    list.scrollTop = list.scrollHeight;
  };
  const reload = () => api.chat(gameId).then((r) => draw(r.chat), (e: unknown) => err.show(String((e as Error).message)));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    err.clear();
    void busy(form.querySelector('button'), async () => {
      await api.say(gameId, text);
      input.value = '';
      await reload();
    }, err.show);
  });
  void reload();
  const off = push.subscribe(`user:${me}`, (ev: PushEvent) => {
    if (ev.kind === 'chat' && ev.game === gameId) void reload();
    // A moderator removed a line: it goes from the open page.
    if (ev.kind === 'removed' && ev.text === 'chat') list.querySelector(`li[data-chat="${ev.removed}"]`)?.remove();
  });
  const el = h('section', { class: 'comments-box chat-box' },
    h('h2', {}, t('chat.title')), h('p', { class: 'muted small' }, t('chat.private')), err.el, list, form);
  return { el, dispose: off };
}
