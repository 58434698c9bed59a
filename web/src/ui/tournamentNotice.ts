// A player paired in a tournament, wherever they are (their `user:NAME` topic): the event's own
// page takes them to the game itself (pages/tournament.ts); on the page of a live game of theirs
// that is over, they go straight to the new one (as lishogi); elsewhere a notice links to it.
import { api } from '../api/client';
import { isTournamentEvent } from '../tournamentView';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate } from '../router';
import { toast } from './notice';

/** Handles a tournament's event on the user's topic; false if it is not one. */
export function tournamentPaired(ev: unknown, path: string): boolean {
  if (!isTournamentEvent(ev)) return false;
  if (ev.what !== 'paired' || !ev.game || path === `/tournaments/${ev.tournament}`) return true;
  const game = ev.game;
  const shown = /^\/game\/(\d+)$/.exec(path);
  const tell = () => toast(h('span', {}, `${t('tour.pairedNotice')} `, h('a', { href: `/game/${game}` }, t('shell.gameNumber', { id: game }))));
  if (!shown) {
    tell();
    return true;
  }
  void api.game(Number(shown[1])).then((g) => {
    if (location.pathname !== path) return;
    if (g.status !== 'active' && g.status !== 'adjourned' && g.time_control.kind === 'live') navigate(`/game/${game}`);
    else tell();
  }, tell);
  return true;
}
