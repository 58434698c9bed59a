#!/usr/bin/env node
// End-to-end test of a player's default rule profile (issue 30) against a real `kirin serve`:
// the settings page has a select per game with profiles; the choice is kept on the account
// (GET /api/me/preferences) and the challenge form then starts with it chosen; a challenge sent
// from it is played under that profile, and "Default" sends the game's own. Screenshots of the
// settings section at desktop and phone sizes, light and dark, and in Japanese go to
// $KIRIN_E2E_SHOTS (default /tmp/shots30-profiles).
//
//   node tests/profiles.e2e.mjs [path/to/kirin]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { apiAs, check, PASSWORD, serve, sleep } from './lib.mjs';

const shots = resolve(process.env.KIRIN_E2E_SHOTS ?? '/tmp/shots30-profiles');
const problems = [];
let server;

/** A browser page signed in as this account, with these display settings. */
async function signedIn(browser, account, context, display) {
  const ctx = await browser.newContext(context);
  await ctx.addInitScript(([token, user, shown]) => {
    localStorage.setItem('kirin.token', token);
    localStorage.setItem('kirin.user', user);
    if (shown) localStorage.setItem('kirin.display', shown);
  }, [account.token, account.user.name, display ? JSON.stringify(display) : '']);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return page;
}

async function step(name, f) {
  const t = Date.now();
  await f();
  await sleep(100);
  check(problems.length === 0, `errors in the browser:\n${problems.join('\n')}`);
  console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
}

async function main() {
  mkdirSync(shots, { recursive: true });
  const started = await serve('profiles', ['--rated-min-account-age', '0', '--signups-per-address-per-hour', '0'], '/api/variants');
  server = started.server;
  const { base } = started;
  const signup = (name) => apiAs(base)('POST', '/api/signup', { name, email: `${name}@example.org`, password: PASSWORD });
  const alice = await signup('alice');
  await signup('bob');
  const api = apiAs(base, alice.token);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const desktop = { viewport: { width: 1280, height: 720 } };
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const page = await signedIn(browser, alice, desktop);
  const select = '.challenge-profiles select[data-game=chu]';
  const form = 'form.create-form';
  /** Alice's challenges once there are `n`. */
  const outgoing = async (n) => {
    for (let i = 0; ; i++) {
      const mine = (await api('GET', '/api/challenges')).outgoing ?? [];
      if (mine.length >= n) return mine;
      check(i < 40, `challenge ${n} was not sent`);
      await sleep(100);
    }
  };
  /** The challenge form with Chu chosen, once it has chosen Alice's profile by itself. */
  const chuForm = async () => {
    await page.goto(`${base}/`);
    await page.waitForSelector(`${form} select[name=game] option[value=chu]`, { state: 'attached' });
    await page.selectOption(`${form} select[name=game]`, 'chu');
    await page.waitForFunction(() => document.querySelector('form.create-form select[name=profile]')?.value === 'pbmserv');
    await page.selectOption(`${form} select[name=opponent_kind]`, 'person');
    await page.fill(`${form} input[name=opponent]`, 'bob');
  };

  await step('settings: a select for Chu Shogi (the only game with profiles), none chosen', async () => {
    await page.goto(`${base}/settings`);
    await page.waitForSelector(select);
    check((await page.locator('.challenge-profiles select').count()) === 1, 'one select: only Chu has profiles');
    check((await page.inputValue(select)) === '', 'the game’s default at first');
    const names = await page.locator(`${select} option`).allTextContents();
    check(names[0] === 'Default (lishogi)' && names.includes('pbmserv') && names.includes('jcsa'), `the choices: ${names}`);
  });
  await step('choosing pbmserv keeps it on the account', async () => {
    await page.selectOption(select, 'pbmserv');
    await page.waitForSelector('.account-settings .notice.success:not([hidden])');
    const prefs = await api('GET', '/api/me/preferences');
    check(prefs.profiles.chu === 'pbmserv', `stored: ${JSON.stringify(prefs.profiles)}`);
    await page.reload();
    await page.waitForSelector(select);
    check((await page.inputValue(select)) === 'pbmserv', 'shown again after a reload');
  });
  await step('the challenge form starts with pbmserv chosen for Chu, and a challenge from it is played under it', async () => {
    await chuForm();
    await page.click(`${form} button[type=submit]`);
    const [sent] = await outgoing(1);
    check(sent.setup.profile === 'pbmserv', `sent under ${sent.setup.profile}`);
  });
  await step('"Default" in the form sends the game’s own rules', async () => {
    await chuForm();
    await page.click(`${form} details.rules summary`);
    await page.selectOption(`${form} select[name=profile]`, { index: 0 });
    await page.click(`${form} button[type=submit]`);
    const sent = await outgoing(2);
    check(sent.some((c) => c.setup.profile === 'lishogi'), `profiles sent: ${sent.map((c) => c.setup.profile)}`);
  });
  await step('screenshots: desktop and phone, light and dark, and Japanese', async () => {
    for (const [size, context] of [['desktop', desktop], ['phone', phone]]) {
      for (const theme of ['light', 'dark']) {
        const p = await signedIn(browser, alice, { ...context, colorScheme: theme }, { theme });
        await p.goto(`${base}/settings`);
        await p.waitForSelector(select);
        await p.locator('.challenge-profiles').scrollIntoViewIfNeeded();
        await p.locator('.challenge-profiles').screenshot({ path: join(shots, `profiles-${size}-${theme}.png`) });
        await p.context().close();
      }
    }
    const ja = await signedIn(browser, alice, desktop, { lang: 'ja' });
    await ja.goto(`${base}/settings`);
    await ja.waitForSelector(select);
    check((await ja.textContent('.challenge-profiles legend')) === '自分の挑戦のルール', 'the legend in Japanese');
    const help = await ja.evaluate(() => document.querySelector('.challenge-profiles small').firstChild.textContent);
    check(!/[A-Za-z]{3,}/.test(help), `the help in Japanese: ${help}`);
    await ja.locator('.challenge-profiles').screenshot({ path: join(shots, 'profiles-ja.png') });
    await ja.context().close();
  });
  await browser.close();
}

main().then(() => {
  server?.kill('SIGTERM');
  console.log('profiles e2e: all passed');
}, (e) => {
  server?.kill('SIGTERM');
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
