// Kirin's web front-end: the page shell (header, navigation, connection status) and the routes.
import './fonts/kanji.css';
import './style.css';
import { api } from './api/client';
import { push } from './api/ws';
import { analysisPage } from './pages/analysis';
import { importPage } from './pages/imports';
import { archivePage } from './pages/archive';
import { authPage } from './pages/auth';
import { editorPage } from './pages/editor';
import { gamePage } from './pages/game';
import { leaderboardPage } from './pages/leaderboard';
import { lobbyPage } from './pages/lobby';
import { problemPage, problemsPage } from './pages/problems';
import { profilePage } from './pages/profile';
import { inboxPage } from './pages/inbox';
import { modQueuePage, modUserPage } from './pages/mod';
import { auditLogPage } from './pages/auditLog';
import { modNavLink } from './moderation';
import { COUNT_UP_TO, onOpenReports, openReportCount, refreshOpenReports } from './ui/modCount';
import { rulesPage } from './pages/rules';
import { settingsPage } from './pages/settings';
import { tournamentPage } from './pages/tournament';
import { tournamentFormPage } from './pages/tournamentForm';
import { tournamentsPage } from './pages/tournaments';
import { tournamentPaired } from './ui/tournamentNotice';
import { t, type MessageKey } from './i18n';
import { h } from './render/svg';
import { navigate, onNavigate, route, setNotFound, startRouter } from './router';
import { session } from './session';
import { challengeNotice } from './ui/challengeNotice';
import { profileHref } from './ui/rating';
import { notifyInBackground } from './ui/browserNotify';
import { toast } from './ui/notice';
import { onUnread, refreshUnread, setUnread, unreadCount } from './ui/unread';
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
  const linkAttrs = (href: string) => ({ href, 'aria-current': path === href.split('?')[0] ? 'page' : undefined });
  const link = (href: string, text: string) => h('a', { ...linkAttrs(href), class: path === href.split('?')[0] ? 'active' : '' }, text);
  const unread = unreadCount();
  const mod = session.signedIn ? modNavLink(session.role, openReportCount(), COUNT_UP_TO) : null;
  const account = session.signedIn
    ? [...(mod ? [h('a', { ...linkAttrs(mod.href), class: `mod-link${path.startsWith('/mod') ? ' active' : ''}` }, t(mod.key, { n: mod.n }))] : []),
       link('/messages', unread ? t('inbox.navUnread', { n: unread }) : t('inbox.nav')),
       link('/settings', t('nav.settings')),
       h('a', { href: profileHref(session.name!), class: 'user-name', 'data-user': session.name! }, session.name!),
       h('button', { type: 'button', class: 'link-button sign-out', onclick: () => void session.signOut().then(() => navigate('/')) }, t('nav.logOut'))]
    : [link('/settings', t('nav.settings')), link(`/login?next=${encodeURIComponent(path + location.search)}`, t('nav.logIn')), h('a', { href: '/signup', class: 'button primary small' }, t('nav.signUp'))];
  connection.title = t('shell.liveUpdates');
  document.querySelector('.skip-link')!.textContent = t('shell.skip');
  header.replaceChildren(
    h('a', { href: '/', class: 'brand', 'aria-label': t('nav.brandLabel') }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '麒'), 'Kirin'),
    h('nav', { id: 'site-nav', 'aria-label': t('nav.main') }, link('/', t('nav.lobby')), link('/analysis', t('nav.analysis')), link('/games', t('nav.games')), link('/leaderboard', t('ratings.nav')), link('/tournaments', t('tour.nav')),
      link('/problems', t('problems.nav')), link('/rules/chu', t('rules.nav')), link('/editor', t('editor.nav')), link('/import', t('import.nav')), ...account),
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
route('/messages', inboxPage);
route('/rules/:game', rulesPage);
route('/rules', (root, params, query) => rulesPage(root, { ...params, game: 'chu' }, query));
route('/editor', editorPage);
route('/leaderboard', leaderboardPage);
route('/@/:name', profilePage);
route('/import', (root) => importPage(root));
route('/problems', (root) => problemsPage(root));
route('/problems/:collection/:name', problemPage);
route('/mod', modQueuePage);
route('/mod/users/:name', modUserPage);
route('/admin/log', auditLogPage);
route('/tournaments', (root) => tournamentsPage(root));
route('/tournaments/new', (root) => tournamentFormPage(root));
route('/tournaments/:id', tournamentPage);
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
  notifyOf(ev);
  if (tournamentPaired(ev, path)) return;
  if (ev.kind === 'message') {
    setUnread(unreadCount() + 1);
    if (path !== '/messages') toast(h('span', {}, `${t('notice.message', { name: ev.by ?? '' })} `, h('a', { href: '/messages' }, t('notice.toInbox'))));
    return;
  }
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
// The browser's notification, when they are on and this tab is hidden (ui/browserNotify.ts).
function notifyOf(ev: PushEvent): void {
  const me = session.name;
  if (!me || !document.hidden) return;
  const open = (url: string) => navigate(url);
  if (ev.kind === 'message') notifyInBackground(t('notify.message', { name: ev.by ?? '' }), '/messages', open);
  else if (ev.kind === 'challenge' && ev.text === 'created' && ev.by && ev.by !== me && !ev.rematch_of)
    notifyInBackground(t('notify.challenge', { name: ev.by }), '/', open);
  else if (ev.kind === 'result' && ev.game) notifyInBackground(t('notify.gameOver', { id: ev.game }), `/game/${ev.game}`, open);
  else if (ev.kind === 'move' && ev.game) {
    // Whose move it is now: the game says (the event only has the move).
    const id = ev.game;
    void api.game(id).then((g) => {
      const mover = g.to_move === 'black' ? g.black : g.white;
      if (g.status === 'active' && mover?.name === me) notifyInBackground(t('notify.yourMove', { id }), `/game/${id}`, open);
    }, () => undefined);
  }
}

function syncUserTopic(): void {
  const name = session.signedIn ? session.name : null;
  if (name === userTopicName) return;
  userTopic?.();
  userTopic = name ? push.subscribe(`user:${name}`, onUserEvent) : null;
  userTopicName = name;
  if (name) void refreshUnread();
  else setUnread(0);
}
session.onChange(syncUserTopic);

// Each page's title until the page sets a better one (a game: its players).
const TITLES: Array<[RegExp, MessageKey]> = [
  [/^\/$/, 'title.lobby'], [/^\/login/, 'title.logIn'], [/^\/signup/, 'title.signUp'], [/^\/game\//, 'title.game'],
  [/^\/analysis/, 'title.analysis'], [/^\/games/, 'title.games'], [/^\/settings/, 'title.settings'],
  [/^\/rules/, 'rules.pageTitle'], [/^\/editor/, 'editor.title'], [/^\/leaderboard/, 'ratings.leaderboardTitle'],
  [/^\/@\//, 'ratings.ratingsHeading'], [/^\/import/, 'import.title'], [/^\/messages/, 'inbox.title'], [/^\/problems/, 'problems.title'],
  [/^\/mod/, 'mod.title'], [/^\/admin\/log/, 'audit.title'], [/^\/tournaments/, 'tour.title'],
];
onNavigate(() => {
  const title = TITLES.find(([re]) => re.test(location.pathname))?.[1] ?? 'notFound.title';
  document.title = `${t(title)} · Kirin`;
});
onNavigate(drawHeader);
session.onChange(drawHeader);
onUnread(drawHeader);
onOpenReports(drawHeader);
// A moderator's count of open reports: asked on sign-in (the role known) and between pages.
session.onChange(() => void refreshOpenReports());
onNavigate(() => void refreshOpenReports(true));

// The server ended the session (a ban, a password changed elsewhere, an expired token): the
// page says so above every page until the next sign-in, in the signed-out state.
const ended = h('div', { class: 'session-ended', role: 'alert', hidden: true });
header.after(ended);
function drawEnded(): void {
  ended.hidden = !session.ended || session.signedIn;
  if (ended.hidden) return;
  ended.replaceChildren(`${t('session.ended')} `,
    h('a', { href: `/login?next=${encodeURIComponent(location.pathname + location.search)}` }, t('session.logInAgain')));
}
session.onChange(drawEnded);
onNavigate(drawEnded);
// The moment it ends, the page is drawn again as a visitor sees it: nothing of the account
// stays on it (a game's chat, the inbox, a moderator's tools).
// (After the other listeners: the page drawn again adds its own.)
let wasSignedIn = session.signedIn;
let routerStarted = false;
session.onChange(() => {
  const endedNow = wasSignedIn && !session.signedIn && session.ended;
  wasSignedIn = session.signedIn;
  if (endedNow && routerStarted) queueMicrotask(() => navigate(location.pathname + location.search, true));
});
void session.restore().finally(() => {
  syncUserTopic();
  startRouter(main);
  routerStarted = true;
});
