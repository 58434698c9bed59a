// The open reports counted in a moderator's header link (GET /api/mod/reports?status=open):
// asked after signing in, on moving between pages (at most every 30 s), and after the
// moderation page changes something.
import { api } from '../api/client';
import { canModerate } from '../moderation';
import { session } from '../session';

/** Counted up to here; more show as "200+". */
export const COUNT_UP_TO = 200;
let count = 0;
let askedAt = 0;
const listeners = new Set<(n: number) => void>();

export function openReportCount(): number {
  return count;
}

export function onOpenReports(f: (n: number) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function set(n: number): void {
  if (n === count) return;
  count = n;
  listeners.forEach((f) => f(n));
}

/** Asks the server again; `soon` skips the ask if the last one is under 30 s old. */
export async function refreshOpenReports(soon = false): Promise<void> {
  if (!canModerate(session.role)) {
    set(0);
    return;
  }
  if (soon && Date.now() - askedAt < 30_000) return;
  askedAt = Date.now();
  try {
    set((await api.modReports('open', undefined, COUNT_UP_TO)).reports.length);
  } catch {
    /* signed out meanwhile, or offline: the count stays */
  }
}
