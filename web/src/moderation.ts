// Moderation as the pages see it (docs/API.md, "Moderation"): who may moderate, the requests a
// report or a moderator's action sends, checked before they leave the page, and the audit log's
// entries in words. No DOM here: the forms (ui/reportDialog.ts, ui/modActions.ts), the pages and
// the tests share it.
import type { AuditEntry, ModAction, NewReport, ReportReason, Role } from './api/types';
import { t, type MessageKey } from './i18n';

export const REPORT_REASONS: readonly ReportReason[] = ['cheating', 'abuse', 'spam', 'boosting', 'other'];
export const ROLES: readonly Role[] = ['player', 'moderator', 'admin'];
export const ROLE_KEYS: Record<Role, MessageKey> = { player: 'mod.rolePlayer', moderator: 'mod.roleModerator', admin: 'mod.roleAdmin' };
/** The longest report text or reason the server keeps (a comment's length). */
export const MAX_TEXT = 2000;
/** A mute lasts 1 hour to a year, or (0) until a moderator unmutes. */
export const MAX_MUTE_HOURS = 24 * 365;

export function roleOf(value: unknown): Role {
  return value === 'moderator' || value === 'admin' ? value : 'player';
}
export const canModerate = (role: Role | undefined): boolean => role === 'moderator' || role === 'admin';
export const isAdmin = (role: Role | undefined): boolean => role === 'admin';

/** What is reported: a player, or one of their games, comments, chat lines or messages. */
export type ReportTarget =
  | { kind: 'user'; user: string }
  | { kind: 'game'; user: string; game: number }
  | { kind: 'comment'; user: string; game: number; id: number; excerpt: string }
  | { kind: 'chat'; user: string; game: number; id: number; excerpt: string }
  | { kind: 'message'; user: string; id: number; excerpt: string };

export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey };

/** The body of POST /api/reports, or why the form cannot send it. It names one thing at most:
 * a game, a comment, a chat line or a message (docs/API.md). */
export function reportRequest(target: ReportTarget, reason: string, text: string): Checked<NewReport> {
  if (!REPORT_REASONS.includes(reason as ReportReason)) return { ok: false, error: 'mod.reasonMissing' };
  const said = text.trim();
  if (!said) return { ok: false, error: 'mod.textMissing' };
  if (said.length > MAX_TEXT) return { ok: false, error: 'mod.textTooLong' };
  const body: NewReport = { user: target.user, reason: reason as ReportReason, text: said };
  if (target.kind === 'game') body.game = target.game;
  if (target.kind === 'comment') body.comment = target.id;
  if (target.kind === 'chat') body.chat = target.id;
  if (target.kind === 'message') body.message = target.id;
  return { ok: true, value: body };
}

/** A moderator's reason (or a report's resolution): said, and not too long. */
export function checkReason(text: string): Checked<string> {
  const why = text.trim();
  if (!why) return { ok: false, error: 'mod.reasonRequired' };
  if (why.length > MAX_TEXT) return { ok: false, error: 'mod.textTooLong' };
  return { ok: true, value: why };
}

/** Every action names its reason; a mute its length in whole hours (0: until unmuted). */
export function modActionRequest(action: ModAction, reason: string, hours: string): Checked<{ reason: string; hours?: number }> {
  const checked = checkReason(reason);
  if (!checked.ok) return checked;
  const why = checked.value;
  if (action !== 'mute') return { ok: true, value: { reason: why } };
  const n = Number(hours.trim());
  if (!/^\d+$/.test(hours.trim()) || n > MAX_MUTE_HOURS) return { ok: false, error: 'mod.hoursInvalid' };
  return { ok: true, value: { reason: why, hours: n } };
}

/** The header's link to the moderation page: moderators and admins only, with the open reports. */
export function modNavLink(role: Role | undefined, openReports: number, countedUpTo = Infinity): { href: string; key: MessageKey; n: string } | null {
  if (!canModerate(role)) return null;
  if (openReports <= 0) return { href: '/mod', key: 'mod.nav', n: '' };
  return { href: '/mod', key: 'mod.navCount', n: openReports >= countedUpTo ? `${countedUpTo}+` : String(openReports) };
}

// The audit log's actions in words ("mute 24h": Muted 24h; "role admin": Role set: Administrator;
// "remove": by what was removed); an action this page does not know shows as the server names it.
const ACTION_KEYS: Record<string, MessageKey> = {
  warn: 'audit.warn', mute: 'audit.mute', unmute: 'audit.unmute', ban: 'audit.ban', unban: 'audit.unban',
  'close-challenges': 'audit.closeChallenges', 'unrate-games': 'audit.unrateGames', 'close-report': 'audit.closeReport',
};
const REMOVED_KEYS: Record<string, MessageKey> = { comment: 'audit.removeComment', chat: 'audit.removeChat', message: 'audit.removeMessage' };
const TARGET_KEYS: Record<string, MessageKey> = { comment: 'audit.targetComment', chat: 'audit.targetChat', message: 'audit.targetMessage', report: 'audit.targetReport' };
export function actionText(e: Pick<AuditEntry, 'action' | 'target'>): string {
  const [word = '', ...rest] = e.action.split(' ');
  if (word === 'remove' && e.target && REMOVED_KEYS[e.target.kind]) return t(REMOVED_KEYS[e.target.kind]!);
  if (word === 'role' && rest[0] && rest[0] in ROLE_KEYS) return t('audit.role', { role: t(ROLE_KEYS[rest[0] as Role]) });
  const key = ACTION_KEYS[word];
  return key ? [t(key), ...rest].join(' ') : e.action;
}
export function targetText(target: AuditEntry['target']): string {
  if (!target) return '';
  const key = TARGET_KEYS[target.kind];
  return key ? t(key, { id: target.id }) : `${target.kind} ${target.id}`;
}
/** Who acted: a moderator, or the shell (`kirin admin`). */
export const actorName = (by: AuditEntry['by']): string => by?.name ?? t('audit.shell');
