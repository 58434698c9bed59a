// /admin/log: every moderator's and admin's action, newest first (GET /api/admin/log), found by
// the player acted on, a page at a time. Admins only. /admin/log?user=NAME&limit=N.
import './mod.css';
import { api, errorMessage } from '../api/client';
import type { AuditEntry } from '../api/types';
import { lang, t, type MessageKey } from '../i18n';
import { actionText, actorName, isAdmin, targetText } from '../moderation';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, loading, notice } from '../ui/notice';
import { modOnly, modUserHref, nameOf } from './mod';

const PAGE = 50;

export function auditLogPage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  if (!modOnly(root, 'audit.title', isAdmin(session.role))) return {};
  const user = query.get('user')?.trim() ?? '';
  // ?limit=N: entries a page (1 to 200), for a closer look; 50 else.
  const limit = Math.min(200, Math.max(1, Number(query.get('limit')) || PAGE));
  const err = notice('error');
  const input = h('input', { id: 'audit-user', name: 'user', value: user, autocomplete: 'off', spellcheck: 'false', placeholder: t('audit.anyone') });
  const form = h('form', { class: 'archive-filters', role: 'search' },
    h('label', { class: 'filter' }, h('span', {}, t('audit.user')), input), h('button', { type: 'submit' }, t('audit.show')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = input.value.trim();
    navigate(v ? `/admin/log?user=${encodeURIComponent(v)}` : '/admin/log', true);
  });
  const tbody = h('tbody');
  const table = h('div', { class: 'table-scroll' }, h('table', { class: 'audit-table' },
    h('thead', {}, h('tr', {}, h('th', {}, t('audit.when')), h('th', {}, t('audit.by')), h('th', {}, t('audit.action')),
      h('th', {}, t('audit.player')), h('th', {}, t('audit.target')), h('th', {}, t('audit.reason')))),
    tbody));
  const list = h('div', {}, loading());
  const more = h('button', { type: 'button', class: 'older', hidden: true }, t('audit.older'));
  const row = (e: AuditEntry) => {
    const who = nameOf(e.user);
    // data-label: each cell's heading, shown beside it on a phone (mod.css).
    const cell = (label: MessageKey, content: Node | string, cls = '') => h('td', { class: cls, 'data-label': t(label) }, content);
    return h('tr', { 'data-entry': e.id, 'data-action': e.action },
      cell('audit.when', new Date(e.at).toLocaleString(lang()), 'nowrap'),
      cell('audit.by', actorName(e.by)),
      cell('audit.action', actionText(e)),
      cell('audit.player', who ? h('a', { href: modUserHref(who) }, who) : ''),
      cell('audit.target', targetText(e.target), 'nowrap'),
      cell('audit.reason', e.reason ?? '', 'reason-cell'));
  };
  async function page(before?: number): Promise<void> {
    const r = await api.auditLog({ user: user || undefined, before, limit });
    if (!before) list.replaceChildren(r.entries.length ? table : h('p', { class: 'muted' }, t('audit.empty')));
    tbody.append(...r.entries.map(row));
    more.hidden = r.entries.length < limit;
    more.onclick = () => void busy(more, () => page(r.entries.at(-1)!.id), err.show);
  }
  root.append(h('div', { class: 'page mod-page archive' }, h('h1', {}, t('audit.title')),
    h('p', {}, h('a', { href: '/mod' }, t('mod.backToQueue'))), form, err.el, list, more));
  void page().catch((e: unknown) => { list.replaceChildren(); err.show(errorMessage(e)); });
  return {};
}
