// The board as one SVG: the grid (9x9 up to 15x15 and beyond), coordinates, promotion-zone
// lines, pieces, and the marks of play: last move, check, the piece picked, the squares of a
// half-entered move and the squares it may go to next. Squares are `<g data-sq="7g">` so that
// clicks and tests find them by name.
import { t } from '../i18n';
import type { Position } from '../shogi/sfen';
import { squareName } from '../shogi/usi';
import type { PieceCatalog, PieceSetId } from './pieces';
import { pieceGroup } from './pieceSvg';
import { svg } from './svg';

export type CoordStyle = 'usi' | 'kanji' | 'chess' | 'none';

/** The styles in the settings' order (their names: `settings.coords.*` in the catalogue). */
export const COORD_STYLES: readonly CoordStyle[] = ['usi', 'kanji', 'chess', 'none'];

export interface BoardMarks {
  lastMove?: number[];
  /** A premove waiting for the opponent's move. */
  premove?: number[];
  check?: number[];
  selected?: number | null;
  path?: number[];
  targets?: number[];
  /** Arrows to draw (the engine's best move): squares in order, from the start. */
  arrows?: number[][];
  /** What the arrows are: the engine's move (blue) or the viewer's premove (green). */
  arrowKind?: 'best' | 'premove';
}

export interface BoardOptions {
  flip: boolean;
  coords: CoordStyle;
  pieceSet: PieceSetId;
  zoneRanks?: number;
}

const CELL = 100;
const MARGIN = 34;
const KANJI_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五', '十六'];

export class BoardView {
  readonly el: SVGSVGElement;
  private pos: Position | null = null;

  constructor(
    private catalog: PieceCatalog,
    private onSquare: (square: number) => void,
    /** The piece under the pointer (mouse hover, touch long-press), or nulls when none. */
    private onPieceHover?: (token: string | null, anchor: Element | null) => void,
    /** A piece dragged with the mouse from one square and dropped on another (to null: off the board). */
    private onDrag?: (from: number, to: number | null) => void,
    /** A drag begins: the piece is picked (its targets shown). */
    private onDragStart?: (from: number) => void,
  ) {
    this.el = svg('svg', { class: 'board', role: 'group', 'aria-label': t('board.label'), tabindex: 0 });
    this.installKeyboard();
    this.el.addEventListener('click', (e) => {
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      const g = (e.target as Element).closest('[data-sq]');
      if (g && this.pos) this.onSquare(Number(g.getAttribute('data-index')));
    });
    this.installHover();
    this.installDrag();
  }

  private draggingIndex: number | null = null;

  /** While a piece may be dragged (the viewer is to move): set by the owner. */
  draggable: (square: number) => boolean = () => false;

  private installDrag(): void {
    if (!this.onDrag) return;
    let start: { index: number; x: number; y: number; id: number } | null = null;
    let ghost: SVGSVGElement | null = null;
    const squareAt = (x: number, y: number): number | null => {
      const g = document.elementFromPoint(x, y)?.closest('svg.board [data-sq]');
      return g && this.el.contains(g) ? Number(g.getAttribute('data-index')) : null;
    };
    const end = () => {
      ghost?.remove();
      ghost = null;
      this.draggingIndex = null;
      this.el.querySelector('.sq.dragging')?.classList.remove('dragging');
      start = null;
    };
    this.el.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'mouse' || e.button !== 0) return;
      const g = (e.target as Element).closest('[data-sq]');
      const index = g ? Number(g.getAttribute('data-index')) : null;
      if (index === null || !this.pos?.board[index] || !this.draggable(index)) return;
      start = { index, x: e.clientX, y: e.clientY, id: e.pointerId };
    });
    window.addEventListener('pointermove', (e) => {
      if (!start || e.pointerId !== start.id) return;
      if (!ghost) {
        if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
        const sq = this.el.querySelector(`[data-index="${start.index}"]`);
        const piece = sq?.querySelector('.piece');
        if (!sq || !piece) return;
        const size = sq.getBoundingClientRect().width;
        ghost = svg('svg', { viewBox: '0 0 100 100', width: size * 1.15, height: size * 1.15, class: 'drag-ghost', 'aria-hidden': 'true' });
        ghost.append(piece.cloneNode(true));
        document.body.append(ghost);
        this.draggingIndex = start.index;
        this.onDragStart?.(start.index);
        this.el.querySelector(`[data-index="${start.index}"]`)?.classList.add('dragging');
      }
      const w = ghost.width.baseVal.value;
      ghost.style.left = `${e.clientX - w / 2}px`;
      ghost.style.top = `${e.clientY - w / 2}px`;
    });
    window.addEventListener('pointerup', (e) => {
      if (!start || e.pointerId !== start.id) return;
      const from = start.index;
      const dragged = !!ghost;
      end();
      if (!dragged) return; // a plain click: the click handler takes it
      const to = squareAt(e.clientX, e.clientY);
      this.suppressClick = true;
      window.setTimeout(() => (this.suppressClick = false), 0);
      if (to !== from) this.onDrag!(from, to);
    });
    window.addEventListener('blur', end);
  }

  setCatalog(c: PieceCatalog): void {
    this.catalog = c;
  }

  private suppressClick = false;

  /** The square of the keyboard cursor (arrow keys move it, Enter or Space clicks it). */
  private cursor: number | null = null;
  private lastOpts: BoardOptions | null = null;

  private installKeyboard(): void {
    this.el.addEventListener('keydown', (e) => {
      const pos = this.pos;
      if (!pos) return;
      const { files, ranks } = pos;
      const flip = this.lastOpts?.flip ?? false;
      let col = this.cursor === null ? Math.floor(files / 2) : this.cursor % files;
      let row = this.cursor === null ? ranks - 1 : Math.floor(this.cursor / files);
      const d = flip ? -1 : 1;
      switch (e.key) {
        case 'ArrowLeft': col -= d; break;
        case 'ArrowRight': col += d; break;
        case 'ArrowUp': row -= d; break;
        case 'ArrowDown': row += d; break;
        case 'Enter':
        case ' ':
          if (this.cursor !== null) this.onSquare(this.cursor);
          e.preventDefault();
          e.stopPropagation();
          return;
        default:
          return;
      }
      e.preventDefault();
      e.stopPropagation();
      col = Math.max(0, Math.min(files - 1, col));
      row = Math.max(0, Math.min(ranks - 1, row));
      this.cursor = row * files + col;
      this.markCursor();
    });
    this.el.addEventListener('blur', () => this.el.querySelector('.sq.cursor')?.classList.remove('cursor'));
  }

  private markCursor(): void {
    this.el.querySelector('.sq.cursor')?.classList.remove('cursor');
    if (this.cursor === null || !this.pos) return;
    const g = this.el.querySelector(`[data-index="${this.cursor}"]`);
    g?.classList.add('cursor');
    const piece = this.pos.board[this.cursor];
    const square = squareName(this.pos, this.cursor);
    this.el.setAttribute('aria-label', piece ? t('board.cursor', { square, piece: this.catalog.name(piece.token), side: t(`board.side.${piece.color}`) }) : t('board.cursorEmpty', { square }));
  }

  /** While true (a move is being entered), hovering shows no diagram. */
  hoverPaused = false;

  /** No diagram until the pointer moves (right after a move: the board drawn again under a
   * resting pointer must not pop one up over the page). */
  quietHover: () => void = () => undefined;

  private installHover(): void {
    if (!this.onPieceHover) return;
    const hover = this.onPieceHover;
    let shown: string | null = null; // the square and piece shown last
    let hoverTimer: number | undefined;
    // Where the mouse was last, and where it rested when a move was made: no diagram until it
    // has moved away from there (the squares drawn again under it send pointerover events of
    // their own, on the board's frame first, which are no movement of the user's).
    let mouse: { x: number; y: number } | null = null;
    let quietAt: { x: number; y: number } | null = null;
    const hide = () => {
      window.clearTimeout(hoverTimer);
      if (shown !== null) hover(null, null);
      shown = null;
    };
    this.quietHover = () => {
      hide();
      quietAt = mouse ?? { x: -1e6, y: -1e6 };
    };
    const report = (target: Element | null, force = false) => {
      const g = target?.closest('[data-sq]');
      const idx = g ? Number(g.getAttribute('data-index')) : null;
      const p = idx !== null && this.pos ? this.pos.board[idx] : null;
      const key = p ? `${idx}:${p.color}:${p.token}` : null;
      if (key === shown && !force) return;
      if (!p) return hide();
      shown = key;
      hover(p.token, g!);
    };
    // Mouse: the diagram of the piece under the pointer after a short rest, as a tooltip.
    const consider = (target: Element) => {
      window.clearTimeout(hoverTimer);
      if (quietAt) return;
      const g = target.closest('[data-sq]');
      const idx = g ? Number(g.getAttribute('data-index')) : null;
      const p = idx !== null && this.pos ? this.pos.board[idx] : null;
      if (!p || this.hoverPaused) return hide();
      if (shown !== null) return report(target); // moving between pieces: follow at once
      // An idle piece under a resting pointer only: not while passing over the board.
      hoverTimer = window.setTimeout(() => {
        if (!this.hoverPaused && !quietAt) report(target);
      }, 700);
    };
    this.el.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'mouse') consider(e.target as Element);
    });
    this.el.addEventListener('pointermove', (e) => {
      if (e.pointerType !== 'mouse') return;
      mouse = { x: e.clientX, y: e.clientY };
      if (quietAt && Math.hypot(e.clientX - quietAt.x, e.clientY - quietAt.y) > 4) {
        quietAt = null;
        consider(e.target as Element); // the piece under it, after the usual rest
      }
    });
    // (A touch pointer "leaves" when lifted: the long-press diagram stays until the next tap.)
    this.el.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;
      mouse = null;
      quietAt = null;
      hide();
    });
    // Touch: a long press shows it without picking the piece; the next tap hides it.
    let pressTimer: number | undefined;
    this.el.addEventListener('pointerdown', (e) => {
      hide();
      if (e.pointerType === 'mouse') return;
      const target = e.target as Element;
      pressTimer = window.setTimeout(() => {
        this.suppressClick = true;
        report(target, true);
      }, 500);
    });
    const clear = () => window.clearTimeout(pressTimer);
    this.el.addEventListener('pointerup', clear);
    this.el.addEventListener('pointercancel', clear);
    this.el.addEventListener('pointermove', (e) => {
      if (e.pointerType !== 'mouse' && (Math.abs(e.movementX) > 4 || Math.abs(e.movementY) > 4)) clear();
    });
    this.el.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  render(pos: Position, opts: BoardOptions, marks: BoardMarks = {}): void {
    if (this.pos && (this.pos.files !== pos.files || this.pos.ranks !== pos.ranks)) this.cursor = null;
    this.pos = pos;
    this.lastOpts = opts;
    const { files, ranks } = pos;
    const coords = opts.coords !== 'none';
    const left = 6;
    const top = coords ? MARGIN : 6;
    const right = coords ? MARGIN : 6;
    const bottom = 6;
    const width = files * CELL + left + right;
    const height = ranks * CELL + top + bottom;
    const el = this.el;
    el.replaceChildren();
    el.setAttribute('viewBox', `0 0 ${width} ${height}`);
    el.setAttribute('data-files', String(files));
    el.setAttribute('data-ranks', String(ranks));
    el.classList.toggle('flipped', opts.flip);
    el.append(svg('rect', { x: 0, y: 0, width, height, class: 'board-frame', rx: 8 }));

    // Display position of a square: column and row on screen.
    const place = (index: number) => {
      let col = index % files;
      let row = Math.floor(index / files);
      if (opts.flip) {
        col = files - 1 - col;
        row = ranks - 1 - row;
      }
      return { x: left + col * CELL, y: top + row * CELL };
    };

    const grid = svg('g', { class: 'grid' });
    grid.append(svg('rect', { x: left, y: top, width: files * CELL, height: ranks * CELL, class: 'board-bg' }));
    el.append(grid);

    const sets = {
      last: new Set(marks.lastMove ?? []),
      premove: new Set(marks.premove ?? []),
      check: new Set(marks.check ?? []),
      path: new Set(marks.path ?? []),
      targets: new Set(marks.targets ?? []),
    };
    const squares = svg('g', { class: 'squares' });
    for (let index = 0; index < files * ranks; index++) {
      const { x, y } = place(index);
      const name = squareName(pos, index);
      const piece = pos.board[index];
      const cls = ['sq'];
      if (sets.last.has(index)) cls.push('last');
      if (sets.premove.has(index)) cls.push('premove');
      if (sets.path.has(index)) cls.push('path');
      if (marks.selected === index) cls.push('selected');
      if (sets.check.has(index)) cls.push('check');
      if (this.draggingIndex === index) cls.push('dragging');
      const g = svg('g', { 'data-sq': name, 'data-index': index, class: cls.join(' '), transform: `translate(${x} ${y})` });
      if (piece) g.setAttribute('data-piece', (piece.color === 'black' ? 'b:' : 'w:') + piece.token);
      g.append(svg('rect', { width: CELL, height: CELL, class: 'sq-bg' }));
      if (piece) {
        const pg = pieceGroup(this.catalog, piece.token, piece.color, opts.pieceSet);
        const title = svg('title', {}, [t('board.pieceOn', { piece: this.catalog.name(piece.token), side: t(`board.side.${piece.color}`), square: name })]);
        g.append(title, opts.flip ? flipPiece(pg) : pg);
      }
      if (sets.targets.has(index)) {
        g.classList.add('target');
        g.append(piece ? svg('circle', { cx: 50, cy: 50, r: 46, class: 'target-ring' }) : svg('circle', { cx: 50, cy: 50, r: 14, class: 'target-dot' }));
      }
      squares.append(g);
    }
    el.append(squares);
    if (document.activeElement === el) this.markCursor();

    // Grid lines above the square backgrounds, below the pieces' events (pointer-events: none).
    const lines = svg('g', { class: 'lines' });
    for (let c = 0; c <= files; c++) lines.append(svg('line', { x1: left + c * CELL, y1: top, x2: left + c * CELL, y2: top + ranks * CELL }));
    for (let r = 0; r <= ranks; r++) lines.append(svg('line', { x1: left, y1: top + r * CELL, x2: left + files * CELL, y2: top + r * CELL }));
    const z = opts.zoneRanks ?? 0;
    if (z > 0 && z * 2 < ranks) {
      for (const r of [z, ranks - z]) {
        lines.append(svg('line', { x1: left, y1: top + r * CELL, x2: left + files * CELL, y2: top + r * CELL, class: 'zone' }));
      }
    }
    squares.before(lines);

    // Arrows above the pieces (not catching clicks).
    if (marks.arrows?.length) {
      const kind = marks.arrowKind ?? 'best';
      const g = svg('g', { class: `arrows ${kind}`, 'aria-hidden': 'true' });
      const centre = (i: number) => {
        const p = place(i);
        return { x: p.x + CELL / 2, y: p.y + CELL / 2 };
      };
      el.append(svg('defs', {}, [svg('marker', { id: `arrowhead-${kind}`, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' }, [svg('path', { d: 'M0 0L10 5L0 10z', class: `arrow-head ${kind}` })])]));
      for (const squares of marks.arrows) {
        const pts = squares.map(centre);
        for (let i = 1; i < pts.length; i++) {
          const a = pts[i - 1]!;
          const b = pts[i]!;
          if (a.x === b.x && a.y === b.y) continue;
          const len = Math.hypot(b.x - a.x, b.y - a.y);
          const end = { x: b.x - ((b.x - a.x) / len) * 22, y: b.y - ((b.y - a.y) / len) * 22 };
          g.append(svg('line', { x1: a.x, y1: a.y, x2: end.x, y2: end.y, class: 'arrow', 'marker-end': i === pts.length - 1 ? `url(#arrowhead-${kind})` : '' }));
        }
      }
      el.append(g);
    }

    if (coords) {
      const labels = svg('g', { class: 'coords', 'aria-hidden': 'true' });
      for (let c = 0; c < files; c++) {
        const col = opts.flip ? files - 1 - c : c;
        const file = files - col;
        const text = opts.coords === 'chess' ? String.fromCharCode(97 + col) : String(file);
        labels.append(svg('text', { x: left + c * CELL + CELL / 2, y: top - 10, 'text-anchor': 'middle' }, [text]));
      }
      for (let r = 0; r < ranks; r++) {
        const row = opts.flip ? ranks - 1 - r : r;
        const text = opts.coords === 'chess' ? String(ranks - row) : opts.coords === 'kanji' ? KANJI_NUMBERS[row] ?? String(row + 1) : String.fromCharCode(97 + row);
        labels.append(svg('text', { x: left + files * CELL + right / 2, y: top + r * CELL + CELL / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: opts.coords === 'kanji' && text.length > 1 ? 'narrow' : '' }, [text]));
      }
      el.append(labels);
    }
  }
}

/** Seen from White's side, every piece turns around with the board. */
function flipPiece(g: SVGGElement): SVGGElement {
  const t = g.getAttribute('transform');
  if (t) g.removeAttribute('transform');
  else g.setAttribute('transform', 'rotate(180 50 50)');
  return g;
}

/** Square name in the chosen coordinate style (for the move list). */
export function coordName(files: number, ranks: number, index: number, style: CoordStyle): string {
  const row = Math.floor(index / files);
  const col = index % files;
  if (style === 'chess') return `${String.fromCharCode(97 + col)}${ranks - row}`;
  if (style === 'kanji') return `${files - col}${KANJI_NUMBERS[row] ?? row + 1}`;
  return `${files - col}${String.fromCharCode(97 + row)}`;
}
