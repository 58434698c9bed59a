// An engine's last line at a position as a game's computer analysis sends it
// (api/gameAnalysis.ts): the score turned to Black's side, the line cut to what the server
// keeps. Pure, for pages/gameReview.ts and its tests.
import type { Color } from '../api/types';
import type { EngineLine } from './engine';

/** What the server keeps of a line (docs/API.md, "Computer analysis"). */
export const PV_MOVES = 10;

export type BlackEval = { cp: number; pv: string[] } | { mate: number; pv: string[] };

/** The evaluation from Black's side of a search's last line (`best`: its move, if the line has
 * none); null when there is no score to send. */
export function positionEval(line: Pick<EngineLine, 'score_cp' | 'mate' | 'pv'> | null, best: string | null, toMove: Color): BlackEval | null {
  const sign = toMove === 'black' ? 1 : -1;
  const pv = (line?.pv.length ? line.pv : best ? [best] : []).slice(0, PV_MOVES);
  if (!line || !pv.length) return null;
  if (line.mate != null && line.mate !== 0) return { mate: sign * line.mate, pv };
  if (line.score_cp != null) return { cp: sign * line.score_cp, pv };
  return null;
}
