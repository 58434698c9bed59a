// The board with both hands and the move entry around it: what the game and analysis pages
// share. It draws a position, lets the side to move enter one of the given legal moves by
// clicks (with a visible Cancel, "Stop here" for moves that may go on, and the promotion
// choice), and reports the finished move's USI.
import type { Color } from '../api/types';
import { MoveEntry } from '../shogi/moveEntry';
import type { Position } from '../shogi/sfen';
import { squareName, type UsiMove } from '../shogi/usi';
import { BoardView, type CoordStyle } from './board';
import { DiagramTip, diagramElement } from './diagram';
import type { PieceCatalog, PieceSetId } from './pieces';
import { pieceIcon } from './pieceSvg';
import { h } from './svg';

export interface WidgetState {
  pos: Position;
  /** Legal moves of the position when the viewer may move; null when not. */
  legal: UsiMove[] | null;
  lastMove?: number[];
  check?: number[];
  flip: boolean;
  coords: CoordStyle;
  pieceSet: PieceSetId;
  zoneRanks?: number;
  showHands: boolean;
  arrows?: number[][];
}

export class BoardWidget {
  readonly el: HTMLElement;
  private board: BoardView;
  private topHand = h('div', { class: 'hand top' });
  private bottomHand = h('div', { class: 'hand bottom' });
  private bar = h('div', { class: 'entry-bar', 'aria-live': 'polite' });
  private entry: MoveEntry | null = null;
  private state: WidgetState | null = null;
  private tip = new DiagramTip();
  private keyHandler = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.entry && this.entry.state.phase !== 'idle') {
      this.entry.cancel();
      this.redraw();
      e.preventDefault();
    }
  };

  constructor(
    private catalog: PieceCatalog,
    private onMove: (usi: string) => void,
  ) {
    this.board = new BoardView(
      catalog,
      (sq) => this.clickSquare(sq),
      (token, anchor) => {
        if (!token || !anchor || !this.state) return this.tip.hide();
        this.tip.show(diagramElement(this.catalog, token, this.state.pieceSet), anchor);
      },
      (from, to) => this.drag(from, to),
      (from) => {
        const st = this.state;
        if (!st || !this.entry || this.entry.state.from === from) return;
        this.tip.hide();
        this.entry.cancel();
        this.entry.click(from, (s) => st.pos.board[s]?.color === st.pos.side, (s) => !st.pos.board[s]);
        this.redraw();
      },
    );
    this.board.draggable = (sq) => !!this.entry && this.entry.canStartAt(sq) && (this.entry.state.phase === 'idle' || this.entry.state.from === sq);
    this.el = h('div', { class: 'board-widget' }, this.topHand, h('div', { class: 'board-wrap' }, this.board.el), this.bottomHand, this.bar);
    document.addEventListener('keydown', this.keyHandler);
    document.addEventListener('pointerdown', this.outside);
  }

  private outside = (e: PointerEvent) => {
    if (!this.board.el.contains(e.target as Node)) this.tip.hide();
  };

  setCatalog(c: PieceCatalog): void {
    this.catalog = c;
    this.board.setCatalog(c);
  }

  set(state: WidgetState): void {
    const samePosition = this.state && this.state.pos === state.pos && this.state.legal === state.legal;
    this.state = state;
    if (!samePosition) this.entry = state.legal ? new MoveEntry(state.legal) : null;
    this.redraw();
  }

  /** Drops a half-entered move. */
  cancel(): void {
    this.entry?.cancel();
    this.redraw();
  }

  get entering(): boolean {
    return !!this.entry && this.entry.state.phase !== 'idle';
  }

  dispose(): void {
    document.removeEventListener('keydown', this.keyHandler);
    document.removeEventListener('pointerdown', this.outside);
    this.tip.hide();
  }

  private clickSquare(sq: number): void {
    const st = this.state;
    if (!st || !this.entry) return;
    this.tip.hide();
    const side = st.pos.side;
    const r = this.entry.click(sq, (s) => st.pos.board[s]?.color === side, (s) => !st.pos.board[s]);
    this.after(r);
  }

  /** A piece dragged from one square to another: its first leg (more legs by clicking on). */
  private drag(from: number, to: number | null): void {
    const st = this.state;
    if (!st || !this.entry || to === null) return;
    this.tip.hide();
    const own = (s: number) => st.pos.board[s]?.color === st.pos.side;
    const empty = (s: number) => !st.pos.board[s];
    if (this.entry.state.from !== from || this.entry.state.clicks.length > 0) {
      this.entry.cancel();
      this.entry.click(from, own, empty);
    }
    if (!this.entry.targets().includes(to)) {
      this.redraw(); // not a legal square: the piece stays picked
      return;
    }
    this.after(this.entry.click(to, own, empty));
  }

  private after(r: ReturnType<MoveEntry['click']>): void {
    if (r.kind === 'move') {
      this.redraw();
      this.onMove(r.usi);
    } else if (r.kind === 'changed') {
      this.redraw();
    }
  }

  /** A pass move of the position, if any and if the viewer may move. */
  passMove(): string | null {
    const st = this.state;
    if (!st || !this.entry) return null;
    return this.entry.passMove((s) => !st.pos.board[s]);
  }

  private redraw(): void {
    const st = this.state;
    if (!st) return;
    const e = this.entry;
    const es = e?.state;
    const moving = es && es.phase !== 'idle';
    this.board.render(
      st.pos,
      { flip: st.flip, coords: st.coords, pieceSet: st.pieceSet, zoneRanks: st.zoneRanks },
      {
        lastMove: moving ? [] : st.lastMove,
        check: st.check,
        selected: es?.from ?? null,
        path: moving ? es!.clicks : [],
        targets: e ? e.targets() : [],
        arrows: moving ? [] : st.arrows,
      },
    );
    this.board.el.classList.toggle('interactive', !!e);
    this.el.classList.toggle('with-hands', st.showHands);
    this.board.hoverPaused = !!moving;
    if (moving) this.tip.hide();
    // Hands: the viewer's side at the bottom.
    const bottomColor: Color = st.flip ? 'white' : 'black';
    const topColor: Color = bottomColor === 'black' ? 'white' : 'black';
    this.drawHand(this.topHand, topColor);
    this.drawHand(this.bottomHand, bottomColor);
    this.drawBar();
  }

  private drawHand(el: HTMLElement, color: Color): void {
    const st = this.state!;
    el.replaceChildren();
    el.hidden = !st.showHands;
    if (!st.showHands) return;
    el.setAttribute('aria-label', `${color === 'black' ? 'Black' : 'White'}'s pieces in hand`);
    el.dataset.color = color;
    const hand = st.pos.hands[color];
    if (hand.size === 0) el.append(h('span', { class: 'hand-empty muted' }, `${color === 'black' ? 'Black' : 'White'}: no pieces in hand`));
    for (const [token, n] of hand) {
      if (n <= 0) continue;
      const mine = st.pos.side === color && !!this.entry;
      const can = mine && this.entry!.canDrop(token);
      const selected = this.entry?.state.drop === token && st.pos.side === color;
      const b = h(
        'button',
        {
          type: 'button',
          class: `hand-piece${selected ? ' selected' : ''}`,
          'data-hand': `${color === 'black' ? 'b' : 'w'}:${token}`,
          'aria-label': `${this.catalog.name(token)} in hand${n > 1 ? `, ${n}` : ''}${can ? ': drop' : ''}`,
          'aria-pressed': selected ? 'true' : 'false',
          disabled: !can,
          onclick: () => this.after(this.entry!.clickHand(token)),
        },
        pieceIcon(this.catalog, token, st.flip ? (color === 'black' ? 'white' : 'black') : color, st.pieceSet, 44),
        n > 1 ? h('span', { class: 'count' }, String(n)) : null,
      );
      el.append(b);
    }
  }

  private drawBar(): void {
    const st = this.state!;
    const e = this.entry;
    this.bar.replaceChildren();
    if (!e || e.state.phase === 'idle') {
      this.bar.hidden = true;
      return;
    }
    this.bar.hidden = false;
    const s = e.state;
    const start = s.from !== null ? `${this.catalog.name(st.pos.board[s.from]?.token ?? '')} ${squareName(st.pos, s.from)}` : `drop ${this.catalog.name(s.drop ?? '')}`;
    const path = s.clicks.map((c) => squareName(st.pos, c)).join(' → ');
    if (s.phase === 'promotion' && s.choice) {
      const token = s.from !== null ? st.pos.board[s.from]?.token ?? '' : '';
      const promotedToken = token.startsWith('+') ? token : '+' + token;
      this.bar.append(
        h('span', { class: 'entry-text' }, `${start} → ${path}: promote?`),
        h('button', { type: 'button', class: 'primary promote-yes', 'aria-label': `Promote to ${this.catalog.name(promotedToken)}`, onclick: () => this.after(e.choosePromotion(true)) }, pieceIcon(this.catalog, promotedToken, 'black', st.pieceSet, 28), 'Promote'),
        h('button', { type: 'button', class: 'promote-no', 'aria-label': `Do not promote (stay ${this.catalog.name(token)})`, onclick: () => this.after(e.choosePromotion(false)) }, pieceIcon(this.catalog, token, 'black', st.pieceSet, 28), 'Don’t promote'),
      );
    } else {
      this.bar.append(h('span', { class: 'entry-text' }, path ? `${start} → ${path}` : `${start}: choose a square`));
      if (e.isAmbiguous())
        this.bar.append(h('button', { type: 'button', class: 'primary stop-here', onclick: () => this.after(e.finish()), title: 'End the move on the last square (or click it again)' }, 'Stop here'));
    }
    this.bar.append(h('button', { type: 'button', class: 'cancel-move', onclick: () => this.cancel(), title: 'Cancel the move (Escape)' }, 'Cancel'));
  }
}
