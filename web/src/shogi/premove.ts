// Premoves, as on lishogi: while the opponent is to move, the viewer may enter one move; it is
// played as soon as the opponent has moved if it is legal then, and dropped silently if not.
// What may be entered comes from the rules (in this page, rulesWasm.ts, else the server's): the
// legal moves of the viewer's side in the position as it stands (the side to move turned
// around). That is what the premove could be; whether it is legal is only known once the
// opponent has moved.
import type { Color, GameView } from '../api/types';
import { rulesOf } from '../variants';
import { positionMoves } from './rulesWasm';
import { withSideToMove, type Position } from './sfen';
import { parseUsiList, type UsiMove } from './usi';

/** The moves `side` could premove in the game's current position (none if the rules cannot
 * say: the position turned around may be one they refuse, a King in check). */
export async function premoveCandidates(
  view: GameView,
  side: Color,
  pos: Position,
  fields?: readonly string[],
): Promise<UsiMove[]> {
  try {
    const sfen = withSideToMove(view.sfen, side, fields);
    const r = await positionMoves({ variant: view.setup.game, sfen, ...rulesOf(view.setup) });
    return parseUsiList(pos, [...r.legal_moves, ...r.other_spellings]);
  } catch {
    return [];
  }
}

/** Whether the premove is among the legal moves of the game as it is now. */
export function premoveIsLegal(view: GameView, usi: string): boolean {
  return view.legal_moves.includes(usi) || (view.other_spellings ?? []).includes(usi);
}
