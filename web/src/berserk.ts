// Berserk in an arena's game (lishogi's): a player halves their main time and drops their
// byoyomi or increment before their first move, for a point more if they win.
import type { Color, GameView } from './api/types';

/** `color` has made its first move: the side to move at the start moves at ply 1, the other at 2. */
export function hasMoved(v: Pick<GameView, 'start_sfen' | 'ply'>, color: Color): boolean {
  const first: Color = v.start_sfen.split(' ')[1] === 'w' ? 'white' : 'black';
  return v.ply >= (color === first ? 1 : 2);
}

/** Whether the player of `color` may berserk now (the server checks again). */
export function mayBerserk(v: GameView, color: Color | null): boolean {
  if (!color || !v.berserk_allowed || v.status !== 'active' || v.berserk?.[color]) return false;
  if (v.time_control.kind !== 'live' || !v.time_control.main_ms) return false;
  return !hasMoved(v, color);
}
