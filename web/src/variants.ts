// The games the server knows (GET /api/variants and /api/variants/{id}), fetched once.
import { api, ApiError } from './api/client';
import type { AnalysisRequest, GameSetup, VariantDetail, VariantSummary } from './api/types';
import { lang } from './i18n';
import { PieceCatalog } from './render/pieces';
import { setInHandAs, setRoyalTokens } from './shogi/replay';

let list: Promise<VariantSummary[]> | null = null;

/** A game's name in the page's language. */
export function gameName(v: Pick<VariantSummary, 'name' | 'name_ja'>): string {
  return lang() === 'ja' && v.name_ja ? v.name_ja : v.name;
}
const details = new Map<string, Promise<VariantDetail | null>>();

export function variantList(): Promise<VariantSummary[]> {
  list ??= api.variants().catch((e: unknown) => {
    list = null; // try again next time
    throw e;
  });
  return list;
}

/** The game's details, or null if the server cannot say (the board then shows SFEN letters). */
export function variantDetail(id: string): Promise<VariantDetail | null> {
  let d = details.get(id);
  if (!d) {
    d = api.variant(id).catch((e: unknown) => {
      details.delete(id);
      if (e instanceof ApiError && (e.status === 404 || e.status === 0)) return null;
      throw e;
    });
    details.set(id, d);
  }
  return d;
}

export async function catalogFor(id: string): Promise<{ detail: VariantDetail | null; catalog: PieceCatalog }> {
  const detail = await variantDetail(id).catch(() => null);
  const royals = (detail?.pieces ?? []).filter((p) => p.royal).map((p) => p.token.toLowerCase());
  if (royals.length) setRoyalTokens(royals);
  const inHand = new Map<string, string>();
  for (const p of detail?.pieces ?? []) if (typeof p.in_hand_as === 'string') inHand.set(p.token.toLowerCase(), p.in_hand_as.toLowerCase());
  setInHandAs(inHand);
  return { detail, catalog: new PieceCatalog(detail) };
}

/** Whether the game is played with drops, from its setup and the game's defaults. */
export function hasDrops(setupDrops: boolean | null | undefined, options?: unknown, detail?: VariantDetail | null, profile?: string): boolean {
  if (typeof setupDrops === 'boolean') return setupDrops;
  const fromOptions = optionValue(options, 'drops');
  if (typeof fromOptions === 'boolean') return fromOptions;
  if (typeof fromOptions === 'string') return fromOptions === 'true';
  const byProfile = profile ? detail?.profiles?.find((p) => p.name === profile)?.drops : undefined;
  if (typeof byProfile === 'boolean') return byProfile;
  const declared = detail?.options?.find((o) => o.name === 'drops')?.default;
  if (typeof declared === 'boolean') return declared;
  return detail?.drops === true;
}

function optionValue(options: unknown, name: string): unknown {
  if (Array.isArray(options)) {
    for (const o of options) if (Array.isArray(o) && o[0] === name) return o[1];
    return undefined;
  }
  if (options && typeof options === 'object') return (options as Record<string, unknown>)[name];
  return undefined;
}

/** A game's rules as a position request carries them (its start SFEN already has any handicap). */
export function rulesOf(setup: GameSetup): Pick<AnalysisRequest, 'profile' | 'options' | 'drops'> {
  const rules: Pick<AnalysisRequest, 'profile' | 'options' | 'drops'> = {};
  if (setup.profile) rules.profile = setup.profile;
  if (setup.drops !== null) rules.drops = setup.drops;
  const opts = setup.options;
  if (Array.isArray(opts) ? opts.length : Object.keys(opts ?? {}).length) rules.options = opts;
  return rules;
}
