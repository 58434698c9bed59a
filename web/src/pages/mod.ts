// The moderators' pages (lishogi's mod tools as the model): /mod, the report queue (open and
// closed) with each report's excerpt, links and actions, and a lookup by name; /mod/users/NAME,
// one player's status, the reports about them, their history, the same actions, and for admins
// their role. The server refuses anyone else (403); the page says so without asking.
import './mod.css';
import { api, ApiError, errorMessage } from '../api/client';
import type { AuditEntry, ModUser, Report, Role } from '../api/types';
import { lang, t, type MessageKey } from '../i18n';
import { actorName, actionText, canModerate, isAdmin, ROLE_KEYS, ROLES, targetText } from '../moderation';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { askReason, closeReportButton, removableOf, removeButton, userActions } from '../ui/modActions';
import { refreshOpenReports } from '../ui/modCount';
import { busy, loading, notice, toast } from '../ui/notice';
import { playerLink, profileHref } from '../ui/rating';
import { REASON_KEYS } from '../ui/reportDialog';

const when = (ms: number) => new Date(ms).toLocaleString(lang());
export const nameOf = (u: { name: string } | null | undefined): string => u?.name ?? '';
export const modUserHref = (name: string) => `/mod/users/${encodeURIComponent(name)}`;
/** Reports a page. */
const PAGE = 50;

/** Moderators only: anyone else sees why, and a way to sign in. */
export function modOnly(root: HTMLElement, title: MessageKey, allowed: boolean): boolean {
  if (allowed) return true;
  root.append(h('div', { class: 'page narrow' }, h('h1', {}, t(title)),
    h('p', { class: 'notice error', role: 'alert' }, t(session.signedIn ? 'mod.notAllowed' : 'mod.signInFirst')),
    session.signedIn ? null : h('p', {}, h('a', { href: `/login?next=${encodeURIComponent(location.pathname)}` }, t('nav.logIn')))));
  return false;
}

/** A report as a card: who reported whom and why, what they pointed at, and the actions. */
function reportCard(r: Report, onChange: () => void): HTMLElement {
  const target = nameOf(r.user);
  const removable = removableOf(r);
  const gameId = r.game ?? r.excerpt?.game;
  const what: MessageKey = r.message ? 'mod.aboutMessage' : r.chat ? 'mod.aboutChat' : r.comment ? 'mod.aboutComment' : r.game ? 'mod.aboutGame' : 'mod.aboutUser';
  return h('article', { class: 'report-card card', 'data-report': r.id, 'data-status': r.status, 'data-user': target },
    h('header', { class: 'report-head' },
      h('span', { class: 'badge reason', 'data-reason': r.reason }, t(REASON_KEYS[r.reason] ?? 'mod.reasonOther')),
      h('span', {}, t('mod.reportedBy', { id: r.id }), ' ', playerLink(nameOf(r.by)), ' · ', t(what), ' ',
        h('a', { href: modUserHref(target), class: 'mod-user-link' }, target)),
      h('span', { class: 'muted small' }, when(r.created))),
    r.excerpt ? h('blockquote', { class: 'report-excerpt', 'data-removed': String(r.excerpt.removed) }, r.excerpt.text,
      r.excerpt.removed ? h('span', { class: 'removed-mark' }, ` (${t('mod.excerptRemoved')})`) : null) : null,
    h('p', { class: 'report-text' }, r.text),
    h('div', { class: 'report-links small' },
      h('a', { href: profileHref(target) }, t('mod.profileLink', { name: target })), gameId ? h('a', { href: `/game/${gameId}` }, t('mod.gameLink', { id: gameId })) : null),
    r.status === 'open'
      ? h('div', { class: 'report-actions' },
        userActions(target, { muted: false, banned: false }, onChange),
        h('div', { class: 'mod-actions' }, removable && !r.excerpt?.removed ? removeButton(removable.kind, removable.id, onChange) : null, closeReportButton(r, onChange)))
      : h('p', { class: 'report-closed muted small' }, t('mod.closedBy', { name: nameOf(r.closed_by), date: r.closed_at ? when(r.closed_at) : '' }),
        r.resolution ? h('span', { class: 'resolution' }, ` — ${r.resolution}`) : null));
}

function lookupForm(value = ''): HTMLFormElement {
  const input = h('input', { id: 'mod-lookup', name: 'name', value, autocomplete: 'off', spellcheck: 'false', required: true });
  const form = h('form', { class: 'inline-form mod-lookup', role: 'search' },
    h('label', { for: 'mod-lookup', class: 'visually-hidden' }, t('mod.lookupLabel')), input,
    h('button', { type: 'submit' }, t('mod.lookup')));
  input.placeholder = t('mod.lookupLabel');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (input.value.trim()) navigate(modUserHref(input.value.trim()));
  });
  return form;
}

export function modQueuePage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  if (!modOnly(root, 'mod.title', canModerate(session.role))) return {};
  const status = query.get('status') === 'closed' ? 'closed' : 'open';
  const err = notice('error');
  const list = h('div', { class: 'report-list' }, loading());
  const tab = (s: 'open' | 'closed', key: MessageKey) =>
    h('a', { href: s === 'open' ? '/mod' : '/mod?status=closed', class: `tab${s === status ? ' active' : ''}`, role: 'tab', 'aria-selected': String(s === status), 'data-tab': s }, t(key));
  root.append(h('div', { class: 'page mod-page' },
    h('div', { class: 'mod-head' }, h('h1', {}, t('mod.title')),
      isAdmin(session.role) ? h('a', { href: '/admin/log', class: 'audit-link' }, t('audit.title')) : null, lookupForm()),
    h('nav', { class: 'tabs', role: 'tablist', 'aria-label': t('mod.queue') }, tab('open', 'mod.openTab'), tab('closed', 'mod.closedTab')),
    err.el, list));
  // A page at a time: open reports oldest first, closed ones newest first (the server's order).
  const more = h('button', { type: 'button', class: 'older', hidden: true }, t('mod.moreReports'));
  const load = async (from?: number) => {
    const r = await api.modReports(status, from, PAGE);
    if (!from) list.replaceChildren(...(r.reports.length ? [] : [h('p', { class: 'muted empty' }, t(status === 'open' ? 'mod.noOpen' : 'mod.noClosed'))]));
    list.append(...r.reports.map((x) => reportCard(x, reload)));
    more.hidden = r.reports.length < PAGE;
    more.onclick = () => void busy(more, () => load(r.reports.at(-1)!.id), err.show);
    if (status === 'open') void refreshOpenReports();
  };
  const reload = () => void load().catch((e: unknown) => err.show(errorMessage(e)));
  root.querySelector('.mod-page')!.append(more);
  reload();
  return {};
}

function historyList(entries: AuditEntry[]): HTMLElement {
  if (!entries.length) return h('p', { class: 'muted' }, t('mod.noHistory'));
  return h('ul', { class: 'mod-history' }, entries.map((e) => h('li', { 'data-action': e.action },
    h('span', { class: 'muted small' }, when(e.at)), ' ', h('strong', {}, actionText(e)), ' ', targetText(e.target), ' ',
    t('audit.byName', { name: actorName(e.by) }), e.reason ? h('span', {}, ` — ${e.reason}`) : null)));
}

export function modUserPage(root: HTMLElement, params: Record<string, string>): Page {
  if (!modOnly(root, 'mod.userTitle', canModerate(session.role))) return {};
  const name = params.name ?? '';
  const err = notice('error');
  const body = h('div', {}, loading());
  root.append(h('div', { class: 'page mod-page', 'data-user': name },
    h('div', { class: 'mod-head' }, h('h1', {}, t('mod.userHeading', { name })), lookupForm(name)),
    h('p', {}, h('a', { href: '/mod' }, t('mod.backToQueue'))), err.el, body));

  const load = async () => {
    let u: ModUser;
    try {
      u = await api.modUser(name);
    } catch (e) {
      body.replaceChildren();
      err.show(e instanceof ApiError && e.status === 404 ? t('ratings.noPlayer', { name }) : errorMessage(e));
      return;
    }
    err.clear();
    void refreshOpenReports(); // a report closed here leaves the header's count
    const muted = u.muted;
    const fact = (key: MessageKey, value: Node | string, data: string) => h('div', { 'data-fact': data }, h('dt', {}, t(key)), h('dd', {}, value));
    body.replaceChildren(
      h('section', { class: 'card mod-status' },
        h('h2', {}, t('mod.status')),
        h('dl', { class: 'facts' },
          fact('mod.role', t(ROLE_KEYS[u.role] ?? 'mod.rolePlayer'), 'role'),
          fact('mod.created', when(u.created), 'created'),
          fact('mod.lastSeen', u.last_seen ? when(u.last_seen) : t('ratings.neverSeen'), 'last-seen'),
          fact('mod.mutedFact', !muted ? t('mod.no') : u.muted_until ? t('mod.mutedUntil', { date: when(u.muted_until) }) : t('mod.untilUnmuted'), 'muted'),
          fact('mod.games', String(u.games), 'games'),
          fact('mod.bannedFact', u.banned ? h('strong', { class: 'banned-mark' }, t('mod.isBanned')) : t('mod.no'), 'banned')),
        h('p', {}, h('a', { href: profileHref(u.name) }, t('mod.profileLink', { name: u.name }))),
        userActions(u.name, { muted, banned: u.banned }, () => void load()),
        isAdmin(session.role) ? roleForm(u) : null),
      h('section', { class: 'mod-reports' }, h('h2', {}, t('mod.reportsAbout', { n: u.reports.length })),
        u.reports.length ? h('div', { class: 'report-list' }, u.reports.map((r) => reportCard(r, () => void load()))) : h('p', { class: 'muted' }, t('mod.noReports'))),
      h('section', { class: 'card' }, h('h2', {}, t('mod.history')), historyList(u.log)));
  };

  /** Admins: the player's role (POST /api/admin/users/NAME/role), with a reason as every action. */
  function roleForm(u: ModUser): HTMLElement {
    const select = h('select', { id: 'mod-role', name: 'role' }, ROLES.map((r) => h('option', { value: r, selected: r === u.role }, t(ROLE_KEYS[r]))));
    const form = h('form', { class: 'inline-form role-form' },
      h('label', { for: 'mod-role' }, t('mod.setRole')), select, h('button', { type: 'submit' }, t('mod.saveRole')));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const role = select.value as Role;
      askReason(`${t('mod.saveRole')}: ${u.name} → ${t(ROLE_KEYS[role])}`, 'mod-role', t('mod.saveRole'), (why) => api.setRole(u.name, role, why), () => {
        toast(t('mod.roleSet', { name: u.name, role: t(ROLE_KEYS[role]) }));
        void load();
      });
    });
    return form;
  }
  void load();
  return {};
}
