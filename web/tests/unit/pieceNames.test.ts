import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n';
import { PieceCatalog } from '../../src/render/pieces';

describe('piece names', () => {
  const catalog = new PieceCatalog({
    id: 'x', name: 'x', aliases: [], files: 12, ranks: 12,
    pieces: [
      { token: 'd', name: 'Dragon King', kanji: '龍王', abbrev: 'D' },
      { token: 'e', name: 'Great Elephant', kanji: '', abbrev: 'GE' },
    ],
  });
  it('names a piece in the page’s language: its kanji on Japanese pages, where it has them', () => {
    expect(catalog.name('d')).toBe('Dragon King');
    expect(new PieceCatalog(null).name('+n')).toBe('promoted N');
    setLang('ja');
    try {
      expect(catalog.name('d')).toBe('龍王');
      expect(catalog.name('e')).toBe('Great Elephant');
      expect(new PieceCatalog(null).name('+n')).toBe('成N');
    } finally {
      setLang('en');
    }
  });
});
