#!/usr/bin/env node
// End-to-end test of a finished game's computer analysis (issue 33) against a real `kirin
// serve`: a player requests it on the analysis board, every position is evaluated through the
// page's engine, the server judges and keeps it; the graph, a blunder's mark in the move list
// and the marked moves show; another user then sees the kept analysis without computing, and
// the graph takes them to a ply. Screenshots of the graph and the marked moves, desktop and
// phone, light and dark, go to $KIRIN_E2E_SHOTS (default /tmp/shots33-review).
//
//   node tests/review.e2e.mjs [path/to/kirin]
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { account, check, dist, serve, stepRunner } from './lib.mjs';

const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots33-review');
const problems = [];
const pages = [];
let server;

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A page in a new context, signed in as `who`, in a language and theme. */
async function open(browser, who, { size = desktop, lang = 'en', theme = 'light' } = {}) {
  const ctx = await browser.newContext({ ...size, colorScheme: theme });
  await ctx.addInitScript(([token, user, display]) => {
    localStorage.setItem('kirin.display', display);
    localStorage.setItem('kirin.reviewNodes', '50000'); // the quick strength: a short test
    if (token) {
      localStorage.setItem('kirin.token', token);
      localStorage.setItem('kirin.user', user);
    }
  }, [who?.token ?? '', who?.name ?? '', JSON.stringify({ lang, theme })]);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  pages.push(page);
  return page;
}

const step = stepRunner(shots, problems, pages);

async function main() {
  mkdirSync(shots, { recursive: true });
  // With the browser engine built (make wasm), the server analyses nothing: the page's engine
  // evaluates every position. Without it, the page falls back to the server's.
  const browserEngine = readdirSync(join(dist, 'assets')).some((f) => /^kirin-engine-st-.*\.wasm$/.test(f));
  console.log(`  (the ${browserEngine ? "browser's" : "server's"} engine)`);
  const started = await serve('review', ['--rated-min-account-age', '0', '--signups-per-address-per-hour', '0',
    ...(browserEngine ? ['--analysis-threads', '0'] : [])], '/api/variants');
  server = started.server;
  const { base } = started;
  const alice = await account(base, 'alice');
  const bob = await account(base, 'bob');
  const carol = await account(base, 'carol');
  // alice (Black) and bob: 7g7f 3c3d, then alice's bishop takes on 3c and promotes, where the
  // bishop and the knight take it back: a bishop for a pawn. bob takes, alice resigns.
  const challenge = await alice.api('POST', '/api/challenges', { opponent: 'bob', game: 'shogi' });
  const { game } = await bob.api('POST', `/api/challenges/${challenge.id}/accept`);
  const id = game?.id ?? game;
  for (const [who, move] of [[alice, '7g7f'], [bob, '3c3d'], [alice, '8h3c+'], [bob, '2b3c']])
    await who.api('POST', `/api/games/${id}/moves`, { move });
  await alice.api('POST', `/api/games/${id}/resign`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    await step('a player requests the analysis: progress, then the graph, the marks and the summary', async () => {
      const page = await open(browser, alice);
      await page.goto(`${base}/analysis?game=${id}`);
      const request = page.locator('.game-review .review-request');
      await request.waitFor();
      check(await page.locator('.review-graph').isHidden(), 'no graph before the analysis');
      check((await page.locator('.review-strength').inputValue()) === '50000', 'the strength kept in this browser');
      // Cancelled halfway, nothing is sent; asked again, it runs to the end.
      await request.click();
      await page.locator('.review-progress progress').waitFor();
      await page.locator('.review-cancel').click();
      await page.locator('.game-review .review-request').waitFor();
      check((await page.locator('.review-status').textContent()) === 'Analysis cancelled.', 'cancelled');
      await alice.api('GET', `/api/games/${id}/analysis`, undefined, 404);
      await request.click();
      await page.locator('.review-progress progress').waitFor();
      await page.locator('.review-summary').waitFor({ timeout: 90000 });
      const line = await page.locator('.eval-graph .graph-line').getAttribute('d');
      check(line && (line.match(/L/g) ?? []).length === 4, `the graph's line through the 5 positions: ${line}`);
      check(await page.locator('.eval-graph .graph-dot.mark-blunder[data-ply="3"]').count() === 1, 'the blunder dot at ply 3');
      const glyph = page.locator('.move-list li[data-ply="3"] .review-glyph');
      check((await glyph.textContent()) === '??', 'the move list marks 8h3c+ with ??');
      check((await glyph.getAttribute('title')).includes('best'), 'the mark names the better move');
      const marked = page.locator('.review-moves li.mark-blunder[data-ply="3"]');
      check(await marked.count() === 1, 'the blunder in the marked moves');
      check(/\([+-]\d+\.\d\d → -/.test(await marked.locator('.review-scores').textContent()), 'its scores before and after');
      check((await page.locator('.review-summary tr.mark-blunder td[data-color=black]').textContent()) === '1', 'Black: one blunder');
      check((await page.locator('.review-by').textContent()).includes('alice'), 'kept by alice');
      // The marked move takes the board there.
      await marked.locator('button').click();
      await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-ply') === '3');
      const kept = await carol.api('GET', `/api/games/${id}/analysis`);
      check(kept.stored && kept.by.name === 'alice' && kept.moves[2].mark === 'blunder', 'the server keeps it, judged');
      check(kept.positions.length === 5, 'five positions kept');
      await page.close();
    });

    await step('another user sees the kept analysis at once; the graph goes to a ply', async () => {
      const page = await open(browser, carol);
      // From the game's page: its button says the game has one.
      await page.goto(`${base}/game/${id}`);
      await page.locator('a.computer-analysis.analysed').waitFor();
      await page.goto(`${base}/analysis?game=${id}&ply=4`);
      await page.locator('.review-summary').waitFor();
      check(await page.locator('.game-review .review-request').count() === 0, 'nothing to compute');
      check(await page.locator('.move-list li[data-ply="3"] .review-glyph').count() === 1, 'the marks in the move list');
      const box = await page.locator('.eval-graph').boundingBox();
      await page.mouse.click(box.x + 4, box.y + box.height / 2);
      await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-ply') === '0');
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
      await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-ply') === '2');
      // Keys on the focused graph step through the plies.
      await page.locator('.eval-graph').focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-ply') === '3');
      await page.close();
    });

    await step('in Japanese, the analysis says so', async () => {
      const page = await open(browser, carol, { lang: 'ja' });
      await page.goto(`${base}/analysis?game=${id}`);
      await page.locator('.review-summary').waitFor();
      check((await page.locator('.game-review h2').textContent()) === 'コンピュータ解析', 'the title in Japanese');
      check((await page.locator('.review-summary').textContent()).includes('大悪手'), 'blunders in Japanese');
      await page.close();
    });

    await step('screenshots: desktop and phone, light and dark', async () => {
      for (const [size, ctx] of [['desktop', desktop], ['phone', phone]]) {
        for (const theme of ['light', 'dark']) {
          const page = await open(browser, carol, { size: ctx, theme });
          await page.goto(`${base}/analysis?game=${id}&ply=3`);
          await page.locator('.review-summary').waitFor();
          await page.waitForTimeout(300);
          if (size === 'phone') await page.locator('.review-graph').scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(shots, `review-${size}-${theme}.png`), fullPage: size === 'desktop' });
          if (size === 'phone') {
            await page.locator('.game-review').scrollIntoViewIfNeeded();
            await page.screenshot({ path: join(shots, `review-${size}-${theme}-card.png`) });
          }
          await page.close();
        }
      }
    });
  } finally {
    await browser.close();
  }
}

main().then(() => {
  server?.kill('SIGTERM');
  console.log('review e2e: ok');
}, (e) => {
  server?.kill('SIGTERM');
  console.error(e);
  process.exit(1);
});
