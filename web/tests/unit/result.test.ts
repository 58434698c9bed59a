import { describe, expect, it } from 'vitest';
// The server's reason words, where it defines them (src/server/domain/results.*).
import resultsCpp from '../../../src/server/domain/results.cpp?raw';
import resultsH from '../../../src/server/domain/results.h?raw';
import type { GameSummary } from '../../src/api/types';
import { setLang } from '../../src/i18n';
import { resultText } from '../../src/ui/result';

type Ended = Pick<GameSummary, 'status' | 'result' | 'reason' | 'result_text'>;
const game = (result: GameSummary['result'], reason: string, status: GameSummary['status'] = 'finished'): Ended =>
  ({ status, result, reason, result_text: `the server's words (${reason})` });

/** Every reason word the server writes: the rules' end reasons and the server's own. */
function serverReasons(): string[] {
  const words = [...resultsCpp.matchAll(/\{EndReason::\w+, "([a-z-]+)"\}/g)].map((m) => m[1]!);
  const constants = [...resultsH.matchAll(/k\w+ = "([a-z-]+)";/g)].map((m) => m[1]!);
  return [...words, ...constants];
}

describe('a game’s result, from its structured fields', () => {
  it('says who won and why, in English as the server does', () => {
    setLang('en');
    expect(resultText(game('black', 'resignation'))).toBe('Black wins by resignation');
    expect(resultText(game('white', 'timeout'))).toBe('White wins on time');
    expect(resultText(game('draw', 'agreement'))).toBe('Draw by agreement');
    expect(resultText(game('black', 'checkmate'))).toBe('Black wins: checkmate');
    expect(resultText(game('draw', 'repetition'))).toBe('Draw: fourfold repetition');
  });
  it('and in Japanese', () => {
    setLang('ja');
    try {
      expect(resultText(game('black', 'resignation'))).toBe('先手の勝ち（投了）');
      expect(resultText(game('white', 'timeout'))).toBe('後手の勝ち（時間切れ）');
      expect(resultText(game('draw', 'repetition'))).toBe('引き分け（千日手）');
      expect(resultText(game('black', 'impasse'))).toBe('先手の勝ち（持将棋）');
      expect(resultText(game('none', 'no-first-move', 'aborted'))).toBe('対局中止（初手の時間切れ）');
      expect(resultText(game('none', 'aborted', 'aborted'))).toBe('対局中止');
      expect(resultText(game('white', ''))).toBe('後手の勝ち');
    } finally {
      setLang('en');
    }
  });
  it('falls back to the server’s sentence for a reason it does not know', () => {
    expect(resultText(game('black', 'adjudicated a draw after 300 plies'))).toBe('the server\'s words (adjudicated a draw after 300 plies)');
  });
  it('knows every reason the server writes', () => {
    const reasons = serverReasons();
    expect(reasons).toContain('resignation');
    expect(reasons).toContain('ply-limit');
    const unknown = reasons.filter((r) => r !== 'aborted' && r !== 'no-first-move' && resultText(game('black', r)).startsWith('the server'));
    expect(unknown).toEqual([]);
  });
});
