// The evaluation graph of a game's computer analysis, under the board (lishogi's): Black's
// winning chances after every move as an area (Black's share from the bottom), the marked
// moves as dots in their mark's colour, the ply shown as a line. A click, a tap or a drag goes
// to that ply; the pointer over it shows the move and its score; arrow keys step when focused.
import { svg } from '../render/svg';
import type { Mark } from '../api/gameAnalysis';

export interface GraphPoint {
  /** Black's winning chances in percent; null where there is no evaluation. */
  win: number | null;
  /** The mark of the move that led here (ply >= 1). */
  mark: Mark | null;
  /** What the pointer over this ply says: "12. P-7f?? +3.40". */
  label: string;
}


export class EvalGraph {
  readonly el: SVGSVGElement;
  private points: GraphPoint[] = [];
  private ply = 0;
  private readonly area: SVGPathElement;
  private readonly line: SVGPathElement;
  private readonly dots: SVGGElement;
  private readonly cursor: SVGLineElement;
  private readonly hover: SVGLineElement;
  private readonly tip: SVGTitleElement;
  private readonly bg: SVGRectElement;
  private readonly mid: SVGLineElement;
  // The drawing's size is the element's own, measured, so that dots stay round.
  private w = 600;
  private h = 100;
  private readonly resize = new ResizeObserver(() => this.measure());

  constructor(private readonly goTo: (ply: number) => void, label: string) {
    this.area = svg('path', { class: 'graph-area' });
    this.line = svg('path', { class: 'graph-line' });
    this.dots = svg('g', { class: 'graph-dots' });
    this.cursor = svg('line', { class: 'graph-cursor', y1: 0 });
    this.hover = svg('line', { class: 'graph-hover', y1: 0, visibility: 'hidden' });
    this.tip = svg('title');
    this.bg = svg('rect', { class: 'graph-bg', x: 0, y: 0 });
    this.mid = svg('line', { class: 'graph-mid', x1: 0 });
    this.el = svg('svg', { class: 'eval-graph', role: 'slider', tabindex: 0, 'aria-label': label, 'aria-valuemin': 0 }, [
      this.tip, this.bg, this.area, this.mid, this.line, this.hover, this.cursor, this.dots,
    ]);
    this.resize.observe(this.el);
    const plyAt = (e: PointerEvent) => {
      const r = this.el.getBoundingClientRect();
      const n = this.points.length - 1;
      return n <= 0 ? 0 : Math.max(0, Math.min(n, Math.round(((e.clientX - r.left) / r.width) * n)));
    };
    this.el.addEventListener('pointerdown', (e) => {
      this.el.setPointerCapture(e.pointerId);
      this.goTo(plyAt(e));
    });
    this.el.addEventListener('pointermove', (e) => {
      const p = plyAt(e);
      this.showHover(p);
      if (this.el.hasPointerCapture(e.pointerId) && p !== this.ply) this.goTo(p);
    });
    this.el.addEventListener('pointerleave', () => this.hover.setAttribute('visibility', 'hidden'));
    this.el.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      e.stopPropagation(); // the page's own arrow keys would step twice
      this.goTo(Math.max(0, Math.min(this.points.length - 1, this.ply + (e.key === 'ArrowLeft' ? -1 : 1))));
    });
  }

  /** Stops watching the element's size. */
  dispose(): void {
    this.resize.disconnect();
  }

  private measure(): void {
    const r = this.el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || (Math.round(r.width) === this.w && Math.round(r.height) === this.h)) return;
    this.w = Math.round(r.width);
    this.h = Math.round(r.height);
    this.set(this.points);
  }

  private x(ply: number): number {
    const n = Math.max(1, this.points.length - 1);
    return 3 + (ply / n) * (this.w - 6);
  }

  private y(win: number): number {
    return 2 + (1 - win / 100) * (this.h - 4);
  }

  set(points: GraphPoint[]): void {
    this.points = points;
    const { w, h: H } = this;
    this.el.setAttribute('viewBox', `0 0 ${w} ${H}`);
    for (const [k, v] of [['width', w], ['height', H]] as const) this.bg.setAttribute(k, String(v));
    for (const [k, v] of [['x2', w], ['y1', H / 2], ['y2', H / 2]] as const) this.mid.setAttribute(k, String(v));
    this.cursor.setAttribute('y2', String(H));
    this.hover.setAttribute('y2', String(H));
    this.el.setAttribute('aria-valuemax', String(Math.max(0, points.length - 1)));
    // The line breaks where a position has no evaluation; the area closes on the middle.
    let line = '';
    let area = '';
    let run: Array<[number, number]> = [];
    const flush = () => {
      if (!run.length) return;
      line += run.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
      area += `M${run[0]![0].toFixed(1)},${H}` + run.map(([x, y]) => `L${x.toFixed(1)},${y.toFixed(1)}`).join('') + `L${run[run.length - 1]![0].toFixed(1)},${H}Z`;
      run = [];
    };
    points.forEach((p, i) => {
      if (p.win === null) flush();
      else run.push([this.x(i), this.y(p.win)]);
    });
    flush();
    this.line.setAttribute('d', line);
    this.area.setAttribute('d', area);
    this.dots.replaceChildren(...points.flatMap((p, i) => (p.mark && p.win !== null
      ? [svg('circle', { class: `graph-dot mark-${p.mark}`, cx: this.x(i).toFixed(1), cy: this.y(p.win).toFixed(1), r: 3.5, 'data-ply': i }, [svg('title', {}, [p.label])])]
      : [])));
    this.setPly(this.ply);
  }

  setPly(ply: number): void {
    this.ply = ply;
    const x = this.x(Math.min(ply, Math.max(0, this.points.length - 1))).toFixed(1);
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
    this.el.setAttribute('aria-valuenow', String(ply));
    const label = this.points[ply]?.label ?? '';
    this.el.setAttribute('aria-valuetext', label);
  }

  private showHover(ply: number): void {
    const x = this.x(ply).toFixed(1);
    this.hover.setAttribute('x1', x);
    this.hover.setAttribute('x2', x);
    this.hover.setAttribute('visibility', 'visible');
    this.tip.textContent = this.points[ply]?.label ?? '';
  }
}
