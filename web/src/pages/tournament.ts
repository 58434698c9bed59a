// One tournament (GET /api/tournaments/{id}): its header (kind, game, clock, status and what
// it counts down to), the actions the user may take (join, pause, withdraw, start, cancel), the
// rules in words, the standings a page at a time (arena sheets with streak and berserk marks),
// the crosstable of a round robin or a Swiss event, the games being played, and the podium and
// statistics once it is over. Live: every push on `tournament:ID` reloads it (throttled); a
// player paired in a live event is taken to their game, and the "To my game" button is there.
import './tournaments.css';
import { ApiError, errorMessage } from '../api/client';
import { tournamentApi, type Standing, type TournamentDetail } from '../api/tournaments';
import type { GameSummary } from '../api/types';
import { push } from '../api/ws';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { openFormDialog, dialogField } from '../ui/formDialog';
import { busy, loading, notice } from '../ui/notice';
import { playerLink } from '../ui/rating';
import { arenaSheet, countdownTarget, isTournamentEvent, durationText, robinCrosstable, scoreText, swissRounds, throttle, type Cell } from '../tournamentView';
import { dateTimeText, loadGameNames, tournamentLine } from './tournaments';

const MEDALS = ['🥇', '🥈', '🥉'];
/** Reloads on pushes at most this often: a busy arena pushes every few seconds. */
const RELOAD_MS = 1500;

export function tournamentPage(root: HTMLElement, params: Record<string, string>): Page {
  const id = Number(params.id);
  const err = notice('error');
  const head = h('header', { class: 'card tournament-header' }, loading());
  const myGame = h('div', { class: 'my-game', hidden: true });
  const actions = h('div', { class: 'tournament-actions' });
  const podium = h('section', { class: 'card podium', hidden: true });
  const standings = h('section', { class: 'card standings' });
  const crosstable = h('section', { class: 'card crosstable', hidden: true });
  const playing = h('section', { class: 'card playing' });
  const rules = h('section', { class: 'card tournament-rules' });
  const stats = h('section', { class: 'card tournament-stats', hidden: true });
  root.append(h('div', { class: 'page tournament', 'data-tournament': id },
    err.el, head, myGame, actions,
    h('div', { class: 'tournament-grid' }, h('div', { class: 'tournament-main' }, podium, standings, crosstable), h('div', { class: 'tournament-side' }, playing, stats, rules))));

  let disposed = false;
  let page = 1;
  let detail: TournamentDetail | null = null;
  /** Every entry's name and rank seen on any page (the crosstable names opponents on others). */
  const entries = new Map<number, Standing>();
  const countdown = h('span', { class: 'countdown', role: 'timer' });

  async function load(): Promise<void> {
    try {
      const [d] = await Promise.all([tournamentApi.get(id, page), loadGameNames()]);
      if (disposed) return;
      detail = d;
      for (const s of d.standings) entries.set(s.entry, s);
      // The crosstable needs every entry: fetch the other pages once (robins and Swiss are small).
      if (d.kind !== 'arena' && d.pages > 1 && entries.size < d.entries) {
        for (let p = 1; p <= Math.min(d.pages, 10); p++) {
          if (p === page) continue;
          const other = await tournamentApi.get(id, p);
          other.standings.forEach((s) => entries.set(s.entry, s));
        }
      }
      if (disposed) return;
      err.clear();
      draw(d);
      void loadGames(d);
    } catch (e) {
      if (disposed) return;
      if (e instanceof ApiError && e.status === 404) {
        head.replaceChildren(h('h1', {}, t('tour.notFound')));
        return;
      }
      err.show(t('tour.loadFailed', { message: errorMessage(e) }));
    }
  }
  const reload = throttle(() => void load(), RELOAD_MS);

  async function loadGames(d: TournamentDetail): Promise<void> {
    if (d.status !== 'running') {
      playing.hidden = true;
      return;
    }
    const list = await tournamentApi.games(id, 100).catch(() => null);
    if (disposed || !list) return;
    drawPlaying(list.games.filter((g) => g.status === 'active' || g.status === 'adjourned'));
  }

  function draw(d: TournamentDetail): void {
    document.title = `${d.name} · Kirin`;
    drawHeader(d);
    drawActions(d);
    drawMyGame(d);
    drawStandings(d);
    drawCrosstable(d);
    drawPodium(d);
    drawStats(d);
    rules.replaceChildren(h('h2', {}, t('tour.rules')), ...d.rules.split(/\n+/).filter(Boolean).map((p) => h('p', {}, p)),
      // Said in the page's language too, unless the server's words already say it.
      d.kind === 'arena' && !d.rules.includes(t('tour.arenaEndRule')) ? h('p', { class: 'arena-end-rule' }, t('tour.arenaEndRule')) : '');
  }

  function drawHeader(d: TournamentDetail): void {
    const status = h('span', { class: `status-badge ${d.status}` }, t(`tour.status.${d.status}`));
    const facts: Array<string | HTMLElement> = [tournamentLine(d)];
    if (d.kind === 'arena') facts.push(t('tour.arenaMinutes', { n: d.minutes }));
    if (d.kind === 'swiss') facts.push(t('tour.roundsN', { n: d.rounds }));
    if (d.private) facts.push(t('tour.private'));
    if (d.computer.entries > 0) facts.push(t('tour.computerIn', { n: d.computer.entries, level: d.computer.level }));
    const conditions = [d.min_rating ? t('tour.condRating', { n: d.min_rating }) : '', d.min_rated_games ? t('tour.condGames', { n: d.min_rated_games }) : '',
      d.max_players ? t('tour.condMax', { n: d.max_players }) : ''].filter(Boolean);
    const round = d.kind !== 'arena' && d.status === 'running' ? h('span', { class: 'round' }, d.kind === 'swiss' ? t('tour.roundOf', { n: d.round, of: d.rounds }) : t('tour.round', { n: d.round })) : '';
    head.replaceChildren(
      h('div', { class: 'tournament-title' }, h('h1', {}, d.name), status),
      h('p', { class: 'tournament-facts' }, facts.join(' · ')),
      h('p', { class: 'tournament-when' }, round, countdown,
        d.status === 'created' && d.starts_at ? h('span', { class: 'muted' }, ` ${dateTimeText(d.starts_at)}`) : '',
        d.status === 'finished' && d.finished ? h('span', {}, t('tour.finishedAt', { when: dateTimeText(d.finished) })) : ''),
      h('p', { class: 'muted tournament-by' }, t('tour.by'), ' ', playerLink(d.creator.name), ` · ${t('tour.players', { n: d.entries })}`,
        conditions.length ? ` · ${conditions.join(', ')}` : ''),
      d.description ? h('p', { class: 'tournament-description' }, d.description) : '');
    tickCountdown();
  }

  function tickCountdown(): void {
    const target = detail ? countdownTarget(detail) : null;
    if (!detail || (!target && detail.status !== 'created')) {
      countdown.textContent = '';
      return;
    }
    if (!target) countdown.textContent = t('tour.whenCreatorStarts');
    else {
      const left = durationText(target.at - Date.now());
      countdown.textContent = target.what === 'starts' ? t('tour.startsIn', { time: left }) : target.what === 'ends' ? t('tour.timeLeft', { time: left }) : t('tour.nextRoundIn', { time: left });
    }
  }

  const act = (label: string, cls: string, f: () => Promise<unknown>) =>
    h('button', { type: 'button', class: cls, onclick: (e: Event) => void busy(e.currentTarget as HTMLButtonElement, async () => { err.clear(); await f(); await load(); }, err.show) }, label);

  function drawActions(d: TournamentDetail): void {
    actions.replaceChildren();
    if (!session.signedIn) {
      if (d.status === 'created' || d.status === 'running') actions.append(h('a', { class: 'button primary', href: `/login?next=${encodeURIComponent(`/tournaments/${id}`)}` }, t('tour.logInToJoin')));
      return;
    }
    const open = d.status === 'created' || d.status === 'running';
    const me = d.me;
    const mayRejoin = me?.withdrawn && d.kind === 'arena';
    if (open && (!me || mayRejoin)) {
      const join = () => tournamentApi.join(id);
      if (d.private && !me) actions.append(h('button', { type: 'button', class: 'primary join', onclick: () => askPassword() }, t('tour.join')));
      else actions.append(act(mayRejoin ? t('tour.rejoin') : t('tour.join'), 'primary join', join));
    }
    if (open && me && !me.withdrawn) {
      if (d.kind === 'arena' && d.status === 'running') actions.append(act(t('tour.pause'), 'pause', () => tournamentApi.withdraw(id)));
      else actions.append(act(t('tour.withdraw'), 'withdraw', async () => {
        if (d.status === 'running' && !window.confirm(t('tour.withdrawConfirm'))) return;
        await tournamentApi.withdraw(id);
      }));
    }
    const mayDirect = session.name?.toLowerCase() === d.creator.name.toLowerCase() || session.role === 'moderator' || session.role === 'admin';
    if (mayDirect && d.status === 'created') actions.append(act(t('tour.start'), 'start', () => tournamentApi.start(id)));
    if (mayDirect && open) actions.append(act(t('tour.cancel'), 'danger cancel', async () => {
      if (!window.confirm(t('tour.cancelConfirm'))) return;
      await tournamentApi.cancel(id);
    }));
  }

  function askPassword(): void {
    const input = h('input', { type: 'password', name: 'event-password', autocomplete: 'off', required: true });
    openFormDialog({
      title: t('tour.privateTitle'), name: 'tournament-password', submit: t('tour.join'),
      intro: [h('p', {}, t('tour.privateIntro'))],
      fields: [dialogField('tournament-password', t('tour.password'), input)],
      onSubmit: async () => { await tournamentApi.join(id, input.value); },
      onDone: () => void load(),
    });
  }

  function drawMyGame(d: TournamentDetail): void {
    myGame.hidden = !d.my_game;
    if (!d.my_game) return;
    myGame.replaceChildren(h('a', { class: 'button primary big to-my-game', href: `/game/${d.my_game}` }, t('tour.toMyGame')));
  }

  function nameCell(s: Standing): HTMLElement {
    return h('td', { class: 'player-cell' },
      s.computer ? h('span', { class: 'computer-entry' }, t('tour.computerEntry', { n: s.computer })) : playerLink(s.user.name),
      s.fire ? h('span', { class: 'fire', title: t('tour.onFire'), 'aria-label': t('tour.onFire') }, ' 🔥') : '',
      s.withdrawn ? h('span', { class: 'muted withdrawn' }, ` (${d()?.kind === 'arena' && d()?.status === 'running' ? t('tour.paused') : t('tour.withdrawn')})`) : '',
      s.playing ? h('a', { class: 'playing-now', href: `/game/${s.playing}`, title: t('tour.watchGame') }, ' ▶') : '');
  }
  const d = () => detail;

  function drawStandings(dt: TournamentDetail): void {
    standings.replaceChildren(h('h2', {}, t('tour.standings')));
    if (!dt.standings.length) {
      standings.append(h('p', { class: 'muted' }, t('tour.noPlayers')));
      return;
    }
    const arena = dt.kind === 'arena';
    const head = h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('ratings.player')),
      arena ? h('th', { class: 'opt sheet' }, t('tour.sheet')) : h('th', { class: 'opt num' }, t('tour.wdl')),
      dt.kind === 'swiss' ? h('th', { class: 'opt num', title: t('tour.buchholzLong') }, t('tour.buchholz')) : '',
      arena ? '' : h('th', { class: 'opt num', title: t('tour.sbLong') }, t('tour.sb')),
      h('th', { class: 'opt2 num' }, t('ratings.rating')), h('th', { class: 'num score' }, t('tour.score')));
    const rows = dt.standings.map((s) => {
      const mine = dt.me?.entry === s.entry;
      const sheet = arena ? arenaSheet(s.sheet, s.entry, dt.pairings) : [];
      return h('tr', { 'data-entry': s.entry, 'data-user': s.computer ? '' : s.user.name, class: mine ? 'me' : '' },
        h('td', { class: 'num rank' }, String(s.rank)), nameCell(s),
        arena ? h('td', { class: 'opt sheet' }, sheet.map((g) => h('span', { class: `sheet-game${g.streak ? ' streak' : ''}${g.berserk ? ' berserked' : ''}`, title: g.berserk ? t('tour.berserked') : '' }, String(g.points), g.berserk ? '⚡' : '')))
          : h('td', { class: 'opt num' }, `${s.wins}-${s.draws}-${s.losses}${s.byes ? ` +${s.byes}` : ''}`),
        dt.kind === 'swiss' ? h('td', { class: 'opt num' }, scoreText(s.buchholz)) : '',
        arena ? '' : h('td', { class: 'opt num' }, scoreText(s.sonneborn_berger)),
        h('td', { class: 'opt2 num' }, String(s.rating)),
        h('td', { class: 'num score' }, arena ? String(s.score) : scoreText(s.score)));
    });
    standings.append(h('div', { class: 'table-scroll' }, h('table', { class: 'tour-table standings-table' }, h('thead', {}, head), h('tbody', {}, rows))));
    if (dt.pages > 1) {
      const go = (p: number) => () => { page = p; void load(); };
      standings.append(h('nav', { class: 'pager', 'aria-label': t('tour.pages') },
        h('button', { type: 'button', class: 'prev', disabled: dt.page <= 1, onclick: go(dt.page - 1) }, t('tour.prevPage')),
        h('span', { class: 'muted' }, t('tour.pageOf', { n: dt.page, of: dt.pages })),
        h('button', { type: 'button', class: 'next', disabled: dt.page >= dt.pages, onclick: go(dt.page + 1) }, t('tour.nextPage'))));
    }
  }

  const cellEl = (c: Cell, extra: string | HTMLElement = '') => c.game
    ? h('a', { class: `xt ${c.kind}`, href: `/game/${c.game}` }, c.text, extra)
    : h('span', { class: `xt ${c.kind}` }, c.text, extra);
  const entryName = (e: number | null) => {
    const s = e === null ? null : entries.get(e);
    return !s ? '?' : s.computer ? t('tour.computerEntry', { n: s.computer }) : s.user.name;
  };
  const entryLink = (e: number) => (entries.get(e)?.computer === 0 ? playerLink(entryName(e)) : entryName(e));

  function drawCrosstable(dt: TournamentDetail): void {
    crosstable.hidden = dt.kind === 'arena' || dt.status === 'created';
    if (crosstable.hidden) return;
    const order = [...entries.values()].sort((a, b) => a.rank - b.rank).map((s) => s.entry);
    if (dt.kind === 'robin') {
      const table = robinCrosstable(order, dt.pairings, dt.double);
      crosstable.replaceChildren(h('h2', {}, t('tour.crosstable')), h('div', { class: 'table-scroll' }, h('table', { class: 'tour-table crosstable-table' },
        h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', { class: 'player-cell' }, t('ratings.player')), order.map((_, i) => h('th', { class: 'num' }, String(i + 1))), h('th', { class: 'num' }, t('tour.score')))),
        h('tbody', {}, order.map((e, i) => h('tr', { 'data-entry': e },
          h('td', { class: 'num' }, String(i + 1)), h('td', { class: 'player-cell' }, entryLink(e)),
          table[i]!.map((cells) => h('td', { class: `num${cells[0]!.kind === 'self' ? ' self' : ''}` }, cells.map((c) => cellEl(c)))),
          h('td', { class: 'num score' }, scoreText(entries.get(e)?.score ?? 0))))))));
      return;
    }
    const rounds = Math.max(dt.round, 1);
    const rank = (e: number | null) => (e === null ? '' : String(entries.get(e)?.rank ?? '?'));
    crosstable.replaceChildren(h('h2', {}, t('tour.rounds')), h('div', { class: 'table-scroll' }, h('table', { class: 'tour-table crosstable-table swiss' },
      h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), h('th', { class: 'player-cell' }, t('ratings.player')),
        Array.from({ length: rounds }, (_, i) => h('th', { class: 'num' }, t('tour.roundShort', { n: i + 1 }))), h('th', { class: 'num' }, t('tour.score')))),
      h('tbody', {}, order.map((e) => h('tr', { 'data-entry': e },
        h('td', { class: 'num' }, rank(e)), h('td', { class: 'player-cell' }, entryLink(e)),
        swissRounds(e, dt.pairings, rounds).map((c) => h('td', { class: 'num', title: c?.opponent ? t('tour.against', { name: entryName(c.opponent) }) : '' },
          !c ? '' : c.kind === 'bye' ? h('span', { class: 'xt bye' }, t('tour.bye')) : cellEl(c, h('small', { class: 'muted' }, ` ${c.color === 'black' ? '☗' : '☖'}${rank(c.opponent)}`)))),
        h('td', { class: 'num score' }, scoreText(entries.get(e)?.score ?? 0))))))));
  }

  function drawPlaying(games: GameSummary[]): void {
    playing.hidden = false;
    playing.replaceChildren(h('h2', {}, t('tour.beingPlayed')));
    if (!games.length) {
      playing.append(h('p', { class: 'muted' }, t('tour.noGamesNow')));
      return;
    }
    playing.append(h('ul', { class: 'game-list tournament-games' }, games.map((g) => h('li', { 'data-game': g.id },
      h('a', { href: `/game/${g.id}` }, `${g.black.name} – ${g.white.name}`),
      h('span', { class: 'muted' }, ` · ${t('lobby.moveNumber', { n: g.ply })}`)))));
  }

  function drawPodium(dt: TournamentDetail): void {
    podium.hidden = dt.status !== 'finished' || !dt.podium?.length;
    if (podium.hidden) return;
    podium.replaceChildren(h('h2', {}, t('tour.podium')), h('ol', { class: 'podium-places' }, dt.podium!.map((s, i) =>
      h('li', { class: `place place-${i + 1}`, 'data-entry': s.entry },
        h('span', { class: 'medal', 'aria-hidden': 'true' }, MEDALS[i] ?? ''),
        h('span', { class: 'podium-name' }, s.computer ? t('tour.computerEntry', { n: s.computer }) : playerLink(s.user.name)),
        h('span', { class: 'podium-score' }, t('tour.scoreValue', { n: dt.kind === 'arena' ? String(s.score) : scoreText(s.score) })),
        h('small', { class: 'muted' }, dt.kind === 'arena' ? `${s.wins}-${s.draws}-${s.losses}` : t('tour.sbValue', { n: scoreText(s.sonneborn_berger) }))))));
  }

  function drawStats(dt: TournamentDetail): void {
    stats.hidden = !dt.stats || dt.status === 'created';
    if (!dt.stats || stats.hidden) return;
    const s = dt.stats;
    const pct = (n: number) => (s.games ? ` (${Math.round((100 * n) / s.games)}%)` : '');
    const row = (label: string, value: string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
    stats.replaceChildren(h('h2', {}, t('tour.stats')), h('dl', { class: 'stats-list' },
      row(t('tour.statGames'), String(s.games)), row(t('tour.statBlackWins'), `${s.black_wins}${pct(s.black_wins)}`),
      row(t('tour.statWhiteWins'), `${s.white_wins}${pct(s.white_wins)}`), row(t('tour.statDraws'), `${s.draws}${pct(s.draws)}`),
      dt.kind === 'arena' ? row(t('tour.statBerserks'), String(s.berserks)) : '',
      row(t('tour.statRating'), String(Math.round(s.average_rating)))));
  }

  // Live: the event's topic reloads the page; the player's own topic brings their new game.
  const disposers: Array<() => void> = [];
  disposers.push(push.subscribe(`tournament:${id}`, (ev) => { if (isTournamentEvent(ev)) reload(); }));
  if (session.signedIn && session.name) {
    disposers.push(push.subscribe(`user:${session.name}`, (ev) => {
      if (!isTournamentEvent(ev) || ev.tournament !== id || ev.what !== 'paired' || !ev.game) return;
      // Live events take the player to the game at once (as lishogi); correspondence ones,
      // whose games all start together, leave them here with the button.
      if (detail?.time_control.kind === 'live') navigate(`/game/${ev.game}`);
      else reload();
    }));
  }
  disposers.push(push.onReconnect(() => void load()));
  const timer = window.setInterval(tickCountdown, 1000);
  void load();
  return {
    dispose() {
      disposed = true;
      window.clearInterval(timer);
      disposers.forEach((f) => f());
    },
  };
}
