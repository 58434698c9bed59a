#!/usr/bin/env node
// End-to-end test of the engine in the browser (issue 33: src/wasm, web/src/engine) against a
// real `kirin serve` whose own engine is switched off (--analysis-threads 0 --mate-threads 0),
// in Debian's Chromium:
//   the page is cross-origin isolated, so the engine runs with threads; on a cold load the first
//   line shows within 2 s of pressing the engine button, with depth and score; several lines;
//   "find a mate" solves in the browser; without cross-origin isolation the one-thread build
//   analyses, stops and starts again; the "server" setting asks the server (here refused); and
//   against a server that analyses, a browser that cannot load the wasm falls back to it and says
//   so.
// Screenshots of the analysis board with the browser engine, desktop and phone, light and dark,
// go to $KIRIN_E2E_SHOTS (default /tmp/shots33e).
//
//   node tests/engine.e2e.mjs [path/to/kirin]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { check, pieceAt, play, serve, sleep, stepRunner } from './lib.mjs';

const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots33e');
const problems = [];
const pages = [];
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
// A shogi mate in one: G*5b, the Pawn on 5c guarding it.
const MATE_IN_ONE = '4k4/9/4P4/9/9/9/9/9/9 b G 1';

/** A page in a fresh context (an empty cache: every load is cold), with display settings. */
async function open(browser, { size = desktop, theme = 'light', display = {}, route } = {}) {
  const ctx = await browser.newContext({ ...size, colorScheme: theme });
  await ctx.addInitScript((d) => localStorage.setItem('kirin.display', d), JSON.stringify({ lang: 'en', theme, ...display }));
  if (route) await ctx.route('**/*', route);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  pages.push(page);
  return page;
}

const step = stepRunner(shots, problems, pages);

const text = (page, selector) => page.locator(selector).first().innerText();

/** Presses the engine button and waits for the first line; returns the milliseconds it took. */
async function firstLine(page) {
  await page.waitForSelector('.analyse-toggle');
  const t = Date.now();
  await page.click('.analyse-toggle');
  await page.waitForSelector('.pv-line .pv-move', { timeout: 20000 });
  return Date.now() - t;
}

async function main() {
  mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const { server, base } = await serve('engine', ['--analysis-threads', '0', '--mate-threads', '0']);
  let second = null;
  try {
    await step('a cold load: cross-origin isolated, the first line within 2 s, with depth and score, from the browser\'s threads build', async () => {
      const page = await open(browser);
      await page.goto(`${base}/analysis?variant=chu`);
      check(await page.evaluate(() => crossOriginIsolated), 'the page is cross-origin isolated (COOP and COEP)');
      const ms = await firstLine(page);
      console.log(`    first line after ${ms} ms`);
      check(ms < 2000, `the first line took ${ms} ms (at most 2000)`);
      await page.waitForFunction(() => /depth (\d+)/.test(document.querySelector('.eval')?.textContent ?? '') && Number(/depth (\d+)/.exec(document.querySelector('.eval').textContent)[1]) >= 6, null, { timeout: 15000 });
      const score = await page.getAttribute('.eval .score', 'data-score');
      check(/^[+-−]?\d/.test(score ?? '') || /#/.test(score ?? ''), `a score (${score})`);
      check((await text(page, '.engine-where')) === 'In this browser', `where: ${await text(page, '.engine-where')}`);
      await page.click('.analyse-toggle');
      await page.waitForFunction(() => document.querySelector('.analyse-toggle')?.textContent === 'Start engine');
      const depth = await text(page, '.eval');
      await sleep(500);
      check((await text(page, '.eval')) === depth, 'stopped: the lines no longer change');
    });

    await step('three lines at once', async () => {
      const page = await open(browser, { display: { engineLines: 3 } });
      await page.goto(`${base}/analysis?variant=chu`);
      await firstLine(page);
      await page.waitForFunction(() => document.querySelectorAll('.pv-line').length === 3, null, { timeout: 15000 });
      const firsts = await page.$$eval('.pv-line .pv-move:first-child', (els) => els.map((e) => e.getAttribute('data-usi')));
      check(new Set(firsts).size === 3, `three different first moves: ${firsts}`);
    });

    await step('find a mate: solved in the browser', async () => {
      const page = await open(browser);
      await page.goto(`${base}/analysis?${new URLSearchParams({ variant: 'shogi', sfen: MATE_IN_ONE })}`);
      await page.click('.find-mate-button');
      await page.waitForSelector('.mate-result', { timeout: 20000 });
      check((await page.getAttribute('.mate-result', 'data-status')) === 'mate', `answer: ${await text(page, '.find-mate')}`);
      check(/Mate in 1\b/.test(await text(page, '.mate-result')), `mate in 1: ${await text(page, '.mate-result')}`);
      check((await page.getAttribute('.mate-line button', 'title')) === 'G*5b', 'the line is G*5b');
      check((await text(page, '.find-mate .engine-where')) === 'In this browser', 'solved in the browser');
    });

    await step('the problems room with the server\'s solver off: the book from the server, off-book moves solved in the browser', async () => {
      const page = await open(browser);
      await page.goto(`${base}/problems/chu-tsume-ab/A22`);
      await page.waitForSelector('svg.board[data-ply="0"]');
      await play(page, ['5e', '5d']);  // the book's first move: the book's defence, 7b6a
      await page.waitForSelector('.problem-verdict[data-verdict="defended"]');
      check((await pieceAt(page, '6a')) === 'w:k', 'the King went to 6a');
      await play(page, ['5d', '5b']);  // wrong: the King takes the Dragon King (solved here)
      await page.waitForSelector('.problem-verdict[data-verdict="wrong"]', { timeout: 20000 });
      check((await pieceAt(page, '5b')) === 'w:k', 'the refutation 6a5b is on the board');
      await page.click('button.take-back');
      await page.waitForSelector('.problem-verdict[data-verdict="play"]');
      await play(page, ['10e', '8c']);  // off the book's line, the Lion's jump mates too
      await page.waitForSelector('.problem-verdict[data-verdict="defended"]', { timeout: 20000 });
      check(/3/.test(await text(page, '.problem-verdict')), `a mate in 3 more: ${await text(page, '.problem-verdict')}`);
      const moves = await page.$$eval('.move-list li span[title]', (els) => els.map((e) => e.getAttribute('title')));
      check(moves[3] === '8b8c', `the longest defence, 8b8c (the Copper takes the Kirin): ${moves}`);
    });

    await step('without cross-origin isolation: one thread, stopped and started again', async () => {
      // The headers that isolate the page taken off its responses, as on a plain-HTTP server.
      const route = async (r) => {
        const response = await r.fetch();
        const headers = { ...response.headers() };
        delete headers['cross-origin-embedder-policy'];
        delete headers['cross-origin-opener-policy'];
        await r.fulfill({ response, headers });
      };
      const page = await open(browser, { route });
      await page.goto(`${base}/analysis?variant=dai`);
      check(!(await page.evaluate(() => crossOriginIsolated)), 'not isolated');
      await firstLine(page);
      check((await text(page, '.engine-where')).startsWith('In this browser, on one thread'), `one thread: ${await text(page, '.engine-where')}`);
      await page.click('.analyse-toggle');
      await page.waitForFunction(() => document.querySelector('.analyse-toggle')?.textContent === 'Start engine');
      await page.click('.analyse-toggle');
      await page.waitForFunction(() => document.querySelector('.analyse-toggle')?.textContent === 'Stop engine');
      await page.waitForFunction(() => /depth [3-9]|depth \d\d/.test(document.querySelector('.eval')?.textContent ?? ''), null, { timeout: 20000 });
      await page.click('.analyse-toggle');
    });

    await step('play the computer: it moves first as Black, and answers the player\'s move', async () => {
      const page = await open(browser);
      await page.goto(`${base}/analysis?variant=shogi`);
      await page.click('.play-white');
      await page.waitForFunction(() => document.querySelector('.ply-counter')?.textContent?.startsWith('1 /'), null, { timeout: 15000 });
      // The board turned to White: rank a at the bottom.
      await page.waitForFunction(() => {
        const y = (square) => document.querySelector(`svg.board [data-sq="${square}"]`)?.getBoundingClientRect().y ?? 0;
        return y('1a') > y('1i');
      }, null, { timeout: 5000 });
      check((await text(page, '.computer-status')).includes('Your move'), await text(page, '.computer-status'));
      await page.waitForSelector('[data-legal="known"]');
      await page.locator('svg.board [data-sq="3c"]').click();
      await page.locator('svg.board [data-sq="3d"]').click();
      await page.waitForFunction(() => document.querySelector('.ply-counter')?.textContent?.startsWith('3 /'), null, { timeout: 15000 });
      const moves = await page.$$eval('.move-list li button', (els) => els.map((e) => e.getAttribute('title')));
      check(moves.length === 3 && moves[1] === '3c3d', `the computer answered: ${moves}`);
      await page.click('.computer-stop');
      check(await page.locator('.play-black').isVisible(), 'the game ended');
    });

    await step('the "server" setting asks the server, which here analyses nothing', async () => {
      const page = await open(browser, { display: { engine: 'server' } });
      await page.goto(`${base}/analysis?variant=chu`);
      await page.click('.analyse-toggle');
      await page.waitForSelector('.notice.error:not([hidden]), [role=alert]:not(:empty)', { timeout: 10000 });
      check((await page.locator('.pv-line').count()) === 0, 'no line from the browser');
    });

    await step('screenshots: the browser engine on the analysis board, desktop and phone, light and dark', async () => {
      for (const [size, viewport, lang] of [['desktop', desktop, 'en'], ['phone', phone, 'en'], ['ja-desktop', desktop, 'ja']]) {
        for (const theme of ['light', 'dark']) {
          const page = await open(browser, { size: viewport, theme, display: { engineLines: 2, lang } });
          await page.goto(`${base}/analysis?variant=chu`);
          await firstLine(page);
          await page.waitForFunction(() => document.querySelectorAll('.pv-line').length === 2, null, { timeout: 15000 });
          await page.click('.analyse-toggle');
          await page.screenshot({ path: join(shots, `analysis-browser-engine-${size}-${theme}.png`), fullPage: true });
          await page.context().close();
          pages.splice(pages.indexOf(page), 1);
        }
      }
    });

    second = await serve('engine-fallback', []);
    await step('a browser that cannot load the wasm uses the server\'s engine and says so', async () => {
      const route = (r) => (r.request().url().endsWith('.wasm') ? r.abort() : r.continue());
      const page = await open(browser, { route });
      await page.goto(`${second.base}/analysis?variant=chu`);
      await firstLine(page);
      check((await text(page, '.engine-where')) === 'On the server', `where: ${await text(page, '.engine-where')}`);
      check((await text(page, '.engine-fallback')).includes('server'), `the page says why: ${await text(page, '.engine-fallback')}`);
      await page.screenshot({ path: join(shots, 'analysis-engine-fallback-desktop-light.png') });
    });
    console.log('engine.e2e: all passed');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    second?.server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
