// The board with both hands and the move entry around it: what the game and analysis pages
// share. It draws a position, lets the side to move enter one of the given legal moves by
// clicks (with a visible Cancel, "Stop here" for moves that may go on, and the promotion
// choice, and the Lion's pass while that Lion's move is entered), and reports the finished
// move's USI. The same entry gives premoves: the page passes the moves its viewer may premove,
// with `mover` their colour, and takes the finished move as a premove.
import type { Color } from '../api/types';
import { t } from '../i18n';
import { MoveEntry } from '../shogi/moveEntry';
import type { Position } from '../shogi/sfen';
import { squareName, type UsiMove } from '../shogi/usi';
import { BoardView, type CoordStyle } from './board';
import { DiagramTip, diagramElement, squareRects } from './diagram';
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
  /** Whose moves `legal` are: the side to move, or the viewer entering a premove. */
  mover?: Color;
  /** The squares of a premove waiting for the opponent's move (drawn as an arrow), and the
   * line that says it below the board (a click on it cancels the premove). */
  premove?: number[];
  premoveText?: string;
  /** Keep the entry bar's room while no move is entered (the viewer may move in this game), so
   * that it never pushes what is below the board out of the window when it appears. */
  reserveBar?: boolean;
  /** Move diagrams on hover (the user's setting). */
  diagrams?: boolean;
}

export class BoardWidget {
  readonly el: HTMLElement;
  private board: BoardView;
  private topHand = h('div', { class: 'hand top' });
  private bottomHand = h('div', { class: 'hand bottom' });
  private bar = h('div', { class: 'entry-bar idle', 'aria-live': 'polite' });
  private entry: MoveEntry | null = null;
  private state: WidgetState | null = null;
  private tip = new DiagramTip();
  private keyHandler = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    if (this.entry && this.entry.state.phase !== 'idle') {
      this.entry.cancel();
      this.redraw();
      e.preventDefault();
    } else if (this.state?.premove?.length) {
      this.onDismiss?.();
      e.preventDefault();
    }
  };

  constructor(
    private catalog: PieceCatalog,
    private onMove: (usi: string) => void,
    /** A click on no piece of the mover's, a right-click or Escape while no move is entered
     * (the page cancels its premove). */
    private onDismiss?: () => void,
  ) {
    this.board = new BoardView(
      catalog,
      (sq) => this.clickSquare(sq),
      (token, anchor) => {
        const st = this.state;
        const off = st?.diagrams === false || this.entering;
        if (!token || !anchor || !st || off) return this.tip.hide();
        // Away from the piece, and from the squares of the last move and of a premove.
        const avoid = squareRects(this.board.el, [...(st.lastMove ?? []), ...(st.premove ?? [])]);
        const diagram = diagramElement(this.catalog, token, st.pieceSet);
        this.tip.show(diagram, anchor, this.board.el, avoid);
      },
      (from, to) => this.drag(from, to),
      (from) => {
        const st = this.state;
        if (!st || !this.entry || this.entry.state.from === from) return;
        this.tip.hide();
        this.entry.cancel();
        this.entry.click(from, (s) => st.pos.board[s]?.color === this.mover(), (s) => !st.pos.board[s]);
        this.redraw();
      },
    );
    // A click on the frame or the coordinates, or a right-click: no square picked.
    this.board.el.addEventListener('click', (e) => {
      if (!(e.target as Element).closest('[data-sq]')) this.dismiss();
    });
    this.board.el.addEventListener('contextmenu', (e) => {
      if ((e as PointerEvent).pointerType === 'touch') return; // a long press: the diagram
      if (this.entering) this.cancel();
      else this.dismiss();
    });
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
    // The page draws again on every update (a comment, a clock, the same game fetched again):
    // a half-entered move stays as long as the moves to choose from are the same.
    const samePosition = !!this.state && sameMoves(this.state.legal, state.legal);
    // No diagram right after a move.
    if (this.state && !samePlacement(this.state.pos, state.pos)) this.board.quietHover();
    this.state = state;
    if (!samePosition) this.entry = state.legal ? new MoveEntry(state.legal, (sq) => !!this.state && this.winsOn(this.state.pos, sq)) : null;
    // Whether a click can enter a move yet (the legal moves come from the rules module or the
    // server): what the browser tests wait for before they click.
    this.el.dataset.legal = state.legal ? 'known' : 'waiting';
    this.redraw();
  }

  /** Whether capturing on `sq` takes the last royal of the side not moving (a won game). */
  private winsOn(pos: Position, sq: number): boolean {
    const victim = pos.board[sq];
    if (!victim || victim.color === this.mover() || !this.catalog.info(victim.token).royal) return false;
    return pos.board.filter((p) => p && p.color === victim.color && this.catalog.info(p.token).royal).length === 1;
  }

  private mover(): Color {
    return this.state!.mover ?? this.state!.pos.side;
  }

  private dismiss(): void {
    if (!this.entering) this.onDismiss?.();
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
    const side = this.mover();
    const r = this.entry.click(sq, (s) => st.pos.board[s]?.color === side, (s) => !st.pos.board[s]);
    if (r.kind === 'none') this.dismiss();
    this.after(r);
  }

  /** A piece dragged from one square to another: its first leg (more legs by clicking on). */
  private drag(from: number, to: number | null): void {
    const st = this.state;
    if (!st || !this.entry || to === null) return;
    this.tip.hide();
    const own = (s: number) => st.pos.board[s]?.color === this.mover();
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
      this.board.quietHover();
      this.redraw();
      this.onMove(r.usi);
    } else if (r.kind === 'changed') {
      this.redraw();
    }
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
        lastMove: st.lastMove,
        premove: st.premove,
        check: st.check,
        selected: es?.from ?? null,
        path: moving ? es!.clicks : [],
        targets: e ? e.targets() : [],
        arrows: moving ? [] : st.premove && st.premove.length > 1 ? [st.premove] : st.arrows,
        arrowKind: st.premove?.length ? 'premove' : 'best',
      },
    );
    this.board.el.classList.toggle('interactive', !!e);
    this.el.classList.toggle('with-hands', st.showHands);
    this.el.classList.toggle('reserve-bar', !!st.reserveBar);
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
    el.setAttribute('aria-label', t(`board.handOf.${color}`));
    el.dataset.color = color;
    const hand = st.pos.hands[color];
    if (hand.size === 0) el.append(h('span', { class: 'hand-empty' }, t(`board.handEmpty.${color}`)));
    for (const [token, n] of hand) {
      if (n <= 0) continue;
      const mine = this.mover() === color && !!this.entry;
      const can = mine && this.entry!.canDrop(token);
      const selected = this.entry?.state.drop === token && this.mover() === color;
      const piece = this.catalog.name(token);
      const label = n > 1 ? t('board.handCount', { piece, n }) : t('board.handPiece', { piece });
      const b = h(
        'button',
        {
          type: 'button',
          class: `hand-piece${selected ? ' selected' : ''}`,
          'data-hand': `${color === 'black' ? 'b' : 'w'}:${token}`,
          'aria-label': can ? t('board.handDrop', { label }) : label,
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
    this.bar.classList.remove('with-hint', 'asking');
    const idle = !e || e.state.phase === 'idle';
    // No move entered, a premove waiting: it is said here, and a click on it cancels it.
    const premove = idle && st.premoveText;
    this.bar.classList.toggle('idle', idle && !premove);
    this.bar.classList.toggle('premove-bar', !!premove);
    if (premove) {
      this.bar.append(h('button', { type: 'button', class: 'premove-cancel', onclick: () => this.onDismiss?.() }, st.premoveText!));
      return;
    }
    if (idle) return;
    const s = e.state;
    const start = s.from !== null ? `${this.catalog.name(st.pos.board[s.from]?.token ?? '')} ${squareName(st.pos, s.from)}` : t('board.dropStart', { piece: this.catalog.name(s.drop ?? '') });
    const path = s.clicks.map((c) => squareName(st.pos, c)).join(' → ');
    const text = (value: string) => h('span', { class: 'entry-text', title: value }, value);
    if (s.phase === 'promotion' && s.choice) {
      const token = s.from !== null ? st.pos.board[s.from]?.token ?? '' : '';
      const promotedToken = token.startsWith('+') ? token : '+' + token;
      this.bar.classList.add('asking'); // the question on a line of its own: never cut short
      this.bar.append(
        text(t('board.promoteQuestion', { move: `${start} → ${path}` })),
        h('button', { type: 'button', class: 'primary promote-yes', 'aria-label': t('board.promoteTo', { piece: this.catalog.name(promotedToken) }), onclick: () => this.after(e.choosePromotion(true)) }, pieceIcon(this.catalog, promotedToken, 'black', st.pieceSet, 28), t('board.promote')),
        h('button', { type: 'button', class: 'promote-no', 'aria-label': t('board.stayAs', { piece: this.catalog.name(token) }), onclick: () => this.after(e.choosePromotion(false)) }, pieceIcon(this.catalog, token, 'black', st.pieceSet, 28), t('board.dontPromote')),
      );
    } else {
      this.bar.append(text(path ? `${start} → ${path}` : t('board.chooseSquare', { start })));
      if (e.isAmbiguous())
        this.bar.append(h('button', { type: 'button', class: 'primary stop-here', onclick: () => this.after(e.finish()), title: t('board.stopHereTitle') }, t('board.stopHere')));
      // The Lion's pass belongs to that Lion's move: offered while it is being entered.
      const pass = s.from !== null && s.clicks.length <= 1 ? e.passMove((sq) => !st.pos.board[sq], s.from, s.clicks[0]) : null;
      if (pass)
        this.bar.append(h('button', { type: 'button', class: 'pass', title: t('board.passTitle', { usi: pass }), onclick: () => { e.cancel(); this.after({ kind: 'move', usi: pass }); } }, t('board.pass')));
      // After a capturing first step, the piece's own square is ringed: going back there is igui.
      const igui = s.from !== null && s.clicks.length === 1 && !!st.pos.board[s.clicks[0]!] && e.targets().includes(s.from);
      this.bar.classList.toggle('with-hint', igui);
      if (igui) this.bar.append(h('span', { class: 'igui-hint' }, t('board.iguiHint', { piece: this.catalog.name(st.pos.board[s.from!]!.token), square: squareName(st.pos, s.from!), victim: squareName(st.pos, s.clicks[0]!) })));
    }
    this.bar.append(h('button', { type: 'button', class: 'cancel-move', onclick: () => this.cancel(), title: t('board.cancelTitle') }, t('board.cancel')));
  }
}

function sameMoves(a: readonly UsiMove[] | null, b: readonly UsiMove[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((m, i) => m.usi === b[i]!.usi);
}

function samePlacement(a: Position, b: Position): boolean {
  if (a === b) return true;
  if (a.side !== b.side || a.board.length !== b.board.length) return false;
  return a.board.every((p, i) => {
    const q = b.board[i];
    return p === q || (!!p && !!q && p.token === q.token && p.color === q.color);
  });
}
