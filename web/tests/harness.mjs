// What the end-to-end tests beside e2e.mjs share: a free port, a `kirin serve` of their own
// with the built pages, and the API as a user's client calls it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
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

/** The API as a user's client calls it (node's fetch, the user's token). */
export function apiAs(base, token) {
  return async (method, path, body) => {
    const r = await fetch(`${base}${path}`, {
      method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json().catch(() => null);
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Starts `kirin serve` on a fresh SQLite store with these extra arguments, once it answers
 * `ready` (an API path). Returns the server process, its base address and the store. */
export async function serve(name, extra, ready) {
  check(existsSync(kirin), `no kirin binary at ${kirin}`);
  check(existsSync(join(dist, 'index.html')), 'web/dist is not built (npm run build)');
  const tmp = mkdtempSync(join(tmpdir(), `kirin-${name}-e2e-`));
  const db = `sqlite:${join(tmp, 'kirin.db')}`;
  const port = await portFree();
  const server = spawn(kirin, ['serve', '--listen', `127.0.0.1:${port}`, '--db', db, '--web-root', dist, ...extra],
    { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}${ready}`).then((r) => r.ok, () => false)) break;
    check(i < 100, `kirin serve did not answer GET ${ready}`);
    await sleep(150);
  }
  return { server, base, db };
}
