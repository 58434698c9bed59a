// USI moves as Kirin writes them (src/notation/usi.cpp): squares are the file number counted
// from the right as Black sees the board, then the rank letter from the top (`a`). A move is
// two or three squares (`7g7f`, a Lion's two-step `7g6f5e`, igui `7g6f7g`, a pass `7g6f7g`
// through an empty square), further victims `x<square>` (burns, range captures, a second
// igui), then `+` to promote (`=` and `?` say "no"). A drop is the piece's SFEN letter (upper
// case, primes kept), `*` and the square: `P*5e`.

export type UsiMove =
  | { kind: 'drop'; usi: string; piece: string; to: number }
  | {
      kind: 'move';
      usi: string;
      from: number;
      /** The second square of a two-step move, or null. */
      mid: number | null;
      to: number;
      kills: number[];
      promote: boolean;
    };

export interface BoardSize {
  files: number;
  ranks: number;
}

export function squareIndex(size: BoardSize, file: number, rankLetter: string): number {
  const row = rankLetter.charCodeAt(0) - 97;
  const col = size.files - file;
  return row * size.files + col;
}

export function squareName(size: BoardSize, index: number): string {
  const row = Math.floor(index / size.files);
  const col = index % size.files;
  return `${size.files - col}${String.fromCharCode(97 + row)}`;
}

export function parseSquare(size: BoardSize, text: string): number | null {
  const m = /^(\d{1,2})([a-z])$/.exec(text);
  if (!m) return null;
  const file = Number(m[1]);
  const row = m[2]!.charCodeAt(0) - 97;
  if (file < 1 || file > size.files || row >= size.ranks) return null;
  return squareIndex(size, file, m[2]!);
}

export class UsiError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'UsiError';
  }
}

export function parseUsi(size: BoardSize, text: string): UsiMove {
  const star = text.indexOf('*');
  if (star >= 0) {
    if (star === 0) throw new UsiError('a drop starts with the piece letter', 0);
    const piece = text.slice(0, star).toLowerCase();
    const to = parseSquare(size, text.slice(star + 1));
    if (to === null) throw new UsiError("expected a square after '*'", star + 1);
    return { kind: 'drop', usi: text, piece, to };
  }
  const re = /(\d{1,2})([a-z])/y;
  const squares: number[] = [];
  let i = 0;
  while (squares.length < 3) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) break;
    const sq = parseSquare(size, m[0]);
    if (sq === null) throw new UsiError(`'${m[0]}' is not a square of the ${size.files}x${size.ranks} board`, i);
    squares.push(sq);
    i = re.lastIndex;
  }
  if (squares.length < 2) throw new UsiError('expected a move such as 7g7f, 8h8c+ or 7g6f5e', i);
  const kills: number[] = [];
  while (text[i] === 'x') {
    re.lastIndex = i + 1;
    const m = re.exec(text);
    const sq = m ? parseSquare(size, m[0]) : null;
    if (!m || sq === null) throw new UsiError("expected a square after 'x'", i + 1);
    kills.push(sq);
    i = re.lastIndex;
  }
  let promote = false;
  if (text[i] === '+' || text[i] === '=' || text[i] === '?') {
    promote = text[i] === '+';
    i++;
  }
  if (i !== text.length) throw new UsiError(`unexpected '${text.slice(i)}'`, i);
  return {
    kind: 'move',
    usi: text,
    from: squares[0]!,
    mid: squares.length === 3 ? squares[1]! : null,
    to: squares[squares.length - 1]!,
    kills,
    promote,
  };
}

/** Parses every move of a list, skipping (and reporting) any it cannot read. */
export function parseUsiList(size: BoardSize, moves: readonly string[]): UsiMove[] {
  const out: UsiMove[] = [];
  for (const m of moves) {
    try {
      out.push(parseUsi(size, m));
    } catch (e) {
      console.warn(`unreadable legal move '${m}':`, (e as Error).message);
    }
  }
  return out;
}

/** The squares a move's entry clicks through after its start: the legs, then the victims. */
export function legSquares(m: UsiMove): number[] {
  if (m.kind === 'drop') return [m.to];
  return m.mid !== null ? [m.mid, m.to] : [m.to];
}
