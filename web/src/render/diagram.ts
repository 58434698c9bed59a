// A piece's mnemonic move diagram, shown on hover (mouse) or long-press (touch): the piece in
// the middle of a small grid seen from its owner, each square marked as the server's diagram
// says: o move or capture, m move only, x capture only, | - / \ slides, a digit a range limit;
// under it the move in words (the server's `moves_text`, in the page's language).
import type { PieceDiagram, VariantPiece } from '../api/types';
import { lang, t } from '../i18n';
import type { PieceCatalog, PieceSetId } from './pieces';
import { pieceGroup } from './pieceSvg';
import { h, svg } from './svg';

interface Grid {
  rows: string[][];
  notes: string[];
}

/** Reads the diagram data in the shapes the server may send: text, lines, or an object. */
export function readDiagram(d: PieceDiagram | undefined): Grid | null {
  if (d === undefined || d === null) return null;
  const fromLines = (lines: unknown[]): Grid => {
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const l of lines) {
      if (Array.isArray(l)) rows.push(l.map(String));
      else if (typeof l === 'string') {
        const t = l.trim();
        const cells = /\s/.test(t) ? t.split(/\s+/) : /^[XomxX.|\-/\\^*1-9]{2,}$/.test(t) ? [...t] : [t];
        if (cells.length > 1 && cells.every((c) => c.length <= 2)) rows.push(cells);
        else if (l.trim()) notes.push(l.trim());
      }
    }
    return { rows, notes };
  };
  if (typeof d === 'string') return fromLines(d.split('\n'));
  if (Array.isArray(d)) return fromLines(d);
  const o = d as Record<string, unknown>;
  const rowsField = o.rows ?? o.grid ?? o.lines ?? o.cells;
  const g: Grid = Array.isArray(rowsField) ? fromLines(rowsField) : typeof rowsField === 'string' ? fromLines(rowsField.split('\n')) : { rows: [], notes: [] };
  for (const k of ['notes', 'note', 'text', 'description', 'two_step', 'extra']) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) g.notes.push(v.trim());
    if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') g.notes.push(x);
  }
  return g.rows.length || g.notes.length ? g : null;
}

const C = 14;

/** The piece's move in words, in the page's language (English when there is no Japanese). */
export function movesText(piece: VariantPiece | null): string | null {
  const text = piece?.moves_text;
  if (!text || typeof text !== 'object') return null;
  const words = (text as Record<string, unknown>)[lang()] ?? (text as Record<string, unknown>).en;
  return typeof words === 'string' && words.trim() ? words.trim() : null;
}

export function diagramElement(catalog: PieceCatalog, token: string, set: PieceSetId): HTMLElement {
  const info = catalog.info(token);
  const grid = readDiagram(info.source?.diagram);
  const box = h('div', { class: 'diagram', role: 'tooltip' });
  const head = h('div', { class: 'diagram-head' });
  const icon = svg('svg', { viewBox: '0 0 100 100', width: 26, height: 26, 'aria-hidden': 'true' });
  icon.append(pieceGroup(catalog, token, 'black', set));
  // On Japanese pages the kanji name alone (catalog.name gives it), else the name and the kanji.
  const name = catalog.name(token);
  head.append(icon, h('div', {}, h('strong', {}, name), info.kanji && info.kanji !== name ? h('span', { class: 'kanji-name' }, ` ${info.kanji}`) : null));
  box.append(head);
  if (grid && grid.rows.length) {
    const n = grid.rows.length;
    const m = Math.max(...grid.rows.map((r) => r.length));
    const s = svg('svg', { viewBox: `0 0 ${m * C} ${n * C}`, width: Math.min(m * C, 180), class: 'diagram-grid' });
    grid.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        const x = c * C;
        const y = r * C;
        s.append(svg('rect', { x, y, width: C, height: C, class: 'dg-sq' }));
        const cx = x + C / 2;
        const cy = y + C / 2;
        switch (cell) {
          case 'X':
            s.append(svg('rect', { x: x + 3, y: y + 3, width: C - 6, height: C - 6, class: 'dg-self' }));
            break;
          case 'o':
            s.append(svg('circle', { cx, cy, r: 5, class: 'dg-move' }));
            break;
          case 'm':
            s.append(svg('circle', { cx, cy, r: 5, class: 'dg-moveonly' }));
            break;
          case 'x':
            s.append(svg('path', { d: `M${cx - 5} ${cy - 5}L${cx + 5} ${cy + 5}M${cx + 5} ${cy - 5}L${cx - 5} ${cy + 5}`, class: 'dg-capture' }));
            break;
          case '|':
            s.append(svg('line', { x1: cx, y1: y + 2, x2: cx, y2: y + C - 2, class: 'dg-slide' }));
            break;
          case '-':
            s.append(svg('line', { x1: x + 2, y1: cy, x2: x + C - 2, y2: cy, class: 'dg-slide' }));
            break;
          case '/':
            s.append(svg('line', { x1: x + 2, y1: y + C - 2, x2: x + C - 2, y2: y + 2, class: 'dg-slide' }));
            break;
          case '\\':
            s.append(svg('line', { x1: x + 2, y1: y + 2, x2: x + C - 2, y2: y + C - 2, class: 'dg-slide' }));
            break;
          case '*':
            s.append(svg('circle', { cx, cy, r: 4, class: 'dg-lame' }));
            break;
          case '.':
          case '':
            break;
          default:
            s.append(svg('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'dg-text' }, [cell]));
        }
      }),
    );
    box.append(s);
  }
  const words = movesText(info.source);
  if (words) box.append(h('p', { class: 'diagram-note moves-text' }, words));
  else if (!grid?.rows.length) box.append(h('p', { class: 'muted' }, t('board.noDiagram')));
  for (const note of grid?.notes ?? []) box.append(h('p', { class: 'diagram-note' }, note));
  return box;
}

/** Where squares of the board are on screen (by index). */
export function squareRects(board: SVGSVGElement, squares: readonly number[]): DOMRect[] {
  return squares.flatMap((i) => {
    const g = board.querySelector(`[data-index="${i}"]`);
    return g ? [g.getBoundingClientRect()] : [];
  });
}

const overlaps = (a: DOMRect, b: { left: number; top: number; right: number; bottom: number }) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** One floating tooltip for the page, placed away from the piece and from the squares to keep
 * in sight: beside the board where the window has room, else in a corner of the board. */
export class DiagramTip {
  private el: HTMLElement | null = null;

  show(content: HTMLElement, anchor: Element, board: Element, avoid: readonly DOMRect[] = []): void {
    this.hide();
    this.el = content;
    content.classList.add('floating');
    // Fixed and placed at the corner first: a tooltip must never change the page's size (a
    // scrollbar appearing would move the board under the pointer).
    content.style.left = '0px';
    content.style.top = '0px';
    content.style.visibility = 'hidden';
    document.body.append(content);
    const piece = anchor.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    const w = content.offsetWidth;
    const hgt = content.offsetHeight;
    const gap = 8;
    const clampTop = (y: number) => Math.max(4, Math.min(y, window.innerHeight - hgt - 4));
    const beside = clampTop(piece.top + piece.height / 2 - hgt / 2);
    // The piece's side of the board last: the diagram goes to the other half first.
    const pieceLeft = piece.left + piece.width / 2 < b.left + b.width / 2;
    const pieceTop = piece.top + piece.height / 2 < b.top + b.height / 2;
    const outside = [
      { left: b.right + gap, top: beside },
      { left: b.left - w - gap, top: beside },
    ];
    const corners = [
      { left: b.left + gap, top: b.top + gap },
      { left: b.right - w - gap, top: b.top + gap },
      { left: b.left + gap, top: b.bottom - hgt - gap },
      { left: b.right - w - gap, top: b.bottom - hgt - gap },
    ].sort((p, q) => score(q) - score(p));
    function score(p: { left: number; top: number }): number {
      return Number((p.left > b.left + b.width / 2 - w / 2) === pieceLeft) + Number((p.top > b.top + b.height / 2 - hgt / 2) === pieceTop);
    }
    const fits = (p: { left: number; top: number }) => {
      const box = { left: p.left, top: p.top, right: p.left + w, bottom: p.top + hgt };
      return box.left >= 4 && box.right <= window.innerWidth - 4 && box.top >= 0 && box.bottom <= window.innerHeight && !overlaps(piece, box) && !avoid.some((r) => overlaps(r, box));
    };
    const place = [...outside, ...corners].find(fits) ?? corners.find((p) => !overlaps(piece, { left: p.left, top: p.top, right: p.left + w, bottom: p.top + hgt })) ?? corners[0]!;
    const left = Math.max(4, Math.min(place.left, window.innerWidth - w - 4));
    const top = clampTop(place.top);
    content.style.left = `${left}px`;
    content.style.top = `${top}px`;
    content.style.visibility = '';
  }

  hide(): void {
    this.el?.remove();
    this.el = null;
  }
}
