// Every JSON shape the Kirin server sends or accepts (docs/API.md). One file, so that a
// change of the server's API is one change here.

export type Color = 'black' | 'white';

export interface UserRef {
  id: number;
  name: string;
}

export interface User extends UserRef {
  email: string;
  created: number;
}

export interface Preferences {
  board_style: 'standard' | 'alternate' | 'small';
  flip: boolean;
  /** Free-form on the server; the UI uses `kanji` (one character), `kanji2`, `western`. */
  piece_set: string;
  /** Mail when it is your move in a correspondence game. */
  turn_mail: boolean;
  /** Whether other players may send you private messages, and whether each is mailed too. */
  accept_messages: boolean;
  message_mail: boolean;
}

export interface LoginResponse {
  token: string;
  expires: number;
  user: User;
}

export interface MeResponse {
  user: User;
  preferences: Preferences;
  unread_messages: number;
}

/** A private message between players. */
export interface Message {
  id: number;
  from: string;
  to: string;
  text: string;
  at: number;
  /** When its recipient read it; null while unread. */
  read: number | null;
}

export interface MessagePage {
  messages: Message[];
  more: boolean;
  unread: number;
}

export interface ClosedAccount {
  closed: boolean;
  challenges_withdrawn: number;
  games_aborted: number;
  games_resigned: number;
}

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; offset?: number };
}

// ---- variants ----

export interface VariantSummary {
  id: string;
  name: string;
  /** The name on Japanese pages, where the game has one. */
  name_ja?: string | null;
  aliases: string[];
  files: number;
  ranks: number;
  [key: string]: unknown;
}

export interface VariantProfile {
  name: string;
  settings: Record<string, unknown> | string;
  /** Whether the profile's rules have drops, and its SFEN fields. */
  drops?: boolean;
  sfen_fields?: string[];
}

export interface VariantOption {
  name: string;
  type: string; // bool | int | enum | ...
  default: unknown;
  values?: string[];
  description?: string;
}

export interface VariantHandicap {
  name: string;
  description?: string;
  sfen?: string;
}

/** A piece's mnemonic move diagram; the server's exact shape is read leniently (render/diagram.ts). */
export type PieceDiagram = Record<string, unknown> | string[] | string;

export interface VariantPiece {
  /** The piece's SFEN token as White writes it (lower case): `n`, `+o`, `a'`. */
  token: string;
  name: string;
  kanji?: string;
  abbrev?: string;
  betza?: string;
  royal?: boolean;
  promotes_to?: string | null;
  promoted?: boolean;
  /** The token it goes to hand as when captured (drop games). */
  in_hand_as?: string | null;
  diagram?: PieceDiagram;
  /** The piece's move in words, per language. */
  moves_text?: { en: string; ja: string };
  [key: string]: unknown;
}

export interface VariantDetail extends VariantSummary {
  zone_ranks?: number;
  setup_sfen?: string;
  sfen_style?: string;
  sfen_fields?: string[];
  drops?: boolean;
  default_profile?: string;
  profiles?: VariantProfile[];
  options?: VariantOption[];
  handicaps?: VariantHandicap[];
  pieces?: VariantPiece[];
}

// ---- challenges and games ----

export interface GameSetup {
  game: string;
  profile: string;
  options: Array<[string, unknown]> | Record<string, unknown>;
  drops: boolean | null;
  handicap: string;
  sfen: string;
  /** The computer opponent's strength, 1 to 8; 0: the server's default. */
  level?: number;
}

export interface TimeControl {
  kind: 'none' | 'live' | 'correspondence';
  text: string;
  main_ms?: number;
  byoyomi_ms?: number;
  increment_ms?: number;
  days_per_move?: number;
}

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled';

export interface Challenge {
  id: number;
  status: ChallengeStatus;
  created: number;
  game: number | null;
  challenger: UserRef;
  opponent: UserRef | null;
  color: Color | 'random';
  setup: GameSetup;
  time_control: TimeControl;
  /** The game this challenge offers to play again. */
  rematch_of?: number | null;
}

export interface ChallengeList {
  open: Challenge[];
  incoming?: Challenge[];
  outgoing?: Challenge[];
}

export type OptionValue = string | boolean | number;

export interface NewChallenge {
  opponent?: string;
  game?: string;
  profile?: string;
  /** Applied in name order as an object, in the order given as pairs. */
  options?: Record<string, OptionValue> | Array<[string, OptionValue]>;
  drops?: boolean;
  handicap?: string;
  sfen?: string;
  color?: Color | 'random';
  time_control?: string;
  /** Against the computer: its strength, 1 (weakest) to 8. */
  level?: number;
  /** A rematch of this finished or aborted game (to its other player). */
  rematch_of?: number;
}

export interface AcceptResponse {
  game: number;
  challenge: Challenge;
}

export type GameStatus = 'active' | 'adjourned' | 'finished' | 'aborted';
/** 'none': an aborted game. */
export type GameResult = 'ongoing' | 'black' | 'white' | 'draw' | 'none';

export interface MoveRecord {
  ply: number;
  usi: string;
  time_used_ms?: number;
  at?: number;
}

export interface Comment {
  id: number;
  ply: number;
  user: UserRef;
  text: string;
  at: number;
}

export interface Clock {
  black_ms: number;
  white_ms: number;
  /** Whose clock runs: none before both sides have made their first move (live games). */
  running?: Color | null;
  deadline: number | null;
  /** When the game is aborted unless the side to move makes its first move. */
  abort_at?: number | null;
  now: number;
}

export interface GameSummary {
  id: number;
  game_name?: string;
  setup: GameSetup;
  black: UserRef;
  white: UserRef;
  time_control: TimeControl;
  status: GameStatus;
  result: GameResult;
  reason: string;
  result_text: string;
  ply: number;
  version?: number;
  to_move: Color;
  draw_offer: Color | null;
  sealed: { by: number; at: number; usi?: string } | null;
  created: number;
  updated: number;
}

/** Richer legal-move data (optional: the UI works from the USI strings alone). */
export interface LegalMoveDetail {
  usi: string;
  from?: string | null;
  path?: string[];
  to?: string;
  promotion?: boolean;
  drop?: string | null;
  captured?: string[];
}

export interface GameView extends GameSummary {
  start_sfen: string;
  sfen: string;
  moves: MoveRecord[];
  comments: Comment[]; // the latest 100
  comments_total: number;
  legal_moves: string[];
  /** Other pieces' spellings of an igui or pass in legal_moves (the same position). */
  other_spellings?: string[];
  legal_move_details?: LegalMoveDetail[];
  clock: Clock;
  /** Squares of royals in check, if the server says (else the UI does without). */
  check?: string[];
  /** The latest offer to play this game again, once it is over. */
  rematch?: Challenge | null;
}

export interface GameList {
  games: GameSummary[];
  /** The `before` of the next page; null on the last. */
  next_before?: number | null;
}

/** GET /api/games's filters. */
export interface GameQuery {
  player?: string;
  game?: string;
  status?: 'active' | 'adjourned' | 'current' | 'finished' | 'aborted';
  result?: 'black' | 'white' | 'draw';
  before?: number;
  limit?: number;
}

export interface MoveResponse {
  move: MoveRecord;
  game: GameSummary;
}

// ---- WebSocket ----

export type GameEventKind =
  | 'move'
  | 'clock'
  | 'comment'
  | 'draw_offer'
  | 'result'
  | 'adjourn'
  | 'challenge'
  | 'chat'
  | 'message';

export interface PushEvent {
  kind: GameEventKind;
  game?: number;
  ply?: number;
  text?: string;
  users?: string[];
  challenge?: number;
  /** Challenge events: who created, accepted, declined or cancelled it. */
  by?: string;
  /** Challenge events: the game a rematch offer is about. */
  rematch_of?: number;
  /** Message events: the message's id. */
  message?: number;
}

export interface AnalysisInfo {
  type: 'analysis';
  id: number;
  depth: number;
  seldepth?: number;
  /** Which line (1: the best) when the request asked for several (`multipv`). */
  multipv?: number;
  /** From the side to move's point of view. */
  score_cp?: number | null;
  mate?: number | null;
  bound?: 'exact' | 'lower' | 'upper';
  pv: string[];
  nodes?: number;
  nps?: number;
  time_ms?: number;
}

export interface AnalysisRequest {
  variant: string;
  sfen?: string;
  moves?: string[];
  profile?: string;
  options?: GameSetup['options'];
  drops?: boolean;
  handicap?: string;
  movetime?: number;
  depth?: number;
  /** Lines to search, 1 to 5. */
  multipv?: number;
}

/** POST /api/positions: what may follow a position that no stored game holds. */
export interface PositionMoves {
  variant: string;
  sfen: string;
  to_move: Color;
  legal_moves: string[];
  other_spellings: string[];
  check: string[];
  result: string | null;
}

export type AnalysisMessage =
  | AnalysisInfo
  | { type: 'analysis_started'; id: number; to_move?: Color; sfen?: string; movetime?: number }
  | { type: 'analysis_queued'; id: number; ahead: number }
  | { type: 'analysis_done'; id?: number; reason?: string; best_move?: string | null; result?: string; outcome?: { result: GameSummary['result']; reason: string } }
  | { type: 'error'; message: string };

export type ServerMessage =
  | { type: 'event'; topic: string; event: PushEvent }
  | { type: 'subscribed' | 'unsubscribed'; topic: string; id?: number }
  | { type: 'pong'; id?: number }
  | { type: 'error'; id?: number; error: { code: string; message: string } }
  // The analysis messages as the server sends them (its errors are the `error` above).
  | Exclude<AnalysisMessage, { type: 'error' }>;
