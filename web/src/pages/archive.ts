// A player's games, newest first (GET /api/games?user=NAME): finished ones to step through,
// current ones to watch.
import { api, ApiError, errorMessage } from '../api/client';
import type { GameSummary } from '../api/types';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { loading, notice } from '../ui/notice';
import { variantList } from '../variants';

export function archivePage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  const user = query.get('user') ?? session.name ?? '';
  const err = notice('error');
  const filter = h('select', { 'aria-label': 'Show', name: 'filter' }, h('option', { value: 'all' }, 'All games'), h('option', { value: 'finished' }, 'Finished'), h('option', { value: 'current' }, 'In progress'));
  const list = h('div', { class: 'archive-list' }, loading('Loading games…'));
  const userInput = h('input', { name: 'user', value: user, placeholder: 'player name', 'aria-label': 'Player name', required: true });
  const search = h('form', { class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); navigate(`/games?user=${encodeURIComponent(userInput.value.trim())}`); } }, userInput, h('button', { type: 'submit' }, 'Show games'));
  root.append(h('div', { class: 'page archive' }, h('h1', {}, user ? `Games of ${user}` : 'Games'), search, err.el, h('div', { class: 'archive-tools' }, filter), list));
  if (!user) {
    list.replaceChildren(h('p', { class: 'muted' }, 'Enter a player’s name to see their games.'));
    return {};
  }
  let games: GameSummary[] = [];
  let names = new Map<string, string>();
  const draw = () => {
    const shown = games.filter((g) => filter.value === 'all' || (filter.value === 'finished') === (g.status === 'finished'));
    if (shown.length === 0) {
      list.replaceChildren(h('p', { class: 'muted' }, 'No games.'));
      return;
    }
    const rows = shown.map((g) =>
      h('tr', { 'data-game': g.id },
        h('td', {}, h('a', { href: `/game/${g.id}` }, `#${g.id}`)),
        h('td', {}, names.get(g.setup.game) ?? g.game_name ?? g.setup.game),
        h('td', {}, h('a', { href: `/games?user=${encodeURIComponent(g.black.name)}` }, g.black.name), ' – ', h('a', { href: `/games?user=${encodeURIComponent(g.white.name)}` }, g.white.name)),
        h('td', {}, g.status === 'finished' ? g.result_text : g.status === 'adjourned' ? 'adjourned' : 'in progress'),
        h('td', { class: 'num' }, String(g.ply)),
        h('td', {}, new Date(g.updated).toLocaleString())));
    // A table wider than a phone scrolls inside its box, never the page.
    list.replaceChildren(h('div', { class: 'table-scroll' }, h('table', { class: 'games-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Variant'), h('th', {}, 'Black – White'), h('th', {}, 'Result'), h('th', {}, 'Moves'), h('th', {}, 'Last played'))),
      h('tbody', {}, rows))));
  };
  filter.addEventListener('change', draw);
  void Promise.all([api.games(user), variantList().catch(() => [])]).then(([r, vs]) => {
    games = r.games;
    names = new Map(vs.map((v) => [v.id, v.name]));
    draw();
  }).catch((e: unknown) => {
    list.replaceChildren();
    err.show(e instanceof ApiError && e.status === 404 ? `There is no player named ${user}.` : errorMessage(e));
  });
  return {};
}
