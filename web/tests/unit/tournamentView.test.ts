import { describe, expect, it } from 'vitest';
import type { Pairing, Tournament } from '../../src/api/tournaments';
import { arenaSheet, countdownTarget, durationText, isTournamentEvent, pointsOf, robinCrosstable, scoreText, swissRounds, throttle } from '../../src/tournamentView';

const pairing = (p: Partial<Pairing>): Pairing => ({ round: 1, game: 1, black: 1, white: 2, result: 'ongoing', counted: false, berserk_black: false, berserk_white: false, ...p });

describe('tournament view', () => {
  it('writes times left to the second under a day, in days and hours beyond', () => {
    expect(durationText(65_000)).toBe('1:05');
    expect(durationText(3_723_000)).toBe('1:02:03');
    expect(durationText(-5)).toBe('0:00');
    expect(durationText(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 3h');
  });

  it('counts down to the start, the arena end or the next round, and to nothing when over', () => {
    const base = { status: 'created', kind: 'arena', starts_at: 1000, ends_at: 0, next_round_at: 0 } as unknown as Tournament;
    expect(countdownTarget(base)).toEqual({ what: 'starts', at: 1000 });
    expect(countdownTarget({ ...base, starts_at: 0 })).toBeNull();
    expect(countdownTarget({ ...base, status: 'running', ends_at: 9000 })).toEqual({ what: 'ends', at: 9000 });
    expect(countdownTarget({ ...base, status: 'running', kind: 'swiss', next_round_at: 7000 })).toEqual({ what: 'nextRound', at: 7000 });
    expect(countdownTarget({ ...base, status: 'running', kind: 'robin' })).toBeNull();
    expect(countdownTarget({ ...base, status: 'finished', ends_at: 9000 })).toBeNull();
  });

  it('writes half points as ½', () => {
    expect(scoreText(0.5)).toBe('½');
    expect(scoreText(3.5)).toBe('3½');
    expect(scoreText(4)).toBe('4');
  });

  it('scores a game, a draw and a bye for each side', () => {
    expect(pointsOf(pairing({ result: 'black' }), 1)).toBe(1);
    expect(pointsOf(pairing({ result: 'black' }), 2)).toBe(0);
    expect(pointsOf(pairing({ result: 'draw' }), 2)).toBe(0.5);
    expect(pointsOf(pairing({ result: 'ongoing' }), 1)).toBeNull();
    expect(pointsOf(pairing({ white: null, game: 0 }), 1)).toBe(1);
  });

  it('fills a double round robin crosstable from both sides, each pair twice', () => {
    const ps = [
      pairing({ round: 1, game: 10, black: 1, white: 2, result: 'black', counted: true }),
      pairing({ round: 2, game: 11, black: 2, white: 1, result: 'draw', counted: true }),
      pairing({ round: 1, game: 12, black: 3, white: 1, result: 'ongoing' }),
    ];
    const table = robinCrosstable([1, 2, 3], ps, true);
    expect(table[0]![0]![0]!.kind).toBe('self');
    expect(table[0]![1]!.map((c) => c.text)).toEqual(['1', '½']);
    expect(table[1]![0]!.map((c) => c.text)).toEqual(['0', '½']);
    expect(table[0]![2]!.map((c) => c.kind)).toEqual(['ongoing', 'none']);
    expect(table[0]![2]![0]!.game).toBe(12);
    expect(table[1]![2]!.map((c) => c.kind)).toEqual(['none', 'none']);
  });

  it('lists a Swiss player’s rounds with opponent, colour and byes', () => {
    const ps = [pairing({ round: 1, black: 5, white: 1, result: 'white' }), pairing({ round: 2, black: 1, white: null, game: 0 })];
    const r = swissRounds(1, ps, 3);
    expect(r[0]).toMatchObject({ text: '1', kind: 'win', opponent: 5, color: 'white' });
    expect(r[1]).toMatchObject({ kind: 'bye', opponent: null });
    expect(r[2]).toBeNull();
  });

  it('marks an arena sheet’s streak points and berserks', () => {
    const ps = [
      pairing({ game: 1, black: 1, white: 2, result: 'black', counted: true }),
      pairing({ game: 2, black: 3, white: 1, result: 'white', counted: true }),
      pairing({ game: 3, black: 1, white: 4, result: 'black', counted: true, berserk_black: true }),
      pairing({ game: 4, black: 1, white: 5, result: 'draw', counted: true }),
      pairing({ game: 5, black: 1, white: 6, result: 'ongoing' }),
    ];
    expect(arenaSheet('2 2 5 2', 1, ps)).toEqual([
      { points: 2, streak: false, berserk: false },
      { points: 2, streak: false, berserk: false },
      { points: 5, streak: true, berserk: true },
      { points: 2, streak: true, berserk: false },
    ]);
  });

  it('throttles reloads: one at once, one more at the end of a burst', () => {
    let now = 0;
    const pending: Array<() => void> = [];
    let runs = 0;
    const f = throttle(() => runs++, 1000, { set: (g) => pending.push(g), now: () => now });
    f();
    expect(runs).toBe(1);
    f(); f(); f();
    expect(runs).toBe(1);
    expect(pending.length).toBe(1);
    now = 1000;
    pending.shift()!();
    expect(runs).toBe(2);
    now = 2500;
    f();
    expect(runs).toBe(3);
  });

  it('knows a tournament’s push from a game’s', () => {
    expect(isTournamentEvent({ type: 'tournament', tournament: 3, what: 'paired', game: 9 })).toBe(true);
    expect(isTournamentEvent({ kind: 'tournament', tournament: 3, what: 'joined' })).toBe(true);
    expect(isTournamentEvent({ kind: 'move', game: 3 })).toBe(false);
  });
});
