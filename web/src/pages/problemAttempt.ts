// An attempt at a problem, answered where the engine runs (engine/choose.ts): by the server
// (POST .../attempt, its solver), or with the browser engine: the server checks what needs no
// solve (POST .../check: the book's line, a mate, a move that attacks nothing) and the browser
// solves the position after the move, its side to move defending. The answer is the server's
// either way, so the page cannot tell them apart.
import { api } from '../api/client';
import type { AttemptAnswer, ProblemDetail } from '../api/types';
import { BROWSER_MATE_MOVETIME_MS, engineFor } from '../engine/choose';

export async function answerAttempt(problem: ProblemDetail, moves: string[]): Promise<AttemptAnswer & { where: 'browser' | 'server' }> {
  const { engine } = await engineFor('mate');
  if (engine.where === 'server') return { ...(await api.attemptProblem(problem.collection, problem.name, moves)), where: 'server' };
  const checked = await api.checkProblem(problem.collection, problem.name, moves);
  if (checked.verdict !== 'unsolved') return { ...checked, where: 'server' };
  const a = await engine.findMate({ variant: problem.game, sfen: problem.sfen, moves, movetime_ms: BROWSER_MATE_MOVETIME_MS }, { defend: true });
  const base: AttemptAnswer = { ...checked, nodes: a.nodes, time_ms: a.time_ms, cached: false };
  if (a.status === 'mate' && a.line.length)
    return { ...base, verdict: 'defended', reply: a.line[0]!, mate_in: a.mate_in, mate_exact: a.exact, mate_length: a.length, from_book: false, where: 'browser' };
  if (a.status === 'no_mate') return { ...base, verdict: 'wrong', reason: 'no-mate', refutation: a.line[0] ?? null, where: 'browser' };
  return { ...base, verdict: 'unproved', where: 'browser' };
}
