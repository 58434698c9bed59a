#!/usr/bin/env node
// End-to-end test of the tournaments' pages (issue 29) against a real `kirin serve` (its own
// port and SQLite store), three people in Debian's Chromium and the computer:
//   the list and the form (an error shown under the field the server names); a one-minute
//   arena of shogi with the computer at level 1, which the creator starts: each player is taken
//   to their game by the page, moves once and resigns (or wins), and is taken to the next game,
//   until the arena ends and everyone sees the podium; a spectator's standings change live
//   without a reload; a private round robin (a wrong password refused, then the right one) of
//   the three and the computer played to the end, with its crosstable and podium; the pages in
//   Japanese.
// Screenshots of the list, the form, a running and a finished tournament, desktop and phone,
// light and dark, go to $KIRIN_E2E_SHOTS (default /tmp/shots29).
//
//   node tests/tournaments.e2e.mjs [path/to/kirin]
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { apiAs, check, kirin, PASSWORD, serve, sleep } from './harness.mjs';

const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots29');
const problems = [];
const pages = new Map();  // who: their page (screenshots of a failure)
// Refusals a step provokes on purpose: the browser logs their failed requests (status codes).
let refusals = [];
let server;

/** A person: an account made over the API, signed in in its own browser context. */
async function person(browser, base, name, context) {
  const account = await apiAs(base)('POST', '/api/signup', { name, email: `${name}@example.org`, password: PASSWORD });
  const ctx = await browser.newContext(context);
  await ctx.addInitScript(([token, user]) => {
    if (!localStorage.getItem('kirin.token')) {
      localStorage.setItem('kirin.token', token);
      localStorage.setItem('kirin.user', user);
    }
  }, [account.token, account.user.name]);
  const page = await ctx.newPage();
  pages.set(name.replace(/\d+$/, ''), page);
  page.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const i = refusals.findIndex((status) => m.text().includes(`status of ${status} `));
    if (i >= 0) refusals.splice(i, 1);
    else problems.push(`${name}: console: ${m.text()}`);
  });
  page.on('dialog', (d) => void d.accept());
  return { name, page, token: account.token, api: apiAs(base, account.token) };
}

async function step(name, f) {
  const t = Date.now();
  try {
    await f();
    await sleep(100);  // console messages arrive asynchronously
    check(refusals.length === 0, `expected refusals not seen: ${refusals}`);
    check(problems.length === 0, `errors in the browsers:\n${problems.join('\n')}`);
    console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
  } catch (e) {
    console.log(`  ✗ ${name}: ${e instanceof Error ? e.stack : e}`);
    for (const [who, page] of pages) await shot(page, `failure-${who}`).catch(() => undefined);
    throw e;
  } finally {
    refusals = [];
  }
}

async function shot(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** Plays one player's part in a live tournament until it is over: on a game of theirs, the
 * first move the server lists, then resignation once both have moved (the computer and the
 * other side of a game between two people win); between games, the page itself takes them to
 * the next one (the test never navigates there). Returns the games they played. */
async function playOut(p, tid) {
  const played = new Set();
  let waitingSince = 0;
  for (;;) {
    const tour = await p.api('GET', `/api/tournaments/${tid}`);
    if (tour.status === 'finished' || tour.status === 'cancelled') return played;
    const m = /\/game\/(\d+)$/.exec(p.page.url());
    if (m) {
      const id = Number(m[1]);
      const g = await p.api('GET', `/api/games/${id}`);
      if (g.tournament !== undefined) check(g.tournament === tid, `game ${id} belongs to tournament ${tid}, not ${g.tournament}`);
      played.add(id);
      // Over, and the next game is paired: the page must take them there by itself.
      if (g.status !== 'active' && tour.my_game && tour.my_game !== id) {
        waitingSince ||= Date.now();
        check(Date.now() - waitingSince < 8000, `${p.name} was not taken from game ${id} to their next game ${tour.my_game}`);
      } else waitingSince = 0;
      const mine = g.status === 'active' && g[g.to_move].name === p.name;
      if (mine && g.ply < 2) await p.api('POST', `/api/games/${id}/moves`, { move: g.legal_moves[0], expected_ply: g.ply }).catch(() => undefined);
      else if (mine && (await p.page.locator('.game-actions .resign').count())) await p.page.click('.game-actions .resign').catch(() => undefined);
    } else if (tour.my_game && !played.has(tour.my_game)) {
      // Not yet taken to it (paired before the page subscribed): the button is there.
      await p.page.click('.to-my-game');
    }
    await sleep(250);
  }
}

async function main() {
  mkdirSync(shots, { recursive: true });
  const started = await serve('tour', ['--computer-movetime', '100', '--rated-min-account-age', '0', '--signups-per-address-per-hour', '0'], '/api/tournaments');
  server = started.server;
  const { base, db } = started;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const desktop = { viewport: { width: 1280, height: 900 } };
  const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const suffix = String(Date.now() % 100000);
  const alice = await person(browser, base, `alice${suffix}`, desktop);
  const bob = await person(browser, base, `bob${suffix}`, phone);
  const carol = await person(browser, base, `carol${suffix}`, { ...desktop, colorScheme: 'dark' });
  const players = [alice, bob, carol];
  // Tournaments are created by players with a rated game, or moderators: Alice is one.
  const role = spawnSync(kirin, ['admin', 'role', alice.name, 'moderator', '--db', db, '--reason', 'the tournaments test'], { encoding: 'utf8' });
  check(role.status === 0, `kirin admin role: ${role.stderr}`);
  const watcherCtx = await browser.newContext(desktop);
  const watcher = await watcherCtx.newPage();
  watcher.on('pageerror', (e) => problems.push(`watcher: page error: ${e.message}`));

  let arena = 0;
  await step('the list is empty; the header links to it; a visitor is asked to log in to create one', async () => {
    await watcher.goto(`${base}/`);
    await watcher.click('#site-nav a[href="/tournaments"]');
    await watcher.waitForSelector('.running-list');
    check((await watcher.locator('.create-tournament').count()) === 0, 'no Create button for a visitor');
    check((await watcher.textContent('.tournaments-head')).includes('Log in to create'), 'a visitor is told to log in');
    check((await watcher.locator('.tournament-row').count()) === 0, 'no tournament yet');
  });
  await step('the form: an error the server names is shown under its field, nothing created', async () => {
    await alice.page.goto(`${base}/tournaments`);
    await alice.page.click('.create-tournament');
    await alice.page.waitForSelector('form.tournament-form select[name=game] option[value=shogi]', { state: 'attached' });
    await alice.page.selectOption('form.tournament-form select[name=game]', 'shogi');
    await alice.page.fill('form.tournament-form input[name=minutes]', '0');
    refusals.push(422);
    await alice.page.click('form.tournament-form button[type=submit]');
    const err = alice.page.locator('.field[data-field=minutes] .field-error');
    await err.waitFor({ state: 'visible' });
    check((await err.textContent()).length > 0, 'the minutes error has the server’s message');
    check(/\/tournaments\/new$/.test(alice.page.url()), 'still on the form');
    check((await alice.api('GET', '/api/tournaments')).upcoming.length === 0, 'nothing was created');
  });
  await step('Alice creates a one-minute arena of shogi with the computer at level 1', async () => {
    const f = 'form.tournament-form';
    await alice.page.fill(`${f} input[name=name]`, 'Minute arena');
    await alice.page.fill(`${f} input[name=minutes]`, '1');
    await alice.page.fill(`${f} input[name=tc_minutes]`, '1');
    await alice.page.fill(`${f} input[name=byoyomi]`, '5');
    await alice.page.fill(`${f} input[name=periods]`, '1');
    await alice.page.selectOption(`${f} select[name=start_kind]`, 'manual');
    await alice.page.fill(`${f} input[name=computer_entries]`, '1');
    await alice.page.selectOption(`${f} select[name=computer_level]`, '1');
    await alice.page.click(`${f} button[type=submit]`);
    await alice.page.waitForURL(/\/tournaments\/\d+$/);
    arena = Number(alice.page.url().split('/').pop());
    await alice.page.waitForSelector('.tournament-header h1');
    check((await alice.page.textContent('.tournament-header h1')) === 'Minute arena', 'its name');
    check((await alice.page.textContent('.tournament-rules')).includes('do not count'), 'the rules say games running at the end do not count');
  });
  await step('Bob and Carol join from the list; Bob sees no Start button; Alice joins and starts it', async () => {
    for (const p of [bob, carol]) {
      await p.page.goto(`${base}/tournaments`);
      await p.page.click(`.tournament-row[data-tournament="${arena}"] a.tournament-name`);
      await p.page.click('.tournament-actions .join');
      await p.page.waitForSelector(`.standings-table tr[data-user="${p.name}"]`);
    }
    check((await bob.page.locator('.tournament-actions .start').count()) === 0, 'only its creator or a moderator starts it');
    await alice.page.click('.tournament-actions .join');
    await alice.page.waitForSelector(`.standings-table tr[data-user="${alice.name}"]`);
    await watcher.goto(`${base}/tournaments/${arena}`);
    await watcher.waitForSelector('.standings-table');
    check((await watcher.locator('.standings-table tbody tr').count()) === 4, 'three players and the computer');
    await shot(watcher, 'upcoming-desktop-light');
    await watcher.evaluate(() => { window.notReloaded = true; });
    // An upcoming event for the list: a Swiss of Chu Shogi by correspondence, in two hours.
    await alice.api('POST', '/api/tournaments', { kind: 'swiss', name: 'Chu Swiss by mail', game: 'chu', rated: true, time_control: '3 days', rounds: 5, starts_at: Date.now() + 7_200_000 });
    await alice.page.click('.tournament-actions .start');
  });
  await step('the arena: players are taken to their games, play them out and are paired again until it ends', async () => {
    const first = await Promise.all(players.map((p) => p.page.waitForURL(/\/game\/\d+$/, { timeout: 15000 }).then(() => p.page.url())));
    check(first.length === 3, 'each player was taken to a game');
    // Running: the screenshots, while the others play.
    const shooting = (async () => {
      await sleep(15000);
      await watcher.waitForSelector('.standings-table td.score');
      await shot(watcher, 'running-desktop-light');
      for (const [name, ctx] of [['running-phone-dark', { ...phone, colorScheme: 'dark' }], ['running-desktop-dark', { ...desktop, colorScheme: 'dark' }], ['running-phone-light', phone]]) {
        const c = await browser.newContext(ctx);
        const pg = await c.newPage();
        await pg.goto(`${base}/tournaments/${arena}`);
        await pg.waitForSelector('.standings-table');
        await shot(pg, name);
        await pg.goto(`${base}/tournaments`);
        await pg.waitForSelector('.running-list .tournament-row');
        await shot(pg, name.replace('running', 'list-running'));
        await c.close();
      }
    })();
    const games = await Promise.all(players.map((p) => playOut(p, arena)));
    await shooting;
    check(games.every((g) => g.size >= 2), `each player played two games or more: ${games.map((g) => g.size)}`);
  });
  await step('the arena is over: everyone sees the podium; the spectator’s standings changed without a reload', async () => {
    for (const p of players) {
      await p.page.goto(`${base}/tournaments/${arena}`);
      await p.page.waitForSelector('.podium .place-1');
    }
    await watcher.waitForSelector('.podium .place-1', { timeout: 10000 });
    check(await watcher.evaluate(() => window.notReloaded === true), 'the spectator’s page was not reloaded');
    const scores = await watcher.locator('.standings-table td.score').allTextContents();
    check(scores.some((s) => Number(s) > 0), `scores arrived live: ${scores}`);
    const t = await alice.api('GET', `/api/tournaments/${arena}`);
    check(t.status === 'finished' && t.podium.length >= 3 && t.stats.games > 0, 'finished with a podium and statistics');
  });

  let robin = 0;
  await step('a private round robin: a wrong password is refused, the right one joins', async () => {
    const t = await alice.api('POST', '/api/tournaments', { kind: 'robin', name: 'Club robin', game: 'shogi', rated: true, time_control: '60 byoyomi 5', password: 'sesame', computer: { entries: 1, level: 1 } });
    robin = t.id;
    await bob.page.goto(`${base}/tournaments/${robin}`);
    await bob.page.click('.tournament-actions .join');
    await bob.page.fill('dialog[data-dialog=tournament-password] input', 'wrong');
    refusals.push(403);
    await bob.page.click('dialog[data-dialog=tournament-password] button[type=submit]');
    await bob.page.waitForSelector('dialog[data-dialog=tournament-password] .notice.error:not([hidden])');
    await bob.page.fill('dialog[data-dialog=tournament-password] input', 'sesame');
    await bob.page.click('dialog[data-dialog=tournament-password] button[type=submit]');
    await bob.page.waitForSelector(`.standings-table tr[data-user="${bob.name}"]`);
    await carol.api('POST', `/api/tournaments/${robin}/join`, { password: 'sesame' });
    await alice.api('POST', `/api/tournaments/${robin}/join`, { password: 'sesame' });
    for (const p of [alice, carol]) await p.page.goto(`${base}/tournaments/${robin}`);
    await alice.page.waitForSelector('.tournament-actions .start');
    await alice.page.click('.tournament-actions .start');
  });
  await step('the round robin is played to the end: crosstable full, podium', async () => {
    const games = await Promise.all(players.map((p) => playOut(p, robin)));
    check(games.every((g) => g.size === 3), `each player met the three others: ${games.map((g) => g.size)}`);
    for (const p of players) {
      await p.page.goto(`${base}/tournaments/${robin}`);
      await p.page.waitForSelector('.podium .place-1');
    }
    const cells = await alice.page.locator('.crosstable-table tbody td .xt').allTextContents();
    check(cells.filter((c) => c !== '').length === 12, `every pair's result twice in the crosstable: ${cells}`);
  });
  await step('screenshots: the list, the form and the finished events, desktop and phone, light and dark', async () => {
    const views = [['desktop', desktop], ['phone', phone]].flatMap(([size, ctx]) => ['light', 'dark'].map((scheme) => [`${size}-${scheme}`, { ...ctx, colorScheme: scheme }]));
    for (const [variant, ctx] of views) {
      const c = await browser.newContext(ctx);
      await c.addInitScript(([token, user]) => {
        localStorage.setItem('kirin.token', token);
        localStorage.setItem('kirin.user', user);
      }, [alice.token, alice.name]);
      const pg = await c.newPage();
      for (const [path, ready, name] of [['/tournaments', '.finished-list .tournament-row', 'list'], ['/tournaments/new', 'form.tournament-form select[name=game] option', 'form'],
        [`/tournaments/${arena}`, '.podium .place-1', 'finished'], [`/tournaments/${robin}`, '.crosstable-table', 'robin-finished']]) {
        await pg.goto(`${base}${path}`);
        await pg.waitForSelector(ready, { state: 'attached' });
        await shot(pg, `${name}-${variant}`);
      }
      await c.close();
    }
  });
  await step('in Japanese: the list and a finished arena, in Japanese words', async () => {
    const c = await browser.newContext(desktop);
    await c.addInitScript(() => localStorage.setItem('kirin.display', JSON.stringify({ lang: 'ja' })));
    const pg = await c.newPage();
    await pg.goto(`${base}/tournaments`);
    await pg.waitForSelector('.finished-list .tournament-row');
    check((await pg.textContent('.tournaments-head h1')) === '大会', 'the list’s title');
    await shot(pg, 'ja-list-desktop-light');
    await pg.goto(`${base}/tournaments/${arena}`);
    await pg.waitForSelector('.podium .place-1');
    for (const [sel, ja] of [['.standings h2', '順位表'], ['.podium h2', '表彰台'], ['.status-badge', '終了'], ['.arena-end-rule', 'アリーナの終了時']]) {
      check((await pg.textContent(sel)).includes(ja), `${sel} says ${ja}`);
    }
    await shot(pg, 'ja-finished-desktop-light');
    await c.close();
  });
  await browser.close();
}

main().then(() => {
  server?.kill('SIGTERM');
  console.log('tournaments e2e: all passed');
}, (e) => {
  server?.kill('SIGTERM');
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
