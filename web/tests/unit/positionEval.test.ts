import { describe, expect, it } from 'vitest';
import { positionEval, PV_MOVES } from '../../src/engine/positionEval';

describe('a position’s evaluation for the computer analysis', () => {
  it('turns the mover’s score into Black’s', () => {
    expect(positionEval({ score_cp: 35, pv: ['7g7f'] }, null, 'black')).toEqual({ cp: 35, pv: ['7g7f'] });
    expect(positionEval({ score_cp: 35, pv: ['3c3d'] }, null, 'white')).toEqual({ cp: -35, pv: ['3c3d'] });
    expect(positionEval({ mate: 3, pv: ['2b3c'] }, null, 'white')).toEqual({ mate: -3, pv: ['2b3c'] });
    expect(positionEval({ mate: -2, score_cp: 0, pv: ['5a4b'] }, null, 'black')).toEqual({ mate: -2, pv: ['5a4b'] });
  });

  it('keeps at most the server’s moves of a line, else the best move alone', () => {
    const long = Array.from({ length: 14 }, (_, i) => `m${i}`);
    expect(positionEval({ score_cp: 0, pv: long }, null, 'black')?.pv).toHaveLength(PV_MOVES);
    expect(positionEval({ score_cp: 10, pv: [] }, '2g2f', 'black')).toEqual({ cp: 10, pv: ['2g2f'] });
  });

  it('sends nothing without a score or a move', () => {
    expect(positionEval(null, '2g2f', 'black')).toBeNull();
    expect(positionEval({ score_cp: 10, pv: [] }, null, 'black')).toBeNull();
    expect(positionEval({ score_cp: null, mate: null, pv: ['7g7f'] }, null, 'black')).toBeNull();
  });
});
