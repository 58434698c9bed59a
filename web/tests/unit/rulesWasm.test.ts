import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RulesModule } from '../../src/shogi/rulesWasm';

// The rules module as `make wasm` builds it (web/src/shogi/wasm), if it is there.
const wasmDir = join(__dirname, '../../src/shogi/wasm');
const built = existsSync(join(wasmDir, 'kirin-rules.wasm'));

async function realModule(): Promise<RulesModule> {
  // Emscripten's script, read as text (web/ is "type": "module", so node would not require it).
  const js = join(wasmDir, 'kirin-rules.js');
  const factory = new Function('module', 'exports', 'require', '__filename', '__dirname', `${readFileSync(js, 'utf8')}\nreturn KirinRules;`)(
    {}, {}, createRequire(import.meta.url), js, wasmDir) as (init: object) => Promise<RulesModule>;
  return factory({ wasmBinary: readFileSync(join(wasmDir, 'kirin-rules.wasm')) });
}

/** A module that answers `answer` (JSON) and records the requests. */
function fakeModule(answer: object): RulesModule & { asked: unknown[] } {
  const asked: unknown[] = [];
  return { asked, ccall: (_n, _r, _a, [text]) => (asked.push(JSON.parse(text)), JSON.stringify(answer)) };
}

describe('the rules in the page', () => {
  const fetches: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    fetches.length = 0;
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
    vi.stubGlobal('fetch', async (path: string) => {
      fetches.push(path);
      return new Response(JSON.stringify({ variant: 'shogi', sfen: 's', to_move: 'black', legal_moves: ['7g7f'], other_spellings: [], check: [], result: null }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers from the module, asking the server nothing', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    const m = fakeModule({ variant: 'shogi', sfen: 'x', to_move: 'white', legal_moves: ['3c3d'], other_spellings: [], check: [], result: null, sfens: ['s', 'x'] });
    rules.useRulesModule(m);
    const r = await rules.positionMoves({ variant: 'shogi', moves: ['7g7f'], sfens: true });
    expect(r.legal_moves).toEqual(['3c3d']);
    expect(r.sfens).toEqual(['s', 'x']);
    expect(m.asked).toEqual([{ variant: 'shogi', moves: ['7g7f'], sfens: true }]);
    expect(fetches).toEqual([]);
  });

  it('asks the server when the module cannot load, without the module-only field', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    rules.useRulesModule(null);
    const r = await rules.positionMoves({ variant: 'shogi', moves: [], sfens: true });
    expect(r.legal_moves).toEqual(['7g7f']);
    expect(fetches).toEqual(['/api/positions']);
  });

  it('a module that traps is dropped: the server answers from then on', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    let calls = 0;
    rules.useRulesModule({ ccall: () => {
      calls++;
      throw new Error('RuntimeError: unreachable');
    } });
    expect((await rules.positionMoves({ variant: 'shogi' })).legal_moves).toEqual(['7g7f']);
    expect(rules.loadedRules()).toBeNull();
    await rules.positionMoves({ variant: 'shogi' });
    expect(calls).toBe(1);
    expect(fetches).toEqual(['/api/positions', '/api/positions']);
  });

  it('throws the module\'s errors as the server\'s', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    const { ApiError } = await import('../../src/api/client');
    const invalid = fakeModule({ error: { code: 'invalid', message: 'moves[1]: malformed move', field: 'moves[1]', offset: 0 } });
    let e: unknown = null;
    try {
      rules.askRules(invalid, { variant: 'shogi', moves: ['7g7f', 'zz'] });
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 422, code: 'invalid', message: 'moves[1]: malformed move', field: 'moves[1]', offset: 0 });
    expect(() => rules.askRules(fakeModule({ error: { code: 'bad_request', message: 'no' } }), { variant: 'x' })).toThrow(expect.objectContaining({ status: 400 }) as Error);
  });

  it.runIf(built)('replays with the real rules: the capture in hand, the promotion, the drop', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    const { replayFromSfens } = await import('../../src/shogi/replay');
    const m = await realModule();
    const moves = ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*5e'];
    const r = rules.askRules(m, { variant: 'shogi', moves, sfens: true });
    const { positions, parsed } = replayFromSfens(r.sfens!, moves, 'shogi');
    expect(positions).toHaveLength(6);
    expect(positions[3]!.board[1 * 9 + 7]).toEqual({ token: '+b', color: 'black' }); // 2b: the Horse
    expect(positions[4]!.hands.white.get('b')).toBe(1); // the Silver took it: a Bishop in hand
    expect(positions[5]!.hands.black.size).toBe(0); // Black's own Bishop dropped on 5e
    expect(parsed[4]).toMatchObject({ kind: 'drop', piece: 'b' });
    expect(r.legal_moves.length).toBeGreaterThan(0);
  });

  it.runIf(built)('replays what only the rules know: Chu\'s counter-strike square', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    const { replay, replayFromSfens } = await import('../../src/shogi/replay');
    const { parseSfen } = await import('../../src/shogi/sfen');
    const m = await realModule();
    // A line of random play in which a Lion is taken by a piece that is not one (5j5i).
    const moves = ['7j7h', '11c11b', '7h7g7h', '5c4b', '4l4k', '11d11e', '2i2h', '3a2b', '11l11k', '6b5c', '9j9k', '5c5e', '3i3h', '5e5g', '4j3i', '5g5i+', '5j5i'];
    const r = rules.askRules(m, { variant: 'chu', moves, sfens: true });
    const real = replayFromSfens(r.sfens!, moves, 'lishogi-chu');
    expect(real.positions.at(-1)!.counterStrike).toBe('5i');
    // The page's own replay moves the pieces alike but cannot know the square.
    const own = replay(parseSfen(r.sfens![0]!, 'lishogi-chu'), moves, false);
    expect(own.positions.at(-1)!.board).toEqual(real.positions.at(-1)!.board);
    expect(own.positions.at(-1)!.counterStrike).toBeNull();
  });

  it.runIf(built)('replays a line by the rules once they have loaded, else by the page', async () => {
    const rules = await import('../../src/shogi/rulesWasm');
    const { parseSfen } = await import('../../src/shogi/sfen');
    const start = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', 'shogi');
    const req = { variant: 'shogi', moves: ['7g7f', '3c3d', '8h2b+'] };
    rules.useRulesModule(null);
    const own = rules.replayLine(req, start, true, 'shogi');
    const m = await realModule();
    const asked: unknown[] = [];
    rules.useRulesModule({ ccall: (n, r, a, v) => (asked.push(JSON.parse(v[0])), m.ccall(n, r, a, v)) });
    const real = rules.replayLine(req, start, true, 'shogi');
    expect(asked).toEqual([{ ...req, sfens: true }]);
    expect(real.positions.at(-1)!.board).toEqual(own.positions.at(-1)!.board);
    expect(real.positions.at(-1)!.hands.black.get('b')).toBe(1);
    // A line the module refuses: the page's replay, as far as it goes.
    const bad = rules.replayLine({ variant: 'shogi', moves: ['7g7f', '7g7f'] }, start, true, 'shogi');
    expect(bad.positions).toHaveLength(3);
  });
});
