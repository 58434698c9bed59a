// The HTTP JSON API (docs/API.md): one function per route, typed answers, and one error type
// carrying the server's message, so that pages can show it as it is.
import type {
  AcceptResponse, AnalysisRequest, ApiErrorBody, Challenge, ChallengeList, Comment, GameList,
  ClosedAccount, Forecast, GameQuery, GameSummary, GameView, ImportedGame, ImportRequest, Leaderboard,
  LoginResponse, MeResponse, Message, MessagePage, MoveResponse, NewChallenge, PositionMoves, Preferences,
  Profile, User, VariantDetail, VariantSummary, ProblemCollection, ProblemDetail, AttemptAnswer, MateRequest,
  MateAnswer, AuditEntry, Block, ModAction, ModUser, NewReport, Removable, Report, Role,
} from './types';
import { t } from '../i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'kirin.token';
const USER_KEY = 'kirin.user';

let token: string | null = localStorage.getItem(TOKEN_KEY);

export function getToken(): string | null {
  return token;
}

export function savedUserName(): string | null {
  return token ? localStorage.getItem(USER_KEY) : null;
}

export function setSession(t: string | null, name: string | null): void {
  token = t;
  if (t && name) {
    localStorage.setItem(TOKEN_KEY, t);
    localStorage.setItem(USER_KEY, name);
  } else {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  }
}

/** Listeners told when the server says the token is no longer valid. */
const unauthorizedListeners: Array<() => void> = [];
export function onUnauthorized(f: () => void): void {
  unauthorizedListeners.push(f);
}
/** The server refused the token (a 401, or the WebSocket closed with 1008 "logged out"). */
export function tokenRefused(): void {
  if (token) unauthorizedListeners.forEach((f) => f());
}

/** One request to the API; the answer as T, or an ApiError (api/tournaments.ts uses it too). */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network', t('ui.unreachable'));
  }
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      if (!res.ok) throw new ApiError(res.status, 'http', `${res.status} ${res.statusText}`);
      throw new ApiError(res.status, 'bad_response', t('ui.notJson'));
    }
  }
  if (!res.ok) {
    const err = (json as ApiErrorBody | undefined)?.error;
    if (res.status === 401 && path !== '/api/login') tokenRefused();
    throw new ApiError(res.status, err?.code ?? 'http', err?.message ?? `${res.status} ${res.statusText}`, err?.field, err?.offset);
  }
  return json as T;
}

const enc = encodeURIComponent;

export const api = {
  signup: (name: string, email: string, password: string) =>
    request<LoginResponse>('POST', '/api/signup', { name, email, password }),
  login: (name: string, password: string) => request<LoginResponse>('POST', '/api/login', { name, password }),
  logout: () => request<{ ok: boolean }>('POST', '/api/logout'),
  me: () => request<MeResponse>('GET', '/api/me'),
  setPreferences: (p: Partial<Preferences>) => request<Preferences>('PUT', '/api/me/preferences', p),
  changePassword: (oldPassword: string, newPassword: string) =>
    request<{ ok: boolean }>('POST', '/api/account/password', { old_password: oldPassword, new_password: newPassword }),
  changeEmail: (password: string, email: string) => request<{ user: User }>('POST', '/api/account/email', { password, email }),
  closeAccount: (password: string) => request<ClosedAccount>('POST', '/api/account/close', { password }),

  messages: (before?: number, box: 'inbox' | 'sent' = 'inbox') => {
    const q = new URLSearchParams();
    if (box === 'sent') q.set('box', 'sent');
    if (before) q.set('before', String(before));
    const s = q.toString();
    return request<MessagePage>('GET', `/api/messages${s ? `?${s}` : ''}`);
  },
  unreadMessages: () => request<{ unread: number }>('GET', '/api/messages/unread'),
  readMessage: (id: number) => request<Message>('GET', `/api/messages/${id}`),
  sendMessage: (to: string[], text: string) => request<{ messages: Message[] }>('POST', '/api/messages', { to, text }),

  variants: async (): Promise<VariantSummary[]> => {
    const r = await request<VariantSummary[] | { variants: VariantSummary[] }>('GET', '/api/variants');
    return Array.isArray(r) ? r : r.variants;
  },
  variant: async (id: string): Promise<VariantDetail> => {
    const r = await request<VariantDetail & { variant?: VariantDetail }>('GET', `/api/variants/${enc(id)}`);
    return r.variant ?? r;
  },

  challenges: () => request<ChallengeList>('GET', '/api/challenges'),
  challenge: (id: number) => request<Challenge>('GET', `/api/challenges/${id}`),
  createChallenge: (c: NewChallenge) => request<Challenge>('POST', '/api/challenges', c),
  acceptChallenge: (id: number) => request<AcceptResponse>('POST', `/api/challenges/${id}/accept`),
  declineChallenge: (id: number) => request<Challenge>('POST', `/api/challenges/${id}/decline`),
  cancelChallenge: (id: number) => request<Challenge>('POST', `/api/challenges/${id}/cancel`),

  games: (q: GameQuery = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
    const query = params.toString();
    return request<GameList>('GET', `/api/games${query ? `?${query}` : ''}`);
  },
  position: (req: AnalysisRequest) => request<PositionMoves>('POST', '/api/positions', req),
  problems: async () => (await request<{ collections: ProblemCollection[] }>('GET', '/api/problems')).collections,
  problem: (collection: string, name: string) => request<ProblemDetail>('GET', `/api/problems/${enc(collection)}/${enc(name)}`),
  problemSolution: (collection: string, name: string) =>
    request<ProblemDetail>('GET', `/api/problems/${enc(collection)}/${enc(name)}/solution`),
  attemptProblem: (collection: string, name: string, moves: string[]) =>
    request<AttemptAnswer>('POST', `/api/problems/${enc(collection)}/${enc(name)}/attempt`, { moves }),
  checkProblem: (collection: string, name: string, moves: string[]) =>
    request<AttemptAnswer>('POST', `/api/problems/${enc(collection)}/${enc(name)}/check`, { moves }),
  findMate: (req: MateRequest) => request<MateAnswer>('POST', '/api/mate', req),
  activeGames: (limit = 30) => request<GameList>('GET', `/api/games?status=active&limit=${limit}`),
  game: (id: number) => request<GameView>('GET', `/api/games/${id}`),
  move: (id: number, move: string, expectedPly: number) =>
    request<MoveResponse>('POST', `/api/games/${id}/moves`, { move, expected_ply: expectedPly }),
  resign: (id: number) => request<GameSummary>('POST', `/api/games/${id}/resign`),
  abort: (id: number) => request<GameSummary>('POST', `/api/games/${id}/abort`),
  berserk: (id: number) => request<GameView>('POST', `/api/games/${id}/berserk`),
  offerDraw: (id: number) => request<GameSummary>('POST', `/api/games/${id}/draw/offer`),
  acceptDraw: (id: number) => request<GameSummary>('POST', `/api/games/${id}/draw/accept`),
  declineDraw: (id: number) => request<GameSummary>('POST', `/api/games/${id}/draw/decline`),
  takeback: (id: number) => request<GameSummary>('POST', `/api/games/${id}/takeback`),
  acceptTakeback: (id: number) => request<GameSummary>('POST', `/api/games/${id}/takeback/accept`),
  declineTakeback: (id: number) => request<GameSummary>('POST', `/api/games/${id}/takeback/decline`),
  forecast: (id: number) => request<Forecast>('GET', `/api/games/${id}/forecast`),
  setForecast: (id: number, lines: string[][]) => request<Forecast>('PUT', `/api/games/${id}/forecast`, { lines }),
  adjourn: (id: number, move: string) => request<GameSummary>('POST', `/api/games/${id}/adjourn`, { move }),
  resume: (id: number) => request<MoveResponse>('POST', `/api/games/${id}/resume`),
  comments: (id: number) => request<{ comments: Comment[] }>('GET', `/api/games/${id}/comments`),
  comment: (id: number, text: string) => request<Comment>('POST', `/api/games/${id}/comments`, { text }),
  leaderboards: () => request<{ games: Leaderboard[] }>('GET', '/api/leaderboard'),
  leaderboard: (game: string, limit = 50, provisional = false) =>
    request<Leaderboard>('GET', `/api/leaderboard/${enc(game)}?limit=${limit}${provisional ? '&provisional=true' : ''}`),
  profile: (name: string) => request<Profile>('GET', `/api/users/${enc(name)}`),
  chat: (id: number) => request<{ chat: Comment[] }>('GET', `/api/games/${id}/chat`),
  say: (id: number, text: string) => request<Comment>('POST', `/api/games/${id}/chat`, { text }),
  recordUrl: (id: number, format: 'usi' | 'kif' | 'gamecourier') => `/api/games/${id}/record?format=${format}`,

  importRecord: (r: ImportRequest) => request<ImportedGame>('POST', '/api/import', r),
  importedGame: (id: number) => request<ImportedGame>('GET', `/api/imports/${id}`),
  myImports: () => request<{ imports: ImportedGame[] }>('GET', '/api/imports'),

  // Moderation: players protect themselves; moderators and admins act (docs/API.md).
  block: (name: string) => request<unknown>('POST', `/api/users/${enc(name)}/block`),
  unblock: (name: string) => request<unknown>('DELETE', `/api/users/${enc(name)}/block`),
  blocks: () => request<{ blocks: Block[] }>('GET', '/api/me/blocks'),
  report: (r: NewReport) => request<{ id: number }>('POST', '/api/reports', r),
  /** Open reports oldest first (`from`: after that id), closed ones newest first (before it). */
  modReports: (status: 'open' | 'closed', from?: number, limit?: number) =>
    request<{ reports: Report[] }>('GET', `/api/mod/reports?status=${status}${from ? `&${status === 'open' ? 'after' : 'before'}=${from}` : ''}${limit ? `&limit=${limit}` : ''}`),
  closeReport: (id: number, resolution: string) => request<unknown>('POST', `/api/mod/reports/${id}/close`, { resolution }),
  modUser: (name: string) => request<ModUser>('GET', `/api/mod/users/${enc(name)}`),
  modAct: (name: string, action: ModAction, reason: string, hours?: number) =>
    request<unknown>('POST', `/api/mod/users/${enc(name)}/${action}`, hours === undefined ? { reason } : { reason, hours }),
  modRemove: (kind: Removable, id: number, reason: string) => request<unknown>('POST', `/api/mod/${kind}/${id}/remove`, { reason }),
  auditLog: (q: { user?: string; before?: number; limit?: number }) => {
    const params = new URLSearchParams();
    if (q.user) params.set('user', q.user);
    if (q.before) params.set('before', String(q.before));
    if (q.limit) params.set('limit', String(q.limit));
    const query = params.toString();
    return request<{ entries: AuditEntry[] }>('GET', `/api/admin/log${query ? `?${query}` : ''}`);
  },
  setRole: (name: string, role: Role, reason: string) => request<unknown>('POST', `/api/admin/users/${enc(name)}/role`, { role, reason }),
};

/** A message for people from anything thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
