// SFEN as Kirin writes it (src/notation/sfen.cpp): the board (ranks from the top, files from
// the left, run lengths of empty squares with any number of digits, `+` before a promoted
// piece, primes after a letter: `a'`, promotion-deferral marks `~` `=` after a piece), the side
// to move, then either lishogi Chu's counter-strike square (and hands, with drops) or the hands
// (and the counter-strike square, in a shogi-style game with the Lion rules), then the move
// number. Upper case is Black.
import type { Color } from '../api/types';

export type SfenStyle = 'lishogi-chu' | 'shogi';

export interface BoardPiece {
  /** The piece's token as White writes it: lower case, with `+` and primes (`+o`, `a'`). */
  token: string;
  color: Color;
  /** Promotion-deferral marks (`~`, `=`), if any. */
  marks?: string;
}

export interface Hands {
  black: Map<string, number>;
  white: Map<string, number>;
}

export interface Position {
  files: number;
  ranks: number;
  /** Row-major from the top left as Black sees the board: index = row * files + col. */
  board: Array<BoardPiece | null>;
  side: Color;
  hands: Hands;
  counterStrike: string | null;
  moveNumber: number;
}

export class SfenError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'SfenError';
  }
}

const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isLetter = (c: string) => (c >= 'a' && c <= 'z') || isUpper(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

export function styleFor(variantId: string, declared?: string): SfenStyle {
  if (declared === 'lishogi-chu' || declared === 'shogi') return declared;
  return variantId === 'chu' ? 'lishogi-chu' : 'shogi';
}

/** Reads a piece token at text[i]: returns [token (lower case), colour, next index]. */
function readToken(text: string, i: number): [string, Color, number] | null {
  let token = '';
  if (text[i] === '+') {
    token = '+';
    i++;
  }
  const c = text[i];
  if (c === undefined || !isLetter(c)) return null;
  const color: Color = isUpper(c) ? 'black' : 'white';
  token += c.toLowerCase();
  i++;
  while (text[i] === "'") token += text[i++];
  return [token, color, i];
}

export function parseBoard(board: string): { files: number; ranks: number; squares: Array<BoardPiece | null> } {
  const rows = board.split('/');
  const parsed: Array<Array<BoardPiece | null>> = [];
  let offset = 0;
  for (const row of rows) {
    const cells: Array<BoardPiece | null> = [];
    let i = 0;
    while (i < row.length) {
      const c = row[i]!;
      if (isDigit(c)) {
        let n = 0;
        while (i < row.length && isDigit(row[i]!)) n = n * 10 + Number(row[i++]);
        if (n === 0) throw new SfenError('an empty-square count must be at least 1', offset + i);
        for (let k = 0; k < n; k++) cells.push(null);
        continue;
      }
      const t = readToken(row, i);
      if (!t) throw new SfenError(`unexpected character '${c}'`, offset + i);
      const [token, color, next] = t;
      i = next;
      let marks = '';
      while (row[i] === '~' || row[i] === '=') marks += row[i++];
      cells.push(marks ? { token, color, marks } : { token, color });
    }
    parsed.push(cells);
    offset += row.length + 1;
  }
  const files = parsed[0]?.length ?? 0;
  if (files === 0) throw new SfenError('empty board', 0);
  parsed.forEach((r, k) => {
    if (r.length !== files)
      throw new SfenError(`rank ${String.fromCharCode(97 + k)} has ${r.length} squares, expected ${files}`, 0);
  });
  return { files, ranks: parsed.length, squares: parsed.flat() };
}

export function parseHands(text: string): Hands {
  const hands: Hands = { black: new Map(), white: new Map() };
  if (text === '-') return hands;
  let i = 0;
  while (i < text.length) {
    let n = 0;
    const start = i;
    while (i < text.length && isDigit(text[i]!)) n = n * 10 + Number(text[i++]);
    if (i === start) n = 1;
    const t = readToken(text, i);
    if (!t || t[0].startsWith('+')) throw new SfenError(`expected a piece letter in the hands at ${i}`, i);
    const [token, color, next] = t;
    i = next;
    const h = hands[color];
    h.set(token, (h.get(token) ?? 0) + n);
  }
  return hands;
}

const SQUARE_RE = /^\d{1,2}[a-z]$/;

export function parseSfen(sfen: string, style: SfenStyle = 'shogi'): Position {
  const fields = sfen.trim().split(/\s+/);
  if (!fields[0]) throw new SfenError('empty SFEN', 0);
  const { files, ranks, squares } = parseBoard(fields[0]);
  const sideText = fields[1] ?? 'b';
  if (sideText !== 'b' && sideText !== 'w') throw new SfenError(`side to move must be 'b' or 'w', not '${sideText}'`, fields[0].length + 1);
  let hands: Hands = { black: new Map(), white: new Map() };
  let counterStrike: string | null = null;
  let numberField = 3;
  const third = fields[2];
  if (third !== undefined && fields.length > 3) {
    if (style === 'lishogi-chu') {
      counterStrike = third === '-' ? null : third;
      if (fields.length > 4) {
        hands = parseHands(fields[3]!);
        numberField = 4;
      }
    } else {
      hands = parseHands(third);
      if (fields.length > 4) {
        const cs = fields[3]!;
        counterStrike = SQUARE_RE.test(cs) ? cs : null;
        numberField = 4;
      }
    }
  } else if (third !== undefined) {
    // Three fields: board, side and one more; a square is a counter-strike square.
    if (style === 'lishogi-chu') counterStrike = third === '-' ? null : third;
    else hands = parseHands(third);
  }
  const moveNumber = Number(fields[numberField] ?? '1') || 1;
  return { files, ranks, board: squares, side: sideText === 'b' ? 'black' : 'white', hands, counterStrike, moveNumber };
}

export function tokenText(token: string, color: Color): string {
  if (color === 'white') return token;
  return token.replace(/[a-z]/, (c) => c.toUpperCase());
}

function handsText(hands: Hands): string {
  let out = '';
  for (const color of ['black', 'white'] as const) {
    for (const [token, n] of hands[color]) {
      if (n <= 0) continue;
      out += (n > 1 ? String(n) : '') + tokenText(token, color);
    }
  }
  return out || '-';
}

export function toSfen(pos: Position, style: SfenStyle = 'shogi', drops = false): string {
  const rows: string[] = [];
  for (let r = 0; r < pos.ranks; r++) {
    let row = '';
    let empty = 0;
    for (let c = 0; c < pos.files; c++) {
      const p = pos.board[r * pos.files + c];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += tokenText(p.token, p.color) + (p.marks ?? '');
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const side = pos.side === 'black' ? 'b' : 'w';
  const cs = pos.counterStrike ?? '-';
  const middle = style === 'lishogi-chu' ? (drops ? `${cs} ${handsText(pos.hands)}` : cs) : handsText(pos.hands);
  return `${rows.join('/')} ${side} ${middle} ${pos.moveNumber}`;
}

export function clonePosition(p: Position): Position {
  return {
    ...p,
    board: p.board.map((x) => (x ? { ...x } : null)),
    hands: { black: new Map(p.hands.black), white: new Map(p.hands.white) },
  };
}

/** The unpromoted token of a piece (`+o` → `o`). */
export function baseToken(token: string): string {
  return token.startsWith('+') ? token.slice(1) : token;
}

/** An SFEN with the fields a game's rules name, in their order (the server's `sfen_fields`:
 * board, side, hands, lion_square, move_number), whatever its style; pieces in hand where the
 * fields have no hands (Chu with drops, under an option) go before the move number, as the
 * server writes them then. */
export function toSfenFields(pos: Position, fields: readonly string[]): string {
  const held = [...pos.hands.black.values(), ...pos.hands.white.values()].some((n) => n > 0);
  if (held && !fields.includes('hands')) fields = [...fields.filter((f) => f !== 'move_number'), 'hands', 'move_number'];
  const board = toSfen(pos).split(' ')[0]!;
  const text: Record<string, string> = {
    board,
    side: pos.side === 'black' ? 'b' : 'w',
    hands: handsText(pos.hands),
    lion_square: pos.counterStrike ?? '-',
    move_number: String(pos.moveNumber),
  };
  return fields.map((f) => text[f] ?? '-').join(' ');
}

/** The SFEN with another side to move (`fields`: the game's SFEN fields, from its data). */
export function withSideToMove(sfen: string, side: Color, fields?: readonly string[]): string {
  const parts = sfen.trim().split(/\s+/);
  const at = fields?.indexOf('side') ?? -1;
  const index = at >= 0 ? at : 1;
  if (parts.length <= index) throw new Error(`the SFEN "${sfen}" has no side to move`);
  parts[index] = side === 'black' ? 'b' : 'w';
  return parts.join(' ');
}
