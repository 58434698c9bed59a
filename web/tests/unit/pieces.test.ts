/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VariantDetail, VariantPiece } from '../../src/api/types';
import { PieceCatalog } from '../../src/render/pieces';

describe('piece sets', () => {
  const catalog = new PieceCatalog({
    id: 'x', name: 'x', aliases: [], files: 13, ranks: 13,
    pieces: [
      { token: 'k', name: 'King', kanji: '玉将', abbrev: 'K' },
      { token: 'b', name: 'Bishop', kanji: '角行', abbrev: 'B' },
      { token: 'd', name: 'Dragon King', kanji: '龍王', abbrev: 'D' },
      { token: 'g', name: 'Angle Soldier', kanji: '角兵', abbrev: 'AS' },
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
    expect(catalog.face('g', 'kanji').lines).toEqual(['角', '兵']);
  });
  it('falls back to the abbreviation without kanji, and to the SFEN letter without data', () => {
    expect(catalog.face('e', 'kanji')).toEqual({ lines: ['GE'], kanji: false });
    expect(new PieceCatalog(null).face("+n'", 'kanji')).toEqual({ lines: ['N′'], kanji: false });
  });
});

// The served games' pieces as GET /api/variants/{id} gives them, read from variants/*.toml: each
// [[piece]] table's id, kanji, SFEN token and promotion (a promoted piece's token is "+" and that
// of the piece promoting to it).
function servedGames(): VariantDetail[] {
  const dir = new URL('../../../variants/', import.meta.url);
  return readdirSync(dir)
    .filter((f: string) => f.endsWith('.toml'))
    .map((file: string) => {
      const tables = readFileSync(new URL(file, dir), 'utf8').split(/^\[\[piece\]\]$/m).slice(1);
      const fields = tables.map((t: string) => {
        const f: Record<string, string> = {};
        for (const m of t.split(/^\[/m)[0]!.matchAll(/^(\w+) = "([^"]*)"/gm)) f[m[1]!] = m[2]!;
        return f;
      });
      const pieces: VariantPiece[] = fields.map((f: Record<string, string>) => {
        const from = fields.find((g: Record<string, string>) => g.promotes === f.id);
        const token = f.sfen ?? `+${from?.sfen ?? '?'}`;
        return { token, name: f.name ?? '', kanji: f.kanji, abbrev: f.abbrev, promoted: !f.sfen };
      });
      return { id: file.replace('.toml', ''), name: file, aliases: [], files: 0, ranks: 0, pieces };
    });
}

describe('the kanji sets of every served game', () => {
  const games = servedGames();
  it('reads every game', () => {
    expect(games.map((g) => g.id)).toContain('chu-seireigi');
    expect(games.length).toBeGreaterThanOrEqual(9);
  });
  for (const game of games) {
    it(`${game.id}: every piece in kanji, each unpromoted piece with a character of its own`, () => {
      const catalog = new PieceCatalog(game);
      const byChar = new Map<string, string>();
      for (const p of game.pieces!) {
        expect(p.kanji, `${game.id} ${p.token}`).toMatch(/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,3}$/u);
        expect(p.token, `${game.id} ${p.name}`).not.toContain('?');
        const one = catalog.face(p.token, 'kanji');
        const two = catalog.face(p.token, 'kanji2');
        expect(one.kanji && two.kanji, `${game.id} ${p.token}`).toBe(true);
        if (p.promoted) continue;
        const key = one.lines.join('');
        expect(byChar.get(key) ?? p.kanji, `${game.id}: ${p.kanji} and ${byChar.get(key)} both ${key}`).toBe(p.kanji);
        byChar.set(key, p.kanji!);
      }
    });
  }
});
