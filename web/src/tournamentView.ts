// What the tournament pages compute from the API's answers, kept apart from the DOM so that the
// unit tests can check it: times left, the round robin's crosstable, the Swiss rounds of each
// player, the arena's sheet, and the throttle of live reloads.
import type { Pairing, Standing, Tournament, TournamentEvent } from './api/tournaments';
import { formatMs } from './clock';

/** A time to come or left, to the second under a day ("4:05", "1:02:03"), else "2d 3h". */
export function durationText(ms: number): string {
  if (ms >= 86_400_000) return formatMs(ms, 'correspondence');
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** What the header counts down to: the start, the arena's end, or the next round; null: nothing. */
export function countdownTarget(tour: Tournament): { what: 'starts' | 'ends' | 'nextRound'; at: number } | null {
  if (tour.status === 'created' && tour.starts_at) return { what: 'starts', at: tour.starts_at };
  if (tour.status !== 'running') return null;
  if (tour.kind === 'arena' && tour.ends_at) return { what: 'ends', at: tour.ends_at };
  if (tour.next_round_at) return { what: 'nextRound', at: tour.next_round_at };
  return null;
}

/** A score as people write it: 2, 2.5 as "2½" for Swiss and robin. */
export function scoreText(score: number): string {
  const whole = Math.floor(score);
  const half = score - whole >= 0.25 && score - whole < 0.75;
  if (!half) return String(Math.round(score));
  return whole === 0 ? '½' : `${whole}½`;
}

/** The points of one entry's game: 1, ½, 0 (Swiss and robin), null while it is played. */
export function pointsOf(p: Pairing, entry: number): number | null {
  if (p.white === null) return p.black === entry ? 1 : null;  // a bye
  if (p.result === 'ongoing') return null;
  if (p.result === 'draw') return 0.5;
  const won = (p.result === 'black' && p.black === entry) || (p.result === 'white' && p.white === entry);
  return won ? 1 : 0;
}

export type Cell = { text: string; kind: 'win' | 'draw' | 'loss' | 'ongoing' | 'none' | 'self' | 'bye'; game?: number };

function cellOf(p: Pairing | undefined, entry: number): Cell {
  if (!p) return { text: '', kind: 'none' };
  const pts = pointsOf(p, entry);
  if (pts === null) return { text: '*', kind: 'ongoing', game: p.game || undefined };
  return { text: scoreText(pts), kind: pts === 1 ? 'win' : pts === 0 ? 'loss' : 'draw', game: p.game || undefined };
}

/** The round robin's crosstable: a row per entry (in the standings' order), a column per
 * opponent in the same order; double round robins have two cells per pair (each colour). */
export function robinCrosstable(order: number[], pairings: Pairing[], double: boolean): Cell[][][] {
  const games = new Map<string, Pairing[]>();
  for (const p of pairings) {
    if (p.white === null) continue;
    for (const [a, b] of [[p.black, p.white], [p.white, p.black]] as const) {
      const key = `${a}:${b}`;
      games.set(key, [...(games.get(key) ?? []), p]);
    }
  }
  return order.map((me) => order.map((them) => {
    if (me === them) return [{ text: '', kind: 'self' as const }];
    const met = (games.get(`${me}:${them}`) ?? []).sort((x, y) => x.round - y.round);
    const cells = met.map((p) => cellOf(p, me));
    while (cells.length < (double ? 2 : 1)) cells.push({ text: '', kind: 'none' });
    return cells;
  }));
}

/** A Swiss player's rounds: for each round, the opponent (entry), the colour and the result. */
export function swissRounds(entry: number, pairings: Pairing[], rounds: number): Array<(Cell & { opponent: number | null; color: 'black' | 'white' | null }) | null> {
  const out: Array<(Cell & { opponent: number | null; color: 'black' | 'white' | null }) | null> = Array.from({ length: rounds }, () => null);
  for (const p of pairings) {
    if (p.round < 1 || p.round > rounds || (p.black !== entry && p.white !== entry)) continue;
    if (p.white === null) {
      out[p.round - 1] = { text: '1', kind: 'bye', opponent: null, color: null };
      continue;
    }
    const color = p.black === entry ? 'black' : 'white';
    out[p.round - 1] = { ...cellOf(p, entry), opponent: color === 'black' ? p.white : p.black, color };
  }
  return out;
}

/** An arena sheet's games, oldest first: each game's points, whether they were doubled by a
 * streak (a win of 4, a draw of 2) and whether the entry berserked. */
export function arenaSheet(sheet: string | undefined, entry: number, pairings: Pairing[]): Array<{ points: number; streak: boolean; berserk: boolean }> {
  const points = (sheet ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
  const mine = pairings.filter((p) => p.counted && (p.black === entry || p.white === entry)).sort((a, b) => a.game - b.game);
  return points.map((pts, i) => {
    const p = mine[i];
    const berserk = !!p && (p.black === entry ? p.berserk_black : p.berserk_white);
    const result = p ? pointsOf(p, entry) : null;
    const streak = (result === 1 && pts - (berserk ? 1 : 0) >= 4) || (result === 0.5 && pts >= 2);
    return { points: pts, streak, berserk };
  });
}

/** Runs `f` at most once per `ms`: the first call at once, later ones once at the end of the
 * wait (a burst of pushes makes one more reload, not one each). */
export function throttle(f: () => void, ms: number, timers: { set: (g: () => void, ms: number) => unknown; now: () => number } = { set: (g, t) => setTimeout(g, t), now: () => Date.now() }): () => void {
  let last = -Infinity;
  let pending = false;
  return () => {
    if (pending) return;
    const wait = last + ms - timers.now();
    if (wait <= 0) {
      last = timers.now();
      f();
      return;
    }
    pending = true;
    timers.set(() => {
      pending = false;
      last = timers.now();
      f();
    }, wait);
  };
}

/** Whether a standing is one of the computer's entries. */
export function isComputer(s: Standing): boolean {
  return s.computer > 0;
}

/** Whether a pushed event is a tournament's (the field is `type` in the contract; game events say `kind`). */
export function isTournamentEvent(ev: unknown): ev is TournamentEvent {
  const e = ev as Partial<TournamentEvent> | null;
  return !!e && (e.type === 'tournament' || e.kind === 'tournament') && typeof e.tournament === 'number';
}
