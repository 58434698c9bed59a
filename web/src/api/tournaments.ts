// The tournaments of the HTTP API (docs/API.md, "Tournaments"): arenas, Swiss events and round
// robins, their standings, pairings and games. Typed as the server sends them.
import { request } from './client';
import type { GameList, GameSetup, TimeControl, UserRef } from './types';

export type TournamentKind = 'arena' | 'swiss' | 'robin';
export type TournamentStatus = 'created' | 'running' | 'finished' | 'cancelled';

/** A tournament as the list and every action answer give it. */
export interface Tournament {
  id: number;
  kind: TournamentKind;
  name: string;
  description: string;
  status: TournamentStatus;
  creator: UserRef;
  game: string;
  game_name: string;
  setup: GameSetup;
  rated: boolean;
  time_control: TimeControl;
  /** Arena: how long it lasts. */
  minutes: number;
  /** Swiss: how many rounds. */
  rounds: number;
  /** Round robin: every pair meets twice. */
  double: boolean;
  round_interval: number;
  /** Swiss and robin: the round being played (0 before the first). */
  round: number;
  /** When it starts by itself (ms); null: when its creator starts it. Times not set are null. */
  starts_at: number | null;
  started: number | null;
  finished: number | null;
  /** A running arena: when it ends (ms). */
  ends_at: number | null;
  /** Swiss, robin: when the next round is paired (a round_interval); null: when the round is over. */
  next_round_at: number | null;
  max_players: number;
  min_rating: number;
  min_rated_games: number;
  berserk: boolean;
  private: boolean;
  entries: number;
  computer: { entries: number; level: number };
}

export interface Standing {
  rank: number;
  user: UserRef;
  entry: number;
  /** 0: a person; n: the computer's n-th entry. */
  computer: number;
  score: number;
  buchholz: number;
  sonneborn_berger: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Arena: the points of each game, oldest first ("2 4 4 0"). */
  sheet?: string;
  /** Arena: on a winning streak (a win now counts double). */
  fire?: boolean;
  withdrawn: boolean;
  rating: number;
  playing: number | null;
}

export interface Pairing {
  round: number;
  game: number;
  black: number;
  /** null: a Swiss bye. */
  white: number | null;
  result: 'black' | 'white' | 'draw' | 'ongoing';
  counted: boolean;
  berserk_black: boolean;
  berserk_white: boolean;
}

export interface TournamentStats {
  games: number;
  black_wins: number;
  white_wins: number;
  draws: number;
  berserks: number;
  average_rating: number;
}

/** GET /api/tournaments/{id}: the event with a page of standings and everything else. */
export interface TournamentDetail extends Tournament {
  standings: Standing[];
  page: number;
  pages: number;
  /** Standings' rows on all pages. */
  entries: number;
  pairings: Pairing[];
  me: { entry: number; withdrawn: boolean } | null;
  my_game: number | null;
  rules: string;
  stats?: TournamentStats;
  podium?: Standing[];
}

export interface TournamentList {
  upcoming: Tournament[];
  running: Tournament[];
  finished: Tournament[];
}

/** POST /api/tournaments: what the creator chooses (the fields are named as the errors name them). */
export interface NewTournament {
  kind: TournamentKind;
  name?: string;
  description?: string;
  game: string;
  profile?: string;
  options?: Record<string, string | boolean | number>;
  drops?: boolean;
  rated: boolean;
  time_control: string;
  minutes?: number;
  rounds?: number;
  double?: boolean;
  round_interval?: number;
  starts_at?: number;
  max_players?: number;
  min_rating?: number;
  min_rated_games?: number;
  berserk?: boolean;
  password?: string;
  computer?: { entries: number; level: number };
}

/** What the server pushes on `tournament:ID`, and on a player's `user:NAME` when they are paired. */
export interface TournamentEvent {
  type?: string;
  kind?: string;
  tournament: number;
  what: 'joined' | 'withdrew' | 'started' | 'paired' | 'result' | 'round' | 'finished' | 'cancelled';
  game?: number;
}

export const tournamentApi = {
  list: (game?: string) => request<TournamentList>('GET', `/api/tournaments${game ? `?game=${encodeURIComponent(game)}` : ''}`),
  get: (id: number, page = 1) => request<TournamentDetail>('GET', `/api/tournaments/${id}${page > 1 ? `?page=${page}` : ''}`),
  create: (t: NewTournament) => request<Tournament>('POST', '/api/tournaments', t),
  join: (id: number, password?: string) =>
    request<{ entry: number; tournament: Tournament }>('POST', `/api/tournaments/${id}/join`, password ? { password } : {}),
  withdraw: (id: number) => request<Tournament>('POST', `/api/tournaments/${id}/withdraw`),
  start: (id: number) => request<Tournament>('POST', `/api/tournaments/${id}/start`),
  cancel: (id: number) => request<Tournament>('POST', `/api/tournaments/${id}/cancel`),
  games: (id: number, limit = 50) => request<GameList>('GET', `/api/tournaments/${id}/games?limit=${limit}`),
};
