import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n';
import { actionText, actorName, canModerate, checkReason, isAdmin, modActionRequest, modNavLink, reportRequest, roleOf, targetText, type ReportTarget } from '../../src/moderation';

describe('roles', () => {
  it('reads a role from the server, anything unknown being a player', () => {
    expect(roleOf('admin')).toBe('admin');
    expect(roleOf('moderator')).toBe('moderator');
    expect(roleOf('player')).toBe('player');
    expect(roleOf(undefined)).toBe('player');
    expect(roleOf('root')).toBe('player');
  });

  it('lets moderators and admins moderate, admins alone administer', () => {
    expect([canModerate('player'), canModerate('moderator'), canModerate('admin'), canModerate(undefined)]).toEqual([false, true, true, false]);
    expect([isAdmin('player'), isAdmin('moderator'), isAdmin('admin')]).toEqual([false, false, true]);
  });

  it('shows the header’s moderation link to moderators only, with the open reports', () => {
    expect(modNavLink('player', 3)).toBeNull();
    expect(modNavLink(undefined, 3)).toBeNull();
    expect(modNavLink('moderator', 0)).toEqual({ href: '/mod', key: 'mod.nav', n: '' });
    expect(modNavLink('admin', 4)).toEqual({ href: '/mod', key: 'mod.navCount', n: '4' });
    expect(modNavLink('admin', 200, 200)).toEqual({ href: '/mod', key: 'mod.navCount', n: '200+' });
  });
});

describe('the report form', () => {
  const user: ReportTarget = { kind: 'user', user: 'bob' };
  it('sends the player, the reason and the text, trimmed', () => {
    expect(reportRequest(user, 'cheating', '  engine moves in game 4 ')).toEqual({ ok: true, value: { user: 'bob', reason: 'cheating', text: 'engine moves in game 4' } });
  });

  it('fills in the one thing reported: a game, a comment, a chat line or a message', () => {
    const body = (target: ReportTarget) => {
      const r = reportRequest(target, 'abuse', 'rude');
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    expect(body({ kind: 'game', user: 'bob', game: 7 })).toEqual({ user: 'bob', reason: 'abuse', text: 'rude', game: 7 });
    expect(body({ kind: 'comment', user: 'bob', game: 7, id: 30, excerpt: 'x' })).toEqual({ user: 'bob', reason: 'abuse', text: 'rude', comment: 30 });
    expect(body({ kind: 'chat', user: 'bob', game: 7, id: 5, excerpt: 'x' })).toEqual({ user: 'bob', reason: 'abuse', text: 'rude', chat: 5 });
    expect(body({ kind: 'message', user: 'bob', id: 12, excerpt: 'x' })).toEqual({ user: 'bob', reason: 'abuse', text: 'rude', message: 12 });
  });

  it('refuses a missing or unknown reason, an empty or too long text', () => {
    expect(reportRequest(user, '', 'text')).toEqual({ ok: false, error: 'mod.reasonMissing' });
    expect(reportRequest(user, 'rudeness', 'text')).toEqual({ ok: false, error: 'mod.reasonMissing' });
    expect(reportRequest(user, 'spam', '   ')).toEqual({ ok: false, error: 'mod.textMissing' });
    expect(reportRequest(user, 'spam', 'x'.repeat(2001))).toEqual({ ok: false, error: 'mod.textTooLong' });
    expect(reportRequest(user, 'spam', 'x'.repeat(2000)).ok).toBe(true);
  });
});

describe('a moderator’s action', () => {
  it('needs a reason', () => {
    expect(modActionRequest('ban', '  ', '')).toEqual({ ok: false, error: 'mod.reasonRequired' });
    expect(modActionRequest('ban', ' cheating in 3 games ', '')).toEqual({ ok: true, value: { reason: 'cheating in 3 games' } });
    expect(checkReason('')).toEqual({ ok: false, error: 'mod.reasonRequired' });
    expect(checkReason('y'.repeat(2001))).toEqual({ ok: false, error: 'mod.textTooLong' });
  });

  it('mutes for whole hours up to a year, or 0 for until unmuted, and sends no hours for anything else', () => {
    expect(modActionRequest('mute', 'insults', '24')).toEqual({ ok: true, value: { reason: 'insults', hours: 24 } });
    expect(modActionRequest('mute', 'insults', ' 8760 ')).toEqual({ ok: true, value: { reason: 'insults', hours: 8760 } });
    expect(modActionRequest('mute', 'insults', '0')).toEqual({ ok: true, value: { reason: 'insults', hours: 0 } });
    for (const bad of ['', '-3', '1.5', '8761', 'abc', '1e3'])
      expect(modActionRequest('mute', 'insults', bad)).toEqual({ ok: false, error: 'mod.hoursInvalid' });
    expect(modActionRequest('warn', 'insults', '24')).toEqual({ ok: true, value: { reason: 'insults' } });
  });
});

describe('the audit log in words', () => {
  it('names each action, its details kept, and one it does not know as the server does', () => {
    setLang('en');
    expect(actionText({ action: 'ban', target: null })).toBe('Banned');
    expect(actionText({ action: 'mute 24h', target: null })).toBe('Muted 24h');
    expect(actionText({ action: 'close-challenges (3)', target: null })).toBe('Challenges closed (3)');
    expect(actionText({ action: 'role moderator', target: null })).toBe('Role set: Moderator');
    expect(actionText({ action: 'remove', target: { kind: 'chat', id: 4 } })).toBe('Chat line removed');
    expect(actionText({ action: 'remove', target: { kind: 'comment', id: 4 } })).toBe('Comment removed');
    expect(actionText({ action: 'rename', target: null })).toBe('rename');
    setLang('ja');
    expect(actionText({ action: 'role admin', target: null })).toBe('役割の設定：管理者');
    setLang('en');
  });

  it('names the target and the actor, the shell when no moderator', () => {
    expect(targetText({ kind: 'report', id: 12 })).toBe('report 12');
    expect(targetText({ kind: 'tournament', id: 3 })).toBe('tournament 3');
    expect(targetText(null)).toBe('');
    expect(actorName({ id: 1, name: 'mona' })).toBe('mona');
    expect(actorName(null)).toBe('the shell (kirin admin)');
  });
});
