// Entering a move by clicks, from the server's legal moves alone (USI strings).
//
// A move is entered as its start (a square, or a piece in hand for a drop) and then the squares
// of its legs in order, then its further victims (in any order): `7g7f` is 7g, 7f; a Lion's
// `7g6f5e` is 7g, 6f, 5e; igui `7g6f7g` is 7g, 6f, 7g; a Fire Demon's `5e4dx3cx3d` is 5e, 4d,
// then 3c and 3d. Where a clicked square ends one move and continues others (a Lion capturing
// on 6f may stop there or go on), the entry waits: clicking the square again, or `finish()`,
// stops there; clicking a next square continues. When a move exists with and without `+`, the
// entry asks (`choosePromotion`). `cancel()` drops a half-entered move at any point. A step
// that wins the game (it captures the opponent's last royal: `wins`) ends the move there.
import { legSquares, type UsiMove } from './usi';

export type EntryPhase = 'idle' | 'moving' | 'promotion';

export interface EntryState {
  phase: EntryPhase;
  /** The start square, or null for a drop. */
  from: number | null;
  /** The piece token chosen from the hand, for a drop. */
  drop: string | null;
  /** The squares clicked after the start. */
  clicks: number[];
  /** In phase `promotion`: the two moves to choose from (without, with). */
  choice: { plain: string; promoted: string } | null;
}

export type EntryResult =
  | { kind: 'none' } // nothing changed (a click the entry does not use)
  | { kind: 'changed' } // the state changed; redraw
  | { kind: 'move'; usi: string }; // a complete move: send it

export const IDLE: EntryState = { phase: 'idle', from: null, drop: null, clicks: [], choice: null };

interface Candidate {
  move: UsiMove;
  legs: number[];
  kills: number[];
}

function sameStart(m: UsiMove, from: number | null, drop: string | null): boolean {
  if (m.kind === 'drop') return drop !== null && m.piece === drop;
  return from !== null && drop === null && m.from === from;
}

export class MoveEntry {
  state: EntryState = IDLE;
  private candidates: Candidate[];

  /** `wins(square)`: capturing on that square takes the opponent's last royal (the game is won
   * by it, so a Lion's first step there is the move: no "stop here" is asked). */
  constructor(moves: readonly UsiMove[], private wins: (square: number) => boolean = () => false) {
    this.candidates = moves.map((move) => ({
      move,
      legs: legSquares(move),
      kills: move.kind === 'move' ? move.kills : [],
    }));
  }

  /** Does any legal move start on this square (or with this piece from the hand)? */
  canStartAt(square: number): boolean {
    return this.candidates.some((c) => c.move.kind === 'move' && c.move.from === square);
  }
  canDrop(token: string): boolean {
    return this.candidates.some((c) => c.move.kind === 'drop' && c.move.piece === token);
  }

  /** The moves still possible after what was clicked so far. */
  private matching(from = this.state.from, drop = this.state.drop, clicks = this.state.clicks): Candidate[] {
    return this.candidates.filter((c) => sameStart(c.move, from, drop) && prefixMatches(c, clicks));
  }

  /** Squares the next click may go to. */
  targets(): number[] {
    if (this.state.phase !== 'moving') return [];
    const n = this.state.clicks.length;
    const out = new Set<number>();
    for (const c of this.matching()) {
      if (n < c.legs.length) out.add(c.legs[n]!);
      else for (const k of c.kills) if (!this.state.clicks.includes(k)) out.add(k);
    }
    return [...out];
  }

  /** Can the move stop at what was clicked so far (while longer moves also go on)? */
  canFinish(): boolean {
    return this.state.phase === 'moving' && this.state.clicks.length > 0 && this.complete().length > 0;
  }

  /** Are there both a move ending here and moves going on (so the entry waits)? */
  isAmbiguous(): boolean {
    return this.canFinish() && this.targets().length > 0;
  }

  private complete(): Candidate[] {
    const clicks = this.state.clicks;
    return this.matching().filter((c) => c.legs.length + c.kills.length === clicks.length);
  }

  /**
   * Clicking a square of the board. `ownPieceAt` says whether the side to move has a piece
   * there, `isEmpty` whether the square is empty: a step to an empty square whose only
   * continuation is back to the start (a Lion's pass) ends there, as the pass has its own
   * button.
   */
  click(square: number, ownPieceAt: (sq: number) => boolean, isEmpty: (sq: number) => boolean = () => false): EntryResult {
    const s = this.state;
    if (s.phase === 'promotion') return { kind: 'none' };
    if (s.phase === 'idle') return this.select(square);
    // Moving.
    if (s.clicks.length === 0 && s.from === square) {
      this.state = IDLE; // clicking the piece again puts it back
      return { kind: 'changed' };
    }
    if (s.clicks.length > 0 && s.clicks[s.clicks.length - 1] === square && this.canFinish()) return this.finish();
    if (this.targets().includes(square)) {
      this.state = { ...s, clicks: [...s.clicks, square] };
      // Done when no longer move goes on (or only a pass does, through this empty square).
      if (this.complete().length > 0) {
        const next = this.targets();
        if (next.length === 0 || this.wins(square)) return this.finish();
        if (s.clicks.length === 0 && s.from !== null && isEmpty(square) && next.every((t) => t === s.from)) return this.finish();
      }
      return { kind: 'changed' };
    }
    // Not a next square: after a step to an empty square, a direct move from the start there
    // (a two-step through an empty square is the same move as the jump); another own piece;
    // else the move is dropped.
    const last = s.clicks[s.clicks.length - 1];
    if (s.clicks.length === 1 && last !== undefined && isEmpty(last) && this.matching(s.from, s.drop, [square]).some((c) => c.legs.length === 1)) {
      this.state = { ...s, clicks: [square] };
      if (this.complete().length > 0 && this.targets().length === 0) return this.finish();
      return { kind: 'changed' };
    }
    if (ownPieceAt(square) && this.canStartAt(square)) return this.select(square);
    this.state = IDLE;
    return { kind: 'changed' };
  }

  private select(square: number): EntryResult {
    if (!this.canStartAt(square)) {
      if (this.state.phase === 'idle') return { kind: 'none' };
      this.state = IDLE;
      return { kind: 'changed' };
    }
    this.state = { phase: 'moving', from: square, drop: null, clicks: [], choice: null };
    return { kind: 'changed' };
  }

  /** Choosing a piece in hand. */
  clickHand(token: string): EntryResult {
    if (this.state.phase === 'promotion') return { kind: 'none' };
    if (this.state.drop === token) {
      this.state = IDLE;
      return { kind: 'changed' };
    }
    if (!this.canDrop(token)) return { kind: 'none' };
    this.state = { phase: 'moving', from: null, drop: token, clicks: [], choice: null };
    return { kind: 'changed' };
  }

  /** Stops the move at the squares clicked so far. */
  finish(): EntryResult {
    const done = this.complete();
    if (done.length === 0) return { kind: 'none' };
    const plain = done.find((c) => c.move.kind === 'drop' || !c.move.promote);
    const promoted = done.find((c) => c.move.kind === 'move' && c.move.promote);
    if (plain && promoted) {
      this.state = { ...this.state, phase: 'promotion', choice: { plain: plain.move.usi, promoted: promoted.move.usi } };
      return { kind: 'changed' };
    }
    const usi = (plain ?? promoted)!.move.usi;
    this.state = IDLE;
    return { kind: 'move', usi };
  }

  choosePromotion(promote: boolean): EntryResult {
    const choice = this.state.choice;
    if (this.state.phase !== 'promotion' || !choice) return { kind: 'none' };
    this.state = IDLE;
    return { kind: 'move', usi: promote ? choice.promoted : choice.plain };
  }

  cancel(): EntryResult {
    if (this.state.phase === 'idle') return { kind: 'none' };
    this.state = IDLE;
    return { kind: 'changed' };
  }

  /** The squares of the move entered so far (start and clicks), for drawing the path. */
  path(): number[] {
    const s = this.state;
    return s.from !== null ? [s.from, ...s.clicks] : [...s.clicks];
  }

  /** A pass move of the piece on `from` (through `via`, if given), if it has one: offered with
   * a button while that piece's move is entered. */
  passMove(isEmpty: (sq: number) => boolean, from: number, via?: number): string | null {
    for (const c of this.candidates) {
      const m = c.move;
      if (m.kind === 'move' && m.from === from && m.mid !== null && m.to === m.from && m.kills.length === 0 && !m.promote && isEmpty(m.mid) && (via === undefined || m.mid === via))
        return m.usi;
    }
    return null;
  }
}

function prefixMatches(c: Candidate, clicks: readonly number[]): boolean {
  if (clicks.length > c.legs.length + c.kills.length) return false;
  for (let i = 0; i < clicks.length; i++) {
    if (i < c.legs.length) {
      if (c.legs[i] !== clicks[i]) return false;
    } else if (!c.kills.includes(clicks[i]!) || clicks.indexOf(clicks[i]!) !== i) {
      return false;
    }
  }
  return true;
}
