// One piece drawn as SVG: the pentagon pointing at the opponent (Black's up, White's turned
// around) with its name written in the chosen set; promoted pieces in red.
import type { Color } from '../api/types';
import type { PieceCatalog, PieceSetId } from './pieces';
import { svg } from './svg';

/** The pentagon in a 100x100 cell, pointing up. */
const PENTAGON = 'M50 6 L80 19 L89 94 L11 94 L20 19 Z';

export function pieceGroup(catalog: PieceCatalog, token: string, color: Color, set: PieceSetId): SVGGElement {
  const info = catalog.info(token);
  const face = catalog.face(token, set, color);
  const g = svg('g', { class: `piece ${color}${info.promoted ? ' promoted' : ''}${info.royal ? ' royal' : ''}` });
  if (color === 'white') g.setAttribute('transform', 'rotate(180 50 50)');
  g.append(svg('path', { d: PENTAGON, class: 'piece-body' }));
  const textClass = `piece-text${face.kanji ? ' kanji' : ' western'}`;
  if (face.lines.length === 1) {
    const text = face.lines[0]!;
    const len = [...text].length;
    const size = face.kanji ? 50 : len <= 1 ? 44 : len === 2 ? 38 : 28;
    g.append(svg('text', { x: 50, y: 58, 'font-size': size, class: textClass, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [text]));
  } else {
    face.lines.forEach((line, i) => {
      g.append(svg('text', { x: 50, y: 40 + i * 34, 'font-size': 32, class: textClass, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [line]));
    });
  }
  return g;
}

/** A piece as a standalone small SVG (hands, dialogs, the promotion choice). */
export function pieceIcon(catalog: PieceCatalog, token: string, color: Color, set: PieceSetId, size = 40): SVGSVGElement {
  const el = svg('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'piece-icon', 'aria-hidden': 'true' });
  el.append(pieceGroup(catalog, token, color, set));
  return el;
}
