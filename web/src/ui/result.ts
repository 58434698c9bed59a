// A game's result for people, in the page's language, from its structured fields (`result`,
// `reason`); the server's own sentence (`result_text`, English) only for a reason the
// catalogue does not know.
import type { GameSummary } from '../api/types';
import { t, type MessageKey } from '../i18n';

// The reason words of docs/API.md (src/server/domain/results.*), each with its message.
const REASONS = new Set([
  'resignation', 'timeout', 'agreement', 'checkmate', 'royals-captured', 'bare-king', 'no-legal-moves',
  'repetition', 'perpetual-attack', 'impasse', 'insufficient-material', 'ply-limit',
]);

export function resultText(g: Pick<GameSummary, 'status' | 'result' | 'reason' | 'result_text'>): string {
  if (g.status === 'aborted') return t(g.reason === 'no-first-move' ? 'match.abortedNoMove' : 'match.aborted');
  if (g.result !== 'black' && g.result !== 'white' && g.result !== 'draw') return g.result_text;
  const who = t(`result.${g.result}`);
  if (!g.reason) return who;
  return REASONS.has(g.reason) ? t(`result.${g.reason}` as MessageKey, { who }) : g.result_text;
}
