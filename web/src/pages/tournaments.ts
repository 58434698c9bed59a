// The tournaments (GET /api/tournaments): upcoming ones with their start and a countdown,
// running ones with the time left or the round, finished ones with their winner; a button to
// create one for signed-in users. Live: every second the countdowns, every minute the list.
import './tournaments.css';
import { errorMessage } from '../api/client';
import { tournamentApi, type Tournament } from '../api/tournaments';
import { describeTimeControl } from '../clock';
import { lang, t } from '../i18n';
import { h } from '../render/svg';
import type { Page } from '../router';
import { session } from '../session';
import { loading, notice } from '../ui/notice';
import { countdownTarget, durationText } from '../tournamentView';
import { gameName, variantList } from '../variants';

export function kindText(tour: Pick<Tournament, 'kind' | 'double'>): string {
  return tour.kind === 'arena' ? t('tour.kind.arena') : tour.kind === 'swiss' ? t('tour.kind.swiss') : tour.double ? t('tour.kind.double') : t('tour.kind.robin');
}

/** The games' names in the page's language, once the list of games has come. */
const gameNames = new Map<string, string>();
export async function loadGameNames(): Promise<void> {
  const list = await variantList().catch(() => []);
  for (const v of list) gameNames.set(v.id, gameName(v));
}

/** "Arena · Chu Shogi · 10 min + 30 s byoyomi · rated" */
export function tournamentLine(tour: Tournament): string {
  const tc = tour.time_control.kind === 'correspondence' ? t('lobby.correspondence', { time: describeTimeControl(tour.time_control) }) : describeTimeControl(tour.time_control);
  return [kindText(tour), gameNames.get(tour.game) ?? (tour.game_name || tour.game), tc, tour.rated ? t('ratings.rated') : t('tour.casual')].join(' · ');
}

export function dateTimeText(ms: number): string {
  return new Date(ms).toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The live part of a row: "starts in 4:05", "12:00 left", "round 3 of 7". */
export function whenText(tour: Tournament, now = Date.now()): string {
  const target = countdownTarget(tour);
  if (tour.status === 'created') return target ? t('tour.startsIn', { time: durationText(target.at - now) }) : t('tour.whenCreatorStarts');
  if (tour.status === 'running') {
    if (tour.kind === 'arena' && target) return t('tour.timeLeft', { time: durationText(target.at - now) });
    return tour.kind === 'swiss' ? t('tour.roundOf', { n: tour.round, of: tour.rounds }) : t('tour.round', { n: tour.round });
  }
  return tour.status === 'cancelled' || !tour.finished ? t(`tour.status.${tour.status}`) : t('tour.finishedAt', { when: dateTimeText(tour.finished) });
}

export function tournamentsPage(root: HTMLElement): Page {
  const err = notice('error');
  const body = h('div', { class: 'tournament-lists' }, loading());
  root.append(h('div', { class: 'page tournaments' },
    h('div', { class: 'tournaments-head' }, h('h1', {}, t('tour.title')),
      session.signedIn ? h('a', { href: '/tournaments/new', class: 'button primary create-tournament' }, t('tour.create')) : h('p', { class: 'muted' }, t('tour.logInToCreate'))),
    h('p', { class: 'muted' }, t('tour.intro')), err.el, body));
  let disposed = false;
  let shown: Array<{ tour: Tournament; when: HTMLElement }> = [];
  const winners = new Map<number, string>();

  const row = (tour: Tournament, winner?: string) => {
    const when = h('span', { class: 'when' }, whenText(tour));
    shown.push({ tour, when });
    return h('li', { class: `tournament-row ${tour.status}`, 'data-tournament': tour.id },
      h('a', { href: `/tournaments/${tour.id}`, class: 'tournament-name' }, tour.name, tour.private ? h('span', { class: 'lock', title: t('tour.private'), 'aria-label': t('tour.private') }, ' 🔒') : ''),
      h('span', { class: 'muted' }, tournamentLine(tour)),
      h('span', { class: 'tournament-meta' },
        tour.status === 'created' && tour.starts_at ? h('span', { class: 'muted' }, `${dateTimeText(tour.starts_at)} · `) : '',
        when, ` · ${t('tour.players', { n: tour.entries })}`,
        winner ? h('span', { class: 'winner' }, ` · 🏆 ${winner}`) : ''));
  };
  const section = (title: string, list: Tournament[], empty: string, cls: string) =>
    h('section', { class: `card ${cls}` }, h('h2', {}, title),
      list.length ? h('ul', { class: 'tournament-list' }, list.map((x) => row(x))) : h('p', { class: 'muted' }, empty));

  async function refresh(): Promise<void> {
    try {
      const [list] = await Promise.all([tournamentApi.list(), loadGameNames()]);
      if (disposed) return;
      shown = [];
      // Each finished event's winner: its podium's first, asked once per event and page load.
      const finished = await Promise.all(list.finished.slice(0, 10).map(async (x) => {
        if (x.status === 'finished' && !winners.has(x.id)) {
          const d = await tournamentApi.get(x.id).catch(() => null);
          const first = d?.podium?.[0];
          if (d) winners.set(x.id, !first ? '' : first.computer ? t('tour.computerEntry', { n: first.computer }) : first.user.name);
        }
        return { x, winner: winners.get(x.id) || undefined };
      }));
      if (disposed) return;
      body.replaceChildren(
        section(t('tour.running'), list.running, t('tour.noneRunning'), 'running-list'),
        section(t('tour.upcoming'), list.upcoming, t('tour.noneUpcoming'), 'upcoming-list'),
        h('section', { class: 'card finished-list' }, h('h2', {}, t('tour.finished')),
          finished.length ? h('ul', { class: 'tournament-list' }, finished.map(({ x, winner }) => row(x, winner))) : h('p', { class: 'muted' }, t('tour.noneFinished'))));
      err.clear();
    } catch (e) {
      if (!disposed) err.show(t('tour.loadFailed', { message: errorMessage(e) }));
    }
  }
  const tick = window.setInterval(() => shown.forEach(({ tour, when }) => (when.textContent = whenText(tour))), 1000);
  const reload = window.setInterval(() => void refresh(), 60_000);
  void refresh();
  return {
    dispose() {
      disposed = true;
      window.clearInterval(tick);
      window.clearInterval(reload);
    },
  };
}
