// What the browser tests share (tournaments.e2e.mjs, pages.e2e.mjs): where the binary and the
// built pages are, the test password, assertions, a server of their own, and the API as a user
// calls it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
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

export async function portFree() {
  const s = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/** The API as a user's client calls it (node's fetch, the user's token); with `expect`, the
 *  status the call must answer, and its body whatever it is (a refusal's error). */
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

/** `kirin serve` on a free port and the store `db`, serving the built pages, with new accounts
 *  free to play rated and sign up at once, and `args` more; resolves when it answers. */
export async function startServer(db, args = []) {
  const port = await portFree();
  const server = spawn(kirin, ['serve', '--listen', `127.0.0.1:${port}`, '--db', db, '--web-root', dist,
    '--rated-min-account-age', '0', '--signups-per-address-per-hour', '0', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/challenges`).then((r) => r.ok, () => false)) break;
    check(i < 100, 'kirin serve did not answer GET /api/challenges');
    await sleep(150);
  }
  return { server, base };
}
