import { describe, expect, it } from 'vitest';
import { parseInfo, parseMate } from '../../src/engine/usiLines';

describe('parseInfo', () => {
  it('reads an iteration as the server reports it: mate in plies becomes moves', () => {
    expect(parseInfo('info depth 7 seldepth 12 score cp 11 nodes 21757 nps 750241 time 29 hashfull 3 pv 8i8h 5d5e 6k8i')).toEqual({
      depth: 7, seldepth: 12, score_cp: 11, mate: null, bound: 'exact', nodes: 21757, nps: 750241, time_ms: 29, pv: ['8i8h', '5d5e', '6k8i'],
    });
    expect(parseInfo('info depth 3 seldepth 3 multipv 2 score mate 3 nodes 50 nps 0 time 0 hashfull 0 pv G*5b 5a4a 4b4a')).toMatchObject({ multipv: 2, score_cp: null, mate: 2 });
    expect(parseInfo('info depth 3 seldepth 3 score mate -4 lowerbound nodes 5 nps 0 time 0 hashfull 0 pv 1a1b')).toMatchObject({ mate: -2, bound: 'lower' });
  });
  it('leaves out what is not a line', () => {
    expect(parseInfo('info string error: bad')).toBeNull();
    expect(parseInfo('info nodes 19 time 1 hashfull 0 string mate 1 length exact')).toBeNull();
  });
});

describe('parseMate', () => {
  it('reads a mate with what its length is proved to be', () => {
    const a = parseMate('info nodes 10486 time 120 hashfull 1 string mate 4 length exact', 'checkmate 10d7d 5b4a 6e6c 4a5a 4c4b+ 3a4b 7d5b', 3000);
    expect(a).toMatchObject({ status: 'mate', mate_in: 4, exact: true, length: 'exact', nodes: 10486, time_ms: 120, movetime_ms: 3000 });
    expect(a.line).toHaveLength(7);
    expect(parseMate('info nodes 9 time 1 hashfull 0 string mate 5 length at_most', 'checkmate a b c d e f g h i', 1000)).toMatchObject({ mate_in: 5, exact: false, length: 'at_most' });
  });
  it('reads no mate and a timeout', () => {
    expect(parseMate('info nodes 5 time 0 hashfull 0', 'checkmate nomate', 1000)).toMatchObject({ status: 'no_mate', mate_in: null, line: [] });
    expect(parseMate(null, 'checkmate timeout', 1000)).toMatchObject({ status: 'unknown', nodes: 0 });
  });
});
