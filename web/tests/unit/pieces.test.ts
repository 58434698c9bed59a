import { describe, expect, it } from 'vitest';
import { PieceCatalog } from '../../src/render/pieces';

describe('piece sets', () => {
  const catalog = new PieceCatalog({
    id: 'x', name: 'x', aliases: [], files: 13, ranks: 13,
    pieces: [
      { token: 'k', name: 'King', kanji: '玉将', abbrev: 'K' },
      { token: 'b', name: 'Bishop', kanji: '角行', abbrev: 'B' },
      { token: 'd', name: 'Dragon King', kanji: '龍王', abbrev: 'D' },
      { token: 'g', name: 'Bishop General', kanji: '角将', abbrev: 'BG' },
      { token: '+b', name: 'Dragon Horse', kanji: '龍馬', abbrev: '+B', promoted: true },
      { token: 'e', name: 'Great Elephant', kanji: '', abbrev: 'GE' },
    ],
  });
  it('writes one character, two characters or the abbreviation', () => {
    expect(catalog.face('b', 'kanji')).toEqual({ lines: ['角'], kanji: true });
    expect(catalog.face('+b', 'kanji')).toEqual({ lines: ['馬'], kanji: true });
    expect(catalog.face('d', 'kanji2')).toEqual({ lines: ['龍', '王'], kanji: true });
    expect(catalog.face('b', 'western')).toEqual({ lines: ['B'], kanji: false });
    expect(catalog.face('+b', 'western')).toEqual({ lines: ['B'], kanji: false });
  });
  it('writes White’s King 王 and keeps clashing pieces apart', () => {
    expect(catalog.face('k', 'kanji', 'white').lines).toEqual(['王']);
    expect(catalog.face('k', 'kanji', 'black').lines).toEqual(['玉']);
    expect(catalog.face('g', 'kanji').lines).toEqual(['角', '将']);
  });
  it('falls back to the abbreviation without kanji, and to the SFEN letter without data', () => {
    expect(catalog.face('e', 'kanji')).toEqual({ lines: ['GE'], kanji: false });
    expect(new PieceCatalog(null).face("+n'", 'kanji')).toEqual({ lines: ['N′'], kanji: false });
  });
});
