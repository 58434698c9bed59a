// Texts the server writes in both languages from a game's definition (GET /api/variants/{id}):
// each piece's `moves_text` and each rule set's `rules_text`, as {en, ja}; a profile lists
// the pieces whose sentence it changes. Shown in the language of the page.
import type { VariantDetail, VariantPiece, VariantProfile } from './api/types';
import { lang } from './i18n';

export interface Words {
  en: string;
  ja: string;
}

function wordsOf(x: unknown): Words | null {
  if (!x || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  return typeof o.en === 'string' && typeof o.ja === 'string' ? { en: o.en, ja: o.ja } : null;
}

/** The words in the page's language ("" when there are none). */
export function inPageLanguage(w: Words | null): string {
  return w ? w[lang()] || w.en : '';
}

export function profileOf(detail: VariantDetail, name: string | null | undefined): VariantProfile | null {
  const profiles = detail.profiles ?? [];
  return profiles.find((p) => p.name === name) ?? profiles.find((p) => p.name === detail.default_profile) ?? null;
}

/** How a piece moves under a profile (its own sentence if the profile changes it). */
export function pieceMovesText(piece: VariantPiece, profile: VariantProfile | null): Words | null {
  const changed = (profile as (VariantProfile & { moves_text?: Record<string, unknown> }) | null)?.moves_text;
  return wordsOf(changed?.[piece.token]) ?? wordsOf(piece.moves_text);
}

/** The rules of a profile, one sentence each (the game's own rules when it has no profiles). */
export function rulesText(detail: VariantDetail, profile: VariantProfile | null): Words[] {
  const list = (profile as (VariantProfile & { rules_text?: unknown }) | null)?.rules_text ?? detail.rules_text;
  return Array.isArray(list) ? list.map(wordsOf).filter((w): w is Words => w !== null) : [];
}
