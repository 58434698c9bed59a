// Which engine a page gets: the user's choice (session.prefs.engine), the browser's by default;
// the server's when the browser engine is not built, cannot run here, or fails to start, with the
// reason for the page to say. Two browser engines at most, kept for the whole visit so that each
// loads once: one that searches (analysis, a game's review, a game against it: a page runs one
// of them at a time) and one that solves mates, so that "find a mate" does not stop the analysis.
import { t } from '../i18n';
import { session } from '../session';
import { BrowserEngine, browserEngineMissing, defaultHashMb } from './browserEngine';
import type { Engine } from './engine';
import { ServerEngine } from './serverEngine';

export type EnginePurpose = 'analysis' | 'mate' | 'review' | 'play';

export interface EngineChoice {
  engine: Engine;
  /** Why the browser engine is not used though the user chose it; null when it is used (or the
   * user chose the server's). */
  fallback: string | null;
}

const browserEngines = new Map<'search' | 'mate', BrowserEngine>();
let server: ServerEngine | null = null;
let broken: string | null = null; // why the browser engine failed to start, once it has

/** A mate solve in the browser runs on the user's own device: as long as the server allows at
 * most (MateOptions::max_movetime_ms). */
export const BROWSER_MATE_MOVETIME_MS = 10000;

/** How long a cold start may take before the server's engine is used instead. */
const START_TIMEOUT_MS = 15000;

export async function engineFor(purpose: EnginePurpose): Promise<EngineChoice> {
  server ??= new ServerEngine();
  if (session.prefs.engine === 'server') return { engine: server, fallback: null };
  const missing = broken ?? browserEngineMissing();
  if (missing) return { engine: server, fallback: t('engine.fallback', { reason: missing }) };
  const hashMb = session.prefs.engineMemory || defaultHashMb();
  const key = purpose === 'mate' ? 'mate' : 'search';
  let engine = browserEngines.get(key);
  if (engine && engine.hashMb !== hashMb) {
    engine.dispose();
    engine = undefined;
  }
  if (!engine) {
    engine = new BrowserEngine(hashMb);
    browserEngines.set(key, engine);
  }
  try {
    await Promise.race([engine.start(), new Promise((_, reject) => setTimeout(() => reject(new Error(t('engine.startTimeout'))), START_TIMEOUT_MS))]);
    return { engine, fallback: null };
  } catch (e) {
    broken = e instanceof Error ? e.message : String(e);
    engine.dispose();
    browserEngines.delete(key);
    return { engine: server, fallback: t('engine.fallback', { reason: broken }) };
  }
}
