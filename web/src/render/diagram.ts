// A piece's mnemonic move diagram, shown on hover (mouse) or long-press (touch): the piece in
// the middle of a small grid seen from its owner, each square marked as the server's diagram
// says: o move or capture, m move only, x capture only, | - / \ slides, a digit a range limit.
import type { PieceDiagram } from '../api/types';
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

const C = 20;

export function diagramElement(catalog: PieceCatalog, token: string, set: PieceSetId): HTMLElement {
  const info = catalog.info(token);
  const grid = readDiagram(info.source?.diagram);
  const box = h('div', { class: 'diagram', role: 'tooltip' });
  const head = h('div', { class: 'diagram-head' });
  const icon = svg('svg', { viewBox: '0 0 100 100', width: 34, height: 34, 'aria-hidden': 'true' });
  icon.append(pieceGroup(catalog, token, 'black', set));
  head.append(icon, h('div', {}, h('strong', {}, info.name), info.kanji ? h('span', { class: 'kanji-name' }, ` ${info.kanji}`) : null, h('div', { class: 'muted' }, [info.abbrev, info.source?.betza ? ` · ${String(info.source.betza)}` : ''].join(''))));
  box.append(head);
  if (grid && grid.rows.length) {
    const n = grid.rows.length;
    const m = Math.max(...grid.rows.map((r) => r.length));
    const s = svg('svg', { viewBox: `0 0 ${m * C} ${n * C}`, width: Math.min(m * C, 260), class: 'diagram-grid' });
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
  } else if (!grid) {
    box.append(h('p', { class: 'muted' }, 'No move diagram from the server for this piece.'));
  }
  for (const note of grid?.notes ?? []) box.append(h('p', { class: 'diagram-note' }, note));
  return box;
}

/** One floating tooltip for the page, placed next to a square. */
export class DiagramTip {
  private el: HTMLElement | null = null;

  show(content: HTMLElement, anchor: Element): void {
    this.hide();
    this.el = content;
    content.classList.add('floating');
    // Fixed and placed at the corner first: a tooltip must never change the page's size (a
    // scrollbar appearing would move the board under the pointer).
    content.style.left = '0px';
    content.style.top = '0px';
    content.style.visibility = 'hidden';
    document.body.append(content);
    const r = anchor.getBoundingClientRect();
    const w = content.offsetWidth;
    const hgt = content.offsetHeight;
    let left = r.right + 8;
    if (left + w > window.innerWidth - 4) left = Math.max(4, r.left - w - 8);
    let top = r.top;
    if (top + hgt > window.innerHeight - 4) top = Math.max(4, window.innerHeight - hgt - 4);
    content.style.left = `${left}px`;
    content.style.top = `${top}px`;
    content.style.visibility = '';
  }

  hide(): void {
    this.el?.remove();
    this.el = null;
  }
}
