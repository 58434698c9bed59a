import { describe, expect, it } from 'vitest';
import { MoveEntry } from '../../src/shogi/moveEntry';
import { parseSquare, parseUsiList } from '../../src/shogi/usi';

const B = { files: 12, ranks: 12 };
const sq = (s: string) => parseSquare(B, s)!;
const entry = (moves: string[]) => new MoveEntry(parseUsiList(B, moves));
const none = () => false;

describe('MoveEntry', () => {
  it('enters a plain move in two clicks and shows the targets', () => {
    const e = entry(['7g7f', '7g6f', '5g5f']);
    expect(e.click(sq('7g'), none)).toEqual({ kind: 'changed' });
    expect(e.targets().sort()).toEqual([sq('7f'), sq('6f')].sort());
    expect(e.click(sq('7f'), none)).toEqual({ kind: 'move', usi: '7g7f' });
    expect(e.state.phase).toBe('idle');
  });

  it('ignores a click on a square with no moves, and puts a piece back on a second click', () => {
    const e = entry(['7g7f']);
    expect(e.click(sq('1a'), none)).toEqual({ kind: 'none' });
    e.click(sq('7g'), none);
    e.click(sq('7g'), none);
    expect(e.state.phase).toBe('idle');
  });

  it('lets a Lion stop after its first capture (second click or finish) or go on', () => {
    const moves = ['7g6f', '7g6f5e', '7g6f7g', '7g5e'];
    let e = entry(moves);
    e.click(sq('7g'), none);
    expect(e.click(sq('6f'), none)).toEqual({ kind: 'changed' });
    expect(e.isAmbiguous()).toBe(true);
    expect(e.targets().sort()).toEqual([sq('5e'), sq('7g')].sort());
    expect(e.click(sq('6f'), none)).toEqual({ kind: 'move', usi: '7g6f' });

    e = entry(moves);
    e.click(sq('7g'), none);
    e.click(sq('6f'), none);
    expect(e.finish()).toEqual({ kind: 'move', usi: '7g6f' });

    e = entry(moves);
    e.click(sq('7g'), none);
    e.click(sq('6f'), none);
    expect(e.click(sq('5e'), none)).toEqual({ kind: 'move', usi: '7g6f5e' });

    e = entry(moves);
    e.click(sq('7g'), none);
    e.click(sq('6f'), none);
    expect(e.click(sq('7g'), none)).toEqual({ kind: 'move', usi: '7g6f7g' });
  });

  it('ends a Lion’s move on a first step that captures the last royal: no "stop here"', () => {
    const moves = ['7g6f', '7g6f5e', '7g6f7g', '7g5e'];
    const e = new MoveEntry(parseUsiList(B, moves), (s) => s === sq('6f'));
    e.click(sq('7g'), none);
    expect(e.click(sq('6f'), none)).toEqual({ kind: 'move', usi: '7g6f' });
    // Another victim (not the last royal) still lets it go on.
    const other = new MoveEntry(parseUsiList(B, moves), (s) => s === sq('5e'));
    other.click(sq('7g'), none);
    expect(other.click(sq('6f'), none)).toEqual({ kind: 'changed' });
    expect(other.isAmbiguous()).toBe(true);
  });

  it('goes straight to a jump through an empty square, but not after a capture', () => {
    const moves = ['7g6f', '7g6f7g', '7g6f5f', '7g5e'];
    const e = entry(moves);
    const empty = (s: number) => s === sq('6f');
    e.click(sq('7g'), none, empty);
    e.click(sq('6f'), none, empty); // goes on to 5f: the entry waits
    expect(e.click(sq('5e'), none, empty)).toEqual({ kind: 'move', usi: '7g5e' });
    // 6f holds a piece: 7g-6f-5e is no jump, and a stray click drops the half-entered move.
    const f = entry(moves);
    f.click(sq('7g'), none);
    f.click(sq('6f'), none);
    expect(f.click(sq('5e'), none)).toEqual({ kind: 'changed' });
    expect(f.state.phase).toBe('idle');
  });

  it('asks about promotion when both are legal', () => {
    const e = entry(['3d3c', '3d3c+', '3d2c+']);
    e.click(sq('3d'), none);
    expect(e.click(sq('3c'), none)).toEqual({ kind: 'changed' });
    expect(e.state.phase).toBe('promotion');
    expect(e.state.choice).toEqual({ plain: '3d3c', promoted: '3d3c+' });
    expect(e.choosePromotion(true)).toEqual({ kind: 'move', usi: '3d3c+' });
    // Only the promotion is legal: no question.
    const f = entry(['3d3c', '3d3c+', '3d2c+']);
    f.click(sq('3d'), none);
    expect(f.click(sq('2c'), none)).toEqual({ kind: 'move', usi: '3d2c+' });
  });

  it('drops from the hand', () => {
    const e = entry(['P*5e', 'P*5f', 'G*5e', '7g7f']);
    expect(e.canDrop('p')).toBe(true);
    expect(e.canDrop('s')).toBe(false);
    e.clickHand('p');
    expect(e.targets().sort()).toEqual([sq('5e'), sq('5f')].sort());
    expect(e.click(sq('5f'), none)).toEqual({ kind: 'move', usi: 'P*5f' });
  });

  it('takes further victims in any order, and may stop before them', () => {
    const moves = ['5e4d', '5e4dx3c', '5e4dx3d', '5e4dx3cx3d'];
    const e = entry(moves);
    e.click(sq('5e'), none);
    e.click(sq('4d'), none);
    expect(e.isAmbiguous()).toBe(true);
    e.click(sq('3d'), none);
    expect(e.targets()).toEqual([sq('3c')]);
    expect(e.click(sq('3c'), none)).toEqual({ kind: 'move', usi: '5e4dx3cx3d' });
  });

  it('cancels a half-entered move', () => {
    const e = entry(['7g6f', '7g6f5e']);
    e.click(sq('7g'), none);
    e.click(sq('6f'), none);
    expect(e.cancel()).toEqual({ kind: 'changed' });
    expect(e.state.phase).toBe('idle');
    expect(e.targets()).toEqual([]);
  });

  it('switches to another own piece', () => {
    const e = entry(['7g7f', '5g5f']);
    e.click(sq('7g'), none);
    e.click(sq('5g'), (s) => s === sq('5g'));
    expect(e.state.from).toBe(sq('5g'));
  });

  it('ends a step to an empty square whose only continuation is the pass', () => {
    const e = entry(['7g6f', '7g6f7g', '7g6f5e']);
    const empty = (s: number) => s === sq('6f');
    e.click(sq('7g'), none, empty);
    // 6f goes on to 5e as well (an area mover): the entry waits.
    expect(e.click(sq('6f'), none, empty)).toEqual({ kind: 'changed' });
    const f = entry(['7g6f', '7g6f7g']);
    f.click(sq('7g'), none, empty);
    expect(f.click(sq('6f'), none, empty)).toEqual({ kind: 'move', usi: '7g6f' });
  });

  it('finds the pass move of the piece being entered, through the square stepped to', () => {
    const e = entry(['7g6f7g', '7g7f7g', '7g6f', '5g4f5g']);
    expect(e.passMove(() => true, sq('7g'))).toBe('7g6f7g');
    expect(e.passMove(() => true, sq('7g'), sq('7f'))).toBe('7g7f7g');
    expect(e.passMove(() => true, sq('7g'), sq('6e'))).toBeNull();
    // Another piece's pass is not this one's.
    expect(e.passMove(() => true, sq('5g'))).toBe('5g4f5g');
    expect(e.passMove(() => true, sq('3g'))).toBeNull();
    expect(e.passMove(() => false, sq('7g'))).toBeNull();
  });
});

describe('MoveEntry on a real position', () => {
  // Chu Shogi after 7j7h 1d1e 7h7f 1e1f 7f7e 12d12e: the legal moves as the server lists them.
  const moves = ["10i10h", "10l11k", "10l9k", "11i11h", "11j11k", "11l11k", "12i12h", "1i1h", "2i2h", "2j2k", "2l2k", "3i3h", "3l2k", "3l4k", "4h4g", "4j4k", "4l4k", "5i5h", "5j4k", "5k4k", "5l4k", "6i6h", "6j7j", "7e5c", "7e5d", "7e5e", "7e5f", "7e5g", "7e6d", "7e6d5c", "7e6d5d", "7e6d5e", "7e6d6e", "7e6d7c", "7e6d7d", "7e6d7e", "7e6e", "7e6e7e", "7e6f", "7e6g", "7e7c", "7e7d", "7e7d6d", "7e7d6e", "7e7d7c", "7e7d7e", "7e7d8c", "7e7d8d", "7e7d8e", "7e7f", "7e7g", "7e8c", "7e8d", "7e8d7c", "7e8d7d", "7e8d7e", "7e8d8c", "7e8d8e", "7e8d9c", "7e8d9d", "7e8d9e", "7e8e", "7e8f", "7e8g", "7e9c", "7e9d", "7e9e", "7e9f", "7e9g", "7i7h", "7k9k", "8i8h", "8j7j", "8j9k", "8k7j", "8k9k", "8l9k", "9h9g", "9j9k", "9l9k"];
  it('shows the Lion’s first steps and, after a capture, where it may go on', () => {
    const e = entry(moves);
    e.click(sq('7e'), none);
    // Every square within two steps but White's Lion on 6c, which is protected (lion_protection).
    expect(e.targets().length).toBe(23);
    expect(e.targets()).not.toContain(sq('6c'));
    const ownAt = () => false;
    expect(e.click(sq('7d'), ownAt)).toEqual({ kind: 'changed' });
    expect(e.isAmbiguous()).toBe(true);
    // From 7d: back to 7e (igui) or on to the neighbours of 7d.
    expect(e.targets()).toContain(sq('7e'));
    expect(e.targets()).toContain(sq('7c'));
    expect(e.click(sq('7e'), ownAt)).toEqual({ kind: 'move', usi: '7e7d7e' });
  });
});
