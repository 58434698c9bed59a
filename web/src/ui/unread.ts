// How many private messages the signed-in user has not read: shown in the header, kept up to
// date by the inbox page and the `message` events.
import { api } from '../api/client';

let count = 0;
const listeners = new Set<(n: number) => void>();

export function unreadCount(): number {
  return count;
}

export function setUnread(n: number): void {
  if (n === count) return;
  count = Math.max(0, n);
  listeners.forEach((f) => f(count));
}

export function onUnread(f: (n: number) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Asks the server again (after signing in, after a reconnection). */
export async function refreshUnread(): Promise<void> {
  try {
    setUnread((await api.unreadMessages()).unread);
  } catch {
    /* signed out, or offline: the count stays */
  }
}
