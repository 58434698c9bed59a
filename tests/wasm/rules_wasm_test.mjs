// The browser's rules module (src/wasm/rules_main.cpp, built by `make wasm`) answers as the
// server does: for every built-in game, games of seeded random moves (captures preferred, so
// that hands fill and the named powers come up: Mitsugumi's burns, area moves and igui, the
// Lions' double moves) are replayed move by move through both, and each position's answer of
// the wasm must equal `kirin serve`'s POST /api/positions, field by field; so must the errors
// (a bad SFEN, an illegal move, a move after the end) and the setups with rule options, a
// profile and a handicap. The SFENs the module gives for each position (for the page's replay)
// must be the server's for the same moves.
//
//   node rules_wasm_test.mjs path/to/kirin path/to/wasm-dir   (kirin-rules.js and .wasm)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import test, { after, before } from 'node:test';

const [kirin, wasmDir] = process.argv.slice(2);
// The script is Emscripten's (CommonJS-like, read as text: a package that says "type":
// "module", as web/ does, would make node read it as an ES module).
const KirinRules = new Function('module', 'exports', 'require', '__filename', '__dirname',
  `${readFileSync(resolve(wasmDir, 'kirin-rules.js'), 'utf8')}\nreturn KirinRules;`)({}, {}, createRequire(import.meta.url), resolve(wasmDir, 'kirin-rules.js'), resolve(wasmDir));
let rules;
let server;
let base;
let dir;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

before(async () => {
  rules = await KirinRules({ wasmBinary: readFileSync(resolve(wasmDir, 'kirin-rules.wasm')) });
  dir = mkdtempSync(join(tmpdir(), 'kirin-rules-wasm-'));
  const port = await freePort();
  server = spawn(kirin, ['serve', '--listen', `127.0.0.1:${port}`, '--db', `sqlite:${join(dir, 'kirin.db')}`,
    '--analysis-threads', '0', '--mate-threads', '0'], { stdio: ['ignore', 'ignore', 'inherit'] });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/variants`).then((r) => r.ok, () => false)) break;
    assert.ok(i < 150, 'kirin serve did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const wasm = (request) => JSON.parse(rules.ccall('kirin_rules_position', 'string', ['string'], [JSON.stringify(request)]));
async function native(request) {
  const r = await fetch(`${base}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
  return r.json();
}
/** The wasm's answer, which must be the server's (the wasm's own "sfens" aside). */
async function same(request) {
  const w = wasm(request);
  const n = await native(request);
  const { sfens, ...rest } = w;
  assert.deepEqual(rest, n, `wasm and server differ on ${JSON.stringify(request).slice(0, 300)}`);
  return { ...n, sfens };
}

// A small seeded generator (mulberry32), so that a failure repeats.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pieces = (sfen) => (sfen.split(' ')[0].match(/[a-zA-Z]/g) ?? []).length;

const GAMES = ['chu', 'dai', 'shogi', 'sho', 'mitsugumi', 'chu-seireigi', 'chu-seireigi-10', 'chu-seireigi-2023', 'dai-seireigi'];
const seen = { positions: 0, captures: 0, checks: 0, spellings: 0, results: 0, drops: 0, victims: 0 };

for (const [i, game] of GAMES.entries()) {
  test(`${game}: random games, every position the same`, async () => {
    const next = random(1000 + i);
    for (let g = 0; g < 2; g++) {
      const moves = [];
      let answer = await same({ variant: game, moves });
      for (let ply = 0; ply < 70 && answer.result === null; ply++) {
        const all = [...answer.legal_moves, ...answer.other_spellings];
        // Captures first, often: what empties squares shows in the next SFEN's count.
        const before = pieces(answer.sfen);
        let move = all[Math.floor(next() * all.length)];
        if (next() < 0.6) {
          for (let k = 0; k < 8; k++) {
            const m = all[Math.floor(next() * all.length)];
            const after = wasm({ variant: game, moves: [...moves, m] });
            if (after.sfen && pieces(after.sfen) < before) {
              move = m;
              break;
            }
          }
        }
        if (move.includes('*')) seen.drops++;
        moves.push(move);
        const previous = answer.sfen;
        answer = await same({ variant: game, moves, sfens: true });
        assert.equal(answer.sfens.length, moves.length + 1);
        assert.equal(answer.sfens.at(-1), answer.sfen);
        assert.equal(answer.sfens.at(-2), previous, 'the SFENs before the last move are the earlier answers');
        seen.positions++;
        if (pieces(answer.sfen) < before) seen.captures++;
        if (answer.check.length) seen.checks++;
        if (answer.other_spellings.length) seen.spellings++;
        // Moves that name further victims (x<square>: a burn, a range capture, a sting).
        if (answer.legal_moves.some((m) => m.includes('x'))) seen.victims++;
        if (answer.result !== null) seen.results++;
      }
      if (answer.result !== null) {
        // After the end, no move: both refuse it alike.
        const refused = await same({ variant: game, moves: [...moves, moves.at(-1)] });
        assert.equal(refused.error.code, 'invalid');
      }
    }
  });
}

test('setups: options, a profile, a handicap, a start SFEN', async () => {
  const chuDrops = await same({ variant: 'chu', drops: true, moves: ['7i7h', '6d6e'] });
  assert.ok(chuDrops.legal_moves.length > 0);
  await same({ variant: 'chushogi', profile: 'lishogi', moves: ['7i7h'] });
  await same({ variant: 'chu', options: [['drops', true]], moves: [] });
  await same({ variant: 'chu', options: { drops: 'false' } });
  await same({ variant: 'chu', handicap: '2-lions' });
  await same({ variant: 'shogi', sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1', moves: ['5i5h'] });
});

test('errors: the same code, message, field and offset', async () => {
  const cases = [
    { variant: 'nope' },
    { variant: 'shogi', sfen: 'lnsgkgsnl/9/xx b - 1' },
    { variant: 'shogi', moves: ['7g7f', '7g7f'] },
    { variant: 'shogi', moves: ['7g7f', 'zz'] },
    { variant: 'chu', profile: 'nope' },
    { variant: 'chu', options: { nope: 1 } },
    { variant: 'chu', handicap: '2-lions', sfen: '12/12 b - 1' },
    { variant: 'shogi', sfen: 'k8/9/9/9/9/9/9/9/9 b - 1' },
    { variant: 'shogi', moves: Array(3001).fill('7g7f') }, // more than a request may replay
    { variant: 'mitsugumi', sfen: '☗' }, // the message quotes one byte of a character
  ];
  for (const request of cases) {
    const answer = await same(request);
    assert.ok(answer.error?.message, `an error for ${JSON.stringify(request)}`);
  }
  // Malformed requests: an error the page can show, never a crash.
  for (const bad of [{}, { variant: 3 }, { variant: 'chu', moves: 'x' }, { variant: 'chu', moves: [1] }, { variant: 'chu', options: 5 }])
    assert.equal(wasm(bad).error.code, 'bad_request', JSON.stringify(bad));
  assert.equal(JSON.parse(rules.ccall('kirin_rules_position', 'string', ['string'], ['not json'])).error.code, 'bad_request');
});

test('hostile requests: an error for each, and the module answers on', () => {
  const next = random(77);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const junk = () => pick([null, true, 0, -1, 1e308, 'x', '', '\u0000', '7g7f\u0000', '☗', 'P'.repeat(5000), [], {}, [['drops', {}]], ['7g7f', 3], { a: [] }]);
  const fields = ['variant', 'sfen', 'moves', 'profile', 'options', 'drops', 'handicap', 'sfens'];
  for (let i = 0; i < 400; i++) {
    const request = { variant: pick(['chu', 'shogi', 'dai', 'mitsugumi', 'x']) };
    for (let k = 0; k < 3; k++) request[pick(fields)] = junk();
    if (next() < 0.3) request.sfen = pick(['9/9/9/9/9/9/9/9/9 b - 1', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 99999999999', '4k4/9/9/9/9/9/9/9/4K4 w KKKKK 1', '+/+/+ b', '12/12/12/12/12/12/12/12/12/12/12/12 b - 1']);
    const answer = wasm(request);
    assert.ok(answer.error?.message || Array.isArray(answer.legal_moves), JSON.stringify(request).slice(0, 200));
    assert.notEqual(answer.error?.code, 'internal', `${JSON.stringify(request).slice(0, 200)}: ${answer.error?.message}`);
  }
  assert.equal(wasm({ variant: 'shogi', moves: ['7g7f'] }).to_move, 'white');
});

test('the games came up with captures, checks, drops, igui and further victims', () => {
  console.log('positions compared:', seen);
  assert.ok(seen.positions > 500, 'enough positions');
  assert.ok(seen.captures > 50, 'captures');
  assert.ok(seen.checks > 5, 'checks');
  assert.ok(seen.drops > 5, 'drops');
  assert.ok(seen.spellings > 5, 'igui or passes that other pieces spell too');
  assert.ok(seen.victims > 5, 'moves that name further victims (burns, range captures, stings)');
});
