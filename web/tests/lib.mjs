// Helpers the browser tests share (e2e.mjs, tournaments.e2e.mjs, gamepage.e2e.mjs,
// pages.e2e.mjs, profiles.e2e.mjs, engine.e2e.mjs): where the binary and the built pages are, the test
// password, assertions, a free port, a `kirin serve` of their own, the API as a user calls it,
// the board's squares, playing moves by clicks, signing up.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The binary: the test's first argument, $KIRIN_BIN, or build/kirin of this tree. */
export const kirin = resolve(process.argv[2] ?? process.env.KIRIN_BIN ?? join(web, '..', 'build', 'kirin'));
export const dist = join(web, 'dist');
export const PASSWORD = 'correct horse battery';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const check = (cond, msg) => {
  if (!cond) throw new Error(`assertion failed: ${msg}`);
};

/** A test's `step(name, f)`: runs f, then fails if a page logged an error into `problems`; on a
 *  failure every open page of `pages` is screenshot into the folder `shots`. */
export function stepRunner(shots, problems, pages) {
  return async function step(name, f) {
    const t = Date.now();
    try {
      await f();
      await sleep(50); // console messages arrive asynchronously
      check(problems.length === 0, `errors in the browsers:\n${problems.join('\n')}`);
      console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
    } catch (e) {
      console.log(`  ✗ ${name}: ${e instanceof Error ? e.stack : e}`);
      for (const [i, page] of pages.entries())
        if (!page.isClosed()) await page.screenshot({ path: join(shots, `failure-${i}.png`), fullPage: true }).catch(() => undefined);
      throw e;
    }
  };
}

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}
export async function waitHttp(url, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** `kirin serve` on a free port and the store `db`, serving the built pages, with `args` more;
 *  resolves once GET `ready` (an API path) answers. */
export async function launch(db, args, ready = '/api/challenges') {
  check(existsSync(kirin), `no kirin binary at ${kirin}`);
  check(existsSync(join(dist, 'index.html')), 'web/dist is not built (npm run build)');
  const port = await freePort();
  const server = spawn(kirin, ['serve', '--listen', `127.0.0.1:${port}`, '--db', db, '--web-root', dist, ...args],
    { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}${ready}`).then((r) => r.ok, () => false)) break;
    check(i < 100, `kirin serve did not answer GET ${ready}`);
    await sleep(150);
  }
  return { server, base };
}
/** `launch` on the store `db`, new accounts free to play rated and sign up at once. */
export function startServer(db, args = []) {
  return launch(db, ['--rated-min-account-age', '0', '--signups-per-address-per-hour', '0', ...args]);
}
/** `launch` on a fresh SQLite store in a temporary directory (`dir`) named for the test. */
export async function serve(name, extra, ready) {
  const dir = mkdtempSync(join(tmpdir(), `kirin-${name}-e2e-`));
  const db = `sqlite:${join(dir, 'kirin.db')}`;
  return { ...(await launch(db, extra, ready)), db, dir };
}

/** The API as a user's client calls it (node's fetch, the user's token; none: a visitor); with
 *  `expect`, the status the call must answer, and its body whatever it is (a refusal's error). */
export function apiAs(base, token) {
  return async (method, path, body, expect) => {
    const r = await fetch(`${base}${path}`, {
      method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json().catch(() => null);
    if (expect !== undefined) {
      check(r.status === expect, `${method} ${path}: ${r.status}, expected ${expect}: ${JSON.stringify(json)}`);
      return json;
    }
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** An account made over the API: its name, token and API. */
export async function account(base, name) {
  const a = await apiAs(base)('POST', '/api/signup', { name, email: `${name}@example.org`, password: PASSWORD });
  return { name, token: a.token, api: apiAs(base, a.token) };
}

/** A browser context signed in as `who` (an account), with the page's preferences stored. */
export async function signedIn(browser, who, contextOptions = {}) {
  const ctx = await browser.newContext(contextOptions);
  await ctx.addInitScript(([token, user]) => {
    if (!localStorage.getItem('kirin.token')) {
      localStorage.setItem('kirin.token', token);
      localStorage.setItem('kirin.user', user);
    }
  }, [who.token, who.name]);
  return ctx;
}

export const sq = (page, name) => page.locator(`svg.board [data-sq="${name}"]`);
/** Where a square is on screen. The board is drawn again when a move or the clocks arrive, and
 * a square measured at that instant has no box yet: ask again. */
export const squareBox = async (page, name) => {
  for (let i = 0; i < 40; ++i) {
    const box = await sq(page, name).boundingBox();
    if (box) return box;
    await page.waitForTimeout(50);
  }
  throw new Error(`square ${name} is not on the board`);
};
export async function plies(page) {
  return page.locator('.move-list li[data-ply]').count();
}
export async function waitPlies(page, n, ms = 15000) {
  await page.waitForFunction((k) => document.querySelectorAll('.move-list li[data-ply]').length >= k, n, { timeout: ms });
}
export async function pieceAt(page, name) {
  return sq(page, name).getAttribute('data-piece');
}
/** Clicks squares in order (a move), then waits for the move to be stored. */
export async function play(page, squares, expectPly, promote) {
  // The board takes clicks once it has the position's legal moves (from the rules module or the
  // server); one that has none for long (the opponent's turn without premoves) is clicked anyway.
  await page.waitForSelector('[data-legal="known"]', { timeout: 10000 }).catch(() => undefined);
  for (const s of squares) await sq(page, s).click();
  if (promote !== undefined) await page.click(promote ? '.entry-bar .promote-yes' : '.entry-bar .promote-no');
  if (expectPly) await waitPlies(page, expectPly);
}
export async function signup(page, base, name) {
  await page.goto(`${base}/signup`);
  await page.fill('#auth-name', name);
  await page.fill('#auth-email', `${name}@example.org`);
  await page.fill('#auth-password', PASSWORD);
  await page.click('form.auth-form button[type=submit]');
  // (On a phone the name is in the header's folded menu: there, not necessarily visible.)
  await page.waitForSelector(`.user-name[data-user="${name}"]`, { state: 'attached' });
}
