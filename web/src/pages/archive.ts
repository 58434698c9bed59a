// Games: everyone's games, newest first (GET /api/games), finished ones to step through and
// current ones to watch, a page at a time; found by player, game, status and result. "My
// games" is this page with the signed-in player filled in (/games?player=NAME).
import { api, ApiError, errorMessage } from '../api/client';
import type { GameQuery, GameSummary, TimeControl } from '../api/types';
import { describeTimeControl } from '../clock';
import { lang, t, type MessageKey } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { loading, notice } from '../ui/notice';
import { playerLink } from '../ui/rating';
import { resultText } from '../ui/result';
import { gameName, variantList } from '../variants';

const STATUSES: Array<[NonNullable<GameQuery['status']> | '', MessageKey]> = [
  ['', 'archive.anyStatus'], ['current', 'archive.current'], ['finished', 'archive.finished'], ['aborted', 'archive.aborted'],
];
const RESULTS: Array<[NonNullable<GameQuery['result']> | '', MessageKey]> = [
  ['', 'archive.anyResult'], ['black', 'archive.blackWon'], ['white', 'archive.whiteWon'], ['draw', 'archive.draw'],
];

/** The filters as the page's address holds them (`user` is the older spelling of `player`). */
function queryOf(q: URLSearchParams): GameQuery {
  const status = STATUSES.find(([v]) => v && v === q.get('status'))?.[0];
  const result = RESULTS.find(([v]) => v && v === q.get('result'))?.[0];
  return {
    player: (q.get('player') ?? q.get('user') ?? '').trim() || undefined,
    game: q.get('game') || undefined,
    status: status || undefined,
    result: result || undefined,
  };
}

function addressOf(q: GameQuery): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
  const s = p.toString();
  return s ? `/games?${s}` : '/games';
}

/** The clock column: the time control in words (a correspondence one marked so). */
function clockText(tc: TimeControl): string {
  return tc.kind === 'correspondence' ? t('lobby.correspondence', { time: describeTimeControl(tc) }) : describeTimeControl(tc);
}

/** The result column: who won, or the game's state (the whole result, with why, as its title). */
function shortResult(g: GameSummary): string {
  if (g.status === 'active') return t('archive.inProgress');
  if (g.status === 'adjourned') return t('archive.adjourned');
  if (g.status === 'aborted') return t('archive.aborted');
  return t(g.result === 'black' ? 'archive.blackWon' : g.result === 'white' ? 'archive.whiteWon' : 'archive.draw');
}

export function archivePage(root: HTMLElement, _params: Record<string, string>, search: URLSearchParams): Page {
  const query = queryOf(search);
  const me = session.name;
  const mine = !!me && query.player?.toLowerCase() === me.toLowerCase();
  const err = notice('error');

  const select = (name: string, label: MessageKey, options: Array<[string, string]>, value: string | undefined) =>
    h('label', { class: 'filter' }, h('span', {}, t(label)),
      h('select', { name }, ...options.map(([v, text]) => h('option', { value: v, selected: v === (value ?? '') }, text))));
  const playerInput = h('input', { name: 'player', value: query.player ?? '', placeholder: t('archive.anyPlayer'), autocomplete: 'off', spellcheck: 'false' });
  const gameSelect = select('game', 'archive.game', [['', t('archive.anyGame')]], query.game);
  const form = h('form', { class: 'archive-filters', role: 'search' },
    h('label', { class: 'filter' }, h('span', {}, t('archive.player')), playerInput),
    me ? h('label', { class: 'filter check' }, h('input', { type: 'checkbox', name: 'mine', checked: mine, onchange: (e: Event) => {
      playerInput.value = (e.target as HTMLInputElement).checked ? me : '';
      submit();
    } }), t('archive.myGames')) : '',
    gameSelect,
    select('status', 'archive.status', STATUSES.map(([v, k]) => [v, t(k)]), query.status),
    select('result', 'archive.result', RESULTS.map(([v, k]) => [v, t(k)]), query.result),
    h('button', { type: 'submit' }, t('archive.show')));
  const submit = () => {
    const data = new FormData(form);
    const field = (k: string) => String(data.get(k) ?? '').trim() || undefined;
    navigate(addressOf({
      player: field('player'),
      game: field('game'),
      status: field('status') as GameQuery['status'],
      result: field('result') as GameQuery['result'],
    }));
  };
  form.addEventListener('submit', (e) => { e.preventDefault(); submit(); });
  form.addEventListener('change', (e) => { if ((e.target as Element).tagName === 'SELECT') submit(); });

  const tbody = h('tbody');
  const table = h('table', { class: 'games-table' },
    h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('archive.game')), h('th', {}, t('archive.colPlayers')),
      h('th', {}, t('archive.colRated')), h('th', {}, t('archive.colClock')),
      h('th', {}, t('archive.result')), h('th', {}, t('archive.colMoves')), h('th', {}, t('archive.colStarted')))),
    tbody);
  const list = h('div', { class: 'archive-list' }, loading(t('archive.loading')));
  const more = h('button', { type: 'button', class: 'older', hidden: true }, t('archive.older'));
  root.append(h('div', { class: 'page archive' },
    h('h1', {}, query.player ? t('archive.titleOf', { name: query.player }) : t('archive.title')),
    form, err.el, list, more));

  let names = new Map<string, string>();
  const row = (g: GameSummary) =>
    h('tr', { 'data-game': g.id, 'data-status': g.status },
      h('td', {}, h('a', { href: `/game/${g.id}` }, `#${g.id}`)),
      h('td', {}, names.get(g.setup.game) ?? g.game_name ?? g.setup.game),
      h('td', {}, playerLink(g.black.name), ' – ', playerLink(g.white.name)),
      h('td', { class: g.rated ? 'rated' : 'casual' }, t(g.rated ? 'ratings.rated' : 'ratings.casual')),
      h('td', { class: 'time-control' }, clockText(g.time_control)),
      h('td', { title: g.status === 'finished' ? resultText(g) : undefined }, shortResult(g)),
      h('td', { class: 'num' }, String(g.ply)),
      h('td', {}, new Date(g.created).toLocaleString(lang())));

  async function page(before?: number): Promise<void> {
    const r = await api.games({ ...query, before, limit: 50 });
    if (!before) {
      // A table wider than a phone scrolls inside its box, never the page.
      list.replaceChildren(r.games.length ? h('div', { class: 'table-scroll' }, table) : h('p', { class: 'muted' }, t('archive.none')));
    }
    tbody.append(...r.games.map(row));
    more.hidden = !r.next_before;
    more.onclick = () => {
      more.disabled = true;
      void page(r.next_before!).catch((e: unknown) => err.show(errorMessage(e))).finally(() => { more.disabled = false; });
    };
  }

  void variantList().catch(() => []).then((vs) => {
    names = new Map(vs.map((v) => [v.id, gameName(v)]));
    gameSelect.querySelector('select')!.append(...vs.map((v) => h('option', { value: v.id, selected: v.id === query.game }, gameName(v))));
    return page();
  }).catch((e: unknown) => {
    list.replaceChildren();
    err.show(e instanceof ApiError && e.status === 404 && query.player ? t('archive.noPlayer', { name: query.player }) : errorMessage(e));
  });
  return {};
}
