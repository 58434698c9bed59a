// Reading the engine's USI output (`kirin engine`'s, docs/ENGINE.md) into the shapes the pages
// show: an iteration's line, and the answer of `go mate`.
import type { MateAnswer, MateLength } from '../api/types';
import type { EngineLine } from './engine';

/** An `info ... pv ...` line, or null for other info (strings, currmove). Scores stay from the
 * side to move's point of view; a mate in plies becomes moves, as the server reports it. */
export function parseInfo(line: string): EngineLine | null {
  const w = line.split(/\s+/);
  if (w[0] !== 'info' || !w.includes('depth') || !w.includes('score')) return null;
  const out: EngineLine = { depth: 0, pv: [], score_cp: null, mate: null, bound: 'exact' };
  for (let i = 1; i < w.length; i++) {
    const key = w[i]!;
    const num = () => Number(w[++i]);
    switch (key) {
      case 'depth': out.depth = num(); break;
      case 'seldepth': out.seldepth = num(); break;
      case 'multipv': out.multipv = num(); break;
      case 'nodes': out.nodes = num(); break;
      case 'nps': out.nps = num(); break;
      case 'time': out.time_ms = num(); break;
      case 'hashfull': i++; break;
      case 'lowerbound': out.bound = 'lower'; break;
      case 'upperbound': out.bound = 'upper'; break;
      case 'score': {
        const kind = w[++i];
        const value = Number(w[++i]);
        if (kind === 'cp') out.score_cp = value;
        else out.mate = Math.sign(value || 1) * Math.floor((Math.abs(value) + 1) / 2);
        break;
      }
      case 'pv': out.pv = w.slice(i + 1).filter(Boolean); i = w.length; break;
      default: break;
    }
  }
  return out;
}

/** What `go mate` answered: its `info nodes ... [string mate N length L | string refutation M]`
 * line (optional) and its `checkmate ...` line. No mate against a defender to move (`go mate ...
 * defend`) keeps the refuting defence as the line, as POST /api/mate does. */
export function parseMate(info: string | null, checkmate: string, movetimeMs: number): MateAnswer {
  const w = (info ?? '').split(/\s+/);
  const at = (key: string) => {
    const i = w.indexOf(key);
    return i >= 0 ? w[i + 1] : undefined;
  };
  const answer: MateAnswer = { status: 'unknown', mate_in: null, exact: false, length: null, line: [], nodes: Number(at('nodes') ?? 0), time_ms: Number(at('time') ?? 0), movetime_ms: movetimeMs, cached: false };
  const rest = checkmate.split(/\s+/).slice(1).filter(Boolean);
  if (rest[0] === 'nomate') {
    answer.status = 'no_mate';
    const refutation = at('refutation');
    if (refutation) answer.line = [refutation];
  }
  else if (rest[0] === 'timeout' || (rest.length === 0 && at('mate') !== '0')) answer.status = 'unknown';
  else {
    answer.status = 'mate';
    answer.line = rest;
    const length = at('length') as MateLength | undefined;
    answer.length = length ?? 'unbounded';
    answer.exact = length === 'exact';
    answer.mate_in = Number(at('mate') ?? (rest.length + 1) / 2);
  }
  return answer;
}
