// Messages: the signed-in user's private inbox (GET /api/messages), newest first, each row
// with the first lines of its text, a message opened (and so marked read) by a click; the
// messages they sent (GET /api/messages?box=sent, /messages?box=sent); and a form to write one
// (POST /api/messages). /messages?to=NAME opens the form addressed to NAME.
import { api, errorMessage } from '../api/client';
import type { Message, PushEvent } from '../api/types';
import { push } from '../api/ws';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, loading, notice, timeAgo } from '../ui/notice';
import { setUnread, unreadCount } from '../ui/unread';
import { reportButton } from '../ui/reportDialog';

export function inboxPage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  if (!session.signedIn) {
    root.append(h('div', { class: 'page narrow' }, h('h1', {}, t('inbox.title')),
      h('p', {}, h('a', { href: `/login?next=${encodeURIComponent('/messages')}` }, t('inbox.loginFirst')))));
    return {};
  }
  const err = notice('error');
  const ok = notice('success');
  const to = h('input', { id: 'message-to', name: 'to', autocomplete: 'off', required: true, value: query.get('to') ?? '', 'aria-describedby': 'message-to-hint' });
  const text = h('textarea', { id: 'message-text', name: 'text', rows: 4, maxlength: 2000, required: true });
  const form = h('form', { class: 'message-form' },
    h('h2', {}, t('inbox.write')),
    h('label', { for: 'message-to' }, t('inbox.to')), to, h('small', { id: 'message-to-hint', class: 'muted' }, t('inbox.toHint')),
    h('label', { for: 'message-text' }, t('inbox.text')), text,
    h('button', { type: 'submit', class: 'primary' }, t('inbox.send')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    err.clear();
    ok.clear();
    const names = to.value.split(/[\s,]+/).filter(Boolean);
    void busy(form.querySelector('button'), async () => {
      const sent = await api.sendMessage(names, text.value);
      text.value = '';
      ok.show(t('inbox.sent', { names: sent.messages.map((m) => m.to).join(', ') }));
      if (box === 'sent') void load().catch((e: unknown) => err.show(errorMessage(e)));
    }, err.show);
  });

  const box: 'inbox' | 'sent' = query.get('box') === 'sent' ? 'sent' : 'inbox';
  const list = h('ul', { class: 'message-list', 'data-box': box, 'aria-label': t(box === 'sent' ? 'inbox.sentBox' : 'inbox.received') });
  const more = h('button', { type: 'button', class: 'link-button', hidden: true }, t('inbox.more'));
  let oldest = 0;
  // The start of a message, on the row that opens it (the whole text shows when open).
  const preview = (m: Message) => h('span', { class: 'message-preview' }, m.text);
  /** A message the user sent: to whom, when, its start; a click shows all of it. */
  const sentItem = (m: Message) => {
    const body = h('div', { class: 'message-text', hidden: true }, m.text);
    const first = preview(m);
    const head = h('button', { type: 'button', class: 'message-head', 'aria-expanded': 'false' },
      h('strong', {}, t('inbox.toName', { name: m.to })), h('span', { class: 'muted' }, ` · ${timeAgo(m.at)}`), first);
    head.addEventListener('click', () => {
      body.hidden = !body.hidden;
      first.hidden = !body.hidden;
      head.setAttribute('aria-expanded', String(!body.hidden));
    });
    return h('li', { 'data-message': m.id }, head, body);
  };
  const item = (m: Message) => {
    const body = h('div', { class: 'message-text', hidden: true }, m.text);
    const reply = h('a', { href: `/messages?to=${encodeURIComponent(m.from)}`, class: 'small', hidden: true,
      onclick: (e: Event) => {
        e.preventDefault();
        to.value = m.from;
        text.focus();
      } }, t('inbox.reply'));
    const badge = h('span', { class: 'badge', hidden: !!m.read }, t('inbox.unread'));
    const first = preview(m);
    const head = h('button', { type: 'button', class: 'message-head', 'aria-expanded': 'false' },
      h('strong', {}, t('inbox.from', { name: m.from })), ' ', badge, h('span', { class: 'muted' }, ` · ${timeAgo(m.at)}`), first);
    head.addEventListener('click', () => {
      const open = body.hidden;
      body.hidden = !open;
      first.hidden = open;
      reply.hidden = !open;
      head.setAttribute('aria-expanded', String(open));
      if (open && !m.read) {
        void api.readMessage(m.id).then((read) => {
          m.read = read.read;
          badge.hidden = true;
          setUnread(unreadCount() - 1);
        }, (e: unknown) => err.show(errorMessage(e)));
      }
    });
    // A received message may be reported (not a moderator's warning); the button shows with
    // the opened message.
    const report = m.warning ? null : reportButton({ kind: 'message', user: m.from, id: m.id, excerpt: m.text });
    if (report) {
      report.hidden = true;
      head.addEventListener('click', () => { report.hidden = body.hidden; });
    }
    if (m.warning) head.prepend(h('span', { class: 'badge warning-badge' }, t('inbox.warning')));
    return h('li', { 'data-message': m.id, class: `${m.read ? '' : 'unread'}${m.warning ? ' warning' : ''}` }, head, body, h('div', { class: 'message-tools' }, reply, report));
  };
  const load = async (before?: number) => {
    const page = await api.messages(before, box);
    if (!before) list.replaceChildren();
    if (!before && page.messages.length === 0) list.append(h('li', { class: 'muted' }, t(box === 'sent' ? 'inbox.noneSent' : 'inbox.empty')));
    for (const m of page.messages) list.append(box === 'sent' ? sentItem(m) : item(m));
    oldest = page.messages.at(-1)?.id ?? oldest;
    more.hidden = !page.more;
    setUnread(page.unread);
  };
  more.addEventListener('click', () => void busy(more, () => load(oldest), err.show));

  const spinner = loading();
  const tab = (which: 'inbox' | 'sent', label: string) => h('button', {
    type: 'button', role: 'tab', 'data-box': which, 'aria-selected': String(which === box),
    onclick: () => navigate(which === 'sent' ? '/messages?box=sent' : '/messages', true),
  }, label);
  root.append(h('div', { class: 'page inbox' },
    h('h1', {}, t('inbox.title')), err.el, ok.el,
    h('div', { class: 'inbox-layout' },
      h('section', {},
        h('div', { class: 'tabs', role: 'tablist', 'aria-label': t('inbox.boxes') }, tab('inbox', t('inbox.received')), tab('sent', t('inbox.sentBox'))),
        spinner, list, more),
      form)));
  void load().catch((e: unknown) => err.show(errorMessage(e))).finally(() => spinner.remove());
  // A message arriving while the page is open joins the list; one a moderator removed leaves it.
  const off = push.subscribe(`user:${session.name}`, (ev: PushEvent) => {
    if (ev.kind === 'message' && box === 'inbox') void load().catch(() => undefined);
    if (ev.kind === 'removed' && ev.text === 'message') list.querySelector(`li[data-message="${ev.removed}"]`)?.remove();
  });
  if (query.get('to')) queueMicrotask(() => text.focus());
  return { dispose: off };
}
