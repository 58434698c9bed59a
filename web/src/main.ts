// Kirin's web front-end: the page shell (header, navigation, connection status) and the routes.
import './fonts/kanji.css';
import './style.css';
import { push } from './api/ws';
import { analysisPage } from './pages/analysis';
import { importPage } from './pages/imports';
import { archivePage } from './pages/archive';
import { authPage } from './pages/auth';
import { editorPage } from './pages/editor';
import { gamePage } from './pages/game';
import { leaderboardPage } from './pages/leaderboard';
import { lobbyPage } from './pages/lobby';
import { profilePage } from './pages/profile';
import { rulesPage } from './pages/rules';
import { settingsPage } from './pages/settings';
import { t, type MessageKey } from './i18n';
import { h } from './render/svg';
import { navigate, onNavigate, route, setNotFound, startRouter } from './router';
import { session } from './session';
import { challengeNotice } from './ui/challengeNotice';
import { profileHref } from './ui/rating';
import { toast } from './ui/notice';
import type { PushEvent } from './api/types';

const header = document.getElementById('header')!;
const main = document.getElementById('main')!;
const connection = h('span', { class: 'connection', role: 'status' });
// On narrow screens the links fold into a menu behind a button (style.css); Escape, a click
// elsewhere or following a link closes it.
let menuOpen = false;
function setMenu(open: boolean): void {
  menuOpen = open;
  header.classList.toggle('menu-open', open);
  header.querySelector('.menu-button')?.setAttribute('aria-expanded', String(open));
}
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !menuOpen) return;
  setMenu(false);
  header.querySelector<HTMLElement>('.menu-button')?.focus();
});
document.addEventListener('click', (e) => {
  if (menuOpen && !header.contains(e.target as Node)) setMenu(false);
});

function drawHeader(): void {
  const path = location.pathname;
  const link = (href: string, text: string) => h('a', { href, class: path === href.split('?')[0] ? 'active' : '', 'aria-current': path === href.split('?')[0] ? 'page' : undefined }, text);
  const account = session.signedIn
    ? [link('/settings', t('nav.settings')),
       h('a', { href: profileHref(session.name!), class: 'user-name', 'data-user': session.name! }, session.name!),
       h('button', { type: 'button', class: 'link-button sign-out', onclick: () => void session.signOut().then(() => navigate('/')) }, t('nav.logOut'))]
    : [link('/settings', t('nav.settings')), link(`/login?next=${encodeURIComponent(path + location.search)}`, t('nav.logIn')), h('a', { href: '/signup', class: 'button primary small' }, t('nav.signUp'))];
  connection.title = t('shell.liveUpdates');
  document.querySelector('.skip-link')!.textContent = t('shell.skip');
  header.replaceChildren(
    h('a', { href: '/', class: 'brand', 'aria-label': t('nav.brandLabel') }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '麒'), 'Kirin'),
    h('nav', { id: 'site-nav', 'aria-label': t('nav.main') }, link('/', t('nav.lobby')), link('/analysis', t('nav.analysis')), link('/games', t('nav.games')), link('/leaderboard', t('ratings.nav')),
      link('/rules/chu', t('rules.nav')), link('/editor', t('editor.nav')), link('/import', t('import.nav')), ...account),
    connection,
    h('button', { type: 'button', class: 'menu-button', 'aria-controls': 'site-nav', 'aria-expanded': 'false', 'aria-label': t('nav.menu'), onclick: () => setMenu(!menuOpen) },
      h('span', { class: 'menu-icon', 'aria-hidden': 'true' })),
  );
  setMenu(false);
}

push.onStatus((up) => {
  connection.classList.toggle('down', !up);
  connection.textContent = up ? '' : t('shell.reconnecting');
});

route('/', (root) => lobbyPage(root));
route('/login', authPage('login'));
route('/signup', authPage('signup'));
route('/game/:id', gamePage);
route('/analysis', analysisPage);
route('/games', archivePage);
route('/settings', settingsPage);
route('/rules/:game', rulesPage);
route('/rules', (root, params, query) => rulesPage(root, { ...params, game: 'chu' }, query));
route('/editor', editorPage);
route('/leaderboard', leaderboardPage);
route('/@/:name', profilePage);
route('/import', (root) => importPage(root));
setNotFound((root) => {
  root.append(h('div', { class: 'page narrow' }, h('h1', {}, t('notFound.title')), h('p', {}, t('notFound.text'), ' ', h('a', { href: '/' }, t('notFound.toLobby')))));
});

// The signed-in user's own events, wherever they are: challenges and rematches to them, their
// challenges answered, moves in their games (the page showing that game updates itself).
let userTopic: (() => void) | null = null;
let userTopicName: string | null = null;
function onUserEvent(ev: PushEvent): void {
  const path = location.pathname;
  const gameLink = (id: number) => h('a', { href: `/game/${id}` }, t('shell.gameNumber', { id }));
  if (ev.kind === 'challenge') {
    const notice = challengeNotice(ev, session.name, path);
    if (notice) toast(h('span', {}, notice.text, ' ', notice.link === 'lobby' ? h('a', { href: '/' }, t('notice.toLobby')) : notice.link ? gameLink(notice.link) : ''));
    return;
  }
  if (ev.game && path !== `/game/${ev.game}` && (ev.kind === 'move' || ev.kind === 'result' || ev.kind === 'draw_offer')) {
    const what = t(ev.kind === 'move' ? 'notice.move' : ev.kind === 'result' ? 'notice.gameOver' : 'notice.drawOffer');
    toast(h('span', {}, `${what} `, gameLink(ev.game)));
  }
}
function syncUserTopic(): void {
  const name = session.signedIn ? session.name : null;
  if (name === userTopicName) return;
  userTopic?.();
  userTopic = name ? push.subscribe(`user:${name}`, onUserEvent) : null;
  userTopicName = name;
}
session.onChange(syncUserTopic);

// Each page's title until the page sets a better one (a game: its players).
const TITLES: Array<[RegExp, MessageKey]> = [
  [/^\/$/, 'title.lobby'], [/^\/login/, 'title.logIn'], [/^\/signup/, 'title.signUp'], [/^\/game\//, 'title.game'],
  [/^\/analysis/, 'title.analysis'], [/^\/games/, 'title.games'], [/^\/settings/, 'title.settings'],
  [/^\/rules/, 'rules.pageTitle'], [/^\/editor/, 'editor.title'], [/^\/leaderboard/, 'ratings.leaderboardTitle'],
  [/^\/@\//, 'ratings.ratingsHeading'], [/^\/import/, 'import.title'],
];
onNavigate(() => {
  const title = TITLES.find(([re]) => re.test(location.pathname))?.[1] ?? 'notFound.title';
  document.title = `${t(title)} · Kirin`;
});
onNavigate(drawHeader);
session.onChange(drawHeader);
void session.restore().finally(() => {
  syncUserTopic();
  startRouter(main);
});
