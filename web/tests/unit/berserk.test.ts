import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/api/types';
import { hasMoved, mayBerserk } from '../../src/berserk';
import { byoyomiNow, colourTimeControl, describeTimeControl } from '../../src/clock';
import { setLang } from '../../src/i18n';

const arena = (over: Partial<GameView>): GameView => ({
  id: 1, setup: { game: 'shogi', profile: '', options: [], drops: null, handicap: '', sfen: '' },
  black: { id: 1, name: 'alice' }, white: { id: 2, name: 'bob' },
  time_control: { kind: 'live', text: '60 byoyomi 10', main_ms: 60_000, byoyomi_ms: 10_000, increment_ms: 0, periods: 1 },
  status: 'active', result: 'ongoing', reason: '', result_text: 'ongoing', ply: 0, to_move: 'black',
  draw_offer: null, sealed: null, created: 0, updated: 0,
  berserk_allowed: true, berserk: { black: false, white: false },
  start_sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', sfen: '',
  moves: [], comments: [], comments_total: 0, legal_moves: [],
  clock: { black_ms: 60_000, white_ms: 60_000, deadline: null, now: 0 },
  ...over,
} as GameView);

describe('berserk', () => {
  it('is before one’s own first move, in a game that allows it, once', () => {
    expect(mayBerserk(arena({}), 'black')).toBe(true);
    expect(mayBerserk(arena({}), null)).toBe(false);
    expect(mayBerserk(arena({ ply: 1 }), 'black')).toBe(false);
    expect(mayBerserk(arena({ ply: 1 }), 'white')).toBe(true);
    expect(mayBerserk(arena({ ply: 2 }), 'white')).toBe(false);
    expect(mayBerserk(arena({ berserk_allowed: false }), 'black')).toBe(false);
    expect(mayBerserk(arena({ berserk: { black: true, white: false } }), 'black')).toBe(false);
    expect(mayBerserk(arena({ status: 'finished' }), 'black')).toBe(false);
    // White first (a handicap): White moves at ply 0.
    const handicap = { start_sfen: '4k4/9/9/9/9/9/9/9/4K4 w - 1', ply: 1 };
    expect(hasMoved(handicap, 'white')).toBe(true);
    expect(hasMoved(handicap, 'black')).toBe(false);
  });

  it('drops the byoyomi of the side that berserked', () => {
    const tc = arena({}).time_control;
    expect(colourTimeControl(tc, true)).toEqual({ ...tc, byoyomi_ms: 0, increment_ms: 0, periods: 0 });
    expect(colourTimeControl(tc, false)).toBe(tc);
  });
});

describe('byoyomi periods', () => {
  it('counts each period down, the running one counted', () => {
    expect(byoyomiNow(30_000, 10_000)).toEqual({ periodMs: 10_000, periods: 3 });  // a period's very end
    expect(byoyomiNow(29_999, 10_000)).toEqual({ periodMs: 9_999, periods: 3 });
    expect(byoyomiNow(20_000, 10_000)).toEqual({ periodMs: 10_000, periods: 2 });
    expect(byoyomiNow(19_999, 10_000)).toEqual({ periodMs: 9_999, periods: 2 });
    expect(byoyomiNow(1, 10_000)).toEqual({ periodMs: 1, periods: 1 });
    expect(byoyomiNow(0, 10_000)).toEqual({ periodMs: 0, periods: 0 });
  });

  it('describes several periods', () => {
    setLang('en');
    const tc = { kind: 'live' as const, text: '600 byoyomi 30 periods 3', main_ms: 600_000, byoyomi_ms: 30_000, increment_ms: 0, periods: 3 };
    expect(describeTimeControl(tc)).toBe('10 min + 30 s byoyomi ×3');
    expect(describeTimeControl({ ...tc, periods: 1 })).toBe('10 min + 30 s byoyomi');
    setLang('ja');
    expect(describeTimeControl(tc)).toBe('持ち時間10分 秒読み30秒×3回');
    setLang('en');
  });
});
