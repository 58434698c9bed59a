import { describe, expect, it } from 'vitest';
import type { RatingChange } from '../../src/api/types';
import { setLang } from '../../src/i18n';
import { diffText, profileHref, ratingChangeText, ratingText } from '../../src/ui/rating';

const change = (over: Partial<RatingChange>): RatingChange => ({
  user: { id: 1, name: 'alice' }, game: 'shogi', game_id: 7, before: 1500, before_provisional: true,
  after: 1662, diff: 162, deviation: 290, provisional: true, at: 0, ...over,
});

describe('ratings as the pages show them', () => {
  it('marks a provisional rating with ?, as lishogi', () => {
    expect(ratingText(1662, true)).toBe('1662?');
    expect(ratingText(1662, false)).toBe('1662');
  });
  it('writes a change with its sign, a minus sign for a loss', () => {
    expect(diffText(162)).toBe('+162');
    expect(diffText(-7)).toBe('−7');
    expect(diffText(0)).toBe('±0');
  });
  it('tells a player’s change from before to after, each provisional or not', () => {
    setLang('en');
    expect(ratingChangeText(change({}))).toBe('alice: 1500? → 1662? (+162)');
    expect(ratingChangeText(change({ before: 1600, before_provisional: false, after: 1590, diff: -10, provisional: false })))
      .toBe('alice: 1600 → 1590 (−10)');
  });
  it('links a name to its profile, escaped', () => {
    expect(profileHref('alice')).toBe('/@/alice');
    expect(profileHref('a b')).toBe('/@/a%20b');
  });
});
