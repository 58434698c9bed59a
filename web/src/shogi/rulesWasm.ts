// Kirin's rules in this page: src/wasm/rules_main.cpp, the server's own rules and notation
// compiled to WebAssembly (`make wasm` puts kirin-rules.js and .wasm in ./wasm/; the web build
// gives them hashed names). It answers what POST /api/positions answers, at once and on this
// thread, so that a board asks the server nothing per click. Loaded on first use only (the pages
// with a board that need legal moves); where it cannot load (not built, an old browser, a
// failed download) the same question goes to the server, so the pages work either way.
import { api, ApiError } from '../api/client';
import type { AnalysisRequest, ApiErrorBody, PositionMoves } from '../api/types';
import { replay, replayFromSfens } from './replay';
import type { Position, SfenStyle } from './sfen';
import type { UsiMove } from './usi';

/** The fields of POST /api/positions; `sfens`: the answer also lists the SFEN of each position
 * from the start (sfens[i]: after i moves; the module only). */
export interface RulesRequest extends Pick<AnalysisRequest, 'variant' | 'sfen' | 'moves' | 'profile' | 'options' | 'drops' | 'handicap'> {
  sfens?: boolean;
}
export interface RulesAnswer extends PositionMoves {
  sfens?: string[];
}

/** The module as Emscripten makes it (only what is used here). */
export interface RulesModule {
  ccall(name: 'kirin_rules_position', ret: 'string', args: ['string'], values: [string]): string;
}

// The built files, if any: {'./wasm/kirin-rules.js': '/assets/kirin-rules-HASH.js', ...}.
const files = import.meta.glob('./wasm/kirin-rules.*', { query: '?url', import: 'default', eager: true }) as Record<string, string>;
const LOAD_TIMEOUT_MS = 15000;

let loading: Promise<RulesModule | null> | null = null;
let loaded: RulesModule | null = null;

/** The module, loaded once; null where it cannot be (then the server answers). */
export function loadRules(): Promise<RulesModule | null> {
  loading ??= load().then((m) => (loaded = m), (e: unknown) => {
    console.info('the rules module did not load; the server answers instead:', e);
    return null;
  });
  return loading;
}

/** The module if it has loaded already (no waiting). */
export function loadedRules(): RulesModule | null {
  return loaded;
}

/** The module to use from now on (null: none, the server answers): a module that trapped is
 * dropped so, and tests set their own. */
export function useRulesModule(m: RulesModule | null): void {
  loaded = m;
  loading = Promise.resolve(m);
}

async function load(): Promise<RulesModule | null> {
  const js = files['./wasm/kirin-rules.js'];
  const wasm = files['./wasm/kirin-rules.wasm'];
  if (!js || !wasm || typeof WebAssembly !== 'object' || typeof document === 'undefined') return null;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = js;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`cannot load ${js}`));
    document.head.append(script);
  });
  const factory = (globalThis as unknown as { KirinRules?: (init: object) => Promise<RulesModule> }).KirinRules;
  if (!factory) throw new Error('the rules script defined no KirinRules');
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('the rules module took too long to start')), LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([factory({
      locateFile: (path: string) => (path.endsWith('.wasm') ? wasm : path),
      print: () => undefined,
      printErr: () => undefined,
    }), timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** The module's answer, or its error as the server's (ApiError: same code, message, field and
 * offset, and the status the server would answer with). */
export function askRules(m: RulesModule, req: RulesRequest): RulesAnswer {
  let text: string;
  try {
    text = m.ccall('kirin_rules_position', 'string', ['string'], [JSON.stringify(req)]);
  } catch (e) {
    // A trap (a bug, memory exhausted) leaves the module unusable: the server answers from now on.
    if (loaded === m) useRulesModule(null);
    throw e;
  }
  const answer = JSON.parse(text) as RulesAnswer | ApiErrorBody;
  if ('error' in answer) {
    const e = answer.error;
    throw new ApiError(e.code === 'bad_request' ? 400 : 422, e.code, e.message, e.field, e.offset);
  }
  return answer;
}

/** What may follow a position (POST /api/positions' answer): from the rules in this page, else
 * from the server (without `sfens` then). */
export async function positionMoves(req: RulesRequest): Promise<RulesAnswer> {
  const m = await loadRules();
  if (m) {
    try {
      return askRules(m, req);
    } catch (e) {
      if (e instanceof ApiError) throw e; // the rules' answer: the server's would be the same
      console.warn('the rules module failed; the server answers instead:', e);
    }
  }
  const { sfens: _, ...serverRequest } = req;
  return api.position(serverRequest);
}

/** A line's positions (the start, then after each move) and its moves: the rules' own where the
 * module has loaded (no waiting: a page that wants them loads it first), else the page's
 * replay() from `start`, as also where the module refuses the line (the page shows what it can). */
export function replayLine(req: RulesRequest & { moves: string[] }, start: Position, drops: boolean, style: SfenStyle): { positions: Position[]; parsed: UsiMove[] } {
  if (loaded) {
    try {
      const { sfens } = askRules(loaded, { ...req, sfens: true });
      if (sfens) return replayFromSfens(sfens, req.moves, style);
    } catch (e) {
      console.warn('the rules module cannot replay the line:', e);
    }
  }
  return replay(start, req.moves, drops);
}
