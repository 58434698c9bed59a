// A player's profile (/@/NAME, as lishogi): when they joined and were last seen, their rating
// in each game they played rated with its history as a graph, their results, and their games
// (GET /api/games?player=NAME) found by game, result, rated or casual and opponent, a page at a
// time. The filters live in the address: /@/NAME?game=chu&result=win&rated=true&opponent=bob.
import './ratings.css';
import { api, ApiError, errorMessage } from '../api/client';
import type { GameQuery, GameSummary, Profile, RatingPoint } from '../api/types';
import { lang, t, type MessageKey } from '../i18n';
import { h, svg } from '../render/svg';
import { navigate, type Page } from '../router';
import { busy, loading, notice, toast } from '../ui/notice';
import { playerLink, profileHref, ratingText } from '../ui/rating';
import { session } from '../session';
import { canModerate, ROLE_KEYS } from '../moderation';
import { reportButton } from '../ui/reportDialog';
import { modUserHref } from './mod';
import { resultText } from '../ui/result';
import { gameName, variantList } from '../variants';

const RESULTS: Array<['' | 'win' | 'loss' | 'draw', MessageKey]> = [
  ['', 'ratings.anyResult'], ['win', 'ratings.won'], ['loss', 'ratings.lost'], ['draw', 'ratings.drawn'],
];
const RATED: Array<['' | 'true' | 'false', MessageKey]> = [
  ['', 'ratings.ratedOrCasual'], ['true', 'ratings.ratedOnly'], ['false', 'ratings.casualOnly'],
];

const day = (ms: number) => new Date(ms).toLocaleDateString(lang());

/** The rating history as a line, a game a step across: it starts from the rating before the
 *  first game (an open dot, 1500 for a new player), its highest, lowest and starting ratings on
 *  the left, the dates of the first, middle and last games below. */
function graph(points: RatingPoint[], label: string): SVGSVGElement {
  const W = 300, H = 112, TOP = 10, BOTTOM = 20, LEFT = 36, RIGHT = 8;
  const start = points[0]!.before;
  const values = [start, ...points.map((p) => p.rating)];
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = Math.max(hi - lo, 20);
  const x = (i: number) => LEFT + (i / points.length) * (W - LEFT - RIGHT);
  const y = (r: number) => TOP + (1 - (r - (lo + hi - span) / 2) / span) * (H - TOP - BOTTOM);
  const xy = values.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`);
  // Each rating label where its value is, unless it would overlap one already drawn.
  const yLabels: number[] = [];
  for (const r of [hi, lo, start]) if (yLabels.every((o) => Math.abs(y(o) - y(r)) >= 10)) yLabels.push(r);
  // Dates: the start (the first game's day) on the left, the last game's on the right, and
  // the middle game's between them when there is room; a day already written is not repeated.
  const xLabels: Array<[number, string, 'start' | 'middle' | 'end']> = [[0, day(points[0]!.at), 'start']];
  const mid = Math.round(points.length / 2);
  for (const [i, anchor] of [[mid, 'middle'], [points.length, 'end']] as const) {
    const text = day(points[i - 1]!.at);
    if ((anchor === 'end' || points.length >= 4) && !xLabels.some(([, seen]) => seen === text)) xLabels.push([i, text, anchor]);
  }
  return svg('svg', { class: 'rating-graph', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label }, [
    svg('line', { class: 'axis', x1: LEFT, y1: TOP, x2: LEFT, y2: H - BOTTOM }),
    svg('line', { class: 'axis', x1: LEFT, y1: H - BOTTOM, x2: W - RIGHT, y2: H - BOTTOM }),
    ...yLabels.map((r) => svg('text', { class: 'y-label', x: LEFT - 4, y: (y(r) + 3.5).toFixed(1), 'text-anchor': 'end' }, [String(r)])),
    ...xLabels.map(([i, text, anchor]) => svg('text', { class: 'x-label', x: x(i).toFixed(1), y: H - 6, 'text-anchor': anchor }, [text])),
    svg('polyline', { class: 'line', points: xy.join(' ') }),
    svg('circle', { class: 'dot start', cx: x(0).toFixed(1), cy: y(start).toFixed(1), r: 3 }),
    ...points.map((p, i) => svg('circle', { class: 'dot', cx: x(i + 1).toFixed(1), cy: y(p.rating).toFixed(1), r: points.length > 12 ? 2 : 3 }, [svg('title', {}, [`${day(p.at)}: ${p.rating}`])])),
  ]);
}

export function profilePage(root: HTMLElement, params: Record<string, string>, search: URLSearchParams): Page {
  const name = params.name ?? '';
  const err = notice('error');
  const head = h('div', { class: 'profile-head' }, h('h1', {}, name));
  const body = h('div', {}, loading(t('ratings.loading')));
  root.append(h('div', { class: 'page profile', 'data-user': name }, head, err.el, body));

  const query: GameQuery = {
    player: name,
    game: search.get('game') || undefined,
    result: RESULTS.find(([v]) => v && v === search.get('result'))?.[0] || undefined,
    rated: search.get('rated') === 'true' ? true : search.get('rated') === 'false' ? false : undefined,
    opponent: search.get('opponent')?.trim() || undefined,
  };

  void Promise.all([api.profile(name), variantList().catch(() => [])]).then(([p, variants]) => {
    const names = new Map(variants.map((v) => [v.id, gameName(v)]));
    const nameOf = (id: string, fallback?: string) => names.get(id) ?? fallback ?? id;
    draw(p, nameOf, variants.map((v) => [v.id, gameName(v)]));
  }).catch((e: unknown) => {
    body.replaceChildren();
    err.show(e instanceof ApiError && e.status === 404 ? t('ratings.noPlayer', { name }) : errorMessage(e));
  });

  function draw(p: Profile, nameOf: (id: string, fallback?: string) => string, games: Array<[string, string]>): void {
    document.title = `${p.name} · Kirin`;
    const actions = profileActions(p);
    head.replaceChildren(h('h1', {}, p.name,
      p.role && p.role !== 'player' ? h('span', { class: 'badge role-badge', 'data-role': p.role }, t(ROLE_KEYS[p.role])) : null,
      p.banned ? h('span', { class: 'badge banned-badge' }, t('mod.isBanned')) : null),
      h('span', { class: 'muted' }, t('ratings.joined', { date: day(p.created) }), ' · ',
        p.last_seen ? t('ratings.lastSeen', { date: day(p.last_seen) }) : t('ratings.neverSeen')),
      ...(actions ? [actions] : []));
    const cards = p.ratings.length
      ? h('div', { class: 'rating-cards' }, p.ratings.map((r) => h('section', { class: 'rating-card', 'data-game': r.game },
        h('h3', {}, nameOf(r.game, r.game_name)),
        h('div', {}, h('span', { class: 'big' }, ratingText(r.rating, r.provisional)), ' ',
          h('span', { class: 'muted' }, `±${r.deviation} · ${t('ratings.gamesCount', { n: r.games })}`)),
        r.history.length ? graph(r.history, t('ratings.graphLabel', { game: nameOf(r.game, r.game_name) })) : '')))
      : h('p', { class: 'muted' }, t('ratings.noRatings'));
    const count = (label: MessageKey, n: number, key: string) => h('div', { 'data-count': key }, h('strong', {}, String(n)), t(label));
    body.replaceChildren(
      h('h2', {}, t('ratings.ratingsHeading')), cards,
      h('h2', {}, t('ratings.resultsHeading')),
      h('div', { class: 'results-row' }, count('ratings.total', p.results.games, 'games'), count('ratings.wins', p.results.wins, 'wins'),
        count('ratings.losses', p.results.losses, 'losses'), count('ratings.draws', p.results.draws, 'draws')),
      h('h2', {}, t('ratings.gamesHeading')), gamesList(p.name, nameOf, games));
  }

  /** Another player's profile, signed in: block or unblock them, report them; a moderator's link. */
  function profileActions(p: Profile): HTMLElement | null {
    if (!session.signedIn || p.name.toLowerCase() === session.name?.toLowerCase()) return null;
    let blocked = !!p.blocked;
    const note = h('p', { class: 'muted small blocked-note' }, t('mod.blockedNote'));
    const block = h('button', { type: 'button', class: 'small block-button' });
    const drawBlock = () => {
      block.textContent = t(blocked ? 'mod.unblock' : 'mod.block');
      block.dataset.blocked = String(blocked);
      note.hidden = !blocked;
    };
    block.addEventListener('click', () => void busy(block, async () => {
      await (blocked ? api.unblock(p.name) : api.block(p.name));
      blocked = !blocked;
      drawBlock();
      toast(t(blocked ? 'mod.blockDone' : 'mod.unblockDone', { name: p.name }));
    }, err.show));
    drawBlock();
    return h('div', { class: 'profile-actions-box' },
      h('div', { class: 'profile-actions' }, block, reportButton({ kind: 'user', user: p.name }),
        canModerate(session.role) ? h('a', { href: modUserHref(p.name), class: 'button small mod-user-link' }, t('mod.moderate')) : null),
      note);
  }

  function gamesList(player: string, nameOf: (id: string) => string, games: Array<[string, string]>): HTMLElement {
    const listErr = notice('error');
    const select = (field: string, label: MessageKey, options: Array<[string, string]>, value: string) =>
      h('label', { class: 'filter' }, h('span', {}, t(label)),
        h('select', { name: field }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text))));
    const opponent = h('input', { name: 'opponent', value: query.opponent ?? '', placeholder: t('ratings.anyOpponent'), autocomplete: 'off', spellcheck: 'false' });
    const form = h('form', { class: 'archive-filters', role: 'search' },
      select('game', 'ratings.colGame', [['', t('ratings.allGames')], ...games], query.game ?? ''),
      select('result', 'ratings.colResult', RESULTS.map(([v, k]) => [v, t(k)]), query.result ?? ''),
      select('rated', 'ratings.rated', RATED.map(([v, k]) => [v, t(k)]), query.rated === undefined ? '' : String(query.rated)),
      h('label', { class: 'filter' }, h('span', {}, t('ratings.opponent')), opponent),
      h('button', { type: 'submit' }, t('ratings.show')));
    const submit = () => {
      const data = new FormData(form);
      const q = new URLSearchParams();
      for (const k of ['game', 'result', 'rated', 'opponent']) {
        const v = String(data.get(k) ?? '').trim();
        if (v) q.set(k, v);
      }
      const s = q.toString();
      navigate(profileHref(player) + (s ? `?${s}` : ''), true);
    };
    form.addEventListener('submit', (e) => { e.preventDefault(); submit(); });
    form.addEventListener('change', (e) => { if ((e.target as Element).tagName === 'SELECT') submit(); });

    const me = player.toLowerCase();
    const outcome = (g: GameSummary): string => {
      if (g.status === 'active') return t('ratings.playing');
      if (g.status === 'adjourned') return t('ratings.adjourned');
      if (g.status === 'aborted') return t('ratings.aborted');
      if (g.result === 'draw') return t('ratings.draw');
      const won = (g.result === 'black') === (g.black.name.toLowerCase() === me);
      return t(won ? 'ratings.win' : 'ratings.loss');
    };
    const tbody = h('tbody');
    const table = h('div', { class: 'table-scroll' }, h('table', { class: 'games-table' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('ratings.colGame')), h('th', {}, t('ratings.colOpponent')),
        h('th', {}, t('ratings.colResult')), h('th', {}, t('ratings.rated')), h('th', {}, t('ratings.colDate')))),
      tbody));
    const list = h('div', { class: 'archive-list' }, loading(t('ratings.loading')));
    const more = h('button', { type: 'button', class: 'older', hidden: true }, t('ratings.older'));
    const row = (g: GameSummary) => {
      const other = g.black.name.toLowerCase() === me ? g.white : g.black;
      return h('tr', { 'data-game': g.id, 'data-status': g.status },
        h('td', {}, h('a', { href: `/game/${g.id}` }, `#${g.id}`)),
        h('td', {}, nameOf(g.setup.game)),
        h('td', {}, playerLink(other.name)),
        h('td', { title: g.status === 'finished' ? resultText(g) : undefined, class: 'outcome' }, outcome(g)),
        h('td', {}, t(g.rated ? 'ratings.ratedOnly' : 'ratings.casualOnly')),
        h('td', {}, day(g.updated)));
    };
    async function page(before?: number): Promise<void> {
      const r = await api.games({ ...query, before, limit: 20 });
      if (!before) list.replaceChildren(r.games.length ? table : h('p', { class: 'muted' }, t('ratings.noGames')));
      tbody.append(...r.games.map(row));
      more.hidden = !r.next_before;
      more.onclick = () => {
        more.disabled = true;
        void page(r.next_before!).catch((e: unknown) => listErr.show(errorMessage(e))).finally(() => { more.disabled = false; });
      };
    }
    void page().catch((e: unknown) => { list.replaceChildren(); listErr.show(errorMessage(e)); });
    return h('div', {}, form, listErr.el, list, more);
  }
  return {};
}
