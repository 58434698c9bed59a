// Playing a game's recorded moves on a position, to show any earlier position of a game (the
// server sends only the start and the current one). Where the rules module has loaded
// (rulesWasm.ts), the positions are the rules' own (replayFromSfens); else this moves pieces as
// a move's squares say, which misses what only the rules know (a burn's victims, a counter-
// strike square); whether a move is legal is the rules' business either way.
import { baseToken, clonePosition, parseSfen, type Position, type SfenStyle } from './sfen';
import { parseUsi, type UsiMove } from './usi';

export function applyMove(pos: Position, move: UsiMove, drops: boolean): Position {
  const next = clonePosition(pos);
  const us = pos.side;
  const hand = next.hands[us];
  const capture = (sq: number) => {
    const victim = next.board[sq];
    if (victim && victim.color !== us) {
      next.board[sq] = null;
      if (drops && !isRoyalToken(victim.token)) {
        const t = inHandAs.get(victim.token) ?? baseToken(victim.token);
        hand.set(t, (hand.get(t) ?? 0) + 1);
      }
    }
  };
  if (move.kind === 'drop') {
    const n = hand.get(move.piece) ?? 0;
    if (n <= 1) hand.delete(move.piece);
    else hand.set(move.piece, n - 1);
    next.board[move.to] = { token: move.piece, color: us };
  } else {
    const piece = next.board[move.from];
    next.board[move.from] = null;
    if (move.mid !== null) capture(move.mid);
    capture(move.to);
    for (const k of move.kills) capture(k);
    if (piece) {
      const moved = { token: piece.token, color: piece.color };
      if (move.promote && !moved.token.startsWith('+')) moved.token = '+' + moved.token;
      next.board[move.to] = moved;
    }
  }
  next.side = us === 'black' ? 'white' : 'black';
  next.moveNumber = pos.moveNumber + 1;
  next.counterStrike = null;
  return next;
}

// Royal pieces never go to hand; in every built-in game they are the King (`k`) and the
// promoted Drunk Elephant (`+e`), and a game's piece data may say more (setRoyalTokens).
let royalTokens = new Set(['k', '+e']);
export function setRoyalTokens(tokens: Iterable<string>): void {
  royalTokens = new Set(tokens);
}
// What a captured piece becomes in hand, where the game data says (`in_hand_as`); else its
// unpromoted token.
let inHandAs = new Map<string, string>();
export function setInHandAs(map: Map<string, string>): void {
  inHandAs = map;
}
function isRoyalToken(token: string): boolean {
  return royalTokens.has(token);
}

/** The positions before and after each move: positions[0] is the start, positions[i] after ply i. */
export function replay(start: Position, moves: readonly string[], drops: boolean): { positions: Position[]; parsed: UsiMove[] } {
  const positions = [start];
  const parsed: UsiMove[] = [];
  let pos = start;
  for (const text of moves) {
    const m = parseUsi(pos, text);
    parsed.push(m);
    pos = applyMove(pos, m, drops);
    positions.push(pos);
  }
  return { positions, parsed };
}

/** replay()'s answer from the positions the rules gave for the moves (the rules module's
 * `sfens`: the start, then the position after each move). */
export function replayFromSfens(sfens: readonly string[], moves: readonly string[], style: SfenStyle): { positions: Position[]; parsed: UsiMove[] } {
  const positions = sfens.map((s) => parseSfen(s, style));
  const parsed = moves.map((m, i) => parseUsi(positions[i]!, m));
  return { positions, parsed };
}

/** The squares to mark as the last move. */
export function moveSquares(m: UsiMove): number[] {
  if (m.kind === 'drop') return [m.to];
  const s = [m.from, m.to];
  if (m.mid !== null) s.push(m.mid);
  return s.concat(m.kills);
}
