import { describe, expect, it } from 'vitest';
import { describeTimeControl, formatMs } from '../../src/clock';
import { setLang } from '../../src/i18n';

describe('clocks', () => {
  it('formats times left', () => {
    expect(formatMs(600_000, 'live')).toBe('10:00');
    expect(formatMs(3_723_000, 'live')).toBe('1:02:03');
    expect(formatMs(9_450, 'live')).toBe('0:09.4');
    expect(formatMs(-5, 'live')).toBe('0:00.0');
    expect(formatMs(3 * 86_400_000 + 7_200_000, 'correspondence')).toBe('3d 2h');
    // A whole move's days (the side not to move, as the server now sends it), and the last hour.
    expect(formatMs(3 * 86_400_000, 'correspondence')).toBe('3d 0h');
    expect(formatMs(59 * 60_000, 'correspondence')).toBe('59m');
  });
  it('describes time controls', () => {
    expect(describeTimeControl({ kind: 'live', text: '900 byoyomi 30', main_ms: 900_000, byoyomi_ms: 30_000, increment_ms: 0 })).toBe('15 min + 30 s byoyomi');
    expect(describeTimeControl({ kind: 'live', text: '300+3', main_ms: 300_000, byoyomi_ms: 0, increment_ms: 3000 })).toBe('5 min + 3 s a move');
    expect(describeTimeControl({ kind: 'correspondence', text: '3 days', days_per_move: 3 })).toBe('3 days a move');
    expect(describeTimeControl({ kind: 'none', text: 'none' })).toBe('no clock');
  });
  it('says time controls and days in Japanese as shogi sites do', () => {
    setLang('ja');
    try {
      expect(describeTimeControl({ kind: 'live', text: '600 byoyomi 30', main_ms: 600_000, byoyomi_ms: 30_000, increment_ms: 0 })).toBe('持ち時間10分 秒読み30秒');
      expect(describeTimeControl({ kind: 'live', text: '300+3', main_ms: 300_000, byoyomi_ms: 0, increment_ms: 3000 })).toBe('持ち時間5分 1手ごとに3秒加算');
      expect(describeTimeControl({ kind: 'live', text: '90', main_ms: 90_000, byoyomi_ms: 0, increment_ms: 0 })).toBe('持ち時間90秒');
      expect(describeTimeControl({ kind: 'correspondence', text: '3 days', days_per_move: 3 })).toBe('1手3日');
      expect(describeTimeControl({ kind: 'none', text: 'none' })).toBe('時計なし');
      expect(formatMs(3 * 86_400_000 + 7_200_000, 'correspondence')).toBe('3日2時間');
      expect(formatMs(600_000, 'live')).toBe('10:00');
    } finally {
      setLang('en');
    }
  });
});
