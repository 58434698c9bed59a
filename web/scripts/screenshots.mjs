#!/usr/bin/env node
// The screenshots of docs/screenshots/: a game of every game the server lists, a few moves in,
// seen by its Black player on a desktop (1280x720) and a phone (390x844), light and dark; the
// lobby, the analysis board with the engine's lines, the board editor and a rules page; and
// the Chu game and the lobby in Japanese (names ending -ja).
//
//   node web/scripts/screenshots.mjs [path/to/kirin] [output dir]   (defaults: build/kirin,
//   docs/screenshots). Debian's Chromium at $CHROMIUM (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const kirin = resolve(process.argv[2] ?? join(web, '..', 'build', 'kirin'));
const out = resolve(process.argv[3] ?? join(web, '..', 'docs', 'screenshots'));
const SIZES = [['desktop', 1280, 720], ['phone', 390, 844]];
const THEMES = ['light', 'dark'];
const PLIES = 4; // moves played in each game before the pictures

const port = await new Promise((res) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => res(p));
  });
});
const tmp = mkdtempSync(join(tmpdir(), 'kirin-shots-'));
const server = spawn(kirin, ['serve', '--listen', `127.0.0.1:${port}`, '--db', `sqlite:${join(tmp, 'kirin.db')}`, '--web-root', join(web, 'dist')], { stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
const done = () => {
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
};

async function call(method, path, token, body) {
  const r = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  for (let i = 0; ; ++i) {
    try {
      await fetch(`${base}/api/variants`);
      break;
    } catch {
      if (i > 100) throw new Error('kirin serve did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const alice = await call('POST', '/api/signup', null, { name: 'alice', email: 'alice@example.org', password: 'correct horse battery' });
  const bob = await call('POST', '/api/signup', null, { name: 'bob', email: 'bob@example.org', password: 'correct horse battery' });
  const { variants } = await call('GET', '/api/variants');
  const games = [];
  let chuMoves = [];
  for (const v of variants) {
    const c = await call('POST', '/api/challenges', alice.token, { opponent: 'bob', game: v.id, color: 'black', time_control: '1800 byoyomi 30' });
    const { game } = await call('POST', `/api/challenges/${c.id}/accept`, bob.token);
    for (let ply = 0; ply < PLIES; ++ply) {
      const view = await call('GET', `/api/games/${game}`, alice.token);
      // The middle of the list: a move from the centre of the board rather than an edge Pawn.
      const move = view.legal_moves[Math.floor(view.legal_moves.length / 2)];
      await call('POST', `/api/games/${game}/moves`, ply % 2 ? bob.token : alice.token, { move, expected_ply: ply });
    }
    games.push([v.id, game]);
    if (v.id === 'chu') chuMoves = (await call('GET', `/api/games/${game}`, alice.token)).moves.map((m) => m.usi);
  }
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  // One browser context per size, theme and language: the pages of that set.
  const pictures = async (size, width, height, theme, lang) => {
    const context = await browser.newContext({
      viewport: { width, height }, colorScheme: theme, locale: lang === 'ja' ? 'ja-JP' : 'en-GB',
      ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    });
    await context.addInitScript(([token]) => {
      localStorage.setItem('kirin.token', token);
      localStorage.setItem('kirin.user', 'alice');
    }, [alice.token]);
    const page = await context.newPage();
    const shot = async (name) => {
      await page.waitForTimeout(400);
      const path = join(out, `${name}${lang === 'ja' ? '-ja' : ''}-${size}-${theme}.png`);
      await page.screenshot({ path });
      process.stdout.write(`${path}\n`);
    };
    // In Japanese (the browser's language: the setting is "auto"), the Chu game and the lobby.
    const shown = lang === 'ja' ? games.filter(([id]) => id === 'chu') : games;
    for (const [id, game] of shown) {
      await page.goto(`${base}/game/${game}`);
      await page.waitForSelector('svg.board [data-sq]');
      await shot(id);
    }
    await page.goto(`${base}/`);
    await page.waitForSelector('.challenges h2');
    await shot('lobby');
    if (lang === 'en') {
      // Not the game's own analysis: a player may not use the engine in their game in progress.
      await page.goto(`${base}/analysis?variant=chu&moves=${encodeURIComponent(chuMoves.join(' '))}`);
      await page.waitForSelector('svg.board [data-sq]');
      await page.click('.analyse-toggle');
      await page.waitForSelector('.pv-line[data-line="2"]', { timeout: 30000 });
      await page.click('.analyse-toggle');
      await shot('analysis');
      await page.goto(`${base}/editor?variant=mitsugumi`);
      await page.waitForSelector('svg.board [data-sq]');
      await shot('editor');
      await page.goto(`${base}/rules/chu`);
      await page.waitForSelector('.piece-card');
      await shot('rules');
    }
    // The problems room (each length with what Kirin proved) and a problem's page with its
    // proof's link, in both languages.
    await page.goto(`${base}/problems`);
    await page.waitForSelector('.problem-list .proved-mark');
    await shot('problems');
    await page.goto(`${base}/problems/chu-tsume-ab/B12`);
    await page.waitForSelector('.problem-proved a');
    await shot('problem');
    await context.close();
  };
  for (const [size, width, height] of SIZES)
    for (const theme of THEMES)
      for (const lang of ['en', 'ja']) await pictures(size, width, height, theme, lang);
  await browser.close();
} finally {
  done();
}
