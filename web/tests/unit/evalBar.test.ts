import { describe, expect, it } from 'vitest';
import { blackScore, blackShare, formatScore } from '../../src/render/evalBar';

describe('engine scores from Black’s side', () => {
  it('turns the mover’s score into Black’s', () => {
    expect(blackScore({ score_cp: 38 }, 'black')).toEqual({ cp: 38, mate: null, bound: '' });
    expect(blackScore({ score_cp: 38 }, 'white')).toEqual({ cp: -38, mate: null, bound: '' });
    expect(blackScore({ mate: 3 }, 'white')).toEqual({ cp: null, mate: -3, bound: '' });
  });

  it('turns a bound around with the side', () => {
    expect(blackScore({ score_cp: 10, bound: 'lower' }, 'black').bound).toBe('≥');
    expect(blackScore({ score_cp: 10, bound: 'lower' }, 'white').bound).toBe('≤');
    expect(blackScore({ score_cp: 10, bound: 'upper' }, 'black').bound).toBe('≤');
    expect(blackScore({ score_cp: 10, bound: 'upper' }, 'white').bound).toBe('≥');
  });

  it('writes pawns and mates', () => {
    expect(formatScore({ cp: 38, mate: null, bound: '' })).toBe('+0.38');
    expect(formatScore({ cp: -120, mate: null, bound: '≤' })).toBe('≤-1.20');
    expect(formatScore({ cp: null, mate: 3, bound: '' })).toBe('+M3');
    expect(formatScore({ cp: null, mate: -2, bound: '' })).toBe('-M2');
  });

  it('fills the bar by winning chances, whole for a mate', () => {
    expect(blackShare({ cp: 0, mate: null, bound: '' })).toBeCloseTo(0.5);
    // lishogi's curve: +3 pawns is about a 75% share.
    expect(blackShare({ cp: 300, mate: null, bound: '' })).toBeCloseTo(0.752, 2);
    expect(blackShare({ cp: -300, mate: null, bound: '' })).toBeCloseTo(0.248, 2);
    expect(blackShare({ cp: null, mate: 5, bound: '' })).toBe(1);
    expect(blackShare({ cp: null, mate: -1, bound: '' })).toBe(0);
  });
});
