// A move written for people, in the chosen notation: USI as the server stores it, Western
// (Hodges-style: `Ln7g-6f`, `Lnx6f-5e`, igui `Lnx!6f`, drops `P*5e`, `+` to promote) with the
// board's coordinate style, or Japanese (`7六獅`, `成`, `打`).
import type { PieceCatalog } from '../render/pieces';
import { coordName, type CoordStyle } from '../render/board';
import type { Position } from './sfen';
import type { UsiMove } from './usi';

export type NotationId = 'usi' | 'western' | 'japanese';

/** The notations in the settings' order (their names: `settings.notation.*` in the catalogue). */
export const NOTATIONS: readonly NotationId[] = ['western', 'japanese', 'usi'];

export function formatMove(pos: Position, m: UsiMove, notation: NotationId, catalog: PieceCatalog, coords: CoordStyle): string {
  if (notation === 'usi') return m.usi;
  const sq = (i: number) => coordName(pos.files, pos.ranks, i, notation === 'japanese' ? 'kanji' : coords === 'none' ? 'usi' : coords);
  if (m.kind === 'drop') {
    if (notation === 'japanese') return `${sq(m.to)}${catalog.face(m.piece, 'kanji').lines.join('')}打`;
    return `${catalog.info(m.piece).abbrev}*${sq(m.to)}`;
  }
  const piece = pos.board[m.from];
  const token = piece?.token ?? '?';
  const occupied = (i: number) => {
    const p = pos.board[i];
    return !!p && !!piece && p.color !== piece.color;
  };
  if (notation === 'japanese') {
    const name = catalog.face(token, 'kanji').lines.join('');
    let out = m.mid !== null ? `${sq(m.mid)}・${sq(m.to)}${name}` : `${sq(m.to)}${name}`;
    if (m.mid !== null && m.to === m.from) out = `${sq(m.mid)}${name}${occupied(m.mid) ? '居喰い' : '・じっと'}`;
    if (m.kills.length) out += m.kills.map((k) => `×${sq(k)}`).join('');
    return out + (m.promote ? '成' : '');
  }
  const abbrev = catalog.info(token).abbrev;
  let out: string;
  if (m.mid !== null && m.to === m.from) {
    out = occupied(m.mid) ? `${abbrev}x!${sq(m.mid)}` : `${abbrev}${sq(m.from)}-${sq(m.mid)}-${sq(m.from)}`;
  } else if (m.mid !== null) {
    out = `${abbrev}${sq(m.from)}${occupied(m.mid) ? 'x' : '-'}${sq(m.mid)}${occupied(m.to) ? 'x' : '-'}${sq(m.to)}`;
  } else {
    out = `${abbrev}${sq(m.from)}${occupied(m.to) ? 'x' : '-'}${sq(m.to)}`;
  }
  for (const k of m.kills) out += `x!${sq(k)}`;
  return out + (m.promote ? '+' : '');
}
