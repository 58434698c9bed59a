// What a challenge event tells the signed-in user, if anything: it says who acted (`by`), so a
// user is never told of their own challenge as if it came from someone else. A rematch's
// events are shown by the old game's page itself; elsewhere they become a notice with a link.
import { t } from '../i18n';
import type { PushEvent } from '../api/types';

export interface ChallengeNotice {
  text: string;
  /** A game to link to, or the lobby. */
  link: number | 'lobby' | null;
}

export function challengeNotice(ev: PushEvent, me: string | null, path: string): ChallengeNotice | null {
  const by = ev.by ?? '';
  if (!me || !by || by.toLowerCase() === me.toLowerCase()) return null; // one's own doing
  const name = by;
  if (ev.rematch_of) {
    if (path === `/game/${ev.rematch_of}`) return null; // that page shows it
    if (ev.text === 'created') return { text: t('notice.rematchOffered', { name }), link: ev.rematch_of };
    if (ev.text === 'accepted' && ev.game && path !== `/game/${ev.game}`) return { text: t('notice.rematchStarted'), link: ev.game };
    if (ev.text === 'declined') return { text: t('notice.rematchDeclined', { name }), link: null };
    return null;
  }
  if (path === '/') return null; // the lobby shows its challenges itself
  if (ev.text === 'created') return { text: t('notice.newChallenge', { name }), link: 'lobby' };
  if (ev.text === 'accepted' && ev.game && path !== `/game/${ev.game}`) return { text: t('notice.challengeAccepted', { name }), link: ev.game };
  if (ev.text === 'declined') return { text: t('notice.challengeDeclined', { name }), link: null };
  return null;
}
