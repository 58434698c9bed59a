import { describe, expect, it } from 'vitest';
import { parseUsi, squareName, parseSquare, legSquares } from '../../src/shogi/usi';
import { parseSfen } from '../../src/shogi/sfen';
import { applyMove, replay } from '../../src/shogi/replay';

const B12 = { files: 12, ranks: 12 };
const sq = (s: string) => parseSquare(B12, s)!;

describe('squares', () => {
  it('counts files from the right and ranks from the top', () => {
    expect(parseSquare(B12, '12a')).toBe(0);
    expect(parseSquare(B12, '1a')).toBe(11);
    expect(parseSquare(B12, '1l')).toBe(143);
    expect(parseSquare(B12, '13a')).toBeNull();
    expect(parseSquare(B12, '1m')).toBeNull();
    expect(squareName(B12, 0)).toBe('12a');
    expect(squareName(B12, sq('7g'))).toBe('7g');
  });
});

describe('parseUsi', () => {
  it('reads plain moves and promotions', () => {
    expect(parseUsi(B12, '7g7f')).toMatchObject({ kind: 'move', from: sq('7g'), mid: null, to: sq('7f'), promote: false, kills: [] });
    expect(parseUsi(B12, '12c11b+')).toMatchObject({ from: sq('12c'), to: sq('11b'), promote: true });
    expect(parseUsi(B12, '8h8c=')).toMatchObject({ promote: false });
  });
  it('reads Lion double moves, igui and passes', () => {
    expect(parseUsi(B12, '7g6f5e')).toMatchObject({ from: sq('7g'), mid: sq('6f'), to: sq('5e') });
    const igui = parseUsi(B12, '7g6f7g');
    expect(igui).toMatchObject({ from: sq('7g'), mid: sq('6f'), to: sq('7g') });
    expect(legSquares(igui)).toEqual([sq('6f'), sq('7g')]);
  });
  it('reads further victims (burns, range captures)', () => {
    expect(parseUsi(B12, '5e4dx3cx3d')).toMatchObject({ from: sq('5e'), to: sq('4d'), kills: [sq('3c'), sq('3d')] });
    expect(parseUsi(B12, '7g6f7gx8f+')).toMatchObject({ mid: sq('6f'), kills: [sq('8f')], promote: true });
  });
  it('reads drops with primes', () => {
    expect(parseUsi(B12, 'P*5e')).toMatchObject({ kind: 'drop', piece: 'p', to: sq('5e') });
    expect(parseUsi({ files: 15, ranks: 15 }, "N'*10c")).toMatchObject({ kind: 'drop', piece: "n'" });
  });
  it('explains malformed moves', () => {
    expect(() => parseUsi(B12, '3c3')).toThrow(/expected a move/);
    expect(() => parseUsi(B12, '13a1a')).toThrow(/not a square/);
    expect(() => parseUsi(B12, '7g7f!')).toThrow(/unexpected/);
  });
});

describe('replay', () => {
  it('plays captures into hand, drops, promotions and double captures', () => {
    const start = parseSfen('4k4/9/4p4/4G4/9/9/9/9/4K4 b - 1', 'shogi');
    const a = applyMove(start, parseUsi(start, '5d5c+'), true);
    expect(a.board[2 * 9 + 4]).toEqual({ token: '+g', color: 'black' });
    expect(a.hands.black.get('p')).toBe(1);
    expect(a.side).toBe('white');
    const { positions } = replay(start, ['5d5c', '5a4a', 'P*5d'], true);
    expect(positions[3]!.board[3 * 9 + 4]).toEqual({ token: 'p', color: 'black' });
    expect(positions[3]!.hands.black.size).toBe(0);
    // A Lion's double capture and an igui.
    const lion = parseSfen('12/12/12/12/12/6p5/5p6/6N5/12/12/12/12 b - 1', 'lishogi-chu');
    const after = applyMove(lion, parseUsi(lion, '6h7g6f'), false);
    expect(after.board[sq('7g')]).toBeNull();
    expect(after.board[sq('6f')]).toEqual({ token: 'n', color: 'black' });
    expect(after.board[sq('6h')]).toBeNull();
    const igui = applyMove(lion, parseUsi(lion, '6h7g6h'), false);
    expect(igui.board[sq('7g')]).toBeNull();
    expect(igui.board[sq('6h')]).toEqual({ token: 'n', color: 'black' });
  });
});
