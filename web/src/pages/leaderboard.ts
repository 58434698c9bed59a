// The leaderboard: each game's best ratings that are not provisional (GET /api/leaderboard and
// /api/leaderboard/{game}), a tab per game; /leaderboard?game=ID opens that game's tab. The
// provisional players follow in a table of their own, under a word on why they are apart.
import './ratings.css';
import { api, errorMessage } from '../api/client';
import type { Leaderboard, Rating } from '../api/types';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { loading, notice } from '../ui/notice';
import { playerLink, ratingText } from '../ui/rating';
import { gameName, variantList } from '../variants';

const LIMIT = 50;

export function leaderboardPage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  const err = notice('error');
  const tabs = h('div', { class: 'tabs', role: 'tablist', 'aria-label': t('ratings.leaderboardTitle') });
  const panel = h('div', { class: 'leaderboard-panel', role: 'tabpanel' }, loading(t('ratings.loading')));
  root.append(h('div', { class: 'page leaderboard' },
    h('h1', {}, t('ratings.leaderboardTitle')),
    h('p', { class: 'muted' }, t('ratings.leaderboardIntro')),
    tabs, err.el, panel));

  const table = (players: Rating[], game: string, kind: 'established' | 'provisional') =>
    h('div', { class: 'table-scroll' }, h('table', { class: `games-table ${kind}`, 'data-game': game },
      h('thead', {}, h('tr', {}, h('th', { class: 'num' }, t('ratings.rank')), h('th', {}, t('ratings.player')),
        h('th', { class: 'num' }, t('ratings.rating')), h('th', { class: 'num' }, t('ratings.deviation')), h('th', { class: 'num' }, t('ratings.games')))),
      h('tbody', {}, players.map((p, i) => h('tr', { 'data-user': p.user?.name ?? '' },
        h('td', { class: 'num' }, String(i + 1)), h('td', {}, playerLink(p.user?.name ?? '')),
        h('td', { class: 'num' }, ratingText(p.rating, p.provisional)), h('td', { class: 'num' }, String(p.deviation)),
        h('td', { class: 'num' }, String(p.games)))))));
  const boards = (board: Leaderboard, name: string) => {
    const provisional = board.provisional ?? [];
    return [
      board.players.length ? table(board.players, board.game, 'established') : h('p', { class: 'muted' }, t('ratings.noneYet', { game: name })),
      h('h2', {}, t('ratings.provisionalHeading')),
      h('p', { class: 'muted provisional-why' }, t('ratings.provisionalWhy', { deviation: board.provisional_deviation ?? 110 })),
      provisional.length ? table(provisional, board.game, 'provisional') : h('p', { class: 'muted' }, t('ratings.noProvisional')),
    ];
  };

  void Promise.all([api.leaderboards(), variantList().catch(() => [])]).then(async ([all, variants]) => {
    const names = new Map(variants.map((v) => [v.id, gameName(v)]));
    const nameOf = (b: Leaderboard) => names.get(b.game) ?? b.game_name;
    const selected = all.games.find((b) => b.game === query.get('game')) ?? all.games[0];
    if (!selected) return;
    tabs.replaceChildren(...all.games.map((b) => h('button', {
      type: 'button', role: 'tab', 'data-game': b.game, 'aria-selected': String(b === selected),
      onclick: () => navigate(`/leaderboard?game=${encodeURIComponent(b.game)}`, true),
    }, nameOf(b))));
    // The tab's whole list (the first answer holds only each game's best few).
    panel.replaceChildren(...boards(await api.leaderboard(selected.game, LIMIT, true), nameOf(selected)));
  }).catch((e: unknown) => {
    panel.replaceChildren();
    err.show(errorMessage(e));
  });
  return {};
}
