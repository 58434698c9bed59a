import { describe, expect, it } from 'vitest';
import { describeSfenError } from '../../src/shogi/sfenError';

const serverError = (message: string) => message;

describe('describeSfenError', () => {
  it('names the field of the SFEN, its number and the place', () => {
    const e = serverError("start position (side): SFEN side at offset 58: side to move must be 'b' or 'w', not 'is'");
    expect(describeSfenError(e)).toBe("SFEN, the side to move (field 2, at character 59): side to move must be 'b' or 'w', not 'is'");
  });

  it('numbers the fields as the game has them', () => {
    const e = serverError('start position (move number): SFEN move number at offset 62: move number must be a positive integer, not \'x\'');
    expect(describeSfenError(e, ['board', 'side', 'hands', 'counter_strike', 'move_number'])).toMatch(/^SFEN, the move number \(field 5, at character 63\)/);
    const board = serverError('start position (board): SFEN board at offset 7: the board has 1 ranks and its last rank 7 squares, expected 12 ranks of 12');
    expect(describeSfenError(board)).toMatch(/^SFEN, the board \(field 1, at character 8\): the board has 1 ranks/);
  });

  it('keeps a message about the whole position as it is', () => {
    const e = serverError('the start position is already decided (Black wins: bare king)');
    expect(describeSfenError(e)).toBe('SFEN: the start position is already decided (Black wins: bare king)');
  });
});
