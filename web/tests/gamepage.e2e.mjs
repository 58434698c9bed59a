#!/usr/bin/env node
// Browser test of the game page's daily rough edges (issue 30), against a real `kirin serve` (its
// own port, a temporary SQLite store) in Debian's Chromium: a correspondence clock of the side
// not to move; the move list that follows the current move (a long game, an imported record on
// the analysis board) with its arrows in the window at 1280x720 and on a phone; no piece diagram
// right after a click-move; no chat against the computer; the first-move banner; a premove's
// arrow and line; the promotion prompt's full label; a Lion that captures the last King; the
// igui hint; engine lines clickable move by move; Dai on a phone. Screenshots of the page
// (desktop and phone, light and dark) go to $KIRIN_E2E_SHOTS (default /tmp/shots30).
//
//   node tests/gamepage.e2e.mjs [path/to/kirin]     (KIRIN_BIN, CHROMIUM also work)
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { account, apiAs, check, kirin, serve, signedIn, sq, waitPlies } from './lib.mjs';

const chromePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots30');
const DESKTOP = { viewport: { width: 1280, height: 720 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const started = Date.now();
const problems = []; // errors in the browsers' consoles
let failedSteps = 0;

async function step(name, f) {
  const t = Date.now();
  try {
    await f();
    await new Promise((r) => setTimeout(r, 100)); // console messages arrive asynchronously
    check(problems.length === 0, `errors in the browsers:\n${problems.join('\n')}`);
    console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
  } catch (e) {
    failedSteps++;
    problems.length = 0;
    console.log(`  ✗ ${name}: ${e instanceof Error ? e.stack : e}`);
  }
}
async function shot(page, name) {
  const path = join(shots, `${name}.png`);
  await page.screenshot({ path });
  console.log(`    screenshot ${path}`);
}
/** A page of `who`'s in a new context (closed with it). */
async function pageOf(browser, who, options, label = who.name) {
  const ctx = await signedIn(browser, who, options);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`${label}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${label}: console: ${m.text()}`);
  });
  page.on('dialog', (d) => void d.accept());
  return page;
}
/** A game of `a` (Black) against `b`, started over the API: its id. */
async function game(a, b, body) {
  const c = await a.api('POST', '/api/challenges', { opponent: b.name, ...body });
  if (c.game) return c.game;
  return (await b.api('POST', `/api/challenges/${c.id}/accept`)).game;
}
/** Plays `n` moves of a game over the API, each side its turn: the legal move that the ply picks. */
async function playMoves(id, players, n) {
  for (let i = 0; i < n; ++i) {
    const g = await players.black.api('GET', `/api/games/${id}`);
    if (g.status !== 'active') throw new Error(`game ${id} ended at ply ${g.ply}: ${g.result_text}`);
    // Quiet moves first (no captures): a long game that does not end.
    const quiet = g.legal_move_details.filter((m) => !m.captured.length && !m.promotion && !m.drop);
    const list = quiet.length ? quiet : g.legal_move_details;
    const move = list[(i * 7) % list.length].usi;
    await players[g.to_move].api('POST', `/api/games/${id}/moves`, { move, expected_ply: g.ply });
  }
}
/** Whether `inner`'s box lies within `outer`'s (a scrolled list), or within the window (null). */
async function inView(page, inner, outer) {
  return page.evaluate(([i, o]) => {
    const a = document.querySelector(i)?.getBoundingClientRect();
    const b = o ? document.querySelector(o)?.getBoundingClientRect() : { top: 0, bottom: innerHeight, left: 0, right: innerWidth };
    if (!a || !b || !a.height) return false;
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.left >= b.left - 1 && a.right <= b.right + 1;
  }, [inner, outer]);
}

async function main() {
  console.log(`Kirin game page e2e: ${kirin}`);
  check(existsSync(chromePath), `no Chromium at ${chromePath}`);
  mkdirSync(shots, { recursive: true });
  const { server, base, dir } = await serve('gamepage', ['--computer-movetime', '100', '--signups-per-address-per-hour', '0'], '/api/challenges');
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const suffix = String(Date.now() % 100000);
    const ann = await account(base, `ann${suffix}`);
    const ben = await account(base, `ben${suffix}`);
    const players = { black: ann, white: ben };
    /** `who`'s page (a new browser context) on game `id`, once `ready` is drawn. */
    const onGame = async (who, id, options, ready = 'svg.board.interactive') => {
      const p = await pageOf(browser, who, options);
      await p.goto(`${base}/game/${id}`);
      await p.waitForSelector(ready);
      return p;
    };

    // ---- steps ----
    await step('1. a correspondence clock of the side not to move shows its days, not "0m"', async () => {
      const id = await game(ann, ben, { game: 'shogi', time_control: '3 days' });
      await ann.api('POST', `/api/games/${id}/moves`, { move: '7g7f', expected_ply: 0 });
      const p = await onGame(ann, id, DESKTOP, '.clock[data-color="black"]:not([hidden])');
      const black = await p.textContent('.clock[data-color="black"]');
      const white = await p.textContent('.clock[data-color="white"]');
      check(black === '3d 0h', `Black, not to move, has a whole move's 3 days ahead: "${black}"`);
      check(white === '2d 23h', `White, to move, runs down from 3 days: "${white}"`);
      await p.context().close();
    });

    let long = 0;
    await step('2. the move list keeps the current move in view, its arrows in the window (1280x720, light and dark)', async () => {
      long = await game(ann, ben, { game: 'shogi' });
      await playMoves(long, players, 130);
      for (const scheme of ['light', 'dark']) {
        const p = await pageOf(browser, ann, { ...DESKTOP, colorScheme: scheme });
        await p.goto(`${base}/game/${long}`);
        await waitPlies(p, 130);
        await p.waitForSelector('.move-list li[data-ply="130"].current');
        check(await inView(p, '.move-list li.current button', '.move-list'), 'the newest move is in the list’s view');
        for (const b of ['.stepper button:first-child', '.stepper .prev', '.stepper .next', '.stepper button:last-child'])
          check(await inView(p, b, null), `the arrow ${b} is in the window`);
        await shot(p, `game-desktop-${scheme}`);
        if (scheme === 'light') {
          await p.click('.stepper button:first-child');
          check(await p.locator('.move-list').evaluate((l) => l.scrollTop) === 0, 'at the start the list shows its first moves');
          await p.click('.move-list li[data-ply="10"] button');
          for (let i = 0; i < 80; ++i) await p.keyboard.press('ArrowRight');
          await p.waitForSelector('.move-list li[data-ply="90"].current');
          check(await inView(p, '.move-list li.current button', '.move-list'), 'stepping on, the list follows the current move (ply 90)');
        }
        await p.context().close();
      }
    });

    await step('2. on a phone (390x844) the arrows stay in the window and the list follows (light and dark)', async () => {
      for (const scheme of ['light', 'dark']) {
        const p = await pageOf(browser, ann, { ...PHONE, colorScheme: scheme });
        await p.goto(`${base}/game/${long}`);
        await waitPlies(p, 130);
        for (const b of ['.stepper .prev', '.stepper .next'])
          check(await inView(p, b, null), `the arrow ${b} is in the window`);
        check(await inView(p, '.move-list li.current button', '.move-list'), 'the newest move is in the list’s view');
        await shot(p, `game-phone-${scheme}`);
        await p.locator('.stepper .prev').click();
        await p.waitForSelector('svg.board[data-ply="129"]');
        await p.context().close();
      }
    });

    await step('2. an imported record on the analysis board: the list shows the current move (ply 130, then 129)', async () => {
      const usi = await (await fetch(`${base}/api/games/${long}/record?format=usi`)).text();
      const imported = await ann.api('POST', '/api/import', { format: 'usi', game: 'shogi', text: usi });
      const p = await pageOf(browser, ann, DESKTOP);
      for (const [query, ply] of [['', 130], ['&ply=129', 129]]) {
        await p.goto(`${base}/analysis?import=${imported.id}${query}`);
        await p.waitForSelector(`svg.board[data-ply="${ply}"]`);
        await p.waitForSelector(`.move-list li[data-ply="${ply}"].current`);
        check(await inView(p, '.move-list li.current button', '.move-list'), `the current move (${ply}) is in the list’s view`);
        check(await inView(p, '.stepper button:first-child', null), 'the arrows are in the window');
      }
      await shot(p, 'analysis-import-desktop');
      await p.context().close();
    });

    await step('3. no piece diagram right after a click-move with the pointer resting on the moved piece; a new hover shows it', async () => {
      const id = await game(ann, ben, { game: 'shogi' });
      const p = await onGame(ann, id, DESKTOP, 'svg.board.interactive');
      // The board takes clicks once the rules module or the server gave the legal moves; a
      // square's box is read by its name, as the page may have drawn the board again.
      await p.waitForSelector('[data-legal="known"]');
      const centre = (s) => p.$eval(`svg.board [data-sq="${s}"]`, (e) => {
        const b = e.getBoundingClientRect();
        return [b.x + b.width / 2, b.y + b.height / 2];
      });
      const [x1, y1] = await centre('7g');
      const [x2, y2] = await centre('7f');
      await p.mouse.move(x1, y1, { steps: 3 });
      await p.mouse.down();
      await p.mouse.up();
      await p.mouse.move(x2, y2, { steps: 3 });
      await p.mouse.down();
      await p.mouse.up();
      await waitPlies(p, 1);
      // The server's answer and the board drawn again while the pointer rests on the moved pawn.
      await p.waitForTimeout(1500);
      check(await p.locator('.diagram.floating').count() === 0, 'no diagram pops up over the page after the move');
      // A deliberate hover: away and back onto a piece.
      await p.mouse.move(10, 10);
      const [x3, y3] = await centre('2g');
      await p.mouse.move(x3, y3, { steps: 4 });
      await p.waitForSelector('.diagram.floating', { timeout: 3000 });
      await p.context().close();
    });

    await step('4. no chat against the computer (a game between people has it)', async () => {
      const c = await ann.api('POST', '/api/challenges', { opponent: 'kirin', game: 'shogi' });
      const p = await pageOf(browser, ann, DESKTOP);
      await p.goto(`${base}/game/${c.game}`);
      await p.waitForSelector('svg.board');
      await p.waitForSelector('.comments-box');
      await p.waitForTimeout(300);
      check(await p.locator('.chat-form').count() === 0, 'no chat panel against the computer');
      await p.goto(`${base}/game/${long}`);
      await p.waitForSelector('.chat-form');
      await p.context().close();
    });

    let live = 0;
    await step('4. the first-move countdown is a banner with the seconds left', async () => {
      live = await game(ann, ben, { game: 'shogi', time_control: '300 byoyomi 10' });
      for (const [lang, scheme] of [['en', 'light'], ['ja', 'dark']]) {
        const p = await pageOf(browser, ann, { ...DESKTOP, colorScheme: scheme, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
        await p.goto(`${base}/game/${live}`);
        await p.waitForSelector('.start-note .start-seconds');
        const seconds = await p.textContent('.start-note .start-seconds');
        check(lang === 'en' ? /^\d+ s$/.test(seconds) : /^\d+秒$/.test(seconds), `the seconds left: "${seconds}"`);
        const size = await p.locator('.start-note .start-seconds').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
        check(size >= 24, `the seconds are large (${size}px)`);
        check(await inView(p, '.start-note', null), 'the banner is in the window');
        const text = await p.textContent('.start-note');
        check(lang === 'en' ? text.includes('You have') : text.includes('初手'), `the banner says what to do: ${text}`);
        await shot(p, `first-move-banner-${lang}-${scheme}`);
        await p.context().close();
      }
    });

    await step('4. a premove is an arrow and a line of text that cancels it', async () => {
      await ann.api('POST', `/api/games/${live}/moves`, { move: '7g7f', expected_ply: 0 });
      const p = await pageOf(browser, ann, DESKTOP);
      await p.goto(`${base}/game/${live}`);
      await waitPlies(p, 1);
      await p.waitForSelector('svg.board.interactive');
      await p.waitForSelector('[data-legal="known"]');
      await sq(p, '2g').click();
      await sq(p, '2f').click();
      await p.waitForSelector('svg.board[data-premove="2g2f"]');
      const line = await p.textContent('.entry-bar .premove-cancel');
      check(/^Premove: .+ \(click to cancel\)$/.test(line), `the line says the premove: "${line}"`);
      check(await p.locator('.arrows.premove line').count() > 0, 'an arrow shows the premove');
      await shot(p, 'premove-desktop');
      await p.click('.entry-bar .premove-cancel');
      await p.waitForSelector('svg.board:not([data-premove])');
      check(await p.locator('.entry-bar .premove-cancel').count() === 0, 'the line goes with the premove');
      await p.context().close();
    });

    await step('4. the promotion prompt’s label is whole at 1280x720', async () => {
      const id = await game(ann, ben, { game: 'chu', sfen: 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2P1i3/12/12/3I4I3/PPPPPP1PPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1' });
      const p = await onGame(ann, id, DESKTOP, 'svg.board.interactive');
      await p.waitForSelector('[data-legal="known"]');
      await sq(p, '6e').click();
      await sq(p, '6d').click();
      await p.waitForSelector('.entry-bar .promote-yes');
      const cut = await p.locator('.entry-bar .entry-text').evaluate((e) => e.scrollWidth > e.clientWidth + 1);
      const text = await p.textContent('.entry-bar .entry-text');
      check(!cut, `the whole label shows: "${text}"`);
      for (const b of ['.promote-yes', '.promote-no', '.cancel-move']) check(await inView(p, `.entry-bar ${b}`, null), `${b} in the window`);
      await shot(p, 'promotion-desktop');
      await p.context().close();
    });

    await step('4. a Lion that captures the last King: the move is played at once, no "stop here"', async () => {
      const id = await game(ann, ben, { game: 'chu', sfen: '12/12/12/12/12/12/5k6/5N6/12/12/12/6K5 b - 1' });
      const g = await ann.api('GET', `/api/games/${id}`);
      check(g.legal_moves.some((m) => m.startsWith('7h7g') && m.length > 4), `the server lists moves going on after the King’s capture (${g.legal_moves.filter((m) => m.startsWith('7h7g'))})`);
      const p = await onGame(ann, id, DESKTOP, 'svg.board.interactive');
      await sq(p, '7h').click();
      await sq(p, '7g').click();
      check(await p.locator('.entry-bar .stop-here').count() === 0, 'no "stop here" after taking the King');
      await p.waitForSelector('.game-status[data-status="finished"]');
      await p.context().close();
    });

    await step('4. igui explained: after the Lion’s capturing first step, a hint names its own ringed square (en, ja)', async () => {
      const id = await game(ann, ben, { game: 'chu', sfen: '12/12/5k6/12/12/12/5p6/5N6/12/12/12/6K5 b - 1' });
      for (const lang of ['en', 'ja']) {
        const p = await pageOf(browser, ann, { ...DESKTOP, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
        await p.goto(`${base}/game/${id}`);
        await p.waitForSelector('svg.board.interactive');
        await sq(p, '7h').click();
        await sq(p, '7g').click();
        const hint = await p.textContent('.entry-bar .igui-hint');
        check(lang === 'en' ? /igui/i.test(hint) && hint.includes('7h') : hint.includes('居食い'), `the hint: "${hint}"`);
        check(await inView(p, '.entry-bar .igui-hint', null), 'the hint is in the window');
        await shot(p, `igui-hint-${lang}`);
        await p.context().close();
      }
    });

    await step('4. the engine’s lines: each move clickable, the board shows the line to it', async () => {
      const p = await pageOf(browser, ann, DESKTOP);
      await p.goto(`${base}/analysis?variant=shogi`);
      await p.waitForSelector('svg.board[data-ply="0"]');
      await p.click('.analyse-toggle');
      await p.waitForFunction(() => document.querySelectorAll('.pv-line[data-line="1"] .pv-move').length >= 3, null, { timeout: 20000 });
      await p.click('.analyse-toggle'); // stop: the line stays as it is
      await shot(p, 'analysis-pv-desktop');
      check(await inView(p, '.stepper .prev', null), 'with the engine’s lines shown, the arrows stay in the window');
      const line = await p.locator('.pv-line[data-line="1"] .pv-move').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-usi')));
      await p.locator('.pv-line[data-line="1"] .pv-move').nth(2).click();
      await p.waitForSelector('svg.board[data-ply="3"]');
      const listed = await p.locator('.move-list li button').evaluateAll((bs) => bs.map((b) => b.title));
      check(JSON.stringify(listed) === JSON.stringify(line.slice(0, 3)), `the moves to the one clicked (${listed}; the line ${line})`);
      await p.context().close();
    });

    await step('4. the phone’s evaluation bar: no empty space under it', async () => {
      const p = await pageOf(browser, ann, PHONE);
      await p.goto(`${base}/analysis?variant=shogi`);
      await p.waitForSelector('svg.board[data-ply="0"]');
      const gaps = await p.evaluate(() => {
        const bar = document.querySelector('.eval-bar').getBoundingClientRect();
        const hand = document.querySelector('.hand.bottom').getBoundingClientRect();
        const widget = document.querySelector('.board-widget').getBoundingClientRect();
        const engine = document.querySelector('.engine').getBoundingClientRect();
        return { hand: hand.top - bar.bottom, below: engine.top - widget.bottom, handBottom: widget.bottom - hand.bottom };
      });
      await shot(p, 'analysis-phone');
      check(gaps.hand < 16 && gaps.handBottom < 4 && gaps.below < 32, `no empty space under the bar: ${JSON.stringify(gaps)}`);
      await p.context().close();
    });

    /** The kanji's size on screen on `p`'s Dai board before and after its zoom button
     *  (screenshots `name` and `name`-zoomed): the zoom must make them readable. */
    const zoomReadable = async (p, name) => {
      const kanji = () => p.evaluate(() => {
        const board = document.querySelector('svg.board');
        const scale = board.getBoundingClientRect().width / board.viewBox.baseVal.width;
        const text = board.querySelector('.piece-text');
        return parseFloat(getComputedStyle(text).fontSize) * scale;
      });
      const before = await kanji();
      await shot(p, name);
      await p.click('.zoom-board');
      await p.waitForFunction((b) => {
        const board = document.querySelector('svg.board');
        return board.getBoundingClientRect().width > b;
      }, (await sq(p, '8o').boundingBox()).width * 15 + 10);
      const after = await kanji();
      console.log(`    ${name}: kanji ${before.toFixed(1)} px, zoomed ${after.toFixed(1)} px`);
      check(after >= 20 && after > before * 1.4, `zoomed kanji are readable (${before.toFixed(1)} → ${after.toFixed(1)} px)`);
      await shot(p, `${name}-zoomed`);
    };
    await step('4. Dai on a phone: the zoom makes the pieces readable, in a game and on the analysis board', async () => {
      const id = await game(ann, ben, { game: 'dai' });
      const p = await onGame(ann, id, PHONE, 'svg.board [data-sq="8o"]');
      await zoomReadable(p, 'dai-phone');
      await p.goto(`${base}/analysis?variant=dai`);
      await p.waitForSelector('svg.board [data-sq="8o"]');
      await zoomReadable(p, 'dai-analysis-phone');
      await p.context().close();
    });
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .catch((e) => {
    failedSteps++;
    console.log(`  ✗ ${e instanceof Error ? e.stack : e}`);
  })
  .finally(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`\n${failedSteps ? `FAILED: ${failedSteps} step(s)` : 'passed'} in ${seconds} s; screenshots in ${shots}`);
    process.exit(failedSteps ? 1 : 0);
  });
