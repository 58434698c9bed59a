#!/usr/bin/env node
// The browser engine's speed against the native one (docs/BENCHMARKS.md, issue 33): the same
// searches, one search thread, the same 64 MiB table, by `kirin engine` and by the WebAssembly
// builds in a Web Worker of Debian's Chromium (the page served by `kirin serve`, cross-origin
// isolated). The searches: `kirin bench search`'s Chu positions at depth 9, and every built-in
// game's start position at the depth where the native search first takes 0.7 s or more. Each
// search is the same work in both (its node count is checked equal); nodes per second come from
// the engine's own `time`, so loading is not counted. Each search runs REPEAT times (3) in each
// engine, the three engines taking turns, and the fastest run of each counts: what the machine
// did besides slows a run down, never speeds it up.
//
//   node scripts/engine-bench.mjs [path/to/kirin]      (run `make wasm` and `npm run build` first)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { dist, kirin, serve, web } from '../tests/lib.mjs';

const HASH = 64;
const REPEAT = Number(process.env.REPEAT ?? 3);
const GAMES = ['chu', 'dai', 'shogi', 'sho', 'mitsugumi', 'chu-seireigi', 'chu-seireigi-10', 'chu-seireigi-2023', 'dai-seireigi'];

function lastInfo(lines) {
  const last = lines.filter((l) => l.startsWith('info depth')).at(-1) ?? '';
  return { nodes: Number(/ nodes (\d+)/.exec(last)?.[1] ?? 0), ms: Number(/ time (\d+)/.exec(last)?.[1] ?? 0), best: lines.find((l) => l.startsWith('bestmove')) };
}
const script = (game, position, depth) => [`setoption name USI_Hash value ${HASH}`, `setoption name UCI_Variant value ${game}`, 'usinewgame', position, `go depth ${depth}`];

function native(lines) {
  const r = spawnSync(kirin, ['engine'], { input: lines.join('\n') + '\n', encoding: 'utf8', timeout: 300000 });
  return lastInfo(r.stdout.split('\n'));
}

const asset = (re) => {
  const f = readdirSync(join(dist, 'assets')).find((n) => re.test(n));
  if (!f) throw new Error(`no ${re} in web/dist/assets: run make wasm, then npm run build`);
  return `/assets/${f}`;
};

async function main() {
  const cases = [];
  const tsv = readFileSync(join(web, '..', 'src', 'bench', 'positions.tsv'), 'utf8');
  for (const row of tsv.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const [label, , sfen] = row.split('\t');
    cases.push({ name: `bench ${label}`, game: 'chu', position: sfen === 'startpos' ? 'position startpos' : `position sfen ${sfen}`, depth: 9 });
  }
  for (const game of GAMES) {
    let depth = 5;
    while (depth < 16 && native(script(game, 'position startpos', depth)).ms < 700) depth++;
    cases.push({ name: `${game} start`, game, position: 'position startpos', depth });
  }
  const { server, base } = await serve('engine-bench', ['--analysis-threads', '0']);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/analysis`);
    const files = {
      worker: asset(/^worker-.*\.js$/),
      st: { js: asset(/^kirin-engine-st-.*\.js$/), wasm: asset(/^kirin-engine-st-.*\.wasm$/) },
      mt: { js: asset(/^kirin-engine-mt-.*\.js$/), wasm: asset(/^kirin-engine-mt-.*\.wasm$/), pthreadWorker: asset(/^kirin-engine-mt\.worker-.*\.js$/) },
    };
    const inBrowser = (build, lines) => page.evaluate(([f, build, lines]) => new Promise((resolve, reject) => {
      const w = new Worker(f.worker);
      const out = [];
      w.onmessage = (e) => {
        if (e.data.type === 'error') reject(new Error(e.data.message));
        if (e.data.type === 'ready') for (const line of lines) w.postMessage({ type: 'cmd', line });
        if (e.data.type === 'line') {
          out.push(e.data.line);
          if (e.data.line.startsWith('bestmove')) {
            w.terminate();
            resolve(out);
          }
        }
      };
      w.postMessage({ type: 'init', threads: build === 'mt', hashMb: 64, ...f[build] });
    }), [files, build, lines]).then(lastInfo);
    console.log(`Chromium ${browser.version()}, cross-origin isolated: ${await page.evaluate(() => crossOriginIsolated)}`);
    console.log('| search | depth | nodes | native nps | wasm 1-thread build nps | ratio | wasm threads build nps | ratio |');
    console.log('|---|---|---|---|---|---|---|---|');
    const total = { nodes: 0, native: 0, st: 0, mt: 0 };
    for (const c of cases) {
      const lines = script(c.game, c.position, c.depth);
      const fastest = (a, b) => (!a || b.ms < a.ms ? b : a);
      let n = null;
      let st = null;
      let mt = null;
      for (let i = 0; i < REPEAT; i++) {
        n = fastest(n, native(lines));
        st = fastest(st, await inBrowser('st', lines));
        mt = fastest(mt, await inBrowser('mt', lines));
      }
      if (st.nodes !== n.nodes || mt.nodes !== n.nodes || st.best !== n.best || mt.best !== n.best)
        throw new Error(`${c.name}: different searches: native ${JSON.stringify(n)}, st ${JSON.stringify(st)}, mt ${JSON.stringify(mt)}`);
      const nps = (r) => Math.round((r.nodes * 1000) / Math.max(1, r.ms));
      console.log(`| ${c.name} | ${c.depth} | ${n.nodes} | ${nps(n)} | ${nps(st)} | ${(nps(st) / nps(n) * 100).toFixed(0)}% | ${nps(mt)} | ${(nps(mt) / nps(n) * 100).toFixed(0)}% |`);
      total.nodes += n.nodes;
      total.native += n.ms;
      total.st += st.ms;
      total.mt += mt.ms;
    }
    const nps = (ms) => Math.round((total.nodes * 1000) / ms);
    console.log(`| all | | ${total.nodes} | ${nps(total.native)} | ${nps(total.st)} | ${(total.native / total.st * 100).toFixed(0)}% | ${nps(total.mt)} | ${(total.native / total.mt * 100).toFixed(0)}% |`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
