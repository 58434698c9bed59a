// A finished game's computer analysis (docs/API.md, "Computer analysis"): the evaluations of
// every position go up, the server's judgment comes back (kept for the game's players,
// reviewed for anyone else), so that every door shows the same marks.
import { ApiError, request } from './client';
import type { Color } from './types';

/** The engine's word on one position: a score from Black's view (cp, or mate in moves, + when
 * Black mates) and its line, the best move first. null: no evaluation (the game over there). */
export type PositionEval = { cp: number; pv: string[] } | { mate: number; pv: string[] } | null;

export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

export interface JudgedMove {
  ply: number;
  color: Color;
  usi: string;
  mark: Mark | null;
  glyph: '?!' | '?' | '??' | null;
  /** A mark for a mate: the opponent now mates, or the mover's mate is gone. */
  mate: 'mate_created' | 'mate_lost' | null;
  /** The engine's move before it, where that was not the move played. */
  best: string | null;
  loss: number | null;
  accuracy: number | null;
}

export interface PlayerReview {
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  moves: number;
  acpl: number | null;
  accuracy: number | null;
}

export interface GameAnalysis {
  game: number;
  nodes: number;
  stored: boolean;
  by: { id: number; name: string } | null;
  created_ms: number | null;
  scale: number;
  /** Each position's evaluation with `win`, Black's winning chances in percent. */
  positions: Array<{ cp: number | null; mate: number | null; pv: string[]; win: number } | null>;
  moves: JudgedMove[];
  players: Record<Color, PlayerReview>;
}

export interface AnalysisUpload {
  nodes: number;
  positions: PositionEval[];
}

/** The game's kept analysis, or null if it has none yet. */
export async function keptAnalysis(game: number): Promise<GameAnalysis | null> {
  try {
    return await request<GameAnalysis>('GET', `/api/games/${game}/analysis`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Keeps a player's analysis of their finished game (one a game). */
export function keepAnalysis(game: number, upload: AnalysisUpload): Promise<GameAnalysis> {
  return request<GameAnalysis>('PUT', `/api/games/${game}/analysis`, upload);
}

/** Judges anyone's analysis of a finished game without keeping it. */
export function reviewAnalysis(game: number, upload: AnalysisUpload): Promise<GameAnalysis> {
  return request<GameAnalysis>('POST', '/api/analysis/review', { game, ...upload });
}
