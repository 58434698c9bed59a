// Ratings as the pages show them, lishogi's way: rounded, '?' while provisional, a change as
// +N or −N; and the link to a player's profile (/@/NAME), wherever a name is shown.
import type { RatingChange } from '../api/types';
import { t } from '../i18n';
import { h } from '../render/svg';

export function ratingText(rating: number, provisional: boolean): string {
  return `${rating}${provisional ? '?' : ''}`;
}

/** "+12", "−7" (a minus sign, not a hyphen), "±0". */
export function diffText(diff: number): string {
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0';
}

export function diffEl(diff: number): HTMLElement {
  return h('span', { class: `rating-diff ${diff > 0 ? 'up' : diff < 0 ? 'down' : 'same'}` }, diffText(diff));
}

/** "alice: 1500? → 1662? (+162)" */
export function ratingChangeText(c: RatingChange): string {
  const before = ratingText(c.before, c.before_provisional);
  return t('ratings.change', { name: c.user.name, before, after: ratingText(c.after, c.provisional), diff: diffText(c.diff) });
}

export function profileHref(name: string): string {
  return `/@/${encodeURIComponent(name)}`;
}

export function playerLink(name: string, cls = 'player-link'): HTMLElement {
  return h('a', { href: profileHref(name), class: cls }, name);
}
