// The browser's engine is the native one: for every built-in game, the same search (a fixed
// depth from the start position and from a position some moves in, one thread, the same table
// size) gives the same best move and the same node count in WebAssembly (src/wasm, run here by
// node, both builds) as in `kirin engine`; and the same mate solve visits the same positions.
//
//   node tests/wasm/same_search.mjs path/to/kirin path/to/wasm-dir
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [kirin, built] = process.argv.slice(2);
const require = createRequire(import.meta.url);
// Emscripten's scripts are CommonJS, which the web folder (a "type": "module" package) would
// read as ES modules: they are loaded from a copy outside it.
const dir = mkdtempSync(join(tmpdir(), 'kirin-wasm-'));
cpSync(resolve(built), dir, { recursive: true });
const GAMES = ['chu', 'dai', 'shogi', 'sho', 'mitsugumi', 'chu-seireigi', 'chu-seireigi-10', 'chu-seireigi-2023', 'dai-seireigi'];
// Depth 7, and 5 in Mitsugumi, whose pieces' many legs make each node costlier.
const depthOf = (game) => (game === 'mitsugumi' ? 5 : 7);
const HASH = 16;

/** The scripts: each game's start, and two plies in (the native engine's own first moves). */
function scripts(game, line) {
  const setup = [`setoption name USI_Hash value ${HASH}`, `setoption name UCI_Variant value ${game}`];
  return [
    [...setup, 'usinewgame', 'position startpos', `go depth ${depthOf(game)}`],
    [...setup, 'usinewgame', `position startpos moves ${line}`, `go depth ${depthOf(game)}`],
  ];
}
// Mates solved with the same table: Middle Shogi Manual B34 (a mate in 4) and a shogi mate in 1
// by a drop.
const MATES = [
  ['chu', '5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1'],
  ['shogi', '4k4/9/4P4/9/9/9/9/9/9 b G 1'],
];

function native(lines) {
  const r = spawnSync(kirin, ['engine'], { input: lines.join('\n') + '\n', encoding: 'utf8', timeout: 120000 });
  if (r.status !== 0) throw new Error(`kirin engine failed: ${r.stderr}`);
  return r.stdout.split('\n').filter(Boolean);
}

async function wasm(build) {
  const factory = require(join(dir, `${build}.js`));
  const out = [];
  const M = await factory({ wasmBinary: readFileSync(join(dir, `${build}.wasm`)), onLine: (l) => out.push(...l.split('\n').filter(Boolean)), print: () => undefined, printErr: () => undefined });
  if (M._kirin_start(HASH) !== 0) throw new Error(`${build} did not start`);
  const drain = () => out.push(...M.UTF8ToString(M._kirin_output()).split('\n').filter(Boolean));
  const answered = (line) => line.startsWith('bestmove') || line.startsWith('checkmate');
  return {
    async run(lines) {
      out.length = 0;
      const answers = lines.filter((l) => l.startsWith('go')).length;
      for (const line of lines) {
        M.ccall('kirin_command', 'number', ['string'], [line]);
        drain();
      }
      for (let i = 0; out.filter(answered).length < answers; i++) {
        if (i > 6000) throw new Error(`${build}: no answer to ${lines.at(-1)}`);
        await new Promise((r) => setTimeout(r, 10));
        drain();
      }
      return [...out];
    },
  };
}

/** The facts compared: the last iteration's depth, nodes and PV, and the answer. */
function summary(lines) {
  const last = lines.filter((l) => l.startsWith('info depth') || l.startsWith('info nodes')).at(-1) ?? '';
  const nodes = /nodes (\d+)/.exec(last)?.[1];
  const pv = / pv (.*)$/.exec(last)?.[1] ?? '';
  const answer = lines.find((l) => l.startsWith('bestmove') || l.startsWith('checkmate'));
  return { nodes, pv, answer };
}

// An error is reported here: Emscripten's own handler would print its whole script.
process.on('uncaughtException', (e) => {
  console.error(`FAIL: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
const failures = [];
let compared = 0;
const engines = { st: await wasm('kirin-engine-st'), mt: await wasm('kirin-engine-mt') };
for (const game of GAMES) {
  // The native engine's own line from the start: the second position is reached by real moves.
  const first = summary(native(scripts(game, '')[0]));
  const line = first.pv.split(' ').slice(0, 2).join(' ');
  for (const script of scripts(game, line)) {
    const want = summary(native(script));
    for (const [name, engine] of Object.entries(engines)) {
      const got = summary(await engine.run(script));
      compared++;
      if (JSON.stringify(got) !== JSON.stringify(want))
        failures.push(`${game} ${script.at(-2)} (${name}): native ${JSON.stringify(want)}, wasm ${JSON.stringify(got)}`);
    }
    console.log(`  ${game} ${script.at(-2)}: ${want.answer}, ${want.nodes} nodes`);
  }
}
for (const [game, sfen] of MATES) {
  const script = [`setoption name USI_Hash value ${HASH}`, `setoption name UCI_Variant value ${game}`, `position sfen ${sfen}`, 'go mate 60000'];
  const want = summary(native(script));
  for (const [name, engine] of Object.entries(engines)) {
    const got = summary(await engine.run(script));
    compared++;
    // The time differs; the nodes, the length's proof and the line may not.
    const strip = (s) => ({ ...s, pv: '', info: undefined });
    if (JSON.stringify(strip(got)) !== JSON.stringify(strip(want)))
      failures.push(`mate ${sfen} (${name}): native ${JSON.stringify(want)}, wasm ${JSON.stringify(got)}`);
  }
  console.log(`  mate ${sfen}: ${want.answer}, ${want.nodes} nodes`);
}
if (failures.length) {
  console.error(`FAIL: ${failures.length} of ${compared} differ:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`same_search: ${compared} searches and solves the same natively and in WebAssembly`);
process.exit(0);
