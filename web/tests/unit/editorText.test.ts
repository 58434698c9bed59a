import { describe, expect, it } from 'vitest';
import type { VariantDetail } from '../../src/api/types';
import { setLang } from '../../src/i18n';
import { parseSfen, toSfenFields } from '../../src/shogi/sfen';
import { inPageLanguage, pieceMovesText, profileOf, rulesText } from '../../src/variantText';

describe('toSfenFields', () => {
  it('writes the fields a game names, in its order', () => {
    const p = parseSfen('4k4/9/9/9/9/9/9/9/4K4 w 2Pp 1', 'shogi');
    expect(toSfenFields(p, ['board', 'side', 'hands', 'move_number'])).toBe('4k4/9/9/9/9/9/9/9/4K4 w 2Pp 1');
    const chu = { ...p, counterStrike: '7g', hands: { black: new Map(), white: new Map() } };
    expect(toSfenFields(chu, ['board', 'side', 'lion_square', 'move_number'])).toBe('4k4/9/9/9/9/9/9/9/4K4 w 7g 1');
    expect(toSfenFields({ ...chu, counterStrike: null }, ['board', 'side', 'lion_square', 'move_number'])).toBe('4k4/9/9/9/9/9/9/9/4K4 w - 1');
    // Pieces in hand where the fields have none (Chu with drops): before the move number.
    expect(toSfenFields({ ...p, counterStrike: '7g' }, ['board', 'side', 'lion_square', 'move_number'])).toBe('4k4/9/9/9/9/9/9/9/4K4 w 7g 2Pp 1');
  });
});

describe('the server’s words', () => {
  const detail = {
    id: 'chu', name: 'Chu Shogi', aliases: [], files: 12, ranks: 12, default_profile: 'lishogi',
    rules_text: [{ en: 'default rules', ja: '既定のルール' }],
    profiles: [
      { name: 'lishogi', settings: {}, rules_text: [{ en: 'lishogi rules', ja: 'lishogiのルール' }], moves_text: {} },
      { name: 'pbmserv', settings: {}, rules_text: [{ en: 'pbmserv rules', ja: 'pbmservのルール' }], moves_text: { p: { en: 'must promote', ja: '必ず成る' } } },
    ],
    pieces: [{ token: 'p', name: 'Pawn', moves_text: { en: 'one step', ja: '1マス' } }],
  } as unknown as VariantDetail;
  const pawn = detail.pieces![0]!;

  it('takes the chosen profile, else the default one', () => {
    expect(profileOf(detail, 'pbmserv')?.name).toBe('pbmserv');
    expect(profileOf(detail, 'nonsense')?.name).toBe('lishogi');
    expect(profileOf(detail, null)?.name).toBe('lishogi');
  });

  it('gives a piece the sentence its profile changes, and the rules of the profile', () => {
    setLang('en');
    expect(inPageLanguage(pieceMovesText(pawn, profileOf(detail, 'lishogi')))).toBe('one step');
    expect(inPageLanguage(pieceMovesText(pawn, profileOf(detail, 'pbmserv')))).toBe('must promote');
    expect(rulesText(detail, profileOf(detail, 'pbmserv')).map(inPageLanguage)).toEqual(['pbmserv rules']);
    expect(rulesText(detail, null).map(inPageLanguage)).toEqual(['default rules']);
    setLang('ja');
    expect(inPageLanguage(pieceMovesText(pawn, profileOf(detail, 'pbmserv')))).toBe('必ず成る');
    setLang('en');
  });
});
