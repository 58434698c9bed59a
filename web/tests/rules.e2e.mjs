#!/usr/bin/env node
// End-to-end test of the rules in the page (web/src/shogi/rulesWasm.ts, the WebAssembly module
// of src/wasm/rules_main.cpp) against a real `kirin serve`, in Debian's Chromium:
//   the analysis board with the module blocked asks the server (POST /api/positions) for each
//   position it shows (the fallback, and the "before" of the measure); with the module, the same
//   clicks (shogi: a capture with promotion, the captured Bishop in hand and dropped; Chu: a
//   Lion's double capture) make no such request, and each position shown is the server's for
//   the same moves (its SFEN, hands included); the board editor's check says the server's
//   refusal word for word without asking it; a problem's moves and the game page's premoves
//   are offered without a request either. Requests per click are printed for both.
// The module needs a CSP that lets pages compile WebAssembly ('wasm-unsafe-eval', which the
// browser engine's change to the server brings): where the server's CSP lacks it, the contexts
// that use the module bypass the CSP (and say so).
// Screenshots of the analysis board after the clicks (desktop 1280x800 and phone 390x844, light
// and dark) go to $KIRIN_E2E_SHOTS (default /tmp/shots-rules).
//
//   node tests/rules.e2e.mjs [path/to/kirin]
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { apiAs, check, dist, kirin, PASSWORD, play, sq, startServer } from './lib.mjs';

const shots = process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots-rules';
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const problems = [];
let bypassCSP = false; // the server's CSP forbids WebAssembly: the module's contexts bypass it

/** A page in a context of its own; `rules`: whether the rules module may load. Counts the
 * requests to POST /api/positions it makes. */
async function open(browser, { rules, size = desktop, theme = 'light', who } = {}) {
  const ctx = await browser.newContext({ ...size, colorScheme: theme, bypassCSP: rules && bypassCSP });
  await ctx.addInitScript(([token, user, display]) => {
    localStorage.setItem('kirin.display', display);
    if (token) {
      localStorage.setItem('kirin.token', token);
      localStorage.setItem('kirin.user', user);
    }
  }, [who?.token ?? '', who?.name ?? '', JSON.stringify({ theme })]);
  if (!rules) await ctx.route(/kirin-rules-[^/]*\.wasm$/, (route) => route.abort());
  const page = await ctx.newPage();
  const counted = { positions: 0, wasm: 0 };
  page.on('request', (r) => {
    if (r.url().includes('/api/positions')) counted.positions++;
    if (/kirin-rules-[^/]*\.wasm$/.test(r.url())) counted.wasm++;
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/kirin-rules|ERR_FAILED|wasm/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return { page, counted, close: () => ctx.close() };
}

/** Waits until the board at `ply` takes moves (its legal moves are known). */
const ready = (page, ply) => page.waitForSelector(`svg.board.interactive[data-ply="${ply}"]`, { timeout: 15000 });

/** The position shown, as the page writes it for the board editor's link. */
async function shownSfen(page) {
  const href = await page.getAttribute('a.edit-position', 'href');
  return new URL(href, 'http://x').searchParams.get('sfen');
}

// shogi: 7g7f 3c3d, the Bishop takes the Bishop and promotes, the Silver takes the Horse, the
// Bishop in hand dropped.
const SHOGI = [[['7g', '7f']], [['3c', '3d']], [['8h', '2b'], true], [['3a', '2b']], [['b:b', '5e']]];

async function playShogi(page) {
  await page.goto(`${page.base}/analysis?variant=shogi`);
  let ply = 0;
  for (const [squares, promote] of SHOGI) {
    await ready(page, ply);
    if (squares[0].includes(':')) {
      await page.click(`.hand [data-hand="${squares[0]}"]`);
      await sq(page, squares[1]).click();
    } else {
      await play(page, squares, undefined, promote);
    }
    ply++;
    await ready(page, ply);
  }
  return ply;
}

async function main() {
  check(existsSync(kirin), `no kirin binary at ${kirin}`);
  check(existsSync(join(dist, 'index.html')), 'web/dist is not built (npm run build)');
  check(existsSync(join(dist, 'assets')) && (await import('node:fs')).readdirSync(join(dist, 'assets')).some((f) => /^kirin-rules-.*\.wasm$/.test(f)),
    'web/dist has no rules module (make wasm, then npm run build)');
  mkdirSync(shots, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'kirin-rules-e2e-'));
  const { server, base } = await startServer(`sqlite:${join(tmp, 'kirin.db')}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const visitor = apiAs(base);
  const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
  bypassCSP = !csp.includes("'wasm-unsafe-eval'");
  if (bypassCSP) console.log(`the server's CSP does not let pages compile WebAssembly (${csp}): the module's contexts bypass it`);
  try {
    // Before: no module, the server answers every position shown.
    const before = await open(browser, { rules: false });
    before.page.base = base;
    const clicks = await playShogi(before.page);
    const beforeCount = before.counted.positions;
    check(beforeCount >= clicks, `without the module each position asks the server (${beforeCount} requests for ${clicks} moves)`);
    await before.close();

    // After: the module answers; the same clicks, no request.
    const after = await open(browser, { rules: true });
    after.page.base = base;
    await playShogi(after.page);
    check(after.counted.wasm === 1, `the module loaded once (${after.counted.wasm})`);
    check(after.counted.positions === 0, `no POST /api/positions with the module (${after.counted.positions})`);
    console.log(`requests per move played on the analysis board: ${(beforeCount / clicks).toFixed(1)} before, ${(after.counted.positions / clicks).toFixed(1)} with the rules in the page`);
    // Every position shown is the server's for the same moves.
    const moves = ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*5e'];
    for (let p = moves.length; p >= 0; p--) {
      if (p < moves.length) {
        await after.page.click('.stepper .prev');
        await after.page.waitForSelector(`svg.board[data-ply="${p}"]`);
      }
      const server = await visitor('POST', '/api/positions', { variant: 'shogi', moves: moves.slice(0, p) });
      const shown = await shownSfen(after.page);
      check(shown === server.sfen, `ply ${p}: the board shows ${shown}, the server says ${server.sfen}`);
    }
    check(after.counted.positions === 0, `stepping back asks nothing either (${after.counted.positions})`);

    // Chu: the Lion jumps, takes and goes on (7f6f6e), then takes two in one move (6e5e4d).
    const chuLine = ['7j7h', '6d6e', '7h7f', '6e6f', '7f6f6e', '5d5e'];
    await after.page.goto(`${base}/analysis?${new URLSearchParams({ variant: 'chu', moves: chuLine.join(' ') })}`);
    await ready(after.page, chuLine.length);
    await play(after.page, ['6e', '5e', '4d']);
    await ready(after.page, chuLine.length + 1);
    const chu = await visitor('POST', '/api/positions', { variant: 'chu', moves: [...chuLine, '6e5e4d'] });
    check(await shownSfen(after.page) === chu.sfen.split(' ').slice(0, 2).join(' ') || await shownSfen(after.page) === chu.sfen,
      `Chu: the position shown (${await shownSfen(after.page)}) is the server's (${chu.sfen})`);
    check(after.counted.positions === 0, `Chu: no POST /api/positions (${after.counted.positions})`);

    // The board editor checks a position with the module too: the server's refusal, word for
    // word, without asking it; a good position goes to the analysis board.
    const refused = 'P3k4/9/9/9/9/9/9/9/4K4 b - 1';
    const word = await visitor('POST', '/api/positions', { variant: 'shogi', sfen: refused }, 422);
    await after.page.goto(`${base}/editor?${new URLSearchParams({ variant: 'shogi', sfen: refused })}`);
    await after.page.click('.editor-analyse');
    await after.page.waitForSelector('.editor-status.refused');
    const said = await after.page.textContent('.editor-status');
    check(said.includes(word.error.message), `the editor says the server's refusal (${said})`);
    await after.page.goto(`${base}/editor?${new URLSearchParams({ variant: 'shogi', sfen: '4k4/9/9/9/9/9/9/9/4K4 b P 1' })}`);
    await after.page.click('.editor-analyse');
    await after.page.waitForURL(/\/analysis\?/);
    await ready(after.page, 0);
    // One request: the analysis page's check of the SFEN in its address (checkSfen, still the
    // server's), none from the editor or for the board's moves.
    check(after.counted.positions === 1, `the editor asked nothing, the analysis board only about its address (${after.counted.positions})`);

    // A problem (Chu, A22): the attacker's moves entered from the module's legal moves; the
    // defences still come from the server (the attempt), the legal moves not.
    const beforeProblem = after.counted.positions;
    await after.page.goto(`${base}/problems/chu-tsume-ab/A22`);
    await ready(after.page, 0);
    await play(after.page, ['5e', '5d']);
    await ready(after.page, 2);
    await play(after.page, ['10e', '9d', '8c']);
    await ready(after.page, 4);
    check(after.counted.positions === beforeProblem, `the problem asked nothing for its legal moves (${after.counted.positions - beforeProblem})`);
    await after.close();

    // The game page: a premove is offered from the module, without a request.
    const person = async (name) => {
      const a = await visitor('POST', '/api/signup', { name, email: `${name}@example.org`, password: PASSWORD });
      return { name: a.user.name, token: a.token, api: apiAs(base, a.token) };
    };
    const suffix = String(Date.now() % 100000);
    const alice = await person(`alice${suffix}`);
    const bob = await person(`bob${suffix}`);
    const challenge = await alice.api('POST', '/api/challenges', { opponent: bob.name, game: 'shogi', color: 'black', time_control: '600 byoyomi 30' });
    const game = (await bob.api('POST', `/api/challenges/${challenge.id}/accept`)).game;
    await alice.api('POST', `/api/games/${game}/moves`, { move: '7g7f', expected_ply: 0 });
    /** Alice's game page (`rules`: with the module), a premove entered (2g2f). */
    const premoveAs = async (rules) => {
      const v = await open(browser, { rules, who: alice });
      await v.page.goto(`${base}/game/${game}`);
      await v.page.waitForSelector('svg.board.interactive');
      await sq(v.page, '2g').click();
      await sq(v.page, '2f').click();
      await v.page.waitForSelector('svg.board[data-premove="2g2f"]');
      return v;
    };
    // Before: the premoves of a ply asked of the server.
    const oldPlayers = await premoveAs(false);
    check(oldPlayers.counted.positions >= 1, `without the module the premoves are the server's (${oldPlayers.counted.positions})`);
    console.log(`requests for a ply's premoves: ${oldPlayers.counted.positions} before, 0 with the rules in the page`);
    await oldPlayers.close();
    const players = await premoveAs(true);
    check(players.counted.positions === 0, `premoves without POST /api/positions (${players.counted.positions})`);
    await bob.api('POST', `/api/games/${game}/moves`, { move: '3c3d', expected_ply: 1 });
    await players.page.waitForFunction(() => document.querySelectorAll('.move-list li[data-ply]').length >= 3, null, { timeout: 15000 });
    await players.close();

    // Screenshots: the analysis board after the shogi clicks, its hands from the rules.
    for (const [size, ctx] of [['desktop', desktop], ['phone', phone]]) {
      for (const theme of ['light', 'dark']) {
        const v = await open(browser, { rules: true, size: ctx, theme });
        await v.page.goto(`${base}/analysis?${new URLSearchParams({ variant: 'shogi', moves: moves.join(' ') })}`);
        await ready(v.page, moves.length);
        await v.page.screenshot({ path: join(shots, `rules-analysis-${size}-${theme}.png`) });
        check(v.counted.positions === 0, `no request on the ${size} ${theme} view`);
        await v.close();
      }
    }
    check(problems.length === 0, `the pages reported problems:\n${problems.join('\n')}`);
    console.log('rules e2e: ok');
  } finally {
    await browser.close();
    server.kill();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
