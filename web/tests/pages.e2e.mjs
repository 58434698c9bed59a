#!/usr/bin/env node
// End-to-end test of the web pages other than the game page (issue 30, "On the web", 4) against
// a real `kirin serve` (its own port and SQLite store), in Debian's Chromium:
//   the challenge form's Rated box disabled, saying why, against the computer (and the server's
//   refusal of a rated challenge to it); the Takebacks box beside its label and the clock fields
//   on one line; the rating graph's starting point, dates and unclipped labels; the
//   leaderboard's word on provisional ratings and their table; the problem collections'
//   Japanese titles; the inbox's previews and its Sent view; the phone editor's palette in view
//   above the board; the rated and clock columns of /games; the password rule on the sign-up and
//   password-change forms, in English and Japanese; these pages in Japanese with no English word
//   left.
// Screenshots of every page these touch, desktop (1280x720) and phone (390x844), light and
// dark, go to $KIRIN_E2E_SHOTS (default /tmp/shots30p).
//
//   node tests/pages.e2e.mjs [path/to/kirin]
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { apiAs, check, dist, kirin, PASSWORD, sleep, startServer, stepRunner } from './lib.mjs';

const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots30p');
const problems = [];
const pages = [];

const desktop = { viewport: { width: 1280, height: 720 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A page in a new context, signed in as `who` (or a visitor), in a language and theme. */
async function open(browser, who, { size = desktop, lang = 'en', theme = 'light' } = {}) {
  const ctx = await browser.newContext({ ...size, colorScheme: theme });
  await ctx.addInitScript(([token, user, display]) => {
    localStorage.setItem('kirin.display', display);
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

/** Boxes of what a selector matches, as the page lays them out. */
const boxes = (page, selector) => page.$$eval(selector, (els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, w: r.width, h: r.height, top: r.top, bottom: r.bottom };
}));

async function main() {
  check(existsSync(kirin), `no kirin binary at ${kirin}`);
  check(existsSync(join(dist, 'index.html')), 'web/dist is not built (npm run build)');
  mkdirSync(shots, { recursive: true });
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'kirin-pages-e2e-'));
  const { server, base } = await startServer(`sqlite:${join(tmp, 'kirin.db')}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const suffix = String(Date.now() % 100000);
  const person = async (name) => {
    const account = await apiAs(base)('POST', '/api/signup', { name: `${name}${suffix}`, email: `${name}${suffix}@example.org`, password: PASSWORD });
    return { name: account.user.name, token: account.token, api: apiAs(base, account.token) };
  };
  const alice = await person('alice');
  const bob = await person('bob');

  // What the pages show: a rated shogi game Alice won (both ratings provisional), a casual
  // game with a clock, and messages both ways.
  const challenge = await alice.api('POST', '/api/challenges', { opponent: bob.name, game: 'shogi', rated: true, color: 'black' });
  const rated = (await bob.api('POST', `/api/challenges/${challenge.id}/accept`)).game;
  for (const [p, move, ply] of [[alice, '7g7f', 0], [bob, '3c3d', 1], [alice, '2g2f', 2], [bob, '8c8d', 3]])
    await p.api('POST', `/api/games/${rated}/moves`, { move, expected_ply: ply });
  await bob.api('POST', `/api/games/${rated}/resign`);
  const clocked = await alice.api('POST', '/api/challenges', { opponent: bob.name, game: 'chu', color: 'black', time_control: '600 byoyomi 30' });
  const casual = (await bob.api('POST', `/api/challenges/${clocked.id}/accept`)).game;
  await bob.api('POST', '/api/messages', { to: [alice.name], text: 'Shall we play Chu tonight?\nI am free after eight.\nBring your Lions.' });
  await alice.api('POST', '/api/messages', { to: [bob.name], text: 'Gladly: after eight it is.' });

  const views = [['desktop', desktop], ['phone', phone]].flatMap(([size, ctx]) => ['light', 'dark'].map((theme) => ({ name: `${size}-${theme}`, size: ctx, theme })));
  /** Screenshots of each page, after its `ready`, at both sizes in both themes: a browser
   *  context a view, signed in as Alice, going from page to page, the four views at once. */
  const shotsOf = (list) => Promise.all(views.map(async (v) => {
    const page = await open(browser, alice, { size: v.size, theme: v.theme });
    for (const [path, name, ready] of list) {
      await page.goto(`${base}${path}`);
      await ready(page);
      await page.screenshot({ path: join(shots, `${name}-${v.name}.png`), fullPage: true });
    }
    await page.context().close();
    pages.splice(pages.indexOf(page), 1);
  }));

  try {
    await step('1. the Rated box against the computer: unticked, disabled, saying why; the server refuses it too', async () => {
      const page = await open(browser, alice);
      await page.goto(`${base}/`);
      await page.waitForSelector('.create-form select[name=game] option', { state: 'attached' });
      const box = page.locator('.create-form input[name=rated]');
      await box.check();
      await page.selectOption('.create-form select[name=opponent_kind]', 'computer');
      check(await box.isVisible(), 'the Rated box stays in view against the computer');
      check(await box.isDisabled(), 'the Rated box is disabled against the computer');
      check(!(await box.isChecked()), 'the Rated box is unticked against the computer');
      const why = await page.textContent('#rated-help');
      check(/computer is casual/.test(why), `the reason shown: "${why}"`);
      await page.selectOption('.create-form select[name=opponent_kind]', 'anyone');
      check(await box.isEnabled(), 'against anyone, the Rated box may be ticked again');
      // Over the API (what the web form no longer sends): refused, nothing started.
      const refused = await alice.api('POST', '/api/challenges', { opponent: 'kirin', game: 'shogi', rated: true }, 422);
      check(refused.error.field === 'rated' && refused.error.message === 'a game against the computer is casual', JSON.stringify(refused));
      await page.context().close();
    });

    await step('2. the Takebacks box beside its label; the clock fields on one line, desktop and phones', async () => {
      // Where a label wrapped before: a 360-pixel Android phone in Japanese, a 460-pixel window.
      const narrow = (width) => ({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      for (const [size, lang] of [[desktop, 'en'], [phone, 'en'], [narrow(360), 'ja'], [narrow(460), 'en']]) {
        const page = await open(browser, alice, { size, lang });
        await page.goto(`${base}/`);
        await page.waitForSelector('.create-form select[name=game] option', { state: 'attached' });
        await page.selectOption('.create-form select[name=tc_kind]', 'live');
        const [box] = await boxes(page, '.create-form input[name=takebacks]');
        const label = await page.locator('.create-form input[name=takebacks]').evaluate((i) => {
          const r = i.closest('label')?.getBoundingClientRect();
          return r ? { top: r.top, bottom: r.bottom } : null;
        });
        check(box.w < 40, `the Takebacks box is ${box.w}px wide (a box, not the form's width)`);
        check(label && box.top >= label.top - 1 && box.bottom <= label.bottom + 1, `the Takebacks box sits in its label's line: ${JSON.stringify({ box, label })}`);
        // The fields of one line of the clock (their labels side by side) have their inputs at
        // one height, whatever their labels' lengths.
        const fields = await page.$$eval('.create-form .row:not([hidden]) .field', (els) => els.map((f) => ({
          label: f.querySelector('label').getBoundingClientRect().top, input: f.querySelector('input').getBoundingClientRect().top,
          name: f.querySelector('input').name })));
        check(fields.length === 4, `four clock fields: ${JSON.stringify(fields)}`);
        const lines = new Map();
        for (const f of fields) lines.set(Math.round(f.label), [...(lines.get(Math.round(f.label)) ?? []), f]);
        for (const line of lines.values()) {
          const tops = line.map((f) => f.input);
          check(Math.max(...tops) - Math.min(...tops) < 1, `the clock inputs ${line.map((f) => f.name)} line up: ${tops}`);
        }
        await page.context().close();
      }
    });

    await step('3. the rating graph: its starting point (1500), dates below, no label clipped', async () => {
      const page = await open(browser, bob);
      await page.goto(`${base}/@/${bob.name}`);
      const graph = page.locator('svg.rating-graph');
      await graph.waitFor();
      const drawn = await graph.evaluate((g) => {
        const view = g.viewBox.baseVal;
        const texts = [...g.querySelectorAll('text')].map((t) => {
          const b = t.getBBox();
          return { text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height, cls: t.getAttribute('class') };
        });
        const start = g.querySelector('circle.start');
        return { view: { w: view.width, h: view.height }, texts, start: start && { cy: Number(start.getAttribute('cy')) }, dots: g.querySelectorAll('circle').length };
      });
      check(drawn.start, 'the graph has a starting point');
      check(drawn.dots === 2, `the start and Bob's one game: ${drawn.dots} dots`);
      const startLabel = drawn.texts.find((t) => t.text === '1500');
      check(startLabel, `the start's rating is labelled: ${drawn.texts.map((t) => t.text)}`);
      check(drawn.texts.some((t) => t.text === '1338'), 'the rating after the game is labelled');
      const dates = drawn.texts.filter((t) => t.cls === 'x-label');
      const today = new Date().toLocaleDateString('en');
      check(dates.length >= 1 && dates.every((d) => d.text === today), `the dates on the axis: ${dates.map((d) => d.text)}`);
      for (const t of drawn.texts)
        check(t.x >= 0 && t.y >= 0 && t.x + t.w <= drawn.view.w + 0.5 && t.y + t.h <= drawn.view.h + 0.5, `"${t.text}" is inside the graph: ${JSON.stringify(t)}`);
      await page.context().close();
    });

    await step('4. the leaderboard says why provisional players are not on it, and lists them apart', async () => {
      const page = await open(browser, null);
      await page.goto(`${base}/leaderboard?game=shogi`);
      await page.waitForSelector('.provisional-why');
      const why = await page.textContent('.provisional-why');
      check(why.includes('110'), `the word on why: "${why}"`);
      const rows = await page.$$eval('table.provisional tbody tr', (trs) => trs.map((tr) => tr.dataset.user));
      check(rows.join() === [alice.name, bob.name].join(), `the provisional table: ${rows}`);
      check((await page.locator('table.established').count()) === 0, 'no established ratings yet, so no main table');
      await page.context().close();
      const ja = await open(browser, null, { lang: 'ja' });
      await ja.goto(`${base}/leaderboard?game=shogi`);
      await ja.waitForSelector('.provisional-why');
      check((await ja.textContent('.provisional-why')).includes('偏差'), 'the word on why, in Japanese');
      await ja.context().close();
    });

    await step('5. the problem collections titled in Japanese on Japanese pages', async () => {
      const ja = await open(browser, null, { lang: 'ja' });
      await ja.goto(`${base}/problems`);
      await ja.waitForSelector('.problem-collection h2');
      const titles = await ja.$$eval('.problem-collection h2', (hs) => hs.map((h) => h.textContent));
      check(titles.length === 2, `two collections: ${titles}`);
      for (const title of titles) check(!/[A-Za-z]{3,}/.test(title), `a Japanese title: "${title}"`);
      check(titles.some((t) => t.includes('中将棋')) && titles.some((t) => t.includes('将棋無双')), `the titles: ${titles}`);
      await ja.click('.problem-collection a[data-problem="A1"]');
      await ja.waitForSelector('.breadcrumb');
      check((await ja.textContent('.breadcrumb')).includes('中将棋'), 'the problem page names its collection in Japanese');
      const en = await open(browser, null);
      await en.goto(`${base}/problems`);
      await en.waitForSelector('.problem-collection h2');
      check((await en.textContent('.problem-collection h2')).includes('Middle Shogi Manual'), 'in English, the English title');
      await ja.context().close();
      await en.context().close();
    });

    await step('6. the inbox: each message with its first lines; a Sent view of what one sent', async () => {
      const page = await open(browser, alice);
      await page.goto(`${base}/messages`);
      await page.waitForSelector('.message-list[data-box="inbox"] li[data-message]');
      const preview = page.locator('.message-list li[data-message] .message-preview');
      check((await preview.textContent()).startsWith('Shall we play Chu tonight?'), 'the row shows the message’s start');
      check(await preview.isVisible(), 'the preview is shown while the message is closed');
      const lines = await preview.evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)));
      check(lines === 2, `two lines of the three shown: ${lines}`);
      await page.click('.message-list li[data-message] .message-head');
      check(await page.locator('.message-list li[data-message] .message-text').isVisible(), 'opened: the whole text');
      await page.click('.inbox .tabs button[data-box="sent"]');
      await page.waitForSelector('.message-list[data-box="sent"] li[data-message]');
      check(page.url().endsWith('/messages?box=sent'), `the Sent view's address: ${page.url()}`);
      const sent = await page.$$eval('.message-list li[data-message]', (lis) => lis.map((li) => li.textContent));
      check(sent.length === 1 && sent[0].includes(`To ${bob.name}`) && sent[0].includes('Gladly: after eight'), `Alice's sent messages: ${sent}`);
      await page.context().close();
    });

    await step('7. the phone editor: the palette above the board, in view while the board is', async () => {
      const page = await open(browser, null, { size: phone });
      await page.goto(`${base}/editor?variant=chu`);
      await page.waitForSelector('.palette-piece');
      const [palette] = await boxes(page, '.palette');
      const [board] = await boxes(page, 'svg.board');
      check(palette.bottom <= board.top + 1, `the palette (${palette.top}–${palette.bottom}) is above the board (from ${board.top})`);
      // Scrolled so that the board's last rank is at the screen's bottom: the palette stays at the top.
      await page.evaluate((b) => window.scrollTo(0, b), board.bottom + 1 - 844 + 20);
      const [after] = await boxes(page, '.palette');
      const [boardAfter] = await boxes(page, 'svg.board');
      check(after.top >= -1 && after.bottom <= 844 && boardAfter.bottom <= 844, `the palette stays in view: ${JSON.stringify({ after, boardAfter })}`);
      // And it works from there: a piece chosen, a square tapped.
      await page.locator('.palette-piece').first().tap();
      const square = page.locator('svg.board [data-sq="6f"]');
      await square.tap();
      check(await square.getAttribute('data-piece'), 'the tapped square holds the piece');
      await page.context().close();
    });

    await step('8. /games: rated and clock columns', async () => {
      const page = await open(browser, null);
      await page.goto(`${base}/games`);
      await page.waitForSelector(`tr[data-game="${rated}"]`);
      const heads = await page.$$eval('.games-table thead th', (ths) => ths.map((t) => t.textContent));
      check(heads.includes('Rated') && heads.includes('Clock'), `the columns: ${heads}`);
      const cells = (id) => page.$$eval(`tr[data-game="${id}"] td`, (tds) => tds.map((t) => t.textContent));
      const r = await cells(rated);
      const c = await cells(casual);
      check(r[heads.indexOf('Rated')] === 'Rated' && c[heads.indexOf('Rated')] === 'Casual', `rated or casual: ${r}; ${c}`);
      check(r[heads.indexOf('Clock')] === 'no clock' && c[heads.indexOf('Clock')] === '10 min + 30 s byoyomi', `the clocks: ${r}; ${c}`);
      await page.context().close();
    });

    await step('9. the password rule stated on the sign-up and password-change forms, English and Japanese', async () => {
      for (const lang of ['en', 'ja']) {
        const page = await open(browser, null, { lang });
        await page.goto(`${base}/signup`);
        const hint = await page.textContent('#auth-password-hint');
        check(hint.includes('8') && (lang === 'en' ? /commonest/.test(hint) : /よく使われる/.test(hint)), `the sign-up hint (${lang}): "${hint}"`);
        check((await page.getAttribute('#auth-password', 'aria-describedby')) === 'auth-password-hint', 'the hint describes the field');
        await page.context().close();
        const settings = await open(browser, alice, { lang });
        await settings.goto(`${base}/settings`);
        const change = await settings.textContent('#account-new-password-hint');
        check(change === hint, `the password-change hint (${lang}): "${change}"`);
        await settings.context().close();
      }
      // The rule is the server's: a password it refuses for being common.
      const refused = await apiAs(base)('POST', '/api/signup', { name: `carol${suffix}`, email: `carol${suffix}@example.org`, password: 'password1' }, 422);
      check(/commonest/.test(refused.error.message), JSON.stringify(refused));
    });

    await step('10. the pages changed, in Japanese: no English word left (names, citations and what users wrote aside)', async () => {
      const ja = await open(browser, alice, { lang: 'ja' });
      const allowed = [alice.name, bob.name, 'example.org', 'Kirin', 'kirin', 'SFEN', 'Shall we play Chu tonight?', 'I am free after eight.', 'Bring your Lions.', 'Gladly: after eight it is.'];
      for (const [path, ready] of [
        ['/', async () => {
          await ja.waitForSelector('.create-form select[name=game] option', { state: 'attached' });
          await ja.selectOption('.create-form select[name=opponent_kind]', 'computer');
          await ja.selectOption('.create-form select[name=tc_kind]', 'live');
        }],
        [`/@/${bob.name}`, () => ja.waitForSelector('svg.rating-graph')],
        ['/leaderboard?game=shogi', () => ja.waitForSelector('table.provisional')],
        ['/messages', () => ja.waitForSelector('.message-preview')],
        ['/messages?box=sent', () => ja.waitForSelector('.message-list[data-box="sent"] li[data-message]')],
        ['/problems', () => ja.waitForSelector('.problem-collection h2')],
        ['/games', () => ja.waitForSelector(`tr[data-game="${rated}"]`)],
        ['/signup', () => ja.waitForSelector('#auth-password-hint')],
      ]) {
        await ja.goto(`${base}${path}`);
        await ready();
        // Every visible text and label not marked English (lang="en": a cited source).
        const left = await ja.evaluate((allowed) => {
          const out = [];
          const texts = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement;
            if (!el || el.closest('script, style, [lang^="en"]')) continue;
            const shown = el.tagName.toLowerCase() === 'title' ? el.parentElement : el.closest('select') ?? el;
            if (shown.checkVisibility({ checkVisibilityCSS: true })) texts.push(n.textContent);
          }
          for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]'))
            if (el.checkVisibility({ checkVisibilityCSS: true })) texts.push(...['placeholder', 'title', 'aria-label'].map((a) => el.getAttribute(a) ?? ''));
          for (const text of texts) {
            let rest = text;
            for (const a of allowed) rest = rest.split(a).join(' ');
            if (/[A-Za-z]{3,}/.test(rest)) out.push(text.trim().slice(0, 80));
          }
          return out;
        }, allowed);
        check(left.length === 0, `English left on ${path} in Japanese: ${left.join(' | ')}`);
      }
      await ja.context().close();
    });

    await step('screenshots: every page changed, desktop 1280x720 and phone 390x844, light and dark', async () => {
      await shotsOf([
        ['/', 'lobby-form', async (p) => {
          await p.waitForSelector('.create-form select[name=game] option', { state: 'attached' });
          await p.selectOption('.create-form select[name=opponent_kind]', 'computer');
          await p.selectOption('.create-form select[name=tc_kind]', 'live');
        }],
        [`/@/${bob.name}`, 'profile', (p) => p.waitForSelector('svg.rating-graph')],
        ['/leaderboard?game=shogi', 'leaderboard', (p) => p.waitForSelector('.provisional-why')],
        ['/messages', 'inbox', (p) => p.waitForSelector('.message-preview')],
        ['/messages?box=sent', 'inbox-sent', (p) => p.waitForSelector('.message-list[data-box="sent"] li[data-message]')],
        ['/editor?variant=chu', 'editor', (p) => p.waitForSelector('.palette-piece')],
        ['/games', 'games', (p) => p.waitForSelector(`tr[data-game="${rated}"]`)],
        ['/signup', 'signup', (p) => p.waitForSelector('#auth-password-hint')],
        ['/settings', 'settings', (p) => p.waitForSelector('#account-new-password-hint')],
      ]);
      const ja = await open(browser, null, { lang: 'ja' });
      await ja.goto(`${base}/problems`);
      await ja.waitForSelector('.problem-collection h2');
      await ja.screenshot({ path: join(shots, 'problems-ja-desktop-light.png') });
      await ja.context().close();
    });
    console.log(`pages e2e: all steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
