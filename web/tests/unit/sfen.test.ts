import { describe, expect, it } from 'vitest';
import { parseSfen, toSfen, styleFor, withSideToMove } from '../../src/shogi/sfen';

const CHU = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';
const DAI = "ln'u'i'csgkgsci'u'n'l/a1c'1f1tet1f1c'1a/1x'1a'1w'xnow'1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1W'ONXW'1A'1X'1/A1C'1F1TET1F1C'1A/LN'U'I'CSGKGSCI'U'N'L b - 1";

describe('parseSfen', () => {
  it('reads Chu Shogi (12x12, two-digit empty runs, lishogi layout)', () => {
    const p = parseSfen(CHU, 'lishogi-chu');
    expect(p.files).toBe(12);
    expect(p.ranks).toBe(12);
    expect(p.side).toBe('black');
    expect(p.counterStrike).toBeNull();
    // 7j (file 7 = column 5, rank j = row 9) holds Black's Lion.
    expect(p.board[9 * 12 + 5]).toEqual({ token: 'n', color: 'black' });
    expect(p.board[0]).toEqual({ token: 'l', color: 'white' });
    expect(p.board[5 * 12]).toBeNull();
    expect(toSfen(p, 'lishogi-chu')).toBe(CHU);
  });

  it('reads Dai Shogi (15x15, primed letters)', () => {
    const p = parseSfen(DAI, 'shogi');
    expect(p.files).toBe(15);
    expect(p.ranks).toBe(15);
    expect(p.board[1]).toEqual({ token: "n'", color: 'white' });
    expect(p.board[14 * 15 + 2]).toEqual({ token: "u'", color: 'black' });
    expect(toSfen(p, 'shogi').split(' ')[0]).toBe(DAI.split(' ')[0]);
  });

  it('reads hands, promoted pieces and the counter-strike square', () => {
    const s = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LN+SGKGSNL w 2Pbs 12', 'shogi');
    expect(s.side).toBe('white');
    expect(s.hands.black.get('p')).toBe(2);
    expect(s.hands.white.get('b')).toBe(1);
    expect(s.hands.white.get('s')).toBe(1);
    expect(s.moveNumber).toBe(12);
    expect(s.board[8 * 9 + 2]).toEqual({ token: '+s', color: 'black' });
    const c = parseSfen(CHU.replace(' b - 1', ' w 7g 5'), 'lishogi-chu');
    expect(c.counterStrike).toBe('7g');
    const d = parseSfen(CHU.replace(' b - 1', ' b - 2Nc 3'), 'lishogi-chu');
    expect(d.hands.black.get('n')).toBe(2);
    expect(d.hands.white.get('c')).toBe(1);
  });

  it('reads promotion-deferral marks', () => {
    const p = parseSfen('9/9/9/9/4S=4/9/P~8/9/4K4 b - 1', 'shogi');
    expect(p.board[4 * 9 + 4]).toEqual({ token: 's', color: 'black', marks: '=' });
    expect(p.board[6 * 9]).toEqual({ token: 'p', color: 'black', marks: '~' });
  });

  it('rejects a ragged board with a message', () => {
    expect(() => parseSfen('9/8/9 b - 1')).toThrow(/rank b has 8 squares/);
  });

  it('knows which games use lishogi’s Chu layout', () => {
    expect(styleFor('chu')).toBe('lishogi-chu');
    expect(styleFor('chu-seireigi')).toBe('shogi');
    expect(styleFor('x', 'lishogi-chu')).toBe('lishogi-chu');
  });
});

describe('withSideToMove (premoves: the position with the viewer to move)', () => {
  it('turns the side to move around, where the game has it', () => {
    expect(withSideToMove('9/9/9/9/4k4/9/9/9/4K4 w - 2', 'black')).toBe('9/9/9/9/4k4/9/9/9/4K4 b - 2');
    expect(withSideToMove('9/9 b - 1', 'white', ['board', 'side', 'hands', 'move_number'])).toBe('9/9 w - 1');
    expect(withSideToMove('9/9 - b 1', 'white', ['board', 'hands', 'side', 'move_number'])).toBe('9/9 - w 1');
  });
  it('refuses an SFEN without a side to move', () => {
    expect(() => withSideToMove('9/9', 'black')).toThrow(/no side to move/);
  });
});
