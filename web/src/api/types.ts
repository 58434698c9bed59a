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
  /** Moderation (docs/API.md): absent from older servers, which know players only. */
  role?: Role;
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
  /** The rule profile of each game a player's challenges are played under when they name
   *  none (game id -> profile); in a change, '' clears a game's. */
  profiles?: Record<string, string>;
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
  role?: Role;
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
  /** A moderator's warning (sent by the server in their name). */
  warning?: boolean;
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
  /** false: the challenge refused takebacks. */
  takebacks?: boolean;
}

export interface TimeControl {
  kind: 'none' | 'live' | 'correspondence';
  text: string;
  main_ms?: number;
  byoyomi_ms?: number;
  increment_ms?: number;
  /** Byoyomi periods (1 with a byoyomi, 0 without). */
  periods?: number;
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
  /** The result changes both players' ratings. */
  rated?: boolean;
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
  /** Byoyomi periods, 1 to 10 (the same as "... periods N" in time_control). */
  periods?: number;
  /** Against the computer: its strength, 1 (weakest) to 8. */
  level?: number;
  /** A rematch of this finished or aborted game (to its other player). */
  rematch_of?: number;
  /** Rated: both registered players, no handicap or start position, no rule options (any of
   *  the game's profiles). */
  rated?: boolean;
  /** false: no takebacks in the game. */
  takebacks?: boolean;
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
  /** Byoyomi periods each side has left, the running one counted. */
  black_periods?: number;
  white_periods?: number;
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
  /** The colour that asked to take back its last move, waiting for the answer. */
  takeback_offer?: Color | null;
  sealed: { by: number; at: number; usi?: string } | null;
  created: number;
  updated: number;
  rated?: boolean;
  /** The tournament that paired the game. */
  tournament?: number | null;
  /** An arena game: each player may berserk before their first move. */
  berserk_allowed?: boolean;
  berserk?: { black: boolean; white: boolean };
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
  /** The colour the computer plays in this game, or null (a game between people). */
  computer?: Color | null;
  /** Squares of royals in check, if the server says (else the UI does without). */
  check?: string[];
  /** The latest offer to play this game again, once it is over. */
  rematch?: Challenge | null;
  /** A finished game with a kept computer analysis (GET /api/games/{id}/analysis). */
  analysed?: boolean;
  /** A finished rated game's rating changes, by colour (lishogi's rating and ratingDiff). */
  ratings?: { black?: RatingChange; white?: RatingChange } | null;
}

// ---- ratings and players ----

/** What a rated game did to a player's rating (rounded; diff = after - before). */
export interface RatingChange {
  user: UserRef;
  game: string;
  game_id: number;
  before: number;
  before_provisional: boolean;
  after: number;
  diff: number;
  deviation: number;
  /** The rating after it is still provisional (shown with '?'). */
  provisional: boolean;
  at: number;
}

export interface Rating {
  user?: UserRef;
  game: string;
  game_name?: string;
  rating: number;
  deviation: number;
  volatility: number;
  provisional: boolean;
  games: number;
  last_played: number | null;
}

export interface Leaderboard {
  game: string;
  game_name: string;
  players: Rating[];
  /** The deviation a rating must fall to before it is on the board (110). */
  provisional_deviation?: number;
  /** With ?provisional=true: the provisional players, best first. */
  provisional?: Rating[];
}

export interface Standing {
  user?: UserRef;
  game: string;
  game_name?: string;
  wins: number;
  losses: number;
  draws: number;
  score: number;
  games: number;
}

export interface RatingPoint {
  at: number;
  /** The rating before this game (the first point's is where the player started). */
  before: number;
  rating: number;
  deviation: number;
  game_id: number;
}

export interface Profile {
  name: string;
  created: number;
  last_seen: number | null;
  /** Only when not a player. */
  role?: Role;
  banned?: boolean;
  /** With a session: whether the viewer blocks this player. */
  blocked?: boolean;
  ratings: Array<Rating & { history: RatingPoint[] }>;
  results: { wins: number; losses: number; draws: number; games: number };
  results_by_game: Standing[];
}

export interface GameList {
  games: GameSummary[];
  /** The `before` of the next page; null on the last. */
  next_before?: number | null;
}

/** A game record imported from a file (POST /api/import, GET /api/imports/{id}). */
export interface ImportedGame {
  /** 0 for a preview: read, not kept. */
  id: number;
  imported_by: { id: number; name: string };
  format: 'kif' | 'usi' | 'gamecourier';
  game: string;
  start_sfen: string;
  black: string;
  white: string;
  event: string;
  played_at: string;
  /** Canonical USI; absent in GET /api/imports's list, which gives `plies`. */
  moves?: string[];
  plies?: number;
  result: 'ongoing' | 'black' | 'white' | 'draw';
  ending: string;
  rated: false;
  created: number;
}

export interface ImportRequest {
  format: 'kif' | 'usi' | 'gamecourier';
  text: string;
  game?: string;
  preview?: boolean;
}

/** GET /api/games's filters. */
export interface GameQuery {
  player?: string;
  game?: string;
  status?: 'active' | 'adjourned' | 'current' | 'finished' | 'aborted';
  /** win and loss: the player's (with `player`). */
  result?: 'black' | 'white' | 'draw' | 'win' | 'loss';
  /** Games against this player (with `player`: between the two). */
  opponent?: string;
  rated?: boolean;
  before?: number;
  limit?: number;
}

export interface MoveResponse {
  move: MoveRecord;
  game: GameSummary;
}

/** A player's conditional moves in a correspondence game: lines of USI moves, each the
 * opponent's expected move, then the answer, and so on, from the position after `ply` moves. */
export interface Forecast {
  ply: number;
  lines: string[][];
}

// ---- WebSocket ----

export type GameEventKind =
  | 'move'
  | 'clock'
  | 'comment'
  | 'draw_offer'
  | 'takeback'
  | 'result'
  | 'adjourn'
  | 'challenge'
  | 'chat'
  | 'message'
  | 'removed';

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
  /** Removed events: the id of the comment, chat line or message (which: `text`) a moderator removed. */
  removed?: number;
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

// The problems room (GET /api/problems...) and "find a mate" (POST /api/mate).
export interface ProblemEntry {
  name: string;
  sfen: string;
  moves: number; // the published length, in the attacker's moves
  /** The mate Kirin proved, its proof at /api/problems/COLLECTION/NAME/proof; null: none. */
  proved: ProvedMate | null;
  attacker: 'black' | 'white';
}
export interface ProvedMate {
  moves: number;
  /** Proved the shortest; else a mate in at most `moves`. */
  shortest: boolean;
  positions: number;
}
export interface ProblemCollection {
  id: string;
  game: string;
  game_name: string;
  title: string;
  /** The title in Japanese ("" where the collection gives none). */
  title_ja: string;
  source: string;
  count: number;
  series: Array<{ series: string; problems: ProblemEntry[] }>;
}
export interface ProblemDetail extends ProblemEntry {
  collection: string;
  collection_title: string;
  collection_title_ja: string;
  source: string;
  series: string;
  game: string;
  game_name: string;
  solution?: string[];
}
export type MateLength = 'exact' | 'at_most' | 'unbounded';
export interface AttemptAnswer {
  /** unsolved: only from POST .../check, for the client to solve. */
  verdict: 'solved' | 'defended' | 'wrong' | 'unproved' | 'unsolved';
  reason: 'no-attack' | 'no-mate' | null;
  reply: string | null;
  refutation: string | null;
  mate_in: number | null;
  /** mate_in is proved the shortest (else at most). */
  mate_exact: boolean;
  /** What mate_in is proved to be (null along the book's line): see MateAnswer.length. */
  mate_length: MateLength | null;
  from_book: boolean;
  cached: boolean;
  nodes: number;
  time_ms: number;
}
export interface MateRequest extends AnalysisRequest {
  movetime_ms?: number;
}
export interface MateAnswer {
  status: 'mate' | 'no_mate' | 'unknown';
  mate_in: number | null;
  /** mate_in is proved the shortest (else at most). */
  exact: boolean;
  /** exact: the shortest; at_most: a bound; unbounded: the line's own length. */
  length: MateLength | null;
  line: string[];
  nodes: number;
  time_ms: number;
  movetime_ms: number;
  cached: boolean;
}

// Moderation (docs/API.md, "Moderation"): roles, blocks, reports, moderators' actions, the audit log.
export type Role = 'player' | 'moderator' | 'admin';
export type ReportReason = 'cheating' | 'abuse' | 'spam' | 'boosting' | 'other';

export interface Block {
  name: string;
  since: number;
}

export interface NewReport {
  user: string;
  reason: ReportReason;
  text: string;
  game?: number;
  comment?: number;
  message?: number;
  chat?: number;
}

export interface Report {
  id: number;
  by: UserRef;
  user: UserRef;
  reason: ReportReason;
  text: string;
  game: number | null;
  comment: number | null;
  chat: number | null;
  message: number | null;
  /** The reported comment, chat line or message; `removed` once a moderator removed it; a
   * comment's or chat line's `game` where the server says it. */
  excerpt: { text: string; removed: boolean; game?: number } | null;
  created: number;
  status: 'open' | 'closed';
  closed_by: UserRef | null;
  closed_at: number | null;
  resolution: string | null;
}

export interface AuditEntry {
  id: number;
  at: number;
  /** null: the shell (`kirin admin`). */
  by: UserRef | null;
  /** "warn", "mute 24h", "ban", "remove", "close-report", "role moderator", ... */
  action: string;
  user: UserRef | null;
  target: { kind: string; id: number } | null;
  reason: string;
}

export interface ModUser {
  id: number;
  name: string;
  role: Role;
  created: number;
  last_seen: number | null;
  closed: boolean;
  games: number;
  banned: boolean;
  muted: boolean;
  /** null while muted: until unmuted. */
  muted_until: number | null;
  reports: Report[];
  log: AuditEntry[];
}

/** What a moderator does to an account (POST /api/mod/users/{name}/ACTION). */
export type ModAction = 'warn' | 'mute' | 'unmute' | 'ban' | 'unban' | 'close-challenges' | 'unrate-games';
/** What a moderator removes (POST /api/mod/KIND/{id}/remove). */
export type Removable = 'comments' | 'chat' | 'messages';
